//! Drawing a position as text for `tessera show`.
//!
//! Grids of one to three axes are drawn as boards: two axes as one board (files
//! across, ranks up), three axes as one board per value of the first axis, side by
//! side. Every coordinate a cell stands on is drawn, so cells off the grid (Cycle
//! Chess's `0` on c0 and d0) appear where they lie; a cell standing on several
//! coordinates is drawn in parentheses on each of them. Cells with no coordinate
//! are listed below the board.

use crate::engine::outcome::{status, Reason, Status};
use crate::engine::Position;
use crate::game::{kind_of, AxisLabel, Game, Side};
use crate::notation::{fen, position};
use std::collections::HashMap;
use std::fmt::Write;

/// The position drawn as text: the board, the side to move, the game's state and
/// the position in the general notation (and as FEN where the board has one).
pub fn draw(pos: &mut Position<'_>) -> String {
    let game = pos.game();
    let mut s = format!("{}\n", game.title);
    draw_pools(pos, Side::Black, &mut s);
    if (1..=3).contains(&game.axes.len()) {
        draw_grid(pos, &mut s);
    }
    draw_pools(pos, Side::White, &mut s);
    draw_free_cells(pos, &mut s);
    let side = pos.side_to_move();
    let _ = writeln!(s, "{} to move, move {}", capitalised(side), pos.fullmove);
    if let Some(phase) = game
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
    if let Status::Over {
        loser,
        winner,
        reason,
    } = status(pos)
    {
        let why = match reason {
            Reason::Checkmate => "checkmated",
            Reason::Stalemate => "stalemated",
            Reason::BareRoyal => "reduced to a bare royal piece",
            Reason::Extinction => "out of a kind of piece its goals need",
            Reason::Reached => "in a zone its goals name",
            Reason::Checks => "checked as often as its goals allow",
            Reason::Facing => "facing the enemy after a pass",
            Reason::Passes => "to move after the passes its goals count",
        };
        let result = match winner {
            Some(w) => format!("{} wins", capitalised(w)),
            None => "draw".to_string(),
        };
        let _ = writeln!(s, "Game over: {} is {why}; {result}", capitalised(loser));
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

fn label(game: &Game, axis: usize, v: i64) -> String {
    match game.axes[axis].first {
        AxisLabel::Letter(c) => {
            char::from_u32((c as i64 + v) as u32).map_or("?".into(), String::from)
        }
        AxisLabel::Number(n) => (n + v).to_string(),
    }
}

/// The text of one coordinate: `" x "` for a cell, `"(x)"` for a merged cell.
fn field(pos: &Position<'_>, at: &HashMap<&[i64], u16>, coord: &[i64]) -> String {
    let game = pos.game();
    match at.get(coord) {
        None => "   ".to_string(),
        Some(&c) => {
            let code = pos.at(c);
            let ch = if code == 0 { '.' } else { game.letter(code) };
            if game.cells[c as usize].coords.len() > 1 {
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

fn draw_grid(pos: &Position<'_>, s: &mut String) {
    let game = pos.game();
    let dims = game.axes.len();
    let mut at: HashMap<&[i64], u16> = HashMap::new();
    let mut lo = vec![i64::MAX; dims];
    let mut hi = vec![i64::MIN; dims];
    for (i, cell) in game.cells.iter().enumerate() {
        for coord in &cell.coords {
            at.insert(coord.as_slice(), i as u16);
            for (d, &v) in coord.iter().enumerate() {
                lo[d] = lo[d].min(v);
                hi[d] = hi[d].max(v);
            }
        }
    }
    // A board too wide to draw (cells placed far off the grid) is listed instead.
    if at.is_empty()
        || lo
            .iter()
            .zip(&hi)
            .any(|(l, h)| h.saturating_sub(*l) > MAX_DRAWN)
    {
        draw_cells(pos, s);
        return;
    }
    // The board's columns and rows are the last two axes; a third axis before
    // them picks the panel.
    let (col, row) = if dims == 1 {
        (0, None)
    } else {
        (dims - 2, Some(dims - 1))
    };
    let panels: Vec<Option<i64>> = if dims == 3 {
        (lo[0]..=hi[0]).map(Some).collect()
    } else {
        vec![None]
    };
    let rows: Vec<Option<i64>> = match row {
        Some(r) => (lo[r]..=hi[r]).rev().map(Some).collect(),
        None => vec![None],
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
            for c in lo[col]..=hi[col] {
                let mut coord = Vec::with_capacity(dims);
                coord.extend(*panel);
                coord.push(c);
                coord.extend(*r);
                lines[i].push_str(&field(pos, &at, &coord));
            }
        }
        let footer = &mut lines[rows.len()];
        let _ = write!(
            footer,
            "{:>width$} ",
            panel.map_or(String::new(), |v| label(game, 0, v))
        );
        for c in lo[col]..=hi[col] {
            let _ = write!(footer, " {} ", label(game, col, c));
        }
    }
    for l in lines {
        let _ = writeln!(s, "{}", l.trim_end());
    }
    let merged: Vec<String> = game
        .cells
        .iter()
        .filter(|c| c.coords.len() > 1)
        .map(|c| {
            let names: Vec<String> = c
                .coords
                .iter()
                .map(|k| {
                    k.iter()
                        .enumerate()
                        .map(|(d, &v)| label(game, d, v))
                        .collect()
                })
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

/// A side's pools, listed on its own side of the board: Black's above it from
/// the last declared pool to the first, White's below it from the first.
fn draw_pools(pos: &Position<'_>, side: Side, s: &mut String) {
    let game = pos.game();
    let mut order: Vec<usize> = (0..game.pool_names.len()).collect();
    if side == Side::Black {
        order.reverse();
    }
    for p in order {
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
        let _ = writeln!(s, "{} {}: {list}", capitalised(side), game.pool_names[p]);
    }
}

/// The widest span of coordinates, per axis, drawn as a board.
const MAX_DRAWN: i64 = 64;

/// Every occupied cell with a coordinate, by name, one a line.
fn draw_cells(pos: &Position<'_>, s: &mut String) {
    let game = pos.game();
    for c in 0..game.cell_count() as u16 {
        let code = pos.at(c);
        if code != 0 && !game.cells[c as usize].coords.is_empty() {
            let _ = writeln!(s, "{} {}", game.cell_name(c), game.letter(code));
        }
    }
}

fn draw_free_cells(pos: &Position<'_>, s: &mut String) {
    let game = pos.game();
    let free: Vec<String> = (0..game.cell_count() as u16)
        .filter(|&c| game.cells[c as usize].coords.is_empty() || game.axes.len() > 3)
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

/// The pieces of a game, one a line: letter, name and movements in Betza's
/// notation (for XBoard's `piece` command), or why they have none.
pub fn pieces(game: &Game) -> String {
    let mut s = String::new();
    for p in &game.pieces {
        if matches!(p.mark, crate::game::Mark::Copy(_)) {
            continue;
        }
        let letter = match p.mark {
            crate::game::Mark::Promoted(_) => format!("+{}", p.letter),
            _ => p.letter.to_string(),
        };
        let _ = match &p.betza {
            Ok(b) => writeln!(s, "{letter} {}: betza \"{b}\"", p.name),
            Err(why) => writeln!(s, "{letter} {}: no Betza form: {why}", p.name),
        };
    }
    s
}
