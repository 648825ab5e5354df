//! The ways to turn and mirror a board: eight on a square board, four (the mirrorings)
//! on one that is not square; and the swap of the colours. The rules do not see the
//! orientation of a board, nor which colour is which (but for who moves and komi), so
//! code that makes choices in the order of the points or of the colours (the estimator's
//! tie-breaks and playouts, the seki test's dame filling) reads a position in one chosen
//! form, [`Symmetry::least`] and [`Symmetry::least_with_colours`], to give one position
//! one answer however it is turned and whichever colour is which.

use crate::board::Board;
use crate::grid::Grid;
use crate::point::{Point, Size};

/// One way to turn or mirror a board: bit 0 mirrors the columns, bit 1 the rows, then bit
/// 2 swaps columns and rows (only on a square board).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Symmetry(u8);

impl Symmetry {
    /// The board as it is.
    pub const IDENTITY: Symmetry = Symmetry(0);

    /// Every symmetry of a board of `size`, the identity first: eight when it is square,
    /// four otherwise.
    pub fn all(size: Size) -> impl Iterator<Item = Symmetry> {
        let n = if size.width() == size.height() { 8 } else { 4 };
        (0..n).map(Symmetry)
    }

    /// Where `p` goes on a board of `size`. The board keeps its size: a symmetry that
    /// swaps columns and rows exists only on a square board.
    pub fn point(self, size: Size, p: Point) -> Point {
        let x = if self.0 & 1 != 0 {
            size.width() - 1 - p.x
        } else {
            p.x
        };
        let y = if self.0 & 2 != 0 {
            size.height() - 1 - p.y
        } else {
            p.y
        };
        if self.0 & 4 != 0 {
            Point { x: y, y: x }
        } else {
            Point { x, y }
        }
    }

    /// The symmetry that undoes this one. Mirroring then swapping is undone by swapping
    /// then mirroring, which is mirroring the other axis then swapping.
    pub fn inverse(self) -> Symmetry {
        if self.0 & 4 == 0 {
            return self;
        }
        Symmetry(4 | (self.0 & 1) << 1 | (self.0 & 2) >> 1)
    }

    /// This symmetry applied after `first`.
    pub fn after(self, first: Symmetry, size: Size) -> Symmetry {
        let probe = Point { x: 0, y: 1 };
        let corner = Point { x: 0, y: 0 };
        let want = (
            self.point(size, first.point(size, corner)),
            self.point(size, first.point(size, probe)),
        );
        Symmetry::all(size)
            .find(|s| (s.point(size, corner), s.point(size, probe)) == want)
            .unwrap_or(Symmetry::IDENTITY)
    }

    /// `board` turned: its stones moved, placed in the order of the new board's points
    /// (as [`Board::canonical`] does), its ko point moved with them.
    pub fn board(self, board: &Board) -> Board {
        let size = board.size();
        let mut stones: Vec<(Point, crate::Color)> = board
            .indices()
            .filter_map(|i| Some((self.point(size, board.point(i)), board.cell(i).color()?)))
            .collect();
        stones.sort();
        let mut b = Board::new(size);
        for (p, c) in stones {
            let i = b.idx(p);
            b.place_unchecked(i, c);
        }
        let ko = board
            .ko_point()
            .map(|k| b.idx(self.point(size, board.point(k))));
        b.set_ko(ko);
        b
    }

    /// A hash of `board`'s stones that is the same in every orientation (not a key for
    /// legality: two positions may share it), and the first symmetry that brings the
    /// board to the orientation hashed: the least of the hashes of its orientations.
    /// Searches that remember what they read use it to recognise a position turned.
    pub fn least_hash(board: &Board) -> (u64, Symmetry) {
        let keys = orientation_keys(board);
        let mut hashes = [0u64; 8];
        for i in board.indices() {
            if let Some(c) = board.cell(i).color() {
                let k = &keys[i as usize][c.index()];
                for (h, key) in hashes.iter_mut().zip(k) {
                    *h ^= key;
                }
            }
        }
        Symmetry::all(board.size())
            .map(|s| (hashes[s.0 as usize], s))
            .min_by_key(|&(h, _)| h)
            .unwrap_or((0, Symmetry::IDENTITY))
    }

    /// The first symmetry that brings `board` to its least form: its points read row by
    /// row (empty before Black before White) compare least. Every orientation of one
    /// position comes to the same least board.
    pub fn least(board: &Board) -> Symmetry {
        Symmetry::least_of(board.size(), |p| board.get(p))
    }

    /// [`Symmetry::least`] of the position of `size` whose points hold `get`.
    pub fn least_of(size: Size, get: impl Fn(Point) -> Option<crate::Color>) -> Symmetry {
        least_read(size, &get).1
    }

    /// The symmetry, and whether the colours are swapped, that bring the position of
    /// `size` whose points hold `get` to the least of its forms: its orientations and
    /// theirs with the colours swapped, read as [`Symmetry::least`] reads them. A position
    /// that the swap only turns is left in its colours.
    pub fn least_with_colours(
        size: Size,
        get: impl Fn(Point) -> Option<crate::Color>,
    ) -> (Symmetry, bool) {
        let (plain, s) = least_read(size, &get);
        let (swapped, t) = least_read(size, &|p| get(p).map(crate::Color::opponent));
        if swapped < plain {
            (t, true)
        } else {
            (s, false)
        }
    }

    /// The points of `board` read row by row in its least orientation (0 empty, 1 Black,
    /// 2 White): the same for every orientation of one position. Comparing it with the
    /// reading of [`colours_swapped`] tells which of the two colourings is the least.
    pub fn least_form(board: &Board) -> Vec<u8> {
        least_read(board.size(), &|p| board.get(p)).0
    }

    /// `grid` turned.
    pub fn grid(self, grid: &Grid) -> Grid {
        let size = grid.size();
        let mut out = grid.clone();
        for p in size.all_points() {
            out.set(self.point(size, p), grid.get(p));
        }
        out
    }
}

/// The least reading of the position of `size` whose points hold `get`, and the first
/// symmetry that gives it (see [`Symmetry::least`]).
fn least_read(size: Size, get: &impl Fn(Point) -> Option<crate::Color>) -> (Vec<u8>, Symmetry) {
    let code = |s: Symmetry, p: Point| match get(s.inverse().point(size, p)) {
        None => 0u8,
        Some(crate::Color::Black) => 1,
        Some(crate::Color::White) => 2,
    };
    let read = |s: Symmetry| size.all_points().map(|p| code(s, p)).collect::<Vec<u8>>();
    let mut best = (read(Symmetry::IDENTITY), Symmetry::IDENTITY);
    // Each other orientation is read only as far as its first point that differs from the
    // least reading so far, and read whole only if it is less (the first of equals stays).
    for s in Symmetry::all(size).skip(1) {
        let first_difference = size
            .all_points()
            .zip(&best.0)
            .map(|(p, &b)| code(s, p).cmp(&b))
            .find(|o| o.is_ne());
        if first_difference == Some(std::cmp::Ordering::Less) {
            best = (read(s), s);
        }
    }
    best
}

/// `board` with its colours swapped: each black stone white and each white stone black,
/// placed in the order of the points, the ko point kept. The rules treat the colours
/// alike but for who moves and komi, so code that makes choices by colour (the
/// estimator's playouts and tie-breaks) reads one of the two colourings, the least.
pub fn colours_swapped(board: &Board) -> Board {
    let mut b = Board::new(board.size());
    for i in board.indices() {
        if let Some(c) = board.cell(i).color() {
            let j = b.idx(board.point(i));
            b.place_unchecked(j, c.opponent());
        }
    }
    let ko = board.ko_point().map(|k| b.idx(board.point(k)));
    b.set_ko(ko);
    b
}

/// For every point of a board of one size (by padded index) and each colour, the key
/// [`Symmetry::least_hash`] adds for a stone there in each orientation: the key of the
/// point it goes to.
type OrientationKeys = std::rc::Rc<Vec<[[u64; 8]; 2]>>;

/// The [`OrientationKeys`] of `board`'s size, built once per size and thread (the last
/// size asked is kept), since the searches hash every position they remember.
fn orientation_keys(board: &Board) -> OrientationKeys {
    thread_local! {
        static KEYS: std::cell::RefCell<Option<(Size, OrientationKeys)>> =
            const { std::cell::RefCell::new(None) };
    }
    let size = board.size();
    KEYS.with(|k| {
        if let Some((s, keys)) = k.borrow().as_ref() {
            if *s == size {
                return keys.clone();
            }
        }
        let mut keys = vec![[[0u64; 8]; 2]; board.indices().last().map_or(0, |i| i as usize + 1)];
        for i in board.indices() {
            let p = board.point(i);
            for s in Symmetry::all(size) {
                let q = s.point(size, p);
                for c in crate::Color::BOTH {
                    let code = ((q.y as u64) << 6 | q.x as u64) << 1 | c.index() as u64;
                    keys[i as usize][c.index()][s.0 as usize] = mix(code);
                }
            }
        }
        let keys = std::rc::Rc::new(keys);
        *k.borrow_mut() = Some((size, keys.clone()));
        keys
    })
}

/// A 64-bit number that looks random for each input (the finaliser of SplitMix64).
fn mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Color;

    fn board(text: &str) -> Board {
        Board::from_text(text).unwrap()
    }

    const L_SHAPE: &str = "\
        X . . O\n\
        X . . .\n\
        X X . .\n\
        . . . .\n";

    #[test]
    fn the_eight_symmetries_of_a_square_board_move_a_corner_stone_to_each_corner_twice() {
        let size = Size::square(4).unwrap();
        let p = Point { x: 1, y: 0 };
        let mut seen: Vec<Point> = Symmetry::all(size).map(|s| s.point(size, p)).collect();
        seen.sort();
        seen.dedup();
        // (1,0) has eight images on the edge: two beside each corner.
        assert_eq!(seen.len(), 8);
        assert_eq!(Symmetry::all(Size::new(4, 3).unwrap()).count(), 4);
    }

    #[test]
    fn every_symmetry_is_undone_by_its_inverse_and_composes_into_another() {
        for size in [Size::square(5).unwrap(), Size::new(5, 3).unwrap()] {
            for s in Symmetry::all(size) {
                for p in size.all_points() {
                    assert_eq!(s.inverse().point(size, s.point(size, p)), p, "{s:?}");
                    for t in Symmetry::all(size) {
                        let both = t.after(s, size);
                        assert_eq!(both.point(size, p), t.point(size, s.point(size, p)));
                    }
                }
            }
        }
    }

    /// A position where Black has just captured White's stone at the second point of the
    /// first row: White may not retake there at once.
    fn ko_board() -> Board {
        let mut b = board(
            "\
            . X O .\n\
            X O . O\n\
            . X O .\n\
            . . . .\n",
        );
        let played = b.play_unchecked(b.idx(Point { x: 2, y: 1 }), Color::Black);
        assert_eq!(played.captured, 1);
        b
    }

    #[test]
    fn a_turned_board_keeps_its_chains_and_moves_its_ko_point() {
        let b = ko_board();
        let ko = b.ko_point().map(|k| b.point(k)).unwrap();
        let size = b.size();
        for s in Symmetry::all(size) {
            let t = s.board(&b);
            t.check_invariants().unwrap();
            assert_eq!(t.ko_point().map(|k| t.point(k)), Some(s.point(size, ko)));
            for p in size.all_points() {
                assert_eq!(t.get(s.point(size, p)), b.get(p));
                let turned = t.idx(s.point(size, p));
                assert_eq!(t.liberties(turned), b.liberties(b.idx(p)));
            }
        }
    }

    #[test]
    fn every_orientation_of_a_position_has_the_same_least_board() {
        let b = board(L_SHAPE);
        let size = b.size();
        // The text with the order `least` compares in: empty, Black, White.
        let text = |b: &Board| b.to_text().replace('X', "1").replace('O', "2");
        let least = text(&Symmetry::least(&b).board(&b));
        let mut forms = Vec::new();
        for s in Symmetry::all(size) {
            let turned = s.board(&b);
            forms.push(text(&turned));
            assert_eq!(text(&Symmetry::least(&turned).board(&turned)), least);
        }
        // The hash is the same in every orientation, and so is the position its
        // symmetry brings the board to.
        let (hash, turn) = Symmetry::least_hash(&b);
        let hashed = turn.board(&b).to_text();
        for s in Symmetry::all(size) {
            let turned = s.board(&b);
            let (h, t) = Symmetry::least_hash(&turned);
            assert_eq!(h, hash);
            assert_eq!(t.board(&turned).to_text(), hashed);
        }
        // The least form is the least of the eight, and the shape has no symmetry.
        assert_eq!(forms.iter().min(), Some(&least));
        forms.sort();
        forms.dedup();
        assert_eq!(forms.len(), 8);
    }

    #[test]
    fn colours_swapped_keeps_the_chains_and_the_ko_point_and_twice_is_the_board() {
        // White may not retake the ko; swapped, Black may not.
        let b = ko_board();
        let s = colours_swapped(&b);
        s.check_invariants().unwrap();
        assert_eq!(
            s.to_text(),
            b.to_text()
                .replace('X', "x")
                .replace('O', "X")
                .replace('x', "O")
        );
        assert_eq!(
            s.ko_point().map(|k| s.point(k)),
            b.ko_point().map(|k| b.point(k))
        );
        for i in b.indices().filter(|&i| b.cell(i).color().is_some()) {
            assert_eq!(s.liberties(s.idx(b.point(i))), b.liberties(i));
        }
        assert_eq!(colours_swapped(&s).to_text(), b.to_text());
    }

    #[test]
    fn the_least_form_is_the_same_in_every_orientation_and_tells_the_colourings_apart() {
        let b = board(L_SHAPE);
        let form = Symmetry::least_form(&b);
        for s in Symmetry::all(b.size()) {
            assert_eq!(Symmetry::least_form(&s.board(&b)), form, "{s:?}");
        }
        // Black's L of four stones and White's lone stone: swapped, the L is White's, and a
        // white stone (2) reads after a black one (1), so the board as given is the least.
        let swapped = Symmetry::least_form(&colours_swapped(&b));
        assert!(form < swapped);
        // Of the sixteen forms, the least is the board's own least orientation; from the
        // swapped board, it is reached by swapping back.
        assert_eq!(
            Symmetry::least_with_colours(b.size(), |p| b.get(p)),
            (Symmetry::least(&b), false)
        );
        let w = colours_swapped(&b);
        let (turn, swap) = Symmetry::least_with_colours(w.size(), |p| w.get(p));
        assert!(swap);
        assert_eq!(
            Symmetry::least_form(&colours_swapped(&turn.board(&w))),
            form
        );
        // A position that the swap only turns reads the same in both colourings.
        let mirror = board("X . . O\n. . . .\n. . . .\n. . . .\n");
        assert_eq!(
            Symmetry::least_form(&mirror),
            Symmetry::least_form(&colours_swapped(&mirror))
        );
    }
}

#[cfg(test)]
mod shortcut_tests {
    //! `least_hash` adds precomputed keys and `least_read` stops each orientation at its
    //! first difference: both must answer exactly as the definitions written out plainly.
    use super::*;
    use crate::Color;

    /// The least hash as its documentation defines it: every orientation's hash computed
    /// from the stones, the least kept, the first symmetry of equals.
    fn plain_least_hash(board: &Board) -> (u64, Symmetry) {
        let size = board.size();
        Symmetry::all(size)
            .map(|s| {
                let h = board
                    .indices()
                    .fold(0u64, |h, i| match board.cell(i).color() {
                        Some(c) => {
                            let q = s.point(size, board.point(i));
                            h ^ mix(((q.y as u64) << 6 | q.x as u64) << 1 | c.index() as u64)
                        }
                        None => h,
                    });
                (h, s)
            })
            .min_by_key(|&(h, _)| h)
            .unwrap()
    }

    /// The least reading as documented: every orientation read whole, the least kept.
    fn plain_least_read(board: &Board) -> (Vec<u8>, Symmetry) {
        let size = board.size();
        Symmetry::all(size)
            .map(|s| {
                let back = s.inverse();
                let read = size
                    .all_points()
                    .map(|p| match board.get(back.point(size, p)) {
                        None => 0u8,
                        Some(Color::Black) => 1,
                        Some(Color::White) => 2,
                    })
                    .collect::<Vec<u8>>();
                (read, s)
            })
            .min_by(|a, b| a.0.cmp(&b.0))
            .unwrap()
    }

    /// Boards of several sizes (square or not, sizes met one after another so that the
    /// kept keys change), random and symmetric.
    fn boards() -> Vec<Board> {
        let mut rng = crate::rng::Rng::new(0x2545_f491_4f6c_dd1d);
        let mut out = Vec::new();
        for (w, h) in [
            (9, 9),
            (19, 19),
            (5, 7),
            (9, 9),
            (13, 13),
            (25, 25),
            (7, 5),
            (19, 19),
        ] {
            let size = Size::new(w, h).unwrap();
            // Empty (every orientation alike), then random, a stone on one point in 2, 4, 8.
            out.push(Board::new(size));
            for density in [2, 4, 8] {
                let mut b = Board::new(size);
                for p in size.all_points() {
                    if rng.below(density) == 0 {
                        let c = if rng.below(2) == 0 {
                            Color::Black
                        } else {
                            Color::White
                        };
                        b.place_unchecked(b.idx(p), c);
                    }
                }
                out.push(b);
            }
            // A centre stone alone: symmetric, so several orientations tie.
            let mut centre = Board::new(size);
            let mid = Point::new(w / 2, h / 2);
            centre.place_unchecked(centre.idx(mid), Color::Black);
            out.push(centre);
        }
        out
    }

    #[test]
    fn the_least_hash_and_reading_are_those_of_their_definitions() {
        for b in boards() {
            assert_eq!(
                Symmetry::least_hash(&b),
                plain_least_hash(&b),
                "{}",
                b.to_text()
            );
            assert_eq!(
                least_read(b.size(), &|p| b.get(p)),
                plain_least_read(&b),
                "{}",
                b.to_text()
            );
        }
    }
}
