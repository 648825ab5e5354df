//! The ways a game ends and the pass stones of docs/rules.md §4.

mod common;

use common::v;
use tengen::rules::Ending;
use tengen::{Color, EndReason, Game, GameResult, Illegal, Move, Phase, Rules, Size};

fn game(name: &str) -> Game {
    Game::new(Size::square(9).unwrap(), Rules::named(name).unwrap())
}

fn prisoners(g: &Game) -> (u32, u32) {
    (g.prisoners(Color::Black), g.prisoners(Color::White))
}

fn play(g: &mut Game, moves: &str) {
    for m in moves.split_whitespace() {
        let mv = v(g, m);
        g.play(mv).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
}

#[test]
fn two_passes_end_most_games() {
    for name in [
        "tromp-taylor",
        "chinese",
        "japanese",
        "korean",
        "ing",
        "new-zealand",
        "wmsg",
        "ikeda-area-1",
    ] {
        let mut g = game(name);
        play(&mut g, "E5 pass");
        assert!(!g.is_over());
        play(&mut g, "pass");
        // Play-out rules score the board as it stands; the others mark dead stones first.
        let play_out = g.rules().dead_stones == tengen::rules::DeadStones::PlayOut;
        assert_eq!(g.phase(), &Phase::Ended(EndReason::Passes), "{name}");
        assert_eq!(g.needs_settlement(), !play_out, "{name}");
        assert!(g.is_over());
        assert_eq!(prisoners(&g), (0, 0), "{name}: no pass stones");
        assert_eq!(g.legal(Move::Pass), Err(Illegal::GameOver));
    }
}

#[test]
fn aga_white_passes_last_with_pass_stones() {
    // Black passes, White passes: White made the second pass, the game ends.
    let mut g = game("aga");
    play(&mut g, "pass pass");
    assert!(g.is_over());
    assert_eq!(prisoners(&g), (1, 1));
    // White passes first: Black's pass does not end it; White's second pass does (three
    // passes), and White has handed over one stone more, as she made one move more.
    let mut g = game("aga");
    play(&mut g, "E5 pass pass");
    assert!(!g.is_over(), "Black passed second");
    play(&mut g, "pass");
    assert!(g.is_over());
    assert_eq!(prisoners(&g), (2, 1));
    // A play after Black's pass restarts the count.
    let mut g = game("aga");
    play(&mut g, "E5 pass pass D4 pass");
    assert!(!g.is_over());
    assert_eq!(g.rules().ending, Ending::WhitePassesLast);
}

#[test]
fn ikeda_territory_1_preliminary_end_and_equal_moves() {
    // B and W pass: the preliminary end, with no prisoners. Black moves first after it.
    let mut g = game("ikeda-territory-1");
    play(&mut g, "E5 D5 pass pass");
    assert!(!g.is_over());
    assert_eq!(g.pass_state().preliminary_end, Some(4));
    assert!(g.moves()[3].preliminary_end);
    assert_eq!(prisoners(&g), (0, 0));
    // Black plays, White passes (one prisoner to Black), Black passes: the end; Black
    // moved first after the preliminary end, so her final pass gives nothing.
    play(&mut g, "C3 pass pass");
    assert!(g.is_over());
    assert_eq!(prisoners(&g), (1, 0));
    assert_eq!(g.pass_state().first_after_preliminary, Some(Color::Black));

    // Passing straight on after the preliminary end: Black's pass gives one, White's
    // final pass also gives one, since White did not move first after it.
    let mut g = game("ikeda-territory-2");
    play(&mut g, "pass pass pass");
    assert!(!g.is_over());
    assert_eq!(prisoners(&g), (0, 1));
    play(&mut g, "pass");
    assert!(g.is_over());
    assert_eq!(prisoners(&g), (1, 1));
}

#[test]
fn ikeda_territory_3_black_final_pass_exemption() {
    // White passes (one prisoner to Black), Black's final pass gives nothing.
    let mut g = game("ikeda-territory-3");
    play(&mut g, "E5 pass pass");
    assert!(g.is_over());
    assert_eq!(prisoners(&g), (1, 0));
    assert!(g.moves()[1].pass_stone && !g.moves()[2].pass_stone);
    // Black passes first (one prisoner to White), White's final pass gives one too.
    let mut g = game("ikeda-territory-3");
    play(&mut g, "pass pass");
    assert!(g.is_over());
    assert_eq!(prisoners(&g), (1, 1));
}

#[test]
fn first_pass_is_recorded() {
    let mut g = game("wmsg");
    play(&mut g, "E5 pass D4 pass pass");
    assert_eq!(g.pass_state().first_pass, Some(Color::White));
}

#[test]
fn resignation_time_and_forfeit() {
    let mut g = game("japanese");
    play(&mut g, "E5");
    g.resign(Color::White).unwrap();
    assert_eq!(g.result(), Some(GameResult::Resignation(Color::Black)));
    assert_eq!(g.result().unwrap().to_string(), "B+R");
    assert_eq!(g.legal(v(&g, "D4")), Err(Illegal::GameOver));
    assert!(g.undo(), "undo takes back the resignation");
    assert_eq!(g.phase(), &Phase::Playing);
    assert_eq!(g.move_number(), 1);
    g.lose_on_time(Color::Black).unwrap();
    assert_eq!(g.result().unwrap().to_string(), "W+T");
    assert_eq!(g.forfeit(Color::White), Err(Illegal::GameOver));
    let mut g = game("aga");
    g.forfeit(Color::Black).unwrap();
    assert_eq!(g.result().unwrap().to_string(), "W+F");
    // A game ended by passes needs scoring before it has a result.
    let mut g = game("chinese");
    play(&mut g, "pass pass");
    assert_eq!(g.result(), None);
}

#[test]
fn stone_supply_leaves_only_passes() {
    let mut rules = Rules::named("ing").unwrap();
    rules.set("stone-supply", "3").unwrap();
    let mut g = Game::new(Size::square(5).unwrap(), rules);
    play(&mut g, "A1 B1 A2 B2 E5");
    assert_eq!(g.stones_in_bowl(Color::Black), Some(0));
    assert_eq!(
        g.legal_as(Color::Black, v(&g, "C3")),
        Err(Illegal::NoStonesLeft { supply: 3 })
    );
    // White's capture returns two stones to Black's bowl; now White's bowl is empty.
    play(&mut g, "A3");
    assert_eq!(g.stones_in_bowl(Color::Black), Some(2));
    assert_eq!(g.stones_in_bowl(Color::White), Some(0));
    play(&mut g, "C3");
    assert_eq!(g.legal_moves(), vec![Move::Pass]);
}

#[test]
fn undo_restores_pass_state_and_prisoners() {
    let mut g = game("aga");
    play(&mut g, "E5 pass pass");
    let before = (prisoners(&g), g.pass_state().clone());
    play(&mut g, "pass");
    assert!(g.is_over());
    assert!(g.undo());
    assert!(!g.is_over());
    assert_eq!((prisoners(&g), g.pass_state().clone()), before);
}
