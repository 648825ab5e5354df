//! `tengen serve` killed with SIGKILL and restarted: every acknowledged move, every clock
//! and every scoring state is back (issue 6, durability).

#[path = "common/serve.rs"]
mod serve;

use serde_json::json;
use serve::{start, temp_dir};
use std::sync::Arc;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn nothing_acknowledged_is_lost_after_kill_9() {
    let dir = temp_dir("durability");
    let db = dir.join("games.db").to_string_lossy().to_string();
    let node = start(&db);

    // A game with a clock, some moves in.
    let (clocked, cb, cw) = node
        .game(json!({"size": 9, "ruleset": "japanese", "time": "byoyomi:10m+3x30s"}))
        .await;
    for (t, p) in [(&cb, "C3"), (&cw, "G7"), (&cb, "C7"), (&cw, "G3")] {
        let (st, r) = node
            .act(&clocked, t, json!({"type": "play", "point": p}))
            .await;
        assert_eq!(st, 200, "{r}");
    }
    let before_clock = node.snapshot(&clocked).await["clock"].clone();

    // A game in its scoring phase, with marks and one acceptance.
    let (scored, sb, sw) = node
        .game(json!({"size": 5, "ruleset": "chinese", "komi": 0.5}))
        .await;
    for (t, p) in [
        (&sb, "C1"),
        (&sw, "D1"),
        (&sb, "C2"),
        (&sw, "D2"),
        (&sb, "C3"),
        (&sw, "D3"),
        (&sb, "C4"),
        (&sw, "D4"),
        (&sb, "C5"),
        (&sw, "D5"),
        (&sb, "pass"),
        (&sw, "A3"),
        (&sb, "pass"),
        (&sw, "pass"),
    ] {
        let (st, r) = node
            .act(&scored, t, json!({"type": "play", "point": p}))
            .await;
        assert_eq!(st, 200, "{r}");
    }
    let mut snap = node.snapshot(&scored).await;
    for _ in 0..100 {
        if snap["scoring"]["proposed"] == true {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        snap = node.snapshot(&scored).await;
    }
    node.act(
        &scored,
        &sb,
        json!({"type": "mark", "point": "A3", "dead": true}),
    )
    .await;
    let (_, r) = node.act(&scored, &sw, json!({"type": "accept"})).await;
    let scoring_before = r["game"]["scoring"].clone();
    assert_eq!(scoring_before["accepted"]["white"], true);

    // A game hammered with moves while the server is killed: every acknowledged move must
    // be there afterwards.
    let (busy, bb, bw) = node.game(json!({"size": 19, "ruleset": "chinese"})).await;
    let node = Arc::new(node);
    let hammer = {
        let node = node.clone();
        let busy = busy.clone();
        tokio::spawn(async move {
            let mut acked = Vec::new();
            let points: Vec<String> = (0..19)
                .flat_map(|y| (0..19).map(move |x| (x, y)))
                .map(|(x, y)| format!("{}{}", "ABCDEFGHJKLMNOPQRST".as_bytes()[x] as char, y + 1))
                .collect();
            for (i, p) in points.iter().enumerate() {
                let token = if i % 2 == 0 { &bb } else { &bw };
                let url = format!("{}/api/games/{busy}/actions", node.base);
                let r = node
                    .http
                    .post(&url)
                    .bearer_auth(token)
                    .json(&json!({"type": "play", "point": p}))
                    .send()
                    .await;
                match r {
                    Ok(resp) if resp.status() == 200 => acked.push(p.clone()),
                    _ => break,
                }
            }
            acked
        })
    };
    tokio::time::sleep(std::time::Duration::from_millis(150)).await;
    // SIGKILL in the middle of the stream of moves.
    let killed = std::process::Command::new("kill")
        .args(["-9", &node.child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let acked = hammer.await.unwrap();
    drop(node);
    eprintln!("{} moves acknowledged before the kill", acked.len());
    assert!(
        !acked.is_empty(),
        "some moves were acknowledged before the kill"
    );
    assert!(acked.len() < 361, "the kill came after the last move");

    let node = start(&db);
    // The busy game: every acknowledged move, in order (one more may have been stored
    // without its acknowledgement reaching the client).
    let snap = node.snapshot(&busy).await;
    let moves: Vec<String> = snap["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["point"].as_str().unwrap().to_string())
        .collect();
    assert!(
        moves.len() >= acked.len() && moves.len() <= acked.len() + 1,
        "{} stored, {} acked",
        moves.len(),
        acked.len()
    );
    assert_eq!(moves[..acked.len()], acked[..]);

    // The clocked game: same moves, same clocks (used time and periods), Black to move.
    let snap = node.snapshot(&clocked).await;
    assert_eq!(snap["move_number"], 4);
    assert_eq!(snap["to_move"], "black");
    let clock = &snap["clock"];
    for side in ["black", "white"] {
        assert_eq!(
            clock[side]["used_ms"], before_clock[side]["used_ms"],
            "{side}"
        );
        assert_eq!(
            clock[side]["periods_left"],
            before_clock[side]["periods_left"]
        );
    }
    assert_eq!(clock["running"], "black");
    // The scoring game: the marks and White's acceptance are back; Black's accept ends it.
    let snap = node.snapshot(&scored).await;
    assert_eq!(snap["phase"], "scoring");
    assert_eq!(snap["scoring"]["dead"], scoring_before["dead"]);
    assert_eq!(snap["scoring"]["accepted"], scoring_before["accepted"]);
    // The same deadline, or a later one if the restart took long enough to count as time
    // the server was down (which is charged to nobody).
    let deadline = |v: &serde_json::Value| v["deadline"].as_i64().unwrap();
    assert!(deadline(&snap["scoring"]) >= deadline(&scoring_before));
    let (st, r) = node.act(&scored, &sb, json!({"type": "accept"})).await;
    assert_eq!(st, 200, "{r}");
    assert_eq!(r["game"]["result"], "B+4.5");
    // Play goes on in the clocked game after the restart.
    let (st, r) = node
        .act(&clocked, &cb, json!({"type": "play", "point": "E5"}))
        .await;
    assert_eq!(st, 200, "{r}");
    drop(node);
    let _ = std::fs::remove_dir_all(dir);
}

/// A game of twenty seconds each: Black is to move when the server is killed; it stays
/// down for six seconds. After the restart Black has about as much time as before the
/// kill (the server's signs of life come every second, so at most a second or two of the
/// downtime may be charged), and a notice says how long the server was down.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_time_the_server_was_down_is_charged_to_nobody() {
    let dir = temp_dir("downtime");
    let db = dir.join("games.db").to_string_lossy().to_string();
    let node = start(&db);
    let (id, black, _white) = node.game(json!({"size": 9, "time": "absolute:20"})).await;
    let before = node.snapshot(&id).await["clock"]["black"]["flag_in_ms"]
        .as_i64()
        .unwrap();
    // Let a sign of life be stored after the game started.
    tokio::time::sleep(std::time::Duration::from_millis(1200)).await;
    node.kill9();
    tokio::time::sleep(std::time::Duration::from_secs(6)).await;
    let node = start(&db);
    let snap = node.snapshot(&id).await;
    assert_eq!(snap["phase"], "playing", "{snap}");
    let after = snap["clock"]["black"]["flag_in_ms"].as_i64().unwrap();
    eprintln!("Black had {before} ms before the kill, {after} ms after the restart");
    assert!(
        after > before - 4000,
        "{before} ms before, {after} ms after"
    );
    assert_eq!(snap["notice"]["code"], "downtime", "{snap}");
    let (st, r) = node
        .act(&id, &black, json!({"type": "play", "point": "E5"}))
        .await;
    assert_eq!(st, 200, "{r}");
    drop(node);
    let _ = std::fs::remove_dir_all(dir);
}
