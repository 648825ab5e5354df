//! Capturing races (*semeai*) between two chains of opposite colours, read to the end
//! (docs/rules.md §5.1: a stone is dead when its owner cannot keep it whatever she does; two
//! chains that can each be captured only by the other are in a race, and the race decides
//! which is dead, or leaves both in seki).
//!
//! Random playouts judge races badly: they fill the liberties of both chains in random
//! order, so the chain that wins with correct play often dies (a big group "dead" that
//! lives, a seki broken). [`race`] plays the race out instead, by minimax over the moves
//! that matter to it: the liberties of both chains, and captures of the chains next to
//! them in atari (which give liberties back). Either player may pass; two passes in a row
//! leave both chains on the board (a seki, or a race nobody can start without losing it).
//! A chain that reaches [`ESCAPED`] liberties has left the race: it can no longer be
//! captured by filling liberties. A capture ends the race only if the capturing chain is
//! then safe: one left short of liberties, as by a capture into a two-point eye, is read
//! as captured in turn ([`crate::reading::Reader::attack_short`]). [`race_approaching`]
//! reads approach plays too: a liberty a player cannot fill yet, because her stone there
//! would be taken at once, is approached first.
//!
//! Reading is bounded by a budget of positions; when it runs out the answer is `None`,
//! and the caller keeps its earlier judgement.

use crate::memory;
use crate::position_map::PositionMap;
use crate::reading::{legal, liberties, Reader};
use crate::spares::Spares;
use tengen::board::{Board, Cell, Idx};
use tengen::color::Color;

/// A chain with this many liberties has escaped: no race is fought over it.
pub const ESCAPED: u16 = 7;

/// Positions one race may look at.
const BUDGET: u32 = 4_000;

/// Moves deeper than this are not read (a long ko fight, or a race too long to matter).
const MAX_DEPTH: u32 = 40;

/// How a race ends, from the point of view of the owner of the first chain.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Outcome {
    /// The first chain is captured (or captures the second only to be short of
    /// liberties after it).
    Lost,
    /// The second chain escapes (reaches [`ESCAPED`] liberties), so that the first can
    /// only wait to be captured: the race is lost, unless the second chain, grown by
    /// joining others, is still shut in by stones the race does not read (as dead stones
    /// inside a territory often are: see [`crate::finish`]).
    Outrun,
    /// Neither is captured: both pass (a seki, or a race nobody can start without
    /// losing it).
    Neither,
    /// The first chain escapes (reaches [`ESCAPED`] liberties): it can no longer be
    /// captured, and the second chain is not captured either. Told apart from a seki
    /// because a seki inside a territory makes it neutral (see [`crate::finish`]), an
    /// escape does not.
    Escaped,
    /// The second chain is captured, and the first is not then short of liberties.
    Won,
}

/// The race between the chain through `x` and the opponent chain through `y` on `b`,
/// `first` moving first, with best play by both; `None` if reading runs out of budget.
/// Inside [`memory::remembering`], a race read before on the same position, in any orientation,
/// is not read again.
pub fn race(b: &Board, x: Idx, y: Idx, first: Color) -> Option<Outcome> {
    remembered(b, x, y, first, Reach::Liberties)
}

/// [`race`], with approach plays too: a liberty that a player cannot fill yet (her stone
/// there would be taken at once) may be approached first, on the point that stone would
/// lack. Fresh played-out record 167: Black's wall has the outside liberty G1, where a
/// White stone would be taken from F1; White plays F1 first, and the wall is lost. Used
/// to check a chain called dead that a race would save, and, beside [`race`], to test a
/// seki at the count; the finishing's teire keep [`race`]: an approach found by a race
/// read alone may be answered by the stones around it (stored played-out record 27:
/// White's top side, which connects along the edge, looked lost to Black's approach).
pub fn race_approaching(b: &Board, x: Idx, y: Idx, first: Color) -> Option<Outcome> {
    remembered(b, x, y, first, Reach::Approaches)
}

/// Which plays a race reads besides the two chains' liberties and the captures next to
/// them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Reach {
    /// No others.
    Liberties,
    /// Approach plays to liberties not yet fillable ([`approach`]).
    Approaches,
}

/// A race read, or remembered inside [`memory::remembering`].
fn remembered(b: &Board, x: Idx, y: Idx, first: Color, reach: Reach) -> Option<Outcome> {
    if !memory::RACES.with(|t| t.on()) {
        return read_race(b, x, y, first, reach);
    }
    let f = memory::Frame::of(b);
    let key = (f.hash, f.code(x), f.code(y), f.ko(), first, reach);
    if let Some(known) = memory::RACES.with(|t| t.get(&key)) {
        return known;
    }
    if memory::spent() {
        return None;
    }
    let v = read_race(b, x, y, first, reach);
    memory::RACES.with(|t| t.put(key, v));
    v
}

/// [`race`], read.
fn read_race(b: &Board, x: Idx, y: Idx, first: Color, reach: Reach) -> Option<Outcome> {
    let owner = b.cell(x).color()?;
    if b.cell(y) != Cell::stone(owner.opponent()) {
        return None;
    }
    let mut r = Racer {
        x,
        y,
        owner,
        reach,
        left: BUDGET,
        seen: PositionMap::default(),
        spare: Spares::default(),
        line: Vec::new(),
        lists: Vec::new(),
        heads: Vec::new(),
    };
    let v = r.value(b, first, false, 0);
    memory::add_work(BUDGET - r.left);
    v
}

/// The state of one race's reading.
struct Racer {
    /// A stone of each chain (the chain through it, as it grows).
    x: Idx,
    y: Idx,
    /// The owner of the chain through `x`.
    owner: Color,
    /// Which plays are read.
    reach: Reach,
    left: u32,
    /// Positions already read: (hash, player to move, whether the last move passed).
    seen: PositionMap<(u64, Color, bool), Outcome>,
    /// Boards to copy positions into.
    spare: Spares,
    /// The hashes of the positions on the line being read, the root first.
    line: Vec<u64>,
    /// Move lists to reuse (one is in use at each depth of the line).
    lists: Vec<Vec<Option<Idx>>>,
    /// Scratch: the heads of the chains in atari next to the two chains.
    heads: Vec<Idx>,
}

impl Racer {
    /// The outcome with `to_move` to play on `b`; `passed` if the last move was a pass.
    fn value(&mut self, b: &Board, to_move: Color, passed: bool, depth: u32) -> Option<Outcome> {
        // A capture wins the race only if the capturing chain cannot then be captured in
        // turn (a capture that leaves it with a two-point eye, killed by a throw-in:
        // Hon-88-3's corner).
        if b.cell(self.x) != Cell::stone(self.owner) {
            let doomed = Reader::new().attack_short(b, self.y).is_some();
            return Some(if doomed { Outcome::Won } else { Outcome::Lost });
        }
        if b.cell(self.y) != Cell::stone(self.owner.opponent()) {
            let doomed = Reader::new().attack_short(b, self.x).is_some();
            return Some(if doomed { Outcome::Lost } else { Outcome::Won });
        }
        if b.liberties(self.y) >= ESCAPED {
            return Some(Outcome::Outrun);
        }
        if b.liberties(self.x) >= ESCAPED {
            return Some(Outcome::Escaped);
        }
        if self.left == 0 || depth > MAX_DEPTH {
            return None;
        }
        self.left -= 1;
        let key = (b.hash(), to_move, passed);
        if let Some(&v) = self.seen.get(&key) {
            return Some(v);
        }
        let maximising = to_move == self.owner;
        let best_possible = if maximising {
            Outcome::Won
        } else {
            Outcome::Lost
        };
        let mut best: Option<Outcome> = None;
        let moves = self.candidates(b, to_move);
        for &m in &moves {
            let v = match m {
                None if passed => Outcome::Neither,
                // A pass with no ko point to lift leaves the board as it is: no copy.
                None if b.ko_point().is_none() => {
                    self.line.push(b.hash());
                    let v = self.value(b, to_move.opponent(), true, depth + 1);
                    self.line.pop();
                    v?
                }
                _ => {
                    let mut next = self.spare.copy(b);
                    match m {
                        Some(i) => {
                            next.play_unchecked(i, to_move);
                        }
                        None => next.clear_ko(),
                    }
                    // A play that brings back a position of the line is not read: a ko
                    // retaken after a pass (which lifts the ko ban) would otherwise cycle
                    // to the depth limit, and the race would have no answer.
                    if m.is_some() && self.line.contains(&next.hash()) {
                        self.spare.give(next);
                        continue;
                    }
                    self.line.push(b.hash());
                    let v = self.value(&next, to_move.opponent(), m.is_none(), depth + 1);
                    self.line.pop();
                    self.spare.give(next);
                    v?
                }
            };
            let better = match best {
                None => true,
                Some(o) => (maximising && v > o) || (!maximising && v < o),
            };
            if better {
                best = Some(v);
            }
            if v == best_possible {
                break;
            }
        }
        self.lists.push(moves);
        let v = best.unwrap_or(Outcome::Neither);
        self.seen.insert(key, v);
        Some(v)
    }

    /// The moves of `c` that matter to the race, most promising first, then a pass:
    /// captures of chains in atari next to either chain, the opponent chain's liberties
    /// that are not the mover's own (outside liberties), the shared ones, the mover's
    /// own chain's liberties (extending), then passing.
    fn candidates(&mut self, b: &Board, c: Color) -> Vec<Option<Idx>> {
        let (own, other) = if c == self.owner {
            (self.x, self.y)
        } else {
            (self.y, self.x)
        };
        // One walk of each chain gathers its first liberties and the chains of the
        // mover's opponent next to it that are in atari (the opponent chain itself among
        // them, when it is), each by its liberty, in the order they are met.
        let mut out = self.lists.pop().unwrap_or_default();
        out.clear();
        let mut heads = std::mem::take(&mut self.heads);
        heads.clear();
        let own_libs = walk(b, own, c, &mut heads);
        let other_libs = walk(b, other, c, &mut heads);
        let push = |i: Idx, out: &mut Vec<Option<Idx>>| {
            if i != 0 && !out.contains(&Some(i)) && legal(b, i, c) {
                out.push(Some(i));
            }
        };
        for &h in &heads {
            push(liberties::<1>(b, h)[0], &mut out);
        }
        self.heads = heads;
        for &l in other_libs.iter() {
            if !own_libs.contains(&l) {
                push(l, &mut out);
            }
        }
        for &l in other_libs.iter() {
            push(l, &mut out);
        }
        for &l in own_libs.iter() {
            push(l, &mut out);
        }
        // An outside liberty the mover cannot fill yet (her stone there would be taken
        // at once) is approached first, on the point that stone would lack.
        if self.reach == Reach::Approaches {
            for &l in other_libs.iter().filter(|l| !own_libs.contains(l)) {
                if let Some(p) = approach(b, l, c) {
                    push(p, &mut out);
                }
            }
        }
        out.push(None);
        out
    }
}

/// The point `c` must fill before she can fill the liberty `l` of an opponent chain: the
/// one liberty her lone stone on `l` would have (capturing nothing), from which the
/// opponent would take it and gain liberties.
fn approach(b: &Board, l: Idx, c: Color) -> Option<Idx> {
    if !crate::guided::lone_self_atari(b, l, c) {
        return None;
    }
    b.neighbours(l)
        .iter()
        .copied()
        .find(|&n| b.cell(n) == Cell::Empty)
}

/// The first [`ESCAPED`] liberties of the chain through `chain`, with the head of each
/// chain of `c`'s opponent next to it in atari added to `atari` (once a chain). A chain
/// of `c`'s opponent has no other chain of its colour next to it: its own head is added
/// when it is in atari and has stones next to each other (as the walk would meet them).
fn walk(b: &Board, chain: Idx, c: Color, atari: &mut Vec<Idx>) -> Libs {
    let mut libs = Libs::default();
    let opp = c.opponent();
    if b.cell(chain) == Cell::stone(opp) {
        let head = b.chain_head(chain);
        if b.liberties(chain) == 1 && b.chain_len(chain) >= 2 && !atari.contains(&head) {
            atari.push(head);
        }
        // Its first liberties only: the walk stops once it has them all.
        let all = usize::from(b.liberties(chain).min(ESCAPED));
        b.any_stone(chain, |s| {
            if b.neighbour_counts(s).empty() > 0 {
                for n in b.neighbours(s) {
                    if b.cell(n) == Cell::Empty {
                        libs.add(n);
                    }
                }
            }
            libs.n >= all
        });
        return libs;
    }
    let opp_cell = Cell::stone(opp);
    b.for_each_stone(chain, |s| {
        // Most stones of a long wall touch neither a liberty nor the opponent.
        let k = b.neighbour_counts(s);
        if k.empty() == 0 && k.of_or_wall(opp) == k.walls() {
            return;
        }
        for n in b.neighbours(s) {
            let cell = b.cell(n);
            if cell == Cell::Empty {
                libs.add(n);
            } else if cell == opp_cell && b.liberties(n) == 1 {
                let h = b.chain_head(n);
                if !atari.contains(&h) {
                    atari.push(h);
                }
            }
        }
    });
    libs
}

/// Up to [`ESCAPED`] distinct points, in the order added.
#[derive(Default)]
struct Libs {
    points: [Idx; ESCAPED_USIZE],
    n: usize,
}

impl Libs {
    fn add(&mut self, i: Idx) {
        if self.n < ESCAPED_USIZE && !self.points[..self.n].contains(&i) {
            self.points[self.n] = i;
            self.n += 1;
        }
    }

    fn iter(&self) -> std::slice::Iter<'_, Idx> {
        self.points[..self.n].iter()
    }

    fn contains(&self, i: &Idx) -> bool {
        self.points[..self.n].contains(i)
    }
}

/// [`ESCAPED`] as an array length.
const ESCAPED_USIZE: usize = ESCAPED as usize;

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use tengen::point::Point;

    fn at(b: &Board, gtp: &str) -> Idx {
        b.idx(Point::from_gtp(gtp, b.size()).unwrap())
    }

    /// Black's ring and White's chain inside it share their only liberties, c4 and c2
    /// (White's outer wall has plenty).
    pub(crate) const SEKI: &str = ". . . . . . .
                        O O O O O O .
                        O X X X X O .
                        O X . O X O .
                        O X O O X O .
                        O X . O X O .
                        O X X X X O .";

    /// Fresh played-out record 167 (13x13), as both players passed. Black's wall G2-N5
    /// (G2 H2 H1 J1 K1 K2 K3 L1 L2 L3 L4 M4 M5 N5) shuts in White's M1 M2 M3 N3; the two
    /// share the liberty N4, White's chain also has N2 (where Black's play, next to his
    /// lone N1, would be suicide), and the wall has one liberty outside, G1.
    const RECORD_167: &str = "\
        . . . . . . . . . O X . .
        O O . . . . . . X O X . .
        X X O O O . O . X O X X .
        . X X O . O . . X O O O .
        X O X X O X O O O X O . .
        O O O X O X X X X X O O O
        . . X O O O O . . O . . .
        . X O . O . X X X O O O O
        . . O . O X . O O . O X X
        . . . O X X . . O O X X .
        X X O . O X O O O X X O O
        . . O X O O X X O X X O .
        . . . . . . . X X X X O X";

    #[test]
    fn a_liberty_that_cannot_be_filled_yet_is_approached() {
        // Read on liberties alone, White's G1 is taken at once from F1 and the wall
        // holds: the race is a standoff. With approach plays White takes F1 first
        // (Black's G1 and N4 are then self-atari), then G1 and N4: the wall is lost
        // whoever moves first.
        let b = Board::from_text(RECORD_167).unwrap();
        let (wall, inner) = (at(&b, "G2"), at(&b, "M3"));
        for first in [Color::Black, Color::White] {
            assert_eq!(
                race_approaching(&b, wall, inner, first),
                Some(Outcome::Lost)
            );
            assert_eq!(race(&b, wall, inner, first), Some(Outcome::Neither));
        }
        // White's approach: her lone stone on G1 would have F1 alone.
        assert_eq!(approach(&b, at(&b, "G1"), Color::White), Some(at(&b, "F1")));
        // A liberty with two empty neighbours, or one whose stone captures, needs none.
        assert_eq!(approach(&b, at(&b, "N4"), Color::White), None);
        assert_eq!(approach(&b, at(&b, "F1"), Color::Black), None);
    }

    #[test]
    fn shared_liberties_that_neither_side_can_fill_are_a_seki() {
        // Worked by hand: whoever fills c4 or c2 leaves both chains the other point as
        // their last liberty, and the opponent captures there; so both pass.
        let b = Board::from_text(SEKI).unwrap();
        let (ring, inside) = (at(&b, "B5"), at(&b, "D4"));
        for first in Color::BOTH {
            assert_eq!(race(&b, ring, inside, first), Some(Outcome::Neither));
            assert_eq!(race(&b, inside, ring, first), Some(Outcome::Neither));
        }
    }

    #[test]
    fn a_ko_that_passes_would_let_cycle_does_not_leave_the_race_unread() {
        // Black's chain has two eyes, d5 and d3, so it cannot be captured; White's chain
        // b4-a3-b3-b2-c2-b1-a1 has one, a2, and its other liberties a4 and c1 can be
        // taken: Black's a4 captures a5, a ko White may retake at a5 until Black connects
        // there, and Black's e1 then c1 capture d1 and fill c1. Worked by hand: White
        // loses whoever starts. But the ko at a4/a5, retaken after each pass that lifts
        // its ban, repeats positions: read to the depth limit the race had no answer
        // (found among random 5x5 positions).
        let b = Board::from_text(
            "O X X . X
             . O X X X
             O O X . X
             . O O X X
             O O . O .",
        )
        .unwrap();
        let (black, white) = (at(&b, "B5"), at(&b, "B4"));
        for first in Color::BOTH {
            assert_eq!(race(&b, black, white, first), Some(Outcome::Won));
            assert_eq!(race(&b, white, black, first), Some(Outcome::Lost));
        }
    }

    #[test]
    fn with_one_shared_liberty_left_the_player_to_move_captures() {
        // White has filled c2: both chains have the one liberty c4, and whoever plays
        // there captures the other.
        let mut b = Board::from_text(SEKI).unwrap();
        b.play_unchecked(at(&b, "C2"), Color::White);
        let (ring, inside) = (at(&b, "B5"), at(&b, "D4"));
        assert_eq!(race(&b, ring, inside, Color::Black), Some(Outcome::Won));
        assert_eq!(race(&b, ring, inside, Color::White), Some(Outcome::Lost));
    }

    #[test]
    fn the_chain_with_more_outside_liberties_wins_whoever_starts() {
        // Black's a3 b3 c3 has three liberties, a2 b2 c2; White's a4 b4 c4 d4 d3 d2 has
        // two, c2 (shared) and e3. Worked by hand: Black moving first fills e3 and White's
        // chain is left with c2, which White can only extend into at c2 (liberty b2),
        // and Black captures at b2. White moving first has nothing better than c2 (e3
        // adds no liberty), and Black again captures at b2.
        let b = Board::from_text(
            "X X X X X X .
             O O O O X X .
             X X X O . X .
             . . . O X X .
             X X X X X . .",
        )
        .unwrap();
        let (black, white) = (at(&b, "A3"), at(&b, "A4"));
        assert_eq!(b.liberties(black), 3);
        assert_eq!(b.liberties(white), 2);
        for first in Color::BOTH {
            assert_eq!(
                race(&b, black, white, first),
                Some(Outcome::Won),
                "{first:?}"
            );
            assert_eq!(
                race(&b, white, black, first),
                Some(Outcome::Lost),
                "{first:?}"
            );
        }
    }

    #[test]
    fn a_capture_that_leaves_a_two_point_eye_does_not_win_the_race() {
        // Black's a2-e2-d1 has two liberties, c3 and a1; White's dead-looking b1 c1 has
        // one, a1 (Hon-88-3's corner). Worked by hand: if Black captures at a1, her chain
        // has b1, c1 and c3; White fills c3 and the two left form one eye of two points:
        // White's throw-in at b1 is taken by Black at c1, which leaves b1 as her last
        // liberty, and White captures everything there. If Black waits, White's c3 puts
        // her in atari and the capture at a1 comes to the same. So whoever moves first,
        // White's b1 c1 win the race (before, a capture counted as a won race at once).
        let b = Board::from_text(
            ". . . . . . .
             . . . . . . .
             . . . . . . .
             O O O O O O .
             O O . O O O .
             X X X X X O .
             . O O X O O .",
        )
        .unwrap();
        let (black, white) = (at(&b, "A2"), at(&b, "B1"));
        assert_eq!(b.liberties(black), 2);
        assert_eq!(b.liberties(white), 1);
        for first in Color::BOTH {
            assert_eq!(
                race(&b, white, black, first),
                Some(Outcome::Won),
                "{first:?}"
            );
            assert_eq!(
                race(&b, black, white, first),
                Some(Outcome::Lost),
                "{first:?}"
            );
        }
    }

    #[test]
    fn an_escape_is_told_from_a_seki() {
        // Black's c3 d3 e3 has seven liberties (b3 c4 d4 e4 f3 c2 e2): it has escaped
        // before any move, and White's d2 (three liberties) is not captured either. Read
        // from Black's side that is an escape, not a seki; from White's, the race is
        // outrun (the finishing treats the two unlike a seki or a capture).
        let b = Board::from_text(
            ". . . . . . .
             . . . . . . .
             . . X X X . .
             . . . O . . .
             . . . . . . .",
        )
        .unwrap();
        let (black, white) = (at(&b, "C3"), at(&b, "D2"));
        assert_eq!(b.liberties(black), 7);
        for first in Color::BOTH {
            assert_eq!(race(&b, black, white, first), Some(Outcome::Escaped));
            assert_eq!(race(&b, white, black, first), Some(Outcome::Outrun));
        }
    }
}
