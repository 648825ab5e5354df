// The game page's sounds, made with the Web Audio API (no sound files): a stone on the
// board, a tick in the last seconds of a byo-yomi period, a chime when it is your turn
// while the page is in a background tab. A toggle turns them off; the choice is kept in
// localStorage (`tengen.sound`). Browsers start audio only after a click or a key press
// on the page, so the first one unlocks it.

const KEY = 'tengen.sound';
let context = null;

/** Whether sounds are on, and the last sounds asked for (for the tests and the console). */
export const sound = {
  on: localStorage.getItem(KEY) !== '0',
  played: [],
};

/** Turns the sounds on or off, and remembers it. */
export function setSound(on) {
  sound.on = on;
  localStorage.setItem(KEY, on ? '1' : '0');
  if (on) unlock();
}

/** Creates (or wakes) the audio context; called on the user's first gesture. */
export function unlock() {
  if (!context) {
    const Audio = window.AudioContext || window.webkitAudioContext;
    if (!Audio) return null;
    try { context = new Audio(); } catch { return null; }
  }
  if (context.state === 'suspended') context.resume().catch(() => {});
  return context;
}

/** A short tone of `freq` Hz, `ms` long, starting `delay` seconds from now. */
function tone(ctx, freq, ms, { delay = 0, volume = 0.2, type = 'sine' } = {}) {
  const t = ctx.currentTime + delay;
  const osc = ctx.createOscillator();
  const gain = ctx.createGain();
  osc.type = type;
  osc.frequency.setValueAtTime(freq, t);
  gain.gain.setValueAtTime(volume, t);
  gain.gain.exponentialRampToValueAtTime(0.001, t + ms / 1000);
  osc.connect(gain).connect(ctx.destination);
  osc.start(t);
  osc.stop(t + ms / 1000 + 0.02);
}

/** A stone put down: a short, low knock with a quick fall. */
function knock(ctx) {
  const t = ctx.currentTime;
  const osc = ctx.createOscillator();
  const gain = ctx.createGain();
  osc.type = 'triangle';
  osc.frequency.setValueAtTime(320, t);
  osc.frequency.exponentialRampToValueAtTime(90, t + 0.06);
  gain.gain.setValueAtTime(0.5, t);
  gain.gain.exponentialRampToValueAtTime(0.001, t + 0.09);
  osc.connect(gain).connect(ctx.destination);
  osc.start(t);
  osc.stop(t + 0.1);
}

/** Plays `kind` (`stone`, `tick` or `chime`) if sounds are on. */
export function play(kind) {
  sound.played.push({ kind, audible: sound.on, at: Date.now() });
  if (sound.played.length > 50) sound.played.shift();
  if (!sound.on) return;
  const ctx = unlock();
  if (!ctx) return;
  if (kind === 'stone') knock(ctx);
  else if (kind === 'tick') tone(ctx, 1320, 60, { volume: 0.12, type: 'square' });
  else if (kind === 'chime') {
    tone(ctx, 660, 180, { volume: 0.18 });
    tone(ctx, 990, 260, { delay: 0.16, volume: 0.18 });
  }
}
