//! The repetition rules of docs/rules.md §3 on positions where they disagree.

mod common;

use common::v;
use tengen::rules::{KoRule, LongCycle, Suicide};
use tengen::{
    Board, Color, EndReason, Game, GameResult, Illegal, Move, Phase, Rules, RulesetName, Size,
};

fn rules_with(ko: KoRule, suicide: Suicide, long_cycle: LongCycle) -> Rules {
    let mut r = Rules::tromp_taylor();
    r.ko = ko;
    r.suicide = suicide;
    r.long_cycle = long_cycle;
    r
}

/// Plays `moves` (GTP vertices, alternating from the player to move); panics on a refusal.
fn play_all(g: &mut Game, moves: &str) {
    for m in moves.split_whitespace() {
        let mv = v(g, m);
        if let Err(e) = g.play(mv) {
            panic!("move {} ({m}) refused: {e}", g.move_number() + 1);
        }
    }
}

/// Three independent kos (top left and top right, lower left), none of them ever
/// resolved: the cycle B C8, W G8, B C3, W B8, B H8, W B3 repeats the start every six
/// moves, each capture legal under simple ko because it is never an immediate retake.
const TRIPLE_KO: &str = "
    . X O . . . X O .
    X O . O . X . X O
    . X O . . . X O .
    . . . . . . . . .
    . . . . . . . . .
    . X O . . . . . .
    X O . O . . . . .
    . X O . . . . . .
    . . . . . . . . .";
const CYCLE: &str = "C8 G8 C3 B8 H8 B3";

fn triple_ko(rules: Rules) -> Game {
    Game::from_position(Board::from_text(TRIPLE_KO).unwrap(), Color::Black, rules)
}

#[test]
fn triple_ko_japanese_no_result_korean_draw() {
    for (name, outcome, result) in [
        ("japanese", LongCycle::NoResult, GameResult::Void),
        ("korean", LongCycle::Draw, GameResult::Draw),
    ] {
        let mut g = triple_ko(Rules::named(name).unwrap());
        play_all(&mut g, CYCLE);
        play_all(&mut g, CYCLE);
        // The start recurs after moves 6 and 12: the third occurrence ends the game.
        assert_eq!(
            g.phase(),
            &Phase::Ended(EndReason::LongCycle {
                outcome,
                occurrences: [0, 6, 12]
            }),
            "{name}"
        );
        assert_eq!(g.result(), Some(result));
        assert_eq!(
            g.result().unwrap().to_string(),
            if name == "japanese" { "Void" } else { "0" }
        );
        assert_eq!(g.legal(v(&g, "C8")), Err(Illegal::GameOver));
    }
}

#[test]
fn triple_ko_ignored_goes_on() {
    let mut g = triple_ko(rules_with(
        KoRule::Simple,
        Suicide::Forbidden,
        LongCycle::Ignore,
    ));
    for _ in 0..5 {
        play_all(&mut g, CYCLE);
    }
    assert_eq!(g.phase(), &Phase::Playing);
}

#[test]
fn triple_ko_superko_refuses_the_repeating_capture() {
    for (ko, name) in [
        (KoRule::Positional, "chinese"),
        (KoRule::Situational, "aga"),
        (KoRule::CapturePositional, "ikeda-area-2"),
    ] {
        let mut g = triple_ko(Rules::named(name).unwrap());
        assert_eq!(g.rules().ko, ko);
        play_all(&mut g, "C8 G8 C3 B8 H8");
        let err = g.legal(v(&g, "B3")).unwrap_err();
        assert_eq!(
            err,
            Illegal::Ko {
                rule: ko,
                recreates: 0,
                retakes: None
            },
            "{name}"
        );
        assert!(
            err.to_string().ends_with("recreate the starting position"),
            "{err}"
        );
    }
}

#[test]
fn triple_ko_natural_situational_ignores_the_uncreated_start() {
    // P_0 has no creator, so NSSK lets White recreate it; Black's next capture would
    // recreate P_1, which Black created.
    let mut g = triple_ko(rules_with(
        KoRule::NaturalSituational,
        Suicide::Forbidden,
        LongCycle::Ignore,
    ));
    play_all(&mut g, CYCLE);
    let err = g.legal(v(&g, "C8")).unwrap_err();
    assert_eq!(
        err,
        Illegal::Ko {
            rule: KoRule::NaturalSituational,
            recreates: 1,
            retakes: None
        }
    );
}

#[test]
fn triple_ko_cycle_sets_rule_9() {
    // Move 7 repeats the capture of move 1 on the same board: the points played between
    // form its cycle set, and White may not answer on any of them.
    let mut g = triple_ko(RulesetName::Ing.rules());
    play_all(&mut g, CYCLE);
    play_all(&mut g, "C8");
    let size = g.size();
    let mut expected: Vec<_> = ["G8", "C3", "B8", "H8", "B3"]
        .iter()
        .map(|s| common::pt(size, s))
        .collect();
    expected.sort();
    assert_eq!(g.cycle_sets().constraint(), Some((7, expected)));
    assert_eq!(
        g.legal(v(&g, "G8")),
        Err(Illegal::CycleSet { capture_move: 7 })
    );
    // Elsewhere is fine; after it the constraint is gone.
    play_all(&mut g, "E5 G8");
}

/// A six-move cycle on 4x3 made of two send-two-return-one exchanges (found by a search
/// over random games, checked by hand): on the left White sends two stones (A2, A1) and
/// Black returns one (A3); on the right Black sends two (C3, D3) and White returns one
/// (B3). The position after move 8 recurs after move 14.
const SEND_TWO: &str = "B1 A1 A3 D2 B2 C2 C1 B3 D3 A2 A3 A1 C3 B3";

#[test]
fn send_two_return_one() {
    let size = Size::new(4, 3).unwrap();
    let captures = |g: &Game| {
        g.moves()[8..]
            .iter()
            .map(|r| r.captured().len())
            .collect::<Vec<_>>()
    };
    // Japanese: legal every time; the third occurrence voids the game.
    let mut g = Game::new(size, Rules::named("japanese").unwrap());
    play_all(&mut g, SEND_TWO);
    assert_eq!(captures(&g), vec![0, 1, 2, 0, 1, 2]);
    assert_eq!(
        g.board(),
        &Board::from_text("X O . .\n. X O O\nO X X .").unwrap()
    );
    assert!(!g.is_over());
    play_all(&mut g, "D3 A2 A3 A1 C3 B3");
    assert!(matches!(
        g.phase(),
        Phase::Ended(EndReason::LongCycle {
            occurrences: [8, 14, 20],
            ..
        })
    ));
    // Situational superko: the capture closing the cycle is refused.
    let moves: Vec<&str> = SEND_TWO.split(' ').collect();
    for name in ["aga", "new-zealand"] {
        let mut g = Game::new(size, Rules::named(name).unwrap());
        play_all(&mut g, &moves[..13].join(" "));
        let err = g.legal(v(&g, moves[13])).unwrap_err();
        assert_eq!(
            err,
            Illegal::Ko {
                rule: KoRule::Situational,
                recreates: 8,
                retakes: None
            },
            "{name}"
        );
    }
    // Positional superko stops it earlier: move 12 recreates the position after move 9,
    // with the other player to move.
    let mut g = Game::new(size, Rules::named("chinese").unwrap());
    play_all(&mut g, &moves[..11].join(" "));
    let err = g.legal(v(&g, moves[11])).unwrap_err();
    assert_eq!(
        err,
        Illegal::Ko {
            rule: KoRule::Positional,
            recreates: 9,
            retakes: None
        }
    );
}

#[test]
fn single_stone_suicide_psk_vs_ssk() {
    let start = ". O .\nO . O\n. O .";
    let b = Board::from_text(start).unwrap();
    // Tromp-Taylor (PSK, suicide allowed): the suicide recreates the position before it.
    let mut g = Game::from_position(b.clone(), Color::Black, Rules::tromp_taylor());
    g.play(v(&g, "B3")).unwrap_err();
    let err = g.legal(v(&g, "B2")).unwrap_err();
    assert_eq!(
        err,
        Illegal::Ko {
            rule: KoRule::Positional,
            recreates: 0,
            retakes: None
        }
    );
    // SSK with suicide allowed: a legal play that changes nothing but the turn.
    let mut g = Game::from_position(
        b,
        Color::Black,
        rules_with(KoRule::Situational, Suicide::Allowed, LongCycle::Ignore),
    );
    let rec = g.play(v(&g, "B2")).unwrap().clone();
    assert_eq!(rec.suicided(), vec![common::pt(g.size(), "B2")]);
    assert_eq!(g.prisoners(Color::White), 1);
    assert_eq!(g.board(), &Board::from_text(start).unwrap());
    assert_eq!(g.to_move(), Color::White);
    // It is not a pass: White's pass then Black's pass end the game, not White's alone.
    g.pass().unwrap();
    assert!(!g.is_over());
    g.pass().unwrap();
    assert!(g.is_over());
}

#[test]
fn multi_stone_suicide() {
    // New Zealand: a single stone may not kill itself (A1), three stones may (B2).
    let start = "X X O .\nO . O .\n. O . .";
    let mut g = Game::from_position(
        Board::from_text(start).unwrap(),
        Color::Black,
        Rules::named("nz").unwrap(),
    );
    assert_eq!(
        g.legal(v(&g, "A1")).unwrap_err().to_string(),
        "suicide (multi-stone rule): a single stone may not capture itself"
    );
    let rec = g.play(v(&g, "B2")).unwrap().clone();
    assert_eq!(
        rec.suicided().len(),
        3,
        "B2 joins A3 and B3, and all three die"
    );
    assert_eq!(g.prisoners(Color::White), 3);
    assert_eq!(
        g.board(),
        &Board::from_text(". . O .\nO . O .\n. O . .").unwrap()
    );
    // Chinese forbids both.
    let g = Game::from_position(
        Board::from_text(start).unwrap(),
        Color::Black,
        Rules::named("chinese").unwrap(),
    );
    assert!(matches!(
        g.legal(v(&g, "B2")),
        Err(Illegal::Suicide { stones: 3, .. })
    ));
    assert!(matches!(
        g.legal(v(&g, "A1")),
        Err(Illegal::Suicide { stones: 1, .. })
    ));
}

/// NSSK and SSK part after a pass. A ko in the top left (Black can take at C4); White
/// has a free point elsewhere.
#[test]
fn natural_situational_vs_situational_after_a_pass() {
    let start = "
        . X O . .
        X O . O .
        . X O . .
        . . . . .
        . . . . .";
    // 1 B C4 takes; 2 W E1 elsewhere (W creates Q); 3 B passes (Q, White to move);
    // 4 W B4 retakes; 5 B C4 retakes at once, recreating Q after moves 2 and 3.
    let verdicts = [
        (KoRule::Simple, Some(3)),
        (KoRule::Positional, Some(2)),
        (KoRule::Situational, Some(3)),
        (KoRule::NaturalSituational, None),
        (KoRule::CapturePositional, Some(2)),
    ];
    for (ko, expected) in verdicts {
        let mut g = Game::from_position(
            Board::from_text(start).unwrap(),
            Color::Black,
            rules_with(ko, Suicide::Forbidden, LongCycle::Ignore),
        );
        play_all(&mut g, "C4 E1 pass B4");
        let got = match g.legal(v(&g, "C4")) {
            Ok(()) => None,
            Err(Illegal::Ko { recreates, .. }) => Some(recreates),
            Err(e) => panic!("{ko}: {e}"),
        };
        assert_eq!(got, expected, "{ko}");
    }
}

/// Ikeda's rule 4 checks capturing plays only (3x3, found by search, checked by hand):
/// White's 8th move, C3, captures nothing and recreates the position after move 5.
#[test]
fn capture_positional_allows_a_non_capturing_repetition() {
    let moves = "A3 A2 C2 C3 B2 B3 A3 C3";
    let size = Size::square(3).unwrap();
    let mut g = Game::new(size, Rules::named("ikeda-area-2").unwrap());
    play_all(&mut g, moves);
    assert!(g.moves()[7].captured().is_empty());
    assert!(g.positions().same(5, 8));
    assert_eq!(g.board(), &Board::from_text("X . O\nO X X\n. . .").unwrap());
    // The capture that would recreate the position after move 6 is still refused.
    play_all(&mut g, "pass");
    assert_eq!(
        g.legal(v(&g, "B3")),
        Err(Illegal::Ko {
            rule: KoRule::CapturePositional,
            recreates: 6,
            retakes: None
        })
    );
    // PSK refuses move 8; SSK and NSSK allow it (Black to move after 5, not after 8).
    let (head, last) = moves.rsplit_once(' ').unwrap();
    for (ko, refused) in [
        (KoRule::Positional, true),
        (KoRule::Situational, false),
        (KoRule::NaturalSituational, false),
    ] {
        let mut g = Game::new(size, rules_with(ko, Suicide::Forbidden, LongCycle::Ignore));
        play_all(&mut g, head);
        assert_eq!(g.legal(v(&g, last)).is_err(), refused, "{ko}");
    }
}

/// Rule 15 built from seed 004's definitions (4x3, found by search, checked by hand):
/// White's C3 (move 6) threatens B3 while White's own D3 stays in atari, so it is
/// potentially disallowed; Black's A2 (move 7) captures A3 without capturing C3 and gives
/// B3 back two liberties: it counteracts. When the board comes back to the same local
/// shape, White's unconstrained C3 with the same signature is refused.
#[test]
fn cycle_sets_rule_15() {
    let mut g = Game::new(Size::new(4, 3).unwrap(), RulesetName::Ing.rules());
    play_all(&mut g, "D2 D3 A1 A3 B3 C3 A2 B2 C2");
    let err = g.legal(v(&g, "C3")).unwrap_err();
    assert_eq!(
        err,
        Illegal::DisallowedCapture {
            counteracted_move: 6,
            by_move: 7
        }
    );
    assert_eq!(
        err.to_string(),
        "disallowed capture (rule 15): this play repeats move 6, which move 7 counteracted"
    );
    // Black may still play there, and without the counteraction White could.
    assert!(g.legal_as(Color::Black, v(&g, "C3")).is_ok());
    let mut g = Game::new(Size::new(4, 3).unwrap(), RulesetName::Ing.rules());
    play_all(&mut g, "D2 D3 A1 A3 B3 C3 B2 A2 C2");
    assert!(g.legal(Move::Pass).is_ok());
}

#[test]
fn ko_refusal_names_the_retaken_capture() {
    let mut g = Game::new(Size::square(5).unwrap(), Rules::named("japanese").unwrap());
    play_all(&mut g, "B4 C4 A3 D3 B2 C2 pass B3 C3");
    let err = g.legal(v(&g, "B3")).unwrap_err();
    assert_eq!(
        err,
        Illegal::Ko {
            rule: KoRule::Simple,
            recreates: 8,
            retakes: Some(9)
        }
    );
    assert_eq!(err.to_string(), "ko: this play would retake the ko taken at move 9 at once (recreating the position after move 8)");
}

/// Undo takes back what a move did to the cycle-set rules' state: the capture history and
/// cycle set of rule 9, and the disallowed signatures of rule 15. A game that takes moves
/// back then continues as one that never made them.
#[test]
fn undo_takes_back_cycle_sets_and_disallowed_signatures() {
    // Rule 9: move 7 repeats the capture of move 1 and makes a cycle set. Taken back, the
    // constraint goes; made again, it comes back the same.
    let mut g = triple_ko(RulesetName::Ing.rules());
    play_all(&mut g, CYCLE);
    play_all(&mut g, "C8");
    let constraint = g.cycle_sets().constraint();
    assert!(constraint.is_some());
    assert!(g.undo());
    assert_eq!(g.cycle_sets().constraint(), None);
    play_all(&mut g, "C8");
    assert_eq!(g.cycle_sets().constraint(), constraint);
    // All the way back: the first capture is a first capture again (no cycle set), and the
    // next cycle builds its set exactly as the first time.
    while g.undo() {}
    assert_eq!(g.move_number(), 0);
    play_all(&mut g, "C8");
    assert_eq!(g.cycle_sets().constraint(), None);
    play_all(&mut g, "G8 C3 B8 H8 B3 C8");
    assert_eq!(g.cycle_sets().constraint(), constraint);

    // Rule 15: White's C3 is disallowed after Black's counteraction (move 7). Take back
    // moves 7 to 9 and let Black pass instead: a pass counteracts nothing (Black's B3 stays
    // in atari), so nothing is disallowed, exactly as in a game played that way.
    let size = Size::new(4, 3).unwrap();
    let mut g = Game::new(size, RulesetName::Ing.rules());
    play_all(&mut g, "D2 D3 A1 A3 B3 C3 A2 B2 C2");
    assert!(g.legal(v(&g, "C3")).is_err());
    assert!(!g.cycle_sets().disallowed(Color::White).is_empty());
    for _ in 0..3 {
        assert!(g.undo());
    }
    play_all(&mut g, "pass");
    let mut fresh = Game::new(size, RulesetName::Ing.rules());
    play_all(&mut fresh, "D2 D3 A1 A3 B3 C3 pass");
    assert!(fresh.cycle_sets().disallowed(Color::White).is_empty());
    assert!(g.cycle_sets().disallowed(Color::White).is_empty());
    assert_eq!(g.legal_moves(), fresh.legal_moves());
}

/// A play that captures nothing can recreate an earlier position too: on a 3x1 board,
/// Black A1, White C1, Black B1 takes C1, White C1 takes A1 and B1, and Black's A1 would
/// leave X . O, the position after move 2. Positional superko refuses it; situational
/// superko allows it (after move 2 Black was to move, after this play White would be);
/// simple ko allows it. The whole-board mask says the same as the point-by-point check.
#[test]
fn a_play_without_capture_can_repeat_a_position() {
    for (ko, legal) in [
        (KoRule::Positional, false),
        (KoRule::Situational, true),
        (KoRule::Simple, true),
    ] {
        let rules = rules_with(ko, Suicide::Allowed, LongCycle::Ignore);
        let mut g = Game::new(Size::new(3, 1).unwrap(), rules);
        play_all(&mut g, "A1 C1 B1 C1");
        let a1 = v(&g, "A1");
        let verdict = g.legal(a1);
        assert_eq!(verdict.is_ok(), legal, "{ko}: {verdict:?}");
        if !legal {
            assert!(
                matches!(verdict, Err(Illegal::Ko { recreates: 2, .. })),
                "{verdict:?}"
            );
        }
        let mut mask = vec![false; 3];
        g.legal_mask_into(&mut mask);
        assert_eq!(mask[0], legal, "{ko}: the mask agrees");
    }
}
