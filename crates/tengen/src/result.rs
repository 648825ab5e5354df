//! How a game ended, and its result as SGF writes it (docs/rules.md §4, §5.2).

use crate::color::Color;
use crate::rules::LongCycle;
use std::fmt;

/// How a game ended (docs/rules.md §4, other ends).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EndReason {
    /// The ending rule's passes: the game goes to scoring.
    Passes,
    /// A player resigned.
    Resignation {
        /// Who resigned.
        loser: Color,
    },
    /// A player ran out of time (Ikeda rule 2: a player who fails to move loses).
    Time {
        /// Who ran out of time.
        loser: Color,
    },
    /// A player forfeited.
    Forfeit {
        /// Who forfeited.
        loser: Color,
    },
    /// A situation recurred a third time with no pass in between under simple ko
    /// (docs/rules.md §3.1).
    LongCycle {
        /// The ruling: no result or draw.
        outcome: LongCycle,
        /// The three moves after which the same situation stood (0 = the start).
        occurrences: [usize; 3],
    },
}

/// A game result, written as in SGF (docs/rules.md §5.2, "Winner").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameResult {
    /// Decided by the score: the winner (`None` for a draw) and the margin in half points.
    Score {
        /// The winner; `None` when the scores are equal and ties are draws.
        winner: Option<Color>,
        /// The margin in half points.
        margin_halves: u32,
    },
    /// The loser resigned.
    Resignation(Color),
    /// The loser ran out of time.
    Time(Color),
    /// The loser forfeited.
    Forfeit(Color),
    /// A draw (`0`), e.g. a Korean long cycle.
    Draw,
    /// No result (`Void`), e.g. a Japanese long cycle.
    Void,
}

impl GameResult {
    /// The winner, if someone won.
    pub fn winner(self) -> Option<Color> {
        match self {
            GameResult::Score { winner, .. } => winner,
            GameResult::Resignation(w) | GameResult::Time(w) | GameResult::Forfeit(w) => Some(w),
            GameResult::Draw | GameResult::Void => None,
        }
    }
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameResult::Score { winner: None, .. } | GameResult::Draw => f.write_str("0"),
            GameResult::Score {
                winner: Some(w),
                margin_halves,
            } => {
                write!(f, "{}+", w.letter())?;
                crate::rules::write_halves(f, *margin_halves as i32)
            }
            GameResult::Resignation(w) => write!(f, "{}+R", w.letter()),
            GameResult::Time(w) => write!(f, "{}+T", w.letter()),
            GameResult::Forfeit(w) => write!(f, "{}+F", w.letter()),
            GameResult::Void => f.write_str("Void"),
        }
    }
}
