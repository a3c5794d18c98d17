//! Goals: whether the game is over in a position, and for whom.

use super::attack::in_check;
use super::legal::legal_moves;
use super::position::Position;
use crate::game::{Outcome, Side};

/// Why a game ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Reason {
    Checkmate,
    Stalemate,
    /// A side has nothing but royal pieces left on the board.
    BareRoyal,
}

/// The state of play in a position.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Status {
    Ongoing,
    /// The game is over: `loser` is the side the goal names (the side to move for
    /// checkmate and stalemate, the bare side for a bare royal piece); `winner` is
    /// `None` for a draw.
    Over {
        loser: Side,
        winner: Option<Side>,
        reason: Reason,
    },
}

/// The side reduced to royal pieces only, when the game has that goal.
pub fn bare_side(pos: &Position<'_>) -> Option<Side> {
    pos.game().bare?;
    [pos.side_to_move(), pos.side_to_move().opposite()]
        .into_iter()
        .find(|&s| pos.occupied(s).len() == pos.royals(s).len())
}

/// Decides whether the game is over in `pos`.
pub fn status(pos: &mut Position<'_>) -> Status {
    let game = pos.game();
    let result = |side: Side, outcome: Outcome| match outcome {
        Outcome::Wins => Some(side),
        Outcome::Loses => Some(side.opposite()),
        Outcome::Draws => None,
    };
    if let (Some(side), Some(outcome)) = (bare_side(pos), game.bare) {
        return Status::Over {
            loser: side,
            winner: result(side, outcome),
            reason: Reason::BareRoyal,
        };
    }
    let mut moves = Vec::new();
    legal_moves(pos, &mut moves);
    if !moves.is_empty() {
        return Status::Ongoing;
    }
    let side = pos.side_to_move();
    let (outcome, reason) = if in_check(pos, side) {
        (game.checkmated, Reason::Checkmate)
    } else {
        (game.stalemated, Reason::Stalemate)
    };
    Status::Over {
        loser: side,
        winner: result(side, outcome),
        reason,
    }
}
