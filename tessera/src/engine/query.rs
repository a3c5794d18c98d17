//! The questions a program asks of a position, each on `&self`: its legal
//! moves, how the game stands, check, the pieces on the board and in the
//! hands, its hash.
//!
//! The engine answers some of them by making and unmaking moves on the
//! position; these doors do so on a copy, so that a position can be shared
//! (`&`, across threads) while it is asked. Perft and the search keep the
//! `&mut` doors of [`crate::engine::legal`], which copy nothing.

use super::attack::in_check;
use super::keys::Keys;
use super::legal;
use super::moves::Move;
use super::outcome::{self, Status};
use super::position::Position;
use crate::game::{code, kind_of, side_of, Cell, Code, Game, Kind, Side};

/// A piece: its kind (an index into [`Game::kinds`]) and its side.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Piece {
    /// The piece's kind.
    pub kind: Kind,
    /// The side it belongs to (White for a neutral piece, which belongs to
    /// neither).
    pub side: Side,
}

impl Piece {
    /// The piece a board code stands for, `None` for an empty cell (0).
    pub fn from_code(code: Code) -> Option<Piece> {
        (code != 0).then(|| Piece {
            kind: kind_of(code),
            side: side_of(code),
        })
    }

    /// The piece's board code, as [`Position::at`] gives it.
    pub fn code(self) -> Code {
        code(self.kind, self.side)
    }

    /// The kind's name in `game`'s rule file (`Knight`), or `?` for a kind
    /// the game does not have.
    pub fn name(self, game: &Game) -> &str {
        game.kind(self.kind).map_or("?", |k| k.name())
    }

    /// The piece's letter as notation writes it: upper case for White,
    /// lower case for Black (`N`, `n`); `?` for a kind the game does not have.
    pub fn letter(self, game: &Game) -> char {
        let letter = game.kind(self.kind).map_or('?', |k| k.letter());
        match self.side {
            Side::White => letter,
            Side::Black => letter.to_ascii_lowercase(),
        }
    }
}

/// A piece in a hand (a pool): the pool, the piece, and its counter.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct InHand {
    /// The pool, an index into the game's pools (`pool` statements).
    pub pool: usize,
    /// The piece.
    pub piece: Piece,
    /// Its counter (0 for kinds without one).
    pub counter: u8,
}

impl<'g> Position<'g> {
    /// The legal moves, in generation order, each carrying the game's
    /// identity ([`Move::game`]). Works on a copy of the position; the
    /// engine's [`legal::legal_moves`] fills a buffer the caller keeps, on
    /// the position itself, for speed.
    ///
    /// # Examples
    /// ```
    /// let game = tessera::compile_str(include_str!("../../../games/chess.game")).unwrap();
    /// let pos = tessera::Position::start(&game);
    /// assert_eq!(pos.legal_moves().len(), 20);
    /// ```
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut moves = Vec::new();
        legal::legal_moves(&mut self.clone(), &mut moves);
        moves
    }

    /// How the game stands in this position alone: checkmate, stalemate and
    /// the goals that need no past ([`outcome::status`]); a game's record
    /// adds repetition ([`crate::Playthrough::status`]).
    ///
    /// # Examples
    /// ```
    /// use tessera::{Position, Reason, Side, Status};
    /// let game = tessera::compile_str(include_str!("../../../games/chess.game")).unwrap();
    /// // Fool's mate.
    /// let pos = Position::from_fen(&game, "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3").unwrap();
    /// let status = pos.status();
    /// assert_eq!(status, Status::Over { loser: Side::White, winner: Some(Side::Black), reason: Reason::Checkmate });
    /// assert_eq!(status.result_text(), "0-1");
    /// ```
    pub fn status(&self) -> Status {
        outcome::status(&mut self.clone())
    }

    /// Whether the side to move is in check (one of its royal pieces
    /// attacked, or all of them where the game says so); never in a game
    /// without royal pieces.
    ///
    /// # Examples
    /// ```
    /// let game = tessera::compile_str(include_str!("../../../games/chess.game")).unwrap();
    /// let pos = tessera::Position::from_fen(&game, "4k3/8/8/8/8/8/8/4R1K1 b - - 0 1").unwrap();
    /// assert!(pos.is_check());
    /// assert!(!tessera::Position::start(&game).is_check());
    /// ```
    pub fn is_check(&self) -> bool {
        in_check(self, self.side_to_move())
    }

    /// Whether the legal move `mv` leaves the other side in check; false for
    /// a move that is not legal here (or is of another game).
    ///
    /// # Examples
    /// ```
    /// let game = tessera::compile_str(include_str!("../../../games/chess.game")).unwrap();
    /// let pos = tessera::Position::from_fen(&game, "4k3/8/8/8/8/8/8/R5K1 w - - 0 1").unwrap();
    /// assert!(pos.gives_check(pos.parse_move("a1a8").unwrap()));
    /// assert!(!pos.gives_check(pos.parse_move("a1a7").unwrap()));
    /// ```
    pub fn gives_check(&self, mv: Move) -> bool {
        if !mv.is_of(self.game()) {
            return false;
        }
        let mut after = self.clone();
        let mut moves = Vec::new();
        legal::legal_moves(&mut after, &mut moves);
        if !moves.contains(&mv) {
            return false;
        }
        let mover = after.side_to_move();
        after.make(mv);
        in_check(&after, mover.opposite())
    }

    /// The position's 64-bit hash, the engine's Zobrist-style key: the
    /// pieces with their counters, the hands, the side to move, en passant,
    /// check counts and what the last moves were (passes, a drop that may
    /// not mate), but not the move clocks. Equal positions have equal keys;
    /// keys are the same in every run and on every platform.
    ///
    /// # Examples
    /// ```
    /// let game = tessera::compile_str(include_str!("../../../games/chess.game")).unwrap();
    /// let mut pos = tessera::Position::start(&game);
    /// let start = pos.key();
    /// for text in ["g1f3", "g8f6", "f3g1", "f6g8"] {
    ///     pos.play(pos.parse_move(text).unwrap()).unwrap();
    /// }
    /// assert_eq!(pos.key(), start);
    /// ```
    pub fn key(&self) -> u64 {
        Keys::new(self.game()).key(self)
    }

    /// The key of the position as the goal on repetition compares
    /// positions (as Fairy-Stockfish does: an en-passant right only where
    /// an en-passant capture exists, and the last moves not at all).
    pub fn repetition_key(&self) -> u64 {
        Keys::new(self.game()).repetition_key(self)
    }

    /// The piece on cell `c`, if any.
    ///
    /// # Panics
    /// When `c` is not a cell of the game (`c >= cell_count()`).
    pub fn piece_at(&self, c: Cell) -> Option<Piece> {
        Piece::from_code(self.at(c))
    }

    /// The pieces on the board, by cell, in cell order (White's and
    /// Black's mixed).
    ///
    /// # Examples
    /// ```
    /// use tessera::{Piece, Side};
    /// let game = tessera::compile_str(include_str!("../../../games/chess.game")).unwrap();
    /// let pos = tessera::Position::start(&game);
    /// assert_eq!(pos.pieces().count(), 32);
    /// let (cell, piece) = pos.pieces().next().unwrap();
    /// assert_eq!(game.cell_name(cell), "a1");
    /// assert_eq!((piece.name(&game), piece.side), ("Rook", Side::White));
    /// assert_eq!(piece.letter(&game), 'R');
    /// ```
    pub fn pieces(&self) -> impl Iterator<Item = (Cell, Piece)> + '_ {
        let [white, black] = [self.occupied(Side::White), self.occupied(Side::Black)];
        let mut white = white.iter().peekable();
        let mut black = black.iter().peekable();
        std::iter::from_fn(move || {
            let c = match (white.peek(), black.peek()) {
                (Some(&w), Some(&b)) if w < b => white.next(),
                (Some(_), None) => white.next(),
                (_, Some(_)) => black.next(),
                (None, None) => None,
            }?;
            Some((c, Piece::from_code(self.at(c))?))
        })
    }

    /// The pieces in `side`'s hands (its pools), pool by pool, each pool
    /// in its sorted order, one item per piece.
    ///
    /// # Examples
    /// ```
    /// use tessera::Side;
    /// let game = tessera::compile_str(include_str!("../../../games/crazyhouse.game")).unwrap();
    /// let pos = tessera::Position::from_fen(&game, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Nnp] w KQkq - 0 1").unwrap();
    /// let white: Vec<char> = pos.hand(Side::White).map(|h| h.piece.letter(&game)).collect();
    /// let black: Vec<char> = pos.hand(Side::Black).map(|h| h.piece.letter(&game)).collect();
    /// assert_eq!((white, black.len()), (vec!['N'], 2));
    /// ```
    pub fn hand(&self, side: Side) -> impl Iterator<Item = InHand> + '_ {
        (0..self.game().pools.pool_names.len()).flat_map(move |pool| {
            self.pool(pool, side)
                .iter()
                .filter_map(move |&(c, counter)| {
                    Some(InHand {
                        pool,
                        piece: Piece::from_code(c)?,
                        counter,
                    })
                })
        })
    }
}
