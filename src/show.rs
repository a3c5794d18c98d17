//! Drawing a position as text for `tessera show`.

use crate::engine::outcome::{status, Reason, Status};
use crate::engine::Position;
use crate::game::{Game, Side};
use crate::notation::fen;
use std::fmt::Write;

/// The position drawn as text: the board, the side to move, the game's state and,
/// where the board has one, the FEN.
pub fn draw(pos: &mut Position<'_>) -> String {
    let game = pos.game();
    let mut s = format!("{}\n", game.title);
    match &game.rect {
        Some(rect) => draw_rect(pos, rect, &mut s),
        None => draw_cells(pos, &mut s),
    }
    let side = pos.side_to_move();
    let _ = writeln!(s, "{} to move", capitalised(side));
    match status(pos) {
        Status::Ongoing => {}
        Status::Over { winner, reason } => {
            let why = match reason {
                Reason::Checkmate => "checkmated",
                Reason::Stalemate => "stalemated",
            };
            let result = match winner {
                Some(w) => format!("{} wins", capitalised(w)),
                None => "draw".to_string(),
            };
            let _ = writeln!(s, "Game over: {} is {why}; {result}", capitalised(side));
        }
    }
    if let Some(f) = fen::format(pos) {
        let _ = writeln!(s, "FEN: {f}");
    }
    s
}

fn capitalised(side: Side) -> &'static str {
    match side {
        Side::White => "White",
        Side::Black => "Black",
    }
}

fn label(game: &Game, axis: usize, v: i64) -> String {
    match game.axes[axis].first {
        crate::game::AxisLabel::Letter(c) => char::from_u32(c as u32 + v as u32)
            .unwrap_or('?')
            .to_string(),
        crate::game::AxisLabel::Number(n) => (n + v).to_string(),
    }
}

fn draw_rect(pos: &Position<'_>, rect: &[Vec<u16>], s: &mut String) {
    let game = pos.game();
    let width = rect
        .iter()
        .enumerate()
        .map(|(r, _)| label(game, 1, r as i64).len())
        .max()
        .unwrap_or(1);
    let pad = " ".repeat(width);
    let files = rect[0].len();
    let _ = writeln!(s, "{pad} +{}+", "-".repeat(files * 2 + 1));
    for (r, row) in rect.iter().enumerate().rev() {
        let _ = write!(s, "{:>width$} |", label(game, 1, r as i64));
        for &c in row {
            let code = pos.at(c);
            let ch = if code == 0 { '.' } else { game.letter(code) };
            let _ = write!(s, " {ch}");
        }
        let _ = writeln!(s, " |");
    }
    let _ = writeln!(s, "{pad} +{}+", "-".repeat(files * 2 + 1));
    let _ = write!(s, "{pad}  ");
    for f in 0..files {
        let _ = write!(s, " {}", label(game, 0, f as i64));
    }
    let _ = writeln!(s);
}

fn draw_cells(pos: &Position<'_>, s: &mut String) {
    let game = pos.game();
    for c in 0..game.cell_count() as u16 {
        let code = pos.at(c);
        if code != 0 {
            let _ = writeln!(s, "{} {}", game.cell_name(c), game.letter(code));
        }
    }
}
