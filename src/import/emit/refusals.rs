//! The options a rule file cannot say yet, refused before anything is written.

use super::*;

impl Emitter<'_> {
    pub(super) fn check_unsupported(&self) -> Result<(), Refusal> {
        let v = self.v;
        let flags: &[(&str, &str)] = &[
            ("twoBoards", "pieces coming from a second board"),
            (
                "sittuyinPromotion",
                "sittuyin promotion (a pawn promoting in place or by a move of the new piece)",
            ),
            ("petrifyBlastPieces", "petrified blast pieces"),
            (
                "sittuyinRookDrop",
                "rook drops restricted to the first rank",
            ),
            ("wallOrMove", "a wall placed instead of a move"),
            ("seirawanGating", "Seirawan gating"),
            (
                "cambodianMoves",
                "the Cambodian king's and queen's first moves",
            ),
            ("makpongRule", "the makpong rule"),
            ("shatarMateRule", "the shatar mating rules"),
        ];
        for (field, what) in flags {
            if v.flag(field) {
                return Err(self.refuse(
                    field,
                    format!("{what} cannot be said in Tessera's language yet"),
                ));
            }
        }
        if v.flag("freeDrops")
            && v.flag("pieceDrops")
            && (v.flag("mustDrop")
                || v.flag("dropOppositeColoredBishop")
                || v.flag("castlingDroppedPiece")
                || v.pieces[KING].is_some())
        {
            // Written as `drop new`; these count what a hand holds, or
            // would drop a king.
            return Err(self.refuse(
                "freeDrops",
                "drops that take no piece from the hand beside a king or rules that count the hand cannot be said yet",
            ));
        }
        if !v.flag("checking") {
            // Each movement says `not checking`; castling and walls have no
            // such modifier.
            if v.text("wallingRule") != "none" || v.flag("blastOnCapture") {
                // FSF counts blowing up the enemy king as a check.
                return Err(self.refuse(
                    "checking",
                    "walls or explosions beside moves that may not give check cannot be said yet",
                ));
            }
        }
        if !self.same("pass") {
            return Err(self.refuse("pass.w", "passing for one side only cannot be said yet"));
        }
        if !self.same("passOnStalemate") {
            return Err(self.refuse(
                "passOnStalemate.w",
                "passing when stalemated for one side only cannot be said yet",
            ));
        }
        match (v.text("enclosingDrop"), v.text("flipEnclosedPieces")) {
            ("none" | "ataxx", "none" | "ataxx")
            | ("reversi", "reversi")
            | ("none", "reversi")
            | ("top" | "snort", "none") => {}
            ("none" | "ataxx", "quadwrangle") => {
                // FSF flips after a plain move, or a drop beside a piece of
                // the mover; Tessera's flip follows every move but a pass.
                let special = v.flag("castling")
                    || (1..PIECE_TYPE_NB)
                        .any(|pt| v.pieces[pt].is_some() && v.promoted_piece_type[pt] != 0)
                    || !self
                        .kinds_of(
                            v.set("promotionPawnTypes.w")
                                | v.set("promotionPawnTypes.b")
                                | v.set("enPassantTypes.w")
                                | v.set("enPassantTypes.b"),
                        )
                        .is_empty();
                if special {
                    return Err(self.refuse(
                        "flipEnclosedPieces",
                        "flips `quadwrangle` beside castling, promotion or en passant (after which Fairy-Stockfish does not flip) cannot be said yet",
                    ));
                }
            }
            ("anyside", "none") => {
                // FSF lets a piece in from any edge, whatever the drop
                // region or the kind: pushed in from the left and the
                // bottom, it stops at the first cell that holds it; from the
                // top and the right, it comes to rest at the lowest such cell
                // of the file or rank (`sunk in`).
                let all: Squares = (0..self.files)
                    .flat_map(|f| (0..self.ranks).map(move |r| (f, r)))
                    .collect();
                let whole = |k: &str| self.on_board(&v.squares(k)) == all;
                if !whole("dropRegion.w") || !whole("dropRegion.b") {
                    return Err(self.refuse(
                        "enclosingDrop",
                        "enclosing drops `anyside` beside a drop region (Fairy-Stockfish ignores it) cannot be said yet",
                    ));
                }
                if v.pieces[PAWN].is_some()
                    || v.piece_type("dropNoDoubled") != 0
                    || !v.mobility_regions.is_empty()
                    || !self.on_board(&v.squares("enclosingDropStart")).is_empty()
                {
                    return Err(self.refuse(
                        "enclosingDrop",
                        "enclosing drops `anyside` beside pawns, `dropNoDoubled`, mobility regions or `enclosingDropStart` cannot be said yet",
                    ));
                }
            }
            (e, f) => {
                let field = if matches!(e, "none" | "ataxx" | "reversi") {
                    "flipEnclosedPieces"
                } else {
                    "enclosingDrop"
                };
                return Err(self.refuse(
                    field,
                    format!("enclosing drops `{e}` with flips `{f}` cannot be imported yet"),
                ));
            }
        }
        if v.text("chasingRule") == "axf" {
            self.check_chase()?;
        } else if v.text("chasingRule") != "none" {
            return Err(self.refuse(
                "chasingRule",
                format!(
                    "the chasing rule ({}) cannot be imported yet",
                    v.text("chasingRule")
                ),
            ));
        }
        // `mutuallyImmuneTypes` is `not capturing` on the immune kinds' moves
        // (`movement_mods`); a promoted kind that counts as an immune type, the
        // janggi cannon's own `not capturing` and the flying general's
        // capture of the king are moves that clause does not reach.
        let immune = v.set("mutuallyImmuneTypes");
        if immune != 0 {
            let promoted_immune = (1..PIECE_TYPE_NB).any(|pt| {
                v.pieces[pt].is_some()
                    && v.promoted_piece_type[pt] != 0
                    && (immune & (1 << pt) != 0 || immune & (1 << v.promoted_piece_type[pt]) != 0)
            });
            if promoted_immune
                || immune & (1 << JANGGI_CANNON) != 0
                || (v.flag("flyingGeneral") && immune & (1 << KING) != 0)
            {
                return Err(self.refuse(
                    "mutuallyImmuneTypes",
                    "pieces that cannot capture their own kind, beside shogi-style promotion, the janggi cannon or the flying general, are not imported yet",
                ));
            }
        }
        // `castlingWins` is said by goals on castling, which need castling.
        let castling_king = v.piece_type("castlingKingPiece.w");
        if v.int("castlingWins") != 0
            && (!v.flag("castling") || castling_king == 0 || v.pieces[castling_king].is_none())
        {
            return Err(self.refuse(
                "castlingWins",
                "castling goals without castling (Fairy-Stockfish's side then has lost its right at once) cannot be said yet",
            ));
        }
        for f in ["tripleStepRegion.w", "tripleStepRegion.b"] {
            if !self.on_board(&v.squares(f)).is_empty()
                && v.pieces[PAWN].is_some()
                && !v.flag("doubleStep")
            {
                return Err(
                    self.refuse(f, "triple steps without double steps are not imported yet")
                );
            }
        }
        // A kind confined to a region is dropped only there (`drops()`);
        // the flying general's attack ignores the region, as in FSF.

        // A limit on shogi-style promotion is `at most N`; Fairy-Stockfish
        // lets a piece past the limit move into the zone unpromoted even
        // where promotion is compulsory, which Tessera does not say.
        if v.flag("mandatoryPiecePromotion")
            && (0..PIECE_TYPE_NB).any(|pt| {
                v.promotion_limit[pt] != 0
                    && (0..PIECE_TYPE_NB)
                        .any(|q| v.promoted_piece_type[q] == pt && v.pieces[q].is_some())
            })
        {
            return Err(self.refuse(
                "promotionLimit",
                "a limit on compulsory shogi-style promotion (Fairy-Stockfish then lets the piece move unpromoted) cannot be said yet",
            ));
        }
        self.check_piece_promotions()?;
        if v.soldierPromotionRank_is_set()
            && !(1..i64::from(self.ranks)).contains(&v.int("soldierPromotionRank"))
        {
            return Err(self.refuse(
                "soldierPromotionRank",
                "a soldier's promotion rank off the board is not imported",
            ));
        }
        Ok(())
    }

    /// The shogi-style promotions (`promotedPieceType`) that can be said:
    /// the promoted piece is a kind lettered `+X` of its own, which moves as
    /// Fairy-Stockfish's promoted type but is not that type for goals and
    /// rules, so the promoted type must be named by none of them.
    pub(super) fn check_piece_promotions(&self) -> Result<(), Refusal> {
        let v = self.v;
        let promoters: Vec<usize> = (1..PIECE_TYPE_NB)
            .filter(|&pt| v.promoted_piece_type[pt] != 0 && v.pieces[pt].is_some())
            .collect();
        if promoters.is_empty() {
            return Ok(());
        }
        let refuse = |m: &str| Err(self.refuse("promotedPieceType", m));
        let flags = !v.squares("flagRegion.w").is_empty() || !v.squares("flagRegion.b").is_empty();
        if flags && (v.piece_type("flagPiece.w") == 0 || v.piece_type("flagPiece.b") == 0) {
            return refuse("promoted pieces where every piece is a flag piece cannot be said yet");
        }
        let mut named = (1 << v.piece_type("flagPiece.w"))
            | (1 << v.piece_type("flagPiece.b"))
            | v.set("promotionPawnTypes.w")
            | v.set("promotionPawnTypes.b")
            | v.set("enPassantTypes.w")
            | v.set("enPassantTypes.b")
            | v.set("blastImmuneTypes")
            | (1 << v.piece_type("dropNoDoubled"))
            | (1 << KING);
        if v.flag("castling") {
            named |= v.set("castlingRookPieces.w")
                | v.set("castlingRookPieces.b")
                | (1 << v.piece_type("castlingKingPiece.w"))
                | (1 << v.piece_type("castlingKingPiece.b"));
        }
        if v.outcome("extinctionValue") != Outcome::None {
            named |= v.set("extinctionPieceTypes");
        }
        if v.int("nMoveRule") != 0 {
            named |= v.set("nMoveRuleTypes.w") | v.set("nMoveRuleTypes.b");
        }
        for &pt in &promoters {
            let to = v.promoted_piece_type[pt];
            if to == KING && !self.single_king_type() {
                // pyffish 0.0.90 moves and checks one piece of the king type
                // only, the one on the lowest square (a1, b1, ... h8): a
                // second one attacks as a king but never moves.
                return refuse(
                    "promotion to the king type where a side may have two pieces of it cannot be said (Fairy-Stockfish moves and checks only one piece of the king type, the one on the lowest square; another attacks but never moves)",
                );
            }
            // A kind declared beside the promoted one is said with `as`.
            let said_as = self.promoted_as(pt).is_some();
            if (named & (1 << to) != 0 && self.alias[to] != Some(pt) && !said_as)
                || to == JANGGI_CANNON
            {
                return refuse(&format!(
                    "a piece promoted to the {} type, which a rule or goal names, cannot be said yet (a kind `+X` is not its promoted type for goals and rules)",
                    piece_name(to)
                ));
            }
            if v.promoted_piece_type[to] != 0 && !said_as {
                return refuse("promotions in a chain (a promoted type that promotes again) are not imported yet");
            }
            // Both pawn-style and shogi-style promotion: a move into the zone
            // offers both, as two promotion rules do (elgam's soldier). FSF
            // keeps the move unpromoted where the pawn's promotion is
            // optional, even where the shogi-style one is compulsory.
            if (v.set("promotionPawnTypes.w") | v.set("promotionPawnTypes.b")) & (1 << pt) != 0
                && !(self
                    .kinds_of(v.set("promotionPieceTypes.w") | v.set("promotionPieceTypes.b"))
                    .is_empty())
                && v.flag("mandatoryPiecePromotion")
                && !v.flag("mandatoryPawnPromotion")
            {
                return refuse(
                    "a kind with both pawn-style and shogi-style promotion, only the shogi-style one compulsory, is not imported yet",
                );
            }
            if to >= CUSTOM_FIRST && v.pieces[to].is_none() {
                return refuse("promotion to a custom piece the section does not define");
            }
        }
        Ok(())
    }

    /// Whether no side can ever have two pieces of the king type, where
    /// shogi-style promotion makes it: each side has at most one piece that
    /// is or may become one (kings and the kinds promoting to the king type)
    /// on the board at the start, none in a hand or ever put into one, and
    /// no pawn promotes into such a kind. One king is then the royal piece
    /// Fairy-Stockfish moves and checks, and `as king` says it.
    fn single_king_type(&self) -> bool {
        let v = self.v;
        let Ok(fen) = Fen::parse(v.text("startFen"), self) else {
            return false;
        };
        let kingly: u64 = (1..PIECE_TYPE_NB)
            .filter(|&pt| v.pieces[pt].is_some())
            .filter(|&pt| pt == KING || v.promoted_piece_type[pt] == KING)
            .fold(0, |set, pt| set | (1 << pt));
        let pawn_made = v.set("promotionPieceTypes.w") | v.set("promotionPieceTypes.b");
        let at_most_one = |list: &Vec<(usize, (i32, i32))>| {
            list.iter().filter(|p| kingly & (1 << p.0) != 0).count() <= 1
        };
        pawn_made & kingly == 0
            && at_most_one(&fen.white)
            && at_most_one(&fen.black)
            && self
                .kinds_of(kingly)
                .iter()
                .all(|&pt| !v.flag("pieceDrops") && self.never_in_hand(pt, &fen))
    }
}
