//! The move generator behind `genmove`: a uniformly random legal play that does not fill
//! one of the mover's own eyes, or a pass when there is none. It is a sparring partner for
//! tests and matches, not a Go player.

use tengen::Rng;
use tengen::{Board, Color, Game, Move, Point, Size};

/// The on-board orthogonal neighbours of `p`.
fn neighbours(p: Point, size: Size) -> impl Iterator<Item = Point> {
    let (x, y) = (i16::from(p.x), i16::from(p.y));
    [(x, y - 1), (x - 1, y), (x + 1, y), (x, y + 1)]
        .into_iter()
        .filter_map(move |(a, b)| on_board(a, b, size))
}

/// The on-board diagonal neighbours of `p`.
fn diagonals(p: Point, size: Size) -> impl Iterator<Item = Point> {
    let (x, y) = (i16::from(p.x), i16::from(p.y));
    [
        (x - 1, y - 1),
        (x + 1, y - 1),
        (x - 1, y + 1),
        (x + 1, y + 1),
    ]
    .into_iter()
    .filter_map(move |(a, b)| on_board(a, b, size))
}

fn on_board(x: i16, y: i16, size: Size) -> Option<Point> {
    let inside =
        (0..i16::from(size.width())).contains(&x) && (0..i16::from(size.height())).contains(&y);
    inside.then(|| Point::new(x as u8, y as u8))
}

/// Whether the empty point `p` is a single-point eye of `color`: every orthogonal
/// neighbour is her stone, and the diagonals hold at most one opponent stone in the
/// middle of the board, none on the edge. The diagonal test keeps false eyes (which the
/// opponent can take away) fillable, so the player still connects where she must.
pub fn is_own_eye(board: &Board, p: Point, color: Color) -> bool {
    let size = board.size();
    if board.get(p).is_some() {
        return false;
    }
    let mut orthogonal = neighbours(p, size).peekable();
    if orthogonal.peek().is_none() || !orthogonal.all(|n| board.get(n) == Some(color)) {
        return false;
    }
    let (mut total, mut opponent) = (0, 0);
    for d in diagonals(p, size) {
        total += 1;
        opponent += usize::from(board.get(d) == Some(color.opponent()));
    }
    // A point with four diagonals is away from the edge.
    let allowed = if total == 4 { 1 } else { 0 };
    opponent <= allowed
}

/// The plays the generator chooses from: legal for `color` and not filling her own eye.
pub fn candidates(game: &Game, color: Color) -> Vec<Point> {
    let board = game.board();
    board
        .size()
        .all_points()
        .filter(|&p| board.get(p).is_none() && !is_own_eye(board, p, color))
        .filter(|&p| game.legal_as(color, Move::Play(p)).is_ok())
        .collect()
}

/// A uniformly random candidate play for `color`, or a pass when there is none.
pub fn choose(game: &Game, color: Color, rng: &mut Rng) -> Move {
    let plays = candidates(game, color);
    if plays.is_empty() {
        Move::Pass
    } else {
        Move::Play(plays[rng.index(plays.len())])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(s: &str, size: Size) -> Point {
        Point::from_gtp(s, size).unwrap()
    }

    #[test]
    fn middle_eyes_tolerate_one_opponent_diagonal() {
        let one = Board::from_text(
            ". X O . .
             X . X . .
             . X . . .
             . . . . .
             . . . . .",
        )
        .unwrap();
        let s = one.size();
        assert!(is_own_eye(&one, at("B4", s), Color::Black));
        assert!(!is_own_eye(&one, at("B4", s), Color::White));
        let two = Board::from_text(
            ". X O . .
             X . X . .
             O X . . .
             . . . . .
             . . . . .",
        )
        .unwrap();
        assert!(!is_own_eye(&two, at("B4", s), Color::Black));
    }

    #[test]
    fn edge_and_corner_eyes_tolerate_no_opponent_diagonal() {
        let clean = Board::from_text(
            "X . X . .
             . X . . .
             . . . . .
             X . . . .
             . X . . .",
        )
        .unwrap();
        let s = clean.size();
        assert!(is_own_eye(&clean, at("B5", s), Color::Black));
        assert!(is_own_eye(&clean, at("A1", s), Color::Black));
        assert!(!is_own_eye(&clean, at("C4", s), Color::Black));
        let spoiled = Board::from_text(
            "X . X . .
             . X O . .
             . . . . .
             X O . . .
             . X . . .",
        )
        .unwrap();
        assert!(!is_own_eye(&spoiled, at("B5", s), Color::Black));
        assert!(!is_own_eye(&spoiled, at("A1", s), Color::Black));
    }

    #[test]
    fn a_point_without_neighbours_is_no_eye() {
        let b = Board::new(Size::square(1).unwrap());
        assert!(!is_own_eye(&b, Point::new(0, 0), Color::Black));
    }

    #[test]
    fn the_generator_passes_when_only_eyes_remain() {
        let b = Board::from_text(
            ". X .
             X X X
             . X .",
        )
        .unwrap();
        let g = Game::from_position(b, Color::Black, tengen::Rules::named("chinese").unwrap());
        assert!(candidates(&g, Color::Black).is_empty());
        assert_eq!(choose(&g, Color::Black, &mut Rng::new(1)), Move::Pass);
        // White's plays there are suicide, forbidden under Chinese rules.
        assert!(candidates(&g, Color::White).is_empty());
    }
}
