//! Steps 4 and 5 of the finishing ([`super`]): filling the neutral points (dame), those that
//! force or spare a teire first, and connecting in one's own territory where that lets a
//! dame be filled.

use super::{after_play, liberties_after, Finisher};
use crate::spares::{self, Scratch};
use tengen::board::{Board, Cell, Idx, CELLS};
use tengen::color::Color;

impl Finisher {
    /// The neutral points between live stones of both colours that may still be filled.
    pub(super) fn dame_points(&self) -> Vec<Idx> {
        let mut dame = Vec::with_capacity(self.b.size().points());
        dame.extend(self.b.indices().filter(|&i| self.is_dame(i)));
        dame
    }

    /// Whether `i` is a neutral point between live stones of both colours that may still
    /// be filled.
    pub(super) fn is_dame(&self, i: Idx) -> bool {
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
    pub(super) fn fill(&mut self, c: Color) -> Option<Idx> {
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
    pub(super) fn safe_fill(&mut self, b: &Board, p: Idx, c: Color) -> bool {
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
    pub(super) fn prepare_any(&mut self, c: Color) -> Option<Idx> {
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

#[cfg(test)]
mod tests {
    use super::super::{flood_region, region_marks};
    use super::*;

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
            let b = super::super::tests::random_position(&mut rng, side);
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
