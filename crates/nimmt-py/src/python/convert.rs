//! JSON values to Python objects and back, options from a dict, and the package's exceptions.

use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict};
use serde::Serialize;
use serde_json::Value;

create_exception!(
    nimmt,
    NimmtError,
    PyValueError,
    "Base class of the errors of nimmt."
);
create_exception!(
    nimmt,
    ActionError,
    NimmtError,
    "An action was refused; nothing changed. `code` is the engine's error code (`not_in_hand`, `not_asked`, ...), `details` the error as the protocol sends it."
);
create_exception!(
    nimmt,
    SetupError,
    NimmtError,
    "A game could not be set up: an unknown game, a bad player count or option. `code` names the kind."
);
create_exception!(
    nimmt,
    ReplayError,
    NimmtError,
    "A record does not replay; the message names the first bad entry."
);
create_exception!(
    nimmt,
    BotError,
    NimmtError,
    "A bot spec was refused, or a bot failed."
);

pub fn add_errors(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("NimmtError", py.get_type::<NimmtError>())?;
    m.add("ActionError", py.get_type::<ActionError>())?;
    m.add("SetupError", py.get_type::<SetupError>())?;
    m.add("ReplayError", py.get_type::<ReplayError>())?;
    m.add("BotError", py.get_type::<BotError>())?;
    Ok(())
}

/// A serializable value as a Python object (dicts, lists, numbers, strings, None).
pub fn to_py<'py, T: Serialize + ?Sized>(
    py: Python<'py>,
    value: &T,
) -> PyResult<Bound<'py, PyAny>> {
    // Through JSON, so that a pair is a list, as in the protocol.
    let json = serde_json::to_value(value).map_err(|e| PyValueError::new_err(e.to_string()))?;
    Ok(pythonize::pythonize(py, &json)?)
}

/// A Python object (dicts, lists, numbers, strings, None) as JSON.
pub fn from_py(obj: &Bound<'_, PyAny>) -> PyResult<Value> {
    Ok(pythonize::depythonize::<Value>(obj)?)
}

/// An error of the engine as the Python exception `E`, with `code` and `details` set from its
/// JSON form (`{"code": ..., ...}`).
pub fn engine_error<E: pyo3::PyTypeInfo, T: Serialize + std::fmt::Display>(
    py: Python<'_>,
    error: &T,
) -> PyErr {
    let err = PyErr::from_type(py.get_type::<E>(), error.to_string());
    let details = serde_json::to_value(error).unwrap_or(Value::Null);
    let code = details.get("code").cloned().unwrap_or(Value::Null);
    let value = err.value(py);
    let set = || -> PyResult<()> {
        value.setattr("code", to_py(py, &code)?)?;
        value.setattr("details", to_py(py, &details)?)?;
        Ok(())
    };
    match set() {
        Ok(()) => err,
        Err(e) => e,
    }
}

/// Table options from a dict: each value as text (`True` as `true`, `66` as `66`).
pub fn options(options: Option<&Bound<'_, PyDict>>) -> PyResult<nimmt_core::OptionMap> {
    let mut map = nimmt_core::OptionMap::new();
    if let Some(d) = options {
        for (k, v) in d.iter() {
            let value = if v.is_instance_of::<PyBool>() {
                if v.extract::<bool>()? {
                    "true"
                } else {
                    "false"
                }
                .to_owned()
            } else {
                v.str()?.to_string()
            };
            map.set(&k.str()?.to_string(), &value);
        }
    }
    Ok(map)
}
