//! The WebSocket of a game (docs/protocol.md): the snapshot on connecting and after every
//! change, actions with an acknowledgement or an error, pings; at most so many messages a
//! second per connection.

use crate::app::{now, App, GameCell};
use crate::error::ApiError;
use crate::events::Envelope;
use axum::extract::ws::{Message, Utf8Bytes, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, RawQuery, State};
use axum::response::{IntoResponse, Response};
use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use std::sync::Arc;
use std::time::Instant;
use tokio::sync::broadcast::error::{RecvError, TryRecvError};

/// `GET /api/games/{id}/ws[?token=TOKEN]`.
pub async fn upgrade(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    RawQuery(query): RawQuery,
    ws: WebSocketUpgrade,
) -> Response {
    let cell = match app.cell(&id).await {
        Ok(c) => c,
        Err(e) => return e.into_response(),
    };
    let token = query.and_then(|q| {
        q.split('&')
            .find_map(|p| p.strip_prefix("token=").map(str::to_string))
    });
    let max = app.limits.ws_message_bytes;
    // Messages are small: 8 KiB buffers instead of 128 KiB keep ten thousand viewers
    // in a few hundred megabytes.
    ws.max_message_size(max)
        .max_frame_size(max)
        .read_buffer_size(8 * 1024)
        .write_buffer_size(8 * 1024)
        .on_upgrade(move |socket| session(app, cell, socket, token))
}

/// A token bucket: `rate` messages a second, in bursts of up to `rate`.
struct Bucket {
    rate: f64,
    tokens: f64,
    last: Instant,
}

impl Bucket {
    fn new(rate: u32) -> Bucket {
        Bucket {
            rate: f64::from(rate.max(1)),
            tokens: f64::from(rate.max(1)),
            last: Instant::now(),
        }
    }

    /// Takes a token; `Err` with the wait in milliseconds if there is none.
    fn take(&mut self) -> Result<(), u64> {
        let t = Instant::now();
        let refill = t.duration_since(self.last).as_secs_f64() * self.rate;
        self.tokens = (self.tokens + refill).min(self.rate);
        self.last = t;
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            Ok(())
        } else {
            Err(((1.0 - self.tokens) / self.rate * 1000.0).ceil() as u64)
        }
    }
}

fn text(v: Value) -> Message {
    Message::Text(Utf8Bytes::from(v.to_string()))
}

fn error_message(id: Option<Value>, e: &ApiError) -> Message {
    let mut body = e.body();
    body["type"] = json!("error");
    body["id"] = id.unwrap_or(Value::Null);
    text(body)
}

async fn session(app: Arc<App>, cell: Arc<GameCell>, socket: WebSocket, token: Option<String>) {
    let (mut tx, mut rx) = socket.split();
    let mut updates = cell.updates.subscribe();
    let first = app.state_message(&cell).await;
    if tx
        .send(Message::Text(Utf8Bytes::from(&*first)))
        .await
        .is_err()
    {
        return;
    }
    let mut bucket = Bucket::new(app.limits.ws_messages_per_second);
    loop {
        tokio::select! {
            incoming = rx.next() => {
                let Some(Ok(msg)) = incoming else { break };
                let reply = match msg {
                    Message::Text(t) => {
                        match bucket.take() {
                            Ok(()) => handle(&app, &cell, t.as_str(), token.as_deref()).await,
                            Err(wait) => Some(error_message(None, &ApiError::rate_limited(
                                "more than the allowed messages a second on this connection", wait))),
                        }
                    }
                    Message::Binary(_) => Some(error_message(None, &ApiError::bad_request(
                        "message", "messages are JSON text"))),
                    Message::Close(_) => break,
                    Message::Ping(_) | Message::Pong(_) => None,
                };
                // The new state goes out before the acknowledgement of what changed it.
                loop {
                    match updates.try_recv() {
                        Ok(state) => {
                            if tx.send(Message::Text(Utf8Bytes::from(&*state))).await.is_err() { return; }
                        }
                        Err(TryRecvError::Lagged(_)) => {
                            let state = app.state_message(&cell).await;
                            if tx.send(Message::Text(Utf8Bytes::from(&*state))).await.is_err() { return; }
                        }
                        Err(_) => break,
                    }
                }
                if let Some(r) = reply {
                    if tx.send(r).await.is_err() { break; }
                }
            }
            update = updates.recv() => {
                let state = match update {
                    Ok(state) => state,
                    // Too slow to follow every change: the current state says it all.
                    Err(RecvError::Lagged(_)) => app.state_message(&cell).await,
                    Err(RecvError::Closed) => break,
                };
                if tx.send(Message::Text(Utf8Bytes::from(&*state))).await.is_err() { break; }
            }
        }
    }
}

/// One text message: an action (acknowledged or refused) or a ping.
async fn handle(
    app: &Arc<App>,
    cell: &GameCell,
    msg: &str,
    token: Option<&str>,
) -> Option<Message> {
    let value: Value = match serde_json::from_str(msg) {
        Ok(v) => v,
        Err(e) => {
            let err = ApiError::bad_request(
                "message",
                format!(
                    "invalid JSON at line {} column {}: {e}",
                    e.line(),
                    e.column()
                ),
            );
            return Some(error_message(None, &err));
        }
    };
    let id = value.get("id").cloned();
    if value.get("type").and_then(Value::as_str) == Some("ping") {
        return Some(text(
            json!({"type": "pong", "id": id, "server_time": now()}),
        ));
    }
    let env: Envelope = match serde_json::from_value(value) {
        Ok(e) => e,
        Err(e) => {
            return Some(error_message(
                id,
                &ApiError::bad_request("message", e.to_string()),
            ))
        }
    };
    let token = env.token.as_deref().or(token);
    Some(match app.act(&cell.id, token, &env, false).await {
        Ok((seq, _)) => text(json!({"type": "ack", "id": id, "seq": seq})),
        Err(e) => error_message(id, &e),
    })
}
