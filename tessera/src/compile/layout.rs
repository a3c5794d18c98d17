//! `layout` statements: how pictures draw the board. They change no rule, so
//! the checks here only keep a picture from contradicting the board.

use super::board::{parse_coord, Board};
use crate::diag::{Diagnostic, Diagnostics};
use crate::game::Layout;
use crate::syntax::ast::{File, LayoutDecl};

/// The layout of the rule file's `layout` statements, checked against the board.
pub fn build(file: &File, board: &Board, errors: &mut Diagnostics) -> Layout {
    let mut layout = Layout::default();
    let axes = board.axes.len();
    // Found once, not once per `layout intersections`.
    let hexagons = file
        .layout
        .iter()
        .any(|d| matches!(d, LayoutDecl::Hexagons(_)));
    for decl in &file.layout {
        match decl {
            LayoutDecl::Hexagons(span) => {
                if axes != 2 {
                    errors.push(Diagnostic::new(
                        *span,
                        format!("`layout hexagons` needs a grid of two axes; this one has {axes}"),
                    ));
                }
                layout.hexagons = true;
            }
            LayoutDecl::Intersections(span) => {
                if hexagons {
                    errors.push(Diagnostic::new(
                        *span,
                        "`layout intersections` and `layout hexagons` exclude each other",
                    ));
                }
                layout.intersections = true;
            }
            LayoutDecl::Stacked(span) => {
                if axes != 3 {
                    errors.push(Diagnostic::new(
                        *span,
                        format!("`layout stacked` needs a grid of three axes; this one has {axes}"),
                    ));
                }
                layout.stacked = true;
            }
            LayoutDecl::Place(cell, at) => {
                let Some(c) = board.cell_names.resolve(cell, errors) else {
                    continue;
                };
                if !board.cells[c as usize].coords.is_empty() {
                    errors.push(Diagnostic::new(
                        cell.span,
                        format!(
                            "cell `{}` stands on the grid already; `layout` places only cells with no coordinate",
                            cell.text
                        ),
                    ));
                    continue;
                }
                let Some(coord) = parse_coord(&board.axes, &at.text) else {
                    errors.push(Diagnostic::new(
                        at.span,
                        format!("`{}` is not a grid coordinate", at.text),
                    ));
                    continue;
                };
                let taken = board.by_coord.contains_key(&coord)
                    || layout.placed.iter().any(|(_, k)| *k == coord);
                if taken {
                    errors.push(Diagnostic::new(
                        at.span,
                        format!("coordinate `{}` already has a cell", at.text),
                    ));
                } else if layout.placed.iter().any(|(p, _)| *p == c) {
                    errors.push(Diagnostic::new(
                        cell.span,
                        format!("cell `{}` is placed twice", cell.text),
                    ));
                } else {
                    layout.placed.push((c, coord));
                }
            }
        }
    }
    layout
}
