//! The counters every game of the run adds to.

use super::latency::Latencies;
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::Duration;

/// What every game task adds to.
pub struct Stats {
    /// Move latencies: the whole run's, and the current progress window's.
    latency: Mutex<(Latencies, Latencies)>,
    /// Moves the server accepted.
    pub moves: AtomicU64,
    /// Moves the server refused as illegal.
    pub refusals: AtomicU64,
    /// Actions without an answer in time.
    pub timeouts: AtomicU64,
    /// Sockets that closed under an action.
    pub disconnects: AtomicU64,
    /// Moves sent later than their schedule.
    pub late: AtomicU64,
    /// Games created, setup included.
    pub games_created: AtomicU64,
    /// Games that took the place of an ended one.
    pub games_replaced: AtomicU64,
    /// Game slots given up (no socket, no replacement).
    pub games_lost: AtomicU64,
    /// Games whose setup failed.
    pub setup_failures: AtomicU64,
    /// Refusals other than illegal moves, and failed requests, by code.
    other: Mutex<BTreeMap<String, u64>>,
}

impl Stats {
    /// All counters at zero.
    pub fn new() -> Stats {
        Stats {
            latency: Mutex::new((Latencies::new(), Latencies::new())),
            moves: AtomicU64::new(0),
            refusals: AtomicU64::new(0),
            timeouts: AtomicU64::new(0),
            disconnects: AtomicU64::new(0),
            late: AtomicU64::new(0),
            games_created: AtomicU64::new(0),
            games_replaced: AtomicU64::new(0),
            games_lost: AtomicU64::new(0),
            setup_failures: AtomicU64::new(0),
            other: Mutex::new(BTreeMap::new()),
        }
    }

    /// A move was accepted after `latency`.
    pub fn move_done(&self, latency: Duration) {
        if let Ok(mut h) = self.latency.lock() {
            h.0.record(latency);
            h.1.record(latency);
        }
        self.moves.fetch_add(1, Ordering::Relaxed);
    }

    /// Counts an error of another kind, by its code.
    pub fn error(&self, code: &str) {
        if let Ok(mut m) = self.other.lock() {
            *m.entry(code.to_string()).or_insert(0) += 1;
        }
    }

    /// The errors of other kinds, by code.
    pub fn other(&self) -> BTreeMap<String, u64> {
        self.other.lock().map(|m| m.clone()).unwrap_or_default()
    }

    fn other_errors(&self) -> u64 {
        self.other.lock().map_or(0, |m| m.values().sum())
    }

    /// Every error: timeouts, disconnects and the others.
    pub fn errors(&self) -> u64 {
        self.timeouts.load(Ordering::Relaxed)
            + self.disconnects.load(Ordering::Relaxed)
            + self.other_errors()
    }

    /// The latencies of the whole run, and the ones since the last call (then reset).
    pub fn take_window(&self) -> (Latencies, Latencies) {
        match self.latency.lock() {
            Ok(mut h) => {
                let window = std::mem::replace(&mut h.1, Latencies::new());
                (h.0.clone(), window)
            }
            Err(_) => (Latencies::new(), Latencies::new()),
        }
    }
}
