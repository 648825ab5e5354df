//! Batches.
use pyo3::prelude::*;
/// Adds the batch iterators to the module.
pub fn register(_m: &Bound<'_, PyModule>) -> PyResult<()> {
    Ok(())
}
