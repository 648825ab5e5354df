//! # tengen-sgf: SGF game records for tengen
//!
//! Reads SGF `FF[4]` in full and `FF[1]`-`FF[3]` leniently (long and lower-case property names,
//! damaged files, character sets named by `CA`), writes records back unchanged, and turns
//! records into [`tengen::Game`]s with every move checked under the record's rules.
//!
//! ```
//! let parsed = tengen_sgf::read_bytes(b"(;GM[1]SZ[9]KM[7]RU[Chinese];B[ee];W[dc])");
//! assert!(parsed.diagnostics.is_empty());
//! let replayed = tengen_sgf::replay(&parsed.collection.trees[0], &Default::default());
//! assert_eq!(replayed.moves, 2);
//! assert_eq!(replayed.game.rules().komi.to_string(), "7");
//! ```
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod charset;
pub mod collection;
pub mod from_game;
pub mod id;
pub mod parse;
pub mod record;
pub mod time;
pub mod time_spec;
pub mod tree;
pub mod value;
pub mod write;

pub use collection::{KomiOfTheTime, TiesOfTheTime};
pub use from_game::{record, RecordInfo};
pub use id::PropId;
pub use parse::{parse, Diagnostic, LineIndex, Parsed, Severity};
pub use record::{
    game_info, parse_ruleset_text, replay, ruleset_text, ProblemKind, ReadOptions, RecordProblem,
    Replayed,
};
pub use tree::{Collection, GameTree, Node, Property};
pub use write::write;

/// A file read: the decoded text, its character set, and the parse.
#[derive(Clone, Debug)]
pub struct ReadFile {
    /// The text, decoded to UTF-8.
    pub text: String,
    /// The character set used to decode it.
    pub charset: &'static str,
    /// The game trees.
    pub collection: Collection,
    /// Problems found while decoding and parsing, with line and column.
    pub diagnostics: Vec<Diagnostic>,
}

/// Decodes (by `CA`, default UTF-8, else the legacy character set the bytes look like) and
/// parses the bytes of an SGF file.
pub fn read_bytes(bytes: &[u8]) -> ReadFile {
    let decoded = charset::decode(bytes);
    let Parsed {
        collection,
        mut diagnostics,
    } = parse(&decoded.text);
    if let Some(w) = decoded.warning {
        diagnostics.insert(
            0,
            Diagnostic {
                severity: Severity::Warning,
                line: 1,
                column: 1,
                message: w,
            },
        );
    }
    ReadFile {
        text: decoded.text,
        charset: decoded.charset,
        collection,
        diagnostics,
    }
}
