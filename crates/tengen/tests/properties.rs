//! Property tests over random games under random rules.

mod common;

use common::reference;
use proptest::prelude::*;
use tengen::rules::{KoRule, Suicide};
use tengen::{Color, Game, Move, Point, Rules, RulesetName, Size};

fn grid(g: &Game) -> Vec<Option<Color>> {
    g.size().all_points().map(|p| g.board().get(p)).collect()
}

/// Everything observable about a game, for exact comparisons.
fn snapshot(g: &Game) -> String {
    format!(
        "{:?}|{:?}|{:?}|{}|{}|{:?}|{:?}|{:?}|{}|{:x}|{:?}|{:?}|{:?}",
        g.board(),
        g.to_move(),
        g.moves(),
        g.prisoners(Color::Black),
        g.prisoners(Color::White),
        g.pass_state(),
        g.phase(),
        g.legal_moves(),
        g.positions().len(),
        g.board().hash(),
        g.cycle_sets().constraint(),
        sorted_signatures(g, Color::Black),
        sorted_signatures(g, Color::White),
    )
}

/// The signatures rule 15 disallows for `c`, in a stable order.
fn sorted_signatures(g: &Game, c: Color) -> Vec<String> {
    let mut v: Vec<String> = g
        .cycle_sets()
        .disallowed(c)
        .iter()
        .map(|s| format!("{s:?}"))
        .collect();
    v.sort();
    v
}

/// A move for the random games below: mostly a legal move, sometimes one forced on a
/// random point whatever the rules say (as record readers do), and then the game may
/// continue after its end.
fn next_move(g: &mut Game, choice: u32) {
    if choice % 11 == 5 {
        let points: Vec<Point> = g.size().all_points().collect();
        let p = points[(choice / 11) as usize % points.len()];
        let color = g.to_move();
        g.force(color, Move::Play(p)).unwrap();
    } else if g.is_over() {
        let color = g.to_move();
        g.force(color, Move::Pass).unwrap();
    } else {
        let mv = pick(g, choice);
        g.play(mv).unwrap();
    }
}

fn arb_rules() -> impl Strategy<Value = Rules> {
    (
        0..RulesetName::ALL.len(),
        0..KoRule::ALL.len(),
        0..Suicide::ALL.len(),
        any::<bool>(),
    )
        .prop_map(|(n, k, s, custom)| {
            let mut r = RulesetName::ALL[n].rules();
            if custom {
                r.ko = KoRule::ALL[k];
                r.suicide = Suicide::ALL[s];
            }
            r
        })
}

fn arb_size() -> impl Strategy<Value = Size> {
    prop_oneof![
        (1u8..=5, 1u8..=5).prop_map(|(w, h)| Size::new(w, h).unwrap()),
        Just(Size::square(9).unwrap()),
        Just(Size::square(19).unwrap()),
        Just(Size::new(25, 3).unwrap()),
    ]
}

/// Picks a legal move from a choice number: mostly plays, sometimes a pass.
fn pick(g: &Game, choice: u32) -> Move {
    let moves = g.legal_moves();
    if choice.is_multiple_of(16) {
        Move::Pass
    } else {
        moves[choice as usize % moves.len()]
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, .. ProptestConfig::default() })]

    #[test]
    fn undo_restores_everything(rules in arb_rules(), size in arb_size(), choices in prop::collection::vec(any::<u32>(), 1..80)) {
        let mut g = Game::new(size, rules);
        for c in choices {
            if g.is_over() { break; }
            let before = snapshot(&g);
            let mv = pick(&g, c);
            let mut after = g.clone();
            after.play(mv).unwrap();
            let mut undone = after.clone();
            prop_assert!(undone.undo());
            prop_assert_eq!(snapshot(&undone), before);
            g = after;
        }
    }

    /// Undo many moves in a row: each undo returns to the state after the move before, and
    /// the game then continues exactly as a game that never made the moves taken back
    /// (hidden state such as cycle sets, pass runs and replaced stones included).
    #[test]
    fn undoing_many_moves_returns_to_each_earlier_state(
        rules in arb_rules(),
        size in arb_size(),
        choices in prop::collection::vec(any::<u32>(), 1..80),
        back in 1usize..80,
        then in prop::collection::vec(any::<u32>(), 0..20),
    ) {
        let mut g = Game::new(size, rules.clone());
        let mut states = vec![snapshot(&g)];
        for &c in &choices {
            next_move(&mut g, c);
            states.push(snapshot(&g));
        }
        let back = back.min(choices.len());
        for k in 1..=back {
            prop_assert!(g.undo());
            prop_assert_eq!(&snapshot(&g), &states[choices.len() - k], "after {} undos", k);
        }
        let mut fresh = Game::new(size, rules);
        for &c in &choices[..choices.len() - back] {
            next_move(&mut fresh, c);
        }
        for &c in &then {
            next_move(&mut g, c);
            next_move(&mut fresh, c);
            prop_assert_eq!(snapshot(&g), snapshot(&fresh));
        }
    }

    /// The whole-board legality mask says exactly what asking point by point says, under
    /// every ruleset and ko and suicide rule, after every move of random games.
    #[test]
    fn the_legality_mask_agrees_with_every_point(rules in arb_rules(), size in arb_size(), choices in prop::collection::vec(any::<u32>(), 1..120)) {
        let mut g = Game::new(size, rules);
        for c in choices {
            let mut mask = vec![false; size.points()];
            g.legal_mask_into(&mut mask);
            for (p, legal) in size.all_points().zip(&mask) {
                prop_assert_eq!(*legal, g.legal(Move::Play(p)).is_ok(), "{:?} at move {}", p, g.move_number());
            }
            if g.is_over() { break; }
            let mv = pick(&g, c);
            g.play(mv).unwrap();
        }
    }

    #[test]
    fn board_state_matches_a_fresh_computation(rules in arb_rules(), size in arb_size(), choices in prop::collection::vec(any::<u32>(), 1..120)) {
        let forbidden = rules.suicide == Suicide::Forbidden;
        let mut g = Game::new(size, rules);
        for c in choices {
            if g.is_over() { break; }
            let mv = pick(&g, c);
            let before = grid(&g);
            let color = g.to_move();
            let rec = g.play(mv).unwrap().clone();
            // The position history, kept incrementally, equals a fresh packing.
            let t = g.move_number();
            let fresh = tengen::history::pack(g.board());
            prop_assert_eq!(g.positions().packed(t).unwrap(), fresh.0);
            prop_assert_eq!(g.positions().hash(t), Some(g.board().hash()));
            // Hash, liberties and chains equal a recomputation from scratch.
            prop_assert!(g.board().check_invariants().is_ok(), "{:?}", g.board().check_invariants());
            // Captures equal the naive flood-fill reference of docs/rules.md §1.5.
            if let Move::Play(p) = mv {
                let (w, h) = (size.width() as usize, size.height() as usize);
                let (next, captured, suicided) = reference::apply(&before, w, h, color, (p.x as usize, p.y as usize));
                prop_assert_eq!(&grid(&g), &next);
                let pts = |v: &[(usize, usize)]| { let mut x: Vec<Point> = v.iter().map(|&(x, y)| Point::new(x as u8, y as u8)).collect(); x.sort(); x };
                prop_assert_eq!(rec.captured().to_vec(), pts(&captured));
                prop_assert_eq!(rec.suicided().to_vec(), pts(&suicided));
            }
            // No chain without a liberty when suicide is forbidden.
            if forbidden {
                for p in size.all_points() {
                    if g.board().get(p).is_some() {
                        prop_assert!(!g.board().chain_liberties(p).is_empty());
                    }
                }
            }
        }
    }

    #[test]
    fn stones_are_conserved(size in arb_size(), choices in prop::collection::vec(any::<u32>(), 1..150)) {
        let mut g = Game::new(size, Rules::tromp_taylor());
        for c in choices {
            if g.is_over() { break; }
            let mv = pick(&g, c);
            g.play(mv).unwrap();
        }
        for c in Color::BOTH {
            let played = g.moves().iter().filter(|r| r.color == c && r.mv != Move::Pass).count() as u32;
            let on_board = g.board().stones_on_board(c) as u32;
            prop_assert_eq!(played, on_board + g.prisoners(c.opponent()));
        }
    }
}

#[test]
fn forced_moves_are_recorded_and_undone_exactly() {
    // A record's illegal ko retake, a stone on an occupied point, a move after the end.
    let mut g = Game::new(Size::square(5).unwrap(), Rules::named("japanese").unwrap());
    for m in ["B4", "C4", "A3", "D3", "B2", "C2", "pass", "B3", "C3"] {
        let mv = Move::from_gtp(m, g.size()).unwrap();
        g.play(mv).unwrap();
    }
    let retake = Move::from_gtp("B3", g.size()).unwrap();
    assert!(g.legal(retake).is_err());
    let before = snapshot(&g);
    let rec = g.force(Color::White, retake).unwrap().clone();
    assert_eq!(rec.captured().len(), 1);
    assert!(g.board().check_invariants().is_ok());
    let mut h = g.clone();
    assert!(h.undo());
    assert_eq!(snapshot(&h), before);
    let on_stone = Move::from_gtp("B4", g.size()).unwrap();
    g.force(Color::White, on_stone).unwrap();
    assert_eq!(g.board().get(Point::new(1, 1)), Some(Color::White));
    assert!(g.board().check_invariants().is_ok());
    let fresh = tengen::history::pack(g.board());
    assert_eq!(g.positions().packed(g.move_number()).unwrap(), fresh.0);
    g.pass().unwrap();
    g.pass().unwrap();
    assert!(g.is_over());
    g.force(Color::Black, Move::from_gtp("E5", g.size()).unwrap())
        .unwrap();
    assert!(!g.is_over());
    let mut h = g.clone();
    assert!(h.undo());
    assert!(h.is_over());
}
