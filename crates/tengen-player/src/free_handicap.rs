//! Where `place_free_handicap` puts its stones: the fixed handicap points first (GTP
//! 4.1.1), then, one by one, the point farthest from every stone already chosen, off the
//! first line when the board allows. Spread-out stones on the third and fourth lines are
//! what a human would choose; the rule is deterministic so controllers can rely on it.

use std::cmp::Reverse;
use tengen::handicap::{fixed_handicap, max_fixed_handicap};
use tengen::{Point, Size};

/// The points of a free handicap of `n` stones on an empty board of `size`. A handicap
/// needs at least two stones and must leave at least one point empty (GTP 6.3.2).
pub fn choose(size: Size, n: u32) -> Result<Vec<Point>, String> {
    let points = size.points();
    if n < 2 || n as usize >= points {
        return Err(format!(
            "invalid number of stones: a free handicap on {size} needs from 2 to {} stones, not {n}",
            points.saturating_sub(1)
        ));
    }
    let n = n as usize;
    let fixed = usize::from(max_fixed_handicap(size)).min(n);
    let mut chosen = if fixed >= 2 {
        fixed_handicap(size, fixed as u8).map_err(|e| e.to_string())?
    } else {
        Vec::new()
    };
    while chosen.len() < n {
        match farthest(size, &chosen) {
            Some(p) => chosen.push(p),
            None => break,
        }
    }
    Ok(chosen)
}

/// Distance of `p` from the nearest edge (0 on the first line).
fn edge_distance(p: Point, size: Size) -> u8 {
    p.x.min(p.y)
        .min(size.width() - 1 - p.x)
        .min(size.height() - 1 - p.y)
}

/// The free point that is best for the next stone: off the first line if possible, then
/// as far as possible from the chosen stones, then as central as possible; ties go to the
/// first in board order.
fn farthest(size: Size, chosen: &[Point]) -> Option<Point> {
    let spread = |p: Point| {
        chosen
            .iter()
            .map(|q| {
                let dx = i32::from(p.x) - i32::from(q.x);
                let dy = i32::from(p.y) - i32::from(q.y);
                dx * dx + dy * dy
            })
            .min()
            .unwrap_or(i32::MAX)
    };
    // `min_by_key` keeps the first of equal keys: board order breaks ties.
    size.all_points()
        .filter(|p| !chosen.contains(p))
        .min_by_key(|&p| {
            let edge = edge_distance(p, size);
            Reverse((edge > 0, spread(p), edge))
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn gtp(points: &[Point], size: Size) -> Vec<String> {
        points.iter().filter_map(|p| p.to_gtp(size)).collect()
    }

    #[test]
    fn fixed_points_come_first() {
        let s = Size::square(19).unwrap();
        assert_eq!(gtp(&choose(s, 4).unwrap(), s), ["D4", "Q16", "D16", "Q4"]);
        let ten = choose(s, 10).unwrap();
        assert_eq!(ten.len(), 10);
        assert_eq!(ten[..9], fixed_handicap(s, 9).unwrap()[..]);
        assert!(edge_distance(ten[9], s) > 0);
    }

    #[test]
    fn small_boards_get_spread_points() {
        let s = Size::square(5).unwrap();
        let two = choose(s, 2).unwrap();
        assert_eq!(gtp(&two, s)[0], "C3");
        assert!(edge_distance(two[1], s) > 0);
    }

    #[test]
    fn every_point_but_one() {
        let s = Size::square(3).unwrap();
        let all = choose(s, 8).unwrap();
        let mut sorted = all.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted.len(), 8);
        assert!(choose(s, 9).is_err());
        assert!(choose(s, 1).is_err());
    }
}
