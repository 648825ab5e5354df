//! SGF's free-text `TM` (as old files write it) and `OT`, read leniently: a text of unknown
//! form is `None`, never a guess.

use super::seconds_from_str;
use std::time::Duration;

/// The overtime an `OT` text describes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Overtime {
    /// No overtime (`none`, `sudden death`).
    None,
    /// `5x30 byo-yomi`: periods of a length.
    ByoYomi { periods: u32, period: Duration },
    /// `25/600 Canadian`: stones in a period.
    Canadian { stones: u32, period: Duration },
    /// `10 Fischer max 600`: an increment and maybe a cap.
    Fischer {
        increment: Duration,
        cap: Option<Duration>,
    },
}

/// A piece of free text.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Token {
    /// A decimal number.
    Number(String),
    /// Letters (and hyphens): `byo-yomi`, `min`, `x`.
    Word(String),
    /// Any other character but white space.
    Symbol(char),
}

/// Splits free text into numbers, words (lower-cased) and symbols, dropping white space.
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
pub(super) fn parse_sgf_time(text: &str) -> Option<Duration> {
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
pub(super) fn parse_overtime(text: &str) -> Option<Overtime> {
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
