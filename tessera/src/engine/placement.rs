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
    // Held up along `d`: the next cell holds a piece, or there is none.
    let held = |d: u8| {
        let next = game.step(Side::White, d, cell);
        next.is_empty() || next.iter().any(|&c| pos.at(c) != 0)
    };
    if !rule.on_top.is_empty() && !rule.on_top.iter().any(|&d| held(d)) {
        return false;
    }
    if !rule.pushed_in.is_empty()
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
