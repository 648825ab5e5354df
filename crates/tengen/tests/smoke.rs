use tengen::{Board, Color, Game, Move, Point, Rules, Size};

fn gtp(g: &Game, s: &str) -> Move {
    Move::from_gtp(s, g.size()).unwrap()
}

#[test]
fn capture_and_ko() {
    let b = Board::from_text(
        ". X O . .
         X O . O .
         . X O . .
         . . . . .
         . . . . .",
    )
    .unwrap();
    b.check_invariants().unwrap();
    let mut g = Game::from_position(b, Color::Black, Rules::named("japanese").unwrap());
    let r = g.play(gtp(&g, "C4")).unwrap().clone();
    assert_eq!(
        r.captured(),
        vec![Point::from_gtp("B4", Size::square(5).unwrap()).unwrap()]
    );
    g.board().check_invariants().unwrap();
    let e = g.play(gtp(&g, "B4")).unwrap_err();
    assert!(e.to_string().contains("ko"), "{e}");
    for r in [
        "tromp-taylor",
        "aga",
        "ikeda-area-2",
        "new-zealand",
        "korean",
        "chinese",
    ] {
        let mut g2 = Game::from_position(
            g.start_board().clone(),
            Color::Black,
            Rules::named(r).unwrap(),
        );
        g2.play(gtp(&g2, "C4")).unwrap();
        assert!(g2.legal(gtp(&g2, "B4")).is_err(), "{r}");
    }
}

#[test]
fn random_games_keep_invariants() {
    let mut seed = 12345u64;
    for rules in [
        "tromp-taylor",
        "japanese",
        "aga",
        "ing",
        "ikeda-territory-1",
    ] {
        for n in [1u8, 2, 3, 5, 9] {
            let mut g = Game::new(Size::square(n).unwrap(), Rules::named(rules).unwrap());
            for _ in 0..300 {
                if g.is_over() {
                    break;
                }
                let moves = g.legal_moves();
                seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                let m = moves[(seed >> 33) as usize % moves.len()];
                g.play(m).unwrap();
                g.board().check_invariants().unwrap();
            }
            let before = g.board().clone();
            let n = g.move_number();
            if n > 0 {
                let mut h = g.clone();
                h.undo();
                assert_eq!(h.move_number(), n - 1);
            }
            assert_eq!(&before, g.board());
        }
    }
}
