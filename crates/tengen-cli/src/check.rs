//! `tengen check PATHS...`: every record under the paths read and replayed, in parallel on
//! all cores, then a summary and one line per problem (`path:line:column: level: message`).
//!
//! Exit status: 1 when any problem is an error (a file that cannot be read, a parse error,
//! an illegal move), 0 otherwise. Warnings (repaired damage, bad values, unknown `RU`,
//! setup and other oddities) are reported but do not fail the check: old records are full
//! of them and they lose nothing of the game.
//!
//! Each game's main line is replayed; variations are parsed but not replayed.

use crate::records::{
    find_records, print_json, print_text, Category, Level, Problem, Record, RulesArgs,
};
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use serde::Serialize;
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use tengen_sgf::ReadOptions;

/// Options of `tengen check`.
#[derive(clap::Args)]
pub struct Args {
    /// Record files, or folders searched recursively for `.sgf` and `.mgt` files.
    #[arg(required = true, value_name = "PATHS")]
    pub paths: Vec<PathBuf>,
    #[command(flatten)]
    pub rules: RulesArgs,
    /// Print the summary and the problems as one JSON object (no progress bar).
    #[arg(long)]
    pub json: bool,
}

/// What checking one file found.
#[derive(Default)]
struct FileResult {
    games: usize,
    moves: usize,
    problems: Vec<Problem>,
}

/// The counts of a check.
#[derive(Default, Serialize)]
struct Summary {
    files: usize,
    games: usize,
    moves: usize,
    errors: usize,
    warnings: usize,
    unreadable: usize,
    parse_errors: usize,
    parse_warnings: usize,
    illegal_moves: usize,
    bad_values: usize,
    unknown_rules: usize,
    setup_oddities: usize,
    other_oddities: usize,
}

impl Summary {
    fn count(&mut self, p: &Problem) {
        match p.level {
            Level::Error => self.errors += 1,
            Level::Warning => self.warnings += 1,
        }
        *match p.category {
            Category::Unreadable => &mut self.unreadable,
            Category::ParseError => &mut self.parse_errors,
            Category::ParseWarning => &mut self.parse_warnings,
            Category::IllegalMove => &mut self.illegal_moves,
            Category::BadValue => &mut self.bad_values,
            Category::UnknownRules => &mut self.unknown_rules,
            Category::SetupOddity => &mut self.setup_oddities,
            Category::Oddity => &mut self.other_oddities,
        } += 1;
    }

    /// The summary for people: totals, then errors and warnings by kind.
    fn text(&self) -> String {
        let mut out = format!(
            "checked {} files: {} games, {} moves\n",
            self.files, self.games, self.moves
        );
        let rows = [
            ("errors", self.errors),
            ("  unreadable files", self.unreadable),
            ("  parse errors", self.parse_errors),
            ("  illegal moves", self.illegal_moves),
            ("warnings", self.warnings),
            ("  parse warnings", self.parse_warnings),
            ("  setup oddities", self.setup_oddities),
            ("  other oddities", self.other_oddities),
            ("  bad values", self.bad_values),
            ("  unknown rulesets", self.unknown_rules),
        ];
        for (name, n) in rows {
            out.push_str(&format!("{name:<20}{n:>8}\n"));
        }
        out
    }
}

/// The JSON form of a check.
#[derive(Serialize)]
struct Report<'a> {
    summary: &'a Summary,
    problems: &'a [Problem],
}

pub fn run(args: Args) -> Result<ExitCode, String> {
    let options = args.rules.read_options()?;
    let (files, mut problems) = find_records(&args.paths);
    let bar = progress_bar(files.len() as u64, !args.json);
    let results: Vec<FileResult> = files
        .par_iter()
        .map(|f| {
            let r = check_file(f, &options);
            bar.inc(1);
            r
        })
        .collect();
    bar.finish_and_clear();
    let mut summary = Summary {
        files: files.len(),
        ..Summary::default()
    };
    for r in results {
        summary.games += r.games;
        summary.moves += r.moves;
        problems.extend(r.problems);
    }
    for p in &problems {
        summary.count(p);
    }
    if args.json {
        print_json(&Report {
            summary: &summary,
            problems: &problems,
        })?;
    } else {
        let mut text = String::new();
        for p in &problems {
            text.push_str(&format!("{p}\n"));
        }
        text.push_str(&summary.text());
        print_text(&text)?;
    }
    Ok(if summary.errors > 0 {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    })
}

/// A progress bar on standard error, only when a person can see it there.
fn progress_bar(len: u64, wanted: bool) -> ProgressBar {
    if !wanted || !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(len);
    if let Ok(style) =
        ProgressStyle::with_template("{bar:40} {pos}/{len} records  {elapsed} (eta {eta})")
    {
        bar.set_style(style);
    }
    bar
}

/// Reads one file and replays the main line of each of its games.
fn check_file(path: &Path, options: &ReadOptions) -> FileResult {
    let record = match Record::read(path) {
        Ok(r) => r,
        Err(p) => {
            return FileResult {
                problems: vec![p],
                ..FileResult::default()
            }
        }
    };
    let mut result = FileResult {
        games: record.trees().len(),
        problems: record.parse_problems().collect(),
        ..FileResult::default()
    };
    for (k, tree) in record.trees().iter().enumerate() {
        let replayed = tengen_sgf::replay(tree, options);
        result.moves += replayed.moves;
        let game = record.game_label(k + 1);
        result
            .problems
            .extend(replayed.problems.iter().map(|p| record.locate(game, p)));
    }
    // In text order, as a reader goes through the file (the sort is stable).
    result.problems.sort_by_key(|p| (p.line, p.column));
    result
}
