// The client side of docs/protocol.md: JSON over HTTP, and one WebSocket per game page that
// reconnects with backoff. A reconnecting client needs no replay of missed events: the
// server's first message is the whole current state.

/** An error reply: `code` and the protocol's extra fields (rule, point, earlier_move ...). */
export class ApiError extends Error {
  constructor(status, error) {
    super(error?.message || `HTTP ${status}`);
    this.status = status;
    this.code = error?.code || 'internal';
    this.detail = error || {};
  }
}

async function http(method, path, body, token) {
  const headers = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  let res;
  try {
    res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch (e) {
    throw new ApiError(0, { code: 'network', message: 'The server cannot be reached. Check the connection and try again.' });
  }
  const text = await res.text();
  let data = null;
  if (text) {
    try { data = JSON.parse(text); } catch { data = null; }
  }
  if (!res.ok) {
    const fallback = { code: res.status === 404 ? 'not_found' : 'internal', message: `The server answered ${res.status} ${res.statusText}.`.replace(' .', '.') };
    throw new ApiError(res.status, data?.error || fallback);
  }
  return data;
}

export const getRulesets = () => http('GET', '/api/rulesets');
export const listGames = (status, limit = 50) =>
  http('GET', `/api/games?status=${encodeURIComponent(status)}&limit=${limit}`);
export const createGame = (req) => http('POST', '/api/games', req);
export const getGame = (id) => http('GET', `/api/games/${encodeURIComponent(id)}`);
export const postAction = (id, action, token) =>
  http('POST', `/api/games/${encodeURIComponent(id)}/actions`, action, token);
export const takeOpenSeat = (id, name) =>
  http('POST', `/api/games/${encodeURIComponent(id)}/seat`, name ? { name } : {});
export const getEstimate = (id) => http('GET', `/api/games/${encodeURIComponent(id)}/estimate`);
export const sgfUrl = (id) => `/api/games/${encodeURIComponent(id)}/sgf`;
/** A record under every ruleset (docs/protocol.md, `POST /api/review`). */
export const reviewRecord = (req) => http('POST', '/api/review', req);

/** The record with variations as SGF text (`POST /api/review/sgf`). */
export async function reviewSgf(req) {
  let res;
  try {
    res = await fetch('/api/review/sgf', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/x-go-sgf, application/json' },
      body: JSON.stringify(req),
    });
  } catch {
    throw new ApiError(0, { code: 'network', message: 'The server cannot be reached. Check the connection and try again.' });
  }
  const text = await res.text();
  if (!res.ok) {
    let error = null;
    try { error = JSON.parse(text).error; } catch { /* not JSON */ }
    throw new ApiError(res.status, error || { message: `The server answered ${res.status}.` });
  }
  return text;
}

/** Where a seat's token is kept (the page strips it from the address bar). */
export const seatKey = (id) => `tengen.seat.${id}`;
export const inviteKey = (id) => `tengen.invite.${id}`;
export const autojoinKey = (id) => `tengen.autojoin.${id}`;

export function loadSeat(id) {
  try {
    const s = JSON.parse(localStorage.getItem(seatKey(id)) || 'null');
    return s && s.token && (s.seat === 'black' || s.seat === 'white') ? s : null;
  } catch { return null; }
}
export function saveSeat(id, seat, token) {
  localStorage.setItem(seatKey(id), JSON.stringify({ seat, token }));
}

const ACK_TIMEOUT_MS = 10000;

/**
 * The live connection of a game page. `onState(game)` gets every snapshot not older than the
 * one held; `onStatus('connecting'|'open'|'closed')` the link's state.
 */
export class GameConnection {
  constructor(id, token, { onState, onStatus } = {}) {
    this.id = id;
    this.token = token;
    this.onState = onState || (() => {});
    this.onStatus = onStatus || (() => {});
    this.ws = null;
    this.attempts = 0;
    this.nextId = 1;
    this.pending = new Map();
    this.seq = -1;
    this.offset = null; // server clock minus local clock, from pongs
    this.closed = false;
    this.timer = null;
    this.pingTimer = null;
    this.wake = () => { if (!this.closed && (!this.ws || this.ws.readyState > 1)) this.reconnectNow(); };
    window.addEventListener('online', this.wake);
    document.addEventListener('visibilitychange', () => { if (!document.hidden) this.wake(); });
  }

  connect() {
    this.closed = false;
    this.open();
  }

  /** The seat's token from now on (a join exchanges an invitation for the seat's secret;
   * the open socket already acts with it, later ones are opened with it). */
  setToken(token) {
    this.token = token;
  }

  close() {
    this.closed = true;
    clearTimeout(this.timer);
    clearInterval(this.pingTimer);
    if (this.ws) this.ws.close();
  }

  /** Server time now, in ms since the epoch, as well as the client can tell. */
  serverNow() {
    return Date.now() + (this.offset ?? 0);
  }

  accept(game) {
    if (!game || typeof game.seq !== 'number') return;
    if (game.seq < this.seq) return;
    this.seq = game.seq;
    game._receivedAt = Date.now();
    if (this.offset === null && game.clock?.server_time) {
      this.offset = game.clock.server_time - game._receivedAt;
    }
    this.onState(game);
  }

  open() {
    clearTimeout(this.timer);
    const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
    let url = `${proto}//${location.host}/api/games/${encodeURIComponent(this.id)}/ws`;
    if (this.token) url += `?token=${encodeURIComponent(this.token)}`;
    this.onStatus('connecting');
    let ws;
    try { ws = new WebSocket(url); } catch { this.scheduleReconnect(); return; }
    this.ws = ws;
    ws.onopen = () => {
      this.attempts = 0;
      this.onStatus('open');
      this.ping();
      clearInterval(this.pingTimer);
      this.pingTimer = setInterval(() => this.ping(), 25000);
    };
    ws.onmessage = (ev) => {
      let msg;
      try { msg = JSON.parse(ev.data); } catch { return; }
      this.handle(msg);
    };
    ws.onclose = () => {
      if (this.ws !== ws) return;
      clearInterval(this.pingTimer);
      this.ws = null;
      for (const [, p] of this.pending) {
        p.reject(new ApiError(0, { code: 'network', message: 'The connection dropped before the server answered; the board shows the server\'s state once it reconnects.' }));
      }
      this.pending.clear();
      this.onStatus('closed');
      if (!this.closed) this.scheduleReconnect();
    };
    ws.onerror = () => { /* onclose follows */ };
  }

  scheduleReconnect() {
    const base = Math.min(10000, 500 * 2 ** this.attempts);
    this.attempts++;
    const delay = base / 2 + Math.random() * base / 2;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.open(), delay);
  }

  reconnectNow() {
    this.attempts = 0;
    this.open();
  }

  ping() {
    if (this.ws?.readyState === 1) {
      this.pingSent = Date.now();
      this.ws.send(JSON.stringify({ type: 'ping' }));
    }
  }

  handle(msg) {
    switch (msg.type) {
      case 'state':
        this.accept(msg.game);
        break;
      case 'pong':
        if (typeof msg.server_time === 'number' && this.pingSent) {
          const now = Date.now();
          this.offset = msg.server_time + (now - this.pingSent) / 2 - now;
        }
        break;
      case 'ack': {
        const p = this.pending.get(msg.id);
        if (p) { this.pending.delete(msg.id); p.resolve(msg); }
        break;
      }
      case 'error': {
        const p = this.pending.get(msg.id);
        const err = new ApiError(0, msg.error);
        if (p) { this.pending.delete(msg.id); p.reject(err); }
        break;
      }
      default:
        break;
    }
  }

  /**
   * Sends an action for this page's seat: over the WebSocket when it is open (the state
   * broadcast arrives before the ack), else over HTTP (whose reply carries the snapshot).
   */
  async act(action) {
    if (this.ws?.readyState === 1) {
      const id = this.nextId++;
      const msg = { ...action, id };
      return new Promise((resolve, reject) => {
        const t = setTimeout(() => {
          if (this.pending.delete(id)) {
            reject(new ApiError(0, { code: 'timeout', message: 'The server did not answer in time; the board shows its state when it does.' }));
          }
        }, ACK_TIMEOUT_MS);
        this.pending.set(id, {
          resolve: (v) => { clearTimeout(t); resolve(v); },
          reject: (e) => { clearTimeout(t); reject(e); },
        });
        this.ws.send(JSON.stringify(msg));
      });
    }
    const reply = await postAction(this.id, action, this.token);
    if (reply?.game) this.accept(reply.game);
    return reply;
  }

  /** Fetches the snapshot over HTTP (the first paint, and a fallback while the socket is down). */
  async refresh() {
    const g = await getGame(this.id);
    this.accept(g);
    return g;
  }
}
