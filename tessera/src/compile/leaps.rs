//! Leap tables: every symmetric image of a leap's offsets, from every cell, and
//! the reverse tables the attack test walks.

use super::board::Board;
use super::symmetry::Symmetry;
use super::work::{Work, PER_LEAP_TARGET};
use crate::diag::{Diagnostic, Diagnostics, Span};
use crate::game::{Cell, Csr};
use crate::syntax::ast::Images;
use indexmap::IndexMap;

/// Leap tables, one per distinct offset list, shared by all pieces.
#[derive(Default)]
pub struct Leaps {
    /// The table of each offset list, by whether it stands for its symmetric
    /// images or only for itself.
    pub index: IndexMap<(Vec<Vec<i64>>, Images), usize>,
    pub tables: Vec<Csr>,
    pub rev: Vec<Csr>,
    /// Per table, the most targets of one cell.
    pub widest: Vec<usize>,
    /// The board's symmetry, found on the first `leap around`.
    symmetry: Option<Result<Symmetry, String>>,
}

impl Leaps {
    /// The leap tables for `offsets`, White's and Black's: with `Symmetric`,
    /// one table of every symmetric image of each offset; with `Board`, of
    /// every image under the board's symmetries; with `Listed`, the offsets
    /// alone for White and their mirror images for Black.
    pub fn tables(
        &mut self,
        board: &Board,
        offsets: &[Vec<i64>],
        images: Images,
        span: Span,
        work: &Work,
        errors: &mut Diagnostics,
    ) -> Option<[usize; 2]> {
        let dims = board.axes.len();
        for o in offsets {
            if o.len() != dims {
                errors.push(Diagnostic::new(
                    span,
                    format!(
                        "leap offset has {} components; the grid has {dims} axes",
                        o.len()
                    ),
                ));
                return None;
            }
            if o.iter().all(|&x| x == 0) {
                errors.push(Diagnostic::new(span, "a leap of (0, ..., 0) goes nowhere"));
                return None;
            }
            let count = match images {
                Images::Symmetric => image_count(o),
                Images::Listed | Images::Board => 1,
            };
            if count > MAX_LEAP_IMAGES {
                errors.push(Diagnostic::new(
                    span,
                    crate::limits::exceeded(
                        "the leap offset",
                        count,
                        "symmetric images",
                        MAX_LEAP_IMAGES,
                    ),
                ));
                return None;
            }
        }
        if images == Images::Listed {
            let white = self.table_of(board, offsets.to_vec(), images, span, work, errors)?;
            let mirrored: Vec<Vec<i64>> = offsets.iter().map(|o| board.mirror_vector(o)).collect();
            let black = self.table_of(board, mirrored, images, span, work, errors)?;
            return Some([white, black]);
        }
        let n = self.table_of(board, offsets.to_vec(), images, span, work, errors)?;
        Some([n, n])
    }

    fn table_of(
        &mut self,
        board: &Board,
        offsets: Vec<Vec<i64>>,
        images: Images,
        span: Span,
        work: &Work,
        errors: &mut Diagnostics,
    ) -> Option<usize> {
        let key = (offsets, images);
        if let Some(&i) = self.index.get(&key) {
            return Some(i);
        }
        let offsets = &key.0;
        // Sets, not lists: the work stays linear in the number of offsets.
        let mut jumps: indexmap::IndexSet<Vec<i64>> = indexmap::IndexSet::new();
        for o in offsets {
            match images {
                Images::Symmetric => jumps.extend(symmetric_images(o)),
                Images::Listed => {
                    jumps.insert(o.clone());
                }
                Images::Board => {
                    let dims = board.axes.len();
                    let symmetry = self
                        .symmetry
                        .get_or_insert_with(|| Symmetry::of(&board.vectors, dims));
                    if o.iter()
                        .any(|x| x.unsigned_abs() > super::symmetry::MAX_COMPONENT.unsigned_abs())
                    {
                        let most = super::symmetry::MAX_COMPONENT;
                        errors.push(Diagnostic::new(
                            span,
                            format!("`leap around` takes offsets of components up to {most}"),
                        ));
                        return None;
                    }
                    match symmetry {
                        Ok(s) => jumps.extend(s.images(o)),
                        Err(why) => {
                            errors.push(Diagnostic::new(span, why.clone()));
                            return None;
                        }
                    }
                }
            }
            if jumps.len() as u128 > MAX_LEAP_IMAGES {
                let message = crate::limits::exceeded(
                    "the leap",
                    jumps.len() as u128,
                    "or more symmetric images of its offsets",
                    MAX_LEAP_IMAGES,
                );
                errors.push(Diagnostic::new(span, message));
                return None;
            }
        }
        let n = board.cells.len();
        // Each distinct offset list is a table of its own: a file of many
        // leaps pays for every table, from every cell.
        let targets = (n as u64).saturating_mul(jumps.len() as u64);
        if !work.charge(targets.saturating_mul(PER_LEAP_TARGET), span, errors) {
            return None;
        }
        let mut lists = vec![Vec::new(); n];
        // The last origin that listed each target, to list it once per origin.
        let mut listed_from = vec![Cell::MAX; n];
        for c in 0..n as Cell {
            for img in &jumps {
                for t in board.targets(c, img) {
                    if listed_from[t as usize] != c {
                        listed_from[t as usize] = c;
                        lists[c as usize].push(t);
                    }
                }
            }
        }
        let i = self.add(&lists);
        self.index.insert(key, i);
        Some(i)
    }

    /// Adds a table of targets per cell, with its reverse; returns its index.
    pub fn add(&mut self, lists: &[Vec<Cell>]) -> usize {
        let mut rev = vec![Vec::new(); lists.len()];
        for (c, targets) in lists.iter().enumerate() {
            for &t in targets {
                rev[t as usize].push(c as Cell);
            }
        }
        self.widest
            .push(lists.iter().map(Vec::len).max().unwrap_or(0));
        self.tables.push(Csr::from_lists(lists));
        self.rev.push(Csr::from_lists(&rev));
        self.tables.len() - 1
    }
}

/// The most images one leap offset may have.
pub use crate::limits::MAX_LEAP_IMAGES;

/// How many distinct images `v` has: distinct orders of its magnitudes times the
/// signs of its non-zero components.
fn image_count(v: &[i64]) -> u128 {
    let mut mags: Vec<u64> = v.iter().map(|x| x.unsigned_abs()).collect();
    mags.sort_unstable();
    let mut count: u128 = 1;
    let mut run = 0u128;
    for (i, m) in mags.iter().enumerate() {
        run = if i > 0 && mags[i - 1] == *m {
            run + 1
        } else {
            1
        };
        // Multinomial: n! / (k1! k2! ...), built one factor at a time.
        count = count.saturating_mul(i as u128 + 1) / run;
    }
    let nonzero = mags.iter().filter(|m| **m != 0).count() as u32;
    count.saturating_mul(1u128.checked_shl(nonzero).unwrap_or(u128::MAX))
}

/// Every distinct permutation of the components with every choice of signs.
fn symmetric_images(v: &[i64]) -> Vec<Vec<i64>> {
    let mut mags: Vec<i64> = v.iter().map(|x| x.saturating_abs()).collect();
    mags.sort_unstable();
    let mut out: Vec<Vec<i64>> = Vec::new();
    loop {
        let nonzero: Vec<usize> = (0..mags.len()).filter(|&i| mags[i] != 0).collect();
        for mask in 0..(1u64 << nonzero.len()) {
            let mut img = mags.clone();
            for (bit, &i) in nonzero.iter().enumerate() {
                if mask & (1 << bit) != 0 {
                    img[i] = -img[i];
                }
            }
            out.push(img);
        }
        if !next_permutation(&mut mags) {
            return out;
        }
    }
}

/// Steps `v` to the next lexicographic permutation; false after the last.
fn next_permutation(v: &mut [i64]) -> bool {
    let Some(i) = (1..v.len()).rev().find(|&i| v[i - 1] < v[i]) else {
        return false;
    };
    let j = (i..v.len())
        .rev()
        .find(|&j| v[j] > v[i - 1])
        .expect("v[i] qualifies");
    v.swap(i - 1, j);
    v[i..].reverse();
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn knight_has_eight_images() {
        assert_eq!(symmetric_images(&[1, 2]).len(), 8);
        assert_eq!(symmetric_images(&[1, 2, 0]).len(), 24);
        assert_eq!(symmetric_images(&[1, 1]).len(), 4);
        assert_eq!(image_count(&[1, 2, 0]), 24);
        assert_eq!(image_count(&[1, 1]), 4);
        assert_eq!(image_count(&[2, 2, 0, 0]), 24);
        assert_eq!(symmetric_images(&[2, 2, 0, 0]).len(), 24);
    }
}
