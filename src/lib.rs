//! Tessera: a data-driven rules interpreter for chess variants.
//!
//! A variant is a text file in Tessera's rule language. [`compile_str`] turns it
//! into an immutable [`Game`]; [`Position`] holds a position of that game, and the
//! engine generates its legal moves and counts them (perft).
//!
//! # Examples
//! ```
//! let game = tessera::compile_str(include_str!("../games/chess.game")).unwrap();
//! let mut pos = tessera::Position::start(&game);
//! assert_eq!(tessera::perft(&mut pos, 2), 400);
//! ```

#[cfg(feature = "cli")]
pub mod arena;
#[cfg(feature = "cli")]
pub mod cli;
pub mod compile;
pub mod diag;
pub mod engine;
#[cfg(feature = "cli")]
pub mod expect;
pub mod game;
pub mod limits;
pub mod notation;
#[cfg(feature = "cli")]
pub mod play;
#[cfg(feature = "cli")]
pub mod protocol;
pub mod search;
pub mod show;
pub mod suggest;
pub mod syntax;

pub use diag::{Diagnostic, Errors, Span};
pub use engine::perft::{divide, perft};
pub use engine::{Move, Position, Record};
pub use game::Game;

/// Parses and compiles rule text into a [`Game`].
///
/// # Errors
/// The first syntax error, or every semantic error, each with a span into `src`.
pub fn compile_str(src: &str) -> Result<Game, Errors> {
    if let Some(message) = limits::check_rule_file_size(src.len() as u64) {
        return Err(Diagnostic::new(Span::default(), message).into());
    }
    let file = syntax::parse(src)?;
    compile::compile(&file)
}
