//! FEN in and out, for games on one rectangular two-axis board.
//!
//! The conventions are those of Fairy-Stockfish and X-FEN: ranks from the top,
//! digits for runs of empty cells (several digits on boards wider than 9), piece
//! letters upper case for White, then side to move, castling rights (`KQkq` for
//! the outermost partner, file letters for others, `-` for none), the en-passant
//! target, the halfmove clock and the move number. Trailing fields may be left out.

use crate::engine::Position;
use crate::game::{code, kind_of, side_of, Game, Side};
use std::fmt;

/// Why a FEN string was rejected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseFenError {
    /// The game's board is not one rectangle of two axes.
    NotRectangular,
    /// The game has pools, piece counters or first-move rights other than
    /// castling's, which FEN cannot write.
    NeedsGeneralNotation,
    /// The placement has the wrong number of ranks.
    RankCount { found: usize, expected: usize },
    /// Rank `rank` (counted from the top, 1-based) has the wrong width.
    RankWidth {
        rank: usize,
        found: usize,
        expected: usize,
    },
    /// A letter that names no piece.
    UnknownPiece(char),
    /// A character that does not belong in the placement.
    BadPlacementChar(char),
    /// The side-to-move field is neither `w` nor `b`.
    BadSide(String),
    /// A castling character that names no castling right here.
    BadCastling(char),
    /// The en-passant field is not a cell, or no piece just passed it.
    BadEnPassant(String),
    /// A counter is not a number.
    BadCounter(String),
    /// More than six fields.
    TooManyFields,
    /// The FEN is empty.
    Empty,
    /// The position cannot arise: the side not to move is in check.
    Unplayable(String),
}

impl fmt::Display for ParseFenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseFenError::NeedsGeneralNotation => write!(
                f,
                "FEN cannot hold this game's pools, piece counters or first-move rights; use --position"
            ),
            ParseFenError::NotRectangular => {
                write!(
                    f,
                    "FEN needs a single rectangular board; this game's board is not one"
                )
            }
            ParseFenError::RankCount { found, expected } => {
                write!(f, "FEN has {found} ranks; the board has {expected}")
            }
            ParseFenError::RankWidth {
                rank,
                found,
                expected,
            } => {
                write!(f, "FEN rank {rank} (from the top) has {found} cells; the board has {expected} files")
            }
            ParseFenError::UnknownPiece(c) => {
                write!(f, "FEN piece letter `{c}` names no piece of this game")
            }
            ParseFenError::BadPlacementChar(c) => {
                write!(f, "unexpected `{c}` in the FEN placement")
            }
            ParseFenError::BadSide(s) => write!(f, "FEN side to move `{s}` must be `w` or `b`"),
            ParseFenError::BadCastling(c) => {
                write!(f, "FEN castling right `{c}` matches no king and partner")
            }
            ParseFenError::BadEnPassant(s) => write!(
                f,
                "FEN en-passant square `{s}` does not follow a double step"
            ),
            ParseFenError::BadCounter(s) => write!(f, "FEN counter `{s}` is not a number"),
            ParseFenError::TooManyFields => write!(f, "FEN has more than six fields"),
            ParseFenError::Empty => write!(f, "FEN is empty"),
            ParseFenError::Unplayable(why) => write!(f, "FEN position is impossible: {why}"),
        }
    }
}

impl std::error::Error for ParseFenError {}

/// Parses a FEN string for `game`.
///
/// # Errors
/// What is wrong and in which field.
pub fn parse<'g>(game: &'g Game, fen: &str) -> Result<Position<'g>, ParseFenError> {
    let rect = game.rect.as_ref().ok_or(ParseFenError::NotRectangular)?;
    if !has_fen(game) {
        return Err(ParseFenError::NeedsGeneralNotation);
    }
    let fields: Vec<&str> = fen.split_whitespace().collect();
    if fields.is_empty() {
        return Err(ParseFenError::Empty);
    }
    if fields.len() > 6 {
        return Err(ParseFenError::TooManyFields);
    }
    let side = match fields.get(1).copied().unwrap_or("w") {
        "w" => Side::White,
        "b" => Side::Black,
        s => return Err(ParseFenError::BadSide(s.to_string())),
    };
    let mut pos = Position::empty(game, side);
    parse_placement(game, rect, fields.first().copied().unwrap_or(""), &mut pos)?;
    // Pieces that no castling concerns keep their first-move right where the setup put them.
    for (cell, c) in &game.setup {
        if pos.at(*cell) == *c && !castling_kind(game, kind_of(*c)) {
            // `set_unmoved` ignores kinds that do not track it.
            pos.set_unmoved(*cell, true);
        }
    }
    parse_castling(game, fields.get(2).copied().unwrap_or("-"), &mut pos)?;
    if let Some(ep) = fields.get(3).copied().filter(|s| *s != "-") {
        let ep_state = super::en_passant_for(&pos, ep)
            .ok_or_else(|| ParseFenError::BadEnPassant(ep.to_string()))?;
        pos.set_en_passant(Some(ep_state));
    }
    let counter = |i: usize, default: u32| -> Result<u32, ParseFenError> {
        fields.get(i).map_or(Ok(default), |s| {
            s.parse()
                .map_err(|_| ParseFenError::BadCounter(s.to_string()))
        })
    };
    pos.halfmove = counter(4, 0)?;
    pos.fullmove = counter(5, 1)?.max(1);
    super::check_playable(&pos).map_err(ParseFenError::Unplayable)?;
    Ok(pos)
}

/// Whether FEN can write every position of `game`: one rectangle, no pools, no
/// piece counters, and no first-move rights beyond castling's.
pub fn has_fen(game: &Game) -> bool {
    game.rect.is_some()
        && game.pool_names.is_empty()
        && game.pieces.iter().enumerate().all(|(k, p)| {
            p.counter.is_none() && (!p.tracks_unmoved || castling_kind(game, k as u8))
        })
}

fn castling_kind(game: &Game, kind: u8) -> bool {
    game.castlings
        .iter()
        .any(|c| c.king == kind || c.rook == kind)
}

fn parse_placement(
    game: &Game,
    rect: &[Vec<u16>],
    text: &str,
    pos: &mut Position<'_>,
) -> Result<(), ParseFenError> {
    let rows: Vec<&str> = text.split('/').collect();
    if rows.len() != rect.len() {
        return Err(ParseFenError::RankCount {
            found: rows.len(),
            expected: rect.len(),
        });
    }
    let files = rect[0].len();
    for (i, row) in rows.iter().enumerate() {
        let cells = &rect[rect.len() - 1 - i];
        let mut file = 0usize;
        let mut chars = row.chars().peekable();
        while let Some(ch) = chars.next() {
            if let Some(d) = ch.to_digit(10) {
                let mut n = d as usize;
                while let Some(d2) = chars.peek().and_then(|c| c.to_digit(10)) {
                    n = n.saturating_mul(10).saturating_add(d2 as usize);
                    chars.next();
                }
                file = file.saturating_add(n);
            } else if ch == '~' {
                // X-FEN marks promoted pieces; promotion state does not matter here.
            } else if ch.is_ascii_alphabetic() {
                let kind = game
                    .kind_by_letter(ch)
                    .ok_or(ParseFenError::UnknownPiece(ch))?;
                let side = if ch.is_ascii_uppercase() {
                    Side::White
                } else {
                    Side::Black
                };
                if file < files {
                    pos.put(cells[file], code(kind, side));
                }
                file = file.saturating_add(1);
            } else {
                return Err(ParseFenError::BadPlacementChar(ch));
            }
        }
        if file != files {
            return Err(ParseFenError::RankWidth {
                rank: i + 1,
                found: file,
                expected: files,
            });
        }
    }
    Ok(())
}

/// The file coordinate of a cell on a rectangular board.
fn file_of(game: &Game, c: u16) -> i64 {
    game.cells[c as usize].coords[0][0]
}

/// The partner cells along one castling direction from `king`, nearest first.
fn partners_along(pos: &Position<'_>, king: u16, dir: u8, rook_code: u8) -> Vec<u16> {
    let game = pos.game();
    let side = side_of(rook_code);
    let mut out = Vec::new();
    let mut at = king;
    for _ in 0..game.cell_count() {
        match game.step(side, dir, at).first() {
            Some(&t) => {
                if pos.at(t) == rook_code {
                    out.push(t);
                }
                at = t;
            }
            None => break,
        }
    }
    out
}

fn parse_castling(game: &Game, text: &str, pos: &mut Position<'_>) -> Result<(), ParseFenError> {
    if text == "-" {
        return Ok(());
    }
    for ch in text.chars() {
        let side = if ch.is_ascii_uppercase() {
            Side::White
        } else {
            Side::Black
        };
        let mut found = false;
        for c in &game.castlings {
            let kings: Vec<u16> = pos
                .occupied(side)
                .iter()
                .filter(|&k| pos.at(k) == code(c.king, side))
                .collect();
            for king in kings {
                for &d in &c.dirs {
                    let partners = partners_along(pos, king, d, code(c.rook, side));
                    let rook = match ch.to_ascii_uppercase() {
                        'K' | 'Q' => {
                            let east = partners
                                .first()
                                .is_some_and(|&r| file_of(game, r) > file_of(game, king));
                            (east == ch.eq_ignore_ascii_case(&'K'))
                                .then(|| partners.last().copied())
                                .flatten()
                        }
                        l => partners.iter().copied().find(|&r| {
                            let f = file_of(game, r);
                            char::from_u32('A' as u32 + f as u32) == Some(l)
                        }),
                    };
                    if let Some(r) = rook {
                        pos.set_unmoved(king, true);
                        pos.set_unmoved(r, true);
                        found = true;
                    }
                }
            }
        }
        if !found {
            return Err(ParseFenError::BadCastling(ch));
        }
    }
    Ok(())
}

/// Writes `pos` as FEN.
///
/// # Panics
/// Never for positions of a game with a rectangular board; other games have no FEN
/// and get `None`.
pub fn format(pos: &Position<'_>) -> Option<String> {
    let game = pos.game();
    let rect = game.rect.as_ref().filter(|_| has_fen(game))?;
    let mut s = String::new();
    for (i, row) in rect.iter().rev().enumerate() {
        if i > 0 {
            s.push('/');
        }
        let mut empty = 0;
        for &c in row {
            let code = pos.at(c);
            if code == 0 {
                empty += 1;
            } else {
                if empty > 0 {
                    s.push_str(&empty.to_string());
                    empty = 0;
                }
                s.push(game.letter(code));
            }
        }
        if empty > 0 {
            s.push_str(&empty.to_string());
        }
    }
    s.push(' ');
    s.push(if pos.side_to_move() == Side::White {
        'w'
    } else {
        'b'
    });
    s.push(' ');
    s.push_str(&castling_rights(pos));
    s.push(' ');
    match pos.en_passant() {
        Some(ep) => s.push_str(game.cell_name(ep.targets[0])),
        None => s.push('-'),
    }
    s.push_str(&format!(" {} {}", pos.halfmove, pos.fullmove));
    Some(s)
}

fn castling_rights(pos: &Position<'_>) -> String {
    let game = pos.game();
    let mut out = String::new();
    for side in [Side::White, Side::Black] {
        let mut rights: Vec<char> = Vec::new();
        for c in &game.castlings {
            for king in pos.occupied(side).iter() {
                if pos.at(king) != code(c.king, side) || !pos.is_unmoved(king) {
                    continue;
                }
                for &d in &c.dirs {
                    let partners = partners_along(pos, king, d, code(c.rook, side));
                    for (i, &r) in partners.iter().enumerate() {
                        if !pos.is_unmoved(r) {
                            continue;
                        }
                        let east = file_of(game, r) > file_of(game, king);
                        let ch = if i + 1 == partners.len() {
                            if east {
                                'K'
                            } else {
                                'Q'
                            }
                        } else {
                            char::from_u32('A' as u32 + file_of(game, r) as u32).unwrap_or('?')
                        };
                        rights.push(ch);
                    }
                }
            }
        }
        // Kingside first, then queenside, then file letters: the usual order.
        rights.sort_by_key(|&c| match c {
            'K' => (0, c),
            'Q' => (1, c),
            _ => (2, c),
        });
        rights.dedup();
        for ch in rights {
            out.push(if side == Side::White {
                ch
            } else {
                ch.to_ascii_lowercase()
            });
        }
    }
    if out.is_empty() {
        out.push('-');
    }
    out
}
