//! Moves: small copyable values. Two moves are equal when they lead to the same
//! position, so generation can deduplicate by equality.
//!
//! The engine generates, makes and searches `RawMove`s, 16 bytes each; a
//! move the library hands to a program is a [`Move`]: the same move with its
//! game's identity ([`GameId`]), added at the public doors. The checked doors
//! ([`Position::play`](crate::Position::play) and its kin, [`Move::text`])
//! refuse a move whose identity is not their game's.

use crate::game::{kind_of, Game, GameId};

/// No cell: an unused auxiliary field.
pub const NO_CELL: u16 = u16::MAX;

/// The bit of [`RawMove::promotion`] that marks a demotion: a piece of a kind
/// lettered `+X` turning back into the kind lettered `X`, which
/// Fairy-Stockfish writes with a trailing `-`. Kinds are fewer than 128, so
/// the bit is free.
pub(crate) const DEMOTION: u8 = 0x80;

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

/// A move, as the library makes it: from the legal (or pseudo-legal) moves
/// of a position, or by [`Position::parse_move`](crate::Position::parse_move).
/// A program reads it ([`Move::origin`], [`Move::destination`],
/// [`Move::kind`], [`Move::text`]) but cannot build one, so every move it
/// holds was legal somewhere, in the game it carries ([`Move::game`]);
/// [`Position::play`](crate::Position::play) tells whether it is legal here,
/// and refuses a move of another game.
///
/// ```compile_fail
/// // Neither the fields nor the constructors are open to programs.
/// let mv = tessera::Move::normal(30, 31);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    /// The move itself.
    pub(crate) raw: RawMove,
    /// The game whose door handed the move out (last, so that ordering goes
    /// by the move).
    pub(crate) game: GameId,
}

/// A move as the engine generates, makes and searches it: 16 bytes, without
/// the identity of its game, which only the public doors add ([`Move`]), so
/// that move lists stay as small as they were.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) struct RawMove {
    /// The cell the piece leaves; for a drop or a transfer, the pool it comes
    /// from (an index into `Game::pool_names`).
    pub(crate) from: u16,
    /// The cell the piece lands on; for a transfer, the pool it goes to.
    pub(crate) to: u16,
    /// What the move does besides taking the piece from `from` to `to`.
    pub(crate) kind: MoveKind,
    /// 0 for none, else the promoted kind plus one, with [`DEMOTION`] set
    /// where the piece turns back into the kind it is the promoted form of.
    pub(crate) promotion: u8,
    /// For a promotion out of a pool: the pool plus one (0: from nowhere).
    pub(crate) source: u8,
    /// The counter of the piece taken out of a pool (drops, transfers, promotions).
    pub(crate) state: u8,
    /// The piece code of a drop or transfer.
    pub(crate) piece: u8,
    /// Whether the move may not leave the opponent's royal piece attacked.
    pub(crate) not_checking: bool,
    /// A second cell, as the [`MoveKind`] says: the first en passant target, the
    /// captured piece's cell, or the partner's start; else `NO_CELL`.
    pub(crate) aux: u16,
    /// A third cell, as the [`MoveKind`] says: the second en passant target or
    /// the partner's destination; else `NO_CELL`.
    pub(crate) aux2: u16,
    /// Where a gated piece (`piece`, with counter `state`, out of the gating
    /// pool) enters the board on a board move, or `NO_CELL`.
    pub(crate) gate: u16,
}

impl RawMove {
    /// The move as a public door hands it to a program: stamped with the
    /// identity of `game`, whose position made it.
    pub(crate) fn of(self, game: &Game) -> Move {
        Move {
            raw: self,
            game: game.id,
        }
    }
}

/// `raw`, made by the engine for a position of `game`, as the public doors
/// hand moves to a program.
pub(crate) fn stamp(raw: &[RawMove], game: &Game, out: &mut Vec<Move>) {
    out.clear();
    out.extend(raw.iter().map(|mv| mv.of(game)));
}

impl Move {
    /// The cell the piece leaves; for a move out of a pool, the pool's index
    /// in [`Game::pool_names`](crate::game::Game::pool_names).
    pub fn origin(&self) -> u16 {
        self.raw.from
    }

    /// The cell the piece lands on; for a transfer, the pool it goes to.
    pub fn destination(&self) -> u16 {
        self.raw.to
    }

    /// What the move does besides taking the piece from its origin to its
    /// destination.
    pub fn kind(&self) -> MoveKind {
        self.raw.kind
    }

    /// Whether the move may not leave the opponent's royal piece attacked.
    pub fn not_checking(&self) -> bool {
        self.raw.not_checking
    }

    /// The game whose door handed the move out ([`Game::id`]).
    pub fn game(&self) -> GameId {
        self.game
    }

    /// Whether the move was handed out by `game` (or a clone of it).
    pub fn is_of(&self, game: &Game) -> bool {
        self.game == game.id
    }

    /// The kind this move promotes to, if any.
    pub fn promotes_to(&self) -> Option<u8> {
        self.raw.promotes_to()
    }

    /// Whether the move turns a piece of a kind lettered `+X` back into the
    /// kind lettered `X` (written with a trailing `-`).
    pub fn demotes(&self) -> bool {
        self.raw.demotes()
    }

    /// The piece a drop or a transfer takes out of its pool (its code: kind
    /// and side); `None` for a move of a piece on the board.
    pub fn pool_piece(&self) -> Option<u8> {
        self.raw.pool_piece()
    }

    /// Whether the move takes a piece out of a pool rather than off the board.
    pub fn is_from_pool(&self) -> bool {
        self.raw.is_from_pool()
    }
}

impl RawMove {
    /// Whether every cell, pool and kind the move names exists in `game`,
    /// whichever game made it.
    pub(crate) fn in_range(&self, game: &Game) -> bool {
        let cells = game.cell_count();
        let pools = game.pools.pool_names.len();
        let kinds = game.pieces.len();
        let cell = |c: u16| (c as usize) < cells;
        let spare = |c: u16| c == NO_CELL || cell(c);
        let kind = |code: u8| code != 0 && (kind_of(code) as usize) < kinds;
        let promotion = self.promotes_to().is_none_or(|k| (k as usize) < kinds)
            && (self.source == 0 || (self.source as usize) <= pools);
        let ends = match self.kind {
            MoveKind::Drop => (self.from as usize) < pools && cell(self.to) && kind(self.piece),
            MoveKind::Transfer => {
                (self.from as usize) < pools && (self.to as usize) < pools && kind(self.piece)
            }
            MoveKind::Pass => self.from == self.to && spare(self.from),
            _ => cell(self.from) && cell(self.to),
        };
        // A gated piece comes out of a pool; a wall or a shot is the
        // game's one neutral kind, which the move does not name.
        let gate = self.gate == NO_CELL
            || (cell(self.gate) && (game.rules.walling.is_some() || kind(self.piece)));
        ends && promotion && gate && spare(self.aux) && spare(self.aux2)
    }

    /// A plain move.
    pub(crate) fn normal(from: u16, to: u16) -> RawMove {
        RawMove {
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
    pub(crate) fn pass(royal: u16) -> RawMove {
        RawMove {
            kind: MoveKind::Pass,
            ..RawMove::normal(royal, royal)
        }
    }

    /// The kind this move promotes to, if any.
    pub(crate) fn promotes_to(&self) -> Option<u8> {
        (self.promotion & !DEMOTION).checked_sub(1)
    }

    /// Whether the move turns a piece of a kind lettered `+X` back into the
    /// kind lettered `X` (written with a trailing `-`).
    pub(crate) fn demotes(&self) -> bool {
        self.promotion & DEMOTION != 0
    }

    /// The piece a drop or a transfer takes out of its pool (its code: kind
    /// and side); `None` for a move of a piece on the board.
    pub(crate) fn pool_piece(&self) -> Option<u8> {
        self.is_from_pool().then_some(self.piece)
    }

    /// Whether the move takes a piece out of a pool rather than off the board.
    pub(crate) fn is_from_pool(&self) -> bool {
        matches!(self.kind, MoveKind::Drop | MoveKind::Transfer)
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn move_is_small() {
        assert!(std::mem::size_of::<super::RawMove>() <= 16);
    }
}
