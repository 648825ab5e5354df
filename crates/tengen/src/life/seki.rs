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

/// Plays `c` on `p` in a copy of `grid` (without removing anything) and says what it does.
fn fill(grid: &Grid, p: Point, c: Color) -> Fill {
    let mut g = grid.clone();
    g.set(p, Some(c));
    let captures = g
        .neighbours(p)
        .any(|n| g.get(n) == Some(c.opponent()) && g.liberties(&g.area(n).points).is_empty());
    if captures {
        Fill::Captures
    } else if g.liberties(&g.area(p).points).len() >= 2 {
        Fill::Safe
    } else {
        Fill::SelfAtari
    }
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
/// safely, again and again until none is left: the dame of a finished game.
fn fill_dame(grid: &Grid) -> Grid {
    let mut g = grid.clone();
    loop {
        let mut filled = false;
        for p in neutral_points(&g) {
            if let Some(c) = Color::BOTH
                .into_iter()
                .find(|&c| fill(&g, p, c) == Fill::Safe)
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

/// The stones in seki, all stones of `grid` being taken as alive (docs/rules.md §5.1), sorted.
/// The dame are filled first (see `fill_dame`); then an empty point next to stones of
/// both colours of `grid` (the filling stones are not the players' chains) where a stone of
/// either colour would be self-atari puts the chains of `grid` next to it in seki. Only
/// those chains: a group may join a chain in seki to an independently living one through
/// an eye, and the living one's territory still counts; a region next to a chain in seki
/// (such as the eye) does not (docs/rules.md §5.2 `seki-territory`).
pub fn seki(grid: &Grid) -> Vec<Point> {
    let g = fill_dame(grid);
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
        let blocked = Color::BOTH
            .into_iter()
            .all(|c| fill(&g, p, c) == Fill::SelfAtari);
        if shared && blocked {
            chains.extend(around);
        }
    }
    let mut out: Vec<Point> = Vec::new();
    for p in chains {
        if !out.contains(&p) {
            out.extend(grid.area(p).points);
        }
    }
    out.sort();
    out.dedup();
    out
}
