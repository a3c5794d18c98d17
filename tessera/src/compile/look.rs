//! `look` lines: how pictures draw the board and the pieces and name the
//! sides. They change no rule, so the checks here only keep a picture from
//! naming what the board does not have.

use super::board::Board;
use super::names::Names;
use super::work::Work;
use crate::diag::{Diagnostic, Diagnostics};
use crate::game::{AxisLabels, BoardStyle, CellSet, Layout, Look, PieceDef, PieceLook, ThaiShape};
use crate::syntax::ast::{File, LookDecl, PieceLookDecl};

/// The most bytes of one side's name or of a piece's characters: a label,
/// not a text.
const MAX_LOOK_TEXT: usize = 64;

/// The look of the rule file's `look` lines, checked against the board.
pub fn build(
    file: &File,
    board: &Board,
    zones: (&Names<usize>, &[[CellSet; 2]]),
    layout: &Layout,
    pieces: &[PieceDef],
    work: &Work,
    errors: &mut Diagnostics,
) -> Look {
    let mut look = Look::default();
    for decl in &file.look {
        match decl {
            LookDecl::Board(style) => {
                look.board = match style.text.as_str() {
                    "plain" => BoardStyle::Plain,
                    "green" => BoardStyle::Green,
                    _ => BoardStyle::Checkered,
                };
            }
            LookDecl::Sides(white, black) => {
                for n in [white, black] {
                    if n.text.is_empty() || n.text.len() > MAX_LOOK_TEXT {
                        errors.push(Diagnostic::new(
                            n.span,
                            format!("a side's name has 1 to {MAX_LOOK_TEXT} bytes"),
                        ));
                    }
                }
                look.sides = Some([white.text.to_string(), black.text.to_string()]);
            }
            LookDecl::River(axis, label) => {
                if !layout.intersections {
                    errors.push(Diagnostic::new(
                        axis.span,
                        "`look river` draws on a board of intersections: add `layout intersections`",
                    ));
                }
                let Some(a) = board.axes.iter().position(|x| *x.name == *axis.text) else {
                    errors.push(Diagnostic::new(
                        axis.span,
                        format!("unknown axis `{}`", axis.text),
                    ));
                    continue;
                };
                let found = (0..board.axes[a].len).find(|&v| board.axes[a].label(v) == *label.text);
                match found {
                    Some(v) if v + 1 < board.axes[a].len => look.river = Some((a, v)),
                    Some(_) => errors.push(Diagnostic::new(
                        label.span,
                        format!(
                            "`{}` is the last {}: the river flows between two",
                            label.text, axis.text
                        ),
                    )),
                    None => errors.push(Diagnostic::new(
                        label.span,
                        format!(
                            "`{}` is not a label of the axis `{}`",
                            label.text, axis.text
                        ),
                    )),
                }
            }
            LookDecl::Lines(zone, dirs) => {
                let Some(z) = zones.0.resolve(zone, errors) else {
                    continue;
                };
                let dirs = board.dirs(dirs, errors);
                let sets = &zones.1[z];
                let n = board.cells.len();
                let inside = |c: u16| sets[0].contains(c) || sets[1].contains(c);
                for c in (0..n as u16).filter(|&c| inside(c)) {
                    for &d in &dirs {
                        for &t in board.steps[0].get(d as usize * n + c as usize) {
                            let pair = (c.min(t), c.max(t));
                            if inside(t) {
                                look.lines.push(pair);
                            }
                        }
                    }
                }
            }
            LookDecl::Dots(items) => {
                look.dots.extend(board.cell_set(items, work, errors));
            }
            LookDecl::Labels { axis, edge, texts } => {
                if let Some(labels) = axis_labels(board, axis, edge.as_ref(), texts, errors) {
                    // A later line for the same axis takes its place.
                    look.labels.retain(|l| l.axis != labels.axis);
                    look.labels.push(labels);
                }
            }
        }
    }
    // Sorted once at the end: a file may repeat these lines many times, and
    // a search of the list for each new cell would cost its square.
    look.lines.sort_unstable();
    look.lines.dedup();
    look.dots.sort_unstable();
    look.dots.dedup();
    look.pieces = pieces
        .iter()
        .map(|p| {
            match file
                .pieces
                .get(p.base as usize)
                .and_then(|d| d.look.as_ref())
            {
                Some((decl, _)) => piece_look(decl, errors),
                None => PieceLook::ByLetter,
            }
        })
        .collect();
    if look.pieces.iter().all(|l| *l == PieceLook::ByLetter) {
        look.pieces.clear();
    }
    look
}

/// `look labels AXIS [EDGE] TEXT...`, checked: a known axis drawn as the
/// columns or the rows, one label of 1 to [`MAX_LOOK_TEXT`] bytes a
/// coordinate, and an edge beside that axis's lines (`top` or `bottom` for
/// the columns, `left` or `right` for the rows).
fn axis_labels(
    board: &Board,
    axis: &crate::syntax::ast::Name,
    edge: Option<&crate::syntax::ast::Name>,
    texts: &[crate::syntax::ast::Name],
    errors: &mut Diagnostics,
) -> Option<AxisLabels> {
    let Some(a) = board.axes.iter().position(|x| *x.name == *axis.text) else {
        errors.push(Diagnostic::new(
            axis.span,
            format!("unknown axis `{}`", axis.text),
        ));
        return None;
    };
    // Pictures draw the last axis as the rows and the one before as the
    // columns (a third axis, before them, picks the board).
    let dims = board.axes.len();
    let columns = a + 2 == dims || dims == 1;
    let rows = dims > 1 && a + 1 == dims;
    if !columns && !rows {
        errors.push(Diagnostic::new(
            axis.span,
            format!(
                "`{}` picks a board, not a column or row: pictures label the columns and the rows",
                axis.text
            ),
        ));
        return None;
    }
    let far = edge.is_some_and(|e| matches!(&*e.text, "top" | "right"));
    if let Some(e) = edge {
        let fits = if columns {
            matches!(&*e.text, "top" | "bottom")
        } else {
            matches!(&*e.text, "left" | "right")
        };
        if !fits {
            errors.push(Diagnostic::new(
                e.span,
                format!(
                    "`{}` is drawn as the {}: its labels stand {}",
                    axis.text,
                    if columns { "columns" } else { "rows" },
                    if columns {
                        "at the `top` or the `bottom`"
                    } else {
                        "on the `left` or the `right`"
                    }
                ),
            ));
            return None;
        }
    }
    let len = board.axes[a].len;
    if texts.len() as i64 != len {
        errors.push(Diagnostic::new(
            axis.span,
            format!(
                "`{}` has {len} coordinates: give one label each, in order ({} given)",
                axis.text,
                texts.len()
            ),
        ));
        return None;
    }
    for t in texts {
        if t.text.is_empty() || t.text.len() > MAX_LOOK_TEXT {
            errors.push(Diagnostic::new(
                t.span,
                format!("a label has 1 to {MAX_LOOK_TEXT} bytes"),
            ));
            return None;
        }
    }
    Some(AxisLabels {
        axis: a,
        far,
        texts: texts.iter().map(|t| t.text.to_string()).collect(),
    })
}

/// One piece's `look`.
fn piece_look(decl: &PieceLookDecl, errors: &mut Diagnostics) -> PieceLook {
    let texts = |white: &crate::syntax::ast::Name,
                 black: &Option<crate::syntax::ast::Name>,
                 errors: &mut Diagnostics| {
        let black = black.as_ref().unwrap_or(white);
        for n in [white, black] {
            if n.text.is_empty() || n.text.len() > MAX_LOOK_TEXT {
                errors.push(Diagnostic::new(
                    n.span,
                    format!("a piece's characters have 1 to {MAX_LOOK_TEXT} bytes"),
                ));
            }
        }
        [white.text.to_string(), black.text.to_string()]
    };
    match decl {
        PieceLookDecl::Chess(shape) => PieceLook::Chess(match shape.text.as_str() {
            "king" => 'K',
            "queen" => 'Q',
            "rook" => 'R',
            "bishop" => 'B',
            "knight" => 'N',
            _ => 'P',
        }),
        PieceLookDecl::Thai(shape) => PieceLook::Thai(match shape.text.as_str() {
            "khun" => ThaiShape::Khun,
            "met" => ThaiShape::Met,
            "khon" => ThaiShape::Khon,
            "ma" => ThaiShape::Ma,
            "ruea" => ThaiShape::Ruea,
            _ => ThaiShape::Bia,
        }),
        PieceLookDecl::Round(w, b) => PieceLook::Round(texts(w, b, errors)),
        PieceLookDecl::Pointed(w, b) => PieceLook::Pointed(texts(w, b, errors)),
        PieceLookDecl::Disc => PieceLook::Disc,
        PieceLookDecl::Letter => PieceLook::Letter,
        PieceLookDecl::Picture(file) => {
            let ok = file.text.ends_with(".svg")
                && !file.text.contains(['/', '\\'])
                && !file.text.starts_with('.');
            if !ok {
                errors.push(Diagnostic::new(
                    file.span,
                    "a piece's picture is an `.svg` file beside the rule file: a name with no folder",
                ));
            }
            PieceLook::Picture {
                file: file.text.to_string(),
                span: file.span,
                svg: None,
            }
        }
    }
}
