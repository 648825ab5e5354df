//! Starting the server: open the database, resume the unfinished games, listen for other
//! servers' events (PostgreSQL), and serve HTTP.

use crate::app::{App, Limits};
use crate::store::{Backend, Store, CHANNEL};
use std::future::Future;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;

/// How to run a server.
#[derive(Clone, Debug)]
pub struct Config {
    /// The address to listen on (`127.0.0.1:0` picks a free port).
    pub addr: String,
    /// The database: an SQLite file, `sqlite::memory:`, or `postgres://...`.
    pub database: String,
    /// The web board's directory, if served.
    pub web_dir: Option<PathBuf>,
    /// Request limits.
    pub limits: Limits,
}

/// A started server.
pub struct Started {
    /// The address it listens on.
    pub addr: SocketAddr,
    /// The unfinished games it resumed.
    pub resumed: usize,
    /// The server itself.
    pub app: Arc<App>,
}

/// Opens the database, resumes the games and binds the address; the future serves until
/// the process ends.
pub async fn start(
    config: Config,
) -> Result<(Started, impl Future<Output = std::io::Result<()>>), String> {
    let store = Store::open(&config.database)
        .await
        .map_err(|e| format!("cannot open the database {}: {e}", config.database))?;
    let backend = store.backend();
    let url = store.url().to_string();
    let app = App::new(store, config.limits, config.web_dir);
    if backend == Backend::Postgres {
        listen(app.clone(), url).await?;
    }
    let resumed = app.recover().await.map_err(|e| e.to_string())?;
    let janitor = app.clone();
    tokio::spawn(async move {
        let mut every = tokio::time::interval(std::time::Duration::from_secs(60));
        loop {
            every.tick().await;
            janitor.evict_finished();
        }
    });
    let listener = tokio::net::TcpListener::bind(&config.addr)
        .await
        .map_err(|e| format!("cannot listen on {}: {e}", config.addr))?;
    let addr = listener.local_addr().map_err(|e| e.to_string())?;
    let router = crate::api::router(app.clone());
    let serve = async move {
        // Small writes (a state, then its ack) go out at once, not after a delayed ACK.
        let listener = axum::serve::ListenerExt::tap_io(listener, |tcp| {
            let _ = tcp.set_nodelay(true);
        });
        axum::serve(
            listener,
            router.into_make_service_with_connect_info::<SocketAddr>(),
        )
        .with_graceful_shutdown(stop_signal())
        .await
    };
    Ok((Started { addr, resumed, app }, serve))
}

/// Ctrl-C or SIGTERM: stop taking connections and let the requests in flight finish
/// (everything acknowledged is already stored).
async fn stop_signal() {
    let interrupt = tokio::signal::ctrl_c();
    #[cfg(unix)]
    {
        let mut term =
            match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
                Ok(t) => t,
                Err(_) => return std::future::pending().await,
            };
        tokio::select! {
            _ = interrupt => {}
            _ = term.recv() => {}
        }
    }
    #[cfg(not(unix))]
    let _ = interrupt.await;
}

/// Follows PostgreSQL's notifications of new events; after a lost connection, every game
/// in memory catches up with the database.
async fn listen(app: Arc<App>, url: String) -> Result<(), String> {
    let mut listener = sqlx::postgres::PgListener::connect(&url)
        .await
        .map_err(|e| format!("cannot listen to {url}: {e}"))?;
    listener
        .listen(CHANNEL)
        .await
        .map_err(|e| format!("cannot listen to {CHANNEL}: {e}"))?;
    tokio::spawn(async move {
        loop {
            match listener.try_recv().await {
                Ok(Some(n)) => {
                    let payload = n.payload().to_string();
                    let Some((id, seq)) = payload.split_once(' ') else {
                        continue;
                    };
                    let Ok(seq) = seq.parse::<i64>() else {
                        continue;
                    };
                    let app = app.clone();
                    let id = id.to_string();
                    tokio::spawn(async move { app.notified(&id, seq).await });
                }
                Ok(None) => {
                    tracing::warn!("the PostgreSQL listener reconnected: catching up");
                    app.catch_up_all().await;
                }
                Err(e) => {
                    tracing::warn!("the PostgreSQL listener failed: {e}");
                    tokio::time::sleep(std::time::Duration::from_secs(1)).await;
                }
            }
        }
    });
    Ok(())
}
