//! The time spec of the command line and the server: `none`, `absolute:1800`,
//! `byoyomi:600+5x30` (5 periods of 30 s), `canadian:600+25/300` (25 stones in 300 s, the
//! order of SGF's `25/300 Canadian`), `fischer:300+10`, `fischer:300+10max600`. Times are
//! seconds, decimals allowed, or a number with the unit `s`, `m` or `h` (`10m`, `1.5h`).
//!
//! It lives here, beside SGF's `TM`/`OT`, because the server and the command line both read
//! it and this is the lowest crate both depend on; the clock itself reads no text.
//!
//! ```
//! use tengen::clock::TimeControl;
//! use tengen_sgf::time_spec::TimeSpec;
//!
//! let spec: TimeSpec = "byoyomi:10m+5x30".parse().unwrap();
//! assert_eq!(spec.0, TimeControl::byo_yomi(600, 5, 30));
//! assert_eq!(spec.to_string(), "byoyomi:600+5x30");
//! ```

use crate::time::{seconds_from_str, ParseTimeControlError};
use std::fmt;
use std::str::FromStr;
use std::time::Duration;
use tengen::clock::{seconds_to_string, TimeControl};

/// A time control in the spec's text form: `Display` writes it, `FromStr` reads it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TimeSpec(pub TimeControl);

impl From<TimeSpec> for TimeControl {
    fn from(spec: TimeSpec) -> TimeControl {
        spec.0
    }
}

/// Writes `none`, `absolute:1800`, `byoyomi:600+5x30`, `canadian:600+25/300`,
/// `fischer:300+10` or `fischer:300+10max600` (times in seconds).
impl fmt::Display for TimeSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = seconds_to_string;
        match self.0 {
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

/// The forms [`TimeSpec::from_str`] accepts, for error messages.
const SPEC_FORMS: &str = "none, absolute:T, byoyomi:T+NxP, canadian:T+S/P, fischer:T+I or \
                          fischer:T+ImaxC; times in seconds or with a unit s, m or h";

/// Reads the spec (the `Display` form); names in any case, `byo-yomi` and `japanese` for
/// `byoyomi`. Byo-yomi needs at least one period and Canadian overtime at least one stone,
/// both of positive length.
impl FromStr for TimeSpec {
    type Err = ParseTimeControlError;

    fn from_str(input: &str) -> Result<TimeSpec, ParseTimeControlError> {
        let lower = input.trim().to_ascii_lowercase();
        let (name, rest) = match lower.split_once(':') {
            Some((n, r)) => (n.trim(), r.trim()),
            None => (lower.as_str(), ""),
        };
        system(name, rest).map(TimeSpec).map_err(|why| {
            ParseTimeControlError::new(format!(
                "invalid time control {input:?}: {why} (expected {SPEC_FORMS})"
            ))
        })
    }
}

/// The control named `name` with the values `rest` (after the colon), or why not.
fn system(name: &str, rest: &str) -> Result<TimeControl, String> {
    match name {
        "none" | "unlimited" if rest.is_empty() => Ok(TimeControl::None),
        "none" | "unlimited" => Err("no time limit takes no value".into()),
        "absolute" | "sudden-death" => Ok(TimeControl::Absolute {
            main: time(rest, "the time")?,
        }),
        "byoyomi" | "byo-yomi" | "japanese" => {
            let (main, periods, period) = overtime(
                rest,
                'x',
                "byo-yomi is written NxP: N periods of P",
                "the number of periods",
            )?;
            Ok(TimeControl::ByoYomi {
                main,
                periods,
                period,
            })
        }
        "canadian" => {
            let (main, stones, period) = overtime(
                rest,
                '/',
                "Canadian overtime is written S/P: S stones in P",
                "the number of stones",
            )?;
            Ok(TimeControl::Canadian {
                main,
                stones,
                period,
            })
        }
        "fischer" => {
            let (main, over) = main_and_overtime(rest)?;
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
        _ => Err("unknown time system".into()),
    }
}

/// `MAIN+N<sep>P` for byo-yomi (`x`) and Canadian overtime (`/`): the main time, the count
/// (called `what`) and the period; `form` says how the overtime is written.
fn overtime(
    rest: &str,
    sep: char,
    form: &str,
    what: &str,
) -> Result<(Duration, u32, Duration), String> {
    let (main, over) = main_and_overtime(rest)?;
    let (n, p) = over.split_once(sep).ok_or(form)?;
    Ok((time(main, "the main time")?, count(n, what)?, period(p)?))
}

/// `MAIN+OVERTIME`, split at the plus.
fn main_and_overtime(rest: &str) -> Result<(&str, &str), String> {
    rest.split_once('+')
        .map(|(m, o)| (m.trim(), o.trim()))
        .ok_or_else(|| "expected the main time, `+` and the overtime".into())
}

/// The time `s`, called `what` in the error.
fn time(s: &str, what: &str) -> Result<Duration, String> {
    spec_time(s.trim()).ok_or_else(|| format!("{what} {:?} is not a time", s.trim()))
}

/// An overtime period's length, which must be positive (an empty period is no overtime).
fn period(s: &str) -> Result<Duration, String> {
    let d = time(s, "the period")?;
    if d.is_zero() {
        Err("the period must be longer than zero".into())
    } else {
        Ok(d)
    }
}

/// A positive count of periods or stones, called `what` in the error.
fn count(s: &str, what: &str) -> Result<u32, String> {
    match s.trim().parse::<u32>() {
        Ok(n) if n > 0 => Ok(n),
        _ => Err(format!(
            "{what} must be a positive integer, not {:?}",
            s.trim()
        )),
    }
}

/// A time in the spec: seconds (decimals allowed), or a number followed by `s`, `m` or `h`.
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
