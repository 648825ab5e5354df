//! `tengen gtp`: a GTP v2 engine on standard input and output.

/// Options of `tengen gtp`.
#[derive(clap::Args)]
pub struct Args {
    /// The ruleset to start with (any name `tengen rules` lists).
    #[arg(long, default_value = "tromp-taylor")]
    pub rules: String,
    /// Seed for `genmove`'s random numbers, for reproducible games (default: from the clock).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Who chooses `genmove`'s moves: `mcts` (Monte-Carlo tree search) or `random`.
    #[arg(long, default_value = "mcts")]
    pub player: String,
    /// Playouts per move for the Monte-Carlo player (default: think for the time the clock
    /// allows, one second without a time limit).
    #[arg(long)]
    pub playouts: Option<u32>,
    /// The Monte-Carlo player resigns below this win rate (0 never resigns).
    #[arg(long, default_value_t = 0.05)]
    pub resign_below: f32,
}

pub fn run(args: Args) -> Result<(), String> {
    let rules = tengen::Rules::named(&args.rules).map_err(|e| e.to_string())?;
    let player = match args.player.as_str() {
        "random" => tengen_gtp::Player::Random,
        "mcts" => tengen_gtp::Player::MonteCarlo {
            playouts: args.playouts,
            resign_below: args.resign_below,
        },
        other => return Err(format!("unknown player {other:?} (mcts, random)")),
    };
    let mut engine = tengen_gtp::Engine::new(rules, args.seed).with_player(player);
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    tengen_gtp::run(stdin.lock(), stdout.lock(), &mut engine)
        .map_err(|e| format!("GTP input or output failed: {e}"))
}
