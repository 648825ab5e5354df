//! SGF files from GTP: GNU Go's `loadsgf` (a regression command of GTP v2) and
//! `printsgf`.

use tengen::Game;
use tengen_sgf::from_game::{record, RecordInfo};
use tengen_sgf::{read_bytes, replay, Collection, ReadOptions, Severity};

/// The game of the first record in `path`, replayed up to the position before move
/// `before` (every move when `None`), with the record's size and komi (`KM`) under
/// `rules`' other rules: the engine plays by the rules it was given, not by the record's
/// `RU`.
pub fn load(path: &str, before: Option<usize>, rules: &tengen::Rules) -> Result<Game, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("cannot load file: {path}: {e}"))?;
    let file = read_bytes(&bytes);
    if let Some(d) = file
        .diagnostics
        .iter()
        .find(|d| d.severity == Severity::Error)
    {
        return Err(format!(
            "cannot load file: {path}:{}:{}: {}",
            d.line, d.column, d.message
        ));
    }
    let tree = file
        .collection
        .trees
        .first()
        .ok_or_else(|| format!("cannot load file: {path} holds no game"))?;
    let options = ReadOptions {
        rules: Some(rules.clone()),
        force_rules: true,
        komi: None,
        variation: Vec::new(),
        max_moves: before.map(|n| n.saturating_sub(1)),
    };
    Ok(replay(tree, &options).game)
}

/// The game as an SGF record.
pub fn print(game: &Game) -> String {
    let tree = record(game, &RecordInfo::default());
    tengen_sgf::write(&Collection { trees: vec![tree] })
}
