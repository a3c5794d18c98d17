//! The record of a game: the keys of the positions played so far, for the
//! goals that need them (repetition).
//!
//! Positions do not carry their past: perft and move generation never need it,
//! and hashing every position would slow them. Whoever plays a game (the
//! search, `play`, `match`, the protocols) keeps a record beside the position.

use super::keys::Keys;
use super::position::Position;

/// The keys of a game's positions, the current one last.
#[derive(Clone)]
pub struct Record {
    hasher: Keys,
    keys: Vec<u64>,
}

impl Record {
    /// A record that starts at `pos`.
    pub fn new(pos: &Position<'_>) -> Record {
        let hasher = Keys::new(pos.game());
        let keys = vec![hasher.key(pos)];
        Record { hasher, keys }
    }

    /// Records `pos`, the position after a move.
    pub fn push(&mut self, pos: &Position<'_>) {
        self.keys.push(self.hasher.key(pos));
    }

    /// Forgets the last position (after an undo); the first one stays.
    pub fn pop(&mut self) {
        if self.keys.len() > 1 {
            self.keys.pop();
        }
    }

    /// The key of the current position.
    pub fn current(&self) -> u64 {
        *self.keys.last().expect("a record holds its first position")
    }

    /// How many times the current position has stood, itself included.
    pub fn occurrences(&self) -> usize {
        let now = self.current();
        self.keys.iter().filter(|&&k| k == now).count()
    }

    /// Every position's key, the first position first.
    pub fn keys(&self) -> &[u64] {
        &self.keys
    }
}
