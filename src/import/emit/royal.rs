//! Royal and pseudo-royal kinds: the king, `extinctionPseudoRoyal`, `dupleCheck`.

use super::*;

impl Emitter<'_> {
    pub(super) fn royal_kind(&self) -> Option<usize> {
        self.v.pieces[KING].as_ref().map(|_| KING)
    }

    /// `extinctionPseudoRoyal`: the last piece of an extinction kind is
    /// royal. Said as `royal` where no side can ever have two of a kind: at
    /// most one each at the start, none made by promotion or dropped.
    pub(super) fn pseudo_royal(&self, fen: &Fen) -> Result<(u64, Option<String>), Refusal> {
        let v = self.v;
        if !v.flag("extinctionPseudoRoyal") {
            return Ok((0, None));
        }
        let set = v.set("extinctionPieceTypes");
        let why = |m: &str| {
            Err(self.refuse(
                "extinctionPseudoRoyal",
                format!("the last extinction piece treated as royal, {m}, cannot be said yet"),
            ))
        };
        // FSF: a side's pieces of an extinction type are royal while it has
        // at most `extinctionPieceCount + 1` of that type on the board,
        // settled when its turn starts (as Tessera's `check when at most N
        // royals`); dropped or promoted ones at once.
        let n = v.int("extinctionPieceCount");
        if set & 1 != 0 || !(0..=1000).contains(&n) {
            return why("among all pieces");
        }
        if v.flag("dupleCheck") {
            // `dupleCheck`: a side is in check only when all its pieces of
            // the extinction types are attacked (one alone, when it has one).
            // Tessera's `check when all royals attacked` counts a piece that
            // becomes royal by the move at once; Fairy-Stockfish's legality
            // test not a dropped or shogi-promoted one, nor several royal
            // ones alone past the count: only the plain case is said.
            let dw = |m: &str| {
                Err(self.refuse(
                    "dupleCheck",
                    format!("check only when all pseudo-royal pieces are attacked, {m}, cannot be said yet"),
                ))
            };
            if n != 0 {
                return dw("with an extinction piece count");
            }
            if v.flag("blastOnCapture") {
                return dw("with explosions");
            }
            if v.pieces[KING].is_some() && set & (1 << KING) == 0 {
                return dw("beside a king");
            }
            let promo = v.set("promotionPieceTypes.w") | v.set("promotionPieceTypes.b");
            // A piece promotes on the board only where a promotion zone has
            // a cell (xiangfu's promoted pieces stand there from the start).
            let promotes = !self.on_board(&v.squares("promotionRegion.w")).is_empty()
                || !self.on_board(&v.squares("promotionRegion.b")).is_empty();
            for pt in self.kinds_of(set) {
                if promo & (1 << pt) != 0
                    || (promotes
                        && (1..PIECE_TYPE_NB)
                            .any(|q| v.pieces[q].is_some() && self.promoted_as(q) == Some(pt)))
                {
                    return dw("for a kind that promotion makes");
                }
            }
            if v.flag("pieceDrops")
                && !self
                    .kinds_of(set)
                    .iter()
                    .all(|&pt| self.never_in_hand(pt, fen))
            {
                // FSF's duple check counts the pieces of the extinction
                // types that stood on the board when the turn began, not
                // one just dropped (which its other test keeps off attacked
                // cells); Tessera counts a dropped royal piece at once. Said
                // where no such piece is ever dropped.
                return dw("with drops of pieces of those types");
            }
            return Ok((set, Some("check when all royals attacked".to_string())));
        }
        if n != 0 && v.flag("blastOnCapture") {
            return why("among several, with explosions");
        }
        let promo = v.set("promotionPieceTypes.w") | v.set("promotionPieceTypes.b");
        let kinds = self.kinds_of(set);
        // A shogi-style promotion from one extinction kind to another (a
        // king that turns over, as gethenian's) changes no side's count of
        // them together; one from another kind makes more.
        let made_within = |pt: usize| {
            (1..PIECE_TYPE_NB).any(|q| {
                v.pieces[q].is_some() && self.promoted_as(q) == Some(pt) && set & (1 << q) != 0
            })
        };
        let made_outside = |pt: usize| {
            (1..PIECE_TYPE_NB).any(|q| {
                v.pieces[q].is_some() && self.promoted_as(q) == Some(pt) && set & (1 << q) == 0
            })
        };
        let within = kinds.iter().any(|&pt| made_within(pt));
        let count_of = |list: &Vec<(usize, (i32, i32))>, pt: usize| -> i64 {
            list.iter()
                .filter(|p| {
                    if within {
                        set & (1 << p.0) != 0
                    } else {
                        p.0 == pt
                    }
                })
                .count() as i64
        };
        let mut always = true;
        for &pt in &kinds {
            if count_of(&fen.white, pt) > n + 1 || count_of(&fen.black, pt) > n + 1 {
                always = false;
            }
            if promo & (1 << pt) != 0 {
                return why("for a kind that promotion makes");
            }
            // Shogi-style promotion makes more of it (`as`): FSF's promoted
            // piece is not royal on its own move, and the count decides
            // from the next turn on, as `check when at most N royals` does.
            if made_outside(pt) {
                always = false;
            }
        }
        // A piece in hand at the start may be dropped, royal at once in FSF.
        let in_hand = kinds
            .iter()
            .any(|pt| fen.hand_white.contains(pt) || fen.hand_black.contains(pt));
        // With explosions and drops too: the drops' `not checking`
        // is left out where Fairy-Stockfish has no king to check (`drops`).
        if always && !in_hand {
            // No side ever has more than it may: they are royal throughout,
            // so none is ever captured into a hand, and none is dropped.
            return Ok((set, None));
        }
        // Drops matter where a piece of these kinds may come into a hand:
        // in one at the start, or captured into one (FSF's dropped
        // pseudo-royal piece is royal at once, whatever the count).
        if v.flag("pieceDrops") && (in_hand || v.flag("capturesToHand")) {
            return why("with drops");
        }
        if within {
            return why("for kinds that promote into each other, more than the count");
        }
        // Tessera counts a side's royal pieces together, Fairy-Stockfish kind
        // by kind: the same where promotion makes none of these kinds and
        // no side has two of them (stardust: White's rebel, Black's pawns).
        let single_sides = [&fen.white, &fen.black].iter().all(|list| {
            kinds
                .iter()
                .filter(|&&pt| list.iter().any(|p| p.0 == pt))
                .count()
                <= 1
        });
        if kinds.len() > 1 && (!single_sides || kinds.iter().any(|&pt| made_outside(pt))) {
            return why("for several kinds a side has more of than the count");
        }
        // Tessera counts a side's royal pieces together: no side may hold
        // another royal kind beside these.
        let others = |list: &Vec<(usize, (i32, i32))>| {
            list.iter().any(|p| set & (1 << p.0) != 0)
                && list.iter().any(|p| p.0 == KING && set & (1 << KING) == 0)
        };
        if others(&fen.white) || others(&fen.black) {
            return why("beside a king");
        }
        Ok((set, Some(format!("check when at most {} royals", n + 1))))
    }

    /// Whether no piece of FSF's type `pt` ever stands in a hand: none is
    /// there at the start, and none is captured into one as itself (with
    /// `capturesToHand`: none of the type stands on the board at the start
    /// but promoted pieces, which go back unpromoted, and none is made on
    /// the board: no piece promotes into it, no promoted piece goes back as
    /// it). A drop rule of the type, or its drop counted, then changes
    /// nothing.
    pub(super) fn never_in_hand(&self, pt: usize, fen: &Fen) -> bool {
        let v = self.v;
        if fen.hand_white.contains(&pt) || fen.hand_black.contains(&pt) || v.flag("twoBoards") {
            return false;
        }
        if !v.flag("capturesToHand") {
            return true;
        }
        let promotes = !self.on_board(&v.squares("promotionRegion.w")).is_empty()
            || !self.on_board(&v.squares("promotionRegion.b")).is_empty();
        let pawn_made = v.set("promotionPieceTypes.w") | v.set("promotionPieceTypes.b");
        let plain = |list: &Vec<(usize, (i32, i32))>| {
            list.iter().any(|&(p, cell)| {
                p == pt
                    && (v.flag("dropLoop")
                        || !fen
                            .promoted
                            .iter()
                            .any(|&(c, from)| c == cell && from != pt))
            })
        };
        !(plain(&fen.white)
            || plain(&fen.black)
            || fen.promoted.iter().any(|&(_, from)| from == pt)
            || pawn_made & (1 << pt) != 0
            || (promotes
                && (1..PIECE_TYPE_NB)
                    .any(|q| v.pieces[q].is_some() && v.promoted_piece_type[q] == pt)))
    }
}
