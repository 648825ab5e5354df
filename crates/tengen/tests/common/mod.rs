//! Shared test support: a literal reference implementation of RULES.md and helpers.
#![allow(dead_code)]

pub mod reference;

use tengen::{Game, Move, Point, Size};

/// A corner where whoever fills the neutral point b7 first spares herself a move: White's
/// stone there puts Black's corner stone a7 in atari, and Black must connect at a6 in her
/// own territory (a teire). Used by the finishing and the estimator tests.
pub const CORNER_TEIRE: &str = "X . O . . .
                                . X O . . .
                                X X O . . .
                                . X O . . .
                                . X O . . .
                                . X O . . .
                                . X O . . .";

/// A tiny deterministic generator for reproducible random games.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Parses a GTP vertex for the game's board.
pub fn v(game: &Game, s: &str) -> Move {
    Move::from_gtp(s, game.size()).unwrap_or_else(|| panic!("bad vertex {s}"))
}

/// Parses a GTP vertex as a point on a board of `size`.
pub fn pt(size: Size, s: &str) -> Point {
    Point::from_gtp(s, size).unwrap_or_else(|| panic!("bad vertex {s}"))
}
