//! Unconditional life by Benson's algorithm (RULES.md §5.1): chains that cannot be
//! captured even if the opponent moves without end and their owner always passes (Ikeda's
//! *immortal* stones), and the regions they make safe.

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
