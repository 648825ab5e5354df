//! The server's state: the games in memory, each behind its own lock, kept in step with the
//! database. Every change goes the same way: decide the event under the game's lock, work
//! out the game after it, store the event at the next step together with the status the
//! game then has (the database refuses a step that another server stored first: then
//! catch up and decide again), take the new state, broadcast it, and only then answer.

use crate::bot::Bots;
use crate::error::ApiError;
use crate::events::{Action, Envelope, Event, Side};
use crate::limits::{ClientRates, Limits};
use crate::live::{millis, LiveGame, Millis, PhaseName};
use crate::settings::{color_from_name, color_name, CreateRequest, Settings};
use crate::snapshot::{snapshot, summary};
use crate::store::{AppendError, GameRow, StatusChange, Store};
use crate::tokens::{random_token, Holder};
use axum::http::StatusCode;
use serde_json::{json, Value};
use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use tengen::Color;
use tokio::sync::broadcast;
use tokio::task::AbortHandle;

/// One game in memory.
pub struct GameCell {
    /// The game's id.
    pub id: String,
    pub(crate) state: tokio::sync::Mutex<LiveGame>,
    /// Every change's snapshot message, for the WebSocket viewers.
    pub updates: broadcast::Sender<Arc<str>>,
    timer: Mutex<Option<(Millis, AbortHandle)>>,
    /// The bot's search, if one is under way.
    pub(crate) bot: Mutex<Option<crate::bot::Search>>,
    /// The last score estimate made during play: the event it was made after, and the
    /// answer (held while the next one is made, so that one is made at a time).
    pub(crate) estimate: tokio::sync::Mutex<Option<(i64, Arc<Value>)>>,
}

/// A time the server was down: from its last sign of life to its restart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Downtime {
    /// The last sign of life of any server on the database.
    pub from: Millis,
    /// The restart.
    pub to: Millis,
}

/// What an action came to: the new step, the snapshot if asked for, and for a join the
/// seat's secret (fresh when the join used the seat's invitation).
#[derive(Clone, Debug)]
pub struct Acted {
    /// The last stored event.
    pub seq: i64,
    /// The snapshot after the action.
    pub game: Option<Value>,
    /// The seat's secret, after a join.
    pub token: Option<String>,
}

/// The server.
pub struct App {
    /// The database.
    pub store: Store,
    /// Request limits.
    pub limits: Limits,
    /// Where the web board's files are, if served.
    pub web_dir: Option<PathBuf>,
    /// Each client's HTTP request rate.
    pub rates: ClientRates,
    /// The bot's searches.
    pub bots: Bots,
    /// The turns of the reviews and score estimates (see [`Limits::reviews_at_once`]).
    pub reviews: Arc<tokio::sync::Semaphore>,
    /// This server's name in the database's list of live servers.
    pub node: String,
    games: Mutex<HashMap<String, Arc<GameCell>>>,
    /// The lock on the SQLite file, held as long as the server lives.
    lock: Mutex<Option<std::fs::File>>,
}

/// Milliseconds since the Unix epoch, now.
pub fn now() -> Millis {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, crate::live::millis)
}

/// An id of `len` (at most 16) letters and digits, five random bits each (32 symbols, so
/// a byte's low five bits pick one without bias).
fn random_id(len: usize) -> String {
    const ALPHABET: &[u8; 32] = b"abcdefghijkmnpqrstuvwxyz23456789";
    crate::tokens::random_bytes::<16>()
        .iter()
        .take(len)
        .map(|b| ALPHABET[usize::from(b & 31)] as char)
        .collect()
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
            rates: ClientRates::new(limits.http_requests_per_second, limits.http_burst),
            reviews: Arc::new(tokio::sync::Semaphore::new(limits.reviews_at_once.max(1))),
            limits,
            web_dir,
            bots: Bots::default(),
            node: random_id(12),
            games: Mutex::new(HashMap::new()),
            lock: Mutex::new(None),
        })
    }

    /// Keeps the database's lock for as long as the server lives.
    pub fn hold_lock(&self, file: std::fs::File) {
        if let Ok(mut lock) = self.lock.lock() {
            *lock = Some(file);
        }
    }

    fn cached(&self, id: &str) -> Option<Arc<GameCell>> {
        self.games.lock().ok()?.get(id).cloned()
    }

    /// Puts a game in memory; the cell there already if another task was first (and
    /// whether this one was put there).
    fn insert(&self, mut g: LiveGame) -> (Arc<GameCell>, bool) {
        let expiry = millis(self.limits.waiting_game_expiry);
        g.waiting_expiry = (expiry > 0).then_some(expiry);
        let id = g.id.clone();
        let cell = Arc::new(GameCell {
            id: id.clone(),
            state: tokio::sync::Mutex::new(g),
            updates: broadcast::channel(64).0,
            timer: Mutex::new(None),
            bot: Mutex::new(None),
            estimate: tokio::sync::Mutex::new(None),
        });
        match self.games.lock() {
            Ok(mut map) => {
                let kept = map.entry(id).or_insert_with(|| cell.clone()).clone();
                let fresh = Arc::ptr_eq(&kept, &cell);
                (kept, fresh)
            }
            Err(_) => (cell, true),
        }
    }

    /// Creates a game for the client at `client`; the reply of `POST /api/games`.
    pub async fn create(
        self: &Arc<App>,
        req: &CreateRequest,
        client: &str,
    ) -> Result<Value, ApiError> {
        let coin = crate::tokens::random_bytes::<1>()[0] & 1 == 1;
        let settings = req.check(coin)?;
        let bot = settings.bot_color();
        let creator = color_from_name(&settings.creator).unwrap_or(Color::Black);
        // The creator's seat gets its secret; the other seat, a person's, an invitation
        // that its first join exchanges for a secret of its own.
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
        let limit = self.limits.open_games_per_client;
        let stored = self
            .store
            .create_game_within(&row, client, (limit > 0).then_some(limit))
            .await
            .map_err(ApiError::internal)?;
        if !stored {
            return Err(ApiError::new(
                StatusCode::TOO_MANY_REQUESTS,
                "too_many_games",
                format!("you have {limit} unfinished games; finish, resign or cancel one first"),
            ));
        }
        if settings.public {
            // Unlisted if this fails: the game is still joined by its link.
            if let Err(e) = self.store.list_challenge(&row.id, created).await {
                tracing::warn!("game {}: could not be listed as a challenge: {e}", row.id);
            }
        }
        let g = LiveGame::new(row.id.clone(), settings.clone(), tokens.clone(), created);
        let id = g.id.clone();
        let (cell, _) = self.insert(g);
        let game = {
            let g = cell.state.lock().await;
            // The timer of a game nobody joins: its expiry.
            self.arm_timer(&cell, &g);
            snapshot(&g, now())
        };
        let seat = |c: Color| {
            let t = &tokens[c.index()];
            if t.is_empty() {
                Value::Null
            } else {
                json!({
                    "token": t,
                    "link": format!("/game/{id}?seat={}&token={t}", color_name(c)),
                    "invitation": c != creator,
                })
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
        let (cell, fresh) = self.load(id).await?;
        if fresh {
            let app = self.clone();
            let c = cell.clone();
            // Whatever the loaded game waits for (a proposal, the bot, a timer) starts now.
            tokio::spawn(async move {
                let mut g = c.state.lock().await;
                app.follow_up(&c, &mut g, true).await;
            });
        }
        Ok(cell)
    }

    /// Reads a game from the database and puts it in memory; whether it was put there by
    /// this call (or found there, loaded meanwhile by another).
    async fn load(self: &Arc<App>, id: &str) -> Result<(Arc<GameCell>, bool), ApiError> {
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
        Ok(self.insert(g))
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

    /// The action of whoever holds `token` (or the envelope's): the new step once it is
    /// stored and broadcast, the snapshot after it if `want_snapshot`, and after a join
    /// the seat's secret. A seat's invitation may only join, and that exchanges it.
    pub async fn act(
        self: &Arc<App>,
        id: &str,
        token: Option<&str>,
        env: &Envelope,
        want_snapshot: bool,
    ) -> Result<Acted, ApiError> {
        let cell = self.cell(id).await?;
        let mut g = cell.state.lock().await;
        let token = token
            .or(env.token.as_deref())
            .ok_or_else(ApiError::unauthorized)?;
        let joining = matches!(env.action, Action::Join { .. });
        let (seat, exchange) = match g.holder(token) {
            None => return Err(ApiError::unauthorized()),
            Some(Holder::Seat(c)) => (c, None),
            Some(Holder::Invitation(c)) if joining => (c, Some(random_token())),
            Some(Holder::Invitation(_)) => return Err(ApiError::invitation_only()),
            Some(Holder::SpentInvitation(_)) => return Err(ApiError::spent_invitation()),
        };
        self.act_locked(
            &cell,
            &mut g,
            seat,
            &env.action,
            env.seq,
            exchange.as_deref(),
        )
        .await?;
        Ok(Acted {
            seq: g.seq,
            game: want_snapshot.then(|| snapshot(&g, now())),
            token: joining.then(|| g.tokens[seat.index()].clone()),
        })
    }

    /// Decides, stores and applies an action of `seat` under the game's lock;
    /// `exchange` is the fresh secret of a join made with the seat's invitation.
    pub(crate) async fn act_locked(
        self: &Arc<App>,
        cell: &Arc<GameCell>,
        g: &mut LiveGame,
        seat: Color,
        action: &Action,
        seen: Option<i64>,
        exchange: Option<&str>,
    ) -> Result<(), ApiError> {
        for _attempt in 0..4 {
            let at = now();
            if let Some(due) = g.due_event(at) {
                self.commit_or_catch_up(cell, g, due, at).await?;
                continue;
            }
            if let Some(s) = seen {
                // Chat messages do not make an action stale: only a change of the game.
                if s < g.game_seq || s > g.seq {
                    return Err(ApiError::stale(format!(
                        "the game has moved on to event {} since event {s}",
                        g.seq
                    ))
                    .with("seq", g.seq));
                }
            }
            let Some(event) = g.decide(action, seat, exchange, at)? else {
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

    /// Stores `event` as the next step, with the status it gives the game in the same
    /// transaction, and takes the game after it (true); or, if another server stored that
    /// step first, catches up with the database (false). Nothing changes in memory unless
    /// the event is stored.
    async fn commit_or_catch_up(
        self: &Arc<App>,
        cell: &GameCell,
        g: &mut LiveGame,
        event: Event,
        at: Millis,
    ) -> Result<bool, ApiError> {
        let body = serde_json::to_string(&event).map_err(ApiError::internal)?;
        let seq = g.seq + 1;
        let mut next = g.clone();
        next.apply(seq, &event, at).map_err(|e| {
            ApiError::internal(format!("game {}: event {body} does not apply: {e}", g.id))
        })?;
        let status = (next.status() != g.status()).then(|| StatusChange {
            status: next.status(),
            result: next.game.result().map(|r| r.to_string()),
        });
        match self
            .store
            .append_with_status(&g.id, seq, &body, at, status)
            .await
        {
            Ok(()) => {
                *g = next;
                let _ = cell.updates.send(state_message(g));
                Ok(true)
            }
            Err(AppendError::Conflict) => {
                self.catch_up(cell, g).await?;
                Ok(false)
            }
            Err(e) => Err(ApiError::storage(e)),
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
    async fn follow_up(self: &Arc<App>, cell: &Arc<GameCell>, g: &mut LiveGame, local: bool) {
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
            self.bots.follow(self, cell, g);
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
        // The bot lets its opponent take moves back.
        if let (Some(bot), Some(request)) = (g.settings.bot_color(), g.undo) {
            if request.by != bot {
                return Some(Event::UndoAccept { color: bot.into() });
            }
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
        let marks = g.marks()?;
        if g.accepted(bot) {
            return None;
        }
        let proposal: std::collections::BTreeSet<_> = g.proposal.iter().copied().collect();
        let color = Side::from(bot);
        Some(if *marks == proposal {
            Event::Accept { color }
        } else {
            Event::Reject { color }
        })
    }

    /// Sets the game's timer to its next deadline (a loss on time, the end of scoring,
    /// the expiry of a game nobody joined).
    fn arm_timer(self: &Arc<App>, cell: &Arc<GameCell>, g: &LiveGame) {
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
        let Some(deadline) = deadline else {
            return;
        };
        let app = self.clone();
        let cell = cell.clone();
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
    /// after a restart. A game that cannot be read is logged and skipped. The time the
    /// server was down (`downtime`) is charged to nobody: each game whose time was running
    /// then gets a [`Event::Downtime`]. A game the log shows ended whose row still says
    /// active (a server stopped between the two by an older version) has its row
    /// repaired. The number of games resumed.
    pub async fn recover(self: &Arc<App>, downtime: Option<Downtime>) -> Result<usize, ApiError> {
        let ids = self
            .store
            .list("active", i64::MAX)
            .await
            .map_err(ApiError::internal)?;
        let mut resumed = 0;
        for id in &ids {
            let cell = match self.load(id).await {
                Ok((cell, _)) => cell,
                Err(e) => {
                    tracing::error!("game {id} cannot be read and was skipped: {e}");
                    continue;
                }
            };
            let mut g = cell.state.lock().await;
            if let Some(d) = downtime {
                if g.owes_downtime(d.from) {
                    let event = Event::Downtime {
                        from: d.from,
                        to: d.to,
                    };
                    if let Err(e) = self.commit_or_catch_up(&cell, &mut g, event, d.to).await {
                        tracing::error!("game {id}: the downtime could not be stored: {e}");
                    }
                }
            }
            if g.status() != "active" {
                let result = g.game.result().map(|r| r.to_string());
                if let Err(e) = self
                    .store
                    .set_status(id, g.status(), result.as_deref(), g.updated)
                    .await
                {
                    tracing::error!("game {id}: its status could not be repaired: {e}");
                }
            }
            drop(g);
            let app = self.clone();
            tokio::spawn(async move {
                let mut g = cell.state.lock().await;
                app.follow_up(&cell, &mut g, true).await;
            });
            resumed += 1;
        }
        Ok(resumed)
    }

    /// Forgets the finished and cancelled games nobody is watching (they are loaded again
    /// on demand); the number forgotten.
    pub fn evict_finished(&self) -> usize {
        let Ok(mut map) = self.games.lock() else {
            return 0;
        };
        let before = map.len();
        map.retain(|_, cell| {
            let idle = cell.updates.receiver_count() == 0;
            let over = cell.state.try_lock().map(|g| g.phase().is_over());
            // A game busy right now (locked) is kept.
            !(idle && over.unwrap_or(false))
        });
        before - map.len()
    }

    /// The number of games in memory.
    pub fn loaded(&self) -> usize {
        self.games.lock().map_or(0, |m| m.len())
    }

    /// `/api/health`: whether the database can store games (else the reply is 503 and
    /// moves are refused), the games in memory and the bot's searches.
    pub async fn health(&self) -> (bool, Value) {
        let db = self.store.health().await;
        let ok = db.is_ok();
        (
            ok,
            json!({
                "ok": ok,
                "database": db.err().unwrap_or_else(|| "ok".to_string()),
                "games_loaded": self.loaded(),
                "bot": self.bots.figures(),
            }),
        )
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
