//! Compressed sparse rows: for each key a slice of cells, in one flat buffer.
//!
//! A step from a merged cell may branch, so step tables hold a list per
//! (direction, cell) rather than one neighbour; CSR keeps those lists contiguous.

/// Lists of cells indexed by a dense key.
#[derive(Clone, Debug, Default)]
pub(crate) struct Csr {
    starts: Vec<u32>,
    cells: Vec<u16>,
}

impl Csr {
    /// Builds the table from one list per key.
    pub fn from_lists(lists: &[Vec<u16>]) -> Csr {
        let mut starts = Vec::with_capacity(lists.len() + 1);
        let mut cells = Vec::new();
        starts.push(0);
        for l in lists {
            cells.extend_from_slice(l);
            starts.push(cells.len() as u32);
        }
        Csr { starts, cells }
    }

    /// The cells listed under `key`.
    #[inline]
    pub fn get(&self, key: usize) -> &[u16] {
        let a = self.starts[key] as usize;
        let b = self.starts[key + 1] as usize;
        &self.cells[a..b]
    }

    /// How many keys the table has.
    pub fn keys(&self) -> usize {
        self.starts.len().saturating_sub(1)
    }

    /// Whether some key lists more than one cell.
    pub fn branches(&self) -> bool {
        self.starts.windows(2).any(|w| w[1] - w[0] > 1)
    }
}
