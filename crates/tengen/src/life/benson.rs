//! Unconditional life by Benson's algorithm (docs/rules.md §5.1): chains that cannot be
//! captured even if the opponent moves without end and their owner always passes (Ikeda's
//! *immortal* stones), and the regions they make safe.
//!
//! The suicide rule matters. Benson's argument is that the opponent can never fill the last
//! empty point of a vital region: every such point is a liberty of the chain, so the stone
//! filling it would have no liberty and capture nothing. Where suicide of two or more
//! stones is legal, the opponent can also *empty* a point of the region by letting her own
//! chain there die (play its last liberty as a suicide). A stone of hers that is not next
//! to the chain then leaves a point from which her later stones draw liberties, and she
//! can fill the chain's liberties in the region after all. So under `multi-stone` and
//! `allowed` suicide a region is vital only if *every* point of it, her stones included,
//! touches the chain.

use crate::color::Color;
use crate::grid::Grid;
use crate::point::Point;
use crate::rules::Suicide;

/// What Benson's algorithm finds for one colour.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Unconditional {
    /// Stones of chains that cannot be captured even if the opponent moves without end and
    /// their owner always passes.
    pub alive: Vec<Point>,
    /// Points of the regions these chains make safe: enclosed by them alone, with every
    /// point that could ever be empty next to them, so that the opponent can never make an
    /// eye there (empty points and any opponent stones in them, which are dead).
    pub safe: Vec<Point>,
}

/// The chains and regions of one colour, numbered, with who borders whom.
struct Parts {
    /// For each point, the number of its chain (if it holds a stone of the colour) or of
    /// its region (if not).
    part: Vec<usize>,
    /// The stones of each chain.
    chains: Vec<Vec<Point>>,
    /// The points of each region: maximal connected sets of points without the colour's
    /// stones.
    regions: Vec<Vec<Point>>,
}

impl Parts {
    /// Numbers the chains of `c` and the regions between them.
    fn of(grid: &Grid, c: Color) -> Parts {
        let mut part = vec![usize::MAX; grid.cells().len()];
        let mut chains = Vec::new();
        let mut regions = Vec::new();
        for p in grid.size().all_points() {
            if part[grid.k(p)] != usize::MAX {
                continue;
            }
            let mine = grid.get(p) == Some(c);
            let points = flood(grid, p, |q| (grid.get(q) == Some(c)) == mine);
            let list = if mine { &mut chains } else { &mut regions };
            for q in &points {
                part[grid.k(*q)] = list.len();
            }
            list.push(points);
        }
        Parts {
            part,
            chains,
            regions,
        }
    }
}

/// The connected set of points through `p` for which `same` holds.
fn flood(grid: &Grid, p: Point, same: impl Fn(Point) -> bool) -> Vec<Point> {
    let mut seen = vec![false; grid.cells().len()];
    seen[grid.k(p)] = true;
    let mut out = vec![p];
    let mut i = 0;
    while i < out.len() {
        for n in grid.neighbours(out[i]) {
            if !seen[grid.k(n)] && same(n) {
                seen[grid.k(n)] = true;
                out.push(n);
            }
        }
        i += 1;
    }
    out
}

/// Whether the point `q` of a region could be empty at some time, so that it must touch a
/// chain for the region to be vital to it: empty points always; the opponent's stones too
/// when she may remove them herself by a suicide of two or more stones.
fn may_be_empty(grid: &Grid, q: Point, suicide: Suicide) -> bool {
    grid.get(q).is_none() || suicide != Suicide::Forbidden
}

/// Benson's algorithm for `c` under the suicide rule `suicide`. Regions are the maximal
/// connected sets of points not holding `c`'s stones; a region is *vital* to a chain when
/// every point of it that may be empty (see the module notes) is next to that chain.
/// Chains with fewer than two vital regions are dropped, then the regions touching a
/// dropped chain, until nothing changes.
pub fn unconditional(grid: &Grid, c: Color, suicide: Suicide) -> Unconditional {
    let parts = Parts::of(grid, c);
    let chain_at = |q: Point| (grid.get(q) == Some(c)).then(|| parts.part[grid.k(q)]);
    // For each region: the chains bordering it, and the chains it is vital to.
    let borders: Vec<Vec<usize>> = parts
        .regions
        .iter()
        .map(|r| {
            let mut v: Vec<usize> = r
                .iter()
                .flat_map(|&q| grid.neighbours(q))
                .filter_map(chain_at)
                .collect();
            v.sort_unstable();
            v.dedup();
            v
        })
        .collect();
    let touches = |q: Point, x: usize| grid.neighbours(q).any(|n| chain_at(n) == Some(x));
    let vital_to: Vec<Vec<usize>> = parts
        .regions
        .iter()
        .zip(&borders)
        .map(|(r, b)| {
            b.iter()
                .copied()
                .filter(|&x| {
                    r.iter()
                        .filter(|&&q| may_be_empty(grid, q, suicide))
                        .all(|&q| touches(q, x))
                })
                .collect()
        })
        .collect();
    let mut chain_ok = vec![true; parts.chains.len()];
    let mut region_ok: Vec<bool> = borders.iter().map(|b| !b.is_empty()).collect();
    loop {
        let mut changed = false;
        for (x, ok) in chain_ok.iter_mut().enumerate() {
            let vital = (0..parts.regions.len())
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
    for (x, stones) in parts.chains.iter().enumerate() {
        if chain_ok[x] {
            out.alive.extend(stones);
        }
    }
    // A healthy region is safe only if the opponent cannot live in it: every point of it
    // that may be empty touches an unconditionally alive chain, so none can be her eye.
    for (r, points) in parts.regions.iter().enumerate() {
        let small = points
            .iter()
            .filter(|&&q| may_be_empty(grid, q, suicide))
            .all(|&q| {
                grid.neighbours(q)
                    .any(|n| chain_at(n).is_some_and(|x| chain_ok[x]))
            });
        if region_ok[r] && small {
            out.safe.extend(points);
        }
    }
    out.alive.sort();
    out.safe.sort();
    out
}
