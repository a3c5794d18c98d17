//! Perft: counting the leaves of the legal move tree.

use super::movegen::legal_moves;
use super::moves::Move;
use super::position::Position;

/// The number of leaves of the legal move tree `depth` plies deep. The last ply is
/// counted from the move list, not made (bulk counting).
pub fn perft(pos: &mut Position<'_>, depth: u32) -> u64 {
    let mut buffers: Vec<Vec<Move>> = (0..depth).map(|_| Vec::with_capacity(128)).collect();
    count(pos, depth, &mut buffers)
}

/// Perft below each legal root move, in move order.
pub fn divide(pos: &mut Position<'_>, depth: u32) -> Vec<(Move, u64)> {
    let mut roots = Vec::new();
    legal_moves(pos, &mut roots);
    let mut buffers: Vec<Vec<Move>> = (0..depth).map(|_| Vec::with_capacity(128)).collect();
    roots
        .into_iter()
        .map(|mv| {
            let undo = pos.make(mv);
            let n = count(pos, depth.saturating_sub(1), &mut buffers);
            pos.unmake(undo);
            (mv, n)
        })
        .collect()
}

fn count(pos: &mut Position<'_>, depth: u32, buffers: &mut [Vec<Move>]) -> u64 {
    if depth == 0 {
        return 1;
    }
    let (moves, rest) = buffers.split_first_mut().expect("one buffer per ply");
    legal_moves(pos, moves);
    if depth == 1 {
        return moves.len() as u64;
    }
    let mut total = 0;
    for &mv in moves.iter() {
        let undo = pos.make(mv);
        total += count(pos, depth - 1, rest);
        pos.unmake(undo);
    }
    total
}
