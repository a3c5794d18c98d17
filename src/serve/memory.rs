//! What compiling a game leaves allocated, so that the compile cache can be
//! bounded in bytes. A game's size does not follow from its text: 300 bytes
//! declaring one line of 4,096 cells compile to 35 MB of move tables. So the
//! binary counts instead: [`Counting`], installed as its global allocator by
//! `main.rs`, keeps each thread's bytes in use, and [`measured`] reads the
//! difference around a piece of work.

#![allow(unsafe_code)]

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

thread_local! {
    /// The bytes this thread has allocated and not freed (those it freed of
    /// other threads' allocations count against it).
    static IN_USE: Cell<isize> = const { Cell::new(0) };
}

/// The system allocator, counting each thread's bytes in use: one add to a
/// thread-local integer per allocation, nothing else.
pub struct Counting;

fn count(bytes: isize) {
    // After a thread's locals are gone (while it exits) nothing is counted.
    let _ = IN_USE.try_with(|n| n.set(n.get().wrapping_add(bytes)));
}

// SAFETY: every method forwards to the system allocator with the same
// arguments and returns what it returns; counting allocates nothing.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count(layout.size() as isize);
        // SAFETY: the caller's contract is `System.alloc`'s.
        unsafe { System.alloc(layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        count(layout.size() as isize);
        // SAFETY: as `alloc`.
        unsafe { System.alloc_zeroed(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        count(-(layout.size() as isize));
        // SAFETY: `ptr` came from `System` with `layout`, as the caller promises.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count(new_size as isize - layout.size() as isize);
        // SAFETY: as `dealloc`, and `new_size` is the caller's to choose.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

/// `work`'s result, and the bytes it left allocated on this thread: what
/// the result holds, when `work` frees all else. 0 when [`Counting`] is not
/// the global allocator.
pub fn measured<T>(work: impl FnOnce() -> T) -> (T, usize) {
    let before = IN_USE.with(Cell::get);
    let result = work();
    let after = IN_USE.with(Cell::get);
    (result, after.saturating_sub(before).max(0) as usize)
}
