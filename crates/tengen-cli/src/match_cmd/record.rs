//! One SGF file per game: the record as `tengen_sgf::record` writes it (rules, komi,
//! handicap, players, date, result, clock after every move), the territory as scored
//! (`TB`/`TW`, dead stones included, as CGoban and KGS mark them) and how the game ended
//! (`C` on the last node).

use super::referee::Outcome;
use super::Config;
use std::path::{Path, PathBuf};
use tengen_sgf::{Collection, Property, RecordInfo};

/// Writes game `number`'s record into `dir` as `game-NNN.sgf`; its path.
pub fn write(
    dir: &Path,
    number: usize,
    outcome: &Outcome,
    names: [&str; 2],
    cfg: &Config,
) -> Result<PathBuf, String> {
    let info = RecordInfo {
        black: Some(names[0].to_string()),
        white: Some(names[1].to_string()),
        date: Some(today()),
        result: Some(outcome.result),
        time: tengen_sgf::time::record_time(&cfg.time),
        clock: outcome.clock_log.clone(),
    };
    let mut tree = tengen_sgf::record(&outcome.game, &info);
    if let Some(root) = tree.nodes.first_mut() {
        root.set("GN", &format!("game {number}"));
        let told = |k: usize| outcome.rules_commands[k].as_deref().unwrap_or("none known");
        let note = format!(
            "Refereed by tengen match. Rules command accepted: {} (B): {}; {} (W): {}.",
            names[0],
            told(0),
            names[1],
            told(1)
        );
        root.set("GC", &note);
    }
    if let Some(last) = tree.nodes.last_mut() {
        for (id, points) in territory(outcome) {
            if !points.is_empty() {
                last.set_property(Property::list(id, points.iter().map(String::as_str)));
            }
        }
        last.set("C", &format!("{}: {}", outcome.result, outcome.how));
    }
    let path = dir.join(format!("game-{number:03}.sgf"));
    let text = tengen_sgf::write(&Collection { trees: vec![tree] });
    std::fs::write(&path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    Ok(path)
}

/// `TB` and `TW` of the scored final position, if the game was scored.
fn territory(outcome: &Outcome) -> [(&'static str, Vec<String>); 2] {
    match &outcome.score {
        Some(score) => tengen_sgf::from_game::territory(outcome.game.board(), score),
        None => [("TB", Vec::new()), ("TW", Vec::new())],
    }
}

fn today() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    tengen_sgf::from_game::sgf_date(secs)
}
