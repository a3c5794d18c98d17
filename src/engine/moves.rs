//! Moves: small copyable values. Two moves are equal when they lead to the same
//! position, so generation can deduplicate by equality.

/// No cell: an unused auxiliary field.
pub const NO_CELL: u16 = u16::MAX;

/// What a move does besides taking the piece from `from` to `to`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum MoveKind {
    /// A plain move or capture on `to`.
    Normal,
    /// A move that marks the cells it passed (`aux`, `aux2`) as en-passant targets.
    SetsEnPassant,
    /// A capture of the piece on `aux`, landing on the empty target `to`.
    EnPassant,
    /// The king goes `from`→`to`, the partner `aux`→`aux2`.
    Castle,
    /// The piece `piece` with counter `state` goes from pool `from` (of the
    /// mover) onto the empty cell `to`.
    Drop,
    /// The piece `piece` with counter `state` goes from pool `from` to pool `to`.
    Transfer,
    /// The side passes its turn; `from` and `to` are its royal piece's cell
    /// (`NO_CELL` without one), as Fairy-Stockfish writes a pass.
    Pass,
}

/// A move.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    /// The cell the piece leaves; for a drop or a transfer, the pool it comes
    /// from (an index into `Game::pool_names`).
    pub from: u16,
    /// The cell the piece lands on; for a transfer, the pool it goes to.
    pub to: u16,
    /// What the move does besides taking the piece from `from` to `to`.
    pub kind: MoveKind,
    /// 0 for none, else the promoted kind plus one.
    pub promotion: u8,
    /// For a promotion out of a pool: the pool plus one (0: from nowhere).
    pub source: u8,
    /// The counter of the piece taken out of a pool (drops, transfers, promotions).
    pub state: u8,
    /// The piece code of a drop or transfer.
    pub piece: u8,
    /// Whether the move may not leave the opponent's royal piece attacked.
    pub not_checking: bool,
    /// A second cell, as the [`MoveKind`] says: the first en passant target, the
    /// captured piece's cell, or the partner's start; else `NO_CELL`.
    pub aux: u16,
    /// A third cell, as the [`MoveKind`] says: the second en passant target or
    /// the partner's destination; else `NO_CELL`.
    pub aux2: u16,
    /// Where a gated piece (`piece`, with counter `state`, out of the gating
    /// pool) enters the board on a board move, or `NO_CELL`.
    pub gate: u16,
}

impl Move {
    /// A plain move.
    pub fn normal(from: u16, to: u16) -> Move {
        Move {
            from,
            to,
            kind: MoveKind::Normal,
            promotion: 0,
            source: 0,
            state: 0,
            piece: 0,
            not_checking: false,
            aux: NO_CELL,
            aux2: NO_CELL,
            gate: NO_CELL,
        }
    }

    /// A pass, written as the royal piece's cell twice.
    pub fn pass(royal: u16) -> Move {
        Move {
            kind: MoveKind::Pass,
            ..Move::normal(royal, royal)
        }
    }

    /// The kind this move promotes to, if any.
    pub fn promotes_to(&self) -> Option<u8> {
        self.promotion.checked_sub(1)
    }

    /// Whether the move takes a piece out of a pool rather than off the board.
    pub fn is_from_pool(&self) -> bool {
        matches!(self.kind, MoveKind::Drop | MoveKind::Transfer)
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn move_is_small() {
        assert!(std::mem::size_of::<super::Move>() <= 16);
    }
}
