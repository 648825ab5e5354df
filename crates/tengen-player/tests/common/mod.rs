//! Shared test support.
#![allow(dead_code)]

/// A corner where whoever fills the neutral point b7 first spares herself a move: White's
/// stone there puts Black's corner stone a7 in atari, and Black must connect at a6 in her
/// own territory (a teire). Used by the finishing and the estimator tests.
pub const CORNER_TEIRE: &str = "X . O . . .
                                . X O . . .
                                X X O . . .
                                . X O . . .
                                . X O . . .
                                . X O . . .
                                . X O . . .";

/// A `w` x `h` board with `plays` random legal plays (simple ko, no suicide; fewer if four
/// times as many tries find no more), the colours alternating: crowded boards full of
/// short chains, for robustness tests and the `estimate_stress` example.
pub fn random_position(rng: &mut tengen::Rng, w: u8, h: u8, plays: usize) -> tengen::Board {
    use tengen::board::Cell;
    let mut b = tengen::Board::new(tengen::Size::new(w, h).expect("a board size"));
    let points: Vec<_> = b.indices().collect();
    let mut c = tengen::Color::Black;
    let mut made = 0;
    for _ in 0..plays * 4 {
        if made == plays {
            break;
        }
        let i = points[rng.index(points.len())];
        if b.cell(i) == Cell::Empty && tengen_player::reading::legal(&b, i, c) {
            b.play_unchecked(i, c);
            made += 1;
            c = c.opponent();
        }
    }
    b
}
