//! Clocks (RULES.md §7): time controls as pure values stepped with elapsed times.
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
//! let mut clock = Clock::new("byoyomi:600+5x30".parse::<TimeControl>().unwrap());
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
//! - The command-line spec ([`TimeControl`]'s `Display`/`FromStr`): `none`, `absolute:1800`,
//!   `byoyomi:600+5x30` (5 periods of 30 s), `canadian:600+25/300` (25 stones in 300 s, the
//!   order of SGF's `25/300 Canadian`), `fischer:300+10`, `fischer:300+10max600`. Times are
//!   seconds, decimals allowed, or a number with the unit `s`, `m` or `h` (`10m`, `1.5h`).
//! - GTP (GTP v2 §4.2 and §6.3): `time_settings main byo stones` is Canadian, where byo = 0
//!   means absolute and byo > 0 with stones = 0 means no limit
//!   ([`TimeControl::from_gtp_time_settings`]); kgsGtp's `kgs-time_settings` names the system
//!   ([`TimeControl::from_kgs_time_settings`]). `time_left color time stones`: stones = 0
//!   while in main time; in Canadian overtime, the stones left in the period and the time left
//!   for them; in byo-yomi, **stones is the number of periods left** (the current one
//!   included) and time the time left in the current period. That last one is KGS's
//!   convention; KataGo ("Hack for KGS byo-yomi - interpret num stones as periods") and Leela
//!   Zero ("KGS extension") read it the same way. GoGui only knows Canadian overtime. Like
//!   Pachi and Leela Zero, `time 0 stones 0` under byo-yomi or Canadian overtime means that
//!   main time has just run out.
//! - SGF (FF\[4\]): `TM` is the main time in seconds; `OT` the overtime as free text, written
//!   as KGS/CGoban writes it (`5x30 byo-yomi`, `25/600 Canadian`) and `10 Fischer` for
//!   increments (the spelling OGS reads), read leniently (also `10 moves / 5 min` from
//!   SmartGo and GoGui, `30 sec/move byo-yomi`, `fischer 10`, `Japanese: 5 * 30 secs`).
//!   `BL`/`WL` are the time left after the move (the current period's time in overtime) and
//!   `OB`/`OW` the periods left (byo-yomi, as KGS and OGS) or stones left (Canadian, as the
//!   FF\[4\] definition), written only in overtime, as GoGui does.

use crate::color::Color;
use std::error::Error;
use std::fmt;
use std::str::FromStr;
use std::time::Duration;

/// A time control: how much time each player has, and how it comes back (RULES.md §7).
///
/// The same control applies to both players. The numbers are public so that a server can
/// build any control; a byo-yomi control without periods (or with empty ones) and a Canadian
/// one without stones (or with an empty period) have no overtime and behave as
/// [`TimeControl::Absolute`] (see [`TimeControl::normalized`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TimeControl {
    /// No time limit: the clock counts time used but never flags (RULES.md §7).
    None,
    /// `absolute T`: T for the whole game; whoever uses it up loses (RULES.md §7).
    Absolute {
        /// T, each player's time for the game.
        main: Duration,
    },
    /// `byo-yomi T, n x p`: main time T, then n periods of p. A move made within the period
    /// keeps the period; overrunning it uses the period up and starts the next; overrunning
    /// the last one loses the game (RULES.md §7).
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
    /// stones are played loses the game (RULES.md §7).
    Canadian {
        /// T, the main time.
        main: Duration,
        /// s, the stones to play in each period.
        stones: u32,
        /// p, the time for the stones of a period.
        period: Duration,
    },
    /// `fischer T + i (cap C)`: T to start, i added after each move, never above C; whoever
    /// runs out loses (RULES.md §7). The cap never takes away time a player already has: the
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

    /// What GTP's `time_settings main_time byo_yomi_time byo_yomi_stones` means (GTP v2
    /// §4.2, RULES.md §7): Canadian overtime, where `byo_yomi_time` = 0 means absolute time
    /// and `byo_yomi_time` > 0 with `byo_yomi_stones` = 0 means no time limit.
    pub fn from_gtp_time_settings(main: Duration, byo_yomi: Duration, stones: u32) -> TimeControl {
        if byo_yomi.is_zero() {
            TimeControl::Absolute { main }
        } else if stones == 0 {
            TimeControl::None
        } else {
            TimeControl::Canadian {
                main,
                stones,
                period: byo_yomi,
            }
        }
    }

    /// The arguments of GTP's `time_settings` for this control (`"600 30 25"`), as near as
    /// that Canadian-only command can say it: exact for no limit (`0 1 0`, GoGui's form),
    /// absolute, Canadian and byo-yomi with one period. Byo-yomi with several periods is sent
    /// as one period per stone (`T p 1`, what kgsGtp sends engines without
    /// `kgs-time_settings`) and Fischer as absolute `T`: an engine that believes them plans
    /// with less time than it has, never more.
    pub fn gtp_time_settings(&self) -> String {
        match *self {
            TimeControl::None => "0 1 0".into(),
            TimeControl::Absolute { main } | TimeControl::Fischer { main, .. } => {
                format!("{} 0 0", seconds_to_string(main))
            }
            TimeControl::ByoYomi { main, period, .. } => {
                format!(
                    "{} {} 1",
                    seconds_to_string(main),
                    seconds_to_string(period)
                )
            }
            TimeControl::Canadian {
                main,
                stones,
                period,
            } => format!(
                "{} {} {stones}",
                seconds_to_string(main),
                seconds_to_string(period)
            ),
        }
    }

    /// Reads the arguments of kgsGtp's `kgs-time_settings`: `none`, `absolute MAIN`,
    /// `byoyomi MAIN PERIOD_TIME PERIODS` or `canadian MAIN PERIOD_TIME STONES`, times in
    /// seconds. Canadian values mean what they mean in `time_settings`; byo-yomi without
    /// periods is absolute time.
    pub fn from_kgs_time_settings(args: &str) -> Result<TimeControl, ParseTimeControlError> {
        let words: Vec<&str> = args.split_whitespace().collect();
        let usage = |form: &str| {
            ParseTimeControlError(format!(
                "expected `kgs-time_settings {form}`, not {:?}",
                words.join(" ")
            ))
        };
        let time = |s: &str| {
            seconds_from_str(s)
                .ok_or_else(|| ParseTimeControlError(format!("{s:?} is not a number of seconds")))
        };
        let count = |s: &str| {
            s.parse::<u32>()
                .map_err(|_| ParseTimeControlError(format!("{s:?} is not a non-negative integer")))
        };
        let system = words.first().map(|w| w.to_ascii_lowercase());
        match (system.as_deref(), &words[1.min(words.len())..]) {
            (Some("none"), []) => Ok(TimeControl::None),
            (Some("none"), _) => Err(usage("none")),
            (Some("absolute"), [main]) => Ok(TimeControl::Absolute { main: time(main)? }),
            (Some("absolute"), _) => Err(usage("absolute MAIN")),
            (Some("byoyomi"), [main, period, periods]) => Ok(TimeControl::ByoYomi {
                main: time(main)?,
                periods: count(periods)?,
                period: time(period)?,
            }
            .normalized()),
            (Some("byoyomi"), _) => Err(usage("byoyomi MAIN PERIOD_TIME PERIODS")),
            (Some("canadian"), [main, period, stones]) => Ok(TimeControl::from_gtp_time_settings(
                time(main)?,
                time(period)?,
                count(stones)?,
            )),
            (Some("canadian"), _) => Err(usage("canadian MAIN PERIOD_TIME STONES")),
            (Some(other), _) => Err(ParseTimeControlError(format!(
                "unknown time system {other:?} (known: none, absolute, byoyomi, canadian)"
            ))),
            (None, _) => Err(usage("none|absolute|byoyomi|canadian ...")),
        }
    }

    /// The arguments of kgsGtp's `kgs-time_settings` for this control
    /// (`"byoyomi 600 30 5"`). KGS has no Fischer clock: it is sent as `absolute T`, which
    /// gives an engine less time than it has, never more.
    pub fn kgs_time_settings(&self) -> String {
        match *self {
            TimeControl::None => "none".into(),
            TimeControl::Absolute { main } | TimeControl::Fischer { main, .. } => {
                format!("absolute {}", seconds_to_string(main))
            }
            TimeControl::ByoYomi {
                main,
                periods,
                period,
            } => format!(
                "byoyomi {} {} {periods}",
                seconds_to_string(main),
                seconds_to_string(period)
            ),
            TimeControl::Canadian {
                main,
                stones,
                period,
            } => format!(
                "canadian {} {} {stones}",
                seconds_to_string(main),
                seconds_to_string(period)
            ),
        }
    }

    /// SGF `TM`, the main time in seconds (Fischer: the starting time); `None` without a
    /// time limit.
    pub fn to_sgf_tm(&self) -> Option<String> {
        self.is_limited().then(|| seconds_to_string(self.main()))
    }

    /// SGF `OT`, the overtime: `5x30 byo-yomi`, `25/600 Canadian`, `10 Fischer` or
    /// `10 Fischer max 600`; `None` for absolute time and no limit.
    pub fn to_sgf_ot(&self) -> Option<String> {
        match *self {
            TimeControl::None | TimeControl::Absolute { .. } => None,
            TimeControl::ByoYomi {
                periods, period, ..
            } => Some(format!("{periods}x{} byo-yomi", seconds_to_string(period))),
            TimeControl::Canadian { stones, period, .. } => {
                Some(format!("{stones}/{} Canadian", seconds_to_string(period)))
            }
            TimeControl::Fischer { increment, cap, .. } => Some(match cap {
                Some(c) => format!(
                    "{} Fischer max {}",
                    seconds_to_string(increment),
                    seconds_to_string(c)
                ),
                None => format!("{} Fischer", seconds_to_string(increment)),
            }),
        }
    }

    /// The control an SGF record states with `TM` and `OT`, or `None` when it states none or
    /// one this cannot read (an `OT` text of unknown form, a `TM` that is no time).
    ///
    /// `TM` alone is absolute time, except `TM[0]`, which would lose at the first move and is
    /// read as no time limit. `OT` without `TM` has no main time. `OT` texts meaning "no
    /// overtime" (`none`, `absolute`, `sudden death`, empty) add nothing to `TM`.
    pub fn from_sgf(tm: Option<&str>, ot: Option<&str>) -> Option<TimeControl> {
        let main = match tm {
            Some(text) => Some(parse_sgf_time(text)?),
            None => None,
        };
        let overtime = match ot.map(str::trim).filter(|t| !t.is_empty()) {
            Some(text) => parse_overtime(text)?,
            None => Overtime::None,
        };
        let main_or_zero = main.unwrap_or(Duration::ZERO);
        let control = match overtime {
            Overtime::None => match main {
                None => return None,
                Some(m) if m.is_zero() => TimeControl::None,
                Some(m) => TimeControl::Absolute { main: m },
            },
            Overtime::ByoYomi { periods, period } => TimeControl::ByoYomi {
                main: main_or_zero,
                periods,
                period,
            },
            Overtime::Canadian { stones, period } => TimeControl::Canadian {
                main: main_or_zero,
                stones,
                period,
            },
            Overtime::Fischer { increment, cap } => TimeControl::Fischer {
                main: main_or_zero,
                increment,
                cap,
            },
        };
        Some(control.normalized())
    }
}

/// The command-line spec: `none`, `absolute:1800`, `byoyomi:600+5x30`,
/// `canadian:600+25/300`, `fischer:300+10`, `fischer:300+10max600` (times in seconds).
impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = seconds_to_string;
        match *self {
            TimeControl::None => write!(f, "none"),
            TimeControl::Absolute { main } => write!(f, "absolute:{}", s(main)),
            TimeControl::ByoYomi {
                main,
                periods,
                period,
            } => write!(f, "byoyomi:{}+{periods}x{}", s(main), s(period)),
            TimeControl::Canadian {
                main,
                stones,
                period,
            } => write!(f, "canadian:{}+{stones}/{}", s(main), s(period)),
            TimeControl::Fischer {
                main,
                increment,
                cap,
            } => {
                write!(f, "fischer:{}+{}", s(main), s(increment))?;
                match cap {
                    Some(c) => write!(f, "max{}", s(c)),
                    None => Ok(()),
                }
            }
        }
    }
}

/// Why a time control could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseTimeControlError(String);

impl fmt::Display for ParseTimeControlError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl Error for ParseTimeControlError {}

/// The forms [`TimeControl::from_str`] accepts, for error messages.
const SPEC_FORMS: &str = "none, absolute:T, byoyomi:T+NxP, canadian:T+S/P, fischer:T+I or \
                          fischer:T+ImaxC; times in seconds or with a unit s, m or h";

/// Reads the command-line spec (the `Display` form); names in any case, `byo-yomi` and
/// `japanese` for `byoyomi`. Byo-yomi needs at least one period and Canadian overtime at
/// least one stone, both of positive length.
impl FromStr for TimeControl {
    type Err = ParseTimeControlError;

    fn from_str(input: &str) -> Result<TimeControl, ParseTimeControlError> {
        let bad = |why: &str| {
            ParseTimeControlError(format!(
                "invalid time control {input:?}: {why} (expected {SPEC_FORMS})"
            ))
        };
        let lower = input.trim().to_ascii_lowercase();
        let (name, rest) = match lower.split_once(':') {
            Some((n, r)) => (n.trim(), r.trim()),
            None => (lower.as_str(), ""),
        };
        let time = |s: &str, what: &str| {
            spec_time(s.trim()).ok_or_else(|| bad(&format!("{what} {:?} is not a time", s.trim())))
        };
        let count = |s: &str, what: &str| match s.trim().parse::<u32>() {
            Ok(n) if n > 0 => Ok(n),
            _ => Err(bad(&format!(
                "{what} must be a positive integer, not {:?}",
                s.trim()
            ))),
        };
        let positive = |d: Duration, what: &str| {
            if d.is_zero() {
                Err(bad(&format!("{what} must be longer than zero")))
            } else {
                Ok(d)
            }
        };
        let main_and_overtime = || {
            rest.split_once('+')
                .map(|(m, o)| (m.trim(), o.trim()))
                .ok_or_else(|| bad("expected the main time, `+` and the overtime"))
        };
        match name {
            "none" | "unlimited" if rest.is_empty() => Ok(TimeControl::None),
            "none" | "unlimited" => Err(bad("no time limit takes no value")),
            "absolute" | "sudden-death" => Ok(TimeControl::Absolute {
                main: time(rest, "the time")?,
            }),
            "byoyomi" | "byo-yomi" | "japanese" => {
                let (main, over) = main_and_overtime()?;
                let (n, p) = over
                    .split_once('x')
                    .ok_or_else(|| bad("byo-yomi is written NxP: N periods of P"))?;
                Ok(TimeControl::ByoYomi {
                    main: time(main, "the main time")?,
                    periods: count(n, "the number of periods")?,
                    period: positive(time(p, "the period")?, "the period")?,
                })
            }
            "canadian" => {
                let (main, over) = main_and_overtime()?;
                let (s, p) = over
                    .split_once('/')
                    .ok_or_else(|| bad("Canadian overtime is written S/P: S stones in P"))?;
                Ok(TimeControl::Canadian {
                    main: time(main, "the main time")?,
                    stones: count(s, "the number of stones")?,
                    period: positive(time(p, "the period")?, "the period")?,
                })
            }
            "fischer" => {
                let (main, over) = main_and_overtime()?;
                let (inc, cap) = match over.split_once("max") {
                    Some((i, c)) => (i, Some(time(c, "the cap")?)),
                    None => (over, None),
                };
                Ok(TimeControl::Fischer {
                    main: time(main, "the main time")?,
                    increment: time(inc, "the increment")?,
                    cap,
                })
            }
            _ => Err(bad("unknown time system")),
        }
    }
}

/// A time in the command-line spec: seconds (decimals allowed), or a number followed by `s`,
/// `m` or `h`.
fn spec_time(s: &str) -> Option<Duration> {
    let (number, unit) = match s.char_indices().find(|(_, c)| c.is_ascii_alphabetic()) {
        Some((i, _)) => (s[..i].trim(), Some(&s[i..])),
        None => (s, None),
    };
    let scale = match unit {
        None | Some("s") => 1,
        Some("m") => 60,
        Some("h") => 3600,
        Some(_) => return None,
    };
    seconds_from_str(number)?.checked_mul(scale)
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

    /// SGF `BL`/`WL`: the time left in seconds with at most three decimals (the current
    /// period's time in overtime).
    pub fn sgf_time_left(&self) -> String {
        let t = if self.in_overtime() {
            self.period_time
        } else {
            self.main
        };
        seconds_to_string(Duration::from_millis(
            u64::try_from(t.as_millis()).unwrap_or(u64::MAX),
        ))
    }

    /// SGF `OB`/`OW`, written only in overtime: byo-yomi periods left (as KGS and OGS),
    /// Canadian stones left in the period.
    pub fn sgf_overtime_left(&self) -> Option<u32> {
        if self.in_overtime() {
            self.periods_left.or(self.stones_left)
        } else {
            None
        }
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
                if self.period == 0 {
                    if rest <= self.main {
                        self.main -= rest;
                        if self.main.is_zero() {
                            self.period = 1;
                        }
                        return Ok(self);
                    }
                    rest -= self.main;
                    self.main = Duration::ZERO;
                    self.period = 1;
                }
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
                if self.period == 0 {
                    if rest <= self.main {
                        self.main -= rest;
                        if self.main.is_zero() {
                            self.period = 1;
                        }
                        return Ok(self);
                    }
                    rest -= self.main;
                    self.main = Duration::ZERO;
                    self.period = 1;
                }
                self.period_left = self.period_left.checked_sub(rest).ok_or(())?;
            }
        }
        Ok(self)
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

    /// GTP `time_left color time stones` (see the module documentation): stones = 0 is main
    /// time, except `0 0` under byo-yomi or Canadian overtime, which means that main time
    /// has just run out; otherwise stones are the periods left (byo-yomi, KGS's convention)
    /// or the stones left in the period (Canadian).
    pub fn set_gtp_time_left(&mut self, color: Color, time: Duration, stones: u32) {
        match (self.control, stones) {
            (
                TimeControl::ByoYomi {
                    periods, period, ..
                },
                0,
            ) if time.is_zero() => {
                self.set_time_left(color, period, Some(periods));
            }
            (TimeControl::Canadian { stones, period, .. }, 0) if time.is_zero() => {
                self.set_time_left(color, period, Some(stones));
            }
            (_, 0) => self.set_time_left(color, time, None),
            (_, k) => self.set_time_left(color, time, Some(k)),
        }
    }

    /// The arguments after the colour of GTP `time_left` for `color` now (`"540 0"`): whole
    /// seconds rounded down, and the stones as [`Clock::set_gtp_time_left`] reads them.
    /// `None` without a time limit.
    pub fn gtp_time_left(&self, color: Color) -> Option<String> {
        if !self.control.is_limited() {
            return None;
        }
        let r = self.remaining(color, Duration::ZERO);
        let (time, stones) = if r.in_overtime() && !r.flagged {
            (r.period_time, r.periods_left.or(r.stones_left).unwrap_or(0))
        } else {
            (r.main, 0)
        };
        Some(format!("{} {stones}", time.as_secs()))
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
/// `28.471`); exact to the nanosecond, so that [`seconds_from_str`] reads it back.
pub fn seconds_to_string(d: Duration) -> String {
    let nanos = d.subsec_nanos();
    if nanos == 0 {
        d.as_secs().to_string()
    } else {
        let fraction = format!("{nanos:09}");
        format!("{}.{}", d.as_secs(), fraction.trim_end_matches('0'))
    }
}

/// Reads a non-negative decimal number of seconds (`600`, `0.5`, `+28.471`, `.5`), exactly:
/// digits beyond nanoseconds are dropped. `None` for anything else (signs, exponents,
/// units).
pub fn seconds_from_str(s: &str) -> Option<Duration> {
    let s = s.trim();
    let s = s.strip_prefix('+').unwrap_or(s);
    let (whole, fraction) = s.split_once('.').unwrap_or((s, ""));
    let digits = |t: &str| t.bytes().all(|b| b.is_ascii_digit());
    if (whole.is_empty() && fraction.is_empty()) || !digits(whole) || !digits(fraction) {
        return None;
    }
    let secs: u64 = if whole.is_empty() {
        0
    } else {
        whole.parse().ok()?
    };
    let mut nanos = 0u32;
    for (i, b) in fraction.bytes().take(9).enumerate() {
        nanos += u32::from(b - b'0') * 10u32.pow(8 - i as u32);
    }
    Some(Duration::new(secs, nanos))
}

// ---------------------------------------------------------------------------------------
// Lenient reading of SGF's free-text TM (old files) and OT.

/// The overtime an `OT` text describes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Overtime {
    None,
    ByoYomi {
        periods: u32,
        period: Duration,
    },
    Canadian {
        stones: u32,
        period: Duration,
    },
    Fischer {
        increment: Duration,
        cap: Option<Duration>,
    },
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Token {
    /// A decimal number.
    Number(String),
    /// Letters (and hyphens): `byo-yomi`, `min`, `x`.
    Word(String),
    /// Any other character but white space.
    Symbol(char),
}

fn tokens(text: &str) -> Vec<Token> {
    let mut out = Vec::new();
    let mut chars = text.chars().peekable();
    while let Some(&c) = chars.peek() {
        if c.is_whitespace() {
            chars.next();
        } else if c.is_ascii_digit() || c == '.' {
            let mut n = String::new();
            while let Some(&d) = chars.peek().filter(|d| d.is_ascii_digit() || **d == '.') {
                n.push(d);
                chars.next();
            }
            out.push(Token::Number(n));
        } else if c.is_alphabetic() {
            let mut w = String::new();
            while let Some(&d) = chars.peek().filter(|d| d.is_alphabetic() || **d == '-') {
                w.extend(d.to_lowercase());
                chars.next();
            }
            out.push(Token::Word(w));
        } else {
            out.push(Token::Symbol(c));
            chars.next();
        }
    }
    out
}

/// Seconds in one of a time unit word.
fn unit(word: &str) -> Option<u32> {
    match word {
        "s" | "sec" | "secs" | "second" | "seconds" => Some(1),
        "m" | "min" | "mins" | "minute" | "minutes" => Some(60),
        "h" | "hr" | "hrs" | "hour" | "hours" => Some(3600),
        _ => None,
    }
}

/// A number, with the unit that follows it if any (seconds by default).
#[derive(Clone, Debug)]
struct Quantity {
    text: String,
    unit: Option<u32>,
}

impl Quantity {
    fn time(&self) -> Option<Duration> {
        seconds_from_str(&self.text)?.checked_mul(self.unit.unwrap_or(1))
    }

    fn count(&self) -> Option<u32> {
        if self.unit.is_some() {
            return None;
        }
        self.text.parse().ok()
    }
}

/// SGF `TM`: a real number of seconds (FF\[4\]), or as older files write it: `1:30`
/// (minutes and seconds), `1:00:00`, `90 min`, `2 hours each`, `1h30m`.
fn parse_sgf_time(text: &str) -> Option<Duration> {
    let text = text.trim();
    if let Some(d) = seconds_from_str(text) {
        return Some(d);
    }
    if text.contains(':') {
        let parts: Vec<u64> = text
            .split(':')
            .map(|p| p.trim().parse().ok())
            .collect::<Option<_>>()?;
        let s = match parts.as_slice() {
            [m, s] => m.checked_mul(60)?.checked_add(*s)?,
            [h, m, s] => h
                .checked_mul(3600)?
                .checked_add(m.checked_mul(60)?)?
                .checked_add(*s)?,
            _ => return None,
        };
        return Some(Duration::from_secs(s));
    }
    let mut total = Duration::ZERO;
    let mut pending: Option<Duration> = None;
    for t in tokens(text) {
        match t {
            Token::Number(n) if pending.is_none() => pending = Some(seconds_from_str(&n)?),
            Token::Word(w) if w == "each" => {}
            Token::Word(w) => {
                total = total.checked_add(pending.take()?.checked_mul(unit(&w)?)?)?;
            }
            _ => return None,
        }
    }
    match pending {
        Some(p) => total.checked_add(p),
        None if total.is_zero() => None,
        None => Some(total),
    }
}

/// What matters in an `OT` text, noise words left out.
#[derive(Clone, Debug)]
enum Item {
    Quantity(Quantity),
    /// `x`, `*` or `×` between periods and their length.
    Times,
    /// `/` between stones and their time.
    Slash,
    /// `max`, `cap`: the Fischer cap follows.
    Cap,
}

/// SGF `OT`, leniently: `None` for a text of unknown form (never a guess).
fn parse_overtime(text: &str) -> Option<Overtime> {
    let mut items = Vec::new();
    let (mut byo, mut canadian, mut fischer, mut per_move, mut none) =
        (false, false, false, false, false);
    let mut toks = tokens(text).into_iter().peekable();
    while let Some(t) = toks.next() {
        match t {
            Token::Number(n) => {
                let unit = match toks.peek() {
                    Some(Token::Word(w)) => unit(w),
                    _ => None,
                };
                if unit.is_some() {
                    toks.next();
                }
                items.push(Item::Quantity(Quantity { text: n, unit }));
            }
            Token::Symbol('*' | '×') => items.push(Item::Times),
            Token::Symbol('/') => items.push(Item::Slash),
            Token::Symbol(':' | ',' | '+' | '(' | ')' | ';') => {}
            Token::Symbol(_) => return None,
            Token::Word(w) => match w.as_str() {
                "x" => items.push(Item::Times),
                "max" | "cap" | "maximum" | "limit" => items.push(Item::Cap),
                "canadian" => canadian = true,
                "fischer" | "increment" | "inc" => fischer = true,
                "japanese" | "byoyomi" | "byo-yomi" | "byo" | "yomi" => byo = true,
                "move" | "moves" | "stone" | "stones" => per_move = true,
                "none" | "no" | "absolute" | "sudden" | "death" | "sudden-death" => none = true,
                "per" | "each" | "in" | "of" | "style" | "overtime" | "time" | "periods"
                | "period" | "ot" | "and" | "a" => {}
                _ => return None,
            },
        }
    }
    let q = |i: &Item| match i {
        Item::Quantity(q) => Some(q.clone()),
        _ => None,
    };
    if none {
        return (items.is_empty() && !byo && !canadian && !fischer).then_some(Overtime::None);
    }
    if fischer {
        if byo || canadian || per_move {
            return None;
        }
        return match items.as_slice() {
            [i] => Some(Overtime::Fischer {
                increment: q(i)?.time()?,
                cap: None,
            }),
            [i, Item::Cap, c] => Some(Overtime::Fischer {
                increment: q(i)?.time()?,
                cap: Some(q(c)?.time()?),
            }),
            _ => None,
        };
    }
    match items.as_slice() {
        [n, Item::Times, p] if !canadian => Some(Overtime::ByoYomi {
            periods: q(n)?.count()?,
            period: q(p)?.time()?,
        }),
        [s, Item::Slash, p] => Some(Overtime::Canadian {
            stones: q(s)?.count()?,
            period: q(p)?.time()?,
        }),
        // `30 sec/move byo-yomi`: one move per period of 30 s.
        [p, Item::Slash] if per_move && !canadian => Some(Overtime::ByoYomi {
            periods: 1,
            period: q(p)?.time()?,
        }),
        [p] if byo && !canadian => Some(Overtime::ByoYomi {
            periods: 1,
            period: q(p)?.time()?,
        }),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seconds_text_is_exact() {
        for (text, d) in [
            ("600", Duration::from_secs(600)),
            ("0.5", Duration::from_millis(500)),
            ("28.471", Duration::from_millis(28_471)),
            ("0.000000001", Duration::from_nanos(1)),
        ] {
            assert_eq!(seconds_from_str(text), Some(d));
            assert_eq!(seconds_to_string(d), text);
        }
        assert_eq!(seconds_from_str(".5"), Some(Duration::from_millis(500)));
        assert_eq!(seconds_from_str("+7"), Some(Duration::from_secs(7)));
        for bad in ["", ".", "-1", "1e3", "1.2.3", "5s", "x"] {
            assert_eq!(seconds_from_str(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn tokens_split_numbers_words_and_symbols() {
        assert_eq!(
            tokens("5x30 Byo-Yomi"),
            vec![
                Token::Number("5".into()),
                Token::Word("x".into()),
                Token::Number("30".into()),
                Token::Word("byo-yomi".into())
            ]
        );
        assert_eq!(
            tokens("30 sec/move"),
            vec![
                Token::Number("30".into()),
                Token::Word("sec".into()),
                Token::Symbol('/'),
                Token::Word("move".into())
            ]
        );
    }

    #[test]
    fn sgf_main_time_forms() {
        let s = |n| Some(Duration::from_secs(n));
        assert_eq!(parse_sgf_time("1800"), s(1800));
        assert_eq!(
            parse_sgf_time("1800.5"),
            Some(Duration::from_millis(1_800_500))
        );
        assert_eq!(parse_sgf_time("1:30"), s(90));
        assert_eq!(parse_sgf_time("1:00:00"), s(3600));
        assert_eq!(parse_sgf_time("90 min"), s(5400));
        assert_eq!(parse_sgf_time("2 hours each"), s(7200));
        assert_eq!(parse_sgf_time("1h30m"), s(5400));
        assert_eq!(parse_sgf_time("-5"), None);
        assert_eq!(parse_sgf_time("soon"), None);
        assert_eq!(parse_sgf_time(""), None);
    }
}
