//! End to end: `tengen check`, `replay`, `score` and `compare` run as a person would run
//! them, on records written into a fresh temporary folder. Every position here is small
//! enough to check by hand; the comments give the reckoning.

use std::path::{Path, PathBuf};
use std::process::Command;

const TENGEN: &str = env!("CARGO_BIN_EXE_tengen");

/// A temporary folder, removed when dropped.
struct TempDir(PathBuf);

impl TempDir {
    fn new(name: &str) -> TempDir {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.subsec_nanos());
        let dir =
            std::env::temp_dir().join(format!("tengen-{name}-{}-{nanos}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        TempDir(dir)
    }

    /// Writes a file (making its folders) and returns its path.
    fn write(&self, relative: &str, text: &str) -> PathBuf {
        let path = self.0.join(relative);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, text).unwrap();
        path
    }

    fn path(&self, relative: &str) -> String {
        self.0.join(relative).display().to_string()
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Runs `tengen ARGS`: exit code, standard output, standard error.
fn tengen(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(TENGEN).args(args).output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn run_on(args: &[&str], file: &Path) -> (i32, String, String) {
    let mut all = vec![args[0], file.to_str().unwrap()];
    all.extend(&args[1..]);
    tengen(&all)
}

/// Black captures White's corner stone with move 5 (B5 in GTP, `ba` in SGF).
const CAPTURE: &str = "(;GM[1]SZ[5];B[bb];W[aa];B[ab];W[ee];B[ba])";

/// Moves 1-9 make a ko on 5x5; move 10 retakes it at once, which simple ko and every
/// superko forbid and the cycle-set rule (Ing) allows the first time.
const KO: &str =
    "(;GM[1]SZ[5]RU[Japanese]\n;B[bb];W[cb];B[ac];W[dc];B[bd];W[cd];B[];W[bc];B[cc]\n;W[bc];B[ee])";

/// Black's B5 joins A5 with no liberty left and captures nothing: a suicide of two stones,
/// legal only where suicide is allowed (Tromp-Taylor) or only single-stone suicide is
/// forbidden (Ing, New Zealand).
const SUICIDE: &str = "(;GM[1]SZ[5]KM[0.5]RU[Japanese]AB[aa]AW[ab][bb][ca]\n;B[ba];W[ee])";

/// A finished 5x5 game: Black walls column B, White column C, a white stone sits alone
/// at A3 in Black's side, both pass, and the last node marks territory. With A3 dead:
/// area, Black 5 stones + 5 points = 10, White 5 + 10 + komi 0.5 = 15.5: W+5.5;
/// territory, Black 5 points + 1 prisoner = 6, White 10 + 0.5 = 10.5: W+4.5.
/// With A3 alive, column A is neutral: area W 6 + 10 + 0.5 - 5 = W+11.5.
const FINAL: &str = "(;GM[1]FF[4]SZ[5]RU[Chinese]KM[0.5]RE[W+5.5]\nAB[ba][bb][bc][bd][be]AW[ca][cb][cc][cd][ce][ac]\n;B[];W[]TB[aa][ab][ac][ad][ae]TW[da:eb][dc:ee])";

#[test]
fn check_a_folder_with_a_broken_file() {
    let dir = TempDir::new("check");
    dir.write("good.sgf", CAPTURE);
    dir.write("sub/ko.sgf", KO);
    // An unclosed value: a parse error where it opens, and the tree is never closed.
    dir.write("broken.sgf", "(;GM[1]\n;B[ee];C[unfinished");
    // Two black moves in a row: a warning only. The old `.mgt` extension, any case.
    dir.write("old.MGT", "(;GM[1]SZ[9];B[ee];B[dd])");
    dir.write("notes.txt", "not a record");
    std::os::unix::fs::symlink(dir.0.join("nowhere"), dir.0.join("missing.sgf")).unwrap();

    let (code, out, err) = tengen(&["check", dir.0.to_str().unwrap()]);
    assert_eq!(code, 1, "{out}{err}");
    let expected_problems = [
        format!(
            "{}:1:1: warning: game tree not closed: \")\" added at the end",
            dir.path("broken.sgf")
        ),
        format!(
            "{}:2:9: error: value not closed by \"]\": read to the end of the file",
            dir.path("broken.sgf")
        ),
        format!(
            "{}: error: cannot read: No such file or directory (os error 2)",
            dir.path("missing.sgf")
        ),
        format!(
            "{}:1:20: warning: two moves in a row by Black",
            dir.path("old.MGT")
        ),
        format!(
            "{}:3:2: error: illegal move 10: W B3 [bc]: ko: this play would retake the ko taken at move 9 at once (recreating the position after move 8)",
            dir.path("sub/ko.sgf")
        ),
    ];
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[..5], expected_problems, "{out}");
    assert_eq!(lines[5], "checked 5 files: 4 games, 19 moves");
    let count = |name: &str| {
        lines
            .iter()
            .find(|l| l.trim_start().starts_with(name))
            .and_then(|l| l.split_whitespace().last())
            .unwrap_or_else(|| panic!("no {name} line in\n{out}"))
            .to_string()
    };
    assert_eq!(count("errors"), "3");
    assert_eq!(count("unreadable files"), "1");
    assert_eq!(count("parse errors"), "1");
    assert_eq!(count("illegal moves"), "1");
    assert_eq!(count("warnings"), "2");
    assert_eq!(count("parse warnings"), "1");
    assert_eq!(count("other oddities"), "1");
    // No progress bar when standard error is not a terminal.
    assert_eq!(err, "");

    // The same as JSON.
    let (code, out, _) = tengen(&["check", "--json", dir.0.to_str().unwrap()]);
    assert_eq!(code, 1);
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    let summary = &json["summary"];
    assert_eq!(summary["files"], 5);
    assert_eq!(summary["games"], 4);
    assert_eq!(summary["moves"], 19);
    assert_eq!(summary["errors"], 3);
    assert_eq!(summary["warnings"], 2);
    assert_eq!(summary["illegal_moves"], 1);
    let problems = json["problems"].as_array().unwrap();
    assert_eq!(problems.len(), 5);
    let illegal = &problems[4];
    assert_eq!(illegal["path"], dir.path("sub/ko.sgf"));
    assert_eq!(
        (&illegal["line"], &illegal["column"]),
        (&3.into(), &2.into())
    );
    assert_eq!(illegal["level"], "error");
    assert_eq!(illegal["category"], "illegal-move");
    assert_eq!(problems[2]["category"], "unreadable");
    assert_eq!(problems[2]["line"], serde_json::Value::Null);

    // Warnings alone do not fail the check; a named file is read whatever its extension.
    let (code, out, _) = tengen(&["check", &dir.path("old.MGT"), &dir.path("good.sgf")]);
    assert_eq!(code, 0, "{out}");
    let (code, out, _) = tengen(&["check", &dir.path("notes.txt")]);
    assert_eq!(code, 1);
    assert!(out.contains("no game tree found"), "{out}");
}

#[test]
fn check_applies_the_rules_option() {
    let dir = TempDir::new("check-rules");
    // No RU: Japanese by default, so the two-stone suicide is illegal; --rules ing (where
    // it is legal) decides only when forced over a known RU, and for a record without one.
    let no_ru = SUICIDE.replace("RU[Japanese]", "");
    let file = dir.write("suicide.sgf", &no_ru);
    let (code, _, _) = tengen(&["check", file.to_str().unwrap()]);
    assert_eq!(code, 1);
    let (code, out, _) = tengen(&["check", file.to_str().unwrap(), "--rules", "ing"]);
    assert_eq!(code, 0, "{out}");
    let file = dir.write("suicide-japanese.sgf", SUICIDE);
    let (code, _, _) = tengen(&["check", file.to_str().unwrap(), "--rules", "ing"]);
    assert_eq!(code, 1);
    let (code, _, _) = tengen(&[
        "check",
        file.to_str().unwrap(),
        "--rules",
        "GOE",
        "--force-rules",
    ]);
    assert_eq!(code, 0);
    let (code, _, err) = tengen(&["check", file.to_str().unwrap(), "--rules", "martian"]);
    assert_eq!(code, 1);
    assert!(err.contains("martian"), "{err}");
}

#[test]
fn replay_at_a_move() {
    let dir = TempDir::new("replay");
    let file = dir.write("capture.sgf", CAPTURE);
    let (code, out, _) = run_on(&["replay", "--move", "3"], &file);
    assert_eq!(code, 0);
    let expected = format!(
        "{}: after move 3 of 5 (B A4, marked)
rules: japanese, no RU, komi 6.5, board 5x5

    A B C D E
 5  O . . . .  5
 4 (X)X . . .  4
 3  . . . . .  3
 2  . . . . .  2
 1  . . . . .  1
    A B C D E

captures: Black 0, White 0
to move: White
problems so far: none
",
        file.display()
    );
    assert_eq!(out, expected);
    // At the end: the corner stone is taken.
    let (_, out, _) = run_on(&["replay"], &file);
    assert!(out.contains(" 5  .(X). . .  5\n"), "{out}");
    assert!(out.contains("captures: Black 1, White 0\n"), "{out}");
    assert!(out.contains("to move: White\n"), "{out}");
    // As JSON.
    let (_, out, _) = run_on(&["replay", "--move", "5", "--json"], &file);
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(json["board"][0], ". X . . .");
    assert_eq!(json["captures_by_black"], 1);
    assert_eq!(json["last_move"]["gtp"], "B5");
    assert_eq!(json["to_move"], "W");
    // Problems met so far: the illegal retake is there after move 10, not before.
    let ko = dir.write("ko.sgf", KO);
    let (_, out, _) = run_on(&["replay", "--move", "9"], &ko);
    assert!(out.contains("problems so far: none"), "{out}");
    let (_, out, _) = run_on(&["replay", "--move", "10"], &ko);
    assert!(out.contains("problems so far: 1\n"), "{out}");
    assert!(
        out.contains(":3:2: error: illegal move 10: W B3 [bc]: ko:"),
        "{out}"
    );
    // A move past the end shows the end, and says so.
    let (_, out, _) = run_on(&["replay", "--move", "99"], &file);
    assert!(out.contains("the record has only 5 moves"), "{out}");
}

#[test]
fn replay_follows_games_and_variations() {
    let dir = TempDir::new("variations");
    let file = dir.write(
        "two.sgf",
        "(;GM[1]SZ[5];B[aa](;W[bb])(;W[cc];B[dd]))(;GM[1]SZ[7];B[dd])",
    );
    let (_, out, _) = run_on(&["replay", "--variation", "1"], &file);
    assert!(out.contains("after move 3 of 3 (B D2, marked)"), "{out}");
    let (_, out, _) = run_on(&["replay"], &file);
    assert!(out.contains("after move 2 of 2 (W B4, marked)"), "{out}");
    let (_, out, _) = run_on(&["replay", "--game", "2"], &file);
    assert!(out.contains("game 2: after move 1 of 1"), "{out}");
    assert!(out.contains("board 7x7"), "{out}");
    let (code, _, err) = run_on(&["replay", "--game", "3"], &file);
    assert_eq!(code, 1);
    assert!(err.contains("the file holds games 1 to 2"), "{err}");
    let (code, _, err) = tengen(&["replay", &dir.path("nothing.sgf")]);
    assert_eq!(code, 1);
    assert!(err.contains("cannot read"), "{err}");
}

#[test]
fn score_with_dead_stones_from_the_record() {
    let dir = TempDir::new("score");
    let file = dir.write("final.sgf", FINAL);
    let (code, out, _) = run_on(&["score", "--dead", "from-record"], &file);
    assert_eq!(code, 0);
    let board = "    A B C D E
 5  b X O w w  5
 4  b X O w w  4
 3  o X O w w  3
 2  b X O w w  2
 1  b X O w w  1
    A B C D E
X O stones   x o dead stones (taken off)   b w territory of Black, White   . neutral
";
    assert!(out.contains(board), "{out}");
    assert!(
        out.contains("dead stones: 0 black and 1 white, inside the TB/TW territory"),
        "{out}"
    );
    let row = |name: &str| {
        out.lines()
            .find(|l| l.starts_with(name))
            .map(|l| l.split_whitespace().rev().take(2).collect::<Vec<_>>())
            .unwrap_or_default()
    };
    // (White, Black), read from the right.
    assert_eq!(row("stones"), ["5", "5"]);
    assert_eq!(row("territory"), ["10", "5"]);
    assert_eq!(row("komi"), ["0.5", "0"]);
    assert_eq!(row("total"), ["15.5", "10"]);
    assert!(
        out.contains("result: W+5.5\nversus the record: agrees\n"),
        "{out}"
    );

    // The default, the estimator, finds the same dead stone.
    let (_, out, _) = run_on(&["score"], &file);
    assert!(out.contains("dead stones: 1 estimated dead"), "{out}");
    assert!(
        out.contains("result: W+5.5\nversus the record: agrees\n"),
        "{out}"
    );

    // Everything alive: the lone white stone makes column A neutral.
    let (_, out, _) = run_on(&["score", "--dead", "none"], &file);
    assert!(out.contains(" 3  O X O w w  3\n"), "{out}");
    assert!(out.contains(" 5  . X O w w  5\n"), "{out}");
    assert!(out.contains("result: W+11.5\nversus the record: differs: record says W+5.5\n"));

    // Territory scoring counts the dead stone as a prisoner: W+4.5; komi changes it.
    let (_, out, _) = run_on(
        &["score", "--dead", "from-record", "--rules", "japanese"],
        &file,
    );
    assert!(out.contains("rules: japanese, komi 0.5"), "{out}");
    assert!(out.contains("result: W+4.5\n"), "{out}");
    let (_, out, _) = run_on(&["score", "--dead", "from-record", "--komi", "-5.5"], &file);
    assert!(out.contains("result: B+0.5\n"), "{out}");

    // JSON.
    let (_, out, _) = run_on(&["score", "--dead", "from-record", "--json"], &file);
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(json["result"], "W+5.5");
    assert_eq!(json["agreement"]["verdict"], "agrees");
    assert_eq!(json["dead_stones"], serde_json::json!(["A3"]));
    assert_eq!(json["white"]["total"], 15.5);
    assert_eq!(json["board"][2], "o X O w w");
    assert_eq!(json["ended_by_passes"], true);
    assert_eq!(json["komi_source"], "record");
    let (_, out, _) = run_on(&["score", "--json", "--komi", "2"], &file);
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(json["komi_source"], "option");

    // A recorded margin whose half point the komi rules out (KM 0.5 gives half margins,
    // so W+5 is no count's): the difference says the record is wrong, not the count.
    let file = dir.write("whole.sgf", &FINAL.replace("RE[W+5.5]", "RE[W+5]"));
    let (_, out, _) = run_on(&["score", "--dead", "from-record"], &file);
    assert!(
        out.contains(
            "versus the record: differs: record says W+5, a margin no count reaches under \
             komi 0.5 (its half point is not the komi's: the record's KM or RE is wrong)\n"
        ),
        "{out}"
    );
    let (_, out, _) = run_on(&["score", "--dead", "from-record", "--json"], &file);
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(json["agreement"]["unreachable_under_komi"], "0.5");
    // `compare` says it once, under its table.
    let (_, out, _) = run_on(&["compare", "--dead", "from-record"], &file);
    assert!(
        out.ends_with(
            "\nRE[W+5] is a margin no count reaches under komi 0.5 (its half point is not \
             the komi's): the record's KM or RE is wrong\n"
        ),
        "{out}"
    );
    // A margin the komi allows is simply another count.
    let file = dir.write("other.sgf", &FINAL.replace("RE[W+5.5]", "RE[W+6.5]"));
    let (_, out, _) = run_on(&["score", "--dead", "from-record", "--json"], &file);
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(json["agreement"]["verdict"], "differs");
    assert!(
        json["agreement"].get("unreachable_under_komi").is_none(),
        "{json}"
    );

    // No RE, and a game not ended by passes.
    let file = dir.write("capture.sgf", CAPTURE);
    let (_, out, _) = run_on(&["score"], &file);
    assert!(out.contains("versus the record: record has no RE"), "{out}");
    assert!(out.contains("does not end the game by passes"), "{out}");
    // Without KM the ruleset's komi counts, and the first line says so.
    assert!(
        out.lines()
            .next()
            .unwrap()
            .ends_with("(the ruleset's: the record has no KM; --komi K sets it)"),
        "{out}"
    );
}

/// The rows of `tengen compare`'s table by ruleset name, checking that the columns line
/// up.
fn table_rows(out: &str) -> Vec<(String, String)> {
    let lines: Vec<&str> = out
        .lines()
        .skip_while(|l| !l.starts_with("ruleset"))
        .collect();
    let column = lines[0].find("legality").unwrap();
    lines[1..]
        .iter()
        .map(|l| {
            assert_eq!(l.chars().nth(column - 1), Some(' '), "misaligned: {l}");
            assert_ne!(l.chars().nth(column), Some(' '), "misaligned: {l}");
            let name = l.split_whitespace().next().unwrap().to_string();
            (name, l.to_string())
        })
        .collect()
}

#[test]
fn compare_where_rulesets_disagree_on_a_ko() {
    let dir = TempDir::new("compare-ko");
    let file = dir.write("ko.sgf", KO);
    let (code, out, _) = run_on(&["compare"], &file);
    assert_eq!(code, 0);
    let rows = table_rows(&out);
    assert_eq!(rows.len(), 14, "{out}");
    let row = |name: &str| rows.iter().find(|(n, _)| n == name).unwrap().1.clone();
    assert!(row("japanese").ends_with(
        "move 10 W B3: ko: this play would retake the ko taken at move 9 at once (recreating the position after move 8)"
    ));
    assert!(row("chinese").ends_with(
        "move 10 W B3: positional superko: this play would recreate the position after move 8"
    ));
    assert!(row("aga").contains("situational superko"));
    assert!(row("ikeda-area-2").contains("capture superko"));
    // The cycle-set rules refuse the immediate retake by etiquette A1.
    assert!(
        row("ing").ends_with(
            "move 10 W B3: ko (cycle-set rules, etiquette A1): this play would retake the ko taken at move 9 at once, an obvious cycle set (recreating the position after move 8)"
        ),
        "{}",
        row("ing")
    );
    let (_, out, _) = run_on(&["compare", "--json"], &file);
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    let rows = json["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 14);
    let japanese = &rows[2];
    assert_eq!(japanese["ruleset"], "japanese");
    assert_eq!(japanese["first_illegal"]["number"], 10);
    assert_eq!(japanese["first_illegal"]["gtp"], "B3");
    assert_eq!(japanese["first_illegal"]["line"], 3);
    assert_eq!(rows[5]["ruleset"], "ing");
    assert_eq!(rows[5]["first_illegal"]["number"], 10);
}

#[test]
fn compare_where_rulesets_disagree_on_suicide() {
    let dir = TempDir::new("compare-suicide");
    let file = dir.write("suicide.sgf", SUICIDE);
    let (_, out, _) = run_on(&["compare"], &file);
    for (name, line) in table_rows(&out) {
        let legal = matches!(name.as_str(), "tromp-taylor" | "ing" | "new-zealand");
        if legal {
            assert!(line.ends_with("all legal"), "{line}");
        } else {
            assert!(
                line.ends_with(
                    "move 1 B B5: suicide is forbidden: this play would remove its own 2 stones"
                ),
                "{line}"
            );
        }
    }
    // The result under each: the two black stones are gone; White has 4 stones and the
    // 21 other points. Area: 25 + 0.5. Territory: 21 + 2 prisoners + 0.5.
    let rows = table_rows(&out);
    let result = |name: &str| {
        let line = &rows.iter().find(|(n, _)| n == name).unwrap().1;
        line.split_whitespace().nth(2).unwrap().to_string()
    };
    assert_eq!(result("chinese"), "W+25.5");
    assert_eq!(result("japanese"), "W+23.5");
    // The komi column is the record's KM for every ruleset, or --komi.
    let (_, out, _) = run_on(&["compare", "--komi", "2"], &file);
    assert_eq!(table_rows(&out)[1].1.split_whitespace().nth(1), Some("2"));
}

#[test]
fn compare_uses_dead_stones_from_the_record() {
    let dir = TempDir::new("compare-dead");
    let file = dir.write("final.sgf", FINAL);
    let (_, out, _) = run_on(&["compare", "--dead", "from-record"], &file);
    let rows = table_rows(&out);
    let row = |name: &str| rows.iter().find(|(n, _)| n == name).unwrap().1.clone();
    let chinese = row("chinese");
    let chinese: Vec<&str> = chinese.split_whitespace().take(4).collect();
    assert_eq!(chinese, ["chinese", "0.5", "W+5.5", "agrees"]);
    let japanese = row("japanese");
    let japanese: Vec<&str> = japanese.split_whitespace().take(4).collect();
    assert_eq!(japanese, ["japanese", "0.5", "W+4.5", "differs"]);
}

#[test]
fn compare_counts_an_open_border_as_it_stands_only_under_confirmation_play() {
    // Black's wall c7-c2 stops short of the edge, so her columns a and b reach White's
    // wall on column e through c1 and column d; both passed. Under the Japanese and Korean
    // rules confirmation play restores the board: the count takes the position as it
    // stands, Black's side is nobody's, White has 14 points, + 6.5: W+20.5. Under the
    // Chinese rules and Tromp-Taylor play goes on (a resumption, or the capture of dead
    // stones), and the estimate's fills close the border and share the dame of column d:
    // Black 13 points and 11 stones, White 14 and 11, W+7.5.
    let dir = TempDir::new("compare-open-border");
    let file = dir.write(
        "open.sgf",
        "(;FF[4]GM[1]SZ[7]KM[6.5]AB[ca][cb][cc][cd][ce][cf]\
         AW[ea][eb][ec][ed][ee][ef][eg];B[];W[])",
    );
    let (code, out, _) = run_on(&["compare"], &file);
    assert_eq!(code, 0, "{out}");
    let rows = table_rows(&out);
    let result = |name: &str| {
        let line = &rows.iter().find(|(n, _)| n == name).unwrap().1;
        line.split_whitespace().nth(2).unwrap().to_string()
    };
    assert_eq!(result("japanese"), "W+20.5", "{out}");
    assert_eq!(result("korean"), "W+20.5", "{out}");
    assert_eq!(result("chinese"), "W+7.5", "{out}");
    assert_eq!(result("tromp-taylor"), "W+7.5", "{out}");
}

#[test]
fn bench_reports_the_record_figures_as_json() {
    let dir = TempDir::new("bench");
    dir.write("a.sgf", CAPTURE);
    let out = Command::new(TENGEN)
        .args(["bench", "--seconds", "0.05", "--json", "--records"])
        .arg(&dir.0)
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let text = json.to_string();
    // The one 5-move record replayed again and again; no game of 230-270 moves and no
    // 19x19 game, so neither of those figures.
    assert!(text.contains("\"name\":\"records\""), "{text}");
    assert!(text.contains("\"moves_per_game\":5.0"), "{text}");
    assert!(!text.contains("230-270"), "{text}");
    assert!(!text.contains("score 19x19"), "{text}");
}

#[test]
fn bench_measures_only_the_figures_asked_for() {
    // `--only score`: no playouts and no record replay, the one 19x19 position scored
    // in each pass.
    let dir = TempDir::new("bench-only");
    dir.write(
        "g.sgf",
        "(;FF[4]GM[1]SZ[19]KM[6.5];B[pd];W[dp];B[pp];W[dd];B[];W[])",
    );
    let out = Command::new(TENGEN)
        .args([
            "bench",
            "--only",
            "score",
            "--seconds",
            "0.01",
            "--json",
            "--records",
        ])
        .arg(&dir.0)
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let figures = json["figures"].as_array().unwrap();
    assert_eq!(figures.len(), 1, "{json}");
    assert_eq!(figures[0]["name"], "score 19x19");
    assert_eq!(figures[0]["positions"], 1);
    // A figure that is not one of them is refused, naming the ones there are.
    let out = Command::new(TENGEN)
        .args(["bench", "--only", "scores"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("playouts") && err.contains("records") && err.contains("score"),
        "{err}"
    );
}

#[test]
fn score_draws_the_stones_the_count_adds() {
    // Column c is neutral between two walls. The record stops before the end of the game:
    // the players fill column c in turn before the count (Black first, to move), and the
    // drawing shows those stones as B and W, not as territory; they change nothing in a
    // territory count.
    let dir = TempDir::new("score-added");
    let record = |moves: &str| {
        format!(
            "(;FF[4]GM[1]SZ[5]RU[Japanese]KM[0.5]RE[W+0.5]\
             AB[ba][bb][bc][bd][be]AW[da][db][dc][dd][de]{moves})"
        )
    };
    let file = dir.write("dame.sgf", &record(""));
    let (code, out, _) = run_on(&["score"], &file);
    assert_eq!(code, 0);
    assert!(
        out.contains(" 5  b X B O w  5\n 4  b X W O w  4\n"),
        "{out}"
    );
    assert!(out.contains("B W stones added before counting"), "{out}");
    assert!(
        out.contains("result: W+0.5\nversus the record: agrees"),
        "{out}"
    );
    let (_, out, _) = run_on(&["score", "--json"], &file);
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        json["added_stones"][0],
        serde_json::json!({"color": "X", "point": "C5"})
    );
    assert_eq!(json["added_stones"].as_array().map(Vec::len), Some(5));
    // Without the estimator nothing is added and column c is neutral.
    let (_, out, _) = run_on(&["score", "--dead", "none"], &file);
    assert!(out.contains(" 5  b X . O w  5\n"), "{out}");
    assert!(!out.contains("stones added"), "{out}");
    // A game that ended by its passes under the Japanese rules is counted as it stands
    // (confirmation play restores the board): nothing is added, column c stays neutral,
    // and the count is the same.
    let ended = dir.write("ended.sgf", &record(";B[tt];W[tt]"));
    let (code, out, _) = run_on(&["score"], &ended);
    assert_eq!(code, 0);
    assert!(out.contains(" 5  b X . O w  5\n"), "{out}");
    assert!(!out.contains("stones added"), "{out}");
    assert!(
        out.contains("result: W+0.5\nversus the record: agrees"),
        "{out}"
    );
}
