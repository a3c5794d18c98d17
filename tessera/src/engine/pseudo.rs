//! A side's pseudo-legal moves, put together: every piece's moves, castling,
//! the moves out of pools, gating and walling, then what the phase allows.
//! Legal but for royal safety, which [`super::legal`] settles.

use super::castling::{castling_moves, Unattacked};
use super::movegen::{
    current_phase, gating_moves, phase_moves, piece_moves, pool_moves, walling_moves,
};
use super::moves::Move;
use super::position::Position;

/// Fills `out` with the pseudo-legal moves: legal but for royal safety.
pub fn pseudo_legal_moves(pos: &Position<'_>, out: &mut Vec<Move>) {
    pseudo_legal_moves_counting(pos, out, &mut Unattacked::default(), |_| None);
}

/// [`pseudo_legal_moves`], but `count` may settle a piece's moves by their
/// number: it hears each piece's cell and returns how many moves it counted,
/// or `None` to have them listed. Returns the moves counted. `known` is what
/// castling knows and learns of attacked cells.
pub(crate) fn pseudo_legal_moves_counting(
    pos: &Position<'_>,
    out: &mut Vec<Move>,
    known: &mut Unattacked,
    mut count: impl FnMut(u16) -> Option<u64>,
) -> u64 {
    let side = pos.side_to_move();
    let phase = current_phase(pos);
    let mut counted = 0;
    for from in pos.occupied(side).iter() {
        if phase.is_none_or(|p| phase_moves(pos, p, from)) {
            match count(from) {
                Some(n) => counted += n,
                None => piece_moves(pos, from, out),
            }
        }
    }
    castling_moves(pos, out, known);
    pool_moves(pos, out);
    let game = pos.game();
    if game.rules.gating.is_some() || game.rules.walling.is_some() {
        if let Some((pool, zone)) = game.rules.gating {
            gating_moves(pos, out, pool, zone);
        }
        if let Some(w) = game.rules.walling {
            walling_moves(pos, out, w);
        }
    }
    if let Some(p) = phase {
        out.retain(|mv| !mv.is_from_pool() && phase_moves(pos, p, mv.from));
    }
    counted
}
