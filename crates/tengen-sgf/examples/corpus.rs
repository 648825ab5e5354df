//! Reads every record under a folder and prints the problems: a development aid.
#![forbid(unsafe_code)]
use std::path::Path;

fn main() {
    let dir = std::env::args().nth(1).unwrap_or("/usr/share/goban".into());
    let mut files: Vec<_> = std::fs::read_dir(Path::new(&dir))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    let (mut moves, mut problems) = (0, 0);
    for f in &files {
        let bytes = std::fs::read(f).unwrap();
        let r = tengen_sgf::read_bytes(&bytes);
        let idx = tengen_sgf::LineIndex::new(&r.text);
        for d in &r.diagnostics {
            println!("{}:{d}", f.display());
            problems += 1;
        }
        for t in &r.collection.trees {
            let rep = tengen_sgf::replay(t, &Default::default());
            moves += rep.moves;
            for p in &rep.problems {
                let (l, c) = idx.locate(&r.text, p.offset);
                println!("{}:{l}:{c}: {}", f.display(), p.kind);
                problems += 1;
            }
        }
        let again = tengen_sgf::parse(&tengen_sgf::write(&r.collection));
        if again.collection != r.collection {
            println!("{}: round trip differs", f.display());
        }
    }
    println!("{} files, {moves} moves, {problems} problems", files.len());
}
