//! Rules that the Fairy-Stockfish variants of the chess family needed, each
//! pinned by a small rule file (or a bundled game), a position and the moves
//! or the end it must give.

use tessera::engine::legal::legal_moves;
use tessera::engine::outcome;
use tessera::notation::{fen, uci};
use tessera::{compile_str, Game};

mod common;

use common::{compass_game, fen_after, moves_after, position_after};

#[track_caller]
fn game_of(src: &str) -> Game {
    compass_game(&format!("grid file a..h rank 1..8\n{src}"))
}

#[track_caller]
fn bundled(name: &str) -> Game {
    let path = format!("{}/games/{name}.game", env!("CARGO_MANIFEST_DIR"));
    let src = std::fs::read_to_string(&path).expect("bundled game");
    compile_str(&src).unwrap_or_else(|e| panic!("{}", e.render(&path, &src)))
}

const PAWNS_AND_ROYAL_QUEENS: &str = "
zone last-rank a8..h8
piece King K royal
  step all
piece Queen Q royal
  slide all
piece Rook R
  slide orthogonal
piece Pawn P
  step n: quiet
  step ne nw: capture
  promote last-rank to Queen Rook
";

#[test]
fn a_pawn_may_not_promote_into_a_royal_kind_on_an_attacked_cell() {
    let game = game_of(PAWNS_AND_ROYAL_QUEENS);
    // The black rooks sweep the eighth rank: a queen on a8 or b8 would stand
    // attacked, a rook may go there (the king may not leave for the b file).
    let got = moves_after(&game, "1r5r/P7/8/8/8/8/8/K6k w - - 0 1", &[]);
    assert_eq!(got, "a1a2 a7a8r a7b8r");
}

#[test]
fn a_pawn_may_promote_into_a_royal_kind_where_nothing_attacks_it() {
    let game = game_of(PAWNS_AND_ROYAL_QUEENS);
    let got = moves_after(&game, "8/P7/8/8/8/8/8/K6k w - - 0 1", &[]);
    assert_eq!(got, "a1a2 a1b1 a1b2 a7a8q a7a8r");
}

#[test]
fn hordes_first_rank_double_step_may_not_be_taken_en_passant() {
    let game = bundled("horde");
    // White's pawn steps twice from a1 over a2; Black's pawn on b3 may not take
    // it there, as it could after a double step from the second rank. (White
    // has no king in horde: the position check refuses one.)
    let got = moves_after(&game, "4k3/8/8/8/8/1p6/8/P7 w - - 0 1", &["a1a3"]);
    assert_eq!(got, "b3b2 e8d7 e8d8 e8e7 e8f7 e8f8");
    let got = moves_after(&game, "4k3/8/8/8/1p6/8/P7/8 w - - 0 1", &["a2a4"]);
    assert_eq!(got, "b4a3 b4b3 e8d7 e8d8 e8e7 e8f7 e8f8");
}

#[test]
fn a_zone_may_name_cells_for_one_side_only() {
    let game = game_of(
        "zone white-last white a8..h8
         zone black-last black a1..h1
         piece King K royal
           step all
         piece Rook R
           slide orthogonal
         piece Knight N
           leap (1, 2)
         piece Pawn P
           step n: quiet
           promote white-last to Rook
           promote black-last to Knight",
    );
    // White's pawn promotes to a rook on the eighth rank; Black's zone for
    // White's rule is empty, and the other way round.
    let got = moves_after(&game, "8/P6k/8/8/8/8/8/K7 w - - 0 1", &[]);
    assert_eq!(got, "a1a2 a1b1 a1b2 a7a8r");
    let got = moves_after(&game, "7k/8/8/8/8/8/p7/2K5 b - - 0 1", &[]);
    assert_eq!(got, "a2a1n h8g7 h8g8 h8h7");
}

#[test]
fn at_most_n_of_a_kind_ends_the_game() {
    let game = game_of(
        "piece King K
           step all
         piece Rook R
           slide orthogonal
         goal at most 2 King loses",
    );
    // White takes one of Black's three kings: Black, left with two, has lost.
    let mut pos = fen::parse(&game, "k3k2k/8/8/8/4R3/8/8/KK5K w - - 0 1").expect("FEN");
    assert!(matches!(
        outcome::status(&mut pos),
        outcome::Status::Ongoing
    ));
    let mv = uci::parse(&mut pos, "e4e8").expect("legal");
    pos.make(mv);
    let status = format!("{:?}", outcome::status(&mut pos));
    assert!(status.contains("White"), "{status}");
    let mut list = Vec::new();
    legal_moves(&mut pos, &mut list);
    assert!(list.is_empty());
}

#[test]
fn at_most_1_all_counts_every_piece() {
    let game = game_of(
        "piece King K royal
           step all
         piece Rook R
           slide orthogonal
         goal at most 1 all wins",
    );
    // Black's rook is taken: Black has its king alone and wins.
    let mut pos = fen::parse(&game, "k6r/8/8/8/8/8/8/K6R w - - 0 1").expect("FEN");
    let mv = uci::parse(&mut pos, "h1h8").expect("legal");
    pos.make(mv);
    let mut list = Vec::new();
    legal_moves(&mut pos, &mut list);
    assert!(list.is_empty());
    let status = format!("{:?}", outcome::status(&mut pos));
    assert!(status.contains("Black"), "{status}");
}

#[test]
fn notation_en_passant_always_writes_every_double_step_with_the_pawns_cell() {
    let with = game_of(
        "zone pawn-rank a2..h2
         piece King K royal
           step all
         piece Pawn P
           step n: quiet
           step n then step n: quiet, from pawn-rank, sets en passant
           step ne nw: capture, takes en passant
         clock reset by Pawn
         notation en passant always",
    );
    // No black pawn could take on e3: Fairy-Stockfish still writes the cell
    // passed and the pawn's cell for a pawn of its own design.
    let start = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1";
    assert_eq!(
        fen_after(&with, start, &["e2e4"]),
        "4k3/8/8/8/4P3/8/8/4K3 b - e3e4 0 1"
    );
}

#[test]
fn notation_en_passant_always_for_some_kinds_writes_only_their_double_steps() {
    let game = game_of(
        "zone pawn-rank a2..h2
         piece King K royal
           step all
         piece Sergeant S
           step n ne nw
           step n then step n: quiet, from pawn-rank, sets en passant
         piece Pawn P
           step n: quiet
           step n then step n: quiet, from pawn-rank, sets en passant
           step ne nw: capture, takes en passant
         clock reset by Pawn Sergeant
         notation en passant always Sergeant",
    );
    // A sergeant's double step is always written, with its cell; a pawn's
    // only where a pawn could take it, as Fairy-Stockfish writes wolf chess.
    assert_eq!(
        fen_after(&game, "4k3/8/8/8/8/8/1S6/4K3 w - - 0 1", &["b2b4"]),
        "4k3/8/8/8/1S6/8/8/4K3 b - b3b4 0 1"
    );
    assert_eq!(
        fen_after(&game, "4k3/8/8/8/8/8/1P6/4K3 w - - 0 1", &["b2b4"]),
        "4k3/8/8/8/1P6/8/8/4K3 b - - 0 1"
    );
    // A pawn takes the sergeant en passant.
    let moves = moves_after(&game, "4k3/8/8/8/2p5/8/1S6/4K3 w - - 0 1", &["b2b4"]);
    assert!(moves.split(' ').any(|m| m == "c4b3"), "{moves}");
    let after = fen_after(
        &game,
        "4k3/8/8/8/2p5/8/1S6/4K3 w - - 0 1",
        &["b2b4", "c4b3"],
    );
    assert_eq!(after, "4k3/8/8/8/8/1p6/8/4K3 w - - 0 2");
}

#[test]
fn notation_en_passant_always_passed_writes_the_cell_passed_alone() {
    let game = game_of(
        "zone pawn-rank a2..h2
         piece King K royal
           step all
         piece Sergeant S
           step n ne nw
           step n then step n: quiet, from pawn-rank, sets en passant
         piece Pawn P
           step n: quiet
           step n then step n: quiet, from pawn-rank, sets en passant
           step ne nw: capture, takes en passant
         clock reset by Pawn Sergeant
         notation en passant always
         notation en passant always passed Pawn",
    );
    // No pawn could take on b3: the field is still written, with the cell
    // passed alone for a pawn (Fairy-Stockfish's own pawn, where other
    // pieces may take en passant), with the sergeant's cell for a sergeant.
    assert_eq!(
        fen_after(&game, "4k3/8/8/8/8/8/1P6/4K3 w - - 0 1", &["b2b4"]),
        "4k3/8/8/8/1P6/8/8/4K3 b - b3 0 1"
    );
    assert_eq!(
        fen_after(&game, "4k3/8/8/8/8/8/1S6/4K3 w - - 0 1", &["b2b4"]),
        "4k3/8/8/8/1S6/8/8/4K3 b - b3b4 0 1"
    );
    // The field reads back, and a pawn still takes en passant on it.
    let moves = moves_after(&game, "4k3/8/8/8/2p5/8/1P6/4K3 w - - 0 1", &["b2b4"]);
    assert!(moves.split(' ').any(|m| m == "c4b3"), "{moves}");
}

const KOEDEM_LIKE: &str = "
zone board a1..h8
piece King K
  step all
piece Rook R
  slide orthogonal
pool hand
drop hand King -> board: compulsory
drop hand -> board
goal extinct King loses, if the other side has 2
";

#[test]
fn a_compulsory_drop_comes_before_every_other_move() {
    let game = game_of(KOEDEM_LIKE);
    // A king in hand: only its drops, onto the 61 empty cells.
    let moves = moves_after(&game, "4k3/8/8/8/8/8/8/R6R[Kr] w - - 0 1", &[]);
    assert_eq!(moves.split(' ').count(), 61, "{moves}");
    assert!(moves.split(' ').all(|m| m.starts_with("K@")), "{moves}");
    // Without it, the rooks move and the other piece in hand drops.
    let moves = moves_after(&game, "4k3/8/8/8/8/8/8/R6R[r] b - - 0 1", &[]);
    assert!(moves.split(' ').any(|m| m == "e8e7"), "{moves}");
    assert!(moves.split(' ').any(|m| m == "R@e4"), "{moves}");
}

#[test]
fn an_extinction_goal_may_wait_for_the_other_side_to_have_n() {
    let game = game_of(KOEDEM_LIKE);
    // No black king, but White has one: play goes on.
    let mut pos = position_after(&game, "r7/8/8/8/8/8/8/R3K2R[] b - - 0 1", "");
    assert!(matches!(
        outcome::status(&mut pos),
        outcome::Status::Ongoing
    ));
    // No black king, and White has both: Black has lost.
    let mut pos = position_after(&game, "r7/8/8/8/8/8/8/R3K2R[K] b - - 0 1", "");
    let status = format!("{:?}", outcome::status(&mut pos));
    assert!(status.contains("Extinction"), "{status}");
}

#[test]
fn a_move_the_piece_could_take_back_does_not_reset_the_clock() {
    let game = game_of(
        "piece King K royal
           step all
         zone last-rank a8..h8
         piece Queen Q
           slide all
         piece Pawn P
           step n e w: quiet
           promote last-rank to Queen",
    );
    // A sideways step may be undone: the clock runs on; a forward step resets it.
    let start = "4k3/8/8/8/8/8/4P3/4K3 w - - 7 10";
    assert_eq!(
        fen_after(&game, start, &["e2d2"]),
        "4k3/8/8/8/8/8/3P4/4K3 b - - 8 10"
    );
    assert_eq!(
        fen_after(&game, start, &["e2e3"]),
        "4k3/8/8/8/8/4P3/8/4K3 b - - 0 10"
    );
}

#[test]
fn on_capture_become_turns_the_capturing_piece_into_a_wall() {
    let game = game_of(
        "piece King K royal
           step all: quiet
         piece Rook R
           slide orthogonal
           on capture become Wall
         piece Wall * neutral",
    );
    // The rook takes on a8 and stays there as a wall, which blocks the file.
    let start = "r6k/8/8/8/8/8/8/R6K w - - 0 1";
    assert_eq!(
        fen_after(&game, start, &["a1a8"]),
        "*6k/8/8/8/8/8/8/7K b - - 0 1"
    );
    // The king, which may not capture, cannot take the wall either.
    let got = moves_after(&game, "*6k/8/8/8/8/8/8/7K b - - 0 1", &[]);
    assert_eq!(got, "h8g7 h8g8 h8h7");
}
