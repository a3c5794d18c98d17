//! Positions and moves to and from text, as methods: the short way for a
//! program that uses Tessera as a library. A position carries its game, so it
//! implements `Display` (Tessera's position notation); reading one needs the
//! game, and reading a move needs the position, so those are constructors and
//! methods rather than `FromStr`.

use super::fen::{self, ParseFenError};
use super::position::{self, ParsePositionError};
use super::uci::{self, ParseMoveError};
use crate::engine::{Move, Position};
use crate::game::Game;
use std::fmt;

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
    pub fn parse_move(&mut self, text: &str) -> Result<Move, ParseMoveError> {
        uci::parse(self, text)
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
}
