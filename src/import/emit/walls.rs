//! Walls and the duck: neutral pieces, and the rules that place them.

use super::*;

impl Emitter<'_> {
    /// The walls and the duck: a neutral kind and the rule that places it;
    /// the walling rule and the neutral kind's name, if any.
    pub(super) fn walls(
        &mut self,
        body: &mut String,
        fen: &Fen,
        royal: Option<usize>,
        pseudo_royal: u64,
    ) -> Result<(String, Option<&'static str>), Refusal> {
        let v = self.v;
        // Walls: `*` in FEN, neutral pieces that never move, placed by the
        // walling rule; the duck moves from cell to cell.
        let walling = v.text("wallingRule").to_string();
        let neutral = match walling.as_str() {
            "duck" => Some("duck"),
            "none" if fen.walls.is_empty() && v.set("petrifyOnCaptureTypes") == 0 => None,
            _ => Some("wall"),
        };
        // FSF tests a pseudo-royal piece (`extinctionPseudoRoyal`) with the
        // duck moved, as Tessera tests every move, but its king with the
        // duck where it stood before the move.
        if walling != "none" && royal.is_some() && pseudo_royal != 0 {
            return Err(self.refuse(
                "wallingRule",
                "walls beside both a king and pseudo-royal pieces (Fairy-Stockfish tests the one without the placement, the others with it) cannot be said yet",
            ));
        }
        if let Some(n) = neutral {
            let _ = writeln!(body, "\npiece {n} * neutral");
            let mut mods: Vec<String> = Vec::new();
            match walling.as_str() {
                "arrow" => mods.extend(["new".to_string(), "shot".to_string()]),
                "past" => mods.extend(["new".to_string(), "at origin".to_string()]),
                "static" => mods.push("new".to_string()),
                "duck" | "none" => {}
                other => {
                    return Err(self.refuse(
                        "wallingRule",
                        format!("walls by the rule `{other}` cannot be said yet"),
                    ))
                }
            }
            if walling != "none" {
                let all: Squares = (0..self.files)
                    .flat_map(|f| (0..self.ranks).map(move |r| (f, r)))
                    .collect();
                let (ww, wb) = (
                    self.on_board(&v.squares("wallingRegion.w")),
                    self.on_board(&v.squares("wallingRegion.b")),
                );
                if ww != all || wb != all {
                    match self.zone("walling", &ww, &wb) {
                        Some(z) => mods.push(format!("to {z}")),
                        None => {
                            return Err(self.refuse("wallingRegion.w", "an empty walling region"))
                        }
                    }
                }
                // FSF tests its pseudo-royal pieces with the placement made,
                // its king without it.
                if pseudo_royal != 0 {
                    mods.push("shields".to_string());
                }
                let colon = if mods.is_empty() {
                    String::new()
                } else {
                    format!(": {}", mods.join(", "))
                };
                let _ = writeln!(body, "place {n} after every move{colon}");
            }
        }
        Ok((walling, neutral))
    }
}
