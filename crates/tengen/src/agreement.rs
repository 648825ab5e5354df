//! After the last passes: how the status of stones is settled (RULES.md §5.1). Under
//! play-out rules the board is scored as it stands. Under agreement rules the players mark
//! dead chains; the same marks accepted by both end the game; a rejection resumes play, or
//! (Japanese, Korean) starts confirmation play in a sandbox whose outcome decides which of
//! the final position's stones are dead.

use crate::color::Color;
use crate::game::{Game, Phase};
use crate::illegal::Illegal;
use crate::moves::MoveRecord;
use crate::point::{Move, Point};
use crate::result::EndReason;
use crate::rules::DeadStones;
use std::collections::BTreeSet;
use std::fmt;

/// The marks of the scoring phase.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Marks {
    /// Stones marked dead.
    pub dead: BTreeSet<Point>,
    /// Whether each player (Black, White) has accepted the current marks.
    pub accepted: [bool; 2],
}

/// A confirmation-play sandbox (RULES.md §5.1): a game from the final position in which a
/// ko may be retaken only after a pass.
#[derive(Clone, Debug)]
pub struct Confirmation {
    /// The sandbox game.
    pub sandbox: Game,
}

impl PartialEq for Confirmation {
    fn eq(&self, other: &Confirmation) -> bool {
        self.sandbox.moves() == other.sandbox.moves()
            && self.sandbox.board() == other.sandbox.board()
    }
}

impl Eq for Confirmation {}

/// A scoring-phase action in the wrong phase.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PhaseError {
    /// Marking and accepting happen only in the scoring phase.
    NotScoring,
    /// There is no stone on the point.
    NoStone(Point),
}

impl fmt::Display for PhaseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PhaseError::NotScoring => f.write_str("the game is not in its scoring phase"),
            PhaseError::NoStone(_) => f.write_str("there is no stone on that point"),
        }
    }
}

impl std::error::Error for PhaseError {}

impl Game {
    /// The phase the ending passes lead to: scoring as it stands under play-out rules (and
    /// under WMSG after one resumption), the marking of dead stones otherwise.
    pub(crate) fn phase_after_passes(&self) -> Phase {
        let play_out = match self.rules.dead_stones {
            DeadStones::PlayOut => true,
            DeadStones::AgreeThenResumeOnce => self.passes.ends >= 2,
            DeadStones::AgreeThenResume | DeadStones::AgreeThenConfirm => false,
        };
        if play_out {
            Phase::Ended(EndReason::Passes)
        } else {
            Phase::Scoring(Marks::default())
        }
    }

    /// The marks of the scoring phase, if in it.
    pub fn marks(&self) -> Option<&Marks> {
        match &self.phase {
            Phase::Scoring(m) => Some(m),
            _ => None,
        }
    }

    /// The stones found dead when the game was scored (empty before).
    pub fn final_dead(&self) -> &[Point] {
        &self.final_dead
    }

    fn marks_mut(&mut self) -> Result<&mut Marks, PhaseError> {
        match &mut self.phase {
            Phase::Scoring(m) => Ok(m),
            _ => Err(PhaseError::NotScoring),
        }
    }

    /// Marks the chain through `p` dead or alive. Any change clears both acceptances.
    pub fn mark_dead(&mut self, p: Point, dead: bool) -> Result<(), PhaseError> {
        if !self.size().contains(p) || self.board.get(p).is_none() {
            return Err(PhaseError::NoStone(p));
        }
        let chain = self.board.chain(p);
        let m = self.marks_mut()?;
        let before = m.dead.clone();
        for q in chain {
            if dead {
                m.dead.insert(q);
            } else {
                m.dead.remove(&q);
            }
        }
        if m.dead != before {
            m.accepted = [false; 2];
        }
        Ok(())
    }

    /// Toggles the chain through `p` between dead and alive.
    pub fn toggle_dead(&mut self, p: Point) -> Result<(), PhaseError> {
        let dead = self.marks().is_some_and(|m| m.dead.contains(&p));
        self.mark_dead(p, !dead)
    }

    /// `color` accepts the current marks; when both have, the game ends and is scored.
    pub fn accept(&mut self, color: Color) -> Result<(), PhaseError> {
        let m = self.marks_mut()?;
        m.accepted[color.index()] = true;
        if m.accepted == [true, true] {
            let dead = m.dead.iter().copied().collect();
            self.final_dead = dead;
            self.phase = Phase::Ended(EndReason::Passes);
        }
        Ok(())
    }

    /// `color` rejects the marks: play resumes (RULES.md §5.1), or under Japanese and
    /// Korean rules confirmation play starts.
    pub fn reject(&mut self, _color: Color) -> Result<(), PhaseError> {
        self.marks_mut()?;
        if self.rules.dead_stones == DeadStones::AgreeThenConfirm {
            let sandbox = self.confirmation_sandbox();
            self.phase = Phase::Confirming(Box::new(Confirmation { sandbox }));
        } else {
            self.resume();
        }
        Ok(())
    }

    /// Resumes play after the ending passes: the opponent of the last passer moves.
    pub fn resume(&mut self) {
        if let Some(last) = self.moves.last() {
            self.to_move = last.color.opponent();
        }
        self.passes.run = 0;
        self.phase = Phase::Playing;
    }

    /// A game from the final position under the same rules, with confirmation play's ko
    /// rule; the player to move is the opponent of the last passer.
    fn confirmation_sandbox(&self) -> Game {
        let mut rules = self.rules.clone();
        rules.dead_stones = DeadStones::PlayOut;
        let mut g = Game::from_boxed(self.board.clone(), self.to_move, rules);
        g.confirmation = true;
        g
    }

    /// The sandbox during confirmation play.
    pub fn confirmation(&self) -> Option<&Game> {
        match &self.phase {
            Phase::Confirming(c) => Some(&c.sandbox),
            _ => None,
        }
    }

    /// A move of confirmation play; when the sandbox ends, the stones of the final
    /// position that it captured are dead, the rest alive, and the game is scored.
    #[inline(never)] // Rare: inlined, its frame (a whole game) would be every play's.
    pub(crate) fn confirmation_play(
        &mut self,
        color: Color,
        mv: Move,
    ) -> Result<&MoveRecord, Illegal> {
        let Phase::Confirming(c) = &mut self.phase else {
            return Err(Illegal::GameOver);
        };
        c.sandbox.play_as(color, mv)?;
        if c.sandbox.is_over() {
            let end = c.sandbox.board().clone();
            self.final_dead = self
                .size()
                .all_points()
                .filter(|&p| self.board.get(p).is_some() && end.get(p) != self.board.get(p))
                .collect();
            self.phase = Phase::Ended(EndReason::Passes);
            return self.moves.last().ok_or(Illegal::GameOver);
        }
        match &self.phase {
            Phase::Confirming(c) => c.sandbox.moves().last().ok_or(Illegal::GameOver),
            _ => Err(Illegal::GameOver),
        }
    }

    /// Confirmation play's ko rule: a play retaking a ko that the opponent took at move
    /// `m` is legal only if its player has passed since.
    pub(crate) fn check_confirmation_ko(
        &self,
        i: crate::board::Idx,
        color: Color,
    ) -> Result<(), Illegal> {
        let p = self.board.point(i);
        if self.board.capture_count(i, color) != 1 {
            return Ok(());
        }
        // The one stone captured, and the move that played it.
        let Some(q) = self.board.neighbours(i).into_iter().find(|&n| {
            self.board.cell(n).color() == Some(color.opponent())
                && self.board.liberties(n) == 1
                && self.board.chain_len(n) == 1
        }) else {
            return Ok(());
        };
        let q = self.board.point(q);
        let Some(m) = self.moves.iter().rposition(|r| r.mv == Move::Play(q)) else {
            return Ok(());
        };
        let take = &self.moves[m];
        if take.color != color.opponent() || take.ko != Some(p) {
            return Ok(());
        }
        let passed = self.moves[m + 1..]
            .iter()
            .any(|r| r.color == color && r.mv == Move::Pass);
        if passed {
            Ok(())
        } else {
            Err(Illegal::ConfirmationKo { taken_at: m + 1 })
        }
    }
}
