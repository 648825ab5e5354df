//! `tengen score FILE`: the final position of a record scored under its rules (or others),
//! with the breakdown, a board showing dead stones and territory, the result in SGF form,
//! and whether it agrees with the record's `RE`.

use crate::records::{
    describe_rules, named_rules, print_json, print_text, settle, Agreement, DeadStones, Problem,
    Record, ScoringArgs,
};
use serde::Serialize;
use std::process::ExitCode;
use tengen::board::column_letter;
use tengen::score::{ScoreReport, Terms};
use tengen::{Board, Color, EndReason, Game, Phase, Point};

/// Options of `tengen score`.
#[derive(clap::Args)]
pub struct Args {
    /// The record, its komi, dead stones and output form.
    #[command(flatten)]
    pub scoring: ScoringArgs,
    /// Score under this ruleset instead of the record's RU (the moves are checked under it
    /// too).
    #[arg(long, value_name = "NAME")]
    pub rules: Option<String>,
}

/// The symbols of the drawing, explained under it.
pub const LEGEND: &str =
    "X O stones   x o dead stones (taken off)   b w territory of Black, White   . neutral";

/// The symbols of the stones the count adds, explained under the drawing when there are
/// any: the dame and teire the estimator's finishing plays and the borders it closes. They
/// are stones, not territory: on a neutral point a stone changes nothing in a territory
/// count, in one's own territory it is a point less (a teire).
pub const ADDED: &str = "B W stones added before counting (dame, teire, closed borders)";

/// A stone the count adds: its colour (`X` or `O`, as drawn) and point.
#[derive(Serialize)]
struct AddedJson {
    color: String,
    point: String,
}

/// One player's terms, in points.
#[derive(Serialize)]
struct TermsJson {
    stones: u32,
    territory: u32,
    captures: u32,
    dead_stones_taken: u32,
    pass_stones: u32,
    komi: f64,
    compensation: f64,
    first_pass_adjustment: f64,
    group_tax: u32,
    late_stones: u32,
    total: f64,
}

impl From<&Terms> for TermsJson {
    fn from(t: &Terms) -> TermsJson {
        let points = |h: i32| h as f64 / 2.0;
        TermsJson {
            stones: t.stones,
            territory: t.territory,
            captures: t.captures,
            dead_stones_taken: t.dead,
            pass_stones: t.pass_stones,
            komi: points(t.komi),
            compensation: points(t.compensation),
            first_pass_adjustment: points(t.adjustment),
            group_tax: t.group_tax,
            late_stones: t.late_stones,
            total: points(t.total),
        }
    }
}

/// The score of a record, as printed.
#[derive(Serialize)]
struct Scored {
    file: String,
    game: usize,
    moves: usize,
    rules: String,
    komi: String,
    /// Where the komi comes from: `record` (its KM), `option` (--komi) or `ruleset` (the
    /// ruleset's own, when the record has no KM).
    komi_source: &'static str,
    /// Whether the record's moves ended the game by passes.
    ended_by_passes: bool,
    dead: DeadStones,
    dead_note: String,
    dead_stones: Vec<String>,
    /// Rows from the top in the symbols of [`LEGEND`] (and [`ADDED`]).
    board: Vec<String>,
    /// The stones the count adds (see [`ADDED`]).
    added_stones: Vec<AddedJson>,
    black: TermsJson,
    white: TermsJson,
    result: String,
    record_result: Option<String>,
    agreement: Agreement,
    problems: Vec<Problem>,
    #[serde(skip)]
    table: String,
}

pub fn run(args: Args) -> Result<ExitCode, String> {
    let rules = args.rules.as_deref().map(named_rules).transpose()?;
    let args = args.scoring;
    let record = Record::read(&args.file).map_err(|p| p.to_string())?;
    let tree = record.tree(args.line.game)?;
    let options = args.read_options(rules);
    let replayed = tengen_sgf::replay(tree, &options);
    let game = &replayed.game;
    let line = tree.line(&args.line.variation);
    let settled = settle(args.dead, line.last().copied(), game);
    let report = settled.count(game);
    let label = record.game_label(args.line.game);
    let mut problems: Vec<Problem> = record.parse_problems().collect();
    problems.extend(replayed.problems.iter().map(|p| record.locate(label, p)));
    let scored = Scored {
        file: record.path.clone(),
        game: args.line.game,
        moves: replayed.moves,
        rules: describe_rules(game.rules()),
        komi: game.rules().komi.to_string(),
        komi_source: if args.komi.is_some() {
            "option"
        } else if tree.root().and_then(|n| n.get("KM")).is_some() {
            "record"
        } else {
            "ruleset"
        },
        ended_by_passes: matches!(game.phase(), Phase::Ended(EndReason::Passes)),
        dead: args.dead,
        dead_note: settled.note,
        dead_stones: report
            .dead
            .iter()
            .filter_map(|p| p.to_gtp(game.size()))
            .collect(),
        board: marked_rows(game.board(), &report, &settled.fills),
        added_stones: settled
            .fills
            .iter()
            .map(|&(p, c)| AddedJson {
                color: c.stone_char().to_string(),
                point: p.to_gtp(game.size()).unwrap_or_default(),
            })
            .collect(),
        black: (&report.black).into(),
        white: (&report.white).into(),
        result: report.result.to_string(),
        record_result: replayed.result.clone(),
        agreement: Agreement::of_under(replayed.result.as_deref(), report.result, game.rules()),
        problems,
        table: report.to_string(),
    };
    if args.json {
        print_json(&scored)?;
    } else {
        print_text(&text(&scored, game))?;
    }
    Ok(ExitCode::SUCCESS)
}

/// The symbol of one point: a stone (lower case when dead), a stone the count adds
/// (`B`, `W`), the owner of an empty point that counts as territory, or `.`.
fn symbol(board: &Board, report: &ScoreReport, added: &[(Point, Color)], p: Point) -> char {
    let k = p.y as usize * board.size().width() as usize + p.x as usize;
    match board.get(p) {
        Some(c) if report.dead.contains(&p) => c.stone_char().to_ascii_lowercase(),
        Some(c) => c.stone_char(),
        None if added.iter().any(|a| a.0 == p) => match report.owner.get(k).copied().flatten() {
            Some(Color::Black) => 'B',
            Some(Color::White) => 'W',
            // Captured again by the finishing: left empty.
            None => '.',
        },
        None => match report.owner.get(k).copied().flatten() {
            Some(Color::Black) => 'b',
            Some(Color::White) => 'w',
            None => '.',
        },
    }
}

/// The board in the symbols of [`LEGEND`], rows from the top, points separated by spaces.
fn marked_rows(board: &Board, report: &ScoreReport, added: &[(Point, Color)]) -> Vec<String> {
    let size = board.size();
    (0..size.height())
        .map(|y| {
            let row: Vec<String> = (0..size.width())
                .map(|x| symbol(board, report, added, Point::new(x, y)).to_string())
                .collect();
            row.join(" ")
        })
        .collect()
}

/// The marked board with GTP coordinates around it, as `tengen replay` draws boards.
fn drawing(board: &Board, rows: &[String]) -> String {
    let size = board.size();
    let letters: String = (0..size.width())
        .map(|x| format!(" {}", column_letter(x)))
        .collect();
    let mut out = format!("   {letters}\n");
    for (y, row) in rows.iter().enumerate() {
        let n = size.height() as usize - y;
        out.push_str(&format!("{n:>2}  {row}  {n}\n"));
    }
    out.push_str(&format!("   {letters}\n"));
    out
}

/// The score for people.
fn text(s: &Scored, game: &Game) -> String {
    let game_label = if s.game > 1 {
        format!(", game {}", s.game)
    } else {
        String::new()
    };
    let komi_note = match s.komi_source {
        "ruleset" => " (the ruleset's: the record has no KM; --komi K sets it)",
        _ => "",
    };
    let mut out = format!(
        "{}{game_label}: {} moves; rules: {}, komi {}{komi_note}\n",
        s.file, s.moves, s.rules, s.komi
    );
    if !s.ended_by_passes {
        out.push_str(
            "the record does not end the game by passes: the position is scored as it stands\n",
        );
    }
    out.push_str(&format!("dead stones: {}\n\n", s.dead_note));
    out.push_str(&drawing(game.board(), &s.board));
    out.push_str(LEGEND);
    if !s.added_stones.is_empty() {
        out.push('\n');
        out.push_str(ADDED);
    }
    out.push_str("\n\n");
    out.push_str(&s.table);
    out.push('\n');
    out.push_str(&format!("versus the record: {}\n", s.agreement));
    if !s.problems.is_empty() {
        out.push_str(&format!("problems in the record: {}\n", s.problems.len()));
        for p in &s.problems {
            out.push_str(&format!("  {p}\n"));
        }
    }
    out
}
