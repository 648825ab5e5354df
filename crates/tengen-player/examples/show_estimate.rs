//! Shows the estimator's view of one record (development aid): stones (`x`/`o` dead),
//! border and teire fills (`b`/`w`), empty points the playouts give to Black (`+`) or
//! White (`-`), then the score table and the recorded result. `--ownership` adds how sure
//! the playouts are of each territory point, `--fills` the fills in the order they were
//! made, `--grid` every point's playout ownership, `--last` the record's last moves,
//! `--start b|w` who makes the first finishing move, `--komi K` the komi of a record
//! without `KM` (else its ruleset's; `estimate_eval` gives such records the komi of their
//! time, `scripts/compare_finishing.py` passes it here).
#![forbid(unsafe_code)]

#[path = "common/record.rs"]
mod record;

#[macro_use]
#[path = "common/out.rs"]
mod out;
fn main() {
    let a: Vec<String> = std::env::args().collect();
    // `--ownership`: each territory point with how sure the playouts are of it.
    let show_ownership = a.iter().any(|x| x == "--ownership");
    let Some(path) = (1..a.len())
        .find(|&i| !a[i].starts_with('-') && a[i - 1] != "--start" && a[i - 1] != "--komi")
        .map(|i| &a[i])
    else {
        eprintln!(
            "usage: show_estimate FILE [--ownership] [--fills] [--grid] [--last] [--start b|w] [--komi K] [--seed S]"
        );
        std::process::exit(2);
    };
    let game = record::first_game(path);
    let tree = &game;
    let mut read_options = tengen_sgf::ReadOptions::default();
    if let Some(i) = a.iter().position(|x| x == "--komi") {
        let Some(komi) = a.get(i + 1).and_then(|k| k.parse().ok()) else {
            eprintln!("--komi takes a number, such as 4.5");
            std::process::exit(2);
        };
        if tree.root().and_then(|n| n.get("KM")).is_none() {
            read_options.komi = Some(komi);
        }
    }
    let r = tengen_sgf::replay(tree, &read_options);
    let mut options = tengen_player::estimate::EstimateOptions::for_game(&r.game);
    // `--start b|w`: who makes the first finishing move (to set beside another program's
    // finishing, which may start with the other player).
    if let Some(i) = a.iter().position(|x| x == "--start") {
        options.to_move = match a.get(i + 1).map(|s| s.to_lowercase()).as_deref() {
            Some("b") => tengen::Color::Black,
            Some("w") => tengen::Color::White,
            _ => {
                eprintln!("--start takes b or w");
                std::process::exit(2);
            }
        };
    }
    // `--seed S`: another seed for the playouts (to see what moves from seed to seed).
    if let Some(i) = a.iter().position(|x| x == "--seed") {
        let Some(seed) = a.get(i + 1).and_then(|s| s.parse().ok()) else {
            eprintln!("--seed takes a number");
            std::process::exit(2);
        };
        options.seed = seed;
    }
    let est = tengen_player::estimate::estimate(r.game.board(), options);
    let b = r.game.board();
    let size = b.size();
    let s = est
        .score(&r.game)
        .expect("the estimate is of this position");
    let letters: String = (0..size.width())
        .map(|x| format!(" {}", tengen::board::column_letter(x)))
        .collect();
    out!("   {letters}");
    for y in 0..size.height() {
        let mut line = format!("{:>2} ", size.height() - y);
        for x in 0..size.width() {
            let p = tengen::Point::new(x, y);
            let o = est.ownership[y as usize * size.width() as usize + x as usize];
            let fill = est.fills.iter().find(|f| f.0 == p).map(|f| f.1);
            let ch = match b.get(p) {
                Some(c) if est.dead.contains(&p) => {
                    if c == tengen::Color::Black {
                        'x'
                    } else {
                        'o'
                    }
                }
                Some(c) => c.stone_char(),
                None if fill == Some(tengen::Color::Black) => 'b',
                None if fill == Some(tengen::Color::White) => 'w',
                // Counted territory: +/-; empty points that count for nobody: . or , when
                // the playouts lean one way.
                None => match s.owner[y as usize * size.width() as usize + x as usize] {
                    Some(tengen::Color::Black) => '+',
                    Some(tengen::Color::White) => '-',
                    None if o.abs() > 0.5 => ',',
                    None => '.',
                },
            };
            line.push(' ');
            line.push(ch);
        }
        out!("{line}");
    }
    for c in [tengen::Color::Black, tengen::Color::White] {
        let list: Vec<String> = size
            .all_points()
            .filter(|&p| {
                s.owner[p.y as usize * size.width() as usize + p.x as usize] == Some(c)
                    && b.get(p).is_none()
                    && !est.fills.iter().any(|f| f.0 == p)
            })
            .map(|p| {
                let o = est.ownership[p.y as usize * size.width() as usize + p.x as usize];
                let v = p.to_gtp(size).unwrap_or_default();
                if show_ownership {
                    format!("{v}={:.2}", o.abs())
                } else {
                    v
                }
            })
            .collect();
        out!("territory {c:?}: {}", list.join(" "));
    }
    if a.iter().any(|x| x == "--fills") {
        // The fills in the order they were made (border fills first, then the finishing
        // moves), to compare with another program's finishing sequence.
        let list: Vec<String> = est
            .fills
            .iter()
            .map(|(p, c)| format!("{}{}", c.stone_char(), p.to_gtp(size).unwrap_or_default()))
            .collect();
        out!("fills: {}", list.join(" "));
    }
    if a.iter().any(|x| x == "--grid") {
        // Every point's playout ownership, in tenths (+ for Black).
        for y in 0..size.height() {
            let mut line = format!("{:>2} ", size.height() - y);
            for x in 0..size.width() {
                let o = est.ownership[y as usize * size.width() as usize + x as usize];
                line.push_str(&format!("{:>3}", (o * 9.0).round() as i32));
            }
            out!("{line}");
        }
    }
    if a.iter().any(|x| x == "--last") {
        // The last moves of the record, to see where the game stopped.
        let moves = r.game.moves();
        let list: Vec<String> = moves[moves.len().saturating_sub(6)..]
            .iter()
            .map(|m| match m.mv {
                tengen::Move::Play(p) => format!(
                    "{}{}",
                    m.color.stone_char(),
                    p.to_gtp(size).unwrap_or_default()
                ),
                _ => format!("{}pass", m.color.stone_char()),
            })
            .collect();
        out!("last moves: {}", list.join(" "));
    }
    let seki: Vec<String> = s.seki.iter().filter_map(|p| p.to_gtp(size)).collect();
    out!("seki: {}", seki.join(" "));
    out!(
        "{s}\nrecord: {:?} moves {} next {:?}",
        r.result,
        r.moves,
        r.game.to_move()
    );
}
