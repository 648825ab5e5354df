//! Shows the estimator's view of one record (development aid).
fn main() {
    let a: Vec<String> = std::env::args().collect();
    let read = tengen_sgf::read_bytes(&std::fs::read(&a[1]).unwrap());
    let r = tengen_sgf::replay(&read.collection.trees[0], &Default::default());
    let est = tengen::estimate::estimate(r.game.board(), Default::default());
    let b = r.game.board();
    let size = b.size();
    for y in 0..size.height {
        let mut line = String::new();
        for x in 0..size.width {
            let p = tengen::Point::new(x, y);
            let o = est.ownership[y as usize * size.width as usize + x as usize];
            let ch = match b.get(p) {
                Some(c) if est.dead.contains(&p) => {
                    if c == tengen::Color::Black {
                        'x'
                    } else {
                        'o'
                    }
                }
                Some(c) => c.stone_char(),
                None if est.fills.iter().any(|f| f.0 == p) => '#',
                None if o > 0.5 => '+',
                None if o < -0.5 => '-',
                None => '.',
            };
            line.push(' ');
            line.push(ch);
        }
        println!("{line}");
    }
    let s = tengen::score::score_with_fills(&r.game, &est.dead, &est.fills);
    println!("{s}\nrecord: {:?} moves {}", r.result, r.moves);
}
