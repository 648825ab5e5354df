// The game page: /game/{id}[?seat=black&token=...]. Keeps the seat's token in localStorage
// (and out of the address bar), follows the game over the WebSocket, and draws the board,
// the clocks, the controls of each phase and the move list from the latest snapshot.

import {
  GameConnection, ApiError, loadSeat, saveSeat, inviteKey, autojoinKey, sgfUrl, takeOpenSeat, getEstimate,
} from './api.js';
import { renderGoban, pointFromEvent } from './goban.js';
import { clockFace, describeControl, formatMs } from './clock.js';
import {
  parsePoint, pointName, stoneAt, colorName, other, positionsFromMoves, describeResult, END_REASONS,
} from './coords.js';
import { renderScoreTable } from './score.js';
import { renderMoveList } from './movelist.js';
import { esc } from './html.js';
import { compensationPoints } from './rules.js';
import { sound, setSound, play as playSound, unlock as unlockSound } from './sound.js';

const tid = (id) => document.querySelector(`[data-testid="${id}"]`);

// ---- Which game, which seat -------------------------------------------------------------
const params = new URLSearchParams(location.search);
const pathMatch = /\/game\/([^/?#]+)/.exec(location.pathname);
const gameId = pathMatch ? decodeURIComponent(pathMatch[1]) : params.get('id');
// A seat in the address that differs from the one this browser holds for the game: it is
// not stored over it (a link with a wrong token would lock the player out of the seat);
// the page asks which to keep.
let linkSeat = null;
{
  const seat = params.get('seat');
  const token = params.get('token');
  if (gameId && token && (seat === 'black' || seat === 'white')) {
    const held = loadSeat(gameId);
    if (!held) saveSeat(gameId, seat, token);
    else if (held.seat !== seat || held.token !== token) linkSeat = { seat, token };
  }
  if (params.has('token') || params.has('seat')) {
    params.delete('token');
    params.delete('seat');
    const q = params.toString();
    history.replaceState(null, '', location.pathname + (q ? `?${q}` : '') + location.hash);
  }
}
const mySeat = gameId ? loadSeat(gameId) : null;

const ui = {
  game: null,
  seat: mySeat?.seat ?? null,
  token: mySeat?.token ?? null,
  cursor: null,
  keyboard: false,
  focused: false,
  hover: null,
  pending: null,
  sending: null,
  refused: null,
  refusedSeq: null,
  replayAt: null,
  positions: null,
  positionsSeq: null,
  handicapSel: [],
  // On by default where fingers play (a 19x19 board's points are 19 px apart on a
  // phone); the player's own choice, once made, is kept.
  confirmMoves: localStorage.getItem('tengen.confirmMoves') === null
    ? window.matchMedia?.('(pointer: coarse)').matches === true
    : localStorage.getItem('tengen.confirmMoves') === '1',
  estimate: null, //     the estimator's view shown on the board: {seq, ownership, score}
  showEstimate: false,
  tickSecond: null, //   the last whole second a byo-yomi tick was played for
  lastAnnouncedMoves: null,
  joinTried: false,
};

const svg = document.getElementById('board');
let conn = null;

// ---- Derived state ------------------------------------------------------------------------
const phase = () => ui.game?.phase;
const confirming = () => phase() === 'confirming' && ui.game.confirming;
const toMove = () => (confirming() ? ui.game.confirming.to_move : ui.game?.to_move);
const joined = () => !!(ui.seat && ui.game?.players?.[ui.seat]?.joined);
const canPlay = () => !!(ui.game && ui.token && joined() && ui.replayAt === null
  && (phase() === 'playing' || phase() === 'confirming') && toMove() === ui.seat);
const isPlacing = () => phase() === 'placing' && ui.seat === 'black' && joined();

function shownBoard() {
  const g = ui.game;
  if (ui.replayAt !== null && ui.positions) return ui.positions[ui.replayAt];
  if (confirming()) return g.confirming.board;
  return g.board;
}

function shownMoves() {
  return confirming() ? (ui.game.confirming.moves || []) : (ui.game.moves || []);
}

// ---- Rendering ------------------------------------------------------------------------------
function boardView() {
  const g = ui.game;
  const board = shownBoard();
  const view = { size: g.size, board, ghost: [], dead: null, owner: null, mode: 'play' };
  if (ui.replayAt !== null) {
    view.mode = 'replay';
    view.lastMove = ui.replayAt > 0 ? g.moves[ui.replayAt - 1]?.point : null;
  } else {
    const moves = shownMoves();
    view.lastMove = confirming() ? moves[moves.length - 1]?.point ?? null : g.last_move;
    view.ko = confirming() ? null : g.ko;
    if (confirming()) view.mode = 'confirming';
    if (phase() === 'scoring' && g.scoring) {
      view.dead = new Set(g.scoring.dead || []);
      // docs/protocol.md puts `owner` in `scoring`; the server sends it in the score report.
      view.owner = g.scoring.owner || g.scoring.score?.owner || null;
    } else if (phase() === 'finished') {
      view.dead = new Set(g.score?.dead || []);
      view.owner = g.score?.owner || null;
    }
    const stoneColor = confirming() ? toMove() : ui.seat;
    if (ui.sending) view.ghost.push({ point: ui.sending, color: stoneColor, kind: 'pending' });
    else if (ui.pending) view.ghost.push({ point: ui.pending, color: stoneColor, kind: 'pending' });
    if (ui.hover && ui.hover !== ui.pending && !ui.sending) view.ghost.push({ point: ui.hover, color: stoneColor, kind: 'hover' });
    if (phase() === 'placing') {
      for (const p of ui.handicapSel) view.ghost.push({ point: p, color: 'black', kind: 'select' });
    }
    view.refused = ui.refused;
    if (ui.showEstimate && ui.estimate && phase() === 'playing') view.ownership = ui.estimate.ownership;
  }
  view.cursor = ui.focused && ui.keyboard ? ui.cursor : null;
  return view;
}

function renderBoard() {
  if (!ui.game) return;
  renderGoban(svg, boardView());
  const g = ui.game;
  const n = g.size;
  const cursor = parsePoint(ui.cursor, n);
  let label = `Go board, ${n} by ${n}`;
  if (cursor) {
    const s = stoneAt(shownBoard(), cursor.x, cursor.y);
    label += `. Cursor on ${ui.cursor}: ${s ? `${s} stone` : 'empty'}`;
  }
  svg.setAttribute('aria-label', label);
}

function setText(el, text) {
  if (el && el.textContent !== text) el.textContent = text;
}

function show(el, on) {
  if (el) el.hidden = !on;
}

function playerLabel(color) {
  const p = ui.game.players?.[color] || {};
  let name = p.name || (p.bot ? 'Built-in player' : p.joined ? colorName(color) : 'Open seat');
  if (p.bot && p.name && !/bot/i.test(p.name)) name += ' (bot)';
  return name;
}

function statusText() {
  const g = ui.game;
  const who = colorName(toMove());
  switch (g.phase) {
    case 'waiting': {
      const open = ['black', 'white'].filter((c) => !g.players?.[c]?.joined);
      if (open.length === 1) return `Waiting for ${colorName(open[0])} to join.`;
      return 'Waiting for both players to take their seats.';
    }
    case 'placing':
      return ui.seat === 'black' ? `Place your ${g.handicap} handicap stones, then press “Place stones”.` : `Black is placing ${g.handicap} handicap stones.`;
    case 'playing':
    case 'confirming': {
      const moves = shownMoves();
      const last = moves[moves.length - 1];
      let lastText = '';
      if (last) lastText = last.point === 'pass' || !last.point ? `${colorName(last.color)} passed. ` : `${colorName(last.color)} played ${last.point}. `;
      const turn = toMove() === ui.seat && ui.token ? `Your move (${who}).` : `${who} to move.`;
      return (g.phase === 'confirming' ? 'Confirmation play. ' : '') + lastText + rulesNote(moves) + turn;
    }
    case 'scoring':
      return 'Counting: mark the dead stones, then accept.';
    case 'finished':
      return `Game over: ${describeResult(g.result)}.`;
    case 'cancelled':
      return 'This game was cancelled before it started.';
    default:
      return '';
  }
}

/** What the rules are doing that a player might not expect, before whose turn it is. */
function rulesNote(moves) {
  const g = ui.game;
  const [a, b] = moves.slice(-2);
  // AGA: two passes end the game only if White passed second.
  if (g.phase === 'playing' && g.rules?.end === 'white-passes-last' && a?.point === 'pass'
    && b?.point === 'pass' && b.color === 'black') {
    return 'Both passed, Black second: under AGA rules White must pass last to end the game (White gives a pass stone). ';
  }
  return '';
}

function renderPlayers() {
  const g = ui.game;
  for (const color of ['black', 'white']) {
    const card = tid(`player-${color}`);
    const you = ui.seat === color && ui.token ? ' (you)' : '';
    setText(tid(`name-${color}`), playerLabel(color) + you);
    const pr = g.prisoners?.[color] ?? 0;
    setText(tid(`prisoners-${color}`), `${pr} prisoner${pr === 1 ? '' : 's'}`);
    const turn = (g.phase === 'playing' || g.phase === 'confirming') && toMove() === color;
    card.classList.toggle('to-move', turn);
    card.setAttribute('aria-current', turn ? 'true' : 'false');
    card.classList.toggle('is-you', ui.seat === color && !!ui.token);
    show(tid(`clock-${color}`), !!g.clock);
  }
  updateClocks();
}

function updateClocks() {
  const g = ui.game;
  if (!g) return;
  if (g.clock) {
    const now = conn && conn.offset !== null ? conn.serverNow() : null;
    const elapsed = now !== null ? now - g.clock.server_time : Date.now() - (g._receivedAt ?? Date.now());
    const live = g.phase === 'playing' || g.phase === 'confirming';
    for (const color of ['black', 'white']) {
      const el = tid(`clock-${color}`);
      if (!g.clock[color]) continue;
      const face = clockFace(g.clock, color, live ? elapsed : 0);
      setText(el.querySelector('.clock-main'), face.main);
      setText(el.querySelector('.clock-detail'), face.detail);
      el.classList.toggle('running', live && g.clock.running === color);
      el.classList.toggle('low', face.low);
      el.classList.toggle('flagged', face.flagged);
      el.classList.toggle('overtime', face.overtime);
      // A tick each second of the last ten of a byo-yomi period, on the player's own clock.
      const ticking = live && g.clock.running === color && color === ui.seat && ui.token
        && face.overtime && /^byo/.test(g.clock.control) && face.left > 0 && face.left <= 10000;
      if (ticking) {
        const second = Math.ceil(face.left / 1000);
        if (second !== ui.tickSecond) {
          ui.tickSecond = second;
          playSound('tick');
        }
      }
    }
  }
  if (g.phase === 'scoring' && g.scoring?.deadline) {
    const now = conn && conn.offset !== null ? conn.serverNow() : Date.now();
    const left = g.scoring.deadline - now;
    setText(tid('scoring-deadline'), left > 0
      ? `Unless both accept the same marks within ${formatMs(left)}, the dead stones the server proposed settle the count.`
      : 'The time for counting is over.');
  }
}

function renderInfo() {
  const g = ui.game;
  const dl = document.querySelector('.info-list');
  const rows = [
    ['Ruleset', `${g.ruleset_title || g.ruleset}`],
    ['', g.summary || ''],
    ['Komi', compensationPoints(g.rules, g.handicap)
      ? `${g.komi}, and ${compensationPoints(g.rules, g.handicap)} points of handicap compensation for White`
      : String(g.komi)],
    ['Board', `${g.size}×${g.size}`],
    ['Handicap', g.handicap ? `${g.handicap} (${g.placement === 'free' ? 'free placement' : 'star points'})` : 'none'],
    ['Time', g.clock ? describeControl(g.clock.control) : 'No time limit'],
  ];
  if (g.rules) {
    const r = g.rules;
    const bits = [];
    if (r.scoring) bits.push(`${r.scoring} scoring`);
    if (r.ko) bits.push(`${r.ko} ko`);
    if (r.suicide) bits.push(`suicide ${r.suicide}`);
    if (bits.length) rows.push(['Rules', bits.join(', ')]);
  }
  const html = rows.filter(([, v]) => v).map(([k, v]) => (k ? `<dt>${esc(k)}</dt><dd>${esc(v)}</dd>` : `<dd class="summary" data-testid="ruleset-summary">${esc(v)}</dd>`)).join('');
  if (dl.innerHTML !== html) dl.innerHTML = html;
  setText(tid('game-title'), `${playerLabel('black')} vs ${playerLabel('white')} · ${g.size}×${g.size} · ${g.ruleset_title || g.ruleset} · komi ${g.komi}`);
  const mine = canPlay() ? 'Your move · ' : '';
  document.title = `${mine}${playerLabel('black')} vs ${playerLabel('white')} · tengen`;
}

function renderPanels() {
  const g = ui.game;
  const ph = g.phase;
  const over = ph === 'finished' || ph === 'cancelled';
  // What the server did on its own (the count settled by its proposal, downtime, ...).
  show(tid('notice'), !!g.notice?.message);
  setText(tid('notice'), g.notice?.message || '');
  // A link that named another seat than the one held.
  show(tid('link-panel'), !!linkSeat);
  if (linkSeat) {
    const held = ui.seat ? `the ${colorName(ui.seat)} seat` : 'a seat';
    setText(document.querySelector('.link-text'), `This browser already holds ${held} of this game. The link you opened names the ${colorName(linkSeat.seat)} seat with another token, which was not stored. Keep your seat, or use the link's if it is the one you meant.`);
  }
  // Joining.
  const needJoin = ui.seat && ui.token && !joined() && !over;
  show(tid('join-panel'), needJoin);
  if (needJoin) setText(document.querySelector('.join-text'), `You were invited to play ${colorName(ui.seat)}.`);
  // Invitation link while the other seat is open (kept only by the creator's browser).
  const invite = localStorage.getItem(inviteKey(g.id));
  const otherOpen = ui.seat && !g.players?.[other(ui.seat)]?.joined && !g.players?.[other(ui.seat)]?.bot;
  show(tid('invite-panel'), !!(invite && otherOpen && !over));
  if (invite) {
    const input = tid('invite-link');
    if (input.value !== invite) input.value = invite;
    const spect = `${location.origin}/game/${encodeURIComponent(g.id)}`;
    const a = tid('spectate-link');
    a.href = spect;
    setText(a, spect);
  }
  // Play controls.
  const playing = (ph === 'playing' || ph === 'confirming' || ph === 'placing') && ui.token && joined();
  show(tid('play-controls'), !!playing);
  if (playing) {
    const myTurn = canPlay();
    tid('pass-button').disabled = !myTurn;
    tid('confirm-toggle').checked = ui.confirmMoves;
    show(tid('pending-row'), !!ui.pending && myTurn);
    if (ui.pending) setText(document.querySelector('.pending-text'), `Play ${ui.pending}?`);
    show(tid('handicap-row'), isPlacing());
    if (isPlacing()) {
      setText(document.querySelector('.handicap-text'), `${ui.handicapSel.length} of ${g.handicap} chosen`);
      tid('place-handicap').disabled = ui.handicapSel.length !== g.handicap;
    }
  }
  // Counting.
  const scoring = ph === 'scoring' && g.scoring;
  show(tid('scoring-panel'), !!scoring);
  if (scoring) {
    for (const color of ['black', 'white']) {
      const acc = !!g.scoring.accepted?.[color];
      const li = tid(`accepted-${color}`);
      setText(li, `${playerLabel(color)} (${colorName(color)}): ${acc ? 'accepted ✓' : 'not yet accepted'}`);
      li.classList.toggle('yes', acc);
      li.dataset.accepted = String(acc);
    }
    const mayAct = !!(ui.token && joined());
    tid('accept-button').disabled = !mayAct || !!g.scoring.accepted?.[ui.seat];
    tid('reject-button').disabled = !mayAct;
    show(tid('accept-button'), mayAct);
    show(tid('reject-button'), mayAct);
    const deadRule = g.rules?.['dead-stones'] ?? g.rules?.dead_stones;
    setText(document.querySelector('.reject-help'), deadRule === 'agree-confirm'
      ? 'Reject if you disagree: the disputed stones are then settled by confirmation play.'
      : 'Reject if you disagree: play resumes so the position can be settled on the board.');
  }
  // Result.
  show(tid('result-panel'), ph === 'finished');
  if (ph === 'finished') {
    setText(tid('result'), `${describeResult(g.result)} (${g.result ?? '?'})`);
    const how = END_REASONS[g.end] ? `The game ended ${END_REASONS[g.end]}.` : '';
    setText(tid('result-how'), how);
    const a = tid('sgf-download');
    a.href = sgfUrl(g.id);
    a.setAttribute('download', `tengen-${g.id}.sgf`);
    tid('review-game').href = `/review?game=${encodeURIComponent(g.id)}`;
  }
  // Score breakdown: live while counting, final after.
  const report = scoring ? g.scoring.score : ph === 'finished' ? g.score : null;
  show(tid('score-panel'), !!report);
  if (report) {
    setText(document.querySelector('.score-title'), scoring ? 'Score if these marks are accepted' : 'Score');
    renderScoreTable(document.querySelector('.score-table tbody'), report, g.rules?.scoring);
    setText(tid('score-result'), report.result ? `${describeResult(report.result)} (${report.result})` : '');
  }
  // Board banner: confirmation play and replay are visibly different modes.
  const banner = tid('board-banner');
  if (confirming()) {
    banner.className = 'board-banner confirming';
    setText(banner, 'Confirmation play: the disputed stones are played out to settle which are dead. The board is restored afterwards; these moves do not count.');
    show(banner, true);
  } else if (ui.replayAt !== null) {
    banner.className = 'board-banner replay';
    setText(banner, `Reviewing the game: position after move ${ui.replayAt} of ${g.moves.length}.`);
    show(banner, true);
  } else if (ph === 'scoring') {
    banner.className = 'board-banner scoring';
    setText(banner, 'Counting: a small stone in a dashed ring is marked dead; small squares show territory.');
    show(banner, true);
  } else {
    show(banner, false);
  }
  // Replay controls after the game.
  const finished = ph === 'finished';
  show(tid('replay'), finished);
  document.body.classList.toggle('finished', finished);
  if (finished) {
    const at = ui.replayAt ?? g.moves.length;
    setText(tid('replay-pos'), `Move ${at} / ${g.moves.length}`);
    tid('replay-first').disabled = at === 0;
    tid('replay-prev').disabled = at === 0;
    tid('replay-next').disabled = at === g.moves.length;
    tid('replay-last').disabled = at === g.moves.length;
  }
  setText(tid('status'), statusText());
  tid('status').classList.toggle('your-turn', canPlay());
}

/** The open seat of a public game, offered to a visitor who holds no seat. */
function renderOpenSeat() {
  const g = ui.game;
  const offer = !ui.token && g.phase === 'waiting' && !!g.open_seat;
  show(tid('open-seat-panel'), offer);
  if (offer) {
    const host = playerLabel(other(g.open_seat));
    setText(document.querySelector('.open-seat-text'), `${host} is waiting for an opponent: take the ${colorName(g.open_seat)} seat to play.`);
    if (!tid('open-seat-name').value) tid('open-seat-name').value = localStorage.getItem('tengen.name') || '';
  }
}

/** Whose move would come back, and the answer to a request. */
function renderUndo() {
  const g = ui.game;
  const u = g.undo;
  const mine = !!(ui.token && joined());
  show(tid('undo-panel'), !!u && g.phase === 'playing');
  if (u && g.phase === 'playing') {
    const n = `${u.moves} move${u.moves === 1 ? '' : 's'}`;
    const asker = u.by === ui.seat && mine;
    setText(tid('undo-text'), asker
      ? `You asked to take back ${n}; waiting for ${colorName(other(u.by))}'s answer.`
      : `${playerLabel(u.by)} (${colorName(u.by)}) asks to take back ${n}.`);
    show(tid('undo-answer'), mine && !asker);
  }
  // The server says when a request may be made (a move to take back since play began,
  // none waiting, not declined for this very move).
  tid('undo-button').disabled = !(mine && g.can_undo?.[ui.seat]);
}

/** The estimate panel: each player's permission, and the estimate when both allow it. */
function renderEstimate() {
  const g = ui.game;
  const e = g.estimate || {};
  const mine = !!(ui.token && joined());
  const live = g.phase === 'playing' || g.phase === 'placing' || g.phase === 'waiting';
  show(tid('estimate-panel'), live && (mine || e.allowed));
  if (!live) return;
  show(tid('allow-estimate-row'), mine);
  if (mine) tid('allow-estimate').checked = !!e[ui.seat];
  const who = ['black', 'white'].map((c) => `${colorName(c)} ${e[c] ? 'allows' : 'does not allow'}`).join(', ');
  setText(tid('estimate-state'), e.allowed ? 'Both players allow estimates.' : `Estimates are shown when both players allow them (${who}).`);
  const b = tid('estimate-button');
  show(b, !!e.allowed && g.phase === 'playing');
  b.setAttribute('aria-pressed', String(ui.showEstimate));
  setText(b, ui.showEstimate ? 'Hide the estimate' : 'Show the estimate');
  const est = ui.showEstimate && ui.estimate;
  let text = ui.showEstimate ? 'Estimating…' : '';
  if (est && typeof est.lead === 'number') {
    const ahead = est.lead > 0 ? 'Black' : 'White';
    const by = Math.abs(est.lead);
    const lead = by === 0 ? 'the game is even' : `${ahead} is ahead by about ${by} point${by === 1 ? '' : 's'}`;
    text = `The estimator thinks ${lead}, komi counted; the squares show who it thinks owns each point.`;
  }
  setText(tid('estimate-result'), text);
}

/** The chat: everyone reads it, the players write in it. */
function renderChat() {
  const g = ui.game;
  const lines = g.chat || [];
  const log = tid('chat-log');
  const key = `${lines.length}|${lines[lines.length - 1]?.seq ?? ''}|${g.players?.black?.name}|${g.players?.white?.name}`;
  if (log.dataset.key !== key) {
    log.dataset.key = key;
    const atEnd = log.scrollTop + log.clientHeight >= log.scrollHeight - 8;
    log.replaceChildren(...lines.map((l) => {
      const li = document.createElement('li');
      li.dataset.testid = `chat-${l.seq}`;
      li.className = l.color;
      const who = document.createElement('span');
      who.className = 'chat-who';
      who.textContent = `${playerLabel(l.color)}: `;
      const text = document.createElement('span');
      text.className = 'chat-text';
      text.textContent = l.text;
      li.append(who, text);
      return li;
    }));
    if (atEnd) log.scrollTop = log.scrollHeight;
  }
  show(tid('chat-form'), !!(ui.token && joined()));
  show(tid('chat-panel'), lines.length > 0 || !!(ui.token && joined()) || g.phase !== 'cancelled');
}

function renderSound() {
  const b = tid('sound-toggle');
  b.setAttribute('aria-pressed', String(sound.on));
  setText(b, sound.on ? 'Sound on' : 'Sound off');
}

function renderMoves() {
  const g = ui.game;
  const moves = g.moves || [];
  setText(tid('move-count'), `(${moves.length})`);
  const at = ui.replayAt ?? (phase() === 'finished' ? moves.length : null);
  renderMoveList(tid('move-list'), moves, {
    current: at,
    clickable: phase() === 'finished',
    onPick: (k) => { setReplay(k); },
  });
}

function render() {
  if (!ui.game) return;
  renderBoard();
  renderPlayers();
  renderPanels();
  renderOpenSeat();
  renderUndo();
  renderEstimate();
  renderChat();
  renderSound();
  renderMoves();
  renderInfo();
}

// ---- Messages -----------------------------------------------------------------------------
let messageTimer = null;
function showMessage(text, kind = 'error') {
  const el = tid('message');
  el.className = `message ${kind}`;
  setText(el, text);
  show(el, true);
  clearTimeout(messageTimer);
  if (kind !== 'error') messageTimer = setTimeout(() => show(el, false), 4000);
}
function clearMessage() {
  show(tid('message'), false);
}

/** The rule's explanation of a refused move, e.g. "ko: this would recreate the position after move 37". */
export function explainRefusal(err) {
  const d = err.detail || {};
  let text = d.message || err.message || 'That move is not allowed.';
  if (d.rule && !text.toLowerCase().includes(String(d.rule).toLowerCase())) text = `${d.rule}: ${text}`;
  if (typeof d.earlier_move === 'number' && !/move \d+|start/i.test(text)) {
    text += d.earlier_move === 0 ? ' (it would recreate the starting position)' : ` (it would recreate the position after move ${d.earlier_move})`;
  }
  return text;
}

function announce(text) {
  const el = tid('announce');
  el.textContent = '';
  setTimeout(() => { el.textContent = text; }, 30);
}

// ---- Actions ------------------------------------------------------------------------------
async function act(action, { point } = {}) {
  try {
    const r = await conn.act(action);
    return r;
  } catch (e) {
    const err = e instanceof ApiError ? e : new ApiError(0, { message: String(e) });
    if (err.code === 'illegal_move') {
      ui.refused = err.detail.point || point || null;
      ui.refusedSeq = ui.game?.seq ?? null;
      showMessage(explainRefusal(err));
      announce(`Move refused. ${explainRefusal(err)}`);
    } else if (err.code === 'rate_limited') {
      showMessage('Too many actions at once: wait a moment and try again.');
    } else {
      showMessage(err.message);
    }
    if (err.code === 'network' || err.code === 'timeout') conn.refresh().catch(() => {});
    render();
    return null;
  }
}

async function playAt(p) {
  ui.pending = null;
  ui.sending = p;
  ui.refused = null;
  clearMessage();
  renderBoard();
  await act({ type: 'play', point: p }, { point: p });
  ui.sending = null;
  render();
}

async function activate(p) {
  const g = ui.game;
  if (!g || !p) return;
  if (ui.replayAt !== null) return;
  const q = parsePoint(p, g.size);
  if (!q) return;
  const stone = stoneAt(shownBoard(), q.x, q.y);
  if (phase() === 'scoring') {
    if (!ui.token || !joined()) return;
    if (!stone) return;
    await act({ type: 'mark', point: p });
    return;
  }
  if (isPlacing()) {
    const i = ui.handicapSel.indexOf(p);
    if (i >= 0) ui.handicapSel.splice(i, 1);
    else if (ui.handicapSel.length < g.handicap && !stone) ui.handicapSel.push(p);
    render();
    return;
  }
  if (!canPlay()) {
    if (ui.token && joined() && (phase() === 'playing' || phase() === 'confirming')) {
      showMessage(`It is ${colorName(toMove())}'s turn.`, 'info');
    }
    return;
  }
  if (ui.sending) return;
  if (stone) {
    ui.refused = p;
    ui.refusedSeq = g.seq;
    showMessage(`${p} is already occupied.`, 'info');
    renderBoard();
    return;
  }
  if (ui.confirmMoves && ui.pending !== p) {
    ui.pending = p;
    ui.hover = null;
    render();
    announce(`Play ${p}? Press Enter again or “Play here” to confirm.`);
    return;
  }
  await playAt(p);
}

function confirmDialog(title, text, okLabel) {
  const dlg = tid('confirm-dialog');
  setText(dlg.querySelector('h2'), title);
  setText(dlg.querySelector('.confirm-text'), text);
  setText(tid('confirm-yes'), okLabel);
  dlg.returnValue = '';
  return new Promise((resolve) => {
    dlg.addEventListener('close', () => resolve(dlg.returnValue === 'ok'), { once: true });
    dlg.showModal();
  });
}

function setReplay(k) {
  const g = ui.game;
  if (!g || phase() !== 'finished') return;
  ensurePositions();
  if (!ui.positions) return;
  const n = g.moves.length;
  k = Math.max(0, Math.min(n, k));
  ui.replayAt = k === n ? null : k;
  render();
  const m = g.moves[k - 1];
  announce(k === 0 ? 'Start of the game' : `Move ${k}: ${colorName(m.color)} ${m.point === 'pass' ? 'passed' : m.point}`);
}

function ensurePositions() {
  const g = ui.game;
  if (ui.positionsSeq === g.seq && ui.positions) return;
  try {
    ui.positions = positionsFromMoves(g.board, g.moves || []);
    ui.positionsSeq = g.seq;
  } catch {
    ui.positions = null;
  }
}

function replayPos() {
  return ui.replayAt ?? ui.game.moves.length;
}

// ---- Events ---------------------------------------------------------------------------------
svg.addEventListener('click', (ev) => {
  ui.keyboard = false;
  const p = pointFromEvent(ev);
  if (p) {
    ui.cursor = p;
    activate(p);
  }
});
svg.addEventListener('pointermove', (ev) => {
  if (ev.pointerType !== 'mouse') return;
  const p = pointFromEvent(ev);
  let hover = null;
  if (p && canPlay() && !ui.sending) {
    const q = parsePoint(p, ui.game.size);
    if (q && !stoneAt(shownBoard(), q.x, q.y)) hover = p;
  }
  if (hover !== ui.hover) {
    ui.hover = hover;
    renderBoard();
  }
});
svg.addEventListener('pointerleave', () => {
  if (ui.hover) {
    ui.hover = null;
    renderBoard();
  }
});
svg.addEventListener('pointerdown', () => { ui.keyboard = false; });
svg.addEventListener('focus', () => {
  ui.focused = true;
  if (ui.game && !ui.cursor) {
    const last = parsePoint(ui.game.last_move, ui.game.size);
    const c = Math.floor(ui.game.size / 2);
    ui.cursor = last ? ui.game.last_move : pointName(c, c, ui.game.size);
  }
  renderBoard();
});
svg.addEventListener('blur', () => {
  ui.focused = false;
  renderBoard();
});
svg.addEventListener('keydown', (ev) => {
  const g = ui.game;
  if (!g) return;
  const n = g.size;
  const moves = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
  if (moves[ev.key]) {
    ev.preventDefault();
    ui.keyboard = true;
    const cur = parsePoint(ui.cursor, n) || { x: Math.floor(n / 2), y: Math.floor(n / 2) };
    const [dx, dy] = moves[ev.key];
    const x = Math.max(0, Math.min(n - 1, cur.x + dx));
    const y = Math.max(0, Math.min(n - 1, cur.y + dy));
    ui.cursor = pointName(x, y, n);
    if (canPlay() && !stoneAt(shownBoard(), x, y)) ui.hover = ui.cursor;
    else ui.hover = null;
    renderBoard();
    const s = stoneAt(shownBoard(), x, y);
    announce(`${ui.cursor}${s ? `, ${s} stone` : ''}`);
    return;
  }
  if (ev.key === 'Enter' || ev.key === ' ') {
    ev.preventDefault();
    ui.keyboard = true;
    if (!ui.cursor) return;
    activate(ui.cursor);
    return;
  }
  if (ev.key === 'Escape' && ui.pending) {
    ui.pending = null;
    render();
    return;
  }
  if (phase() === 'finished') {
    const keys = { PageUp: -1, PageDown: 1, Home: -Infinity, End: Infinity, ',': -1, '.': 1 };
    if (ev.key in keys) {
      ev.preventDefault();
      const d = keys[ev.key];
      setReplay(Number.isFinite(d) ? replayPos() + d : d < 0 ? 0 : g.moves.length);
    }
  }
});

tid('pass-button').addEventListener('click', async () => {
  if (!canPlay()) return;
  const extra = ui.game.last_move === 'pass' ? ' Your opponent has just passed, so this may end the game.' : '';
  if (await confirmDialog('Pass?', `You give up your turn.${extra}`, 'Pass')) {
    ui.pending = null;
    await act({ type: 'pass' });
  }
});
tid('resign-button').addEventListener('click', async () => {
  if (await confirmDialog('Resign?', 'You lose the game. This cannot be undone.', 'Resign')) {
    await act({ type: 'resign' });
  }
});
tid('confirm-toggle').addEventListener('change', (ev) => {
  ui.confirmMoves = ev.target.checked;
  localStorage.setItem('tengen.confirmMoves', ui.confirmMoves ? '1' : '0');
  if (!ui.confirmMoves) ui.pending = null;
  render();
});
tid('confirm-move').addEventListener('click', () => { if (ui.pending) playAt(ui.pending); });
tid('cancel-move').addEventListener('click', () => { ui.pending = null; render(); });
tid('place-handicap').addEventListener('click', async () => {
  const pts = ui.handicapSel.slice();
  const r = await act({ type: 'place_handicap', points: pts });
  if (r) ui.handicapSel = [];
  render();
});
tid('accept-button').addEventListener('click', () => {
  const s = ui.game?.scoring;
  if (s) act({ type: 'accept', marks_seq: s.marks_seq });
});
tid('reject-button').addEventListener('click', async () => {
  if (await confirmDialog('Reject the marks?', document.querySelector('.reject-help').textContent, 'Reject')) {
    act({ type: 'reject' });
  }
});
document.querySelector('.join-form').addEventListener('submit', async (ev) => {
  ev.preventDefault();
  const name = tid('join-name').value.trim();
  if (name) localStorage.setItem('tengen.name', name);
  await join(name);
});
tid('invite-copy').addEventListener('click', async () => {
  const input = tid('invite-link');
  try {
    await navigator.clipboard.writeText(input.value);
    showMessage('Link copied.', 'info');
  } catch {
    input.select();
    showMessage('Select the link and copy it.', 'info');
  }
});
tid('cancel-game').addEventListener('click', async () => {
  if (await confirmDialog('Cancel this game?', 'Nobody has taken the other seat yet. The game ends with no result and leaves the lists.', 'Cancel the game')) {
    await act({ type: 'cancel' });
  }
});
tid('link-keep').addEventListener('click', () => {
  linkSeat = null;
  render();
});
tid('link-use').addEventListener('click', () => {
  saveSeat(gameId, linkSeat.seat, linkSeat.token);
  location.replace(location.pathname);
});
document.querySelector('.open-seat-form').addEventListener('submit', async (ev) => {
  ev.preventDefault();
  const name = tid('open-seat-name').value.trim();
  if (name) localStorage.setItem('tengen.name', name);
  tid('take-seat').disabled = true;
  try {
    const r = await takeOpenSeat(gameId, name);
    saveSeat(gameId, r.seat, r.token);
    // The page starts again as the seat's holder.
    location.replace(location.pathname);
  } catch (e) {
    showMessage(`The seat could not be taken: ${e.message}`);
    tid('take-seat').disabled = false;
    conn.refresh().catch(() => {});
  }
});
tid('undo-button').addEventListener('click', async () => {
  if (await confirmDialog('Take back your move?', 'Your opponent is asked to allow it. If they do, your last move (and their answer to it, if they have played one) is taken back.', 'Ask')) {
    await act({ type: 'undo' });
  }
});
tid('undo-accept').addEventListener('click', () => act({ type: 'undo_accept' }));
tid('undo-decline').addEventListener('click', () => act({ type: 'undo_decline' }));
tid('chat-form').addEventListener('submit', async (ev) => {
  ev.preventDefault();
  const input = tid('chat-input');
  const text = input.value.trim();
  if (!text) return;
  const r = await act({ type: 'chat', text });
  if (r) input.value = '';
});
tid('allow-estimate').addEventListener('change', (ev) => {
  act({ type: 'allow_estimate', allow: ev.target.checked });
});
tid('estimate-button').addEventListener('click', () => {
  ui.showEstimate = !ui.showEstimate;
  if (ui.showEstimate && !ui.estimate) refreshEstimate();
  render();
});
tid('sound-toggle').addEventListener('click', () => {
  setSound(!sound.on);
  renderSound();
});
// Browsers start audio only after a gesture on the page.
for (const kind of ['pointerdown', 'keydown']) {
  document.addEventListener(kind, () => { if (sound.on) unlockSound(); }, { once: true });
}
tid('replay-first').addEventListener('click', () => setReplay(0));
tid('replay-prev').addEventListener('click', () => setReplay(replayPos() - 1));
tid('replay-next').addEventListener('click', () => setReplay(replayPos() + 1));
tid('replay-last').addEventListener('click', () => setReplay(Infinity));

async function join(name) {
  const action = { type: 'join' };
  if (name) action.name = name;
  const r = await act(action);
  if (!r) return;
  localStorage.removeItem(autojoinKey(gameId));
  // Taking the seat with an invitation exchanges it for the seat's own secret: from now on
  // only this browser holds it, and the invitation acts for nothing.
  if (r.token && r.token !== ui.token) {
    ui.token = r.token;
    saveSeat(gameId, ui.seat, r.token);
    conn.setToken(r.token);
  }
}

/** Asks the server for the estimate of the position shown (made once per position). */
async function refreshEstimate() {
  const seq = ui.game?.seq;
  try {
    const e = await getEstimate(gameId);
    if (ui.game?.seq === seq || (ui.game?.moves?.length ?? 0) === e.moves) {
      ui.estimate = { ...e, seq: ui.game.seq };
    }
  } catch (e) {
    ui.showEstimate = false;
    showMessage(e.message, 'info');
  }
  render();
}

// ---- State from the server ----------------------------------------------------------------
function onState(game) {
  const prev = ui.game;
  ui.game = game;
  if (ui.refused && ui.refusedSeq !== null && game.seq !== ui.refusedSeq) {
    ui.refused = null;
  }
  if (prev && prev.seq !== game.seq && tid('message').classList.contains('error')) clearMessage();
  if (game.phase !== 'playing' && game.phase !== 'confirming') {
    ui.pending = null;
    ui.hover = null;
  }
  if (ui.hover && !canPlay()) ui.hover = null;
  if (game.phase !== 'finished') ui.replayAt = null;
  if (game.phase !== 'placing') ui.handicapSel = [];
  // Announce new moves for screen readers; the stone's sound, and a chime when the
  // player's turn comes while the page is in a background tab.
  const moves = game.moves || [];
  if (ui.lastAnnouncedMoves !== null && moves.length > ui.lastAnnouncedMoves) {
    const m = moves[moves.length - 1];
    const what = m.point === 'pass' || !m.point ? 'passed' : `played ${m.point}`;
    announce(`${colorName(m.color)} ${what}.${canPlay() ? ' Your move.' : ''}`);
    if (m.point && m.point !== 'pass') playSound('stone');
    if (canPlay() && document.hidden) playSound('chime');
  }
  const confirmingMoves = game.confirming?.moves?.length ?? 0;
  if (prev?.confirming && confirmingMoves > (prev.confirming.moves?.length ?? 0)) playSound('stone');
  // An estimate is of one position: it goes when the game moves on, and is asked again
  // if it is shown.
  if (ui.estimate && ui.estimate.seq !== game.seq && (prev?.moves?.length ?? 0) !== moves.length) {
    ui.estimate = null;
  }
  if (!game.estimate?.allowed || game.phase !== 'playing') ui.showEstimate = false;
  if (ui.showEstimate && !ui.estimate) refreshEstimate();
  if (prev && prev.phase !== game.phase && game.phase === 'finished') announce(`Game over: ${describeResult(game.result)}`);
  ui.lastAnnouncedMoves = moves.length;
  // The invitation is of no use once the other seat is taken or the game is over: the
  // creator's browser forgets it.
  const otherSeat = ui.seat ? game.players?.[other(ui.seat)] : null;
  if (otherSeat?.joined || game.phase === 'finished' || game.phase === 'cancelled') {
    localStorage.removeItem(inviteKey(game.id));
  }
  // Take the seat by itself when the lobby created the game for this browser.
  if (!ui.joinTried && ui.token && !joined() && game.phase !== 'finished' && game.phase !== 'cancelled' && localStorage.getItem(autojoinKey(game.id))) {
    ui.joinTried = true;
    join(localStorage.getItem('tengen.name') || '');
  }
  if (!tid('join-name').value) tid('join-name').value = localStorage.getItem('tengen.name') || '';
  render();
}

function onStatus(s) {
  const el = tid('connection');
  el.dataset.state = s;
  setText(el, s === 'open' ? 'Live' : s === 'connecting' ? 'Connecting…' : 'Reconnecting…');
}

async function start() {
  if (!gameId) {
    showMessage('No game in the address. Go back to the lobby to start or join one.');
    return;
  }
  conn = new GameConnection(gameId, ui.token, { onState, onStatus });
  try {
    await conn.refresh();
  } catch (e) {
    if (e.code === 'not_found') {
      showMessage('There is no such game. It may have been mistyped.');
      setText(tid('game-title'), 'Game not found');
      return;
    }
    showMessage(e.message);
  }
  conn.connect();
}

setInterval(updateClocks, 100);
// For the console and the end-to-end tests (dropping and restoring the connection).
window.__tengen = { ui, sound, get conn() { return conn; } };
start();
