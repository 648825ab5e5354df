//! The run's report: one JSON object (printed as is with `--json`) and its text form.

use super::latency::ms;
use super::server::memory;
use super::stats::Stats;
use serde_json::{json, Value};
use std::sync::atomic::Ordering;

/// What the run measured besides the shared counters.
pub struct Run<'a> {
    /// `http://127.0.0.1:PORT`.
    pub url: &'a str,
    /// The database, as the report names it.
    pub database: &'a str,
    /// Games set up and played at once.
    pub games: usize,
    /// Games asked for (`--games`).
    pub games_requested: usize,
    /// Games created by the setup.
    pub setup_games_created: u64,
    /// How long the setup took.
    pub setup_seconds: f64,
    /// Milliseconds between two moves of a game.
    pub interval_ms: u64,
    /// How long the games played.
    pub play_seconds: f64,
    /// The server's process id, when the run started it.
    pub server_pid: Option<&'a str>,
    /// The server's CPU use during the play, in percent of a core.
    pub server_cpu_percent: Option<f64>,
    /// The load tool's own CPU use during the play.
    pub own_cpu_percent: Option<f64>,
}

/// Rounds to `decimals` decimals.
fn round(x: f64, decimals: i32) -> f64 {
    let scale = 10f64.powi(decimals);
    (x * scale).round() / scale
}

/// Peak and current memory as JSON (null when not known).
fn memory_json(m: Option<(u64, u64)>) -> Value {
    m.map_or(
        Value::Null,
        |(hwm, rss)| json!({"peak_kib": hwm, "rss_kib": rss}),
    )
}

/// The report of `run` with the counters of `s`.
pub fn json(run: &Run, s: &Stats) -> Value {
    let (all, _) = s.take_window();
    let moves = s.moves.load(Ordering::Relaxed);
    json!({
        "url": run.url,
        "database": run.database,
        "games": run.games,
        "games_requested": run.games_requested,
        "games_created": s.games_created.load(Ordering::Relaxed),
        "games_replaced": s.games_replaced.load(Ordering::Relaxed),
        "games_lost": s.games_lost.load(Ordering::Relaxed),
        "setup_failures": s.setup_failures.load(Ordering::Relaxed),
        "setup_games_created": run.setup_games_created,
        "setup_seconds": round(run.setup_seconds, 2),
        "interval_ms": run.interval_ms,
        "duration_seconds": round(run.play_seconds, 2),
        "moves": moves,
        "moves_per_second": round(moves as f64 / run.play_seconds, 1),
        "latency_ms": {
            "p50": ms(all.quantile(0.5)),
            "p90": ms(all.quantile(0.9)),
            "p99": ms(all.quantile(0.99)),
            "p999": ms(all.quantile(0.999)),
            "max": ms(all.max()),
            "mean": all.mean().map(|m| round(m / 1000.0, 2)),
        },
        "refusals": s.refusals.load(Ordering::Relaxed),
        "late_moves": s.late.load(Ordering::Relaxed),
        "errors": {
            "total": s.errors(),
            "timeouts": s.timeouts.load(Ordering::Relaxed),
            "disconnects": s.disconnects.load(Ordering::Relaxed),
            "other": s.other(),
        },
        "server_memory": memory_json(run.server_pid.and_then(memory)),
        "server_cpu_percent": run.server_cpu_percent,
        "loadtest_memory": memory_json(memory("self")),
        "loadtest_cpu_percent": run.own_cpu_percent,
    })
}

/// Prints the report as a few lines of text.
pub fn print(r: &Value) {
    let f = |v: &Value| v.as_f64().map_or("-".to_string(), |x| format!("{x}"));
    let lat = &r["latency_ms"];
    let mem = |m: &Value| {
        if m.is_null() {
            "not known".to_string()
        } else {
            format!(
                "peak {:.1} MiB, now {:.1} MiB",
                m["peak_kib"].as_f64().unwrap_or(0.0) / 1024.0,
                m["rss_kib"].as_f64().unwrap_or(0.0) / 1024.0
            )
        }
    };
    let cpu = |c: &Value| {
        c.as_f64()
            .map_or(String::new(), |c| format!(", CPU {c}% of a core"))
    };
    println!(
        "tengen loadtest: {} on {}",
        r["database"].as_str().unwrap_or("?"),
        r["url"].as_str().unwrap_or("?")
    );
    println!(
        "games:    {} at once ({} requested), set up in {} s; {} created in all, {} replaced, {} lost, {} setup failures",
        r["games"], r["games_requested"], f(&r["setup_seconds"]), r["games_created"],
        r["games_replaced"], r["games_lost"], r["setup_failures"]
    );
    println!(
        "moves:    {} in {} s = {} moves/s (one per game every {} ms); {} refused as illegal, {} late",
        r["moves"], f(&r["duration_seconds"]), f(&r["moves_per_second"]), r["interval_ms"],
        r["refusals"], r["late_moves"]
    );
    println!(
        "latency:  p50 {} ms, p90 {} ms, p99 {} ms, p99.9 {} ms, max {} ms, mean {} ms",
        f(&lat["p50"]),
        f(&lat["p90"]),
        f(&lat["p99"]),
        f(&lat["p999"]),
        f(&lat["max"]),
        f(&lat["mean"])
    );
    let e = &r["errors"];
    println!(
        "errors:   {} (timeouts {}, disconnects {}, other {})",
        e["total"], e["timeouts"], e["disconnects"], e["other"]
    );
    println!(
        "server:   memory {}{}",
        mem(&r["server_memory"]),
        cpu(&r["server_cpu_percent"])
    );
    println!(
        "loadtest: memory {}{}",
        mem(&r["loadtest_memory"]),
        cpu(&r["loadtest_cpu_percent"])
    );
}
