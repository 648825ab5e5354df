//! Batches of record files: read, parsed and replayed in Rust on all cores while Python
//! holds no lock, handed to Python in the order of the files.
//!
//! A producer thread takes the files in chunks; each chunk is worked on in parallel by a
//! rayon pool and sent, in order, through a bounded channel; `__next__` waits for the next
//! chunk with the GIL released. So the workers run ahead of Python by at most two chunks,
//! and stop when the iterator is dropped (the channel closes).

use crate::convert;
use crate::game::PyGame;
use crate::samples::{self, SampleData, Samples};
use crate::sgf::{self, Problem, SgfFile};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyString;
use rayon::prelude::*;
use std::collections::VecDeque;
use std::path::{Path, PathBuf};
use std::sync::mpsc::{sync_channel, Receiver};
use std::sync::{Arc, Mutex};
use tengen_sgf::{ReadFile, ReadOptions};

/// Chunks the producer may have ready before Python takes them.
const CHUNKS_AHEAD: usize = 2;

/// Every record file under `paths`, in order: a file named is taken whatever its
/// extension; a folder is searched recursively for `.sgf` and `.mgt` files, in name
/// order, without following links to folders (as `tengen check` does). A path that does
/// not exist is kept as a file, so that its error comes out in its place.
pub fn find_records(paths: &[PathBuf]) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for path in paths {
        match std::fs::metadata(path) {
            Ok(meta) if meta.is_dir() => walk(path, &mut files),
            _ => files.push(path.clone()),
        }
    }
    files
}

/// The record files in `dir` and below; folders that cannot be read are skipped (their
/// files then fail to appear, as they would to any reader).
fn walk(dir: &Path, files: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<_> = entries.filter_map(Result::ok).collect();
    entries.sort_by_key(|e| e.file_name());
    for e in entries {
        let path = e.path();
        match e.file_type() {
            Ok(t) if t.is_dir() => walk(&path, files),
            Ok(_) if is_record(&path) => files.push(path),
            _ => {}
        }
    }
}

fn is_record(path: &Path) -> bool {
    path.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| e.eq_ignore_ascii_case("sgf") || e.eq_ignore_ascii_case("mgt"))
}

/// The paths of a Python argument: one path (str or os.PathLike) or an iterable of them.
fn paths_of(obj: &Bound<'_, PyAny>) -> PyResult<Vec<PathBuf>> {
    if obj.is_instance_of::<PyString>() || obj.hasattr("__fspath__")? {
        return Ok(vec![obj.extract()?]);
    }
    let iter = obj.try_iter().map_err(|_| {
        PyTypeError::new_err("paths are a path (str or os.PathLike) or an iterable of paths")
    })?;
    iter.map(|p| {
        p?.extract::<PathBuf>()
            .map_err(|_| PyTypeError::new_err("each path is a str or os.PathLike"))
    })
    .collect()
}

/// The most worker threads a batch may ask for: far more than any machine has cores, and
/// few enough that a mistyped count (`threads=100000`) is refused at once instead of
/// spending minutes starting threads.
const MAX_THREADS: usize = 1024;

/// A rayon pool of `threads` workers (default: one per core).
fn pool(threads: Option<&Bound<'_, PyAny>>) -> PyResult<Arc<rayon::ThreadPool>> {
    let threads = convert::int_arg(threads, "threads", 1, MAX_THREADS as u64)?;
    let mut builder = rayon::ThreadPoolBuilder::new();
    if let Some(n) = threads {
        builder = builder.num_threads(n as usize);
    }
    builder
        .build()
        .map(Arc::new)
        .map_err(|e| PyValueError::new_err(format!("thread pool: {e}")))
}

/// Runs `work` on every file, `chunk` files at a time in parallel on `pool`, sending each
/// chunk's results in file order.
fn produce<T, F>(
    files: Vec<PathBuf>,
    chunk: usize,
    pool: Arc<rayon::ThreadPool>,
    work: F,
) -> Receiver<Vec<T>>
where
    T: Send + 'static,
    F: Fn(&Path) -> T + Send + Sync + 'static,
{
    let (tx, rx) = sync_channel(CHUNKS_AHEAD);
    std::thread::spawn(move || {
        for part in files.chunks(chunk.max(1)) {
            let done: Vec<T> = pool.install(|| part.par_iter().map(|f| work(f)).collect());
            if tx.send(done).is_err() {
                return; // the iterator was dropped
            }
        }
    });
    rx
}

/// The producer's next chunk, waited for with the GIL released; None when it is done.
/// (The lock only makes the receiver shareable: one iterator is used by one thread.)
fn next_chunk<T: Send>(py: Python<'_>, rx: &Mutex<Receiver<T>>) -> Option<T> {
    py.detach(|| rx.lock().ok().and_then(|r| r.recv().ok()))
}

/// The default chunk: enough files to keep every worker busy between hand-overs.
fn default_chunk(pool: &rayon::ThreadPool) -> usize {
    16 * pool.current_num_threads()
}

/// The files handed to the workers at a time: `chunk` if given (at least one), else the
/// default.
fn chunk_size(chunk: Option<&Bound<'_, PyAny>>, pool: &rayon::ThreadPool) -> PyResult<usize> {
    Ok(
        match convert::int_arg(chunk, "chunk", 1, u32::MAX.into())? {
            Some(n) => n as usize,
            None => default_chunk(pool),
        },
    )
}

/// One game replayed in a worker, its problems already placed.
struct ReplayedGame {
    game: tengen::Game,
    moves: usize,
    result: Option<String>,
    problems: Vec<Problem>,
}

/// One file's work: read, parse, and replay the main line of each game.
enum FileWork {
    /// The file could not be read.
    Unreadable(String),
    /// The file read, and its games replayed (none when replay was not asked for).
    Read(Arc<ReadFile>, Vec<ReplayedGame>),
}

fn read_and_replay(path: &Path, options: Option<&ReadOptions>) -> FileWork {
    let bytes = match std::fs::read(path) {
        Ok(b) => b,
        Err(e) => return FileWork::Unreadable(e.to_string()),
    };
    let file = Arc::new(tengen_sgf::read_bytes(&bytes));
    let games = match options {
        None => Vec::new(),
        Some(o) => file
            .collection
            .trees
            .iter()
            .map(|t| {
                let r = tengen_sgf::replay(t, o);
                ReplayedGame {
                    problems: sgf::problems(&file, &r.problems),
                    game: r.game,
                    moves: r.moves,
                    result: r.result,
                }
            })
            .collect(),
    };
    FileWork::Read(file, games)
}

/// What the batch found in one file: the record, the games replayed, or why it could not
/// be read.
#[pyclass(module = "tengen", frozen, get_all)]
pub struct FileResult {
    /// The file's path.
    pub path: String,
    /// The record read (None if the file could not be read).
    pub record: Option<Py<SgfFile>>,
    /// Each game's main line replayed (empty when `replay=False`).
    pub replays: Vec<Py<sgf::Replay>>,
    /// Why the file could not be read, or None.
    pub error: Option<String>,
}

#[pymethods]
impl FileResult {
    /// The replayed games.
    #[getter]
    fn games(&self, py: Python<'_>) -> Vec<Py<PyGame>> {
        self.replays
            .iter()
            .map(|r| r.get().game.clone_ref(py))
            .collect()
    }

    /// The replay problems of every game of the file, in game order.
    #[getter]
    fn problems(&self) -> Vec<Problem> {
        self.replays
            .iter()
            .flat_map(|r| r.get().problems.clone())
            .collect()
    }

    fn __repr__(&self) -> String {
        match &self.error {
            Some(e) => format!("<tengen.FileResult {}: {e}>", self.path),
            None => format!(
                "<tengen.FileResult {}: {} games>",
                self.path,
                self.replays.len()
            ),
        }
    }
}

/// The iterator of `iter_records`.
#[pyclass(module = "tengen")]
pub struct RecordIter {
    files: VecDeque<PathBuf>,
    rx: Mutex<Receiver<Vec<FileWork>>>,
    ready: VecDeque<FileWork>,
}

#[pymethods]
impl RecordIter {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&mut self, py: Python<'_>) -> PyResult<Option<FileResult>> {
        if self.ready.is_empty() {
            match next_chunk(py, &self.rx) {
                Some(chunk) => self.ready.extend(chunk),
                None => return Ok(None),
            }
        }
        let (Some(work), Some(path)) = (self.ready.pop_front(), self.files.pop_front()) else {
            return Ok(None);
        };
        let path = path.display().to_string();
        Ok(Some(match work {
            FileWork::Unreadable(e) => FileResult {
                path,
                record: None,
                replays: Vec::new(),
                error: Some(e),
            },
            FileWork::Read(file, games) => {
                let replays = games
                    .into_iter()
                    .map(|g| {
                        let game = Py::new(py, PyGame { inner: g.game })?;
                        Py::new(
                            py,
                            sgf::Replay {
                                game,
                                moves: g.moves,
                                record_result: g.result,
                                problems: g.problems,
                            },
                        )
                    })
                    .collect::<PyResult<Vec<_>>>()?;
                FileResult {
                    record: Some(Py::new(py, SgfFile::from_read(file, Some(path.clone())))?),
                    path,
                    replays,
                    error: None,
                }
            }
        }))
    }
}

/// Reads every record file under `paths` (a file or folder, or an iterable of them:
/// folders are searched for `.sgf` and `.mgt` files in name order) on `threads` worker
/// threads (default: every core) with the GIL released, and yields a `FileResult` per
/// file in order: the record, each game's main line replayed (unless `replay=False`) with
/// its problems placed by line and column, or the error that kept the file from being
/// read. `rules` and `komi` override the records' own (`RU`, `KM`).
#[pyfunction]
#[pyo3(signature = (paths, *, replay=true, rules=None, komi=None, threads=None, chunk=None))]
fn iter_records(
    paths: &Bound<'_, PyAny>,
    replay: bool,
    rules: Option<&Bound<'_, PyAny>>,
    komi: Option<&Bound<'_, PyAny>>,
    threads: Option<&Bound<'_, PyAny>>,
    chunk: Option<&Bound<'_, PyAny>>,
) -> PyResult<RecordIter> {
    let files = find_records(&paths_of(paths)?);
    let options = replay
        .then(|| sgf::read_options(rules, komi, None, None, false))
        .transpose()?;
    let pool = pool(threads)?;
    let chunk = chunk_size(chunk, &pool)?;
    let rx = produce(files.clone(), chunk, pool, move |f| {
        read_and_replay(f, options.as_ref())
    });
    Ok(RecordIter {
        files: files.into(),
        rx: Mutex::new(rx),
        ready: VecDeque::new(),
    })
}

/// One file's samples, per game; empty for a file that could not be read.
fn file_samples(path: &Path, options: &ReadOptions, history: usize) -> Vec<SampleData> {
    let Ok(bytes) = std::fs::read(path) else {
        return Vec::new();
    };
    let file = tengen_sgf::read_bytes(&bytes);
    file.collection
        .trees
        .iter()
        .map(|t| {
            let r = tengen_sgf::replay(t, options);
            let illegal = r
                .problems
                .iter()
                .filter(|p| matches!(p.kind, tengen_sgf::ProblemKind::IllegalMove { .. }))
                .count();
            samples::of_game(&r.game, history, r.result, illegal)
        })
        .collect()
}

/// The iterator of `iter_samples`.
#[pyclass(module = "tengen")]
pub struct SampleIter {
    files: VecDeque<PathBuf>,
    rx: Mutex<Receiver<Vec<Vec<SampleData>>>>,
    ready: VecDeque<(String, usize, SampleData)>,
    skip_illegal: bool,
}

impl SampleIter {
    /// Moves the next chunk's games into `ready`; false when every file is done.
    fn refill(&mut self, py: Python<'_>) -> bool {
        let Some(chunk) = next_chunk(py, &self.rx) else {
            return false;
        };
        for games in chunk {
            let path = self
                .files
                .pop_front()
                .map(|p| p.display().to_string())
                .unwrap_or_default();
            for (k, g) in games.into_iter().enumerate() {
                let skipped = self.skip_illegal && g.illegal_moves > 0;
                if !g.moves.is_empty() && !skipped {
                    self.ready.push_back((path.clone(), k, g));
                }
            }
        }
        true
    }
}

#[pymethods]
impl SampleIter {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&mut self, py: Python<'_>) -> PyResult<Option<Samples>> {
        while self.ready.is_empty() {
            if !self.refill(py) {
                return Ok(None);
            }
        }
        match self.ready.pop_front() {
            Some((path, game, data)) => Samples::new(py, path, game, data).map(Some),
            None => Ok(None),
        }
    }
}

/// Training samples for every position of every game (main line) of the record files
/// under `paths`, made in Rust on `threads` workers (default: every core) with the GIL
/// released; yields one `Samples` per game, in file order (games without moves, files that
/// cannot be read and, with `skip_illegal`, games holding illegal moves are left out).
/// `history` is how many positions each sample's planes show.
#[pyfunction]
#[pyo3(signature = (paths, *, history=None, skip_illegal=false, rules=None, threads=None, chunk=None))]
fn iter_samples(
    paths: &Bound<'_, PyAny>,
    history: Option<&Bound<'_, PyAny>>,
    skip_illegal: bool,
    rules: Option<&Bound<'_, PyAny>>,
    threads: Option<&Bound<'_, PyAny>>,
    chunk: Option<&Bound<'_, PyAny>>,
) -> PyResult<SampleIter> {
    let history = convert::int_arg(history, "history", 1, 64)?.unwrap_or(1) as usize;
    let files = find_records(&paths_of(paths)?);
    let options = sgf::read_options(rules, None, None, None, false)?;
    let pool = pool(threads)?;
    let chunk = chunk_size(chunk, &pool)?;
    let rx = produce(files.clone(), chunk, pool, move |f| {
        file_samples(f, &options, history)
    });
    Ok(SampleIter {
        files: files.into(),
        rx: Mutex::new(rx),
        ready: VecDeque::new(),
        skip_illegal,
    })
}

/// Adds the batch iterators to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<FileResult>()?;
    m.add_class::<RecordIter>()?;
    m.add_class::<Samples>()?;
    m.add_class::<SampleIter>()?;
    m.add_function(wrap_pyfunction!(iter_records, m)?)?;
    m.add_function(wrap_pyfunction!(iter_samples, m)?)?;
    Ok(())
}
