//! The WebSocket: state on connecting and after every change, actions with acks and
//! errors, spectators, reconnection, limits (docs/protocol.md).

mod common;

use common::server;
use futures_util::{SinkExt, StreamExt};
use serde_json::json;
use tokio_tungstenite::tungstenite::Message;

#[tokio::test]
async fn the_state_comes_first_then_after_every_change_before_the_ack() {
    let s = server().await;
    let g = s.started(json!({"size": 9})).await;
    let mut ws = s.ws(&g.id, Some(&g.black)).await;
    let first = ws.next().await;
    assert_eq!(first["type"], "state");
    let seq = first["game"]["seq"].as_i64().unwrap();
    ws.send(json!({"id": 1, "type": "play", "point": "E5"}))
        .await;
    let state = ws.next().await;
    assert_eq!(state["type"], "state");
    assert_eq!(state["game"]["seq"], seq + 1);
    assert_eq!(state["game"]["board"][4], "....X....");
    let ack = ws.next().await;
    assert_eq!(ack, json!({"type": "ack", "id": 1, "seq": seq + 1}));
}

#[tokio::test]
async fn refusals_come_back_with_the_message_id() {
    let s = server().await;
    let g = s.started(json!({"size": 9})).await;
    let mut ws = s.ws(&g.id, Some(&g.white)).await;
    ws.next_of("state").await;
    ws.send(json!({"id": "a", "type": "play", "point": "E5"}))
        .await;
    let e = ws.next_of("error").await;
    assert_eq!(e["id"], "a");
    assert_eq!(e["error"]["code"], "wrong_turn");
    // A token in the message overrides the URL's.
    ws.send(json!({"id": "b", "token": g.black, "type": "play", "point": "E5"}))
        .await;
    assert_eq!(ws.next_of("ack").await["id"], "b");
    ws.send(json!({"id": "c", "token": "forged", "type": "pass"}))
        .await;
    assert_eq!(ws.next_of("error").await["error"]["code"], "unauthorized");
    ws.send(json!({"id": "d", "type": "play", "point": "E5"}))
        .await;
    let e = ws.next_of("error").await;
    assert_eq!(
        (e["id"].as_str(), e["error"]["rule"].as_str()),
        (Some("d"), Some("occupied"))
    );
    ws.send(json!({"id": "e", "type": "teleport"})).await;
    let e = ws.next_of("error").await;
    assert_eq!(
        (e["id"].as_str(), e["error"]["code"].as_str()),
        (Some("e"), Some("bad_request"))
    );
    ws.stream
        .send(Message::Text("{not json".into()))
        .await
        .unwrap();
    let e = ws.next_of("error").await;
    assert!(
        e["error"]["message"]
            .as_str()
            .unwrap()
            .contains("line 1 column 2"),
        "{e}"
    );
    ws.send(json!({"id": 9, "type": "ping"})).await;
    let pong = ws.next_of("pong").await;
    assert_eq!(pong["id"], 9);
    assert!(pong["server_time"].as_i64().unwrap() > 1_700_000_000_000);
}

#[tokio::test]
async fn spectators_see_every_move_and_the_end() {
    let s = server().await;
    let g = s.started(json!({"size": 9})).await;
    let mut watcher = s.ws(&g.id, None).await;
    watcher.next_of("state").await;
    s.play(&g, &["C3", "G7"]).await;
    let a = watcher.next_of("state").await;
    let b = watcher.next_of("state").await;
    assert_eq!(a["game"]["last_move"], "C3");
    assert_eq!(b["game"]["last_move"], "G7");
    // Without a token a spectator cannot act.
    watcher.send(json!({"id": 1, "type": "resign"})).await;
    assert_eq!(
        watcher.next_of("error").await["error"]["code"],
        "unauthorized"
    );
    s.act(&g.id, &g.black, json!({"type": "resign"})).await;
    let end = watcher.next_of("state").await;
    assert_eq!(end["game"]["result"], "W+R");
}

#[tokio::test]
async fn a_reconnecting_client_catches_up_from_the_first_message() {
    let s = server().await;
    let g = s.started(json!({"size": 9})).await;
    let mut ws = s.ws(&g.id, Some(&g.black)).await;
    ws.next_of("state").await;
    drop(ws);
    s.play(&g, &["C3", "G7", "D4"]).await;
    let mut ws = s.ws(&g.id, Some(&g.black)).await;
    let state = ws.next_of("state").await;
    assert_eq!(state["game"]["move_number"], 3);
    assert_eq!(state["game"]["to_move"], "white");
}

#[tokio::test]
async fn a_clock_running_out_is_broadcast() {
    let s = server().await;
    let g = s.started(json!({"size": 9, "time": "absolute:1"})).await;
    let mut ws = s.ws(&g.id, None).await;
    ws.next_of("state").await;
    let end = ws.next_of("state").await;
    assert_eq!(end["game"]["result"], "W+T");
}

#[tokio::test]
async fn too_many_messages_a_second_are_refused() {
    let s = server().await;
    let g = s.started(json!({"size": 9})).await;
    let mut ws = s.ws(&g.id, None).await;
    ws.next_of("state").await;
    for i in 0..40 {
        ws.send(json!({"id": i, "type": "ping"})).await;
    }
    let mut pongs = 0;
    let mut limited = 0;
    for _ in 0..40 {
        let m = ws.next().await;
        match m["type"].as_str() {
            Some("pong") => pongs += 1,
            Some("error") => {
                assert_eq!(m["error"]["code"], "rate_limited");
                assert!(m["error"]["retry_after_ms"].as_u64().unwrap() > 0);
                limited += 1;
            }
            other => panic!("unexpected {other:?}"),
        }
    }
    assert!((20..=25).contains(&pongs), "{pongs} pongs");
    assert_eq!(pongs + limited, 40);
}

#[tokio::test]
async fn an_oversized_message_closes_the_connection() {
    let s = server().await;
    let g = s.started(json!({"size": 9})).await;
    let mut ws = s.ws(&g.id, None).await;
    ws.next_of("state").await;
    let big = format!(
        "{{\"type\": \"ping\", \"pad\": \"{}\"}}",
        "x".repeat(20_000)
    );
    let _ = ws.stream.send(Message::Text(big.into())).await;
    let end = tokio::time::timeout(std::time::Duration::from_secs(5), async {
        loop {
            match ws.stream.next().await {
                None | Some(Err(_)) | Some(Ok(Message::Close(_))) => return true,
                Some(Ok(_)) => {}
            }
        }
    })
    .await;
    assert_eq!(end, Ok(true));
    // The server is still there.
    assert_eq!(s.game(&g.id).await["id"], g.id);
}

#[tokio::test]
async fn an_unknown_game_has_no_websocket() {
    let s = server().await;
    let url = format!("{}/api/games/nosuch/ws", s.base.replace("http://", "ws://"));
    let err = tokio_tungstenite::connect_async(url).await.unwrap_err();
    assert!(err.to_string().contains("404"), "{err}");
}
