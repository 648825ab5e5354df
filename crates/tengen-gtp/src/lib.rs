//! # tengen-gtp: the Go Text Protocol for tengen
//!
//! - [`Engine`] and [`run`]: a GTP v2 engine over any reader and writer, with GNU Go's
//!   query commands (`is_legal`, `all_legal`, `list_stones`, ...), KGS's and KataGo's rules
//!   commands, and tengen's own (`tengen-rules`, `tengen-set-rule`,
//!   `tengen-explain-illegal`).
//! - [`Client`]: drives another engine's process over GTP, with a timeout on every
//!   response, for matches and cross-checks (e.g. against GNU Go).
//!
//! ```
//! use tengen_gtp::Engine;
//!
//! let mut engine = Engine::new(tengen::Rules::named("japanese").unwrap(), Some(1));
//! assert_eq!(engine.execute("1 boardsize 9").unwrap(), "=1 \n\n");
//! assert_eq!(engine.execute("play b E5").unwrap(), "= \n\n");
//! assert_eq!(engine.execute("color e5").unwrap(), "= black\n\n");
//! assert_eq!(engine.execute("play w e5").unwrap(), "? illegal move: the point is occupied\n\n");
//! ```
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod args;
pub mod client;
pub mod engine;
mod json;
/// KataGo's rules dictionary, read as `kata-set-rules` reads it (also used by the Python package).
pub mod kata;
pub mod protocol;
mod queries;
mod records;
mod scoring;
pub mod time;
pub mod time_settings;

pub use client::{Client, ClientError};
pub use engine::{run, Engine, Player};
