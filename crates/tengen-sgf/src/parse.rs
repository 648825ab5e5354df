//! The SGF reader: `FF[4]` in full, `FF[1]`-`FF[3]` leniently, with a diagnostic (line and
//! column) for every problem instead of a failure wherever the text can still be read.

use crate::id::PropId;
use crate::tree::{Collection, GameTree, Node, Property};
use compact_str::CompactString;
use smallvec::SmallVec;
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

/// How deeply variations may nest; deeper ones are cut off with an error.
pub const MAX_DEPTH: usize = 10_000;

/// Adds a closed tree to its parent. Parentheses around variations with no node between
/// give a nodeless tree: its variations become the parent's (SGF needs a node in every
/// tree, so it could not be written back as it is).
fn attach(parent: &mut GameTree, child: Option<GameTree>) {
    let Some(mut child) = child else { return };
    if child.nodes.is_empty() {
        parent.variations.append(&mut child.variations);
    } else {
        parent.variations.push(child);
    }
}

/// The number of `;` in `text` before its first parenthesis, by vectorised searches (a
/// byte-by-byte search for the parenthesis cost more than reading the nodes it counts).
fn semicolons_before_parenthesis(text: &[u8]) -> usize {
    let end = memchr::memchr2(b'(', b')', text).unwrap_or(text.len());
    memchr::memchr_iter(b';', &text[..end]).count()
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
        if let Some(mut t) = p.tree() {
            // A nodeless tree around whole games, `((;GM[1]...)(;GM[1]...))`: the games.
            if t.nodes.is_empty() {
                trees.append(&mut t.variations);
            } else {
                trees.push(t);
            }
        }
    }
    if trees.is_empty() {
        p.error(0, "no game tree found: an SGF file starts with \"(;\"");
    }
    // Line starts are needed only to place problems; most files have none.
    let index = if p.problems.is_empty() {
        LineIndex { starts: vec![0] }
    } else {
        LineIndex::new(text)
    };
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

    /// `( sequence variations )`, starting at `(`, with its variations nested to any
    /// depth up to [`MAX_DEPTH`]. Iterative, with the open trees on an explicit stack, so
    /// that hostile nesting cannot overflow the call stack.
    fn tree(&mut self) -> Option<GameTree> {
        // The trees opened and not yet closed, each with the offset of its `(`.
        let mut open: Vec<(usize, GameTree)> = vec![(self.i, self.new_tree())];
        self.i += 1;
        loop {
            self.skip_ws();
            match self.peek() {
                Some(b';') => {
                    if let Some((_, top)) = open.last_mut() {
                        let nodes = self.nodes_for(top);
                        if self.move_node(nodes) {
                            continue;
                        }
                        // The node is read in its place in the tree, not moved there.
                        nodes.push(Node {
                            props: Default::default(),
                            offset: self.i as u32,
                        });
                        if let Some(n) = nodes.last_mut() {
                            self.node(n);
                        }
                    }
                }
                Some(b'(') if open.len() > MAX_DEPTH => {
                    self.error(
                        self.i,
                        "variations nested more than 10000 deep: the rest is ignored",
                    );
                    self.i = self.b.len();
                }
                Some(b'(') => {
                    open.push((self.i, self.new_tree()));
                    self.i += 1;
                }
                Some(b')') => {
                    self.i += 1;
                    let (at, closed) = open.pop()?;
                    let closed = self.finish(at, closed);
                    match open.last_mut() {
                        Some((_, parent)) => attach(parent, closed),
                        None => return closed,
                    }
                }
                None => return self.close_all(open),
                Some(_) => self.stray_text(),
            }
        }
    }

    /// An empty tree opening at `(`, with room for the nodes up to the next parenthesis:
    /// a game's nodes would otherwise be copied to a larger list again and again (a node
    /// is some 170 bytes). A `;` inside a comment only makes the room a little larger.
    fn new_tree(&self) -> GameTree {
        let ahead = self.b.get(self.i + 1..).unwrap_or_default();
        GameTree {
            nodes: Vec::with_capacity(semicolons_before_parenthesis(ahead)),
            variations: Vec::new(),
        }
    }

    /// Where a node read inside `tree` goes: its sequence, or after its variations (as
    /// damaged files have it) the last variation's.
    fn nodes_for<'t>(&mut self, tree: &'t mut GameTree) -> &'t mut Vec<Node> {
        match tree.variations.last_mut() {
            Some(last) => {
                self.warn(
                    self.i,
                    "node after a variation: read as part of the last variation",
                );
                &mut last.nodes
            }
            None => &mut tree.nodes,
        }
    }

    /// A tree just closed: `None` if empty; one without a node is said to be odd (its
    /// variations take its place, see [`attach`]).
    fn finish(&mut self, open: usize, tree: GameTree) -> Option<GameTree> {
        if tree.nodes.is_empty() && tree.variations.is_empty() {
            self.warn(open, "empty game tree ignored");
            return None;
        }
        if tree.nodes.is_empty() {
            self.warn(
                open,
                "game tree without a node before its variations: the variations are read in its place",
            );
        }
        Some(tree)
    }

    /// The end of the text with trees still open: each is closed, with one warning.
    fn close_all(&mut self, mut open: Vec<(usize, GameTree)>) -> Option<GameTree> {
        let outermost = open.first().map_or(0, |(at, _)| *at);
        let message = match open.len() {
            1 => "game tree not closed: \")\" added at the end".to_string(),
            k => format!("{k} game trees not closed: \")\" added at the end for each"),
        };
        self.warn(outermost, &message);
        let mut done: Option<GameTree> = None;
        while let Some((at, mut tree)) = open.pop() {
            attach(&mut tree, done.take());
            // Empty ones are dropped without a word: the warning above covers them.
            let empty = tree.nodes.is_empty() && tree.variations.is_empty();
            done = if empty { None } else { self.finish(at, tree) };
        }
        done
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

    /// `; property*`, starting at `;`, read into `node`.
    fn node(&mut self, node: &mut Node) {
        self.i += 1;
        loop {
            self.skip_ws();
            match self.peek() {
                Some(c) if c.is_ascii_alphabetic() => {
                    if !self.lone_move(node) {
                        self.property(node)
                    }
                }
                Some(b';' | b'(' | b')') | None => return,
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

    /// The most frequent node, a lone move with a two-letter value (`;B[pd]`), read at
    /// once into `nodes` from its `;`; false (nothing read) for any other node.
    fn move_node(&mut self, nodes: &mut Vec<Node>) -> bool {
        let at = self.i;
        let Some(&[b';', c, b'[', x, y, b']']) = self.b.get(at..at + 6) else {
            return false;
        };
        let id = match c {
            b'B' => PropId::B,
            b'W' => PropId::W,
            _ => return false,
        };
        // The node must end there: the next node or a parenthesis after any white space.
        let mut end = at + 6;
        while self.b.get(end).is_some_and(u8::is_ascii_whitespace) {
            end += 1;
        }
        let ends = matches!(self.b.get(end), None | Some(b';' | b'(' | b')'));
        if !(ends && x.is_ascii_alphabetic() && y.is_ascii_alphabetic()) {
            return false;
        }
        let value = self.text.get(at + 3..at + 5).unwrap_or_default();
        let mut props = SmallVec::new();
        props.push(Property {
            id,
            values: smallvec::smallvec![CompactString::new(value)],
            offset: at as u32 + 1,
        });
        nodes.push(Node {
            props,
            offset: at as u32,
        });
        self.i = end;
        true
    }

    /// The most frequent property, a move (`B[pd]`, `W[dc]`) with one two-letter value
    /// first in its node, read at once into `node`; false (nothing read) for anything else,
    /// which [`Parser::property`] reads.
    fn lone_move(&mut self, node: &mut Node) -> bool {
        let start = self.i;
        let Some(&[c, b'[', x, y, b']']) = self.b.get(start..start + 5) else {
            return false;
        };
        let id = match c {
            b'B' => PropId::B,
            b'W' => PropId::W,
            _ => return false,
        };
        let point = x.is_ascii_alphabetic() && y.is_ascii_alphabetic();
        if !point || !node.props.is_empty() {
            return false;
        }
        self.i = start + 5;
        self.skip_ws();
        if self.peek() == Some(b'[') {
            // More values follow: the general reader takes the property from the start.
            self.i = start;
            return false;
        }
        let value = self.text.get(start + 2..start + 4).unwrap_or_default();
        node.props.push(Property {
            id,
            values: smallvec::smallvec![CompactString::new(value)],
            offset: start as u32,
        });
        true
    }

    /// `Ident value+`, added to `node`; a repeated identifier in one node has its values
    /// merged. Old identifiers with lower-case letters (`AddBlack`, `White`) keep their
    /// capitals (`FF[3]` → `FF[4]`); an all-lower-case one is upper-cased.
    fn property(&mut self, node: &mut Node) {
        let start = self.i;
        while self.peek().is_some_and(|c| c.is_ascii_alphabetic()) {
            self.i += 1;
        }
        let word = &self.text[start..self.i];
        let id = if word.bytes().all(|b| b.is_ascii_uppercase()) {
            // FF[4]: the identifier as it is (nearly every one).
            PropId::new(word)
        } else {
            let upper: String = word.chars().filter(char::is_ascii_uppercase).collect();
            if upper.is_empty() {
                PropId::new(&word.to_ascii_uppercase())
            } else {
                PropId::new(&upper)
            }
        };
        self.skip_ws();
        if self.peek() != Some(b'[') {
            self.warn(
                start,
                &format!("stray text \"{word}\" ignored (no value follows)"),
            );
            return;
        }
        let k = match node.props.iter().position(|q| q.id == id) {
            Some(k) => {
                self.warn(
                    start,
                    &format!("property {id} repeated in a node: values merged"),
                );
                k
            }
            None => {
                // Made with its first value, the property is moved into the node once.
                let first = self.value();
                self.skip_ws();
                node.props.push(Property {
                    id,
                    values: smallvec::smallvec![first],
                    offset: start as u32,
                });
                node.props.len() - 1
            }
        };
        while self.peek() == Some(b'[') {
            let v = self.value();
            if let Some(p) = node.props.get_mut(k) {
                p.values.push(v);
            }
            self.skip_ws();
        }
    }

    /// `[ ... ]`, escapes kept as written. An unterminated value runs to the end.
    fn value(&mut self) -> CompactString {
        let open = self.i;
        let start = open + 1;
        let bytes = self.b;
        // Most values are points, two letters: copied at a known length, with no search.
        if let Some(&[a, b, b']']) = bytes.get(start..start + 3) {
            if a.is_ascii_alphabetic() && b.is_ascii_alphabetic() {
                self.i = start + 3;
                let pair = self.text.get(start..start + 2).unwrap_or_default();
                return CompactString::new(pair);
            }
        }
        // A vectorised search from escape to escape (comments are most of some files).
        let mut j = start;
        while let Some(k) = bytes
            .get(j..)
            .and_then(|rest| memchr::memchr2(b']', b'\\', rest))
        {
            j += k;
            if bytes[j] == b']' {
                self.i = j + 1;
                // `]` is ASCII, so `j` is a character boundary (as `start` is, after `[`).
                return CompactString::new(self.text.get(start..j).unwrap_or_default());
            }
            j += 2;
        }
        self.i = self.b.len();
        self.error(
            open,
            "value not closed by \"]\": read to the end of the file",
        );
        // The value runs to the end, less a last backslash that escapes nothing: kept, it
        // would escape the `]` the writer closes the value with.
        let len = bytes.len();
        let end = if j > len { len - 1 } else { len };
        CompactString::new(self.text.get(start.min(end)..end).unwrap_or_default())
    }
}

#[cfg(test)]
mod tests {
    use super::semicolons_before_parenthesis as count;

    /// The values of each property of the second node of `text`, and the warnings.
    fn second_node(text: &str) -> (Vec<(String, Vec<String>, u32)>, usize) {
        let parsed = super::parse(text);
        let node = &parsed.collection.trees[0].nodes[1];
        let props = node.props.iter().map(|p| {
            let values = p.values.iter().map(|v| v.to_string()).collect();
            (p.id.to_string(), values, p.offset)
        });
        (props.collect(), parsed.diagnostics.len())
    }

    /// Moves read at once (`lone_move`) and those the general reader takes read alike;
    /// values end at the first unescaped `]`, or at the end of the text.
    #[test]
    fn properties_read_with_their_values_and_places() {
        let one = |id: &str, vs: &[&str], at| {
            (
                id.to_string(),
                vs.iter().map(|v| v.to_string()).collect(),
                at,
            )
        };
        let cases = [
            ("(;;B[aa])", vec![one("B", &["aa"], 3)], 0),
            ("(;;W[bc]\n;B[dd])", vec![one("W", &["bc"], 3)], 0),
            ("(;;W[bc]\t(;B[dd]))", vec![one("W", &["bc"], 3)], 0),
            ("(;;W[bc]", vec![one("W", &["bc"], 3)], 1),
            ("(;;W[bc]x;B[dd])", vec![one("W", &["bc"], 3)], 1),
            ("(;;w[bc])", vec![one("W", &["bc"], 3)], 0),
            ("(;;B[aa][bb])", vec![one("B", &["aa", "bb"], 3)], 0),
            ("(;;B[aa] \n [bb])", vec![one("B", &["aa", "bb"], 3)], 0),
            ("(;;B[aa]B[bb])", vec![one("B", &["aa", "bb"], 3)], 1),
            (
                "(;;B[aa]W[bb])",
                vec![one("B", &["aa"], 3), one("W", &["bb"], 8)],
                0,
            ),
            (
                "(;;C[x]B[aa])",
                vec![one("C", &["x"], 3), one("B", &["aa"], 7)],
                0,
            ),
            ("(;;B[a])", vec![one("B", &["a"], 3)], 0),
            ("(;;B[])", vec![one("B", &[""], 3)], 0),
            ("(;;B[a\\]])", vec![one("B", &["a\\]"], 3)], 0),
            ("(;;BL[aa])", vec![one("BL", &["aa"], 3)], 0),
            ("(;;C[a\\]b\\\\])", vec![one("C", &["a\\]b\\\\"], 3)], 0),
            // Unterminated: to the end, less a backslash that escapes nothing.
            ("(;;C[a\\]b", vec![one("C", &["a\\]b"], 3)], 2),
            ("(;;C[ab\\", vec![one("C", &["ab"], 3)], 2),
            ("(;;C[a\\b", vec![one("C", &["a\\b"], 3)], 2),
        ];
        for (text, props, warnings) in cases {
            assert_eq!(second_node(text), (props, warnings), "{text}");
        }
    }

    /// The block count agrees with a plain count at every length and parenthesis place.
    #[test]
    fn counts_semicolons_up_to_the_first_parenthesis() {
        for len in 0..100usize {
            for paren in [
                None,
                Some(0usize),
                Some(len / 2),
                Some(len.saturating_sub(1)),
            ] {
                let mut text: Vec<u8> = (0..len).map(|k| b";B[aa]\n"[k % 7]).collect();
                if let Some(p) = paren.filter(|&p| p < len) {
                    text[p] = if p % 2 == 0 { b'(' } else { b')' };
                }
                let end = text.iter().position(|&c| c == b'(' || c == b')');
                let want = text[..end.unwrap_or(len)].iter().filter(|&&c| c == b';');
                assert_eq!(count(&text), want.count(), "{len} {paren:?}");
            }
        }
    }
}
