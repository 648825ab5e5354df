//! End to end: `tengen match` refereeing real engines: tengen against itself, tengen
//! against GNU Go under Chinese, Japanese and AGA rules, and engines that misbehave (an
//! illegal move, a crash, silence), written as small shell scripts at test time. Every
//! record written is read back, replayed under its rules and scored again.
#![cfg(unix)]

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;
use tengen::{Color, Phase, Point};
use tengen_sgf::ProblemKind;

const TENGEN: &str = env!("CARGO_BIN_EXE_tengen");
const GNUGO: &str = "/usr/games/gnugo";

/// A temporary folder, removed when dropped.
struct TempDir(PathBuf);

impl TempDir {
    fn new(name: &str) -> TempDir {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.subsec_nanos());
        let dir = std::env::temp_dir().join(format!(
            "tengen-match-{name}-{}-{nanos}",
            std::process::id()
        ));
        std::fs::create_dir_all(&dir).unwrap();
        TempDir(dir)
    }

    /// Writes a shell script and returns the engine command that runs it. The script is
    /// run by `sh` rather than executed, so that no other test's fork can hold it open for
    /// writing ("text file busy").
    fn script(&self, name: &str, body: &str) -> String {
        let path = self.0.join(name);
        std::fs::write(&path, body).unwrap();
        format!("sh '{}'", path.display())
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// `tengen gtp` with a seed and its random player (fast: these tests are about the
/// referee), as an engine command line.
fn tengen_engine(seed: u64) -> String {
    format!("'{TENGEN}' gtp --seed {seed} --player random")
}

/// Runs `tengen match` between the engine commands `black` and `white` with `options`
/// (split at blanks), writing records into `sgf` if given; returns its standard output
/// and error. The match must succeed.
fn run_match(black: &str, white: &str, options: &str, sgf: Option<&Path>) -> (String, String) {
    let mut cmd = Command::new(TENGEN);
    cmd.args(["match", "--black", black, "--white", white]);
    cmd.args(options.split_whitespace());
    if let Some(dir) = sgf {
        cmd.arg("--sgf-dir").arg(dir);
    }
    let out = cmd.output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(
        out.status.success(),
        "tengen match failed:\n{stdout}\n{stderr}"
    );
    (stdout, stderr)
}

/// As [`run_match`] with `--json`: the report and the standard error.
fn run_json(black: &str, white: &str, options: &str, sgf: Option<&Path>) -> (Value, String) {
    let (stdout, stderr) = run_match(black, white, &format!("{options} --json"), sgf);
    let report = serde_json::from_str(&stdout).unwrap_or_else(|e| panic!("{e}:\n{stdout}"));
    (report, stderr)
}

/// The engine totals of a report, by name.
fn engine<'a>(report: &'a Value, name: &str) -> &'a Value {
    report["engines"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["name"] == name)
        .unwrap_or_else(|| panic!("no engine {name} in {report}"))
}

/// Reads a record written by the match, replays it under its own rules and checks that
/// every move is legal and that scoring it again gives its `RE`: by the rules' ending, or
/// with the dead stones it marks (an opponent's stone in `TB`/`TW`). Returns the `RE`.
fn check_record(path: &Path) -> String {
    let bytes = std::fs::read(path).unwrap();
    let file = tengen_sgf::read_bytes(&bytes);
    assert!(file.diagnostics.is_empty(), "{:?}", file.diagnostics);
    let tree = &file.collection.trees[0];
    let replayed = tengen_sgf::replay(tree, &Default::default());
    for p in &replayed.problems {
        assert!(
            !matches!(
                p.kind,
                ProblemKind::IllegalMove { .. } | ProblemKind::UnknownRules(_)
            ),
            "{}: {}",
            path.display(),
            p.kind
        );
    }
    let re = replayed.result.clone().expect("every record has RE");
    let game = &replayed.game;
    let rescored = match game.phase() {
        _ if game.needs_settlement() || game.phase() == &Phase::Playing => {
            let last = tree.nodes.last().unwrap();
            let marked = |id: &str, c: Color| -> Vec<Point> {
                let values = last.get(id).map(|p| p.values.to_vec()).unwrap_or_default();
                values
                    .iter()
                    .filter_map(|v| Point::from_sgf(v, game.size()))
                    .filter(|&q| game.board().get(q) == Some(c))
                    .collect()
            };
            let mut dead = marked("TB", Color::White);
            dead.extend(marked("TW", Color::Black));
            game.score_with_dead(&dead).unwrap().result.to_string()
        }
        _ => game.result().map(|r| r.to_string()).unwrap_or_default(),
    };
    // A game lost by resignation, time or forfeit has its result from the referee.
    if !re.contains("+R") && !re.contains("+T") && !re.contains("+F") && re != "Void" {
        assert_eq!(rescored, re, "{}", path.display());
    }
    re
}

/// The records in a folder, in order.
fn records(dir: &Path) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "sgf"))
        .collect();
    v.sort();
    v
}

#[test]
fn tengen_against_itself_on_5x5_and_9x9() {
    let dir = TempDir::new("self");
    let sgf = dir.0.join("5x5");
    // On 5x5, tengen's own Monte-Carlo player, with few playouts: it may pass early or
    // resign.
    let mcts = |seed| format!("'{TENGEN}' gtp --seed {seed} --playouts 100");
    let options = "--games 2 --size 5 --rules chinese --alternate";
    let (report, stderr) = run_json(&mcts(1), &mcts(2), options, Some(&sgf));
    // Both engines are called tengen: the match tells them apart.
    let (one, two) = (engine(&report, "tengen-1"), engine(&report, "tengen-2"));
    for e in [one, two] {
        assert_eq!(e["games"], 2);
        assert_eq!(e["games_as_black"], 1, "--alternate swaps colours");
        for bad in [
            "illegal_moves",
            "time_losses",
            "no_answers",
            "crashes",
            "refusals",
        ] {
            assert_eq!(e[bad], 0, "{bad}: {report}");
        }
    }
    let wins = |e: &Value| e["wins"].as_u64().unwrap() + e["other"].as_u64().unwrap();
    assert_eq!(wins(one) + two["wins"].as_u64().unwrap(), 2);
    let games = report["games"].as_array().unwrap();
    assert_eq!(games.len(), 2);
    assert_eq!(games[0]["black"], "tengen-1");
    assert_eq!(games[1]["black"], "tengen-2");
    assert_eq!(games[0]["rules_black"], "tengen-rules chinese");
    let files = records(&sgf);
    assert_eq!(files.len(), 2);
    for (game, file) in games.iter().zip(&files) {
        assert_eq!(check_record(file), game["result"].as_str().unwrap());
    }
    assert_eq!(
        stderr.lines().filter(|l| l.starts_with("game ")).count(),
        2,
        "{stderr}"
    );
    assert!(
        stderr.contains("game 2/2: tengen-2 (B) vs tengen-1 (W): "),
        "{stderr}"
    );

    // 9x9 under Japanese rules with a clock: the table, and the clock in the records.
    let sgf = dir.0.join("9x9");
    let options = "--games 2 --size 9 --rules japanese --time fischer:60+1";
    let (table, _) = run_match(&tengen_engine(3), &tengen_engine(4), options, Some(&sgf));
    assert!(
        table
            .starts_with("tengen match: 2 games, 9x9, japanese rules, komi 6.5, time fischer:60+1"),
        "{table}"
    );
    let headers = [
        "engine", "wins", "as B", "margin", "illegal", "time", "crash", "s/move",
    ];
    for header in headers {
        assert!(table.contains(header), "{header}: {table}");
    }
    let row = table
        .lines()
        .find(|l| l.starts_with("tengen-1 "))
        .expect(&table);
    assert_eq!(row.split_whitespace().nth(1), Some("2"), "{table}");
    assert!(table.contains("by colour: Black "), "{table}");
    for file in records(&sgf) {
        check_record(&file);
        let text = std::fs::read_to_string(&file).unwrap();
        let props = [
            "RU[Japanese]",
            "KM[6.5]",
            "PB[tengen-1]",
            "PW[tengen-2]",
            "TM[60]",
        ];
        for prop in props.into_iter().chain(["BL[", "WL[", "DT["]) {
            assert!(text.contains(prop), "{prop} in {text}");
        }
    }
}

/// The GNU Go command line, or `None` when GNU Go is missing and the environment says to
/// skip (`TENGEN_SKIP_GNUGO=1`).
fn gnugo(rules_option: &str) -> Option<String> {
    if !Path::new(GNUGO).exists() {
        if std::env::var("TENGEN_SKIP_GNUGO").is_ok_and(|v| v == "1") {
            eprintln!("GNU Go is missing: skipped (TENGEN_SKIP_GNUGO=1)");
            return None;
        }
        panic!("GNU Go is missing: `apt-get install gnugo` (or set TENGEN_SKIP_GNUGO=1)");
    }
    Some(format!("{GNUGO} --mode gtp --level 1 {rules_option}"))
}

/// One game of tengen (Black, the engine command `tengen`) against GNU Go on 9x9 under
/// `rules`: played to its end without a fault, scored with GNU Go's dead stones (and
/// tengen's), and the record rescores. Returns the report. The referee sends both engines
/// a seed: GNU Go otherwise seeds itself from the clock and plays another game every run
/// (one of them, round 45, a count that took the debug engine over a minute).
fn against_gnugo(tengen: &str, rules: &str, rules_option: &str, time: &str) -> Option<Value> {
    let gnugo = gnugo(rules_option)?;
    let dir = TempDir::new(rules);
    let options = format!("--games 1 --size 9 --rules {rules} --time {time} --seed 1");
    let (report, stderr) = run_json(tengen, &gnugo, &options, Some(&dir.0));
    let game = &report["games"][0];
    assert_eq!(game["loss"], Value::Null, "{report}\n{stderr}");
    assert!(
        game["how"].as_str().unwrap().starts_with("by score"),
        "{report}"
    );
    assert_eq!(game["rules_black"], format!("tengen-rules {rules}"));
    assert_eq!(
        game["rules_white"],
        Value::Null,
        "GNU Go knows no rules command"
    );
    let seconds = engine(&report, "GNU Go")["mean_seconds_per_move"].as_f64();
    assert!(seconds.unwrap() > 0.0, "{report}");
    let files = records(&dir.0);
    assert_eq!(check_record(&files[0]), game["result"].as_str().unwrap());
    assert!(
        stderr.contains("game 1/1: tengen (B) vs GNU Go (W): "),
        "{stderr}"
    );
    Some(report)
}

/// tengen's Monte-Carlo player with few playouts, never resigning: it passes when it
/// sees the game decided, which keeps games against GNU Go short.
fn tengen_mcts(seed: u64) -> String {
    format!("'{TENGEN}' gtp --seed {seed} --playouts 200 --resign-below 0")
}

#[test]
fn tengen_against_gnugo_under_chinese_rules() {
    // The random player: a long game full of captures, won by GNU Go.
    let report = against_gnugo(
        &tengen_engine(7),
        "chinese",
        "--chinese-rules",
        "byoyomi:30+3x5",
    );
    if let Some(report) = report {
        assert_eq!(report["games"][0]["winner"], "GNU Go", "{report}");
    }
}

#[test]
fn tengen_against_gnugo_under_japanese_rules() {
    let options = "--japanese-rules";
    against_gnugo(&tengen_mcts(8), "japanese", options, "canadian:30+10/30");
}

#[test]
fn tengen_against_gnugo_under_aga_rules() {
    against_gnugo(&tengen_mcts(9), "aga", "--chinese-rules", "absolute:60");
}

/// A GTP engine in shell: answers `name` with NAME, `genmove` with GENMOVE (shell code
/// that prints the response; `$free` is the first of E5, D4 and F6 that nobody played),
/// anything else with an empty success.
fn script(name: &str, genmove: &str) -> String {
    format!(
        r#"moves=0
played=" "
while read -r id cmd rest; do
  case "$cmd" in
    name) printf '=%s {name}\n\n' "$id" ;;
    play) played="$played ${{rest#* }} "; printf '=%s\n\n' "$id" ;;
    genmove)
      moves=$((moves + 1))
      for free in E5 D4 F6; do case "$played" in *" $free "*) ;; *) break ;; esac; done
      played="$played $free "
      {genmove} ;;
    quit) printf '=%s\n\n' "$id"; exit 0 ;;
    *) printf '=%s\n\n' "$id" ;;
  esac
done
"#
    )
}

/// Two games, colours alternating, of the engine `bad` against tengen: `bad` loses both
/// with `kind`, and the detail of each loss contains `reason`.
fn misbehaving(bad: &str, extra: &str, kind: &str, reason: &str) -> Value {
    let options = format!("--games 2 --size 9 --rules chinese --alternate {extra}");
    let (report, stderr) = run_json(bad, &tengen_engine(5), &options, None);
    let games = report["games"].as_array().unwrap();
    assert_eq!(games.len(), 2, "the match goes on: {report}");
    for g in games {
        assert_eq!(g["winner"], "tengen", "{report}");
        assert_eq!(g["loss"], kind, "{report}");
        assert!(
            g["how"].as_str().unwrap().contains(reason),
            "{reason}: {report}"
        );
    }
    assert_eq!(
        games[0]["result"].as_str().unwrap().chars().next(),
        Some('W')
    );
    assert_eq!(
        games[1]["result"].as_str().unwrap().chars().next(),
        Some('B')
    );
    assert_eq!(
        stderr.lines().filter(|l| l.contains(reason)).count(),
        2,
        "{stderr}"
    );
    report
}

#[test]
fn an_illegal_move_forfeits_the_game() {
    let dir = TempDir::new("illegal");
    // A1 every time: the second one is on an occupied point.
    let a1 = script("illegal", r#"printf '=%s A1\n\n' "$id""#);
    let bad = dir.script("illegal.sh", &a1);
    let reason = "played an illegal move A1: the point is occupied";
    let report = misbehaving(&bad, "", "illegal", reason);
    assert_eq!(engine(&report, "illegal")["illegal_moves"], 2);
    assert_eq!(report["games"][0]["result"], "W+F");
}

#[test]
fn a_crashed_engine_loses_and_is_restarted() {
    let dir = TempDir::new("crash");
    // A legal move first, then death at the second genmove.
    let crash = r#"if [ $moves -ge 2 ]; then echo 'crasher: segmentation fault' >&2; exit 139; fi
      printf '=%s %s\n\n' "$id" "$free""#;
    let bad = dir.script("crash.sh", &script("crasher", crash));
    let report = misbehaving(&bad, "", "crash", "the engine died during `genmove");
    let e = engine(&report, "crasher");
    assert_eq!(e["crashes"], 2);
    assert_eq!(e["restarts"], 1, "{report}");
    let how = report["games"][0]["how"].as_str().unwrap();
    assert!(
        how.contains("segmentation fault"),
        "the engine's last words: {how}"
    );
    // One that dies at once loses every game as well.
    let dead = dir.script("dead.sh", "echo 'cannot load weights' >&2; exit 3\n");
    let report = misbehaving(&dead, "", "crash", "the engine died during `boardsize 9`");
    assert_eq!(engine(&report, "sh")["crashes"], 2);
}

#[test]
fn a_silent_engine_loses_on_time_or_by_the_move_timeout() {
    let dir = TempDir::new("silent");
    let bad = dir.script("silent.sh", &script("sleeper", "exec sleep 30"));
    let clock = "--time absolute:2 --grace 0.3";
    let report = misbehaving(&bad, clock, "time", "ran out of time");
    assert_eq!(engine(&report, "sleeper")["time_losses"], 2);
    assert_eq!(report["games"][0]["result"], "W+T");
    let no_clock = "--move-timeout 1";
    let report = misbehaving(&bad, no_clock, "no-answer", "did not answer genmove within");
    assert_eq!(engine(&report, "sleeper")["no_answers"], 2);
}

/// tengen's random player behind a shell proxy that calls every stone on the board dead
/// (`final_status_list dead`), so that the engines always disagree.
fn liar(dir: &TempDir) -> String {
    let body = r#"dir=$(mktemp -d)
mkfifo "$dir/in" "$dir/out"
TENGEN gtp --player random --seed 11 < "$dir/in" > "$dir/out" &
exec 3> "$dir/in" 4< "$dir/out"
rm -r "$dir"
ask() {
  printf '%s\n' "$1" >&3
  while IFS= read -r r <&4; do [ -z "$r" ] && break; printf '%s\n' "$r"; done
}
while IFS= read -r line; do
  set -f; set -- $line; set +f
  case "$2" in
    name) printf '=%s liar\n\n' "$1" ;;
    final_status_list)
      all=$({ ask 'list_stones black'; ask 'list_stones white'; } | sed 's/^= *//' | tr '\n' ' ')
      printf '=%s %s\n\n' "$1" "$all" ;;
    *) ask "$line"; printf '\n' ;;
  esac
  [ "$2" = quit ] && exit 0
done
"#;
    dir.script("liar.sh", &body.replace("TENGEN", &format!("'{TENGEN}'")))
}

/// Disputed dead stones: under Chinese rules play resumes (twice), then the disputed stones
/// count as alive; under Japanese rules the estimator settles them (docs/rules.md §5.1).
#[test]
fn disputed_dead_stones_follow_the_rules_dispute_procedure() {
    let dir = TempDir::new("dispute");
    let liar = liar(&dir);
    for (rules, expected) in [
        ("chinese", "still disputed after 2 resumptions"),
        ("japanese", "settled by tengen's dead-stone estimator"),
    ] {
        let sgf = dir.0.join(rules);
        let options = format!("--games 2 --alternate --size 9 --rules {rules}");
        let (report, _) = run_json(&liar, &tengen_engine(12), &options, Some(&sgf));
        let games = report["games"].as_array().unwrap();
        for (game, file) in games.iter().zip(records(&sgf)) {
            assert_eq!(game["loss"], Value::Null, "{report}");
            assert!(game["how"].as_str().unwrap().contains(expected), "{report}");
            assert_eq!(check_record(&file), game["result"].as_str().unwrap());
        }
        assert_eq!(games.len(), 2);
    }
}
