//! Finishing a game for a territory count (docs/rules.md §5.2): before counting, the players of
//! a territory game fill the neutral points (dame), and a chain that this leaves short of
//! liberties must be saved by a move inside the player's own territory (*teire*), which
//! costs a point; a dead chain still on the board keeps taking liberties until it is
//! captured, so saving may mean capturing it, with a stone on a point of one's own
//! territory.
//!
//! [`finish`] plays these moves on the final position with the dead stones still on it,
//! the players taking turns as in the game, each choosing by this order:
//! 0. take a point she was told to take first ([`finish_with`]: a finishing played again
//!    because the first one left a live chain of hers in atari, or losing its race
//!    against a dead chain);
//! 1. save an own chain that the opponent could capture (read by [`crate::reading`]),
//!    with a dame if one does it, else at the least cost, by a play that leaves nothing
//!    near the chain owing a teire if one does, connecting rather than taking a dead
//!    stone; among defences still alike that leave the chain different numbers of
//!    liberties, the one after which a few more finishing moves near the chain leave her
//!    the most points there (read eight moves ahead, within eight points of the chain);
//! 2. capture a dead opponent chain now if a dame fill by the opponent would make it
//!    uncapturable (its liberties shared with the capturing chain, as in a seki) and no
//!    later stone of hers would mend that (or play the one stone near it that settles it
//!    for good, where the capture would still owe a second), or if
//!    the opponent's dame fills would win a capturing race against it (its liberties as
//!    many as those of an own chain next to it whose liberties are all dame);
//! 3. cut off a dead opponent chain that touches the opponent's live stones through a gap
//!    in her border (an empty point next to no live stone of hers), by playing the gap or,
//!    where she cannot, by taking the dead chain's other liberties first;
//! 4. fill a dame, first one whose fill by the opponent would force a teire on her, or
//!    that forces one on the opponent; among those alike, the one that closes off the most
//!    neutral points as either player's territory;
//! 5. connect in own territory where that lets a dame be filled that otherwise could not;
//! 6. play a teire where a live chain next to a dead opponent chain would lose the race
//!    against it, or end in seki, with the opponent moving first (read by
//!    [`crate::semeai`]): the filled dame can leave a territory's walls short of
//!    liberties in ways the earlier steps do not see; unless the territory is small and
//!    shut, and read completely ([`crate::intrusion`]) it holds against every intrusion;
//! 7. play a teire where a small shut territory, read completely, would not hold against
//!    the opponent moving first but holds after it (the owner may answer by capturing a
//!    dead chain next to its walls);
//! 8. the same for the points of a big territory near its weak walls, where the opponent
//!    moving first would capture a wall stone (the owner may answer by capturing a dead
//!    chain next to those walls);
//! 9. pass. Two passes in a row end it.
//!
//! The first move may not retake a ko the game's last play took (simple ko, docs/rules.md
//! §3): a record that stops on a ko capture leaves its answer to the other player.
//!
//! It returns the stones played (the count then treats them as stones: a stone in one's
//! own territory is a point less, one on a neutral point changes nothing) and the stones
//! captured that were not already called dead.
//!
//! This module holds the finisher itself (its board, the turns, the order of the steps,
//! and what it returns); the steps are in its submodules, in their order: `save` (steps 0
//! and 1), `capture` (2 and 3), `dame` (4 and 5) and `teire` (6 to 8).

use crate::reading::{self, Reader};
use crate::semeai;
use crate::spares;
use tengen::board::{Board, Cell, Idx, CELLS};
use tengen::color::Color;
use tengen::point::Point;

mod capture;
mod dame;
mod save;
mod teire;

/// The points of `b` at most `d` steps along the lines from a stone of the chain
/// through `x` (by padded index).
fn within(b: &Board, x: Idx, d: u32) -> Vec<bool> {
    let mut inside = vec![false; CELLS];
    let mut ring = Vec::new();
    b.for_each_stone(x, |s| {
        inside[s as usize] = true;
        ring.push(s);
    });
    for _ in 0..d {
        let mut next = Vec::new();
        for &q in &ring {
            for n in b.neighbours(q) {
                if b.cell(n) != Cell::Wall && !inside[n as usize] {
                    inside[n as usize] = true;
                    next.push(n);
                }
            }
        }
        ring = next;
    }
    inside
}

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
    /// For a live chain of two stones or more that the finishing leaves in atari with the
    /// dead stones still on the board (where the count, which takes them off, may see
    /// liberties), or losing its race against a dead chain next to it: the points its
    /// owner should have taken first, with her colour (see `estimate`'s repairs). Empty
    /// if there is none.
    pub broken: Vec<(Point, Color)>,
}

/// Who owns each point of `b` (by padded index) once the `dead` stones are taken off:
/// for an empty or dead point, 1 or 2 if its region (through empty and dead points)
/// touches only live Black or only live White stones, 3 if both, 0 if neither; 0 for live
/// stones.
fn region_marks(b: &Board, dead: &[bool]) -> Vec<u8> {
    let mut mark = Vec::new();
    region_marks_into(b, dead, &mut mark);
    mark
}

/// [`region_marks`] written into `mark` (the finishing marks its position after every
/// move, into the same buffer).
fn region_marks_into(b: &Board, dead: &[bool], mark: &mut Vec<u8>) {
    mark.clear();
    mark.resize(CELLS, 0);
    let mut seen = [false; CELLS];
    let mut region = Vec::with_capacity(CELLS);
    for i in b.indices() {
        let open = b.cell(i) == Cell::Empty || dead[i as usize];
        if !open || seen[i as usize] {
            continue;
        }
        let touches = flood_region(b, dead, i, &mut seen, &mut region);
        for &q in &region {
            mark[q as usize] = touches;
        }
    }
}

/// The region of `b` through the empty or `dead` point `start` (through empty and dead
/// points), not crossing points already `seen` (which it marks): its points into
/// `region`, and the colours of the live stones it touches as bits (1 Black, 2 White).
pub(crate) fn flood_region(
    b: &Board,
    dead: &[bool],
    start: Idx,
    seen: &mut [bool],
    region: &mut Vec<Idx>,
) -> u8 {
    let open = |i: Idx| b.cell(i) == Cell::Empty || dead[i as usize];
    let mut touches = 0u8;
    region.clear();
    region.push(start);
    seen[start as usize] = true;
    let mut k = 0;
    while k < region.len() {
        let q = region[k];
        k += 1;
        for n in b.neighbours(q) {
            if b.cell(n) == Cell::Wall || seen[n as usize] {
                continue;
            }
            if open(n) {
                seen[n as usize] = true;
                region.push(n);
            } else if let Some(c) = b.cell(n).color() {
                touches |= 1 << c.index();
            }
        }
    }
    touches
}

/// The points next to the chain through `x` (by padded index).
pub(crate) fn next_to_chain(b: &Board, x: Idx) -> Vec<bool> {
    let mut next_to = vec![false; CELLS];
    b.for_each_stone(x, |s| {
        for n in b.neighbours(s) {
            next_to[n as usize] = true;
        }
    });
    next_to
}

/// The first of the finishing's `stones` (in the order played) that is a stone of `c` on
/// `b` still, on a point marked in `next_to`.
pub(crate) fn first_stone_next_to(
    b: &Board,
    stones: &[(Point, Color)],
    c: Color,
    next_to: &[bool],
) -> Option<Point> {
    stones
        .iter()
        .find(|&&(p, by)| by == c && b.get(p) == Some(c) && next_to[b.idx(p) as usize])
        .map(|&(p, _)| p)
}

/// Whether the chain through `i` touches a stone of `cell`.
fn touches(b: &Board, i: Idx, cell: Cell) -> bool {
    let mut found = false;
    b.for_each_stone(i, |s| {
        found |= b.neighbours(s).iter().any(|&n| b.cell(n) == cell)
    });
    found
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

/// Whether the chain through `x`, in atari, would be captured only for its owner to take
/// the capturing chain back at once, and more stones than she lost: the capturing stone
/// joins a chain with one liberty and at least two stones (so the recapture is no ko). The
/// opponent gains nothing by the capture, so the chain needs no teire.
fn recaptured(b: &Board, x: Idx) -> bool {
    let Some(owner) = b.cell(x).color() else {
        return false;
    };
    if b.liberties(x) != 1 {
        return false;
    }
    let [l] = reading::liberties::<1>(b, x);
    if !reading::legal(b, l, owner.opponent()) {
        return false;
    }
    let mut next = spares::scratch(b);
    next.play_unchecked(l, owner.opponent());
    next.liberties(l) == 1 && next.chain_len(l) >= 2.max(b.chain_len(x))
}

/// The liberties of the chain through `i`.
fn liberty_list(b: &Board, i: Idx) -> Vec<Idx> {
    let mut libs = Vec::new();
    b.for_each_stone(i, |s| {
        for n in b.neighbours(s) {
            if b.cell(n) == Cell::Empty && !libs.contains(&n) {
                libs.push(n);
            }
        }
    });
    libs
}

/// The board being finished and what the policy needs to know about it.
struct Finisher {
    b: Board,
    /// Stones called dead (by padded index); a point captured becomes not dead.
    dead: Vec<bool>,
    /// Points the policy may not play: those played already and those that held a stone
    /// at the start (a dead stone's point, once captured, is the owner's territory; only
    /// a defence plays there, see [`Finisher::defence`]).
    closed: Vec<bool>,
    /// Points holding a stone the finishing put there.
    played: Vec<bool>,
    /// Points of dead stones the finishing captured, which a defence may play.
    emptied: Vec<bool>,
    /// The region marks of the current position (see [`region_marks`]).
    mark: Vec<u8>,
    out: Finish,
    reader: Reader,
    /// Points each player takes before anything else, if she still can (step 0).
    urgent: Vec<(Idx, Color)>,
    /// The ko point the game ended with: the first finishing move may not retake there.
    ko: Option<Idx>,
    /// How many more times step 1 may read its alike defences ahead
    /// ([`Finisher::read_ahead`]): none in the readings themselves.
    ahead_left: u8,
    /// In a reading ahead, the points it may play (those within [`save::AHEAD_FOCUS`] of the
    /// chain defended); `None` in the finishing itself.
    focus: Option<Vec<bool>>,
    /// In a reading ahead, the points whose dead chains and territories its teire steps
    /// 6-8 read (those within [`save::AHEAD_WATCH`] of the chain defended); `None` in the
    /// finishing itself.
    watch: Option<Vec<bool>>,
}

impl Finisher {
    /// The finishing of `board` with the `dead` stones marked, nothing played yet.
    fn new(board: &Board, dead: &[Point], urgent: &[(Point, Color)]) -> Finisher {
        let mut f = Finisher {
            urgent: urgent.iter().map(|&(p, c)| (board.idx(p), c)).collect(),
            b: board.clone(),
            dead: vec![false; CELLS],
            closed: vec![false; CELLS],
            played: vec![false; CELLS],
            emptied: vec![false; CELLS],
            mark: Vec::new(),
            out: Finish::default(),
            reader: Reader::new(),
            ko: board.ko_point(),
            ahead_left: save::AHEAD_READINGS,
            focus: None,
            watch: None,
        };
        f.b.clear_ko();
        for i in board.indices() {
            f.closed[i as usize] = board.cell(i) != Cell::Empty;
        }
        for &p in dead {
            let i = board.idx(p);
            f.dead[i as usize] = board.cell(i) != Cell::Empty;
        }
        f
    }

    /// Plays `c` on `i`, keeping the record.
    fn play(&mut self, i: Idx, c: Color) {
        let mut removed = Vec::new();
        self.b.play_unchecked_with(i, c, |q, _| removed.push(q));
        for q in removed {
            let p = self.b.point(q);
            if self.played[q as usize] {
                self.out.lost.push(p);
            } else if !self.dead[q as usize] {
                self.out.captured.push(p);
            } else {
                self.emptied[q as usize] = true;
            }
            self.dead[q as usize] = false;
            self.played[q as usize] = false;
        }
        self.played[i as usize] = true;
        self.closed[i as usize] = true;
        self.emptied[i as usize] = false;
        self.out.stones.push((self.b.point(i), c));
    }

    /// Plays the finishing from `first` on, at most `moves` moves, until two passes.
    fn run(&mut self, first: Color, moves: usize) {
        let mut c = first;
        let mut passes = 0;
        for _ in 0..moves {
            region_marks_into(&self.b, &self.dead, &mut self.mark);
            match self.choose(c) {
                Some(i) => {
                    self.play(i, c);
                    passes = 0;
                }
                None if passes == 1 => break,
                None => passes += 1,
            }
            c = c.opponent();
        }
    }

    /// The repair for a live chain (two stones or more) the finishing leaves in atari
    /// (see [`Finish::broken`]), for its owner to take first: the liberties of the dead
    /// opponent chain next to it with the fewest, which she should have captured in time
    /// (T-08-2: White's 13-stone wall, whose dame Black filled one by one, loses its race
    /// with Black's dead O9 O8 unless White takes them first, as GNU Go's aftermath does),
    /// or else the point of the first opponent stone the finishing put next to it.
    fn broken(&mut self) -> Vec<(Point, Color)> {
        let b = spares::scratch(&self.b);
        let Some((x, owner)) = b.indices().find_map(|i| {
            let owner = b.cell(i).color()?;
            let short = b.chain_head(i) == i && b.liberties(i) == 1 && b.chain_len(i) >= 2;
            (short && !self.dead[i as usize] && !self.taken_back(&b, i)).then_some((i, owner))
        }) else {
            return self.race_lost_at_the_end(&b);
        };
        let next_to = next_to_chain(&b, x);
        let dead_next_to = b
            .indices()
            .filter(|&d| next_to[d as usize] && self.dead[d as usize])
            .min_by_key(|&d| b.liberties(d));
        let points: Vec<Point> = match dead_next_to {
            Some(d) => liberty_list(&b, d)
                .into_iter()
                .map(|q| b.point(q))
                .collect(),
            None => first_stone_next_to(&b, &self.out.stones, owner.opponent(), &next_to)
                .into_iter()
                .collect(),
        };
        points.into_iter().map(|p| (p, owner)).collect()
    }

    /// The repair for a live chain (two stones or more) that the finished position `b`
    /// leaves losing its race against a dead opponent chain next to it, that chain's
    /// owner moving first: the dead chain's liberties, for the live chain's owner to take
    /// first. Step 6 reads such races only while one teire still saves the chain; once
    /// every dame is filled it may take several (M-63-3: White's 31-stone centre group is
    /// left with two liberties against Black's dead L8-O8, which has four, and GNU Go's
    /// aftermath captures it with M7 N7 O7 P8). Only a dead chain alone in the owner's
    /// area is read ([`Finisher::alone_in_area`]), and not one whose small shut territory
    /// holds when read completely.
    fn race_lost_at_the_end(&self, b: &Board) -> Vec<(Point, Color)> {
        for d in b.indices() {
            let Some(opp) = b.cell(d).color() else {
                continue;
            };
            let dead_head = self.dead[d as usize] && b.chain_head(d) == d;
            if !dead_head || b.liberties(d) >= semeai::ESCAPED || !self.alone_in_area(b, d) {
                continue;
            }
            let owner = opp.opponent();
            let lost = self
                .neighbour_chains_on(b, d, owner, false)
                .into_iter()
                .any(|x| {
                    b.chain_len(x) >= 2
                        && b.liberties(x) < semeai::ESCAPED
                        && semeai::race(b, x, d, opp) == Some(semeai::Outcome::Lost)
                });
            if lost && !self.territory_holds(b, d, owner) {
                return liberty_list(b, d)
                    .into_iter()
                    .map(|q| (b.point(q), owner))
                    .collect();
            }
        }
        Vec::new()
    }

    /// Whether every liberty of the dead chain through `d` is in the area of its
    /// opponent alone and touches no other stone of `d`'s colour. The race reader reads
    /// two chains; a dead chain that can join other dead stones is another race
    /// (Hon-67-5: White's dead O19 is next to her M19 and N18, which the estimate later
    /// spares as seki).
    fn alone_in_area(&self, b: &Board, d: Idx) -> bool {
        let Some(colour) = b.cell(d).color() else {
            return false;
        };
        let area = 1u8 << colour.opponent().index();
        let head = b.chain_head(d);
        liberty_list(b, d).into_iter().all(|l| {
            self.mark[l as usize] == area
                && b.neighbours(l)
                    .iter()
                    .all(|&n| b.cell(n) != Cell::stone(colour) || b.chain_head(n) == head)
        })
    }

    /// Whether the capture of the chain through `x`, in atari, leaves the capturing chain
    /// one its owner can capture in turn (Hon-88-3's corner: Black's a1 takes b1 c1 and
    /// keeps a two-point eye that White's throw-in kills).
    fn taken_back(&mut self, b: &Board, x: Idx) -> bool {
        let Some(owner) = b.cell(x).color() else {
            return false;
        };
        let l = liberty_list(b, x)[0];
        let mut next = spares::scratch(b);
        next.play_unchecked(l, owner.opponent());
        self.reader.attack_short(&next, l).is_some()
    }

    /// The move `c` makes in the position, by the order of the module's documentation.
    fn choose(&mut self, c: Color) -> Option<Idx> {
        self.take_urgent(c)
            .or_else(|| self.save(c))
            .or_else(|| self.capture_in_time(c))
            .or_else(|| self.race(c))
            .or_else(|| self.close_off(c))
            .or_else(|| self.fill(c))
            .or_else(|| self.prepare_any(c))
            .or_else(|| self.teire(c))
            .or_else(|| self.guard(c))
            .or_else(|| self.guard_near_walls(c))
    }

    /// Whether `c` may play on the empty point `i` of `b` to finish: legal, and not on a
    /// point played before or that held a stone at the start.
    fn may_play(&self, b: &Board, i: Idx, c: Color) -> bool {
        let retakes_ko =
            self.out.stones.is_empty() && self.ko == Some(i) && b.capture_count(i, c) == 1;
        let in_focus = self.focus.as_ref().is_none_or(|f| f[i as usize]);
        in_focus && !self.closed[i as usize] && reading::legal(b, i, c) && !retakes_ko
    }

    /// What a finishing stone of `c` on `i` costs her in a territory count: nothing on a
    /// neutral point, a point in her own territory, more in the opponent's.
    fn cost(&self, i: Idx, c: Color) -> u8 {
        match self.mark[i as usize] {
            3 => 0,
            m if m == 1 << c.index() => 1,
            _ => 2,
        }
    }

    /// Heads of the chains of `c` next to the chain through `i` that are called dead
    /// (`dead`) or live (not `dead`).
    fn neighbour_chains(&self, i: Idx, c: Color, dead: bool) -> Vec<Idx> {
        self.neighbour_chains_on(&self.b, i, c, dead)
    }

    /// [`Finisher::neighbour_chains`] on the board `b`.
    fn neighbour_chains_on(&self, b: &Board, i: Idx, c: Color, dead: bool) -> Vec<Idx> {
        let mut heads = Vec::new();
        b.for_each_stone(i, |s| {
            for n in b.neighbours(s) {
                let h = b.chain_head(n);
                if b.cell(n) == Cell::stone(c)
                    && self.dead[n as usize] == dead
                    && !heads.contains(&h)
                {
                    heads.push(h);
                }
            }
        });
        heads
    }
}

/// Finishes `board` for a territory count, `dead` being the stones called dead (they stay
/// on the board until captured) and `placed` stones the count will put on empty points
/// anyway (border fills, see [`crate::estimate`]): they are played first. `first` moves
/// first (the player to move at the end of the game).
pub fn finish(board: &Board, dead: &[Point], placed: &[(Point, Color)], first: Color) -> Finish {
    finish_with(board, dead, placed, &[], first)
}

/// [`finish`], where on her turns each player first takes her points of `urgent` that she
/// can still take (step 0).
pub fn finish_with(
    board: &Board,
    dead: &[Point],
    placed: &[(Point, Color)],
    urgent: &[(Point, Color)],
    first: Color,
) -> Finish {
    let mut f = Finisher::new(board, dead, urgent);
    for &(p, c) in placed {
        let i = board.idx(p);
        let (libs, captures) = after_play(&f.b, i, c);
        if f.b.cell(i) == Cell::Empty && (libs > 0 || captures) && !f.in_race(i, c) {
            f.play(i, c);
        }
    }
    f.out.stones.clear();
    f.run(first, 2 * board.size().points());
    let lost = &f.out.lost;
    f.out.stones.retain(|s| !lost.contains(&s.0));
    f.out.broken = f.broken();
    f.out
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// A position of `side` x `side` from nearly empty to crowded: up to 70% of the
    /// points tried, in turn for Black and White, each played where legal.
    pub(crate) fn random_position(rng: &mut tengen::Rng, side: u8) -> Board {
        let size = tengen::point::Size::square(side).unwrap();
        let mut b = Board::new(size);
        let stones = rng.below(size.points() as u32 * 7 / 10) as usize;
        for k in 0..stones {
            let c = if k % 2 == 0 {
                Color::Black
            } else {
                Color::White
            };
            let k = rng.below(size.points() as u32) as usize;
            let i = b.idx(size.all_points().nth(k).unwrap());
            if b.cell(i) == Cell::Empty && reading::legal(&b, i, c) {
                b.play_unchecked(i, c);
            }
        }
        b
    }

    #[test]
    fn within_counts_steps_along_the_lines_from_every_stone_of_the_chain() {
        // Black's chain c3 d3 on 7x7: c5 is two steps up from c3, f3 two right of d3,
        // e5 three (one right, two up), a1 four (two left, two down).
        let b = Board::from_text(
            ". . . . . . .
             . . . . . . .
             . . . . . . .
             . . . . . . .
             . . X X . . .
             . . . . . . .
             . . . . . . .",
        )
        .unwrap();
        let at = |gtp: &str| b.idx(Point::from_gtp(gtp, b.size()).unwrap());
        let near = within(&b, at("C3"), 2);
        for p in ["C3", "D3", "C5", "F3", "D1", "B2"] {
            assert!(near[at(p) as usize], "{p}");
        }
        for p in ["E5", "A1", "G3", "C6"] {
            assert!(!near[at(p) as usize], "{p}");
        }
        let count = b.indices().filter(|&i| near[i as usize]).count();
        // The two stones; one step away b3 e3 c4 d4 c2 d2; two steps away a3 f3 c5 d5
        // c1 d1 b4 e4 b2 e2.
        assert_eq!(count, 2 + 6 + 10);
    }
}
