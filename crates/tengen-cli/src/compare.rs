//! `tengen compare FILE`: a record under every named ruleset, one row each: its result
//! there and whether every move is legal there, or the first one that is not.

use crate::records::{
    print_json, print_text, settle, Agreement, DeadStones, Problem, Record, ScoringArgs,
};
use serde::Serialize;
use std::process::ExitCode;
use tengen::rules::RulesetName;
use tengen::{EndReason, Game, GameResult, Phase};
use tengen_sgf::{GameTree, ProblemKind, ReadOptions};

/// Options of `tengen compare`.
#[derive(clap::Args)]
pub struct Args {
    /// The record, its komi, dead stones and output form (komi, if given, for every
    /// ruleset).
    #[command(flatten)]
    pub scoring: ScoringArgs,
}

/// The first move a ruleset refuses.
#[derive(Serialize)]
struct FirstIllegal {
    number: usize,
    color: char,
    /// The move in GTP form (`D4`, `pass`).
    gtp: String,
    /// The rule that refuses it, in words.
    rule: String,
    /// Where it is in the file.
    line: Option<u32>,
    column: Option<u32>,
}

/// One ruleset's row.
#[derive(Serialize)]
struct Row {
    ruleset: &'static str,
    komi: String,
    result: String,
    agreement: Agreement,
    illegal_moves: usize,
    first_illegal: Option<FirstIllegal>,
}

/// The JSON form of a comparison.
#[derive(Serialize)]
struct Comparison {
    file: String,
    game: usize,
    moves: usize,
    record_result: Option<String>,
    dead: DeadStones,
    rows: Vec<Row>,
}

pub fn run(args: Args) -> Result<ExitCode, String> {
    let args = args.scoring;
    let record = Record::read(&args.file).map_err(|p| p.to_string())?;
    let tree = record.tree(args.line.game)?;
    let label = record.game_label(args.line.game);
    let rows: Vec<Row> = RulesetName::ALL
        .iter()
        .map(|&name| row(&record, label, tree, name, &args))
        .collect();
    let whole = tengen_sgf::replay(tree, &ReadOptions::default());
    let comparison = Comparison {
        file: record.path.clone(),
        game: args.line.game,
        moves: whole.moves,
        record_result: whole.result,
        dead: args.dead,
        rows,
    };
    if args.json {
        print_json(&comparison)?;
    } else {
        print_text(&text(&comparison))?;
    }
    Ok(ExitCode::SUCCESS)
}

/// The record replayed and scored under one ruleset.
fn row(
    record: &Record,
    label: Option<usize>,
    tree: &GameTree,
    name: RulesetName,
    args: &ScoringArgs,
) -> Row {
    let options = args.read_options(Some(name.rules()));
    let replayed = tengen_sgf::replay(tree, &options);
    let illegal: Vec<_> = replayed
        .problems
        .iter()
        .filter(|p| matches!(p.kind, ProblemKind::IllegalMove { .. }))
        .collect();
    let first_illegal = illegal.first().and_then(|p| {
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
        let placed: Problem = record.locate(label, p);
        Some(FirstIllegal {
            number: *number,
            color: color.letter(),
            gtp: mv.to_gtp(*size).unwrap_or_default(),
            rule: why.to_string(),
            line: placed.line,
            column: placed.column,
        })
    });
    let line = tree.line(&args.line.variation);
    let result = result(&replayed.game, args.dead, line.last().copied());
    Row {
        ruleset: name.name(),
        komi: replayed.game.rules().komi.to_string(),
        result: result.to_string(),
        agreement: Agreement::of(replayed.result.as_deref(), result),
        illegal_moves: illegal.len(),
        first_illegal,
    }
}

/// The result under the game's rules: a long cycle's ruling if one ended the game,
/// otherwise the score of the final position.
fn result(game: &Game, dead: DeadStones, last: Option<&tengen_sgf::Node>) -> GameResult {
    if let Phase::Ended(EndReason::LongCycle { .. }) = game.phase() {
        if let Some(r) = game.result() {
            return r;
        }
    }
    let settled = settle(dead, last, game);
    settled.count(game).result
}

/// A short word for the agreement column.
fn verdict(a: &Agreement) -> &'static str {
    match a {
        Agreement::Agrees => "agrees",
        Agreement::AgreesOnWinner { .. } => "same winner",
        Agreement::Differs { .. } => "differs",
        Agreement::NotComparable { .. } | Agreement::NoRecord => "-",
    }
}

/// The table for people: aligned columns, the long legality text last.
fn text(c: &Comparison) -> String {
    let re = c
        .record_result
        .as_ref()
        .map_or("no RE".to_string(), |r| format!("RE[{r}]"));
    let mut out = format!(
        "{}: {} moves, {re}; dead stones: {}\n\n",
        c.file,
        c.moves,
        match c.dead {
            DeadStones::Auto => "auto",
            DeadStones::None => "none",
            DeadStones::FromRecord => "from the record's TB/TW",
        }
    );
    let mut rows: Vec<[String; 5]> = vec![[
        "ruleset".into(),
        "komi".into(),
        "result".into(),
        "vs RE".into(),
        "legality".into(),
    ]];
    for r in &c.rows {
        let legality = match &r.first_illegal {
            None => "all legal".to_string(),
            Some(f) => {
                let more = match r.illegal_moves {
                    0 | 1 => String::new(),
                    n => format!(" (and {} more)", n - 1),
                };
                format!("move {} {} {}: {}{more}", f.number, f.color, f.gtp, f.rule)
            }
        };
        rows.push([
            r.ruleset.to_string(),
            r.komi.clone(),
            r.result.clone(),
            verdict(&r.agreement).to_string(),
            legality,
        ]);
    }
    let width = |k: usize| rows.iter().map(|r| r[k].chars().count()).max().unwrap_or(0);
    let widths = [width(0), width(1), width(2), width(3)];
    for r in &rows {
        let cells: Vec<String> = (0..4)
            .map(|k| format!("{:<w$}", r[k], w = widths[k]))
            .collect();
        out.push_str(&format!("{}  {}\n", cells.join("  "), r[4]));
    }
    out
}
