//! Finishing a game for a territory count (RULES.md §5.2): before counting, the players of
//! a territory game fill the neutral points (dame), and a chain that this leaves in atari
//! must be saved by a move inside the player's own territory (*teire*), which costs a
//! point; a dead chain still on the board keeps taking liberties until it is captured, so
//! saving may mean capturing it, with a stone on a point of one's own territory.
//!
//! [`finish`] plays these moves on the final position with the dead stones still on it,
//! with a cheap deterministic policy, and returns the stones played (the count then treats
//! them as stones: a stone in one's own territory is a point less, one on a neutral point
//! changes nothing) and the stones captured that were not already called dead.

use crate::board::{Board, Cell, Idx, CELLS};
use crate::color::Color;
use crate::point::Point;

/// The moves played to finish the game, and what they captured.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Finish {
    /// The stones played, in order.
    pub stones: Vec<(Point, Color)>,
    /// Stones of the final position captured that were not dead already (they count as
    /// dead stones).
    pub captured: Vec<Point>,
    /// Points whose finishing stone (or `placed` stone) was captured in turn: left empty,
    /// they are no fill.
    pub lost: Vec<Point>,
}

/// Who owns each point of `b` (by padded index) once the `dead` stones are taken off:
/// for an empty or dead point, 1 or 2 if its region (through empty and dead points)
/// touches only live Black or only live White stones, 3 if both, 0 if neither; 0 for live
/// stones.
fn region_marks(b: &Board, dead: &[bool]) -> Vec<u8> {
    let open = |i: Idx| b.cell(i) == Cell::Empty || dead[i as usize];
    let mut mark = vec![0u8; CELLS];
    let mut seen = vec![false; CELLS];
    let mut stack = Vec::new();
    let mut region = Vec::new();
    for i in b.indices() {
        if !open(i) || seen[i as usize] {
            continue;
        }
        let mut touches = 0u8;
        region.clear();
        stack.push(i);
        seen[i as usize] = true;
        while let Some(q) = stack.pop() {
            region.push(q);
            for n in b.neighbours(q) {
                if b.cell(n) == Cell::Wall || seen[n as usize] {
                    continue;
                }
                if open(n) {
                    seen[n as usize] = true;
                    stack.push(n);
                } else if let Some(c) = b.cell(n).color() {
                    touches |= 1 << c.index();
                }
            }
        }
        for &q in &region {
            mark[q as usize] = touches;
        }
    }
    mark
}

/// The single liberty of the chain through `i` (which must have exactly one).
fn liberty(b: &Board, i: Idx) -> Idx {
    let mut lib = 0;
    b.for_each_stone(i, |s| {
        for e in b.neighbours(s) {
            if b.cell(e) == Cell::Empty {
                lib = e;
            }
        }
    });
    lib
}

/// Whether a stone of `c` on the empty point `i` would capture, and if not, how many
/// liberties its chain would have (counted without copying the board: this runs for
/// every candidate point at every finishing move).
fn after_play(b: &Board, i: Idx, c: Color) -> (u16, bool) {
    match liberties_after(b, i, c) {
        Some(libs) => (libs.len() as u16, false),
        None => (0, true),
    }
}

/// The liberties the chain of a stone of `c` on the empty point `i` would have, or
/// `None` if the play would capture.
fn liberties_after(b: &Board, i: Idx, c: Color) -> Option<Vec<Idx>> {
    if b.would_capture(i, c) {
        return None;
    }
    let mut libs: Vec<Idx> = Vec::new();
    let mut add = |e: Idx| {
        if e != i && b.cell(e) == Cell::Empty && !libs.contains(&e) {
            libs.push(e);
        }
    };
    let mut heads: Vec<Idx> = Vec::new();
    for n in b.neighbours(i) {
        if b.cell(n) == Cell::stone(c) {
            let h = b.chain_head(n);
            if !heads.contains(&h) {
                heads.push(h);
                b.for_each_stone(n, |s| b.neighbours(s).into_iter().for_each(&mut add));
            }
        } else {
            add(n);
        }
    }
    Some(libs)
}

/// The board being finished and what the policy needs to know about it.
struct Finisher {
    b: Board,
    /// Stones called dead (by padded index); a point captured becomes not dead.
    dead: Vec<bool>,
    /// Points the policy may not play: those played already and those that held a stone
    /// at the start (a stone there would be counted as a border fill of an occupied point).
    closed: Vec<bool>,
    /// Points holding a stone the finishing put there.
    played: Vec<bool>,
    /// The region marks of the current position (see [`region_marks`]).
    mark: Vec<u8>,
    out: Finish,
}

impl Finisher {
    /// Plays `c` on `i`, keeping the record.
    fn play(&mut self, i: Idx, c: Color) {
        let mut removed = Vec::new();
        self.b.play_with(i, c, |q, _| removed.push(q));
        for q in removed {
            let p = self.b.point(q);
            if self.played[q as usize] {
                self.out.lost.push(p);
            } else if !self.dead[q as usize] {
                self.out.captured.push(p);
            }
            self.dead[q as usize] = false;
            self.played[q as usize] = false;
        }
        self.played[i as usize] = true;
        self.closed[i as usize] = true;
        self.out.stones.push((self.b.point(i), c));
    }

    /// A live chain in atari is saved by its owner: by capturing a neighbouring dead chain
    /// in atari (taking it is due anyway), else by extending at its liberty if that gives
    /// it two.
    fn rescue(&self) -> Option<(Idx, Color)> {
        for i in self.b.indices() {
            let Some(c) = self.b.cell(i).color() else {
                continue;
            };
            if self.dead[i as usize] || self.b.liberties(i) != 1 || self.b.chain_head(i) != i {
                continue;
            }
            if let Some(take) = self.capture_next_to(i, c) {
                return Some((take, c));
            }
            let l = liberty(&self.b, i);
            // Never by capturing a live chain: that is a fight, not a finishing move.
            let (libs, captures) = after_play(&self.b, l, c);
            if !self.mine(l, c) || captures {
                continue;
            }
            if libs >= 2 {
                return Some((l, c));
            }
            // Extending would join chains short of liberties: the dead stones taking
            // them must go first.
            let joined = self.b.neighbours(l).into_iter();
            if let Some(take) = joined
                .filter(|&n| self.b.cell(n) == Cell::stone(c))
                .find_map(|n| self.capture_next_to(n, c))
            {
                return Some((take, c));
            }
        }
        None
    }

    /// Whether `c` may play on `i` to finish: an open point of her region or a neutral
    /// one (never inside the opponent's territory, where a stone would split it).
    fn mine(&self, i: Idx, c: Color) -> bool {
        !self.closed[i as usize] && self.mark[i as usize] & (1 << c.index()) != 0
    }

    /// The liberty of a dead opponent chain in atari next to the chain through `i`, if
    /// any.
    fn capture_next_to(&self, i: Idx, c: Color) -> Option<Idx> {
        let mut found = None;
        self.b.for_each_stone(i, |s| {
            for n in self.b.neighbours(s) {
                if self.b.cell(n) != Cell::stone(c.opponent()) || self.b.liberties(n) != 1 {
                    continue;
                }
                // Only dead chains: taking a live one is a fight, not a finishing move.
                if !self.dead[n as usize] {
                    continue;
                }
                let l = liberty(&self.b, n);
                if !self.mine(l, c) {
                    continue;
                }
                found = found.or(Some(l));
            }
        });
        found
    }

    /// A neutral point between live stones of both colours, filled by a player whose
    /// stone there keeps two liberties and captures nothing; one that puts a live
    /// opponent chain in atari first, as that player would.
    fn dame(&self) -> Option<(Idx, Color)> {
        let mut quiet = None;
        let mut prepared = None;
        for i in self.b.indices() {
            if self.mark[i as usize] != 3
                || self.closed[i as usize]
                || self.b.cell(i) != Cell::Empty
            {
                continue;
            }
            let live = |c: Color| {
                self.b
                    .neighbours(i)
                    .iter()
                    .any(|&n| self.b.cell(n) == Cell::stone(c) && !self.dead[n as usize])
            };
            if !(live(Color::Black) && live(Color::White)) {
                continue;
            }
            for c in Color::BOTH {
                let (libs, captures) = after_play(&self.b, i, c);
                if libs == 1 && !captures && prepared.is_none() {
                    prepared = self.prepare(i, c).map(|l| (l, c));
                }
                if libs < 2 || captures {
                    continue;
                }
                let ataris = self.b.neighbours(i).iter().any(|&n| {
                    self.b.cell(n) == Cell::stone(c.opponent())
                        && !self.dead[n as usize]
                        && self.b.liberties(n) == 2
                });
                if ataris {
                    return Some((i, c));
                }
                quiet = quiet.or(Some((i, c)));
            }
        }
        quiet.or(prepared)
    }

    /// A neutral point that `c` cannot fill because her chain would keep one liberty,
    /// inside her own territory, can be filled once she connects there (a teire): the
    /// point to connect at, if that makes the fill safe. Without it the point would
    /// stay unfilled and the count could take the chain for one in seki.
    fn prepare(&self, i: Idx, c: Color) -> Option<Idx> {
        let [l] = liberties_after(&self.b, i, c)?[..] else {
            return None;
        };
        if self.closed[l as usize] || self.mark[l as usize] != 1 << c.index() {
            return None;
        }
        let (libs, captures) = after_play(&self.b, l, c);
        if libs < 2 || captures {
            return None;
        }
        let mut t = self.b.clone();
        t.play(l, c);
        let (libs, captures) = after_play(&t, i, c);
        (libs >= 2 && !captures).then_some(l)
    }
}

/// Finishes `board` for a territory count, `dead` being the stones called dead (they stay
/// on the board until captured) and `placed` stones the count will put on empty points
/// anyway (border fills, see [`crate::estimate`]): they are played first.
pub fn finish(board: &Board, dead: &[Point], placed: &[(Point, Color)]) -> Finish {
    let mut f = Finisher {
        b: board.clone(),
        dead: vec![false; CELLS],
        closed: vec![false; CELLS],
        played: vec![false; CELLS],
        mark: Vec::new(),
        out: Finish::default(),
    };
    f.b.clear_ko();
    for i in board.indices() {
        f.closed[i as usize] = board.cell(i) != Cell::Empty;
    }
    for &p in dead {
        let i = board.idx(p);
        f.dead[i as usize] = board.cell(i) != Cell::Empty;
    }
    for &(p, c) in placed {
        let i = board.idx(p);
        let (libs, captures) = after_play(&f.b, i, c);
        if f.b.cell(i) == Cell::Empty && (libs > 0 || captures) {
            f.play(i, c);
        }
    }
    f.out.stones.clear();
    for _ in 0..board.size().points() {
        f.mark = region_marks(&f.b, &f.dead);
        let Some((i, c)) = f.rescue().or_else(|| f.dame()) else {
            break;
        };
        f.play(i, c);
    }
    let lost = &f.out.lost;
    f.out.stones.retain(|s| !lost.contains(&s.0));
    f.out
}
