//! The native half of the Python package `tessera` (`tessera._tessera`):
//! the submodule `pyffish` (a drop-in for Fairy-Stockfish's pyffish, in
//! `pyffish.rs`) and the classes of the Pythonic face (`Game`, `Position`,
//! in `pythonic.rs`). The package's Python files (python/tessera) re-export
//! them with their type stubs.

use pyo3::prelude::*;

mod games;
mod pyffish;
mod pythonic;

/// The module `tessera._tessera`.
#[pymodule]
fn _tessera(m: &Bound<'_, PyModule>) -> PyResult<()> {
    pythonic::register(m)?;
    let sub = PyModule::new(m.py(), "pyffish")?;
    pyffish::register(&sub)?;
    m.add_submodule(&sub)?;
    Ok(())
}
