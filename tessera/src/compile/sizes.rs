//! The limits that the syntax tree alone can tell, checked before anything is
//! compiled, so that the passes after it never meet a size past its limit.

use crate::diag::{Diagnostic, Span};
use crate::limits::{exceeded, MAX_LEAP_OFFSETS, MAX_LEGS, MAX_MOVEMENTS, MAX_POOLS};
use crate::syntax::ast;

/// The limits that can be checked on the syntax tree alone, before compiling:
/// counts of pools, movements, legs and leap offsets.
pub fn check_file(file: &ast::File) -> Vec<Diagnostic> {
    let mut errors = Vec::new();
    if file.pools.len() > MAX_POOLS {
        let span = file.pools[MAX_POOLS].span;
        let message = exceeded(
            "the rule file",
            file.pools.len() as u128,
            "pools",
            MAX_POOLS as u128,
        );
        errors.push(Diagnostic::new(span, message));
    }
    for p in &file.pieces {
        if p.movements.len() > MAX_MOVEMENTS {
            let subject = format!("piece `{}`", p.name.text);
            let message = exceeded(
                &subject,
                p.movements.len() as u128,
                "movements",
                MAX_MOVEMENTS as u128,
            );
            errors.push(Diagnostic::new(p.name.span, message));
        }
        for m in &p.movements {
            check_movement(m, &mut errors);
        }
    }
    errors
}

fn check_movement(m: &ast::Movement, errors: &mut Vec<Diagnostic>) {
    if m.legs.len() > MAX_LEGS {
        let message = exceeded(
            "the movement",
            m.legs.len() as u128,
            "legs",
            MAX_LEGS as u128,
        );
        errors.push(Diagnostic::new(first_span(m.span), message));
    }
    for leg in &m.legs {
        if let ast::Leg::Leap(offsets, _, span) = leg {
            if offsets.len() > MAX_LEAP_OFFSETS {
                let message = exceeded(
                    "the leap",
                    offsets.len() as u128,
                    "offsets",
                    MAX_LEAP_OFFSETS as u128,
                );
                errors.push(Diagnostic::new(first_span(*span), message));
            }
        }
    }
}

/// The first few bytes of a span, enough for the caret line of an error about
/// a huge construct.
fn first_span(span: Span) -> Span {
    Span {
        start: span.start,
        end: span.end.min(span.start.saturating_add(4)),
    }
}
