//! A record under every named ruleset: its result there, and every move that ruleset
//! refuses. `tengen compare` prints it and the review page shows it (the server's
//! `POST /api/review` answers with it): both call [`compare`], so the page's table is
//! the command's table.
//!
//! Also what scoring a record needs besides the rules: the dead stones of its final
//! position ([`settle`]) and how a computed result compares with the record's `RE`
//! ([`Agreement`]).

use serde::Serialize;
use std::fmt;
use tengen::rules::{FirstPassAdjustment, Komi, Rules, RulesetName, Suicide};
use tengen::score::ScoreReport;
use tengen::{Board, Color, EndReason, Game, GameResult, Phase, Point};
use tengen_player::estimate::{estimate, Estimate, EstimateOptions};
use tengen_sgf::{value, GameTree, LineIndex, Node, ProblemKind, ReadFile, ReadOptions};

/// How the dead stones of the final position are found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum DeadStones {
    /// tengen's dead-stone estimator (playouts from the final position; stones alive by
    /// Benson's algorithm are never dead), with the borders it closes.
    #[default]
    Auto,
    /// No stone is dead: everything on the board is alive.
    None,
    /// The territory marked by `TB`/`TW` in the last node: stones inside the territory
    /// marked for their opponent are dead.
    FromRecord,
    /// These stones, as someone marked them (the review page's clicks); nothing added.
    Marked(Vec<Point>),
}

impl DeadStones {
    /// The name the JSON output gives it: `auto`, `none`, `from-record` or `marked`.
    pub fn name(&self) -> &'static str {
        match self {
            DeadStones::Auto => "auto",
            DeadStones::None => "none",
            DeadStones::FromRecord => "from-record",
            DeadStones::Marked(_) => "marked",
        }
    }
}

/// The stones the count of a final position takes off as dead and the stones it adds,
/// as a [`DeadStones`] asks, with a note for people.
#[derive(Clone, Debug)]
pub struct Settled {
    /// The stones taken off as dead.
    pub dead: Vec<Point>,
    /// The stones the estimator adds before counting (`auto` only): dame, teire and
    /// closed borders, as the players would have played them (records often end with
    /// borders open and dame unfilled).
    pub fills: Vec<(Point, Color)>,
    /// What was found, for people; says so when the record does not say what was asked.
    pub note: String,
}

impl Settled {
    /// The count of `game`'s final position, the one these stones were found on, with the
    /// dead stones taken off and the fills added. The dead stones are stones of that
    /// position (were the count to refuse them, the position is counted as it stands).
    pub fn count(&self, game: &Game) -> ScoreReport {
        game.score_with_fills(&self.dead, &self.fills)
            .unwrap_or_else(|_| game.score())
    }
}

/// The estimates made so far, so that rulesets whose final positions are the same (and
/// whose estimator options are) share one: the estimator depends only on the board, the
/// player who moved last and the suicide rule, and it is by far the dearest part of a
/// comparison.
#[derive(Default)]
pub struct Estimates {
    made: Vec<(Board, Color, Suicide, Estimate)>,
}

impl Estimates {
    /// The estimate of `game`'s position with the default options for it.
    pub fn of(&mut self, game: &Game) -> &Estimate {
        let options = EstimateOptions::for_game(game);
        let key = |(b, c, s, _): &(Board, Color, Suicide, Estimate)| {
            b == game.board() && *c == options.to_move && *s == options.suicide
        };
        let i = match self.made.iter().position(key) {
            Some(i) => i,
            None => {
                let e = estimate(game.board(), options);
                self.made
                    .push((game.board().clone(), options.to_move, options.suicide, e));
                self.made.len() - 1
            }
        };
        &self.made[i].3
    }
}

/// The dead stones of the final position of `game` as `how` finds them (`last` is the
/// record's last node, for its `TB`/`TW` markup), and the stones the count adds.
pub fn settle(how: &DeadStones, last: Option<&Node>, game: &Game) -> Settled {
    settle_with(how, last, game, &mut Estimates::default())
}

/// [`settle`], taking estimates from (and adding them to) `estimates`.
pub fn settle_with(
    how: &DeadStones,
    last: Option<&Node>,
    game: &Game,
    estimates: &mut Estimates,
) -> Settled {
    let settled = |dead, note: String| Settled {
        dead,
        fills: Vec::new(),
        note,
    };
    match how {
        DeadStones::Auto => {
            let e = estimates.of(game);
            let note = format!("{} estimated dead by tengen's estimator", e.dead.len());
            Settled {
                dead: e.dead.clone(),
                fills: e.fills_for(game).to_vec(),
                note,
            }
        }
        DeadStones::None => settled(Vec::new(), "none (every stone is alive)".into()),
        DeadStones::Marked(points) => {
            let board = game.board();
            let mut dead: Vec<Point> = points
                .iter()
                .copied()
                .filter(|&p| board.get(p).is_some())
                .collect();
            dead.sort();
            dead.dedup();
            let note = format!("{} marked dead", dead.len());
            settled(dead, note)
        }
        DeadStones::FromRecord => {
            match last.filter(|n| n.get("TB").is_some() || n.get("TW").is_some()) {
                None => settled(
                    Vec::new(),
                    "none: the last node has no TB/TW territory markup".into(),
                ),
                Some(node) => {
                    let (dead, note) = marked_dead(node, game.board());
                    settled(dead, note)
                }
            }
        }
    }
}

/// The stones inside the territory that `node`'s `TB`/`TW` mark for their opponent, and
/// a note counting them.
fn marked_dead(node: &Node, board: &Board) -> (Vec<Point>, String) {
    let mut dead = Vec::new();
    for (id, owner) in [("TB", Color::Black), ("TW", Color::White)] {
        let Some(prop) = node.get(id) else { continue };
        let values = prop.values.iter().map(|v| v.as_str());
        let points = value::points(values, board.size()).unwrap_or_default();
        dead.extend(
            points
                .into_iter()
                .filter(|&p| board.get(p) == Some(owner.opponent())),
        );
    }
    dead.sort();
    dead.dedup();
    let count = |c: Color| dead.iter().filter(|&&p| board.get(p) == Some(c)).count();
    let note = format!(
        "{} black and {} white, inside the TB/TW territory of the last node",
        count(Color::Black),
        count(Color::White)
    );
    (dead, note)
}

/// A result as a record states it in `RE`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Recorded {
    /// A win by a margin, in half points (`B+3.5`).
    Margin(Color, u32),
    /// A win with no margin to compare (`B+R`, `W+T`, `B+F`, `B+`).
    Win(Color),
    /// A draw (`0`, `Draw`, `Jigo`).
    Draw,
}

/// Reads an `RE` value leniently (`B+3.5`, `W+R`, `B+Resign`, `W+R (152 moves)`, `0`,
/// `Jigo`); `None` for `Void`, `?` and text that is no result.
pub fn recorded_result(re: &str) -> Option<Recorded> {
    let re = re.trim();
    let lower = re.to_ascii_lowercase();
    if matches!(lower.as_str(), "0" | "draw" | "jigo" | "d") {
        return Some(Recorded::Draw);
    }
    let (who, rest) = re.split_once('+')?;
    let winner = value::color(who)?;
    let rest = rest.trim();
    let first_word = rest.split_whitespace().next().unwrap_or("");
    if first_word.eq_ignore_ascii_case("j") || first_word.eq_ignore_ascii_case("jigo") {
        return Some(Recorded::Draw);
    }
    match value::real(first_word).and_then(Komi::from_points) {
        Some(m) if m.halves() == 0 => Some(Recorded::Draw),
        Some(m) => Some(Recorded::Margin(winner, m.halves().unsigned_abs())),
        None => Some(Recorded::Win(winner)),
    }
}

/// How a computed result compares with the record's `RE`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "verdict", rename_all = "kebab-case")]
pub enum Agreement {
    /// Same winner and margin (or both a draw).
    Agrees,
    /// Same winner; the record gives no margin (a resignation, a time loss).
    AgreesOnWinner {
        /// The `RE` text.
        record: String,
    },
    /// Another winner or margin.
    Differs {
        /// The `RE` text.
        record: String,
        /// The komi, when the recorded margin is one no count reaches under it (see
        /// [`Agreement::of_under`]): the record's `KM` or `RE` is then wrong.
        #[serde(skip_serializing_if = "Option::is_none")]
        unreachable_under_komi: Option<String>,
    },
    /// `RE` is `Void`, `?` or no result at all.
    NotComparable {
        /// The `RE` text.
        record: String,
    },
    /// The record has no `RE`.
    NoRecord,
}

impl Agreement {
    /// Compares `computed` with the record's `RE` text.
    pub fn of(re: Option<&str>, computed: GameResult) -> Agreement {
        let Some(re) = re else {
            return Agreement::NoRecord;
        };
        let record = re.to_string();
        let (winner, margin) = match computed {
            GameResult::Score {
                winner,
                margin_halves,
            } => (winner, Some(margin_halves)),
            GameResult::Draw => (None, Some(0)),
            other => (other.winner(), None),
        };
        match recorded_result(re) {
            None => Agreement::NotComparable { record },
            Some(Recorded::Draw) if winner.is_none() => Agreement::Agrees,
            Some(Recorded::Margin(w, m)) if winner == Some(w) && margin == Some(m) => {
                Agreement::Agrees
            }
            Some(Recorded::Win(w)) if winner == Some(w) => Agreement::AgreesOnWinner { record },
            Some(_) => Agreement::Differs {
                record,
                unreachable_under_komi: None,
            },
        }
    }

    /// [`Agreement::of`], for a count under `rules`: a recorded margin whose half point is
    /// not the komi's is one no count reaches (docs/rules.md §5.2: a count's margin is a
    /// whole number of points less the komi; M-93-1 of goban-original-games states `KM[5]`
    /// and `W+1.5`), and the difference says so. Not under a half-point adjustment for the
    /// first pass, which moves the half point.
    pub fn of_under(re: Option<&str>, computed: GameResult, rules: &Rules) -> Agreement {
        let margin = match re.and_then(recorded_result) {
            Some(Recorded::Margin(_, m)) => Some(m),
            Some(Recorded::Draw) => Some(0),
            _ => None,
        };
        let half_point_moves = rules.first_pass == FirstPassAdjustment::HalfPoint;
        match Agreement::of(re, computed) {
            Agreement::Differs { record, .. } => Agreement::Differs {
                record,
                unreachable_under_komi: margin
                    .filter(|&m| !half_point_moves && !rules.komi.allows_margin(m))
                    .map(|_| rules.komi.to_string()),
            },
            other => other,
        }
    }

    /// A short word for a table's column: `agrees`, `same winner`, `differs` or `-`.
    pub fn verdict(&self) -> &'static str {
        match self {
            Agreement::Agrees => "agrees",
            Agreement::AgreesOnWinner { .. } => "same winner",
            Agreement::Differs { .. } => "differs",
            Agreement::NotComparable { .. } | Agreement::NoRecord => "-",
        }
    }
}

impl fmt::Display for Agreement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Agreement::Agrees => f.write_str("agrees"),
            Agreement::AgreesOnWinner { record } => {
                write!(f, "agrees on the winner (record says {record}, no margin)")
            }
            Agreement::Differs {
                record,
                unreachable_under_komi: None,
            } => write!(f, "differs: record says {record}"),
            Agreement::Differs {
                record,
                unreachable_under_komi: Some(komi),
            } => write!(
                f,
                "differs: record says {record}, a margin no count reaches under komi {komi} \
                 (its half point is not the komi's: the record's KM or RE is wrong)"
            ),
            Agreement::NotComparable { record } => {
                write!(f, "record says {record}: no result to compare")
            }
            Agreement::NoRecord => f.write_str("record has no RE"),
        }
    }
}

/// A move a ruleset refuses.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct IllegalMove {
    /// The move number (1 = the first move after the setup).
    pub number: usize,
    /// `B` or `W`.
    pub color: char,
    /// The move in GTP form (`D4`, `pass`).
    pub gtp: String,
    /// The rule that refuses it, in words.
    pub rule: String,
    /// Where it is in the file.
    pub line: Option<u32>,
    /// The column there, in characters.
    pub column: Option<u32>,
    /// The refusal itself (not printed by `tengen compare`).
    #[serde(skip)]
    pub why: tengen::Illegal,
}

/// One ruleset's row.
#[derive(Clone, Debug, Serialize)]
pub struct Row {
    /// The ruleset's canonical name.
    pub ruleset: &'static str,
    /// Komi under it (the record's `KM`, the option's, or the ruleset's own).
    pub komi: String,
    /// The result of the final position under it.
    pub result: String,
    /// How that compares with the record's `RE`.
    pub agreement: Agreement,
    /// How many moves it refuses.
    pub illegal_moves: usize,
    /// The first of them.
    pub first_illegal: Option<IllegalMove>,
    /// All of them, in order (the review page marks each; not printed by `tengen compare`).
    #[serde(skip)]
    pub illegal: Vec<IllegalMove>,
    /// The count of the final position, unless a long cycle ended the game.
    #[serde(skip)]
    pub report: Option<ScoreReport>,
    /// The game as the record left it under this ruleset.
    #[serde(skip)]
    pub game: Option<Game>,
    /// The record's other problems under this ruleset (bad values, setup and oddities),
    /// as `line:column: message` (not printed by `tengen compare`).
    #[serde(skip)]
    pub problems: Vec<String>,
}

/// A record under every named ruleset: what `tengen compare --json` prints.
#[derive(Clone, Debug, Serialize)]
pub struct Comparison {
    /// The file, as named.
    pub file: String,
    /// Which game of the file (from 1).
    pub game: usize,
    /// The moves of the line of play read.
    pub moves: usize,
    /// The record's `RE`.
    pub record_result: Option<String>,
    /// How the dead stones were found (see [`DeadStones::name`]).
    pub dead: &'static str,
    /// One row per named ruleset, in the order of [`RulesetName::ALL`].
    pub rows: Vec<Row>,
}

/// What to compare: which game and line of a file, komi, and the dead stones.
#[derive(Clone, Debug, Default)]
pub struct CompareOptions {
    /// Which game of the file, from 1.
    pub game: usize,
    /// The variation to follow at each branching (empty: the main line).
    pub variation: Vec<usize>,
    /// Komi instead of the record's `KM`.
    pub komi: Option<Komi>,
    /// How the dead stones of the final position are found.
    pub dead: DeadStones,
    /// Whether to score the final position (without it, rows say only what is legal;
    /// `result` is empty).
    pub skip_scoring: bool,
}

impl CompareOptions {
    /// The reading options for ruleset `name`: the moves are checked under the rules
    /// scored with, with this komi and line.
    pub fn read_options(&self, name: RulesetName) -> ReadOptions {
        ReadOptions {
            rules: Some(name.rules()),
            force_rules: true,
            komi: self.komi,
            variation: self.variation.clone(),
            ..ReadOptions::default()
        }
    }
}

/// Game `k` (from 1) of a file, or an error saying how many there are.
pub fn tree_of<'a>(file: &'a ReadFile, name: &str, k: usize) -> Result<&'a GameTree, String> {
    let trees = &file.collection.trees;
    if trees.is_empty() {
        return Err(format!("{name}: no game in the file"));
    }
    k.checked_sub(1).and_then(|i| trees.get(i)).ok_or_else(|| {
        format!(
            "{name}: game {k}: the file holds games 1 to {}",
            trees.len()
        )
    })
}

/// The record `file` (named `name` in messages) under every named ruleset.
pub fn compare(
    file: &ReadFile,
    name: &str,
    options: &CompareOptions,
) -> Result<Comparison, String> {
    let tree = tree_of(file, name, options.game)?;
    Ok(compare_tree(file, tree, name, options))
}

/// [`compare`] for a tree of `file` (or one made from it, whose offsets are those of
/// `file`'s text).
pub fn compare_tree(
    file: &ReadFile,
    tree: &GameTree,
    name: &str,
    options: &CompareOptions,
) -> Comparison {
    let index = LineIndex::new(&file.text);
    let mut estimates = Estimates::default();
    let rows: Vec<Row> = RulesetName::ALL
        .iter()
        .map(|&ruleset| row(file, &index, tree, ruleset, options, &mut estimates))
        .collect();
    let whole = tengen_sgf::replay(
        tree,
        &ReadOptions {
            variation: options.variation.clone(),
            ..ReadOptions::default()
        },
    );
    Comparison {
        file: name.to_string(),
        game: options.game,
        moves: whole.moves,
        record_result: whole.result,
        dead: options.dead.name(),
        rows,
    }
}

/// The record replayed and scored under one ruleset.
fn row(
    file: &ReadFile,
    index: &LineIndex,
    tree: &GameTree,
    name: RulesetName,
    options: &CompareOptions,
    estimates: &mut Estimates,
) -> Row {
    let replayed = tengen_sgf::replay(tree, &options.read_options(name));
    let illegal: Vec<IllegalMove> = replayed
        .problems
        .iter()
        .filter_map(|p| {
            let ProblemKind::IllegalMove {
                number,
                color,
                mv,
                size,
                why,
            } = &p.kind
            else {
                return None;
            };
            let (line, column) = index.locate(&file.text, p.offset);
            Some(IllegalMove {
                number: *number,
                color: color.letter(),
                gtp: mv.to_gtp(*size).unwrap_or_default(),
                rule: why.to_string(),
                line: Some(line),
                column: Some(column),
                why: why.clone(),
            })
        })
        .collect();
    let problems = replayed
        .problems
        .iter()
        .filter(|p| !matches!(p.kind, ProblemKind::IllegalMove { .. }))
        .map(|p| {
            let (line, column) = index.locate(&file.text, p.offset);
            format!("{line}:{column}: {}", p.kind)
        })
        .collect();
    let game = &replayed.game;
    let (result, report) = if options.skip_scoring {
        (None, None)
    } else {
        let line = tree.line(&options.variation);
        scored(game, &options.dead, line.last().copied(), estimates)
    };
    Row {
        ruleset: name.name(),
        komi: game.rules().komi.to_string(),
        result: result.map_or(String::new(), |r| r.to_string()),
        agreement: match result {
            Some(r) => Agreement::of_under(replayed.result.as_deref(), r, game.rules()),
            None => Agreement::NoRecord,
        },
        illegal_moves: illegal.len(),
        first_illegal: illegal.first().cloned(),
        illegal,
        report,
        game: Some(replayed.game),
        problems,
    }
}

/// The index of a ruleset's row in a [`Comparison`].
pub fn row_index(name: RulesetName) -> usize {
    RulesetName::ALL
        .iter()
        .position(|&n| n == name)
        .unwrap_or(0)
}

/// The result under the game's rules, and the count it comes from: a long cycle's ruling
/// if one ended the game, otherwise the score of the final position.
fn scored(
    game: &Game,
    dead: &DeadStones,
    last: Option<&Node>,
    estimates: &mut Estimates,
) -> (Option<GameResult>, Option<ScoreReport>) {
    if let Phase::Ended(EndReason::LongCycle { .. }) = game.phase() {
        if let Some(r) = game.result() {
            return (Some(r), None);
        }
    }
    let report = settle_with(dead, last, game, estimates).count(game);
    (Some(report.result), Some(report))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_as_records_write_them() {
        let b = Color::Black;
        let w = Color::White;
        assert_eq!(recorded_result("B+3.5"), Some(Recorded::Margin(b, 7)));
        assert_eq!(recorded_result(" W+12 "), Some(Recorded::Margin(w, 24)));
        assert_eq!(recorded_result("W+R"), Some(Recorded::Win(w)));
        assert_eq!(recorded_result("W+R (152 moves)"), Some(Recorded::Win(w)));
        assert_eq!(recorded_result("B+Resign"), Some(Recorded::Win(b)));
        assert_eq!(recorded_result("B+"), Some(Recorded::Win(b)));
        assert_eq!(recorded_result("0"), Some(Recorded::Draw));
        assert_eq!(recorded_result("W+Jigo"), Some(Recorded::Draw));
        assert_eq!(recorded_result("W+0"), Some(Recorded::Draw));
        assert_eq!(recorded_result("Void"), None);
        assert_eq!(recorded_result("?"), None);
    }

    #[test]
    fn agreement_compares_winner_and_margin() {
        let score = |winner, margin_halves| GameResult::Score {
            winner,
            margin_halves,
        };
        let w55 = score(Some(Color::White), 11);
        assert_eq!(Agreement::of(Some("W+5.5"), w55), Agreement::Agrees);
        assert_eq!(
            Agreement::of(Some("W+6.5"), w55).to_string(),
            "differs: record says W+6.5"
        );
        assert_eq!(
            Agreement::of(Some("W+R"), w55).to_string(),
            "agrees on the winner (record says W+R, no margin)"
        );
        assert_eq!(
            Agreement::of(Some("B+R"), w55).to_string(),
            "differs: record says B+R"
        );
        assert_eq!(Agreement::of(Some("0"), score(None, 0)), Agreement::Agrees);
        assert_eq!(Agreement::of(None, w55).to_string(), "record has no RE");
    }

    #[test]
    fn a_recorded_margin_no_count_reaches_under_the_komi_is_named() {
        // Komi 5 gives whole margins: W+2 is a count, W+1.5 (M-93-1's) none; komi 5.5
        // gives half ones, so B+5 (M-73-2's) is none, and a jigo needs a whole komi.
        let mut rules = Rules::japanese();
        rules.komi = Komi::from_points(5.0).unwrap();
        let w2 = GameResult::Score {
            winner: Some(Color::White),
            margin_halves: 4,
        };
        assert_eq!(
            Agreement::of_under(Some("W+1.5"), w2, &rules).to_string(),
            "differs: record says W+1.5, a margin no count reaches under komi 5 (its half \
             point is not the komi's: the record's KM or RE is wrong)"
        );
        assert_eq!(
            Agreement::of_under(Some("W+2"), w2, &rules),
            Agreement::Agrees
        );
        assert_eq!(
            Agreement::of_under(Some("W+3"), w2, &rules).to_string(),
            "differs: record says W+3"
        );
        rules.komi = Komi::from_points(5.5).unwrap();
        let b45 = GameResult::Score {
            winner: Some(Color::Black),
            margin_halves: 9,
        };
        let unreachable = |re, rules: &Rules| match Agreement::of_under(Some(re), b45, rules) {
            Agreement::Differs {
                unreachable_under_komi,
                ..
            } => unreachable_under_komi,
            other => panic!("{re}: {other:?}"),
        };
        assert_eq!(unreachable("B+5", &rules), Some("5.5".to_string()));
        assert_eq!(unreachable("0", &rules), Some("5.5".to_string()));
        assert_eq!(unreachable("W+0.5", &rules), None);
        // A resignation has no margin to judge.
        assert_eq!(unreachable("W+R", &rules), None);
        // Ikeda's Area III adds half a point for passing first: every half point is reachable.
        rules.first_pass = FirstPassAdjustment::HalfPoint;
        assert_eq!(unreachable("B+5", &rules), None);
    }

    /// Two passes on an empty 5x5 board under every ruleset: the estimator runs once per
    /// suicide rule (forbidden, multi-stone, allowed), not once per ruleset, and every
    /// ruleset counts an empty board as komi for White.
    #[test]
    fn rulesets_with_the_same_final_position_share_an_estimate() {
        let file = tengen_sgf::read_bytes(b"(;GM[1]SZ[5]KM[0.5];B[tt];W[tt])");
        let tree = tree_of(&file, "x", 1).unwrap();
        let mut estimates = Estimates::default();
        let index = LineIndex::new(&file.text);
        let options = CompareOptions {
            game: 1,
            ..Default::default()
        };
        for name in RulesetName::ALL {
            let r = row(&file, &index, tree, name, &options, &mut estimates);
            assert_eq!(r.result, "W+0.5", "{name:?}");
        }
        assert_eq!(estimates.made.len(), 3);
    }

    /// Marked stones that are not stones of the position are left out.
    #[test]
    fn marked_dead_stones_are_stones_of_the_position() {
        let file = tengen_sgf::read_bytes(b"(;GM[1]SZ[5]KM[0.5];B[cc];W[dd])");
        let tree = tree_of(&file, "x", 1).unwrap();
        let replayed = tengen_sgf::replay(tree, &ReadOptions::default());
        let size = replayed.game.size();
        let c3 = Point::from_gtp("C3", size).unwrap();
        let e5 = Point::from_gtp("E5", size).unwrap();
        let s = settle(&DeadStones::Marked(vec![e5, c3, c3]), None, &replayed.game);
        assert_eq!(s.dead, [c3]);
        assert_eq!(s.note, "1 marked dead");
    }
}
