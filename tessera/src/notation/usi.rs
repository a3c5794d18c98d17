//! Moves as USI, the shogi programs' protocol, writes them: files numbered
//! from the right as the first player sees the board (9 to 1 on a shogi
//! board), ranks lettered from the top (`a` to `i`), a drop as the piece's
//! letter, `*` and the cell, a promotion as `+`: `7g7f`, `8h2b+`, `P*5e`.
//!
//! Every other move has the shape UCI style gives it ([`super::uci`]), with
//! USI's cell names; on boards that are not one rectangle, where USI has no
//! cell names, the game's own.

use super::uci::{parse_as, write_as, ParseMoveError, Style};
use crate::engine::{Move, Position};
use crate::game::Game;

/// USI's names and drop mark.
const USI: Style = Style {
    cell: cell_name,
    drop: '*',
};

/// The USI name of cell `c`: the file counted from the right (`1` is the
/// rightmost) and the rank lettered from the top (`a` is the top rank).
pub fn cell_name(game: &Game, c: u16) -> String {
    let found = game.board.rect.as_ref().and_then(|rect| {
        let (rank, row) = rect.iter().enumerate().find(|(_, row)| row.contains(&c))?;
        let file = row.iter().position(|&x| x == c)?;
        let letter = char::from_u32('a' as u32 + (rect.len() - 1 - rank) as u32)
            .filter(char::is_ascii_lowercase)?;
        Some(format!("{}{letter}", row.len() - file))
    });
    found.unwrap_or_else(|| game.cell_name(c).to_string())
}

/// Writes `mv` as USI does. A move of another game, or one that does not fit
/// `game`, is described instead, as [`super::uci::format`] describes it.
pub fn format(game: &Game, mv: &Move) -> String {
    match super::uci::describe_unfit(game, mv) {
        Some(description) => description,
        None => write_as(game, &mv.raw, &USI),
    }
}

/// Parses a move written as USI does against the legal moves of `pos`.
///
/// # Errors
/// When no legal move is written `text`; the error lists the legal moves
/// from the cell it starts with, in USI.
pub fn parse(pos: &mut Position<'_>, text: &str) -> Result<Move, ParseMoveError> {
    parse_as(pos, text, &USI)
}
