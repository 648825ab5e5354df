//! What every request passes before its route (docs/protocol.md, "Limits" and
//! "Requests from browsers"): the client's request rate; for a request that changes
//! something, a JSON body and, when a browser says where the page came from, this site's
//! own origin (so that another site cannot act from a visitor's browser); and on every
//! response, the headers that keep the web board's pages from being framed, sniffed or
//! leaking their links.

use crate::app::App;
use crate::error::ApiError;
use axum::extract::{ConnectInfo, Request, State};
use axum::http::{header, HeaderMap, HeaderValue, Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use std::net::SocketAddr;
use std::sync::Arc;

/// The page's scripts, styles and connections come from this site only; no plugins, no
/// `<base>`, and no other site may show the page in a frame.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self'; \
    style-src 'self'; img-src 'self' data:; connect-src 'self'; object-src 'none'; \
    base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/// Checks the request's rate, body type and origin before its route runs.
pub async fn guard(State(app): State<Arc<App>>, req: Request, next: Next) -> Response {
    if let Some(ConnectInfo(addr)) = req.extensions().get::<ConnectInfo<SocketAddr>>() {
        if let Err(wait) = app.rates.take(addr.ip()) {
            return rate_limited(wait);
        }
    }
    let changes = changes_state(req.method());
    if changes || is_websocket(req.headers()) {
        if let Err(e) = same_origin(req.headers()) {
            return e.into_response();
        }
    }
    if changes {
        if let Err(e) = json_body(req.headers()) {
            return e.into_response();
        }
    }
    next.run(req).await
}

/// Adds the security headers to a response.
pub async fn security_headers(mut resp: Response) -> Response {
    let h = resp.headers_mut();
    h.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(CONTENT_SECURITY_POLICY),
    );
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    // Seat tokens travel in links: the address of a page is never sent to another site.
    h.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    h.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    resp
}

/// 429 with `Retry-After` (whole seconds) and the wait in the body.
fn rate_limited(wait_ms: u64) -> Response {
    let mut resp = ApiError::rate_limited(
        "more requests a second than a client may make; try again after the wait",
        wait_ms,
    )
    .into_response();
    let secs = wait_ms.div_ceil(1000).max(1);
    if let Ok(v) = HeaderValue::from_str(&secs.to_string()) {
        resp.headers_mut().insert(header::RETRY_AFTER, v);
    }
    resp
}

fn changes_state(method: &Method) -> bool {
    !matches!(*method, Method::GET | Method::HEAD | Method::OPTIONS)
}

fn is_websocket(headers: &HeaderMap) -> bool {
    headers
        .get(header::UPGRADE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.eq_ignore_ascii_case("websocket"))
}

/// A request with an `Origin` must come from a page of this very site (scheme aside: a
/// proxy may end TLS): its origin's host and port are the request's `Host`.
fn same_origin(headers: &HeaderMap) -> Result<(), ApiError> {
    let Some(origin) = headers.get(header::ORIGIN) else {
        // Not sent by a browser on another site's behalf.
        return Ok(());
    };
    let origin = origin.to_str().unwrap_or("");
    let authority = origin
        .strip_prefix("http://")
        .or_else(|| origin.strip_prefix("https://"));
    let host = headers.get(header::HOST).and_then(|h| h.to_str().ok());
    match (authority, host) {
        (Some(a), Some(h)) if a.eq_ignore_ascii_case(h) => Ok(()),
        _ => Err(ApiError::new(
            StatusCode::FORBIDDEN,
            "forbidden_origin",
            format!(
                "a request from a page of {origin:?} may not act on this server; \
                 only this site's own pages may"
            ),
        )),
    }
}

/// A request that changes something has a JSON body (`Content-Type: application/json`,
/// parameters allowed): a plain HTML form of another site cannot send one.
fn json_body(headers: &HeaderMap) -> Result<(), ApiError> {
    let ok = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split(';').next())
        .is_some_and(|essence| essence.trim().eq_ignore_ascii_case("application/json"));
    if ok {
        Ok(())
    } else {
        Err(ApiError::new(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "unsupported_media_type",
            "a request that changes something needs the header Content-Type: application/json",
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(pairs: &[(&'static str, &str)]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for (k, v) in pairs {
            h.insert(*k, HeaderValue::from_str(v).unwrap());
        }
        h
    }

    #[test]
    fn only_this_sites_pages_pass_the_origin_check() {
        assert!(same_origin(&headers(&[("host", "go.example:8080")])).is_ok());
        assert!(same_origin(&headers(&[
            ("host", "go.example:8080"),
            ("origin", "http://go.example:8080")
        ]))
        .is_ok());
        assert!(same_origin(&headers(&[
            ("host", "go.example"),
            ("origin", "https://go.example")
        ]))
        .is_ok());
        for bad in [
            "http://evil.example",
            "null",
            "http://go.example:8081",
            "go.example",
        ] {
            let e =
                same_origin(&headers(&[("host", "go.example:8080"), ("origin", bad)])).unwrap_err();
            assert_eq!(e.code, "forbidden_origin", "{bad}");
        }
    }

    #[test]
    fn bodies_must_be_declared_json() {
        assert!(json_body(&headers(&[("content-type", "application/json")])).is_ok());
        assert!(json_body(&headers(&[(
            "content-type",
            "Application/JSON; charset=utf-8"
        )]))
        .is_ok());
        for bad in [
            "text/plain",
            "application/x-www-form-urlencoded",
            "multipart/form-data",
        ] {
            assert_eq!(
                json_body(&headers(&[("content-type", bad)]))
                    .unwrap_err()
                    .code,
                "unsupported_media_type"
            );
        }
        assert!(json_body(&HeaderMap::new()).is_err());
    }
}
