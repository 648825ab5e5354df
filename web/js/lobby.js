// The lobby: the new-game form (rules from GET /api/rulesets), the lists of ongoing and
// finished games, and joining by link.

import { getRulesets, createGame, listGames, takeOpenSeat, saveSeat, loadSeat, inviteKey, autojoinKey } from './api.js';
import { describeControl } from './clock.js';
import { describeResult } from './coords.js';
import { esc } from './html.js';
import { compensationText } from './rules.js';

const tid = (id) => document.querySelector(`[data-testid="${id}"]`);
const form = tid('create-form');
let rulesets = [];
let komiEdited = false;


// ---- The form -------------------------------------------------------------------------------
function currentRuleset() {
  return rulesets.find((r) => r.name === tid('ruleset-select').value);
}

/** Komi when the user has not typed one: 0.5 with a handicap (the handicap is Black's
 * advantage already), else the ruleset's own. */
function defaultKomi() {
  const r = currentRuleset();
  return Number(tid('handicap-select').value) > 0 ? 0.5 : r?.komi;
}

function updateKomiAndNote() {
  const r = currentRuleset();
  if (r && !komiEdited) tid('komi-input').value = defaultKomi();
  const n = Number(tid('handicap-select').value);
  const note = tid('handicap-note');
  note.textContent = n ? `Komi is 0.5 with a handicap unless you change it. ${compensationText(r?.rules, n)}` : '';
  note.hidden = !n;
}

function onRulesetChange() {
  const r = currentRuleset();
  tid('ruleset-summary').textContent = r?.summary || '';
  updateKomiAndNote();
  localStorage.setItem('tengen.ruleset', tid('ruleset-select').value);
}

function timeSpec() {
  const sys = tid('time-system').value;
  const main = Math.round(Number(tid('time-main').value || 0) * 60);
  switch (sys) {
    case 'absolute': return `absolute:${main}`;
    case 'byoyomi': return `byoyomi:${main}+${Number(tid('time-periods').value || 1)}x${Number(tid('time-period').value || 30)}`;
    case 'canadian': return `canadian:${main}+${Number(tid('time-stones').value || 25)}/${Math.round(Number(tid('time-cperiod').value || 5) * 60)}`;
    case 'fischer': return `fischer:${main}+${Number(tid('time-increment').value || 0)}`;
    default: return 'none';
  }
}

function updateVisibility() {
  const sys = tid('time-system').value;
  for (const el of document.querySelectorAll('[data-time]')) {
    el.hidden = !el.dataset.time.split(' ').includes(sys);
  }
  tid('time-summary').textContent = describeControl(timeSpec());
  document.querySelector('[data-show="handicap"]').hidden = tid('handicap-select').value === '0';
  const bot = form.querySelector('input[name="opponent"]:checked').value === 'bot';
  document.querySelector('[data-show="bot"]').hidden = !bot;
}

async function loadRulesets() {
  try {
    rulesets = await getRulesets();
  } catch (e) {
    tid('ruleset-summary').textContent = `The rulesets could not be loaded (${e.message}).`;
    return;
  }
  const sel = tid('ruleset-select');
  sel.innerHTML = rulesets.map((r) => `<option value="${esc(r.name)}">${esc(r.title || r.name)}</option>`).join('');
  const saved = localStorage.getItem('tengen.ruleset');
  if (saved && rulesets.some((r) => r.name === saved)) sel.value = saved;
  else if (rulesets.some((r) => r.name === 'japanese')) sel.value = 'japanese';
  onRulesetChange();
}

function showCreateError(text) {
  const el = tid('create-error');
  el.textContent = text;
  el.hidden = !text;
}

async function onSubmit(ev) {
  ev.preventDefault();
  showCreateError('');
  const name = tid('lobby-name').value.trim();
  if (name) localStorage.setItem('tengen.name', name);
  const req = {
    size: Number(tid('size-select').value),
    ruleset: tid('ruleset-select').value,
    handicap: Number(tid('handicap-select').value),
    color: form.querySelector('input[name="color"]:checked').value,
    time: timeSpec(),
    opponent: form.querySelector('input[name="opponent"]:checked').value,
  };
  const komi = tid('komi-input').value.trim();
  if (komi !== '') {
    const k = Number(komi);
    if (!Number.isFinite(k) || Math.round(k * 2) !== k * 2) {
      showCreateError('Komi must be a whole or half number, such as 6.5.');
      tid('komi-input').focus();
      return;
    }
    req.komi = k;
  }
  if (req.handicap > 0) req.placement = tid('placement-select').value;
  if (tid('public-toggle').checked) req.public = true;
  if (tid('estimate-toggle').checked) req.allow_estimate = true;
  if (req.opponent === 'bot') req.bot_playouts = Number(tid('bot-playouts').value);
  if (name) req.name = name;
  const button = tid('create-button');
  button.disabled = true;
  button.textContent = 'Creating…';
  try {
    const reply = await createGame(req);
    const color = reply.color;
    const mine = reply.seats?.[color];
    const theirs = reply.seats?.[color === 'black' ? 'white' : 'black'];
    saveSeat(reply.id, color, mine.token);
    if (theirs?.link) localStorage.setItem(inviteKey(reply.id), new URL(theirs.link, location.href).href);
    localStorage.setItem(autojoinKey(reply.id), '1');
    location.assign(mine.link || `/game/${encodeURIComponent(reply.id)}`);
  } catch (e) {
    const field = e.detail?.field ? ` (${e.detail.field})` : '';
    showCreateError(`${e.message}${field}`);
    button.disabled = false;
    button.textContent = 'Create game';
  }
}

// ---- The lists ------------------------------------------------------------------------------
function playerText(p, fallback) {
  if (!p) return fallback;
  if (p.bot) return p.name ? (/bot/i.test(p.name) ? p.name : `${p.name} (bot)`) : 'Built-in player';
  return p.name || (p.joined ? fallback : 'open seat');
}

function gamesTable(games, finished) {
  if (!games.length) return `<p class="empty">${finished ? 'No finished games yet.' : 'No games in progress.'}</p>`;
  const rows = games.map((g) => {
    const yours = loadSeat(g.id) ? '<span class="yours">yours</span>' : '';
    const state = finished ? esc(describeResult(g.result) || g.result || '') : esc(g.phase);
    const when = g.updated ? new Date(g.updated).toLocaleString() : '';
    return `<tr data-testid="game-row-${esc(g.id)}">
      <td><div class="players-cell"><span><span class="stone-icon black" aria-hidden="true"></span> ${esc(playerText(g.players?.black, 'Black'))}</span>
        <span><span class="stone-icon white" aria-hidden="true"></span> ${esc(playerText(g.players?.white, 'White'))}</span></div></td>
      <td>${esc(g.size)}×${esc(g.size)}</td>
      <td class="col-ruleset">${esc(g.ruleset_title || g.ruleset)}${g.handicap ? `, H${esc(g.handicap)}` : ''}</td>
      <td class="num">${esc(g.moves)}</td>
      <td>${state}</td>
      <td class="col-updated">${esc(when)}</td>
      <td><a href="/game/${encodeURIComponent(g.id)}" aria-label="Open game ${esc(g.id)}">Open</a>${finished ? ` · <a href="/review?game=${encodeURIComponent(g.id)}" aria-label="Review game ${esc(g.id)} under every ruleset">Review</a>` : ''}${yours}</td>
    </tr>`;
  }).join('');
  return `<table><thead><tr><th scope="col">Players</th><th scope="col">Board</th><th scope="col" class="col-ruleset">Rules</th><th scope="col">Moves</th><th scope="col">${finished ? 'Result' : 'Phase'}</th><th scope="col" class="col-updated">Updated</th><th scope="col"><span class="sr-only">Link</span></th></tr></thead><tbody>${rows}</tbody></table>`;
}

function challengesTable(games) {
  if (!games.length) return '<p class="empty">No open challenges. Create a game with “Open challenge” ticked to list one.</p>';
  const rows = games.map((g) => {
    const seat = g.open_seat === 'black' ? 'black' : 'white';
    const host = g.players?.[seat === 'black' ? 'white' : 'black'];
    const time = g.time && g.time !== 'none' ? describeControl(g.time) : 'no time limit';
    return `<tr data-testid="challenge-${esc(g.id)}">
      <td><span class="stone-icon ${seat === 'black' ? 'white' : 'black'}" aria-hidden="true"></span> ${esc(playerText(host, 'Creator'))}</td>
      <td>${esc(g.size)}×${esc(g.size)}, ${esc(g.ruleset_title || g.ruleset)}${g.handicap ? `, H${esc(g.handicap)}` : ''}, komi ${esc(g.komi)}; ${esc(time)}</td>
      <td>${loadSeat(g.id)
    ? `<a href="/game/${encodeURIComponent(g.id)}">Open</a><span class="yours">yours</span>`
    : `<button type="button" class="primary" data-take="${esc(g.id)}" data-testid="take-${esc(g.id)}">Play ${seat === 'black' ? 'Black' : 'White'}</button>`}</td>
    </tr>`;
  }).join('');
  return `<table><thead><tr><th scope="col">Creator</th><th scope="col">Game</th><th scope="col"><span class="sr-only">Take the seat</span></th></tr></thead><tbody>${rows}</tbody></table>`;
}

async function onTake(ev) {
  const b = ev.target.closest('button[data-take]');
  if (!b) return;
  const id = b.dataset.take;
  b.disabled = true;
  tid('take-error').textContent = '';
  const name = tid('lobby-name').value.trim();
  try {
    const r = await takeOpenSeat(id, name);
    saveSeat(id, r.seat, r.token);
    location.assign(`/game/${encodeURIComponent(id)}`);
  } catch (e) {
    tid('take-error').textContent = `That seat could not be taken: ${e.message}`;
    b.disabled = false;
    refreshLists();
  }
}

async function refreshLists() {
  try {
    const open = await listGames('open', 30);
    const html = challengesTable(open);
    if (tid('open-games').innerHTML !== html) tid('open-games').innerHTML = html;
  } catch (e) {
    tid('open-games').innerHTML = `<p class="empty">The list could not be loaded (${esc(e.message)}).</p>`;
  }
  for (const [status, id] of [['active', 'active-games'], ['finished', 'finished-games']]) {
    try {
      let games = await listGames(status, 30);
      // A game waiting for its opponent is joined by its link (or, if public, from the
      // challenges above): the ongoing list shows it only to its creator.
      if (status === 'active') games = games.filter((g) => g.phase !== 'waiting' || loadSeat(g.id));
      const html = gamesTable(games, status === 'finished');
      const el = tid(id);
      if (el.innerHTML !== html) el.innerHTML = html;
    } catch (e) {
      tid(id).innerHTML = `<p class="empty">The list could not be loaded (${esc(e.message)}).</p>`;
    }
  }
}

// ---- Join by link -----------------------------------------------------------------------------
function onJoin(ev) {
  ev.preventDefault();
  const text = tid('join-link').value.trim();
  const err = tid('join-error');
  err.textContent = '';
  if (!text) return;
  let url = null;
  try {
    const u = new URL(text, location.href);
    if (/\/game\/[^/]+/.test(u.pathname)) url = u.pathname + u.search;
  } catch { /* not a URL */ }
  if (!url && /^[A-Za-z0-9_-]+$/.test(text)) url = `/game/${encodeURIComponent(text)}`;
  if (!url) {
    err.textContent = 'That is neither a game link (…/game/ID…) nor a game id.';
    return;
  }
  location.assign(url);
}

// ---- Start ------------------------------------------------------------------------------------
tid('lobby-name').value = localStorage.getItem('tengen.name') || '';
tid('ruleset-select').addEventListener('change', onRulesetChange);
tid('handicap-select').addEventListener('change', updateKomiAndNote);
tid('open-games').addEventListener('click', onTake);
tid('komi-input').addEventListener('input', () => { komiEdited = true; });
form.addEventListener('change', updateVisibility);
form.addEventListener('input', updateVisibility);
form.addEventListener('submit', onSubmit);
tid('join-form').addEventListener('submit', onJoin);
updateVisibility();
loadRulesets();
refreshLists();
setInterval(() => { if (!document.hidden) refreshLists(); }, 15000);
