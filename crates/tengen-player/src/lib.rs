//! # tengen-player: judgement, where the rules engine has none to give
//!
//! The `tengen` crate decides exactly what the rules decide: which moves are legal, what a
//! position counts. Playing well and judging which stones are dead are not rules, so they
//! live here, above it:
//! - [`mcts`]: the Monte-Carlo player (UCT tree search with RAVE and the [`priors`])
//!   behind `genmove`, the server's bot and `tengen match`; [`endgame`]: what it must
//!   still play before it passes (open borders, dame, dead stones to capture, teire);
//! - [`random`]: a uniformly random legal player, a sparring partner for tests;
//! - [`playout`]: light and heavy random playouts on the bare board, the inner loop of both
//!   the player and the estimator (and the board's speed benchmark); [`guided`]: the
//!   player's playout policy (captures, escapes, nakade, the 3x3 shapes of [`pattern`], no
//!   self-atari);
//! - [`estimate`]: the dead-stone estimator, built on exact unconditional life
//!   (`tengen::life`), capture reading ([`reading`]), the finishing moves a count needs
//!   ([`finish`]) and playout ownership; [`memory`]: what its searches remember of one
//!   position, in all its orientations. It lives with the player rather than in the rules
//!   engine because it is a judgement that playouts and reading make, not a rule: the engine
//!   takes dead stones as given (by the players' agreement, a record, or this estimator);
//! - [`free_handicap`]: where a player puts a free handicap;
//!
//! Their randomness is `tengen::Rng`, the project's one seeded generator.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod enclosed;
pub mod endgame;
pub mod estimate;
pub mod finish;
pub mod free_handicap;
pub mod guided;
pub mod intrusion;
pub mod mcts;
pub mod memory;
pub mod pattern;
pub mod playout;
pub mod position_map;
pub mod priors;
pub mod random;
pub mod reading;
pub mod semeai;
mod spares;

pub use tengen::Rng;
