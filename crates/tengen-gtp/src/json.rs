//! Just enough JSON for KataGo's rules dictionaries: one flat object whose values are
//! strings, booleans or numbers. A dependency for this would be larger than the need.

use std::fmt::Write;

/// A value of a flat JSON object.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    /// A string.
    Str(String),
    /// `true` or `false`.
    Bool(bool),
    /// A number.
    Num(f64),
}

impl Value {
    /// How the value is written in JSON.
    pub fn to_json(&self) -> String {
        match self {
            Value::Str(s) => quote(s),
            Value::Bool(b) => b.to_string(),
            Value::Num(n) => n.to_string(),
        }
    }
}

/// Parses a flat object: `{"key": value, ...}`. Keys keep their order.
pub fn parse_object(text: &str) -> Result<Vec<(String, Value)>, String> {
    let mut p = Parser {
        chars: text.chars().collect(),
        at: 0,
    };
    let out = p.object()?;
    p.skip_space();
    if p.at < p.chars.len() {
        return Err(p.error("unexpected text after the object"));
    }
    Ok(out)
}

/// Writes a flat object with the keys in the given order.
pub fn write_object(entries: &[(&str, Value)]) -> String {
    let body: Vec<String> = entries
        .iter()
        .map(|(k, v)| format!("{}:{}", quote(k), v.to_json()))
        .collect();
    format!("{{{}}}", body.join(","))
}

fn quote(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if u32::from(c) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", u32::from(c));
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

struct Parser {
    chars: Vec<char>,
    at: usize,
}

impl Parser {
    fn error(&self, what: &str) -> String {
        if self.at >= self.chars.len() {
            format!("invalid JSON at the end: {what}")
        } else {
            format!("invalid JSON at character {}: {what}", self.at + 1)
        }
    }

    fn peek(&self) -> Option<char> {
        self.chars.get(self.at).copied()
    }

    fn skip_space(&mut self) {
        while self.peek().is_some_and(|c| c.is_whitespace()) {
            self.at += 1;
        }
    }

    fn eat(&mut self, c: char) -> Result<(), String> {
        self.skip_space();
        if self.peek() == Some(c) {
            self.at += 1;
            Ok(())
        } else {
            Err(self.error(&format!("expected '{c}'")))
        }
    }

    fn object(&mut self) -> Result<Vec<(String, Value)>, String> {
        self.eat('{')?;
        let mut out = Vec::new();
        self.skip_space();
        if self.peek() == Some('}') {
            self.at += 1;
            return Ok(out);
        }
        loop {
            self.skip_space();
            let key = self.string()?;
            self.eat(':')?;
            let value = self.value()?;
            out.push((key, value));
            self.skip_space();
            match self.peek() {
                Some(',') => self.at += 1,
                Some('}') => {
                    self.at += 1;
                    return Ok(out);
                }
                _ => return Err(self.error("expected ',' or '}'")),
            }
        }
    }

    fn value(&mut self) -> Result<Value, String> {
        self.skip_space();
        match self.peek() {
            Some('"') => self.string().map(Value::Str),
            Some('t') => self.word("true").map(|_| Value::Bool(true)),
            Some('f') => self.word("false").map(|_| Value::Bool(false)),
            Some(c) if c == '-' || c.is_ascii_digit() => self.number(),
            Some('{') | Some('[') => {
                Err(self.error("nested objects and arrays are not rule values"))
            }
            _ => Err(self.error("expected a string, a boolean or a number")),
        }
    }

    fn word(&mut self, w: &str) -> Result<(), String> {
        for expected in w.chars() {
            if self.peek() != Some(expected) {
                return Err(self.error(&format!("expected `{w}`")));
            }
            self.at += 1;
        }
        Ok(())
    }

    fn number(&mut self) -> Result<Value, String> {
        let start = self.at;
        while self
            .peek()
            .is_some_and(|c| c.is_ascii_digit() || "+-.eE".contains(c))
        {
            self.at += 1;
        }
        let text: String = self.chars[start..self.at].iter().collect();
        text.parse()
            .ok()
            .filter(|n: &f64| n.is_finite())
            .map(Value::Num)
            .ok_or_else(|| self.error(&format!("bad number {text:?}")))
    }

    fn string(&mut self) -> Result<String, String> {
        if self.peek() != Some('"') {
            return Err(self.error("expected a string"));
        }
        self.at += 1;
        let mut out = String::new();
        loop {
            let c = self
                .peek()
                .ok_or_else(|| self.error("unterminated string"))?;
            self.at += 1;
            match c {
                '"' => return Ok(out),
                '\\' => out.push(self.escape()?),
                c => out.push(c),
            }
        }
    }

    fn escape(&mut self) -> Result<char, String> {
        let c = self
            .peek()
            .ok_or_else(|| self.error("unterminated escape"))?;
        self.at += 1;
        Ok(match c {
            '"' | '\\' | '/' => c,
            'b' => '\u{8}',
            'f' => '\u{c}',
            'n' => '\n',
            'r' => '\r',
            't' => '\t',
            'u' => {
                let hex: String = self.chars.iter().skip(self.at).take(4).collect();
                self.at += hex.chars().count();
                u32::from_str_radix(&hex, 16)
                    .ok()
                    .filter(|_| hex.len() == 4)
                    .and_then(char::from_u32)
                    .ok_or_else(|| self.error("bad \\u escape"))?
            }
            _ => return Err(self.error("unknown escape")),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip() {
        let text = r#"{"ko":"SIMPLE","suicide":false,"komi":6.5}"#;
        let parsed = parse_object(text).unwrap();
        assert_eq!(
            parsed,
            vec![
                ("ko".to_string(), Value::Str("SIMPLE".into())),
                ("suicide".to_string(), Value::Bool(false)),
                ("komi".to_string(), Value::Num(6.5)),
            ]
        );
        let entries: Vec<(&str, Value)> = parsed
            .iter()
            .map(|(k, v)| (k.as_str(), v.clone()))
            .collect();
        assert_eq!(write_object(&entries), text);
    }

    #[test]
    fn spaces_escapes_and_errors() {
        let parsed = parse_object(" { \"a\\\"b\" : \"x\\u0041\" } ").unwrap();
        assert_eq!(parsed, vec![("a\"b".to_string(), Value::Str("xA".into()))]);
        assert_eq!(parse_object("{}").unwrap(), vec![]);
        for bad in [
            "",
            "{",
            "{\"a\"}",
            "{\"a\":}",
            "{\"a\":[1]}",
            "{\"a\":1,}",
            "{\"a\":1} x",
            "{\"a\":\"\\u12\"}",
            "{\"a\":1e999}",
        ] {
            assert!(parse_object(bad).is_err(), "{bad}");
        }
    }
}
