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
    /// Each cell `c` of the set moved to `c + by` (cells moved past either
    /// end are lost).
    fn shifted(self, by: i16) -> Self;
    /// The set as a `u128` (for [`super::cells_of`]).
    fn wide(self) -> u128;
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
            #[inline]
            fn wide(self) -> u128 {
                u128::from(self)
            }
            #[inline(always)]
            fn shifted(self, by: i16) -> Self {
                if by >= 0 {
                    self << by
                } else {
                    self >> -by
                }
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
    /// The landings that take en passant: while an en passant target
    /// stands on one of them, the moves are counted by the runs instead.
    pub en_passant: W,
    /// The key's rays and guarded runs, `runs[runs_start..][..runs_len]` of
    /// [`BitCounts`].
    runs_start: u32,
    runs_len: u32,
    /// The cells of steps and leaps where an empty cell is a move, for a
    /// piece that has moved (0) and one that has not (1).
    pub quiet: [W; 2],
    /// The cells of steps and leaps where an enemy is a capture, likewise.
    pub capture: [W; 2],
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
    /// Per (side, kind), where the kind's pieces are counted all at once.
    kind_shifts: Vec<KindShifts<W>>,
    shift_runs: Vec<ShiftRun<W>>,
    /// Per side: whether any of its kinds is counted all at once.
    shifting: [bool; 2],
    /// In an attack table (see [`BitCountTable`]): the moves of the pieces
    /// whose every run is `not checking`, counted by bits.
    not_checking: Option<Box<BitCounts<W>>>,
    /// In an attack table: per (side, kind, cell), the cells from which a
    /// piece of the kind could attack the cell.
    reverse: Vec<W>,
    /// In an attack table: per side, the kinds whose keys tell exactly
    /// whether the piece attacks a cell.
    exact: [u128; 2],
}

/// The most kinds whose pieces [`BitCounts::count_kind`] counts at once:
/// a game's counting keeps one set per kind on the stack.
pub(crate) const MAX_SHIFT_KINDS: usize = 16;

/// Where the pieces of one (side, kind) are counted all at once: on
/// `cells`, whose keys are steps and leaps (guarded or not) alone, each
/// landing a fixed number of cells from the piece's own, so that the moves
/// of every such piece are counted by shifting the set of their cells.
#[derive(Copy, Clone, Debug, Default)]
pub(crate) struct KindShifts<W> {
    /// The cells whose pieces are counted this way (none: the kind is not).
    pub cells: W,
    /// Whether a landing takes en passant: while a target stands, the
    /// pieces are counted one by one.
    pub en_passant: bool,
    runs_start: u32,
    runs_len: u32,
}

/// The landings of a kind `offset` cells from the pieces on `from`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct ShiftRun<W> {
    /// The cells whose pieces have the landing.
    pub from: W,
    /// How far the landing is (in cell numbers).
    pub offset: i16,
    /// The cells, as offsets, that must be empty (a guard): `guard_len` of them.
    pub guard: [i16; 2],
    pub guard_len: u8,
    /// An empty landing is a move.
    pub quiet: bool,
    /// An enemy on it is a capture.
    pub capture: bool,
    /// Bit 0: for a piece that has moved; bit 1: one that has not.
    pub serves: u8,
}

impl<W: Word> BitCounts<W> {
    /// An empty table for `kinds` kinds on `cells` cells: no key countable.
    pub fn new(kinds: usize, cells: usize) -> BitCounts<W> {
        BitCounts {
            kinds,
            cells,
            keys: vec![BitKey::default(); 2 * kinds * cells],
            runs: Vec::new(),
            kind_shifts: vec![KindShifts::default(); 2 * kinds],
            shift_runs: Vec::new(),
            shifting: [false; 2],
            not_checking: None,
            reverse: Vec::new(),
            exact: [0; 2],
        }
    }

    /// Makes this attack table count `not checking` moves: `moves` counts
    /// them, `reverse` and `exact` as the fields say.
    pub fn set_not_checking(&mut self, moves: BitCounts<W>, reverse: Vec<W>, exact: [u128; 2]) {
        self.not_checking = Some(Box::new(moves));
        self.reverse = reverse;
        self.exact = exact;
    }

    /// In an attack table: the keys counting the `not checking` moves.
    #[inline]
    pub fn not_checking_moves(&self) -> Option<&BitCounts<W>> {
        self.not_checking.as_deref()
    }

    /// In an attack table: whether the keys of `kind` of `side` tell its
    /// attacks exactly.
    #[inline]
    pub fn exact(&self, side: usize, kind: Kind) -> bool {
        (kind as usize) < 128 && self.exact[side] & 1u128 << kind != 0
    }

    /// In an attack table: the cells from which a piece of `kind` of `side`
    /// could attack `cell`, on an empty board.
    #[inline]
    pub fn reverse(&self, side: usize, kind: Kind, cell: u16) -> W {
        self.reverse[(side * self.kinds + kind as usize) * self.cells + cell as usize]
    }

    /// The keys of `kind` of `side` (0 or 1), cell by cell.
    pub fn keys_of(&self, side: usize, kind: Kind) -> &[BitKey<W>] {
        let start = (side * self.kinds + kind as usize) * self.cells;
        &self.keys[start..start + self.cells]
    }

    /// The rays and guarded runs of key `k`.
    pub fn runs_of(&self, k: &BitKey<W>) -> &[BitRun<W>] {
        &self.runs[k.runs_start as usize..][..k.runs_len as usize]
    }

    /// Has the pieces of `kind` of `side` on `cells` counted all at once,
    /// by `runs`.
    pub fn set_shifts(
        &mut self,
        (side, kind): (usize, Kind),
        cells: W,
        en_passant: bool,
        runs: &[ShiftRun<W>],
    ) {
        self.kind_shifts[side * self.kinds + kind as usize] = KindShifts {
            cells,
            en_passant,
            runs_start: self.shift_runs.len() as u32,
            runs_len: runs.len() as u32,
        };
        self.shift_runs.extend_from_slice(runs);
        self.shifting[side] = true;
    }

    /// Per side: whether any of its kinds' pieces are counted all at once.
    #[inline]
    pub fn shifting(&self) -> [bool; 2] {
        self.shifting
    }

    /// Where the pieces of `kind` of `side` are counted all at once.
    #[inline(always)]
    pub fn shifts(&self, side: usize, kind: Kind) -> &KindShifts<W> {
        &self.kind_shifts[side * self.kinds + kind as usize]
    }

    /// The moves of the pieces on `pieces`, all of `k`'s cells, and how
    /// many capture: `unmoved` are the cells of pieces that have not moved,
    /// `empty` and `enemy` the board's.
    #[inline(always)]
    pub fn count_kind(
        &self,
        k: &KindShifts<W>,
        pieces: W,
        unmoved: W,
        empty: W,
        enemy: W,
    ) -> (u32, u32) {
        let (mut n, mut captures) = (0, 0);
        let served = [pieces & !unmoved, pieces & unmoved];
        for r in &self.shift_runs[k.runs_start as usize..][..k.runs_len as usize] {
            let mut from = r.from
                & match r.serves {
                    1 => served[0],
                    2 => served[1],
                    _ => pieces,
                };
            for &g in &r.guard[..r.guard_len as usize] {
                from = from & empty.shifted(-g);
            }
            let landed = from.shifted(r.offset);
            if r.quiet {
                n += (landed & empty).ones();
            }
            if r.capture {
                let c = (landed & enemy).ones();
                n += c;
                captures += c;
            }
        }
        (n, captures)
    }

    /// Makes the key of `kind` of `side` on `cell` countable, with steps and
    /// leaps `quiet` and `capture` (by moved, unmoved) and the rays and
    /// guarded runs `runs`.
    pub fn set(
        &mut self,
        (side, kind, cell): (usize, Kind, u16),
        quiet: [W; 2],
        capture: [W; 2],
        en_passant: W,
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
