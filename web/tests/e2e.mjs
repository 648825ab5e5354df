// End-to-end tests of the web board in a real headless Chromium (Debian's `chromium`,
// driven by playwright-core). Starts `tengen serve` itself on a free port with an in-memory
// database, runs the scenarios, keeps screenshots in tests/artifacts/, and stops the server
// at the end, also on failure. Prints one line per test and a final "N passed, N failed".
//
//   cd web && npm install && npm test
//   TENGEN_BIN=/path/to/tengen npm test      (default: ../target/debug/tengen)
//   CHROMIUM=/path/to/chromium npm test      (default: /usr/bin/chromium)
//   E2E_ONLY=review npm test                 (only the tests whose names match)

import { spawn, execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import assert from 'node:assert/strict';
import { chromium } from 'playwright-core';
import { positionsFromMoves, describeResult, parsePoint, pointName } from '../js/coords.js';
import { clockFace, parseControl } from '../js/clock.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const webDir = path.resolve(here, '..');
const repoDir = path.resolve(webDir, '..');
const artifacts = path.join(here, 'artifacts');
mkdirSync(artifacts, { recursive: true });
// A failure's files are of this run only.
for (const f of readdirSync(artifacts)) if (f.startsWith('failure-')) unlinkSync(path.join(artifacts, f));

const BIN = process.env.TENGEN_BIN || path.join(repoDir, 'target', 'debug', 'tengen');
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
const WAIT = Number(process.env.E2E_TIMEOUT_MS || 20000);

const results = [];
let server = null;
let browser = null;

// ---- The server ---------------------------------------------------------------------------
function startServer() {
  return new Promise((resolve, reject) => {
    if (!existsSync(BIN)) {
      reject(new Error(`no tengen binary at ${BIN}: build it (cargo build -p tengen-cli) or set TENGEN_BIN`));
      return;
    }
    // Run from the repository's top so that the server finds web/ beside it. The browsers
    // stand for several people but share one address, and so one request rate: the
    // default (20 a second, bursts of 60, meant for one person) turned a page's scripts
    // away on a fast machine (429 on js/html.js), so the rate here is ten times that.
    const child = spawn(BIN, ['serve', '--addr', '127.0.0.1:0', '--database', 'sqlite::memory:',
      '--http-rate', '200'], {
      cwd: repoDir,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, RUST_LOG: process.env.RUST_LOG || 'warn' },
    });
    server = child;
    let out = '';
    let err = '';
    const timer = setTimeout(() => reject(new Error(`the server printed no URL within 30 s\nstdout: ${out}\nstderr: ${err}`)), 30000);
    child.stdout.on('data', (d) => {
      out += d;
      const m = /http:\/\/127\.0\.0\.1:\d+/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[0]);
      }
    });
    child.stderr.on('data', (d) => {
      err += d;
      if (process.env.E2E_SERVER_LOG) process.stderr.write(d);
    });
    child.on('exit', (code, sig) => {
      clearTimeout(timer);
      server = null;
      reject(new Error(`the server exited (${code ?? sig})\nstdout: ${out}\nstderr: ${err}`));
    });
  });
}

function stopServer() {
  if (server) {
    server.kill('SIGTERM');
    server = null;
  }
}
process.on('exit', stopServer);
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => { stopServer(); process.exit(130); });

// ---- Test harness -------------------------------------------------------------------------
// E2E_ONLY=regex runs only the tests whose names match.
const ONLY = process.env.E2E_ONLY ? new RegExp(process.env.E2E_ONLY) : null;

async function test(name, fn) {
  if (ONLY && !ONLY.test(name)) return;
  const started = Date.now();
  try {
    await fn();
    results.push({ name, ok: true });
    console.log(`ok - ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  } catch (e) {
    results.push({ name, ok: false, error: e });
    console.log(`not ok - ${name}\n  ${String(e.stack || e).split('\n').join('\n  ')}`);
  }
}

const tid = (id) => `[data-testid="${id}"]`;

/** Saves a screenshot, after checking the page's layout: no visible panel holds content
 * wider than itself (long names, results or values wrap or are cut, never spill out). */
async function shot(page, name) {
  const wide = await page.evaluate(() => [...document.querySelectorAll('.panel')]
    .filter((p) => p.offsetParent !== null && p.scrollWidth > p.clientWidth + 1)
    .map((p) => p.dataset.testid || p.className));
  await page.screenshot({ path: path.join(artifacts, `${name}.png`), fullPage: true });
  assert.deepEqual(wide, [], `${name}: no panel has content wider than itself`);
}

function watchErrors(page, label, errors) {
  page.on('pageerror', (e) => errors.push(`${label}: ${e.message}`));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(`${label} console: ${m.text()}`); });
}

let failures = 0;

/**
 * Makes a page's waits explain themselves when they time out: a screenshot, the page's
 * text and what went wrong on it (console errors, failed requests, answers of 400 and
 * above) go to the artifacts, and a summary into the error, so that a failure seen once
 * (as on a loaded machine) can be understood afterwards.
 */
function explainFailures(page) {
  const log = [];
  page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') log.push(`console ${m.type()}: ${m.text()}`); });
  page.on('pageerror', (e) => log.push(`page error: ${e.message}`));
  page.on('requestfailed', (r) => log.push(`request failed: ${r.method()} ${r.url()} ${r.failure()?.errorText ?? ''}`));
  page.on('response', (r) => { if (r.status() >= 400) log.push(`${r.status()} ${r.request().method()} ${r.url()}`); });
  page.on('websocket', (ws) => {
    log.push(`websocket opened: ${ws.url()}`);
    ws.on('close', () => log.push(`websocket closed: ${ws.url()}`));
  });
  for (const method of ['goto', 'waitForSelector', 'waitForFunction', 'waitForURL', 'click', 'fill', 'check', 'selectOption']) {
    const original = page[method].bind(page);
    page[method] = async (...args) => {
      try {
        return await original(...args);
      } catch (e) {
        const n = ++failures;
        await page.screenshot({ path: path.join(artifacts, `failure-${n}.png`), fullPage: true }).catch(() => {});
        const text = await page.evaluate(() => document.body.innerText).catch(() => '(no text)');
        const report = `${page.url()}\n${method} ${String(args[0]).slice(0, 200)}\n\n--- page text ---\n${text}\n\n--- page log ---\n${log.join('\n')}\n`;
        writeFileSync(path.join(artifacts, `failure-${n}.txt`), report);
        const summary = `on ${page.url()} (web/tests/artifacts/failure-${n}.png, .txt)\npage log: ${log.slice(-8).join(' | ') || 'nothing'}\npage text: ${text.replace(/\s+/g, ' ').slice(0, 400)}`;
        // The harness prints the stack, which holds the message as it was thrown.
        e.stack = `${e.stack}\n${summary}`;
        throw e;
      }
    };
  }
}

async function newPlayer(viewport) {
  const context = await browser.newContext({ viewport, acceptDownloads: true });
  const page = await context.newPage();
  page.setDefaultTimeout(WAIT);
  explainFailures(page);
  return { context, page };
}

/** Clicks a point and waits until the stone stands there on every page given. */
async function play(page, point, color, pages = [page]) {
  await page.click(tid(`pt-${point}`));
  for (const p of pages) {
    await p.waitForSelector(`${tid(`stone-${point}`)}[data-color="${color}"]`);
  }
}

/** Moves the keyboard cursor of the board to `target` with the arrow keys. */
async function cursorTo(page, target, size) {
  await page.focus(tid('goban'));
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowDown');
  const from = await page.getAttribute(tid('cursor'), 'data-point');
  const a = parsePoint(from, size);
  const b = parsePoint(target, size);
  const keys = [];
  for (let i = a.x; i < b.x; i++) keys.push('ArrowRight');
  for (let i = a.x; i > b.x; i--) keys.push('ArrowLeft');
  for (let i = a.y; i < b.y; i++) keys.push('ArrowDown');
  for (let i = a.y; i > b.y; i--) keys.push('ArrowUp');
  for (const k of keys) await page.keyboard.press(k);
  await page.waitForSelector(`${tid('cursor')}[data-point="${target}"]`, { state: 'attached' });
}

async function waitPhase(page, re) {
  await page.waitForFunction((src) => new RegExp(src).test(document.querySelector('[data-testid="status"]').textContent), re.source);
}

async function createGame(page, base, opts) {
  await page.goto(`${base}/`);
  await page.waitForSelector(`${tid('ruleset-select')} option[value="${opts.ruleset}"]`, { state: 'attached' });
  await page.fill(tid('lobby-name'), opts.name);
  await page.selectOption(tid('size-select'), String(opts.size));
  await page.selectOption(tid('ruleset-select'), opts.ruleset);
  await page.check(tid(`color-${opts.color}`));
  await page.selectOption(tid('time-system'), opts.time || 'none');
  if (opts.time === 'byoyomi') {
    await page.fill(tid('time-main'), '10');
    await page.fill(tid('time-periods'), '5');
    await page.fill(tid('time-period'), '30');
  }
  await page.check(tid(`opponent-${opts.opponent}`));
  if (opts.opponent === 'bot') await page.selectOption(tid('bot-playouts'), String(opts.playouts || 100));
  await page.click(tid('create-button'));
  await page.waitForURL(/\/game\//);
  await page.waitForSelector(tid('goban'));
  await page.waitForSelector(`${tid('pt-A1')}`, { state: 'attached' });
  return page.url().split('/game/')[1].split(/[?#]/)[0];
}

// ---- Scenarios ----------------------------------------------------------------------------
async function twoPlayers(base) {
  const errors = [];
  const a = await newPlayer({ width: 1280, height: 900 });
  const b = await newPlayer({ width: 412, height: 900 }); // a phone-sized window
  watchErrors(a.page, 'Alice', errors);
  watchErrors(b.page, 'Bob', errors);
  const A = a.page;
  const B = b.page;
  const both = [A, B];
  try {
    await A.goto(`${base}/`);
    await A.waitForSelector(`${tid('ruleset-select')} option[value="japanese"]`, { state: 'attached' });
    await A.selectOption(tid('ruleset-select'), 'japanese');
    await A.waitForFunction(() => document.querySelector('[data-testid="ruleset-summary"]').textContent.length > 10);
    await shot(A, 'lobby');

    const id = await createGame(A, base, { name: 'Alice', size: 9, ruleset: 'japanese', color: 'black', time: 'byoyomi', opponent: 'human' });
    assert.ok(!A.url().includes('token='), `the token stays out of the address bar: ${A.url()}`);
    const stored = await A.evaluate((gid) => localStorage.getItem(`tengen.seat.${gid}`), id);
    assert.match(stored, /"seat":"black"/, 'the seat token is kept in localStorage');

    await A.waitForSelector(tid('invite-panel'));
    await shot(A, 'waiting-for-opponent');
    const invite = await A.inputValue(tid('invite-link'));
    assert.match(invite, /\/game\/.+seat=white/, `an invitation link for White: ${invite}`);

    // Bob opens the link and takes the seat.
    await B.goto(invite);
    await B.waitForSelector(tid('join-panel'));
    assert.ok(!B.url().includes('token='), 'the invited token is stripped too');
    await B.fill(tid('join-name'), 'Bob');
    await B.click(tid('join-button'));
    await waitPhase(A, /Your move/);
    await waitPhase(B, /Black to move/);
    // The join exchanged the invitation for Bob's own secret: his browser keeps that one,
    // Alice's forgets the invitation, and the invitation no longer acts for White.
    const inviteToken = new URL(invite).searchParams.get('token');
    // The phase can show before the join's answer with the fresh secret is stored.
    await B.waitForFunction(([gid, old]) => {
      const held = localStorage.getItem(`tengen.seat.${gid}`);
      return held !== null && JSON.parse(held).token !== old;
    }, [id, inviteToken]);
    const bobSeat = JSON.parse(await B.evaluate((gid) => localStorage.getItem(`tengen.seat.${gid}`), id));
    assert.equal(bobSeat.seat, 'white');
    assert.notEqual(bobSeat.token, inviteToken, 'the invitation was exchanged for a fresh secret');
    await A.waitForFunction((gid) => localStorage.getItem(`tengen.invite.${gid}`) === null, id);
    await A.waitForSelector(tid('invite-panel'), { state: 'hidden' });
    const spent = await A.request.post(`${base}/api/games/${id}/actions`, {
      headers: { authorization: `Bearer ${inviteToken}`, 'content-type': 'application/json' },
      data: { type: 'resign' },
    });
    assert.equal(spent.status(), 401, 'the used invitation acts for nothing');
    await A.waitForSelector(`${tid('name-white')}:has-text("Bob")`);
    await A.waitForSelector(`${tid('clock-black')}.running`);

    // Hovering shows the stone Alice would play.
    await A.hover(tid('pt-C3'));
    await A.waitForSelector(`${tid('ghost-hover')}.black`, { state: 'attached' });
    // Opening: a ko shape around E5/F5. One move by keyboard, one with the confirm step.
    await play(A, 'E6', 'black', both);
    await play(B, 'F6', 'white', both);
    await play(A, 'D5', 'black', both);
    await play(B, 'E5', 'white', both);
    await play(A, 'E4', 'black', both);
    await play(B, 'F4', 'white', both);
    // Alice plays D7 with the keyboard.
    await cursorTo(A, 'D7', 9);
    await A.keyboard.press('Enter');
    for (const p of both) await p.waitForSelector(`${tid('stone-D7')}[data-color="black"]`);
    // Bob turns on the confirm step: the first tap only proposes the move.
    await B.check(tid('confirm-toggle'));
    await B.click(tid('pt-G5'));
    await B.waitForSelector(tid('ghost-pending'), { state: 'attached' });
    assert.equal(await B.locator(tid('stone-G5')).count(), 0, 'an unconfirmed move is not played');
    await B.click(tid('confirm-move'));
    for (const p of both) await p.waitForSelector(`${tid('stone-G5')}[data-color="white"]`);
    await B.uncheck(tid('confirm-toggle'));

    // Black captures E5.
    await play(A, 'F5', 'black', both);
    for (const p of both) await p.waitForSelector(tid('stone-E5'), { state: 'detached' });
    await A.waitForSelector(`${tid('prisoners-black')}:has-text("1 prisoner")`);
    await B.waitForSelector(`${tid('last-move')}[data-point="F5"]`, { state: 'attached' });

    // White's immediate recapture is refused, with the rule's explanation and the point marked.
    await B.click(tid('pt-E5'));
    const msg = B.locator(tid('message'));
    await msg.waitFor({ state: 'visible' });
    const text = await msg.textContent();
    assert.match(text, /ko/i, `the refusal names the rule: ${text}`);
    await B.waitForSelector(`${tid('refused')}[data-point="E5"]`, { state: 'attached' });
    assert.equal(await B.locator(tid('stone-E5')).count(), 0, 'the refused move is not on the board');
    await shot(B, 'play-refused-ko-phone');

    // White invades at B8 instead; Black fills the ko; then both build walls (D and G
    // columns) so that each side has territory to count.
    await play(B, 'B8', 'white', both);
    await play(A, 'E5', 'black', both);
    const walls = ['G4', 'D4', 'G6', 'D6', 'G3', 'D3', 'G7', 'D2', 'G2', 'D8', 'G8', 'D1', 'G1', 'D9', 'G9'];
    for (let i = 0; i < walls.length - 1; i++) {
      const white = i % 2 === 0;
      await play(white ? B : A, walls[i], white ? 'white' : 'black', both);
    }
    // Alice's connection drops (and stays down) while Bob plays G9; once it is back, the
    // first state message brings her page up to date.
    await A.evaluate(() => window.__tengen.conn.close());
    await A.waitForSelector(`${tid('connection')}[data-state="closed"]`, { state: 'attached' });
    await play(B, 'G9', 'white');
    assert.equal(await A.locator(tid('stone-G9')).count(), 0, 'no news while disconnected');
    await A.evaluate(() => window.__tengen.conn.connect());
    await A.waitForSelector(`${tid('stone-G9')}[data-color="white"]`, { state: 'attached' });
    await A.waitForSelector(`${tid('connection')}[data-state="open"]`, { state: 'attached' });
    // An unexpected close is followed by a reconnection with backoff.
    await A.evaluate(() => window.__tengen.conn.ws.close());
    await A.waitForSelector(`${tid('connection')}:not([data-state="open"])`, { state: 'attached' });
    await A.waitForSelector(`${tid('connection')}[data-state="open"]`, { state: 'attached' });
    await shot(A, 'play-9x9');

    // Black passes (with confirmation), then White: counting begins.
    await A.click(tid('pass-button'));
    await A.waitForSelector(`${tid('confirm-dialog')}[open]`);
    await A.click(tid('confirm-yes'));
    await waitPhase(B, /Black passed/);
    await B.click(tid('pass-button'));
    await B.click(tid('confirm-yes'));
    for (const p of both) await p.waitForSelector(tid('scoring-panel'));

    // Alice toggles White's invader on B8; Bob sees the mark change.
    const deadBefore = await A.getAttribute(tid('stone-B8'), 'data-dead');
    await A.click(tid('pt-B8'));
    const expected = deadBefore === 'true' ? 'false' : 'true';
    for (const p of both) await p.waitForSelector(`${tid('stone-B8')}[data-dead="${expected}"]`, { state: 'attached' });
    if (expected === 'false') {
      // The server had proposed it dead already; mark it dead again.
      await B.click(tid('pt-B8'));
      for (const p of both) await p.waitForSelector(`${tid('stone-B8')}[data-dead="true"]`, { state: 'attached' });
    }
    await A.waitForSelector(tid('score-table'));
    await A.waitForSelector(tid('terr-A1'), { state: 'attached' });
    await A.waitForSelector(tid('terr-J9'), { state: 'attached' });
    await shot(A, 'scoring-9x9');
    await shot(B, 'scoring-9x9-phone');

    // Both accept; both see the same result.
    await A.click(tid('accept-button'));
    await B.waitForSelector(`${tid('accepted-black')}[data-accepted="true"]`);
    await B.click(tid('accept-button'));
    for (const p of both) await p.waitForSelector(tid('result-panel'));
    const resultA = await A.textContent(tid('result'));
    const resultB = await B.textContent(tid('result'));
    assert.equal(resultA, resultB, 'both players see the same result');
    const snap = await (await A.request.get(`${base}/api/games/${id}`)).json();
    assert.equal(snap.phase, 'finished');
    assert.ok(resultA.includes(snap.result), `the page shows the server's result ${snap.result}: ${resultA}`);
    assert.ok(resultA.includes(describeResult(snap.result)));
    // Black: territory A-C (27 points, B8 included) + 1 prisoner (E5) + 1 dead stone = 29;
    // White: territory H-J (18) + komi 6.5 = 24.5; the E-F columns are neutral.
    assert.equal(snap.result, 'B+4.5', `the expected score: ${snap.result}`);
    assert.equal(await A.textContent(tid('total-black')), '29');
    assert.equal(await A.textContent(tid('total-white')), '24.5');
    await shot(A, 'finished-9x9');

    // The SGF download.
    const [download] = await Promise.all([A.waitForEvent('download'), A.click(tid('sgf-download'))]);
    const sgf = readFileSync(await download.path(), 'utf8');
    assert.match(sgf, /^\s*\(;/, 'an SGF game tree');
    assert.match(sgf, /SZ\[9\]/);
    assert.match(sgf, /;B\[ed\]/, 'Black E6 is written as ed');
    assert.match(sgf, /;B\[fe\]/, 'Black F5 is written as fe');
    assert.match(sgf, /KM\[6\.5\]/);
    const re = /RE\[([^\]]*)\]/.exec(sgf);
    assert.ok(re, 'the SGF has a result');
    assert.equal(re[1], snap.result, 'the SGF result is the game result');
    assert.match(sgf, /TB(\[[a-s]{2}\])*\[bb\]/, 'the dead stone on B8 counts for Black (TB)');

    // Stepping through the moves after the game.
    const n = snap.moves.length;
    await A.click(tid('replay-prev'));
    await A.waitForSelector(`${tid('replay-pos')}:has-text("Move ${n - 1} / ${n}")`);
    await A.click(tid('replay-first'));
    await A.waitForSelector(`${tid('replay-pos')}:has-text("Move 0 / ${n}")`);
    assert.equal(await A.locator('[data-testid^="stone-"]').count(), 0, 'the first position is empty');
    await A.click(tid('replay-next'));
    await A.waitForSelector(`${tid('stone-E6')}[data-color="black"]`, { state: 'attached' });
    assert.equal(await A.locator('[data-testid^="stone-"]').count(), 1);
    // After move 9 (F5 captures E5) the white stone is gone; before it, it stands.
    await A.click(tid('move-8'));
    await A.waitForSelector(tid('stone-E5'), { state: 'attached' });
    await A.click(tid('move-9'));
    await A.waitForSelector(tid('stone-E5'), { state: 'detached' });
    await A.focus(tid('goban'));
    await A.keyboard.press('End');
    await A.waitForSelector(`${tid('replay-pos')}:has-text("Move ${n} / ${n}")`);
    await shot(A, 'replay-9x9');

    // The lobby lists the game as finished.
    await A.goto(`${base}/`);
    await A.waitForSelector(`${tid('finished-games')} ${tid(`game-row-${id}`)}`);
    assert.deepEqual(errors, [], 'no script errors');
  } finally {
    await a.context.close();
    await b.context.close();
  }
}

/** The empty points of `rows` (the snapshot's board: 'X' Black, 'O' White, '.' empty) that
 * touch stones of both colours: an open border or an unfilled dame. */
function openBorder(rows) {
  const at = (x, y) => (rows[y] || '')[x];
  const out = [];
  rows.forEach((row, y) => [...row].forEach((c, x) => {
    if (c !== '.') return;
    const near = [at(x - 1, y), at(x + 1, y), at(x, y - 1), at(x, y + 1)];
    if (near.includes('X') && near.includes('O')) out.push(`${x},${y}`);
  }));
  return out;
}

/** Checks the built-in player's pass, if the last move was one: under Chinese rules it may
 * pass only when no border is open, no dame is left and the stones it needs captured are
 * off the board, so no empty point may touch both colours. Returns whether it had passed. */
async function checkBotPass(page, base, id) {
  const snap = await (await page.request.get(`${base}/api/games/${id}`)).json();
  const last = snap.moves[snap.moves.length - 1];
  if (!last || last.color !== 'white' || last.point !== 'pass') return false;
  assert.deepEqual(openBorder(snap.board), [],
    `the built-in player passed at move ${snap.moves.length} with open points:\n${snap.board.join('\n')}`);
  return true;
}

async function againstBot(base) {
  const errors = [];
  const a = await newPlayer({ width: 1200, height: 860 });
  watchErrors(a.page, 'Player', errors);
  const A = a.page;
  try {
    await createGame(A, base, { name: 'Carol', size: 9, ruleset: 'chinese', color: 'black', time: 'none', opponent: 'bot', playouts: 100 });
    await waitPhase(A, /Your move/);
    const id = await A.evaluate(() => location.pathname.split('/').pop());
    const opening = ['E5', 'C3', 'G7', 'C7', 'G3'];
    let turns = 0;
    let botPasses = 0;
    for (;;) {
      // Wait until it is our move, or the game is over.
      await A.waitForFunction(() => {
        const done = !document.querySelector('[data-testid="result-panel"]').hidden;
        const scoring = !document.querySelector('[data-testid="scoring-panel"]').hidden;
        const pass = document.querySelector('[data-testid="pass-button"]');
        const controls = !document.querySelector('[data-testid="play-controls"]').hidden;
        return done || scoring || (controls && !pass.disabled);
      }, null, { timeout: 120000 });
      if (await checkBotPass(A, base, id)) botPasses++;
      if (await A.isVisible(tid('result-panel'))) break;
      if (await A.isVisible(tid('scoring-panel'))) {
        if (await A.isEnabled(tid('accept-button'))) await A.click(tid('accept-button'));
        await A.waitForSelector(tid('result-panel'), { timeout: 60000 });
        break;
      }
      turns++;
      const before = await A.textContent(tid('move-count'));
      if (turns > 40) {
        await A.click(tid('resign-button'));
        await A.click(tid('confirm-yes'));
      } else {
        const next = opening.shift();
        const free = next && (await A.locator(tid(`stone-${next}`)).count()) === 0;
        if (free) {
          await A.click(tid(`pt-${next}`));
          if (turns === 3) {
            await A.waitForSelector(tid(`stone-${next}`), { state: 'attached' });
            await shot(A, 'bot-game-in-play');
          }
        } else {
          await A.click(tid('pass-button'));
          await A.click(tid('confirm-yes'));
        }
      }
      // Our action is in when the move count changes (or the game has moved on).
      await A.waitForFunction((b) => document.querySelector('[data-testid="move-count"]').textContent !== b
        || !document.querySelector('[data-testid="result-panel"]').hidden
        || !document.querySelector('[data-testid="scoring-panel"]').hidden, before);
    }
    const result = await A.textContent(tid('result'));
    assert.match(result, /wins|Draw|No result/, `a result: ${result}`);
    // Black stopped playing after five stones: the game ended by the player's own pass,
    // checked above, not by a resignation at the turn limit.
    assert.ok(botPasses >= 1 && turns <= 40, `the built-in player finished the game (passes ${botPasses}, turns ${turns})`);
    const name = await A.textContent(tid('name-white'));
    assert.match(name, /bot|Built-in/i, `White is the built-in player: ${name}`);
    await shot(A, 'bot-game-finished');
    assert.deepEqual(errors, [], 'no script errors');
  } finally {
    await a.context.close();
  }
}

async function confirmationPlay(base) {
  const errors = [];
  const a = await newPlayer({ width: 1200, height: 860 });
  const b = await newPlayer({ width: 1200, height: 860 });
  watchErrors(a.page, 'Dan', errors);
  watchErrors(b.page, 'Eve', errors);
  const A = a.page;
  const B = b.page;
  const both = [A, B];
  try {
    await createGame(A, base, { name: 'Dan', size: 9, ruleset: 'japanese', color: 'black', time: 'none', opponent: 'human' });
    await A.waitForSelector(tid('invite-panel'));
    // Eve pastes the link into the lobby's "join by link" box.
    await B.goto(`${base}/`);
    await B.fill(tid('join-link'), await A.inputValue(tid('invite-link')));
    await B.click(tid('join-go'));
    await B.waitForSelector(tid('join-panel'));
    await B.fill(tid('join-name'), 'Eve');
    await B.click(tid('join-button'));
    await waitPhase(A, /Your move/);
    await play(A, 'C3', 'black', both);
    await play(B, 'G7', 'white', both);
    await play(A, 'G6', 'black', both);
    await B.click(tid('pass-button'));
    await B.click(tid('confirm-yes'));
    await waitPhase(A, /White passed/);
    await A.click(tid('pass-button'));
    await A.click(tid('confirm-yes'));
    for (const p of both) await p.waitForSelector(tid('scoring-panel'));
    // Dan disputes the marks: under Japanese rules that starts confirmation play.
    await A.click(tid('reject-button'));
    await A.click(tid('confirm-yes'));
    for (const p of both) {
      await p.waitForSelector(`${tid('board-banner')}.confirming`);
      await p.waitForSelector(`${tid('goban')}.mode-confirming`);
    }
    const snap = await (await A.request.get(`${base}/api/games/${await A.evaluate(() => location.pathname.split('/').pop())}`)).json();
    assert.equal(snap.phase, 'confirming');
    const mover = snap.confirming.to_move === 'black' ? A : B;
    const other = mover === A ? B : A;
    await play(mover, 'C4', snap.confirming.to_move, both);
    await waitPhase(other, /Confirmation play.*Your move/);
    await shot(other, 'confirmation-play');
    // The main board is restored afterwards: two passes end the confirmation play.
    await other.click(tid('pass-button'));
    await other.click(tid('confirm-yes'));
    await waitPhase(mover, /passed\. Your move/);
    await mover.click(tid('pass-button'));
    await mover.click(tid('confirm-yes'));
    for (const p of both) {
      await p.waitForFunction(() => !document.querySelector('[data-testid="result-panel"]').hidden
        || !document.querySelector('[data-testid="scoring-panel"]').hidden);
      assert.equal(await p.locator(`${tid('goban')}.mode-confirming`).count(), 0, 'the confirmation look is gone');
    }
    assert.deepEqual(errors, [], 'no script errors');
  } finally {
    await a.context.close();
    await b.context.close();
  }
}

/** A finished game's snapshot (tests/fixtures/finished.json) whose names, move points,
 * result and score fields carry markup that would run script if it were not escaped. */
function hostileSnapshot(id) {
  const g = JSON.parse(readFileSync(path.join(here, 'fixtures', 'finished.json'), 'utf8'));
  const evil = (n) => `<img src=x onerror="window.__pwned=${n}">`;
  g.id = id;
  g.players.black.name = evil(1);
  g.players.white.name = `${evil(2)}"><script>window.__pwned=3</script>`;
  g.moves[0].point = evil(4);
  g.moves[1].captures = [evil(5)];
  g.result = evil(6);
  g.ruleset_title = evil(7);
  if (g.score) g.score.black.komi = evil(8);
  delete g._refusal;
  return g;
}

async function hostileText(base) {
  const a = await newPlayer({ width: 1200, height: 900 });
  const A = a.page;
  try {
    // The shipped pages carry a policy that allows this site's scripts only.
    const lobby = await A.goto(`${base}/`);
    const headers = lobby.headers();
    assert.match(headers['content-security-policy'] || '', /script-src 'self'/);
    assert.match(headers['content-security-policy'] || '', /frame-ancestors 'none'/);
    assert.equal(headers['x-content-type-options'], 'nosniff');
    assert.equal(headers['referrer-policy'], 'no-referrer');
    assert.equal((await A.request.get(`${base}/package.json`)).status(), 404, 'package.json is not served');
    assert.equal((await A.request.get(`${base}/tests/e2e.mjs`)).status(), 404, 'the tests are not served');

    // A real game whose player chose a name made of markup: the lobby (its open
    // challenges) and the game page show it as text.
    const name = '<img src=x onerror="window.__pwned=9">';
    const created = await (await A.request.post(`${base}/api/games`, {
      headers: { 'content-type': 'application/json' },
      data: { size: 9, name, public: true },
    })).json();
    await A.request.post(`${base}/api/games/${created.id}/actions`, {
      headers: { authorization: `Bearer ${created.seats.black.token}`, 'content-type': 'application/json' },
      data: { type: 'join' },
    });
    await A.goto(`${base}/`);
    const row = A.locator(tid(`challenge-${created.id}`));
    await row.waitFor();
    assert.ok((await row.textContent()).includes(name), 'the lobby shows the name as text');
    await A.goto(`${base}/game/${created.id}`);
    await A.waitForSelector(`${tid('name-black')}:has-text("onerror")`);
    assert.equal(await A.textContent(tid('name-black')), name);

    // A snapshot with markup in every field (served by this test in place of the server's
    // answers, for a game the server does not have): all of it is text on the page.
    const g = hostileSnapshot('hostile1');
    await A.route('**/api/games/hostile1', (route) => route.fulfill({ json: g }));
    await A.routeWebSocket('**/api/games/hostile1/ws', (ws) => {
      ws.onMessage(() => {});
      ws.send(JSON.stringify({ type: 'state', game: g }));
    });
    await A.goto(`${base}/game/hostile1`);
    await A.waitForSelector(tid('move-1'));
    await A.waitForSelector(tid('result-panel'));
    assert.ok((await A.textContent(tid('move-1'))).includes('<img'), 'the move field shows as text');
    assert.ok((await A.textContent(tid('name-white'))).includes('<script>'), 'the name shows as text');
    // Long text stays in its own box: a move's entry does not spill over the next one, and
    // the score table fits its panel (`shot` checks every panel).
    const boxes = await A.evaluate(() => {
      const rect = (el) => el.getBoundingClientRect();
      const pt = rect(document.querySelector('[data-testid="move-1"] .pt'));
      const next = rect(document.querySelector('[data-testid="move-2"]'));
      const table = document.querySelector('.score-table');
      return {
        spills: pt.right > next.left + 1 && pt.left < next.right && pt.bottom > next.top && pt.top < next.bottom,
        tableOver: rect(table).right - rect(table.parentElement).right,
      };
    });
    assert.equal(boxes.spills, false, 'move 1 does not overlap move 2');
    assert.ok(boxes.tableOver <= 0, `the score table fits its panel (over by ${boxes.tableOver}px)`);
    await shot(A, 'hostile-text');

    // The page no longer loads a snapshot named in its address (?fixture=), not even a
    // data: URL with markup in it.
    const data = `data:application/json,${encodeURIComponent(JSON.stringify(hostileSnapshot('nosuch')))}`;
    await A.goto(`${base}/game/nosuch?fixture=${encodeURIComponent(data)}&as=black`);
    await A.waitForSelector(`${tid('message')}:has-text("no such game")`);
    assert.equal(await A.locator(tid('move-1')).count(), 0, 'the fixture was not loaded');
    for (const page of [A]) {
      assert.equal(await page.evaluate(() => window.__pwned), undefined, 'no injected script ran');
      assert.equal(await page.locator('img').count(), 0, 'no injected element');
    }
  } finally {
    await a.context.close();
  }
}

async function wrongLinkKeepsSeat(base) {
  const errors = [];
  const a = await newPlayer({ width: 1200, height: 900 });
  watchErrors(a.page, 'Fay', errors);
  const A = a.page;
  try {
    const created = await (await A.request.post(`${base}/api/games`, {
      headers: { 'content-type': 'application/json' },
      data: { size: 9, name: 'Fay' },
    })).json();
    const id = created.id;
    await A.goto(`${base}${created.seats.black.link}`);
    await A.waitForSelector(tid('join-panel'));
    const held = () => A.evaluate((gid) => JSON.parse(localStorage.getItem(`tengen.seat.${gid}`)), id);
    assert.equal((await held()).token, created.seats.black.token);
    // A link with a wrong token for the same game (a mistake, or someone's trick).
    await A.goto(`${base}/game/${id}?seat=black&token=0123456789abcdef0123456789abcdef`);
    await A.waitForSelector(tid('pt-A1'), { state: 'attached' });
    assert.equal((await held()).token, created.seats.black.token, 'the seat token held is kept');
    await A.waitForSelector(tid('link-panel'));
    assert.ok(!A.url().includes('token='), 'the token leaves the address bar');
    await shot(A, 'link-with-another-token');
    await A.click(tid('link-keep'));
    await A.waitForSelector(tid('link-panel'), { state: 'hidden' });
    // The seat still acts: Fay takes it, then cancels the game nobody joined.
    await A.click(tid('join-button'));
    await A.waitForSelector(`${tid('name-black')}:has-text("Fay")`);
    const snap = await (await A.request.get(`${base}/api/games/${id}`)).json();
    assert.equal(snap.players.black.joined, true);
    assert.deepEqual(errors, [], 'no script errors');
  } finally {
    await a.context.close();
  }
}

async function cancelUnstarted(base) {
  const errors = [];
  const a = await newPlayer({ width: 1200, height: 900 });
  watchErrors(a.page, 'Gus', errors);
  const A = a.page;
  try {
    const id = await createGame(A, base, { name: 'Gus', size: 9, ruleset: 'japanese', color: 'black', time: 'none', opponent: 'human' });
    await A.waitForSelector(tid('invite-panel'));
    await A.click(tid('cancel-game'));
    await A.click(tid('confirm-yes'));
    await waitPhase(A, /cancelled/);
    await A.waitForSelector(`${tid('notice')}:has-text("cancelled")`);
    assert.equal(await A.isVisible(tid('invite-panel')), false);
    assert.equal(await A.evaluate((gid) => localStorage.getItem(`tengen.invite.${gid}`), id), null);
    const snap = await (await A.request.get(`${base}/api/games/${id}`)).json();
    assert.equal(snap.phase, 'cancelled');
    await shot(A, 'cancelled');
    assert.deepEqual(errors, [], 'no script errors');
  } finally {
    await a.context.close();
  }
}

/** The legality column of `tengen compare`'s table for one row of its JSON. */
function legalityOf(row) {
  const f = row.first_illegal;
  if (!f) return 'all legal';
  const more = row.illegal_moves > 1 ? ` (and ${row.illegal_moves - 1} more)` : '';
  return `move ${f.number} ${f.color} ${f.gtp}: ${f.rule}${more}`;
}

/** A 19x19 record of 400 moves: Black plays 200 stones in rows from the top-left corner,
 * White passes each time (no capture, no two passes in a row: every move is legal). */
function longRecord() {
  const letters = 'abcdefghijklmnopqrs';
  let sgf = '(;GM[1]FF[4]SZ[19]KM[6.5]RU[Japanese]PB[Long]PW[Passer]';
  for (let k = 0; k < 200; k++) {
    const x = k % 19;
    const y = Math.floor(k / 19);
    sgf += `;B[${letters[x]}${letters[y]}];W[]`;
  }
  return `${sgf})`;
}

async function reviewPage(base) {
  const errors = [];
  const a = await newPlayer({ width: 1280, height: 900 });
  const b = await newPlayer({ width: 412, height: 900 });
  watchErrors(a.page, 'Reviewer', errors);
  watchErrors(b.page, 'Phone reviewer', errors);
  const A = a.page;
  const fixture = path.join(here, 'fixtures', 'triple-ko.sgf');
  try {
    await A.goto(`${base}/review`);
    await A.setInputFiles(tid('review-file'), fixture);
    await A.waitForSelector(tid('rmove-8'));
    // The record's game information is text, markup and all (PB[Black <b>]).
    assert.match(await A.textContent(tid('record-info')), /Black <b>/);
    assert.equal(await A.locator(`${tid('record-info')} b`).count(), 0);
    // Move 6 recreates the starting position: refused under Chinese rules (positional
    // superko), legal under Japanese rules (simple ko bans only the immediate retake).
    await A.click(`${tid('rmove-6')} button`);
    await A.click(tid('chip-chinese'));
    await A.waitForSelector(`${tid('chip-chinese')}[aria-checked="true"]`);
    await A.waitForSelector(`${tid('rmove-6')}[data-illegal="true"]`);
    const chinese = A.locator(`${tid('move-refusals')} li.refusal[data-rulesets~="chinese"]`);
    assert.match(await chinese.textContent(), /positional superko: this play would recreate the starting position/);
    assert.equal(await A.locator(`${tid('move-refusals')} li.legal[data-rulesets~="japanese"]`).count(), 1);
    assert.equal(await A.getAttribute(tid('chip-chinese'), 'data-refused'), '1');
    assert.equal(await A.getAttribute(tid('chip-japanese'), 'data-refused'), '0');
    await A.waitForSelector(`${tid('refused')}[data-point="B3"]`, { state: 'attached' });
    await shot(A, 'review-refused-under-chinese');
    await A.click(tid('chip-japanese'));
    await A.waitForSelector(`${tid('rmove-6')}[data-illegal="false"]`);
    assert.equal(await A.locator(tid('refused')).count(), 0, 'nothing refused under Japanese rules');

    // The end under every ruleset is tengen compare's table on the same file.
    await A.waitForSelector(`${tid('row-chinese')} td.res:not(:empty)`);
    const expected = JSON.parse(execFileSync(BIN, ['compare', '--json', fixture], { encoding: 'utf8' }));
    const shown = await A.$$eval(`${tid('compare-table')} tbody tr`, (trs) => trs.map((tr) => ({
      ruleset: tr.dataset.ruleset,
      komi: tr.querySelector('.komi').textContent,
      result: tr.querySelector('.res').textContent,
      verdict: tr.querySelector('.verdict').textContent,
      legality: tr.querySelector('.legality').textContent,
    })));
    const verdicts = { agrees: 'agrees', 'agrees-on-winner': 'same winner', differs: 'differs' };
    assert.deepEqual(shown, expected.rows.map((r) => ({
      ruleset: r.ruleset,
      komi: r.komi,
      result: r.result,
      verdict: verdicts[r.agreement.verdict] || '-',
      legality: legalityOf(r),
    })));
    await shot(A, 'review-table');

    // Keys, buttons and numbers.
    await A.keyboard.press('Home');
    await A.waitForSelector(`${tid('nav-pos')}:has-text("Move 0 / 8")`);
    await A.keyboard.press('ArrowRight');
    await A.waitForSelector(`${tid('nav-pos')}:has-text("Move 1 / 8")`);
    await A.check(tid('numbers-toggle'));
    assert.equal(await A.textContent(tid('num-C8')), '1');
    await A.click(tid('nav-next'));
    await A.waitForSelector(`${tid('nav-pos')}:has-text("Move 2 / 8")`);

    // A variation: after move 1 White's retake at B8 is refused (ko), with the rule.
    await A.click(`${tid('rmove-1')} button`);
    await A.click(tid('pt-B8'));
    await A.waitForSelector(`${tid('review-message')}:has-text("ko")`);
    assert.equal(await A.locator(tid('variation-1')).count(), 0, 'a refused move makes no variation');
    // After move 5, White plays E5 instead of retaking, then Black answers at E4.
    await A.click(`${tid('rmove-5')} button`);
    await A.click(tid('pt-E5'));
    await A.waitForSelector(tid('variation-1'));
    await A.waitForSelector(`${tid('stone-E5')}[data-color="white"]`, { state: 'attached' });
    await A.click(tid('pt-E4'));
    await A.waitForSelector(`${tid('stone-E4')}[data-color="black"]`, { state: 'attached' });
    assert.match(await A.textContent(tid('variation-1')), /after move 5, E5 E4 \(2 moves\)/);
    await shot(A, 'review-variation');
    const [download] = await Promise.all([A.waitForEvent('download'), A.click(tid('review-download'))]);
    const sgf = readFileSync(await download.path(), 'utf8').split(/\s+/).join('');
    // E5 and E4 are SGF ee and ef (rows from the top).
    assert.ok(sgf.includes(';B[gb](;W[bg];B[];W[])(;W[ee];B[ef]))'), sgf);

    // At the end of the record a click on a stone marks its chain dead for every ruleset.
    await A.click(tid('back-to-record'));
    await A.keyboard.press('End');
    await A.waitForSelector(`${tid('nav-pos')}:has-text("Move 8 / 8")`);
    const deadBefore = await A.getAttribute(tid('stone-D8'), 'data-dead');
    await A.click(tid('pt-D8'));
    await A.waitForSelector(`${tid('table-note')}:has-text("you marked")`);
    await A.waitForSelector(`${tid('stone-D8')}[data-dead="${deadBefore === 'true' ? 'false' : 'true'}"]`, { state: 'attached' });
    await A.click(tid('dead-reset'));
    await A.waitForSelector(`${tid('table-note')}:has-text("estimator")`);

    // A record whose margin contradicts its komi (KM[5], W+1.5): every count differs, and
    // the note and the verdicts say it is the record's error, as tengen compare does.
    const halfPoint = path.join(artifacts, 'half-point.sgf');
    writeFileSync(halfPoint, '(;GM[1]FF[4]SZ[9]KM[5]RE[W+1.5];B[ee];W[cc];B[];W[])');
    await A.setInputFiles(tid('review-file'), halfPoint);
    await A.waitForSelector(`${tid('table-note')}:has-text("W+1.5 is a margin no count reaches under komi 5")`);
    const wrongKomi = JSON.parse(execFileSync(BIN, ['compare', '--json', halfPoint], { encoding: 'utf8' }));
    const titles = await A.$$eval(`${tid('compare-table')} tbody tr`, (trs) => trs.map((tr) => tr.querySelector('.verdict').title));
    assert.deepEqual(titles, wrongKomi.rows.map((r) => (r.agreement.unreachable_under_komi
      ? `no count reaches W+1.5 under komi ${r.agreement.unreachable_under_komi}` : '')));
    assert.ok(titles.filter(Boolean).length >= 10, 'every ruleset but a half-point first pass names it');
    await shot(A, 'review-record-contradicts-komi');

    // A long record opens at once; the time is printed, not asserted (machine noise).
    const long = path.join(artifacts, 'long-400.sgf');
    writeFileSync(long, longRecord());
    const t0 = Date.now();
    await A.setInputFiles(tid('review-file'), long);
    await A.waitForSelector(`${tid('nav-pos')}:has-text("Move 400 / 400")`);
    console.log(`# a 400-move record opened in ${Date.now() - t0} ms (this server's build)`);

    // The phone: the same record, a finished game of the server opened by its id.
    const B = b.page;
    const created = await (await B.request.post(`${base}/api/games`, {
      headers: { 'content-type': 'application/json' }, data: { size: 9, ruleset: 'chinese' },
    })).json();
    const act = async (token, data) => (await B.request.post(`${base}/api/games/${created.id}/actions`, {
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, data,
    })).json();
    await act(created.seats.black.token, { type: 'join' });
    const white = (await act(created.seats.white.token, { type: 'join' })).token;
    await act(created.seats.black.token, { type: 'play', point: 'E5' });
    await act(white, { type: 'play', point: 'C3' });
    await act(created.seats.black.token, { type: 'resign' });
    await B.goto(`${base}/review?game=${created.id}`);
    await B.waitForSelector(`${tid('nav-pos')}:has-text("Move 2 / 2")`);
    assert.equal(await B.getAttribute(tid('chip-chinese'), 'aria-checked'), 'true', 'the game\'s own rules first');
    await B.waitForSelector(`${tid('row-chinese')} td.res:not(:empty)`);
    await shot(B, 'review-phone');
    assert.deepEqual(errors, [], 'no script errors');
  } finally {
    await a.context.close();
    await b.context.close();
  }
}

async function openChallenge(base) {
  const errors = [];
  const a = await newPlayer({ width: 1280, height: 900 });
  const b = await newPlayer({ width: 1100, height: 900 });
  const c = await newPlayer({ width: 412, height: 900 });
  watchErrors(a.page, 'Hana', errors);
  watchErrors(b.page, 'Spectator', errors);
  watchErrors(c.page, 'Ivo', errors);
  const [A, B, C] = [a.page, b.page, c.page];
  try {
    // Hana creates an open challenge that allows estimates.
    await A.goto(`${base}/`);
    await A.waitForSelector(`${tid('ruleset-select')} option[value="chinese"]`, { state: 'attached' });
    await A.fill(tid('lobby-name'), 'Hana');
    await A.selectOption(tid('size-select'), '9');
    await A.selectOption(tid('ruleset-select'), 'chinese');
    await A.selectOption(tid('time-system'), 'none');
    await A.check(tid('public-toggle'));
    await A.check(tid('estimate-toggle'));
    await A.click(tid('create-button'));
    await A.waitForURL(/\/game\//);
    const id = A.url().split('/game/')[1].split(/[?#]/)[0];
    await A.waitForSelector(tid('invite-panel'));
    // A spectator watches; Ivo, a third browser, takes the seat from the lobby's list.
    await B.goto(`${base}/game/${id}`);
    await B.waitForSelector(tid('open-seat-panel'));
    await C.goto(`${base}/`);
    await C.fill(tid('lobby-name'), 'Ivo');
    await C.waitForSelector(tid(`challenge-${id}`));
    assert.match(await C.textContent(tid(`challenge-${id}`)), /Hana/);
    await shot(C, 'lobby-open-challenge');
    await C.click(tid(`take-${id}`));
    await C.waitForURL(new RegExp(`/game/${id}`));
    await waitPhase(A, /Your move/);
    await C.waitForSelector(`${tid('name-white')}:has-text("Ivo")`);
    await B.waitForSelector(tid('open-seat-panel'), { state: 'hidden' });
    assert.equal(await B.isVisible(tid('play-controls')), false, 'the spectator has no controls');
    assert.equal(await B.isVisible(tid('chat-form')), false, 'the spectator reads the chat only');
    const gone = await (await C.request.get(`${base}/api/games?status=open`)).json();
    assert.ok(!gone.some((g) => g.id === id), 'the challenge left the list');

    // Sounds: Hana turns hers off (remembered); Ivo hears Hana's stone.
    await A.click(tid('sound-toggle'));
    await A.waitForSelector(`${tid('sound-toggle')}[aria-pressed="false"]`);
    assert.equal(await A.evaluate(() => localStorage.getItem('tengen.sound')), '0');
    const all = [A, B, C];
    await play(A, 'E5', 'black', all);
    await C.waitForFunction(() => window.__tengen.sound.played.some((p) => p.kind === 'stone' && p.audible));
    assert.ok(await A.evaluate(() => window.__tengen.sound.played.every((p) => !p.audible)), 'no sound on Hana\'s page');

    // Undo: Hana asks after her move and Ivo declines; Ivo plays; Hana asks again and
    // Ivo accepts: both moves leave both boards and the record.
    await A.click(tid('undo-button'));
    await A.click(tid('confirm-yes'));
    await C.waitForSelector(`${tid('undo-text')}:has-text("asks to take back 1 move")`);
    await shot(C, 'undo-request');
    await C.click(tid('undo-decline'));
    await A.waitForSelector(`${tid('notice')}:has-text("declined")`);
    assert.equal(await A.isDisabled(tid('undo-button')), true, 'no second request for the same move');
    await play(C, 'C3', 'white', all);
    await A.click(tid('undo-button'));
    await A.click(tid('confirm-yes'));
    await C.waitForSelector(`${tid('undo-text')}:has-text("2 moves")`);
    await C.click(tid('undo-accept'));
    for (const p of all) {
      await p.waitForSelector(tid('stone-E5'), { state: 'detached' });
      await p.waitForSelector(tid('stone-C3'), { state: 'detached' });
    }
    await A.waitForSelector(`${tid('notice')}:has-text("2 moves taken back")`);
    assert.equal(await A.locator(`${tid('move-list')} li`).count(), 0, 'the record lost both moves');
    await waitPhase(A, /Your move/);

    // Chat with markup in it shows as text to the players and the spectator.
    const evil = '<img src=x onerror="window.__pwned=17"> gg';
    await C.fill(tid('chat-input'), evil);
    await C.click(tid('chat-send'));
    for (const p of all) {
      await p.waitForSelector(`${tid('chat-log')} li:has-text("gg")`);
      assert.equal(await p.textContent(`${tid('chat-log')} li .chat-text`), evil);
      assert.equal(await p.locator(`${tid('chat-log')} img`).count(), 0);
      assert.equal(await p.evaluate(() => window.__pwned), undefined);
    }

    // Estimates: Hana allowed them when she created the game; once Ivo does, the
    // estimate shows who owns each point.
    await play(A, 'E5', 'black', all);
    await C.check(tid('allow-estimate'));
    await A.waitForSelector(`${tid('estimate-state')}:has-text("Both players allow")`);
    await A.click(tid('estimate-button'));
    await A.waitForSelector(`${tid('goban')} .ownership`, { state: 'attached' });
    await A.waitForSelector(`${tid('estimate-result')}:has-text("The estimator thinks")`);
    await shot(A, 'estimate');
    await shot(B, 'spectator-chat');
    await shot(C, 'phone-chat');
    assert.deepEqual(errors, [], 'no script errors');
  } finally {
    for (const x of [a, b, c]) await x.context.close();
  }
}

async function rulesInWords(base) {
  const errors = [];
  const a = await newPlayer({ width: 1200, height: 900 });
  watchErrors(a.page, 'Jo', errors);
  const A = a.page;
  const t = await browser.newContext({ viewport: { width: 412, height: 860 }, hasTouch: true, isMobile: true });
  const T = await t.newPage();
  explainFailures(T);
  T.setDefaultTimeout(WAIT);
  watchErrors(T, 'Touch', errors);
  try {
    // A handicap sets komi to 0.5 and says what the ruleset adds.
    await A.goto(`${base}/`);
    await A.waitForSelector(`${tid('ruleset-select')} option[value="chinese"]`, { state: 'attached' });
    await A.selectOption(tid('ruleset-select'), 'chinese');
    assert.equal(await A.inputValue(tid('komi-input')), '7.5');
    await A.selectOption(tid('handicap-select'), '4');
    assert.equal(await A.inputValue(tid('komi-input')), '0.5');
    assert.match(await A.textContent(tid('handicap-note')), /4 points of compensation/);
    await A.selectOption(tid('ruleset-select'), 'aga');
    assert.match(await A.textContent(tid('handicap-note')), /3 points of compensation/);
    await A.selectOption(tid('ruleset-select'), 'japanese');
    assert.match(await A.textContent(tid('handicap-note')), /no compensation/);
    await A.fill(tid('komi-input'), '2.5');
    await A.selectOption(tid('handicap-select'), '2');
    assert.equal(await A.inputValue(tid('komi-input')), '2.5', 'a komi typed in is kept');
    await shot(A, 'lobby-handicap');

    // Under AGA rules, Black passing second leaves the game going: White must pass last.
    const created = await (await A.request.post(`${base}/api/games`, {
      headers: { 'content-type': 'application/json' }, data: { size: 9, ruleset: 'aga' },
    })).json();
    const act = async (token, data) => (await A.request.post(`${base}/api/games/${created.id}/actions`, {
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, data,
    })).json();
    await act(created.seats.black.token, { type: 'join' });
    // White's join exchanges the invitation for the seat's own secret.
    const white = (await act(created.seats.white.token, { type: 'join' })).token;
    await act(created.seats.black.token, { type: 'play', point: 'E5' });
    await act(white, { type: 'pass' });
    await act(created.seats.black.token, { type: 'pass' });
    await A.goto(`${base}/game/${created.id}`);
    await waitPhase(A, /White must pass last/);

    // On a touch screen moves wait for a confirmation unless the player turned it off.
    await T.goto(`${base}/game/${created.id}`);
    await T.waitForSelector(tid('pt-A1'), { state: 'attached' });
    assert.equal(await T.evaluate(() => window.__tengen.ui.confirmMoves), true);
    assert.equal(await A.evaluate(() => window.__tengen.ui.confirmMoves), false, 'not with a mouse');
    assert.deepEqual(errors, [], 'no script errors');
  } finally {
    await a.context.close();
    await t.close();
  }
}

function unitChecks() {
  // The replay rebuilds earlier positions from the final board and each move's captures.
  const finalBoard = ['.X.', 'X.X', '.X.'];
  const moves = [
    { color: 'black', point: 'B3', captures: [] },
    { color: 'white', point: 'B2', captures: [] },
    { color: 'black', point: 'A2', captures: [] },
    { color: 'white', point: 'C1', captures: [] },
    { color: 'black', point: 'C2', captures: [] },
    { color: 'white', point: 'pass', captures: [] },
    { color: 'black', point: 'B1', captures: ['B2', 'C1'] },
  ];
  const pos = positionsFromMoves(finalBoard, moves);
  assert.deepEqual(pos[0], ['...', '...', '...']);
  assert.deepEqual(pos[6], ['.X.', 'XOX', '..O']);
  assert.deepEqual(pos[7], finalBoard);
  assert.deepEqual(parsePoint('J9', 9), { x: 8, y: 0 });
  assert.equal(pointName(8, 8, 19), 'J11');
  assert.equal(describeResult('B+3.5'), 'Black wins by 3.5 points');
  assert.equal(describeResult('W+R'), 'White wins by resignation');
  // Byo-yomi counted down locally through a period.
  const clock = {
    control: 'byoyomi:600+5x30', running: 'white', server_time: 0,
    white: { main_ms: 1000, period: 0, period_ms: 30000, periods_left: 5, flagged: false, flag_in_ms: 151000 },
  };
  assert.equal(clockFace(clock, 'white', 500).main, '0.5');
  const f = clockFace(clock, 'white', 1000 + 30000 + 5000);
  assert.equal(f.main, '0:25');
  assert.match(f.detail, /4 periods left/);
  // The server sends period_ms 0 while in main time: the first period is then a full one.
  const main = { ...clock, white: { ...clock.white, period_ms: 0 } };
  assert.equal(clockFace(main, 'white', 1000 + 2000).main, '0:28');
  assert.match(clockFace(main, 'white', 1000 + 2000).detail, /5 periods left/);
  assert.deepEqual(parseControl('canadian:10m+25/5m'), { system: 'canadian', main: 600000, stones: 25, period: 300000 });
}

// ---- Main -----------------------------------------------------------------------------------
async function main() {
  await test('replay positions, points, results and clocks (no browser)', unitChecks);
  let base = null;
  try {
    base = await startServer();
    console.log(`# server at ${base}`);
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    });
  } catch (e) {
    results.push({ name: 'start the server and Chromium', ok: false, error: e });
    console.log(`not ok - start the server and Chromium\n  ${e.message}`);
  }
  if (base && browser) {
    await test('two players: create and join a 9x9 game, capture, refused ko, pass, mark a dead chain, accept, SGF, replay', () => twoPlayers(base));
    await test('Japanese rules: a rejected count starts confirmation play, shown as such', () => confirmationPlay(base));
    await test('a game against the built-in player, to the end', () => againstBot(base));
    await test('markup in names, moves and results shows as text; no ?fixture=; security headers', () => hostileText(base));
    await test('a link with another token keeps the seat the browser holds', () => wrongLinkKeepsSeat(base));
    await test('the creator cancels a game nobody joined', () => cancelUnstarted(base));
    await test('an open challenge taken from the lobby by a third browser; undo declined and accepted; chat with markup as text; sound toggle; estimates both players allow', () => openChallenge(base));
    await test('handicap komi and compensation, AGA\'s last pass in the status, confirmation on touch screens', () => rulesInWords(base));
    await test('review: an uploaded record under every ruleset, its table equal to tengen compare --json, a variation played and downloaded', () => reviewPage(base));
  }
  if (browser) await browser.close();
  stopServer();
  const passed = results.filter((r) => r.ok).length;
  const failed = results.length - passed;
  console.log(`# screenshots in ${path.relative(process.cwd(), artifacts) || artifacts}`);
  console.log(`${passed} passed, ${failed} failed`);
  process.exitCode = failed ? 1 : 0;
}

main().catch((e) => {
  console.log(`not ok - the test run\n  ${e.stack || e}`);
  stopServer();
  console.log(`0 passed, ${results.length + 1} failed`);
  process.exit(1);
});
