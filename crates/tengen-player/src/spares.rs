//! Boards to copy positions into, for the searches that copy a position at every node
//! ([`crate::semeai`], [`crate::enclosed`], [`crate::intrusion`]): a copy into a board of
//! the same size moves only the slots in use, where a fresh board first fills every slot.

use tengen::board::Board;

/// A pool of boards no longer in use.
#[derive(Default)]
pub(crate) struct Spares(Vec<Box<Board>>);

impl Spares {
    /// A copy of `b`, on a spare board when there is one.
    pub(crate) fn copy(&mut self, b: &Board) -> Box<Board> {
        match self.0.pop() {
            Some(mut spare) => {
                (*spare).clone_from(b);
                spare
            }
            None => Box::new(b.clone()),
        }
    }

    /// Gives a board back for later copies.
    pub(crate) fn give(&mut self, b: Box<Board>) {
        self.0.push(b);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tengen::color::Color;

    #[test]
    fn a_copy_on_a_spare_board_is_the_position_copied() {
        let mut spares = Spares::default();
        let mut a = Board::new(tengen::point::Size::square(9).unwrap());
        a.play_unchecked(a.idx(tengen::point::Point::new(2, 3)), Color::Black);
        let mut b = spares.copy(&a);
        b.play_unchecked(b.idx(tengen::point::Point::new(4, 4)), Color::White);
        spares.give(b);
        let c = spares.copy(&a);
        assert_eq!(c.hash(), a.hash());
        assert_eq!(c.to_string(), a.to_string());
    }
}
