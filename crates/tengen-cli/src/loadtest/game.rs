//! One game over its WebSocket: created with `POST /api/games`, both seats joined over one
//! socket (each message carries its seat's token), the board followed from the `state`
//! messages, and actions sent with an `id` and matched to their `ack` or `error`.

use super::Ctx;
use futures_util::{FutureExt, SinkExt, StreamExt};
use serde::Deserialize;
use serde_json::{json, Value};
use std::sync::atomic::Ordering;
use std::time::Duration;
use tengen::Rng;
use tengen::{Point, Size};
use tokio::time::{timeout_at, Instant as TokioInstant};
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::tungstenite::Message;

/// A game's WebSocket.
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

/// A game as a `state` message shows it.
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

/// The body of an `error` message.
#[derive(Deserialize)]
struct ErrorBody {
    code: String,
    #[serde(default)]
    message: String,
}

/// The answer to an action.
pub enum Reply {
    /// Done.
    Ack,
    /// Refused, with the server's code and message.
    Refused { code: String, message: String },
}

/// Why an action got no answer.
pub enum Failure {
    /// None in time.
    Timeout,
    /// The socket closed or failed.
    Closed(String),
}

/// One game: its seats' tokens, its socket, and the board as last seen.
pub struct Game {
    /// The game's id on the server.
    pub id: String,
    /// Black's and White's seat tokens.
    pub tokens: [String; 2],
    /// The game's socket.
    pub ws: Ws,
    /// The board's size.
    pub size: Size,
    /// The board as last seen, row by row from the top-left: `.`, `X` or `O`.
    board: Vec<u8>,
    /// 0 Black, 1 White.
    pub to_move: usize,
    /// `playing`, `finished`, ... as last seen.
    pub phase: String,
    /// The ko point's index, if any.
    ko: Option<usize>,
    /// The state's sequence number as last seen; -1 before the first.
    pub seq: i64,
    /// Points refused since the board last changed.
    pub refused: Vec<usize>,
    /// Moves this game has made.
    pub moves: u32,
    /// The `id` of the next action.
    next_id: u64,
}

impl Game {
    /// Creates a game, connects its socket, and takes both seats.
    pub async fn open(ctx: &Ctx) -> Result<Game, String> {
        let body = json!({
            "size": ctx.size.width(),
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
            board: vec![b'.'; ctx.size.points()],
            to_move: 0,
            phase: String::new(),
            ko: None,
            seq: -1,
            refused: Vec::new(),
            moves: 0,
            next_id: 1,
        };
        game.first_state(ctx.timeout).await?;
        game.join(ctx).await?;
        Ok(game)
    }

    /// Takes both seats over the game's socket.
    async fn join(&mut self, ctx: &Ctx) -> Result<(), String> {
        for seat in 0..2 {
            let msg = json!({"token": self.tokens[seat], "type": "join", "name": "loadtest"});
            match self.request(msg, ctx.timeout).await {
                Ok(Reply::Ack) => {}
                Ok(Reply::Refused { code, message }) => {
                    return Err(format!("join refused: {code}: {message}"))
                }
                Err(Failure::Timeout) => return Err("join: no answer".into()),
                Err(Failure::Closed(e)) => return Err(format!("join: {e}")),
            }
        }
        Ok(())
    }

    /// Waits for the state the server sends on connecting.
    pub async fn first_state(&mut self, limit: Duration) -> Result<(), String> {
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

    /// Takes in a state, unless it is older than the one last seen.
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
        self.ko = s.ko.as_deref().and_then(|v| point_index(v, self.size));
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
    pub fn catch_up(&mut self) {
        while let Some(Some(Ok(Message::Text(t)))) = self.ws.next().now_or_never() {
            if let Ok(Incoming { game: Some(s), .. }) = serde_json::from_str::<Incoming>(t.as_str())
            {
                self.update(s);
            }
        }
    }

    /// Sends an action with a fresh `id` and waits for its answer, following the states
    /// that come meanwhile.
    pub async fn request(&mut self, mut msg: Value, limit: Duration) -> Result<Reply, Failure> {
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
    pub fn choose(&self, rng: &mut Rng) -> Option<usize> {
        let n = usize::from(self.size.width());
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
        (!list.is_empty()).then(|| list[rng.index(list.len())])
    }

    /// Ends the game: the side to move resigns.
    pub async fn resign(&mut self, ctx: &Ctx) {
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

/// The GTP vertex (what the server's `play` takes) of the point at `index` in a board read
/// row by row from the top-left.
pub fn vertex(index: usize, size: Size) -> String {
    let w = usize::from(size.width());
    Point::new((index % w) as u8, (index / w) as u8)
        .to_gtp(size)
        .unwrap_or_default()
}

/// The index in a board read row by row from the top-left of the GTP vertex `v`.
fn point_index(v: &str, size: Size) -> Option<usize> {
    let p = Point::from_gtp(v, size)?;
    Some(usize::from(p.y) * usize::from(size.width()) + usize::from(p.x))
}

/// Opens the WebSocket of game `id`.
pub async fn connect(ctx: &Ctx, id: &str) -> Result<Ws, String> {
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

#[cfg(test)]
mod tests {
    use super::*;

    /// GTP vertices count rows from the bottom and skip `I`: on 19x19, A19 is the top-left
    /// (index 0), T1 the bottom-right (18 * 19 + 18), D4 is row 15 from the top, column 3.
    #[test]
    fn vertices_round_trip() {
        let size = Size::new(19, 19).unwrap();
        assert_eq!(vertex(0, size), "A19");
        assert_eq!(vertex(18 * 19 + 18, size), "T1");
        for p in 0..361 {
            assert_eq!(point_index(&vertex(p, size), size), Some(p));
        }
        assert_eq!(point_index("A19", size), Some(0));
        assert_eq!(point_index("T1", size), Some(18 * 19 + 18));
        assert_eq!(point_index("D4", size), Some(15 * 19 + 3));
        assert_eq!(point_index("J1", Size::new(9, 9).unwrap()), Some(8 * 9 + 8));
        assert_eq!(point_index("I5", size), None);
        assert_eq!(point_index("A20", size), None);
    }
}
