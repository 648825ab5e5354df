// The SVG goban: a pure function of a view (the position plus UI state) to SVG markup.
// Points sit at integer coordinates 0..size-1; a margin of one unit holds the coordinates.
// The hit targets (one transparent square per point, with data-point and data-testid) form
// a separate layer that only changes with the board size, so a pointer press and release
// always land on the same element even while the picture above is redrawn.

import { pointName, parsePoint, starPoints, stoneAt } from './coords.js';
import { esc } from './html.js';

const SVG_NS = 'http://www.w3.org/2000/svg';
const MARGIN = 1.05;

/**
 * Draws `view` into `svg`. The view:
 *   size, board (rows of .XO), coords (bool),
 *   lastMove, ko (vertex names or null),
 *   dead: Set of vertices of dead stones (drawn as a small stone in a dashed ring),
 *   owner: rows of X/O/. (territory) or null,
 *   ownership: numbers from -1 (White's) to 1 (Black's), row by row, or null (an estimate),
 *   numbers: Map of vertex -> move number drawn on the stone there, or null,
 *   ghost: {point, color, kind: 'hover'|'pending'|'select'} list,
 *   cursor: vertex or null, refused: vertex or null, mode: 'play'|'confirming'|'replay'...
 */
export function renderGoban(svg, view) {
  const n = view.size;
  if (svg.dataset.size !== String(n)) setupBoard(svg, n);
  const layer = svg.querySelector('.layer-dynamic');
  layer.innerHTML = dynamicMarkup(view);
  svg.classList.toggle('mode-confirming', view.mode === 'confirming');
  svg.classList.toggle('mode-replay', view.mode === 'replay');
  svg.classList.toggle('mode-review', view.mode === 'review');
}

/** The side of a territory mark: smaller (and, by the stylesheet, lighter) on small
 * boards, where points are far apart and full-size marks would look like stones. */
function territorySide(n) {
  return n <= 9 ? 0.24 : n <= 13 ? 0.28 : 0.34;
}

/** The static parts of a board of `n`: wood, lines, star points, coordinates, hit squares. */
function setupBoard(svg, n) {
  svg.dataset.size = String(n);
  svg.classList.toggle('small-board', n <= 13);
  const lo = -MARGIN;
  const span = n - 1 + 2 * MARGIN;
  svg.setAttribute('viewBox', `${lo} ${lo} ${span} ${span}`);
  svg.setAttribute('xmlns', SVG_NS);
  const parts = [];
  parts.push(`<defs>
    <radialGradient id="stone-black" cx="0.35" cy="0.32" r="0.75">
      <stop offset="0" stop-color="#6b6b6b"/><stop offset="0.45" stop-color="#262626"/><stop offset="1" stop-color="#050505"/>
    </radialGradient>
    <radialGradient id="stone-white" cx="0.36" cy="0.32" r="0.8">
      <stop offset="0" stop-color="#ffffff"/><stop offset="0.6" stop-color="#f1efe9"/><stop offset="1" stop-color="#c9c5bb"/>
    </radialGradient>
    <linearGradient id="wood" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#e6c27a"/><stop offset="0.5" stop-color="#ddb567"/><stop offset="1" stop-color="#d4a955"/>
    </linearGradient>
  </defs>`);
  parts.push(`<rect class="wood" x="${lo}" y="${lo}" width="${span}" height="${span}" rx="0.18" fill="url(#wood)"/>`);
  parts.push(`<rect class="wood-tint" x="${lo}" y="${lo}" width="${span}" height="${span}" rx="0.18"/>`);
  const lines = [];
  for (let i = 0; i < n; i++) {
    lines.push(`M${i} 0V${n - 1}`, `M0 ${i}H${n - 1}`);
  }
  parts.push(`<path class="grid" d="${lines.join('')}"/>`);
  parts.push(`<rect class="grid-edge" x="0" y="0" width="${n - 1}" height="${n - 1}"/>`);
  for (const s of starPoints(n)) {
    parts.push(`<circle class="star" cx="${s.x}" cy="${s.y}" r="${n >= 15 ? 0.11 : 0.09}"/>`);
  }
  const fs = n >= 15 ? 0.4 : 0.32;
  const off = n >= 15 ? 0.7 : 0.64;
  const coords = [];
  for (let i = 0; i < n; i++) {
    const letter = pointName(i, 0, n)[0];
    const num = String(n - i);
    coords.push(`<text x="${i}" y="${-off}">${letter}</text>`);
    coords.push(`<text x="${i}" y="${n - 1 + off}">${letter}</text>`);
    coords.push(`<text x="${-off}" y="${i}">${num}</text>`);
    coords.push(`<text x="${n - 1 + off}" y="${i}">${num}</text>`);
  }
  parts.push(`<g class="coords" font-size="${fs}" aria-hidden="true">${coords.join('')}</g>`);
  parts.push('<g class="layer-dynamic"></g>');
  const hits = [];
  for (let y = 0; y < n; y++) {
    for (let x = 0; x < n; x++) {
      const p = pointName(x, y, n);
      hits.push(`<rect class="hit" x="${x - 0.5}" y="${y - 0.5}" width="1" height="1" data-point="${p}" data-testid="pt-${p}"/>`);
    }
  }
  parts.push(`<g class="layer-hits">${hits.join('')}</g>`);
  svg.innerHTML = parts.join('');
}

function stoneMarkup(x, y, color, cls = '', extra = '') {
  const fill = color === 'black' ? 'url(#stone-black)' : 'url(#stone-white)';
  return `<g class="stone ${color} ${cls}" ${extra}>`
    + `<circle class="shadow" cx="${x + 0.05}" cy="${y + 0.07}" r="0.47"/>`
    + `<circle class="body" cx="${x}" cy="${y}" r="0.47" fill="${fill}"/></g>`;
}

/** A dead stone: a small stone of its colour in a dashed ring where the stone stands, so
 * that its colour stays legible and the point reads as taken off. */
function deadMarkup(x, y, color, extra) {
  const fill = color === 'black' ? 'url(#stone-black)' : 'url(#stone-white)';
  return `<g class="stone dead ${color}" ${extra}>`
    + `<circle class="dead-ring" cx="${x}" cy="${y}" r="0.42"/>`
    + `<circle class="body" cx="${x}" cy="${y}" r="0.24" fill="${fill}"/></g>`;
}

/** Squares sized by an estimate's certainty: who the estimator thinks owns each point. */
function ownershipMarkup(view) {
  const n = view.size;
  const out = [];
  for (let y = 0; y < n; y++) {
    for (let x = 0; x < n; x++) {
      const v = view.ownership[y * n + x] ?? 0;
      if (Math.abs(v) < 0.2) continue;
      const side = (0.2 + 0.5 * Math.min(1, Math.abs(v))).toFixed(3);
      const color = v > 0 ? 'black' : 'white';
      const p = pointName(x, y, n);
      out.push(`<rect class="ownership ${color}" x="${x - side / 2}" y="${y - side / 2}" width="${side}" height="${side}" data-testid="own-${p}"/>`);
    }
  }
  return out;
}

function dynamicMarkup(view) {
  const n = view.size;
  const board = view.board;
  const dead = view.dead || new Set();
  const out = [];
  // Territory (and the owner of dead stones): small squares under and over the stones.
  const territory = [];
  const side = territorySide(n);
  if (view.owner) {
    for (let y = 0; y < n; y++) {
      for (let x = 0; x < n; x++) {
        const o = view.owner[y]?.[x];
        if (o !== 'X' && o !== 'O') continue;
        const here = stoneAt(board, x, y);
        const p = pointName(x, y, n);
        const ownerColor = o === 'X' ? 'black' : 'white';
        if (here && !dead.has(p) && here === ownerColor) continue; // a living stone of its owner
        // A dead stone's point is its opponent's: the small stone there says so already.
        const hidden = here && dead.has(p) ? ' under-dead' : '';
        territory.push(`<rect class="territory ${ownerColor}${hidden}" x="${x - side / 2}" y="${y - side / 2}" width="${side}" height="${side}" data-testid="terr-${p}"/>`);
      }
    }
  }
  const numbers = view.numbers || null;
  const labels = [];
  for (let y = 0; y < n; y++) {
    for (let x = 0; x < n; x++) {
      const color = stoneAt(board, x, y);
      if (!color) continue;
      const p = pointName(x, y, n);
      const isDead = dead.has(p);
      const extra = `data-testid="stone-${p}" data-color="${color}" data-dead="${isDead}"`;
      out.push(isDead ? deadMarkup(x, y, color, extra) : stoneMarkup(x, y, color, '', extra));
      const k = numbers?.get(p);
      if (k && !isDead) {
        const size = k >= 100 ? 0.36 : 0.44;
        labels.push(`<text class="move-number on-${color}" x="${x}" y="${y}" font-size="${size}" data-testid="num-${p}">${k}</text>`);
      }
    }
  }
  out.push(...territory);
  if (view.ownership) out.push(...ownershipMarkup(view));
  out.push(...labels);
  for (const g of view.ghost || []) {
    const q = parsePoint(g.point, n);
    if (!q) continue;
    out.push(stoneMarkup(q.x, q.y, g.color, `ghost ${g.kind}`, `data-testid="ghost-${g.kind}"`));
    if (g.kind === 'pending') {
      out.push(`<circle class="pending-ring" cx="${q.x}" cy="${q.y}" r="0.2"/>`);
    }
  }
  const last = parsePoint(view.lastMove, n);
  if (last && !(numbers && numbers.has(view.lastMove))) {
    const c = stoneAt(board, last.x, last.y);
    if (c) {
      out.push(`<circle class="last-move on-${c}" cx="${last.x}" cy="${last.y}" r="0.21" data-testid="last-move" data-point="${esc(view.lastMove)}"/>`);
    }
  }
  const ko = parsePoint(view.ko, n);
  if (ko && !stoneAt(board, ko.x, ko.y)) {
    out.push(`<rect class="ko-mark" x="${ko.x - 0.22}" y="${ko.y - 0.22}" width="0.44" height="0.44" data-testid="ko-mark"/>`);
  }
  const refused = parsePoint(view.refused, n);
  if (refused) {
    out.push(`<g class="refused" data-testid="refused" data-point="${esc(view.refused)}">`
      + `<circle cx="${refused.x}" cy="${refused.y}" r="0.44"/>`
      + `<path d="M${refused.x - 0.2} ${refused.y - 0.2}L${refused.x + 0.2} ${refused.y + 0.2}M${refused.x + 0.2} ${refused.y - 0.2}L${refused.x - 0.2} ${refused.y + 0.2}"/></g>`);
  }
  const cur = parsePoint(view.cursor, n);
  if (cur) {
    out.push(`<rect class="cursor" x="${cur.x - 0.5}" y="${cur.y - 0.5}" width="1" height="1" rx="0.08" data-testid="cursor" data-point="${esc(view.cursor)}"/>`);
  }
  return out.join('');
}

/** The vertex under a pointer event, from the hit squares. */
export function pointFromEvent(ev) {
  const t = ev.target?.closest?.('[data-point]');
  return t ? t.getAttribute('data-point') : null;
}
