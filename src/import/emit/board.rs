//! The board: cells, cell lists and zones as a rule file writes them.

use super::*;

impl Emitter<'_> {
    pub(super) fn on_board(&self, s: &Squares) -> Squares {
        s.iter()
            .copied()
            .filter(|&(f, r)| f < self.files && r < self.ranks)
            .collect()
    }

    pub(super) fn cell(&self, (f, r): (i32, i32)) -> String {
        format!("{}{}", (b'a' + f as u8) as char, r + 1)
    }

    pub(super) fn cells(&self, s: &Squares) -> String {
        let mut out = Vec::new();
        let full = |r: i32| (0..self.files).all(|f| s.contains(&(f, r)));
        let mut r = 0;
        while r < self.ranks {
            // Whole ranks in a row make one box: `a1..h2`.
            if self.files > 1 && full(r) {
                let first = r;
                while r < self.ranks && full(r) {
                    r += 1;
                }
                let (a, b) = (self.cell((0, first)), self.cell((self.files - 1, r - 1)));
                out.push(format!("{a}..{b}"));
                continue;
            }
            let mut f = 0;
            while f < self.files {
                if !s.contains(&(f, r)) {
                    f += 1;
                    continue;
                }
                let start = f;
                while f < self.files && s.contains(&(f, r)) {
                    f += 1;
                }
                if f - start > 1 {
                    out.push(format!(
                        "{}..{}",
                        self.cell((start, r)),
                        self.cell((f - 1, r))
                    ));
                } else {
                    out.push(self.cell((start, r)));
                }
            }
            r += 1;
        }
        out.join(" ")
    }

    /// Declares a zone with each side's own cells; `None` when both are empty.
    pub(super) fn zone(&mut self, name: &str, white: &Squares, black: &Squares) -> Option<String> {
        let (w, b) = (self.on_board(white), self.on_board(black));
        if w.is_empty() && b.is_empty() {
            return None;
        }
        let mut text = format!("zone {name}");
        if !w.is_empty() {
            let _ = write!(text, " white {}", self.cells(&w));
        }
        if !b.is_empty() {
            let _ = write!(text, " black {}", self.cells(&b));
        }
        if let Some(i) = self.zone_names.iter().position(|n| n == name) {
            if self.zones[i] == text {
                return Some(name.to_string());
            }
            return None;
        }
        self.zone_names.push(name.to_string());
        self.zones.push(text);
        Some(name.to_string())
    }

    /// Whether some piece's Betza tells left from right.
    pub(super) fn asymmetric(&self) -> bool {
        let v = self.v;
        (0..PIECE_TYPE_NB).any(|pt| {
            let betza = match &v.pieces[pt] {
                Some(_) if pt == KING => v.king_betza.clone().unwrap_or_default(),
                Some(def) if pt >= CUSTOM_FIRST => def.betza.clone(),
                _ => return false,
            };
            betza_chunks(&betza).iter().any(|chunk| {
                // `h` on a leaper: the jumps FSF reads, asymmetric only where
                // they are not their own mirror image (`fhN` is symmetric,
                // `rhN` is not).
                if let Some((offsets, _)) = fsf_leaps(chunk).filter(|_| chunk.contains('h')) {
                    return offsets.iter().any(|&(f, r)| !offsets.contains(&(-f, r)));
                }
                chunk.contains('l') || chunk.contains('r') || chunk.contains('h')
            })
        })
    }
}
