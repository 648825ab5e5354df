// The web board in Firefox: Debian's firefox-esr driven over WebDriver BiDi by
// puppeteer-core (playwright-core drives only its own patched Firefox builds). Two players
// in two browser profiles join a 9x9 game and play a capture; the lobby lists the
// rulesets. Skipped, with a message, when /usr/bin/firefox-esr is not installed.
// Prints "N passed, N failed" last.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer from 'puppeteer-core';

const FIREFOX = process.env.FIREFOX_BIN || '/usr/bin/firefox-esr';
const BIN = process.env.TENGEN_BIN || '../target/debug/tengen';
let passed = 0;
let failed = 0;

function startServer() {
  return new Promise((resolve, reject) => {
    // Browsers share one address and so one request rate (see e2e.mjs): ten times the default.
    const child = spawn(BIN, ['serve', '--addr', '127.0.0.1:0', '--database', 'sqlite::memory:',
      '--http-rate', '200'], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    child.on('error', reject);
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      const m = out.match(/http:\/\/127\.0\.0\.1:\d+/);
      if (m) resolve({ child, base: m[0] });
    });
    setTimeout(() => reject(new Error(`no address from the server: ${out}`)), 20000);
  });
}

async function api(base, path, body, token) {
  const r = await fetch(base + path, {
    method: body ? 'POST' : 'GET',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return r.json();
}

async function launch() {
  const profile = mkdtempSync(join(tmpdir(), 'tengen-ff-'));
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX,
    headless: true,
    userDataDir: profile,
    args: ['--width=1200', '--height=900'],
  });
  return { browser, profile };
}

async function check(name, fn) {
  const t = Date.now();
  try {
    await fn();
    passed += 1;
    console.log(`ok - ${name} (${((Date.now() - t) / 1000).toFixed(1)} s)`);
  } catch (e) {
    failed += 1;
    console.log(`not ok - ${name}\n  ${e.stack || e}`);
  }
}

async function stoneColor(page, p) {
  return page.evaluate((q) => document.querySelector(`[data-testid="stone-${q}"]`)?.getAttribute('data-color') ?? null, p);
}

async function waitStone(page, p, color) {
  const deadline = Date.now() + 15000;
  while (Date.now() < deadline) {
    if ((await stoneColor(page, p)) === color) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no ${color} stone on ${p}`);
}

async function main() {
  if (!existsSync(FIREFOX)) {
    console.log(`# ${FIREFOX} is not installed (apt-get install firefox-esr): Firefox checks skipped`);
    console.log('0 passed, 0 failed');
    return;
  }
  const { child, base } = await startServer();
  const browsers = [];
  try {
    await check('Firefox: the lobby lists every ruleset with its summary', async () => {
      const b = await launch();
      browsers.push(b);
      const page = await b.browser.newPage();
      await page.goto(base + '/');
      await page.waitForFunction(() => document.querySelectorAll('select option').length >= 14, { timeout: 15000 });
      const text = await page.evaluate(() => document.body.innerText);
      if (!text.includes('Territory scoring')) throw new Error('no ruleset summary shown');
    });
    await check('Firefox: two players join a 9x9 game and play a capture by clicking', async () => {
      const created = await api(base, '/api/games', { size: 9, ruleset: 'chinese', name: 'Ann' });
      // Take both seats over the API (the invited player's page offers the seat; the API
      // does the same): White's join exchanges the invitation for White's own secret.
      const secrets = {};
      for (const seat of ['black', 'white']) {
        const r = await api(base, `/api/games/${created.id}/actions`, { type: 'join' }, created.seats[seat].token);
        secrets[seat] = r.token;
      }
      const pages = [];
      for (const seat of ['black', 'white']) {
        const b = await launch();
        browsers.push(b);
        const page = await b.browser.newPage();
        await page.goto(`${base}/game/${created.id}?seat=${seat}&token=${secrets[seat]}`);
        await page.waitForSelector('[data-testid="pt-E5"]', { timeout: 15000 });
        pages.push(page);
      }
      const [black, white] = pages;
      // Black A2, White A1, Black B1: the white stone is captured.
      const moves = [[black, 'A2', 'black'], [white, 'A1', 'white'], [black, 'B1', 'black']];
      for (const [page, p, color] of moves) {
        await page.waitForFunction(() => document.querySelector('[data-testid="pt-E5"]'), { timeout: 15000 });
        await new Promise((r) => setTimeout(r, 300));
        await page.click(`[data-testid="pt-${p}"]`);
        await waitStone(black, p, color);
        await waitStone(white, p, color);
      }
      const gone = await stoneColor(black, 'A1');
      if (gone !== null) throw new Error(`A1 still holds a ${gone} stone`);
      const snap = await api(base, `/api/games/${created.id}`);
      if (snap.prisoners.black !== 1) throw new Error(`prisoners: ${JSON.stringify(snap.prisoners)}`);
    });
  } finally {
    for (const b of browsers) {
      await b.browser.close().catch(() => {});
      rmSync(b.profile, { recursive: true, force: true });
    }
    child.kill();
  }
  console.log(`${passed} passed, ${failed} failed`);
  process.exitCode = failed ? 1 : 0;
}

main().catch((e) => {
  console.log(`not ok - ${e.stack || e}`);
  console.log(`${passed} passed, ${failed + 1} failed`);
  process.exitCode = 1;
});
