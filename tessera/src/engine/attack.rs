//! Attack tests, derived from movement: a cell is attacked when an enemy piece
//! has a pseudo-legal capturing move onto it.
//!
//! Single-leg movements are looked up backwards from the attacked cell through
//! reverse step and leap tables; multi-leg movements are generated forwards.

use super::bfs::Visit;
use super::movegen::reach_of;
use super::moves::RawMove;
use super::position::Position;
use crate::game::{cells_of, code, first_in, kind_of, side_of, AttackPattern, AttackRays};
use crate::game::{KindMasks, Leg, LineOrder, Reach, Side};

/// Whether `side` is in check: one of its royal pieces is attacked, or all of
/// them where the game says `check when all royals attacked`.
pub fn in_check(pos: &Position<'_>, side: Side) -> bool {
    let royals = pos.royals(side);
    let checked = |c: u16| is_attacked(pos, c, side.opposite()) && !shielded_by_blast(pos, c, side);
    // `check when at most N royals`: with more of them, none is in check.
    if let Some(n) = pos.game().rules.royals_at_most {
        if royals.len() > n as usize {
            return false;
        }
    }
    if pos.game().rules.check_all_royals {
        return !royals.is_empty() && royals.iter().all(checked);
    }
    // A plain loop rather than `any` over the closure: the same test, which
    // the compiler then keeps inlined here (with `any`, how the crate's code
    // is split among codegen units decided whether the closure was).
    for c in royals.iter() {
        if is_attacked(pos, c, side.opposite()) && !shielded_by_blast(pos, c, side) {
            return true;
        }
    }
    false
}

/// Under `check when at most N royals`, whether a move of `side` has left
/// attacked one of the royal pieces it had when its turn started (`before`
/// of them), the piece on `fresh` aside: a piece that became royal by the
/// move is royal from its side's next turn on, as Fairy-Stockfish judges its
/// pseudo-royal pieces. With more than N at the start, none is.
#[cold]
pub(crate) fn left_in_check(pos: &Position<'_>, side: Side, before: usize, fresh: u16) -> bool {
    let game = pos.game();
    if game
        .rules
        .royals_at_most
        .is_some_and(|n| before > n as usize)
    {
        return false;
    }
    let checked = |c: u16| is_attacked(pos, c, side.opposite()) && !shielded_by_blast(pos, c, side);
    let mut royals = pos.royals(side).iter().filter(|&c| c != fresh).peekable();
    if game.rules.check_all_royals {
        return royals.peek().is_some() && royals.all(checked);
    }
    royals.any(checked)
}

/// Where captures explode, a royal piece next to an enemy royal piece cannot
/// be taken: the capture would blow up the capturer's own royal piece. So it
/// is not in check.
pub(crate) fn shielded_by_blast(pos: &Position<'_>, royal: u16, side: Side) -> bool {
    let game = pos.game();
    let Some(e) = &game.rules.explosion else {
        return false;
    };
    let enemy = pos.royals(side.opposite());
    e.dirs.iter().any(|&d| {
        game.step(Side::White, d, royal)
            .iter()
            .any(|&c| enemy.contains(c))
    })
}

/// Whether `by` attacks `cell`.
pub fn is_attacked(pos: &Position<'_>, cell: u16, by: Side) -> bool {
    let game = pos.game();
    if ray_attack(pos, cell, by) {
        return true;
    }
    if game.tables.exposure.is_none() {
        for pat in &game.tables.attack_patterns {
            if pattern_hits(pos, pat, cell, by, false) {
                return true;
            }
        }
    } else if !game.tables.attack_patterns.is_empty() && patterns_hit(pos, cell, by, u128::MAX) {
        return true;
    }
    if game.tables.forward_attackers.is_empty() {
        return false;
    }
    forward_attack(pos, cell, by, u128::MAX)
}

/// Whether an attack pattern of a kind in `kinds` reaches `cell`; with the
/// game's exposure table, only the patterns with a piece of `by` where
/// they could attack from are walked.
#[inline(never)]
fn patterns_hit(pos: &Position<'_>, cell: u16, by: Side, kinds: u128) -> bool {
    let game = pos.game();
    let patterns = &game.tables.attack_patterns;
    let Some(exposure) = game.tables.exposure.as_ref() else {
        return patterns
            .iter()
            .any(|pat| kinds & 1u128 << pat.kind != 0 && pattern_hits(pos, pat, cell, by, false));
    };
    let from = exposure.pattern_from(by.index(), cell, patterns.len());
    let theirs = pos.occupied(by).bits();
    for (i, pat) in patterns.iter().enumerate() {
        if kinds & 1u128 << pat.kind == 0 || from[i] & theirs == 0 {
            continue;
        }
        if pattern_hits(pos, pat, cell, by, false) {
            return true;
        }
    }
    false
}

/// [`is_attacked`] by the pieces of `kinds` only (bit `k` for kind `k`), for
/// a move known to change no other kind's attacks on `cell`; needs the
/// game's exposure table, which knows the kinds of the grouped attacks.
#[inline(never)]
pub(crate) fn is_attacked_by(pos: &Position<'_>, cell: u16, by: Side, kinds: u128) -> bool {
    let game = pos.game();
    let ray_kinds = game
        .tables
        .exposure
        .as_ref()
        .map_or(u128::MAX, |e| e.ray_kinds);
    if kinds & ray_kinds != 0 && ray_attack(pos, cell, by) {
        return true;
    }
    if patterns_hit(pos, cell, by, kinds) {
        return true;
    }
    let forward = game
        .tables
        .exposure
        .as_ref()
        .map_or(u128::MAX, |e| e.forward_kinds);
    kinds & forward != 0 && forward_attack(pos, cell, by, kinds)
}

/// Whether the piece on `x` is one of `by`'s, of a kind in `masks`, with the
/// kind's condition on having moved met.
#[inline(always)]
fn is_one_of(pos: &Position<'_>, x: u16, by: Side, masks: &KindMasks) -> bool {
    let piece = pos.at(x);
    if piece == 0 || side_of(piece) != by {
        return false;
    }
    let kind = kind_of(piece);
    let bit = 1u128 << kind;
    masks.always & bit != 0
        || (masks.unmoved | masks.moved) & bit != 0 && {
            let unmoved = pos.is_unmoved(x);
            (masks.unmoved & bit != 0 && unmoved) || (masks.moved & bit != 0 && !unmoved)
        }
        || masks.zoned & bit != 0 && {
            let game = pos.game();
            let (from, not_from) =
                game.tables.attack_rays.origin_rules[kind as usize].unwrap_or_default();
            from.is_none_or(|z| game.in_zone(z, by, x))
                && not_from.is_none_or(|z| !game.in_zone(z, by, x))
        }
}

/// The kinds attacking along direction `d` from `dist` steps away.
#[inline]
fn masks_at(rays: &AttackRays, d: u8, dist: u32) -> &KindMasks {
    match rays.near[d as usize].get(dist as usize - 1) {
        Some(m) => m,
        None => &rays.far[d as usize],
    }
}

/// The grouped attacks: one backward walk per direction finds the first piece,
/// which attacks if its kind attacks along that direction from that far; leaps
/// are one table lookup per leap table.
fn ray_attack(pos: &Position<'_>, cell: u16, by: Side) -> bool {
    let game = pos.game();
    let rays = &game.tables.attack_rays;
    let Some(t) = &game.tables.bit_tables else {
        return rays.dirs.iter().any(|&d| walk_attack(pos, d, cell, by))
            || rays.leapers[by.index()].iter().any(|(n, masks)| {
                game.board.rev_leaps[*n]
                    .get(cell as usize)
                    .iter()
                    .any(|&x| is_one_of(pos, x, by, masks))
            });
    };
    let theirs = pos.occupied(by).bits();
    let occupied = theirs | pos.occupied(by.opposite()).bits();
    let walk = |d| Some(walk_attack(pos, d, cell, by));
    bit_attack(pos, t, cell, by, occupied, theirs, walk) == Some(true)
}

/// Whether `by` attacks `cell` on the board as it would be with `occupied` the
/// occupied cells and `theirs` the cells of `by`'s pieces, every piece that
/// is left where it stands now: a move tested without being made. `None`
/// where that cannot be told so (no bit tables, a line that must be walked,
/// attacks other than by lines and leaps).
#[inline]
pub fn attacked_with(
    pos: &Position<'_>,
    cell: u16,
    by: Side,
    occupied: u128,
    theirs: u128,
) -> Option<bool> {
    let game = pos.game();
    if !game.lines_and_leaps_only() {
        return None;
    }
    let t = game.tables.bit_tables.as_ref()?;
    bit_attack(pos, t, cell, by, occupied, theirs, |_| None)
}

/// The grouped attacks by bit scans: the first piece on each line, and the
/// leapers among `theirs`; `walk` answers for a line the tables do not cover.
fn bit_attack(
    pos: &Position<'_>,
    t: &crate::game::BitTables,
    cell: u16,
    by: Side,
    occupied: u128,
    theirs: u128,
    walk: impl Fn(u8) -> Option<bool>,
) -> Option<bool> {
    let rays = &pos.game().tables.attack_rays;
    for &d in &rays.dirs {
        let (line, order) = t.line(by.index(), d, cell);
        if order == LineOrder::Walk {
            if walk(d)? {
                return Some(true);
            }
            continue;
        }
        // Most lines hold no piece of the attacker's at all.
        if line & theirs == 0 {
            continue;
        }
        let Some(x) = first_in(line, order, occupied) else {
            continue;
        };
        if theirs & 1 << x == 0 {
            continue;
        }
        let masks = if rays.adjacent_or_far[d as usize] {
            // Adjacent when `x` is the line's first cell, else from afar.
            match first_in(line, order, u128::MAX) == Some(x) {
                true => &rays.near[d as usize][0],
                false => &rays.far[d as usize],
            }
        } else {
            // The cells before `x` are those not on the line beyond it.
            let dist = (line & !t.line(by.index(), d, x).0).count_ones();
            if dist > rays.reach[d as usize] {
                continue;
            }
            masks_at(rays, d, dist)
        };
        if is_one_of(pos, x, by, masks) {
            return Some(true);
        }
    }
    let leaps = rays.leapers[by.index()].iter().any(|(n, masks)| {
        cells_of(t.leap_sources(*n, cell) & theirs).any(|x| is_one_of(pos, x, by, masks))
    });
    Some(leaps)
}

/// The backward walk along direction `d` from `cell` to the first piece, cell
/// by cell, for lines the bit tables do not cover.
fn walk_attack(pos: &Position<'_>, d: u8, cell: u16, by: Side) -> bool {
    let game = pos.game();
    let rays = &game.tables.attack_rays;
    // Cycles of steps end the walk after as many steps as there are cells.
    let reach = rays.reach[d as usize].min(game.cell_count() as u32);
    let mut at = cell;
    for dist in 1..=reach {
        let x = match game.prev(by, d, at) {
            crate::game::NO_CELL => return false,
            crate::game::BRANCH => {
                // Every branch from here on, by the walk the patterns use.
                let ok = |x: u16, dist: u32| is_one_of(pos, x, by, masks_at(rays, d, dist));
                return slide_back(pos, d, at, dist, reach, by, &ok);
            }
            x => x,
        };
        if pos.at(x) != 0 {
            return is_one_of(pos, x, by, masks_at(rays, d, dist));
        }
        at = x;
    }
    false
}

/// Whether `by` would attack `cell` by a capture that its pools now forbid (a
/// promotion with nothing to promote to), were the pools full: whether a
/// capture that fills them could create the attack.
pub fn attacked_once_pools_fill(pos: &Position<'_>, cell: u16, by: Side) -> bool {
    let game = pos.game();
    game.tables
        .attack_patterns
        .iter()
        .any(|pat| !may_land(pos, pat.kind, by, cell) && pattern_hits(pos, pat, cell, by, true))
}

/// Whether the attack pattern `pat` of `by` reaches `cell`; with `pools_full`,
/// as if every pool held what a promotion may take.
fn pattern_hits(
    pos: &Position<'_>,
    pat: &AttackPattern,
    cell: u16,
    by: Side,
    pools_full: bool,
) -> bool {
    let game = pos.game();
    let attacker = code(pat.kind, by);
    let piece = &game.pieces[pat.kind as usize];
    let m = &piece.movements[pat.movement];
    let target = pos.at(cell);
    if !(pools_full || may_land(pos, pat.kind, by, cell))
        || m.to_zone.is_some_and(|z| !game.in_zone(z, by, cell))
        || m.not_to_zone.is_some_and(|z| game.in_zone(z, by, cell))
        || (target != 0 && m.capture_kinds & 1u128 << kind_of(target) == 0)
    {
        return false;
    }
    // `dist` is the number of steps from the attacker to `cell`.
    let ok = |x: u16, dist: u32| {
        pos.at(x) == attacker
            && m.origin_allowed(game, by, x)
            && (!m.first_only || pos.is_unmoved(x))
            && (!m.later_only || !pos.is_unmoved(x))
            && match &pat.leg {
                Leg::Slide(_, r) | Leg::Path(_, r) => reach_of(pos, *r, x) >= dist,
                _ => true,
            }
    };
    let most = |reach: Reach| match reach {
        Reach::Steps(n) => n.min(game.cell_count() as u32),
        Reach::Counter => piece.counter.as_ref().map_or(0, |c| u32::from(c.high)),
    };
    if let (Some(t), Some(_)) = (
        &game.tables.bit_tables,
        game.tables.exposure.as_ref().filter(|e| e.bit_lines),
    ) {
        if let Leg::Slide(dirs, reach) | Leg::Hop(dirs, reach) = &pat.leg {
            return line_hits(
                pos,
                t,
                dirs,
                most(*reach),
                cell,
                by,
                &ok,
                m.screen_kinds,
                &pat.leg,
            );
        }
    }
    match &pat.leg {
        Leg::Step(dirs) => dirs
            .iter()
            .any(|&d| game.rev_step(by, d, cell).iter().any(|&x| ok(x, 1))),
        Leg::Slide(dirs, reach) => {
            let max = most(*reach);
            dirs.iter()
                .any(|&d| slide_back(pos, d, cell, 1, max, by, &ok))
        }
        Leg::Path(dirs, reach) => path_back(pos, dirs, cell, most(*reach), by, &ok),
        Leg::Leap(n) => game.board.rev_leaps[n[by.index()]]
            .get(cell as usize)
            .iter()
            .any(|&x| ok(x, 1)),
        // Backwards to the screen, within the hop's reach beyond it, then on
        // to the first piece behind the screen.
        Leg::Hop(dirs, reach) => {
            let (max, cells) = (most(*reach), game.cell_count() as u32);
            dirs.iter().any(|&d| {
                slide_back(pos, d, cell, 1, max, by, &|screen, _| {
                    m.screen_kinds & 1u128 << kind_of(pos.at(screen)) != 0
                        && slide_back(pos, d, screen, 1, cells, by, &|x, _| ok(x, 1))
                })
            })
        }
    }
}

/// [`pattern_hits`] for a slide or a hop by bit scans, on a board whose
/// lines all end at its edge: the first piece back along each line (a hop's
/// screen, within `max` steps), and for a hop the first piece behind it.
#[allow(clippy::too_many_arguments)]
#[inline(never)]
fn line_hits(
    pos: &Position<'_>,
    t: &crate::game::BitTables,
    dirs: &[u8],
    max: u32,
    cell: u16,
    by: Side,
    ok: &dyn Fn(u16, u32) -> bool,
    screens: u128,
    leg: &Leg,
) -> bool {
    let theirs = pos.occupied(by).bits();
    let occupied = theirs | pos.occupied(by.opposite()).bits();
    let hop = matches!(leg, Leg::Hop(..));
    dirs.iter().any(|&d| {
        let (line, order) = t.line(by.index(), d, cell);
        if line & theirs == 0 {
            return false;
        }
        let Some(x) = first_in(line, order, occupied) else {
            return false;
        };
        let behind = t.line(by.index(), d, x).0;
        let dist = (line & !behind).count_ones();
        if dist > max {
            return false;
        }
        if !hop {
            return theirs & 1u128 << x != 0 && ok(x, dist);
        }
        if screens & 1u128 << kind_of(pos.at(x)) == 0 {
            return false;
        }
        first_in(behind, order, occupied).is_some_and(|y| theirs & 1u128 << y != 0 && ok(y, 1))
    })
}

/// Whether a piece of `kind` may end a capture on `cell`: not when it must promote
/// there and its pools hold nothing to promote to.
fn may_land(pos: &Position<'_>, kind: u8, by: Side, cell: u16) -> bool {
    let game = pos.game();
    let rules = &game.pieces[kind as usize].promotions;
    // Rules on the origin are not known here; they are never compulsory
    // without a choice in the games that use them, and the attack test of
    // such games makes the moves.
    let applying = || {
        rules
            .iter()
            .filter(|p| !p.on_origin && game.in_zone(p.zone, by, cell))
    };
    if applying().any(|p| p.optional) || applying().next().is_none() {
        return true;
    }
    applying().any(|p| {
        if !p.from_pools.is_empty() {
            p.from_pools.iter().any(|&pool| {
                pos.pool(pool, by)
                    .iter()
                    .any(|&(c, _)| p.targets.contains(&kind_of(c)))
            })
        } else if p.only_captured || p.at_most.is_some() {
            p.targets
                .iter()
                .any(|&k| super::movegen::offered(pos, p, k, by))
        } else {
            true
        }
    })
}

/// Walks backwards along direction `d` from `at` to the first piece on each
/// path, `dist` being the distance of the next cell and `max` the longest.
///
/// Where steps branch, the walk follows every path while they are few, then
/// searches breadth-first, meeting each piece once, at its shortest distance
/// (the one from which it attacks if any does): the paths of branches may be
/// exponentially many, the cells are not.
fn slide_back(
    pos: &Position<'_>,
    d: u8,
    at: u16,
    dist: u32,
    max: u32,
    by: Side,
    ok: &dyn Fn(u16, u32) -> bool,
) -> bool {
    let game = pos.game();
    let (mut at, mut dist) = (at, dist);
    while dist <= max {
        match game.rev_step(by, d, at) {
            [] => return false,
            [x] if pos.at(*x) != 0 => return ok(*x, dist),
            [x] => (at, dist) = (*x, dist + 1),
            _ => return slide_back_branches(pos, d, at, dist, max, by, ok),
        }
    }
    false
}

/// [`slide_back`] from `at`, where the line branches.
#[inline(never)]
fn slide_back_branches(
    pos: &Position<'_>,
    d: u8,
    at: u16,
    dist: u32,
    max: u32,
    by: Side,
    ok: &dyn Fn(u16, u32) -> bool,
) -> bool {
    let mut budget = super::bfs::DEPTH_FIRST_BUDGET;
    if let Some(found) = slide_back_paths(pos, d, at, dist, max, by, ok, &mut budget) {
        return found;
    }
    slide_back_search(pos, d, at, dist, max, by, ok)
}

/// [`slide_back`] breadth-first: each cell once, at its shortest distance.
#[cold]
#[inline(never)]
fn slide_back_search(
    pos: &Position<'_>,
    d: u8,
    at: u16,
    dist: u32,
    max: u32,
    by: Side,
    ok: &dyn Fn(u16, u32) -> bool,
) -> bool {
    let search = super::bfs::Search::among_pieces(pos, by, true, std::slice::from_ref(&d));
    search.run(at, max - dist + 1, |x, k| {
        if pos.at(x) == 0 {
            Visit::Pass
        } else if ok(x, dist - 1 + k) {
            Visit::Found
        } else {
            Visit::Block
        }
    })
}

/// [`slide_back`] along every path of branches, taking at most `budget`
/// branches (a straight stretch costs none); `None` when the budget runs out
/// first.
#[allow(clippy::too_many_arguments)]
fn slide_back_paths(
    pos: &Position<'_>,
    d: u8,
    at: u16,
    dist: u32,
    max: u32,
    by: Side,
    ok: &dyn Fn(u16, u32) -> bool,
    budget: &mut u32,
) -> Option<bool> {
    let (mut at, mut dist) = (at, dist);
    while dist <= max {
        match pos.game().rev_step(by, d, at) {
            [] => return Some(false),
            [x] if pos.at(*x) != 0 => return Some(ok(*x, dist)),
            [x] => (at, dist) = (*x, dist + 1),
            branches => {
                for &x in branches {
                    *budget = budget.checked_sub(1)?;
                    if pos.at(x) != 0 {
                        if ok(x, dist) {
                            return Some(true);
                        }
                    } else if dist < max
                        && slide_back_paths(pos, d, x, dist + 1, max, by, ok, budget)?
                    {
                        return Some(true);
                    }
                }
                return Some(false);
            }
        }
    }
    Some(false)
}

/// Breadth-first backwards over single steps through empty cells: a piece found
/// `dist` steps away attacks when its path may be that long.
fn path_back(
    pos: &Position<'_>,
    dirs: &[u8],
    cell: u16,
    max: u32,
    by: Side,
    ok: &dyn Fn(u16, u32) -> bool,
) -> bool {
    let search = super::bfs::Search::among_pieces(pos, by, true, dirs);
    search.run(cell, max, |x, dist| {
        if pos.at(x) == 0 {
            Visit::Pass
        } else if ok(x, dist) {
            Visit::Found
        } else {
            Visit::Block
        }
    })
}

/// Tests the multi-leg capturing movements of the pieces of `kinds`: by the
/// move table's runs of each such piece that land on the cell, and for a
/// piece whose runs cannot tell, by generating its moves on a copy of the
/// position with an enemy there.
fn forward_attack(pos: &Position<'_>, cell: u16, by: Side, kinds: u128) -> bool {
    let game = pos.game();
    let mut probe: Option<Position<'_>> = None;
    let mut moves: Vec<RawMove> = Vec::new();
    let table = &game.tables.move_table;
    // On a board of bit sets, only the pieces standing where a multi-leg
    // capture onto the cell starts.
    // (Every cell where the board is larger: its bits hold only the first.)
    let from = table.capture_from(by.index(), cell).unwrap_or(u128::MAX);
    if from != u128::MAX && from & pos.occupied(by).bits() == 0 {
        return false;
    }
    for x in pos.occupied(by).iter() {
        if from & 1u128 << (x % 128) == 0 {
            continue;
        }
        let kind = kind_of(pos.at(x));
        if !table.indexes(kind) || kinds & 1u128 << kind == 0 {
            continue;
        }
        let runs = table.captures_onto(by.index(), kind, x, cell);
        if runs.iter().any(|e| super::movegen::run_reaches(pos, x, e)) {
            return true;
        }
        if !table.opaque(by.index(), kind, x) {
            continue;
        }
        let probe = probe.get_or_insert_with(|| {
            let mut probe = pos.clone();
            probe.set_side_to_move(by);
            if probe.at(cell) == 0 {
                // Any enemy stands in, so that a move onto the cell is a capture.
                probe.put(cell, code(0, by.opposite()));
            }
            probe
        });
        moves.clear();
        super::movegen::piece_moves(probe, x, &mut moves);
        if moves.iter().any(|m| m.to == cell) {
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::legal::legal_moves;

    /// The attack test by generating every move of the attacker's pieces
    /// with an enemy on the cell, as `forward_attack` did before the runs.
    fn by_generation(pos: &Position<'_>, cell: u16, by: Side) -> bool {
        let mut probe = pos.clone();
        probe.set_side_to_move(by);
        if probe.at(cell) == 0 {
            probe.put(cell, code(0, by.opposite()));
        }
        let mut moves = Vec::new();
        pos.occupied(by).iter().any(|x| {
            moves.clear();
            super::super::movegen::piece_moves(&probe, x, &mut moves);
            moves.iter().any(|m| m.to == cell)
        })
    }

    /// Along random games of games whose pieces capture by several legs, the
    /// attack test (the move table's runs for the multi-leg captures, looked
    /// at only from where they may start, and backward lookups for the
    /// rest) finds exactly the attacks generation finds.
    #[test]
    fn runs_find_the_attacks_generation_finds() {
        let root = concat!(env!("CARGO_MANIFEST_DIR"), "/..");
        let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
        for path in [
            "tests/data/multi-leg.game",
            "games/xiangqi.game",
            "games/janggi.game",
        ] {
            let src = std::fs::read_to_string(format!("{root}/{path}")).unwrap();
            let game = crate::compile_str(&src).unwrap();
            assert!(!game.tables.forward_attackers.is_empty(), "{path}");
            for _ in 0..60 {
                let mut pos = Position::start(&game);
                for _ in 0..40 {
                    for by in [Side::White, Side::Black] {
                        for cell in 0..game.cell_count() as u16 {
                            if pos.at(cell) != 0 && side_of(pos.at(cell)) == by {
                                continue;
                            }
                            // Only the kinds with multi-leg captures, whose
                            // single-leg ones are looked up backwards.
                            let mut only = pos.clone();
                            for x in pos.occupied(by).iter() {
                                if !game.tables.forward_attackers.contains(&kind_of(pos.at(x))) {
                                    only.take(x);
                                }
                            }
                            assert_eq!(
                                is_attacked(&only, cell, by),
                                by_generation(&only, cell, by),
                                "{path}: {} on {}",
                                crate::notation::position::format(&pos),
                                game.cell_name(cell)
                            );
                        }
                    }
                    let mut moves = Vec::new();
                    legal_moves(&mut pos, &mut moves);
                    seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
                    let Some(&mv) = moves.get((seed >> 33) as usize % moves.len().max(1)) else {
                        break;
                    };
                    pos.make(mv);
                }
            }
        }
    }
}
