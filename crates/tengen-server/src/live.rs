//! A game in the server's memory: settings, the engine's [`Game`], both clocks and the
//! scoring phase, rebuilt from the event log. [`LiveGame::decide`] turns a seat's action
//! into the event to store (or a refusal); [`LiveGame::apply`] is the one transition
//! function, used alike for new events and for replaying stored ones.

use crate::chat::ChatLine;
use crate::error::ApiError;
use crate::events::{Action, Event, Side};
use crate::settings::{check_name, color_from_name, Settings, BOT_NAME};
use crate::tokens::{same_token, Holder, Invitation};
use crate::undo::UndoRequest;
use axum::http::StatusCode;
use std::collections::BTreeSet;
use std::time::Duration;
use tengen::clock::Clock;
use tengen::rules::HandicapPlacement;
use tengen::Phase;
use tengen::{Color, Game, Illegal, Move, Point, Settlement, Size, Stage};

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
    /// The game was cancelled before it started (by its creator, or because nobody took
    /// the open seat in time): no result.
    Cancelled,
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
            PhaseName::Cancelled => "cancelled",
        }
    }

    /// Whether the game is over for good (finished or cancelled).
    pub fn is_over(self) -> bool {
        matches!(self, PhaseName::Finished | PhaseName::Cancelled)
    }

    /// Whether the clock of the player to move runs in this phase.
    fn is_clocked(self) -> bool {
        matches!(
            self,
            PhaseName::Placing | PhaseName::Playing | PhaseName::Confirming
        )
    }
}

/// Why a game was cancelled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CancelReason {
    /// Its creator cancelled it before it started.
    Creator,
    /// Nobody took the open seat in time.
    Expired,
}

/// Something the server did on its own that the players should be told about, shown with
/// the game until the next notice.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Notice {
    /// The time for counting ran out before both players accepted the same marks: the
    /// server's own proposal of dead stones settled the game.
    ScoringDeadline {
        /// How many stones the proposal had dead.
        dead: usize,
    },
    /// A player rejected the marks: play resumed, or confirmation play began.
    Rejected {
        /// Who rejected.
        by: Color,
        /// Play resumed (else confirmation play settles the dispute).
        resumed: bool,
    },
    /// The opponent accepted a request to take back moves.
    Undone {
        /// Who asked.
        by: Color,
        /// How many moves were taken back.
        moves: usize,
    },
    /// The opponent declined a request to take back moves.
    UndoDeclined {
        /// Who asked.
        by: Color,
    },
    /// The creator cancelled the game before it started.
    Cancelled,
    /// Nobody took the open seat in time: the game was cancelled.
    Expired,
    /// The server was down this many milliseconds; nobody's time ran meanwhile.
    Downtime {
        /// How long the server was down.
        ms: i64,
    },
}

impl Notice {
    /// The notice's stable code.
    pub fn code(self) -> &'static str {
        match self {
            Notice::ScoringDeadline { .. } => "scoring_deadline",
            Notice::Rejected { .. } => "rejected",
            Notice::Undone { .. } => "undone",
            Notice::UndoDeclined { .. } => "undo_declined",
            Notice::Cancelled => "cancelled",
            Notice::Expired => "expired",
            Notice::Downtime { .. } => "downtime",
        }
    }

    /// A sentence for the players.
    pub fn message(self) -> String {
        match self {
            Notice::ScoringDeadline { dead } => format!(
                "The time for counting ran out before both players accepted the same marks: \
                 the dead stones the server proposed when counting began stood ({dead} \
                 stone{}), not the last marks.",
                if dead == 1 { "" } else { "s" }
            ),
            Notice::Rejected { by, resumed } => format!(
                "{} rejected the marks: {}",
                name(by),
                if resumed {
                    "play resumed, to settle the position on the board."
                } else {
                    "confirmation play settles the disputed stones."
                }
            ),
            Notice::Undone { by, moves } => format!(
                "{}'s request was accepted: {moves} move{} taken back.",
                name(by),
                if moves == 1 { "" } else { "s" }
            ),
            Notice::UndoDeclined { by } => {
                format!("{}'s request to take back a move was declined.", name(by))
            }
            Notice::Cancelled => "The creator cancelled this game before it started.".into(),
            Notice::Expired => "Nobody took the open seat in time: this game was cancelled.".into(),
            Notice::Downtime { ms } => format!(
                "The server was down for {} s; nobody's clock ran meanwhile.",
                (ms + 500) / 1000
            ),
        }
    }
}

/// A colour's name in a sentence.
fn name(c: Color) -> &'static str {
    match c {
        Color::Black => "Black",
        Color::White => "White",
    }
}

impl Notice {
    /// Whether the notice is about one moment of play, and goes when the next move is
    /// played (the others stay until the next notice).
    fn fades(self) -> bool {
        matches!(
            self,
            Notice::Rejected { .. } | Notice::Undone { .. } | Notice::UndoDeclined { .. }
        )
    }
}

/// How long after a change of the marks the scoring phase lasts at least (at most the
/// scoring time limit itself): time for the opponent to look at the change and accept it.
pub const MARKS_GRACE_MS: i64 = 60_000;

/// The most changes of name a seat may make in a game after taking it.
pub const MAX_RENAMES: u32 = 10;

/// A game being served.
#[derive(Clone, Debug)]
pub struct LiveGame {
    /// The game's id.
    pub id: String,
    /// Its settings.
    pub settings: Settings,
    /// The seats' secrets (Black, White); empty for a bot seat and for a seat whose
    /// invitation has not been used yet.
    pub tokens: [String; 2],
    /// The invitation to each seat, if it has one (the seat the creator does not take).
    pub invitations: [Option<Invitation>; 2],
    /// How often each seat changed its name after taking it.
    pub renames: [u32; 2],
    /// Whether and why the game was cancelled.
    pub cancelled: Option<CancelReason>,
    /// What the players are told about the server's own doings.
    pub notice: Option<Notice>,
    /// When the marks of the scoring phase last changed.
    pub marks_changed_at: Option<Millis>,
    /// How long after its creation an unstarted game is cancelled (the server's policy,
    /// not stored); `None`: never.
    pub waiting_expiry: Option<Millis>,
    /// The end of the latest downtime credited to the game (0: none), so that a
    /// downtime is credited once even when several servers restart after it.
    pub downtime_until: Millis,
    /// When it was created.
    pub created: Millis,
    /// The engine's game (after the ending passes, the passed-out game).
    pub game: Game,
    /// While the dead stones of a game that ended by passes are settled: the settlement,
    /// working on a copy of the passed-out game that comes back to `game` when it ends.
    pub settlement: Option<Settlement>,
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
    /// A request to take back moves, waiting for the opponent's answer.
    pub undo: Option<UndoRequest>,
    /// For each seat, the moves of the game when its last request was declined: it may
    /// ask again only after another move.
    pub undo_declined: [Option<usize>; 2],
    /// The moves of the game when play last started or resumed: the moves before it are
    /// not taken back.
    pub play_from: usize,
    /// The chat.
    pub chat: Vec<ChatLine>,
    /// Whether each seat allows score estimates during play.
    pub estimate_allowed: [bool; 2],
    /// The last event that changed the game (any event but a chat message or a change
    /// of the estimate permissions): an action based on an older one is stale.
    pub game_seq: i64,
}

/// The name of the rule that refuses a move, as the protocol reports it (`rule`):
/// `occupied`, `suicide`, `ko`, `positional superko`, `cycle-sets rule 9` ...
pub fn rule_name(e: &Illegal) -> String {
    match e {
        Illegal::GameOver => "game over".into(),
        Illegal::OffBoard(_) => "board".into(),
        Illegal::Occupied(_) => "occupied".into(),
        Illegal::Suicide { .. } => "suicide".into(),
        Illegal::Ko { rule, .. } => ko_rule_name(*rule),
        Illegal::CycleSet { .. } => "cycle-sets rule 9".into(),
        Illegal::DisallowedCapture { .. } => "cycle-sets rule 15".into(),
        Illegal::ConfirmationKo { .. } => "confirmation ko".into(),
        Illegal::NoStonesLeft { .. } => "stone supply".into(),
        Illegal::OutOfTurn { .. } => "turn".into(),
    }
}

/// A refused move as the protocol reports it: the engine's explanation, the rule, the
/// point, and for a repetition the earlier move.
fn illegal(e: &Illegal, vertex: &str) -> ApiError {
    if *e == Illegal::GameOver {
        return ApiError::game_over();
    }
    let err = ApiError::new(
        StatusCode::UNPROCESSABLE_ENTITY,
        "illegal_move",
        e.to_string(),
    )
    .with("rule", rule_name(e))
    .with("point", vertex);
    match e.earlier_move() {
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
    /// `tokens` are as stored with the game: the creator's secret, and for the other seat
    /// (a person's) its invitation.
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
            names[c.index()] = BOT_NAME.to_string();
        }
        let (tokens, invitations) = seats_and_invitations(&settings, tokens);
        // The creator's permission of estimates is a setting; the bot allows them.
        let mut estimate_allowed = [false; 2];
        if let Some(c) = color_from_name(&settings.creator) {
            estimate_allowed[c.index()] = settings.allow_estimate;
        }
        if let Some(c) = settings.bot_color() {
            estimate_allowed[c.index()] = true;
        }
        let clock = Clock::new(settings.time_control());
        LiveGame {
            id,
            settings,
            tokens,
            invitations,
            renames: [0; 2],
            cancelled: None,
            notice: None,
            marks_changed_at: None,
            waiting_expiry: None,
            downtime_until: 0,
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
            settlement: None,
            undo: None,
            undo_declined: [None; 2],
            play_from: 0,
            chat: Vec::new(),
            estimate_allowed,
            game_seq: 0,
        }
    }

    /// The board size.
    pub fn size(&self) -> Size {
        self.game.size()
    }

    /// The phase as the protocol names it.
    pub fn phase(&self) -> PhaseName {
        if self.cancelled.is_some() {
            return PhaseName::Cancelled;
        }
        if let Some(s) = &self.settlement {
            return match s.stage() {
                Stage::Confirming(_) => PhaseName::Confirming,
                _ => PhaseName::Scoring,
            };
        }
        match self.game.phase() {
            Phase::Ended(_) => PhaseName::Finished,
            _ if !(self.joined[0] && self.joined[1]) => PhaseName::Waiting,
            _ if self.placing => PhaseName::Placing,
            Phase::Playing => PhaseName::Playing,
        }
    }

    /// The game's row status: `active`, `finished` or `cancelled`.
    pub fn status(&self) -> &'static str {
        match self.phase() {
            PhaseName::Finished => "finished",
            PhaseName::Cancelled => "cancelled",
            _ => "active",
        }
    }

    /// What a token stands for in this game: a seat's secret, or an invitation (used or
    /// not). Every token is compared in constant time.
    pub fn holder(&self, token: &str) -> Option<Holder> {
        let mut found = None;
        for c in [Color::Black, Color::White] {
            if same_token(&self.tokens[c.index()], token) {
                found = Some(Holder::Seat(c));
            }
            if let Some(inv) = &self.invitations[c.index()] {
                if same_token(&inv.token, token) {
                    found = Some(if inv.spent {
                        Holder::SpentInvitation(c)
                    } else {
                        Holder::Invitation(c)
                    });
                }
            }
        }
        found
    }

    /// Whether some time is running in the game: a player's or the scoring phase's.
    pub fn time_runs(&self) -> bool {
        self.turn_started.is_some() || self.scoring_started.is_some()
    }

    /// Whether a downtime that began at `from` is still to be credited: some time runs,
    /// and no downtime ending after `from` was credited yet (by this server or another
    /// one that restarted at the same time).
    pub fn owes_downtime(&self, from: Millis) -> bool {
        self.time_runs() && self.downtime_until < from
    }

    /// The creator's colour.
    pub fn creator(&self) -> Option<Color> {
        color_from_name(&self.settings.creator)
    }

    /// Whose move it is: the sandbox's player during confirmation play.
    pub fn to_move(&self) -> Color {
        self.sandbox().map_or(self.game.to_move(), |g| g.to_move())
    }

    /// The stones marked dead, while they are being marked.
    pub fn marks(&self) -> Option<&BTreeSet<Point>> {
        let s = self.settlement.as_ref()?;
        (s.stage() == &Stage::Marking).then(|| s.marks())
    }

    /// Whether `c` has accepted the current marks.
    pub fn accepted(&self, c: Color) -> bool {
        self.settlement.as_ref().is_some_and(|s| s.accepted(c))
    }

    /// Confirmation play's game, while it goes on.
    pub fn sandbox(&self) -> Option<&Game> {
        let s = self.settlement.as_ref()?;
        s.confirmation().map(|c| &c.sandbox)
    }

    /// The settlement, for an event of the scoring phase.
    fn settling(&mut self) -> Result<&mut Settlement, String> {
        self.settlement
            .as_mut()
            .ok_or_else(|| "not in the scoring phase".to_string())
    }

    /// Drops an unfinished settlement (a player resigns or runs out of time while the dead
    /// stones are settled): the passed-out game ends another way.
    fn leave_settlement(&mut self) {
        if let Some(s) = self.settlement.take() {
            self.game = s.into_game();
        }
    }

    /// Keeps the settlement in step with the game: one starts when the game ends by passes
    /// under an agreement rule, and the game comes back from it when it ends (the dead
    /// stones settled, or play resumed).
    fn sync_settlement(&mut self) {
        if self.settlement.is_none() && self.game.needs_settlement() {
            self.settlement = Settlement::new(self.game.clone()).ok();
        }
        let done = self
            .settlement
            .as_ref()
            .is_some_and(|s| matches!(s.stage(), Stage::Settled | Stage::Resumed));
        if done {
            if let Some(s) = self.settlement.take() {
                self.game = s.into_game();
            }
        }
    }

    /// The colour whose clock runs, if any: the player to move while placing the
    /// handicap, playing, and in confirmation play.
    pub fn running(&self) -> Option<Color> {
        self.turn_started.map(|_| self.to_move())
    }

    /// The event that is due by `now` without anyone acting: a loss on time, the end of
    /// the scoring phase, or the expiry of a game that never started.
    pub fn due_event(&self, now: Millis) -> Option<Event> {
        let deadline = self.deadline()?;
        (now >= deadline).then(|| match self.phase() {
            PhaseName::Waiting => Event::Expire,
            PhaseName::Scoring => Event::ScoringDeadline,
            _ => Event::Timeout {
                color: self.to_move().into(),
            },
        })
    }

    /// The instant at which [`LiveGame::due_event`] will have something to say.
    pub fn deadline(&self) -> Option<Millis> {
        match self.phase() {
            PhaseName::Waiting => Some(self.created.saturating_add(self.waiting_expiry?)),
            PhaseName::Placing | PhaseName::Playing | PhaseName::Confirming => {
                let started = self.turn_started?;
                let allowed = self.clock.flag_at(self.to_move())?;
                // A move after exactly the allowed time is in time: one millisecond more
                // loses.
                Some(started.saturating_add(millis(allowed)).saturating_add(1))
            }
            PhaseName::Scoring => self.scoring_deadline(),
            PhaseName::Finished | PhaseName::Cancelled => None,
        }
    }

    /// The end of the scoring phase: its time limit after it began, but at least a short
    /// while ([`MARKS_GRACE_MS`], at most the limit) after the marks last changed, so that
    /// a change in the last second can still be looked at; never more than twice the
    /// limit after it began.
    fn scoring_deadline(&self) -> Option<Millis> {
        let started = self.scoring_started?;
        let limit = i64::try_from(self.settings.scoring_time_limit)
            .unwrap_or(0)
            .saturating_mul(1000);
        let grace = limit.min(MARKS_GRACE_MS);
        let mut deadline = started.saturating_add(limit);
        if let Some(changed) = self.marks_changed_at {
            deadline = deadline.max(changed.saturating_add(grace));
        }
        Some(deadline.min(started.saturating_add(limit.saturating_mul(2))))
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

    /// The event `seat`'s action at `now` makes, `None` if it changes nothing, or why it
    /// is refused. `exchange` is the fresh secret of a seat taken with its invitation (the
    /// caller checks that the action is a join). Nothing changes here.
    pub fn decide(
        &self,
        action: &Action,
        seat: Color,
        exchange: Option<&str>,
        now: Millis,
    ) -> Result<Option<Event>, ApiError> {
        let phase = self.phase();
        // The players may talk after the end too.
        if let Action::Chat { text } = action {
            return self.decide_chat(seat, text, now);
        }
        if phase == PhaseName::Finished {
            return Err(ApiError::game_over());
        }
        if phase == PhaseName::Cancelled {
            return Err(ApiError::new(
                StatusCode::CONFLICT,
                "game_over",
                "the game was cancelled",
            ));
        }
        let color: Side = seat.into();
        match action {
            Action::Join { name } => self.decide_join(seat, name.as_deref(), exchange),
            Action::Cancel => self.decide_cancel(seat, phase),
            Action::Play { point } => self.decide_move(seat, point, phase),
            Action::Pass => self.decide_move(seat, "pass", phase),
            Action::Resign => Ok(Some(Event::Resign { color })),
            Action::PlaceHandicap { points } => self.decide_handicap(seat, points, phase),
            Action::Mark { point, dead } => {
                let marks = self.marks().ok_or_else(|| {
                    ApiError::wrong_phase("stones are marked only in the scoring phase")
                })?;
                let p = self.parse_point(point)?;
                if self.game.board().get(p).is_none() {
                    return Err(ApiError::bad_request(
                        "point",
                        format!("there is no stone on {point}"),
                    ));
                }
                let dead = dead.unwrap_or(!marks.contains(&p));
                let chain = self.game.board().chain(p);
                if chain.iter().all(|q| marks.contains(q) == dead) {
                    return Ok(None);
                }
                Ok(Some(Event::Mark {
                    color,
                    point: p.to_gtp(self.size()).unwrap_or_default(),
                    dead,
                }))
            }
            Action::Accept { marks_seq } => {
                self.marks().ok_or_else(|| {
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
                if self.accepted(seat) {
                    return Ok(None);
                }
                Ok(Some(Event::Accept { color }))
            }
            Action::Undo => self.decide_undo_request(seat, phase),
            Action::UndoAccept => self.decide_undo_answer(seat, true),
            Action::UndoDecline => self.decide_undo_answer(seat, false),
            Action::AllowEstimate { allow } => {
                if self.estimate_allowed[seat.index()] == *allow {
                    return Ok(None);
                }
                Ok(Some(Event::AllowEstimate {
                    color,
                    allow: *allow,
                }))
            }
            // Answered above.
            Action::Chat { .. } => Ok(None),
            Action::Reject => {
                if self.marks().is_none() {
                    return Err(ApiError::wrong_phase(
                        "marks are rejected only in the scoring phase",
                    ));
                }
                Ok(Some(Event::Reject { color }))
            }
        }
    }

    fn decide_join(
        &self,
        seat: Color,
        name: Option<&str>,
        exchange: Option<&str>,
    ) -> Result<Option<Event>, ApiError> {
        let name = check_name(name.unwrap_or(""))?;
        let name = if name.is_empty() {
            self.default_name(seat)
        } else {
            name
        };
        let joined = self.joined[seat.index()];
        if exchange.is_none() && joined && self.names[seat.index()] == name {
            return Ok(None);
        }
        if joined && self.names[seat.index()] != name && self.renames[seat.index()] >= MAX_RENAMES {
            return Err(ApiError::new(
                StatusCode::TOO_MANY_REQUESTS,
                "too_many_renames",
                format!("a seat may change its name at most {MAX_RENAMES} times a game"),
            ));
        }
        Ok(Some(Event::Join {
            color: seat.into(),
            name,
            token: exchange.map(str::to_string),
        }))
    }

    fn decide_cancel(&self, seat: Color, phase: PhaseName) -> Result<Option<Event>, ApiError> {
        if phase != PhaseName::Waiting {
            return Err(ApiError::wrong_phase(
                "only a game that has not started can be cancelled; resign instead",
            ));
        }
        if self.creator() != Some(seat) {
            return Err(ApiError::new(
                StatusCode::FORBIDDEN,
                "forbidden",
                "only the creator of a game may cancel it",
            ));
        }
        Ok(Some(Event::Cancel { color: seat.into() }))
    }

    fn default_name(&self, seat: Color) -> String {
        if self.creator() == Some(seat) && !self.settings.creator_name.is_empty() {
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
            PhaseName::Finished | PhaseName::Cancelled => return Err(ApiError::game_over()),
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
        // In confirmation play the move goes to the continuation.
        self.sandbox()
            .unwrap_or(&self.game)
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
        let moves_before = self.game.moves().len();
        let result = self.transition(event, at);
        self.sync_settlement();
        self.seq = seq;
        self.updated = at;
        match event {
            Event::Chat { color, text } => self.chat.push(ChatLine {
                seq,
                color: (*color).into(),
                text: text.clone(),
                at,
            }),
            Event::AllowEstimate { .. } => {}
            _ => self.game_seq = seq,
        }
        let after = self.phase();
        // Taking moves back starts the clock of the player to move again, like a move.
        let moved = matches!(
            event,
            Event::Play { .. } | Event::PlaceHandicap { .. } | Event::UndoAccept { .. }
        );
        self.after_event(before, after, moved, at);
        // A request to take back moves lasts while the game stands where it was asked.
        let changed = self.game.moves().len() != moves_before || before != after;
        if changed && !matches!(event, Event::UndoAccept { .. }) {
            self.undo = None;
            if matches!(event, Event::Play { .. }) && self.notice.is_some_and(Notice::fades) {
                self.notice = None;
            }
        }
        if after == PhaseName::Playing && before != PhaseName::Playing {
            self.play_from = self.game.moves().len();
        }
        result
    }

    fn transition(&mut self, event: &Event, at: Millis) -> Result<(), String> {
        match event {
            Event::Join { color, name, token } => {
                self.take_seat((*color).into(), name, token.as_deref());
                Ok(())
            }
            Event::Cancel { .. } => {
                self.cancelled = Some(CancelReason::Creator);
                self.notice = Some(Notice::Cancelled);
                Ok(())
            }
            Event::Expire => {
                self.cancelled = Some(CancelReason::Expired);
                self.notice = Some(Notice::Expired);
                Ok(())
            }
            Event::Downtime { from, to } => {
                self.credit_downtime(*from, *to);
                Ok(())
            }
            Event::ScoringDeadline => self.settle_by_proposal(),
            Event::Play { color, point } => self.apply_move((*color).into(), point, at),
            Event::Resign { color } => {
                self.leave_settlement();
                self.game.resign((*color).into()).map_err(|e| e.to_string())
            }
            Event::Timeout { color } => {
                let c = Color::from(*color);
                if let Some(started) = self.turn_started {
                    let _ = self.clock.check_time(c, elapsed(started, at));
                }
                self.leave_settlement();
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
                // Placing the stones was Black's turn on the clock.
                let used = self.turn_started.map_or(Duration::ZERO, |s| elapsed(s, at));
                let _ = self.clock.spend(Color::Black, used);
                Ok(())
            }
            Event::Propose { dead } => {
                let points: Vec<Point> = dead
                    .iter()
                    .filter_map(|p| Point::from_gtp(p, self.size()))
                    .collect();
                self.settling()?
                    .propose(&points)
                    .map_err(|e| e.to_string())?;
                self.proposed = true;
                self.proposal = points;
                Ok(())
            }
            Event::Mark { point, dead, color } => {
                let p = Point::from_gtp(point, self.size()).ok_or("bad point")?;
                let by: Color = (*color).into();
                self.settling()?
                    .mark(by, p, *dead)
                    .map(|_| ())
                    .map_err(|e| e.to_string())
            }
            Event::Accept { color } => self
                .settling()?
                .accept((*color).into())
                .map_err(|e| e.to_string()),
            Event::Reject { color } => {
                let settlement = self.settling()?;
                settlement
                    .reject((*color).into())
                    .map_err(|e| e.to_string())?;
                let resumed = settlement.stage() == &Stage::Resumed;
                if resumed {
                    self.resumptions += 1;
                }
                self.notice = Some(Notice::Rejected {
                    by: (*color).into(),
                    resumed,
                });
                Ok(())
            }
            Event::UndoRequest { color } => self.ask_undo((*color).into()),
            Event::UndoAccept { .. } => self.accept_undo(),
            Event::UndoDecline { .. } => self.decline_undo(),
            Event::AllowEstimate { color, allow } => {
                self.estimate_allowed[Color::from(*color).index()] = *allow;
                Ok(())
            }
            // Kept by `apply`, which knows its step.
            Event::Chat { .. } => Ok(()),
            Event::ScoringTimeout => {
                let settlement = self.settling()?;
                for c in [Color::Black, Color::White] {
                    settlement.accept(c).map_err(|e| e.to_string())?;
                }
                Ok(())
            }
        }
    }

    /// Takes (or renames) a seat; a join with a token exchanges the seat's invitation for
    /// that secret.
    fn take_seat(&mut self, c: Color, name: &str, token: Option<&str>) {
        let i = c.index();
        if self.joined[i] && self.names[i] != name {
            self.renames[i] += 1;
        }
        self.joined[i] = true;
        self.names[i] = name.to_string();
        match token {
            Some(t) => {
                self.tokens[i] = t.to_string();
                if let Some(inv) = &mut self.invitations[i] {
                    inv.spent = true;
                }
            }
            None => {
                // Logs written before invitations were exchanged: the link's token went on
                // acting for the seat.
                if self.tokens[i].is_empty() {
                    if let Some(inv) = self.invitations[i].take() {
                        self.tokens[i] = inv.token;
                    }
                }
            }
        }
    }

    /// The scoring phase ran out with the marks not accepted by both: the server's own
    /// proposal stands, whatever the marks were last changed to.
    fn settle_by_proposal(&mut self) -> Result<(), String> {
        let proposal = self.proposal.clone();
        let settlement = self.settling()?;
        settlement.propose(&proposal).map_err(|e| e.to_string())?;
        for c in [Color::Black, Color::White] {
            settlement.accept(c).map_err(|e| e.to_string())?;
        }
        self.notice = Some(Notice::ScoringDeadline {
            dead: proposal.len(),
        });
        Ok(())
    }

    /// The server was down from `from` (its last sign of life) to `to` (its restart):
    /// every running time starts again as it stood at `from`.
    fn credit_downtime(&mut self, from: Millis, to: Millis) {
        if to <= from {
            return;
        }
        // A time that began before the last sign of life moves on by the whole downtime;
        // one that began after it (in the last second before the crash) starts again at
        // the restart.
        let shift = |t: Millis| if t >= from { to } else { t + (to - from) };
        self.turn_started = self.turn_started.map(shift);
        self.scoring_started = self.scoring_started.map(shift);
        self.marks_changed_at = self.marks_changed_at.map(shift);
        self.downtime_until = self.downtime_until.max(to);
        self.notice = Some(Notice::Downtime { ms: to - from });
    }

    fn apply_move(&mut self, color: Color, point: &str, at: Millis) -> Result<(), String> {
        let mv = Move::from_gtp(point, self.size()).ok_or("bad point")?;
        let phase = self.phase();
        match &mut self.settlement {
            Some(s) => s.play(color, mv).map(|_| ()),
            None => self.game.play_as(color, mv).map(|_| ()),
        }
        .map_err(|e| e.to_string())?;
        if phase.is_clocked() {
            let used = self.turn_started.map_or(Duration::ZERO, |s| elapsed(s, at));
            // The decision was made in time; the clock only charges it.
            let _ = self.clock.spend(color, used);
        }
        // The times and clocks of the record are those of the game's own moves, not of
        // confirmation play.
        if phase == PhaseName::Playing {
            let used = self.turn_started.map_or(Duration::ZERO, |s| elapsed(s, at));
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
    /// player to move starts when a clocked phase (placing the handicap, playing,
    /// confirmation play) starts or resumes and after every move; it stops in every other
    /// phase. The marks' version and time move on whenever they change.
    fn after_event(&mut self, before: PhaseName, after: PhaseName, moved: bool, at: Millis) {
        self.turn_started = match after {
            p if p.is_clocked() && (before != after || moved) => Some(at),
            p if p.is_clocked() => self.turn_started,
            _ => None,
        };
        let marks = self.marks().cloned();
        if after == PhaseName::Scoring && before != PhaseName::Scoring {
            self.scoring_started = Some(at);
            self.proposed = false;
            self.proposal.clear();
            self.marks_seq = self.seq;
            self.marks_changed_at = None;
        } else if marks.is_some() && marks != self.last_marks {
            self.marks_seq = self.seq;
            self.marks_changed_at = Some(at);
        }
        if after != PhaseName::Scoring {
            self.scoring_started = None;
            self.marks_changed_at = None;
        }
        self.last_marks = marks;
    }
}

/// The seats' secrets and invitations from the tokens stored with a game: the creator's
/// seat has its secret from the start; the other seat, a person's, an invitation.
fn seats_and_invitations(
    settings: &Settings,
    stored: [String; 2],
) -> ([String; 2], [Option<Invitation>; 2]) {
    let creator = color_from_name(&settings.creator).unwrap_or(Color::Black);
    let mut tokens = stored;
    let mut invitations = [None, None];
    let invited = creator.opponent();
    let i = invited.index();
    if !tokens[i].is_empty() {
        invitations[i] = Some(Invitation {
            token: std::mem::take(&mut tokens[i]),
            spent: false,
        });
    }
    (tokens, invitations)
}

/// A duration in whole milliseconds.
pub fn millis(d: Duration) -> i64 {
    i64::try_from(d.as_millis()).unwrap_or(i64::MAX)
}

/// The time from `start` to `end`, zero if the clock went backwards.
pub fn elapsed(start: Millis, end: Millis) -> Duration {
    Duration::from_millis(u64::try_from(end.saturating_sub(start)).unwrap_or(0))
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::settings::CreateRequest;

    /// A 9x9 game without time, both seats taken at t = 1000 (events 1 and 2).
    pub(crate) fn started() -> LiveGame {
        started_with(None)
    }

    /// A 9x9 game with ten minutes each, both seats taken at t = 1000.
    fn timed_game() -> LiveGame {
        started_with(Some("absolute:600"))
    }

    /// A 9x9 game with the clock `time`, both seats taken at t = 1000 (events 1 and 2).
    fn started_with(time: Option<&str>) -> LiveGame {
        let settings = CreateRequest {
            size: Some(9),
            time: time.map(String::from),
            ..Default::default()
        }
        .check(true)
        .unwrap();
        let mut g = LiveGame::new("g".into(), settings, ["b".into(), "w".into()], 0);
        for (seq, color) in [(1, Side::Black), (2, Side::White)] {
            let join = Event::Join {
                color,
                name: String::new(),
                token: None,
            };
            g.apply(seq, &join, 1000).unwrap();
        }
        g
    }

    /// Black's turn began at 1000; the server's last sign of life was at 5000 and it came
    /// back at 65000: Black's time starts again as it stood at 5000 (4 s used), and the
    /// same downtime is not credited twice.
    #[test]
    fn a_downtime_moves_the_running_turn_on_by_its_length() {
        let mut g = timed_game();
        assert_eq!(g.turn_started, Some(1000));
        assert!(g.owes_downtime(5000));
        g.apply(
            3,
            &Event::Downtime {
                from: 5000,
                to: 65000,
            },
            65000,
        )
        .unwrap();
        assert_eq!(g.turn_started, Some(61000));
        assert_eq!(g.notice, Some(Notice::Downtime { ms: 60000 }));
        assert!(!g.owes_downtime(5000));
        assert!(g.owes_downtime(70000));
        // Black moves at 66000: 5 s of thinking are charged, not 65.
        let play = Event::Play {
            color: Side::Black,
            point: "E5".into(),
        };
        g.apply(4, &play, 66000).unwrap();
        assert_eq!(g.move_times, [5000]);
    }

    /// A move after the last sign of life (the crash came within the second after it):
    /// the downtime is still credited, and the turn starts again at the restart.
    #[test]
    fn a_turn_begun_after_the_last_sign_of_life_starts_again_at_the_restart() {
        let mut g = timed_game();
        let play = Event::Play {
            color: Side::Black,
            point: "E5".into(),
        };
        g.apply(3, &play, 5500).unwrap();
        assert!(
            g.owes_downtime(5000),
            "the last event came after the sign of life"
        );
        g.apply(
            4,
            &Event::Downtime {
                from: 5000,
                to: 65000,
            },
            65000,
        )
        .unwrap();
        assert_eq!(g.turn_started, Some(65000));
    }

    /// An invitation is not a secret until a join exchanges it; then it is spent, and the
    /// seat acts with the join's token.
    #[test]
    fn an_invitation_becomes_spent_when_a_join_exchanges_it() {
        let settings = CreateRequest::default().check(true).unwrap();
        let mut g = LiveGame::new("g".into(), settings, ["b".into(), "inv".into()], 0);
        assert_eq!(g.holder("b"), Some(Holder::Seat(Color::Black)));
        assert_eq!(g.holder("inv"), Some(Holder::Invitation(Color::White)));
        assert_eq!(g.holder("other"), None);
        let join = g
            .decide(&Action::Join { name: None }, Color::White, Some("fresh"), 5)
            .unwrap()
            .unwrap();
        g.apply(1, &join, 10).unwrap();
        assert_eq!(g.holder("fresh"), Some(Holder::Seat(Color::White)));
        assert_eq!(g.holder("inv"), Some(Holder::SpentInvitation(Color::White)));
    }
}
