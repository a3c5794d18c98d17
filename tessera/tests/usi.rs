//! SFEN and USI moves, as shogi programs write them. The expected texts are
//! pyffish 0.0.90's (`get_fen(variant, fen, moves, False, True)` gives the
//! SFEN), but for the hand's order, which is USI's (`R B G S N L P`) where
//! Fairy-Stockfish writes its own.

mod common;

use common::game;
use tessera::notation::{fen, sfen, usi};
use tessera::{Game, Position};

fn bundled(name: &str) -> Game {
    let path = format!("{}/../games/{name}.game", env!("CARGO_MANIFEST_DIR"));
    game(&std::fs::read_to_string(path).unwrap())
}

/// The SFEN of the position the FEN `at` holds.
#[track_caller]
fn sfen_of(g: &Game, at: &str) -> String {
    sfen::format(&fen::parse(g, at).unwrap()).unwrap()
}

/// The FEN of the position the SFEN `at` holds.
#[track_caller]
fn fen_of(g: &Game, at: &str) -> String {
    fen::format(&sfen::parse(g, at).unwrap()).unwrap()
}

#[test]
fn the_start_of_shogi_is_written_as_usi_writes_it() {
    let shogi = bundled("shogi");
    let start = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";
    assert_eq!(sfen::format(&Position::start(&shogi)).unwrap(), start);
    assert!(sfen::parse(&shogi, start).unwrap() == Position::start(&shogi));
}

#[test]
fn the_move_number_counts_plies_and_b_is_the_first_player() {
    let shogi = bundled("shogi");
    let fen = "2sg2sn1/l1rk2gbl/nppppppp1/p7p/1P7/3P4P/P1P1PPP+p1/LBS1GS1RL/1N3KGN1[] b - - 0 19";
    let sfen = "2sg2sn1/l1rk2gbl/nppppppp1/p7p/1P7/3P4P/P1P1PPP+p1/LBS1GS1RL/1N3KGN1 w - 38";
    assert_eq!(sfen_of(&shogi, fen), sfen);
    assert_eq!(fen_of(&shogi, sfen), fen);
    let dobutsu = bundled("dobutsu");
    assert_eq!(
        sfen_of(&dobutsu, "g1e/1l1/1C1/E1G[Cl] w - - 0 3"),
        "g1e/1l1/1C1/E1G b Cl 5"
    );
}

#[test]
fn the_hand_is_counted_in_usi_order_and_read_in_any() {
    let shogi = bundled("shogi");
    let fen = "4G4/lk7/n1s5s/prp1p2p1/3p1Pp2/P3P1nP1/LGN3P1K/3BG3l/4SS3[GLPPRnpppppb] w - - 0 55";
    let usi_order = "4G4/lk7/n1s5s/prp1p2p1/3p1Pp2/P3P1nP1/LGN3P1K/3BG3l/4SS3 b RGL2Pbn5p 109";
    assert_eq!(sfen_of(&shogi, fen), usi_order);
    // Fairy-Stockfish's order, and a count of one written out.
    let fsf_order = "4G4/lk7/n1s5s/prp1p2p1/3p1Pp2/P3P1nP1/LGN3P1K/3BG3l/4SS3 b GL2PR1n5pb 109";
    assert_eq!(fen_of(&shogi, fsf_order), fen);
}

#[test]
fn promoted_pieces_keep_their_plus() {
    let kyoto = bundled("kyotoshogi");
    assert_eq!(
        sfen_of(&kyoto, "pk3/n+N2+s/K4/L2+l1/1S2P[] b - - 0 6"),
        "pk3/n+N2+s/K4/L2+l1/1S2P w - 12"
    );
}

#[test]
fn malformed_sfen_is_refused_with_the_field_at_fault() {
    use sfen::ParseSfenError::*;
    let shogi = bundled("shogi");
    let board = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL";
    let err = |s: &str| sfen::parse(&shogi, s).unwrap_err();
    assert_eq!(err(""), Empty);
    assert_eq!(err(&format!("{board} x - 1")), BadSide("x".into()));
    assert_eq!(err(&format!("{board} b 2 1")), BadHand("2".into()));
    assert_eq!(err(&format!("{board} b 0P 1")), BadHand("0P".into()));
    assert_eq!(err(&format!("{board} b P! 1")), BadHand("P!".into()));
    assert_eq!(
        err(&format!("{board} b 99999999999999999999P 1")),
        HandTooLarge("99999999999999999999P".into())
    );
    assert!(matches!(err(&format!("{board} b - one")), BadMoveNumber(_)));
    assert_eq!(err(&format!("{board} b - 1 0")), TooManyFields);
    assert!(matches!(err(&format!("{board}[P] b - 1")), Fen(_)));
    // A game without a hand has none to fill.
    let chess = bundled("chess");
    let chess_board = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
    assert!(sfen::parse(&chess, &format!("{chess_board} b - 1")).is_ok());
    assert!(matches!(
        sfen::parse(&chess, &format!("{chess_board} b P 1")),
        Err(Fen(_))
    ));
}

#[test]
fn usi_moves_number_files_from_the_right_and_letter_ranks_from_the_top() {
    let shogi = bundled("shogi");
    let mut pos = Position::start(&shogi);
    // Fairy-Stockfish's UCI moves for the same line: c3c4 g7g6 b2h8+ i9h8 B@e5.
    for (text, uci) in [
        ("7g7f", "c3c4"),
        ("3c3d", "g7g6"),
        ("8h2b+", "b2h8+"),
        ("3a2b", "g9h8"),
        ("B*5e", "B@e5"),
    ] {
        let mv = usi::parse(&mut pos, text).unwrap();
        assert_eq!(tessera::notation::uci::format(&shogi, &mv), uci);
        assert_eq!(usi::format(&shogi, &mv), text);
        pos.make(mv);
    }
    assert_eq!(usi::cell_name(&shogi, shogi.cell("a1").unwrap()), "9i");
    assert_eq!(usi::cell_name(&shogi, shogi.cell("i9").unwrap()), "1a");
}

#[test]
fn a_move_that_is_not_legal_names_the_legal_ones_from_its_cell() {
    let shogi = bundled("shogi");
    let mut pos = Position::start(&shogi);
    let err = usi::parse(&mut pos, "7g7e").unwrap_err();
    assert_eq!(err.legal_from_there, vec!["7g7f".to_string()]);
    // An optional promotion is a move of its own.
    for text in ["7g7f", "3c3d"] {
        let mv = usi::parse(&mut pos, text).unwrap();
        pos.make(mv);
    }
    let promoting = usi::parse(&mut pos, "8h2b+").unwrap();
    let staying = usi::parse(&mut pos, "8h2b").unwrap();
    assert_ne!(promoting, staying);
}
