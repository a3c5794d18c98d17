//! Drawing a position as text for `tessera show`.
//!
//! Grids of one to three axes are drawn as boards: two axes as one board (files
//! across, ranks up), three axes as one board per value of the first axis, side by
//! side. Every coordinate a cell stands on is drawn, so cells off the grid (Cycle
//! Chess's `0` on c0 and d0) appear where they lie; a cell standing on several
//! coordinates is drawn in parentheses on each of them. Cells with no coordinate
//! are listed below the board.

use crate::engine::outcome::{clock_or_material_end, status, Reason, Status};
use crate::engine::{Move, Position};
use crate::game::{coord_name, kind_of, Cell, Side};
use crate::notation::{fen, position};
use crate::plan::{checked_royals, label, moved_cells, pool_order, Plan};
use std::fmt::Write;

/// How [`board`] draws: from which side, what it marks, and whether in the
/// colours of a terminal.
#[derive(Clone, Debug, Default)]
pub struct View {
    /// The board as Black sees it: the rows from the bottom up, the columns
    /// from right to left, the boards of a third axis in reverse, White's
    /// pools above and Black's below.
    pub flipped: bool,
    /// The move that led to the position: its cells are marked, `[P]` in
    /// text, a yellow ground in colour.
    pub last_move: Option<Move>,
    /// ANSI colours: squares light and dark, the pieces of each side, the
    /// last move and a royal piece in check (a red ground); empty cells blank.
    pub colour: bool,
}

/// The position drawn as text: the board, the side to move, the game's state and
/// the position in the general notation (and as FEN where the board has one).
pub fn draw(pos: &mut Position<'_>) -> String {
    let game = pos.game();
    let mut s = format!("{}\n", game.title);
    s.push_str(&board(pos, &View::default()));
    let side = pos.side_to_move();
    let _ = writeln!(s, "{} to move, move {}", capitalised(side), pos.fullmove);
    if let Some(line) = phase_line(pos) {
        let _ = writeln!(s, "{line}");
    }
    let end = match status(pos) {
        Status::Ongoing => clock_or_material_end(pos).unwrap_or(Status::Ongoing),
        over => over,
    };
    if let Some(line) = game_over_line(end) {
        let _ = writeln!(s, "{line}");
    }
    let _ = writeln!(s, "Position: {}", position::format(pos));
    if let Some(f) = fen::format(pos) {
        let _ = writeln!(s, "FEN: {f}");
    }
    s
}

/// The board alone, as `view` asks: the pools of the side at the top, the
/// grid (or its occupied cells, one a line, where it is too wide to draw),
/// the pools of the side at the bottom, and the cells off the grid.
pub fn board(pos: &Position<'_>, view: &View) -> String {
    let game = pos.game();
    let mut s = String::new();
    let plan = Plan::new(game);
    let (top, bottom) = if view.flipped {
        (Side::White, Side::Black)
    } else {
        (Side::Black, Side::White)
    };
    draw_pools(pos, top, true, &mut s);
    match &plan {
        Some(plan) => draw_grid(pos, plan, view, &mut s),
        // A board too wide to draw (cells placed far off the grid) is listed instead.
        None if (1..=3).contains(&game.board.axes.len()) => draw_cells(pos, &mut s),
        None => {}
    }
    draw_pools(pos, bottom, false, &mut s);
    draw_free_cells(pos, plan.as_ref(), &mut s);
    s
}

/// `Phase of moves 1..8: only Pawn may move`, while a phase of the game
/// limits which pieces move.
pub fn phase_line(pos: &Position<'_>) -> Option<String> {
    let game = pos.game();
    let phase = game
        .rules
        .phases
        .iter()
        .find(|p| (p.first..=p.last).contains(&pos.fullmove))?;
    let kinds: Vec<&str> = phase
        .kinds
        .iter()
        .map(|&k| game.pieces[k as usize].name.as_str())
        .collect();
    let unmoved = if phase.unmoved { "unmoved " } else { "" };
    Some(format!(
        "Phase of moves {}..{}: only {unmoved}{} may move",
        phase.first,
        phase.last,
        kinds.join(", ")
    ))
}

fn capitalised(side: Side) -> &'static str {
    match side {
        Side::White => "White",
        Side::Black => "Black",
    }
}

/// The marks of a drawing: the last move's cells and the royal pieces in check.
struct Marks {
    moved: Vec<Cell>,
    checked: Vec<Cell>,
}

/// ANSI colours (256-colour palette) of the drawing in a terminal: the
/// shades of the board and its marks as the SVG picture has them.
mod ansi {
    pub const LIGHT: u8 = 180;
    pub const DARK: u8 = 137;
    pub const MOVED_LIGHT: u8 = 186;
    pub const MOVED_DARK: u8 = 143;
    pub const CHECK: u8 = 203;
    pub const WHITE_PIECE: u8 = 231;
    pub const BLACK_PIECE: u8 = 16;
}

/// The text of one coordinate: `" x "` for a cell (`"+x "` for a promoted
/// form), `"(x)"` for a merged cell, `"[x]"` for a cell of the last move
/// drawn without colour.
fn field(pos: &Position<'_>, plan: &Plan<'_>, coord: &[i64], view: &View, marks: &Marks) -> String {
    let game = pos.game();
    let Some(c) = plan.cell_at(coord) else {
        return "   ".to_string();
    };
    let code = pos.at(c);
    let empty = if view.colour { " " } else { "." };
    let piece = if code == 0 {
        empty.to_string()
    } else {
        game.piece_text(code)
    };
    let moved = marks.moved.contains(&c);
    let text = if game.board.cells[c as usize].coords.len() > 1 {
        format!("({piece})")
    } else if moved && !view.colour {
        format!("[{piece}]")
    } else if code != 0 && game.pieces[kind_of(code) as usize].counter.is_some() {
        // A counter shows beside its piece: `R6`.
        format!("{piece}{:<2}", pos.state(c))
    } else {
        format!(" {piece:<2}")
    };
    if !view.colour {
        return text;
    }
    let dark = {
        let col = coord[plan.col_axis()];
        let row = plan.row_axis().map_or(0, |a| coord[a]);
        (col + row).rem_euclid(2) == 0
    };
    let ground = match (marks.checked.contains(&c), moved, dark) {
        (true, _, _) => ansi::CHECK,
        (false, true, true) => ansi::MOVED_DARK,
        (false, true, false) => ansi::MOVED_LIGHT,
        (false, false, true) => ansi::DARK,
        (false, false, false) => ansi::LIGHT,
    };
    let ink = if code != 0 && crate::game::side_of(code) == Side::Black {
        ansi::BLACK_PIECE
    } else {
        ansi::WHITE_PIECE
    };
    format!("\x1b[1;38;5;{ink};48;5;{ground}m{text}\x1b[0m")
}

fn draw_grid(pos: &Position<'_>, plan: &Plan<'_>, view: &View, s: &mut String) {
    let game = pos.game();
    let dims = plan.dims();
    let (mut panels, mut rows) = (plan.panels(), plan.rows());
    let mut cols: Vec<i64> = plan.cols().collect();
    if view.flipped {
        panels.reverse();
        rows.reverse();
        cols.reverse();
    }
    let marks = Marks {
        moved: view.last_move.as_ref().map(moved_cells).unwrap_or_default(),
        checked: checked_royals(pos),
    };
    let width = rows
        .iter()
        .flatten()
        .map(|&r| label(game, dims - 1, r).len())
        .max()
        .unwrap_or(0);
    let mut lines = vec![String::new(); rows.len() + 1];
    for (p, panel) in panels.iter().enumerate() {
        if p > 0 {
            for l in &mut lines {
                l.push_str("   ");
            }
        }
        for (i, r) in rows.iter().enumerate() {
            let row_label = r.map_or(String::new(), |r| label(game, dims - 1, r));
            let _ = write!(lines[i], "{row_label:>width$} ");
            for &c in &cols {
                let here = plan.coord(*panel, c, *r);
                lines[i].push_str(&field(pos, plan, &here, view, &marks));
            }
        }
        let footer = &mut lines[rows.len()];
        let _ = write!(
            footer,
            "{:>width$} ",
            panel.map_or(String::new(), |v| label(game, 0, v))
        );
        for &c in &cols {
            let _ = write!(footer, " {} ", label(game, plan.col_axis(), c));
        }
    }
    for l in lines {
        let _ = writeln!(s, "{}", l.trim_end());
    }
    let merged: Vec<String> = game
        .board
        .cells
        .iter()
        .filter(|c| c.coords.len() > 1)
        .map(|c| {
            let names: Vec<String> = c
                .coords
                .iter()
                .map(|k| coord_name(&game.board.axes, k))
                .collect();
            format!("{} = {}", c.name, names.join(" "))
        })
        .collect();
    if !merged.is_empty() {
        let _ = writeln!(
            s,
            "(x) is one cell on several squares: {}",
            merged.join("; ")
        );
    }
}

/// A side's pools, listed on its own side of the board (`above` it or
/// below), the first declared nearest the board.
fn draw_pools(pos: &Position<'_>, side: Side, above: bool, s: &mut String) {
    let game = pos.game();
    for p in pool_order(game, above) {
        let items: Vec<String> = pos
            .pool(p, side)
            .iter()
            .map(|&(code, state)| {
                let mut item = game.letter(code).to_string();
                if game.pieces[kind_of(code) as usize].counter.is_some() {
                    item.push_str(&format!(":{state}"));
                }
                item
            })
            .collect();
        let list = if items.is_empty() {
            "-".to_string()
        } else {
            items.join(" ")
        };
        let _ = writeln!(
            s,
            "{} {}: {list}",
            capitalised(side),
            game.pools.pool_names[p]
        );
    }
}

/// Every occupied cell with a coordinate, by name, one a line.
fn draw_cells(pos: &Position<'_>, s: &mut String) {
    let game = pos.game();
    for c in 0..game.cell_count() as u16 {
        let code = pos.at(c);
        if code != 0 && !game.board.cells[c as usize].coords.is_empty() {
            let _ = writeln!(s, "{} {}", game.cell_name(c), game.piece_text(code));
        }
    }
}

/// The cells not drawn on a board, by name, with what stands on them.
fn draw_free_cells(pos: &Position<'_>, plan: Option<&Plan<'_>>, s: &mut String) {
    let game = pos.game();
    let free: Vec<String> = (0..game.cell_count() as u16)
        .filter(|&c| match plan {
            Some(plan) => !plan.draws(c),
            None => game.board.cells[c as usize].coords.is_empty() || game.board.axes.len() > 3,
        })
        .map(|c| {
            let code = pos.at(c);
            let piece = if code == 0 {
                ".".to_string()
            } else {
                game.piece_text(code)
            };
            format!("{} {piece}", game.cell_name(c))
        })
        .collect();
    if !free.is_empty() {
        let _ = writeln!(s, "Other cells: {}", free.join(", "));
    }
}

/// `Game over: White is checkmated; Black wins`, for a finished game.
pub fn game_over_line(end: Status) -> Option<String> {
    let Status::Over {
        loser,
        winner,
        reason,
    } = end
    else {
        return None;
    };
    let why = match reason {
        Reason::Checkmate => "checkmated",
        Reason::Stalemate => "stalemated",
        Reason::BareRoyal => "reduced to a bare royal piece",
        Reason::Extinction => "out of a kind of piece its goals need",
        Reason::Reached => "in a zone its goals name",
        Reason::Checks => "checked as often as its goals allow",
        Reason::Facing => "facing the enemy after a pass",
        Reason::Passes => "to move after the passes its goals count",
        Reason::Repetition => "to move in a position repeated as often as its goals allow",
        Reason::Clock => "to move when the halfmove clock reached its goals' limit",
        Reason::Material => "to move, and each side holds only material its goals name",
    };
    let result = match winner {
        Some(w) => format!("{} wins", capitalised(w)),
        None => "draw".to_string(),
    };
    Some(format!(
        "Game over: {} is {why}; {result}",
        capitalised(loser)
    ))
}

/// The pieces of a game, one a line: letter, name and movements in Betza's
/// notation (for XBoard's `piece` command), or why they have none.
pub fn pieces(game: &crate::game::Game) -> String {
    let mut s = String::new();
    for (k, p) in game.pieces.iter().enumerate() {
        if p.is_copy() {
            continue;
        }
        let letter = game.piece_text(crate::game::code(k as crate::game::Kind, Side::White));
        let _ = writeln!(s, "{letter} {}: {}", p.name, piece_moves(p));
    }
    s
}

/// How a kind moves, as [`pieces`] says it: `betza "mRcpR"`, or `no Betza
/// form: ` and why.
pub fn piece_moves(piece: &crate::game::PieceDef) -> String {
    match piece.betza() {
        Ok(b) => format!("betza \"{b}\""),
        Err(why) => format!("no Betza form: {why}"),
    }
}
