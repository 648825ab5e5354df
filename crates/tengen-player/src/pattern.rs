//! 3x3 shape patterns: the empty points around which a move is "shapely" (a hane, a cut,
//! a block on the edge), for the Monte-Carlo player's playouts and tree priors.
//!
//! The patterns are MoGo's (Gelly, Wang, Munos and Teytaud, *Modification of UCT with
//! patterns in Monte-Carlo Go*, 2006), as written out by Petr Baudiš's Michi. Each is a
//! 3x3 neighbourhood centred on the empty point to play, written top row first with
//! - `X`, `O`: a stone of one colour, of the other;
//! - `.`: an empty point; ` `: off the board;
//! - `x`: anything but `X` (`.`, `O` or off the board); `o`: anything but `O`;
//! - `?`: anything.
//!
//! A pattern matches in any of its eight rotations and reflections and with its colours
//! swapped: a shape is good for both players (it is where the fight is). The patterns are
//! expanded once into a table with one bit for every possible neighbourhood (8 neighbours,
//! 4 states each: 65,536 bits), so matching is reading 8 cells and one bit.

use std::sync::OnceLock;
use tengen::board::{Board, Cell, Idx};

/// The patterns, MoGo's: each a 3x3 neighbourhood, top row first (module documentation).
const PATTERNS: [[&str; 3]; 13] = [
    // Hane: enclosing hane.
    ["XOX", "...", "???"],
    // Hane: non-cutting hane.
    ["XO.", "...", "?.?"],
    // Hane: magari (turning round the opponent's stone).
    ["XO?", "X..", "x.?"],
    // Attachment: katatsuke or diagonal attachment.
    [".O.", "X..", "..."],
    // Cut: unprotected cut.
    ["XO?", "O.o", "?o?"],
    // Cut: peeped cut.
    ["XO?", "O.X", "???"],
    // Cut: de (pushing between two stones).
    ["?X?", "O.O", "ooo"],
    // Cut: keima cut.
    ["OX?", "o.O", "???"],
    // Edge: chase.
    ["X.?", "O.?", "   "],
    // Edge: block a cut along the edge.
    ["OX?", "X.O", "   "],
    // Edge: block a connection along the edge.
    ["?X?", "x.O", "   "],
    // Edge: sagari (descent).
    ["?XO", "x.x", "   "],
    // Edge: cut along the edge.
    ["?OX", "X.O", "   "],
];

/// The positions of the eight neighbours in a 3x3 grid read row by row (the centre, 4,
/// left out): the order of the two-bit fields of a neighbourhood code.
const AROUND: [usize; 8] = [0, 1, 2, 3, 5, 6, 7, 8];

/// One bit per neighbourhood code: whether some pattern matches it.
fn table() -> &'static [u64; 1024] {
    static TABLE: OnceLock<Box<[u64; 1024]>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut t = Box::new([0u64; 1024]);
        for p in PATTERNS {
            let grid: Vec<u8> = p.iter().flat_map(|row| row.bytes()).collect();
            for variant in symmetries(&grid) {
                expand(&variant, 0, 0, &mut t);
            }
        }
        t
    })
}

/// The eight rotations and reflections of a 3x3 grid, each with its colours as written
/// and swapped.
fn symmetries(grid: &[u8]) -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    let mut g = grid.to_vec();
    for _ in 0..4 {
        // Rotate a quarter turn: the new cell (r, c) is the old (2 - c, r).
        g = (0..9).map(|k| g[(2 - k % 3) * 3 + k / 3]).collect();
        let mirrored: Vec<u8> = (0..9).map(|k| g[k / 3 * 3 + 2 - k % 3]).collect();
        for v in [g.clone(), mirrored] {
            let swapped = v.iter().map(|&ch| swap_colours(ch)).collect();
            out.push(v);
            out.push(swapped);
        }
    }
    out
}

/// A pattern character with the colours exchanged.
fn swap_colours(ch: u8) -> u8 {
    match ch {
        b'X' => b'O',
        b'O' => b'X',
        b'x' => b'o',
        b'o' => b'x',
        other => other,
    }
}

/// The cells a pattern character stands for.
fn cells_of(ch: u8) -> &'static [Cell] {
    match ch {
        b'.' => &[Cell::Empty],
        b'X' => &[Cell::Black],
        b'O' => &[Cell::White],
        b' ' => &[Cell::Wall],
        b'x' => &[Cell::Empty, Cell::White, Cell::Wall],
        b'o' => &[Cell::Empty, Cell::Black, Cell::Wall],
        _ => &[Cell::Empty, Cell::Black, Cell::White, Cell::Wall],
    }
}

/// Sets the bit of every code the grid matches, from neighbour `k` on, `code` holding
/// the fields of the neighbours before it.
fn expand(grid: &[u8], k: usize, code: usize, t: &mut [u64; 1024]) {
    if k == AROUND.len() {
        t[code >> 6] |= 1 << (code & 63);
        return;
    }
    for &cell in cells_of(grid[AROUND[k]]) {
        expand(grid, k + 1, code | (cell as usize) << (2 * k), t);
    }
}

/// The neighbourhood code of the point `i`: its eight neighbours' cells, two bits each,
/// in the order of [`AROUND`].
#[inline]
fn code(b: &Board, i: Idx) -> usize {
    let s = b.stride() as Idx;
    let around = [
        i - s - 1,
        i - s,
        i - s + 1,
        i - 1,
        i + 1,
        i + s - 1,
        i + s,
        i + s + 1,
    ];
    around
        .iter()
        .enumerate()
        .fold(0, |acc, (k, &n)| acc | (b.cell(n) as usize) << (2 * k))
}

/// Whether a play on the empty point `i` makes one of the shapes of the module documentation.
#[inline]
pub fn matches(b: &Board, i: Idx) -> bool {
    let c = code(b, i);
    table()[c >> 6] >> (c & 63) & 1 == 1
}

#[cfg(test)]
mod tests {
    use super::*;
    use tengen::point::Point;

    fn at(b: &Board, x: u8, y: u8) -> Idx {
        b.idx(Point::new(x, y))
    }

    #[test]
    fn a_hane_matches_in_every_orientation_and_colour() {
        // The enclosing hane "XOX / ... / ???" with its X and O read off the board: the
        // point under the O (c3 of these boards, x=2 y=2) between the two X.
        let boards = [
            ". . . . .\n. X O X .\n. . . . .\n. . . . .\n. . . . .",
            // Colours swapped.
            ". . . . .\n. O X O .\n. . . . .\n. . . . .\n. . . . .",
        ];
        for text in boards {
            let b = Board::from_text(text).unwrap();
            assert!(matches(&b, at(&b, 2, 2)), "{text}");
            // Turned a quarter: the stones in a column, the point to their right.
            let turned = Board::from_text(&transpose(text)).unwrap();
            assert!(matches(&turned, at(&turned, 2, 2)), "{text}");
        }
    }

    /// The text board reflected in its main diagonal.
    fn transpose(text: &str) -> String {
        let rows: Vec<Vec<&str>> = text
            .lines()
            .map(|l| l.split_whitespace().collect())
            .collect();
        (0..rows[0].len())
            .map(|c| rows.iter().map(|r| r[c]).collect::<Vec<_>>().join(" "))
            .collect::<Vec<_>>()
            .join("\n")
    }

    #[test]
    fn an_empty_neighbourhood_matches_nothing() {
        // Every pattern has a stone next to its centre, so an empty board matches none.
        let b = Board::from_text(". . . . .\n. . . . .\n. . . . .\n. . . . .\n. . . . .").unwrap();
        assert!(b.indices().all(|i| !matches(&b, i)));
    }

    #[test]
    fn stones_of_one_colour_make_no_shape() {
        // Every pattern has stones of both colours around the point: where only Black's
        // stones are near, no empty point matches.
        let b = Board::from_text(
            "X . X . .
             . X . . X
             X X . X .
             . . . X X
             X . . . .",
        )
        .unwrap();
        assert!(b
            .indices()
            .filter(|&i| b.cell(i) == Cell::Empty)
            .all(|i| !matches(&b, i)));
    }

    #[test]
    fn an_edge_pattern_matches_on_the_edge() {
        // "?XO / x.x / (edge)", the sagari: the point c1 (x=2, y=4) under Black's c2,
        // White's d2 beside it, b1 and d1 empty.
        let b = Board::from_text(". . . . .\n. . . . .\n. . . . .\n. . X O .\n. . . . .").unwrap();
        assert!(matches(&b, at(&b, 2, 4)));
    }
}
