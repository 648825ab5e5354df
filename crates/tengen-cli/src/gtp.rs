//! `tengen gtp`: a GTP v2 engine on standard input and output.

/// Options of `tengen gtp`.
#[derive(clap::Args)]
pub struct Args {
    /// The ruleset to start with (any name `tengen rules` lists).
    #[arg(long, default_value = "tromp-taylor")]
    pub rules: String,
    /// Seed for `genmove`'s random moves, for reproducible games (default: from the clock).
    #[arg(long)]
    pub seed: Option<u64>,
}

pub fn run(args: Args) -> Result<(), String> {
    let rules = tengen::Rules::named(&args.rules).map_err(|e| e.to_string())?;
    let mut engine = tengen_gtp::Engine::new(rules, args.seed);
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    tengen_gtp::run(stdin.lock(), stdout.lock(), &mut engine)
        .map_err(|e| format!("GTP input or output failed: {e}"))
}
