//! The castling that Fairy-Stockfish's variants files need: pieces set up as
//! having moved (`moved` in the setup: a start FEN with rights for some
//! rooks only), a castling whose king moves one step written as the king
//! taking its rook (`notation castling king takes rook`), and a repetition
//! that tells castling flags apart only while they give a right. Each test is
//! a rule file, a position, and the expected moves or outcome.

mod common;

use common::{game, moves_from, status_after};
use tessera::engine::outcome::{Reason, Status};
use tessera::notation::{fen, uci};
use tessera::{compile_str, Position};

fn chess() -> String {
    std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../games/chess.game")).unwrap()
}

#[test]
fn pieces_set_up_as_moved_give_no_castling_right() {
    // White castles; Black's king and rooks stand at home but count as
    // having moved, as a start FEN with the rights `KQ` says.
    let src = chess().replace("\nsetup\n", "\nsetup\n  moved a8 e8 h8\n");
    let g = game(&src);
    let start = Position::start(&g);
    assert_eq!(
        fen::format(&start).unwrap(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1"
    );
    // Black's king, with its path clear, still cannot castle.
    let mut pos = fen::parse(&g, "r3k2r/8/8/8/8/8/8/R3K2R b KQ - 0 1").unwrap();
    assert!(!moves_from(&mut pos, "e8").contains(&"e8g8".to_string()));
    let mut pos = fen::parse(&g, "r3k2r/8/8/8/8/8/8/R3K2R w KQ - 0 1").unwrap();
    let white = moves_from(&mut pos, "e1");
    assert!(white.contains(&"e1g1".to_string()) && white.contains(&"e1c1".to_string()));
}

#[test]
fn moved_names_cells_of_the_board() {
    let src = chess().replace("\nsetup\n", "\nsetup\n  moved a9\n");
    match compile_str(&src) {
        Ok(_) => panic!("expected an error"),
        Err(err) => assert!(err.render("test.game", &src).contains("a9")),
    }
}

/// Diana chess's castling: the king (d1) goes one step towards e1, or two
/// towards b1; the rook lands on the last cell the king passed.
const DIANA: &str = "
game \"One-step castling\"
grid file a..f rank 1..6
direction n (0, 1) s (0, -1) e (1, 0) w (-1, 0)
direction ne (1, 1) nw (-1, 1) se (1, -1) sw (-1, -1)
group orthogonal = n e s w
group all = n e s w ne nw se sw
mirror rank
piece King K royal
  step all
piece Rook R
  slide orthogonal
castling King Rook along e: king 1, rook beside
castling King Rook along w: king 2, rook beside
setup
  white Rook a1 f1, King d1
  black Rook a6 f6, King d6
";

#[test]
fn a_one_step_castling_is_written_as_the_king_taking_its_rook() {
    let plain = game(DIANA);
    let mut pos = Position::start(&plain);
    assert_eq!(
        moves_from(&mut pos, "d1"),
        ["d1b1", "d1c1", "d1c2", "d1d2", "d1e1", "d1e1/f1d1", "d1e2"]
    );
    let fsf = game(&DIANA.replace(
        "castling King Rook along e:",
        "notation castling king takes rook\ncastling King Rook along e:",
    ));
    let mut pos = Position::start(&fsf);
    assert_eq!(
        moves_from(&mut pos, "d1"),
        ["d1b1", "d1c1", "d1c2", "d1d2", "d1e1", "d1e2", "d1f1"]
    );
    let mv = uci::parse(&mut pos, "d1f1").unwrap();
    pos.make(mv);
    assert_eq!(fen::format(&pos).unwrap(), "r2k1r/6/6/6/6/R2RK1 b kq - 1 1");
}

#[test]
fn a_castling_flag_that_gives_no_right_does_not_tell_positions_apart() {
    // Both white rooks have moved: the king's first step changes no right,
    // so the position after it and back again is the same one, and it
    // stands a third time (as Fairy-Stockfish counts: after seven plies
    // with Black to move, the king home and unmoved, the first time).
    let g = game(&chess());
    let at = "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1";
    let played = "a1a2 e8d8 h1h2 d8e8 a2a1 e8d8 h2h1 d8e8 e1d1 e8d8 d1e1 d8e8 e1d1 e8d8 d1e1";
    match status_after(&g, at, played) {
        Status::Over { winner, reason, .. } => {
            assert_eq!((winner, reason), (None, Reason::Repetition))
        }
        other => panic!("expected a draw by repetition, got {other:?}"),
    }
}

#[test]
fn an_opposite_castling_takes_the_other_sides_right_on_that_wing() {
    // Counts from pyffish (Fairy-Stockfish's `oppositeCastling`); plain
    // chess gives 625 and 15206.
    let g = game(&chess().replace("rook beside", "rook beside, opposite"));
    let at = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1";
    let mut pos = fen::parse(&g, at).unwrap();
    assert_eq!(
        [1, 2, 3].map(|d| tessera::perft(&mut pos, d)),
        [25, 623, 15121]
    );
    assert_eq!(fen::format(&pos).unwrap(), at);
    let mv = uci::parse(&mut pos, "e1g1").unwrap();
    pos.make(mv);
    assert_eq!(
        fen::format(&pos).unwrap(),
        "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R4RK1 b q - 1 1"
    );
    assert!(!moves_from(&mut pos, "e8").contains(&"e8g8".to_string()));
}
