//! Training samples: for every position of a game, the board as planes seen from the side
//! to move, the side to move, the move played and the game's final result. Built in plain
//! Rust (no Python objects), so that the batch iterator makes them on worker threads.
//!
//! Planes, for `history` H: plane `2h` holds the stones of the player to move and plane
//! `2h + 1` the opponent's, `h` moves before the position (h = 0 the position itself; all
//! zeros before the start); the last plane is all ones when Black is to move. So there are
//! `2H + 1` planes of (height, width), row 0 at the top, as uint8.

use crate::convert;
use numpy::ndarray::{Array1, Array4};
use numpy::{IntoPyArray, PyArray1, PyArray4};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use tengen::{Color, Game, Size};

/// One game's samples, before they become numpy arrays.
pub struct SampleData {
    /// The board size.
    pub size: Size,
    /// Planes per position.
    pub channels: usize,
    /// `positions * channels * height * width` plane values.
    pub planes: Vec<u8>,
    /// The side to move at each position: 1 Black, -1 White.
    pub to_move: Vec<i8>,
    /// The move played from each position, as an action index.
    pub moves: Vec<i32>,
    /// The final result for the side to move at each position: 1 won, -1 lost, 0 a draw
    /// or no known result.
    pub value: Vec<i8>,
    /// The result as the record gives it (`RE`).
    pub result: Option<String>,
    /// The winner the result names.
    pub winner: Option<Color>,
    /// Illegal moves the record holds (played anyway, as the record has them).
    pub illegal_moves: usize,
}

/// The winner an SGF result names: `B+...` or `W+...`.
pub fn winner_of(result: Option<&str>) -> Option<Color> {
    let r = result?.trim();
    let mut chars = r.chars();
    let c = chars.next()?.to_ascii_uppercase();
    if chars.next() != Some('+') {
        return None;
    }
    match c {
        'B' => Some(Color::Black),
        'W' => Some(Color::White),
        _ => None,
    }
}

/// The samples of every move of `game` (a game replayed from its start), with `history`
/// positions per sample and the record's `result`.
pub fn of_game(
    game: &Game,
    history: usize,
    result: Option<String>,
    illegal_moves: usize,
) -> SampleData {
    let size = game.size();
    let points = size.points();
    let channels = 2 * history + 1;
    let records = game.moves();
    let winner = winner_of(result.as_deref());
    let mut data = SampleData {
        size,
        channels,
        planes: vec![0; records.len() * channels * points],
        to_move: Vec::with_capacity(records.len()),
        moves: Vec::with_capacity(records.len()),
        value: Vec::with_capacity(records.len()),
        result,
        winner,
        illegal_moves,
    };
    let first = records.first().map_or(Color::Black, |r| r.color);
    let mut walk = Game::from_position(game.start_board().clone(), first, game.rules().clone());
    // The boards of the last `history` positions, latest first, as colours per point.
    let mut recent: std::collections::VecDeque<Vec<Option<Color>>> =
        std::collections::VecDeque::with_capacity(history + 1);
    for (t, r) in records.iter().enumerate() {
        let board = walk.board();
        recent.push_front(size.all_points().map(|p| board.get(p)).collect());
        recent.truncate(history);
        let sample = &mut data.planes[t * channels * points..(t + 1) * channels * points];
        for (h, cells) in recent.iter().enumerate() {
            for (k, c) in cells.iter().enumerate() {
                match c {
                    Some(c) if *c == r.color => sample[2 * h * points + k] = 1,
                    Some(_) => sample[(2 * h + 1) * points + k] = 1,
                    None => {}
                }
            }
        }
        if r.color == Color::Black {
            sample[(channels - 1) * points..].fill(1);
        }
        data.to_move
            .push(if r.color == Color::Black { 1 } else { -1 });
        data.moves.push(convert::action(r.mv, size) as i32);
        data.value.push(match winner {
            Some(w) if w == r.color => 1,
            Some(_) => -1,
            None => 0,
        });
        // The record's own move, as it was replayed (an illegal one is forced, as the
        // record holds it); refused only off the board, which a replayed move never is.
        let _ = walk.force(r.color, r.mv);
    }
    data
}

/// One game's training samples: every position of its main line.
#[pyclass(module = "tengen", frozen, get_all)]
pub struct Samples {
    /// The record file.
    pub path: String,
    /// The game's index in the file (from 0).
    pub game: usize,
    /// Board planes, uint8 of shape (positions, 2 * history + 1, height, width): for each
    /// of the last `history` positions the stones of the side to move, then the
    /// opponent's; the last plane all ones when Black is to move.
    pub planes: Py<PyArray4<u8>>,
    /// Side to move at each position: int8, 1 Black, -1 White.
    pub to_move: Py<PyArray1<i8>>,
    /// The move played from each position: int32 action index (`row * width + col`,
    /// `width * height` for a pass).
    pub moves: Py<PyArray1<i32>>,
    /// The final result for the side to move: int8, 1 won, -1 lost, 0 draw or unknown.
    pub value: Py<PyArray1<i8>>,
    /// The record's result (`RE`), if any.
    pub result: Option<String>,
    /// `"black"`, `"white"` or None.
    pub winner: Option<&'static str>,
    /// Illegal moves in the record (kept as the record plays them).
    pub illegal_moves: usize,
}

impl Samples {
    /// The numpy form of `data` (the arrays take the vectors over without a copy).
    pub fn new(py: Python<'_>, path: String, game: usize, data: SampleData) -> PyResult<Samples> {
        let n = data.moves.len();
        let shape = (
            n,
            data.channels,
            data.size.height() as usize,
            data.size.width() as usize,
        );
        let planes = Array4::from_shape_vec(shape, data.planes)
            .map_err(|e| PyValueError::new_err(format!("planes: {e}")))?;
        Ok(Samples {
            path,
            game,
            planes: planes.into_pyarray(py).unbind(),
            to_move: Array1::from_vec(data.to_move).into_pyarray(py).unbind(),
            moves: Array1::from_vec(data.moves).into_pyarray(py).unbind(),
            value: Array1::from_vec(data.value).into_pyarray(py).unbind(),
            result: data.result,
            winner: data.winner.map(convert::color_name),
            illegal_moves: data.illegal_moves,
        })
    }
}

#[pymethods]
impl Samples {
    fn __len__(&self, py: Python<'_>) -> usize {
        use numpy::PyUntypedArrayMethods;
        self.moves.bind(py).len()
    }

    fn __repr__(&self, py: Python<'_>) -> String {
        format!(
            "<tengen.Samples {} positions of {} game {}, result {}>",
            self.__len__(py),
            self.path,
            self.game,
            self.result.as_deref().unwrap_or("unknown")
        )
    }
}
