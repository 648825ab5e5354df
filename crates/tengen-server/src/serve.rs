//! Starting the server: lock the SQLite file (one server per file), open the database,
//! learn how long no server was alive, resume the unfinished games without charging that
//! time to anybody, listen for other servers' events (PostgreSQL), record this server's
//! signs of life, and serve HTTP.

use crate::app::{now, App, Downtime};
use crate::limits::Limits;
use crate::store::{normalise_url, take_sync_option, Backend, Store, CHANNEL};
use std::future::Future;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

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

/// How often a server records that it is alive.
const HEARTBEAT: Duration = Duration::from_secs(1);

/// A gap in the signs of life longer than this is time the server was down.
const DOWNTIME_AFTER_MS: i64 = 2_000;

/// Opens the database, resumes the games and binds the address; the future serves until
/// the process ends.
pub async fn start(
    config: Config,
) -> Result<(Started, impl Future<Output = std::io::Result<()>>), String> {
    match crate::listen::raise_open_file_limit() {
        Ok(n) => tracing::info!("open files allowed: {n}"),
        Err(e) => tracing::warn!("the open-file limit could not be raised: {e}"),
    }
    // One server per SQLite file: the lock is taken before the file is touched.
    let (bare, _) = take_sync_option(&config.database);
    let lock = match crate::dbfile::sqlite_path(&normalise_url(&bare).0) {
        Some(path) => Some(crate::dbfile::lock(&path)?),
        None => None,
    };
    let store = Store::open(&config.database)
        .await
        .map_err(|e| format!("cannot open the database {}: {e}", config.database))?;
    let backend = store.backend();
    let url = store.url().to_string();
    let last_alive = store
        .last_alive()
        .await
        .map_err(|e| format!("cannot read the database {}: {e}", config.database))?;
    let app = App::new(store, config.limits, config.web_dir);
    if let Some(lock) = lock {
        app.hold_lock(lock);
    }
    let restarted = now();
    app.store
        .beat(&app.node, restarted)
        .await
        .map_err(|e| format!("cannot write to the database {}: {e}", config.database))?;
    if backend == Backend::Postgres {
        listen(app.clone(), url).await?;
    }
    let downtime = last_alive
        .filter(|&from| restarted - from > DOWNTIME_AFTER_MS)
        .map(|from| Downtime {
            from,
            to: restarted,
        });
    if let Some(d) = downtime {
        tracing::info!("no server was alive for {} ms: not charged", d.to - d.from);
    }
    let resumed = app.recover(downtime).await.map_err(|e| e.to_string())?;
    keep_alive(app.clone());
    let listener = tokio::net::TcpListener::bind(&config.addr)
        .await
        .map_err(|e| format!("cannot listen on {}: {e}", config.addr))?;
    let addr = listener.local_addr().map_err(|e| e.to_string())?;
    let router = crate::api::router(app.clone());
    let serving = crate::listen::Serving {
        connections_per_client: app.limits.connections_per_client,
        header_read_timeout: app.limits.header_read_timeout,
    };
    let serve = crate::listen::serve(listener, router, serving, stop_signal());
    Ok((Started { addr, resumed, app }, serve))
}

/// The server's background work: its sign of life every second (the database's health
/// is logged when it fails), and every minute forgetting the finished games nobody
/// watches, the clients that have been quiet and the servers long gone.
fn keep_alive(app: Arc<App>) {
    let beating = app.clone();
    tokio::spawn(async move {
        let mut every = tokio::time::interval(HEARTBEAT);
        let mut failing = false;
        loop {
            every.tick().await;
            if let Err(e) = beating.store.beat(&beating.node, now()).await {
                tracing::warn!("the sign of life could not be stored: {e}");
            }
            match beating.store.health().await {
                Err(why) if !failing => {
                    tracing::error!("the database cannot store games: {why}");
                    failing = true;
                }
                Ok(()) if failing => {
                    tracing::info!("the database can store games again");
                    failing = false;
                }
                _ => {}
            }
        }
    });
    tokio::spawn(async move {
        let mut every = tokio::time::interval(Duration::from_secs(60));
        loop {
            every.tick().await;
            app.evict_finished();
            app.rates.forget_quiet();
            let _ = app.store.forget_nodes(now() - 86_400_000).await;
        }
    });
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
