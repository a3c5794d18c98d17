//! Breadth-first search over cells: the one search behind `path` movements and
//! their backward attack test.
//!
//! The buffers come from a per-thread pool and go back to it, so a search
//! allocates nothing once warm, and a search nested inside another (a path leg
//! followed by another path leg) simply takes a second set.

use std::cell::RefCell;

/// What a search does with a cell it reaches.
pub enum Visit {
    /// Go on through the cell.
    Pass,
    /// Stop at the cell.
    Block,
    /// End the search: what was looked for is found.
    Found,
}

#[derive(Default)]
struct Scratch {
    seen: Vec<u64>,
    frontier: Vec<u16>,
    next: Vec<u16>,
}

thread_local! {
    static POOL: RefCell<Vec<Scratch>> = const { RefCell::new(Vec::new()) };
}

/// Visits every cell within `max` steps of `start` (not `start` itself), each
/// once, nearest first, stepping in `dirs` through `neighbours`; `visit` hears
/// each cell and its distance and says whether to pass through it. Returns
/// whether some visit said `Found`.
pub fn search<'a>(
    cells: usize,
    start: u16,
    max: u32,
    dirs: &[u8],
    neighbours: impl Fn(u8, u16) -> &'a [u16],
    mut visit: impl FnMut(u16, u32) -> Visit,
) -> bool {
    let mut s = POOL.with(|p| p.borrow_mut().pop()).unwrap_or_default();
    s.seen.clear();
    s.seen.resize(cells / 64 + 1, 0);
    s.frontier.clear();
    s.frontier.push(start);
    mark(&mut s.seen, start);
    let mut found = false;
    'search: for dist in 1..=max {
        s.next.clear();
        for i in 0..s.frontier.len() {
            let c = s.frontier[i];
            for &d in dirs {
                for &t in neighbours(d, c) {
                    if !mark(&mut s.seen, t) {
                        continue;
                    }
                    match visit(t, dist) {
                        Visit::Pass => s.next.push(t),
                        Visit::Block => {}
                        Visit::Found => {
                            found = true;
                            break 'search;
                        }
                    }
                }
            }
        }
        if s.next.is_empty() {
            break;
        }
        std::mem::swap(&mut s.frontier, &mut s.next);
    }
    POOL.with(|p| p.borrow_mut().push(s));
    found
}

/// Marks `c` as seen; false when it was already.
#[inline]
fn mark(seen: &mut [u64], c: u16) -> bool {
    let (word, bit) = (c as usize / 64, 1u64 << (c % 64));
    let new = seen[word] & bit == 0;
    seen[word] |= bit;
    new
}
