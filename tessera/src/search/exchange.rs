//! Static exchange evaluation: what a capture wins once both sides have
//! taken on its cell in turn, each with its least valuable piece that may,
//! for as long as taking pays.
//!
//! It knows no piece: the captures on the cell are the game's own moves
//! (hoppers, leapers, riders and pieces that capture otherwise than they
//! move alike), tested for legality as the rules test them (a royal piece
//! takes only where it is not taken back), and what each capture wins is
//! the change in material as the evaluator counts it, so that a capture that
//! promotes, sends its victim to the capturer's hand or explodes is weighed
//! by what it does.

use super::Searcher;
use crate::engine::attack::is_attacked;
use crate::engine::legal::{filter_legal, generate_legal};
use crate::engine::pseudo::generate_pseudo_legal;
use crate::engine::{Move, MoveKind, Position, RawMove};
use crate::game::{kind_of, Side};

/// Captures past this many are not looked at: an exchange that long is rare,
/// and each step costs a move generation.
const LONGEST: u32 = 8;

impl<'g> Searcher<'g> {
    /// The material, in centipawns, the side to move wins by the legal move
    /// `mv` once the exchange on its cell is played out (negative: it loses
    /// material; a quiet move to a cell where it is taken for nothing loses
    /// its piece). `None` where `mv` is not a legal move of `pos` (or `pos`
    /// not a position of the searcher's game).
    pub fn static_exchange(&self, pos: &mut Position<'g>, mv: &Move) -> Option<i32> {
        if !self.plays(pos) || !mv.is_of(self.game) {
            return None;
        }
        let mut legal = Vec::new();
        generate_legal(pos, &mut legal);
        legal.contains(&mv.raw).then(|| self.exchange(pos, mv.raw))
    }

    /// The material the side to move wins by the capture `mv` (negative: loses),
    /// the exchange on its cell played out.
    pub(super) fn exchange(&self, pos: &mut Position<'g>, mv: RawMove) -> i32 {
        let me = pos.side_to_move();
        let before = self.eval.balance(pos, me);
        let undo = pos.make_raw(mv);
        let gain = self.eval.balance(pos, me) - before;
        let answer = if (mv.to as usize) < self.cells {
            self.take_back(pos, mv.to, me.opposite(), 1)
        } else {
            0
        };
        pos.unmake(undo);
        gain - answer
    }

    /// The most `side`, to move, wins by taking on `cell` and letting the
    /// exchange go on (0: it does not take).
    fn take_back(&self, pos: &mut Position<'g>, cell: u16, side: Side, taken: u32) -> i32 {
        // A turn of several parts (the same side again) ends the exchange.
        if taken >= LONGEST || pos.side_to_move() != side || pos.at(cell) == 0 {
            return 0;
        }
        // Most exchanges end with a side that has nothing to take with: the
        // attack test says so without generating the moves.
        if !is_attacked(pos, cell, side) {
            return 0;
        }
        let mut moves = Vec::new();
        generate_pseudo_legal(pos, &mut moves);
        moves.retain(|m| m.to == cell && m.kind != MoveKind::EnPassant && pos.captures(m));
        // The least valuable taker first, a royal piece last; of one taker's
        // captures, the best promotion first.
        let game = self.game;
        let rank = |m: &RawMove| {
            let mover = self.mover(pos, m);
            let worth = if mover != 0 && game.pieces[kind_of(mover) as usize].royal {
                i32::MAX / 2
            } else {
                self.eval.piece_worth(mover)
            };
            let promotion = m.promotes_to().map_or(0, |k| self.eval.worth[k as usize]);
            (worth, -promotion)
        };
        moves.sort_by_key(rank);
        let mut one = Vec::with_capacity(1);
        let Some(mv) = moves.into_iter().find(|&m| {
            one.clear();
            one.push(m);
            filter_legal(pos, &mut one);
            !one.is_empty()
        }) else {
            return 0;
        };
        let before = self.eval.balance(pos, side);
        let undo = pos.make_raw(mv);
        let gain = self.eval.balance(pos, side) - before;
        let answer = self.take_back(pos, cell, side.opposite(), taken + 1);
        pos.unmake(undo);
        (gain - answer).max(0)
    }
}
