//! The server safe against its players and its faults (issue 18): one test per finding of
//! the adversarial review, each failing on the server as it was.

mod common;

use common::{server, server_with, Created};
use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use std::path::PathBuf;
use std::time::{Duration, Instant};
use tengen_server::{Config, Limits};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio_tungstenite::tungstenite::Message;

/// A fresh directory for a test's database files.
fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tengen-safety-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Limits without the per-client request rate and connection cap, for tests that make
/// many requests on purpose.
fn unthrottled() -> Limits {
    Limits {
        http_requests_per_second: 0,
        connections_per_client: 0,
        ..Limits::default()
    }
}

fn code(v: &Value) -> &str {
    v["error"]["code"].as_str().unwrap_or("")
}

// ---- 1. Who may act: the invitation --------------------------------------------------------

/// The creator gets Black's secret and White's invitation. Bob's join exchanges the
/// invitation for a fresh secret; from then on the invitation (which the creator saw)
/// acts for nothing: no move, pass, resignation, rename, mark or acceptance.
#[tokio::test]
async fn an_invitation_is_exchanged_for_a_fresh_secret_and_then_acts_for_nothing() {
    let s = server().await;
    let g = s
        .create(json!({"size": 5, "ruleset": "chinese", "komi": 0.5}))
        .await;
    assert_eq!(g.reply["seats"]["white"]["invitation"], true);
    assert_eq!(g.reply["seats"]["black"]["invitation"], false);
    let invite = g.white.clone();
    // Before the join the invitation only takes the seat.
    let (st, e) = s.try_act(&g.id, &invite, json!({"type": "resign"})).await;
    assert_eq!((st, code(&e)), (401, "unauthorized"), "{e}");
    let black = s
        .join(&g.id, &g.black, json!({"type": "join", "name": "Ann"}))
        .await;
    assert_eq!(black, g.black, "the creator's seat keeps its secret");
    let (st, r) = s
        .try_act(&g.id, &invite, json!({"type": "join", "name": "Bob"}))
        .await;
    assert_eq!(st, 200, "{r}");
    let white = r["token"].as_str().unwrap().to_string();
    assert_ne!(white, invite);
    assert_eq!(white.len(), 32);
    assert_eq!(r["game"]["players"]["white"]["name"], "Bob");
    // The invitation now acts for nothing, in every phase.
    let spent = |action: Value| {
        let s = &s;
        let id = g.id.clone();
        let invite = invite.clone();
        async move {
            let (st, e) = s.try_act(&id, &invite, action.clone()).await;
            assert_eq!((st, code(&e)), (401, "unauthorized"), "{action}: {e}");
            assert!(
                e["error"]["message"].as_str().unwrap().contains("used"),
                "{e}"
            );
        }
    };
    spent(json!({"type": "join", "name": "Mallory"})).await;
    s.act(&g.id, &black, json!({"type": "play", "point": "C3"}))
        .await;
    for action in [
        json!({"type": "play", "point": "D3"}),
        json!({"type": "pass"}),
        json!({"type": "resign"}),
    ] {
        spent(action).await;
    }
    // White's own secret plays; the game reaches counting.
    s.act(&g.id, &white, json!({"type": "pass"})).await;
    s.act(&g.id, &black, json!({"type": "pass"})).await;
    s.wait_for(&g.id, 10, |v| v["scoring"]["proposed"] == true)
        .await;
    for action in [
        json!({"type": "mark", "point": "C3", "dead": true}),
        json!({"type": "accept"}),
        json!({"type": "reject"}),
    ] {
        spent(action).await;
    }
    let snap = s.game(&g.id).await;
    assert_eq!(snap["players"]["white"]["name"], "Bob");
    assert_eq!(snap["phase"], "scoring");
    s.act(&g.id, &white, json!({"type": "accept"})).await;
}

/// Over the WebSocket, a join with the invitation in the socket's address acknowledges
/// with the fresh secret, and the same socket then acts with it.
#[tokio::test]
async fn a_websocket_that_joins_with_an_invitation_acts_with_the_new_secret() {
    let s = server().await;
    let g = s.create(json!({"size": 9})).await;
    s.join(&g.id, &g.black, json!({"type": "join"})).await;
    let mut ws = s.ws(&g.id, Some(&g.white)).await;
    ws.next_of("state").await;
    ws.send(json!({"id": 1, "type": "join", "name": "Bob"}))
        .await;
    let ack = ws.next_of("ack").await;
    let secret = ack["token"].as_str().unwrap().to_string();
    assert_ne!(secret, g.white);
    s.act(&g.id, &g.black, json!({"type": "play", "point": "E5"}))
        .await;
    ws.send(json!({"id": 2, "type": "play", "point": "D5"}))
        .await;
    assert_eq!(ws.next_of("ack").await["id"], 2);
    let (st, _) = s.try_act(&g.id, &g.white, json!({"type": "pass"})).await;
    assert_eq!(st, 401);
    let (st, _) = s.try_act(&g.id, &secret, json!({"type": "pass"})).await;
    assert_eq!(st, 409, "Black's turn: the secret is White's");
}

// ---- 2. The shipped page ---------------------------------------------------------------

/// The web board's directory as shipped: its pages, scripts and styles are served with
/// the security headers; its tests, package files and notes are not served at all.
#[tokio::test]
async fn only_the_pages_own_files_are_served_with_the_security_headers() {
    let web = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../web"));
    let config = Config {
        addr: "127.0.0.1:0".into(),
        database: "sqlite::memory:".into(),
        web_dir: Some(web),
        limits: Limits::default(),
    };
    let (started, serve) = tengen_server::start(config).await.unwrap();
    tokio::spawn(serve);
    let base = format!("http://{}", started.addr);
    let http = reqwest::Client::new();
    for path in [
        "/",
        "/game/abc",
        "/js/game.js",
        "/css/base.css",
        "/favicon.svg",
        "/api/rulesets",
    ] {
        let r = http.get(format!("{base}{path}")).send().await.unwrap();
        assert_eq!(r.status(), 200, "{path}");
        let h = r.headers();
        let csp = h["content-security-policy"].to_str().unwrap();
        assert!(csp.contains("script-src 'self'"), "{path}: {csp}");
        assert!(csp.contains("frame-ancestors 'none'"), "{path}: {csp}");
        assert_eq!(h["x-content-type-options"], "nosniff", "{path}");
        assert_eq!(h["referrer-policy"], "no-referrer", "{path}");
    }
    for path in [
        "/package.json",
        "/package-lock.json",
        "/tests/e2e.mjs",
        "/tests/fixtures/finished.json",
        "/README.md",
        "/node_modules/playwright-core/package.json",
        "/js/../package.json",
        "/game.html",
    ] {
        let r = http.get(format!("{base}{path}")).send().await.unwrap();
        assert_eq!(r.status(), 404, "{path} must not be served");
        assert!(r.headers().contains_key("content-security-policy"));
    }
}

// ---- 3. Requests from other sites, names ------------------------------------------------

/// A request that changes something needs a JSON body, and a browser page of another
/// site may not make one (nor open a game's socket); this site's own page may.
#[tokio::test]
async fn changes_need_json_and_this_sites_origin() {
    let s = server().await;
    let body = r#"{"size": 9}"#;
    let (st, e) = s
        .raw(
            "POST",
            "/api/games",
            &[("content-type", "text/plain")],
            body,
        )
        .await;
    assert_eq!((st, code(&e)), (415, "unsupported_media_type"), "{e}");
    let form = [("content-type", "application/x-www-form-urlencoded")];
    let (st, _) = s.raw("POST", "/api/games", &form, "size=9").await;
    assert_eq!(st, 415);
    let host = s.base.trim_start_matches("http://").to_string();
    let evil = [
        ("content-type", "application/json"),
        ("origin", "http://evil.example"),
    ];
    let (st, e) = s.raw("POST", "/api/games", &evil, body).await;
    assert_eq!((st, code(&e)), (403, "forbidden_origin"), "{e}");
    let own = format!("http://{host}");
    let mine = [
        ("content-type", "application/json"),
        ("origin", own.as_str()),
    ];
    let (st, r) = s.raw("POST", "/api/games", &mine, body).await;
    assert_eq!(st, 201, "{r}");
    // An action too.
    let id = r["id"].as_str().unwrap();
    let auth = format!("Bearer {}", r["seats"]["black"]["token"].as_str().unwrap());
    let headers = [
        ("content-type", "application/json"),
        ("origin", "http://evil.example"),
        ("authorization", auth.as_str()),
    ];
    let (st, _) = s
        .raw(
            "POST",
            &format!("/api/games/{id}/actions"),
            &headers,
            r#"{"type": "join"}"#,
        )
        .await;
    assert_eq!(st, 403);
    // The socket of a game, opened from another site's page.
    use tokio_tungstenite::tungstenite::client::IntoClientRequest;
    let url = format!("{}/api/games/{id}/ws", s.base.replace("http://", "ws://"));
    let mut req = url.clone().into_client_request().unwrap();
    req.headers_mut()
        .insert("origin", "http://evil.example".parse().unwrap());
    let err = tokio_tungstenite::connect_async(req).await.unwrap_err();
    assert!(err.to_string().contains("403"), "{err}");
    let mut req = url.into_client_request().unwrap();
    req.headers_mut().insert("origin", own.parse().unwrap());
    assert!(tokio_tungstenite::connect_async(req).await.is_ok());
}

/// Names lose control and text-direction characters; nobody may call themselves the bot.
#[tokio::test]
async fn names_are_cleaned_and_nobody_passes_for_the_bot() {
    let s = server().await;
    let (st, e) = s
        .call(
            "POST",
            "/api/games",
            None,
            Some(json!({"name": "tengen (bot)"})),
        )
        .await;
    assert_eq!(
        (st, e["error"]["field"].as_str()),
        (400, Some("name")),
        "{e}"
    );
    let g = s.create(json!({"size": 9})).await;
    let (st, e) = s
        .try_act(
            &g.id,
            &g.black,
            json!({"type": "join", "name": "Tengen (Bot)"}),
        )
        .await;
    assert_eq!(
        (st, e["error"]["field"].as_str()),
        (400, Some("name")),
        "{e}"
    );
    // U+202E would show "Alice" backwards; U+0007 rings a bell.
    let snap = s
        .act(
            &g.id,
            &g.black,
            json!({"type": "join", "name": "Al\u{202E}ice\u{0007}"}),
        )
        .await;
    assert_eq!(snap["players"]["black"]["name"], "Alice");
}

// ---- 4. A last-second mark ------------------------------------------------------------

/// Black walls off the left of a 5x5 board and White the right, with a lone White stone
/// on A3 in Black's area. The server proposes its dead stones; then White marks Black's
/// whole wall dead, and never accepts. The deadline moves to two seconds (the whole
/// limit here) after that change, and when it passes the server's proposal settles the
/// game, not White's marks, with a notice saying so.
#[tokio::test]
async fn a_last_second_change_of_marks_does_not_decide_the_game() {
    let s = server().await;
    let g = s
        .started(json!({"size": 5, "ruleset": "chinese", "komi": 0.5, "scoring_time_limit": 2}))
        .await;
    s.play(
        &g,
        &[
            "C1", "D1", "C2", "D2", "C3", "D3", "C4", "D4", "C5", "D5", "pass", "A3", "pass",
            "pass",
        ],
    )
    .await;
    let proposed = s
        .wait_for(&g.id, 10, |v| v["scoring"]["proposed"] == true)
        .await;
    let proposal = proposed["scoring"]["dead"].clone();
    let proposal_result = proposed["scoring"]["score"]["result"].clone();
    let before = proposed["scoring"]["deadline"].as_i64().unwrap();
    let snap = s
        .act(
            &g.id,
            &g.white,
            json!({"type": "mark", "point": "C3", "dead": true}),
        )
        .await;
    // White's marks would make White the winner: the whole left is White's then.
    let marked_result = snap["scoring"]["score"]["result"].as_str().unwrap();
    assert!(marked_result.starts_with("W+"), "{marked_result}");
    assert_ne!(proposal_result, marked_result);
    let changed = snap["updated"].as_i64().unwrap();
    let deadline = snap["scoring"]["deadline"].as_i64().unwrap();
    assert_eq!(
        deadline,
        changed + 2000,
        "a change restarts the short deadline"
    );
    assert!(deadline >= before);
    let end = s.wait_for(&g.id, 15, |v| v["phase"] == "finished").await;
    assert_eq!(end["result"], proposal_result, "{end}");
    assert_eq!(end["score"]["dead"], proposal);
    assert_eq!(end["notice"]["code"], "scoring_deadline");
    assert!(end["notice"]["message"]
        .as_str()
        .unwrap()
        .contains("proposed"));
}

// ---- 5. Clocks in every phase where someone must move ---------------------------------

/// Black must place a free handicap with three seconds for the game, and does not: the
/// clock runs and Black loses on time.
#[tokio::test]
async fn the_clock_runs_while_the_handicap_is_placed() {
    let s = server().await;
    let g = s
        .started(json!({"size": 9, "ruleset": "chinese", "handicap": 3, "time": "absolute:3"}))
        .await;
    let snap = s.game(&g.id).await;
    assert_eq!(snap["phase"], "placing");
    assert_eq!(snap["clock"]["running"], "black");
    assert!(snap["clock"]["black"]["flag_in_ms"].as_i64().unwrap() <= 3000);
    let end = s.wait_for(&g.id, 15, |v| v["phase"] == "finished").await;
    assert_eq!(
        (end["result"].as_str(), end["end"].as_str()),
        (Some("W+T"), Some("time"))
    );
}

/// Under Japanese rules a rejected count starts confirmation play with Black to move;
/// Black stalls and loses on time (ten seconds for the whole game).
#[tokio::test]
async fn the_clock_runs_in_confirmation_play() {
    let s = server().await;
    let g = s
        .started(json!({"size": 5, "ruleset": "japanese", "komi": 0.5, "time": "absolute:10"}))
        .await;
    s.play(
        &g,
        &[
            "C1", "D1", "C2", "D2", "C3", "D3", "C4", "D4", "C5", "D5", "pass", "A3", "pass",
            "pass",
        ],
    )
    .await;
    s.wait_for(&g.id, 10, |v| v["scoring"]["proposed"] == true)
        .await;
    let snap = s.act(&g.id, &g.black, json!({"type": "reject"})).await;
    assert_eq!(snap["phase"], "confirming");
    assert_eq!(snap["confirming"]["to_move"], "black");
    assert_eq!(snap["clock"]["running"], "black");
    let end = s.wait_for(&g.id, 20, |v| v["phase"] == "finished").await;
    assert_eq!(
        (end["result"].as_str(), end["end"].as_str()),
        (Some("W+T"), Some("time"))
    );
}

// ---- 6. Games that never start ---------------------------------------------------------

/// The creator cancels a game nobody joined: no result, in neither list, and its place
/// among the creator's open games is free again. Only the creator may, and only before
/// the game starts.
#[tokio::test]
async fn the_creator_cancels_a_game_that_has_not_started() {
    let limits = Limits {
        open_games_per_client: 2,
        ..Limits::default()
    };
    let s = server_with(limits, "sqlite::memory:").await;
    let g = s.create(json!({"size": 9})).await;
    let started = s.started(json!({"size": 9})).await;
    let (st, e) = s
        .call("POST", "/api/games", None, Some(json!({"size": 9})))
        .await;
    assert_eq!((st, code(&e)), (429, "too_many_games"));
    // The invitation cannot cancel; the invited player, once seated, cannot either.
    let (st, _) = s.try_act(&g.id, &g.white, json!({"type": "cancel"})).await;
    assert_eq!(st, 401);
    let white = s.join(&g.id, &g.white, json!({"type": "join"})).await;
    let (st, e) = s.try_act(&g.id, &white, json!({"type": "cancel"})).await;
    assert_eq!((st, code(&e)), (403, "forbidden"), "{e}");
    let (st, e) = s
        .try_act(&started.id, &started.black, json!({"type": "cancel"}))
        .await;
    assert_eq!((st, code(&e)), (409, "wrong_phase"));
    let snap = s.act(&g.id, &g.black, json!({"type": "cancel"})).await;
    assert_eq!(snap["phase"], "cancelled");
    assert_eq!(snap["end"], "cancelled");
    assert_eq!(snap["result"], Value::Null);
    assert_eq!(snap["notice"]["code"], "cancelled");
    let (st, e) = s.try_act(&g.id, &g.black, json!({"type": "join"})).await;
    assert_eq!((st, code(&e)), (409, "game_over"));
    for status in ["active", "finished"] {
        let (_, list) = s
            .call("GET", &format!("/api/games?status={status}"), None, None)
            .await;
        assert!(
            list.as_array()
                .unwrap()
                .iter()
                .all(|l| l["id"] != g.id.as_str()),
            "{list}"
        );
    }
    s.create(json!({"size": 9})).await;
}

/// A game nobody joins in time (one second here) is cancelled by itself.
#[tokio::test]
async fn a_game_nobody_joins_expires() {
    let limits = Limits {
        waiting_game_expiry: Duration::from_secs(1),
        ..Limits::default()
    };
    let s = server_with(limits, "sqlite::memory:").await;
    let g = s.create(json!({"size": 9})).await;
    s.join(&g.id, &g.black, json!({"type": "join"})).await;
    let snap = s.wait_for(&g.id, 10, |v| v["phase"] == "cancelled").await;
    assert_eq!(snap["end"], "expired");
    assert_eq!(snap["notice"]["code"], "expired");
    let (_, list) = s.call("GET", "/api/games?status=active", None, None).await;
    assert_eq!(list, json!([]));
}

// ---- 7. One search per game ------------------------------------------------------------

/// The bot (Black) is to move; White renames forty times while it thinks. The renames
/// change the game but not its position: the one search goes on, no other starts, and
/// the bot's move comes.
#[tokio::test]
async fn renames_while_the_bot_thinks_start_no_other_search() {
    let s = server_with(unthrottled(), "sqlite::memory:").await;
    let g = s
        .create(json!({"size": 9, "ruleset": "chinese", "color": "white", "opponent": "bot", "bot_playouts": 20000}))
        .await;
    let white = s.join(&g.id, &g.white, json!({"type": "join"})).await;
    let mut most_running = 0;
    for i in 0..40 {
        let (st, e) = s
            .try_act(
                &g.id,
                &white,
                json!({"type": "join", "name": format!("W{i}")}),
            )
            .await;
        assert!(st == 200 || code(&e) == "too_many_renames", "{st} {e}");
        let (_, health) = s.call("GET", "/api/health", None, None).await;
        most_running = most_running.max(health["bot"]["searches_running"].as_u64().unwrap());
    }
    assert!(most_running <= 1, "{most_running} searches at once");
    let snap = s.wait_for(&g.id, 300, |v| v["move_number"] == 1).await;
    assert_eq!(snap["moves"][0]["color"], "black");
    let (_, health) = s.call("GET", "/api/health", None, None).await;
    assert_eq!(health["bot"]["searches_started"], 1, "{health}");
}

// ---- 8. Request rates, renames ----------------------------------------------------------

/// Requests beyond the burst (60) get 429 with Retry-After; those before it are
/// answered. 150 requests, 8 at a time, take well under a second here: at 20 a second
/// refilled, fewer than 80 can pass.
#[tokio::test]
async fn a_client_making_too_many_requests_gets_429_with_retry_after() {
    let s = server().await;
    let started = Instant::now();
    let answers: Vec<(u16, Option<String>, Value)> = futures_util::stream::iter(0..150)
        .map(|_| {
            let http = s.http.clone();
            let url = format!("{}/api/rulesets", s.base);
            async move {
                let r = http.get(url).send().await.unwrap();
                let st = r.status().as_u16();
                let retry = r
                    .headers()
                    .get("retry-after")
                    .map(|v| v.to_str().unwrap().to_string());
                (st, retry, r.json::<Value>().await.unwrap())
            }
        })
        .buffered(8)
        .collect()
        .await;
    let elapsed = started.elapsed().as_secs_f64();
    let ok = answers.iter().filter(|a| a.0 == 200).count();
    let first_refused = answers.iter().position(|a| a.0 == 429).expect("a 429");
    eprintln!(
        "{ok} of 150 answered in {elapsed:.2} s; the first 429 was request {}",
        first_refused + 1
    );
    let allowed = 60.0 + 20.0 * elapsed + 1.0;
    assert!(
        ok >= 60 && (ok as f64) <= allowed,
        "{ok} answered in {elapsed} s"
    );
    for (st, retry, body) in &answers {
        if *st == 429 {
            assert_eq!(code(body), "rate_limited");
            assert!(body["error"]["retry_after_ms"].as_u64().unwrap() > 0);
            assert!(retry.as_deref().unwrap().parse::<u64>().unwrap() >= 1);
        } else {
            assert_eq!(*st, 200);
        }
    }
}

/// A seat may change its name ten times a game: the log does not grow beyond that.
#[tokio::test]
async fn renames_do_not_grow_the_log_without_bound() {
    let s = server_with(unthrottled(), "sqlite::memory:").await;
    let g = s.started(json!({"size": 9})).await;
    let seq0 = s.game(&g.id).await["seq"].as_i64().unwrap();
    let mut refused = 0;
    for i in 0..50 {
        let (st, e) = s
            .try_act(
                &g.id,
                &g.black,
                json!({"type": "join", "name": format!("Ann {i}")}),
            )
            .await;
        if st != 200 {
            assert_eq!((st, code(&e)), (429, "too_many_renames"), "{e}");
            refused += 1;
        }
    }
    assert_eq!(refused, 40);
    let snap = s.game(&g.id).await;
    assert_eq!(snap["seq"].as_i64().unwrap(), seq0 + 10);
    assert_eq!(snap["players"]["black"]["name"], "Ann 9");
    // Joining again under the same name stores nothing.
    let (st, _) = s
        .try_act(&g.id, &g.black, json!({"type": "join", "name": "Ann 9"}))
        .await;
    assert_eq!(st, 200);
    assert_eq!(s.game(&g.id).await["seq"].as_i64().unwrap(), seq0 + 10);
}

// ---- 9. The open-games limit under a crowd ----------------------------------------------

/// 200 creates at the same moment from one client with a limit of 20: exactly 20 games.
#[tokio::test]
async fn simultaneous_creates_cannot_pass_the_open_games_limit() {
    let s = server_with(unthrottled(), "sqlite::memory:").await;
    let creates = (0..200).map(|_| s.call("POST", "/api/games", None, Some(json!({"size": 9}))));
    let answers = futures_util::future::join_all(creates).await;
    let created = answers.iter().filter(|a| a.0 == 201).count();
    assert_eq!(created, 20);
    assert!(answers
        .iter()
        .all(|a| a.0 == 201 || (a.0 == 429 && code(&a.1) == "too_many_games")));
    let (_, list) = s
        .call("GET", "/api/games?status=active&limit=200", None, None)
        .await;
    assert_eq!(list.as_array().unwrap().len(), 20);
}

// ---- 10. Idle connections ---------------------------------------------------------------

/// Reads from `tcp` until it is closed (true) or `secs` pass (false).
async fn closed_within(tcp: &mut tokio::net::TcpStream, secs: u64) -> bool {
    let mut buf = [0u8; 4096];
    let deadline = tokio::time::Instant::now() + Duration::from_secs(secs);
    loop {
        match tokio::time::timeout_at(deadline, tcp.read(&mut buf)).await {
            Err(_) => return false,
            Ok(Ok(0)) | Ok(Err(_)) => return true,
            Ok(Ok(_)) => {}
        }
    }
}

/// With a one-second limit for a request's head: a connection that sends half a head, one
/// that sends nothing, and one idle after a request are all closed.
#[tokio::test]
async fn half_sent_and_idle_connections_are_closed() {
    let limits = Limits {
        header_read_timeout: Duration::from_secs(1),
        ..Limits::default()
    };
    let s = server_with(limits, "sqlite::memory:").await;
    let addr = s.base.trim_start_matches("http://").to_string();
    let mut half = tokio::net::TcpStream::connect(&addr).await.unwrap();
    half.write_all(b"GET /api/health HTTP/1.1\r\nHo")
        .await
        .unwrap();
    let mut silent = tokio::net::TcpStream::connect(&addr).await.unwrap();
    let mut kept = tokio::net::TcpStream::connect(&addr).await.unwrap();
    kept.write_all(format!("GET /api/health HTTP/1.1\r\nHost: {addr}\r\n\r\n").as_bytes())
        .await
        .unwrap();
    let t = Instant::now();
    assert!(
        closed_within(&mut half, 5).await,
        "a half-sent head is dropped"
    );
    assert!(
        closed_within(&mut silent, 5).await,
        "a silent connection is dropped"
    );
    assert!(
        closed_within(&mut kept, 5).await,
        "an idle keep-alive connection is dropped"
    );
    let secs = t.elapsed().as_secs_f64();
    eprintln!("idle connections closed after {secs:.2} s");
    assert!(secs >= 0.9, "{secs}");
}

/// Each client holds at most so many connections (three here): the fourth gets a 429 and
/// is closed; once one closes, another may open.
#[tokio::test]
async fn a_client_holds_at_most_so_many_connections() {
    let limits = Limits {
        connections_per_client: 3,
        ..Limits::default()
    };
    let s = server_with(limits, "sqlite::memory:").await;
    let addr = s.base.trim_start_matches("http://").to_string();
    let mut held = Vec::new();
    for _ in 0..3 {
        held.push(tokio::net::TcpStream::connect(&addr).await.unwrap());
    }
    let mut extra = tokio::net::TcpStream::connect(&addr).await.unwrap();
    let mut reply = String::new();
    tokio::time::timeout(Duration::from_secs(5), extra.read_to_string(&mut reply))
        .await
        .unwrap()
        .unwrap();
    assert!(reply.starts_with("HTTP/1.1 429"), "{reply}");
    assert!(reply.contains("too_many_connections"), "{reply}");
    drop(held.pop());
    tokio::time::sleep(Duration::from_millis(200)).await;
    let mut again = tokio::net::TcpStream::connect(&addr).await.unwrap();
    again
        .write_all(
            format!("GET /api/health HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n")
                .as_bytes(),
        )
        .await
        .unwrap();
    let mut reply = String::new();
    again.read_to_string(&mut reply).await.unwrap();
    assert!(reply.starts_with("HTTP/1.1 200"), "{reply}");
}

/// A WebSocket whose client answers nothing (not even the server's pings) for a second
/// is closed.
#[tokio::test]
async fn a_silent_websocket_is_closed() {
    let limits = Limits {
        ws_idle_timeout: Duration::from_secs(1),
        ..Limits::default()
    };
    let s = server_with(limits, "sqlite::memory:").await;
    let g = s.create(json!({"size": 9})).await;
    let mut ws = s.ws(&g.id, None).await;
    // Not reading: the pings go unanswered.
    tokio::time::sleep(Duration::from_millis(2500)).await;
    let closed = tokio::time::timeout(Duration::from_secs(5), async {
        loop {
            match ws.stream.next().await {
                None | Some(Err(_)) | Some(Ok(Message::Close(_))) => return true,
                Some(Ok(_)) => {}
            }
        }
    })
    .await;
    assert_eq!(closed, Ok(true));
    let _ = ws.stream.send(Message::Close(None)).await;
}

// ---- 11. An end and its status, together ------------------------------------------------

/// The status update of the game's row fails (a trigger refuses it): the resignation is
/// not stored either, the client is told so, and the game goes on; once the database
/// takes updates again, the resignation ends the game and the row says so.
#[tokio::test]
async fn an_end_and_the_games_status_are_stored_together_or_not_at_all() {
    let dir = temp_dir("status-tx");
    let db = dir.join("games.db").to_string_lossy().to_string();
    let s = server_with(Limits::default(), &db).await;
    let g = s.started(json!({"size": 9})).await;
    s.play(&g, &["E5"]).await;
    use sqlx::Connection;
    let mut conn = sqlx::AnyConnection::connect(&format!("sqlite://{db}"))
        .await
        .unwrap();
    sqlx::query(
        "CREATE TRIGGER refuse_status BEFORE UPDATE OF status ON games
         BEGIN SELECT RAISE(ABORT, 'the status cannot be written'); END",
    )
    .execute(&mut conn)
    .await
    .unwrap();
    let (st, e) = s.try_act(&g.id, &g.white, json!({"type": "resign"})).await;
    assert_eq!((st, code(&e)), (503, "storage_failed"), "{e}");
    let snap = s.game(&g.id).await;
    assert_eq!(snap["phase"], "playing");
    assert_eq!(snap["result"], Value::Null);
    assert_eq!(snap["seq"].as_i64().unwrap(), 3);
    sqlx::query("DROP TRIGGER refuse_status")
        .execute(&mut conn)
        .await
        .unwrap();
    let snap = s.act(&g.id, &g.white, json!({"type": "resign"})).await;
    assert_eq!(snap["result"], "B+R");
    let (_, list) = s
        .call("GET", "/api/games?status=finished", None, None)
        .await;
    assert_eq!(list[0]["id"], g.id);
    let _ = std::fs::remove_dir_all(dir);
}

/// Settings of a 9x9 game, as stored.
fn settings_json() -> String {
    let req = tengen_server::settings::CreateRequest {
        size: Some(9),
        ..Default::default()
    };
    serde_json::to_string(&req.check(true).unwrap()).unwrap()
}

/// A database written by a server that died between an ending event and its status: the
/// log says Black resigned, the row still says active. At the next start the row is
/// repaired from the log.
#[tokio::test]
async fn status_rows_are_repaired_from_the_log_at_start() {
    let dir = temp_dir("repair");
    let db = dir.join("games.db").to_string_lossy().to_string();
    {
        let store = tengen_server::store::Store::open(&db).await.unwrap();
        let row = tengen_server::store::GameRow {
            id: "resigned1".into(),
            settings: settings_json(),
            black_token: "b".repeat(32),
            white_token: "w".repeat(32),
            created: 1_700_000_000_000,
        };
        store.create_game(&row, "127.0.0.1").await.unwrap();
        for (seq, body) in [
            r#"{"type":"join","color":"black","name":"Ann"}"#,
            r#"{"type":"join","color":"white","name":"Bob"}"#,
            r#"{"type":"resign","color":"black"}"#,
        ]
        .iter()
        .enumerate()
        {
            store
                .append("resigned1", seq as i64 + 1, body, 1_700_000_000_000)
                .await
                .unwrap();
        }
        assert_eq!(store.list("active", 10).await.unwrap(), ["resigned1"]);
    }
    let s = server_with(Limits::default(), &db).await;
    let (_, active) = s.call("GET", "/api/games?status=active", None, None).await;
    assert_eq!(active, json!([]));
    let (_, finished) = s
        .call("GET", "/api/games?status=finished", None, None)
        .await;
    assert_eq!(finished[0]["id"], "resigned1");
    assert_eq!(finished[0]["result"], "W+R");
    let _ = std::fs::remove_dir_all(dir);
}

// ---- 13. The database under the server --------------------------------------------------

/// A second server on the SQLite file of a running one is refused, by name.
#[tokio::test]
async fn a_second_server_on_one_sqlite_file_is_refused() {
    let dir = temp_dir("two-servers");
    let db = dir.join("games.db").to_string_lossy().to_string();
    let _first = server_with(Limits::default(), &db).await;
    let config = Config {
        addr: "127.0.0.1:0".into(),
        database: db.clone(),
        web_dir: None,
        limits: Limits::default(),
    };
    let e = tengen_server::start(config)
        .await
        .err()
        .expect("the second is refused");
    assert!(e.contains("in use by another tengen server"), "{e}");
    let _ = std::fs::remove_dir_all(dir);
}

/// One game row that cannot be read (its settings are not JSON) is skipped at start; the
/// server and its other games run.
#[tokio::test]
async fn an_unreadable_game_does_not_stop_the_server() {
    let dir = temp_dir("unreadable");
    let db = dir.join("games.db").to_string_lossy().to_string();
    {
        let store = tengen_server::store::Store::open(&db).await.unwrap();
        for (id, settings) in [
            ("broken", "{not json".to_string()),
            ("fine", settings_json()),
        ] {
            let row = tengen_server::store::GameRow {
                id: id.into(),
                settings,
                black_token: "b".repeat(32),
                white_token: "w".repeat(32),
                created: 1_700_000_000_000,
            };
            store.create_game(&row, "127.0.0.1").await.unwrap();
        }
    }
    let s = server_with(Limits::default(), &db).await;
    assert_eq!(s.game("fine").await["phase"], "waiting");
    let (st, e) = s.call("GET", "/api/games/broken", None, None).await;
    assert_eq!((st, code(&e)), (500, "internal"));
    let (st, _) = s.call("GET", "/api/health", None, None).await;
    assert_eq!(st, 200);
    let _ = std::fs::remove_dir_all(dir);
}

/// Plays E5, then spoils the database with `spoil`; the next move is refused (nothing
/// acknowledged that cannot be kept) and the health check says why.
async fn moves_are_refused_after(name: &str, spoil: impl FnOnce(&std::path::Path), why: &str) {
    let dir = temp_dir(name);
    let path = dir.join("games.db");
    let db = path.to_string_lossy().to_string();
    let s = server_with(Limits::default(), &db).await;
    let (st, _) = s.call("GET", "/api/health", None, None).await;
    assert_eq!(st, 200);
    let g: Created = s.started(json!({"size": 9})).await;
    s.play(&g, &["E5"]).await;
    // Let the checkpoint copy the log into the file, as it does every second.
    tokio::time::sleep(Duration::from_millis(1500)).await;
    spoil(&path);
    let (st, e) = s
        .try_act(&g.id, &g.white, json!({"type": "play", "point": "D5"}))
        .await;
    assert_eq!((st, code(&e)), (503, "storage_failed"), "{e}");
    assert!(e["error"]["message"].as_str().unwrap().contains(why), "{e}");
    assert_eq!(s.game(&g.id).await["move_number"], 1);
    let (st, health) = s.call("GET", "/api/health", None, None).await;
    assert_eq!(st, 503, "{health}");
    assert_eq!(health["ok"], false);
    assert!(
        health["database"].as_str().unwrap().contains(why),
        "{health}"
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[tokio::test]
async fn a_deleted_database_file_shows_in_health_and_refuses_moves() {
    moves_are_refused_after("deleted", |p| std::fs::remove_file(p).unwrap(), "deleted").await;
}

#[tokio::test]
async fn an_overwritten_database_file_shows_in_health_and_refuses_moves() {
    let spoil = |p: &std::path::Path| {
        use std::os::unix::fs::FileExt;
        let f = std::fs::OpenOptions::new().write(true).open(p).unwrap();
        f.write_at(&[0xAB; 4096], 0).unwrap();
    };
    moves_are_refused_after("overwritten", spoil, "overwritten").await;
}

// ---- 14. Settings that make no game ---------------------------------------------------

/// No time to make the first move, a move allowed more than a day, a game more than a
/// year: each refused, naming the time field.
#[tokio::test]
async fn time_controls_that_make_no_game_are_refused() {
    let s = server().await;
    for time in [
        "absolute:0s",
        "fischer:0+0",
        "byoyomi:0+3x86401",
        "fischer:10m+2d",
        "absolute:31622400",
        "canadian:0+0/5m",
    ] {
        let (st, e) = s
            .call("POST", "/api/games", None, Some(json!({"time": time})))
            .await;
        assert_eq!(
            (st, e["error"]["field"].as_str()),
            (400, Some("time")),
            "{time}: {e}"
        );
    }
    let (st, _) = s
        .call(
            "POST",
            "/api/games",
            None,
            Some(json!({"time": "fischer:5m+10s"})),
        )
        .await;
    assert_eq!(st, 201);
}
