//! Drops and en passant as Fairy-Stockfish's variants files need them: a
//! piece let in from any edge (`pushed in along`, `sunk in along`: its
//! four-sided Connect Four), Othello's enclosing drops that look through
//! walls (`next to enemy`, `enclosing over KINDS along`), and the cells a
//! triple step passes written in FEN where a capture could use them
//! (`notation en passant passed`). Each test is a rule file, a position, and
//! the expected moves or FEN, as pyffish 0.0.90 gives them.

mod common;

use common::{game, moves_from as moves};
use tessera::notation::{fen, uci};
use tessera::{Game, Position};

const COMPASS: &str = "direction n (0, 1) s (0, -1) e (1, 0) w (-1, 0)
direction ne (1, 1) nw (-1, 1) se (1, -1) sw (-1, -1)
group all = n e s w ne nw se sw
";

fn after(g: &Game, at: &str, played: &str) -> String {
    let mut pos = fen::parse(g, at).unwrap();
    for m in played.split_whitespace() {
        let mv = uci::parse(&mut pos, m).unwrap();
        pos.make(mv);
    }
    fen::format(&pos).unwrap()
}

#[test]
fn a_disc_sunk_in_comes_to_rest_farthest_along_the_line() {
    // Fairy-Stockfish's `anyside`: from the left and the bottom a disc stops
    // at the first cell that holds it; from the top and the right it passes
    // through the discs there and rests at the lowest such cell.
    let src = format!(
        "game \"anyside\"\ngrid file a..g rank 1..7\n{COMPASS}zone board a1..g7
piece Disc P
pool hand
drop hand -> board: anywhere, pushed in along n e, sunk in along s w
setup white 25 Disc @hand black 24 Disc @hand\n"
    );
    let g = game(&src);
    let hands = "[PPPPPPPPPPPPPPPPPPPPPPPPPpppppppppppppppppppppppp]";
    let mut pos = fen::parse(&g, &format!("7/7/7/1P1P3/3P3/7/3P3{hands} w - - 0 1")).unwrap();
    // The file d, entered from the top, rests on d2 (above d1), not on d5
    // where a disc pushed in would stop; the rank 4, entered from the right,
    // on a4 (the edge), through b4 and d4.
    assert_eq!(
        moves(&mut pos, "P@"),
        [
            "P@a1", "P@a2", "P@a3", "P@a4", "P@a5", "P@a6", "P@a7", "P@b1", "P@b3", "P@c1", "P@c3",
            "P@c7", "P@d2", "P@e1", "P@e7", "P@f1", "P@f7", "P@g1", "P@g2", "P@g5", "P@g6", "P@g7"
        ]
    );
}

#[test]
fn a_line_entered_at_an_occupied_edge_lets_no_disc_sink_in() {
    let src = format!(
        "game \"sink\"\ngrid file a..a rank 1..4\n{COMPASS}zone board a1..a4
piece Disc P
drop new Disc -> board: sunk in along s
setup white Disc a4 a1\n"
    );
    let g = game(&src);
    let mut pos = Position::start(&g);
    assert!(moves(&mut pos, "").is_empty());
    let mut pos = fen::parse(&g, "1/1/1/P w - - 0 1").unwrap();
    assert_eq!(moves(&mut pos, ""), ["P@a2"]);
}

#[test]
fn othello_beside_walls_encloses_through_them_and_flips_short_of_them() {
    // Annexation: a stone goes next to an enemy stone, where a line over
    // enemy stones and walls ends on one of the mover's; its flips stop at
    // walls.
    let src = format!(
        "game \"walls\"\ngrid file a..e rank 1..1\n{COMPASS}zone board a1..e1
piece Stone P
piece Wall * neutral
flip enclosed all
drop new Stone -> board: anywhere, next to enemy all, enclosing over Wall along all
setup white Stone e1, Wall c1 d1 black Stone b1\n"
    );
    let g = game(&src);
    let mut pos = Position::start(&g);
    // a1: next to b1, and the line b1 c1 d1 ends on e1.
    assert_eq!(moves(&mut pos, ""), ["P@a1"]);
    // The stone on b1 is not flipped: the walls close no line of the flip.
    assert_eq!(after(&g, "1p**P w - - 0 1", "P@a1"), "Pp**P b - - 0 1");
    // Without the enemy stone beside it, no drop: the walls alone enclose
    // nothing.
    let mut pos = fen::parse(&g, "2**P w - - 0 1").unwrap();
    assert!(moves(&mut pos, "").is_empty());
}

#[test]
fn a_triple_step_writes_the_cells_passed_that_a_capture_could_use() {
    let src = format!(
        "game \"triple\"\ngrid file a..c rank 1..6\n{COMPASS}mirror rank
zone double-step white a2..c3 black a5..c4
zone triple-step white a2..c2 black a5..c5
piece King K royal
  betza \"K\"
piece Pawn P
  step n: quiet
  step n then step n: quiet, from double-step, sets en passant
  step n then step n then step n: quiet, from triple-step, sets en passant
  step ne nw: capture, takes en passant
notation en passant passed Pawn
clock reset by Pawn
setup white Pawn b2, King a1 black King a6, Pawn a5 c5\n"
    );
    let g = game(&src);
    // Black pawns on a4 (attacking b3) and c5 (attacking b4): after b2b5
    // both cells passed are written, in cell order; either pawn takes.
    let both = "k2/2p/p2/3/1P1/K2 w - - 0 1";
    assert_eq!(after(&g, both, "b2b5"), "k2/1Pp/p2/3/3/K2 b - b3b4 0 1");
    assert_eq!(after(&g, both, "b2b5 a4b3"), "k2/2p/3/1p1/3/K2 w - - 0 2");
    assert_eq!(after(&g, both, "b2b5 c5b4"), "k2/3/pp1/3/3/K2 w - - 0 2");
    // Only b3 attacked: `b3`, after the triple step as after the double.
    let one = "k2/3/p2/3/1P1/K2 w - - 0 1";
    assert_eq!(after(&g, one, "b2b5"), "k2/1P1/p2/3/3/K2 b - b3 0 1");
    assert_eq!(after(&g, one, "b2b4"), "k2/3/pP1/3/3/K2 b - b3 0 1");
    assert_eq!(
        after(&g, "k2/3/3/3/1P1/K2 w - - 0 1", "b2b5"),
        "k2/1P1/3/3/3/K2 b - - 0 1"
    );
    // Read back, a field of two cells is both targets of one pawn; of one,
    // that target alone.
    let mut pos = fen::parse(&g, "k2/1Pp/p2/3/3/K2 b - b3b4 0 1").unwrap();
    assert_eq!(
        moves(&mut pos, ""),
        ["a4b3", "a6a5", "a6b5", "a6b6", "c5b4"]
    );
    assert_eq!(fen::format(&pos).unwrap(), "k2/1Pp/p2/3/3/K2 b - b3b4 0 1");
    let mut pos = fen::parse(&g, "k2/1Pp/p2/3/3/K2 b - b4 0 1").unwrap();
    assert_eq!(moves(&mut pos, ""), ["a6a5", "a6b5", "a6b6", "c5b4"]);
    assert_eq!(fen::format(&pos).unwrap(), "k2/1Pp/p2/3/3/K2 b - b4 0 1");
}
