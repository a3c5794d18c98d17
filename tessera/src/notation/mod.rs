//! Positions and moves as text: FEN for single rectangular boards, a general
//! position notation for every board, UCI-style moves, SFEN and USI moves
//! (the shogi programs'), SAN and game records
//! (PGN); and checked play, whose refusals name the move as text.

mod checked;
pub mod fen;
pub mod own;
pub mod pgn;
pub mod position;
pub mod san;
pub mod sfen;
mod text;
pub use text::{EmptyMoveText, MoveText, WrittenMove};
pub mod uci;
pub mod usi;

pub use checked::{IllegalMove, Illegality, NotLastUndo};
// A position's playability is the engine's to judge; notation checks every
// position it reads by it.
pub use crate::engine::playable::{check_playable, PieceAt, PositionError, Problem, ProblemKind};

use crate::engine::movegen::piece_moves;
use crate::engine::moves::{MoveKind, NO_CELL};
use crate::engine::position::EnPassant;
use crate::engine::Position;
use crate::game::{code, kind_of, Game, Side};
use std::fmt;

/// Finds the piece that just passed `name`: one of the side not to move whose
/// en-passant-setting movement, from some empty cell, passes there and ends on it.
pub(crate) fn en_passant_for(pos: &Position<'_>, name: &str) -> Option<EnPassant> {
    en_passant_by(pos, name, None)
}

/// [`en_passant_for`], the piece that passed being the one on `victim` when
/// given.
pub(crate) fn en_passant_by(
    pos: &Position<'_>,
    name: &str,
    victim: Option<u16>,
) -> Option<EnPassant> {
    let game = pos.game();
    let target = game.cell(name)?;
    if pos.at(target) != 0 {
        return None;
    }
    let mover = pos.side_to_move().opposite();
    for victim in pos
        .occupied(mover)
        .iter()
        .filter(|&v| victim.is_none_or(|x| x == v))
    {
        let kind = kind_of(pos.at(victim));
        if !game.pieces[kind as usize]
            .movements
            .iter()
            .any(|m| m.sets_en_passant)
        {
            continue;
        }
        let mut probe = pos.clone();
        let piece = probe.take(victim);
        probe.set_side_to_move(mover);
        for origin in 0..game.cell_count() as u16 {
            // The origin is empty, or holds a neutral piece placed there after
            // the move (duck chess).
            let left = probe.at(origin);
            if left != 0 && !game.pieces[kind_of(left) as usize].neutral {
                continue;
            }
            probe.take(origin);
            probe.put(origin, piece);
            probe.set_unmoved(origin, true);
            let mut moves = Vec::new();
            piece_moves(&probe, origin, &mut moves);
            probe.set_unmoved(origin, false);
            probe.take(origin);
            if left != 0 {
                probe.put(origin, left);
            }
            let hit = moves.iter().find(|m| {
                m.kind == MoveKind::SetsEnPassant
                    && m.to == victim
                    && (m.aux == target || m.aux2 == target)
            });
            if let Some(m) = hit {
                return Some(EnPassant {
                    targets: [m.aux, m.aux2],
                    victim,
                });
            }
        }
    }
    None
}

/// The en-passant field: a target cell, or, where another piece could have
/// passed that cell too (Berolina pawns), the target and the cell of the piece
/// that passed it, in either order (Fairy-Stockfish writes them in cell order:
/// `d3c4`, `g5f6`).
pub(crate) fn read_en_passant(pos: &Position<'_>, text: &str) -> Option<EnPassant> {
    let game = pos.game();
    if let Some(ep) = en_passant_for(pos, text) {
        return Some(only_named(pos, ep, &[game.cell(text)?]));
    }
    // `notation en passant passed`: two cells passed by one piece (`f3f4`).
    let both = (1..text.len()).find_map(|i| {
        let (a, b) = (game.cell(text.get(..i)?)?, game.cell(text.get(i..)?)?);
        let ep = en_passant_for(pos, text.get(..i)?)?;
        (ep.is_target(b) && a != b).then(|| only_named(pos, ep, &[a, b]))
    });
    if let Some(ep) = both {
        if game.rules.en_passant_taken & 1u128 << kind_of(pos.at(ep.victim)) != 0 {
            return Some(ep);
        }
    }
    (1..text.len()).find_map(|i| {
        let (a, b) = (text.get(..i)?, text.get(i..)?);
        [(a, b), (b, a)]
            .into_iter()
            .find_map(|(target, victim)| en_passant_by(pos, target, Some(game.cell(victim)?)))
    })
}

/// The en-passant field of `pos` as [`read_en_passant`] reads it back: `-`,
/// the first target, or the target and the victim's cell, in cell order,
/// where the target alone could name another piece or the victim's kind has
/// several movements that set en passant (Berolina pawns), as
/// Fairy-Stockfish writes it.
pub(crate) fn write_en_passant(pos: &Position<'_>) -> String {
    let Some(ep) = pos.en_passant() else {
        return "-".to_string();
    };
    let game = pos.game();
    let target = game.cell_name(ep.targets[0]);
    if game.rules.en_passant_taken & 1u128 << kind_of(pos.at(ep.victim)) != 0 {
        // The cells passed where a capture could land, in cell order.
        let cells: String = crate::engine::keys::en_passant_captured_targets(pos)
            .into_iter()
            .filter(|&t| t != NO_CELL)
            .map(|t| game.cell_name(t))
            .collect();
        return if cells.is_empty() {
            "-".to_string()
        } else {
            cells
        };
    }
    if game.rules.en_passant_passed & 1u128 << kind_of(pos.at(ep.victim)) != 0 {
        return match ep.targets {
            [_, NO_CELL] => target.to_string(),
            [a, b] => format!("{}{}", game.cell_name(a.min(b)), game.cell_name(a.max(b))),
        };
    }
    let victim_kind = &game.pieces[kind_of(pos.at(ep.victim)) as usize];
    let setters = victim_kind
        .movements
        .iter()
        .filter(|m| m.sets_en_passant)
        .count();
    if setters < 2
        && game.rules.en_passant_always & 1u128 << kind_of(pos.at(ep.victim)) == 0
        && en_passant_for(pos, target).is_some_and(|found| found.victim == ep.victim)
    {
        return target.to_string();
    }
    let victim = game.cell_name(ep.victim);
    if ep.targets[0] < ep.victim {
        format!("{target}{victim}")
    } else {
        format!("{victim}{target}")
    }
}

/// Where the victim's kind writes only the cells passed that a capture could
/// use (`notation en passant passed`), the targets the field names: the
/// others were not written because no capture could use them.
fn only_named(pos: &Position<'_>, ep: EnPassant, named: &[u16]) -> EnPassant {
    if pos.game().rules.en_passant_taken & 1u128 << kind_of(pos.at(ep.victim)) == 0 {
        return ep;
    }
    let mut kept = ep.targets.into_iter().filter(|t| named.contains(t));
    let first = kept.next().unwrap_or(NO_CELL);
    EnPassant {
        targets: [first, kept.next().unwrap_or(NO_CELL)],
        ..ep
    }
}

/// Where a piece stands: on a cell or in a pool of its owner.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Location {
    /// On the board: a cell, an index into [`Game::cell_names`](crate::game::Game::cell_names).
    Cell(u16),
    /// In a pool: an index into [`Game::pool_names`](crate::game::Game::pool_names).
    Pool(usize),
}

/// A piece as positions and moves write it: its letter (upper case for White),
/// its cell or `@pool`, and `:counter` for kinds that carry one: `Ra1:6`,
/// `b@back:3`, `Kd1`.
///
/// # Panics
/// As [`Game::letter`] for `code`, and for a cell or pool the game does not
/// have.
pub fn piece_item(game: &Game, code: u8, at: Location, state: u8) -> String {
    let mut s = game.piece_text(code);
    match at {
        Location::Cell(c) => s.push_str(game.cell_name(c)),
        Location::Pool(p) => {
            s.push('@');
            s.push_str(&game.pools.pool_names[p]);
        }
    }
    if game.pieces[kind_of(code) as usize].counter.is_some() {
        s.push(':');
        s.push_str(&state.to_string());
    }
    s
}

/// What is wrong with a piece item (`Ra1:6`, `p@hand`, `+P~b2`).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum PieceItemError {
    /// The item is empty.
    Empty,
    /// No kind is lettered so.
    UnknownLetter {
        /// The letter.
        letter: char,
        /// The whole item.
        item: String,
    },
    /// `+X` where no kind is written so.
    NoPromotedKind {
        /// The letter after `+`.
        letter: char,
        /// The whole item.
        item: String,
    },
    /// `X~` where the kind has no promoted copy.
    NoPromotedCopy {
        /// The whole item.
        item: String,
    },
    /// `@NAME` where the game has no such pool.
    UnknownPool {
        /// The pool's name as written.
        pool: String,
        /// The whole item.
        item: String,
    },
    /// The cell named is not one of the game's.
    UnknownCell {
        /// The cell's name as written.
        cell: String,
        /// The whole item.
        item: String,
    },
    /// `:N` where `N` is not a number.
    CounterNotANumber {
        /// The counter as written.
        counter: String,
        /// The whole item.
        item: String,
    },
    /// `:N` outside the kind's range.
    CounterOutOfRange {
        /// The counter as written.
        counter: String,
        /// The whole item.
        item: String,
        /// The lowest value the kind's counter takes.
        low: u8,
        /// The highest.
        high: u8,
    },
    /// `:N` on a kind that carries no counter.
    NoCounter {
        /// The whole item.
        item: String,
    },
}

impl fmt::Display for PieceItemError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use PieceItemError::*;
        match self {
            Empty => write!(f, "an empty piece item"),
            UnknownLetter { letter, item } => {
                write!(f, "piece letter `{letter}` in `{item}` names no piece")
            }
            NoPromotedKind { letter, item } => {
                write!(f, "no kind is written `+{letter}`, as `{item}` has it")
            }
            NoPromotedCopy { item } => write!(f, "`{item}`: no promoted copy of this kind exists"),
            UnknownPool { pool, item } => write!(f, "`{pool}` in `{item}` is not a pool"),
            UnknownCell { cell, item } => write!(f, "`{cell}` in `{item}` is not a cell"),
            CounterNotANumber { counter, item } => {
                write!(f, "counter `{counter}` in `{item}` is not a number")
            }
            CounterOutOfRange {
                counter,
                item,
                low,
                high,
            } => write!(
                f,
                "counter `{counter}` in `{item}` is outside {low}..{high}"
            ),
            NoCounter { item } => write!(f, "piece `{item}` carries no counter"),
        }
    }
}

impl std::error::Error for PieceItemError {}

/// Reads a piece item written by [`piece_item`]; a counter left out is the
/// kind's start value.
///
/// # Errors
/// What is wrong with the item.
pub fn parse_piece_item(game: &Game, item: &str) -> Result<(u8, Location, u8), PieceItemError> {
    let owned = || item.to_string();
    let (promoted, text) = match item.strip_prefix('+') {
        Some(rest) => (true, rest),
        None => (false, item),
    };
    let mut chars = text.chars();
    let letter = chars.next().ok_or(PieceItemError::Empty)?;
    let mut kind = game
        .kind_by_letter(letter)
        .ok_or_else(|| PieceItemError::UnknownLetter {
            letter,
            item: owned(),
        })?;
    if promoted {
        kind = game
            .promoted_form(kind)
            .ok_or_else(|| PieceItemError::NoPromotedKind {
                letter,
                item: owned(),
            })?;
    }
    let side = if letter.is_ascii_uppercase() || game.pieces[kind as usize].neutral {
        Side::White
    } else {
        Side::Black
    };
    let mut rest = chars.as_str();
    if let Some(after) = rest.strip_prefix('~') {
        rest = after;
        kind = game
            .pieces
            .iter()
            .position(|p| matches!(p.mark, crate::game::Mark::Copy(_)) && p.base == kind)
            .map(|k| k as u8)
            .ok_or_else(|| PieceItemError::NoPromotedCopy { item: owned() })?;
    }
    let (place, state) = match rest.split_once(':') {
        Some((p, s)) => (p, Some(s)),
        None => (rest, None),
    };
    let at = match place.strip_prefix('@') {
        Some(pool) => Location::Pool(
            game.pools
                .pool_names
                .iter()
                .position(|p| p == pool)
                .ok_or_else(|| PieceItemError::UnknownPool {
                    pool: pool.to_string(),
                    item: owned(),
                })?,
        ),
        None => Location::Cell(
            game.cell(place)
                .ok_or_else(|| PieceItemError::UnknownCell {
                    cell: place.to_string(),
                    item: owned(),
                })?,
        ),
    };
    let piece = &game.pieces[kind as usize];
    let state = match (state, &piece.counter) {
        (None, _) => piece.start_state(),
        (Some(s), Some(c)) => {
            let v: u8 = s.parse().map_err(|_| PieceItemError::CounterNotANumber {
                counter: s.to_string(),
                item: owned(),
            })?;
            if !(c.low..=c.high).contains(&v) {
                return Err(PieceItemError::CounterOutOfRange {
                    counter: s.to_string(),
                    item: owned(),
                    low: c.low,
                    high: c.high,
                });
            }
            v
        }
        (Some(_), None) => return Err(PieceItemError::NoCounter { item: owned() }),
    };
    Ok((code(kind, side), at, state))
}
