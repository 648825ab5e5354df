//! End to end: the built `tengen gtp` binary, driven over its standard streams, both by
//! piping a whole session and through tengen's own GTP client.

use std::io::Write;
use std::process::{Command, Stdio};
use std::time::Duration;
use tengen_gtp::{Client, ClientError};

const TENGEN: &str = env!("CARGO_BIN_EXE_tengen");

/// Runs `tengen gtp ARGS` on `input` and returns its exit success, stdout and stderr.
fn session(args: &[&str], input: &str) -> (bool, String, String) {
    let mut child = Command::new(TENGEN)
        .arg("gtp")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the tengen binary starts");
    // An engine that refuses its options exits before reading: a broken pipe is then
    // expected, and its exit status says what happened.
    let _ = child
        .stdin
        .take()
        .expect("piped stdin")
        .write_all(input.as_bytes());
    let out = child.wait_with_output().expect("the engine exits");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn a_piped_session() {
    let input = "1 protocol_version\n# a comment\n2 boardsize 5\n3 play b c3\n4 play w c3\n\
                 5 tengen-rules\n6 quit\n7 name\n";
    let (ok, out, err) = session(&["--rules", "japanese", "--seed", "1"], input);
    assert!(ok, "{err}");
    let responses: Vec<&str> = out.split_terminator("\n\n").collect();
    assert_eq!(responses.len(), 6, "{out}");
    assert_eq!(responses[0], "=1 2");
    assert_eq!(responses[1], "=2 ");
    assert_eq!(responses[2], "=3 ");
    assert_eq!(responses[3], "?4 illegal move: the point is occupied");
    assert!(
        responses[4].starts_with("=5 ruleset: japanese\n"),
        "{}",
        responses[4]
    );
    assert_eq!(responses[5], "=6 ");
}

#[test]
fn the_end_of_input_ends_the_engine() {
    let (ok, out, _) = session(&[], "name\n");
    assert!(ok);
    assert_eq!(out, "= tengen\n\n");
}

#[test]
fn the_seed_makes_genmove_reproducible() {
    let input = "boardsize 9\ngenmove b\ngenmove w\ngenmove b\ngenmove w\ngenmove b\n";
    for player in [
        &["--player", "random"][..],
        &["--player", "mcts", "--playouts", "200"][..],
    ] {
        let args: Vec<&str> = ["--seed", "42"].iter().chain(player).copied().collect();
        let (_, a, _) = session(&args, input);
        let (_, b, _) = session(&args, input);
        assert_eq!(a, b, "{player:?}");
        assert_eq!(a.matches("\n\n").count(), 6);
        assert!(!a.contains('?'), "{a}");
    }
}

#[test]
fn an_unknown_ruleset_is_refused_at_start() {
    let (ok, out, err) = session(&["--rules", "calvinball"], "name\n");
    assert!(!ok);
    assert!(out.is_empty());
    assert!(err.contains("unknown ruleset \"calvinball\""), "{err}");
}

#[test]
fn driven_by_the_gtp_client() {
    // Tromp-Taylor rules score the board as it stands after two passes, so the game is
    // then over (under agreement rules a further move would resume it).
    let mut c = Client::spawn(
        TENGEN,
        &[
            "gtp",
            "--rules",
            "tromp-taylor",
            "--seed",
            "3",
            "--player",
            "random",
        ],
    )
    .expect("the tengen binary starts")
    .with_timeout(Duration::from_secs(10));
    assert_eq!(c.send("name").unwrap(), "tengen");
    assert_eq!(c.send("boardsize 9").unwrap(), "");
    assert_eq!(c.send("fixed_handicap 4").unwrap(), "C3 G7 C7 G3");
    let board = c.send("showboard").unwrap();
    assert!(board.contains("White to move"), "{board}");
    // A whole random game between the engine and itself, to the end.
    let mut moves = 0;
    let mut colors = ["w", "b"].iter().cycle();
    loop {
        match c.send(&format!("genmove {}", colors.next().unwrap())) {
            Ok(_) => moves += 1,
            Err(ClientError::Engine { message, .. }) => {
                assert!(message.starts_with("the game is over"), "{message}");
                break;
            }
            Err(e) => panic!("{e}"),
        }
        assert!(moves < 1000, "the random game does not end");
    }
    assert!(moves > 10);
    match c.send("play b j9") {
        Err(ClientError::Engine { message, .. }) => {
            assert!(message.starts_with("illegal move"), "{message}")
        }
        other => panic!("{other:?}"),
    }
    c.quit().unwrap();
}

#[test]
fn under_agreement_rules_a_move_after_the_passes_resumes_the_game() {
    let input = "boardsize 5
play b c3
play w pass
play b pass
play w c4
showboard
";
    let (ok, out, err) = session(&["--rules", "chinese"], input);
    assert!(ok, "{err}");
    assert!(!out.contains('?'), "{out}");
    assert!(out.contains("Black to move"), "{out}");
}
