//! The cycle-set rule (rule 9) and the disallowed-capture rule (rule 15) of seed 004, the
//! precise approximation of Ing's SST ko rule (docs/rules.md §3.2).

use crate::board::{Board, Cell, Idx};
use crate::color::Color;
use crate::history::Positions;
use crate::illegal::Illegal;
use crate::moves::MoveRecord;
use crate::point::Point;
use std::collections::{BTreeSet, HashMap};

/// A play's signature (definition 14): the point played, the points captured, and the
/// points of the chains it threatens.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Signature {
    /// The point played.
    pub point: Point,
    /// The points captured (sorted).
    pub captured: Vec<Point>,
    /// The points of opponent chains the play reduced to one liberty (sorted).
    pub threatened: Vec<Point>,
}

/// A potentially disallowed play (definition 12) waiting for the opponent's answer.
#[derive(Clone, Debug)]
struct Pending {
    player: Color,
    number: usize,
    signature: Signature,
}

/// What rule 9 forbids on the next move.
#[derive(Clone, Debug)]
struct Constraint {
    capture_move: usize,
    set: BTreeSet<Point>,
}

/// What the rule needs to know about a play before it is made.
#[derive(Clone, Debug)]
pub(crate) struct Before {
    signature: Signature,
    constrained: bool,
    /// One stone of each of the mover's chains in atari before the play.
    own_threatened: Vec<Point>,
}

/// A capture (definition 7): the point played and the points captured.
type Capture = (Point, Vec<Point>);

/// What the game knows of one capture: the moves that made it, and its cycle set.
#[derive(Clone, Debug, Default)]
struct CaptureHistory {
    moves: Vec<usize>,
    cycle_set: BTreeSet<Point>,
}

/// The state of the cycle-set rules over one game.
#[derive(Clone, Debug, Default)]
pub struct CycleSets {
    /// For each capture (point, captured set): the moves it was made at, and its cycle set.
    captures: HashMap<Capture, CaptureHistory>,
    constraint: Option<Constraint>,
    pending: Option<Pending>,
    /// Per player: signatures made disallowed, with (counteracted move, counteracting move).
    disallowed: [HashMap<Signature, (usize, usize)>; 2],
    /// What each move changed, so that taking it back restores the state exactly.
    log: Vec<Undo>,
}

/// A signature made disallowed for a player (by index), with the value it replaced.
type Disallowing = (usize, Signature, Option<(usize, usize)>);

/// What one move changed in the state: the old values of what it overwrote.
#[derive(Clone, Debug)]
struct Undo {
    constraint: Option<Constraint>,
    pending: Option<Pending>,
    disallowed: Option<Disallowing>,
    /// The capture recorded, with its cycle set before the move.
    capture: Option<(Capture, BTreeSet<Point>)>,
}

impl Before {
    /// Notes one stone of each of `color`'s chains in atari, just before her play: the
    /// play is potentially disallowed only if it gives none of them a liberty.
    pub(crate) fn note_ataris(&mut self, board: &Board, color: Color) {
        self.own_threatened = board
            .indices()
            .filter(|&j| {
                board.cell(j) == Cell::stone(color)
                    && board.chain_head(j) == j
                    && board.liberties(j) == 1
            })
            .map(|j| board.point(j))
            .collect();
    }
}

/// The stones of the chains of `c` adjacent to `i` that have exactly `libs` liberties.
fn adjacent_chains_with(board: &Board, i: Idx, c: Color, libs: u16) -> Vec<Point> {
    let mut heads: Vec<Idx> = Vec::new();
    for n in board.neighbours(i) {
        if board.cell(n) == Cell::stone(c) && board.liberties(n) == libs {
            let h = board.chain_head(n);
            if !heads.contains(&h) {
                heads.push(h);
            }
        }
    }
    let mut out = Vec::new();
    for h in heads {
        board.for_each_stone(h, |s| out.push(board.point(s)));
    }
    out.sort();
    out
}

impl CycleSets {
    /// Examines a play of `color` on the empty point `i` before it is made: rule 9, then
    /// rule 15. On success returns what [`CycleSets::after_play`] needs.
    pub(crate) fn check(&self, board: &Board, i: Idx, color: Color) -> Result<Before, Illegal> {
        let point = board.point(i);
        if let Some(c) = &self.constraint {
            if c.set.contains(&point) {
                return Err(Illegal::CycleSet {
                    capture_move: c.capture_move,
                });
            }
        }
        let opp = color.opponent();
        // A play only removes liberties from the opponent's chains next to it, so those with
        // two liberties are the ones it threatens; but a suicide gives them back at once.
        let threatened = if board.suicide_count(i, color) > 0 {
            Vec::new()
        } else {
            adjacent_chains_with(board, i, opp, 2)
        };
        let signature = Signature {
            point,
            captured: adjacent_chains_with(board, i, opp, 1),
            threatened,
        };
        let constrained = self.constraint.is_some();
        if !constrained {
            if let Some(&(counteracted_move, by_move)) =
                self.disallowed[color.index()].get(&signature)
            {
                return Err(Illegal::DisallowedCapture {
                    counteracted_move,
                    by_move,
                });
            }
        }
        // The chains in atari are noted only when the play is made: see `note_ataris`.
        Ok(Before {
            signature,
            constrained,
            own_threatened: Vec::new(),
        })
    }

    /// Updates the state after move `number`, a play of `color` that `before` examined.
    /// `board` and `positions` already include the move.
    pub(crate) fn after_play(
        &mut self,
        before: Before,
        color: Color,
        number: usize,
        board: &Board,
        positions: &Positions,
        moves: &[MoveRecord],
    ) {
        let sig = before.signature;
        let mut undo = self.undo_start();
        undo.disallowed = self.judge_pending(color, number, board, &sig.captured);
        // Definition 12: unconstrained, threatens, and rescues none of the mover's chains in atari.
        let rescues = before
            .own_threatened
            .iter()
            .any(|&p| board.get(p) == Some(color) && board.liberties(board.idx(p)) > 1);
        if !before.constrained && !sig.threatened.is_empty() && !rescues {
            self.pending = Some(Pending {
                player: color,
                number,
                signature: sig.clone(),
            });
        }
        self.constraint = None;
        if sig.captured.is_empty() {
            self.log.push(undo);
            return;
        }
        // Definition 8: a repeated capture leaving the same board adds the points played
        // in between to the capture's cycle set.
        let key = (sig.point, sig.captured.clone());
        let entry = self.captures.entry(key.clone()).or_default();
        undo.capture = Some((key, entry.cycle_set.clone()));
        self.log.push(undo);
        for &s in &entry.moves {
            if positions.same(s, number) {
                let between = moves[s..number - 1].iter().filter_map(|r| r.mv.point());
                entry.cycle_set.extend(between);
            }
        }
        entry.moves.push(number);
        if !entry.cycle_set.is_empty() {
            let set = entry.cycle_set.clone();
            self.constraint = Some(Constraint {
                capture_move: number,
                set,
            });
        }
    }

    /// Notes a pass by `color` at move `number`.
    pub(crate) fn after_pass(&mut self, color: Color, number: usize, board: &Board) {
        let mut undo = self.undo_start();
        undo.disallowed = self.judge_pending(color, number, board, &[]);
        self.constraint = None;
        self.log.push(undo);
    }

    /// The undo record of the next move, holding what every move may overwrite.
    fn undo_start(&self) -> Undo {
        Undo {
            constraint: self.constraint.clone(),
            pending: self.pending.clone(),
            disallowed: None,
            capture: None,
        }
    }

    /// Takes back the state's changes of the last move (its `after_play` or `after_pass`).
    pub(crate) fn undo(&mut self) {
        let Some(undo) = self.log.pop() else { return };
        self.constraint = undo.constraint;
        self.pending = undo.pending;
        if let Some((player, signature, old)) = undo.disallowed {
            match old {
                Some(v) => self.disallowed[player].insert(signature, v),
                None => self.disallowed[player].remove(&signature),
            };
        }
        if let Some((key, cycle_set)) = undo.capture {
            if let Some(entry) = self.captures.get_mut(&key) {
                entry.moves.pop();
                entry.cycle_set = cycle_set;
                if entry.moves.is_empty() {
                    self.captures.remove(&key);
                }
            }
        }
    }

    /// Definition 13 and rule 15: if the opponent's last play was potentially disallowed and
    /// this move counteracts it, its signature becomes disallowed for her.
    /// Returns the signature made disallowed, if any, with the value it replaced.
    fn judge_pending(
        &mut self,
        color: Color,
        number: usize,
        board: &Board,
        captured: &[Point],
    ) -> Option<Disallowing> {
        let p = self.pending.take()?;
        if p.player != color.opponent() || p.number + 1 != number {
            return None;
        }
        let spared = !captured.contains(&p.signature.point);
        let restored = p
            .signature
            .threatened
            .iter()
            .all(|&q| board.get(q) == Some(color) && board.liberties(board.idx(q)) >= 2);
        if !(spared && restored) {
            return None;
        }
        let player = p.player.index();
        let old = self.disallowed[player].insert(p.signature.clone(), (p.number, number));
        Some((player, p.signature, old))
    }

    /// The points the next move may not be played on under rule 9, with the capture that
    /// made the set.
    pub fn constraint(&self) -> Option<(usize, Vec<Point>)> {
        self.constraint
            .as_ref()
            .map(|c| (c.capture_move, c.set.iter().copied().collect()))
    }

    /// The signatures disallowed for `color` under rule 15.
    pub fn disallowed(&self, color: Color) -> Vec<&Signature> {
        self.disallowed[color.index()].keys().collect()
    }
}
