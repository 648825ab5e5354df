//! The SGF writer: values are written as they are stored (already escaped), one node per
//! `;`, a line break between moves every few nodes so that files stay readable.

use crate::tree::{Collection, GameTree, Node};

/// Writes a collection as SGF text.
pub fn write(c: &Collection) -> String {
    let mut out = String::new();
    for t in &c.trees {
        write_tree(t, &mut out);
        out.push('\n');
    }
    out
}

/// Writes one game tree: `(`, its nodes, each variation on a new line, `)`. Iterative
/// (a stack of trees to open and `)` to close), for trees nested any depth.
pub(crate) fn write_tree(root: &GameTree, out: &mut String) {
    // `Some(tree)`: write this tree; `None`: close the innermost open one.
    let mut stack: Vec<Option<&GameTree>> = vec![Some(root)];
    while let Some(item) = stack.pop() {
        let Some(t) = item else {
            out.push(')');
            continue;
        };
        if !std::ptr::eq(t, root) {
            out.push('\n');
        }
        out.push('(');
        for (k, n) in t.nodes.iter().enumerate() {
            if k > 0 && k % 10 == 0 {
                out.push('\n');
            }
            write_node(n, out);
            if k == 0 && t.nodes.len() > 1 {
                out.push('\n');
            }
        }
        stack.push(None);
        stack.extend(t.variations.iter().rev().map(Some));
    }
}

fn write_node(n: &Node, out: &mut String) {
    out.push(';');
    for p in &n.props {
        out.push_str(&p.id);
        if p.values.is_empty() {
            out.push_str("[]");
        }
        for v in &p.values {
            out.push('[');
            out.push_str(v);
            out.push(']');
        }
    }
}
