//! Standard algebraic notation, as Fairy-Stockfish writes it and as players
//! type it. Each test is a bundled game, a position and the SAN expected of
//! a move there (the expected texts are pyffish 0.0.90's `get_san` with
//! `NOTATION_SAN` on the same position and move).

mod common;

use common::game;
use tessera::notation::san::{self, ParseSanError};
use tessera::notation::{fen, uci};
use tessera::{Game, Position};

fn bundled(name: &str) -> Game {
    let path = format!("{}/../games/{name}.game", env!("CARGO_MANIFEST_DIR"));
    game(&std::fs::read_to_string(path).unwrap())
}

/// The SAN of the move `uci` in the position `at` (a FEN, or "" for the
/// start), after the moves `before` (UCI).
#[track_caller]
fn san_of(g: &Game, at: &str, before: &str, uci_move: &str) -> String {
    let mut pos = if at.is_empty() {
        Position::start(g)
    } else {
        fen::parse(g, at).unwrap()
    };
    for m in before.split_whitespace() {
        let mv = uci::parse(&mut pos, m).unwrap();
        pos.make(mv);
    }
    let mv = uci::parse(&mut pos, uci_move).unwrap();
    let written = san::format(&pos, &mv);
    // Whatever is written reads back as the same move.
    assert_eq!(san::parse(&pos, &written), Ok(mv), "{written} read back");
    written
}

/// The move that `typed` reads as at `at`, in UCI.
#[track_caller]
fn read(g: &Game, at: &str, typed: &str) -> Result<String, ParseSanError> {
    let pos = if at.is_empty() {
        Position::start(g)
    } else {
        fen::parse(g, at).unwrap()
    };
    san::parse(&pos, typed).map(|m| uci::format(g, &m))
}

#[test]
fn pawn_moves_name_no_piece_and_captures_name_the_file() {
    let chess = bundled("chess");
    assert_eq!(san_of(&chess, "", "", "e2e4"), "e4");
    assert_eq!(san_of(&chess, "", "e2e4 d7d5", "e4d5"), "exd5");
    // En passant is written as the capture it looks like.
    assert_eq!(san_of(&chess, "", "e2e4 a7a6 e4e5 f7f5", "e5f6"), "exf6");
}

#[test]
fn a_move_two_pieces_could_make_names_the_origins_file() {
    // Rooks on a1 and h1 can both reach d1 (no castling rights).
    let chess = bundled("chess");
    assert_eq!(
        san_of(&chess, "4k3/8/8/8/8/8/8/R3K2R w - - 0 1", "", "a1d1"),
        "Rd1"
    );
    assert_eq!(
        san_of(&chess, "4k3/8/8/8/8/8/4K3/R6R w - - 0 1", "", "a1b1"),
        "Rab1"
    );
}

#[test]
fn a_move_two_pieces_on_one_file_could_make_names_the_origins_rank() {
    let chess = bundled("chess");
    assert_eq!(
        san_of(&chess, "7k/8/8/8/R7/8/8/R3K3 w - - 0 1", "", "a1a3"),
        "R1a3"
    );
}

#[test]
fn a_move_that_file_and_rank_alone_do_not_tell_apart_names_the_whole_origin() {
    // Queens on a4 and a1 (and c1) reach b3, or on a4 and c4: told apart by
    // file where that is enough; queens on a1, c1 and a3 all reach b2, a1's
    // file is a3's and its rank c1's.
    let chess = bundled("chess");
    let at = "8/7k/8/8/Q7/8/8/Q1Q1K3 w - - 0 1";
    assert_eq!(san_of(&chess, at, "", "a4b3"), "Qb3");
    assert_eq!(
        san_of(&chess, "8/7k/8/8/Q1Q5/8/8/Q3K3 w - - 0 1", "", "a4b3"),
        "Qab3"
    );
    let three = "8/7k/8/8/8/Q7/8/Q1Q1K3 w - - 0 1";
    assert_eq!(san_of(&chess, three, "", "a1b2"), "Qa1b2");
    assert_eq!(san_of(&chess, three, "", "a3b2"), "Q3b2");
    // A pinned piece's move is not a legal one, so it needs no telling apart.
    assert_eq!(
        san_of(&chess, "k3r3/8/8/8/8/8/4N3/1N2K3 w - - 0 1", "", "b1c3"),
        "Nc3"
    );
}

#[test]
fn promotions_name_the_new_piece_after_an_equals_sign() {
    let chess = bundled("chess");
    let at = "3r4/k3P3/8/8/8/8/8/4K3 w - - 0 1";
    assert_eq!(san_of(&chess, at, "", "e7e8q"), "e8=Q");
    assert_eq!(san_of(&chess, at, "", "e7d8n"), "exd8=N");
    assert_eq!(
        san_of(&chess, "3r4/4P3/8/k7/8/8/8/4K3 w - - 0 1", "", "e7d8q"),
        "exd8=Q+"
    );
}

#[test]
fn castling_is_o_o_toward_the_higher_file_and_o_o_o_toward_the_lower() {
    let chess = bundled("chess");
    let at = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    assert_eq!(san_of(&chess, at, "", "e1g1"), "O-O");
    assert_eq!(san_of(&chess, at, "", "e1c1"), "O-O-O");
}

#[test]
fn drops_are_the_pieces_letter_at_the_cell() {
    let house = bundled("crazyhouse");
    let at = "rnbqkbnr/ppp1pppp/8/8/8/8/PPPP1PPP/RNBQKBNR[Pp] w KQkq - 0 3";
    assert_eq!(san_of(&house, at, "", "P@e4"), "P@e4");
    assert_eq!(san_of(&house, at, "", "P@d7"), "P@d7+");
}

#[test]
fn a_shogi_promotion_names_the_promoted_kind_and_a_check_follows_it() {
    // Fairy-Stockfish writes the promoted bishop, `+B` in positions, `H`.
    let shogi = bundled("shogi");
    let opened = "c3c4 g7g6";
    assert_eq!(san_of(&shogi, "", opened, "b2h8"), "Bxh8");
    assert_eq!(san_of(&shogi, "", opened, "b2h8+"), "Bxh8=H");
    assert_eq!(san_of(&shogi, "", opened, "b2g7"), "Bg7+");
    assert_eq!(san_of(&shogi, "", opened, "b2g7+"), "Bg7=H+");
}

#[test]
fn a_gated_piece_follows_a_slash() {
    let seirawan = bundled("seirawan");
    assert_eq!(san_of(&seirawan, "", "", "g1f3"), "Nf3");
    assert_eq!(san_of(&seirawan, "", "", "g1f3h"), "Nf3/H");
    let at = "rnbqk2r/pppppppp/8/8/8/8/PPPPPPPP/RNBQK2R[HEhe] w KQEHkqeh - 0 1";
    assert_eq!(san_of(&seirawan, at, "", "e1f1e"), "Kf1/E");
    // A piece gated on castling names the cell it enters.
    assert_eq!(san_of(&seirawan, at, "", "e1g1h"), "O-O/He1");
}

#[test]
fn check_is_marked_plus_and_checkmate_hash() {
    let chess = bundled("chess");
    assert_eq!(san_of(&chess, "", "f2f3 e7e5 g2g4", "d8h4"), "Qh4#");
    assert_eq!(san_of(&chess, "", "e2e4 f7f6", "d1h5"), "Qh5+");
}

#[test]
fn moves_are_read_as_players_type_them() {
    let chess = bundled("chess");
    for typed in [
        "Nf3", "nf3", "Ng1-f3", "Ng1f3", "g1f3", "g1-f3", "Nf3!", "Nf3?!", "Nf3+",
    ] {
        assert_eq!(read(&chess, "", typed).as_deref(), Ok("g1f3"), "{typed}");
    }
    for typed in ["e4", "e2-e4", "e2e4", "Pe4", "e4!!"] {
        assert_eq!(read(&chess, "", typed).as_deref(), Ok("e2e4"), "{typed}");
    }
    let at = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    for (typed, expected) in [("0-0", "e1g1"), ("O-O-O", "e1c1"), ("0-0-0+", "e1c1")] {
        assert_eq!(read(&chess, at, typed).as_deref(), Ok(expected), "{typed}");
    }
}

#[test]
fn a_small_letter_is_read_only_where_it_names_one_move() {
    // `bxc3` is the b-pawn's capture, `Bxc3` the bishop's; `bc3` is the
    // bishop's where no pawn could mean it.
    let chess = bundled("chess");
    let at = "k7/8/8/8/8/2p5/1P6/K3B3 w - - 0 1";
    assert_eq!(read(&chess, at, "Bxc3").as_deref(), Ok("e1c3"));
    assert_eq!(read(&chess, at, "bxc3").as_deref(), Ok("b2c3"));
    assert_eq!(
        read(&chess, "k7/8/8/8/8/8/8/K3B3 w - - 0 1", "bc3").as_deref(),
        Ok("e1c3")
    );
}

#[test]
fn a_move_that_fits_several_is_refused_naming_them() {
    let chess = bundled("chess");
    let err = read(&chess, "4k3/8/8/8/8/8/4K3/R6R w - - 0 1", "Rb1").unwrap_err();
    assert_eq!(
        err.to_string(),
        "`Rb1` is ambiguous here: it could be Rab1 or Rhb1"
    );
}

#[test]
fn a_move_that_fits_none_is_refused_saying_why() {
    let chess = bundled("chess");
    let err = read(&chess, "", "Nf5").unwrap_err();
    assert!(matches!(err, ParseSanError::Illegal { .. }), "{err}");
    assert!(err
        .to_string()
        .starts_with("`Nf5` is not a legal move here"));
    assert_eq!(read(&chess, "", "  "), Err(ParseSanError::Empty));
}

#[test]
fn a_numbered_line_starts_with_the_number_of_the_first_move() {
    let chess = bundled("chess");
    let mut pos = Position::start(&chess);
    let mv = uci::parse(&mut pos, "e2e4").unwrap();
    pos.make(mv);
    let start = pos.clone();
    let mut line = Vec::new();
    for typed in ["e5", "Nf3", "Nc6"] {
        let mv = san::parse(&pos, typed).unwrap();
        pos.make(mv);
        line.push(mv);
    }
    assert_eq!(san::numbered(&start, &line), "1... e5 2. Nf3 Nc6");
    assert_eq!(san::line(&start, &line), "e5 Nf3 Nc6");
}

#[test]
fn pieces_that_turn_back_into_different_kinds_are_still_told_apart() {
    // Kyoto shogi: the golds on d1 (a promoted knight) and b2 (a promoted
    // lance) both reach c2, turning back into what they were.
    let kyoto = bundled("kyotoshogi");
    let at = "p+n2P/2+s1k/5/1+L3/+LSK+N1[] w - - 1 4";
    assert_eq!(san_of(&kyoto, at, "", "d1c2-"), "Gdc2=N");
    assert_eq!(san_of(&kyoto, at, "", "b2c2-"), "Gbc2=L");
    // The lance-gold on a1 reaches a2 too.
    assert_eq!(san_of(&kyoto, at, "", "b2a2-"), "Gba2=L");
}

#[test]
fn notation_san_pawns_names_the_kinds_written_without_a_letter() {
    // Two kinds that move alike, as pawns: SAN writes only the one named
    // (Fairy-Stockfish's own pawn) without its letter, the other (a piece
    // of its own design that moves as a pawn: hexapawn) with it.
    let g = game(
        "grid file a..c rank 1..3\n\
         direction n (0, 1) ne (1, 1) nw (-1, 1)\n\
         mirror rank\n\
         piece Pawn P\n  step n: quiet\n  step ne nw: capture\n\
         piece Soldier S\n  step n: quiet\n  step ne nw: capture\n\
         notation san pawns Pawn\n\
         setup white Pawn a1, Soldier c1 black Pawn a3, Soldier c3\n",
    );
    assert_eq!(san_of(&g, "", "", "a1a2"), "a2");
    assert_eq!(san_of(&g, "", "", "c1c2"), "Sc2");
    // Named by none: every kind has its letter.
    let none = game(
        "grid file a..c rank 1..3\n\
         direction n (0, 1) ne (1, 1) nw (-1, 1)\n\
         mirror rank\n\
         piece Pawn P\n  step n: quiet\n  step ne nw: capture\n\
         notation san pawns\n\
         setup white Pawn a1 black Pawn c3\n",
    );
    assert_eq!(san_of(&none, "", "", "a1a2"), "Pa2");
}
