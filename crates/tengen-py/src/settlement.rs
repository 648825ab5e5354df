//! The agreement phase for Python: `tengen::Settlement` (docs/rules.md §5.1) over a copy of a
//! passed-out game. The players mark dead stones and accept; a rejection resumes play or,
//! under Japanese and Korean rules, starts confirmation play. Every decision is the Rust
//! settlement's.

use crate::convert::{self, point_vertex};
use crate::errors::{illegal, PhaseError};
use crate::game::PyGame;
use crate::score::ScoreReport;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyString;
use tengen::{Point, SettleError, Settlement as RustSettlement, Size, Stage};

/// The agreement phase of a game that ended by passes: `Game.settlement()`.
///
/// `stage` is `"marking"` (the players mark dead stones and accept or reject),
/// `"confirming"` (confirmation play settles the disputed stones: `play` moves),
/// `"settled"` (the dead stones are final; `game()` has its result) or `"resumed"` (a
/// rejection resumed play: `game()` goes on).
#[pyclass(module = "tengen", name = "Settlement")]
pub struct Settlement {
    inner: RustSettlement,
}

fn settle_error(e: SettleError) -> PyErr {
    PhaseError::new_err(e.to_string())
}

impl Settlement {
    /// The settlement of `game`; `PhaseError` unless it ended by passes.
    pub fn new(game: tengen::Game) -> PyResult<Settlement> {
        RustSettlement::new(game)
            .map(|inner| Settlement { inner })
            .map_err(|_| {
                PhaseError::new_err(
                    "only a game that ended by passes has a settlement (its dead stones are settled, or it has not ended by passes)",
                )
            })
    }

    fn size(&self) -> Size {
        self.inner.game().size()
    }

    fn vertices(&self, points: impl IntoIterator<Item = Point>) -> Vec<String> {
        let size = self.size();
        points.into_iter().map(|p| point_vertex(p, size)).collect()
    }
}

#[pymethods]
impl Settlement {
    /// `"marking"`, `"confirming"`, `"settled"` or `"resumed"`.
    #[getter]
    fn stage(&self) -> &'static str {
        match self.inner.stage() {
            Stage::Marking => "marking",
            Stage::Confirming(_) => "confirming",
            Stage::Settled => "settled",
            Stage::Resumed => "resumed",
        }
    }

    /// The stones marked dead now (once settled: the stones found dead), as vertices.
    #[getter]
    fn marks(&self) -> Vec<String> {
        self.vertices(self.inner.marks().iter().copied())
    }

    /// Whether `color` has accepted the current marks.
    fn accepted(&self, color: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self.inner.accepted(convert::color(color)?))
    }

    /// Starts the marks from a proposal that is no player's word: `"auto"` (tengen's
    /// estimator) or a list of points.
    fn propose(&mut self, py: Python<'_>, dead: &Bound<'_, PyAny>) -> PyResult<()> {
        let points = match dead.cast::<PyString>() {
            Ok(s) if s.to_cow()? == "auto" => {
                let game = self.inner.game();
                py.detach(|| tengen_player::estimate::estimate_game(game).dead)
            }
            Ok(s) => {
                return Err(PyValueError::new_err(format!(
                    "propose takes \"auto\" or a list of points, not {:?}",
                    s.to_cow()?
                )))
            }
            Err(_) => convert::points(dead, self.size())?,
        };
        self.inner.propose(&points).map_err(settle_error)
    }

    /// `by` marks the chain through `point` dead (or alive with `dead=False`); any change
    /// clears both acceptances. Returns whether the marks changed.
    #[pyo3(signature = (by, point, dead=true))]
    fn mark(
        &mut self,
        by: &Bound<'_, PyAny>,
        point: &Bound<'_, PyAny>,
        dead: bool,
    ) -> PyResult<bool> {
        let c = convert::color(by)?;
        let p = convert::point(point, self.size())?;
        self.inner.mark(c, p, dead).map_err(settle_error)
    }

    /// `by` toggles the chain through `point` between dead and alive.
    fn toggle(&mut self, by: &Bound<'_, PyAny>, point: &Bound<'_, PyAny>) -> PyResult<bool> {
        let c = convert::color(by)?;
        let p = convert::point(point, self.size())?;
        self.inner.toggle(c, p).map_err(settle_error)
    }

    /// `by` accepts the current marks; when both have, the marked stones are dead and the
    /// game has its result.
    fn accept(&mut self, by: &Bound<'_, PyAny>) -> PyResult<()> {
        let c = convert::color(by)?;
        self.inner.accept(c).map_err(settle_error)
    }

    /// `by` rejects the marks: play resumes, or (Japanese, Korean) confirmation play
    /// starts for the stones the players disagree on.
    fn reject(&mut self, by: &Bound<'_, PyAny>) -> PyResult<()> {
        let c = convert::color(by)?;
        self.inner.reject(c).map_err(settle_error)
    }

    /// A move of confirmation play (a ko may be retaken only after a pass); `IllegalMove`
    /// with the refusal, as `Game.play`.
    #[pyo3(signature = (r#move, color=None))]
    fn play(
        &mut self,
        py: Python<'_>,
        r#move: &Bound<'_, PyAny>,
        color: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<()> {
        let size = self.size();
        let mv = convert::to_move(r#move, size)?;
        let c = match (color, self.inner.confirmation()) {
            (Some(c), _) if !c.is_none() => convert::color(c)?,
            (_, Some(conf)) => conf.sandbox.to_move(),
            (_, None) => {
                return Err(PhaseError::new_err(
                    "moves are played in a settlement only during confirmation play",
                ))
            }
        };
        self.inner
            .play(c, mv)
            .map(|_| ())
            .map_err(|why| illegal(py, &why, mv, size))
    }

    /// During confirmation play: the stones both players said were dead (dead whatever
    /// happens), as vertices; else None.
    #[getter]
    fn agreed_dead(&self) -> Option<Vec<String>> {
        self.inner
            .confirmation()
            .map(|c| self.vertices(c.agreed_dead.iter().copied()))
    }

    /// During confirmation play: the stones in dispute (dead if the continuation captures
    /// them), as vertices; else None.
    #[getter]
    fn disputed(&self) -> Option<Vec<String>> {
        self.inner
            .confirmation()
            .map(|c| self.vertices(c.disputed.iter().copied()))
    }

    /// During confirmation play: a copy of the continuation's game; else None.
    fn confirmation_game(&self) -> Option<PyGame> {
        self.inner.confirmation().map(|c| PyGame {
            inner: c.sandbox.clone(),
        })
    }

    /// The count of the final position with the stones marked dead removed.
    fn score(&self, py: Python<'_>) -> PyResult<ScoreReport> {
        ScoreReport::new(py, &self.inner.score(), self.size(), &[])
    }

    /// A copy of the game: with its dead stones and result once settled, resumed after a
    /// rejection, or still waiting for its dead stones.
    fn game(&self) -> PyGame {
        PyGame {
            inner: self.inner.clone().into_game(),
        }
    }

    fn __repr__(&self) -> String {
        format!(
            "<tengen.Settlement {} marks={:?} accepted: black {}, white {}>",
            self.stage(),
            self.marks(),
            self.inner.accepted(tengen::Color::Black),
            self.inner.accepted(tengen::Color::White)
        )
    }
}
