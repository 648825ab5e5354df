//! Random games driven through `legal_mask_into`, as the Python benchmark drives them: for
//! callgrind instruction counts of the rules engine's share. `mask_games SIZE RULES GAMES`.
use tengen::{Game, Move, Rng, Rules, Size};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let n: u8 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(19);
    let rules: Rules = args
        .get(2)
        .map_or("chinese", |s| s.as_str())
        .parse()
        .expect("rules");
    let games: usize = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(10);
    let size = Size::square(n).expect("size");
    let points = size.points();
    let mut rng = Rng::new(7);
    let mut mask = vec![false; points];
    let mut legal = Vec::with_capacity(points);
    let mut moves = 0usize;
    for _ in 0..games {
        let mut g = Game::new(size, rules.clone());
        for _ in 0..3 * points {
            g.legal_mask_into(&mut mask);
            legal.clear();
            legal.extend(mask.iter().enumerate().filter(|(_, &l)| l).map(|(k, _)| k));
            let mv = if legal.is_empty() {
                Move::Pass
            } else {
                let k = legal[rng.below(legal.len() as u32) as usize];
                Move::Play(tengen::Point::new(
                    (k % n as usize) as u8,
                    (k / n as usize) as u8,
                ))
            };
            g.play(mv).expect("a legal move");
            moves += 1;
            if g.is_over() {
                break;
            }
        }
    }
    println!("{moves} moves");
}
