//! The Monte-Carlo player behind `genmove`: UCT tree search with RAVE over light random
//! playouts (this crate's [`crate::playout`]).
//!
//! The moves at the root are exactly the legal moves of the game under its rules (ko rule,
//! superko, suicide, stone supply), so the player never plays an illegal move. Deeper in
//! the tree and in playouts, moves follow the playout rules (simple ko, no suicide, no
//! filling of one's own eyes): an approximation that only affects the evaluation. A
//! playout is scored by area (stones and surrounded points) with komi; under territory
//! rules this differs by at most a point, and pass stones make area and territory agree.

use crate::playout::{is_own_eye, Playouts};
use std::time::{Duration, Instant};
use tengen::board::{Board, Cell, Idx};
use tengen::{Color, Game, Move};

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

/// A node of the search tree: the move that leads to it and its statistics, from the
/// point of view of the player who made that move.
#[derive(Clone, Debug)]
struct Node {
    mv: Option<Idx>,
    color: Color,
    visits: u32,
    wins: f32,
    rave_visits: u32,
    rave_wins: f32,
    children: Vec<u32>,
    expanded: bool,
}

impl Node {
    fn new(mv: Option<Idx>, color: Color) -> Node {
        Node {
            mv,
            color,
            visits: 0,
            wins: 0.0,
            rave_visits: 0,
            rave_wins: 0.0,
            children: Vec::new(),
            expanded: false,
        }
    }

    /// UCT with RAVE (Gelly and Silver): the RAVE value weighs most while the node has
    /// few visits of its own.
    fn value(&self, parent_visits: u32) -> f32 {
        const RAVE_EQUIVALENCE: f32 = 1000.0;
        const EXPLORATION: f32 = 0.2;
        let n = self.visits as f32;
        let mean = if self.visits > 0 { self.wins / n } else { 0.5 };
        let rave = if self.rave_visits > 0 {
            self.rave_wins / self.rave_visits as f32
        } else {
            0.5
        };
        let beta = (RAVE_EQUIVALENCE / (3.0 * n + RAVE_EQUIVALENCE)).sqrt();
        let explore = EXPLORATION * ((parent_visits as f32 + 1.0).ln() / (n + 1.0)).sqrt();
        (1.0 - beta) * mean + beta * rave + explore
    }
}

/// The search tree and its scratch state.
struct Search<'a> {
    nodes: Vec<Node>,
    root: &'a Board,
    komi_halves: i32,
    playouts: Playouts,
    board: Board,
    /// Whether the game's last move was a pass: a pass at the root then ends it.
    root_passes: u32,
}

/// Whether `c` may play on `i` in the tree below the root: empty, not suicide, not an
/// immediate ko retake, not her own eye.
fn tree_move_ok(board: &Board, i: Idx, c: Color) -> bool {
    board.cell(i) == Cell::Empty
        && board.suicide_count(i, c) == 0
        && !(board.ko_point() == Some(i) && board.capture_count(i, c) == 1)
        && !is_own_eye(board, i, c)
}

/// Black's area minus White's, with komi: whether Black won on this board. Empty regions
/// count for the colour that alone borders them (flood fill: after two passes in the tree
/// regions can be large).
fn black_wins(board: &Board, komi_halves: i32) -> bool {
    let mut seen = vec![false; tengen::board::CELLS];
    let mut diff = 0i32;
    let mut stack: Vec<Idx> = Vec::new();
    for i in board.indices() {
        match board.cell(i) {
            Cell::Black => diff += 2,
            Cell::White => diff -= 2,
            _ if seen[i as usize] => {}
            _ => {
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
    diff > komi_halves
}

impl Search<'_> {
    /// Children for the moves of `color` from the node's position on `board`.
    fn expand(&mut self, node: usize, color: Color) {
        let mut kids = Vec::new();
        for i in self.board.indices() {
            if tree_move_ok(&self.board, i, color) {
                kids.push(self.nodes.len() as u32);
                self.nodes.push(Node::new(Some(i), color));
            }
        }
        kids.push(self.nodes.len() as u32);
        self.nodes.push(Node::new(None, color));
        self.nodes[node].children = kids;
        self.nodes[node].expanded = true;
    }

    fn select(&self, node: usize) -> usize {
        let parent = self.nodes[node].visits;
        let mut best = (f32::MIN, 0usize);
        for &k in &self.nodes[node].children {
            let v = self.nodes[k as usize].value(parent);
            if v > best.0 {
                best = (v, k as usize);
            }
        }
        best.1
    }

    /// One iteration: descend, expand, play out, back up.
    fn iterate(&mut self, to_move: Color) {
        self.board.clone_from(self.root);
        let mut path = vec![0usize];
        let mut c = to_move;
        let mut node = 0usize;
        let mut passes = self.root_passes;
        loop {
            if !self.nodes[node].expanded {
                if self.nodes[node].visits > 0 || node == 0 {
                    self.expand(node, c);
                } else {
                    break;
                }
            }
            let child = self.select(node);
            match self.nodes[child].mv {
                Some(i) => {
                    self.board.play_unchecked(i, c);
                    passes = 0;
                }
                None => {
                    self.board.clear_ko();
                    passes += 1;
                }
            }
            path.push(child);
            node = child;
            c = c.opponent();
            if passes >= 2 {
                break;
            }
        }
        let black = if passes >= 2 {
            black_wins(&self.board, self.komi_halves)
        } else {
            self.playouts.light_amaf(&self.board, c);
            black_wins(self.playouts.board(), self.komi_halves)
        };
        self.back_up(&path, black, passes < 2);
    }

    /// Updates the visits and wins along the path, and the RAVE statistics of the siblings
    /// whose point the same player played first later in the tree or the playout.
    fn back_up(&mut self, path: &[usize], black_won: bool, amaf: bool) {
        let won = |c: Color| (c == Color::Black) == black_won;
        // Who first played each point from each depth on: the tree part, then the playout.
        for (depth, &n) in path.iter().enumerate() {
            let node = &mut self.nodes[n];
            node.visits += 1;
            if won(node.color) {
                node.wins += 1.0;
            }
            let kids = self.nodes[n].children.clone();
            for k in kids {
                let (mv, color) = (self.nodes[k as usize].mv, self.nodes[k as usize].color);
                let Some(i) = mv else { continue };
                let in_tree = path[depth + 1..]
                    .iter()
                    .any(|&m| self.nodes[m].mv == Some(i) && self.nodes[m].color == color);
                let in_playout = amaf && self.playouts.first_mover(i) == Some(color);
                if in_tree || in_playout {
                    let kid = &mut self.nodes[k as usize];
                    kid.rave_visits += 1;
                    if won(color) {
                        kid.rave_wins += 1.0;
                    }
                }
            }
        }
    }
}

/// Chooses a move for `color` in `game` by tree search within `budget`.
pub fn choose(game: &Game, color: Color, budget: Budget, options: Options) -> Decision {
    let board = game.board();
    let mut legal: Vec<Move> = board
        .size()
        .all_points()
        .filter(|&p| board.get(p).is_none() && !is_own_eye(board, board.idx(p), color))
        .map(Move::Play)
        .filter(|&m| game.legal_as(color, m).is_ok())
        .collect();
    legal.push(Move::Pass);
    let mut search = Search {
        nodes: vec![Node::new(None, color.opponent())],
        root: board,
        komi_halves: game.rules().komi.halves(),
        playouts: Playouts::new(options.seed ^ game.move_number() as u64),
        board: board.clone(),
        root_passes: u32::from(game.moves().last().is_some_and(|r| r.mv == Move::Pass)),
    };
    // The root's children: exactly the legal moves under the game's rules.
    let kids: Vec<u32> = legal
        .iter()
        .map(|m| {
            search
                .nodes
                .push(Node::new(m.point().map(|p| board.idx(p)), color));
            (search.nodes.len() - 1) as u32
        })
        .collect();
    search.nodes[0].children = kids;
    search.nodes[0].expanded = true;
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
    decide(game, &search, n, options)
}

/// The most visited root play. A pass only when there is no play, when the opponent
/// just passed and passing wins, or when the game is decided either way (passing then
/// loses nothing); resignation when hopeless.
fn decide(game: &Game, search: &Search<'_>, playouts: u32, options: Options) -> Decision {
    let children: Vec<&Node> = search.nodes[0]
        .children
        .iter()
        .map(|&k| &search.nodes[k as usize])
        .collect();
    let rate = |n: &Node| {
        if n.visits > 0 {
            n.wins / n.visits as f32
        } else {
            0.5
        }
    };
    let pass = children.iter().find(|c| c.mv.is_none()).copied();
    let best_play = children
        .iter()
        .filter(|c| c.mv.is_some())
        .max_by_key(|c| c.visits)
        .copied();
    let Some(best) = best_play else {
        return Decision {
            mv: Some(Move::Pass),
            win_rate: pass.map_or(0.5, rate),
            playouts,
        };
    };
    let win_rate = rate(best);
    let opponent_passed = game.moves().last().is_some_and(|r| r.mv == Move::Pass);
    let pass_rate = pass.filter(|p| p.visits > 0).map_or(0.0, rate);
    let pass_wins_now = opponent_passed && pass_rate > 0.5;
    // Late in the game, when passing wins as surely as playing, stop adding stones (under
    // territory rules they would fill one's own points).
    let late = game.move_number() >= game.size().points() / 2;
    let decided = late && pass_rate >= 0.98 && win_rate >= 0.98;
    let hopeless = options.resign_below > 0.0 && playouts >= 100 && win_rate < options.resign_below;
    let mv = if hopeless {
        None
    } else if pass_wins_now || decided {
        Some(Move::Pass)
    } else {
        best.mv.map(|i| Move::Play(game.board().point(i)))
    };
    Decision {
        mv,
        win_rate,
        playouts,
    }
}
