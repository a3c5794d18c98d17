//! Making a move: the position's own part (`Position::make_uncounted`), then
//! the check it gives, counted for a `checked N times` goal. The count needs
//! the attack test, which reads positions, so it lives here, above both.

use super::attack::in_check;
use super::moves::Move;
use super::position::{Position, Undo};

impl Position<'_> {
    /// Plays `mv` without asking whether it may be played: the unchecked
    /// door, for moves the library itself produced for this very position
    /// (the legal or pseudo-legal lists, [`Position::parse_move`]), as perft
    /// and the search need it. [`Position::play`] is the checked one.
    ///
    /// # Panics
    /// May panic, or leave the position in a state no game reaches, for a
    /// move that is not pseudo-legal here (a cell the game does not have, an
    /// empty origin, a capture of the mover's own piece): nothing is checked.
    /// In debug builds the origin of a board move is asserted to hold a piece
    /// of the side to move.
    #[inline]
    pub fn make(&mut self, mv: Move) -> Undo {
        let undo = self.make_uncounted(mv);
        if self.game().goals.check_goal.is_some() && in_check(self, self.side_to_move()) {
            let n = &mut self.checks[self.side_to_move().index()];
            *n = n.saturating_add(1);
        }
        undo
    }
}
