//! Positions and moves to and from text, as methods: the short way for a
//! program that uses Tessera as a library. A position carries its game, so it
//! implements `Display` (Tessera's position notation); reading one needs the
//! game, and reading a move needs the position, so those are constructors and
//! methods; a move's text is parsed (`FromStr`) into a [`WrittenMove`],
//! which a position then reads.

use super::fen::{self, ParseFenError};
use super::position::{self, ParsePositionError};
use super::san::{self, ParseSanError};
use super::uci::{self, ParseMoveError};
use crate::engine::{Move, Position};
use crate::game::Game;
use std::fmt;
use std::str::FromStr;

impl<'g> Position<'g> {
    /// The position a FEN describes, in `game`, if play could reach it
    /// ([`crate::notation::check_playable`]).
    ///
    /// # Errors
    /// What in the FEN does not fit the game, or
    /// [`ParseFenError::Impossible`] with every reason play could not reach
    /// the position.
    pub fn from_fen(game: &'g Game, text: &str) -> Result<Position<'g>, ParseFenError> {
        fen::parse(game, text)
    }

    /// [`Position::from_fen`] without the check that play could reach the
    /// position: for analysing impossible positions. [`Position::play`]
    /// still never takes a royal piece where the rules make royal pieces
    /// uncapturable.
    ///
    /// # Errors
    /// What in the FEN does not fit the game.
    pub fn from_fen_unchecked(game: &'g Game, text: &str) -> Result<Position<'g>, ParseFenError> {
        fen::parse_unchecked(game, text)
    }

    /// The position Tessera's notation describes (`Ke1,Pe2,ke8 w ...`), in
    /// `game`, if play could reach it; every game has this notation, unlike
    /// FEN.
    ///
    /// # Errors
    /// What in the text does not fit the game, or
    /// [`ParsePositionError::Impossible`] with every reason play could not
    /// reach the position.
    pub fn from_text(game: &'g Game, text: &str) -> Result<Position<'g>, ParsePositionError> {
        position::parse(game, text)
    }

    /// [`Position::from_text`] without the check that play could reach the
    /// position, as [`Position::from_fen_unchecked`].
    ///
    /// # Errors
    /// What in the text does not fit the game.
    pub fn from_text_unchecked(
        game: &'g Game,
        text: &str,
    ) -> Result<Position<'g>, ParsePositionError> {
        position::parse_unchecked(game, text)
    }

    /// The position in FEN, where FEN can describe the game.
    pub fn to_fen(&self) -> Option<String> {
        fen::format(self)
    }

    /// The legal move written `text` (`e2e4`, `e7e8q`, `P@e4`), as
    /// [`Move::text`] writes it.
    ///
    /// # Errors
    /// A move that is not legal here, with the legal moves of the piece named.
    pub fn parse_move(&self, text: &str) -> Result<Move, ParseMoveError> {
        // The legality tests make and unmake moves: on a copy, so that the
        // position may be shared while it is asked.
        uci::parse(&mut self.clone(), text)
    }

    /// The move `mv` as [`Move::text`] writes it (UCI style), as a value
    /// that implements `Display`: `format!("{}", pos.uci(mv))`. It reads
    /// back with [`Position::parse_move`].
    ///
    /// # Examples
    /// ```
    /// let game = tessera::compile_str(include_str!("../../../games/chess.game")).unwrap();
    /// let pos = tessera::Position::start(&game);
    /// let mv = pos.parse_move("g1f3").unwrap();
    /// assert_eq!(pos.uci(mv).to_string(), "g1f3");
    /// assert_eq!(format!("{}", mv.display(&game)), "g1f3");
    /// ```
    pub fn uci(&self, mv: Move) -> MoveText<'g> {
        mv.display(self.game())
    }

    /// The move `mv` in Standard Algebraic Notation as this game writes it
    /// (`Nf3`, `exd5`, `O-O`, `e8=Q+`, `P@e4`), check and mate marks
    /// included.
    ///
    /// # Examples
    /// ```
    /// let game = tessera::compile_str(include_str!("../../../games/chess.game")).unwrap();
    /// let pos = tessera::Position::start(&game);
    /// assert_eq!(pos.san(pos.parse_move("g1f3").unwrap()), "Nf3");
    /// assert_eq!(pos.parse_san("Nf3").unwrap(), pos.parse_move("g1f3").unwrap());
    /// ```
    pub fn san(&self, mv: Move) -> String {
        san::format(self, &mv)
    }

    /// The legal move written `text` in SAN (read leniently: `Ng1f3`,
    /// `N1f3`, a missing or extra check mark).
    ///
    /// # Errors
    /// When no legal move, or more than one, is written so.
    pub fn parse_san(&self, text: &str) -> Result<Move, ParseSanError> {
        san::parse(self, text)
    }
}

/// A move with the game that names its cells, printed as [`Move::text`]
/// writes it: what [`Move::display`] and [`Position::uci`] give.
#[derive(Copy, Clone, Debug)]
pub struct MoveText<'g> {
    game: &'g Game,
    mv: Move,
}

impl fmt::Display for MoveText<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&uci::format(self.game, &self.mv))
    }
}

/// A move as text, before a position reads it: what `"g1f3".parse()` or
/// `"Nf3".parse()` gives. The cells, kinds and notations a move's text
/// names are a game's, so the text is resolved against a position
/// ([`WrittenMove::to_move`]), as [`Position::parse_move`] and
/// [`Position::parse_san`] read it. It prints as it was written.
///
/// # Examples
/// ```
/// use tessera::{Position, WrittenMove};
/// let game = tessera::compile_str(include_str!("../../../games/chess.game")).unwrap();
/// let pos = Position::start(&game);
/// let written: WrittenMove = "Nf3".parse().unwrap();
/// let mv = written.to_move(&pos).unwrap();
/// assert_eq!(pos.uci(mv).to_string(), "g1f3");
/// let again: WrittenMove = "g1f3".parse().unwrap();
/// assert_eq!(again.to_move(&pos).unwrap(), mv);
/// assert_eq!(written.to_string(), "Nf3");
/// assert!("  ".parse::<WrittenMove>().is_err());
/// assert!("Nf6".parse::<WrittenMove>().unwrap().to_move(&pos).is_err());
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct WrittenMove(String);

/// The text of a move holds nothing: what parsing an empty [`WrittenMove`]
/// gives.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct EmptyMoveText;

impl fmt::Display for EmptyMoveText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("no move given")
    }
}

impl std::error::Error for EmptyMoveText {}

impl FromStr for WrittenMove {
    type Err = EmptyMoveText;

    /// The text, trimmed; an empty one is refused.
    fn from_str(text: &str) -> Result<WrittenMove, EmptyMoveText> {
        match text.trim() {
            "" => Err(EmptyMoveText),
            typed => Ok(WrittenMove(typed.to_string())),
        }
    }
}

impl WrittenMove {
    /// The legal move of `pos` the text writes: as [`Move::text`] writes
    /// moves (`g1f3`, `P@e4`), or in the game's own notation or SAN, as
    /// [`crate::notation::own::parse`] reads them.
    ///
    /// # Errors
    /// When no legal move of `pos` is written so, or several are.
    pub fn to_move(&self, pos: &Position<'_>) -> Result<Move, ParseSanError> {
        pos.parse_move(&self.0)
            .or_else(|_| super::own::parse(pos, &self.0))
    }

    /// The text, as it was written (trimmed).
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for WrittenMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// Tessera's position notation, which reads back with [`Position::from_text`].
impl fmt::Display for Position<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&position::format(self))
    }
}

impl Move {
    /// The move as `tessera moves` writes it in `game` (UCI style:
    /// `e2e4`, `e7e8q`, `P@e4`); a move of another game, or whose cells,
    /// pools or kinds the game does not have ([`Move::fits`]), is described,
    /// not written.
    pub fn text(&self, game: &Game) -> String {
        uci::format(game, self)
    }

    /// The move as a value that prints as [`Move::text`] writes it in
    /// `game` (a move knows its cells' numbers, not their names).
    pub fn display(self, game: &Game) -> MoveText<'_> {
        MoveText { game, mv: self }
    }
}
