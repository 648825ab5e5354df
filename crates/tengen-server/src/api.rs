//! The HTTP routes (docs/protocol.md): JSON in and out, every refusal a JSON error, and
//! the web board's own files (its pages, scripts, styles and icon: nothing else of its
//! directory, such as its tests or package files).

use crate::app::App;
use crate::error::ApiError;
use crate::events::Envelope;
use crate::settings::CreateRequest;
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{ConnectInfo, DefaultBodyLimit, Path, RawQuery, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{any, get, post};
use axum::{Json, Router};
use serde::de::DeserializeOwned;
use serde_json::{json, Value};
use std::future::Future;
use std::net::SocketAddr;
use std::sync::Arc;
use tengen::rules::RulesetName;
use tower_http::services::{ServeDir, ServeFile};

/// The machine-readable protocol description.
pub const OPENAPI: &str = include_str!("../openapi.json");

/// Every route of the server, behind the request guard and with the security headers.
pub fn router(app: Arc<App>) -> Router {
    let limit = app.limits.body_bytes;
    let web = app.web_dir.clone();
    let mut router = Router::new()
        .route("/api/health", get(health))
        .route("/api/rulesets", get(rulesets))
        .route("/api/openapi.json", get(openapi))
        .route("/api/games", get(list_games).post(create_game))
        .route("/api/games/{id}", get(get_game))
        .route("/api/games/{id}/sgf", get(get_sgf))
        .route("/api/games/{id}/actions", post(post_action))
        .route("/api/games/{id}/seat", post(take_seat))
        .route("/api/games/{id}/estimate", get(estimate))
        .route("/api/games/{id}/ws", get(crate::ws::upgrade))
        .route(
            "/api/review",
            post(review).layer(DefaultBodyLimit::max(app.limits.review_bytes)),
        )
        .route(
            "/api/review/sgf",
            post(review_sgf).layer(DefaultBodyLimit::max(app.limits.review_bytes)),
        )
        .route("/api", any(api_not_found))
        .route("/api/{*rest}", any(api_not_found))
        .method_not_allowed_fallback(method_not_allowed);
    if let Some(dir) = web {
        router = router
            .route_service("/", ServeFile::new(dir.join("index.html")))
            .route_service("/game/{id}", ServeFile::new(dir.join("game.html")))
            .route_service("/review", ServeFile::new(dir.join("review.html")))
            .route_service("/favicon.svg", ServeFile::new(dir.join("favicon.svg")))
            .nest_service("/css", ServeDir::new(dir.join("css")))
            .nest_service("/js", ServeDir::new(dir.join("js")));
    }
    router
        .fallback(page_not_found)
        .layer(DefaultBodyLimit::max(limit))
        .layer(axum::middleware::from_fn_with_state(
            app.clone(),
            crate::guard::guard,
        ))
        .layer(axum::middleware::map_response(
            crate::guard::security_headers,
        ))
        .with_state(app)
}

/// 200 while the database can store games, else 503 with the reason.
async fn health(State(app): State<Arc<App>>) -> Response {
    let (ok, body) = app.health().await;
    let status = if ok {
        StatusCode::OK
    } else {
        StatusCode::SERVICE_UNAVAILABLE
    };
    (status, Json(body)).into_response()
}

async fn page_not_found() -> ApiError {
    ApiError::new(StatusCode::NOT_FOUND, "not_found", "no such page")
}

async fn openapi() -> Response {
    ([(header::CONTENT_TYPE, "application/json")], OPENAPI).into_response()
}

async fn api_not_found() -> ApiError {
    ApiError::new(
        StatusCode::NOT_FOUND,
        "not_found",
        "no such route; see /api/openapi.json",
    )
}

async fn method_not_allowed() -> ApiError {
    ApiError::new(
        StatusCode::METHOD_NOT_ALLOWED,
        "method_not_allowed",
        "this route does not take that method; see /api/openapi.json",
    )
}

/// Every named ruleset with its one-line summary and its rule values.
async fn rulesets() -> Json<Value> {
    let list: Vec<Value> = RulesetName::ALL
        .iter()
        .map(|&n| {
            let rules = n.rules();
            json!({
                "name": n.name(),
                "title": crate::settings::ruleset_title(n),
                "summary": n.summary(),
                "komi": rules.komi.points(),
                "rules": rules.entries().into_iter().collect::<std::collections::BTreeMap<_, _>>(),
            })
        })
        .collect();
    Json(Value::Array(list))
}

/// A JSON body of at most `limit` bytes, with a located error when it is not the JSON
/// expected.
fn parse_body<T: DeserializeOwned>(
    body: Result<Bytes, BytesRejection>,
    limit: usize,
) -> Result<T, ApiError> {
    let bytes = body.map_err(|r| {
        if r.status() == StatusCode::PAYLOAD_TOO_LARGE {
            ApiError::too_large(limit)
        } else {
            ApiError::bad_request("body", format!("the request body could not be read: {r}"))
        }
    })?;
    serde_json::from_slice(&bytes).map_err(|e| {
        ApiError::bad_request(
            "body",
            format!(
                "invalid JSON at line {} column {}: {e}",
                e.line(),
                e.column()
            ),
        )
    })
}

async fn create_game(
    State(app): State<Arc<App>>,
    ConnectInfo(client): ConnectInfo<SocketAddr>,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let req: CreateRequest = parse_body(body, app.limits.body_bytes)?;
    let client = client.ip().to_string();
    let reply = to_the_end(async move { app.create(&req, &client).await }).await?;
    Ok((StatusCode::CREATED, Json(reply)).into_response())
}

/// `?status=active|finished|open&limit=N` (`open`: the open challenges).
async fn list_games(
    State(app): State<Arc<App>>,
    RawQuery(query): RawQuery,
) -> Result<Json<Value>, ApiError> {
    let mut status = "active".to_string();
    let mut limit = 50i64;
    for pair in query
        .unwrap_or_default()
        .split('&')
        .filter(|p| !p.is_empty())
    {
        let (k, v) = pair.split_once('=').unwrap_or((pair, ""));
        match k {
            "status" if matches!(v, "active" | "finished" | "open") => status = v.to_string(),
            "status" => {
                return Err(ApiError::bad_request(
                    "status",
                    "status must be active, finished or open",
                ))
            }
            "limit" => {
                limit = v
                    .parse::<i64>()
                    .ok()
                    .filter(|n| (1..=200).contains(n))
                    .ok_or_else(|| ApiError::bad_request("limit", "limit must be 1 to 200"))?
            }
            _ => {}
        }
    }
    if status == "open" {
        return Ok(Json(app.open_challenges(limit).await?));
    }
    Ok(Json(app.list(&status, limit).await?))
}

/// The body of `POST /api/games/{id}/seat`.
#[derive(serde::Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct SeatRequest {
    /// The display name.
    #[serde(default)]
    name: Option<String>,
}

/// `POST /api/games/{id}/seat`: the open seat of a public game, for whoever asks first.
async fn take_seat(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    body: Result<Bytes, BytesRejection>,
) -> Result<Json<Value>, ApiError> {
    let req: SeatRequest = parse_body(body, app.limits.body_bytes)?;
    let seat = to_the_end(async move { app.take_open_seat(&id, req.name).await }).await?;
    Ok(Json(seat))
}

/// `GET /api/games/{id}/estimate`: the estimator's view during play.
async fn estimate(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
) -> Result<Json<Value>, ApiError> {
    Ok(Json(app.estimate(&id).await?))
}

async fn get_game(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
) -> Result<Json<Value>, ApiError> {
    Ok(Json(app.snapshot(&id).await?))
}

async fn get_sgf(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let text = app.sgf(&id).await?;
    let disposition = format!("attachment; filename=\"tengen-{id}.sgf\"");
    Ok((
        [
            (
                header::CONTENT_TYPE,
                "application/x-go-sgf; charset=utf-8".to_string(),
            ),
            (header::CONTENT_DISPOSITION, disposition),
        ],
        text,
    )
        .into_response())
}

/// The token of `Authorization: Bearer TOKEN`.
fn bearer(headers: &HeaderMap) -> Option<&str> {
    headers
        .get(header::AUTHORIZATION)?
        .to_str()
        .ok()?
        .strip_prefix("Bearer ")
        .map(str::trim)
}

/// Runs a change of a game to its end even if its client goes away meanwhile. The server
/// drops the handler of a request whose client left; dropped between storing an event and
/// applying it, the game in memory (what viewers and the next move see) would fall behind
/// the game stored, and a public game stored but not yet listed would never be listed
/// (tests/robustness.rs).
async fn to_the_end<T: Send + 'static>(
    change: impl Future<Output = Result<T, ApiError>> + Send + 'static,
) -> Result<T, ApiError> {
    tokio::spawn(change).await.unwrap_or_else(|e| {
        tracing::error!("a change of a game failed: {e}");
        Err(ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "internal",
            "the server failed while changing the game; load it again to see what was stored",
        ))
    })
}

async fn post_action(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Result<Json<Value>, ApiError> {
    let env: Envelope = parse_body(body, app.limits.body_bytes)?;
    let token = bearer(&headers).map(str::to_owned);
    let acted = to_the_end(async move { app.act(&id, token.as_deref(), &env, true).await }).await?;
    let mut reply = json!({"seq": acted.seq, "game": acted.game});
    if let Some(token) = acted.token {
        reply["token"] = json!(token);
    }
    Ok(Json(reply))
}

/// `POST /api/review`: a record under every ruleset (crate::review).
async fn review(
    State(app): State<Arc<App>>,
    body: Result<Bytes, BytesRejection>,
) -> Result<Json<Value>, ApiError> {
    let req: crate::review::ReviewRequest = parse_body(body, app.limits.review_bytes)?;
    Ok(Json(app.review(req).await?))
}

/// `POST /api/review/sgf`: the record with variations, for download.
async fn review_sgf(
    State(app): State<Arc<App>>,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let req: crate::review::DownloadRequest = parse_body(body, app.limits.review_bytes)?;
    let text = app.review_sgf(req).await?;
    Ok((
        [
            (
                header::CONTENT_TYPE,
                "application/x-go-sgf; charset=utf-8".to_string(),
            ),
            (
                header::CONTENT_DISPOSITION,
                "attachment; filename=\"tengen-review.sgf\"".to_string(),
            ),
        ],
        text,
    )
        .into_response())
}
