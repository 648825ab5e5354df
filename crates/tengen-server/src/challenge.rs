//! Open challenges and score estimates during play (docs/protocol.md).
//!
//! A game created `public` is an open challenge: the lobby lists it while its open seat
//! is free (`GET /api/games?status=open`), and whoever asks first takes that seat
//! (`POST /api/games/{id}/seat`): the seat's invitation is exchanged for a fresh secret,
//! exactly as a join with the invitation link would. A private game is joined by its link.
//!
//! `GET /api/games/{id}/estimate` gives the estimator's view of a game in play (who owns
//! each point, the dead stones, the score) when both players allow it. It is made at most
//! once per position of a game and in turn with the reviews, so no client can make the
//! server estimate without bound.

use crate::app::App;
use crate::error::ApiError;
use crate::events::Action;
use crate::live::PhaseName;
use crate::settings::color_name;
use crate::snapshot::{open_seat, snapshot, summary};
use crate::tokens::random_token;
use axum::http::StatusCode;
use serde_json::{json, Value};
use std::sync::Arc;
use tengen::Game;

impl App {
    /// The lobby's open challenges: public games whose open seat is free, newest first.
    /// Listed games that started meanwhile leave the list.
    pub async fn open_challenges(self: &Arc<App>, limit: i64) -> Result<Value, ApiError> {
        let ids = self
            .store
            .challenges(limit)
            .await
            .map_err(ApiError::internal)?;
        let mut out = Vec::with_capacity(ids.len());
        for id in ids {
            let Ok(cell) = self.cell(&id).await else {
                continue;
            };
            let g = cell.state.lock().await;
            if open_seat(&g).is_some() {
                out.push(summary(&g));
            } else if g.phase() != PhaseName::Waiting {
                if let Err(e) = self.store.drop_challenge(&id).await {
                    tracing::warn!("game {id}: the open challenge could not be unlisted: {e}");
                }
            }
        }
        Ok(Value::Array(out))
    }

    /// `POST /api/games/{id}/seat`: takes the open seat of a public game for whoever asks
    /// first; the seat's fresh secret, its colour and the snapshot.
    pub async fn take_open_seat(
        self: &Arc<App>,
        id: &str,
        name: Option<String>,
    ) -> Result<Value, ApiError> {
        let cell = self.cell(id).await?;
        let mut g = cell.state.lock().await;
        if !g.settings.public {
            return Err(ApiError::new(
                StatusCode::FORBIDDEN,
                "forbidden",
                "this game is private: its seat is taken with the link its creator sends",
            ));
        }
        let seat = open_seat(&g).ok_or_else(|| {
            ApiError::new(
                StatusCode::CONFLICT,
                "seat_taken",
                "the open seat of this game was taken already (or the game was cancelled)",
            )
        })?;
        let secret = random_token();
        self.act_locked(
            &cell,
            &mut g,
            seat,
            &Action::Join { name },
            None,
            Some(&secret),
        )
        .await?;
        Ok(json!({
            "seat": color_name(seat),
            "token": g.tokens[seat.index()],
            "link": format!("/game/{id}?seat={}&token={}", color_name(seat), g.tokens[seat.index()]),
            "game": snapshot(&g, crate::app::now()),
        }))
    }

    /// `GET /api/games/{id}/estimate`: the estimator's view of the position, when both
    /// players allow it and the game is in play; made once per position.
    pub async fn estimate(self: &Arc<App>, id: &str) -> Result<Value, ApiError> {
        let cell = self.cell(id).await?;
        let (game, position) = {
            let g = cell.state.lock().await;
            if !(g.estimate_allowed[0] && g.estimate_allowed[1]) {
                return Err(ApiError::new(
                    StatusCode::FORBIDDEN,
                    "forbidden",
                    "score estimates are shown only when both players allow them",
                ));
            }
            if g.phase() != PhaseName::Playing {
                return Err(ApiError::wrong_phase(
                    "score estimates are made during play",
                ));
            }
            (g.game.clone(), g.game_seq)
        };
        // One estimate at a time per game: a second request waits for the first and
        // takes its answer.
        let mut made = cell.estimate.lock().await;
        if let Some((at, answer)) = made.as_ref() {
            if *at == position {
                return Ok((**answer).clone());
            }
        }
        let answer = self.in_turn(move || estimate_json(&game)).await?;
        *made = Some((position, Arc::new(answer.clone())));
        Ok(answer)
    }
}

/// The estimator's view of `game`'s position: who owns each point (-1 White to 1 Black,
/// row by row, to two decimals), the stones it thinks dead, and Black's lead: the points
/// the ownership gives Black less those it gives White, less komi, to the half point (a
/// count of the position as it stands would give an almost empty board to whoever has
/// the only stone; the playouts' ownership says what the players can still expect).
fn estimate_json(game: &Game) -> Value {
    let e = tengen_player::estimate::estimate_game(game);
    let size = game.size();
    let ownership: Vec<f64> = e
        .ownership
        .iter()
        .map(|&o| (f64::from(o) * 100.0).round() / 100.0)
        .collect();
    let dead: Vec<String> = e.dead.iter().filter_map(|p| p.to_gtp(size)).collect();
    let area: f64 = e.ownership.iter().map(|&o| f64::from(o)).sum();
    let lead = ((area - game.rules().komi.points()) * 2.0).round() / 2.0;
    json!({
        "moves": game.moves().len(),
        "ownership": ownership,
        "dead": dead,
        "lead": lead,
    })
}
