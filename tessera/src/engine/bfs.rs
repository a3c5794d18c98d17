//! Breadth-first search over cells: the one search behind `path` movements and
//! their backward attack test, and the cell sets that leg-by-leg generation
//! steps through.
//!
//! The buffers come from a per-thread pool and go back to it, so a search
//! allocates nothing once warm, and a search nested inside another (a path leg
//! followed by another path leg) simply takes a second set.

use std::cell::RefCell;

use crate::game::{cells_in, Game, Side};

/// How many branches a depth-first walk along branching steps may take before
/// it gives up for a breadth-first [`Search`]: following every path of branches
/// is cheapest where they are few (the shared cells of The Central Squares),
/// and exponential along a chain of cells that each branch in two. A straight
/// stretch costs nothing, so a long line is still walked cell by cell.
pub const DEPTH_FIRST_BUDGET: u32 = 256;

/// What a search does with a cell it reaches.
pub enum Visit {
    /// Go on through the cell.
    Pass,
    /// Stop at the cell.
    Block,
    /// End the search: what was looked for is found.
    Found,
}

thread_local! {
    static SETS: RefCell<Vec<Vec<u64>>> = const { RefCell::new(Vec::new()) };
}

/// An empty cell set of `words` words from the pool; give it back with
/// [`give_set`].
pub fn take_set(words: usize) -> Vec<u64> {
    let mut set = SETS.with(|p| p.borrow_mut().pop()).unwrap_or_default();
    set.clear();
    set.resize(words, 0);
    set
}

/// Returns a set taken with [`take_set`] to the pool.
pub fn give_set(set: Vec<u64>) {
    SETS.with(|p| p.borrow_mut().push(set));
}

/// Runs `f` on `n` empty cell sets of `words` words each, laid end to end:
/// on the stack when they are small, else from the pool.
pub fn with_sets<R>(words: usize, n: usize, f: impl FnOnce(&mut [u64]) -> R) -> R {
    const STACK_WORDS: usize = 16;
    if words * n <= STACK_WORDS {
        let mut buf = [0u64; STACK_WORDS];
        f(&mut buf[..words * n])
    } else {
        let mut buf = take_set(words * n);
        let r = f(&mut buf);
        give_set(buf);
        r
    }
}

/// A breadth-first search over single steps in `dirs`, as `side` sees them,
/// forward or `backward`.
///
/// Each ring of the search is one bit set: the next is the union of the step
/// masks of the cells passed through (the step lists where the game has no
/// masks), less the cells seen.
pub struct Search<'a> {
    pub game: &'a Game,
    pub side: Side,
    pub backward: bool,
    pub dirs: &'a [u8],
    /// The two sides' pieces: when given, only occupied cells are visited and
    /// the search passes through the empty ones unasked.
    pub occupied: Option<[&'a [u64]; 2]>,
}

impl<'a> Search<'a> {
    /// A search among the pieces of `pos`: it visits the occupied cells and
    /// passes through the empty ones.
    pub fn among_pieces(
        pos: &'a super::position::Position<'_>,
        side: Side,
        backward: bool,
        dirs: &'a [u8],
    ) -> Search<'a> {
        Search {
            game: pos.game(),
            side,
            backward,
            dirs,
            occupied: Some([Side::White, Side::Black].map(|s| pos.occupied(s).words())),
        }
    }
}

impl Search<'_> {
    /// Visits every cell within `max` steps of `start` (not `start` itself),
    /// each once, nearest first; `visit` hears each cell and its distance and
    /// says whether to pass through it. Returns whether some visit said
    /// `Found`.
    #[inline]
    pub fn run(&self, start: u16, max: u32, mut visit: impl FnMut(u16, u32) -> Visit) -> bool {
        let words = crate::game::words_for(self.game.cell_count());
        if words == 1 {
            if let Some(masks) = self.game.step_masks(self.dirs, self.side, self.backward) {
                return self.one_word(masks, start, max, &mut visit);
            }
        }
        with_sets(words, 3, |sets| {
            let (seen, rest) = sets.split_at_mut(words);
            let (frontier, ring) = rest.split_at_mut(words);
            self.rings(start, max, (seen, frontier, ring), visit)
        })
    }

    /// The search of [`search`] in the sets it is given, all empty.
    fn rings(
        &self,
        start: u16,
        max: u32,
        (seen, frontier, ring): (&mut [u64], &mut [u64], &mut [u64]),
        mut visit: impl FnMut(u16, u32) -> Visit,
    ) -> bool {
        let words = seen.len();
        let masks = self.game.step_masks(self.dirs, self.side, self.backward);
        mark(seen, start);
        mark(frontier, start);
        for dist in 1..=max {
            ring.fill(0);
            for c in cells_in(frontier) {
                self.expand(masks, c, ring);
            }
            let mut any = false;
            for w in 0..words {
                ring[w] &= !seen[w];
                seen[w] |= ring[w];
                any |= ring[w] != 0;
                frontier[w] = match self.occupied {
                    // The empty cells pass; only the occupied ones are visited.
                    Some([a, b]) => {
                        let empty = ring[w] & !(a[w] | b[w]);
                        ring[w] ^= empty;
                        empty
                    }
                    None => 0,
                };
            }
            if !any {
                break;
            }
            for t in cells_in(ring) {
                match visit(t, dist) {
                    Visit::Pass => {
                        mark(frontier, t);
                    }
                    Visit::Block => {}
                    Visit::Found => return true,
                }
            }
        }
        false
    }

    /// [`Search::rings`] on a board of at most 64 cells with step masks:
    /// each set is one word.
    fn one_word(
        &self,
        masks: &[u64],
        start: u16,
        max: u32,
        visit: &mut impl FnMut(u16, u32) -> Visit,
    ) -> bool {
        let occupied = self.occupied.map_or(u64::MAX, |[a, b]| a[0] | b[0]);
        let mut seen = 1u64 << start;
        let mut frontier = seen;
        for dist in 1..=max {
            let mut ring = 0;
            let mut f = frontier;
            while f != 0 {
                ring |= masks[f.trailing_zeros() as usize];
                f &= f - 1;
            }
            ring &= !seen;
            if ring == 0 {
                break;
            }
            seen |= ring;
            // Without `occupied`, every cell is visited.
            frontier = ring & !occupied;
            let mut asked = ring & occupied;
            while asked != 0 {
                let t = asked.trailing_zeros() as u16;
                asked &= asked - 1;
                match visit(t, dist) {
                    Visit::Pass => frontier |= 1 << t,
                    Visit::Block => {}
                    Visit::Found => return true,
                }
            }
        }
        false
    }

    /// Adds the cells one step from `c` to `ring`.
    #[inline]
    fn expand(&self, masks: Option<&[u64]>, c: u16, ring: &mut [u64]) {
        let words = ring.len();
        match masks {
            Some(m) => {
                for (r, m) in ring.iter_mut().zip(&m[c as usize * words..][..words]) {
                    *r |= m;
                }
            }
            None => {
                for &d in self.dirs {
                    let steps = if self.backward {
                        self.game.rev_step(self.side, d, c)
                    } else {
                        self.game.step(self.side, d, c)
                    };
                    for &t in steps {
                        mark(ring, t);
                    }
                }
            }
        }
    }
}

/// Adds `c` to the set; false when it was there already.
#[inline]
pub fn mark(seen: &mut [u64], c: u16) -> bool {
    let (word, bit) = (c as usize / 64, 1u64 << (c % 64));
    let new = seen[word] & bit == 0;
    seen[word] |= bit;
    new
}
