//! Taking moves back (docs/protocol.md, "Undo"): during play a player may ask to take back
//! her last move (and the opponent's answer to it, if there is one already); the opponent
//! accepts or declines. An accepted request takes the moves back with the engine's
//! [`tengen::Game::undo`] (each costs what its move cost) on both boards and in the record.
//! A request lasts until it is answered or the game moves on; after a decline its player
//! may ask again only once another move has been played, so requests cannot flood the log.

use crate::error::ApiError;
use crate::events::{Event, Side};
use crate::live::{LiveGame, PhaseName};
use axum::http::StatusCode;
use tengen::Color;

/// A request to take back moves, waiting for the opponent's answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UndoRequest {
    /// Who asked.
    pub by: Color,
    /// How many moves would be taken back: the asker's last move and any after it.
    pub count: usize,
    /// The moves of the game when it was asked.
    pub at_moves: usize,
}

fn conflict(code: &'static str, message: &str) -> ApiError {
    ApiError::new(StatusCode::CONFLICT, code, message)
}

impl LiveGame {
    /// How many moves `c`'s request would take back: her last move and those after it,
    /// if she made one since play started or last resumed (the moves before are settled).
    pub fn undo_count(&self, c: Color) -> Option<usize> {
        let moves = self.game.moves();
        let i = moves.iter().rposition(|r| r.color == c)?;
        (i >= self.play_from).then(|| moves.len() - i)
    }

    /// Whether `seat` may ask to take back moves now (the page's button).
    pub fn may_ask_undo(&self, seat: Color) -> bool {
        self.decide_undo_request(seat, self.phase()).is_ok()
    }

    /// The event of `seat` asking to take back moves, or why not.
    pub(crate) fn decide_undo_request(
        &self,
        seat: Color,
        phase: PhaseName,
    ) -> Result<Option<Event>, ApiError> {
        if phase != PhaseName::Playing {
            return Err(ApiError::wrong_phase(
                "moves are taken back only during play",
            ));
        }
        if let Some(r) = self.undo {
            return Err(conflict(
                "undo_pending",
                if r.by == seat {
                    "your request to take back moves is waiting for your opponent's answer"
                } else {
                    "your opponent asked to take back moves: answer that first"
                },
            ));
        }
        if self.undo_count(seat).is_none() {
            return Err(conflict(
                "nothing_to_undo",
                "you have played no move since play started (or resumed) to take back",
            ));
        }
        if self.undo_declined[seat.index()] == Some(self.game.moves().len()) {
            return Err(conflict(
                "undo_declined",
                "your opponent declined; you may ask again after the next move",
            ));
        }
        Ok(Some(Event::UndoRequest { color: seat.into() }))
    }

    /// The event of `seat` answering the opponent's request, or why not.
    pub(crate) fn decide_undo_answer(
        &self,
        seat: Color,
        accept: bool,
    ) -> Result<Option<Event>, ApiError> {
        let request = self.undo.ok_or_else(|| {
            conflict(
                "no_undo_request",
                "there is no request to take back moves to answer",
            )
        })?;
        if request.by == seat {
            return Err(ApiError::new(
                StatusCode::FORBIDDEN,
                "forbidden",
                "a request to take back moves is answered by the opponent, not by its player",
            ));
        }
        let color: Side = seat.into();
        Ok(Some(if accept {
            Event::UndoAccept { color }
        } else {
            Event::UndoDecline { color }
        }))
    }

    /// Records a request of `by` (the log's `undo_request`).
    pub(crate) fn ask_undo(&mut self, by: Color) -> Result<(), String> {
        let count = self
            .undo_count(by)
            .ok_or("an undo request with no move to take back")?;
        self.undo = Some(UndoRequest {
            by,
            count,
            at_moves: self.game.moves().len(),
        });
        Ok(())
    }

    /// Takes back the moves of the request the opponent accepted: the engine undoes each
    /// move, and its time and clock leave the record with it.
    pub(crate) fn accept_undo(&mut self) -> Result<(), String> {
        let request = self.undo.take().ok_or("an acceptance without a request")?;
        for _ in 0..request.count {
            if !self.game.undo() {
                return Err("no move left to take back".into());
            }
            self.move_times.pop();
            self.move_clocks.pop();
        }
        self.notice = Some(crate::live::Notice::Undone {
            by: request.by,
            moves: request.count,
        });
        Ok(())
    }

    /// The opponent declined: its player may ask again after the next move.
    pub(crate) fn decline_undo(&mut self) -> Result<(), String> {
        let request = self.undo.take().ok_or("a decline without a request")?;
        self.undo_declined[request.by.index()] = Some(request.at_moves);
        self.notice = Some(crate::live::Notice::UndoDeclined { by: request.by });
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use crate::events::{Action, Event, Side};
    use crate::live::tests::started;
    use tengen::Color;

    fn play(color: Side, point: &str) -> Event {
        Event::Play {
            color,
            point: point.into(),
        }
    }

    /// Black plays E5 and asks at once: one move comes back, and Black is to move again
    /// on the empty board. Then Black E5, White C3, and Black asks: Black's E5 and White's
    /// answer both come back (two moves), the record and the move times with them.
    #[test]
    fn an_accepted_request_takes_back_the_askers_last_move_and_what_followed() {
        let mut g = started();
        g.apply(3, &play(Side::Black, "E5"), 2000).unwrap();
        let ask = g
            .decide(&Action::Undo, Color::Black, None, 2100)
            .unwrap()
            .unwrap();
        g.apply(4, &ask, 2100).unwrap();
        assert_eq!(g.undo.map(|u| u.count), Some(1));
        // Black cannot answer her own request; White can.
        assert!(g
            .decide(&Action::UndoAccept, Color::Black, None, 2200)
            .is_err());
        let yes = g
            .decide(&Action::UndoAccept, Color::White, None, 2200)
            .unwrap()
            .unwrap();
        g.apply(5, &yes, 2200).unwrap();
        assert_eq!(g.game.moves().len(), 0);
        assert_eq!(g.to_move(), Color::Black);
        assert!(g.move_times.is_empty());
        assert_eq!(g.game.board().stones_on_board(Color::Black), 0);

        g.apply(6, &play(Side::Black, "E5"), 3000).unwrap();
        g.apply(7, &play(Side::White, "C3"), 4000).unwrap();
        assert_eq!(g.undo_count(Color::Black), Some(2));
        g.apply(8, &Event::UndoRequest { color: Side::Black }, 4100)
            .unwrap();
        g.apply(9, &Event::UndoAccept { color: Side::White }, 4200)
            .unwrap();
        assert!(g.game.moves().is_empty());
        assert_eq!(g.to_move(), Color::Black);
        // Black's clock starts again at the acceptance.
        assert_eq!(g.turn_started, Some(4200));
    }

    /// A declined request is over; its player may ask again only after another move, and
    /// a move clears a request nobody answered.
    #[test]
    fn a_declined_request_may_be_repeated_only_after_a_move() {
        let mut g = started();
        g.apply(3, &play(Side::Black, "E5"), 2000).unwrap();
        g.apply(4, &Event::UndoRequest { color: Side::Black }, 2100)
            .unwrap();
        let no = g
            .decide(&Action::UndoDecline, Color::White, None, 2200)
            .unwrap()
            .unwrap();
        g.apply(5, &no, 2200).unwrap();
        assert_eq!(g.undo, None);
        assert_eq!(g.game.moves().len(), 1, "nothing was taken back");
        let again = g
            .decide(&Action::Undo, Color::Black, None, 2300)
            .unwrap_err();
        assert_eq!(again.code, "undo_declined");
        g.apply(6, &play(Side::White, "C3"), 3000).unwrap();
        assert!(g.decide(&Action::Undo, Color::Black, None, 3100).is_ok());
        // White asks; Black plays instead of answering: the request lapses.
        g.apply(7, &Event::UndoRequest { color: Side::White }, 3200)
            .unwrap();
        assert!(g.undo.is_some());
        assert_eq!(
            g.decide(&Action::Undo, Color::Black, None, 3300)
                .unwrap_err()
                .code,
            "undo_pending"
        );
        g.apply(8, &play(Side::Black, "D4"), 3400).unwrap();
        assert_eq!(g.undo, None);
        assert_eq!(
            g.decide(&Action::UndoAccept, Color::White, None, 3500)
                .unwrap_err()
                .code,
            "no_undo_request"
        );
    }

    /// Nothing to take back before one's first move.
    #[test]
    fn a_player_without_a_move_has_nothing_to_take_back() {
        let g = started();
        let e = g
            .decide(&Action::Undo, Color::White, None, 2000)
            .unwrap_err();
        assert_eq!(e.code, "nothing_to_undo");
    }
}
