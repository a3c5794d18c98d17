//! Every rule file in `games/` compiles, and its start position is pinned.
//!
//! For each `games/*.game`, two snapshots: the `check` summary line (title, cell,
//! piece and legal-move counts) and the sorted legal moves of the start position
//! as `tessera moves` prints them. A new game gets new snapshots to review; a
//! change to an existing game's start shows up as a diff.
//!
//! Reviewed by hand:
//! - `chess.game`: 64 cells, 6 piece kinds, 20 moves: each of the 8 pawns steps one
//!   or two (16), each knight has its two squares in front (b1a3 b1c3 g1f3 g1h3).
//! - `cycle-chess.game`: 36 squares + `0`, `7`, `X` = 39 cells, 5 kinds, 9 moves as
//!   RULES.md says: six pawn steps, and b1-0 (via c0), e1-0 (via d0), c1-0 (via c0
//!   or d0, one move); the king may not enter `0`.
//! - `central-squares.game`: 3 x 36 - 12 + 4 = 100 cells, 6 kinds, 38 moves: pawns
//!   12 (up a rank or a board; c2 and d2 step onto the central c3 and d3), rooks 4
//!   (up the boards), king 1 (Bd1), knight 9 (Ab3 Bb3 Cb3 d3 via c3; Be1; Ba1; Cb1
//!   Cc2 Cd1 via Cc1), bishop b1 6 (Ba2; Bc2 d3, then Be4 and Ce4, then Cf5 taking
//!   a pawn), bishop e1 6 (Bf2; Bd2 c3, then Bb4 and Cb4, then Ca5 taking a pawn).
//! - `exile-chess.game`: 64 cells, 8 kinds, 58 moves: in the first phase only the
//!   exiles move, 3 or 4 knight jumps over the 32 empty squares of ranks 3-6 (and
//!   their own start square). The c8 exile reaches all 32 but b6 and f6, where it
//!   would check the king on d8 as wazir + alfil: 30; the g8 exile (c8 still
//!   occupied) reaches 28, all but a3, a5, b6, f6 (counted with a breadth-first
//!   search over the jump graph).
//! - `power-chess-98.game`: 35 cells, 4 kinds, 5 moves: each pawn steps one; every
//!   other piece is boxed in and the fields are empty.

mod common;

use common::{relative, stdout_of};

#[test]
fn check_line_and_start_moves() {
    insta::glob!("../games", "*.game", |path| {
        let file = relative(path);
        // insta names glob snapshots by the path past the files' common prefix, which
        // is empty while the folder holds one file; name them by file name instead.
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        insta::with_settings!({ snapshot_suffix => name }, {
            let check = stdout_of(&["check", &file]);
            assert_eq!(check.lines().count(), 1, "one summary line per file");
            assert!(
                check.starts_with(&format!("{file}: ok: ")),
                "the summary names the file: {check}"
            );
            insta::assert_snapshot!("check", check);

            let moves = stdout_of(&["moves", &file]);
            let count = moves.lines().count();
            // The summary, without the count of warnings that may end it.
            let summary = check.trim_end();
            let summary = (summary.rsplit_once(", "))
                .filter(|(_, last)| last.ends_with("warnings") || last.ends_with("warning"))
                .map_or(summary, |(before, _)| before);
            assert!(
                summary.ends_with(&format!(", {count} legal moves")),
                "`check` counts the moves that `moves` lists: {check}"
            );
            insta::assert_snapshot!("moves", moves);
        });
    });
}
