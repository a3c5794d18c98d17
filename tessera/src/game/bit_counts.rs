//! Moves counted by bit sets. Where every run of a piece lands plainly (each
//! landing a move or a capture by the movement's modality alone), the number
//! of its pseudo-legal moves needs no walk: the cells of its steps and leaps
//! are counted by one intersection with the empty and the enemy cells, each
//! ray up to its first piece by a bit scan, and landings that two runs share
//! once, as the generator's deduplication makes them one move. Perft's last
//! ply counts most pieces this way. Only for boards of up to 128 cells: a
//! set is one `u64` where the board has 64 cells or fewer, one `u128` else.

use super::Kind;
use std::ops::{BitAnd, BitOr, BitOrAssign, Not};

/// The word a board's cell sets fit in: `u64` or `u128`.
pub(crate) trait Word:
    Copy
    + Default
    + Eq
    + std::fmt::Debug
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitOrAssign
    + Not<Output = Self>
{
    /// The set of one cell.
    fn bit(cell: u16) -> Self;
    /// How many cells the set holds.
    fn ones(self) -> u32;
    /// The cells up to the lowest of the set, that one included; all where
    /// the set is empty.
    fn through_lowest(self) -> Self;
    /// The cells from the highest of the set and cell 0, that one included.
    fn highest_or_first_and_up(self) -> Self;
    /// The set of a position's cells, from its words.
    fn of(words: &[u64]) -> Self;
}

/// `Word` for the unsigned integers: the same code for each width.
macro_rules! word {
    ($t:ty, $of:expr) => {
        impl Word for $t {
            #[inline]
            fn bit(cell: u16) -> Self {
                1 << cell
            }
            #[inline]
            fn ones(self) -> u32 {
                self.count_ones()
            }
            #[inline]
            fn through_lowest(self) -> Self {
                self ^ self.wrapping_sub(1)
            }
            #[inline]
            fn highest_or_first_and_up(self) -> Self {
                <$t>::MAX << (<$t>::BITS - 1 - (self | 1).leading_zeros())
            }
            #[inline]
            fn of(words: &[u64]) -> Self {
                $of(words)
            }
        }
    };
}

word!(u64, |words: &[u64]| words[0]);
word!(u128, |words: &[u64]| {
    let high = words.get(1).map_or(0, |&w| u128::from(w) << 64);
    u128::from(words[0]) | high
});

/// The bit counts of a game, in the word its board fits.
#[derive(Clone, Debug, Default)]
pub(crate) enum BitCountTable {
    /// The board is too large, or a piece is neutral: no piece is counted
    /// by bits.
    #[default]
    None,
    /// A board of up to 64 cells: the counts, and for a game with `not
    /// checking` movements the cells each piece attacks once moved.
    Narrow(BitCounts<u64>, Option<BitCounts<u64>>),
    /// A board of up to 128 cells, likewise.
    Wide(BitCounts<u128>, Option<BitCounts<u128>>),
}

/// One (side, kind, cell) of [`BitCounts`].
#[derive(Copy, Clone, Debug, Default)]
pub(crate) struct BitKey<W> {
    /// Whether the piece's moves from the cell may be counted by bits.
    pub countable: bool,
    /// Whether a landing takes en passant: while an en passant target
    /// stands, the moves are counted by the runs instead.
    pub en_passant: bool,
    /// The key's rays and guarded runs, `runs[runs_start..][..runs_len]` of
    /// [`BitCounts`].
    runs_start: u32,
    runs_len: u32,
    /// The cells of steps and leaps where an empty cell is a move, for a
    /// piece that has moved (0) and one that has not (1).
    quiet: [W; 2],
    /// The cells of steps and leaps where an enemy is a capture, likewise.
    capture: [W; 2],
}

/// A run of a countable key that is a ray, or that has a guard: its cells,
/// how they are reached, and what landing on them gives.
#[derive(Copy, Clone, Debug)]
pub(crate) struct BitRun<W> {
    /// The cells that must be empty for the run to go on (a guard).
    pub guard: W,
    /// The run's landing cells.
    pub cells: W,
    /// How the cells are reached.
    pub reach: BitReach,
    /// An empty cell is a move.
    pub quiet: bool,
    /// An enemy reached is a capture.
    pub capture: bool,
    /// Bit 0: the run serves a piece that has moved; bit 1: one that has not.
    pub serves: u8,
}

/// How a [`BitRun`]'s cells are reached.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum BitReach {
    /// Every cell on its own (steps and leaps behind a guard).
    Each,
    /// A ray whose walk meets the cells in rising order, up to its first piece.
    Rising,
    /// A ray whose walk meets the cells in falling order, likewise.
    Falling,
}

/// Per (side, kind, cell), what counting by bits needs.
#[derive(Clone, Debug, Default)]
pub(crate) struct BitCounts<W> {
    kinds: usize,
    cells: usize,
    keys: Vec<BitKey<W>>,
    runs: Vec<BitRun<W>>,
}

impl<W: Word> BitCounts<W> {
    /// An empty table for `kinds` kinds on `cells` cells: no key countable.
    pub fn new(kinds: usize, cells: usize) -> BitCounts<W> {
        BitCounts {
            kinds,
            cells,
            keys: vec![BitKey::default(); 2 * kinds * cells],
            runs: Vec::new(),
        }
    }

    /// Makes the key of `kind` of `side` on `cell` countable, with steps and
    /// leaps `quiet` and `capture` (by moved, unmoved) and the rays and
    /// guarded runs `runs`.
    pub fn set(
        &mut self,
        (side, kind, cell): (usize, Kind, u16),
        quiet: [W; 2],
        capture: [W; 2],
        en_passant: bool,
        runs: &[BitRun<W>],
    ) {
        let key = (side * self.kinds + kind as usize) * self.cells + cell as usize;
        self.keys[key] = BitKey {
            countable: true,
            en_passant,
            runs_start: self.runs.len() as u32,
            runs_len: runs.len() as u32,
            quiet,
            capture,
        };
        self.runs.extend_from_slice(runs);
    }

    /// The key of a piece of `kind` of `side` (0 or 1) on `cell`.
    #[inline]
    pub fn key(&self, side: usize, kind: Kind, cell: u16) -> &BitKey<W> {
        &self.keys[(side * self.kinds + kind as usize) * self.cells + cell as usize]
    }

    /// The moves of the piece of key `k`, and how many of them capture, with
    /// the pieces on `occupied` and the enemies on `enemy`.
    #[inline(always)]
    pub fn count(&self, k: &BitKey<W>, unmoved: bool, occupied: W, enemy: W) -> (u32, u32) {
        let (quiet, capture) = self.reach(k, unmoved, occupied);
        let captures = (capture & enemy).ones();
        ((quiet & !occupied).ones() + captures, captures)
    }

    /// The cells where the piece of key `k` may land quietly if they are
    /// empty, and those where it captures if they hold an enemy, with the
    /// pieces on `occupied`.
    #[inline(always)]
    pub fn reach(&self, k: &BitKey<W>, unmoved: bool, occupied: W) -> (W, W) {
        let u = unmoved as usize;
        let (mut quiet, mut capture) = (k.quiet[u], k.capture[u]);
        let serves = 1u8 << u;
        for r in &self.runs[k.runs_start as usize..][..k.runs_len as usize] {
            // A falling ray's scan stops at cell 0 where it meets no piece,
            // which does no harm: cell 0 is its far end, if it is on it.
            let reached = match r.reach {
                BitReach::Each => r.cells,
                BitReach::Rising => r.cells & (r.cells & occupied).through_lowest(),
                BitReach::Falling => r.cells & (r.cells & occupied).highest_or_first_and_up(),
            };
            if r.serves & serves == 0 || r.guard & occupied != W::default() {
                continue;
            }
            if r.quiet {
                quiet |= reached;
            }
            if r.capture {
                capture |= reached;
            }
        }
        (quiet, capture)
    }
}
