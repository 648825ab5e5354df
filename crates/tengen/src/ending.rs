//! How passes end the game and when they cost a prisoner (docs/rules.md §4).

use crate::color::Color;
use crate::rules::{Ending, PassStones, Rules};

/// The pass bookkeeping of a game.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PassState {
    /// Consecutive passes ending with the last move (reset by the preliminary end).
    pub run: u32,
    /// The move that made the preliminary end, if it happened (docs/rules.md §4).
    pub preliminary_end: Option<usize>,
    /// The player who moved first after the preliminary end.
    pub first_after_preliminary: Option<Color>,
    /// The player who passed first in the game (for first-pass adjustments, docs/rules.md §5.2).
    pub first_pass: Option<Color>,
    /// The number of the last pass (0 if none): long cycles count only after it.
    pub last_pass: usize,
    /// How many times passes have ended the game (more than once after a resumption).
    pub ends: u32,
}

/// What one pass did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PassOutcome {
    /// The pass ended the game.
    pub ends: bool,
    /// The pass made the preliminary end.
    pub preliminary_end: bool,
    /// The passer handed one of her stones to the opponent as a prisoner.
    pub pass_stone: bool,
}

impl PassState {
    /// Notes a play: it breaks the run of passes.
    pub fn on_play(&mut self, color: Color) {
        self.run = 0;
        self.note_first_after_preliminary(color);
    }

    fn note_first_after_preliminary(&mut self, color: Color) {
        if self.preliminary_end.is_some() && self.first_after_preliminary.is_none() {
            self.first_after_preliminary = Some(color);
        }
    }

    /// Applies the ending and pass-stone rules to a pass by `color` at move `number`.
    pub fn on_pass(&mut self, rules: &Rules, color: Color, number: usize) -> PassOutcome {
        self.note_first_after_preliminary(color);
        self.first_pass.get_or_insert(color);
        self.last_pass = number;
        self.run += 1;
        let after_preliminary = self.preliminary_end.is_some();
        let mut out = PassOutcome::default();
        match rules.ending {
            Ending::TwoPasses => out.ends = self.run >= 2,
            // AGA: Black's second pass needs White's answering pass (docs/rules.md §4).
            Ending::WhitePassesLast => out.ends = self.run >= 2 && color == Color::White,
            Ending::PreliminaryEnd if !after_preliminary => {
                if self.run >= 2 {
                    out.preliminary_end = true;
                    self.preliminary_end = Some(number);
                    self.run = 0;
                }
            }
            Ending::PreliminaryEnd => out.ends = self.run >= 2,
        }
        if out.ends {
            self.ends += 1;
        }
        out.pass_stone = match rules.pass_stones {
            PassStones::Never => false,
            PassStones::Always => true,
            // Ikeda Territory III, rule 6-3: no prisoner for Black's game-ending pass.
            PassStones::AlwaysExceptBlackFinal => !(out.ends && color == Color::Black),
            // Ikeda Territory I/II, rules 6-2 and 6-4.
            PassStones::AfterPreliminaryEnd => {
                after_preliminary && !(out.ends && self.first_after_preliminary == Some(color))
            }
        };
        out
    }
}
