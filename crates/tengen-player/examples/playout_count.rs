//! A fixed number of playouts from the empty board, for instruction counts under
//! `valgrind --tool=callgrind` (timing on a shared machine says little):
//! `valgrind --tool=callgrind target/release/examples/playout_count light 9 2000`.
//!
//! Kinds: `light` (simple ko, what `tengen bench` measures), `psk` (positional superko),
//! `heavy` (the estimator's policy), `guided` (the Monte-Carlo player's).
use tengen::{Board, Color, Size};
use tengen_player::playout::Playouts;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let kind = args.get(1).map_or("light", String::as_str);
    let n: u8 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(9);
    let count: u32 = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(1000);
    let Some(size) = Size::square(n) else {
        eprintln!("no {n}x{n} board");
        std::process::exit(2);
    };
    let start = Board::new(size);
    let mut p = Playouts::new(1);
    let mut moves = 0u64;
    for _ in 0..count {
        let out = match kind {
            "light" => p.light(&start, Color::Black),
            "psk" => p.superko(&start, Color::Black),
            "heavy" => p.heavy(&start, Color::Black),
            "guided" => p.guided_amaf(&start, Color::Black, 0),
            other => {
                eprintln!("unknown kind {other:?} (light, psk, heavy, guided)");
                std::process::exit(2);
            }
        };
        moves += u64::from(out.plays + out.passes);
    }
    println!("{kind} {n}x{n}: {count} playouts, {moves} moves");
}
