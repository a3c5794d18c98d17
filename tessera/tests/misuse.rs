//! A program that uses the crate, trying what a careless or hostile caller
//! might: only public items, and every misuse must be an error, never a panic
//! nor a corrupted position.

use std::error::Error;
use tessera::notation::position::PositionBuilder;
use tessera::notation::PieceItemError;
use tessera::Illegality;
use tessera::{
    compile_file, compile_str, legal_moves, Game, LoadError, ParsePositionError, Position, Side,
};

fn chess() -> Game {
    compile_str(include_str!("../../games/chess.game")).unwrap()
}

#[test]
fn a_move_that_is_not_legal_is_refused_and_changes_nothing() {
    let game = chess();
    let mut pos = Position::start(&game);
    let before = pos.to_string();
    // A program cannot build a move of its own (the fields and constructors
    // are the library's); it can only hold on to one that is no longer legal,
    // or take one from another position or another game.
    let mut after_e4 = Position::start(&game);
    let e2e4 = after_e4.parse_move("e2e4").unwrap();
    after_e4.make(e2e4);
    let e7e5 = after_e4.parse_move("e7e5").unwrap();
    let shogi = compile_str(include_str!("../../games/shogi.game")).unwrap();
    // Black's moves in shogi leave cells past chess's 64.
    let mut shogi_pos = Position::start(&shogi);
    let first = legal_moves(&mut shogi_pos)[0];
    shogi_pos.make(first);
    let far = legal_moves(&mut shogi_pos)
        .into_iter()
        .find(|m| !m.fits(&game))
        .expect("a shogi move from a cell chess does not have");
    for (mv, text) in [(e7e5, "e7e5".to_string()), (far, far.text(&game))] {
        let refused = pos.play(mv).unwrap_err();
        assert_eq!(refused.text, text);
        assert_eq!(refused.reason, Illegality::NoSuchMove);
        assert_eq!(
            refused.to_string(),
            format!(
                "`{text}` is not a legal move here: no piece of the side to move moves so here"
            )
        );
        assert_eq!(pos.to_string(), before, "{text} changed the position");
    }
    assert!(far.text(&game).ends_with("that does not fit this game"));
    // A legal move is played, and taken back; played again after it, refused.
    let undo = pos.play(e2e4).unwrap();
    assert_ne!(pos.to_string(), before);
    assert!(pos.play(e2e4).is_err());
    pos.unmake(undo);
    assert_eq!(pos.to_string(), before);
    // Every legal move passes the check; none of the other side's does.
    for mv in legal_moves(&mut pos) {
        assert!(pos.is_legal(mv));
    }
    for mv in legal_moves(&mut after_e4) {
        assert!(!pos.is_legal(mv), "{}", mv.text(&game));
    }
}

#[test]
fn a_refused_move_says_which_rule_forbids_it() {
    let game = chess();
    // The bishop on e2 shields its king from the rook on e7.
    let mut pinned = Position::from_fen(&game, "4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1").unwrap();
    let bd3 = Position::from_fen(&game, "4k3/8/8/8/8/8/4B3/4K3 w - - 0 1")
        .unwrap()
        .parse_move("e2d3")
        .unwrap();
    let refused = pinned.play(bd3).unwrap_err();
    assert_eq!(refused.reason, Illegality::SelfCheck);
    assert_eq!(
        pinned.illegality_of_text("e2d3"),
        Some(Illegality::SelfCheck)
    );
    assert_eq!(
        pinned.illegality_of_text("e2e4"),
        Some(Illegality::NoSuchMove)
    );
    assert_eq!(pinned.illegality_of_text("e1d1"), None);
    // Checkmated, a move is refused for what it would leave attacked.
    let mut mated = Position::from_fen(
        &game,
        "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
    )
    .unwrap();
    assert_eq!(
        mated.illegality_of_text("e2e4"),
        Some(Illegality::SelfCheck)
    );
    // Once a goal has ended the game (White's king has reached the centre),
    // nothing is legal any more.
    let hill = compile_str(include_str!("../../games/kingofthehill.game")).unwrap();
    let mut over = Position::from_fen(&hill, "4k3/8/8/8/4K3/8/8/8 b - - 0 1").unwrap();
    assert_eq!(over.illegality_of_text("e8e7"), Some(Illegality::GameOver));
}

#[test]
fn moves_that_do_not_fit_the_game_are_described_not_written() {
    let game = chess();
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
