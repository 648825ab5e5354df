//! The dead-stone estimator on the played-out set (`tests/data/played_out.sgf.gz`, built by
//! `scripts/played_out_set.py`): positions where GNU Go's games ended by two passes with
//! the dead stones on the board, and the truth that playing on found (see
//! `common/played_out.rs`). The floors are a little under what the estimator reached when
//! they were set (`cargo run --release -p tengen-player --example played_out_eval` prints
//! the figures), so that a regression fails.

#[path = "common/played_out.rs"]
mod played_out;

use played_out::{Record, Totals};
use tengen_player::estimate::{estimate, Estimate, EstimateOptions};

/// Record `index` of the set.
fn record(index: usize) -> Record {
    record_of(played_out::SET, index)
}

/// Record `index` of the set at `path`.
fn record_of(path: &str, index: usize) -> Record {
    let records = played_out::read(path).unwrap();
    records
        .into_iter()
        .find(|r| r.index == index)
        .unwrap_or_else(|| panic!("no record {index} in the set"))
}

/// The point of record `r`'s board named in GTP form ("C3").
fn namer(r: &Record) -> impl Fn(&str) -> tengen::Point + Copy {
    let size = r.game.board().size();
    move |s: &str| tengen::Point::from_gtp(s, size).unwrap()
}

/// The estimates of record `r`'s kept position read as the game it is, ended by its
/// passes, and as if it had stopped on a play instead.
fn ended_and_open(r: &Record) -> (Estimate, Estimate) {
    let ended = EstimateOptions::for_game(&r.game);
    assert!(ended.ended, "played-out {}", r.index);
    let open = EstimateOptions {
        ended: false,
        ..ended
    };
    (
        estimate(r.game.board(), ended),
        estimate(r.game.board(), open),
    )
}

#[test]
fn the_truth_of_the_set_is_consistent() {
    let records = played_out::read(played_out::SET).unwrap();
    assert!(records.len() >= 680, "{} records", records.len());
    let mut agree = 0;
    for r in &records {
        // Every stone the cleanup captured is a stone of the kept position: the count
        // refuses anything else.
        let board = r.game.board();
        assert!(
            r.dead.iter().all(|&p| board.get(p).is_some()),
            "played-out {}",
            r.index
        );
        // The area count after the cleanup is the area count of the kept position with
        // the captured stones taken off, unless the cleanup also filled neutral points.
        agree += (r.judge(&r.dead, &[]).area_exact) as u32;
    }
    assert!(
        agree * 100 >= records.len() as u32 * 98,
        "{agree} of {}",
        records.len()
    );
}

/// The estimate of `r`'s kept position, checked to call dead exactly the stones the
/// cleanup captured and to count both rules' results exactly.
fn estimated_as_the_truth(r: &Record) -> Estimate {
    let e = estimate(r.game.board(), EstimateOptions::for_game(&r.game));
    let mut truth = r.dead.clone();
    truth.sort();
    assert_eq!(e.dead, truth, "played-out {}", r.index);
    let v = r.judge_estimate(&e);
    assert!(v.area_exact && v.territory_exact, "{}", r.territory());
    e
}

/// The judgements of tengen's estimate and of GNU Go's list on the set at `path`: on every
/// record, then on the records whose truth is clear ([`played_out::TRUTH`]).
fn judged(path: &str) -> [Totals; 4] {
    let records = played_out::read(path).unwrap();
    let ambiguous = played_out::ambiguous_records(played_out::TRUTH, path).unwrap();
    let (mut ours, mut gnugo) = (Totals::default(), Totals::default());
    let (mut ours_clear, mut gnugo_clear) = (Totals::default(), Totals::default());
    for r in &records {
        let e = estimate(r.game.board(), EstimateOptions::for_game(&r.game));
        // What the estimate hands the count: dead stones are stones of the position,
        // fills go on its empty points (a fill on a dead stone's point would put the
        // stone back, alive, once the count takes the dead off).
        let board = r.game.board();
        assert!(
            e.dead.iter().all(|&p| board.get(p).is_some()),
            "played-out {}: {:?}",
            r.index,
            e.dead
        );
        assert!(
            e.fills.iter().all(|f| board.get(f.0).is_none()),
            "played-out {}: {:?}",
            r.index,
            e.fills
        );
        let (v, g) = (r.judge_estimate(&e), r.judge(&r.gnugo_dead, &[]));
        ours.add(v);
        gnugo.add(g);
        if !ambiguous.contains(&r.index) {
            ours_clear.add(v);
            gnugo_clear.add(g);
        }
    }
    [ours, gnugo, ours_clear, gnugo_clear]
}

#[test]
fn the_estimator_keeps_its_accuracy_on_the_fresh_set() {
    // The second set, built after the rules had been fitted to the first (see
    // `played_out::FRESH`). When set (210 positions, 150 of them 9x9, 60 13x13): stones
    // 99.55% (11,605 of 11,658), every stone right, area and territory exact 96.2% (202
    // of 210) (GNU Go's list: 99.98%, 99.5%, 97.1%, 99.5%: on this set it shares the
    // cleanup's judgement even where its own deeper reading sides with tengen,
    // docs/estimator-misses.md round 37); 204 (97.1%) and stones 99.70% once a group's
    // life by joining dead stones is no life and regions are read by proof numbers
    // (round 38); 205 (97.6%) and stones 99.86% once a race reads approach plays (round
    // 39). The floors leave about three positions of room.
    holds_floors(played_out::FRESH, 210, 99.7, [96.1, 96.1, 96.1]);
}

#[test]
fn the_estimator_keeps_its_accuracy_on_the_fresh_19x19_set() {
    // The third set (`played_out::FRESH_19`, 40 19x19 games of GNU Go against itself),
    // built after round 39. When set: stones 99.88% (8,672 of 8,682), every stone right,
    // area and territory exact 97.5% (39 of 40; the miss, record 34, a big Black group
    // in the upper right that the cleanup took) (GNU Go's list: 99.98%, 95.0% in the other
    // three); 40 of 40 and every stone once a group hemmed in by its own dead stones and
    // the opponent's settled area is read as shut in (round 40). The floors leave one
    // position of room.
    holds_floors(played_out::FRESH_19, 40, 99.8, [97.5, 97.5, 97.5]);
}

#[test]
fn the_estimator_keeps_its_accuracy_on_the_round_41_sets() {
    // The three sets built at the start of round 41 (`played_out::FRESH_9`, with
    // tengen's player in some games). When set, before that round's changes: 9x9 (200)
    // stones 99.75%, every stone right, area and territory exact 98.5% (GNU Go's list
    // 99.76%, 98.5%, 98.0%, 98.5%); 13x13 (80) stones 99.48%, 93.8% in the other three
    // (GNU Go 99.89%, 96.2%), 99.88% and 97.5% once the shut-in search plays the points
    // its captures empty and a group whose wall is shut in by its own dead stones is read
    // on the opponent's hold; 19x19 (40) every stone and count right (GNU Go too). The
    // floors leave about two positions of room on the smaller sets, none on the 19x19.
    holds_floors(played_out::FRESH_9, 200, 99.7, [97.5, 97.5, 97.5]);
    holds_floors(played_out::FRESH_13, 80, 99.8, [95.0, 95.0, 95.0]);
    holds_floors(played_out::FRESH_19B, 40, 99.9, [97.5, 97.5, 97.5]);
}

#[test]
fn the_estimator_keeps_its_accuracy_on_the_sets_built_after_round_41() {
    // `played_out::FRESH_13B`, unseen by any change. When set: stones 99.71% (7,444 of
    // 7,466), every stone right 97.5%, area exact 96.2% (77 of 80), territory exact 97.5%
    // (GNU Go's list: 99.83%, 98.8%, 97.5%, 98.8%). Of tengen's misses, 48 is a ko (GNU
    // Go's owl reading: White's L13 kills by ko; tengen gives the ko to White, who moves
    // first, and the cleanup never fought it), 24 a group GNU Go's reading calls
    // critical (whoever moves first: its list keeps it, as tengen does, and the cleanup
    // took it), and 15 a count the cleanup changed by filling (every stone right). The
    // floors leave one position of room.
    holds_floors(played_out::FRESH_13B, 80, 99.6, [96.2, 95.0, 96.2]);
    // `played_out::FRESH_9B`, unseen too: stones 99.81% (8,278 of 8,294), every stone
    // right 99.0%, area exact 98.5%, territory exact 99.0% (GNU Go's list: 99.95%,
    // 99.5%, 99.0%, 99.5%). tengen's own miss was 192: Black's thirteen stones in two
    // chains round twelve empty points in the upper right, which the shut-in search
    // read captured with White first, its far corner j9 left out (`enclosed`'s test of
    // the same position); read whole, 99.96%, 99.5%, 99.0%, 99.5%, GNU Go's figures
    // but for the stones (docs/estimator-misses.md, round 41).
    holds_floors(played_out::FRESH_9B, 200, 99.9, [99.0, 98.5, 99.0]);
}

#[test]
fn the_estimator_keeps_its_accuracy_on_the_round_42_sets() {
    // `played_out::FRESH_13C`. When set: stones 99.78% (7,254 of 7,270), every stone
    // right 93.8%, area and territory exact 95.0% (GNU Go's list: 99.99%, 98.8%, 96.2%,
    // 100%); 99.81%, 95.0%, 96.2%, 96.2% once a race with no wall is read after the
    // passes (record 15). The other territory misses, 18, 44 and 64, are groups GNU Go's
    // own reading keeps alive (`owl_attack` 0) and the cleanup lost; GNU Go at level 10
    // playing on from the kept position keeps 44 and 64, and loses 18 by answering
    // Black's l8 at m8, not at k7, its reading's defence. The floors leave one position
    // of room.
    holds_floors(played_out::FRESH_13C, 80, 99.7, [93.7, 95.0, 95.0]);
    // `played_out::FRESH_13D`, built after that change and unseen by it: stones 99.85%
    // (7,419 of 7,430), every stone right, area and territory exact 98.8% (79 of 80; GNU
    // Go's list: 100%, 100%, 98.8%, 100%). tengen's miss, 32, was its own: White's
    // lower-left group, read captured with Black first, lives by filling c3, a point
    // all of whose neighbours are hers, to save a3-b3 in atari there, which the shut-in
    // search did not play (docs/estimator-misses.md, round 42). Since round 43 it does:
    // stones 100%, every stone right 100%, territory 100%, area 98.8% (record 32's own
    // area count, B+19.5 against the truth's B+28.5, which GNU Go's list misses too).
    holds_floors(played_out::FRESH_13D, 80, 99.8, [98.7, 97.5, 98.7]);
    // `played_out::FRESH_9C`, built at the end of the round, unseen: stones 99.76% (8,254
    // of 8,274), every stone right, area and territory exact 99.0% (198 of 200; GNU Go's
    // list: 99.79%, 99.5%, 99.0%, 99.5%). Its misses: 57, where GNU Go's list is wrong
    // too, and 113, Black's three stones in White's open lower side, which GNU Go's owl
    // reading calls dead (`owl_attack` j2, `owl_defend` 0) as tengen does, and which the
    // cleanup and GNU Go's list left alive.
    holds_floors(played_out::FRESH_9C, 200, 99.7, [98.5, 98.5, 98.5]);
    // `played_out::FRESH_13E`, built in round 43 after its change, unseen: stones 99.57%
    // (7,342 of 7,374), every stone right 95.0%, area and territory exact 96.2% (77 of
    // 80; GNU Go's list: 99.96%, 98.8%, 98.8%, 100%). Its misses: 44, a group GNU Go's
    // reading keeps alive (`owl_attack` 0) as tengen does, which the cleanup took; 39,
    // a critical group (GNU Go's `owl_defend` a12) that tengen calls dead after the
    // passes since the opponent, moving first, kills it, and that the cleanup, Black
    // first, saved; 48, White's group in the open upper right, dead by GNU Go's reading
    // (`owl_attack` m8), which the playouts keep alive (docs/estimator-misses.md,
    // round 43).
    holds_floors(played_out::FRESH_13E, 80, 99.5, [93.7, 95.0, 95.0]);
    // `played_out::FRESH_9D`, built at the end of round 43, unseen: level with GNU Go's
    // list in every column (stones 99.95%, 8,061 of 8,065; every stone right 99.0%; area
    // exact 98.5%; territory exact 99.0%). Both miss 153 and 169, and 4's area count.
    holds_floors(played_out::FRESH_9D, 200, 99.8, [98.5, 98.0, 98.5]);
}

#[test]
fn the_estimator_keeps_its_accuracy_on_the_round_44_set() {
    // `played_out::FRESH_19C`, built in round 44, unseen: every stone and every count
    // right, at seeds 0-3 (8,701 stones; GNU Go's list: stones 99.78%, 38 of 40 under
    // both counts, missing 15 and 25). The floor leaves one position of room.
    holds_floors(played_out::FRESH_19C, 40, 99.9, [97.5, 97.5, 97.5]);
}

#[test]
fn the_estimator_keeps_its_accuracy_on_the_round_46_set() {
    // `played_out::FRESH_13F`, built in round 46, unseen: stones 99.50% (7,339 of 7,376),
    // every stone right 95.0%, area and territory exact 96.2% (77 of 80); GNU Go's list
    // 99.96%, 96.2%, 97.5%, 97.5%. Both miss 57 (ambiguous: the level-10 cleanups leave
    // E13); tengen's own misses are 10 (White's 24-stone lower left, which Black kills
    // moving first by taking the wall stone g1's one liberty h1: a region of 31 points,
    // one over the shut-in search's limit) and 45 (Black's corner, which White kills
    // moving first at a2 by tengen's search, and which no cleanup attacked).
    holds_floors(played_out::FRESH_13F, 80, 99.4, [93.7, 95.0, 95.0]);
}

#[test]
fn a_connecting_fill_in_the_owners_own_eye_keeps_her_group() {
    // Record 32 of the 13x13 set of seed 47, lower left (White's a3 b3 c4 d2-d4 e2 f1 f2
    // g2 round Black's c3):
    //    4  X X O O X
    //    3  O O X O X
    //    2  . . . O O
    //    1  . . . . .
    //       A B C D E
    // Black's b2, White's c2 taking c3, Black's a2: White's a3-b3 is in atari at c3, and
    // White saves it there, filling a point all of whose neighbours are hers. GNU Go's
    // reading calls the group alive (`owl_attack` 0); the shut-in search, which never
    // let the owner fill her own eye, read it captured with Black first.
    let r = &record_of(played_out::FRESH_13D, 32);
    let p = namer(r);
    assert!(!r.dead.contains(&p("D3")));
    let e = estimate(r.game.board(), EstimateOptions::for_game(&r.game));
    let mut truth = r.dead.clone();
    truth.sort();
    assert_eq!(e.dead, truth);
    // The territory count is the truth's; the area count is not (B+19.5 against
    // B+28.5), and GNU Go's list misses it too.
    assert!(r.judge_estimate(&e).territory_exact, "{}", r.territory());
}

#[test]
fn after_the_passes_a_race_with_no_wall_is_read() {
    // Record 15 of the round-42 13x13 set, upper right (Black's l11 m11 cut White's
    // stones in two; each White chain has its liberties only in this corner, the first
    // five, h13 j13 k13 l13 m12, the second three, m9 n9 n10):
    //   13  . . . . . .
    //   12  O O O O . .
    //   11  X X O X X .
    //   10  X X X O O .
    //    9  O O X O . .
    //    8  . O X O O O
    //       H J K L M N
    // No wall holds the region: the shut-in search was not asked, and the playouts
    // left the two stones undecided (alive in the count: B+17.5 against the truth's
    // B+1.5). Read as a race they die whoever moves first (GNU Go's reading: `owl_attack`
    // n11, `owl_defend` 0), and White's corner is hers.
    let r = &record_of(played_out::FRESH_13C, 15);
    let p = namer(r);
    assert!(["L11", "M11"].map(p).iter().all(|q| r.dead.contains(q)));
    estimated_as_the_truth(r);
    // Such a region read only in part misleads: record 478 of the stored set, where
    // Black's whole lower-left territory round White's lone e4 is one (every Black
    // chain there has its liberties inside), too big to read whole. The stone stays
    // dead.
    let r = &record(478);
    assert!(r.dead.contains(&namer(r)("E4")));
    estimated_as_the_truth(r);
}

#[test]
fn the_estimator_keeps_its_accuracy_on_the_played_out_set() {
    // When set (680 positions, 100 of them 19x19): stones 99.89% (59,593 of 59,659; 99.92%
    // once a group that dies with the opponent moving first is dead after the passes),
    // every stone right in 98.8% of the positions, area exact 98.7%, territory exact
    // 98.5%, 98.8% since no teire is counted after the passes (671 of 680 later; 672
    // since the Japanese count makes no fill after the passes, 673 and 99.93% once stones
    // stranded in the opponent's area are dead after the passes; 674, every stone right
    // in 99.1% and area exact 98.8%, once a weak opponent chain its owner keeps moving
    // first is no hope for them) (GNU Go's list: 99.97%, 99.1%, 98.4%, 99.1%). The floors
    // leave about three positions of room.
    holds_floors(played_out::SET, 680, 99.85, [98.6, 98.3, 98.6]);
}

/// Judges the estimator on the set at `path`, which must hold `positions` positions, and
/// asserts its floors: the share of stones right, then of positions with every stone
/// right, with the area count exact and with the territory count exact.
///
/// On the records whose truth is clear, tengen's territory counts may miss no more than
/// [`CLEAR_TERRITORY_MISSES`] says for the set.
fn holds_floors(path: &str, positions: u32, stones: f64, [all_right, area, territory]: [f64; 3]) {
    let [ours, gnugo, ours_clear, gnugo_clear] = judged(path);
    println!("tengen: {}\nGNU Go: {}", ours.line(), gnugo.line());
    println!(
        "clear truths: tengen: {}\nclear truths: GNU Go: {}",
        ours_clear.line(),
        gnugo_clear.line()
    );
    let name = played_out::set_name(path);
    let allowed = CLEAR_TERRITORY_MISSES
        .iter()
        .find(|(set, _)| *set == name)
        .map_or(0, |&(_, n)| n);
    assert!(
        ours_clear.positions - ours_clear.territory_exact <= allowed,
        "{name}, clear truths: {}",
        ours_clear.line()
    );
    assert_eq!(ours.positions, positions);
    assert!(ours.stone_pct() >= stones, "{}", ours.line());
    assert!(ours.pct(ours.all_right) >= all_right, "{}", ours.line());
    assert!(ours.pct(ours.area_exact) >= area, "{}", ours.line());
    assert!(
        ours.pct(ours.territory_exact) >= territory,
        "{}",
        ours.line()
    );
}

/// Each set's records whose truth is clear ([`played_out::TRUTH`]) and whose territory
/// count tengen misses, when the verdicts were made (round 46 of
/// docs/estimator-misses.md): the sets not named have none.
const CLEAR_TERRITORY_MISSES: [(&str, u32); 5] = [
    // 95 (GNU Go's list misses it too) and 501.
    ("played_out", 2),
    // 42.
    ("played_out_fresh9", 1),
    // 48.
    ("played_out_fresh13b", 1),
    // 39 and 48.
    ("played_out_fresh13e", 2),
    // 10 and 45.
    ("played_out_fresh13f", 2),
];

#[test]
fn every_stored_record_has_a_truth_verdict() {
    // The verdicts (scripts/played_out_truths.sh) name every record of every stored set
    // once, and say what they found: a clear truth is one both level-10 cleanups agree
    // with (`=` twice), an ambiguous one has a difference.
    let verdicts = played_out::read_truth(played_out::TRUTH).unwrap();
    let mut named: Vec<(String, usize)> =
        verdicts.iter().map(|v| (v.set.clone(), v.index)).collect();
    named.sort();
    let mut records = Vec::new();
    for path in played_out::ALL_SETS {
        let name = played_out::set_name(path).to_string();
        records.extend(
            played_out::read(path)
                .unwrap()
                .iter()
                .map(|r| (name.clone(), r.index)),
        );
    }
    records.sort();
    let missing: Vec<_> = records.iter().filter(|r| !named.contains(r)).collect();
    let unknown: Vec<_> = named.iter().filter(|v| !records.contains(v)).collect();
    assert!(
        missing.is_empty() && unknown.is_empty(),
        "records without a verdict: {missing:?}; verdicts of no record: {unknown:?}"
    );
    assert_eq!(named.len(), records.len(), "a record with two verdicts");
    for v in &verdicts {
        assert_eq!(v.ambiguous, v.differences.iter().any(|d| d != "="), "{v:?}");
    }
    // Most truths are clear; the ambiguous ones are where the two tools part.
    let ambiguous = verdicts.iter().filter(|v| v.ambiguous).count();
    assert!(
        ambiguous * 20 < verdicts.len(),
        "{ambiguous} of {}",
        verdicts.len()
    );
}

#[test]
fn a_truth_verdict_names_its_line_when_it_is_malformed() {
    let dir = std::env::temp_dir().join(format!("tengen-truth-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("verdicts.txt");
    let path = path.to_str().unwrap();
    std::fs::write(path, "played_out 1 clear = =\nplayed_out 2 maybe = +C3\n").unwrap();
    let err = played_out::read_truth(path).unwrap_err();
    assert!(err.ends_with(":2: unknown verdict \"maybe\""), "{err}");
    std::fs::write(path, "played_out x clear = =\n").unwrap();
    let err = played_out::read_truth(path).unwrap_err();
    assert!(err.contains(":1: \"x\" is not a record number"), "{err}");
    std::fs::write(
        path,
        "played_out 3 ambiguous = +C3\nplayed_out_fresh 3 ambiguous -D4 =\n",
    )
    .unwrap();
    assert_eq!(
        played_out::ambiguous_records(path, played_out::SET).unwrap(),
        vec![3]
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_lone_stone_does_not_live_by_a_race_with_a_chain_it_cannot_reach() {
    // Record 160 (GNU Go against itself), bottom left:
    //   5  . O X X X
    //   4  . O X O O
    //   3  . O O X X
    //   2  O X X X X
    //   1  . X . O X
    // White's a2 has the liberties a1 and a3 in Black's corner, where White's b3 b4 b5 c3
    // and d1 are dead. Read as a race with Black's chain b2 ... e3 alone (liberties a1
    // and c1), neither side can fill first; but worked by hand Black captures d1 at c1
    // (its only liberty), which gives her chain the liberty d1, and then takes a1 and a3
    // at leisure: a2 is dead, and GNU Go's cleanup captured it. A single stone is not
    // revived by a race (the estimator used to leave a2 alive, so that the count missed
    // the truth by a point).
    let r = &record(160);
    let p = namer(r);
    let mut truth: Vec<_> = ["A2", "B3", "B4", "B5", "C3", "D1"].map(p).to_vec();
    truth.sort();
    let mut stored = r.dead.clone();
    stored.sort();
    assert_eq!(stored, truth);
    let e = estimate(r.game.board(), EstimateOptions::for_game(&r.game));
    assert_eq!(e.dead, truth);
    assert!(r.judge(&e.dead, &e.fills).area_exact);
}

#[test]
fn after_the_passes_no_finishing_move_costs_a_point() {
    // Record 11 (9x9, Black then White passed), lower left:
    //   5  . O . O O X
    //   4  . X O X X .
    //   3  O . O O X .
    //   2  X O O O X .
    //   1  X X X X X .
    // Black's b4 is dead inside White's corner. Finishing the game for a territory count
    // as if it had stopped on a play, White spends a move at a4 (taking a liberty of b4
    // next to her lone a3, a point of her own territory). But this game ended by its
    // passes: nobody can play there any more, and the count of the position as it stands
    // (b4 taken off) is the truth, W+21.5. The estimate of the ended game keeps no such
    // stone; its count is exact under both territory and area counting.
    let r = &record(11);
    let a4 = (
        tengen::Point::from_gtp("A4", r.game.board().size()).unwrap(),
        tengen::Color::White,
    );
    let (e, open) = ended_and_open(r);
    assert!(!e.fills.contains(&a4), "{:?}", e.fills);
    let v = r.judge(&e.dead, &e.fills);
    assert!(v.territory_exact && v.area_exact, "{}", r.territory());
    assert_eq!(r.territory(), "W+21.5");
    // The same position read as a game that stopped on a play gets the teire, a point
    // less for White.
    assert!(open.fills.contains(&a4), "{:?}", open.fills);
    assert_eq!(open.dead, e.dead);
    assert!(!r.judge(&open.dead, &open.fills).territory_exact);
}

#[test]
fn after_the_passes_a_group_that_dies_if_the_opponent_moves_first_is_dead() {
    // Record 678 (19x19, White passed last), upper right:
    //  19  X X O . . . O X X X
    //  18  X O . . O O O O X X
    //  17  X O O O O O O O O X
    //  16  X X O X O X O X X X
    //      K L M N O P Q R S T
    // White's 18 stones have one eye space, M18 N18 N19 O19 P19, and Black's walls round
    // them have liberties outside it. Read to the end (`enclosed`), Black moving first
    // kills them and White moving first lives. The game ended by its passes and White
    // passed last: she has no move left to make, and Black, moving first in any
    // continuation, kills. The group is dead, as GNU Go's cleanup found and as its
    // `final_status_list` says. A game that stopped on a play keeps the playouts' verdict
    // for such a group (its owner may still defend), and this one is alive there.
    let r = &record(678);
    let size = r.game.board().size();
    let group: Vec<tengen::Point> = [
        "L17", "L18", "M16", "M17", "M19", "N17", "O16", "O17", "O18", "P17", "P18", "Q16", "Q17",
        "Q18", "Q19", "R17", "R18", "S17",
    ]
    .iter()
    .map(|s| tengen::Point::from_gtp(s, size).unwrap())
    .collect();
    assert!(group.iter().all(|p| r.dead.contains(p)));
    let (e, open) = ended_and_open(r);
    assert!(group.iter().all(|p| e.dead.contains(p)), "{:?}", e.dead);
    assert!(
        group.iter().all(|p| !open.dead.contains(p)),
        "{:?}",
        open.dead
    );
}

#[test]
fn after_the_passes_stones_stranded_in_the_opponents_area_are_dead() {
    // Record 427 (13x13, both passed), lower right:
    //   6  X O O . . . .
    //   5  X X O . O O .
    //   4  O O . . . X .
    //   3  X O . . X . .
    //   2  X O . O . X .
    //   1  O O . . . . .
    //      G H J K L M N
    // Black's L3, M2 and M4 stand alone in White's lower right, whose walls are alive and
    // whose open side runs up into White's territory: no Black friend to join, no weak
    // White stone to capture, and no eyes yet. Black passed instead of making life there,
    // so they are dead, as GNU Go's cleanup and its owl reading find. The playouts leave
    // them at an ownership of 0.0 (the estimate used to keep them alive and count B+18.5
    // against the truth's W+31.5). A game that stopped on a play keeps the playouts'
    // verdict: its owner may still play there.
    let r = &record(427);
    let p = namer(r);
    let stranded = ["L3", "M2", "M4"].map(p);
    assert!(stranded.iter().all(|q| r.dead.contains(q)));
    let (e, open) = ended_and_open(r);
    assert!(stranded.iter().all(|q| e.dead.contains(q)), "{:?}", e.dead);
    let v = r.judge_estimate(&e);
    assert!(v.area_exact && v.territory_exact, "{}", r.territory());
    assert!(
        stranded.iter().all(|q| !open.dead.contains(q)),
        "{:?}",
        open.dead
    );
}

#[test]
fn after_the_passes_stones_whose_only_hope_is_an_opponent_stone_its_owner_keeps_are_dead() {
    // Record 518 (13x13, both passed, White to move), lower left:
    //   7  . O O X O O X
    //   6  . X O . . O X
    //   5  X . X O O X X
    //   4  . O X O . O X
    //   3  . . X O . . O
    //   2  . X O O . O .
    //   1  . . . . . . O
    //      A B C D E F G
    // Black's C3-C5, A5 and B2 stand in White's lower left with no friend and no eye;
    // their one hope is White's lone B4 (three liberties), which the playouts leave
    // undecided. White moves first when play resumes and keeps it, so the stones are
    // dead, as GNU Go's cleanup and its owl reading find (the estimate used to keep them
    // and count B+4.5 under the territory rules against the truth's W+39.5). Were Black
    // to move first, she could take B4, and the stones keep the playouts' verdict.
    let r = &record(518);
    let p = namer(r);
    let corner = ["A5", "B2", "C3", "C4", "C5"].map(p);
    assert!(corner.iter().all(|q| r.dead.contains(q)));
    let options = EstimateOptions::for_game(&r.game);
    assert!(options.ended && options.to_move == tengen::Color::White);
    let e = estimate(r.game.board(), options);
    assert!(corner.iter().all(|q| e.dead.contains(q)), "{:?}", e.dead);
    let v = r.judge_estimate(&e);
    assert!(v.area_exact && v.territory_exact, "{}", r.territory());
    let black_first = EstimateOptions {
        to_move: tengen::Color::Black,
        ..options
    };
    let e = estimate(r.game.board(), black_first);
    assert!(corner.iter().all(|q| !e.dead.contains(q)), "{:?}", e.dead);
}

#[test]
fn a_group_whose_second_eye_is_a_dead_stones_point_lives() {
    // Fresh record 152 (13x13, both passed), lower right:
    //   7  X + X O .
    //   6  X . X O X
    //   5  . . X X O
    //   4  . X . X O
    //   3  . X X O O
    //   2  X . X O .
    //   1  . X O O .
    //      J K L M N
    // White's L1 M1 M2 M3 N3 N4 N5 has the eye N1 N2 and two liberties; Black's N6 is in
    // atari, and Black's N7 would leave it so. White takes it at N7 and N6 is her second
    // eye, shared with her M6-M8. The playouts gave the corner to Black (the estimate
    // counted B+16.5 against the truth's W+6.5); GNU Go's reading and its cleanup leave
    // it alive.
    let r = &record_of(played_out::FRESH, 152);
    let p = namer(r);
    let corner = ["L1", "M1", "M2", "M3", "N3", "N4", "N5"].map(p);
    assert!(corner.iter().all(|q| !r.dead.contains(q)) && r.dead.contains(&p("N6")));
    let e = estimate(r.game.board(), EstimateOptions::for_game(&r.game));
    assert!(corner.iter().all(|q| !e.dead.contains(q)), "{:?}", e.dead);
    assert!(e.dead.contains(&p("N6")), "{:?}", e.dead);
    let v = r.judge_estimate(&e);
    assert!(v.area_exact && v.territory_exact, "{}", r.territory());
}

#[test]
fn after_the_passes_a_group_with_one_eye_in_a_wide_region_is_dead() {
    // Fresh record 146 (9x9, both passed, Black to resume):
    //   9  . . . . O O O O .
    //   8  . . . O X X X O X
    //   7  . O . O . X . X .
    //   6  O . . . O X . . .
    //   5  X O O O X . X X .
    //   4  X X X O O X X O X
    //      A B C D E F G H J
    // Black's 13 stones from E8 to J4 have twelve empty points around them, and White,
    // moving first, leaves them one eye (GNU Go's owl reading agrees; its cleanup took
    // them all). The estimate left them alive (W+2.5 against the truth's W+42.5): the
    // region was too big for the shut-in search, and the search too slow for it.
    let r = &record_of(played_out::FRESH, 146);
    let p = namer(r);
    let group = [
        "E8", "F8", "G8", "F7", "F6", "G5", "H5", "F4", "G4", "H7", "J8", "J4",
    ]
    .map(p);
    assert!(group.iter().all(|q| r.dead.contains(q)));
    let e = estimate(r.game.board(), EstimateOptions::for_game(&r.game));
    assert!(group.iter().all(|q| e.dead.contains(q)), "{:?}", e.dead);
    let v = r.judge_estimate(&e);
    assert!(v.area_exact && v.territory_exact, "{}", r.territory());
}

#[test]
fn a_group_that_lives_only_by_joining_dead_stones_is_dead() {
    // Fresh record 205 (13x13, both passed), lower left:
    //   5  X . X O
    //   4  O X X .
    //   3  O O X X
    //   2  . O O X
    //   1  . . X O
    //      A B C D
    // White's A4 A3 B3 B2 C2 takes Black's C1 at B1 and then lives only if D1 lives, and
    // D1 belongs to White's dead stones on the lower side. Read as if D1 were safe, the
    // corner lived and C1 died (B+17.5 against the truth's B+55.5).
    let r = &record_of(played_out::FRESH, 205);
    let p = namer(r);
    let corner = ["A4", "A3", "B3", "B2", "C2"].map(p);
    assert!(corner.iter().all(|q| r.dead.contains(q)) && !r.dead.contains(&p("C1")));
    let e = estimate(r.game.board(), EstimateOptions::for_game(&r.game));
    assert!(corner.iter().all(|q| e.dead.contains(q)), "{:?}", e.dead);
    assert!(!e.dead.contains(&p("C1")), "{:?}", e.dead);
    let v = r.judge_estimate(&e);
    assert!(v.area_exact && v.territory_exact, "{}", r.territory());
    // Fresh record 96: White's C8 C7 would live by taking Black's chain that touches her
    // dead stones in the centre; a search strong enough to find that must not keep it.
    let r = &record_of(played_out::FRESH, 96);
    let p = namer(r);
    let e = estimate(r.game.board(), EstimateOptions::for_game(&r.game));
    assert!(
        ["C8", "C7"].map(p).iter().all(|q| e.dead.contains(q)),
        "{:?}",
        e.dead
    );
}

#[test]
fn a_wall_whose_outside_liberty_must_be_approached_loses_its_race() {
    // Fresh record 167 (13x13, both passed), lower right:
    //   6  . X X X O O O O
    //   5  X . O O . O X X
    //   4  X . . O O X X .
    //   3  X O O O X X O O
    //   2  O X X O X X O .
    //   1  . . X X X X O X
    //      F G H J K L M N
    // Black's wall G2-N5 shuts in White's M1 M2 M3 N3 and is shut in itself, with one
    // liberty outside, G1. A White stone there would be taken from F1, so a race read on
    // liberties alone left the two in seki (W+143.5 against the truth's W+176.5). White
    // plays F1 first, and the wall is lost whoever moves first (GNU Go's owl reading and
    // its cleanup agree).
    let r = &record_of(played_out::FRESH, 167);
    let p = namer(r);
    let wall = [
        "G2", "H2", "H1", "J1", "K1", "K2", "K3", "L1", "L2", "L3", "L4", "M4", "M5", "N5",
    ]
    .map(p);
    let inner = ["M1", "M2", "M3", "N3"].map(p);
    assert!(wall.iter().all(|q| r.dead.contains(q)));
    let e = estimate(r.game.board(), EstimateOptions::for_game(&r.game));
    assert!(wall.iter().all(|q| e.dead.contains(q)), "{:?}", e.dead);
    assert!(inner.iter().all(|q| !e.dead.contains(q)), "{:?}", e.dead);
    let v = r.judge_estimate(&e);
    assert!(v.area_exact && v.territory_exact, "{}", r.territory());
    // Record 27 (9x9): Black's dead E8 F8 G7 J8 inside White's top side. Read alone, with
    // approach plays, White's G8 H8 H7 J7 looks lost to Black's F9 (her G9 connects it
    // along the edge, which the race does not read), and the top became a seki. A seki
    // is called only where the race is a standoff read both ways.
    let r = &record(27);
    let p = namer(r);
    let e = estimate(r.game.board(), EstimateOptions::for_game(&r.game));
    assert_eq!(e.dead, ["C3", "E8", "F8", "G7", "J8"].map(p));
    let v = r.judge_estimate(&e);
    assert!(v.area_exact && v.territory_exact, "{}", r.territory());
}

#[test]
fn after_the_passes_a_group_hemmed_in_by_its_dead_stones_and_the_opponents_area_is_read() {
    // Fresh 19x19 record 34, upper right:
    //   18  . X O O . O O . . .
    //   17  X X X O O X . O . .
    //   16  O O O X X . X O . .
    //   15  O . X . . X O O . .
    //   14  X X . X . X X . O .
    //   13  O O O . X . . X X .
    //   12  X O . . O O O X . .
    //       K L M N O P Q R S T
    // Black's M15 N14 N16 O13 O16 P14 P15 P17 Q14 Q16, seven chains round the space N15
    // O15 O14 P16, inside White's area. Their region runs out through Black's dead K14
    // L14 and R10-R13 into White's side, far too wide for the shut-in search, and the
    // playouts leave them at an even 0.0: called alive, with White's stones next to them
    // dead, the count was B+32.5 against the truth's W+34.5. With Black's dead stones
    // and White's settled points taken as White's, the group is shut in with some fifteen
    // points and dies with White to move (her Q17 takes the eye at P16), as GNU Go's owl
    // reading and the cleanup find.
    let r = &record_of(played_out::FRESH_19, 34);
    let p = namer(r);
    let group = [
        "M15", "N14", "N16", "O13", "O16", "P14", "P15", "P17", "Q14", "Q16",
    ]
    .map(p);
    assert!(group.iter().all(|q| r.dead.contains(q)));
    estimated_as_the_truth(r);
    // Stopped on a play instead, the group keeps the playouts' verdict: its owner may
    // still answer there, and no region is read on the opponent's hold.
    let (_, open) = ended_and_open(r);
    assert!(
        group.iter().all(|q| !open.dead.contains(q)),
        "{:?}",
        open.dead
    );
}

#[test]
fn a_group_shut_in_by_walls_its_dead_stones_shut_in_is_read_on_the_opponents_hold() {
    // Record 37 of the 13x13 set (tengen's player, Black, crushed by GNU Go), lower right
    // (k5 k6 are Black's dead stones):
    //    7  O . O X
    //    6  X O O X
    //    5  X O O X
    //    4  O X X X
    //    3  O X X .
    //    2  O X O O
    //    1  X X X .
    //       K L M N
    // Black's twelve stones have no eye; White's m2-n2 shares their two liberties, n1
    // and n3, and the playouts call the group alive (a seki to them). Worked by hand:
    // White's throw-in n1 puts both in atari, Black must take three stones at n3, and
    // White's n2 on the bent three left kills; GNU Go's cleanup took all twelve. The
    // shut-in search was never asked: White's walls round the group are themselves shut
    // in by Black's dead stones, so they counted as unsafe. On White's hold (Black's
    // dead stones hers) they are safe, and the group dies with White to move.
    let r = &record_of(played_out::FRESH_13, 37);
    let p = namer(r);
    let group = [
        "K1", "L1", "M1", "L2", "L3", "M3", "L4", "M4", "N4", "N5", "N6", "N7",
    ]
    .map(p);
    assert!(group.iter().all(|q| r.dead.contains(q)));
    estimated_as_the_truth(r);
}

#[test]
fn the_shut_in_search_retakes_where_its_captures_emptied_a_wall() {
    // Record 8 of the 13x13 set (tengen's player, Black, against GNU Go): Black's
    // one-eyed group h4-n4 in the lower right dies with White to move (worked by hand in
    // `enclosed`'s test of the same position), and so do all Black's stones there: the
    // count is the truth's W+176.5, not the W+149.5 of a seki.
    let r = &record_of(played_out::FRESH_13, 8);
    let p = namer(r);
    assert!(["H4", "L5", "N4", "M2"]
        .map(p)
        .iter()
        .all(|q| r.dead.contains(q)));
    estimated_as_the_truth(r);
    // And the lone stone among the opponent's dead ones is no group to kill on her
    // hold: record 54 of the 9x9 set, Black's j6 inside White's dead h6-h8 j8.
    let r = &record_of(played_out::FRESH_9, 54);
    let p = namer(r);
    let e = estimate(r.game.board(), EstimateOptions::for_game(&r.game));
    assert!(!e.dead.contains(&p("J6")), "{:?}", e.dead);
    assert!(["H6", "H7", "H8", "J8"]
        .map(p)
        .iter()
        .all(|q| e.dead.contains(q)));
    assert!(r.judge_estimate(&e).area_exact);
}

#[test]
fn each_territory_of_a_kept_position_is_found_once_with_the_same_answer() {
    // Every empty point of the kept positions tried in order for each colour, as step 7
    // of the finishing tries them, with the points a flood reached labelled: the
    // territories found are those `intrusion::territory` finds from any of their points,
    // and a point that none holds has no territory from it either.
    use tengen::board::{Cell, CELLS};
    use tengen_player::intrusion::{territory, territory_in, Territory};
    let records = played_out::read(played_out::SET).unwrap();
    let mut found_any = 0;
    for r in &records {
        let b = r.game.board();
        let empty: Vec<_> = b.indices().filter(|&i| b.cell(i) == Cell::Empty).collect();
        for c in tengen::Color::BOTH {
            let mut seen = [0u16; CELLS];
            let mut found: Vec<Territory> = Vec::new();
            for (id, &i) in (1..).zip(&empty) {
                if seen[i as usize] == 0 {
                    found.extend(territory_in(b, i, c, &mut seen, id));
                }
            }
            for &i in &empty {
                let holder = found.iter().find(|t| t.points.contains(&i));
                let sorted = |t: &Territory| {
                    let mut p = t.points.clone();
                    p.sort();
                    p
                };
                match territory(b, i, c) {
                    Some(t) => {
                        let got = holder.unwrap_or_else(|| panic!("played-out {}", r.index));
                        assert_eq!(sorted(got), sorted(&t), "played-out {}", r.index);
                    }
                    None => assert!(holder.is_none(), "played-out {}", r.index),
                }
            }
            found_any += found.len();
        }
    }
    assert!(found_any > 200, "{found_any}");
}

#[test]
fn after_the_passes_a_border_left_open_stays_open_where_nobody_plays_on() {
    // Record 232 (9x9, White then Black passed), the top edge:
    //   9  . . . . . . . O .
    //   8  . . . . X O O . X
    //   7  . . X . O X . O X
    //      A B C D E F G H J
    // Black's area in the top left is open along the first line: E9, F9 and G9 lead from
    // it to White's F8, G8 and H9. The estimate closes that border (Black's E9, F9 and
    // G9, with White's answers), as the players would if they played on. Under the
    // Chinese rules a dispute resumes play (docs/rules.md §5.1) and the dame are filled,
    // so the count keeps those stones. Under the Japanese rules nobody plays after the
    // passes (confirmation play restores the board): the region touches both colours and
    // is nobody's, and the count of the position as it stands, with the dead E7, J7 and
    // J8 taken off, is the truth, W+15.5. Closing the border made it B+1.5.
    let r = &record(232);
    let p = namer(r);
    let e = estimate(r.game.board(), EstimateOptions::for_game(&r.game));
    let mut dead = ["E7", "J7", "J8"].map(p).to_vec();
    dead.sort();
    assert_eq!(e.dead, dead);
    for point in ["E9", "F9", "G9"] {
        assert!(
            e.fills.contains(&(p(point), tengen::Color::Black)),
            "{point}: {:?}",
            e.fills
        );
    }
    let mut japanese = tengen::Rules::japanese();
    japanese.komi = r.game.rules().komi;
    assert!(e.counted_fills(&japanese, true).is_empty());
    assert!(e.counted_fills(&tengen::Rules::korean(), true).is_empty());
    // Where play goes on (a resumption, or play-out rules' capture of the dead stones),
    // the dame are filled as the players play on.
    assert_eq!(e.counted_fills(&tengen::Rules::aga(), true), &e.fills[..]);
    assert_eq!(
        e.counted_fills(&tengen::Rules::tromp_taylor(), true),
        &e.fills[..]
    );
    assert_eq!(e.counted_fills(&japanese, false), &e.fills[..]);
    assert_eq!(e.counted_fills(r.game.rules(), true), &e.fills[..]);
    assert_eq!(e.fills_for(&r.game), &e.fills[..]);
    let (_, territory) = r.estimate_counts(&e);
    assert_eq!(territory, "W+15.5");
    assert_eq!(r.territory(), territory);
    // Counted with the closed border, as before.
    let (_, closed) = r.counts(&e.dead, &e.fills, &e.fills);
    assert_eq!(closed, "B+1.5");
}
