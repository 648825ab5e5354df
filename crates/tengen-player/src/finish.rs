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

use crate::intrusion;
use crate::reading::{self, Reader};
use crate::semeai;
use crate::spares::{self, Scratch};
use tengen::board::{Board, Cell, Idx, CELLS};
use tengen::color::Color;
use tengen::point::Point;

/// Whether a race's outcome for a live chain of a territory's owner, the owner of the
/// dead chain inside moving first, calls for a teire: the live chain is captured, or
/// the two end in seki (which would make the territory neutral). A dead chain that
/// escapes by joining other dead stones is left alone: the race reads two chains only,
/// and the stones it joined are most often shut in by the owner's other chains.
fn threatened(o: semeai::Outcome) -> bool {
    matches!(o, semeai::Outcome::Lost | semeai::Outcome::Neither)
}

/// Dead chains with more liberties than this are not read for a teire (see
/// [`Finisher::teire`]): a dead chain with many liberties is no threat to the chains
/// around it, and reading every one at every finishing move would cost too much.
const TEIRE_LIBERTIES: u16 = 3;

/// Windows of big territories with more empty points than this are not read (see
/// [`Finisher::guard_near_walls`]).
const MAX_WINDOW: usize = 8;

/// Finishing moves read ahead after each of the alike defences of a chain (see
/// [`Finisher::read_ahead`]).
const AHEAD_MOVES: usize = 8;

/// How many decisions of one finishing are read ahead (see [`Finisher::read_ahead`]), so
/// that a board full of fights costs no more than a few: the finishings of the 284
/// records hold at most three such decisions, those of `estimate_stress 200` up to 24.
const AHEAD_READINGS: u8 = 4;

/// How far from the chain defended (in steps along the lines) the reading ahead plays.
const AHEAD_FOCUS: u32 = 8;

/// How far from the chain defended the reading ahead reads teire (steps 6-8): the dead
/// chains and territories nearer than the plays, since only the points within two of
/// the chain are valued. Within 4 as within 8, the records' estimates are the same; 4 reads
/// a third less than 8.
const AHEAD_WATCH: u32 = 4;

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

/// Whether `points` reach a point marked in `near` (any do when there is no `near`).
fn reaches(points: &[Idx], near: Option<&[bool]>) -> bool {
    near.is_none_or(|near| points.iter().any(|&q| near[q as usize]))
}

/// The points of a region (marked in `inside`) at most two steps from its points
/// `starts` (through the region), then its rim: those three steps away.
fn window_from(b: &Board, inside: &[bool], starts: Vec<Idx>) -> (Vec<Idx>, Vec<Idx>) {
    let mut step = vec![u8::MAX; CELLS];
    for &s in &starts {
        step[s as usize] = 1;
    }
    let (mut inner, mut rim) = (starts, Vec::new());
    let mut k = 0;
    while k < inner.len() {
        let q = inner[k];
        k += 1;
        for n in b.neighbours(q) {
            if !inside[n as usize] || step[n as usize] != u8::MAX {
                continue;
            }
            step[n as usize] = step[q as usize] + 1;
            if step[n as usize] <= 2 {
                inner.push(n);
            } else {
                rim.push(n);
            }
        }
    }
    (inner, rim)
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
    /// In a reading ahead, the points it may play (those within [`AHEAD_FOCUS`] of the
    /// chain defended); `None` in the finishing itself.
    focus: Option<Vec<bool>>,
    /// In a reading ahead, the points whose dead chains and territories its teire steps
    /// 6-8 read (those within [`AHEAD_WATCH`] of the chain defended); `None` in the
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
            ahead_left: AHEAD_READINGS,
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

    /// Step 7, a teire for a small shut territory of `c` (an empty region of her
    /// territory with at most [`intrusion::MAX_EMPTY`] empty points, only dead opponent
    /// stones in it, and walls with no liberty outside it) that the opponent, moving
    /// first, could break into: capture a wall stone, or live inside alone or in seki
    /// (read on every point: [`intrusion`]). Her first point of it after which it holds is
    /// played (Hon-58-6: White's M3, which GNU Go's aftermath plays too). Honinbo records,
    /// exact over four seeds, 415 -> 419 and one wrong winner fewer; the evaluation records
    /// 459 -> 459 (T-21-3 gained, T-23-2 lost); the played-out set unchanged.
    fn guard(&mut self, c: Color) -> Option<Idx> {
        let b = spares::scratch(&self.b);
        self.guard_on(&b, c, self.watch.as_deref())
    }

    /// Step 7 on `b`, for the territories reaching a point marked in `near` if given.
    fn guard_on(&self, b: &Board, c: Color, near: Option<&[bool]>) -> Option<Idx> {
        let own = 1u8 << c.index();
        let mut seen = [0u16; CELLS];
        let mut id = 0;
        for i in b.indices() {
            if seen[i as usize] != 0 || self.mark[i as usize] != own || b.cell(i) != Cell::Empty {
                continue;
            }
            id += 1;
            let Some(t) = intrusion::territory_in(b, i, c, &mut seen, id) else {
                continue;
            };
            if !self.only_dead_inside(b, &t) || !reaches(&t.points, near) {
                continue;
            }
            let t = self.with_dead_next_to_walls(b, t);
            if let Some(m) = self.guard_point(b, &t) {
                return Some(m);
            }
        }
        None
    }

    /// Step 8, a teire where a big territory of `c` would lose a wall stone to the
    /// opponent moving first, read on windows of it near its weak walls
    /// ([`intrusion::window`], [`Finisher::near_weak_walls`]). T-04-1's upper left: once
    /// White has filled C10, Black's D12 E12 F12 E13 F11 G11 has two liberties, C12 and
    /// D13, and A11 B11 C11 B10 three, A12 B12 C12; White's C12 ataris the first, Black
    /// connects at D13, and White's B12 takes the second (Black's teire at B12 or C13
    /// stops it, as GNU Go's aftermath plays). The race reader of step 6 sees no dead
    /// chain there, and the territory is too big for step 7. Exact over four seeds:
    /// Honinbo records 419 -> 427, evaluation records 459 -> 472 (right winners 581 ->
    /// 585); the played-out set unchanged.
    fn guard_near_walls(&mut self, c: Color) -> Option<Idx> {
        let b = spares::scratch(&self.b);
        self.guard_near_walls_on(&b, c, self.watch.as_deref())
    }

    /// Step 8 on `b`, for the territories reaching a point marked in `near` if given.
    fn guard_near_walls_on(&self, b: &Board, c: Color, near: Option<&[bool]>) -> Option<Idx> {
        let own = 1u8 << c.index();
        let mut seen = vec![false; CELLS];
        let mut region = Vec::new();
        for i in b.indices() {
            if seen[i as usize] || self.mark[i as usize] != own || b.cell(i) != Cell::Empty {
                continue;
            }
            flood_region(b, &self.dead, i, &mut seen, &mut region);
            if !reaches(&region, near) {
                continue;
            }
            for (points, rim) in self.near_weak_walls(b, c, &region) {
                let t = intrusion::window(b, c, points, rim);
                if let Some(m) = self.guard_point(b, &t) {
                    return Some(m);
                }
            }
        }
        None
    }

    /// If the territory `t` of `c` would not hold with the opponent moving first, her
    /// first point of it after which it holds.
    fn guard_point(&self, b: &Board, t: &intrusion::Territory) -> Option<Idx> {
        let c = t.owner;
        let h = intrusion::holds(b, t, c.opponent());
        if h != Some(false) {
            return None;
        }
        t.points.iter().copied().find(|&m| {
            if b.cell(m) != Cell::Empty || !self.may_play(b, m, c) {
                return false;
            }
            let mut next = spares::scratch(b);
            next.play_unchecked(m, c);
            intrusion::holds(&next, t, c.opponent()) == Some(true)
        })
    }

    /// The windows of `region` (a big territory of `c`, more than
    /// [`intrusion::MAX_EMPTY`] empty points; smaller ones [`Finisher::guard`] reads whole)
    /// near her weak walls (live chains next to it with two or three liberties, all in
    /// it): each a connected part of the points at most two steps from a weak wall, then
    /// its rim, the points one step further, which only the owner may play (her answers
    /// there count; the intruder's stones there would be far inside). With each, the rim's
    /// length. Windows with more than [`MAX_WINDOW`] empty points are left out.
    fn near_weak_walls(&self, b: &Board, c: Color, region: &[Idx]) -> Vec<(Vec<Idx>, usize)> {
        let empty = region.iter().filter(|&&q| b.cell(q) == Cell::Empty).count();
        if empty <= intrusion::MAX_EMPTY {
            return Vec::new();
        }
        let mut inside = vec![false; CELLS];
        for &q in region {
            inside[q as usize] = true;
        }
        let step = self.steps_from_weak_walls(b, c, region, &inside);
        let mut windows = Vec::new();
        let mut taken = vec![false; CELLS];
        for &start in region {
            if taken[start as usize] || step[start as usize] != 1 {
                continue;
            }
            taken[start as usize] = true;
            let (mut inner, mut rim) = (vec![start], Vec::new());
            let mut k = 0;
            while k < inner.len() {
                let q = inner[k];
                k += 1;
                for n in b.neighbours(q) {
                    if !inside[n as usize] || taken[n as usize] {
                        continue;
                    }
                    match step[n as usize] {
                        1 | 2 => inner.push(n),
                        3 => rim.push(n),
                        _ => continue,
                    }
                    taken[n as usize] = true;
                }
            }
            let empty = inner.iter().filter(|&&q| b.cell(q) == Cell::Empty).count();
            if empty <= MAX_WINDOW {
                windows.push(self.finished_window(b, c, inner, rim));
            } else {
                windows.extend(self.windows_per_wall(b, c, &inner, &inside));
            }
        }
        windows
    }

    /// A window's points, its `inner` ones then its `rim`, with the dead chains next to
    /// its walls added, and the rim's length.
    fn finished_window(
        &self,
        b: &Board,
        c: Color,
        mut inner: Vec<Idx>,
        mut rim: Vec<Idx>,
    ) -> (Vec<Idx>, usize) {
        self.add_dead_next_to_walls(b, c, &mut inner, &mut rim);
        let n = rim.len();
        inner.extend(rim);
        (inner, n)
    }

    /// Where the points near weak walls make one window too big to read (weak walls all
    /// round a territory), a window for each weak wall next to `points`: the points at
    /// most two steps from its liberties, then the rim. M-62-l10's centre: White's N11
    /// ataris Black's big centre chain and N12 N13 O12 at once, and Black's teire at N10
    /// (GNU Go's aftermath plays it) was never read, the 25 points near the walls around
    /// it being one window.
    fn windows_per_wall(
        &self,
        b: &Board,
        c: Color,
        points: &[Idx],
        inside: &[bool],
    ) -> Vec<(Vec<Idx>, usize)> {
        let mut heads: Vec<Idx> = Vec::new();
        for &q in points {
            for n in b.neighbours(q) {
                let h = b.chain_head(n);
                let weak = self.is_weak_wall(b, c, n, inside) && !self.among_dead(b, n, c);
                if weak && !heads.contains(&h) {
                    heads.push(h);
                }
            }
        }
        let mut windows = Vec::new();
        for h in heads {
            let (inner, rim) = window_from(b, inside, liberty_list(b, h));
            let empty = inner.iter().filter(|&&q| b.cell(q) == Cell::Empty).count();
            if empty <= MAX_WINDOW {
                windows.push(self.finished_window(b, c, inner, rim));
            }
        }
        windows
    }

    /// Whether `n` is a stone of a weak wall of `c` round the region marked in `inside`:
    /// a live chain of hers with two or three liberties, all in the region.
    fn is_weak_wall(&self, b: &Board, c: Color, n: Idx, inside: &[bool]) -> bool {
        b.cell(n) == Cell::stone(c)
            && !self.dead[n as usize]
            && (2..=3).contains(&b.liberties(n))
            && liberty_list(b, n).iter().all(|&l| inside[l as usize])
    }

    /// A small territory `t` (step 7) with the dead opponent chains next to its walls and
    /// their liberties as rim, as [`Finisher::add_dead_next_to_walls`] does for a window;
    /// intruder stones there may stay. T-23-2's P10: White's centre group has only the
    /// bent three O10 P10 P11 inside, and Black's P10 would kill it there; but the group
    /// also touches Black's dead L10-L11, which White can capture at K10 and K11.
    fn with_dead_next_to_walls(&self, b: &Board, t: intrusion::Territory) -> intrusion::Territory {
        let (mut points, mut rim) = (t.points.clone(), Vec::new());
        self.add_dead_next_to_walls(b, t.owner, &mut points, &mut rim);
        points.extend(rim);
        // Everything added (the dead stones, then their liberties) is rim.
        let rim = points.len() - t.points.len();
        intrusion::Territory { points, rim, ..t }
    }

    /// Adds to a window of `c` (its `inner` points and `rim`) the dead opponent chains
    /// next to its walls, with their liberties as rim: capturing one is often how the
    /// owner answers an atari on the wall it touches (T-09-2: Black's E15 ataris White's
    /// D15 and E14 at once, and White's A14, far outside the window, captures the dead
    /// A15-D13 chain and saves both).
    fn add_dead_next_to_walls(
        &self,
        b: &Board,
        c: Color,
        inner: &mut Vec<Idx>,
        rim: &mut Vec<Idx>,
    ) {
        let enemy = Cell::stone(c.opponent());
        let mut heads: Vec<Idx> = Vec::new();
        for &q in inner.iter() {
            for w in b.neighbours(q) {
                if b.cell(w) != Cell::stone(c) {
                    continue;
                }
                b.for_each_stone(w, |s| {
                    for d in b.neighbours(s) {
                        let h = b.chain_head(d);
                        if b.cell(d) == enemy && self.dead[d as usize] && !heads.contains(&h) {
                            heads.push(h);
                        }
                    }
                });
            }
        }
        for h in heads {
            if b.liberties(h) > TEIRE_LIBERTIES {
                continue;
            }
            b.for_each_stone(h, |s| {
                if !inner.contains(&s) && !rim.contains(&s) {
                    inner.push(s);
                }
            });
            for l in liberty_list(b, h) {
                if !inner.contains(&l) && !rim.contains(&l) {
                    rim.push(l);
                }
            }
        }
    }

    /// How many steps through `region` (marked in `inside`) each of its points is from a
    /// weak wall of `c` (see [`Finisher::near_weak_walls`]), up to three; `u8::MAX` beyond.
    fn steps_from_weak_walls(
        &self,
        b: &Board,
        c: Color,
        region: &[Idx],
        inside: &[bool],
    ) -> Vec<u8> {
        let mut step = vec![u8::MAX; CELLS];
        let mut queue = Vec::new();
        let mut faced = false;
        for &q in region {
            for n in b.neighbours(q) {
                if self.is_weak_wall(b, c, n, inside) && step[q as usize] != 1 {
                    step[q as usize] = 1;
                    queue.push(q);
                }
                if !faced && b.cell(n) == Cell::stone(c) {
                    faced = touches(b, n, Cell::stone(c.opponent()));
                }
            }
        }
        if !faced {
            // No wall touches a stone of the opponent: an intrusion would have nothing
            // of his to live with (a board he has no stones on).
            return vec![u8::MAX; CELLS];
        }
        let mut k = 0;
        while k < queue.len() {
            let q = queue[k];
            k += 1;
            if step[q as usize] >= 3 {
                continue;
            }
            for n in b.neighbours(q) {
                if inside[n as usize] && step[n as usize] == u8::MAX {
                    step[n as usize] = step[q as usize] + 1;
                    queue.push(n);
                }
            }
        }
        step
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

    /// Heads of the live chains of `c` in `b` with at most `max` liberties that touch an
    /// opponent stone (a chain alone in its own area is attacked only by stones that
    /// would die there).
    fn weak_chains(&self, b: &Board, c: Color, max: u16) -> Vec<Idx> {
        let opp = Cell::stone(c.opponent());
        b.indices()
            .filter(|&i| {
                b.cell(i) == Cell::stone(c)
                    && !self.dead[i as usize]
                    && b.chain_head(i) == i
                    && b.liberties(i) <= max
                    && touches(b, i, opp)
            })
            .collect()
    }

    /// Step 0: a point `c` was told to take first, while she can play it without being
    /// left in atari there.
    fn take_urgent(&self, c: Color) -> Option<Idx> {
        self.urgent.iter().find_map(|&(i, owner)| {
            let (libs, captures) = after_play(&self.b, i, c);
            let safe = libs >= 2 || captures;
            (owner == c && self.may_play(&self.b, i, c) && safe).then_some(i)
        })
    }

    /// Step 1: a play that saves an own live chain the opponent could capture.
    fn save(&mut self, c: Color) -> Option<Idx> {
        let b = spares::scratch(&self.b);
        for x in self.weak_chains(&b, c, 2) {
            if self.among_dead(&b, x, c) || recaptured(&b, x) || self.reader.attack(&b, x).is_none()
            {
                continue;
            }
            if let Some(m) = self.defence(&b, x, c) {
                return Some(m);
            }
        }
        None
    }

    /// Whether the chain of `c` through `x` touches only dead opponent stones and has its
    /// liberties in her own territory: the opponent can capture it only by playing among
    /// her own dead stones, which stay dead (they and the capturing stone have no room
    /// but `c`'s territory), so the count does not change and no teire is owed.
    fn among_dead(&self, b: &Board, x: Idx, c: Color) -> bool {
        let opp = Cell::stone(c.opponent());
        let own_area = 1 << c.index();
        let mut inside = true;
        b.for_each_stone(x, |s| {
            for n in b.neighbours(s) {
                inside &= match b.cell(n) {
                    Cell::Empty => self.mark[n as usize] == own_area,
                    cell if cell == opp => self.dead[n as usize],
                    _ => true,
                };
            }
        });
        inside
    }

    /// The cheapest play of `c` on `b` after which her chain through `x` cannot be
    /// captured: a capture of a neighbouring chain in atari, an extension, or a play next
    /// to a liberty ([`Finisher::defence_points`]). Between two alike, first one after
    /// which nothing near the chain still owes a teire ([`Finisher::still_owes_teire`]:
    /// one stone that saves the chain and guards the wall beside it, not one for each;
    /// Honinbo records, exact over four seeds, 427 -> 430, see docs/estimator-misses.md,
    /// round 21), then one that does not take a dead stone: the dead stone is hers at the
    /// count anyway, and the connection the capture puts off is most often owed later
    /// (T-01-4: the capture at P15 was followed by the connection at P14, two teire for
    /// one). Honinbo records, exact over four seeds, 388 -> 396 of 540; the others 424 ->
    /// 435 of 596; the played-out set unchanged. Preferring the play that leaves the
    /// chain the most liberties instead gained four on the Honinbo records and lost three
    /// on the others.
    ///
    /// Only if there is none, a point where a dead stone stood that the finishing
    /// captured (M-67-3: Black takes the dead O1 at N1, White's dame T1 then ataris P1-S1,
    /// and Black's one answer is to connect at O1, as GNU Go's aftermath does; before, the
    /// chain was left in atari, a point too many for Black). Only as a last resort:
    /// allowed among the others, it lost a record (M-62-l17) and gained none. Evaluation
    /// records, exact over four seeds, 481 -> 483; Honinbo records and the played-out set
    /// unchanged.
    ///
    /// Defences still alike that leave the chain different numbers of liberties are read
    /// ahead ([`Finisher::read_ahead`]); exact over four seeds, Honinbo records 441 ->
    /// 445, evaluation records 489 -> 493 (right winners 579 -> 583).
    fn defence(&mut self, b: &Board, x: Idx, c: Color) -> Option<Idx> {
        self.defence_among(b, x, c, false)
            .or_else(|| self.defence_among(b, x, c, true))
    }

    /// [`Finisher::defence`] among the points the finishing may play, or with `emptied`
    /// among the points of the dead stones it captured.
    fn defence_among(&mut self, b: &Board, x: Idx, c: Color, emptied: bool) -> Option<Idx> {
        // The best key so far, and the defences with it with the liberties they leave.
        let mut best: Option<(u8, u8, u8)> = None;
        let mut alike: Vec<(Idx, u16)> = Vec::new();
        for m in self.defence_points(b, x, c) {
            let allowed = if emptied {
                self.emptied[m as usize] && b.cell(m) == Cell::Empty && reading::legal(b, m, c)
            } else {
                self.may_play(b, m, c)
            };
            if !allowed {
                continue;
            }
            let mut next = spares::scratch(b);
            next.play_unchecked(m, c);
            if next.cell(x) != b.cell(x)
                || next.liberties(x) < 2
                || self.reader.attack(&next, x).is_some()
            {
                continue;
            }
            let takes_dead = b.neighbours(m).into_iter().any(|n| {
                self.dead[n as usize]
                    && b.cell(n) == Cell::stone(c.opponent())
                    && b.liberties(n) == 1
            });
            let cost = self.cost(m, c);
            if best.is_some_and(|bk| cost > bk.0) {
                continue;
            }
            let k = (
                cost,
                self.still_owes_teire(&next, c, x) as u8,
                takes_dead as u8,
            );
            if best.is_none_or(|bk| k < bk) {
                best = Some(k);
                alike.clear();
            }
            if best == Some(k) {
                alike.push((m, next.liberties(x)));
            }
        }
        // Defences alike that leave the chain different liberties can differ later.
        let differ = alike.iter().any(|&(_, l)| l != alike[0].1);
        if self.ahead_left > 0 && differ {
            self.ahead_left -= 1;
            let moves: Vec<Idx> = alike.iter().map(|&(m, _)| m).collect();
            return Some(self.read_ahead(b, x, c, &moves));
        }
        alike.first().map(|&(m, _)| m)
    }

    /// Of the alike defences `moves` of `c`'s chain through `x` on `b` (the board being
    /// finished), the one after which the finishing goes on best for her near the chain:
    /// each is played, then at most [`AHEAD_MOVES`] more finishing moves within
    /// [`AHEAD_FOCUS`] points of the chain (teire read within [`AHEAD_WATCH`]), at most
    /// [`AHEAD_READINGS`] times a finishing, and the points within two of the chain are
    /// valued (her territory less the opponent's, a point that held a stone or holds a
    /// dead one counting twice, as a prisoner does); the first best is kept. Hon-47-4 and
    /// M-72-2: the defence that looks as good now leaves a teire owed a few moves later
    /// (docs/estimator-misses.md, rounds 27 and 28).
    fn read_ahead(&mut self, b: &Board, x: Idx, c: Color, moves: &[Idx]) -> Idx {
        let focus = within(b, x, AHEAD_FOCUS);
        let watch = within(b, x, AHEAD_WATCH);
        let near = within(b, x, 2);
        let mut best: Option<(i32, Idx)> = None;
        for &m in moves {
            let mut f = self.reading_ahead(&focus, &watch);
            f.play(m, c);
            f.run(c.opponent(), AHEAD_MOVES);
            f.mark = region_marks(&f.b, &f.dead);
            let value = f.value_near(b, &near, c);
            if best.is_none_or(|(v, _)| value > v) {
                best = Some((value, m));
            }
        }
        best.map_or(moves[0], |(_, m)| m)
    }

    /// A copy of the finishing for reading ahead, playing within `focus` and reading
    /// teire within `watch`, which reads no further ahead itself.
    fn reading_ahead(&self, focus: &[bool], watch: &[bool]) -> Finisher {
        Finisher {
            b: self.b.clone(),
            dead: self.dead.clone(),
            closed: self.closed.clone(),
            played: self.played.clone(),
            emptied: self.emptied.clone(),
            mark: self.mark.clone(),
            out: self.out.clone(),
            reader: Reader::new(),
            urgent: self.urgent.clone(),
            ko: self.ko,
            ahead_left: 0,
            focus: Some(focus.to_vec()),
            watch: Some(watch.to_vec()),
        }
    }

    /// For a reading ahead that started on `start`: `c`'s points among `near` less the
    /// opponent's, a point that held a stone on `start` and is now empty or holds a dead
    /// stone counting twice.
    fn value_near(&self, start: &Board, near: &[bool], c: Color) -> i32 {
        let own = 1u8 << c.index();
        let theirs = 1u8 << c.opponent().index();
        start
            .indices()
            .filter(|&i| near[i as usize])
            .map(|i| {
                let now_open = self.b.cell(i) == Cell::Empty || self.dead[i as usize];
                let weight = if start.cell(i) != Cell::Empty && now_open {
                    2
                } else {
                    1
                };
                match self.mark[i as usize] {
                    m if m == own => weight,
                    m if m == theirs => -weight,
                    _ => 0,
                }
            })
            .sum()
    }

    /// The points where `c` may save her chain through `x` on `b`: the reader's (the
    /// liberties, the captures) and, in her own territory, the empty points next to its
    /// liberties, which can save it from a distance and guard a weak wall beside it at
    /// once (Hon-96-6: White's E18, GNU Go's answer, saves F17 and keeps Black's D18 from
    /// cutting off the corner; so does E17, a liberty; F18 saves F17 alone, and the
    /// corner then needs a teire of its own).
    fn defence_points(&self, b: &Board, x: Idx, c: Color) -> Vec<Idx> {
        let mut points = reading::defence_candidates(b, x);
        let own = 1u8 << c.index();
        for l in liberty_list(b, x) {
            for n in b.neighbours(l) {
                let inside = b.cell(n) == Cell::Empty && self.mark[n as usize] == own;
                if inside && !points.contains(&n) {
                    points.push(n);
                }
            }
        }
        points
    }

    /// Whether, on `next` (after `c`'s defence of her chain through `x`), something near
    /// the chain still owes a teire: a chain of hers next to it or its liberties that
    /// the opponent could capture, or a territory there that steps 7 or 8 would guard.
    /// Only the points near the chain are looked at, so that a teire owed elsewhere on
    /// the board does not make every defence alike.
    fn still_owes_teire(&mut self, next: &Board, c: Color, x: Idx) -> bool {
        let mut near = vec![false; CELLS];
        next.for_each_stone(x, |s| {
            for n in next.neighbours(s) {
                near[n as usize] = true;
                if next.cell(n) == Cell::Empty {
                    for m in next.neighbours(n) {
                        near[m as usize] = true;
                    }
                }
            }
        });
        let weak = next.indices().any(|i| {
            near[i as usize]
                && next.cell(i) == Cell::stone(c)
                && !self.dead[i as usize]
                && next.liberties(i) <= 2
                && self.reader.attack(next, i).is_some()
        });
        weak || self.guard_on(next, c, Some(&near)).is_some()
            || self.guard_near_walls_on(next, c, Some(&near)).is_some()
    }

    /// Step 2: the first play capturing a dead opponent chain that `c` can capture now but
    /// could not once the dame around it are filled (its liberties would then be shared
    /// with the capturing chain's last ones: a seki, in which it would live). The
    /// opponent is taken to fill them all, her own fills and `c`'s taking the same
    /// liberties. When filling one of those dame herself keeps the chain capturable, `c`
    /// fills it instead: a dame costs nothing, a capture inside her territory a point.
    fn capture_in_time(&mut self, c: Color) -> Option<Idx> {
        let opp = c.opponent();
        let b = spares::scratch(&self.b);
        let dead = self.dead_chains(&b, opp);
        if dead.is_empty() {
            return None;
        }
        let dame = self.dame_points();
        for d in dead {
            let Some(first) = self.reader.attack(&b, d) else {
                continue;
            };
            if !self.may_play(&b, first, c) || self.cost(first, c) > 1 {
                continue;
            }
            let Some(filled) = self.spoiled(&b, d, &dame, opp) else {
                continue;
            };
            let in_time = dame.iter().copied().find(|&p| {
                if !self.safe_fill(&b, p, c) {
                    return false;
                }
                let mut next = spares::scratch(&b);
                next.play_unchecked(p, c);
                self.spoiled(&next, d, &dame, opp).is_none()
            });
            // Taking `d` now costs a point; a stone that mends her chains once the fills
            // have come costs the same, and is often owed anyway (M-62-l01: G17 taken,
            // then G16 connected). So she waits when one would do. Honinbo records, exact
            // over four seeds, 396 -> 392 (Hon-53-3, matched before by two errors that
            // cancelled: O17, which GNU Go's finishing does not play, and A4, a teire
            // White forces at A1 when she starts the finishing); the others 439 -> 449
            // (M-62-l01, T-07-5, T-09-1 on every seed); the played-out set unchanged.
            if in_time.is_none() && self.mendable(&filled, d, c) {
                continue;
            }
            return Some(
                in_time
                    .or_else(|| self.settled_by_one(&b, d, first, &dame, c))
                    .unwrap_or(first),
            );
        }
        None
    }

    /// Whether on `filled`, the board once the opponent has filled the dame (see
    /// [`Finisher::spoiled`]), `c` can make the dead chain through `d` capturable again
    /// with one stone on a liberty of her chains around it that is not one of `d`'s: the
    /// fills only shortened her chains, and she answers them when they come (step 1)
    /// rather than take `d` now.
    fn mendable(&mut self, filled: &Board, d: Idx, c: Color) -> bool {
        let d_libs = liberty_list(filled, d);
        let mut spots = Vec::new();
        for x in self.neighbour_chains(d, c, false) {
            for l in liberty_list(filled, x) {
                if !d_libs.contains(&l) && !spots.contains(&l) {
                    spots.push(l);
                }
            }
        }
        spots.into_iter().any(|m| {
            if !reading::legal(filled, m, c) {
                return false;
            }
            let mut next = spares::scratch(filled);
            next.play_unchecked(m, c);
            next.liberties(m) >= 2 && self.reader.attack(&next, d).is_some()
        })
    }

    /// Of `first` (the capture of the dead chain through `d`) and the points of `c`'s
    /// area near `d`'s liberties, the first one stone on which settles `d` for good: once
    /// the opponent has filled the dame, `d` can still be captured and no chain of `c`
    /// next to it can. `None` if `first` does (it is played anyway) or none does.
    /// M-63-3's bottom: Black's first move at F1 on White's dead G1 leaves her chain in
    /// atari once White fills D3, so she pays H1 too; her J1 ataris the dead H2 J2 H3
    /// instead, after which White can never use H1, and one point is all it costs (as
    /// GNU Go's aftermath plays and the record's W+13 counts).
    fn settled_by_one(
        &mut self,
        b: &Board,
        d: Idx,
        first: Idx,
        dame: &[Idx],
        c: Color,
    ) -> Option<Idx> {
        if self.settles(b, d, first, dame, c) {
            return None;
        }
        let own = 1u8 << c.index();
        let mut near: Vec<Idx> = Vec::new();
        for l in liberty_list(b, d) {
            for n in b.neighbours(l) {
                for m in std::iter::once(n).chain(b.neighbours(n)) {
                    let open = b.cell(m) == Cell::Empty && self.mark[m as usize] == own;
                    if open && m != first && !near.contains(&m) {
                        near.push(m);
                    }
                }
            }
        }
        near.into_iter()
            .find(|&m| self.may_play(b, m, c) && self.settles(b, d, m, dame, c))
    }

    /// Whether `c`'s stone on `m` leaves the dead chain through `d` capturable once the
    /// opponent has filled the dame, with no chain of `c` next to it then capturable.
    fn settles(&mut self, b: &Board, d: Idx, m: Idx, dame: &[Idx], c: Color) -> bool {
        if !reading::legal(b, m, c) {
            return false;
        }
        let mut next = spares::scratch(b);
        next.play_unchecked(m, c);
        if next.cell(d) != b.cell(d) {
            return true;
        }
        let opp = c.opponent();
        let filled = self.filled_by(&next, dame, opp);
        if filled.cell(d) != b.cell(d) || self.reader.attack(&filled, d).is_none() {
            return false;
        }
        self.neighbour_chains_on(&filled, d, c, false)
            .into_iter()
            .all(|x| self.reader.attack(&filled, x).is_none())
    }

    /// Whether the dead chain through `d` on `b` can no longer be captured once `opp`, its
    /// owner, has filled every point of `dame` she can fill without capturing: the board
    /// so filled if so.
    fn spoiled(&mut self, b: &Board, d: Idx, dame: &[Idx], opp: Color) -> Option<Scratch> {
        let filled = self.filled_by(b, dame, opp);
        (filled.cell(d) == b.cell(d) && self.reader.attack(&filled, d).is_none()).then_some(filled)
    }

    /// `b` once `opp` has filled every point of `dame` she can fill without capturing.
    fn filled_by(&self, b: &Board, dame: &[Idx], opp: Color) -> Scratch {
        let mut filled = spares::scratch(b);
        for &p in dame {
            if self.may_play(&filled, p, opp) && !filled.would_capture(p, opp) {
                filled.play_unchecked(p, opp);
            }
        }
        filled
    }

    /// Step 2, a capturing race: a play on a liberty of a dead opponent chain `d` next to
    /// a live chain `x` of `c` whose liberties are all dame, which the opponent fills at
    /// no cost. A play on `d`'s liberties costs `c` a point of her territory, so she
    /// waits while she can: with `c` to move she wins the race while `x` has at least as
    /// many liberties as `d`, and must start when they are equal (one more dame fill
    /// would lose it). Races with shared liberties, where a fill can hurt both chains,
    /// are left alone (trying them lost exact results on the Honinbo records).
    fn race(&mut self, c: Color) -> Option<Idx> {
        let opp = c.opponent();
        let b = &self.b;
        for d in b.indices() {
            if b.cell(d) != Cell::stone(opp) || !self.dead[d as usize] || b.chain_head(d) != d {
                continue;
            }
            let d_libs = liberty_list(b, d);
            for x in self.neighbour_chains(d, c, false) {
                let x_libs = liberty_list(b, x);
                let exposed = x_libs.iter().all(|&l| self.is_dame(l));
                if !exposed || x_libs.len() != d_libs.len() {
                    continue;
                }
                let play = d_libs.iter().copied().find(|&l| {
                    let (libs, captures) = after_play(b, l, c);
                    self.may_play(b, l, c) && (captures || libs >= 2)
                });
                if play.is_some() {
                    return play;
                }
            }
        }
        None
    }

    /// Step 6, a teire: a play that keeps a live chain `x` of `c` from losing the race
    /// against a dead opponent chain `d` next to it that the opponent, moving first, would
    /// now win (read by [`semeai::race`]). Filling dame takes liberties from the chains
    /// around a territory; once the chain holding a dead chain inside has too few, the
    /// dead chain's owner could play inside and capture, so the owner of the territory
    /// must spend a point there first (a capture, or a play on a liberty of `d`). The
    /// cheapest such play is chosen; a race the reading cannot settle is left alone, and
    /// so is a territory of at most [`intrusion::MAX_EMPTY`] empty points whose walls
    /// have no liberty outside it, when reading every point of it shows it holds with
    /// the opponent moving first (Hon-67-4: Honinbo records exact over four seeds 411 ->
    /// 415, the evaluation records and the played-out set unchanged; 8 territories read
    /// on all 284 records, one of them holding).
    fn teire(&mut self, c: Color) -> Option<Idx> {
        let opp = c.opponent();
        let b = spares::scratch(&self.b);
        for d in b.indices() {
            if b.cell(d) != Cell::stone(opp)
                || !self.dead[d as usize]
                || b.chain_head(d) != d
                || b.liberties(d) > TEIRE_LIBERTIES
                || self.watch.as_ref().is_some_and(|w| !w[d as usize])
            {
                continue;
            }
            for x in self.neighbour_chains(d, c, false) {
                if b.liberties(x) < 2
                    || b.chain_len(x) < 2
                    || b.liberties(x) >= semeai::ESCAPED
                    || !semeai::race(&b, x, d, opp).is_some_and(threatened)
                {
                    continue;
                }
                // The race reads two chains' liberties only; a small territory read
                // completely may show the owner answers every intrusion inside it.
                if self.territory_holds(&b, d, c) {
                    continue;
                }
                if let Some(m) = self.keep(&b, x, d, c) {
                    return Some(m);
                }
            }
        }
        None
    }

    /// Whether the territory of `c` around the dead chain `d` holds against its owner
    /// moving first, read completely (see [`intrusion`]).
    fn territory_holds(&self, b: &Board, d: Idx, c: Color) -> bool {
        let Some(t) = intrusion::territory(b, d, c) else {
            return false;
        };
        self.only_dead_inside(b, &t) && intrusion::holds(b, &t, c.opponent()) == Some(true)
    }

    /// Whether every stone on the points of `t` is a dead stone (the opponent's: the
    /// territory's points hold none of its owner's), so that `t` is a territory.
    fn only_dead_inside(&self, b: &Board, t: &intrusion::Territory) -> bool {
        t.points
            .iter()
            .all(|&i| b.cell(i) == Cell::Empty || self.dead[i as usize])
    }

    /// The cheapest play of `c` after which her chain through `x` no longer loses the
    /// race against the chain through `d` with the opponent moving first; between two
    /// alike, one that does not capture `d`, as in [`Finisher::defence`] (M-89-4: J16
    /// rather than taking L15 at K15 and owing another teire at E15). Evaluation records,
    /// exact over four seeds, 435 -> 439 of 596; the Honinbo records and the played-out
    /// set unchanged.
    fn keep(&mut self, b: &Board, x: Idx, d: Idx, c: Color) -> Option<Idx> {
        let mut moves = liberty_list(b, d);
        moves.extend(liberty_list(b, x));
        let mut best: Option<((u8, u8), Idx)> = None;
        for m in moves {
            if !self.may_play(b, m, c) {
                continue;
            }
            let mut next = spares::scratch(b);
            next.play_unchecked(m, c);
            if next.cell(x) != b.cell(x) {
                continue;
            }
            let kept = next.cell(d) != b.cell(d)
                || semeai::race(&next, x, d, c.opponent())
                    .is_some_and(|o| o >= semeai::Outcome::Escaped);
            let k = (self.cost(m, c), (next.cell(d) != b.cell(d)) as u8);
            if kept && best.is_none_or(|(bk, _)| k < bk) {
                best = Some((k, m));
            }
        }
        best.map(|(_, m)| m)
    }

    /// Whether a stone of `c` on `i` would take a liberty of a live opponent chain in a
    /// capturing race with a dead chain of `c`, leaving it no more liberties than that
    /// chain: such a stone is no border to close at once but a move of the race, left to
    /// the players' turns (see [`Finisher::race`]).
    fn in_race(&self, i: Idx, c: Color) -> bool {
        let b = &self.b;
        b.neighbours(i).into_iter().any(|x| {
            b.cell(x) == Cell::stone(c.opponent())
                && !self.dead[x as usize]
                && self.neighbour_chains(x, c, true).iter().any(|&d| {
                    let d_libs = liberty_list(b, d);
                    let x_libs = liberty_list(b, x);
                    x_libs.len() - 1 <= d_libs.len()
                })
        })
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

    /// Step 3: cut a dead opponent chain from the opponent's live stones it touches through
    /// an empty point (a gap in `c`'s border: the point is neutral, not a dame, since no
    /// live stone of `c` is next to it). `c` plays the gap if she safely can; else she
    /// takes the dead chain's other liberties, and the gap last, capturing (M-73-1's top
    /// right corner: Black's S19, then T18 taking S18 and T19, which closes the corner).
    fn close_off(&mut self, c: Color) -> Option<Idx> {
        let opp = c.opponent();
        let b = spares::scratch(&self.b);
        for p in b.indices() {
            if !self.is_gap(&b, p, opp) {
                continue;
            }
            if self.safe_fill(&b, p, c) {
                return Some(p);
            }
            for d in self.dead_chains_at(&b, p, opp) {
                let libs = liberty_list(&b, d);
                if libs.len() == 1 && self.may_play(&b, p, c) {
                    return Some(p);
                }
                let approach = libs
                    .into_iter()
                    .find(|&q| q != p && self.safe_fill(&b, q, c));
                if approach.is_some() {
                    return approach;
                }
            }
        }
        None
    }

    /// Whether the empty point `p` joins a dead chain of `c` to a live one of hers, with no
    /// live opponent stone next to it, in a neutral region.
    fn is_gap(&self, b: &Board, p: Idx, c: Color) -> bool {
        if b.cell(p) != Cell::Empty || self.closed[p as usize] || self.mark[p as usize] != 3 {
            return false;
        }
        let (mut live, mut dead, mut opp_live) = (false, false, false);
        for n in b.neighbours(p) {
            match b.cell(n).color() {
                Some(k) if k == c => {
                    live |= !self.dead[n as usize];
                    dead |= self.dead[n as usize];
                }
                Some(_) => opp_live |= !self.dead[n as usize],
                None => {}
            }
        }
        live && dead && !opp_live
    }

    /// Heads of the dead chains of `c` next to the point `p`.
    fn dead_chains_at(&self, b: &Board, p: Idx, c: Color) -> Vec<Idx> {
        let mut heads = Vec::new();
        for n in b.neighbours(p) {
            let h = b.chain_head(n);
            if b.cell(n) == Cell::stone(c) && self.dead[n as usize] && !heads.contains(&h) {
                heads.push(h);
            }
        }
        heads
    }

    /// Heads of the dead chains of `c` with at most two liberties.
    fn dead_chains(&self, b: &Board, c: Color) -> Vec<Idx> {
        b.indices()
            .filter(|&i| {
                b.cell(i) == Cell::stone(c)
                    && self.dead[i as usize]
                    && b.chain_head(i) == i
                    && b.liberties(i) <= 2
            })
            .collect()
    }

    /// The neutral points between live stones of both colours that may still be filled.
    fn dame_points(&self) -> Vec<Idx> {
        let mut dame = Vec::with_capacity(self.b.size().points());
        dame.extend(self.b.indices().filter(|&i| self.is_dame(i)));
        dame
    }

    /// Whether `i` is a neutral point between live stones of both colours that may still
    /// be filled.
    fn is_dame(&self, i: Idx) -> bool {
        let live = |c: Color| {
            self.b
                .neighbours(i)
                .iter()
                .any(|&n| self.b.cell(n) == Cell::stone(c) && !self.dead[n as usize])
        };
        self.mark[i as usize] == 3
            && !self.closed[i as usize]
            && self.b.cell(i) == Cell::Empty
            && live(Color::Black)
            && live(Color::White)
    }

    /// Step 4: a dame `c` can fill safely, first one that both spares her a teire (the
    /// opponent's fill there would force one) and forces one on the opponent, then one
    /// that does either (sente before gote); among those alike, the one that closes off
    /// the most points for either player (the points she encloses, or those the
    /// opponent's fill there would: a border left open is a real move, the bigger first).
    fn fill(&mut self, c: Color) -> Option<Idx> {
        let b = spares::scratch(&self.b);
        let opp = c.opponent();
        let mut best: Option<((u8, usize), Idx)> = None;
        for p in self.dame_points() {
            // Each player's fill is played once, on a copy, for all three questions.
            let Some(own) = self.played(&b, p, c).filter(|n| self.holds(&b, n, p, c)) else {
                continue;
            };
            let theirs = self.played(&b, p, opp);
            let their_safe = theirs.as_ref().filter(|n| self.holds(&b, n, p, opp));
            let forcing = self.forces(&b, &own, p, c) as u8
                + their_safe.is_some_and(|n| self.forces(&b, n, p, opp)) as u8;
            let swing = self.enclosed_by(&b, &own, p, c)
                + theirs
                    .as_ref()
                    .map_or(0, |n| self.enclosed_by(&b, n, p, opp));
            let value = (forcing, swing);
            if best.is_none_or(|(v, _)| value > v) {
                best = Some((value, p));
            }
        }
        best.map(|(_, p)| p)
    }

    /// `b` with `c`'s stone on `p`, if she may play there.
    fn played(&self, b: &Board, p: Idx, c: Color) -> Option<Scratch> {
        self.may_play(b, p, c).then(|| {
            let mut next = spares::scratch(b);
            next.play_unchecked(p, c);
            next
        })
    }

    /// How many neutral points become `c`'s territory by her fill of `p` (`next` is `b`
    /// with it played): a fill that closes a border, the points behind it open to both.
    fn enclosed_by(&self, b: &Board, next: &Board, p: Idx, c: Color) -> usize {
        // Only the regions next to `p` change: each is flooded on `next` (as
        // `region_marks` does), and its points neutral before count when it now touches
        // `c`'s live stones only. A flood stops at the first live stone of the opponent
        // (its region counts for nothing): on an open board, where most fills are
        // tried, a region is often most of the board. `label` holds the neighbour of `p`
        // each point was reached from (1-4), so that a flood meeting a point an earlier
        // flood reached knows its region is that one, which stopped at the opponent (a
        // flood that did not stop took in all of its region).
        const P: u8 = u8::MAX;
        let mut label = [0u8; CELLS];
        let mut queue = [0 as Idx; CELLS];
        label[p as usize] = P;
        let open = |i: Idx| next.cell(i) == Cell::Empty || self.dead[i as usize];
        let opp = Cell::stone(c.opponent());
        let mut count = 0;
        for (k, start) in b.neighbours(p).into_iter().enumerate() {
            if !open(start) || label[start as usize] != 0 {
                continue;
            }
            let id = k as u8 + 1;
            label[start as usize] = id;
            queue[0] = start;
            let (mut head, mut tail) = (0, 1);
            let (mut neutral, mut own_touched, mut stopped) = (0, false, false);
            'flood: while head < tail {
                let q = queue[head];
                head += 1;
                neutral += usize::from(self.mark[q as usize] == 3);
                for n in next.neighbours(q) {
                    let l = label[n as usize];
                    let cell = next.cell(n);
                    if cell == Cell::Wall || l == id || l == P {
                        continue;
                    }
                    if l != 0 || (cell == opp && !self.dead[n as usize]) {
                        stopped = true;
                        break 'flood;
                    }
                    if open(n) {
                        label[n as usize] = id;
                        queue[tail] = n;
                        tail += 1;
                    } else {
                        own_touched = true;
                    }
                }
            }
            if !stopped && own_touched {
                count += neutral;
            }
        }
        count
    }

    /// Whether `c` can fill `p` on `b` without capturing anything and without her chain
    /// there becoming capturable.
    fn safe_fill(&mut self, b: &Board, p: Idx, c: Color) -> bool {
        if !self.may_play(b, p, c) || b.would_capture(p, c) {
            return false;
        }
        self.played(b, p, c)
            .is_some_and(|next| self.holds(b, &next, p, c))
    }

    /// Whether `c`'s fill of `p` on `b` (`next` is `b` with it played) is safe: it
    /// captures nothing, and her chain there keeps two liberties and cannot be captured.
    fn holds(&mut self, b: &Board, next: &Board, p: Idx, c: Color) -> bool {
        !b.would_capture(p, c) && next.liberties(p) >= 2 && self.reader.attack(next, p).is_none()
    }

    /// Whether `c`'s safe fill of `p` on `b` (`next` is `b` with it played) leaves a live
    /// opponent chain next to it that she could capture, so that the opponent must answer.
    fn forces(&mut self, b: &Board, next: &Board, p: Idx, c: Color) -> bool {
        let opp = Cell::stone(c.opponent());
        b.neighbours(p).into_iter().any(|n| {
            next.cell(n) == opp
                && !self.dead[n as usize]
                && next.liberties(n) <= 2
                && self.reader.attack(next, n).is_some()
        })
    }

    /// Step 5: a connection in own territory that makes some dame fillable.
    fn prepare_any(&mut self, c: Color) -> Option<Idx> {
        self.dame_points()
            .into_iter()
            .find_map(|p| self.prepare(p, c))
    }

    /// A neutral point that `c` cannot fill because her chain would keep one liberty,
    /// inside her own territory, can be filled once she connects there (a teire): the
    /// point to connect at, if that makes the fill safe. Without it the point would
    /// stay unfilled and the count could take the chain for one in seki.
    fn prepare(&self, i: Idx, c: Color) -> Option<Idx> {
        let (libs, captures) = after_play(&self.b, i, c);
        if libs != 1 || captures {
            return None;
        }
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
        let mut t = spares::scratch(&self.b);
        t.play_unchecked(l, c);
        let (libs, captures) = after_play(&t, i, c);
        (libs >= 2 && !captures).then_some(l)
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

    /// [`Finisher::enclosed_by`] as written before its floods stopped at the opponent:
    /// each region next to `p` flooded whole on `next`, counted when it touches `c`'s
    /// live stones only.
    fn enclosed_by_whole_floods(f: &Finisher, b: &Board, next: &Board, p: Idx, c: Color) -> usize {
        let mut seen = vec![false; CELLS];
        seen[p as usize] = true;
        let mut region = Vec::new();
        let mut count = 0;
        for start in b.neighbours(p) {
            let open = next.cell(start) == Cell::Empty || f.dead[start as usize];
            if !open || seen[start as usize] {
                continue;
            }
            if flood_region(next, &f.dead, start, &mut seen, &mut region) == 1 << c.index() {
                count += region.iter().filter(|&&q| f.mark[q as usize] == 3).count();
            }
        }
        count
    }

    #[test]
    fn a_fill_encloses_what_whole_floods_of_its_regions_say() {
        // Random positions from nearly empty to crowded, some chains marked dead, every
        // fill of both players: the floods that stop at the opponent's first live stone
        // count what flooding each region whole counts. A region next to the fill whose
        // flood stopped is met again from another neighbour of the fill (a fill between
        // two parts of one open area), which the labels must tell.
        let mut rng = tengen::Rng::new(14);
        let mut checked = [0usize; 2];
        for round in 0..120 {
            let side = [5, 7, 9, 13, 19][round % 5];
            let b = random_position(&mut rng, side);
            let mut dead = Vec::new();
            for chain in tengen::grid::Grid::from_board(&b).areas() {
                let stone = b.cell(b.idx(chain.points[0])) != Cell::Empty;
                if stone && rng.below(5) == 0 {
                    dead.extend(chain.points);
                }
            }
            let mut f = Finisher::new(&b, &dead, &[]);
            f.mark = region_marks(&f.b, &f.dead);
            for p in b.indices().filter(|&i| b.cell(i) == Cell::Empty) {
                for c in Color::BOTH {
                    let mut next = b.clone();
                    next.play_unchecked(p, c);
                    let want = enclosed_by_whole_floods(&f, &b, &next, p, c);
                    assert_eq!(
                        f.enclosed_by(&b, &next, p, c),
                        want,
                        "{side}x{side} round {round}"
                    );
                    checked[usize::from(want > 0)] += 1;
                }
            }
        }
        // Both answers met often: fills that enclose nothing, and fills that close a border.
        assert!(checked[0] > 1000 && checked[1] > 100, "{checked:?}");
    }
}
