//! The built-in player's searches: at most one per game, for the position the bot is to
//! move in. Any change of the game asks for the search again; a change that leaves that
//! position as it was (a rename, a reconnection) keeps the search already running, and a
//! change of position (or the end of the game) cancels it. The searches of all games share
//! as many threads as the machine has cores: the others wait their turn.

use crate::app::{App, GameCell};
use crate::events::Action;
use crate::live::{LiveGame, PhaseName};
use serde_json::{json, Value};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use tengen::{Color, Move};
use tokio::sync::Semaphore;
use tokio::task::AbortHandle;

/// The position a search is for: the moves of the game and of confirmation play, how
/// often play resumed, and the phase. Anything else may change without the bot's move
/// changing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Position {
    moves: usize,
    confirmation_moves: usize,
    resumptions: u32,
    phase: PhaseName,
}

/// The position of `g` if its bot is to move in it.
pub fn bot_turn(g: &LiveGame) -> Option<(Color, Position)> {
    let bot = g.settings.bot_color()?;
    let phase = g.phase();
    let playing = matches!(phase, PhaseName::Playing | PhaseName::Confirming);
    if !playing || g.to_move() != bot {
        return None;
    }
    Some((
        bot,
        Position {
            moves: g.game.moves().len(),
            confirmation_moves: g.sandbox().map_or(0, |c| c.moves().len()),
            resumptions: g.resumptions,
            phase,
        },
    ))
}

/// A game's search under way.
#[derive(Debug)]
pub struct Search {
    position: Position,
    task: AbortHandle,
}

/// The searches of every game: the threads they share and how many there were.
#[derive(Debug)]
pub struct Bots {
    threads: Arc<Semaphore>,
    started: AtomicU64,
    running: Arc<AtomicU64>,
}

impl Default for Bots {
    fn default() -> Bots {
        let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
        Bots {
            threads: Arc::new(Semaphore::new(cores)),
            started: AtomicU64::new(0),
            running: Arc::new(AtomicU64::new(0)),
        }
    }
}

/// Counts a running search for as long as it lives.
struct Running(Arc<AtomicU64>);

impl Running {
    fn new(counter: &Arc<AtomicU64>) -> Running {
        counter.fetch_add(1, Ordering::Relaxed);
        Running(counter.clone())
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::Relaxed);
    }
}

impl Bots {
    /// The figures of `/api/health`: searches running now, and started since the start.
    pub fn figures(&self) -> Value {
        json!({
            "searches_running": self.running.load(Ordering::Relaxed),
            "searches_started": self.started.load(Ordering::Relaxed),
        })
    }

    /// After a change of `g`: keeps the search for the bot's position if one runs,
    /// starts it if none does, and cancels a search for another position.
    pub fn follow(&self, app: &Arc<App>, cell: &Arc<GameCell>, g: &LiveGame) {
        let turn = bot_turn(g);
        let Ok(mut slot) = cell.bot.lock() else {
            return;
        };
        if let (Some(search), Some((_, position))) = (slot.as_ref(), turn) {
            if search.position == position && !search.task.is_finished() {
                return;
            }
        }
        if let Some(old) = slot.take() {
            old.task.abort();
        }
        let Some((bot, position)) = turn else {
            return;
        };
        let job = Job {
            game: g.sandbox().unwrap_or(&g.game).clone(),
            playouts: g.settings.bot.as_ref().map_or(3000, |b| b.playouts),
            seed: g.seq as u64,
            bot,
            position,
        };
        let task = tokio::spawn(search(app.clone(), cell.clone(), job));
        *slot = Some(Search {
            position,
            task: task.abort_handle(),
        });
    }
}

/// What a search needs: the game to search (confirmation play's sandbox, in that
/// phase), its budget and seed, and whose move at which position.
struct Job {
    game: tengen::Game,
    playouts: u32,
    seed: u64,
    bot: Color,
    position: Position,
}

/// Searches for the bot's move and plays it if the game is still at the job's position.
async fn search(app: Arc<App>, cell: Arc<GameCell>, job: Job) {
    let Job {
        game,
        playouts,
        seed,
        bot,
        position,
    } = job;
    let bots = &app.bots;
    // A search cancelled while it waits for a thread never runs.
    let Ok(thread) = bots.threads.clone().acquire_owned().await else {
        return;
    };
    bots.started.fetch_add(1, Ordering::Relaxed);
    let running = Running::new(&bots.running);
    // The thread and the count are held by the search itself: a cancelled search goes on
    // to its end (the search cannot be stopped midway) and keeps its thread until then.
    let decision = tokio::task::spawn_blocking(move || {
        let _held = (thread, running);
        let options = tengen_player::mcts::Options {
            seed,
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
    if bot_turn(&g).map(|(_, p)| p) != Some(position) {
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
    if let Err(e) = app
        .act_locked(&cell, &mut g, bot, &action, None, None)
        .await
    {
        tracing::warn!("game {}: the bot's move was refused: {e}", g.id);
    }
}
