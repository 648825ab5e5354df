// The move list: one entry per move with its colour, point and captures. After the game
// each entry is a button that shows the position after that move. Every field of a move
// is escaped: a snapshot is data, never markup.

import { esc } from './html.js';

function entry(m, k, current, clickable) {
  const n = k + 1;
  const point = !m.point || m.point === 'pass' ? 'pass' : m.point;
  const caps = Array.isArray(m.captures) ? m.captures.length : Number(m.captures) || 0;
  const capText = caps ? ` <span class="caps" title="${caps} captured">×${caps}</span>` : '';
  const colour = m.color === 'black' ? 'Black' : 'White';
  const stone = m.color === 'black' ? 'black' : 'white';
  const inner = `<span class="num">${n}</span><span class="stone-icon ${stone}" aria-hidden="true"></span><span class="pt">${esc(point)}</span>${capText}`;
  const cur = current === n ? ' aria-current="step"' : '';
  const cls = `${current === n ? 'current' : ''} ${point === 'pass' ? 'pass' : ''}`.trim();
  const label = esc(`Move ${n}: ${colour} ${point === 'pass' ? 'passed' : point}${caps ? `, captured ${caps}` : ''}`);
  if (clickable) {
    return `<li class="${cls}" data-testid="move-${n}"${cur}><button type="button" data-k="${n}" aria-label="${label}">${inner}</button></li>`;
  }
  return `<li class="${cls}" data-testid="move-${n}"${cur} aria-label="${label}">${inner}</li>`;
}

/** Draws `moves` into the <ol> `list`; `current` is the move shown (or null). */
export function renderMoveList(list, moves, { current = null, clickable = false, onPick } = {}) {
  const key = `${moves.length}|${current}|${clickable}|${moves.length ? moves[moves.length - 1].point : ''}`;
  if (list.dataset.key === key) return;
  list.dataset.key = key;
  const atEnd = list.scrollTop + list.clientHeight >= list.scrollHeight - 8;
  list.innerHTML = moves.map((m, k) => entry(m, k, current, clickable)).join('');
  if (clickable && !list.dataset.bound) {
    list.dataset.bound = '1';
    list.addEventListener('click', (ev) => {
      const b = ev.target.closest('button[data-k]');
      if (b && list._onPick) list._onPick(Number(b.dataset.k));
    });
  }
  list._onPick = onPick;
  const cur = list.querySelector('.current');
  if (cur) list.scrollTop = Math.max(0, cur.offsetTop - list.clientHeight / 2);
  else if (atEnd || !clickable) list.scrollTop = list.scrollHeight;
}
