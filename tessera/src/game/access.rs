//! What a program outside the crate may read of a compiled game and of its
//! piece kinds. The fields stay private, so that a `Game` is immutable after
//! compilation by its type, not by convention.

use super::{Cell, Game, Kind, Mark, PieceDef};

impl Game {
    /// The game's identity, which every move it hands out carries
    /// ([`Move::game`](crate::Move::game)); a clone shares it.
    pub fn id(&self) -> super::GameId {
        self.id
    }

    /// Whether captured pieces go to a pool of their captor (`captured to
    /// POOL of captor`), as in crazyhouse and shogi.
    ///
    /// ```
    /// let shogi = tessera::compile_str(include_str!("../../../games/shogi.game"))?;
    /// assert!(shogi.captures_to_pool());
    /// let chess = tessera::compile_str(include_str!("../../../games/chess.game"))?;
    /// assert!(!chess.captures_to_pool());
    /// # Ok::<(), tessera::Errors>(())
    /// ```
    pub fn captures_to_pool(&self) -> bool {
        self.pools.captured_to.is_some()
    }

    /// The names of the grid's axes, in declaration order (`file`, `rank`).
    pub fn axis_names(&self) -> impl ExactSizeIterator<Item = &str> + '_ {
        self.board.axes.iter().map(|a| a.name.as_str())
    }

    /// The grid coordinates of cell `c`: one list per grid cell merged into
    /// it (one normally, several for a merged cell, none for a free cell).
    ///
    /// # Panics
    /// When `c` is not a cell of the game (`c >= cell_count()`).
    pub fn cell_coords(&self, c: Cell) -> &[Vec<i64>] {
        &self.board.cells[c as usize].coords
    }

    /// For a plain two-dimensional board, its cells as ranks of files
    /// (`rows[rank][file]`, rank and file counted from 0), the shape FEN and
    /// pictures use; `None` for any other board.
    pub fn rectangle(&self) -> Option<&[Vec<Cell>]> {
        self.board.rect.as_deref()
    }

    /// Every piece kind, indexed by kind: the declared kinds first, then the
    /// forms the compiler adds (promoted copies).
    pub fn kinds(&self) -> &[PieceDef] {
        &self.pieces
    }

    /// The piece kind `kind`, if the game has it.
    pub fn kind(&self, kind: Kind) -> Option<&PieceDef> {
        self.pieces.get(kind as usize)
    }
}

impl PieceDef {
    /// The kind's name in the rule file.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The kind's letter, as White's pieces write it (upper case).
    pub fn letter(&self) -> char {
        self.letter
    }

    /// Whether losing it (by checkmate or capture, as the goals say) loses the game.
    pub fn is_royal(&self) -> bool {
        self.royal
    }

    /// Whether it belongs to neither side (a wall, a duck).
    pub fn is_neutral(&self) -> bool {
        self.neutral
    }

    /// Whether each piece of the kind carries a counter (`counter` in the rule file).
    pub fn has_counter(&self) -> bool {
        self.counter.is_some()
    }

    /// Whether the kind is written with its own letter, rather than as the
    /// promoted form or a copy of another kind (`+P`, `Q~`).
    pub fn is_plain(&self) -> bool {
        self.mark == Mark::Plain
    }

    /// Whether the compiler made the kind as a copy of another (`Q~`, a
    /// promoted piece that reverts when captured into a hand), rather than
    /// the rule file declaring it.
    pub fn is_copy(&self) -> bool {
        matches!(self.mark, Mark::Copy(_))
    }

    /// Its value in points (`value N`), 0 where the rule file gives none.
    pub fn value(&self) -> i64 {
        self.value
    }

    /// Its movements in Betza's notation (`mRcpR`), or why they have none.
    pub fn betza(&self) -> Result<&str, &str> {
        self.betza.as_deref().map_err(String::as_str)
    }
}
