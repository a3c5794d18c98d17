//! Goals: whether the game is over in a position, and for whom.

use super::attack::in_check;
use super::legal::goals::over;
use super::legal::legal_moves;
use super::position::Position;
use super::record::Record;
use crate::game::{kind_of, MaterialSet, Outcome, Side};

pub(crate) use super::legal::goals::facing;
pub use super::legal::goals::{bare_side, counted_winner, rule_end};
pub use super::status::{Reason, Status};

/// Decides whether the game is over in `pos`.
pub fn status(pos: &mut Position<'_>) -> Status {
    let game = pos.game();
    if let Some(end) = rule_end(pos) {
        return end;
    }
    let mut moves = Vec::new();
    legal_moves(pos, &mut moves);
    if !moves.is_empty() {
        return Status::Ongoing;
    }
    let side = pos.side_to_move();
    let (outcome, reason) = if in_check(pos, side) {
        // A mate by a drop whose rule forbids it turns the result around.
        let outcome = match (pos.history().mating_drop(), game.goals.checkmated) {
            (true, Outcome::Loses) => Outcome::Wins,
            (true, Outcome::Wins) => Outcome::Loses,
            (_, o) => o,
        };
        (outcome, Reason::Checkmate)
    } else {
        (game.goals.stalemated, Reason::Stalemate)
    };
    over(pos, side, outcome, reason)
}

/// The state of play in a game: [`status`], then, while the game goes on,
/// the goals on its record (repetition, the clock, material), so that a mate
/// given on the ply that reaches the clock's limit stands.
///
/// # Panics
/// May panic for a record of another game, as [`record_end`].
pub fn status_in_game(pos: &mut Position<'_>, record: &Record) -> Status {
    match status(pos) {
        Status::Ongoing => record_end(pos, record).unwrap_or(Status::Ongoing),
        over => over,
    }
}

/// The end that a goal on the game's record gives, if any: the current
/// position stood as often as `repeated N times` says, the halfmove clock
/// reached `clock N`, or each side holds one of the `material` sets. These
/// goals never remove moves (perft ignores them, as Fairy-Stockfish's does);
/// whoever plays a game asks them after [`status`].
///
/// # Panics
/// May panic for a record of a game other than `pos`'s (its boards have
/// that game's cells).
pub fn record_end(pos: &Position<'_>, record: &Record) -> Option<Status> {
    let goals = &pos.game().goals.record_goals;
    if let Some((kinds, outcome)) = goals.back_and_forth {
        if let Some(i) = record.back_and_forth(pos, kinds, pos.game().pools.captured_to.is_some()) {
            // A repetition found nearer comes first, as in Fairy-Stockfish.
            let sooner = goals.repetition.is_some_and(|(n, _)| {
                record
                    .repetition_at(n, pos.game().pools.captured_to.is_some())
                    .is_some_and(|(j, _, _)| j < i)
            });
            if !sooner {
                return Some(over(pos, pos.side_to_move(), outcome, Reason::Repetition));
            }
        }
    }
    if let Some((n, outcome)) = goals.repetition {
        if let Some(status) = repetition_end(pos, record, n, outcome) {
            return Some(status);
        }
    }
    if let (Some((n, _)), Some(c)) = (goals.clock, goals.clock_checks) {
        if pos.halfmove >= n && pos.halfmove - record.clock_extension(c) < n {
            // The clock's limit has grown: the material goal alone.
            return material_end(pos);
        }
    }
    clock_or_material_end(pos)
}

/// The end a repetition gives, where the position has stood `n` times: the
/// goal's outcome for the side to move, or, with `, perpetual check`, that
/// outcome for a side that gave check throughout (a draw where both did).
fn repetition_end(pos: &Position<'_>, record: &Record, n: u8, outcome: Outcome) -> Option<Status> {
    let game = pos.game();
    let whole = game.pools.captured_to.is_some();
    let (i, them, us) = record.repetition_at(n, whole)?;
    let to_move = pos.side_to_move();
    let goals = &game.goals.record_goals;
    // After a perpetual check, a perpetual chase: the same outcomes.
    let (rule, them, us) = match (goals.perpetual, &goals.chase) {
        (Some(p), _) if them || us => (Some(p), them, us),
        (_, Some(c)) => {
            let (a, b) = record.chases(i);
            (Some(c.outcome), a, b)
        }
        (p, None) => (p, them, us),
    };
    let status = match (rule, them, us) {
        (Some(p), true, false) => over(pos, to_move.opposite(), p, Reason::Repetition),
        (Some(p), false, true) => over(pos, to_move, p, Reason::Repetition),
        // Both checked throughout: a draw, or the count where the goal counts.
        (Some(_), true, true) => {
            let drawn = if outcome == Outcome::Counts {
                Outcome::Counts
            } else {
                Outcome::Draws
            };
            over(pos, to_move, drawn, Reason::Repetition)
        }
        _ => {
            let named = game.goals.record_goals.repetition_side.unwrap_or(to_move);
            over(pos, named, outcome, Reason::Repetition)
        }
    };
    Some(status)
}

/// The end that the goals on the clock and on material give the position,
/// the goals on the record that need no past.
pub fn clock_or_material_end(pos: &Position<'_>) -> Option<Status> {
    let goals = &pos.game().goals.record_goals;
    let to_move = pos.side_to_move();
    if let Some((n, outcome)) = goals.clock {
        if pos.halfmove >= n {
            return Some(over(pos, to_move, outcome, Reason::Clock));
        }
    }
    material_end(pos)
}

/// The end that the goal on material gives the position.
fn material_end(pos: &Position<'_>) -> Option<Status> {
    let goals = &pos.game().goals.record_goals;
    let to_move = pos.side_to_move();
    if let Some((sets, outcome)) = &goals.material {
        let holds = |side| sets.iter().any(|set| holds_exactly(pos, side, set));
        if holds(to_move) && holds(to_move.opposite()) {
            return Some(over(pos, to_move, *outcome, Reason::Material));
        }
    }
    None
}

/// Whether `side`'s pieces, on the board and in its pools, are exactly `set`.
fn holds_exactly(pos: &Position<'_>, side: Side, set: &MaterialSet) -> bool {
    let game = pos.game();
    let on_board = pos.occupied(side).iter().map(|c| pos.at(c));
    let in_pools = (0..game.pools.pool_names.len())
        .flat_map(|p| pos.pool(p, side).iter().map(|&(piece, _)| piece));
    let mut counts = vec![0usize; set.groups.len()];
    for code in on_board.chain(in_pools) {
        if game.pieces[kind_of(code) as usize].neutral {
            continue;
        }
        let kind = 1u128 << kind_of(code);
        match set.groups.iter().position(|&(mask, _)| mask & kind != 0) {
            Some(i) => counts[i] += 1,
            None => return false,
        }
    }
    set.groups
        .iter()
        .zip(counts)
        .all(|(&(_, want), have)| usize::from(want) == have)
}
