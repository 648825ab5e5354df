//! `tengen serve` as a child process, a private PostgreSQL cluster, and a small HTTP and
//! WebSocket client, for the server's process-level tests.
#![allow(dead_code)]

use futures_util::StreamExt;
use serde_json::{json, Value};
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

/// A running `tengen serve`.
pub struct Node {
    pub child: Child,
    pub base: String,
    pub http: reqwest::Client,
}

impl Drop for Node {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Starts `tengen serve` on a free port with `database`; waits for its address line.
pub fn start(database: &str) -> Node {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tengen"))
        .args([
            "serve",
            "--addr",
            "127.0.0.1:0",
            "--database",
            database,
            "--max-open-games",
            "0",
            // These tests make many requests from one address on purpose.
            "--http-rate",
            "0",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("tengen serve starts");
    let stdout = child.stdout.take().unwrap();
    let mut line = String::new();
    BufReader::new(stdout).read_line(&mut line).unwrap();
    let base = line
        .split_whitespace()
        .find(|w| w.starts_with("http://"))
        .unwrap_or_else(|| panic!("no address in {line:?}"))
        .trim_end_matches('/')
        .to_string();
    Node {
        child,
        base,
        http: reqwest::Client::new(),
    }
}

impl Node {
    /// Kills the process at once (SIGKILL), as a crash would.
    pub fn kill9(mut self) {
        self.child.kill().unwrap();
        self.child.wait().unwrap();
    }

    /// `(status, body)` of a request.
    pub async fn call(&self, post: Option<Value>, path: &str, token: Option<&str>) -> (u16, Value) {
        let url = format!("{}{path}", self.base);
        let mut req = match &post {
            Some(body) => self.http.post(&url).json(body),
            None => self.http.get(&url),
        };
        if let Some(t) = token {
            req = req.bearer_auth(t);
        }
        let resp = req
            .timeout(Duration::from_secs(20))
            .send()
            .await
            .expect("request");
        let status = resp.status().as_u16();
        (status, resp.json().await.unwrap_or(Value::Null))
    }

    /// Creates a game with both seats taken: `(id, black token, white token)`, the
    /// seats' secrets (the invited seat's join exchanges its invitation for one).
    pub async fn game(&self, settings: Value) -> (String, String, String) {
        let (st, r) = self.call(Some(settings), "/api/games", None).await;
        assert_eq!(st, 201, "{r}");
        let id = r["id"].as_str().unwrap().to_string();
        let mut tokens = Vec::new();
        for seat in ["black", "white"] {
            let t = r["seats"][seat]["token"].as_str().unwrap();
            let (st, r) = self.act(&id, t, json!({"type": "join"})).await;
            assert_eq!(st, 200, "{r}");
            tokens.push(r["token"].as_str().unwrap().to_string());
        }
        let w = tokens.pop().unwrap();
        let b = tokens.pop().unwrap();
        (id, b, w)
    }

    /// An action: `(status, reply)`.
    pub async fn act(&self, id: &str, token: &str, action: Value) -> (u16, Value) {
        self.call(
            Some(action),
            &format!("/api/games/{id}/actions"),
            Some(token),
        )
        .await
    }

    /// The snapshot.
    pub async fn snapshot(&self, id: &str) -> Value {
        let (st, v) = self.call(None, &format!("/api/games/{id}"), None).await;
        assert_eq!(st, 200, "{v}");
        v
    }

    /// A WebSocket on a game, its first (state) message read.
    pub async fn ws(&self, id: &str) -> Ws {
        let url = format!(
            "{}/api/games/{id}/ws",
            self.base.replace("http://", "ws://")
        );
        let (stream, _) = tokio_tungstenite::connect_async(url).await.expect("ws");
        let mut ws = Ws { stream };
        assert_eq!(ws.next().await["type"], "state");
        ws
    }
}

/// A WebSocket client.
pub struct Ws {
    stream: tokio_tungstenite::WebSocketStream<
        tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>,
    >,
}

impl Ws {
    /// The next JSON message, within 10 s.
    pub async fn next(&mut self) -> Value {
        loop {
            let msg = tokio::time::timeout(Duration::from_secs(10), self.stream.next())
                .await
                .expect("a message within 10 s")
                .expect("open")
                .expect("no error");
            if let tokio_tungstenite::tungstenite::Message::Text(t) = msg {
                return serde_json::from_str(&t).unwrap();
            }
        }
    }

    /// The next state whose game has reached event `seq`.
    pub async fn state_at(&mut self, seq: i64) -> Value {
        loop {
            let m = self.next().await;
            if m["type"] == "state" && m["game"]["seq"].as_i64() >= Some(seq) {
                return m["game"].clone();
            }
        }
    }
}

/// A fresh temporary directory.
pub fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tengen-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A private PostgreSQL cluster for one test, stopped when dropped; or the server named
/// by `TENGEN_TEST_POSTGRES` if set.
pub struct Postgres {
    pub url: String,
    cluster: Option<(PathBuf, PathBuf)>,
}

impl Drop for Postgres {
    fn drop(&mut self) {
        if let Some((ctl, data)) = &self.cluster {
            let _ = as_postgres(
                ctl,
                &["-D", &data.to_string_lossy(), "-m", "immediate", "stop"],
            )
            .status();
            if let Some(dir) = data.parent() {
                let _ = std::fs::remove_dir_all(dir);
            }
        }
    }
}

/// The PostgreSQL server binaries, newest version first.
fn pg_bin() -> Option<PathBuf> {
    let mut dirs: Vec<PathBuf> = std::fs::read_dir("/usr/lib/postgresql")
        .ok()?
        .filter_map(|e| Some(e.ok()?.path().join("bin")))
        .filter(|p| p.join("initdb").exists())
        .collect();
    dirs.sort();
    dirs.pop()
}

/// PostgreSQL refuses to run as root: then the cluster runs as the `postgres` user.
fn as_postgres(program: &Path, args: &[&str]) -> Command {
    let root = std::env::var("USER").is_ok_and(|u| u == "root")
        || Command::new("id")
            .arg("-u")
            .output()
            .is_ok_and(|o| o.stdout.starts_with(b"0"));
    if root {
        let mut c = Command::new("runuser");
        c.args(["-u", "postgres", "--"]).arg(program).args(args);
        c
    } else {
        let mut c = Command::new(program);
        c.args(args);
        c
    }
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// Starts a private cluster (initdb, pg_ctl) on a free port, trusting local connections.
pub fn postgres(name: &str) -> Postgres {
    if let Ok(url) = std::env::var("TENGEN_TEST_POSTGRES") {
        return Postgres { url, cluster: None };
    }
    let bin = pg_bin().expect(
        "PostgreSQL is needed for this test: apt-get install postgresql \
         (or set TENGEN_TEST_POSTGRES=postgres://...)",
    );
    let dir = std::env::temp_dir().join(format!("tengen-pg-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let _ = Command::new("chown")
        .args(["postgres", &dir.to_string_lossy()])
        .status();
    let data = dir.join("data");
    let ok = as_postgres(
        &bin.join("initdb"),
        &[
            "-D",
            &data.to_string_lossy(),
            "-A",
            "trust",
            "-U",
            "postgres",
        ],
    )
    .stdout(Stdio::null())
    .status()
    .expect("initdb runs");
    assert!(ok.success(), "initdb failed");
    let port = free_port();
    let opts = format!(
        "-p {port} -k {} -c listen_addresses=127.0.0.1 -c max_connections=100 -c fsync=on",
        dir.display()
    );
    let log = dir.join("log");
    let ctl = bin.join("pg_ctl");
    let ok = as_postgres(
        &ctl,
        &[
            "-D",
            &data.to_string_lossy(),
            "-o",
            &opts,
            "-l",
            &log.to_string_lossy(),
            "-w",
            "start",
        ],
    )
    .stdout(Stdio::null())
    .status()
    .expect("pg_ctl runs");
    assert!(
        ok.success(),
        "pg_ctl start failed: {}",
        std::fs::read_to_string(&log).unwrap_or_default()
    );
    Postgres {
        url: format!("postgres://postgres@127.0.0.1:{port}/postgres"),
        cluster: Some((ctl, data)),
    }
}
