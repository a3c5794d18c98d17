//! Expectations: rule files that carry their own tests (`tessera test`).
//!
//! `NAME.tests` beside `NAME.game` names positions and says what must hold of
//! them: perft counts, the legal moves and the drawing (as snapshots kept in
//! `snapshots/`), the position text, the outcome, moves that must be illegal.
//! This sits beside the core: it calls into compile, engine and notation, and
//! none of them knows of it.

pub mod command;
pub mod init;
pub mod parse;
pub mod run;
pub mod snapshot;
