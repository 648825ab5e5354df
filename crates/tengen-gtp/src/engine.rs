//! The GTP v2 engine: a [`Game`] driven by GTP commands, one line at a time.
//!
//! Every command is a row of `COMMANDS`, so `list_commands` and `known_command` can never
//! disagree with what the engine really does. A handler gets the arguments and returns the
//! response body or the failure message; framing (ids, `=`/`?`, the closing blank line) is
//! done once in [`Engine::execute`].

use crate::args::{self, Error};
use crate::kata;
use crate::protocol::{self, Parsed};
use crate::queries;
use crate::records;
use crate::scoring;
use crate::time;
use crate::time_settings;
use std::io::{self, BufRead, Write};
use std::time::{Duration, Instant};
use tengen::clock::{Clock, TimeControl};
use tengen::life::Status;
use tengen::rules::{Komi, Suicide};
use tengen::SetupError;
use tengen::{Color, EndReason, Game, Illegal, Rules, RulesetName, Size};
use tengen_player::{free_handicap, mcts, random, Rng};
use tengen_sgf::time_spec::TimeSpec;

/// A command handler: the arguments in, the response body or failure message out.
type Handler = fn(&mut Engine, &[String]) -> Result<String, Error>;

/// Every command the engine knows, in the order `list_commands` prints them.
const COMMANDS: &[(&str, Handler)] = &[
    // GTP v2 administrative and setup commands (section 6.3).
    ("protocol_version", |_, a| {
        reply(a, 0, "protocol_version", "2")
    }),
    ("name", |_, a| reply(a, 0, "name", "tengen")),
    ("version", |_, a| {
        reply(a, 0, "version", env!("CARGO_PKG_VERSION"))
    }),
    ("known_command", Engine::known_command),
    ("list_commands", Engine::list_commands),
    ("quit", Engine::quit),
    ("boardsize", Engine::boardsize),
    ("rectangular_boardsize", Engine::rectangular_boardsize),
    ("clear_board", Engine::clear_board),
    ("komi", Engine::komi),
    ("fixed_handicap", Engine::fixed_handicap),
    ("place_free_handicap", Engine::place_free_handicap),
    ("set_free_handicap", Engine::set_free_handicap),
    ("play", Engine::play),
    ("genmove", Engine::genmove),
    ("undo", Engine::undo),
    ("showboard", Engine::showboard),
    // SGF files: GTP v2's regression command and GNU Go's.
    ("loadsgf", Engine::loadsgf),
    ("printsgf", Engine::printsgf),
    // Time: GTP v2 (sections 4.2 and 6.3.4), kgsGtp's and tengen's own.
    ("time_settings", Engine::time_settings),
    ("kgs-time_settings", Engine::kgs_time_settings),
    ("time_left", Engine::time_left),
    ("tengen-clock", Engine::tengen_clock),
    // GNU Go's queries.
    ("is_legal", Engine::is_legal),
    ("all_legal", Engine::all_legal),
    ("list_stones", Engine::list_stones),
    ("captures", Engine::captures),
    ("color", Engine::color),
    ("countlib", Engine::countlib),
    ("unconditional_status", Engine::unconditional_status),
    // Rules: KGS, KataGo and tengen's own.
    ("kgs-rules", Engine::kgs_rules),
    ("kata-get-rules", Engine::kata_get_rules),
    ("kata-set-rules", Engine::kata_set_rules),
    ("kata-set-rule", Engine::kata_set_rule),
    ("tengen-rules", Engine::tengen_rules),
    ("tengen-set-rule", Engine::tengen_set_rule),
    ("tengen-explain-illegal", Engine::explain_illegal),
    // The end of the game: the dead-stone estimator and scoring.
    ("final_score", Engine::final_score),
    ("final_status_list", Engine::final_status_list),
    ("kgs-genmove_cleanup", Engine::genmove_cleanup),
];

/// A fixed answer to a command that takes `count` arguments.
fn reply(args: &[String], count: usize, usage: &str, answer: &str) -> Result<String, Error> {
    args::expect(args, count, usage).map(|_| answer.to_string())
}

fn handler(name: &str) -> Option<Handler> {
    COMMANDS.iter().find(|(n, _)| *n == name).map(|&(_, h)| h)
}

/// The board side a new engine starts with.
const DEFAULT_SIZE: Size = Size::NINETEEN;

/// A GTP engine: the game, the clock, the move generator's random numbers, and whether
/// `quit` came.
///
/// The clock holds the time control set by `time_settings` or `kgs-time_settings` (none at
/// first; it stays over new games) and each player's time as `time_left` last reported it.
/// Between reports the engine charges its own `genmove` thinking time to its clock, measured
/// with the wall clock; the opponent's time is known only from reports. The engine never
/// declares a loss on time: that is the controller's business.
#[derive(Clone, Debug)]
pub struct Engine {
    game: Game,
    clock: Clock,
    reported: [Option<(Duration, u32)>; 2],
    rng: Rng,
    quit: bool,
    player: Player,
    /// The last position's unconditional status (the board as text, the suicide rule,
    /// the status of every point): `unconditional_status` is asked point by point.
    unconditional: Option<(String, Suicide, Vec<Status>)>,
}

/// Who chooses the moves of `genmove`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Player {
    /// A uniformly random legal move that fills no own eye (a sparring partner).
    Random,
    /// Monte-Carlo tree search; `playouts` fixes the effort per move, else the clock's
    /// thinking time (one second without a time limit).
    MonteCarlo {
        /// Playouts per move, if fixed.
        playouts: Option<u32>,
        /// Resign below this win rate (0 never).
        resign_below: f32,
    },
}

impl Engine {
    /// An engine with a 19x19 board and `rules`; `seed` makes `genmove` reproducible
    /// (`None` seeds from the clock).
    pub fn new(rules: Rules, seed: Option<u64>) -> Engine {
        Engine {
            game: Game::new(DEFAULT_SIZE, rules),
            clock: Clock::new(TimeControl::None),
            reported: [None; 2],
            rng: seed.map_or_else(Rng::from_entropy, Rng::new),
            quit: false,
            player: Player::Random,
            unconditional: None,
        }
    }

    /// The same engine with another move chooser.
    pub fn with_player(mut self, player: Player) -> Engine {
        self.player = player;
        self
    }

    /// The move `genmove` makes for `color` (`None`: resign).
    fn generate(&mut self, color: Color) -> Option<tengen::Move> {
        match self.player {
            Player::Random => Some(random::choose(&self.game, color, &mut self.rng)),
            Player::MonteCarlo {
                playouts,
                resign_below,
            } => {
                let budget = match playouts {
                    Some(n) => mcts::Budget::Playouts(n),
                    None => mcts::Budget::Time(self.time_budget(color)),
                };
                let options = mcts::Options {
                    resign_below,
                    seed: self.rng.next_u64(),
                };
                mcts::choose(&self.game, color, budget, options).mv
            }
        }
    }

    /// The game being played.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The clock: the time control and each player's time as last reported (and, for the
    /// engine's own moves, spent since).
    pub fn clock(&self) -> &Clock {
        &self.clock
    }

    /// The last `time_left` report for `color`: time (a negative one as zero) and stones,
    /// if any since the time settings or the game began.
    pub fn reported_time_left(&self, color: Color) -> Option<(Duration, u32)> {
        self.reported[color.index()]
    }

    /// How long to think about `color`'s next move, from the clock: a share of the main time
    /// left, most of a byo-yomi period, a share of a Canadian period... The formula is in
    /// [`crate::time`]'s documentation (the random move generator of today ignores it).
    pub fn time_budget(&self, color: Color) -> Duration {
        time::budget(&self.clock, color)
    }

    /// Whether `quit` has been received: the controller expects no more responses.
    pub fn has_quit(&self) -> bool {
        self.quit
    }

    /// Runs one input line and returns the full response (ending with its blank line), or
    /// `None` for a line GTP says to ignore (empty, blank or a comment).
    pub fn execute(&mut self, line: &str) -> Option<String> {
        match protocol::parse(line) {
            Parsed::Empty => None,
            Parsed::MissingCommand { id } => Some(protocol::failure(
                Some(&id),
                "syntax error: a command name must follow the id",
            )),
            Parsed::Command { id, name, args } => {
                let result = match handler(&name) {
                    Some(h) => h(self, &args),
                    None => Err("unknown command".to_string()),
                };
                Some(match result {
                    Ok(body) => protocol::success(id.as_deref(), &body),
                    Err(message) => protocol::failure(id.as_deref(), &message),
                })
            }
        }
    }

    fn known_command(&mut self, a: &[String]) -> Result<String, Error> {
        args::expect(a, 1, "known_command COMMAND")?;
        let known = handler(&a[0].to_lowercase()).is_some();
        Ok(known.to_string())
    }

    fn list_commands(&mut self, a: &[String]) -> Result<String, Error> {
        args::expect(a, 0, "list_commands")?;
        Ok(COMMANDS
            .iter()
            .map(|(n, _)| *n)
            .collect::<Vec<_>>()
            .join("\n"))
    }

    fn quit(&mut self, a: &[String]) -> Result<String, Error> {
        args::expect(a, 0, "quit")?;
        self.quit = true;
        Ok(String::new())
    }

    /// Starts a new game on a `size` board with the current rules and time control.
    fn new_game(&mut self, size: Size) {
        self.game = Game::new(size, self.game.rules().clone());
        self.set_time_control(*self.clock.control());
    }

    /// Both clocks start afresh under `control`; earlier reports are forgotten.
    fn set_time_control(&mut self, control: TimeControl) {
        self.clock = Clock::new(control);
        self.reported = [None; 2];
    }

    fn boardsize(&mut self, a: &[String]) -> Result<String, Error> {
        args::expect(a, 1, "boardsize SIZE")?;
        self.resize([&a[0], &a[0]], ["the board size"; 2])
    }

    fn rectangular_boardsize(&mut self, a: &[String]) -> Result<String, Error> {
        args::expect(a, 2, "rectangular_boardsize WIDTH HEIGHT")?;
        self.resize([&a[0], &a[1]], ["the width", "the height"])
    }

    /// A new game on a board of `sides` (width and height as written, with their names
    /// for errors): an integer too large to hold is an unacceptable size like any other.
    fn resize(&mut self, sides: [&str; 2], names: [&str; 2]) -> Result<String, Error> {
        let side = |k: usize| {
            args::int_or_too_large(sides[k], names[k]).map(|n| n.and_then(|n| u8::try_from(n).ok()))
        };
        let [w, h] = sides;
        let size = side(0)?
            .zip(side(1)?)
            .and_then(|(w, h)| Size::new(w, h))
            .ok_or_else(|| format!("unacceptable size: sides go from 1 to 25, not {w}x{h}"))?;
        self.new_game(size);
        Ok(String::new())
    }

    fn clear_board(&mut self, a: &[String]) -> Result<String, Error> {
        args::expect(a, 0, "clear_board")?;
        self.new_game(self.game.size());
        Ok(String::new())
    }

    fn komi(&mut self, a: &[String]) -> Result<String, Error> {
        args::expect(a, 1, "komi KOMI")?;
        let points = args::float(&a[0], "komi")?;
        let komi = Komi::from_points(points).ok_or_else(|| {
            format!(
                "syntax error: komi must be a multiple of 0.5 from -{0} to {0}, not {points}",
                Komi::LIMIT
            )
        })?;
        self.set_rules(Rules {
            komi,
            ..self.game.rules().clone()
        })
    }

    fn fixed_handicap(&mut self, a: &[String]) -> Result<String, Error> {
        args::expect(a, 1, "fixed_handicap NUMBER")?;
        let n = args::int_or_too_large(&a[0], "the number of stones")?
            .and_then(|n| u8::try_from(n).ok())
            .ok_or_else(|| format!("invalid number of stones: {}", a[0]))?;
        let points = self.game.set_fixed_handicap(n).map_err(setup_error)?;
        Ok(queries::vertex_list(points, self.game.size()))
    }

    fn place_free_handicap(&mut self, a: &[String]) -> Result<String, Error> {
        args::expect(a, 1, "place_free_handicap NUMBER")?;
        let n = args::int(&a[0], "the number of stones")?;
        if !self.board_is_empty() {
            return Err(setup_error(SetupError::NotEmpty));
        }
        let points = free_handicap::choose(self.game.size(), n)?;
        self.game.set_free_handicap(&points).map_err(setup_error)?;
        Ok(queries::vertex_list(points, self.game.size()))
    }

    fn set_free_handicap(&mut self, a: &[String]) -> Result<String, Error> {
        let size = self.game.size();
        let points = a
            .iter()
            .map(|v| args::vertex(v, size))
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| format!("bad vertex list: {e}"))?;
        self.game.set_free_handicap(&points).map_err(setup_error)?;
        Ok(String::new())
    }

    /// No move made and no stone on the board: handicap may be placed.
    fn board_is_empty(&self) -> bool {
        let b = self.game.board();
        self.game.move_number() == 0
            && b.stones_on_board(Color::Black) + b.stones_on_board(Color::White) == 0
    }

    fn play(&mut self, a: &[String]) -> Result<String, Error> {
        args::expect(a, 2, "play COLOR VERTEX")?;
        let color = args::color(&a[0])?;
        let mv = args::mv(&a[1], self.game.size())?;
        self.resume_after_passes();
        self.game
            .play_as(color, mv)
            .map_err(|e| format!("illegal move: {}", explain(&e)))?;
        Ok(String::new())
    }

    fn genmove(&mut self, a: &[String]) -> Result<String, Error> {
        args::expect(a, 1, "genmove COLOR")?;
        let color = args::color(&a[0])?;
        self.resume_after_passes();
        if self.game.is_over() {
            return Err(explain(&Illegal::GameOver));
        }
        let start = Instant::now();
        let Some(mv) = self.generate(color) else {
            let _ = self.game.resign(color);
            return Ok("resign".into());
        };
        self.game
            .play_as(color, mv)
            .map_err(|e| format!("internal error: the generated move is illegal: {e}"))?;
        // Out of time or not, the move stands: the controller referees the clock.
        let _ = self.clock.spend(color, start.elapsed());
        Ok(mv.to_gtp(self.game.size()).unwrap_or_default())
    }

    fn final_score(&mut self, a: &[String]) -> Result<String, Error> {
        args::expect(a, 0, "final_score")?;
        Ok(scoring::final_score(&self.game).result.to_string())
    }

    fn final_status_list(&mut self, a: &[String]) -> Result<String, Error> {
        args::expect(a, 1, "final_status_list STATUS")?;
        let points = scoring::status_list(&self.game, &a[0]).ok_or_else(|| {
            format!(
                "unknown status {:?} (alive, dead, seki, black_territory, white_territory, dame)",
                a[0]
            )
        })?;
        Ok(queries::vertex_list(points, self.game.size()))
    }

    fn genmove_cleanup(&mut self, a: &[String]) -> Result<String, Error> {
        args::expect(a, 1, "kgs-genmove_cleanup COLOR")?;
        let color = args::color(&a[0])?;
        self.resume_after_passes();
        if self.game.is_over() {
            return Err(explain(&Illegal::GameOver));
        }
        let start = Instant::now();
        let mv = match self.player {
            Player::Random => scoring::cleanup_move(&self.game, color, &mut self.rng),
            // The Monte-Carlo player captures the dead stones first, then plays its own
            // move, which passes only when nothing is left to play (a random move could
            // fill its own liberties or throw stones into the opponent's area).
            Player::MonteCarlo { .. } => match scoring::capture_target(&self.game, color) {
                Some(p) => tengen::Move::Play(p),
                None => match self.generate(color) {
                    Some(mv) => mv,
                    None => {
                        let _ = self.game.resign(color);
                        return Ok("resign".into());
                    }
                },
            },
        };
        self.game
            .play_as(color, mv)
            .map_err(|e| format!("internal error: the generated move is illegal: {e}"))?;
        let _ = self.clock.spend(color, start.elapsed());
        Ok(mv.to_gtp(self.game.size()).unwrap_or_default())
    }

    /// Under agreement rules the passes that end the game lead to the marking of dead
    /// stones, which GTP does not have: a controller that goes on playing (to clean up
    /// dead stones, say) resumes the game, as a rejection would.
    fn resume_after_passes(&mut self) {
        if self.game.needs_settlement() {
            // Resuming a game that waits for its dead stones always succeeds.
            let _ = self.game.resume();
        }
    }

    fn undo(&mut self, a: &[String]) -> Result<String, Error> {
        args::expect(a, 0, "undo")?;
        if self.game.undo() {
            Ok(String::new())
        } else {
            Err("cannot undo".into())
        }
    }

    /// `loadsgf FILE [MOVE]`: the record's position before move MOVE (after the last move
    /// when omitted), its size and komi; the engine's rules otherwise.
    fn loadsgf(&mut self, a: &[String]) -> Result<String, Error> {
        if a.is_empty() || a.len() > 2 {
            return Err("syntax error: usage: loadsgf FILE [MOVE_NUMBER]".into());
        }
        let before = match a.get(1) {
            Some(n) => Some(args::int(n, "the move number")? as usize),
            None => None,
        };
        self.game = records::load(&a[0], before, self.game.rules())?;
        self.set_time_control(*self.clock.control());
        Ok(String::new())
    }

    /// `printsgf [FILE]`: the game as SGF, written to FILE or given as the response.
    fn printsgf(&mut self, a: &[String]) -> Result<String, Error> {
        if a.len() > 1 {
            return Err("syntax error: usage: printsgf [FILE]".into());
        }
        let text = records::print(&self.game);
        match a.first() {
            Some(path) => std::fs::write(path, text)
                .map(|_| String::new())
                .map_err(|e| format!("cannot write {path}: {e}")),
            None => Ok(text.trim_end().to_string()),
        }
    }

    fn showboard(&mut self, a: &[String]) -> Result<String, Error> {
        args::expect(a, 0, "showboard")?;
        let g = &self.game;
        let last = g.moves().last().and_then(|r| r.mv.point());
        let mut out = format!("\n{}", g.board().to_text_with_coordinates(last));
        for c in Color::BOTH {
            let n = queries::captures(g, c);
            out.push_str(&format!(
                "{c} ({}) has captured {n} stones\n",
                c.stone_char()
            ));
        }
        out.push_str(&match g.phase() {
            tengen::Phase::Playing => format!("{} to move", g.to_move()),
            _ if g.needs_settlement() => "the players passed: dead stones are being marked".into(),
            tengen::Phase::Ended(reason) => format!("the game is over: {}", describe_end(reason)),
        });
        Ok(out)
    }

    /// `time_settings MAIN BYO_YOMI_TIME BYO_YOMI_STONES` (GTP v2 §4.2): Canadian overtime,
    /// absolute time when BYO_YOMI_TIME is 0, no limit when BYO_YOMI_STONES alone is 0.
    /// Times are seconds (decimals accepted, as KataGo does).
    fn time_settings(&mut self, a: &[String]) -> Result<String, Error> {
        args::expect(
            a,
            3,
            "time_settings MAIN_TIME BYO_YOMI_TIME BYO_YOMI_STONES",
        )?;
        let main = seconds(&a[0], "the main time")?;
        let byo_yomi = seconds(&a[1], "the byo-yomi time")?;
        let stones = args::int(&a[2], "the number of byo-yomi stones")?;
        self.set_time_control(time_settings::from_time_settings(main, byo_yomi, stones));
        Ok(String::new())
    }

    /// `kgs-time_settings none | absolute MAIN | byoyomi MAIN PERIOD_TIME PERIODS |
    /// canadian MAIN PERIOD_TIME STONES` (kgsGtp).
    fn kgs_time_settings(&mut self, a: &[String]) -> Result<String, Error> {
        let control = time_settings::from_kgs_time_settings(&a.join(" "))
            .map_err(|e| format!("syntax error: {e}"))?;
        self.set_time_control(control);
        Ok(String::new())
    }

    /// `time_left COLOR TIME STONES`: TIME seconds left (in the current period in overtime;
    /// a negative time, which some controllers send when late, counts as 0), STONES = 0 in
    /// main time, else the stones left in the Canadian period or, under byo-yomi, the
    /// periods left (KGS's convention; see [`time_settings`]).
    fn time_left(&mut self, a: &[String]) -> Result<String, Error> {
        args::expect(a, 3, "time_left COLOR TIME STONES")?;
        let color = args::color(&a[0])?;
        let text = &a[1];
        let time =
            seconds(text.strip_prefix('-').unwrap_or(text), "the time left").map_err(|_| {
                format!("syntax error: the time left must be a number of seconds, not {text:?}")
            })?;
        let time = if text.starts_with('-') {
            Duration::ZERO
        } else {
            time
        };
        let stones = args::int(&a[2], "the number of stones")?;
        time_settings::set_time_left(&mut self.clock, color, time, stones);
        self.reported[color.index()] = Some((time, stones));
        Ok(String::new())
    }

    /// `tengen-clock`: the time control in the command-line form (`byoyomi:600+5x30`, see
    /// `tengen_sgf::time_spec`) and each player's clock in words.
    fn tengen_clock(&mut self, a: &[String]) -> Result<String, Error> {
        args::expect(a, 0, "tengen-clock")?;
        let mut out = TimeSpec(*self.clock.control()).to_string();
        for c in Color::BOTH {
            out.push_str(&format!("\n{c}: {}", self.clock.describe(c)));
        }
        Ok(out)
    }

    fn is_legal(&mut self, a: &[String]) -> Result<String, Error> {
        args::expect(a, 2, "is_legal COLOR VERTEX")?;
        let color = args::color(&a[0])?;
        let mv = args::mv(&a[1], self.game.size())?;
        Ok(if queries::is_legal(&self.game, color, mv) {
            "1"
        } else {
            "0"
        }
        .into())
    }

    fn all_legal(&mut self, a: &[String]) -> Result<String, Error> {
        args::expect(a, 1, "all_legal COLOR")?;
        let color = args::color(&a[0])?;
        let points = queries::all_legal(&self.game, color);
        Ok(queries::vertex_list(points, self.game.size()))
    }

    fn list_stones(&mut self, a: &[String]) -> Result<String, Error> {
        args::expect(a, 1, "list_stones COLOR")?;
        let color = args::color(&a[0])?;
        let points = queries::stones(&self.game, color);
        Ok(queries::vertex_list(points, self.game.size()))
    }

    fn captures(&mut self, a: &[String]) -> Result<String, Error> {
        args::expect(a, 1, "captures COLOR")?;
        let color = args::color(&a[0])?;
        Ok(queries::captures(&self.game, color).to_string())
    }

    fn color(&mut self, a: &[String]) -> Result<String, Error> {
        args::expect(a, 1, "color VERTEX")?;
        let p = args::vertex(&a[0], self.game.size())?;
        Ok(queries::color_at(&self.game, p).into())
    }

    fn countlib(&mut self, a: &[String]) -> Result<String, Error> {
        args::expect(a, 1, "countlib VERTEX")?;
        let p = args::vertex(&a[0], self.game.size())?;
        let n = queries::liberties(&self.game, p).ok_or("vertex must not be empty")?;
        Ok(n.to_string())
    }

    fn unconditional_status(&mut self, a: &[String]) -> Result<String, Error> {
        args::expect(a, 1, "unconditional_status VERTEX")?;
        let p = args::vertex(&a[0], self.game.size())?;
        let key = (self.game.board().to_text(), self.game.rules().suicide);
        let status = match &self.unconditional {
            Some((board, suicide, status)) if (board, suicide) == (&key.0, &key.1) => status,
            _ => {
                let status = queries::unconditional_status(&self.game);
                &self.unconditional.insert((key.0, key.1, status)).2
            }
        };
        Ok(
            status[p.y as usize * self.game.size().width() as usize + p.x as usize]
                .gtp_name()
                .into(),
        )
    }

    /// Replaces the rules of the game in progress, if its moves stay legal under them.
    fn set_rules(&mut self, rules: Rules) -> Result<String, Error> {
        match self.game.set_rules(rules) {
            Ok(()) => Ok(String::new()),
            Err(refused) => Err(format!("{refused} (clear_board first)")),
        }
    }

    /// `kgs-rules japanese|chinese|aga|new_zealand` (kgsGtp). Komi stays: KGS sets it with
    /// its own command.
    fn kgs_rules(&mut self, a: &[String]) -> Result<String, Error> {
        args::expect(a, 1, "kgs-rules japanese|chinese|aga|new_zealand")?;
        let name = match a[0].to_lowercase().as_str() {
            "japanese" => RulesetName::Japanese,
            "chinese" => RulesetName::Chinese,
            "aga" => RulesetName::Aga,
            "new_zealand" => RulesetName::NewZealand,
            other => {
                return Err(format!(
                    "unknown KGS rules {other:?} (known: japanese, chinese, aga, new_zealand)"
                ))
            }
        };
        self.set_rules(Rules {
            komi: self.game.rules().komi,
            ..name.rules()
        })
    }

    fn kata_get_rules(&mut self, a: &[String]) -> Result<String, Error> {
        args::expect(a, 0, "kata-get-rules")?;
        kata::to_json(self.game.rules())
    }

    /// `kata-set-rules RULES`: a short name or a JSON dictionary (which may contain spaces,
    /// so every argument is part of it).
    fn kata_set_rules(&mut self, a: &[String]) -> Result<String, Error> {
        if a.is_empty() {
            return Err("syntax error: expected `kata-set-rules RULES`".into());
        }
        let rules = kata::parse(&a.join(" "), self.game.rules())?;
        self.set_rules(rules)
    }

    fn kata_set_rule(&mut self, a: &[String]) -> Result<String, Error> {
        args::expect(a, 2, "kata-set-rule KEY VALUE")?;
        let mut rules = self.game.rules().clone();
        kata::set_field(&mut rules, &a[0], &a[1])?;
        self.set_rules(rules)
    }

    /// `tengen-rules`: the rules in full; `tengen-rules NAME`: play under a named ruleset
    /// with its defaults, komi included.
    fn tengen_rules(&mut self, a: &[String]) -> Result<String, Error> {
        match a {
            [] => Ok(self.game.rules().to_string()),
            [name] => {
                let rules = Rules::named(name).map_err(|e| e.to_string())?;
                self.set_rules(rules)
            }
            _ => Err("syntax error: expected `tengen-rules [NAME]`".into()),
        }
    }

    fn tengen_set_rule(&mut self, a: &[String]) -> Result<String, Error> {
        args::expect(a, 2, "tengen-set-rule KEY VALUE")?;
        let mut rules = self.game.rules().clone();
        rules.set(&a[0], &a[1]).map_err(|e| e.to_string())?;
        self.set_rules(rules)
    }

    fn explain_illegal(&mut self, a: &[String]) -> Result<String, Error> {
        args::expect(a, 2, "tengen-explain-illegal COLOR VERTEX")?;
        let color = args::color(&a[0])?;
        let mv = args::mv(&a[1], self.game.size())?;
        Ok(match self.game.legal_as(color, mv) {
            Ok(()) => "legal".into(),
            Err(e) => explain(&e),
        })
    }
}

/// A non-negative number of seconds named `what` (decimals accepted).
fn seconds(s: &str, what: &str) -> Result<Duration, Error> {
    tengen_sgf::time::seconds_from_str(s).ok_or_else(|| {
        format!("syntax error: {what} must be a non-negative number of seconds, not {s:?}")
    })
}

/// A refusal as the engine states it, with what to do when the game is over.
fn explain(e: &Illegal) -> String {
    match e {
        Illegal::GameOver => "the game is over (clear_board starts a new game)".into(),
        other => other.to_string(),
    }
}

/// How the game ended, in words.
fn describe_end(reason: &EndReason) -> String {
    match reason {
        EndReason::Passes => "the players passed".into(),
        EndReason::Resignation { loser } => format!("{loser} resigned"),
        EndReason::Time { loser } => format!("{loser} ran out of time"),
        EndReason::Forfeit { loser } => format!("{loser} forfeited"),
        EndReason::LongCycle {
            outcome,
            occurrences: [a, b, c],
        } => format!("long cycle ({outcome}): the same situation after moves {a}, {b} and {c}"),
    }
}

/// GTP's failure messages for handicap placement (section 6.3.2).
fn setup_error(e: SetupError) -> String {
    match e {
        SetupError::NotEmpty => "board not empty".into(),
        SetupError::Handicap(h) => format!("invalid number of stones: {h}"),
        SetupError::RepeatedPoint(_) => "bad vertex list: a handicap point is repeated".into(),
        SetupError::OffBoard(_) | SetupError::HandicapCount { .. } | SetupError::NoLiberty(_) => {
            format!("bad vertex list: {e}")
        }
    }
}

/// Runs `engine` on GTP commands from `input` until `quit` or the end of input, writing
/// each response to `output` and flushing it at once (a controller waits for it). Bytes
/// that are not UTF-8 are replaced, never fatal: the line then gets an error response.
pub fn run<R: BufRead, W: Write>(
    mut input: R,
    mut output: W,
    engine: &mut Engine,
) -> io::Result<()> {
    let mut line = Vec::new();
    while !engine.has_quit() {
        line.clear();
        if input.read_until(b'\n', &mut line)? == 0 {
            return Ok(());
        }
        if let Some(response) = engine.execute(&String::from_utf8_lossy(&line)) {
            output.write_all(response.as_bytes())?;
            output.flush()?;
        }
    }
    Ok(())
}
