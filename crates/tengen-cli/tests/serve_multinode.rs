//! Two `tengen serve` processes on one PostgreSQL: a move made through one reaches the
//! WebSocket viewers of the other at once; two moves at the same moment through both can
//! never both be accepted; a node's crash loses nothing (issue 6, several machines).
//!
//! The test starts a private PostgreSQL cluster (apt-get install postgresql) unless
//! `TENGEN_TEST_POSTGRES` names a server.

#[path = "common/serve.rs"]
mod serve;

use serde_json::json;
use serve::{postgres, start};
use std::time::{Duration, Instant};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_nodes_serve_the_same_games() {
    let pg = postgres("multinode");
    let a = start(&pg.url);
    let b = start(&pg.url);
    let (id, black, white) = a
        .game(json!({"size": 9, "ruleset": "chinese", "time": "absolute:30m"}))
        .await;

    // A move through A reaches B's viewers, and the other way round.
    let mut on_b = b.ws(&id).await;
    let mut on_a = a.ws(&id).await;
    let t = Instant::now();
    let (st, r) = a
        .act(&id, &black, json!({"type": "play", "point": "E5"}))
        .await;
    assert_eq!(st, 200, "{r}");
    let seq = r["seq"].as_i64().unwrap();
    let seen = on_b.state_at(seq).await;
    let latency = t.elapsed();
    assert_eq!(seen["board"][4], "....X....");
    assert!(
        latency < Duration::from_secs(2),
        "B saw the move after {latency:?}"
    );
    let (st, r) = b
        .act(&id, &white, json!({"type": "play", "point": "D5"}))
        .await;
    assert_eq!(st, 200, "{r}");
    let seen = on_a.state_at(r["seq"].as_i64().unwrap()).await;
    assert_eq!(seen["board"][4], "...OX....");
    assert_eq!(seen["clock"]["running"], "black");

    // Black sends a different move to each node at the same moment, twenty times: exactly
    // one is accepted each time, the other refused as White's turn (or stale).
    let mut accepted = 0;
    let columns = ["A", "B", "C", "F", "G", "H", "J"];
    for round in 0..20 {
        let row = 1 + round / columns.len();
        let col = round % columns.len();
        let (mover, other) = if round % 2 == 0 {
            (&black, &white)
        } else {
            (&white, &black)
        };
        let p = format!("{}{}", columns[col], row);
        let q = format!("{}{}", columns[col], row + 6);
        let (ra, rb) = tokio::join!(
            a.act(&id, mover, json!({"type": "play", "point": p})),
            b.act(&id, mover, json!({"type": "play", "point": q})),
        );
        let ok = [ra.0, rb.0].iter().filter(|&&s| s == 200).count();
        assert_eq!(ok, 1, "round {round}: {ra:?} {rb:?}");
        for r in [&ra, &rb] {
            if r.0 != 200 {
                let code = r.1["error"]["code"].as_str().unwrap_or("");
                assert!(["wrong_turn", "stale", "conflict"].contains(&code), "{r:?}");
            }
        }
        accepted += ok;
        let _ = other;
    }
    // Both nodes agree on every step.
    let sa = a.snapshot(&id).await;
    let sb = b.snapshot(&id).await;
    assert_eq!(sa["move_number"], 2 + accepted);
    assert_eq!(sa["seq"], sb["seq"]);
    assert_eq!(sa["board"], sb["board"]);
    assert_eq!(sa["moves"], sb["moves"]);

    // A dies; B goes on with the game and a new node sees everything.
    a.kill9();
    let mover = if sb["to_move"] == "black" {
        &black
    } else {
        &white
    };
    let (st, r) = b.act(&id, mover, json!({"type": "pass"})).await;
    assert_eq!(st, 200, "{r}");
    let c = start(&pg.url);
    let sc = c.snapshot(&id).await;
    assert_eq!(sc["seq"], r["seq"]);
    assert_eq!(sc["moves"].as_array().unwrap().len(), 3 + accepted);
    assert_eq!(sc["last_move"], "pass");
}
