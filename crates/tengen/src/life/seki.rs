//! Seki (RULES.md §5.1) among chains taken as alive.

use super::groups::groups;
use crate::color::Color;
use crate::grid::Grid;
use crate::point::Point;

/// Whether `c` playing on the empty point `p` of `grid` leaves her chain with at least two
/// liberties and captures nothing: a safe filling move.
fn safe_fill(grid: &Grid, p: Point, c: Color) -> bool {
    let mut g = grid.clone();
    g.set(p, Some(c));
    let captures = g
        .neighbours(p)
        .any(|n| g.get(n) == Some(c.opponent()) && g.liberties(&g.area(n).points).is_empty());
    !captures && g.liberties(&g.area(p).points).len() >= 2
}

/// Empty regions touching both colours with more points than this are open ground, not
/// the dame of a finished game.
const MAX_NEUTRAL_REGION: usize = 12;

/// Stones of chains next to open ground: the game around them is not over, so they are
/// not in seki whatever a fill of the open ground would leave.
fn unsettled_chains(grid: &Grid) -> Vec<Point> {
    let mut out = Vec::new();
    for region in grid.areas() {
        let open = grid.get(region.points[0]).is_none()
            && region.touches_black
            && region.touches_white
            && region.points.len() > MAX_NEUTRAL_REGION;
        if !open {
            continue;
        }
        for n in region.points.iter().flat_map(|&p| grid.neighbours(p)) {
            if grid.get(n).is_some() && !out.contains(&n) {
                out.extend(grid.area(n).points);
            }
        }
    }
    out
}

/// The stones in seki, all stones of `grid` being taken as alive (RULES.md §5.1): first
/// every point of a neutral region (one touching both colours) that one side can fill
/// safely is filled, again and again; the chains next to a region that still touches
/// both colours, neither side being able to fill it without being captured, are in seki
/// unless their group has two eyes of its own.
pub fn seki(grid: &Grid) -> Vec<Point> {
    let mut g = grid.clone();
    loop {
        let mut filled = false;
        let neutral: Vec<Point> = g
            .areas()
            .into_iter()
            .filter(|a| g.get(a.points[0]).is_none() && a.touches_black && a.touches_white)
            .flat_map(|a| a.points)
            .collect();
        for p in neutral {
            if let Some(c) = Color::BOTH.into_iter().find(|&c| safe_fill(&g, p, c)) {
                g.set(p, Some(c));
                filled = true;
            }
        }
        if !filled {
            break;
        }
    }
    // Seki chains: original chains next to an empty region that is still a liberty of
    // both colours' original chains (filler stones do not count: on an open board they
    // would make "shared liberties" of the last liberties of their own long chains), in
    // a group with fewer than two eyes (a group with two eyes lives on its own: a point
    // next to it that nobody can fill is mere dame), when weak groups of both colours
    // with as many eyes meet there: one eye against none is a capturing race the eye
    // wins, not a seki. Chains next to open ground are not settled, so not in seki.
    let unsettled = unsettled_chains(grid);
    let eyes_of: Vec<(Point, usize)> = groups(grid)
        .into_iter()
        .filter(|g| g.eyes.len() < 2)
        .flat_map(|g| {
            let n = g.eyes.len();
            g.stones.into_iter().map(move |p| (p, n))
        })
        .filter(|(p, _)| !unsettled.contains(p))
        .collect();
    let weak = |q: Point| eyes_of.iter().find(|e| e.0 == q).map(|e| e.1);
    let mut out: Vec<Point> = Vec::new();
    for region in g
        .areas()
        .into_iter()
        .filter(|a| g.get(a.points[0]).is_none())
    {
        // The weak original chains next to the region, with their group's eye count.
        let around: Vec<(Point, Color, usize)> = region
            .points
            .iter()
            .flat_map(|&p| grid.neighbours(p))
            .filter_map(|q| Some((q, grid.get(q)?, weak(q)?)))
            .collect();
        let least = |c: Color| around.iter().filter(|a| a.1 == c).map(|a| a.2).min();
        if least(Color::Black) != least(Color::White) {
            continue;
        }
        for (q, _, _) in around {
            if !out.contains(&q) {
                out.extend(grid.area(q).points);
            }
        }
    }
    out.sort();
    out.dedup();
    out
}
