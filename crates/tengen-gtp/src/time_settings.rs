//! Clocks in GTP text: `time_settings` and `time_left` (GTP v2 §4.2 and §6.3) and kgsGtp's
//! `kgs-time_settings`, read into and written from [`tengen::clock`]'s pure values.
//!
//! `time_settings main byo stones` is Canadian overtime, where byo = 0 means absolute time
//! and byo > 0 with stones = 0 means no limit ([`from_time_settings`]); kgsGtp's
//! `kgs-time_settings` names the system ([`from_kgs_time_settings`]). `time_left color time
//! stones`: stones = 0 while in main time; in Canadian overtime, the stones left in the period
//! and the time left for them; in byo-yomi, **stones is the number of periods left** (the
//! current one included) and time the time left in the current period. That last one is
//! KGS's convention; KataGo ("Hack for KGS byo-yomi - interpret num stones as periods") and
//! Leela Zero ("KGS extension") read it the same way. GoGui only knows Canadian overtime.
//! Like Pachi and Leela Zero, `time 0 stones 0` under byo-yomi or Canadian overtime means
//! that main time has just run out.
//!
//! ```
//! use tengen::clock::TimeControl;
//! use tengen_gtp::time_settings;
//!
//! let control = time_settings::from_kgs_time_settings("byoyomi 600 30 5").unwrap();
//! assert_eq!(control, TimeControl::byo_yomi(600, 5, 30));
//! assert_eq!(time_settings::kgs_time_settings(&control), "byoyomi 600 30 5");
//! ```

use std::time::Duration;
use tengen::clock::{seconds_to_string, Clock, TimeControl};
use tengen::Color;
use tengen_sgf::time::{seconds_from_str, ParseTimeControlError};

/// What GTP's `time_settings main_time byo_yomi_time byo_yomi_stones` means (GTP v2 §4.2,
/// docs/rules.md §7): Canadian overtime, where `byo_yomi_time` = 0 means absolute time and
/// `byo_yomi_time` > 0 with `byo_yomi_stones` = 0 means no time limit.
pub fn from_time_settings(main: Duration, byo_yomi: Duration, stones: u32) -> TimeControl {
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

/// The arguments of GTP's `time_settings` for `control` (`"600 30 25"`), as near as that
/// Canadian-only command can say it: exact for no limit (`0 1 0`, GoGui's form), absolute,
/// Canadian and byo-yomi with one period. Byo-yomi with several periods is sent as one period
/// per stone (`T p 1`, what kgsGtp sends engines without `kgs-time_settings`) and Fischer as
/// absolute `T`: an engine that believes them plans with less time than it has, never more.
pub fn time_settings(control: &TimeControl) -> String {
    let s = seconds_to_string;
    match *control {
        TimeControl::None => "0 1 0".into(),
        TimeControl::Absolute { main } | TimeControl::Fischer { main, .. } => {
            format!("{} 0 0", s(main))
        }
        TimeControl::ByoYomi { main, period, .. } => format!("{} {} 1", s(main), s(period)),
        TimeControl::Canadian {
            main,
            stones,
            period,
        } => format!("{} {} {stones}", s(main), s(period)),
    }
}

/// Reads the arguments of kgsGtp's `kgs-time_settings`: `none`, `absolute MAIN`,
/// `byoyomi MAIN PERIOD_TIME PERIODS` or `canadian MAIN PERIOD_TIME STONES`, times in
/// seconds. Canadian values mean what they mean in `time_settings`; byo-yomi without periods
/// is absolute time.
pub fn from_kgs_time_settings(args: &str) -> Result<TimeControl, ParseTimeControlError> {
    let words: Vec<&str> = args.split_whitespace().collect();
    let usage = |form: &str| {
        ParseTimeControlError::new(format!(
            "expected `kgs-time_settings {form}`, not {:?}",
            words.join(" ")
        ))
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
        (Some("canadian"), [main, period, stones]) => Ok(from_time_settings(
            time(main)?,
            time(period)?,
            count(stones)?,
        )),
        (Some("canadian"), _) => Err(usage("canadian MAIN PERIOD_TIME STONES")),
        (Some(other), _) => Err(ParseTimeControlError::new(format!(
            "unknown time system {other:?} (known: none, absolute, byoyomi, canadian)"
        ))),
        (None, _) => Err(usage("none|absolute|byoyomi|canadian ...")),
    }
}

/// A number of seconds in `kgs-time_settings`.
fn time(s: &str) -> Result<Duration, ParseTimeControlError> {
    seconds_from_str(s)
        .ok_or_else(|| ParseTimeControlError::new(format!("{s:?} is not a number of seconds")))
}

/// A count of periods or stones in `kgs-time_settings`.
fn count(s: &str) -> Result<u32, ParseTimeControlError> {
    s.parse::<u32>()
        .map_err(|_| ParseTimeControlError::new(format!("{s:?} is not a non-negative integer")))
}

/// The arguments of kgsGtp's `kgs-time_settings` for `control` (`"byoyomi 600 30 5"`). KGS
/// has no Fischer clock: it is sent as `absolute T`, which gives an engine less time than it
/// has, never more.
pub fn kgs_time_settings(control: &TimeControl) -> String {
    let s = seconds_to_string;
    match *control {
        TimeControl::None => "none".into(),
        TimeControl::Absolute { main } | TimeControl::Fischer { main, .. } => {
            format!("absolute {}", s(main))
        }
        TimeControl::ByoYomi {
            main,
            periods,
            period,
        } => format!("byoyomi {} {} {periods}", s(main), s(period)),
        TimeControl::Canadian {
            main,
            stones,
            period,
        } => format!("canadian {} {} {stones}", s(main), s(period)),
    }
}

/// Sets `color`'s side of `clock` from GTP `time_left color time stones` (see the module
/// documentation): stones = 0 is main time, except `0 0` under byo-yomi or Canadian
/// overtime, which means that main time has just run out; otherwise stones are the periods
/// left (byo-yomi, KGS's convention) or the stones left in the period (Canadian).
pub fn set_time_left(clock: &mut Clock, color: Color, time: Duration, stones: u32) {
    match (*clock.control(), stones) {
        (
            TimeControl::ByoYomi {
                periods, period, ..
            },
            0,
        ) if time.is_zero() => clock.set_time_left(color, period, Some(periods)),
        (TimeControl::Canadian { stones, period, .. }, 0) if time.is_zero() => {
            clock.set_time_left(color, period, Some(stones))
        }
        (_, 0) => clock.set_time_left(color, time, None),
        (_, k) => clock.set_time_left(color, time, Some(k)),
    }
}

/// The arguments after the colour of GTP `time_left` for `color` on `clock` now (`"540 0"`):
/// whole seconds rounded down, and the stones as [`set_time_left`] reads them. `None` without
/// a time limit.
pub fn time_left(clock: &Clock, color: Color) -> Option<String> {
    if !clock.control().is_limited() {
        return None;
    }
    let r = clock.remaining(color, Duration::ZERO);
    let (time, stones) = if r.in_overtime() && !r.flagged {
        (r.period_time, r.periods_left.or(r.stones_left).unwrap_or(0))
    } else {
        (r.main, 0)
    };
    Some(format!("{} {stones}", time.as_secs()))
}
