//! Storage: a `games` table (settings, seat tokens, status) and an append-only `events`
//! table whose primary key `(game_id, seq)` is what makes two servers unable to store two
//! different events as the same step of a game. SQLite by default (WAL journal: a commit is
//! on disk before the move is acknowledged, and survives `kill -9`), PostgreSQL for several
//! servers (a trigger NOTIFYs every new event).

use crate::dbfile::{sqlite_path, DbFile};
use sqlx::any::{AnyPoolOptions, AnyRow};
use sqlx::{AnyConnection, AnyPool, Connection, Row};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{mpsc, oneshot, Mutex};

/// Most events stored in one SQLite transaction.
const MAX_BATCH: usize = 256;

/// Which database a URL names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    /// SQLite: one server process.
    Sqlite,
    /// PostgreSQL: any number of server processes.
    Postgres,
}

/// A stored game's row.
#[derive(Clone, Debug)]
pub struct GameRow {
    /// The id.
    pub id: String,
    /// The settings as JSON.
    pub settings: String,
    /// Black's token.
    pub black_token: String,
    /// White's token.
    pub white_token: String,
    /// When it was created.
    pub created: i64,
}

/// A stored event.
#[derive(Clone, Debug)]
pub struct EventRow {
    /// Its step in the game.
    pub seq: i64,
    /// The event as JSON.
    pub body: String,
    /// When it was stored.
    pub at: i64,
}

/// Why an append failed.
#[derive(Debug)]
pub enum AppendError {
    /// Another event already holds that step: the game moved on elsewhere.
    Conflict,
    /// The database failed.
    Db(sqlx::Error),
    /// The database file is no longer one the server can keep games in (deleted,
    /// replaced, overwritten).
    Storage(String),
}

impl std::fmt::Display for AppendError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            AppendError::Conflict => f.write_str("the step was stored by another server"),
            AppendError::Db(e) => write!(f, "{e}"),
            AppendError::Storage(why) => f.write_str(why),
        }
    }
}

/// A game's row status that changes with an event, stored in the event's transaction.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StatusChange {
    /// `finished` or `cancelled`.
    pub status: &'static str,
    /// The result, for a finished game.
    pub result: Option<String>,
}

/// The database.
#[derive(Clone, Debug)]
pub struct Store {
    pool: AnyPool,
    backend: Backend,
    url: String,
    /// The writer task (group commit).
    writer: mpsc::Sender<PendingAppend>,
    /// The SQLite file, checked before each commit.
    file: Option<Arc<DbFile>>,
    /// The last failure of the writer, cleared by a later success.
    failure: Arc<std::sync::Mutex<Option<String>>>,
    /// For an in-memory database, a connection held open beside the pool's for as long as
    /// the store lives: the database lasts while one connection to it is open, and the
    /// pool may close its own (see [`memory_url`]).
    _memory: Option<Arc<std::sync::Mutex<AnyConnection>>>,
}

/// How many in-memory databases this process has opened, to name each apart.
static MEMORY_DATABASES: AtomicUsize = AtomicUsize::new(0);

/// For `sqlite::memory:` (and its options), the URL of an in-memory database of its own,
/// by name, which every connection opened with it shares. sqlx closes a connection whose
/// query was cancelled midway (a handler dropped when its client went away), and the
/// pool opens another; given `sqlite::memory:`, sqlx names a new database for each
/// connection it opens, so that one found an empty database and every game was gone.
fn memory_url(url: &str) -> Option<String> {
    let options = url.strip_prefix("sqlite::memory:")?;
    let n = MEMORY_DATABASES.fetch_add(1, Ordering::Relaxed);
    // A `file:` name: SQLite shares an in-memory database by URI name only.
    let name = format!("file:tengen-memory-{}-{n}", std::process::id());
    let shared = format!("sqlite:{name}?mode=memory&cache=shared");
    Some(match options.strip_prefix('?').filter(|o| !o.is_empty()) {
        Some(o) => format!("{shared}&{o}"),
        None => shared,
    })
}

/// An event waiting for the writer task, and where its answer goes.
#[derive(Debug)]
struct PendingAppend {
    game: String,
    seq: i64,
    body: String,
    at: i64,
    status: Option<StatusChange>,
    reply: oneshot::Sender<Result<(), AppendError>>,
}

/// What the writer tasks share.
#[derive(Clone)]
struct Writer {
    pool: AnyPool,
    queue: Arc<Mutex<mpsc::Receiver<PendingAppend>>>,
    file: Option<Arc<DbFile>>,
    failure: Arc<std::sync::Mutex<Option<String>>>,
}

const SCHEMA: &[&str] = &[
    "CREATE TABLE IF NOT EXISTS games (
        id TEXT PRIMARY KEY,
        settings TEXT NOT NULL,
        black_token TEXT NOT NULL,
        white_token TEXT NOT NULL,
        creator TEXT NOT NULL,
        created BIGINT NOT NULL,
        status TEXT NOT NULL,
        result TEXT,
        updated BIGINT NOT NULL
    )",
    "CREATE TABLE IF NOT EXISTS events (
        game_id TEXT NOT NULL,
        seq BIGINT NOT NULL,
        body TEXT NOT NULL,
        at BIGINT NOT NULL,
        PRIMARY KEY (game_id, seq)
    )",
    "CREATE INDEX IF NOT EXISTS games_status ON games (status, updated)",
    "CREATE INDEX IF NOT EXISTS games_creator ON games (creator, status)",
    // Open challenges: games listed in the lobby until their open seat is taken (a row
    // whose game started, ended or was cancelled is only read past, then dropped).
    "CREATE TABLE IF NOT EXISTS challenges (
        game_id TEXT PRIMARY KEY,
        created BIGINT NOT NULL
    )",
    // Each server's last sign of life: a restart after none was alive knows how long the
    // games' clocks were stopped.
    "CREATE TABLE IF NOT EXISTS nodes (
        node TEXT PRIMARY KEY,
        alive BIGINT NOT NULL
    )",
];

/// PostgreSQL tells every listening server about each new event.
const PG_NOTIFY: &[&str] = &[
    "CREATE OR REPLACE FUNCTION tengen_event_notify() RETURNS trigger AS $$
     BEGIN
       PERFORM pg_notify('tengen_events', NEW.game_id || ' ' || NEW.seq::text);
       RETURN NEW;
     END;
     $$ LANGUAGE plpgsql",
    "DROP TRIGGER IF EXISTS tengen_event_notify ON events",
    "CREATE TRIGGER tengen_event_notify AFTER INSERT ON events
     FOR EACH ROW EXECUTE FUNCTION tengen_event_notify()",
];

/// The channel PostgreSQL notifies on.
pub const CHANNEL: &str = "tengen_events";

impl Store {
    /// Opens (and creates if needed) the database at `url`: `sqlite://FILE`, a bare file
    /// name, `sqlite::memory:`, or `postgres://...`.
    pub async fn open(url: &str) -> Result<Store, sqlx::Error> {
        sqlx::any::install_default_drivers();
        let (url, sync) = take_sync_option(url);
        let (url, backend) = normalise_url(&url);
        let memory = memory_url(&url);
        let keeper = match &memory {
            Some(m) => Some(Arc::new(std::sync::Mutex::new(
                AnyConnection::connect(m).await?,
            ))),
            None => None,
        };
        let connect_url = memory.as_deref().unwrap_or(&url);
        let pool = match backend {
            Backend::Sqlite => {
                // SQLite has one writer at a time: one connection serialises every
                // statement in arrival order instead of spinning on the file lock.
                AnyPoolOptions::new()
                    .max_connections(1)
                    .min_connections(1)
                    .idle_timeout(None)
                    .max_lifetime(None)
                    .after_connect(move |conn, _| {
                        Box::pin(async move {
                            for pragma in [
                                "PRAGMA journal_mode = WAL",
                                sync.pragma(),
                                "PRAGMA busy_timeout = 5000",
                                // Checkpoints (the only fsyncs in WAL mode with NORMAL
                                // sync) run on a connection of their own, not in the
                                // commit of some player's move.
                                "PRAGMA wal_autocheckpoint = 0",
                            ] {
                                sqlx::query(pragma).execute(&mut *conn).await?;
                            }
                            Ok(())
                        })
                    })
                    .connect(connect_url)
                    .await?
            }
            Backend::Postgres => {
                AnyPoolOptions::new()
                    .max_connections(16)
                    .acquire_timeout(Duration::from_secs(10))
                    .connect(&url)
                    .await?
            }
        };
        let file = match sqlite_path(&url) {
            Some(path) => {
                // The connection made the file; its identity is known from now on.
                let file = DbFile::open(&path).map_err(|e| sqlx::Error::Configuration(e.into()))?;
                Some(Arc::new(file))
            }
            None => None,
        };
        let (writer, queue) = mpsc::channel(4 * MAX_BATCH);
        let failure = Arc::new(std::sync::Mutex::new(None));
        let shared = Writer {
            pool: pool.clone(),
            queue: Arc::new(Mutex::new(queue)),
            file: file.clone(),
            failure: failure.clone(),
        };
        // SQLite has one writer connection; PostgreSQL overlaps several transactions, so
        // a batch can start while the previous one waits for its flush.
        let writers = match backend {
            Backend::Sqlite => 1,
            Backend::Postgres => 8,
        };
        for _ in 0..writers {
            tokio::spawn(write_batches(shared.clone()));
        }
        let store = Store {
            pool,
            backend,
            url,
            writer,
            file,
            failure,
            _memory: keeper,
        };
        store.migrate().await?;
        if backend == Backend::Sqlite && !store.url.contains(":memory:") {
            store.checkpoint_in_background().await?;
        }
        Ok(store)
    }

    async fn migrate(&self) -> Result<(), sqlx::Error> {
        let mut conn = self.pool.acquire().await?;
        if self.backend == Backend::Postgres {
            // Several servers may start at once: one creates the schema at a time.
            sqlx::query("SELECT pg_advisory_lock(727172)")
                .execute(&mut *conn)
                .await?;
        }
        let mut result = Ok(());
        let extra: &[&str] = if self.backend == Backend::Postgres {
            PG_NOTIFY
        } else {
            &[]
        };
        for statement in SCHEMA.iter().chain(extra) {
            if let Err(e) = sqlx::query(statement).execute(&mut *conn).await {
                result = Err(e);
                break;
            }
        }
        if self.backend == Backend::Postgres {
            sqlx::query("SELECT pg_advisory_unlock(727172)")
                .execute(&mut *conn)
                .await?;
        }
        result
    }

    /// Copies the write-ahead log into the database file every second on a second
    /// connection: a passive checkpoint never blocks the writer.
    async fn checkpoint_in_background(&self) -> Result<(), sqlx::Error> {
        use sqlx::Connection;
        let mut conn = sqlx::AnyConnection::connect(&self.url).await?;
        tokio::spawn(async move {
            let mut every = tokio::time::interval(Duration::from_secs(1));
            loop {
                every.tick().await;
                if let Err(e) = sqlx::query("PRAGMA wal_checkpoint(PASSIVE)")
                    .execute(&mut conn)
                    .await
                {
                    tracing::warn!("checkpoint failed: {e}");
                }
            }
        });
        Ok(())
    }

    /// The backend.
    pub fn backend(&self) -> Backend {
        self.backend
    }

    /// The URL, as normalised.
    pub fn url(&self) -> &str {
        &self.url
    }

    /// Stores a new game.
    pub async fn create_game(&self, row: &GameRow, creator: &str) -> Result<(), sqlx::Error> {
        self.create_game_within(row, creator, None)
            .await
            .map(|_| ())
    }

    /// Stores a new game unless its creator already has `limit` unfinished games (then
    /// `false`). The count and the insert are one statement, and under PostgreSQL the
    /// creator's games are locked meanwhile: two requests at once cannot both pass a
    /// limit that only one of them fits under.
    pub async fn create_game_within(
        &self,
        row: &GameRow,
        creator: &str,
        limit: Option<i64>,
    ) -> Result<bool, sqlx::Error> {
        let mut tx = self.pool.begin().await?;
        if self.backend == Backend::Postgres && limit.is_some() {
            sqlx::query("SELECT pg_advisory_xact_lock(hashtext($1))")
                .bind(creator)
                .execute(&mut *tx)
                .await?;
        }
        let inserted = sqlx::query(
            "INSERT INTO games (id, settings, black_token, white_token, creator, created, status, updated)
             SELECT $1, $2, $3, $4, $5, $6, 'active', $7
             WHERE (SELECT COUNT(*) FROM games WHERE creator = $8 AND status = 'active') < $9",
        )
        .bind(&row.id)
        .bind(&row.settings)
        .bind(&row.black_token)
        .bind(&row.white_token)
        .bind(creator)
        .bind(row.created)
        .bind(row.created)
        .bind(creator)
        .bind(limit.unwrap_or(i64::MAX))
        .execute(&mut *tx)
        .await?
        .rows_affected();
        tx.commit().await?;
        Ok(inserted == 1)
    }

    /// Appends event `seq` of a game; [`AppendError::Conflict`] if that step is taken.
    /// Returns once the event is committed.
    pub async fn append(
        &self,
        game: &str,
        seq: i64,
        body: &str,
        at: i64,
    ) -> Result<(), AppendError> {
        self.append_with_status(game, seq, body, at, None).await
    }

    /// Appends event `seq` of a game and, in the same transaction, the change of the
    /// game's status that the event makes (its end); both are stored or neither.
    pub async fn append_with_status(
        &self,
        game: &str,
        seq: i64,
        body: &str,
        at: i64,
        status: Option<StatusChange>,
    ) -> Result<(), AppendError> {
        let (reply, answer) = oneshot::channel();
        let pending = PendingAppend {
            game: game.to_string(),
            seq,
            body: body.to_string(),
            at,
            status,
            reply,
        };
        if self.writer.send(pending).await.is_err() {
            return Err(AppendError::Db(sqlx::Error::WorkerCrashed));
        }
        answer
            .await
            .unwrap_or(Err(AppendError::Db(sqlx::Error::WorkerCrashed)))
    }

    /// Records that a game finished (for the lobby's lists; the events are the truth).
    pub async fn set_status(
        &self,
        game: &str,
        status: &str,
        result: Option<&str>,
        updated: i64,
    ) -> Result<(), sqlx::Error> {
        sqlx::query("UPDATE games SET status = $1, result = $2, updated = $3 WHERE id = $4")
            .bind(status)
            .bind(result)
            .bind(updated)
            .bind(game)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// A game's row.
    pub async fn game(&self, id: &str) -> Result<Option<GameRow>, sqlx::Error> {
        let row = sqlx::query(
            "SELECT id, settings, black_token, white_token, created FROM games WHERE id = $1",
        )
        .bind(id)
        .fetch_optional(&self.pool)
        .await?;
        row.map(|r| game_row(&r)).transpose()
    }

    /// A game's events after step `after`, in order.
    pub async fn events(&self, id: &str, after: i64) -> Result<Vec<EventRow>, sqlx::Error> {
        let rows = sqlx::query(
            "SELECT seq, body, at FROM events WHERE game_id = $1 AND seq > $2 ORDER BY seq",
        )
        .bind(id)
        .bind(after)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| {
                Ok(EventRow {
                    seq: r.try_get("seq")?,
                    body: r.try_get("body")?,
                    at: r.try_get("at")?,
                })
            })
            .collect()
    }

    /// The ids of games with `status` (`active` or `finished`), most recently updated
    /// first.
    pub async fn list(&self, status: &str, limit: i64) -> Result<Vec<String>, sqlx::Error> {
        let rows = sqlx::query(
            "SELECT id FROM games WHERE status = $1 ORDER BY updated DESC, id LIMIT $2",
        )
        .bind(status)
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(|r| r.try_get("id")).collect()
    }

    /// Lists game `id`, created at `created`, as an open challenge.
    pub async fn list_challenge(&self, id: &str, created: i64) -> Result<(), sqlx::Error> {
        sqlx::query(
            "INSERT INTO challenges (game_id, created) VALUES ($1, $2) ON CONFLICT (game_id) DO NOTHING",
        )
        .bind(id)
        .bind(created)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// Takes game `id` off the list of open challenges.
    pub async fn drop_challenge(&self, id: &str) -> Result<(), sqlx::Error> {
        sqlx::query("DELETE FROM challenges WHERE game_id = $1")
            .bind(id)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// The ids of open challenges whose games are unfinished, newest first.
    pub async fn challenges(&self, limit: i64) -> Result<Vec<String>, sqlx::Error> {
        let rows = sqlx::query(
            "SELECT c.game_id AS id FROM challenges c JOIN games g ON g.id = c.game_id
             WHERE g.status = 'active' ORDER BY c.created DESC, c.game_id LIMIT $1",
        )
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(|r| r.try_get("id")).collect()
    }

    /// Whether the database can store games now; why not. SQLite: the file is still the
    /// one opened and still an SQLite database; any database: it answers, and the last
    /// write did not fail.
    pub async fn health(&self) -> Result<(), String> {
        if let Some(file) = &self.file {
            file.verify()?;
        }
        sqlx::query("SELECT 1")
            .execute(&self.pool)
            .await
            .map_err(|e| format!("the database does not answer: {e}"))?;
        match self.failure.lock().ok().and_then(|f| f.clone()) {
            Some(why) => Err(format!("the last write failed: {why}")),
            None => Ok(()),
        }
    }

    /// Records that server `node` is alive at `at`.
    pub async fn beat(&self, node: &str, at: i64) -> Result<(), sqlx::Error> {
        sqlx::query(
            "INSERT INTO nodes (node, alive) VALUES ($1, $2)
             ON CONFLICT (node) DO UPDATE SET alive = excluded.alive",
        )
        .bind(node)
        .bind(at)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// The last sign of life of any server, if one was ever recorded.
    pub async fn last_alive(&self) -> Result<Option<i64>, sqlx::Error> {
        let row = sqlx::query("SELECT MAX(alive) AS alive FROM nodes")
            .fetch_one(&self.pool)
            .await?;
        row.try_get::<Option<i64>, _>("alive")
    }

    /// Forgets the servers not alive since `before` (one row is left by every start).
    pub async fn forget_nodes(&self, before: i64) -> Result<(), sqlx::Error> {
        sqlx::query("DELETE FROM nodes WHERE alive < $1")
            .bind(before)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// How many unfinished games a client has created.
    pub async fn open_games_of(&self, creator: &str) -> Result<i64, sqlx::Error> {
        let row =
            sqlx::query("SELECT COUNT(*) AS n FROM games WHERE creator = $1 AND status = 'active'")
                .bind(creator)
                .fetch_one(&self.pool)
                .await?;
        row.try_get("n")
    }
}

/// Stores one event (and its status change) in a transaction of its own.
async fn insert_event(pool: &AnyPool, p: &PendingAppend) -> Result<(), AppendError> {
    let mut tx = pool.begin().await.map_err(AppendError::Db)?;
    match insert_into(&mut tx, p).await {
        Ok(true) => {}
        Ok(false) => return Err(AppendError::Conflict),
        Err(e) => return Err(AppendError::Db(e)),
    }
    tx.commit().await.map_err(AppendError::Db)
}

/// Inserts an event and its status change in `tx`: false if the step is taken already
/// (`ON CONFLICT DO NOTHING` stores nothing and does not abort the transaction).
async fn insert_into(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    p: &PendingAppend,
) -> Result<bool, sqlx::Error> {
    let r = sqlx::query(
        "INSERT INTO events (game_id, seq, body, at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (game_id, seq) DO NOTHING",
    )
    .bind(&p.game)
    .bind(p.seq)
    .bind(&p.body)
    .bind(p.at)
    .execute(&mut **tx)
    .await?;
    if r.rows_affected() != 1 {
        return Ok(false);
    }
    if let Some(change) = &p.status {
        sqlx::query("UPDATE games SET status = $1, result = $2, updated = $3 WHERE id = $4")
            .bind(change.status)
            .bind(change.result.as_deref())
            .bind(p.at)
            .bind(&p.game)
            .execute(&mut **tx)
            .await?;
    }
    Ok(true)
}

/// The writer: stores every event that arrived while the previous transaction was being
/// committed in one transaction (group commit), so that many moves share one commit and
/// one fsync (SQLite with `sync=full`, PostgreSQL), and answers each. Without it, under
/// a slow disk every move would wait for a flush of its own and a busy server would run
/// out of connections. Before each batch the SQLite file is checked: nothing is written
/// (and every event of the batch is refused) if it is not the database it was.
async fn write_batches(w: Writer) {
    let mut batch = Vec::with_capacity(MAX_BATCH);
    loop {
        // The queue is locked only while taking a batch, not while writing it.
        if w.queue.lock().await.recv_many(&mut batch, MAX_BATCH).await == 0 {
            return;
        }
        let answers = match w.file.as_ref().map_or(Ok(()), |f| f.verify()) {
            Err(why) => batch
                .iter()
                .map(|_| Err(AppendError::Storage(why.clone())))
                .collect(),
            Ok(()) => match insert_batch(&w.pool, &batch).await {
                Ok(answers) => answers,
                // Nothing of the batch is stored: store each alone, so that one bad event
                // cannot fail the others and each gets its own answer.
                Err(_) => insert_one_by_one(&w.pool, &batch).await,
            },
        };
        let failed = answers.iter().find_map(|a| match a {
            Err(AppendError::Db(e)) => Some(e.to_string()),
            Err(AppendError::Storage(why)) => Some(why.clone()),
            _ => None,
        });
        let stored = answers.iter().any(Result::is_ok);
        if let Ok(mut f) = w.failure.lock() {
            if failed.is_some() || stored {
                *f = failed;
            }
        }
        for (pending, answer) in batch.drain(..).zip(answers) {
            let _ = pending.reply.send(answer);
        }
    }
}

/// One transaction for the whole batch; a step already taken is a conflict for that
/// event only.
async fn insert_batch(
    pool: &AnyPool,
    batch: &[PendingAppend],
) -> Result<Vec<Result<(), AppendError>>, sqlx::Error> {
    let mut tx = pool.begin().await?;
    let mut answers = Vec::with_capacity(batch.len());
    for p in batch {
        answers.push(if insert_into(&mut tx, p).await? {
            Ok(())
        } else {
            Err(AppendError::Conflict)
        });
    }
    tx.commit().await?;
    Ok(answers)
}

async fn insert_one_by_one(
    pool: &AnyPool,
    batch: &[PendingAppend],
) -> Vec<Result<(), AppendError>> {
    let mut answers = Vec::with_capacity(batch.len());
    for p in batch {
        answers.push(insert_event(pool, p).await);
    }
    answers
}

fn game_row(r: &AnyRow) -> Result<GameRow, sqlx::Error> {
    Ok(GameRow {
        id: r.try_get("id")?,
        settings: r.try_get("settings")?,
        black_token: r.try_get("black_token")?,
        white_token: r.try_get("white_token")?,
        created: r.try_get("created")?,
    })
}

/// How SQLite makes a commit durable: `?sync=full` in the database URL, or the default.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SqliteSync {
    /// WAL with `synchronous = NORMAL` (the default): a commit reaches the operating
    /// system before its move is acknowledged, so it survives any crash of the server
    /// (`kill -9`); a power failure can lose the moves since the last checkpoint (at most
    /// about a second: checkpoints run every second).
    Normal,
    /// `synchronous = FULL`: every commit is fsynced before its moves are acknowledged,
    /// surviving power loss too; group commit shares one fsync among all the moves that
    /// arrived meanwhile, but each move waits for the disk.
    Full,
}

impl SqliteSync {
    fn pragma(self) -> &'static str {
        match self {
            SqliteSync::Normal => "PRAGMA synchronous = NORMAL",
            SqliteSync::Full => "PRAGMA synchronous = FULL",
        }
    }
}

/// Takes tengen's own `sync=normal|full` parameter out of a database URL (sqlx does not
/// know it).
pub fn take_sync_option(url: &str) -> (String, SqliteSync) {
    let Some((base, query)) = url.split_once('?') else {
        return (url.to_string(), SqliteSync::Normal);
    };
    let mut sync = SqliteSync::Normal;
    let rest: Vec<&str> = query
        .split('&')
        .filter(|pair| match *pair {
            "sync=full" => {
                sync = SqliteSync::Full;
                false
            }
            "sync=normal" => false,
            _ => true,
        })
        .collect();
    if rest.is_empty() {
        (base.to_string(), sync)
    } else {
        (format!("{base}?{}", rest.join("&")), sync)
    }
}

/// The URL sqlx needs, and its backend: a bare path is an SQLite file, created if missing.
pub fn normalise_url(url: &str) -> (String, Backend) {
    if url.starts_with("postgres://") || url.starts_with("postgresql://") {
        (url.to_string(), Backend::Postgres)
    } else if url == "sqlite::memory:" || url.starts_with("sqlite::memory:") {
        (url.to_string(), Backend::Sqlite)
    } else {
        let path = url
            .strip_prefix("sqlite://")
            .or_else(|| url.strip_prefix("sqlite:"))
            .unwrap_or(url);
        let (path, query) = path.split_once('?').unwrap_or((path, ""));
        let query = if query.is_empty() {
            "mode=rwc".to_string()
        } else {
            query.to_string()
        };
        (format!("sqlite://{path}?{query}"), Backend::Sqlite)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn urls_name_their_backend() {
        assert_eq!(
            normalise_url("tengen.db"),
            ("sqlite://tengen.db?mode=rwc".to_string(), Backend::Sqlite)
        );
        assert_eq!(normalise_url("sqlite:///tmp/x.db").1, Backend::Sqlite);
        assert_eq!(normalise_url("sqlite::memory:").0, "sqlite::memory:");
        assert_eq!(normalise_url("postgres://u@h/db").1, Backend::Postgres);
    }

    #[test]
    fn sync_full_is_taken_out_of_the_url() {
        let (url, sync) = take_sync_option("games.db?sync=full");
        assert_eq!(sync, SqliteSync::Full);
        assert_eq!(normalise_url(&url).0, "sqlite://games.db?mode=rwc");
        assert_eq!(
            take_sync_option("sqlite://g.db?mode=rwc"),
            ("sqlite://g.db?mode=rwc".to_string(), SqliteSync::Normal)
        );
        assert_eq!(
            take_sync_option("sqlite://g.db?sync=normal"),
            ("sqlite://g.db".to_string(), SqliteSync::Normal)
        );
    }

    /// Many appends at once are committed together; a taken step inside such a group is
    /// refused alone and the rest of the group is stored.
    #[tokio::test]
    async fn appends_arriving_together_are_stored_together_but_answered_apart() {
        let dir = std::env::temp_dir().join(format!("tengen-store-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("batch.db");
        let store = Store::open(file.to_str().unwrap()).await.unwrap();
        store.append("g", 5, "early", 1).await.unwrap();
        let appends = (1..=300).map(|seq| {
            let store = store.clone();
            tokio::spawn(async move { store.append("g", seq, &format!("e{seq}"), 2).await })
        });
        let answers: Vec<_> = futures_util::future::join_all(appends)
            .await
            .into_iter()
            .map(|r| r.unwrap())
            .collect();
        for (i, answer) in answers.iter().enumerate() {
            if i + 1 == 5 {
                assert!(matches!(answer, Err(AppendError::Conflict)), "{answer:?}");
            } else {
                assert!(answer.is_ok(), "step {}: {answer:?}", i + 1);
            }
        }
        let events = store.events("g", 0).await.unwrap();
        assert_eq!(events.len(), 300);
        assert_eq!(events[4].body, "early");
        assert_eq!(events[299].body, "e300");
        drop(store);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[tokio::test]
    async fn sync_full_reaches_sqlite() {
        async fn synchronous(url: &str) -> i64 {
            let store = Store::open(url).await.unwrap();
            let row = sqlx::query("PRAGMA synchronous")
                .fetch_one(&store.pool)
                .await
                .unwrap();
            row.try_get(0).unwrap()
        }
        assert_eq!(synchronous("sqlite::memory:?sync=full").await, 2);
        assert_eq!(synchronous("sqlite::memory:").await, 1);
    }

    /// A game `id` with empty settings and the tokens `b` and `w`.
    fn row(id: &str) -> GameRow {
        GameRow {
            id: id.into(),
            settings: "{}".into(),
            black_token: "b".into(),
            white_token: "w".into(),
            created: 5,
        }
    }

    /// An in-memory database outlives the connection that made it. sqlx closes a
    /// connection whose query was cancelled midway (a request the browser abandoned by
    /// navigating away, its handler dropped), and the pool opens another: that one must
    /// see the same games, not a new empty database ("no such table: games", as the
    /// browser tests once saw on a loaded machine).
    #[tokio::test]
    async fn an_in_memory_database_survives_its_connection_closing() {
        let store = Store::open("sqlite::memory:").await.unwrap();
        store.create_game(&row("kept"), "me").await.unwrap();
        store.append("kept", 1, "first", 10).await.unwrap();
        for _ in 0..3 {
            let conn = store.pool.acquire().await.unwrap();
            conn.close().await.unwrap();
            assert_eq!(store.game("kept").await.unwrap().unwrap().black_token, "b");
            assert_eq!(store.events("kept", 0).await.unwrap().len(), 1);
        }
        // Two servers in one process have a database each.
        let other = Store::open("sqlite::memory:").await.unwrap();
        assert!(other.game("kept").await.unwrap().is_none());
    }

    #[tokio::test]
    async fn a_step_of_a_game_can_be_stored_only_once() {
        let store = Store::open("sqlite::memory:").await.unwrap();
        store.create_game(&row("g1"), "me").await.unwrap();
        store.append("g1", 1, "first", 10).await.unwrap();
        assert!(matches!(
            store.append("g1", 1, "other", 11).await,
            Err(AppendError::Conflict)
        ));
        store.append("g1", 2, "second", 12).await.unwrap();
        let events = store.events("g1", 0).await.unwrap();
        assert_eq!(
            events.iter().map(|e| e.body.as_str()).collect::<Vec<_>>(),
            ["first", "second"]
        );
        assert_eq!(store.events("g1", 1).await.unwrap().len(), 1);
        assert_eq!(store.open_games_of("me").await.unwrap(), 1);
        store
            .set_status("g1", "finished", Some("B+R"), 20)
            .await
            .unwrap();
        assert_eq!(store.open_games_of("me").await.unwrap(), 0);
        assert_eq!(store.list("finished", 10).await.unwrap(), ["g1"]);
        assert_eq!(store.game("g1").await.unwrap().unwrap().black_token, "b");
        assert!(store.game("nope").await.unwrap().is_none());
    }
}
