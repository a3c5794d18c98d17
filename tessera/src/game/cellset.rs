//! A set of cells as a bit set, sized for one game's board.

/// How many words a set of cells `0..cells` takes.
#[inline]
pub(crate) fn words_for(cells: usize) -> usize {
    cells.div_ceil(64).max(1)
}

/// A set of cell indices. All sets of one game have the same number of words.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct CellSet {
    words: Vec<u64>,
}

impl Default for CellSet {
    /// An empty set of one word (cells `0..64`).
    fn default() -> CellSet {
        CellSet::new(0)
    }
}

impl CellSet {
    /// An empty set able to hold cells `0..cells`.
    pub fn new(cells: usize) -> CellSet {
        CellSet {
            words: vec![0; words_for(cells)],
        }
    }

    /// Whether `cell` is in the set; false for a cell past its capacity.
    #[inline]
    pub fn contains(&self, cell: u16) -> bool {
        let i = cell as usize;
        self.words
            .get(i / 64)
            .is_some_and(|w| w & (1u64 << (i % 64)) != 0)
    }

    /// Adds `cell`, which must be below the set's capacity.
    ///
    /// # Panics
    /// When `cell` is past the set's capacity (that of
    /// [`CellSet::new`]'s `cells`, rounded up to 64).
    #[inline]
    pub fn insert(&mut self, cell: u16) {
        let i = cell as usize;
        self.words[i / 64] |= 1u64 << (i % 64);
    }

    /// Removes `cell`, which must be below the set's capacity.
    ///
    /// # Panics
    /// When `cell` is past the set's capacity, as [`CellSet::insert`].
    #[inline]
    pub fn remove(&mut self, cell: u16) {
        let i = cell as usize;
        self.words[i / 64] &= !(1u64 << (i % 64));
    }

    /// Sets membership of `cell` to `on`.
    ///
    /// # Panics
    /// When `cell` is past the set's capacity, as [`CellSet::insert`].
    #[inline]
    pub fn set(&mut self, cell: u16, on: bool) {
        if on {
            self.insert(cell)
        } else {
            self.remove(cell)
        }
    }

    /// The set's words: bit `c % 64` of word `c / 64` stands for cell `c`.
    #[inline]
    pub fn words(&self) -> &[u64] {
        &self.words
    }

    /// The set as one `u128`, for a board of up to 128 cells (the cells
    /// past 128 left out).
    #[inline]
    pub fn bits(&self) -> u128 {
        let high = self.words.get(1).map_or(0, |&w| u128::from(w) << 64);
        // A set always has a first word ([`words_for`], `Default`).
        u128::from(self.words[0]) | high
    }

    /// Whether the set holds no cell.
    pub fn is_empty(&self) -> bool {
        self.words.iter().all(|w| *w == 0)
    }

    /// Whether the two sets share a cell.
    pub fn intersects(&self, other: &CellSet) -> bool {
        self.words.iter().zip(&other.words).any(|(a, b)| a & b != 0)
    }

    /// How many cells the set holds.
    pub fn len(&self) -> usize {
        self.words.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// The cells in increasing order.
    pub fn iter(&self) -> impl Iterator<Item = u16> + '_ {
        cells_in(&self.words)
    }
}

/// The cells of a set given as words (bit `c % 64` of word `c / 64` for cell
/// `c`), in increasing order.
pub(crate) fn cells_in(words: &[u64]) -> impl Iterator<Item = u16> + '_ {
    words.iter().enumerate().flat_map(|(i, &w)| {
        let mut w = w;
        std::iter::from_fn(move || {
            if w == 0 {
                return None;
            }
            let b = w.trailing_zeros();
            w &= w - 1;
            Some((i * 64) as u16 + b as u16)
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn insert_remove_iterate() {
        let mut s = CellSet::new(130);
        for c in [0, 63, 64, 129] {
            s.insert(c);
        }
        s.remove(63);
        assert_eq!(s.iter().collect::<Vec<_>>(), vec![0, 64, 129]);
        assert_eq!(s.len(), 3);
        assert!(s.contains(129) && !s.contains(63) && !s.contains(5000));
    }
}
