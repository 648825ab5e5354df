//! Boards to copy positions into, for the searches that copy a position at every node
//! ([`crate::semeai`], [`crate::enclosed`], [`crate::intrusion`], [`crate::reading`],
//! [`crate::finish`]): a copy into a board of the same size moves only the slots in use,
//! where a fresh board first fills every slot (some 11 KB). A search reads many small
//! positions (a race, a ladder), each with its own [`Spares`]; the boards they leave are
//! kept for the next one on the same thread, so that a fresh board is rare.

use std::cell::RefCell;
use tengen::board::Board;

/// Boards kept on a thread between searches (some 11 KB each).
const KEPT: usize = 64;

thread_local! {
    /// Boards that searches finished on this thread left.
    static KEPT_BOARDS: RefCell<Vec<Box<Board>>> = const { RefCell::new(Vec::new()) };
}

/// A pool of boards no longer in use.
#[derive(Default)]
pub(crate) struct Spares(Vec<Box<Board>>);

impl Spares {
    /// A copy of `b`, on a spare board when there is one.
    pub(crate) fn copy(&mut self, b: &Board) -> Box<Board> {
        match self.0.pop().or_else(take_kept) {
            Some(mut spare) => {
                (*spare).clone_from(b);
                spare
            }
            None => b.clone_boxed(),
        }
    }

    /// Gives a board back for later copies.
    pub(crate) fn give(&mut self, b: Box<Board>) {
        self.0.push(b);
    }
}

impl Drop for Spares {
    /// Leaves the boards to the thread's next searches, up to [`KEPT`].
    fn drop(&mut self) {
        for b in self.0.drain(..) {
            keep(b);
        }
    }
}

/// A board the thread kept, if any.
fn take_kept() -> Option<Box<Board>> {
    KEPT_BOARDS
        .try_with(|k| k.borrow_mut().pop())
        .ok()
        .flatten()
}

/// Keeps `b` for the thread's next copies, if fewer than [`KEPT`] are kept.
fn keep(b: Box<Board>) {
    // At the thread's end the kept boards may be gone already: then `b` goes too.
    let _ = KEPT_BOARDS.try_with(|k| {
        let mut k = k.borrow_mut();
        if k.len() < KEPT {
            k.push(b);
        }
    });
}

/// A copy of a position on a board of the thread's kept ones, which goes back to them
/// when dropped: for the copies made one at a time, outside a search's own [`Spares`].
pub(crate) struct Scratch(Option<Box<Board>>);

/// A copy of `b` on a kept board (see [`Scratch`]).
pub(crate) fn scratch(b: &Board) -> Scratch {
    Scratch(Some(Spares::default().copy(b)))
}

impl std::ops::Deref for Scratch {
    type Target = Board;
    fn deref(&self) -> &Board {
        self.0
            .as_deref()
            .expect("a scratch board holds its board until dropped")
    }
}

impl std::ops::DerefMut for Scratch {
    fn deref_mut(&mut self) -> &mut Board {
        self.0
            .as_deref_mut()
            .expect("a scratch board holds its board until dropped")
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        if let Some(b) = self.0.take() {
            keep(b);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tengen::color::Color;
    use tengen::point::{Point, Size};

    #[test]
    fn a_copy_on_a_spare_board_is_the_position_copied() {
        let mut spares = Spares::default();
        let mut a = Board::new(Size::square(9).unwrap());
        a.play_unchecked(a.idx(Point::new(2, 3)), Color::Black);
        let mut b = spares.copy(&a);
        b.play_unchecked(b.idx(Point::new(4, 4)), Color::White);
        spares.give(b);
        let c = spares.copy(&a);
        assert_eq!(c.hash(), a.hash());
        assert_eq!(c.to_string(), a.to_string());
    }

    #[test]
    fn a_board_left_by_one_search_copies_a_position_of_another_size_for_the_next() {
        let mut first = Spares::default();
        let mut big = Board::new(Size::square(19).unwrap());
        big.play_unchecked(big.idx(Point::new(15, 15)), Color::White);
        let used = first.copy(&big);
        first.give(used);
        drop(first);
        let mut small = Board::new(Size::square(5).unwrap());
        small.play_unchecked(small.idx(Point::new(1, 1)), Color::Black);
        let mut second = Spares::default();
        let c = second.copy(&small);
        assert_eq!(c.hash(), small.hash());
        assert_eq!(c.to_string(), small.to_string());
        c.check_invariants().unwrap();
    }

    #[test]
    fn a_scratch_copy_is_its_position_and_its_board_serves_the_next_copy() {
        let mut a = Board::new(Size::square(13).unwrap());
        a.play_unchecked(a.idx(Point::new(3, 3)), Color::Black);
        let mut s = scratch(&a);
        assert_eq!(s.to_string(), a.to_string());
        let i = s.idx(Point::new(9, 9));
        s.play_unchecked(i, Color::White);
        assert_ne!(s.hash(), a.hash());
        drop(s);
        let t = scratch(&a);
        assert_eq!(t.hash(), a.hash());
        assert_eq!(t.to_string(), a.to_string());
        t.check_invariants().unwrap();
    }
}
