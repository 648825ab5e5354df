//! `tengen match`: a referee for matches between GTP engines (docs/rules.md §4, §5.1, §7).
//!
//! The referee starts both engines, tells them the board, rules, komi, handicap and clock,
//! and relays moves, keeping its own game as the authority: an illegal move forfeits the
//! game (`B+F`/`W+F`, with the rule that refuses it), `resign` ends it (`B+R`/`W+R`), a
//! player who overruns its clock loses (`B+T`/`W+T`), and the ruleset ends the game. Dead
//! stones are settled by asking both engines and, when they differ, by the ruleset's
//! dispute procedure ([`settle`]). An engine that crashes or stops answering loses the game
//! and is started again for the next one.

mod player;
mod record;
mod referee;
mod report;
mod settle;
mod setup;
mod split;

use player::Player;
use referee::Referee;
use report::Report;
use std::path::PathBuf;
use std::time::Duration;
use tengen::clock::TimeControl;
use tengen::rules::{Komi, RulesetName};
use tengen::{Game, Rules, Size};
use tengen_sgf::time_spec::TimeSpec;

/// Options of `tengen match`.
#[derive(clap::Args)]
pub struct Args {
    /// The engine playing Black in the first game: a command line, split as a shell would
    /// (quotes and backslashes, no expansion), e.g. "gnugo --mode gtp --level 1".
    #[arg(long, value_name = "CMD")]
    pub black: String,
    /// The engine playing White in the first game.
    #[arg(long, value_name = "CMD")]
    pub white: String,
    /// Number of games.
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub games: usize,
    /// Board size.
    #[arg(long, value_name = "S", default_value_t = 19)]
    pub size: u8,
    /// The ruleset (any name `tengen rules` lists).
    #[arg(long, value_name = "NAME", default_value = "chinese")]
    pub rules: String,
    /// Komi (default: the ruleset's).
    #[arg(long, value_name = "K", allow_hyphen_values = true)]
    pub komi: Option<f64>,
    /// Handicap stones, placed on GTP's fixed points (sent with `fixed_handicap` under fixed
    /// placement, `set_free_handicap` under free placement).
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub handicap: u8,
    /// The clock: none, absolute:1800, byoyomi:600+5x30, canadian:600+25/300,
    /// fischer:300+10, fischer:300+10max600 (seconds, or with a unit: 10m, 1.5h).
    #[arg(long, value_name = "SPEC", default_value = "none")]
    pub time: TimeSpec,
    /// Swap colours after every game.
    #[arg(long)]
    pub alternate: bool,
    /// Write one SGF record per game into this folder (made if missing).
    #[arg(long, value_name = "DIR")]
    pub sgf_dir: Option<PathBuf>,
    /// Print the results as JSON instead of a table.
    #[arg(long)]
    pub json: bool,
    /// Seed sent with `set_random_seed` (plus the game number) to engines that know it.
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,
    /// Seconds an engine may take for a move when there is no clock.
    #[arg(long, value_name = "SECS", default_value = "60", value_parser = seconds)]
    pub move_timeout: Duration,
    /// Seconds beyond its clock's time before a silent engine loses.
    #[arg(long, value_name = "SECS", default_value = "1", value_parser = seconds)]
    pub grace: Duration,
    /// Moves after which a game stops without result (default: 4 per point, plus 100).
    #[arg(long, value_name = "N")]
    pub max_moves: Option<usize>,
}

/// What every game of the match is played with.
pub struct Config {
    pub size: Size,
    /// The rules, komi included.
    pub rules: Rules,
    /// Their name, for the engines' rules commands.
    pub ruleset: RulesetName,
    pub handicap: u8,
    pub time: TimeControl,
    pub move_timeout: Duration,
    pub grace: Duration,
    /// How long an engine may take to answer any command but a move.
    pub command_timeout: Duration,
    pub max_moves: usize,
    pub seed: Option<u64>,
}

/// Runs the match and prints the results.
pub fn run(args: Args) -> Result<(), String> {
    let cfg = config(&args)?;
    if let Some(dir) = &args.sgf_dir {
        std::fs::create_dir_all(dir).map_err(|e| format!("cannot make {}: {e}", dir.display()))?;
    }
    let mut players = start_players(&args, &cfg)?;
    let mut report = Report::new(
        settings(&args, &cfg),
        [0, 1].map(|k| (players[k].name.as_str(), players[k].command.as_str())),
    );
    for number in 1..=args.games {
        let slots = if args.alternate && number % 2 == 0 {
            [1, 0]
        } else {
            [0, 1]
        };
        play_game(&args, &cfg, &mut players, slots, number, &mut report)?;
    }
    for p in &mut players {
        p.quit();
    }
    report.finish([players[0].restarts, players[1].restarts]);
    if args.json {
        let json = serde_json::to_string_pretty(&report).map_err(|e| e.to_string())?;
        println!("{json}");
    } else {
        println!("{}", report.table());
    }
    Ok(())
}

/// Plays game `number` with engine `slots[0]` as Black, records and reports it.
fn play_game(
    args: &Args,
    cfg: &Config,
    players: &mut [Player; 2],
    slots: [usize; 2],
    number: usize,
    report: &mut Report,
) -> Result<(), String> {
    let [first, second] = players;
    let (black, white) = if slots[0] == 0 {
        (first, second)
    } else {
        (second, first)
    };
    let names = [black.name.clone(), white.name.clone()];
    let outcome = Referee::new(cfg, black, white).run(number);
    let sgf = match &args.sgf_dir {
        Some(dir) => {
            let names = [names[0].as_str(), names[1].as_str()];
            Some(
                record::write(dir, number, &outcome, names, cfg)?
                    .display()
                    .to_string(),
            )
        }
        None => None,
    };
    let mut line = format!(
        "game {number}/{}: {} (B) vs {} (W): {} in {} moves",
        args.games,
        names[0],
        names[1],
        outcome.result,
        outcome.game.move_number()
    );
    if outcome.loss.is_some() || outcome.result == tengen::GameResult::Void {
        line.push_str(&format!(" ({})", outcome.how));
    }
    eprintln!("{line}");
    report.add(number, slots, &outcome, sgf);
    Ok(())
}

/// Starts both engines; engines with the same name get `-1` and `-2` after it.
fn start_players(args: &Args, cfg: &Config) -> Result<[Player; 2], String> {
    let start = |cmd: &str| {
        Player::start(cmd, cfg.command_timeout).map_err(|e| format!("engine {cmd:?}: {e}"))
    };
    let mut players = [start(&args.black)?, start(&args.white)?];
    if players[0].name == players[1].name {
        for (k, p) in players.iter_mut().enumerate() {
            p.name = format!("{}-{}", p.name, k + 1);
        }
    }
    Ok(players)
}

/// The match settings from the command line, checked.
fn config(args: &Args) -> Result<Config, String> {
    let size = Size::new(args.size, args.size)
        .filter(|_| (1..=25).contains(&args.size))
        .ok_or_else(|| format!("board size {} is not from 1 to 25", args.size))?;
    let ruleset: RulesetName = args.rules.parse().map_err(|e| format!("{e}"))?;
    let mut rules = ruleset.rules();
    if let Some(k) = args.komi {
        rules.komi = Komi::try_from(k).map_err(|e| e.to_string())?;
    }
    if args.handicap >= 2 {
        Game::new(size, rules.clone())
            .set_fixed_handicap(args.handicap)
            .map_err(|e| format!("handicap {}: {e}", args.handicap))?;
    }
    Ok(Config {
        size,
        rules,
        ruleset,
        handicap: args.handicap,
        time: args.time.0,
        move_timeout: args.move_timeout,
        grace: args.grace,
        command_timeout: args.move_timeout.max(Duration::from_secs(10)),
        max_moves: args.max_moves.unwrap_or(4 * size.points() + 100),
        seed: args.seed,
    })
}

/// The settings line of the report.
fn settings(args: &Args, cfg: &Config) -> String {
    let handicap = match cfg.handicap {
        n if n >= 2 => format!(", handicap {n}"),
        _ => String::new(),
    };
    format!(
        "tengen match: {} games, {}x{}, {} rules, komi {}{handicap}, time {}{}",
        args.games,
        cfg.size.width(),
        cfg.size.height(),
        cfg.ruleset,
        cfg.rules.komi,
        TimeSpec(cfg.time),
        if args.alternate {
            ", colours alternate"
        } else {
            ""
        }
    )
}

/// A number of seconds (decimals allowed).
fn seconds(s: &str) -> Result<Duration, String> {
    tengen_sgf::time::seconds_from_str(s).ok_or_else(|| format!("{s:?} is not a number of seconds"))
}
