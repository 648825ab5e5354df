//! Shared by the estimator's examples: reading one record file.

/// The first game of the record file at `path`; ends the program with a message where
/// the file cannot be read or holds no game.
pub fn first_game(path: &str) -> tengen_sgf::tree::GameTree {
    let bytes = std::fs::read(path).unwrap_or_else(|e| {
        eprintln!("{path}: {e}");
        std::process::exit(2);
    });
    let read = tengen_sgf::read_bytes(&bytes);
    let Some(tree) = read.collection.trees.into_iter().next() else {
        eprintln!("{path}: no game in the file");
        std::process::exit(2);
    };
    tree
}
