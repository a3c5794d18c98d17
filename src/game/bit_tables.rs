//! Lines and leap sources as bit sets, so the attack test finds the first piece
//! on a line by a bit scan and the leapers of a cell by one intersection. Only
//! for boards of up to 128 cells, where a set is one `u128`.

/// The most cells a board may have for bit tables.
pub const MAX_BIT_CELLS: usize = 128;

/// How the first cell of a line is found in its bit set.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum LineOrder {
    /// The cells' indices rise along the line: the first is the lowest bit.
    Rising,
    /// They fall: the first is the highest bit.
    Falling,
    /// Neither, or the line branches: it is walked cell by cell.
    Walk,
}

/// Per side, direction and cell, the cells a backward walk passes (the cells
/// from which a slide in that direction comes); per leap table and cell, the
/// cells that leap onto it.
#[derive(Clone, Debug, Default)]
pub struct BitTables {
    cells: usize,
    /// Per side, key `dir * cells + cell`.
    lines: [Vec<(u128, LineOrder)>; 2],
    /// Per leap table and cell.
    leap_sources: Vec<Vec<u128>>,
}

impl BitTables {
    pub fn new(
        cells: usize,
        lines: [Vec<(u128, LineOrder)>; 2],
        leap_sources: Vec<Vec<u128>>,
    ) -> Self {
        BitTables {
            cells,
            lines,
            leap_sources,
        }
    }

    /// The backward line from `cell` in direction `dir` of `side`, and how its
    /// first cell is found.
    #[inline]
    pub fn line(&self, side: usize, dir: u8, cell: u16) -> (u128, LineOrder) {
        self.lines[side][dir as usize * self.cells + cell as usize]
    }

    /// The cells from which leap table `table` reaches `cell`.
    #[inline]
    pub fn leap_sources(&self, table: usize, cell: u16) -> u128 {
        self.leap_sources[table][cell as usize]
    }
}

/// The first cell of `line` in `set`, in the line's order (not `Walk`).
#[inline]
pub fn first_in(line: u128, order: LineOrder, set: u128) -> Option<u16> {
    let hits = line & set;
    match (hits, order) {
        (0, _) => None,
        (h, LineOrder::Falling) => Some(127 - h.leading_zeros() as u16),
        (h, _) => Some(h.trailing_zeros() as u16),
    }
}
