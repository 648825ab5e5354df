//! The dead-stone estimator on positions no real game reaches, to find its slowest cases
//! (the server and GTP `final_score` run it on whatever position two players leave):
//! boards of 9x9, 13x13, 19x19 and 25x25 (the largest the server allows) filled with
//! random legal plays, from a third of the points to more plays than points (captures
//! make room), so that they hold many small chains short of liberties, races and shut-in
//! groups. Prints the slowest positions, the mean, and the slowest board.
//!
//! `--ended` reads them as games ended by their passes, as the server's proposal of dead
//! stones does (more is read then: bigger shut-in groups, groups hemmed in by dead stones).
//!
//! cargo run --release -p tengen-player --example estimate_stress -- [COUNT] [--only K] [--ended]
#![forbid(unsafe_code)]

#[macro_use]
#[path = "common/out.rs"]
mod out;

#[path = "../tests/common/mod.rs"]
mod common;

use std::time::Instant;
use tengen::rng::Rng;
use tengen_player::estimate::{estimate, EstimateOptions};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let count: usize = args.first().and_then(|s| s.parse().ok()).unwrap_or(150);
    // `--only K`: estimate position K alone (for a profiler).
    let only: Option<usize> = args
        .iter()
        .position(|a| a == "--only")
        .and_then(|i| args.get(i + 1))
        .and_then(|s| s.parse().ok());
    let options = EstimateOptions {
        ended: args.iter().any(|a| a == "--ended"),
        ..EstimateOptions::default()
    };
    let mut rng = Rng::new(7);
    let mut timed = Vec::new();
    for k in 0..count {
        let n = [9u8, 13, 19, 25][k % 4];
        let fill = [0.3, 0.5, 0.7, 0.9, 1.2][k % 5];
        let plays = (f64::from(n) * f64::from(n) * fill) as usize;
        let b = common::random_position(&mut rng, n, n, plays);
        if only.is_some_and(|o| o != k) {
            continue;
        }
        let start = Instant::now();
        let e = estimate(&b, options);
        let ms = start.elapsed().as_secs_f64() * 1000.0;
        timed.push((ms, k, n, plays, e.dead.len(), b));
    }
    timed.sort_by(|a, b| b.0.total_cmp(&a.0));
    for (ms, k, n, plays, dead, _) in timed.iter().take(10) {
        out!("{ms:.1} ms: position {k}, {n}x{n}, {plays} plays, {dead} stones called dead");
    }
    let total: f64 = timed.iter().map(|t| t.0).sum();
    out!(
        "{} positions: mean {:.1} ms",
        timed.len(),
        total / timed.len().max(1) as f64
    );
    if let Some((_, k, ..)) = timed.first() {
        out!("the slowest, position {k}:\n{}", timed[0].5);
    }
}
