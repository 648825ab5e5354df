//! The WebSocket of a game (docs/protocol.md): the snapshot on connecting and after every
//! change, actions with an acknowledgement or an error, pings; at most so many messages a
//! second per connection; a connection from which nothing arrives for too long (not even
//! the answer to the server's pings) is closed.

use crate::app::{now, App, GameCell};
use crate::error::ApiError;
use crate::events::Envelope;
use crate::limits::Bucket;
use axum::extract::ws::{Message, Utf8Bytes, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, RawQuery, State};
use axum::response::{IntoResponse, Response};
use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::broadcast::error::{RecvError, TryRecvError};
use tokio::time::Instant;

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

fn text(v: Value) -> Message {
    Message::Text(Utf8Bytes::from(v.to_string()))
}

fn error_message(id: Option<Value>, e: &ApiError) -> Message {
    let mut body = e.body();
    body["type"] = json!("error");
    body["id"] = id.unwrap_or(Value::Null);
    text(body)
}

/// When to ping a quiet client, and when to give up on it.
struct Idle {
    limit: Duration,
    last_heard: Instant,
    last_ping: Instant,
}

impl Idle {
    fn new(limit: Duration) -> Idle {
        let t = Instant::now();
        Idle {
            limit,
            last_heard: t,
            last_ping: t,
        }
    }

    /// The next instant something is due: a ping, or closing.
    fn next_check(&self) -> Instant {
        if self.limit.is_zero() {
            // Never: a day from now, checked again then.
            return Instant::now() + Duration::from_secs(86_400);
        }
        let ping = self.last_ping.max(self.last_heard) + self.limit / 3;
        ping.min(self.last_heard + self.limit)
    }
}

async fn session(app: Arc<App>, cell: Arc<GameCell>, socket: WebSocket, token: Option<String>) {
    let (mut tx, mut rx) = socket.split();
    let mut token = token;
    let mut updates = cell.updates.subscribe();
    let first = app.state_message(&cell).await;
    if tx
        .send(Message::Text(Utf8Bytes::from(&*first)))
        .await
        .is_err()
    {
        return;
    }
    let rate = app.limits.ws_messages_per_second;
    let mut bucket = Bucket::new(rate, rate);
    let mut idle = Idle::new(app.limits.ws_idle_timeout);
    loop {
        tokio::select! {
            _ = tokio::time::sleep_until(idle.next_check()) => {
                let t = Instant::now();
                if !idle.limit.is_zero() && t >= idle.last_heard + idle.limit {
                    let _ = tx.send(Message::Close(None)).await;
                    break;
                }
                if !idle.limit.is_zero() {
                    idle.last_ping = t;
                    if tx.send(Message::Ping(Default::default())).await.is_err() { break; }
                }
            }
            incoming = rx.next() => {
                let Some(Ok(msg)) = incoming else { break };
                idle.last_heard = Instant::now();
                let reply = match msg {
                    Message::Text(t) => {
                        match bucket.take() {
                            Ok(()) => {
                                let (reply, seat_token) =
                                    handle(&app, &cell, t.as_str(), token.as_deref()).await;
                                // After a join with the connection's invitation, the
                                // connection acts with the seat's secret.
                                if seat_token.is_some() {
                                    token = seat_token;
                                }
                                reply
                            }
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

/// One text message: an action (acknowledged or refused) or a ping; and, after a join
/// that used the connection's own token, the seat's secret the connection acts with from
/// then on.
async fn handle(
    app: &Arc<App>,
    cell: &GameCell,
    msg: &str,
    token: Option<&str>,
) -> (Option<Message>, Option<String>) {
    match reply(app, cell, msg, token).await {
        Ok((reply, seat_token)) => (Some(reply), seat_token),
        Err(reply) => (Some(reply), None),
    }
}

async fn reply(
    app: &Arc<App>,
    cell: &GameCell,
    msg: &str,
    token: Option<&str>,
) -> Result<(Message, Option<String>), Message> {
    let value: Value = serde_json::from_str(msg).map_err(|e| {
        let err = ApiError::bad_request(
            "message",
            format!(
                "invalid JSON at line {} column {}: {e}",
                e.line(),
                e.column()
            ),
        );
        error_message(None, &err)
    })?;
    let id = value.get("id").cloned();
    if value.get("type").and_then(Value::as_str) == Some("ping") {
        let pong = json!({"type": "pong", "id": id, "server_time": now()});
        return Ok((text(pong), None));
    }
    let env: Envelope = serde_json::from_value(value)
        .map_err(|e| error_message(id.clone(), &ApiError::bad_request("message", e.to_string())))?;
    let own_token = env.token.is_none();
    let acted = app
        .act(&cell.id, env.token.as_deref().or(token), &env, false)
        .await
        .map_err(|e| error_message(id.clone(), &e))?;
    let mut ack = json!({"type": "ack", "id": id, "seq": acted.seq});
    if let Some(t) = &acted.token {
        ack["token"] = json!(t);
    }
    Ok((text(ack), acted.token.filter(|_| own_token)))
}
