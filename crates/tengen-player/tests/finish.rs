//! Finishing a game for a territory count (docs/rules.md §5.2) on positions with known answers.

mod common;

use tengen::{Board, Color, Point};
use tengen_player::finish::{finish, finish_with};
use tengen_player::intrusion;

/// The stones `f` played for `c`, sorted.
fn stones_of(f: &tengen_player::finish::Finish, c: Color) -> Vec<Point> {
    let mut v: Vec<Point> = f.stones.iter().filter(|s| s.1 == c).map(|s| s.0).collect();
    v.sort();
    v
}

fn at(b: &Board, gtp: &str) -> Point {
    Point::from_gtp(gtp, b.size()).unwrap()
}

#[test]
fn a_dead_chain_is_captured_before_the_dame_would_leave_it_in_seki() {
    // White's five dead stones in the corner (b3 c3 b2 b1 c1) have two liberties, d3 and
    // d1, which are also liberties of Black's chain around them; its other liberties are
    // the dame c5 and d5. Once those are filled, Black could no longer capture: playing d3
    // or d1 would put the whole chain in atari, to be taken on the other point (a seki).
    // So Black captures first, with two stones in her own territory (d3, d1), whoever
    // starts.
    let b = Board::from_text(
        ". . . . . . .
         O O O O O O O
         O X . . O . O
         X X X X X O O
         X O O . X X O
         X O X X X O O
         X O O . X O .",
    )
    .unwrap();
    let dead: Vec<Point> = ["B3", "C3", "B2", "B1", "C1"]
        .iter()
        .map(|p| at(&b, p))
        .collect();
    for first in Color::BOTH {
        let f = finish(&b, &dead, &[], first);
        assert_eq!(
            stones_of(&f, Color::Black),
            vec![at(&b, "D3"), at(&b, "D1")],
            "{first:?} first"
        );
        assert_eq!(
            stones_of(&f, Color::White),
            vec![at(&b, "C5"), at(&b, "D5")],
            "{first:?} first"
        );
        assert_eq!(f.captured, Vec::<Point>::new(), "they were dead already");
    }
}

#[test]
fn a_contested_dame_goes_to_the_player_to_move() {
    // Whoever fills b7 first spares herself a move: White's stone there would put Black's
    // corner stone in atari, and Black would have to connect at a6 in her own territory
    // (her group keeps its second eye below).
    let b = Board::from_text(common::CORNER_TEIRE).unwrap();
    let f = finish(&b, &[], &[], Color::White);
    assert_eq!(
        f.stones,
        vec![(at(&b, "B7"), Color::White), (at(&b, "A6"), Color::Black)]
    );
    let f = finish(&b, &[], &[], Color::Black);
    assert_eq!(f.stones, vec![(at(&b, "B7"), Color::Black)]);
}

#[test]
fn a_point_to_take_first_comes_before_the_contested_dame() {
    // The position above with White starting, but told to take d7 first (as the estimate
    // does when an earlier finishing broke a chain next to it): her turn goes there, in
    // her own territory, and Black takes the contested b7 with no teire to follow.
    let b = Board::from_text(common::CORNER_TEIRE).unwrap();
    let urgent = [(at(&b, "D7"), Color::White)];
    let f = finish_with(&b, &[], &[], &urgent, Color::White);
    assert_eq!(
        f.stones,
        vec![(at(&b, "D7"), Color::White), (at(&b, "B7"), Color::Black)]
    );
    // A point is taken only while it is empty: Black told to take b7, with White
    // starting, finds it filled and answers as before.
    let urgent = [(at(&b, "B7"), Color::Black)];
    let f = finish_with(&b, &[], &[], &urgent, Color::White);
    assert_eq!(
        f.stones,
        vec![(at(&b, "B7"), Color::White), (at(&b, "A6"), Color::Black)]
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
    let f = finish(&b, &[], &[], Color::Black);
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
    let f = finish(&b, &[], &[], Color::Black);
    assert_eq!(f, Default::default());
}

/// White's dead column c (three liberties, b6 b5 b3, in Black's territory) against
/// Black's column d, whose liberties e6 to e3 are all dame.
const RACE: &str = ". . O X . O .
                    X . O X . O .
                    . X O X . O .
                    X . O X . O .
                    X X O X O O .
                    . X O X O O .";

/// White's dead column in [`RACE`].
fn race_dead(b: &Board) -> Vec<Point> {
    ["C6", "C5", "C4", "C3", "C2", "C1"]
        .iter()
        .map(|s| at(b, s))
        .collect()
}

#[test]
fn a_capturing_race_with_a_dead_chain_is_started_when_the_liberties_are_even() {
    let b = Board::from_text(RACE).unwrap();
    let dead = race_dead(&b);
    // White fills a dame (Black's column then has three liberties, as many as White's):
    // Black must take one of White's now, else White's next fill wins the race. She does,
    // and captures the column before White's fills capture hers.
    let f = finish(&b, &dead, &[], Color::White);
    let dame = ["E6", "E5", "E4", "E3"].map(|s| at(&b, s));
    let liberties = ["B6", "B5", "B3"].map(|s| at(&b, s));
    assert!(dame.contains(&f.stones[0].0), "{:?}", f.stones);
    assert_eq!(f.stones[1].1, Color::Black);
    assert!(liberties.contains(&f.stones[1].0), "{:?}", f.stones);
    assert_eq!(f.captured, Vec::<Point>::new(), "Black's column lives");
    // With Black to move and four liberties against three she can wait: her first move
    // is no liberty of White's, and her column still lives.
    let f = finish(&b, &dead, &[], Color::Black);
    assert!(!liberties.contains(&f.stones[0].0), "{:?}", f.stones);
    assert_eq!(f.captured, Vec::<Point>::new(), "{:?}", f.stones);
}

#[test]
fn border_fills_that_would_win_a_race_at_once_are_left_to_the_turns() {
    // The estimator would close the border with White stones on e6 to e3, given to
    // White by the playouts. Played at once, before Black's turn, they would capture
    // Black's column: they are moves of a race, and the players take turns at them.
    let b = Board::from_text(RACE).unwrap();
    let placed = ["E6", "E5", "E4", "E3"].map(|s| (at(&b, s), Color::White));
    let f = finish(&b, &race_dead(&b), &placed, Color::Black);
    assert_eq!(f.captured, Vec::<Point>::new(), "{:?}", f.stones);
}

#[test]
fn a_board_without_opponent_stones_needs_no_teire() {
    // Only White stones: a4 b4, c5 and e1, the last two with two or three liberties in
    // White's one big territory. Black could take e1 with two moves, but any stone of his
    // would be alone on White's board and die: White owes no teire (the windows of step
    // 8 once read e1's capture as a win for Black, a point less for White under
    // `tengen compare`'s territory count).
    let b = Board::from_text(
        ". . O . .
         O O . . .
         . . . . .
         . . . . .
         . . . . O",
    )
    .unwrap();
    for first in Color::BOTH {
        let f = finish(&b, &[], &[], first);
        assert_eq!(f.stones, vec![], "{first:?} first");
    }
}

#[test]
fn a_stone_in_atari_among_dead_stones_needs_no_teire() {
    // Black's b4 is in atari (its liberty b3) among White's dead stones b5, a4 and c4,
    // inside Black's territory (columns a-c, walled by d). White's capture at b3 would only
    // add a fourth dead stone there: the corner stays Black's, so Black owes no teire (the
    // finishing used to connect at b3, a point of her own territory; seen on Hon-60-2, where
    // GNU Go's `--score finish` and the record count the point as territory). The dame
    // column has no empty point, so nothing is played at all.
    let b = Board::from_text(
        ". . . X O .
         . O . X O .
         O X O X O .
         . . . X O .
         . . . X O .
         . . . X O .",
    )
    .unwrap();
    let dead: Vec<Point> = ["B5", "A4", "C4"].iter().map(|p| at(&b, p)).collect();
    for first in Color::BOTH {
        let f = finish(&b, &dead, &[], first);
        assert_eq!(f.stones, vec![], "{first:?} first");
    }
}

#[test]
fn a_capture_that_is_taken_back_at_once_needs_no_teire() {
    // White's d8 is in atari (its liberty d7) between Black's live chain d9 e8 and Black's
    // dead chain c6 c7 c8, whose only liberty is d7 too. If Black captured d8 at d7, her
    // stone would join the dead chain with one liberty, d8, and White would take all four
    // stones back there (four stones: no ko). So White owes no teire at d7 (the finishing
    // used to play it, a point of White's own territory; seen on Hon-96-1, where GNU Go's
    // `--score finish` and the record leave the point empty). Nothing is neutral. The
    // one stone played is Black's teire at h9: her group's only eye space is the
    // rectangular six g8-j9 in the corner, with no liberty outside it, which White
    // moving first kills at h8 (GNU Go 3.8: `dragon_status F9` is `critical H8 H9`).
    let b = Board::from_text(
        ". O O X X X . . .
         . O X O X X . . .
         . O X . O X X X X
         . O X O O O O O O
         . O O O . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .",
    )
    .unwrap();
    assert_eq!(b.chain_liberties(at(&b, "D8")), vec![at(&b, "D7")]);
    assert_eq!(b.chain_liberties(at(&b, "C7")), vec![at(&b, "D7")]);
    let dead: Vec<Point> = ["C6", "C7", "C8"].iter().map(|p| at(&b, p)).collect();
    for first in Color::BOTH {
        let f = finish(&b, &dead, &[], first);
        assert_eq!(
            f.stones,
            vec![(at(&b, "H9"), Color::Black)],
            "{first:?} first"
        );
    }
}

#[test]
fn a_dame_that_keeps_a_dead_chain_capturable_is_filled_instead_of_capturing() {
    // Black's a5 a4 b4 c4 c5 has two liberties, a3 and d4; White's dead b3 c3 has a3 and
    // b2. If White filled the dame d4 (her d5 then keeps the liberty d6), Black's chain
    // would be left with a3, the dead chain's liberty too, and the dead stones could no
    // longer be captured: b2 would be answered by White's capture at a3. Worked by hand:
    // Black fills d4 herself, which joins her chain to the lower group and puts White's d5
    // in atari, so White connects at d6 (a teire); the dead stones can then be captured
    // whenever needed. Capturing them at once instead would cost Black a point of her
    // territory (the finishing did that on Hon-51-5, where GNU Go's `--score finish` and
    // the record fill the dame).
    let b = Board::from_text(
        ". . . . . . .
         O O O . O O O
         X O X O X O O
         X X X . X X X
         . O O X X X X
         . . X X . . .
         . . . . . . .",
    )
    .unwrap();
    let dead: Vec<Point> = ["B3", "C3"].iter().map(|p| at(&b, p)).collect();
    let f = finish(&b, &dead, &[], Color::Black);
    assert_eq!(
        stones_of(&f, Color::Black),
        vec![at(&b, "D4")],
        "{:?}",
        f.stones
    );
    assert_eq!(
        stones_of(&f, Color::White),
        vec![at(&b, "D6")],
        "{:?}",
        f.stones
    );
    assert_eq!(f.captured, Vec::<Point>::new());
}

/// The final position of Hon-61-3 (goban-original-games; White to move, recorded B+0.5).
const HON_61_3: &str = ". . . . O O O X . . . . . . . . X X X
                        . . . O O X X X . . . . . . . X X O X
                        . . . O X . . O . X . . . . . X O O O
                        . . O O X . X O X X . . . . . X O . .
                        . . O X X . X X O X O . X X . X X O .
                        . O X X O . X O O O X X X O X X O O O
                        . O X . . O X X O . O O O O X X X O .
                        . O X . O X X X O . . . O O O X O O .
                        . O X X O X O O . O X X O X X X X O .
                        . . O X X O O X O O O O X . . . X O .
                        . . O X X O . X X X O . X . . X O O .
                        . . X O X X X X O O O X . . X X X O .
                        . . . O O X . X O . X . X X O X O . .
                        . . . O O O X X O O X X O O O O O O O
                        . . . O X O X O O X X O . . O . . X O
                        . . O O X X O O O X O . O O X X X X X
                        . . O X . X X X X O O . O X X . O O X
                        . . O X X . . . X O . . O O X X X O X
                        . . O O X . . . X X O . . O X . O O X";

#[test]
fn a_teire_is_played_where_the_filled_dame_let_a_dead_chain_fight_back() {
    // Black's dead pair l11 m11 sits in White's territory k13 k12 l12 m12, with the two
    // liberties l12 and m12. The dame around that territory (j11, k7, m9) take the
    // outside liberties of White's chains next to the pair; once they are filled, Black
    // moving first inside could fight (a race read by the semeai reader: her pair and
    // White's chain through l13 end with neither captured, a seki that would make the
    // territory neutral), so White spends one point inside first, at l12 — the move GNU
    // Go 3.8's finishing of this record plays too (`gnugo --score finish`: White j11,
    // Black m7, White l12), and the one the recorded B+0.5 needs: without it the count
    // is W+0.5. Whoever starts the finishing, White plays it.
    let b = Board::from_text(HON_61_3).unwrap();
    let dead: Vec<Point> = [
        "H17", "H16", "L15", "E14", "F13", "E12", "E11", "L11", "M11", "C8", "R3", "S3", "S2",
        "R1", "S1",
    ]
    .iter()
    .map(|p| at(&b, p))
    .collect();
    for first in Color::BOTH {
        let f = finish(&b, &dead, &[], first);
        assert!(
            stones_of(&f, Color::White).contains(&at(&b, "L12")),
            "{first:?} first"
        );
    }
}

#[test]
fn the_dame_that_closes_a_border_is_filled_before_a_plain_one() {
    // Two dame, neither forcing anything: d5, between Black's c5 and White's e5 and d4
    // (one chain with e4), encloses nothing whoever fills it; c1, the gap in Black's
    // wall c2-c5 next to White's d1, leaves the ten points a1-b5 open to White until it
    // is filled. Black's stone there makes them her territory, White's leaves them open
    // (her stone then touches them): a real move worth ten points to Black, which she
    // plays first, though d5 comes first on the board.
    let b = Board::from_text(
        ". . X . O . .
         . . X O O . .
         . . X O . . .
         . . X O . . .
         . . . O . . .",
    )
    .unwrap();
    let f = finish(&b, &[], &[], Color::Black);
    assert_eq!(
        f.stones.first(),
        Some(&(at(&b, "C1"), Color::Black)),
        "{:?}",
        f.stones
    );
    // White then fills the other dame (nothing else is left).
    assert_eq!(
        f.stones.get(1),
        Some(&(at(&b, "D5"), Color::White)),
        "{:?}",
        f.stones
    );
    assert_eq!(f.stones.len(), 2, "{:?}", f.stones);
}

#[test]
fn the_ko_the_game_ended_on_is_not_retaken_at_once() {
    // White has just taken a ko at b4, capturing c4; Black's b5 is in atari, and its only
    // rescue is retaking at c4, which the ko rule forbids on this turn (docs/rules.md §3).
    // Black must play elsewhere; White then connects the ko.
    let mut b = Board::from_text(
        ". X O . .
         X . X O .
         . X O . .
         . X O . .
         . X O . .",
    )
    .unwrap();
    b.play_unchecked(b.idx(at(&b, "B4")), Color::White);
    assert_eq!(b.ko_point(), Some(b.idx(at(&b, "C4"))));
    let f = finish(&b, &[], &[], Color::Black);
    assert!(
        !f.stones.contains(&(at(&b, "C4"), Color::Black)),
        "{:?}",
        f.stones
    );
    assert_eq!(f.stones[0], (at(&b, "C4"), Color::White));
}

#[test]
fn a_chain_in_atari_connects_rather_than_take_a_dead_stone() {
    // Black's a5-a4-b4 is in atari (its liberty c4); White's b5, dead inside Black's
    // corner, is in atari too (its liberty c5). Taking b5 at c5 saves the chain, and so
    // does connecting at c4; each costs Black a point of her territory. Worked by hand:
    // after c5 the chain's liberties are b5 and c4, and c4 stays a cutting point whose
    // fill she still owes (T-01-4's N14 chain, where the capture at P15 was followed by a
    // connection at P14: two teire for one); after c4 the chain joins the wall, and b5
    // stays dead where it is, its point hers at the count.
    let b = Board::from_text(
        "X O . X . .
         X X . X . .
         O O X X . .
         . O X . . .
         O O X . . .",
    )
    .unwrap();
    let dead = [at(&b, "B5")];
    let f = finish(&b, &dead, &[], Color::Black);
    assert_eq!(
        f.stones.first(),
        Some(&(at(&b, "C4"), Color::Black)),
        "{:?}",
        f.stones
    );
    assert!(!f.stones.contains(&(at(&b, "C5"), Color::Black)));
}

#[test]
fn dead_stones_that_touch_their_live_group_through_a_gap_are_cut_off_by_capture() {
    // White's dead g7 and f6 sit in Black's corner, but the empty g6 joins them to White's
    // live g5: the corner is open to both, so counted as it stands it is nobody's. Black
    // cannot play g6 (no liberty, no capture), so she takes the dead stones' other
    // liberty at f7 and then g6, capturing both and closing the corner (M-73-1's top
    // right: Black's S19 and T18, as GNU Go's finishing plays them). White has nothing to
    // fill: the border between the groups has no dame.
    let b = Board::from_text(
        ". . . . X . O
         . . . . X O .
         X X X X X X O
         O O O O O O O
         . . . . . . .
         . . . . . . .
         . . . . . . .",
    )
    .unwrap();
    let dead = vec![at(&b, "G7"), at(&b, "F6")];
    for first in Color::BOTH {
        let f = finish(&b, &dead, &[], first);
        assert_eq!(
            stones_of(&f, Color::Black),
            vec![at(&b, "F7"), at(&b, "G6")],
            "{first:?} first"
        );
        assert_eq!(stones_of(&f, Color::White), vec![], "{first:?} first");
        assert_eq!(f.captured, Vec::<Point>::new(), "they were dead already");
    }
}

/// Hon-67-4's lower left: Black's a2 is dead inside White's corner, whose chains have no
/// liberty outside it (a1 a3 b3 c3 c2 are its points).
const HON_67_4_CORNER: &str = "X X X X . . .
                               X O X X . . .
                               O O O X . . .
                               O O O X X X .
                               . . . O O X .
                               X O . O X . .
                               . O O X X . .";

#[test]
fn a_corner_that_answers_every_intrusion_inside_holds() {
    // Worked by hand, with Black first: b3 is answered by c3 (atari: a3 is then suicide
    // for Black or captured at a1), c3 by c2 (Black's b3 is then suicide), c2 by c3
    // (capturing it), a3 by b3 (a1 is then suicide), a1 by a3 (capturing two). The race
    // between White's b2-b1-c1 and a2, read on those two chains' liberties only, calls it
    // lost.
    let b = Board::from_text(HON_67_4_CORNER).unwrap();
    let a2 = b.idx(at(&b, "A2"));
    let t = intrusion::territory(&b, a2, Color::White).expect("a small territory");
    assert_eq!(t.points.len(), 6);
    assert_eq!(t.walls.len(), 3);
    assert_eq!(intrusion::holds(&b, &t, Color::Black), Some(true));
}

#[test]
fn no_teire_where_every_intrusion_inside_the_territory_is_answered() {
    // Hon-67-4's corner (above). Read as a race between White's b2-b1-c1 and a2 on
    // those two chains' liberties, Black moving first wins (White's answer to Black's
    // b3 is c3, a liberty of neither chain). Read on every point of the corner, each of
    // Black's first moves is answered inside. So no teire: the record (W+14.5 with komi
    // 4.5) plays none, and GNU Go's aftermath neither.
    let b = Board::from_text(HON_67_4_CORNER).unwrap();
    let corner: Vec<Point> = ["A1", "A3", "B3", "C3", "C2"]
        .iter()
        .map(|p| at(&b, p))
        .collect();
    for first in Color::BOTH {
        let f = finish(&b, &[at(&b, "A2")], &[], first);
        let inside: Vec<_> = f.stones.iter().filter(|s| corner.contains(&s.0)).collect();
        assert!(inside.is_empty(), "{first:?} first: {inside:?}");
    }
}

#[test]
fn a_small_shut_territory_the_opponent_could_break_gets_its_teire() {
    // White's lower-left chain has only the straight three a1-b1-c1 inside Black's
    // area, and no liberty outside it: Black's b1 would leave it one eye, and Black
    // could then fill a1 and c1 from outside in turn (the dame are all filled: nothing
    // else is left to play). So White spends a point on b1, the vital point, making two
    // eyes, whoever starts; Black plays nothing inside.
    let b = Board::from_text(
        ". . . . . .
         X X X X X .
         O O O O X .
         . . . O X .",
    )
    .unwrap();
    for first in Color::BOTH {
        let f = finish(&b, &[], &[], first);
        assert_eq!(
            stones_of(&f, Color::White),
            vec![at(&b, "B1")],
            "{first:?} first"
        );
        assert!(
            !stones_of(&f, Color::Black).iter().any(|p| p.y == 3),
            "{first:?} first: {:?}",
            f.stones
        );
    }
}

/// T-09-2's upper left on a small board: White's walls d7 (liberties d8 and e7) and e6 e5
/// f5 g5 (e7 and f6) round the upper territory, with Black's dead a7 b7 c7 c6 d6 d5 on
/// their other side; `row6` is the row through b6.
fn double_atari_beside_dead_chain(row6: &str) -> Board {
    Board::from_text(&format!(
        ". . . . . . . . .
         O O O . . . . . .
         X X X O . . . O O
         {row6}
         . . O X O O O X X
         O O O O X X X X X
         X X X X . . . . .
         . . . . . . . . .
         . . . . . . . . ."
    ))
    .unwrap()
}

#[test]
fn a_wall_saved_by_capturing_a_dead_chain_outside_the_window_needs_no_teire() {
    // Worked by hand: Black's e7 ataris d7 (left with d8) and e6 e5 f5 g5 (left with f6)
    // at once. White's a6 answers both: the dead chain a7-d5 has that one liberty, and
    // its capture gives d7 the liberties c7 and d6, e6 the liberties d6 and d5. So White
    // owes no teire in her upper territory (T-09-2: record W+4.5, and GNU Go's aftermath
    // plays none there). a6 is far from the weak walls, outside the window the teire
    // step reads, and before the dead chains next to the walls were added to it (with
    // their liberties, for the owner only) the window called the double atari a break.
    let b = double_atari_beside_dead_chain(". O X X O . . O X");
    let dead: Vec<Point> = ["A7", "B7", "C7", "C6", "D6", "D5"]
        .iter()
        .map(|p| at(&b, p))
        .collect();
    let f = finish(&b, &dead, &[], Color::Black);
    assert_eq!(stones_of(&f, Color::White), vec![], "{:?}", f.stones);
    // With b6 empty the dead chain has a second liberty, and a6 no longer captures it:
    // the double atari is real, and White spends a point on it, in her upper territory
    // or by taking the dead chain's liberties first.
    let open = double_atari_beside_dead_chain(". . X X O . . O X");
    let f = finish(&open, &dead, &[], Color::Black);
    assert!(!stones_of(&f, Color::White).is_empty(), "{:?}", f.stones);
}

#[test]
fn a_chain_is_saved_on_the_point_of_a_dead_stone_it_captured() {
    // M-67-3's lower right on a small board, worked by hand. Black's e1-h1 has two
    // liberties, the dame f2 and j1; White's dead d1 has one, c1. White fills f2 and
    // Black takes d1 at c1, which gives e1 the liberty d1. White fills j1, and Black must
    // connect at d1, where the dead stone stood: otherwise White's d1 takes four stones.
    // GNU Go's aftermath plays that connection (o1 in the record, B+6 as recorded). The
    // finishing did not play on a point that held a stone at the start, and left e1-h1
    // in atari, a point more for Black than the count should give.
    let b = Board::from_text(
        "X X X X O O O O O
         . X . X O . O . O
         X X X X O O O O O
         . X . X O . O . O
         X X X X O O O O O
         . X X X O O O . O
         X X X X O O O O O
         X X X X O . O O O
         . X . O X X X X .",
    )
    .unwrap();
    let f = finish(&b, &[at(&b, "D1")], &[], Color::White);
    let black = stones_of(&f, Color::Black);
    assert!(black.contains(&at(&b, "C1")), "{:?}", f.stones);
    assert!(black.contains(&at(&b, "D1")), "{:?}", f.stones);
    assert!(f.broken.is_empty(), "{:?}", f.broken);
    // The count takes the dead stone off before it places the fills, so Black's d1
    // stands where the dead stone was: a point of her territory less than without it.
    let count = |fills: &[(Point, Color)]| {
        let rules = tengen::Rules::japanese();
        let tally = tengen::Tally::default();
        tengen::score::count_with_fills(&b, &[at(&b, "D1")], fills, &tally, &rules)
            .unwrap()
            .black
            .territory
    };
    let without: Vec<(Point, Color)> = f
        .stones
        .iter()
        .copied()
        .filter(|&s| s != (at(&b, "D1"), Color::Black))
        .collect();
    assert_eq!(count(&f.stones) + 1, count(&without));
}
