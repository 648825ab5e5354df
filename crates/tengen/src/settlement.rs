//! After the last passes: how the status of stones is settled (docs/rules.md §5.1). A
//! [`Settlement`] takes a game that ended by passes. Under play-out rules the board is
//! scored as it stands. Under agreement rules the players mark dead chains; the same marks
//! accepted by both end the game; a rejection resumes play, or (Japanese, Korean) starts
//! confirmation play in a sandbox whose outcome settles the stones in dispute, and only
//! those: what both players agreed stays agreed.
//!
//! ```
//! use tengen::{Color, Game, Move, Point, Rules, Settlement, Size, Stage};
//!
//! let mut game = Game::new(Size::NINE, Rules::chinese());
//! game.play(Move::Play(Point::from_gtp("E5", game.size()).unwrap())).unwrap();
//! game.pass().unwrap();
//! game.pass().unwrap();
//! let mut settlement = Settlement::new(game).unwrap();
//! settlement.accept(Color::Black).unwrap();
//! settlement.accept(Color::White).unwrap();
//! assert_eq!(settlement.stage(), &Stage::Settled);
//! let game = settlement.into_game();
//! assert_eq!(game.result().unwrap().to_string(), "B+73.5");
//! ```

use crate::color::Color;
use crate::game::Game;
use crate::illegal::Illegal;
use crate::moves::MoveRecord;
use crate::point::{Move, Point};
use crate::rules::DeadStones;
use crate::score::ScoreReport;
use std::collections::BTreeSet;
use std::fmt;

/// The settling of the dead stones of a game that ended by passes (docs/rules.md §5.1).
#[derive(Clone, Debug)]
pub struct Settlement {
    /// The passed-out game; resumed or given its dead stones when the settlement ends.
    game: Game,
    /// The stones marked dead now.
    marks: BTreeSet<Point>,
    /// Whether each player (Black, White) has accepted the current marks.
    accepted: [bool; 2],
    /// What each player last said the dead stones are: the marks after her own change, or
    /// the marks she accepted. `None` until she has said anything.
    views: [Option<BTreeSet<Point>>; 2],
    stage: Stage,
}

/// Where a settlement stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stage {
    /// The players mark dead stones and accept or reject the marks.
    Marking,
    /// A dispute is being settled by confirmation play (Japanese, Korean rules).
    Confirming(Box<Confirmation>),
    /// The dead stones are final: both accepted the same marks, confirmation play ended, or
    /// the rules play the game out. The game has its result.
    Settled,
    /// A player rejected the marks and play resumes: take the game back with
    /// [`Settlement::into_game`].
    Resumed,
}

/// Confirmation play (docs/rules.md §5.1): a continuation from the final position in which a ko
/// may be retaken only after a pass. Its outcome decides the disputed stones only.
#[derive(Clone, Debug)]
pub struct Confirmation {
    /// The continuation: moves go here, and the final position is restored afterwards.
    pub sandbox: Game,
    /// Stones both players said were dead: dead whatever the continuation does.
    pub agreed_dead: BTreeSet<Point>,
    /// Stones the players disagree on: dead if the continuation captures them.
    pub disputed: BTreeSet<Point>,
}

impl PartialEq for Confirmation {
    fn eq(&self, other: &Confirmation) -> bool {
        self.agreed_dead == other.agreed_dead
            && self.disputed == other.disputed
            && self.sandbox.moves() == other.sandbox.moves()
            && self.sandbox.board() == other.sandbox.board()
    }
}

impl Eq for Confirmation {}

/// A settlement action that does not fit where the settlement stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SettleError {
    /// The game did not end by passes, or its dead stones are already settled.
    NotPassedOut,
    /// Marks are made, accepted and rejected only while marking.
    NotMarking,
    /// The point is off the board.
    OffBoard(Point),
    /// There is no stone on the point.
    NoStone(Point),
}

impl fmt::Display for SettleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SettleError::NotPassedOut => {
                f.write_str("the game did not end by passes, or its dead stones are settled")
            }
            SettleError::NotMarking => f.write_str("dead stones are not being marked now"),
            SettleError::OffBoard(p) => write!(f, "the point ({}, {}) is off the board", p.x, p.y),
            SettleError::NoStone(p) => write!(f, "there is no stone on ({}, {})", p.x, p.y),
        }
    }
}

impl std::error::Error for SettleError {}

impl Settlement {
    /// Takes a game whose dead stones are to be settled ([`Game::needs_settlement`]). A
    /// game that ended by passes under play-out rules is settled already: its settlement
    /// starts [`Stage::Settled`]. Any other game is handed back in the error.
    pub fn new(game: Game) -> Result<Settlement, Box<Game>> {
        let settled = game.phase() == &crate::Phase::Ended(crate::EndReason::Passes)
            && !game.needs_settlement();
        if !game.needs_settlement() && !settled {
            return Err(Box::new(game));
        }
        Ok(Settlement {
            game,
            marks: BTreeSet::new(),
            accepted: [false; 2],
            views: [None, None],
            stage: if settled {
                Stage::Settled
            } else {
                Stage::Marking
            },
        })
    }

    /// The passed-out game (its final position is the board being settled).
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The game back: resumed after a rejection, with its dead stones and result once
    /// settled, or still waiting for them if the settlement was left unfinished.
    pub fn into_game(self) -> Game {
        self.game
    }

    /// Where the settlement stands.
    pub fn stage(&self) -> &Stage {
        &self.stage
    }

    /// The stones marked dead now (after settling: the stones found dead).
    pub fn marks(&self) -> &BTreeSet<Point> {
        &self.marks
    }

    /// Whether `c` has accepted the current marks.
    pub fn accepted(&self, c: Color) -> bool {
        self.accepted[c.index()]
    }

    /// Confirmation play, while it goes on.
    pub fn confirmation(&self) -> Option<&Confirmation> {
        match &self.stage {
            Stage::Confirming(c) => Some(c),
            _ => None,
        }
    }

    /// The count of the final position with the stones marked dead removed.
    pub fn score(&self) -> ScoreReport {
        let dead: Vec<Point> = self.marks.iter().copied().collect();
        crate::score::count_checked(
            self.game.board(),
            dead,
            &[],
            &self.game.tally(),
            self.game.rules(),
        )
    }

    /// Marks start from a proposal (an estimate of the dead stones) that is no player's
    /// word: neither player has accepted it. Refused unless marking, or if a point holds no
    /// stone.
    pub fn propose(&mut self, dead: &[Point]) -> Result<(), SettleError> {
        self.marking()?;
        for &p in dead {
            self.stone(p)?;
        }
        self.marks = dead.iter().copied().collect();
        self.accepted = [false; 2];
        Ok(())
    }

    /// `by` marks the chain through `p` dead or alive. Any change clears both acceptances.
    /// Returns whether the marks changed.
    pub fn mark(&mut self, by: Color, p: Point, dead: bool) -> Result<bool, SettleError> {
        self.marking()?;
        self.stone(p)?;
        let before = self.marks.clone();
        for q in self.game.board().chain(p) {
            if dead {
                self.marks.insert(q);
            } else {
                self.marks.remove(&q);
            }
        }
        let changed = self.marks != before;
        if changed {
            self.accepted = [false; 2];
        }
        self.views[by.index()] = Some(self.marks.clone());
        Ok(changed)
    }

    /// `by` toggles the chain through `p` between dead and alive.
    pub fn toggle(&mut self, by: Color, p: Point) -> Result<bool, SettleError> {
        let dead = !self.marks.contains(&p);
        self.mark(by, p, dead)
    }

    /// `by` accepts the current marks; when both have, the marked stones are dead and the
    /// game is over with its result.
    pub fn accept(&mut self, by: Color) -> Result<(), SettleError> {
        self.marking()?;
        self.accepted[by.index()] = true;
        self.views[by.index()] = Some(self.marks.clone());
        if self.accepted == [true, true] {
            self.settle(self.marks.iter().copied().collect());
        }
        Ok(())
    }

    /// `by` rejects the marks: play resumes (docs/rules.md §5.1), or under Japanese and Korean
    /// rules confirmation play starts, to settle the stones the players disagree on.
    pub fn reject(&mut self, by: Color) -> Result<(), SettleError> {
        self.marking()?;
        if self.game.rules().dead_stones == DeadStones::AgreeThenConfirm {
            let (agreed_dead, disputed) = self.dispute(by);
            self.stage = Stage::Confirming(Box::new(Confirmation {
                sandbox: self.game.confirmation_sandbox(),
                agreed_dead,
                disputed,
            }));
        } else {
            // Resuming is always possible from a game that needs settlement.
            let _ = self.game.resume();
            self.stage = Stage::Resumed;
        }
        Ok(())
    }

    /// A move of confirmation play by `color`. When the continuation ends, the disputed
    /// stones it captured are dead, with the stones both players agreed dead; the board is
    /// the final position again, and the game has its result.
    pub fn play(&mut self, color: Color, mv: Move) -> Result<&MoveRecord, Illegal> {
        let Stage::Confirming(c) = &mut self.stage else {
            return Err(Illegal::GameOver);
        };
        let to_move = c.sandbox.to_move();
        if color != to_move {
            return Err(Illegal::OutOfTurn { to_move });
        }
        c.sandbox.play_as(color, mv)?;
        if c.sandbox.is_over() {
            let end = c.sandbox.board();
            let captured = |p: &&Point| end.get(**p) != self.game.board().get(**p);
            let dead: Vec<Point> = c
                .agreed_dead
                .iter()
                .chain(c.disputed.iter().filter(captured))
                .copied()
                .collect();
            self.settle(dead);
            return self.game.moves().last().ok_or(Illegal::GameOver);
        }
        match &self.stage {
            Stage::Confirming(c) => c.sandbox.moves().last().ok_or(Illegal::GameOver),
            _ => Err(Illegal::GameOver),
        }
    }

    /// The stones both players said were dead, and those they disagree on, when `by`
    /// rejects the current marks. Each player's word is what she last marked or accepted;
    /// stones on which their words agree (dead in both, or alive in both) are agreed, the
    /// others disputed. If a player has said nothing, nothing is agreed: every stone of the
    /// final position is in dispute, and the continuation decides them all.
    fn dispute(&self, by: Color) -> (BTreeSet<Point>, BTreeSet<Point>) {
        match (&self.views[by.index()], &self.views[by.opponent().index()]) {
            (Some(a), Some(b)) => (
                a.intersection(b).copied().collect(),
                a.symmetric_difference(b).copied().collect(),
            ),
            _ => {
                let board = self.game.board();
                let stones = board
                    .size()
                    .all_points()
                    .filter(|&p| board.get(p).is_some());
                (BTreeSet::new(), stones.collect())
            }
        }
    }

    /// The settlement ends with `dead` stones dead.
    fn settle(&mut self, dead: Vec<Point>) {
        self.marks = dead.iter().copied().collect();
        self.game.settle_dead(dead);
        self.stage = Stage::Settled;
    }

    fn marking(&self) -> Result<(), SettleError> {
        match self.stage {
            Stage::Marking => Ok(()),
            _ => Err(SettleError::NotMarking),
        }
    }

    fn stone(&self, p: Point) -> Result<(), SettleError> {
        if !self.game.size().contains(p) {
            return Err(SettleError::OffBoard(p));
        }
        match self.game.board().get(p) {
            Some(_) => Ok(()),
            None => Err(SettleError::NoStone(p)),
        }
    }
}
