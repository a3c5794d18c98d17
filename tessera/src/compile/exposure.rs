//! The exposure table (`game::Exposure`): per attacking side and cell, the
//! cells through which a move may create an attack on that cell, so that a
//! game whose legality cannot use the shortcuts of chess (hops, lame legs,
//! capture limits, facing pieces) still makes only the moves that touch them.

use crate::game::{Approach, AttackPattern, Exposure, Game, Leg, Movement, Reach, Run, Side};

/// The table, or `None` where it would not say enough: a game on the
/// shortcuts already, one where no piece can be in check, a board too large
/// for bit sets, or rules by which a move changes attacks otherwise than by
/// the cells it leaves and enters (explosions, walls, gating, pieces that
/// change on capture, captures that fill pools an attack needs, counters,
/// paths, royal pieces counted together, checks answered only by capture).
pub(super) fn build(game: &Game) -> Option<Exposure> {
    let t = &game.tables;
    let rays = &t.attack_rays;
    let rules = &game.rules;
    if !t.general_legality
        || t.check_free
        || t.bit_tables.is_none()
        || rules.explosion.is_some()
        || rules.walling.is_some()
        || rules.gating.is_some()
        || rules.check_all_royals
        || rules.royals_at_most.is_some()
        || rules.check_capture_only != 0
        || !rays.path_lines.is_empty()
        || !rays.pool_zones.is_empty()
        || game
            .pieces
            .iter()
            .any(|p| p.counter.is_some() || p.on_capture_become.is_some())
    {
        return None;
    }
    let royal_kinds = game
        .pieces
        .iter()
        .enumerate()
        .filter(|(_, p)| p.royal)
        .fold(0u128, |m, (k, _)| m | 1 << k);
    // A hop within several legs is interpreted, not run: its screens are
    // not among the runs' cells.
    let multi_leg_hop = game.pieces.iter().flat_map(|p| &p.movements).any(|m| {
        m.modality.may_capture()
            && (m.legs.len() > 1 || m.jumping || m.hop_within() != u32::MAX)
            && m.legs.iter().any(|l| matches!(l, Leg::Hop(..)))
    });
    if multi_leg_hop {
        return None;
    }
    let n = game.cell_count();
    let kinds_of = |m: &crate::game::KindMasks| m.always | m.unmoved | m.moved | m.zoned;
    let ray_kinds = rays
        .near
        .iter()
        .flatten()
        .chain(&rays.far)
        .chain(rays.leapers.iter().flatten().map(|(_, m)| m))
        .fold(0, |k, m| k | kinds_of(m));
    let mut exposure = Exposure {
        starts: [vec![0], vec![0]],
        approaches: [Vec::new(), Vec::new()],
        ray_kinds,
        bit_lines: straight_lines(game),
        pattern_from: [Vec::new(), Vec::new()],
        forward_kinds: t.forward_attackers.iter().fold(0, |m, &k| m | 1u128 << k),
    };
    for by in [Side::White, Side::Black] {
        let mut lists: Vec<Vec<Approach>> = vec![Vec::new(); n];
        for cell in 0..n as u16 {
            let list = &mut lists[cell as usize];
            // Grouped steps and slides: the cells before the farthest attacker.
            for &d in &rays.dirs {
                let reach = rays.reach[d as usize].min(n as u32);
                let kinds = rays.near[d as usize]
                    .iter()
                    .chain([&rays.far[d as usize]])
                    .fold(0, |k, m| k | kinds_of(m));
                let (from, passed) = behind(game, by, d, cell, reach, None);
                add(list, from, kinds, passed, 0);
            }
            for pat in &t.attack_patterns {
                let m = &game.pieces[pat.kind as usize].movements[pat.movement];
                if m.to_zone.is_some_and(|z| !game.in_zone(z, by, cell))
                    || m.not_to_zone.is_some_and(|z| game.in_zone(z, by, cell))
                    || m.capture_kinds & royal_kinds == 0
                {
                    continue;
                }
                let kinds = 1u128 << pat.kind;
                match &pat.leg {
                    Leg::Step(_) | Leg::Leap(_) => {}
                    Leg::Slide(dirs, Reach::Steps(k)) => {
                        for &d in dirs {
                            let (from, passed) = behind(game, by, d, cell, *k, Some(m));
                            add(list, from, kinds, passed, 0);
                        }
                    }
                    // The screen may stand anywhere within the hop's reach,
                    // the hopper anywhere behind it: every cell it passes.
                    Leg::Hop(dirs, _) => {
                        for &d in dirs {
                            let (from, passed) = behind(game, by, d, cell, n as u32, Some(m));
                            add(list, from, kinds, passed | from, passed | from);
                        }
                    }
                    Leg::Slide(_, Reach::Counter) | Leg::Path(..) => return None,
                }
            }
        }
        exposure.pattern_from[by.index()] = (0..n as u16)
            .flat_map(|cell| {
                t.attack_patterns
                    .iter()
                    .map(move |pat| pattern_from(game, by, cell, pat))
            })
            .collect();
        // Multi-leg captures: the cells their runs pass before landing,
        // whatever zones the landing obeys.
        let table = &t.move_table;
        for &kind in &t.forward_attackers {
            let piece = &game.pieces[kind as usize];
            for x in 0..n as u16 {
                for run in table.runs(by.index(), kind, x) {
                    let m = &piece.movements[run.movement as usize];
                    if !m.modality.may_capture() || !m.attacks_forward() {
                        continue;
                    }
                    if run.has(Run::GENERAL) || run.has(Run::COUNTER) {
                        return None;
                    }
                    if !run.has(Run::CAPTURE) {
                        continue;
                    }
                    let cells = table.cells(run);
                    let landings = if run.has(Run::PATH) {
                        cells.len().saturating_sub(1)..cells.len()
                    } else {
                        run.guard as usize..cells.len()
                    };
                    for at in landings {
                        let passed = cells[..at].iter().fold(0u128, |s, c| s | 1u128 << c.cell);
                        let to = cells[at].cell;
                        add(
                            &mut lists[to as usize],
                            1u128 << x,
                            1u128 << kind,
                            passed,
                            0,
                        );
                    }
                }
            }
        }
        let (starts, approaches) = (
            &mut exposure.starts[by.index()],
            &mut exposure.approaches[by.index()],
        );
        for (cell, list) in lists.into_iter().enumerate() {
            approaches.extend(list.into_iter().map(|mut a| {
                a.passed &= !(1u128 << cell);
                a.entered &= !(1u128 << cell);
                a
            }));
            starts.push(approaches.len() as u32);
        }
    }
    Some(exposure)
}

/// Adds an approach to a cell's list, merged with one from the same cells
/// passing the same cells; none where nothing stands between. `entered`
/// are the cells a piece arriving on may open it (a hop's, whose screen it
/// may become), of `passed`, those a piece leaving may.
fn add(list: &mut Vec<Approach>, from: u128, kinds: u128, passed: u128, entered: u128) {
    if passed == 0 || from == 0 || kinds == 0 {
        return;
    }
    match list
        .iter_mut()
        .find(|a| a.from == from && a.passed == passed && a.entered == entered)
    {
        Some(a) => a.kinds |= kinds,
        None => list.push(Approach {
            from,
            kinds,
            passed,
            entered,
        }),
    }
}

/// The cells within `reach` steps back from `cell` along direction `d` (as
/// `by` sees it), where an attacker of `by` coming along `d` may stand, and
/// those nearer, which it passes. With a movement `m` that has origin zones,
/// on a board whose lines do not branch, only the allowed origins, and the
/// cells nearer than the farthest of them.
fn behind(
    game: &Game,
    by: Side,
    d: u8,
    cell: u16,
    reach: u32,
    m: Option<&Movement>,
) -> (u128, u128) {
    let reach = reach.min(game.cell_count() as u32);
    let zoned = m.filter(|m| m.from_zone.is_some() || m.not_from_zone.is_some());
    if let (Some(m), false) = (zoned, game.board.branches) {
        let (mut from, mut set, mut passed) = (0u128, 0u128, 0u128);
        let mut at = cell;
        for _ in 0..reach {
            let &[x] = game.rev_step(by, d, at) else {
                break;
            };
            if x == cell {
                break;
            }
            if m.origin_allowed(game, by, x) {
                from |= 1u128 << x;
                passed = set;
            }
            set |= 1u128 << x;
            at = x;
        }
        return (from, passed);
    }
    // Breadth-first, each cell once: branches and loops end.
    let (mut from, mut passed) = (0u128, 0u128);
    let mut frontier = vec![cell];
    for dist in 1..=reach {
        let mut next = Vec::new();
        for &at in &frontier {
            for &x in game.rev_step(by, d, at) {
                if x != cell && from & 1u128 << x == 0 {
                    from |= 1u128 << x;
                    if dist < reach {
                        passed |= 1u128 << x;
                    }
                    next.push(x);
                }
            }
        }
        if next.is_empty() {
            break;
        }
        frontier = next;
    }
    (from, passed)
}

/// Whether every backward line, for both sides and every direction, ends at
/// the board's edge without branching or coming back on itself.
fn straight_lines(game: &Game) -> bool {
    let n = game.cell_count();
    let dirs = game.board.dir_names.len() as u8;
    [Side::White, Side::Black].into_iter().all(|side| {
        (0..dirs).all(|d| {
            (0..n as u16).all(|cell| {
                let mut at = cell;
                for _ in 0..n {
                    match game.rev_step(side, d, at) {
                        [] => return true,
                        [x] => at = *x,
                        _ => return false,
                    }
                }
                false
            })
        })
    })
}

/// The cells from which the attack pattern `pat` of `by` may reach `cell`
/// on an empty board: where a piece must stand for the pattern to hit.
fn pattern_from(game: &Game, by: Side, cell: u16, pat: &AttackPattern) -> u128 {
    let m = &game.pieces[pat.kind as usize].movements[pat.movement];
    if m.to_zone.is_some_and(|z| !game.in_zone(z, by, cell))
        || m.not_to_zone.is_some_and(|z| game.in_zone(z, by, cell))
    {
        return 0;
    }
    let bits = |cells: &[u16]| cells.iter().fold(0u128, |s, &x| s | 1u128 << x);
    let n = game.cell_count() as u32;
    match &pat.leg {
        Leg::Step(dirs) => dirs
            .iter()
            .fold(0, |s, &d| s | bits(game.rev_step(by, d, cell))),
        Leg::Leap(tables) => bits(game.board.rev_leaps[tables[by.index()]].get(cell as usize)),
        Leg::Slide(dirs, reach) | Leg::Hop(dirs, reach) => {
            let most = match (reach, &pat.leg) {
                (_, Leg::Hop(..)) | (Reach::Counter, _) => n,
                (Reach::Steps(k), _) => *k,
            };
            dirs.iter()
                .fold(0, |s, &d| s | behind(game, by, d, cell, most, Some(m)).0)
        }
        Leg::Path(..) => u128::MAX,
    }
}
