//! The dead-stone estimator on the played-out set (`scripts/played_out_set.py`; see
//! `tests/common/played_out.rs`), beside GNU Go's `final_status_list dead` on the same
//! positions: per-stone status, positions with every stone right, and exact results under
//! area counting (the truth is the count after the cleanup) and territory counting (the
//! Japanese count of the kept position with the captured stones taken off). `-v` lists
//! the positions that tengen or GNU Go gets wrong in any of these, with both answers.
//!
//! `--truth VERDICTS` (made by `scripts/played_out_truth.py`) also gives both tools' figures
//! without the records whose truth that file calls ambiguous (a level-10 cleanup started
//! by either colour captures other stones than the stored one).
//!
//! cargo run --release -p tengen-player --example played_out_eval -- [--half tune|eval] [--seed S] [--truth VERDICTS] [-v] [FILE]
#![forbid(unsafe_code)]

#[macro_use]
#[path = "common/out.rs"]
mod out;

#[path = "../tests/common/played_out.rs"]
mod played_out;

use played_out::Totals;
use std::collections::BTreeMap;
use tengen_player::estimate::{estimate, EstimateOptions};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let flag = |name: &str| {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1))
            .cloned()
    };
    let half = flag("--half");
    let seed: Option<u64> = flag("--seed").and_then(|s| s.parse().ok());
    let verbose = args.iter().any(|a| a == "-v");
    let file = args
        .iter()
        .enumerate()
        .find(|(i, a)| !a.starts_with('-') && (*i == 0 || !args[i - 1].starts_with("--")))
        .map_or(played_out::SET.to_string(), |(_, a)| a.clone());
    let ambiguous = match flag("--truth").map(|t| played_out::ambiguous_records(&t, &file)) {
        Some(Ok(list)) => list,
        Some(Err(e)) => {
            eprintln!("{e}");
            std::process::exit(1);
        }
        None => Vec::new(),
    };
    let records = match played_out::read(&file) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(1);
        }
    };
    // Per board size (0: all), for tengen and for GNU Go.
    let mut ours: BTreeMap<u8, Totals> = BTreeMap::new();
    let mut gnugo: BTreeMap<u8, Totals> = BTreeMap::new();
    // The same without the records whose truth is ambiguous.
    let mut clear = [Totals::default(), Totals::default()];
    let start = std::time::Instant::now();
    for r in &records {
        match half.as_deref() {
            Some("tune") if !r.tuning() => continue,
            Some("eval") if r.tuning() => continue,
            _ => {}
        }
        let base = EstimateOptions::for_game(&r.game);
        let e = estimate(
            r.game.board(),
            EstimateOptions {
                seed: seed.unwrap_or(base.seed),
                ..base
            },
        );
        let v = r.judge_estimate(&e);
        let g = r.judge(&r.gnugo_dead, &[]);
        for size in [0, r.size()] {
            ours.entry(size).or_default().add(v);
            gnugo.entry(size).or_default().add(g);
        }
        if !ambiguous.contains(&r.index) {
            clear[0].add(v);
            clear[1].add(g);
        }
        if verbose
            && (v.stones_right < v.stones
                || !v.area_exact
                || !v.territory_exact
                || g.stones_right < g.stones
                || !g.area_exact
                || !g.territory_exact)
        {
            let (ours_area, ours_territory) = r.estimate_counts(&e);
            let size = r.game.board().size();
            let list = |d: &[tengen::Point]| {
                let mut v: Vec<String> = d.iter().filter_map(|p| p.to_gtp(size)).collect();
                v.sort();
                v.join(" ")
            };
            out!(
                "played-out {} ({}x{}): area {} territory {} (ours: area {} territory {}; gnugo area exact {} territory exact {} stones wrong {})\n  truth dead: {}\n  ours:       {}",
                r.index,
                r.size(),
                r.size(),
                r.area,
                r.territory(),
                ours_area,
                ours_territory,
                g.area_exact,
                g.territory_exact,
                g.stones - g.stones_right,
                list(&r.dead),
                list(&e.dead),
            );
        }
    }
    for (size, t) in &ours {
        let name = if *size == 0 {
            "all".to_string()
        } else {
            format!("{size}x{size}")
        };
        out!("{name:>5} tengen: {}", t.line());
        out!("{name:>5} GNU Go: {}", gnugo[size].line());
    }
    if flag("--truth").is_some() {
        let left_out: Vec<String> = ambiguous.iter().map(|n| n.to_string()).collect();
        out!(
            "clear tengen: {}\nclear GNU Go: {}\n  (left out, their truth ambiguous: {})",
            clear[0].line(),
            clear[1].line(),
            if left_out.is_empty() {
                "none".to_string()
            } else {
                left_out.join(" ")
            }
        );
    }
    let n = ours.get(&0).map_or(0, |t| t.positions);
    out!(
        "{:.1} ms a position",
        1000.0 * start.elapsed().as_secs_f64() / n.max(1) as f64
    );
}
