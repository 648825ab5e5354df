//! The Monte-Carlo player behind `genmove`: UCT tree search with RAVE and prior knowledge
//! over guided playouts ([`crate::guided`]), and a pass and resignation policy that
//! finishes games the way players do.
//!
//! The moves at the root are exactly the legal moves of the game under its rules (ko rule,
//! superko, suicide, stone supply), so the player never plays an illegal move. Deeper in
//! the tree and in playouts, moves follow the playout rules (simple ko, no suicide, no
//! filling of one's own eyes): an approximation that only affects the evaluation. A
//! playout is scored by area (stones and surrounded points) with komi; under territory
//! rules this differs by at most a point or two.
//!
//! **The tree.** A node holds the statistics of one move, from the side of the player
//! who made it: its visits and wins, its RAVE ("all moves as first") visits and wins,
//! and a prior of pseudo-visits and pseudo-wins ([`crate::priors`]). A child is chosen by
//! the highest value, Michi's blend of the node's win rate (its own and prior playouts
//! together) with its RAVE win rate, which weighs most while the node has few playouts
//! ([`RAVE_EQUIVALENCE`]). A leaf grows its children once it has been visited
//! [`EXPAND_AFTER`] times. Two passes in a row end the game in the tree: under play-out
//! rules the board is then counted as it stands; under agreement rules a playout from
//! there takes the place of the dead-stone agreement.
//!
//! **Passing** (`decide`): the player passes only when the search finds passing as good
//! as the best play (within [`PASS_MARGIN`]; the pass gets its share of the playouts at
//! the root, [`PASS_SHARE`]), and even then only when [`crate::endgame::remaining`] finds
//! nothing left to play: no open border, no dame, no dead stone the ruleset's count needs
//! captured, no teire. Otherwise she plays the most searched of those plays. So after an
//! opponent's early pass she plays on, and at the end she passes as soon as the count
//! would see nothing more. After the opponent's pass, a game that the count of the
//! finished position (the estimator's dead stones removed) says she wins is finished
//! that way, whatever the playouts make of it: random playouts see invasions live in
//! settled territory now and then, so a play inside her own area can look a shade better
//! than a pass. In a decided game ([`DECIDED`]) the plays left come first too,
//! when they are nearly as good as the best: a won game is finished, not played on in
//! one's own territory.
//!
//! **Resigning**: when the best play wins less than [`Options::resign_below`] of its
//! playouts, after at least [`RESIGN_MIN_PLAYOUTS`].

use crate::endgame::{self, Remaining};
use crate::playout::{is_own_eye, Playouts};
use crate::priors::{Prior, Priors};
use std::time::{Duration, Instant};
use tengen::board::{Board, Cell, Idx, CELLS};
use tengen::rules::DeadStones;
use tengen::{Color, Game, GameResult, Move};

/// How long to search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Budget {
    /// A fixed number of playouts (reproducible with a fixed seed).
    Playouts(u32),
    /// As many playouts as fit in this time.
    Time(Duration),
}

/// What the search decided.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Decision {
    /// The move to play, or `None` to resign.
    pub mv: Option<Move>,
    /// The estimated chance that the mover wins after the move, 0 to 1.
    pub win_rate: f32,
    /// Playouts run.
    pub playouts: u32,
}

/// Options of the player.
#[derive(Clone, Copy, Debug)]
pub struct Options {
    /// Resign below this win rate (after enough playouts); 0 never resigns.
    pub resign_below: f32,
    /// The random seed.
    pub seed: u64,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            resign_below: 0.05,
            seed: 0x6d63_7473,
        }
    }
}

/// The RAVE playouts at which a node's RAVE and own win rates weigh about the same.
pub const RAVE_EQUIVALENCE: f32 = 3500.0;

/// The visits after which a leaf grows its children.
pub const EXPAND_AFTER: u32 = 2;

/// The most nodes the tree holds; past it, leaves stop growing (a few hundred
/// megabytes at most, for long searches on large boards).
pub const MAX_NODES: usize = 4_000_000;

/// At the root, the pass gets one playout in this many once a third of the board holds
/// stones, or after the opponent's pass: its win rate says when passing is as good as
/// playing (its prior alone would keep it from being searched while plays win).
pub const PASS_SHARE: u32 = 20;

/// How much lower than the best play's win rate passing may be and still count as good
/// as playing.
pub const PASS_MARGIN: f32 = 0.02;

/// The win rate from which the game counts as decided: the plays left before passing
/// (open borders, dame, dead stones to capture) then come before other plays as good
/// within [`NEED_MARGIN`], which under territory scoring would only fill one's own
/// territory.
pub const DECIDED: f32 = 0.95;

/// How much lower than the best play's win rate a play left before passing may be and
/// still be chosen first in a decided game.
pub const NEED_MARGIN: f32 = 0.03;

/// The playouts before the player may resign.
pub const RESIGN_MIN_PLAYOUTS: u32 = 100;

/// A node of the search tree: the move that leads to it and its statistics, from the
/// point of view of the player who made that move.
#[derive(Clone, Debug)]
struct Node {
    /// The point played, 0 for a pass.
    mv: Idx,
    color: Color,
    visits: u32,
    wins: f32,
    rave_visits: f32,
    rave_wins: f32,
    prior: Prior,
    /// The children are `first_child..first_child + children` (none until expanded).
    first_child: u32,
    children: u32,
}

impl Node {
    fn new(mv: Idx, color: Color, prior: Prior) -> Node {
        Node {
            mv,
            color,
            visits: 0,
            wins: 0.0,
            rave_visits: 0.0,
            rave_wins: 0.0,
            prior,
            first_child: 0,
            children: 0,
        }
    }

    /// The value that selection maximises: the win rate of the node's own and prior
    /// playouts, blended with its RAVE win rate by Michi's weight `beta = r / (r + v + v r
    /// / RAVE_EQUIVALENCE)` (`v` the node's own and prior visits, `r` its RAVE visits).
    fn value(&self) -> f32 {
        let v = self.visits as f32 + self.prior.visits;
        let expectation = (self.wins + self.prior.wins) / v;
        if self.rave_visits == 0.0 {
            return expectation;
        }
        let r = self.rave_visits;
        let beta = r / (r + v + v * r / RAVE_EQUIVALENCE);
        beta * self.rave_wins / r + (1.0 - beta) * expectation
    }

    /// The win rate of the node's own playouts (0.5 before any).
    fn win_rate(&self) -> f32 {
        if self.visits == 0 {
            0.5
        } else {
            self.wins / self.visits as f32
        }
    }

    fn kids(&self) -> std::ops::Range<usize> {
        self.first_child as usize..(self.first_child + self.children) as usize
    }
}

/// Whether `c` may play on `i` in the tree below the root: empty, not suicide, not an
/// immediate ko retake, not her own eye.
fn tree_move_ok(board: &Board, i: Idx, c: Color) -> bool {
    board.cell(i) == Cell::Empty
        && board.suicide_count(i, c) == 0
        && !(board.ko_point() == Some(i) && board.capture_count(i, c) == 1)
        && !is_own_eye(board, i, c)
}

/// Black's area minus White's, in half points: stones, and empty regions that only one
/// colour borders. Most regions at the end of a playout are single points, read from the
/// neighbour counts; larger ones are flooded (`seen` and `stack` are scratch space).
fn area_halves(board: &Board, seen: &mut [bool], stack: &mut Vec<Idx>) -> i32 {
    seen.fill(false);
    let mut diff = 0i32;
    for i in board.indices() {
        match board.cell(i) {
            Cell::Black => diff += 2,
            Cell::White => diff -= 2,
            _ if seen[i as usize] => {}
            _ => {
                let counts = board.neighbour_counts(i);
                if counts.empty() == 0 {
                    let walls = counts.walls();
                    let b = counts.of_or_wall(Color::Black) > walls;
                    let w = counts.of_or_wall(Color::White) > walls;
                    diff += 2 * (i32::from(b && !w) - i32::from(w && !b));
                    continue;
                }
                let (mut size, mut b, mut w) = (0i32, false, false);
                seen[i as usize] = true;
                stack.push(i);
                while let Some(j) = stack.pop() {
                    size += 1;
                    for n in board.neighbours(j) {
                        match board.cell(n) {
                            Cell::Black => b = true,
                            Cell::White => w = true,
                            Cell::Empty if !seen[n as usize] => {
                                seen[n as usize] = true;
                                stack.push(n);
                            }
                            _ => {}
                        }
                    }
                }
                diff += match (b, w) {
                    (true, false) => 2 * size,
                    (false, true) => -2 * size,
                    _ => 0,
                };
            }
        }
    }
    diff
}

/// The search tree and its scratch state.
struct Search<'a> {
    nodes: Vec<Node>,
    root: &'a Board,
    komi_halves: i32,
    /// Whether two passes in a row count the board as it stands (play-out rules).
    plays_out: bool,
    playouts: Playouts,
    board: Board,
    /// The number of passes in a row that ended the game before the search (a pass at
    /// the root after one ends it).
    root_passes: u32,
    /// The last play of the game (0: none, or a pass).
    root_last: Idx,
    /// Whether the pass at the root gets its share of the playouts.
    pass_share: bool,
    /// Scratch: the path of the current iteration, the first player of each point from
    /// a depth on, the area count's marks and stack.
    path: Vec<usize>,
    amaf: Vec<u8>,
    seen: Vec<bool>,
    stack: Vec<Idx>,
}

impl Search<'_> {
    /// Grows the children of `node` for the moves of `color` on the board, after the
    /// opponent's play on `last`: its legal tree moves and a pass.
    fn expand(&mut self, node: usize, color: Color, last: Idx) {
        let first = self.nodes.len();
        let priors = Priors::new(&self.board, color, last);
        for i in self.board.indices() {
            if tree_move_ok(&self.board, i, color) {
                self.nodes.push(Node::new(i, color, priors.of(i)));
            }
        }
        self.nodes.push(Node::new(0, color, Prior::PASS));
        self.nodes[node].first_child = first as u32;
        self.nodes[node].children = (self.nodes.len() - first) as u32;
    }

    /// The child of `node` with the highest value; at the root, the pass while it has
    /// had less than its share of the playouts (see [`PASS_SHARE`]).
    fn select(&self, node: usize) -> usize {
        if node == 0 && self.pass_share {
            let root = &self.nodes[0];
            let pass = (root.first_child + root.children - 1) as usize;
            if self.nodes[pass].visits * PASS_SHARE < root.visits {
                return pass;
            }
        }
        let mut best = (f32::MIN, 0usize);
        for k in self.nodes[node].kids() {
            let v = self.nodes[k].value();
            if v > best.0 {
                best = (v, k);
            }
        }
        best.1
    }

    /// One iteration: descend, expand, play out, back up.
    fn iterate(&mut self, to_move: Color) {
        self.board.clone_from(self.root);
        self.path.clear();
        self.path.push(0);
        let mut c = to_move;
        let mut node = 0usize;
        let mut passes = self.root_passes;
        let mut last = self.root_last;
        loop {
            if self.nodes[node].children == 0 {
                let grow = self.nodes[node].visits + 1 >= EXPAND_AFTER;
                if grow && self.nodes.len() < MAX_NODES {
                    self.expand(node, c, last);
                } else {
                    break;
                }
            }
            let child = self.select(node);
            match self.nodes[child].mv {
                0 => {
                    self.board.clear_ko();
                    passes += 1;
                    last = 0;
                }
                i => {
                    self.board.play_unchecked(i, c);
                    passes = 0;
                    last = i;
                }
            }
            self.path.push(child);
            node = child;
            c = c.opponent();
            if passes >= 2 {
                break;
            }
        }
        let (black, played) = if passes >= 2 && self.plays_out {
            let diff = area_halves(&self.board, &mut self.seen, &mut self.stack);
            (diff > self.komi_halves, false)
        } else {
            self.playouts.guided_amaf(&self.board, c, last);
            let diff = area_halves(self.playouts.board(), &mut self.seen, &mut self.stack);
            (diff > self.komi_halves, true)
        };
        self.back_up(black, played);
    }

    /// Updates the visits and wins along the path, and the RAVE statistics of the
    /// children of each node on it whose point the same player played first later, in
    /// the tree or in the playout (`played`: whether a playout ran).
    fn back_up(&mut self, black_won: bool, played: bool) {
        let won = |c: Color| (c == Color::Black) == black_won;
        // `amaf[i]`: who first played on `i` after the node being updated (0 nobody, 1
        // Black, 2 White). Walking up the path, each tree move becomes the first.
        if played {
            self.amaf.copy_from_slice(&self.playouts.first);
        } else {
            self.amaf.fill(0);
        }
        for depth in (0..self.path.len()).rev() {
            let n = self.path[depth];
            let node = &mut self.nodes[n];
            node.visits += 1;
            if won(node.color) {
                node.wins += 1.0;
            }
            let (mv, color) = (node.mv, node.color);
            for k in self.nodes[n].kids() {
                let kid = &mut self.nodes[k];
                if kid.mv != 0 && self.amaf[kid.mv as usize] == 1 + kid.color.index() as u8 {
                    kid.rave_visits += 1.0;
                    if won(kid.color) {
                        kid.rave_wins += 1.0;
                    }
                }
            }
            if mv != 0 && depth > 0 {
                self.amaf[mv as usize] = 1 + color.index() as u8;
            }
        }
    }
}

/// Chooses a move for `color` in `game` by tree search within `budget`.
pub fn choose(game: &Game, color: Color, budget: Budget, options: Options) -> Decision {
    let board = game.board();
    let last = game.moves().last();
    let root_last = match last.map(|r| r.mv) {
        Some(Move::Play(p)) => board.idx(p),
        _ => 0,
    };
    let mut search = Search {
        nodes: vec![Node::new(0, color.opponent(), Prior::PASS)],
        root: board,
        komi_halves: game.rules().komi.halves(),
        plays_out: game.rules().dead_stones == DeadStones::PlayOut,
        playouts: Playouts::new(options.seed ^ game.move_number() as u64),
        board: board.clone(),
        root_passes: u32::from(last.is_some_and(|r| r.mv == Move::Pass)),
        root_last,
        pass_share: last.is_some_and(|r| r.mv == Move::Pass)
            || board.stones_on_board(Color::Black) + board.stones_on_board(Color::White)
                >= (board.size().points() / 3) as u16,
        path: Vec::new(),
        amaf: vec![0; CELLS],
        seen: vec![false; CELLS],
        stack: Vec::new(),
    };
    // The root's children: exactly the legal moves under the game's rules, but own eyes.
    let priors = Priors::new(board, color, root_last);
    for p in board.size().all_points() {
        let i = board.idx(p);
        if board.get(p).is_none()
            && !is_own_eye(board, i, color)
            && game.legal_as(color, Move::Play(p)).is_ok()
        {
            search.nodes.push(Node::new(i, color, priors.of(i)));
        }
    }
    search.nodes.push(Node::new(0, color, Prior::PASS));
    search.nodes[0].first_child = 1;
    search.nodes[0].children = (search.nodes.len() - 1) as u32;
    let start = Instant::now();
    let mut n = 0u32;
    loop {
        let done = match budget {
            Budget::Playouts(p) => n >= p,
            Budget::Time(t) => n >= 16 && start.elapsed() >= t,
        };
        if done {
            break;
        }
        search.iterate(color);
        n += 1;
    }
    decide(game, color, &search, n, options)
}

/// The move after the search (module documentation): the most searched play, or a pass
/// when passing is as good and nothing is left to play, or the most searched of the plays
/// left; resignation when hopeless.
fn decide(
    game: &Game,
    color: Color,
    search: &Search<'_>,
    playouts: u32,
    options: Options,
) -> Decision {
    let root = &search.nodes[0];
    let children = &search.nodes[root.kids()];
    let pass = children.iter().find(|c| c.mv == 0);
    let best_play = children
        .iter()
        .filter(|c| c.mv != 0)
        .max_by_key(|c| c.visits);
    let board = game.board();
    let play = |n: &Node| Some(Move::Play(board.point(n.mv)));
    let Some(best) = best_play else {
        return Decision {
            mv: Some(Move::Pass),
            win_rate: pass.map_or(0.5, Node::win_rate),
            playouts,
        };
    };
    let win_rate = best.win_rate();
    let decision = |mv, win_rate| Decision {
        mv,
        win_rate,
        playouts,
    };
    let hopeless = options.resign_below > 0.0
        && playouts >= RESIGN_MIN_PLAYOUTS
        && win_rate < options.resign_below;
    if hopeless {
        return decision(None, win_rate);
    }
    let pass_rate = pass.filter(|p| p.visits > 0).map_or(0.0, Node::win_rate);
    let pass_as_good = pass_rate >= win_rate - PASS_MARGIN;
    let decided = win_rate >= DECIDED;
    let opponent_passed = search.root_passes > 0;
    if !pass_as_good && !decided && !opponent_passed {
        return decision(play(best), win_rate);
    }
    let left = endgame::remaining(game, color);
    // After the opponent's pass, a game the count says is won once finished is finished:
    // the plays left, then a pass.
    let won = opponent_passed && wins_when_finished(game, color, &left);
    let floor = if pass_as_good || won {
        0.0
    } else {
        win_rate - NEED_MARGIN
    };
    if let Some(need) = most_searched(children, &left, board, floor) {
        return decision(play(need), need.win_rate());
    }
    if pass_as_good || won {
        decision(Some(Move::Pass), pass_rate.max(f32::from(u8::from(won))))
    } else {
        decision(play(best), win_rate)
    }
}

/// Whether `color` wins the count of `game`'s position once it is finished: under the
/// game's rules, with the estimate's dead stones removed (captured, under play-out rules)
/// and its fills made.
fn wins_when_finished(game: &Game, color: Color, left: &Remaining) -> bool {
    left.estimate
        .score(game)
        .is_ok_and(|r| matches!(r.result, GameResult::Score { winner: Some(w), .. } if w == color))
}

/// Of the plays `left` lists that win at least `floor` of their playouts at the root,
/// the one with the most playouts (the first listed among equals).
fn most_searched<'n>(
    children: &'n [Node],
    left: &Remaining,
    board: &Board,
    floor: f32,
) -> Option<&'n Node> {
    let mut best: Option<&Node> = None;
    for &(p, _) in &left.plays {
        let i = board.idx(p);
        let Some(node) = children.iter().find(|c| c.mv == i && c.win_rate() >= floor) else {
            continue;
        };
        if best.is_none_or(|b| node.visits > b.visits) {
            best = Some(node);
        }
    }
    best
}
