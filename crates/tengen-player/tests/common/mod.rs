//! Shared test support.
#![allow(dead_code)]

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
