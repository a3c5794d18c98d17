//! Legality: which pseudo-legal moves leave no royal piece of the mover
//! attacked, and, for `not checking` moves, none of the opponent's either.
//!
//! Making a move and running the attack test is the general answer; it is also
//! the slowest. So most moves are settled by looking: a move cannot expose a
//! royal piece unless the piece moving shields it from an enemy slider (or
//! stands near it on an enemy path), and cannot give check unless it uncovers a
//! line of the mover's own or attacks from where it lands. Only the rest are
//! tested, on the board alone where that is exact, else by making the move.

mod exposure;
pub(crate) mod goals;
use super::attack::{
    attacked_once_pools_fill, attacked_with, in_check, is_attacked, left_in_check,
    shielded_by_blast,
};
use super::bfs::Visit;
use super::castling::Unattacked;
use super::movegen::reach_of;
use super::movegen::{
    attacks_none_after, count_not_checking_moves, count_plain_moves, current_phase, placements,
    pool_moves, wall_may_take, wall_now,
};
use super::moves::{Move, MoveKind, RawMove, NO_CELL};
use super::position::Position;
use super::pseudo::{
    base_moves, base_moves_counting, count_pseudo_legal_moves_shifting, pseudo_legal_moves_counting,
};
use crate::game::{code, first_in, kind_of, side_of, CaptureEntry, LineOrder, PathLine, Run};
use crate::game::{Side, WallAt};
use goals::{facing, rule_end};

/// Fills `out` with the legal moves of the side to move, without duplicates,
/// each stamped with the game's identity. A position where a goal on
/// material, a zone or checks has ended the game has none.
pub fn legal_moves(pos: &mut Position<'_>, out: &mut Vec<Move>) {
    let mut raw = Vec::new();
    generate_legal(pos, &mut raw);
    super::moves::stamp(&raw, pos.game(), out);
}

/// [`legal_moves`] unstamped, for perft, which never hands its moves out.
pub(crate) fn generate_legal(pos: &mut Position<'_>, out: &mut Vec<RawMove>) {
    out.clear();
    if rule_end(pos).is_some() {
        return;
    }
    moves_in_play(pos, out);
}

/// The legal moves of a position whose game goes on.
pub(crate) fn moves_in_play(pos: &mut Position<'_>, out: &mut Vec<RawMove>) {
    out.clear();
    if pos.game().tables.general_legality {
        if pos.game().rules.forced_drop && legal_drops_only(pos, out) {
            return;
        }
        pseudo_legal_moves_counting(pos, out, &mut Unattacked::default(), |_| None);
        let mut known = Known::default();
        if !pos.game().tables.check_free {
            known = keep_legal_by_making(pos, out);
        }
        // Compulsory drops make a game decide legality this way.
        if pos.game().pools.compulsory_drops {
            keep_compulsory_drops(pos, out);
        }
        // A game with a pass always decides legality by making moves.
        if pos.game().rules.pass && (out.is_empty() || !pos.game().rules.pass_when_stalemated) {
            add_pass(pos, out, known);
        }
    } else {
        let exposed = Shields::find(pos, pos.side_to_move(), pos.side_to_move());
        let mut known = Unattacked::new(exposed.checked);
        pseudo_legal_moves_counting(pos, out, &mut known, |_| None);
        keep_legal(pos, out, &exposed, &known);
    }
    if pos.game().rules.forced_capture {
        keep_captures(pos, out);
    }
    if pos.game().rules.filters_moves {
        filter_moves(pos, out);
    }
}

/// Under `forced drop`, the legal moves where a drop is legal: the legal
/// drops alone (in `out`, in the order [`moves_in_play`] lists them), found
/// without generating or testing the board's moves, which any legal drop
/// takes away. `false` where no drop is legal, and where other rules look at
/// every move (a phase, gating, walls, compulsory drops, forced capture,
/// movements `not in check`): then nothing is decided here.
#[inline(never)]
fn legal_drops_only(pos: &mut Position<'_>, out: &mut Vec<RawMove>) -> bool {
    let game = pos.game();
    if game.rules.not_in_check
        || game.rules.forced_capture
        || game.pools.compulsory_drops
        || game.rules.gating.is_some()
        || game.rules.walling.is_some()
        || current_phase(pos).is_some()
    {
        return false;
    }
    out.clear();
    pool_moves(pos, out);
    out.retain(|mv| mv.kind == MoveKind::Drop);
    if !out.is_empty() && !game.tables.check_free {
        keep_legal_by_making(pos, out);
    }
    if out.is_empty() {
        return false;
    }
    true
}

/// The rules that take legal moves away by looking at the others or at
/// check: `forced drop`, and movements `not in check`.
#[cold]
#[inline(never)]
fn filter_moves(pos: &Position<'_>, out: &mut Vec<RawMove>) {
    let game = pos.game();
    let side = pos.side_to_move();
    if game.rules.not_in_check && in_check(pos, side) {
        // The moves of a piece with movements `not in check` are those its
        // other movements make; castling, pool moves and passes stay.
        let mut cells: Vec<u16> = out
            .iter()
            .filter(|m| {
                matches!(
                    m.kind,
                    MoveKind::Normal | MoveKind::SetsEnPassant | MoveKind::EnPassant
                ) && game.pieces[kind_of(pos.at(m.from)) as usize]
                    .movements
                    .iter()
                    .any(|mv| mv.not_in_check)
            })
            .map(|m| m.from)
            .collect();
        cells.sort_unstable();
        cells.dedup();
        let mut allowed = Vec::new();
        let key = |m: &RawMove| (m.from, m.to, m.kind, m.promotion, m.aux, m.aux2);
        for c in cells {
            allowed.clear();
            super::movegen::piece_moves_checked(pos, c, &mut allowed, true);
            out.retain(|m| {
                m.from != c
                    || !matches!(
                        m.kind,
                        MoveKind::Normal | MoveKind::SetsEnPassant | MoveKind::EnPassant
                    )
                    || allowed.iter().any(|a| key(a) == key(m))
            });
        }
    }
    if game.rules.forced_drop && out.iter().any(|m| m.kind == MoveKind::Drop) {
        out.retain(|m| m.kind == MoveKind::Drop);
    }
}

/// `compulsory` drops: while the mover's pool holds a piece that such a rule
/// drops, no other drop is legal, and no move on the board either where such
/// a drop is.
fn keep_compulsory_drops(pos: &Position<'_>, moves: &mut Vec<RawMove>) {
    if !compulsory_drop_due(pos) {
        return;
    }
    let game = pos.game();
    let compulsory = |pool: usize, code: u8| {
        game.drop_rule(pool, kind_of(code))
            .is_some_and(|r| r.compulsory)
    };
    let is_due = |mv: &RawMove| mv.kind == MoveKind::Drop && compulsory(mv.from as usize, mv.piece);
    if moves.iter().any(is_due) {
        moves.retain(is_due);
    } else {
        moves.retain(|mv| mv.kind != MoveKind::Drop);
    }
}

/// Whether the side to move holds a piece that a compulsory drop rule drops.
fn compulsory_drop_due(pos: &Position<'_>) -> bool {
    let game = pos.game();
    let side = pos.side_to_move();
    (0..game.pools.pool_names.len()).any(|p| {
        pos.pool(p, side).iter().any(|&(code, _)| {
            game.drop_rule(p, kind_of(code))
                .is_some_and(|r| r.compulsory)
        })
    })
}

/// What [`keep_legal_by_making`] found out about the side to move, for the
/// pass not to ask again: whether pieces face, whether it stands in check.
#[derive(Copy, Clone, Default)]
struct Known {
    facing: Option<bool>,
    checked: Option<bool>,
}

/// Adds the pass where the game has one: to a side not in check, or facing
/// the enemy (a pass then ends the game, so check does not matter).
fn add_pass(pos: &Position<'_>, out: &mut Vec<RawMove>, known: Known) {
    let side = pos.side_to_move();
    let facing = known.facing.unwrap_or_else(|| {
        pos.game()
            .goals
            .facing
            .as_ref()
            .is_some_and(|f| facing(pos, f))
    });
    if facing || !known.checked.unwrap_or_else(|| in_check(pos, side)) {
        // Written as the royal piece standing still, or the first piece in
        // cell order, as Fairy-Stockfish writes it; with no piece at all, as
        // UCI's null move, where the game lets a side without pieces pass.
        let game = pos.game();
        let first = || {
            pos.occupied(side)
                .iter()
                .find(|&c| !game.pieces[kind_of(pos.at(c)) as usize].neutral)
        };
        let at = pos.royals(side).iter().next().or_else(first);
        if at.is_none() && game.rules.pass_when_stalemated {
            return;
        }
        out.push(RawMove::pass(at.unwrap_or(NO_CELL)));
    }
}

/// Keeps the legal ones among some pseudo-legal moves of `pos` (for a search
/// that wants only its captures, say): the same tests as [`legal_moves`],
/// without the pass and without forced capture, which look at every move.
/// Moves another game handed out, or with cells, pools or kinds this game
/// does not have, are dropped first.
///
/// # Panics
/// Unchecked beyond that, as [`Position::make`] is: a move of this game
/// that is not pseudo-legal in `pos` (taken from another position) may be
/// kept wrongly, or panic.
pub fn retain_legal(pos: &mut Position<'_>, moves: &mut Vec<Move>) {
    let game = pos.game();
    let mut raw: Vec<RawMove> = (moves.iter())
        .filter(|m| m.is_of(game) && m.raw.in_range(game))
        .map(|m| m.raw)
        .collect();
    filter_legal(pos, &mut raw);
    super::moves::stamp(&raw, pos.game(), moves);
}

/// [`retain_legal`] for the engine's own pseudo-legal moves of `pos`, which
/// are of this game and in range: the search's door, which must not pay for
/// the checks a program's moves need.
pub(crate) fn filter_legal(pos: &mut Position<'_>, moves: &mut Vec<RawMove>) {
    if pos.game().tables.check_free {
        return;
    }
    if pos.game().tables.general_legality {
        keep_legal_by_making(pos, moves);
    } else {
        let exposed = Shields::find(pos, pos.side_to_move(), pos.side_to_move());
        let known = Unattacked::new(exposed.checked);
        keep_legal(pos, moves, &exposed, &known);
    }
}

/// Where capturing is compulsory: only the captures, if there are any.
fn keep_captures(pos: &Position<'_>, moves: &mut Vec<RawMove>) {
    let captures = |mv: &RawMove| pos.captures(mv);
    if moves.iter().any(captures) {
        moves.retain(captures);
    }
}

/// Keeps the moves after which no royal piece of the mover is attacked (and,
/// for `not checking` moves, none of the opponent's), making each one; a drop
/// that may not mate must not leave the opponent checkmated.
fn keep_legal_by_making(pos: &mut Position<'_>, moves: &mut Vec<RawMove>) -> Known {
    let side = pos.side_to_move();
    let game = pos.game();
    let mut replies = Vec::new();
    let own_royals = pos.royals(side).len();
    let explosions = game.rules.explosion.is_some();
    // Pieces facing each other must be parted by the side to move.
    let parting = game.goals.facing.as_ref().filter(|f| facing(pos, f));
    let mut known = Known {
        facing: Some(parting.is_some()),
        checked: None,
    };
    // Where the exposure table settles most moves unmade, the one test of
    // check it needs is kept for the pass.
    if game.tables.exposure.is_some() && parting.is_none() {
        known.checked = Some(in_check(pos, side));
    }
    // In check, some kinds move only to capture the one piece giving check.
    if game.rules.check_capture_only != 0 && in_check(pos, side) {
        moves.retain(|mv| {
            mv.is_from_pool()
                || mv.kind == MoveKind::Pass
                || game.rules.check_capture_only & 1u128 << kind_of(pos.at(mv.from)) == 0
                || captures_only_checker(pos, mv, side)
        });
    }
    // A move that gates a piece must be legal without the gated piece, as
    // Fairy-Stockfish tests pins and generates a king's escapes from check:
    // the gated piece shields only a royal piece that moves out of no check.
    let checked = game.rules.gating.is_some() && in_check(pos, side);
    let quiet = exposure::Quiet::find(pos, parting.is_some() || known.checked != Some(false));
    // A quiet move of a piece changes nothing but the board where no landing
    // has effects and royalty is not settled at the turn's start: moving the
    // piece alone tells its legality, as making it would.
    let board_only = !game.rules.landing_effects && game.rules.royals_at_most.is_none();
    // And such a move of a piece that shields no royal piece of the mover,
    // not in check, is legal as it is: it opens no line onto them, and the
    // royal pieces stay where they were (found once, for the first such move).
    let mut shields: Option<Shields> = None;
    // Where a placement shields, castling left the cells a royal king passes
    // to be tested here, with the placement made.
    let castles_shielded = game.rules.walling.is_some_and(|w| w.shields);
    moves.retain(|&mv| {
        if let Some(verdict) = quiet.as_ref().and_then(|q| q.verdict(pos, &mv)) {
            return verdict;
        }
        if board_only
            && matches!(mv.kind, MoveKind::Normal | MoveKind::SetsEnPassant)
            && mv.promotion == 0
            && mv.gate == NO_CELL
            && !mv.not_checking
            && pos.at(mv.to) == 0
        {
            if parting.is_none() {
                let exposed = shields.get_or_insert_with(|| Shields::find(pos, side, side));
                if !exposed.all && !exposed.contains(mv.from) {
                    return true;
                }
            }
            let moved = pos.displace(mv.from, mv.to);
            let ok = !in_check(pos, side) && parting.is_none_or(|f| !facing(pos, f));
            pos.replace(moved);
            return ok;
        }
        // A placement bears on the move's legality only where the `place`
        // rule `shields`: otherwise the move alone is tested, the placed
        // piece where it stood.
        let tested = match game.rules.walling {
            Some(w) if mv.gate != NO_CELL && !w.shields => RawMove {
                gate: NO_CELL,
                ..mv
            },
            _ => mv,
        };
        if game.rules.walling.is_none()
            && mv.gate != NO_CELL
            && (checked || !pos.royals(side).contains(mv.from))
        {
            let bare = RawMove {
                gate: NO_CELL,
                piece: 0,
                state: 0,
                ..mv
            };
            let undo = pos.make_raw(bare);
            let safe = !in_check(pos, side);
            pos.unmake(undo);
            if !safe {
                return false;
            }
        }
        // Under `check when at most N royals`, royalty is settled when the
        // turn starts: a piece made royal by the move does not count yet.
        let fresh = if game.rules.royals_at_most.is_some() {
            made_royal(pos, &tested)
        } else {
            NO_CELL
        };
        // Where captures explode, a piece that turns into another by its
        // capture turns after the test: the capture cell is empty then.
        let turns = explosions
            && !mv.is_from_pool()
            && game.pieces[kind_of(pos.at(mv.from)) as usize]
                .on_capture_become
                .is_some()
            && pos.captures(&mv);
        let undo = pos.make_raw(tested);
        // An explosion may take the mover's own royal piece, which is never
        // legal, or the opponent's last, which ends the game whatever else.
        let blown_up = explosions && pos.royals(side).len() < own_royals;
        let wins = explosions && pos.royals(side.opposite()).is_empty();
        let turned = if turns {
            let state = pos.state(mv.to);
            Some((pos.take(mv.to), state))
        } else {
            None
        };
        let exposed = if game.rules.royals_at_most.is_some() {
            left_in_check(pos, side, own_royals, fresh)
        } else {
            in_check(pos, side)
        };
        if let Some((piece, state)) = turned {
            if piece != 0 {
                pos.put_with(mv.to, piece, state);
            }
        }
        let mut ok =
            !blown_up && (wins || !(exposed || mv.not_checking && in_check(pos, side.opposite())));
        if ok && !wins && mv.kind == MoveKind::Castle && castles_shielded {
            ok = !castle_passes_attacked(pos, &mv, side);
        }
        if let (true, Some(f)) = (ok, parting) {
            ok = !facing(pos, f);
        }
        if ok
            && mv.kind == MoveKind::Drop
            && game
                .drop_rule(mv.from as usize, kind_of(mv.piece))
                .is_some_and(|r| r.not_checking)
            && in_check(pos, side.opposite())
        {
            ok = false;
        }
        if ok
            && mv.kind == MoveKind::Drop
            && drop_may_not_mate(game, &mv)
            && in_check(pos, side.opposite())
        {
            moves_in_play(pos, &mut replies);
            ok = !replies.is_empty();
        }
        pos.unmake(undo);
        ok
    });
    known
}

/// Whether a royal king that has castled by `mv` (made) passed an attacked
/// cell on its way: from its start to the cell before its destination.
#[cold]
#[inline(never)]
fn castle_passes_attacked(pos: &Position<'_>, mv: &RawMove, side: Side) -> bool {
    let game = pos.game();
    let Some(c) = game
        .rules
        .castlings
        .iter()
        .find(|c| game.pieces[c.king as usize].royal && kind_of(pos.at(mv.to)) == c.king)
    else {
        return false;
    };
    for &d in &c.dirs {
        let mut cells = vec![mv.from];
        let mut at = mv.from;
        while let Some(&next) = game.step(side, d, at).first() {
            if next == mv.to || cells.len() > game.cell_count() {
                break;
            }
            cells.push(next);
            at = next;
        }
        if game.step(side, d, at).first() == Some(&mv.to) {
            return cells.iter().any(|&cell| {
                is_attacked(pos, cell, side.opposite()) && !shielded_by_blast(pos, cell, side)
            });
        }
    }
    false
}

/// The cell where `mv` makes a piece royal that was not (a promotion into a
/// royal kind, a royal piece dropped), or `NO_CELL`.
fn made_royal(pos: &Position<'_>, mv: &RawMove) -> u16 {
    let royal = |kind: u8| becomes_royal(pos, kind);
    let made = match mv.kind {
        MoveKind::Drop => mv.promotes_to().map_or(royal(kind_of(mv.piece)), royal),
        MoveKind::Transfer | MoveKind::Pass => false,
        _ => mv.promotes_to().is_some_and(royal) && !royal(kind_of(pos.at(mv.from))),
    };
    if made {
        mv.to
    } else {
        NO_CELL
    }
}

/// Whether `mv` captures, on its destination, the one piece that gives check
/// to `side`: with that piece gone, no royal piece of `side` is attacked.
fn captures_only_checker(pos: &mut Position<'_>, mv: &RawMove, side: Side) -> bool {
    let target = pos.at(mv.to);
    if target == 0 || side_of(target) == side {
        return false;
    }
    let state = pos.state(mv.to);
    pos.take(mv.to);
    let still = in_check(pos, side);
    pos.put_with(mv.to, target, state);
    !still
}

/// Whether the rule that drops `mv`'s piece forbids a drop that checkmates.
fn drop_may_not_mate(game: &crate::game::Game, mv: &RawMove) -> bool {
    game.drop_rule(mv.from as usize, kind_of(mv.piece))
        .is_some_and(|r| r.not_mating)
}

/// The number of legal moves of the side to move, as [`legal_moves`] would
/// list them, counted as perft counts its last ply.
pub fn legal_move_count(pos: &mut Position<'_>) -> u64 {
    count_legal_moves(pos, &mut Vec::new())
}

/// [`legal_move_count`] with a buffer the caller keeps (scratch space). The
/// moves of a piece that shields nothing are counted without being listed or
/// tested, where they are plain.
pub(crate) fn count_legal_moves(pos: &mut Position<'_>, buffer: &mut Vec<RawMove>) -> u64 {
    buffer.clear();
    if rule_end(pos).is_some() {
        return 0;
    }
    if let Some(n) = count_check_free(pos, buffer) {
        return n;
    }
    // Gating makes its moves from the listed ones: none may be counted.
    let game = pos.game();
    if game.tables.general_legality
        || game.rules.forced_capture
        || game.rules.gating.is_some()
        || game.tables.counts_not_checking
    {
        if !(game.tables.general_legality
            || game.rules.forced_capture
            || game.rules.gating.is_some())
        {
            return count_not_checking(pos, buffer);
        }
        moves_in_play(pos, buffer);
        return buffer.len() as u64;
    }
    let side = pos.side_to_move();
    let exposed = Shields::find(pos, side, side);
    let mut known = Unattacked::new(exposed.checked);
    let counted = if game.tables.count_by_shifts[side.index()] && !exposed.captures_fill_pools {
        count_pseudo_legal_moves_shifting(pos, buffer, &mut known, |from| {
            exposed.all || exposed.contains(from)
        })
    } else {
        pseudo_legal_moves_counting(pos, buffer, &mut known, |from| {
            if exposed.all || exposed.contains(from) {
                return None;
            }
            count_plain_moves(pos, from, exposed.captures_fill_pools)
        })
    };
    keep_legal(pos, buffer, &exposed, &known);
    counted + buffer.len() as u64
}

/// The pseudo-legal moves of a game with `not checking` movements, for
/// [`count_legal_moves`]: a piece that shields none of the mover's royal
/// pieces (`exposed`) and uncovers no line onto the enemy's has its plain
/// moves counted, and its `not checking` moves too where the bit sets tell
/// which give check (those whose piece, where it lands, attacks an enemy
/// royal piece: see [`count_not_checking_moves`]); the rest are listed.
#[inline(never)]
fn count_not_checking(pos: &mut Position<'_>, buffer: &mut Vec<RawMove>) -> u64 {
    let game = pos.game();
    let side = pos.side_to_move();
    let exposed = Shields::find(pos, side, side);
    let mut known = Unattacked::new(exposed.checked);
    // Where check is more than one royal piece attacked, the moves are tested.
    let told = !exposed.captures_fill_pools
        && game.rules.explosion.is_none()
        && !game.rules.check_all_royals
        && game.rules.royals_at_most.is_none();
    // The mover's pieces that may uncover a line onto an enemy royal piece:
    // found for the first piece whose `not checking` moves bits may count.
    let mut discovering: Option<Shields> = None;
    let counted = pseudo_legal_moves_counting(pos, buffer, &mut known, |from| {
        if exposed.all || exposed.contains(from) {
            return None;
        }
        if let Some(n) = count_plain_moves(pos, from, exposed.captures_fill_pools) {
            return Some(n);
        }
        if !told {
            return None;
        }
        count_not_checking_moves(pos, from, || {
            let d = discovering.get_or_insert_with(|| Shields::find(pos, side.opposite(), side));
            d.all || d.contains(from)
        })
    });
    keep_legal(pos, buffer, &exposed, &known);
    counted + buffer.len() as u64
}

/// The number of legal moves where no piece can be in check, so that every
/// pseudo-legal move is legal: counted without making any, and a placement after every move counted
/// by the cells it may take rather than one move for each. `None` where the
/// moves must be listed: a phase, gating, shots, rules that filter the legal
/// moves; and where the
/// shortcuts of [`count_legal_moves`] apply anyway.
fn count_check_free(pos: &Position<'_>, buffer: &mut Vec<RawMove>) -> Option<u64> {
    let game = pos.game();
    if !game.tables.check_free
        || !(game.tables.general_legality || game.rules.forced_capture)
        || game.rules.filters_moves
        || game.pools.compulsory_drops && compulsory_drop_due(pos)
        || game.rules.gating.is_some()
        // Forced capture keeps the captures after the shots are placed.
        || game.rules.forced_capture && game.rules.walling.is_some_and(|w| w.at == WallAt::Shot)
        || current_phase(pos).is_some()
    {
        return None;
    }
    let mut captures_forced = false;
    let mut n = if game.rules.forced_capture {
        base_moves(pos, buffer, &mut Unattacked::default());
        keep_captures(pos, buffer);
        captures_forced = buffer.first().is_some_and(|mv| pos.captures(mv));
        0
    } else {
        // A piece's moves are counted where its runs allow; with a wall left
        // at the origin, each is one move where the origin may take the
        // wall, none where it may not.
        // (A wall placed anywhere counts by each move's cells: listed.)
        // Where the wall stands, for a wall left at the origin only: the
        // placements of one placed anywhere find it themselves.
        let now = game
            .rules
            .walling
            .filter(|w| w.at == WallAt::Origin)
            .and_then(|w| wall_now(pos, w));
        base_moves_counting(pos, buffer, |from| match game.rules.walling {
            None => count_plain_moves(pos, from, false),
            Some(w) if w.at == WallAt::Origin => match wall_may_take(pos, w, now, from) {
                true => count_plain_moves(pos, from, false),
                false => Some(0),
            },
            Some(_) => None,
        })
    };
    n += match game.rules.walling {
        Some(w) => placements(pos, buffer, w),
        None => buffer.len() as u64,
    };
    // The pass, as `moves_in_play` adds it: never beside a forced capture.
    if game.rules.pass && !captures_forced && (n == 0 || !game.rules.pass_when_stalemated) {
        buffer.clear();
        add_pass(pos, buffer, Known::default());
        n += buffer.len() as u64;
    }
    Some(n)
}

/// Keeps the moves of `moves` that are legal; `exposed` are the mover's
/// shields, `known` the cells found unattacked.
fn keep_legal(
    pos: &mut Position<'_>,
    moves: &mut Vec<RawMove>,
    exposed: &Shields,
    known: &Unattacked,
) {
    let side = pos.side_to_move();
    // A quiet step of the one royal piece, not in check, onto a cell found
    // unattacked is safe: an attack through the cell it leaves would attack
    // it where it stands, where only lines and leaps attack (a line reaches
    // nearer cells first; a capture limited to a destination zone or a
    // multi-leg one need not).
    let royals = pos.royals(side);
    let royal_steps_known =
        known.checked == Some(false) && royals.len() == 1 && pos.game().lines_and_leaps_only();
    let royal = if royal_steps_known {
        royals.iter().next().unwrap_or(NO_CELL)
    } else {
        NO_CELL
    };
    // The mover's pieces that shield the enemy's royal pieces from the mover's
    // sliders: found only when a move may not give check.
    let mut discovering: Option<Shields> = None;
    let gates = pos.game().rules.gating.is_some();
    let checked = known.checked;
    moves.retain(|&full| {
        // A move that gates a piece is legal as the move without it, as
        // Fairy-Stockfish tests it (the gated piece only adds a blocker):
        // but for a royal piece moving out of no check, which the gated
        // piece may shield, and which is made whole.
        let mut mv = full;
        if gates && full.gate != NO_CELL {
            match gated_move(pos, full, checked) {
                Ok(verdict) => return verdict,
                Err(bare) => mv = bare,
            }
        }
        if mv.from == royal
            && mv.kind == MoveKind::Normal
            && mv.promotion == 0
            && !mv.not_checking
            && pos.at(mv.to) == 0
            && known.contains(mv.to)
        {
            return true;
        }
        let known_safe = exposed.is_safe(pos, &mv);
        let gives_no_check = !mv.not_checking || {
            let lines =
                discovering.get_or_insert_with(|| Shields::find(pos, side.opposite(), side));
            surely_no_check(pos, &mv, lines)
        };
        if known_safe && gives_no_check {
            return true;
        }
        let test = |pos: &Position<'_>| {
            (known_safe || !in_check(pos, side))
                && (gives_no_check || !in_check(pos, side.opposite()))
        };
        let plain = board_decides(pos, &mv, exposed, !gives_no_check);
        if plain && gives_no_check {
            if let Some(attacked) = attacked_after(pos, &mv, known) {
                return !attacked;
            }
        }
        if plain {
            let displaced = pos.displace(mv.from, mv.to);
            let ok = test(pos);
            pos.replace(displaced);
            ok
        } else if mv.kind == MoveKind::Castle && gives_no_check && !overlapping_castle(&mv) {
            if known.trusts(mv.from, mv.aux) {
                return true;
            }
            if let Some(attacked) = attacked_after(pos, &mv, known) {
                return !attacked;
            }
            // The king, then its partner (which may land where the king
            // stood); nothing else of the move bears on the mover's safety.
            let king = pos.displace(mv.from, mv.to);
            let partner = pos.displace(mv.aux, mv.aux2);
            let ok = test(pos);
            pos.replace(partner);
            pos.replace(king);
            ok
        } else {
            let undo = pos.make_raw(mv);
            let ok = test(pos);
            pos.unmake(undo);
            ok
        }
    });
}

/// A move that gates a piece, for [`keep_legal`]: `Ok` with its legality
/// where a royal piece moves out of no check (the move made whole), else
/// `Err` with the move without the gated piece, to be tested instead.
#[cold]
#[inline(never)]
fn gated_move(
    pos: &mut Position<'_>,
    full: RawMove,
    checked: Option<bool>,
) -> Result<bool, RawMove> {
    let side = pos.side_to_move();
    let in_check_now = checked.unwrap_or_else(|| in_check(pos, side));
    if !in_check_now && pos.royals(side).contains(full.from) {
        let undo = pos.make_raw(full);
        let ok = !in_check(pos, side) && (!full.not_checking || !in_check(pos, side.opposite()));
        pos.unmake(undo);
        return Ok(ok);
    }
    Err(RawMove {
        gate: NO_CELL,
        piece: 0,
        state: 0,
        ..full
    })
}

/// Whether the mover's one royal piece is attacked after `mv`, a plain move
/// or castling, told from the bit sets without moving anything; `None` where
/// that cannot be told so (see [`attacked_with`]).
fn attacked_after(pos: &Position<'_>, mv: &RawMove, known: &Unattacked) -> Option<bool> {
    pos.game().tables.bit_tables.as_ref()?;
    let side = pos.side_to_move();
    let royals = pos.royals(side).bits();
    if royals.count_ones() != 1 {
        return None;
    }
    let royal = royals.trailing_zeros() as u16;
    let royal = if royal == mv.from { mv.to } else { royal };
    let (from, to) = (1u128 << mv.from, 1u128 << mv.to);
    let theirs = pos.occupied(side.opposite()).bits() & !to;
    let mut occupied = (theirs | pos.occupied(side).bits()) & !from | to;
    if mv.kind == MoveKind::Castle {
        if overlapping_castle(mv) {
            return None;
        }
        if castled_king_safe(pos, mv, royal, known) {
            return Some(false);
        }
        // The partner leaves `aux` for `aux2`, which may be the king's start.
        occupied = occupied & !(1u128 << mv.aux) | 1u128 << mv.aux2;
    }
    attacked_with(pos, royal, side.opposite(), occupied, theirs)
}

/// A castling whose king stays where it is or lands on its partner's start
/// (Chess960): moving the pieces one after the other would not say what the
/// move does, so it is made.
fn overlapping_castle(mv: &RawMove) -> bool {
    mv.to == mv.from || mv.to == mv.aux
}

/// Whether the castling `mv` certainly leaves the king, the side's one royal
/// piece (on `royal` after the move), unattacked, without a test: castling
/// found its destination unattacked before the move, outside check; a line
/// through the king's start would have reached the king there; the partner's
/// landing only blocks; so only emptying the partner's start could open a
/// line, and no attack line onto the destination goes on past it. Only lines
/// and leaps may attack.
fn castled_king_safe(pos: &Position<'_>, mv: &RawMove, royal: u16, known: &Unattacked) -> bool {
    let game = pos.game();
    let Some(t) = &game.tables.bit_tables else {
        return false;
    };
    let by = pos.side_to_move().opposite();
    royal == mv.to
        && known.checked == Some(false)
        && known.contains(mv.to)
        && game.lines_and_leaps_only()
        && t.passed(by.index(), mv.to) & 1u128 << mv.aux == 0
}

/// Whether moving the piece on the board ([`Position::displace`]) leaves the
/// attacks that are to be tested as making `mv` would: a plain move, no
/// promotion, and for a capture, no enemy attack that the captured piece's
/// arrival in a pool creates and, when the move's checks are tested, no
/// counter the capture lowers.
fn board_decides(pos: &Position<'_>, mv: &RawMove, exposed: &Shields, tests_check: bool) -> bool {
    let plain = matches!(mv.kind, MoveKind::Normal | MoveKind::SetsEnPassant) && mv.promotion == 0;
    if !plain || pos.at(mv.to) == 0 {
        return plain;
    }
    let game = pos.game();
    let mover = &game.pieces[kind_of(pos.at(mv.from)) as usize];
    let pools_matter = game.pools.captured_to.is_some()
        && (exposed.captures_fill_pools
            || mover.royal && {
                let enemy = pos.side_to_move().opposite();
                let zones = &game.tables.attack_rays.pool_zones;
                zones.iter().any(|&z| game.in_zone(z, enemy, mv.to))
            });
    let counter_matters = tests_check && mover.on_capture_lower > 0;
    !pools_matter && !counter_matters
}

/// Whether `mv` certainly gives no check: it uncovers no line of the mover's
/// toward an enemy royal piece, and the piece, where it lands, attacks none.
/// Runs of the move table answer the second question; a movement interpreted
/// leg by leg leaves it open.
fn surely_no_check(pos: &Position<'_>, mv: &RawMove, discovering: &Shields) -> bool {
    if discovering.all
        || !matches!(mv.kind, MoveKind::Normal | MoveKind::SetsEnPassant)
        || mv.promotion != 0
        || discovering.contains(mv.from)
    {
        return false;
    }
    let game = pos.game();
    let side = pos.side_to_move();
    let kind = kind_of(pos.at(mv.from));
    let piece = &game.pieces[kind as usize];
    let royals = pos.royals(side.opposite());
    if let Some(none) = attacks_none_after(pos, mv.from, mv.to, royals) {
        return none;
    }
    for run in game.tables.move_table.runs(side.index(), kind, mv.to) {
        if run.has(Run::GENERAL) {
            if piece.movements[run.movement as usize]
                .modality
                .may_capture()
            {
                return false;
            }
            continue;
        }
        // Once moved, a piece has only its later movements. A counter's cut is
        // not applied: a capture may lower it, and the whole run is a superset.
        if !run.has(Run::CAPTURE) || run.has(Run::FIRST) {
            continue;
        }
        for c in game.tables.move_table.cells(run) {
            if royals.contains(c.cell) {
                return false;
            }
            if run.has(Run::RAY) && c.cell != mv.from && pos.at(c.cell) != 0 {
                break;
            }
        }
    }
    true
}

/// The pieces that shield a royal piece from an attacker: a move of one of
/// them may uncover an attack.
///
/// A move uncovers an attack only by vacating a cell on a line along which an
/// attacker slides toward a royal piece (steps and leaps cannot be blocked),
/// unless the game has paths or multi-leg captures. So the shields are the
/// pieces of the blocking side first on such a line with an attacking slider
/// right behind, and, for paths, those standing within a path's reach.
struct Shields {
    /// Every move needs the full test.
    all: bool,
    cells: [u16; Shields::MAX],
    len: usize,
    /// Bit `c % 128` for each cell `c` noted: a quick "certainly not" for
    /// [`Shields::contains`], and its whole answer on a board of up to 128
    /// cells (`exact`).
    filter: u128,
    exact: bool,
    /// Whether a capture can create an attack by filling the enemy's pools.
    captures_fill_pools: bool,
    /// For the mover's own shields: whether its royal pieces stand attacked.
    checked: Option<bool>,
}

impl Shields {
    const MAX: usize = 64;

    /// The pieces of `blocker` shielding the royal pieces of `royal` from the
    /// sliders and paths of the other side. When `blocker` owns the royal
    /// pieces and stands in check, every move needs the test.
    fn find(pos: &Position<'_>, royal: Side, blocker: Side) -> Shields {
        let game = pos.game();
        let attacker = royal.opposite();
        let checked = (blocker == royal).then(|| in_check(pos, royal));
        let mut e = Shields {
            all: game.tables.attack_rays.uncovers_anywhere || checked == Some(true),
            checked,
            cells: [NO_CELL; Shields::MAX],
            len: 0,
            filter: 0,
            exact: game.cell_count() <= 128,
            // A capture fills the enemy's pools; that matters, for the
            // mover's own royal pieces, where an enemy attacks only with
            // something in its pools to promote to.
            captures_fill_pools: blocker == royal
                && !game.tables.attack_rays.pool_zones.is_empty()
                && pos
                    .royals(royal)
                    .iter()
                    .any(|r| attacked_once_pools_fill(pos, r, attacker)),
        };
        if e.all {
            return e;
        }
        for r in pos.royals(royal).iter() {
            if blocker == royal {
                // A royal piece's own moves are always tested.
                e.note(r);
            }
            for &d in &game.tables.attack_rays.slide_dirs {
                if !e.scan(pos, d, r, attacker, blocker) {
                    e.walk(pos, d, r, attacker, blocker, NO_CELL);
                }
            }
            for line in &game.tables.attack_rays.path_lines {
                e.block_paths(pos, line, r, attacker, blocker);
                if e.all {
                    return e;
                }
            }
        }
        if !game.tables.forward_attackers.is_empty() {
            e.block_runs(pos, royal, attacker, blocker);
        }
        e
    }

    /// Notes the piece of `blocker` that alone stands on the cells an
    /// attacker's capturing run onto a royal piece must find empty (where its
    /// legs stop, those its slides pass): moving it away may open the run;
    /// a run blocked twice stays closed. A piece whose runs do
    /// not tell its captures makes every move need the test.
    fn block_runs(&mut self, pos: &Position<'_>, royal: Side, attacker: Side, blocker: Side) {
        let table = &pos.game().tables.move_table;
        for x in pos.occupied(attacker).iter() {
            let kind = kind_of(pos.at(x));
            if !table.indexes(kind) {
                continue;
            }
            if table.opaque(attacker.index(), kind, x) {
                self.all = true;
                return;
            }
            let jumping = |e: &CaptureEntry| {
                let movement = table.run(e.run).movement as usize;
                pos.game().pieces[kind as usize].movements[movement].jumping
            };
            for r in pos.royals(royal).iter() {
                for e in table.captures_onto(attacker.index(), kind, x, r) {
                    let run = table.run(e.run);
                    let cells = table.cells(run);
                    // The cells that must be empty for the capture: those
                    // before the guard (unless the legs jump), and a ray's up
                    // to the landing. The alternative landings between are not
                    // passed.
                    let guard = if run.has(Run::PATH) {
                        cells.len() - 1
                    } else {
                        run.guard as usize
                    };
                    let before = if jumping(e) { &[][..] } else { &cells[..guard] };
                    let ray = if run.has(Run::RAY) {
                        &cells[guard..e.at as usize]
                    } else {
                        &[][..]
                    };
                    // A run blocked twice stays blocked after any move that
                    // may go untested (one piece leaves, none is removed
                    // elsewhere than where the mover lands).
                    let mut blocking = before
                        .iter()
                        .chain(ray)
                        .filter(|c| c.cell != x && pos.at(c.cell) != 0);
                    if let (Some(c), None) = (blocking.next(), blocking.next()) {
                        if side_of(pos.at(c.cell)) == blocker {
                            self.note(c.cell);
                        }
                    }
                }
            }
        }
    }

    /// Notes the pieces of `blocker` that alone stand between an attacker's
    /// path piece and `royal`: a piece `x` steps from the royal piece and `y`
    /// steps from an attacking piece whose path may be `x + y` steps long.
    fn block_paths(
        &mut self,
        pos: &Position<'_>,
        line: &PathLine,
        royal: u16,
        attacker: Side,
        blocker: Side,
    ) {
        let search =
            |backward| super::bfs::Search::among_pieces(pos, attacker, backward, &line.dirs);
        // The blocker's pieces a path could pass on its way to the royal piece.
        let mut near: [(u16, u32); Shields::MAX] = [(NO_CELL, 0); Shields::MAX];
        let mut found = 0;
        let overflow = search(true).run(royal, line.most.saturating_sub(1), |x, dist| {
            if side_of(pos.at(x)) != blocker {
                return Visit::Block;
            }
            if found == Shields::MAX {
                return Visit::Found;
            }
            near[found] = (x, dist);
            found += 1;
            Visit::Block
        });
        if overflow {
            self.all = true;
            return;
        }
        let near = &near[..found];
        if near.is_empty() {
            return;
        }
        let attacker_piece = code(line.kind, attacker);
        for p in pos.occupied(attacker).iter() {
            if pos.at(p) != attacker_piece {
                continue;
            }
            let reach = reach_of(pos, line.reach, p);
            search(false).run(p, reach.saturating_sub(1), |x, dist| {
                if let Some(&(_, to_royal)) = near.iter().find(|(c, _)| *c == x) {
                    if dist + to_royal <= reach {
                        self.note(x);
                    }
                }
                Visit::Block
            });
        }
    }

    /// What [`Shields::walk`] does, by bit scans along the line from `royal`
    /// in direction `d`; false where the bit tables do not cover the line.
    fn scan(
        &mut self,
        pos: &Position<'_>,
        d: u8,
        royal: u16,
        attacker: Side,
        blocker: Side,
    ) -> bool {
        let game = pos.game();
        let Some(t) = &game.tables.bit_tables else {
            return false;
        };
        let (line, order) = t.line(attacker.index(), d, royal);
        if order == LineOrder::Walk {
            return false;
        }
        let theirs = pos.occupied(attacker).bits();
        // No attacker on the line, no shield on it.
        if line & theirs == 0 {
            return true;
        }
        let occupied = theirs | pos.occupied(attacker.opposite()).bits();
        let Some(x) = first_in(line, order, occupied) else {
            return true;
        };
        if side_of(pos.at(x)) != blocker {
            return true;
        }
        let Some(y) = first_in(t.line(attacker.index(), d, x).0, order, occupied) else {
            return true;
        };
        let piece = pos.at(y);
        if side_of(piece) == attacker
            && game.tables.attack_rays.slide_kinds[d as usize] & (1 << kind_of(piece)) != 0
        {
            self.note(x);
        }
        true
    }

    /// Follows the line an attacking slider in direction `d` would take to
    /// `at`, backwards, and notes the first piece on it when it is a blocker's
    /// with an attacking slider along `d` right behind. `shield` is the
    /// blocker's piece found so far on this line, if any.
    ///
    /// Where the line branches, it is followed along every path while they are
    /// few, else breadth-first, so that each cell is met once however many
    /// paths of branches lead to it (following every path would take time
    /// exponential in the branches). Noting a shield twice is noting it once.
    fn walk(
        &mut self,
        pos: &Position<'_>,
        d: u8,
        at: u16,
        attacker: Side,
        blocker: Side,
        shield: u16,
    ) {
        let mut budget = super::bfs::DEPTH_FIRST_BUDGET;
        if !self.walk_paths(pos, d, at, attacker, blocker, shield, &mut budget) {
            self.walk_search(pos, d, at, attacker, blocker, shield);
        }
    }

    /// [`Shields::walk`] along every path, taking at most `budget` branches (a
    /// straight stretch costs none, and ends after as many steps as the board
    /// has cells, for cycles); false when the budget runs out first.
    #[allow(clippy::too_many_arguments)]
    fn walk_paths(
        &mut self,
        pos: &Position<'_>,
        d: u8,
        at: u16,
        attacker: Side,
        blocker: Side,
        shield: u16,
        budget: &mut u32,
    ) -> bool {
        let game = pos.game();
        let (mut at, mut shield) = (at, shield);
        for _ in 0..game.cell_count() {
            match game.rev_step(attacker, d, at) {
                [] => return true,
                [x] => match self.walk_onto(pos, d, *x, attacker, blocker, shield) {
                    Some(on) => (at, shield) = (*x, on),
                    None => return true,
                },
                branches => {
                    for &x in branches {
                        let Some(rest) = budget.checked_sub(1) else {
                            return false;
                        };
                        *budget = rest;
                        if let Some(on) = self.walk_onto(pos, d, x, attacker, blocker, shield) {
                            if !self.walk_paths(pos, d, x, attacker, blocker, on, budget) {
                                return false;
                            }
                        }
                    }
                    return true;
                }
            }
        }
        true
    }

    /// One cell `x` of [`Shields::walk`]: the shield to go on with past it, or
    /// `None` where the walk ends there (noting the shield when `x` holds an
    /// attacking slider behind it).
    fn walk_onto(
        &mut self,
        pos: &Position<'_>,
        d: u8,
        x: u16,
        attacker: Side,
        blocker: Side,
        shield: u16,
    ) -> Option<u16> {
        let piece = pos.at(x);
        if piece == 0 {
            return Some(shield);
        }
        if shield == NO_CELL {
            return (side_of(piece) == blocker).then_some(x);
        }
        if side_of(piece) == attacker
            && pos.game().tables.attack_rays.slide_kinds[d as usize] & (1 << kind_of(piece)) != 0
        {
            self.note(shield);
        }
        None
    }

    /// [`Shields::walk`] breadth-first from `at`: each cell once.
    #[cold]
    #[inline(never)]
    fn walk_search(
        &mut self,
        pos: &Position<'_>,
        d: u8,
        at: u16,
        attacker: Side,
        blocker: Side,
        shield: u16,
    ) {
        let game = pos.game();
        let search =
            super::bfs::Search::among_pieces(pos, attacker, true, std::slice::from_ref(&d));
        let most = game.cell_count() as u32;
        if shield != NO_CELL {
            let slider = |piece: u8| {
                side_of(piece) == attacker
                    && game.tables.attack_rays.slide_kinds[d as usize] & (1 << kind_of(piece)) != 0
            };
            let found = search.run(at, most, |x, _| {
                if slider(pos.at(x)) {
                    Visit::Found
                } else {
                    Visit::Block
                }
            });
            if found {
                self.note(shield);
            }
            return;
        }
        search.run(at, most, |x, _| {
            if side_of(pos.at(x)) == blocker {
                self.walk_search(pos, d, x, attacker, blocker, x);
            }
            Visit::Block
        });
    }

    /// Adds `x` to the shields.
    fn note(&mut self, x: u16) {
        if self.contains(x) {
            return;
        }
        if self.len == Shields::MAX {
            self.all = true;
            return;
        }
        self.cells[self.len] = x;
        self.len += 1;
        self.filter |= 1 << (x % 128);
    }

    // Inlined into the counting loops' closures: called out of line, it
    // cost chess's perft 0.6% more instructions.
    #[inline(always)]
    fn contains(&self, x: u16) -> bool {
        self.filter & 1 << (x % 128) != 0 && (self.exact || self.listed(x))
    }

    /// [`Shields::contains`] past the filter, on a board of more than 128
    /// cells: kept out of line, so that the filter inlines small.
    #[inline(never)]
    fn listed(&self, x: u16) -> bool {
        self.cells[..self.len].contains(&x)
    }

    /// Whether `mv` certainly leaves no royal piece of the mover attacked (a
    /// `not checking` move may still give a forbidden check). The shields
    /// must be the mover's, royal pieces included.
    #[inline]
    fn is_safe(&self, pos: &Position<'_>, mv: &RawMove) -> bool {
        if self.all {
            return false;
        }
        // A piece that becomes royal where it lands (a promotion into a royal
        // kind, a royal piece dropped) must not land attacked.
        if mv.promotes_to().is_some_and(|k| becomes_royal(pos, k)) {
            return false;
        }
        match mv.kind {
            MoveKind::Drop => !becomes_royal(pos, kind_of(mv.piece)),
            MoveKind::Transfer => true,
            MoveKind::Castle | MoveKind::EnPassant | MoveKind::Pass => false,
            MoveKind::Normal | MoveKind::SetsEnPassant => {
                !(self.contains(mv.from) || self.captures_fill_pools && pos.at(mv.to) != 0)
            }
        }
    }
}

/// Whether a piece of `kind`, promoted into or dropped, is royal where it
/// lands: rare, kept out of the legality tests' hot loops.
#[cold]
#[inline(never)]
fn becomes_royal(pos: &Position<'_>, kind: u8) -> bool {
    pos.game()
        .pieces
        .get(kind as usize)
        .is_some_and(|p| p.royal)
}
