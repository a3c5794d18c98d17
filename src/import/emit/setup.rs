//! The setup: the start position, hands, turn and counters.

use super::*;

impl Emitter<'_> {
    /// The `setup` block: the start FEN's pieces, hands, walls, turn and
    /// counters, and the castling pieces that have lost their rights.
    pub(super) fn setup(&self, body: &mut String, fen: &Fen, moved: &Squares, walling: &str) {
        let v = self.v;
        // Setup (none where the board starts empty and no side moves first:
        // `setup` must place something or say something).
        let mut setup = String::new();
        for (side, pieces) in [("white", &fen.white), ("black", &fen.black)] {
            let mut parts = Vec::new();
            let promoted =
                |cell: &(i32, i32)| fen.promoted.iter().find(|p| p.0 == *cell).map(|p| p.1);
            for pt in 1..PIECE_TYPE_NB {
                let cells: Squares = pieces
                    .iter()
                    .filter(|p| p.0 == pt && promoted(&p.1).is_none())
                    .map(|p| p.1)
                    .collect();
                if !cells.is_empty() {
                    parts.push(format!("{} {}", self.kind(pt), self.cells(&cells)));
                }
            }
            // Promoted pieces (`+X` in the FEN): X's promoted kind.
            for x in 1..PIECE_TYPE_NB {
                let cells: Squares = pieces
                    .iter()
                    .filter(|p| promoted(&p.1) == Some(x))
                    .map(|p| p.1)
                    .collect();
                if !cells.is_empty() {
                    parts.push(format!("{} {}", self.promoted_kind(x), self.cells(&cells)));
                }
            }
            let hand = if side == "white" {
                &fen.hand_white
            } else {
                &fen.hand_black
            };
            for pt in 1..PIECE_TYPE_NB {
                let n = hand.iter().filter(|&&p| p == pt).count();
                // With free drops, FSF keeps no hand.
                if n > 0 && !(v.flag("freeDrops") && v.flag("pieceDrops")) {
                    parts.push(format!("{n} {} @hand", self.kind(pt)));
                }
            }
            if side == "white" && !fen.walls.is_empty() {
                let walls: Squares = fen.walls.iter().copied().collect();
                let name = if walling == "duck" { "duck" } else { "wall" };
                parts.push(format!("{name} {}", self.cells(&walls)));
            }
            if !parts.is_empty() {
                let _ = writeln!(setup, "  {side} {}", parts.join(", "));
            }
        }
        if !moved.is_empty() {
            let _ = writeln!(setup, "  moved {}", self.cells(moved));
        }
        if fen.black_to_move {
            setup.push_str("  turn black\n");
        }
        if fen.fullmove != 1 {
            let _ = writeln!(setup, "  move {}", fen.fullmove);
        }
        if fen.clock != 0 {
            let _ = writeln!(setup, "  clock {}", fen.clock);
        }
        if !setup.is_empty() {
            body.push_str("\nsetup\n");
            body.push_str(&setup);
        }
    }
}
