//! Tessera: a data-driven rules interpreter for chess variants.
//!
//! A variant is a text file in Tessera's rule language (see `docs/language.md`).
//! [`compile_str`] (or [`compile_file`]) turns it into an immutable [`Game`];
//! [`Position`] holds a position of that game, [`legal_moves`] lists its legal
//! moves, [`Position::make`] plays one, and [`perft`] counts move trees.
//! [`Position::play`] and [`Position::take_back`] are the checked doors for
//! moves and undos a program holds: every move carries its game
//! ([`Move::game`]), and a move of another game, or an undo that is not the
//! last one made on that position, is refused.
//! [`Record`] keeps the positions of a game for the goals that need its past
//! (repetition), and [`status_in_game`] says whether the game is over.
//! Every question of a position takes `&self` ([`Position::legal_moves`],
//! [`Position::status`], [`Position::is_check`], [`Position::key`],
//! [`Position::pieces`]...). [`OwnedPosition`] keeps a position beside a
//! share of its game (`Arc<Game>`), to store or send to a thread, and
//! [`Playthrough`] is a game in play (`push`, `pop`, status with repetition).
//! [`Searcher`] plays any game. [`svg::draw`] draws a position as an SVG
//! picture, with stable attributes on every cell and piece for web pages
//! (`show::draw` draws it as text).
//!
//! # Examples
//!
//! Compile a rule file, list the moves of the start position, play one and
//! print the position:
//!
//! ```
//! let game = tessera::compile_str(include_str!("../../games/chess.game")).unwrap();
//! let mut pos = tessera::Position::start(&game);
//! let moves = tessera::legal_moves(&mut pos);
//! assert_eq!(moves.len(), 20);
//!
//! let e4 = pos.parse_move("e2e4").unwrap();
//! assert_eq!(e4.text(&game), "e2e4");
//! pos.make(e4);
//! assert_eq!(
//!     pos.to_fen().unwrap(),
//!     "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
//! );
//! // Tessera's own notation, for any board (Display); it reads back.
//! let text = pos.to_string();
//! assert!(text.ends_with(" b a1,e1,h1,a8,e8,h8 e3 0 1"), "{text}");
//! assert_eq!(tessera::Position::from_text(&game, &text).unwrap(), pos);
//! assert_eq!(tessera::perft(&mut pos, 2), 600);
//! ```
//!
//! Errors in a rule file come back all at once, each with its place:
//!
//! ```
//! let src = "grid file a..h rank 1..8\npiece King K royal\n  step nowhere\n";
//! let errors = tessera::compile_str(src).unwrap_err();
//! let text = errors.render("mine.game", src);
//! assert!(text.starts_with("mine.game:3:8: error: unknown direction or group `nowhere`"), "{text}");
//! ```
//!
//! # The library and the command line
//!
//! This crate needs pest, indexmap, rustc-hash and self_cell only. The `tessera` command and its
//! front ends (play, match, the UCI and XBoard protocols, the studio's server,
//! `tessera test`) are the `tessera-cli` package, which depends on it.

#![warn(missing_docs)]
#![forbid(unsafe_code)]

mod compile;
mod diag;
pub mod engine;
pub mod game;
pub mod limits;
mod load;
pub mod notation;
mod owned;
pub mod plan;
pub mod search;
pub mod show;
pub mod suggest;
pub mod svg;
mod syntax;

pub use diag::{Diagnostic, Errors, Severity, Span};
pub use engine::outcome::{status_in_game, Reason, Status};
pub use engine::perft::{divide, perft};
pub use engine::position::Undo;
pub use engine::{InHand, Move, Piece, Position, Record};
pub use game::{Game, GameId, MoveNotation, Side};
pub use load::{load_pictures, load_rule_file, read_rule_file, LoadError};
pub use notation::fen::ParseFenError;
pub use notation::position::ParsePositionError;
pub use notation::san::ParseSanError;
pub use notation::uci::ParseMoveError;
pub use notation::{EmptyMoveText, MoveText, WrittenMove};
pub use notation::{IllegalMove, Illegality, NotLastUndo, PositionError, Problem, ProblemKind};
pub use owned::{NotThisGame, OwnedPosition, Playthrough};
pub use search::{Limits, OtherGame, Report, Searcher};

/// Reads and compiles the rule file at `path`.
///
/// # Errors
/// A file that cannot be read or is too large, or the rules' errors, which
/// [`LoadError`]'s `Display` renders with file, line, column and carets.
pub fn compile_file(path: &str) -> Result<Game, LoadError> {
    load_rule_file(path).map(|(_, game)| game)
}

/// The legal moves of `pos`, in generation order, each carrying the game's
/// identity ([`Move::game`]), found on `pos` itself; [`Position::legal_moves`]
/// asks a shared position, on a copy. (The engine's
/// [`engine::legal::legal_moves`] fills a buffer the caller keeps, for speed.)
pub fn legal_moves(pos: &mut Position<'_>) -> Vec<Move> {
    let mut moves = Vec::new();
    engine::legal::legal_moves(pos, &mut moves);
    moves
}

/// Parses and compiles rule text into a [`Game`].
///
/// # Errors
/// The first syntax error, or every semantic error, each with a span into `src`.
pub fn compile_str(src: &str) -> Result<Game, Errors> {
    compile_with_warnings(src).map(|c| c.game)
}

/// A game compiled from rule text, with the warnings the text earned.
#[derive(Debug)]
pub struct Compiled {
    /// The game.
    pub game: Game,
    /// What compiles but probably does not say what was meant (a box that
    /// reaches past the board, a goal that can never be met, a piece that
    /// never comes into play), in source order, each with a span into the
    /// text; [`Severity::Warning`] all, and at most
    /// [`limits::MAX_RENDERED_ERRORS`] of them.
    pub warnings: Vec<Diagnostic>,
}

/// Parses and compiles rule text into a [`Game`], keeping the warnings that
/// [`compile_str`] drops.
///
/// # Errors
/// As [`compile_str`]: a file with errors gives no warnings.
pub fn compile_with_warnings(src: &str) -> Result<Compiled, Errors> {
    if let Some(message) = limits::check_rule_file_size(src.len() as u64) {
        return Err(Diagnostic::new(Span::default(), message).into());
    }
    let file = syntax::parse(src)?;
    let (game, warnings) = compile::compile_warned(&file)?;
    Ok(Compiled { game, warnings })
}
