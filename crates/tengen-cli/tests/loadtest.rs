//! End to end: `tengen loadtest` starts its own server (a temporary SQLite file), plays
//! games over WebSocket on loopback and reports real figures.
#![cfg(target_os = "linux")]

use serde_json::Value;
use std::process::Command;

const TENGEN: &str = env!("CARGO_BIN_EXE_tengen");

fn loadtest(extra: &[&str]) -> Value {
    let out = Command::new(TENGEN)
        .args(["loadtest", "--games", "20", "--interval", "200ms"])
        .args(["--duration", "3s", "--timeout", "5s", "--json"])
        .args(extra)
        .output()
        .expect("tengen runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "loadtest failed: {stderr}");
    let stdout = String::from_utf8_lossy(&out.stdout);
    serde_json::from_str(stdout.trim())
        .unwrap_or_else(|e| panic!("not one JSON object ({e}): {stdout}\n{stderr}"))
}

fn f(v: &Value) -> f64 {
    v.as_f64().unwrap_or_else(|| panic!("not a number: {v}"))
}

#[test]
fn twenty_games_on_sqlite() {
    let r = loadtest(&[]);
    assert_eq!(r["games"], 20, "{r}");
    assert_eq!(r["setup_failures"], 0, "{r}");
    // 20 games, a move every 200 ms for 3 s: about 300 moves; allow a slow machine.
    let moves = r["moves"].as_u64().unwrap();
    assert!((100..=320).contains(&moves), "{r}");
    assert!(f(&r["moves_per_second"]) > 30.0, "{r}");
    assert_eq!(r["errors"]["total"], 0, "{r}");
    let lat = &r["latency_ms"];
    let (p50, p90, p99, max) = (
        f(&lat["p50"]),
        f(&lat["p90"]),
        f(&lat["p99"]),
        f(&lat["max"]),
    );
    assert!(p50 > 0.0 && p50 <= p90 && p90 <= p99 && p99 <= max, "{r}");
    let server = &r["server_memory"];
    assert!(server["peak_kib"].as_u64().unwrap() >= server["rss_kib"].as_u64().unwrap());
    assert!(server["rss_kib"].as_u64().unwrap() > 1024, "{r}");
    assert!(
        r["loadtest_memory"]["peak_kib"].as_u64().unwrap() > 1024,
        "{r}"
    );
    // Nothing was long enough to be replaced.
    assert_eq!(r["games_replaced"], 0, "{r}");
    assert_eq!(r["games_created"], 20, "{r}");
}

#[test]
fn finished_games_are_replaced() {
    // Each game resigns after 4 moves and a fresh one takes its place.
    let r = loadtest(&["--moves-per-game", "4"]);
    assert_eq!(r["errors"]["total"], 0, "{r}");
    assert!(r["games_replaced"].as_u64().unwrap() >= 20, "{r}");
    assert_eq!(
        r["games_created"].as_u64().unwrap(),
        20 + r["games_replaced"].as_u64().unwrap(),
        "{r}"
    );
    assert_eq!(r["games_lost"], 0, "{r}");
    assert!(r["moves"].as_u64().unwrap() >= 80, "{r}");
}

#[test]
fn only_loopback_servers_are_tested() {
    let out = Command::new(TENGEN)
        .args(["loadtest", "--url", "http://192.0.2.1:8080", "--games", "1"])
        .output()
        .expect("tengen runs");
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("loopback"));
}
