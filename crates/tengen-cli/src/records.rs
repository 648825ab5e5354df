//! What the record commands (`check`, `replay`, `score`, `compare`) share: finding record
//! files, reading one with a line and column for every problem, the options they take
//! (rules, game, variation, dead stones), and results as SGF writes them in `RE`.

use serde::Serialize;
use std::cell::OnceCell;
use std::fmt;
use std::path::{Path, PathBuf};
use tengen::rules::Komi;
use tengen::{Game, Rules};
use tengen_server::compare;
pub use tengen_server::compare::{Agreement, Settled};
use tengen_sgf::{
    GameTree, LineIndex, Node, ProblemKind, ReadFile, ReadOptions, RecordProblem, Severity,
};

/// Extensions of record files: SGF, and `.mgt`, the old name of the same format.
const EXTENSIONS: [&str; 2] = ["sgf", "mgt"];

/// `--rules` and `--force-rules`, as `check` and `replay` take them.
#[derive(clap::Args, Clone, Debug, Default)]
pub struct RulesArgs {
    /// Ruleset for records whose RU is missing or unknown (any name `tengen rules` lists).
    /// Without it, a missing RU means Japanese rules, the SGF default.
    #[arg(long, value_name = "NAME")]
    pub rules: Option<String>,
    /// Use --rules even for records whose RU names a known ruleset.
    #[arg(long, requires = "rules")]
    pub force_rules: bool,
}

impl RulesArgs {
    /// The reading options these arguments ask for.
    pub fn read_options(&self) -> Result<ReadOptions, String> {
        Ok(ReadOptions {
            rules: self.rules.as_deref().map(named_rules).transpose()?,
            force_rules: self.force_rules,
            ..ReadOptions::default()
        })
    }
}

/// `--game` and `--variation`: which line of play of a file to read.
#[derive(clap::Args, Clone, Debug)]
pub struct LineArgs {
    /// Which game of the file, from 1 (an SGF file may hold several).
    #[arg(long, value_name = "K", default_value_t = 1)]
    pub game: usize,
    /// The variation to follow at each branching, e.g. `0,1` (0 is the main line, and
    /// branchings past the list follow the main line).
    #[arg(long, value_name = "I,J,..", value_delimiter = ',')]
    pub variation: Vec<usize>,
}

/// What `score` and `compare` both take: the record, which line of it, komi, how the dead
/// stones are found, and the output form.
#[derive(clap::Args, Clone, Debug)]
pub struct ScoringArgs {
    /// The record file.
    pub file: PathBuf,
    /// Komi instead of the record's KM (a multiple of 0.5, e.g. 6.5 or -3); without either,
    /// the ruleset's own.
    #[arg(long, value_name = "K", allow_hyphen_values = true, value_parser = parse_komi)]
    pub komi: Option<Komi>,
    /// Which stones are dead in the final position.
    #[arg(long, value_enum, default_value_t = DeadStones::Auto)]
    pub dead: DeadStones,
    #[command(flatten)]
    pub line: LineArgs,
    /// Print the result as JSON.
    #[arg(long)]
    pub json: bool,
}

impl ScoringArgs {
    /// The reading options for scoring under `rules` (the record's own with `None`): the
    /// moves are checked under the rules scored with, with this komi and line.
    pub fn read_options(&self, rules: Option<Rules>) -> ReadOptions {
        ReadOptions {
            rules,
            force_rules: true,
            komi: self.komi,
            variation: self.line.variation.clone(),
            ..ReadOptions::default()
        }
    }
}

/// Reads a komi argument.
pub fn parse_komi(s: &str) -> Result<Komi, String> {
    s.parse::<Komi>().map_err(|e| e.to_string())
}

/// How the dead stones of the final position are found (an enum so that more ways, such
/// as an estimator, can be added).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum, Serialize)]
#[serde(rename_all = "kebab-case")]
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
}

impl From<DeadStones> for compare::DeadStones {
    fn from(d: DeadStones) -> compare::DeadStones {
        match d {
            DeadStones::Auto => compare::DeadStones::Auto,
            DeadStones::None => compare::DeadStones::None,
            DeadStones::FromRecord => compare::DeadStones::FromRecord,
        }
    }
}

/// The rules of a ruleset name, or an error naming the choices.
pub fn named_rules(name: &str) -> Result<Rules, String> {
    Rules::named(name).map_err(|e| format!("{e} (`tengen rules` lists them)"))
}

/// Rules in a few words: the nearest named ruleset and the values that differ from it,
/// e.g. `japanese` or `japanese (ko=positional)`. Komi is shown apart.
pub fn describe_rules(rules: &Rules) -> String {
    let (base, differing) = rules.closest_named();
    if differing.is_empty() {
        return base.name().to_string();
    }
    let pairs: Vec<String> = differing
        .iter()
        .map(|k| format!("{k}={}", rules.get(k).unwrap_or_default()))
        .collect();
    format!("{} ({})", base.name(), pairs.join(", "))
}

/// Every record file under `paths`: files named are taken whatever their extension;
/// folders are searched recursively for `.sgf` and `.mgt` files (in name order, without
/// following links to folders, so that a link cannot make the search loop). A path that
/// cannot be read is a problem, not a failure.
pub fn find_records(paths: &[PathBuf]) -> (Vec<PathBuf>, Vec<Problem>) {
    let mut files = Vec::new();
    let mut problems = Vec::new();
    for path in paths {
        match std::fs::metadata(path) {
            Ok(m) if m.is_dir() => walk(path, &mut files, &mut problems),
            Ok(_) => files.push(path.clone()),
            Err(e) => problems.push(Problem::unreadable(path, &e.to_string())),
        }
    }
    (files, problems)
}

fn walk(dir: &Path, files: &mut Vec<PathBuf>, problems: &mut Vec<Problem>) {
    let entries = match std::fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(e) => return problems.push(Problem::unreadable(dir, &e.to_string())),
    };
    let mut entries: Vec<_> = entries.filter_map(Result::ok).collect();
    entries.sort_by_key(|e| e.file_name());
    for entry in entries {
        let path = entry.path();
        let is_dir = entry.file_type().is_ok_and(|t| t.is_dir());
        if is_dir {
            walk(&path, files, problems);
        } else if has_record_extension(&path) {
            files.push(path);
        }
    }
}

fn has_record_extension(path: &Path) -> bool {
    path.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| EXTENSIONS.iter().any(|x| e.eq_ignore_ascii_case(x)))
}

/// How bad a problem is: errors make `tengen check` fail, warnings do not.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    /// The record is wrong or could not be read.
    Error,
    /// Damage that was repaired, or something odd but readable.
    Warning,
}

/// What kind of problem it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Category {
    /// The file could not be read (missing, a folder, no permission).
    Unreadable,
    /// The text is not SGF where it matters (an unclosed value, no game tree at all).
    ParseError,
    /// Damaged SGF that was read anyway (stray text, a missing `)`, an odd charset).
    ParseWarning,
    /// A move the record's rules refuse.
    IllegalMove,
    /// A property value that could not be understood and was ignored.
    BadValue,
    /// An `RU` that names no known ruleset.
    UnknownRules,
    /// Setup stones that make no sense (a chain without liberty, setup in mid-game).
    SetupOddity,
    /// Odd but legal SGF: two moves in a row by one player, moves after the end.
    Oddity,
}

impl Category {
    /// Errors are unreadable files, parse errors and illegal moves; the rest are warnings.
    pub fn level(self) -> Level {
        match self {
            Category::Unreadable | Category::ParseError | Category::IllegalMove => Level::Error,
            _ => Level::Warning,
        }
    }

    fn of(kind: &ProblemKind) -> Category {
        match kind {
            ProblemKind::IllegalMove { .. } => Category::IllegalMove,
            ProblemKind::BadValue { .. } => Category::BadValue,
            ProblemKind::UnknownRules(_) => Category::UnknownRules,
            ProblemKind::Setup(_) => Category::SetupOddity,
            ProblemKind::Oddity(_) => Category::Oddity,
        }
    }
}

/// A problem with its place: `path:line:column: level: message`.
#[derive(Clone, Debug, Serialize)]
pub struct Problem {
    /// The file, as given or found.
    pub path: String,
    /// The game of the file, from 1, when the file holds several.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub game: Option<usize>,
    /// 1-based line, when the problem has a place in the text.
    pub line: Option<u32>,
    /// 1-based column in characters.
    pub column: Option<u32>,
    /// Error or warning.
    pub level: Level,
    /// What kind of problem.
    pub category: Category,
    /// What is wrong, in words.
    pub message: String,
}

impl Problem {
    /// A file or folder that could not be read.
    pub fn unreadable(path: &Path, why: &str) -> Problem {
        Problem {
            path: path.display().to_string(),
            game: None,
            line: None,
            column: None,
            level: Level::Error,
            category: Category::Unreadable,
            message: format!("cannot read: {why}"),
        }
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.path)?;
        if let (Some(l), Some(c)) = (self.line, self.column) {
            write!(f, ":{l}:{c}")?;
        }
        let level = match self.level {
            Level::Error => "error",
            Level::Warning => "warning",
        };
        write!(f, ": {level}: ")?;
        if let Some(g) = self.game {
            write!(f, "game {g}: ")?;
        }
        f.write_str(&self.message)
    }
}

/// A record file read and parsed, able to place problems by line and column.
pub struct Record {
    /// The path, for messages.
    pub path: String,
    /// The decoded text, its trees and the parser's diagnostics.
    pub file: ReadFile,
    /// Line starts, computed only when a problem needs placing.
    index: OnceCell<LineIndex>,
}

impl Record {
    /// Reads and parses a file; a file that cannot be read is a problem.
    pub fn read(path: &Path) -> Result<Record, Problem> {
        let bytes = std::fs::read(path).map_err(|e| Problem::unreadable(path, &e.to_string()))?;
        Ok(Record {
            path: path.display().to_string(),
            file: tengen_sgf::read_bytes(&bytes),
            index: OnceCell::new(),
        })
    }

    /// The game trees.
    pub fn trees(&self) -> &[GameTree] {
        &self.file.collection.trees
    }

    /// Game `k` (from 1), or an error saying how many there are.
    pub fn tree(&self, k: usize) -> Result<&GameTree, String> {
        let n = self.trees().len();
        if n == 0 {
            return Err(format!("{}: no game in the file", self.path));
        }
        k.checked_sub(1)
            .and_then(|i| self.trees().get(i))
            .ok_or_else(|| format!("{}: --game {k}: the file holds games 1 to {n}", self.path))
    }

    /// The parser's diagnostics as problems.
    pub fn parse_problems(&self) -> impl Iterator<Item = Problem> + '_ {
        self.file.diagnostics.iter().map(|d| {
            let category = match d.severity {
                Severity::Error => Category::ParseError,
                Severity::Warning => Category::ParseWarning,
            };
            Problem {
                path: self.path.clone(),
                game: None,
                line: Some(d.line),
                column: Some(d.column),
                level: category.level(),
                category,
                message: d.message.clone(),
            }
        })
    }

    /// A problem found while replaying game `game` (from 1; `None` when the file holds
    /// one game), placed by line and column.
    pub fn locate(&self, game: Option<usize>, p: &RecordProblem) -> Problem {
        let index = self.index.get_or_init(|| LineIndex::new(&self.file.text));
        let (line, column) = index.locate(&self.file.text, p.offset);
        let category = Category::of(&p.kind);
        Problem {
            path: self.path.clone(),
            game,
            line: Some(line),
            column: Some(column),
            level: category.level(),
            category,
            message: p.kind.to_string(),
        }
    }

    /// The game number to show in messages: `None` when the file holds only one game.
    pub fn game_label(&self, k: usize) -> Option<usize> {
        (self.trees().len() > 1).then_some(k)
    }
}

/// The dead stones of the final position of `game` as `how` finds them (`last` is the
/// record's last node, for its `TB`/`TW` markup), and the stones the count adds.
pub fn settle(how: DeadStones, last: Option<&Node>, game: &Game) -> Settled {
    compare::settle(&how.into(), last, game)
}

/// Prints a value as pretty JSON on standard output.
pub fn print_json(value: &impl Serialize) -> Result<(), String> {
    let mut text = serde_json::to_string_pretty(value).map_err(|e| e.to_string())?;
    text.push('\n');
    print_text(&text)
}

/// Writes text to standard output. A reader that stops early (`tengen check | head`) is
/// not an error: the rest is simply not written.
pub fn print_text(text: &str) -> Result<(), String> {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => {
            Err(format!("cannot write the output: {e}"))
        }
        _ => Ok(()),
    }
}
