//! Promotion: pawn-style choices, shogi-style promoted kinds, `as` kinds.

use super::*;

impl Emitter<'_> {
    /// The promoted types (`promotedPieceType`) that are nothing but the
    /// promoted form of one kind: made by the promotion of that kind alone,
    /// on no cell and in no hand at the start, no pawn's promotion choice,
    /// promoting no further, not the king. The promoted kind `+X` then is
    /// that type for goals and rules too (chak's king becomes a divine king,
    /// its extinction and flag piece).
    pub(super) fn aliases(&self) -> Vec<Option<usize>> {
        let v = self.v;
        let mut alias = vec![None; PIECE_TYPE_NB];
        let Ok(fen) = Fen::parse(v.text("startFen"), self) else {
            return alias;
        };
        let pawn_made = v.set("promotionPieceTypes.w") | v.set("promotionPieceTypes.b");
        for (to, slot) in alias.iter_mut().enumerate().skip(1) {
            if to == KING || to == JANGGI_CANNON || v.pieces[to].is_none() {
                continue;
            }
            let from: Vec<usize> = (1..PIECE_TYPE_NB)
                .filter(|&pt| v.pieces[pt].is_some() && v.promoted_piece_type[pt] == to)
                .collect();
            let [from] = from[..] else { continue };
            let present = fen.white.iter().chain(&fen.black).any(|p| p.0 == to)
                || fen.hand_white.contains(&to)
                || fen.hand_black.contains(&to);
            if present
                || pawn_made & (1 << to) != 0
                || v.promoted_piece_type[to] != 0
                || from == to
                || v.set("castlingRookPieces.w") & (1 << to) != 0
                || v.piece_type("castlingKingPiece.w") == to
            {
                continue;
            }
            *slot = Some(from);
        }
        alias
    }

    /// Whether, with `immobilityIllegal`, a piece of type `pt` might reach a
    /// cell from which it could never move again: its moves are limited to
    /// some directions (Betza's `f`, `b`, `l`, `r`), as the pawn's, the
    /// lance's and the shogi knight's are. Others get no rule, which would
    /// change nothing for them.
    pub(super) fn may_be_stuck(&self, pt: usize) -> bool {
        let v = self.v;
        if !v.flag("immobilityIllegal") {
            return false;
        }
        let betza = if pt == PAWN {
            return true;
        } else if pt == KING {
            v.king_betza.clone().unwrap_or_else(|| "K".to_string())
        } else if pt >= CUSTOM_FIRST {
            v.pieces[pt]
                .as_ref()
                .map(|d| d.betza.clone())
                .unwrap_or_default()
        } else {
            predefined_betza(pt).to_string()
        };
        betza.contains(['f', 'b', 'l', 'r'])
    }

    /// The promoted type of `pt` where it is a kind of its own in the rule
    /// file (not only the promoted form of `pt`): the kind `+X` is then
    /// declared `as` it, a piece of that type, promoted, as in
    /// Fairy-Stockfish (it moves and promotes as the type does, and counts as
    /// it for goals and rules).
    pub(super) fn promoted_as(&self, pt: usize) -> Option<usize> {
        let to = self.v.promoted_piece_type[pt];
        (to != 0 && self.v.pieces[to].is_some() && self.alias[to] != Some(pt)).then_some(to)
    }

    /// The promoted kind of `pt` (`promotedPieceType`), lettered `+X`.
    pub(super) fn promoted_kind(&self, pt: usize) -> String {
        format!("{}-promoted", self.kind(pt))
    }

    /// The promotion rules of each promoting kind: one rule for both sides
    /// where they promote alike, else a rule on a zone of each side's own.
    pub(super) fn promotion_rules(&mut self, fen: &Fen) -> Result<Vec<(usize, String)>, Refusal> {
        let v = self.v;
        let optional = if v.flag("mandatoryPawnPromotion") {
            ""
        } else {
            " optional"
        };
        // `promotionLimit`: a kind is offered while its side has fewer of it
        // on the board than the limit; Tessera's `only captured` counts
        // against the setup, the same where each limit is what each side
        // starts with.
        let promo_all = v.set("promotionPieceTypes.w") | v.set("promotionPieceTypes.b");
        let limited: Vec<usize> = (1..PIECE_TYPE_NB)
            .filter(|&pt| promo_all & (1 << pt) != 0 && v.pieces[pt].is_some())
            .filter(|&pt| v.promotion_limit[pt] != 0)
            .collect();
        // Otherwise the kinds are offered in groups of one limit each, a
        // rule per group with `at most N` (none for the unlimited kinds).
        let mut groups: Vec<(u64, String)> = vec![(u64::MAX, String::new())];
        if !limited.is_empty() {
            let offered: Vec<usize> = (1..PIECE_TYPE_NB)
                .filter(|&pt| promo_all & (1 << pt) != 0 && v.pieces[pt].is_some())
                .collect();
            let as_at_start = offered.iter().all(|&pt| {
                let limit = v.promotion_limit[pt];
                let w = fen.white.iter().filter(|p| p.0 == pt).count() as i64;
                let b = fen.black.iter().filter(|p| p.0 == pt).count() as i64;
                limit != 0 && limit == w && limit == b
            });
            groups = if as_at_start {
                vec![(u64::MAX, " only captured".to_string())]
            } else {
                let mut g: Vec<(u64, String)> = Vec::new();
                for &pt in &offered {
                    let suffix = match v.promotion_limit[pt] {
                        0 => String::new(),
                        n => format!(" at most {}", n.max(0)),
                    };
                    match g.iter_mut().find(|x| x.1 == suffix) {
                        Some(x) => x.0 |= 1 << pt,
                        None => g.push((1 << pt, suffix)),
                    }
                }
                g
            };
        }
        // With `immobilityIllegal`, FSF's pawn may not stay unpromoted on
        // its last rank, where it could never move again.
        let mut last = None;
        if !optional.is_empty() && v.flag("immobilityIllegal") {
            let (pawn_w, pawn_b) = (v.set("promotionPawnTypes.w"), v.set("promotionPawnTypes.b"));
            let top = self.ranks - 1;
            let rank = |r: i32| -> Squares { (0..self.files).map(|f| (f, r)).collect() };
            let (zw, zb) = (
                v.squares("promotionRegion.w"),
                v.squares("promotionRegion.b"),
            );
            if (pawn_w | pawn_b) == 1u64 << PAWN
                && rank(top).is_subset(&zw)
                && rank(0).is_subset(&zb)
            {
                last = self.zone("last-rank", &rank(top), &rank(0));
            }
        }
        let zw = v.squares("promotionRegion.w");
        let zb = v.squares("promotionRegion.b");
        // FSF's en-passant captures never promote: where one may land in
        // the capturing side's zone, the rules leave them out.
        let mut lands_in_zone = false;
        for (mover, them, zone) in [("w", "b", &zb), ("b", "w", &zw)] {
            let region = v.squares(&format!("enPassantRegion.{them}"));
            let dir = if mover == "w" { 1 } else { -1 };
            for &(f, r) in &self.on_board(&v.squares(&format!("doubleStepRegion.{mover}"))) {
                let target = (f, r + dir);
                lands_in_zone |= region.contains(&target) && zone.contains(&target);
            }
        }
        let noep = if lands_in_zone {
            ", not en passant"
        } else {
            ""
        };
        for g in groups.iter_mut() {
            g.1.push_str(noep);
        }
        let (pawn_w, pawn_b) = (v.set("promotionPawnTypes.w"), v.set("promotionPawnTypes.b"));
        let (promo_w, promo_b) = (
            v.set("promotionPieceTypes.w"),
            v.set("promotionPieceTypes.b"),
        );
        let mut rules = Vec::new();
        // FSF lists promotion choices from the highest type down; the order does not matter here.
        let names = |s: u64| {
            let kinds: Vec<String> = (1..PIECE_TYPE_NB)
                .rev()
                .filter(|&pt| s & (1 << pt) != 0 && v.pieces[pt].is_some())
                .map(piece_name)
                .collect();
            kinds.join(" ")
        };
        let promoters = |s: u64| {
            (1..PIECE_TYPE_NB).filter(move |&pt| s & (1 << pt) != 0 && v.pieces[pt].is_some())
        };
        // A compulsory promotion to no kind: FSF forbids the moves into the
        // zone but keeps the attacks there, as `promote ZONE to nothing` does.
        let mandatory = optional.is_empty();
        let none = |pawns: u64, promo: u64| {
            mandatory && names(promo).is_empty() && promoters(pawns).next().is_some()
        };
        let (none_w, none_b) = (none(pawn_w, promo_w), none(pawn_b, promo_b));
        if none_w && none_b && pawn_w == pawn_b {
            if let Some(z) = self.zone("promotion", &zw, &zb) {
                for pt in promoters(pawn_w) {
                    rules.push((pt, format!("promote {z} to nothing{noep}")));
                }
            }
        } else {
            if none_w {
                if let Some(z) = self.zone("promotion-white", &zw, &Squares::new()) {
                    for pt in promoters(pawn_w) {
                        rules.push((pt, format!("promote {z} to nothing{noep}")));
                    }
                }
            }
            if none_b {
                if let Some(z) = self.zone("promotion-black", &Squares::new(), &zb) {
                    for pt in promoters(pawn_b) {
                        rules.push((pt, format!("promote {z} to nothing{noep}")));
                    }
                }
            }
        }
        if pawn_w == pawn_b && promo_w == promo_b {
            if !names(promo_w).is_empty() {
                if let Some(z) = self.zone("promotion", &zw, &zb) {
                    for pt in promoters(pawn_w) {
                        for (mask, only) in &groups {
                            if let Some(l) = &last {
                                if !names(promo_w & mask).is_empty() {
                                    rules.push((
                                        pt,
                                        format!("promote {l} to {}{only}", names(promo_w & mask)),
                                    ));
                                }
                            }
                        }
                        for (mask, only) in &groups {
                            if !names(promo_w & mask).is_empty() {
                                rules.push((
                                    pt,
                                    format!(
                                        "promote {z} to {}{optional}{only}",
                                        names(promo_w & mask)
                                    ),
                                ));
                            }
                        }
                    }
                }
            }
            return Ok(rules);
        }

        if !names(promo_w).is_empty() {
            if let Some(z) = self.zone("promotion-white", &zw, &Squares::new()) {
                for pt in promoters(pawn_w) {
                    for (mask, only) in &groups {
                        if !names(promo_w & mask).is_empty() {
                            rules.push((
                                pt,
                                format!("promote {z} to {}{optional}{only}", names(promo_w & mask)),
                            ));
                        }
                    }
                }
            }
        }
        if !names(promo_b).is_empty() {
            if let Some(z) = self.zone("promotion-black", &Squares::new(), &zb) {
                for pt in promoters(pawn_b) {
                    for (mask, only) in &groups {
                        if !names(promo_b & mask).is_empty() {
                            rules.push((
                                pt,
                                format!("promote {z} to {}{optional}{only}", names(promo_b & mask)),
                            ));
                        }
                    }
                }
            }
        }
        Ok(rules)
    }

    /// The shogi-style promotion of kind `pt` (`promotedPieceType`) and the
    /// promoted kind it makes, declared after it.
    pub(super) fn promoted_piece(
        &mut self,
        body: &mut String,
        pt: usize,
        stuck: &mut bool,
        f: &Facts,
        promoted_kinds: &mut Vec<usize>,
    ) -> Result<(), Refusal> {
        let v = self.v;
        let Some(def) = &v.pieces[pt] else {
            return Ok(());
        };
        let name = self.kind(pt);
        let (fen, ep, ep_types) = (f.fen, f.steps.ep, f.ep_types);
        let (royal, pseudo_royal, unit_values) = (f.royal, f.pseudo_royal, f.unit_values);
        let to = v.promoted_piece_type[pt];
        if to != 0 {
            // Fairy-Stockfish promotes a move into, out of or within the
            // zone; compulsory with `mandatoryPiecePromotion`.
            let opt = if v.flag("mandatoryPiecePromotion") {
                ""
            } else {
                " optional"
            };
            let zone = self.zone(
                "promotion",
                &v.squares("promotionRegion.w"),
                &v.squares("promotionRegion.b"),
            );
            // `piecePromotionOnCapture`: only captures promote (and
            // demote), and a compulsory promotion binds captures alone.
            let cap = if v.flag("piecePromotionOnCapture") {
                ", on capture"
            } else {
                ""
            };
            // FSF's en-passant captures never promote.
            let cap = if ep && ep_types & (1 << pt) != 0 {
                format!("{cap}, not en passant")
            } else {
                cap.to_string()
            };
            // `promotionLimit` of the promoted type: offered while the
            // side has fewer of the type on the board.
            let lim = match v.promotion_limit[to] {
                0 => String::new(),
                n => format!(" at most {}", n.max(0)),
            };
            if let Some(z) = zone {
                let p = self.promoted_kind(pt);
                let _ = writeln!(body, "  promote {z} to {p}{opt}{lim}{cap}");
                let _ = writeln!(body, "  promote from {z} to {p}{opt}{lim}{cap}");
                if std::mem::take(stuck) {
                    body.push_str("  promote stuck to nothing\n");
                }
                promoted_kinds.push(pt);
                if let Some(t) = self.promoted_as(pt) {
                    // A piece of the type, promoted: it moves, promotes
                    // and counts as the type does.
                    let _ = writeln!(body, "\npiece {p} +{} as {}", def.letter, self.kind(t));
                    self.promoted_written.push((p.clone(), to));
                    if v.flag("pieceDemotion") {
                        let _ = writeln!(body, "  promote {z} to {name}{opt}{cap}");
                        let _ = writeln!(body, "  promote from {z} to {name}{opt}{cap}");
                    }
                    return Ok(());
                }
                let royal_too = self.alias[to] == Some(pt)
                    && (Some(to) == royal || pseudo_royal & (1 << to) != 0);
                let _ = writeln!(
                    body,
                    "\npiece {p} +{}{}{}",
                    def.letter,
                    if royal_too { " royal" } else { "" },
                    match self.count_value(to, unit_values) {
                        Some(n) => format!(" value {n}"),
                        None => String::new(),
                    }
                );
                self.promoted_written.push((p.clone(), to));
                let betza = if to >= CUSTOM_FIRST {
                    v.pieces[to]
                        .as_ref()
                        .map(|d| d.betza.clone())
                        .unwrap_or_default()
                } else {
                    predefined_betza(to).to_string()
                };
                self.write_betza(body, to, &betza, &[])?;
                self.diagonal_lines(body, to, fen)?;
                if v.flag("pieceDemotion") {
                    // The promoted piece turns back as it promoted: a
                    // move into, out of or within the zone.
                    let _ = writeln!(body, "  promote {z} to {name}{opt}{cap}");
                    let _ = writeln!(body, "  promote from {z} to {name}{opt}{cap}");
                }
                if self.may_be_stuck(to) {
                    body.push_str("  promote stuck to nothing\n");
                }
            } else if fen.promoted.iter().any(|&(_, from)| from == pt) {
                // No cell promotes, but promoted pieces of the type stand
                // on the board from the start (xiangfu's `+g`): the kind
                // is declared, with no promotion to it.
                let Some(t) = self.promoted_as(pt) else {
                    return Err(self.refuse(
                        "startFen",
                        "promoted pieces at the start, of a type promoted nowhere into a type of its own",
                    ));
                };
                if std::mem::take(stuck) {
                    body.push_str("  promote stuck to nothing\n");
                }
                let p = self.promoted_kind(pt);
                let _ = writeln!(body, "\npiece {p} +{} as {}", def.letter, self.kind(t));
                self.promoted_written.push((p, to));
            }
        }
        Ok(())
    }
}
