//! A game: rules, board and full history; legality under every rule of docs/rules.md §2-§4.

use crate::board::{Board, Cell, Idx};
use crate::color::Color;
use crate::cycle::CycleSets;
use crate::ending::PassState;
use crate::handicap::fixed_handicap;
use crate::history::Positions;
use crate::illegal::{Illegal, SetupError};
use crate::ko;
use crate::moves::{MoveRecord, Removed};
use crate::point::{Move, Point, Size};
use crate::result::{EndReason, GameResult};
use crate::rules::{DeadStones, KoRule, LongCycle, Rules, Suicide};
use crate::score::{self, CountError, ScoreReport, Tally};
use std::sync::OnceLock;

/// Where the game stands: in play, or over. What follows the passes that end a game under
/// an agreement rule (marking dead stones, confirmation play) is a [`crate::Settlement`],
/// which takes the passed-out game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Moves are being played.
    Playing,
    /// The game is over.
    Ended(EndReason),
}

/// Why [`Game::set_rules`] refused new rules: a move already played would be illegal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RulesChangeRefused {
    /// The move (1 for the first) the new rules would refuse.
    pub move_number: usize,
    /// Why they would refuse it.
    pub reason: Illegal,
}

impl std::fmt::Display for RulesChangeRefused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "under these rules move {} would be illegal: {}",
            self.move_number, self.reason
        )
    }
}

impl std::error::Error for RulesChangeRefused {}

/// The position before the first move (docs/rules.md: `P_0`, after handicap stones).
#[derive(Clone, Debug)]
struct Start {
    /// `P_0` as a board, made from the history's packed `P_0` the first time it is asked
    /// for: most games (every record replayed) never need it, and a board costs time to
    /// build and copy.
    board: OnceLock<Box<Board>>,
    to_move: Color,
    handicap: Vec<Point>,
}

/// A game of Go under a set of rules, with its whole history.
#[derive(Clone, Debug)]
pub struct Game {
    pub(crate) rules: Rules,
    start: Start,
    /// Boxed, as is the start's: a board is some 11 KB, and games are moved by value
    /// (returned, stored), which would copy both boards each time.
    pub(crate) board: Box<Board>,
    pub(crate) to_move: Color,
    pub(crate) moves: Vec<MoveRecord>,
    /// The points a play is removing, gathered here before they go into its record
    /// (empty between moves; kept for its room).
    removing: Vec<Point>,
    positions: Positions,
    prisoners: [u32; 2],
    pub(crate) passes: PassState,
    cycle: CycleSets,
    pub(crate) phase: Phase,
    /// The stones found dead after the game ended by passes: `None` until they are settled
    /// (at once under play-out rules, by a [`crate::Settlement`] otherwise).
    final_dead: Option<Vec<Point>>,
    /// Confirmation play's ko rule: a ko may be retaken only after a pass (docs/rules.md §5.1).
    pub(crate) confirmation: bool,
    /// Whether a resignation, loss on time or forfeit came while the dead stones were
    /// being settled (undo then returns to that).
    ended_after_passes: bool,
    /// What the few moves that change more than their record changed (see [`Aside`]),
    /// latest last.
    asides: Vec<Aside>,
}

/// What a move changed beyond its record, kept for the few moves that change more, so that
/// undo restores it exactly: the pass bookkeeping (changed by a pass, and by the first play
/// after passes), the phase a forced move left, the stone a forced move replaced.
#[derive(Clone, Debug)]
struct Aside {
    /// The move's number (1 for the first move).
    number: usize,
    /// The pass bookkeeping before the move, if the move changed it.
    passes: Option<PassState>,
    /// The phase before a forced move (moves made by [`Game::apply`] start in play).
    phase: Option<Phase>,
    /// The stone a forced move replaced.
    replaced: Option<(Point, Color)>,
}

impl Aside {
    fn new(number: usize) -> Aside {
        Aside {
            number,
            passes: None,
            phase: None,
            replaced: None,
        }
    }
}

/// What the legality check learned about a play, reused when it is made.
struct Checked {
    /// Boxed: only the cycle-set rule has one, and every other move would otherwise carry
    /// (copy, test for dropping) its full size through the check and the move.
    cycle: Option<Box<crate::cycle::Before>>,
}

impl Game {
    /// A new game on an empty board, Black to move.
    pub fn new(size: Size, rules: Rules) -> Game {
        Game::from_boxed(Board::new_boxed(size), Color::Black, rules)
    }

    /// A game starting from a set-up position with `to_move` to play (e.g. an SGF record's
    /// `AB`/`AW`/`PL`). The position is `P_0` for the repetition rules.
    /// The board may be given boxed ([`Board::new_boxed`]), which saves copying it.
    pub fn from_position(board: impl Into<Box<Board>>, to_move: Color, rules: Rules) -> Game {
        Game::from_boxed(board.into(), to_move, rules)
    }

    /// [`Game::from_position`] for a board already on the heap.
    pub(crate) fn from_boxed(board: Box<Board>, to_move: Color, rules: Rules) -> Game {
        let mut board = board;
        board.clear_ko();
        Game {
            positions: Positions::new(&board, to_move),
            start: Start {
                board: OnceLock::new(),
                to_move,
                handicap: Vec::new(),
            },
            board,
            to_move,
            rules,
            moves: Vec::new(),
            removing: Vec::new(),
            prisoners: [0; 2],
            passes: PassState::default(),
            cycle: CycleSets::default(),
            phase: Phase::Playing,
            final_dead: None,
            confirmation: false,
            ended_after_passes: false,
            asides: Vec::new(),
        }
    }

    /// Places `n` handicap stones on the fixed points (GTP order) and gives White the move
    /// (docs/rules.md §6). Only before the first move on an empty board.
    pub fn set_fixed_handicap(&mut self, n: u8) -> Result<Vec<Point>, SetupError> {
        let points = fixed_handicap(self.board.size(), n).map_err(SetupError::Handicap)?;
        self.set_free_handicap(&points)?;
        Ok(points)
    }

    /// Places handicap stones on the given points and gives White the move (docs/rules.md §6).
    pub fn set_free_handicap(&mut self, points: &[Point]) -> Result<(), SetupError> {
        let size = self.board.size();
        if !self.moves.is_empty()
            || self.board.stones_on_board(Color::Black) + self.board.stones_on_board(Color::White)
                > 0
        {
            return Err(SetupError::NotEmpty);
        }
        if let Some(&p) = points.iter().find(|p| !size.contains(**p)) {
            return Err(SetupError::OffBoard(p));
        }
        let mut sorted = points.to_vec();
        sorted.sort();
        if let Some(w) = sorted.windows(2).find(|w| w[0] == w[1]) {
            return Err(SetupError::RepeatedPoint(w[0]));
        }
        let max = size.points().saturating_sub(1);
        if points.len() < 2 || points.len() > max {
            return Err(SetupError::HandicapCount {
                stones: points.len(),
                max,
            });
        }
        let stones: Vec<_> = points.iter().map(|&p| (p, Color::Black)).collect();
        let board = Board::from_stones(size, &stones)?;
        let handicap = points.to_vec();
        *self = Game::from_position(board, Color::White, self.rules.clone());
        self.start.handicap = handicap;
        Ok(())
    }

    /// Makes room for `moves` more moves, so that the history does not grow move by
    /// move (a record reader knows how many are coming).
    pub fn reserve(&mut self, moves: usize) {
        self.moves.reserve(moves);
        self.positions.reserve(moves);
    }

    /// The rules.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// Changes the rules. Once moves exist the game is replayed under the new rules; if a
    /// move played would become illegal, nothing changes and the refusal says which move and
    /// why.
    pub fn set_rules(&mut self, rules: Rules) -> Result<(), RulesChangeRefused> {
        let start = Box::new(self.start_board().clone());
        let mut replay = Game::from_boxed(start, self.start.to_move, rules);
        replay.start.handicap = self.start.handicap.clone();
        for (k, r) in self.moves.iter().enumerate() {
            if let Err(reason) = replay.play_as(r.color, r.mv) {
                return Err(RulesChangeRefused {
                    move_number: k + 1,
                    reason,
                });
            }
        }
        if let Phase::Ended(reason) = &self.phase {
            if matches!(
                reason,
                EndReason::Resignation { .. } | EndReason::Time { .. } | EndReason::Forfeit { .. }
            ) {
                replay.phase = self.phase.clone();
            }
        }
        *self = replay;
        Ok(())
    }

    /// The current board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The board size.
    pub fn size(&self) -> Size {
        self.board.size()
    }

    /// The starting position `P_0`.
    pub fn start_board(&self) -> &Board {
        self.start.board.get_or_init(|| {
            let size = self.board.size();
            let stones = self.positions.stones(0, size).unwrap_or_default();
            // `P_0` was a board, so its stones always make one again.
            Box::new(Board::from_stones(size, &stones).unwrap_or_else(|_| Board::new(size)))
        })
    }

    /// The handicap stones placed, if any.
    pub fn handicap(&self) -> &[Point] {
        &self.start.handicap
    }

    /// Whose turn it is.
    pub fn to_move(&self) -> Color {
        self.to_move
    }

    /// Every move so far.
    pub fn moves(&self) -> &[MoveRecord] {
        &self.moves
    }

    /// Number of moves made (plays and passes).
    pub fn move_number(&self) -> usize {
        self.moves.len()
    }

    /// The positions `P_0 ..= P_t` of the game.
    pub fn positions(&self) -> &Positions {
        &self.positions
    }

    /// Prisoners held by `c`: captures, suicided opponent stones and pass stones received.
    pub fn prisoners(&self, c: Color) -> u32 {
        self.prisoners[c.index()]
    }

    /// The pass bookkeeping: runs, preliminary end, first passer.
    pub fn pass_state(&self) -> &PassState {
        &self.passes
    }

    /// The cycle-set rule's state (docs/rules.md §3.2).
    pub fn cycle_sets(&self) -> &CycleSets {
        &self.cycle
    }

    /// The phase.
    pub fn phase(&self) -> &Phase {
        &self.phase
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.phase != Phase::Playing
    }

    /// The result once the game is over: from the score of the final position with the
    /// stones found dead, or from the way it ended (resignation, time, forfeit, long
    /// cycle). `None` while playing, and after the ending passes until the dead stones are
    /// settled (see [`Game::needs_settlement`]).
    pub fn result(&self) -> Option<GameResult> {
        match &self.phase {
            Phase::Playing => None,
            Phase::Ended(EndReason::Passes) if self.final_dead.is_none() => None,
            Phase::Ended(EndReason::Passes) => Some(self.score().result),
            Phase::Ended(EndReason::Resignation { loser }) => {
                Some(GameResult::Resignation(loser.opponent()))
            }
            Phase::Ended(EndReason::Time { loser }) => Some(GameResult::Time(loser.opponent())),
            Phase::Ended(EndReason::Forfeit { loser }) => {
                Some(GameResult::Forfeit(loser.opponent()))
            }
            Phase::Ended(EndReason::LongCycle {
                outcome: LongCycle::Draw,
                ..
            }) => Some(GameResult::Draw),
            Phase::Ended(EndReason::LongCycle { .. }) => Some(GameResult::Void),
        }
    }

    /// What the game contributes to its count besides the final position: captures, pass
    /// stones, handicap, the first passer and the plays after a preliminary end.
    pub fn tally(&self) -> Tally {
        let mut pass_stones = [0; 2];
        for r in self.moves.iter().filter(|r| r.pass_stone) {
            pass_stones[r.color.opponent().index()] += 1;
        }
        let late_plays = match self.passes.preliminary_end {
            Some(start) => self.moves[start..]
                .iter()
                .filter_map(|r| r.mv.point().map(|p| (p, r.color)))
                .collect(),
            None => Vec::new(),
        };
        Tally {
            captures: Color::BOTH.map(|c| self.prisoners[c.index()] - pass_stones[c.index()]),
            pass_stones,
            handicap: self.start.handicap.len() as u32,
            first_passer: self.passes.first_pass,
            late_plays,
        }
    }

    /// The count of the current position under the game's rules, with the stones found
    /// dead when the game was settled removed (none before, and none under play-out rules).
    pub fn score(&self) -> ScoreReport {
        // The settled dead stones were checked against this board when they were settled.
        let dead = self.final_dead.clone().unwrap_or_default();
        score::count_checked(&self.board, dead, &[], &self.tally(), &self.rules)
    }

    /// The count of the current position under the game's rules with `dead` removed; refused
    /// if a dead point is off the board or holds no stone.
    pub fn score_with_dead(&self, dead: &[Point]) -> Result<ScoreReport, CountError> {
        self.score_with_fills(dead, &[])
    }

    /// As [`Game::score_with_dead`], with some empty points first filled with stones, as the
    /// players would have done to close borders and fill dame before counting (the
    /// estimator proposes such fills; see [`score::count_with_fills`]).
    pub fn score_with_fills(
        &self,
        dead: &[Point],
        fills: &[(Point, Color)],
    ) -> Result<ScoreReport, CountError> {
        score::count_with_fills(&self.board, dead, fills, &self.tally(), &self.rules)
    }

    /// Whether this end by passes scores the board as it stands: under play-out rules, and
    /// under WMSG's rule once play has resumed once (docs/rules.md §5.1).
    fn plays_out(&self) -> bool {
        match self.rules.dead_stones {
            DeadStones::PlayOut => true,
            DeadStones::AgreeThenResumeOnce => self.passes.ends >= 2,
            DeadStones::AgreeThenResume | DeadStones::AgreeThenConfirm => false,
        }
    }

    /// Whether the game ended by passes under an agreement rule and its dead stones are
    /// still to be settled: give it to a [`crate::Settlement`].
    pub fn needs_settlement(&self) -> bool {
        self.phase == Phase::Ended(EndReason::Passes) && self.final_dead.is_none()
    }

    /// The stones found dead at the end (empty before the dead stones are settled).
    pub fn final_dead(&self) -> &[Point] {
        self.final_dead.as_deref().unwrap_or_default()
    }

    /// Records the stones settled dead: stones of the final position (the settlement
    /// checked them), sorted.
    pub(crate) fn settle_dead(&mut self, mut dead: Vec<Point>) {
        dead.sort();
        dead.dedup();
        self.final_dead = Some(dead);
    }

    /// Resumes play after the ending passes, before the dead stones are settled: the
    /// opponent of the last passer moves (docs/rules.md §5.1). Refused unless the game is waiting
    /// for its dead stones to be settled.
    pub fn resume(&mut self) -> Result<(), Illegal> {
        if !self.needs_settlement() {
            return Err(Illegal::GameOver);
        }
        if let Some(last) = self.moves.last() {
            self.to_move = last.color.opponent();
        }
        self.passes.run = 0;
        self.phase = Phase::Playing;
        Ok(())
    }

    /// A game from the final position under the same rules played out, with confirmation
    /// play's ko rule; the opponent of the last passer moves first (docs/rules.md §5.1).
    pub(crate) fn confirmation_sandbox(&self) -> Game {
        let mut rules = self.rules.clone();
        rules.dead_stones = DeadStones::PlayOut;
        let to_move = self
            .moves
            .last()
            .map_or(self.to_move, |last| last.color.opponent());
        let mut g = Game::from_boxed(self.board.clone(), to_move, rules);
        g.confirmation = true;
        g
    }

    /// Stones `c` may still put on the board under a stone supply (docs/rules.md §4), or `None`
    /// when unlimited. Prisoners return to their owner's bowl.
    pub fn stones_in_bowl(&self, c: Color) -> Option<u16> {
        self.rules
            .stone_supply
            .map(|s| s.saturating_sub(self.board.stones_on_board(c)))
    }

    /// Whether the player to move may make `mv`.
    pub fn legal(&self, mv: Move) -> Result<(), Illegal> {
        self.legal_as(self.to_move(), mv)
    }

    /// Whether `color` may make `mv` now (GTP allows either colour to move).
    pub fn legal_as(&self, color: Color, mv: Move) -> Result<(), Illegal> {
        self.check(color, mv).map(|_| ())
    }

    /// Every legal move of the player to move: the legal plays in board order, then pass.
    pub fn legal_moves(&self) -> Vec<Move> {
        if self.is_over() {
            return Vec::new();
        }
        let mut mask = vec![false; self.size().points()];
        self.legal_mask_into(&mut mask);
        let mut out: Vec<Move> = self
            .size()
            .all_points()
            .zip(mask)
            .filter(|&(_, legal)| legal)
            .map(|(p, _)| Move::Play(p))
            .collect();
        out.push(Move::Pass);
        out
    }

    /// Whether the player to move may play on each point, row by row from the top left:
    /// `out[y * width + x]` is exactly `self.legal(Move::Play(Point::new(x, y))).is_ok()`
    /// (slots beyond the board's points are left as they are). Made for the whole board at
    /// once, cheaper than asking point by point: a play that captures nothing and has an
    /// empty neighbour is decided by the ko rule alone, and under superko by one probe of
    /// the history (a hash match goes to the full, exact check).
    pub fn legal_mask_into(&self, out: &mut [bool]) {
        let color = self.to_move;
        let rule = self.rules.ko;
        let blocked = self.is_over() || self.stones_in_bowl(color) == Some(0);
        let plain_rule = !self.confirmation
            && matches!(
                rule,
                KoRule::Simple
                    | KoRule::Positional
                    | KoRule::Situational
                    | KoRule::NaturalSituational
                    | KoRule::CapturePositional
            );
        // A plain play adds one stone of `color`: if no earlier position had the numbers of
        // stones that makes, none of them can recur.
        let mut after = self.board.stone_counts();
        after[color.index()] += 1;
        let may_recur = self.positions.may_have_stones(after);
        for (slot, i) in out.iter_mut().zip(self.board.indices()) {
            *slot = !blocked
                && self.board.cell(i) == Cell::Empty
                && if plain_rule && self.board.plain_play(i, color) {
                    self.plain_play_legal(rule, may_recur, i, color)
                } else {
                    self.check(color, Move::Play(self.board.point(i))).is_ok()
                };
        }
    }

    /// Whether a play on `i` that captures nothing and is no suicide is legal under the
    /// repetition `rule` (one that compares positions, or simple ko); `may_recur` is false
    /// when no earlier position has as many stones of each colour as the play would make.
    #[inline]
    fn plain_play_legal(&self, rule: KoRule, may_recur: bool, i: Idx, color: Color) -> bool {
        match rule {
            // Only a capture can retake a ko or, under Ikeda's rule 4, repeat a position.
            KoRule::Simple | KoRule::CapturePositional => true,
            _ if !may_recur => true,
            _ => {
                let hash = self.board.hash() ^ crate::board::stone_key(i, color);
                !ko::may_repeat(rule, &self.positions, color, hash)
                    || self.check_superko(rule, i, color).is_ok()
            }
        }
    }

    /// Plays `mv` for the player to move.
    pub fn play(&mut self, mv: Move) -> Result<&MoveRecord, Illegal> {
        self.play_as(self.to_move(), mv)
    }

    /// Passes for the player to move.
    pub fn pass(&mut self) -> Result<&MoveRecord, Illegal> {
        self.play(Move::Pass)
    }

    /// Plays `mv` for `color`, whoever's turn it is (GTP `play`); the turn then passes to
    /// the other colour.
    #[inline(always)]
    pub fn play_as(&mut self, color: Color, mv: Move) -> Result<&MoveRecord, Illegal> {
        let checked = if self.plainly_legal(color, mv) {
            Checked { cycle: None }
        } else {
            self.check(color, mv)?
        };
        self.apply(color, mv, checked);
        Ok(self.moves.last().expect("a move was just recorded"))
    }

    /// Whether `color` playing `mv` is a play that [`Game::check`] would let through with
    /// nothing to carry to the move, seen at once: an empty point that is no suicide (it has
    /// an empty neighbour, or else the board counts), no stone supply, and simple ko away
    /// from the ko point, outside confirmation play. Most moves are such plays; anything
    /// else goes to the full check.
    #[inline(always)]
    fn plainly_legal(&self, color: Color, mv: Move) -> bool {
        let Move::Play(p) = mv else {
            return false;
        };
        if !matches!(self.phase, Phase::Playing) || !self.size().contains(p) {
            return false;
        }
        let i = self.board.idx(p);
        self.board.cell(i) == Cell::Empty
            && self.rules.stone_supply.is_none()
            && self.rules.ko == KoRule::Simple
            && !self.confirmation
            && self.board.ko_point() != Some(i)
            && (self.board.neighbour_counts(i).empty() > 0
                || self.board.suicide_count(i, color) == 0)
    }

    /// Records a play or pass the rules refuse, as game records sometimes hold (a ko
    /// retaken at once, a suicide, a move after the end of the game, a stone on an occupied
    /// point): the stone replaces whatever was on its point and captures are made as docs/rules.md
    /// §1.5 says, with no legality check. For readers of records, never for play.
    /// Refused only for a point off the board.
    pub fn force(&mut self, color: Color, mv: Move) -> Result<&MoveRecord, Illegal> {
        if let Move::Play(p) = mv {
            if !self.size().contains(p) {
                return Err(Illegal::OffBoard(p));
            }
        }
        let mut aside = Aside::new(self.moves.len() + 1);
        if self.phase != Phase::Playing {
            aside.phase = Some(std::mem::replace(&mut self.phase, Phase::Playing));
        }
        let mut replaced = false;
        if let Move::Play(p) = mv {
            let i = self.board.idx(p);
            if let Some(c) = self.board.cell(i).color() {
                self.board.remove_stone(i);
                aside.replaced = Some((p, c));
                replaced = true;
            }
        }
        if aside.phase.is_some() || replaced {
            self.asides.push(aside);
        }
        let checked = self.check_unchecked(color, mv);
        self.apply(color, mv, checked);
        // A move outside the rules cannot complete a long cycle under them (a stone
        // replacing one of its own colour repeats the position without any cycle).
        if matches!(self.phase, Phase::Ended(EndReason::LongCycle { .. })) {
            self.phase = Phase::Playing;
        }
        if replaced {
            self.positions.repack_last(&self.board);
        }
        self.moves.last().ok_or(Illegal::GameOver)
    }

    /// `color` resigns.
    pub fn resign(&mut self, color: Color) -> Result<(), Illegal> {
        self.end_by(EndReason::Resignation { loser: color })
    }

    /// `color` loses on time.
    pub fn lose_on_time(&mut self, color: Color) -> Result<(), Illegal> {
        self.end_by(EndReason::Time { loser: color })
    }

    /// `color` forfeits.
    pub fn forfeit(&mut self, color: Color) -> Result<(), Illegal> {
        self.end_by(EndReason::Forfeit { loser: color })
    }

    /// Ends the game. A player may also resign while the dead stones of a game that ended
    /// by passes are being settled: only a finished game cannot end again.
    fn end_by(&mut self, reason: EndReason) -> Result<(), Illegal> {
        if self.is_over() && !self.needs_settlement() {
            return Err(Illegal::GameOver);
        }
        self.ended_after_passes = self.needs_settlement();
        self.phase = Phase::Ended(reason);
        Ok(())
    }

    /// Takes back the last move (or a resignation, loss on time or forfeit), restoring
    /// everything exactly: board, hashes, ko point, prisoners, passes, cycle sets, phase.
    /// Returns false if there is nothing to take back. Undo costs what the move cost (the
    /// stones it placed and removed), however long the game.
    pub fn undo(&mut self) -> bool {
        if matches!(
            self.phase,
            Phase::Ended(
                EndReason::Resignation { .. } | EndReason::Time { .. } | EndReason::Forfeit { .. }
            )
        ) {
            self.phase = if std::mem::take(&mut self.ended_after_passes) {
                Phase::Ended(EndReason::Passes)
            } else {
                Phase::Playing
            };
            return true;
        }
        let Some(r) = self.moves.pop() else {
            return false;
        };
        let number = self.moves.len() + 1;
        let aside = match self.asides.last() {
            Some(a) if a.number == number => self.asides.pop(),
            _ => None,
        };
        // The ko point before the move is the one the previous move left.
        let ko = self
            .moves
            .last()
            .and_then(|m| m.ko)
            .map(|p| self.board.idx(p));
        self.undo_on_board(&r, ko);
        if let Some((p, c)) = aside.as_ref().and_then(|a| a.replaced) {
            self.board.place_unchecked(self.board.idx(p), c);
            self.board.set_ko(ko);
        }
        self.positions.pop();
        if self.rules.ko == KoRule::CycleSets {
            self.cycle.undo();
        }
        let aside = aside.unwrap_or(Aside::new(number));
        if let Some(passes) = aside.passes {
            self.passes = passes;
        }
        self.phase = aside.phase.unwrap_or(Phase::Playing);
        if self.phase == Phase::Playing {
            self.final_dead = None;
        }
        self.to_move = r.color;
        true
    }

    /// Takes the move `r` back on the board and from the prisoners; `ko` is the ko point
    /// before it.
    fn undo_on_board(&mut self, r: &MoveRecord, ko: Option<Idx>) {
        let opponent = r.color.opponent().index();
        match r.mv {
            Move::Play(p) => {
                let removed: Vec<Idx> = r
                    .removed
                    .as_slice()
                    .iter()
                    .map(|&q| self.board.idx(q))
                    .collect();
                self.board
                    .undo_play(self.board.idx(p), r.color, &removed, r.suicide, ko);
                let n = removed.len() as u32;
                if r.suicide {
                    self.prisoners[opponent] -= n;
                } else {
                    self.prisoners[r.color.index()] -= n;
                }
            }
            Move::Pass => {
                self.board.set_ko(ko);
                if r.pass_stone {
                    self.prisoners[opponent] -= 1;
                }
            }
        }
    }

    /// The state a replayed (known legal) move needs, without checking legality.
    fn check_unchecked(&self, color: Color, mv: Move) -> Checked {
        let cycle = match mv {
            Move::Play(p) if self.rules.ko == KoRule::CycleSets => self
                .cycle
                .check(&self.board, self.board.idx(p), color)
                .ok()
                .map(Box::new),
            _ => None,
        };
        Checked { cycle }
    }

    /// Decides whether `color` may make `mv` (docs/rules.md §1.6, §2, §3, §4).
    fn check(&self, color: Color, mv: Move) -> Result<Checked, Illegal> {
        if self.is_over() {
            return Err(Illegal::GameOver);
        }
        let Move::Play(p) = mv else {
            return Ok(Checked { cycle: None });
        };
        if !self.size().contains(p) {
            return Err(Illegal::OffBoard(p));
        }
        let i = self.board.idx(p);
        if self.board.cell(i) != Cell::Empty {
            return Err(Illegal::Occupied(p));
        }
        if self.stones_in_bowl(color) == Some(0) {
            return Err(Illegal::NoStonesLeft {
                supply: self.rules.stone_supply.unwrap_or(0),
            });
        }
        self.check_suicide(i, color)?;
        self.check_repetition(i, color)
    }

    /// docs/rules.md §2. A point with an empty neighbour is never suicide: that is asked
    /// first, inline, as it settles nearly every play.
    #[inline(always)]
    fn check_suicide(&self, i: Idx, color: Color) -> Result<(), Illegal> {
        if self.board.neighbour_counts(i).empty() > 0 {
            return Ok(());
        }
        self.check_suicide_count(i, color)
    }

    /// [`Game::check_suicide`] for a point without an empty neighbour.
    #[inline(never)]
    fn check_suicide_count(&self, i: Idx, color: Color) -> Result<(), Illegal> {
        let stones = self.board.suicide_count(i, color);
        let refused = match self.rules.suicide {
            Suicide::Forbidden => stones > 0,
            Suicide::MultiStone => stones == 1,
            Suicide::Allowed => false,
        };
        if refused {
            Err(Illegal::Suicide {
                rule: self.rules.suicide,
                stones,
            })
        } else {
            Ok(())
        }
    }

    /// docs/rules.md §3. Inlined for simple ko, the rule of most games: the others are calls.
    #[inline(always)]
    fn check_repetition(&self, i: Idx, color: Color) -> Result<Checked, Illegal> {
        // Outside confirmation play, simple ko asks only whether `i` is the ko point,
        // which it nearly never is.
        if self.rules.ko == KoRule::Simple && !self.confirmation && self.board.ko_point() != Some(i)
        {
            return Ok(Checked { cycle: None });
        }
        self.check_repetition_rule(i, color)
    }

    /// [`Game::check_repetition`] beyond the common case.
    #[inline(never)]
    fn check_repetition_rule(&self, i: Idx, color: Color) -> Result<Checked, Illegal> {
        let rule = self.rules.ko;
        match rule {
            KoRule::Simple => {
                if self.confirmation {
                    self.check_confirmation_ko(i, color)?;
                }
                if self.board.ko_point() == Some(i) {
                    self.check_ko_retake(KoRule::Simple, i, color)?;
                }
                Ok(Checked { cycle: None })
            }
            KoRule::CycleSets => {
                // Etiquette A1 of seed 004 where it is mechanical: an immediate retake of a
                // single-stone ko would obviously make a cycle set (docs/rules.md §3.2).
                if self.board.ko_point() == Some(i) {
                    self.check_ko_retake(KoRule::CycleSets, i, color)?;
                }
                self.check_cycle_sets(i, color)
            }
            KoRule::CapturePositional if !self.board.would_capture(i, color) => {
                Ok(Checked { cycle: None })
            }
            _ => self.check_superko(rule, i, color),
        }
    }

    /// Simple ko (docs/rules.md §3): a play on the ko point may not retake the ko at once. `rule`
    /// is the ko rule that refuses it: simple ko, or the cycle-set rules by etiquette A1.
    #[inline(never)]
    fn check_ko_retake(&self, rule: KoRule, i: Idx, color: Color) -> Result<(), Illegal> {
        let t = self.moves.len();
        let last_by_opponent = self
            .moves
            .last()
            .is_some_and(|r| r.color == color.opponent());
        if last_by_opponent && self.board.capture_count(i, color) == 1 {
            return Err(Illegal::Ko {
                rule,
                recreates: t - 1,
                retakes: Some(t),
            });
        }
        Ok(())
    }

    /// Confirmation play's ko rule: a play retaking a ko that the opponent took at move
    /// `m` is legal only if its player has passed since.
    fn check_confirmation_ko(&self, i: Idx, color: Color) -> Result<(), Illegal> {
        let p = self.board.point(i);
        if self.board.capture_count(i, color) != 1 {
            return Ok(());
        }
        // The one stone captured, and the move that played it.
        let Some(q) = self.board.neighbours(i).into_iter().find(|&n| {
            self.board.cell(n).color() == Some(color.opponent())
                && self.board.liberties(n) == 1
                && self.board.chain_len(n) == 1
        }) else {
            return Ok(());
        };
        let q = self.board.point(q);
        let Some(m) = self.moves.iter().rposition(|r| r.mv == Move::Play(q)) else {
            return Ok(());
        };
        let take = &self.moves[m];
        if take.color != color.opponent() || take.ko != Some(p) {
            return Ok(());
        }
        let passed = self.moves[m + 1..]
            .iter()
            .any(|r| r.color == color && r.mv == Move::Pass);
        if passed {
            Ok(())
        } else {
            Err(Illegal::ConfirmationKo { taken_at: m + 1 })
        }
    }

    /// The cycle-set rule (docs/rules.md §3.2).
    #[inline(never)]
    fn check_cycle_sets(&self, i: Idx, color: Color) -> Result<Checked, Illegal> {
        Ok(Checked {
            cycle: Some(Box::new(self.cycle.check(&self.board, i, color)?)),
        })
    }

    /// docs/rules.md §3, the rules that compare whole positions. Out of line: the board copy
    /// it may make would otherwise give every legality check an 11 KB stack frame.
    #[inline(never)]
    fn check_superko(&self, rule: KoRule, i: Idx, color: Color) -> Result<Checked, Illegal> {
        // No earlier position has the numbers of stones this play makes: none can recur.
        if !self
            .positions
            .may_have_stones(self.board.stone_counts_after(i, color))
        {
            return Ok(Checked { cycle: None });
        }
        let hash = self.board.hash_after(i, color);
        let candidate = || {
            let mut b = self.board.clone();
            b.play_unchecked(i, color);
            crate::history::pack(&b).0
        };
        match ko::repeated(rule, &self.positions, color, hash, candidate) {
            Some(s) => Err(Illegal::Ko {
                rule,
                recreates: s,
                retakes: None,
            }),
            None => Ok(Checked { cycle: None }),
        }
    }

    /// Makes a move already found legal.
    fn apply(&mut self, color: Color, mv: Move, mut checked: Checked) {
        if let Some(before) = checked.cycle.as_mut() {
            before.note_ataris(&self.board, color);
        }
        let number = self.moves.len() + 1;
        if self.passes_change(mv) {
            self.set_aside_passes(number);
        }
        match mv {
            Move::Play(p) => self.apply_play(color, p),
            Move::Pass => self.apply_pass(color, number),
        }
        self.to_move = color.opponent();
        self.after_move(color, mv, number, checked);
    }

    /// Whether `mv` changes the pass bookkeeping: a pass does, and so does the first play
    /// after passes or after the preliminary end; other plays (nearly all) do not.
    #[inline(always)]
    fn passes_change(&self, mv: Move) -> bool {
        mv == Move::Pass
            || self.passes.run != 0
            || (self.passes.preliminary_end.is_some()
                && self.passes.first_after_preliminary.is_none())
    }

    /// Keeps the pass bookkeeping before move `number` for undo.
    #[inline(never)]
    fn set_aside_passes(&mut self, number: usize) {
        match self.asides.last_mut() {
            // A forced move may have set its phase or replaced stone aside already.
            Some(a) if a.number == number => a.passes = Some(self.passes.clone()),
            _ => {
                let mut aside = Aside::new(number);
                aside.passes = Some(self.passes.clone());
                self.asides.push(aside);
            }
        }
    }

    /// Plays a stone of `color` on `p` (docs/rules.md §1.5) and records the move and the position
    /// after it.
    #[inline(always)]
    fn apply_play(&mut self, color: Color, p: Point) {
        let to_move = color.opponent();
        let i = self.board.idx(p);
        let stride = self.board.stride();
        let removing = &mut self.removing;
        let played = self.board.play_unchecked_with(i, color, |s, _| {
            removing.push(Board::point_of(s, stride));
        });
        self.prisoners[color.index()] += played.captured as u32;
        self.prisoners[to_move.index()] += played.suicided as u32;
        self.passes.on_play(color);
        // The points this play changed, as row-major indices, straight into the history
        // (no list is built: this runs for every move of every record).
        let w = self.board.size().width() as usize;
        let k = |q: Point| q.y as usize * w + q.x as usize;
        let stone = std::iter::once((k(p), Some(color)));
        let hash = self.board.hash();
        let stones = self.board.stone_counts();
        let removed = if self.removing.is_empty() {
            // Most plays remove nothing: one point, without a chain of iterators.
            self.positions
                .push_changed(stone, hash, stones, to_move, Some(color));
            Removed::NONE
        } else {
            self.removing.sort_unstable();
            // The stone first: a suicide removes it again.
            let changes = stone.chain(self.removing.iter().map(|&q| (k(q), None)));
            self.positions
                .push_changed(changes, hash, stones, to_move, Some(color));
            let removed = Removed::of(&self.removing);
            self.removing.clear();
            removed
        };
        // Made where it is kept, not aside and moved there.
        self.moves.push(MoveRecord {
            color,
            mv: Move::Play(p),
            removed,
            suicide: played.suicided > 0,
            pass_stone: false,
            preliminary_end: false,
            ko: self.board.ko_point().map(|k| self.board.point(k)),
        });
    }

    /// Passes for `color` as move `number` (docs/rules.md §4) and records the move and the
    /// position again.
    fn apply_pass(&mut self, color: Color, number: usize) {
        self.board.clear_ko();
        let out = self.passes.on_pass(&self.rules, color, number);
        if out.pass_stone {
            self.prisoners[color.opponent().index()] += 1;
        }
        if out.ends {
            self.phase = Phase::Ended(EndReason::Passes);
            self.final_dead = self.plays_out().then(Vec::new);
        }
        let creator = self.positions.creator(self.positions.len() - 1);
        let hash = self.board.hash();
        let stones = self.board.stone_counts();
        self.positions
            .push_changed(std::iter::empty(), hash, stones, color.opponent(), creator);
        self.moves.push(MoveRecord {
            color,
            mv: Move::Pass,
            removed: Removed::NONE,
            suicide: false,
            pass_stone: out.pass_stone,
            preliminary_end: out.preliminary_end,
            ko: None,
        });
    }

    /// Rule state that depends on the move just recorded: cycle sets, long cycles.
    fn after_move(&mut self, color: Color, mv: Move, number: usize, checked: Checked) {
        if self.rules.ko == KoRule::CycleSets {
            match (mv, checked.cycle) {
                (Move::Play(_), Some(before)) => self.cycle.after_play(
                    *before,
                    color,
                    number,
                    &self.board,
                    &self.positions,
                    &self.moves,
                ),
                _ => self.cycle.after_pass(color, number, &self.board),
            }
        }
        if mv != Move::Pass && self.rules.long_cycle != LongCycle::Ignore && !self.is_over() {
            self.detect_long_cycle(number);
        }
    }

    /// docs/rules.md §3.1: the same situation for the third time with no pass in between ends
    /// the game as the long-cycle rule says.
    fn detect_long_cycle(&mut self, t: usize) {
        let last_pass = self.passes.last_pass;
        let to_move = self.positions.to_move(t);
        // The positions with this hash come latest first: the two latest earlier
        // occurrences since the last pass are all the rule needs, and stopping there keeps
        // a record that repeats one position many times (forced moves) linear.
        let mut same = self
            .positions
            .earlier_with_same_hash(t)
            .take_while(|&s| s >= last_pass)
            .filter(|&s| self.positions.to_move(s) == to_move && self.positions.same(s, t));
        if let (Some(latest), Some(before)) = (same.next(), same.next()) {
            self.phase = Phase::Ended(EndReason::LongCycle {
                outcome: self.rules.long_cycle,
                occurrences: [before, latest, t],
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::work;

    /// A 19x19 game of `n` plays (`n` even, at most 114) in the lower half, Black filling
    /// rows 19, 15, 11 from the left and White rows 17, 13, 9 (GTP numbering), so that no
    /// stone is ever captured; then Black's lone stone in the empty top right corner.
    fn game_of(n: usize) -> Game {
        let mut g = Game::new(Size::square(19).unwrap(), Rules::tromp_taylor());
        for k in 0..n {
            let (x, band) = ((k / 2) % 19, (k / 2) / 19);
            let y = 18 - 4 * band as u8 - 2 * (k % 2) as u8;
            g.play(Move::Play(Point::new(x as u8, y))).unwrap();
        }
        g.play(Move::Play(Point::new(18, 0))).unwrap();
        g
    }

    /// The stones the board puts down or takes off to undo the last move of `g`.
    fn undo_cost(mut g: Game) -> u64 {
        let before = work::stones();
        assert!(g.undo());
        work::stones() - before
    }

    #[test]
    fn undo_costs_the_same_after_many_moves_as_after_one() {
        // Taking back a lone stone lifts that one stone and puts nothing back, whether it
        // was the first move or the 101st.
        assert_eq!(undo_cost(game_of(0)), 1);
        assert_eq!(undo_cost(game_of(100)), 1);
        assert_eq!(undo_cost(game_of(114)), 1);
    }

    #[test]
    fn undo_costs_what_the_move_touched() {
        // Black's 18th stone of the bottom row joined a chain of 17: taking it back lifts
        // the chain of 18 and puts 17 back. A capture taken back puts the captured stone
        // back too.
        let mut g = game_of(36);
        assert!(g.undo()); // the corner stone
        let last = g.moves().last().map(|r| r.mv);
        assert_eq!(last, Some(Move::Play(Point::new(17, 16))));
        assert!(g.undo()); // White's 18th stone of row 17
        assert_eq!(undo_cost(g.clone()), 18 + 17);
        let mut ko = Game::from_position(
            Board::from_text(
                ". X O .
                 X . X O
                 . X O .
                 . . . .",
            )
            .unwrap(),
            Color::White,
            Rules::tromp_taylor(),
        );
        ko.play(Move::Play(Point::new(1, 1))).unwrap();
        assert_eq!(ko.moves()[0].captured(), &[Point::new(2, 1)]);
        // Lift the capturing stone (1), put the captured one back (1).
        assert_eq!(undo_cost(ko), 2);
    }
}
