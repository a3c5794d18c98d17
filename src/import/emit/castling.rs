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
        // A right naming a rook by its file (`Dd`): FSF castles with that
        // rook and writes the right `K` or `Q`; where it is the outermost
        // partner on its wing, it is that right.
        let mut rights = String::new();
        for c in fen.rights.chars() {
            if "KQkq".contains(c) {
                rights.push(c);
                continue;
            }
            let (list, rank) = if c.is_ascii_uppercase() {
                (&fen.white, cr)
            } else {
                (&fen.black, self.ranks - 1 - cr)
            };
            let file = i64::from(c.to_ascii_lowercase() as u8) - i64::from(b'a');
            let east = file > kf;
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
                    format!("castling right `{c}` (a rook named by its file, not the outermost on its wing) is not imported yet"),
                ));
            }
            let right = match (c.is_ascii_uppercase(), east) {
                (true, true) => 'K',
                (true, false) => 'Q',
                (false, true) => 'k',
                (false, false) => 'q',
            };
            rights.push(right);
        }
        // A right the start position lacks: where Tessera could castle
        // there (a king and a partner on that wing), the partners on that
        // wing are set up as having moved.
        for (list, rank, k, q) in [
            (&fen.white, cr, 'K', 'Q'),
            (&fen.black, self.ranks - 1 - cr, 'k', 'q'),
        ] {
            for (right, east) in [(k, true), (q, false)] {
                if rights.contains(right) {
                    continue;
                }
                let has_king = list
                    .iter()
                    .any(|p| p.0 == king && p.1 .1 == rank && i64::from(p.1 .0) == kf);
                let partners = list.iter().filter(|p| {
                    rooks & (1 << p.0) != 0
                        && p.1 .1 == rank
                        && (i64::from(p.1 .0) > kf) == east
                        && i64::from(p.1 .0) != kf
                });
                if has_king {
                    moved.extend(partners.map(|p| p.1));
                }
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
