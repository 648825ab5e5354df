//! Handicap stones: fixed placement in GTP's standard order, star points, and handicap
//! compensation (docs/rules.md §6).

use crate::point::{Point, Size};

/// The distance of the star-point lines from the edge for a side of length `n`: the 3rd
/// line up to 11, the 4th from 12 up: GTP §4.1.1 as GNU Go, GTP's reference
/// implementation, places them ("the edge stones are moved to the fourth line for boards
/// larger than 11x11"); only 12x12 tells the two readings apart.
fn edge_line(n: u8) -> u8 {
    if n <= 11 {
        2
    } else {
        3
    }
}

/// The most fixed handicap stones a board allows (GTP §4.1.1): none below 7x7, four where
/// a side is even or the board is 7 wide or high (no middle star lines), else nine.
pub fn max_fixed_handicap(size: Size) -> u8 {
    let (w, h) = (size.width(), size.height());
    if w < 7 || h < 7 {
        0
    } else if w % 2 == 0 || h % 2 == 0 || w == 7 || h == 7 {
        4
    } else {
        9
    }
}

/// Why fixed handicap placement was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HandicapError {
    /// Fewer than two stones: handicap 1 is played without stones (docs/rules.md §6).
    TooFew(u8),
    /// More stones than the board has fixed points for.
    TooMany {
        /// Stones asked for.
        asked: u8,
        /// The most this board allows.
        max: u8,
    },
}

impl std::fmt::Display for HandicapError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            HandicapError::TooFew(n) => write!(f, "a handicap needs at least 2 stones, not {n}"),
            HandicapError::TooMany { asked, max: 0 } => {
                write!(
                    f,
                    "this board has no fixed handicap points (asked for {asked})"
                )
            }
            HandicapError::TooMany { asked, max } => {
                write!(
                    f,
                    "this board allows at most {max} fixed handicap stones, not {asked}"
                )
            }
        }
    }
}

impl std::error::Error for HandicapError {}

/// The `n` fixed handicap points in GTP's order (19x19: 2 = D4 Q16; 3 adds D16; 4 adds Q4;
/// 5 adds the centre; 6 = corners + both side middles; 7 adds the centre; 8 = corners +
/// the four side middles; 9 adds the centre).
pub fn fixed_handicap(size: Size, n: u8) -> Result<Vec<Point>, HandicapError> {
    let max = max_fixed_handicap(size);
    if n < 2 {
        return Err(HandicapError::TooFew(n));
    }
    if n > max {
        return Err(HandicapError::TooMany { asked: n, max });
    }
    let (w, h) = (size.width(), size.height());
    let (ex, ey) = (edge_line(w), edge_line(h));
    let (left, right, top, bottom) = (ex, w - 1 - ex, ey, h - 1 - ey);
    let (mx, my) = (w / 2, h / 2);
    let lower_left = Point::new(left, bottom);
    let upper_right = Point::new(right, top);
    let upper_left = Point::new(left, top);
    let lower_right = Point::new(right, bottom);
    let centre = Point::new(mx, my);
    let (mid_left, mid_right) = (Point::new(left, my), Point::new(right, my));
    let (mid_bottom, mid_top) = (Point::new(mx, bottom), Point::new(mx, top));
    let corners = [lower_left, upper_right, upper_left, lower_right];
    let mut out: Vec<Point> = corners.iter().copied().take(n.min(4) as usize).collect();
    match n {
        5 => out.push(centre),
        6 => out.extend([mid_left, mid_right]),
        7 => out.extend([mid_left, mid_right, centre]),
        8 => out.extend([mid_left, mid_right, mid_bottom, mid_top]),
        9 => out.extend([mid_left, mid_right, mid_bottom, mid_top, centre]),
        _ => {}
    }
    Ok(out)
}

/// The star points drawn on an empty board: the corner handicap points, the centre on odd
/// boards, and the side middles as well from 15x15 up (19x19 has nine, 9x9 and 13x13 five).
pub fn star_points(size: Size) -> Vec<Point> {
    let max = max_fixed_handicap(size);
    if max == 0 {
        return Vec::new();
    }
    let mut stars = fixed_handicap(size, 4).unwrap_or_default();
    if max == 9 {
        let big = size.width() >= 15 && size.height() >= 15;
        stars = fixed_handicap(size, if big { 9 } else { 5 }).unwrap_or_default();
    }
    stars
}
