//! The server's state: the games in memory, each behind its own lock, kept in step with the
//! database. Every change goes the same way: decide the event under the game's lock, store
//! it at the next step (the database refuses a step that another server stored first: then
//! catch up and decide again), apply it, broadcast the new snapshot, and only then answer.

use crate::error::ApiError;
use crate::events::{Action, Envelope, Event, Side};
use crate::live::{LiveGame, Millis, PhaseName};
use crate::settings::{color_name, CreateRequest, Settings};
use crate::snapshot::{snapshot, summary};
use crate::store::{AppendError, GameRow, Store};
use axum::http::StatusCode;
use rand::Rng;
use serde_json::{json, Value};
use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use tengen::{Color, Move};
use tokio::sync::broadcast;
use tokio::task::AbortHandle;

/// Limits on what one client may ask (docs/protocol.md).
#[derive(Clone, Debug)]
pub struct Limits {
    /// Largest HTTP body, in bytes.
    pub body_bytes: usize,
    /// Largest WebSocket message, in bytes.
    pub ws_message_bytes: usize,
    /// Messages a second one WebSocket connection may send.
    pub ws_messages_per_second: u32,
    /// Unfinished games one client (address) may have created; 0 for no limit.
    pub open_games_per_client: i64,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            body_bytes: 64 * 1024,
            ws_message_bytes: 16 * 1024,
            ws_messages_per_second: 20,
            open_games_per_client: 20,
        }
    }
}

/// One game in memory.
pub struct GameCell {
    /// The game's id.
    pub id: String,
    state: tokio::sync::Mutex<LiveGame>,
    /// Every change's snapshot message, for the WebSocket viewers.
    pub updates: broadcast::Sender<Arc<str>>,
    timer: Mutex<Option<(Millis, AbortHandle)>>,
}

/// The server.
pub struct App {
    /// The database.
    pub store: Store,
    /// Request limits.
    pub limits: Limits,
    /// Where the web board's files are, if served.
    pub web_dir: Option<PathBuf>,
    games: Mutex<HashMap<String, Arc<GameCell>>>,
}

/// Milliseconds since the Unix epoch, now.
pub fn now() -> Millis {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, crate::live::millis)
}

fn random_id(len: usize) -> String {
    const ALPHABET: &[u8] = b"abcdefghijkmnpqrstuvwxyz23456789";
    let mut rng = rand::thread_rng();
    (0..len)
        .map(|_| ALPHABET[rng.gen_range(0..ALPHABET.len())] as char)
        .collect()
}

fn random_token() -> String {
    let bytes: [u8; 16] = rand::thread_rng().gen();
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The message every viewer gets after a change.
fn state_message(g: &LiveGame) -> Arc<str> {
    Arc::from(json!({"type": "state", "game": snapshot(g, now())}).to_string())
}

impl App {
    /// A server over `store`.
    pub fn new(store: Store, limits: Limits, web_dir: Option<PathBuf>) -> Arc<App> {
        Arc::new(App {
            store,
            limits,
            web_dir,
            games: Mutex::new(HashMap::new()),
        })
    }

    fn cached(&self, id: &str) -> Option<Arc<GameCell>> {
        self.games.lock().ok()?.get(id).cloned()
    }

    fn insert(&self, g: LiveGame) -> Arc<GameCell> {
        let id = g.id.clone();
        let cell = Arc::new(GameCell {
            id: id.clone(),
            state: tokio::sync::Mutex::new(g),
            updates: broadcast::channel(64).0,
            timer: Mutex::new(None),
        });
        match self.games.lock() {
            Ok(mut map) => map.entry(id).or_insert(cell).clone(),
            Err(_) => cell,
        }
    }

    /// Creates a game for the client at `client`; the reply of `POST /api/games`.
    pub async fn create(
        self: &Arc<App>,
        req: &CreateRequest,
        client: &str,
    ) -> Result<Value, ApiError> {
        let settings = req.check(rand::thread_rng().gen())?;
        let limit = self.limits.open_games_per_client;
        if limit > 0 {
            let open = self
                .store
                .open_games_of(client)
                .await
                .map_err(ApiError::internal)?;
            if open >= limit {
                return Err(ApiError::new(
                    StatusCode::TOO_MANY_REQUESTS,
                    "too_many_games",
                    format!("you have {open} unfinished games; finish or resign one first"),
                ));
            }
        }
        let bot = settings.bot_color();
        let tokens = [Color::Black, Color::White].map(|c| {
            if bot == Some(c) {
                String::new()
            } else {
                random_token()
            }
        });
        let created = now();
        let row = GameRow {
            id: random_id(10),
            settings: serde_json::to_string(&settings).map_err(ApiError::internal)?,
            black_token: tokens[0].clone(),
            white_token: tokens[1].clone(),
            created,
        };
        self.store
            .create_game(&row, client)
            .await
            .map_err(ApiError::internal)?;
        let g = LiveGame::new(row.id.clone(), settings.clone(), tokens.clone(), created);
        let id = g.id.clone();
        let cell = self.insert(g);
        let game = {
            let g = cell.state.lock().await;
            snapshot(&g, now())
        };
        let seat = |c: Color| {
            let t = &tokens[c.index()];
            if t.is_empty() {
                Value::Null
            } else {
                json!({"token": t, "link": format!("/game/{id}?seat={}&token={t}", color_name(c))})
            }
        };
        Ok(json!({
            "id": id,
            "color": settings.creator,
            "seats": {"black": seat(Color::Black), "white": seat(Color::White)},
            "spectate": format!("/game/{id}"),
            "game": game,
        }))
    }

    /// The game `id`, loaded from the database if it is not in memory.
    pub async fn cell(self: &Arc<App>, id: &str) -> Result<Arc<GameCell>, ApiError> {
        if let Some(c) = self.cached(id) {
            return Ok(c);
        }
        if id.len() > 64 {
            return Err(ApiError::not_found(id));
        }
        let row = self
            .store
            .game(id)
            .await
            .map_err(ApiError::internal)?
            .ok_or_else(|| ApiError::not_found(id))?;
        let settings: Settings = serde_json::from_str(&row.settings).map_err(|e| {
            ApiError::internal(format!("game {id}: stored settings unreadable: {e}"))
        })?;
        let mut g = LiveGame::new(
            row.id,
            settings,
            [row.black_token, row.white_token],
            row.created,
        );
        let events = self.store.events(id, 0).await.map_err(ApiError::internal)?;
        apply_rows(&mut g, &events);
        let cell = self.insert(g);
        let app = self.clone();
        let c = cell.clone();
        // Whatever the loaded game waits for (a proposal, the bot, a timer) starts now.
        tokio::spawn(async move {
            let mut g = c.state.lock().await;
            app.follow_up(&c, &mut g, true).await;
        });
        Ok(cell)
    }

    /// The snapshot of a game now.
    pub async fn snapshot(self: &Arc<App>, id: &str) -> Result<Value, ApiError> {
        let cell = self.cell(id).await?;
        let g = cell.state.lock().await;
        Ok(snapshot(&g, now()))
    }

    /// The snapshot message as a WebSocket viewer gets it on connecting.
    pub async fn state_message(self: &Arc<App>, cell: &GameCell) -> Arc<str> {
        let g = cell.state.lock().await;
        state_message(&g)
    }

    /// The lobby's lines: games with `status` (`active` or `finished`).
    pub async fn list(self: &Arc<App>, status: &str, limit: i64) -> Result<Value, ApiError> {
        let ids = self
            .store
            .list(status, limit)
            .await
            .map_err(ApiError::internal)?;
        let mut out = Vec::with_capacity(ids.len());
        for id in ids {
            if let Ok(cell) = self.cell(&id).await {
                let g = cell.state.lock().await;
                out.push(summary(&g));
            }
        }
        Ok(Value::Array(out))
    }

    /// The SGF record of a game.
    pub async fn sgf(self: &Arc<App>, id: &str) -> Result<String, ApiError> {
        let cell = self.cell(id).await?;
        let g = cell.state.lock().await;
        Ok(crate::sgf::record(&g))
    }

    /// A seat's action, by token: the new step once it is stored and broadcast, and the
    /// snapshot after it if `want_snapshot`.
    pub async fn act(
        self: &Arc<App>,
        id: &str,
        token: Option<&str>,
        env: &Envelope,
        want_snapshot: bool,
    ) -> Result<(i64, Option<Value>), ApiError> {
        let cell = self.cell(id).await?;
        let mut g = cell.state.lock().await;
        let token = token
            .or(env.token.as_deref())
            .ok_or_else(ApiError::unauthorized)?;
        let seat = g.seat_of(token).ok_or_else(ApiError::unauthorized)?;
        self.act_locked(&cell, &mut g, seat, &env.action, env.seq)
            .await?;
        Ok((g.seq, want_snapshot.then(|| snapshot(&g, now()))))
    }

    /// Decides, stores and applies an action of `seat` under the game's lock.
    async fn act_locked(
        self: &Arc<App>,
        cell: &GameCell,
        g: &mut LiveGame,
        seat: Color,
        action: &Action,
        seen: Option<i64>,
    ) -> Result<(), ApiError> {
        for _attempt in 0..4 {
            let at = now();
            if let Some(due) = g.due_event(at) {
                self.commit_or_catch_up(cell, g, due, at).await?;
                continue;
            }
            if let Some(s) = seen {
                if s != g.seq {
                    return Err(ApiError::stale(format!(
                        "the game has moved on to event {} since event {s}",
                        g.seq
                    ))
                    .with("seq", g.seq));
                }
            }
            let Some(event) = g.decide(action, seat)? else {
                return Ok(());
            };
            if self.commit_or_catch_up(cell, g, event, at).await? {
                self.follow_up(cell, g, true).await;
                return Ok(());
            }
        }
        Err(ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "conflict",
            "the game kept changing on another server; try again",
        ))
    }

    /// Stores `event` as the next step and applies it (true), or, if another server
    /// stored that step first, catches up with the database (false).
    async fn commit_or_catch_up(
        self: &Arc<App>,
        cell: &GameCell,
        g: &mut LiveGame,
        event: Event,
        at: Millis,
    ) -> Result<bool, ApiError> {
        let body = serde_json::to_string(&event).map_err(ApiError::internal)?;
        let seq = g.seq + 1;
        match self.store.append(&g.id, seq, &body, at).await {
            Ok(()) => {
                let was_finished = g.phase() == PhaseName::Finished;
                if let Err(e) = g.apply(seq, &event, at) {
                    tracing::error!("game {}: stored event {seq} did not apply: {e}", g.id);
                }
                if !was_finished && g.phase() == PhaseName::Finished {
                    let result = g.game.result().map(|r| r.to_string());
                    self.store
                        .set_status(&g.id, "finished", result.as_deref(), at)
                        .await
                        .map_err(ApiError::internal)?;
                }
                let _ = cell.updates.send(state_message(g));
                Ok(true)
            }
            Err(AppendError::Conflict) => {
                self.catch_up(cell, g).await?;
                Ok(false)
            }
            Err(AppendError::Db(e)) => Err(ApiError::internal(e)),
        }
    }

    /// Applies the events other servers stored, and tells the viewers.
    async fn catch_up(&self, cell: &GameCell, g: &mut LiveGame) -> Result<(), ApiError> {
        let rows = self
            .store
            .events(&g.id, g.seq)
            .await
            .map_err(ApiError::internal)?;
        if !rows.is_empty() {
            apply_rows(g, &rows);
            let _ = cell.updates.send(state_message(g));
        }
        Ok(())
    }

    /// Another server stored step `seq` of game `id` (PostgreSQL's notification).
    pub async fn notified(self: &Arc<App>, id: &str, seq: i64) {
        let Some(cell) = self.cached(id) else {
            return;
        };
        let mut g = cell.state.lock().await;
        if g.seq >= seq {
            return;
        }
        if let Err(e) = self.catch_up(&cell, &mut g).await {
            tracing::warn!("game {id}: catching up failed: {e}");
        }
        self.follow_up(&cell, &mut g, false).await;
    }

    /// Every game in memory catches up with the database (after missed notifications).
    pub async fn catch_up_all(self: &Arc<App>) {
        let cells: Vec<Arc<GameCell>> = match self.games.lock() {
            Ok(m) => m.values().cloned().collect(),
            Err(_) => return,
        };
        for cell in cells {
            let mut g = cell.state.lock().await;
            if self.catch_up(&cell, &mut g).await.is_ok() {
                self.follow_up(&cell, &mut g, false).await;
            }
        }
    }

    /// What a change leads to: the proposal of dead stones when scoring starts, the bot's
    /// answers (only on the server that stored the change, `local`), and the timer for
    /// the next deadline.
    async fn follow_up(self: &Arc<App>, cell: &GameCell, g: &mut LiveGame, local: bool) {
        for _ in 0..8 {
            let next = match self.next_event(g, local).await {
                Some(e) => e,
                None => break,
            };
            if let Err(e) = self.commit_or_catch_up(cell, g, next, now()).await {
                tracing::warn!("game {}: follow-up failed: {e}", g.id);
                break;
            }
        }
        if local {
            self.start_bot(cell, g);
        }
        self.arm_timer(cell, g);
    }

    /// The server's own next event, if one is due now: dead stones to propose, or the
    /// bot's acceptance or rejection of the marks.
    async fn next_event(&self, g: &LiveGame, local: bool) -> Option<Event> {
        if !local {
            return None;
        }
        if g.phase() == PhaseName::Placing && g.settings.bot_color() == Some(Color::Black) {
            // The bot places a free handicap on the star points, as a fixed one.
            let points = tengen::handicap::fixed_handicap(g.size(), g.settings.handicap).ok()?;
            return Some(Event::PlaceHandicap {
                points: points.iter().filter_map(|p| p.to_gtp(g.size())).collect(),
            });
        }
        if g.phase() != PhaseName::Scoring {
            return None;
        }
        if !g.proposed {
            let game = g.game.clone();
            let dead = tokio::task::spawn_blocking(move || {
                let options = tengen_player::estimate::EstimateOptions::for_game(&game);
                let e = tengen_player::estimate::estimate(game.board(), options);
                e.dead
                    .iter()
                    .filter_map(|p| p.to_gtp(game.size()))
                    .collect::<Vec<_>>()
            })
            .await
            .unwrap_or_default();
            return Some(Event::Propose { dead });
        }
        let bot = g.settings.bot_color()?;
        let marks = g.game.marks()?;
        if marks.accepted[bot.index()] {
            return None;
        }
        let proposal: std::collections::BTreeSet<_> = g.proposal.iter().copied().collect();
        let color = Side::from(bot);
        Some(if marks.dead == proposal {
            Event::Accept { color }
        } else {
            Event::Reject { color }
        })
    }

    /// Starts the bot's search if it is its turn; the move is stored only if the game
    /// has not changed meanwhile.
    fn start_bot(self: &Arc<App>, cell: &GameCell, g: &LiveGame) {
        let Some(bot) = g.settings.bot_color() else {
            return;
        };
        let playing = matches!(g.phase(), PhaseName::Playing | PhaseName::Confirming);
        if !playing || g.to_move() != bot {
            return;
        }
        let playouts = g.settings.bot.as_ref().map_or(3000, |b| b.playouts);
        let game = g
            .game
            .confirmation()
            .cloned()
            .unwrap_or_else(|| g.game.clone());
        let seq = g.seq;
        let app = self.clone();
        let Some(cell) = self.cached(&cell.id) else {
            return;
        };
        tokio::spawn(async move {
            let decision = tokio::task::spawn_blocking(move || {
                let options = tengen_player::mcts::Options {
                    seed: seq as u64,
                    ..Default::default()
                };
                tengen_player::mcts::choose(
                    &game,
                    bot,
                    tengen_player::mcts::Budget::Playouts(playouts),
                    options,
                )
            })
            .await;
            let Ok(decision) = decision else {
                return;
            };
            let mut g = cell.state.lock().await;
            if g.seq != seq {
                return;
            }
            let size = g.size();
            let action = match decision.mv {
                None => Action::Resign,
                Some(Move::Pass) => Action::Pass,
                Some(Move::Play(p)) => Action::Play {
                    point: p.to_gtp(size).unwrap_or_default(),
                },
            };
            if let Err(e) = app.act_locked(&cell, &mut g, bot, &action, Some(seq)).await {
                tracing::warn!("game {}: the bot's move was refused: {e}", g.id);
            }
        });
    }

    /// Sets the game's timer to its next deadline (a loss on time, the end of scoring).
    fn arm_timer(self: &Arc<App>, cell: &GameCell, g: &LiveGame) {
        let deadline = g.deadline();
        let Ok(mut timer) = cell.timer.lock() else {
            return;
        };
        if timer.as_ref().map(|t| t.0) == deadline {
            return;
        }
        if let Some((_, handle)) = timer.take() {
            handle.abort();
        }
        let (Some(deadline), Some(cell)) = (deadline, self.cached(&cell.id)) else {
            return;
        };
        let app = self.clone();
        let task = tokio::spawn(async move {
            let wait = u64::try_from(deadline - now()).unwrap_or(0);
            tokio::time::sleep(std::time::Duration::from_millis(wait)).await;
            let mut g = cell.state.lock().await;
            if let Ok(mut t) = cell.timer.lock() {
                if t.as_ref().map(|t| t.0) == Some(deadline) {
                    *t = None;
                }
            }
            let at = now();
            if let Some(due) = g.due_event(at) {
                if let Err(e) = app.commit_or_catch_up(&cell, &mut g, due, at).await {
                    tracing::warn!("game {}: timer event failed: {e}", g.id);
                }
            }
            app.follow_up(&cell, &mut g, true).await;
        });
        *timer = Some((deadline, task.abort_handle()));
    }

    /// Loads every unfinished game, so that their clocks, bots and scoring phases go on
    /// after a restart.
    pub async fn recover(self: &Arc<App>) -> Result<usize, ApiError> {
        let ids = self
            .store
            .list("active", i64::MAX)
            .await
            .map_err(ApiError::internal)?;
        for id in &ids {
            self.cell(id).await?;
        }
        Ok(ids.len())
    }

    /// Forgets the finished games nobody is watching (they are loaded again on demand);
    /// the number forgotten.
    pub fn evict_finished(&self) -> usize {
        let Ok(mut map) = self.games.lock() else {
            return 0;
        };
        let before = map.len();
        map.retain(|_, cell| {
            let idle = cell.updates.receiver_count() == 0;
            let finished = cell
                .state
                .try_lock()
                .map(|g| g.phase() == PhaseName::Finished);
            // A game busy right now (locked) is kept.
            !(idle && finished.unwrap_or(false))
        });
        before - map.len()
    }

    /// The number of games in memory.
    pub fn loaded(&self) -> usize {
        self.games.lock().map_or(0, |m| m.len())
    }
}

/// Replays stored events onto a game.
fn apply_rows(g: &mut LiveGame, rows: &[crate::store::EventRow]) {
    for row in rows {
        match serde_json::from_str::<Event>(&row.body) {
            Ok(e) => {
                if let Err(err) = g.apply(row.seq, &e, row.at) {
                    tracing::error!("game {}: event {} does not apply: {err}", g.id, row.seq);
                }
            }
            Err(err) => {
                tracing::error!("game {}: event {} unreadable: {err}", g.id, row.seq);
                g.seq = row.seq;
            }
        }
    }
}
