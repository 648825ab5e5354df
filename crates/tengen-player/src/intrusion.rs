//! Whether a small territory holds against an intruder (docs/rules.md §5.2: a teire is owed
//! only where the opponent could otherwise capture or live inside for nothing).
//!
//! The finishing's teire step ([`crate::finish`]) reads a race between a wall chain and a
//! dead chain inside the territory on the liberties of the two chains only, and so misses
//! the owner's answers elsewhere in the territory (Hon-67-4's lower left: after Black's
//! B3, White's C3 ataris the intruder and every black continuation is suicide or
//! captured; the race reader never reads C3, calls the race lost and spends two teire
//! the record does not play). A small territory whose walls have no liberty outside it
//! can be read completely instead: both players may play every empty point of it, and
//! pass. The intruder wins if he captures a stone of a wall, or if stones of his are
//! still inside when both pass (they live there, alone or in seki); the owner wins if
//! both pass with none of his stones inside. Ko is taken by whoever may take it, and a
//! play that brings back a position of the line being read is not read (no threats are
//! left at the end of a game).

use crate::memory;
use crate::position_map::PositionMap;
use crate::reading::legal;
use crate::spares::Spares;
use tengen::board::{Board, Cell, Idx};
use tengen::color::Color;
use tengen::symmetry::Symmetry;

/// Territories with more empty points than this are not read.
pub const MAX_EMPTY: usize = 10;

/// Positions one question may look at.
const BUDGET: u32 = 20_000;

/// A territory of `owner`: its points (empty, or the intruder's stones, all dead) and the
/// owner's chains around it.
#[derive(Clone, Debug)]
pub struct Territory {
    /// The territory's owner.
    pub owner: Color,
    /// Its points, by padded index.
    pub points: Vec<Idx>,
    /// A stone of each of the owner's chains next to it.
    pub walls: Vec<Idx>,
    /// Whether it is a window on a bigger territory ([`window`]): intruder stones left in
    /// it at the end are dead, the owner having room to take them later.
    pub open: bool,
    /// Of the points, how many (the last ones) only the owner may play: a window's rim,
    /// or the dead chains next to the walls with their liberties.
    pub rim: usize,
}

/// A window of a big territory of `owner`: its `points` (empty, or dead intruder stones)
/// near the owner's weak walls, the last `rim` of them for the owner only, read as a
/// territory whose intruder wins only by capturing a wall stone (his stones that stay are
/// taken later, with room to spare). A chain of the owner already in atari is no wall:
/// the finishing's first step has judged it not worth saving (a stone among dead ones,
/// whose capture only adds to them).
pub fn window(b: &Board, owner: Color, points: Vec<Idx>, rim: usize) -> Territory {
    let mut walls: Vec<Idx> = Vec::new();
    for &q in &points {
        for n in b.neighbours(q) {
            let known = walls.iter().any(|&w| b.chain_head(w) == b.chain_head(n));
            if b.cell(n) == Cell::stone(owner) && !known && b.liberties(n) >= 2 {
                walls.push(n);
            }
        }
    }
    Territory {
        owner,
        points,
        walls,
        open: true,
        rim,
    }
}

/// The territory of `owner` around the point `start` (an empty point or an intruder's
/// stone): the points reached through empty points and intruder stones. `None` if it has
/// more than [`MAX_EMPTY`] empty points, or a wall has a liberty outside it (a dame not
/// yet filled, or a wall that reaches other territory: the intruder's threats there are
/// not the territory's alone).
pub fn territory(b: &Board, start: Idx, owner: Color) -> Option<Territory> {
    territory_in(b, start, owner, &mut [0; tengen::board::CELLS], 1)
}

/// [`territory`], labelling in `seen` (by padded index) with `id` the points its flood
/// reaches, whatever the answer, for a caller that tries every point of a colour's area:
/// a point labelled already is not tried again, since every point of a territory gives
/// the same answer. A territory found is complete (its points all labelled), so a flood
/// that meets a point of another label has met a territory that was not found (too
/// big, or walls with a liberty outside), and stops: this one is that one. `id` must be
/// new to `seen`, and not 0 (a point not reached).
pub fn territory_in(
    b: &Board,
    start: Idx,
    owner: Color,
    seen: &mut [u16],
    id: u16,
) -> Option<Territory> {
    let own = Cell::stone(owner);
    let mut points = Vec::with_capacity(2 * MAX_EMPTY);
    points.push(start);
    seen[start as usize] = id;
    let mut walls: Vec<Idx> = Vec::with_capacity(8);
    let mut empty = 0;
    let mut k = 0;
    while k < points.len() {
        let q = points[k];
        k += 1;
        empty += (b.cell(q) == Cell::Empty) as usize;
        if empty > MAX_EMPTY {
            return None;
        }
        for n in b.neighbours(q) {
            match b.cell(n) {
                Cell::Wall => {}
                c if c == own && !walls.iter().any(|&w| b.chain_head(w) == b.chain_head(n)) => {
                    walls.push(n);
                }
                c if c == own => {}
                _ if seen[n as usize] == 0 => {
                    seen[n as usize] = id;
                    points.push(n);
                }
                _ if seen[n as usize] != id => return None,
                _ => {}
            }
        }
    }
    // A wall has a liberty outside when it has more liberties than the territory's empty
    // points next to it (the board keeps each chain's count exact): the territory's few
    // points are looked at, not the walls' stones, which may be many.
    let outside = walls.iter().any(|&w| {
        let head = b.chain_head(w);
        let inside = points
            .iter()
            .filter(|&&q| {
                b.cell(q) == Cell::Empty
                    && b.neighbours(q)
                        .iter()
                        .any(|&n| b.cell(n) == own && b.chain_head(n) == head)
            })
            .count();
        usize::from(b.liberties(w)) > inside
    });
    (!outside && !walls.is_empty()).then_some(Territory {
        owner,
        points,
        walls,
        open: false,
        rim: 0,
    })
}

/// Whether `t` holds with `first` to move: `Some(true)` if the owner keeps every wall
/// stone and ends with no intruder stone inside, `Some(false)` if the intruder captures a
/// wall stone or stays, `None` if reading runs out of budget.
///
/// Inside [`memory::remembering`], a question read before is not read again: on the same
/// position in any orientation, or where everything its reading sees stands as before, in
/// any orientation (the territory's points, the ko point, the chains next to them); and
/// none is read once [`memory::SEARCH_LIMIT`] is spent.
pub fn holds(b: &Board, t: &Territory, first: Color) -> Option<bool> {
    if !memory::INTRUSIONS.with(|m| m.on()) {
        return read_holds(b, t, first);
    }
    // A finishing move elsewhere changes the position's hash but nothing the reading
    // sees: the question recurs at the finishing's next turns.
    let local = local_key(b, t, first);
    if let Some(known) = memory::LOCAL_INTRUSIONS.with(|m| m.get(&local)) {
        return known;
    }
    let f = memory::Frame::of(b);
    let inner = t.points.len() - t.rim;
    let mut points = f.codes(&t.points[..inner]);
    points.extend(f.codes(&t.points[inner..]));
    let walls = f.codes(&t.walls);
    let key = (f.hash, points, t.rim, walls, t.open, f.ko(), first);
    if let Some(known) = memory::INTRUSIONS.with(|m| m.get(&key)) {
        return known;
    }
    if memory::spent() {
        return None;
    }
    let v = read_holds(b, t, first);
    memory::INTRUSIONS.with(|m| m.put(key, v));
    memory::LOCAL_INTRUSIONS.with(|m| m.put(local, v));
    v
}

/// Everything [`read_holds`] looks at, for `t` on `b` with `first` to move: its answer is
/// the same on any board where this is the same, whatever stands elsewhere, and in any
/// orientation. The reading plays only on the territory's points, so it sees what stands
/// on them, the ko point, and the chains next to them from outside: by their stones (a
/// chain captured frees its points, which give liberties to the chains next to them), by
/// whether they have a liberty off the points (which no play fills: such a chain is never
/// captured), and by whether they are walls. The points are numbered in each orientation
/// of the board and the least of the eight keys is the key: the finishing, played in each
/// orientation (see [`crate::estimate`]), asks the same local questions turned, on boards
/// that differ elsewhere.
fn local_key(b: &Board, t: &Territory, first: Color) -> Vec<u16> {
    let facts = LocalFacts::of(b, t);
    Symmetry::all(b.size())
        .map(|s| facts.key(t, first, |i| memory::turned_code(b, s, i)))
        .min()
        .unwrap_or_default()
}

/// What [`local_key`] records of a territory, by padded index.
struct LocalFacts {
    /// The territory's inner points and its rim, each with what stands on it.
    inner: Vec<(Idx, u16)>,
    rim: Vec<(Idx, u16)>,
    ko: Option<Idx>,
    /// The chains next to the points from outside: colour, whether one has a liberty off
    /// the points, whether it is a wall, and its stones.
    chains: Vec<(u16, bool, bool, Vec<Idx>)>,
}

impl LocalFacts {
    fn of(b: &Board, t: &Territory) -> LocalFacts {
        let mut inside = vec![false; tengen::board::CELLS];
        for &q in &t.points {
            inside[q as usize] = true;
        }
        let with_cell = |q: &Idx| (*q, b.cell(*q) as u16);
        let split = t.points.len() - t.rim;
        let walls: Vec<Idx> = t.walls.iter().map(|&w| b.chain_head(w)).collect();
        let mut heads: Vec<Idx> = Vec::new();
        let mut chains = Vec::new();
        for &q in &t.points {
            for n in b.neighbours(q) {
                let stone = b.cell(n).color().is_some();
                if !stone || inside[n as usize] || heads.contains(&b.chain_head(n)) {
                    continue;
                }
                heads.push(b.chain_head(n));
                let mut stones = Vec::new();
                let mut off = false;
                b.for_each_stone(n, |s| {
                    stones.push(s);
                    off |= b
                        .neighbours(s)
                        .iter()
                        .any(|&m| b.cell(m) == Cell::Empty && !inside[m as usize]);
                });
                let wall = walls.contains(&b.chain_head(n));
                chains.push((b.cell(n) as u16, off, wall, stones));
            }
        }
        LocalFacts {
            inner: t.points[..split].iter().map(with_cell).collect(),
            rim: t.points[split..].iter().map(with_cell).collect(),
            ko: b.ko_point(),
            chains,
        }
    }

    /// The key with the points numbered by `code`: the territory's kind, the ko point,
    /// the inner points and the rim sorted, then the chains, each with its stones sorted,
    /// in their sorted order.
    fn key(&self, t: &Territory, first: Color, code: impl Fn(Idx) -> u16) -> Vec<u16> {
        let mut key = vec![
            t.owner.index() as u16,
            first.index() as u16,
            t.open as u16,
            self.inner.len() as u16,
            self.rim.len() as u16,
            self.ko.map_or(u16::MAX, &code),
        ];
        for points in [&self.inner, &self.rim] {
            let mut coded: Vec<(u16, u16)> = points.iter().map(|&(q, c)| (code(q), c)).collect();
            coded.sort_unstable();
            key.extend(coded.into_iter().flat_map(|(q, c)| [q, c]));
        }
        let mut chains: Vec<Vec<u16>> = self
            .chains
            .iter()
            .map(|(colour, off, wall, stones)| {
                let mut coded: Vec<u16> = stones.iter().map(|&s| code(s)).collect();
                coded.sort_unstable();
                let mut chain = vec![u16::MAX, *colour, *off as u16, *wall as u16];
                chain.extend(coded);
                chain
            })
            .collect();
        chains.sort_unstable();
        key.extend(chains.into_iter().flatten());
        key
    }
}

/// [`holds`], read.
fn read_holds(b: &Board, t: &Territory, first: Color) -> Option<bool> {
    let mut r = Reader {
        t,
        left: BUDGET,
        seen: PositionMap::default(),
        line: Vec::new(),
        spare: Spares::default(),
    };
    let v = r.value(b, first, false);
    memory::add_work(BUDGET - r.left);
    v
}

/// The state of one question's reading.
struct Reader<'a> {
    t: &'a Territory,
    left: u32,
    /// Positions read: (hash, ko point, player to move, whether the last move passed).
    seen: PositionMap<(u64, Idx, Color, bool), bool>,
    /// The hashes of the positions on the line being read.
    line: Vec<u64>,
    /// Boards to copy positions into.
    spare: Spares,
}

impl Reader<'_> {
    fn value(&mut self, b: &Board, to_move: Color, passed: bool) -> Option<bool> {
        let owner = self.t.owner;
        if self
            .t
            .walls
            .iter()
            .any(|&w| b.cell(w) != Cell::stone(owner))
        {
            return Some(false);
        }
        let key = (b.hash(), b.ko_point().unwrap_or(0), to_move, passed);
        if let Some(&v) = self.seen.get(&key) {
            return Some(v);
        }
        if self.left == 0 {
            return None;
        }
        self.left -= 1;
        let maximising = to_move == owner;
        let mut best: Option<bool> = None;
        let playable = if maximising {
            &self.t.points[..]
        } else {
            &self.t.points[..self.t.points.len() - self.t.rim]
        };
        let moves = playable.iter().copied().filter(|&i| legal(b, i, to_move));
        for m in moves.map(Some).chain([None]) {
            let v = match m {
                None if passed => self.t.open || !self.intruder_inside(b),
                // A pass with no ko point to lift leaves the board as it is: no copy.
                None if b.ko_point().is_none() => {
                    self.line.push(b.hash());
                    let v = self.value(b, to_move.opponent(), true);
                    self.line.pop();
                    v?
                }
                None => {
                    let mut next = self.spare.copy(b);
                    next.clear_ko();
                    self.line.push(b.hash());
                    let v = self.value(&next, to_move.opponent(), true);
                    self.line.pop();
                    self.spare.give(next);
                    v?
                }
                Some(i) => {
                    let h = b.hash_after(i, to_move);
                    if self.line.contains(&h) {
                        continue;
                    }
                    // A play that captures nothing leaves the walls and no ko point: a
                    // position read before is known by its hash, with no copy.
                    let known = if b.would_capture(i, to_move) {
                        None
                    } else {
                        self.seen.get(&(h, 0, to_move.opponent(), false)).copied()
                    };
                    match known {
                        Some(v) => v,
                        None => {
                            let mut next = self.spare.copy(b);
                            next.play_unchecked(i, to_move);
                            self.line.push(b.hash());
                            let v = self.value(&next, to_move.opponent(), false);
                            self.line.pop();
                            self.spare.give(next);
                            v?
                        }
                    }
                }
            };
            best = Some(match best {
                None => v,
                Some(o) if maximising => o || v,
                Some(o) => o && v,
            });
            if v == maximising {
                break;
            }
        }
        let v = best.unwrap_or(self.t.open || !self.intruder_inside(b));
        self.seen.insert(key, v);
        Some(v)
    }

    /// Whether a stone of the intruder stands on a point of the territory (its rim
    /// aside: dead chains next to the walls may stay).
    fn intruder_inside(&self, b: &Board) -> bool {
        let intruder = Cell::stone(self.t.owner.opponent());
        let inner = &self.t.points[..self.t.points.len() - self.t.rim];
        inner.iter().any(|&i| b.cell(i) == intruder)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tengen::point::Point;

    fn at(b: &Board, gtp: &str) -> Idx {
        b.idx(Point::from_gtp(gtp, b.size()).unwrap())
    }

    #[test]
    fn a_straight_three_holds_only_for_its_owner_moving_first() {
        // White's chain has the straight three a1-b1-c1 and nothing else: Black's b1
        // kills it (White can make only one eye), White's b1 makes two.
        let b = Board::from_text(
            ". . . . . .
             X X X X X .
             O O O O X .
             . . . O X .",
        )
        .unwrap();
        let t = territory(&b, at(&b, "A1"), Color::White).expect("a small territory");
        assert_eq!(holds(&b, &t, Color::Black), Some(false));
        assert_eq!(holds(&b, &t, Color::White), Some(true));
    }

    /// A big Black territory in the upper left whose walls are short of liberties: d4
    /// (c4 and d5), a3 b3 c3 (a4, b4, c4) and e7 e6 e5 (d7, d6, d5).
    const SHORT_WALLS: &str = ". . . . X O .
                               . . . . X O .
                               . . . . X O .
                               . . . X O O .
                               X X X O O . .
                               O O O O . . .
                               . . . . . . .";

    fn points(b: &Board, gtp: &[&str]) -> Vec<Idx> {
        gtp.iter().map(|p| at(b, p)).collect()
    }

    #[test]
    fn a_window_on_short_walls_falls_to_the_intruder_unless_its_owner_mends_it() {
        // Worked by hand: White's c4 ataris d4; Black connects at d5; White's b4 then
        // leaves a3 b3 c3 only a4, which Black cannot fill (self-atari), and White
        // captures there. With Black's b4 first, White's c4 is in atari at once (c5).
        let b = Board::from_text(SHORT_WALLS).unwrap();
        let near = points(&b, &["A4", "B4", "C4", "D5", "A5", "B5", "C5", "D6"]);
        let t = window(&b, Color::Black, near, 0);
        assert_eq!(holds(&b, &t, Color::White), Some(false));
        let mut mended = b.clone();
        mended.play_unchecked(at(&b, "B4"), Color::Black);
        assert_eq!(holds(&mended, &t, Color::White), Some(true));
    }

    #[test]
    fn a_question_is_remembered_by_what_its_reading_sees() {
        // SHORT_WALLS' window asked again with a stone far from it (G1, next to nothing
        // the reading sees), once mended (Black's B4), and once with E5-E7's only
        // liberty off the window (D7) taken: the remembered answers are the answers read
        // afresh, and the far stone leaves the key as it was.
        let b = Board::from_text(SHORT_WALLS).unwrap();
        let near = points(&b, &["A4", "B4", "C4", "D5", "A5", "B5", "C5", "D6"]);
        let t = window(&b, Color::Black, near, 0);
        let with = |b: &Board, stones: &[(&str, Color)]| {
            let mut next = b.clone();
            for &(p, c) in stones {
                next.play_unchecked(at(b, p), c);
            }
            next
        };
        let far = with(&b, &[("G1", Color::White)]);
        let mended = with(&b, &[("B4", Color::Black)]);
        let far_mended = with(&mended, &[("G1", Color::White)]);
        let shut = with(&b, &[("D7", Color::White)]);
        let first = Color::White;
        assert_eq!(local_key(&b, &t, first), local_key(&far, &t, first));
        assert_ne!(local_key(&b, &t, first), local_key(&shut, &t, first));
        assert_ne!(local_key(&b, &t, first), local_key(&b, &t, Color::Black));
        let boards = [&b, &far, &mended, &far_mended, &shut, &b];
        let read: Vec<_> = boards.iter().map(|x| read_holds(x, &t, first)).collect();
        assert_eq!(
            read[..4],
            [Some(false), Some(false), Some(true), Some(true)]
        );
        let remembered: Vec<_> =
            memory::remembering(|| boards.iter().map(|x| holds(x, &t, first)).collect());
        assert_eq!(remembered, read);
    }

    #[test]
    fn a_question_turned_is_known_by_the_same_key() {
        // SHORT_WALLS' window in each orientation of the board, with a stone far from it
        // (G1) that only the whole-board key sees: one local key, the answer read afresh.
        let b = Board::from_text(SHORT_WALLS).unwrap();
        let size = b.size();
        let near = points(&b, &["A4", "B4", "C4", "D5", "A5", "B5", "C5", "D6"]);
        let t = window(&b, Color::Black, near, 0);
        let first = Color::White;
        let key = local_key(&b, &t, first);
        let fresh = read_holds(&b, &t, first);
        for s in Symmetry::all(size) {
            let mut turned = s.board(&b);
            let move_idx = |i: Idx| turned.idx(s.point(size, b.point(i)));
            let tt = Territory {
                points: t.points.iter().map(|&i| move_idx(i)).collect(),
                walls: t.walls.iter().map(|&i| move_idx(i)).collect(),
                ..t.clone()
            };
            let g1 = move_idx(at(&b, "G1"));
            turned.play_unchecked(g1, Color::White);
            assert_eq!(local_key(&turned, &tt, first), key, "{s:?}");
            assert_eq!(read_holds(&turned, &tt, first), fresh, "{s:?}");
        }
        // Black's B4 mends the window: another key.
        let mut mended = b.clone();
        mended.play_unchecked(at(&b, "B4"), Color::Black);
        assert_ne!(local_key(&mended, &t, first), key);
    }

    /// The reading's answer worked out the plain way, every line played to its end with
    /// nothing remembered: a reference for the reader's shortcuts.
    fn plain(b: &Board, t: &Territory, to_move: Color, passed: bool, line: &mut Vec<u64>) -> bool {
        let owner = t.owner;
        if t.walls.iter().any(|&w| b.cell(w) != Cell::stone(owner)) {
            return false;
        }
        let inner = &t.points[..t.points.len() - t.rim];
        let stays = || {
            t.open
                || !inner
                    .iter()
                    .any(|&i| b.cell(i) == Cell::stone(owner.opponent()))
        };
        let playable = if to_move == owner {
            &t.points[..]
        } else {
            inner
        };
        let mut values = Vec::new();
        for &i in playable.iter().filter(|&&i| legal(b, i, to_move)) {
            let mut next = b.clone();
            next.play_unchecked(i, to_move);
            if line.contains(&next.hash()) {
                continue;
            }
            line.push(b.hash());
            values.push(plain(&next, t, to_move.opponent(), false, line));
            line.pop();
        }
        values.push(if passed {
            stays()
        } else {
            let mut next = b.clone();
            next.clear_ko();
            line.push(b.hash());
            let v = plain(&next, t, to_move.opponent(), true, line);
            line.pop();
            v
        });
        if to_move == owner {
            values.contains(&true)
        } else {
            !values.contains(&false)
        }
    }

    #[test]
    fn the_reading_answers_as_every_line_played_out_does() {
        // White's five-point territory A1-E1 with every set of Black stones in it that
        // leaves each chain a liberty, Black or White moving first: lines that meet the
        // same position in many orders (the reader answers those from what it read,
        // without playing them again), captures, and ko.
        let columns = ["A", "B", "C", "D", "E"];
        let mut read = 0;
        for set in 0u32..32 {
            let row: Vec<&str> = (0..5)
                .map(|k| if set >> k & 1 == 1 { "X" } else { "." })
                .collect();
            let text = format!(
                ". . . . . . .
                 X X X X X X X
                 O O O O O O X
                 {} O X",
                row.join(" ")
            );
            let Ok(b) = Board::from_text(&text) else {
                continue;
            };
            let start = at(&b, &format!("{}1", columns[0]));
            let t = territory(&b, start, Color::White).expect("a small territory");
            for first in [Color::Black, Color::White] {
                let want = plain(&b, &t, first, false, &mut Vec::new());
                assert_eq!(
                    read_holds(&b, &t, first),
                    Some(want),
                    "{text}\n{first:?} first"
                );
                read += 1;
            }
        }
        assert!(read >= 40, "{read} questions");
    }

    #[test]
    fn in_a_window_the_intruder_must_capture_to_win() {
        // Black's walls have liberties to spare: a white stone that stays in the window
        // (nothing there captures it at once) is taken later, not a win; the same points
        // read as a whole territory would be lost to it.
        let b = Board::from_text(
            ". . . . X O .
             . . . . X O .
             . . . . X O .
             X X X X X O .
             O O O O O O .
             . . . . . . .
             . . . . . . .",
        )
        .unwrap();
        let near = points(&b, &["A7", "B7", "C7", "D7", "A6", "B6"]);
        let rim = 2;
        let t = window(&b, Color::Black, near, rim);
        assert_eq!(holds(&b, &t, Color::White), Some(true));
        let whole = Territory { open: false, ..t };
        assert_eq!(holds(&b, &whole, Color::White), Some(false));
    }

    #[test]
    fn a_wall_with_a_liberty_outside_is_not_read() {
        // White's wall has d3 outside the territory a1-c1: a dame not yet filled.
        let b = Board::from_text(
            ". . . . . .
             X X X . X .
             O O O O X .
             . . . O X .",
        )
        .unwrap();
        assert!(territory(&b, at(&b, "A1"), Color::White).is_none());
    }
}
