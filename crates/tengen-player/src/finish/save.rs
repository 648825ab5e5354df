//! Steps 0 and 1 of the finishing ([`super`]): the points a player was told to take first,
//! and saving an own chain the opponent could capture, read a few moves ahead where
//! defences are alike.

use super::{after_play, liberty_list, recaptured, region_marks, touches, within, Finisher};
use crate::reading::{self, Reader};
use crate::spares;
use tengen::board::{Board, Cell, Idx, CELLS};
use tengen::color::Color;

/// Finishing moves read ahead after each of the alike defences of a chain (see
/// [`Finisher::read_ahead`]).
const AHEAD_MOVES: usize = 8;

/// How many decisions of one finishing are read ahead (see [`Finisher::read_ahead`]), so
/// that a board full of fights costs no more than a few: the finishings of the 284
/// records hold at most three such decisions, those of `estimate_stress 200` up to 24.
pub(super) const AHEAD_READINGS: u8 = 4;

/// How far from the chain defended (in steps along the lines) the reading ahead plays.
pub(super) const AHEAD_FOCUS: u32 = 8;

/// How far from the chain defended the reading ahead reads teire (steps 6-8): the dead
/// chains and territories nearer than the plays, since only the points within two of
/// the chain are valued. Within 4 as within 8, the records' estimates are the same; 4 reads
/// a third less than 8.
pub(super) const AHEAD_WATCH: u32 = 4;

impl Finisher {
    /// Step 0: a point `c` was told to take first, while she can play it without being
    /// left in atari there.
    pub(super) fn take_urgent(&self, c: Color) -> Option<Idx> {
        self.urgent.iter().find_map(|&(i, owner)| {
            let (libs, captures) = after_play(&self.b, i, c);
            let safe = libs >= 2 || captures;
            (owner == c && self.may_play(&self.b, i, c) && safe).then_some(i)
        })
    }

    /// Step 1: a play that saves an own live chain the opponent could capture.
    pub(super) fn save(&mut self, c: Color) -> Option<Idx> {
        let b = spares::scratch(&self.b);
        for x in self.weak_chains(&b, c, 2) {
            if self.among_dead(&b, x, c) || recaptured(&b, x) || self.reader.attack(&b, x).is_none()
            {
                continue;
            }
            if let Some(m) = self.defence(&b, x, c) {
                return Some(m);
            }
        }
        None
    }

    /// Heads of the live chains of `c` in `b` with at most `max` liberties that touch an
    /// opponent stone (a chain alone in its own area is attacked only by stones that
    /// would die there).
    fn weak_chains(&self, b: &Board, c: Color, max: u16) -> Vec<Idx> {
        let opp = Cell::stone(c.opponent());
        b.indices()
            .filter(|&i| {
                b.cell(i) == Cell::stone(c)
                    && !self.dead[i as usize]
                    && b.chain_head(i) == i
                    && b.liberties(i) <= max
                    && touches(b, i, opp)
            })
            .collect()
    }

    /// Whether the chain of `c` through `x` touches only dead opponent stones and has its
    /// liberties in her own territory: the opponent can capture it only by playing among
    /// her own dead stones, which stay dead (they and the capturing stone have no room
    /// but `c`'s territory), so the count does not change and no teire is owed.
    pub(super) fn among_dead(&self, b: &Board, x: Idx, c: Color) -> bool {
        let opp = Cell::stone(c.opponent());
        let own_area = 1 << c.index();
        let mut inside = true;
        b.for_each_stone(x, |s| {
            for n in b.neighbours(s) {
                inside &= match b.cell(n) {
                    Cell::Empty => self.mark[n as usize] == own_area,
                    cell if cell == opp => self.dead[n as usize],
                    _ => true,
                };
            }
        });
        inside
    }

    /// The cheapest play of `c` on `b` after which her chain through `x` cannot be
    /// captured: a capture of a neighbouring chain in atari, an extension, or a play next
    /// to a liberty ([`Finisher::defence_points`]). Between two alike, first one after
    /// which nothing near the chain still owes a teire ([`Finisher::still_owes_teire`]:
    /// one stone that saves the chain and guards the wall beside it, not one for each;
    /// Honinbo records, exact over four seeds, 427 -> 430, see docs/estimator-misses.md,
    /// round 21), then one that does not take a dead stone: the dead stone is hers at the
    /// count anyway, and the connection the capture puts off is most often owed later
    /// (T-01-4: the capture at P15 was followed by the connection at P14, two teire for
    /// one). Honinbo records, exact over four seeds, 388 -> 396 of 540; the others 424 ->
    /// 435 of 596; the played-out set unchanged. Preferring the play that leaves the
    /// chain the most liberties instead gained four on the Honinbo records and lost three
    /// on the others.
    ///
    /// Only if there is none, a point where a dead stone stood that the finishing
    /// captured (M-67-3: Black takes the dead O1 at N1, White's dame T1 then ataris P1-S1,
    /// and Black's one answer is to connect at O1, as GNU Go's aftermath does; before, the
    /// chain was left in atari, a point too many for Black). Only as a last resort:
    /// allowed among the others, it lost a record (M-62-l17) and gained none. Evaluation
    /// records, exact over four seeds, 481 -> 483; Honinbo records and the played-out set
    /// unchanged.
    ///
    /// Defences still alike that leave the chain different numbers of liberties are read
    /// ahead ([`Finisher::read_ahead`]); exact over four seeds, Honinbo records 441 ->
    /// 445, evaluation records 489 -> 493 (right winners 579 -> 583).
    fn defence(&mut self, b: &Board, x: Idx, c: Color) -> Option<Idx> {
        self.defence_among(b, x, c, false)
            .or_else(|| self.defence_among(b, x, c, true))
    }

    /// [`Finisher::defence`] among the points the finishing may play, or with `emptied`
    /// among the points of the dead stones it captured.
    fn defence_among(&mut self, b: &Board, x: Idx, c: Color, emptied: bool) -> Option<Idx> {
        // The best key so far, and the defences with it with the liberties they leave.
        let mut best: Option<(u8, u8, u8)> = None;
        let mut alike: Vec<(Idx, u16)> = Vec::new();
        for m in self.defence_points(b, x, c) {
            let allowed = if emptied {
                self.emptied[m as usize] && b.cell(m) == Cell::Empty && reading::legal(b, m, c)
            } else {
                self.may_play(b, m, c)
            };
            if !allowed {
                continue;
            }
            let mut next = spares::scratch(b);
            next.play_unchecked(m, c);
            if next.cell(x) != b.cell(x)
                || next.liberties(x) < 2
                || self.reader.attack(&next, x).is_some()
            {
                continue;
            }
            let takes_dead = b.neighbours(m).into_iter().any(|n| {
                self.dead[n as usize]
                    && b.cell(n) == Cell::stone(c.opponent())
                    && b.liberties(n) == 1
            });
            let cost = self.cost(m, c);
            if best.is_some_and(|bk| cost > bk.0) {
                continue;
            }
            let k = (
                cost,
                self.still_owes_teire(&next, c, x) as u8,
                takes_dead as u8,
            );
            if best.is_none_or(|bk| k < bk) {
                best = Some(k);
                alike.clear();
            }
            if best == Some(k) {
                alike.push((m, next.liberties(x)));
            }
        }
        // Defences alike that leave the chain different liberties can differ later.
        let differ = alike.iter().any(|&(_, l)| l != alike[0].1);
        if self.ahead_left > 0 && differ {
            self.ahead_left -= 1;
            let moves: Vec<Idx> = alike.iter().map(|&(m, _)| m).collect();
            return Some(self.read_ahead(b, x, c, &moves));
        }
        alike.first().map(|&(m, _)| m)
    }

    /// Of the alike defences `moves` of `c`'s chain through `x` on `b` (the board being
    /// finished), the one after which the finishing goes on best for her near the chain:
    /// each is played, then at most [`AHEAD_MOVES`] more finishing moves within
    /// [`AHEAD_FOCUS`] points of the chain (teire read within [`AHEAD_WATCH`]), at most
    /// [`AHEAD_READINGS`] times a finishing, and the points within two of the chain are
    /// valued (her territory less the opponent's, a point that held a stone or holds a
    /// dead one counting twice, as a prisoner does); the first best is kept. Hon-47-4 and
    /// M-72-2: the defence that looks as good now leaves a teire owed a few moves later
    /// (docs/estimator-misses.md, rounds 27 and 28).
    fn read_ahead(&mut self, b: &Board, x: Idx, c: Color, moves: &[Idx]) -> Idx {
        let focus = within(b, x, AHEAD_FOCUS);
        let watch = within(b, x, AHEAD_WATCH);
        let near = within(b, x, 2);
        let mut best: Option<(i32, Idx)> = None;
        for &m in moves {
            let mut f = self.reading_ahead(&focus, &watch);
            f.play(m, c);
            f.run(c.opponent(), AHEAD_MOVES);
            f.mark = region_marks(&f.b, &f.dead);
            let value = f.value_near(b, &near, c);
            if best.is_none_or(|(v, _)| value > v) {
                best = Some((value, m));
            }
        }
        best.map_or(moves[0], |(_, m)| m)
    }

    /// A copy of the finishing for reading ahead, playing within `focus` and reading
    /// teire within `watch`, which reads no further ahead itself.
    fn reading_ahead(&self, focus: &[bool], watch: &[bool]) -> Finisher {
        Finisher {
            b: self.b.clone(),
            dead: self.dead.clone(),
            closed: self.closed.clone(),
            played: self.played.clone(),
            emptied: self.emptied.clone(),
            mark: self.mark.clone(),
            out: self.out.clone(),
            reader: Reader::new(),
            urgent: self.urgent.clone(),
            ko: self.ko,
            ahead_left: 0,
            focus: Some(focus.to_vec()),
            watch: Some(watch.to_vec()),
        }
    }

    /// For a reading ahead that started on `start`: `c`'s points among `near` less the
    /// opponent's, a point that held a stone on `start` and is now empty or holds a dead
    /// stone counting twice.
    fn value_near(&self, start: &Board, near: &[bool], c: Color) -> i32 {
        let own = 1u8 << c.index();
        let theirs = 1u8 << c.opponent().index();
        start
            .indices()
            .filter(|&i| near[i as usize])
            .map(|i| {
                let now_open = self.b.cell(i) == Cell::Empty || self.dead[i as usize];
                let weight = if start.cell(i) != Cell::Empty && now_open {
                    2
                } else {
                    1
                };
                match self.mark[i as usize] {
                    m if m == own => weight,
                    m if m == theirs => -weight,
                    _ => 0,
                }
            })
            .sum()
    }

    /// The points where `c` may save her chain through `x` on `b`: the reader's (the
    /// liberties, the captures) and, in her own territory, the empty points next to its
    /// liberties, which can save it from a distance and guard a weak wall beside it at
    /// once (Hon-96-6: White's E18, GNU Go's answer, saves F17 and keeps Black's D18 from
    /// cutting off the corner; so does E17, a liberty; F18 saves F17 alone, and the
    /// corner then needs a teire of its own).
    fn defence_points(&self, b: &Board, x: Idx, c: Color) -> Vec<Idx> {
        let mut points = reading::defence_candidates(b, x);
        let own = 1u8 << c.index();
        for l in liberty_list(b, x) {
            for n in b.neighbours(l) {
                let inside = b.cell(n) == Cell::Empty && self.mark[n as usize] == own;
                if inside && !points.contains(&n) {
                    points.push(n);
                }
            }
        }
        points
    }

    /// Whether, on `next` (after `c`'s defence of her chain through `x`), something near
    /// the chain still owes a teire: a chain of hers next to it or its liberties that
    /// the opponent could capture, or a territory there that steps 7 or 8 would guard.
    /// Only the points near the chain are looked at, so that a teire owed elsewhere on
    /// the board does not make every defence alike.
    fn still_owes_teire(&mut self, next: &Board, c: Color, x: Idx) -> bool {
        let mut near = vec![false; CELLS];
        next.for_each_stone(x, |s| {
            for n in next.neighbours(s) {
                near[n as usize] = true;
                if next.cell(n) == Cell::Empty {
                    for m in next.neighbours(n) {
                        near[m as usize] = true;
                    }
                }
            }
        });
        let weak = next.indices().any(|i| {
            near[i as usize]
                && next.cell(i) == Cell::stone(c)
                && !self.dead[i as usize]
                && next.liberties(i) <= 2
                && self.reader.attack(next, i).is_some()
        });
        weak || self.guard_on(next, c, Some(&near)).is_some()
            || self.guard_near_walls_on(next, c, Some(&near)).is_some()
    }
}
