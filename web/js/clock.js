// The clocks between snapshots: the snapshot gives each side's time as of `server_time`;
// the side whose clock runs is counted down locally, through its overtime periods, and
// never below what `flag_in_ms` allows. The server stays the judge of time: it flags.

function unitMs(text) {
  const m = /^(\d+(?:\.\d+)?)(ms|s|m|h)?$/.exec(text.trim());
  if (!m) return NaN;
  const n = Number(m[1]);
  switch (m[2]) {
    case 'ms': return n;
    case 'm': return n * 60000;
    case 'h': return n * 3600000;
    default: return n * 1000; // bare numbers are seconds, as in `byoyomi:600+5x30`
  }
}

/** Parses a time-control spec (`byoyomi:600+5x30`, `canadian:10m+25/5m`, ...) into ms. */
export function parseControl(spec) {
  const s = String(spec || 'none').trim().toLowerCase();
  const [system, rest = ''] = s.split(':');
  let m;
  switch (system) {
    case 'absolute':
      return { system, main: unitMs(rest) };
    case 'byoyomi':
    case 'byo-yomi':
    case 'japanese':
      m = /^([^+]+)\+(\d+)x(.+)$/.exec(rest);
      return m ? { system: 'byoyomi', main: unitMs(m[1]), periods: Number(m[2]), period: unitMs(m[3]) } : { system: 'byoyomi' };
    case 'canadian':
      m = /^([^+]+)\+(\d+)\/(.+)$/.exec(rest);
      return m ? { system, main: unitMs(m[1]), stones: Number(m[2]), period: unitMs(m[3]) } : { system };
    case 'fischer':
      m = /^([^+]+)\+([^m]+?)(?:max(.+))?$/.exec(rest);
      return m ? { system, main: unitMs(m[1]), increment: unitMs(m[2]), max: m[3] ? unitMs(m[3]) : null } : { system };
    default:
      return { system: 'none' };
  }
}

/** `m:ss`, `h:mm:ss`, or `s.t` under ten seconds. */
export function formatMs(ms) {
  if (!Number.isFinite(ms)) return '–';
  ms = Math.max(0, ms);
  if (ms < 10000) return (Math.floor(ms / 100) / 10).toFixed(1);
  const total = Math.ceil(ms / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const sec = total % 60;
  const ss = String(sec).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/** A short human description of a control spec: "10:00 + 5×30s byo-yomi". */
export function describeControl(spec) {
  const c = parseControl(spec);
  const short = (ms) => (ms % 60000 === 0 ? `${ms / 60000} min` : `${ms / 1000}s`);
  switch (c.system) {
    case 'absolute': return `${short(c.main)} sudden death`;
    case 'byoyomi': return `${short(c.main)} + ${c.periods}×${short(c.period)} byo-yomi`;
    case 'canadian': return `${short(c.main)} + ${c.stones} stones in ${short(c.period)} (Canadian)`;
    case 'fischer': return `${short(c.main)} + ${short(c.increment)} per move (Fischer)${c.max ? `, at most ${short(c.max)}` : ''}`;
    default: return 'No time limit';
  }
}

/**
 * What one side's clock shows now. `side` is the snapshot's clock entry, `running` whether
 * it is this side's clock that runs, `elapsed` the ms since `server_time`.
 * Returns {main: text, detail: text, low: bool, flagged: bool, overtime: bool, left: ms
 * left in the main time or the current period}.
 */
export function clockFace(clock, color, elapsed) {
  const side = clock[color];
  const c = parseControl(clock.control);
  const running = clock.running === color;
  let e = running ? Math.max(0, elapsed) : 0;
  if (side.flagged) return { main: '0:00', detail: 'out of time', low: true, flagged: true, overtime: false };
  if (running && Number.isFinite(side.flag_in_ms) && side.flag_in_ms - e <= 0) {
    return { main: '0.0', detail: 'time is up', low: true, flagged: false, overtime: true };
  }
  const main = side.main_ms ?? 0;
  if (main - e > 0 || c.system === 'absolute' || c.system === 'fischer' || c.system === 'none') {
    const left = Math.max(0, main - e);
    let detail = '';
    if (c.system === 'byoyomi') detail = `+ ${side.periods_left ?? c.periods} × ${formatMs(c.period ?? side.period_ms)}`;
    else if (c.system === 'canadian') detail = `+ ${c.stones ?? side.stones_left} stones / ${formatMs(c.period ?? side.period_ms)}`;
    else if (c.system === 'fischer') detail = `+ ${formatMs(c.increment)} per move`;
    return { main: formatMs(left), detail, low: left < 10000, flagged: false, overtime: false, left };
  }
  // Overtime.
  e -= main;
  if (c.system === 'byoyomi') {
    const full = c.period || side.period_ms;
    // In main time the snapshot's period_ms may be 0: the first period is then a full one.
    let cur = main > 0 || !side.period_ms ? full : side.period_ms;
    let periodsLeft = side.periods_left ?? c.periods ?? 1;
    while (e >= cur && periodsLeft > 1 && full > 0) {
      e -= cur;
      cur = full;
      periodsLeft--;
    }
    const left = Math.max(0, cur - e);
    return {
      main: formatMs(left),
      detail: `byo-yomi · ${periodsLeft} period${periodsLeft === 1 ? '' : 's'} left`,
      low: left < 10000 || periodsLeft <= 1, flagged: false, overtime: true, left,
    };
  }
  if (c.system === 'canadian') {
    const period = main > 0 || !side.period_ms ? c.period : side.period_ms;
    const left = Math.max(0, period - e);
    const stones = side.stones_left ?? c.stones;
    return {
      main: formatMs(left),
      detail: `Canadian · ${stones} stone${stones === 1 ? '' : 's'} left`,
      low: left < 10000, flagged: false, overtime: true,
    };
  }
  return { main: formatMs(0), detail: '', low: true, flagged: false, overtime: true };
}
