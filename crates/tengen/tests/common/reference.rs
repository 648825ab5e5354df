//! A slow, literal implementation of docs/rules.md sections 1-3, written straight from the text
//! with no hashing, no incremental state and no cleverness: every rule is recomputed from
//! the full list of positions. The engine is checked against it on random games.

use tengen::rules::{KoRule, Suicide};
use tengen::Color;

pub type Grid = Vec<Option<Color>>;
pub type Pt = (usize, usize);

/// Why the reference refuses a play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    Occupied,
    Suicide,
    /// A repetition rule; the earliest earlier move whose position recurs.
    Ko(usize),
    CycleSet,
    Disallowed,
}

#[derive(Clone, Debug)]
struct Mv {
    color: Color,
    point: Option<Pt>,
    captured: Vec<Pt>,
}

/// The reference game.
#[derive(Clone, Debug)]
pub struct RefGame {
    pub w: usize,
    pub h: usize,
    pub ko: KoRule,
    pub suicide: Suicide,
    /// `positions[s]` is `P_s`.
    pub positions: Vec<Grid>,
    /// Who is to move after `P_s`.
    pub to_move: Vec<Color>,
    moves: Vec<Mv>,
}

fn neighbours(w: usize, h: usize, (x, y): Pt) -> Vec<Pt> {
    let mut v = Vec::new();
    if x > 0 {
        v.push((x - 1, y));
    }
    if x + 1 < w {
        v.push((x + 1, y));
    }
    if y > 0 {
        v.push((x, y - 1));
    }
    if y + 1 < h {
        v.push((x, y + 1));
    }
    v
}

/// The chain through `p` (docs/rules.md §1.4), by flood fill.
pub fn chain(g: &Grid, w: usize, h: usize, p: Pt) -> Vec<Pt> {
    let c = g[p.1 * w + p.0];
    let mut out = vec![p];
    let mut k = 0;
    while k < out.len() {
        for n in neighbours(w, h, out[k]) {
            if g[n.1 * w + n.0] == c && !out.contains(&n) {
                out.push(n);
            }
        }
        k += 1;
    }
    out
}

/// The liberties of a chain: empty points adjacent to one of its stones.
pub fn liberties(g: &Grid, w: usize, h: usize, ch: &[Pt]) -> Vec<Pt> {
    let mut libs = Vec::new();
    for &s in ch {
        for n in neighbours(w, h, s) {
            if g[n.1 * w + n.0].is_none() && !libs.contains(&n) {
                libs.push(n);
            }
        }
    }
    libs
}

/// Removes every chain of colour `c` without liberty; returns the removed points.
fn remove_dead(g: &mut Grid, w: usize, h: usize, c: Color) -> Vec<Pt> {
    let mut dead = Vec::new();
    for y in 0..h {
        for x in 0..w {
            if g[y * w + x] == Some(c) && !dead.contains(&(x, y)) {
                let ch = chain(g, w, h, (x, y));
                if liberties(g, w, h, &ch).is_empty() {
                    dead.extend(ch);
                }
            }
        }
    }
    for &(x, y) in &dead {
        g[y * w + x] = None;
    }
    dead.sort();
    dead
}

/// docs/rules.md §1.5: place, remove opponent chains without liberty, then own ones.
/// Returns the new grid, the captured points (step 2) and the suicided points (step 3).
pub fn apply(g: &Grid, w: usize, h: usize, c: Color, p: Pt) -> (Grid, Vec<Pt>, Vec<Pt>) {
    let mut g = g.clone();
    g[p.1 * w + p.0] = Some(c);
    let captured = remove_dead(&mut g, w, h, c.opponent());
    let suicided = remove_dead(&mut g, w, h, c);
    (g, captured, suicided)
}

impl RefGame {
    pub fn new(
        w: usize,
        h: usize,
        ko: KoRule,
        suicide: Suicide,
        start: Grid,
        to_move: Color,
    ) -> RefGame {
        RefGame {
            w,
            h,
            ko,
            suicide,
            positions: vec![start],
            to_move: vec![to_move],
            moves: Vec::new(),
        }
    }

    pub fn current(&self) -> &Grid {
        self.positions.last().unwrap()
    }

    fn t(&self) -> usize {
        self.moves.len()
    }

    /// The creator of `P_s`: the player of the last play at or before move `s`.
    fn creator(&self, s: usize) -> Option<Color> {
        self.moves[..s]
            .iter()
            .rev()
            .find(|m| m.point.is_some())
            .map(|m| m.color)
    }

    /// Decides a play of `c` at `p` by the literal rules.
    pub fn check(&self, c: Color, p: Pt) -> Result<(), Refusal> {
        let cur = self.current();
        if cur[p.1 * self.w + p.0].is_some() {
            return Err(Refusal::Occupied);
        }
        let (next, captured, suicided) = apply(cur, self.w, self.h, c, p);
        let suicide_bad = match self.suicide {
            Suicide::Forbidden => !suicided.is_empty(),
            Suicide::MultiStone => suicided == vec![p],
            Suicide::Allowed => false,
        };
        if suicide_bad {
            return Err(Refusal::Suicide);
        }
        let t = self.t() + 1;
        let earlier =
            |keep: &dyn Fn(usize) -> bool| (0..t).find(|&s| keep(s) && self.positions[s] == next);
        let verdict = match self.ko {
            KoRule::Simple => self.retakes_ko(c, &captured).then(|| t - 2),
            KoRule::Positional => earlier(&|_| true),
            KoRule::Situational => earlier(&|s| self.to_move[s] == c.opponent()),
            KoRule::NaturalSituational => earlier(&|s| self.creator(s) == Some(c)),
            KoRule::CapturePositional => {
                if captured.is_empty() {
                    None
                } else {
                    earlier(&|_| true)
                }
            }
            KoRule::CycleSets => return self.check_cycle_sets(c, p, &next, &captured),
        };
        match verdict {
            Some(s) => Err(Refusal::Ko(s)),
            None => Ok(()),
        }
    }

    /// The cycle set of the capture made by move `m` (1-based), as it stands after move
    /// `m`: points played between any two equal captures at or before `m` that left equal
    /// positions (docs/rules.md §3.2).
    fn cycle_set(&self, m: usize) -> Vec<Pt> {
        let mv = &self.moves[m - 1];
        let same = |k: usize| {
            let o = &self.moves[k - 1];
            !o.captured.is_empty() && o.point == mv.point && o.captured == mv.captured
        };
        let mut set = Vec::new();
        for b in 1..=m {
            for a in 1..b {
                if same(a) && same(b) && self.positions[a] == self.positions[b] {
                    for k in a + 1..b {
                        if let Some(q) = self.moves[k - 1].point {
                            if !set.contains(&q) {
                                set.push(q);
                            }
                        }
                    }
                }
            }
        }
        set
    }

    /// Whether move `m` (1-based) was constrained: the move before it was an opponent
    /// capture with a non-empty cycle set.
    fn constrained(&self, m: usize) -> bool {
        m >= 2 && !self.moves[m - 2].captured.is_empty() && !self.cycle_set(m - 1).is_empty()
    }

    /// The signature of a play of `c` at `p` from `before` to `after`, and whether the play
    /// rescues an own chain in atari (definitions 11, 12, 14).
    fn signature(
        &self,
        before: &Grid,
        after: &Grid,
        c: Color,
        p: Pt,
        captured: &[Pt],
    ) -> (Pt, Vec<Pt>, Vec<Pt>, bool) {
        let (w, h) = (self.w, self.h);
        let mut threatened = Vec::new();
        for y in 0..h {
            for x in 0..w {
                if after[y * w + x] != Some(c.opponent()) || threatened.contains(&(x, y)) {
                    continue;
                }
                let ch = chain(after, w, h, (x, y));
                let touches = ch.iter().any(|&s| neighbours(w, h, s).contains(&p));
                let libs_after = liberties(after, w, h, &ch).len();
                let libs_before = liberties(before, w, h, &chain(before, w, h, (x, y))).len();
                if touches && libs_after == 1 && libs_before > 1 {
                    threatened.extend(ch);
                }
            }
        }
        threatened.sort();
        let mut rescues = false;
        for y in 0..h {
            for x in 0..w {
                if before[y * w + x] != Some(c) {
                    continue;
                }
                let ch = chain(before, w, h, (x, y));
                if liberties(before, w, h, &ch).len() == 1 && after[y * w + x] == Some(c) {
                    let now = chain(after, w, h, (x, y));
                    if liberties(after, w, h, &now).len() > 1 {
                        rescues = true;
                    }
                }
            }
        }
        (p, captured.to_vec(), threatened, rescues)
    }

    /// Whether a play of `c` capturing `captured` retakes a ko at once: it captures one
    /// stone, the stone the opponent's last move played, and that move captured one stone.
    fn retakes_ko(&self, c: Color, captured: &[Pt]) -> bool {
        captured.len() == 1
            && self.moves.last().is_some_and(|m| {
                m.color == c.opponent() && m.point == Some(captured[0]) && m.captured.len() == 1
            })
    }

    fn check_cycle_sets(
        &self,
        c: Color,
        p: Pt,
        next: &Grid,
        captured: &[Pt],
    ) -> Result<(), Refusal> {
        let t = self.t();
        // Etiquette A1 where it is mechanical: an immediate ko retake is an obvious cycle set.
        if self.retakes_ko(c, captured) {
            return Err(Refusal::Ko(t - 1));
        }
        // Rule 9.
        if t >= 1 && !self.moves[t - 1].captured.is_empty() && self.cycle_set(t).contains(&p) {
            return Err(Refusal::CycleSet);
        }
        if self.constrained(t + 1) {
            return Ok(());
        }
        // Rule 15: an earlier potentially disallowed play of c, counteracted, with this signature.
        let sig = self.signature(self.current(), next, c, p, captured);
        for m in 1..t {
            let mv = &self.moves[m - 1];
            let Some(q) = mv.point else { continue };
            if mv.color != c || self.constrained(m) {
                continue;
            }
            let old = self.signature(
                &self.positions[m - 1],
                &self.positions[m],
                c,
                q,
                &mv.captured,
            );
            let potentially = !old.2.is_empty() && !old.3;
            if !potentially || (old.0, &old.1, &old.2) != (sig.0, &sig.1, &sig.2) {
                continue;
            }
            let answer = &self.moves[m];
            let after = &self.positions[m + 1];
            let spared = !answer.captured.contains(&q);
            let restored = old.2.iter().all(|&s| {
                after[s.1 * self.w + s.0] == Some(c.opponent())
                    && liberties(after, self.w, self.h, &chain(after, self.w, self.h, s)).len() >= 2
            });
            if answer.color == c.opponent() && spared && restored {
                return Err(Refusal::Disallowed);
            }
        }
        Ok(())
    }

    /// Makes a move (assumed legal for plays; passes always are).
    pub fn play(&mut self, c: Color, p: Option<Pt>) {
        let (next, captured) = match p {
            Some(p) => {
                let (g, cap, _) = apply(self.current(), self.w, self.h, c, p);
                (g, cap)
            }
            None => (self.current().clone(), Vec::new()),
        };
        self.positions.push(next);
        self.to_move.push(c.opponent());
        self.moves.push(Mv {
            color: c,
            point: p,
            captured,
        });
    }
}
