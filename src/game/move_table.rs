//! Movements compiled per side, kind and cell into runs of cells, so that move
//! generation for the common movements is a loop over arrays.
//!
//! A single-leg step, leap or slide has the same destinations from a cell every
//! time, but for blocking: a slide is a ray of cells walked to the first piece,
//! the targets of steps and leaps are cells tried one by one. Everything else (a
//! movement of several legs, a path, a slide whose step branches) stays an
//! entry that the generator interprets leg by leg.

use super::Kind;

/// One entry of a (side, kind, cell) list, in the order of the kind's movements.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Run {
    /// The movement's index in the kind's `movements`.
    pub movement: u16,
    /// What kind of entry this is and how its cells land: the `Run::*` bits.
    pub flags: u16,
    /// The cells, `cells[start..start + len]` of [`MoveTable`].
    pub start: u32,
    pub len: u32,
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
pub struct RunCell {
    pub cell: u16,
    pub plain: bool,
}

/// The runs of every (side, kind, cell).
#[derive(Clone, Debug, Default)]
pub struct MoveTable {
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
        }
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

    /// How many run cells the table holds, for its size bound.
    pub fn cell_entries(&self) -> usize {
        self.run_cells.len()
    }
}
