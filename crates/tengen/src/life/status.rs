//! Unconditional status (docs/rules.md §5.1): for every point, whether it holds a stone that can
//! never be captured, a stone that can never escape capture, a point of unconditional
//! territory, or none of these. These are GNU Go's five answers to GTP
//! `unconditional_status`, and with suicide forbidden they are computed as GNU Go computes
//! them (see [`super::filling`]).
//!
//! Where suicide of two or more stones is legal, the opponent can empty her own stones out
//! of a region (see [`super::benson`]), so her stones there are no permanent obstacle and
//! the filling, which takes them as permanent, does not apply. Then the answer is Benson's
//! (suicide-aware): the alive chains, and as territory their safe regions, every point of
//! which touches them, so that the opponent can never make an eye there.

use super::benson::unconditional;
use super::filling::{fill, Mark};
use crate::color::Color;
use crate::grid::Grid;
use crate::rules::Suicide;

/// The unconditional status of one point.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// None of the others (GTP `undecided`).
    Undecided,
    /// A stone that can never be captured, even if the opponent moves without end.
    Alive,
    /// A stone on the opponent's unconditional territory: it can never escape capture.
    Dead,
    /// An empty point of this colour's unconditional territory.
    Territory(Color),
}

impl Status {
    /// The GTP word: `undecided`, `alive`, `dead`, `black_territory` or `white_territory`.
    pub fn gtp_name(self) -> &'static str {
        match self {
            Status::Undecided => "undecided",
            Status::Alive => "alive",
            Status::Dead => "dead",
            Status::Territory(Color::Black) => "black_territory",
            Status::Territory(Color::White) => "white_territory",
        }
    }
}

/// The unconditional status of every point of `grid` (row by row) under the suicide rule
/// `suicide`. Each colour's findings are laid over the board in turn, White's then
/// Black's (a point both claim, which a correct finding never has, keeps Black's); a
/// stone takes the status found on its chain's first point in row order.
pub fn unconditional_status(grid: &Grid, suicide: Suicide) -> Vec<Status> {
    let mut status = vec![Status::Undecided; grid.cells().len()];
    for owner in [Color::White, Color::Black] {
        let marks = match suicide {
            Suicide::Forbidden => fill(grid, owner),
            Suicide::MultiStone | Suicide::Allowed => benson_marks(grid, owner, suicide),
        };
        for (k, mark) in marks.into_iter().enumerate() {
            if mark == Mark::None {
                continue;
            }
            status[k] = match grid.cells()[k] {
                Some(c) if c == owner => Status::Alive,
                Some(_) => Status::Dead,
                None => Status::Territory(owner),
            };
        }
    }
    for p in grid.size().all_points() {
        if grid.get(p).is_some() {
            let first = grid.area(p).points.into_iter().min_by_key(|q| (q.y, q.x));
            if let Some(first) = first {
                status[grid.k(p)] = status[grid.k(first)];
            }
        }
    }
    status
}

/// Benson's findings for `owner` as marks: her alive chains, and her safe regions.
fn benson_marks(grid: &Grid, owner: Color, suicide: Suicide) -> Vec<Mark> {
    let found = unconditional(grid, owner, suicide);
    let mut marks = vec![Mark::None; grid.cells().len()];
    for &p in &found.alive {
        marks[grid.k(p)] = Mark::Alive;
    }
    for &p in &found.safe {
        marks[grid.k(p)] = Mark::Territory;
    }
    marks
}
