//! The games' own notations (`notation moves`), as Fairy-Stockfish writes
//! them. Each test is a bundled game, a position (a FEN, as pyffish writes
//! it), a move and the text expected of it: pyffish 0.0.90's `get_san` with
//! the notation of the same name on that position and move. Every text
//! written must read back as the same move.

mod common;

use common::game;
use tessera::notation::{fen, own, uci};
use tessera::{Game, MoveNotation, Position};

fn bundled(name: &str) -> Game {
    let path = format!("{}/../games/{name}.game", env!("CARGO_MANIFEST_DIR"));
    game(&std::fs::read_to_string(path).unwrap())
}

/// The move `uci_move` at `at` (a FEN) written in `notation`, checked to
/// read back as the same move.
#[track_caller]
fn written(g: &Game, at: &str, uci_move: &str, notation: MoveNotation) -> String {
    let mut pos = fen::parse(g, at).unwrap();
    let mv = uci::parse(&mut pos, uci_move).unwrap();
    let text = own::format_in(&pos, &mv, notation);
    assert_eq!(
        own::parse_in(&pos, &text, notation),
        Ok(mv),
        "{text} read back"
    );
    text
}

const SHOGI_START: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[] w - - 0 1";
const SHOGI_BISHOPS_FACE: &str =
    "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL[] w - - 2 2";
const SHOGI_BISHOP_IN_HAND: &str =
    "lnsgkg1nl/1r5s1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL[Bb] w - - 0 3";

#[test]
fn shogi_files_count_from_the_right_and_ranks_from_the_top() {
    let shogi = bundled("shogi");
    assert_eq!(shogi.move_notation(), MoveNotation::ShogiHodgesNumber);
    let n = MoveNotation::ShogiHodgesNumber;
    assert_eq!(written(&shogi, SHOGI_START, "c3c4", n), "P-76");
    assert_eq!(written(&shogi, SHOGI_START, "d1c2", n), "G-78");
    // Two golds reach 58: the origin's cell tells them apart.
    assert_eq!(written(&shogi, SHOGI_START, "d1e2", n), "G69-58");
    assert_eq!(written(&shogi, SHOGI_START, "f1e2", n), "G49-58");
}

#[test]
fn shogi_promotion_is_plus_declined_is_equals_and_drops_are_starred() {
    let shogi = bundled("shogi");
    let n = MoveNotation::ShogiHodgesNumber;
    assert_eq!(written(&shogi, SHOGI_BISHOPS_FACE, "b2h8+", n), "Bx22+");
    assert_eq!(written(&shogi, SHOGI_BISHOPS_FACE, "b2h8", n), "Bx22=");
    assert_eq!(written(&shogi, SHOGI_BISHOP_IN_HAND, "B@e5", n), "B*55");
}

#[test]
fn a_promoted_piece_is_its_unpromoted_letter_after_a_plus() {
    let micro = bundled("micro");
    let at = "kb+r+l/p3/4/3P/+L+RBK[] w - - 0 1";
    let n = MoveNotation::ShogiHodgesNumber;
    assert_eq!(written(&micro, at, "a1a2", n), "+L-44");
    assert_eq!(written(&micro, at, "c1b2", n), "B-34");
}

#[test]
fn hodges_letters_the_ranks_and_hosking_drops_the_dash() {
    let shogi = bundled("shogi");
    let at = SHOGI_BISHOP_IN_HAND;
    assert_eq!(
        written(&shogi, at, "B@e5", MoveNotation::ShogiHodges),
        "B*5e"
    );
    assert_eq!(
        written(&shogi, at, "c4c5", MoveNotation::ShogiHodges),
        "P-7e"
    );
    assert_eq!(
        written(&shogi, at, "B@e5", MoveNotation::ShogiHosking),
        "B'55"
    );
    assert_eq!(
        written(&shogi, at, "c4c5", MoveNotation::ShogiHosking),
        "P75"
    );
}

#[test]
fn shogi_moves_read_in_usi_and_san_too() {
    let shogi = bundled("shogi");
    let pos = fen::parse(&shogi, SHOGI_BISHOPS_FACE).unwrap();
    for typed in ["Bx22+", "8h2b+", "Bxh8=H", "b2h8+"] {
        let mv = own::parse(&pos, typed).unwrap();
        assert_eq!(own::format(&pos, &mv), "Bx22+", "{typed}");
    }
}

#[test]
fn wxf_counts_files_from_the_movers_right_and_says_the_direction() {
    let xiangqi = bundled("xiangqi");
    let start = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
    let n = MoveNotation::XiangqiWxf;
    assert_eq!(written(&xiangqi, start, "h3e3", n), "C2=5");
    assert_eq!(written(&xiangqi, start, "b1c3", n), "H8+7");
    assert_eq!(written(&xiangqi, start, "a4a5", n), "P9+1");
}

#[test]
fn wxf_tells_two_pieces_on_a_file_by_front_and_rear() {
    let xiangqi = bundled("xiangqi");
    let at = "3k5/9/9/9/9/9/9/R8/9/R3K4 w - - 0 1";
    let n = MoveNotation::XiangqiWxf;
    assert_eq!(written(&xiangqi, at, "a3a5", n), "R++2");
    assert_eq!(written(&xiangqi, at, "a1b1", n), "R-=8");
    assert_eq!(written(&xiangqi, at, "a3b3", n), "R+=8");
}

#[test]
fn wxf_numbers_three_pieces_on_a_file_from_the_front() {
    let xiangqi = bundled("xiangqi");
    let at = "3k5/9/9/9/P8/P8/P8/9/9/4K4 w - - 0 1";
    let n = MoveNotation::XiangqiWxf;
    assert_eq!(written(&xiangqi, at, "a6b6", n), "19=8");
    assert_eq!(written(&xiangqi, at, "a6a7", n), "19+1");
}

#[test]
fn janggi_writes_rank_from_the_top_then_file_from_the_left() {
    let janggi = bundled("janggi");
    let start = "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1";
    let n = MoveNotation::Janggi;
    assert_eq!(written(&janggi, start, "a1a2", n), "R01-91");
    assert_eq!(written(&janggi, start, "i1i3", n), "R09-89");
}

#[test]
fn lan_writes_every_origin() {
    let chess = bundled("chess");
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    assert_eq!(written(&chess, start, "g1f3", MoveNotation::Lan), "Ng1-f3");
    assert_eq!(written(&chess, start, "e2e4", MoveNotation::Lan), "e2-e4");
}

#[test]
fn a_game_without_notation_moves_writes_san() {
    let chess = bundled("chess");
    assert_eq!(chess.move_notation(), MoveNotation::San);
    let pos = Position::start(&chess);
    let mv = own::parse(&pos, "Nf3").unwrap();
    assert_eq!(own::format(&pos, &mv), "Nf3");
}

#[test]
fn notation_moves_names_a_notation() {
    let path = format!("{}/../games/chess.game", env!("CARGO_MANIFEST_DIR"));
    let rules = std::fs::read_to_string(path).unwrap() + "\nnotation moves shogi-hodges-nummber\n";
    let errors = tessera::compile_str(&rules).unwrap_err().to_string();
    assert!(
        errors.contains("did you mean `shogi-hodges-number`"),
        "{errors}"
    );
}
