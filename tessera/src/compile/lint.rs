//! Warnings: what compiles but can never take effect, so that the rule file
//! probably does not say what its author meant.
//!
//! Each check reads the finished [`Game`] beside the AST (for the spans) and
//! pushes its findings as warnings; none refuses the file. The boxes that
//! reach past the board are found where boxes are resolved (`board.rs`).

use crate::diag::{Diagnostic, Diagnostics, Span};
use crate::game::{code, kind_of, side_of, Game, Kind, Mark, Side};
use crate::syntax::ast::{self, GoalCondition};

/// Runs every check of this module on the compiled `game` of `file`.
pub fn check(file: &ast::File, game: &Game, errors: &mut Diagnostics) {
    let present = kinds_in_play(game);
    never_in_play(file, &present, errors);
    no_royal_to_lose(file, game, &present, errors);
    only_captured_never_chosen(file, game, errors);
    unmarked_without_copies(file, game, errors);
}

/// Per side, the kinds that can ever stand on the board or in a pool (bit
/// `k` for kind `k`): those the setup places, the neutral piece placed after
/// every move, the kinds dropped from nowhere, and from those on, what
/// promotion and `on capture become` make of them; where captures change
/// sides, either side may hold what the other has.
fn kinds_in_play(game: &Game) -> [u128; 2] {
    let mut present = [0u128; 2];
    let setup = game.start.setup.iter().map(|&(_, c)| c);
    let pools = game.start.setup_pools.iter().map(|&(_, c)| c);
    for c in setup.chain(pools) {
        present[side_of(c).index()] |= 1u128 << kind_of(c);
    }
    if let Some(w) = &game.rules.walling {
        present[Side::White.index()] |= 1u128 << w.kind;
    }
    for rule in &game.pools.drops {
        if Some(rule.pool) == game.pools.new_pool {
            present[0] |= rule.kinds;
            present[1] |= rule.kinds;
        }
    }
    loop {
        let before = present;
        for set in &mut present {
            for (k, p) in game.pieces.iter().enumerate() {
                let base_in = *set & 1u128 << p.base != 0;
                if *set & 1u128 << k == 0 && !base_in {
                    continue;
                }
                // A promoted copy stands for its base kind.
                *set |= 1u128 << k | 1u128 << p.base;
                let made = p.promotion_targets().chain(p.on_capture_become);
                for t in made {
                    *set |= 1u128 << t;
                }
            }
        }
        if game.pools.captured_by_captor {
            let both = present[0] | present[1];
            present = [both, both];
        }
        if present == before {
            return present;
        }
    }
}

/// A declared piece that no setup places and no rule makes: its movements
/// and promotions never take effect.
fn never_in_play(file: &ast::File, present: &[u128; 2], errors: &mut Diagnostics) {
    for (k, decl) in file.pieces.iter().enumerate() {
        let bit = u32::try_from(k).ok().and_then(|k| 1u128.checked_shl(k));
        if bit.is_none_or(|bit| (present[0] | present[1]) & bit != 0) {
            continue;
        }
        errors.warn(Diagnostic::new(
            decl.name.span,
            format!(
                "piece `{}` never comes into play: no setup places it, and no drop or promotion makes one (only a position given as text can hold it)",
                decl.name.text
            ),
        ));
    }
}

/// A game whose goals need a royal piece (checkmate, a number of checks)
/// where a side never has one, and no other goal makes that side lose: that
/// side can never lose, which is seldom what is meant (a forgotten king).
fn no_royal_to_lose(file: &ast::File, game: &Game, present: &[u128; 2], errors: &mut Diagnostics) {
    let royal: u128 = game
        .pieces
        .iter()
        .enumerate()
        .filter(|(_, p)| p.royal)
        .fold(0, |m, (k, _)| m | 1u128 << k);
    if royal == 0 {
        // Without royal kinds, checkmate is no goal (a game of captures).
        return;
    }
    let royal_goal = file.goals.iter().find(|g| {
        matches!(
            g.condition,
            GoalCondition::Checkmated | GoalCondition::Checked(..)
        )
    });
    // Only draws, or goals on royal pieces: nothing else makes a side lose.
    let other_loss = file.goals.iter().any(|g| {
        !matches!(
            g.condition,
            GoalCondition::Checkmated | GoalCondition::Checked(..)
        ) && g.outcome != ast::Outcome::Draws
    });
    if other_loss {
        return;
    }
    let span = royal_goal
        .map(|g| g.span)
        .or(file.setup_span)
        .unwrap_or_default();
    for side in [Side::White, Side::Black] {
        if present[side.index()] & royal != 0 {
            continue;
        }
        let name = side.name();
        errors.warn(Diagnostic::new(
            span,
            format!(
                "{name} has no royal piece and no rule gives it one, so checkmate never ends a game against {name}, and no other goal makes {name} lose; is {name}'s royal piece missing from the setup?"
            ),
        ));
    }
}

/// A promotion `only captured` to a kind the side's setup has none of: it
/// offers a kind only while the side has fewer of it than the setup gave, so
/// that kind is never offered to that side.
fn only_captured_never_chosen(file: &ast::File, game: &Game, errors: &mut Diagnostics) {
    let kind_named = |n: &ast::Name| -> Option<Kind> {
        let k = game.pieces.iter().position(|p| p.name == n.text.as_str())?;
        Kind::try_from(k).ok()
    };
    let count = |k: Kind, side: Side| {
        game.start
            .setup
            .iter()
            .filter(|&&(_, c)| c == code(k, side))
            .count()
    };
    for (k, decl) in file.pieces.iter().enumerate() {
        let Ok(k) = Kind::try_from(k) else { break };
        for rule in decl.promotions.iter().filter(|r| r.only_captured) {
            for target in &rule.targets {
                let Some(t) = kind_named(target) else {
                    continue;
                };
                for side in [Side::White, Side::Black] {
                    if count(k, side) > 0 && count(t, side) == 0 {
                        errors.warn(never_offered(target.span, &target.text, side));
                    }
                }
            }
        }
    }
}

/// `notation fen unmarked` in a game where no promotion makes a promoted
/// copy: FEN has no `~` to leave out.
fn unmarked_without_copies(file: &ast::File, game: &Game, errors: &mut Diagnostics) {
    let Some(span) = file.fen_unmarked else {
        return;
    };
    if !game.pieces.iter().any(|p| matches!(p.mark, Mark::Copy(_))) {
        errors.warn(Diagnostic::new(
            span,
            "`notation fen unmarked` takes no effect: no promotion is marked (`, marked`), so FEN writes no `~` to leave out",
        ));
    }
}

fn never_offered(span: Span, kind: &str, side: Side) -> Diagnostic {
    let name = side.name();
    Diagnostic::new(
        span,
        format!(
            "`{kind}` is never offered to {name}: `only captured` offers a kind while {name} has fewer of it on the board than its setup gives, and the setup gives {name} none"
        ),
    )
}
