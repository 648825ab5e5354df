// The review page: /review[?game=ID]. Opens a record (a file, pasted text, or a finished
// game of this server) and shows it under every ruleset at once: the moves each ruleset
// refuses, the board after any move, variations tried from any position, and the end
// scored under every ruleset side by side. Every rule is the server's (POST /api/review):
// the page only draws what it is told, rebuilding positions from each move's captures.

import { reviewRecord, reviewSgf, getRulesets, ApiError } from './api.js';
import { renderGoban, pointFromEvent } from './goban.js';
import { parsePoint, stoneAt, colorName, describeResult } from './coords.js';
import { renderScoreTable } from './score.js';
import { esc } from './html.js';

const tid = (id) => document.querySelector(`[data-testid="${id}"]`);
const svg = document.getElementById('board');

const st = {
  source: null, //      {sgf} or {game_id}
  rulesets: [], //      GET /api/rulesets, in the server's order
  ruleset: null, //     the ruleset shown
  record: null, //      the record's main line, read (POST /api/review, score: false)
  table: null, //       the main line scored under every ruleset (score: true)
  marked: null, //      dead stones as the user marked them; null: the estimator's
  variations: [], //    [{from, moves, line}]: `line` is the server's reading of it
  open: null, //        the variation shown (its index), or null for the record
  at: 0, //             moves played in the position shown
  positions: null, //   {line, boards, numbers}: the positions of the line shown
  numbers: localStorage.getItem('tengen.review.numbers') === '1',
  refused: null, //     a point the server just refused, marked on the board
};

// ---- The line shown ---------------------------------------------------------------------------
const line = () => (st.open === null ? st.record : st.variations[st.open].line);
const atEnd = () => st.at === line().moves.length;
const titleOf = (name) => st.rulesets.find((r) => r.name === name)?.title || name;
const scoringOf = (name) => st.rulesets.find((r) => r.name === name)?.rules?.scoring;

/** The positions after each move of `l`, from its setup and each move's captures, and the
 * number of the move that put each stone still standing. */
function positionsOf(l) {
  const n = l.size;
  let grid = l.setup.map((row) => row.split(''));
  let nums = new Map();
  const boards = [l.setup.slice()];
  const numbers = [new Map()];
  l.moves.forEach((m, k) => {
    grid = grid.map((row) => row.slice());
    nums = new Map(nums);
    const p = parsePoint(m.point, n);
    if (p) {
      grid[p.y][p.x] = m.color === 'black' ? 'X' : 'O';
      nums.set(m.point, k + 1);
    }
    // Captures after the stone is put down: a self-capture removes the stone just played.
    for (const c of m.captures || []) {
      const q = parsePoint(c, n);
      if (q) {
        grid[q.y][q.x] = '.';
        nums.delete(c);
      }
    }
    boards.push(grid.map((row) => row.join('')));
    numbers.push(nums);
  });
  return { line: l, boards, numbers };
}

function positions() {
  if (!st.positions || st.positions.line !== line()) st.positions = positionsOf(line());
  return st.positions;
}

/** The refusals of move `k` (from 1) of the line shown. */
const refusalsOf = (k) => line().moves[k - 1]?.refused || [];
const refusedHere = (k, name = st.ruleset) => refusalsOf(k).some((r) => r.ruleset === name);

// ---- Drawing ------------------------------------------------------------------------------------
function showMessage(text, kind = 'error') {
  const el = tid('review-message');
  el.className = `message ${kind}`;
  el.textContent = text;
  el.hidden = !text;
}

function announce(text) {
  const el = tid('announce');
  el.textContent = '';
  setTimeout(() => { el.textContent = text; }, 30);
}

function renderBar() {
  const chips = document.querySelector('.ruleset-bar .chips');
  const moves = line().moves;
  const html = st.rulesets.map((r) => {
    const refused = moves.filter((m) => (m.refused || []).some((x) => x.ruleset === r.name)).length;
    const on = r.name === st.ruleset;
    const mark = refused ? `<span class="chip-mark bad">✗ ${refused}</span>` : '<span class="chip-mark ok">✓</span>';
    const label = `${r.title}: ${refused ? `refuses ${refused} move${refused === 1 ? '' : 's'}` : 'every move legal'}`;
    return `<button type="button" role="radio" class="chip${on ? ' on' : ''}${refused ? ' has-refusals' : ''}" aria-checked="${on}" `
      + `data-ruleset="${esc(r.name)}" data-refused="${refused}" data-testid="chip-${esc(r.name)}" aria-label="${esc(label)}" title="${esc(r.summary || '')}">`
      + `${esc(r.title)} ${mark}</button>`;
  }).join('');
  if (chips.innerHTML !== html) chips.innerHTML = html;
}

function territoryShown() {
  return st.table && st.open === null && atEnd() ? st.table.scores?.[st.ruleset] : null;
}

function renderBoard() {
  const l = line();
  const pos = positions();
  const m = l.moves[st.at - 1];
  const score = territoryShown();
  const view = {
    size: l.size,
    board: pos.boards[st.at],
    lastMove: m?.point && m.point !== 'pass' ? m.point : null,
    numbers: st.numbers ? pos.numbers[st.at] : null,
    dead: score ? new Set(score.dead) : null,
    owner: score ? score.owner : null,
    ghost: [],
    mode: 'review',
    refused: st.refused || (st.at > 0 && refusedHere(st.at) && m.point !== 'pass' ? m.point : null),
  };
  renderGoban(svg, view);
  svg.setAttribute('aria-label', `Go board, ${l.size} by ${l.size}, after move ${st.at}`);
}

function renderNav() {
  const l = line();
  const n = l.moves.length;
  tid('nav-pos').textContent = `Move ${st.at} / ${n}`;
  tid('nav-first').disabled = st.at === 0;
  tid('nav-prev').disabled = st.at === 0;
  tid('nav-next').disabled = st.at === n;
  tid('nav-last').disabled = st.at === n;
  tid('numbers-toggle').checked = st.numbers;
  const banner = tid('review-banner');
  if (st.open !== null) {
    const v = st.variations[st.open];
    banner.className = 'board-banner variation';
    banner.textContent = `Variation ${st.open + 1}: the record's first ${v.from} moves, then ${v.moves.length} tried here. “Back to the record” returns to the game.`;
    banner.hidden = false;
  } else if (territoryShown()) {
    banner.className = 'board-banner scoring';
    banner.textContent = `The end under ${titleOf(st.ruleset)} rules: small stones in dashed rings are dead, small squares territory. Click a stone to mark its chain dead or alive.`;
    banner.hidden = false;
  } else {
    banner.hidden = true;
  }
  tid('back-to-record').hidden = st.open === null;
}

function moveText(m) {
  return m.point === 'pass' || !m.point ? 'pass' : m.point;
}

function renderMoves() {
  const l = line();
  const list = tid('review-moves');
  const from = st.open === null ? null : st.variations[st.open].from;
  tid('move-count').textContent = `(${l.moves.length})`;
  const html = l.moves.map((m, i) => {
    const k = i + 1;
    const refused = m.refused || [];
    const here = refused.some((r) => r.ruleset === st.ruleset);
    const cls = [k === st.at ? 'current' : '', refused.length ? 'refused-some' : '', here ? 'refused-shown' : '',
      from !== null && k > from ? 'in-variation' : '', moveText(m) === 'pass' ? 'pass' : ''].filter(Boolean).join(' ');
    const caps = m.captures?.length ? ` <span class="caps">×${m.captures.length}</span>` : '';
    const badge = refused.length ? ` <span class="refused-badge" aria-hidden="true">✗${refused.length}</span>` : '';
    const names = refused.map((r) => titleOf(r.ruleset)).join(', ');
    const label = `Move ${k}: ${colorName(m.color)} ${moveText(m) === 'pass' ? 'passed' : moveText(m)}${refused.length ? `; refused under ${names}` : ''}`;
    const tip = refused.length ? ` title="${esc(`Refused under ${names}`)}"` : '';
    return `<li class="${cls}" data-testid="rmove-${k}" data-illegal="${here}" data-refused="${refused.length}"${k === st.at ? ' aria-current="step"' : ''}>`
      + `<button type="button" data-k="${k}" aria-label="${esc(label)}"${tip}><span class="num">${k}</span>`
      + `<span class="stone-icon ${m.color === 'black' ? 'black' : 'white'}" aria-hidden="true"></span>`
      + `<span class="pt">${esc(moveText(m))}</span>${caps}${badge}</button></li>`;
  }).join('');
  const key = `${st.open}|${st.ruleset}|${st.at}|${l.moves.length}`;
  if (list.dataset.key !== key) {
    list.dataset.key = key;
    list.innerHTML = html;
    const cur = list.querySelector('.current');
    if (cur) list.scrollTop = Math.max(0, cur.offsetTop - list.clientHeight / 2);
  }
}

/** The refusals of the move just played in the position shown, grouped by explanation. */
function renderRefusals() {
  const panel = tid('move-refusals');
  const k = st.at;
  const m = line().moves[k - 1];
  if (!m) {
    panel.hidden = true;
    return;
  }
  const refused = refusalsOf(k);
  const groups = new Map();
  for (const r of refused) {
    if (!groups.has(r.message)) groups.set(r.message, []);
    groups.get(r.message).push(r.ruleset);
  }
  const legal = st.rulesets.filter((r) => !refused.some((x) => x.ruleset === r.name)).map((r) => r.name);
  const head = `Move ${k}: ${colorName(m.color)} ${moveText(m) === 'pass' ? 'passes' : moveText(m)}`;
  const items = [...groups].map(([message, names]) => `<li class="refusal" data-rulesets="${esc(names.join(' '))}">`
    + `<strong>Refused under ${esc(names.map(titleOf).join(', '))}</strong>: ${esc(message)}</li>`).join('');
  const ok = legal.length ? `<li class="legal" data-rulesets="${esc(legal.join(' '))}"><strong>Legal under ${esc(legal.map(titleOf).join(', '))}</strong></li>` : '';
  panel.className = `panel refusals${refused.length ? ' has-refusals' : ''}`;
  panel.innerHTML = `<h2>${esc(head)}</h2><ul>${items}${ok}</ul>`;
  panel.hidden = !refused.length;
}

function legalityText(row) {
  const f = row.first_illegal;
  if (!f) return 'all legal';
  const more = row.illegal_moves > 1 ? ` (and ${row.illegal_moves - 1} more)` : '';
  return `move ${f.number} ${f.color} ${f.gtp}: ${f.rule}${more}`;
}

const VERDICTS = { agrees: 'agrees', 'agrees-on-winner': 'same winner', differs: 'differs' };

/** The komi under which a row's recorded margin is one no count reaches, if it is. */
const unreachable = (row) => row.agreement?.unreachable_under_komi;

/** Why every count differs from a record whose margin contradicts its komi (as tengen compare says). */
function unreachableText(c) {
  const komis = [...new Set(c.rows.map(unreachable).filter(Boolean))];
  if (!komis.length) return '';
  return `${c.record_result} is a margin no count reaches under komi ${komis.join(' or ')} `
    + '(its half point is not the komi’s): the record’s KM or RE is wrong.';
}

function renderTable() {
  const tbody = document.querySelector('.compare-table tbody');
  const note = tid('table-note');
  if (!st.table) {
    tbody.innerHTML = '';
    return;
  }
  const c = st.table.comparison;
  const dead = st.marked === null
    ? 'Dead stones: the estimator’s for each ruleset; click a stone at the end of the record to change them.'
    : `Dead stones: the ${st.marked.length} you marked, for every ruleset.`;
  const re = c.record_result ? `The record says ${c.record_result}.` : 'The record gives no result.';
  note.textContent = [re, unreachableText(c), dead].filter(Boolean).join(' ');
  const why = (r) => (unreachable(r) ? ` title="${esc(`no count reaches ${c.record_result} under komi ${unreachable(r)}`)}"` : '');
  const html = c.rows.map((r) => {
    const on = r.ruleset === st.ruleset;
    return `<tr class="${on ? 'on' : ''}" data-ruleset="${esc(r.ruleset)}" data-testid="row-${esc(r.ruleset)}">`
      + `<th scope="row"><button type="button" class="link" data-ruleset="${esc(r.ruleset)}" aria-pressed="${on}">${esc(titleOf(r.ruleset))}</button></th>`
      + `<td class="komi">${esc(r.komi)}</td><td class="res" title="${esc(describeResult(r.result))}">${esc(r.result)}</td>`
      + `<td class="verdict"${why(r)}>${esc(VERDICTS[r.agreement?.verdict] || '-')}</td>`
      + `<td class="legality">${esc(legalityText(r))}</td></tr>`;
  }).join('');
  if (tbody.innerHTML !== html) tbody.innerHTML = html;
  tid('dead-reset').hidden = st.marked === null;
  const report = st.table.scores?.[st.ruleset];
  tid('breakdown-title').textContent = report ? `${titleOf(st.ruleset)}: ${describeResult(report.result)} (${report.result})` : '';
  const body = document.querySelector('.table-panel .score-table tbody');
  if (report) renderScoreTable(body, report, scoringOf(st.ruleset));
  else body.innerHTML = '';
}

function renderInfo() {
  const i = st.record.info || {};
  const who = (name, rank) => [name, rank].filter(Boolean).join(' ');
  const rows = [
    ['Black', who(i.black, i.black_rank)],
    ['White', who(i.white, i.white_rank)],
    ['Result', i.result ? `${describeResult(i.result)} (${i.result})` : ''],
    ['Rules', i.rules],
    ['Komi', i.komi],
    ['Handicap', i.handicap],
    ['Date', i.date],
    ['Event', i.event || i.name],
    ['Board', `${st.record.size}×${st.record.size}`],
  ];
  tid('record-info').innerHTML = rows.filter(([, v]) => v).map(([k, v]) => `<dt>${esc(k)}</dt><dd>${esc(v)}</dd>`).join('');
  tid('record-problems').innerHTML = (st.record.problems || []).map((p) => `<li>${esc(p)}</li>`).join('');
  const title = [i.black, i.white].filter(Boolean).join(' vs ');
  tid('review-title').textContent = `Review${title ? `: ${title}` : ''}`;
  document.title = `Review${title ? ` · ${title}` : ''} · tengen`;
}

function renderVariations() {
  const list = tid('variation-list');
  list.innerHTML = st.variations.map((v, i) => {
    const first = v.moves.slice(0, 3).join(' ');
    const more = v.moves.length > 3 ? ' …' : '';
    return `<li class="${i === st.open ? 'on' : ''}" data-testid="variation-${i + 1}">`
      + `<button type="button" class="link" data-open="${i}">Variation ${i + 1}: after move ${v.from}, ${esc(first)}${more} (${v.moves.length} move${v.moves.length === 1 ? '' : 's'})</button>`
      + `<button type="button" class="small" data-drop="${i}" aria-label="Delete variation ${i + 1}">Delete</button></li>`;
  }).join('') || '<li class="muted">None yet.</li>';
}

function render() {
  if (!st.record) return;
  renderBar();
  renderBoard();
  renderNav();
  renderMoves();
  renderRefusals();
  renderTable();
  renderVariations();
}

// ---- Talking to the server --------------------------------------------------------------------
function request(extra) {
  return reviewRecord({ ...st.source, ruleset: st.ruleset || undefined, ...extra });
}

function failure(e) {
  return e instanceof ApiError ? e.message : String(e);
}

async function openRecord(source) {
  const err = tid('review-error');
  err.hidden = true;
  tid('review-open').disabled = true;
  try {
    const record = await reviewRecord({ ...source, score: false });
    Object.assign(st, {
      source, record, table: null, marked: null, variations: [], open: null,
      ruleset: record.ruleset, at: record.moves.length, positions: null, refused: null,
    });
  } catch (e) {
    err.textContent = `The record could not be opened: ${failure(e)}`;
    err.hidden = false;
    return;
  } finally {
    tid('review-open').disabled = false;
  }
  for (const id of ['ruleset-bar', 'review-board-area', 'review-side', 'table-panel']) tid(id).hidden = false;
  document.querySelector('.review-layout').classList.add('loaded');
  document.getElementById('load-title').textContent = 'Open another record';
  showMessage('');
  renderInfo();
  render();
  announce(`Record opened: ${st.record.moves.length} moves.`);
  await scoreTable();
}

/** Scores the end of the record under every ruleset (with the marked dead stones, or the
 * estimator's), and toggles the chain through `toggle` when given. */
async function scoreTable(toggle = null) {
  tid('table-note').textContent = 'Scoring the end under every ruleset…';
  const extra = { score: true };
  if (toggle) {
    extra.dead = st.marked ?? st.table?.scores?.[st.ruleset]?.dead ?? [];
    extra.toggle = toggle;
  } else if (st.marked !== null) {
    extra.dead = st.marked;
  }
  try {
    const r = await request(extra);
    st.table = r;
    if (toggle) st.marked = r.dead;
  } catch (e) {
    tid('table-note').textContent = `The end could not be scored: ${failure(e)}`;
    return;
  }
  render();
}

async function chooseRuleset(name) {
  if (!name || name === st.ruleset) return;
  st.ruleset = name;
  render();
  // Captures are the chosen ruleset's reading (a move it refuses is still played).
  try {
    const record = await request({ score: false });
    st.record = record;
    if (st.open !== null) {
      const v = st.variations[st.open];
      v.line = await request({ score: false, variation: { from: v.from, moves: v.moves } });
    }
    st.positions = null;
  } catch (e) {
    showMessage(failure(e));
  }
  render();
  announce(`${titleOf(name)} rules shown.`);
}

/** The variation that playing `p` in the position shown makes. */
function variationWith(p) {
  if (st.open !== null) {
    const v = st.variations[st.open];
    if (st.at >= v.from) return { from: v.from, moves: v.moves.slice(0, st.at - v.from).concat(p), extends: st.at === v.from + v.moves.length };
  }
  return { from: st.at, moves: [p], extends: false };
}

async function tryMove(p) {
  const v = variationWith(p);
  let r;
  try {
    r = await request({ score: false, variation: { from: v.from, moves: v.moves } });
  } catch (e) {
    showMessage(failure(e));
    return;
  }
  const played = r.moves[r.moves.length - 1];
  const refusal = (played?.refused || []).find((x) => x.ruleset === st.ruleset);
  if (refusal) {
    st.refused = p;
    showMessage(`${titleOf(st.ruleset)} rules refuse ${p}: ${refusal.message}`);
    announce(`Refused: ${refusal.message}`);
    renderBoard();
    return;
  }
  st.refused = null;
  showMessage('');
  const entry = { from: v.from, moves: v.moves, line: r };
  if (v.extends) {
    st.variations[st.open] = entry;
  } else {
    st.variations.push(entry);
    st.open = st.variations.length - 1;
  }
  st.at = r.moves.length;
  st.positions = null;
  render();
  announce(`${colorName(played.color)} ${p} in variation ${st.open + 1}.`);
}

async function clickPoint(p) {
  if (!st.record || !p) return;
  const q = parsePoint(p, line().size);
  const stone = q && stoneAt(positions().boards[st.at], q.x, q.y);
  if (stone && territoryShown()) {
    await scoreTable(p);
    return;
  }
  await tryMove(p);
}

async function download() {
  try {
    const text = await reviewSgf({ ...st.source, variations: st.variations.map(({ from, moves }) => ({ from, moves })) });
    const url = URL.createObjectURL(new Blob([text], { type: 'application/x-go-sgf' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = 'tengen-review.sgf';
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10000);
  } catch (e) {
    showMessage(`The record could not be written: ${failure(e)}`);
  }
}

// ---- Moving through the line ----------------------------------------------------------------
function goTo(k) {
  if (!st.record) return;
  const n = line().moves.length;
  st.at = Math.max(0, Math.min(n, k));
  st.refused = null;
  render();
  const m = line().moves[st.at - 1];
  announce(st.at === 0 ? 'The start' : `Move ${st.at}: ${colorName(m.color)} ${moveText(m)}`);
}

// ---- Reading files ------------------------------------------------------------------------------
/** The text of an SGF file, decoded by its CA property (UTF-8 when it has none or names a
 * character set the browser does not know). */
async function fileText(file) {
  const bytes = new Uint8Array(await file.arrayBuffer());
  const head = new TextDecoder('latin1').decode(bytes.slice(0, 4096));
  const ca = /CA\s*\[([^\]]*)\]/i.exec(head)?.[1]?.trim();
  if (ca) {
    try {
      return new TextDecoder(ca).decode(bytes);
    } catch { /* an unknown label: UTF-8 below */ }
  }
  return new TextDecoder('utf-8').decode(bytes);
}

// ---- Events -------------------------------------------------------------------------------------
tid('review-open').addEventListener('click', () => {
  const text = tid('review-text').value.trim();
  if (!text) {
    const err = tid('review-error');
    err.textContent = 'Choose a file or paste a record first.';
    err.hidden = false;
    return;
  }
  openRecord({ sgf: text });
});
tid('review-file').addEventListener('change', async (ev) => {
  const file = ev.target.files?.[0];
  if (file) openRecord({ sgf: await fileText(file) });
});
document.querySelector('.ruleset-bar').addEventListener('click', (ev) => {
  const b = ev.target.closest('button[data-ruleset]');
  if (b) chooseRuleset(b.dataset.ruleset);
});
document.querySelector('.compare-table').addEventListener('click', (ev) => {
  const b = ev.target.closest('button[data-ruleset]');
  if (b) chooseRuleset(b.dataset.ruleset);
});
tid('review-moves').addEventListener('click', (ev) => {
  const b = ev.target.closest('button[data-k]');
  if (b) goTo(Number(b.dataset.k));
});
tid('variation-list').addEventListener('click', (ev) => {
  const open = ev.target.closest('button[data-open]');
  const drop = ev.target.closest('button[data-drop]');
  if (open) {
    st.open = Number(open.dataset.open);
    st.at = line().moves.length;
    st.positions = null;
    render();
  } else if (drop) {
    const i = Number(drop.dataset.drop);
    st.variations.splice(i, 1);
    if (st.open === i) {
      st.open = null;
      st.at = Math.min(st.at, st.record.moves.length);
    } else if (st.open !== null && st.open > i) {
      st.open -= 1;
    }
    st.positions = null;
    render();
  }
});
tid('back-to-record').addEventListener('click', () => {
  const from = st.variations[st.open]?.from ?? 0;
  st.open = null;
  st.at = from;
  st.positions = null;
  render();
});
tid('review-download').addEventListener('click', download);
tid('dead-reset').addEventListener('click', () => {
  st.marked = null;
  scoreTable();
});
tid('numbers-toggle').addEventListener('change', (ev) => {
  st.numbers = ev.target.checked;
  localStorage.setItem('tengen.review.numbers', st.numbers ? '1' : '0');
  render();
});
tid('nav-first').addEventListener('click', () => goTo(0));
tid('nav-prev').addEventListener('click', () => goTo(st.at - 1));
tid('nav-next').addEventListener('click', () => goTo(st.at + 1));
tid('nav-last').addEventListener('click', () => goTo(Infinity));
svg.addEventListener('click', (ev) => clickPoint(pointFromEvent(ev)));
document.addEventListener('keydown', (ev) => {
  if (!st.record || ev.target.closest?.('input, textarea, select')) return;
  const steps = { ArrowLeft: -1, ArrowRight: 1, PageUp: -1, PageDown: 1, ',': -1, '.': 1 };
  if (ev.key in steps) {
    ev.preventDefault();
    goTo(st.at + steps[ev.key]);
  } else if (ev.key === 'Home') {
    ev.preventDefault();
    goTo(0);
  } else if (ev.key === 'End') {
    ev.preventDefault();
    goTo(Infinity);
  }
});

// ---- Start ----------------------------------------------------------------------------------------
async function start() {
  try {
    st.rulesets = await getRulesets();
  } catch (e) {
    const err = tid('review-error');
    err.textContent = `The rulesets could not be loaded: ${failure(e)}`;
    err.hidden = false;
  }
  const game = new URLSearchParams(location.search).get('game');
  if (game) await openRecord({ game_id: game });
}

// For the console and the end-to-end tests.
window.__tengenReview = { st };
start();
