//! The work budget of one compile: the passes whose cost grows with a product
//! (movements times cells, boxes times cells, Betza paths times legs) count
//! their work against one budget, [`MAX_COMPILE_WORK`], so that no rule file
//! within the size limit can make a compile take longer than about a second
//! or take more memory than that work could write.
//!
//! Work is counted in units, not measured in time, so that a file is accepted
//! or refused the same way on every machine and every run. A unit is about
//! the cost of visiting one cell of a table (a few nanoseconds); work that
//! costs more per item (a leap target found by coordinates, a run of the move
//! table) is charged several units per item, by the weights below.

use crate::diag::{Diagnostic, Diagnostics, Span};
use crate::limits::{thousands, MAX_COMPILE_WORK};
use std::cell::Cell;

/// Units per target of a leap table: each is found by adding the offset to
/// the cell's coordinates and looking the sum up.
pub const PER_LEAP_TARGET: u64 = 16;

/// Units per coordinate of a box looked up, or per cell tested against it.
pub const PER_BOX_CELL: u64 = 8;

/// Units per edge of a link: it is reflected for Black, stored, and looked
/// up from its cell for each side.
pub const PER_LINK_EDGE: u64 = 32;

/// Units per run of the move table (one movement of one kind on one cell for
/// one side), besides its cells: the run is built, and its cells interned.
pub const PER_RUN: u64 = 16;

/// Units per leg of a path of a Betza move: the leg is built, hashed and
/// grouped with its movement.
pub const PER_BETZA_LEG: u64 = 16;

/// Units per cell probed for a drop (see `dead_cells`), per movement of the
/// kind: the moves of a piece on that cell are generated twice.
pub const PER_DROP_PROBE: u64 = 16;

/// The work done so far, shared by the passes of one compile.
#[derive(Default)]
pub struct Work {
    spent: Cell<u64>,
    refused: Cell<bool>,
}

impl Work {
    /// Counts `units` of work for the construct at `span`; false once the
    /// budget is spent. The first construct past it is reported, once, so the
    /// compile fails there; the others are not, and the caller skips them.
    pub fn charge(&self, units: u64, span: Span, errors: &mut Diagnostics) -> bool {
        let spent = self.spent.get().saturating_add(units);
        self.spent.set(spent);
        if spent <= MAX_COMPILE_WORK {
            return true;
        }
        if !self.refused.replace(true) {
            errors.push(Diagnostic::new(
                span,
                format!(
                    "compiling this rule file takes more work than the limit, {} units \
                     (cells visited, table entries and paths built); this is where it went past",
                    thousands(u128::from(MAX_COMPILE_WORK))
                ),
            ));
        }
        false
    }

    /// The units left, for a loop that counts its own work and charges it
    /// when done.
    pub fn left(&self) -> u64 {
        MAX_COMPILE_WORK.saturating_sub(self.spent.get())
    }

    /// Whether the budget is spent: a pass skips costly work then, since the
    /// compile already fails.
    pub fn is_spent(&self) -> bool {
        self.refused.get()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_charge_past_the_budget_is_reported_once() {
        let work = Work::default();
        let mut errors = Diagnostics::default();
        assert!(work.charge(MAX_COMPILE_WORK, Span::new(0, 1), &mut errors));
        assert_eq!(work.left(), 0);
        assert!(!work.is_spent());
        assert!(!work.charge(1, Span::new(5, 6), &mut errors));
        assert!(!work.charge(u64::MAX, Span::new(9, 10), &mut errors));
        assert!(work.is_spent());
        let errors = errors.into_errors();
        assert_eq!(errors.0.len(), 1);
        assert_eq!(errors.0[0].span, Span::new(5, 6));
        assert!(errors.0[0].message.contains("100,000,000"), "{errors}");
    }
}
