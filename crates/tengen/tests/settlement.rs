//! The end of the game: marking dead stones, accepting, rejecting, resuming, and Japanese
//! confirmation play (docs/rules.md §5.1), through a `Settlement`.

mod common;

use common::{pt, v};
use tengen::{
    Board, Color, EndReason, Game, Illegal, Move, Phase, Rules, SettleError, Settlement, Stage,
};

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

fn settle(rules: &str) -> Settlement {
    Settlement::new(ended(rules)).unwrap()
}

/// Plays confirmation moves (GTP vertices, alternating from the player to move).
fn confirm(s: &mut Settlement, moves: &str) {
    for m in moves.split_whitespace() {
        let sandbox = &s.confirmation().unwrap().sandbox;
        let (color, mv) = (sandbox.to_move(), v(sandbox, m));
        s.play(color, mv).unwrap();
    }
}

#[test]
fn both_accept_the_same_marks() {
    let mut s = settle("chinese");
    let a3 = pt(s.game().size(), "A3");
    s.toggle(Color::Black, a3).unwrap();
    s.accept(Color::Black).unwrap();
    // A change clears both acceptances.
    s.toggle(Color::White, a3).unwrap();
    assert_eq!(
        [s.accepted(Color::Black), s.accepted(Color::White)],
        [false, false]
    );
    s.toggle(Color::White, a3).unwrap();
    s.accept(Color::White).unwrap();
    assert_eq!(s.stage(), &Stage::Marking);
    s.accept(Color::Black).unwrap();
    assert_eq!(s.stage(), &Stage::Settled);
    assert_eq!(
        s.accept(Color::Black),
        Err(SettleError::NotMarking),
        "no longer marking"
    );
    let g = s.into_game();
    assert_eq!(g.phase(), &Phase::Ended(EndReason::Passes));
    assert_eq!(g.final_dead(), &[a3]);
    // Black: 5 stones + 5 territory = 10; White 5 + 10 + 7.5.
    assert_eq!(g.result().unwrap().to_string(), "W+12.5");
}

#[test]
fn rejection_resumes_play() {
    let mut s = settle("chinese");
    s.reject(Color::White).unwrap();
    assert_eq!(s.stage(), &Stage::Resumed);
    let mut g = s.into_game();
    assert_eq!(g.phase(), &Phase::Playing);
    assert_eq!(g.to_move(), Color::Black, "the opponent of the last passer");
    // Black captures the stone instead; two passes end it again.
    for m in ["A2", "pass", "A4", "pass"] {
        let mv = v(&g, m);
        g.play(mv).unwrap();
    }
    assert!(!g.is_over());
    g.pass().unwrap();
    assert!(g.needs_settlement());
    assert_eq!(
        g.result(),
        None,
        "no result before the dead stones are settled"
    );
}

#[test]
fn wmsg_resumes_once_then_counts_every_stone_alive() {
    let mut s = settle("wmsg");
    s.reject(Color::Black).unwrap();
    let mut g = s.into_game();
    g.pass().unwrap();
    g.pass().unwrap();
    assert_eq!(g.phase(), &Phase::Ended(EndReason::Passes));
    assert!(!g.needs_settlement(), "no second marking");
    // A3 counts as alive: Black's left side is no territory (5 against 16 + 6.5).
    assert_eq!(g.result().unwrap().to_string(), "W+17.5");
    assert_eq!(Settlement::new(g).unwrap().stage(), &Stage::Settled);
}

#[test]
fn play_out_rules_score_at_once() {
    let g = ended("tromp-taylor");
    assert_eq!(g.phase(), &Phase::Ended(EndReason::Passes));
    assert!(!g.needs_settlement());
    // Every stone is alive: Black 5, White 6 stones + 10 territory + 7.5.
    assert_eq!(g.result().unwrap().to_string(), "W+18.5");
}

#[test]
fn marking_needs_a_stone_and_a_passed_out_game() {
    let mut s = settle("japanese");
    let e5 = pt(s.game().size(), "E5");
    assert_eq!(s.toggle(Color::Black, e5), Err(SettleError::NoStone(e5)));
    let off = tengen::Point::new(7, 7);
    assert_eq!(s.toggle(Color::Black, off), Err(SettleError::OffBoard(off)));
    assert_eq!(s.propose(&[e5]), Err(SettleError::NoStone(e5)));
    let h = Game::new(tengen::Size::square(5).unwrap(), Rules::japanese());
    let back = Settlement::new(h).unwrap_err();
    assert_eq!(back.move_number(), 0, "the game is handed back");
}

/// Japanese confirmation play settles a dispute over A3: Black captures it in the sandbox,
/// the board is restored, and A3 is counted as dead.
#[test]
fn japanese_confirmation_play() {
    let mut s = settle("japanese");
    let before = s.game().board().clone();
    s.reject(Color::White).unwrap();
    assert!(matches!(s.stage(), Stage::Confirming(_)));
    confirm(&mut s, "A2 pass A4 pass pass");
    assert_eq!(s.stage(), &Stage::Settled);
    let g = s.into_game();
    assert_eq!(g.phase(), &Phase::Ended(EndReason::Passes));
    assert_eq!(g.board(), &before, "the board is restored");
    assert_eq!(g.final_dead(), &[pt(g.size(), "A3")]);
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
    let mut s = Settlement::new(g).unwrap();
    s.reject(Color::Black).unwrap();
    // White passed last, so Black moves first.
    assert_eq!(s.confirmation().unwrap().sandbox.to_move(), Color::Black);
    // Black takes the ko; White threatens; Black answers.
    confirm(&mut s, "C4 E1 A1");
    let retake = v(&s.confirmation().unwrap().sandbox, "B4");
    let err = s.play(Color::White, retake).unwrap_err();
    assert_eq!(err, Illegal::ConfirmationKo { taken_at: 1 });
    assert_eq!(
        err.to_string(),
        "confirmation play: the ko taken at move 1 may be retaken only after a pass"
    );
    // After a White pass (and a Black move), White may retake.
    s.play(Color::White, Move::Pass).unwrap();
    confirm(&mut s, "A2");
    s.play(Color::White, retake).unwrap();
}

/// Confirmation play keeps what was agreed (docs/rules.md §5.1: only the disputed status is
/// settled by play). The position on 9x9: Black's wall on column D and White's on column F;
/// inside Black's area three lone white stones (A9, B7, A5) that cannot live, inside
/// White's area a lone black stone (J1).
///
/// The proposal marks the three white stones dead; White marks Black's J1 dead too, and
/// Black accepts those four. White then takes one of them back (B7: "alive"), and Black
/// rejects. The only stone in dispute is B7: confirmation play settles it (Black captures
/// it), while A9, A5 and J1, which both players called dead, stay dead, though nobody
/// touches them in the continuation.
#[test]
fn confirmation_play_keeps_what_was_agreed() {
    let text = "
        O . . X . O . . .
        . . . X . O . . .
        . O . X . O . . .
        . . . X . O . . .
        O . . X . O . . .
        . . . X . O . . .
        . . . X . O . . .
        . . . X . O . . .
        . . . X . O . . X";
    let mut g = Game::from_position(
        Board::from_text(text).unwrap(),
        Color::Black,
        Rules::japanese(),
    );
    g.pass().unwrap();
    g.pass().unwrap();
    let size = g.size();
    let [a9, b7, a5, j1] = ["A9", "B7", "A5", "J1"].map(|s| pt(size, s));
    let mut s = Settlement::new(g).unwrap();
    s.propose(&[a9, b7, a5]).unwrap();
    s.mark(Color::White, j1, true).unwrap();
    s.accept(Color::Black).unwrap();
    s.mark(Color::White, b7, false).unwrap();
    s.reject(Color::Black).unwrap();
    let c = s.confirmation().unwrap();
    assert_eq!(c.agreed_dead, [a9, a5, j1].into_iter().collect());
    assert_eq!(c.disputed, [b7].into_iter().collect());
    // White passed last: Black captures B7 (B8, A7, C7, B6 around it), White passes.
    confirm(&mut s, "B8 pass A7 pass C7 pass B6 pass pass");
    assert_eq!(s.stage(), &Stage::Settled);
    let mut dead = vec![a9, b7, a5, j1];
    dead.sort();
    assert_eq!(s.marks().iter().copied().collect::<Vec<_>>(), dead);
    let g = s.into_game();
    assert_eq!(g.final_dead(), dead.as_slice());
    // The final position, with A9, B7, A5 and J1 removed: Black's area is columns A-C
    // (27 points, the three white stones' points included) and White's columns G, H, J
    // (27 points, J1 included); column E is dame. Black 27 territory + 3 dead = 30; White
    // 27 territory + 1 dead + 6.5 komi = 34.5. (Had the continuation decided every stone,
    // as it did before, A9, A5 and J1, untouched by it, would have counted as alive.)
    let report = g.score();
    assert_eq!(
        (report.black.territory, report.black.dead),
        (27, 3),
        "{report}"
    );
    assert_eq!(
        (report.white.territory, report.white.dead),
        (27, 1),
        "{report}"
    );
    assert_eq!(g.result().unwrap().to_string(), "W+4.5");
}

/// A player who rejects without having said anything agrees with nothing: every stone is
/// in dispute and the continuation decides them all.
#[test]
fn a_rejection_out_of_the_blue_disputes_every_mark() {
    let mut s = settle("japanese");
    let a3 = pt(s.game().size(), "A3");
    s.propose(&[a3]).unwrap();
    s.reject(Color::White).unwrap();
    let c = s.confirmation().unwrap();
    assert!(c.agreed_dead.is_empty());
    assert_eq!(c.disputed.len(), 11, "every stone of the final position");
    assert!(c.disputed.contains(&a3));
    // Nobody captures it: it stays alive.
    confirm(&mut s, "pass pass");
    let g = s.into_game();
    assert!(g.final_dead().is_empty());
}
