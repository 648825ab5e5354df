//! GTP transcripts: for every command, what a controller sends and exactly what the engine
//! answers, including malformed lines. Each step is `(command line, expected response)`;
//! the expected response omits the closing blank line and trailing spaces, and `""` means
//! that GTP wants no response at all (empty lines, comments).

use tengen::Rules;
use tengen_gtp::Engine;
use tengen_sgf::time_spec::TimeSpec;

/// A Tromp-Taylor engine with a fixed seed.
fn engine() -> Engine {
    Engine::new(Rules::tromp_taylor(), Some(7))
}

/// Runs the steps, comparing each response line by line (trailing spaces ignored).
fn transcript(e: &mut Engine, steps: &[(&str, &str)]) {
    for (command, expected) in steps {
        let got = e.execute(command);
        if expected.is_empty() {
            assert_eq!(got, None, "`{}` needs no response", command.escape_debug());
            continue;
        }
        let got = got.unwrap_or_else(|| panic!("`{command}` got no response"));
        assert!(
            got.ends_with("\n\n"),
            "`{command}`: {got:?} lacks the closing blank line"
        );
        let trimmed = |s: &str| {
            s.trim_end()
                .lines()
                .map(str::trim_end)
                .collect::<Vec<_>>()
                .join("\n")
        };
        assert_eq!(
            trimmed(&got),
            trimmed(expected),
            "`{}`",
            command.escape_debug()
        );
    }
}

/// The body of a successful response.
fn ok(e: &mut Engine, command: &str) -> String {
    let r = e.execute(command).expect("a response");
    assert!(r.starts_with("= "), "`{command}` failed: {r:?}");
    r[2..].trim_end().to_string()
}

#[test]
fn administrative_commands() {
    let mut e = engine();
    let version = format!("= {}", env!("CARGO_PKG_VERSION"));
    transcript(
        &mut e,
        &[
            ("protocol_version", "= 2"),
            ("name", "= tengen"),
            ("version", &version),
            ("known_command play", "= true"),
            ("known_command PLAY", "= true"),
            ("known_command tengen-explain-illegal", "= true"),
            ("known_command flip_board", "= false"),
            (
                "known_command",
                "? syntax error: expected `known_command COMMAND` (1 argument, got 0)",
            ),
            (
                "name extra",
                "? syntax error: expected `name` (0 arguments, got 1)",
            ),
        ],
    );
    let list = ok(&mut e, "list_commands");
    let names: Vec<&str> = list.lines().collect();
    for required in [
        "protocol_version",
        "name",
        "version",
        "known_command",
        "list_commands",
        "quit",
        "boardsize",
        "clear_board",
        "komi",
        "play",
        "genmove",
        "undo",
        "showboard",
        "fixed_handicap",
        "place_free_handicap",
        "set_free_handicap",
        "is_legal",
        "all_legal",
        "list_stones",
        "captures",
        "color",
        "countlib",
        "kgs-rules",
        "kata-get-rules",
        "kata-set-rules",
        "tengen-rules",
        "tengen-set-rule",
        "tengen-explain-illegal",
    ] {
        assert!(names.contains(&required), "list_commands lacks {required}");
    }
    for name in names {
        assert_eq!(ok(&mut e, &format!("known_command {name}")), "true");
    }
    assert!(!e.has_quit());
    transcript(&mut e, &[("quit", "=")]);
    assert!(e.has_quit());
}

#[test]
fn ids_are_echoed_on_success_and_failure() {
    let mut e = engine();
    transcript(
        &mut e,
        &[
            ("1 name", "=1 tengen"),
            ("22 flip_board", "?22 unknown command"),
            (
                "3 play b",
                "?3 syntax error: expected `play COLOR VERTEX` (2 arguments, got 1)",
            ),
            ("007 protocol_version", "=007 2"),
            ("5", "?5 syntax error: a command name must follow the id"),
            ("-3 name", "? unknown command"),
            ("4.5 name", "? unknown command"),
            ("12 quit", "=12"),
        ],
    );
}

#[test]
fn comments_blank_lines_tabs_case_and_control_characters() {
    let mut e = engine();
    transcript(
        &mut e,
        &[
            ("", ""),
            ("   \t  ", ""),
            ("# a comment", ""),
            ("   # an indented comment", ""),
            ("name # the rest is a comment", "= tengen"),
            ("\tboardsize\t9\t", "="),
            ("PLAY B E5", "="),
            ("Color e5", "= black"),
            ("na\u{1}me\r", "= tengen"),
            ("\u{7f}\u{1b}protocol_version", "= 2"),
            ("2\tname", "=2 tengen"),
        ],
    );
}

#[test]
fn unknown_commands_and_junk() {
    let mut e = engine();
    transcript(
        &mut e,
        &[
            ("flip_board", "? unknown command"),
            ("play_fast b d4", "? unknown command"),
            ("\u{fffd}\u{fffd} name", "? unknown command"),
            ("日本 play", "? unknown command"),
            ("=", "? unknown command"),
            ("? name", "? unknown command"),
            (
                "play b d4 d5",
                "? syntax error: expected `play COLOR VERTEX` (2 arguments, got 3)",
            ),
        ],
    );
    // Junk did not change the game.
    assert_eq!(e.game().move_number(), 0);
}

#[test]
fn boardsize() {
    let mut e = engine();
    transcript(
        &mut e,
        &[
            ("boardsize 1", "="),
            ("list_stones black", "="),
            ("boardsize 25", "="),
            ("play b Z25", "="),
            ("color z25", "= black"),
            (
                "boardsize 0",
                "? unacceptable size: sides go from 1 to 25, not 0x0",
            ),
            (
                "boardsize 26",
                "? unacceptable size: sides go from 1 to 25, not 26x26",
            ),
            (
                "boardsize 300",
                "? unacceptable size: sides go from 1 to 25, not 300x300",
            ),
            // Well formed but too large to hold: as unacceptable as 300.
            (
                "boardsize 99999999999",
                "? unacceptable size: sides go from 1 to 25, not 99999999999x99999999999",
            ),
            (
                "boardsize -1",
                "? syntax error: the board size must be a non-negative integer, not \"-1\"",
            ),
            (
                "boardsize nine",
                "? syntax error: the board size must be a non-negative integer, not \"nine\"",
            ),
            (
                "boardsize",
                "? syntax error: expected `boardsize SIZE` (1 argument, got 0)",
            ),
            (
                "boardsize 9 9",
                "? syntax error: expected `boardsize SIZE` (1 argument, got 2)",
            ),
            // A refused size leaves the board as it was.
            ("color z25", "= black"),
            ("boardsize 9", "="),
            ("color e5", "= empty"),
            ("color z25", "? invalid vertex \"z25\": off the 9x9 board"),
            ("rectangular_boardsize 7 3", "="),
            ("play b G3", "="),
            ("play b H1", "? invalid vertex \"H1\": off the 7x3 board"),
            (
                "rectangular_boardsize 7 0",
                "? unacceptable size: sides go from 1 to 25, not 7x0",
            ),
        ],
    );
}

#[test]
fn clear_board_keeps_size_and_rules() {
    let mut e = engine();
    transcript(
        &mut e,
        &[
            ("boardsize 9", "="),
            ("tengen-rules japanese", "="),
            ("komi 0.5", "="),
            ("play b e5", "="),
            ("play w d5", "="),
            ("clear_board", "="),
            ("list_stones black", "="),
            ("list_stones white", "="),
            ("color J9", "= empty"),
            ("undo", "? cannot undo"),
            (
                "clear_board now",
                "? syntax error: expected `clear_board` (0 arguments, got 1)",
            ),
        ],
    );
    let rules = e.game().rules();
    assert_eq!(rules.komi.to_string(), "0.5");
    assert_eq!(
        Rules {
            komi: rules.komi,
            ..Rules::named("japanese").unwrap()
        },
        *rules
    );
}

#[test]
fn komi() {
    let mut e = engine();
    transcript(
        &mut e,
        &[
            ("komi 6.5", "="),
            ("komi -3", "="),
            ("komi 0", "="),
            (
                "komi 0.3",
                "? syntax error: komi must be a multiple of 0.5 from -100000 to 100000, not 0.3",
            ),
            (
                "komi 100000.5",
                "? syntax error: komi must be a multiple of 0.5 from -100000 to 100000, not 100000.5",
            ),
            ("komi 1e400", "? syntax error: komi 1e400 is too large"),
            (
                "fixed_handicap 99999999999999",
                "? invalid number of stones: 99999999999999",
            ),
            (
                "komi six",
                "? syntax error: komi must be a number, not \"six\"",
            ),
            (
                "komi NaN",
                "? syntax error: komi must be a number, not \"NaN\"",
            ),
            (
                "komi inf",
                "? syntax error: komi must be a number, not \"inf\"",
            ),
            (
                "komi",
                "? syntax error: expected `komi KOMI` (1 argument, got 0)",
            ),
            ("komi 7.5", "="),
        ],
    );
    assert_eq!(e.game().rules().komi.to_string(), "7.5");
    // Komi may change in mid-game: it never makes a move illegal.
    transcript(
        &mut e,
        &[("play b d4", "="), ("komi 2", "="), ("color d4", "= black")],
    );
    assert_eq!(e.game().rules().komi.to_string(), "2");
}

#[test]
fn play_and_its_errors() {
    let mut e = engine();
    transcript(
        &mut e,
        &[
            ("boardsize 9", "="),
            ("play black E5", "="),
            ("play W d5", "="),
            ("play b PASS", "="),
            ("play b e5", "? illegal move: the point is occupied"),
            (
                "play red e4",
                "? invalid color \"red\" (expected black or white)",
            ),
            (
                "play b i5",
                "? invalid vertex \"i5\": GTP columns skip the letter I",
            ),
            ("play b K5", "? invalid vertex \"K5\": off the 9x9 board"),
            ("play b E10", "? invalid vertex \"E10\": off the 9x9 board"),
            ("play b E0", "? invalid vertex \"E0\""),
            ("play b 5E", "? invalid vertex \"5E\""),
            ("play b E", "? invalid vertex \"E\""),
            // A leading zero is tolerated: E05 is E5.
            ("play b E05", "? illegal move: the point is occupied"),
            (
                "play b",
                "? syntax error: expected `play COLOR VERTEX` (2 arguments, got 1)",
            ),
            (
                "play",
                "? syntax error: expected `play COLOR VERTEX` (2 arguments, got 0)",
            ),
        ],
    );
    // The refused plays changed nothing: two plays and a pass were made.
    assert_eq!(e.game().move_number(), 3);
}

#[test]
fn suicide_refusals_name_the_rule() {
    let mut e = engine();
    transcript(
        &mut e,
        &[
            ("tengen-rules japanese", "="),
            ("boardsize 5", "="),
            ("play b a2", "="),
            ("play b b1", "="),
            (
                "play w a1",
                "? illegal move: suicide is forbidden: this play would remove its own stone",
            ),
            ("tengen-set-rule suicide multi-stone", "="),
            (
                "play w a1",
                "? illegal move: suicide (multi-stone rule): a single stone may not capture itself",
            ),
            ("tengen-set-rule suicide allowed", "="),
            ("play w a1", "="),
            ("list_stones white", "="),
            ("captures black", "= 1"),
        ],
    );
}

/// Sets up the first ko of docs/rules.md §9 on 5x5: Black's 11th move takes the ko at C4.
fn ko_position(e: &mut Engine, rules: &str) {
    let setup = [
        "boardsize 5",
        "play b b5",
        "play w c5",
        "play b a4",
        "play w b4",
        "play b b3",
        "play w d4",
        "play b c2",
        "play w c3",
        "play b e1",
        "play w d2",
        "play b c4",
    ];
    ok(e, &format!("tengen-rules {rules}"));
    for cmd in setup {
        ok(e, cmd);
    }
}

#[test]
fn a_ko_refusal_through_play() {
    let mut e = engine();
    ko_position(&mut e, "japanese");
    transcript(
        &mut e,
        &[
            ("captures black", "= 1"),
            (
                "play w b4",
                "? illegal move: ko: this play would retake the ko taken at move 11 at once \
                 (recreating the position after move 10)",
            ),
            ("is_legal w b4", "= 0"),
            // A ko threat and its answer lift the ban.
            ("play w e5", "="),
            ("play b e4", "="),
            ("play w b4", "="),
            ("color c4", "= empty"),
        ],
    );
    let mut e = engine();
    ko_position(&mut e, "tromp-taylor");
    transcript(
        &mut e,
        &[(
            "play w b4",
            "? illegal move: positional superko: this play would recreate the position after move 10",
        )],
    );
}

#[test]
fn the_game_ends_after_two_passes_and_clear_board_restarts() {
    let mut e = engine();
    transcript(
        &mut e,
        &[
            ("boardsize 9", "="),
            ("play b e5", "="),
            ("play w pass", "="),
            ("play b pass", "="),
            (
                "play w d4",
                "? illegal move: the game is over (clear_board starts a new game)",
            ),
            (
                "play w pass",
                "? illegal move: the game is over (clear_board starts a new game)",
            ),
            (
                "genmove w",
                "? the game is over (clear_board starts a new game)",
            ),
            ("is_legal w d4", "= 0"),
            ("all_legal w", "="),
            (
                "tengen-explain-illegal w d4",
                "= the game is over (clear_board starts a new game)",
            ),
            // Taking back the last pass resumes the game.
            ("undo", "="),
            ("play b d4", "="),
            ("play w pass", "="),
            ("play b pass", "="),
            ("clear_board", "="),
            ("play b e5", "="),
        ],
    );
}

#[test]
fn genmove_plays_legal_random_moves_reproducibly() {
    let moves = |seed: u64| {
        let mut e = Engine::new(Rules::named("chinese").unwrap(), Some(seed));
        ok(&mut e, "boardsize 9");
        let mut out = Vec::new();
        for i in 0..120 {
            if e.game().is_over() {
                break;
            }
            let color = if i % 2 == 0 { "b" } else { "w" };
            let before = e.game().clone();
            let v = ok(&mut e, &format!("genmove {color}"));
            let mv = tengen::Move::from_gtp(&v, before.size())
                .expect("genmove answers a vertex or pass");
            let c = tengen::Color::parse(color).unwrap();
            assert!(
                before.legal_as(c, mv).is_ok(),
                "genmove {color} gave the illegal {v}"
            );
            if let tengen::Move::Play(p) = mv {
                let b = before.board();
                let own = |q: tengen::Point| b.get(q) == Some(c);
                let n = [(0i8, 1i8), (0, -1), (1, 0), (-1, 0)]
                    .iter()
                    .filter_map(|(dx, dy)| {
                        let (x, y) = (p.x as i8 + dx, p.y as i8 + dy);
                        (0..9).contains(&x).then_some(())?;
                        (0..9)
                            .contains(&y)
                            .then(|| tengen::Point::new(x as u8, y as u8))
                    })
                    .collect::<Vec<_>>();
                // Never a point whose every neighbour is her own stone and whose
                // diagonals are all hers too (an eye by any definition).
                let solid = n.iter().all(|&q| own(q));
                let diagonal_owned =
                    [(1i8, 1i8), (1, -1), (-1, 1), (-1, -1)]
                        .iter()
                        .all(|(dx, dy)| {
                            let (x, y) = (p.x as i8 + dx, p.y as i8 + dy);
                            !((0..9).contains(&x) && (0..9).contains(&y))
                                || own(tengen::Point::new(x as u8, y as u8))
                        });
                assert!(
                    !(solid && diagonal_owned),
                    "genmove {color} filled its own eye at {v}"
                );
            }
            out.push(v);
        }
        out
    };
    let a = moves(11);
    assert_eq!(a, moves(11), "the same seed plays the same game");
    assert_ne!(a, moves(12), "another seed plays another game");
}

#[test]
fn genmove_passes_when_only_eyes_are_left() {
    let mut e = engine();
    transcript(
        &mut e,
        &[
            ("tengen-rules chinese", "="),
            ("boardsize 3", "="),
            ("play b b3", "="),
            ("play b a2", "="),
            ("play b b2", "="),
            ("play b c2", "="),
            ("play b b1", "="),
            ("genmove b", "= pass"),
            // White's plays would be suicide.
            ("genmove w", "= pass"),
            (
                "genmove purple",
                "? invalid color \"purple\" (expected black or white)",
            ),
            (
                "genmove",
                "? syntax error: expected `genmove COLOR` (1 argument, got 0)",
            ),
        ],
    );
}

#[test]
fn genmove_takes_the_only_legal_point() {
    let mut e = engine();
    transcript(
        &mut e,
        &[
            ("boardsize 1", "="),
            // 1x1, Tromp-Taylor: a play there is a suicide that recreates the empty board.
            ("genmove b", "= pass"),
            ("boardsize 2", "="),
            ("play b a1", "="),
            ("play w b2", "="),
            ("play b b1", "="),
            // A2 is White's only play and it captures: not an eye of White's.
            ("genmove w", "= A2"),
            ("list_stones white", "= A2 B2"),
        ],
    );
}

#[test]
fn undo() {
    let mut e = engine();
    transcript(
        &mut e,
        &[
            ("undo", "? cannot undo"),
            ("boardsize 5", "="),
            ("play b a2", "="),
            ("play b b1", "="),
            ("play w pass", "="),
            ("play b a1", "="),
            ("undo", "="),
            ("undo", "="),
            ("undo", "="),
            ("list_stones black", "= A2"),
            ("undo", "="),
            ("undo", "? cannot undo"),
            (
                "undo now",
                "? syntax error: expected `undo` (0 arguments, got 1)",
            ),
        ],
    );
}

#[test]
fn showboard() {
    let mut e = engine();
    transcript(
        &mut e,
        &[
            ("boardsize 5", "="),
            ("play b a2", "="),
            ("play b b1", "="),
            ("play w c1", "="),
            (
                "showboard",
                "= \n    A B C D E\n 5  . . . . .  5\n 4  . . . . .  4\n 3  . . . . .  3\n 2  X . . . .  2\n 1  . X(O). .  1\n    A B C D E\n\
                 Black (X) has captured 0 stones\nWhite (O) has captured 0 stones\nBlack to move",
            ),
            ("play b pass", "="),
            ("play w pass", "="),
            (
                "2 showboard",
                "=2 \n    A B C D E\n 5  . . . . .  5\n 4  . . . . .  4\n 3  . . . . .  3\n 2  X . . . .  2\n 1  . X O . .  1\n    A B C D E\n\
                 Black (X) has captured 0 stones\nWhite (O) has captured 0 stones\nthe game is over: the players passed",
            ),
            ("showboard big", "? syntax error: expected `showboard` (0 arguments, got 1)"),
        ],
    );
    // A 19x19 board shows its star points.
    ok(&mut e, "boardsize 19");
    let board = ok(&mut e, "showboard");
    assert!(
        board.contains("16  . . . + . . . . . + . . . . . + . . .  16"),
        "{board}"
    );
}

#[test]
fn fixed_handicap_on_19x19() {
    let expected = [
        (2, "D4 Q16"),
        (3, "D4 Q16 D16"),
        (4, "D4 Q16 D16 Q4"),
        (5, "D4 Q16 D16 Q4 K10"),
        (6, "D4 Q16 D16 Q4 D10 Q10"),
        (7, "D4 Q16 D16 Q4 D10 Q10 K10"),
        (8, "D4 Q16 D16 Q4 D10 Q10 K4 K16"),
        (9, "D4 Q16 D16 Q4 D10 Q10 K4 K16 K10"),
    ];
    for (n, vertices) in expected {
        let mut e = engine();
        assert_eq!(ok(&mut e, &format!("fixed_handicap {n}")), vertices);
        assert_eq!(
            e.game().to_move(),
            tengen::Color::White,
            "White moves after a handicap"
        );
        let mut listed: Vec<&str> = vertices.split(' ').collect();
        let stones = ok(&mut e, "list_stones black");
        let mut on_board: Vec<&str> = stones.split(' ').collect();
        listed.sort();
        on_board.sort();
        assert_eq!(listed, on_board);
    }
}

#[test]
fn fixed_handicap_on_9x9_and_its_errors() {
    let expected = [
        (2, "C3 G7"),
        (3, "C3 G7 C7"),
        (4, "C3 G7 C7 G3"),
        (5, "C3 G7 C7 G3 E5"),
        (6, "C3 G7 C7 G3 C5 G5"),
        (7, "C3 G7 C7 G3 C5 G5 E5"),
        (8, "C3 G7 C7 G3 C5 G5 E3 E7"),
        (9, "C3 G7 C7 G3 C5 G5 E3 E7 E5"),
    ];
    for (n, vertices) in expected {
        let mut e = engine();
        ok(&mut e, "boardsize 9");
        assert_eq!(ok(&mut e, &format!("fixed_handicap {n}")), vertices);
    }
    let mut e = engine();
    transcript(
        &mut e,
        &[
            ("boardsize 9", "="),
            ("fixed_handicap 1", "? invalid number of stones: a handicap needs at least 2 stones, not 1"),
            ("fixed_handicap 10", "? invalid number of stones: this board allows at most 9 fixed handicap stones, not 10"),
            ("fixed_handicap 300", "? invalid number of stones: 300"),
            ("fixed_handicap two", "? syntax error: the number of stones must be a non-negative integer, not \"two\""),
            ("fixed_handicap", "? syntax error: expected `fixed_handicap NUMBER` (1 argument, got 0)"),
            ("fixed_handicap 2", "= C3 G7"),
            ("fixed_handicap 2", "? board not empty"),
            ("undo", "? cannot undo"),
            ("boardsize 5", "="),
            ("fixed_handicap 2", "? invalid number of stones: this board has no fixed handicap points (asked for 2)"),
            ("boardsize 8", "="),
            ("fixed_handicap 5", "? invalid number of stones: this board allows at most 4 fixed handicap stones, not 5"),
            // Boards larger than 11x11 have their handicap points on the fourth line.
            ("boardsize 11", "="),
            ("fixed_handicap 4", "= C3 J9 C9 J3"),
            ("boardsize 12", "="),
            ("fixed_handicap 4", "= D4 J9 D9 J4"),
            ("boardsize 13", "="),
            ("fixed_handicap 9", "= D4 K10 D10 K4 D7 K7 G4 G10 G7"),
        ],
    );
    // A play before the handicap makes the board non-empty, even a pass.
    let mut e = engine();
    transcript(
        &mut e,
        &[
            ("play b pass", "="),
            ("fixed_handicap 2", "? board not empty"),
        ],
    );
}

#[test]
fn place_free_handicap() {
    let mut e = engine();
    transcript(
        &mut e,
        &[
            ("place_free_handicap 4", "= D4 Q16 D16 Q4"),
            ("list_stones black", "= D16 Q16 D4 Q4"),
            ("place_free_handicap 2", "? board not empty"),
            ("clear_board", "="),
            ("place_free_handicap 1", "? invalid number of stones: a free handicap on 19x19 needs from 2 to 360 stones, not 1"),
            ("place_free_handicap 361", "? invalid number of stones: a free handicap on 19x19 needs from 2 to 360 stones, not 361"),
            ("place_free_handicap x", "? syntax error: the number of stones must be a non-negative integer, not \"x\""),
        ],
    );
    // More stones than fixed points: the nine points first, then spread-out extras.
    let twelve = ok(&mut e, "place_free_handicap 12");
    let vertices: Vec<&str> = twelve.split(' ').collect();
    assert_eq!(vertices.len(), 12);
    assert_eq!(
        vertices[..9],
        ["D4", "Q16", "D16", "Q4", "D10", "Q10", "K4", "K16", "K10"]
    );
    for v in &vertices[9..] {
        assert!(
            !v.starts_with('A') && !v.starts_with('T') && !v.ends_with("19") && !v[1..].eq("1"),
            "{v}"
        );
    }
    // Small boards have no fixed points; every point but one can be asked for.
    let mut e = engine();
    ok(&mut e, "boardsize 3");
    let eight = ok(&mut e, "place_free_handicap 8");
    assert_eq!(eight.split(' ').count(), 8);
    assert_eq!(ok(&mut e, "all_legal w").split(' ').count(), 1);
}

#[test]
fn set_free_handicap() {
    let mut e = engine();
    transcript(
        &mut e,
        &[
            ("boardsize 9", "="),
            (
                "set_free_handicap A1",
                "? bad vertex list: a handicap needs from 2 to 80 stones, not 1",
            ),
            (
                "set_free_handicap",
                "? bad vertex list: a handicap needs from 2 to 80 stones, not 0",
            ),
            (
                "set_free_handicap A1 A1",
                "? bad vertex list: a handicap point is repeated",
            ),
            (
                "set_free_handicap A1 pass",
                "? bad vertex list: invalid vertex: pass is not a point here",
            ),
            (
                "set_free_handicap A1 I1",
                "? bad vertex list: invalid vertex \"I1\": GTP columns skip the letter I",
            ),
            (
                "set_free_handicap A1 K1",
                "? bad vertex list: invalid vertex \"K1\": off the 9x9 board",
            ),
            ("set_free_handicap a1 e5 J9", "="),
            ("list_stones black", "= J9 E5 A1"),
            ("set_free_handicap b2 c3", "? board not empty"),
            ("play w b2", "="),
            ("undo", "="),
            ("undo", "? cannot undo"),
        ],
    );
    assert_eq!(e.game().to_move(), tengen::Color::White);
}

#[test]
fn gnu_go_queries() {
    let mut e = engine();
    transcript(
        &mut e,
        &[
            ("boardsize 5", "="),
            ("play b a2", "="),
            ("play b b1", "="),
            ("play w c1", "="),
            ("play b c2", "="),
            ("play b d1", "="),
            ("list_stones black", "= A2 C2 B1 D1"),
            ("list_stones white", "="),
            ("list_stones w", "="),
            ("captures black", "= 1"),
            ("captures white", "= 0"),
            ("color a2", "= black"),
            ("color C1", "= empty"),
            ("color pass", "? invalid vertex: pass is not a point here"),
            ("countlib a2", "= 3"),
            ("countlib b1", "= 3"),
            ("play w b2", "="),
            ("countlib b2", "= 1"),
            ("countlib c2", "= 3"),
            ("undo", "="),
            ("countlib c1", "? vertex must not be empty"),
            (
                "countlib",
                "? syntax error: expected `countlib VERTEX` (1 argument, got 0)",
            ),
            // A single-stone suicide recreates the position: positional superko.
            ("is_legal w c1", "= 0"),
            ("is_legal w e5", "= 1"),
            ("is_legal b a2", "= 0"),
            ("is_legal b pass", "= 1"),
            (
                "is_legal b j9",
                "? invalid vertex \"j9\": off the 5x5 board",
            ),
            ("tengen-set-rule suicide forbidden", "="),
            ("is_legal w a1", "= 0"),
            (
                "all_legal w",
                "= A5 B5 C5 D5 E5 A4 B4 C4 D4 E4 A3 B3 C3 D3 E3 B2 D2 E2 E1",
            ),
            (
                "all_legal b",
                "= A5 B5 C5 D5 E5 A4 B4 C4 D4 E4 A3 B3 C3 D3 E3 B2 D2 E2 A1 C1 E1",
            ),
            (
                "all_legal",
                "? syntax error: expected `all_legal COLOR` (1 argument, got 0)",
            ),
            (
                "list_stones grey",
                "? invalid color \"grey\" (expected black or white)",
            ),
            (
                "captures",
                "? syntax error: expected `captures COLOR` (1 argument, got 0)",
            ),
        ],
    );
}

#[test]
fn tengen_rules_commands() {
    let mut e = engine();
    let tromp_taylor = format!("= {}", Rules::tromp_taylor());
    transcript(
        &mut e,
        &[
            ("tengen-rules", &tromp_taylor),
            ("tengen-rules GOE", "="),
            ("tengen-set-rule ko natural-situational", "="),
            ("tengen-set-rule ko", "? syntax error: expected `tengen-set-rule KEY VALUE` (2 arguments, got 1)"),
            (
                "tengen-set-rule ko sometimes",
                "? \"sometimes\" is not a value of ko (expected simple, positional, situational, \
                 natural-situational, capture-positional, cycle-sets)",
            ),
            ("tengen-set-rule colour blue", "? unknown rule \"colour\" (known: scoring, ko, long-cycle, suicide, end, pass-stones, seki-territory, immortal-territory-only, group-tax, dead-stones, komi, ties, handicap-placement, handicap-compensation, first-pass-adjustment, stone-supply)"),
            ("tengen-rules go", "? unknown ruleset \"go\" (known: tromp-taylor, chinese, japanese, korean, aga, ing, new-zealand, wmsg, ikeda-area-1, ikeda-area-2, ikeda-area-3, ikeda-territory-1, ikeda-territory-2, ikeda-territory-3)"),
            ("tengen-rules japanese korean", "? syntax error: expected `tengen-rules [NAME]`"),
        ],
    );
    let mut ing = Rules::named("ing").unwrap();
    ing.set("ko", "natural-situational").unwrap();
    assert_eq!(*e.game().rules(), ing);
    let shown = ok(&mut e, "tengen-rules");
    assert!(
        shown.contains("ko: natural-situational") && shown.contains("stone-supply: 180"),
        "{shown}"
    );
    assert!(
        !shown.contains("ruleset:"),
        "modified rules are no named ruleset: {shown}"
    );
}

#[test]
fn rules_that_would_make_the_moves_illegal_are_refused() {
    let mut e = engine();
    transcript(
        &mut e,
        &[
            ("boardsize 5", "="),
            ("play w a1", "="),
            ("play b a3", "="),
            ("play b b2", "="),
            ("play b b1", "="),
            // A suicide of two stones, legal under Tromp-Taylor.
            ("play w a2", "="),
            ("list_stones white", "="),
            (
                "tengen-rules japanese",
                "? under these rules move 5 would be illegal: suicide is forbidden: this play would remove its own 2 stones (clear_board first)",
            ),
            (
                "tengen-set-rule suicide forbidden",
                "? under these rules move 5 would be illegal: suicide is forbidden: this play would remove its own 2 stones (clear_board first)",
            ),
            (
                "kgs-rules chinese",
                "? under these rules move 5 would be illegal: suicide is forbidden: this play would remove its own 2 stones (clear_board first)",
            ),
            ("tengen-set-rule scoring territory", "="),
            // New Zealand rules allow a suicide of two stones.
            ("tengen-rules new-zealand", "="),
            ("list_stones black", "= A3 B2 B1"),
            ("clear_board", "="),
            ("tengen-rules japanese", "="),
        ],
    );
}

#[test]
fn explain_illegal() {
    let mut e = engine();
    ko_position(&mut e, "aga");
    transcript(
        &mut e,
        &[
            ("tengen-explain-illegal w a1", "= legal"),
            ("tengen-explain-illegal w pass", "= legal"),
            ("tengen-explain-illegal w c4", "= the point is occupied"),
            ("tengen-explain-illegal w b4", "= situational superko: this play would recreate the position after move 10"),
            ("tengen-explain-illegal b i1", "? invalid vertex \"i1\": GTP columns skip the letter I"),
            ("tengen-explain-illegal w", "? syntax error: expected `tengen-explain-illegal COLOR VERTEX` (2 arguments, got 1)"),
        ],
    );
}

#[test]
fn kgs_rules() {
    let mut e = engine();
    ok(&mut e, "komi 0.5");
    for (kgs, tengen) in [
        ("japanese", "japanese"),
        ("chinese", "chinese"),
        ("aga", "aga"),
        ("new_zealand", "new-zealand"),
    ] {
        ok(&mut e, &format!("kgs-rules {kgs}"));
        let expected = Rules {
            komi: e.game().rules().komi,
            ..Rules::named(tengen).unwrap()
        };
        assert_eq!(*e.game().rules(), expected, "kgs-rules {kgs}");
        assert_eq!(
            e.game().rules().komi.to_string(),
            "0.5",
            "kgs-rules keeps komi"
        );
    }
    transcript(
        &mut e,
        &[
            ("kgs-rules ing", "? unknown KGS rules \"ing\" (known: japanese, chinese, aga, new_zealand)"),
            ("kgs-rules", "? syntax error: expected `kgs-rules japanese|chinese|aga|new_zealand` (1 argument, got 0)"),
        ],
    );
}

#[test]
fn katago_rules() {
    let mut e = engine();
    transcript(
        &mut e,
        &[
            ("kata-get-rules", r#"= {"hasButton":false,"ko":"POSITIONAL","scoring":"AREA","suicide":true,"tax":"NONE","whiteHandicapBonus":"0"}"#),
            ("kata-set-rules japanese", "="),
            ("kata-get-rules", r#"= {"hasButton":false,"ko":"SIMPLE","scoring":"TERRITORY","suicide":false,"tax":"SEKI","whiteHandicapBonus":"0"}"#),
            ("kata-set-rules chinese", "="),
            ("kata-get-rules", r#"= {"hasButton":false,"ko":"SIMPLE","scoring":"AREA","suicide":false,"tax":"NONE","whiteHandicapBonus":"N"}"#),
            (r#"kata-set-rules {"ko": "SITUATIONAL", "scoring": "AREA", "suicide": true, "tax": "NONE", "hasButton": false, "whiteHandicapBonus": "N-1"}"#, "="),
            ("kata-get-rules", r#"= {"hasButton":false,"ko":"SITUATIONAL","scoring":"AREA","suicide":true,"tax":"NONE","whiteHandicapBonus":"N-1"}"#),
            ("kata-set-rule ko POSITIONAL", "="),
            ("kata-set-rule tax ALL", "="),
            ("kata-get-rules", r#"= {"hasButton":false,"ko":"POSITIONAL","scoring":"AREA","suicide":true,"tax":"ALL","whiteHandicapBonus":"N-1"}"#),
            ("kata-set-rules aga-button", "? aga-button uses button Go, which has no tengen equivalent"),
            (r#"kata-set-rules {"hasButton":true}"#, "? hasButton true (button Go) has no tengen equivalent"),
            (r#"kata-set-rules {"ko":"SPIGHT"}"#, "? ko SPIGHT has no tengen equivalent"),
            (r#"kata-set-rules {"ko":"SIMPLE""#, "? invalid JSON at the end: expected ',' or '}'"),
            (r#"kata-set-rules {"ko":SIMPLE}"#, "? invalid JSON at character 7: expected a string, a boolean or a number"),
            // A komi out of range is said to be out of range, as `komi` says it.
            (r#"kata-set-rules {"komi":0.3}"#, "? \"0.3\" is not a value of komi (expected a multiple of 0.5 from -100000 to 100000)"),
            (r#"kata-set-rules {"komi":1000000}"#, "? \"1000000\" is not a value of komi (expected a multiple of 0.5 from -100000 to 100000)"),
            ("kata-set-rule ko EVENTUAL", "? \"EVENTUAL\" is not a value of ko (expected SIMPLE, POSITIONAL, SITUATIONAL)"),
            ("kata-set-rules", "? syntax error: expected `kata-set-rules RULES`"),
            ("kata-get-rules now", "? syntax error: expected `kata-get-rules` (0 arguments, got 1)"),
            ("tengen-rules ing", "="),
            ("kata-get-rules", "? the current rules have no KataGo equivalent: ko cycle-sets"),
            ("tengen-rules tromp-taylor", "="),
            ("tengen-set-rule ko situational", "="),
            ("kata-get-rules", "? the current rules have no KataGo equivalent: suicide allowed (single-stone suicide is legal under ko situational)"),
        ],
    );
}

#[test]
fn time_commands_are_listed() {
    let mut e = engine();
    let list = ok(&mut e, "list_commands");
    for name in [
        "time_settings",
        "kgs-time_settings",
        "time_left",
        "tengen-clock",
    ] {
        assert!(
            list.lines().any(|l| l == name),
            "list_commands lacks {name}"
        );
        assert_eq!(ok(&mut e, &format!("known_command {name}")), "true");
    }
}

#[test]
fn time_settings_and_time_left() {
    let mut e = engine();
    transcript(
        &mut e,
        &[
            ("tengen-clock", "= none\nBlack: no time limit\nWhite: no time limit"),
            // Canadian overtime: 25 stones in 30 s after 10 minutes.
            ("time_settings 600 30 25", "="),
            ("tengen-clock", "= canadian:600+25/30\nBlack: 600s main time, then 25 stones in 30s\nWhite: 600s main time, then 25 stones in 30s"),
            ("time_left white 20 5", "="),
            ("time_left b 412.5 0", "="),
            ("tengen-clock", "= canadian:600+25/30\nBlack: 412.5s main time, then 25 stones in 30s\nWhite: Canadian period 1: 5 stones in 20s"),
            // Late: a negative time counts as none left; `0 0` is the end of main time.
            ("time_left b -1.5 0", "="),
            ("tengen-clock", "= canadian:600+25/30\nBlack: Canadian period 1: 25 stones in 30s\nWhite: Canadian period 1: 5 stones in 20s"),
            // Byo-yomi time 0: absolute time; stones 0 alone: no limit.
            ("time_settings 1800 0 0", "="),
            ("tengen-clock", "= absolute:1800\nBlack: 1800s left\nWhite: 1800s left"),
            ("time_left w 12 0", "="),
            ("tengen-clock", "= absolute:1800\nBlack: 1800s left\nWhite: 12s left"),
            ("time_settings 0 1 0", "="),
            ("tengen-clock", "= none\nBlack: no time limit\nWhite: no time limit"),
            ("time_settings 600 30", "? syntax error: expected `time_settings MAIN_TIME BYO_YOMI_TIME BYO_YOMI_STONES` (3 arguments, got 2)"),
            ("time_settings -600 30 25", "? syntax error: the main time must be a non-negative number of seconds, not \"-600\""),
            ("time_settings 600 30 2.5", "? syntax error: the number of byo-yomi stones must be a non-negative integer, not \"2.5\""),
            ("time_left", "? syntax error: expected `time_left COLOR TIME STONES` (3 arguments, got 0)"),
            ("time_left green 10 0", "? invalid color \"green\" (expected black or white)"),
            ("time_left b ten 0", "? syntax error: the time left must be a number of seconds, not \"ten\""),
            ("time_left b -ten 0", "? syntax error: the time left must be a number of seconds, not \"-ten\""),
            ("time_left b 10 -1", "? syntax error: the number of stones must be a non-negative integer, not \"-1\""),
            ("tengen-clock now", "? syntax error: expected `tengen-clock` (0 arguments, got 1)"),
        ],
    );
}

#[test]
fn kgs_time_settings_and_byo_yomi_time_left() {
    let mut e = engine();
    transcript(
        &mut e,
        &[
            ("kgs-time_settings byoyomi 600 30 5", "="),
            ("tengen-clock", "= byoyomi:600+5x30\nBlack: 600s main time, then 5x30s\nWhite: 600s main time, then 5x30s"),
            // KGS: in byo-yomi, the stones of time_left are the periods left.
            ("time_left b 30 3", "="),
            ("time_left w 0 0", "="),
            ("tengen-clock", "= byoyomi:600+5x30\nBlack: byo-yomi period 3 of 5, 30s\nWhite: byo-yomi period 1 of 5, 30s"),
            ("kgs-time_settings canadian 0 300 25", "="),
            ("tengen-clock", "= canadian:0+25/300\nBlack: Canadian period 1: 25 stones in 300s\nWhite: Canadian period 1: 25 stones in 300s"),
            ("KGS-TIME_SETTINGS ABSOLUTE 300", "="),
            ("tengen-clock", "= absolute:300\nBlack: 300s left\nWhite: 300s left"),
            ("kgs-time_settings none", "="),
            ("tengen-clock", "= none\nBlack: no time limit\nWhite: no time limit"),
            ("kgs-time_settings fischer 300 10", "? syntax error: unknown time system \"fischer\" (known: none, absolute, byoyomi, canadian)"),
            ("kgs-time_settings byoyomi 600 30", "? syntax error: expected `kgs-time_settings byoyomi MAIN PERIOD_TIME PERIODS`, not \"byoyomi 600 30\""),
            ("kgs-time_settings byoyomi 600 30 five", "? syntax error: \"five\" is not a non-negative integer"),
            ("kgs-time_settings", "? syntax error: expected `kgs-time_settings none|absolute|byoyomi|canadian ...`, not \"\""),
        ],
    );
}

#[test]
fn time_budget_follows_settings_and_reports() {
    use std::time::Duration;
    use tengen::Color::{Black, White};
    let secs = Duration::from_secs;
    let mut e = engine();
    assert_eq!(e.time_budget(Black), secs(1), "no limit");
    ok(&mut e, "time_settings 1800 0 0");
    assert_eq!(e.time_budget(Black), secs(60), "a thirtieth of 1800 s");
    ok(&mut e, "time_left b 900 0");
    assert_eq!(e.reported_time_left(Black), Some((secs(900), 0)));
    assert_eq!(e.time_budget(Black), secs(30));
    assert_eq!(e.time_budget(White), secs(60));
    ok(&mut e, "kgs-time_settings byoyomi 600 30 5");
    assert_eq!(
        e.reported_time_left(Black),
        None,
        "new settings forget reports"
    );
    assert_eq!(e.time_budget(Black), secs(29), "most of a period");
    ok(&mut e, "time_left w 10 1");
    assert_eq!(
        e.time_budget(White),
        secs(9),
        "10 s left in the last period"
    );
    // A new game keeps the settings and restarts the clocks.
    ok(&mut e, "boardsize 9");
    assert_eq!(
        TimeSpec(*e.clock().control()).to_string(),
        "byoyomi:600+5x30"
    );
    assert_eq!(e.reported_time_left(White), None);
    assert_eq!(e.time_budget(White), secs(29));
    // The engine charges its own thinking to its clock.
    ok(&mut e, "genmove b");
    assert_eq!((e.clock().moves(Black), e.clock().moves(White)), (1, 0));
    assert!(e.clock().remaining(Black, Duration::ZERO).main < secs(600));
}

/// A finished 5x5 game: Black holds the two left columns, White the rest, and a lone white
/// stone at A3 inside Black's side is dead.
fn finished(e: &mut Engine) {
    let mut steps = vec!["boardsize 5".to_string(), "komi 0".to_string()];
    for row in 1..=5 {
        steps.push(format!("play b B{row}"));
        steps.push(format!("play w C{row}"));
    }
    steps.push("play w A3".to_string());
    for s in steps {
        let r = e.execute(&s).unwrap();
        assert!(r.starts_with('='), "{s}: {r}");
    }
}

#[test]
fn final_score_and_status_lists() {
    let mut e = engine();
    finished(&mut e);
    // Black: 5 stones + 5 points; White: 5 stones + 10 points.
    transcript(
        &mut e,
        &[
            ("final_score", "= W+5"),
            ("final_status_list dead", "= A3"),
            ("final_status_list seki", "="),
            ("final_status_list black_territory", "= A5 A4 A3 A2 A1"),
            ("final_status_list white_territory", "= D5 E5 D4 E4 D3 E3 D2 E2 D1 E1"),
            ("final_status_list dame", "="),
            ("final_status_list ALIVE", "= B5 C5 B4 C4 B3 C3 B2 C2 B1 C1"),
            (
                "final_status_list undecided",
                "? unknown status \"undecided\" (alive, dead, seki, black_territory, white_territory, dame)",
            ),
            ("final_status_list", "? syntax error: expected `final_status_list STATUS` (1 argument, got 0)"),
        ],
    );
}

#[test]
fn genmove_cleanup_captures_dead_stones_before_passing() {
    let mut e = engine();
    finished(&mut e);
    // Black's only sensible moves are in her own area; cleanup must not pass while A3 is
    // on the board, and keeps capturing until it is gone.
    for _ in 0..10 {
        let dead = e.execute("final_status_list dead").unwrap();
        if dead.trim() == "=" {
            break;
        }
        let r = e.execute("kgs-genmove_cleanup b").unwrap();
        assert_ne!(r.trim(), "= pass", "passed with dead stones left: {dead}");
        e.execute("play w pass").unwrap();
    }
    assert_eq!(e.execute("color A3").unwrap().trim(), "= empty");
}

#[test]
fn genmove_cleanup_of_the_monte_carlo_player_passes_once_nothing_is_left() {
    // The finished 5x5 game with White's dead A3 in Black's area, Tromp-Taylor rules
    // (Black's area is columns A and B, 10 points; White's C to E, 15), with komi -5.5 so
    // that Black wins by 0.5 once A3 is gone. Cleanup captures A3 on its liberties A2 and
    // A4; then nothing is left that the count would see: the Monte-Carlo player passes
    // (the random player played on in its own area).
    let player = tengen_gtp::Player::MonteCarlo {
        playouts: Some(400),
        resign_below: 0.0,
    };
    let mut e = engine().with_player(player);
    finished(&mut e);
    assert_eq!(e.execute("komi -5.5").unwrap().trim(), "=");
    let mut answers = Vec::new();
    for _ in 0..4 {
        let r = e.execute("kgs-genmove_cleanup b").unwrap();
        answers.push(r.trim().to_string());
        if r.trim() == "= pass" {
            break;
        }
        e.execute("play w pass").unwrap();
    }
    assert_eq!(
        e.execute("color A3").unwrap().trim(),
        "= empty",
        "{answers:?}"
    );
    assert_eq!(
        answers.last().map(String::as_str),
        Some("= pass"),
        "{answers:?}"
    );
    assert_eq!(answers.len(), 3, "two captures and a pass: {answers:?}");
}

/// `loadsgf FILE [MOVE]` takes size, komi and the position before move MOVE from a
/// record; `printsgf [FILE]` writes the game back; a missing or damaged file is refused
/// with its name.
#[test]
fn sgf_files_in_and_out() {
    let dir = std::env::temp_dir().join(format!("tengen-gtp-sgf-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let record = dir.join("game.sgf");
    std::fs::write(
        &record,
        "(;GM[1]FF[4]SZ[9]KM[6.5]RU[Japanese];B[cc];W[gg];B[cg];W[gc])",
    )
    .unwrap();
    let path = record.to_str().unwrap();
    let mut e = engine();
    transcript(
        &mut e,
        &[
            (&format!("loadsgf {path} 3"), "="),
            ("list_stones black", "= C7"),
            ("list_stones white", "= G3"),
            (&format!("loadsgf {path}"), "="),
            ("list_stones black", "= C7 C3"),
            ("list_stones white", "= G7 G3"),
            ("color G7", "= white"),
        ],
    );
    let sgf = ok(&mut e, "printsgf");
    assert!(sgf.contains("SZ[9]") && sgf.contains("KM[6.5]"), "{sgf}");
    assert!(sgf.contains(";B[cc];W[gg];B[cg];W[gc]"), "{sgf}");
    let copy = dir.join("copy.sgf");
    let copy = copy.to_str().unwrap();
    transcript(
        &mut e,
        &[
            (&format!("printsgf {copy}"), "="),
            ("clear_board", "="),
            (&format!("loadsgf {copy}"), "="),
            ("list_stones white", "= G7 G3"),
        ],
    );
    std::fs::write(&record, "(;SZ[9];B[cc];W[dd").unwrap();
    let missing = dir.join("missing.sgf");
    let missing = missing.to_str().unwrap();
    let refused = e.execute(&format!("loadsgf {missing}")).unwrap();
    assert!(refused.starts_with("? cannot load file: ") && refused.contains("missing.sgf"));
    let damaged = e.execute(&format!("loadsgf {path}")).unwrap();
    assert!(damaged.starts_with("? cannot load file: "), "{damaged}");
    assert!(damaged.contains("game.sgf:1:"), "{damaged}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Sets up a position stone by stone (`X` black, `O` white, top row first) on a square
/// board with `rules`.
fn position(e: &mut Engine, rules: &str, text: &str) {
    let rows: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    let size = tengen::Size::square(rows.len() as u8).unwrap();
    ok(e, &format!("boardsize {}", rows.len()));
    ok(e, &format!("kgs-rules {rules}"));
    for (y, row) in rows.iter().enumerate() {
        for (x, ch) in row.chars().filter(|c| !c.is_whitespace()).enumerate() {
            let colour = match ch {
                'X' => "b",
                'O' => "w",
                _ => continue,
            };
            let v = tengen::Point::new(x as u8, y as u8).to_gtp(size).unwrap();
            ok(e, &format!("play {colour} {v}"));
        }
    }
}

/// The seki of a one-eyed group and an eyeless chain (worked by hand in
/// `tengen/tests/score.rs`, `one_eye_and_none_sharing_two_liberties_is_seki`): Black's b6
/// and a5 around the eye a6, White's chain d6 b5 c5 d5 b4 b3 a3; neither side can fill c6
/// or a4. Under Japanese rules the eye a6 is no territory: Black has the 15 points around
/// her big chain, White none, komi 6.5.
#[test]
fn final_status_list_seki_and_final_score_with_unequal_eyes() {
    let mut e = engine();
    position(
        &mut e,
        "japanese",
        ". X . O X .
         X O O O X .
         . O X X X .
         O O X . . .
         X X X . . .
         . . . . . .",
    );
    ok(&mut e, "komi 6.5");
    transcript(
        &mut e,
        &[
            ("final_status_list dead", "="),
            ("final_status_list seki", "= B6 D6 A5 B5 C5 D5 B4 A3 B3"),
            ("final_status_list dame", "= A6 C6 A4"),
            ("final_score", "= B+8.5"),
        ],
    );
}

/// A border left open when both passed. Black's wall c7-c2 stops short of the edge: her
/// columns a and b reach White's wall on column e through c1 and column d. Under the
/// Japanese rules nobody plays after the passes (a dispute is settled by confirmation
/// play, which restores the board), so the count takes the position as it stands: the
/// region touches both colours and is nobody's, White has her 14 points on f and g, and
/// with komi 6.5 wins by 20.5. Under the Chinese rules a dispute resumes play, and the
/// count makes the fills the estimator expects then: Black closes the border at c1 (and
/// b1) and the seven dame of column d are shared, three to Black, so Black has 13 points
/// and 11 stones, White 14 points and 11 stones, W+7.5.
#[test]
fn final_score_after_the_passes_keeps_an_open_border_open_where_nobody_plays_on() {
    let wall = ". . X . O . .
                . . X . O . .
                . . X . O . .
                . . X . O . .
                . . X . O . .
                . . X . O . .
                . . . . O . .";
    for (rules, score, black) in [
        ("japanese", "= W+20.5", "="),
        (
            "chinese",
            "= W+7.5",
            "= A7 B7 A6 B6 A5 B5 A4 B4 A3 B3 A2 B2 A1",
        ),
    ] {
        let mut e = engine();
        position(&mut e, rules, wall);
        ok(&mut e, "komi 6.5");
        ok(&mut e, "play b pass");
        ok(&mut e, "play w pass");
        transcript(
            &mut e,
            &[
                ("final_status_list dead", "="),
                ("final_score", score),
                ("final_status_list black_territory", black),
            ],
        );
    }
    // The Japanese count leaves every point of Black's side to nobody.
    let mut e = engine();
    position(&mut e, "japanese", wall);
    ok(&mut e, "play b pass");
    ok(&mut e, "play w pass");
    let dame = ok(&mut e, "final_status_list dame");
    assert_eq!(dame.split_whitespace().count(), 22, "{dame}");
}

/// GTP `unconditional_status` (GNU Go's command). Black's chain on the two top rows has
/// two eyes, b5 and the region {d5, e5} holding White's stone e5: White cannot play b5 or
/// d5 (no liberty, no capture), so the chain lives, b5 and d5 are Black's territory and
/// the white stone, in atari for ever, is dead. White can live in the three open rows
/// below: undecided.
#[test]
fn unconditional_status_answers_as_gnu_go() {
    let mut e = engine();
    position(
        &mut e,
        "japanese",
        "X . X . O
         X X X X X
         . . . . .
         . . . . .
         . . . . .",
    );
    transcript(
        &mut e,
        &[
            ("unconditional_status A5", "= alive"),
            ("unconditional_status B5", "= black_territory"),
            ("unconditional_status D5", "= black_territory"),
            ("unconditional_status E5", "= dead"),
            ("unconditional_status C3", "= undecided"),
            (
                "unconditional_status Z9",
                "? invalid vertex \"Z9\": off the 5x5 board",
            ),
            (
                "unconditional_status",
                "? syntax error: expected `unconditional_status VERTEX` (1 argument, got 0)",
            ),
        ],
    );
}

/// A 9x9 game of `tengen match` (tengen's player against GNU Go, AGA rules) whose count
/// once took the debug engine over a minute, so that the referee scored it a loss on
/// time: after the passes, White's view of the lower left packs most chains down to two
/// liberties, and the shut-in search read 100,000 positions of 66 plays each (round 45 of
/// docs/estimator-misses.md). The search now stops at the positions it may make. The
/// count by hand: Black's eleven stones a7-f3 have one liberty (a4), d2-d1 one (e1),
/// g2-j2 and a3 no room for an eye, all dead; Black's f9-j7 and White's h9-h8 share g9
/// and g8 and neither can fill one: seki. Area: White 35 stones and 35 points, Black 9
/// stones; 70 + 7.5 against 9.
#[test]
fn a_game_whose_count_took_a_minute_is_counted() {
    let mut e = engine();
    ok(&mut e, "boardsize 9");
    ok(&mut e, "tengen-rules aga");
    ok(&mut e, "komi 7.5");
    let moves = "C7 G3 H2 H3 G2 F2 F3 E2 E3 D3 D4 F4 E4 C3 D2 C2 C4 F5 G4 H4 G5 G6 D1 C1 \
                 H5 H6 J5 J6 F6 J4 G5 E6 F7 E7 E5 G4 H5 C5 B4 B3 B5 D8 C8 E9 F8 E8 G7 C9 \
                 B9 A4 A5 D6 H7 B6 A6 B7 A7 A8 A3 B8 C6 D7 J7 J5 J2 D5 F9 H8 J8 H9 J9 A9 \
                 pass pass";
    for (k, v) in moves.split_whitespace().enumerate() {
        let colour = if k % 2 == 0 { "b" } else { "w" };
        ok(&mut e, &format!("play {colour} {v}"));
    }
    transcript(
        &mut e,
        &[
            (
                "final_status_list dead",
                "= A7 A6 A5 B5 E5 B4 C4 D4 E4 A3 E3 F3 D2 G2 H2 J2 D1",
            ),
            (
                "final_status_list seki",
                "= F9 H9 J9 F8 H8 J8 F7 G7 H7 J7 F6",
            ),
            ("final_status_list dame", "= G9 G8"),
            ("final_score", "= W+68.5"),
        ],
    );
}
