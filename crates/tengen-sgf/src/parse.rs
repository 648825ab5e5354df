//! The SGF reader: FF[4] in full, FF[1]-FF[3] leniently, with a diagnostic (line and
//! column) for every problem instead of a failure wherever the text can still be read.

use crate::tree::{Collection, GameTree, Node, Property};
use compact_str::CompactString;
use std::fmt;

/// How bad a problem is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Severity {
    /// Damage that was repaired or ignored (stray text, a missing `)`).
    Warning,
    /// Something was lost or is wrong (an unterminated value).
    Error,
}

/// A problem found while reading, at a place in the text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// How bad it is.
    pub severity: Severity,
    /// 1-based line.
    pub line: u32,
    /// 1-based column, in characters.
    pub column: u32,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sev = match self.severity {
            Severity::Warning => "warning",
            Severity::Error => "error",
        };
        write!(f, "{}:{}: {sev}: {}", self.line, self.column, self.message)
    }
}

/// Turns byte offsets into line and column numbers.
#[derive(Clone, Debug)]
pub struct LineIndex {
    starts: Vec<u32>,
}

impl LineIndex {
    /// Indexes the line starts of `text`.
    pub fn new(text: &str) -> LineIndex {
        let mut starts = vec![0];
        starts.extend(
            text.bytes()
                .enumerate()
                .filter(|(_, b)| *b == b'\n')
                .map(|(i, _)| i as u32 + 1),
        );
        LineIndex { starts }
    }

    /// The 1-based line and column (in characters) of byte `offset` of `text`.
    pub fn locate(&self, text: &str, offset: u32) -> (u32, u32) {
        let line = self.starts.partition_point(|&s| s <= offset).max(1) - 1;
        let start = self.starts[line] as usize;
        let end = (offset as usize).min(text.len());
        let column = text
            .get(start..end)
            .map_or(end - start, |s| s.chars().count());
        (line as u32 + 1, column as u32 + 1)
    }
}

/// What the parser produced.
#[derive(Clone, Debug)]
pub struct Parsed {
    /// The game trees read.
    pub collection: Collection,
    /// Problems found, in text order.
    pub diagnostics: Vec<Diagnostic>,
}

struct Parser<'a> {
    text: &'a str,
    b: &'a [u8],
    i: usize,
    problems: Vec<(Severity, u32, String)>,
}

/// Reads SGF text (already decoded to UTF-8; see [`crate::read_bytes`] for files).
pub fn parse(text: &str) -> Parsed {
    let mut p = Parser {
        text,
        b: text.as_bytes(),
        i: 0,
        problems: Vec::new(),
    };
    let mut trees = Vec::new();
    loop {
        let junk_start = p.i;
        while p.i < p.b.len() && p.b[p.i] != b'(' {
            p.i += 1;
        }
        // Text outside game trees is allowed before the first one (mail headers, notes).
        if !trees.is_empty() && p.text[junk_start..p.i].trim().chars().any(|c| c != ')') {
            p.warn(junk_start, "text between game trees ignored");
        }
        if p.i >= p.b.len() {
            break;
        }
        if let Some(t) = p.tree() {
            trees.push(t);
        }
    }
    if trees.is_empty() {
        p.error(0, "no game tree found: an SGF file starts with \"(;\"");
    }
    let index = LineIndex::new(text);
    let diagnostics = p
        .problems
        .into_iter()
        .map(|(severity, off, message)| {
            let (line, column) = index.locate(text, off);
            Diagnostic {
                severity,
                line,
                column,
                message,
            }
        })
        .collect();
    Parsed {
        collection: Collection { trees },
        diagnostics,
    }
}

impl Parser<'_> {
    fn warn(&mut self, at: usize, msg: &str) {
        self.problems
            .push((Severity::Warning, at as u32, msg.to_string()));
    }

    fn error(&mut self, at: usize, msg: &str) {
        self.problems
            .push((Severity::Error, at as u32, msg.to_string()));
    }

    fn skip_ws(&mut self) {
        while self.i < self.b.len() && self.b[self.i].is_ascii_whitespace() {
            self.i += 1;
        }
    }

    fn peek(&self) -> Option<u8> {
        self.b.get(self.i).copied()
    }

    /// `( sequence variations )`, starting at `(`. Trees nest only as deep as the text,
    /// so the recursion is bounded by an explicit depth limit against hostile input.
    fn tree(&mut self) -> Option<GameTree> {
        self.tree_at_depth(0)
    }

    fn tree_at_depth(&mut self, depth: usize) -> Option<GameTree> {
        let open = self.i;
        self.i += 1; // '('
        if depth > 10_000 {
            self.error(
                open,
                "variations nested more than 10000 deep: the rest is ignored",
            );
            self.i = self.b.len();
            return None;
        }
        let mut tree = GameTree::default();
        loop {
            self.skip_ws();
            match self.peek() {
                Some(b';') => {
                    if !tree.variations.is_empty() {
                        self.warn(
                            self.i,
                            "node after a variation: read as part of the last variation",
                        );
                        let n = self.node();
                        if let Some(last) = tree.variations.last_mut() {
                            last.nodes.push(n);
                        }
                    } else {
                        let n = self.node();
                        tree.nodes.push(n);
                    }
                }
                Some(b'(') => {
                    if let Some(t) = self.tree_at_depth(depth + 1) {
                        tree.variations.push(t);
                    }
                }
                Some(b')') => {
                    self.i += 1;
                    break;
                }
                None => {
                    self.warn(open, "game tree not closed: \")\" added at the end");
                    break;
                }
                Some(_) => self.stray_text(),
            }
        }
        if tree.nodes.is_empty() && tree.variations.is_empty() {
            self.warn(open, "empty game tree ignored");
            return None;
        }
        if tree.nodes.is_empty() {
            self.warn(open, "game tree without a node before its variations");
        }
        Some(tree)
    }

    /// Skips text that belongs to no node or property, with one warning.
    fn stray_text(&mut self) {
        let start = self.i;
        while let Some(c) = self.peek() {
            if matches!(c, b';' | b'(' | b')') {
                break;
            }
            self.i += 1;
        }
        self.warn(start, "stray text between nodes ignored");
    }

    /// `; property*`, starting at `;`.
    fn node(&mut self) -> Node {
        let mut node = Node {
            props: Default::default(),
            offset: self.i as u32,
        };
        self.i += 1;
        loop {
            self.skip_ws();
            match self.peek() {
                Some(c) if c.is_ascii_alphabetic() => {
                    if let Some(p) = self.property() {
                        self.add(&mut node, p);
                    }
                }
                Some(b';' | b'(' | b')') | None => return node,
                Some(b'[') => {
                    // A value with no identifier: keep reading, but say so.
                    let at = self.i;
                    let _ = self.value();
                    self.warn(at, "value without a property identifier ignored");
                }
                Some(_) => {
                    let start = self.i;
                    while let Some(c) = self.peek() {
                        if c.is_ascii_alphabetic() || matches!(c, b';' | b'(' | b')' | b'[') {
                            break;
                        }
                        self.i += 1;
                    }
                    self.warn(start, "stray text in a node ignored");
                }
            }
        }
    }

    /// Adds a property; a repeated identifier in one node has its values merged.
    fn add(&mut self, node: &mut Node, p: Property) {
        match node.props.iter_mut().find(|q| q.id == p.id) {
            Some(q) => {
                self.warn(
                    p.offset as usize,
                    &format!("property {} repeated in a node: values merged", p.id),
                );
                q.values.extend(p.values);
            }
            None => node.props.push(p),
        }
    }

    /// `Ident value+`. Old identifiers with lower-case letters (`AddBlack`, `White`) keep
    /// their capitals (FF[3] → FF[4]); an all-lower-case one is upper-cased.
    fn property(&mut self) -> Option<Property> {
        let start = self.i;
        while self.peek().is_some_and(|c| c.is_ascii_alphabetic()) {
            self.i += 1;
        }
        let word = &self.text[start..self.i];
        let upper: CompactString = word.chars().filter(char::is_ascii_uppercase).collect();
        let id = if upper.is_empty() {
            word.to_ascii_uppercase().into()
        } else {
            upper
        };
        self.skip_ws();
        if self.peek() != Some(b'[') {
            self.warn(
                start,
                &format!("stray text \"{word}\" ignored (no value follows)"),
            );
            return None;
        }
        let mut prop = Property {
            id,
            values: Default::default(),
            offset: start as u32,
        };
        while self.peek() == Some(b'[') {
            prop.values.push(self.value());
            self.skip_ws();
        }
        Some(prop)
    }

    /// `[ ... ]`, escapes kept as written. An unterminated value runs to the end.
    fn value(&mut self) -> CompactString {
        let open = self.i;
        self.i += 1;
        let start = self.i;
        while let Some(c) = self.peek() {
            match c {
                b'\\' => self.i += 2,
                b']' => {
                    let v = &self.text[start..self.i];
                    self.i += 1;
                    return v.into();
                }
                _ => self.i += 1,
            }
        }
        self.i = self.b.len();
        self.error(
            open,
            "value not closed by \"]\": read to the end of the file",
        );
        let end = self.b.len();
        // An escape at the very end may point past it; cut at a character boundary.
        let mut e = end;
        while !self.text.is_char_boundary(e) {
            e -= 1;
        }
        self.text[start.min(e)..e].into()
    }
}
