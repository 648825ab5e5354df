//! Storage: a `games` table (settings, seat tokens, status) and an append-only `events`
//! table whose primary key `(game_id, seq)` is what makes two servers unable to store two
//! different events as the same step of a game. SQLite by default (WAL journal: a commit is
//! on disk before the move is acknowledged, and survives `kill -9`), PostgreSQL for several
//! servers (a trigger NOTIFYs every new event).

use sqlx::any::{AnyPoolOptions, AnyRow};
use sqlx::{AnyPool, Row};
use std::time::Duration;

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
}

/// The database.
#[derive(Clone, Debug)]
pub struct Store {
    pool: AnyPool,
    backend: Backend,
    url: String,
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
        let (url, backend) = normalise_url(url);
        let pool = match backend {
            Backend::Sqlite => {
                // SQLite has one writer at a time: one connection serialises every
                // statement in arrival order instead of spinning on the file lock.
                AnyPoolOptions::new()
                    .max_connections(1)
                    .min_connections(1)
                    .idle_timeout(None)
                    .max_lifetime(None)
                    .after_connect(|conn, _| {
                        Box::pin(async move {
                            for pragma in [
                                "PRAGMA journal_mode = WAL",
                                "PRAGMA synchronous = NORMAL",
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
                    .connect(&url)
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
        let store = Store { pool, backend, url };
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
        sqlx::query(
            "INSERT INTO games (id, settings, black_token, white_token, creator, created, status, updated)
             VALUES ($1, $2, $3, $4, $5, $6, 'active', $7)",
        )
        .bind(&row.id)
        .bind(&row.settings)
        .bind(&row.black_token)
        .bind(&row.white_token)
        .bind(creator)
        .bind(row.created)
        .bind(row.created)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// Appends event `seq` of a game; [`AppendError::Conflict`] if that step is taken.
    pub async fn append(
        &self,
        game: &str,
        seq: i64,
        body: &str,
        at: i64,
    ) -> Result<(), AppendError> {
        let r = sqlx::query("INSERT INTO events (game_id, seq, body, at) VALUES ($1, $2, $3, $4)")
            .bind(game)
            .bind(seq)
            .bind(body)
            .bind(at)
            .execute(&self.pool)
            .await;
        match r {
            Ok(_) => Ok(()),
            Err(sqlx::Error::Database(e)) if e.is_unique_violation() => Err(AppendError::Conflict),
            Err(e) => Err(AppendError::Db(e)),
        }
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

fn game_row(r: &AnyRow) -> Result<GameRow, sqlx::Error> {
    Ok(GameRow {
        id: r.try_get("id")?,
        settings: r.try_get("settings")?,
        black_token: r.try_get("black_token")?,
        white_token: r.try_get("white_token")?,
        created: r.try_get("created")?,
    })
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

    #[tokio::test]
    async fn a_step_of_a_game_can_be_stored_only_once() {
        let store = Store::open("sqlite::memory:").await.unwrap();
        let row = GameRow {
            id: "g1".into(),
            settings: "{}".into(),
            black_token: "b".into(),
            white_token: "w".into(),
            created: 5,
        };
        store.create_game(&row, "me").await.unwrap();
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
