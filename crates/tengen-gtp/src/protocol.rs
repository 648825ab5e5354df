//! GTP v2 framing: cleaning an input line, splitting it into id, command and arguments,
//! and writing a response (GTP v2 specification, sections 2.2-2.5 and 3.4-3.6).

/// One command line after preprocessing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Parsed {
    /// Nothing to do: an empty, blank or comment-only line gets no response (GTP 2.2).
    Empty,
    /// A command: optional numeric id, lower-cased name, arguments.
    Command {
        /// The id as written (digits only), echoed in the response.
        id: Option<String>,
        /// The command name, lower-cased: names are matched without regard to case.
        name: String,
        /// The arguments, split on spaces.
        args: Vec<String>,
    },
    /// An id with no command after it.
    MissingCommand {
        /// The id as written.
        id: String,
    },
}

/// Cleans a raw line as GTP 2.2 says: control characters other than tab and newline are
/// removed, everything from `#` on is a comment, tabs become spaces; surrounding white
/// space is dropped.
pub fn preprocess(raw: &str) -> String {
    let without_comment = raw.split('#').next().unwrap_or("");
    without_comment
        .chars()
        .filter(|&c| !c.is_control() || c == '\t')
        .map(|c| if c == '\t' { ' ' } else { c })
        .collect::<String>()
        .trim()
        .to_string()
}

/// Parses a raw input line (GTP 2.3: `[id] command_name [arguments]`).
pub fn parse(raw: &str) -> Parsed {
    let clean = preprocess(raw);
    let mut words = clean.split(' ').filter(|w| !w.is_empty());
    let Some(first) = words.next() else {
        return Parsed::Empty;
    };
    let (id, name) = if first.bytes().all(|b| b.is_ascii_digit()) {
        match words.next() {
            Some(name) => (Some(first.to_string()), name),
            None => {
                return Parsed::MissingCommand {
                    id: first.to_string(),
                }
            }
        }
    } else {
        (None, first)
    };
    Parsed::Command {
        id,
        name: name.to_lowercase(),
        args: words.map(str::to_string).collect(),
    }
}

/// A success response: `=[id] result` and the blank line that ends every response.
pub fn success(id: Option<&str>, body: &str) -> String {
    response('=', id, body)
}

/// A failure response: `?[id] message` and the closing blank line.
pub fn failure(id: Option<&str>, message: &str) -> String {
    response('?', id, message)
}

/// Writes a response. A blank line inside the body would end the response early for the
/// controller (GTP 3.4), so blank lines after the first line are dropped; the first line
/// may be empty, which puts a multi-line body (a board) on lines of its own.
fn response(status: char, id: Option<&str>, body: &str) -> String {
    let mut lines = body.trim_end().split('\n');
    let mut out = format!("{status}{} ", id.unwrap_or(""));
    out.push_str(lines.next().unwrap_or("").trim_end());
    for line in lines.filter(|l| !l.trim().is_empty()) {
        out.push('\n');
        out.push_str(line.trim_end());
    }
    out.push_str("\n\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn command(id: Option<&str>, name: &str, args: &[&str]) -> Parsed {
        Parsed::Command {
            id: id.map(str::to_string),
            name: name.to_string(),
            args: args.iter().map(|s| s.to_string()).collect(),
        }
    }

    #[test]
    fn preprocessing_follows_gtp_2_2() {
        assert_eq!(preprocess("play\tb\td4\r"), "play b d4");
        assert_eq!(preprocess("  name # a comment"), "name");
        assert_eq!(preprocess("# only a comment"), "");
        assert_eq!(preprocess("na\u{7}me\u{0}"), "name");
    }

    #[test]
    fn ids_names_and_arguments() {
        assert_eq!(
            parse("12 PLAY b  D4"),
            command(Some("12"), "play", &["b", "D4"])
        );
        assert_eq!(parse("name"), command(None, "name", &[]));
        assert_eq!(parse("   \t "), Parsed::Empty);
        assert_eq!(parse("7"), Parsed::MissingCommand { id: "7".into() });
        // Not an id: GTP ids are non-negative integers.
        assert_eq!(parse("-3 name"), command(None, "-3", &["name"]));
    }

    #[test]
    fn responses_end_with_a_blank_line() {
        assert_eq!(success(None, ""), "= \n\n");
        assert_eq!(success(Some("3"), "2"), "=3 2\n\n");
        assert_eq!(
            failure(Some("4"), "unknown command"),
            "?4 unknown command\n\n"
        );
        assert_eq!(success(None, "\na\n\nb\n"), "= \na\nb\n\n");
    }
}
