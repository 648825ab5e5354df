//! A server on a free loopback port with an in-memory database, and small clients for
//! its HTTP API and WebSocket.
#![allow(dead_code)]

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use std::time::Duration;
use tengen_server::{Config, Limits};
use tokio_tungstenite::tungstenite::Message;

/// A running test server.
pub struct Server {
    pub base: String,
    pub http: reqwest::Client,
    pub app: std::sync::Arc<tengen_server::App>,
}

/// Starts a server with these limits on `database` (default: in memory).
pub async fn server_with(limits: Limits, database: &str) -> Server {
    let config = Config {
        addr: "127.0.0.1:0".into(),
        database: database.into(),
        web_dir: None,
        limits,
    };
    let (started, serve) = tengen_server::start(config).await.expect("server starts");
    tokio::spawn(serve);
    Server {
        base: format!("http://{}", started.addr),
        http: reqwest::Client::new(),
        app: started.app,
    }
}

/// Starts a server with the default limits and an in-memory database.
pub async fn server() -> Server {
    server_with(Limits::default(), "sqlite::memory:").await
}

/// A created game: its id and both seats' tokens.
pub struct Created {
    pub id: String,
    pub black: String,
    pub white: String,
    pub reply: Value,
}

impl Server {
    /// `(status, body)` of a request.
    pub async fn call(
        &self,
        method: &str,
        path: &str,
        token: Option<&str>,
        body: Option<Value>,
    ) -> (u16, Value) {
        let url = format!("{}{path}", self.base);
        let mut req = match method {
            "GET" => self.http.get(&url),
            "POST" => self.http.post(&url),
            other => self.http.request(other.parse().unwrap(), &url),
        };
        if let Some(t) = token {
            req = req.bearer_auth(t);
        }
        if let Some(b) = body {
            req = req.json(&b);
        }
        let resp = req.send().await.expect("request sent");
        Self::answer(resp).await
    }

    /// A request with a raw body and the headers given: `(status, body)`.
    pub async fn raw(
        &self,
        method: &str,
        path: &str,
        headers: &[(&str, &str)],
        body: &str,
    ) -> (u16, Value) {
        let url = format!("{}{path}", self.base);
        let mut req = self
            .http
            .request(method.parse().unwrap(), &url)
            .body(body.to_string());
        for (k, v) in headers {
            req = req.header(*k, *v);
        }
        let resp = req.send().await.expect("request sent");
        Self::answer(resp).await
    }

    async fn answer(resp: reqwest::Response) -> (u16, Value) {
        let status = resp.status().as_u16();
        let text = resp.text().await.unwrap();
        let value = serde_json::from_str(&text).unwrap_or(Value::String(text));
        (status, value)
    }

    /// Creates a game; panics unless it is created.
    pub async fn create(&self, body: Value) -> Created {
        let (status, reply) = self.call("POST", "/api/games", None, Some(body)).await;
        assert_eq!(status, 201, "{reply}");
        let token = |c: &str| {
            reply["seats"][c]["token"]
                .as_str()
                .unwrap_or("")
                .to_string()
        };
        Created {
            id: reply["id"].as_str().unwrap().to_string(),
            black: token("black"),
            white: token("white"),
            reply: reply.clone(),
        }
    }

    /// Creates a game and takes both seats; the tokens are then the seats' secrets (the
    /// invited seat's join exchanges its invitation for one).
    pub async fn started(&self, body: Value) -> Created {
        let mut g = self.create(body).await;
        g.black = self.join(&g.id, &g.black, json!({"type": "join"})).await;
        g.white = self.join(&g.id, &g.white, json!({"type": "join"})).await;
        g
    }

    /// Takes a seat with `token` (a seat's secret or invitation): the seat's secret from
    /// the reply; nothing for a bot seat (an empty token).
    pub async fn join(&self, id: &str, token: &str, action: Value) -> String {
        if token.is_empty() {
            return String::new();
        }
        let (status, reply) = self.try_act(id, token, action.clone()).await;
        assert_eq!(status, 200, "{action} -> {reply}");
        // The reply's token is the seat's secret (the safety tests check that it is
        // there); without one, the token given goes on acting.
        reply["token"].as_str().unwrap_or(token).to_string()
    }

    /// An action that must succeed; the reply's snapshot.
    pub async fn act(&self, id: &str, token: &str, action: Value) -> Value {
        let (status, reply) = self.try_act(id, token, action.clone()).await;
        assert_eq!(status, 200, "{action} -> {reply}");
        reply["game"].clone()
    }

    /// An action: `(status, reply)`.
    pub async fn try_act(&self, id: &str, token: &str, action: Value) -> (u16, Value) {
        self.call(
            "POST",
            &format!("/api/games/{id}/actions"),
            Some(token),
            Some(action),
        )
        .await
    }

    /// Plays the moves alternately, Black first unless the game says otherwise.
    pub async fn play(&self, g: &Created, moves: &[&str]) -> Value {
        let mut snap = self.game(&g.id).await;
        for m in moves {
            let token = if snap["to_move"] == "black" {
                &g.black
            } else {
                &g.white
            };
            snap = self
                .act(&g.id, token, json!({"type": "play", "point": m}))
                .await;
        }
        snap
    }

    /// The game's snapshot.
    pub async fn game(&self, id: &str) -> Value {
        let (status, v) = self
            .call("GET", &format!("/api/games/{id}"), None, None)
            .await;
        assert_eq!(status, 200, "{v}");
        v
    }

    /// Waits until the snapshot satisfies `pred` (at most `secs` seconds).
    pub async fn wait_for(&self, id: &str, secs: u64, pred: impl Fn(&Value) -> bool) -> Value {
        let deadline = tokio::time::Instant::now() + Duration::from_secs(secs);
        loop {
            let v = self.game(id).await;
            if pred(&v) {
                return v;
            }
            assert!(
                tokio::time::Instant::now() < deadline,
                "timed out waiting: {v}"
            );
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }

    /// Opens the game's WebSocket.
    pub async fn ws(&self, id: &str, token: Option<&str>) -> Ws {
        let mut url = format!(
            "{}/api/games/{id}/ws",
            self.base.replace("http://", "ws://")
        );
        if let Some(t) = token {
            url.push_str(&format!("?token={t}"));
        }
        let (stream, _) = tokio_tungstenite::connect_async(url)
            .await
            .expect("ws connects");
        Ws { stream }
    }
}

/// A WebSocket client.
pub struct Ws {
    pub stream: tokio_tungstenite::WebSocketStream<
        tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>,
    >,
}

impl Ws {
    /// Sends a JSON message.
    pub async fn send(&mut self, v: Value) {
        self.stream
            .send(Message::Text(v.to_string().into()))
            .await
            .unwrap();
    }

    /// The next JSON message (panics after 10 s).
    pub async fn next(&mut self) -> Value {
        loop {
            let msg = tokio::time::timeout(Duration::from_secs(10), self.stream.next())
                .await
                .expect("a message within 10 s")
                .expect("the connection is open")
                .expect("no error");
            if let Message::Text(t) = msg {
                return serde_json::from_str(&t).unwrap();
            }
        }
    }

    /// Messages until one of type `kind`; that one.
    pub async fn next_of(&mut self, kind: &str) -> Value {
        loop {
            let v = self.next().await;
            if v["type"] == kind {
                return v;
            }
        }
    }
}
