//! What a player must still play before she passes (docs/rules.md §4, §5): the player passes
//! only when nothing is left that the count would see.
//!
//! The dead stones and who owns each point come from the dead-stone estimator
//! ([`crate::estimate`]). With the dead stones taken off, [`remaining`] lists the plays of
//! the player `c` that still matter, each with its [`Need`]:
//! - **open borders and dame** ([`Need::Border`]): an empty point of a region that touches
//!   live stones of both colours, unless the estimate gives it firmly to the opponent, and
//!   unless it lies deep in `c`'s own area (every neighbour a stone of hers or a point she
//!   firmly owns): the points on the line where the two areas meet. Under area scoring a
//!   dame is a point; under territory scoring it is worth nothing, but the players fill
//!   the dame before counting, and a border left open is not a count at all;
//! - **dead stones to capture** ([`Need::Capture`]), under area and stone scoring and under
//!   play-out rules: a liberty of an opponent chain the estimate calls dead. Under
//!   play-out rules the board is counted as it stands, so a dead chain left on it counts
//!   as alive, with the region around it neutral; under area scoring with agreement,
//!   taking it costs nothing and leaves nothing to dispute. Under territory scoring a play
//!   in one's own territory costs a point, so dead stones there stay on the board (they
//!   are prisoners at the count), except as the finishing moves require;
//! - **finishing moves** ([`Need::Finish`]): the first move of [`crate::finish`] when it is
//!   `c`'s: saving a chain that a dame fill would leave capturable (a teire), or capturing
//!   dead stones before the dame would leave them in seki.
//!
//! A play is listed only if it is legal and safe: its chain keeps two liberties or more
//! (or it captures), and reading ([`crate::reading`]) finds no capture of it with the
//! opponent to move.

use crate::estimate::{estimate, Estimate, EstimateOptions};
use crate::finish;
use crate::reading::Reader;
use tengen::board::{Board, Cell, Idx, CELLS};
use tengen::rules::{DeadStones, Scoring};
use tengen::{Color, Game, Move, Point};

/// How sure the estimate's ownership must be before a point counts as firmly a player's
/// (from -1, always White's at the end of the playouts, to +1, always Black's).
pub const FIRM: f32 = 0.5;

/// Why a play is still needed before passing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Need {
    /// A point on an open border or a dame: the region around it touches both colours.
    Border,
    /// A liberty of opponent stones the estimate calls dead, which the ruleset's count
    /// needs captured (area or stone scoring, or play-out rules).
    Capture,
    /// The first finishing move of [`crate::finish`]: a teire, or a capture that the dame
    /// fills would otherwise make impossible.
    Finish,
}

/// The plays left for one player, and the estimate they were read from.
#[derive(Clone, Debug)]
pub struct Remaining {
    /// The plays that still matter, each listed once (the first need found for it).
    pub plays: Vec<(Point, Need)>,
    /// The estimate of the current position (dead stones, ownership).
    pub estimate: Estimate,
}

/// The estimate of a position as one player reads it, with its dead stones and her
/// ownership laid out by padded board index (what [`remaining`] and tests that judge a
/// player's passes look up point by point).
#[derive(Clone, Debug)]
pub struct Seen {
    /// The estimate, made with this player finishing first.
    pub estimate: Estimate,
    /// Whether the stone on each point is called dead, by padded index.
    pub dead: Vec<bool>,
    /// Ownership from this player's side (+1: always hers), by padded index.
    pub own: Vec<f32>,
}

/// The estimate of `game`'s position with `color` to finish first, under the game's
/// suicide rule (see [`Seen`]).
pub fn seen(game: &Game, color: Color) -> Seen {
    let board = game.board();
    let options = EstimateOptions {
        to_move: color,
        suicide: game.rules().suicide,
        ..EstimateOptions::default()
    };
    let estimate = estimate(board, options);
    let mut dead = vec![false; CELLS];
    for &p in &estimate.dead {
        dead[board.idx(p) as usize] = true;
    }
    let sign = if color == Color::Black { 1.0 } else { -1.0 };
    let mut own = vec![0.0f32; CELLS];
    for (k, p) in board.size().all_points().enumerate() {
        own[board.idx(p) as usize] = sign * estimate.ownership[k];
    }
    Seen {
        estimate,
        dead,
        own,
    }
}

/// The plays `color` must still make in `game`'s position before passing (module
/// documentation). Empty when passing loses nothing the count would see.
pub fn remaining(game: &Game, color: Color) -> Remaining {
    let board = game.board();
    let Seen {
        estimate: e,
        dead,
        own,
    } = seen(game, color);
    let view = View {
        board,
        color,
        dead: &dead,
        own: &own,
    };
    let mut plays: Vec<(Point, Need)> = Vec::new();
    let mut add = |i: Idx, need: Need| {
        let p = board.point(i);
        if !plays.iter().any(|&(q, _)| q == p) && playable(game, i, color) {
            plays.push((p, need));
        }
    };
    let neutral = view.neutral_regions();
    for i in board.indices() {
        if neutral[i as usize] && board.cell(i) == Cell::Empty && view.on_border(i) {
            add(i, Need::Border);
        }
    }
    let rules = game.rules();
    let must_capture =
        rules.dead_stones == DeadStones::PlayOut || rules.scoring != Scoring::Territory;
    if must_capture {
        for i in board.indices() {
            if dead[i as usize] && board.cell(i) == Cell::stone(color.opponent()) {
                for n in board.neighbours(i) {
                    if board.cell(n) == Cell::Empty {
                        add(n, Need::Capture);
                    }
                }
            }
        }
    }
    let finished = finish::finish(board, &e.dead, &[], color);
    if let Some(&(p, c)) = finished.stones.first() {
        if c == color {
            add(board.idx(p), Need::Finish);
        }
    }
    Remaining { plays, estimate: e }
}

/// The position seen by one player: the estimate's dead stones and her ownership.
struct View<'a> {
    board: &'a Board,
    color: Color,
    dead: &'a [bool],
    /// Ownership from `color`'s side (+1: always hers), by padded index.
    own: &'a [f32],
}

impl View<'_> {
    /// Whether `i` is empty once the dead stones are taken off.
    fn open(&self, i: Idx) -> bool {
        self.board.cell(i) == Cell::Empty || self.dead[i as usize]
    }

    /// For each padded index: whether it is an open point of a region (dead stones taken
    /// off) that touches live stones of both colours.
    fn neutral_regions(&self) -> Vec<bool> {
        let b = self.board;
        let mut neutral = vec![false; CELLS];
        let mut seen = vec![false; CELLS];
        let mut region = Vec::new();
        for start in b.indices() {
            if !self.open(start) || seen[start as usize] {
                continue;
            }
            let touches = finish::flood_region(b, self.dead, start, &mut seen, &mut region);
            if touches == 3 {
                region.iter().for_each(|&q| neutral[q as usize] = true);
            }
        }
        neutral
    }

    /// Whether the open point `i` is where the two areas meet: not firmly the
    /// opponent's, and next to a live opponent stone or to an open point that is not
    /// firmly the player's.
    fn on_border(&self, i: Idx) -> bool {
        if self.own[i as usize] <= -FIRM {
            return false;
        }
        let b = self.board;
        let opp = Cell::stone(self.color.opponent());
        b.neighbours(i).iter().any(|&n| {
            let live_opponent = b.cell(n) == opp && !self.dead[n as usize];
            live_opponent || (self.open(n) && self.own[n as usize] < FIRM)
        })
    }
}

/// Whether `color` may play on `i` (the game's rules) and the stone would be safe: its
/// chain keeps two liberties or more, or it captures, and reading finds no capture of it
/// with the opponent to move.
fn playable(game: &Game, i: Idx, color: Color) -> bool {
    let board = game.board();
    if game.legal_as(color, Move::Play(board.point(i))).is_err() {
        return false;
    }
    let mut after = board.clone();
    after.play_unchecked(i, color);
    if after.cell(i) != Cell::stone(color) {
        return false; // suicide, where the rules allow it
    }
    let captures =
        after.stones_on_board(color.opponent()) < board.stones_on_board(color.opponent());
    if after.liberties(i) < 2 && !captures {
        return false;
    }
    Reader::new().attack(&after, i).is_none()
}

#[cfg(test)]
mod tests {
    use super::*;
    use tengen::Rules;

    fn game(text: &str, to_move: Color, rules: &str) -> Game {
        let b = Board::from_text(text).unwrap();
        Game::from_position(b, to_move, Rules::named(rules).unwrap())
    }

    #[test]
    fn a_board_split_in_two_leaves_nothing() {
        // Black owns the left, White the right; no region touches both.
        let text = ". . X O .
                    . . X O .
                    . . X O .
                    . . X O .
                    . . X O .";
        for rules in ["japanese", "chinese", "tromp-taylor"] {
            for c in Color::BOTH {
                let r = remaining(&game(text, c, rules), c);
                assert!(r.plays.is_empty(), "{rules} {c}: {:?}", r.plays);
            }
        }
    }

    #[test]
    fn a_gap_in_the_border_is_open() {
        // The middle column has one gap, c3 (x=2, y=2): both players must fill it (it is
        // the only point next to both colours); nothing else is on the border.
        let text = ". . X O .
                    . . X O .
                    . X . O .
                    . . X O .
                    . . X O .";
        for rules in ["japanese", "chinese", "tromp-taylor"] {
            for c in Color::BOTH {
                let r = remaining(&game(text, c, rules), c);
                let gap = Point::new(2, 2);
                assert!(
                    r.plays.contains(&(gap, Need::Border)),
                    "{rules} {c}: {:?}",
                    r.plays
                );
            }
        }
    }
}
