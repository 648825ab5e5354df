//! The HTTP API: every operation and every refusal (docs/protocol.md).

mod common;

use common::{server, server_with};
use serde_json::json;
use tengen_server::Limits;

/// B D5, W E5, B C4, W F4, B D3, W E3, B E4: a ko; W D4 then takes it (move 8).
const KO: [&str; 8] = ["D5", "E5", "C4", "F4", "D3", "E3", "E4", "D4"];

#[tokio::test]
async fn a_game_is_created_with_its_settings_and_two_seat_links() {
    let s = server().await;
    let g = s
        .create(json!({"size": 9, "ruleset": "AGA", "komi": 0.5, "time": "fischer:5m+10s", "color": "white", "name": "Ann"}))
        .await;
    let r = &g.reply;
    assert_eq!(r["color"], "white");
    assert_eq!(
        r["seats"]["black"]["link"],
        format!("/game/{}?seat=black&token={}", g.id, g.black)
    );
    assert_ne!(g.black, g.white);
    assert_eq!(g.black.len(), 32);
    assert_eq!(r["spectate"], format!("/game/{}", g.id));
    let game = &r["game"];
    assert_eq!(game["ruleset"], "aga");
    assert_eq!(game["komi"], 0.5);
    assert_eq!(game["rules"]["end"], "white-passes-last");
    assert_eq!(game["phase"], "waiting");
    assert_eq!(game["clock"]["control"], "fischer:300+10");
    assert_eq!(game["board"].as_array().unwrap().len(), 9);
    // The snapshot is also what GET returns.
    assert_eq!(s.game(&g.id).await["id"], g.id);
}

#[tokio::test]
async fn fixed_handicap_stones_are_placed_and_white_moves_first() {
    let s = server().await;
    let g = s
        .started(json!({"size": 9, "ruleset": "japanese", "handicap": 2, "komi": 0.5}))
        .await;
    let snap = s.game(&g.id).await;
    assert_eq!(snap["to_move"], "white");
    let stones: usize = snap["board"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r.as_str().unwrap().matches('X').count())
        .sum();
    assert_eq!(stones, 2);
}

#[tokio::test]
async fn free_handicap_is_placed_by_black_first() {
    let s = server().await;
    let g = s
        .started(json!({"size": 9, "ruleset": "chinese", "handicap": 3}))
        .await;
    assert_eq!(s.game(&g.id).await["phase"], "placing");
    let (st, e) = s
        .try_act(&g.id, &g.black, json!({"type": "play", "point": "E5"}))
        .await;
    assert_eq!(
        (st, e["error"]["code"].as_str()),
        (409, Some("wrong_phase"))
    );
    let (st, e) = s
        .try_act(
            &g.id,
            &g.white,
            json!({"type": "place_handicap", "points": ["C3", "G7", "E5"]}),
        )
        .await;
    assert_eq!((st, e["error"]["code"].as_str()), (409, Some("wrong_turn")));
    let (st, e) = s
        .try_act(
            &g.id,
            &g.black,
            json!({"type": "place_handicap", "points": ["C3", "G7"]}),
        )
        .await;
    assert_eq!((st, e["error"]["field"].as_str()), (400, Some("points")));
    let snap = s
        .act(
            &g.id,
            &g.black,
            json!({"type": "place_handicap", "points": ["C3", "G7", "E5"]}),
        )
        .await;
    assert_eq!(snap["phase"], "playing");
    assert_eq!(snap["to_move"], "white");
    assert_eq!(snap["board"][4], "....X....");
}

#[tokio::test]
async fn bad_create_requests_name_the_field() {
    let s = server().await;
    for (body, field) in [
        (json!({"size": 1}), "size"),
        (json!({"ruleset": "checkers"}), "ruleset"),
        (json!({"komi": 6.3}), "komi"),
        (json!({"time": "byoyomi:forever"}), "time"),
        (json!({"opponent": "alien"}), "opponent"),
        (json!({"overrides": {"ko": "never"}}), "overrides.ko"),
    ] {
        let (status, e) = s.call("POST", "/api/games", None, Some(body.clone())).await;
        assert_eq!(status, 400, "{body}");
        assert_eq!(e["error"]["code"], "bad_request");
        assert_eq!(e["error"]["field"], field, "{body}: {e}");
    }
    let (status, e) = s
        .call("POST", "/api/games", None, Some(json!({"sizes": 9})))
        .await;
    assert_eq!(status, 400);
    assert!(
        e["error"]["message"]
            .as_str()
            .unwrap()
            .contains("unknown field"),
        "{e}"
    );
}

#[tokio::test]
async fn malformed_and_oversized_bodies_get_json_errors() {
    let s = server().await;
    let url = format!("{}/api/games", s.base);
    let resp = s
        .http
        .post(&url)
        .header("content-type", "application/json")
        .body("{\"size\": 9,\n  oops}")
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status(), 400);
    let e: serde_json::Value = resp.json().await.unwrap();
    assert!(
        e["error"]["message"]
            .as_str()
            .unwrap()
            .contains("line 2 column 3"),
        "{e}"
    );
    let big = format!("{{\"name\": \"{}\"}}", "x".repeat(100_000));
    let resp = s
        .http
        .post(&url)
        .header("content-type", "application/json")
        .body(big)
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status(), 413);
    let e: serde_json::Value = resp.json().await.unwrap();
    assert_eq!(e["error"]["code"], "too_large");
    let (status, e) = s.call("GET", "/api/nothing/here", None, None).await;
    assert_eq!(
        (status, e["error"]["code"].as_str()),
        (404, Some("not_found"))
    );
    let (status, e) = s.call("GET", "/api/games/nosuchgame", None, None).await;
    assert_eq!(
        (status, e["error"]["code"].as_str()),
        (404, Some("not_found"))
    );
    let (status, e) = s.call("GET", "/api/games?status=lost", None, None).await;
    assert_eq!(
        (status, e["error"]["field"].as_str()),
        (400, Some("status"))
    );
}

#[tokio::test]
async fn a_client_may_have_only_so_many_open_games() {
    let limits = Limits {
        open_games_per_client: 2,
        ..Limits::default()
    };
    let s = server_with(limits, "sqlite::memory:").await;
    let a = s.started(json!({"size": 9})).await;
    s.create(json!({"size": 9})).await;
    let (status, e) = s
        .call("POST", "/api/games", None, Some(json!({"size": 9})))
        .await;
    assert_eq!(
        (status, e["error"]["code"].as_str()),
        (429, Some("too_many_games"))
    );
    // Finishing one frees a place.
    s.act(&a.id, &a.black, json!({"type": "resign"})).await;
    s.create(json!({"size": 9})).await;
}

#[tokio::test]
async fn only_a_seats_token_acts_for_it() {
    let s = server().await;
    let g = s.started(json!({"size": 9})).await;
    let (st, e) = s
        .call(
            "POST",
            &format!("/api/games/{}/actions", g.id),
            None,
            Some(json!({"type": "pass"})),
        )
        .await;
    assert_eq!(
        (st, e["error"]["code"].as_str()),
        (401, Some("unauthorized"))
    );
    let (st, e) = s
        .try_act(&g.id, "not-a-token", json!({"type": "resign"}))
        .await;
    assert_eq!(
        (st, e["error"]["code"].as_str()),
        (401, Some("unauthorized"))
    );
    // White's token cannot move for Black.
    let (st, e) = s
        .try_act(&g.id, &g.white, json!({"type": "play", "point": "E5"}))
        .await;
    assert_eq!((st, e["error"]["code"].as_str()), (409, Some("wrong_turn")));
    assert_eq!(s.game(&g.id).await["move_number"], 0);
}

#[tokio::test]
async fn nothing_is_played_until_both_seats_are_taken() {
    let s = server().await;
    let g = s.create(json!({"size": 9, "time": "absolute:10m"})).await;
    s.act(&g.id, &g.black, json!({"type": "join", "name": "Ann"}))
        .await;
    let (st, e) = s
        .try_act(&g.id, &g.black, json!({"type": "play", "point": "E5"}))
        .await;
    assert_eq!(
        (st, e["error"]["code"].as_str()),
        (409, Some("wrong_phase"))
    );
    assert_eq!(
        s.game(&g.id).await["clock"]["running"],
        serde_json::Value::Null
    );
    let snap = s
        .act(&g.id, &g.white, json!({"type": "join", "name": "Bob"}))
        .await;
    assert_eq!(snap["phase"], "playing");
    assert_eq!(snap["players"]["black"]["name"], "Ann");
    assert_eq!(snap["players"]["white"]["joined"], true);
    assert_eq!(snap["clock"]["running"], "black");
}

#[tokio::test]
async fn moves_capture_and_a_ko_retake_is_refused_with_its_rule_and_move() {
    let s = server().await;
    let g = s.started(json!({"size": 9, "ruleset": "japanese"})).await;
    let snap = s.play(&g, &KO).await;
    assert_eq!(snap["prisoners"]["white"], 1);
    assert_eq!(snap["moves"][7]["captures"], json!(["E4"]));
    assert_eq!(snap["last_move"], "D4");
    assert_eq!(snap["ko"], "E4");
    let (st, e) = s
        .try_act(&g.id, &g.black, json!({"type": "play", "point": "E4"}))
        .await;
    assert_eq!(st, 422, "{e}");
    let e = &e["error"];
    assert_eq!(e["code"], "illegal_move");
    assert_eq!(e["rule"], "ko");
    assert_eq!(e["point"], "E4");
    assert_eq!(e["earlier_move"], 7);
    assert!(e["message"].as_str().unwrap().contains("move 7"), "{e}");
    // Elsewhere is fine, then the ko may be taken back.
    s.play(&g, &["J9", "J1"]).await;
    let snap = s.play(&g, &["E4"]).await;
    assert_eq!(snap["prisoners"]["black"], 1);
}

#[tokio::test]
async fn superko_and_suicide_refusals_name_their_rules() {
    let s = server().await;
    let g = s.started(json!({"size": 9, "ruleset": "chinese"})).await;
    s.play(&g, &KO).await;
    let (_, e) = s
        .try_act(&g.id, &g.black, json!({"type": "play", "point": "E4"}))
        .await;
    assert_eq!(e["error"]["rule"], "positional superko");
    // Black closes the corner J9; a white stone there would take its own last liberty.
    s.play(&g, &["H9", "A1", "J8", "B1", "E9"]).await;
    let (st, e) = s
        .try_act(&g.id, &g.white, json!({"type": "play", "point": "J9"}))
        .await;
    assert_eq!(
        (st, e["error"]["rule"].as_str()),
        (422, Some("suicide")),
        "{e}"
    );
    let (st, e) = s
        .try_act(&g.id, &g.white, json!({"type": "play", "point": "Z1"}))
        .await;
    assert_eq!((st, e["error"]["field"].as_str()), (400, Some("point")));
    let (_, e) = s
        .try_act(&g.id, &g.white, json!({"type": "play", "point": "H9"}))
        .await;
    assert_eq!(e["error"]["rule"], "occupied");
}

#[tokio::test]
async fn a_stale_seq_is_refused() {
    let s = server().await;
    let g = s.started(json!({"size": 9})).await;
    let seq = s.game(&g.id).await["seq"].as_i64().unwrap();
    s.act(
        &g.id,
        &g.black,
        json!({"type": "play", "point": "E5", "seq": seq}),
    )
    .await;
    let (st, e) = s
        .try_act(
            &g.id,
            &g.white,
            json!({"type": "play", "point": "D5", "seq": seq}),
        )
        .await;
    assert_eq!((st, e["error"]["code"].as_str()), (409, Some("stale")));
    assert_eq!(e["error"]["seq"], seq + 1);
}

#[tokio::test]
async fn after_resignation_the_game_is_over() {
    let s = server().await;
    let g = s.started(json!({"size": 9})).await;
    let snap = s.act(&g.id, &g.black, json!({"type": "resign"})).await;
    assert_eq!(snap["phase"], "finished");
    assert_eq!(snap["result"], "W+R");
    assert_eq!(snap["end"], "resignation");
    for (token, action) in [
        (&g.white, json!({"type": "play", "point": "E5"})),
        (&g.black, json!({"type": "resign"})),
        (&g.white, json!({"type": "accept"})),
    ] {
        let (st, e) = s.try_act(&g.id, token, action).await;
        assert_eq!((st, e["error"]["code"].as_str()), (409, Some("game_over")));
    }
    let (st, list) = s
        .call("GET", "/api/games?status=finished", None, None)
        .await;
    assert_eq!(st, 200);
    assert_eq!(list[0]["id"], g.id);
    assert_eq!(list[0]["result"], "W+R");
    let (_, sgf) = s
        .call("GET", &format!("/api/games/{}/sgf", g.id), None, None)
        .await;
    assert!(sgf.as_str().unwrap().contains("RE[W+R]"), "{sgf}");
}

/// Plays a small Chinese game to two passes: Black walls off the left, White the right,
/// and a lone White stone sits dead in Black's area.
async fn to_scoring(s: &common::Server, ruleset: &str) -> common::Created {
    let g = s
        .started(json!({"size": 5, "ruleset": ruleset, "komi": 0.5}))
        .await;
    s.play(
        &g,
        &[
            "C1", "D1", "C2", "D2", "C3", "D3", "C4", "D4", "C5", "D5", "pass", "A3", "pass",
            "pass",
        ],
    )
    .await;
    // The server proposes the estimator's dead stones right after the passes.
    s.wait_for(&g.id, 10, |v| v["scoring"]["proposed"] == true)
        .await;
    g
}

#[tokio::test]
async fn scoring_marks_accept_and_finish() {
    let s = server().await;
    let g = to_scoring(&s, "chinese").await;
    assert_eq!(s.game(&g.id).await["phase"], "scoring");
    // Moves are refused while scoring.
    let (st, e) = s
        .try_act(&g.id, &g.black, json!({"type": "play", "point": "B2"}))
        .await;
    assert_eq!(
        (st, e["error"]["code"].as_str()),
        (409, Some("wrong_phase"))
    );
    // Whatever was proposed: mark the white stone dead, the black wall alive.
    s.act(
        &g.id,
        &g.black,
        json!({"type": "mark", "point": "C3", "dead": false}),
    )
    .await;
    let snap = s
        .act(
            &g.id,
            &g.black,
            json!({"type": "mark", "point": "A3", "dead": true}),
        )
        .await;
    let marks_seq = snap["scoring"]["marks_seq"].as_i64().unwrap();
    assert_eq!(snap["scoring"]["dead"], json!(["A3"]));
    assert_eq!(snap["scoring"]["score"]["result"], "B+4.5");
    s.act(
        &g.id,
        &g.white,
        json!({"type": "accept", "marks_seq": marks_seq}),
    )
    .await;
    // Black toggles the stone alive and back: acceptances are cleared, the old marks are stale.
    s.act(&g.id, &g.black, json!({"type": "mark", "point": "A3"}))
        .await;
    let snap = s
        .act(&g.id, &g.black, json!({"type": "mark", "point": "A3"}))
        .await;
    assert_eq!(
        snap["scoring"]["accepted"],
        json!({"black": false, "white": false})
    );
    let (st, e) = s
        .try_act(
            &g.id,
            &g.white,
            json!({"type": "accept", "marks_seq": marks_seq}),
        )
        .await;
    assert_eq!(
        (st, e["error"]["code"].as_str()),
        (409, Some("stale")),
        "{e}"
    );
    let now = snap["scoring"]["marks_seq"].as_i64().unwrap();
    s.act(&g.id, &g.white, json!({"type": "accept", "marks_seq": now}))
        .await;
    let snap = s
        .act(&g.id, &g.black, json!({"type": "accept", "marks_seq": now}))
        .await;
    assert_eq!(snap["phase"], "finished");
    assert_eq!(snap["result"], "B+4.5");
    assert_eq!(snap["score"]["black"]["stones"], 5);
    assert_eq!(snap["score"]["black"]["territory"], 10);
    assert_eq!(snap["score"]["white"]["komi"], 0.5);
    let (_, sgf) = s
        .call("GET", &format!("/api/games/{}/sgf", g.id), None, None)
        .await;
    let sgf = sgf.as_str().unwrap();
    for prop in ["RU[Chinese]", "KM[0.5]", "RE[B+4.5]", "SZ[5]", "TB["] {
        assert!(sgf.contains(prop), "{prop} missing in {sgf}");
    }
}

#[tokio::test]
async fn rejecting_resumes_play_under_chinese_rules() {
    let s = server().await;
    let g = to_scoring(&s, "chinese").await;
    let snap = s.act(&g.id, &g.white, json!({"type": "reject"})).await;
    assert_eq!(snap["phase"], "playing");
    assert_eq!(snap["resumptions"], 1);
    // The last pass was White's: Black moves.
    assert_eq!(snap["to_move"], "black");
    s.play(&g, &["B3", "pass", "pass"]).await;
    assert_eq!(s.game(&g.id).await["phase"], "scoring");
}

#[tokio::test]
async fn wmsg_resumes_once_then_scores_as_it_stands() {
    let s = server().await;
    let g = to_scoring(&s, "wmsg").await;
    s.act(&g.id, &g.black, json!({"type": "reject"})).await;
    let snap = s.play(&g, &["pass", "pass"]).await;
    assert_eq!(snap["phase"], "finished");
    // Every stone counts as alive: the white stone makes Black's side neutral.
    assert_eq!(snap["result"], "W+6.5");
}

#[tokio::test]
async fn japanese_disputes_go_to_confirmation_play() {
    let s = server().await;
    let g = to_scoring(&s, "japanese").await;
    let snap = s.act(&g.id, &g.black, json!({"type": "reject"})).await;
    assert_eq!(snap["phase"], "confirming");
    assert_eq!(snap["confirming"]["to_move"], "black");
    // Black captures the stone in the sandbox; then both pass.
    let snap = s
        .play(&g, &["A2", "pass", "A4", "pass", "B3", "pass", "pass"])
        .await;
    assert_eq!(snap["phase"], "finished", "{snap}");
    // The real board is as it was; the stone was found dead.
    assert_eq!(snap["board"][2], "O.XO.");
    assert_eq!(snap["score"]["dead"], json!(["A3"]));
}

#[tokio::test]
async fn the_scoring_time_limit_lets_the_marks_stand() {
    let s = server().await;
    let g = s
        .started(json!({"size": 5, "ruleset": "chinese", "komi": 0.5, "scoring_time_limit": 1}))
        .await;
    s.play(
        &g,
        &[
            "C1", "D1", "C2", "D2", "C3", "D3", "C4", "D4", "C5", "D5", "pass", "pass",
        ],
    )
    .await;
    let snap = s.wait_for(&g.id, 10, |v| v["phase"] == "finished").await;
    // Black 5 stones + 10 points, White 5 + 5 + 0.5 komi.
    assert_eq!(snap["result"], "B+4.5");
    assert_eq!(snap["end"], "passes");
}

#[tokio::test]
async fn a_player_who_runs_out_of_time_loses_without_anyone_acting() {
    let s = server().await;
    let g = s.started(json!({"size": 9, "time": "absolute:1"})).await;
    let snap = s.game(&g.id).await;
    assert!(snap["clock"]["black"]["flag_in_ms"].as_i64().unwrap() <= 1000);
    let snap = s.wait_for(&g.id, 10, |v| v["phase"] == "finished").await;
    assert_eq!(snap["result"], "W+T");
    assert_eq!(snap["end"], "time");
    assert_eq!(snap["clock"]["black"]["flagged"], true);
}

#[tokio::test]
async fn byo_yomi_periods_are_counted_by_the_server() {
    let s = server().await;
    let g = s.started(json!({"size": 9, "time": "byoyomi:1+2x1"})).await;
    // One second of main time, one period overrun, and into the second.
    tokio::time::sleep(std::time::Duration::from_millis(2300)).await;
    let snap = s.play(&g, &["E5"]).await;
    let black = &snap["clock"]["black"];
    assert_eq!(black["periods_left"], 1, "{black}");
    assert!(snap["moves"][0]["time_ms"].as_u64().unwrap() >= 2300);
}

#[tokio::test]
async fn the_bot_answers_moves() {
    let s = server().await;
    let g = s
        .started(json!({"size": 9, "ruleset": "chinese", "opponent": "bot", "bot_playouts": 100}))
        .await;
    assert!(g.reply["seats"]["white"].is_null());
    let snap = s.game(&g.id).await;
    assert_eq!(snap["players"]["white"]["bot"], true);
    assert_eq!(snap["phase"], "playing");
    s.act(&g.id, &g.black, json!({"type": "play", "point": "E5"}))
        .await;
    let snap = s.wait_for(&g.id, 20, |v| v["move_number"] == 2).await;
    assert_eq!(snap["to_move"], "black");
    assert_eq!(snap["moves"][1]["color"], "white");
}

#[tokio::test]
async fn the_lobby_lists_active_games_and_the_rulesets() {
    let s = server().await;
    let g = s.started(json!({"size": 13, "ruleset": "korean"})).await;
    let (_, list) = s
        .call("GET", "/api/games?status=active&limit=10", None, None)
        .await;
    let line = list
        .as_array()
        .unwrap()
        .iter()
        .find(|l| l["id"] == g.id)
        .unwrap();
    assert_eq!(line["ruleset"], "korean");
    assert_eq!(line["size"], 13);
    let (_, rulesets) = s.call("GET", "/api/rulesets", None, None).await;
    let rulesets = rulesets.as_array().unwrap();
    assert_eq!(rulesets.len(), 14);
    assert!(rulesets
        .iter()
        .all(|r| r["summary"].as_str().unwrap().len() > 20));
    let (st, doc) = s.call("GET", "/api/openapi.json", None, None).await;
    assert_eq!(st, 200);
    assert_eq!(doc["openapi"], "3.0.3");
}

#[tokio::test]
async fn finished_games_nobody_watches_leave_memory_and_come_back_on_demand() {
    let s = common::server().await;
    let g = s.started(json!({"size": 9})).await;
    s.play(&g, &["E5"]).await;
    s.act(&g.id, &g.white, json!({"type": "resign"})).await;
    let (_, health) = s.call("GET", "/api/health", None, None).await;
    assert_eq!(health["games_loaded"], 1);
    // Watched, it stays.
    let ws = s.ws(&g.id, None).await;
    assert_eq!(s.app.evict_finished(), 0);
    drop(ws);
    tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    assert_eq!(s.app.evict_finished(), 1);
    assert_eq!(s.app.loaded(), 0);
    let snap = s.game(&g.id).await;
    assert_eq!(snap["result"], "B+R");
    assert_eq!(snap["moves"][0]["point"], "E5");
}

#[tokio::test]
async fn the_bot_places_a_free_handicap_as_black() {
    let s = common::server().await;
    let g = s
        .started(json!({"size": 9, "ruleset": "chinese", "handicap": 2, "color": "white", "opponent": "bot", "bot_playouts": 100}))
        .await;
    let snap = s.wait_for(&g.id, 10, |v| v["phase"] == "playing").await;
    assert_eq!(snap["to_move"], "white");
    assert_eq!(snap["board"][2], "......X..");
    assert_eq!(snap["board"][6], "..X......");
}
