//! `tengen`: the command line of the tengen Go rules engine. One subcommand per job.
#![forbid(unsafe_code)]

use clap::{Parser, Subcommand};
use std::process::ExitCode;

mod bench;
mod bench_records;
mod check;
mod compare;
mod gtp;
mod loadtest;
mod match_cmd;
mod records;
mod replay;
mod rules;
mod score;
mod serve;

#[derive(Parser)]
#[command(
    name = "tengen",
    version,
    about = "The rules of Go, exactly: every ruleset, a GTP engine, game records, benchmarks"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Run a GTP v2 engine on standard input and output.
    Gtp(gtp::Args),
    /// List the named rulesets, or show one in full.
    Rules(rules::Args),
    /// Measure the speed of the rules engine (light random playouts).
    Bench(bench::Args),
    /// Read and replay every record under the paths; list the problems.
    ///
    /// The main line of every game is replayed under the record's rules (variations are
    /// parsed but not replayed). Exit status 1 if any problem is an error (unreadable
    /// file, parse error, illegal move); warnings alone leave it 0.
    Check(check::Args),
    /// Show the board of a record after a move, with captures and whose turn it is.
    Replay(replay::Args),
    /// Score the final position of a record, and compare with its RE.
    Score(score::Args),
    /// Replay and score a record under every named ruleset, one row each.
    Compare(compare::Args),
    /// Referee a match between two GTP engines: rules, clock, dead stones, SGF records.
    Match(match_cmd::Args),
    /// Serve games in the browser and over HTTP/WebSocket (SQLite or PostgreSQL).
    Serve(serve::Args),
    /// Play many simulated games against a server over WebSocket; report the move
    /// latency (p50/p99), the throughput and the memory.
    Loadtest(loadtest::Args),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let done = |r: Result<(), String>| r.map(|()| ExitCode::SUCCESS);
    let result = match cli.command {
        Command::Gtp(a) => done(gtp::run(a)),
        Command::Rules(a) => done(rules::run(a)),
        Command::Bench(a) => done(bench::run(a)),
        Command::Check(a) => check::run(a),
        Command::Replay(a) => replay::run(a),
        Command::Score(a) => score::run(a),
        Command::Compare(a) => compare::run(a),
        Command::Match(a) => done(match_cmd::run(a)),
        Command::Serve(a) => done(serve::run(a)),
        Command::Loadtest(a) => done(loadtest::run(a)),
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            eprintln!("tengen: {e}");
            ExitCode::FAILURE
        }
    }
}
