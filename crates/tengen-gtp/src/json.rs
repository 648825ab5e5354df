//! KataGo's rules dictionaries as JSON: one flat object whose values are strings, booleans or
//! numbers, read with serde_json (strict JSON: no leading zeros, no `-.5`, no raw control
//! characters in strings, surrogate pairs joined) with the keys in their order and each key
//! at most once (serde_json's own maps keep the last of two equal keys).

use serde::de::{self, DeserializeSeed, MapAccess, Visitor};
use std::cell::Cell;
use std::fmt;

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
    /// The value as KataGo's single-field command `kata-set-rule KEY VALUE` would give it.
    pub fn to_text(&self) -> String {
        match self {
            Value::Str(s) => s.clone(),
            Value::Bool(b) => b.to_string(),
            Value::Num(n) => n.to_string(),
        }
    }

    fn from_json(v: serde_json::Value) -> Result<Value, String> {
        match v {
            serde_json::Value::String(s) => Ok(Value::Str(s)),
            serde_json::Value::Bool(b) => Ok(Value::Bool(b)),
            serde_json::Value::Number(n) => n
                .as_f64()
                .filter(|n| n.is_finite())
                .map(Value::Num)
                .ok_or_else(|| format!("number {n} out of range")),
            serde_json::Value::Null => Err("expected a string, a boolean or a number".into()),
            serde_json::Value::Array(_) | serde_json::Value::Object(_) => {
                Err("nested objects and arrays are not rule values".into())
            }
        }
    }
}

impl From<Value> for serde_json::Value {
    fn from(v: Value) -> serde_json::Value {
        match v {
            Value::Str(s) => s.into(),
            Value::Bool(b) => b.into(),
            Value::Num(n) => n.into(),
        }
    }
}

/// Parses a flat object: `{"key": value, ...}`. Keys keep their order; a key given twice is
/// refused (the two values would disagree about a rule).
pub fn parse_object(text: &str) -> Result<Vec<(String, Value)>, String> {
    let step = Cell::new(Step::Open);
    let mut de = serde_json::Deserializer::from_str(text);
    let entries = FlatObject { step: &step }
        .deserialize(&mut de)
        .and_then(|entries| de.end().map(|()| entries))
        .map_err(|e| describe(&e, step.get()))?;
    Ok(entries)
}

/// Writes a flat object with the keys in the given order.
pub fn write_object(entries: &[(&str, Value)]) -> String {
    let body: Vec<String> = entries
        .iter()
        .map(|(k, v)| {
            let key = serde_json::Value::from(*k);
            format!("{key}:{}", serde_json::Value::from(v.clone()))
        })
        .collect();
    format!("{{{}}}", body.join(","))
}

/// How far the reader got in the object, to say what was expected where the text ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Step {
    /// Before the opening brace.
    Open,
    /// Reading the first key (or the closing brace).
    FirstKey,
    /// Reading a comma and the next key (or the closing brace).
    NextKey,
    /// Reading the colon and the value of a key.
    Value,
}

/// The error as the engine states it: where (at the end, or at which character) and what
/// was expected.
fn describe(e: &serde_json::Error, step: Step) -> String {
    let full = e.to_string();
    let what = full
        .strip_suffix(&format!(" at line {} column {}", e.line(), e.column()))
        .unwrap_or(&full);
    if e.is_eof() {
        let object_open = what.contains("object");
        let expected = match step {
            Step::Open => "expected '{'",
            Step::FirstKey => "expected a string",
            Step::NextKey if object_open => "expected ',' or '}'",
            Step::NextKey => "expected a string",
            Step::Value if object_open => "expected ':'",
            Step::Value => "expected a string, a boolean or a number",
        };
        return format!("invalid JSON at the end: {expected}");
    }
    let what = match what {
        "expected value" => "expected a string, a boolean or a number",
        "expected `,` or `}`" => "expected ',' or '}'",
        "expected `:`" => "expected ':'",
        "key must be a string" => "expected a string",
        other => other,
    };
    format!("invalid JSON at character {}: {what}", e.column())
}

/// The deserializer of a flat object, recording its [`Step`] as it goes.
struct FlatObject<'a> {
    step: &'a Cell<Step>,
}

impl<'de> DeserializeSeed<'de> for FlatObject<'_> {
    type Value = Vec<(String, Value)>;

    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        d.deserialize_map(self)
    }
}

impl<'de> Visitor<'de> for FlatObject<'_> {
    type Value = Vec<(String, Value)>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("an object of strings, booleans and numbers")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        let mut out: Vec<(String, Value)> = Vec::new();
        self.step.set(Step::FirstKey);
        while let Some(key) = map.next_key::<String>()? {
            self.step.set(Step::Value);
            let value = map.next_value::<serde_json::Value>()?;
            if out.iter().any(|(k, _)| *k == key) {
                return Err(de::Error::custom(format!("duplicate key {key:?}")));
            }
            out.push((key, Value::from_json(value).map_err(de::Error::custom)?));
            self.step.set(Step::NextKey);
        }
        Ok(out)
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

    /// What the hand-written reader accepted and JSON (RFC 8259 §6, §7) does not: a leading
    /// zero (`01`), a fraction without its integer part (`-.5`), a raw tab inside a string
    /// (control characters must be escaped), and a key given twice (which this reader
    /// refuses on purpose: JSON leaves its meaning open).
    #[test]
    fn invalid_json_is_refused() {
        for (bad, why) in [
            (r#"{"komi":01}"#, "invalid number"),
            (r#"{"komi":-.5}"#, "invalid number"),
            ("{\"ko\":\"SIM\tPLE\"}", "control character"),
            (
                r#"{"ko":"SIMPLE","ko":"POSITIONAL"}"#,
                "duplicate key \"ko\"",
            ),
            (r#"{"ko":null}"#, "expected a string, a boolean or a number"),
            (r#"{"ko":{"a":1}}"#, "nested objects and arrays"),
        ] {
            let e = parse_object(bad).unwrap_err();
            assert!(e.contains(why), "{bad}: {e}");
        }
    }

    /// A character outside the Basic Multilingual Plane is escaped in JSON as a surrogate
    /// pair: `\ud83d\ude00` is U+1F600 (0x10000 + (0x3D << 10) + 0x200, worked out by hand
    /// from the pair's low ten bits each); a lone surrogate is no character.
    #[test]
    fn surrogate_pairs_are_accepted() {
        let parsed = parse_object(r#"{"name":"go \ud83d\ude00"}"#).unwrap();
        assert_eq!(
            parsed,
            vec![("name".into(), Value::Str("go \u{1F600}".into()))]
        );
        assert!(parse_object(r#"{"name":"\ud83d"}"#).is_err());
    }

    #[test]
    fn errors_say_where_and_what_was_expected() {
        let value = "expected a string, a boolean or a number";
        for (text, at, expected) in [
            ("", "the end", "expected '{'"),
            ("{", "the end", "expected a string"),
            (r#"{"a""#, "the end", "expected ':'"),
            (r#"{"a":"#, "the end", value),
            (r#"{"a":1"#, "the end", "expected ',' or '}'"),
            (r#"{"a":1,"#, "the end", "expected a string"),
            (r#"{"ko":SIMPLE}"#, "character 7", value),
        ] {
            let message = format!("invalid JSON at {at}: {expected}");
            assert_eq!(parse_object(text).unwrap_err(), message, "{text}");
        }
    }
}
