//! The general position notation, for every board (FEN needs a rectangle).
//!
//! Six fields separated by spaces, in FEN's order:
//!
//! ```text
//! Ra1,Qc1,Kd1,q0,bX,PAb2  w  a1,e1  e3  0  1
//! ```
//!
//! 1. the pieces: items separated by commas (`-` for none), each the piece's
//!    letter (upper case for White), then its cell by its name in the rule file or
//!    `@` and the name of the owner's pool it is in, then `:` and its counter for
//!    kinds that carry one: `Ra1:6`, `b@back:3`, `Kd1`;
//! 2. the side to move, `w` or `b`;
//! 3. the cells whose piece has not moved yet, for kinds where that matters (a
//!    `first` movement or castling), or `-`;
//! 4. the en-passant target cell, or `-`;
//! 5. the halfmove clock and 6. the move number;
//! 7. in games with a `checked N times` goal, the checks White and Black still
//!    have to give, as `3+3`.
//!
//! Trailing fields may be left out. A letter is one character, after a `+`
//! for a kind lettered `+X` and before a `~` for a promoted copy, so the rest
//! of the item is the cell name; cell names never hold commas or spaces.

use super::{piece_item, Location, PieceItemError, PositionError};
use crate::engine::Position;
use crate::game::{kind_of, Game, Side};
use crate::limits::{thousands, MAX_MOVE_NUMBER};
use std::fmt;

/// Why a position was rejected: what is wrong, with the text at fault.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ParsePositionError {
    /// The text has no field.
    Empty,
    /// More fields than the game's positions have.
    TooManyFields {
        /// How many the text has.
        found: usize,
        /// How many the game's positions have at most.
        most: usize,
    },
    /// The side to move is neither `w` nor `b`.
    SideToMove(String),
    /// A piece item does not read.
    Piece(PieceItemError),
    /// Two pieces on one cell.
    TwoPieces {
        /// The cell's name.
        cell: String,
    },
    /// An unmoved cell that the game does not have.
    UnmovedNotACell(String),
    /// An unmoved cell with no piece whose first move matters.
    UnmovedNoPiece(String),
    /// An en-passant cell that follows no double step.
    EnPassant(String),
    /// A halfmove clock or move number that is not a number.
    CounterNotANumber(String),
    /// A halfmove clock or move number above [`MAX_MOVE_NUMBER`].
    CounterTooLarge(String),
    /// The checks left are not `W+B`, each at most the goal's number.
    Checks {
        /// The field as written.
        text: String,
        /// The goal's number of checks.
        limit: u8,
    },
    /// Checks left in a game that counts none.
    NoChecks,
    /// A position play could not reach: every reason found (read it anyway
    /// with [`parse_unchecked`] or [`PositionBuilder::build_unchecked`]).
    Impossible(PositionError),
}

impl fmt::Display for ParsePositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use ParsePositionError::*;
        match self {
            Empty => write!(f, "the position is empty"),
            TooManyFields { found, most } => {
                write!(f, "the position has {found} fields; at most {most}")
            }
            SideToMove(s) => write!(f, "side to move `{s}` must be `w` or `b`"),
            Piece(e) => e.fmt(f),
            TwoPieces { cell } => write!(f, "cell `{cell}` holds two pieces"),
            UnmovedNotACell(name) => write!(f, "unmoved `{name}` is not a cell"),
            UnmovedNoPiece(name) => {
                write!(
                    f,
                    "unmoved `{name}` holds no piece whose first move matters"
                )
            }
            EnPassant(text) => write!(f, "en-passant cell `{text}` does not follow a double step"),
            CounterNotANumber(text) => write!(f, "counter `{text}` is not a number"),
            CounterTooLarge(text) => write!(
                f,
                "counter `{text}` is larger than the limit, {}",
                thousands(u128::from(MAX_MOVE_NUMBER))
            ),
            Checks { text, limit } => {
                write!(f, "checks `{text}` must be `W+B`, each at most {limit}")
            }
            NoChecks => write!(f, "this game counts no checks"),
            Impossible(why) => write!(f, "impossible position: {why}"),
        }
    }
}

impl std::error::Error for ParsePositionError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ParsePositionError::Piece(e) => Some(e),
            ParsePositionError::Impossible(e) => Some(e),
            _ => None,
        }
    }
}

/// A halfmove clock or move number: digits, at most [`MAX_MOVE_NUMBER`].
/// `limits::read_move_counter` decides, as for FEN; this only says which.
fn read_counter(text: &str) -> Result<u32, ParsePositionError> {
    crate::limits::read_move_counter(text).map_err(|_| {
        if !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit()) {
            ParsePositionError::CounterTooLarge(text.to_string())
        } else {
            ParsePositionError::CounterNotANumber(text.to_string())
        }
    })
}

/// Parses the general position notation for `game`: a position play could
/// reach ([`super::check_playable`]).
///
/// # Errors
/// What is wrong and in which field, or [`ParsePositionError::Impossible`]
/// with every reason the position could not arise.
pub fn parse<'g>(game: &'g Game, text: &str) -> Result<Position<'g>, ParsePositionError> {
    builder(game, text)?.build()
}

/// [`parse`] without the check that play could reach the position: the door
/// for analysing impossible positions. Such a position's checked play
/// ([`Position::play`]) still never takes a royal piece where the rules make
/// royal pieces uncapturable.
///
/// # Errors
/// What is wrong and in which field.
pub fn parse_unchecked<'g>(game: &'g Game, text: &str) -> Result<Position<'g>, ParsePositionError> {
    builder(game, text)?.build_unchecked()
}

/// The builder holding what `text` says, every field read.
fn builder<'g>(game: &'g Game, text: &str) -> Result<PositionBuilder<'g>, ParsePositionError> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    if fields.is_empty() {
        return Err(ParsePositionError::Empty);
    }
    let most = if game.goals.check_goal.is_some() {
        7
    } else {
        6
    };
    if fields.len() > most {
        return Err(ParsePositionError::TooManyFields {
            found: fields.len(),
            most,
        });
    }
    let side = match fields.get(1).copied().unwrap_or("w") {
        "w" => Side::White,
        "b" => Side::Black,
        s => return Err(ParsePositionError::SideToMove(s.to_string())),
    };
    let mut b = PositionBuilder::new(game, side);
    if fields[0] != "-" {
        for item in fields[0].split(',') {
            b.piece(item)?;
        }
    }
    if let Some(list) = fields.get(2).filter(|s| **s != "-") {
        for name in list.split(',') {
            b.unmoved(name)?;
        }
    }
    if let Some(ep) = fields.get(3).filter(|s| **s != "-") {
        b.en_passant(ep)?;
    }
    let counter = |i: usize, default: u32| fields.get(i).map_or(Ok(default), |s| read_counter(s));
    b.clocks(counter(4, 0)?, counter(5, 1)?)?;
    if let Some(text) = fields.get(6) {
        let bad = || ParsePositionError::Checks {
            text: text.to_string(),
            limit: game.goals.check_goal.map_or(0, |(limit, _)| limit),
        };
        let (white, black) = text.split_once('+').ok_or_else(bad)?;
        let left = |s: &str| s.parse::<u8>().map_err(|_| bad());
        b.checks_left(left(white)?, left(black)?)
            .map_err(|_| bad())?;
    }
    Ok(b)
}

/// A position put together piece by piece, for programs: each step checks
/// what it is given as the notation's reader does (the reader is built on
/// it), and [`PositionBuilder::build`] checks the whole, so that no position a
/// builder makes is one the text readers would refuse.
///
/// ```
/// # let chess = tessera::compile_str(include_str!("../../../games/chess.game")).unwrap();
/// use tessera::notation::position::PositionBuilder;
/// use tessera::Side;
/// let mut b = PositionBuilder::new(&chess, Side::White);
/// b.piece("Ke1")?.piece("Qd1")?.piece("ke8")?;
/// let pos = b.build()?;
/// assert_eq!(pos.to_string(), "Qd1,Ke1,ke8 w - - 0 1");
/// assert!(PositionBuilder::new(&chess, Side::White).piece("Kz9").is_err());
/// # Ok::<(), tessera::ParsePositionError>(())
/// ```
pub struct PositionBuilder<'g> {
    pos: Position<'g>,
    /// Pieces for the pools, stored at the end with one sort per pool.
    pooled: Vec<(usize, crate::engine::position::Pooled)>,
}

impl<'g> PositionBuilder<'g> {
    /// An empty board of `game` with `side` to move, at move 1.
    pub fn new(game: &'g Game, side: Side) -> PositionBuilder<'g> {
        PositionBuilder {
            pos: Position::empty(game, side),
            pooled: Vec::new(),
        }
    }

    /// Adds a piece written as the notation writes it: its letter (upper
    /// case for White), then its cell or `@` and its owner's pool, then `:`
    /// and its counter for kinds that carry one (`Ra1:6`, `p@hand`, `Kd1`).
    ///
    /// # Errors
    /// An item that does not read, or a cell that already holds a piece.
    pub fn piece(&mut self, item: &str) -> Result<&mut Self, ParsePositionError> {
        let game = self.pos.game();
        let (code, at, state) =
            super::parse_piece_item(game, item).map_err(ParsePositionError::Piece)?;
        match at {
            Location::Cell(cell) => {
                if self.pos.at(cell) != 0 {
                    return Err(ParsePositionError::TwoPieces {
                        cell: game.cell_name(cell).to_string(),
                    });
                }
                self.pos.put(cell, code);
                self.pos.set_state(cell, state);
            }
            Location::Pool(pool) => {
                // No more than the game ever has: a bound on what a text
                // can make the builder hold.
                let most = crate::engine::playable::most_pieces(game);
                if self.pooled.len() >= most {
                    return Err(ParsePositionError::Impossible(
                        PositionError::hand_too_large(self.pooled.len() + 1, most),
                    ));
                }
                self.pooled.push((pool, (code, state)));
            }
        }
        Ok(self)
    }

    /// Marks the piece on the cell called `name` as not yet moved.
    ///
    /// # Errors
    /// No such cell, or no piece there whose first move matters.
    pub fn unmoved(&mut self, name: &str) -> Result<&mut Self, ParsePositionError> {
        let game = self.pos.game();
        let cell = game
            .cell(name)
            .ok_or_else(|| ParsePositionError::UnmovedNotACell(name.to_string()))?;
        let piece = self.pos.at(cell);
        if piece == 0 || !game.pieces[kind_of(piece) as usize].tracks_unmoved {
            return Err(ParsePositionError::UnmovedNoPiece(name.to_string()));
        }
        self.pos.set_unmoved(cell, true);
        Ok(self)
    }

    /// Sets the en-passant target, written as the notation writes it.
    ///
    /// # Errors
    /// A cell that does not follow a double step of a piece on the board.
    pub fn en_passant(&mut self, text: &str) -> Result<&mut Self, ParsePositionError> {
        let state = super::read_en_passant(&self.pos, text)
            .ok_or_else(|| ParsePositionError::EnPassant(text.to_string()))?;
        self.pos.set_en_passant(Some(state));
        Ok(self)
    }

    /// Sets the halfmove clock and the move number (0 is read as 1).
    ///
    /// # Errors
    /// A number above the limit on move numbers.
    pub fn clocks(
        &mut self,
        halfmove: u32,
        fullmove: u32,
    ) -> Result<&mut Self, ParsePositionError> {
        for n in [halfmove, fullmove] {
            if n > MAX_MOVE_NUMBER {
                return Err(ParsePositionError::CounterTooLarge(n.to_string()));
            }
        }
        self.pos.halfmove = halfmove;
        self.pos.fullmove = fullmove.max(1);
        Ok(self)
    }

    /// Sets the checks White and Black still have to give, in a game with a
    /// `checked N times` goal.
    ///
    /// # Errors
    /// A game without that goal, or a number above its `N`.
    pub fn checks_left(&mut self, white: u8, black: u8) -> Result<&mut Self, ParsePositionError> {
        let Some((limit, _)) = self.pos.game().goals.check_goal else {
            return Err(ParsePositionError::NoChecks);
        };
        let received = |left: u8| {
            limit.checked_sub(left).ok_or(ParsePositionError::Checks {
                text: format!("{white}+{black}"),
                limit,
            })
        };
        // Each side's count is the checks its royal pieces received, which the
        // other side gave.
        self.pos.checks = [received(black)?, received(white)?];
        Ok(self)
    }

    /// The position, once it passes the check every position read from text
    /// must pass: one play could reach ([`super::check_playable`]).
    ///
    /// # Errors
    /// Every reason the position could not arise.
    pub fn build(self) -> Result<Position<'g>, ParsePositionError> {
        let pos = self.build_unchecked()?;
        super::check_playable(&pos).map_err(ParsePositionError::Impossible)?;
        Ok(pos)
    }

    /// The position as given, whether play could reach it or not: the door
    /// for analysing impossible positions (see [`parse_unchecked`]).
    ///
    /// # Errors
    /// None yet; a `Result` so that a check added to the builder's parts
    /// can report here.
    pub fn build_unchecked(mut self) -> Result<Position<'g>, ParsePositionError> {
        self.pos.add_all_to_pools(std::mem::take(&mut self.pooled));
        Ok(self.pos)
    }
}

/// Writes `pos` in the general position notation.
pub fn format(pos: &Position<'_>) -> String {
    let game = pos.game();
    let cells = 0..game.cell_count() as u16;
    let mut pieces: Vec<String> = cells
        .clone()
        .filter(|&c| pos.at(c) != 0)
        .map(|c| piece_item(game, pos.at(c), Location::Cell(c), pos.state(c)))
        .collect();
    for pool in 0..game.pools.pool_names.len() {
        for side in [Side::White, Side::Black] {
            for &(code, state) in pos.pool(pool, side) {
                pieces.push(piece_item(game, code, Location::Pool(pool), state));
            }
        }
    }
    let unmoved: Vec<&str> = cells
        .filter(|&c| pos.is_unmoved(c))
        .map(|c| game.cell_name(c))
        .collect();
    let list = |v: &[String]| {
        if v.is_empty() {
            "-".to_string()
        } else {
            v.join(",")
        }
    };
    let checks = match pos.game().goals.check_goal {
        Some((limit, _)) => format!(
            " {}+{}",
            limit.saturating_sub(pos.checks[1]),
            limit.saturating_sub(pos.checks[0])
        ),
        None => String::new(),
    };
    format!(
        "{} {} {} {} {} {}{checks}",
        list(&pieces),
        if pos.side_to_move() == Side::White {
            'w'
        } else {
            'b'
        },
        if unmoved.is_empty() {
            "-".to_string()
        } else {
            unmoved.join(",")
        },
        super::write_en_passant(pos),
        pos.halfmove,
        pos.fullmove
    )
}
