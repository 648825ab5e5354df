//! `tengen replay FILE [--move N]`: the board of a record after move N (default: the end),
//! with the last move marked, the captures of each side, whose turn it is, the rules and
//! the problems met on the way.

use crate::records::{
    describe_rules, print_json, print_text, LineArgs, Problem, Record, RulesArgs,
};
use serde::Serialize;
use std::path::PathBuf;
use std::process::ExitCode;
use tengen::{Color, EndReason, Game, Phase};

/// Options of `tengen replay`.
#[derive(clap::Args)]
pub struct Args {
    /// The record file.
    pub file: PathBuf,
    /// Show the position after this move (0: the starting position; default: the end).
    #[arg(long = "move", value_name = "N")]
    pub move_number: Option<usize>,
    #[command(flatten)]
    pub line: LineArgs,
    #[command(flatten)]
    pub rules: RulesArgs,
    /// Print the position as JSON.
    #[arg(long)]
    pub json: bool,
}

/// The last move made, in both spellings.
#[derive(Serialize)]
struct LastMove {
    number: usize,
    color: char,
    gtp: String,
    sgf: String,
}

/// The position shown.
#[derive(Serialize)]
struct View {
    file: String,
    game: usize,
    move_number: usize,
    moves_in_record: usize,
    last_move: Option<LastMove>,
    rules: String,
    ruleset_text: Option<String>,
    komi: String,
    size: String,
    /// Rows from the top, `X` black, `O` white, `.` empty.
    board: Vec<String>,
    captures_by_black: u32,
    captures_by_white: u32,
    to_move: char,
    /// Why the game is over, when it is.
    ended: Option<String>,
    problems: Vec<Problem>,
    #[serde(skip)]
    drawing: String,
}

pub fn run(args: Args) -> Result<ExitCode, String> {
    let record = Record::read(&args.file).map_err(|p| p.to_string())?;
    let tree = record.tree(args.line.game)?;
    let mut options = args.rules.read_options()?;
    options.variation = args.line.variation.clone();
    let whole = tengen_sgf::replay(tree, &options);
    options.max_moves = args.move_number;
    let upto = tengen_sgf::replay(tree, &options);
    let game = record.game_label(args.line.game);
    let mut problems: Vec<Problem> = record.parse_problems().collect();
    problems.extend(upto.problems.iter().map(|p| record.locate(game, p)));
    let ruleset_text = tree.root().and_then(|r| r.text("RU"));
    let view = view(
        &record,
        &args,
        &upto.game,
        whole.moves,
        ruleset_text,
        problems,
    );
    if args.json {
        print_json(&view)?;
    } else {
        print_text(&text(&view, args.move_number))?;
    }
    Ok(ExitCode::SUCCESS)
}

fn view(
    record: &Record,
    args: &Args,
    game: &Game,
    total: usize,
    ruleset_text: Option<String>,
    problems: Vec<Problem>,
) -> View {
    let size = game.size();
    let last = game.moves().last();
    let last_move = last.map(|m| LastMove {
        number: game.move_number(),
        color: m.color.letter(),
        gtp: m.mv.to_gtp(size).unwrap_or_default(),
        sgf: m.mv.to_sgf().unwrap_or_default(),
    });
    View {
        file: record.path.clone(),
        game: args.line.game,
        move_number: game.move_number(),
        moves_in_record: total,
        last_move,
        rules: describe_rules(game.rules()),
        ruleset_text,
        komi: game.rules().komi.to_string(),
        size: size.to_string(),
        board: game.board().to_text().lines().map(String::from).collect(),
        captures_by_black: game.prisoners(Color::Black),
        captures_by_white: game.prisoners(Color::White),
        to_move: game.to_move().letter(),
        ended: ended(game),
        problems,
        drawing: game
            .board()
            .to_text_with_coordinates(last.and_then(|m| m.mv.point())),
    }
}

/// Why the game is over, in words; `None` while it goes on.
fn ended(game: &Game) -> Option<String> {
    match game.phase() {
        Phase::Playing => None,
        Phase::Ended(EndReason::Passes) if game.needs_settlement() => {
            Some("ended by passes: the dead stones are to be agreed".into())
        }
        Phase::Ended(EndReason::Passes) => Some("ended by passes".into()),
        Phase::Ended(EndReason::LongCycle { occurrences, .. }) => Some(format!(
            "ended by a long cycle: the same situation after moves {}, {} and {}",
            occurrences[0], occurrences[1], occurrences[2]
        )),
        Phase::Ended(EndReason::Resignation { loser }) => Some(format!("ended: {loser} resigned")),
        Phase::Ended(EndReason::Time { loser }) => Some(format!("ended: {loser} lost on time")),
        Phase::Ended(EndReason::Forfeit { loser }) => Some(format!("ended: {loser} forfeited")),
    }
}

/// The position for people.
fn text(v: &View, asked: Option<usize>) -> String {
    let game = if v.game > 1 {
        format!(", game {}", v.game)
    } else {
        String::new()
    };
    let last = match &v.last_move {
        Some(m) if m.sgf.is_empty() => format!(" ({} passed)", m.color),
        Some(m) => format!(" ({} {}, marked)", m.color, m.gtp),
        None => String::new(),
    };
    let mut out = format!(
        "{}{game}: after move {} of {}{last}\n",
        v.file, v.move_number, v.moves_in_record
    );
    if asked.is_some_and(|n| n > v.moves_in_record) {
        out.push_str(&format!(
            "(the record has only {} moves: this is its end)\n",
            v.moves_in_record
        ));
    }
    let ru = v
        .ruleset_text
        .as_ref()
        .map_or(String::from(", no RU"), |t| format!(" (RU[{t}])"));
    out.push_str(&format!(
        "rules: {}{ru}, komi {}, board {}\n\n",
        v.rules, v.komi, v.size
    ));
    out.push_str(&v.drawing);
    out.push('\n');
    out.push_str(&format!(
        "captures: Black {}, White {}\n",
        v.captures_by_black, v.captures_by_white
    ));
    let to_move = if v.to_move == 'B' { "Black" } else { "White" };
    match &v.ended {
        Some(why) => out.push_str(&format!("the game has {why}; next would be {to_move}\n")),
        None => out.push_str(&format!("to move: {to_move}\n")),
    }
    if v.problems.is_empty() {
        out.push_str("problems so far: none\n");
    } else {
        out.push_str(&format!("problems so far: {}\n", v.problems.len()));
        for p in &v.problems {
            out.push_str(&format!("  {p}\n"));
        }
    }
    out
}
