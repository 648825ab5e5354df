//! The dead-stone estimator (docs/rules.md §5.1): proposes the dead stones of a finished game
//! for the agreement phase to start from. Unconditional status (see
//! [`tengen::life::unconditional_status`]) is certain: unconditionally alive stones are
//! never dead, unconditionally dead ones always are. For the other chains, random
//! playouts from the final position say who ends up owning each point; a chain whose
//! points end up mostly the opponent's is dead. Reading corrects them where it can
//! answer: chains short of liberties ([`crate::reading`]), capturing races
//! ([`crate::semeai`]) and groups shut in a small region ([`crate::enclosed`]). The moves
//! the players would still make before a territory count are then played (see
//! [`crate::finish`]).

use crate::enclosed;
use crate::finish;
use crate::playout::Playouts;
use crate::reading::{self, Defence, Reader};
use crate::semeai;
use tengen::board::{Board, Cell, Idx};
use tengen::color::Color;
use tengen::grid::Grid;
use tengen::life::{self, Status};
use tengen::point::{Point, Size};
use tengen::rules::Suicide;
use tengen::score::{CountError, ScoreReport};
use tengen::symmetry::{self, Symmetry};
use tengen::{EndReason, Game, Phase};

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
    /// ended by its passes, only those outside their player's own territory).
    pub fills: Vec<(Point, Color)>,
    /// For each point (row by row), from -1 (White owns it every time) to +1 (Black).
    pub ownership: Vec<f32>,
}

impl Estimate {
    /// The count of `game`'s current position, the position this estimate was made of,
    /// with its dead stones removed and its fills made; refused if a dead point is not a
    /// stone of that position.
    pub fn score(&self, game: &Game) -> Result<ScoreReport, CountError> {
        game.score_with_fills(&self.dead, &self.fills)
    }

    /// The position the count sees of `board`, the position this estimate was made of: its
    /// dead stones taken off, then its fills placed, as
    /// [`tengen::score::count_with_fills`] does.
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
            ended: *game.phase() == Phase::Ended(EndReason::Passes),
            ..EstimateOptions::default()
        }
    }
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

/// Adds who owns each point of a finished playout board by area to `sum` (row by row):
/// +1 for Black, -1 for White, for the stone on it or the colour of the only stones next
/// to its empty region. Playouts end with most regions one point wide, so a region is
/// flooded only when an empty point has an empty neighbour; `mark` is scratch space.
fn add_area_owner(b: &Board, sum: &mut [i32], mark: &mut Vec<u8>) {
    mark.clear();
    mark.resize(tengen::board::CELLS, 0);
    for (k, i) in b.indices().enumerate() {
        match b.cell(i) {
            Cell::Black => sum[k] += 1,
            Cell::White => sum[k] -= 1,
            _ => {
                let counts = b.neighbour_counts(i);
                let walls = counts.walls();
                if counts.empty() == 0 {
                    let black = counts.of_or_wall(Color::Black) > walls;
                    let white = counts.of_or_wall(Color::White) > walls;
                    sum[k] += black as i32 - white as i32;
                    continue;
                }
                if mark[i as usize] == 0 {
                    // Flood the region, then write its owner (4 + 0/1/2/3) on its points.
                    let mut region = vec![i];
                    let mut touches = 0u8;
                    mark[i as usize] = 8;
                    let mut at = 0;
                    while at < region.len() {
                        let q = region[at];
                        at += 1;
                        for n in b.neighbours(q) {
                            match b.cell(n) {
                                Cell::Empty if mark[n as usize] == 0 => {
                                    mark[n as usize] = 8;
                                    region.push(n);
                                }
                                Cell::Black => touches |= 1,
                                Cell::White => touches |= 2,
                                _ => {}
                            }
                        }
                    }
                    for &q in &region {
                        mark[q as usize] = 4 + touches;
                    }
                }
                match mark[i as usize] - 4 {
                    1 => sum[k] += 1,
                    2 => sum[k] -= 1,
                    _ => {}
                }
            }
        }
    }
}

/// The mean area ownership of every point over random playouts from `board`.
///
/// Tried and not kept: heavy playouts that answer a liberty taken from a chain left with
/// two or three by putting the attacker in atari (a capturing-race policy). Over four
/// seeds the Honinbo records gained two exact results and two right winners, but the
/// evaluation records lost two exact results (80.5 against 82.75 of 149).
pub fn ownership(board: &Board, options: EstimateOptions) -> Vec<f32> {
    if least_with_colours_swapped(board, options.to_move) {
        let swapped = symmetry::colours_swapped(board);
        let own = ownership_in_colours(&swapped, options);
        return own.into_iter().map(|o| -o).collect();
    }
    ownership_in_colours(board, options)
}

/// [`ownership`] of `board` in the colouring it is given.
fn ownership_in_colours(board: &Board, options: EstimateOptions) -> Vec<f32> {
    // The playouts' choices follow the order of the points and of the board's chains:
    // read the least orientation, so that one position gets one answer however it was
    // reached or turned.
    let turn = Symmetry::least(board);
    let own = playout_ownership(&turn.board(board), options);
    turned_values(&own, turn.inverse(), board.size())
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

/// [`ownership`] of a board in its least orientation, built in the order of its points.
fn playout_ownership(board: &Board, options: EstimateOptions) -> Vec<f32> {
    let mut sum = vec![0i32; board.size().points()];
    let mut playouts = Playouts::new(options.seed);
    let mut mark = Vec::new();
    let n = options.playouts.max(2);
    for k in 0..n {
        let first = if k % 2 == 0 {
            Color::Black
        } else {
            Color::White
        };
        playouts.heavy(board, first);
        add_area_owner(playouts.board(), &mut sum, &mut mark);
    }
    sum.into_iter().map(|s| s as f32 / n as f32).collect()
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
        None => finish(board, &read, options),
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

/// The dead stones of `board` (see [`estimate`]).
fn read_dead(board: &Board, options: EstimateOptions) -> Reading {
    let grid = Grid::from_board(board);
    let ownership = playout_ownership(board, options);
    let status = life::unconditional_status(&grid, options.suicide);
    let mut dead = Vec::new();
    for chain in grid.areas() {
        let Some(c) = grid.get(chain.points[0]) else {
            continue;
        };
        match status[grid.k(chain.points[0])] {
            Status::Alive => continue,
            Status::Dead => {
                dead.extend(chain.points);
                continue;
            }
            _ => {}
        }
        let sign = if c == Color::Black { 1.0 } else { -1.0 };
        let own: f32 = chain
            .points
            .iter()
            .map(|&p| sign * ownership[grid.k(p)])
            .sum::<f32>()
            / chain.points.len() as f32;
        // Dead when the playouts give its points to the opponent more often than not
        // (thresholds of -0.8 to +0.3 were tried on the Honinbo records: 0 was best),
        // unless reading a chain short of liberties says otherwise.
        let by_playouts = own < 0.0;
        if read_status(board, chain.points[0]).unwrap_or(by_playouts) {
            dead.extend(chain.points);
        }
    }
    dead.sort();
    let undecided = |i: Idx| status[grid.k(board.point(i))] == Status::Undecided;
    settle_races(board, &mut dead, undecided);
    settle_enclosed(board, &mut dead, undecided, options.ended);
    Reading {
        ownership,
        status,
        dead,
    }
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
    finish(&turn.board(board), &turned, options).turned(turn.inverse(), size)
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

/// The finishing of `board` with its dead stones read (see [`estimate`]).
fn finish(board: &Board, read: &Reading, options: EstimateOptions) -> Estimate {
    let grid = Grid::from_board(board);
    let status = &read.status;
    let mut dead = read.dead.clone();
    let ownership = read.ownership.clone();
    let mut fills = border_fills(board, &grid, &dead, &ownership);
    let finished = finish_unbroken(board, &dead, &fills, options.to_move);
    fills.retain(|f| !finished.lost.contains(&f.0));
    let borders = fills.len();
    fills.extend(finished.stones);
    let spared = in_seki(board, &dead, &fills);
    // Unconditionally dead stones stay dead whatever a race reads.
    dead.retain(|p| !spared.contains(p) || status[grid.k(*p)] == Status::Dead);
    dead.extend(finished.captured);
    dead.sort();
    if options.ended {
        drop_paid_fills(board, &dead, &mut fills, borders);
    }
    // Last, on the position the count sees: a dead stone that nothing alive of the
    // opponent's can reach is not dead (no count changes; its status does).
    let seen = Grid::from_board(&counted(board, &dead, &fills));
    spare_in_own_area(&seen, board, &mut dead, |p| {
        status[grid.k(p)] == Status::Dead
    });
    // A finishing stone where a dead stone was captured stays only if that stone is
    // still called dead (one spared in seki keeps its point).
    fills.retain(|&(p, c)| match board.get(p) {
        None => true,
        Some(d) => d != c && dead.binary_search(&p).is_ok(),
    });
    Estimate {
        dead,
        fills,
        ownership,
    }
}

/// The position a count sees of `board`: the `dead` stones (sorted) taken off and the
/// `fills` placed on empty points (not where a dead stone of their own colour was), as
/// [`tengen::score::count_with_fills`] does.
fn counted(board: &Board, dead: &[Point], fills: &[(Point, Color)]) -> Board {
    let mut b = Board::new(board.size());
    for i in board.indices() {
        let p = board.point(i);
        if let Some(c) = board.get(p).filter(|_| dead.binary_search(&p).is_err()) {
            b.place_unchecked(b.idx(p), c);
        }
    }
    for &(p, c) in fills {
        let i = b.idx(p);
        if b.cell(i) == Cell::Empty && board.get(p) != Some(c) {
            b.place_unchecked(i, c);
        }
    }
    b
}

/// How many times a finishing that left a live chain in atari is played again.
const REPAIRS: usize = 4;

/// The finishing ([`crate::finish`]), played again while it leaves a live chain of two
/// stones or more in atari, which the count would not see (`estimate_eval --atari`):
/// mostly a big wall whose liberties the opponent's dame fills took one by one, cutting it
/// from its second eye (Hon-50-3's 32 stones). The point of the first such fill is then
/// one the chain's owner takes first on her turn, as she would have in time. Tried: giving
/// her that point as a stone placed before the finishing (a move for free), which changes
/// who gets the other dame (Honinbo exact over four seeds 387 -> 383). A chain in atari
/// only while the dead stones are on the board is repaired too ([`finish::Finish::broken`]:
/// T-08-2, a wrong winner; evaluation records' right winners over four seeds 577 -> 581,
/// exact unchanged).
fn finish_unbroken(
    board: &Board,
    dead: &[Point],
    placed: &[(Point, Color)],
    first: Color,
) -> finish::Finish {
    let mut finished = finish::finish(board, dead, placed, first);
    let mut urgent = Vec::new();
    for _ in 0..REPAIRS {
        let fixes = match broken_chain(board, dead, placed, &finished) {
            Some(fix) => vec![fix],
            None => finished.broken.clone(),
        };
        if fixes.is_empty() || fixes.iter().any(|f| urgent.contains(f)) {
            break;
        }
        urgent.extend(fixes);
        finished = finish::finish_with(board, dead, placed, &urgent, first);
    }
    finished
}

/// A live chain of two stones or more of `board` that `finished` leaves in atari on the
/// position the count would see (see [`counted`]), and
/// the first stone the finishing put next to it for the opponent: that point, with the
/// chain's owner, who must take it first. `None` if there is none (a chain its own
/// fills broke is left as it is: forbidding them was tried, and gained one record while
/// leaving more chains in atari).
fn broken_chain(
    board: &Board,
    dead: &[Point],
    placed: &[(Point, Color)],
    finished: &finish::Finish,
) -> Option<(Point, Color)> {
    let mut gone = dead.to_vec();
    gone.extend(&finished.captured);
    gone.sort();
    let mut fills: Vec<(Point, Color)> = placed.to_vec();
    fills.retain(|f| !finished.lost.contains(&f.0));
    fills.extend(&finished.stones);
    let b = counted(board, &gone, &fills);
    let broken = b.indices().find_map(|i| {
        let p = b.point(i);
        let owner = board.get(p)?;
        let live = b.get(p) == Some(owner);
        if !live || b.chain_head(i) != i || b.liberties(i) != 1 || b.chain_len(i) < 2 {
            return None;
        }
        let next_to = finish::next_to_chain(&b, i);
        finish::first_stone_next_to(&b, &finished.stones, owner.opponent(), &next_to)
            .map(|q| (q, owner))
    });
    broken
}

/// Whether tactical reading finds the chain through `p`, with one or two liberties, lost
/// even with its owner to move (random playouts let such chains run): `Some(true)` then,
/// else `None` (reading does not decide). The converse, calling alive a chain that the
/// opponent cannot capture by playing on its liberties, was tried and lost a sixth of
/// the exact results on the Honinbo records: a dead chain inside the opponent's area
/// often cannot be taken that way at once (the capturing stone would be in atari), only
/// after an approach move that this reading does not try.
fn read_status(board: &Board, p: Point) -> Option<bool> {
    let i = board.idx(p);
    if board.liberties(i) > 2 {
        return None;
    }
    (Reader::new().defend(board, i) == Defence::Lost).then_some(true)
}

/// Corrects the playouts' verdict on chains in capturing races (see [`crate::semeai`]): a
/// chain called dead that wins or holds a race against a neighbouring opponent chain even
/// with the opponent moving first is not dead (a seki, or a race it wins), and the
/// opponent chain is dead if it is captured in that race. Only chains short of liberties
/// whose unconditional status is undecided (`undecided`, by a stone) race. A chain that wins only when it moves
/// first keeps the playouts' verdict: capturing a weak neighbour does not make a chain
/// inside the opponent's area alive (trying that lost exact results on the Honinbo
/// records). Nor does a single stone race: one left inside the opponent's area can look
/// like a seki with a neighbouring chain read alone, while the opponent gains liberties
/// by capturing other dead stones first (record 160 of the played-out set). A
/// neighbour called dead races too: two neighbouring chains of opposite colours both
/// called dead (played-out record 617: White's corner with two liberties beside Black's
/// chain in atari, which White takes) are a contradiction the race resolves.
fn settle_races(board: &Board, dead: &mut Vec<Point>, undecided: impl Fn(Idx) -> bool) {
    let is_dead = |dead: &[Point], i: Idx| dead.binary_search(&board.point(i)).is_ok();
    let racing = |i: Idx| board.liberties(i) < semeai::ESCAPED && undecided(i);
    let heads: Vec<Idx> = board
        .indices()
        .filter(|&i| board.cell(i).color().is_some() && board.chain_head(i) == i)
        .collect();
    let mut alive: Vec<Idx> = Vec::new();
    let mut killed: Vec<Idx> = Vec::new();
    for &x in &heads {
        if !is_dead(dead, x) || !racing(x) || board.chain_len(x) < 2 {
            continue;
        }
        let owner = board.cell(x).color().expect("a chain");
        for y in neighbour_heads(board, x) {
            // Two neighbouring chains of two colours both called dead cannot both be
            // (one captures the other), so their race is read too, unless the dead
            // neighbour is a single stone, which does not race (see above).
            let lone_dead = is_dead(dead, y) && board.chain_len(y) < 2;
            if lone_dead || !racing(y) {
                continue;
            }
            // Safe even with the opponent moving first: the race is settled in its
            // favour (a seki, or a win that kills the opponent chain).
            let second = semeai::race(board, x, y, owner.opponent());
            if second.is_some_and(|o| o >= semeai::Outcome::Neither) {
                alive.push(x);
                if second == Some(semeai::Outcome::Won) {
                    killed.push(y);
                }
            }
        }
    }
    let points = |heads: &[Idx]| -> Vec<Point> {
        let mut out = Vec::new();
        for &h in heads {
            board.for_each_stone(h, |s| out.push(board.point(s)));
        }
        out
    };
    revise(dead, &points(&alive), points(&killed));
}

/// Takes out of the sorted `dead` list the stones of `board` whose empty region on the
/// position the count sees (`counted`: dead stones off, fills on) touches stones of their
/// own colour only (a point a finishing stone took is no empty region): nothing of the
/// opponent's that lives is there to capture them (played-out records 488 and 641: a
/// black stone among White's dead stones, inside Black's area). Counted dead
/// or alive, such a stone changes no score (its point is its owner's either way, and a
/// prisoner less for the opponent is a point of territory less for its owner); its status
/// does. Unconditionally dead stones (`certain`) stay dead.
fn spare_in_own_area(
    counted: &Grid,
    board: &Board,
    dead: &mut Vec<Point>,
    certain: impl Fn(Point) -> bool,
) {
    let mut spared = Vec::new();
    // Only empty areas: a dead stone's point that holds a finishing stone is the
    // finishing stone's, whatever its chain touches.
    for area in counted
        .areas()
        .into_iter()
        .filter(|a| counted.get(a.points[0]).is_none())
    {
        for &p in &area.points {
            let Some(c) = board.get(p).filter(|_| dead.binary_search(&p).is_ok()) else {
                continue;
            };
            if area.touches(c) && !area.touches(c.opponent()) && !certain(p) {
                spared.push(p);
            }
        }
    }
    dead.retain(|p| !spared.contains(p));
}

/// Takes out of `fills` the finishing stones (those after the first `borders`, which
/// close open borders) that a player puts inside her own territory: teire, and stones
/// that capture dead stones there. Each costs its player a point under territory
/// counting, and after a game ended by its passes nobody can make them any more: a chain
/// that would need a teire once the dame were filled lives as it stands, since the
/// dame were not filled (played-out records 11 and 609, where the count of the position
/// as it stands is the truth). Under area counting such a stone changes nothing.
fn drop_paid_fills(board: &Board, dead: &[Point], fills: &mut Vec<(Point, Color)>, borders: usize) {
    let seen = Grid::from_board(&counted(board, dead, &fills[..borders]));
    let mut own = vec![None; board.size().points()];
    // Finishing stones stand on points that are empty here (dead stones are off).
    for area in seen
        .areas()
        .into_iter()
        .filter(|a| seen.get(a.points[0]).is_none())
    {
        for c in [Color::Black, Color::White] {
            if area.touches(c) && !area.touches(c.opponent()) {
                for &p in &area.points {
                    own[seen.k(p)] = Some(c);
                }
            }
        }
    }
    let mut k = 0;
    fills.retain(|&(p, c)| {
        k += 1;
        k <= borders || own[seen.k(p)] != Some(c)
    });
}

/// Takes the `alive` stones out of the sorted `dead` list and puts the `killed` ones in.
fn revise(dead: &mut Vec<Point>, alive: &[Point], killed: Vec<Point>) {
    dead.retain(|p| !alive.contains(p));
    dead.extend(killed);
    dead.sort();
    dead.dedup();
}

/// Reads out the groups shut in small regions (see [`crate::enclosed`]): a group the
/// opponent cannot capture even moving first is alive (with every stone of its owner in
/// the region: M-75-7's corner), one she captures even with its owner moving first is
/// dead (M-76-3's corner). A group that lives only if its owner moves first keeps the
/// playouts' verdict: giving it to the player who starts the finishing cost 28 of the 216
/// exact results on the records of goban-original-games, to the other player 6 (most
/// such groups are stones left inside the opponent's area, which the search lets run out
/// of the region's reach). Only groups
/// whose unconditional status is `undecided` (by a stone) are read, and only when their
/// walls hold ([`enclosed::Shut::held`]) and none is called dead or is itself shut in a
/// small region (two groups racing: neither wall is safe, Hon-59-3).
///
/// After a game `ended` by its passes, nobody plays any more: a group that lives only if
/// its owner moves first is dead, as a confirmation with the opponent moving first would
/// find, and groups of up to [`enclosed::MAX_STONES_ENDED`] stones are read (played-out
/// record 678: White's 18 stones round a five-point eye space that Black kills moving
/// first; every stone right 99.89% -> 99.92% on the played-out set, no count changed).
/// Letting the player to move decide instead (she moves first on resumption, docs/rules.md
/// §5.1) lost stones: 99.89% and area exact 98.7% -> 98.1%. The records, which stop on a
/// play, do not move.
fn settle_enclosed(
    board: &Board,
    dead: &mut Vec<Point>,
    undecided: impl Fn(Idx) -> bool,
    ended: bool,
) {
    let max_stones = if ended {
        enclosed::MAX_STONES_ENDED
    } else {
        enclosed::MAX_STONES
    };
    let is_dead = |dead: &[Point], i: Idx| dead.binary_search(&board.point(i)).is_ok();
    let mut read = vec![false; tengen::board::CELLS];
    let mut alive: Vec<Point> = Vec::new();
    let mut killed: Vec<Point> = Vec::new();
    for x in board.indices() {
        if read[x as usize] || board.cell(x).color().is_none() || !undecided(x) {
            continue;
        }
        let Some(shut) = enclosed::shut_in_up_to(board, x, max_stones) else {
            continue;
        };
        for &s in &shut.stones {
            read[s as usize] = true;
        }
        let unsafe_wall = |w: Idx| is_dead(dead, w) || enclosed::shut_in(board, w).is_some();
        if !shut.held || shut.walls.iter().any(|&w| unsafe_wall(w)) {
            continue;
        }
        // After the passes the owner has no move left to defend: a group that dies with
        // the opponent moving first is dead.
        let verdict = match enclosed::lives(board, &shut, shut.owner.opponent()) {
            Some(false) if !ended => enclosed::lives(board, &shut, shut.owner).filter(|&l| !l),
            other => other,
        };
        let stones = shut.stones.iter().map(|&s| board.point(s));
        match verdict {
            Some(true) => alive.extend(stones),
            Some(false) => killed.extend(stones),
            None => {}
        }
    }
    revise(dead, &alive, killed);
}

/// The stones called `dead` that are in seki once the game is finished. The `fills` are
/// played on `board` (the dead stones still on it); in each region of the result
/// (through empty and dead points) the dead stones' owner first connects them where one
/// play joins two or more of her dead chains and keeps two liberties, as she would to
/// make them one unit (Hon-94-3: Black's M19 joins L19, M18 and N19 inside White's top
/// group); then a dead chain next to a live opponent chain short of liberties whose
/// race against it ends with neither captured, whoever moves first (read by
/// [`semeai::race`]), is in seki, with every dead stone of its region. The region is then
/// neutral, not territory.
fn in_seki(board: &Board, dead: &[Point], fills: &[(Point, Color)]) -> Vec<Point> {
    let mut fin = board.clone();
    fin.clear_ko();
    for &(p, c) in fills {
        let i = fin.idx(p);
        if fin.cell(i) == Cell::Empty && reading::legal(&fin, i, c) {
            fin.play_unchecked(i, c);
        }
    }
    // A dead stone still standing, not a finishing stone on the point of a captured one
    // (that stone is its player's, whatever its chain's race).
    let standing = |p: Point| fin.cell(fin.idx(p)) == board.cell(board.idx(p));
    let is_dead = |p: Point| dead.binary_search(&p).is_ok() && standing(p);
    let mut grid = Grid::from_board(&fin);
    for &p in dead.iter().filter(|&&p| standing(p)) {
        grid.set(p, None);
    }
    let mut spared = Vec::new();
    for region in grid.areas() {
        if grid.get(region.points[0]).is_some() {
            continue;
        }
        let inside: Vec<Point> = region
            .points
            .iter()
            .copied()
            .filter(|&p| is_dead(p) && fin.cell(fin.idx(p)).color().is_some())
            .collect();
        let Some(&first) = inside.first() else {
            continue;
        };
        let owner = fin.cell(fin.idx(first)).color().expect("a stone");
        let mut joined = fin.clone();
        for &p in &region.points {
            let i = joined.idx(p);
            if joined.cell(i) == Cell::Empty && joins_dead(&joined, i, owner, &is_dead) {
                joined.play_unchecked(i, owner);
            }
        }
        // Each dead chain once (its stones would read the same races).
        let mut heads: Vec<Idx> = inside
            .iter()
            .map(|&p| joined.chain_head(joined.idx(p)))
            .collect();
        heads.sort_unstable();
        heads.dedup();
        let seki = heads.into_iter().any(|d| {
            neighbour_heads(&joined, d).into_iter().any(|x| {
                !is_dead(joined.point(x))
                    && joined.liberties(x) < semeai::ESCAPED
                    && [owner, owner.opponent()].into_iter().all(|first| {
                        semeai::race(&joined, x, d, first) == Some(semeai::Outcome::Neither)
                    })
            })
        });
        if seki {
            spared.extend(inside);
        }
    }
    spared
}

/// Whether a stone of `c` on the empty point `i` would join two or more chains of `c`
/// that are all called dead, capture nothing and keep at least two liberties.
fn joins_dead(b: &Board, i: Idx, c: Color, is_dead: &impl Fn(Point) -> bool) -> bool {
    if !reading::legal(b, i, c) || b.would_capture(i, c) {
        return false;
    }
    let mut heads: Vec<Idx> = Vec::new();
    for n in b.neighbours(i) {
        if b.cell(n) == Cell::stone(c) {
            if !is_dead(b.point(n)) {
                return false;
            }
            let h = b.chain_head(n);
            if !heads.contains(&h) {
                heads.push(h);
            }
        }
    }
    if heads.len() < 2 {
        return false;
    }
    let mut next = b.clone();
    next.play_unchecked(i, c);
    next.liberties(i) >= 2
}

/// The heads of the opponent chains next to the chain through `x`.
fn neighbour_heads(board: &Board, x: Idx) -> Vec<Idx> {
    let opp = board.cell(x).color().map(|c| Cell::stone(c.opponent()));
    let mut out = Vec::new();
    board.for_each_stone(x, |s| {
        for n in board.neighbours(s) {
            if Some(board.cell(n)) == opp {
                let h = board.chain_head(n);
                if !out.contains(&h) {
                    out.push(h);
                }
            }
        }
    });
    out
}

/// How sure the playouts must be before an empty point counts as someone's for the
/// border fills; a point less sure is left to the finishing, which fills the dame that
/// close off the most points first (see [`crate::finish`]). Tuned on the Honinbo records
/// of goban-original-games, exact results summed over four seeds: 0.2 320, 0.25 328,
/// 0.3 340, 0.35 335, 0.4 327, 0.5 332, 0.6 333 (of 540).
const SURE: f32 = 0.3;

/// Whether a stone of `c` on the empty point `p` of `board` would join dead stones of hers
/// to her live ones in a chain the opponent could still capture (read by
/// [`crate::reading`]): the gap is the opponent's to close, by capturing them (see
/// [`crate::finish`]; Hon-81-3's F19 would join White's dead E19, E18 and F18 to G19).
/// A join that saves them is left to the border fill (M-86-4's T19: the dead call on
/// S19 was wrong, and Black's stone there mends it).
fn joins_lost(board: &Board, p: Point, c: Color, is_dead: &impl Fn(Point) -> bool) -> bool {
    let i = board.idx(p);
    let joins = board
        .neighbours(i)
        .into_iter()
        .any(|n| board.cell(n) == Cell::stone(c) && is_dead(board.point(n)));
    if !joins || !reading::legal(board, i, c) {
        return false;
    }
    let mut next = board.clone();
    next.play_unchecked(i, c);
    Reader::new().attack(&next, i).is_some()
}

/// For each point of `g` (row by row), how many steps through its empty points it is from
/// the nearest stone of `c` (`u32::MAX` if none is reachable).
fn steps_from(g: &Grid, c: Color) -> Vec<u32> {
    let mut steps = vec![u32::MAX; g.cells().len()];
    let mut queue = std::collections::VecDeque::new();
    for p in g.size().all_points() {
        if g.get(p) == Some(c) {
            steps[g.k(p)] = 0;
            queue.push_back(p);
        }
    }
    while let Some(p) = queue.pop_front() {
        let next = steps[g.k(p)] + 1;
        for n in g.neighbours(p) {
            if g.get(n).is_none() && steps[g.k(n)] == u32::MAX {
                steps[g.k(n)] = next;
                queue.push_back(n);
            }
        }
    }
    steps
}

/// The stones that close open borders: in a region touching both colours (dead stones
/// removed), an empty point the playouts give to one player that touches a stone or a
/// point of the other is filled with the first player's stone. A point as near to the
/// live stones of one colour as to the other's is no one's border but a dame, however the
/// playouts lean: the finishing fills it in turn (see [`crate::finish`]). Honinbo records,
/// exact over four seeds, 401 -> 407 of 540; the others 452 -> 455 of 596, and steadier
/// from seed to seed (114, 114, 114, 113 against 116, 112, 110, 114); the played-out set
/// unchanged. Leaving only the points the playouts are least sure of (at most 0.55) to the
/// finishing gave the same sums.
fn border_fills(
    board: &Board,
    grid: &Grid,
    dead: &[Point],
    ownership: &[f32],
) -> Vec<(Point, Color)> {
    let mut g = grid.clone();
    for &p in dead {
        g.set(p, None);
    }
    let is_dead = |p: Point| dead.binary_search(&p).is_ok();
    let [black, white] = [Color::Black, Color::White].map(|c| steps_from(&g, c));
    let side = |p: Point| {
        // A dead stone's point is its capturer's, whatever the playouts say (they often
        // leave a chain that reading found lost standing till the end).
        if is_dead(p) {
            return grid.get(p).map(Color::opponent);
        }
        if black[g.k(p)] == white[g.k(p)] {
            return None;
        }
        let o = ownership[g.k(p)];
        if o > SURE {
            Some(Color::Black)
        } else if o < -SURE {
            Some(Color::White)
        } else {
            None
        }
    };
    let mut fills = Vec::new();
    for region in g.areas() {
        if g.get(region.points[0]).is_some() || !(region.touches_black && region.touches_white) {
            continue;
        }
        for &p in &region.points {
            if is_dead(p) {
                continue; // not empty: a fill goes on an empty point
            }
            let Some(c) = side(p) else { continue };
            let frontier = g.neighbours(p).any(|n| match g.get(n) {
                Some(s) => s == c.opponent(),
                None => side(n) != Some(c),
            });
            // A point with no empty point of her side behind it closes nothing: it is
            // neutral, left to the dame filling (see `finish`).
            let guards = g.neighbours(p).any(|n| g.get(n).is_none());
            if frontier && guards && !joins_lost(board, p, c, &is_dead) {
                fills.push((p, c));
            }
        }
    }
    fills
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reading_calls_dead_a_chain_that_cannot_escape() {
        // Black's three stones at the bottom have two liberties, c1 and e1; White to move
        // takes either, and Black to move only makes a bigger chain with one liberty.
        let b = Board::from_text(
            ". . . . . . .
             O O O O O O O
             O O O O O O O
             X O X X O O .
             . O . X . X .",
        )
        .unwrap();
        let p = |b: &Board, s| Point::from_gtp(s, b.size()).unwrap();
        assert_eq!(read_status(&b, p(&b, "D1")), Some(true));
        // The lone stone on f1 crawls along the edge and dies too.
        assert_eq!(read_status(&b, p(&b, "F1")), Some(true));
        // A chain with more liberties is left to the playouts, and so is one that can
        // be saved.
        assert_eq!(read_status(&b, p(&b, "B3")), None);
        let open = Board::from_text(
            ". . . . .
             . . . . .
             . O X . .
             . . O . .
             . . . . .",
        )
        .unwrap();
        assert_eq!(read_status(&open, p(&open, "C3")), None);
    }

    /// Black's D5, E4 and F5 inside White's group, whose only liberties are C5, D4, F4
    /// and G5 (all its outside neighbours are Black's): worked by hand, Black connects at
    /// E5 and her chain then has the same four liberties as White's, so whoever fills
    /// one next only shortens her own chain (White D4 first: Black E5 leaves three shared
    /// liberties; White F4 then: two shared, and a fill of either is self-atari). A seki:
    /// the stones are not dead. With a liberty of White's outside (H3 empty), White fills
    /// the shared ones first and captures: they stay dead.
    #[test]
    fn dead_stones_in_seki_at_the_end_are_spared() {
        let seki = Board::from_text(
            "X O . X . X . O X
             X O O . X . O O X
             X X O O O O O X X
             . X X X X X X X .
             . . . . . . . . .",
        )
        .unwrap();
        let p = |b: &Board, s| Point::from_gtp(s, b.size()).unwrap();
        let mut dead: Vec<Point> = ["D5", "E4", "F5"].iter().map(|s| p(&seki, s)).collect();
        dead.sort();
        let mut spared = in_seki(&seki, &dead, &[]);
        spared.sort();
        assert_eq!(spared, dead);
        let open = Board::from_text(
            "X O . X . X . O X
             X O O . X . O O X
             X X O O O O O . X
             . X X X X X X X .
             . . . . . . . . .",
        )
        .unwrap();
        assert!(in_seki(&open, &dead, &[]).is_empty());
    }

    /// The border fills of a five-row board whose second row is `row4` (Black's wall
    /// below it, White's on the right, White's c5 called dead), with the playouts leaning
    /// a5 and b5 to Black, c5 and d5 to White.
    fn fills_with_row4(row4: &str) -> Vec<(Point, Color)> {
        let text = format!(
            ". . O . O O .
             {row4}
             . . . X O . .
             . . . X O . .
             . . . X O . ."
        );
        let b = Board::from_text(&text).unwrap();
        let p = |s| Point::from_gtp(s, b.size()).unwrap();
        let grid = Grid::from_board(&b);
        let mut ownership = vec![0.0f32; 35];
        for (s, o) in [("A5", 0.5), ("B5", 0.5), ("C5", -0.5), ("D5", -0.5)] {
            ownership[grid.k(p(s))] = o;
        }
        border_fills(&b, &grid, &[p("C5")], &ownership)
    }

    #[test]
    fn border_fills_take_a_dead_stones_point_as_its_capturers() {
        // White's c5 is called dead (say reading found it lost) while the playouts left
        // it standing and gave its point and d5 to White; a5 and b5 lean to Black. The
        // region a5-d5 (c5 taken off) touches Black's wall and White's d4 and e5. A fill
        // on c5 would put a white stone back on the dead one's point, and one on b5 would
        // close against a stone that is not there: the only border stone is White's at d5
        // (next to her d4 and e5, two steps from Black's c4), against c5, which Black will
        // own once she captures.
        let d5 = Point::from_gtp("D5", tengen::point::Size::new(7, 5).unwrap()).unwrap();
        assert_eq!(fills_with_row4("X X X O O . ."), vec![(d5, Color::White)]);
    }

    #[test]
    fn a_point_next_to_both_colours_is_a_dame_not_a_border() {
        // With Black's stone on d4, d5 touches Black's d4 and White's e5: a dame, one step
        // from both, though the playouts give it to White. No border fill goes there, nor
        // on the points nearer Black that close against nothing of White's (a5, b5, c5
        // once the dead c5 is off). With White's stone on d4, d5 is nearer White and her
        // border again (`border_fills_take_a_dead_stones_point_as_its_capturers`).
        assert_eq!(fills_with_row4("X X X X O . ."), vec![]);
    }

    #[test]
    fn two_neighbouring_chains_both_called_dead_are_read_as_a_race() {
        // Played-out record 617 (Black to move after two passes). In the bottom left,
        // White's corner chain b1 c1 b2 a3 b3 c3 d3 c4 b5 c5 b6 c6 is shut in by Black and
        // has two liberties, a1 and a2; next to it Black's d4 d5 d6 e5 e6 f5 is shut in by
        // White and has one, e7. Worked by hand: White moving first takes the six stones at
        // e7 and joins her stones around them; Black moving first cannot stop it (a2 or a1
        // is self-atari and still leaves White e7). So the corner lives and the six are
        // dead, as GNU Go's cleanup played it. The playouts called both dead (the count
        // W+1.5 against the truth's W+22.5).
        let b = Board::from_text(
            ". . . . O X X . X X X O O O O O O X .
             . . . O . O X X X O O O . O X O X X .
             . . . O . O O X O . O X O O X X . . .
             . . . . . O X X O O . X . . O X . . .
             O O O O O O O X O . X . . O O X . . .
             O X O O X X X X O X . . . . O X . . .
             X X X O O X . X O . . . O O X X . . .
             . . X X X . . . X O O . . O O X . . .
             . . . . . X X X X X O . O X X . X . X
             . . X . . X O X . X O . O X X . . X O
             . X . . X O O O X X X O O X . X X O O
             . O X X O . O . O X X X O O X . X X O
             X X X O . O . . . O O X X O X X O X O
             X O O X X O . O . O O O O O O O O O O
             X O O X X X O . O X X O O O O X X O .
             X X O X O O O O X . . X O X X X X O .
             O O O O X X O X X . X X O X O X X O .
             . O X X . X X . . . . X X X O O O . .
             . O O X X . . . . . . X O O O . . . .",
        )
        .unwrap();
        let p = |s: &str| Point::from_gtp(s, b.size()).unwrap();
        let grid = Grid::from_board(&b);
        let status = life::unconditional_status(&grid, Suicide::Forbidden);
        let undecided = |i: Idx| status[grid.k(b.point(i))] == Status::Undecided;
        let corner = [
            "B1", "C1", "B2", "A3", "B3", "C3", "D3", "C4", "B5", "C5", "B6", "C6",
        ];
        let six = ["D4", "D5", "D6", "E5", "E6", "F5"];
        let mut dead: Vec<Point> = corner.iter().chain(&six).map(|s| p(s)).collect();
        dead.sort();
        settle_races(&b, &mut dead, undecided);
        let mut want: Vec<Point> = six.iter().map(|s| p(s)).collect();
        want.sort();
        assert_eq!(dead, want);
    }

    #[test]
    fn a_stone_among_dead_stones_inside_its_own_area_is_not_dead() {
        // Black's e5 sits among White's stones d4-g6, dead inside Black's wall: the region
        // of e5, White's stones taken off, touches only Black's stones, so nothing alive of
        // White's can capture it. A black stone inside a live white ring (the second
        // board, no black wall) stays dead.
        let walled = Board::from_text(
            ". . . . . . . . .
             . X X X X X X X .
             . X . . . . . X .
             . X . O O O . X .
             . X . O X . O X .
             . X . O O O O X .
             . X . . . . . X .
             . X X X X X X X .
             . . . . . . . . .",
        )
        .unwrap();
        let p = |b: &Board, s| Point::from_gtp(s, b.size()).unwrap();
        let white = ["D6", "E6", "F6", "D5", "G5", "D4", "E4", "F4", "G4"];
        let mut dead: Vec<Point> = white.iter().map(|s| p(&walled, s)).collect();
        dead.push(p(&walled, "E5"));
        dead.sort();
        let seen = Grid::from_board(&counted(&walled, &dead, &[]));
        let mut spared = dead.clone();
        spare_in_own_area(&seen, &walled, &mut spared, |_| false);
        assert_eq!(spared.len(), white.len());
        assert!(!spared.contains(&p(&walled, "E5")));
        // Unconditionally dead stones stay dead.
        let mut certain = dead.clone();
        spare_in_own_area(&seen, &walled, &mut certain, |_| true);
        assert_eq!(certain, dead);
        let open = Board::from_text(
            ". . . . . .
             . O O O O .
             . O X . O .
             . O O O O .
             . . . . . .",
        )
        .unwrap();
        let mut dead = vec![p(&open, "C3")];
        let seen = Grid::from_board(&counted(&open, &dead, &[]));
        spare_in_own_area(&seen, &open, &mut dead, |_| false);
        assert_eq!(dead, vec![p(&open, "C3")]);
    }

    #[test]
    fn a_finishing_stone_on_a_captured_dead_stones_point_is_no_dead_chain_in_seki() {
        // White's e1 is dead (its one liberty d1 is Black's). The finishing captures it
        // at d1 and connects at e1, and Black's chain a3-e3 d2 e2 d1 e1 then shares its
        // only liberties, a2 and c2, with White's a1 b1 c1 b2: a seki between live
        // chains. The stone on e1 is Black's own, not White's dead stone spared by the
        // seki (which would drop Black's stone and bring White's back).
        let b = Board::from_text(
            ". . . . .
             O O O O O
             X X X X X
             . O . X X
             O O O . O",
        )
        .unwrap();
        let p = |s| Point::from_gtp(s, b.size()).unwrap();
        let fills = [(p("D1"), Color::Black), (p("E1"), Color::Black)];
        assert_eq!(in_seki(&b, &[p("E1")], &fills), Vec::<Point>::new());
    }

    #[test]
    fn a_dead_stone_whose_point_a_finishing_stone_took_stays_dead() {
        // White's b1 is dead; the finishing captured it and Black connected on its point
        // (as M-67-3's O1). On the counted position b1 holds Black's stone, whose chain
        // touches White's stones and no other black one: that chain is no empty region
        // around White's stone, so b1 stays dead (spared, the estimate would drop Black's
        // stone and the count give the point back to White).
        let b = Board::from_text(
            ". . . . .
             . . . . .
             O O O O O
             O X X X O
             . O . . O",
        )
        .unwrap();
        let p = |s| Point::from_gtp(s, b.size()).unwrap();
        let mut dead = vec![p("B1")];
        let fills = [(p("B1"), Color::Black)];
        let seen = Grid::from_board(&counted(&b, &dead, &fills));
        assert_eq!(seen.get(p("B1")), Some(Color::Black));
        spare_in_own_area(&seen, &b, &mut dead, |_| false);
        assert_eq!(dead, vec![p("B1")]);
    }

    #[test]
    fn after_the_passes_a_stone_inside_its_own_territory_is_not_counted() {
        // Black's a5 and White's e1 are inside their own territories (a teire and a
        // capture the finishing would make), c3 is a dame (next to Black's b3 and White's
        // d3), and a1 stands for a border-closing stone (the first fill: those stay
        // wherever they are). After the passes only the two paid stones go: the dame
        // counts under area scoring.
        let b = Board::from_text(
            ". . X O .
             . . X O .
             X X . O O
             . . X O .
             . . X O .",
        )
        .unwrap();
        let p = |s| Point::from_gtp(s, b.size()).unwrap();
        let mut fills = vec![
            (p("A1"), Color::Black),
            (p("A5"), Color::Black),
            (p("C3"), Color::Black),
            (p("E1"), Color::White),
        ];
        drop_paid_fills(&b, &[], &mut fills, 1);
        assert_eq!(
            fills,
            vec![(p("A1"), Color::Black), (p("C3"), Color::Black)]
        );
        // A stone on a dead stone's point inside the territory is paid for too: White's
        // b1 is dead, and Black's b2 next to it is inside her own area once it is off.
        let with_dead = Board::from_text(
            ". . X O .
             . . X O .
             X X . O O
             . . X O .
             . O X O .",
        )
        .unwrap();
        let mut fills = vec![(p("B2"), Color::Black), (p("C3"), Color::White)];
        drop_paid_fills(&with_dead, &[p("B1")], &mut fills, 0);
        assert_eq!(fills, vec![(p("C3"), Color::White)]);
    }

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
