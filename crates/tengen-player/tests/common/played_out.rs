//! The played-out set (built by `scripts/played_out_set.py`): positions where GNU Go's
//! games (against itself or tengen's player) ended by two passes with the dead stones still
//! on the board, and the truth that playing on found: the stones its cleanup captured are
//! dead, and its area count is the score. Shared by the `played_out_eval` example and the
//! `played_out` test, which judge the estimator against it beside GNU Go's own answer on
//! the same positions (`final_status_list dead`, stored in each record).
#![allow(dead_code)]

use std::io::Read;
use tengen::{Color, Game, Point, Rules};
use tengen_player::estimate::{Estimate, EstimateOptions};

/// The path of a file in this crate's `tests/data`.
macro_rules! data_file {
    ($name:literal) => {
        concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/", $name)
    };
}

/// Where the set is stored.
pub const SET: &str = data_file!("played_out.sgf.gz");

/// A second set of the same kind, built after the estimator's rules had been fitted to the
/// first (2026-11-30, `--games 9:150,13:60 --seed 2026`): positions it had not seen.
pub const FRESH: &str = data_file!("played_out_fresh.sgf.gz");

/// A third, of 19x19 games only (the second has none), built after round 39 of
/// docs/estimator-misses.md (2026-12-01, `--games 19:40 --seed 39`): positions the
/// estimator had not seen.
pub const FRESH_19: &str = data_file!("played_out_fresh19.sgf.gz");

/// Three more, built at the start of round 41 (2026-12-01) with tengen's player in a
/// quarter of the smaller boards' games: 200 9x9 games (`--tengen target/release/tengen
/// --games 9:200 --seed 42`), 80 13x13 (`--games 13:80 --seed 41`) and 40 19x19 of GNU
/// Go against itself (`--games 19:40 --seed 40`). The 9x9 and 13x13 sets led to that
/// round's changes; the 19x19 set changed nothing.
pub const FRESH_9: &str = data_file!("played_out_fresh9.sgf.gz");

/// See [`FRESH_9`].
pub const FRESH_13: &str = data_file!("played_out_fresh13.sgf.gz");

/// See [`FRESH_9`].
pub const FRESH_19B: &str = data_file!("played_out_fresh19b.sgf.gz");

/// Two more sets, built after round 41's changes with tengen's player in a quarter of
/// the games: 80 13x13 games (`--tengen target/release/tengen --games 13:80 --seed 43`)
/// and 200 9x9 (`--games 9:200 --seed 44`): positions the estimator had not seen.
pub const FRESH_13B: &str = data_file!("played_out_fresh13b.sgf.gz");

/// See [`FRESH_13B`].
pub const FRESH_9B: &str = data_file!("played_out_fresh9b.sgf.gz");

/// One more 13x13 set, built at the start of round 42 with tengen's player in a quarter
/// of the games (`--tengen target/release/tengen --games 13:80 --seed 45`): its record
/// 15 led to that round's change.
pub const FRESH_13C: &str = data_file!("played_out_fresh13c.sgf.gz");

/// Another 13x13 set, built in round 42 after that round's change (`--tengen
/// target/release/tengen --games 13:80 --seed 47`): positions the estimator had not seen.
pub const FRESH_13D: &str = data_file!("played_out_fresh13d.sgf.gz");

/// A 9x9 set built at the end of round 42 (`--tengen target/release/tengen --games
/// 9:200 --seed 48`), unseen by any change.
pub const FRESH_9C: &str = data_file!("played_out_fresh9c.sgf.gz");

/// A 13x13 set built in round 43 after that round's change (`--tengen
/// target/release/tengen --games 13:80 --seed 49`), unseen by any change.
pub const FRESH_13E: &str = data_file!("played_out_fresh13e.sgf.gz");

/// A 9x9 set built at the end of round 43 (`--tengen target/release/tengen --games
/// 9:200 --seed 50`), unseen by any change.
pub const FRESH_9D: &str = data_file!("played_out_fresh9d.sgf.gz");

/// A 19x19 set built in round 44 (`--tengen target/release/tengen --games 19:40 --seed
/// 51`; on 19x19 GNU Go plays both colours), unseen by any change.
pub const FRESH_19C: &str = data_file!("played_out_fresh19c.sgf.gz");

/// A 13x13 set built in round 46 (`--tengen target/release/tengen --games 13:80 --seed
/// 52`), unseen by any change.
pub const FRESH_13F: &str = data_file!("played_out_fresh13f.sgf.gz");

/// Every stored set, by its file.
pub const ALL_SETS: [&str; 15] = [
    SET, FRESH, FRESH_19, FRESH_9, FRESH_13, FRESH_19B, FRESH_13B, FRESH_9B, FRESH_13C, FRESH_13D,
    FRESH_9C, FRESH_13E, FRESH_9D, FRESH_19C, FRESH_13F,
];

/// The verdicts on the stored sets' truths (`scripts/played_out_truths.sh`): for every
/// record, whether GNU Go's cleanup played again at level 10, started by either colour,
/// captures exactly the stones the stored cleanup captured (`clear`) or not
/// (`ambiguous`: a group whose fate hangs on who moves first, or a weak cleanup's error).
pub const TRUTH: &str = data_file!("played_out_truth.txt");

/// One line of a verdicts file: `SET RECORD clear|ambiguous FIRST SECOND`, SET the set's
/// file name without `.sgf.gz`, FIRST and SECOND how the cleanup started by the player
/// to move, then by the other, differs from the stored one (`=`: not at all; `+C3`: it
/// captured C3 too; `-C3`: it left C3; `unended`: it did not end).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TruthVerdict {
    /// The set's file name without `.sgf.gz`.
    pub set: String,
    /// The record's number in the set.
    pub index: usize,
    /// Whether either level-10 cleanup differs from the stored one.
    pub ambiguous: bool,
    /// How each level-10 cleanup differs.
    pub differences: [String; 2],
}

/// The set name a verdict gives the set stored at `path`.
pub fn set_name(path: &str) -> &str {
    let file = path.rsplit('/').next().unwrap_or(path);
    file.strip_suffix(".sgf.gz").unwrap_or(file)
}

/// Reads a verdicts file; an error names the line.
pub fn read_truth(path: &str) -> Result<Vec<TruthVerdict>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
    let mut verdicts = Vec::new();
    for (k, line) in text.lines().enumerate() {
        let at = || format!("{path}:{}", k + 1);
        let fields: Vec<&str> = line.split_whitespace().collect();
        let [set, index, verdict, first, second] = fields[..] else {
            return Err(format!(
                "{}: expected SET RECORD VERDICT FIRST SECOND",
                at()
            ));
        };
        let index = index
            .parse()
            .map_err(|_| format!("{}: {index:?} is not a record number", at()))?;
        let ambiguous = match verdict {
            "clear" => false,
            "ambiguous" => true,
            _ => return Err(format!("{}: unknown verdict {verdict:?}", at())),
        };
        verdicts.push(TruthVerdict {
            set: set.to_string(),
            index,
            ambiguous,
            differences: [first.to_string(), second.to_string()],
        });
    }
    Ok(verdicts)
}

/// The records of the set at `set_path` that the verdicts file `truth` calls ambiguous.
pub fn ambiguous_records(truth: &str, set_path: &str) -> Result<Vec<usize>, String> {
    let name = set_name(set_path);
    Ok(read_truth(truth)?
        .into_iter()
        .filter(|v| v.ambiguous && v.set == name)
        .map(|v| v.index)
        .collect())
}

/// One kept position and its truth.
pub struct Record {
    /// The record's number in the set (`GN[played-out N]`).
    pub index: usize,
    /// The game up to the two passes, under Chinese rules with the record's komi.
    pub game: Game,
    /// The stones the cleanup captured.
    pub dead: Vec<Point>,
    /// The area count after the cleanup (`RE`), as tengen writes results.
    pub area: String,
    /// GNU Go's `final_status_list dead` on the kept position.
    pub gnugo_dead: Vec<Point>,
}

impl Record {
    /// Whether the record is in the tuning half (even numbers) rather than the
    /// evaluation half (odd numbers).
    pub fn tuning(&self) -> bool {
        self.index.is_multiple_of(2)
    }

    /// The board size.
    pub fn size(&self) -> u8 {
        self.game.board().size().width()
    }

    /// The Japanese rules with this record's komi.
    fn territory_rules(&self) -> Rules {
        let mut rules = Rules::japanese();
        rules.komi = self.game.rules().komi;
        rules
    }

    /// The truth under territory counting: the kept position counted by the Japanese rules
    /// with the stones the cleanup captured taken off.
    pub fn territory(&self) -> String {
        let r = tengen::score::count(
            self.game.board(),
            &self.dead,
            &self.game.tally(),
            &self.territory_rules(),
        );
        r.expect("the cleanup captured only stones of the position")
            .result
            .to_string()
    }

    /// An answer's results (dead stones, and stones each count adds on empty points:
    /// `fills` under area counting, `territory_fills` under territory counting) under
    /// area and under territory counting, as tengen writes results.
    pub fn counts(
        &self,
        dead: &[Point],
        fills: &[(Point, Color)],
        territory_fills: &[(Point, Color)],
    ) -> (String, String) {
        let count = |rules: &Rules, fills: &[(Point, Color)]| {
            let board = self.game.board();
            tengen::score::count_with_fills(board, dead, fills, &self.game.tally(), rules)
                .map(|r| r.result.to_string())
                .unwrap_or_default()
        };
        (
            count(self.game.rules(), fills),
            count(&self.territory_rules(), territory_fills),
        )
    }

    /// The results of an estimate of the kept position: each count makes the fills the
    /// estimate gives it (none under the Japanese rules after the passes).
    pub fn estimate_counts(&self, e: &Estimate) -> (String, String) {
        self.counts(&e.dead, &e.fills, self.territory_fills(e))
    }

    /// The fills of `e` that the territory count of this game, ended by its passes, makes.
    fn territory_fills<'e>(&self, e: &'e Estimate) -> &'e [(Point, Color)] {
        let ended = EstimateOptions::for_game(&self.game).ended;
        e.counted_fills(&self.territory_rules(), ended)
    }

    /// How an answer (dead stones, and stones both counts add on empty points) fares
    /// against the truth.
    pub fn judge(&self, dead: &[Point], fills: &[(Point, Color)]) -> Verdict {
        self.judge_counts(dead, self.counts(dead, fills, fills))
    }

    /// How an estimate of the kept position fares against the truth.
    pub fn judge_estimate(&self, e: &Estimate) -> Verdict {
        self.judge_counts(&e.dead, self.estimate_counts(e))
    }

    /// The verdict on the dead stones `dead` and the counts they gave.
    fn judge_counts(&self, dead: &[Point], (area, territory): (String, String)) -> Verdict {
        let board = self.game.board();
        let (mut stones, mut right) = (0, 0);
        for p in board.size().all_points() {
            if board.get(p).is_some() {
                stones += 1;
                right += (dead.contains(&p) == self.dead.contains(&p)) as u32;
            }
        }
        Verdict {
            stones,
            stones_right: right,
            area_exact: area == self.area,
            area_winner: area.get(..1) == self.area.get(..1),
            territory_exact: territory == self.territory(),
        }
    }
}

/// One answer against the truth of one record.
#[derive(Clone, Copy, Debug, Default)]
pub struct Verdict {
    /// Stones of the kept position.
    pub stones: u32,
    /// Of them, those whose status (dead or not) the answer got right.
    pub stones_right: u32,
    /// Whether its area count is the truth exactly.
    pub area_exact: bool,
    /// Whether its area count has the right winner.
    pub area_winner: bool,
    /// Whether its territory count is the truth's exactly.
    pub territory_exact: bool,
}

/// Verdicts added up.
#[derive(Clone, Copy, Debug, Default)]
pub struct Totals {
    /// Records.
    pub positions: u32,
    /// Records with every stone's status right.
    pub all_right: u32,
    /// Stones, and stones right.
    pub stones: u32,
    /// Stones whose status is right.
    pub stones_right: u32,
    /// Records whose area count is exact.
    pub area_exact: u32,
    /// Records whose area count has the right winner.
    pub area_winner: u32,
    /// Records whose territory count is exact.
    pub territory_exact: u32,
}

impl Totals {
    /// Adds one verdict.
    pub fn add(&mut self, v: Verdict) {
        self.positions += 1;
        self.all_right += (v.stones_right == v.stones) as u32;
        self.stones += v.stones;
        self.stones_right += v.stones_right;
        self.area_exact += v.area_exact as u32;
        self.area_winner += v.area_winner as u32;
        self.territory_exact += v.territory_exact as u32;
    }

    /// A percentage of the positions.
    pub fn pct(&self, n: u32) -> f64 {
        100.0 * n as f64 / self.positions.max(1) as f64
    }

    /// The share of stones whose status is right, in percent.
    pub fn stone_pct(&self) -> f64 {
        100.0 * self.stones_right as f64 / self.stones.max(1) as f64
    }

    /// One line of the figures table.
    pub fn line(&self) -> String {
        format!(
            "{} positions: stones {:.2}% right ({} of {}), all stones right {:.1}%, area exact {:.1}% (winner {:.1}%), territory exact {:.1}%",
            self.positions,
            self.stone_pct(),
            self.stones_right,
            self.stones,
            self.pct(self.all_right),
            self.pct(self.area_exact),
            self.pct(self.area_winner),
            self.pct(self.territory_exact),
        )
    }
}

/// Reads the set from `path` (gzip, one SGF game a record).
pub fn read(path: &str) -> Result<Vec<Record>, String> {
    let file = std::fs::File::open(path).map_err(|e| format!("{path}: {e}"))?;
    let mut bytes = Vec::new();
    flate2::read::MultiGzDecoder::new(file)
        .read_to_end(&mut bytes)
        .map_err(|e| format!("{path}: {e}"))?;
    let read = tengen_sgf::read_bytes(&bytes);
    read.collection
        .trees
        .iter()
        .map(|tree| {
            let r = tengen_sgf::replay(tree, &tengen_sgf::ReadOptions::default());
            let root = tree.root().ok_or("a record without a root")?;
            let name = root.raw("GN").unwrap_or_default().to_string();
            let index = name
                .strip_prefix("played-out ")
                .and_then(|n| n.parse().ok())
                .ok_or_else(|| format!("GN[{name}] is not `played-out N`"))?;
            let size = r.game.board().size();
            let points = |id: &str| {
                let values = root.get(id).map(|p| p.values.clone()).unwrap_or_default();
                tengen_sgf::value::points(values.iter().map(|v| v.as_str()), size)
                    .map_err(|bad| format!("{name}: {id}[{bad}]"))
            };
            Ok(Record {
                index,
                dead: points("XD")?,
                gnugo_dead: points("XG")?,
                area: r.result.clone().ok_or_else(|| format!("{name}: no RE"))?,
                game: r.game,
            })
        })
        .collect()
}
