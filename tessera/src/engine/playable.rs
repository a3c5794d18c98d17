//! Whether a position could arise in play: what every position read from
//! text, or drawn as a start, must satisfy.

use std::fmt;

use super::position::Position;
use crate::game::Side;

/// A position no game reaches: the side that just moved has a royal piece
/// under attack, so the side to move could take it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct InCheckNotToMove {
    /// The side in check.
    pub side: Side,
}

impl fmt::Display for InCheckNotToMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} is in check but not to move", self.side.name())
    }
}

impl std::error::Error for InCheckNotToMove {}

/// Checks what every position read from text must satisfy: the side that just
/// moved has no royal piece under attack (else the side to move could take it).
///
/// # Errors
/// The side in check.
pub fn check_playable(pos: &Position<'_>) -> Result<(), InCheckNotToMove> {
    let waiting = pos.side_to_move().opposite();
    // A game a goal has ended may leave the winner in check: in atomic
    // chess, the move that blows up the last enemy king.
    if super::attack::in_check(pos, waiting) && super::outcome::rule_end(&mut pos.clone()).is_none()
    {
        return Err(InCheckNotToMove { side: waiting });
    }
    Ok(())
}
