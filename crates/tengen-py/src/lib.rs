//! # tengen for Python
//!
//! The Python module `tengen._tengen`, re-exported by the package `tengen`
//! (`python/tengen/__init__.py`). It wraps the Rust crates and adds no rules of its own:
//! every refusal, count and record comes from `tengen`, `tengen-player`, `tengen-sgf` and
//! the GTP engine's KataGo rules reader. Built by maturin (`pip install ./python`); the
//! tour is `docs/python.md`.
//!
//! One module per concept: [`convert`] (points, moves, colours), [`errors`] (exceptions
//! and refusals), [`rules`] (rules from names and dicts), [`arrays`] (numpy arrays),
//! [`game`] (`Game`), [`score`] (counts, estimator), [`life`] (life and death without
//! reading), [`settlement`] (the agreement phase), [`sgf`] (records), [`samples`]
//! (training planes), [`batch`] (parallel iterators over many records).
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod arrays;
pub mod batch;
pub mod convert;
pub mod errors;
pub mod game;
pub mod life;
pub mod rules;
pub mod samples;
pub mod score;
pub mod settlement;
pub mod sgf;

use pyo3::prelude::*;

/// The names of every named ruleset, canonical spelling.
#[pyfunction]
fn rulesets() -> Vec<&'static str> {
    rules::names()
}

/// The rules of a name or dict (as `Game` reads them) as a dict of tengen's rule keys.
#[pyfunction]
#[pyo3(signature = (rules, komi=None))]
fn rules_dict<'py>(
    py: Python<'py>,
    rules: &Bound<'py, PyAny>,
    komi: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, pyo3::types::PyDict>> {
    rules::to_dict(py, &rules::from_py(Some(rules), komi)?)
}

/// The extension module.
#[pymodule]
fn _tengen(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("IllegalMove", py.get_type::<errors::IllegalMove>())?;
    m.add("RulesError", py.get_type::<errors::RulesError>())?;
    m.add("SgfError", py.get_type::<errors::SgfError>())?;
    m.add("PhaseError", py.get_type::<errors::PhaseError>())?;
    m.add_class::<errors::Refusal>()?;
    m.add_class::<game::PyGame>()?;
    m.add_class::<score::ScoreReport>()?;
    m.add_class::<score::Terms>()?;
    m.add_class::<score::Estimate>()?;
    m.add_class::<life::Life>()?;
    m.add_class::<settlement::Settlement>()?;
    m.add_function(wrap_pyfunction!(rulesets, m)?)?;
    m.add_function(wrap_pyfunction!(rules_dict, m)?)?;
    sgf::register(m)?;
    batch::register(m)?;
    Ok(())
}
