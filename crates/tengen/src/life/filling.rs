//! Unconditional territory of one colour by *filling* (the method of GNU Go's
//! `unconditional_life`, restated here): the opponent, moving again and again while the
//! owner passes, captures every chain of the owner she can; the chains left are
//! uncapturable. She then plays every liberty of them she legally can, extends her chains
//! in atari, breaks her two-point eyes into one-point ones; whatever she still cannot keep
//! from capture (her chains in atari, with their last liberty) and the liberties of the
//! uncapturable chains are the owner's unconditional territory.
//!
//! One kind of seki needs care: an opponent group whose one eye holds an isolated
//! two-stone chain of the owner can live in seki (capturing the two stones would leave her
//! a two-point eye). Such two-stone chains are never attacked in the first step, and where
//! the shape allows that seki the owner extends the chain to three stones, which the
//! opponent can capture for an eye space of three, before the opponent fills.
//!
//! Moves are played with suicide forbidden and a simple ko ban (the ban on retaking at once
//! a ko that a filling move took; the position's own ko ban is left out, as it lasts one
//! move and the opponent's moves are unlimited). The order in which points and liberties
//! are taken matters only in rare shapes, and is the board's row-by-row order, with each
//! chain's liberties found stone by stone (south, west, north, east of each).

use crate::color::Color;
use crate::grid::Grid;

/// What a point of the board holds, the outside included.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Cell {
    /// An empty point.
    Empty,
    /// A stone.
    Stone(Color),
    /// Beyond the edge.
    Off,
}

/// The four directions as (dx, dy), in the order south, west, north, east, then the four
/// diagonals south-west, north-west, north-east, south-east (`y` grows southwards).
const DIRECTIONS: [(i32, i32); 8] = [
    (0, 1),
    (-1, 0),
    (0, -1),
    (1, 0),
    (-1, 1),
    (-1, -1),
    (1, -1),
    (1, 1),
];

/// A point as signed coordinates, so that steps off the board can be named.
type Xy = (i32, i32);

/// A chain of the board being filled: its stones in row order (the first is its
/// *origin*), and its liberties found stone by stone, south, west, north, east of each.
#[derive(Debug)]
struct Chain {
    stones: Vec<Xy>,
    liberties: Vec<Xy>,
}

impl Clone for Chain {
    fn clone(&self) -> Chain {
        Chain {
            stones: self.stones.clone(),
            liberties: self.liberties.clone(),
        }
    }

    /// Into the vectors already there: the filling copies its board before every try.
    fn clone_from(&mut self, source: &Chain) {
        self.stones.clone_from(&source.stones);
        self.liberties.clone_from(&source.liberties);
    }
}

/// A board on which the filling is played: the points, the ko ban, and its chains (kept
/// up to date after every change).
struct Sim {
    width: i32,
    height: i32,
    cells: Vec<Option<Color>>,
    /// The point where a play would retake a ko at once, if any.
    ko: Option<Xy>,
    /// For each point, the number of the chain on it (`usize::MAX` if empty).
    chain_at: Vec<usize>,
    chains: Vec<Chain>,
}

impl Clone for Sim {
    fn clone(&self) -> Sim {
        Sim {
            width: self.width,
            height: self.height,
            cells: self.cells.clone(),
            ko: self.ko,
            chain_at: self.chain_at.clone(),
            chains: self.chains.clone(),
        }
    }

    /// Into the vectors already there (see [`Chain::clone_from`]): a try is undone by
    /// swapping back to a copy made this way, without allocating.
    fn clone_from(&mut self, source: &Sim) {
        self.width = source.width;
        self.height = source.height;
        self.cells.clone_from(&source.cells);
        self.ko = source.ko;
        self.chain_at.clone_from(&source.chain_at);
        self.chains.clone_from(&source.chains);
    }
}

impl Sim {
    fn new(grid: &Grid) -> Sim {
        let mut sim = Sim {
            width: grid.size().width() as i32,
            height: grid.size().height() as i32,
            cells: grid.cells().to_vec(),
            ko: None,
            chain_at: Vec::new(),
            chains: Vec::new(),
        };
        sim.find_chains();
        sim
    }

    /// Finds every chain and its liberties anew.
    fn find_chains(&mut self) {
        self.chain_at = vec![usize::MAX; self.cells.len()];
        self.chains.clear();
        for p in self.points() {
            if !self.empty(p) && self.chain_at[self.k(p)] == usize::MAX {
                self.build_chain(p);
            }
        }
    }

    /// Finds the chain through the stone `p` and its liberties anew, as a new chain
    /// number: its stones in row order, its liberties stone by stone (south, west, north,
    /// east of each), whatever the order of the plays that made it.
    fn build_chain(&mut self, p: Xy) {
        let Cell::Stone(c) = self.at(p) else { return };
        let number = self.chains.len();
        let kp = self.k(p);
        self.chain_at[kp] = number;
        let mut stones = vec![p];
        let mut i = 0;
        while i < stones.len() {
            for n in self.neighbours(stones[i]) {
                let kn = self.k(n);
                if self.is(n, c) && self.chain_at[kn] != number {
                    self.chain_at[kn] = number;
                    stones.push(n);
                }
            }
            i += 1;
        }
        stones.sort_by_key(|&(x, y)| (y, x));
        let mut liberties = Vec::new();
        for &s in &stones {
            for n in self.neighbours(s) {
                if self.empty(n) && !liberties.contains(&n) {
                    liberties.push(n);
                }
            }
        }
        self.chains.push(Chain { stones, liberties });
    }

    /// Brings the chains up to date after a stone was put on `p` and the `captured`
    /// stones taken off: only the chains next to those points changed. The chains left
    /// behind are dropped, all at once, when they outnumber the points.
    fn update_chains(&mut self, p: Xy, captured: &[Xy]) {
        if self.chains.len() > self.cells.len() {
            self.find_chains();
            return;
        }
        for &s in captured {
            let ks = self.k(s);
            self.chain_at[ks] = usize::MAX;
        }
        let first_new = self.chains.len();
        let mut seeds = vec![p];
        seeds.extend(self.neighbours(p));
        for &s in captured {
            seeds.extend(self.neighbours(s));
        }
        for q in seeds {
            // A stone not yet in a chain of this update (the new one has none yet).
            let number = self.chain_at[self.k(q)];
            if !self.empty(q) && (number < first_new || number == usize::MAX) {
                self.build_chain(q);
            }
        }
    }

    fn on_board(&self, (x, y): Xy) -> bool {
        x >= 0 && y >= 0 && x < self.width && y < self.height
    }

    fn k(&self, (x, y): Xy) -> usize {
        (y * self.width + x) as usize
    }

    fn at(&self, p: Xy) -> Cell {
        if !self.on_board(p) {
            return Cell::Off;
        }
        match self.cells[self.k(p)] {
            Some(c) => Cell::Stone(c),
            None => Cell::Empty,
        }
    }

    fn is(&self, p: Xy, c: Color) -> bool {
        self.at(p) == Cell::Stone(c)
    }

    fn empty(&self, p: Xy) -> bool {
        self.at(p) == Cell::Empty
    }

    /// Every point, row by row from the top-left.
    fn points(&self) -> Vec<Xy> {
        (0..self.height)
            .flat_map(|y| (0..self.width).map(move |x| (x, y)))
            .collect()
    }

    /// The on-board orthogonal neighbours of `p`, south, west, north, east.
    fn neighbours(&self, (x, y): Xy) -> impl Iterator<Item = Xy> + use<> {
        let (width, height) = (self.width, self.height);
        DIRECTIONS[..4]
            .iter()
            .map(move |&(dx, dy)| (x + dx, y + dy))
            .filter(move |&(x, y)| x >= 0 && y >= 0 && x < width && y < height)
    }

    /// The chain on the stone `p`.
    fn chain_of(&self, p: Xy) -> &Chain {
        &self.chains[self.chain_at[self.k(p)]]
    }

    /// The stones of the chain through the stone `p`, its origin first.
    fn chain(&self, p: Xy) -> &[Xy] {
        &self.chain_of(p).stones
    }

    /// The first point of the chain through the stone `p` in row order (its *origin*).
    fn origin(&self, p: Xy) -> Xy {
        self.chain(p)[0]
    }

    /// The liberties of the chain through the stone `p` (a copy, to play on them).
    fn liberties(&self, p: Xy) -> Vec<Xy> {
        self.chain_of(p).liberties.clone()
    }

    /// The number of liberties of the chain through the stone `p`.
    fn liberty_count(&self, p: Xy) -> usize {
        self.chain_of(p).liberties.len()
    }

    /// Whether a stone of `c` on the empty point `p` would be suicide: no empty neighbour,
    /// no neighbour chain of hers with a second liberty, no opposing one in atari.
    fn is_suicide(&self, p: Xy, c: Color) -> bool {
        !self.neighbours(p).into_iter().any(|n| match self.at(n) {
            Cell::Empty => true,
            Cell::Stone(s) if s == c => self.liberty_count(n) > 1,
            Cell::Stone(_) => self.liberty_count(n) == 1,
            Cell::Off => false,
        })
    }

    /// Plays `c` on `p` if legal (empty, no suicide, and unless `ignore_ko`, not the point
    /// of a ko just taken by the opponent); says whether it was played.
    fn play(&mut self, p: Xy, c: Color, ignore_ko: bool) -> bool {
        if !self.empty(p) || self.is_suicide(p, c) {
            return false;
        }
        // The ko point is surrounded by the taker's stones: the ban is on the other
        // colour (filling one's own ko is always allowed).
        let taken_by_other = [-1, 1]
            .iter()
            .any(|&dx| self.is((p.0 + dx, p.1), c.opponent()));
        if !ignore_ko && self.ko == Some(p) && taken_by_other {
            return false;
        }
        let mut captured: Vec<Xy> = Vec::new();
        for n in self.neighbours(p) {
            if self.is(n, c.opponent()) && self.chain_of(n).liberties == [p] {
                for &s in self.chain(n) {
                    if !captured.contains(&s) {
                        captured.push(s);
                    }
                }
            }
        }
        let alone = !self.neighbours(p).into_iter().any(|n| self.is(n, c));
        let k = self.k(p);
        self.cells[k] = Some(c);
        for s in &captured {
            let ks = self.k(*s);
            self.cells[ks] = None;
        }
        self.update_chains(p, &captured);
        // A ko: one stone captured by a lone stone left with that one liberty.
        let libs = &self.chain_of(p).liberties;
        self.ko = (captured.len() == 1 && alone && libs.len() == 1).then(|| libs[0]);
        true
    }

    /// The liberties a stone of `c` on the empty point `p` would have, captures ignored;
    /// counted to at most four when three or more of her chains meet there (the count
    /// only matters up to that).
    fn liberties_after(&self, p: Xy, c: Color) -> usize {
        let mut libs: Vec<Xy> = Vec::new();
        let mut allies: Vec<usize> = Vec::new();
        for n in self.neighbours(p) {
            match self.at(n) {
                Cell::Empty => libs.push(n),
                Cell::Stone(s) if s == c => {
                    allies.push(self.chain_at[self.k(n)]);
                    libs.extend(self.chain_of(n).liberties.iter().copied());
                }
                _ => {}
            }
        }
        libs.retain(|&q| q != p);
        libs.sort();
        libs.dedup();
        allies.sort();
        allies.dedup();
        if allies.len() >= 3 {
            libs.len().min(4)
        } else {
            libs.len()
        }
    }
}

/// The owner's two-stone chains that could be the inside of a seki: no other stone of hers
/// on the eight points around either stone, and none of those points off the board.
fn potential_seki(sim: &Sim, owner: Color) -> Vec<bool> {
    let mut out = vec![false; sim.cells.len()];
    for p in sim.points() {
        if !sim.is(p, owner) || sim.origin(p) != p {
            continue;
        }
        let stones = sim.chain(p).to_vec();
        if stones.len() != 2 {
            continue;
        }
        let isolated = stones.iter().all(|&(x, y)| {
            DIRECTIONS.iter().all(|&(dx, dy)| {
                let q = (x + dx, y + dy);
                sim.on_board(q) && (!sim.is(q, owner) || stones.contains(&q))
            })
        });
        if isolated {
            for &s in &stones {
                out[sim.k(s)] = true;
            }
        }
    }
    out
}

/// The opponent captures every chain of `owner` she can, chain after chain, except those
/// marked in `spared`: on each she plays every liberty she legally can, and keeps the
/// moves if the chain is captured or left in atari (then she takes its last liberty, a
/// ko ban aside); else they are taken back. Says whether any chain was left unspared.
fn capture_what_can_be(sim: &mut Sim, owner: Color, spared: &[bool]) -> bool {
    let other = owner.opponent();
    let mut before = sim.clone();
    loop {
        let mut captured = false;
        let mut found = false;
        for p in sim.points() {
            if !sim.is(p, owner) || sim.origin(p) != p || spared[sim.k(p)] {
                continue;
            }
            found = true;
            before.clone_from(sim);
            for lib in sim.liberties(p) {
                sim.play(lib, other, false);
            }
            if sim.empty(p) {
                captured = true;
            } else if let [last] = sim.liberties(p)[..] {
                sim.play(last, other, true);
                captured = true;
            } else {
                std::mem::swap(sim, &mut before);
            }
        }
        if !captured {
            return found;
        }
    }
}

/// Plays the opponent on every liberty of the owner's chains not in `spared`, where legal.
fn fill_liberties(sim: &mut Sim, owner: Color, spared: &[bool]) {
    for p in sim.points() {
        if sim.is(p, owner) && !spared[sim.k(p)] && sim.origin(p) == p {
            for lib in sim.liberties(p) {
                sim.play(lib, owner.opponent(), false);
            }
        }
    }
}

/// Extends the opponent's chains in atari, again and again, where legal.
fn extend_ataris(sim: &mut Sim, owner: Color) {
    let other = owner.opponent();
    loop {
        let mut extended = false;
        for p in sim.points() {
            if !sim.is(p, other) {
                continue;
            }
            if sim.liberty_count(p) == 1 {
                let lib = sim.liberties(p)[0];
                extended |= sim.play(lib, other, false);
            }
        }
        if !extended {
            return;
        }
    }
}

/// Where a spared two-stone chain sits in the eye shape of the seki described in the
/// module notes (a straight pair, empty beyond both ends, the two points beside it on one
/// side empty, and the opponent's stones on the two points diagonally across the pair
/// able to be one chain), the owner adds a third stone at the near end.
fn break_sekis(sim: &mut Sim, owner: Color, spared: &[bool]) {
    let other = owner.opponent();
    let add = |a: Xy, b: (i32, i32)| (a.0 + b.0, a.1 + b.1);
    let neg = |b: (i32, i32)| (-b.0, -b.1);
    let mut before = sim.clone();
    for p in sim.points() {
        if !spared[sim.k(p)] || sim.empty(p) || sim.origin(p) != p {
            continue;
        }
        for r in 0..4 {
            let up = DIRECTIONS[r];
            let mut right = DIRECTIONS[(r + 1) % 4];
            if !sim.is(add(p, up), owner)
                || !sim.empty(add(add(p, up), up))
                || !sim.empty(add(p, neg(up)))
            {
                continue;
            }
            for k in 0..2 {
                if k == 1 {
                    right = neg(right);
                }
                if !sim.empty(add(p, right)) || !sim.empty(add(add(p, up), neg(right))) {
                    continue;
                }
                before.clone_from(sim);
                let (a, b) = (add(p, neg(right)), add(add(p, up), right));
                if sim.empty(a) {
                    sim.play(a, other, false);
                }
                if sim.empty(b) {
                    sim.play(b, other, false);
                }
                let one_chain = sim.is(a, other) && sim.is(b, other) && sim.chain(a).contains(&b);
                std::mem::swap(sim, &mut before);
                if one_chain {
                    sim.play(add(p, neg(up)), owner, false);
                    break;
                }
            }
            if sim.chain(p).len() > 2 {
                break;
            }
        }
    }
}

/// Plays the opponent on every liberty of the spared chains (and of whatever now stands on
/// their points), where legal.
fn fill_spared(sim: &mut Sim, spared: &[bool], other: Color) {
    for p in sim.points() {
        if spared[sim.k(p)] && !sim.empty(p) {
            for lib in sim.liberties(p) {
                sim.play(lib, other, false);
            }
        }
    }
}

/// Where an opponent chain has exactly two liberties, next to each other (a two-point
/// eye), she plays one of them: the one leaving more liberties to an owner's stone there,
/// then more to hers.
fn split_two_point_eyes(sim: &mut Sim, owner: Color) {
    let other = owner.opponent();
    for p in sim.points() {
        if !sim.is(p, other) {
            continue;
        }
        let [a, b] = sim.liberties(p)[..] else {
            continue;
        };
        if (a.0 - b.0).abs() + (a.1 - b.1).abs() != 1 {
            continue;
        }
        let (a_open, b_open) = (sim.liberties_after(a, owner), sim.liberties_after(b, owner));
        let (a_libs, b_libs) = (sim.liberties_after(a, other), sim.liberties_after(b, other));
        if a_open > b_open || (a_open == b_open && a_libs >= b_libs) {
            sim.play(a, other, false);
        } else {
            sim.play(b, other, false);
        }
    }
}

/// What the filling finds for `owner` on one point (of the board as filled).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Mark {
    /// Nothing.
    None,
    /// A stone of an uncapturable chain.
    Alive,
    /// Unconditional territory: a liberty of an uncapturable chain, or an opponent stone
    /// in atari or its last liberty.
    Territory,
}

/// The marks of `owner`'s filling on every point of `grid` (row by row).
pub(super) fn fill(grid: &Grid, owner: Color) -> Vec<Mark> {
    let mut sim = Sim::new(grid);
    let other = owner.opponent();
    let mut marks = vec![Mark::None; sim.cells.len()];
    let spared = potential_seki(&sim, owner);
    if !capture_what_can_be(&mut sim, owner, &spared) {
        return marks;
    }
    fill_liberties(&mut sim, owner, &spared);
    extend_ataris(&mut sim, owner);
    break_sekis(&mut sim, owner, &spared);
    fill_spared(&mut sim, &spared, other);
    split_two_point_eyes(&mut sim, owner);
    for p in sim.points() {
        let k = sim.k(p);
        if sim.is(p, owner) && !spared[k] {
            marks[k] = Mark::Alive;
            if sim.origin(p) == p {
                for lib in sim.liberties(p) {
                    marks[sim.k(lib)] = Mark::Territory;
                }
            }
        } else if sim.is(p, other) {
            if let [lib] = sim.liberties(p)[..] {
                marks[k] = Mark::Territory;
                marks[sim.k(lib)] = Mark::Territory;
            }
        }
    }
    marks
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::point::Size;

    /// Every chain of `sim`, as its stones and liberties in their canonical order.
    fn chains_of(sim: &Sim) -> Vec<(Vec<Xy>, Vec<Xy>)> {
        let mut out = Vec::new();
        for p in sim.points() {
            if !sim.empty(p) && sim.origin(p) == p {
                let chain = sim.chain_of(p);
                out.push((chain.stones.clone(), chain.liberties.clone()));
            }
        }
        out
    }

    #[test]
    fn chains_kept_up_to_date_play_by_play_are_the_chains_found_anew() {
        // The filling updates only the chains next to a play and its captures; the
        // stones' and liberties' order must still be the canonical one, which the
        // filling's choices follow (GNU Go's order). Random plays on a 7x7 board, with
        // many captures, checked after each against a board rebuilt from its cells.
        let grid = Grid::from_board(&Board::new(Size::square(7).unwrap()));
        let mut sim = Sim::new(&grid);
        let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
        let mut captures = 0;
        for turn in 0..3000 {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let x = (state >> 33) as i32 % sim.width;
            let y = (state >> 45) as i32 % sim.height;
            let c = if turn % 2 == 0 {
                Color::Black
            } else {
                Color::White
            };
            let stones_before = sim.cells.iter().filter(|c| c.is_some()).count();
            if !sim.play((x, y), c, false) {
                continue;
            }
            let stones_after = sim.cells.iter().filter(|c| c.is_some()).count();
            captures += (stones_after < stones_before + 1) as u32;
            let mut fresh = sim.clone();
            fresh.find_chains();
            assert_eq!(chains_of(&sim), chains_of(&fresh), "after play {turn}");
        }
        assert!(
            captures > 30,
            "only {captures} captures: the test reads too little"
        );
    }
}
