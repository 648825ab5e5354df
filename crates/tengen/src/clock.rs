//! Clocks (docs/rules.md §7): time controls as pure values stepped with elapsed times.
//!
//! As in lichess's scalachess `Clock`, there is no wall clock in here: whoever runs the game
//! (a server, a GTP referee) measures how long a player thought and tells the [`Clock`]. A
//! clock only moves when it is told to, so pausing, adjournment and the scoring phase are
//! simply times when nobody calls it.
//!
//! ```
//! use std::time::Duration;
//! use tengen::clock::{Clock, TimeControl};
//! use tengen::Color;
//!
//! // 10 minutes, then 5 periods of 30 seconds.
//! let mut clock = Clock::new(TimeControl::byo_yomi(600, 5, 30));
//! clock.spend(Color::Black, Duration::from_secs(590)).unwrap();
//! // Black may think 10 s of main time plus 5 periods: 160 s in all.
//! assert_eq!(clock.flag_at(Color::Black), Some(Duration::from_secs(160)));
//! clock.spend(Color::Black, Duration::from_secs(45)).unwrap(); // 35 s into byo-yomi
//! let left = clock.remaining(Color::Black, Duration::ZERO);
//! assert_eq!((left.period, left.periods_left), (2, Some(4))); // one period used up
//! assert!(clock.spend(Color::Black, Duration::from_secs(121)).is_err()); // 4 x 30 s < 121 s
//! ```
//!
//! # Units and boundaries
//!
//! Times are [`std::time::Duration`]s: exact to the nanosecond, never negative, what
//! `Instant::elapsed` gives a server. The clock never rounds; rounding happens only where
//! text demands whole seconds (GTP's integers are rounded down, SGF's reals keep
//! milliseconds).
//!
//! A move made after *exactly* the time a player has left is in time: byo-yomi's "within the
//! period" includes its last instant. [`Clock::flag_at`] is therefore the longest a player may
//! think: [`Clock::spend`] fails exactly when the elapsed time is *greater*. A server can
//! schedule the loss on time at `turn start + flag_at` (checking `elapsed > flag_at` when the
//! timer fires) instead of polling.
//!
//! When main time is used up exactly by a move, that move was made in main time and the
//! overtime starts with the player's next turn: the first byo-yomi period, or the first
//! Canadian period with all its stones to play.
//!
//! # Text forms
//!
//! The clock reads no text (the engine never parses text). Each text form lives in the crate
//! whose text it is: GTP's `time_settings`, `time_left` and kgsGtp's `kgs-time_settings` in
//! `tengen_gtp::time_settings`; SGF's `TM`, `OT`, `BL`/`WL` and `OB`/`OW` in
//! `tengen_sgf::time`; the command-line and server spec (`byoyomi:600+5x30`) in
//! `tengen_sgf::time_spec`. [`Clock::set_time_left`] is what they all set the clock with.

use crate::color::Color;
use std::error::Error;
use std::fmt;
use std::time::Duration;

/// A time control: how much time each player has, and how it comes back (docs/rules.md §7).
///
/// The same control applies to both players. The numbers are public so that a server can
/// build any control; a byo-yomi control without periods (or with empty ones) and a Canadian
/// one without stones (or with an empty period) have no overtime and behave as
/// [`TimeControl::Absolute`] (see [`TimeControl::normalized`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TimeControl {
    /// No time limit: the clock counts time used but never flags (docs/rules.md §7).
    None,
    /// `absolute T`: T for the whole game; whoever uses it up loses (docs/rules.md §7).
    Absolute {
        /// T, each player's time for the game.
        main: Duration,
    },
    /// `byo-yomi T, n x p`: main time T, then n periods of p. A move made within the period
    /// keeps the period; overrunning it uses the period up and starts the next; overrunning
    /// the last one loses the game (docs/rules.md §7).
    ByoYomi {
        /// T, the main time.
        main: Duration,
        /// n, the number of periods.
        periods: u32,
        /// p, the length of a period.
        period: Duration,
    },
    /// `canadian T, p / s`: main time T, then p for every s stones. After s moves a new
    /// period starts with a fresh p, and unused time is lost; running out of p before the s
    /// stones are played loses the game (docs/rules.md §7).
    Canadian {
        /// T, the main time.
        main: Duration,
        /// s, the stones to play in each period.
        stones: u32,
        /// p, the time for the stones of a period.
        period: Duration,
    },
    /// `fischer T + i (cap C)`: T to start, i added after each move, never above C; whoever
    /// runs out loses (docs/rules.md §7). The cap never takes away time a player already has: the
    /// increment only fills up to it (and a T above C is kept until it is spent below C).
    Fischer {
        /// T, the starting time.
        main: Duration,
        /// i, added after each move.
        increment: Duration,
        /// C, the most a player may have after the increment, if any.
        cap: Option<Duration>,
    },
}

/// Whole seconds as a duration, for building controls concisely.
const fn secs(s: u64) -> Duration {
    Duration::from_secs(s)
}

impl TimeControl {
    /// `absolute T` with T in seconds.
    pub const fn absolute(main_secs: u64) -> TimeControl {
        TimeControl::Absolute {
            main: secs(main_secs),
        }
    }

    /// `byo-yomi T, n x p` with T and p in seconds.
    pub const fn byo_yomi(main_secs: u64, periods: u32, period_secs: u64) -> TimeControl {
        TimeControl::ByoYomi {
            main: secs(main_secs),
            periods,
            period: secs(period_secs),
        }
    }

    /// `canadian T, p / s` with T and p in seconds.
    pub const fn canadian(main_secs: u64, stones: u32, period_secs: u64) -> TimeControl {
        TimeControl::Canadian {
            main: secs(main_secs),
            stones,
            period: secs(period_secs),
        }
    }

    /// `fischer T + i (cap C)` with every time in seconds.
    pub const fn fischer(
        main_secs: u64,
        increment_secs: u64,
        cap_secs: Option<u64>,
    ) -> TimeControl {
        TimeControl::Fischer {
            main: secs(main_secs),
            increment: secs(increment_secs),
            cap: match cap_secs {
                Some(c) => Some(secs(c)),
                None => None,
            },
        }
    }

    /// The main time T (the starting time under Fischer; zero without a limit).
    pub fn main(&self) -> Duration {
        match *self {
            TimeControl::None => Duration::ZERO,
            TimeControl::Absolute { main }
            | TimeControl::ByoYomi { main, .. }
            | TimeControl::Canadian { main, .. }
            | TimeControl::Fischer { main, .. } => main,
        }
    }

    /// Whether there is a time limit at all.
    pub fn is_limited(&self) -> bool {
        !matches!(self, TimeControl::None)
    }

    /// The same control with degenerate overtime replaced by what it means: byo-yomi without
    /// periods or with empty periods, and Canadian overtime without stones or with an empty
    /// period, are absolute time. [`Clock::new`] uses this.
    pub fn normalized(self) -> TimeControl {
        match self {
            TimeControl::ByoYomi {
                main,
                periods,
                period,
            } if periods == 0 || period.is_zero() => TimeControl::Absolute { main },
            TimeControl::Canadian {
                main,
                stones,
                period,
            } if stones == 0 || period.is_zero() => TimeControl::Absolute { main },
            other => other,
        }
    }
}

/// A player out of time: what [`Clock::spend`] and [`Clock::check_time`] report. The game
/// is then lost on time ([`crate::Game::lose_on_time`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Flag {
    /// Who ran out of time.
    pub color: Color,
    /// The longest the player could have thought ([`Clock::flag_at`] at the start of the
    /// turn; zero for a player already out of time).
    pub allowed: Duration,
    /// How long the player thought.
    pub elapsed: Duration,
}

impl fmt::Display for Flag {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} ran out of time ({}s used, {}s allowed)",
            self.color,
            seconds_to_string(self.elapsed),
            seconds_to_string(self.allowed)
        )
    }
}

impl Error for Flag {}

/// What remains on one player's clock at some instant: the report for displays, GTP
/// `time_left` and SGF `BL`/`WL`/`OB`/`OW`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Remaining {
    /// Main time left (absolute: the time left; Fischer: the time left, increments
    /// included). Zero in overtime.
    pub main: Duration,
    /// Zero in main time; in overtime, the number of the current period, from 1 (byo-yomi:
    /// the k-th of n; Canadian: periods begun so far).
    pub period: u32,
    /// Time left in the current overtime period: byo-yomi, for this move; Canadian, for the
    /// stones still to play in it. Zero in main time.
    pub period_time: Duration,
    /// Byo-yomi: the periods left, the current one included (all n in main time). `None`
    /// under other systems.
    pub periods_left: Option<u32>,
    /// Canadian: the stones still to play in the current period (all s in main time). `None`
    /// under other systems.
    pub stones_left: Option<u32>,
    /// Out of time.
    pub flagged: bool,
}

impl Remaining {
    /// In byo-yomi or a Canadian period, main time being over.
    pub fn in_overtime(&self) -> bool {
        self.period > 0
    }
}

/// One player's side of the clock.
///
/// In main time (`period == 0`) `period_left`, `periods_left` and `stones_left` hold what the
/// first overtime period will bring, so that entering overtime only sets `period` to 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Side {
    main: Duration,
    period: u32,
    period_left: Duration,
    periods_left: u32,
    stones_left: u32,
    flagged: bool,
    used: Duration,
    moves: u32,
}

impl Side {
    fn fresh(control: &TimeControl) -> Side {
        let mut side = Side {
            main: control.main(),
            period: 0,
            period_left: Duration::ZERO,
            periods_left: 0,
            stones_left: 0,
            flagged: false,
            used: Duration::ZERO,
            moves: 0,
        };
        side.reset_overtime(control);
        side
    }

    /// Back to main time (or straight into overtime without main time), keeping the
    /// statistics.
    fn reset_overtime(&mut self, control: &TimeControl) {
        self.period = 0;
        match *control {
            TimeControl::ByoYomi {
                periods, period, ..
            } => {
                self.periods_left = periods;
                self.period_left = period;
            }
            TimeControl::Canadian { stones, period, .. } => {
                self.stones_left = stones;
                self.period_left = period;
            }
            _ => {}
        }
        if self.main.is_zero() && has_overtime(control) {
            self.period = 1;
        }
    }

    /// The longest this player may think now ([`Clock::flag_at`]).
    fn allowed(&self, control: &TimeControl) -> Option<Duration> {
        if self.flagged {
            return control.is_limited().then_some(Duration::ZERO);
        }
        match *control {
            TimeControl::None => None,
            TimeControl::Absolute { .. } | TimeControl::Fischer { .. } => Some(self.main),
            TimeControl::ByoYomi { period, .. } => Some(
                self.main.saturating_add(self.period_left).saturating_add(
                    period
                        .checked_mul(self.periods_left.saturating_sub(1))
                        .unwrap_or(Duration::MAX),
                ),
            ),
            TimeControl::Canadian { .. } => Some(self.main.saturating_add(self.period_left)),
        }
    }

    /// The clock `elapsed` into the turn, before any move: `Err` if the player is out of time
    /// by then.
    fn advance(mut self, control: &TimeControl, elapsed: Duration) -> Result<Side, ()> {
        if self.flagged {
            return if control.is_limited() {
                Err(())
            } else {
                Ok(self)
            };
        }
        let mut rest = elapsed;
        match *control {
            TimeControl::None => {}
            TimeControl::Absolute { .. } | TimeControl::Fischer { .. } => {
                self.main = self.main.checked_sub(rest).ok_or(())?;
            }
            TimeControl::ByoYomi { period, .. } => {
                let Some(over) = self.spend_main_time(rest) else {
                    return Ok(self);
                };
                rest = over;
                if rest <= self.period_left {
                    self.period_left -= rest;
                    return Ok(self);
                }
                // The current period is used up; `rest` runs on into the next ones.
                rest -= self.period_left;
                self.periods_left = self.periods_left.checked_sub(1).ok_or(())?;
                if self.periods_left == 0 {
                    return Err(());
                }
                // Full periods overrun after that one: rest in (k p, (k+1) p] uses up k more.
                let k = (rest.as_nanos() - 1) / period.as_nanos();
                if k >= u128::from(self.periods_left) {
                    return Err(());
                }
                let k = k as u32; // < periods_left, a u32
                self.periods_left -= k;
                self.period += 1 + k;
                self.period_left = period - (rest - period * k);
            }
            TimeControl::Canadian { .. } => {
                let Some(over) = self.spend_main_time(rest) else {
                    return Ok(self);
                };
                rest = over;
                self.period_left = self.period_left.checked_sub(rest).ok_or(())?;
            }
        }
        Ok(self)
    }

    /// Byo-yomi and Canadian overtime: charges `elapsed` to the main time. `None` if it
    /// fits there (the overtime starts next turn when it is used up exactly); otherwise
    /// the time that runs on into the first overtime period, which has begun. In overtime
    /// already, all of `elapsed` runs on.
    fn spend_main_time(&mut self, elapsed: Duration) -> Option<Duration> {
        if self.period > 0 {
            return Some(elapsed);
        }
        if elapsed <= self.main {
            self.main -= elapsed;
            if self.main.is_zero() {
                self.period = 1;
            }
            return None;
        }
        let over = elapsed - self.main;
        self.main = Duration::ZERO;
        self.period = 1;
        Some(over)
    }

    /// Out of time, after thinking `elapsed`.
    fn flag(&mut self, elapsed: Duration) {
        self.flagged = true;
        self.main = Duration::ZERO;
        self.period_left = Duration::ZERO;
        self.periods_left = 0;
        self.stones_left = 0;
        self.used = self.used.saturating_add(elapsed);
    }

    fn report(&self, control: &TimeControl) -> Remaining {
        Remaining {
            main: self.main,
            period: self.period,
            period_time: if self.period > 0 {
                self.period_left
            } else {
                Duration::ZERO
            },
            periods_left: matches!(control, TimeControl::ByoYomi { .. })
                .then_some(self.periods_left),
            stones_left: matches!(control, TimeControl::Canadian { .. })
                .then_some(self.stones_left),
            flagged: self.flagged,
        }
    }
}

fn has_overtime(control: &TimeControl) -> bool {
    matches!(
        control,
        TimeControl::ByoYomi { .. } | TimeControl::Canadian { .. }
    )
}

/// Both players' clocks under one [`TimeControl`]: a value stepped with elapsed times.
///
/// The caller measures time. For each turn: [`Clock::flag_at`] says how long the player may
/// think (a server sets its timer to it), and when the move comes after `elapsed`,
/// [`Clock::spend`] charges it and applies the overtime and increment rules. A pass is a move;
/// setup, handicap placement, pauses and the scoring phase are not, and are simply not told
/// to the clock. The clock does not know whose turn it is; it is `Copy`, so keeping one per
/// move (for undo, or records) is cheap.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clock {
    control: TimeControl,
    sides: [Side; 2],
}

impl Clock {
    /// Both players at the start of the game under `control` (normalized, see
    /// [`TimeControl::normalized`]).
    pub fn new(control: TimeControl) -> Clock {
        let control = control.normalized();
        let side = Side::fresh(&control);
        Clock {
            control,
            sides: [side, side],
        }
    }

    /// The time control (normalized).
    pub fn control(&self) -> &TimeControl {
        &self.control
    }

    /// `color` made a move after thinking `elapsed`: charges the time, then keeps or uses up
    /// byo-yomi periods, counts the stone of a Canadian period (a new period after the last
    /// one), or adds the Fischer increment. `Err` if the move came too late, that is if
    /// `elapsed` is greater than [`Clock::flag_at`]: the player is then out of time for good
    /// (every later call fails too) and loses the game.
    pub fn spend(&mut self, color: Color, elapsed: Duration) -> Result<(), Flag> {
        let control = self.control;
        let before = self.sides[color.index()];
        let mut side = match before.advance(&control, elapsed) {
            Ok(side) => side,
            Err(()) => return Err(self.flag(color, elapsed)),
        };
        match control {
            TimeControl::ByoYomi { period, .. } => {
                if side.period > 0 {
                    side.period_left = period;
                }
            }
            TimeControl::Canadian { stones, period, .. } => {
                let in_main_time = before.period == 0 && elapsed <= before.main;
                if !in_main_time {
                    side.stones_left = side.stones_left.saturating_sub(1);
                    if side.stones_left == 0 {
                        side.period += 1;
                        side.stones_left = stones;
                        side.period_left = period;
                    }
                }
            }
            TimeControl::Fischer { increment, cap, .. } => {
                let with_increment = side.main.saturating_add(increment);
                side.main = match cap {
                    Some(c) if with_increment > c => c.max(side.main),
                    _ => with_increment,
                };
            }
            TimeControl::None | TimeControl::Absolute { .. } => {}
        }
        side.used = side.used.saturating_add(elapsed);
        side.moves += 1;
        self.sides[color.index()] = side;
        Ok(())
    }

    /// `color` has been thinking for `elapsed` without moving yet (a server's timer fired):
    /// if that is past [`Clock::flag_at`], the player is out of time (as with
    /// [`Clock::spend`]); otherwise nothing changes.
    pub fn check_time(&mut self, color: Color, elapsed: Duration) -> Result<(), Flag> {
        match self.sides[color.index()].advance(&self.control, elapsed) {
            Ok(_) => Ok(()),
            Err(()) => Err(self.flag(color, elapsed)),
        }
    }

    fn flag(&mut self, color: Color, elapsed: Duration) -> Flag {
        let side = &mut self.sides[color.index()];
        let allowed = side.allowed(&self.control).unwrap_or(Duration::MAX);
        side.flag(elapsed);
        Flag {
            color,
            allowed,
            elapsed,
        }
    }

    /// The longest `color` may think on this turn, counted from its start: a move after
    /// exactly this long is in time, any longer loses. `None` without a time limit; zero for
    /// a player already out of time (who loses whatever the time).
    pub fn flag_at(&self, color: Color) -> Option<Duration> {
        self.sides[color.index()].allowed(&self.control)
    }

    /// What `color`'s clock shows `elapsed` into the turn, before moving (with `elapsed`
    /// zero: between turns). Nothing changes.
    pub fn remaining(&self, color: Color, elapsed: Duration) -> Remaining {
        let side = self.sides[color.index()];
        match side.advance(&self.control, elapsed) {
            Ok(s) => s.report(&self.control),
            Err(()) => {
                let mut s = side;
                s.flag(elapsed);
                s.report(&self.control)
            }
        }
    }

    /// Whether `color` is out of time.
    pub fn is_flagged(&self, color: Color) -> bool {
        self.sides[color.index()].flagged
    }

    /// The time `color` has spent on moves so far (also without a time limit).
    pub fn used(&self, color: Color) -> Duration {
        self.sides[color.index()].used
    }

    /// The moves `color` has made in time so far.
    pub fn moves(&self, color: Color) -> u32 {
        self.sides[color.index()].moves
    }

    /// Sets `color`'s clock between turns from what a controller or record reports: `time`
    /// left, and `overtime` = `None` in main time, or `Some(k)` in overtime with k periods
    /// left (byo-yomi, the current one included) or k stones left in the period (Canadian).
    /// Values beyond the control are clamped to it (k to 1..=n or 1..=s, the period time to
    /// p); overtime is ignored where the control has none. The player is no longer flagged.
    pub fn set_time_left(&mut self, color: Color, time: Duration, overtime: Option<u32>) {
        let control = self.control;
        let side = &mut self.sides[color.index()];
        side.flagged = false;
        match (control, overtime) {
            (TimeControl::None, _) => {}
            (TimeControl::Absolute { .. } | TimeControl::Fischer { .. }, _) | (_, None) => {
                side.main = time;
                side.reset_overtime(&control);
            }
            (
                TimeControl::ByoYomi {
                    periods, period, ..
                },
                Some(k),
            ) => {
                side.main = Duration::ZERO;
                side.periods_left = k.clamp(1, periods);
                side.period = periods - side.periods_left + 1;
                side.period_left = time.min(period);
            }
            (TimeControl::Canadian { stones, period, .. }, Some(k)) => {
                side.main = Duration::ZERO;
                side.stones_left = k.clamp(1, stones);
                side.period = side.period.max(1);
                side.period_left = time.min(period);
            }
        }
    }

    /// `color`'s clock in words: `540s main time, then 5x30s`, `byo-yomi period 2 of 5, 30s`,
    /// `Canadian period 3: 12 stones in 250s`, `out of time`...
    pub fn describe(&self, color: Color) -> String {
        let r = self.remaining(color, Duration::ZERO);
        let s = seconds_to_string;
        if r.flagged {
            return "out of time".into();
        }
        match self.control {
            TimeControl::None => "no time limit".into(),
            TimeControl::Absolute { .. } => format!("{}s left", s(r.main)),
            TimeControl::Fischer { increment, .. } => {
                format!("{}s left, +{}s a move", s(r.main), s(increment))
            }
            TimeControl::ByoYomi {
                periods, period, ..
            } => {
                if r.in_overtime() {
                    format!(
                        "byo-yomi period {} of {periods}, {}s",
                        r.period,
                        s(r.period_time)
                    )
                } else {
                    format!("{}s main time, then {periods}x{}s", s(r.main), s(period))
                }
            }
            TimeControl::Canadian { stones, period, .. } => {
                if r.in_overtime() {
                    format!(
                        "Canadian period {}: {} stones in {}s",
                        r.period,
                        r.stones_left.unwrap_or(0),
                        s(r.period_time)
                    )
                } else {
                    format!(
                        "{}s main time, then {stones} stones in {}s",
                        s(r.main),
                        s(period)
                    )
                }
            }
        }
    }
}

/// Seconds as text: whole seconds, then the fraction without trailing zeros (`600`, `0.5`,
/// `28.471`); exact to the nanosecond. The text crates read it back (`tengen_sgf::time`'s
/// `seconds_from_str`) and write their formats with it.
pub fn seconds_to_string(d: Duration) -> String {
    let nanos = d.subsec_nanos();
    if nanos == 0 {
        d.as_secs().to_string()
    } else {
        let fraction = format!("{nanos:09}");
        format!("{}.{}", d.as_secs(), fraction.trim_end_matches('0'))
    }
}
