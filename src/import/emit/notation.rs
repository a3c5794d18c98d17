//! Standard algebraic notation as Fairy-Stockfish writes it (`get_san`):
//! the letters of its kinds, its pawns and its checks.

use super::*;

impl Emitter<'_> {
    /// The `notation san` lines: Fairy-Stockfish writes a piece by its
    /// type's letter, or by the type's synonym where it has one (xiangqi's
    /// horse `H`), so a promoted kind `+X` by the letter of the type it
    /// promoted to; it writes its own pawn type without a letter, and no
    /// other kind, whatever its moves; it marks a check only on its king
    /// type. Called after the kinds are written.
    pub(super) fn san_notation(&self) -> String {
        let v = self.v;
        let mut out = String::from("\n");
        // The letter Fairy-Stockfish writes for a type, upper case.
        let san_letter = |pt: usize| -> Option<char> {
            let def = v.pieces[pt].as_ref()?;
            let c = match v.synonyms[pt] {
                ' ' => def.letter,
                s => s,
            };
            Some(c.to_ascii_uppercase())
        };
        let mut letters: Vec<(String, char)> = Vec::new();
        for pt in 1..PIECE_TYPE_NB {
            let Some(def) = &v.pieces[pt] else { continue };
            if self.alias[pt].is_some() {
                continue;
            }
            match san_letter(pt) {
                Some(c) if c != def.letter.to_ascii_uppercase() => letters.push((self.kind(pt), c)),
                _ => {}
            }
        }
        for (kind, to) in &self.promoted_written {
            // Tessera writes a kind lettered `+X` as `X`.
            let own = v.pieces.iter().enumerate().find_map(|(pt, d)| {
                d.as_ref()
                    .filter(|_| *kind == self.promoted_kind(pt))
                    .map(|d| d.letter.to_ascii_uppercase())
            });
            match san_letter(*to) {
                Some(c) if Some(c) != own => letters.push((kind.clone(), c)),
                _ => {}
            }
        }
        if !letters.is_empty() {
            let pairs: Vec<String> = letters.iter().map(|(k, c)| format!("{k} {c}")).collect();
            let _ = writeln!(out, "notation san {}", pairs.join(" "));
        }
        // A custom piece that moves as a pawn is written with its letter.
        if (CUSTOM_FIRST..PIECE_TYPE_NB).any(|pt| pt != KING && v.pieces[pt].is_some()) {
            let pawn = match &v.pieces[PAWN] {
                Some(_) => format!(" {}", self.kind(PAWN)),
                None => String::new(),
            };
            let _ = writeln!(out, "notation san pawns{pawn}");
        }
        let king = match &v.pieces[KING] {
            Some(_) => format!(" {}", self.kind(KING)),
            None => String::new(),
        };
        let _ = writeln!(out, "notation san checks{king}");
        out
    }
}
