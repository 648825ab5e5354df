//! Rules from Python: a ruleset name, a dict of tengen's rule keys, or KataGo's rules
//! dictionary. Every value is read by the Rust crates (`Rules::named`, `Rules::set`, the
//! GTP engine's KataGo reader); nothing is interpreted here.

use crate::convert::type_name;
use crate::errors::RulesError;
use pyo3::exceptions::{PyOverflowError, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyInt, PyString};
use tengen::rules::Komi;
use tengen::{Rules, RulesetName};

/// The keys that only KataGo's dictionary has: a dict with one of them (or with a bool
/// `suicide`) is read as KataGo's form.
const KATAGO_ONLY: [&str; 5] = [
    "tax",
    "hasButton",
    "whiteHandicapBonus",
    "friendlyPassOk",
    "score",
];

/// The key of a tengen-form dict that names the ruleset the other keys change.
const BASE_KEY: &str = "ruleset";

/// Rules from a name, a dict of overrides or KataGo's dictionary; `komi`, when given,
/// replaces the rules' komi.
pub fn from_py(obj: Option<&Bound<'_, PyAny>>, komi: Option<&Bound<'_, PyAny>>) -> PyResult<Rules> {
    let komi = komi_arg(komi)?;
    let mut rules = match obj {
        None => Rules::japanese(),
        Some(o) if o.is_none() => Rules::japanese(),
        Some(o) => {
            if let Ok(s) = o.cast::<PyString>() {
                named(&s.to_cow()?)?
            } else if let Ok(d) = o.cast::<PyDict>() {
                if is_katago(d)? {
                    katago(d)?
                } else {
                    overrides(d)?
                }
            } else {
                return Err(PyTypeError::new_err(format!(
                    "rules are a ruleset name, a dict of rule keys or KataGo's rules dict, not {}",
                    type_name(o)
                )));
            }
        }
    };
    if let Some(k) = komi {
        rules.komi = komi_of(k)?;
    }
    Ok(rules)
}

/// Komi from points; a multiple of 0.5 within tengen's limit.
pub fn komi_of(points: f64) -> PyResult<Komi> {
    Komi::from_points(points).ok_or_else(|| {
        RulesError::new_err(format!(
            "komi {points} is not a multiple of 0.5 between -{0} and {0}",
            Komi::LIMIT
        ))
    })
}

/// The `komi` argument as a number; `None` when absent or `None`. An int too large for a
/// float is as far out of range as an infinity, which [`komi_of`] refuses by name (pyo3's
/// own conversion would raise an `OverflowError` naming nothing).
pub fn komi_arg(obj: Option<&Bound<'_, PyAny>>) -> PyResult<Option<f64>> {
    let Some(obj) = obj.filter(|o| !o.is_none()) else {
        return Ok(None);
    };
    match obj.extract::<f64>() {
        Ok(k) => Ok(Some(k)),
        Err(e) if e.is_instance_of::<PyOverflowError>(obj.py()) => Ok(Some(if obj.lt(0)? {
            f64::NEG_INFINITY
        } else {
            f64::INFINITY
        })),
        Err(_) => Err(PyTypeError::new_err(format!(
            "komi must be a number, not {}",
            type_name(obj)
        ))),
    }
}

/// The rules of a ruleset name, in any spelling `tengen rules` accepts.
pub fn named(name: &str) -> PyResult<Rules> {
    Rules::named(name).map_err(|e| RulesError::new_err(e.to_string()))
}

/// Whether a dict is KataGo's rules dictionary rather than tengen's keys.
fn is_katago(d: &Bound<'_, PyDict>) -> PyResult<bool> {
    for (k, v) in d.iter() {
        let key: String = k
            .extract()
            .map_err(|_| PyTypeError::new_err("rule keys are strings"))?;
        if KATAGO_ONLY.contains(&key.as_str()) || (key == "suicide" && v.is_instance_of::<PyBool>())
        {
            return Ok(true);
        }
    }
    Ok(false)
}

/// KataGo's dictionary, read as the GTP engine's `kata-set-rules` reads it.
fn katago(d: &Bound<'_, PyDict>) -> PyResult<Rules> {
    let json = d.py().import("json")?.call_method1("dumps", (d,))?;
    let text: String = json.extract()?;
    tengen_gtp::kata::parse(&text, &Rules::tromp_taylor()).map_err(RulesError::new_err)
}

/// tengen's rule keys over a base ruleset (`"ruleset"`, Tromp-Taylor when absent).
fn overrides(d: &Bound<'_, PyDict>) -> PyResult<Rules> {
    let mut rules = match d.get_item(BASE_KEY)? {
        Some(base) => {
            let name: String = base
                .extract()
                .map_err(|_| PyTypeError::new_err("\"ruleset\" is a ruleset name"))?;
            named(&name)?
        }
        None => Rules::tromp_taylor(),
    };
    for (k, v) in d.iter() {
        let key: String = k
            .extract()
            .map_err(|_| PyTypeError::new_err("rule keys are strings"))?;
        if key == BASE_KEY {
            continue;
        }
        rules
            .set(&key, &value_text(&v)?)
            .map_err(|e| RulesError::new_err(e.to_string()))?;
    }
    Ok(rules)
}

/// A rule value as `Rules::set` reads it: strings as they are, bools as yes/no, numbers
/// as written.
fn value_text(v: &Bound<'_, PyAny>) -> PyResult<String> {
    if let Ok(b) = v.cast::<PyBool>() {
        return Ok(if b.is_true() { "yes" } else { "no" }.into());
    }
    if let Ok(s) = v.cast::<PyString>() {
        return Ok(s.to_cow()?.into_owned());
    }
    if v.is_instance_of::<PyInt>() {
        // Written out whatever its size: a float would round a big one, or overflow.
        return Ok(v.str()?.to_cow()?.into_owned());
    }
    if let Ok(x) = v.extract::<f64>() {
        return Ok(x.to_string());
    }
    if v.is_none() {
        return Ok("none".into());
    }
    Err(PyTypeError::new_err(format!(
        "a rule value is a string, bool or number, not {}",
        type_name(v)
    )))
}

/// The rules as a dict of tengen's keys, with `"ruleset"` the named ruleset they are (or
/// are closest to): every key is given, so that the dict gives back the same rules.
pub fn to_dict<'py>(py: Python<'py>, rules: &Rules) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item(BASE_KEY, rules.closest_named().0.name())?;
    for (k, v) in rules.entries() {
        d.set_item(k, v)?;
    }
    Ok(d)
}

/// The canonical names of every named ruleset.
pub fn names() -> Vec<&'static str> {
    RulesetName::ALL.iter().map(|r| r.name()).collect()
}
