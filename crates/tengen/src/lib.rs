//! # tengen: the rules of Go, exactly
//!
//! A rules engine for every common ruleset of Go: suicide (forbidden, multi-stone, allowed),
//! every ko rule (simple, positional, situational, natural situational, Ikeda's capture
//! superko, the cycle-set rule approximating Ing's), long cycles, every way of ending the
//! game, pass stones, stone supply, handicap. The specification is `RULES.md`; each rule
//! value's documentation points to its section.
//!
//! ```
//! use tengen::{Game, Move, Point, Rules, Size};
//!
//! let mut game = Game::new(Size::square(9).unwrap(), Rules::named("japanese").unwrap());
//! game.play(Move::Play(Point::from_gtp("E5", game.size()).unwrap())).unwrap();
//! assert_eq!(game.to_move(), tengen::Color::White);
//! assert!(game.legal(Move::Play(Point::from_gtp("E5", game.size()).unwrap())).is_err());
//! ```
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod agreement;
pub mod board;
pub mod clock;
pub mod color;
pub mod cycle;
pub mod ending;
pub mod game;
pub mod grid;
pub mod handicap;
pub mod history;
pub mod illegal;
mod ko;
pub mod life;
pub mod moves;
pub mod point;
pub mod result;
pub mod rng;
pub mod rules;
pub mod score;
mod zobrist;

pub use board::Board;
pub use color::Color;
pub use game::{Game, Phase, RulesChangeRefused};
pub use illegal::{Illegal, SetupError};
pub use moves::MoveRecord;
pub use point::{Move, Point, Size};
pub use result::{EndReason, GameResult};
pub use rng::Rng;
pub use rules::{Komi, RuleError, Rules, RulesetName};
pub use score::{CountError, ScoreReport, Tally};
