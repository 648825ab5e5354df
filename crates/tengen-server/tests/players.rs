//! What players expect of a Go server (issue 17): open challenges anyone may take, undo
//! requests, chat, and score estimates during play; each with who may act and its limits.

mod common;

use common::server;
use serde_json::{json, Value};

fn code(v: &Value) -> &str {
    v["error"]["code"].as_str().unwrap_or("")
}

// ---- Open challenges --------------------------------------------------------------------

/// A public game is listed until a stranger takes its open seat with one request; the
/// seat's secret is then the stranger's alone (the creator's invitation is spent), and a
/// second stranger is told the seat is taken. A private game is not listed and its seat
/// is not given away.
#[tokio::test]
async fn a_stranger_takes_the_open_seat_of_a_public_game() {
    let s = server().await;
    let public = s
        .create(json!({"size": 9, "public": true, "name": "Ann"}))
        .await;
    let private = s.create(json!({"size": 9})).await;
    s.join(&public.id, &public.black, json!({"type": "join"}))
        .await;
    let (st, open) = s.call("GET", "/api/games?status=open", None, None).await;
    assert_eq!(st, 200);
    let ids: Vec<&str> = open
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["id"].as_str().unwrap())
        .collect();
    assert_eq!(ids, [public.id.as_str()], "only the public game is listed");
    assert_eq!(open[0]["open_seat"], "white");
    assert_eq!(open[0]["ruleset_title"], "Japanese");

    let (st, e) = s
        .call(
            "POST",
            &format!("/api/games/{}/seat", private.id),
            None,
            Some(json!({})),
        )
        .await;
    assert_eq!((st, code(&e)), (403, "forbidden"), "{e}");

    let (st, taken) = s
        .call(
            "POST",
            &format!("/api/games/{}/seat", public.id),
            None,
            Some(json!({"name": "Cy"})),
        )
        .await;
    assert_eq!(st, 200, "{taken}");
    assert_eq!(taken["seat"], "white");
    assert_eq!(taken["game"]["phase"], "playing");
    assert_eq!(taken["game"]["players"]["white"]["name"], "Cy");
    let secret = taken["token"].as_str().unwrap().to_string();
    assert_ne!(secret, public.white, "a fresh secret, not the invitation");
    // The creator's invitation acts for nothing now; the stranger's secret plays.
    let (st, _) = s
        .try_act(&public.id, &public.white, json!({"type": "join"}))
        .await;
    assert_eq!(st, 401);
    s.act(
        &public.id,
        &public.black,
        json!({"type": "play", "point": "E5"}),
    )
    .await;
    s.act(&public.id, &secret, json!({"type": "play", "point": "C3"}))
        .await;
    // Taken: no second stranger gets it, and the lobby lists it no more.
    let (st, e) = s
        .call(
            "POST",
            &format!("/api/games/{}/seat", public.id),
            None,
            Some(json!({})),
        )
        .await;
    assert_eq!((st, code(&e)), (409, "seat_taken"), "{e}");
    let (_, open) = s.call("GET", "/api/games?status=open", None, None).await;
    assert_eq!(open, json!([]));
}

// ---- Undo ---------------------------------------------------------------------------------

/// Black asks to take back her move; White declines; Black may not ask again at once.
/// After White's move Black asks again and White accepts: both moves come back on the
/// board and in the record. Nobody answers their own request, and a spectator (no token)
/// nothing at all.
#[tokio::test]
async fn undo_requests_are_asked_and_answered_by_the_seats() {
    let s = server().await;
    let g = s.started(json!({"size": 9, "ruleset": "chinese"})).await;
    s.act(&g.id, &g.black, json!({"type": "play", "point": "E5"}))
        .await;
    let snap = s.act(&g.id, &g.black, json!({"type": "undo"})).await;
    assert_eq!(snap["undo"], json!({"by": "black", "moves": 1}));
    let (st, e) = s
        .try_act(&g.id, &g.black, json!({"type": "undo_accept"}))
        .await;
    assert_eq!((st, code(&e)), (403, "forbidden"), "{e}");
    let (st, e) = s
        .call(
            "POST",
            &format!("/api/games/{}/actions", g.id),
            None,
            Some(json!({"type": "undo_accept"})),
        )
        .await;
    assert_eq!((st, code(&e)), (401, "unauthorized"));
    let snap = s
        .act(&g.id, &g.white, json!({"type": "undo_decline"}))
        .await;
    assert_eq!(snap["undo"], Value::Null);
    assert_eq!(snap["notice"]["code"], "undo_declined");
    let (st, e) = s.try_act(&g.id, &g.black, json!({"type": "undo"})).await;
    assert_eq!((st, code(&e)), (409, "undo_declined"));

    s.act(&g.id, &g.white, json!({"type": "play", "point": "C3"}))
        .await;
    let snap = s.act(&g.id, &g.black, json!({"type": "undo"})).await;
    assert_eq!(snap["undo"]["moves"], 2);
    let snap = s.act(&g.id, &g.white, json!({"type": "undo_accept"})).await;
    assert_eq!(snap["moves"], json!([]));
    assert_eq!(snap["to_move"], "black");
    assert!(snap["board"]
        .as_array()
        .unwrap()
        .iter()
        .all(|r| r == "........."));
    assert_eq!(snap["notice"]["code"], "undone");
    let (_, sgf) = s
        .call("GET", &format!("/api/games/{}/sgf", g.id), None, None)
        .await;
    assert!(
        !sgf.as_str().unwrap().contains(";B["),
        "the record lost the moves: {sgf}"
    );
    let (st, e) = s.try_act(&g.id, &g.black, json!({"type": "undo"})).await;
    assert_eq!((st, code(&e)), (409, "nothing_to_undo"));
}

/// The bot lets its opponent take moves back at once. (The bot plays Black with komi
/// 0.5, so that it never thinks itself lost enough to resign.)
#[tokio::test]
async fn the_bot_accepts_undo_requests() {
    let s = server().await;
    let g = s
        .started(json!({"size": 9, "opponent": "bot", "bot_playouts": 100, "color": "white", "komi": 0.5}))
        .await;
    let moves = |v: &Value| v["moves"].as_array().map_or(0, Vec::len);
    let wait_for = |n: usize| {
        let s = &s;
        let id = g.id.clone();
        async move {
            for _ in 0..400 {
                let snap = s.game(&id).await;
                if moves(&snap) == n {
                    return snap;
                }
                tokio::time::sleep(std::time::Duration::from_millis(25)).await;
            }
            panic!("never {n} moves: {}", s.game(&id).await);
        }
    };
    wait_for(1).await;
    s.act(&g.id, &g.white, json!({"type": "play", "point": "C3"}))
        .await;
    let snap = wait_for(3).await;
    assert_eq!(snap["to_move"], "white");
    // White's C3 and the bot's answer come back.
    let asked = s.act(&g.id, &g.white, json!({"type": "undo"})).await;
    assert!(asked["phase"] == "playing", "{asked}");
    let snap = wait_for(1).await;
    assert_eq!(snap["notice"]["code"], "undone");
    assert_eq!(snap["moves"][0]["color"], "black");
}

// ---- Chat ---------------------------------------------------------------------------------

/// Players write, spectators read (in every snapshot); markup is kept as the text it is
/// (the page shows it as text), a message does not make the opponent's next action stale,
/// and the rate and size limits are the server's.
#[tokio::test]
async fn chat_is_stored_with_the_game_and_limited() {
    let s = server().await;
    let g = s.started(json!({"size": 9})).await;
    let seen = s.game(&g.id).await["seq"].as_i64().unwrap();
    let snap = s
        .act(
            &g.id,
            &g.white,
            json!({"type": "chat", "text": "<img src=x onerror=alert(1)> good luck"}),
        )
        .await;
    assert_eq!(
        snap["chat"][0]["text"],
        "<img src=x onerror=alert(1)> good luck"
    );
    assert_eq!(snap["chat"][0]["color"], "white");
    // Black's move based on the snapshot before the message is not stale.
    s.act(
        &g.id,
        &g.black,
        json!({"type": "play", "point": "E5", "seq": seen}),
    )
    .await;
    // A spectator reads it.
    let (_, public) = s
        .call("GET", &format!("/api/games/{}", g.id), None, None)
        .await;
    assert_eq!(public["chat"].as_array().unwrap().len(), 1);
    let (st, e) = s
        .call(
            "POST",
            &format!("/api/games/{}/actions", g.id),
            None,
            Some(json!({"type": "chat", "text": "hi"})),
        )
        .await;
    assert_eq!(
        (st, code(&e)),
        (401, "unauthorized"),
        "spectators do not write"
    );
    let (st, e) = s
        .try_act(
            &g.id,
            &g.black,
            json!({"type": "chat", "text": "x".repeat(301)}),
        )
        .await;
    assert_eq!((st, e["error"]["field"].as_str()), (400, Some("text")));
    for k in 0..5 {
        s.act(
            &g.id,
            &g.black,
            json!({"type": "chat", "text": format!("m{k}")}),
        )
        .await;
    }
    let (st, e) = s
        .try_act(
            &g.id,
            &g.black,
            json!({"type": "chat", "text": "one too many"}),
        )
        .await;
    assert_eq!((st, code(&e)), (429, "rate_limited"), "{e}");
    assert!(e["error"]["retry_after_ms"].as_u64().unwrap() > 0);
    // After the game, the players may still talk.
    s.act(&g.id, &g.white, json!({"type": "resign"})).await;
    let snap = s
        .act(&g.id, &g.white, json!({"type": "chat", "text": "thanks"}))
        .await;
    assert_eq!(snap["phase"], "finished");
    assert_eq!(snap["chat"].as_array().unwrap().len(), 7);
}

// ---- Score estimates ---------------------------------------------------------------------

/// An estimate is given only when both players allow it: the creator in the settings,
/// the other player by an action; then everyone watching may ask, during play only.
#[tokio::test]
async fn estimates_need_both_players_permission() {
    let s = server().await;
    let g = s.started(json!({"size": 9, "allow_estimate": true})).await;
    let path = format!("/api/games/{}/estimate", g.id);
    let snap = s.game(&g.id).await;
    assert_eq!(
        snap["estimate"],
        json!({"black": true, "white": false, "allowed": false})
    );
    let (st, e) = s.call("GET", &path, None, None).await;
    assert_eq!((st, code(&e)), (403, "forbidden"), "{e}");
    let snap = s
        .act(
            &g.id,
            &g.white,
            json!({"type": "allow_estimate", "allow": true}),
        )
        .await;
    assert_eq!(snap["estimate"]["allowed"], true);
    s.act(&g.id, &g.black, json!({"type": "play", "point": "E5"}))
        .await;
    let (st, est) = s.call("GET", &path, None, None).await;
    assert_eq!(st, 200, "{est}");
    assert_eq!(est["moves"], 1);
    let own = est["ownership"].as_array().unwrap();
    assert_eq!(own.len(), 81);
    // The lone black stone in the centre: its own point is Black's in every playout
    // where it lives, so the estimate leans to Black there.
    assert!(own[40].as_f64().unwrap() > 0.0, "{}", own[40]);
    // Black's lead: the ownership's sum less komi (6.5), to the half point.
    let sum: f64 = own.iter().map(|o| o.as_f64().unwrap()).sum();
    let lead = est["lead"].as_f64().unwrap();
    assert_eq!(lead * 2.0, (lead * 2.0).round());
    assert!((lead - (sum - 6.5)).abs() <= 0.5, "{lead} against {sum}");
    // A second request for the same position is the same answer.
    let (_, again) = s.call("GET", &path, None, None).await;
    assert_eq!(again, est);
    // White withdraws: no more estimates.
    s.act(
        &g.id,
        &g.white,
        json!({"type": "allow_estimate", "allow": false}),
    )
    .await;
    let (st, _) = s.call("GET", &path, None, None).await;
    assert_eq!(st, 403);
}

// ---- Saying what the rules are doing -------------------------------------------------------

/// After a rejection both players read who rejected and that play resumed (Chinese rules)
/// or that confirmation play settles it (Japanese rules); the notice goes with the next
/// move.
#[tokio::test]
async fn a_rejection_says_who_rejected_and_what_follows() {
    let s = server().await;
    for (ruleset, follows) in [
        ("chinese", "play resumed"),
        ("japanese", "confirmation play"),
    ] {
        let g = s.started(json!({"size": 5, "ruleset": ruleset})).await;
        s.act(&g.id, &g.black, json!({"type": "play", "point": "C3"}))
            .await;
        s.act(&g.id, &g.white, json!({"type": "pass"})).await;
        s.act(&g.id, &g.black, json!({"type": "pass"})).await;
        let snap = s.act(&g.id, &g.white, json!({"type": "reject"})).await;
        assert_eq!(snap["notice"]["code"], "rejected", "{ruleset}");
        let message = snap["notice"]["message"].as_str().unwrap();
        assert!(message.starts_with("White rejected the marks"), "{message}");
        assert!(message.contains(follows), "{ruleset}: {message}");
        if ruleset == "chinese" {
            // White, the opponent of the last passer, moves; the notice then goes.
            let snap = s
                .act(&g.id, &g.white, json!({"type": "play", "point": "A1"}))
                .await;
            assert_eq!(snap["notice"], Value::Null);
        }
    }
}
