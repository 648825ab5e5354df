//! The playout policy of the Monte-Carlo player ([`Playouts::guided_amaf`]): random play
//! steered by the answers a weak human player would not miss, after MoGo and Michi.
//!
//! Each move of the player `c`, after the opponent's play on `last`, is the first that
//! applies of:
//! 1. **capture or escape**: capture the stones just played, or a chain next to them, left
//!    in atari; or save an own chain next to them that they put in atari, by capturing one
//!    of its attackers or by extending to two liberties or more (see
//!    `Playouts::answer`, the estimator's heavy playouts' answer);
//! 2. **nakade**: when the last play captured three to six of `c`'s stones, the vital point
//!    of the eye space they leave (the point with the most neighbours in it, if only one
//!    has that many): played at once, the opponent's group there gets one eye only;
//! 3. **shape**: a play next to `last` (on one of its eight neighbours) that makes one of
//!    the 3x3 shapes of [`crate::pattern`], chosen at random among them;
//! 4. **random**: an acceptable play chosen uniformly (as in the light playouts: not
//!    suicide, not an own eye, not a ko retake), refusing **self-atari**: a play that leaves
//!    its chain of two stones or more with one liberty without capturing is never made at
//!    random; a lone stone left in atari (a throw-in, a nakade stone) is made half the
//!    time.
//!
//! The heuristics 1 to 3 apply with probability [`HEURISTIC_ODDS`] each, so that the
//! playouts stay varied. As the light playouts, it notes who first played on each point
//! (for RAVE), ends after two passes or `3 × points` plays, and allocates nothing.

use crate::pattern;
use crate::playout::{acceptable_light, liberties_after, Outcome, Playouts};
use tengen::board::{Board, Cell, Idx, CELLS};
use tengen::color::Color;

/// The chance, out of 256, that each heuristic is tried at a move.
pub const HEURISTIC_ODDS: u32 = 230;

/// The most stones a capture can take for the nakade heuristic to look at it.
const NAKADE_MAX: usize = 6;

/// The stones the last play captured (up to [`NAKADE_MAX`] + 1 of them are kept).
#[derive(Clone, Copy, Default)]
struct Captured {
    points: [Idx; NAKADE_MAX + 1],
    n: usize,
}

impl Captured {
    fn push(&mut self, i: Idx) {
        if self.n < self.points.len() {
            self.points[self.n] = i;
        }
        self.n += 1;
    }

    /// The vital point of the eye space left by three to six captured stones: the point
    /// of it with the most neighbours in it, when that point is the only one with as many
    /// and has at least two (see the module documentation).
    fn vital_point(&self, b: &Board) -> Option<Idx> {
        if !(3..=NAKADE_MAX).contains(&self.n) {
            return None;
        }
        let space = &self.points[..self.n];
        let inside = |i: Idx| b.neighbours(i).iter().filter(|n| space.contains(n)).count();
        let mut best = (0, 0 as Idx, false);
        for &p in space {
            let k = inside(p);
            if k > best.0 {
                best = (k, p, true);
            } else if k == best.0 {
                best.2 = false;
            }
        }
        (best.2 && best.0 >= 2).then_some(best.1)
    }
}

impl Playouts {
    /// One playout with the policy of this module and simple ko from `start`, `to_move` to
    /// play, `last` the opponent's last play (0 for none or a pass). Who first played on
    /// each point is kept for [`Playouts::first_mover`].
    pub fn guided_amaf(&mut self, start: &Board, to_move: Color, last: Idx) -> Outcome {
        self.first = [0; CELLS];
        // The start's ko point stays: the tree's last play may have taken a ko.
        self.set_up(start);
        self.play_out(
            start,
            to_move,
            last,
            |p, c, last, captured: &Captured| p.guided_choice(c, last, captured),
            |p, i, c| p.note_first(i, c),
            Captured::push,
        )
    }

    /// Whether a heuristic is tried this time ([`HEURISTIC_ODDS`]).
    #[inline]
    fn try_heuristic(&mut self) -> bool {
        self.rng.below(256) < HEURISTIC_ODDS
    }

    /// The move of `c` (its index in the empty list) by the policy, or `None` to pass.
    fn guided_choice(&mut self, c: Color, last: Idx, captured: &Captured) -> Option<usize> {
        if last != 0 {
            let chosen = self.tactical(c, last, captured);
            if let Some(i) = chosen {
                if let Some(k) = self.empties[..self.n_empty].iter().position(|&e| e == i) {
                    return Some(k);
                }
            }
        }
        self.random_sensible(c)
    }

    /// Heuristics 1 to 3 of the module documentation: a point to play, if one applies.
    fn tactical(&mut self, c: Color, last: Idx, captured: &Captured) -> Option<Idx> {
        if self.try_heuristic() {
            if let Some(i) = self.answer(last, c) {
                return Some(i);
            }
        }
        if captured.n >= 3 && self.try_heuristic() {
            if let Some(v) = captured.vital_point(&self.board) {
                if acceptable_light(&self.board, v, c) {
                    return Some(v);
                }
            }
        }
        if self.try_heuristic() {
            return self.shape_near(c, last);
        }
        None
    }

    /// A random empty point around `last` where a play of `c` makes a 3x3 shape, is
    /// acceptable and is no self-atari.
    fn shape_near(&mut self, c: Color, last: Idx) -> Option<Idx> {
        let b = &self.board;
        let s = b.stride() as Idx;
        let around = [
            last - s - 1,
            last - s,
            last - s + 1,
            last - 1,
            last + 1,
            last + s - 1,
            last + s,
            last + s + 1,
        ];
        let mut found = [0 as Idx; 8];
        let mut n = 0;
        for i in around {
            if b.cell(i) == Cell::Empty
                && pattern::matches(b, i)
                && acceptable_light(b, i, c)
                && !self_atari(b, i, c)
            {
                found[n] = i;
                n += 1;
            }
        }
        (n > 0).then(|| found[self.rng.below(n as u32) as usize])
    }

    /// A uniformly random acceptable play of `c` that is no self-atari of two stones or
    /// more, and half the time none of a lone stone: its index in the empty list.
    fn random_sensible(&mut self, c: Color) -> Option<usize> {
        let mut n = self.n_empty;
        while n > 0 {
            let k = self.rng.below(n as u32) as usize;
            let i = self.empties[k];
            let b = &self.board;
            if acceptable_light(b, i, c)
                && !self_atari(b, i, c)
                && !(lone_self_atari(b, i, c) && self.rng.below(2) == 0)
            {
                return Some(k);
            }
            n -= 1;
            self.empties.swap(k, n);
        }
        None
    }
}

/// Whether a play of `c` on the empty point `i` joins an own chain and leaves the result
/// with a single liberty without capturing (the self-atari of two stones or more). The
/// common cases are settled from neighbour counts before any liberty is counted: two
/// empty neighbours, or an own chain with three liberties to join, keep two at least.
#[inline]
pub(crate) fn self_atari(b: &Board, i: Idx, c: Color) -> bool {
    if b.neighbour_counts(i).empty() >= 2 {
        return false;
    }
    let own = Cell::stone(c);
    let mut joins = false;
    for n in b.neighbours(i) {
        if b.cell(n) == own {
            if b.liberties(n) >= 3 {
                return false;
            }
            joins = true;
        }
    }
    joins && !b.would_capture(i, c) && liberties_after(b, i, c, 2) < 2
}

/// Whether a stone of `c` on the empty point `i`, joining no own chain and capturing
/// nothing, would have a single liberty.
#[inline]
pub(crate) fn lone_self_atari(b: &Board, i: Idx, c: Color) -> bool {
    let counts = b.neighbour_counts(i);
    counts.empty() == 1
        && !b.neighbours(i).iter().any(|&n| b.cell(n) == Cell::stone(c))
        && !b.would_capture(i, c)
}

#[cfg(test)]
mod tests {
    use super::*;
    use tengen::point::{Point, Size};

    #[test]
    fn guided_playouts_end_with_no_acceptable_play_and_a_sound_board() {
        let mut p = Playouts::new(17);
        for n in [5u8, 9, 13] {
            let start = Board::new(Size::square(n).unwrap());
            for _ in 0..10 {
                let out = p.guided_amaf(&start, Color::Black, 0);
                p.board().check_invariants().unwrap();
                if out.capped {
                    continue;
                }
                // Every play left is refused: suicide, an own eye, a ko retake, or a
                // self-atari (the policy's extra refusal; a lone stone's only half the
                // time, so the last tries may all have refused one).
                let b = p.board();
                for c in Color::BOTH {
                    for i in b.indices().filter(|&i| b.cell(i) == Cell::Empty) {
                        let refused = !acceptable_light(b, i, c)
                            || self_atari(b, i, c)
                            || lone_self_atari(b, i, c);
                        assert!(refused, "{n}x{n}: {c} could still play\n{b:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn the_vital_point_of_captured_shapes() {
        // Worked by hand: the point with the most neighbours inside the captured shape.
        let b = Board::new(Size::square(9).unwrap());
        let at = |x, y| b.idx(Point::new(x, y));
        let shape = |pts: &[(u8, u8)]| {
            let mut c = Captured::default();
            pts.iter().for_each(|&(x, y)| c.push(at(x, y)));
            c.vital_point(&b)
        };
        // Straight three: the middle.
        assert_eq!(shape(&[(3, 3), (4, 3), (5, 3)]), Some(at(4, 3)));
        // Bent three: the corner of the bend.
        assert_eq!(shape(&[(3, 3), (4, 3), (4, 4)]), Some(at(4, 3)));
        // Pyramid four: the centre of the T.
        assert_eq!(shape(&[(3, 3), (4, 3), (5, 3), (4, 4)]), Some(at(4, 3)));
        // Square four: no vital point (every point has two neighbours inside).
        assert_eq!(shape(&[(3, 3), (4, 3), (3, 4), (4, 4)]), None);
        // Straight four (alive): two points tie, no vital point.
        assert_eq!(shape(&[(2, 3), (3, 3), (4, 3), (5, 3)]), None);
        // Two stones: too small to look at.
        assert_eq!(shape(&[(3, 3), (4, 3)]), None);
    }

    /// How many of 200 guided playouts from `b`, `c` to move after the opponent's play on
    /// `last`, start with `c`'s play on `answer` (x, y).
    fn first_plays(b: &Board, c: Color, last: (u8, u8), answer: (u8, u8)) -> u32 {
        let last = b.idx(Point::new(last.0, last.1));
        let answer = b.idx(Point::new(answer.0, answer.1));
        let mut p = Playouts::new(3);
        let mut hits = 0;
        for _ in 0..200 {
            p.guided_amaf(b, c, last);
            hits += u32::from(p.first_mover(answer) == Some(c));
        }
        hits
    }

    #[test]
    fn a_chain_in_atari_is_captured_or_saved_at_once() {
        // White's two stones d5 e5 (x=3,4 y=4) have one liberty, e4 (x=4, y=5).
        let b = Board::from_text(
            ". . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . X X . . . .
             . . X O O X . . .
             . . . X . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .",
        )
        .unwrap();
        // After White's e5 (as if just played) Black takes them at e4; after Black's d4
        // (x=3, y=5) White extends at e4, which leaves them two liberties (e3, f4). The
        // heuristic is skipped one time in nine (26 of 256), and a random first play
        // lands on e4 now and then, so at least 150 of 200 is a generous floor.
        let black = first_plays(&b, Color::Black, (4, 4), (4, 5));
        assert!(black > 150, "Black captured first in {black} of 200");
        let white = first_plays(&b, Color::White, (3, 5), (4, 5));
        assert!(white > 150, "White escaped first in {white} of 200");
    }
}
