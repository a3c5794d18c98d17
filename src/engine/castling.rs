//! Castling: a royal piece and an unmoved partner on one line move together.

use super::attack::is_attacked;
use super::moves::{Move, MoveKind};
use super::position::Position;
use crate::game::code;

/// Appends the castling moves of the side to move.
pub fn castling_moves(pos: &Position<'_>, out: &mut Vec<Move>) {
    let game = pos.game();
    let side = pos.side_to_move();
    for c in &game.castlings {
        let king = code(c.king, side);
        let rook = code(c.rook, side);
        // A royal king is found among the royal pieces, which are few.
        let candidates = if game.pieces[c.king as usize].royal {
            pos.royals(side)
        } else {
            pos.occupied(side)
        };
        for kc in candidates.iter() {
            if pos.at(kc) != king || !pos.is_unmoved(kc) {
                continue;
            }
            // Whether the king stands in check, asked only once a partner is found.
            let mut in_check: Option<bool> = None;
            for &d in &c.dirs {
                // The line from the king to the first piece in direction `d`.
                let mut line = vec![kc];
                let mut at = kc;
                let partner = loop {
                    match game.step(side, d, at).first() {
                        Some(&t) if line.len() <= game.cell_count() => {
                            if pos.at(t) != 0 {
                                break Some(t);
                            }
                            line.push(t);
                            at = t;
                        }
                        _ => break None,
                    }
                };
                let Some(rc) = partner else { continue };
                if pos.at(rc) != rook || !pos.is_unmoved(rc) {
                    continue;
                }
                if *in_check.get_or_insert_with(|| is_attacked(pos, kc, side.opposite())) {
                    break;
                }
                // Steps from the king to its partner.
                let distance = line.len() as u32;
                let kmax = if c.king_open {
                    distance - 1
                } else {
                    c.king_min
                };
                // The king may pass no attacked cell: once one is, no longer
                // castling in this direction is possible either.
                for k in 1..=kmax.min(distance - 1) {
                    if is_attacked(pos, line[k as usize], side.opposite()) {
                        break;
                    }
                    if k < c.king_min {
                        continue;
                    }
                    let rook_spots = if c.rook_behind { 0..k } else { k - 1..k };
                    for j in rook_spots {
                        out.push(Move {
                            kind: MoveKind::Castle,
                            aux: rc,
                            aux2: line[j as usize],
                            ..Move::normal(kc, line[k as usize])
                        });
                    }
                }
            }
        }
    }
}
