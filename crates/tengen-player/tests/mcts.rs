//! The Monte-Carlo player: legal under every ruleset, sensible in clear positions.

use tengen::{Board, Color, Game, Move, Point, Rules, RulesetName, Size};
use tengen_player::mcts::{choose, Budget, Options};

#[test]
fn never_plays_an_illegal_move_under_any_ruleset() {
    for (k, name) in RulesetName::ALL.iter().enumerate() {
        let mut g = Game::new(Size::square(5).unwrap(), name.rules());
        let mut moves = 0;
        while !g.is_over() && moves < 60 {
            let c = g.to_move();
            let d = choose(
                &g,
                c,
                Budget::Playouts(60),
                Options {
                    resign_below: 0.0,
                    seed: k as u64,
                },
            );
            let mv = d.mv.expect("never resigns with resign_below 0");
            g.play(mv).unwrap_or_else(|e| panic!("{name}: {e}"));
            moves += 1;
        }
        if g.needs_settlement() {
            let mut s = tengen::Settlement::new(g).unwrap();
            s.accept(Color::Black).unwrap();
            s.accept(Color::White).unwrap();
            assert!(s.into_game().result().is_some(), "{name}");
        }
    }
}

#[test]
fn captures_a_big_group_in_atari() {
    // White's four stones in the middle have one liberty, at C3: Black takes them.
    let b = Board::from_text(
        ". . . . . . .
         . . X X X . .
         . X O O O X .
         . X O . O X .
         . X O O O X .
         . . X X X . .
         . . . . . . .",
    )
    .unwrap();
    let g = Game::from_position(b, Color::Black, Rules::named("chinese").unwrap());
    let d = choose(&g, Color::Black, Budget::Playouts(2000), Options::default());
    assert_eq!(d.mv, Some(Move::Play(Point::new(3, 3))));
    assert!(d.win_rate > 0.8, "{}", d.win_rate);
}

#[test]
fn passes_after_the_opponents_pass_when_that_wins() {
    // Black has the whole left, White the right; komi 0.5 for White, Black ahead by far.
    let b = Board::from_text(
        ". . X O .
         . . X O .
         . . X O .
         . . X O .
         . . X O .",
    )
    .unwrap();
    let mut rules = Rules::named("chinese").unwrap();
    rules.komi = tengen::Komi::from_halves(1).unwrap();
    let mut g = Game::from_position(b, Color::White, rules);
    g.pass().unwrap();
    let d = choose(&g, Color::Black, Budget::Playouts(500), Options::default());
    assert_eq!(d.mv, Some(Move::Pass));
}

#[test]
fn resigns_when_hopeless() {
    // White is left with nothing against Black's wall and a komi of 0.
    let b = Board::from_text(
        ". X . X .
         X X X X X
         . . . . .
         X X X X X
         . X . X .",
    )
    .unwrap();
    let mut rules = Rules::named("chinese").unwrap();
    rules.komi = tengen::Komi::from_halves(0).unwrap();
    let g = Game::from_position(b, Color::White, rules);
    let d = choose(&g, Color::White, Budget::Playouts(400), Options::default());
    assert_eq!(d.mv, None, "win rate {}", d.win_rate);
}
