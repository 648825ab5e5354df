//! Life and death that needs no reading (RULES.md §5.1): unconditional life by Benson's
//! algorithm (Ikeda's *immortal* stones), and seki among chains taken as alive.

use crate::color::Color;
use crate::grid::{Area, Grid};
use crate::point::Point;

/// What Benson's algorithm finds for one colour.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Unconditional {
    /// Stones of chains that cannot be captured even if the opponent moves without end and
    /// their owner always passes.
    pub alive: Vec<Point>,
    /// Points of the regions these chains make safe: enclosed by them alone, with every
    /// empty point next to them, so that the opponent can never make an eye there (empty
    /// points and any opponent stones in them, which are dead).
    pub safe: Vec<Point>,
}

/// Benson's algorithm for `c`. Regions are the maximal connected sets of points not
/// holding `c`'s stones; a region is *vital* to a chain when every empty point in it is a
/// liberty of that chain. Chains with fewer than two vital regions are dropped, then the
/// regions touching a dropped chain, until nothing changes.
pub fn unconditional(grid: &Grid, c: Color) -> Unconditional {
    let mut chains: Vec<Area> = Vec::new();
    let mut regions: Vec<Vec<Point>> = Vec::new();
    let mut seen = vec![false; grid.cells.len()];
    for p in grid.size.all_points() {
        if seen[grid.k(p)] {
            continue;
        }
        if grid.get(p) == Some(c) {
            let a = grid.area(p);
            a.points.iter().for_each(|q| seen[grid.k(*q)] = true);
            chains.push(a);
        } else {
            let r = region_without(grid, p, c);
            r.iter().for_each(|q| seen[grid.k(*q)] = true);
            regions.push(r);
        }
    }
    let chain_of = |p: Point| chains.iter().position(|ch| ch.points.contains(&p));
    // For each region: the chains bordering it, and the chains it is vital to.
    let borders: Vec<Vec<usize>> = regions
        .iter()
        .map(|r| {
            let mut v: Vec<usize> = r
                .iter()
                .flat_map(|&q| grid.neighbours(q))
                .filter(|&n| grid.get(n) == Some(c))
                .filter_map(chain_of)
                .collect();
            v.sort();
            v.dedup();
            v
        })
        .collect();
    let vital_to: Vec<Vec<usize>> = regions
        .iter()
        .zip(&borders)
        .map(|(r, b)| {
            b.iter()
                .copied()
                .filter(|&x| {
                    r.iter()
                        .filter(|&&q| grid.get(q).is_none())
                        .all(|&q| grid.neighbours(q).any(|n| chains[x].points.contains(&n)))
                })
                .collect()
        })
        .collect();
    let mut chain_ok = vec![true; chains.len()];
    let mut region_ok: Vec<bool> = borders.iter().map(|b| !b.is_empty()).collect();
    loop {
        let mut changed = false;
        for (x, ok) in chain_ok.iter_mut().enumerate() {
            let vital = (0..regions.len())
                .filter(|&r| region_ok[r] && vital_to[r].contains(&x))
                .count();
            if *ok && vital < 2 {
                *ok = false;
                changed = true;
            }
        }
        for (r, ok) in region_ok.iter_mut().enumerate() {
            if *ok && borders[r].iter().any(|&x| !chain_ok[x]) {
                *ok = false;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    let mut out = Unconditional::default();
    for (x, ch) in chains.iter().enumerate() {
        if chain_ok[x] {
            out.alive.extend(&ch.points);
        }
    }
    // A healthy region is safe only if the opponent cannot live in it: every empty point
    // in it touches an unconditionally alive chain, so none can be her eye.
    for (r, pts) in regions.iter().enumerate() {
        let small = pts.iter().filter(|&&q| grid.get(q).is_none()).all(|&q| {
            grid.neighbours(q).any(|n| {
                borders[r]
                    .iter()
                    .any(|&x| chain_ok[x] && chains[x].points.contains(&n))
            })
        });
        if region_ok[r] && small {
            out.safe.extend(pts);
        }
    }
    out.alive.sort();
    out.safe.sort();
    out
}

/// The region through `p` of points not holding `c`'s stones.
fn region_without(grid: &Grid, p: Point, c: Color) -> Vec<Point> {
    let mut seen = vec![false; grid.cells.len()];
    seen[grid.k(p)] = true;
    let mut out = vec![p];
    let mut i = 0;
    while i < out.len() {
        for n in grid.neighbours(out[i]).collect::<Vec<_>>() {
            if grid.get(n) != Some(c) && !seen[grid.k(n)] {
                seen[grid.k(n)] = true;
                out.push(n);
            }
        }
        i += 1;
    }
    out
}

/// A group (RULES.md §5.2, group tax): chains of one colour joined through the regions of
/// theirs that they border, with those regions (their eyes).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Group {
    /// The colour.
    pub color: Color,
    /// The stones of its chains.
    pub stones: Vec<Point>,
    /// Its eyes: the empty regions that belong to its colour and touch it.
    pub eyes: Vec<Vec<Point>>,
}

/// The groups of both colours.
pub fn groups(grid: &Grid) -> Vec<Group> {
    let areas = grid.areas();
    let mut out = Vec::new();
    for c in Color::BOTH {
        let chains: Vec<&Area> = areas
            .iter()
            .filter(|a| grid.get(a.points[0]) == Some(c))
            .collect();
        let eyes: Vec<&Area> = areas
            .iter()
            .filter(|a| grid.get(a.points[0]).is_none() && a.owner() == Some(c))
            .collect();
        let touch = |x: &Area, e: &Area| {
            x.points
                .iter()
                .any(|&p| grid.neighbours(p).any(|n| e.points.contains(&n)))
        };
        // Union-find over chains: two chains touching one eye are one group.
        let mut parent: Vec<usize> = (0..chains.len()).collect();
        fn root(parent: &mut [usize], i: usize) -> usize {
            let mut r = i;
            while parent[r] != r {
                r = parent[r];
            }
            parent[i] = r;
            r
        }
        let eye_chains: Vec<Vec<usize>> = eyes
            .iter()
            .map(|e| (0..chains.len()).filter(|&k| touch(chains[k], e)).collect())
            .collect();
        for around in &eye_chains {
            for w in around.windows(2) {
                let (a, b) = (root(&mut parent, w[0]), root(&mut parent, w[1]));
                parent[a] = b;
            }
        }
        for r in 0..chains.len() {
            if root(&mut parent, r) != r {
                continue;
            }
            let members: Vec<usize> = (0..chains.len())
                .filter(|&k| root(&mut parent, k) == r)
                .collect();
            let stones = members
                .iter()
                .flat_map(|&k| chains[k].points.iter().copied())
                .collect();
            let own_eyes = (0..eyes.len())
                .filter(|&e| eye_chains[e].iter().any(|k| members.contains(k)))
                .map(|e| eyes[e].points.clone())
                .collect();
            out.push(Group {
                color: c,
                stones,
                eyes: own_eyes,
            });
        }
    }
    out
}

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
