//! The extension module `nimmt._nimmt`; the package `nimmt` (`python/nimmt/`) re-exports it.

mod arena;
mod bot;
mod convert;
mod game;
mod vector;

use pyo3::prelude::*;

#[pymodule]
fn _nimmt(m: &Bound<'_, PyModule>) -> PyResult<()> {
    convert::add_errors(m)?;
    game::add(m)?;
    bot::add(m)?;
    arena::add(m)?;
    vector::add(m)?;
    Ok(())
}
