//! `tengen bench`: light random playouts per second.

/// Options of `tengen bench`.
#[derive(clap::Args)]
pub struct Args {}

pub fn run(_args: Args) -> Result<(), String> {
    Err("the benchmark is not built yet".into())
}
