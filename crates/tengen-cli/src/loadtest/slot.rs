//! One game slot for the length of the run: a move every interval at the slot's own offset,
//! and a fresh game in place of one that ends.

use super::game::{connect, vertex, Failure, Game, Reply};
use super::Ctx;
use serde_json::json;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tengen::Rng;
use tokio::time::{sleep_until, Instant as TokioInstant};

/// Plays one game slot from `start` until `end`: a move every `interval`, a fresh game
/// when one ends.
pub async fn play(
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
