//! The goals of the rules that end a game before anyone moves (bare royal
//! pieces, extinction, reaching a zone, checks, passes, facing pieces), asked
//! before the legal moves are listed. Part of `legal`: a zone reached with an
//! answer allowed ends the game only if no move in play answers it, so the
//! goals and the legal moves ask each other, within one room.

use super::moves_in_play;
use crate::engine::attack::is_attacked;
use crate::engine::position::Position;
use crate::engine::status::{Reason, Status};
use crate::game::{
    kind_of, side_of, CellSet, Code, Extinction, Facing, Outcome, ReachGoal, RowGoal, Side, NO_CELL,
};
use crate::syntax::ast::RowShape;

/// The side reduced to royal pieces only, when the game has that goal and
/// no answer is allowed.
pub fn bare_side(pos: &Position<'_>) -> Option<Side> {
    pos.game().goals.bare?;
    [pos.side_to_move(), pos.side_to_move().opposite()]
        .into_iter()
        .find(|&s| is_bare(pos, s))
}

fn is_bare(pos: &Position<'_>, side: Side) -> bool {
    pos.occupied(side).len() == pos.royals(side).len()
}

/// The bared side that loses where a bared side may answer: one that has
/// just moved while the opponent still has other pieces, or one to move while
/// the opponent has more than one other piece, which no single move can take.
fn answered_bare_side(pos: &Position<'_>) -> Option<Side> {
    let to_move = pos.side_to_move();
    [to_move.opposite(), to_move].into_iter().find(|&s| {
        let other = s.opposite();
        let others = pos.occupied(other).len() - pos.royals(other).len();
        is_bare(pos, s) && others > usize::from(s == to_move)
    })
}

/// The result a goal's outcome gives: `side` is the side the goal names.
pub(crate) fn over(pos: &Position<'_>, side: Side, outcome: Outcome, reason: Reason) -> Status {
    let winner = match outcome {
        Outcome::Wins => Some(side),
        Outcome::Loses => Some(side.opposite()),
        Outcome::Draws => None,
        Outcome::Counts => counted_winner(pos),
    };
    Status::Over {
        loser: side,
        winner,
        reason,
    }
}

/// The end that a goal on material, a zone or checks gives the position, if
/// any. Tested before moves are generated: such a position has none. Where
/// both sides qualify, the side that has just moved is named first.
#[inline]
pub fn rule_end(pos: &mut Position<'_>) -> Option<Status> {
    let game = pos.game();
    // Most games have none of these goals: one test, on the hot path of perft.
    if !game.goals.ends_by_rule {
        return None;
    }
    let to_move = pos.side_to_move();
    if let Some(outcome) = game.goals.full {
        if (0..game.cell_count() as u16).all(|c| pos.at(c) != 0) {
            // Reported as a stalemate: a full board leaves no cell to move to.
            return Some(over(pos, to_move, outcome, Reason::Stalemate));
        }
    }
    if let Some(outcome) = game.goals.bare {
        let side = if game.goals.bare_answer {
            answered_bare_side(pos)
        } else {
            bare_side(pos)
        };
        if let Some(side) = side {
            return Some(over(pos, side, outcome, Reason::BareRoyal));
        }
    }
    for e in &game.goals.extinctions {
        for side in [to_move.opposite(), to_move] {
            if is_extinct(pos, side, e) {
                return Some(over(pos, side, e.outcome, Reason::Extinction));
            }
        }
    }
    for g in &game.goals.reach_goals {
        if let Some(status) = reach_end(pos, g) {
            return Some(status);
        }
    }
    if !game.goals.castle_goals.is_empty() {
        if let Some(status) = castle_end(pos) {
            return Some(status);
        }
    }
    if let Some((n, outcome)) = game.goals.check_goal {
        for side in [to_move.opposite(), to_move] {
            if pos.checks[side.index()] >= n {
                return Some(over(pos, side, outcome, Reason::Checks));
            }
        }
    }
    // Pieces in a row count for the side that has just moved only.
    for g in &game.goals.rows {
        let mover = to_move.opposite();
        if has_row(pos, mover, g) {
            return Some(over(pos, mover, g.outcome, Reason::Reached));
        }
    }
    if let Some((n, outcome)) = game.goals.passes_goal {
        if pos.history().passes() >= n {
            return Some(over(pos, to_move, outcome, Reason::Passes));
        }
    }
    // A side facing the enemy must part the pieces or pass; a pass leaves
    // them facing and ends the game.
    if let Some(f) = &game.goals.facing {
        if pos.history().passes() > 0 && facing(pos, f) {
            return Some(over(pos, to_move, f.outcome, Reason::Facing));
        }
    }
    None
}

/// The end a goal on castling gives: first the side that has just castled
/// along a direction of a `castles` goal, then a side that cannot castle
/// any more along the directions of a `cannot castle` goal, the side that
/// has just moved first (as Fairy-Stockfish's `castlingWins` judges).
#[cold]
fn castle_end(pos: &Position<'_>) -> Option<Status> {
    let game = pos.game();
    let mover = pos.side_to_move().opposite();
    let applies = |g: &crate::game::CastleGoal, side: Side| g.side.is_none_or(|s| s == side);
    if let Some(d) = pos.history().castled_along() {
        for g in game.goals.castle_goals.iter().filter(|g| g.castles) {
            if applies(g, mover) && g.dirs.contains(&d) {
                return Some(over(pos, mover, g.outcome, Reason::Reached));
            }
        }
    }
    for side in [mover, mover.opposite()] {
        for g in game.goals.castle_goals.iter().filter(|g| !g.castles) {
            if applies(g, side) && !crate::engine::castling::may_castle_along(pos, side, &g.dirs) {
                return Some(over(pos, side, g.outcome, Reason::Reached));
            }
        }
    }
    None
}

/// Whether a piece of the goal's first kinds faces an enemy piece of its
/// second kinds: along one of its directions, with only empty cells between.
pub(crate) fn facing(pos: &Position<'_>, f: &Facing) -> bool {
    [Side::White, Side::Black].into_iter().any(|side| {
        pos.occupied(side).iter().any(|c| {
            f.kinds & 1u128 << kind_of(pos.at(c)) != 0
                && f.dirs.iter().any(|&d| {
                    first_along(pos, side, d, c).is_some_and(|code| {
                        side_of(code) == side.opposite() && f.others & 1u128 << kind_of(code) != 0
                    })
                })
        })
    })
}

/// The first piece seen from `from` along direction `d` as `side` sees it,
/// if any; where the steps branch, any branch may show it.
fn first_along(pos: &Position<'_>, side: Side, d: u8, from: u16) -> Option<Code> {
    let game = pos.game();
    if !game.board.branches {
        let mut c = from;
        loop {
            c = game.next(side, d, c);
            if c == NO_CELL || c == from {
                return None;
            }
            if pos.at(c) != 0 {
                return Some(pos.at(c));
            }
        }
    }
    // Each cell once, so that loops and branches end.
    let mut seen = CellSet::new(game.cell_count());
    let mut todo = vec![from];
    while let Some(c) = todo.pop() {
        for &x in game.step(side, d, c) {
            if x == from || seen.contains(x) {
                continue;
            }
            seen.insert(x);
            match pos.at(x) {
                0 => todo.push(x),
                code => return Some(code),
            }
        }
    }
    None
}

/// The side whose pieces on the board are worth more, each counting its
/// kind's `value` and its side its `count bonus`; `None` when they are equal.
pub fn counted_winner(pos: &Position<'_>) -> Option<Side> {
    let game = pos.game();
    let count = |side: Side| {
        let pieces: i64 = pos
            .occupied(side)
            .iter()
            .map(|c| &game.pieces[kind_of(pos.at(c)) as usize])
            .filter(|p| !p.neutral)
            .map(|p| p.value.saturating_mul(1000))
            .fold(0i64, i64::saturating_add);
        pieces.saturating_add(game.goals.count_bonus[side.index()])
    };
    match count(Side::White).cmp(&count(Side::Black)) {
        std::cmp::Ordering::Greater => Some(Side::White),
        std::cmp::Ordering::Less => Some(Side::Black),
        std::cmp::Ordering::Equal => None,
    }
}

/// Whether `side` has no piece, on the board or in its pools, of one of the
/// kinds `e` names (of any kind, when it names none).
fn is_extinct(pos: &Position<'_>, side: Side, e: &Extinction) -> bool {
    let game = pos.game();
    if e.other_at_least > 0 {
        // `, if the other side has N`: a group the side has at most
        // `at_most` of while the other side has at least N.
        let (at_most, at_least) = (e.at_most as usize, e.other_at_least as usize);
        return with_group_counts(pos, side, e, at_most + 1, |own| {
            !own.iter().all(|&mine| mine > at_most)
                && with_group_counts(pos, side.opposite(), e, at_least, |other| {
                    own.iter()
                        .zip(other)
                        .any(|(&mine, &theirs)| mine <= at_most && theirs >= at_least)
                })
        });
    }
    if e.at_most > 0 {
        return at_most_left(pos, side, e);
    }
    // Not extinct as soon as every group named (or any kind) is present:
    // a side of many pieces is seen alive at its first ones.
    let alive = |present: u128| {
        if e.kinds.is_empty() {
            present != 0
        } else {
            e.kinds.iter().all(|&mask| present & mask != 0)
        }
    };
    let mut present: u128 = 0;
    for c in pos.occupied(side).iter() {
        present |= 1u128 << kind_of(pos.at(c));
        if alive(present) {
            return false;
        }
    }
    for pool in 0..game.pools.pool_names.len() {
        for &(code, _) in pos.pool(pool, side) {
            present |= 1u128 << kind_of(code);
        }
    }
    !alive(present)
}

/// Whether `side` has at most `e.at_most` pieces, on the board and in its
/// pools, of one of the kinds `e` names (of all kinds together, when it names
/// none).
fn at_most_left(pos: &Position<'_>, side: Side, e: &Extinction) -> bool {
    let at_most = e.at_most as usize;
    with_group_counts(pos, side, e, at_most + 1, |counts| {
        counts.iter().any(|&n| n <= at_most)
    })
}

/// How many pieces `side` has, on the board and in its pools, of each group
/// of kinds `e` names (of all kinds together, when it names none); counted
/// only until every group has `enough`, which is all a goal asks. `then`
/// hears the counts (kept on the stack for up to four groups: the goal is
/// judged at every node).
fn with_group_counts<R>(
    pos: &Position<'_>,
    side: Side,
    e: &Extinction,
    enough: usize,
    then: impl FnOnce(&[usize]) -> R,
) -> R {
    let groups = e.kinds.len().max(1);
    let (mut small, mut large) = ([0usize; 4], Vec::new());
    let counts: &mut [usize] = if groups <= small.len() {
        &mut small[..groups]
    } else {
        large.resize(groups, 0);
        &mut large
    };
    count_groups(pos, side, e, enough, counts);
    then(counts)
}

/// Fills `counts` as [`with_group_counts`] says.
fn count_groups(
    pos: &Position<'_>,
    side: Side,
    e: &Extinction,
    enough: usize,
    counts: &mut [usize],
) {
    let game = pos.game();
    // Counts one piece; true once every group has `enough`.
    let mut count = |kind: u8| {
        if e.kinds.is_empty() {
            counts[0] += 1;
        }
        for (i, &mask) in e.kinds.iter().enumerate() {
            if mask & 1u128 << kind != 0 {
                counts[i] += 1;
            }
        }
        counts.iter().all(|&n| n >= enough)
    };
    for c in pos.occupied(side).iter() {
        if count(kind_of(pos.at(c))) {
            return;
        }
    }
    for pool in 0..game.pools.pool_names.len() {
        for &(code, _) in pos.pool(pool, side) {
            if count(kind_of(code)) {
                return;
            }
        }
    }
}

/// Whether enough pieces of `side` of the goal's kinds stand in its zone:
/// `count` of them, or one where `or_full` and every cell of the zone holds a
/// piece. With `safely`, where exactly `count` stand there, none may be
/// attacked (as Fairy-Stockfish judges `flagPieceSafe`).
fn has_reached(pos: &Position<'_>, side: Side, g: &ReachGoal) -> bool {
    let game = pos.game();
    let mine = |c: u16| g.kinds & 1u128 << kind_of(pos.at(c)) != 0 && game.in_zone(g.zone, side, c);
    if g.count == 1 && !g.or_full {
        return pos
            .occupied(side)
            .iter()
            .any(|c| mine(c) && !(g.safely && is_attacked(pos, c, side.opposite())))
            || (g.safely && pos.occupied(side).iter().filter(|&c| mine(c)).count() > 1);
    }
    let there = pos.occupied(side).iter().filter(|&c| mine(c)).count();
    if there == 0 {
        return false;
    }
    let full = g.or_full
        && (0..game.cell_count() as u16)
            .filter(|&c| game.in_zone(g.zone, side, c))
            .all(|c| pos.at(c) != 0);
    if there < usize::from(g.count) && !full {
        return false;
    }
    !(g.safely
        && there == usize::from(g.count)
        && pos
            .occupied(side)
            .iter()
            .any(|c| mine(c) && is_attacked(pos, c, side.opposite())))
}

/// The cells one step from `c` along `d` as `side` sees it.
fn ahead<'g>(pos: &Position<'g>, side: Side, d: u8, c: u16) -> &'g [u16] {
    pos.game().step(side, d, c)
}

/// Whether `side` has pieces of the goal's kinds in the shape it asks for.
fn has_row(pos: &Position<'_>, side: Side, g: &RowGoal) -> bool {
    let counts = |c: u16| {
        let code = pos.at(c);
        code != 0 && side_of(code) == side && g.kinds & 1u128 << kind_of(code) != 0
    };
    if g.shape == RowShape::Chain {
        return has_chain(pos, side, g, &counts);
    }
    let n = usize::from(g.n);
    pos.occupied(side)
        .iter()
        .filter(|&c| counts(c))
        .any(|c| match g.shape {
            RowShape::Row => g
                .dirs
                .iter()
                .any(|&d| row_from(pos, side, d, c, n - 1, &counts)),
            RowShape::Line => g
                .dirs
                .iter()
                .any(|&d| 1 + line_count(pos, side, d, c, &counts) >= n),
            RowShape::Chain => false,
            RowShape::Square => {
                let (d1, d2) = (g.dirs[0], g.dirs[1]);
                let mut cell = c;
                for i in 0..n {
                    if i > 0 {
                        match ahead(pos, side, d1, cell).first() {
                            Some(&x) => cell = x,
                            None => return false,
                        }
                    }
                    if !counts(cell) || !row_from(pos, side, d2, cell, n - 1, &counts) {
                        return false;
                    }
                }
                true
            }
        })
}

/// Whether pieces that count lead from the goal's first zone (as `side` sees
/// it) to its second: a piece there reached from one in the first zone by
/// one step or more along the goal's directions (as White sees them), each
/// onto a piece that counts.
fn has_chain(pos: &Position<'_>, side: Side, g: &RowGoal, counts: &dyn Fn(u16) -> bool) -> bool {
    let game = pos.game();
    let (from, to) = (
        &game.board.zones[g.zones.0][side.index()],
        &game.board.zones[g.zones.1][side.index()],
    );
    let mut seen = CellSet::new(game.cell_count());
    let mut todo: Vec<u16> = pos
        .occupied(side)
        .iter()
        .filter(|&c| from.contains(c) && counts(c))
        .collect();
    while let Some(c) = todo.pop() {
        for &d in &g.dirs {
            for &x in game.step(Side::White, d, c) {
                if !seen.contains(x) && counts(x) {
                    if to.contains(x) {
                        return true;
                    }
                    seen.insert(x);
                    todo.push(x);
                }
            }
        }
    }
    false
}

/// Whether `k` more cells that count follow `c` along `d`, one after the
/// other (along any branch).
fn row_from(
    pos: &Position<'_>,
    side: Side,
    d: u8,
    c: u16,
    k: usize,
    counts: &dyn Fn(u16) -> bool,
) -> bool {
    k == 0
        || ahead(pos, side, d, c)
            .iter()
            .any(|&x| x != c && counts(x) && row_from(pos, side, d, x, k - 1, counts))
}

/// How many cells that count stand along `d` from `c`, with any cells
/// between (each cell once, so that loops and branches end).
fn line_count(
    pos: &Position<'_>,
    side: Side,
    d: u8,
    from: u16,
    counts: &dyn Fn(u16) -> bool,
) -> usize {
    let game = pos.game();
    let mut seen = CellSet::new(game.cell_count());
    let mut todo = vec![from];
    let mut n = 0;
    while let Some(c) = todo.pop() {
        for &x in ahead(pos, side, d, c) {
            if x == from || seen.contains(x) {
                continue;
            }
            seen.insert(x);
            n += usize::from(counts(x));
            todo.push(x);
        }
    }
    n
}

/// The end a reach goal gives. Where one side may answer, its reach after the
/// other's is a draw; the other side's reach ends the game only once the
/// answering side has had its move, or at once if no legal move of it reaches.
fn reach_end(pos: &mut Position<'_>, g: &ReachGoal) -> Option<Status> {
    let to_move = pos.side_to_move();
    if g.held {
        return has_reached(pos, to_move, g)
            .then(|| over(pos, to_move, g.outcome, Reason::Reached));
    }
    let Some(answering) = g.answer else {
        // A piece that stood its ground safely through the opponent's
        // reply wins, but where the opponent has just reached safely too,
        // which draws.
        if g.safely && has_reached(pos, to_move, g) {
            let outcome = if has_reached(pos, to_move.opposite(), g) {
                Outcome::Draws
            } else {
                g.outcome
            };
            return Some(over(pos, to_move, outcome, Reason::Reached));
        }
        // Otherwise only the side that has just moved reaches: the side to
        // move cannot have brought its pieces there (a zone that fills up
        // with the opponent's pieces is not its reach).
        let mover = to_move.opposite();
        return has_reached(pos, mover, g).then(|| over(pos, mover, g.outcome, Reason::Reached));
    };
    let first = answering.opposite();
    if has_reached(pos, answering, g) {
        return Some(if has_reached(pos, first, g) {
            over(pos, answering, Outcome::Draws, Reason::Reached)
        } else {
            over(pos, answering, g.outcome, Reason::Reached)
        });
    }
    if !has_reached(pos, first, g) {
        return None;
    }
    if to_move == answering && can_reach(pos, g) {
        return None;
    }
    Some(over(pos, first, g.outcome, Reason::Reached))
}

/// Whether the side to move has a legal move that brings a piece of the
/// goal's kinds into its zone.
fn can_reach(pos: &mut Position<'_>, g: &ReachGoal) -> bool {
    let game = pos.game();
    let side = pos.side_to_move();
    let mut moves = Vec::new();
    moves_in_play(pos, &mut moves);
    moves.iter().any(|mv| {
        let piece = if mv.is_from_pool() {
            mv.piece
        } else {
            pos.at(mv.from)
        };
        let kind = mv.promotes_to().unwrap_or(kind_of(piece));
        !matches!(mv.kind, crate::engine::moves::MoveKind::Transfer)
            && g.kinds & 1u128 << kind != 0
            && game.in_zone(g.zone, side, mv.to)
    })
}
