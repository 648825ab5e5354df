//! The SGF tree: collections of game trees, nodes and properties (SGF `FF[4]` §3).
//!
//! Property values are kept as written (escapes included), so that a record written back
//! is the record that was read; [`crate::value`] decodes them by type.

use crate::id::PropId;
use compact_str::CompactString;
use smallvec::SmallVec;

/// A property: an identifier and its values, e.g. `AB[dd][pp]`. Equality ignores where
/// it was read.
#[derive(Clone, Debug, Eq)]
pub struct Property {
    /// The `FF[4]` identifier, upper case (`AB`; old `AddBlack` is read as `AB`).
    pub id: PropId,
    /// The values as written between the brackets, escapes included.
    pub values: SmallVec<[CompactString; 1]>,
    /// Byte offset of the identifier in the decoded text (for diagnostics).
    pub offset: u32,
}

impl PartialEq for Property {
    fn eq(&self, other: &Property) -> bool {
        self.id == other.id && self.values == other.values
    }
}

impl PartialEq for Node {
    fn eq(&self, other: &Node) -> bool {
        self.props == other.props
    }
}

impl Property {
    /// A property with one value, escaping it as SGF requires.
    pub fn new(id: &str, value: &str) -> Property {
        Property {
            id: id.into(),
            values: smallvec::smallvec![crate::value::escape(value).into()],
            offset: 0,
        }
    }

    /// A property with several values, each escaped.
    pub fn list<'a>(id: &str, values: impl IntoIterator<Item = &'a str>) -> Property {
        let values = values
            .into_iter()
            .map(|v| CompactString::from(crate::value::escape(v)))
            .collect();
        Property {
            id: id.into(),
            values,
            offset: 0,
        }
    }

    /// The first value, raw (escapes included); empty if none.
    pub fn raw(&self) -> &str {
        self.values.first().map_or("", |v| v.as_str())
    }
}

/// A node: a set of properties, e.g. `;B[dd]C[a comment]`. Equality ignores where it was
/// read.
#[derive(Clone, Debug, Default, Eq)]
pub struct Node {
    /// The properties, in the order written.
    pub props: SmallVec<[Property; 2]>,
    /// Byte offset of the node's `;` in the decoded text.
    pub offset: u32,
}

/// Whether two property identifiers are the same. Nearly every identifier has one or two
/// letters, compared here at once: comparing them as strings calls `memcmp`, which costs
/// more than the comparison (game information is looked up this way in every record).
#[inline]
pub(crate) fn same_id(a: &[u8], b: &[u8]) -> bool {
    match (a, b) {
        ([a0], [b0]) => a0 == b0,
        ([a0, a1], [b0, b1]) => a0 == b0 && a1 == b1,
        (a, b) => a == b,
    }
}

impl Node {
    /// The property with this identifier, if present.
    pub fn get(&self, id: &str) -> Option<&Property> {
        self.props
            .iter()
            .find(|p| same_id(p.id.as_bytes(), id.as_bytes()))
    }

    /// The first value of a property, raw; `None` if the property is absent.
    pub fn raw(&self, id: &str) -> Option<&str> {
        self.get(id).map(Property::raw)
    }

    /// The first value of a text property, decoded (escapes and soft line breaks removed).
    pub fn text(&self, id: &str) -> Option<String> {
        self.raw(id).map(crate::value::unescape_text)
    }

    /// Sets a property (replacing one with the same identifier) with one value, escaped.
    pub fn set(&mut self, id: &str, value: &str) {
        self.set_property(Property::new(id, value));
    }

    /// Sets a property, replacing one with the same identifier.
    pub fn set_property(&mut self, prop: Property) {
        match self.props.iter_mut().find(|p| p.id == prop.id) {
            Some(p) => *p = prop,
            None => self.props.push(prop),
        }
    }

    /// Removes a property; returns whether it was there.
    pub fn remove(&mut self, id: &str) -> bool {
        let before = self.props.len();
        self.props.retain(|p| p.id != id);
        self.props.len() != before
    }
}

/// A game tree: a sequence of nodes, then its variations (SGF `GameTree`).
///
/// Variations may nest thousands deep in hostile files, so nothing here recurses:
/// cloning, comparing, dropping and printing all walk the tree with an explicit stack.
/// `Debug` shows the tree as SGF text.
#[derive(Default)]
pub struct GameTree {
    /// The main sequence.
    pub nodes: Vec<Node>,
    /// The variations that follow the last node; the first continues the main line.
    pub variations: Vec<GameTree>,
}

impl GameTree {
    /// The root node (game information lives here), if any.
    pub fn root(&self) -> Option<&Node> {
        self.nodes.first()
    }

    /// The nodes of a line of play: the main line (`choices` empty), or at the k-th
    /// branching the variation `choices[k]` (0 is the main line). Stops when a choice
    /// names a variation that does not exist.
    pub fn line(&self, choices: &[usize]) -> Vec<&Node> {
        let mut out: Vec<&Node> = Vec::new();
        let mut tree = self;
        let mut k = 0;
        loop {
            out.extend(tree.nodes.iter());
            if tree.variations.is_empty() {
                return out;
            }
            let pick = choices.get(k).copied().unwrap_or(0);
            k += 1;
            match tree.variations.get(pick) {
                Some(t) => tree = t,
                None => return out,
            }
        }
    }

    /// Number of nodes in this tree and all its variations.
    pub fn node_count(&self) -> usize {
        let mut count = 0;
        let mut stack = vec![self];
        while let Some(t) = stack.pop() {
            count += t.nodes.len();
            stack.extend(&t.variations);
        }
        count
    }

    /// A tree with the nodes of `t` and room for its variations.
    fn shell(t: &GameTree) -> GameTree {
        GameTree {
            nodes: t.nodes.clone(),
            variations: Vec::with_capacity(t.variations.len()),
        }
    }
}

impl Clone for GameTree {
    /// Copies the tree depth first: a variation is attached to its parent's copy once
    /// all of its own variations are copied.
    fn clone(&self) -> GameTree {
        let mut stack = vec![(self, GameTree::shell(self))];
        while let Some((src, built)) = stack.last() {
            let src: &GameTree = src;
            if let Some(child) = src.variations.get(built.variations.len()) {
                stack.push((child, GameTree::shell(child)));
                continue;
            }
            let Some((_, done)) = stack.pop() else { break };
            match stack.last_mut() {
                Some((_, parent)) => parent.variations.push(done),
                None => return done,
            }
        }
        GameTree::default()
    }
}

impl PartialEq for GameTree {
    fn eq(&self, other: &GameTree) -> bool {
        let mut stack = vec![(self, other)];
        while let Some((a, b)) = stack.pop() {
            if a.nodes != b.nodes || a.variations.len() != b.variations.len() {
                return false;
            }
            stack.extend(a.variations.iter().zip(&b.variations));
        }
        true
    }
}

impl Eq for GameTree {}

impl Drop for GameTree {
    /// Drops the variations one at a time from a list, so that dropping a deep tree
    /// does not recurse once per level.
    fn drop(&mut self) {
        let mut pending = std::mem::take(&mut self.variations);
        while let Some(mut t) = pending.pop() {
            pending.append(&mut t.variations);
        }
    }
}

impl std::fmt::Debug for GameTree {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut text = String::new();
        crate::write::write_tree(self, &mut text);
        f.debug_tuple("GameTree").field(&text).finish()
    }
}

/// A collection: one or more game trees (one SGF file).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Collection {
    /// The game trees, in file order.
    pub trees: Vec<GameTree>,
}
