//! `tengen serve`: the game server and the web board (docs/protocol.md).

use clap::Args as ClapArgs;
use std::path::PathBuf;
use tengen_server::{Config, Limits};

/// Arguments of `tengen serve`.
#[derive(ClapArgs, Debug)]
pub struct Args {
    /// Address to listen on (port 0 picks a free port).
    #[arg(long, default_value = "127.0.0.1:8080")]
    pub addr: String,
    /// Database: an SQLite file (created if missing; `FILE?sync=full` fsyncs every commit
    /// so that moves survive power loss too), `sqlite::memory:`, or
    /// `postgres://user@host/db` to share games between several servers.
    #[arg(long, default_value = "tengen.db")]
    pub database: String,
    /// The web board's directory (default: `web/` of the source tree).
    #[arg(long)]
    pub web: Option<PathBuf>,
    /// Unfinished games one address may have created (0: no limit).
    #[arg(long, default_value_t = 20)]
    pub max_open_games: i64,
    /// Messages a second one WebSocket connection may send.
    #[arg(long, default_value_t = 20)]
    pub ws_rate: u32,
    /// HTTP requests a second one address may make, in bursts of three times as many
    /// (0: no limit).
    #[arg(long, default_value_t = 20)]
    pub http_rate: u32,
    /// Connections one address may have open at once, WebSockets included (0: no limit).
    #[arg(long, default_value_t = 64)]
    pub max_connections_per_address: usize,
    /// Seconds after which a WebSocket that sent nothing (not even the answer to a ping)
    /// is closed (0: never).
    #[arg(long, default_value_t = 90)]
    pub ws_idle_timeout: u64,
}

/// The web board: `--web`, else `web/` here, else the one of the source tree.
fn web_dir(arg: Option<PathBuf>) -> Option<PathBuf> {
    if let Some(dir) = arg {
        return Some(dir);
    }
    let here = PathBuf::from("web");
    let source = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../web"));
    [here, source]
        .into_iter()
        .find(|d| d.join("index.html").is_file())
}

/// Runs the server until the process is stopped.
pub fn run(args: Args) -> Result<(), String> {
    tracing_subscriber::fmt()
        .with_writer(std::io::stderr)
        .with_max_level(tracing::Level::INFO)
        .init();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the runtime: {e}"))?;
    let web = web_dir(args.web);
    let config = Config {
        addr: args.addr,
        database: args.database.clone(),
        web_dir: web.clone(),
        limits: Limits {
            open_games_per_client: args.max_open_games,
            ws_messages_per_second: args.ws_rate,
            http_requests_per_second: args.http_rate,
            http_burst: args.http_rate.saturating_mul(3),
            connections_per_client: args.max_connections_per_address,
            ws_idle_timeout: std::time::Duration::from_secs(args.ws_idle_timeout),
            ..Limits::default()
        },
    };
    runtime.block_on(async move {
        let (started, serve) = tengen_server::start(config).await?;
        if web.is_none() {
            eprintln!("tengen serve: no web/ directory found: serving the API only");
        }
        println!(
            "tengen serve: http://{}/ (database {}, {} unfinished games resumed)",
            started.addr, args.database, started.resumed
        );
        serve.await.map_err(|e| format!("the server stopped: {e}"))
    })
}
