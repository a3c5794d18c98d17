//! Castling: FSF's castling rights, rooks and Chess960 as `castle` rules.

use super::*;

/// The files of the pieces of the castling rook types `rooks` that stand
/// on `rank` on one wing of a king on file `kf` (east of it, or west).
pub(super) fn wing_rook_files(
    list: &[(usize, (i32, i32))],
    rooks: PieceSet,
    rank: i32,
    kf: i64,
    east: bool,
) -> impl Iterator<Item = i64> + '_ {
    list.iter()
        .filter(move |p| {
            rooks & (1 << p.0) != 0
                && p.1 .1 == rank
                && i64::from(p.1 .0) != kf
                && (i64::from(p.1 .0) > kf) == east
        })
        .map(|p| i64::from(p.1 .0))
}

impl Emitter<'_> {
    pub(super) fn castling(&mut self, fen: &Fen, moved: &mut Squares) -> Result<String, Refusal> {
        let v = self.v;
        if !self.same("castlingKingPiece") || !self.same("castlingRookPieces") {
            return Err(self.refuse("castlingKingPiece.w", "castling pieces that differ by side"));
        }
        let king = v.piece_type("castlingKingPiece.w");
        if king == 0 || v.pieces[king].is_none() {
            return Ok(String::new());
        }
        // The rank the king and rooks castle on, as each side sees it.
        let cr = v.int("castlingRank") as i32;
        if !(0..self.ranks).contains(&cr) {
            return Err(self.refuse("castlingRank", "a castling rank off the board"));
        }
        // The king's file: where the start position has it on the castling
        // rank (Fairy-Stockfish finds it there), else `castlingKingFile`.
        let rooks = v.set("castlingRookPieces.w");
        let mut kf = v.int("castlingKingFile");
        let mut files = Vec::new();
        for (list, rank) in [(&fen.white, cr), (&fen.black, self.ranks - 1 - cr)] {
            let kings: Vec<i32> = list
                .iter()
                .filter(|p| p.0 == king && p.1 .1 == rank)
                .map(|p| p.1 .0)
                .collect();
            if let [f] = kings[..] {
                files.push(f);
            }
        }
        if let Some(&f) = files.first() {
            if files.iter().any(|&g| g != f) {
                return Err(self.refuse(
                    "startFen",
                    "castling kings on different files for each side",
                ));
            }
            kf = i64::from(f);
        }
        // Each right names one rook, as Fairy-Stockfish reads the field:
        // `K` the first partner from `castlingRookKingsideFile` inward (the
        // outermost by default, shako's i-file rook), `Q` likewise from
        // `castlingQueensideFile`, a file letter (`Dd`) the piece on that
        // file. Tessera castles with the first unmoved partner met from the
        // king, so every other partner on that wing is set up as having
        // moved: FSF never castles with it.
        let (rk, rq) = (
            v.int("castlingRookKingsideFile"),
            v.int("castlingRookQueensideFile"),
        );
        // (white, east) -> the file of the rook the right names.
        let mut named: Vec<((bool, bool), i64)> = Vec::new();
        for c in fen.rights.chars() {
            let white = c.is_ascii_uppercase();
            let (list, rank) = if white {
                (&fen.white, cr)
            } else {
                (&fen.black, self.ranks - 1 - cr)
            };
            let lower = c.to_ascii_lowercase();
            let on_wing: Vec<i64> = list
                .iter()
                .filter(|p| rooks & (1 << p.0) != 0 && p.1 .1 == rank)
                .map(|p| i64::from(p.1 .0))
                .collect();
            let file = match lower {
                'k' => on_wing.iter().copied().filter(|&f| f <= rk).max(),
                'q' => on_wing.iter().copied().filter(|&f| f >= rq).min(),
                _ => {
                    let f = i64::from(lower as u8) - i64::from(b'a');
                    on_wing.contains(&f).then_some(f)
                }
            };
            // No partner where FSF looks: FSF sets no right.
            let Some(file) = file else { continue };
            let east = file > kf;
            if file == kf || (lower == 'k' && !east) || (lower == 'q' && east) {
                return Err(self.refuse(
                    "startFen",
                    format!(
                        "castling right `{c}` naming a rook on the other wing of the king, or none"
                    ),
                ));
            }
            // Tessera's FEN writes a right by its rook's file where another
            // partner stands beyond it on its wing, FSF `K` or `Q`.
            let outermost = wing_rook_files(list, rooks, rank, kf, east).reduce(|a, b| {
                if east {
                    a.max(b)
                } else {
                    a.min(b)
                }
            });
            if outermost != Some(file) {
                return Err(self.refuse(
                    "startFen",
                    format!("castling right `{c}` (a rook that is not the outermost partner on its wing: FSF writes the right `K` or `Q`, Tessera by the rook's file) is not imported yet"),
                ));
            }
            if named.iter().any(|&(k, _)| k == (white, east)) {
                continue;
            }
            named.push(((white, east), file));
        }
        // Partners FSF never castles with, on a wing whose right the start
        // position lacks or names another rook: where Tessera could castle
        // with them (a king and a partner on that wing), they are set up as
        // having moved.
        for (list, rank, white) in [
            (&fen.white, cr, true),
            (&fen.black, self.ranks - 1 - cr, false),
        ] {
            let has_king = list
                .iter()
                .any(|p| p.0 == king && p.1 .1 == rank && i64::from(p.1 .0) == kf);
            if !has_king {
                continue;
            }
            for east in [true, false] {
                let keep = named
                    .iter()
                    .find(|&&(k, _)| k == (white, east))
                    .map(|&(_, f)| f);
                moved.extend(
                    list.iter()
                        .filter(|p| {
                            rooks & (1 << p.0) != 0
                                && p.1 .1 == rank
                                && i64::from(p.1 .0) != kf
                                && (i64::from(p.1 .0) > kf) == east
                                && Some(i64::from(p.1 .0)) != keep
                        })
                        .map(|p| p.1),
                );
            }
        }
        if v.flag("chess960") {
            return self.castling_960(fen, king, kf, cr);
        }
        let ks = v.int("castlingKingsideFile") - kf;
        let qs = kf - v.int("castlingQueensideFile");
        if ks < 1 || qs < 1 {
            return Err(self.refuse(
                if ks < 1 {
                    "castlingKingsideFile"
                } else {
                    "castlingQueensideFile"
                },
                "castling where the king does not move is not imported yet",
            ));
        }
        if ks != qs && self.asymmetric() {
            return Err(self.refuse(
                "castlingKingsideFile",
                "castling of different lengths on each wing, beside pieces that tell left from right",
            ));
        }
        let mut out = String::new();
        if ks == 1 || qs == 1 {
            // Fairy-Stockfish writes a castling whose king moves one step as
            // the king taking its rook (`d1f1`).
            out.push_str("notation castling king takes rook\n");
        }
        // `checking = false`: a castling may not give check either;
        // `oppositeCastling`: castling on a wing takes the other side's
        // right there.
        let mut nc = if v.flag("checking") {
            ""
        } else {
            ", not checking"
        }
        .to_string();
        if v.flag("oppositeCastling") {
            nc.push_str(", opposite");
        }
        for rook in self.kinds_of(v.set("castlingRookPieces.w")) {
            let (k, r) = (self.kind(king), self.kind(rook));
            if ks == qs {
                let _ = writeln!(
                    out,
                    "castling {k} {r} along e w: king {ks}, rook beside{nc}"
                );
            } else {
                let _ = writeln!(out, "castling {k} {r} along e: king {ks}, rook beside{nc}");
                let _ = writeln!(out, "castling {k} {r} along w: king {qs}, rook beside{nc}");
            }
        }
        Ok(out)
    }

    /// `chess960`: Fairy-Stockfish's king lands on `castlingKingsideFile`
    /// (or `castlingQueensideFile`) and the rook beside it, inward, wherever
    /// they stood: `castling KING ROOK along e: king to ZONE, rook to ZONE`,
    /// which Tessera writes as FSF does (`e1h1`, rights `HAha`). FSF's right
    /// names one rook, the outermost; Tessera's partner is the first piece
    /// along the wing: the same where a wing holds one partner at the start
    /// and no piece can be dropped.
    pub(super) fn castling_960(
        &mut self,
        fen: &Fen,
        king: usize,
        kf: i64,
        cr: i32,
    ) -> Result<String, Refusal> {
        let v = self.v;
        if v.flag("pieceDrops") || v.flag("oppositeCastling") {
            return Err(self.refuse(
                "chess960",
                "Chess960 castling beside drops or `oppositeCastling` is not imported yet",
            ));
        }
        let rooks = v.set("castlingRookPieces.w");
        for (list, rank) in [(&fen.white, cr), (&fen.black, self.ranks - 1 - cr)] {
            for east in [true, false] {
                let partners = wing_rook_files(list, rooks, rank, kf, east).count();
                if partners > 1 {
                    return Err(self.refuse(
                        "chess960",
                        "Chess960 castling with several partners on one wing (Fairy-Stockfish's right names the outermost) is not imported yet",
                    ));
                }
            }
        }
        let (kk, kq) = (
            v.int("castlingKingsideFile") as i32,
            v.int("castlingQueensideFile") as i32,
        );
        let top = self.ranks - 1 - cr;
        let one = |f: i32, r: i32| -> Squares { std::iter::once((f, r)).collect() };
        let mut zones = Vec::new();
        for (name, f) in [
            ("castle-king-e", kk),
            ("castle-rook-e", kk - 1),
            ("castle-king-w", kq),
            ("castle-rook-w", kq + 1),
        ] {
            match self.zone(name, &one(f, cr), &one(f, top)) {
                Some(z) if (0..self.files).contains(&f) => zones.push(z),
                _ => {
                    return Err(self.refuse(
                        "castlingKingsideFile",
                        "Chess960 castling onto files off the board",
                    ))
                }
            }
        }
        let nc = if v.flag("checking") {
            ""
        } else {
            ", not checking"
        };
        let mut out = String::new();
        for rook in self.kinds_of(rooks) {
            let (k, r) = (self.kind(king), self.kind(rook));
            let _ = writeln!(
                out,
                "castling {k} {r} along e: king to {}, rook to {}{nc}",
                zones[0], zones[1]
            );
            let _ = writeln!(
                out,
                "castling {k} {r} along w: king to {}, rook to {}{nc}",
                zones[2], zones[3]
            );
        }
        Ok(out)
    }
}
