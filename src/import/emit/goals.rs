//! The goals: checkmate, stalemate, extinction, flags, pieces in a row, the
//! clock.

use super::*;

impl Emitter<'_> {
    pub(super) fn goals(
        &mut self,
        fen: &Fen,
        royal: Option<usize>,
        promoting: u64,
    ) -> Result<String, Refusal> {
        let v = self.v;
        let mut out = String::new();
        if royal.is_some() || v.flag("extinctionPseudoRoyal") {
            let cm = v.outcome("checkmateValue");
            if cm == Outcome::None {
                return Err(self.refuse("checkmateValue", "checkmate without a result"));
            }
            let _ = writeln!(out, "goal checkmated {}", outcome_word(cm));
        }
        let sm = v.outcome("stalemateValue");
        if sm == Outcome::None {
            return Err(self.refuse("stalemateValue", "stalemate without a result"));
        }
        if v.flag("stalematePieceCount") && sm == Outcome::Loss {
            // More pieces on the board win, as many draw (then counted).
            out.push_str("goal stalemated counts\n");
        } else {
            let _ = writeln!(out, "goal stalemated {}", self.drawn(sm));
        }
        if let Some((_, Some(bonus))) = self.counting()? {
            let _ = writeln!(out, "count bonus {bonus}");
        }
        if v.flag("adjudicateFullBoard") {
            let _ = writeln!(out, "goal full {}", self.drawn(Outcome::Draw));
        }
        if v.flag("bikjangRule") {
            out.push_str(&self.bikjang()?);
        }
        if v.flag("pass.w") || v.flag("passOnStalemate.w") {
            // Two passes in a row end the game.
            let _ = writeln!(out, "goal passed 2 times {}", self.drawn(Outcome::Draw));
        }
        if v.flag("mustCapture") {
            out.push_str("forced capture\n");
        }
        if v.flag("blastOnCapture") {
            let mut line = String::from("captures explode all");
            if v.pieces[PAWN].is_some() {
                line.push_str(" except pawn");
            }
            let immune = self.kinds_of(v.set("blastImmuneTypes"));
            if !immune.is_empty() {
                let names: Vec<String> = immune.iter().map(|&p| self.kind(p)).collect();
                let _ = write!(line, " immune {}", names.join(" "));
            }
            // FSF puts every exploded piece, the capturing one too, in the
            // hand of its owner's opponent, as a captured piece goes.
            if v.flag("capturesToHand") && v.flag("pieceDrops") {
                line.push_str(": captured");
            }
            out.push_str(&line);
            out.push('\n');
        } else if v.set("blastImmuneTypes") != 0 {
            // Without explosions, immunity means nothing.
        }
        let ext = v.outcome("extinctionValue");
        // Pseudo-royal pieces cannot be captured, so Fairy-Stockfish applies
        // no extinction then, but where captures explode.
        let pseudo = v.flag("extinctionPseudoRoyal") && !v.flag("blastOnCapture");
        if ext != Outcome::None && !pseudo {
            let set = v.set("extinctionPieceTypes");
            let n = v.int("extinctionPieceCount");
            if set != 0 {
                let what = if set & 1 != 0 {
                    Some("all".to_string())
                } else {
                    let present = self
                        .kinds_of(set)
                        .iter()
                        .map(|&p| self.kind(p))
                        .collect::<Vec<_>>()
                        .join(" ");
                    let gone = (1..PIECE_TYPE_NB)
                        .find(|&pt| set & (1 << pt) != 0 && self.v.pieces[pt].is_none());
                    match gone {
                        // Fairy-Stockfish counts each extinction type apart,
                        // the side that has just moved first: a type the
                        // variant does not have is extinct for both sides
                        // from the start, so where the opponent needs no
                        // piece of it the game is over before the first
                        // move, the side that has just moved getting the
                        // outcome. A kind no piece is ever of says that.
                        Some(gone) if v.int("extinctionOpponentPieceCount") <= 0 => {
                            let Some(letter) = self.free_letter() else {
                                return Err(self.refuse(
                                    "extinctionPieceTypes",
                                    "a kind the variant does not have, and no letter left to name it",
                                ));
                            };
                            let name = piece_name(gone);
                            let _ = writeln!(out, "piece {name} {letter}");
                            Some(name)
                        }
                        // Otherwise a type nobody has never ends the game.
                        _ => Some(present).filter(|p| !p.is_empty()),
                    }
                };
                if !(0..=4096).contains(&n) {
                    return Err(self.refuse("extinctionPieceCount", "a count out of range"));
                }
                let other = self.extinction_other()?;
                if v.flag("extinctionClaim") {
                    // The side to move needs one piece more of the other
                    // side to lose by extinction than the side that has
                    // just moved: with a royal king as a side's last
                    // piece, shatranj's bare king that may answer.
                    let king_alone = set & 1 != 0
                        && n == 1
                        && v.int("extinctionOpponentPieceCount") == 2
                        && self.royal_kind() == Some(KING)
                        && !v.flag("extinctionPseudoRoyal")
                        && !v.flag("pieceDrops")
                        && !v.flag("blastOnCapture");
                    if !king_alone {
                        return Err(self.refuse(
                            "extinctionClaim",
                            "extinction claimed by the side to move, other than a bare king that may answer, cannot be said yet",
                        ));
                    }
                    let _ = writeln!(out, "goal bare {}, may answer", outcome_word(ext));
                } else if let Some(what) = what {
                    if n == 0 {
                        let _ = writeln!(out, "goal extinct {what} {}{other}", outcome_word(ext));
                    } else {
                        let _ =
                            writeln!(out, "goal at most {n} {what} {}{other}", outcome_word(ext));
                    }
                }
            }
        }
        let fw = self.on_board(&v.squares("flagRegion.w"));
        let fb = self.on_board(&v.squares("flagRegion.b"));
        if !fw.is_empty() || !fb.is_empty() {
            if !self.same("flagPiece") {
                return Err(self.refuse("flagPiece.w", "flag pieces that differ by side"));
            }
            let flag = v.piece_type("flagPiece.w");
            // A flag piece the variant does not have (its letter taken by a
            // custom piece since) never reaches the flag: FSF plays no such
            // goal, and neither does the import.
            if flag == 0 || v.pieces[flag].is_some() {
                let z = self.zone("flag", &fw, &fb).unwrap_or_default();
                out.push_str(&self.flag_goals(flag, &z)?);
            }
        }
        // `castlingWins`: a side that castles on a wing it names wins, and
        // one that has lost all its rights there loses.
        let wins = v.int("castlingWins");
        if wins != 0 {
            let turned = self.asymmetric();
            for (side, oo, ooo) in [("white", 1, 2), ("black", 4, 8)] {
                // The king side lies toward the last file: `e` as White sees
                // it, and as Black does unless the board turns by half a
                // turn for Black (`mirror file rank`).
                let (ks, qs) = if side == "black" && turned {
                    ("w", "e")
                } else {
                    ("e", "w")
                };
                let dirs: Vec<&str> = [(oo, ks), (ooo, qs)]
                    .iter()
                    .filter(|(bit, _)| wins & bit != 0)
                    .map(|&(_, d)| d)
                    .collect();
                if !dirs.is_empty() {
                    let dirs = dirs.join(" ");
                    let _ = writeln!(out, "goal {side} castles along {dirs} wins");
                    let _ = writeln!(out, "goal {side} cannot castle along {dirs} loses");
                }
            }
        }
        if v.flag("checkCounting") {
            let Some((w, b)) = fen.checks else {
                return Err(self.refuse(
                    "checkCounting",
                    "check counting without counts in the start FEN",
                ));
            };
            if w != b || w == 0 || w > 255 {
                return Err(self.refuse("checkCounting", "check counts that differ by side"));
            }
            let _ = writeln!(out, "goal checked {w} times loses");
        }
        out.push_str(&self.connect_goals()?);
        let n_fold = v.int("nFoldRule");
        if (2..=255).contains(&n_fold) {
            let nv = v.outcome("nFoldValue");
            if nv != Outcome::None {
                let _ = writeln!(
                    out,
                    "goal repeated {n_fold} times {}{}{}{}",
                    self.repetition_side(),
                    self.drawn(nv),
                    self.perpetual_check(),
                    self.perpetual_chase()
                );
            }
        }
        if v.flag("moveRepetitionIllegal") && n_fold != 0 {
            out.push_str(&self.back_and_forth(n_fold)?);
        }
        if v.text("countingRule") != "none" {
            // As games/makruk.game: the count ends a game only on a claim.
            let _ = writeln!(
                out,
                "# `countingRule = {}`: Fairy-Stockfish's count ends a game only on a claim; Tessera does not keep it.",
                v.text("countingRule")
            );
        }
        let n_move = v.int("nMoveRule");
        if n_move > 0 && n_move <= 500_000_000 {
            // Under the chasing rule, Fairy-Stockfish's n-move rule waits a
            // move longer for each check beyond ten of one side.
            let _ = writeln!(
                out,
                "goal clock {} {}{}",
                n_move * 2,
                self.drawn(Outcome::Draw),
                if v.text("chasingRule") == "axf" {
                    ", longer after 10 checks"
                } else {
                    ""
                }
            );
        }
        let (rw, rb) = (v.set("nMoveRuleTypes.w"), v.set("nMoveRuleTypes.b"));
        if rw != rb {
            // One statement for both sides says it where neither side can
            // ever hold a kind that resets only the other's clock.
            let only = (rw ^ rb) & !1;
            let held = |list: &Vec<(usize, (i32, i32))>, hand: &Vec<usize>, own: u64| {
                list.iter().any(|p| only & !own & (1 << p.0) != 0)
                    || hand.iter().any(|&p| only & !own & (1 << p) != 0)
            };
            let made = (v.set("promotionPieceTypes.w") | v.set("promotionPieceTypes.b")) & only;
            if v.flag("pieceDrops")
                || made != 0
                || held(&fen.white, &fen.hand_white, rw)
                || held(&fen.black, &fen.hand_black, rb)
            {
                return Err(self.refuse(
                    "nMoveRuleTypes.w",
                    "clock-resetting kinds that differ by side",
                ));
            }
        }
        let resets = rw | rb;
        // Tessera's default: the moves of kinds that promote reset the clock,
        // unless they could be taken back at once.
        let resets = resets & !1;
        let present = |s: u64| {
            (1..PIECE_TYPE_NB)
                .filter(|&p| s & (1 << p) != 0 && v.pieces[p].is_some())
                .collect::<Vec<_>>()
        };
        if present(resets) != present(promoting) {
            let kinds = self.kinds_of(resets);
            if kinds.is_empty() {
                out.push_str("clock reset by captures and drops\n");
            } else {
                let names: Vec<String> = kinds.iter().map(|&p| self.kind(p)).collect();
                let _ = writeln!(out, "clock reset by {}", names.join(" "));
            }
        }
        Ok(out)
    }

    /// The outcome of a result that Fairy-Stockfish counts when it is a draw.
    pub(super) fn drawn(&self, o: Outcome) -> &'static str {
        if o == Outcome::Draw && self.v.text("materialCounting") != "none" {
            "counts"
        } else {
            outcome_word(o)
        }
    }

    /// `, if the other side has N` for `extinctionOpponentPieceCount`.
    pub(super) fn extinction_other(&self) -> Result<String, Refusal> {
        let n = self.v.int("extinctionOpponentPieceCount");
        match n {
            0 => Ok(String::new()),
            1..=255 => Ok(format!(", if the other side has {n}")),
            _ => Err(self.refuse(
                "extinctionOpponentPieceCount",
                "an opponent's piece count out of range",
            )),
        }
    }

    /// The goals of the flag zone: `flagPiece`, `flagPieceCount`,
    /// `flagPieceBlockedWin`, `flagMove`, `flagPieceSafe`.
    pub(super) fn flag_goals(&self, flag: usize, z: &str) -> Result<String, Refusal> {
        let v = self.v;
        let mut out = String::new();
        let count = v.int("flagPieceCount");
        if !(1..=255).contains(&count) {
            return Err(self.refuse("flagPieceCount", "a flag piece count out of range"));
        }
        let blocked = v.flag("flagPieceBlockedWin");
        let (safe, extra) = (v.flag("flagPieceSafe"), v.flag("flagMove"));
        // `*`: any piece; one goal per kind says it where one piece
        // suffices, but several must be counted together.
        let kinds: Vec<usize> = if flag == 0 {
            if count > 1 || blocked {
                return Err(self.refuse(
                    "flagPieceCount",
                    "several flag pieces of any kind together cannot be said yet",
                ));
            }
            (1..PIECE_TYPE_NB)
                .rev()
                .filter(|&pt| v.pieces[pt].is_some())
                .collect()
        } else {
            vec![flag]
        };
        let tail = if blocked { ", or fewer when full" } else { "" };
        for flag in kinds {
            let kind = self.kind(flag);
            let (reaches, holds) = if count == 1 {
                (format!("{kind} reaches"), format!("{kind} holds"))
            } else {
                (
                    format!("{count} {kind} reach"),
                    format!("{count} {kind} hold"),
                )
            };
            if extra && flag == KING {
                if safe || count != 1 || blocked {
                    return Err(self.refuse("flagMove", "an extra move after the flag zone is reached by a king that must be safe, or by several pieces"));
                }
                let _ = writeln!(out, "goal {reaches} {z} wins, black may answer");
            } else if extra {
                // The side whose piece still stands in the zone when its
                // turn comes wins; with `flagPieceSafe`, a piece that
                // reaches the zone unattacked wins at once.
                let _ = writeln!(out, "goal {holds} {z} wins{tail}");
                if safe {
                    let _ = writeln!(out, "goal {reaches} {z} safely wins{tail}");
                }
            } else if safe {
                let _ = writeln!(out, "goal {reaches} {z} safely wins{tail}");
            } else {
                let _ = writeln!(out, "goal {reaches} {z} wins{tail}");
            }
        }
        Ok(out)
    }

    /// The goals on pieces in a row: `connectN`, `connectNxN`, `collinearN`
    /// with `connectPieceTypes`, the directions and `connectValue`, judged
    /// for the side that has just moved.
    pub(super) fn connect_goals(&mut self) -> Result<String, Refusal> {
        let v = self.v;
        let mut out = String::new();
        let (n, nxn, line) = (v.int("connectN"), v.int("connectNxN"), v.int("collinearN"));
        // The regions a side links by a chain of its pieces.
        let r1 = (
            self.on_board(&v.squares("connectRegion1.w")),
            self.on_board(&v.squares("connectRegion1.b")),
        );
        let r2 = (
            self.on_board(&v.squares("connectRegion2.w")),
            self.on_board(&v.squares("connectRegion2.b")),
        );
        let regions =
            !(r1.0.is_empty() || r2.0.is_empty()) || !(r1.1.is_empty() || r2.1.is_empty());
        if regions && (r1.0.is_empty() || r2.0.is_empty() || r1.1.is_empty() || r2.1.is_empty()) {
            return Err(self.refuse(
                "connectRegion1.w",
                "regions to connect for one side only cannot be imported yet",
            ));
        }
        if n == 0 && nxn == 0 && line == 0 && !regions {
            return Ok(out);
        }
        for (field, value) in [("connectN", n), ("connectNxN", nxn), ("collinearN", line)] {
            if !(0..=64).contains(&value) {
                return Err(self.refuse(field, "a count out of range"));
            }
        }
        let outcome = match v.outcome("connectValue") {
            Outcome::None => {
                return Err(self.refuse("connectValue", "a connection without a result"))
            }
            o => outcome_word(o),
        };
        let set = v.set("connectPieceTypes");
        let present: Vec<usize> = (1..PIECE_TYPE_NB)
            .filter(|&pt| v.pieces[pt].is_some())
            .collect();
        let kinds: Vec<usize> = present
            .iter()
            .copied()
            .filter(|&pt| set & (1 << pt) != 0)
            .collect();
        if kinds.is_empty() {
            return Ok(out);
        }
        let what = if kinds.len() == present.len() {
            "all".to_string()
        } else {
            kinds
                .iter()
                .map(|&p| self.kind(p))
                .collect::<Vec<_>>()
                .join(" ")
        };
        let mut dirs = Vec::new();
        if v.flag("connectHorizontal") {
            dirs.push("e");
        }
        if v.flag("connectVertical") {
            dirs.push("n");
        }
        if v.flag("connectDiagonal") {
            dirs.extend(["ne", "se"]);
        }
        let dirs = dirs.join(" ");
        // In Fairy-Stockfish's order: N in a row, the square, the line.
        if n > 0 && !dirs.is_empty() {
            let _ = writeln!(out, "goal row of {n} {what} along {dirs} {outcome}");
        }
        if regions && !dirs.is_empty() {
            let from = self.zone("connect-from", &r1.0, &r1.1);
            let to = self.zone("connect-to", &r2.0, &r2.1);
            if let (Some(from), Some(to)) = (from, to) {
                let _ = writeln!(
                    out,
                    "goal chain of {what} from {from} to {to} along {dirs} {outcome}"
                );
            }
        }
        if nxn > 0 {
            let _ = writeln!(out, "goal square of {nxn} {what} along e n {outcome}");
        }
        if line > 0 && !dirs.is_empty() {
            let _ = writeln!(out, "goal line of {line} {what} along {dirs} {outcome}");
        }
        Ok(out)
    }
}
