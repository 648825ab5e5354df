//! SGF records for Python: `read_sgf` (every game, its properties, main line and
//! variations, diagnostics with line and column, `to_game`) and `write_sgf`. Reading,
//! decoding, replaying and writing are `tengen-sgf`'s.

use crate::convert::{self, color_name, type_name, vertex};
use crate::errors::SgfError;
use crate::game::PyGame;
use crate::rules;
use pyo3::exceptions::{PyIndexError, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyBytes, PyDict};
use std::sync::Arc;
use tengen_sgf::{
    Diagnostic as RustDiagnostic, GameTree, LineIndex, ProblemKind, ReadFile, ReadOptions,
    RecordProblem, Severity,
};

/// A problem the parser found, placed by line and column (from 1).
#[pyclass(module = "tengen", frozen, get_all)]
#[derive(Clone)]
pub struct Diagnostic {
    /// `"error"` (something was lost) or `"warning"` (repaired, nothing lost).
    pub severity: &'static str,
    /// Line, from 1.
    pub line: u32,
    /// Column in characters, from 1.
    pub column: u32,
    /// What was found.
    pub message: String,
}

impl From<&RustDiagnostic> for Diagnostic {
    fn from(d: &RustDiagnostic) -> Diagnostic {
        Diagnostic {
            severity: severity_name(d.severity),
            line: d.line,
            column: d.column,
            message: d.message.clone(),
        }
    }
}

fn severity_name(s: Severity) -> &'static str {
    match s {
        Severity::Error => "error",
        Severity::Warning => "warning",
    }
}

#[pymethods]
impl Diagnostic {
    fn __str__(&self) -> String {
        format!(
            "{}:{}: {}: {}",
            self.line, self.column, self.severity, self.message
        )
    }

    fn __repr__(&self) -> String {
        format!("Diagnostic({})", self.__str__())
    }
}

/// A problem found while replaying a game of a record: an illegal move (recorded anyway,
/// so that reading goes on), a bad value, an unknown ruleset, odd setup or other oddities.
#[pyclass(module = "tengen", frozen, get_all)]
#[derive(Clone)]
pub struct Problem {
    /// `"illegal-move"`, `"bad-value"`, `"unknown-rules"`, `"setup"` or `"oddity"`.
    pub kind: &'static str,
    /// `"error"` for an illegal move, else `"warning"` (as `tengen check` ranks them).
    pub severity: &'static str,
    /// Line, from 1.
    pub line: u32,
    /// Column, from 1.
    pub column: u32,
    /// tengen's message, as `tengen check` prints it.
    pub message: String,
    /// For an illegal move: its number (1 for the first move after the setup).
    pub move_number: Option<usize>,
    /// For an illegal move: who made it.
    pub color: Option<&'static str>,
    /// For an illegal move: the move, as a vertex.
    pub r#move: Option<String>,
    /// For an illegal move: the refusal (rule, message, earlier move).
    pub refusal: Option<crate::errors::Refusal>,
}

#[pymethods]
impl Problem {
    fn __str__(&self) -> String {
        format!(
            "{}:{}: {}: {}",
            self.line, self.column, self.severity, self.message
        )
    }

    fn __repr__(&self) -> String {
        format!("Problem({})", self.__str__())
    }
}

impl Problem {
    /// A replay problem of `file`, placed with `index`.
    fn new(p: &RecordProblem, file: &ReadFile, index: &LineIndex) -> Problem {
        let (line, column) = index.locate(&file.text, p.offset);
        let (kind, severity) = match &p.kind {
            ProblemKind::IllegalMove { .. } => ("illegal-move", "error"),
            ProblemKind::BadValue { .. } => ("bad-value", "warning"),
            ProblemKind::UnknownRules(_) => ("unknown-rules", "warning"),
            ProblemKind::Setup(_) => ("setup", "warning"),
            ProblemKind::Oddity(_) => ("oddity", "warning"),
        };
        let mut problem = Problem {
            kind,
            severity,
            line,
            column,
            message: p.kind.to_string(),
            move_number: None,
            color: None,
            r#move: None,
            refusal: None,
        };
        if let ProblemKind::IllegalMove {
            number,
            color,
            mv,
            size,
            why,
        } = &p.kind
        {
            problem.move_number = Some(*number);
            problem.color = Some(color_name(*color));
            problem.r#move = Some(vertex(*mv, *size));
            problem.refusal = Some(crate::errors::Refusal::new(why, *mv, *size));
        }
        problem
    }
}

/// The problems of a replay, placed by line and column.
pub fn problems(file: &ReadFile, found: &[RecordProblem]) -> Vec<Problem> {
    if found.is_empty() {
        return Vec::new();
    }
    let index = LineIndex::new(&file.text);
    found
        .iter()
        .map(|p| Problem::new(p, file, &index))
        .collect()
}

/// A record file read: its games, the character set it was decoded from, and what the
/// parser found.
#[pyclass(module = "tengen", frozen)]
pub struct SgfFile {
    file: Arc<ReadFile>,
    /// The path it was read from, if it was read from a file.
    #[pyo3(get)]
    path: Option<String>,
}

impl SgfFile {
    /// A file read from `bytes` (from `path`, if any).
    pub fn new(bytes: &[u8], path: Option<String>) -> SgfFile {
        SgfFile {
            file: Arc::new(tengen_sgf::read_bytes(bytes)),
            path,
        }
    }

    /// The shared read file.
    pub fn shared(&self) -> Arc<ReadFile> {
        Arc::clone(&self.file)
    }

    /// From a file already read.
    pub fn from_read(file: Arc<ReadFile>, path: Option<String>) -> SgfFile {
        SgfFile { file, path }
    }
}

#[pymethods]
impl SgfFile {
    /// Every game of the file, in order.
    #[getter]
    fn games(&self) -> Vec<GameRecord> {
        (0..self.file.collection.trees.len())
            .map(|k| GameRecord {
                file: Arc::clone(&self.file),
                index: k,
            })
            .collect()
    }

    /// The parser's diagnostics (decoding, syntax, repairs), in text order.
    #[getter]
    fn diagnostics(&self) -> Vec<Diagnostic> {
        self.file.diagnostics.iter().map(Diagnostic::from).collect()
    }

    /// The diagnostics that are errors (something was lost).
    #[getter]
    fn errors(&self) -> Vec<Diagnostic> {
        self.file
            .diagnostics
            .iter()
            .filter(|d| d.severity == Severity::Error)
            .map(Diagnostic::from)
            .collect()
    }

    /// The character set the bytes were decoded from.
    #[getter]
    fn charset(&self) -> &'static str {
        self.file.charset
    }

    /// The decoded text.
    #[getter]
    fn text(&self) -> &str {
        &self.file.text
    }

    /// The collection written back as SGF text.
    fn to_sgf(&self) -> String {
        tengen_sgf::write(&self.file.collection)
    }

    fn __len__(&self) -> usize {
        self.file.collection.trees.len()
    }

    fn __getitem__(&self, key: &Bound<'_, PyAny>) -> PyResult<GameRecord> {
        let n = self.file.collection.trees.len() as i128;
        // Any int: one too large for a machine word is as far off as any other.
        let k: i128 = match convert::small_int(key) {
            Ok(k) => k.map_or(i128::MAX, i128::from),
            Err(_) => {
                return Err(PyTypeError::new_err(format!(
                    "a game is picked by an int, not {}",
                    type_name(key)
                )))
            }
        };
        let i = if k < 0 { k + n } else { k };
        if !(0..n).contains(&i) {
            return Err(PyIndexError::new_err(format!(
                "game {key}: the file holds {n} games"
            )));
        }
        Ok(GameRecord {
            file: Arc::clone(&self.file),
            index: i as usize,
        })
    }

    fn __repr__(&self) -> String {
        format!(
            "<tengen.SgfFile {} games, {} diagnostics{}>",
            self.file.collection.trees.len(),
            self.file.diagnostics.len(),
            self.path
                .as_deref()
                .map(|p| format!(", {p}"))
                .unwrap_or_default()
        )
    }
}

/// One game of a record file: its root properties, its main line and variations, and the
/// game they replay into.
#[pyclass(module = "tengen", frozen)]
#[derive(Clone)]
pub struct GameRecord {
    file: Arc<ReadFile>,
    index: usize,
}

impl GameRecord {
    fn tree(&self) -> &GameTree {
        &self.file.collection.trees[self.index]
    }

    /// The record replayed as `to_game` and `replay` read their arguments, without the GIL.
    fn replayed(
        &self,
        py: Python<'_>,
        rules: Option<&Bound<'_, PyAny>>,
        komi: Option<&Bound<'_, PyAny>>,
        variation: Option<&Bound<'_, PyAny>>,
        max_moves: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<tengen_sgf::Replayed> {
        let options = read_options(rules, komi, variation, max_moves, false)?;
        let tree = self.tree();
        Ok(py.detach(|| tengen_sgf::replay(tree, &options)))
    }
}

/// How to replay a record, from Python arguments.
pub fn read_options(
    rules: Option<&Bound<'_, PyAny>>,
    komi: Option<&Bound<'_, PyAny>>,
    variation: Option<&Bound<'_, PyAny>>,
    max_moves: Option<&Bound<'_, PyAny>>,
    force_rules: bool,
) -> PyResult<ReadOptions> {
    let given = match rules {
        Some(r) if !r.is_none() => Some(rules::from_py(Some(r), None)?),
        _ => None,
    };
    Ok(ReadOptions {
        force_rules: force_rules || given.is_some(),
        rules: given,
        komi: rules::komi_arg(komi)?.map(rules::komi_of).transpose()?,
        variation: convert::int_list_arg(variation, "variation", u32::MAX.into())?
            .unwrap_or_default(),
        max_moves: convert::int_arg(max_moves, "max_moves", 0, u32::MAX.into())?
            .map(|n| n as usize),
    })
}

#[pymethods]
impl GameRecord {
    /// The root node's properties: identifier to list of raw values.
    #[getter]
    fn properties<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        match self.tree().root() {
            Some(root) => node_properties(py, root),
            None => Ok(PyDict::new(py)),
        }
    }

    /// The root's value of a property as text (escapes removed), or None.
    fn get(&self, id: &str) -> Option<String> {
        self.tree().root().and_then(|n| n.text(id))
    }

    /// The nodes of the main line (the first variation at every branching).
    #[getter]
    fn main_line(&self) -> Vec<Node> {
        self.tree()
            .line(&[])
            .into_iter()
            .map(|n| Node { node: n.clone() })
            .collect()
    }

    /// The game tree: its first nodes and the variations that follow them.
    #[getter(tree)]
    fn tree_view(&self) -> Tree {
        Tree {
            file: Arc::clone(&self.file),
            game: self.index,
            path: Vec::new(),
        }
    }

    /// The game the record replays into, every move checked under its rules (`RU`, or
    /// `rules` when given, which then also overrides `RU`), with `KM` or `komi`;
    /// `variation` chooses at each branching (default the main line).
    #[pyo3(signature = (rules=None, komi=None, variation=None, max_moves=None))]
    fn to_game(
        &self,
        py: Python<'_>,
        rules: Option<&Bound<'_, PyAny>>,
        komi: Option<&Bound<'_, PyAny>>,
        variation: Option<&Bound<'_, PyAny>>,
        max_moves: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyGame> {
        let replayed = self.replayed(py, rules, komi, variation, max_moves)?;
        Ok(PyGame {
            inner: replayed.game,
        })
    }

    /// As `to_game`, with what the replay found: a `Replay` with the game, the moves read,
    /// the record's `RE` and the problems (illegal moves with their refusal, bad values),
    /// placed by line and column.
    #[pyo3(signature = (rules=None, komi=None, variation=None, max_moves=None))]
    fn replay(
        &self,
        py: Python<'_>,
        rules: Option<&Bound<'_, PyAny>>,
        komi: Option<&Bound<'_, PyAny>>,
        variation: Option<&Bound<'_, PyAny>>,
        max_moves: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Replay> {
        let replayed = self.replayed(py, rules, komi, variation, max_moves)?;
        Replay::new(py, replayed, &self.file)
    }

    /// This game alone written as SGF text.
    fn to_sgf(&self) -> String {
        tengen_sgf::write(&tengen_sgf::Collection {
            trees: vec![self.tree().clone()],
        })
    }

    fn __repr__(&self) -> String {
        let t = self.tree();
        let get = |id: &str| t.root().and_then(|n| n.text(id)).unwrap_or_default();
        format!(
            "<tengen.GameRecord {} vs {} {} nodes {}>",
            get("PB"),
            get("PW"),
            t.node_count(),
            get("RE")
        )
    }
}

/// A game replayed from a record, with what the replay found.
#[pyclass(module = "tengen", frozen, get_all)]
pub struct Replay {
    /// The game after the last move read.
    pub game: Py<PyGame>,
    /// Moves read (plays and passes).
    pub moves: usize,
    /// The record's `RE`, if any.
    pub record_result: Option<String>,
    /// The problems found, placed by line and column.
    pub problems: Vec<Problem>,
}

impl Replay {
    /// The Python form of a replay of a game of `file`.
    pub fn new(py: Python<'_>, r: tengen_sgf::Replayed, file: &ReadFile) -> PyResult<Replay> {
        Ok(Replay {
            problems: problems(file, &r.problems),
            game: Py::new(py, PyGame { inner: r.game })?,
            moves: r.moves,
            record_result: r.result,
        })
    }
}

#[pymethods]
impl Replay {
    /// The problems that are illegal moves.
    #[getter]
    fn illegal_moves(&self) -> Vec<Problem> {
        self.problems
            .iter()
            .filter(|p| p.kind == "illegal-move")
            .cloned()
            .collect()
    }

    fn __repr__(&self) -> String {
        format!(
            "<tengen.Replay {} moves, {} problems>",
            self.moves,
            self.problems.len()
        )
    }
}

/// A part of a game tree: a sequence of nodes, then the variations that follow them.
#[pyclass(module = "tengen", frozen)]
pub struct Tree {
    file: Arc<ReadFile>,
    game: usize,
    /// Variation indices from the game's tree down to this one.
    path: Vec<usize>,
}

impl Tree {
    fn tree(&self) -> &GameTree {
        let mut t = &self.file.collection.trees[self.game];
        for &k in &self.path {
            t = &t.variations[k];
        }
        t
    }
}

#[pymethods]
impl Tree {
    /// The nodes of this sequence.
    #[getter]
    fn nodes(&self) -> Vec<Node> {
        self.tree()
            .nodes
            .iter()
            .map(|n| Node { node: n.clone() })
            .collect()
    }

    /// The variations after the last node, the main one first.
    #[getter]
    fn variations(&self) -> Vec<Tree> {
        (0..self.tree().variations.len())
            .map(|k| {
                let mut path = self.path.clone();
                path.push(k);
                Tree {
                    file: Arc::clone(&self.file),
                    game: self.game,
                    path,
                }
            })
            .collect()
    }

    /// Nodes in this tree and every variation below it.
    fn node_count(&self) -> usize {
        self.tree().node_count()
    }

    fn __repr__(&self) -> String {
        let t = self.tree();
        format!(
            "<tengen.Tree {} nodes, {} variations>",
            t.nodes.len(),
            t.variations.len()
        )
    }
}

/// One node: its properties.
#[pyclass(module = "tengen", frozen)]
pub struct Node {
    node: tengen_sgf::Node,
}

fn node_properties<'py>(py: Python<'py>, n: &tengen_sgf::Node) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    for p in &n.props {
        let values: Vec<&str> = p.values.iter().map(|v| v.as_str()).collect();
        d.set_item(p.id.to_string(), values)?;
    }
    Ok(d)
}

#[pymethods]
impl Node {
    /// Identifier to list of raw values (SGF escapes kept).
    #[getter]
    fn properties<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        node_properties(py, &self.node)
    }

    /// A property's value as text (escapes removed), or None.
    fn get(&self, id: &str) -> Option<String> {
        self.node.text(id)
    }

    /// The move of this node as `(colour, raw SGF point)`, or None: `B`/`W` as written
    /// (`""` is a pass).
    #[getter]
    fn r#move(&self) -> Option<(&'static str, String)> {
        for (id, color) in [("B", "black"), ("W", "white")] {
            if let Some(v) = self.node.raw(id) {
                return Some((color, v.to_string()));
            }
        }
        None
    }

    fn __contains__(&self, id: &str) -> bool {
        self.node.get(id).is_some()
    }

    fn __repr__(&self) -> String {
        let ids: Vec<String> = self.node.props.iter().map(|p| p.id.to_string()).collect();
        format!("<tengen.Node {}>", ids.join(" "))
    }
}

/// The bytes of a record given as a path (str or os.PathLike) or as bytes, and its path.
pub fn source_bytes(source: &Bound<'_, PyAny>) -> PyResult<(Vec<u8>, Option<String>)> {
    if let Ok(b) = source.cast::<PyBytes>() {
        return Ok((b.as_bytes().to_vec(), None));
    }
    if let Ok(b) = source.cast::<PyByteArray>() {
        return Ok((b.to_vec(), None));
    }
    let path: std::path::PathBuf = source.extract().map_err(|_| {
        PyTypeError::new_err(format!(
            "read_sgf takes a path (str or os.PathLike) or the file's bytes, not {}",
            type_name(source)
        ))
    })?;
    let bytes = std::fs::read(&path)?;
    Ok((bytes, Some(path.display().to_string())))
}

/// Reads an SGF file (FF[1]-FF[4], and the old `.mgt`), given as a path or as its bytes.
/// The reader is lenient: damage is repaired where it can be and reported in
/// `diagnostics` with line and column. With `strict=True`, any error diagnostic raises
/// `SgfError` instead.
#[pyfunction]
#[pyo3(signature = (source, strict=false))]
fn read_sgf(py: Python<'_>, source: &Bound<'_, PyAny>, strict: bool) -> PyResult<SgfFile> {
    let (bytes, path) = source_bytes(source)?;
    let file = py.detach(|| SgfFile::new(&bytes, path));
    if strict {
        if let Some(d) = file
            .file
            .diagnostics
            .iter()
            .find(|d| d.severity == Severity::Error)
        {
            let d = Diagnostic::from(d);
            return Err(SgfError::new_err(format!(
                "{}{}",
                file.path
                    .as_deref()
                    .map(|p| format!("{p}:"))
                    .unwrap_or_default(),
                d.__str__()
            )));
        }
    }
    Ok(file)
}

/// SGF text for a `Game` (its rules, setup, moves and result), an `SgfFile` or a
/// `GameRecord`; written to `path` too when given.
#[pyfunction]
#[pyo3(signature = (obj, path=None))]
fn write_sgf(obj: &Bound<'_, PyAny>, path: Option<std::path::PathBuf>) -> PyResult<String> {
    let text = if let Ok(g) = obj.cast::<PyGame>() {
        // Boards are at most 25x25, so every point has an SGF spelling.
        let game = &g.borrow().inner;
        let tree = tengen_sgf::record(game, &tengen_sgf::RecordInfo::default());
        tengen_sgf::write(&tengen_sgf::Collection { trees: vec![tree] })
    } else if let Ok(f) = obj.cast::<SgfFile>() {
        f.get().to_sgf()
    } else if let Ok(r) = obj.cast::<GameRecord>() {
        r.get().to_sgf()
    } else {
        return Err(PyTypeError::new_err(format!(
            "write_sgf takes a Game, an SgfFile or a GameRecord, not {}",
            type_name(obj)
        )));
    };
    if let Some(p) = path {
        std::fs::write(p, &text)?;
    }
    Ok(text)
}

/// Adds the record classes and functions to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<SgfFile>()?;
    m.add_class::<GameRecord>()?;
    m.add_class::<Tree>()?;
    m.add_class::<Node>()?;
    m.add_class::<Diagnostic>()?;
    m.add_class::<Problem>()?;
    m.add_class::<Replay>()?;
    m.add_function(wrap_pyfunction!(read_sgf, m)?)?;
    m.add_function(wrap_pyfunction!(write_sgf, m)?)?;
    Ok(())
}
