//! The engine against the literal reference of docs/rules.md (tests/common/reference.rs) on
//! random games: every rule of suicide and repetition, on small boards where repetitions
//! are frequent. After every move both must agree on the board, on the legality of every
//! empty point, and for each refusal on the rule and the earlier move whose position recurs.

mod common;

use common::reference::{RefGame, Refusal};
use common::Rng;
use tengen::rules::{KoRule, Suicide};
use tengen::{Color, Game, Illegal, Move, Point, Rules, Size};

fn rules(ko: KoRule, suicide: Suicide) -> Rules {
    let mut r = Rules::tromp_taylor();
    r.ko = ko;
    r.suicide = suicide;
    r
}

fn grid(game: &Game) -> Vec<Option<Color>> {
    let s = game.size();
    s.all_points().map(|p| game.board().get(p)).collect()
}

fn translate(e: Illegal) -> Refusal {
    match e {
        Illegal::Occupied(_) => Refusal::Occupied,
        Illegal::Suicide { .. } => Refusal::Suicide,
        Illegal::Ko { recreates, .. } => Refusal::Ko(recreates),
        Illegal::CycleSet { .. } => Refusal::CycleSet,
        Illegal::DisallowedCapture { .. } => Refusal::Disallowed,
        other => panic!("unexpected refusal {other:?}"),
    }
}

/// Plays one random game under both implementations, comparing after every move.
/// Returns the number of refusals seen by rule, for coverage checks.
fn compare_game(
    size: Size,
    ko: KoRule,
    suicide: Suicide,
    rng: &mut Rng,
    max_moves: usize,
) -> [usize; 4] {
    let mut game = Game::new(size, rules(ko, suicide));
    let (w, h) = (size.width() as usize, size.height() as usize);
    let mut reference = RefGame::new(w, h, ko, suicide, grid(&game), Color::Black);
    let mut seen = [0usize; 4];
    for _ in 0..max_moves {
        if game.is_over() {
            break;
        }
        let c = game.to_move();
        let mut legal = Vec::new();
        for p in size.all_points() {
            if game.board().get(p).is_some() {
                continue;
            }
            let ours = game.legal_as(c, Move::Play(p)).map_err(translate);
            let theirs = reference.check(c, (p.x as usize, p.y as usize));
            assert_eq!(
                ours,
                theirs,
                "{ko} / {suicide} on {size}, {c} at {p:?} after moves {:?}\n{}",
                game.moves()
                    .iter()
                    .map(|m| m.mv.to_gtp(size).unwrap())
                    .collect::<Vec<_>>(),
                game.board().to_text()
            );
            match ours {
                Ok(()) => legal.push(p),
                Err(Refusal::Suicide) => seen[0] += 1,
                Err(Refusal::Ko(_)) => seen[1] += 1,
                Err(Refusal::CycleSet) => seen[2] += 1,
                Err(Refusal::Disallowed) => seen[3] += 1,
                Err(Refusal::Occupied) => {}
            }
        }
        // Mostly plays, sometimes a pass (passes matter to SSK and NSSK).
        let mv = if legal.is_empty() || rng.below(12) == 0 {
            None
        } else {
            Some(legal[rng.index(legal.len())])
        };
        match mv {
            Some(p) => {
                game.play_as(c, Move::Play(p)).expect("legal by both");
                reference.play(c, Some((p.x as usize, p.y as usize)));
            }
            None => {
                game.play_as(c, Move::Pass).expect("pass is legal");
                reference.play(c, None);
            }
        }
        assert_eq!(
            &grid(&game),
            reference.current(),
            "boards differ after {:?}",
            game.moves().last()
        );
        game.board().check_invariants().expect("board invariants");
    }
    seen
}

fn run_all(ko: KoRule, games: usize, max_moves: usize) -> [usize; 4] {
    let mut rng = Rng::new(ko as u64 * 7919 + 17);
    let mut total = [0; 4];
    for suicide in Suicide::ALL.iter().copied() {
        for &(w, h) in &[(2u8, 2u8), (3, 3), (4, 3), (4, 4), (5, 1), (5, 5)] {
            for _ in 0..games {
                let seen = compare_game(Size::new(w, h).unwrap(), ko, suicide, &mut rng, max_moves);
                for k in 0..4 {
                    total[k] += seen[k];
                }
            }
        }
    }
    total
}

#[test]
fn simple_ko_agrees_with_reference() {
    let seen = run_all(KoRule::Simple, 12, 120);
    assert!(seen[1] > 0, "no ko refusal was exercised");
}

#[test]
fn positional_superko_agrees_with_reference() {
    let seen = run_all(KoRule::Positional, 12, 120);
    assert!(seen[0] > 0 && seen[1] > 0, "coverage: {seen:?}");
}

#[test]
fn situational_superko_agrees_with_reference() {
    let seen = run_all(KoRule::Situational, 12, 120);
    assert!(seen[1] > 0, "coverage: {seen:?}");
}

#[test]
fn natural_situational_superko_agrees_with_reference() {
    let seen = run_all(KoRule::NaturalSituational, 12, 120);
    assert!(seen[1] > 0, "coverage: {seen:?}");
}

#[test]
fn capture_positional_agrees_with_reference() {
    let seen = run_all(KoRule::CapturePositional, 12, 120);
    assert!(seen[1] > 0, "coverage: {seen:?}");
}

#[test]
fn cycle_sets_agree_with_reference() {
    let seen = run_all(KoRule::CycleSets, 6, 70);
    assert!(
        seen[2] > 0 && seen[3] > 0,
        "rules 9 and 15 must both be exercised: {seen:?}"
    );
}

#[test]
fn reference_sanity_capture_and_suicide() {
    // The reference itself, on a case worked by hand: a corner capture and a suicide.
    let size = Size::new(2, 2).unwrap();
    let mut g = RefGame::new(
        2,
        2,
        KoRule::Positional,
        Suicide::Forbidden,
        vec![None; 4],
        Color::Black,
    );
    g.play(Color::Black, Some((0, 0)));
    g.play(Color::White, Some((1, 0)));
    g.play(Color::Black, Some((1, 1)));
    assert_eq!(g.check(Color::White, (0, 1)), Err(Refusal::Suicide));
    g.play(Color::White, None);
    // Black at (0,1) captures the white stone at (1,0).
    g.play(Color::Black, Some((0, 1)));
    assert_eq!(g.current()[1], None);
    assert_eq!(Point::new(1, 0).to_gtp(size).unwrap(), "B2");
}
