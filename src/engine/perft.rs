//! Perft: counting the leaves of the legal move tree.

use super::legal::{count_legal_moves, legal_moves};
use super::moves::Move;
use super::position::Position;

/// The number of leaves of the legal move tree `depth` plies deep. The last ply is
/// counted from the move list, not made (bulk counting).
pub fn perft(pos: &mut Position<'_>, depth: u32) -> u64 {
    count(pos, depth, &mut Buffers::default(), 0)
}

/// Perft below each legal root move, in move order; none at depth 0, where the
/// root itself is the only leaf.
pub fn divide(pos: &Position<'_>, depth: u32) -> Vec<(Move, u64)> {
    divide_parallel(pos, depth, 1, &|_, _, _| {})
}

/// Perft below each legal root move, the root moves shared out among `threads`
/// threads; `on_root` hears of each finished root move (how many are done, of
/// how many, and the nodes counted so far), for a progress report.
pub fn divide_parallel(
    pos: &Position<'_>,
    depth: u32,
    threads: usize,
    on_root: &(dyn Fn(usize, usize, u64) + Sync),
) -> Vec<(Move, u64)> {
    use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
    use std::sync::Mutex;
    if depth == 0 {
        return Vec::new();
    }
    let mut roots = Vec::new();
    legal_moves(&mut pos.clone(), &mut roots);
    let counts: Mutex<Vec<u64>> = Mutex::new(vec![0; roots.len()]);
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let nodes = AtomicU64::new(0);
    // Each worker takes the next root move until none is left.
    let work = || {
        let mut local = pos.clone();
        let mut buffers = Buffers::default();
        loop {
            let i = next.fetch_add(1, Ordering::Relaxed);
            let Some(&mv) = roots.get(i) else { break };
            let undo = local.make(mv);
            let n = count(&mut local, depth - 1, &mut buffers, 0);
            local.unmake(undo);
            counts.lock().unwrap_or_else(|e| e.into_inner())[i] = n;
            let total = nodes.fetch_add(n, Ordering::Relaxed) + n;
            on_root(done.fetch_add(1, Ordering::Relaxed) + 1, roots.len(), total);
        }
    };
    match threads.clamp(1, roots.len().max(1)) {
        1 => work(),
        n => std::thread::scope(|scope| {
            for _ in 0..n {
                scope.spawn(work);
            }
        }),
    }
    let counts = counts.into_inner().unwrap_or_else(|e| e.into_inner());
    roots.into_iter().zip(counts).collect()
}

/// One move list per ply, grown as the search goes deeper, so that a huge depth
/// in a game whose tree ends early allocates nothing it does not use.
#[derive(Default)]
struct Buffers(Vec<Vec<Move>>);

fn count(pos: &mut Position<'_>, depth: u32, buffers: &mut Buffers, ply: usize) -> u64 {
    if depth == 0 {
        return 1;
    }
    if buffers.0.len() == ply {
        buffers.0.push(Vec::with_capacity(128));
    }
    let mut moves = std::mem::take(&mut buffers.0[ply]);
    let total = if depth == 1 {
        count_legal_moves(pos, &mut moves)
    } else {
        legal_moves(pos, &mut moves);
        let mut total = 0;
        for &mv in &moves {
            let undo = pos.make(mv);
            total += count(pos, depth - 1, buffers, ply + 1);
            pos.unmake(undo);
        }
        total
    };
    buffers.0[ply] = moves;
    total
}
