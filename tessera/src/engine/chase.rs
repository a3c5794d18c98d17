//! The chase of `goal repeated N times ..., perpetual chase OUTCOME`: which
//! pieces of the side to move the last move chased, as Fairy-Stockfish's
//! xiangqi rule (`chasingRule = axf`, its `Position::chased`) judges it.
//!
//! Only the record of a game asks (after each move of a game whose
//! repetition goal has a chase); move generation and perft never do, so the
//! tests here may be slow: they build scratch positions and generate the
//! moves of single pieces.

use super::movegen::piece_moves;
use super::position::Position;
use crate::game::{code, kind_of, side_of, ChaseRule, Kind, Leg, Side};

/// Cells, sorted.
type Cells = Vec<u16>;

/// The cells the piece on `c` could capture on, in `pos` (whose side to
/// move must be the piece's).
fn targets_now(pos: &Position<'_>, c: u16, out: &mut Vec<super::moves::RawMove>) -> Cells {
    out.clear();
    piece_moves(pos, c, out);
    let mut v: Cells = out
        .iter()
        .filter(|m| m.from == c && pos.captures(m))
        .map(|m| m.to)
        .collect();
    v.sort_unstable();
    v.dedup();
    v
}

/// A copy of `pos` with `side` to move.
fn as_mover<'g>(pos: &Position<'g>, side: Side) -> Position<'g> {
    let mut p = pos.clone();
    p.set_side_to_move(side);
    p
}

/// The cells the piece on `c` could capture on.
fn targets(pos: &Position<'_>, c: u16) -> Cells {
    let p = as_mover(pos, side_of(pos.at(c)));
    targets_now(&p, c, &mut Vec::new())
}

/// Whether the piece on `c` could capture on `x` were an enemy piece of the
/// kind now on `x` (or of the piece's own kind, where `x` is empty) there.
fn reaches(pos: &Position<'_>, c: u16, x: u16) -> bool {
    let side = side_of(pos.at(c));
    let mut p = as_mover(pos, side);
    let kind = if pos.at(x) != 0 {
        kind_of(pos.at(x))
    } else {
        kind_of(pos.at(c))
    };
    p.take(x);
    p.put(x, code(kind, side.opposite()));
    targets_now(&p, c, &mut Vec::new())
        .binary_search(&x)
        .is_ok()
}

/// The pieces of `by` that could capture on `x` (which holds a piece of the
/// other side), the royal ones only where `royal_too`.
fn attackers(pos: &Position<'_>, x: u16, by: Side, royal_too: bool) -> Cells {
    let game = pos.game();
    let p = as_mover(pos, by);
    let mut buf = Vec::new();
    let mut out = Cells::new();
    for s in pos.occupied(by).iter() {
        if !royal_too && game.pieces[kind_of(pos.at(s)) as usize].royal {
            continue;
        }
        if targets_now(&p, s, &mut buf).binary_search(&x).is_ok() {
            out.push(s);
        }
    }
    out
}

/// The pieces, of either side, whose removal would let a non-royal piece of
/// the other side attack `side`'s royal piece that does not attack it now:
/// those that block a line, a lame leg or a hop toward it (Fairy-Stockfish's
/// `blockers_for_king`).
fn blockers(pos: &Position<'_>, side: Side) -> Cells {
    let Some(k) = pos.royals(side).iter().next() else {
        return Cells::new();
    };
    let by = side.opposite();
    let now = attackers(pos, k, by, false);
    let mut out = Cells::new();
    for c in 0..pos.game().cell_count() as u16 {
        if c == k || pos.at(c) == 0 {
            continue;
        }
        let mut p = pos.clone();
        p.take(c);
        if attackers(&p, k, by, false)
            .iter()
            .any(|a| now.binary_search(a).is_err())
        {
            out.push(c);
        }
    }
    out
}

/// Whether the cells `a`, `b` and `c` stand on one straight line of the
/// grid (by their first coordinates).
fn collinear(pos: &Position<'_>, a: u16, b: u16, c: u16) -> bool {
    let cells = &pos.game().board.cells;
    let (Some(pa), Some(pb), Some(pc)) = (
        cells[a as usize].coords.first(),
        cells[b as usize].coords.first(),
        cells[c as usize].coords.first(),
    ) else {
        return false;
    };
    let n = pa.len().min(pb.len()).min(pc.len());
    for i in 0..n {
        for j in i + 1..n {
            if (pc[i] - pa[i]) * (pb[j] - pa[j]) != (pc[j] - pa[j]) * (pb[i] - pa[i]) {
                return false;
            }
        }
    }
    true
}

/// Whether a kind moves along lines: it has a movement of one `slide` or
/// `hop` leg.
fn moves_along_lines(pos: &Position<'_>, kind: Kind) -> bool {
    pos.game().pieces[kind as usize]
        .movements
        .iter()
        .any(|m| m.legs.len() == 1 && matches!(m.legs[0], Leg::Slide(..) | Leg::Hop(..)))
}

/// The pieces of `side` that may not leave their cell: the non-royal ones
/// among [`blockers`] of its royal piece; and where its royal piece stands on
/// the line along which the enemy royal piece captures royal pieces (the
/// flying general), its only other piece on that line, as Fairy-Stockfish
/// counts it.
fn pinned(pos: &Position<'_>, side: Side) -> Cells {
    let game = pos.game();
    let mut out: Cells = blockers(pos, side)
        .into_iter()
        .filter(|&c| pos.at(c) != 0 && side_of(pos.at(c)) == side)
        .collect();
    let them = side.opposite();
    let (Some(k), Some(r)) = (
        pos.royals(side).iter().next(),
        pos.royals(them).iter().next(),
    ) else {
        return out;
    };
    let royal_kinds = game
        .pieces
        .iter()
        .enumerate()
        .filter(|(_, p)| p.royal)
        .fold(0u128, |m, (i, _)| m | 1u128 << i);
    let facing = game.pieces[kind_of(pos.at(r)) as usize]
        .movements
        .iter()
        .filter(|m| m.capture_kinds & !royal_kinds == 0 && m.legs.len() == 1)
        .filter_map(|m| match &m.legs[0] {
            Leg::Slide(dirs, _) => Some(dirs.clone()),
            _ => None,
        })
        .flatten()
        .any(|d| {
            let mut c = r;
            for _ in 0..game.cell_count() {
                match game.step(them, d, c).first() {
                    Some(&n) if n == k => return true,
                    Some(&n) => c = n,
                    None => return false,
                }
            }
            false
        });
    if facing {
        let on_line: Cells = pos
            .occupied(side)
            .iter()
            .filter(|&c| c != k && collinear(pos, r, k, c))
            .collect();
        if let [only] = on_line[..] {
            if let Err(i) = out.binary_search(&only) {
                out.insert(i, only);
            }
        }
    }
    out
}

/// The pieces of the side to move in `after` that the move from `before`
/// (a plain move from `from` to `to`) chased.
pub(crate) fn chased(
    before: &Position<'_>,
    after: &Position<'_>,
    from: u16,
    to: u16,
    rule: &ChaseRule,
) -> Cells {
    let game = after.game();
    let us = after.side_to_move();
    let them = us.opposite();
    let kind = |c: u16| kind_of(after.at(c));
    let royal = |k: Kind| game.pieces[k as usize].royal;
    let excepted = |k: Kind| rule.except & (1u128 << k) != 0;
    // Royal pieces, and the excepted kinds outside their zone, are never chased.
    let exempt = |c: u16| {
        let k = kind(c);
        royal(k) || excepted(k) && rule.outside.is_none_or(|z| !game.in_zone(z, us, c))
    };
    let chaser = |k: Kind| !royal(k) && !excepted(k);
    let pins = pinned(after, us);
    let mut b = Cells::new();
    let insert = |b: &mut Cells, x: u16| {
        if let Err(i) = b.binary_search(&x) {
            b.insert(i, x);
        }
    };

    let add = |b: &mut Cells, q: u16, attacks: Cells| {
        if attacks.iter().all(|x| b.binary_search(x).is_ok()) {
            return;
        }
        let qk = kind(q);
        let attacks: Cells = attacks.into_iter().filter(|&x| !exempt(x)).collect();
        // An attack on a piece of higher value chases it, protected or not.
        for &x in &attacks {
            if game.pieces[kind(x) as usize].value > game.pieces[qk as usize].value {
                insert(b, x);
            }
        }
        // An attack on a piece of its own kind that could take back is none,
        // unless that piece is pinned.
        for x in attacks {
            if kind(x) == qk && pins.binary_search(&x).is_err() && reaches(after, x, q) {
                continue;
            }
            // Protected: a piece of its side could take back, were the
            // attacker to take it; not a pinned piece, nor the royal piece
            // alone where taking back would bring it face to face with the
            // enemy royal piece.
            let mut p = after.clone();
            let attacker = p.take(q);
            p.take(x);
            p.put(x, attacker);
            let roots: Cells = attackers(&p, x, us, true)
                .into_iter()
                .filter(|r| pins.binary_search(r).is_err())
                .collect();
            let unprotected = match roots[..] {
                [] => true,
                [r] if royal(kind(r)) => {
                    let mut p2 = p.clone();
                    p2.take(x);
                    p2.put(x, after.at(r));
                    attackers(&p2, x, them, true)
                        .iter()
                        .any(|&a| royal(kind_of(p2.at(a))))
                }
                _ => false,
            };
            if unprotected {
                insert(b, x);
            }
        }
    };

    // Direct attacks of the moved piece: for a piece that moves along lines,
    // only those off the line it moved along.
    let mk = kind(to);
    if chaser(mk) {
        let mut direct = targets(after, to);
        if moves_along_lines(after, mk) {
            direct.retain(|&x| !collinear(after, from, to, x));
        }
        add(&mut b, to, direct);
    }

    // Discovered attacks: what each piece of the mover attacks now and did
    // not attack on the board as it was (the moved piece from where it
    // stands now, the cell it left still filled).
    for s in after.occupied(them).iter() {
        if !chaser(kind(s)) {
            continue;
        }
        let now = targets(after, s);
        if now.is_empty() {
            continue;
        }
        let was = if s == to {
            let mut p = before.clone();
            p.take(to);
            p.put_with(to, after.at(to), after.state(to));
            targets(&p, to)
        } else {
            targets(before, s)
        };
        let new: Cells = now
            .into_iter()
            .filter(|x| was.binary_search(x).is_err())
            .collect();
        if !new.is_empty() {
            add(&mut b, s, new);
        }
    }

    // New pins: a piece that the move pinned no longer protects.
    let block_now = blockers(after, us);
    let block_before = blockers(before, us);
    let fresh: Cells = block_now
        .into_iter()
        .filter(|c| block_before.binary_search(c).is_err())
        .collect();
    let their_blockers = blockers(after, them);
    for &s in &fresh {
        if side_of(after.at(s)) == us {
            for x in after.occupied(us).iter() {
                if x == s || exempt(x) || !reaches(after, s, x) {
                    continue;
                }
                if attackers(after, x, them, true)
                    .iter()
                    .any(|a| their_blockers.binary_search(a).is_err())
                {
                    insert(&mut b, x);
                }
            }
        } else {
            // A piece that now shields a line onto the royal piece: its
            // attacks count but where the royal piece could take back safely.
            let Some(k) = after.royals(us).iter().next() else {
                continue;
            };
            for x in targets(after, s) {
                if x == k || !reaches(after, k, x) {
                    insert(&mut b, x);
                    continue;
                }
                let mut p = after.clone();
                p.take(s);
                p.take(k);
                if !attackers(&p, x, them, true).is_empty() {
                    insert(&mut b, x);
                }
            }
        }
    }
    b
}
