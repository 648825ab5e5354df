//! Every position of a game, kept exactly (two bits a point) and indexed by Zobrist hash,
//! so that repetition rules can find earlier positions fast and confirm them exactly.

use crate::board::{Board, Cell};
use crate::color::Color;
use crate::point::{Point, Size};
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// A hasher for keys that are already Zobrist hashes: it uses them as they are.
#[derive(Default)]
pub(crate) struct IdentityHasher(u64);

impl Hasher for IdentityHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ b as u64;
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

/// A map keyed by Zobrist hashes.
pub(crate) type HashIndex<V> = HashMap<u64, V, BuildHasherDefault<IdentityHasher>>;

const NONE: u32 = u32::MAX;

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

/// The positions `P_0, P_1, ...` of one game with, for each, the player to move after it
/// and its creator (RULES.md §3: the player of the last play at or before it).
#[derive(Clone, Debug)]
pub struct Positions {
    words: usize,
    data: Vec<u64>,
    hashes: Vec<u64>,
    to_move: Vec<Color>,
    creator: Vec<Option<Color>>,
    /// The latest entry with each hash; `prev` links to earlier ones with the same hash.
    latest: HashIndex<u32>,
    prev: Vec<u32>,
}

impl Positions {
    /// A history holding only the starting position `P_0`.
    pub fn new(start: &Board, to_move: Color) -> Positions {
        // Room for a long game from the start: growing these is a large part of the cost
        // of replaying records.
        const MOVES: usize = 400;
        let words = words_for(start);
        let mut p = Positions {
            words,
            data: Vec::with_capacity(words * MOVES),
            hashes: Vec::with_capacity(MOVES),
            to_move: Vec::with_capacity(MOVES),
            creator: Vec::with_capacity(MOVES),
            latest: HashIndex::with_capacity_and_hasher(MOVES, Default::default()),
            prev: Vec::with_capacity(MOVES),
        };
        p.push(start, to_move, None);
        p
    }

    /// Makes room for `moves` more positions.
    pub fn reserve(&mut self, moves: usize) {
        self.data.reserve(self.words * moves);
        self.hashes.reserve(moves);
        self.to_move.reserve(moves);
        self.creator.reserve(moves);
        self.latest.reserve(moves);
        self.prev.reserve(moves);
    }

    /// Number of positions recorded (moves + 1).
    pub fn len(&self) -> usize {
        self.hashes.len()
    }

    /// Always false: `P_0` is always there.
    pub fn is_empty(&self) -> bool {
        self.hashes.is_empty()
    }

    /// Records the position after the next move.
    pub fn push(&mut self, board: &Board, to_move: Color, creator: Option<Color>) {
        let s = self.hashes.len() as u32;
        let start = self.data.len();
        self.data.resize(start + self.words, 0);
        // An empty board packs to zeros (most games start from one).
        if board.stones_on_board(Color::Black) + board.stones_on_board(Color::White) > 0 {
            write_packed(board, &mut self.data[start..]);
        }
        let h = board.hash();
        self.hashes.push(h);
        self.to_move.push(to_move);
        self.creator.push(creator);
        let before = self.latest.insert(h, s).unwrap_or(NONE);
        self.prev.push(before);
    }

    /// Records the position after the next move as the last one with some points changed
    /// (`k` is the row-major index `y * width + x`): cheaper than packing the whole board.
    pub fn push_changed(
        &mut self,
        changes: impl IntoIterator<Item = (usize, Option<Color>)>,
        hash: u64,
        to_move: Color,
        creator: Option<Color>,
    ) {
        let s = self.hashes.len() as u32;
        let start = self.data.len();
        self.data.extend_from_within(start - self.words..start);
        let words = &mut self.data[start..];
        for (k, c) in changes {
            let v = match c {
                Some(Color::Black) => 1u64,
                Some(Color::White) => 2,
                None => 0,
            };
            let shift = (k % 32) * 2;
            words[k / 32] = (words[k / 32] & !(3 << shift)) | (v << shift);
        }
        self.hashes.push(hash);
        self.to_move.push(to_move);
        self.creator.push(creator);
        let before = self.latest.insert(hash, s).unwrap_or(NONE);
        self.prev.push(before);
    }

    /// Packs the last position again from `board` (after a change no move explains, such
    /// as a forced stone on an occupied point).
    pub fn repack_last(&mut self, board: &Board) {
        let s = self.hashes.len() - 1;
        let range = s * self.words..(s + 1) * self.words;
        self.data[range.clone()].fill(0);
        write_packed(board, &mut self.data[range]);
        let old = self.hashes[s];
        if old != board.hash() {
            // Unlink from the old hash chain (it is the latest entry there) and relink.
            match self.prev[s] {
                NONE => self.latest.remove(&old),
                p => self.latest.insert(old, p),
            };
            self.hashes[s] = board.hash();
            self.prev[s] = self.latest.insert(board.hash(), s as u32).unwrap_or(NONE);
        }
    }

    /// The hash of `P_s`.
    pub fn hash(&self, s: usize) -> u64 {
        self.hashes[s]
    }

    /// Who is to move after `P_s`.
    pub fn to_move(&self, s: usize) -> Color {
        self.to_move[s]
    }

    /// Who created `P_s` (made the last play at or before move `s`); `None` for a position
    /// reached by passes alone from the start.
    pub fn creator(&self, s: usize) -> Option<Color> {
        self.creator[s]
    }

    /// The packed words of `P_s`.
    pub fn packed(&self, s: usize) -> &[u64] {
        &self.data[s * self.words..(s + 1) * self.words]
    }

    /// The stones of `P_s` on a board of `size` (the size the positions were packed from).
    pub fn stones(&self, s: usize, size: Size) -> Vec<(Point, Color)> {
        let words = self.packed(s);
        let w = size.width as usize;
        (0..size.points())
            .filter_map(|k| {
                let bits = words
                    .get(k / 32)
                    .map_or(0, |word| (word >> ((k % 32) * 2)) & 3);
                let c = match bits {
                    1 => Color::Black,
                    2 => Color::White,
                    _ => return None,
                };
                Some((Point::new((k % w) as u8, (k / w) as u8), c))
            })
            .collect()
    }

    /// Whether `P_s` and `P_t` are the same position (exact comparison).
    pub fn same(&self, s: usize, t: usize) -> bool {
        self.hashes[s] == self.hashes[t] && self.packed(s) == self.packed(t)
    }

    /// The indices `s` with hash `h`, latest first. Equal hashes are candidates only:
    /// confirm with [`Positions::packed`].
    pub fn with_hash(&self, h: u64) -> impl Iterator<Item = usize> + '_ {
        let mut s = self.latest.get(&h).copied().unwrap_or(NONE);
        std::iter::from_fn(move || {
            (s != NONE).then(|| {
                let cur = s as usize;
                s = self.prev[cur];
                cur
            })
        })
    }
}
