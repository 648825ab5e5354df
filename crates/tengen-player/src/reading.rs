//! Tactical reading of chains short of liberties, for the end of the game (docs/rules.md §5.1:
//! a stone is dead when it could be captured whatever its owner does). The estimator and
//! the finishing moves of [`crate::finish`] ask two questions of a chain with one or two
//! liberties: can the opponent, moving first, capture it, and which play of its owner
//! prevents that. Ladders are read to the end; nets and other plays that are not on the
//! chain's liberties are not tried.
//!
//! A chain that reaches three liberties counts as escaped. Reading is bounded by a budget
//! of positions: when it runs out, a chain counts as not capturable, the cautious answer
//! for both users (no stone is called dead, no move is forced, on a guess). A line that
//! brings back one of its own positions (a cycle of captures, which simple ko does not
//! stop: on small boards they are common) or that grows longer than [`MAX_DEPTH`] plays
//! is not a capture either. The positions of a line are copied onto boards kept on the
//! heap, so that the reading's stack stays small on any thread.

use crate::spares::Spares;
use tengen::board::{Board, Cell, Idx};
use tengen::color::Color;

/// Positions one question may look at before it gives up (enough for a ladder across a
/// 19x19 board, whose branches die at once).
const BUDGET: u32 = 2_000;

/// The longest line read, in plays: a ladder across a 19x19 board takes under 80.
pub const MAX_DEPTH: usize = 120;

/// What the owner of a chain can do about it, moving first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Defence {
    /// The opponent could not capture it even moving first: no move is needed.
    Safe,
    /// This play saves it.
    By(Idx),
    /// Nothing reading finds saves it.
    Lost,
}

/// Reads one question at a time; each question has its own budget.
pub struct Reader {
    left: u32,
    /// The positions of the line being read (hashes), the question's position first.
    line: Vec<u64>,
    /// Boards to copy positions into.
    spare: Spares,
}

impl Default for Reader {
    fn default() -> Reader {
        Reader::new()
    }
}

impl Reader {
    /// A reader with the default budget per question.
    pub fn new() -> Reader {
        Reader {
            left: BUDGET,
            line: Vec::new(),
            spare: Spares::default(),
        }
    }

    /// With the opponent of the chain through `target` to move: a play that captures the
    /// chain whatever its owner answers, if reading finds one.
    pub fn attack(&mut self, b: &Board, target: Idx) -> Option<Idx> {
        self.left = BUDGET;
        self.attack_in(b, target)
    }

    /// Like [`Reader::attack`], and for a chain with three liberties too: a play on one of
    /// them after which the chain, left with two, cannot be saved (a shortage of
    /// liberties: its owner cannot fill her own liberties without self-atari).
    pub fn attack_short(&mut self, b: &Board, target: Idx) -> Option<Idx> {
        self.left = BUDGET;
        let attacker = b.cell(target).color()?.opponent();
        match liberties::<4>(b, target) {
            [l1, l2, l3, 0] if l3 != 0 => [l1, l2, l3].into_iter().find(|&m| {
                if self.left == 0 || !legal(b, m, attacker) {
                    return false;
                }
                self.left -= 1;
                let next = self.after(b, m, attacker);
                let captures = next.cell(target) != b.cell(target)
                    || (next.liberties(target) <= 2
                        && self.defended_after(b, &next, target).is_none());
                self.spare.give(next);
                captures
            }),
            _ => self.attack_in(b, target),
        }
    }

    /// With the owner of the chain through `target` to move: what she can do about it.
    pub fn defend(&mut self, b: &Board, target: Idx) -> Defence {
        if self.attack(b, target).is_none() {
            return Defence::Safe;
        }
        self.left = BUDGET;
        self.defence_in(b, target)
            .map_or(Defence::Lost, Defence::By)
    }

    /// Whether the owner of the chain through `target`, moving first, can keep it.
    pub fn can_save(&mut self, b: &Board, target: Idx) -> bool {
        self.defend(b, target) != Defence::Lost
    }

    fn attack_in(&mut self, b: &Board, t: Idx) -> Option<Idx> {
        let Some(owner) = b.cell(t).color() else {
            return None; // already captured
        };
        let attacker = owner.opponent();
        let libs = liberties::<3>(b, t);
        match libs {
            [l, 0, 0] => legal(b, l, attacker).then_some(l),
            [l1, l2, 0] => [l1, l2].into_iter().find(|&m| {
                if self.left == 0 || self.line.len() >= MAX_DEPTH || !legal(b, m, attacker) {
                    return false;
                }
                self.left -= 1;
                let next = self.after(b, m, attacker);
                // A play that leaves the attacker's own stone capturable at once while
                // the target keeps two liberties is answered by capturing it, which the
                // defence tries. One that brings back a position of the line captures
                // nothing: the owner can go round the cycle again.
                let captures = next.cell(t) != b.cell(t)
                    || (!self.line.contains(&next.hash())
                        && self.defended_after(b, &next, t).is_none());
                self.spare.give(next);
                captures
            }),
            _ => None,
        }
    }

    /// `b` with `c`'s stone on `m`, on a spare board.
    fn after(&mut self, b: &Board, m: Idx, c: Color) -> Box<Board> {
        let mut next = self.spare.copy(b);
        next.play_unchecked(m, c);
        next
    }

    /// [`Reader::defence_in`] on `next`, a position of the line after `b`.
    fn defended_after(&mut self, b: &Board, next: &Board, t: Idx) -> Option<Idx> {
        self.line.push(b.hash());
        let d = self.defence_in(next, t);
        self.line.pop();
        d
    }

    /// Whether the attack on `t` fails on `next`, a position of the line after `b`.
    fn attack_fails_after(&mut self, b: &Board, next: &Board, t: Idx) -> bool {
        self.line.push(b.hash());
        let fails = self.attack_in(next, t).is_none();
        self.line.pop();
        fails
    }

    /// With the owner to move: a play after which the attack fails.
    fn defence_in(&mut self, b: &Board, t: Idx) -> Option<Idx> {
        let owner = b.cell(t).color()?;
        for m in defence_candidates(b, t) {
            if self.left == 0 {
                return None;
            }
            if !legal(b, m, owner) {
                continue;
            }
            self.left -= 1;
            let next = self.after(b, m, owner);
            // Suicide or self-atari is no rescue; a play that brings back a position of
            // the line is one (the attacker can only go round the cycle again).
            let saves = next.cell(t) == b.cell(t)
                && next.liberties(t) >= 2
                && (self.line.contains(&next.hash()) || self.attack_fails_after(b, &next, t));
            self.spare.give(next);
            if saves {
                return Some(m);
            }
        }
        None
    }
}

/// The plays that may save the chain through `t`: capturing a neighbouring opponent chain
/// in atari, then extending at each liberty.
pub fn defence_candidates(b: &Board, t: Idx) -> Vec<Idx> {
    let mut out = Vec::new();
    let Some(owner) = b.cell(t).color() else {
        return out;
    };
    let opp = Cell::stone(owner.opponent());
    b.for_each_stone(t, |s| {
        for n in b.neighbours(s) {
            if b.cell(n) == opp && b.liberties(n) == 1 {
                let [l] = liberties::<1>(b, n);
                if !out.contains(&l) {
                    out.push(l);
                }
            }
        }
    });
    for l in liberties::<3>(b, t) {
        if l != 0 && !out.contains(&l) {
            out.push(l);
        }
    }
    out
}

/// The first `N` liberties of the chain through `i` (0 where it has fewer).
pub fn liberties<const N: usize>(b: &Board, i: Idx) -> [Idx; N] {
    let mut libs = [0 as Idx; N];
    let mut n = 0;
    // The walk stops once it has all it can find: N, or the chain's count.
    let all = N.min(usize::from(b.liberties(i)));
    b.any_stone(i, |s| {
        for e in b.neighbours(s) {
            if n < N && b.cell(e) == Cell::Empty && !libs[..n].contains(&e) {
                libs[n] = e;
                n += 1;
            }
        }
        n >= all
    });
    libs
}

/// Whether `c` may play on `i` under simple ko without suicide (docs/rules.md §2, §3).
pub fn legal(b: &Board, i: Idx, c: Color) -> bool {
    b.cell(i) == Cell::Empty
        && b.suicide_count(i, c) == 0
        && !(b.ko_point() == Some(i) && b.capture_count(i, c) == 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use tengen::point::Point;

    fn board(text: &str) -> Board {
        Board::from_text(text).unwrap()
    }

    fn at(b: &Board, gtp: &str) -> Idx {
        b.idx(Point::from_gtp(gtp, b.size()).unwrap())
    }

    /// Plays `m` for the owner of the chain through `t` and asks whether it is safe.
    fn saved_by(b: &Board, t: Idx, m: Idx) -> bool {
        let mut next = b.clone();
        next.play_unchecked(m, b.cell(t).color().unwrap());
        next.cell(t) == b.cell(t) && Reader::new().attack(&next, t).is_none()
    }

    #[test]
    fn a_chain_with_three_liberties_and_a_two_point_eye_is_short_of_liberties() {
        // Black's a1-a2-e2-d1 has three liberties: the eye b1 c1 and the dame c3. Worked
        // by hand: White fills c3, and Black can neither fill b1 nor c1 without leaving
        // herself one liberty, where White captures; a throw-in at b1 or c1 comes to the
        // same. The plain attack reads only chains with one or two liberties.
        let b = board(
            ". . . . . . .
             . . . . . . .
             . . . . . . .
             O O O O O O .
             O O . O O O .
             X X X X X O .
             X . . X O O .",
        );
        let black = at(&b, "A2");
        assert_eq!(b.liberties(black), 3);
        assert_eq!(Reader::new().attack(&b, black), None);
        let m = Reader::new()
            .attack_short(&b, black)
            .expect("a shortage of liberties");
        assert!(["B1", "C1", "C3"].iter().any(|p| at(&b, p) == m));
        let mut next = b.clone();
        next.play_unchecked(m, Color::White);
        assert_eq!(Reader::new().defend(&next, black), Defence::Lost);
        // With room to extend, three liberties are safe.
        let open = board(
            ". . . . .
             . . . . .
             . . X . .
             . . . . .
             . . . . .",
        );
        let stone = at(&open, "C3");
        assert_eq!(open.liberties(stone), 4);
        let mut three = open.clone();
        three.play_unchecked(at(&open, "C4"), Color::White);
        assert_eq!(Reader::new().attack_short(&three, stone), None);
    }

    #[test]
    fn a_chain_in_atari_is_captured_on_its_liberty() {
        let b = board(
            ". X O .
             X O . .
             . X . .
             . . . .",
        );
        let white = at(&b, "B3");
        assert_eq!(Reader::new().attack(&b, white), Some(at(&b, "C3")));
        // Its owner saves it (by extending, or by capturing the stone on B4).
        let Defence::By(m) = Reader::new().defend(&b, white) else {
            panic!("no defence found")
        };
        assert!(saved_by(&b, white, m));
        assert!(!saved_by(&b, white, at(&b, "D1")));
    }

    #[test]
    fn a_ladder_works_without_a_breaker_and_fails_with_one() {
        let ladder = |breaker: &str| {
            let mut b = board(
                ". . . . . . . . .
                 . . . . . . . . .
                 . . . . . . . . .
                 . . . . . . . . .
                 . . . . . . . . .
                 . . X . . . . . .
                 . X O . . . . . .
                 . . X X . . . . .
                 . . . . . . . . .",
            );
            if !breaker.is_empty() {
                b.play_unchecked(at(&b, breaker), Color::White);
            }
            let white = at(&b, "C3");
            (
                Reader::new().attack(&b, white),
                Reader::new().can_save(&b, white),
            )
        };
        // White's extension at D3 leaves two liberties, and the ladder runs to the
        // upper right edge.
        assert!(!ladder("").1);
        assert!(ladder("").0.is_some());
        // A white stone on its path lets White escape.
        assert!(ladder("G7").1);
        // One off the path does not.
        assert!(!ladder("B8").1);
    }

    #[test]
    fn a_ladder_across_the_whole_board_is_read_to_the_end() {
        // The ladder of the test above, from the lower left corner of a 19x19 board: it
        // runs up the diagonal to the upper right edge, well inside `MAX_DEPTH` plays.
        let ladder = |breaker: &str| {
            let mut b = Board::new(tengen::point::Size::NINETEEN);
            for p in ["C4", "B3", "C2", "D2"] {
                b.play_unchecked(at(&b, p), Color::Black);
            }
            b.play_unchecked(at(&b, "C3"), Color::White);
            if !breaker.is_empty() {
                b.play_unchecked(at(&b, breaker), Color::White);
            }
            Reader::new().can_save(&b, at(&b, "C3"))
        };
        assert!(!ladder(""));
        // A breaker near the far end of the path, eleven steps up the diagonal, is seen;
        // one off the path is not.
        assert!(ladder("O14"));
        assert!(!ladder("B14"));
    }

    #[test]
    fn a_cycle_of_captures_is_no_capture() {
        // On this 3x3 board, found by fuzzing, some lines of captures bring back earlier
        // positions (simple ko bans only the immediate retake); the reader followed them
        // two thousand plays deep. Every question now ends, and each answer is one of
        // the chain's liberties or none.
        let b = board(
            ". . .
             X O X
             O . .",
        );
        for p in ["B2", "A1", "A2", "C2"] {
            let t = at(&b, p);
            let libs = liberties::<4>(&b, t);
            let mut r = Reader::new();
            if let Some(m) = r.attack(&b, t) {
                assert!(libs.contains(&m), "{p}: {m}");
            }
            assert!(r.line.is_empty(), "{p}: the line is unwound");
            let _ = r.defend(&b, t);
            assert!(r.line.is_empty());
        }
    }

    #[test]
    fn a_chain_in_atari_saves_itself_by_capturing() {
        // Black's three stones have one liberty (E5); White's D4, touching them, has one
        // too (D3): capturing it saves them (captures are tried before extensions).
        let b = board(
            ". . . . . . . . .
             . . O O . . . . .
             . O X X . O . . .
             . O X O X . . . .
             . . O . . . . . .
             . . . . . . . . .
             . . . . . . . . .",
        );
        let black = at(&b, "C5");
        assert_eq!(b.liberties(black), 1);
        assert_eq!(Reader::new().defend(&b, black), Defence::By(at(&b, "D3")));
        assert!(!saved_by(&b, black, at(&b, "A1")));
        // White to move captures them instead.
        assert_eq!(Reader::new().attack(&b, black), Some(at(&b, "E5")));
    }

    #[test]
    fn shared_liberties_make_neither_chain_capturable() {
        // A seki: Black's ring and White's inside chain share their only two liberties,
        // C4 and C2; whoever fills one is captured on the other.
        let b = board(
            ". . . . . . .
             O O O O O O .
             O X X X X O .
             O X . O X O .
             O X O O X O .
             O X . O X O .
             O X X X X O .",
        );
        assert_eq!(Reader::new().attack(&b, at(&b, "B5")), None);
        assert_eq!(Reader::new().attack(&b, at(&b, "D4")), None);
        // With a liberty less for Black, White captures the ring.
        let mut b = b;
        b.play_unchecked(at(&b, "C2"), Color::White);
        assert_eq!(Reader::new().attack(&b, at(&b, "B5")), Some(at(&b, "C4")));
    }

    #[test]
    fn the_first_liberties_are_those_of_the_whole_walk() {
        // The walk stops once it has found N liberties or all the chain has: the same
        // first liberties, in the same order, as walking every stone.
        let mut rng = tengen::Rng::new(3);
        for round in 0..100 {
            let b = crate::finish::tests::random_position(&mut rng, [5, 9, 13, 19][round % 4]);
            for i in b.indices().filter(|&i| b.cell(i).color().is_some()) {
                let mut all: Vec<Idx> = Vec::new();
                b.for_each_stone(i, |s| {
                    for e in b.neighbours(s) {
                        if b.cell(e) == Cell::Empty && !all.contains(&e) {
                            all.push(e);
                        }
                    }
                });
                assert_eq!(all.len(), usize::from(b.liberties(i)));
                let first = |n: usize| -> Vec<Idx> {
                    let mut v: Vec<Idx> = all.iter().copied().take(n).collect();
                    v.resize(n, 0);
                    v
                };
                assert_eq!(liberties::<1>(&b, i).to_vec(), first(1), "round {round}");
                assert_eq!(liberties::<2>(&b, i).to_vec(), first(2), "round {round}");
                assert_eq!(liberties::<4>(&b, i).to_vec(), first(4), "round {round}");
            }
        }
    }
}
