//! Light random playouts on a [`Board`]: the inner loop of Monte-Carlo players, and the
//! speed benchmark of the board (`tengen bench`).
//!
//! A playout starts from a board and a player to move and plays uniformly random
//! *acceptable* moves until two passes in a row. It works on the bare [`Board`], not on a
//! [`Game`](tengen::Game), so it keeps no history beyond what its repetition rule needs.
//!
//! A play on the empty point `p` is **acceptable** for the player `c` when all of these hold:
//! - it is not suicide: after step 2 (captures) the new stone's chain has a liberty
//!   (docs/rules.md §2, `forbidden`);
//! - it does not fill an **own eye** of `c` (see [`is_own_eye`]): every on-board neighbour of
//!   `p` is a stone of `c`, and the diagonal neighbours of `p` hold fewer than two stones of
//!   the opponent (fewer than one if `p` is on the edge or in a corner);
//! - it obeys the repetition rule of the variant:
//!   - [`Playouts::light`]: **simple ko** (docs/rules.md §3, `simple`): it does not retake a ko
//!     at once, i.e. it does not capture exactly one stone on the point
//!     [`Board::ko_point`] names (a pass lifts the ban);
//!   - [`Playouts::superko`]: **positional superko** (docs/rules.md §3, `positional`): the
//!     position after the play is not one of the positions of this playout so far,
//!     starting with the position it started from. The Zobrist hashes of those positions
//!     are kept in an open-addressing set that a new playout clears by bumping a
//!     generation number (no reallocation, no sweep). A candidate whose hash (the board's
//!     hash updated for the stone and the captures) is in the set is refused only after
//!     the earlier position has been rebuilt from the playout's start and its plays and
//!     compared stone by stone with the candidate position, so the decision never rests on
//!     the hash alone. Hash matches are rare (a simple-ko retake is caught before, by the
//!     ko point), so rebuilding costs less than keeping a copy of every position.
//!
//! The simple-ko test also runs in the superko variant, as a quick exact filter: retaking
//! a ko at once recreates the position before the opponent's capture.
//!
//! A player with no acceptable play passes. The playout ends after two consecutive passes,
//! or, as a safety net, when it has made `3 × points` plays (reported in
//! [`Outcome::capped`]). The final position is [`Playouts::board`]; playouts are
//! reproducible from the seed given to [`Playouts::new`].
//!
//! Choosing a move: the empty points are kept in a list (updated as stones are played and
//! captured). A random index of the list is drawn among the candidates still untried; if the
//! point there is not acceptable, it is swapped to the end of the untried range and another
//! index is drawn. Each acceptable play is thus chosen with the same probability, and
//! nothing is allocated per move or per playout.

use crate::reading::liberties;
use tengen::board::{stone_key, Board, Cell, Idx, CELLS};
use tengen::color::Color;
use tengen::Rng;

/// Whether the empty point `i` is an own eye of `c`, which playouts do not fill: every
/// on-board neighbour holds a stone of `c`, and the diagonal neighbours hold fewer than two
/// opponent stones, or none at all when `i` is on the edge (a point with a wall neighbour).
#[inline]
pub fn is_own_eye(board: &Board, i: Idx, c: Color) -> bool {
    let counts = board.neighbour_counts(i);
    counts.of_or_wall(c) == 4 && diagonals_keep_eye(board, i, c, counts.walls() > 0)
}

/// The diagonal part of [`is_own_eye`]: fewer than two opponent stones on the diagonals of
/// `i`, or none if `i` is on the edge.
#[inline]
fn diagonals_keep_eye(board: &Board, i: Idx, c: Color, edge: bool) -> bool {
    let opp = Cell::stone(c.opponent());
    let s = board.stride() as Idx;
    let diagonal = [i - s - 1, i - s + 1, i + s - 1, i + s + 1];
    let bad: usize = diagonal
        .iter()
        .map(|&d| (board.cell(d) == opp) as usize)
        .sum();
    bad + (edge as usize) < 2
}

/// How a playout ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// Stones played (passes not counted).
    pub plays: u32,
    /// Passes made, including the two that end the playout.
    pub passes: u32,
    /// Whether the move cap stopped the playout before two consecutive passes.
    pub capped: bool,
    /// The player to move in the final position.
    pub to_move: Color,
}

/// The superko bookkeeping of one playout: an open-addressing set of the Zobrist hashes of
/// its positions, and its plays, from which any earlier position is rebuilt exactly when a
/// hash matches.
#[derive(Clone, Debug)]
struct SuperkoSet {
    /// One slot per `u64`: bits 0..32 the high half of the hash (the low bits chose the
    /// slot), bits 32..48 the position number `s` (the position after `s` plays), bits
    /// 48..64 the generation that wrote it. A slot is in use when its generation is the
    /// current one, so clearing the set for a new playout is one increment.
    slots: Vec<u64>,
    generation: u64,
    mask: usize,
    /// The plays of this playout in order.
    plays: Vec<(Idx, Color)>,
    /// Scratch boards for the exact comparison: an earlier position rebuilt from the start,
    /// and the candidate position.
    earlier: Board,
    candidate: Board,
}

const GENERATION_SHIFT: u32 = 48;

impl SuperkoSet {
    fn new() -> SuperkoSet {
        SuperkoSet {
            slots: Vec::new(),
            generation: 0,
            mask: 0,
            plays: Vec::new(),
            earlier: Board::new(tengen::point::Size::new(1, 1).unwrap_or(tengen::Size::NINE)),
            candidate: Board::new(tengen::point::Size::new(1, 1).unwrap_or(tengen::Size::NINE)),
        }
    }

    /// Starts a playout from `board`, whose playouts make at most `max_plays` plays.
    fn start(&mut self, board: &Board, max_plays: usize) {
        let positions = max_plays + 1;
        // At most half full, so that probes stay short.
        let capacity = (positions * 2).next_power_of_two();
        if self.slots.len() < capacity {
            self.slots = vec![0; capacity];
            self.generation = 0;
            self.plays.reserve(max_plays);
        }
        self.mask = self.slots.len() - 1;
        self.generation = (self.generation + 1) & 0xFFFF;
        if self.generation == 0 {
            // The 16-bit generation wrapped: clear the slots for real, once in 65535 playouts.
            self.slots.iter_mut().for_each(|s| *s = 0);
            self.generation = 1;
        }
        self.plays.clear();
        self.insert(board.hash(), 0);
    }

    /// Records the play just made; `hash` is the hash of the position it made.
    #[inline]
    fn record(&mut self, i: Idx, c: Color, hash: u64) {
        self.plays.push((i, c));
        self.insert(hash, self.plays.len());
    }

    #[inline]
    fn insert(&mut self, hash: u64, s: usize) {
        let mut k = hash as usize & self.mask;
        while self.slots[k] >> GENERATION_SHIFT == self.generation {
            k = (k + 1) & self.mask;
        }
        self.slots[k] = self.generation << GENERATION_SHIFT | (s as u64) << 32 | hash >> 32;
    }

    /// Whether a play of `c` on `i`, which would give the position the hash `hash`, would
    /// recreate a position of this playout (which started from `start`). A matching hash
    /// is only a candidate: the earlier position is rebuilt and compared stone by stone.
    #[inline]
    fn repeats(&mut self, start: &Board, board: &Board, i: Idx, c: Color, hash: u64) -> bool {
        let mut k = hash as usize & self.mask;
        loop {
            let slot = self.slots[k];
            if slot >> GENERATION_SHIFT != self.generation {
                return false;
            }
            if slot as u32 == (hash >> 32) as u32 {
                let s = (slot >> 32) as u16 as usize;
                if self.same(start, s, board, i, c) {
                    return true;
                }
            }
            k = (k + 1) & self.mask;
        }
    }

    /// Whether the position after `s` plays equals `board` after `c` plays on `i`.
    #[cold]
    #[inline(never)]
    fn same(&mut self, start: &Board, s: usize, board: &Board, i: Idx, c: Color) -> bool {
        self.candidate.clone_from(board);
        self.candidate.play_unchecked(i, c);
        self.earlier.clone_from(start);
        for &(p, color) in &self.plays[..s] {
            self.earlier.play_unchecked(p, color);
        }
        self.earlier == self.candidate
    }
}

/// The hash of the position after a play of `c` on the empty point `i` that is not suicide
/// (the stone stays; opponent chains whose last liberty is `i` go).
#[inline]
fn hash_after_play(b: &Board, i: Idx, c: Color) -> u64 {
    let h = b.hash() ^ stone_key(i, c);
    // The opponent chains in atari around `i`, packed to the front without branching
    // (whether a neighbour is one is a coin toss that a branch would often mispredict).
    // Walls and empty points have no liberties, so only stones can be in atari.
    let opp = Cell::stone(c.opponent());
    let mut atari = [0 as Idx; 4];
    let mut m = 0;
    for n in b.neighbours(i) {
        atari[m & 3] = b.chain_head(n);
        m += ((b.cell(n) == opp) & (b.liberties(n) == 1)) as usize;
    }
    if m == 0 {
        return h;
    }
    captured_hash(b, h, &atari[..m], c.opponent())
}

/// `h` with the stones of the chains with the given heads (of colour `opp`, possibly
/// repeated) taken off.
#[cold]
fn captured_hash(b: &Board, mut h: u64, heads: &[Idx], opp: Color) -> u64 {
    for (k, &head) in heads.iter().enumerate() {
        if !heads[..k].contains(&head) {
            b.for_each_stone(head, |s| h ^= stone_key(s, opp));
        }
    }
    h
}

/// Reusable state for playouts: the working board, the empty-point list, the random
/// generator and the superko set. Create one per thread and run many playouts with it.
#[derive(Clone, Debug)]
pub struct Playouts {
    pub(crate) board: Board,
    pub(crate) empties: [Idx; CELLS],
    pub(crate) n_empty: usize,
    pub(crate) rng: Rng,
    superko: SuperkoSet,
    /// For the last playout run by [`Playouts::light_amaf`]: who first played on each
    /// point (0 none, 1 Black, 2 White), by padded index.
    pub(crate) first: [u8; CELLS],
}

impl Playouts {
    /// Playout state with a seeded generator (the same seed replays the same playouts).
    pub fn new(seed: u64) -> Playouts {
        Playouts {
            board: Board::new(tengen::point::Size::new(1, 1).unwrap_or(tengen::Size::NINE)),
            empties: [0; CELLS],
            n_empty: 0,
            rng: Rng::new(seed),
            superko: SuperkoSet::new(),
            first: [0; CELLS],
        }
    }

    /// The board as the last playout left it.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// One light playout with simple ko from `start`, `to_move` to play.
    pub fn light(&mut self, start: &Board, to_move: Color) -> Outcome {
        self.run::<false, false>(start, to_move)
    }

    /// A light playout as [`Playouts::light`] that also notes who first played on each
    /// point ("all moves as first", for RAVE in Monte-Carlo tree search): see
    /// [`Playouts::first_mover`].
    pub fn light_amaf(&mut self, start: &Board, to_move: Color) -> Outcome {
        self.run::<false, true>(start, to_move)
    }

    /// Who first played on the padded index `i` in the last [`Playouts::light_amaf`].
    #[inline]
    pub fn first_mover(&self, i: Idx) -> Option<Color> {
        match self.first[i as usize % CELLS] {
            1 => Some(Color::Black),
            2 => Some(Color::White),
            _ => None,
        }
    }

    /// One playout with positional superko enforced exactly, from `start`, `to_move` to
    /// play. The positions compared are those of this playout, from `start` on.
    pub fn superko(&mut self, start: &Board, to_move: Color) -> Outcome {
        self.run::<true, false>(start, to_move)
    }

    /// The playout board from `start`, its ko point kept (the light and heavy playouts
    /// clear it; the guided ones keep the tree's ko), and its list of empty points.
    #[inline]
    pub(crate) fn set_up(&mut self, start: &Board) {
        self.board.clone_from(start);
        self.n_empty = 0;
        for i in start.indices() {
            if start.cell(i) == Cell::Empty {
                self.empties[self.n_empty] = i;
                self.n_empty += 1;
            }
        }
    }

    fn run<const PSK: bool, const AMAF: bool>(&mut self, start: &Board, to_move: Color) -> Outcome {
        if AMAF {
            self.first = [0; CELLS];
        }
        self.set_up(start);
        self.board.clear_ko();
        if PSK {
            let max_plays = 3 * start.size().points();
            self.superko.start(&self.board, max_plays);
        }
        self.play_out(
            start,
            to_move,
            0,
            |p, c, _, _: &()| p.choose::<PSK>(start, c),
            |p, i, c| {
                if PSK {
                    p.superko.record(i, c, p.board.hash());
                }
                if AMAF {
                    p.note_first(i, c);
                }
            },
            |_, _| {},
        )
    }

    /// Notes that `c` played on `i`, if no one played there before in this playout.
    #[inline]
    pub(crate) fn note_first(&mut self, i: Idx, c: Color) {
        if self.first[i as usize % CELLS] == 0 {
            self.first[i as usize % CELLS] = 1 + c.index() as u8;
        }
    }

    /// The playout loop every kind of playout shares, from the board set up: the players
    /// alternate, `choose(playouts, player, last play, captures)` picks a play (its index
    /// in the empty list) or passes (`None`), `played(playouts, point, player)` notes a
    /// play made; two passes in a row or the move cap end it. `last` is the opponent's
    /// play before the start (0 for none). What the last play captured is gathered in a
    /// fresh `S` by `captured(state, point)`, for a policy that looks at it (the light
    /// playouts use `()` and a no-op, which compile to nothing).
    #[inline(always)]
    pub(crate) fn play_out<S: Default>(
        &mut self,
        start: &Board,
        to_move: Color,
        mut last: Idx,
        mut choose: impl FnMut(&mut Playouts, Color, Idx, &S) -> Option<usize>,
        mut played: impl FnMut(&mut Playouts, Idx, Color),
        mut captured: impl FnMut(&mut S, Idx),
    ) -> Outcome {
        let max_plays = 3 * start.size().points();
        let (mut plays, mut passes) = (0u32, 0u32);
        let mut passes_in_row = 0;
        let mut c = to_move;
        let mut capped = false;
        let mut taken = S::default();
        while passes_in_row < 2 {
            if plays as usize >= max_plays {
                capped = true;
                break;
            }
            match choose(self, c, last, &taken) {
                Some(k) => {
                    let i = self.empties[k];
                    self.n_empty -= 1;
                    self.empties[k] = self.empties[self.n_empty];
                    taken = S::default();
                    let (empties, n_empty) = (&mut self.empties, &mut self.n_empty);
                    self.board.play_unchecked_with(i, c, |s, _| {
                        empties[*n_empty] = s;
                        *n_empty += 1;
                        captured(&mut taken, s);
                    });
                    played(self, i, c);
                    last = i;
                    plays += 1;
                    passes_in_row = 0;
                }
                None => {
                    self.board.clear_ko();
                    last = 0;
                    passes += 1;
                    passes_in_row += 1;
                }
            }
            c = c.opponent();
        }
        Outcome {
            plays,
            passes,
            capped,
            to_move: c,
        }
    }

    /// Picks a random acceptable play for `c`: its index in the empty list.
    #[inline]
    fn choose<const PSK: bool>(&mut self, start: &Board, c: Color) -> Option<usize> {
        let mut n = self.n_empty;
        while n > 0 {
            let k = self.rng.below(n as u32) as usize;
            let i = self.empties[k];
            if self.acceptable::<PSK>(start, i, c) {
                return Some(k);
            }
            n -= 1;
            self.empties.swap(k, n);
        }
        None
    }

    /// Whether a play of `c` on the empty point `i` is acceptable (module documentation).
    #[inline]
    fn acceptable<const PSK: bool>(&mut self, start: &Board, i: Idx, c: Color) -> bool {
        let b = &self.board;
        acceptable_light(b, i, c)
            && (!PSK
                || !self
                    .superko
                    .repeats(start, b, i, c, hash_after_play(b, i, c)))
    }
}

/// Whether a play of `c` on the empty point `i` is acceptable under simple ko (module
/// documentation).
#[inline]
pub(crate) fn acceptable_light(b: &Board, i: Idx, c: Color) -> bool {
    let counts = b.neighbour_counts(i);
    if counts.empty() > 0 {
        // Not an eye, not suicide, and not the ko point (whose neighbours are all
        // stones of the player who took the ko, or walls).
        return true;
    }
    if counts.of_or_wall(c) == 4 {
        // Surrounded by own stones: an eye unless the diagonals make it false; a false
        // eye may be filled if that leaves a liberty (nothing can be captured here).
        if diagonals_keep_eye(b, i, c, counts.walls() > 0) {
            return false;
        }
        // Walls have no liberties: see `Board::liberties`.
        return b.neighbours(i).iter().any(|&n| b.liberties(n) > 1);
    }
    // No empty neighbour, some opponent stones: legal if it captures or joins an own
    // chain that keeps a liberty. Walls have no liberties (see `Board::liberties`), so
    // every neighbour is looked at the same way, without branches.
    let own = Cell::stone(c);
    let opp = Cell::stone(c.opponent());
    let mut own_safe = false;
    let mut captures = false;
    for n in b.neighbours(i) {
        let cell = b.cell(n);
        let libs = b.liberties(n);
        own_safe |= (cell == own) & (libs > 1);
        captures |= (cell == opp) & (libs == 1);
    }
    if !(own_safe || captures) {
        return false; // suicide
    }
    // Simple ko (under PSK it would repeat the previous position too).
    !(b.ko_point() == Some(i) && b.capture_count(i, c) == 1)
}

/// The heavier playout policy of [`Playouts::heavy`], for judging a finished position
/// (the dead-stone estimator) rather than for speed.
impl Playouts {
    /// One playout with simple ko from `start`, `to_move` to play, whose players answer
    /// the last play tactically before playing at random:
    /// - capture the chain just played if it is in atari;
    /// - save an own chain next to the last play that it put in atari: capture an
    ///   opponent chain in atari next to it, or extend at its liberty if that leaves at
    ///   least two liberties;
    /// - otherwise a random acceptable play (as [`Playouts::light`]) that does not put an
    ///   own chain of two or more stones in atari (so seki is not broken at random, and
    ///   big chains are not thrown away), unless it captures.
    ///
    /// Slower than [`Playouts::light`]; kept apart so that the Monte-Carlo player's
    /// playouts stay light.
    pub fn heavy(&mut self, start: &Board, to_move: Color) -> Outcome {
        self.set_up(start);
        self.board.clear_ko();
        self.play_out(
            start,
            to_move,
            0,
            |p, c, last, _: &()| {
                let tactical = p
                    .answer(last, c)
                    .and_then(|i| p.empties[..p.n_empty].iter().position(|&e| e == i));
                tactical.or_else(|| p.choose_heavy(c))
            },
            |_, _, _| {},
            |_, _| {},
        )
    }

    /// The tactical answer of `c` to the opponent's play on `last` (0: none), if any.
    pub(crate) fn answer(&mut self, last: Idx, c: Color) -> Option<Idx> {
        let b = &self.board;
        let opp = Cell::stone(c.opponent());
        if last == 0 || b.cell(last) != opp {
            return None;
        }
        // Capture the stones just played, or a chain next to them left in atari.
        for n in std::iter::once(last).chain(b.neighbours(last)) {
            if b.cell(n) == opp && b.liberties(n) == 1 {
                let lib = liberties::<1>(b, n)[0];
                if acceptable_light(b, lib, c) {
                    return Some(lib);
                }
            }
        }
        let own = Cell::stone(c);
        for n in b.neighbours(last) {
            if b.cell(n) != own {
                continue;
            }
            match b.liberties(n) {
                1 => {
                    // Capture an opponent chain in atari next to the threatened chain.
                    let mut capture = 0;
                    b.for_each_stone(n, |s| {
                        for m in b.neighbours(s) {
                            if capture == 0 && b.cell(m) == opp && b.liberties(m) == 1 {
                                capture = m;
                            }
                        }
                    });
                    if capture != 0 {
                        let lib = liberties::<1>(b, capture)[0];
                        if acceptable_light(b, lib, c) {
                            return Some(lib);
                        }
                    }
                    // Extend.
                    let lib = liberties::<1>(b, n)[0];
                    if liberties_after(b, lib, c, 2) >= 2 {
                        return Some(lib);
                    }
                }
                2 => {
                    // Gain liberties (connect out) when the opponent takes one away.
                    let libs = liberties::<2>(b, n);
                    let best = libs
                        .iter()
                        .map(|&l| (liberties_after(b, l, c, 4), l))
                        .max()
                        .filter(|&(k, _)| k >= 3);
                    if let Some((_, l)) = best {
                        if acceptable_light(b, l, c) {
                            return Some(l);
                        }
                    }
                }
                _ => {}
            }
        }
        None
    }

    /// As [`Playouts::choose`] for the light playout, also refusing self-atari of a chain
    /// of two or more stones.
    fn choose_heavy(&mut self, c: Color) -> Option<usize> {
        let mut n = self.n_empty;
        while n > 0 {
            let k = self.rng.below(n as u32) as usize;
            let i = self.empties[k];
            if acceptable_light(&self.board, i, c) && !self_atari(&self.board, i, c) {
                return Some(k);
            }
            n -= 1;
            self.empties.swap(k, n);
        }
        None
    }
}

/// Whether a play of `c` on the empty point `i` leaves its chain of two or more stones
/// with a single liberty without capturing anything.
pub(crate) fn self_atari(b: &Board, i: Idx, c: Color) -> bool {
    let counts = b.neighbour_counts(i);
    if counts.empty() >= 2 || b.would_capture(i, c) {
        return false;
    }
    let own = Cell::stone(c);
    let joins = b.neighbours(i).iter().any(|&n| b.cell(n) == own);
    joins && liberties_after(b, i, c, 2) < 2
}

/// The liberties the chain of a stone of `c` on the empty point `i` would have (ignoring
/// captures), counted up to `cap`.
pub(crate) fn liberties_after(b: &Board, i: Idx, c: Color, cap: usize) -> usize {
    let own = Cell::stone(c);
    // A chain joined keeps all its liberties but `i`: one with more than `cap` settles it
    // without walking any chain (most calls, in a playout's self-atari check).
    if b.neighbours(i)
        .iter()
        .any(|&nb| b.cell(nb) == own && usize::from(b.liberties(nb)) > cap)
    {
        return cap;
    }
    let mut libs = [0 as Idx; 8];
    let mut n = 0;
    let add = |e: Idx, libs: &mut [Idx; 8], n: &mut usize| {
        if e != i && b.cell(e) == Cell::Empty && !libs[..*n].contains(&e) && *n < 8 {
            libs[*n] = e;
            *n += 1;
        }
    };
    for e in b.neighbours(i) {
        add(e, &mut libs, &mut n);
    }
    let mut heads = [0 as Idx; 4];
    let mut h = 0;
    for nb in b.neighbours(i) {
        if b.cell(nb) == own && !heads[..h].contains(&b.chain_head(nb)) {
            heads[h] = b.chain_head(nb);
            h += 1;
        }
    }
    for &head in &heads[..h] {
        if n >= cap {
            break;
        }
        b.any_stone(head, |s| {
            for e in b.neighbours(s) {
                add(e, &mut libs, &mut n);
            }
            n >= cap
        });
    }
    n.min(cap)
}

#[cfg(test)]
mod tests {
    use super::*;
    use tengen::point::Size;

    #[test]
    fn rng_is_deterministic_and_in_range() {
        let mut a = Rng::new(7);
        let mut b = Rng::new(7);
        for _ in 0..1000 {
            let x = a.below(361);
            assert_eq!(x, b.below(361));
            assert!(x < 361);
        }
    }

    /// `liberties_after` against a stone really put on a copy of the board (without
    /// captures), on every empty point of boards filled at random, for both colours and
    /// the caps its callers use: its shortcut for a chain with liberties to spare must not
    /// change a count.
    #[test]
    fn liberties_after_counts_as_a_stone_put_there() {
        let mut rng = Rng::new(11);
        for round in 0..40 {
            let mut b = Board::new(Size::square(9).unwrap());
            let points: Vec<Idx> = b.indices().collect();
            let mut c = Color::Black;
            for _ in 0..20 + round * 3 {
                let i = points[rng.index(points.len())];
                if b.cell(i) == Cell::Empty && b.suicide_count(i, c) == 0 {
                    b.play_unchecked(i, c);
                    c = c.opponent();
                }
            }
            for &i in points.iter().filter(|&&i| b.cell(i) == Cell::Empty) {
                for c in Color::BOTH {
                    let mut put = b.clone();
                    put.place_unchecked(i, c);
                    let libs = usize::from(put.liberties(i));
                    for cap in [2, 4] {
                        assert_eq!(liberties_after(&b, i, c, cap), libs.min(cap), "{b}");
                    }
                }
            }
        }
    }

    #[test]
    fn eyes() {
        let b = Board::from_text(
            ". X . X X
             X X X . X
             . X X X X
             X O . O .
             . X O . O",
        )
        .unwrap();
        let at = |x, y| b.idx(tengen::point::Point::new(x, y));
        assert!(is_own_eye(&b, at(0, 0), Color::Black)); // corner eye
        assert!(is_own_eye(&b, at(3, 1), Color::Black)); // centre eye
        assert!(is_own_eye(&b, at(2, 0), Color::Black)); // edge eye
        assert!(!is_own_eye(&b, at(0, 2), Color::Black)); // edge with an opponent diagonal
        assert!(is_own_eye(&b, at(3, 4), Color::White)); // edge eye of White
        assert!(!is_own_eye(&b, at(2, 3), Color::White)); // mixed neighbours
        assert!(!is_own_eye(&b, at(3, 1), Color::White));
        // In the centre, one opponent diagonal is allowed, two are not.
        let one =
            Board::from_text(". . . . .\n. O X . .\n. X . X .\n. . X . .\n. . . . .").unwrap();
        let two =
            Board::from_text(". . . . .\n. O X . .\n. X . X .\n. . X O .\n. . . . .").unwrap();
        let centre = one.idx(tengen::point::Point::new(2, 2));
        assert!(is_own_eye(&one, centre, Color::Black));
        assert!(!is_own_eye(&two, centre, Color::Black));
    }

    fn check_playouts(psk: bool) {
        let mut p = Playouts::new(42);
        for n in [1u8, 2, 3, 4, 5, 7, 9, 13, 19] {
            let start = Board::new(Size::square(n).unwrap());
            // Fewer playouts on the large boards: checking them is slow in debug builds.
            for _ in 0..if n >= 13 { 3 } else { 20 } {
                let out = if psk {
                    p.superko(&start, Color::Black)
                } else {
                    p.light(&start, Color::Black)
                };
                p.board().check_invariants().unwrap();
                assert!(out.plays as usize <= 3 * start.size().points());
                // No acceptable play is left for either player at the end.
                if !out.capped {
                    assert!(out.passes >= 2);
                    let b = &p.board;
                    for c in Color::BOTH {
                        for i in b.indices() {
                            if b.cell(i) == Cell::Empty && !is_own_eye(b, i, c) {
                                let suicide = b.suicide_count(i, c) > 0;
                                let repeats = psk
                                    && p.superko.repeats(&start, b, i, c, hash_after_play(b, i, c));
                                assert!(suicide || repeats, "{n}x{n}: {c} could still play\n{b:?}");
                            }
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn light_playouts_end_with_no_acceptable_play() {
        check_playouts(false);
    }

    #[test]
    fn superko_playouts_end_with_no_acceptable_play() {
        check_playouts(true);
    }

    #[test]
    fn empty_list_matches_board() {
        let mut p = Playouts::new(3);
        let start = Board::new(Size::square(9).unwrap());
        for _ in 0..50 {
            p.light(&start, Color::White);
            let mut listed: Vec<Idx> = p.empties[..p.n_empty].to_vec();
            listed.sort();
            let real: Vec<Idx> = p
                .board
                .indices()
                .filter(|&i| p.board.cell(i) == Cell::Empty)
                .collect();
            assert_eq!(listed, real);
        }
    }

    #[test]
    fn playouts_are_reproducible() {
        let start = Board::new(Size::square(9).unwrap());
        let mut a = Playouts::new(99);
        let mut b = Playouts::new(99);
        for _ in 0..10 {
            assert_eq!(
                a.superko(&start, Color::Black),
                b.superko(&start, Color::Black)
            );
            assert_eq!(a.board(), b.board());
        }
    }

    #[test]
    fn superko_playouts_never_repeat_a_position() {
        // Replay each playout from its plays and compare every position with every other.
        let mut p = Playouts::new(5);
        let mut refused = 0;
        for n in [2u8, 3, 4, 5] {
            let start = Board::new(Size::square(n).unwrap());
            for _ in 0..300 {
                let out = p.superko(&start, Color::Black);
                let mut b = start.clone();
                let mut seen = vec![b.to_text()];
                for &(i, c) in &p.superko.plays {
                    assert_eq!(b.cell(i), Cell::Empty);
                    b.play_unchecked(i, c);
                    seen.push(b.to_text());
                }
                assert_eq!(&b, p.board());
                let all = seen.len();
                seen.sort();
                seen.dedup();
                assert_eq!(seen.len(), all, "a position repeated in a superko playout");
                // The plays the rule refused at the end would each have repeated one.
                if out.capped {
                    continue;
                }
                for c in Color::BOTH {
                    for i in b.indices().filter(|&i| b.cell(i) == Cell::Empty) {
                        if b.suicide_count(i, c) == 0 && !is_own_eye(&b, i, c) {
                            let mut after = b.clone();
                            after.play_unchecked(i, c);
                            let text = after.to_text();
                            assert!(
                                seen.binary_search(&text).is_ok(),
                                "{c} could still play\n{b:?}"
                            );
                            assert_eq!(after.hash(), hash_after_play(&b, i, c));
                            refused += 1;
                        }
                    }
                }
            }
        }
        assert!(refused > 0, "no refusal was exercised");
    }

    #[test]
    fn a_hash_match_alone_refuses_nothing() {
        // Plant the candidate's hash as if it were the start position's: the exact
        // comparison must see that the positions differ.
        let start = Board::new(Size::square(3).unwrap());
        let mut sk = SuperkoSet::new();
        sk.start(&start, 27);
        let centre = start.idx(tengen::point::Point::new(1, 1));
        let h = hash_after_play(&start, centre, Color::Black);
        assert!(!sk.repeats(&start, &start, centre, Color::Black, h));
        sk.insert(h, 0);
        assert!(!sk.repeats(&start, &start, centre, Color::Black, h));
        // And a real repeat is refused: after Black's play, the start position again.
        let mut b = start.clone();
        b.play_unchecked(centre, Color::Black);
        sk.record(centre, Color::Black, b.hash());
        assert!(!sk.repeats(
            &start,
            &start,
            centre,
            Color::White,
            hash_after_play(&start, centre, Color::White)
        ));
        assert!(sk.repeats(&start, &start, centre, Color::Black, b.hash()));
    }

    #[test]
    fn hash_after_play_is_exact() {
        let mut p = Playouts::new(11);
        let start = Board::new(Size::square(7).unwrap());
        for _ in 0..30 {
            p.light(&start, Color::Black);
            let b = p.board().clone();
            for c in Color::BOTH {
                for i in b.indices().filter(|&i| b.cell(i) == Cell::Empty) {
                    if b.suicide_count(i, c) == 0 {
                        let mut after = b.clone();
                        after.play_unchecked(i, c);
                        assert_eq!(hash_after_play(&b, i, c), after.hash());
                    }
                }
            }
        }
    }
}
