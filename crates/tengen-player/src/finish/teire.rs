//! Steps 6 to 8 of the finishing ([`super`]): the teire a territory's owner must play, where a
//! wall would lose its race against a dead chain inside, or where a territory read
//! completely ([`crate::intrusion`]), small and shut or a window near weak walls of a big
//! one, would not hold against the opponent moving first.

use super::{flood_region, liberty_list, touches, Finisher};
use crate::intrusion;
use crate::semeai;
use crate::spares;
use tengen::board::{Board, Cell, Idx, CELLS};
use tengen::color::Color;

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

impl Finisher {
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
    pub(super) fn teire(&mut self, c: Color) -> Option<Idx> {
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
    pub(super) fn territory_holds(&self, b: &Board, d: Idx, c: Color) -> bool {
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

    /// Step 7, a teire for a small shut territory of `c` (an empty region of her
    /// territory with at most [`intrusion::MAX_EMPTY`] empty points, only dead opponent
    /// stones in it, and walls with no liberty outside it) that the opponent, moving
    /// first, could break into: capture a wall stone, or live inside alone or in seki
    /// (read on every point: [`intrusion`]). Her first point of it after which it holds is
    /// played (Hon-58-6: White's M3, which GNU Go's aftermath plays too). Honinbo records,
    /// exact over four seeds, 415 -> 419 and one wrong winner fewer; the evaluation records
    /// 459 -> 459 (T-21-3 gained, T-23-2 lost); the played-out set unchanged.
    pub(super) fn guard(&mut self, c: Color) -> Option<Idx> {
        let b = spares::scratch(&self.b);
        self.guard_on(&b, c, self.watch.as_deref())
    }

    /// Step 7 on `b`, for the territories reaching a point marked in `near` if given.
    pub(super) fn guard_on(&self, b: &Board, c: Color, near: Option<&[bool]>) -> Option<Idx> {
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
    pub(super) fn guard_near_walls(&mut self, c: Color) -> Option<Idx> {
        let b = spares::scratch(&self.b);
        self.guard_near_walls_on(&b, c, self.watch.as_deref())
    }

    /// Step 8 on `b`, for the territories reaching a point marked in `near` if given.
    pub(super) fn guard_near_walls_on(
        &self,
        b: &Board,
        c: Color,
        near: Option<&[bool]>,
    ) -> Option<Idx> {
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
}
