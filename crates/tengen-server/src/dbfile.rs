//! The SQLite file under a running server: one server at a time (an exclusive lock on a
//! file beside it: two servers on one file would both think they own every game), and a
//! check before every commit that the file is still the one that was opened and still
//! starts as an SQLite database. A deleted file goes on accepting writes through the
//! handle the server holds, and they would all be lost at the next start: the check makes
//! the server refuse moves instead of acknowledging moves it cannot keep.

use std::fs::File;
use std::path::{Path, PathBuf};

/// The first 16 bytes of every SQLite database file.
const SQLITE_MAGIC: &[u8; 16] = b"SQLite format 3\0";

/// The path of an SQLite database URL as [`crate::store::normalise_url`] makes it, or
/// `None` for a database in memory or not SQLite.
pub fn sqlite_path(url: &str) -> Option<PathBuf> {
    let rest = url.strip_prefix("sqlite://")?;
    let path = rest.split_once('?').map_or(rest, |(p, _)| p);
    (!path.is_empty() && !path.starts_with(":memory:")).then(|| PathBuf::from(path))
}

/// Takes the lock of the database at `path` for this process (released when the returned
/// file is closed, also by a crash); an error naming the file if another process holds it.
pub fn lock(path: &Path) -> Result<File, String> {
    let lock_path = lock_path(path);
    let file = std::fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(&lock_path)
        .map_err(|e| format!("cannot open the lock file {}: {e}", lock_path.display()))?;
    match file.try_lock() {
        Ok(()) => Ok(file),
        Err(std::fs::TryLockError::WouldBlock) => Err(format!(
            "the database {} is in use by another tengen server (it holds {}); two servers \
             on one SQLite file would overwrite each other's games: stop the other one, or \
             share games between servers with PostgreSQL",
            path.display(),
            lock_path.display()
        )),
        Err(std::fs::TryLockError::Error(e)) => {
            Err(format!("cannot lock {}: {e}", lock_path.display()))
        }
    }
}

/// The lock file of a database: its name with `.lock` added.
fn lock_path(path: &Path) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(".lock");
    PathBuf::from(name)
}

/// The database file as it was opened: its identity on disk and a handle to read its
/// header.
#[derive(Debug)]
pub struct DbFile {
    path: PathBuf,
    identity: Option<(u64, u64)>,
    handle: File,
}

impl DbFile {
    /// The file at `path` as it is now (after the database was opened).
    pub fn open(path: &Path) -> Result<DbFile, String> {
        let handle = File::open(path)
            .map_err(|e| format!("cannot open the database file {}: {e}", path.display()))?;
        Ok(DbFile {
            path: path.to_path_buf(),
            identity: identity(path),
            handle,
        })
    }

    /// Whether the file is still the one opened, and still an SQLite database; why not.
    pub fn verify(&self) -> Result<(), String> {
        let shown = self.path.display();
        match std::fs::metadata(&self.path) {
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                return Err(format!("the database file {shown} was deleted"));
            }
            Err(e) => return Err(format!("the database file {shown} cannot be read: {e}")),
            Ok(_) => {}
        }
        if identity(&self.path) != self.identity {
            return Err(format!(
                "the database file {shown} was replaced by another file"
            ));
        }
        let mut head = [0u8; 16];
        match read_head(&self.handle, &mut head) {
            // A new database may not have its first page on disk yet.
            Ok(0) => Ok(()),
            Ok(16) if &head == SQLITE_MAGIC => Ok(()),
            Ok(_) => Err(format!(
                "the database file {shown} was overwritten: it no longer starts as an SQLite database"
            )),
            Err(e) => Err(format!("the database file {shown} cannot be read: {e}")),
        }
    }
}

#[cfg(unix)]
fn identity(path: &Path) -> Option<(u64, u64)> {
    use std::os::unix::fs::MetadataExt;
    std::fs::metadata(path).ok().map(|m| (m.dev(), m.ino()))
}

#[cfg(not(unix))]
fn identity(_path: &Path) -> Option<(u64, u64)> {
    None
}

#[cfg(unix)]
fn read_head(file: &File, buf: &mut [u8; 16]) -> std::io::Result<usize> {
    use std::os::unix::fs::FileExt;
    let mut read = 0;
    while read < buf.len() {
        let n = file.read_at(&mut buf[read..], read as u64)?;
        if n == 0 {
            break;
        }
        read += n;
    }
    Ok(read)
}

#[cfg(not(unix))]
fn read_head(_file: &File, _buf: &mut [u8; 16]) -> std::io::Result<usize> {
    Ok(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("tengen-dbfile-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn paths_come_from_sqlite_urls_only() {
        assert_eq!(
            sqlite_path("sqlite://games.db?mode=rwc"),
            Some(PathBuf::from("games.db"))
        );
        assert_eq!(sqlite_path("sqlite::memory:"), None);
        assert_eq!(sqlite_path("postgres://u@h/db"), None);
    }

    #[test]
    fn a_second_lock_of_the_same_file_is_refused_until_the_first_is_gone() {
        let dir = temp("lock");
        let db = dir.join("g.db");
        let first = lock(&db).unwrap();
        let e = lock(&db).unwrap_err();
        assert!(e.contains("in use by another tengen server"), "{e}");
        drop(first);
        assert!(lock(&db).is_ok());
        std::fs::remove_dir_all(dir).unwrap();
    }

    /// A file that starts as SQLite, then is overwritten, then deleted, then replaced.
    #[test]
    fn deletion_replacement_and_overwriting_are_seen() {
        let dir = temp("verify");
        let db = dir.join("g.db");
        let mut page = SQLITE_MAGIC.to_vec();
        page.resize(4096, 0);
        std::fs::write(&db, &page).unwrap();
        let file = DbFile::open(&db).unwrap();
        assert_eq!(file.verify(), Ok(()));
        {
            use std::os::unix::fs::FileExt;
            let f = std::fs::OpenOptions::new().write(true).open(&db).unwrap();
            f.write_at(&[0u8; 16], 0).unwrap();
        }
        assert!(file.verify().unwrap_err().contains("overwritten"));
        std::fs::remove_file(&db).unwrap();
        assert!(file.verify().unwrap_err().contains("deleted"));
        std::fs::write(&db, &page).unwrap();
        assert!(file.verify().unwrap_err().contains("replaced"));
        std::fs::remove_dir_all(dir).unwrap();
    }
}
