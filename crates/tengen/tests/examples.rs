//! docs/rules.md §9: every example from the sources, as text-board tests, under every named
//! ruleset.

mod common;

use common::v;
use tengen::rules::{KoRule, RulesetName};
use tengen::{Board, Color, Game, Illegal, Rules};

fn game(text: &str, to_move: Color, rules: Rules) -> Game {
    Game::from_position(Board::from_text(text).unwrap(), to_move, rules)
}

fn board(text: &str) -> Board {
    Board::from_text(text).unwrap()
}

/// Every named ruleset: each forbids the immediate retake of a ko, Ing's too (its cycle-set
/// rules with etiquette A1, see `cycle_sets_refuse_the_immediate_retake_by_a1`).
fn rulesets_with_immediate_ko_ban() -> impl Iterator<Item = Rules> {
    RulesetName::ALL.into_iter().map(RulesetName::rules)
}

const KO: &str = "
    . X O . .
    X O . O .
    . X O . .
    . . X O .
    . . . . .";

#[test]
fn ko_in_the_centre() {
    for rules in rulesets_with_immediate_ko_ban() {
        let name = rules.ruleset_name().unwrap();
        // Before White's last move, the lower O on the right (D2) was not there.
        let start = KO.replace(". . X O .", ". . X . .");
        let mut g = game(&start, Color::White, rules);
        g.play(v(&g, "D2")).unwrap();
        let rec = g.play(v(&g, "C4")).unwrap().clone();
        assert_eq!(rec.captured(), vec![common::pt(g.size(), "B4")], "{name}");
        assert_eq!(
            g.board(),
            &board(". X O . . \n X . X O . \n . X O . . \n . . X O . \n . . . . .")
        );
        let err = g.legal(v(&g, "B4")).unwrap_err();
        assert!(
            matches!(err, Illegal::Ko { recreates: 1, .. }),
            "{name}: {err:?}"
        );
        assert_eq!(g.prisoners(Color::Black), 1);
    }
}

#[test]
fn ko_at_the_edge() {
    for rules in rulesets_with_immediate_ko_ban() {
        let name = rules.ruleset_name().unwrap();
        let mut g = game(
            ". . . . .
             . X X . .
             . . O . .
             . . . O X
             . . O X .",
            Color::White,
            rules,
        );
        let rec = g.play(v(&g, "E1")).unwrap().clone();
        assert_eq!(rec.captured(), vec![common::pt(g.size(), "D1")]);
        assert_eq!(
            g.board(),
            &board(". . . . . \n . X X . . \n . . O . . \n . . . O X \n . . O . O")
        );
        let err = g.legal(v(&g, "D1")).unwrap_err();
        assert!(
            matches!(err, Illegal::Ko { recreates: 0, .. }),
            "{name}: {err:?}"
        );
        // The message names the rule and the position that would recur.
        assert!(err.to_string().contains("starting position"), "{err}");
    }
}

#[test]
fn capture_of_three_then_recapture_is_legal() {
    for r in RulesetName::ALL {
        let mut g = game(
            ". O O X X
             O . O O X
             . O O X X
             . X X . X
             O O X X X",
            Color::White,
            r.rules(),
        );
        g.play(v(&g, "A2")).unwrap();
        let rec = g.play(v(&g, "A3")).unwrap().clone();
        assert_eq!(rec.captured().len(), 3, "{r}");
        let rec = g.play(v(&g, "A2")).unwrap().clone();
        assert_eq!(rec.captured(), vec![common::pt(g.size(), "A3")], "{r}");
        assert_eq!(
            g.board(),
            &board(". O O X X \n O . O O X \n . O O X X \n O X X . X \n . . X X X"),
            "{r}"
        );
    }
}

#[test]
fn snapback() {
    for r in RulesetName::ALL {
        let mut g = game(
            "O O O . .
             X X . O O
             O X . X X
             O O X X .
             . . X . X",
            Color::White,
            r.rules(),
        );
        g.play(v(&g, "C3")).unwrap();
        let rec = g.play(v(&g, "C4")).unwrap().clone();
        assert_eq!(rec.captured(), vec![common::pt(g.size(), "C3")], "{r}");
        let rec = g.play(v(&g, "C3")).unwrap().clone();
        assert_eq!(rec.captured().len(), 4, "{r}: White snaps back four stones");
        assert_eq!(
            g.board(),
            &board("O O O . . \n . . . O O \n O . O X X \n O O X X . \n . . X . X"),
            "{r}"
        );
    }
}

/// The nine diagrams of the ko-threat sequence in seeds/003.
#[test]
fn ko_threat_sequence() {
    for rules in rulesets_with_immediate_ko_ban() {
        let name = rules.ruleset_name().unwrap();
        let mut g = game(
            "X . X O O
             . X X O .
             X X O O .
             X . X O .
             X X O O .",
            Color::White,
            rules,
        );
        g.play(v(&g, "B2")).unwrap(); // White 2 captures at a
        assert!(
            matches!(g.legal(v(&g, "C2")), Err(Illegal::Ko { .. })),
            "{name}: Black may not retake at once"
        );
        g.play(v(&g, "E3")).unwrap(); // Black 3, a ko threat
        g.play(v(&g, "E2")).unwrap(); // White 4 answers
        let rec = g.play(v(&g, "C2")).unwrap().clone(); // Black 5 retakes legally
        assert_eq!(rec.captured(), vec![common::pt(g.size(), "B2")], "{name}");
        assert!(
            matches!(g.legal(v(&g, "B2")), Err(Illegal::Ko { .. })),
            "{name}: White may not retake"
        );
        let rec = g.play(v(&g, "E4")).unwrap().clone(); // White 6 captures Black 3
        assert_eq!(rec.captured(), vec![common::pt(g.size(), "E3")]);
        g.play(v(&g, "B2")).unwrap(); // Black 7 connects
                                      // Both pass: White first here, so AGA needs White's second pass, and Ikeda's
                                      // territory rules I/II make the first two passes only the preliminary end.
        let passes = match g.rules().ending {
            tengen::rules::Ending::TwoPasses => 2,
            tengen::rules::Ending::WhitePassesLast => 3,
            tengen::rules::Ending::PreliminaryEnd => 4,
        };
        for k in 0..passes {
            assert!(!g.is_over(), "{name}: over after {k} passes");
            g.pass().unwrap();
        }
        assert!(g.is_over(), "{name}");
        assert_eq!(
            g.board(),
            &board("X . X O O \n . X X O O \n X X O O . \n X X X O O \n X X O O ."),
            "{name}"
        );
    }
}

#[test]
fn cycle_sets_refuse_the_immediate_retake_by_a1() {
    // Seed 004's etiquette A1: a capture that would obviously create a cycle set is treated
    // as though it had. Retaking a ko at once is that case: without A1, rule 9 would let the
    // first retake through and refuse only the second (seed 004, figure 5).
    let mut g = game(KO, Color::Black, RulesetName::Ing.rules());
    g.play(v(&g, "C4")).unwrap(); // move 1: Black takes
    let err = g.legal(v(&g, "B4")).unwrap_err();
    assert_eq!(
        err,
        Illegal::Ko {
            rule: KoRule::CycleSets,
            recreates: 0,
            retakes: Some(1)
        }
    );
    assert_eq!(
        err.to_string(),
        "ko (cycle-set rules, etiquette A1): this play would retake the ko taken at move 1 at \
         once, an obvious cycle set (recreating the starting position)"
    );
    // After a threat and its answer, White may retake; then Black may not retake at once.
    g.play(v(&g, "E1")).unwrap();
    g.play(v(&g, "A1")).unwrap();
    g.play(v(&g, "B4")).unwrap(); // move 4: White retakes
    assert!(matches!(
        g.legal(v(&g, "C4")),
        Err(Illegal::Ko {
            rule: KoRule::CycleSets,
            recreates: 3,
            retakes: Some(4)
        })
    ));
    // Rule 9 governs the cycles that are not immediate retakes (the triple ko of
    // `ko_rules.rs`).
    assert_eq!(g.rules().ko, KoRule::CycleSets);
}
