//! Points, coordinates, text boards and handicap placement.

use tengen::handicap::{fixed_handicap, max_fixed_handicap, HandicapError};
use tengen::{Board, Color, Game, Move, Point, Rules, Size};

#[test]
fn gtp_vertices() {
    let s19 = Size::square(19).unwrap();
    assert_eq!(Point::from_gtp("A1", s19), Some(Point::new(0, 18)));
    assert_eq!(Point::from_gtp("t19", s19), Some(Point::new(18, 0)));
    assert_eq!(Point::from_gtp("J10", s19), Some(Point::new(8, 9)));
    assert_eq!(Point::from_gtp("I5", s19), None, "no I column");
    assert_eq!(Point::from_gtp("U1", s19), None);
    assert_eq!(Point::from_gtp("A20", s19), None);
    assert_eq!(Point::from_gtp("A0", s19), None);
    assert_eq!(Point::from_gtp("A", s19), None);
    assert_eq!(Point::from_gtp("A1x", s19), None);
    assert_eq!(Point::from_gtp("", s19), None);
    assert_eq!(Point::from_gtp("Ä1", s19), None);
    assert_eq!(Move::from_gtp("PASS", s19), Some(Move::Pass));
    let s25 = Size::square(25).unwrap();
    assert_eq!(Point::new(24, 0).to_gtp(s25).unwrap(), "Z25");
    for p in s25.all_points() {
        assert_eq!(Point::from_gtp(&p.to_gtp(s25).unwrap(), s25), Some(p));
    }
    let rect = Size::new(7, 3).unwrap();
    assert_eq!(Point::from_gtp("G3", rect), Some(Point::new(6, 0)));
    assert_eq!(Point::from_gtp("H1", rect), None);
}

#[test]
fn sgf_points() {
    let s19 = Size::square(19).unwrap();
    assert_eq!(Point::from_sgf("dd", s19), Some(Point::new(3, 3)));
    assert_eq!(Point::new(3, 15).to_sgf().unwrap(), "dp");
    assert_eq!(Move::from_sgf("tt", s19), Some(Move::Pass));
    assert_eq!(Move::from_sgf("", s19), Some(Move::Pass));
    // On boards above 19, tt is a point.
    let s21 = Size::square(21).unwrap();
    assert_eq!(
        Move::from_sgf("tt", s21),
        Some(Move::Play(Point::new(19, 19)))
    );
    assert_eq!(Point::from_sgf("zz", s19), None);
    assert_eq!(Point::from_sgf("a", s19), None);
    for p in Size::square(25).unwrap().all_points() {
        assert_eq!(
            Point::from_sgf(&p.to_sgf().unwrap(), Size::square(25).unwrap()),
            Some(p)
        );
    }
}

#[test]
fn sizes() {
    assert!(Size::new(0, 5).is_none());
    assert!(Size::new(26, 5).is_none());
    assert_eq!(Size::new(25, 1).unwrap().points(), 25);
    let mut g = Game::new(Size::new(1, 1).unwrap(), Rules::tromp_taylor());
    // On 1x1 the only play is a suicide that recreates the empty board.
    assert_eq!(g.legal_moves(), vec![Move::Pass]);
    g.pass().unwrap();
    g.pass().unwrap();
    assert!(g.is_over());
}

#[test]
fn text_boards() {
    let b = Board::from_text("X . O\n. X .\nO . .").unwrap();
    assert_eq!(b.to_text(), "X . O\n. X .\nO . .\n");
    assert_eq!(b.get(Point::new(2, 0)), Some(Color::White));
    assert_eq!(
        Board::from_text("X O\nO .").unwrap_err(),
        "the chain at A2 has no liberty"
    );
    assert_eq!(
        Board::from_text("X .\n. . .").unwrap_err(),
        "row 2 has 3 points, the first row has 2"
    );
    assert!(Board::from_text("X ? .")
        .unwrap_err()
        .contains("unexpected character '?'"));
    let b = Board::from_text(". . . . .\n. . . . .\n. . X . .\n. . . . .\n. . . . .").unwrap();
    let shown = b.to_text_with_coordinates(Some(Point::new(2, 2)));
    assert_eq!(
        shown,
        "    A B C D E\n 5  . . . . .  5\n 4  . . . . .  4\n 3  . .(X). .  3\n 2  . . . . .  2\n 1  . . . . .  1\n    A B C D E\n"
    );
    let nine = Board::new(Size::square(9).unwrap()).to_string();
    assert!(nine.contains(" 7  . . + . . . + . .  7\n"), "{nine}");
}

#[test]
fn fixed_handicap_follows_gtp_order() {
    let s19 = Size::square(19).unwrap();
    let names = |n: u8, s: Size| {
        fixed_handicap(s, n)
            .unwrap()
            .iter()
            .map(|p| p.to_gtp(s).unwrap())
            .collect::<Vec<_>>()
            .join(" ")
    };
    assert_eq!(names(2, s19), "D4 Q16");
    assert_eq!(names(3, s19), "D4 Q16 D16");
    assert_eq!(names(4, s19), "D4 Q16 D16 Q4");
    assert_eq!(names(5, s19), "D4 Q16 D16 Q4 K10");
    assert_eq!(names(6, s19), "D4 Q16 D16 Q4 D10 Q10");
    assert_eq!(names(7, s19), "D4 Q16 D16 Q4 D10 Q10 K10");
    assert_eq!(names(8, s19), "D4 Q16 D16 Q4 D10 Q10 K4 K16");
    assert_eq!(names(9, s19), "D4 Q16 D16 Q4 D10 Q10 K4 K16 K10");
    let s9 = Size::square(9).unwrap();
    assert_eq!(names(9, s9), "C3 G7 C7 G3 C5 G5 E3 E7 E5");
    let s13 = Size::square(13).unwrap();
    assert_eq!(names(5, s13), "D4 K10 D10 K4 G7");
    assert_eq!(max_fixed_handicap(Size::square(7).unwrap()), 4);
    assert_eq!(max_fixed_handicap(Size::square(10).unwrap()), 4);
    assert_eq!(max_fixed_handicap(Size::square(6).unwrap()), 0);
    assert_eq!(
        fixed_handicap(Size::square(10).unwrap(), 5),
        Err(HandicapError::TooMany { asked: 5, max: 4 })
    );
    assert_eq!(fixed_handicap(s19, 1), Err(HandicapError::TooFew(1)));
}

#[test]
fn handicap_games_start_with_white() {
    let mut g = Game::new(Size::square(19).unwrap(), Rules::named("japanese").unwrap());
    g.set_fixed_handicap(4).unwrap();
    assert_eq!(g.to_move(), Color::White);
    assert_eq!(g.board().stones_on_board(Color::Black), 4);
    assert_eq!(g.handicap().len(), 4);
    g.play(Move::from_gtp("K10", g.size()).unwrap()).unwrap();
    assert!(
        g.set_fixed_handicap(2).is_err(),
        "only before the first move"
    );
    // Free placement: any distinct points; repeats and single stones are refused.
    let mut g = Game::new(Size::square(9).unwrap(), Rules::named("chinese").unwrap());
    let p = |s: &str| Point::from_gtp(s, Size::square(9).unwrap()).unwrap();
    assert!(g.set_free_handicap(&[p("A1"), p("A1")]).is_err());
    assert!(g.set_free_handicap(&[p("A1")]).is_err());
    g.set_free_handicap(&[p("A1"), p("J9"), p("E5")]).unwrap();
    assert_eq!(g.to_move(), Color::White);
    // Handicap stones belong to P_0: undoing the first move keeps them.
    g.play(Move::from_gtp("B2", g.size()).unwrap()).unwrap();
    assert!(g.undo());
    assert_eq!(g.board().stones_on_board(Color::Black), 3);
    assert_eq!(g.handicap().len(), 3);
}

#[test]
fn star_points() {
    use tengen::handicap::star_points;
    assert_eq!(star_points(Size::square(19).unwrap()).len(), 9);
    assert_eq!(star_points(Size::square(13).unwrap()).len(), 5);
    assert_eq!(star_points(Size::square(9).unwrap()).len(), 5);
    assert_eq!(star_points(Size::square(8).unwrap()).len(), 4);
    assert_eq!(star_points(Size::square(5).unwrap()).len(), 0);
}

#[test]
fn empty_boards_of_every_shape_are_consistent() {
    for w in 1..=25u8 {
        for h in [1u8, 2, 3, 9, 13, 19, 25] {
            let size = Size::new(w, h).unwrap();
            let boxed = Board::new_boxed(size);
            boxed.check_invariants().unwrap();
            let plain = Board::new(size);
            plain.check_invariants().unwrap();
            assert_eq!(plain.hash(), 0);
            for p in size.all_points() {
                assert_eq!(boxed.get(p), None);
                let n = boxed.neighbour_counts(boxed.idx(p));
                assert_eq!(n, plain.neighbour_counts(plain.idx(p)));
                let on_board = [p.x > 0, p.x + 1 < w, p.y > 0, p.y + 1 < h];
                assert_eq!(n.empty(), on_board.iter().filter(|&&b| b).count() as u32);
            }
        }
    }
}

#[test]
fn any_stone_stops_at_the_first_stone_it_is_true_of() {
    // Black's chain c3 d3 d4 and a lone stone: the stones come in the order
    // `for_each_stone` gives, until the first that the test is true of.
    let b = Board::from_text(
        ". . . . .
         . . . . .
         . . X X .
         . . X . .
         X . . . .",
    )
    .unwrap();
    let i = |gtp: &str| b.idx(Point::from_gtp(gtp, b.size()).unwrap());
    let mut order = Vec::new();
    b.for_each_stone(i("C2"), |s| order.push(s));
    assert_eq!(order.len(), 3);
    for stop in 0..3 {
        let mut seen = Vec::new();
        let found = b.any_stone(i("C2"), |s| {
            seen.push(s);
            s == order[stop]
        });
        assert!(found);
        assert_eq!(seen, order[..=stop], "stopping at stone {stop}");
    }
    let mut seen = Vec::new();
    assert!(!b.any_stone(i("C2"), |s| {
        seen.push(s);
        false
    }));
    assert_eq!(seen, order);
    assert!(b.any_stone(i("A1"), |s| s == i("A1")));
}
