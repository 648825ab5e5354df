//! The review API (`POST /api/review`, `POST /api/review/sgf`): any record under every
//! ruleset, its variations read by the server, and the bounds on what a client may ask.

mod common;

use common::{server, server_with};
use serde_json::{json, Value};
use std::time::Duration;
use tengen_server::Limits;

/// Three kos taken in turn bring back the starting position at move 6 (the fixture says
/// how; worked out by hand in the review module's tests).
const TRIPLE_KO: &str = include_str!("../../../web/tests/fixtures/triple-ko.sgf");

fn code(v: &Value) -> &str {
    v["error"]["code"].as_str().unwrap_or("")
}

/// The rulesets that refuse move `k` (from 1) of a review.
fn refusing(review: &Value, k: usize) -> Vec<String> {
    review["moves"][k - 1]["refused"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["ruleset"].as_str().unwrap().to_string())
        .collect()
}

#[tokio::test]
async fn a_record_is_read_under_every_ruleset() {
    let s = server().await;
    let (st, r) = s
        .call("POST", "/api/review", None, Some(json!({"sgf": TRIPLE_KO})))
        .await;
    assert_eq!(st, 200, "{r}");
    assert_eq!(r["size"], 9);
    assert_eq!(r["ruleset"], "japanese", "the record's RU is shown first");
    assert_eq!(
        r["info"]["black"], "Black <b>",
        "game information comes as written"
    );
    assert_eq!(r["moves"].as_array().unwrap().len(), 8);
    let sixth = refusing(&r, 6);
    assert!(sixth.contains(&"chinese".to_string()), "{sixth:?}");
    assert!(!sixth.contains(&"japanese".to_string()), "{sixth:?}");
    // The table is tengen compare's: one row per ruleset with its result.
    let rows = r["comparison"]["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 14);
    assert_eq!(rows[1]["ruleset"], "chinese");
    assert_eq!(rows[1]["first_illegal"]["number"], 6);
    assert_eq!(rows[2]["first_illegal"], Value::Null);
    assert!(r["scores"]["japanese"]["owner"].is_array());
    // Without scoring, the rows say only what is legal.
    let (_, quick) = s
        .call(
            "POST",
            "/api/review",
            None,
            Some(json!({"sgf": TRIPLE_KO, "score": false, "ruleset": "Chinese"})),
        )
        .await;
    assert_eq!(quick["comparison"], Value::Null);
    assert_eq!(quick["ruleset"], "chinese");
    assert_eq!(refusing(&quick, 6), sixth);
}

#[tokio::test]
async fn bad_review_requests_are_refused_with_their_reason() {
    let s = server().await;
    let ask = |body: Value| {
        let s = &s;
        async move { s.call("POST", "/api/review", None, Some(body)).await }
    };
    let (st, e) = ask(json!({})).await;
    assert_eq!(
        (st, e["error"]["field"].as_str()),
        (400, Some("sgf")),
        "{e}"
    );
    let (st, e) = ask(json!({"sgf": TRIPLE_KO, "game_id": "x"})).await;
    assert_eq!((st, code(&e)), (400, "bad_request"), "{e}");
    let (st, e) = ask(json!({"sgf": "no record here"})).await;
    assert_eq!(
        (st, e["error"]["field"].as_str()),
        (400, Some("tree")),
        "{e}"
    );
    let (st, e) = ask(json!({"sgf": TRIPLE_KO, "tree": 2})).await;
    assert_eq!(st, 400, "{e}");
    let (st, e) = ask(json!({"sgf": TRIPLE_KO, "ruleset": "chess"})).await;
    assert_eq!((st, e["error"]["field"].as_str()), (400, Some("ruleset")));
    let (st, e) = ask(json!({"sgf": TRIPLE_KO, "dead": ["E5"]})).await;
    assert_eq!(
        (st, e["error"]["field"].as_str()),
        (400, Some("dead")),
        "{e}"
    );
    let (st, e) = ask(json!({"sgf": TRIPLE_KO, "surprise": 1})).await;
    assert_eq!((st, code(&e)), (400, "bad_request"));
    let (st, e) = ask(json!({"game_id": "nosuchgame"})).await;
    assert_eq!((st, code(&e)), (404, "not_found"));
    // An unfinished game is not reviewed: its players would read it during play.
    let g = s.started(json!({"size": 9})).await;
    let (st, e) = ask(json!({"game_id": g.id})).await;
    assert_eq!((st, code(&e)), (409, "wrong_phase"), "{e}");
}

/// A record is read at most so far: over 1,000 moves, or a body over 256 KiB, is refused
/// before any of it is read.
#[tokio::test]
async fn reviews_are_bounded_in_size() {
    let s = server().await;
    let mut long = String::from("(;GM[1]SZ[19]");
    for k in 0..1001 {
        long.push_str(if k % 2 == 0 { ";B[]" } else { ";W[]" });
    }
    long.push(')');
    let (st, e) = s
        .call("POST", "/api/review", None, Some(json!({"sgf": long})))
        .await;
    assert_eq!((st, code(&e)), (413, "too_large"), "{e}");
    let huge = format!("(;GM[1]C[{}])", "x".repeat(300 * 1024));
    let (st, e) = s
        .call("POST", "/api/review", None, Some(json!({"sgf": huge})))
        .await;
    assert_eq!((st, code(&e)), (413, "too_large"), "{e}");
    assert!(e["error"]["message"].as_str().unwrap().contains("256 KiB"));
    // A variation that makes the line longer than that is refused too.
    let (st, e) = s
        .call(
            "POST",
            "/api/review",
            None,
            Some(json!({"sgf": TRIPLE_KO, "score": false,
                "variation": {"from": 8, "moves": vec!["pass"; 993]}})),
        )
        .await;
    assert_eq!((st, code(&e)), (413, "too_large"), "{e}");
}

/// Reviews take turns: with every turn taken, a review waits at most the review wait and
/// is then refused as busy, with `Retry-After`.
#[tokio::test]
async fn a_review_that_cannot_get_a_turn_is_refused_as_busy() {
    let limits = Limits {
        reviews_at_once: 1,
        review_wait: Duration::from_millis(200),
        ..Limits::default()
    };
    let s = server_with(limits, "sqlite::memory:").await;
    let held = s.app.reviews.clone().acquire_owned().await.unwrap();
    let resp = s
        .http
        .post(format!("{}/api/review", s.base))
        .json(&json!({"sgf": TRIPLE_KO}))
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status().as_u16(), 503);
    assert_eq!(resp.headers()["retry-after"], "1");
    let e: Value = resp.json().await.unwrap();
    assert_eq!(code(&e), "busy");
    drop(held);
    let (st, _) = s
        .call("POST", "/api/review", None, Some(json!({"sgf": TRIPLE_KO})))
        .await;
    assert_eq!(st, 200);
}

/// A finished game of the server is reviewed from its own record.
#[tokio::test]
async fn a_finished_game_is_reviewed_from_its_record() {
    let s = server().await;
    let g = s
        .started(json!({"size": 9, "ruleset": "chinese", "komi": 7.5}))
        .await;
    s.act(&g.id, &g.black, json!({"type": "play", "point": "E5"}))
        .await;
    s.act(&g.id, &g.white, json!({"type": "play", "point": "C3"}))
        .await;
    s.act(&g.id, &g.black, json!({"type": "resign"})).await;
    let (st, r) = s
        .call(
            "POST",
            "/api/review",
            None,
            Some(json!({"game_id": g.id, "score": false})),
        )
        .await;
    assert_eq!(st, 200, "{r}");
    assert_eq!(r["ruleset"], "chinese");
    let points: Vec<&str> = r["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["point"].as_str().unwrap())
        .collect();
    assert_eq!(points, ["E5", "C3"]);
    assert_eq!(r["info"]["result"], "W+R");
}

/// A variation is the server's reading too, and the record comes back with it.
#[tokio::test]
async fn variations_are_read_and_written_back() {
    let s = server().await;
    // After Black took the top-left ko (move 1), White's retake at once is refused by
    // every ruleset.
    let (st, r) = s
        .call(
            "POST",
            "/api/review",
            None,
            Some(json!({"sgf": TRIPLE_KO, "score": false,
                "variation": {"from": 1, "moves": ["B8"]}})),
        )
        .await;
    assert_eq!(st, 200, "{r}");
    assert_eq!(refusing(&r, 2).len(), 14);
    let japanese = r["moves"][1]["refused"]
        .as_array()
        .unwrap()
        .iter()
        .find(|x| x["ruleset"] == "japanese")
        .unwrap()
        .clone();
    assert_eq!(japanese["rule"], "ko");
    assert_eq!(japanese["earlier_move"], 0, "it would recreate the start");
    let resp = s
        .http
        .post(format!("{}/api/review/sgf", s.base))
        .json(&json!({"sgf": TRIPLE_KO,
            "variations": [{"from": 2, "moves": ["E5", "pass"]}]}))
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status().as_u16(), 200);
    assert!(resp.headers()["content-disposition"]
        .to_str()
        .unwrap()
        .starts_with("attachment"));
    let text = resp.text().await.unwrap();
    // Move 3's node gets a sibling that starts with Black E5 (SGF ee) then White's pass.
    let compact: String = text.split_whitespace().collect();
    assert!(compact.contains(";W[hb](;B[cg]"), "{text}");
    assert!(compact.ends_with("(;B[ee];W[]))"), "{text}");
    let (st, e) = s
        .call(
            "POST",
            "/api/review/sgf",
            None,
            Some(json!({"sgf": TRIPLE_KO, "variations": [{"from": 1, "moves": ["I10"]}]})),
        )
        .await;
    assert_eq!(st, 400, "{e}");
    assert_eq!(e["error"]["field"], "variations[0].moves[0]");
    let many = vec![json!({"from": 1, "moves": ["E5"]}); 51];
    let (st, e) = s
        .call(
            "POST",
            "/api/review/sgf",
            None,
            Some(json!({"sgf": TRIPLE_KO, "variations": many})),
        )
        .await;
    assert_eq!((st, code(&e)), (413, "too_large"), "{e}");
}

#[tokio::test]
async fn a_record_whose_captures_cycle_is_reviewed_and_the_server_lives_on() {
    // A 3x3 record ending on the position the estimator's fuzzing found: reading
    // whether Black can capture White's b2 or a1 runs into lines of captures that bring
    // back earlier positions. The capture reader followed them 2,000 plays deep and
    // overflowed the stack of the server's worker thread, which aborted the server (this
    // test's process). Now the review is scored under every ruleset and the server
    // answers the next request.
    let s = server().await;
    let sgf = "(;GM[1]FF[4]SZ[3]KM[0.5];B[ab];W[bb];B[cb];W[ac])";
    let (st, r) = s
        .call("POST", "/api/review", None, Some(json!({"sgf": sgf})))
        .await;
    assert_eq!(st, 200, "{r}");
    assert_eq!(r["size"], 3);
    assert_eq!(r["comparison"]["rows"].as_array().unwrap().len(), 14);
    let (st, again) = s
        .call("POST", "/api/review", None, Some(json!({"sgf": TRIPLE_KO})))
        .await;
    assert_eq!(st, 200, "{again}");
}
