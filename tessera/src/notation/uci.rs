//! Moves in UCI style: origin and destination cell names, then a lower-case
//! promotion letter (`e2e4`, `e7e8q`).
//!
//! On boards other than one rectangle, where cell names have no fixed shape
//! (`0`, `X`, `Ab2`, `c3`), a dash separates the cells and `=` introduces the
//! promotion: `c1-0`, `0-X`, `Ac1-c3`, `Cb5-Ca6=q`.
//!
//! Pieces out of pools are written as positions write them (letter, `@pool`,
//! `:counter`), the letter in upper case: a drop `R@front:6-a1`, a transfer
//! `B@back:3-@front`, a promotion taking a piece from a pool `b6b7=R@front:6`.
//! Where FEN holds the game (one rectangle, its one pool a hand), a drop is
//! `P@e4` (`+P@e4` for a piece dropped as its promoted form) and a promotion
//! to a kind lettered `+X` ends in `+`, as Fairy-Stockfish writes them. A
//! piece of a kind lettered `+X` turning back into `X` (a demotion) ends in
//! `-`, on every board.
//!
//! A pass is written as the mover's royal piece standing still (`e2e2`), or
//! `0000` where the mover has none.
//!
//! Castling prints as the king's move (`e1g1`) when the partner lands beside the
//! king's destination after a king move of two or more steps, as in FIDE chess; any
//! other castling adds the partner's move after a slash (`e1f1/h1e1`), since the
//! king's move alone could be an ordinary step. Parsing matches the text against
//! the printed form of every legal move, so every printed move parses back.

use super::{piece_item, Location};
use crate::engine::legal::legal_moves;
use crate::engine::moves::NO_CELL;
use crate::engine::{Move, MoveKind, Position, RawMove};
use crate::game::{code, kind_of, Game, Side};
use std::fmt;

/// Why a move was rejected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseMoveError {
    /// The move as given.
    pub text: String,
    /// The legal moves from the cell the text starts with, sorted, to help
    /// the user (empty when it starts with no cell a legal move leaves).
    pub legal_from_there: Vec<String>,
}

impl ParseMoveError {
    /// ` (legal from there: e2e3 e2e4)`, or nothing when no legal move leaves
    /// the cell the text starts with.
    pub fn hint(&self) -> String {
        if self.legal_from_there.is_empty() {
            String::new()
        } else {
            format!(" (legal from there: {})", self.legal_from_there.join(" "))
        }
    }
}

impl fmt::Display for ParseMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "`{}` is not a legal move here{}", self.text, self.hint())
    }
}

impl std::error::Error for ParseMoveError {}

/// Writes `mv` in UCI style. A move another game handed out, or one whose
/// cells, pools or kinds `game` does not have, is described instead
/// ([`describe_unfit`]), never written as some other move of this game.
pub fn format(game: &Game, mv: &Move) -> String {
    match describe_unfit(game, mv) {
        Some(description) => description,
        None => write(game, &mv.raw),
    }
}

/// Writes the engine's move `mv`, made in a position of `game`, in UCI style.
pub(crate) fn write(game: &Game, mv: &RawMove) -> String {
    write_as(game, mv, &Style::UCI)
}

/// How a coordinate notation names cells and marks drops: UCI's own names
/// and `@` (`P@e4`), or USI's numbered files and `*` (`P*5e`). The shape of
/// every move is the same in both, so one writer serves them.
pub(crate) struct Style {
    /// The name of a cell.
    pub cell: fn(&Game, u16) -> String,
    /// What stands between a dropped piece's letter and its cell.
    pub drop: char,
}

impl Style {
    /// UCI's: the game's own cell names, `@` for drops.
    pub const UCI: Style = Style {
        cell: |game, c| game.cell_name(c).to_string(),
        drop: '@',
    };
}

/// [`write`], in the notation `style` names cells and drops in.
pub(crate) fn write_as(game: &Game, mv: &RawMove, style: &Style) -> String {
    let cell = |c: u16| (style.cell)(game, c);
    let (dash, equals) = if game.board.rect.is_some() {
        ("", "")
    } else {
        ("-", "=")
    };
    // Pieces out of pools are written as positions write them, the letter in
    // upper case whichever side moves.
    let pooled = |kind: u8, pool: usize, state: u8| {
        piece_item(game, code(kind, Side::White), Location::Pool(pool), state)
    };
    match mv.kind {
        // Where FEN holds the game, its hand is the one pool: a drop is written
        // as Fairy-Stockfish writes it, `P@e4`.
        // A piece dropped as its promoted form is `+P@a2`.
        MoveKind::Drop if super::fen::has_fen(game) => {
            let letter = game.pieces[kind_of(mv.piece) as usize].letter;
            let plus = if mv.promotes_to().is_some() { "+" } else { "" };
            return format!("{plus}{letter}{}{}", style.drop, cell(mv.to));
        }
        MoveKind::Drop => {
            let item = pooled(kind_of(mv.piece), mv.from as usize, mv.state);
            let plus = if mv.promotes_to().is_some() { "=+" } else { "" };
            return format!("{item}-{}{plus}", cell(mv.to));
        }
        MoveKind::Transfer => {
            let item = pooled(kind_of(mv.piece), mv.from as usize, mv.state);
            return format!("{item}-@{}", game.pools.pool_names[mv.to as usize]);
        }
        // A pass is the royal piece's cell twice (`e2e2`), as Fairy-Stockfish
        // writes it; without a royal piece, UCI's null move.
        MoveKind::Pass if mv.from == NO_CELL => return "0000".to_string(),
        _ => {}
    }
    let mut s = format!("{}{dash}{}", cell(mv.from), cell(mv.to));
    if let Some(k) = mv.promotes_to() {
        if mv.source > 0 {
            s.push('=');
            s.push_str(&pooled(k, mv.source as usize - 1, mv.state));
        } else {
            s.push_str(equals);
            match game.pieces[k as usize].mark {
                // A kind written `+X` turning back into `X` is written `-`,
                // as Fairy-Stockfish writes a demotion.
                _ if mv.demotes() => s.push('-'),
                // Promotion to a kind written `+X` is written `+`, as in shogi.
                crate::game::Mark::Promoted(_) => s.push('+'),
                _ => s.push(game.pieces[k as usize].letter.to_ascii_lowercase()),
            }
        }
    }
    if mv.kind == MoveKind::Castle && game.rules.gating.is_some() && mv.gate == mv.aux {
        // Gating onto the partner's cell: the partner's move onto the king's
        // cell, as Fairy-Stockfish writes it (`h1e1h`).
        s = format!("{}{dash}{}", cell(mv.aux), cell(mv.from));
    } else if mv.kind == MoveKind::Castle && game.rules.castlings.iter().any(|c| c.fixed.is_some())
    {
        // Castling to fixed cells (Chess960) is written as the king taking
        // its partner, as Fairy-Stockfish and UCI_Chess960 write it (`e1h1`).
        s = format!("{}{dash}{}", cell(mv.from), cell(mv.aux));
    } else if mv.kind == MoveKind::Castle
        && game.rules.castling_takes_rook
        && !is_plain_castling(game, mv)
    {
        // `notation castling king takes rook`: as Fairy-Stockfish writes a
        // castling whose king moves one step (`d1f1`).
        s = format!("{}{dash}{}", cell(mv.from), cell(mv.aux));
    } else if mv.kind == MoveKind::Castle && !is_plain_castling(game, mv) {
        let (rook_from, rook_to) = (cell(mv.aux), cell(mv.aux2));
        s.push_str(&format!("/{rook_from}{dash}{rook_to}"));
    }
    if let (true, Some(_)) = (mv.gate != NO_CELL, game.rules.walling) {
        // The neutral piece placed after the move: `e2e4,e4d5`, as
        // Fairy-Stockfish writes it.
        s.push_str(&format!(",{}{dash}{}", cell(mv.to), cell(mv.gate)));
    } else if mv.gate != NO_CELL {
        // A gated piece: its letter, as a promotion's (`g1f3h`).
        s.push_str(equals);
        s.push(
            game.pieces[kind_of(mv.piece) as usize]
                .letter
                .to_ascii_lowercase(),
        );
    }
    s
}

/// FIDE-shaped castling: the king moves two or more steps along a line and the
/// partner lands on the last cell the king passed.
fn is_plain_castling(game: &Game, mv: &RawMove) -> bool {
    let Some(kc) = game.board.cells[mv.from as usize].coords.first() else {
        return false;
    };
    let (Some(tc), Some(rc)) = (
        game.board.cells[mv.to as usize].coords.first(),
        game.board.cells[mv.aux2 as usize].coords.first(),
    ) else {
        return false;
    };
    distance(kc, tc) >= 2 && distance(rc, tc) == 1
}

/// The number of king steps between two coordinates.
fn distance(a: &[i64], b: &[i64]) -> i64 {
    a.iter()
        .zip(b)
        .map(|(x, y)| x.saturating_sub(*y).saturating_abs())
        .max()
        .unwrap_or(0)
}

/// What `mv` is, where it cannot be written in `game`: a move of another
/// game (a stamped move whose [`Move::game`] is not `game`'s), or one whose
/// cells, pools or kinds `game` does not have; `None` where it can.
pub fn describe_unfit(game: &Game, mv: &Move) -> Option<String> {
    if !mv.is_of(game) {
        Some(format!(
            "a move from {} to {} of another game",
            mv.origin(),
            mv.destination()
        ))
    } else if !mv.raw.in_range(game) {
        Some(format!(
            "a move from {} to {} that does not fit this game",
            mv.origin(),
            mv.destination()
        ))
    } else {
        None
    }
}

/// Parses a move in UCI style against the legal moves of `pos`.
///
/// # Errors
/// When no legal move prints as `text`.
pub fn parse(pos: &mut Position<'_>, text: &str) -> Result<Move, ParseMoveError> {
    parse_as(pos, text, &Style::UCI)
}

/// [`parse`], in the notation `style` names cells and drops in: the legal
/// move that [`write_as`] writes as `text`.
pub(crate) fn parse_as(
    pos: &mut Position<'_>,
    text: &str,
    style: &Style,
) -> Result<Move, ParseMoveError> {
    let game = pos.game();
    let mut moves = Vec::new();
    legal_moves(pos, &mut moves);
    let wanted = text.trim();
    let written = |m: &Move| match describe_unfit(game, m) {
        Some(description) => description,
        None => write_as(game, &m.raw, style),
    };
    if let Some(m) = moves.iter().find(|m| written(m) == wanted) {
        return Ok(*m);
    }
    let mut from_here: Vec<String> = moves
        .iter()
        .filter(|m| !m.is_from_pool() && wanted.starts_with(&(style.cell)(game, m.origin())))
        .map(written)
        .collect();
    from_here.sort();
    Err(ParseMoveError {
        text: wanted.to_string(),
        legal_from_there: from_here,
    })
}
