//! Where a drop rule's `not next to enemy`, `on top along` and `pushed in
//! along` let a piece go down.

use super::position::Position;
use crate::game::{kind_of, side_of, Side};

/// Whether `rule`'s `not next to enemy`, `on top along` and `pushed in
/// along` let `side` drop onto the empty `cell`. Rare: kept out of line.
#[inline(never)]
pub(crate) fn placement_allows(
    pos: &Position<'_>,
    side: Side,
    rule: &crate::game::DropRule,
    cell: u16,
) -> bool {
    let game = pos.game();
    if rule.not_next_to_enemy.iter().any(|&d| {
        game.step(side, d, cell).iter().any(|&c| {
            let p = pos.at(c);
            p != 0 && side_of(p) != side && !game.pieces[kind_of(p) as usize].neutral
        })
    }) {
        return false;
    }
    let enemy = |c: u16| {
        let p = pos.at(c);
        p != 0 && side_of(p) != side && !game.pieces[kind_of(p) as usize].neutral
    };
    if !rule.next_to_enemy.is_empty()
        && !rule
            .next_to_enemy
            .iter()
            .any(|&d| game.step(side, d, cell).iter().any(|&c| enemy(c)))
    {
        return false;
    }
    if !rule.enclosing.is_empty()
        && !rule
            .enclosing
            .iter()
            .any(|&d| encloses(pos, side, rule, d, cell))
    {
        return false;
    }
    // Held up along `d`: the next cell holds a piece, or there is none.
    let held_at = |d: u8, at: u16| {
        let next = game.step(Side::White, d, at);
        next.is_empty() || next.iter().any(|&c| pos.at(c) != 0)
    };
    let held = |d: u8| held_at(d, cell);
    if !rule.on_top.is_empty() && !rule.on_top.iter().any(|&d| held(d)) {
        return false;
    }
    let no_entry = rule.pushed_in.is_empty() && rule.sunk_in.is_empty();
    let sunk = || {
        rule.sunk_in
            .iter()
            .any(|&d| sunk_in(pos, d, cell, &held_at))
    };
    if !no_entry
        && !sunk()
        && !rule.pushed_in.iter().any(|&d| {
            if !held(d) {
                return false;
            }
            // Back to the edge, against `d`, every cell empty.
            let mut at = cell;
            let mut seen = 0;
            loop {
                match game.rev_step(Side::White, d, at) {
                    [] => return true,
                    [c] if pos.at(*c) == 0 && seen < game.cell_count() => {
                        at = *c;
                        seen += 1;
                    }
                    _ => return false,
                }
            }
        })
    {
        return false;
    }
    true
}

/// `sunk in along d`: the line's first cell, back against `d` at the edge,
/// is empty, `cell` is held along `d`, and no cell beyond it along `d` is
/// empty and held: a piece let in there comes to rest farthest along `d`,
/// as Fairy-Stockfish's `anyside` drops from the top and the right rest.
fn sunk_in(pos: &Position<'_>, d: u8, cell: u16, held: &dyn Fn(u8, u16) -> bool) -> bool {
    let game = pos.game();
    if !held(d, cell) {
        return false;
    }
    let limit = game.cell_count();
    // Back to the edge: the entry cell must be empty.
    let (mut at, mut seen) = (cell, 0);
    while let [c] = game.rev_step(Side::White, d, at) {
        if seen >= limit {
            return false;
        }
        at = *c;
        seen += 1;
    }
    if !game.rev_step(Side::White, d, at).is_empty() || pos.at(at) != 0 {
        return false;
    }
    // Beyond it: no empty cell held along `d`.
    let (mut at, mut seen) = (cell, 0);
    while let [c] = game.step(Side::White, d, at) {
        if seen >= limit {
            return false;
        }
        at = *c;
        seen += 1;
        if pos.at(at) == 0 && held(d, at) {
            return false;
        }
    }
    game.step(Side::White, d, at).is_empty()
}

/// `enclosing over KINDS along d`: from `cell`, along `d` (as White sees it),
/// one or more pieces, each an enemy's or of the listed kinds, then a piece
/// of `side` (not of the listed kinds).
fn encloses(
    pos: &Position<'_>,
    side: Side,
    rule: &crate::game::DropRule,
    d: u8,
    cell: u16,
) -> bool {
    let game = pos.game();
    let (mut at, mut n) = (cell, 0usize);
    loop {
        let Some(&next) = game.step(Side::White, d, at).first() else {
            return false;
        };
        if next == cell || n >= game.cell_count() {
            return false;
        }
        at = next;
        let p = pos.at(at);
        if p == 0 {
            return false;
        }
        let neutral = game.pieces[kind_of(p) as usize].neutral;
        if rule.enclosing_over & 1u128 << kind_of(p) != 0 || side_of(p) != side && !neutral {
            n += 1;
            continue;
        }
        return n > 0 && side_of(p) == side && !neutral;
    }
}
