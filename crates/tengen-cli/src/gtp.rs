//! `tengen gtp`: a GTP v2 engine on standard input and output.

/// Options of `tengen gtp`.
#[derive(clap::Args)]
pub struct Args {
    /// The ruleset to start with (any name `tengen rules` lists).
    #[arg(long, default_value = "tromp-taylor")]
    pub rules: String,
}

pub fn run(_args: Args) -> Result<(), String> {
    Err("the GTP engine is not built yet".into())
}
