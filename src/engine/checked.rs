//! Checked play: the door for programs that build or receive moves
//! themselves. [`Position::make`] trusts its move, as perft and the search need
//! it to; [`Position::play`] first asks whether the move is one of the legal
//! moves here, and refuses it with a typed error otherwise.

use super::legal::legal_moves;
use super::moves::{Move, MoveKind, NO_CELL};
use super::position::{Position, Undo};
use crate::game::{kind_of, Game};
use std::fmt;

/// A move refused by [`Position::play`]: it is not one of the legal moves of
/// the position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IllegalMove {
    /// The move as [`Move::text`] writes it, or a description of what does
    /// not fit the game when it cannot be written.
    pub text: String,
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "`{}` is not a legal move here", self.text)
    }
}

impl std::error::Error for IllegalMove {}

impl Position<'_> {
    /// Plays `mv` if it is one of the legal moves here, and returns what
    /// [`Position::unmake`] needs to take it back; otherwise leaves the
    /// position as it is.
    ///
    /// # Errors
    /// [`IllegalMove`] for any move that is not legal here, including moves
    /// with cells, pools or kinds the game does not have.
    pub fn play(&mut self, mv: Move) -> Result<Undo, IllegalMove> {
        if self.is_legal(mv) {
            Ok(self.make(mv))
        } else {
            Err(IllegalMove {
                text: mv.text(self.game()),
            })
        }
    }

    /// Whether `mv` is one of the legal moves here.
    pub fn is_legal(&mut self, mv: Move) -> bool {
        if !mv.fits(self.game()) {
            return false;
        }
        let mut moves = Vec::new();
        legal_moves(self, &mut moves);
        moves.contains(&mv)
    }
}

impl Move {
    /// Whether every cell, pool and kind the move names exists in `game`, so
    /// that it can be written and compared with the legal moves; says nothing
    /// of whether it is legal.
    pub fn fits(&self, game: &Game) -> bool {
        let cells = game.cell_count();
        let pools = game.pool_names.len();
        let kinds = game.pieces.len();
        let cell = |c: u16| (c as usize) < cells;
        let spare = |c: u16| c == NO_CELL || cell(c);
        let kind = |code: u8| code != 0 && (kind_of(code) as usize) < kinds;
        let promotion = self.promotes_to().is_none_or(|k| (k as usize) < kinds)
            && (self.source == 0 || (self.source as usize) <= pools);
        let ends = match self.kind {
            MoveKind::Drop => (self.from as usize) < pools && cell(self.to) && kind(self.piece),
            MoveKind::Transfer => {
                (self.from as usize) < pools && (self.to as usize) < pools && kind(self.piece)
            }
            MoveKind::Pass => self.from == self.to && spare(self.from),
            _ => cell(self.from) && cell(self.to),
        };
        let gate = self.gate == NO_CELL || (cell(self.gate) && kind(self.piece));
        ends && promotion && gate && spare(self.aux) && spare(self.aux2)
    }
}
