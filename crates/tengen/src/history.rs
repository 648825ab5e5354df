//! Every position of a game, kept exactly and indexed by Zobrist hash, so that repetition
//! rules can find earlier positions fast and confirm them exactly.
//!
//! A position is kept as the points its move changed: `P_0` is packed whole (two bits a
//! point), and any later `P_s` is rebuilt from it when asked for. Only a hash match asks
//! (a repetition, or a candidate for one), while every move of every game is recorded:
//! logging a move's one or few points costs far less than copying a packed board. Every
//! [`EVERY`]th position is packed too, the first time a later one is rebuilt, so that a
//! rebuild makes the changes of at most that many moves however long the game (and a
//! record that repeats positions on every move stays linear).

use crate::board::{Board, Cell};
use crate::color::Color;
use crate::point::{Point, Size};
use std::sync::{Mutex, PoisonError};
const NONE: u32 = u32::MAX;

/// How many positions apart the packed copies are (a power of two).
pub const EVERY: usize = 64;

/// A position packed two bits a point, row by row.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Packed(pub Vec<u64>);

/// Packs the stones of a board.
pub fn pack(board: &Board) -> Packed {
    let mut out = vec![0u64; words_for(board)];
    write_packed(board, &mut out);
    Packed(out)
}

fn words_for(board: &Board) -> usize {
    (board.size().points() * 2).div_ceil(64)
}

fn write_packed(board: &Board, out: &mut [u64]) {
    for (k, i) in board.indices().enumerate() {
        let v = match board.cell(i) {
            Cell::Black => 1u64,
            Cell::White => 2,
            _ => 0,
        };
        out[k / 32] |= v << ((k % 32) * 2);
    }
}

/// The two-bit content of point `k` (row-major) of a packed position; 0 beyond it.
fn read(words: &[u64], k: usize) -> u16 {
    words
        .get(k / 32)
        .map_or(0, |word| ((word >> ((k % 32) * 2)) & 3) as u16)
}

/// What is known of one position besides its stones.
#[derive(Clone, Copy, Debug)]
struct Entry {
    hash: u64,
    /// The previous position with the same hash (`NONE` if none).
    prev: u32,
    /// How many changes of the log make this position from `P_0`.
    changes: u32,
    to_move: Color,
    creator: Option<Color>,
}

/// The latest position with each hash: open addressing with linear probing over position
/// numbers. A slot holds a position number (the hash is read from its entry, so a slot is
/// four bytes and a probe compares whole hashes), `NONE` when free, or `GONE` where one was
/// removed. Cheaper than a general hash map for what a record replay asks of it, one
/// insertion and one lookup a move, since the keys are already random.
#[derive(Clone, Debug)]
struct Latest {
    slots: Vec<u32>,
    /// Slots holding a position or `GONE`: at most half of them.
    used: usize,
}

const GONE: u32 = u32::MAX - 1;

impl Latest {
    /// A table with room for `positions` distinct hashes before it grows.
    fn with_room(positions: usize) -> Latest {
        Latest {
            slots: vec![NONE; (positions * 2).next_power_of_two().max(16)],
            used: 0,
        }
    }

    /// The slot holding the latest position with hash `h`, if any.
    #[inline]
    fn find(&self, h: u64, entries: &[Entry]) -> Option<usize> {
        let mask = self.slots.len() - 1;
        let mut k = h as usize & mask;
        loop {
            match self.slots[k] {
                NONE => return None,
                GONE => {}
                s if entries[s as usize].hash == h => return Some(k),
                _ => {}
            }
            k = (k + 1) & mask;
        }
    }

    /// The latest position with hash `h`, or `NONE`.
    #[inline]
    fn get(&self, h: u64, entries: &[Entry]) -> u32 {
        self.find(h, entries).map_or(NONE, |k| self.slots[k])
    }

    /// Makes `s` the latest position with hash `h` (`entries[s]` need not exist yet);
    /// returns the position it replaces, or `NONE`.
    #[inline(always)]
    fn insert(&mut self, h: u64, s: u32, entries: &[Entry]) -> u32 {
        // One probe sequence both looks for `h` and finds where it would go (nearly every
        // position of a game is new), the first `GONE` slot on the way or the free one.
        let mask = self.slots.len() - 1;
        let mut k = h as usize & mask;
        let mut gone = None;
        loop {
            match self.slots[k] {
                NONE => break,
                GONE => {
                    gone = gone.or(Some(k));
                }
                old if entries[old as usize].hash == h => {
                    self.slots[k] = s;
                    return old;
                }
                _ => {}
            }
            k = (k + 1) & mask;
        }
        if let Some(g) = gone {
            self.slots[g] = s;
        } else if (self.used + 1) * 2 > self.slots.len() {
            self.grow_and_place(h, s, entries);
        } else {
            self.used += 1;
            self.slots[k] = s;
        }
        NONE
    }

    /// [`Latest::place`] in a table twice as large (rarely: out of line, so that `insert`
    /// stays small enough to inline).
    #[cold]
    #[inline(never)]
    fn grow_and_place(&mut self, h: u64, s: u32, entries: &[Entry]) {
        self.rebuild(self.slots.len() * 2, entries);
        self.place(h, s);
    }

    /// Puts `s` in the first slot free for `h` (a hash not in the table).
    #[inline]
    fn place(&mut self, h: u64, s: u32) {
        let mask = self.slots.len() - 1;
        let mut k = h as usize & mask;
        while self.slots[k] < GONE {
            k = (k + 1) & mask;
        }
        self.used += (self.slots[k] == NONE) as usize;
        self.slots[k] = s;
    }

    /// Makes `prev` the latest position with hash `h` instead of the current one (`NONE`:
    /// no position has that hash any more).
    fn unlink(&mut self, h: u64, prev: u32, entries: &[Entry]) {
        if let Some(k) = self.find(h, entries) {
            self.slots[k] = if prev == NONE { GONE } else { prev };
        }
    }

    /// Places every position again in a table of at least `size` slots (a power of two, and
    /// at least twice as many as positions), which also drops the `GONE` marks.
    fn rebuild(&mut self, size: usize, entries: &[Entry]) {
        let live = self.slots.iter().filter(|&&s| s < GONE).count();
        // A power of two, as probing masks with `len - 1`.
        let size = size.max((live + 1) * 2).next_power_of_two().max(16);
        let old = std::mem::replace(&mut self.slots, vec![NONE; size]);
        self.used = 0;
        for s in old.into_iter().filter(|&s| s < GONE) {
            self.place(entries[s as usize].hash, s);
        }
    }

    /// Makes room for `more` hashes beyond those present.
    fn reserve(&mut self, more: usize, entries: &[Entry]) {
        if (self.used + more) * 2 > self.slots.len() {
            self.rebuild((self.used + more) * 2, entries);
        }
    }
}

/// One point changed by a move: its row-major index `y * width + x` shifted left by two,
/// with its new content in the low two bits (0 empty, 1 black, 2 white).
type Change = u16;

/// The two-bit content of a point for a stone of `c`, or none.
fn bits(c: Option<Color>) -> u16 {
    match c {
        Some(Color::Black) => 1,
        Some(Color::White) => 2,
        None => 0,
    }
}

/// The positions `P_0, P_1, ...` of one game with, for each, the player to move after it
/// and its creator (docs/rules.md §3: the player of the last play at or before it).
#[derive(Debug)]
pub struct Positions {
    words: usize,
    /// `P_0`, packed.
    start: Vec<u64>,
    /// `P_EVERY`, `P_2*EVERY`, ... packed, as far as rebuilding has needed them: made
    /// when asked for (behind a lock, as asking only reads the history), so that recording
    /// a move does nothing for them.
    copies: Mutex<Vec<Vec<u64>>>,
    /// The points each move changed, move after move: `P_s` is `P_0` with the first
    /// `entries[s].changes` of them made.
    log: Vec<Change>,
    entries: Vec<Entry>,
    /// The latest entry with each hash; `Entry::prev` links to earlier ones with the same
    /// hash.
    latest: Latest,
    /// Which numbers of stones the positions have held, roughly: a position can only recur
    /// with the same number of each colour's stones.
    counts: Counts,
}

/// For every number of black stones, the least and the greatest number of white stones of
/// a recorded position with that many black stones. A superset of the pairs recorded (a
/// taken-back position stays in it), so that "no such pair" is certain and lets a
/// repetition rule pass a play without a probe of the hash table: most plays of a game
/// make a pair of counts no earlier position had.
#[derive(Clone, Debug, Default)]
struct Counts {
    white_range: Vec<(u16, u16)>,
}

impl Counts {
    /// Notes a position with `stones` (black, white).
    #[inline(always)]
    fn note(&mut self, [black, white]: [u16; 2]) {
        let b = black as usize;
        if b >= self.white_range.len() {
            self.white_range.resize(b + 1, (u16::MAX, 0));
        }
        let range = &mut self.white_range[b];
        range.0 = range.0.min(white);
        range.1 = range.1.max(white);
    }

    /// Whether some noted position may have had exactly `stones` (black, white).
    #[inline]
    fn may_hold(&self, [black, white]: [u16; 2]) -> bool {
        self.white_range
            .get(black as usize)
            .is_some_and(|&(least, most)| (least..=most).contains(&white))
    }
}

impl Clone for Positions {
    fn clone(&self) -> Positions {
        let copies = self.copies.lock().unwrap_or_else(PoisonError::into_inner);
        Positions {
            words: self.words,
            start: self.start.clone(),
            copies: Mutex::new(copies.clone()),
            log: self.log.clone(),
            entries: self.entries.clone(),
            latest: self.latest.clone(),
            counts: self.counts.clone(),
        }
    }
}

impl Positions {
    /// A history holding only the starting position `P_0`.
    pub fn new(start: &Board, to_move: Color) -> Positions {
        // Room for a long game from the start: growing these is a large part of the cost
        // of replaying records. The hash table, which must be filled when made, starts
        // small: a record reader reserves what its moves need (most records are shorter
        // than this), and a game played live grows it as it goes.
        const MOVES: usize = 400;
        const TABLE: usize = 8;
        // An empty board packs to zeros (most games start from one).
        let empty = start.stones_on_board(Color::Black) + start.stones_on_board(Color::White) == 0;
        let p0 = if empty {
            vec![0; words_for(start)]
        } else {
            pack(start).0
        };
        let mut p = Positions {
            words: words_for(start),
            start: p0,
            copies: Mutex::new(Vec::new()),
            log: Vec::with_capacity(MOVES),
            entries: Vec::with_capacity(MOVES),
            latest: Latest::with_room(TABLE),
            counts: Counts::default(),
        };
        p.record(start.hash(), start.stone_counts(), to_move, None);
        p
    }

    /// Makes room for `moves` more positions.
    pub fn reserve(&mut self, moves: usize) {
        self.log.reserve(moves);
        self.entries.reserve(moves);
        self.latest.reserve(moves, &self.entries);
    }

    /// Number of positions recorded (moves + 1).
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Always false: `P_0` is always there.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Adds the facts of the position whose changes end the log.
    #[inline(always)]
    fn record(&mut self, hash: u64, stones: [u16; 2], to_move: Color, creator: Option<Color>) {
        self.counts.note(stones);
        let s = self.entries.len() as u32;
        let prev = self.latest.insert(hash, s, &self.entries);
        self.entries.push(Entry {
            hash,
            prev,
            changes: self.log.len() as u32,
            to_move,
            creator,
        });
    }

    /// Records the position after the next move, `board` (the points that differ from the
    /// last position are found by rebuilding it: [`Positions::push_changed`] is the fast
    /// way).
    pub fn push(&mut self, board: &Board, to_move: Color, creator: Option<Color>) {
        self.log_difference(board);
        self.record(board.hash(), board.stone_counts(), to_move, creator);
    }

    /// Logs the points where `board` differs from the last position.
    fn log_difference(&mut self, board: &Board) {
        let last = self.packed_at(self.len() - 1);
        let now = pack(board).0;
        let points = board.size().points();
        let changed = (0..points).filter(|&k| read(&last, k) != read(&now, k));
        let changes: Vec<Change> = changed.map(|k| (k << 2) as u16 | read(&now, k)).collect();
        self.log.extend(changes);
    }

    /// Records the position after the next move as the last one with some points changed
    /// (`k` is the row-major index `y * width + x`), in order: a point changed twice ends
    /// as the second change says. `stones` are the position's numbers of black and white
    /// stones ([`Board::stone_counts`]).
    #[inline(always)]
    pub fn push_changed(
        &mut self,
        changes: impl IntoIterator<Item = (usize, Option<Color>)>,
        hash: u64,
        stones: [u16; 2],
        to_move: Color,
        creator: Option<Color>,
    ) {
        for (k, c) in changes {
            self.log.push((k << 2) as u16 | bits(c));
        }
        self.record(hash, stones, to_move, creator);
    }

    /// Whether some recorded position may have held exactly `stones` black and white
    /// stones. False is certain: no position with those numbers was recorded, so none
    /// can recur (true may still have no such position).
    #[inline]
    pub fn may_have_stones(&self, stones: [u16; 2]) -> bool {
        self.counts.may_hold(stones)
    }

    /// Forgets the last position, when its move is taken back (`P_0` always stays). Costs
    /// the same however long the game.
    pub fn pop(&mut self) {
        let s = self.entries.len() - 1;
        if s == 0 {
            return;
        }
        let last = self.entries[s];
        // Unlinked while its entry still exists: the table reads hashes from the entries.
        self.latest.unlink(last.hash, last.prev, &self.entries);
        self.entries.pop();
        self.log.truncate(self.entries[s - 1].changes as usize);
        // Copies are of `P_EVERY`, `P_2*EVERY`, ...: keep those of positions still here.
        let copies = self
            .copies
            .get_mut()
            .unwrap_or_else(PoisonError::into_inner);
        copies.truncate((s - 1) / EVERY);
    }

    /// Makes the last position `board` (after a change no move explains, such as a forced
    /// stone on an occupied point).
    pub fn repack_last(&mut self, board: &Board) {
        self.counts.note(board.stone_counts());
        let s = self.entries.len() - 1;
        if s == 0 {
            self.start = pack(board).0;
        } else {
            self.log_difference(board);
            self.entries[s].changes = self.log.len() as u32;
            // A copy of `P_s` made before is of the position it was.
            let copies = self
                .copies
                .get_mut()
                .unwrap_or_else(PoisonError::into_inner);
            copies.truncate((s - 1) / EVERY);
        }
        let old = self.entries[s];
        if old.hash != board.hash() {
            // Unlink from the old hash chain (it is the latest entry there) and relink.
            self.latest.unlink(old.hash, old.prev, &self.entries);
            self.entries.pop();
            self.record(board.hash(), board.stone_counts(), old.to_move, old.creator);
        }
    }

    /// The hash of `P_s` (`None` beyond the last position).
    pub fn hash(&self, s: usize) -> Option<u64> {
        self.entries.get(s).map(|e| e.hash)
    }

    /// Who is to move after `P_s` (`None` beyond the last position).
    pub fn to_move(&self, s: usize) -> Option<Color> {
        self.entries.get(s).map(|e| e.to_move)
    }

    /// Who created `P_s` (made the last play at or before move `s`); `None` for a position
    /// reached by passes alone from the start, and beyond the last position.
    pub fn creator(&self, s: usize) -> Option<Color> {
        self.entries.get(s).and_then(|e| e.creator)
    }

    /// The packed words of `P_s` (`None` beyond the last position).
    pub fn packed(&self, s: usize) -> Option<Vec<u64>> {
        (s < self.entries.len()).then(|| self.packed_at(s))
    }

    /// The packed words of `P_s`, rebuilt from `P_0` and the changes of moves 1 to `s`
    /// (`s` a position of the history).
    fn packed_at(&self, s: usize) -> Vec<u64> {
        let c = s / EVERY;
        let mut words = if c == 0 {
            self.start.clone()
        } else {
            self.copy(c)
        };
        self.make_changes(&mut words, c * EVERY, s);
        debug_assert_eq!(words.len(), self.words);
        words
    }

    /// The packed copy of `P_(c * EVERY)` (`c` at least 1), made with any missing before
    /// it from the latest one made.
    fn copy(&self, c: usize) -> Vec<u64> {
        let mut copies = self.copies.lock().unwrap_or_else(PoisonError::into_inner);
        while copies.len() < c {
            let d = copies.len() + 1;
            let mut words = copies.last().unwrap_or(&self.start).clone();
            self.make_changes(&mut words, (d - 1) * EVERY, d * EVERY);
            copies.push(words);
        }
        copies[c - 1].clone()
    }

    /// Makes on `words`, packed `P_from`, the changes that lead to `P_to`.
    fn make_changes(&self, words: &mut [u64], from: usize, to: usize) {
        let (start, end) = (self.entries[from].changes, self.entries[to].changes);
        for &change in &self.log[start as usize..end as usize] {
            let k = (change >> 2) as usize;
            let shift = (k % 32) * 2;
            let v = (change & 3) as u64;
            words[k / 32] = (words[k / 32] & !(3 << shift)) | (v << shift);
        }
    }

    /// The stones of `P_s` on a board of `size` (the size the positions were packed from);
    /// `None` beyond the last position.
    pub fn stones(&self, s: usize, size: Size) -> Option<Vec<(Point, Color)>> {
        let words = self.packed(s)?;
        let w = size.width() as usize;
        (0..size.points())
            .filter_map(|k| {
                let c = match read(&words, k) {
                    1 => Color::Black,
                    2 => Color::White,
                    _ => return None,
                };
                Some((Point::new((k % w) as u8, (k / w) as u8), c))
            })
            .collect::<Vec<_>>()
            .into()
    }

    /// Whether `P_s` and `P_t` are the same position (exact comparison; false if either is
    /// beyond the last position).
    pub fn same(&self, s: usize, t: usize) -> bool {
        match (self.entries.get(s), self.entries.get(t)) {
            (Some(a), Some(b)) => a.hash == b.hash && self.packed_at(s) == self.packed_at(t),
            _ => false,
        }
    }

    /// The positions before `P_t` with its hash, latest first: [`Positions::with_hash`]
    /// without the table lookup, since `P_t` links to them. Candidates only, as there.
    pub fn earlier_with_same_hash(&self, t: usize) -> impl Iterator<Item = usize> + '_ {
        let mut s = self.entries.get(t).map_or(NONE, |e| e.prev);
        std::iter::from_fn(move || {
            (s != NONE).then(|| {
                let cur = s as usize;
                s = self.entries[cur].prev;
                cur
            })
        })
    }

    /// The indices `s` with hash `h`, latest first. Equal hashes are candidates only:
    /// confirm with [`Positions::packed`].
    pub fn with_hash(&self, h: u64) -> impl Iterator<Item = usize> + '_ {
        let mut s = self.latest.get(h, &self.entries);
        std::iter::from_fn(move || {
            (s != NONE).then(|| {
                let cur = s as usize;
                s = self.entries[cur].prev;
                cur
            })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `with_hash` lists exactly the positions with that hash, latest first, whatever the
    /// table went through: growing past its first size, many positions with few hashes,
    /// and last positions repacked to another hash.
    #[test]
    fn with_hash_finds_every_position_with_the_hash() {
        let board = Board::new(Size::square(9).unwrap());
        let mut p = Positions::new(&board, Color::Black);
        let mut hashes = vec![board.hash()];
        let mut state = 12345u64;
        for t in 1..3000u64 {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            // Few distinct hashes early (long chains), then mostly new ones (growth);
            // some share low bits, so that probes run on.
            let h = if t < 500 {
                state >> 60
            } else {
                (state >> 20) << 12
            };
            p.push_changed(std::iter::empty(), h, [0, 0], Color::White, None);
            hashes.push(h);
            if t % 7 == 0 {
                let mut b = Board::new(Size::square(9).unwrap());
                b.play_unchecked(b.idx(Point::new((t % 9) as u8, 0)), Color::Black);
                p.repack_last(&b);
                *hashes.last_mut().unwrap() = b.hash();
            }
            if t % 97 == 0 || t == 2999 {
                for &h in hashes.iter().step_by(13).chain([hashes[t as usize]].iter()) {
                    let want: Vec<usize> = (0..hashes.len())
                        .rev()
                        .filter(|&s| hashes[s] == h)
                        .collect();
                    assert_eq!(p.with_hash(h).collect::<Vec<_>>(), want, "t {t}");
                    // From its latest position, the earlier ones follow the same way.
                    let earlier = want.get(1..).unwrap_or_default();
                    let from_latest = want.first().map(|&s| p.earlier_with_same_hash(s));
                    let from_latest: Vec<usize> = from_latest.into_iter().flatten().collect();
                    assert_eq!(from_latest, earlier, "t {t}");
                }
            }
        }
        assert_eq!(p.with_hash(7777).count(), 0);
    }

    /// Every position is rebuilt exactly from `P_0` and the changes logged since: plays
    /// with captures, a point changed twice in one move, a board set by `push` and a last
    /// position repacked from a board no move explains.
    #[test]
    fn positions_are_rebuilt_exactly() {
        let size = Size::square(5).unwrap();
        let start =
            Board::from_text(". X . . .\n. . . . .\n. . O . .\n. . . . .\n. . . . .").unwrap();
        let mut p = Positions::new(&start, Color::Black);
        let mut boards = vec![start.clone()];
        let mut b = start;
        let k = |q: Point| q.y as usize * 5 + q.x as usize;
        for (x, y, c) in [
            (0, 0, Color::White),
            (2, 0, Color::White),
            (0, 1, Color::Black),
        ] {
            let q = Point::new(x, y);
            let mut removed = Vec::new();
            b.play_unchecked_with(b.idx(q), c, |s, _| removed.push(Board::point_of(s, 6)));
            let changes = std::iter::once((k(q), Some(c)));
            let changes = changes.chain(removed.iter().map(|&r| (k(r), None)));
            p.push_changed(changes, b.hash(), b.stone_counts(), c.opponent(), Some(c));
            boards.push(b.clone());
        }
        // A point changed twice ends as the second change says.
        let q = Point::new(4, 4);
        b.play_unchecked(b.idx(q), Color::Black);
        let twice = [(k(q), Some(Color::White)), (k(q), Some(Color::Black))];
        p.push_changed(
            twice,
            b.hash(),
            b.stone_counts(),
            Color::White,
            Some(Color::Black),
        );
        boards.push(b.clone());
        b = Board::from_text("X . . . O\n. . . . .\n. . . . .\n. . . . .\n. . . . .").unwrap();
        p.push(&b, Color::Black, Some(Color::White));
        boards.push(b.clone());
        b.remove_stone(b.idx(Point::new(0, 0)));
        p.repack_last(&b);
        *boards.last_mut().unwrap() = b.clone();
        assert_eq!(p.len(), boards.len());
        for (s, board) in boards.iter().enumerate() {
            assert_eq!(p.packed(s).unwrap(), pack(board).0, "P_{s}");
            assert_eq!(p.hash(s).unwrap(), board.hash(), "P_{s}");
            let mut stones = p.stones(s, size).unwrap();
            stones.sort();
            let mut want: Vec<(Point, Color)> = size
                .all_points()
                .filter_map(|q| board.get(q).map(|c| (q, c)))
                .collect();
            want.sort();
            assert_eq!(stones, want, "P_{s}");
        }
        assert!(p.same(0, 0) && !p.same(0, 1));
    }

    /// Over many moves (packed copies every `EVERY` positions, made in any order) every
    /// position is still rebuilt exactly, also when a position with a copy is repacked.
    #[test]
    fn long_games_are_rebuilt_exactly() {
        let size = Size::square(4).unwrap();
        let mut b = Board::new(size);
        let mut p = Positions::new(&b, Color::Black);
        let mut boards = vec![b.clone()];
        let mut state = 7u64;
        let k = |q: Point| q.y as usize * 4 + q.x as usize;
        while boards.len() < 5 * EVERY {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let q = Point::new((state >> 33) as u8 % 4, (state >> 40) as u8 % 4);
            let c = if state >> 63 == 0 {
                Color::Black
            } else {
                Color::White
            };
            let i = b.idx(q);
            if b.cell(i) != Cell::Empty {
                continue;
            }
            let mut removed = Vec::new();
            b.play_unchecked_with(i, c, |s, _| removed.push(Board::point_of(s, 5)));
            let changes = std::iter::once((k(q), Some(c)));
            let changes = changes.chain(removed.iter().map(|&r| (k(r), None)));
            p.push_changed(changes, b.hash(), b.stone_counts(), c.opponent(), Some(c));
            if p.len() == 2 * EVERY + 1 {
                // P_(2 EVERY) becomes a board no move explains.
                b = Board::new(size);
                b.play_unchecked(b.idx(Point::new(3, 3)), Color::White);
                p.repack_last(&b);
            }
            boards.push(b.clone());
            if boards.len() % 37 == 0 {
                // Rebuilt now and then while the game goes on, copies made on the way.
                let s = (state >> 20) as usize % boards.len();
                assert_eq!(
                    p.packed(s).unwrap(),
                    pack(&boards[s]).0,
                    "P_{s} at {}",
                    boards.len()
                );
            }
        }
        for s in (0..boards.len()).rev() {
            assert_eq!(p.packed(s).unwrap(), pack(&boards[s]).0, "P_{s}");
            assert_eq!(p.hash(s).unwrap(), boards[s].hash(), "P_{s}");
        }
    }

    /// The numbers of stones: every recorded position's pair is held (taken-back ones may
    /// stay), and a pair no position had is not, worked by hand on a 9x9 board.
    #[test]
    fn stone_numbers_never_miss_a_recorded_position() {
        let size = Size::square(9).unwrap();
        let mut b = Board::new(size);
        let mut p = Positions::new(&b, Color::Black);
        // Empty board: only (0 black, 0 white).
        assert!(p.may_have_stones([0, 0]));
        assert!(!p.may_have_stones([1, 0]) && !p.may_have_stones([0, 1]));
        let k = |q: Point| q.y as usize * 9 + q.x as usize;
        let play = |b: &mut Board, p: &mut Positions, x: u8, y: u8, c: Color| {
            let q = Point::new(x, y);
            b.play_unchecked(b.idx(q), c);
            p.push_changed(
                [(k(q), Some(c))],
                b.hash(),
                b.stone_counts(),
                c.opponent(),
                Some(c),
            );
        };
        play(&mut b, &mut p, 2, 2, Color::Black);
        play(&mut b, &mut p, 6, 6, Color::White);
        play(&mut b, &mut p, 2, 6, Color::Black);
        // Recorded: (0,0), (1,0), (1,1), (2,1). For 1 black stone the white range is 0..=1.
        for pair in [[0, 0], [1, 0], [1, 1], [2, 1]] {
            assert!(p.may_have_stones(pair), "{pair:?}");
        }
        for pair in [[0, 1], [2, 0], [2, 2], [3, 1], [1, 2]] {
            assert!(!p.may_have_stones(pair), "{pair:?}");
        }
        // A taken-back position may stay (a superset is safe); what follows is held.
        p.pop();
        assert!(p.may_have_stones([2, 1]));
        // A last position repacked from a board no move explains: three white stones.
        let mut text = String::from("O O O . . . . . .");
        for _ in 0..8 {
            text.push_str("\n. . . . . . . . .");
        }
        b = Board::from_text(&text).unwrap();
        assert_eq!(b.stone_counts(), [0, 3]);
        assert!(!p.may_have_stones([0, 3]));
        p.repack_last(&b);
        assert!(p.may_have_stones([0, 3]));
    }

    /// Room reserved for a number of moves that is not a power of two (as a record reader
    /// asks) keeps the table usable: every position is found again.
    #[test]
    fn reserving_any_number_of_moves_keeps_the_table_whole() {
        let board = Board::new(Size::square(19).unwrap());
        for moves in [0, 1, 7, 251, 300, 1000] {
            let mut p = Positions::new(&board, Color::Black);
            p.reserve(moves);
            let hashes: Vec<u64> = (1..=moves as u64 + 40)
                .map(|t| t.wrapping_mul(0x9E37_79B9_7F4A_7C15))
                .collect();
            for &h in &hashes {
                p.push_changed(std::iter::empty(), h, [0, 0], Color::White, None);
            }
            for (t, &h) in hashes.iter().enumerate() {
                assert_eq!(p.with_hash(h).collect::<Vec<_>>(), [t + 1], "{moves}");
            }
        }
    }
}
