//! Finishing a game for a territory count (RULES.md §5.2) on positions with known answers.

use tengen::finish::finish;
use tengen::{Board, Color, Point};

#[test]
fn a_chain_in_atari_next_to_a_dead_chain_in_atari_captures_it() {
    // White's four stones have one liberty, a5, which is also the last liberty of the dead
    // black stone b5: White must take it, with a stone in her own territory.
    let b = Board::from_text(
        ". X O X .
         O O O X .
         X X X X .
         . . . . .
         . . . . .",
    )
    .unwrap();
    let f = finish(&b, &[Point::new(1, 0)], &[]);
    assert_eq!(f.stones, vec![(Point::new(0, 0), Color::White)]);
    assert_eq!(f.captured, Vec::<Point>::new(), "b5 was dead already");
}

#[test]
fn a_dead_stone_keeps_its_liberty_until_it_is_captured() {
    // The dead black stone b5 takes White's liberty a5. Black fills the neutral point d5,
    // which leaves White in atari, and White must take b5 from a5, a point of her own
    // area; with b5 simply removed White would have kept two liberties and had no move
    // to make.
    let b = Board::from_text(
        ". X O . X
         O O O X X
         X X X X .
         . . . . .
         . . . . .",
    )
    .unwrap();
    let f = finish(&b, &[Point::new(1, 0)], &[]);
    assert_eq!(
        f.stones,
        vec![
            (Point::new(3, 0), Color::Black),
            (Point::new(0, 0), Color::White)
        ]
    );
}

#[test]
fn a_neutral_point_is_filled_after_connecting_in_own_territory() {
    // Filling a5 would leave Black's b5 with c5 as its only liberty; Black connects at c5
    // first (a teire, in her own territory), then fills a5. Left unfilled, a5 would make
    // the count take b5 and White's stones for a seki.
    let b = Board::from_text(
        ". X . X . . .
         O O X X . . .
         O X X . . . .
         O X X . . . .
         . O X . . . .",
    )
    .unwrap();
    let f = finish(&b, &[], &[]);
    assert_eq!(
        f.stones,
        vec![
            (Point::new(2, 0), Color::Black),
            (Point::new(0, 0), Color::Black)
        ]
    );
}

#[test]
fn finishing_never_captures_a_live_chain() {
    // A seki: the shared liberties b5 and a4 are neutral, but whoever fills one is
    // captured, so nobody plays there.
    let b = Board::from_text(
        "X . O X .
         . X O X .
         O O O X .
         X X X X .
         . . . . .",
    )
    .unwrap();
    let f = finish(&b, &[], &[]);
    assert_eq!(f, Default::default());
}
