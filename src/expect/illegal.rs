//! Why a move is not legal: the answer an `illegal` expectation shows.
//!
//! The engine keeps the legal moves and drops the rest without a word; this
//! asks the same questions again, one move at a time, to say which rule
//! rejected it.

use super::parse::Reason;
use crate::engine::attack::in_check;
use crate::engine::legal::legal_moves;
use crate::engine::movegen::pseudo_legal_moves;
use crate::engine::outcome::{facing, rule_end};
use crate::engine::{MoveKind, Position};
use crate::notation::uci;

/// Why the move written `text` is not legal in `pos`, or `None` when it is.
pub fn why_illegal(pos: &mut Position<'_>, text: &str) -> Option<Reason> {
    let game = pos.game();
    let mut moves = Vec::new();
    legal_moves(pos, &mut moves);
    if moves.iter().any(|m| uci::format(game, m) == text) {
        return None;
    }
    if rule_end(pos).is_some() {
        return Some(Reason::GameOver);
    }
    let mut pseudo = Vec::new();
    pseudo_legal_moves(pos, &mut pseudo);
    let Some(&mv) = pseudo.iter().find(|m| uci::format(game, m) == text) else {
        return Some(Reason::NoSuchMove);
    };
    let side = pos.side_to_move();
    let is_capture = pos.is_capture(&mv);
    let royals = pos.royals(side).len();
    let undo = pos.make(mv);
    let exposed = pos.royals(side).len() < royals || in_check(pos, side);
    let checks = in_check(pos, side.opposite());
    let still_facing = game.facing.as_ref().is_some_and(|f| facing(pos, f));
    pos.unmake(undo);
    let was_facing = game.facing.as_ref().is_some_and(|f| facing(pos, f));
    Some(if exposed {
        Reason::SelfCheck
    } else if mv.not_checking && checks {
        Reason::GivesCheck
    } else if was_facing && still_facing {
        Reason::StaysFacing
    } else if game.forced_capture && !is_capture {
        Reason::MustCapture
    } else if mv.kind == MoveKind::Drop && checks {
        Reason::MatingDrop
    } else {
        // The engine's legality has no other rule; say the nearest one.
        Reason::SelfCheck
    })
}
