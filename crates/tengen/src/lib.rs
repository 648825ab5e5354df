//! # tengen: the rules of Go, exactly
//!
//! A rules engine for every common ruleset of Go: suicide (forbidden, multi-stone, allowed),
//! every ko rule (simple, positional, situational, natural situational superko, Ikeda's
//! capture superko, the cycle-set rule approximating Ing's), long cycles, every way of ending
//! the game, pass stones, stone supply, handicap, and counting by area, territory or stones
//! with every modifier. The rules are stated in the project's `docs/rules.md`; each rule
//! value's documentation points to its section there (`§5.2`).
//!
//! Data flows one way: a [`Game`] (rules, board, history) refuses illegal moves with the
//! rule and the earlier move that forbid them; when it ends by passes, a [`Settlement`]
//! settles its dead stones (agreement, resumption, confirmation play); [`score::count`]
//! counts a board with its dead stones and the [`Tally`] of what the game contributed.
//!
//! ```
//! use tengen::{Color, Game, Illegal, Move, Point, Rules, Settlement, Size, Stage};
//!
//! let mut game = Game::new(Size::NINE, Rules::japanese());
//! let at = |s: &str| Move::Play(Point::from_gtp(s, Size::NINE).unwrap());
//! game.play(at("E5")).unwrap();
//! // Every refusal names its rule.
//! let refused = game.play(at("E5")).unwrap_err();
//! assert_eq!(refused, Illegal::Occupied(Point::from_gtp("E5", Size::NINE).unwrap()));
//! game.play(at("A1")).unwrap();
//!
//! // Two passes end the game; under Japanese rules the players then agree on dead stones.
//! game.pass().unwrap();
//! game.pass().unwrap();
//! assert!(game.needs_settlement());
//! let mut settlement = Settlement::new(game).unwrap();
//! let a1 = Point::from_gtp("A1", Size::NINE).unwrap();
//! settlement.mark(Color::Black, a1, true).unwrap(); // White's A1 is dead
//! settlement.accept(Color::White).unwrap();
//! settlement.accept(Color::Black).unwrap();
//! assert_eq!(settlement.stage(), &Stage::Settled);
//!
//! // The count: Black's 80 points of territory and one dead stone, against komi 6.5.
//! let game = settlement.into_game();
//! let report = game.score();
//! assert_eq!(report.black.territory, 80);
//! assert_eq!(report.black.dead, 1);
//! assert_eq!(game.result().unwrap().to_string(), "B+74.5");
//! ```
//! ## The modules, bottom up
//!
//! Each module uses only modules above it in this list, so the data flows one way:
//! `color`, `point`, `rng`, `rules`, `zobrist` (private), `handicap`, `illegal`, `clock`,
//! [`board`] (the fast board), [`grid`] (the plain one end-of-game analysis uses),
//! [`symmetry`] (the board turned and mirrored),
//! [`history`], [`moves`], [`result`], [`ending`], `ko` (private), [`cycle`], [`life`],
//! [`score`], [`game`], [`settlement`].
#![forbid(unsafe_code)]
#![warn(missing_docs)]

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
pub mod settlement;
pub mod symmetry;
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
pub use settlement::{Confirmation, SettleError, Settlement, Stage};
