//! Benson's algorithm and the filling method of unconditional status agree on which
//! stones are unconditionally alive (suicide forbidden), on finished random games (made by
//! this crate's playouts, hence the test's place).

use tengen::grid::Grid;
use tengen::life::{unconditional, unconditional_status, Status};
use tengen::rules::Suicide;
use tengen::{Board, Color, Point, Size};
use tengen_player::playout::Playouts;

#[test]
fn benson_and_filling_find_the_same_live_stones() {
    let mut playouts = Playouts::new(7);
    let mut compared = 0;
    let mut alive_stones = 0;
    for side in [5u8, 7, 9, 13, 19] {
        for game in 0..40 {
            let empty = Board::new(Size::square(side).unwrap());
            let first = if game % 2 == 0 {
                Color::Black
            } else {
                Color::White
            };
            playouts.light(&empty, first);
            let grid = Grid::from_board(playouts.board());
            let status = unconditional_status(&grid, Suicide::Forbidden);
            for c in Color::BOTH {
                let benson = unconditional(&grid, c, Suicide::Forbidden).alive;
                let filling: Vec<Point> = grid
                    .size
                    .all_points()
                    .filter(|&p| grid.get(p) == Some(c) && status[grid.k(p)] == Status::Alive)
                    .collect();
                let mut benson = benson;
                benson.sort_by_key(|p| (p.y, p.x));
                assert_eq!(benson, filling, "{c:?} on\n{}", playouts.board().to_text());
                alive_stones += benson.len();
            }
            compared += 1;
        }
    }
    assert_eq!(compared, 200);
    assert!(alive_stones > 1000, "{alive_stones}");
}
