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

impl Status {
    /// The result as PGN and UCI front ends write it: `1-0` (White won),
    /// `0-1` (Black won), `1/2-1/2` (a draw), `*` (the game goes on).
    ///
    /// # Examples
    /// ```
    /// use tessera::{Reason, Side, Status};
    /// assert_eq!(Status::Ongoing.result_text(), "*");
    /// let mate = Status::Over { loser: Side::Black, winner: Some(Side::White), reason: Reason::Checkmate };
    /// assert_eq!(mate.result_text(), "1-0");
    /// let draw = Status::Over { loser: Side::White, winner: None, reason: Reason::Stalemate };
    /// assert_eq!(draw.result_text(), "1/2-1/2");
    /// ```
    pub fn result_text(self) -> &'static str {
        match self {
            Status::Ongoing => "*",
            Status::Over {
                winner: Some(Side::White),
                ..
            } => "1-0",
            Status::Over {
                winner: Some(Side::Black),
                ..
            } => "0-1",
            Status::Over { winner: None, .. } => "1/2-1/2",
        }
    }

    /// Whether the game is over.
    pub fn is_over(self) -> bool {
        self != Status::Ongoing
    }
}
