//! Python values to tengen's and back: colours, points and moves.
//!
//! The conventions (docs/python.md, "Points and moves"):
//! - a point is a GTP vertex (`"D4"`, column letters without `I`, row 1 at the bottom), or
//!   a `(row, col)` pair of ints with **row 0 at the top** and col 0 at the left: the order
//!   of `Game.board()`'s rows, of text diagrams and of SGF (sgfmill counts rows from the
//!   bottom instead);
//! - a move is a point, `"pass"` or `None` for a pass, or an int *action*
//!   `row * width + col`, with `width * height` for a pass (the index into
//!   `Game.action_mask()`).

use pyo3::exceptions::{PyOverflowError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyInt, PyList, PyString, PyTuple};
use tengen::{Color, Move, Point, Size};

/// A colour from `"black"`/`"white"` (or `"b"`, `"w"`, any case).
pub fn color(obj: &Bound<'_, PyAny>) -> PyResult<Color> {
    let s = obj
        .cast::<PyString>()
        .map_err(|_| {
            PyTypeError::new_err(format!(
                "a colour is \"black\" or \"white\", not {}",
                type_name(obj)
            ))
        })?
        .to_cow()?;
    Color::parse(&s).ok_or_else(|| {
        PyValueError::new_err(format!("{s:?} is not a colour (\"black\" or \"white\")"))
    })
}

/// The Python name of a colour.
pub fn color_name(c: Color) -> &'static str {
    match c {
        Color::Black => "black",
        Color::White => "white",
    }
}

/// The name of an object's type, for error messages.
pub fn type_name(obj: &Bound<'_, PyAny>) -> String {
    obj.get_type()
        .name()
        .map(|n| n.to_string())
        .unwrap_or_else(|_| "an unknown type".into())
}

/// A move from a vertex, `"pass"`, `None`, a `(row, col)` pair or an action index. Every
/// play must be on the board: a point off it is an error, not a refusal of the rules.
pub fn to_move(obj: &Bound<'_, PyAny>, size: Size) -> PyResult<Move> {
    if obj.is_none() {
        return Ok(Move::Pass);
    }
    if let Ok(s) = obj.cast::<PyString>() {
        let s = s.to_cow()?;
        return Move::from_gtp(s.trim(), size).ok_or_else(|| {
            PyValueError::new_err(format!(
                "{s:?} is not a vertex of the {size} board (GTP: a column letter A-{} without I, a row 1-{}; or \"pass\")",
                last_column(size),
                size.height()
            ))
        });
    }
    if obj.is_instance_of::<pyo3::types::PyBool>() {
        return Err(PyTypeError::new_err(
            "a move is a vertex, a (row, col) pair or an action index, not a bool",
        ));
    }
    // Python ints and whatever acts as one (numpy integers): an action index.
    if obj.is_instance_of::<PyInt>() || obj.hasattr("__index__")? {
        let index = obj.call_method0("__index__")?;
        let Some(action) = small_int(&index)? else {
            return Err(PyValueError::new_err(format!(
                "action {index} is off the {size} board (0 to {} for points, {} for a pass)",
                size.points() - 1,
                size.points()
            )));
        };
        return from_action(action, size);
    }
    if obj.is_instance_of::<PyTuple>() || obj.is_instance_of::<PyList>() {
        return point(obj, size).map(Move::Play);
    }
    Err(PyTypeError::new_err(format!(
        "a move is a vertex such as \"D4\", \"pass\", None, a (row, col) pair or an action index, not {}",
        type_name(obj)
    )))
}

/// The move of action index `action` (`row * width + col`, `width * height` for a pass).
pub fn from_action(action: i64, size: Size) -> PyResult<Move> {
    let points = size.points() as i64;
    if action == points {
        return Ok(Move::Pass);
    }
    if !(0..points).contains(&action) {
        return Err(PyValueError::new_err(format!(
            "action {action} is off the {size} board (0 to {} for points, {points} for a pass)",
            points - 1
        )));
    }
    let w = size.width() as i64;
    Ok(Move::Play(Point::new(
        (action % w) as u8,
        (action / w) as u8,
    )))
}

/// The action index of a move.
pub fn action(mv: Move, size: Size) -> usize {
    match mv {
        Move::Play(p) => p.y as usize * size.width() as usize + p.x as usize,
        Move::Pass => size.points(),
    }
}

/// A point from a vertex or a `(row, col)` pair; off the board is an error.
pub fn point(obj: &Bound<'_, PyAny>, size: Size) -> PyResult<Point> {
    if let Ok(s) = obj.cast::<PyString>() {
        let s = s.to_cow()?;
        return Point::from_gtp(s.trim(), size).ok_or_else(|| {
            PyValueError::new_err(format!("{s:?} is not a vertex of the {size} board"))
        });
    }
    let not_a_point = || {
        PyTypeError::new_err(format!(
            "a point is a vertex such as \"D4\" or a (row, col) pair of ints, not {}",
            type_name(obj)
        ))
    };
    let (row, col): (Bound<'_, PyAny>, Bound<'_, PyAny>) =
        obj.extract().map_err(|_| not_a_point())?;
    let (Ok(r), Ok(c)) = (small_int(&row), small_int(&col)) else {
        return Err(not_a_point());
    };
    let on = |v: Option<i64>, n: u8| v.is_some_and(|v| (0..i64::from(n)).contains(&v));
    if !on(r, size.height()) || !on(c, size.width()) {
        return Err(PyValueError::new_err(format!(
            "(row {row}, col {col}) is off the {size} board (rows 0-{}, cols 0-{}; row 0 is the top)",
            size.height() - 1,
            size.width() - 1
        )));
    }
    Ok(Point::new(c.unwrap_or(0) as u8, r.unwrap_or(0) as u8))
}

/// Points from any iterable of points.
pub fn points(obj: &Bound<'_, PyAny>, size: Size) -> PyResult<Vec<Point>> {
    if obj.is_instance_of::<PyString>() {
        return Err(PyTypeError::new_err(
            "expected a list of points, not a single string",
        ));
    }
    let iter = obj.try_iter().map_err(|_| {
        PyTypeError::new_err(format!("expected a list of points, not {}", type_name(obj)))
    })?;
    iter.map(|p| point(&p?, size)).collect()
}

/// A board size from an int (square) or a `(width, height)` pair.
pub fn size(obj: &Bound<'_, PyAny>) -> PyResult<Size> {
    let not_a_size = || {
        PyTypeError::new_err(format!(
            "a board size is an int or a (width, height) pair, not {}",
            type_name(obj)
        ))
    };
    let (w, h): (Bound<'_, PyAny>, Bound<'_, PyAny>) = if small_int(obj).is_ok() {
        (obj.clone(), obj.clone())
    } else {
        obj.extract().map_err(|_| not_a_size())?
    };
    let fits = |n: &Bound<'_, PyAny>| {
        small_int(n)
            .map_err(|_| not_a_size())
            .map(|v| v.and_then(|v| u8::try_from(v).ok()))
    };
    fits(&w)?
        .zip(fits(&h)?)
        .and_then(|(w, h)| Size::new(w, h))
        .ok_or_else(|| PyValueError::new_err(format!("a board is 1x1 to 25x25, not {w}x{h}")))
}

/// An int as an `i64`, or `None` for one beyond it (Python ints have no bound; pyo3's own
/// conversion would raise an `OverflowError` naming nothing, where every caller here has a
/// range to name); an error for what is no int.
pub fn small_int(obj: &Bound<'_, PyAny>) -> PyResult<Option<i64>> {
    match obj.extract::<i64>() {
        Ok(v) => Ok(Some(v)),
        Err(e) if e.is_instance_of::<PyOverflowError>(obj.py()) => Ok(None),
        Err(e) => Err(e),
    }
}

/// The integer argument `name`, from `lo` to `hi`; `None` when absent or `None`.
pub fn int_arg(
    obj: Option<&Bound<'_, PyAny>>,
    name: &str,
    lo: u64,
    hi: u64,
) -> PyResult<Option<u64>> {
    obj.filter(|o| !o.is_none())
        .map(|o| int_value(o, name, lo, hi))
        .transpose()
}

/// The int `obj`, named `name` in errors, from `lo` to `hi`. Python ints have no bound,
/// and pyo3's own conversion of one too large (or negative, for an unsigned count) raises
/// an `OverflowError` that names nothing; this raises a `ValueError` naming the argument
/// and its range, and a `TypeError` for what is no int.
pub fn int_value(obj: &Bound<'_, PyAny>, name: &str, lo: u64, hi: u64) -> PyResult<u64> {
    let range = || format!("{name} is {lo} to {hi}");
    match obj.extract::<i128>() {
        Ok(v) => u64::try_from(v)
            .ok()
            .filter(|v| (lo..=hi).contains(v))
            .ok_or_else(|| PyValueError::new_err(format!("{}, not {v}", range()))),
        Err(e) if e.is_instance_of::<PyOverflowError>(obj.py()) => Err(PyValueError::new_err(
            format!("{}, not an int that large", range()),
        )),
        Err(_) => Err(PyTypeError::new_err(format!(
            "{name} must be an int, not {}",
            type_name(obj)
        ))),
    }
}

/// The longest list [`int_list_arg`] reads.
const MAX_LIST: usize = 100_000;

/// The list of ints `name` (any sequence but a string: a tuple, a numpy array), each from
/// 0 to `hi`; `None` when absent or `None`. Only a sequence of at most `MAX_LIST` items is
/// read: an iterator might never end.
pub fn int_list_arg(
    obj: Option<&Bound<'_, PyAny>>,
    name: &str,
    hi: u64,
) -> PyResult<Option<Vec<usize>>> {
    let Some(obj) = obj.filter(|o| !o.is_none()) else {
        return Ok(None);
    };
    let not_a_list = || {
        PyTypeError::new_err(format!(
            "{name} must be a list of ints, not {}",
            type_name(obj)
        ))
    };
    if obj.is_instance_of::<PyString>() {
        return Err(not_a_list());
    }
    // A sized collection (len() answers); an iterator has no length.
    let len = obj.len().map_err(|_| not_a_list())?;
    if len > MAX_LIST {
        return Err(PyValueError::new_err(format!(
            "{name} holds at most {MAX_LIST} ints, not {len}"
        )));
    }
    let mut out = Vec::with_capacity(len);
    for item in obj.try_iter()?.take(len) {
        let v = int_value(&item?, &format!("an item of {name}"), 0, hi)?;
        out.push(usize::try_from(v).unwrap_or(usize::MAX));
    }
    Ok(Some(out))
}

/// A vertex for Python: GTP, or `"pass"`.
pub fn vertex(mv: Move, size: Size) -> String {
    mv.to_gtp(size).unwrap_or_else(|| "off-board".into())
}

/// The vertex of a point.
pub fn point_vertex(p: Point, size: Size) -> String {
    p.to_gtp(size).unwrap_or_else(|| "off-board".into())
}

fn last_column(size: Size) -> char {
    tengen::board::column_letter(size.width().saturating_sub(1))
}
