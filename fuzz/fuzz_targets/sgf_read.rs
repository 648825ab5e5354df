//! The SGF reader on arbitrary bytes: decoding and parsing never panic, every game tree
//! replays without panicking, and the collection written back parses to itself with no
//! diagnostic (writing loses nothing and produces clean SGF).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let read = tengen_sgf::read_bytes(data);
    for tree in &read.collection.trees {
        let _ = tengen_sgf::replay(tree, &Default::default());
    }
    let text = tengen_sgf::write(&read.collection);
    if read.collection.trees.is_empty() {
        assert!(text.is_empty());
        return;
    }
    let again = tengen_sgf::parse(&text);
    assert!(
        again.diagnostics.is_empty(),
        "the written text has problems: {:?}\n{text}",
        again.diagnostics
    );
    assert_eq!(again.collection, read.collection, "round trip\n{text}");
});
