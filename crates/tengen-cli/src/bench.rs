//! `tengen bench`: random playouts per second (see `tengen::playout`).
//!
//! Four figures, each measured for a fixed time from the empty board: light playouts
//! (simple ko) on 9x9 and 19x19, then the same with positional superko enforced exactly
//! ("psk"). One line each:
//!
//! ```text
//! light 9x9: 123456 playouts/s, 13.6 M moves/s
//! ```
//!
//! Rates are per second of wall-clock time. On a busy machine the benchmark thread does
//! not get a whole core; where Linux reports the time a thread spent on a CPU
//! (`/proc/thread-self/schedstat`), the share it got is measured too: a note on standard
//! error says when it was under 95%, and `--cpu-time` gives the rates per second on a CPU
//! instead.

use std::time::{Duration, Instant};
use tengen::{Board, Color, Size};
use tengen_player::playout::Playouts;

/// Options of `tengen bench`.
#[derive(clap::Args)]
pub struct Args {
    /// Seconds of measurement for each figure.
    #[arg(long, default_value_t = 3.0)]
    seconds: f64,
    /// Threads running playouts at once (each with its own board and generator); the
    /// figures are the totals over all threads.
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// Seed of the random generators (thread `k` uses `seed + k`).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Rates per second that the benchmark threads spent on a CPU rather than per second of
    /// wall-clock time (Linux only), for a machine busy with other work.
    #[arg(long)]
    cpu_time: bool,
    /// Print the figures as one JSON object instead of text lines.
    #[arg(long)]
    json: bool,
    /// Game records for the record-replay and scoring figures (files or folders; default
    /// Debian's goban-original-games at /usr/share/goban when it is there).
    #[arg(long)]
    records: Vec<std::path::PathBuf>,
    /// Threads for the record-replay figure (0: one per core).
    #[arg(long, default_value_t = 0)]
    record_threads: usize,
    /// Only these figures (comma-separated; all by default). `--only score --seconds
    /// 0.001` scores the 20 positions once, for counting instructions.
    #[arg(long, value_enum, value_delimiter = ',')]
    only: Vec<Part>,
}

/// The groups of figures `tengen bench` measures.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum Part {
    /// The light and superko playouts on 9x9 and 19x19.
    Playouts,
    /// Every record parsed and replayed, and those of 230-270 moves.
    Records,
    /// Scoring 19x19 positions with the dead-stone estimate.
    Score,
}

impl Args {
    /// Whether the figures of `part` are measured.
    fn wants(&self, part: Part) -> bool {
        self.only.is_empty() || self.only.contains(&part)
    }
}

/// One measured figure.
struct Figure {
    name: String,
    playouts: u64,
    moves: u64,
    /// Wall-clock seconds.
    seconds: f64,
    /// Seconds the benchmark threads spent on a CPU, summed, if the system says.
    cpu_seconds: Option<f64>,
}

impl Figure {
    /// The seconds to divide by: wall-clock, or CPU time when asked and known.
    fn divisor(&self, cpu_time: bool) -> f64 {
        match self.cpu_seconds {
            Some(cpu) if cpu_time && cpu > 0.0 => cpu,
            _ => self.seconds,
        }
    }

    /// The share of a core per thread that the benchmark got.
    fn cpu_share(&self, threads: usize) -> Option<f64> {
        self.cpu_seconds
            .map(|cpu| cpu / (self.seconds * threads as f64))
    }
}

/// Nanoseconds the calling thread has spent on a CPU (Linux `schedstat`), if known.
fn thread_cpu_ns() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    text.split_whitespace().next()?.parse().ok()
}

/// What one thread measured.
struct Count {
    playouts: u64,
    moves: u64,
    cpu_ns: Option<u64>,
}

/// Runs playouts of one kind on one thread for `time`.
fn measure_thread(psk: bool, n: u8, time: Duration, seed: u64) -> Count {
    let start = Board::new(Size::square(n).unwrap_or(Size::NINETEEN));
    let mut p = Playouts::new(seed);
    let (mut playouts, mut moves) = (0u64, 0u64);
    let cpu0 = thread_cpu_ns();
    let t0 = Instant::now();
    loop {
        for _ in 0..32 {
            let out = if psk {
                p.superko(&start, Color::Black)
            } else {
                p.light(&start, Color::Black)
            };
            playouts += 1;
            moves += out.plays as u64;
        }
        if t0.elapsed() >= time {
            let cpu_ns = cpu0.zip(thread_cpu_ns()).map(|(a, b)| b.saturating_sub(a));
            return Count {
                playouts,
                moves,
                cpu_ns,
            };
        }
    }
}

fn measure(args: &Args, psk: bool, n: u8) -> Figure {
    let time = Duration::from_secs_f64(args.seconds);
    let t0 = Instant::now();
    let counts: Vec<Count> = if args.threads <= 1 {
        vec![measure_thread(psk, n, time, args.seed)]
    } else {
        std::thread::scope(|s| {
            let handles: Vec<_> = (0..args.threads)
                .map(|k| {
                    s.spawn(move || measure_thread(psk, n, time, args.seed.wrapping_add(k as u64)))
                })
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().expect("a bench thread panicked"))
                .collect()
        })
    };
    let seconds = t0.elapsed().as_secs_f64();
    let kind = if psk { "psk" } else { "light" };
    Figure {
        name: format!("{kind} {n}x{n}"),
        playouts: counts.iter().map(|c| c.playouts).sum(),
        moves: counts.iter().map(|c| c.moves).sum(),
        seconds,
        cpu_seconds: counts
            .iter()
            .map(|c| c.cpu_ns)
            .sum::<Option<u64>>()
            .map(|ns| ns as f64 / 1e9),
    }
}

/// The record-replay and scoring figures, as text lines (or JSON members), when records
/// are at hand.
fn record_figures(args: &Args) -> Result<Vec<(String, String)>, String> {
    let mut paths = args.records.clone();
    if paths.is_empty() {
        let default = std::path::PathBuf::from("/usr/share/goban");
        if !default.is_dir() {
            eprintln!("note: no records (--records PATH, or apt-get install goban-original-games): record figures skipped");
            return Ok(Vec::new());
        }
        paths.push(default);
    }
    let mut out = Vec::new();
    if args.wants(Part::Records) {
        let r = crate::bench_records::run(&paths, args.seconds, args.record_threads, None)?;
        // The speed target is stated for 250-move games: the records of about that length.
        let long =
            crate::bench_records::run(&paths, args.seconds, args.record_threads, Some((230, 270)))
                .ok();
        out.push(records_line("records", &r));
        out.extend(long.map(|l| records_line("records of 230-270 moves", &l)));
    }
    // Records without a 19x19 game have no scoring figure.
    if args.wants(Part::Score) {
        if let Ok(s) = score_figure(args, &paths) {
            out.push(score_line(&s));
        }
    }
    Ok(out)
}

/// The scoring figure over the first 20 19x19 records, timed by the thread's CPU time
/// under `--cpu-time`, else by the wall clock.
fn score_figure(
    args: &Args,
    paths: &[std::path::PathBuf],
) -> Result<crate::bench_records::ScoreFigure, String> {
    if args.cpu_time {
        let cpu = || thread_cpu_ns().unwrap_or(0) as f64 / 1e9;
        crate::bench_records::score_speed(paths, 20, args.seconds, cpu)
    } else {
        let t0 = Instant::now();
        crate::bench_records::score_speed(paths, 20, args.seconds, || t0.elapsed().as_secs_f64())
    }
}

/// The scoring figure as a text line and a JSON member: the fastest pass first.
fn score_line(s: &crate::bench_records::ScoreFigure) -> (String, String) {
    (
        format!(
            "score 19x19: {:.1} ms a position (dead-stone estimate and count, one thread; \
             the fastest of {} passes over {} positions, mean {:.1} ms)",
            s.best, s.passes, s.positions, s.mean
        ),
        format!(
            "{{\"name\": \"score 19x19\", \"milliseconds\": {:.3}, \"mean_milliseconds\": {:.3}, \
             \"passes\": {}, \"positions\": {}}}",
            s.best, s.mean, s.passes, s.positions
        ),
    )
}

/// A record-replay figure as a text line and a JSON member.
fn records_line(name: &str, r: &crate::bench_records::RecordsFigure) -> (String, String) {
    let per_game = r.moves as f64 / r.games.max(1) as f64;
    (
        format!(
            "{name}: {:.0} games/s, {:.1} M moves/s ({per_game:.0} moves a game, {} files, {} threads)",
            r.games_per_second,
            r.moves_per_second / 1e6,
            r.files,
            r.threads
        ),
        format!(
            "{{\"name\": \"{name}\", \"games_per_second\": {:.1}, \"moves_per_second\": {:.1}, \"moves_per_game\": {per_game:.1}, \"files\": {}, \"threads\": {}}}",
            r.games_per_second, r.moves_per_second, r.files, r.threads
        ),
    )
}

pub fn run(args: Args) -> Result<(), String> {
    if !(args.seconds > 0.0 && args.seconds.is_finite()) {
        return Err(format!(
            "--seconds must be a positive number, not {}",
            args.seconds
        ));
    }
    if args.threads == 0 {
        return Err("--threads must be at least 1".into());
    }
    if args.cpu_time && thread_cpu_ns().is_none() {
        return Err("--cpu-time needs /proc/thread-self/schedstat (Linux)".into());
    }
    let mut figures = Vec::new();
    let playouts = if args.wants(Part::Playouts) {
        &[(false, 9), (false, 19), (true, 9), (true, 19)][..]
    } else {
        &[]
    };
    for &(psk, n) in playouts {
        let f = measure(&args, psk, n);
        if !args.json {
            let per = f.divisor(args.cpu_time);
            println!(
                "{}: {:.0} playouts/s, {:.1} M moves/s",
                f.name,
                f.playouts as f64 / per,
                f.moves as f64 / per / 1e6
            );
        }
        figures.push(f);
    }
    let extra = if args.wants(Part::Records) || args.wants(Part::Score) {
        record_figures(&args)?
    } else {
        Vec::new()
    };
    if !args.json {
        for (line, _) in &extra {
            println!("{line}");
        }
    }
    let least = figures
        .iter()
        .filter_map(|f| f.cpu_share(args.threads))
        .fold(f64::INFINITY, f64::min);
    if least < 0.95 && !args.cpu_time {
        eprintln!(
            "note: the machine is busy: the benchmark got as little as {:.0}% of a core per \
             thread; --cpu-time gives the rates per second on a CPU",
            least * 100.0
        );
    }
    if args.json {
        let items: Vec<String> = figures
            .iter()
            .map(|f| {
                let cpu = f
                    .cpu_seconds
                    .map_or("null".to_string(), |c| format!("{c:.6}"));
                format!(
                    "{{\"name\": \"{}\", \"playouts\": {}, \"moves\": {}, \"seconds\": {:.6}, \
                     \"cpu_seconds\": {cpu}, \"playouts_per_second\": {:.1}, \
                     \"moves_per_second\": {:.1}}}",
                    f.name,
                    f.playouts,
                    f.moves,
                    f.seconds,
                    f.playouts as f64 / f.divisor(args.cpu_time),
                    f.moves as f64 / f.divisor(args.cpu_time),
                )
            })
            .collect();
        let items: Vec<String> = items
            .into_iter()
            .chain(extra.into_iter().map(|e| e.1))
            .collect();
        println!(
            "{{\"threads\": {}, \"per\": \"{}\", \"figures\": [\n  {}\n]}}",
            args.threads,
            if args.cpu_time {
                "cpu-second"
            } else {
                "second"
            },
            items.join(",\n  ")
        );
    }
    Ok(())
}
