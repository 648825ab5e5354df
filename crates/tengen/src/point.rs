//! Points, board sizes and moves, with their GTP (`D4`) and SGF (`dd`) spellings.

use std::fmt;

/// The largest board side the project supports (docs/rules.md §1.2).
pub const MAX_SIDE: u8 = 25;

/// A board size: `width` columns by `height` rows, each from 1 to 25. Only the
/// constructors make one, so every size is a valid board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Size {
    width: u8,
    height: u8,
}

impl Size {
    /// Number of columns.
    #[inline]
    pub const fn width(self) -> u8 {
        self.width
    }

    /// Number of rows.
    #[inline]
    pub const fn height(self) -> u8 {
        self.height
    }

    /// A size, if both sides are within 1..=25.
    pub fn new(width: u8, height: u8) -> Option<Size> {
        let ok = |s: u8| (1..=MAX_SIDE).contains(&s);
        (ok(width) && ok(height)).then_some(Size { width, height })
    }

    /// A square board of side `n`, if `n` is within 1..=25.
    pub fn square(n: u8) -> Option<Size> {
        Size::new(n, n)
    }

    /// The 9x9 board.
    pub const NINE: Size = Size {
        width: 9,
        height: 9,
    };

    /// The 13x13 board.
    pub const THIRTEEN: Size = Size {
        width: 13,
        height: 13,
    };

    /// The 19x19 board.
    pub const NINETEEN: Size = Size {
        width: 19,
        height: 19,
    };

    /// Number of points.
    pub fn points(self) -> usize {
        self.width as usize * self.height as usize
    }

    /// Whether `p` lies on this board.
    pub fn contains(self, p: Point) -> bool {
        p.x < self.width && p.y < self.height
    }

    /// Every point, row by row from the top-left.
    pub fn all_points(self) -> impl Iterator<Item = Point> {
        (0..self.height).flat_map(move |y| (0..self.width).map(move |x| Point::new(x, y)))
    }
}

impl fmt::Display for Size {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.width, self.height)
    }
}

/// A point of the board: column `x` from the left and row `y` from the top, both from 0
/// (the order of text boards and SGF; GTP counts rows from the bottom).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point {
    /// Column, 0 at the left.
    pub x: u8,
    /// Row, 0 at the top.
    pub y: u8,
}

/// GTP column letters: `A` to `Z` without `I`.
const GTP_COLUMNS: &[u8; 25] = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";

impl Point {
    /// The point at column `x`, row `y` (from the top).
    pub const fn new(x: u8, y: u8) -> Point {
        Point { x, y }
    }

    /// Parses a GTP vertex such as `D4` or `t19` (case-insensitive, no `I`). A pass is not a
    /// point: see [`Move::from_gtp`].
    pub fn from_gtp(s: &str, size: Size) -> Option<Point> {
        let bytes = s.as_bytes();
        let letter = bytes.first()?.to_ascii_uppercase();
        let x = GTP_COLUMNS.iter().position(|&c| c == letter)? as u8;
        let digits = &s[1..];
        if digits.is_empty() || digits.len() > 2 || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let row: u8 = digits.parse().ok()?;
        if row == 0 || row > size.height || x >= size.width {
            return None;
        }
        Some(Point::new(x, size.height - row))
    }

    /// The GTP vertex of this point on a board of `size`, such as `D4`; `None` if the point
    /// is off that board.
    pub fn to_gtp(self, size: Size) -> Option<String> {
        size.contains(self).then(|| {
            format!(
                "{}{}",
                GTP_COLUMNS[self.x as usize] as char,
                size.height - self.y
            )
        })
    }

    /// Parses a two-letter SGF point (`aa` is the top-left; `a`-`z` then `A`-`Z`). `tt` and
    /// the empty string are passes, not points: see [`Move::from_sgf`].
    pub fn from_sgf(s: &str, size: Size) -> Option<Point> {
        let b = s.as_bytes();
        if b.len() != 2 {
            return None;
        }
        let p = Point::new(sgf_coord(b[0])?, sgf_coord(b[1])?);
        size.contains(p).then_some(p)
    }

    /// The two-letter SGF spelling of this point (`a`-`z`, then `A`-`Z`); `None` for a
    /// coordinate beyond 51, which SGF cannot write.
    pub fn to_sgf(self) -> Option<String> {
        let c = |v: u8| match v {
            0..=25 => Some((b'a' + v) as char),
            26..=51 => Some((b'A' + v - 26) as char),
            _ => None,
        };
        Some(format!("{}{}", c(self.x)?, c(self.y)?))
    }
}

fn sgf_coord(c: u8) -> Option<u8> {
    match c {
        b'a'..=b'z' => Some(c - b'a'),
        b'A'..=b'Z' => Some(c - b'A' + 26),
        _ => None,
    }
}

/// A move: a play on a point, or a pass (docs/rules.md §1, "a move is a play or a pass").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// Put a stone on the point.
    Play(Point),
    /// Proceed to the next turn without playing.
    Pass,
}

impl Move {
    /// Parses a GTP vertex or `pass` (case-insensitive).
    pub fn from_gtp(s: &str, size: Size) -> Option<Move> {
        if s.eq_ignore_ascii_case("pass") {
            return Some(Move::Pass);
        }
        Point::from_gtp(s, size).map(Move::Play)
    }

    /// The GTP spelling: a vertex or `pass`; `None` for a play off a board of `size`.
    pub fn to_gtp(self, size: Size) -> Option<String> {
        match self {
            Move::Play(p) => p.to_gtp(size),
            Move::Pass => Some("pass".to_string()),
        }
    }

    /// Parses an SGF move value: a point, or a pass as `[]` (any size) or `[tt]` (boards up
    /// to 19x19, where `t` is off the board).
    pub fn from_sgf(s: &str, size: Size) -> Option<Move> {
        if s.is_empty() || (s == "tt" && size.width <= 19 && size.height <= 19) {
            return Some(Move::Pass);
        }
        Point::from_sgf(s, size).map(Move::Play)
    }

    /// The SGF spelling; a pass is written as the empty value. `None` for a play that SGF
    /// cannot write (see [`Point::to_sgf`]).
    pub fn to_sgf(self) -> Option<String> {
        match self {
            Move::Play(p) => p.to_sgf(),
            Move::Pass => Some(String::new()),
        }
    }

    /// The point played, if any.
    pub fn point(self) -> Option<Point> {
        match self {
            Move::Play(p) => Some(p),
            Move::Pass => None,
        }
    }
}
