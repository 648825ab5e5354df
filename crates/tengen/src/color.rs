//! Colours of stones and players (docs/rules.md §1.1).

use std::fmt;

/// A player, and the colour of her stones.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    /// Black moves first unless a handicap says otherwise (docs/rules.md §1.1).
    Black,
    /// White.
    White,
}

impl Color {
    /// Both colours, Black first.
    pub const BOTH: [Color; 2] = [Color::Black, Color::White];

    /// The other player.
    #[inline]
    pub fn opponent(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// 0 for Black, 1 for White: an index into per-player arrays.
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }

    /// The letter used in SGF and GTP (`B` or `W`).
    pub fn letter(self) -> char {
        match self {
            Color::Black => 'B',
            Color::White => 'W',
        }
    }

    /// The character of this colour's stones in text boards (`X` or `O`).
    pub fn stone_char(self) -> char {
        match self {
            Color::Black => 'X',
            Color::White => 'O',
        }
    }

    /// Parses `b`, `black`, `w`, `white` in any case (GTP colours).
    pub fn parse(s: &str) -> Option<Color> {
        match s.to_ascii_lowercase().as_str() {
            "b" | "black" => Some(Color::Black),
            "w" | "white" => Some(Color::White),
            _ => None,
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Color::Black => "Black",
            Color::White => "White",
        })
    }
}
