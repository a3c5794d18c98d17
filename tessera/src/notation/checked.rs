//! Checked play, the door for programs that build or receive moves
//! themselves. [`Position::make`] trusts its move, as perft and the search need
//! it to; [`Position::play`] first asks whether the move is one of the legal
//! moves here, and refuses it with a typed error that says which rule forbids
//! it otherwise.

use super::uci;
use crate::engine::attack::in_check;
use crate::engine::legal::goals::rule_end;
use crate::engine::legal::legal_moves;
use crate::engine::moves::{Move, MoveKind};
use crate::engine::outcome::facing;
use crate::engine::position::{Position, Undo};
use crate::engine::pseudo::pseudo_legal_moves;
use crate::game::Game;
use std::fmt;

/// A move refused by [`Position::play`]: it is not one of the legal moves of
/// the position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IllegalMove {
    /// The move as [`Move::text`] writes it, or a description of what does
    /// not fit the game when it cannot be written.
    pub text: String,
    /// Which rule forbids it.
    pub reason: Illegality,
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "`{}` is not a legal move here: {}",
            self.text, self.reason
        )
    }
}

impl std::error::Error for IllegalMove {}

/// Why a move is not legal: the first rule, in this order, that rejects it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Illegality {
    /// The move was handed out by another game ([`Move::game`] is not this
    /// game's [`Game::id`]): its cells, pools and kinds mean other things
    /// here, whether or not they exist.
    OtherGame,
    /// The game is already over: no move is legal.
    GameOver,
    /// No piece of the side to move moves so, even ignoring royal safety
    /// (this includes moves with cells, pools or kinds the game does not have).
    NoSuchMove,
    /// The move would leave a royal piece of the mover attacked.
    SelfCheck,
    /// A move that may not give check would.
    GivesCheck,
    /// Pieces face each other, and the move leaves them facing.
    StaysFacing,
    /// Another move captures, and capturing is compulsory.
    MustCapture,
    /// A drop that may not checkmate would.
    MatingDrop,
    /// The mover's pool holds a piece that a `compulsory` drop rule drops,
    /// and this move is not such a drop.
    MustDrop,
    /// The move takes a royal piece, which the rules never let happen: only
    /// a position play could not reach (read through an unchecked door)
    /// offers it.
    TakesRoyal,
}

impl fmt::Display for Illegality {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Illegality::OtherGame => "it is a move of another game",
            Illegality::NoSuchMove => "no piece of the side to move moves so here",
            Illegality::SelfCheck => "it would leave a royal piece of the mover attacked",
            Illegality::GivesCheck => "it may not give check, and would",
            Illegality::MustCapture => "capturing is compulsory, and it captures nothing",
            Illegality::StaysFacing => "pieces face each other, and it leaves them facing",
            Illegality::MatingDrop => "it is a drop that may not checkmate, and would",
            Illegality::GameOver => "the game is over",
            Illegality::MustDrop => "a piece in hand must be dropped first",
            Illegality::TakesRoyal => "it takes a royal piece, which the rules never allow",
        })
    }
}

impl Position<'_> {
    /// Plays `mv` if it is one of the legal moves here, and returns what
    /// [`Position::unmake`] needs to take it back; otherwise leaves the
    /// position as it is.
    ///
    /// # Errors
    /// [`IllegalMove`] for any move that is not legal here, with the rule
    /// that forbids it: [`Illegality::OtherGame`] for a move another game
    /// handed out, [`Illegality::NoSuchMove`] for one with cells, pools or
    /// kinds the game does not have.
    pub fn play(&mut self, mv: Move) -> Result<Undo, IllegalMove> {
        let refuse = |pos: &Self, reason| IllegalMove {
            text: mv.text(pos.game()),
            reason,
        };
        if let Some(reason) = self.illegality_here(mv) {
            return Err(refuse(self, reason));
        }
        // In a position read through an unchecked door, the side not to move
        // may stand in check, and taking its royal piece may be among the
        // legal moves; the rules never allow it where royal pieces cannot
        // be taken in play.
        let enemy = self.side_to_move().opposite();
        let royals = self.royals(enemy).len();
        let undo = self.make(mv);
        if self.royals(enemy).len() < royals
            && !crate::engine::playable::royals_capturable(self.game())
        {
            self.unmake(undo);
            return Err(refuse(self, Illegality::TakesRoyal));
        }
        Ok(undo)
    }

    /// Whether `mv` is one of the legal moves here (never a move of another
    /// game).
    pub fn is_legal(&self, mv: Move) -> bool {
        if !mv.fits(self.game()) {
            return false;
        }
        let mut moves = Vec::new();
        // The legality tests make and unmake moves: on a copy, so that the
        // position may be shared while it is asked (as all of these).
        legal_moves(&mut self.clone(), &mut moves);
        moves.contains(&mv)
    }

    /// Why `mv` is not legal here, or `None` when it is.
    pub fn illegality(&self, mv: Move) -> Option<Illegality> {
        self.clone().illegality_here(mv)
    }

    /// [`Position::illegality`] on the position itself, for `play`, which
    /// changes it anyway.
    fn illegality_here(&mut self, mv: Move) -> Option<Illegality> {
        if !mv.is_of(self.game()) {
            return Some(Illegality::OtherGame);
        }
        if !mv.fits(self.game()) {
            return Some(Illegality::NoSuchMove);
        }
        self.why_not(|m| *m == mv)
    }

    /// Takes back the move `undo` came from, if it is the last move made on
    /// this position and not yet taken back: the checked door beside
    /// [`Position::unmake`], for programs.
    ///
    /// # Errors
    /// [`NotLastUndo`], holding the undo, for the undo of another position
    /// (a clone included) or of a move made before one still on the board;
    /// the position is left as it is.
    pub fn take_back(&mut self, undo: Undo) -> Result<(), NotLastUndo> {
        if self.is_last_undo(&undo) {
            self.unmake(undo);
            Ok(())
        } else {
            Err(NotLastUndo(undo))
        }
    }

    /// Why the move written `text` (in the game's move notation, as
    /// [`Move::text`] writes it) is not legal here, or `None` when it is.
    pub fn illegality_of_text(&self, text: &str) -> Option<Illegality> {
        let game = self.game();
        self.clone().why_not(|m| uci::format(game, m) == text)
    }

    /// Asks the engine's questions again, one at a time, for the move `is_it`
    /// picks: the legal list keeps the legal moves and drops the rest without
    /// a word, this says which rule dropped it.
    fn why_not(&mut self, is_it: impl Fn(&Move) -> bool) -> Option<Illegality> {
        let game = self.game();
        let mut moves = Vec::new();
        legal_moves(self, &mut moves);
        if moves.iter().any(&is_it) {
            return None;
        }
        if rule_end(self).is_some() {
            return Some(Illegality::GameOver);
        }
        let mut pseudo = Vec::new();
        pseudo_legal_moves(self, &mut pseudo);
        let Some(&mv) = pseudo.iter().find(|m| is_it(m)) else {
            return Some(Illegality::NoSuchMove);
        };
        let side = self.side_to_move();
        let is_capture = self.is_capture(&mv);
        let royals = self.royals(side).len();
        let undo = self.make(mv);
        let exposed = self.royals(side).len() < royals || in_check(self, side);
        let checks = in_check(self, side.opposite());
        let still_facing = game.goals.facing.as_ref().is_some_and(|f| facing(self, f));
        self.unmake(undo);
        let was_facing = game.goals.facing.as_ref().is_some_and(|f| facing(self, f));
        Some(if exposed {
            Illegality::SelfCheck
        } else if mv.not_checking() && checks {
            Illegality::GivesCheck
        } else if was_facing && still_facing {
            Illegality::StaysFacing
        } else if game.rules.forced_capture && !is_capture {
            Illegality::MustCapture
        } else if game.pools.compulsory_drops {
            Illegality::MustDrop
        } else if mv.kind() == MoveKind::Drop && checks {
            Illegality::MatingDrop
        } else {
            // The engine's legality has no other rule; say the nearest one.
            Illegality::SelfCheck
        })
    }
}

/// An undo refused by [`Position::take_back`]: not the last move made on
/// that position. It holds the undo, for the position it belongs to.
#[derive(Debug)]
pub struct NotLastUndo(pub Undo);

impl fmt::Display for NotLastUndo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("the undo is not of the last move made on this position")
    }
}

impl std::error::Error for NotLastUndo {}

impl Move {
    /// Whether the move is one `game` (or a clone of it) handed out and
    /// every cell, pool and kind it names exists there, so that it can be
    /// written and compared with the legal moves; says nothing of whether it
    /// is legal.
    pub fn fits(&self, game: &Game) -> bool {
        self.is_of(game) && self.raw.in_range(game)
    }
}
