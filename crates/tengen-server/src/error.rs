//! The errors a client sees: an HTTP status, a stable code, a sentence for people and,
//! for refused moves, the rule and the earlier move (docs/protocol.md, "Errors").

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde_json::{json, Map, Value};
use std::fmt;

/// An error reported to a client as `{"error": {"code", "message", ...}}`.
#[derive(Clone, Debug, PartialEq)]
pub struct ApiError {
    /// The HTTP status.
    pub status: StatusCode,
    /// The stable machine-readable code (`illegal_move`, `wrong_turn`, ...).
    pub code: &'static str,
    /// A sentence for people.
    pub message: String,
    /// Extra fields: `rule`, `point`, `earlier_move`, `field`, `retry_after_ms`.
    pub extra: Map<String, Value>,
}

impl ApiError {
    /// An error with no extra fields.
    pub fn new(status: StatusCode, code: &'static str, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            code,
            message: message.into(),
            extra: Map::new(),
        }
    }

    /// Adds an extra field.
    pub fn with(mut self, key: &str, value: impl Into<Value>) -> ApiError {
        self.extra.insert(key.to_string(), value.into());
        self
    }

    /// A malformed or invalid request; `field` names the part at fault.
    pub fn bad_request(field: &str, message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, "bad_request", message).with("field", field)
    }

    /// No such game.
    pub fn not_found(id: &str) -> ApiError {
        ApiError::new(
            StatusCode::NOT_FOUND,
            "not_found",
            format!("there is no game {id:?}"),
        )
    }

    /// A missing or wrong seat token.
    pub fn unauthorized() -> ApiError {
        ApiError::new(
            StatusCode::UNAUTHORIZED,
            "unauthorized",
            "this action needs the token of a seat of this game",
        )
    }

    /// An invitation used for anything but taking its seat.
    pub fn invitation_only() -> ApiError {
        ApiError::new(
            StatusCode::UNAUTHORIZED,
            "unauthorized",
            "an invitation only takes its seat: join with it first, then act with the seat's token the join returns",
        )
    }

    /// An invitation whose seat was taken with it already.
    pub fn spent_invitation() -> ApiError {
        ApiError::new(
            StatusCode::UNAUTHORIZED,
            "unauthorized",
            "this invitation was used to take its seat already; it acts for nothing now",
        )
    }

    /// The database cannot store games now (its file deleted, replaced or damaged, or
    /// the database failing): nothing was stored.
    pub fn storage(why: impl fmt::Display) -> ApiError {
        tracing::error!("storage failed: {why}");
        ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "storage_failed",
            format!("the server cannot store games now, and nothing was stored: {why}"),
        )
    }

    /// An action in the wrong phase.
    pub fn wrong_phase(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::CONFLICT, "wrong_phase", message)
    }

    /// Any action after the end.
    pub fn game_over() -> ApiError {
        ApiError::new(StatusCode::CONFLICT, "game_over", "the game is over")
    }

    /// An action based on a state that has changed.
    pub fn stale(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::CONFLICT, "stale", message)
    }

    /// Too many requests or messages.
    pub fn rate_limited(message: impl Into<String>, retry_after_ms: u64) -> ApiError {
        ApiError::new(StatusCode::TOO_MANY_REQUESTS, "rate_limited", message)
            .with("retry_after_ms", retry_after_ms)
    }

    /// The server is too busy to do this now; try again after the wait.
    pub fn busy(message: impl Into<String>, retry_after_ms: u64) -> ApiError {
        ApiError::new(StatusCode::SERVICE_UNAVAILABLE, "busy", message)
            .with("retry_after_ms", retry_after_ms)
    }

    /// A body over `limit` bytes.
    pub fn too_large(limit: usize) -> ApiError {
        ApiError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            "too_large",
            format!("the request body is over {} KiB", limit / 1024),
        )
    }

    /// A failure of the server or its database: nothing was stored.
    pub fn internal(message: impl fmt::Display) -> ApiError {
        tracing::error!("internal error: {message}");
        ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "internal",
            format!("the server failed and stored nothing: {message}"),
        )
    }

    /// The JSON body `{"error": {...}}`.
    pub fn body(&self) -> Value {
        let mut e = Map::new();
        e.insert("code".into(), json!(self.code));
        e.insert("message".into(), json!(self.message));
        for (k, v) in &self.extra {
            e.insert(k.clone(), v.clone());
        }
        json!({ "error": e })
    }
}

impl fmt::Display for ApiError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.code, self.message)
    }
}

impl std::error::Error for ApiError {}

impl IntoResponse for ApiError {
    /// The status and body; a wait (`retry_after_ms`) also as `Retry-After` in whole
    /// seconds.
    fn into_response(self) -> Response {
        let wait = self.extra.get("retry_after_ms").and_then(Value::as_u64);
        let mut resp = (self.status, axum::Json(self.body())).into_response();
        if let Some(ms) = wait {
            let secs = ms.div_ceil(1000).max(1);
            if let Ok(v) = axum::http::HeaderValue::from_str(&secs.to_string()) {
                resp.headers_mut()
                    .insert(axum::http::header::RETRY_AFTER, v);
            }
        }
        resp
    }
}
