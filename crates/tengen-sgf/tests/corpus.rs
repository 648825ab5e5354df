//! Debian's `goban-original-games`: about 600 historical professional records (FF[1] and
//! FF[3], `.sgf` and `.mgt`). Every one must parse, replay and round-trip; the illegal
//! moves reported are exactly the known errors of these records, each looked at by hand
//! (a stone played on a point that already holds one: duplicated or garbled moves).

use std::path::{Path, PathBuf};

const CORPUS: &str = "/usr/share/goban";

/// (file, move number) of every illegal move in the corpus.
const KNOWN_ERRORS: [(&str, usize); 11] = [
    ("M-65-5.sgf", 228), // W D11 on its own stone
    ("M-77-1.mgt", 177), // three white moves in a row, then a garbled tail
    ("M-77-1.mgt", 179),
    ("M-77-1.mgt", 180),
    ("M-77-1.mgt", 181),
    ("M-77-1.mgt", 182),
    ("M-77-1.mgt", 183),
    ("M-77-2.mgt", 138), // W R3 on its own stone
    ("M-77-4.mgt", 150), // B A6 repeats move 147, then W B7 repeats move 146
    ("M-77-4.mgt", 151),
    ("T-22-4.mgt", 278), // a second black move in a row, on a black stone
];

fn corpus_files() -> Vec<PathBuf> {
    if !Path::new(CORPUS).is_dir() {
        assert!(
            std::env::var_os("TENGEN_SKIP_CORPUS").is_some(),
            "{CORPUS} is missing: apt-get install goban-original-games (or set TENGEN_SKIP_CORPUS=1)"
        );
        return Vec::new();
    }
    let mut files: Vec<PathBuf> = std::fs::read_dir(CORPUS)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| matches!(p.extension().and_then(|e| e.to_str()), Some("sgf" | "mgt")))
        .collect();
    files.sort();
    files
}

#[test]
fn every_record_parses_replays_and_round_trips() {
    let files = corpus_files();
    if files.is_empty() {
        return;
    }
    assert!(files.len() >= 590, "only {} records", files.len());
    let mut illegal = Vec::new();
    let mut moves = 0;
    for f in &files {
        let name = f.file_name().unwrap().to_str().unwrap().to_string();
        let bytes = std::fs::read(f).unwrap();
        let read = tengen_sgf::read_bytes(&bytes);
        assert!(
            read.diagnostics
                .iter()
                .all(|d| d.severity == tengen_sgf::Severity::Warning),
            "{name}: {:?}",
            read.diagnostics
        );
        assert!(!read.collection.trees.is_empty(), "{name}");
        for tree in &read.collection.trees {
            let r = tengen_sgf::replay(tree, &Default::default());
            assert!(r.moves > 0, "{name}: no moves");
            moves += r.moves;
            for p in &r.problems {
                match &p.kind {
                    tengen_sgf::ProblemKind::IllegalMove { number, why, .. } => {
                        assert!(
                            matches!(why, tengen::Illegal::Occupied(_)),
                            "{name}: {}",
                            p.kind
                        );
                        illegal.push((name.clone(), *number));
                    }
                    tengen_sgf::ProblemKind::Oddity(m) => {
                        assert!(
                            m.starts_with("two moves in a row") || m.contains("after the end"),
                            "{name}: {m}"
                        )
                    }
                    other => panic!("{name}: {other}"),
                }
            }
        }
        let text = tengen_sgf::write(&read.collection);
        let back = tengen_sgf::parse(&text);
        assert!(
            back.diagnostics.is_empty(),
            "{name}: {:?}",
            back.diagnostics
        );
        assert_eq!(back.collection, read.collection, "{name}: round trip");
    }
    let known: Vec<(String, usize)> = KNOWN_ERRORS
        .iter()
        .map(|(f, n)| (f.to_string(), *n))
        .collect();
    assert_eq!(illegal, known, "the illegal moves of the corpus");
    assert!(moves > 120_000, "{moves} moves");
}

/// `W+5.0` -> `W+5` and `B+7.5?` -> `B+7.5`, as tengen writes results.
fn normalised_result(re: &str) -> Option<String> {
    let (winner, margin) = re.trim().trim_end_matches('?').split_once('+')?;
    let halves = (margin.parse::<f64>().ok()? * 2.0).round() as i32;
    Some(format!("{winner}+{}", tengen::rules::halves(halves)))
}

/// The dead-stone estimator on the Honinbo records it was tuned on: how often the score
/// with its dead stones is the recorded result (as `tengen score --dead auto` counts it;
/// a record without KM at the komi its tournament's records state in the nearest years,
/// see [`tengen_sgf::KomiOfTheTime`]). The README's figures come from the `estimate_eval`
/// example; this guards them against regressions.
#[test]
fn the_estimator_reproduces_most_recorded_results() {
    let files = corpus_files();
    if files.is_empty() {
        return;
    }
    let records: Vec<(String, tengen_sgf::ReadFile)> = files
        .iter()
        .map(|f| {
            let name = f.file_name().unwrap().to_str().unwrap().to_string();
            (name, tengen_sgf::read_bytes(&std::fs::read(f).unwrap()))
        })
        .filter(|(name, _)| name.to_lowercase().starts_with("hon-"))
        .collect();
    let roots = || {
        records
            .iter()
            .map(|(name, read)| (name.as_str(), read.collection.trees[0].root().unwrap()))
    };
    let komi_of = tengen_sgf::KomiOfTheTime::learn(roots());
    let (mut total, mut exact, mut winner) = (0, 0, 0);
    for (name, read) in &records {
        let tree = &read.collection.trees[0];
        let mut options = tengen_sgf::ReadOptions::default();
        let root = tree.root().unwrap();
        if root.get("KM").is_none() {
            let guess = komi_of.komi(name, root);
            options.komi = Some(guess.unwrap_or(tengen::Komi::from_halves(11).unwrap()));
        }
        let r = tengen_sgf::replay(tree, &options);
        let Some(want) = r.result.as_deref().and_then(normalised_result) else {
            continue;
        };
        let e = tengen_player::estimate::estimate(
            r.game.board(),
            tengen_player::estimate::EstimateOptions::for_game(&r.game),
        );
        let got = e.score(&r.game).unwrap().result.to_string();
        total += 1;
        exact += (got == want) as u32;
        winner += (got[..1] == want[..1]) as u32;
    }
    assert_eq!(total, 135);
    // 73 and 129 when this was first written; 77 and 129 with race reading and the
    // finishing's teire fixes; 80 and 131 with the teire read as a race; 86 and 130 with
    // the dame that close a border filled first; 95 and 131 with the missing komi taken
    // from the tournament's other records rather than 5.5; 97 and 131 with a record that
    // stops on a capture finished by the player to move; 98 and 131 with a finishing that
    // left a wall in atari played again; 100 and 131 with a chain in atari connected
    // rather than saved by taking a dead stone; 99 and 131 with a dead stone left for a
    // later mend (Hon-53-3 lost: two errors that cancelled, see docs/estimator-misses.md);
    // 101 and 131 with groups shut in a small region read out, gaps in a border closed
    // by capture and no border fill joining dead stones to a chain that can be taken.
    assert!(exact >= 100, "{exact} of {total} exact");
    assert!(winner >= 129, "{winner} of {total} right winner");
}
