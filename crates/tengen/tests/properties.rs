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

    /// A board built afresh (`Board::canonical`) holds the same position as the board a
    /// game reached by its moves and captures: the same stones, hash and ko point, every
    /// chain with the same liberties and length, its invariants whole, and the same
    /// answer to every next play.
    #[test]
    fn the_canonical_board_is_the_same_position(rules in arb_rules(), size in arb_size(), choices in prop::collection::vec(any::<u32>(), 1..120)) {
        let mut g = Game::new(size, rules);
        for c in choices {
            if g.is_over() { break; }
            let mv = pick(&g, c);
            g.play(mv).unwrap();
        }
        let b = g.board();
        let k = b.canonical();
        prop_assert!(k.check_invariants().is_ok());
        prop_assert_eq!(k.to_text(), b.to_text());
        prop_assert_eq!(k.hash(), b.hash());
        prop_assert_eq!(k.ko_point(), b.ko_point());
        for i in b.indices() {
            prop_assert_eq!(k.cell(i), b.cell(i));
            if b.cell(i).color().is_some() {
                prop_assert_eq!(k.liberties(i), b.liberties(i));
                prop_assert_eq!(k.chain_len(i), b.chain_len(i));
            }
            for c in Color::BOTH {
                if b.cell(i) == tengen::board::Cell::Empty {
                    let (mut x, mut y) = (b.clone(), k.clone());
                    x.play_unchecked(i, c);
                    y.play_unchecked(i, c);
                    prop_assert_eq!(x.to_text(), y.to_text());
                    prop_assert_eq!(x.hash(), y.hash());
                }
            }
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

/// One thing a player does while the dead stones are settled, drawn at random.
#[derive(Clone, Debug)]
enum SettleAction {
    Propose(Vec<u32>),
    Mark(bool, u32, bool),
    Toggle(bool, u32),
    Accept(bool),
    Reject(bool),
    Play(bool, u32),
}

fn arb_settle_action() -> impl Strategy<Value = SettleAction> {
    prop_oneof![
        1 => prop::collection::vec(any::<u32>(), 0..6).prop_map(SettleAction::Propose),
        3 => (any::<bool>(), any::<u32>(), any::<bool>()).prop_map(|(b, p, d)| SettleAction::Mark(b, p, d)),
        2 => (any::<bool>(), any::<u32>()).prop_map(|(b, p)| SettleAction::Toggle(b, p)),
        3 => any::<bool>().prop_map(SettleAction::Accept),
        1 => any::<bool>().prop_map(SettleAction::Reject),
        4 => (any::<bool>(), any::<u32>()).prop_map(|(b, c)| SettleAction::Play(b, c)),
    ]
}

/// A point of the board from a choice number; one in nine is off the board.
fn settle_point(size: Size, choice: u32) -> Point {
    if choice % 9 == 8 {
        return Point::new(size.width() + (choice % 3) as u8, 0);
    }
    let points: Vec<Point> = size.all_points().collect();
    points[choice as usize % points.len()]
}

/// A random game on a small board, ended by passes.
fn passed_out(rules: Rules, size: Size, choices: &[u32]) -> Game {
    let mut g = Game::new(size, rules);
    for &c in choices {
        if g.is_over() {
            break;
        }
        let mv = pick(&g, c.max(1));
        g.play(mv).unwrap();
    }
    for _ in 0..8 {
        if g.is_over() {
            break;
        }
        g.play(Move::Pass).unwrap();
    }
    g
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 160, .. ProptestConfig::default() })]

    /// The settling of dead stones under any rules, driven by random actions of both
    /// players (the server's scoring phase takes them from players' requests): nothing
    /// panics, marks are always stones of the final position, a change clears both
    /// acceptances, the same marks accepted by both settle the game with its result, and
    /// confirmation play keeps the stones both players agreed dead (docs/rules.md §5.1).
    /// Once settled, nothing more may change.
    #[test]
    fn settling_dead_stones_keeps_its_rules(
        rules in prop_oneof![
            arb_rules(),
            Just(RulesetName::Japanese.rules()),
            Just(RulesetName::Korean.rules()),
        ],
        side in 2u8..=6,
        choices in prop::collection::vec(any::<u32>(), 0..40),
        actions in prop::collection::vec(arb_settle_action(), 1..60),
    ) {
        let size = Size::square(side).unwrap();
        let g = passed_out(rules, size, &choices);
        let Ok(mut s) = tengen::Settlement::new(g) else { return Ok(()); };
        let colour = |black: bool| if black { Color::Black } else { Color::White };
        for action in actions {
            let before = s.stage().clone();
            let marking = before == tengen::Stage::Marking;
            let agreed = s.confirmation().map(|c| c.agreed_dead.clone());
            match action {
                SettleAction::Propose(points) => {
                    let points: Vec<Point> = points.iter().map(|&c| settle_point(size, c)).collect();
                    let r = s.propose(&points);
                    prop_assert!(r.is_ok() || !marking || points.iter().any(|&p| s.game().board().get(p).is_none()), "{r:?}");
                }
                SettleAction::Mark(black, p, dead) => {
                    let p = settle_point(size, p);
                    if let Ok(changed) = s.mark(colour(black), p, dead) {
                        prop_assert!(marking);
                        prop_assert_eq!(s.marks().contains(&p), dead);
                        if changed {
                            prop_assert!(!s.accepted(Color::Black) && !s.accepted(Color::White));
                        }
                    }
                }
                SettleAction::Toggle(black, p) => {
                    let p = settle_point(size, p);
                    let was = s.marks().contains(&p);
                    if s.toggle(colour(black), p).is_ok() {
                        prop_assert_eq!(s.marks().contains(&p), !was);
                    }
                }
                SettleAction::Accept(black) => {
                    let marks = s.marks().clone();
                    let other = s.accepted(colour(!black));
                    let r = s.accept(colour(black));
                    prop_assert_eq!(r.is_ok(), marking);
                    if marking && other {
                        prop_assert_eq!(s.stage(), &tengen::Stage::Settled);
                        prop_assert_eq!(s.marks(), &marks);
                    }
                }
                SettleAction::Reject(black) => {
                    prop_assert_eq!(s.reject(colour(black)).is_ok(), marking);
                }
                SettleAction::Play(black, c) => {
                    let mv = match s.confirmation() {
                        Some(conf) if c % 3 != 0 => {
                            let moves = conf.sandbox.legal_moves();
                            moves[c as usize % moves.len()]
                        }
                        _ => Move::Pass,
                    };
                    let confirming = s.confirmation().is_some();
                    // Mostly the player to move; sometimes the other, who is refused.
                    let by = match s.confirmation() {
                        Some(conf) if c % 5 != 4 => conf.sandbox.to_move(),
                        _ => colour(black),
                    };
                    let r = s.play(by, mv).map(|_| ());
                    prop_assert!(r.is_err() || confirming);
                }
            }
            // Marks are stones of the final position.
            for p in s.marks() {
                prop_assert!(s.game().board().get(*p).is_some(), "{p:?} marked but empty");
            }
            match s.stage() {
                tengen::Stage::Settled => {
                    prop_assert!(s.game().result().is_some());
                    // Confirmation play ended: what both agreed dead is dead.
                    if let Some(agreed) = agreed {
                        prop_assert!(agreed.is_subset(s.marks()));
                    }
                    let _ = s.score();
                }
                tengen::Stage::Confirming(c) => {
                    prop_assert!(c.agreed_dead.is_disjoint(&c.disputed));
                }
                tengen::Stage::Marking => {
                    let _ = s.score();
                }
                tengen::Stage::Resumed => {}
            }
            if matches!(before, tengen::Stage::Settled | tengen::Stage::Resumed) {
                prop_assert_eq!(s.stage(), &before, "a settled game changed");
            }
        }
    }
}
