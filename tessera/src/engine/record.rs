//! The record of a game: the keys of the positions played so far, for the
//! goals that need them (repetition).
//!
//! Positions do not carry their past: perft and move generation never need it,
//! and hashing every position would slow them. Whoever plays a game (the
//! search, `play`, `match`, the protocols) keeps a record beside the position.

use super::attack::in_check;
use super::keys::Keys;
use super::position::Position;

/// The keys of a game's positions, the current one last.
#[derive(Clone)]
pub struct Record {
    hasher: Keys,
    keys: Vec<u64>,
    /// Per position: its halfmove clock, and whether the side to move was in
    /// check (kept only where a goal on perpetual check needs it).
    marks: Vec<(u32, bool)>,
    /// Whether the game has a goal on perpetual check.
    checks: bool,
}

impl Record {
    /// A record that starts at `pos`.
    pub fn new(pos: &Position<'_>) -> Record {
        let hasher = Keys::new(pos.game());
        let keys = vec![hasher.repetition_key(pos)];
        let checks = pos.game().goals.record_goals.perpetual.is_some();
        let mut record = Record {
            hasher,
            keys,
            marks: Vec::new(),
            checks,
        };
        record.marks.push(record.mark(pos));
        record
    }

    fn mark(&self, pos: &Position<'_>) -> (u32, bool) {
        let checked = self.checks && in_check(pos, pos.side_to_move());
        (pos.halfmove, checked)
    }

    /// Records `pos`, the position after a move.
    pub fn push(&mut self, pos: &Position<'_>) {
        self.keys.push(self.hasher.repetition_key(pos));
        self.marks.push(self.mark(pos));
    }

    /// Forgets the last position (after an undo); the first one stays.
    pub fn pop(&mut self) {
        if self.keys.len() > 1 {
            self.keys.pop();
            self.marks.pop();
        }
    }

    /// Whether the current position has now stood `n` times, counted as
    /// Fairy-Stockfish counts: among the positions with the same side to
    /// move at least four plies back, since the last move that restarted
    /// the halfmove clock (since the record began where `whole`, as in
    /// games whose captured pieces go to a hand). When it has, whether the
    /// side that has just moved, and the side to move, gave check with
    /// every one of their moves since the first of those `n` times.
    pub fn repetition(&self, n: u8, whole: bool) -> Option<(bool, bool)> {
        let last = self.keys.len() - 1;
        let (clock, _) = self.marks[last];
        let end = if whole {
            last
        } else {
            last.min(clock as usize)
        };
        if end < 4 {
            return None;
        }
        let now = self.keys[last];
        let checked = |i: usize| self.marks[last - i].1;
        // The side that has just moved checked into the positions 0, 2, 4...
        // plies back; the side to move into those 1, 3, 5... plies back.
        let mut them = checked(0) && checked(2);
        let mut us = checked(1) && checked(3);
        let mut count = 1;
        let mut i = 4;
        while i <= end {
            them &= checked(i);
            if self.keys[last - i] == now {
                count += 1;
                if count >= usize::from(n) {
                    return Some((them, us));
                }
            }
            if i < end {
                us &= checked(i + 1);
            }
            i += 2;
        }
        None
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
