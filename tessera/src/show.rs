//! Drawing a position as text for `tessera show`.
//!
//! Grids of one to three axes are drawn as boards: two axes as one board (files
//! across, ranks up), three axes as one board per value of the first axis, side by
//! side. Every coordinate a cell stands on is drawn, so cells off the grid (Cycle
//! Chess's `0` on c0 and d0) appear where they lie; a cell standing on several
//! coordinates is drawn in parentheses on each of them. Cells with no coordinate
//! are listed below the board.

use crate::engine::outcome::{clock_or_material_end, status, Reason, Status};
use crate::engine::Position;
use crate::game::{coord_name, kind_of, Side};
use crate::notation::{fen, position};
use crate::plan::{label, pool_order, Plan};
use std::fmt::Write;

/// The position drawn as text: the board, the side to move, the game's state and
/// the position in the general notation (and as FEN where the board has one).
pub fn draw(pos: &mut Position<'_>) -> String {
    let game = pos.game();
    let mut s = format!("{}\n", game.title);
    let plan = Plan::new(game);
    draw_pools(pos, Side::Black, &mut s);
    match &plan {
        Some(plan) => draw_grid(pos, plan, &mut s),
        // A board too wide to draw (cells placed far off the grid) is listed instead.
        None if (1..=3).contains(&game.board.axes.len()) => draw_cells(pos, &mut s),
        None => {}
    }
    draw_pools(pos, Side::White, &mut s);
    draw_free_cells(pos, plan.as_ref(), &mut s);
    let side = pos.side_to_move();
    let _ = writeln!(s, "{} to move, move {}", capitalised(side), pos.fullmove);
    if let Some(phase) = game
        .rules
        .phases
        .iter()
        .find(|p| (p.first..=p.last).contains(&pos.fullmove))
    {
        let kinds: Vec<&str> = phase
            .kinds
            .iter()
            .map(|&k| game.pieces[k as usize].name.as_str())
            .collect();
        let unmoved = if phase.unmoved { "unmoved " } else { "" };
        let _ = writeln!(
            s,
            "Phase of moves {}..{}: only {unmoved}{} may move",
            phase.first,
            phase.last,
            kinds.join(", ")
        );
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

fn capitalised(side: Side) -> &'static str {
    match side {
        Side::White => "White",
        Side::Black => "Black",
    }
}

/// The text of one coordinate: `" x "` for a cell, `"(x)"` for a merged cell.
fn field(pos: &Position<'_>, plan: &Plan<'_>, coord: &[i64]) -> String {
    let game = pos.game();
    match plan.cell_at(coord) {
        None => "   ".to_string(),
        Some(c) => {
            let code = pos.at(c);
            let ch = if code == 0 { '.' } else { game.letter(code) };
            if game.board.cells[c as usize].coords.len() > 1 {
                format!("({ch})")
            } else if code != 0 && game.pieces[kind_of(code) as usize].counter.is_some() {
                // A counter shows beside its piece: `R6`.
                format!("{ch}{:<2}", pos.state(c))
            } else {
                format!(" {ch} ")
            }
        }
    }
}

fn draw_grid(pos: &Position<'_>, plan: &Plan<'_>, s: &mut String) {
    let game = pos.game();
    let dims = plan.dims();
    let (panels, rows) = (plan.panels(), plan.rows());
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
            for c in plan.cols() {
                lines[i].push_str(&field(pos, plan, &plan.coord(*panel, c, *r)));
            }
        }
        let footer = &mut lines[rows.len()];
        let _ = write!(
            footer,
            "{:>width$} ",
            panel.map_or(String::new(), |v| label(game, 0, v))
        );
        for c in plan.cols() {
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

/// A side's pools, listed on its own side of the board: Black's above it.
fn draw_pools(pos: &Position<'_>, side: Side, s: &mut String) {
    let game = pos.game();
    for p in pool_order(game, side == Side::Black) {
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
            let _ = writeln!(s, "{} {}", game.cell_name(c), game.letter(code));
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
            let ch = if code == 0 { '.' } else { game.letter(code) };
            format!("{} {ch}", game.cell_name(c))
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
