//! `shuffle ZONE: STEP, ...`: the setups that may be drawn on a zone's cells.

use super::board::Board;
use super::names::Names;
use crate::diag::{Diagnostic, Diagnostics};
use crate::game::shuffle_parts::{mask_below, place, radix};
use crate::game::{kind_of, side_of, CellSet, Kind, Shuffle, ShuffleStep, Side};
use crate::limits::{MAX_SHUFFLE_CELLS, MAX_SHUFFLE_ZONED_PIECES};
use crate::syntax::ast;

/// The compiled `shuffle`, if the file has one; every mistake is an error at
/// its place.
pub(super) fn build(
    file: &ast::File,
    board: &Board,
    zones: &[[CellSet; 2]],
    zone_names: &Names<usize>,
    kinds: &Names<Kind>,
    setup: &[(u16, u8)],
    errors: &mut Diagnostics,
) -> Option<Shuffle> {
    let decl = file.shuffles.first()?;
    for extra in &file.shuffles[1..] {
        errors.push(Diagnostic::new(
            extra.span,
            "a rule file has at most one `shuffle`",
        ));
    }
    let z = zone_names.resolve(&decl.zone, errors)?;
    let white: Vec<u16> = zones[z][0].iter().collect();
    if white.is_empty() || white.len() > MAX_SHUFFLE_CELLS {
        errors.push(Diagnostic::new(
            decl.zone.span,
            format!(
                "a `shuffle` zone holds 1 to {MAX_SHUFFLE_CELLS} cells of White's; `{}` holds {}",
                decl.zone.text,
                white.len()
            ),
        ));
        return None;
    }
    // Black's cell for each of White's: its reflection for a zone written
    // once, the cell of the same rank in cell order for one given per side.
    let mirrored = file
        .zones
        .iter()
        .find(|d| d.name.text == decl.zone.text)
        .is_some_and(|d| matches!(d.sets, ast::ZoneSets::Mirrored(_)));
    let black_list: Vec<u16> = zones[z][1].iter().collect();
    let mut cells = Vec::with_capacity(white.len());
    for (i, &w) in white.iter().enumerate() {
        let b = if mirrored {
            board.mirror_cell(w)
        } else {
            black_list.get(i).copied()
        };
        match b {
            Some(b) if black_list.len() == white.len() => cells.push((w, b)),
            _ => {
                errors.push(Diagnostic::new(
                    decl.zone.span,
                    format!(
                        "the zone `{}` must hold as many cells of Black's as of White's",
                        decl.zone.text
                    ),
                ));
                return None;
            }
        }
    }
    let index_of = |c: u16| white.iter().position(|&w| w == c);
    // A zone as a mask over the shuffled cells, as White sees it.
    let mask_of = |n: &ast::Name, errors: &mut Diagnostics| {
        let zi = zone_names.resolve(n, errors)?;
        let mut m = 0u128;
        for c in zones[zi][0].iter() {
            if let Some(i) = index_of(c) {
                m |= 1u128 << i;
            }
        }
        Some(m)
    };
    let all = mask_below(white.len());
    let mut steps: Vec<ShuffleStep> = Vec::new();
    // The sets each earlier step's pieces land in, to check that every
    // step's number of choices is the same whatever the earlier ones chose.
    let mut landed: Vec<u128> = Vec::new();
    let mut listed: Vec<Kind> = Vec::new();
    let mut failed = false;
    for s in &decl.steps {
        let ks: Vec<Kind> = s
            .kinds
            .iter()
            .filter_map(|k| kinds.resolve(k, errors))
            .collect();
        if ks.len() != s.kinds.len() {
            failed = true;
            continue;
        }
        let masks: Vec<u128> = s.zones.iter().filter_map(|n| mask_of(n, errors)).collect();
        if masks.len() != s.zones.len() {
            failed = true;
            continue;
        }
        let zones = if masks.is_empty() { vec![all] } else { masks };
        if zones.len() == 1 {
            if !s.in_order && ks.iter().any(|&k| k != ks[0]) {
                errors.push(Diagnostic::new(
                    s.span,
                    "pieces of several kinds in one step need `in order` or one zone each",
                ));
                failed = true;
                continue;
            }
        } else if zones.len() > MAX_SHUFFLE_ZONED_PIECES {
            errors.push(Diagnostic::new(
                s.span,
                format!(
                    "a step places at most {MAX_SHUFFLE_ZONED_PIECES} pieces one zone each (their orders are counted one by one)"
                ),
            ));
            failed = true;
            continue;
        } else if zones.len() != ks.len() || s.in_order {
            errors.push(Diagnostic::new(
                s.span,
                "a step lists one zone for all its pieces, or one zone per piece (without `in order`)",
            ));
            failed = true;
            continue;
        } else if zones
            .iter()
            .enumerate()
            .any(|(i, a)| zones[i + 1..].iter().any(|b| a & b != 0))
        {
            errors.push(Diagnostic::new(
                s.span,
                "the zones of one step, one per piece, may not share a cell",
            ));
            failed = true;
            continue;
        }
        if zones
            .iter()
            .any(|&zm| landed.iter().any(|&y| y & zm != 0 && y & !zm != 0))
        {
            errors.push(Diagnostic::new(
                s.span,
                "this step's zone holds some cells but not all of an earlier step's: how many of its cells are free would depend on the earlier choice (place the pieces on smaller zones first)",
            ));
            failed = true;
            continue;
        }
        landed.extend(zones.iter().copied());
        listed.extend(ks.iter().copied());
        steps.push(ShuffleStep {
            kinds: ks,
            zones,
            radix: 0,
        });
    }
    if failed {
        return None;
    }
    // The choices of each step, along the first setup (the same along any).
    let mut free = all;
    let mut count: u64 = 1;
    for (i, step) in steps.iter_mut().enumerate() {
        let r = radix(step, free);
        match r {
            Some(r) if r > 0 => step.radix = r,
            _ => {
                let span = decl.steps.get(i).map_or(decl.span, |s| s.span);
                errors.push(Diagnostic::new(
                    span,
                    match r {
                        None => "this step has more choices than can be counted".to_string(),
                        _ => "no cell of its zone is left free for this step".to_string(),
                    },
                ));
                return None;
            }
        }
        count = match count.checked_mul(step.radix) {
            Some(c) => c,
            None => {
                errors.push(Diagnostic::new(
                    decl.span,
                    "this `shuffle` numbers more setups than can be counted (2^64)",
                ));
                return None;
            }
        };
        for (at, _) in place(step, free, 0) {
            free &= !(1u128 << at);
        }
    }
    // The setup's pieces on the zone must be the steps' pieces, for each side.
    for side in [Side::White, Side::Black] {
        let mut on: Vec<Kind> = setup
            .iter()
            .filter(|&&(c, p)| {
                side_of(p) == side
                    && cells
                        .iter()
                        .any(|&(w, b)| c == if side == Side::White { w } else { b })
            })
            .map(|&(_, p)| kind_of(p))
            .collect();
        let mut want = listed.clone();
        on.sort_unstable();
        want.sort_unstable();
        let stray = setup.iter().any(|&(c, p)| {
            side_of(p) != side
                && cells
                    .iter()
                    .any(|&(w, b)| c == if side == Side::White { w } else { b })
        });
        if on != want || stray {
            errors.push(Diagnostic::new(
                decl.span,
                format!(
                    "the setup must place on `{}` ({}'s cells) exactly the pieces the steps list, of that side",
                    decl.zone.text,
                    side.name()
                ),
            ));
            return None;
        }
    }
    let defended = decl
        .defended
        .iter()
        .filter_map(|k| kinds.resolve(k, errors))
        .fold(0u128, |m, k| m | 1u128 << k);
    Some(Shuffle {
        cells,
        steps,
        defended,
        count,
    })
}
