//! Decoding and encoding SGF value types (SGF `FF[4]` §3.2): numbers, reals, colours, text,
//! simple text, points and compressed point lists. Decoders are lenient where real files
//! are damaged (`KM[5.]`, `KM[ 6.5 ]`, `KM[6,5]`).

use tengen::{Color, Point, Size};

/// Escapes a value for writing: `\` and `]` get a backslash (SGF §3.2).
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        if c == '\\' || c == ']' {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// Decodes a Text value: escapes removed, soft line breaks (`\` + newline) removed, other
/// white space but line breaks turned into spaces (SGF §3.2 Text).
pub fn unescape_text(raw: &str) -> String {
    unescape(raw, true)
}

/// Decodes a SimpleText value: as Text, but line breaks also become spaces.
pub fn unescape_simple(raw: &str) -> String {
    unescape(raw, false)
}

fn unescape(raw: &str, keep_newlines: bool) -> String {
    let mut out = String::with_capacity(raw.len());
    let mut chars = raw.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' => match chars.next() {
                // A soft line break: the backslash and the line break (any of \n, \r, \r\n, \n\r) vanish.
                Some(n @ ('\n' | '\r')) => {
                    let pair = if n == '\n' { '\r' } else { '\n' };
                    if chars.peek() == Some(&pair) {
                        chars.next();
                    }
                }
                Some(other) => out.push(other),
                None => {}
            },
            '\r' | '\n' if keep_newlines => {
                let pair = if c == '\n' { '\r' } else { '\n' };
                if chars.peek() == Some(&pair) {
                    chars.next();
                }
                out.push('\n');
            }
            c if c.is_whitespace() => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

/// Parses a Number, tolerating surrounding spaces and a leading `+`.
pub fn number(raw: &str) -> Option<i64> {
    raw.trim().trim_start_matches('+').parse().ok()
}

/// Parses a Real leniently: `6.5`, `5.`, `.5`, ` 6.5 `, `6,5`, `+7`.
pub fn real(raw: &str) -> Option<f64> {
    let t = raw.trim().trim_start_matches('+').replace(',', ".");
    if t.is_empty() || t == "." || t == "-" {
        return None;
    }
    let t = if t.ends_with('.') { format!("{t}0") } else { t };
    let t = if t.starts_with('.') {
        format!("0{t}")
    } else {
        t
    };
    let t = if let Some(rest) = t.strip_prefix("-.") {
        format!("-0.{rest}")
    } else {
        t
    };
    t.parse::<f64>().ok().filter(|v| v.is_finite())
}

/// Parses a Color (`B`/`W`, also `b`, `w`, `black`, `white`).
pub fn color(raw: &str) -> Option<Color> {
    Color::parse(raw.trim())
}

/// Parses `SZ`: `19` or, for rectangular boards, `19:13` (columns:rows).
pub fn size(raw: &str) -> Option<(i64, i64)> {
    let raw = raw.trim();
    match raw.split_once(':') {
        Some((w, h)) => Some((number(w)?, number(h)?)),
        None => number(raw).map(|n| (n, n)),
    }
}

/// Expands a list of points, including compressed rectangles `aa:cc`, on a board of
/// `size`. Returns the first bad value as the error.
pub fn points<'a>(
    values: impl IntoIterator<Item = &'a str>,
    size: Size,
) -> Result<Vec<Point>, String> {
    let mut out = Vec::new();
    for v in values {
        let v = v.trim();
        match v.split_once(':') {
            Some((a, b)) => {
                let (Some(p), Some(q)) = (Point::from_sgf(a, size), Point::from_sgf(b, size))
                else {
                    return Err(v.to_string());
                };
                for y in p.y.min(q.y)..=p.y.max(q.y) {
                    for x in p.x.min(q.x)..=p.x.max(q.x) {
                        out.push(Point::new(x, y));
                    }
                }
            }
            None => out.push(Point::from_sgf(v, size).ok_or_else(|| v.to_string())?),
        }
    }
    Ok(out)
}
