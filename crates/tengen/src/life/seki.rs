//! Seki (docs/rules.md §5.1) among chains taken as alive: live chains that share a liberty with
//! an opposing live chain which neither side can fill without being captured, after every
//! neutral point that one side can fill safely has been filled.
//!
//! Eyes do not enter the definition. A group with one eye and an eyeless one can be in
//! seki, when the shared liberties each border a different chain of the one-eyed group
//! (filling one puts that chain in atari, and the eye is its last liberty); whoever fills
//! first loses. Whether a point can be filled is decided on the board as it is after the
//! dame are filled, so a chain that is simply short of liberties (in atari, or losing a
//! capturing race) is not taken for a seki: the side that can fill its last liberty
//! captures it.

use crate::color::Color;
use crate::grid::Grid;
use crate::point::Point;
use crate::symmetry::Symmetry;

/// What a stone of `c` on the empty point `p` would do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Fill {
    /// It captures at least one opposing chain.
    Captures,
    /// It captures nothing and its chain keeps at least two liberties: a safe fill.
    Safe,
    /// It captures nothing and leaves its chain with one liberty or none: the opponent
    /// would capture it (self-atari or suicide).
    SelfAtari,
}

/// Plays `c` on the empty point `p` of `grid` (without removing anything), says what it
/// does, and takes the stone off again: the grid is left as it was.
fn fill(grid: &mut Grid, p: Point, c: Color) -> Fill {
    grid.set(p, Some(c));
    let g = &*grid;
    let captures = g
        .neighbours(p)
        .any(|n| g.get(n) == Some(c.opponent()) && g.liberties_up_to(n, 1) == 0);
    let out = if captures {
        Fill::Captures
    } else if g.liberties_up_to(p, 2) == 2 {
        Fill::Safe
    } else {
        Fill::SelfAtari
    };
    grid.set(p, None);
    out
}

/// The empty points of regions touching both colours.
fn neutral_points(g: &Grid) -> Vec<Point> {
    g.areas()
        .into_iter()
        .filter(|a| g.get(a.points[0]).is_none() && a.touches_black && a.touches_white)
        .flat_map(|a| a.points)
        .collect()
}

/// `grid` with every neutral point filled that one side (Black tried first) can fill
/// safely, again and again until none is left: the dame of a finished game. The points
/// are taken in their order, which [`seki`] makes that of the position's least form.
fn fill_dame(grid: &Grid) -> Grid {
    let mut g = grid.clone();
    loop {
        let mut filled = false;
        for p in neutral_points(&g) {
            if let Some(c) = Color::BOTH
                .into_iter()
                .find(|&c| fill(&mut g, p, c) == Fill::Safe)
            {
                g.set(p, Some(c));
                filled = true;
            }
        }
        if !filled {
            return g;
        }
    }
}

/// `grid` with its colours swapped if `swap`.
fn swapped_if(swap: bool, mut grid: Grid) -> Grid {
    if swap {
        for p in grid.size().all_points() {
            let c = grid.get(p);
            grid.set(p, c.map(Color::opponent));
        }
    }
    grid
}

/// The stones in seki, all stones of `grid` being taken as alive (docs/rules.md §5.1), sorted.
/// The dame are filled first (see `fill_dame`); then an empty point next to stones of
/// both colours of `grid` (the filling stones are not the players' chains) where a stone of
/// either colour would be self-atari puts the chains of `grid` next to it in seki, and
/// with them the chains that live only through them (see `join_dependent`). A group may
/// join a chain in seki to an independently living one through an eye, and the living
/// one's territory still counts; a region next to a chain in seki (such as the eye) does
/// not (docs/rules.md §5.2 `seki-territory`).
pub fn seki(grid: &Grid) -> Vec<Point> {
    // The dame are filled point by point, Black tried first at each, and where a race is
    // left on the board the order can decide whether a seki remains (Hon-66-1's counted
    // position, docs/estimator-misses.md, round 25). They are filled in the position's
    // least form, of its orientations and its colourings, so that one position gets one
    // answer however it is turned and whichever colour is which (round 27).
    let (turn, swap) = Symmetry::least_with_colours(grid.size(), |p| grid.get(p));
    let least = swapped_if(swap, turn.grid(grid));
    let mut g = turn.inverse().grid(&swapped_if(swap, fill_dame(&least)));
    let mut chains: Vec<Point> = Vec::new();
    for p in grid.size().all_points() {
        if g.get(p).is_some() {
            continue;
        }
        let around: Vec<Point> = grid
            .neighbours(p)
            .filter(|&n| grid.get(n).is_some())
            .collect();
        let shared = Color::BOTH
            .into_iter()
            .all(|c| around.iter().any(|&n| grid.get(n) == Some(c)));
        // (The fills are tried only where the point is shared: most are not.)
        if !shared {
            continue;
        }
        let blocked = Color::BOTH
            .into_iter()
            .all(|c| fill(&mut g, p, c) == Fill::SelfAtari);
        if blocked {
            chains.extend(around);
        }
    }
    let mut out: Vec<Point> = Vec::new();
    for p in chains {
        if !out.contains(&p) {
            out.extend(grid.area(p).points);
        }
    }
    join_dependent(grid, &mut out);
    out.sort();
    out.dedup();
    out
}

/// A region of one colour's empty points with room for its owner to make two eyes in it
/// (docs/rules.md §5.1): at least this many points.
const TWO_EYE_REGION: usize = 7;

/// A region of empty points bordered by one colour only: how many points, and the stones
/// around it.
struct Eye {
    size: usize,
    around: Vec<Point>,
}

/// Adds to the stones in `seki` every group that shares an eye with one of them and has
/// no two eyes of its own: its second eye is held by stones in seki, so it lives only
/// through the seki and is in it, and its eyes are no territory under the Japanese rules
/// (where "stones in seki" are groups, chains joined through their eyes, not single
/// chains). A group here is the chains joined through eyes that touch no stone in seki;
/// its own eyes are those eyes, one each, or two for a region of [`TWO_EYE_REGION`]
/// points or more. Hon-59-3 (1959): White's corner S18-T15 with T19 has the eye T17-T18
/// (once Black's T17 is taken) and the eye S19, which it shares with R19, in seki with
/// Black's O19-R16; the record counts neither eye (W+0.5, where counting T17-T18 gave
/// W+2.5). A group with two eyes of its own stays out, with its territory.
fn join_dependent(grid: &Grid, seki: &mut Vec<Point>) {
    if seki.is_empty() {
        return;
    }
    let eyes: Vec<Eye> = grid
        .areas()
        .into_iter()
        .filter(|a| grid.get(a.points[0]).is_none() && a.owner().is_some())
        .map(|a| Eye {
            size: a.points.len(),
            around: grid.stones_around(&a.points),
        })
        .collect();
    while let Some(stones) = dependent_group(grid, &eyes, seki) {
        seki.extend(stones);
    }
}

/// The stones of a group (see [`join_dependent`]) next to an eye that touches the stones
/// in `seki`, not in seki itself, with fewer than two eyes of its own; `None` if there is
/// none. Each group is flooded once, from the first of its stones met.
fn dependent_group(grid: &Grid, eyes: &[Eye], seki: &[Point]) -> Option<Vec<Point>> {
    let mut in_seki = vec![false; grid.size().points()];
    for &s in seki {
        in_seki[grid.k(s)] = true;
    }
    let touches_seki = |e: &Eye| e.around.iter().any(|&q| in_seki[grid.k(q)]);
    let own: Vec<&Eye> = eyes.iter().filter(|e| !touches_seki(e)).collect();
    let mut seen = vec![false; grid.size().points()];
    for e in eyes.iter().filter(|e| touches_seki(e)) {
        for &s in &e.around {
            if in_seki[grid.k(s)] || seen[grid.k(s)] {
                continue;
            }
            let (stones, eyes_of_its_own) = group(grid, &own, s);
            if eyes_of_its_own < 2 {
                return Some(stones);
            }
            for &q in &stones {
                seen[grid.k(q)] = true;
            }
        }
    }
    None
}

/// The group of the stone `s`, joined through the eyes `own` (those touching no stone in
/// seki): its stones, and how many eyes of its own it has.
fn group(grid: &Grid, own: &[&Eye], s: Point) -> (Vec<Point>, usize) {
    let mut stones = grid.area(s).points;
    let mut member = vec![false; grid.size().points()];
    for &q in &stones {
        member[grid.k(q)] = true;
    }
    let mut joined = vec![false; own.len()];
    let mut count = 0;
    let mut grew = true;
    while grew {
        grew = false;
        for (k, e) in own.iter().enumerate() {
            if joined[k] || !e.around.iter().any(|&q| member[grid.k(q)]) {
                continue;
            }
            joined[k] = true;
            grew = true;
            count += if e.size >= TWO_EYE_REGION { 2 } else { 1 };
            for &q in &e.around {
                if !member[grid.k(q)] {
                    let chain = grid.area(q).points;
                    for &r in &chain {
                        member[grid.k(r)] = true;
                    }
                    stones.extend(chain);
                }
            }
        }
    }
    (stones, count)
}
