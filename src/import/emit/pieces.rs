//! The pieces: each kind's declaration, moves and promotion rules.

use super::*;

/// What every kind's rules read, decided before the first kind is written.
pub(super) struct Facts<'f> {
    pub(super) fen: &'f Fen,
    pub(super) steps: Steps,
    /// The kinds that take en passant (`enPassantTypes`, the same for both sides).
    pub(super) ep_types: u64,
    /// The pawn-style promotion rules, by kind.
    pub(super) promo_rules: Vec<(usize, String)>,
    pub(super) royal: Option<usize>,
    pub(super) pseudo_royal: u64,
    /// Every kind is worth 1 where material is counted.
    pub(super) unit_values: bool,
}

impl Emitter<'_> {
    /// Every kind, from Fairy-Stockfish's highest piece type down, with its
    /// moves and promotions; the kinds that promote shogi-style.
    pub(super) fn pieces(&mut self, body: &mut String, f: &Facts) -> Result<Vec<usize>, Refusal> {
        let v = self.v;
        let (fen, ep, ep_types) = (f.fen, f.steps.ep, f.ep_types);
        let (doubles, triple) = (&f.steps.doubles, &f.steps.triple);
        let (royal, pseudo_royal, unit_values) = (f.royal, f.pseudo_royal, f.unit_values);
        let promo_rules = &f.promo_rules;
        let mut promoted_kinds: Vec<usize> = Vec::new();
        // Declared from Fairy-Stockfish's highest piece type down, the order
        // in which it writes hands in FEN.
        for pt in (1..PIECE_TYPE_NB).rev() {
            let Some(def) = &v.pieces[pt] else { continue };
            if self.alias[pt].is_some() {
                // Declared as the promoted kind of the kind that makes it.
                continue;
            }
            let name = self.kind(pt);
            let _ = write!(body, "\npiece {name} {}", def.letter);
            if Some(pt) == royal || pseudo_royal & (1 << pt) != 0 {
                body.push_str(" royal");
            }
            if let Some(n) = self.count_value(pt, unit_values).or(self.chase_value(pt)) {
                let _ = write!(body, " value {n}");
            }
            body.push('\n');
            if v.set("petrifyOnCaptureTypes") & (1 << pt) != 0 {
                // FSF turns the capturing piece into a wall square.
                body.push_str("  on capture become wall\n");
            }
            let extra = self.movement_mods(pt);
            let more = if extra.is_empty() {
                String::new()
            } else {
                format!(", {extra}")
            };
            if pt == PAWN {
                let _ = writeln!(body, "  step n: quiet{more}");
                for (z, sets) in doubles {
                    let _ = writeln!(
                        body,
                        "  step n then step n: quiet, from {z}{}{more}",
                        if *sets { ", sets en passant" } else { "" }
                    );
                }
                if let Some(z) = triple {
                    let _ = writeln!(
                        body,
                        "  step n then step n then step n: quiet, from {z}{}{more}",
                        if ep { ", sets en passant" } else { "" }
                    );
                }
                let takes = ep && ep_types & (1 << PAWN) != 0;
                let _ = writeln!(
                    body,
                    "  step ne nw: capture{}{more}",
                    if takes { ", takes en passant" } else { "" }
                );
            } else if pt == JANGGI_CANNON {
                // It hops over any piece but another cannon, and captures any
                // piece but a cannon.
                let me = self.kind(pt);
                let _ = writeln!(
                    body,
                    "  hop orthogonal: not over {me}, not capturing {me}{more}"
                );
                self.diagonal_lines(body, pt, fen)?;
            } else if pt == SOLDIER && v.soldierPromotionRank_is_set() {
                // Fairy-Stockfish's soldier steps forward, and sideways too
                // from its promotion rank on (xiangqi's river).
                let r = v.int("soldierPromotionRank") as i32;
                let cells = |up: bool| -> Squares {
                    (0..self.files)
                        .flat_map(|f| (0..self.ranks).map(move |q| (f, q)))
                        .filter(|&(_, q)| if up { q >= r } else { q <= self.ranks - 1 - r })
                        .collect()
                };
                let (w, b) = (cells(true), cells(false));
                let zone = self.zone("soldier-promoted", &w, &b);
                self.write_betza(body, pt, "fW", doubles)?;
                if let Some(z) = zone {
                    let _ = writeln!(body, "  step e w: from {z}{more}");
                }
                self.diagonal_lines(body, pt, fen)?;
            } else {
                let betza = if pt == KING {
                    v.king_betza.clone().unwrap_or_else(|| "K".to_string())
                } else if pt >= CUSTOM_FIRST {
                    def.betza.clone()
                } else {
                    predefined_betza(pt).to_string()
                };
                self.write_betza(body, pt, &betza, doubles)?;
                self.diagonal_lines(body, pt, fen)?;
                if pt == KING && v.flag("flyingGeneral") {
                    // Kings may not face each other on an open line: each
                    // attacks the other along it.
                    body.push_str("  slide orthogonal: capture, capturing king\n");
                }
            }
            for (_, rule) in promo_rules.iter().filter(|(p, _)| *p == pt) {
                let _ = writeln!(body, "  {rule}");
            }
            // `immobilityIllegal`: no move but a promotion may leave the
            // piece where it could never move again (written after its
            // promotions; `import` drops it where no cell is such).
            let mut stuck = self.may_be_stuck(pt);
            self.promoted_piece(body, pt, &mut stuck, f, &mut promoted_kinds)?;
            if stuck {
                body.push_str("  promote stuck to nothing\n");
            }
        }
        Ok(promoted_kinds)
    }
}
