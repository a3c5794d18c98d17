//! Pieces: movements and their modifiers, promotion, and the attack tables
//! derived from movement (attack is never written twice).

use super::board::{Board, Leaps};
use super::names::Names;
use crate::diag::Diagnostic;
use crate::game::{AttackPattern, Kind, Leg, Modality, Movement, PieceDef, Promotion};
use crate::syntax::ast;

/// The most piece kinds a game may have: codes are bytes.
pub const MAX_KINDS: usize = 127;

pub fn build(
    file: &ast::File,
    board: &Board,
    zones: &Names<usize>,
    leaps: &mut Leaps,
    errors: &mut Vec<Diagnostic>,
) -> Vec<PieceDef> {
    let mut names: Names<Kind> = Names::new("piece");
    let mut letters: Names<Kind> = Names::new("piece letter");
    for (i, p) in file.pieces.iter().enumerate() {
        if i >= MAX_KINDS {
            errors.push(Diagnostic::new(
                p.name.span,
                format!("more than {MAX_KINDS} piece kinds"),
            ));
            break;
        }
        names.declare(&p.name, i as Kind, errors);
        let upper = ast::Name {
            text: p.letter.text.to_ascii_uppercase(),
            span: p.letter.span,
        };
        letters.declare(&upper, i as Kind, errors);
    }
    file.pieces
        .iter()
        .take(MAX_KINDS)
        .map(|p| build_piece(p, board, zones, &names, leaps, errors))
        .collect()
}

fn build_piece(
    p: &ast::PieceDecl,
    board: &Board,
    zones: &Names<usize>,
    kinds: &Names<Kind>,
    leaps: &mut Leaps,
    errors: &mut Vec<Diagnostic>,
) -> PieceDef {
    let movements: Vec<Movement> = p
        .movements
        .iter()
        .filter_map(|m| build_movement(m, board, zones, leaps, errors))
        .collect();
    let promotion = p.promotion.as_ref().and_then(|pr| {
        let zone = zones.resolve(&pr.zone, errors);
        let targets: Vec<Kind> = pr
            .targets
            .iter()
            .filter_map(|t| kinds.resolve(t, errors))
            .collect();
        if targets.is_empty() && pr.targets.is_empty() {
            errors.push(Diagnostic::new(
                pr.span,
                "promotion needs at least one target piece",
            ));
        }
        Some(Promotion {
            zone: zone?,
            targets,
            optional: pr.optional,
        })
    });
    let may_duplicate =
        movements.len() > 1 || movements.iter().any(|m| m.legs.len() > 1) || board.branches;
    PieceDef {
        name: p.name.text.clone(),
        letter: p
            .letter
            .text
            .chars()
            .next()
            .unwrap_or('?')
            .to_ascii_uppercase(),
        value: p.value.unwrap_or(0),
        royal: p.royal,
        movements,
        promotion,
        may_duplicate,
        tracks_unmoved: p.movements.iter().any(|m| {
            m.modifiers
                .iter()
                .any(|x| matches!(x, ast::Modifier::First(_)))
        }),
    }
}

fn build_movement(
    m: &ast::Movement,
    board: &Board,
    zones: &Names<usize>,
    leaps: &mut Leaps,
    errors: &mut Vec<Diagnostic>,
) -> Option<Movement> {
    let mut legs = Vec::new();
    for leg in &m.legs {
        legs.push(match leg {
            ast::Leg::Step(dirs) => Leg::Step(board.dirs(dirs, errors)),
            ast::Leg::Slide(dirs, limit) => {
                if *limit == Some(0) {
                    errors.push(Diagnostic::new(
                        m.span,
                        "a slide of `up to 0` steps goes nowhere",
                    ));
                }
                Leg::Slide(board.dirs(dirs, errors), limit.unwrap_or(u32::MAX))
            }
            ast::Leg::Leap(offsets, span) => Leg::Leap(leaps.table(board, offsets, *span, errors)?),
        });
    }
    let mut mv = Movement {
        legs,
        modality: Modality::Both,
        first_only: false,
        from_zone: None,
        not_from_zone: None,
        to_zone: None,
        not_to_zone: None,
        sets_en_passant: false,
        takes_en_passant: false,
        jumping: false,
    };
    for modifier in &m.modifiers {
        match modifier {
            ast::Modifier::Quiet(s) | ast::Modifier::Capture(s) => {
                let want = if matches!(modifier, ast::Modifier::Quiet(_)) {
                    Modality::Quiet
                } else {
                    Modality::Capture
                };
                if mv.modality != Modality::Both && mv.modality != want {
                    errors.push(Diagnostic::new(
                        *s,
                        "a movement cannot be both `quiet` and `capture`",
                    ));
                }
                mv.modality = want;
            }
            ast::Modifier::First(_) => mv.first_only = true,
            ast::Modifier::From(z) => mv.from_zone = zones.resolve(z, errors),
            ast::Modifier::To(z) => mv.to_zone = zones.resolve(z, errors),
            ast::Modifier::NotTo(z) => mv.not_to_zone = zones.resolve(z, errors),
            ast::Modifier::NotFrom(z) => mv.not_from_zone = zones.resolve(z, errors),
            ast::Modifier::Jumping(_) => mv.jumping = true,
            ast::Modifier::SetsEnPassant(s) => {
                if mv.legs.len() < 2 || mv.legs.len() > 3 {
                    errors.push(Diagnostic::new(
                        *s,
                        "`sets en passant` needs a movement of 2 or 3 legs: the cells it passes are the targets",
                    ));
                }
                mv.sets_en_passant = true;
            }
            ast::Modifier::TakesEnPassant(_) => mv.takes_en_passant = true,
        }
    }
    if mv.takes_en_passant && mv.modality == Modality::Quiet {
        errors.push(Diagnostic::new(
            m.span,
            "a `quiet` movement cannot take en passant",
        ));
    }
    Some(mv)
}

/// Splits capturing movements into single-leg patterns, looked up backwards from
/// the attacked cell, and kinds whose multi-leg captures are tested forwards.
pub fn attack_tables(pieces: &[PieceDef]) -> (Vec<AttackPattern>, Vec<Kind>) {
    let mut patterns = Vec::new();
    let mut forward = Vec::new();
    for (k, p) in pieces.iter().enumerate() {
        for (i, m) in p
            .movements
            .iter()
            .enumerate()
            .filter(|(_, m)| m.modality.may_capture())
        {
            if m.legs.len() == 1 && m.to_zone.is_none() && m.not_to_zone.is_none() {
                patterns.push(AttackPattern {
                    kind: k as Kind,
                    movement: i,
                    leg: m.legs[0].clone(),
                });
            } else if !forward.contains(&(k as Kind)) {
                forward.push(k as Kind);
            }
        }
    }
    (patterns, forward)
}
