//! Why a move was refused: every refusal names its rule, and a repetition names the earlier
//! move whose position would recur (docs/rules.md §3.3).

use crate::color::Color;
use crate::handicap::HandicapError;
use crate::point::Point;
use crate::rules::{KoRule, Suicide};
use std::fmt;

/// A refused move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Illegal {
    /// The game is over: no more moves.
    GameOver,
    /// The point is not on this board.
    OffBoard(Point),
    /// It is the other player's turn (where turns are kept: confirmation play).
    OutOfTurn {
        /// The player to move.
        to_move: Color,
    },
    /// The point already holds a stone (docs/rules.md §1.6).
    Occupied(Point),
    /// The suicide rule forbids this self-capture (docs/rules.md §2).
    Suicide {
        /// The suicide rule in force.
        rule: Suicide,
        /// Own stones the play would remove.
        stones: u16,
    },
    /// The repetition rule forbids this play (docs/rules.md §3).
    Ko {
        /// The ko rule in force.
        rule: KoRule,
        /// The move after which the position that would recur arose (0 = the start).
        recreates: usize,
        /// Under simple ko: the move that took the ko this play would retake.
        retakes: Option<usize>,
    },
    /// Rule 9 of the cycle-set rule: the point is in the cycle set of the capture just made
    /// (docs/rules.md §3.2).
    CycleSet {
        /// The capture whose cycle set holds the point.
        capture_move: usize,
    },
    /// Rule 15: a play with this signature was counteracted earlier (docs/rules.md §3.2).
    DisallowedCapture {
        /// The earlier, counteracted play with the same signature.
        counteracted_move: usize,
        /// The opponent's move that counteracted it.
        by_move: usize,
    },
    /// Confirmation play: a ko may be retaken only after a pass (docs/rules.md §5.1).
    ConfirmationKo {
        /// The move that took the ko.
        taken_at: usize,
    },
    /// The player's stone supply is used up: she may only pass (docs/rules.md §4).
    NoStonesLeft {
        /// The supply per player.
        supply: u16,
    },
}

impl Illegal {
    /// The earlier move a repetition refusal names: for a ko or superko refusal the move
    /// after which the position that would recur arose (0 = the start); for the
    /// cycle-set rules the capture or the counteracted play; for confirmation play the
    /// move that took the ko. `None` for refusals that are no repetition.
    pub fn earlier_move(&self) -> Option<usize> {
        match *self {
            Illegal::Ko { recreates, .. } => Some(recreates),
            Illegal::CycleSet { capture_move } => Some(capture_move),
            Illegal::DisallowedCapture {
                counteracted_move, ..
            } => Some(counteracted_move),
            Illegal::ConfirmationKo { taken_at } => Some(taken_at),
            _ => None,
        }
    }
}

fn position_after(s: usize) -> String {
    if s == 0 {
        "the starting position".to_string()
    } else {
        format!("the position after move {s}")
    }
}

impl fmt::Display for Illegal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Illegal::GameOver => write!(f, "the game is over"),
            Illegal::OffBoard(p) => write!(f, "the point ({}, {}) is off the board", p.x, p.y),
            Illegal::OutOfTurn { to_move } => write!(f, "it is {to_move}'s turn"),
            Illegal::Occupied(_) => write!(f, "the point is occupied"),
            Illegal::Suicide { rule: Suicide::MultiStone, .. } => {
                write!(f, "suicide (multi-stone rule): a single stone may not capture itself")
            }
            Illegal::Suicide { stones, .. } => {
                let what = if *stones == 1 { "its own stone".to_string() } else { format!("its own {stones} stones") };
                write!(f, "suicide is forbidden: this play would remove {what}")
            }
            Illegal::Ko { rule: KoRule::Simple, recreates, retakes } => {
                let taken = retakes.map_or(String::new(), |m| format!(" taken at move {m}"));
                write!(f, "ko: this play would retake the ko{taken} at once (recreating {})", position_after(*recreates))
            }
            Illegal::Ko { rule: KoRule::CycleSets, recreates, retakes: Some(m) } => write!(
                f,
                "ko (cycle-set rules, etiquette A1): this play would retake the ko taken at move {m} at once, an obvious cycle set (recreating {})",
                position_after(*recreates)
            ),
            Illegal::Ko { rule, recreates, .. } => {
                let what = match rule {
                    KoRule::Positional => "positional superko",
                    KoRule::Situational => "situational superko",
                    KoRule::NaturalSituational => "natural situational superko",
                    KoRule::CapturePositional => "capture superko (Ikeda rule 4)",
                    KoRule::Simple | KoRule::CycleSets => "ko",
                };
                write!(f, "{what}: this play would recreate {}", position_after(*recreates))
            }
            Illegal::CycleSet { capture_move } => write!(
                f,
                "cycle set (rule 9): the point is in the cycle set of the capture at move {capture_move}"
            ),
            Illegal::DisallowedCapture { counteracted_move, by_move } => write!(
                f,
                "disallowed capture (rule 15): this play repeats move {counteracted_move}, which move {by_move} counteracted"
            ),
            Illegal::ConfirmationKo { taken_at } => write!(
                f,
                "confirmation play: the ko taken at move {taken_at} may be retaken only after a pass"
            ),
            Illegal::NoStonesLeft { supply } => {
                write!(f, "stone supply: all {supply} stones are on the board, so only a pass is possible")
            }
        }
    }
}

impl std::error::Error for Illegal {}

/// Why a setup (setup stones, handicap) was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupError {
    /// Setup is only possible before the first move on an empty board.
    NotEmpty,
    /// Fixed handicap placement failed.
    Handicap(HandicapError),
    /// A point is off the board.
    OffBoard(Point),
    /// A handicap point is given twice.
    RepeatedPoint(Point),
    /// A free handicap needs from 2 stones to one less than the board's points.
    HandicapCount {
        /// Stones given.
        stones: usize,
        /// The most the board allows.
        max: usize,
    },
    /// The given stones leave the chain through this point without a liberty.
    NoLiberty(Point),
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::NotEmpty => {
                f.write_str("setup is only possible before the first move on an empty board")
            }
            SetupError::Handicap(e) => e.fmt(f),
            SetupError::OffBoard(p) => write!(f, "the point ({}, {}) is off the board", p.x, p.y),
            SetupError::RepeatedPoint(p) => {
                write!(f, "the handicap point ({}, {}) is given twice", p.x, p.y)
            }
            SetupError::HandicapCount { stones, max } => {
                write!(f, "a handicap needs from 2 to {max} stones, not {stones}")
            }
            SetupError::NoLiberty(p) => {
                write!(f, "the chain at ({}, {}) would have no liberty", p.x, p.y)
            }
        }
    }
}

impl std::error::Error for SetupError {}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every interface (server, command line, Python) names the same earlier move: for a
    /// simple-ko retake the position that would recur, not the ko capture.
    #[test]
    fn the_earlier_move_is_the_position_that_would_recur() {
        let ko = Illegal::Ko {
            rule: KoRule::Simple,
            recreates: 8,
            retakes: Some(9),
        };
        assert_eq!(ko.earlier_move(), Some(8));
        let cycle = Illegal::CycleSet { capture_move: 12 };
        assert_eq!(cycle.earlier_move(), Some(12));
        let counteracted = Illegal::DisallowedCapture {
            counteracted_move: 5,
            by_move: 6,
        };
        assert_eq!(counteracted.earlier_move(), Some(5));
        assert_eq!(
            Illegal::ConfirmationKo { taken_at: 3 }.earlier_move(),
            Some(3)
        );
        let turn = Illegal::OutOfTurn {
            to_move: crate::Color::White,
        };
        assert_eq!(turn.earlier_move(), None);
    }
}
