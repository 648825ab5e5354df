//! `tengen.Game`: a game under any rules, wrapping `tengen::Game`. Every refusal, count and
//! result comes from the Rust crates; this module only converts values.

use crate::arrays;
use crate::convert::{self, color_name, point_vertex, vertex};
use crate::errors::{illegal, PhaseError, Refusal, RulesError};
use crate::life::Life;
use crate::rules;
use crate::score::{Estimate, ScoreReport};
use crate::settlement::Settlement;
use numpy::ndarray::IxDyn;
use numpy::{PyArray1, PyArray2, PyArrayDyn, PyArrayMethods, PyUntypedArrayMethods};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyInt, PyString};
use tengen::result::EndReason;
use tengen::{Board, Color, Game, Move, Phase, Size};

/// The most playouts `Game.estimate` takes: 250 times the default, some seconds on the
/// largest board. The estimate cannot be interrupted once started, so a mistyped count
/// (`10**9`) is refused rather than left running for hours.
const MAX_PLAYOUTS: u32 = 100_000;

/// A game of Go under a set of rules, with its whole history.
///
/// `Game(size=19, rules="japanese", komi=None, handicap=0)`: `size` an int or a
/// `(width, height)` pair; `rules` a ruleset name (any spelling `tengen rules` accepts), a
/// dict of rule keys (`{"ruleset": "chinese", "ko": "situational"}`; without `"ruleset"`
/// the keys change Tromp-Taylor) or KataGo's rules dict; `komi` replaces the rules' komi;
/// `handicap` places that many stones on the fixed points and gives White the move.
#[pyclass(module = "tengen", name = "Game")]
#[derive(Clone)]
pub struct PyGame {
    pub(crate) inner: Game,
}

impl PyGame {
    fn size(&self) -> Size {
        self.inner.size()
    }

    /// The move `obj` names, with a fast path for action indices.
    fn to_move_arg(&self, obj: &Bound<'_, PyAny>) -> PyResult<Move> {
        if obj.is_exact_instance_of::<PyInt>() {
            // An int beyond i64 takes the slow path, which names it.
            if let Ok(a) = obj.extract::<i64>() {
                return convert::from_action(a, self.size());
            }
        }
        convert::to_move(obj, self.size())
    }

    /// The colour to play for: `color` when given, else the player to move.
    fn mover(&self, color: Option<&Bound<'_, PyAny>>) -> PyResult<Color> {
        match color {
            Some(c) if !c.is_none() => convert::color(c),
            _ => Ok(self.inner.to_move()),
        }
    }

    /// Fills `out` (a flat bool slice, row-major) with whether each point is a legal play
    /// for the player to move: the engine's whole-board mask, exactly its point-by-point
    /// legality.
    fn fill_mask(&self, out: &mut [bool]) {
        self.inner.legal_mask_into(out);
    }
}

/// The bool array of `shape` a mask is written into: `out` when given (checked), else a
/// new one.
fn mask_array<'py>(
    py: Python<'py>,
    out: Option<Bound<'py, PyAny>>,
    shape: &[usize],
) -> PyResult<Bound<'py, PyArrayDyn<bool>>> {
    match out {
        None => Ok(PyArrayDyn::<bool>::zeros(py, IxDyn(shape), false)),
        Some(o) => {
            let a = o
                .cast_into::<PyArrayDyn<bool>>()
                .map_err(|_| PyTypeError::new_err("out must be a numpy array of dtype bool"))?;
            if a.shape() != shape || !a.is_c_contiguous() {
                return Err(PyValueError::new_err(format!(
                    "out must be a C-contiguous bool array of shape {shape:?}, not {:?}",
                    a.shape()
                )));
            }
            Ok(a)
        }
    }
}

#[pymethods]
impl PyGame {
    #[new]
    #[pyo3(signature = (size=None, rules=None, komi=None, handicap=None))]
    fn new(
        size: Option<&Bound<'_, PyAny>>,
        rules: Option<&Bound<'_, PyAny>>,
        komi: Option<&Bound<'_, PyAny>>,
        handicap: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyGame> {
        let handicap = convert::int_arg(handicap, "handicap", 0, 9)?.unwrap_or(0) as u8;
        let size = match size {
            Some(s) if !s.is_none() => convert::size(s)?,
            _ => Size::NINETEEN,
        };
        let rules = rules::from_py(rules, komi)?;
        let mut inner = Game::new(size, rules);
        if handicap > 0 {
            inner
                .set_fixed_handicap(handicap)
                .map_err(|e| PyValueError::new_err(format!("handicap {handicap}: {e}")))?;
        }
        Ok(PyGame { inner })
    }

    /// A game from a text diagram (one row per line, top row first; `X` Black, `O` White,
    /// `.` empty), with `to_move` to play.
    #[staticmethod]
    #[pyo3(signature = (text, to_move="black", rules=None, komi=None))]
    fn from_text(
        text: &str,
        to_move: &str,
        rules: Option<&Bound<'_, PyAny>>,
        komi: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyGame> {
        let board = Board::from_text(text).map_err(PyValueError::new_err)?;
        let color = Color::parse(to_move)
            .ok_or_else(|| PyValueError::new_err(format!("{to_move:?} is not a colour")))?;
        let rules = rules::from_py(rules, komi)?;
        Ok(PyGame {
            inner: Game::from_position(board, color, rules),
        })
    }

    /// The board's size: an int for a square board, else `(width, height)`.
    #[getter(size)]
    fn py_size<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let s = self.size();
        if s.width() == s.height() {
            Ok(s.width().into_pyobject(py)?.into_any())
        } else {
            Ok((s.width(), s.height()).into_pyobject(py)?.into_any())
        }
    }

    /// Columns of the board.
    #[getter]
    fn width(&self) -> u8 {
        self.size().width()
    }

    /// Rows of the board.
    #[getter]
    fn height(&self) -> u8 {
        self.size().height()
    }

    /// The rules as a dict of tengen's rule keys, with `"ruleset"` the named ruleset they
    /// are (or are closest to); `Game(rules=game.rules)` gives the same rules.
    #[getter]
    fn rules<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        rules::to_dict(py, self.inner.rules())
    }

    /// Komi, in points.
    #[getter]
    fn komi(&self) -> f64 {
        self.inner.rules().komi.points()
    }

    /// Changes the rules mid-game (a name or dict, as for `Game`); refused with
    /// `RulesError` naming the move the new rules would make illegal.
    #[pyo3(signature = (rules, komi=None))]
    fn set_rules(
        &mut self,
        rules: &Bound<'_, PyAny>,
        komi: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<()> {
        let rules = rules::from_py(Some(rules), komi)?;
        self.inner
            .set_rules(rules)
            .map_err(|e| RulesError::new_err(e.to_string()))
    }

    /// `"black"` or `"white"`.
    #[getter]
    fn to_move(&self) -> &'static str {
        color_name(self.inner.to_move())
    }

    /// Stones each player has captured (pass stones included), as
    /// `{"black": n, "white": n}`.
    #[getter]
    fn prisoners<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        for c in Color::BOTH {
            d.set_item(color_name(c), self.inner.prisoners(c))?;
        }
        Ok(d)
    }

    /// `"playing"` or `"ended"`. A game that ended by passes under agreement rules then
    /// waits for its dead stones (`needs_settlement`).
    #[getter]
    fn phase(&self) -> &'static str {
        match self.inner.phase() {
            Phase::Playing => "playing",
            Phase::Ended(_) => "ended",
        }
    }

    /// Whether the game ended by passes under agreement rules and its dead stones are still
    /// to be settled: `settlement()` starts the agreement phase.
    #[getter]
    fn needs_settlement(&self) -> bool {
        self.inner.needs_settlement()
    }

    /// The stones found dead when the game was settled, as vertices (empty before).
    #[getter]
    fn final_dead(&self) -> Vec<String> {
        let size = self.size();
        self.inner
            .final_dead()
            .iter()
            .map(|&p| point_vertex(p, size))
            .collect()
    }

    /// The agreement phase of this passed-out game (docs/rules.md §5.1), on a copy: mark dead
    /// stones, accept or reject; `Settlement.game()` gives the game back settled or
    /// resumed. Raises `PhaseError` unless the game ended by passes.
    fn settlement(&self) -> PyResult<Settlement> {
        Settlement::new(self.inner.clone())
    }

    /// Resumes play after the ending passes, before the dead stones are settled: the
    /// opponent of the last passer moves. Raises `PhaseError` otherwise.
    fn resume(&mut self) -> PyResult<()> {
        self.inner
            .resume()
            .map_err(|e| PhaseError::new_err(format!("cannot resume: {e}")))
    }

    /// How the game ended: `"passes"`, `"resignation"`, `"time"`, `"forfeit"`,
    /// `"long-cycle"`; None while it goes on.
    #[getter]
    fn end_reason(&self) -> Option<&'static str> {
        match self.inner.phase() {
            Phase::Ended(r) => Some(match r {
                EndReason::Passes => "passes",
                EndReason::Resignation { .. } => "resignation",
                EndReason::Time { .. } => "time",
                EndReason::Forfeit { .. } => "forfeit",
                EndReason::LongCycle { .. } => "long-cycle",
            }),
            _ => None,
        }
    }

    /// Whether the game is over (no more moves).
    #[getter]
    fn is_over(&self) -> bool {
        self.inner.is_over()
    }

    /// The result as SGF writes it (`"B+3.5"`, `"W+R"`, `"0"`, `"Void"`) once the game
    /// has ended; None before, and after the ending passes until the dead stones are
    /// settled. A game ended by passes is counted with the stones found dead then.
    #[getter]
    fn result(&self) -> Option<String> {
        self.inner.result().map(|r| r.to_string())
    }

    /// The moves played, as `(colour, vertex)` pairs (`"pass"` for a pass).
    #[getter]
    fn moves(&self) -> Vec<(&'static str, String)> {
        let size = self.size();
        self.inner
            .moves()
            .iter()
            .map(|r| (color_name(r.color), vertex(r.mv, size)))
            .collect()
    }

    /// How many moves have been played.
    #[getter]
    fn move_number(&self) -> usize {
        self.inner.move_number()
    }

    /// The handicap stones, as vertices.
    #[getter]
    fn handicap(&self) -> Vec<String> {
        let size = self.size();
        self.inner
            .handicap()
            .iter()
            .map(|&p| point_vertex(p, size))
            .collect()
    }

    /// The Zobrist hash of the current position (a 64-bit int).
    #[getter]
    fn hash(&self) -> u64 {
        self.inner.board().hash()
    }

    /// The hash of every position of the game, the start first: uint64 array of length
    /// `move_number + 1`.
    fn hashes<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<u64>> {
        let positions = self.inner.positions();
        let hashes: Vec<u64> = (0..positions.len())
            .filter_map(|s| positions.hash(s))
            .collect();
        PyArray1::from_vec(py, hashes)
    }

    /// Plays `move` (a vertex, `(row, col)`, action index, `"pass"` or None) for the
    /// player to move, or for `color`. Raises `IllegalMove` with the refusal.
    #[pyo3(signature = (r#move, color=None))]
    fn play(
        &mut self,
        py: Python<'_>,
        r#move: &Bound<'_, PyAny>,
        color: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<()> {
        let mv = self.to_move_arg(r#move)?;
        let c = self.mover(color)?;
        let size = self.size();
        match self.inner.play_as(c, mv) {
            Ok(_) => Ok(()),
            Err(why) => Err(illegal(py, &why, mv, size)),
        }
    }

    /// Passes for the player to move (named `pass_` because `pass` is a Python keyword).
    fn pass_(&mut self, py: Python<'_>) -> PyResult<()> {
        let size = self.size();
        self.inner
            .pass()
            .map(|_| ())
            .map_err(|why| illegal(py, &why, Move::Pass, size))
    }

    /// `color` (default: the player to move) resigns; `PhaseError` once the game is over.
    #[pyo3(signature = (color=None))]
    fn resign(&mut self, color: Option<&Bound<'_, PyAny>>) -> PyResult<()> {
        let c = self.mover(color)?;
        self.inner
            .resign(c)
            .map_err(|why| PhaseError::new_err(format!("cannot resign: {why}")))
    }

    /// Takes back the last move (or a resignation); False when there is nothing to take
    /// back. Costs what the move cost, however long the game.
    fn undo(&mut self) -> bool {
        self.inner.undo()
    }

    /// An independent copy: moves on one never change the other.
    fn copy(&self) -> PyGame {
        self.clone()
    }

    fn __copy__(&self) -> PyGame {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyGame {
        self.clone()
    }

    /// Whether the player to move (or `color`) may make `move` now.
    #[pyo3(signature = (r#move, color=None))]
    fn is_legal(
        &self,
        r#move: &Bound<'_, PyAny>,
        color: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<bool> {
        let mv = self.to_move_arg(r#move)?;
        let c = self.mover(color)?;
        Ok(self.inner.legal_as(c, mv).is_ok())
    }

    /// None if `move` is legal, else the `Refusal`: its rule, tengen's message and the
    /// earlier move it names.
    #[pyo3(signature = (r#move, color=None))]
    fn why_illegal(
        &self,
        r#move: &Bound<'_, PyAny>,
        color: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Option<Refusal>> {
        let mv = self.to_move_arg(r#move)?;
        let c = self.mover(color)?;
        Ok(self
            .inner
            .legal_as(c, mv)
            .err()
            .map(|why| Refusal::new(&why, mv, self.size())))
    }

    /// Every legal move of the player to move, as vertices in board order (top row
    /// first), then `"pass"`; empty once the game is over.
    fn legal_moves(&self) -> Vec<String> {
        let size = self.size();
        self.inner
            .legal_moves()
            .into_iter()
            .map(|m| vertex(m, size))
            .collect()
    }

    /// Whether each point is a legal play for the player to move: bool array of shape
    /// (height, width), row 0 at the top. Computed in Rust with the engine's own checks
    /// (superko included). `out`, a C-contiguous bool array of that shape, is filled and
    /// returned instead of a new array.
    #[pyo3(signature = (out=None))]
    fn legal_mask<'py>(
        &self,
        py: Python<'py>,
        out: Option<Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyArrayDyn<bool>>> {
        let s = self.size();
        let arr = mask_array(py, out, &[s.height() as usize, s.width() as usize])?;
        self.fill_mask(arr.try_readwrite()?.as_slice_mut()?);
        Ok(arr)
    }

    /// The legal actions as one flat bool array of length `width * height + 1`: index
    /// `row * width + col` for each point, the last for a pass (legal while the game goes
    /// on). The action space of a reinforcement-learning environment; `play(action)`
    /// takes these indices.
    #[pyo3(signature = (out=None))]
    fn action_mask<'py>(
        &self,
        py: Python<'py>,
        out: Option<Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyArrayDyn<bool>>> {
        let n = self.size().points();
        let arr = mask_array(py, out, &[n + 1])?;
        {
            let mut rw = arr.try_readwrite()?;
            let slice = rw.as_slice_mut()?;
            self.fill_mask(&mut slice[..n]);
            slice[n] = self.inner.legal(Move::Pass).is_ok();
        }
        Ok(arr)
    }

    /// The stones: int8 array of shape (height, width), 1 Black, -1 White, 0 empty; row 0
    /// is the top.
    fn board<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray2<i8>>> {
        let b = self.inner.board();
        let values: Vec<i8> = self
            .size()
            .all_points()
            .map(|p| arrays::color_value(b.get(p)))
            .collect();
        arrays::grid(py, &values, self.size())
    }

    /// The colour on a point (vertex or `(row, col)`): `"black"`, `"white"` or None.
    fn get(&self, point: &Bound<'_, PyAny>) -> PyResult<Option<&'static str>> {
        let p = convert::point(point, self.size())?;
        Ok(self.inner.board().get(p).map(color_name))
    }

    /// The count of the current position. `dead`: `"auto"` (tengen's estimator, with the
    /// dame and teire it adds, as `tengen score --dead auto`), `"none"` (every stone
    /// alive), `"settled"` (the stones agreed dead in the scoring phase) or a list of
    /// points. Refused (`ValueError`) for a dead point off the board or without a stone.
    #[pyo3(signature = (dead=None))]
    fn score(&self, py: Python<'_>, dead: Option<&Bound<'_, PyAny>>) -> PyResult<ScoreReport> {
        let size = self.size();
        let game = &self.inner;
        let mode = match dead {
            None => Some("auto".to_string()),
            Some(d) => match d.cast::<PyString>() {
                Ok(s) => Some(s.to_cow()?.into_owned()),
                Err(_) => None,
            },
        };
        let (report, added) = match mode.as_deref() {
            Some("auto") => {
                let e = py.detach(|| tengen_player::estimate::estimate_game(game));
                let report = tengen::score::count_with_fills(
                    game.board(),
                    &e.dead,
                    e.fills_for(game),
                    &game.tally(),
                    game.rules(),
                )
                .map_err(|err| PyValueError::new_err(err.to_string()))?;
                (report, e.fills_for(game).to_vec())
            }
            Some("none") => (
                game.score_with_dead(&[])
                    .map_err(|err| PyValueError::new_err(err.to_string()))?,
                Vec::new(),
            ),
            Some("settled") => (game.score(), Vec::new()),
            Some(other) => {
                return Err(PyValueError::new_err(format!(
                    "dead is \"auto\", \"none\", \"settled\" or a list of points, not {other:?}"
                )))
            }
            None => {
                let points = convert::points(dead.expect("a list was given"), size)?;
                (
                    game.score_with_dead(&points)
                        .map_err(|err| PyValueError::new_err(err.to_string()))?,
                    Vec::new(),
                )
            }
        };
        ScoreReport::new(py, &report, size, &added)
    }

    /// The dead-stone estimator's judgement of the current position: dead stones,
    /// ownership, and the stones a count would add. `playouts` (1 to 100,000; 400 by
    /// default) and `seed` change its defaults (the same seed gives the same estimate).
    #[pyo3(signature = (playouts=None, seed=None))]
    fn estimate(
        &self,
        py: Python<'_>,
        playouts: Option<&Bound<'_, PyAny>>,
        seed: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Estimate> {
        let mut options = tengen_player::estimate::EstimateOptions::for_game(&self.inner);
        if let Some(n) = convert::int_arg(playouts, "playouts", 1, MAX_PLAYOUTS.into())? {
            options.playouts = n as u32;
        }
        if let Some(s) = convert::int_arg(seed, "seed", 0, u64::MAX)? {
            options.seed = s;
        }
        let board = self.inner.board();
        let e = py.detach(|| tengen_player::estimate::estimate(board, options));
        Ok(Estimate::new(&e, &self.inner))
    }

    /// Life and death without reading on the current board, under the game's suicide
    /// rule: unconditional life (Benson's algorithm), unconditional status and territory
    /// (GTP `unconditional_status`), seki, groups.
    fn unconditional_life(&self) -> Life {
        Life::of(self.inner.board(), self.inner.rules().suicide)
    }

    /// The board as text: one row per line, top first, `X` `O` `.`.
    fn to_text(&self) -> String {
        self.inner.board().to_text()
    }

    fn __str__(&self) -> String {
        self.inner
            .board()
            .to_text_with_coordinates(self.inner.moves().last().and_then(|r| r.mv.point()))
    }

    fn __repr__(&self) -> String {
        let (base, differing) = self.inner.rules().closest_named();
        let rules = if differing.is_empty() {
            base.name().to_string()
        } else {
            format!("{} ({})", base.name(), differing.join(", "))
        };
        format!(
            "<tengen.Game {} {} komi {} move {} {} to move, {}>",
            self.size(),
            rules,
            self.inner.rules().komi,
            self.inner.move_number(),
            color_name(self.inner.to_move()),
            self.phase()
        )
    }

    /// Places a free handicap on `points` before the first move; White then moves.
    fn set_free_handicap(&mut self, points: &Bound<'_, PyAny>) -> PyResult<()> {
        let ps = convert::points(points, self.size())?;
        self.inner
            .set_free_handicap(&ps)
            .map_err(|e| PyValueError::new_err(e.to_string()))
    }
}
