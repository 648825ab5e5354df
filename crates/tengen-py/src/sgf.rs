//! SGF records.
use pyo3::prelude::*;
/// Adds the record classes and functions to the module.
pub fn register(_m: &Bound<'_, PyModule>) -> PyResult<()> {
    Ok(())
}
