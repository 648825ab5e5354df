//! Every public constructor and query of the engine, fed bad input: off-board points, sizes
//! 0 and 26, dead lists that name no stone, moves out of turn, unknown rule names. Each
//! answers with an error, `None` or an empty answer, and never panics.

use tengen::grid::Grid;
use tengen::life;
use tengen::rules::Suicide;
use tengen::score::{count, count_with_fills};
use tengen::{
    Board, Color, CountError, Game, Illegal, Komi, Move, Point, Rules, SettleError, Settlement,
    SetupError, Size, Stage, Tally,
};

/// A point off every board the engine accepts (sides up to 25).
const FAR: Point = Point::new(30, 30);
/// A point off a 9x9 board but on a 19x19 one.
const NEAR: Point = Point::new(9, 0);

fn e5() -> Point {
    Point::from_gtp("E5", Size::NINE).unwrap()
}

#[test]
fn sizes_outside_1_to_25_are_refused() {
    assert_eq!(Size::new(0, 5), None);
    assert_eq!(Size::new(5, 0), None);
    assert_eq!(Size::new(26, 5), None);
    assert_eq!(Size::new(5, 26), None);
    assert_eq!(Size::square(0), None);
    assert_eq!(Size::square(26), None);
    assert_eq!(Size::square(255), None);
    assert_eq!(Size::square(25).map(|s| s.points()), Some(625));
    assert!(Board::from_text(&". ".repeat(26)).is_err());
    assert!(Board::from_text("").is_err());
}

#[test]
fn points_off_the_board_have_no_spelling_and_do_not_parse() {
    assert_eq!(FAR.to_gtp(Size::NINE), None);
    assert_eq!(NEAR.to_gtp(Size::NINE), None);
    assert_eq!(Move::Play(NEAR).to_gtp(Size::NINE), None);
    assert_eq!(Point::new(52, 0).to_sgf(), None);
    assert_eq!(Point::new(51, 0).to_sgf().as_deref(), Some("Za"));
    for text in ["", "Z99", "A0", "A10", "I5", "J", "55", "pass", "E5x"] {
        assert_eq!(Point::from_gtp(text, Size::NINE), None, "{text:?}");
    }
    assert_eq!(Move::from_gtp("K1", Size::NINE), None);
    assert_eq!(Point::from_sgf("zz", Size::NINE), None);
    assert_eq!(Point::from_sgf("a", Size::NINE), None);
    assert_eq!(Move::from_sgf("jj", Size::NINE), None);
}

#[test]
fn a_board_asked_about_points_off_it_says_nothing_is_there() {
    let board = Board::from_text("X . .\n. O .\n. . .").unwrap();
    for p in [FAR, NEAR, Point::new(3, 0), Point::new(0, 3)] {
        assert_eq!(board.get(p), None, "{p:?}");
        assert!(board.chain(p).is_empty());
        assert!(board.chain_liberties(p).is_empty());
        assert_eq!(board.cell(board.idx(p)), tengen::board::Cell::Wall);
        assert_eq!(board.liberties(board.idx(p)), 0);
    }
    assert_eq!(
        Board::from_stones(Size::NINE, &[(FAR, Color::Black)]),
        Err(SetupError::OffBoard(FAR))
    );
    assert_eq!(
        Board::from_stones(Size::NINE, &[(NEAR, Color::White)]),
        Err(SetupError::OffBoard(NEAR))
    );
    let corner = Point::new(0, 0);
    let boxed_in = [
        (corner, Color::Black),
        (Point::new(1, 0), Color::White),
        (Point::new(0, 1), Color::White),
    ];
    assert_eq!(
        Board::from_stones(Size::NINE, &boxed_in),
        Err(SetupError::NoLiberty(corner))
    );
}

#[test]
fn a_game_refuses_moves_and_setups_off_the_board() {
    let mut g = Game::new(Size::NINE, Rules::chinese());
    for p in [FAR, NEAR] {
        assert_eq!(g.legal(Move::Play(p)), Err(Illegal::OffBoard(p)));
        assert_eq!(g.play(Move::Play(p)).unwrap_err(), Illegal::OffBoard(p));
        assert_eq!(
            g.force(Color::Black, Move::Play(p)).unwrap_err(),
            Illegal::OffBoard(p)
        );
    }
    assert_eq!(g.move_number(), 0, "nothing was played");
    assert_eq!(
        g.set_free_handicap(&[e5(), NEAR]),
        Err(SetupError::OffBoard(NEAR))
    );
    assert_eq!(
        g.set_free_handicap(&[e5(), e5()]),
        Err(SetupError::RepeatedPoint(e5()))
    );
    assert_eq!(
        g.set_free_handicap(&[e5()]),
        Err(SetupError::HandicapCount { stones: 1, max: 80 })
    );
    for n in [0, 1, 10, 255] {
        assert!(
            matches!(g.set_fixed_handicap(n), Err(SetupError::Handicap(_))),
            "{n}"
        );
    }
    g.play(Move::Play(e5())).unwrap();
    assert_eq!(
        g.set_free_handicap(&[Point::new(0, 0), Point::new(8, 8)]),
        Err(SetupError::NotEmpty)
    );
    assert!(g.undo());
    assert!(!g.undo(), "nothing left to take back");
}

#[test]
fn counting_refuses_dead_points_that_are_no_stones() {
    let mut g = Game::new(Size::NINE, Rules::japanese());
    g.play(Move::Play(e5())).unwrap();
    let empty = Point::new(0, 0);
    assert_eq!(
        g.score_with_dead(&[FAR]).unwrap_err(),
        CountError::OffBoard(FAR)
    );
    assert_eq!(
        g.score_with_dead(&[NEAR]).unwrap_err(),
        CountError::OffBoard(NEAR)
    );
    assert_eq!(
        g.score_with_dead(&[empty]).unwrap_err(),
        CountError::NoStone(empty)
    );
    let (board, rules) = (g.board().clone(), Rules::japanese());
    assert!(count(&board, &[FAR], &Tally::default(), &rules).is_err());
    // Fills off the board or on stones are ignored, not refused.
    let fills = [(FAR, Color::White), (e5(), Color::White)];
    let report = count_with_fills(&board, &[], &fills, &Tally::default(), &rules).unwrap();
    assert_eq!(report.black.stones, 1);
    assert!(g.score_with_dead(&[e5()]).is_ok());
    // A fill where a dead stone stood is placed once the dead stone is off: the point
    // was captured, then played.
    let report = count_with_fills(&board, &[e5()], &fills, &Tally::default(), &rules).unwrap();
    assert_eq!((report.black.stones, report.white.stones), (0, 1));
    assert_eq!(report.white.dead, 1);
    // One of the dead stone's own colour would bring it back: it is ignored.
    let revive = [(e5(), Color::Black)];
    let report = count_with_fills(&board, &[e5()], &revive, &Tally::default(), &rules).unwrap();
    assert_eq!((report.black.stones, report.white.dead), (0, 1));
}

#[test]
fn a_settlement_refuses_what_does_not_fit() {
    // Only a game that ended by passes can be settled; any other comes back.
    let g = Game::new(Size::NINE, Rules::japanese());
    let back = Settlement::new(g).unwrap_err();
    assert_eq!(back.move_number(), 0);

    let mut g = Game::new(Size::NINE, Rules::japanese());
    g.play(Move::Play(e5())).unwrap();
    g.pass().unwrap();
    g.pass().unwrap();
    assert!(g.play(Move::Pass).is_err(), "the game is over");
    let mut s = Settlement::new(g).unwrap();
    let empty = Point::new(0, 0);
    for p in [FAR, NEAR] {
        assert_eq!(s.mark(Color::Black, p, true), Err(SettleError::OffBoard(p)));
        assert_eq!(s.toggle(Color::White, p), Err(SettleError::OffBoard(p)));
    }
    assert_eq!(
        s.mark(Color::Black, empty, true),
        Err(SettleError::NoStone(empty))
    );
    assert_eq!(s.propose(&[e5(), empty]), Err(SettleError::NoStone(empty)));
    assert!(s.marks().is_empty(), "a refused proposal changes nothing");
    // Moves belong to confirmation play only.
    assert_eq!(
        s.play(Color::Black, Move::Pass).unwrap_err(),
        Illegal::GameOver
    );
    // A rejection starts confirmation play, where turns are kept.
    s.reject(Color::White).unwrap();
    assert!(matches!(s.stage(), Stage::Confirming(_)));
    let to_move = s.confirmation().unwrap().sandbox.to_move();
    assert_eq!(
        s.play(to_move.opponent(), Move::Pass).unwrap_err(),
        Illegal::OutOfTurn { to_move }
    );
    assert_eq!(
        s.play(to_move, Move::Play(FAR)).unwrap_err(),
        Illegal::OffBoard(FAR)
    );
    assert_eq!(s.accept(Color::Black), Err(SettleError::NotMarking));
    assert_eq!(s.reject(Color::Black), Err(SettleError::NotMarking));
}

#[test]
fn rules_names_values_and_komi_are_checked() {
    assert!(Rules::named("martian").is_err());
    assert!("".parse::<Rules>().is_err());
    let mut r = Rules::japanese();
    assert!(r.set("ko", "bogus").is_err());
    assert!(r.set("bogus", "simple").is_err());
    assert!(r.set("stone-supply", "-3").is_err());
    assert!(r.get("bogus").is_err());
    assert_eq!(r, Rules::japanese(), "refused settings change nothing");
    for bad in ["7.3", "seven", "", "1e9", "NaN", "inf"] {
        assert!(bad.parse::<Komi>().is_err(), "{bad:?}");
    }
    assert_eq!(Komi::from_points(f64::NAN), None);
    assert_eq!(Komi::from_points(f64::INFINITY), None);
    assert_eq!(Komi::from_halves(i32::MAX), None);
    assert!(Komi::try_from(0.25).is_err());
    assert_eq!(Komi::try_from(7.5).unwrap().to_string(), "7.5");
    assert_eq!("-3".parse::<Komi>().unwrap().halves(), -6);
}

#[test]
fn history_queries_beyond_the_game_say_none() {
    let mut g = Game::new(Size::NINE, Rules::tromp_taylor());
    g.play(Move::Play(e5())).unwrap();
    let h = g.positions();
    assert_eq!(h.len(), 2);
    assert_eq!(h.hash(2), None);
    assert_eq!(h.to_move(7), None);
    assert_eq!(h.creator(7), None);
    assert_eq!(h.packed(2), None);
    assert_eq!(h.stones(99, Size::NINE), None);
    assert!(!h.same(0, 99));
    assert_eq!(h.earlier_with_same_hash(99).count(), 0);
    assert_eq!(h.stones(1, Size::NINE).unwrap().len(), 1);
}

#[test]
fn end_of_game_analysis_of_points_off_the_board() {
    let board = Board::from_text("X X .\nX . X\n. X X").unwrap();
    let mut grid = Grid::from_board(&board);
    assert_eq!(grid.get(FAR), None);
    grid.set(FAR, Some(Color::White));
    assert_eq!(
        grid,
        Grid::from_board(&board),
        "setting a point off the board does nothing"
    );
    assert!(grid.area(FAR).points.is_empty());
    assert_eq!(grid.neighbours(FAR).count(), 0);
    // Whole-board analyses keep to the board.
    let status = life::unconditional_status(&grid, Suicide::Forbidden);
    assert_eq!(status.len(), 9);
    assert!(life::seki(&grid).is_empty());
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig { cases: 200, ..Default::default() })]

    /// Any coordinates, any colour, any size: the answers are errors or values, never a
    /// panic, and a refused move leaves the game as it was.
    #[test]
    fn any_point_on_any_board_is_answered(
        side in 0u8..=30,
        xs in proptest::collection::vec((0u8..=255, 0u8..=255, proptest::bool::ANY), 1..40),
    ) {
        let Some(size) = Size::square(side) else {
            proptest::prop_assert!(side == 0 || side > 25);
            return Ok(());
        };
        let mut g = Game::new(size, Rules::ing());
        for (x, y, black) in xs {
            let p = Point::new(x, y);
            let color = if black { Color::Black } else { Color::White };
            let before = g.move_number();
            let legal = g.legal_as(color, Move::Play(p));
            match g.play_as(color, Move::Play(p)) {
                Ok(_) => proptest::prop_assert!(legal.is_ok()),
                Err(e) => {
                    proptest::prop_assert_eq!(Err(e), legal);
                    proptest::prop_assert_eq!(g.move_number(), before);
                }
            }
            let _ = p.to_gtp(size);
            let _ = p.to_sgf();
            let _ = g.board().get(p);
            let _ = g.board().chain(p);
            let _ = g.score_with_dead(&[p]);
            let _ = g.positions().hash(usize::from(x));
        }
        proptest::prop_assert!(g.board().check_invariants().is_ok());
    }
}
