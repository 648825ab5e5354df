//! A game in the server's memory: settings, the engine's [`Game`], both clocks and the
//! scoring phase, rebuilt from the event log. [`LiveGame::decide`] turns a seat's action
//! into the event to store (or a refusal); [`LiveGame::apply`] is the one transition
//! function, used alike for new events and for replaying stored ones.

use crate::error::ApiError;
use crate::events::{Action, Event, Side};
use crate::settings::{clean_name, Settings};
use axum::http::StatusCode;
use std::collections::BTreeSet;
use std::time::Duration;
use tengen::clock::Clock;
use tengen::game::Phase;
use tengen::rules::HandicapPlacement;
use tengen::{Color, Game, Illegal, Move, Point, Size};

/// Milliseconds since the Unix epoch.
pub type Millis = i64;

/// The phase as the protocol names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PhaseName {
    /// A seat is not taken yet: nothing can be played, no clock runs.
    Waiting,
    /// Black places a free handicap.
    Placing,
    /// Moves are played.
    Playing,
    /// Dead stones are marked.
    Scoring,
    /// Confirmation play settles a dispute.
    Confirming,
    /// The game is over.
    Finished,
}

impl PhaseName {
    /// The protocol's spelling.
    pub fn as_str(self) -> &'static str {
        match self {
            PhaseName::Waiting => "waiting",
            PhaseName::Placing => "placing",
            PhaseName::Playing => "playing",
            PhaseName::Scoring => "scoring",
            PhaseName::Confirming => "confirming",
            PhaseName::Finished => "finished",
        }
    }
}

/// A game being served.
#[derive(Clone, Debug)]
pub struct LiveGame {
    /// The game's id.
    pub id: String,
    /// Its settings.
    pub settings: Settings,
    /// The seats' tokens (Black, White); empty for a bot seat.
    pub tokens: [String; 2],
    /// When it was created.
    pub created: Millis,
    /// The engine's game.
    pub game: Game,
    /// Both clocks.
    pub clock: Clock,
    /// The last stored event (0 before any).
    pub seq: i64,
    /// When the last event was stored.
    pub updated: Millis,
    /// Whether each seat is taken, and by whom.
    pub joined: [bool; 2],
    /// The players' names.
    pub names: [String; 2],
    /// When the player to move began thinking, while a clock runs.
    pub turn_started: Option<Millis>,
    /// When the scoring phase began.
    pub scoring_started: Option<Millis>,
    /// The event after which the marks last changed.
    pub marks_seq: i64,
    /// Whether the server has proposed dead stones in the current scoring phase.
    pub proposed: bool,
    /// The marks the server proposed (the bot accepts exactly these).
    pub proposal: Vec<Point>,
    /// A free handicap still to be placed.
    pub placing: bool,
    /// Thinking time of each move, in milliseconds.
    pub move_times: Vec<u64>,
    /// How often play resumed after a rejection.
    pub resumptions: u32,
    /// The mover's clock after each move: time left in seconds, and periods or stones
    /// left in overtime (SGF `BL`/`WL`, `OB`/`OW`).
    pub move_clocks: Vec<Option<(f64, Option<u32>)>>,
    /// The marks after the previous event, to see when they change.
    last_marks: Option<BTreeSet<Point>>,
}

/// A refused move as the protocol reports it: the engine's explanation, the rule, the
/// point, and for a repetition the earlier move.
fn illegal(e: &Illegal, vertex: &str) -> ApiError {
    let (rule, earlier): (String, Option<usize>) = match e {
        Illegal::GameOver => return ApiError::game_over(),
        Illegal::OffBoard(_) => ("board".into(), None),
        Illegal::Occupied(_) => ("occupied".into(), None),
        Illegal::Suicide { .. } => ("suicide".into(), None),
        Illegal::Ko {
            rule, recreates, ..
        } => (ko_rule_name(*rule), Some(*recreates)),
        Illegal::CycleSet { capture_move } => ("cycle-sets rule 9".into(), Some(*capture_move)),
        Illegal::DisallowedCapture {
            counteracted_move, ..
        } => ("cycle-sets rule 15".into(), Some(*counteracted_move)),
        Illegal::ConfirmationKo { taken_at } => ("confirmation ko".into(), Some(*taken_at)),
        Illegal::NoStonesLeft { .. } => ("stone supply".into(), None),
    };
    let err = ApiError::new(
        StatusCode::UNPROCESSABLE_ENTITY,
        "illegal_move",
        e.to_string(),
    )
    .with("rule", rule)
    .with("point", vertex);
    match earlier {
        Some(m) => err.with("earlier_move", m as u64),
        None => err,
    }
}

/// A ko rule's name for people.
fn ko_rule_name(rule: tengen::rules::KoRule) -> String {
    use tengen::rules::KoRule as K;
    match rule {
        K::Simple => "ko".into(),
        K::Positional => "positional superko".into(),
        K::Situational => "situational superko".into(),
        K::NaturalSituational => "natural situational superko".into(),
        other => format!("{} superko", other.name()),
    }
}

impl LiveGame {
    /// A new game: the board with any fixed handicap, fresh clocks, the bot's seat taken.
    pub fn new(id: String, settings: Settings, tokens: [String; 2], created: Millis) -> LiveGame {
        let rules = settings
            .rules()
            .unwrap_or_else(|_| settings.ruleset_name().rules());
        let size = settings.board_size();
        let free = rules.handicap_placement == HandicapPlacement::Free;
        let mut game = Game::new(size, rules);
        let mut placing = false;
        if settings.handicap >= 2 {
            if free {
                placing = true;
            } else if game.set_fixed_handicap(settings.handicap).is_err() {
                tracing::warn!("game {id}: fixed handicap {} refused", settings.handicap);
            }
        }
        let mut joined = [false; 2];
        let mut names = [String::new(), String::new()];
        if let Some(c) = settings.bot_color() {
            joined[c.index()] = true;
            names[c.index()] = "tengen (bot)".to_string();
        }
        let clock = Clock::new(settings.time_control());
        LiveGame {
            id,
            settings,
            tokens,
            created,
            game,
            clock,
            seq: 0,
            updated: created,
            joined,
            names,
            turn_started: None,
            scoring_started: None,
            marks_seq: 0,
            proposed: false,
            proposal: Vec::new(),
            placing,
            move_times: Vec::new(),
            resumptions: 0,
            move_clocks: Vec::new(),
            last_marks: None,
        }
    }

    /// The board size.
    pub fn size(&self) -> Size {
        self.game.size()
    }

    /// The phase as the protocol names it.
    pub fn phase(&self) -> PhaseName {
        match self.game.phase() {
            Phase::Ended(_) => PhaseName::Finished,
            _ if !(self.joined[0] && self.joined[1]) => PhaseName::Waiting,
            _ if self.placing => PhaseName::Placing,
            Phase::Playing => PhaseName::Playing,
            Phase::Scoring(_) => PhaseName::Scoring,
            Phase::Confirming(_) => PhaseName::Confirming,
        }
    }

    /// The seat a token belongs to.
    pub fn seat_of(&self, token: &str) -> Option<Color> {
        [Color::Black, Color::White]
            .into_iter()
            .find(|c| !self.tokens[c.index()].is_empty() && self.tokens[c.index()] == token)
    }

    /// Whose move it is: the sandbox's player during confirmation play.
    pub fn to_move(&self) -> Color {
        self.game
            .confirmation()
            .map_or(self.game.to_move(), |g| g.to_move())
    }

    /// The colour whose clock runs, if any.
    pub fn running(&self) -> Option<Color> {
        self.turn_started.map(|_| self.game.to_move())
    }

    /// The event that is due by `now` without anyone acting: a loss on time, or the end
    /// of the scoring phase's time limit.
    pub fn due_event(&self, now: Millis) -> Option<Event> {
        let deadline = self.deadline()?;
        (now >= deadline).then(|| match self.phase() {
            PhaseName::Scoring => Event::ScoringTimeout,
            _ => Event::Timeout {
                color: self.game.to_move().into(),
            },
        })
    }

    /// The instant at which [`LiveGame::due_event`] will have something to say.
    pub fn deadline(&self) -> Option<Millis> {
        match self.phase() {
            PhaseName::Playing => {
                let started = self.turn_started?;
                let allowed = self.clock.flag_at(self.game.to_move())?;
                // A move after exactly the allowed time is in time: one millisecond more
                // loses.
                Some(started.saturating_add(millis(allowed)).saturating_add(1))
            }
            PhaseName::Scoring => {
                let started = self.scoring_started?;
                let limit = i64::try_from(self.settings.scoring_time_limit).unwrap_or(0) * 1000;
                Some(started.saturating_add(limit))
            }
            _ => None,
        }
    }

    fn parse_move(&self, point: &str) -> Result<Move, ApiError> {
        Move::from_gtp(point, self.size()).ok_or_else(|| {
            ApiError::bad_request("point", format!("{point:?} is not a point of this board"))
        })
    }

    fn parse_point(&self, point: &str) -> Result<Point, ApiError> {
        match self.parse_move(point)? {
            Move::Play(p) => Ok(p),
            Move::Pass => Err(ApiError::bad_request(
                "point",
                "a point is needed, not a pass",
            )),
        }
    }

    /// The event `seat`'s action makes at `now`, `None` if it changes nothing, or why it is
    /// refused. Nothing changes here.
    pub fn decide(&self, action: &Action, seat: Color) -> Result<Option<Event>, ApiError> {
        let phase = self.phase();
        if phase == PhaseName::Finished {
            return Err(ApiError::game_over());
        }
        let color: Side = seat.into();
        match action {
            Action::Join { name } => {
                let name = clean_name(name.as_deref().unwrap_or(""));
                let name = if name.is_empty() {
                    self.default_name(seat)
                } else {
                    name
                };
                if self.joined[seat.index()] && self.names[seat.index()] == name {
                    return Ok(None);
                }
                Ok(Some(Event::Join { color, name }))
            }
            Action::Play { point } => self.decide_move(seat, point, phase),
            Action::Pass => self.decide_move(seat, "pass", phase),
            Action::Resign => Ok(Some(Event::Resign { color })),
            Action::PlaceHandicap { points } => self.decide_handicap(seat, points, phase),
            Action::Mark { point, dead } => {
                let marks = self.game.marks().ok_or_else(|| {
                    ApiError::wrong_phase("stones are marked only in the scoring phase")
                })?;
                let p = self.parse_point(point)?;
                if self.game.board().get(p).is_none() {
                    return Err(ApiError::bad_request(
                        "point",
                        format!("there is no stone on {point}"),
                    ));
                }
                let dead = dead.unwrap_or(!marks.dead.contains(&p));
                let chain = self.game.board().chain(p);
                if chain.iter().all(|q| marks.dead.contains(q) == dead) {
                    return Ok(None);
                }
                Ok(Some(Event::Mark {
                    color,
                    point: p.to_gtp(self.size()).unwrap_or_default(),
                    dead,
                }))
            }
            Action::Accept { marks_seq } => {
                let marks = self.game.marks().ok_or_else(|| {
                    ApiError::wrong_phase("marks are accepted only in the scoring phase")
                })?;
                if let Some(s) = marks_seq {
                    if *s != self.marks_seq {
                        return Err(ApiError::stale(format!(
                            "the marks changed after you looked (event {} is now the last change, not {s})",
                            self.marks_seq
                        ))
                        .with("marks_seq", self.marks_seq));
                    }
                }
                if marks.accepted[seat.index()] {
                    return Ok(None);
                }
                Ok(Some(Event::Accept { color }))
            }
            Action::Reject => {
                if self.game.marks().is_none() {
                    return Err(ApiError::wrong_phase(
                        "marks are rejected only in the scoring phase",
                    ));
                }
                Ok(Some(Event::Reject { color }))
            }
        }
    }

    fn default_name(&self, seat: Color) -> String {
        let creator = crate::settings::color_from_name(&self.settings.creator);
        if creator == Some(seat) && !self.settings.creator_name.is_empty() {
            return self.settings.creator_name.clone();
        }
        match seat {
            Color::Black => "Black".into(),
            Color::White => "White".into(),
        }
    }

    fn decide_move(
        &self,
        seat: Color,
        point: &str,
        phase: PhaseName,
    ) -> Result<Option<Event>, ApiError> {
        match phase {
            PhaseName::Playing | PhaseName::Confirming => {}
            PhaseName::Waiting => {
                return Err(ApiError::wrong_phase(
                    "the game starts when both seats are taken",
                ))
            }
            PhaseName::Placing => {
                return Err(ApiError::wrong_phase(
                    "Black places the handicap stones first",
                ))
            }
            PhaseName::Scoring => {
                return Err(ApiError::wrong_phase(
                    "the game is in its scoring phase: mark dead stones, accept or reject",
                ))
            }
            PhaseName::Finished => return Err(ApiError::game_over()),
        }
        let mv = self.parse_move(point)?;
        if self.to_move() != seat {
            return Err(ApiError::new(
                StatusCode::CONFLICT,
                "wrong_turn",
                format!(
                    "it is {}'s turn",
                    crate::settings::color_name(self.to_move())
                ),
            ));
        }
        let vertex = mv.to_gtp(self.size()).unwrap_or_default();
        self.game
            .legal_as(seat, mv)
            .map_err(|e| illegal(&e, &vertex))?;
        Ok(Some(Event::Play {
            color: seat.into(),
            point: vertex,
        }))
    }

    fn decide_handicap(
        &self,
        seat: Color,
        points: &[String],
        phase: PhaseName,
    ) -> Result<Option<Event>, ApiError> {
        if phase != PhaseName::Placing {
            return Err(ApiError::wrong_phase("there is no free handicap to place"));
        }
        if seat != Color::Black {
            return Err(ApiError::new(
                StatusCode::CONFLICT,
                "wrong_turn",
                "Black places the handicap",
            ));
        }
        if points.len() != usize::from(self.settings.handicap) {
            return Err(ApiError::bad_request(
                "points",
                format!(
                    "{} handicap stones are to be placed",
                    self.settings.handicap
                ),
            ));
        }
        let parsed = points
            .iter()
            .map(|p| self.parse_point(p))
            .collect::<Result<Vec<_>, _>>()?;
        let mut trial = self.game.clone();
        trial
            .set_free_handicap(&parsed)
            .map_err(|e| ApiError::bad_request("points", e.to_string()))?;
        Ok(Some(Event::PlaceHandicap {
            points: parsed
                .iter()
                .filter_map(|p| p.to_gtp(self.size()))
                .collect(),
        }))
    }

    /// Applies a stored event made at `at`: the one way the game changes. An event that
    /// does not fit (a damaged log) is reported and changes nothing.
    pub fn apply(&mut self, seq: i64, event: &Event, at: Millis) -> Result<(), String> {
        let before = self.phase();
        let result = self.transition(event, at);
        self.seq = seq;
        self.updated = at;
        let after = self.phase();
        let moved = matches!(event, Event::Play { .. });
        self.after_event(before, after, moved, at);
        result
    }

    fn transition(&mut self, event: &Event, at: Millis) -> Result<(), String> {
        match event {
            Event::Join { color, name } => {
                let c = Color::from(*color);
                self.joined[c.index()] = true;
                self.names[c.index()] = name.clone();
                Ok(())
            }
            Event::Play { color, point } => self.apply_move((*color).into(), point, at),
            Event::Resign { color } => self.game.resign((*color).into()).map_err(|e| e.to_string()),
            Event::Timeout { color } => {
                let c = Color::from(*color);
                if let Some(started) = self.turn_started {
                    let _ = self.clock.check_time(c, elapsed(started, at));
                }
                self.game.lose_on_time(c).map_err(|e| e.to_string())
            }
            Event::PlaceHandicap { points } => {
                let parsed: Vec<Point> = points
                    .iter()
                    .filter_map(|p| Point::from_gtp(p, self.size()))
                    .collect();
                self.game
                    .set_free_handicap(&parsed)
                    .map_err(|e| e.to_string())?;
                self.placing = false;
                Ok(())
            }
            Event::Propose { dead } => {
                let points: Vec<Point> = dead
                    .iter()
                    .filter_map(|p| Point::from_gtp(p, self.size()))
                    .collect();
                for &p in &points {
                    self.game.mark_dead(p, true).map_err(|e| e.to_string())?;
                }
                self.proposed = true;
                self.proposal = points;
                Ok(())
            }
            Event::Mark { point, dead, .. } => {
                let p = Point::from_gtp(point, self.size()).ok_or("bad point")?;
                self.game.mark_dead(p, *dead).map_err(|e| e.to_string())
            }
            Event::Accept { color } => self.game.accept((*color).into()).map_err(|e| e.to_string()),
            Event::Reject { color } => {
                self.game
                    .reject((*color).into())
                    .map_err(|e| e.to_string())?;
                if self.phase() == PhaseName::Playing {
                    self.resumptions += 1;
                }
                Ok(())
            }
            Event::ScoringTimeout => {
                for c in [Color::Black, Color::White] {
                    self.game.accept(c).map_err(|e| e.to_string())?;
                }
                Ok(())
            }
        }
    }

    fn apply_move(&mut self, color: Color, point: &str, at: Millis) -> Result<(), String> {
        let mv = Move::from_gtp(point, self.size()).ok_or("bad point")?;
        let clocked = self.phase() == PhaseName::Playing;
        self.game.play_as(color, mv).map_err(|e| e.to_string())?;
        if clocked {
            let used = self.turn_started.map_or(Duration::ZERO, |s| elapsed(s, at));
            // The decision was made in time; the clock only charges it.
            let _ = self.clock.spend(color, used);
            self.move_times
                .push(u64::try_from(used.as_millis()).unwrap_or(u64::MAX));
            let timed = self.clock.flag_at(color).is_some();
            let left = self.clock.remaining(color, Duration::ZERO);
            self.move_clocks.push(timed.then(|| {
                let secs = tengen_sgf::time::time_left(&left)
                    .parse::<f64>()
                    .unwrap_or(0.0);
                (secs, tengen_sgf::time::overtime_left(&left))
            }));
        }
        Ok(())
    }

    /// Starts and stops the clock and the scoring phase after an event: the clock of the
    /// player to move starts when play starts or resumes and after every move; it stops
    /// in every other phase. The marks' version moves on whenever they change.
    fn after_event(&mut self, before: PhaseName, after: PhaseName, moved: bool, at: Millis) {
        self.turn_started = match after {
            PhaseName::Playing if before != PhaseName::Playing || moved => Some(at),
            PhaseName::Playing => self.turn_started,
            _ => None,
        };
        let marks = self.game.marks().map(|m| m.dead.clone());
        if after == PhaseName::Scoring && before != PhaseName::Scoring {
            self.scoring_started = Some(at);
            self.proposed = false;
            self.proposal.clear();
            self.marks_seq = self.seq;
        } else if marks.is_some() && marks != self.last_marks {
            self.marks_seq = self.seq;
        }
        if after != PhaseName::Scoring {
            self.scoring_started = None;
        }
        self.last_marks = marks;
    }
}

/// A duration in whole milliseconds.
pub fn millis(d: Duration) -> i64 {
    i64::try_from(d.as_millis()).unwrap_or(i64::MAX)
}

/// The time from `start` to `end`, zero if the clock went backwards.
pub fn elapsed(start: Millis, end: Millis) -> Duration {
    Duration::from_millis(u64::try_from(end.saturating_sub(start)).unwrap_or(0))
}
