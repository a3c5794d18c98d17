//! Perft: counting the leaves of the legal move tree.

use super::movegen::legal_moves;
use super::moves::Move;
use super::position::Position;

/// The number of leaves of the legal move tree `depth` plies deep. The last ply is
/// counted from the move list, not made (bulk counting).
pub fn perft(pos: &mut Position<'_>, depth: u32) -> u64 {
    count(pos, depth, &mut Buffers::default(), 0)
}

/// Perft below each legal root move, in move order; none at depth 0, where the
/// root itself is the only leaf.
pub fn divide(pos: &mut Position<'_>, depth: u32) -> Vec<(Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    let mut roots = Vec::new();
    legal_moves(pos, &mut roots);
    let mut buffers = Buffers::default();
    roots
        .into_iter()
        .map(|mv| {
            let undo = pos.make(mv);
            let n = count(pos, depth.saturating_sub(1), &mut buffers, 0);
            pos.unmake(undo);
            (mv, n)
        })
        .collect()
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
    legal_moves(pos, &mut moves);
    let total = if depth == 1 {
        moves.len() as u64
    } else {
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
