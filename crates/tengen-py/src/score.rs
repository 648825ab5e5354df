//! The end of the game for Python: the count (every term per player, the owner of every
//! point, the result) and the dead-stone estimator. Everything is computed by
//! `tengen::score` and `tengen_player::estimate`.

use crate::arrays;
use crate::convert::{color_name, point_vertex};
use numpy::PyArray2;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use tengen::score::{ScoreReport as Report, Terms as RustTerms};
use tengen::{Color, GameResult, Point, Size};

/// One player's count, term by term, in points (half points are kept exactly: komi 6.5
/// is 6.5). The names are those of `tengen score --json`.
#[pyclass(module = "tengen", frozen, get_all)]
#[derive(Clone)]
pub struct Terms {
    /// Stones on the board after dead stones are removed (area and stone scoring).
    pub stones: u32,
    /// Points of territory that count for the player.
    pub territory: u32,
    /// Stones captured during the game (territory scoring).
    pub captures: u32,
    /// Opponent stones taken off as dead at the end (territory scoring).
    pub dead_stones_taken: u32,
    /// Pass stones received (territory scoring with pass stones).
    pub pass_stones: u32,
    /// Komi (White).
    pub komi: f64,
    /// Handicap compensation (White).
    pub compensation: f64,
    /// First-pass adjustment.
    pub first_pass_adjustment: f64,
    /// Group tax, as points taken away.
    pub group_tax: u32,
    /// Ikeda Territory II: stones played after the preliminary end that are not immortal.
    pub late_stones: u32,
    /// The total.
    pub total: f64,
}

impl From<&RustTerms> for Terms {
    fn from(t: &RustTerms) -> Terms {
        let points = |h: i32| f64::from(h) / 2.0;
        Terms {
            stones: t.stones,
            territory: t.territory,
            captures: t.captures,
            dead_stones_taken: t.dead,
            pass_stones: t.pass_stones,
            komi: points(t.komi),
            compensation: points(t.compensation),
            first_pass_adjustment: points(t.adjustment),
            group_tax: t.group_tax,
            late_stones: t.late_stones,
            total: points(t.total),
        }
    }
}

#[pymethods]
impl Terms {
    /// The terms as a dict, keyed as in `tengen score --json`.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        d.set_item("stones", self.stones)?;
        d.set_item("territory", self.territory)?;
        d.set_item("captures", self.captures)?;
        d.set_item("dead_stones_taken", self.dead_stones_taken)?;
        d.set_item("pass_stones", self.pass_stones)?;
        d.set_item("komi", self.komi)?;
        d.set_item("compensation", self.compensation)?;
        d.set_item("first_pass_adjustment", self.first_pass_adjustment)?;
        d.set_item("group_tax", self.group_tax)?;
        d.set_item("late_stones", self.late_stones)?;
        d.set_item("total", self.total)?;
        Ok(d)
    }

    fn __repr__(&self) -> String {
        format!(
            "Terms(total={}, stones={}, territory={}, captures={}, dead_stones_taken={}, komi={})",
            self.total,
            self.stones,
            self.territory,
            self.captures,
            self.dead_stones_taken,
            self.komi
        )
    }
}

/// A count: both players' terms, the owner of every point, the dead stones, the result.
#[pyclass(module = "tengen", frozen)]
pub struct ScoreReport {
    /// Black's terms.
    #[pyo3(get)]
    black: Py<Terms>,
    /// White's terms.
    #[pyo3(get)]
    white: Py<Terms>,
    /// The result as SGF writes it (`"B+3.5"`, `"W+R"`, `"0"`).
    #[pyo3(get)]
    result: String,
    /// `"black"`, `"white"` or None (a draw).
    #[pyo3(get)]
    winner: Option<&'static str>,
    /// The winner's margin in points (0 for a draw).
    #[pyo3(get)]
    margin: f64,
    /// How the points were counted: `"area"`, `"territory"` or `"stones"`.
    #[pyo3(get)]
    scoring: String,
    /// The stones taken off as dead, as vertices.
    #[pyo3(get)]
    dead: Vec<String>,
    /// The stones in seki, as vertices.
    #[pyo3(get)]
    seki: Vec<String>,
    /// The stones the count added first (the estimator's dame, teire and closed borders),
    /// as `(colour, vertex)` pairs; empty unless `dead="auto"`.
    #[pyo3(get)]
    added: Vec<(&'static str, String)>,
    owner: Vec<i8>,
    size: Size,
}

impl ScoreReport {
    /// The Python report of a count on a board of `size`, with the stones `added` first.
    pub fn new(
        py: Python<'_>,
        r: &Report,
        size: Size,
        added: &[(Point, Color)],
    ) -> PyResult<ScoreReport> {
        let (winner, margin) = match r.result {
            GameResult::Score {
                winner,
                margin_halves,
            } => (winner.map(color_name), f64::from(margin_halves) / 2.0),
            other => (other.winner().map(color_name), 0.0),
        };
        let vertices = |ps: &[Point]| ps.iter().map(|&p| point_vertex(p, size)).collect();
        Ok(ScoreReport {
            black: Py::new(py, Terms::from(&r.black))?,
            white: Py::new(py, Terms::from(&r.white))?,
            result: r.result.to_string(),
            winner,
            margin,
            scoring: r.scoring.to_string(),
            dead: vertices(&r.dead),
            seki: vertices(&r.seki),
            added: added
                .iter()
                .map(|&(p, c)| (color_name(c), point_vertex(p, size)))
                .collect(),
            owner: r.owner.iter().map(|&o| arrays::color_value(o)).collect(),
            size,
        })
    }
}

#[pymethods]
impl ScoreReport {
    /// The player each point counts for, as an int8 array of shape (height, width): 1
    /// Black, -1 White, 0 nobody. Row 0 is the top.
    #[getter]
    fn owner<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray2<i8>>> {
        arrays::grid(py, &self.owner, self.size)
    }

    /// One player's terms.
    fn terms(&self, py: Python<'_>, color: &Bound<'_, PyAny>) -> PyResult<Py<Terms>> {
        Ok(match crate::convert::color(color)? {
            Color::Black => self.black.clone_ref(py),
            Color::White => self.white.clone_ref(py),
        })
    }

    fn __repr__(&self) -> String {
        format!(
            "ScoreReport(result={:?}, scoring={:?}, dead={})",
            self.result,
            self.scoring,
            self.dead.len()
        )
    }
}

/// What the dead-stone estimator found: a judgement of playouts and reading
/// (`tengen_player::estimate`), not a rule.
#[pyclass(module = "tengen", frozen)]
pub struct Estimate {
    /// Stones it thinks dead, as vertices.
    #[pyo3(get)]
    dead: Vec<String>,
    /// Stones the players would add before a count (dame, teire, closed borders), as
    /// `(colour, vertex)` pairs; none after the passes under rules whose count takes the
    /// position as it stands (Japanese, Korean: confirmation play restores the board).
    #[pyo3(get)]
    added: Vec<(&'static str, String)>,
    ownership: Vec<f32>,
    size: Size,
}

impl Estimate {
    /// The Python form of an estimate of `game`'s current position.
    pub fn new(e: &tengen_player::estimate::Estimate, game: &tengen::Game) -> Estimate {
        let size = game.board().size();
        Estimate {
            dead: e.dead.iter().map(|&p| point_vertex(p, size)).collect(),
            added: e
                .fills_for(game)
                .iter()
                .map(|&(p, c)| (color_name(c), point_vertex(p, size)))
                .collect(),
            ownership: e.ownership.clone(),
            size,
        }
    }
}

#[pymethods]
impl Estimate {
    /// Ownership from -1 (White owns the point in every playout) to +1 (Black), float32
    /// of shape (height, width), row 0 at the top.
    #[getter]
    fn ownership<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray2<f32>>> {
        arrays::grid(py, &self.ownership, self.size)
    }

    fn __repr__(&self) -> String {
        format!("Estimate(dead={:?})", self.dead)
    }
}
