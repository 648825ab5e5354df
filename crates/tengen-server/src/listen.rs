//! Accepting connections (docs/protocol.md, "Limits"): each client (address) may hold so
//! many connections at once, WebSockets included, and the one over the limit gets a 429
//! and is closed; a connection that does not send a request's head in time, whether it
//! stalls halfway or sits idle between requests, is closed; and the process may open as
//! many files as the system allows it, so that idle sockets cannot use up the few it is
//! given by default before the timeouts close them.

use crate::limits::client_key;
use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::http::Request;
use axum::Router;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use std::collections::HashMap;
use std::future::Future;
use std::net::{IpAddr, SocketAddr};
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncWrite, AsyncWriteExt, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::watch;
use tower::ServiceExt;

/// Raises the soft limit of open files to the hard limit; the limit now.
pub fn raise_open_file_limit() -> std::io::Result<u64> {
    rlimit::increase_nofile_limit(u64::MAX)
}

/// The open connections of each client.
#[derive(Debug, Default)]
pub struct Connections {
    per_client: usize,
    open: Mutex<HashMap<IpAddr, usize>>,
}

/// One open connection, counted until it is dropped (with the socket, also after an
/// upgrade to a WebSocket).
#[derive(Debug)]
pub struct Slot {
    connections: Arc<Connections>,
    client: IpAddr,
}

impl Drop for Slot {
    fn drop(&mut self) {
        if let Ok(mut open) = self.connections.open.lock() {
            if let Some(n) = open.get_mut(&self.client) {
                *n -= 1;
                if *n == 0 {
                    open.remove(&self.client);
                }
            }
        }
    }
}

impl Connections {
    /// At most `per_client` connections for each client; 0 for no limit.
    pub fn new(per_client: usize) -> Arc<Connections> {
        Arc::new(Connections {
            per_client,
            open: Mutex::new(HashMap::new()),
        })
    }

    /// A slot for a new connection from `ip`, or `None` if its client has all its slots.
    pub fn admit(self: &Arc<Connections>, ip: IpAddr) -> Option<Slot> {
        let client = client_key(ip);
        let mut open = self.open.lock().ok()?;
        let n = open.entry(client).or_insert(0);
        if self.per_client > 0 && *n >= self.per_client {
            return None;
        }
        *n += 1;
        Some(Slot {
            connections: self.clone(),
            client,
        })
    }

    /// How many connections `ip`'s client has open.
    pub fn open_of(&self, ip: IpAddr) -> usize {
        self.open
            .lock()
            .map_or(0, |m| m.get(&client_key(ip)).copied().unwrap_or(0))
    }
}

/// A socket that holds its connection's slot.
struct Counted {
    tcp: TcpStream,
    _slot: Slot,
}

impl AsyncRead for Counted {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.tcp).poll_read(cx, buf)
    }
}

impl AsyncWrite for Counted {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<std::io::Result<usize>> {
        Pin::new(&mut self.tcp).poll_write(cx, buf)
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.tcp).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.tcp).poll_shutdown(cx)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[std::io::IoSlice<'_>],
    ) -> Poll<std::io::Result<usize>> {
        Pin::new(&mut self.tcp).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.tcp.is_write_vectored()
    }
}

/// The answer to a connection over its client's limit, before it is closed.
const TOO_MANY: &str = "{\"error\":{\"code\":\"too_many_connections\",\"message\":\"this client has as many connections open as it may; close one first\"}}";

async fn refuse(mut tcp: TcpStream) {
    let reply = format!(
        "HTTP/1.1 429 Too Many Requests\r\ncontent-type: application/json\r\nretry-after: 1\r\n\
         connection: close\r\ncontent-length: {}\r\n\r\n{TOO_MANY}",
        TOO_MANY.len()
    );
    let _ = tokio::time::timeout(Duration::from_secs(1), async {
        let _ = tcp.write_all(reply.as_bytes()).await;
        let _ = tcp.shutdown().await;
    })
    .await;
}

/// How connections are served.
#[derive(Clone, Debug)]
pub struct Serving {
    /// Connections each client may hold; 0 for no limit.
    pub connections_per_client: usize,
    /// The longest wait for a request's head (also between requests).
    pub header_read_timeout: Duration,
}

/// Serves `router` on `listener` until `stop` completes, then lets the requests in flight
/// finish (WebSockets already upgraded go on in their own tasks).
pub async fn serve(
    listener: TcpListener,
    router: Router,
    serving: Serving,
    stop: impl Future<Output = ()>,
) -> std::io::Result<()> {
    let connections = Connections::new(serving.connections_per_client);
    let (stop_tx, stop_rx) = watch::channel(false);
    let mut stop = std::pin::pin!(stop);
    loop {
        let (tcp, addr) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(a) => a,
                Err(e) => {
                    // Out of files or a connection reset before it was taken: wait a
                    // little rather than spin.
                    tracing::warn!("accepting a connection failed: {e}");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            () = &mut stop => break,
        };
        let Some(slot) = connections.admit(addr.ip()) else {
            // Debug, not warn: a client that floods connections would flood the log too.
            tracing::debug!(
                "refused a connection from {}: its client has {} open, the most it may",
                addr.ip(),
                connections.open_of(addr.ip())
            );
            tokio::spawn(refuse(tcp));
            continue;
        };
        // Small writes (a state, then its ack) go out at once, not after a delayed ACK.
        let _ = tcp.set_nodelay(true);
        let io = TokioIo::new(Counted { tcp, _slot: slot });
        tokio::spawn(connection(
            io,
            addr,
            router.clone(),
            serving.header_read_timeout,
            stop_rx.clone(),
        ));
    }
    let _ = stop_tx.send(true);
    // Every connection task holds a receiver: they are all gone when this returns, once
    // this function's own is dropped too (kept, it would wait for ever).
    drop(stop_rx);
    stop_tx.closed().await;
    Ok(())
}

/// Serves one connection.
async fn connection(
    io: TokioIo<Counted>,
    addr: SocketAddr,
    router: Router,
    header_read_timeout: Duration,
    mut stop: watch::Receiver<bool>,
) {
    let service = hyper::service::service_fn(move |mut req: Request<Incoming>| {
        req.extensions_mut().insert(ConnectInfo(addr));
        router.clone().oneshot(req.map(Body::new))
    });
    let mut builder = hyper::server::conn::http1::Builder::new();
    builder
        .timer(TokioTimer::new())
        .header_read_timeout(header_read_timeout)
        .keep_alive(true);
    let conn = builder.serve_connection(io, service).with_upgrades();
    let mut conn = std::pin::pin!(conn);
    loop {
        tokio::select! {
            result = conn.as_mut() => {
                if let Err(e) = result {
                    tracing::debug!("connection from {addr}: {e}");
                }
                break;
            }
            changed = stop.changed() => {
                if changed.is_err() || *stop.borrow() {
                    conn.as_mut().graceful_shutdown();
                }
                if changed.is_err() {
                    // The stop signal's sender is gone: wait for the connection alone.
                    let _ = conn.as_mut().await;
                    break;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_client_gets_so_many_slots_and_gets_them_back() {
        let c = Connections::new(2);
        let ip: IpAddr = "192.0.2.5".parse().unwrap();
        let other: IpAddr = "192.0.2.6".parse().unwrap();
        let a = c.admit(ip).unwrap();
        let _b = c.admit(ip).unwrap();
        assert!(c.admit(ip).is_none());
        assert!(c.admit(other).is_some());
        drop(a);
        assert_eq!(c.open_of(ip), 1);
        assert!(c.admit(ip).is_some());
        let unlimited = Connections::new(0);
        let held: Vec<_> = (0..1000).map(|_| unlimited.admit(ip).unwrap()).collect();
        assert_eq!(unlimited.open_of(ip), 1000);
        drop(held);
        assert_eq!(unlimited.open_of(ip), 0);
    }
}
