//! Prints the board of a record before a given move (development aid).
#![forbid(unsafe_code)]
fn main() {
    let a: Vec<String> = std::env::args().collect();
    let bytes = std::fs::read(&a[1]).unwrap();
    let n: usize = a[2].parse().unwrap();
    let r = tengen_sgf::read_bytes(&bytes);
    let o = tengen_sgf::ReadOptions {
        max_moves: Some(n - 1),
        ..Default::default()
    };
    let rep = tengen_sgf::replay(&r.collection.trees[0], &o);
    let last = rep.game.moves().last().and_then(|m| m.mv.point());
    println!("{}", rep.game.board().to_text_with_coordinates(last));
    let all = tengen_sgf::replay(&r.collection.trees[0], &Default::default());
    for (k, m) in all
        .game
        .moves()
        .iter()
        .enumerate()
        .skip(n.saturating_sub(6))
        .take(8)
    {
        println!(
            "{} {} {} cap {:?}",
            k + 1,
            m.color,
            m.mv.to_gtp(all.game.size()).unwrap_or_default(),
            m.captured().len()
        );
    }
}
