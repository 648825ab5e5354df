//! `tengen rules [NAME]`: the named rulesets as a table, or one in full.

/// Options of `tengen rules`.
#[derive(clap::Args)]
pub struct Args {
    /// Show this ruleset in full (any spelling, e.g. `japanese`, `GOE`, `NZ`).
    pub name: Option<String>,
}

pub fn run(_args: Args) -> Result<(), String> {
    Err("not built yet".into())
}
