//! Positions and moves as text: FEN for single rectangular boards, a general
//! position notation for every board, and UCI-style moves.

pub mod fen;
pub mod position;
mod text;
pub mod uci;

use crate::engine::movegen::piece_moves;
use crate::engine::moves::MoveKind;
use crate::engine::position::EnPassant;
use crate::engine::Position;
use crate::game::{code, kind_of, Game, Side};

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
    if let Some(ep) = en_passant_for(pos, text) {
        return Some(ep);
    }
    let game = pos.game();
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
    let victim_kind = &game.pieces[kind_of(pos.at(ep.victim)) as usize];
    let setters = victim_kind
        .movements
        .iter()
        .filter(|m| m.sets_en_passant)
        .count();
    if setters < 2 && en_passant_for(pos, target).is_some_and(|found| found.victim == ep.victim) {
        return target.to_string();
    }
    let victim = game.cell_name(ep.victim);
    if ep.targets[0] < ep.victim {
        format!("{target}{victim}")
    } else {
        format!("{victim}{target}")
    }
}

/// Checks what every position read from text must satisfy: the side that just
/// moved has no royal piece under attack (else the side to move could take it).
///
/// # Errors
/// The message names the side in check.
pub fn check_playable(pos: &Position<'_>) -> Result<(), String> {
    let waiting = pos.side_to_move().opposite();
    // A game a goal has ended may leave the winner in check: in atomic
    // chess, the move that blows up the last enemy king.
    if crate::engine::attack::in_check(pos, waiting)
        && crate::engine::outcome::rule_end(&mut pos.clone()).is_none()
    {
        return Err(format!("{} is in check but not to move", waiting.name()));
    }
    Ok(())
}

/// Where a piece stands: on a cell or in a pool of its owner.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Location {
    /// On the board: a cell, an index into [`Game::cells`](crate::game::Game::cells).
    Cell(u16),
    /// In a pool: an index into [`Game::pool_names`](crate::game::Game::pool_names).
    Pool(usize),
}

/// A piece as positions and moves write it: its letter (upper case for White),
/// its cell or `@pool`, and `:counter` for kinds that carry one: `Ra1:6`,
/// `b@back:3`, `Kd1`.
pub fn piece_item(game: &Game, code: u8, at: Location, state: u8) -> String {
    let mut s = game.piece_text(code);
    match at {
        Location::Cell(c) => s.push_str(game.cell_name(c)),
        Location::Pool(p) => {
            s.push('@');
            s.push_str(&game.pool_names[p]);
        }
    }
    if game.pieces[kind_of(code) as usize].counter.is_some() {
        s.push(':');
        s.push_str(&state.to_string());
    }
    s
}

/// Reads a piece item written by [`piece_item`]; a counter left out is the
/// kind's start value.
///
/// # Errors
/// What is wrong with the item, in words.
pub fn parse_piece_item(game: &Game, item: &str) -> Result<(u8, Location, u8), String> {
    let (promoted, text) = match item.strip_prefix('+') {
        Some(rest) => (true, rest),
        None => (false, item),
    };
    let mut chars = text.chars();
    let letter = chars.next().ok_or("an empty piece item")?;
    let mut kind = game
        .kind_by_letter(letter)
        .ok_or_else(|| format!("piece letter `{letter}` in `{item}` names no piece"))?;
    if promoted {
        kind = game
            .promoted_form(kind)
            .ok_or_else(|| format!("no kind is written `+{letter}`, as `{item}` has it"))?;
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
            .ok_or_else(|| format!("`{item}`: no promoted copy of this kind exists"))?;
    }
    let (place, state) = match rest.split_once(':') {
        Some((p, s)) => (p, Some(s)),
        None => (rest, None),
    };
    let at = match place.strip_prefix('@') {
        Some(pool) => Location::Pool(
            game.pool_names
                .iter()
                .position(|p| p == pool)
                .ok_or_else(|| format!("`{pool}` in `{item}` is not a pool"))?,
        ),
        None => Location::Cell(
            game.cell(place)
                .ok_or_else(|| format!("`{place}` in `{item}` is not a cell"))?,
        ),
    };
    let piece = &game.pieces[kind as usize];
    let state = match (state, &piece.counter) {
        (None, _) => piece.start_state(),
        (Some(s), Some(c)) => {
            let v: u8 = s
                .parse()
                .map_err(|_| format!("counter `{s}` in `{item}` is not a number"))?;
            if !(c.low..=c.high).contains(&v) {
                return Err(format!(
                    "counter `{s}` in `{item}` is outside {}..{}",
                    c.low, c.high
                ));
            }
            v
        }
        (Some(_), None) => return Err(format!("piece `{item}` carries no counter")),
    };
    Ok((code(kind, side), at, state))
}
