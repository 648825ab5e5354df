//! `tengen`: the command line of the tengen Go rules engine. One subcommand per job.

use clap::{Parser, Subcommand};
use std::process::ExitCode;

mod bench;
mod gtp;
mod rules;

#[derive(Parser)]
#[command(
    name = "tengen",
    version,
    about = "The rules of Go, exactly: every ruleset, a GTP engine, benchmarks"
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
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Gtp(a) => gtp::run(a),
        Command::Rules(a) => rules::run(a),
        Command::Bench(a) => bench::run(a),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("tengen: {e}");
            ExitCode::FAILURE
        }
    }
}
