//! Clocks in SGF text: `TM` and `OT` for the time control, `BL`/`WL` and `OB`/`OW` for the
//! time left after a move (FF\[4\]), and numbers of seconds as every text form writes them.
//!
//! `TM` is the main time in seconds; `OT` the overtime as free text, written as KGS/CGoban
//! writes it (`5x30 byo-yomi`, `25/600 Canadian`) and `10 Fischer` for increments (the
//! spelling OGS reads), read leniently (also `10 moves / 5 min` from SmartGo and GoGui,
//! `30 sec/move byo-yomi`, `fischer 10`, `Japanese: 5 * 30 secs`). `BL`/`WL` are the time
//! left after the move (the current period's time in overtime) and `OB`/`OW` the periods left
//! (byo-yomi, as KGS and OGS) or stones left (Canadian, as the FF\[4\] definition), written
//! only in overtime, as GoGui does. The clock itself is [`tengen::clock`], which reads no
//! text.
//!
//! ```
//! use tengen::clock::TimeControl;
//! use tengen_sgf::time;
//!
//! let control = time::from_sgf(Some("600"), Some("5x30 byo-yomi")).unwrap();
//! assert_eq!(control, TimeControl::byo_yomi(600, 5, 30));
//! assert_eq!(time::to_ot(&control).as_deref(), Some("5x30 byo-yomi"));
//! ```

mod free_text;

use free_text::{parse_overtime, parse_sgf_time, Overtime};
use std::error::Error;
use std::fmt;
use std::time::Duration;
use tengen::clock::{seconds_to_string, Remaining, TimeControl};

/// Why a time control could not be read (from the command-line spec or kgsGtp's
/// `kgs-time_settings`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseTimeControlError(String);

impl ParseTimeControlError {
    /// An error that says `why`.
    pub fn new(why: impl Into<String>) -> ParseTimeControlError {
        ParseTimeControlError(why.into())
    }
}

impl fmt::Display for ParseTimeControlError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl Error for ParseTimeControlError {}

/// Reads a non-negative decimal number of seconds (`600`, `0.5`, `+28.471`, `.5`), exactly:
/// digits beyond nanoseconds are dropped. `None` for anything else (signs, exponents,
/// units). It reads back what [`seconds_to_string`] writes.
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

/// SGF `TM`, the main time in seconds (Fischer: the starting time); `None` without a time
/// limit.
pub fn to_tm(control: &TimeControl) -> Option<String> {
    control
        .is_limited()
        .then(|| seconds_to_string(control.main()))
}

/// SGF `OT`, the overtime: `5x30 byo-yomi`, `25/600 Canadian`, `10 Fischer` or
/// `10 Fischer max 600`; `None` for absolute time and no limit.
pub fn to_ot(control: &TimeControl) -> Option<String> {
    let s = seconds_to_string;
    match *control {
        TimeControl::None | TimeControl::Absolute { .. } => None,
        TimeControl::ByoYomi {
            periods, period, ..
        } => Some(format!("{periods}x{} byo-yomi", s(period))),
        TimeControl::Canadian { stones, period, .. } => {
            Some(format!("{stones}/{} Canadian", s(period)))
        }
        TimeControl::Fischer { increment, cap, .. } => Some(match cap {
            Some(c) => format!("{} Fischer max {}", s(increment), s(c)),
            None => format!("{} Fischer", s(increment)),
        }),
    }
}

/// `TM` as a number and `OT` for [`crate::RecordInfo::time`]; `None` without a time limit.
pub fn record_time(control: &TimeControl) -> Option<(f64, Option<String>)> {
    to_tm(control).map(|tm| (tm.parse::<f64>().unwrap_or(0.0), to_ot(control)))
}

/// The control an SGF record states with `TM` and `OT`, or `None` when it states none or one
/// this cannot read (an `OT` text of unknown form, a `TM` that is no time).
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

/// SGF `BL`/`WL`: the time left in seconds with at most three decimals (the current period's
/// time in overtime).
pub fn time_left(left: &Remaining) -> String {
    let t = if left.in_overtime() {
        left.period_time
    } else {
        left.main
    };
    seconds_to_string(Duration::from_millis(
        u64::try_from(t.as_millis()).unwrap_or(u64::MAX),
    ))
}

/// SGF `OB`/`OW`, written only in overtime: byo-yomi periods left (as KGS and OGS), Canadian
/// stones left in the period.
pub fn overtime_left(left: &Remaining) -> Option<u32> {
    if left.in_overtime() {
        left.periods_left.or(left.stones_left)
    } else {
        None
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
}
