//! Random requests never crash the server: every answer is JSON (an error with a code for
//! anything refused), never a 5xx, and the games stay consistent.

mod common;

use proptest::prelude::*;
use serde_json::{json, Value};

/// Random JSON values, a few levels deep.
fn any_json() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::from),
        any::<i64>().prop_map(Value::from),
        (-1e9f64..1e9).prop_map(Value::from),
        "[ -~]{0,12}".prop_map(Value::from),
        prop::sample::select(vec![
            "play",
            "pass",
            "resign",
            "mark",
            "accept",
            "reject",
            "join",
            "place_handicap",
            "D4",
            "pass",
            "E5",
            "T19",
            "black"
        ])
        .prop_map(Value::from),
    ];
    leaf.prop_recursive(3, 24, 4, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(Value::from),
            prop::collection::btree_map(
                prop::sample::select(vec![
                    "type",
                    "point",
                    "points",
                    "dead",
                    "marks_seq",
                    "seq",
                    "name",
                    "size",
                    "ruleset",
                    "komi",
                    "time",
                    "handicap",
                    "x"
                ]),
                inner,
                0..4
            )
            .prop_map(|m| Value::Object(m.into_iter().map(|(k, v)| (k.to_string(), v)).collect())),
        ]
    })
}

/// An action that is often well-formed: a type the server knows, with random fields.
fn action() -> impl Strategy<Value = Value> {
    (
        prop::sample::select(vec![
            "play",
            "pass",
            "resign",
            "mark",
            "accept",
            "reject",
            "join",
            "place_handicap",
            "dance",
        ]),
        prop::option::of(prop::sample::select(vec![
            "A1", "E5", "J9", "Z9", "pass", "", "e5", "E0", "E10",
        ])),
        prop::option::of(any::<bool>()),
        prop::option::of(-2i64..40),
    )
        .prop_map(|(t, p, d, s)| {
            let mut v = json!({"type": t});
            if let Some(p) = p {
                v["point"] = json!(p);
            }
            if let Some(d) = d {
                v["dead"] = json!(d);
            }
            if let Some(s) = s {
                v["marks_seq"] = json!(s);
            }
            v
        })
}

#[derive(Debug, Clone)]
enum Request {
    Create(Value),
    Act {
        token: u8,
        body: Value,
    },
    Raw {
        method: &'static str,
        path: String,
        body: String,
    },
}

fn request() -> impl Strategy<Value = Request> {
    prop_oneof![
        any_json().prop_map(Request::Create),
        (0u8..3, action()).prop_map(|(token, body)| Request::Act { token, body }),
        (0u8..3, any_json()).prop_map(|(token, body)| Request::Act { token, body }),
        (
            prop::sample::select(vec!["GET", "POST", "PUT", "DELETE"]),
            prop::sample::select(vec![
                "/api/games",
                "/api/games/GAME",
                "/api/games/GAME/actions",
                "/api/games/GAME/sgf",
                "/api/rulesets",
                "/api/games?status=x&limit=-1",
                "/api/games/%00/sgf",
                "/api/games/GAME/../../etc"
            ]),
            "[ -~]{0,40}",
        )
            .prop_map(|(method, path, body)| Request::Raw {
                method,
                path: path.to_string(),
                body
            }),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn random_requests_get_json_answers_and_never_crash(requests in prop::collection::vec(request(), 1..30)) {
        let rt = tokio::runtime::Runtime::new().unwrap();
        rt.block_on(async {
            let s = common::server().await;
            let g = s.started(json!({"size": 9, "ruleset": "japanese"})).await;
            let tokens = [g.black.clone(), g.white.clone(), "nonsense".to_string()];
            let mut plays = 0;
            for r in &requests {
                let (status, body) = match r {
                    Request::Create(v) => s.call("POST", "/api/games", None, Some(v.clone())).await,
                    Request::Act { token, body } => {
                        let (st, reply) = s.try_act(&g.id, &tokens[*token as usize], body.clone()).await;
                        if st == 200 && body["type"] == "play" {
                            plays += 1;
                        }
                        (st, reply)
                    }
                    Request::Raw { method, path, body } => {
                        let url = format!("{}{}", s.base, path.replace("GAME", &g.id));
                        let resp = s.http.request(method.parse().unwrap(), &url).body(body.clone()).send().await.unwrap();
                        let st = resp.status().as_u16();
                        let text = resp.text().await.unwrap();
                        (st, serde_json::from_str(&text).unwrap_or(Value::String(text)))
                    }
                };
                assert!(status < 500, "{r:?} -> {status} {body}");
                if status >= 400 {
                    assert!(body["error"]["code"].is_string(), "{r:?} -> {status} {body}");
                    assert!(body["error"]["message"].is_string());
                }
            }
            // The game is whole: as many moves as were accepted (passes aside), and it
            // still answers.
            let snap = s.game(&g.id).await;
            let stones = snap["moves"].as_array().unwrap().iter().filter(|m| m["point"] != "pass").count();
            assert!(stones <= plays);
            let (st, _) = s.call("GET", "/api/health", None, None).await;
            assert_eq!(st, 200);
        });
    }
}

/// Limits for a test whose one client makes every request: its rates, its games left
/// open (a created game nobody joins stays open) and its connections raised.
fn one_busy_client() -> tengen_server::Limits {
    tengen_server::Limits {
        http_requests_per_second: 100_000,
        http_burst: 100_000,
        open_games_per_client: 1_000,
        connections_per_client: 1_000,
        ..tengen_server::Limits::default()
    }
}

/// How long the request of round `round` lives before it is dropped: 0 to 3 ms.
fn abandoned_after(round: u64) -> std::time::Duration {
    std::time::Duration::from_micros((round * 397) % 3000)
}

/// The `k`th point of a 9x9 board, row by row from A1.
fn nth_point(k: u64) -> String {
    let column = b"ABCDEFGHJ"[(k % 9) as usize] as char;
    format!("{column}{}", 1 + k / 9)
}

/// The token of the seat to move in game `g`.
async fn seat_to_move<'a>(s: &common::Server, g: &'a common::Created) -> &'a str {
    if s.game(&g.id).await["to_move"] == "black" {
        &g.black
    } else {
        &g.white
    }
}

/// Waits (up to 2 s) until the game shown has the step stored: a move still being made
/// may hold the one ahead of the other for a moment, no longer. The two if they stay
/// apart.
async fn shown_apart_from_stored(s: &common::Server, id: &str) -> Option<(i64, i64)> {
    let mut apart = None;
    for _ in 0..100 {
        let shown = s.game(id).await["seq"].as_i64().unwrap();
        let stored = s.app.store.events(id, 0).await.unwrap().len() as i64;
        if shown == stored {
            return None;
        }
        apart = Some((shown, stored));
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    apart
}

/// Clients that give up halfway lose nothing: requests abandoned at random moments (their
/// handlers dropped, perhaps mid-query, which makes the database pool replace its
/// connection) leave every game stored and readable, on the default in-memory database
/// and on a file. The browser tests once found an in-memory server that had lost all its
/// games after a page navigated away from its lobby's requests.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn requests_abandoned_midway_lose_nothing() {
    let dir = std::env::temp_dir().join(format!("tengen-abandon-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("games.db");
    for database in ["sqlite::memory:".to_string(), file.display().to_string()] {
        let s = common::server_with(one_busy_client(), &database).await;
        let g = s.started(json!({"size": 9, "ruleset": "japanese"})).await;
        let mut created = vec![g.id.clone()];
        for round in 0..60u64 {
            // Each request is dropped after 0 to 3 ms, most before their answer.
            let wait = abandoned_after(round);
            let paths = [
                "/api/games?status=open&limit=30".to_string(),
                "/api/games?status=active&limit=30".to_string(),
                format!("/api/games/{}", g.id),
            ];
            for path in &paths {
                let call = s.call("GET", path, None, None);
                let _ = tokio::time::timeout(wait, call).await;
            }
            let create = s.call(
                "POST",
                "/api/games",
                None,
                Some(json!({"size": 9, "public": round % 2 == 0})),
            );
            if let Ok((201, reply)) = tokio::time::timeout(wait, create).await {
                created.push(reply["id"].as_str().unwrap().to_string());
            }
        }
        // Every game whose creation was answered is still there, and the server answers.
        for id in &created {
            let (status, body) = s.call("GET", &format!("/api/games/{id}"), None, None).await;
            assert_eq!(status, 200, "{database}: game {id}: {body}");
        }
        // The list of games holds them all (a game is one row, stored at once or not at
        // all, whether its creation was answered or not), each of them whole.
        let (status, body) = s
            .call("GET", "/api/games?status=active&limit=200", None, None)
            .await;
        assert_eq!(status, 200, "{database}: {body}");
        let listed: Vec<&str> = body
            .as_array()
            .unwrap_or_else(|| panic!("{body}"))
            .iter()
            .map(|g| g["id"].as_str().unwrap())
            .collect();
        for id in &created {
            assert!(listed.contains(&id.as_str()), "{database}: {id} not listed");
        }
        for id in listed {
            let (status, body) = s.call("GET", &format!("/api/games/{id}"), None, None).await;
            assert_eq!(status, 200, "{database}: listed game {id}: {body}");
        }
        // Every public game stored, answered or not, is soon an open challenge of the
        // lobby (a creation still being made may be stored and not yet listed for a
        // moment): a creation is made to its end.
        let mut unlisted = Vec::new();
        for _ in 0..100 {
            let challenges = s.app.store.challenges(200).await.unwrap();
            unlisted.clear();
            for id in s.app.store.list("active", 200).await.unwrap() {
                let public = s.game(&id).await["public"] == true;
                if challenges.contains(&id) != (public && id != g.id) {
                    unlisted.push(id);
                }
            }
            if unlisted.is_empty() {
                break;
            }
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        }
        assert_eq!(unlisted, Vec::<String>::new(), "{database}: listed wrongly");
    }
    std::fs::remove_dir_all(&dir).ok();
}

/// A move whose request is abandoned while it is being stored is either not stored or
/// stored and shown: the game in memory (what viewers and the next move see) never falls
/// behind the events in the database. Plays are sent with both seats in turn and dropped
/// after 0 to 3 ms; after each, the snapshot's step must soon be the stored one.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_abandoned_midway_is_stored_and_shown_or_neither() {
    let s = common::server_with(one_busy_client(), "sqlite::memory:").await;
    let g = s.started(json!({"size": 9, "ruleset": "chinese"})).await;
    for round in 0..40u64 {
        let token = seat_to_move(&s, &g).await;
        let point = nth_point(round);
        let play = s.try_act(&g.id, token, json!({"type": "play", "point": point}));
        let _ = tokio::time::timeout(abandoned_after(round), play).await;
        // Whatever became of it, the game shown is soon the game stored.
        let apart = shown_apart_from_stored(&s, &g.id).await;
        assert_eq!(apart, None, "round {round}: {point}: (shown, stored) steps");
    }
}

/// The same over the WebSocket: a play sent and the connection dropped at once (closed
/// without a word, 0 to 3 ms later) is stored and shown or neither.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_sent_on_a_dropped_websocket_is_stored_and_shown_or_neither() {
    let s = common::server_with(one_busy_client(), "sqlite::memory:").await;
    let g = s.started(json!({"size": 9, "ruleset": "chinese"})).await;
    for round in 0..20u64 {
        let token = seat_to_move(&s, &g).await;
        let point = nth_point(round);
        let mut ws = s.ws(&g.id, Some(token)).await;
        ws.send(json!({"id": round, "type": "play", "point": point}))
            .await;
        tokio::time::sleep(abandoned_after(round)).await;
        drop(ws);
        let apart = shown_apart_from_stored(&s, &g.id).await;
        assert_eq!(apart, None, "round {round}: {point}: (shown, stored) steps");
    }
    // Plays were made: the messages reached the server before their connections closed.
    let stones = s.game(&g.id).await["moves"].as_array().unwrap().len();
    assert!(stones > 0, "no play was made");
}
