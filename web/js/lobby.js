// The lobby: the new-game form (rules from GET /api/rulesets), the lists of ongoing and
// finished games, and joining by link.

import { getRulesets, createGame, listGames, saveSeat, loadSeat, inviteKey, autojoinKey } from './api.js';
import { describeControl } from './clock.js';
import { describeResult } from './coords.js';
import { esc } from './html.js';

const tid = (id) => document.querySelector(`[data-testid="${id}"]`);
const form = tid('create-form');
let rulesets = [];
let komiEdited = false;


// ---- The form -------------------------------------------------------------------------------
function currentRuleset() {
  return rulesets.find((r) => r.name === tid('ruleset-select').value);
}

function onRulesetChange() {
  const r = currentRuleset();
  tid('ruleset-summary').textContent = r?.summary || '';
  if (r && !komiEdited) tid('komi-input').value = r.komi;
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

async function refreshLists() {
  for (const [status, id] of [['active', 'active-games'], ['finished', 'finished-games']]) {
    try {
      const games = await listGames(status, 30);
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
tid('komi-input').addEventListener('input', () => { komiEdited = true; });
form.addEventListener('change', updateVisibility);
form.addEventListener('input', updateVisibility);
form.addEventListener('submit', onSubmit);
tid('join-form').addEventListener('submit', onJoin);
updateVisibility();
loadRulesets();
refreshLists();
setInterval(() => { if (!document.hidden) refreshLists(); }, 15000);
