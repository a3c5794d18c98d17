//! The `tessera` command and its front ends, on top of the `tessera` library.
//!
//! [`cli`] parses the command line and runs each command, writing to the
//! streams it is given so that tests run the commands in-process. The front
//! ends it dispatches to: [`play`] (a game at the terminal), [`arena`]
//! (engine against engine), [`protocol`] (UCI and XBoard), [`serve`] (the
//! browser studio) and [`expect`] (`tessera test`, the expectations a rule
//! file carries). [`failure`] is how a command fails, with its exit code.
//!
//! The rules, the engine, the notations, the search and the pictures are the
//! `tessera` library, which knows nothing of this crate.

#![warn(missing_docs)]
// The one exception is the binary's counting allocator (`serve::memory`), which
// allows it for itself.
#![deny(unsafe_code)]

pub mod arena;
pub mod bundled;
pub mod cli;
pub mod expect;
pub mod export;
pub mod failure;
pub mod import;
pub mod json;
pub mod play;
pub mod protocol;
pub mod rule_files;
pub mod serve;
