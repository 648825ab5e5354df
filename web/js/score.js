// The score breakdown table: the terms that the game's scoring method counts (area: stones
// and territory; territory: territory, prisoners, dead stones, pass stones; stones: stones),
// then the modifiers that are not zero, then the totals.

import { esc } from './html.js';

const COUNTED = {
  area: ['stones', 'territory'],
  territory: ['territory', 'captures', 'dead', 'pass_stones'],
  stones: ['stones'],
};
const MODIFIERS = ['komi', 'compensation', 'adjustment', 'group_tax', 'late_stones'];
const SUBTRACTED = new Set(['group_tax', 'late_stones']);

const TERMS = [
  ['stones', 'Stones on the board'],
  ['territory', 'Territory'],
  ['captures', 'Prisoners'],
  ['dead', 'Dead stones removed'],
  ['pass_stones', 'Pass stones'],
  ['komi', 'Komi'],
  ['compensation', 'Handicap compensation'],
  ['adjustment', 'First-pass adjustment'],
  ['group_tax', 'Group tax'],
  ['late_stones', 'Late stones'],
];

const fmt = (v) => esc(typeof v === 'number' ? String(v) : v ?? '0');

/** Fills `tbody` from a score report {black: terms, white: terms, result}. */
export function renderScoreTable(tbody, report, scoring) {
  const b = report.black || {};
  const w = report.white || {};
  const counted = COUNTED[scoring] || null;
  const rows = [];
  for (const [key, label] of TERMS) {
    let bv = b[key] ?? 0;
    let wv = w[key] ?? 0;
    if (counted ? !counted.includes(key) && !(MODIFIERS.includes(key) && (bv || wv)) : !bv && !wv) continue;
    if (SUBTRACTED.has(key)) {
      bv = bv ? `−${bv}` : 0;
      wv = wv ? `−${wv}` : 0;
    }
    rows.push(`<tr data-term="${key}"><th scope="row">${label}</th><td>${fmt(bv)}</td><td>${fmt(wv)}</td></tr>`);
  }
  rows.push(`<tr class="total" data-term="total"><th scope="row">Total</th><td data-testid="total-black">${fmt(b.total)}</td><td data-testid="total-white">${fmt(w.total)}</td></tr>`);
  const html = rows.join('');
  if (tbody.innerHTML !== html) tbody.innerHTML = html;
}
