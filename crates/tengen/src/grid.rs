//! A plain grid of points with flood-fill chains and regions: the slow, clear form of the
//! board that end-of-game analysis (scoring, life and death) works on.

use crate::board::Board;
use crate::color::Color;
use crate::point::{Point, Size};

/// The colour of every point, row by row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grid {
    size: Size,
    /// `cells[y * width + x]`.
    cells: Vec<Option<Color>>,
}

/// A maximal connected set of points of one kind (a chain of one colour, or an empty
/// region), with what borders it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Area {
    /// The points, in flood-fill order.
    pub points: Vec<Point>,
    /// Whether a black stone borders it.
    pub touches_black: bool,
    /// Whether a white stone borders it.
    pub touches_white: bool,
    /// Whether an empty point borders it (for chains: it has a liberty).
    pub touches_empty: bool,
}

impl Area {
    /// The colour it belongs to: touched by that colour only (docs/rules.md §5.2, "belongs").
    pub fn owner(&self) -> Option<Color> {
        match (self.touches_black, self.touches_white) {
            (true, false) => Some(Color::Black),
            (false, true) => Some(Color::White),
            _ => None,
        }
    }

    /// Whether it touches stones of `c`.
    pub fn touches(&self, c: Color) -> bool {
        match c {
            Color::Black => self.touches_black,
            Color::White => self.touches_white,
        }
    }
}

impl Grid {
    /// The grid of a board.
    pub fn from_board(board: &Board) -> Grid {
        let size = board.size();
        Grid {
            size,
            cells: size.all_points().map(|p| board.get(p)).collect(),
        }
    }

    /// The board size.
    pub fn size(&self) -> Size {
        self.size
    }

    /// The colour of every point, row by row (`cells[y * width + x]`).
    pub fn cells(&self) -> &[Option<Color>] {
        &self.cells
    }

    /// The colour on `p` (`None` off the board).
    pub fn get(&self, p: Point) -> Option<Color> {
        self.size
            .contains(p)
            .then(|| self.cells[self.k(p)])
            .flatten()
    }

    /// Sets the colour on `p` (no captures: this is a picture, not a play). A point off the
    /// board is ignored.
    pub fn set(&mut self, p: Point, c: Option<Color>) {
        if self.size.contains(p) {
            let k = self.k(p);
            self.cells[k] = c;
        }
    }

    /// The row-major index of `p`, a point of the board (off it, an index past the end).
    pub fn k(&self, p: Point) -> usize {
        if self.size.contains(p) {
            p.y as usize * self.size.width() as usize + p.x as usize
        } else {
            self.cells.len()
        }
    }

    /// The on-board neighbours of `p`.
    pub fn neighbours(&self, p: Point) -> impl Iterator<Item = Point> + '_ {
        let (w, h) = (self.size.width(), self.size.height());
        let (x, y) = (p.x, p.y);
        [
            (x.wrapping_sub(1), y),
            (x + 1, y),
            (x, y.wrapping_sub(1)),
            (x, y + 1),
        ]
        .into_iter()
        .filter(move |&(a, b)| a < w && b < h)
        .map(|(a, b)| Point::new(a, b))
    }

    /// The area through `p`: the chain if `p` holds a stone, the empty region if not (no
    /// point at all off the board).
    pub fn area(&self, p: Point) -> Area {
        self.flood(p, &mut vec![false; self.cells.len()])
    }

    /// [`Grid::area`] through `p`, marking its points in `seen` and never entering a point
    /// marked there already: [`Grid::areas`] floods every area with one `seen`, rather
    /// than clearing a new one for each.
    fn flood(&self, p: Point, seen: &mut [bool]) -> Area {
        let kind = self.get(p);
        let mut out = Area {
            points: Vec::new(),
            touches_black: false,
            touches_white: false,
            touches_empty: false,
        };
        if !self.size.contains(p) {
            return out;
        }
        seen[self.k(p)] = true;
        out.points.push(p);
        let mut i = 0;
        while i < out.points.len() {
            let q = out.points[i];
            for n in self.neighbours(q) {
                let c = self.get(n);
                if c == kind {
                    if !seen[self.k(n)] {
                        seen[self.k(n)] = true;
                        out.points.push(n);
                    }
                } else {
                    match c {
                        Some(Color::Black) => out.touches_black = true,
                        Some(Color::White) => out.touches_white = true,
                        None => out.touches_empty = true,
                    }
                }
            }
            i += 1;
        }
        out
    }

    /// Every area of the board (chains and empty regions), each once.
    pub fn areas(&self) -> Vec<Area> {
        let mut done = vec![false; self.cells.len()];
        let mut out = Vec::new();
        for p in self.size.all_points() {
            if !done[self.k(p)] {
                out.push(self.flood(p, &mut done));
            }
        }
        out
    }

    /// How many liberties the chain through the stone on `p` has, counted up to `cap`:
    /// the flood stops once it has met `cap` of them (the seki check asks whether a chain
    /// has none, or two, on chains that may be long).
    pub fn liberties_up_to(&self, p: Point, cap: usize) -> usize {
        const MAX: usize = crate::point::MAX_SIDE as usize * crate::point::MAX_SIDE as usize;
        let kind = self.get(p);
        if kind.is_none() || cap == 0 {
            return 0;
        }
        let mut seen = [false; MAX];
        let mut stones = [p; MAX];
        let mut found: Vec<Point> = Vec::new();
        seen[self.k(p)] = true;
        let (mut next, mut end) = (0, 1);
        while next < end {
            let q = stones[next];
            next += 1;
            for n in self.neighbours(q) {
                let c = self.get(n);
                if c == kind && !seen[self.k(n)] {
                    seen[self.k(n)] = true;
                    stones[end] = n;
                    end += 1;
                } else if c.is_none() && !found.contains(&n) {
                    found.push(n);
                    if found.len() == cap {
                        return cap;
                    }
                }
            }
        }
        found.len()
    }

    /// The empty points next to the chain through `p`.
    pub fn liberties(&self, chain: &[Point]) -> Vec<Point> {
        self.next_to(chain, |n| self.get(n).is_none())
    }

    /// The stones next to the points `region` (an empty region: its border), sorted.
    pub fn stones_around(&self, region: &[Point]) -> Vec<Point> {
        self.next_to(region, |n| self.get(n).is_some())
    }

    /// The points next to `points` that `keep` accepts, sorted, each once.
    fn next_to(&self, points: &[Point], keep: impl Fn(Point) -> bool) -> Vec<Point> {
        let mut out: Vec<Point> = points
            .iter()
            .flat_map(|&q| self.neighbours(q))
            .filter(|&n| keep(n))
            .collect();
        out.sort();
        out.dedup();
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn liberties_up_to_counts_the_chains_liberties_to_the_cap() {
        // Random pictures (chains with no liberty among them) of sizes from 1x1 to
        // 25x25, square or not: the count stopped at `cap` is the whole count, capped.
        let mut rng = crate::rng::Rng::new(7);
        for round in 0..200 {
            let (w, h) = (1 + rng.below(25) as u8, 1 + rng.below(25) as u8);
            let size = Size::new(w, h).unwrap();
            let density = 1 + rng.below(9);
            let mut g = Grid {
                size,
                cells: vec![None; size.points()],
            };
            for p in size.all_points() {
                if rng.below(10) < density {
                    let c = [Color::Black, Color::White][rng.below(2) as usize];
                    g.set(p, Some(c));
                }
            }
            for p in size.all_points() {
                let all = match g.get(p) {
                    Some(_) => g.liberties(&g.area(p).points).len(),
                    None => 0,
                };
                for cap in 0..4 {
                    let want = all.min(cap);
                    assert_eq!(
                        g.liberties_up_to(p, cap),
                        want,
                        "round {round} {p:?} cap {cap}"
                    );
                }
            }
        }
    }
}
