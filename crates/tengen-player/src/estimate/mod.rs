//! The dead-stone estimator (docs/rules.md §5.1): proposes the dead stones of a finished game
//! for the agreement phase to start from. Unconditional status (see
//! [`tengen::life::unconditional_status`]) is certain: unconditionally alive stones are
//! never dead, unconditionally dead ones always are. For the other chains, random
//! playouts from the final position say who ends up owning each point; a chain whose
//! points end up mostly the opponent's is dead, and so, after the passes, is a chain
//! stranded in the opponent's area (no friend, eye or capturable neighbour within reach).
//! Reading corrects them where it can answer: chains short of liberties
//! ([`crate::reading`]), capturing races ([`crate::semeai`]), groups shut in a small
//! region ([`crate::enclosed`]) and chains whose second eye is a dead stone's point. The moves the players would still make before a
//! territory count are then played (see [`crate::finish`]).
//!
//! Its parts, in the order the data flows: `ownership` (the playouts), `dead` (which
//! stones are dead), `count` (from the dead stones to the position counted: border fills,
//! the finishing and its repairs, seki at the end); this module ties them together, reads
//! a position in its least orientation and colouring, and lets the finishing's
//! orientations vote.

use tengen::board::Board;
use tengen::color::Color;
use tengen::life::Status;
use tengen::point::{Point, Size};
use tengen::rules::{DeadStones, Rules, Suicide};
use tengen::score::{CountError, ScoreReport};
use tengen::symmetry::{self, Symmetry};
use tengen::{EndReason, Game, Phase};

mod count;
mod dead;
mod ownership;

use count::{counted, finish_position};
use dead::read_dead;
pub use ownership::ownership;

/// What the estimator found.
#[derive(Clone, Debug, PartialEq)]
pub struct Estimate {
    /// Stones it thinks dead, sorted (with any live stone the finishing moves captured).
    pub dead: Vec<Point>,
    /// Stones the players would add before a territory count, on empty points (or where
    /// a dead stone of the other colour was captured, a connection through it): first
    /// border-closing stones (records often end with borders open; placing them splits
    /// regions that touch both colours only through the gap), then the finishing moves
    /// of [`crate::finish`] (dame, teire, captures of dead stones in the way; after a game
    /// ended by its passes, only those outside their player's own territory). A count
    /// makes those [`Estimate::counted_fills`] says.
    pub fills: Vec<(Point, Color)>,
    /// For each point (row by row), from -1 (White owns it every time) to +1 (Black).
    pub ownership: Vec<f32>,
}

impl Estimate {
    /// The count of `game`'s current position, the position this estimate was made of,
    /// with its dead stones removed and the fills [`Estimate::fills_for`] it made;
    /// refused if a dead point is not a stone of that position.
    pub fn score(&self, game: &Game) -> Result<ScoreReport, CountError> {
        game.score_with_fills(&self.dead, self.fills_for(game))
    }

    /// The fills a count of `game`'s current position makes (see
    /// [`Estimate::counted_fills`]).
    pub fn fills_for(&self, game: &Game) -> &[(Point, Color)] {
        self.counted_fills(game.rules(), ended_by_passes(game))
    }

    /// The fills a count under `rules` makes, of a game `ended` by its passes or not: all
    /// of them, except after the passes under rules that settle a dispute by confirmation
    /// play (docs/rules.md §5.1: Japanese, Korean), which restores the board. There the
    /// position is counted as it stands: nobody closes a border or fills a dame any more,
    /// and a region the players left open touches both colours (played-out record 232: the
    /// Japanese count of its kept position leaves Black's open top edge to nobody). Where a
    /// dispute resumes play (Chinese, AGA and the other area rules), or the dead stones
    /// must be captured by playing on (play-out rules: a count that takes stones off as
    /// dead counts after that play), the players fill the dame as they play on, as the
    /// fills estimate: the played-out set's area truth is the count after such play.
    pub fn counted_fills(&self, rules: &Rules, ended: bool) -> &[(Point, Color)] {
        if ended && rules.dead_stones == DeadStones::AgreeThenConfirm {
            &[]
        } else {
            &self.fills
        }
    }

    /// The position the count sees of `board`, the position this estimate was made of: its
    /// dead stones taken off, then all its fills placed, as
    /// [`tengen::score::count_with_fills`] does (a count after the passes under
    /// confirmation play places none: see [`Estimate::counted_fills`]).
    pub fn counted_board(&self, board: &Board) -> Board {
        counted(board, &self.dead, &self.fills)
    }
}

/// The estimate of `game`'s current position with the default options for it.
pub fn estimate_game(game: &Game) -> Estimate {
    estimate(game.board(), EstimateOptions::for_game(game))
}

/// How many playouts, and the seed: the same seed gives the same estimate.
#[derive(Clone, Copy, Debug)]
pub struct EstimateOptions {
    /// Playouts from the final position (half with each player to move first).
    pub playouts: u32,
    /// The random seed.
    pub seed: u64,
    /// The player to move at the end of the game: she makes the first of the finishing
    /// moves (see [`crate::finish`]).
    pub to_move: Color,
    /// The game's suicide rule, on which unconditional status depends.
    pub suicide: Suicide,
    /// The game ended by its passes (docs/rules.md §5): the players can make no more
    /// moves, so no finishing move that costs its player a point is counted (see
    /// [`estimate`]).
    pub ended: bool,
}

impl EstimateOptions {
    /// The default options for the current position of `game`. After passes its player
    /// to move makes the first finishing move. A game that stopped after a play (a record
    /// that leaves out the end) is finished starting with the player who made that play:
    /// on the records of goban-original-games this reproduced more recorded results
    /// than starting with the player to move (Honinbo records 73 of 135 against 71, the
    /// others 83 of 149 against 73). Records differ in how much of the end they leave
    /// out, so neither choice is right for all. A record that stops on a capture is the
    /// exception: a capture asks for an answer (a ko to connect, a shape to mend), so
    /// the player to move starts (Honinbo records, exact over four seeds, 380 -> 387 of
    /// 540; the others 421 -> 424 of 596). So is a record that stops on a dame fill (a
    /// play whose point touches stones of both colours and no empty point): it was
    /// written down into the filling of the dame, and the filling goes on with the
    /// player to move (docs/estimator-misses.md, round 24).
    pub fn for_game(game: &Game) -> EstimateOptions {
        let to_move = match game.moves().last() {
            Some(last)
                if last.mv != tengen::Move::Pass
                    && last.captured().is_empty()
                    && !fills_a_dame(game.board(), last) =>
            {
                last.color
            }
            _ => game.to_move(),
        };
        EstimateOptions {
            to_move,
            suicide: game.rules().suicide,
            ended: ended_by_passes(game),
            ..EstimateOptions::default()
        }
    }
}

/// Whether `game` has ended by its passes (docs/rules.md §5): its players make no more
/// moves.
fn ended_by_passes(game: &Game) -> bool {
    *game.phase() == Phase::Ended(EndReason::Passes)
}

/// Whether the play `last`, the last of the game on `board`, filled a dame: its point
/// touches stones of both colours and no empty point, so it closed a neutral point and
/// changed no territory. Filling points with empty neighbours as well cost Honinbo
/// records (the play may be a real move); see docs/estimator-misses.md, round 24.
fn fills_a_dame(board: &Board, last: &tengen::MoveRecord) -> bool {
    let tengen::Move::Play(p) = last.mv else {
        return false;
    };
    let counts = board.neighbour_counts(board.idx(p));
    let stones_of = |c: Color| counts.of_or_wall(c) - counts.walls();
    counts.empty() == 0 && stones_of(last.color) > 0 && stones_of(last.color.opponent()) > 0
}

impl Default for EstimateOptions {
    fn default() -> EstimateOptions {
        EstimateOptions {
            playouts: 400,
            seed: 0x7465_6e67,
            to_move: Color::Black,
            suicide: Suicide::Forbidden,
            ended: false,
        }
    }
}

/// `values`, one for each point row by row, moved by `turn`.
fn turned_values<T: Copy>(values: &[T], turn: Symmetry, size: Size) -> Vec<T> {
    let mut out = values.to_vec();
    for (k, p) in size.all_points().enumerate() {
        let q = turn.point(size, p);
        out[q.y as usize * size.width() as usize + q.x as usize] = values[k];
    }
    out
}

impl Estimate {
    /// This estimate of a board, for the board with its colours swapped.
    fn colours_swapped(self) -> Estimate {
        Estimate {
            dead: self.dead,
            fills: self
                .fills
                .into_iter()
                .map(|(p, c)| (p, c.opponent()))
                .collect(),
            ownership: self.ownership.into_iter().map(|o| -o).collect(),
        }
    }

    /// This estimate of a board, moved to the board turned by `turn`.
    fn turned(self, turn: Symmetry, size: Size) -> Estimate {
        let mut dead: Vec<Point> = self.dead.iter().map(|&p| turn.point(size, p)).collect();
        dead.sort();
        Estimate {
            dead,
            fills: self
                .fills
                .iter()
                .map(|&(p, c)| (turn.point(size, p), c))
                .collect(),
            ownership: turned_values(&self.ownership, turn, size),
        }
    }
}

/// Estimates the dead stones of `board`.
pub fn estimate(board: &Board, options: EstimateOptions) -> Estimate {
    // Black and White are names: the same position with the colours swapped (and the
    // player to move) is estimated alike. The playouts start with each colour in turn
    // from one stream of random numbers, so the two colourings get other playouts (and
    // 61 of the 284 records another estimate): one of them is read, the least
    // (docs/estimator-misses.md, round 27).
    if least_with_colours_swapped(board, options.to_move) {
        let swapped = symmetry::colours_swapped(board);
        let options = EstimateOptions {
            to_move: options.to_move.opponent(),
            ..options
        };
        return estimate_in_colours(&swapped, options).colours_swapped();
    }
    estimate_in_colours(board, options)
}

/// Whether `board`, with `to_move` to play, reads least with its colours swapped: its
/// least orientation's points compare less, or the same (a position that the swap only
/// turns) with White rather than Black to move after the swap.
fn least_with_colours_swapped(board: &Board, to_move: Color) -> bool {
    let swapped = symmetry::colours_swapped(board);
    let key = |b: &Board, c: Color| (Symmetry::least_form(b), c == Color::White);
    key(&swapped, to_move.opponent()) < key(board, to_move)
}

/// [`estimate`] of `board` in the colouring it is given.
fn estimate_in_colours(board: &Board, options: EstimateOptions) -> Estimate {
    // One position, one estimate, however it was reached or turned: the tie-breaks of the
    // reading and finishing follow the order of the points and of the board's chains.
    let turn = Symmetry::least(board);
    let least = turn.board(board);
    crate::memory::remembering(|| estimate_least(&least, options))
        .turned(turn.inverse(), board.size())
}

/// [`estimate`] of a board in its least orientation, built in the order of its points.
///
/// The dead stones are read once. The finishing is then played in each orientation of
/// the board, and the count that most of them give is kept (the first of those as
/// frequent): its choices between equal moves follow the order of the points, and on
/// the goban-original-games records one orientation in four or five counts otherwise
/// (docs/estimator-misses.md, round 25). The orientations stop once the rest could not
/// change the answer, or once the reading has cost more than [`WORK_LIMIT`]. Boards
/// bigger than [`MAX_VOTING_POINTS`] play the least orientation only.
fn estimate_least(board: &Board, options: EstimateOptions) -> Estimate {
    let read = read_dead(board, options);
    let turns: Vec<Symmetry> = if board.size().points() <= MAX_VOTING_POINTS {
        Symmetry::all(board.size()).collect()
    } else {
        vec![Symmetry::IDENTITY]
    };
    let mut votes: Vec<Vote> = Vec::new();
    for (n, &turn) in turns.iter().enumerate() {
        let e = finish_turned(board, &read, turn, options);
        // Orientations often finish alike: an estimate met before is not counted again.
        let key = match votes.iter().find(|v| v.first == e) {
            Some(v) => v.key,
            None => count_key(board, &e),
        };
        match votes.iter_mut().find(|v| v.key == key) {
            Some(v) => v.times += 1,
            None => votes.push(Vote {
                key,
                times: 1,
                first: e,
            }),
        }
        if decided(&votes, turns.len() - n - 1) || crate::memory::work() > WORK_LIMIT {
            break;
        }
    }
    let best = winner(&votes).unwrap_or(0);
    match votes.into_iter().nth(best) {
        Some(v) => v.first,
        None => finish_position(board, &read, options),
    }
}

/// The largest board (in points) whose finishing is played in every orientation: 19x19.
/// On bigger boards the finishing of a position full of fights costs up to 0.15 s an
/// orientation (random 25x25 positions of `estimate_stress`: 1.2 s with the vote), and
/// only the least orientation is played.
const MAX_VOTING_POINTS: usize = 361;

/// The positions the searches may read for one estimate (see [`crate::memory::work`])
/// before the vote stops where it is. The end of a real game needs far fewer: at most
/// 610,834 on the goban-original-games records, the median 40,000. Random positions full
/// of races (`estimate_stress`) needed up to 7.4 million, 2.3 s on 25x25 (one finishing
/// alone up to 4 million); [`crate::memory::SEARCH_LIMIT`] stops the searches themselves.
const WORK_LIMIT: u64 = 1_000_000;

/// The orientations whose finishing gave one count (see [`count_key`]).
struct Vote {
    key: (i32, i32),
    times: usize,
    /// The estimate of the first of them.
    first: Estimate,
}

/// The vote that wins among `votes`: the most frequent, the first seen of those as
/// frequent.
fn winner(votes: &[Vote]) -> Option<usize> {
    (0..votes.len()).max_by_key(|&k| (votes[k].times, std::cmp::Reverse(k)))
}

/// Whether the winning vote stays the winner however the `left` orientations finish: no
/// other count, nor a new one (which would be seen last), can pass it or tie with it
/// from ahead of it in the order seen.
fn decided(votes: &[Vote], left: usize) -> bool {
    let Some(best) = winner(votes) else {
        return false;
    };
    let lead = votes[best].times;
    let caught = |k: usize, times: usize| times > lead || (times == lead && k < best);
    left <= lead
        && votes
            .iter()
            .enumerate()
            .all(|(k, v)| k == best || !caught(k, v.times + left))
}

/// What the estimator reads of a position before the finishing: the playouts' ownership
/// and the unconditional status of every point (row by row), and the dead stones.
struct Reading {
    ownership: Vec<f32>,
    status: Vec<Status>,
    dead: Vec<Point>,
}

/// The finishing of `board`, played on the board turned by `turn`, moved back.
fn finish_turned(
    board: &Board,
    read: &Reading,
    turn: Symmetry,
    options: EstimateOptions,
) -> Estimate {
    let size = board.size();
    let mut dead: Vec<Point> = read.dead.iter().map(|&p| turn.point(size, p)).collect();
    dead.sort();
    let turned = Reading {
        ownership: turned_values(&read.ownership, turn, size),
        status: turned_values(&read.status, turn, size),
        dead,
    };
    finish_position(&turn.board(board), &turned, options).turned(turn.inverse(), size)
}

/// The two margins (Black's points less White's, in half points) that decide every count
/// of `board` with `e`'s dead stones and fills: by area and by territory.
fn count_key(board: &Board, e: &Estimate) -> (i32, i32) {
    let margin = |rules: &tengen::Rules| {
        let tally = tengen::score::Tally::default();
        tengen::score::count_with_fills(board, &e.dead, &e.fills, &tally, rules)
            .map_or(0, |r| r.black.total - r.white.total)
    };
    (
        margin(&tengen::Rules::chinese()),
        margin(&tengen::Rules::japanese()),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    #[test]
    fn the_orientations_stop_once_the_rest_could_not_change_the_count() {
        let votes = |times: &[usize]| -> Vec<Vote> {
            let size = tengen::point::Size::square(3).unwrap();
            let e = Estimate {
                dead: Vec::new(),
                fills: Vec::new(),
                ownership: vec![0.0; size.points()],
            };
            (0..times.len())
                .map(|k| Vote {
                    key: (k as i32, 0),
                    times: times[k],
                    first: e.clone(),
                })
                .collect()
        };
        // Four alike of eight: a new count could only tie them, and a tie goes to the
        // count seen first.
        assert!(decided(&votes(&[4]), 4));
        assert!(!decided(&votes(&[3]), 5));
        // Four against one seen later, three left: the one could only tie.
        assert!(decided(&votes(&[4, 1]), 3));
        // ... but seen first, it would win that tie.
        assert!(!decided(&votes(&[1, 4]), 3));
        assert!(decided(&votes(&[1, 5]), 2));
        // Three against two seen first: one left could tie them, and the two would win.
        assert!(!decided(&votes(&[2, 3]), 1));
        assert!(decided(&votes(&[2, 3]), 0));
        // Seen after the three, the two could only tie with one left, not with two.
        assert!(decided(&votes(&[3, 2]), 1));
        assert!(!decided(&votes(&[3, 2]), 2));
        // At the end, the order decides a tie.
        assert!(decided(&votes(&[2, 1, 1]), 0));
        assert!(decided(&votes(&[2, 2]), 0));
    }

    #[test]
    fn stopping_the_vote_early_never_changes_its_winner() {
        let e = Estimate {
            dead: Vec::new(),
            fills: Vec::new(),
            ownership: Vec::new(),
        };
        let tally = |keys: &[i32]| -> Vec<Vote> {
            let mut votes: Vec<Vote> = Vec::new();
            for &k in keys {
                match votes.iter_mut().find(|v| v.key.0 == k) {
                    Some(v) => v.times += 1,
                    None => votes.push(Vote {
                        key: (k, 0),
                        times: 1,
                        first: e.clone(),
                    }),
                }
            }
            votes
        };
        // Every sequence of eight counts drawn from three (6,561 of them).
        for code in 0..3i32.pow(8) {
            let keys: Vec<i32> = (0..8).map(|n| code / 3i32.pow(n) % 3).collect();
            let all = tally(&keys);
            let full = all[winner(&all).unwrap()].key;
            let stop = (1..=8)
                .find(|&n| decided(&tally(&keys[..n]), 8 - n))
                .unwrap();
            let early = tally(&keys[..stop]);
            assert_eq!(early[winner(&early).unwrap()].key, full, "{keys:?}");
        }
    }
}
