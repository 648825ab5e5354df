//! Parse + replay speed over a folder of records, one thread (development aid):
//! `speed [DIR [PASSES]]`, 10 passes by default (1 under callgrind is plenty).
#![forbid(unsafe_code)]
fn main() {
    let dir = std::env::args().nth(1).unwrap_or("/usr/share/goban".into());
    let passes: usize = std::env::args().nth(2).map_or(10, |p| p.parse().unwrap());
    let files: Vec<Vec<u8>> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| std::fs::read(e.unwrap().path()).unwrap())
        .collect();
    let t = std::time::Instant::now();
    let (mut games, mut moves) = (0usize, 0usize);
    for _ in 0..passes {
        for b in &files {
            let r = tengen_sgf::read_bytes(b);
            for tree in &r.collection.trees {
                let rep = tengen_sgf::replay(tree, &Default::default());
                games += 1;
                moves += rep.moves;
            }
        }
    }
    let s = t.elapsed().as_secs_f64();
    println!(
        "{games} games, {moves} moves in {s:.2}s: {:.0} games/s, {:.0} moves/s ({:.0} moves/game)",
        games as f64 / s,
        moves as f64 / s,
        moves as f64 / games as f64
    );
}
