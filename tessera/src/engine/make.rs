//! Making a move: the position's own part (`Position::make_uncounted`), then
//! the check it gives, counted for a `checked N times` goal. The count needs
//! the attack test, which reads positions, so it lives here, above both.

use super::attack::in_check;
use super::moves::{Move, RawMove};
use super::position::{Position, Undo};

impl Position<'_> {
    /// Plays `mv` without asking whether it may be played: the unchecked
    /// door, for moves the library itself listed for this very position
    /// (the legal or pseudo-legal lists, [`Position::parse_move`]), as perft
    /// and the search need it. [`Position::play`] is the checked one. The
    /// returned [`Undo`] takes the move back with [`Position::unmake`] (or
    /// [`Position::take_back`]), on this position, before any move made
    /// after it is taken back.
    ///
    /// # Panics
    /// May panic, or leave the position in a state no game reaches, for a
    /// move that is not pseudo-legal here (a move of another game or
    /// position, an empty origin, a capture of the mover's own piece): in
    /// release builds nothing is checked. Debug builds assert that the move
    /// is of this game and names only cells, pools and kinds it has, and that
    /// the origin of a board move holds a piece of the side to move.
    #[inline]
    pub fn make(&mut self, mv: Move) -> Undo {
        debug_assert!(
            mv.is_of(self.game()),
            "make: a move of another game: {mv:?}"
        );
        self.make_raw(mv.raw)
    }

    /// [`Position::make`] for the engine's own moves (generation, perft,
    /// search), which are of this game.
    #[inline]
    pub(crate) fn make_raw(&mut self, mv: RawMove) -> Undo {
        debug_assert!(
            mv.in_range(self.game()),
            "make: a move with cells, pools or kinds the game does not have: {mv:?}"
        );
        let undo = self.make_uncounted(mv);
        if self.game().goals.check_goal.is_some() && in_check(self, self.side_to_move()) {
            let n = &mut self.checks[self.side_to_move().index()];
            *n = n.saturating_add(1);
        }
        undo
    }
}
