//! A game's SGF record for download: rules, komi, handicap, players, date, result, times
//! and the clock after every move, and the scored territory as `TB`/`TW`.

use crate::live::LiveGame;
use crate::snapshot::final_score;
use tengen_sgf::{Collection, Property, RecordInfo};

/// The record of a game as it stands (finished or not).
pub fn record(g: &LiveGame) -> String {
    let info = RecordInfo {
        black: Some(g.names[0].clone()).filter(|n| !n.is_empty()),
        white: Some(g.names[1].clone()).filter(|n| !n.is_empty()),
        date: Some(tengen_sgf::from_game::sgf_date(
            u64::try_from(g.created / 1000).unwrap_or(0),
        )),
        result: None,
        time: tengen_sgf::time::record_time(g.clock.control()),
        clock: g.move_clocks.clone(),
    };
    let mut tree = tengen_sgf::record(&g.game, &info);
    if let Some(root) = tree.nodes.first_mut() {
        root.set("GN", &format!("tengen game {}", g.id));
    }
    if let (Some(last), Some(score)) = (tree.nodes.last_mut(), final_score(g)) {
        for (id, points) in tengen_sgf::from_game::territory(g.game.board(), &score) {
            if !points.is_empty() {
                last.set_property(Property::list(id, points.iter().map(String::as_str)));
            }
        }
    }
    tengen_sgf::write(&Collection { trees: vec![tree] })
}
