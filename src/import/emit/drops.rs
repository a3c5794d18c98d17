//! Hands and drops: drop regions, kinds, and FSF's drop rules.

use super::*;

impl Emitter<'_> {
    /// The zone a drop rule of FSF type `pt` drops onto: `base` (`white`,
    /// `black` its cells), less the cells outside the kind's mobility region
    /// (`mobilityRegion<Colour><Piece>`), as Fairy-Stockfish drops a piece
    /// only inside it (`name-KIND` then). `Ok(None)` where `base` has no cell.
    pub(super) fn kind_drop_zone(
        &mut self,
        pt: usize,
        name: &str,
        white: &Squares,
        black: &Squares,
    ) -> Result<Option<String>, Refusal> {
        let v = self.v;
        let region = |c: usize| {
            v.mobility_regions
                .iter()
                .find(|(col, p, s)| *col == c && *p == pt && !s.is_empty())
                .map(|(_, _, s)| self.on_board(s))
        };
        let (rw, rb) = (region(0), region(1));
        if rw.is_none() && rb.is_none() {
            return Ok(self.zone(name, white, black));
        }
        let cut = |cells: &Squares, r: &Option<Squares>| -> Squares {
            match r {
                Some(r) => cells.intersection(r).copied().collect(),
                None => cells.clone(),
            }
        };
        let (w, b) = (cut(white, &rw), cut(black, &rb));
        let (w, b) = (self.on_board(&w), self.on_board(&b));
        if self.on_board(white).is_empty() && self.on_board(black).is_empty() {
            return Ok(None);
        }
        if w.is_empty() && b.is_empty() {
            // A kind dropped nowhere would need a zone of no cells.
            let (c, _, _) = v
                .mobility_regions
                .iter()
                .find(|(_, p, _)| *p == pt)
                .unwrap();
            return Err(self.refuse(
                &format!("mobility:{c}:{pt}"),
                "a kind that may be dropped nowhere inside its region cannot be said yet",
            ));
        }
        // A side left out of the zone drops the kind nowhere.
        let name = format!("{name}-{}", self.kind(pt));
        Ok(self.zone(&name, &w, &b))
    }

    /// The drop rules; `walls`, the walls' kind where Othello's enclosing
    /// drops look through them.
    pub(super) fn drops(&mut self, walls: Option<&str>) -> Result<String, Refusal> {
        let v = self.v;
        let mut out = String::from("\npool hand\n");
        if v.flag("capturesToHand") {
            out.push_str("captured to hand of captor");
            if v.flag("dropLoop") {
                out.push_str(", keeping promotion");
            }
            out.push('\n');
        }
        let mut common = Vec::new();
        // FSF's gives_check sees only its king (`KING`): without one, as
        // where pseudo-royal commoners reign (atomiczh), no drop checks.
        if (!v.flag("dropChecks") || !v.flag("checking")) && v.pieces[KING].is_some() {
            common.push("not checking".to_string());
        }
        if !v.flag("immobilityIllegal") {
            common.push("anywhere".to_string());
        }
        // `dropPromoted`: a piece with a promoted type may also go down as
        // it, in its own drop region.
        if v.flag("dropPromoted") {
            common.push("also promoted".to_string());
        }
        // Enclosing drops: Othello's must flip (`flipping`), Ataxx's stand
        // next to a piece of the mover (`next to all`).
        match v.text("enclosingDrop") {
            // FSF's test of an enclosed line looks through walls (its flips
            // do not): beside an enemy piece, a line over enemy pieces and
            // walls that ends on a piece of the mover.
            "reversi" if walls.is_some() => common.push(format!(
                "next to enemy all, enclosing over {} along all",
                walls.unwrap_or_default()
            )),
            "reversi" => common.push("flipping".to_string()),
            "ataxx" => common.push("next to all".to_string()),
            // Connect Four: onto rank 1 or a piece (as White sees it).
            "top" => common.push("on top along s".to_string()),
            // Snort: not beside an enemy piece along a rank or file.
            "snort" => common.push("not next to enemy orthogonal".to_string()),
            // Let in from any edge: from the left and the bottom it stops at
            // the first cell that holds it, from the top and the right at
            // the lowest such cell (Fairy-Stockfish's `anyside`).
            "anyside" => common.push("pushed in along n e, sunk in along s w".to_string()),
            _ => {}
        }
        let dw = v.squares("dropRegion.w");
        let db = v.squares("dropRegion.b");
        // While a cell of `enclosingDropStart` is empty, drops go there only.
        let start = self.on_board(&v.squares("enclosingDropStart"));
        if v.text("enclosingDrop") != "none" && !start.is_empty() {
            let start: Squares = start.intersection(&dw).copied().collect();
            if let Some(z) = self.zone("drop-start", &start, &start) {
                let plain: Vec<String> = common
                    .iter()
                    .filter(|m| {
                        !matches!(
                            m.as_str(),
                            "flipping"
                                | "next to all"
                                | "on top along s"
                                | "not next to enemy orthogonal"
                        ) && !m.starts_with("next to enemy all, enclosing")
                    })
                    .cloned()
                    .chain(std::iter::once("until full".to_string()))
                    .collect();
                let _ = writeln!(out, "drop hand -> {z}: {}", plain.join(", "));
            }
        }
        let zone = self.zone("drops", &dw, &db);
        let no_doubled = v.piece_type("dropNoDoubled");
        let mods = |extra: Vec<String>| {
            let all: Vec<String> = extra.into_iter().chain(common.iter().cloned()).collect();
            if all.is_empty() {
                String::new()
            } else {
                format!(": {}", all.join(", "))
            }
        };
        let mut special = Vec::new();
        if v.pieces[PAWN].is_some() {
            let mut pw = dw.clone();
            let mut pb = db.clone();
            if !v.flag("promotionZonePawnDrops") {
                for s in v.squares("promotionRegion.w") {
                    pw.remove(&s);
                }
                for s in v.squares("promotionRegion.b") {
                    pb.remove(&s);
                }
            }
            if !v.flag("firstRankPawnDrops") {
                pw.retain(|&(_, r)| r != 0);
                pb.retain(|&(_, r)| r != self.ranks - 1);
            }
            let mut extra = Vec::new();
            if no_doubled == PAWN {
                extra.push(format!("at most {} per file", v.int("dropNoDoubledCount")));
            }
            if let Some(z) = self.kind_drop_zone(PAWN, "pawn-drops", &pw, &pb)? {
                special.push(format!(
                    "drop hand {} -> {z}{}",
                    self.kind(PAWN),
                    mods(extra)
                ));
            } else {
                special.push(String::new());
            }
        }
        // The kind that may not be doubled on a file, and the shogi pawn,
        // whose drop may not mate (FSF scores such a mate as a loss).
        const SHOGI_PAWN: usize = 19;
        let mate_rule = v.flag("shogiPawnDropMateIllegal") && v.pieces[SHOGI_PAWN].is_some();
        for pt in [no_doubled, SHOGI_PAWN] {
            if pt == 0 || pt == PAWN || v.pieces[pt].is_none() {
                continue;
            }
            if pt == SHOGI_PAWN
                && no_doubled == SHOGI_PAWN
                && special.iter().any(|s| s.contains(&self.kind(pt)))
            {
                continue;
            }
            let mut extra = Vec::new();
            if pt == no_doubled {
                extra.push(format!("at most {} per file", v.int("dropNoDoubledCount")));
            }
            if pt == SHOGI_PAWN && mate_rule {
                extra.push("mating loses".into());
            }
            if extra.is_empty() {
                continue;
            }
            if let Some(z) = self.kind_drop_zone(pt, "drops", &dw, &db)? {
                special.push(format!("drop hand {} -> {z}{}", self.kind(pt), mods(extra)));
            }
        }
        // Per-kind modifiers of the general drop rule: a kind's own rule
        // gets them (`rule` below), or one is written for it.
        let mut per_kind: Vec<(usize, String)> = Vec::new();
        // `castlingDroppedPiece`: a king dropped on its castling cell, a rook
        // on a corner of the castling rank (whatever `castlingRankFile`
        // says: pyffish 0.0.90 gives the right to the corners), counts as
        // unmoved, so they castle.
        if v.flag("castlingDroppedPiece") && v.flag("castling") && self.same("castlingKingPiece") {
            let king = v.piece_type("castlingKingPiece.w");
            let kf = v.int("castlingKingFile") as i32;
            let bottom = (v.int("castlingRank") as i32).clamp(0, self.ranks - 1);
            let top = self.ranks - 1 - bottom;
            let one = |r: i32, fs: &[i32]| -> Squares { fs.iter().map(|&f| (f, r)).collect() };
            if king != 0 && v.pieces[king].is_some() {
                if let Some(z) = self.zone("castling-king", &one(bottom, &[kf]), &one(top, &[kf])) {
                    per_kind.push((king, format!("unmoved in {z}")));
                }
            }
            let corners = [0, self.files - 1];
            let rooks = v.set("castlingRookPieces.w") | v.set("castlingRookPieces.b");
            for rook in self.kinds_of(rooks) {
                if rook == king {
                    continue;
                }
                if let Some(z) = self.zone(
                    "castling-rooks",
                    &one(bottom, &corners),
                    &one(top, &corners),
                ) {
                    per_kind.push((rook, format!("unmoved in {z}")));
                }
            }
        }
        // `dropOppositeColoredBishop`: bishops end on cells of both colours.
        const BISHOP: usize = 3;
        if v.flag("dropOppositeColoredBishop") && v.pieces[BISHOP].is_some() {
            let all: Squares = (0..self.files)
                .flat_map(|f| (0..self.ranks).map(move |r| (f, r)))
                .collect();
            let dark: Squares = all
                .iter()
                .copied()
                .filter(|(f, r)| (f + r) % 2 == 0)
                .collect();
            let light: Squares = all.difference(&dark).copied().collect();
            if let (Some(d), Some(l)) = (
                self.zone("dark", &dark, &dark),
                self.zone("light", &light, &light),
            ) {
                per_kind.push((BISHOP, format!("spread over {d} {l}")));
            }
        }
        for (pt, m) in per_kind {
            let head = format!("drop hand {} ->", self.kind(pt));
            if let Some(rule) = special.iter_mut().find(|s| s.starts_with(&head)) {
                rule.push_str(if rule.contains(": ") { ", " } else { ": " });
                rule.push_str(&m);
            } else if pt == PAWN {
                return Err(self.refuse("castlingDroppedPiece", "castling pawns"));
            } else if let Some(z) = self.kind_drop_zone(pt, "drops", &dw, &db)? {
                special.push(format!(
                    "drop hand {} -> {z}{}",
                    self.kind(pt),
                    mods(vec![m])
                ));
            }
        }
        // `mustDrop`: a side with a piece of `mustDropType` in hand drops it
        // if it can (`compulsory` on that kind's rule), any piece for `*`
        // (`forced drop`).
        let must = v.piece_type("mustDropType");
        if v.flag("mustDrop") && must != 0 && v.pieces[must].is_some() {
            let head = format!("drop hand {} ->", self.kind(must));
            if let Some(rule) = special.iter_mut().find(|s| s.starts_with(&head)) {
                rule.push_str(if rule.contains(": ") {
                    ", compulsory"
                } else {
                    ": compulsory"
                });
            } else if v.pieces[must].is_some() && must != PAWN {
                if let Some(z) = self.kind_drop_zone(must, "drops", &dw, &db)? {
                    special.push(format!(
                        "drop hand {} -> {z}{}",
                        self.kind(must),
                        mods(vec!["compulsory".to_string()])
                    ));
                }
            } else {
                return Err(self.refuse(
                    "mustDropType",
                    "a compulsory drop of pawns, which may be dropped nowhere",
                ));
            }
        }
        // A kind confined to a region (`mobilityRegion...`) is dropped
        // only inside it: a rule of its own where it has none yet (none
        // where it would be dropped nowhere but never stands in a hand).
        let fen = Fen::parse(v.text("startFen"), self).ok();
        for pt in 1..PIECE_TYPE_NB {
            if pt == PAWN
                || v.pieces[pt].is_none()
                || !v
                    .mobility_regions
                    .iter()
                    .any(|(_, p, s)| *p == pt && !s.is_empty())
            {
                continue;
            }
            let head = format!("drop hand {} ->", self.kind(pt));
            if special.iter().any(|s| s.starts_with(&head)) {
                continue;
            }
            let zone = match self.kind_drop_zone(pt, "drops", &dw, &db) {
                Err(_) if fen.as_ref().is_some_and(|f| self.never_in_hand(pt, f)) => continue,
                z => z?,
            };
            if let Some(z) = zone {
                special.push(format!(
                    "drop hand {} -> {z}{}",
                    self.kind(pt),
                    mods(Vec::new())
                ));
            }
        }
        for s in special.into_iter().filter(|s| !s.is_empty()) {
            out.push_str(&s);
            out.push('\n');
        }
        if let Some(z) = zone {
            let _ = writeln!(out, "drop hand -> {z}{}", mods(Vec::new()));
        }
        if v.flag("mustDrop") && must == 0 {
            out.push_str("forced drop\n");
        }
        if v.flag("freeDrops") {
            // Drops take nothing from a hand, and captures add nothing: no
            // pool; every kind of the variant may be dropped, the kinds that
            // have rules of their own by those.
            let mut listed: Vec<String> = Vec::new();
            let mut text = String::new();
            for line in out.lines() {
                if let Some(rest) = line.strip_prefix("drop hand ") {
                    let (kinds, tail) = rest.split_once("->").unwrap_or(("", rest));
                    let kinds = kinds.trim();
                    let kinds = if kinds.is_empty() {
                        let all: Vec<String> = (1..PIECE_TYPE_NB)
                            .rev()
                            .filter(|&pt| v.pieces[pt].is_some())
                            .map(|pt| self.kind(pt))
                            .filter(|k| !listed.contains(k))
                            .collect();
                        if all.is_empty() {
                            continue;
                        }
                        all.join(" ")
                    } else {
                        listed.extend(kinds.split(' ').map(str::to_string));
                        kinds.to_string()
                    };
                    let _ = writeln!(text, "drop new {kinds} ->{tail}");
                }
            }
            return Ok(format!("\n{text}"));
        }
        Ok(out)
    }
}
