//! How a game stands: going on, or over, for whom and why. Plain data, below
//! the goals that decide it and everything that asks them.

use crate::game::Side;

/// Why a game ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Reason {
    /// The side to move is in check and has no legal move.
    Checkmate,
    /// The side to move is not in check and has no legal move.
    Stalemate,
    /// A side has nothing but royal pieces left on the board.
    BareRoyal,
    /// A side has no piece left of a kind its goals name.
    Extinction,
    /// A piece reached a zone its goals name.
    Reached,
    /// A side's royal pieces have been checked as often as its goals allow.
    Checks,
    /// The side to move passed while pieces its goals name faced each other.
    Facing,
    /// The last moves were as many passes in a row as the goals allow.
    Passes,
    /// The position has stood as often as the goals allow.
    Repetition,
    /// The halfmove clock reached the goals' limit.
    Clock,
    /// Each side holds one of the sets of pieces that the goals name.
    Material,
}

/// The state of play in a position.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Status {
    /// The game goes on.
    Ongoing,
    /// The game is over: `loser` is the side the goal names (the side to move for
    /// checkmate and stalemate, the bare side for a bare royal piece, the side
    /// that reached or lost its pieces for the other goals); `winner` is `None`
    /// for a draw.
    Over {
        /// The side the goal names.
        loser: Side,
        /// The side that won; `None` for a draw.
        winner: Option<Side>,
        /// The goal that ended the game.
        reason: Reason,
    },
}
