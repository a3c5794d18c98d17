//! Positions: pieces on cells, side to move, rights and counters; make and unmake.

use super::moves::{Move, MoveKind, NO_CELL};
use crate::game::{code, kind_of, side_of, CellSet, Code, Game, Side};

/// En-passant state: the cells a piece just passed, and that piece's cell.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct EnPassant {
    pub targets: [u16; 2],
    pub victim: u16,
}

impl EnPassant {
    pub fn is_target(&self, c: u16) -> bool {
        self.targets[0] == c || self.targets[1] == c
    }
}

/// A position of one game.
#[derive(Clone, Debug)]
pub struct Position<'g> {
    game: &'g Game,
    board: Vec<Code>,
    occupied: [CellSet; 2],
    royals: [CellSet; 2],
    /// Cells whose piece has not moved since the start (rights for `first` and castling).
    pub(crate) unmoved: CellSet,
    side: Side,
    pub(crate) en_passant: Option<EnPassant>,
    pub halfmove: u32,
    pub fullmove: u32,
}

/// What `unmake` needs to restore.
#[derive(Copy, Clone, Debug)]
pub struct Undo {
    mv: Move,
    captured: Code,
    captured_at: u16,
    moved: Code,
    en_passant: Option<EnPassant>,
    halfmove: u32,
    /// Unmoved flags of from, to, captured_at, aux before the move.
    unmoved_bits: u8,
}

impl PartialEq for Position<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.board == other.board
            && self.side == other.side
            && self.unmoved == other.unmoved
            && self.en_passant == other.en_passant
            && self.halfmove == other.halfmove
            && self.fullmove == other.fullmove
    }
}

impl<'g> Position<'g> {
    /// An empty board with `side` to move.
    pub fn empty(game: &'g Game, side: Side) -> Position<'g> {
        let n = game.cell_count();
        Position {
            game,
            board: vec![0; n],
            occupied: [CellSet::new(n), CellSet::new(n)],
            royals: [CellSet::new(n), CellSet::new(n)],
            unmoved: CellSet::new(n),
            side,
            en_passant: None,
            halfmove: 0,
            fullmove: 1,
        }
    }

    /// The start position of the rule file's `setup`; every piece unmoved.
    pub fn start(game: &'g Game) -> Position<'g> {
        let mut p = Position::empty(game, game.first_turn);
        for &(c, code) in &game.setup {
            p.put(c, code);
            p.set_unmoved(c, true);
        }
        p
    }

    pub fn game(&self) -> &'g Game {
        self.game
    }

    #[inline]
    pub fn side_to_move(&self) -> Side {
        self.side
    }

    pub fn set_side_to_move(&mut self, side: Side) {
        self.side = side;
    }

    /// The piece on `c`, 0 when empty.
    #[inline]
    pub fn at(&self, c: u16) -> Code {
        self.board[c as usize]
    }

    #[inline]
    pub fn occupied(&self, side: Side) -> &CellSet {
        &self.occupied[side.index()]
    }

    #[inline]
    pub fn royals(&self, side: Side) -> &CellSet {
        &self.royals[side.index()]
    }

    pub fn en_passant(&self) -> Option<EnPassant> {
        self.en_passant
    }

    pub fn set_en_passant(&mut self, ep: Option<EnPassant>) {
        self.en_passant = ep;
    }

    pub fn is_unmoved(&self, c: u16) -> bool {
        self.unmoved.contains(c)
    }

    /// Marks the piece on `c` as not yet moved (only kinds that track it) or moved.
    pub fn set_unmoved(&mut self, c: u16, on: bool) {
        let code = self.board[c as usize];
        let tracked = code != 0 && self.game.pieces[kind_of(code) as usize].tracks_unmoved;
        self.unmoved.set(c, on && tracked);
    }

    /// Puts `code` on the empty cell `c`.
    pub fn put(&mut self, c: u16, code: Code) {
        debug_assert_eq!(self.board[c as usize], 0);
        self.board[c as usize] = code;
        let side = side_of(code).index();
        self.occupied[side].insert(c);
        if self.game.pieces[kind_of(code) as usize].royal {
            self.royals[side].insert(c);
        }
    }

    /// Takes the piece off `c` and returns it.
    pub fn take(&mut self, c: u16) -> Code {
        let code = self.board[c as usize];
        if code != 0 {
            self.board[c as usize] = 0;
            let side = side_of(code).index();
            self.occupied[side].remove(c);
            self.royals[side].remove(c);
        }
        code
    }

    fn unmoved_bits(&self, cells: [u16; 4]) -> u8 {
        let mut bits = 0;
        for (i, c) in cells.iter().enumerate() {
            if *c != NO_CELL && self.unmoved.contains(*c) {
                bits |= 1 << i;
            }
        }
        bits
    }

    /// Plays `mv`, which must be pseudo-legal here.
    pub fn make(&mut self, mv: Move) -> Undo {
        let captured_at = if mv.kind == MoveKind::EnPassant {
            mv.aux
        } else {
            mv.to
        };
        let rook_from = if mv.kind == MoveKind::Castle {
            mv.aux
        } else {
            NO_CELL
        };
        let undo_bits = self.unmoved_bits([mv.from, mv.to, captured_at, rook_from]);
        let mut undo = Undo {
            mv,
            captured: 0,
            captured_at,
            moved: 0,
            en_passant: self.en_passant,
            halfmove: self.halfmove,
            unmoved_bits: undo_bits,
        };
        let moved = self.take(mv.from);
        undo.moved = moved;
        if mv.kind == MoveKind::Castle {
            let rook = self.take(mv.aux);
            self.unmoved.remove(mv.aux);
            self.put(mv.aux2, rook);
        } else {
            undo.captured = self.take(captured_at);
            self.unmoved.remove(captured_at);
        }
        let placed = match mv.promotes_to() {
            Some(k) => code(k, self.side),
            None => moved,
        };
        self.put(mv.to, placed);
        self.unmoved.remove(mv.from);
        self.unmoved.remove(mv.to);
        self.en_passant = (mv.kind == MoveKind::SetsEnPassant).then_some(EnPassant {
            targets: [mv.aux, mv.aux2],
            victim: mv.to,
        });
        // As in FEN, a capture or a move of a promoting piece (a pawn) resets the clock.
        let resets = undo.captured != 0
            || self.game.pieces[kind_of(moved) as usize]
                .promotion
                .is_some();
        self.halfmove = if resets { 0 } else { self.halfmove + 1 };
        if self.side == Side::Black {
            self.fullmove += 1;
        }
        self.side = self.side.opposite();
        undo
    }

    /// Takes back the move `undo` came from.
    pub fn unmake(&mut self, undo: Undo) {
        let mv = undo.mv;
        self.side = self.side.opposite();
        if self.side == Side::Black {
            self.fullmove -= 1;
        }
        self.take(mv.to);
        if mv.kind == MoveKind::Castle {
            let rook = self.take(mv.aux2);
            self.put(mv.aux, rook);
        } else if undo.captured != 0 {
            self.put(undo.captured_at, undo.captured);
        }
        self.put(mv.from, undo.moved);
        let rook_from = if mv.kind == MoveKind::Castle {
            mv.aux
        } else {
            NO_CELL
        };
        for (i, c) in [mv.from, mv.to, undo.captured_at, rook_from]
            .into_iter()
            .enumerate()
        {
            if c != NO_CELL {
                self.unmoved.set(c, undo.unmoved_bits & (1 << i) != 0);
            }
        }
        self.en_passant = undo.en_passant;
        self.halfmove = undo.halfmove;
    }
}
