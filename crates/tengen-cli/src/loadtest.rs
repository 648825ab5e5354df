//! `tengen loadtest`: many simulated games against a `tengen serve` over WebSocket on
//! loopback; the move latency (p50/p90/p99/max), the throughput, and the memory of the
//! server and of the load tool.
//!
//! A run:
//! 1. starts a server as a child process (`tengen serve --addr 127.0.0.1:0`, on a fresh
//!    temporary SQLite file unless `--database` names one), or uses a running one given
//!    by `--url` (loopback addresses only);
//! 2. sets up `--games` games, so many at a time: `POST /api/games`, one WebSocket per
//!    game, and both seats `join` over it (the socket acts for both seats by putting each
//!    seat's token in each message);
//! 3. plays for `--duration`: every game makes one move every `--interval`, its first
//!    move at its own offset within `--ramp` (default one interval) so that the load is
//!    smooth. The point is a random empty point of the game's board as the latest `state`
//!    message showed it, not the ko point, not an eye of the mover's own, preferring
//!    points with an empty neighbour. A move the server refuses as illegal is counted as a
//!    refusal (not an error) and that point is avoided until the board changes.
//!    The latency of a move is the time from sending the action to receiving its `ack`
//!    (the server sends the new `state` before the `ack`, so this includes it).
//!    A game never passes. After `--moves-per-game` moves (or when no candidate point is
//!    left, or when the game ended otherwise) the side to move resigns and a fresh game
//!    takes its place on the same schedule; the time that takes is not counted as a move;
//! 4. reports: games, moves, moves/s, latency percentiles, refusals, errors (timeouts,
//!    disconnects, other refusals by code), and the peak and current resident memory
//!    (`VmHWM`, `VmRSS`) and CPU time of the server child and of the load tool.
//!
//! Everything is bounded: each request and action waits at most `--timeout`, the setup at
//! most `--setup-timeout`, and the play stops after `--duration`.

mod game;
mod latency;
mod report;
mod server;
mod slot;
mod stats;

use clap::Args as ClapArgs;
use futures_util::StreamExt;
use game::Game;
use latency::ms_text;
use serde_json::Value;
use stats::Stats;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tengen::Size;
use tokio::task::JoinHandle;
use tokio::time::{timeout_at, Instant as TokioInstant};

/// Arguments of `tengen loadtest`.
#[derive(ClapArgs, Debug)]
pub struct Args {
    /// Games played at the same time, one WebSocket each.
    #[arg(long, default_value_t = 1000)]
    pub games: usize,
    /// Time between two moves of one game (`5s`, `200ms`, `1m`).
    #[arg(long, default_value = "5s", value_parser = parse_duration)]
    pub interval: Duration,
    /// How long the games play, after the setup.
    #[arg(long, default_value = "60s", value_parser = parse_duration)]
    pub duration: Duration,
    /// Time over which the games' first moves are spread (default: one interval).
    #[arg(long, value_parser = parse_duration)]
    pub ramp: Option<Duration>,
    /// The database of the server started for the run: an SQLite file or
    /// `postgres://...` (default: a temporary SQLite file, deleted afterwards).
    #[arg(long, conflicts_with = "url")]
    pub database: Option<String>,
    /// Test the server already running at this loopback URL (`http://127.0.0.1:8080`)
    /// instead of starting one; its memory is then not reported.
    #[arg(long)]
    pub url: Option<String>,
    /// Board size of the games.
    #[arg(long, default_value_t = 19, value_parser = clap::value_parser!(u32).range(2..=25))]
    pub size: u32,
    /// Time control of the games, as `POST /api/games` takes it (default: none).
    #[arg(long)]
    pub time: Option<String>,
    /// Moves after which a game resigns and a fresh game takes its place.
    #[arg(long, default_value_t = 150)]
    pub moves_per_game: u32,
    /// Games set up at the same time.
    #[arg(long, default_value_t = 64)]
    pub setup_concurrency: usize,
    /// Longest wait for the answer to one request or action.
    #[arg(long, default_value = "10s", value_parser = parse_duration)]
    pub timeout: Duration,
    /// Longest time the setup of all the games may take.
    #[arg(long, default_value = "300s", value_parser = parse_duration)]
    pub setup_timeout: Duration,
    /// Print the report as one JSON object on standard output.
    #[arg(long)]
    pub json: bool,
}

/// `5s`, `200ms`, `1.5s`, `2m`, or a bare number of seconds.
fn parse_duration(s: &str) -> Result<Duration, String> {
    let s = s.trim();
    let split = s
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(s.len());
    let (number, unit) = s.split_at(split);
    let n: f64 = number
        .parse()
        .map_err(|_| format!("`{s}` is not a duration such as 5s or 200ms"))?;
    let seconds = match unit.trim() {
        "" | "s" => n,
        "ms" => n / 1000.0,
        "m" | "min" => n * 60.0,
        "h" => n * 3600.0,
        u => return Err(format!("unknown unit `{u}` in `{s}` (ms, s, m, h)")),
    };
    if !seconds.is_finite() || !(0.0..=86_400.0 * 7.0).contains(&seconds) {
        return Err(format!("`{s}` is out of range"));
    }
    Ok(Duration::from_secs_f64(seconds))
}

/// What the whole run shares.
pub struct Ctx {
    http: reqwest::Client,
    /// `http://127.0.0.1:PORT`.
    base: String,
    /// `ws://127.0.0.1:PORT`.
    ws_base: String,
    size: Size,
    time: String,
    moves_per_game: u32,
    timeout: Duration,
    stats: Stats,
}

/// Runs the load test and prints the report.
pub fn run(args: Args) -> Result<(), String> {
    if args.games == 0 {
        return Err("--games must be at least 1".into());
    }
    if args.interval.is_zero() {
        return Err("--interval must be more than 0".into());
    }
    let open_files = server::raise_open_files();
    if open_files > 0 && open_files < args.games as u64 + 200 {
        eprintln!(
            "tengen loadtest: warning: {open_files} open files allowed, {} games need more",
            args.games
        );
    }
    let server = match &args.url {
        Some(url) => {
            server::loopback(url)?;
            None
        }
        None => Some(server::Server::start(
            args.database.as_deref(),
            args.timeout,
        )?),
    };
    let hostport = match (&server, &args.url) {
        (Some(s), _) => s.addr.clone(),
        (None, Some(url)) => server::loopback(url)?,
        (None, None) => unreachable!("either a server is started or --url is given"),
    };
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the runtime: {e}"))?;
    let server_pid = server.as_ref().map(|s| s.pid().to_string());
    let report = runtime.block_on(drive(&args, &hostport, server_pid.as_deref()))?;
    drop(runtime);
    drop(server);
    if args.json {
        println!("{report}");
    } else {
        report::print(&report);
    }
    Ok(())
}

/// Sets up the games, plays them, and returns the report.
async fn drive(args: &Args, hostport: &str, server_pid: Option<&str>) -> Result<Value, String> {
    let http = reqwest::Client::builder()
        .no_proxy()
        .timeout(args.timeout)
        .pool_max_idle_per_host(args.setup_concurrency)
        .build()
        .map_err(|e| format!("cannot make the HTTP client: {e}"))?;
    let side = u8::try_from(args.size).ok();
    let size = side
        .and_then(|n| Size::new(n, n))
        .ok_or_else(|| format!("--size {}: boards are 2 to 25 points wide", args.size))?;
    let ctx = Arc::new(Ctx {
        http,
        base: format!("http://{hostport}"),
        ws_base: format!("ws://{hostport}"),
        size,
        time: args.time.clone().unwrap_or_else(|| "none".into()),
        moves_per_game: args.moves_per_game,
        timeout: args.timeout,
        stats: Stats::new(),
    });
    let database = match (&args.url, &args.database) {
        (Some(_), _) => "the running server's".to_string(),
        (None, Some(d)) => d.clone(),
        (None, None) => "sqlite (a temporary file)".to_string(),
    };
    eprintln!(
        "tengen loadtest: {} games on {}, database {database}: setting up",
        args.games, ctx.base
    );
    let setup_start = Instant::now();
    let games = set_up(&ctx, args, setup_start).await?;
    let setup_seconds = setup_start.elapsed().as_secs_f64();
    let setup_games_created = ctx.stats.games_created.load(Ordering::Relaxed);
    eprintln!(
        "tengen loadtest: {} games ready in {setup_seconds:.1} s; playing for {:?}",
        games.len(),
        args.duration
    );
    let count = games.len();
    let (server_cpu_percent, own_cpu_percent) = play_all(&ctx, args, games, server_pid).await;
    let run = report::Run {
        url: &ctx.base,
        database: &database,
        games: count,
        games_requested: args.games,
        setup_games_created,
        setup_seconds,
        interval_ms: args.interval.as_millis() as u64,
        // Every move is sent before the end; the ones out then were answered after it.
        play_seconds: args.duration.as_secs_f64(),
        server_pid,
        server_cpu_percent,
        own_cpu_percent,
    };
    Ok(report::json(&run, &ctx.stats))
}

/// Creates the games and takes their seats, so many at a time, within `--setup-timeout`.
async fn set_up(ctx: &Arc<Ctx>, args: &Args, setup_start: Instant) -> Result<Vec<Game>, String> {
    let ready = Arc::new(AtomicU64::new(0));
    let progress = {
        let (ctx, ready, n) = (ctx.clone(), ready.clone(), args.games);
        tokio::spawn(async move {
            loop {
                tokio::time::sleep(Duration::from_secs(2)).await;
                eprintln!(
                    "tengen loadtest: setup: {}/{n} games ready, {} failed ({:.0} s)",
                    ready.load(Ordering::Relaxed),
                    ctx.stats.setup_failures.load(Ordering::Relaxed),
                    setup_start.elapsed().as_secs_f64()
                );
            }
        })
    };
    let setup = futures_util::stream::iter(0..args.games)
        .map(|_| {
            let (ctx, ready) = (ctx.clone(), ready.clone());
            async move {
                match Game::open(&ctx).await {
                    Ok(g) => {
                        ready.fetch_add(1, Ordering::Relaxed);
                        Some(g)
                    }
                    Err(e) => {
                        let failures = ctx.stats.setup_failures.fetch_add(1, Ordering::Relaxed);
                        if failures < 5 {
                            eprintln!("tengen loadtest: setup: {e}");
                        }
                        None
                    }
                }
            }
        })
        .buffer_unordered(args.setup_concurrency.max(1))
        .filter_map(|g| async move { g })
        .collect::<Vec<Game>>();
    let games = tokio::time::timeout(args.setup_timeout, setup).await;
    progress.abort();
    let games = games.map_err(|_| {
        format!(
            "the setup took longer than {:?} (--setup-timeout)",
            args.setup_timeout
        )
    })?;
    if games.is_empty() {
        return Err("no game could be set up".into());
    }
    Ok(games)
}

/// Plays every game slot for `--duration`, each at its own offset within the ramp; the
/// CPU use of the server and of the load tool meanwhile, in percent of a core.
async fn play_all(
    ctx: &Arc<Ctx>,
    args: &Args,
    games: Vec<Game>,
    server_pid: Option<&str>,
) -> (Option<f64>, Option<f64>) {
    let cpu_before = (
        server_pid.and_then(server::cpu_time),
        server::cpu_time("self"),
        Instant::now(),
    );
    let play_start = TokioInstant::now();
    let end = play_start + args.duration;
    let ramp = args.ramp.unwrap_or(args.interval);
    let count = games.len();
    let seed = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(1, |d| d.as_nanos() as u64);
    let mut tasks = Vec::with_capacity(count);
    for (i, game) in games.into_iter().enumerate() {
        let offset = ramp.mul_f64(i as f64 / count as f64);
        tasks.push(tokio::spawn(slot::play(
            ctx.clone(),
            game,
            seed ^ (i as u64).wrapping_mul(0x1000_0000_01B3),
            play_start + offset,
            end,
            args.interval,
        )));
    }
    let ticker = progress(ctx.clone(), server_pid.map(str::to_string), play_start);
    // Each game stops at `end`, after the action it has out (at most --timeout).
    let stop = end + args.timeout + Duration::from_secs(2);
    for task in &mut tasks {
        if timeout_at(stop, &mut *task).await.is_err() {
            task.abort();
        }
    }
    ticker.abort();
    let played = cpu_before.2.elapsed().as_secs_f64();
    let cpu = |before: Option<Duration>, pid: Option<&str>| -> Option<f64> {
        let after = server::cpu_time(pid?)?;
        Some(((after.saturating_sub(before?)).as_secs_f64() / played * 1000.0).round() / 10.0)
    };
    (
        cpu(cpu_before.0, server_pid),
        cpu(cpu_before.1, Some("self")),
    )
}

/// Prints the progress every 5 s: moves, rate, latencies of the last window and of the
/// whole run, refusals, errors and the server's memory.
fn progress(ctx: Arc<Ctx>, server_pid: Option<String>, play_start: TokioInstant) -> JoinHandle<()> {
    tokio::spawn(async move {
        let mut last_moves = 0;
        let mut last = Instant::now();
        loop {
            tokio::time::sleep(Duration::from_secs(5)).await;
            let moves = ctx.stats.moves.load(Ordering::Relaxed);
            let (all, window) = ctx.stats.take_window();
            let rate = (moves - last_moves) as f64 / last.elapsed().as_secs_f64();
            last_moves = moves;
            last = Instant::now();
            let rss = server_pid
                .as_deref()
                .and_then(server::memory)
                .map_or(String::new(), |(_, rss)| {
                    format!(", server RSS {:.0} MiB", rss as f64 / 1024.0)
                });
            eprintln!(
                "tengen loadtest: {:>4.0} s: {moves} moves, {rate:.0}/s; last 5 s p50 {} p99 {}; \
                 all p50 {} p99 {}; {} refused, {} errors{rss}",
                play_start.elapsed().as_secs_f64(),
                ms_text(window.quantile(0.5)),
                ms_text(window.quantile(0.99)),
                ms_text(all.quantile(0.5)),
                ms_text(all.quantile(0.99)),
                ctx.stats.refusals.load(Ordering::Relaxed),
                ctx.stats.errors(),
            );
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_parse() {
        assert_eq!(parse_duration("5s"), Ok(Duration::from_secs(5)));
        assert_eq!(parse_duration("200ms"), Ok(Duration::from_millis(200)));
        assert_eq!(parse_duration("2m"), Ok(Duration::from_secs(120)));
        assert_eq!(parse_duration("1.5"), Ok(Duration::from_millis(1500)));
        assert!(parse_duration("5 parsecs").is_err());
        assert!(parse_duration("").is_err());
    }
}
