//! Prior knowledge for the tree search: what a move looks like before any playout has
//! been run through it, given as pseudo-playouts (visits and wins) that a new tree node
//! starts with (Gelly and Silver's "prior knowledge"; the values are Michi's, Petr
//! Baudiš's small MCTS player).
//!
//! Every move starts with [`EVEN`] visits, half of them wins. Then, each as visits and wins
//! (a good sign) or visits alone (a bad sign):
//! - a **capture** of a chain in atari, or an **escape** of an own chain in atari (a play
//!   on its liberty that leaves it two or more, or a capture of one of its attackers in
//!   atari): [`CAPTURE_ONE`] wins for a chain of one stone, [`CAPTURE_MANY`] for more;
//! - a **shape**: a 3x3 pattern of [`crate::pattern`]: [`SHAPE`] wins;
//! - **nearness** to the last play, counted on the common fate graph (a chain counts as one
//!   point, so a move next to any stone of the chain just played is at distance 1):
//!   [`NEAR`] wins at distances 1, 2 and 3;
//! - **empty area**: with no stone within Manhattan distance 3, a play on the first or
//!   second line gets [`EMPTY_AREA`] losses and one on the third line as many wins (the
//!   opening and invasions belong on the third line);
//! - a **self-atari** (the chain of the new stone has one liberty and it captures
//!   nothing): [`SELF_ATARI`] losses.
//!
//! A pass starts with [`EVEN`] visits and [`PASS_WINS`] wins: it is looked at only once
//! the plays are found no better.

use crate::pattern;
use crate::playout::acceptable_light;
use crate::reading::liberties;
use std::collections::VecDeque;
use tengen::board::{Board, Cell, Idx, CELLS};
use tengen::color::Color;

/// The pseudo-visits every move starts with, half of them wins.
pub const EVEN: f32 = 10.0;
/// Wins for capturing or saving a single stone.
pub const CAPTURE_ONE: f32 = 15.0;
/// Wins for capturing or saving a chain of two stones or more.
pub const CAPTURE_MANY: f32 = 30.0;
/// Wins for a 3x3 shape.
pub const SHAPE: f32 = 10.0;
/// Wins at common-fate-graph distances 1, 2 and 3 from the last play.
pub const NEAR: [f32; 3] = [24.0, 22.0, 8.0];
/// Losses (first and second line) or wins (third line) in an empty area.
pub const EMPTY_AREA: f32 = 10.0;
/// Losses for a self-atari.
pub const SELF_ATARI: f32 = 10.0;
/// The wins of a pass's [`EVEN`] visits.
pub const PASS_WINS: f32 = 1.0;

/// A prior: pseudo-visits and pseudo-wins for the player making the move.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Prior {
    /// Pseudo-visits.
    pub visits: f32,
    /// Pseudo-wins among them.
    pub wins: f32,
}

impl Prior {
    /// The prior of a pass.
    pub const PASS: Prior = Prior {
        visits: EVEN,
        wins: PASS_WINS,
    };

    fn add(&mut self, visits: f32, wins: f32) {
        self.visits += visits;
        self.wins += wins;
    }
}

/// What the priors of one position share: the common-fate-graph distances from the last
/// play and the plays that capture or save chains in atari.
pub struct Priors<'a> {
    board: &'a Board,
    color: Color,
    /// Distance from the last play by padded index (`u8::MAX`: far, or no last play).
    distance: Vec<u8>,
    /// Plays that capture or save a chain in atari, with the chain's size.
    urgent: Vec<(Idx, u16)>,
}

impl<'a> Priors<'a> {
    /// The shared part for the moves of `color` on `board`, the opponent's last play on
    /// `last` (0 for none or a pass).
    pub fn new(board: &'a Board, color: Color, last: Idx) -> Priors<'a> {
        Priors {
            board,
            color,
            distance: cfg_distances(board, last),
            urgent: urgent_plays(board, color),
        }
    }

    /// The prior of `color`'s play on the empty point `i`.
    pub fn of(&self, i: Idx) -> Prior {
        let b = self.board;
        let mut p = Prior {
            visits: EVEN,
            wins: EVEN / 2.0,
        };
        if let Some(&(_, size)) = self.urgent.iter().filter(|u| u.0 == i).max_by_key(|u| u.1) {
            let w = if size > 1 { CAPTURE_MANY } else { CAPTURE_ONE };
            p.add(w, w);
        }
        if pattern::matches(b, i) {
            p.add(SHAPE, SHAPE);
        }
        if let Some(&w) = NEAR.get(self.distance[i as usize].wrapping_sub(1) as usize) {
            p.add(w, w);
        }
        let line = line_of(b, i);
        if line <= 3 && empty_around(b, i, 3) {
            p.add(EMPTY_AREA, if line == 3 { EMPTY_AREA } else { 0.0 });
        }
        if leaves_in_atari(b, i, self.color) {
            p.add(SELF_ATARI, 0.0);
        }
        p
    }
}

/// Distances on the common fate graph from the stone on `last` (where a stone of the same
/// chain is at no distance): a breadth-first search in which stepping onto a stone of the
/// colour one stands on is free. All `u8::MAX` when `last` holds no stone.
fn cfg_distances(b: &Board, last: Idx) -> Vec<u8> {
    let mut dist = vec![u8::MAX; CELLS];
    if last == 0 || b.cell(last).color().is_none() {
        return dist;
    }
    let mut queue = VecDeque::new();
    dist[last as usize] = 0;
    queue.push_back(last);
    while let Some(q) = queue.pop_front() {
        let here = b.cell(q);
        for n in b.neighbours(q) {
            let cell = b.cell(n);
            if cell == Cell::Wall {
                continue;
            }
            let free = cell != Cell::Empty && cell == here;
            let d = dist[q as usize].saturating_add(u8::from(!free));
            if d < dist[n as usize] {
                dist[n as usize] = d;
                // 0-1 search: free steps go first so that distances come out in order.
                if free {
                    queue.push_front(n);
                } else {
                    queue.push_back(n);
                }
            }
        }
    }
    dist
}

/// The line of the point `i` from the nearest edge: 1 for the edge itself.
fn line_of(b: &Board, i: Idx) -> u8 {
    let p = b.point(i);
    let size = b.size();
    let x = p.x.min(size.width() - 1 - p.x);
    let y = p.y.min(size.height() - 1 - p.y);
    x.min(y) + 1
}

/// Whether no stone stands within Manhattan distance `d` of the point `i`.
fn empty_around(b: &Board, i: Idx, d: i32) -> bool {
    let p = b.point(i);
    let size = b.size();
    for dy in -d..=d {
        for dx in -(d - dy.abs())..=(d - dy.abs()) {
            let (x, y) = (i32::from(p.x) + dx, i32::from(p.y) + dy);
            if x < 0 || y < 0 || x >= i32::from(size.width()) || y >= i32::from(size.height()) {
                continue;
            }
            let q = tengen::point::Point::new(x as u8, y as u8);
            if b.get(q).is_some() {
                return false;
            }
        }
    }
    true
}

/// Whether a stone of `c` on the empty point `i` would capture nothing and be left, with
/// its chain, a single liberty.
fn leaves_in_atari(b: &Board, i: Idx, c: Color) -> bool {
    if b.neighbour_counts(i).empty() >= 2 || b.would_capture(i, c) {
        return false;
    }
    crate::playout::liberties_after(b, i, c, 2) < 2
}

/// The plays of `c` that capture an opponent chain in atari or save an own one (by
/// capturing an attacker in atari, or by extending on its liberty to two liberties or
/// more), with the size of the chain at stake.
fn urgent_plays(b: &Board, c: Color) -> Vec<(Idx, u16)> {
    let mut out = Vec::new();
    let mut seen = Vec::new();
    for i in b.indices() {
        let Some(owner) = b.cell(i).color() else {
            continue;
        };
        let head = b.chain_head(i);
        if b.liberties(i) != 1 || seen.contains(&head) {
            continue;
        }
        seen.push(head);
        let size = b.chain_len(i);
        let [lib] = liberties::<1>(b, i);
        if owner != c {
            if acceptable_light(b, lib, c) {
                out.push((lib, size));
            }
            continue;
        }
        // An own chain in atari: capture an attacker in atari, or extend.
        b.for_each_stone(i, |s| {
            for n in b.neighbours(s) {
                if b.cell(n).color() == Some(c.opponent()) && b.liberties(n) == 1 {
                    let [l] = liberties::<1>(b, n);
                    if acceptable_light(b, l, c) {
                        out.push((l, size));
                    }
                }
            }
        });
        if crate::playout::liberties_after(b, lib, c, 2) >= 2 {
            out.push((lib, size));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use tengen::point::{Point, Size};

    fn at(b: &Board, x: u8, y: u8) -> Idx {
        b.idx(Point::new(x, y))
    }

    #[test]
    fn distances_count_a_chain_as_one_point() {
        // The last play is b2 (x=1, y=3), joined to a chain b2-c2-d2 (x=1..3, y=3).
        let b = Board::from_text(
            ". . . . .
             . . . . .
             . . . . .
             . X X X .
             . . . . .",
        )
        .unwrap();
        let d = cfg_distances(&b, at(&b, 1, 3));
        // Any stone of the chain: 0; next to any of them: 1 (e2 beyond d2 too); one more
        // step: 2.
        assert_eq!(d[at(&b, 3, 3) as usize], 0);
        assert_eq!(d[at(&b, 4, 3) as usize], 1);
        assert_eq!(d[at(&b, 2, 2) as usize], 1);
        assert_eq!(d[at(&b, 4, 2) as usize], 2);
        assert_eq!(d[at(&b, 2, 0) as usize], 3);
    }

    fn prior(visits: f32, wins: f32) -> Prior {
        Prior { visits, wins }
    }

    #[test]
    fn captures_shapes_and_empty_areas_are_weighed() {
        // White's a7 (x=0, y=0) is in atari: its one liberty is b7 (x=1, y=0).
        let b = Board::from_text(
            "O . . . . . .
             X . . . . . .
             . . . . . . .
             . . . . . . .
             . . . . . . .
             . . . . . . .
             . . . . . . .",
        )
        .unwrap();
        let black = Priors::new(&b, Color::Black, 0);
        // b7 captures one stone (+15 wins) and makes the edge shape "chase" (X.? / O.? on
        // the edge, turned: White's a7 beside it, Black's a6 diagonally below): +10 wins.
        // Stones are near, so no empty-area term; it is no self-atari.
        assert_eq!(
            black.of(at(&b, 1, 0)),
            prior(10.0 + 15.0 + 10.0, 5.0 + 15.0 + 10.0)
        );
        // d4 (x=3, y=3), the centre, on the fourth line with nothing near: even.
        assert_eq!(black.of(at(&b, 3, 3)), prior(10.0, 5.0));
        // g1 (x=6, y=6), the far corner: first line, no stone within distance 3: ten
        // more visits and no more wins.
        assert_eq!(black.of(at(&b, 6, 6)), prior(20.0, 5.0));
        // c3 (x=2, y=4): third line, and a6 (x=0, y=1) is 2 + 3 = 5 away: ten more
        // visits and ten more wins.
        assert_eq!(black.of(at(&b, 2, 4)), prior(20.0, 15.0));
        // White on b7 saves her stone: the chain a7-b7 would have c7 and b6, two
        // liberties (+15), with the same shape (+10).
        let white = Priors::new(&b, Color::White, 0);
        assert_eq!(white.of(at(&b, 1, 0)), prior(35.0, 30.0));
    }

    #[test]
    fn a_self_atari_counts_against() {
        // Black's b4 (x=1, y=1) between White's a4, c4 and b3 would keep one liberty, b5,
        // and capture nothing: ten losses. Only one colour is around it, so no shape;
        // stones are near, so no empty-area term.
        let b = Board::from_text(
            ". . . . .
             O . O . .
             . O . . .
             . . . . .
             . . . . .",
        )
        .unwrap();
        let pr = Priors::new(&b, Color::Black, 0);
        assert_eq!(pr.of(at(&b, 1, 1)), prior(20.0, 5.0));
    }

    #[test]
    fn nearness_to_the_last_play() {
        // After White's e5 (x=4, y=4) on an empty 9x9 board but for it, Black's e6 (x=4,
        // y=3) is at distance 1 (+24 wins, and it makes no shape: one colour), f7 (x=5,
        // y=2) at 3 (+8).
        let mut b = Board::new(Size::NINE);
        b.play_unchecked(b.idx(Point::new(4, 4)), Color::White);
        let pr = Priors::new(&b, Color::Black, at(&b, 4, 4));
        assert_eq!(pr.of(at(&b, 4, 3)), prior(34.0, 29.0));
        assert_eq!(pr.of(at(&b, 5, 2)), prior(18.0, 13.0));
    }
}
