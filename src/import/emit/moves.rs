//! The pieces' moves: Betza, en passant, regions, janggi's diagonal lines.

use super::*;

/// The pawn's steps of more than one cell: the zones of its double steps,
/// each with whether it sets en passant, and the zone of its triple step.
pub(super) struct Steps {
    /// Whether en passant is played at all.
    pub(super) ep: bool,
    pub(super) doubles: Vec<(String, bool)>,
    pub(super) triple: Option<String>,
}

impl Emitter<'_> {
    /// Whether en passant is on for some double step, and where it is on
    /// for some only, the cells of each side's double-step region from
    /// which it is not.
    pub(super) fn en_passant(&self) -> Result<(bool, Option<(Squares, Squares)>), Refusal> {
        let v = self.v;
        let mut any = false;
        let mut all = true;
        let mut quiet = (Squares::new(), Squares::new());
        for (mover, them) in [("w", "b"), ("b", "w")] {
            let region = v.squares(&format!("enPassantRegion.{them}"));
            let dir = if mover == "w" { 1 } else { -1 };
            for &(f, r) in &self.on_board(&v.squares(&format!("doubleStepRegion.{mover}"))) {
                let target = (f, r + dir);
                if target.1 < 0 || target.1 >= self.ranks {
                    continue;
                }
                if region.contains(&target) {
                    any = true;
                } else {
                    all = false;
                    if mover == "w" {
                        quiet.0.insert((f, r));
                    } else {
                        quiet.1.insert((f, r));
                    }
                }
            }
        }
        Ok((any, (any && !all).then_some(quiet)))
    }

    /// Whether the triple steps set en passant: FSF marks each cell passed
    /// that is in the other side's `enPassantRegion`; Tessera's step marks
    /// both cells passed or none, so a step passing one cell of the region
    /// and one outside it is refused.
    pub(super) fn triple_en_passant(&self, ep: bool) -> Result<bool, Refusal> {
        let v = self.v;
        let (mut inside, mut outside) = (false, false);
        for (mover, them) in [("w", "b"), ("b", "w")] {
            let region = v.squares(&format!("enPassantRegion.{them}"));
            let dir = if mover == "w" { 1 } else { -1 };
            for &(f, r) in &self.on_board(&v.squares(&format!("tripleStepRegion.{mover}"))) {
                if r + 3 * dir < 0 || r + 3 * dir >= self.ranks {
                    continue;
                }
                for passed in [(f, r + dir), (f, r + 2 * dir)] {
                    if region.contains(&passed) {
                        inside = true;
                    } else {
                        outside = true;
                    }
                }
            }
        }
        if inside && outside {
            return Err(self.refuse(
                "tripleStepRegion.w",
                "triple steps passing cells in and out of `enPassantRegion` are not imported yet",
            ));
        }
        Ok(if inside || outside { inside } else { ep })
    }

    /// The modifiers every movement of a piece of FSF type `pt` carries:
    /// `to mobility-KIND` where a side confines the type to a region
    /// (`mobilityRegion<Colour><Piece>`: its moves, captures and attacks end
    /// there), and `not checking` with `checking = false`.
    /// The cells on the board of side `c`'s mobility region for type `pt`
    /// (`mobilityRegion<Colour><Piece>`); `None` where none is given or it
    /// is empty, which is no region (FSF tests it for zero).
    pub(super) fn mobility_region(&self, c: usize, pt: usize) -> Option<Squares> {
        self.v
            .mobility_regions
            .iter()
            .find(|(col, p, _)| *col == c && *p == pt)
            .map(|(_, _, s)| self.on_board(s))
            .filter(|s| !s.is_empty())
    }

    pub(super) fn movement_mods(&mut self, pt: usize) -> String {
        let v = self.v;
        let mut mods = Vec::new();
        let all: Squares = (0..self.files)
            .flat_map(|f| (0..self.ranks).map(move |r| (f, r)))
            .collect();
        let region = |c: usize| self.mobility_region(c, pt).unwrap_or_else(|| all.clone());
        let (w, b) = (region(0), region(1));
        if w != all || b != all {
            let name = format!("mobility-{}", self.kind(pt));
            if let Some(z) = self.zone(&name, &w, &b) {
                mods.push(format!("to {z}"));
            }
        }
        if !v.flag("checking") {
            mods.push("not checking".to_string());
        }
        // `mutuallyImmuneTypes`: a piece of these types never takes another.
        let immune = v.set("mutuallyImmuneTypes");
        if immune & (1 << pt) != 0 {
            let kinds: Vec<String> = self
                .kinds_of(immune)
                .iter()
                .map(|&k| self.kind(k))
                .collect();
            mods.push(format!("not capturing {}", kinds.join(" ")));
        }
        mods.join(", ")
    }

    /// `diagonalLines`: on these cells (janggi's palace diagonals),
    /// Fairy-Stockfish's own wazir (and the king whose `kingType` it is), its
    /// soldier, rook and janggi cannon also move along the diagonals, from a
    /// cell of the lines to a cell of the lines: as a fers, a forward fers, a
    /// bishop, and a cannon hopping diagonally (over no cannon, capturing no
    /// cannon). Other types, custom ones among them, do not.
    pub(super) fn diagonal_lines(
        &mut self,
        body: &mut String,
        pt: usize,
        fen: &Fen,
    ) -> Result<(), Refusal> {
        const ROOK: usize = 4;

        const WAZIR: usize = 34;
        let v = self.v;
        let lines = self.on_board(&v.squares("diagonalLines"));
        let movement = match pt {
            WAZIR => "step diagonal".to_string(),
            KING if self.v.king_wazir => "step diagonal".to_string(),
            SOLDIER => "step ne nw".to_string(),
            ROOK => "slide diagonal".to_string(),
            JANGGI_CANNON => "hop diagonal".to_string(),
            _ => return Ok(()),
        };
        if lines.is_empty() {
            return Ok(());
        }
        // The piece's mobility region bounds these moves too: one zone with
        // the cells of both (a movement takes one `to`).
        let region = |c: usize| match self.mobility_region(c, pt) {
            Some(s) => s.intersection(&lines).copied().collect(),
            None => lines.clone(),
        };
        // Fairy-Stockfish bounds these moves by the region, but not the
        // attacks they make (a check): refused where a piece of the type
        // would attack a cell of the lines outside its region.
        let far = pt == ROOK || pt == JANGGI_CANNON;
        for c in 0..2 {
            let Some(confined) = self.mobility_region(c, pt) else {
                continue;
            };
            let placed = if c == 0 { &fen.white } else { &fen.black };
            let sources: Squares = lines
                .iter()
                .filter(|s| confined.contains(s))
                .copied()
                .chain(placed.iter().filter(|p| p.0 == pt).map(|p| p.1))
                .filter(|s| lines.contains(s))
                .collect();
            let forward = if c == 0 { 1 } else { -1 };
            let leaks = sources.iter().any(|&(f, r)| {
                lines.iter().any(|&(tf, tr)| {
                    let (df, dr) = (tf - f, tr - r);
                    let diagonal = df != 0 && df.abs() == dr.abs();
                    let reached = if far {
                        diagonal
                    } else if pt == SOLDIER {
                        df.abs() == 1 && dr == forward
                    } else {
                        diagonal && df.abs() == 1
                    };
                    reached && !confined.contains(&(tf, tr))
                })
            });
            if leaks {
                return Err(self.refuse(
                    "diagonalLines",
                    format!(
                        "the {}'s attacks along the diagonal lines beyond its mobility region (Fairy-Stockfish bounds its moves there, not its checks) cannot be said yet",
                        self.kind(pt)
                    ),
                ));
            }
        }
        let (w, b) = (region(0), region(1));
        let Some(z) = self.zone("diagonal-lines", &lines, &lines) else {
            return Ok(());
        };
        let to = if w == lines && b == lines {
            Some(z.clone())
        } else {
            self.zone(&format!("diagonal-lines-{}", self.kind(pt)), &w, &b)
        };
        let Some(to) = to else {
            // No cell of the lines in the region: no such move.
            return Ok(());
        };
        let mut mods = format!("from {z}, to {to}");
        if pt == JANGGI_CANNON {
            let me = self.kind(pt);
            let _ = write!(mods, ", not over {me}, not capturing {me}");
        }
        if !v.flag("checking") {
            mods.push_str(", not checking");
        }
        let _ = writeln!(body, "  {movement}: {mods}");
        Ok(())
    }

    /// A piece's moves in Betza's shorthand; its initial double step (`ifmnD`),
    /// which Fairy-Stockfish allows from the double-step region, in the long form.
    pub(super) fn write_betza(
        &mut self,
        body: &mut String,
        pt: usize,
        betza: &str,
        doubles: &[(String, bool)],
    ) -> Result<(), Refusal> {
        let field = if pt == KING {
            format!("piece:{KING}")
        } else {
            format!("piece:{pt}")
        };
        let extra = self.movement_mods(pt);
        let more = if extra.is_empty() {
            String::new()
        } else {
            format!(", {extra}")
        };
        let mut plain = String::new();
        let mut initial = Vec::new();
        let all_chunks = betza_chunks(betza);
        for chunk in &all_chunks {
            if let Some(hops) = ranged_hop(chunk, &all_chunks) {
                let (betza_part, lines) = hops.map_err(|why| {
                    self.refuse(
                        &field,
                        format!("`{chunk}` of `{betza}` ({why}) is not imported yet"),
                    )
                })?;
                plain.push_str(&betza_part);
                for line in lines {
                    let _ = writeln!(body, "  {line}{more}");
                }
                continue;
            }
            let chunk = match fsf_reading(chunk) {
                Reading::Moves(c) => c,
                Reading::Nothing => continue,
                Reading::Unsure => {
                    return Err(self.refuse(
                        &field,
                        format!(
                            "`{chunk}` of `{betza}` (a hopper with a range) is not imported yet"
                        ),
                    ))
                }
            };
            if chunk.contains('h') {
                // Tessera's Betza has no `h`: the jumps FSF reads, one by one.
                match fsf_leaps(&chunk) {
                    Some((offsets, modality)) if !offsets.is_empty() => {
                        let list: Vec<String> =
                            offsets.iter().map(|(f, r)| format!("({f}, {r})")).collect();
                        let mods = match (modality.is_empty(), extra.is_empty()) {
                            (_, true) => modality.to_string(),
                            (true, false) => format!(": {extra}"),
                            (false, false) => format!("{modality}{more}"),
                        };
                        let _ = writeln!(body, "  leap only {}{mods}", list.join(" "));
                        continue;
                    }
                    _ => {
                        // A lame knight whose `h` gives whole pairs of
                        // jumps: Tessera's two-letter directions.
                        if let Some(moves) = lame_knight_halves(&chunk) {
                            plain.push_str(&moves);
                            continue;
                        }
                        return Err(self.refuse(
                            &field,
                            format!("`{chunk}` of `{betza}` (`h` on a rider, hopper, lame or initial move) is not imported yet"),
                        ));
                    }
                }
            }
            if chunk.contains('i') {
                initial.push(chunk.replace('i', ""));
            } else {
                plain.push_str(&chunk);
            }
        }
        if !plain.is_empty() {
            if extra.is_empty() {
                let _ = writeln!(body, "  betza \"{plain}\"");
            } else {
                let _ = writeln!(body, "  betza \"{plain}\": {extra}");
            }
        }
        for chunk in initial {
            let mut sorted: Vec<char> = chunk.chars().collect();
            sorted.sort_unstable();
            let key: String = sorted.into_iter().collect();
            let legs: &[&str] = match key.as_str() {
                "Dfmn" => &["n"],
                "Afmn" => &["ne", "nw"],
                _ => {
                    // Any other initial move is a move from the
                    // double-step region (none where there is none). Past
                    // one step, pyffish 0.0.90 writes the cells it passes
                    // and lands on as en-passant cells in FEN, within
                    // `enPassantRegion`: said where that region is empty.
                    let ep_region = self.on_board(&self.v.squares("enPassantRegion.w")).len()
                        + self.on_board(&self.v.squares("enPassantRegion.b")).len();
                    if ep_region != 0 && !doubles.is_empty() {
                        return Err(self.refuse(
                            &field,
                            format!("the initial move `i{chunk}` of `{betza}` beside en passant is not imported yet (only `ifmnD` and `ifmnA`)"),
                        ));
                    }
                    // pyffish 0.0.90 makes initial moves quiet only: they
                    // neither capture nor attack.
                    if chunk.contains('c') && !doubles.is_empty() {
                        return Err(self.refuse(
                            &field,
                            format!("the capturing initial move `i{chunk}` of `{betza}` is not imported yet"),
                        ));
                    }
                    let quiet = chunk.replace('m', "");
                    for (z, _) in doubles {
                        let _ = writeln!(body, "  betza \"{quiet}\": quiet, from {z}{more}");
                    }
                    continue;
                }
            };
            for (z, sets) in doubles {
                for d in legs {
                    let _ = writeln!(
                        body,
                        "  step {d} then step {d}: quiet, from {z}{}{more}",
                        if *sets { ", sets en passant" } else { "" }
                    );
                }
            }
        }
        Ok(())
    }

    /// The pawn's double and triple steps and whether they set en passant.
    pub(super) fn pawn_steps(&mut self) -> Result<Steps, Refusal> {
        let v = self.v;
        // En passant after a double step from the cells where FSF allows it
        // (`enPassantRegion`): one zone of those, one of the others.
        let (ep, quiet_cells) = self.en_passant()?;
        let (dw, db) = (
            v.squares("doubleStepRegion.w"),
            v.squares("doubleStepRegion.b"),
        );
        let double = match &quiet_cells {
            None => self.zone("double-step", &dw, &db),
            Some((qw, qb)) => self.zone(
                "double-step",
                &dw.difference(qw).copied().collect(),
                &db.difference(qb).copied().collect(),
            ),
        };
        let mut doubles: Vec<(String, bool)> = double.iter().map(|z| (z.clone(), ep)).collect();
        if let Some((qw, qb)) = &quiet_cells {
            if let Some(z) = self.zone("double-step-quiet", qw, qb) {
                doubles.push((z, false));
            }
        }
        // FSF's pawn steps three cells from its triple-step region.
        let triple = self.zone(
            "triple-step",
            &v.squares("tripleStepRegion.w"),
            &v.squares("tripleStepRegion.b"),
        );
        // FSF marks each cell a triple step passes, where the other side may
        // take en passant there (`enPassantRegion`): Tessera's step sets
        // both or neither.
        let triple_ep = if triple.is_some() && v.pieces[PAWN].is_some() {
            self.triple_en_passant(ep)?
        } else {
            ep
        };
        if triple.is_some() && v.pieces[PAWN].is_some() && triple_ep != ep {
            return Err(self.refuse(
                "tripleStepRegion.w",
                "triple steps that set en passant where double steps do not, or the reverse, are not imported yet",
            ));
        }
        if !self.same("enPassantTypes") {
            return Err(self.refuse(
                "enPassantTypes.w",
                "different en-passant kinds for each side",
            ));
        }
        Ok(Steps {
            ep,
            doubles,
            triple,
        })
    }
}
