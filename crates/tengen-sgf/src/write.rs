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

fn write_tree(t: &GameTree, out: &mut String) {
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
    for v in &t.variations {
        out.push('\n');
        write_tree(v, out);
    }
    out.push(')');
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
