//! One game between two engines. The referee keeps its own [`Game`] as the authority:
//! it asks the player to move for a move (`genmove`), checks it under the rules and the
//! clock, and tells the other player (`play`). The rules decide when the game ends; then
//! the dead stones are settled (see [`super::settle`]) and the game is scored.

use super::settle::{self, Decision};
use super::{Config, Player};
use serde::Serialize;
use std::time::{Duration, Instant};
use tengen::clock::{Clock, Flag};
use tengen::score::ScoreReport;
use tengen::{Color, EndReason, Game, GameResult, Move, Phase, Point, Settlement};
use tengen_gtp::ClientError;
use tengen_player::estimate::EstimateOptions;

/// Why a player lost other than on the score.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum LossKind {
    /// It answered `resign`.
    Resignation,
    /// It played a move the rules refuse, or an answer that is no move.
    Illegal,
    /// It overran its clock.
    Time,
    /// It did not answer in time (its clock's time and the grace, or the move timeout).
    NoAnswer,
    /// Its process died or broke the protocol.
    Crash,
    /// It refused a command it must accept (the board size, a legal move of its opponent).
    Refusal,
}

/// A player's loss and what happened, in words.
#[derive(Clone, Debug)]
pub struct Loss {
    /// Who lost.
    pub color: Color,
    /// How.
    pub kind: LossKind,
    /// What happened (the move and the rule, the engine's error...).
    pub detail: String,
}

/// Why play stopped before the rules ended the game.
pub(super) enum Stop {
    /// A player lost.
    Lost(Loss),
    /// No result (the move limit, or an engine that refused a legal move under rules it
    /// was never told).
    NoResult(String),
}

impl From<Loss> for Stop {
    fn from(loss: Loss) -> Stop {
        Stop::Lost(loss)
    }
}

/// One colour's thinking: the time its `genmove`s took, and how many there were.
#[derive(Clone, Copy, Debug, Default)]
pub struct Thinking {
    /// Wall time of its `genmove` (and `kgs-genmove_cleanup`) commands.
    pub time: Duration,
    /// How many it answered.
    pub moves: u32,
}

/// A finished game.
pub struct Outcome {
    /// The game as the referee kept it.
    pub game: Game,
    /// The result.
    pub result: GameResult,
    /// A player's loss other than on the score.
    pub loss: Option<Loss>,
    /// How the game ended, in words.
    pub how: String,
    /// The score, for games ended by the rules' passes.
    pub score: Option<ScoreReport>,
    /// Thinking time by colour.
    pub thinking: [Thinking; 2],
    /// After each move, the mover's clock for SGF `BL`/`WL` (and `OB`/`OW`).
    pub clock_log: Vec<Option<(f64, Option<u32>)>>,
    /// The rules command each colour's engine accepted, if any.
    pub rules_commands: [Option<String>; 2],
}

/// The referee of one game.
pub struct Referee<'a> {
    pub(super) cfg: &'a Config,
    /// The players, Black first.
    pub(super) players: [&'a mut Player; 2],
    pub(super) game: Game,
    clock: Clock,
    /// After a dispute: moves are asked with `kgs-genmove_cleanup`.
    cleanup: bool,
    resumptions: u32,
    /// What the settling of dead stones found, in words.
    settled: String,
    thinking: [Thinking; 2],
    clock_log: Vec<Option<(f64, Option<u32>)>>,
    pub(super) rules_commands: [Option<String>; 2],
}

impl<'a> Referee<'a> {
    /// A referee for a game between `black` and `white`.
    pub fn new(cfg: &'a Config, black: &'a mut Player, white: &'a mut Player) -> Referee<'a> {
        Referee {
            cfg,
            players: [black, white],
            game: Game::new(cfg.size, cfg.rules.clone()),
            clock: Clock::new(cfg.time),
            cleanup: false,
            resumptions: 0,
            settled: String::new(),
            thinking: [Thinking::default(); 2],
            clock_log: Vec::new(),
            rules_commands: [None, None],
        }
    }

    /// Sets the engines up, plays game `number` (from 1) to its end and scores it.
    pub fn run(mut self, number: usize) -> Outcome {
        let stop = self
            .setup(number)
            .err()
            .map(Stop::from)
            .or_else(|| self.play_to_end().err());
        self.finish(stop)
    }

    /// Plays until the game ends, settling dead stones (and resuming play for a dispute)
    /// when the rules' passes end it.
    fn play_to_end(&mut self) -> Result<(), Stop> {
        loop {
            self.play()?;
            if !self.game.needs_settlement() || !self.settle()? {
                return Ok(());
            }
        }
    }

    /// Relays moves while the game is being played.
    fn play(&mut self) -> Result<(), Stop> {
        while *self.game.phase() == Phase::Playing {
            if self.game.move_number() >= self.cfg.max_moves {
                let limit = self.cfg.max_moves;
                return Err(Stop::NoResult(format!(
                    "stopped at the move limit ({limit})"
                )));
            }
            let color = self.game.to_move();
            let Some(mv) = self.genmove(color)? else {
                let _ = self.game.resign(color);
                return Err(self
                    .loss(color, LossKind::Resignation, "resigned".into())
                    .into());
            };
            if let Err(why) = self.game.play_as(color, mv) {
                return Err(self.illegal(
                    color,
                    &mv.to_gtp(self.cfg.size).unwrap_or_default(),
                    &why.to_string(),
                ));
            }
            self.log_clock(color);
            self.relay(color, mv)?;
        }
        Ok(())
    }

    /// Asks `color` for a move: `Some(move)` checked under the rules and the clock, `None`
    /// for a resignation.
    fn genmove(&mut self, color: Color) -> Result<Option<Move>, Stop> {
        let i = color.index();
        if let Some(left) = tengen_gtp::time_settings::time_left(&self.clock, color) {
            let name = color_name(color);
            self.optional(color, &format!("time_left {name} {left}"))?;
        }
        let timeout = self.move_timeout(color);
        let start = Instant::now();
        let answer = self.ask_move(color, timeout);
        let elapsed = start.elapsed();
        let answer = match answer {
            Ok(a) => a,
            Err(ClientError::Timeout { .. }) => return Err(self.overran(color, elapsed)),
            Err(e) => return Err(self.failure(color, e).into()),
        };
        if let Err(flag) = self.clock.spend(color, elapsed) {
            return Err(self.out_of_time(flag));
        }
        self.thinking[i].time += elapsed;
        self.thinking[i].moves += 1;
        self.parse_move(color, answer.trim())
    }

    /// Sends `genmove`, or `kgs-genmove_cleanup` while cleaning up after a dispute when
    /// the engine has it (falling back to `genmove` if it refuses it).
    fn ask_move(&mut self, color: Color, timeout: Duration) -> Result<String, ClientError> {
        let player = &mut self.players[color.index()];
        let name = color_name(color);
        if self.cleanup && player.knows("kgs-genmove_cleanup") {
            match player.send(&format!("kgs-genmove_cleanup {name}"), timeout) {
                Err(ClientError::Engine { .. }) => {}
                answer => return answer,
            }
        }
        player.send(&format!("genmove {name}"), timeout)
    }

    /// How long `color` may take to answer `genmove`: the clock's time and the grace, or
    /// the move timeout without a clock.
    fn move_timeout(&self, color: Color) -> Duration {
        match self.clock.flag_at(color) {
            Some(allowed) => allowed + self.cfg.grace,
            None => self.cfg.move_timeout,
        }
    }

    /// The loss of a player who did not answer `genmove` within its timeout.
    fn overran(&mut self, color: Color, elapsed: Duration) -> Stop {
        match self.clock.check_time(color, elapsed) {
            Err(flag) => self.out_of_time(flag),
            Ok(()) => {
                let detail = format!("did not answer genmove within {}", secs(elapsed));
                self.loss(color, LossKind::NoAnswer, detail).into()
            }
        }
    }

    /// The loss of a player out of time.
    fn out_of_time(&self, flag: Flag) -> Stop {
        let detail = format!(
            "ran out of time: {} for a move, {} left on the clock",
            secs(flag.elapsed),
            secs(flag.allowed)
        );
        self.loss(flag.color, LossKind::Time, detail).into()
    }

    /// Reads a `genmove` answer and checks it under the rules.
    fn parse_move(&self, color: Color, answer: &str) -> Result<Option<Move>, Stop> {
        if answer.eq_ignore_ascii_case("resign") {
            return Ok(None);
        }
        let Some(mv) = Move::from_gtp(answer, self.cfg.size) else {
            return Err(self.illegal(color, answer, "not a move on this board"));
        };
        match self.game.legal_as(color, mv) {
            Ok(()) => Ok(Some(mv)),
            Err(why) => Err(self.illegal(color, answer, &why.to_string())),
        }
    }

    /// Tells the opponent of `color` the move `color` made.
    fn relay(&mut self, color: Color, mv: Move) -> Result<(), Stop> {
        let to = color.opponent();
        let vertex = mv.to_gtp(self.cfg.size).unwrap_or_default();
        let command = format!("play {} {vertex}", color_name(color));
        match self.players[to.index()].send(&command, self.cfg.command_timeout) {
            Ok(_) => Ok(()),
            Err(ClientError::Engine { message, .. }) => {
                let detail = format!("refused the legal move {command}: {message}");
                if self.rules_commands[to.index()].is_some() {
                    Err(self.loss(to, LossKind::Refusal, detail).into())
                } else {
                    let name = &self.players[to.index()].name;
                    Err(Stop::NoResult(format!(
                        "{name} ({}) {detail} (it was not told the rules)",
                        to.letter()
                    )))
                }
            }
            Err(e) => Err(self.failure(to, e).into()),
        }
    }

    /// Records the mover's clock after a move, for the record.
    fn log_clock(&mut self, color: Color) {
        let entry = self.clock.control().is_limited().then(|| {
            let r = self.clock.remaining(color, Duration::ZERO);
            let left = if r.in_overtime() {
                r.period_time
            } else {
                r.main
            };
            (left.as_secs_f64(), tengen_sgf::time::overtime_left(&r))
        });
        self.clock_log.push(entry);
    }

    /// After the ending passes: asks both engines for their dead stones and settles them as
    /// the rules say. True if play resumes.
    fn settle(&mut self) -> Result<bool, Stop> {
        let answers = [
            self.dead_stones(Color::Black)?,
            self.dead_stones(Color::White)?,
        ];
        let seed = self
            .cfg
            .seed
            .unwrap_or_else(|| EstimateOptions::default().seed);
        let (dead, how) = match settle::decide(&self.game, answers, self.resumptions, seed) {
            Decision::Resume => {
                // A game that needs settlement can always resume.
                let _ = self.game.resume();
                self.cleanup = true;
                self.resumptions += 1;
                return Ok(true);
            }
            Decision::Agreed { dead, how } => match self.resumptions {
                0 => (dead, how.to_string()),
                n => (dead, format!("{how} after {n} resumption(s) of play")),
            },
            Decision::Settled { dead, how } => (dead, how),
        };
        // The referee marks what was decided and both accept it. The dead points are stones
        // of the final position (the engines' lists are checked against it in `decide`).
        if let Ok(mut settlement) = Settlement::new(self.game.clone()) {
            let _ = settlement.propose(&dead);
            let _ = settlement.accept(Color::Black);
            let _ = settlement.accept(Color::White);
            self.game = settlement.into_game();
        }
        self.settled = match dead.len() {
            0 => format!("{how}; no stones removed"),
            n => format!("{how}; {n} dead stones removed"),
        };
        Ok(false)
    }

    /// `color`'s engine's `final_status_list dead`; `None` when it cannot say.
    fn dead_stones(&mut self, color: Color) -> Result<Option<Vec<Point>>, Stop> {
        let player = &mut self.players[color.index()];
        if !player.knows("final_status_list") {
            return Ok(None);
        }
        match player.send("final_status_list dead", self.cfg.command_timeout) {
            Ok(list) => Ok(Some(
                list.split_whitespace()
                    .filter_map(|v| Point::from_gtp(v, self.cfg.size))
                    .collect(),
            )),
            Err(ClientError::Engine { .. }) => Ok(None),
            Err(e) => Err(self.failure(color, e).into()),
        }
    }

    /// A command an engine may refuse: true if it accepted it. Only a dead or silent engine
    /// is an error.
    pub(super) fn optional(&mut self, color: Color, command: &str) -> Result<bool, Loss> {
        match self.players[color.index()].send(command, self.cfg.command_timeout) {
            Ok(_) => Ok(true),
            Err(ClientError::Engine { .. }) => Ok(false),
            Err(e) => Err(self.failure(color, e)),
        }
    }

    /// A command an engine must accept; its answer.
    pub(super) fn required(&mut self, color: Color, command: &str) -> Result<String, Loss> {
        self.players[color.index()]
            .send(command, self.cfg.command_timeout)
            .map_err(|e| self.failure(color, e))
    }

    /// The loss of `color` whose engine failed a command.
    pub(super) fn failure(&self, color: Color, e: ClientError) -> Loss {
        let kind = match e {
            ClientError::Timeout { .. } => LossKind::NoAnswer,
            ClientError::Engine { .. } => LossKind::Refusal,
            ClientError::Spawn { .. } | ClientError::Died { .. } | ClientError::Protocol { .. } => {
                LossKind::Crash
            }
        };
        // The engine's last error output comes on lines of its own: one line is enough.
        let detail = e.to_string().replace('\n', " | ");
        self.loss(color, kind, detail)
    }

    fn illegal(&self, color: Color, answer: &str, why: &str) -> Stop {
        let detail = format!("played an illegal move {answer}: {why}");
        self.loss(color, LossKind::Illegal, detail).into()
    }

    pub(super) fn loss(&self, color: Color, kind: LossKind, detail: String) -> Loss {
        Loss {
            color,
            kind,
            detail,
        }
    }

    /// The outcome: from the loss or stop, or from the rules' ending and the score.
    fn finish(mut self, stop: Option<Stop>) -> Outcome {
        let (result, loss, how) = match stop {
            Some(Stop::Lost(loss)) => self.record_loss(loss),
            Some(Stop::NoResult(why)) => (GameResult::Void, None, why),
            None => self.ending(),
        };
        let score =
            matches!(self.game.phase(), Phase::Ended(EndReason::Passes)).then(|| self.game.score());
        Outcome {
            game: self.game,
            result,
            loss,
            how,
            score,
            thinking: self.thinking,
            clock_log: self.clock_log,
            rules_commands: self.rules_commands,
        }
    }

    /// A loss, entered in the game as the rules name it.
    fn record_loss(&mut self, loss: Loss) -> (GameResult, Option<Loss>, String) {
        let (loser, winner) = (loss.color, loss.color.opponent());
        let result = match loss.kind {
            LossKind::Resignation => GameResult::Resignation(winner),
            LossKind::Time | LossKind::NoAnswer => {
                let _ = self.game.lose_on_time(loser);
                GameResult::Time(winner)
            }
            _ => {
                let _ = self.game.forfeit(loser);
                GameResult::Forfeit(winner)
            }
        };
        let name = &self.players[loser.index()].name;
        let how = format!("{name} ({}) {}", loser.letter(), loss.detail);
        (result, Some(loss), how)
    }

    /// The result of a game the rules ended.
    fn ending(&self) -> (GameResult, Option<Loss>, String) {
        let result = self.game.result().unwrap_or(GameResult::Void);
        let how = match self.game.phase() {
            Phase::Ended(EndReason::LongCycle { occurrences, .. }) => format!(
                "long cycle: the same situation after moves {}, {} and {}",
                occurrences[0], occurrences[1], occurrences[2]
            ),
            _ if self.settled.is_empty() && self.resumptions > 0 => format!(
                "by score, every stone alive after {} resumption(s) of play",
                self.resumptions
            ),
            _ if self.settled.is_empty() => "by score, every stone alive".into(),
            _ => format!("by score: {}", self.settled),
        };
        (result, None, how)
    }
}

/// A duration in seconds, to the hundredth.
fn secs(d: Duration) -> String {
    format!("{:.2} s", d.as_secs_f64())
}

/// The GTP colour word.
pub fn color_name(c: Color) -> &'static str {
    match c {
        Color::Black => "black",
        Color::White => "white",
    }
}
