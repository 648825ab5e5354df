//! `tengen loadtest`: many simulated games against a `tengen serve` over WebSocket on
//! loopback; the move latency (p50/p90/p99/max), the throughput, and the memory of the
//! server and of the load tool.
//!
//! A run:
//! 1. starts a server as a child process (`tengen serve --addr 127.0.0.1:0`, on a fresh
//!    temporary SQLite file unless `--database` names one), or uses a running one given
//!    by `--url` (loopback addresses only);
//! 2. sets up `--games` games, so many at a time: `POST /api/games`, one WebSocket per
//!    game, and both seats `join` over it (the socket acts for both seats by putting each
//!    seat's token in each message);
//! 3. plays for `--duration`: every game makes one move every `--interval`, its first
//!    move at its own offset within `--ramp` (default one interval) so that the load is
//!    smooth. The point is a random empty point of the game's board as the latest `state`
//!    message showed it, not the ko point, not an eye of the mover's own, preferring
//!    points with an empty neighbour. A move the server refuses as illegal is counted as a
//!    refusal (not an error) and that point is avoided until the board changes.
//!    The latency of a move is the time from sending the action to receiving its `ack`
//!    (the server sends the new `state` before the `ack`, so this includes it).
//!    A game never passes. After `--moves-per-game` moves (or when no candidate point is
//!    left, or when the game ended otherwise) the side to move resigns and a fresh game
//!    takes its place on the same schedule; the time that takes is not counted as a move;
//! 4. reports: games, moves, moves/s, latency percentiles, refusals, errors (timeouts,
//!    disconnects, other refusals by code), and the peak and current resident memory
//!    (`VmHWM`, `VmRSS`) and CPU time of the server child and of the load tool.
//!
//! Everything is bounded: each request and action waits at most `--timeout`, the setup at
//! most `--setup-timeout`, and the play stops after `--duration`.

use clap::Args as ClapArgs;
use futures_util::{FutureExt, SinkExt, StreamExt};
use serde::Deserialize;
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::io::BufRead;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::time::{sleep_until, timeout_at, Instant as TokioInstant};
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::tungstenite::Message;

/// Arguments of `tengen loadtest`.
#[derive(ClapArgs, Debug)]
pub struct Args {
    /// Games played at the same time, one WebSocket each.
    #[arg(long, default_value_t = 1000)]
    pub games: usize,
    /// Time between two moves of one game (`5s`, `200ms`, `1m`).
    #[arg(long, default_value = "5s", value_parser = parse_duration)]
    pub interval: Duration,
    /// How long the games play, after the setup.
    #[arg(long, default_value = "60s", value_parser = parse_duration)]
    pub duration: Duration,
    /// Time over which the games' first moves are spread (default: one interval).
    #[arg(long, value_parser = parse_duration)]
    pub ramp: Option<Duration>,
    /// The database of the server started for the run: an SQLite file or
    /// `postgres://...` (default: a temporary SQLite file, deleted afterwards).
    #[arg(long, conflicts_with = "url")]
    pub database: Option<String>,
    /// Test the server already running at this loopback URL (`http://127.0.0.1:8080`)
    /// instead of starting one; its memory is then not reported.
    #[arg(long)]
    pub url: Option<String>,
    /// Board size of the games.
    #[arg(long, default_value_t = 19, value_parser = clap::value_parser!(u32).range(2..=25))]
    pub size: u32,
    /// Time control of the games, as `POST /api/games` takes it (default: none).
    #[arg(long)]
    pub time: Option<String>,
    /// Moves after which a game resigns and a fresh game takes its place.
    #[arg(long, default_value_t = 150)]
    pub moves_per_game: u32,
    /// Games set up at the same time.
    #[arg(long, default_value_t = 64)]
    pub setup_concurrency: usize,
    /// Longest wait for the answer to one request or action.
    #[arg(long, default_value = "10s", value_parser = parse_duration)]
    pub timeout: Duration,
    /// Longest time the setup of all the games may take.
    #[arg(long, default_value = "300s", value_parser = parse_duration)]
    pub setup_timeout: Duration,
    /// Print the report as one JSON object on standard output.
    #[arg(long)]
    pub json: bool,
}

/// `5s`, `200ms`, `1.5s`, `2m`, or a bare number of seconds.
fn parse_duration(s: &str) -> Result<Duration, String> {
    let s = s.trim();
    let split = s
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(s.len());
    let (number, unit) = s.split_at(split);
    let n: f64 = number
        .parse()
        .map_err(|_| format!("`{s}` is not a duration such as 5s or 200ms"))?;
    let seconds = match unit.trim() {
        "" | "s" => n,
        "ms" => n / 1000.0,
        "m" | "min" => n * 60.0,
        "h" => n * 3600.0,
        u => return Err(format!("unknown unit `{u}` in `{s}` (ms, s, m, h)")),
    };
    if !seconds.is_finite() || !(0.0..=86_400.0 * 7.0).contains(&seconds) {
        return Err(format!("`{s}` is out of range"));
    }
    Ok(Duration::from_secs_f64(seconds))
}

// ---------------------------------------------------------------------------------------
// Latency histogram

/// Latencies in microseconds, in log-linear buckets: exact below 128 µs, then 64 buckets
/// per power of two (within 1.6%); the maximum is kept exactly.
#[derive(Clone)]
struct Histogram {
    counts: Vec<u64>,
    total: u64,
    sum: u64,
    max: u32,
}

const SUB_BITS: u32 = 6;

impl Histogram {
    fn new() -> Histogram {
        Histogram {
            counts: vec![0; Histogram::index(u32::MAX) + 1],
            total: 0,
            sum: 0,
            max: 0,
        }
    }

    fn index(v: u32) -> usize {
        let bits = 32 - v.leading_zeros();
        let shift = bits.saturating_sub(SUB_BITS + 1);
        ((shift << SUB_BITS) + (v >> shift)) as usize
    }

    /// The largest value of bucket `i`.
    fn upper(i: usize) -> u64 {
        let shift = if i < 2 << SUB_BITS {
            0
        } else {
            (i >> SUB_BITS) - 1
        };
        let m = (i - (shift << SUB_BITS)) as u64;
        ((m + 1) << shift) - 1
    }

    fn record(&mut self, micros: u32) {
        self.counts[Histogram::index(micros)] += 1;
        self.total += 1;
        self.sum += u64::from(micros);
        self.max = self.max.max(micros);
    }

    /// The `q` quantile (0..=1) in microseconds: the upper end of its bucket, at most the
    /// maximum; `None` when empty.
    fn quantile(&self, q: f64) -> Option<u64> {
        if self.total == 0 {
            return None;
        }
        let rank = ((q * self.total as f64).ceil() as u64).clamp(1, self.total);
        let mut seen = 0;
        for (i, &c) in self.counts.iter().enumerate() {
            seen += c;
            if seen >= rank {
                return Some(Histogram::upper(i).min(u64::from(self.max)));
            }
        }
        Some(u64::from(self.max))
    }

    fn mean(&self) -> Option<f64> {
        (self.total > 0).then(|| self.sum as f64 / self.total as f64)
    }
}

fn ms(micros: Option<u64>) -> Option<f64> {
    micros.map(|m| (m as f64 / 10.0).round() / 100.0)
}

fn ms_text(micros: Option<u64>) -> String {
    ms(micros).map_or("-".to_string(), |m| format!("{m:.2} ms"))
}

// ---------------------------------------------------------------------------------------
// Shared counters

/// What every game task adds to.
struct Stats {
    latency: Mutex<(Histogram, Histogram)>,
    moves: AtomicU64,
    refusals: AtomicU64,
    timeouts: AtomicU64,
    disconnects: AtomicU64,
    late: AtomicU64,
    games_created: AtomicU64,
    games_replaced: AtomicU64,
    games_lost: AtomicU64,
    setup_failures: AtomicU64,
    /// Refusals other than illegal moves, and failed requests, by code.
    other: Mutex<BTreeMap<String, u64>>,
}

impl Stats {
    fn new() -> Stats {
        Stats {
            latency: Mutex::new((Histogram::new(), Histogram::new())),
            moves: AtomicU64::new(0),
            refusals: AtomicU64::new(0),
            timeouts: AtomicU64::new(0),
            disconnects: AtomicU64::new(0),
            late: AtomicU64::new(0),
            games_created: AtomicU64::new(0),
            games_replaced: AtomicU64::new(0),
            games_lost: AtomicU64::new(0),
            setup_failures: AtomicU64::new(0),
            other: Mutex::new(BTreeMap::new()),
        }
    }

    fn move_done(&self, latency: Duration) {
        let micros = u32::try_from(latency.as_micros()).unwrap_or(u32::MAX);
        if let Ok(mut h) = self.latency.lock() {
            h.0.record(micros);
            h.1.record(micros);
        }
        self.moves.fetch_add(1, Ordering::Relaxed);
    }

    fn error(&self, code: &str) {
        if let Ok(mut m) = self.other.lock() {
            *m.entry(code.to_string()).or_insert(0) += 1;
        }
    }

    fn other_errors(&self) -> u64 {
        self.other.lock().map_or(0, |m| m.values().sum())
    }

    fn errors(&self) -> u64 {
        self.timeouts.load(Ordering::Relaxed)
            + self.disconnects.load(Ordering::Relaxed)
            + self.other_errors()
    }

    /// The histogram of the whole run, and the one since the last call (then reset).
    fn take_window(&self) -> (Histogram, Histogram) {
        match self.latency.lock() {
            Ok(mut h) => {
                let window = std::mem::replace(&mut h.1, Histogram::new());
                (h.0.clone(), window)
            }
            Err(_) => (Histogram::new(), Histogram::new()),
        }
    }
}

// ---------------------------------------------------------------------------------------
// One game over its WebSocket

type Ws =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// A message from the server, with only the fields the load tool looks at.
#[derive(Deserialize)]
struct Incoming {
    #[serde(rename = "type")]
    kind: String,
    #[serde(default)]
    id: Option<u64>,
    #[serde(default)]
    game: Option<Snapshot>,
    #[serde(default)]
    error: Option<ErrorBody>,
    /// A join's ack: the seat's secret (the invited seat's invitation is exchanged for it).
    #[serde(default)]
    token: Option<String>,
}

#[derive(Deserialize)]
struct Snapshot {
    seq: i64,
    phase: String,
    #[serde(default)]
    to_move: Option<String>,
    board: Vec<String>,
    #[serde(default)]
    ko: Option<String>,
}

#[derive(Deserialize)]
struct ErrorBody {
    code: String,
    #[serde(default)]
    message: String,
}

/// The answer to an action.
enum Reply {
    Ack,
    Refused { code: String, message: String },
}

/// Why an action got no answer.
enum Failure {
    Timeout,
    Closed(String),
}

/// What the whole run shares.
struct Ctx {
    http: reqwest::Client,
    /// `http://127.0.0.1:PORT`.
    base: String,
    /// `ws://127.0.0.1:PORT`.
    ws_base: String,
    size: usize,
    time: String,
    moves_per_game: u32,
    timeout: Duration,
    stats: Stats,
}

/// A small fast random generator (xorshift64*), one per game.
struct Rng(u64);

impl Rng {
    fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        let r = self.0.wrapping_mul(0x2545_F491_4F6C_DD1D);
        ((r >> 32) as usize * n) >> 32
    }
}

const COLUMNS: &[u8] = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";

fn vertex(p: usize, size: usize) -> String {
    let (row, col) = (p / size, p % size);
    format!("{}{}", COLUMNS[col] as char, size - row)
}

fn point_of(v: &str, size: usize) -> Option<usize> {
    let mut chars = v.chars();
    let letter = chars.next()?.to_ascii_uppercase() as u8;
    let col = COLUMNS.iter().position(|&c| c == letter)?;
    let number: usize = chars.as_str().parse().ok()?;
    if col >= size || number == 0 || number > size {
        return None;
    }
    Some((size - number) * size + col)
}

/// One game: its seats' tokens, its socket, and the board as last seen.
struct Game {
    id: String,
    tokens: [String; 2],
    ws: Ws,
    size: usize,
    board: Vec<u8>,
    /// 0 Black, 1 White.
    to_move: usize,
    phase: String,
    ko: Option<usize>,
    seq: i64,
    /// Points refused since the board last changed.
    refused: Vec<usize>,
    moves: u32,
    next_id: u64,
}

impl Game {
    /// Creates a game, connects its socket, and takes both seats.
    async fn open(ctx: &Ctx) -> Result<Game, String> {
        let body = json!({
            "size": ctx.size,
            "ruleset": "chinese",
            "color": "black",
            "opponent": "human",
            "time": ctx.time,
            "name": "loadtest",
        });
        let reply = ctx
            .http
            .post(format!("{}/api/games", ctx.base))
            .json(&body)
            .send()
            .await
            .map_err(|e| format!("POST /api/games: {e}"))?;
        let status = reply.status();
        let reply: Value = reply
            .json()
            .await
            .map_err(|e| format!("POST /api/games: unreadable reply: {e}"))?;
        if !status.is_success() {
            let code = reply["error"]["code"].as_str().unwrap_or("?");
            return Err(format!("POST /api/games: {status} {code}"));
        }
        let text = |v: &Value| v.as_str().map(str::to_string);
        let (Some(id), Some(black), Some(white)) = (
            text(&reply["id"]),
            text(&reply["seats"]["black"]["token"]),
            text(&reply["seats"]["white"]["token"]),
        ) else {
            return Err("POST /api/games: the reply lacks the id or a seat's token".into());
        };
        ctx.stats.games_created.fetch_add(1, Ordering::Relaxed);
        let ws = connect(ctx, &id).await?;
        let mut game = Game {
            id,
            tokens: [black, white],
            ws,
            size: ctx.size,
            board: vec![b'.'; ctx.size * ctx.size],
            to_move: 0,
            phase: String::new(),
            ko: None,
            seq: -1,
            refused: Vec::new(),
            moves: 0,
            next_id: 1,
        };
        game.first_state(ctx.timeout).await?;
        for seat in 0..2 {
            let msg = json!({"token": game.tokens[seat], "type": "join", "name": "loadtest"});
            match game.request(msg, ctx.timeout).await {
                Ok(Reply::Ack) => {}
                Ok(Reply::Refused { code, message }) => {
                    return Err(format!("join refused: {code}: {message}"))
                }
                Err(Failure::Timeout) => return Err("join: no answer".into()),
                Err(Failure::Closed(e)) => return Err(format!("join: {e}")),
            }
        }
        Ok(game)
    }

    /// Waits for the state the server sends on connecting.
    async fn first_state(&mut self, limit: Duration) -> Result<(), String> {
        let deadline = TokioInstant::now() + limit;
        while self.seq < 0 {
            match timeout_at(deadline, self.ws.next()).await {
                Err(_) => return Err("no state after connecting".into()),
                Ok(None) => return Err("the socket closed after connecting".into()),
                Ok(Some(Err(e))) => return Err(format!("the socket failed: {e}")),
                Ok(Some(Ok(Message::Text(t)))) => {
                    if let Ok(m) = serde_json::from_str::<Incoming>(t.as_str()) {
                        if let Some(s) = m.game {
                            self.update(s);
                        }
                    }
                }
                Ok(Some(Ok(_))) => {}
            }
        }
        Ok(())
    }

    fn update(&mut self, s: Snapshot) {
        if s.seq < self.seq {
            return;
        }
        if s.seq != self.seq {
            self.refused.clear();
        }
        self.seq = s.seq;
        self.phase = s.phase;
        self.to_move = usize::from(s.to_move.as_deref() == Some("white"));
        self.ko = s.ko.as_deref().and_then(|v| point_of(v, self.size));
        let mut i = 0;
        for row in &s.board {
            for b in row.bytes() {
                if i < self.board.len() {
                    self.board[i] = b;
                }
                i += 1;
            }
        }
    }

    /// Takes in the messages already received (e.g. the late answer to an action that
    /// timed out), so that the next move is chosen on the latest board.
    fn catch_up(&mut self) {
        while let Some(Some(Ok(Message::Text(t)))) = self.ws.next().now_or_never() {
            if let Ok(Incoming { game: Some(s), .. }) = serde_json::from_str::<Incoming>(t.as_str())
            {
                self.update(s);
            }
        }
    }

    /// Sends an action with a fresh `id` and waits for its answer, following the states
    /// that come meanwhile.
    async fn request(&mut self, mut msg: Value, limit: Duration) -> Result<Reply, Failure> {
        let id = self.next_id;
        self.next_id += 1;
        msg["id"] = json!(id);
        let deadline = TokioInstant::now() + limit;
        match timeout_at(deadline, self.ws.send(Message::text(msg.to_string()))).await {
            Err(_) => return Err(Failure::Timeout),
            Ok(Err(e)) => return Err(Failure::Closed(e.to_string())),
            Ok(Ok(())) => {}
        }
        loop {
            let text = match timeout_at(deadline, self.ws.next()).await {
                Err(_) => return Err(Failure::Timeout),
                Ok(None) => return Err(Failure::Closed("the server closed the socket".into())),
                Ok(Some(Err(e))) => return Err(Failure::Closed(e.to_string())),
                Ok(Some(Ok(Message::Text(t)))) => t,
                Ok(Some(Ok(Message::Close(_)))) => {
                    return Err(Failure::Closed("the server closed the socket".into()))
                }
                Ok(Some(Ok(_))) => continue,
            };
            let Ok(m) = serde_json::from_str::<Incoming>(text.as_str()) else {
                continue;
            };
            match m.kind.as_str() {
                "state" => {
                    if let Some(s) = m.game {
                        self.update(s);
                    }
                }
                "ack" if m.id == Some(id) => {
                    if let Some(secret) = m.token {
                        if let Some(seat) = self.tokens.iter().position(|t| msg["token"] == *t) {
                            self.tokens[seat] = secret;
                        }
                    }
                    return Ok(Reply::Ack);
                }
                // An error without an id (e.g. rate limiting) answers the only action out.
                "error" if m.id == Some(id) || m.id.is_none() => {
                    let (code, message) = m
                        .error
                        .map_or(("?".to_string(), String::new()), |e| (e.code, e.message));
                    return Ok(Reply::Refused { code, message });
                }
                _ => {}
            }
        }
    }

    /// A random empty point for the side to move: not the ko point, not refused since the
    /// board changed, not an eye of its own; points with an empty neighbour first.
    fn choose(&self, rng: &mut Rng) -> Option<usize> {
        let n = self.size;
        let own = if self.to_move == 0 { b'X' } else { b'O' };
        let mut good = Vec::new();
        let mut fallback = Vec::new();
        for p in 0..n * n {
            if self.board[p] != b'.' || self.ko == Some(p) || self.refused.contains(&p) {
                continue;
            }
            let (r, c) = (p / n, p % n);
            let mut neighbours = [None; 4];
            if r > 0 {
                neighbours[0] = Some(p - n);
            }
            if r + 1 < n {
                neighbours[1] = Some(p + n);
            }
            if c > 0 {
                neighbours[2] = Some(p - 1);
            }
            if c + 1 < n {
                neighbours[3] = Some(p + 1);
            }
            let mut empty = false;
            let mut own_eye = true;
            for q in neighbours.into_iter().flatten() {
                match self.board[q] {
                    b'.' => {
                        empty = true;
                        own_eye = false;
                    }
                    b if b == own => {}
                    _ => own_eye = false,
                }
            }
            if own_eye {
                continue;
            }
            if empty {
                good.push(p);
            } else {
                fallback.push(p);
            }
        }
        let list = if good.is_empty() { fallback } else { good };
        (!list.is_empty()).then(|| list[rng.below(list.len())])
    }

    /// Ends the game: the side to move resigns.
    async fn resign(&mut self, ctx: &Ctx) {
        let msg = json!({"token": self.tokens[self.to_move], "type": "resign"});
        match self.request(msg, ctx.timeout).await {
            Ok(Reply::Ack) => {}
            // Over already: nothing to resign.
            Ok(Reply::Refused { code, .. }) if code == "game_over" => {}
            Ok(Reply::Refused { code, .. }) => ctx.stats.error(&format!("resign: {code}")),
            Err(Failure::Timeout) => {
                ctx.stats.timeouts.fetch_add(1, Ordering::Relaxed);
            }
            Err(Failure::Closed(_)) => {
                ctx.stats.disconnects.fetch_add(1, Ordering::Relaxed);
            }
        }
    }
}

async fn connect(ctx: &Ctx, id: &str) -> Result<Ws, String> {
    let url = format!("{}/api/games/{id}/ws", ctx.ws_base);
    let config = WebSocketConfig::default()
        .read_buffer_size(16 * 1024)
        .write_buffer_size(0);
    let deadline = TokioInstant::now() + ctx.timeout;
    match timeout_at(
        deadline,
        tokio_tungstenite::connect_async_with_config(url, Some(config), true),
    )
    .await
    {
        Err(_) => Err(format!("game {id}: the WebSocket did not connect in time")),
        Ok(Err(e)) => Err(format!("game {id}: the WebSocket did not connect: {e}")),
        Ok(Ok((ws, _))) => Ok(ws),
    }
}

/// Plays one game slot from `start` until `end`: a move every `interval`, a fresh game
/// when one ends.
async fn play(
    ctx: Arc<Ctx>,
    mut game: Game,
    seed: u64,
    start: TokioInstant,
    end: TokioInstant,
    interval: Duration,
) {
    let mut rng = Rng::new(seed);
    let mut next = start;
    loop {
        sleep_until(next).await;
        if TokioInstant::now() >= end {
            break;
        }
        game.catch_up();
        let over = game.phase != "playing" || game.moves >= ctx.moves_per_game;
        let point = if over { None } else { game.choose(&mut rng) };
        match point {
            Some(point) => {
                if !play_move(&ctx, &mut game, point).await {
                    return;
                }
            }
            None => {
                // Ended, long enough, or no point left: resign, and a fresh game takes
                // this one's place (this tick makes no move).
                if game.phase != "finished" {
                    game.resign(&ctx).await;
                }
                let _ = game.ws.close(None).await;
                match Game::open(&ctx).await {
                    Ok(g) => {
                        ctx.stats.games_replaced.fetch_add(1, Ordering::Relaxed);
                        game = g;
                    }
                    Err(e) => {
                        ctx.stats.error("replacement game failed");
                        ctx.stats.games_lost.fetch_add(1, Ordering::Relaxed);
                        eprintln!("tengen loadtest: a game could not be replaced: {e}");
                        return;
                    }
                }
            }
        }
        next += interval;
        let now = TokioInstant::now();
        if next < now {
            // The move took longer than the interval: go on from now.
            ctx.stats.late.fetch_add(1, Ordering::Relaxed);
            next = now;
        }
    }
    let _ = game.ws.close(None).await;
}

/// Plays `point` for the side to move and records the outcome; false if the game's
/// socket is gone for good.
async fn play_move(ctx: &Ctx, game: &mut Game, point: usize) -> bool {
    let msg = json!({
        "token": game.tokens[game.to_move],
        "type": "play",
        "point": vertex(point, game.size),
    });
    let sent = Instant::now();
    match game.request(msg, ctx.timeout).await {
        Ok(Reply::Ack) => {
            ctx.stats.move_done(sent.elapsed());
            game.moves += 1;
        }
        Ok(Reply::Refused { code, .. }) if code == "illegal_move" => {
            ctx.stats.refusals.fetch_add(1, Ordering::Relaxed);
            game.refused.push(point);
        }
        Ok(Reply::Refused { code, .. }) if code == "game_over" => {
            game.phase = "finished".into();
        }
        Ok(Reply::Refused { code, .. }) => ctx.stats.error(&code),
        Err(Failure::Timeout) => {
            ctx.stats.timeouts.fetch_add(1, Ordering::Relaxed);
        }
        Err(Failure::Closed(_)) => {
            ctx.stats.disconnects.fetch_add(1, Ordering::Relaxed);
            // Reconnect to the same game; its state comes first.
            let reconnected = match connect(ctx, &game.id).await {
                Ok(ws) => {
                    game.ws = ws;
                    game.seq = -1;
                    game.first_state(ctx.timeout).await.is_ok()
                }
                Err(_) => false,
            };
            if !reconnected {
                ctx.stats.games_lost.fetch_add(1, Ordering::Relaxed);
                return false;
            }
        }
    }
    true
}

// ---------------------------------------------------------------------------------------
// The server child, memory and CPU

/// A server started for the run: stopped, and its temporary database removed, on drop.
struct Server {
    child: Child,
    addr: String,
    temp_db: Option<PathBuf>,
}

impl Server {
    fn start(database: Option<&str>, timeout: Duration) -> Result<Server, String> {
        let exe = std::env::current_exe()
            .map_err(|e| format!("cannot find the tengen executable: {e}"))?;
        let (db, temp_db) = match database {
            Some(d) => (d.to_string(), None),
            None => {
                let nanos = std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .map_or(0, |d| d.subsec_nanos());
                let path = std::env::temp_dir()
                    .join(format!("tengen-loadtest-{}-{nanos}.db", std::process::id()));
                (path.display().to_string(), Some(path))
            }
        };
        let mut child = Command::new(exe)
            .args(["serve", "--addr", "127.0.0.1:0", "--database", &db])
            .args(["--max-open-games", "0", "--ws-rate", "1000"])
            // Every game comes from this one address.
            .args(["--http-rate", "0", "--max-connections-per-address", "0"])
            .args(["--ws-idle-timeout", "0"])
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .map_err(|e| format!("cannot start the server: {e}"))?;
        let stdout = child.stdout.take();
        let mut server = Server {
            child,
            addr: String::new(),
            temp_db,
        };
        let (tx, rx) = std::sync::mpsc::channel();
        if let Some(stdout) = stdout {
            // The first line says where it listens; the rest is drained so that the
            // server never blocks on a full pipe.
            std::thread::spawn(move || {
                for line in std::io::BufReader::new(stdout).lines() {
                    let Ok(line) = line else { break };
                    let _ = tx.send(line);
                }
            });
        }
        let deadline = Instant::now() + timeout.max(Duration::from_secs(30));
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match rx.recv_timeout(left) {
                Ok(line) => {
                    if let Some(addr) = line
                        .split("http://")
                        .nth(1)
                        .and_then(|rest| rest.split('/').next())
                    {
                        server.addr = addr.to_string();
                        return Ok(server);
                    }
                }
                Err(_) => {
                    let status = server.child.try_wait().ok().flatten();
                    return Err(match status {
                        Some(s) => format!("the server stopped before listening ({s})"),
                        None => "the server did not say where it listens in time".into(),
                    });
                }
            }
        }
    }

    fn pid(&self) -> u32 {
        self.child.id()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        if let Ok(pid) = libc::pid_t::try_from(self.child.id()) {
            // SAFETY: signalling our own child process, which has not been reaped yet.
            unsafe {
                libc::kill(pid, libc::SIGTERM);
            }
        }
        let deadline = Instant::now() + Duration::from_secs(5);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                break;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
        if let Some(path) = &self.temp_db {
            for suffix in ["", "-wal", "-shm", "-journal"] {
                let mut p = path.clone().into_os_string();
                p.push(suffix);
                let _ = std::fs::remove_file(p);
            }
        }
    }
}

/// `VmHWM` and `VmRSS` of a process (`self` or a pid), in KiB.
fn memory(pid: &str) -> Option<(u64, u64)> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let field = |name: &str| {
        status
            .lines()
            .find_map(|l| l.strip_prefix(name))
            .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
    };
    Some((field("VmHWM:")?, field("VmRSS:")?))
}

/// User plus system CPU time of a process so far.
fn cpu_time(pid: &str) -> Option<Duration> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    let ticks: u64 = fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?;
    // SAFETY: sysconf only reads a system setting.
    let per_second = unsafe { libc::sysconf(libc::_SC_CLK_TCK) };
    let per_second = u64::try_from(per_second).ok().filter(|&t| t > 0)?;
    Some(Duration::from_secs_f64(ticks as f64 / per_second as f64))
}

/// Raises the soft limit of open files to the hard one (each game holds a socket here
/// and one in the server, which inherits the limit); the limit now.
fn raise_open_files() -> libc::rlim_t {
    let mut limit = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: get/setrlimit with a valid pointer to a local struct.
    unsafe {
        if libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) != 0 {
            return 0;
        }
        if limit.rlim_cur < limit.rlim_max {
            let raised = libc::rlimit {
                rlim_cur: limit.rlim_max,
                rlim_max: limit.rlim_max,
            };
            if libc::setrlimit(libc::RLIMIT_NOFILE, &raised) == 0 {
                limit = raised;
            }
        }
    }
    limit.rlim_cur
}

/// `host:port` of a loopback `http://` URL; anything else is refused.
fn loopback(url: &str) -> Result<String, String> {
    let rest = url
        .strip_prefix("http://")
        .ok_or_else(|| format!("--url {url}: only http:// URLs on loopback are tested"))?;
    let hostport = rest.split('/').next().unwrap_or(rest);
    let (host, port) = hostport
        .rsplit_once(':')
        .ok_or_else(|| format!("--url {url}: give the port, e.g. http://127.0.0.1:8080"))?;
    let port: u16 = port
        .parse()
        .map_err(|_| format!("--url {url}: bad port `{port}`"))?;
    let host = match host {
        "127.0.0.1" | "localhost" => "127.0.0.1",
        "[::1]" => "[::1]",
        _ => {
            return Err(format!(
                "--url {url}: only loopback addresses (127.0.0.1) are tested"
            ))
        }
    };
    Ok(format!("{host}:{port}"))
}

// ---------------------------------------------------------------------------------------
// The run

/// Runs the load test and prints the report.
pub fn run(args: Args) -> Result<(), String> {
    if args.games == 0 {
        return Err("--games must be at least 1".into());
    }
    if args.interval.is_zero() {
        return Err("--interval must be more than 0".into());
    }
    let open_files = raise_open_files();
    if open_files > 0 && (open_files as usize) < args.games + 200 {
        eprintln!(
            "tengen loadtest: warning: {open_files} open files allowed, {} games need more",
            args.games
        );
    }
    let server = match &args.url {
        Some(url) => {
            loopback(url)?;
            None
        }
        None => Some(Server::start(args.database.as_deref(), args.timeout)?),
    };
    let hostport = match (&server, &args.url) {
        (Some(s), _) => s.addr.clone(),
        (None, Some(url)) => loopback(url)?,
        (None, None) => unreachable!("either a server is started or --url is given"),
    };
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the runtime: {e}"))?;
    let server_pid = server.as_ref().map(|s| s.pid().to_string());
    let report = runtime.block_on(drive(&args, &hostport, server_pid.as_deref()))?;
    drop(runtime);
    drop(server);
    if args.json {
        println!("{report}");
    } else {
        print_report(&report);
    }
    Ok(())
}

async fn drive(args: &Args, hostport: &str, server_pid: Option<&str>) -> Result<Value, String> {
    let http = reqwest::Client::builder()
        .no_proxy()
        .timeout(args.timeout)
        .pool_max_idle_per_host(args.setup_concurrency)
        .build()
        .map_err(|e| format!("cannot make the HTTP client: {e}"))?;
    let ctx = Arc::new(Ctx {
        http,
        base: format!("http://{hostport}"),
        ws_base: format!("ws://{hostport}"),
        size: args.size as usize,
        time: args.time.clone().unwrap_or_else(|| "none".into()),
        moves_per_game: args.moves_per_game,
        timeout: args.timeout,
        stats: Stats::new(),
    });
    let database = match (&args.url, &args.database) {
        (Some(_), _) => "the running server's".to_string(),
        (None, Some(d)) => d.clone(),
        (None, None) => "sqlite (a temporary file)".to_string(),
    };
    eprintln!(
        "tengen loadtest: {} games on {}, database {database}: setting up",
        args.games, ctx.base
    );

    // Setup: create the games and take their seats, so many at a time.
    let setup_start = Instant::now();
    let ready = Arc::new(AtomicU64::new(0));
    let progress = {
        let (ctx, ready, n) = (ctx.clone(), ready.clone(), args.games);
        tokio::spawn(async move {
            loop {
                tokio::time::sleep(Duration::from_secs(2)).await;
                eprintln!(
                    "tengen loadtest: setup: {}/{n} games ready, {} failed ({:.0} s)",
                    ready.load(Ordering::Relaxed),
                    ctx.stats.setup_failures.load(Ordering::Relaxed),
                    setup_start.elapsed().as_secs_f64()
                );
            }
        })
    };
    let setup = futures_util::stream::iter(0..args.games)
        .map(|_| {
            let (ctx, ready) = (ctx.clone(), ready.clone());
            async move {
                match Game::open(&ctx).await {
                    Ok(g) => {
                        ready.fetch_add(1, Ordering::Relaxed);
                        Some(g)
                    }
                    Err(e) => {
                        let failures = ctx.stats.setup_failures.fetch_add(1, Ordering::Relaxed);
                        if failures < 5 {
                            eprintln!("tengen loadtest: setup: {e}");
                        }
                        None
                    }
                }
            }
        })
        .buffer_unordered(args.setup_concurrency.max(1))
        .filter_map(|g| async move { g })
        .collect::<Vec<Game>>();
    let games = tokio::time::timeout(args.setup_timeout, setup).await;
    progress.abort();
    let games = games.map_err(|_| {
        format!(
            "the setup took longer than {:?} (--setup-timeout)",
            args.setup_timeout
        )
    })?;
    let setup_seconds = setup_start.elapsed().as_secs_f64();
    if games.is_empty() {
        return Err("no game could be set up".into());
    }
    let created_in_setup = ctx.stats.games_created.load(Ordering::Relaxed);
    eprintln!(
        "tengen loadtest: {} games ready in {setup_seconds:.1} s; playing for {:?}",
        games.len(),
        args.duration
    );

    // Play.
    let cpu_before = (
        server_pid.and_then(cpu_time),
        cpu_time("self"),
        Instant::now(),
    );
    let play_start = TokioInstant::now();
    let end = play_start + args.duration;
    let ramp = args.ramp.unwrap_or(args.interval);
    let count = games.len();
    let seed = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(1, |d| d.as_nanos() as u64);
    let mut tasks = Vec::with_capacity(count);
    for (i, game) in games.into_iter().enumerate() {
        let offset = ramp.mul_f64(i as f64 / count as f64);
        tasks.push(tokio::spawn(play(
            ctx.clone(),
            game,
            seed ^ (i as u64).wrapping_mul(0x1000_0000_01B3),
            play_start + offset,
            end,
            args.interval,
        )));
    }
    let ticker = {
        let ctx = ctx.clone();
        let server_pid = server_pid.map(str::to_string);
        tokio::spawn(async move {
            let mut last_moves = 0;
            let mut last = Instant::now();
            loop {
                tokio::time::sleep(Duration::from_secs(5)).await;
                let moves = ctx.stats.moves.load(Ordering::Relaxed);
                let (all, window) = ctx.stats.take_window();
                let rate = (moves - last_moves) as f64 / last.elapsed().as_secs_f64();
                last_moves = moves;
                last = Instant::now();
                let rss = server_pid
                    .as_deref()
                    .and_then(memory)
                    .map_or(String::new(), |(_, rss)| {
                        format!(", server RSS {:.0} MiB", rss as f64 / 1024.0)
                    });
                eprintln!(
                    "tengen loadtest: {:>4.0} s: {moves} moves, {rate:.0}/s; last 5 s p50 {} p99 {}; \
                     all p50 {} p99 {}; {} refused, {} errors{rss}",
                    play_start.elapsed().as_secs_f64(),
                    ms_text(window.quantile(0.5)),
                    ms_text(window.quantile(0.99)),
                    ms_text(all.quantile(0.5)),
                    ms_text(all.quantile(0.99)),
                    ctx.stats.refusals.load(Ordering::Relaxed),
                    ctx.stats.errors(),
                );
            }
        })
    };
    // Each game stops at `end`, after the action it has out (at most --timeout).
    let stop = end + args.timeout + Duration::from_secs(2);
    for task in &mut tasks {
        if timeout_at(stop, &mut *task).await.is_err() {
            task.abort();
        }
    }
    ticker.abort();
    // Every move is sent before `end`; the ones out then were answered after it.
    let play_seconds = args.duration.as_secs_f64();
    let played = cpu_before.2.elapsed().as_secs_f64();
    let cpu = |before: Option<Duration>, pid: Option<&str>| -> Option<f64> {
        let after = cpu_time(pid?)?;
        Some(((after.saturating_sub(before?)).as_secs_f64() / played * 1000.0).round() / 10.0)
    };
    let server_cpu = cpu(cpu_before.0, server_pid);
    let own_cpu = cpu(cpu_before.1, Some("self"));

    let s = &ctx.stats;
    let (all, _) = s.take_window();
    let moves = s.moves.load(Ordering::Relaxed);
    let mem_json = |m: Option<(u64, u64)>| {
        m.map_or(
            Value::Null,
            |(hwm, rss)| json!({"peak_kib": hwm, "rss_kib": rss}),
        )
    };
    let other = s.other.lock().map(|m| m.clone()).unwrap_or_default();
    Ok(json!({
        "url": ctx.base,
        "database": database,
        "games": count,
        "games_requested": args.games,
        "games_created": s.games_created.load(Ordering::Relaxed),
        "games_replaced": s.games_replaced.load(Ordering::Relaxed),
        "games_lost": s.games_lost.load(Ordering::Relaxed),
        "setup_failures": s.setup_failures.load(Ordering::Relaxed),
        "setup_games_created": created_in_setup,
        "setup_seconds": (setup_seconds * 100.0).round() / 100.0,
        "interval_ms": args.interval.as_millis() as u64,
        "duration_seconds": (play_seconds * 100.0).round() / 100.0,
        "moves": moves,
        "moves_per_second": (moves as f64 / play_seconds * 10.0).round() / 10.0,
        "latency_ms": {
            "p50": ms(all.quantile(0.5)),
            "p90": ms(all.quantile(0.9)),
            "p99": ms(all.quantile(0.99)),
            "p999": ms(all.quantile(0.999)),
            "max": ms((all.total > 0).then_some(u64::from(all.max))),
            "mean": all.mean().map(|m| (m / 10.0).round() / 100.0),
        },
        "refusals": s.refusals.load(Ordering::Relaxed),
        "late_moves": s.late.load(Ordering::Relaxed),
        "errors": {
            "total": s.errors(),
            "timeouts": s.timeouts.load(Ordering::Relaxed),
            "disconnects": s.disconnects.load(Ordering::Relaxed),
            "other": other,
        },
        "server_memory": mem_json(server_pid.and_then(memory)),
        "server_cpu_percent": server_cpu,
        "loadtest_memory": mem_json(memory("self")),
        "loadtest_cpu_percent": own_cpu,
    }))
}

fn print_report(r: &Value) {
    let f = |v: &Value| v.as_f64().map_or("-".to_string(), |x| format!("{x}"));
    let lat = &r["latency_ms"];
    let mem = |m: &Value| {
        if m.is_null() {
            "not known".to_string()
        } else {
            format!(
                "peak {:.1} MiB, now {:.1} MiB",
                m["peak_kib"].as_f64().unwrap_or(0.0) / 1024.0,
                m["rss_kib"].as_f64().unwrap_or(0.0) / 1024.0
            )
        }
    };
    let cpu = |c: &Value| {
        c.as_f64()
            .map_or(String::new(), |c| format!(", CPU {c}% of a core"))
    };
    println!(
        "tengen loadtest: {} on {}",
        r["database"].as_str().unwrap_or("?"),
        r["url"].as_str().unwrap_or("?")
    );
    println!(
        "games:    {} at once ({} requested), set up in {} s; {} created in all, {} replaced, {} lost, {} setup failures",
        r["games"], r["games_requested"], f(&r["setup_seconds"]), r["games_created"],
        r["games_replaced"], r["games_lost"], r["setup_failures"]
    );
    println!(
        "moves:    {} in {} s = {} moves/s (one per game every {} ms); {} refused as illegal, {} late",
        r["moves"], f(&r["duration_seconds"]), f(&r["moves_per_second"]), r["interval_ms"],
        r["refusals"], r["late_moves"]
    );
    println!(
        "latency:  p50 {} ms, p90 {} ms, p99 {} ms, p99.9 {} ms, max {} ms, mean {} ms",
        f(&lat["p50"]),
        f(&lat["p90"]),
        f(&lat["p99"]),
        f(&lat["p999"]),
        f(&lat["max"]),
        f(&lat["mean"])
    );
    let e = &r["errors"];
    println!(
        "errors:   {} (timeouts {}, disconnects {}, other {})",
        e["total"], e["timeouts"], e["disconnects"], e["other"]
    );
    println!(
        "server:   memory {}{}",
        mem(&r["server_memory"]),
        cpu(&r["server_cpu_percent"])
    );
    println!(
        "loadtest: memory {}{}",
        mem(&r["loadtest_memory"]),
        cpu(&r["loadtest_cpu_percent"])
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_parse() {
        assert_eq!(parse_duration("5s"), Ok(Duration::from_secs(5)));
        assert_eq!(parse_duration("200ms"), Ok(Duration::from_millis(200)));
        assert_eq!(parse_duration("2m"), Ok(Duration::from_secs(120)));
        assert_eq!(parse_duration("1.5"), Ok(Duration::from_millis(1500)));
        assert!(parse_duration("5 parsecs").is_err());
        assert!(parse_duration("").is_err());
    }

    #[test]
    fn histogram_buckets_are_contiguous_and_tight() {
        let mut last = 0;
        for v in (0..200_000u32).chain([u32::MAX - 1, u32::MAX]) {
            let i = Histogram::index(v);
            assert!(i >= last, "index goes down at {v}");
            assert!(u64::from(v) <= Histogram::upper(i), "{v} above its bucket");
            if v >= 128 {
                assert!(
                    Histogram::upper(i) - u64::from(v) <= u64::from(v) / 64,
                    "{v}"
                );
            }
            last = i;
        }
    }

    #[test]
    fn quantiles() {
        let mut h = Histogram::new();
        assert_eq!(h.quantile(0.5), None);
        for v in 1..=1000 {
            h.record(v);
        }
        let p50 = h.quantile(0.5).unwrap();
        let p99 = h.quantile(0.99).unwrap();
        assert!((495..=510).contains(&p50), "{p50}");
        assert!((985..=1000).contains(&p99), "{p99}");
        assert_eq!(h.quantile(1.0), Some(1000));
        h.record(5000);
        assert_eq!(h.max, 5000);
        assert_eq!(h.total, 1001);
        assert_eq!(h.quantile(1.0), Some(5000));
    }

    #[test]
    fn vertices_round_trip() {
        assert_eq!(vertex(0, 19), "A19");
        assert_eq!(vertex(18 * 19 + 18, 19), "T1");
        assert_eq!(point_of("D4", 19), Some(15 * 19 + 3));
        assert_eq!(point_of("J1", 9), Some(8 * 9 + 8));
        for p in 0..361 {
            assert_eq!(point_of(&vertex(p, 19), 19), Some(p));
        }
        assert_eq!(point_of("I5", 19), None);
        assert_eq!(point_of("A20", 19), None);
    }

    #[test]
    fn only_loopback() {
        assert_eq!(
            loopback("http://127.0.0.1:8080/"),
            Ok("127.0.0.1:8080".into())
        );
        assert_eq!(loopback("http://localhost:80"), Ok("127.0.0.1:80".into()));
        assert!(loopback("http://example.com:80").is_err());
        assert!(loopback("https://127.0.0.1:80").is_err());
        assert!(loopback("http://10.0.0.1:80").is_err());
    }
}
