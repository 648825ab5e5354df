//! The end of the game: marking dead stones, accepting, rejecting, resuming, and Japanese
//! confirmation play (RULES.md §5.1).

mod common;

use common::v;
use tengen::{Board, Color, EndReason, Game, Illegal, Move, Phase, Rules};

/// Black's area on the left holds a white stone (A3) that cannot live.
const FINAL: &str = "
    . X O . .
    . X O . .
    O X O . .
    . X O . .
    . X O . .";

fn ended(rules: &str) -> Game {
    let mut g = Game::from_position(
        Board::from_text(FINAL).unwrap(),
        Color::Black,
        Rules::named(rules).unwrap(),
    );
    g.pass().unwrap();
    g.pass().unwrap();
    g
}

#[test]
fn both_accept_the_same_marks() {
    let mut g = ended("chinese");
    let a3 = common::pt(g.size(), "A3");
    g.toggle_dead(a3).unwrap();
    g.accept(Color::Black).unwrap();
    // A change clears both acceptances.
    g.toggle_dead(a3).unwrap();
    assert_eq!(g.marks().unwrap().accepted, [false, false]);
    g.toggle_dead(a3).unwrap();
    g.accept(Color::White).unwrap();
    assert!(matches!(g.phase(), Phase::Scoring(_)));
    g.accept(Color::Black).unwrap();
    assert_eq!(g.phase(), &Phase::Ended(EndReason::Passes));
    assert_eq!(g.final_dead(), &[a3]);
    // Black: 5 stones + 5 territory = 10; White 5 + 10 + 7.5.
    assert_eq!(g.result().unwrap().to_string(), "W+12.5");
    assert!(
        g.accept(Color::Black).is_err(),
        "no longer in the scoring phase"
    );
}

#[test]
fn rejection_resumes_play() {
    let mut g = ended("chinese");
    g.reject(Color::White).unwrap();
    assert_eq!(g.phase(), &Phase::Playing);
    assert_eq!(g.to_move(), Color::Black, "the opponent of the last passer");
    // Black captures the stone instead; two passes end it again.
    for m in ["A2", "pass", "A4", "pass"] {
        let mv = v(&g, m);
        g.play(mv).unwrap();
    }
    assert!(!g.is_over());
    g.pass().unwrap();
    assert!(matches!(g.phase(), Phase::Scoring(_)));
}

#[test]
fn wmsg_resumes_once_then_counts_every_stone_alive() {
    let mut g = ended("wmsg");
    g.reject(Color::Black).unwrap();
    g.pass().unwrap();
    g.pass().unwrap();
    assert_eq!(
        g.phase(),
        &Phase::Ended(EndReason::Passes),
        "no second marking"
    );
    // A3 counts as alive: Black's left side is no territory (5 against 16 + 6.5).
    assert_eq!(g.result().unwrap().to_string(), "W+17.5");
}

#[test]
fn play_out_rules_score_at_once() {
    let g = ended("tromp-taylor");
    assert_eq!(g.phase(), &Phase::Ended(EndReason::Passes));
    // Every stone is alive: Black 5, White 6 stones + 10 territory + 7.5.
    assert_eq!(g.result().unwrap().to_string(), "W+18.5");
}

#[test]
fn marking_needs_a_stone_and_the_scoring_phase() {
    let mut g = ended("japanese");
    assert!(g.toggle_dead(common::pt(g.size(), "E5")).is_err());
    let mut h = Game::new(
        tengen::Size::square(5).unwrap(),
        Rules::named("japanese").unwrap(),
    );
    assert!(h.toggle_dead(common::pt(h.size(), "E5")).is_err());
    assert!(h.accept(Color::Black).is_err());
}

/// Japanese confirmation play settles a dispute over A3: Black captures it in the sandbox,
/// the board is restored, and A3 is counted as dead.
#[test]
fn japanese_confirmation_play() {
    let mut g = ended("japanese");
    let before = g.board().clone();
    g.reject(Color::White).unwrap();
    assert!(matches!(g.phase(), Phase::Confirming(_)));
    for m in ["A2", "pass", "A4", "pass", "pass"] {
        let mv = v(&g, m);
        g.play(mv).unwrap();
    }
    assert_eq!(g.phase(), &Phase::Ended(EndReason::Passes));
    assert_eq!(g.board(), &before, "the board is restored");
    assert_eq!(g.final_dead(), &[common::pt(g.size(), "A3")]);
    // Black: 5 territory + 1 dead stone; White 10 + 6.5.
    assert_eq!(g.result().unwrap().to_string(), "W+10.5");
}

/// In confirmation play a ko may be retaken only after a pass, not after a threat.
#[test]
fn confirmation_ko_needs_a_pass() {
    let text = "
        . X O . .
        X O . O .
        . X O . .
        . . . . .
        . . . . .";
    let mut g = Game::from_position(
        Board::from_text(text).unwrap(),
        Color::Black,
        Rules::named("korean").unwrap(),
    );
    g.pass().unwrap();
    g.pass().unwrap();
    g.reject(Color::Black).unwrap();
    // White passed last, so Black moves first.
    assert_eq!(g.confirmation().unwrap().to_move(), Color::Black);
    for m in ["C4", "E1", "A1"] {
        let mv = v(&g, m);
        g.play(mv).unwrap(); // Black takes the ko; White threatens; Black answers
    }
    let retake = v(&g, "B4");
    let err = g.play(retake).unwrap_err();
    assert_eq!(err, Illegal::ConfirmationKo { taken_at: 1 });
    assert_eq!(
        err.to_string(),
        "confirmation play: the ko taken at move 1 may be retaken only after a pass"
    );
    // After a White pass (and a Black move), White may retake.
    g.play(Move::Pass).unwrap();
    let mv = v(&g, "A2");
    g.play(mv).unwrap();
    g.play(retake).unwrap();
}
