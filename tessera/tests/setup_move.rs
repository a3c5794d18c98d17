//! `move N` in the setup: the move number a game starts at, as a start FEN
//! of Fairy-Stockfish's may give it (`... w - - 0 5`). A rule file, the
//! start position's FEN, and the FEN after a move.

use tessera::{compile_str, Position};

const KINGS: &str = "
game \"Kings\"
grid file a..d rank 1..4
direction n (0, 1) s (0, -1) e (1, 0) w (-1, 0)
group orthogonal = n e s w
mirror rank
piece King K royal
  step orthogonal
";

fn start_fen(setup: &str) -> (String, String) {
    let src = format!("{KINGS}setup\n  white King a1\n  black King d4\n{setup}");
    let game = compile_str(&src).unwrap_or_else(|e| panic!("{}", e.render("test.game", &src)));
    let mut pos = Position::start(&game);
    let before = pos.to_fen().unwrap();
    let mv = tessera::legal_moves(&mut pos)[0];
    pos.make(mv);
    (before, pos.to_fen().unwrap())
}

#[test]
fn the_setup_gives_the_move_number() {
    let (start, after) = start_fen("  move 5\n  clock 3\n");
    assert!(start.ends_with(" w - - 3 5"), "{start}");
    assert!(after.ends_with(" b - - 4 5"), "{after}");
    // Black's move ends move 5.
    let (start, after) = start_fen("  turn black\n  move 12\n");
    assert!(start.ends_with(" b - - 0 12"), "{start}");
    assert!(after.ends_with(" w - - 1 13"), "{after}");
    // Without it, the game starts at move 1.
    let (start, _) = start_fen("");
    assert!(start.ends_with(" w - - 0 1"), "{start}");
}

#[test]
fn a_wrong_move_number_is_an_error() {
    for (setup, message) in [
        ("  move 0\n", "the move number starts at 1"),
        (
            "  move 2\n  move 3\n",
            "the setup gives the move number twice",
        ),
        ("  move 1000000001\n", "larger than the limit"),
    ] {
        let src = format!("{KINGS}setup\n  white King a1\n  black King d4\n{setup}");
        let Err(err) = compile_str(&src) else {
            panic!("{setup} compiled")
        };
        let text = err.render("test.game", &src);
        assert!(text.contains(message), "{setup}: {text}");
    }
}
