//! A program that uses the crate, trying what a careless or hostile caller
//! might: only public items, and every misuse must be an error, never a panic
//! nor a corrupted position.

use std::error::Error;
use tessera::notation::position::PositionBuilder;
use tessera::notation::PieceItemError;
use tessera::{
    compile_file, compile_str, legal_moves, Game, LoadError, Move, ParsePositionError, Position,
    Side,
};

fn chess() -> Game {
    compile_str(include_str!("../games/chess.game")).unwrap()
}

/// The cell called `name`, as a program finds it.
fn cell(game: &Game, name: &str) -> u16 {
    game.cell(name).unwrap()
}

#[test]
fn a_move_that_is_not_legal_is_refused_and_changes_nothing() {
    let game = chess();
    let mut pos = Position::start(&game);
    let before = pos.to_string();
    let (a1, a2) = (cell(&game, "a1"), cell(&game, "a2"));
    // Between two empty cells; the rook onto its own pawn; off the board.
    for (mv, text) in [
        (Move::normal(30, 31), "g4h4"),
        (Move::normal(a1, a2), "a1a2"),
        (
            Move::normal(9_999, 12),
            "a move from 9999 to 12 that does not fit this game",
        ),
    ] {
        let refused = pos.play(mv).unwrap_err();
        assert_eq!(refused.text, text);
        assert_eq!(
            refused.to_string(),
            format!("`{text}` is not a legal move here")
        );
        assert_eq!(pos.to_string(), before, "{text} changed the position");
    }
    // A legal move is played, and taken back.
    let e2e4 = pos.parse_move("e2e4").unwrap();
    let undo = pos.play(e2e4).unwrap();
    assert_ne!(pos.to_string(), before);
    pos.unmake(undo);
    assert_eq!(pos.to_string(), before);
    // Every legal move passes the check, and nothing else built from its cells.
    for mv in legal_moves(&mut pos) {
        assert!(pos.is_legal(mv));
        assert!(!pos.is_legal(Move::normal(mv.to, mv.from)));
    }
}

#[test]
fn moves_that_do_not_fit_the_game_are_described_not_written() {
    let game = chess();
    assert_eq!(Move::normal(12, 28).text(&game), "e2e4");
    assert!(!Move::normal(64, 0).fits(&game));
    assert_eq!(
        Move::normal(u16::MAX - 1, 64).text(&game),
        "a move from 65534 to 64 that does not fit this game"
    );
    let mut pos = Position::start(&game);
    assert!(pos.parse_move("e2e9").is_err());
    assert!(pos.parse_move("").is_err());
    assert!(pos.parse_move("e2e4e4e4e4").is_err());
}

#[test]
fn a_built_position_passes_the_readers_checks_or_is_refused() {
    let game = chess();
    let mut b = PositionBuilder::new(&game, Side::White);
    assert!(b.piece("Kz9").is_err(), "no such cell");
    assert!(b.piece("Xe1").is_err(), "no such piece");
    assert!(b.piece("").is_err());
    b.piece("Ke1").unwrap();
    // The errors are typed: a program can tell them apart without reading text.
    assert!(matches!(
        b.piece("Qe1").map(|_| ()),
        Err(ParsePositionError::TwoPieces { cell }) if cell == "e1"
    ));
    assert!(matches!(
        b.piece("Qz9").map(|_| ()),
        Err(ParsePositionError::Piece(
            PieceItemError::UnknownCell { .. }
        ))
    ));
    assert!(b.unmoved("e2").is_err(), "nothing on e2");
    assert!(b.en_passant("e3").is_err(), "no double step");
    assert!(b.checks_left(1, 1).is_err(), "chess counts no checks");
    assert!(b.clocks(0, u32::MAX).is_err(), "move number past the limit");
    // Black, not to move, in check from the rook: impossible.
    b.piece("Re2").unwrap().piece("ke8").unwrap();
    let why = b.build().unwrap_err().to_string();
    assert_eq!(
        why,
        "impossible position: black is in check but not to move"
    );
    // The same pieces with Black to move make a position, as the reader reads.
    let mut b = PositionBuilder::new(&game, Side::Black);
    b.piece("Ke1")
        .unwrap()
        .piece("Re2")
        .unwrap()
        .piece("ke8")
        .unwrap();
    let pos = b.build().unwrap();
    assert_eq!(
        pos.to_string(),
        Position::from_text(&game, "Ke1,Re2,ke8 b")
            .unwrap()
            .to_string()
    );
}

#[test]
fn a_file_that_cannot_be_read_keeps_its_cause() {
    let err = compile_file("no/such/file.game").unwrap_err();
    assert!(matches!(err, LoadError::Io { .. }));
    let io = err.source().expect("the I/O error is chained");
    assert!(io.downcast_ref::<std::io::Error>().is_some());
}
