//! Move generation: walks each piece's runs in the move table and interprets
//! the movements left to it; makes the moves out of pools, the gating and the
//! walling moves; says what the phase allows. [`super::pseudo`] puts a side's
//! moves together (with castling), and royal safety is [`super::legal`]'s.
//! The attack tests walk pieces with these same walkers, so this module uses
//! neither of them.

use super::bfs::Visit;
use super::moves::{MoveKind, RawMove, DEMOTION, NO_CELL};
use super::position::Position;
use crate::game::{
    code, kind_of, side_of, BitCountTable, BitCounts, CaptureEntry, Game, Kind, Leg, Mark,
    Movement, Phase, Reach, Run, RunCell, Side, WallAt, Walling, Word, BRANCH,
};

/// The number of pseudo-legal moves of the piece on `from`, where every one
/// is a plain move or capture of a run (no promotion, destination zone, en
/// passant capture, `not checking` or interpreted movement, and no repeats);
/// `None` otherwise, and with `quiet_only` for any capture.
// Inlined into perft's counting loops: called out of line, it costs chess's
// perft 4%.
#[inline(always)]
pub(crate) fn count_plain_moves(pos: &Position<'_>, from: u16, quiet_only: bool) -> Option<u64> {
    let game = pos.game();
    let side = pos.side_to_move();
    let kind = kind_of(pos.at(from));
    let unmoved = pos.is_unmoved(from);
    let by_bits = match &game.tables.bit_counts {
        BitCountTable::Narrow(bits, _) => count_by_bits(pos, bits, from, unmoved),
        BitCountTable::Wide(bits, _) => count_by_bits(pos, bits, from, unmoved),
        BitCountTable::None => None,
    };
    if let Some((n, captures)) = by_bits {
        return (!quiet_only || captures == 0).then_some(u64::from(n));
    }
    if game.tables.move_table.overlaps(side.index(), kind, from) {
        return None;
    }
    let movements = &game.pieces[kind as usize].movements;
    let ep = pos.en_passant();
    let mut n = 0;
    for run in game.tables.move_table.runs(side.index(), kind, from) {
        if run.has(Run::GENERAL | Run::NOT_CHECKING) {
            return None;
        }
        if !run.applies(unmoved) {
            continue;
        }
        let m = &movements[run.movement as usize];
        // What landing on a cell gives: a move (1), none (0), or a move the
        // count cannot settle.
        let landing = |c: &RunCell| -> Option<u64> {
            let target = pos.at(c.cell);
            let moves = if target == 0 {
                if m.takes_en_passant && ep.is_some_and(|e| e.is_target(c.cell)) {
                    return None;
                }
                m.modality.may_move()
            } else {
                side_of(target) != side
                    && m.modality.may_capture()
                    && !is_neutral(game, target)
                    && {
                        if quiet_only {
                            return None;
                        }
                        true
                    }
            };
            match (moves, c.plain) {
                (false, _) => Some(0),
                (true, true) => Some(1),
                (true, false) => None,
            }
        };
        // No run here has a guard: a piece with one counts as overlapping.
        let cells = run_cells(pos, run, from);
        if run.has(Run::PATH) {
            let Some((to, between)) = cells.split_last() else {
                continue;
            };
            if between.iter().all(|c| passable(pos, m, from, c.cell)) {
                n += landing(to)?;
            }
            continue;
        }
        for c in cells {
            n += landing(c)?;
            if run.has(Run::RAY) && pos.at(c.cell) != 0 {
                break;
            }
        }
    }
    Some(n)
}

/// The moves of the piece on `from`, and how many capture, counted by bit
/// sets where its key allows (see [`crate::game::BitCounts`]).
#[inline(always)]
fn count_by_bits<W: Word>(
    pos: &Position<'_>,
    bits: &BitCounts<W>,
    from: u16,
    unmoved: bool,
) -> Option<(u32, u32)> {
    let side = pos.side_to_move();
    let key = bits.key(side.index(), kind_of(pos.at(from)), from);
    if !key.countable {
        return None;
    }
    // Only a piece that may land on an en passant target is walked.
    if lands_on_en_passant(pos, key) {
        return None;
    }
    let enemy = W::of(pos.occupied(side.opposite()).words());
    let occupied = enemy | W::of(pos.occupied(side).words());
    Some(bits.count(key, unmoved, occupied, enemy))
}

/// Whether a piece with counting key `key` may land on a target of the
/// position's en-passant right (its moves are then walked, not counted).
#[inline]
fn lands_on_en_passant<W: Word>(pos: &Position<'_>, key: &crate::game::BitKey<W>) -> bool {
    pos.en_passant().is_some_and(|ep| {
        let on = |t: u16| t != NO_CELL && key.en_passant & W::bit(t) != W::default();
        on(ep.targets[0]) || on(ep.targets[1])
    })
}

/// The number of moves of the piece on `from`, every run of which is `not
/// checking`, that give no check, as [`super::legal`] keeps them for a piece
/// that shields nothing and uncovers no line: its landings, less those where
/// the attack table (exact for its kind) finds it attacking an enemy royal
/// piece, looked at only on the cells from which it could. `None` where the
/// bit sets cannot tell.
/// `uncovers` says whether moving the piece may uncover a line of the
/// mover's onto an enemy royal piece (then the moves are listed); it is
/// asked only of a piece whose moves the bit sets could count.
pub(crate) fn count_not_checking_moves(
    pos: &Position<'_>,
    from: u16,
    uncovers: impl FnOnce() -> bool,
) -> Option<u64> {
    match &pos.game().tables.bit_counts {
        BitCountTable::Narrow(_, Some(attacks)) => {
            not_checking_by_bits(pos, attacks, from, uncovers)
        }
        BitCountTable::Wide(_, Some(attacks)) => not_checking_by_bits(pos, attacks, from, uncovers),
        _ => None,
    }
}

/// [`count_not_checking_moves`] where the board fits a word `W`.
fn not_checking_by_bits<W: Word>(
    pos: &Position<'_>,
    attacks: &BitCounts<W>,
    from: u16,
    uncovers: impl FnOnce() -> bool,
) -> Option<u64> {
    let moves = attacks.not_checking_moves()?;
    let side = pos.side_to_move();
    let s = side.index();
    let kind = kind_of(pos.at(from));
    if !attacks.exact(s, kind) {
        return None;
    }
    let key = moves.key(s, kind, from);
    if !key.countable {
        return None;
    }
    if lands_on_en_passant(pos, key) {
        return None;
    }
    if uncovers() {
        return None;
    }
    let enemy = W::of(pos.occupied(side.opposite()).words());
    let occupied = enemy | W::of(pos.occupied(side).words());
    let (quiet, capture) = moves.reach(key, pos.is_unmoved(from), occupied);
    let landings = quiet & !occupied | capture & enemy;
    let royals = pos.royals(side.opposite());
    let mut near = W::default();
    for r in royals.iter() {
        near |= attacks.reverse(s, kind, r);
    }
    let royals = W::of(royals.words());
    let mut n = u64::from(landings.ones());
    for to in crate::game::cells_of((landings & near).wide()) {
        let occupied = occupied & !W::bit(from) | W::bit(to);
        let (_, attacked) = attacks.reach(attacks.key(s, kind, to), false, occupied);
        if attacked & royals != W::default() {
            n -= 1;
        }
    }
    Some(n)
}

/// Whether the piece on `from`, moved plainly to `to`, attacks none of the
/// cells of `targets` there, told by the bit sets of its runs where the game
/// has them (`None` where it does not, or its runs cannot tell).
pub(crate) fn attacks_none_after(
    pos: &Position<'_>,
    from: u16,
    to: u16,
    targets: &crate::game::CellSet,
) -> Option<bool> {
    fn by<W: Word>(
        pos: &Position<'_>,
        bits: &BitCounts<W>,
        from: u16,
        to: u16,
        targets: &crate::game::CellSet,
    ) -> Option<bool> {
        let side = pos.side_to_move();
        let key = bits.key(side.index(), kind_of(pos.at(from)), to);
        if !key.countable {
            return None;
        }
        let occupied =
            W::of(pos.occupied(side).words()) | W::of(pos.occupied(side.opposite()).words());
        let occupied = occupied & !W::bit(from) | W::bit(to);
        let (_, attacked) = bits.reach(key, false, occupied);
        Some(attacked & W::of(targets.words()) == W::default())
    }
    match &pos.game().tables.bit_counts {
        BitCountTable::Narrow(_, Some(bits)) => by(pos, bits, from, to, targets),
        BitCountTable::Wide(_, Some(bits)) => by(pos, bits, from, to, targets),
        _ => None,
    }
}

/// Whether the indexed run `e` of the piece on `from` reaches its cell, as if
/// an enemy stood there: its guard passable, a ray empty up to the cell.
pub(crate) fn run_reaches(pos: &Position<'_>, from: u16, e: &CaptureEntry) -> bool {
    let game = pos.game();
    let table = &game.tables.move_table;
    let run = table.run(e.run);
    let cell = e.to;
    if !run.applies(pos.is_unmoved(from)) {
        return false;
    }
    let m = &game.pieces[e.kind as usize].movements[run.movement as usize];
    let cells = table.cells(run);
    let guard = if run.has(Run::PATH) {
        cells.len() - 1
    } else {
        run.guard as usize
    };
    let passable = |c: &RunCell| c.cell != cell && passable(pos, m, from, c.cell);
    cells[..guard].iter().all(passable)
        && (!run.has(Run::RAY)
            || cells[guard..e.at as usize]
                .iter()
                .all(|c| pos.at(c.cell) == 0))
}

/// The cells of `run` for the piece on `from`: a run cut by a counter stops
/// where the counter says.
fn run_cells<'g>(pos: &Position<'g>, run: &Run, from: u16) -> &'g [RunCell] {
    let cells = pos.game().tables.move_table.cells(run);
    if run.has(Run::COUNTER) {
        &cells[..(pos.state(from) as usize).min(cells.len())]
    } else {
        cells
    }
}

/// The cells of `run` past its guard, or `None` where a guard cell is not
/// passable.
#[inline]
fn past_guard<'g>(
    pos: &Position<'_>,
    m: &Movement,
    from: u16,
    run: &Run,
    cells: &'g [RunCell],
) -> Option<&'g [RunCell]> {
    let (guard, rest) = cells.split_at(run.guard as usize);
    guard
        .iter()
        .all(|c| passable(pos, m, from, c.cell))
        .then_some(rest)
}

/// Whether a path of movement `m` of the piece on `from` may pass `cell`:
/// empty, the piece's own start cell, or any cell for a jumping movement.
fn passable(pos: &Position<'_>, m: &Movement, from: u16, cell: u16) -> bool {
    m.jumping || cell == from || pos.at(cell) == 0
}

/// The phase the game is in, if any.
pub(crate) fn current_phase<'g>(pos: &Position<'g>) -> Option<&'g Phase> {
    let fullmove = pos.fullmove;
    pos.game()
        .rules
        .phases
        .iter()
        .find(|p| (p.first..=p.last).contains(&fullmove))
}

/// Whether the piece on `from` may move during `phase`.
pub(crate) fn phase_moves(pos: &Position<'_>, phase: &Phase, from: u16) -> bool {
    phase.kinds.contains(&kind_of(pos.at(from))) && (!phase.unmoved || pos.is_unmoved(from))
}

/// Appends the pseudo-legal moves of the piece on `from` (castling aside),
/// its movements `not in check` included.
pub fn piece_moves(pos: &Position<'_>, from: u16, out: &mut Vec<RawMove>) {
    piece_moves_checked(pos, from, out, false);
}

/// [`piece_moves`], where `checked` says whether the mover's side is in
/// check, which leaves out its movements `not in check`.
pub(crate) fn piece_moves_checked(
    pos: &Position<'_>,
    from: u16,
    out: &mut Vec<RawMove>,
    checked: bool,
) {
    let game = pos.game();
    let side = pos.side_to_move();
    let kind = kind_of(pos.at(from));
    let piece = &game.pieces[kind as usize];
    let start = out.len();
    let Some(first) = piece.movements.first() else {
        return;
    };
    let unmoved = pos.is_unmoved(from);
    let mut gen = Gen {
        pos,
        game,
        side,
        from,
        kind,
        m: first,
        out: &mut *out,
        stops: None,
        checked,
    };
    for run in game.tables.move_table.runs(side.index(), kind, from) {
        gen.m = &piece.movements[run.movement as usize];
        if run.has(Run::GENERAL) {
            gen.movement();
        } else if run.applies(unmoved) {
            gen.run(run);
        }
    }
    if game.tables.move_table.overlaps(side.index(), kind, from) {
        if !piece.in_place.is_empty() {
            in_place_moves(pos, from, out);
        }
        dedup_tail(out, start, game.cell_count());
    }
}

/// The moves of `promote in place` of the piece on `from`: it turns into a
/// piece of another kind where it stands, or (`moving`) on an empty cell the
/// new piece could move to from there.
#[cold]
#[inline(never)]
fn in_place_moves(pos: &Position<'_>, from: u16, out: &mut Vec<RawMove>) {
    let game = pos.game();
    let side = pos.side_to_move();
    let piece = pos.at(from);
    let kind = kind_of(piece);
    let on_board = |k: Kind| {
        let base = game.pieces[k as usize].base;
        pos.occupied(side)
            .iter()
            .filter(|&c| game.pieces[kind_of(pos.at(c)) as usize].base == base)
            .count()
    };
    let mut probe: Option<Position<'_>> = None;
    let mut moves = Vec::new();
    for rule in &game.pieces[kind as usize].in_place {
        let here = game.in_zone(rule.zone, side, from) || rule.last_anywhere && on_board(kind) == 1;
        if !here {
            continue;
        }
        for &t in &rule.targets {
            if rule.at_most.is_some_and(|n| on_board(t) >= n as usize) {
                continue;
            }
            let new = code(t, side);
            let probe = probe.get_or_insert_with(|| pos.clone());
            probe.take(from);
            probe.put(from, new);
            let mut dests = vec![from];
            if rule.moving {
                moves.clear();
                piece_moves(probe, from, &mut moves);
                for m in &moves {
                    if !m.is_from_pool() && pos.at(m.to) == 0 && !dests.contains(&m.to) {
                        dests.push(m.to);
                    }
                }
            }
            probe.take(from);
            for to in dests {
                if rule.not_attacking {
                    probe.put(to, new);
                    moves.clear();
                    piece_moves(probe, to, &mut moves);
                    probe.take(to);
                    let attacks = moves.iter().any(|m| {
                        let there = pos.at(m.to);
                        !m.is_from_pool()
                            && m.to != from
                            && there != 0
                            && side_of(there) != side
                            && !is_neutral(game, there)
                    });
                    if attacks {
                        continue;
                    }
                }
                out.push(RawMove {
                    promotion: t + 1,
                    not_checking: rule.not_checking,
                    ..RawMove::normal(from, to)
                });
            }
            probe.put(from, piece);
        }
    }
}

/// Removes repeated moves from `out[start..]`: different paths to the same result
/// are one move. A move that some movement allows to give check may give check.
/// Only a move whose destination came up before is compared with the others.
fn dedup_tail(out: &mut Vec<RawMove>, start: usize, cells: usize) {
    super::bfs::with_sets(crate::game::words_for(cells), 1, |seen| {
        let mut i = start;
        while i < out.len() {
            if super::bfs::mark(seen, out[i].to) {
                i += 1;
                continue;
            }
            let plain = RawMove {
                not_checking: false,
                ..out[i]
            };
            let twin = (start..i).find(|&j| {
                RawMove {
                    not_checking: false,
                    ..out[j]
                } == plain
            });
            match twin {
                Some(j) => {
                    out[j].not_checking &= out[i].not_checking;
                    out.swap_remove(i);
                }
                None => i += 1,
            }
        }
    })
}

/// Whether `side` has fewer pieces of `kind` (its copies included) on the
/// board and in its pools than the setup gave it: one has been captured.
pub(crate) fn captured_some(pos: &Position<'_>, kind: u8, side: Side) -> bool {
    let game = pos.game();
    let base = game.pieces[kind as usize].base;
    let on_board = pos
        .occupied(side)
        .iter()
        .filter(|&c| game.pieces[kind_of(pos.at(c)) as usize].base == base)
        .count();
    on_board < usize::from(game.start.setup_counts[base as usize][side.index()])
}

/// Whether promotion rule `rule` offers `kind` to `side`: `only captured`
/// and `at most N` count the pieces of the kind (its copies included) that
/// the side has on the board.
pub(crate) fn offered(
    pos: &Position<'_>,
    rule: &crate::game::Promotion,
    kind: u8,
    side: Side,
) -> bool {
    if rule.only_captured && !captured_some(pos, kind, side) {
        return false;
    }
    let Some(n) = rule.at_most else { return true };
    let game = pos.game();
    let base = game.pieces[kind as usize].base;
    let on_board = pos
        .occupied(side)
        .iter()
        .filter(|&c| game.pieces[kind_of(pos.at(c)) as usize].base == base)
        .count();
    on_board < n as usize
}

/// The distinct pieces of a pool: equal pieces with equal counters are one choice.
fn distinct(pool: &[(u8, u8)]) -> impl Iterator<Item = (u8, u8)> + '_ {
    pool.iter()
        .enumerate()
        .filter(|(i, p)| *i == 0 || pool[i - 1] != **p)
        .map(|(_, p)| *p)
}

/// Adds, for every board move that is the first move of a piece from the
/// gating zone, the same move bringing each distinct piece of the gating pool
/// onto the cell it leaves (for castling, onto the king's or the partner's).
pub(crate) fn gating_moves(pos: &Position<'_>, out: &mut Vec<RawMove>, pool: usize, zone: usize) {
    let game = pos.game();
    let side = pos.side_to_move();
    let hand = pos.pool(pool, side);
    if hand.is_empty() {
        return;
    }
    let may_gate = |c: u16| pos.is_unmoved(c) && game.in_zone(zone, side, c);
    let ungated = out.len();
    for i in 0..ungated {
        let mv = out[i];
        if mv.is_from_pool() {
            continue;
        }
        let mut cells = [NO_CELL; 2];
        if may_gate(mv.from) {
            cells[0] = mv.from;
        }
        if mv.kind == MoveKind::Castle && may_gate(mv.aux) {
            cells[1] = mv.aux;
        }
        for gate in cells.into_iter().filter(|&c| c != NO_CELL) {
            for (piece, state) in distinct(hand) {
                // Where the pool also drops, a piece gates only onto a cell
                // its drop rule allows (S-House: no pawn onto the first rank).
                if game
                    .drop_rule(pool, kind_of(piece))
                    .is_some_and(|r| !game.in_zone(r.zone, side, gate))
                {
                    continue;
                }
                out.push(RawMove {
                    piece,
                    state,
                    gate,
                    ..mv
                });
            }
        }
    }
}

/// Turns every move into the moves that end by placing the neutral piece of
/// the `place` rule on a cell empty after the move: other than the one it
/// stands on (where the one piece moves), in the rule's zone, and where the
/// rule says (the cell the moved piece left, or one it could move to next).
pub(crate) fn walling_moves(pos: &Position<'_>, out: &mut Vec<RawMove>, w: Walling) {
    let game = pos.game();
    let now = wall_now(pos, w);
    let moves = std::mem::take(out);
    // For shots: the position the move leads to, board only, and the moved
    // piece's quiet moves from there.
    let mut probe = (w.at == WallAt::Shot).then(|| pos.clone());
    let mut next = Vec::new();
    for mv in moves {
        let (freed, filled) = freed_and_filled(&mv);
        let allowed = |c: u16| wall_may_land(pos, w, now, c, &freed, &filled);
        match w.at {
            WallAt::Anywhere => {
                for c in 0..game.cell_count() as u16 {
                    if allowed(c) {
                        out.push(RawMove { gate: c, ..mv });
                    }
                }
            }
            WallAt::Origin => {
                if !mv.is_from_pool() && mv.kind != MoveKind::Pass && allowed(mv.from) {
                    out.push(RawMove {
                        gate: mv.from,
                        ..mv
                    });
                }
            }
            WallAt::Shot => {
                let probe = probe.as_mut().expect("a probe for shots");
                if mv.is_from_pool() || mv.kind == MoveKind::Pass {
                    continue;
                }
                let d = probe.displace(mv.from, mv.to);
                next.clear();
                piece_moves(probe, mv.to, &mut next);
                probe.replace(d);
                let mut seen = crate::game::CellSet::new(game.cell_count());
                for n in &next {
                    let c = n.to;
                    if n.is_from_pool() || seen.contains(c) || !allowed(c) {
                        continue;
                    }
                    seen.insert(c);
                    out.push(RawMove { gate: c, ..mv });
                }
            }
        }
    }
}

/// Whether the piece on a cell is one that nobody captures.
#[inline]
fn is_neutral(game: &Game, piece: u8) -> bool {
    game.pieces[kind_of(piece) as usize].neutral
}

/// Transfers between pools and drops from pools onto empty cells of a zone.
pub(crate) fn pool_moves(pos: &Position<'_>, out: &mut Vec<RawMove>) {
    let game = pos.game();
    // Most games have no pool moves: one test.
    if game.pools.drops.is_empty() && game.pools.transfers.is_empty() {
        return;
    }
    let side = pos.side_to_move();
    for &(from, to) in &game.pools.transfers {
        for (piece, state) in distinct(pos.pool(from, side)) {
            out.push(RawMove {
                kind: MoveKind::Transfer,
                piece,
                state,
                ..RawMove::normal(from as u16, to as u16)
            });
        }
    }
    // `until full`: while the zone of such a rule has an empty cell, the
    // pool drops only by those rules. One pass over the rules, so that many
    // rules cost their number.
    let mut filling = Vec::new();
    for r in game.pools.drops.iter().filter(|r| r.until_full) {
        if game.board.zones[r.zone][side.index()]
            .iter()
            .any(|c| pos.at(c) == 0)
        {
            filling.resize(filling.len().max(r.pool + 1), false);
            filling[r.pool] = true;
        }
    }
    let mut new_pieces = Vec::new();
    let first_drop = out.len();
    for rule in &game.pools.drops {
        if !rule.until_full && filling.get(rule.pool).copied().unwrap_or(false) {
            continue;
        }
        // `drop new`: one piece of each listed kind, never used up.
        let pieces: &[(u8, u8)] = if Some(rule.pool) == game.pools.new_pool {
            new_pieces.clear();
            for kind in 0..game.pieces.len() as Kind {
                if rule.kinds & 1u128 << kind != 0 {
                    let start = game.pieces[kind as usize].start_state();
                    new_pieces.push((code(kind, side), start));
                }
            }
            &new_pieces
        } else {
            pos.pool(rule.pool, side)
        };
        // The cells the rule may drop on, found for the whole board where
        // bit sets tell them (`flipping`, `next to`): only those are tried.
        let candidates = drop_candidates(pos, side, rule);
        for (piece, state) in distinct(pieces) {
            let kind = kind_of(piece);
            if rule.kinds & 1u128 << kind == 0 {
                continue;
            }
            let dead = &game.pools.dead_cells[kind as usize][side.index()];
            // `also promoted`: the piece may also go down as its promoted form.
            let promoted = if rule.also_promoted {
                game.promoted_form(kind)
            } else {
                None
            };
            // Where the cells that flip are known, only those of the zone.
            let zone = &game.board.zones[rule.zone][side.index()];
            let (mut each, mut candidate);
            let cells: &mut dyn Iterator<Item = u16> = match candidates {
                Some(candidates) => {
                    candidate = crate::game::cells_of(candidates & zone.bits());
                    &mut candidate
                }
                None => {
                    each = zone.iter();
                    &mut each
                }
            };
            for cell in cells {
                if pos.at(cell) != 0 {
                    continue;
                }
                if let Some(p) = promoted {
                    let dead = &game.pools.dead_cells[p as usize][side.index()];
                    if rule.anywhere || !dead.contains(cell) {
                        promoted_drop(pos, rule, piece, state, p, cell, out);
                    }
                }
                if !rule.anywhere && dead.contains(cell) {
                    continue;
                }
                if let Some(axis) = rule.once_per {
                    if occupies_line(pos, piece, cell, axis, rule.per_line) {
                        continue;
                    }
                }
                if candidates.is_none()
                    && (!rule.next_to.is_empty() && !next_to_own(pos, side, cell, &rule.next_to)
                        || rule.flipping && !flips_some(pos, side, cell))
                {
                    continue;
                }
                if rule.placed && !super::placement::placement_allows(pos, side, rule, cell) {
                    continue;
                }
                out.push(RawMove {
                    kind: MoveKind::Drop,
                    piece,
                    state,
                    ..RawMove::normal(rule.pool as u16, cell)
                });
            }
        }
    }
    for rule in game.pools.drops.iter().filter(|r| !r.spread.is_empty()) {
        // The rule's counts, found once for every drop.
        let spread = Spread::new(pos, side, rule);
        let mut i = first_drop;
        while i < out.len() {
            if out[i].kind == MoveKind::Drop && !spread.allows(pos, rule, &out[i]) {
                out.swap_remove(i);
            } else {
                i += 1;
            }
        }
    }
}

/// Whether a drop leaves the pieces of the kinds of a rule (`spread over
/// ZONE ...`) free to end spread evenly over the rule's zones, as
/// Fairy-Stockfish places placement chess's bishops on both colours: such a
/// piece not onto a zone that holds its share already (the side's pieces of
/// the kinds, on the board and in the pool, divided among the zones, rounded
/// up), and any other piece of the pool not where it would leave a zone too
/// few empty cells of the rule's zone for its share (rounded down). Counted
/// once for all the drops of a position: the pieces of the rule's kinds
/// (`n`), and per zone of the rule those it holds and its empty cells where
/// the rule drops.
struct Spread {
    n: usize,
    held: Vec<usize>,
    room: Vec<usize>,
}

impl Spread {
    fn new(pos: &Position<'_>, side: Side, rule: &crate::game::DropRule) -> Spread {
        let game = pos.game();
        let ours = |c: u16| {
            let p = pos.at(c);
            p != 0 && side_of(p) == side && rule.kinds & 1u128 << kind_of(p) != 0
        };
        let in_pool = pos
            .pool(rule.pool, side)
            .iter()
            .filter(|(p, _)| rule.kinds & 1u128 << kind_of(*p) != 0)
            .count();
        let on_board = pos.occupied(side).iter().filter(|&c| ours(c)).count();
        let zone = |z: usize| &game.board.zones[z][side.index()];
        let drop_zone = zone(rule.zone);
        Spread {
            n: in_pool + on_board,
            held: rule
                .spread
                .iter()
                .map(|&z| zone(z).iter().filter(|&c| ours(c)).count())
                .collect(),
            room: rule
                .spread
                .iter()
                .map(|&z| {
                    zone(z)
                        .iter()
                        .filter(|&c| pos.at(c) == 0 && drop_zone.contains(c))
                        .count()
                })
                .collect(),
        }
    }

    /// Whether the drop `mv` keeps the rule's pieces free to end spread.
    fn allows(&self, pos: &Position<'_>, rule: &crate::game::DropRule, mv: &RawMove) -> bool {
        if mv.from as usize != rule.pool {
            return true;
        }
        let game = pos.game();
        let side = pos.side_to_move();
        let k = rule.spread.len();
        let zone = |z: usize| &game.board.zones[z][side.index()];
        if rule.kinds & 1u128 << kind_of(mv.piece) != 0 {
            return rule
                .spread
                .iter()
                .position(|&z| zone(z).contains(mv.to))
                .is_none_or(|i| self.held[i] < self.n.div_ceil(k));
        }
        // The drop's own cell is no room left.
        let fills = pos.at(mv.to) == 0 && zone(rule.zone).contains(mv.to);
        rule.spread.iter().enumerate().all(|(i, &z)| {
            let taken = usize::from(fills && zone(z).contains(mv.to));
            self.held[i] + self.room[i] - taken >= self.n / k
        })
    }
}

/// Where the wall of `w` stands before the move: `None` where every
/// placement adds a wall, or where it has not been placed yet.
pub(crate) fn wall_now(pos: &Position<'_>, w: Walling) -> Option<u16> {
    if w.new {
        return None;
    }
    let wall = code(w.kind, Side::White);
    pos.occupied(Side::White)
        .iter()
        .find(|&c| pos.at(c) == wall)
}

/// Whether the wall of `w` may ever be placed on `c`: not where it stands
/// (`now`), and within the rule's zone.
pub(crate) fn wall_may_take(pos: &Position<'_>, w: Walling, now: Option<u16>, c: u16) -> bool {
    let game = pos.game();
    Some(c) != now
        && w.zone
            .is_none_or(|z| game.in_zone(z, pos.side_to_move(), c))
}

/// Whether the wall of `w` may be placed on `c` after a move that empties
/// `freed` and fills `filled`: `c` is empty after the move and may be taken.
fn wall_may_land(
    pos: &Position<'_>,
    w: Walling,
    now: Option<u16>,
    c: u16,
    freed: &[u16; 2],
    filled: &[u16; 2],
) -> bool {
    (pos.at(c) == 0 || freed.contains(&c)) && !filled.contains(&c) && wall_may_take(pos, w, now, c)
}

/// The cells `mv` empties and those it fills (`NO_CELL` for none).
fn freed_and_filled(mv: &RawMove) -> ([u16; 2], [u16; 2]) {
    let (mut freed, mut filled) = ([NO_CELL; 2], [mv.to, NO_CELL]);
    match mv.kind {
        MoveKind::Drop => {}
        MoveKind::Transfer => filled[0] = NO_CELL,
        MoveKind::Castle => {
            freed = [mv.from, mv.aux];
            filled[1] = mv.aux2;
        }
        MoveKind::EnPassant => freed = [mv.from, mv.aux],
        _ => freed[0] = mv.from,
    }
    (freed, filled)
}

/// How many moves [`walling_moves`] makes of `moves`, without listing them
/// where the placement is anywhere or on the cell the piece left: the
/// empty cells of the rule's zone, less those a move fills, plus those it
/// frees.
pub(crate) fn placements(pos: &Position<'_>, moves: &[RawMove], w: Walling) -> u64 {
    let game = pos.game();
    let now = wall_now(pos, w);
    let may_take = |c: u16| wall_may_take(pos, w, now, c);
    let allowed =
        |c: u16, freed: &[u16; 2], filled: &[u16; 2]| wall_may_land(pos, w, now, c, freed, filled);
    match w.at {
        WallAt::Anywhere => {
            let empty = (0..game.cell_count() as u16)
                .filter(|&c| pos.at(c) == 0 && may_take(c))
                .count() as u64;
            let mut n = 0;
            for mv in moves {
                let (freed, filled) = freed_and_filled(mv);
                let mut here = empty;
                for (i, &c) in filled.iter().enumerate() {
                    if c != NO_CELL && !filled[..i].contains(&c) && pos.at(c) == 0 && may_take(c) {
                        here -= 1;
                    }
                }
                for (i, &c) in freed.iter().enumerate() {
                    if c != NO_CELL && !freed[..i].contains(&c) && pos.at(c) != 0 {
                        here += u64::from(allowed(c, &freed, &filled));
                    }
                }
                n += here;
            }
            n
        }
        WallAt::Origin => moves
            .iter()
            .filter(|mv| {
                let (freed, filled) = freed_and_filled(mv);
                !mv.is_from_pool() && mv.kind != MoveKind::Pass && allowed(mv.from, &freed, &filled)
            })
            .count() as u64,
        WallAt::Shot => {
            // Each move's shots counted by the bit sets of the moved piece's
            // runs from its landing, where they tell them; the rest listed.
            let mut n = 0;
            let mut listed = Vec::new();
            for mv in moves {
                if mv.is_from_pool() || mv.kind == MoveKind::Pass {
                    continue;
                }
                let shots = match &game.tables.bit_counts {
                    BitCountTable::Narrow(bits, _) => shots_by_bits(pos, bits, mv, w, now),
                    BitCountTable::Wide(bits, _) => shots_by_bits(pos, bits, mv, w, now),
                    BitCountTable::None => None,
                };
                match shots {
                    Some(k) => n += u64::from(k),
                    None => listed.push(*mv),
                }
            }
            if !listed.is_empty() {
                walling_moves(pos, &mut listed, w);
                n += listed.len() as u64;
            }
            n
        }
    }
}

/// How many shots of `w` follow the plain move `mv`, as [`walling_moves`]
/// lists them (the cells the moved piece could move to next from its landing,
/// empty after the move, that the wall may take), told by the bit sets of the
/// piece's runs there: `None` where they cannot tell (a key not counted by
/// bits, an en passant target on its landings, a move other than plain).
fn shots_by_bits<W: Word>(
    pos: &Position<'_>,
    bits: &BitCounts<W>,
    mv: &RawMove,
    w: Walling,
    now: Option<u16>,
) -> Option<u32> {
    if !matches!(mv.kind, MoveKind::Normal | MoveKind::SetsEnPassant) || mv.promotion != 0 {
        return None;
    }
    let side = pos.side_to_move();
    // The piece once moved, as `displace` leaves it: moved, on `mv.to`.
    let key = bits.key(side.index(), kind_of(pos.at(mv.from)), mv.to);
    if !key.countable {
        return None;
    }
    if let Some(ep) = pos.en_passant() {
        let on = |t: u16| t != NO_CELL && key.en_passant & W::bit(t) != W::default();
        if on(ep.targets[0]) || on(ep.targets[1]) {
            return None;
        }
    }
    let occupied = W::of(pos.occupied(side).words()) | W::of(pos.occupied(side.opposite()).words());
    let occupied = occupied & !W::bit(mv.from) | W::bit(mv.to);
    let (quiet, _) = bits.reach(key, false, occupied);
    let mut cells = quiet & !occupied;
    if let Some(c) = now {
        cells = cells & !W::bit(c);
    }
    if let Some(z) = w.zone {
        cells = cells & W::of(pos.game().board.zones[z][side.index()].words());
    }
    Some(cells.ones())
}

/// Adds the drop of `piece` (with counter `state`) from the pool of `rule`
/// onto `cell` as its promoted form `promoted`, where the rule's other
/// conditions allow it.
fn promoted_drop(
    pos: &Position<'_>,
    rule: &crate::game::DropRule,
    piece: u8,
    state: u8,
    promoted: Kind,
    cell: u16,
    out: &mut Vec<RawMove>,
) {
    let side = pos.side_to_move();
    if rule
        .once_per
        .is_some_and(|axis| occupies_line(pos, piece, cell, axis, rule.per_line))
        || !rule.next_to.is_empty() && !next_to_own(pos, side, cell, &rule.next_to)
        || rule.flipping && !flips_some(pos, side, cell)
        || rule.placed && !super::placement::placement_allows(pos, side, rule, cell)
    {
        return;
    }
    out.push(RawMove {
        kind: MoveKind::Drop,
        piece,
        state,
        promotion: promoted + 1,
        ..RawMove::normal(rule.pool as u16, cell)
    });
}

/// Whether a piece of `side` stands one step from `cell` in one of `dirs`.
fn next_to_own(pos: &Position<'_>, side: Side, cell: u16, dirs: &[u8]) -> bool {
    let game = pos.game();
    dirs.iter().any(|&d| {
        game.step(side, d, cell).iter().any(|&c| {
            let p = pos.at(c);
            p != 0 && side_of(p) == side && !is_neutral(game, p)
        })
    })
}

/// Whether a piece of `side` landing on `cell` would flip some enemy piece
/// by the game's `flip` rule.
fn flips_some(pos: &Position<'_>, side: Side, cell: u16) -> bool {
    let Some(f) = &pos.game().rules.flip else {
        return false;
    };
    let mut any = false;
    f.flipped(pos.game(), side, cell, |c| pos.at(c), |_| any = true);
    any
}

/// The cells where `rule` lets `side` drop as far as `next to` and
/// `flipping` go (and, where either applies, empty ones only), found for the
/// whole board by shifts; `None` where neither applies or the board's
/// directions are not shifts.
fn drop_candidates(pos: &Position<'_>, side: Side, rule: &crate::game::DropRule) -> Option<u128> {
    let game = pos.game();
    let next_to = &rule.next_to_shifts[side.index()];
    let flip = game
        .rules
        .flip
        .as_ref()
        .filter(|f| rule.flipping && !f.shifts.is_empty());
    let next_to_applies = !rule.next_to.is_empty() && !next_to.is_empty();
    if !next_to_applies && flip.is_none()
        || !rule.next_to.is_empty() && next_to.is_empty()
        || rule.flipping && flip.is_none()
    {
        return None;
    }
    let (mut own, mut enemy) = (
        pos.occupied(side).bits(),
        pos.occupied(side.opposite()).bits(),
    );
    let empty = !(own | enemy);
    if game.has_neutral_kinds() {
        for c in crate::game::cells_of(own | enemy) {
            if is_neutral(game, pos.at(c)) {
                own &= !(1 << c);
                enemy &= !(1 << c);
            }
        }
    }
    let mut cells = empty;
    if next_to_applies {
        cells &= crate::game::next_to(next_to, own);
    }
    if let Some(f) = flip {
        cells &= f.landings_that_flip(own, enemy, empty)?;
    }
    Some(cells)
}

/// Whether the piece `piece` (kind and side) already stands on a cell with the
/// same coordinate along `axis` as `cell`: on its file, for `once per file`.
/// Cells off the grid share no coordinate.
fn occupies_line(pos: &Position<'_>, piece: u8, cell: u16, axis: usize, most: u32) -> bool {
    let game = pos.game();
    let coords = &game.board.cells[cell as usize].coords;
    let on_line = |c: &u16| {
        pos.at(*c) == piece
            && game.board.cells[*c as usize]
                .coords
                .iter()
                .any(|xs| coords.iter().any(|at| xs.get(axis) == at.get(axis)))
    };
    pos.occupied(side_of(piece))
        .iter()
        .filter(on_line)
        .take(most as usize)
        .count()
        >= most as usize
}

/// How many steps a slide or path of the piece on `from` may take.
pub(crate) fn reach_of(pos: &Position<'_>, reach: Reach, from: u16) -> u32 {
    let most = pos.game().cell_count() as u32;
    match reach {
        Reach::Steps(n) => n.min(most),
        Reach::Counter => u32::from(pos.state(from)).min(most),
    }
}

/// Generates the moves of one movement of one piece.
struct Gen<'a, 'g> {
    pos: &'a Position<'g>,
    game: &'g Game,
    side: Side,
    from: u16,
    kind: Kind,
    m: &'g Movement,
    out: &'a mut Vec<RawMove>,
    /// In leg-by-leg generation, the cells where the current leg stops, as a
    /// bit set.
    stops: Option<Vec<u64>>,
    /// Whether the mover's side is in check, for movements `not in check`.
    checked: bool,
}

impl Gen<'_, '_> {
    fn movement(&mut self) {
        let m = self.m;
        let unmoved = self.pos.is_unmoved(self.from);
        if (m.first_only && !unmoved)
            || (m.later_only && unmoved)
            || (m.not_in_check && self.checked)
        {
            return;
        }
        if !m.origin_allowed(self.game, self.side, self.from) {
            return;
        }
        if m.breadth_first {
            self.leg_by_leg();
        } else {
            self.leg(0, self.from, [NO_CELL; 2]);
        }
    }

    /// The moves along one run of the move table: a plain landing is pushed
    /// here, any other goes through the full landing rules.
    fn run(&mut self, run: &Run) {
        let mut cells = run_cells(self.pos, run, self.from);
        if run.has(Run::PATH | Run::GUARDED) {
            if !run.has(Run::GUARDED) {
                return self.path_run(cells);
            }
            match past_guard(self.pos, self.m, self.from, run, cells) {
                Some(rest) => cells = rest,
                None => return,
            }
        }
        let plain = RawMove {
            not_checking: run.has(Run::NOT_CHECKING),
            ..RawMove::normal(self.from, self.from)
        };
        let ray = run.has(Run::RAY);
        for c in cells {
            let target = self.pos.at(c.cell);
            if target == 0 {
                if run.has(Run::QUIET) && c.plain {
                    self.out.push(RawMove {
                        to: c.cell,
                        ..plain
                    });
                } else if run.has(Run::QUIET | Run::QUIET_SPECIAL) {
                    self.land(c.cell, [NO_CELL; 2]);
                }
            } else {
                if run.has(Run::CAPTURE)
                    && side_of(target) != self.side
                    && !is_neutral(self.game, target)
                {
                    if c.plain {
                        self.out.push(RawMove {
                            to: c.cell,
                            ..plain
                        });
                    } else {
                        self.land(c.cell, [NO_CELL; 2]);
                    }
                }
                if ray {
                    return;
                }
            }
        }
    }

    /// One path of several legs: `cells` are where the legs end.
    fn path_run(&mut self, cells: &[RunCell]) {
        let Some((to, between)) = cells.split_last() else {
            return;
        };
        if between.iter().any(|c| !self.passable(c.cell)) {
            return;
        }
        let waypoint = |i: usize| between.get(i).map_or(NO_CELL, |c| c.cell);
        self.land(to.cell, [waypoint(0), waypoint(1)]);
    }

    /// Follows the legs over sets of cells: each leg maps the cells where the
    /// previous one stopped to the cells where it stops, so the work grows with
    /// legs times cells, not with the number of paths.
    fn leg_by_leg(&mut self) {
        if let Some(landings) = self.bit_legs() {
            for t in crate::game::cells_of(landings) {
                self.land(t, [NO_CELL; 2]);
            }
            return;
        }
        let words = crate::game::words_for(self.game.cell_count());
        let mut frontier = super::bfs::take_set(words);
        super::bfs::mark(&mut frontier, self.from);
        // The last leg's landings are gathered too, so that a cell reached from
        // several places lands once, and in cell order.
        for i in 0..self.m.legs.len() {
            self.stops = Some(super::bfs::take_set(words));
            for c in crate::game::cells_in(&frontier) {
                self.leg(i, c, [NO_CELL; 2]);
            }
            let next = self.stops.take().unwrap_or_default();
            super::bfs::give_set(std::mem::replace(&mut frontier, next));
        }
        for t in crate::game::cells_in(&frontier) {
            self.land(t, [NO_CELL; 2]);
        }
        super::bfs::give_set(frontier);
    }

    /// [`Gen::leg_by_leg`]'s landings in one bit set, for steps and leaps on
    /// a board with bit tables: each leg is the union of the masks of the
    /// cells where the previous one stopped.
    fn bit_legs(&self) -> Option<u128> {
        let t = self.game.tables.bit_tables.as_ref()?;
        let side = self.side.index();
        let passable = if self.m.jumping {
            u128::MAX
        } else {
            let occupied =
                self.pos.occupied(Side::White).bits() | self.pos.occupied(Side::Black).bits();
            !occupied | 1 << self.from
        };
        let mut at = 1u128 << self.from;
        for (i, leg) in self.m.legs.iter().enumerate() {
            let mut next = 0;
            for c in crate::game::cells_of(at) {
                next |= match leg {
                    Leg::Step(dirs) => dirs.iter().fold(0, |set, &d| set | t.steps(side, d, c)),
                    Leg::Leap(n) => t.leap_targets(n[side], c),
                    Leg::Slide(..) | Leg::Path(..) | Leg::Hop(..) => return None,
                };
            }
            at = if i + 1 < self.m.legs.len() {
                next & passable
            } else {
                next
            };
        }
        Some(at)
    }

    /// A cell a path may pass: empty, the mover's own start cell, or any cell for
    /// a jumping movement.
    fn passable(&self, c: u16) -> bool {
        passable(self.pos, self.m, self.from, c)
    }

    fn leg(&mut self, i: usize, at: u16, waypoints: [u16; 2]) {
        let last = i + 1 == self.m.legs.len();
        let side = self.side;
        match &self.m.legs[i] {
            Leg::Step(dirs) => {
                for &d in dirs {
                    match self.game.next(side, d, at) {
                        NO_CELL => {}
                        BRANCH => {
                            for &t in self.game.step(side, d, at) {
                                self.arrive(i, last, t, waypoints);
                            }
                        }
                        t => self.arrive(i, last, t, waypoints),
                    }
                }
            }
            Leg::Slide(dirs, reach) => {
                let max = reach_of(self.pos, *reach, self.from);
                for &d in dirs {
                    self.slide(i, last, d, at, max, waypoints);
                }
            }
            Leg::Path(dirs, reach) => {
                let max = reach_of(self.pos, *reach, self.from);
                self.path(i, last, dirs, at, max, waypoints);
            }
            Leg::Leap(n) => {
                for &t in self.game.board.leaps[n[side.index()]].get(at as usize) {
                    self.arrive(i, last, t, waypoints);
                }
            }
            Leg::Hop(dirs, reach) => {
                let max = reach_of(self.pos, *reach, self.from);
                for &d in dirs {
                    if self.m.hop_within() == u32::MAX {
                        self.hop(i, last, d, at, None, max, waypoints);
                    } else {
                        self.hop_near(i, last, d, at, max, waypoints);
                    }
                }
            }
        }
    }

    /// A hop along direction `d` from `at`: over empty cells to the first
    /// piece, the screen (which must be of a kind the movement may pass
    /// over), then on beyond it for at most `left` steps, like a slide.
    /// `past` is how far beyond the screen `at` is, once it has been passed.
    /// Where a step branches, every branch is followed; a walk is never longer
    /// than the board has cells.
    #[allow(clippy::too_many_arguments)]
    fn hop(
        &mut self,
        i: usize,
        last: bool,
        d: u8,
        at: u16,
        past: Option<u32>,
        left: u32,
        waypoints: [u16; 2],
    ) {
        let mut at = at;
        let mut past = past;
        for _ in 0..self.game.cell_count() {
            let t = match self.game.next(self.side, d, at) {
                NO_CELL => return,
                BRANCH => return self.hop_branches(i, last, d, at, past, left, waypoints),
                t => t,
            };
            if !self.hop_onto_cell(i, last, t, &mut past, left, waypoints) {
                return;
            }
            at = t;
        }
    }

    /// A hop `within` some steps of its start (`self.m.hop_within()`): as
    /// [`Self::hop`], its reach beyond the screen cut to what is left of them.
    #[cold]
    #[inline(never)]
    fn hop_near(&mut self, i: usize, last: bool, d: u8, at: u16, left: u32, waypoints: [u16; 2]) {
        let within = self.m.hop_within();
        let mut at = at;
        let mut past = None;
        let mut left = left;
        for k in 0..within.min(self.game.cell_count() as u32) {
            let t = match self.game.next(self.side, d, at) {
                NO_CELL => return,
                BRANCH => return self.hop_near_branches(i, last, d, at, past, left, k, waypoints),
                t => t,
            };
            let before = past.is_none();
            if !self.hop_onto_cell(i, last, t, &mut past, left, waypoints) {
                return;
            }
            if before && past.is_some() {
                // The screen, `k + 1` steps out.
                left = left.min(within - (k + 1));
                if left == 0 {
                    return;
                }
            }
            at = t;
        }
    }

    /// [`Self::hop_near`] from `at`, `done` steps out, where its step
    /// branches: breadth-first to the screens, then on from each within what
    /// is left.
    #[cold]
    #[inline(never)]
    #[allow(clippy::too_many_arguments)]
    fn hop_near_branches(
        &mut self,
        i: usize,
        last: bool,
        d: u8,
        at: u16,
        past: Option<u32>,
        left: u32,
        done: u32,
        waypoints: [u16; 2],
    ) {
        if past.is_some() {
            return self.hop_branches(i, last, d, at, past, left, waypoints);
        }
        let (game, side, from) = (self.game, self.side, self.from);
        let search = super::bfs::Search {
            game,
            side,
            backward: false,
            dirs: std::slice::from_ref(&d),
            occupied: None,
        };
        let within = self.m.hop_within();
        search.run(at, within.saturating_sub(done), |t, dist| {
            let piece = self.pos.at(t);
            if piece == 0 || t == from {
                return Visit::Pass;
            }
            let left = left.min(within.saturating_sub(done + dist));
            if left > 0 && self.m.screen_kinds & 1u128 << kind_of(piece) != 0 {
                self.hop_branches(i, last, d, t, Some(0), left, waypoints);
            }
            Visit::Block
        });
    }

    /// The rest of a hop from `at`, where its step branches: breadth-first
    /// along `d` to the screens, then from each screen breadth-first within the
    /// reach beyond it, so that no path of branches is followed twice
    /// (following every path would take time exponential in the branches).
    #[allow(clippy::too_many_arguments)]
    fn hop_branches(
        &mut self,
        i: usize,
        last: bool,
        d: u8,
        at: u16,
        past: Option<u32>,
        left: u32,
        waypoints: [u16; 2],
    ) {
        let (game, side, from) = (self.game, self.side, self.from);
        let search = super::bfs::Search {
            game,
            side,
            backward: false,
            dirs: std::slice::from_ref(&d),
            occupied: None,
        };
        let most = game.cell_count() as u32;
        match past {
            Some(n) => search.run(at, left.saturating_sub(n), |t, _| {
                self.arrive(i, last, t, waypoints);
                if self.pos.at(t) == 0 || t == from {
                    Visit::Pass
                } else {
                    Visit::Block
                }
            }),
            None => search.run(at, most, |t, _| {
                let piece = self.pos.at(t);
                if piece == 0 || t == from {
                    return Visit::Pass;
                }
                if self.m.screen_kinds & 1u128 << kind_of(piece) != 0 {
                    self.hop_branches(i, last, d, t, Some(0), left, waypoints);
                }
                Visit::Block
            }),
        };
    }

    /// One cell of a hop: before the screen, an empty cell is passed and a
    /// piece is the screen; beyond it, the cell is reached. Whether the hop
    /// goes on.
    fn hop_onto_cell(
        &mut self,
        i: usize,
        last: bool,
        t: u16,
        past: &mut Option<u32>,
        left: u32,
        waypoints: [u16; 2],
    ) -> bool {
        let piece = self.pos.at(t);
        match *past {
            None => {
                if piece == 0 || t == self.from {
                    return true;
                }
                if self.m.screen_kinds & 1u128 << kind_of(piece) == 0 {
                    return false;
                }
                *past = Some(0);
                true
            }
            Some(n) => {
                self.arrive(i, last, t, waypoints);
                *past = Some(n + 1);
                (piece == 0 || t == self.from) && n + 1 < left
            }
        }
    }

    fn slide(&mut self, i: usize, last: bool, d: u8, at: u16, left: u32, waypoints: [u16; 2]) {
        // Along one line a loop to the first piece or the edge; where the step
        // branches, every branch in turn.
        let mut at = at;
        for left in (1..=left).rev() {
            let t = match self.game.next(self.side, d, at) {
                NO_CELL => return,
                BRANCH => return self.slide_branches(i, last, d, at, left, waypoints),
                t => t,
            };
            self.arrive(i, last, t, waypoints);
            if !self.passable(t) {
                return;
            }
            at = t;
        }
    }

    /// The rest of a slide from `at`, where its step branches: every path of
    /// branches in turn while they are few, else breadth-first along `d`, each
    /// cell once at its shortest distance (cells reached twice land once, since
    /// the moves of such a slide are deduplicated).
    fn slide_branches(
        &mut self,
        i: usize,
        last: bool,
        d: u8,
        at: u16,
        left: u32,
        waypoints: [u16; 2],
    ) {
        let mut budget = super::bfs::DEPTH_FIRST_BUDGET;
        if !self.slide_paths(i, last, d, at, left, waypoints, &mut budget) {
            self.slide_search(i, last, d, at, left, waypoints);
        }
    }

    /// [`Gen::slide_branches`] breadth-first: each cell once.
    #[cold]
    #[inline(never)]
    fn slide_search(
        &mut self,
        i: usize,
        last: bool,
        d: u8,
        at: u16,
        left: u32,
        waypoints: [u16; 2],
    ) {
        self.path(i, last, std::slice::from_ref(&d), at, left, waypoints);
    }

    /// [`Gen::slide`] from `at` along every path of branches, taking at most
    /// `budget` branches (a straight stretch costs none); false when the
    /// budget runs out first.
    #[allow(clippy::too_many_arguments)]
    fn slide_paths(
        &mut self,
        i: usize,
        last: bool,
        d: u8,
        at: u16,
        left: u32,
        waypoints: [u16; 2],
        budget: &mut u32,
    ) -> bool {
        let mut at = at;
        for left in (1..=left).rev() {
            let t = match self.game.next(self.side, d, at) {
                NO_CELL => return true,
                BRANCH => {
                    for &t in self.game.step(self.side, d, at) {
                        if *budget == 0 {
                            return false;
                        }
                        *budget -= 1;
                        self.arrive(i, last, t, waypoints);
                        if left > 1
                            && self.passable(t)
                            && !self.slide_paths(i, last, d, t, left - 1, waypoints, budget)
                        {
                            return false;
                        }
                    }
                    return true;
                }
                t => t,
            };
            self.arrive(i, last, t, waypoints);
            if !self.passable(t) {
                return true;
            }
            at = t;
        }
        true
    }

    /// Breadth-first over single steps in any of `dirs`, through passable cells:
    /// every cell within `max` steps is reached once.
    fn path(&mut self, i: usize, last: bool, dirs: &[u8], at: u16, max: u32, waypoints: [u16; 2]) {
        let (game, side) = (self.game, self.side);
        let search = super::bfs::Search {
            game,
            side,
            backward: false,
            dirs,
            occupied: None,
        };
        search.run(at, max, |t, _| {
            self.arrive(i, last, t, waypoints);
            if self.passable(t) {
                Visit::Pass
            } else {
                Visit::Block
            }
        });
    }

    /// Reaching `t` at the end of leg `i`: a waypoint, or the move's destination.
    fn arrive(&mut self, i: usize, last: bool, t: u16, mut waypoints: [u16; 2]) {
        if last {
            if let Some(stops) = &mut self.stops {
                super::bfs::mark(stops, t);
                return;
            }
        }
        if !last {
            if self.passable(t) {
                if let Some(stops) = &mut self.stops {
                    super::bfs::mark(stops, t);
                    return;
                }
                if i < 2 {
                    waypoints[i] = t;
                }
                self.leg(i + 1, t, waypoints);
            }
            return;
        }
        self.land(t, waypoints);
    }

    fn land(&mut self, to: u16, waypoints: [u16; 2]) {
        let m = self.m;
        if to == self.from {
            return;
        }
        if let Some(z) = m.to_zone {
            if !self.game.in_zone(z, self.side, to) {
                return;
            }
        }
        if let Some(z) = m.not_to_zone {
            if self.game.in_zone(z, self.side, to) {
                return;
            }
        }
        let target = self.pos.at(to);
        let mut mv = RawMove {
            not_checking: m.not_checking,
            ..RawMove::normal(self.from, to)
        };
        if target == 0 {
            if let (true, Some(ep)) = (m.takes_en_passant, self.pos.en_passant()) {
                if ep.is_target(to) && self.pos.at(ep.victim) != 0 {
                    // Landing on the target with a movement that takes en passant
                    // is the capture, never a plain move as well.
                    self.push(RawMove {
                        kind: MoveKind::EnPassant,
                        aux: ep.victim,
                        ..mv
                    });
                    return;
                }
            }
            if !m.modality.may_move() {
                return;
            }
            if m.sets_en_passant {
                mv.kind = MoveKind::SetsEnPassant;
                mv.aux = waypoints[0];
                mv.aux2 = waypoints[1];
            }
        } else if side_of(target) == self.side
            || !m.modality.may_capture()
            || m.capture_kinds & 1u128 << kind_of(target) == 0
            || is_neutral(self.game, target)
        {
            return;
        }
        self.push(mv);
    }

    /// Adds `mv`, expanded into its promotions where the piece promotes: one
    /// move per kind that the rules applying to it offer, and the move without
    /// promotion unless one of them is compulsory.
    fn push(&mut self, mv: RawMove) {
        let piece = &self.game.pieces[self.kind as usize];
        // Whether the move captures, for rules that apply only to captures.
        let captures = || mv.kind == MoveKind::EnPassant || self.pos.at(mv.to) != 0;
        let mut applies = piece
            .promotions
            .iter()
            .filter(|p| {
                p.applies(self.game, self.side, mv.from, mv.to)
                    && (!p.on_capture || captures())
                    && !(p.not_en_passant && mv.kind == MoveKind::EnPassant)
            })
            .peekable();
        if applies.peek().is_none() {
            self.out.push(mv);
            return;
        }
        let start = self.out.len();
        let mut optional = true;
        for p in applies {
            optional &= p.optional;
            if p.from_pools.is_empty() {
                for &k in &p.targets {
                    if (p.only_captured || p.at_most.is_some())
                        && !offered(self.pos, p, k, self.side)
                    {
                        continue;
                    }
                    // A kind lettered `+X` turning back into `X` is a
                    // demotion, which the notation writes apart.
                    let demotion = if piece.mark == Mark::Promoted(k) {
                        DEMOTION
                    } else {
                        0
                    };
                    let promo = RawMove {
                        promotion: (k + 1) | demotion,
                        ..mv
                    };
                    if !self.out[start..].contains(&promo) {
                        self.out.push(promo);
                    }
                }
            } else {
                for &pool in &p.from_pools {
                    for (piece, state) in distinct(self.pos.pool(pool, self.side)) {
                        let k = kind_of(piece);
                        if p.targets.contains(&k) && piece == code(k, self.side) {
                            self.out.push(RawMove {
                                promotion: k + 1,
                                source: pool as u8 + 1,
                                state,
                                ..mv
                            });
                        }
                    }
                }
            }
        }
        if optional {
            self.out.push(mv);
        }
    }
}
