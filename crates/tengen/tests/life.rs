//! Benson's unconditional life on classic positions (RULES.md §5.1).

use tengen::grid::Grid;
use tengen::life::unconditional;
use tengen::{Board, Color, Point};

fn grid(text: &str) -> Grid {
    Grid::from_board(&Board::from_text(text).unwrap())
}

#[test]
fn two_eyes_live() {
    let g = grid("X . X . X\nX X X X X\n. . . . .\n. . . . .");
    let u = unconditional(&g, Color::Black);
    assert_eq!(u.alive.len(), 8);
    assert_eq!(u.safe, vec![Point::new(1, 0), Point::new(3, 0)]);
    // The open side below is enclosed too, but White could live there: not safe.
    // The same shape with one eye is not alive.
    let g = grid("X . X X X\nX X X X X\n. . . . .\n. . . . .");
    assert!(unconditional(&g, Color::Black).alive.is_empty());
    // White has nothing.
    assert!(unconditional(&g, Color::White).alive.is_empty());
}

#[test]
fn a_false_eye_is_no_eye() {
    // The point B3 touches the lone stone A3, which has no other eye: A3 falls, and
    // with it the eye, leaving the big chain one real eye (E3).
    let g = grid("X . X X . X X\nO X X X X X X\n. . . . . . .");
    let u = unconditional(&g, Color::Black);
    assert!(u.alive.is_empty(), "{:?}", u.alive);
    // With a second real eye the big chain lives; the lone stone and the false eye do not.
    let g = grid("X . X X . X .\nO X X X X X X\n. . . . . . .");
    let u = unconditional(&g, Color::Black);
    assert_eq!(u.alive.len(), 9);
    assert!(!u.alive.contains(&Point::new(0, 0)));
    assert_eq!(u.safe, vec![Point::new(4, 0), Point::new(6, 0)]);
}

#[test]
fn opponent_stones_inside_an_eye() {
    // The region {B3 (white), C3} is vital: its one empty point is a liberty of the chain.
    let g = grid("X X X X .\nX O . X .\nX X X X .\n. X . X .");
    let u = unconditional(&g, Color::Black);
    assert_eq!(u.alive.len(), 12);
    assert!(
        u.safe.contains(&Point::new(1, 1)),
        "the white stone stands in a safe region: it is dead"
    );
    // A larger eye with a white stone in it: every empty point touches the chain.
    let g = grid("X X X X X\nX O . . X\nX X X . X\nX . X X X");
    let u = unconditional(&g, Color::Black);
    assert_eq!(u.alive.len(), 15);
    assert!(u.safe.contains(&Point::new(1, 3)) && u.safe.contains(&Point::new(2, 1)));
}

#[test]
fn two_chains_sharing_two_eyes_live_together() {
    // Neither chain has two eyes alone, but each eye is vital to both.
    let g = grid(". X . X .\nX X O X X");
    let u = unconditional(&g, Color::Black);
    assert_eq!(u.alive.len(), 6, "{:?}", u.alive);
}

/// On an open board (a professional game at move 100) nothing is in seki: filling the open
/// ground with one colour would leave the last liberties of its own long chains, which
/// are no shared liberties of a seki.
#[test]
fn no_seki_on_an_open_board() {
    let open = "
        . . . . . . . . . . . . . . . . . . .
        . . O X . . . . . . . . . . . . . . .
        . O O O X . . . . . . . . . O X . . .
        . . O X . X . . . . X X . O . X . . .
        . . O X . X . . . . X O O . X . X . .
        . . . X X . . . . . X . . . . . . . .
        . . . X . . . . . X O O . O . O . X .
        . . . . . . . X . . X O . O . . O X .
        . . . O . . O . . . X X . . . . . . .
        . O O X . . . . . . . . . . . . O . .
        . X X O O O . . . . . . . . . . . . .
        . X . X O . . . . . . . . . . . . . .
        . . X X O X . . . . . . . . . . . . .
        X X X O O . . . . . . . . X . . . . .
        . O O . . . . . X X . . . . . O O . .
        . . . . . O . O O X . X . . X X O . .
        . . . . O . . O X O O X . . . X X O .
        . . . . . . . O X . . O X . . X O O .
        . . . . . . . . . . . . . . . . . . .";
    assert_eq!(tengen::life::seki(&grid(open)), Vec::<Point>::new());
}
