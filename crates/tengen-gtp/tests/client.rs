//! The GTP client against small shell-script engines that answer, fail, lie, hang or die.

use std::time::{Duration, Instant};
use tengen_gtp::{Client, ClientError};

/// A fake engine: a POSIX shell script.
fn script(body: &str) -> Client {
    Client::spawn("sh", &["-c", body])
        .expect("sh starts")
        .with_timeout(Duration::from_millis(500))
}

/// Answers every command `ID NAME ARGS` with `=ID NAME ARGS`, except `fail`.
const ECHO: &str = r#"while read -r id cmd rest; do
  case "$cmd" in
    fail) printf '?%s no way\n\n' "$id" ;;
    two) printf '=%s first\nsecond\n\n' "$id" ;;
    quit) printf '=%s\n\n' "$id"; exit 0 ;;
    *) printf '=%s %s %s\n\n' "$id" "$cmd" "$rest" ;;
  esac
done"#;

#[test]
fn answers_and_failures() {
    let mut c = script(ECHO);
    assert_eq!(c.send("play b d4").unwrap(), "play b d4");
    assert_eq!(c.send("two").unwrap(), "first\nsecond");
    match c.send("fail") {
        Err(ClientError::Engine { command, message }) => {
            assert_eq!((command.as_str(), message.as_str()), ("fail", "no way"));
        }
        other => panic!("{other:?}"),
    }
    // The conversation goes on after a failure.
    assert_eq!(c.send("name").unwrap(), "name");
    c.quit().unwrap();
}

#[test]
fn commands_must_be_one_line() {
    let mut c = script(ECHO);
    for bad in ["play b d4\nquit", "", "  ", "name\u{0}"] {
        assert!(
            matches!(c.send(bad), Err(ClientError::Protocol { .. })),
            "{bad:?}"
        );
    }
    assert_eq!(c.send("name").unwrap(), "name");
}

#[test]
fn a_hung_engine_times_out() {
    let mut c = script("while read -r line; do :; done");
    let start = Instant::now();
    match c.send("genmove b") {
        Err(ClientError::Timeout { command, after }) => {
            assert_eq!(command, "genmove b");
            assert_eq!(after, Duration::from_millis(500));
        }
        other => panic!("{other:?}"),
    }
    assert!(start.elapsed() < Duration::from_secs(5));
    // Dropping the client ends the engine.
}

#[test]
fn a_late_answer_is_skipped() {
    // The first answer comes after the timeout; the next command still gets its own.
    let mut c = script(
        r#"read -r id rest; sleep 1; printf '=%s late\n\n' "$id"
        while read -r id rest; do printf '=%s on time\n\n' "$id"; done"#,
    );
    assert!(matches!(
        c.send("genmove b"),
        Err(ClientError::Timeout { .. })
    ));
    let mut c = c.with_timeout(Duration::from_secs(5));
    assert_eq!(c.send("name").unwrap(), "on time");
}

#[test]
fn a_dying_engine_is_reported_with_its_last_words() {
    let mut c = script("read -r line; echo 'segmentation fault (not really)' >&2; exit 3");
    match c.send("genmove b") {
        Err(ClientError::Died {
            command,
            status,
            stderr,
        }) => {
            assert_eq!(command, "genmove b");
            assert_eq!(status.and_then(|s| s.code()), Some(3));
            assert!(stderr.contains("segmentation fault"), "{stderr:?}");
            let text = ClientError::Died {
                command,
                status,
                stderr,
            }
            .to_string();
            assert!(text.contains("died during `genmove b`"), "{text}");
        }
        other => panic!("{other:?}"),
    }
    // Sending to a dead engine is the same error, not a panic.
    assert!(matches!(c.send("name"), Err(ClientError::Died { .. })));
}

#[test]
fn garbage_is_a_protocol_error() {
    let mut c = script("read -r line; printf 'hello there\\n\\n'; exec sleep 5");
    match c.send("name") {
        Err(ClientError::Protocol { detail, .. }) => {
            assert!(detail.contains("hello there"), "{detail}")
        }
        other => panic!("{other:?}"),
    }
    // An engine that does not echo ids is taken at its word.
    let mut c = script("read -r line; printf '= fine\\n\\n'; exec sleep 5");
    assert_eq!(c.send("name").unwrap(), "fine");
    // An answer with a later id than asked is a protocol error.
    let mut c = script("read -r line; printf '=99 what\\n\\n'; exec sleep 5");
    assert!(matches!(c.send("name"), Err(ClientError::Protocol { .. })));
}

#[test]
fn a_missing_program_cannot_be_spawned() {
    match Client::spawn("/nonexistent/engine", &["--mode", "gtp"]) {
        Err(e @ ClientError::Spawn { .. }) => {
            assert!(e.to_string().contains("/nonexistent/engine"))
        }
        other => panic!("{other:?}"),
    }
}
