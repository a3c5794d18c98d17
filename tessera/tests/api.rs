//! The API a program or a binding (Python, JavaScript) builds on: owned
//! positions that travel, questions on `&self`, a game in play with
//! `push`/`pop`, hashes, moves as text, pieces, check, results.

use std::collections::HashSet;
use std::sync::Arc;
use tessera::{
    compile_str, InHand, OwnedPosition, Piece, Playthrough, Position, Reason, Side, Status,
};

fn game(src: &str) -> Arc<tessera::Game> {
    Arc::new(compile_str(src).unwrap())
}

fn chess() -> Arc<tessera::Game> {
    game(include_str!("../../games/chess.game"))
}

/// Owned positions and games in play are `Send + Sync + 'static`: a
/// binding's class can hold one.
#[test]
fn owned_types_travel() {
    fn travels<T: Send + Sync + 'static>() {}
    travels::<OwnedPosition>();
    travels::<Playthrough>();
    travels::<tessera::Game>();
}

/// Questions need only `&`: one position asked from several threads.
#[test]
fn a_shared_position_is_asked_from_threads() {
    let pos = Arc::new(OwnedPosition::start(chess()));
    let counts: Vec<usize> = (0..4)
        .map(|_| {
            let pos = Arc::clone(&pos);
            std::thread::spawn(move || pos.position().legal_moves().len())
        })
        .map(|t| t.join().unwrap())
        .collect();
    assert_eq!(counts, [20; 4]);
}

/// A position of one game is not taken as one of another, even of the
/// same rules compiled twice.
#[test]
fn an_owned_copy_is_of_its_own_game() {
    let one = chess();
    let other = chess();
    let pos = Position::start(&one);
    assert!(OwnedPosition::from_position(Arc::clone(&one), &pos).is_ok());
    assert_eq!(
        OwnedPosition::from_position(other, &pos).unwrap_err(),
        tessera::NotThisGame
    );
}

/// An undo of one owned position is refused by its clone.
#[test]
fn a_clone_refuses_the_originals_undo() {
    let mut pos = OwnedPosition::start(chess());
    let mv = pos.position().parse_move("e2e4").unwrap();
    let undo = pos.play(mv).unwrap();
    let mut copy = pos.clone();
    assert_eq!(copy, pos);
    let undo = copy.take_back(undo).unwrap_err().0;
    pos.take_back(undo).unwrap();
    assert_eq!(pos, OwnedPosition::start(Arc::clone(pos.game())));
}

/// Push and pop: the moves, the position, the record all go back.
#[test]
fn push_and_pop() {
    let mut play = Playthrough::start(chess());
    let start = play.position().key();
    for text in ["e2e4", "e7e5", "g1f3"] {
        play.push_text(text).unwrap();
    }
    let texts: Vec<String> = play
        .moves()
        .map(|m| m.display(play.game()).to_string())
        .collect();
    assert_eq!(texts, ["e2e4", "e7e5", "g1f3"]);
    assert_eq!(play.record().keys().len(), 4);
    let copy = play.clone();
    while play.pop().is_some() {}
    assert_eq!(play.position().key(), start);
    assert_eq!(play.record().keys().len(), 1);
    assert_eq!(copy.moves().len(), 3);
    assert_eq!(
        copy.position().to_fen().unwrap(),
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"
    );
}

/// An illegal move leaves the game as it was.
#[test]
fn an_illegal_push_changes_nothing() {
    let mut play = Playthrough::start(chess());
    assert!(play.push_text("e2e5").is_err());
    let other = Position::start(&chess()).legal_moves()[0];
    assert!(play.push(other).is_err());
    assert_eq!(play.moves().len(), 0);
}

/// Checkmate: in check, no move; the result text of each end.
#[test]
fn mate_and_its_result() {
    let mut play = Playthrough::start(chess());
    for text in ["f2f3", "e7e5", "g2g4", "d8h4"] {
        play.push_text(text).unwrap();
    }
    assert!(play.position().is_check());
    assert_eq!(
        play.status(),
        Status::Over {
            loser: Side::White,
            winner: Some(Side::Black),
            reason: Reason::Checkmate
        }
    );
    assert_eq!(play.status().result_text(), "0-1");
    assert!(play.position().legal_moves().is_empty());
}

/// gives_check and is_capture, en passant and promotion included.
#[test]
fn check_and_capture_of_a_move() {
    let g = chess();
    let pos = Position::from_fen(&g, "7k/1P6/8/3pP3/8/8/8/4K3 w - d6 0 1").unwrap();
    let mv = |t: &str| pos.parse_move(t).unwrap();
    assert!(pos.is_capture(&mv("e5d6")));
    assert!(!pos.is_capture(&mv("e5e6")));
    assert!(!pos.gives_check(mv("e5e6")));
    assert!(pos.gives_check(mv("b7b8q")));
    assert!(!pos.gives_check(mv("b7b8n")));
    assert_eq!(pos.san(mv("b7b8q")), "b8=Q+");
    // A move of another position is no check here.
    let other = Position::start(&g).legal_moves()[0];
    assert!(!pos.gives_check(other));
}

/// The hash: transpositions meet, different positions part; `Position`
/// keys a `HashSet`.
#[test]
// A `Position` holds its `Game`, whose tables are partly filled on first
// use (a `OnceLock`); its hash reads the position's own fields only.
#[allow(clippy::mutable_key_type)]
fn keys() {
    let g = chess();
    let after = |moves: &[&str]| {
        let mut pos = Position::start(&g);
        for t in moves {
            pos.play(pos.parse_move(t).unwrap()).unwrap();
        }
        pos
    };
    let a = after(&["g1f3", "g8f6", "b1c3", "b8c6"]);
    let b = after(&["b1c3", "b8c6", "g1f3", "g8f6"]);
    assert_eq!(a, b);
    assert_eq!(a.key(), b.key());
    assert_ne!(a.key(), after(&["g1f3", "g8f6", "b1c3"]).key());
    assert_ne!(
        a.key(),
        after(&["g1f3", "b8c6", "b1c3", "g8f6", "e2e4"]).key()
    );
    let mut seen = HashSet::new();
    assert!(seen.insert(a.clone()));
    assert!(!seen.insert(b.clone()));
}

/// Pieces on the board and in the hands, with their names and letters.
#[test]
fn pieces_on_the_board_and_in_hand() {
    let g = game(include_str!("../../games/shogi.game"));
    let pos = Position::start(&g);
    let pieces: Vec<(tessera::game::Cell, Piece)> = pos.pieces().collect();
    assert_eq!(pieces.len(), 40);
    assert!(pieces.windows(2).all(|w| w[0].0 < w[1].0));
    assert_eq!(
        pieces.iter().filter(|(_, p)| p.side == Side::Black).count(),
        20
    );
    for &(cell, piece) in &pieces {
        assert_eq!(pos.piece_at(cell), Some(piece));
        assert_eq!(Piece::from_code(piece.code()), Some(piece));
    }
    assert_eq!(pos.hand(Side::White).count(), 0);
    let mut play = Playthrough::start(Arc::clone(&g));
    for t in ["c3c4", "g7g6", "b2h8+"] {
        play.push_text(t).unwrap();
    }
    let hand: Vec<InHand> = play.position().hand(Side::White).collect();
    assert_eq!(hand.len(), 1);
    assert_eq!(hand[0].piece.name(&g), "Bishop");
    assert_eq!(hand[0].piece.side, Side::White);
}

/// The result texts.
#[test]
fn result_texts() {
    let over = |winner| Status::Over {
        loser: Side::White,
        winner,
        reason: Reason::Extinction,
    };
    assert_eq!(Status::Ongoing.result_text(), "*");
    assert_eq!(over(Some(Side::White)).result_text(), "1-0");
    assert_eq!(over(Some(Side::Black)).result_text(), "0-1");
    assert_eq!(over(None).result_text(), "1/2-1/2");
}
