//! The board: stones, chains with exact liberty counts, captures and Zobrist hashes
//! (docs/rules.md §1).
//!
//! Layout (after KataGo's board): a one-dimensional array with a wall around the points,
//! `index = (x + 1) + (y + 1) * (width + 1)`, so that the four neighbours of any point are
//! `index ± 1` and `index ± stride` with no bounds checks. Each chain is a circular list of its
//! stones (`next`) with one head (`head`) that holds the chain's stone and liberty counts.
//! Playing a stone never allocates.
//!
//! How a play keeps every count exact without recounting a chain's liberties:
//! - the new stone's own liberties are its empty neighbours, read from a per-point count
//!   of empty, black and white neighbours that is updated as stones come and go;
//! - it joins the first own chain next to it, which loses the liberty it fills and gains
//!   the new stone's empty neighbours that were not already its liberties; any other own
//!   chain next to it loses that liberty and merges in the same way: the smaller chain's
//!   stones move to the larger one, and each empty neighbour of a moved stone is a new
//!   liberty unless a stone of the larger chain (or one already moved) touches it (after
//!   KataGo's `mergeChains`);
//! - each distinct opponent chain next to it loses one liberty; those left with none are
//!   removed, and every point freed is one new liberty for each distinct chain around it.
//!
//! "A stone of chain `h` touches `e`" is four comparisons of `head` with `h` because empty
//! points and walls have head 0, and index 0, a wall, is never a head. The per-index arrays
//! have a power-of-two size and every index is masked to it, so the compiler needs no bounds
//! checks (and the crate needs no `unsafe`). Where the outcome of a test is a coin toss in
//! random play (which neighbours are own or opponent stones, which are new liberties),
//! the code counts with booleans instead of branching, since a mispredicted branch costs
//! more than the few instructions it would skip.
use crate::color::Color;
use crate::illegal::SetupError;
use crate::point::{Point, Size, MAX_SIDE};
use crate::zobrist::KEYS;
use std::fmt;

/// Number of cells of the padded array for the largest board.
pub const CELLS: usize = (MAX_SIDE as usize + 2) * (MAX_SIDE as usize + 1) + 1;

/// A padded board index (see the module documentation).
pub type Idx = u16;

/// What a cell of the padded array holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Cell {
    /// No stone.
    Empty = 0,
    /// A black stone.
    Black = 1,
    /// A white stone.
    White = 2,
    /// Outside the board.
    Wall = 3,
}

impl Cell {
    /// The cell holding a stone of `c`.
    #[inline]
    pub fn stone(c: Color) -> Cell {
        match c {
            Color::Black => Cell::Black,
            Color::White => Cell::White,
        }
    }

    /// The colour of the stone here, if any.
    #[inline]
    pub fn color(self) -> Option<Color> {
        match self {
            Cell::Black => Some(Color::Black),
            Cell::White => Some(Color::White),
            _ => None,
        }
    }
}

/// What one play did to the board (docs/rules.md §1.5).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Played {
    /// Opponent stones removed by step 2 (the mover's prisoners).
    pub captured: u16,
    /// Own stones removed by step 3 (suicide; the opponent's prisoners).
    pub suicided: u16,
}

/// Size of the per-index arrays: a power of two at least [`CELLS`], so that an index masked
/// with `ARRAY - 1` is always in bounds and the compiler drops the bounds checks.
pub(crate) const ARRAY: usize = crate::zobrist::SLOTS;
const _: () = assert!(ARRAY >= CELLS && ARRAY.is_power_of_two());

/// The array slot of a padded index (see [`ARRAY`]); the identity for every index used.
#[inline(always)]
fn at(i: Idx) -> usize {
    i as usize & (ARRAY - 1)
}

/// What a chain's head records about the chain.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct ChainInfo {
    /// Distinct liberties, exact.
    libs: u16,
    /// Stones.
    stones: u16,
}

/// What a wall adds to a neighbour count: it counts as a stone of either colour.
const WALL_NEIGHBOUR: u16 = Neighbours::BLACK + Neighbours::WHITE;

/// The neighbours of a point, counted: empty ones, and those that are a stone of a given
/// colour or a wall (four bits each).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Neighbours(u16);

impl Neighbours {
    const EMPTY: u16 = 1;
    const BLACK: u16 = 1 << 4;
    const WHITE: u16 = 1 << 8;

    #[inline]
    fn of(c: Color) -> u16 {
        // BLACK or WHITE, by a shift rather than a branch.
        Neighbours::BLACK << (4 * c.index())
    }

    /// Empty neighbours.
    #[inline]
    pub fn empty(self) -> u32 {
        (self.0 & 0xF) as u32
    }

    /// Neighbours that hold a stone of `c` or are walls.
    #[inline]
    pub fn of_or_wall(self, c: Color) -> u32 {
        ((self.0 >> (4 + 4 * c.index())) & 0xF) as u32
    }

    /// Neighbours that hold stones (of either colour).
    #[inline]
    pub fn stones(self) -> u32 {
        4 - self.empty() - self.walls()
    }

    /// Neighbours that are walls (off the board).
    #[inline]
    pub fn walls(self) -> u32 {
        self.empty() + self.of_or_wall(Color::Black) + self.of_or_wall(Color::White) - 4
    }
}

/// A Go board of any size from 1x1 to 25x25.
///
/// The Zobrist key of a stone of `c` on the padded index `i`: a board's hash is the
/// exclusive or of the keys of its stones, so a player can update a hash for a play
/// without making it (see [`Board::hash_after`] for the general case).
#[inline(always)]
pub fn stone_key(i: Idx, c: Color) -> u64 {
    crate::zobrist::KEYS[at(i)][c.index()]
}

/// Invariants (checked by [`Board::check_invariants`]): every stone's `head` is the head of
/// its chain and `next` links the chain's stones in a ring; the head's `ChainInfo` holds
/// the exact stone and liberty counts; every empty point and every wall has `head == 0`
/// (index 0 is a wall, so it is never a chain's head), which lets "is this point a liberty
/// of chain `h`" be four comparisons of `head` with `h`; the record of head 0 is never
/// written, so the liberties of an empty point or a wall read as 0; `nbr` holds the true
/// neighbour counts of every point.
pub struct Board {
    size: Size,
    stride: usize,
    /// One past the highest index any operation reads for this size: `(height + 2) *
    /// stride + 1`. Slots from here on are untouched walls and zeros.
    used: usize,
    cells: [Cell; ARRAY],
    head: [Idx; ARRAY],
    next: [Idx; ARRAY],
    /// Valid at a chain's head.
    chain: [ChainInfo; ARRAY],
    /// For every point: its numbers of empty, black-or-wall and white-or-wall neighbours,
    /// four bits each (see [`Neighbours`]). Meaningless on walls.
    nbr: [u16; ARRAY],
    hash: u64,
    on_board: [u16; 2],
    /// The point where an immediate single-stone recapture would retake a ko, if the last
    /// play made one (0 if none). Used by fast simple-ko playouts.
    ko: Idx,
}

impl Clone for Board {
    fn clone(&self) -> Board {
        let mut b = Board::walls(self.size);
        b.clone_from(self);
        b
    }

    /// Copies only the slots in use when both boards have the same size (the slots beyond
    /// are the same walls and zeros in both): a playout copies its start position this way.
    fn clone_from(&mut self, source: &Board) {
        if self.size != source.size {
            self.size = source.size;
            self.stride = source.stride;
            self.used = source.used;
            self.cells = source.cells;
            self.head = source.head;
            self.next = source.next;
            self.chain = source.chain;
            self.nbr = source.nbr;
        } else {
            let n = source.used;
            self.cells[..n].copy_from_slice(&source.cells[..n]);
            self.head[..n].copy_from_slice(&source.head[..n]);
            self.next[..n].copy_from_slice(&source.next[..n]);
            self.chain[..n].copy_from_slice(&source.chain[..n]);
            self.nbr[..n].copy_from_slice(&source.nbr[..n]);
        }
        self.hash = source.hash;
        self.on_board = source.on_board;
        self.ko = source.ko;
    }
}

impl Board {
    /// A board of `size` whose every slot is still a wall: the start of [`Board::new`] and
    /// of a clone.
    fn walls(size: Size) -> Board {
        let stride = size.width() as usize + 1;
        Board {
            size,
            stride,
            used: (size.height() as usize + 2) * stride + 1,
            cells: [Cell::Wall; ARRAY],
            head: [0; ARRAY],
            next: [0; ARRAY],
            chain: [ChainInfo::default(); ARRAY],
            nbr: [0; ARRAY],
            hash: 0,
            on_board: [0; 2],
            ko: 0,
        }
    }

    /// An empty board.
    pub fn new(size: Size) -> Board {
        let mut b = Board::walls(size);
        b.clear_points();
        b
    }

    /// An empty board on the heap, built there (a board is some 11 KB: building it on the
    /// stack and moving it costs a copy, as a game keeps its board in a box).
    pub fn new_boxed(size: Size) -> Box<Board> {
        let mut b = Box::new(Board::walls(size));
        b.clear_points();
        b
    }

    /// A copy of the board on the heap, built there (see [`Board::new_boxed`]).
    pub fn clone_boxed(&self) -> Box<Board> {
        let mut b = Box::new(Board::walls(self.size));
        (*b).clone_from(self);
        b
    }

    /// Makes every point of a board of walls empty, with its neighbour counts: each
    /// neighbour on the board is empty, each off it a wall.
    fn clear_points(&mut self) {
        let (w, h, s) = (
            self.size.width() as usize,
            self.size.height() as usize,
            self.stride,
        );
        // Each row is filled whole from a pattern (this runs for every game started).
        let counts = |walls: u16| (4 - walls) * Neighbours::EMPTY + walls * WALL_NEIGHBOUR;
        let mut pattern = [0u16; MAX_SIDE as usize];
        for (x, v) in pattern[..w].iter_mut().enumerate() {
            *v = counts((x == 0) as u16 + (x == w - 1) as u16);
        }
        let edge_pattern = pattern.map(|v| v + counts(1) - counts(0));
        for y in 1..=h {
            let row = y * s + 1..y * s + 1 + w;
            self.cells[row.clone()].fill(Cell::Empty);
            let edge = y == 1 || y == h;
            let from = if edge { &edge_pattern } else { &pattern };
            self.nbr[row].copy_from_slice(&from[..w]);
        }
        if h == 1 {
            // A single row has walls above and below.
            for v in &mut self.nbr[s + 1..s + 1 + w] {
                *v += counts(1) - counts(0);
            }
        }
    }

    /// The neighbour counts of `i` computed from the cells (the reference for `nbr`).
    fn count_neighbours(&self, i: Idx) -> Neighbours {
        let mut v = 0;
        for n in self.neighbours(i) {
            v += match self.cells[at(n)] {
                Cell::Empty => Neighbours::EMPTY,
                Cell::Black => Neighbours::BLACK,
                Cell::White => Neighbours::WHITE,
                Cell::Wall => Neighbours::BLACK + Neighbours::WHITE,
            };
        }
        Neighbours(v)
    }

    /// What surrounds the point `i`: counts of its empty neighbours and of its neighbours
    /// that are stones of each colour or walls, kept up to date as stones come and go.
    #[inline]
    pub fn neighbour_counts(&self, i: Idx) -> Neighbours {
        Neighbours(self.nbr[at(i)])
    }

    /// Updates the neighbour counts around `i` when a stone of `c` is put there (`put`)
    /// or taken away.
    #[inline]
    fn count_stone(&mut self, i: Idx, c: Color, put: bool) {
        // One fewer empty neighbour, one more of colour `c` (or the reverse).
        let delta = Neighbours::of(c).wrapping_sub(Neighbours::EMPTY);
        for n in self.neighbours(i) {
            let v = &mut self.nbr[at(n)];
            *v = if put {
                v.wrapping_add(delta)
            } else {
                v.wrapping_sub(delta)
            };
        }
    }

    /// The board's size.
    #[inline]
    pub fn size(&self) -> Size {
        self.size
    }

    /// The distance between vertically adjacent indices (`width + 1`).
    #[inline]
    pub fn stride(&self) -> usize {
        self.stride
    }

    /// The padded index of a point; for a point off the board, index 0, a wall, which every
    /// query of the board reads as outside it (no stone, no liberty).
    #[inline]
    pub fn idx(&self, p: Point) -> Idx {
        if self.size.contains(p) {
            ((p.x as usize + 1) + (p.y as usize + 1) * self.stride) as Idx
        } else {
            0
        }
    }

    /// The point of a padded index of this board (from [`Board::idx`], [`Board::indices`] or
    /// [`Board::neighbours`] on a point); a wall's index gives a point off the board.
    #[inline]
    pub fn point(&self, i: Idx) -> Point {
        Board::point_of(i, self.stride)
    }

    /// The point of a padded index on a board of this `stride` (see [`Board::stride`]),
    /// for use while the board is borrowed for a change. A wall's index gives a point off
    /// the board (`stride` must not be 0).
    #[inline]
    pub fn point_of(i: Idx, stride: usize) -> Point {
        let i = i as usize;
        let stride = stride.max(1);
        Point::new(
            (i % stride).wrapping_sub(1) as u8,
            (i / stride).wrapping_sub(1) as u8,
        )
    }

    /// The four neighbour indices of `i` (some may be walls). Index arithmetic wraps, so
    /// that asking about a wall never fails; what a wall's neighbours are is unspecified.
    #[inline]
    pub fn neighbours(&self, i: Idx) -> [Idx; 4] {
        let s = self.stride as Idx;
        [
            i.wrapping_sub(s),
            i.wrapping_sub(1),
            i.wrapping_add(1),
            i.wrapping_add(s),
        ]
    }

    /// Padded indices of every point, row by row from the top.
    pub fn indices(&self) -> impl Iterator<Item = Idx> + '_ {
        let (w, h, s) = (
            self.size.width() as usize,
            self.size.height() as usize,
            self.stride,
        );
        (1..=h).flat_map(move |y| (1..=w).map(move |x| (x + y * s) as Idx))
    }

    /// The cell at a padded index.
    #[inline]
    pub fn cell(&self, i: Idx) -> Cell {
        self.cells[at(i)]
    }

    /// The colour of the stone on `p`, if any (`None` off the board).
    pub fn get(&self, p: Point) -> Option<Color> {
        self.cell(self.idx(p)).color()
    }

    /// The Zobrist hash of the position (stones only; the player to move is not included).
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// Number of stones of `c` on the board.
    #[inline]
    pub fn stones_on_board(&self, c: Color) -> u16 {
        self.on_board[c.index()]
    }

    /// The numbers of black and white stones on the board, in that order.
    #[inline]
    pub fn stone_counts(&self) -> [u16; 2] {
        self.on_board
    }

    /// The head of the chain through the stone at `i` (0 if `i` holds no stone).
    #[inline]
    pub fn chain_head(&self, i: Idx) -> Idx {
        self.head[at(i)]
    }

    /// Liberties of the chain through the stone at `i` (0 if `i` is empty or a wall: their
    /// head is 0, whose record is never written).
    #[inline]
    pub fn liberties(&self, i: Idx) -> u16 {
        self.chain[at(self.head[at(i)])].libs
    }

    /// Stones in the chain through the stone at `i` (0 if `i` holds no stone).
    #[inline]
    pub fn chain_len(&self, i: Idx) -> u16 {
        self.chain[at(self.head[at(i)])].stones
    }

    /// Calls `f` on every stone of the chain through `i`.
    #[inline]
    pub fn for_each_stone(&self, i: Idx, mut f: impl FnMut(Idx)) {
        let mut s = i;
        loop {
            f(s);
            s = self.next[at(s)];
            if s == i {
                break;
            }
        }
    }

    /// Whether `f` is true of a stone of the chain through `i`, calling it on the stones
    /// in the order of [`Board::for_each_stone`] and stopping at the first that it is
    /// true of (a search that has found what it needs skips the rest of a long chain).
    #[inline]
    pub fn any_stone(&self, i: Idx, mut f: impl FnMut(Idx) -> bool) -> bool {
        let mut s = i;
        loop {
            if f(s) {
                return true;
            }
            s = self.next[at(s)];
            if s == i {
                return false;
            }
        }
    }

    /// The stones of the chain through `p`, sorted (empty if `p` is empty).
    pub fn chain(&self, p: Point) -> Vec<Point> {
        let i = self.idx(p);
        let mut out = Vec::new();
        if self.cell(i).color().is_some() {
            self.for_each_stone(i, |s| out.push(self.point(s)));
        }
        out.sort();
        out
    }

    /// The liberties of the chain through `p`, sorted (empty if `p` is empty).
    pub fn chain_liberties(&self, p: Point) -> Vec<Point> {
        let i = self.idx(p);
        let mut out = Vec::new();
        if self.cell(i).color().is_some() {
            self.for_each_stone(i, |s| {
                for n in self.neighbours(s) {
                    if self.cell(n) == Cell::Empty {
                        out.push(self.point(n));
                    }
                }
            });
        }
        out.sort();
        out.dedup();
        out
    }

    /// The ko point left by the last play: the point where the opponent would retake a
    /// single-stone ko at once (the last play captured one stone with a lone stone that now
    /// has that point as its only liberty).
    #[inline]
    pub fn ko_point(&self) -> Option<Idx> {
        (self.ko != 0).then_some(self.ko)
    }

    /// Sets the ko point back to what it was (undo).
    #[inline]
    pub(crate) fn set_ko(&mut self, ko: Option<Idx>) {
        self.ko = ko.unwrap_or(0);
    }

    /// Forgets the ko point: a pass lifts the simple-ko ban (docs/rules.md §3).
    #[inline]
    pub fn clear_ko(&mut self) {
        self.ko = 0;
    }

    /// Distinct chain heads among the neighbours of `i` that hold stones of `c`.
    #[inline]
    fn neighbour_chains(&self, i: Idx, c: Cell) -> ([Idx; 4], usize) {
        let mut out = [0; 4];
        let mut n = 0;
        for nb in self.neighbours(i) {
            if self.cells[at(nb)] == c {
                let h = self.head[at(nb)];
                if !out[..n].contains(&h) {
                    out[n] = h;
                    n += 1;
                }
            }
        }
        (out, n)
    }

    /// Whether the empty point `e` would be a new liberty for the chain with head `h`:
    /// 1 if `e` is empty and no neighbour of `e` belongs to `h`, else 0. Branch-free (the
    /// outcome is a coin toss in random play, so a branch would often be mispredicted);
    /// `e` may be a wall, whose neighbours' indices wrap harmlessly inside the arrays.
    #[inline]
    fn new_liberty(&self, e: Idx, h: Idx) -> u16 {
        let s = self.stride as Idx;
        let touches = (self.head[at(e.wrapping_sub(s))] == h)
            | (self.head[at(e.wrapping_sub(1))] == h)
            | (self.head[at(e.wrapping_add(1))] == h)
            | (self.head[at(e.wrapping_add(s))] == h);
        ((self.cells[at(e)] == Cell::Empty) & !touches) as u16
    }

    /// Whether a stone of `c` on the empty point `i` would capture (docs/rules.md §1.5 step 2).
    #[inline]
    pub fn would_capture(&self, i: Idx, c: Color) -> bool {
        let opp = Cell::stone(c.opponent());
        self.neighbours(i)
            .iter()
            .any(|&n| self.cells[at(n)] == opp && self.liberties(n) == 1)
    }

    /// Number of opponent stones a stone of `c` on the empty point `i` would capture.
    pub fn capture_count(&self, i: Idx, c: Color) -> u16 {
        let (heads, n) = self.neighbour_chains(i, Cell::stone(c.opponent()));
        heads[..n]
            .iter()
            .map(|&h| self.chain[at(h)])
            .filter(|ch| ch.libs == 1)
            .map(|ch| ch.stones)
            .sum()
    }

    /// The numbers of black and white stones after `c` plays on the empty point `i`
    /// (its captures, or its suicide, made).
    pub fn stone_counts_after(&self, i: Idx, c: Color) -> [u16; 2] {
        let mut n = self.on_board;
        n[c.index()] += 1;
        n[c.opponent().index()] -= self.capture_count(i, c);
        n[c.index()] -= self.suicide_count(i, c);
        n
    }

    /// Number of own stones step 3 would remove if `c` played on the empty point `i`
    /// (0 if the play is not suicide).
    pub fn suicide_count(&self, i: Idx, c: Color) -> u16 {
        let own = Cell::stone(c);
        let mut total = 1;
        for n in self.neighbours(i) {
            match self.cells[at(n)] {
                Cell::Empty => return 0,
                Cell::Wall => {}
                cell if cell == own => {
                    if self.liberties(n) > 1 {
                        return 0;
                    }
                }
                _ => {
                    if self.liberties(n) == 1 {
                        return 0; // captures, so it is not suicide
                    }
                }
            }
        }
        let (heads, k) = self.neighbour_chains(i, own);
        for &h in &heads[..k] {
            total += self.chain[at(h)].stones;
        }
        total
    }

    /// Whether a play of `c` on the empty point `i` is plain: it has an empty neighbour (so
    /// it is no suicide) and no opponent chain next to it is in atari (so it captures
    /// nothing). The position after it is the position now with one more stone.
    #[inline]
    pub fn plain_play(&self, i: Idx, c: Color) -> bool {
        let counts = self.neighbour_counts(i);
        if counts.empty() == 0 {
            return false;
        }
        if counts.of_or_wall(c.opponent()) == counts.walls() {
            return true;
        }
        let opp = Cell::stone(c.opponent());
        self.neighbours(i)
            .iter()
            .all(|&n| self.cells[at(n)] != opp || self.chain[at(self.head[at(n)])].libs > 1)
    }

    /// The hash the position would have after `c` plays on the empty point `i`, computed
    /// without changing the board.
    pub fn hash_after(&self, i: Idx, c: Color) -> u64 {
        let mut h = self.hash ^ KEYS[at(i)][c.index()];
        let opp = c.opponent();
        let counts = self.neighbour_counts(i);
        let mut captured = false;
        // Only opponent neighbours can be captured (most points of a board have none).
        if counts.of_or_wall(opp) > counts.walls() {
            let (heads, n) = self.neighbour_chains(i, Cell::stone(opp));
            for &head in &heads[..n] {
                if self.chain[at(head)].libs == 1 {
                    captured = true;
                    self.for_each_stone(head, |s| h ^= KEYS[at(s)][opp.index()]);
                }
            }
        }
        // A point with an empty neighbour is never a suicide.
        if !captured && counts.empty() == 0 && self.suicide_count(i, c) > 0 {
            // Step 3 removes the new stone and every own chain it joined.
            h ^= KEYS[at(i)][c.index()];
            let (own, k) = self.neighbour_chains(i, Cell::stone(c));
            for &head in &own[..k] {
                self.for_each_stone(head, |s| h ^= KEYS[at(s)][c.index()]);
            }
        }
        h
    }

    /// Plays a stone of `c` on the empty point `i`: place, capture, then remove own chains
    /// left without liberty (docs/rules.md §1.5). The fast path of players and playouts: nothing
    /// is checked, so `i` must be an empty point of this board (a stone or a wall there
    /// corrupts the board). Legality is the caller's business; [`crate::Game::play`] is the
    /// checked way to play.
    #[inline]
    pub fn play_unchecked(&mut self, i: Idx, c: Color) -> Played {
        self.play_unchecked_with(i, c, |_, _| {})
    }

    /// As [`Board::play_unchecked`], calling `removed(index, colour)` for every stone removed.
    #[inline]
    pub fn play_unchecked_with(
        &mut self,
        i: Idx,
        c: Color,
        mut removed: impl FnMut(Idx, Color),
    ) -> Played {
        debug_assert_eq!(self.cells[at(i)], Cell::Empty);
        let dead = self.place(i, c);
        let mut played = Played::default();
        let mut last = 0;
        if dead != [0; 4] {
            for h in dead {
                if h != 0 {
                    last = h;
                    played.captured += self.remove_chain(h, &mut removed);
                }
            }
        }
        let own_head = self.head[at(i)];
        let own = self.chain[at(own_head)];
        if own.libs == 0 {
            played.suicided = self.remove_chain(own_head, &mut removed);
        }
        // A lone stone that captured one stone and has one liberty left (the captured
        // point) can be retaken at once: that point is the ko point.
        self.ko = if played.captured == 1 && own.stones == 1 && own.libs == 1 {
            last
        } else {
            0
        };
        played
    }

    /// Puts a stone of `c` on the empty point `i` and joins it to its own neighbouring
    /// chains, keeping every liberty count exact; removes nothing. Returns the heads of the
    /// opponent chains left without liberty (step 2 removes them), one slot per neighbour,
    /// 0 in the others.
    #[inline]
    fn place(&mut self, i: Idx, c: Color) -> [Idx; 4] {
        #[cfg(test)]
        work::count(1);
        let iu = at(i);
        let own = Cell::stone(c);
        self.cells[iu] = own;
        self.hash ^= KEYS[iu][c.index()];
        self.on_board[c.index()] += 1;
        self.head[iu] = i;
        self.next[iu] = i;
        let counts = Neighbours(self.nbr[iu]);
        self.chain[iu] = ChainInfo {
            libs: counts.empty() as u16,
            stones: 1,
        };
        self.count_stone(i, c, true);
        let mut dead = [0 as Idx; 4];
        let walls = counts.walls();
        let own_around = counts.of_or_wall(c) - walls;
        // (The opponent's count by index arithmetic: `c.opponent()` compiles to a branch.)
        let opp_around = ((counts.0 >> (8 - 4 * c.index())) & 0xF) as u32 - walls;
        let nb = self.neighbours(i);
        if opp_around > 0 {
            // Each distinct opponent chain around loses the liberty `i`. Branch-free: a
            // neighbour that is not an opponent stone (head 0 if empty or a wall, or an own
            // chain) is charged 0. `charged` holds the heads already charged, 0 elsewhere.
            let opp = Cell::stone(c.opponent());
            let mut charged = [0 as Idx; 4];
            for k in 0..4 {
                let n = nb[k];
                let h = self.head[at(n)];
                let fresh = (self.cells[at(n)] == opp)
                    & (h != charged[0])
                    & (h != charged[1])
                    & (h != charged[2]);
                let info = &mut self.chain[at(h)];
                info.libs -= fresh as u16;
                charged[k] = if fresh { h } else { 0 };
                dead[k] = if fresh & (info.libs == 0) { h } else { 0 };
            }
        }
        if own_around > 0 {
            // The own neighbours, packed to the front without branching (where the own
            // stones are is random, so branches on it are mispredicted half the time).
            let mut own_nb = [0 as Idx; 4];
            let mut m = 0;
            for n in nb {
                own_nb[m & 3] = n;
                m += (self.cells[at(n)] == own) as usize;
            }
            // The first own chain takes in the stone; any other one (it loses the liberty
            // `i`) then joins the result, unless it is the same chain. Heads are read as
            // they are now: a merge changes the head of the smaller chain's stones.
            self.join_new_stone(i, self.head[at(own_nb[0])]);
            for &n in &own_nb[1..own_around as usize] {
                let h = self.head[at(n)];
                let mine = self.head[iu];
                if h != mine {
                    self.chain[at(h)].libs -= 1;
                    self.merge(h, mine);
                }
            }
        }
        dead
    }

    /// Joins the stone just placed on `i` to the own chain with head `h` (the first own
    /// chain next to it): the chain loses the liberty `i` and gains those empty neighbours of
    /// `i` that were not its liberties. Not inlined: inlined into `place`, the compiler
    /// computes the neighbours' neighbours up front on every play, needed or not.
    #[inline(never)]
    fn join_new_stone(&mut self, i: Idx, h: Idx) {
        let mut new_libs = 0;
        for e in self.neighbours(i) {
            new_libs += self.new_liberty(e, h);
        }
        let info = &mut self.chain[at(h)];
        info.libs = info.libs - 1 + new_libs;
        info.stones += 1;
        let iu = at(i);
        self.head[iu] = h;
        self.next[iu] = self.next[at(h)];
        self.next[at(h)] = i;
    }

    /// Joins the chains with heads `a` and `b` (distinct, same colour, one of them holding
    /// the stone just placed); the larger head survives. The liberties the smaller chain
    /// brings are those of its empty neighbours not already liberties of the larger one,
    /// counted as its stones move over (after KataGo's `mergeChains`), so the count stays
    /// exact without a recount.
    fn merge(&mut self, a: Idx, b: Idx) {
        let (big, small) = if self.chain[at(a)].stones >= self.chain[at(b)].stones {
            (a, b)
        } else {
            (b, a)
        };
        let mut new_libs = 0;
        let mut s = small;
        loop {
            for e in self.neighbours(s) {
                // A liberty next to a stone already moved over was counted with it.
                new_libs += self.new_liberty(e, big);
            }
            self.head[at(s)] = big;
            s = self.next[at(s)];
            if s == small {
                break;
            }
        }
        let small_stones = self.chain[at(small)].stones;
        let big_info = &mut self.chain[at(big)];
        big_info.libs += new_libs;
        big_info.stones += small_stones;
        self.next.swap(at(big), at(small));
    }

    /// Removes the chain with head `h`; every point freed becomes a liberty of each
    /// distinct adjacent chain of the other colour. Returns the number of stones removed.
    fn remove_chain(&mut self, h: Idx, removed: &mut impl FnMut(Idx, Color)) -> u16 {
        let color = self.cells[at(h)].color().expect("chain head holds a stone");
        let other = Cell::stone(color.opponent());
        let count = self.chain[at(h)].stones;
        #[cfg(test)]
        work::count(u64::from(count));
        let mut s = h;
        loop {
            let su = at(s);
            self.cells[su] = Cell::Empty;
            self.head[su] = 0;
            self.hash ^= KEYS[su][color.index()];
            self.count_stone(s, color, false);
            removed(s, color);
            // The freed point is a new liberty of each distinct neighbouring chain of the
            // other colour (stones of this chain around it are being removed too).
            // Branch-free, as in `place`: other neighbours are credited 0.
            let mut seen = [0 as Idx; 4];
            let nb = self.neighbours(s);
            for k in 0..4 {
                let n = nb[k];
                let oh = self.head[at(n)];
                let fresh = (self.cells[at(n)] == other)
                    & (oh != seen[0])
                    & (oh != seen[1])
                    & (oh != seen[2]);
                self.chain[at(oh)].libs += fresh as u16;
                seen[k] = if fresh { oh } else { 0 };
            }
            s = self.next[su];
            if s == h {
                break;
            }
        }
        self.on_board[color.index()] -= count;
        count
    }

    /// Takes back a play of `c` on `i` that removed the stones on `removed`: the opponent's
    /// it captured, or, for a `suicide`, its own chain, `i` included. `ko` is the ko point
    /// before the play. The board is then exactly as it was before the play, hash and
    /// liberty counts included. The cost is what the play touched, the chain the stone
    /// joined and the stones it removed, never the whole board (after KataGo's undo).
    pub(crate) fn undo_play(
        &mut self,
        i: Idx,
        c: Color,
        removed: &[Idx],
        suicide: bool,
        ko: Option<Idx>,
    ) {
        if suicide {
            // The stone and the chains it joined went; they come back without it.
            for &s in removed.iter().filter(|&&s| s != i) {
                self.place(s, c);
            }
        } else {
            self.lift_stone(i);
            for &s in removed {
                self.place(s, c.opponent());
            }
        }
        self.ko = ko.unwrap_or(0);
    }

    /// Takes the stone on `i` off the board, splitting its chain where it held it together:
    /// the chain is lifted whole and its other stones put back one by one, each joining
    /// its neighbours as in a play, so that every count stays exact.
    fn lift_stone(&mut self, i: Idx) {
        let Some(color) = self.cells[at(i)].color() else {
            return;
        };
        let mut stones = Vec::with_capacity(self.chain_len(i) as usize);
        self.for_each_stone(i, |s| stones.push(s));
        self.remove_chain(self.head[at(i)], &mut |_, _| {});
        for s in stones.into_iter().filter(|&s| s != i) {
            self.place(s, color);
        }
    }

    /// A board with the given stones, checked: every point must be on the board and every
    /// chain must have a liberty. `stones` lists `(point, colour)`; a point given twice takes
    /// its first colour.
    pub fn from_stones(size: Size, stones: &[(Point, Color)]) -> Result<Board, SetupError> {
        let mut b = Board::new(size);
        for &(p, c) in stones {
            if !size.contains(p) {
                return Err(SetupError::OffBoard(p));
            }
            let i = b.idx(p);
            if b.cell(i) == Cell::Empty {
                b.place_unchecked(i, c);
            }
        }
        for i in b.indices().collect::<Vec<_>>() {
            if b.cell(i).color().is_some() && b.liberties(i) == 0 {
                return Err(SetupError::NoLiberty(b.point(i)));
            }
        }
        Ok(b)
    }

    /// Puts a stone without captures (setup): liberties are recounted for the chain formed.
    /// Nothing is checked: `i` must be an empty point of this board.
    pub fn place_unchecked(&mut self, i: Idx, c: Color) {
        self.place(i, c);
        // Neighbouring opponent chains already lost the liberty in `place`; the own chain
        // was counted there too. Nothing else changes: setup removes nothing.
        self.ko = 0;
    }

    /// The same position built afresh, stone by stone in the order of the points, with
    /// the same ko point. A board's chains keep their stones in the order they were
    /// played, so two boards of one position can list them differently; code whose
    /// choices follow that order reads the canonical board to answer the same for the
    /// same position, however it was reached (the estimator goes further and reads the
    /// least orientation, [`crate::symmetry::Symmetry::board`], which is built this way).
    pub fn canonical(&self) -> Board {
        let mut b = Board::new(self.size);
        for i in self.indices() {
            if let Some(c) = self.cell(i).color() {
                b.place(i, c);
            }
        }
        b.ko = self.ko;
        b
    }

    /// Removes the stone on `i` (setup `AE`): the chain through it is rebuilt.
    pub fn remove_stone(&mut self, i: Idx) {
        let stones: Vec<(Point, Color)> = self
            .indices()
            .filter(|&j| j != i)
            .filter_map(|j| self.cell(j).color().map(|c| (self.point(j), c)))
            .collect();
        let mut b = Board::new(self.size);
        for (p, c) in stones {
            let j = b.idx(p);
            b.place(j, c);
        }
        *self = b;
    }

    /// Parses a text board: one line per row, top row first; `X`/`x`/`B`/`#`/`@` black,
    /// `O`/`o`/`W` white, `.`/`+`/`-` empty; spaces are ignored. Every row must have the same
    /// width. Chains without liberty are refused.
    pub fn from_text(text: &str) -> Result<Board, String> {
        let rows: Vec<Vec<Option<Color>>> = text
            .lines()
            .map(|l| l.trim())
            .filter(|l| !l.is_empty())
            .enumerate()
            .map(|(y, l)| {
                l.chars()
                    .filter(|c| !c.is_whitespace())
                    .enumerate()
                    .map(|(x, ch)| match ch {
                        'X' | 'x' | 'B' | '#' | '@' => Ok(Some(Color::Black)),
                        'O' | 'o' | 'W' => Ok(Some(Color::White)),
                        '.' | '+' | '-' | ',' => Ok(None),
                        _ => Err(format!(
                            "row {}, column {}: unexpected character {ch:?}",
                            y + 1,
                            x + 1
                        )),
                    })
                    .collect::<Result<Vec<_>, String>>()
            })
            .collect::<Result<_, _>>()?;
        let height = rows.len();
        let width = rows.first().map_or(0, |r| r.len());
        if let Some((y, r)) = rows.iter().enumerate().find(|(_, r)| r.len() != width) {
            return Err(format!(
                "row {} has {} points, the first row has {width}",
                y + 1,
                r.len()
            ));
        }
        let size = Size::new(width.min(255) as u8, height.min(255) as u8)
            .ok_or_else(|| format!("board {width}x{height} is outside 1x1..25x25"))?;
        let stones: Vec<(Point, Color)> = rows
            .iter()
            .enumerate()
            .flat_map(|(y, r)| {
                r.iter()
                    .enumerate()
                    .filter_map(move |(x, c)| c.map(|c| (Point::new(x as u8, y as u8), c)))
            })
            .collect();
        Board::from_stones(size, &stones).map_err(|e| match e {
            SetupError::NoLiberty(p) => format!(
                "the chain at {} has no liberty",
                p.to_gtp(size).unwrap_or_default()
            ),
            other => other.to_string(),
        })
    }

    /// The text form: one row per line, top row first, `X`, `O`, `.` separated by spaces.
    pub fn to_text(&self) -> String {
        let mut s = String::new();
        for y in 0..self.size.height() {
            for x in 0..self.size.width() {
                if x > 0 {
                    s.push(' ');
                }
                s.push(match self.get(Point::new(x, y)) {
                    Some(c) => c.stone_char(),
                    None => '.',
                });
            }
            s.push('\n');
        }
        s
    }

    /// The text form with GTP coordinates around it (columns `A`.. without `I`, rows
    /// numbered from the bottom), star points as `+`, and `last` marked with parentheses.
    pub fn to_text_with_coordinates(&self, last: Option<Point>) -> String {
        let (w, h) = (self.size.width(), self.size.height());
        let letters: String = (0..w).map(|x| format!(" {}", column_letter(x))).collect();
        let mut s = format!("   {letters}\n");
        let stars = crate::handicap::star_points(self.size);
        for y in 0..h {
            let row = h - y;
            s.push_str(&format!("{row:>2} "));
            for x in 0..w {
                let p = Point::new(x, y);
                let left_of = x > 0 && last == Some(Point::new(x - 1, y));
                s.push(if last == Some(p) {
                    '('
                } else if left_of {
                    ')'
                } else {
                    ' '
                });
                s.push(match self.get(p) {
                    Some(c) => c.stone_char(),
                    None if stars.contains(&p) => '+',
                    None => '.',
                });
            }
            let closes = last == Some(Point::new(w - 1, y));
            s.push_str(&format!("{}{row}\n", if closes { ") " } else { "  " }));
        }
        s.push_str(&format!("   {letters}\n"));
        s
    }

    /// Checks every internal invariant against a recomputation from scratch: chain
    /// membership, stone and liberty counts, stone totals and the hash. For tests.
    pub fn check_invariants(&self) -> Result<(), String> {
        let mut hash = 0;
        let mut totals = [0u16; 2];
        for i in self.indices() {
            let Some(c) = self.cell(i).color() else {
                continue;
            };
            hash ^= KEYS[at(i)][c.index()];
            totals[c.index()] += 1;
            let h = self.head[at(i)];
            let p = self.point(i);
            let chain = self.flood_chain(i);
            if !chain.iter().all(|&s| self.head[at(s)] == h) {
                return Err(format!("chain at {p:?} has mixed heads"));
            }
            if !chain.contains(&h) {
                return Err(format!("chain at {p:?}: its head is not one of its stones"));
            }
            let info = self.chain[at(h)];
            if info.stones as usize != chain.len() {
                return Err(format!(
                    "chain at {p:?}: {} stones recorded, {} real",
                    info.stones,
                    chain.len()
                ));
            }
            let mut ring = Vec::new();
            let mut s = i;
            while ring.len() <= chain.len() {
                ring.push(s);
                s = self.next[at(s)];
                if s == i {
                    break;
                }
            }
            ring.sort_unstable();
            let mut sorted = chain.clone();
            sorted.sort_unstable();
            if ring != sorted {
                return Err(format!(
                    "chain at {p:?}: its ring of {} stones is not the chain of {}",
                    ring.len(),
                    chain.len()
                ));
            }
            let libs = self.chain_liberties(p).len();
            if info.libs as usize != libs {
                return Err(format!(
                    "chain at {p:?}: {} liberties recorded, {libs} real",
                    info.libs
                ));
            }
        }
        if let Some(i) = self
            .indices()
            .find(|&i| self.nbr[at(i)] != self.count_neighbours(i).0)
        {
            return Err(format!("neighbour counts of {:?} are wrong", self.point(i)));
        }
        if let Some(i) =
            (0..self.used).find(|&i| self.cells[i].color().is_none() && self.head[i] != 0)
        {
            return Err(format!(
                "index {i} holds no stone but has head {}",
                self.head[i]
            ));
        }
        if self.chain[0] != ChainInfo::default() {
            return Err("the record of head 0 (no chain) was written".into());
        }
        if hash != self.hash {
            return Err("hash differs from a fresh computation".into());
        }
        if totals != self.on_board {
            return Err("stone totals differ".into());
        }
        Ok(())
    }

    /// The chain through `i` found by flood fill (a slow reference for checks).
    fn flood_chain(&self, i: Idx) -> Vec<Idx> {
        let c = self.cell(i);
        let mut seen = vec![i];
        let mut k = 0;
        while k < seen.len() {
            for n in self.neighbours(seen[k]) {
                if self.cell(n) == c && !seen.contains(&n) {
                    seen.push(n);
                }
            }
            k += 1;
        }
        seen
    }
}

impl PartialEq for Board {
    /// Two boards are equal when they have the same size and the same stones.
    fn eq(&self, other: &Board) -> bool {
        self.size == other.size
            && self.hash == other.hash
            && self.indices().all(|i| self.cell(i) == other.cell(i))
    }
}

impl Eq for Board {}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board {}\n{}", self.size, self.to_text())
    }
}

impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_text_with_coordinates(None))
    }
}

/// The GTP column letter of column `x` (`A`.., skipping `I`).
pub fn column_letter(x: u8) -> char {
    b"ABCDEFGHJKLMNOPQRSTUVWXYZ"[x as usize] as char
}

/// How many stones the board has put down or taken off on this thread: the unit tests
/// measure the work an operation does with it (undo costs what the move cost).
#[cfg(test)]
pub(crate) mod work {
    use std::cell::Cell;

    thread_local! {
        static STONES: Cell<u64> = const { Cell::new(0) };
    }

    /// Adds `n` stones to the count.
    pub fn count(n: u64) {
        STONES.with(|s| s.set(s.get() + n));
    }

    /// The count so far.
    pub fn stones() -> u64 {
        STONES.with(|s| s.get())
    }
}
