//! No input line makes the engine panic or break the protocol: random bytes, and random
//! sequences of real commands with arguments good and bad. Every response must be framed
//! as GTP says (`=` or `?`, no blank line inside, a blank line at the end) and the board
//! must stay consistent.

use proptest::prelude::*;
use tengen::Rules;
use tengen_gtp::{run, Engine};

/// Checks the framing of one response.
fn well_formed(response: &str) -> Result<(), TestCaseError> {
    prop_assert!(
        response.starts_with('=') || response.starts_with('?'),
        "{response:?}"
    );
    let body = response.strip_suffix("\n\n");
    prop_assert!(body.is_some(), "no closing blank line: {response:?}");
    let body = body.unwrap_or_default();
    prop_assert!(!body.contains("\n\n"), "a blank line inside: {response:?}");
    prop_assert!(
        !body.chars().any(|c| c.is_control() && c != '\n'),
        "{response:?}"
    );
    Ok(())
}

/// Words that reach deep into the commands: names, colours, vertices, numbers, rules.
const WORDS: &[&str] = &[
    "protocol_version",
    "name",
    "version",
    "known_command",
    "list_commands",
    "boardsize",
    "rectangular_boardsize",
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
    "kata-set-rule",
    "tengen-rules",
    "tengen-set-rule",
    "tengen-explain-illegal",
    "final_score",
    "final_status_list",
    "dead",
    "alive",
    "seki",
    "black_territory",
    "unconditional_status",
    "kgs-genmove_cleanup",
    "time_settings",
    "kgs-time_settings",
    "time_left",
    "tengen-clock",
    "b",
    "w",
    "black",
    "white",
    "B",
    "pass",
    "A1",
    "a2",
    "B1",
    "C3",
    "E5",
    "I5",
    "T19",
    "Z25",
    "A0",
    "A26",
    "Z",
    "0",
    "1",
    "2",
    "3",
    "5",
    "9",
    "19",
    "25",
    "26",
    "-1",
    "0.5",
    "7.5",
    "1e9",
    "nan",
    "99999999999999999999",
    "japanese",
    "chinese",
    "aga",
    "new_zealand",
    "tromp-taylor",
    "ing",
    "ikeda-territory-1",
    "ko",
    "suicide",
    "allowed",
    "multi-stone",
    "positional",
    "situational",
    "natural-situational",
    "cycle-sets",
    "stone-supply",
    "end",
    "white-passes-last",
    "SIMPLE",
    "ALL",
    "{",
    "}",
    "{}",
    r#"{"ko":"SIMPLE","suicide":true}"#,
    r#"{"komi":0.5}"#,
    "#",
    "\t",
    "é",
    "\u{fffd}",
];

fn word() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => proptest::sample::select(WORDS).prop_map(str::to_string),
        1 => "[ -~]{0,6}",
    ]
}

fn command_line() -> impl Strategy<Value = String> {
    (
        proptest::option::of(0u32..100),
        proptest::collection::vec(word(), 0..5),
    )
        .prop_map(|(id, words)| {
            let id = id.map(|n| format!("{n} ")).unwrap_or_default();
            format!("{id}{}", words.join(" "))
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn random_bytes_never_panic(lines in proptest::collection::vec(proptest::collection::vec(any::<u8>(), 0..80), 1..8)) {
        let mut input = Vec::new();
        for l in &lines {
            input.extend_from_slice(l);
            input.push(b'\n');
        }
        let mut output = Vec::new();
        let mut engine = Engine::new(Rules::tromp_taylor(), Some(1));
        run(&input[..], &mut output, &mut engine).expect("in-memory I/O cannot fail");
        let text = String::from_utf8(output).expect("responses are UTF-8");
        // Responses are whole and well formed, at most one per line.
        let mut count = 0;
        let mut rest = text.as_str();
        while !rest.is_empty() {
            let end = rest.find("\n\n").map(|i| i + 2).unwrap_or(rest.len());
            well_formed(&rest[..end])?;
            rest = &rest[end..];
            count += 1;
        }
        prop_assert!(count <= input.iter().filter(|&&b| b == b'\n').count());
    }

    /// Games on small boards, where captures come round in cycles and every chain is
    /// short of liberties, end in a count: the end-of-game commands, which run the
    /// dead-stone estimator, answer `=` on every position.
    #[test]
    fn small_board_games_are_scored(
        n in 2u8..8,
        plays in proptest::collection::vec((any::<bool>(), 0u8..7, 0u8..7), 0..60),
    ) {
        let mut engine = Engine::new(Rules::tromp_taylor(), Some(3));
        let columns = b"ABCDEFGH";
        let mut lines = vec![format!("boardsize {n}")];
        for (black, x, y) in plays {
            let colour = if black { "b" } else { "w" };
            let (x, y) = (x % n, y % n + 1);
            lines.push(format!("play {colour} {}{y}", columns[x as usize] as char));
        }
        for line in &lines {
            let response = engine.execute(line).expect("a response");
            well_formed(&response)?;
        }
        for line in ["final_score", "final_status_list dead", "final_status_list seki", "unconditional_status A1", "kgs-genmove_cleanup b"] {
            let response = engine.execute(line).expect("a response");
            well_formed(&response)?;
            prop_assert!(response.starts_with('='), "{line}: {response:?}");
        }
    }

    #[test]
    fn random_commands_never_panic(lines in proptest::collection::vec(command_line(), 1..40)) {
        let mut engine = Engine::new(Rules::tromp_taylor(), Some(2));
        for line in &lines {
            if let Some(response) = engine.execute(line) {
                well_formed(&response)?;
            }
            prop_assert!(engine.game().board().check_invariants().is_ok(), "after {line:?}");
            if engine.has_quit() {
                break;
            }
        }
    }
}

/// Every command with every small set of junk arguments: an answer, never a panic.
#[test]
fn every_command_with_junk_arguments() {
    let mut engine = Engine::new(Rules::tromp_taylor(), Some(3));
    let names: Vec<String> = engine
        .execute("list_commands")
        .unwrap()
        .trim_start_matches("= ")
        .lines()
        .map(|l| l.trim().to_string())
        // `printsgf FILE` would write junk files here; its argument handling is in the
        // transcripts.
        .filter(|l| !l.is_empty() && l != "quit" && l != "printsgf")
        .collect();
    let junk = [
        "",
        "x",
        "-1",
        "b x",
        "w A1 A1",
        "\u{fffd} 9",
        "0 0 0",
        "pass pass",
    ];
    for name in &names {
        for args in junk {
            let response = engine
                .execute(&format!("{name} {args}"))
                .expect("a response");
            assert!(
                response.starts_with('=') || response.starts_with('?'),
                "{name} {args}: {response:?}"
            );
            assert!(response.ends_with("\n\n"));
        }
    }
}

/// `run` stops reading at `quit` and answers nothing after it.
#[test]
fn run_stops_at_quit() {
    let input = b"1 name\n\n# comment\n2 quit\n3 name\n";
    let mut output = Vec::new();
    let mut engine = Engine::new(Rules::tromp_taylor(), Some(4));
    run(&input[..], &mut output, &mut engine).unwrap();
    assert_eq!(String::from_utf8(output).unwrap(), "=1 tengen\n\n=2 \n\n");
}

/// A last line without a newline is still a command; invalid UTF-8 is an error response.
#[test]
fn run_handles_a_missing_final_newline_and_bad_bytes() {
    let input = b"boardsize 9\nplay b \xff5\nprotocol_version";
    let mut output = Vec::new();
    let mut engine = Engine::new(Rules::tromp_taylor(), Some(5));
    run(&input[..], &mut output, &mut engine).unwrap();
    assert_eq!(
        String::from_utf8(output).unwrap(),
        "= \n\n? invalid vertex \"\u{fffd}5\"\n\n= 2\n\n"
    );
}

#[test]
fn final_score_on_a_board_whose_captures_cycle_answers() {
    // The position the estimator's fuzzing found (fuzz target `estimate_board`): reading
    // Black's captures of b2 and a1 on this 3x3 board runs into lines that bring back
    // earlier positions, which the capture reader followed until it overflowed the stack
    // and aborted the engine. Now both questions are answered.
    let mut engine = Engine::new(Rules::tromp_taylor(), Some(1));
    for line in [
        "boardsize 3",
        "komi 0.5",
        "play b a2",
        "play w b2",
        "play b c2",
        "play w a1",
    ] {
        let r = engine.execute(line).expect("a response");
        assert!(r.starts_with('='), "{line}: {r:?}");
    }
    for line in ["final_score", "final_status_list dead"] {
        let r = engine.execute(line).expect("a response");
        assert!(r.starts_with('='), "{line}: {r:?}");
    }
}
