//! Steps 2 and 3 of the finishing ([`super`]): capturing a dead chain while it can still be
//! captured (before dame fills make it uncapturable, or win its race), and cutting dead
//! stones off from their live group through a gap in the border.

use super::{after_play, liberty_list, Finisher};
use crate::reading;
use crate::spares::{self, Scratch};
use tengen::board::{Board, Cell, Idx};
use tengen::color::Color;

impl Finisher {
    /// Step 2: the first play capturing a dead opponent chain that `c` can capture now but
    /// could not once the dame around it are filled (its liberties would then be shared
    /// with the capturing chain's last ones: a seki, in which it would live). The
    /// opponent is taken to fill them all, her own fills and `c`'s taking the same
    /// liberties. When filling one of those dame herself keeps the chain capturable, `c`
    /// fills it instead: a dame costs nothing, a capture inside her territory a point.
    pub(super) fn capture_in_time(&mut self, c: Color) -> Option<Idx> {
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
    pub(super) fn race(&mut self, c: Color) -> Option<Idx> {
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

    /// Whether a stone of `c` on `i` would take a liberty of a live opponent chain in a
    /// capturing race with a dead chain of `c`, leaving it no more liberties than that
    /// chain: such a stone is no border to close at once but a move of the race, left to
    /// the players' turns (see [`Finisher::race`]).
    pub(super) fn in_race(&self, i: Idx, c: Color) -> bool {
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

    /// Step 3: cut a dead opponent chain from the opponent's live stones it touches through
    /// an empty point (a gap in `c`'s border: the point is neutral, not a dame, since no
    /// live stone of `c` is next to it). `c` plays the gap if she safely can; else she
    /// takes the dead chain's other liberties, and the gap last, capturing (M-73-1's top
    /// right corner: Black's S19, then T18 taking S18 and T19, which closes the corner).
    pub(super) fn close_off(&mut self, c: Color) -> Option<Idx> {
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
}
