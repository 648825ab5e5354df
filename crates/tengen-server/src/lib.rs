//! The tengen game server: live games under any ruleset over HTTP and WebSocket, stored
//! in SQLite or PostgreSQL (docs/protocol.md).
#![forbid(unsafe_code)]

pub mod api;
pub mod app;
pub mod bot;
pub mod challenge;
pub mod chat;
pub mod compare;
pub mod dbfile;
pub mod error;
pub mod events;
pub mod guard;
pub mod limits;
pub mod listen;
pub mod live;
pub mod review;
pub mod serve;
pub mod settings;
pub mod sgf;
pub mod snapshot;
pub mod store;
pub mod tokens;
pub mod undo;
pub mod ws;

pub use app::App;
pub use limits::Limits;
pub use serve::{start, Config, Started};
