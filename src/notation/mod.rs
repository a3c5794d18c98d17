//! Positions and moves as text: FEN for single rectangular boards, a general
//! position notation for every board, and UCI-style moves.

pub mod fen;
pub mod position;
pub mod uci;

use crate::engine::movegen::piece_moves;
use crate::engine::moves::MoveKind;
use crate::engine::position::EnPassant;
use crate::engine::Position;
use crate::game::kind_of;

/// Finds the piece that just passed `name`: one of the side not to move whose
/// en-passant-setting movement, from some empty cell, passes there and ends on it.
pub(crate) fn en_passant_for(pos: &Position<'_>, name: &str) -> Option<EnPassant> {
    let game = pos.game();
    let target = game.cell(name)?;
    if pos.at(target) != 0 {
        return None;
    }
    let mover = pos.side_to_move().opposite();
    for victim in pos.occupied(mover).iter() {
        let kind = kind_of(pos.at(victim));
        if !game.pieces[kind as usize]
            .movements
            .iter()
            .any(|m| m.sets_en_passant)
        {
            continue;
        }
        let mut probe = pos.clone();
        let piece = probe.take(victim);
        probe.set_side_to_move(mover);
        for origin in 0..game.cell_count() as u16 {
            if probe.at(origin) != 0 {
                continue;
            }
            probe.put(origin, piece);
            probe.set_unmoved(origin, true);
            let mut moves = Vec::new();
            piece_moves(&probe, origin, &mut moves);
            probe.set_unmoved(origin, false);
            probe.take(origin);
            let hit = moves.iter().find(|m| {
                m.kind == MoveKind::SetsEnPassant
                    && m.to == victim
                    && (m.aux == target || m.aux2 == target)
            });
            if let Some(m) = hit {
                return Some(EnPassant {
                    targets: [m.aux, m.aux2],
                    victim,
                });
            }
        }
    }
    None
}
