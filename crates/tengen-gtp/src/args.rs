//! Typed GTP arguments (GTP v2 section 2.11: colour, vertex, move, int, float) with error
//! messages that say what was wrong. Every parser returns the failure text of the response.

use tengen::point::MAX_SIDE;
use tengen::{Color, Move, Point, Size};

/// The failure message of a command.
pub type Error = String;

/// Checks the number of arguments; `usage` shows the expected form.
pub fn expect(args: &[String], count: usize, usage: &str) -> Result<(), Error> {
    if args.len() == count {
        Ok(())
    } else {
        Err(format!(
            "syntax error: expected `{usage}` ({count} argument{}, got {})",
            if count == 1 { "" } else { "s" },
            args.len()
        ))
    }
}

/// A colour: `b`, `black`, `w` or `white`, in any case.
pub fn color(s: &str) -> Result<Color, Error> {
    Color::parse(s).ok_or_else(|| format!("invalid color {s:?} (expected black or white)"))
}

/// A vertex on the current board (not `pass`).
pub fn vertex(s: &str, size: Size) -> Result<Point, Error> {
    if let Some(p) = Point::from_gtp(s, size) {
        return Ok(p);
    }
    if s.eq_ignore_ascii_case("pass") {
        return Err("invalid vertex: pass is not a point here".into());
    }
    if s.as_bytes()
        .first()
        .is_some_and(|b| b.eq_ignore_ascii_case(&b'i'))
    {
        return Err(format!(
            "invalid vertex {s:?}: GTP columns skip the letter I"
        ));
    }
    // A vertex well formed for the largest board is merely off this one.
    match Point::from_gtp(s, Size::new(MAX_SIDE, MAX_SIDE).unwrap_or(size)) {
        Some(_) => Err(format!("invalid vertex {s:?}: off the {size} board")),
        None => Err(format!("invalid vertex {s:?}")),
    }
}

/// A move: a vertex or `pass`.
pub fn mv(s: &str, size: Size) -> Result<Move, Error> {
    if s.eq_ignore_ascii_case("pass") {
        Ok(Move::Pass)
    } else {
        vertex(s, size).map(Move::Play)
    }
}

/// A non-negative integer argument named `what`.
pub fn int(s: &str, what: &str) -> Result<u32, Error> {
    int_or_too_large(s, what)?
        .ok_or_else(|| format!("syntax error: {what} must be at most {}, not {s}", u32::MAX))
}

/// A non-negative integer argument named `what`, or `None` for one too large to hold
/// (all digits, beyond `u32::MAX`): the caller names the range its command accepts.
pub fn int_or_too_large(s: &str, what: &str) -> Result<Option<u32>, Error> {
    match s.parse() {
        Ok(n) => Ok(Some(n)),
        Err(_) if !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()) => Ok(None),
        Err(_) => Err(format!(
            "syntax error: {what} must be a non-negative integer, not {s:?}"
        )),
    }
}

/// A float argument named `what` (finite).
pub fn float(s: &str, what: &str) -> Result<f64, Error> {
    match s.parse::<f64>() {
        Ok(f) if f.is_finite() => Ok(f),
        // A numeral beyond f64 (`1e400`), not the word `inf`.
        Ok(f) if f.is_infinite() && s.bytes().any(|b| b.is_ascii_digit()) => {
            Err(format!("syntax error: {what} {s} is too large"))
        }
        _ => Err(format!("syntax error: {what} must be a number, not {s:?}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn vertices_and_their_errors() {
        let nine = Size::NINE;
        assert_eq!(vertex("e5", nine), Ok(Point::new(4, 4)));
        assert!(vertex("I5", nine)
            .unwrap_err()
            .contains("skip the letter I"));
        assert!(vertex("K10", nine)
            .unwrap_err()
            .contains("off the 9x9 board"));
        assert!(vertex("E0", nine)
            .unwrap_err()
            .starts_with("invalid vertex"));
        assert!(vertex("pass", nine).is_err());
        assert_eq!(mv("PASS", nine), Ok(Move::Pass));
        assert!(vertex("é5", nine).is_err());
    }

    #[test]
    fn numbers() {
        assert_eq!(int("19", "size"), Ok(19));
        assert!(int("-1", "size").is_err());
        assert_eq!(float("6.5", "komi"), Ok(6.5));
        assert!(float("NaN", "komi").is_err());
        assert!(float("inf", "komi").is_err());
        // Well formed but too large: said so, not called malformed.
        assert_eq!(int_or_too_large("99999999999999999999", "size"), Ok(None));
        assert_eq!(
            int("99999999999999999999", "the size"),
            Err(
                "syntax error: the size must be at most 4294967295, not 99999999999999999999"
                    .into()
            )
        );
        assert!(int_or_too_large("", "size").is_err());
        assert_eq!(
            float("1e400", "komi"),
            Err("syntax error: komi 1e400 is too large".into())
        );
    }
}
