//! Legality by the exposure table (`game::Exposure`), for the games whose
//! legality is decided by making moves (hops, lame legs, capture limits,
//! facing pieces): a move that leaves and enters no cell through which an
//! attack on the mover's royal pieces could come, made while they stand
//! unattacked and no pieces face, is legal as it is; a plain move that does
//! touch such cells is tested by moving the piece alone and asking only the
//! kinds whose approaches it touched; the rest are made and tested whole.

use crate::engine::attack::{in_check, is_attacked_by};
use crate::engine::moves::{Move, MoveKind};
use crate::engine::position::Position;
use crate::game::{cells_of, kind_of};

/// The most approaches with an attacker in place kept one by one; past them
/// a touched cell asks every kind.
const MAX_ACTIVE: usize = 32;

/// What a side not in check must know of its royal pieces' approaches.
pub(super) struct Quiet {
    /// The cells a move must leave alone to be legal as it is: the royal
    /// pieces' cells and the passed cells of approaches with an attacker.
    lines: u128,
    /// Those approaches: their passed cells and attacking kinds.
    active: [(u128, u128); MAX_ACTIVE],
    len: usize,
    /// More approaches than `active` holds had an attacker.
    overflow: bool,
}

impl Quiet {
    /// The approaches of the side to move, or `None` where every move must
    /// be made: no table, a royal piece attacked, or pieces facing that the
    /// move must part.
    pub(super) fn find(pos: &Position<'_>, parting: bool) -> Option<Quiet> {
        let exposure = pos.game().tables.exposure.as_ref()?;
        let side = pos.side_to_move();
        if parting || in_check(pos, side) {
            return None;
        }
        let by = side.opposite();
        let theirs = pos.occupied(by).bits();
        let royals = pos.royals(side).bits();
        let mut q = Quiet {
            lines: royals,
            active: [(0, 0); MAX_ACTIVE],
            len: 0,
            overflow: false,
        };
        for r in cells_of(royals) {
            for a in exposure.to(by.index(), r) {
                // Only an attacker in place can attack after the move: a
                // move adds no enemy piece.
                if cells_of(a.from & theirs).any(|x| a.kinds & 1u128 << kind_of(pos.at(x)) != 0) {
                    q.lines |= a.passed;
                    if q.len == MAX_ACTIVE {
                        q.overflow = true;
                    } else {
                        q.active[q.len] = (a.passed, a.kinds);
                        q.len += 1;
                    }
                }
            }
        }
        Some(q)
    }

    /// Whether `mv` is legal, where that can be told without making it.
    #[inline]
    pub(super) fn verdict(&self, pos: &mut Position<'_>, mv: &Move) -> Option<bool> {
        if mv.not_checking {
            return None;
        }
        let game = pos.game();
        let royal = |kind: u8| game.pieces.get(kind as usize).is_some_and(|p| p.royal);
        if mv.promotes_to().is_some_and(royal) {
            return None;
        }
        match mv.kind {
            MoveKind::Normal | MoveKind::SetsEnPassant => {
                let touched = 1u128 << mv.from | 1u128 << mv.to;
                if touched & self.lines == 0 {
                    return Some(true);
                }
                if mv.promotion != 0 || pos.royals(pos.side_to_move()).contains(mv.from) {
                    return None;
                }
                Some(self.safe_after(pos, mv, touched))
            }
            MoveKind::Drop => (1u128 << mv.to & self.lines == 0
                && !royal(kind_of(mv.piece))
                && !game
                    .drop_rule(mv.from as usize, kind_of(mv.piece))
                    .is_some_and(|r| r.not_checking || r.not_mating))
            .then_some(true),
            _ => None,
        }
    }

    /// Whether the plain move `mv` of a piece that is not royal, touching
    /// the cells `touched`, leaves the royal pieces unattacked: the piece
    /// moved alone, only the kinds of the approaches it touched asked.
    #[inline(never)]
    fn safe_after(&self, pos: &mut Position<'_>, mv: &Move, touched: u128) -> bool {
        let kinds = if self.overflow {
            u128::MAX
        } else {
            self.active[..self.len]
                .iter()
                .filter(|(passed, _)| passed & touched != 0)
                .fold(0, |k, (_, kinds)| k | kinds)
        };
        let side = pos.side_to_move();
        let displaced = pos.displace(mv.from, mv.to);
        let mut safe = true;
        for r in pos.royals(side).iter() {
            if is_attacked_by(pos, r, side.opposite(), kinds) {
                safe = false;
                break;
            }
        }
        pos.replace(displaced);
        safe
    }
}
