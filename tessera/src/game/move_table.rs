//! Movements compiled per side, kind and cell into runs of cells, so that move
//! generation for the common movements is a loop over arrays.
//!
//! A single-leg step, leap or slide has the same destinations from a cell every
//! time, but for blocking: a slide is a ray of cells walked to the first piece,
//! the targets of steps and leaps are cells tried one by one. Everything else (a
//! movement of several legs, a path, a slide whose step branches) stays an
//! entry that the generator interprets leg by leg, except for movements of
//! steps, leaps and slides whose last leg is a run behind fixed cells: those
//! are runs with a guard.

use super::Kind;

/// One entry of a (side, kind, cell) list, in the order of the kind's movements.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Run {
    /// The movement's index in the kind's `movements`.
    pub movement: u16,
    /// What kind of entry this is and how its cells land: the `Run::*` bits.
    pub flags: u16,
    /// The cells, `cells[start..start + len]` of [`MoveTable`].
    pub start: u32,
    /// How many cells the run has.
    pub len: u16,
    /// How many of the cells come before the run proper: the cells where the
    /// legs before the last stop and the cells their slides pass, all of
    /// which must be passable (`step ne then slide n e` is a ray behind one).
    pub guard: u16,
}

impl Run {
    /// The movement is interpreted by the general generator (no cells).
    pub const GENERAL: u16 = 1;
    /// A ray: the walk stops at the first occupied cell. Otherwise every cell
    /// is tried on its own (steps and leaps).
    pub const RAY: u16 = 1 << 1;
    /// An empty cell is a plain move.
    pub const QUIET: u16 = 1 << 2;
    /// An empty cell needs the full landing rules (en passant).
    pub const QUIET_SPECIAL: u16 = 1 << 3;
    /// An enemy's cell is a capture.
    pub const CAPTURE: u16 = 1 << 4;
    /// Only for a piece that has not moved.
    pub const FIRST: u16 = 1 << 5;
    /// Only for a piece that has moved.
    pub const LATER: u16 = 1 << 6;
    /// The ray is cut to the length the piece's counter shows.
    pub const COUNTER: u16 = 1 << 7;
    /// The moves may not give check.
    pub const NOT_CHECKING: u16 = 1 << 8;
    /// The cells where the legs of one path end: the last is the landing,
    /// the others must be passable unless the movement is `jumping`.
    pub const PATH: u16 = 1 << 9;
    /// The first `guard` cells must be passable; the run proper follows.
    pub const GUARDED: u16 = 1 << 10;

    /// Whether the run has the `Run::*` bit `flag`.
    #[inline]
    pub fn has(&self, flag: u16) -> bool {
        self.flags & flag != 0
    }

    /// Whether the run's first-move condition lets a piece that has
    /// (`unmoved` false) or has not moved use it.
    #[inline]
    pub fn applies(&self, unmoved: bool) -> bool {
        !(self.has(Run::FIRST) && !unmoved || self.has(Run::LATER) && unmoved)
    }
}

/// A cell of a run and whether landing there is plain: no zone forbids it and
/// the piece does not promote there. Other landings take the full rules.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct RunCell {
    /// The cell, an index into `Game::cells`.
    pub cell: u16,
    /// Whether landing there is plain.
    pub plain: bool,
}

/// A run that may capture onto a cell: the cell, the piece's kind, the run's
/// index in the table and the landing's index among the run's cells.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct CaptureEntry {
    /// The cell the capture lands on.
    pub to: u16,
    /// The capturing piece's kind.
    pub kind: Kind,
    /// The run's index in [`MoveTable`]'s runs.
    pub run: u32,
    /// The landing's index among the run's cells.
    pub at: u16,
}

/// The most entries of a capture index per key and landing cell.
const MAX_DENSE_CAPTURE_INDEX: usize = 1 << 20;

/// The runs of every (side, kind, cell).
#[derive(Clone, Debug, Default)]
pub(crate) struct MoveTable {
    kinds: usize,
    cells: usize,
    /// Per key `(side * kinds + kind) * cells + cell`: where its runs start in
    /// `runs`; one extra entry closes the last list.
    index: Vec<u32>,
    /// Per key: whether two runs (or a run and an interpreted movement) may
    /// reach one cell, so that the moves need deduplication.
    overlaps: Vec<bool>,
    runs: Vec<Run>,
    run_cells: Vec<RunCell>,
    /// For the kinds whose attacks are tested forwards: per key, where its
    /// capturing landings start in `capture_entries`, sorted by cell (one
    /// extra entry closes the last list).
    capture_index: Vec<u32>,
    capture_entries: Vec<CaptureEntry>,
    /// The kinds whose captures are indexed, as a mask.
    indexed: u128,
    /// Whether `capture_index` is per key and landing cell, rather than per key.
    dense: bool,
    /// Per key: whether the runs cannot tell every capture of that piece (an
    /// interpreted movement that captures, a run cut by a counter, a landing
    /// with rules beyond modality), so that its moves must be generated.
    opaque: Vec<bool>,
    /// On boards of at most 128 cells, per key `side * cells + cell`: the
    /// cells from which an indexed piece of that side may capture onto the
    /// cell by a movement tested forwards (a run's landing, or any cell for
    /// an interpreted movement or a counter), so that the attack test looks
    /// at those pieces only.
    capture_from: Vec<u128>,
}

impl MoveTable {
    /// Builds the table from one list of runs per key, in key order, each
    /// with whether its moves may repeat, and the cells the runs point into.
    pub fn new(
        kinds: usize,
        cells: usize,
        lists: Vec<(Vec<Run>, bool)>,
        run_cells: Vec<RunCell>,
    ) -> Self {
        let mut index = Vec::with_capacity(lists.len() + 1);
        let mut overlaps = Vec::with_capacity(lists.len());
        let mut runs = Vec::new();
        index.push(0);
        for (l, overlap) in lists {
            runs.extend(l);
            index.push(runs.len() as u32);
            overlaps.push(overlap);
        }
        MoveTable {
            kinds,
            cells,
            index,
            overlaps,
            runs,
            run_cells,
            ..MoveTable::default()
        }
    }

    /// Indexes, for the attack test, the capturing runs of `kinds` by their
    /// piece and the cells they land on. `captures(kind, movement)` says
    /// whether an interpreted movement may capture, and whether its captures
    /// are tested forwards (then the piece is looked at wherever it stands).
    pub fn index_captures(&mut self, kinds: &[Kind], captures: impl Fn(Kind, u16) -> (bool, bool)) {
        let keys = self.index.len().saturating_sub(1);
        self.opaque = vec![false; keys];
        self.capture_index = vec![0; keys + 1];
        if kinds.is_empty() {
            return;
        }
        self.indexed = kinds.iter().fold(0, |m, &k| m | 1u128 << k);
        let small = self.cells <= 128;
        if small {
            self.capture_from = vec![0; 2 * self.cells];
        }
        // On boards small enough, the index goes down to each landing cell.
        self.dense = keys.saturating_mul(self.cells) <= MAX_DENSE_CAPTURE_INDEX;
        let mut dense = vec![0u32; if self.dense { keys * self.cells + 1 } else { 0 }];
        for key in 0..keys {
            let kind = (key / self.cells % self.kinds) as Kind;
            let (side, from) = (key / (self.cells * self.kinds), key % self.cells);
            let mut list = Vec::new();
            // Whether the piece may capture anywhere the runs do not say.
            let mut anywhere = false;
            if kinds.contains(&kind) {
                for r in self.index[key] as usize..self.index[key + 1] as usize {
                    let run = self.runs[r];
                    if run.has(Run::GENERAL) {
                        let (captures, by_legs) = captures(kind, run.movement);
                        self.opaque[key] |= captures;
                        anywhere |= by_legs;
                        continue;
                    }
                    if !run.has(Run::CAPTURE) {
                        continue;
                    }
                    if run.has(Run::COUNTER) {
                        self.opaque[key] = true;
                        anywhere = true;
                        continue;
                    }
                    let cells = &self.run_cells[run.start as usize..][..run.len as usize];
                    let landings = if run.has(Run::PATH) {
                        cells.len().saturating_sub(1)..cells.len()
                    } else {
                        run.guard as usize..cells.len()
                    };
                    // The captures tested backwards are found there.
                    let forward = captures(kind, run.movement).1;
                    for at in landings {
                        if small && forward {
                            let to = cells[at].cell as usize;
                            self.capture_from[side * self.cells + to] |= 1u128 << from;
                        }
                        if !cells[at].plain {
                            self.opaque[key] = true;
                            continue;
                        }
                        list.push(CaptureEntry {
                            to: cells[at].cell,
                            kind,
                            run: r as u32,
                            at: at as u16,
                        });
                    }
                }
            }
            if small && anywhere {
                for to in 0..self.cells {
                    self.capture_from[side * self.cells + to] |= 1u128 << from;
                }
            }
            // By landing cell, so that one cell's entries are found by search.
            list.sort_by_key(|e| e.to);
            if self.dense {
                let base = self.capture_entries.len();
                for to in 0..self.cells {
                    let end = base + list.partition_point(|e| (e.to as usize) <= to);
                    dense[key * self.cells + to + 1] = end as u32;
                }
            }
            self.capture_entries.extend(list);
            self.capture_index[key + 1] = self.capture_entries.len() as u32;
        }
        if self.dense {
            self.capture_index = dense;
        }
    }

    /// The indexed runs of the piece of `kind` of `side` on `from` that may
    /// capture onto `cell`.
    #[inline]
    pub fn captures_onto(&self, side: usize, kind: Kind, from: u16, cell: u16) -> &[CaptureEntry] {
        let key = (side * self.kinds + kind as usize) * self.cells + from as usize;
        if self.dense {
            let at = key * self.cells + cell as usize;
            let (a, b) = (self.capture_index[at], self.capture_index[at + 1]);
            return &self.capture_entries[a as usize..b as usize];
        }
        let (Some(&a), Some(&b)) = (self.capture_index.get(key), self.capture_index.get(key + 1))
        else {
            return &[];
        };
        let all = &self.capture_entries[a as usize..b as usize];
        let lo = all.partition_point(|e| e.to < cell);
        let hi = lo + all[lo..].partition_point(|e| e.to == cell);
        &all[lo..hi]
    }

    /// The cells from which an indexed piece of `side` may capture onto
    /// `cell`, where the board has at most 128 cells.
    #[inline]
    pub fn capture_from(&self, side: usize, cell: u16) -> Option<u128> {
        self.capture_from
            .get(side * self.cells + cell as usize)
            .copied()
    }

    /// Whether the captures of `kind` are indexed (its attacks are tested
    /// forwards).
    #[inline]
    pub fn indexes(&self, kind: Kind) -> bool {
        self.indexed & 1u128 << kind != 0
    }

    /// Whether the captures of a piece of `kind` of `side` on `cell` must be
    /// found by generating its moves.
    #[inline]
    pub fn opaque(&self, side: usize, kind: Kind, cell: u16) -> bool {
        let key = (side * self.kinds + kind as usize) * self.cells + cell as usize;
        self.opaque.get(key).copied().unwrap_or(true)
    }

    /// The run at `index` in the table.
    #[inline]
    pub fn run(&self, index: u32) -> &Run {
        &self.runs[index as usize]
    }

    /// Whether the moves of a piece of `kind` of `side` on `cell` may repeat.
    #[inline]
    pub fn overlaps(&self, side: usize, kind: Kind, cell: u16) -> bool {
        self.overlaps[(side * self.kinds + kind as usize) * self.cells + cell as usize]
    }

    /// The runs of a piece of `kind` owned by side `side` (0 or 1) on `cell`.
    #[inline]
    pub fn runs(&self, side: usize, kind: Kind, cell: u16) -> &[Run] {
        let key = (side * self.kinds + kind as usize) * self.cells + cell as usize;
        let a = self.index[key] as usize;
        let b = self.index[key + 1] as usize;
        &self.runs[a..b]
    }

    /// The cells of `run`.
    #[inline]
    pub fn cells(&self, run: &Run) -> &[RunCell] {
        let a = run.start as usize;
        &self.run_cells[a..a + run.len as usize]
    }
}
