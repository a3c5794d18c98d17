//! Lines and leap sources as bit sets, so the attack test finds the first piece
//! on a line by a bit scan and the leapers of a cell by one intersection. Only
//! for boards of up to 128 cells, where a set is one `u128`.

/// The most cells a board may have for bit tables.
pub(crate) const MAX_BIT_CELLS: usize = 128;

/// How the first cell of a line is found in its bit set.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum LineOrder {
    /// The cells' indices rise along the line: the first is the lowest bit.
    Rising,
    /// They fall: the first is the highest bit.
    Falling,
    /// Neither, or the line branches: it is walked cell by cell.
    Walk,
}

/// Per side, direction and cell, the cells a backward walk passes (the cells
/// from which a slide in that direction comes) and the cells one step away;
/// per leap table and cell, the cells that leap onto it and those it leaps to.
#[derive(Clone, Debug, Default)]
pub(crate) struct BitTables {
    pub(crate) cells: usize,
    pub(crate) dirs: usize,
    /// Per side, key `cell * dirs + dir`: a cell's lines side by side, as the
    /// attack test reads them.
    pub(crate) lines: [Vec<(u128, LineOrder)>; 2],
    /// Per leap table and cell.
    pub(crate) leap_sources: Vec<Vec<u128>>,
    /// Per leap table and cell: the cells it leaps to.
    pub(crate) leap_targets: Vec<Vec<u128>>,
    /// Per side, key `dir * cells + cell`: the cells one step away.
    pub(crate) steps: [Vec<u128>; 2],
    /// Per side and cell: the cells of the cell's attack lines that the line
    /// goes on past (every cell where a line must be walked), so that
    /// emptying any other cell opens no line onto the cell.
    pub(crate) passed: [Vec<u128>; 2],
}

impl BitTables {
    /// The cells leap table `table` reaches from `cell`.
    #[inline]
    pub fn leap_targets(&self, table: usize, cell: u16) -> u128 {
        self.leap_targets[table][cell as usize]
    }

    /// The cells whose emptying can open an attack line of `side` onto `cell`.
    #[inline]
    pub fn passed(&self, side: usize, cell: u16) -> u128 {
        self.passed[side][cell as usize]
    }

    /// The cells one step from `cell` in direction `dir` of `side`.
    #[inline]
    pub fn steps(&self, side: usize, dir: u8, cell: u16) -> u128 {
        self.steps[side][dir as usize * self.cells + cell as usize]
    }

    /// The backward line from `cell` in direction `dir` of `side`, and how its
    /// first cell is found.
    #[inline]
    pub fn line(&self, side: usize, dir: u8, cell: u16) -> (u128, LineOrder) {
        self.lines[side][cell as usize * self.dirs + dir as usize]
    }

    /// The cells from which leap table `table` reaches `cell`.
    #[inline]
    pub fn leap_sources(&self, table: usize, cell: u16) -> u128 {
        self.leap_sources[table][cell as usize]
    }
}

/// A direction on a board where a step against it always adds one constant
/// to a cell's index: sets of cells are moved against it by a shift.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Shift {
    /// What a step against the direction adds to a cell's index.
    pub by: i32,
    /// The cells that have such a step.
    pub leaves: u128,
}

impl Shift {
    /// The cells one step against the direction from the cells of `set`:
    /// those from which a step in the direction lands on `set`.
    #[inline]
    pub fn back(self, set: u128) -> u128 {
        let set = set & self.leaves;
        if self.by >= 0 {
            set << self.by
        } else {
            set >> -self.by
        }
    }
}

/// The cells from which a step in one of the directions of `shifts` lands on
/// `set`.
#[inline]
pub(crate) fn next_to(shifts: &[Shift], set: u128) -> u128 {
    shifts.iter().fold(0, |near, s| near | s.back(set))
}

/// The cells of a set, lowest first.
#[inline]
pub(crate) fn cells_of(mut set: u128) -> impl Iterator<Item = u16> {
    std::iter::from_fn(move || {
        if set == 0 {
            return None;
        }
        let c = set.trailing_zeros() as u16;
        set &= set - 1;
        Some(c)
    })
}

/// The first cell of `line` in `set`, in the line's order (not `Walk`).
#[inline]
pub(crate) fn first_in(line: u128, order: LineOrder, set: u128) -> Option<u16> {
    let hits = line & set;
    match (hits, order) {
        (0, _) => None,
        (h, LineOrder::Falling) => Some(127 - h.leading_zeros() as u16),
        (h, _) => Some(h.trailing_zeros() as u16),
    }
}
