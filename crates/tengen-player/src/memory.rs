//! What the searches remember while the estimator reads one position: the capturing
//! races ([`crate::semeai::race`]) and the intrusions into small territories
//! ([`crate::intrusion::holds`]) already read. The estimator plays its finishing in each
//! orientation of a board (see [`crate::estimate`]), and most of the questions asked in
//! one orientation recur, turned, in the others; a question is therefore known by its
//! position in the orientation of [`Symmetry::least_hash`], with its points moved there.
//! An intrusion is also known by what its reading sees (the territory and the chains
//! around it, numbered in the least of the orientations), which the finishing's moves
//! elsewhere leave as they were.
//! Outside [`remembering`] nothing is kept.

use crate::position_map::PositionMap;
use crate::semeai::{Outcome, Reach};
use std::cell::RefCell;
use std::hash::Hash;
use tengen::board::{Board, Idx};
use tengen::color::Color;
use tengen::symmetry::Symmetry;

/// A race: the position's hash, its two stones, its ko point (or `u16::MAX`), the first
/// mover and which plays are read, the points numbered in the orientation
/// hashed.
pub(crate) type RaceKey = (u64, u16, u16, u16, Color, Reach);

/// An intrusion: the position's hash, the territory's points (the inner ones sorted, then
/// the rim sorted) and walls (sorted), whether it is open, the ko point and the first
/// mover, the points numbered in the orientation hashed.
pub(crate) type IntrusionKey = (u64, Vec<u16>, usize, Vec<u16>, bool, u16, Color);

/// One table, for one thread, kept only inside [`remembering`].
pub(crate) struct Table<K, V>(RefCell<Option<PositionMap<K, V>>>);

impl<K: Hash + Eq, V: Clone> Table<K, V> {
    const fn new() -> Self {
        Table(RefCell::new(None))
    }

    /// Whether the table is kept (inside [`remembering`]).
    pub(crate) fn on(&self) -> bool {
        self.0.borrow().is_some()
    }

    /// The answer stored for `key`.
    pub(crate) fn get(&self, key: &K) -> Option<V> {
        self.0.borrow().as_ref()?.get(key).cloned()
    }

    /// Stores the answer for `key`, if the table is kept.
    pub(crate) fn put(&self, key: K, v: V) {
        if let Some(t) = self.0.borrow_mut().as_mut() {
            t.insert(key, v);
        }
    }

    /// Starts an empty table, handing back the one kept before (to restore after).
    fn start(&self) -> Option<PositionMap<K, V>> {
        self.0.replace(Some(PositionMap::default()))
    }

    fn restore(&self, outer: Option<PositionMap<K, V>>) {
        *self.0.borrow_mut() = outer;
    }
}

thread_local! {
    /// The positions the searches have read inside [`remembering`] (see [`work`]).
    static WORK: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
    /// The races read inside [`remembering`].
    pub(crate) static RACES: Table<RaceKey, Option<Outcome>> = const { Table::new() };
    /// The intrusions read inside [`remembering`].
    pub(crate) static INTRUSIONS: Table<IntrusionKey, Option<bool>> = const { Table::new() };
    /// The intrusions read inside [`remembering`], by what their reading sees, in any
    /// orientation.
    pub(crate) static LOCAL_INTRUSIONS: Table<Vec<u16>, Option<bool>> = const { Table::new() };
}

/// Runs `f`, remembering every race and intrusion read inside it.
pub fn remembering<T>(f: impl FnOnce() -> T) -> T {
    let _outer = Outer {
        races: RACES.with(|t| t.start()),
        intrusions: INTRUSIONS.with(|t| t.start()),
        local_intrusions: LOCAL_INTRUSIONS.with(|t| t.start()),
        work: WORK.with(|w| w.replace(0)),
    };
    f()
}

/// What [`remembering`] found kept when it started, put back when it ends, even by a
/// panic (a server thread goes on to other positions).
struct Outer {
    races: Option<PositionMap<RaceKey, Option<Outcome>>>,
    intrusions: Option<PositionMap<IntrusionKey, Option<bool>>>,
    local_intrusions: Option<PositionMap<Vec<u16>, Option<bool>>>,
    work: u64,
}

impl Drop for Outer {
    fn drop(&mut self) {
        RACES.with(|t| t.restore(self.races.take()));
        INTRUSIONS.with(|t| t.restore(self.intrusions.take()));
        LOCAL_INTRUSIONS.with(|t| t.restore(self.local_intrusions.take()));
        WORK.with(|w| w.set(self.work));
    }
}

/// The positions the searches may read inside one [`remembering`]: past it, a race or
/// an intrusion is not read and has no answer, as when its own budget runs out. The end
/// of a real game reads far fewer (at most 610,834 on the goban-original-games records);
/// random positions full of races read up to 7.4 million, seconds on 25x25, and a
/// client must not be able to make the server do that.
pub const SEARCH_LIMIT: u64 = 2_000_000;

/// Whether the searches inside [`remembering`] have read [`SEARCH_LIMIT`] positions.
pub(crate) fn spent() -> bool {
    WORK.with(|w| w.get()) > SEARCH_LIMIT
}

/// Counts `positions` read by a search (a race or an intrusion).
pub(crate) fn add_work(positions: u32) {
    WORK.with(|w| w.set(w.get() + u64::from(positions)));
}

/// The positions read by the searches since [`remembering`] started: a measure of the
/// work spent on one estimate that does not depend on the machine.
pub fn work() -> u64 {
    WORK.with(|w| w.get())
}

/// The number of the point `i` of `b` once the board is turned by `turn`: its row and
/// column in one number, as the remembered questions' keys write points.
pub(crate) fn turned_code(b: &Board, turn: Symmetry, i: Idx) -> u16 {
    let p = turn.point(b.size(), b.point(i));
    (p.y as u16) << 5 | p.x as u16
}

/// Numbers the points of `b` as they are in the orientation of its least hash.
pub(crate) struct Frame<'a> {
    b: &'a Board,
    turn: Symmetry,
    /// The board's [`Symmetry::least_hash`].
    pub(crate) hash: u64,
}

impl<'a> Frame<'a> {
    pub(crate) fn of(b: &'a Board) -> Frame<'a> {
        let (hash, turn) = Symmetry::least_hash(b);
        Frame { b, turn, hash }
    }

    /// The number of the point `i` in the orientation hashed.
    pub(crate) fn code(&self, i: Idx) -> u16 {
        turned_code(self.b, self.turn, i)
    }

    /// The number of the ko point, or `u16::MAX`.
    pub(crate) fn ko(&self) -> u16 {
        self.b.ko_point().map_or(u16::MAX, |k| self.code(k))
    }

    /// The numbers of `points`, sorted.
    pub(crate) fn codes(&self, points: &[Idx]) -> Vec<u16> {
        let mut out: Vec<u16> = points.iter().map(|&i| self.code(i)).collect();
        out.sort_unstable();
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tengen::point::Point;

    /// A race that is a seki: Black's ring B5-E1 and White's D4-C3 inside it.
    use crate::semeai::tests::SEKI as RACE;

    /// The race key of the chains through `x` and `y` (GTP names) on `b`.
    fn key(b: &Board, x: &str, y: &str) -> (u64, u16, u16, u16) {
        let f = Frame::of(b);
        let at = |s: &str| b.idx(Point::from_gtp(s, b.size()).unwrap());
        (f.hash, f.code(at(x)), f.code(at(y)), f.ko())
    }

    #[test]
    fn a_race_is_known_by_the_same_key_in_every_orientation() {
        let b = Board::from_text(RACE).unwrap();
        let size = b.size();
        let want = key(&b, "B5", "D4");
        for s in Symmetry::all(size) {
            let t = s.board(&b);
            let name = |g: &str| {
                let p = s.point(size, Point::from_gtp(g, size).unwrap());
                p.to_gtp(size).unwrap()
            };
            assert_eq!(key(&t, &name("B5"), &name("D4")), want, "{s:?}");
        }
        // Another chain, or a stone more, is another race.
        assert_ne!(key(&b, "C5", "D4").1, want.1);
        let mut more = b.clone();
        more.play_unchecked(more.idx(Point::from_gtp("G1", size).unwrap()), Color::Black);
        assert_ne!(key(&more, "B5", "D4").0, want.0);
    }

    #[test]
    fn a_race_read_inside_remembering_answers_as_one_read_afresh() {
        let b = Board::from_text(RACE).unwrap();
        let size = b.size();
        let at = |b: &Board, s: Symmetry, g: &str| {
            b.idx(s.point(size, Point::from_gtp(g, size).unwrap()))
        };
        for first in Color::BOTH {
            let fresh = crate::semeai::race(
                &b,
                at(&b, Symmetry::IDENTITY, "B5"),
                at(&b, Symmetry::IDENTITY, "D4"),
                first,
            );
            let remembered: Vec<_> = remembering(|| {
                Symmetry::all(size)
                    .map(|s| {
                        let t = s.board(&b);
                        crate::semeai::race(&t, at(&t, s, "B5"), at(&t, s, "D4"), first)
                    })
                    .collect()
            });
            assert!(remembered.iter().all(|&r| r == fresh), "{remembered:?}");
            assert!(RACES.with(|t| !t.on()), "the table outlives remembering");
        }
    }

    #[test]
    fn once_the_search_limit_is_spent_no_race_is_read() {
        let b = Board::from_text(RACE).unwrap();
        let at = |g: &str| b.idx(Point::from_gtp(g, b.size()).unwrap());
        let (ring, inside) = (at("B5"), at("D4"));
        let fresh = crate::semeai::race(&b, ring, inside, Color::Black);
        assert!(fresh.is_some());
        let (known, unread, work) = remembering(|| {
            let known = crate::semeai::race(&b, ring, inside, Color::Black);
            add_work(u32::try_from(SEARCH_LIMIT).unwrap());
            // Remembered races still answer; a new one is not read.
            let again = crate::semeai::race(&b, ring, inside, Color::Black);
            assert_eq!(again, known);
            (
                known,
                crate::semeai::race(&b, ring, inside, Color::White),
                work(),
            )
        });
        assert_eq!(known, fresh);
        assert_eq!(unread, None);
        assert!(work > SEARCH_LIMIT);
        // Outside, the limit does not apply.
        assert!(crate::semeai::race(&b, ring, inside, Color::White).is_some());
    }

    #[test]
    fn a_panic_inside_remembering_leaves_nothing_kept() {
        let caught = std::panic::catch_unwind(|| {
            remembering(|| {
                add_work(5);
                panic!("inside");
            })
        });
        assert!(caught.is_err());
        assert!(RACES.with(|t| !t.on()));
        assert!(INTRUSIONS.with(|t| !t.on()));
    }
}
