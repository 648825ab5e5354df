//! The Monte-Carlo player at the end of the game (issue 17, section 3): it does not pass
//! while a border is open, a dame that matters is unfilled, or dead stones need capturing
//! under the ruleset, and then it passes. Each position is a text board (top row first)
//! with the answer worked out by hand in its comment, under Japanese, Chinese and
//! Tromp-Taylor rules.
//!
//! The 9x9 boards share a frame: Black's wall on column e (x = 4), White's on column f
//! (x = 5). Black's area is then columns a-e, 45 points, and White's columns f-j, 36
//! points; with komi 7.5 Black wins by 1.5 under area scoring (45 to 43.5) and by 1.5
//! under territory scoring (36 to 27 + 7.5), so a single point decides the game.

use tengen::{Board, Color, Game, Komi, Move, Point, Rules};
use tengen_player::mcts::{choose, Budget, Decision, Options};

/// The three rulesets of the brief: territory with agreement, area with agreement, area
/// with play-out.
const RULESETS: [&str; 3] = ["japanese", "chinese", "tromp-taylor"];

/// `text`'s position under `rules` with komi 7.5, `to_move` to play after the opponent's
/// pass.
fn after_pass(text: &str, to_move: Color, rules: &str) -> Game {
    after_pass_with_komi(text, to_move, rules, 15)
}

/// As [`after_pass`] with a komi of `komi_halves` half points.
fn after_pass_with_komi(text: &str, to_move: Color, rules: &str, komi_halves: i32) -> Game {
    let mut r = Rules::named(rules).unwrap();
    r.komi = Komi::from_halves(komi_halves).unwrap();
    let b = Board::from_text(text).unwrap();
    let mut g = Game::from_position(b, to_move.opponent(), r);
    g.pass().unwrap();
    g
}

/// The player's choice in `game` with a fixed budget and seed, never resigning.
fn decide(game: &Game, playouts: u32) -> Decision {
    let options = Options {
        resign_below: 0.0,
        seed: 17,
    };
    choose(game, game.to_move(), Budget::Playouts(playouts), options)
}

/// The point at GTP-free coordinates (x from the left, y from the top).
fn at(x: u8, y: u8) -> Option<Move> {
    Some(Move::Play(Point::new(x, y)))
}

/// Black's and White's walls complete: nothing left to play.
const CLOSED: &str = ". . . . X O . . .
                      . . . . X O . . .
                      . . . . X O . . .
                      . . . . X O . . .
                      . . . . X O . . .
                      . . . . X O . . .
                      . . . . X O . . .
                      . . . . X O . . .
                      . . . . X O . . .";

#[test]
fn passes_when_the_board_is_closed() {
    // Every point belongs to one side and no stone is dead: after White's pass, Black
    // passes and wins by 1.5 under each ruleset.
    for rules in RULESETS {
        let d = decide(&after_pass(CLOSED, Color::Black, rules), 2000);
        assert_eq!(d.mv, Some(Move::Pass), "{rules}: {d:?}");
    }
}

#[test]
fn closes_an_open_border() {
    // The walls are open on row 5 (y = 4): e5 (4,4) and f5 (5,4) are empty, and the two
    // areas meet there; under Tromp-Taylor a pass now would end the game with no area
    // for either side. If Black passes, White pushes in at e5, Black blocks at d5 (3,4),
    // and White wins by 0.5: area 44 to 37 + 7.5, territory 35 to 28 + 7.5. Black's good
    // plays are e5, which closes her wall (White then blocks at f5: B+1.5 both ways), and
    // f5, which pushes into White's (White blocks at g5 and Black must connect at e5).
    let open = ". . . . X O . . .
                . . . . X O . . .
                . . . . X O . . .
                . . . . X O . . .
                . . . . . . . . .
                . . . . X O . . .
                . . . . X O . . .
                . . . . X O . . .
                . . . . X O . . .";
    for rules in RULESETS {
        let d = decide(&after_pass(open, Color::Black, rules), 3000);
        assert!(
            d.mv == at(4, 4) || d.mv == at(5, 4),
            "{rules}: Black played {d:?}"
        );
    }
}

#[test]
fn fills_a_dame() {
    // A dame at e5 (4,4): its neighbours are Black's e6, e4 and d5 and White's f5. Under
    // area scoring it decides the game: Black filling it wins by 1.5, White filling it
    // wins by 0.5. Under territory scoring it is worth nothing, but the dame are filled
    // before the count: Black fills it rather than pass.
    let dame = ". . . . X O . . .
                . . . . X O . . .
                . . . . X O . . .
                . . . . X O . . .
                . . . X . O . . .
                . . . . X O . . .
                . . . . X O . . .
                . . . . X O . . .
                . . . . X O . . .";
    for rules in RULESETS {
        let d = decide(&after_pass(dame, Color::Black, rules), 2000);
        assert_eq!(d.mv, at(4, 4), "{rules}: {d:?}");
    }
}

/// The closed board with a dead White stone at b8 (1,1) inside Black's area.
const DEAD_STONE: &str = ". . . . X O . . .
                          . O . . X O . . .
                          . . . . X O . . .
                          . . . . X O . . .
                          . . . . X O . . .
                          . . . . X O . . .
                          . . . . X O . . .
                          . . . . X O . . .
                          . . . . X O . . .";

/// The liberties of the dead stone on b8.
fn b8_liberties() -> [Option<Move>; 4] {
    [at(1, 0), at(0, 1), at(2, 1), at(1, 2)]
}

#[test]
fn captures_dead_stones_under_area_and_play_out_rules() {
    // Under Tromp-Taylor the board is counted as it stands: with White's b8 on it, Black's
    // area touches White, and Black would lose 35 points. Under Chinese rules it would be
    // removed by agreement, but taking it costs nothing under area scoring. So Black
    // plays on a liberty of b8 rather than pass (four plays take it).
    for rules in ["chinese", "tromp-taylor"] {
        let d = decide(&after_pass(DEAD_STONE, Color::Black, rules), 2000);
        assert!(
            b8_liberties().contains(&d.mv),
            "{rules}: Black played {d:?}"
        );
    }
}

#[test]
fn leaves_dead_stones_in_territory_under_japanese_rules() {
    // Under territory scoring every play inside her own territory costs Black a point,
    // and b8 is hers at the count anyway (a prisoner, the point her territory): she
    // passes.
    let d = decide(&after_pass(DEAD_STONE, Color::Black, "japanese"), 2000);
    assert_eq!(d.mv, Some(Move::Pass), "{d:?}");
}

#[test]
fn captures_dead_stones_to_the_end_under_tromp_taylor() {
    // Played out after White's passes: Black keeps taking liberties of b8 until it is
    // off the board, then passes. White passes throughout.
    let mut g = after_pass(DEAD_STONE, Color::Black, "tromp-taylor");
    for _ in 0..8 {
        let d = decide(&g, 1500);
        g.play(d.mv.unwrap()).unwrap();
        if d.mv == Some(Move::Pass) {
            break;
        }
        g.pass().unwrap();
    }
    assert_eq!(
        g.board().get(Point::new(1, 1)),
        None,
        "b8 still on\n{:?}",
        g.board()
    );
    assert!(g.is_over(), "Black did not pass once b8 was taken");
    let r = g.score();
    assert_eq!(r.result.to_string(), "B+1.5", "{r:?}");
}

#[test]
fn saves_stones_in_atari_before_passing() {
    // tests/common's corner teire after White has filled the dame b7 (1,0): Black's a7
    // (0,0) is left with one liberty, a6 (0,1), and White passed. Black connects at a6
    // (a teire); if she passed, White would take a7 at a6. Counted after the teire, Black
    // has 9 stones and 4 points, White 8 stones and 21 points: 13 to 29 by area, 4 to 21
    // by territory; a komi of -16.5 (area) or -17.5 (territory) gives Black the game by
    // half a point only if she keeps a7.
    let teire = "X O O . . .
                 . X O . . .
                 X X O . . .
                 . X O . . .
                 . X O . . .
                 . X O . . .
                 . X O . . .";
    for (rules, komi) in [("japanese", -35), ("chinese", -33), ("tromp-taylor", -33)] {
        let g = after_pass_with_komi(teire, Color::Black, rules, komi);
        let d = decide(&g, 2000);
        assert_eq!(d.mv, at(0, 1), "{rules}: {d:?}");
    }
}

#[test]
fn plays_on_after_an_early_pass() {
    // The bug of issue 17: on 9x9 under Japanese rules, after six plays and Black's pass
    // at move 7, White passed too and the game ended with every border open. The board
    // is mostly empty: White plays on, under every ruleset.
    for rules in RULESETS {
        let mut g = Game::new(tengen::Size::NINE, Rules::named(rules).unwrap());
        for s in ["E5", "D4", "E4", "E3", "F3", "D6"] {
            let p = Point::from_gtp(s, g.size()).unwrap();
            g.play(Move::Play(p)).unwrap();
        }
        g.pass().unwrap();
        let d = decide(&g, 2000);
        assert!(
            matches!(d.mv, Some(Move::Play(_))),
            "{rules}: White chose {d:?}"
        );
    }
}
