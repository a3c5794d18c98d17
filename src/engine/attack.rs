//! Attack tests, derived from movement: a cell is attacked when an enemy piece
//! has a pseudo-legal capturing move onto it.
//!
//! Single-leg movements are looked up backwards from the attacked cell through
//! reverse step and leap tables; multi-leg movements are generated forwards.

use super::moves::Move;
use super::position::Position;
use crate::game::{code, kind_of, AttackPattern, Leg, Side};

/// Whether a royal piece of `side` is attacked.
pub fn in_check(pos: &Position<'_>, side: Side) -> bool {
    pos.royals(side)
        .iter()
        .any(|c| is_attacked(pos, c, side.opposite()))
}

/// Whether `by` attacks `cell`.
pub fn is_attacked(pos: &Position<'_>, cell: u16, by: Side) -> bool {
    let game = pos.game();
    for pat in &game.attack_patterns[by.index()] {
        if pattern_hits(pos, pat, cell, by) {
            return true;
        }
    }
    if game.forward_attackers.is_empty() {
        return false;
    }
    forward_attack(pos, cell, by)
}

fn pattern_hits(pos: &Position<'_>, pat: &AttackPattern, cell: u16, by: Side) -> bool {
    let game = pos.game();
    let attacker = code(pat.kind, by);
    let m = &game.pieces[pat.kind as usize].movements[pat.movement];
    let ok = |x: u16| {
        pos.at(x) == attacker
            && m.origin_allowed(game, by, x)
            && (!m.first_only || pos.is_unmoved(x))
    };
    match &pat.leg {
        Leg::Step(dirs) => dirs
            .iter()
            .any(|&d| game.rev_step(by, d, cell).iter().any(|&x| ok(x))),
        Leg::Slide(dirs, max) => {
            let max = (*max).min(game.cell_count() as u32);
            dirs.iter().any(|&d| slide_back(pos, d, cell, max, by, &ok))
        }
        Leg::Leap(n) => game.rev_leaps[*n].get(cell as usize).iter().any(|&x| ok(x)),
    }
}

/// Walks backwards along direction `d` from `at` to the first piece on each path.
fn slide_back(
    pos: &Position<'_>,
    d: u8,
    at: u16,
    left: u32,
    by: Side,
    ok: &dyn Fn(u16) -> bool,
) -> bool {
    for &x in pos.game().rev_step(by, d, at) {
        if pos.at(x) != 0 {
            if ok(x) {
                return true;
            }
        } else if left > 1 && slide_back(pos, d, x, left - 1, by, ok) {
            return true;
        }
    }
    false
}

/// Tests the multi-leg capturing movements by generating them.
fn forward_attack(pos: &Position<'_>, cell: u16, by: Side) -> bool {
    let game = pos.game();
    let mut probe = pos.clone();
    probe.set_side_to_move(by);
    if probe.at(cell) == 0 {
        // Any enemy stands in, so that a move onto the cell is a capture.
        probe.put(cell, code(0, by.opposite()));
    }
    let mut moves: Vec<Move> = Vec::new();
    for x in pos.occupied(by).iter() {
        let kind = kind_of(pos.at(x));
        if !game.forward_attackers.contains(&kind) {
            continue;
        }
        moves.clear();
        super::movegen::piece_moves(&probe, x, &mut moves);
        if moves.iter().any(|m| m.to == cell) {
            return true;
        }
    }
    false
}
