//! Shared test support: a literal reference implementation of docs/rules.md and helpers.
#![allow(dead_code)]

pub mod reference;

use tengen::{Game, Move, Point, Size};

/// The project's seeded generator, for reproducible random games.
#[allow(unused_imports)]
pub use tengen::Rng;

/// Parses a GTP vertex for the game's board.
pub fn v(game: &Game, s: &str) -> Move {
    Move::from_gtp(s, game.size()).unwrap_or_else(|| panic!("bad vertex {s}"))
}

/// Parses a GTP vertex as a point on a board of `size`.
pub fn pt(size: Size, s: &str) -> Point {
    Point::from_gtp(s, size).unwrap_or_else(|| panic!("bad vertex {s}"))
}
