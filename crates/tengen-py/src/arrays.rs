//! numpy arrays built in Rust: one allocation and a copy per call, no Python loop.

use numpy::ndarray::Array2;
use numpy::{Element, IntoPyArray, PyArray2};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use tengen::{Color, Size};

/// The value of a point's colour in int8 arrays: 1 Black, -1 White, 0 none.
pub fn color_value(c: Option<Color>) -> i8 {
    match c {
        Some(Color::Black) => 1,
        Some(Color::White) => -1,
        None => 0,
    }
}

/// A (height, width) array of the row-major `values` of a board of `size`.
pub fn grid<'py, T: Element + Clone>(
    py: Python<'py>,
    values: &[T],
    size: Size,
) -> PyResult<Bound<'py, PyArray2<T>>> {
    let shape = (size.height() as usize, size.width() as usize);
    Array2::from_shape_vec(shape, values.to_vec())
        .map(|a| a.into_pyarray(py))
        .map_err(|e| PyValueError::new_err(format!("array shape: {e}")))
}
