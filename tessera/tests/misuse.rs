//! A program that uses the crate, trying what a careless or hostile caller
//! might: only public items, and every misuse must be an error, never a panic
//! nor a corrupted position.

use std::error::Error;
use tessera::notation::position::PositionBuilder;
use tessera::notation::PieceItemError;
use tessera::Illegality;
use tessera::{
    compile_file, compile_str, legal_moves, Game, Limits, LoadError, OtherGame, ParsePositionError,
    Position, Record, Searcher, Side,
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
        .find(|m| m.origin() >= 64 || m.destination() >= 64)
        .expect("a shogi move from a cell chess does not have");
    for (mv, text, reason) in [
        (e7e5, "e7e5".to_string(), Illegality::NoSuchMove),
        (far, far.text(&game), Illegality::OtherGame),
    ] {
        let refused = pos.play(mv).unwrap_err();
        assert_eq!(refused.text, text);
        assert_eq!(refused.reason, reason);
        assert_eq!(
            refused.to_string(),
            format!("`{text}` is not a legal move here: {reason}")
        );
        assert_eq!(pos.to_string(), before, "{text} changed the position");
    }
    assert!(far.text(&game).ends_with("of another game"));
    // A legal move is played, and taken back; played again after it, refused.
    let undo = pos.play(e2e4).unwrap();
    assert_ne!(pos.to_string(), before);
    assert!(pos.play(e2e4).is_err());
    pos.take_back(undo).unwrap();
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
    let pos = Position::start(&game);
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
        "impossible position: the side not to move (black) is in check from the rook on e2"
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

// Moves that belong to their game, undos that belong to their position, costs
// a caller chooses, and arguments that do not exist (issue 35).

fn xiangqi() -> Game {
    compile_str(include_str!("../../games/xiangqi.game")).unwrap()
}

#[test]
fn a_move_of_another_game_is_refused_by_every_checked_door() {
    let game = chess();
    let other = xiangqi();
    let mut pos = Position::start(&game);
    let before = pos.to_string();
    // The xiangqi horse's b1a3 names cells chess has too, as other cells.
    let b1a3 = Position::start(&other).parse_move("b1a3").unwrap();
    assert_eq!(b1a3.game(), other.id());
    assert_ne!(game.id(), other.id());
    let refused = pos.play(b1a3).unwrap_err();
    assert_eq!(refused.reason, Illegality::OtherGame);
    assert_eq!(
        refused.to_string(),
        format!(
            "`{}` is not a legal move here: it is a move of another game",
            refused.text
        )
    );
    assert!(
        refused.text.ends_with("of another game"),
        "{}",
        refused.text
    );
    assert_eq!(pos.to_string(), before);
    assert!(!pos.is_legal(b1a3));
    assert_eq!(pos.illegality(b1a3), Some(Illegality::OtherGame));
    assert!(!b1a3.fits(&game));
    assert!(b1a3.text(&game).ends_with("of another game"));
    assert_eq!(b1a3.text(&other), "b1a3");
    // Every door that hands out moves stamps them with its game; a clone of
    // a game is the same game.
    let twin = game.clone();
    let mut twin_pos = Position::start(&twin);
    for mv in legal_moves(&mut pos) {
        assert_eq!(mv.game(), game.id());
        assert!(twin_pos.is_legal(mv));
    }
    let mut moves = Vec::new();
    tessera::engine::legal::legal_moves(&mut pos, &mut moves);
    tessera::engine::pseudo::pseudo_legal_moves(&pos, &mut moves);
    assert!(moves.iter().all(|m| m.is_of(&game)));
    assert!(tessera::divide(&pos, 1).iter().all(|(m, _)| m.is_of(&game)));
    let mut searcher = Searcher::new(&game, 1);
    let limits = Limits {
        depth: Some(2),
        ..Limits::default()
    };
    let record = Record::new(&pos);
    let report = searcher.search(&mut pos, &record, &limits, |_| {}).unwrap();
    assert!(!report.pv.is_empty());
    assert!(report.pv.iter().all(|m| m.is_of(&game)));
}

#[test]
fn an_undo_is_taken_back_only_where_and_when_it_was_made() {
    let game = chess();
    let mut pos = Position::start(&game);
    let start = pos.to_string();
    let e4 = pos.parse_move("e2e4").unwrap();
    let first = pos.play(e4).unwrap();
    let after_e4 = pos.to_string();
    let e5 = pos.parse_move("e7e5").unwrap();
    let second = pos.play(e5).unwrap();
    let after_e5 = pos.to_string();
    // The first undo is stale while e7e5 is on the board: refused, and the
    // position is as it was.
    let refused = pos.take_back(first).unwrap_err();
    assert_eq!(
        refused.to_string(),
        "the undo is not of the last move made on this position"
    );
    assert_eq!(pos.to_string(), after_e5);
    // A clone is another position: the undo made here is refused there.
    let mut copy = pos.clone();
    let second = copy.take_back(second).unwrap_err().0;
    assert_eq!(copy.to_string(), after_e5);
    // In order, each is taken back.
    pos.take_back(second).unwrap();
    assert_eq!(pos.to_string(), after_e4);
    pos.take_back(refused.0).unwrap();
    assert_eq!(pos.to_string(), start);
    assert_eq!(
        pos.to_fen().unwrap(),
        Position::start(&game).to_fen().unwrap()
    );
}

/// Two walkers, one per side, each going round its own ring of cells: one
/// move per ply for ever.
const RINGS: &str = include_str!("../../tests/data/rings.game");

#[test]
fn perft_to_the_deepest_depth_it_takes_ends_in_little_memory() {
    // The depth is a u16: 65,535 plies of one move each, walked with an undo
    // per ply (a u32::MAX depth, once taken, grew to 5.9 GB and aborted).
    let game = compile_str(RINGS).unwrap();
    let mut pos = Position::start(&game);
    let started = std::time::Instant::now();
    assert_eq!(tessera::perft(&mut pos, u16::MAX), 1);
    assert_eq!(pos, Position::start(&game));
    assert!(started.elapsed().as_secs() < 20);
}

#[test]
fn a_searcher_takes_any_table_size_and_only_its_own_game() {
    let game = chess();
    let other = xiangqi();
    // Past the largest table, the largest: usize::MAX once overflowed, and
    // 100,000 (MB) aborted on an allocation that failed.
    for megabytes in [0, usize::MAX] {
        let searcher = Searcher::new(&game, megabytes);
        assert!(searcher.table_megabytes() <= tessera::search::MAX_TABLE_MEGABYTES);
    }
    let mut searcher = Searcher::new(&game, 1);
    let mut pos = Position::start(&other);
    let record = Record::new(&pos);
    let limits = Limits {
        depth: Some(1),
        ..Limits::default()
    };
    assert!(!searcher.plays(&pos));
    let refused = searcher.search(&mut pos, &record, &limits, |_| {});
    assert_eq!(refused.unwrap_err(), OtherGame);
    assert_eq!(pos, Position::start(&other));
}

#[test]
fn arguments_that_name_nothing_are_answered_not_panicked_on() {
    let game = chess();
    let pos = Position::start(&game);
    assert_eq!(tessera::game::CellSet::default().bits(), 0);
    assert!(game.kind(200).is_none());
    assert!(!pos.is_unmoved(9999));
    // A move of shogi's, played into a chess position's questions.
    let shogi = compile_str(include_str!("../../games/shogi.game")).unwrap();
    let mut shogi_pos = Position::start(&shogi);
    for mv in legal_moves(&mut shogi_pos) {
        assert!(!pos.is_capture(&mv));
        assert!(!mv.text(&game).is_empty());
        assert_eq!(tessera::notation::uci::format(&game, &mv), mv.text(&game));
    }
}
