//! The shut-in search's answer for one group at the end of a record, and the play that
//! proves it (development aid; `scripts/gnugo_line.py` plays that line against GNU Go's
//! defence). Prints one line: `killed VERTEX` or `lives VERTEX` (the prover's play, the
//! prover being the player to move), `lives pass` (the owner needs no play), `killed -` or
//! `lives -` (the player to move loses), `unknown` (the search ran out of budget) or
//! `open` (the group is not shut in a region the search reads).
//!
//!     shut_in_move FILE POINT --to-move b|w [--ended]
//!
//! `--ended` reads with the limits of a game ended by its passes (bigger groups, regions
//! and budget, and races with no wall), as the estimator does there.
#![forbid(unsafe_code)]

#[path = "common/record.rs"]
mod record;

use tengen::point::Point;
use tengen::Color;
use tengen_player::enclosed;

fn main() {
    let a: Vec<String> = std::env::args().collect();
    let usage = || -> ! {
        eprintln!("usage: shut_in_move FILE POINT --to-move b|w [--ended]");
        std::process::exit(2);
    };
    let (Some(path), Some(point)) = (a.get(1), a.get(2)) else {
        usage()
    };
    let to_move = match a
        .iter()
        .position(|x| x == "--to-move")
        .and_then(|i| a.get(i + 1))
    {
        Some(c) if c.eq_ignore_ascii_case("b") => Color::Black,
        Some(c) if c.eq_ignore_ascii_case("w") => Color::White,
        _ => usage(),
    };
    let ended = a.iter().any(|x| x == "--ended");
    let game = record::first_game(path);
    let tree = &game;
    let r = tengen_sgf::replay(tree, &tengen_sgf::ReadOptions::default());
    let b = r.game.board();
    let Some(p) = Point::from_gtp(point, b.size()) else {
        eprintln!("{point}: not a point of the board");
        std::process::exit(2);
    };
    let (max_stones, effort) = if ended {
        (enclosed::MAX_STONES_ENDED, enclosed::EFFORT_ENDED)
    } else {
        (enclosed::MAX_STONES, enclosed::EFFORT)
    };
    let found = if ended {
        enclosed::shut_in_or_racing(b, b.idx(p), max_stones)
    } else {
        enclosed::shut_in_up_to(b, b.idx(p), max_stones)
    };
    let Some(shut) = found else {
        println!("open");
        return;
    };
    match enclosed::lives_by(b, &shut, to_move, effort) {
        None => println!("unknown"),
        Some((alive, play)) => {
            let verdict = if alive { "lives" } else { "killed" };
            let prover = if alive {
                shut.owner
            } else {
                shut.owner.opponent()
            };
            let play = match play {
                Some(i) => b.point(i).to_gtp(b.size()).unwrap_or_default(),
                None if alive && prover == to_move => "pass".to_string(),
                None => "-".to_string(),
            };
            println!("{verdict} {play}");
        }
    }
}
