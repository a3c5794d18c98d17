//! Betza's shorthand for pieces (`betza "BN"`, XBetza's `mRcpR`, `FyafsF`):
//! read, then rewritten as the long form's movements before anything else is
//! compiled, so the engine sees nothing new; and printed back from movements
//! for `show --pieces`.
//!
//! `parse` reads a string into moves, `expand` turns moves into legs along
//! vectors, and this module writes those legs into the AST, naming each vector
//! by a declared direction, or adding a direction named after its vector.

mod expand;
mod parse;
pub mod print;

use super::work::{Work, PER_BETZA_LEG};
use crate::diag::{Diagnostic, Diagnostics, Span};
use crate::limits::{exceeded, MAX_MOVEMENTS};
use crate::syntax::ast::{self, Images, Leg, Limit, Modifier, Movement, Name};
use expand::{LegOut, Vector};
use std::collections::HashMap;

/// A copy of `file` with every piece's `betza` strings written out as
/// movements, or `None` when no piece has one.
///
/// Each `a` multiplies a move's paths, so a short string can stand for more
/// paths than memory holds: their number is counted before any is built, and
/// a string is refused when its movements would pass the piece's limit or its
/// paths the compile's work budget.
pub fn expand(file: &ast::File, work: &Work, errors: &mut Diagnostics) -> Option<ast::File> {
    if file.pieces.iter().all(|p| p.betza.is_empty()) {
        return None;
    }
    let mut out = file.clone();
    let mut names = DirectionNames::new(file);
    // A board wraps where a cell stands on two coordinates or a link carries
    // a direction of a vector on (`link e h1..h8 -> a1..a8`).
    let wraps = file.cells.iter().any(|c| c.at.len() > 1)
        || file
            .links
            .iter()
            .any(|l| file.directions.iter().any(|d| d.name.text == l.name.text));
    for piece in &mut out.pieces {
        let mut groups = Vec::new();
        for (index, text) in piece.betza.iter().enumerate() {
            let extra = piece
                .betza_modifiers
                .get(index)
                .cloned()
                .unwrap_or_default();
            if file.axes.len() != 2 {
                errors.push(Diagnostic::new(
                    text.span,
                    format!(
                        "`betza` needs a grid of two axes, file then rank; this board has {}",
                        file.axes.len()
                    ),
                ));
                continue;
            }
            let moves = match read(&text.text, wraps) {
                Ok(moves) => moves,
                Err(e) => {
                    errors.push(Diagnostic::new(inside(text, &e.at), e.message));
                    continue;
                }
            };
            let size = expand::size(&moves);
            let movements = (piece.movements.len() + groups.len()) as u128 + size.movements;
            if movements > MAX_MOVEMENTS as u128 {
                let subject = format!("piece `{}` with this Betza string", piece.name.text);
                let message = exceeded(&subject, movements, "movements", MAX_MOVEMENTS as u128);
                errors.push(Diagnostic::new(text.span, message));
                continue;
            }
            let units = size.legs.saturating_mul(u128::from(PER_BETZA_LEG));
            if !work.charge(u64::try_from(units).unwrap_or(u64::MAX), text.span, errors) {
                continue;
            }
            groups.extend(
                expand::groups(&moves)
                    .into_iter()
                    .map(|g| (g, text.span, extra.clone())),
            );
        }
        let takes_en_passant = groups.iter().any(|(g, _, _)| g.flags.takes_en_passant);
        for (g, span, extra) in groups {
            let mut m = movement(&g, span, takes_en_passant, &mut names);
            m.modifiers.extend(extra);
            piece.movements.push(m);
        }
    }
    out.directions.extend(names.added);
    Some(out)
}

/// The span of the bytes `at` of a string's text, inside its quotes.
fn inside(text: &Name, at: &std::ops::Range<usize>) -> Span {
    let open = text.span.start as usize + 1;
    Span::new(open + at.start, open + at.end.max(at.start + 1))
}

/// The moves of a Betza string, each one the long form can say.
fn read(text: &str, wraps: bool) -> Result<Vec<parse::Move>, parse::BetzaError> {
    let moves = parse::parse(text)?;
    for m in &moves {
        expand::check(m)?;
        if let (Some(at), false) = (&m.cylinder, wraps) {
            return Err(parse::BetzaError {
                at: at.clone(),
                message: "`o` (the move wraps around the board): this board does not wrap; \
                          a board wraps where links carry a direction on (`link e h1..h8 -> a1..a8`) \
                          or cells stand on two coordinates"
                    .into(),
            });
        }
    }
    Ok(moves)
}

/// Names for vectors: the first declared direction along each, else a new
/// direction named after the vector.
struct DirectionNames {
    known: HashMap<Vector, String>,
    added: Vec<ast::DirectionDecl>,
}

impl DirectionNames {
    fn new(file: &ast::File) -> DirectionNames {
        let mut known = HashMap::new();
        for d in &file.directions {
            if let [x, y] = d.vector[..] {
                known
                    .entry((x, y))
                    .or_insert_with(|| d.name.text.to_string());
            }
        }
        DirectionNames {
            known,
            added: Vec::new(),
        }
    }

    fn name(&mut self, v: Vector, span: Span) -> Name {
        let text = match self.known.get(&v) {
            Some(t) => t.clone(),
            None => {
                let text = format!("({},{})", v.0, v.1);
                self.added.push(ast::DirectionDecl {
                    name: Name {
                        text: text.as_str().into(),
                        span,
                    },
                    vector: vec![v.0, v.1],
                    span,
                });
                self.known.insert(v, text.clone());
                text
            }
        };
        Name {
            text: text.into(),
            span,
        }
    }
}

fn movement(
    g: &expand::Group,
    span: Span,
    takes_en_passant: bool,
    names: &mut DirectionNames,
) -> Movement {
    let mut legs: Vec<Leg> = g
        .prefix
        .iter()
        .map(|l| leg(l, &[l.vector()], span, names))
        .collect();
    legs.push(leg(&g.kind, &g.last, span, names));
    let mut modifiers = Vec::new();
    if g.flags.quiet {
        modifiers.push(Modifier::Quiet(span));
    }
    if g.flags.capture {
        modifiers.push(Modifier::Capture(span));
    }
    if g.flags.first {
        modifiers.push(Modifier::First);
    }
    if g.flags.takes_en_passant {
        modifiers.push(Modifier::TakesEnPassant);
    }
    let steps_only = legs.iter().all(|l| matches!(l, Leg::Step(_)));
    if takes_en_passant
        && g.flags.lame
        && g.flags.quiet
        && steps_only
        && (2..=3).contains(&legs.len())
    {
        modifiers.push(Modifier::SetsEnPassant(span));
    }
    Movement {
        legs,
        modifiers,
        span,
    }
}

/// One leg of the long form along each of `vectors`.
fn leg(kind: &LegOut, vectors: &[Vector], span: Span, names: &mut DirectionNames) -> Leg {
    let mut dirs = || vectors.iter().map(|&v| names.name(v, span)).collect();
    match kind {
        LegOut::Step(_) => Leg::Step(dirs()),
        LegOut::Slide(_, range) => Leg::Slide(dirs(), limit(*range)),
        LegOut::Hop(_, beyond) => Leg::Hop(dirs(), beyond.map(Limit::Steps)),
        LegOut::Leap(_) => {
            // Whole atoms are written as one offset each, like `leap (1, 2)`.
            let mut parts: Vec<(i64, i64)> = Vec::new();
            for &(x, y) in vectors {
                let part = (x.abs().max(y.abs()), x.abs().min(y.abs()));
                if !parts.contains(&part) {
                    parts.push(part);
                }
            }
            let whole = parts
                .iter()
                .all(|&p| expand::images(p).iter().all(|v| vectors.contains(v)));
            if whole {
                let offsets = parts.iter().map(|&(a, b)| vec![b, a]).collect();
                Leg::Leap(offsets, Images::Symmetric, span)
            } else {
                let offsets = vectors.iter().map(|&(x, y)| vec![x, y]).collect();
                Leg::Leap(offsets, Images::Listed, span)
            }
        }
    }
}

fn limit(range: u32) -> Option<Limit> {
    (range != 0).then_some(Limit::Steps(range))
}

#[cfg(test)]
mod tests;
