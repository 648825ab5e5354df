//! The read-only queries GNU Go answers and controllers use to cross-check engines, in
//! GNU Go's output formats: vertex lists in board order (top row first, left to right),
//! `1`/`0` for legality, plain numbers for counts.

use tengen::{Color, Game, Move, Point, Size};

/// Vertices separated by single spaces.
pub fn vertex_list(points: impl IntoIterator<Item = Point>, size: Size) -> String {
    points
        .into_iter()
        .filter_map(|p| p.to_gtp(size))
        .collect::<Vec<_>>()
        .join(" ")
}

/// `is_legal`: whether `color` may make `mv` now.
pub fn is_legal(game: &Game, color: Color, mv: Move) -> bool {
    game.legal_as(color, mv).is_ok()
}

/// `all_legal`: every point where `color` may play now (passes are not listed).
pub fn all_legal(game: &Game, color: Color) -> Vec<Point> {
    let board = game.board();
    board
        .size()
        .all_points()
        .filter(|&p| board.get(p).is_none() && is_legal(game, color, Move::Play(p)))
        .collect()
}

/// `list_stones`: the points holding stones of `color`.
pub fn stones(game: &Game, color: Color) -> Vec<Point> {
    let board = game.board();
    board
        .size()
        .all_points()
        .filter(|&p| board.get(p) == Some(color))
        .collect()
}

/// `captures`: the opponent stones `color` has taken off the board, including those that
/// committed suicide (as GNU Go counts them), but not pass stones, which are prisoners
/// without ever having been captured.
pub fn captures(game: &Game, color: Color) -> usize {
    game.moves()
        .iter()
        .map(|r| {
            if r.color == color {
                r.captured().len()
            } else {
                r.suicided().len()
            }
        })
        .sum()
}

/// `color`: `black`, `white` or `empty`.
pub fn color_at(game: &Game, p: Point) -> &'static str {
    match game.board().get(p) {
        Some(Color::Black) => "black",
        Some(Color::White) => "white",
        None => "empty",
    }
}

/// `countlib`: the liberties of the chain on `p`, or `None` if `p` is empty.
pub fn liberties(game: &Game, p: Point) -> Option<usize> {
    game.board()
        .get(p)
        .map(|_| game.board().chain_liberties(p).len())
}

/// `unconditional_status`: the unconditional status of every point (docs/rules.md §5.1), row
/// by row, under the game's suicide rule: `alive`, `dead`, `black_territory`,
/// `white_territory` or `undecided`, as GNU Go answers.
pub fn unconditional_status(game: &Game) -> Vec<tengen::life::Status> {
    let grid = tengen::grid::Grid::from_board(game.board());
    tengen::life::unconditional_status(&grid, game.rules().suicide)
}
