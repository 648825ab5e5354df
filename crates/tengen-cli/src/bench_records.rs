//! The record-replay figure for `tengen bench`: game records parsed and replayed with
//! full legality checking, in games per second, on one thread or several.
//!
//! The files are read into memory first, so that the figure measures tengen (decoding,
//! parsing, building the game, checking every move under the record's rules), not the
//! disk. Each round goes over every file once, spread over the threads; rounds repeat
//! until the time asked for has passed.

use crate::records::find_records;
use rayon::prelude::*;
use std::path::PathBuf;
use std::time::Instant;

/// What one measurement found.
#[derive(Clone, Debug, PartialEq)]
pub struct RecordsFigure {
    /// Games parsed and replayed per second.
    pub games_per_second: f64,
    /// Moves replayed per second.
    pub moves_per_second: f64,
    /// Games replayed in all.
    pub games: u64,
    /// Moves replayed in all.
    pub moves: u64,
    /// Seconds measured.
    pub seconds: f64,
    /// Threads used.
    pub threads: usize,
    /// Record files in one round.
    pub files: usize,
}

/// Replays every record under `paths` (files, or folders searched for `.sgf` and `.mgt`)
/// for at least `seconds` on `threads` threads (0: one per core). With `moves`, only the
/// files whose games all have a main line of that many moves (inclusive bounds) count.
/// Prints nothing.
pub fn run(
    paths: &[PathBuf],
    seconds: f64,
    threads: usize,
    moves: Option<(u64, u64)>,
) -> Result<RecordsFigure, String> {
    let (files, problems) = find_records(paths);
    if let Some(p) = problems.first() {
        return Err(p.to_string());
    }
    let texts: Vec<Vec<u8>> = files
        .iter()
        .map(|f| std::fs::read(f).map_err(|e| format!("{}: {e}", f.display())))
        .collect::<Result<_, _>>()?;
    let texts: Vec<Vec<u8>> = match moves {
        Some((least, most)) => texts
            .into_iter()
            .filter(|t| {
                let read = tengen_sgf::read_bytes(t);
                let options = tengen_sgf::ReadOptions::default();
                let counts = read
                    .collection
                    .trees
                    .iter()
                    .map(|tree| tengen_sgf::replay(tree, &options).moves as u64);
                !read.collection.trees.is_empty()
                    && counts.into_iter().all(|m| (least..=most).contains(&m))
            })
            .collect(),
        None => texts,
    };
    if texts.is_empty() {
        return Err("no .sgf or .mgt record under the paths given (of the length asked)".into());
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| format!("cannot start {threads} threads: {e}"))?;
    let (mut games, mut moves) = (0u64, 0u64);
    let start = Instant::now();
    while games == 0 || start.elapsed().as_secs_f64() < seconds {
        let (g, m) = pool.install(|| {
            texts
                .par_iter()
                .map(|t| replay_file(t))
                .reduce(|| (0, 0), |a, b| (a.0 + b.0, a.1 + b.1))
        });
        games += g;
        moves += m;
    }
    let elapsed = start.elapsed().as_secs_f64();
    Ok(RecordsFigure {
        games_per_second: games as f64 / elapsed,
        moves_per_second: moves as f64 / elapsed,
        games,
        moves,
        seconds: elapsed,
        threads: pool.current_num_threads(),
        files: texts.len(),
    })
}

/// Parses one file and replays the main line of each game in it: (games, moves).
fn replay_file(bytes: &[u8]) -> (u64, u64) {
    let read = tengen_sgf::read_bytes(bytes);
    let options = tengen_sgf::ReadOptions::default();
    let mut moves = 0;
    for tree in &read.collection.trees {
        moves += tengen_sgf::replay(tree, &options).moves as u64;
    }
    (read.collection.trees.len() as u64, moves)
}

/// How long scoring a 19x19 position took (see [`score_speed`]).
#[derive(Debug)]
pub struct ScoreFigure {
    /// Milliseconds a position in the fastest pass.
    pub best: f64,
    /// Milliseconds a position over all passes.
    pub mean: f64,
    /// Passes over the positions.
    pub passes: usize,
    /// Positions in a pass.
    pub positions: usize,
}

/// Scores the final positions of the first `count` 19x19 records under `paths`, dead-stone
/// estimate included, on one thread, pass after pass until `seconds` have gone (one pass
/// at least, [`MAX_PASSES`] at most). Every pass does the same work (an estimate keeps
/// nothing from one position to the next), so the fastest pass is the one the machine
/// disturbed least: on a shared machine the mean of one pass can move by a third from one
/// run to the next. `clock` reads the time (wall clock, or the thread's CPU time) in
/// seconds.
pub fn score_speed(
    paths: &[PathBuf],
    count: usize,
    seconds: f64,
    clock: impl Fn() -> f64,
) -> Result<ScoreFigure, String> {
    let games = games_to_score(paths, count);
    if games.is_empty() {
        return Err("no 19x19 record to score".into());
    }
    let per_position = |t: f64| t * 1000.0 / games.len() as f64;
    let start = clock();
    let mut times = Vec::new();
    while times.is_empty() || (clock() - start < seconds && times.len() < MAX_PASSES) {
        let t0 = clock();
        for g in &games {
            let report = tengen_player::estimate::estimate_game(g).score(g);
            let _ = std::hint::black_box(report);
        }
        times.push(clock() - t0);
    }
    Ok(ScoreFigure {
        best: per_position(times.iter().copied().fold(f64::INFINITY, f64::min)),
        mean: per_position(times.iter().sum::<f64>() / times.len() as f64),
        passes: times.len(),
        positions: games.len(),
    })
}

/// The most passes [`score_speed`] makes.
pub const MAX_PASSES: usize = 20;

/// The final positions of the first `count` 19x19 records under `paths`, replayed.
fn games_to_score(paths: &[PathBuf], count: usize) -> Vec<tengen::Game> {
    let (files, _) = find_records(paths);
    let mut games = Vec::new();
    for f in files {
        if games.len() >= count {
            break;
        }
        let Ok(bytes) = std::fs::read(&f) else {
            continue;
        };
        let read = tengen_sgf::read_bytes(&bytes);
        let Some(tree) = read.collection.trees.first() else {
            continue;
        };
        let r = tengen_sgf::replay(tree, &Default::default());
        if r.game.size() == tengen::Size::NINETEEN {
            games.push(r.game);
        }
    }
    games
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_every_game_and_move() {
        let dir = std::env::temp_dir().join(format!("tengen-bench-records-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("sub")).unwrap();
        // Two games of 3 moves in one file, one of 2 in another, and a file to skip.
        std::fs::write(
            dir.join("a.sgf"),
            "(;SZ[9];B[ee];W[dd];B[cc])(;SZ[9];B[aa];W[bb];B[cc])",
        )
        .unwrap();
        std::fs::write(dir.join("sub/b.mgt"), "(;SZ[19];B[pd];W[dp])").unwrap();
        std::fs::write(dir.join("notes.txt"), "not a record").unwrap();
        let figure = run(std::slice::from_ref(&dir), 0.05, 2, None).unwrap();
        // Only the file whose games have 3 moves.
        let three = run(std::slice::from_ref(&dir), 0.05, 1, Some((3, 3))).unwrap();
        std::fs::remove_dir_all(&dir).unwrap();
        assert_eq!(three.files, 1);
        assert_eq!(three.moves, three.games * 3);
        assert_eq!(figure.files, 2);
        assert_eq!(figure.threads, 2);
        assert!(
            figure.games >= 3 && figure.games.is_multiple_of(3),
            "{figure:?}"
        );
        // Every round replays 3 games and 8 moves.
        assert_eq!(figure.moves, figure.games / 3 * 8);
        assert!(figure.seconds >= 0.05);
        assert!(figure.games_per_second > 0.0);
        let none = run(&[PathBuf::from("/nonexistent/tengen")], 0.01, 1, None);
        assert!(none.unwrap_err().contains("cannot read"));
    }

    #[test]
    fn the_score_figure_is_the_fastest_of_passes_over_the_19x19_records() {
        let dir = std::env::temp_dir().join(format!("tengen-bench-score-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("a.sgf"), "(;SZ[9];B[ee];W[dd])").unwrap();
        std::fs::write(dir.join("b.sgf"), "(;SZ[19];B[pd];W[dp];B[pp];W[dd])").unwrap();
        std::fs::write(dir.join("c.sgf"), "(;SZ[19];B[qd];W[dc])").unwrap();
        let paths = std::slice::from_ref(&dir);
        // A clock that moves one second at each reading, and two more while the second
        // pass runs: each pass reads it twice and the loop's test once after it (at 3, 8,
        // 11 and 14 s from the start), so the passes take 1, 3, 1, 1 seconds and the
        // fourth test stops them.
        let ticks = std::cell::Cell::new(0.0);
        let clock = || {
            let t = ticks.get();
            ticks.set(t + if t == 4.0 { 3.0 } else { 1.0 });
            t
        };
        let f = score_speed(paths, 20, 12.0, clock).unwrap();
        assert_eq!((f.passes, f.positions), (4, 2), "{f:?}");
        // Per position, in milliseconds: the fastest pass, and the mean of 6 s / 4 passes.
        assert_eq!(f.best, 500.0);
        assert_eq!(f.mean, 750.0);
        // One pass however short the time; never more than MAX_PASSES; only the first
        // `count` records.
        let once = score_speed(paths, 1, 0.0, || 0.0).unwrap();
        assert_eq!((once.passes, once.positions), (1, 1));
        let capped = score_speed(paths, 20, f64::INFINITY, || 0.0).unwrap();
        assert_eq!(capped.passes, MAX_PASSES);
        std::fs::remove_file(dir.join("b.sgf")).unwrap();
        std::fs::remove_file(dir.join("c.sgf")).unwrap();
        let none = score_speed(paths, 20, 1.0, || 0.0);
        std::fs::remove_dir_all(&dir).unwrap();
        assert_eq!(none.unwrap_err(), "no 19x19 record to score");
    }

    /// The figure on Debian's goban corpus, 1 thread and 2 (a measurement, not a test):
    /// `cargo test --release -p tengen-cli measure_goban -- --ignored --nocapture`.
    #[test]
    #[ignore]
    fn measure_goban() {
        let corpus = [PathBuf::from("/usr/share/goban")];
        for threads in [1, 2] {
            let f = run(&corpus, 5.0, threads, None).unwrap();
            eprintln!(
                "{threads} thread(s): {:.0} games/s, {:.0} moves/s ({} games, {:.0} moves/game, {:.1} s)",
                f.games_per_second,
                f.moves_per_second,
                f.games,
                f.moves as f64 / f.games as f64,
                f.seconds
            );
        }
    }
}
