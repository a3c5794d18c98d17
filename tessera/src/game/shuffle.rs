//! `shuffle`: setups drawn anew on the cells of a zone, step by step, and
//! numbered as Chess960 numbers its 960 (Scharnagl's numbering: the first
//! step's choice is the least significant digit).

use super::{Cell, Kind};

/// A `shuffle` statement, compiled.
#[derive(Clone, Debug)]
pub struct Shuffle {
    /// White's cells of the zone, in cell order, each with Black's cell (its
    /// reflection, or the cell of the same rank in Black's part of the zone).
    pub(crate) cells: Vec<(Cell, Cell)>,
    /// The steps, in order.
    pub(crate) steps: Vec<ShuffleStep>,
    /// Kinds (a bit each, copies included) every piece of which must be
    /// defended by a piece of its side in a drawn setup.
    pub(crate) defended: u128,
    /// How many setups are numbered: the product of the steps' choices.
    pub(crate) count: u64,
}

/// One step: pieces placed on cells still free.
#[derive(Clone, Debug)]
pub(crate) struct ShuffleStep {
    /// The kinds placed, one per piece, as listed.
    pub(crate) kinds: Vec<Kind>,
    /// Masks over the indices of [`Shuffle::cells`]: one for all the pieces,
    /// or one per piece (one piece onto each, in every distinct order).
    pub(crate) zones: Vec<u128>,
    /// How many choices the step has.
    pub(crate) radix: u64,
}

impl Shuffle {
    /// How many setups are numbered (960 in Chess960).
    pub fn count(&self) -> u64 {
        self.count
    }

    /// Where setup `n` (below [`Shuffle::count`]) puts its pieces: an index
    /// into the zone's cells and a kind each.
    pub(crate) fn decode(&self, mut n: u64) -> Vec<(usize, Kind)> {
        let mut free = mask_below(self.cells.len());
        let mut placed = Vec::new();
        for step in &self.steps {
            let digit = n % step.radix.max(1);
            n /= step.radix.max(1);
            for (i, kind) in place(step, free, digit) {
                free &= !(1u128 << i);
                placed.push((i, kind));
            }
        }
        placed
    }
}

/// The mask of the indices below `n` (at most 128).
pub(crate) fn mask_below(n: usize) -> u128 {
    if n >= 128 {
        u128::MAX
    } else {
        (1u128 << n) - 1
    }
}

/// The number of choices of `step` with the cells `free` still free: the
/// combinations of its pieces on one set, or, with one zone per piece, the
/// cells in each zone times the distinct orders of the pieces.
pub(crate) fn radix(step: &ShuffleStep, free: u128) -> Option<u64> {
    if step.zones.len() == 1 {
        let m = (free & step.zones[0]).count_ones() as u64;
        return binomial(m, step.kinds.len() as u64);
    }
    let mut product: u64 = 1;
    for &z in &step.zones {
        product = product.checked_mul((free & z).count_ones() as u64)?;
    }
    product.checked_mul(orders(&step.kinds).len() as u64)
}

/// `C(n, k)`, or `None` past `u64`.
fn binomial(n: u64, k: u64) -> Option<u64> {
    if k > n {
        return Some(0);
    }
    let mut r: u128 = 1;
    for i in 0..k {
        r = r * (n - i) as u128 / (i + 1) as u128;
        if r > u64::MAX as u128 {
            return None;
        }
    }
    Some(r as u64)
}

/// The distinct orders of `kinds`, in the order permutations of their
/// positions are generated (lexicographic over positions), duplicates dropped.
pub(crate) fn orders(kinds: &[Kind]) -> Vec<Vec<Kind>> {
    let mut out: Vec<Vec<Kind>> = Vec::new();
    let mut idx: Vec<usize> = (0..kinds.len()).collect();
    loop {
        let order: Vec<Kind> = idx.iter().map(|&i| kinds[i]).collect();
        if !out.contains(&order) {
            out.push(order);
        }
        // Next permutation of `idx`, lexicographically.
        let Some(i) = (1..idx.len()).rev().find(|&i| idx[i - 1] < idx[i]) else {
            return out;
        };
        let j = (i..idx.len())
            .rev()
            .find(|&j| idx[j] > idx[i - 1])
            .expect("a larger element");
        idx.swap(i - 1, j);
        idx[i..].reverse();
    }
}

/// The indices of the set bits of `mask`, in order.
fn bits(mask: u128) -> Vec<usize> {
    (0..128).filter(|&i| mask & 1u128 << i != 0).collect()
}

/// Where choice `digit` of `step` puts its pieces.
pub(crate) fn place(step: &ShuffleStep, free: u128, digit: u64) -> Vec<(usize, Kind)> {
    if step.zones.len() == 1 {
        // The `digit`-th combination of k cells, in lexicographic order; the
        // pieces take its cells in the order they are listed.
        let cells = bits(free & step.zones[0]);
        let k = step.kinds.len();
        let mut chosen = Vec::with_capacity(k);
        let mut rest = digit;
        let mut start = 0;
        for slot in 0..k {
            let left = (k - slot - 1) as u64;
            for c in start..cells.len() {
                let with = binomial((cells.len() - c - 1) as u64, left).unwrap_or(u64::MAX);
                if rest < with {
                    chosen.push(cells[c]);
                    start = c + 1;
                    break;
                }
                rest -= with;
            }
        }
        return chosen.into_iter().zip(step.kinds.iter().copied()).collect();
    }
    let counts: Vec<u64> = step
        .zones
        .iter()
        .map(|&z| (free & z).count_ones() as u64)
        .collect();
    let cells_radix: u64 = counts.iter().product::<u64>().max(1);
    let orders = orders(&step.kinds);
    let order = &orders[((digit / cells_radix) as usize).min(orders.len() - 1)];
    let mut rest = digit % cells_radix;
    let mut out = Vec::new();
    for (i, &z) in step.zones.iter().enumerate() {
        let n = counts[i].max(1);
        let at = bits(free & z)[(rest % n) as usize];
        rest /= n;
        out.push((at, order[i]));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn combinations_come_in_lexicographic_order() {
        let step = ShuffleStep {
            kinds: vec![1, 1],
            zones: vec![0b11111],
            radix: 10,
        };
        let all: Vec<Vec<usize>> = (0..10)
            .map(|d| place(&step, 0b11111, d).iter().map(|p| p.0).collect())
            .collect();
        assert_eq!(all[0], vec![0, 1]);
        assert_eq!(all[4], vec![1, 2]);
        assert_eq!(all[9], vec![3, 4]);
    }

    #[test]
    fn orders_drop_duplicates() {
        assert_eq!(orders(&[1, 1]).len(), 1);
        assert_eq!(orders(&[1, 2]), vec![vec![1, 2], vec![2, 1]]);
        assert_eq!(orders(&[1, 2, 1]).len(), 3);
    }
}
