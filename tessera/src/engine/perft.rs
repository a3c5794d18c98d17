//! Perft: counting the leaves of the legal move tree.

use super::legal::{count_legal_moves, generate_legal, legal_moves};
use super::moves::{Move, RawMove};
use super::position::{Position, Undo};

/// The number of leaves of the legal move tree `depth` plies deep. The last ply is
/// counted from the move list, not made (bulk counting).
///
/// Any depth is safe, and its cost in memory bounded: the depth is a `u16`
/// (at most 65,535 plies, far past any tree that finishes), the last
/// [`RECURSION_DEPTH`] plies recurse with one move list each, and the plies
/// above them are walked with an explicit stack of one undo each (their move
/// lists are generated again on the way back), so the memory is about 100
/// bytes per ply plus 64 move lists, whatever the game's branching, and the
/// depth a user asks for never reaches the thread's stack. Time is another
/// matter: [`perft_until`] stops when told.
pub fn perft(pos: &mut Position<'_>, depth: u16) -> u64 {
    count_any(pos, u32::from(depth), &mut Buffers::default())
}

/// The deepest perft counted by recursion; deeper plies use an explicit stack.
pub const RECURSION_DEPTH: u32 = 64;

/// [`perft`] that gives up when `stop` is set, for a caller that must answer
/// within a time or stop when its client leaves: `None` once it has seen the
/// flag. The flag is read at the nodes two or more plies above the leaves
/// only, so a stop is seen within a few thousand nodes in ordinary games,
/// and [`perft`] itself reads nothing and runs as fast as before.
pub fn perft_until(
    pos: &mut Position<'_>,
    depth: u16,
    stop: &std::sync::atomic::AtomicBool,
) -> Option<u64> {
    let mut buffers = Buffers::default();
    walk(
        pos,
        u32::from(depth),
        &mut buffers,
        &mut |pos, left, buffers| count_until(pos, left, buffers, 0, stop),
    )
}

/// Perft below each legal root move, in move order; none at depth 0, where the
/// root itself is the only leaf. Bounded as [`perft`] is.
pub fn divide(pos: &Position<'_>, depth: u16) -> Vec<(Move, u64)> {
    divide_parallel(pos, depth, 1, &|_, _, _| {})
}

/// Perft below each legal root move, the root moves shared out among `threads`
/// threads; `on_root` hears of each finished root move (how many are done, of
/// how many, and the nodes counted so far), for a progress report.
pub fn divide_parallel(
    pos: &Position<'_>,
    depth: u16,
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
            let undo = local.make_raw(mv.raw);
            let n = count_any(&mut local, u32::from(depth) - 1, &mut buffers);
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
struct Buffers(Vec<Vec<RawMove>>);

/// [`count`] from the root, for any depth.
fn count_any(pos: &mut Position<'_>, depth: u32, buffers: &mut Buffers) -> u64 {
    walk(pos, depth, buffers, &mut |pos, left, buffers| {
        Some(count(pos, left, buffers, 0))
    })
    .unwrap_or(0)
}

/// The leaves `depth` plies below `pos`, counting the subtrees of at most
/// [`RECURSION_DEPTH`] plies with `subtree` (by recursion) and walking the
/// plies above them with an explicit stack; `None` as soon as `subtree`
/// gives up.
fn walk(
    pos: &mut Position<'_>,
    depth: u32,
    buffers: &mut Buffers,
    subtree: &mut impl FnMut(&mut Position<'_>, u32, &mut Buffers) -> Option<u64>,
) -> Option<u64> {
    if depth <= RECURSION_DEPTH {
        return subtree(pos, depth, buffers);
    }
    // Each frame: the index of the move made from a ply, and its undo. A
    // ply's moves are generated again each time the walk stands on it, so
    // that the stack holds no move list: its memory is the depth times an
    // undo, whatever the branching; the cost, one generation per subtree of
    // `RECURSION_DEPTH` plies, is nothing beside the subtree.
    let mut stack: Vec<(usize, Undo)> = Vec::new();
    let mut moves = Vec::new();
    let mut next = 0;
    let mut total = 0;
    loop {
        generate_legal(pos, &mut moves);
        let Some(&mv) = moves.get(next) else {
            // The ply is done: back to the one above, and its next move.
            let Some((i, undo)) = stack.pop() else {
                return Some(total);
            };
            pos.unmake(undo);
            next = i + 1;
            continue;
        };
        stack.push((next, pos.make_raw(mv)));
        // The plies left below the move just made.
        let left = depth - stack.len() as u32;
        if left > RECURSION_DEPTH {
            next = 0;
            continue;
        }
        let below = subtree(pos, left, buffers);
        if let Some((i, undo)) = stack.pop() {
            pos.unmake(undo);
            next = i + 1;
        }
        match below {
            Some(n) => total += n,
            None => {
                // Leave the position as it was given.
                while let Some((_, undo)) = stack.pop() {
                    pos.unmake(undo);
                }
                return None;
            }
        }
    }
}

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
        generate_legal(pos, &mut moves);
        let mut total = 0;
        for &mv in &moves {
            let undo = pos.make_raw(mv);
            total += count(pos, depth - 1, buffers, ply + 1);
            pos.unmake(undo);
        }
        total
    };
    buffers.0[ply] = moves;
    total
}

/// [`count`] that gives up, leaving `pos` and `buffers` as they were, when it
/// finds `stop` set at a node two or more plies above the leaves.
fn count_until(
    pos: &mut Position<'_>,
    depth: u32,
    buffers: &mut Buffers,
    ply: usize,
    stop: &std::sync::atomic::AtomicBool,
) -> Option<u64> {
    if depth <= 1 {
        return Some(count(pos, depth, buffers, ply));
    }
    if stop.load(std::sync::atomic::Ordering::Relaxed) {
        return None;
    }
    if buffers.0.len() == ply {
        buffers.0.push(Vec::with_capacity(128));
    }
    let mut moves = std::mem::take(&mut buffers.0[ply]);
    generate_legal(pos, &mut moves);
    let mut total = Some(0);
    for &mv in &moves {
        let undo = pos.make_raw(mv);
        let below = count_until(pos, depth - 1, buffers, ply + 1, stop);
        pos.unmake(undo);
        match below {
            Some(n) => total = total.map(|t| t + n),
            None => {
                total = None;
                break;
            }
        }
    }
    buffers.0[ply] = moves;
    total
}
