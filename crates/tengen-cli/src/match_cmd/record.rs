//! One SGF file per game: the record as `tengen_sgf::record` writes it (rules, komi,
//! handicap, players, date, result, clock after every move), the territory as scored
//! (`TB`/`TW`, dead stones included, as CGoban and KGS mark them) and how the game ended
//! (`C` on the last node).

use super::referee::Outcome;
use super::Config;
use std::path::{Path, PathBuf};
use tengen::Color;
use tengen_sgf::{Collection, Property, RecordInfo};

/// Writes game `number`'s record into `dir` as `game-NNN.sgf`; its path.
pub fn write(
    dir: &Path,
    number: usize,
    outcome: &Outcome,
    names: [&str; 2],
    cfg: &Config,
) -> Result<PathBuf, String> {
    let time = cfg.time.to_sgf_tm().map(|tm| {
        let main = tm.parse::<f64>().unwrap_or(0.0);
        (main, cfg.time.to_sgf_ot())
    });
    let info = RecordInfo {
        black: Some(names[0].to_string()),
        white: Some(names[1].to_string()),
        date: Some(today()),
        result: Some(outcome.result),
        time,
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

/// `TB` and `TW`: the points each player scored other than her own stones, and the
/// opponent's stones removed as dead (also where they stood in a region that counts for
/// nobody), so that a reader can score the record again.
fn territory(outcome: &Outcome) -> [(&'static str, Vec<String>); 2] {
    let Some(score) = &outcome.score else {
        return [("TB", Vec::new()), ("TW", Vec::new())];
    };
    let board = outcome.game.board();
    let size = board.size();
    let of = |c: Color| {
        size.all_points()
            .filter(|p| {
                let k = p.y as usize * size.width as usize + p.x as usize;
                let dead = score.dead.contains(p) && board.get(*p) == Some(c.opponent());
                dead || (score.owner[k] == Some(c) && board.get(*p).is_none())
            })
            .map(|p| p.to_sgf())
            .collect()
    };
    [("TB", of(Color::Black)), ("TW", of(Color::White))]
}

/// Today's date (UTC) as SGF `DT` writes it, `YYYY-MM-DD`.
fn today() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let (y, m, d) = civil_from_days((secs / 86_400) as i64);
    format!("{y:04}-{m:02}-{d:02}")
}

/// The Gregorian date of a day counted from 1970-01-01 (Howard Hinnant's `civil_from_days`).
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

#[cfg(test)]
mod tests {
    use super::civil_from_days;

    #[test]
    fn dates() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(11_016), (2000, 2, 29));
        assert_eq!(civil_from_days(20_819), (2027, 1, 1));
    }
}
