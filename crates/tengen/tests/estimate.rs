//! The dead-stone estimator (RULES.md §5.1) on positions with known answers.

use tengen::estimate::{estimate, EstimateOptions};
use tengen::{Board, Color, Point};

#[test]
fn a_lone_stone_inside_the_opponents_area_is_dead() {
    let b = Board::from_text(". X O . .\n. X O . .\nO X O . .\n. X O . .\n. X O . .").unwrap();
    let e = estimate(&b, EstimateOptions::default());
    assert_eq!(e.dead, vec![Point::new(0, 2)]);
    // Black owns the left columns, White the right, more often than not (random
    // playouts also kill groups that would live).
    assert!(
        e.ownership[0] > 0.2 && e.ownership[4] < -0.2,
        "{:?}",
        e.ownership
    );
    assert_eq!(e.ownership.len(), 25);
}

#[test]
fn pass_alive_stones_are_never_dead() {
    // Black's two-eyed group on the left would often die in random playouts if it were not
    // unconditionally alive; the lone white stone inside an eye is dead.
    let b = Board::from_text(
        "X . X O . . .
         X X X O . . .
         O . X O . . .
         X X X O . . .",
    )
    .unwrap();
    let e = estimate(
        &b,
        EstimateOptions {
            playouts: 50,
            seed: 1,
        },
    );
    for p in b.size().all_points() {
        if b.get(p) == Some(Color::Black) {
            assert!(!e.dead.contains(&p), "{p:?}");
        }
    }
    assert!(e.dead.contains(&Point::new(0, 2)));
}

#[test]
fn the_same_seed_gives_the_same_estimate() {
    let b = Board::from_text(". X O . .\n. X O . .\nO X O . X\n. X O . .\n. X O . .").unwrap();
    let o = EstimateOptions {
        playouts: 100,
        seed: 9,
    };
    assert_eq!(estimate(&b, o), estimate(&b, o));
    let e = estimate(&b, o);
    assert!(
        e.dead.contains(&Point::new(4, 2)),
        "the lone black stone in White's area"
    );
}
