//! SFEN, the position notation of USI (the shogi programs' protocol), for
//! games FEN can write ([`fen::has_fen`]): the placement as FEN writes it
//! (ranks from the top, `+` before a promoted piece's letter, upper case for
//! the side that moves first), the side to move as `b` (the first player,
//! shogi's Black, Tessera's White) or `w`, the hand as counts and letters
//! (`2Pb`, upper case first, `-` when empty), and the move number counting
//! every ply (the start is 1):
//!
//! `lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1`
//!
//! The hand is written in USI's order, `R B G S N L P`, then the game's other
//! kinds in the order the rule file declares them; it is read in any order.
//! SFEN has no castling, en-passant, halfmove or check-count fields: a
//! position read has none of these rights, its halfmove clock at 0 and, in a
//! game that counts checks, every check still to give (as Fairy-Stockfish's
//! SFEN has none either).

use super::fen::{self, ParseFenError};
use crate::engine::playable::most_pieces;
use crate::engine::Position;
use crate::game::{kind_of, Game, Side};
use std::fmt;

/// Why an SFEN string was rejected.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ParseSfenError {
    /// The SFEN is empty.
    Empty,
    /// More than SFEN's four fields.
    TooManyFields,
    /// The side-to-move field is neither `b` nor `w`.
    BadSide(String),
    /// The hand is not counts and letters, or `-`.
    BadHand(String),
    /// The hand holds more pieces than the game has.
    HandTooLarge(String),
    /// The move number is not a number, or too large; the message.
    BadMoveNumber(String),
    /// What FEN's reader found wrong with the placement, the hand's letters
    /// or the position.
    Fen(ParseFenError),
}

impl fmt::Display for ParseSfenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseSfenError::Empty => write!(f, "SFEN is empty"),
            ParseSfenError::TooManyFields => write!(f, "SFEN has more than four fields"),
            ParseSfenError::BadSide(s) => write!(f, "SFEN side to move `{s}` must be `b` or `w`"),
            ParseSfenError::BadHand(s) => {
                write!(
                    f,
                    "SFEN hand `{s}` is not counts and letters (`2Pb`) or `-`"
                )
            }
            ParseSfenError::HandTooLarge(s) => {
                write!(f, "SFEN hand `{s}` holds more pieces than the game has")
            }
            ParseSfenError::BadMoveNumber(why) => write!(f, "SFEN move number: {why}"),
            ParseSfenError::Fen(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for ParseSfenError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ParseSfenError::Fen(e) => Some(e),
            _ => None,
        }
    }
}

/// Whether SFEN can write every position of `game`: where FEN can.
pub fn has_sfen(game: &Game) -> bool {
    fen::has_fen(game)
}

/// Parses an SFEN string for `game`. Trailing fields may be left out (the
/// first player to move, an empty hand, move 1). The position must be one
/// play could reach, as [`fen::parse`] checks it.
///
/// # Errors
/// What is wrong and in which field.
pub fn parse<'g>(game: &'g Game, sfen: &str) -> Result<Position<'g>, ParseSfenError> {
    fen::parse(game, &as_fen(game, sfen)?).map_err(ParseSfenError::Fen)
}

/// [`parse`] without the check that the position could arise in play, as
/// [`fen::parse_unchecked`].
///
/// # Errors
/// What is wrong and in which field.
pub fn parse_unchecked<'g>(game: &'g Game, sfen: &str) -> Result<Position<'g>, ParseSfenError> {
    fen::parse_unchecked(game, &as_fen(game, sfen)?).map_err(ParseSfenError::Fen)
}

/// The FEN that says what `sfen` says, for FEN's reader to read.
fn as_fen(game: &Game, sfen: &str) -> Result<String, ParseSfenError> {
    let fields: Vec<&str> = sfen.split_whitespace().collect();
    let Some(&placement) = fields.first() else {
        return Err(ParseSfenError::Empty);
    };
    if fields.len() > 4 {
        return Err(ParseSfenError::TooManyFields);
    }
    let side = match fields.get(1).copied().unwrap_or("b") {
        "b" => Side::White,
        "w" => Side::Black,
        s => return Err(ParseSfenError::BadSide(s.to_string())),
    };
    let hand = read_hand(game, fields.get(2).copied().unwrap_or("-"))?;
    let ply = match fields.get(3) {
        Some(s) => crate::limits::read_move_counter(s).map_err(ParseSfenError::BadMoveNumber)?,
        None => 1,
    };
    // Ply `n` (from 1) is the first player's in move `(n + 1) / 2`, the
    // second's in move `n / 2`, as FEN counts moves.
    let fullmove = match side {
        Side::White => ply.saturating_add(1) / 2,
        Side::Black => ply / 2,
    }
    .max(1);
    // A placement holding `[` would smuggle a hand past SFEN's own field.
    if let Some(c) = placement.chars().find(|c| matches!(c, '[' | ']')) {
        return Err(ParseSfenError::Fen(ParseFenError::BadPlacementChar(c)));
    }
    // Where the game has no hand, FEN's reader says so of a hand given.
    let hand = if hand.is_empty() {
        String::new()
    } else {
        format!("[{hand}]")
    };
    let side = if side == Side::White { 'w' } else { 'b' };
    Ok(format!("{placement}{hand} {side} - - 0 {fullmove}"))
}

/// The hand `2Pb` as FEN writes it (`PPb`), no larger than the game's
/// pieces allow.
fn read_hand(game: &Game, text: &str) -> Result<String, ParseSfenError> {
    let bad = || ParseSfenError::BadHand(text.to_string());
    if text == "-" {
        return Ok(String::new());
    }
    let most = most_pieces(game);
    let mut out = String::new();
    let mut total = 0usize;
    let mut count: Option<usize> = None;
    for ch in text.chars() {
        if let Some(d) = ch.to_digit(10) {
            let n = count
                .unwrap_or(0)
                .saturating_mul(10)
                .saturating_add(d as usize);
            count = Some(n);
        } else if ch.is_ascii_alphabetic() {
            let n = count.take().unwrap_or(1);
            if n == 0 {
                return Err(bad());
            }
            total = total.saturating_add(n);
            if total > most {
                return Err(ParseSfenError::HandTooLarge(text.to_string()));
            }
            out.extend(std::iter::repeat_n(ch, n));
        } else {
            return Err(bad());
        }
    }
    if count.is_some() || out.is_empty() {
        return Err(bad());
    }
    Ok(out)
}

/// Writes `pos` as SFEN; `None` for a game FEN cannot write.
pub fn format(pos: &Position<'_>) -> Option<String> {
    let fen = fen::format(pos)?;
    let placement = fen.split(['[', ' ']).next()?;
    let first = pos.side_to_move() == Side::White;
    let ply = u64::from(pos.fullmove().saturating_sub(1)) * 2 + u64::from(!first) + 1;
    let side = if first { 'b' } else { 'w' };
    Some(format!("{placement} {side} {} {ply}", write_hand(pos)))
}

/// The hand as counts and letters, upper case (the first player's) first,
/// each side's kinds in USI's order; `-` when empty.
fn write_hand(pos: &Position<'_>) -> String {
    let game = pos.game();
    let Some(pool) = fen::hand_pool(game) else {
        return "-".to_string();
    };
    let mut out = String::new();
    for side in [Side::White, Side::Black] {
        // Each piece held, and how many of it.
        let mut held: Vec<(u8, usize)> = Vec::new();
        for &(piece, _) in pos.pool(pool, side) {
            match held.iter_mut().find(|(p, _)| *p == piece) {
                Some((_, n)) => *n += 1,
                None => held.push((piece, 1)),
            }
        }
        held.sort_by_key(|&(p, _)| (usi_rank(game, kind_of(p)), p));
        for (piece, n) in held {
            if n > 1 {
                out.push_str(&n.to_string());
            }
            out.push(game.letter(piece));
        }
    }
    if out.is_empty() {
        out.push('-');
    }
    out
}

/// Where USI puts a kind in a hand: shogi's letters in USI's order (rook,
/// bishop, gold, silver, knight, lance, pawn), then every other letter.
fn usi_rank(game: &Game, kind: u8) -> usize {
    let letter = game.pieces[kind as usize].letter.to_ascii_uppercase();
    "RBGSNLP".find(letter).unwrap_or(7)
}
