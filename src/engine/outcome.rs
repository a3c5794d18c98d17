//! Goals: whether the game is over in a position, and for whom.

use super::attack::in_check;
use super::movegen::legal_moves;
use super::position::Position;
use crate::game::{Outcome, Side};

/// Why a game ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Reason {
    Checkmate,
    Stalemate,
}

/// The state of play in a position.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Status {
    Ongoing,
    /// The game is over; `winner` is `None` for a draw.
    Over {
        winner: Option<Side>,
        reason: Reason,
    },
}

/// Decides whether the game is over in `pos`.
pub fn status(pos: &mut Position<'_>) -> Status {
    let mut moves = Vec::new();
    legal_moves(pos, &mut moves);
    if !moves.is_empty() {
        return Status::Ongoing;
    }
    let side = pos.side_to_move();
    let game = pos.game();
    let (outcome, reason) = if in_check(pos, side) {
        (game.checkmated, Reason::Checkmate)
    } else {
        (game.stalemated, Reason::Stalemate)
    };
    let winner = match outcome {
        Outcome::Wins => Some(side),
        Outcome::Loses => Some(side.opposite()),
        Outcome::Draws => None,
    };
    Status::Over { winner, reason }
}
