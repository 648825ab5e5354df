//! docs/rules.md §5.2, "Equivalences the tests must show", checked over many random finished
//! games rather than one example.

mod common;

use common::Rng;
use tengen::score::ScoreReport;
use tengen::{Color, Game, Move, Point, Rules, Settlement, Size};

/// The count of `g` with `dead` removed (the dead points are stones of its board).
fn score(g: &Game, dead: &[Point]) -> ScoreReport {
    g.score_with_dead(dead).unwrap()
}

/// Whether `p` is a point all of whose neighbours are `c`'s stones (random players do not
/// fill those, so that games end with living groups).
fn own_eye(g: &Game, p: Point, c: Color) -> bool {
    let s = g.size();
    let (x, y) = (p.x as i16, p.y as i16);
    [(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)]
        .into_iter()
        .filter(|&(a, b)| a >= 0 && b >= 0 && (a as u8) < s.width() && (b as u8) < s.height())
        .all(|(a, b)| g.board().get(Point::new(a as u8, b as u8)) == Some(c))
}

/// A random game played to its end under `rules`: random legal plays that fill no own
/// eye; a player without one passes. Dead stones are settled by playing on, so every
/// stone left is alive and the marks are accepted empty.
fn random_finished_game(size: Size, rules: Rules, rng: &mut Rng) -> Game {
    random_game(size, rules, rng, false)
}

/// As [`random_finished_game`]; with `fill_extra_eyes` the players also fill their own
/// eyes down to two per group, as stone scoring rewards.
fn random_game(size: Size, rules: Rules, rng: &mut Rng, fill_extra_eyes: bool) -> Game {
    let mut g = Game::new(size, rules);
    while !g.is_over() {
        let c = g.to_move();
        let groups = tengen::life::groups(&tengen::grid::Grid::from_board(g.board()));
        let extra_eye = |p: Point| {
            fill_extra_eyes
                && groups.iter().any(|x| {
                    x.color == c && x.eyes.len() > 2 && x.eyes.iter().any(|e| e.contains(&p))
                })
        };
        let plays: Vec<Move> = g
            .legal_moves()
            .into_iter()
            .filter(|m| matches!(m, Move::Play(p) if !own_eye(&g, *p, c) || extra_eye(*p)))
            .collect();
        let mv = if plays.is_empty() {
            Move::Pass
        } else {
            plays[rng.index(plays.len())]
        };
        g.play(mv).unwrap();
    }
    settled(g)
}

/// The game with its dead stones settled as none (both accept empty marks), if it needs
/// a settlement.
fn settled(g: Game) -> Game {
    if !g.needs_settlement() {
        return g;
    }
    let mut s = Settlement::new(g).unwrap();
    s.accept(Color::Black).unwrap();
    s.accept(Color::White).unwrap();
    s.into_game()
}

/// The margin for Black in half points.
fn margin(g: &Game) -> i32 {
    let s = score(g, &[]);
    s.black.total - s.white.total
}

fn with(g: &Game, f: impl Fn(&mut Rules)) -> Game {
    let mut r = g.rules().clone();
    f(&mut r);
    let mut h = g.clone();
    assert!(h.set_rules(r).is_ok());
    settled(h)
}

#[test]
fn aga_area_and_territory_give_the_same_margin() {
    let mut rng = Rng::new(11);
    for k in 0..60 {
        let size = [
            Size::square(5).unwrap(),
            Size::square(7).unwrap(),
            Size::new(9, 6).unwrap(),
        ][k % 3];
        let g = random_finished_game(size, Rules::named("aga").unwrap(), &mut rng);
        // White passes last, so both made the same number of moves.
        assert_eq!(g.moves().len() % 2, 0);
        let territory = with(&g, |r| r.scoring = tengen::rules::Scoring::Territory);
        assert_eq!(margin(&g), margin(&territory), "game {k}");
    }
}

#[test]
fn ikeda_territory_3_equals_area_2() {
    let mut rng = Rng::new(12);
    for k in 0..60 {
        let size = [
            Size::square(5).unwrap(),
            Size::square(7).unwrap(),
            Size::new(6, 8).unwrap(),
        ][k % 3];
        let g = random_finished_game(size, Rules::named("ikeda-territory-3").unwrap(), &mut rng);
        let area = with(&g, |r| *r = Rules::named("ikeda-area-2").unwrap());
        assert_eq!(margin(&g), margin(&area), "game {k}");
    }
}

#[test]
fn ikeda_territory_1_equals_area_3() {
    // The same plays under both: Area III ends at the first two passes, Territory I goes
    // on to its final two passes. Ikeda's equivalence needs no premature pass: the only
    // passes are the two of the preliminary end and the two after it.
    let mut rng = Rng::new(13);
    let mut compared = 0;
    for k in 0..200 {
        let size = [
            Size::square(5).unwrap(),
            Size::square(7).unwrap(),
            Size::new(7, 5).unwrap(),
        ][k % 3];
        let g = random_finished_game(size, Rules::named("ikeda-territory-1").unwrap(), &mut rng);
        let prelim = g.pass_state().preliminary_end.expect("a preliminary end");
        let passes = g.moves().iter().filter(|m| m.mv == Move::Pass).count();
        if passes != 4 || g.moves().len() != prelim + 2 {
            continue;
        }
        let mut area = Game::new(size, Rules::named("ikeda-area-3").unwrap());
        for r in &g.moves()[..prelim] {
            area.play_as(r.color, r.mv).unwrap();
        }
        assert!(area.is_over());
        assert_eq!(margin(&g), margin(&area), "game {k}");
        compared += 1;
    }
    assert!(
        compared >= 20,
        "only {compared} games without premature passes"
    );
}

#[test]
fn stone_scoring_equals_area_scoring_with_equal_group_counts() {
    // Under stone scoring each group keeps just the two eyes it needs, so area scoring
    // counts 2 points more per group: equal group counts, equal margins.
    let mut rng = Rng::new(14);
    let mut compared = 0;
    for k in 0..120 {
        let size = [
            Size::square(5).unwrap(),
            Size::square(6).unwrap(),
            Size::new(7, 4).unwrap(),
        ][k % 3];
        let g = random_game(size, Rules::named("ikeda-area-1").unwrap(), &mut rng, true);
        let grid = tengen::grid::Grid::from_board(g.board());
        let groups = tengen::life::groups(&grid);
        if groups
            .iter()
            .any(|x| x.eyes.len() != 2 || x.eyes.iter().any(|e| e.len() != 1))
        {
            continue; // a seki, or a shape the random players could not reduce
        }
        let count = |c: Color| groups.iter().filter(|x| x.color == c).count() as i32;
        let area = with(&g, |r| r.scoring = tengen::rules::Scoring::Area);
        let difference = 2 * 2 * (count(Color::Black) - count(Color::White));
        assert_eq!(margin(&area) - margin(&g), difference, "game {k}");
        if count(Color::Black) == count(Color::White) {
            assert_eq!(margin(&area), margin(&g), "game {k}");
            compared += 1;
        }
    }
    assert!(
        compared >= 10,
        "only {compared} games with equal group counts"
    );
}
