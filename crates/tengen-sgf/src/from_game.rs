//! Tengen games to game records: the root filled from the game and its rules (`RU`, `KM`,
//! `HA`, setup stones, `RE`, `DT`, players, times), then one node per move.

use crate::tree::{GameTree, Node, Property};
use tengen::{Color, Game, GameResult};

/// What a record holds beyond the game itself.
#[derive(Clone, Debug, Default)]
pub struct RecordInfo {
    /// `PB`.
    pub black: Option<String>,
    /// `PW`.
    pub white: Option<String>,
    /// `DT`, e.g. `2026-11-22`.
    pub date: Option<String>,
    /// `RE`; when `None`, the game's own result if it has one.
    pub result: Option<GameResult>,
    /// `TM` (main time in seconds) and `OT` (overtime, e.g. `5x30 byo-yomi`).
    pub time: Option<(f64, Option<String>)>,
    /// After each move, the mover's time left and, in overtime, periods or stones left
    /// (`BL`/`WL`, `OB`/`OW`). Shorter than the moves is fine.
    pub clock: Vec<Option<(f64, Option<u32>)>>,
}

fn seconds(s: f64) -> String {
    let r = (s * 1000.0).round() / 1000.0;
    if r.fract() == 0.0 {
        format!("{}", r as i64)
    } else {
        format!("{r}")
    }
}

/// The record of a game.
pub fn record(game: &Game, info: &RecordInfo) -> GameTree {
    let rules = game.rules();
    let size = game.size();
    let mut root = Node::default();
    root.set("GM", "1");
    root.set("FF", "4");
    root.set("CA", "UTF-8");
    root.set("AP", concat!("tengen:", env!("CARGO_PKG_VERSION")));
    let sz = if size.width() == size.height() {
        size.width().to_string()
    } else {
        format!("{}:{}", size.width(), size.height())
    };
    root.set("SZ", &sz);
    root.set("RU", &crate::record::ruleset_text(rules));
    root.set("KM", &rules.komi.to_string());
    if !game.handicap().is_empty() {
        root.set("HA", &game.handicap().len().to_string());
    }
    let start = game.start_board();
    for (id, c) in [("AB", Color::Black), ("AW", Color::White)] {
        let pts: Vec<String> = size
            .all_points()
            .filter(|&p| start.get(p) == Some(c))
            .filter_map(|p| p.to_sgf())
            .collect();
        if !pts.is_empty() {
            root.set_property(Property::list(id, pts.iter().map(String::as_str)));
        }
    }
    // P_0 always exists.
    let first = game.positions().to_move(0).unwrap_or(Color::Black);
    let natural_first = if game.handicap().is_empty() {
        Color::Black
    } else {
        Color::White
    };
    if first != natural_first {
        root.set("PL", &first.letter().to_string());
    }
    for (id, v) in [("PB", &info.black), ("PW", &info.white), ("DT", &info.date)] {
        if let Some(v) = v {
            root.set(id, v);
        }
    }
    if let Some(r) = info.result.or_else(|| game.result()) {
        root.set("RE", &r.to_string());
    }
    if let Some((main, ot)) = &info.time {
        root.set("TM", &seconds(*main));
        if let Some(ot) = ot {
            root.set("OT", ot);
        }
    }
    let mut nodes = vec![root];
    for (k, m) in game.moves().iter().enumerate() {
        let mut n = Node::default();
        let id = m.color.letter().to_string();
        // Every point of a game (at most 25x25) has an SGF spelling.
        let v = m.mv.to_sgf().unwrap_or_default();
        n.set(&id, &v);
        if let Some(Some((left, stones))) = info.clock.get(k) {
            let (l, o) = if m.color == Color::Black {
                ("BL", "OB")
            } else {
                ("WL", "OW")
            };
            n.set(l, &seconds(*left));
            if let Some(s) = stones {
                n.set(o, &s.to_string());
            }
        }
        nodes.push(n);
    }
    GameTree {
        nodes,
        variations: Vec::new(),
    }
}

/// `TB` and `TW` for a scored final position: the points each player scored other than her
/// own stones, and the opponent's stones removed as dead (also where they stood in a region
/// that counts for nobody), as CGoban and KGS mark them, so that a reader can score the
/// record again.
pub fn territory(
    board: &tengen::Board,
    score: &tengen::score::ScoreReport,
) -> [(&'static str, Vec<String>); 2] {
    let size = board.size();
    let of = |c: Color| {
        size.all_points()
            .filter(|p| {
                let k = p.y as usize * size.width() as usize + p.x as usize;
                let dead = score.dead.contains(p) && board.get(*p) == Some(c.opponent());
                dead || (score.owner[k] == Some(c) && board.get(*p).is_none())
            })
            .filter_map(|p| p.to_sgf())
            .collect()
    };
    [("TB", of(Color::Black)), ("TW", of(Color::White))]
}

/// `DT`: the date (UTC) of an instant given in seconds since 1970-01-01.
pub fn sgf_date(unix_secs: u64) -> String {
    let (y, m, d) = civil_from_days((unix_secs / 86_400) as i64);
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
mod date_tests {
    use super::{civil_from_days, sgf_date};

    #[test]
    fn dates() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(11_016), (2000, 2, 29));
        assert_eq!(civil_from_days(20_819), (2027, 1, 1));
        assert_eq!(sgf_date(1_795_305_600), "2026-11-22");
    }
}
