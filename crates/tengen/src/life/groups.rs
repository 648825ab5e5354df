//! Groups (docs/rules.md §5.2, group tax): chains of one colour joined through the regions of
//! theirs that they border.

use crate::color::Color;
use crate::grid::{Area, Grid};
use crate::point::Point;

/// A group (docs/rules.md §5.2, group tax): chains of one colour joined through the regions of
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
