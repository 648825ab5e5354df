//! The board: stones, chains with exact liberty counts, captures and Zobrist hashes
//! (RULES.md §1).
//!
//! Layout (after KataGo's board): a one-dimensional array with a wall around the points,
//! `index = (x + 1) + (y + 1) * (width + 1)`, so that the four neighbours of any point are
//! `index ± 1` and `index ± stride` with no bounds checks. Each chain is a circular list of its
//! stones (`next`) with one head (`head`) that holds the chain's stone and liberty counts.
//! Playing a stone never allocates.

use crate::color::Color;
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

/// What one play did to the board (RULES.md §1.5).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Played {
    /// Opponent stones removed by step 2 (the mover's prisoners).
    pub captured: u16,
    /// Own stones removed by step 3 (suicide; the opponent's prisoners).
    pub suicided: u16,
}

/// A Go board of any size from 1x1 to 25x25.
#[derive(Clone)]
pub struct Board {
    size: Size,
    stride: usize,
    cells: [Cell; CELLS],
    head: [Idx; CELLS],
    next: [Idx; CELLS],
    /// Liberty count, valid at a chain's head.
    libs: [u16; CELLS],
    /// Stone count, valid at a chain's head.
    stones: [u16; CELLS],
    /// Generation marks for liberty counting without clearing an array.
    mark: [u32; CELLS],
    mark_gen: u32,
    hash: u64,
    on_board: [u16; 2],
    /// The point where an immediate single-stone recapture would retake a ko, if the last
    /// play made one (0 if none). Used by fast simple-ko playouts.
    ko: Idx,
}

impl Board {
    /// An empty board.
    pub fn new(size: Size) -> Board {
        let stride = size.width as usize + 1;
        let mut b = Board {
            size,
            stride,
            cells: [Cell::Wall; CELLS],
            head: [0; CELLS],
            next: [0; CELLS],
            libs: [0; CELLS],
            stones: [0; CELLS],
            mark: [0; CELLS],
            mark_gen: 0,
            hash: 0,
            on_board: [0; 2],
            ko: 0,
        };
        for p in size.all_points() {
            let i = b.idx(p) as usize;
            b.cells[i] = Cell::Empty;
        }
        b
    }

    /// The board's size.
    #[inline]
    pub fn size(&self) -> Size {
        self.size
    }

    /// The padded index of a point.
    #[inline]
    pub fn idx(&self, p: Point) -> Idx {
        ((p.x as usize + 1) + (p.y as usize + 1) * self.stride) as Idx
    }

    /// The point of a padded index (which must be on the board).
    #[inline]
    pub fn point(&self, i: Idx) -> Point {
        let i = i as usize;
        Point::new((i % self.stride - 1) as u8, (i / self.stride - 1) as u8)
    }

    /// The four neighbour indices of `i` (some may be walls).
    #[inline]
    pub fn neighbours(&self, i: Idx) -> [Idx; 4] {
        let s = self.stride as Idx;
        [i - s, i - 1, i + 1, i + s]
    }

    /// Padded indices of every point, row by row from the top.
    pub fn indices(&self) -> impl Iterator<Item = Idx> + '_ {
        let (w, h, s) = (self.size.width as usize, self.size.height as usize, self.stride);
        (1..=h).flat_map(move |y| (1..=w).map(move |x| (x + y * s) as Idx))
    }

    /// The cell at a padded index.
    #[inline]
    pub fn cell(&self, i: Idx) -> Cell {
        self.cells[i as usize]
    }

    /// The colour of the stone on `p`, if any.
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

    /// The head of the chain through the stone at `i`.
    #[inline]
    pub fn chain_head(&self, i: Idx) -> Idx {
        self.head[i as usize]
    }

    /// Liberties of the chain through the stone at `i`.
    #[inline]
    pub fn liberties(&self, i: Idx) -> u16 {
        self.libs[self.head[i as usize] as usize]
    }

    /// Stones in the chain through the stone at `i`.
    #[inline]
    pub fn chain_len(&self, i: Idx) -> u16 {
        self.stones[self.head[i as usize] as usize]
    }

    /// Calls `f` on every stone of the chain through `i`.
    #[inline]
    pub fn for_each_stone(&self, i: Idx, mut f: impl FnMut(Idx)) {
        let mut s = i;
        loop {
            f(s);
            s = self.next[s as usize];
            if s == i {
                break;
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

    /// Forgets the ko point: a pass lifts the simple-ko ban (RULES.md §3).
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
            if self.cells[nb as usize] == c {
                let h = self.head[nb as usize];
                if !out[..n].contains(&h) {
                    out[n] = h;
                    n += 1;
                }
            }
        }
        (out, n)
    }

    /// Whether a stone of `c` on the empty point `i` would capture (RULES.md §1.5 step 2).
    #[inline]
    pub fn would_capture(&self, i: Idx, c: Color) -> bool {
        let opp = Cell::stone(c.opponent());
        self.neighbours(i)
            .iter()
            .any(|&n| self.cells[n as usize] == opp && self.libs[self.head[n as usize] as usize] == 1)
    }

    /// Number of opponent stones a stone of `c` on the empty point `i` would capture.
    pub fn capture_count(&self, i: Idx, c: Color) -> u16 {
        let (heads, n) = self.neighbour_chains(i, Cell::stone(c.opponent()));
        heads[..n]
            .iter()
            .filter(|&&h| self.libs[h as usize] == 1)
            .map(|&h| self.stones[h as usize])
            .sum()
    }

    /// Number of own stones step 3 would remove if `c` played on the empty point `i`
    /// (0 if the play is not suicide).
    pub fn suicide_count(&self, i: Idx, c: Color) -> u16 {
        let own = Cell::stone(c);
        let mut total = 1;
        for n in self.neighbours(i) {
            match self.cells[n as usize] {
                Cell::Empty => return 0,
                Cell::Wall => {}
                cell if cell == own => {
                    if self.libs[self.head[n as usize] as usize] > 1 {
                        return 0;
                    }
                }
                _ => {
                    if self.libs[self.head[n as usize] as usize] == 1 {
                        return 0; // captures, so it is not suicide
                    }
                }
            }
        }
        let (heads, k) = self.neighbour_chains(i, own);
        for &h in &heads[..k] {
            total += self.stones[h as usize];
        }
        total
    }

    /// The hash the position would have after `c` plays on the empty point `i`, computed
    /// without changing the board.
    pub fn hash_after(&self, i: Idx, c: Color) -> u64 {
        let mut h = self.hash ^ KEYS[i as usize][c.index()];
        let opp = c.opponent();
        let (heads, n) = self.neighbour_chains(i, Cell::stone(opp));
        let mut captured = false;
        for &head in &heads[..n] {
            if self.libs[head as usize] == 1 {
                captured = true;
                self.for_each_stone(head, |s| h ^= KEYS[s as usize][opp.index()]);
            }
        }
        if !captured && self.suicide_count(i, c) > 0 {
            // Step 3 removes the new stone and every own chain it joined.
            h ^= KEYS[i as usize][c.index()];
            let (own, k) = self.neighbour_chains(i, Cell::stone(c));
            for &head in &own[..k] {
                self.for_each_stone(head, |s| h ^= KEYS[s as usize][c.index()]);
            }
        }
        h
    }

    /// Plays a stone of `c` on the empty point `i`: place, capture, then remove own chains
    /// left without liberty (RULES.md §1.5). Legality is the caller's business.
    #[inline]
    pub fn play(&mut self, i: Idx, c: Color) -> Played {
        self.play_with(i, c, |_, _| {})
    }

    /// As [`Board::play`], calling `removed(index, colour)` for every stone removed.
    pub fn play_with(&mut self, i: Idx, c: Color, mut removed: impl FnMut(Idx, Color)) -> Played {
        debug_assert_eq!(self.cells[i as usize], Cell::Empty);
        self.place(i, c);
        let opp = c.opponent();
        let mut played = Played::default();
        let (heads, n) = self.neighbour_chains(i, Cell::stone(opp));
        let mut last_captured = 0;
        for &h in &heads[..n] {
            if self.libs[h as usize] == 0 {
                last_captured = h;
                played.captured += self.remove_chain(h, &mut removed);
            }
        }
        let own = self.head[i as usize];
        if self.libs[own as usize] == 0 {
            played.suicided = self.remove_chain(own, &mut removed);
        }
        self.ko = if played.captured == 1 && self.stones[own as usize] == 1 && self.libs[own as usize] == 1
        {
            last_captured
        } else {
            0
        };
        played
    }

    /// Puts a stone without capturing anything: for setup positions and handicap stones.
    /// The caller must ensure no chain is left without liberty (see [`Board::from_cells`]).
    fn place(&mut self, i: Idx, c: Color) {
        let iu = i as usize;
        let own = Cell::stone(c);
        self.cells[iu] = own;
        self.hash ^= KEYS[iu][c.index()];
        self.on_board[c.index()] += 1;
        self.head[iu] = i;
        self.next[iu] = i;
        self.stones[iu] = 1;
        let mut empty = 0;
        for n in self.neighbours(i) {
            if self.cells[n as usize] == Cell::Empty {
                empty += 1;
            }
        }
        self.libs[iu] = empty;
        // Every distinct adjacent chain loses the liberty `i`.
        let mut seen = [0 as Idx; 4];
        let mut k = 0;
        let mut merged = 0;
        for n in self.neighbours(i) {
            let cell = self.cells[n as usize];
            if cell != Cell::Black && cell != Cell::White {
                continue;
            }
            let h = self.head[n as usize];
            if seen[..k].contains(&h) {
                continue;
            }
            seen[k] = h;
            k += 1;
            self.libs[h as usize] -= 1;
            if cell == own {
                if merged == 0 {
                    // Joining one chain: it gains the new stone's liberties it lacked.
                    let libs = self.libs[h as usize] + self.new_liberties_of(i, h);
                    self.merge(h, i);
                    self.libs[self.head[iu] as usize] = libs;
                } else {
                    self.merge(h, self.head[iu]);
                }
                merged += 1;
            }
        }
        if merged > 1 {
            let h = self.head[iu];
            self.libs[h as usize] = self.count_liberties(h);
        }
    }

    /// Empty neighbours of `i` that are not already liberties of chain `h`.
    fn new_liberties_of(&self, i: Idx, h: Idx) -> u16 {
        let mut extra = 0;
        for e in self.neighbours(i) {
            if self.cells[e as usize] != Cell::Empty {
                continue;
            }
            let touches = self
                .neighbours(e)
                .iter()
                .any(|&m| m != i && self.cells[m as usize].color().is_some() && self.head[m as usize] == h);
            if !touches {
                extra += 1;
            }
        }
        extra
    }

    /// Joins chains `a` and `b` (heads); the larger head survives. Liberties of the result
    /// must be set by the caller.
    fn merge(&mut self, a: Idx, b: Idx) {
        if a == b {
            return;
        }
        let (big, small) = if self.stones[a as usize] >= self.stones[b as usize] { (a, b) } else { (b, a) };
        let mut s = small;
        loop {
            self.head[s as usize] = big;
            s = self.next[s as usize];
            if s == small {
                break;
            }
        }
        self.next.swap(big as usize, small as usize);
        self.stones[big as usize] += self.stones[small as usize];
    }

    /// Counts the distinct liberties of chain `h` from scratch.
    fn count_liberties(&mut self, h: Idx) -> u16 {
        self.mark_gen = self.mark_gen.wrapping_add(1);
        if self.mark_gen == 0 {
            self.mark = [0; CELLS];
            self.mark_gen = 1;
        }
        let gen = self.mark_gen;
        let mut count = 0;
        let mut s = h;
        loop {
            for n in self.neighbours(s) {
                let nu = n as usize;
                if self.cells[nu] == Cell::Empty && self.mark[nu] != gen {
                    self.mark[nu] = gen;
                    count += 1;
                }
            }
            s = self.next[s as usize];
            if s == h {
                break;
            }
        }
        count
    }

    /// Removes the chain with head `h`; every point freed becomes a liberty of each
    /// distinct adjacent chain. Returns the number of stones removed.
    fn remove_chain(&mut self, h: Idx, removed: &mut impl FnMut(Idx, Color)) -> u16 {
        let color = self.cells[h as usize].color().expect("chain head holds a stone");
        let other = Cell::stone(color.opponent());
        let count = self.stones[h as usize];
        let mut s = h;
        loop {
            let su = s as usize;
            let nxt = self.next[su];
            self.cells[su] = Cell::Empty;
            self.hash ^= KEYS[su][color.index()];
            removed(s, color);
            s = nxt;
            if s == h {
                break;
            }
        }
        self.on_board[color.index()] -= count;
        // Second pass, once every stone is gone: credit the liberties.
        let mut s = h;
        loop {
            let (heads, n) = self.neighbour_chains(s, other);
            for &oh in &heads[..n] {
                self.libs[oh as usize] += 1;
            }
            s = self.next[s as usize];
            if s == h {
                break;
            }
        }
        count
    }

    /// A board with the given stones, checked: every chain must have a liberty.
    /// `stones` lists `(point, colour)`; returns the first point of a chain without liberty
    /// as the error.
    pub fn from_stones(size: Size, stones: &[(Point, Color)]) -> Result<Board, Point> {
        let mut b = Board::new(size);
        for &(p, c) in stones {
            let i = b.idx(p);
            if b.cell(i) == Cell::Empty {
                b.place_unchecked(i, c);
            }
        }
        for i in b.indices().collect::<Vec<_>>() {
            if b.cell(i).color().is_some() && b.liberties(i) == 0 {
                return Err(b.point(i));
            }
        }
        Ok(b)
    }

    /// Puts a stone without captures (setup): liberties are recounted for the chain formed.
    pub fn place_unchecked(&mut self, i: Idx, c: Color) {
        self.place(i, c);
        // Neighbouring opponent chains already lost the liberty in `place`; the own chain
        // was counted there too. Nothing else changes: setup removes nothing.
        self.ko = 0;
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
                        _ => Err(format!("row {}, column {}: unexpected character {ch:?}", y + 1, x + 1)),
                    })
                    .collect::<Result<Vec<_>, String>>()
            })
            .collect::<Result<_, _>>()?;
        let height = rows.len();
        let width = rows.first().map_or(0, |r| r.len());
        if let Some((y, r)) = rows.iter().enumerate().find(|(_, r)| r.len() != width) {
            return Err(format!("row {} has {} points, the first row has {width}", y + 1, r.len()));
        }
        let size = Size::new(width.min(255) as u8, height.min(255) as u8)
            .ok_or_else(|| format!("board {width}x{height} is outside 1x1..25x25"))?;
        let stones: Vec<(Point, Color)> = rows
            .iter()
            .enumerate()
            .flat_map(|(y, r)| r.iter().enumerate().filter_map(move |(x, c)| c.map(|c| (Point::new(x as u8, y as u8), c))))
            .collect();
        Board::from_stones(size, &stones)
            .map_err(|p| format!("the chain at {} has no liberty", p.to_gtp(size)))
    }

    /// The text form: one row per line, top row first, `X`, `O`, `.` separated by spaces.
    pub fn to_text(&self) -> String {
        let mut s = String::new();
        for y in 0..self.size.height {
            for x in 0..self.size.width {
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
        let (w, h) = (self.size.width, self.size.height);
        let letters: String = (0..w).map(|x| format!(" {}", column_letter(x))).collect();
        let mut s = format!("   {letters}\n");
        let stars = crate::handicap::star_points(self.size);
        for y in 0..h {
            let row = h - y;
            s.push_str(&format!("{row:>2} "));
            for x in 0..w {
                let p = Point::new(x, y);
                let left_of = x > 0 && last == Some(Point::new(x - 1, y));
                s.push(if last == Some(p) { '(' } else if left_of { ')' } else { ' ' });
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
            let Some(c) = self.cell(i).color() else { continue };
            hash ^= KEYS[i as usize][c.index()];
            totals[c.index()] += 1;
            let h = self.head[i as usize];
            let p = self.point(i);
            let chain = self.flood_chain(i);
            if !chain.iter().all(|&s| self.head[s as usize] == h) {
                return Err(format!("chain at {p:?} has mixed heads"));
            }
            if self.stones[h as usize] as usize != chain.len() {
                return Err(format!("chain at {p:?}: {} stones recorded, {} real", self.stones[h as usize], chain.len()));
            }
            let mut ring = 0;
            self.for_each_stone(i, |_| ring += 1);
            if ring != chain.len() {
                return Err(format!("chain at {p:?}: ring of {ring}, chain of {}", chain.len()));
            }
            let libs = self.chain_liberties(p).len();
            if self.libs[h as usize] as usize != libs {
                return Err(format!("chain at {p:?}: {} liberties recorded, {libs} real", self.libs[h as usize]));
            }
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
        self.size == other.size && self.hash == other.hash && self.indices().all(|i| self.cell(i) == other.cell(i))
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
