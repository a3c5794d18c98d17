//! Rules that issue 24's shogi family needed (kyoto, micro and sho shogi),
//! each pinned by a small rule file, a position and the moves or the FEN it
//! must give.

use tessera::compile_str;
use tessera::Game;

mod common;

use common::{compass_game, fen_after, moves_after, position_after};

#[track_caller]
fn game_of(src: &str) -> Game {
    compass_game(&format!(
        "grid file a..e rank 1..5\nzone board a1..e5\n{src}"
    ))
}

/// Kyoto shogi's pawn and rook: one tile, turned over by every move.
const TILES: &str = "
piece King K royal
  step all
piece Pawn P
  step n
  promote board to Rook
piece Rook +P
  slide orthogonal
  promote board to Pawn
pool hand
captured to hand of captor
drop hand -> board: anywhere, also promoted
clock reset by captures and drops
";

#[test]
fn a_tile_turns_over_with_every_move_and_back() {
    let game = game_of(TILES);
    // The pawn must promote with its move; the rook must turn back, written `-`.
    let start = "k4/5/5/5/P3K[] w - - 3 5";
    assert_eq!(moves_after(&game, start, &[]), "a1a2+ e1d1 e1d2 e1e2");
    let rook = moves_after(&game, start, &["a1a2+", "a5b5"]);
    assert!(rook
        .split(' ')
        .all(|m| !m.starts_with("a2") || m.ends_with('-')));
    assert!(rook.contains("a2a5-") && rook.contains("a2d2-"), "{rook}");
    // A turn over can be undone by the next move: the halfmove clock runs on.
    assert_eq!(
        fen_after(&game, start, &["a1a2+", "a5b5", "a2a3-"]),
        "1k3/5/P4/5/4K[] b - - 6 6"
    );
}

#[test]
fn a_captured_tile_goes_to_the_hand_unpromoted_and_drops_either_side_up() {
    let game = game_of(TILES);
    // The rook on a2 is taken, and the captor may drop it as a pawn or a
    // rook, on the last rank too (`anywhere`).
    let start = "k4/5/5/+p4/K4[] w - - 0 1";
    assert_eq!(
        fen_after(&game, start, &["a1a2"]),
        "k4/5/5/K4/5[P] b - - 0 1"
    );
    let drops = moves_after(&game, start, &["a1a2", "a5b5"]);
    for m in ["P@c5", "+P@c5", "P@e1", "+P@e1"] {
        assert!(drops.split(' ').any(|d| d == m), "{m} in {drops}");
    }
    // 23 empty cells, each one way up and the other.
    assert_eq!(drops.split(' ').filter(|m| m.contains('@')).count(), 46);
    // A rook dropped is a rook: it turns back into a pawn with its move.
    let after = fen_after(&game, start, &["a1a2", "a5b5", "+P@c3"]);
    assert_eq!(after, "1k3/5/2+P2/K4/5[] b - - 0 2");
}

#[test]
fn a_promotion_on_capture_leaves_quiet_moves_alone() {
    let game = game_of(
        "piece King K royal
           step all
         piece Lance L
           slide n
           promote board to Silver, on capture
         piece Silver +L
           step n ne nw se sw
           promote board to Lance, on capture",
    );
    // The lance's quiet moves keep it a lance; its capture must turn it over,
    // and the silver turns back with its own capture.
    assert_eq!(
        moves_after(&game, "4k/l4/5/5/L3K w - - 0 1", &[]),
        "a1a2 a1a3 a1a4+ e1d1 e1d2 e1e2"
    );
    assert_eq!(
        moves_after(&game, "4k/1l3/5/+L4/4K w - - 0 1", &["a2a3", "e5d5"]),
        "a3a4 a3b2 a3b4- e1d1 e1d2 e1e2"
    );
}

/// A king and a prince, royal together.
const KING_AND_PRINCE: &str = "
piece King K royal
  step all
piece Prince Q royal
  step all
piece Rook R
  slide orthogonal
check when at most 1 royal
";

#[test]
fn with_more_royal_pieces_than_the_rule_says_none_is_in_check() {
    let game = game_of(KING_AND_PRINCE);
    // The rook attacks the king: with the prince beside it, the king may
    // stay attacked and the prince may go anywhere.
    let both = moves_after(&game, "k4/5/5/4r/Q3K w - - 0 1", &[]);
    assert!(both.contains("a1a2") && both.contains("e1d1"), "{both}");
    // The king alone must leave the rook's lines.
    assert_eq!(
        moves_after(&game, "k4/5/5/4r/4K w - - 0 1", &[]),
        "e1d1 e1e2"
    );
    // Once the rook takes the king, the prince is a royal piece like any other.
    let pos = position_after(&game, "k4/5/5/4r/Q3K w - - 0 1", "a1b1 e2e1");
    assert!(tessera::engine::in_check(&pos, tessera::Side::White));
}

#[test]
fn check_when_at_most_0_royals_is_refused() {
    let src = format!(
        "{}\ngrid file a..e rank 1..5\n{KING_AND_PRINCE}\ncheck when at most 0 royals",
        common::COMPASS
    )
    .replace("check when at most 1 royal\n", "");
    let e = compile_str(&src).expect_err("no royal piece subject to check");
    assert!(e.render("t.game", &src).contains("say at least 1"));
}

#[test]
fn check_when_at_most_n_royals_needs_a_royal_piece() {
    let src = format!(
        "{}\ngrid file a..e rank 1..5\npiece Rook R\n  slide orthogonal\ncheck when at most 1 royal",
        common::COMPASS
    );
    let e = compile_str(&src).expect_err("no royal piece");
    let text = e.render("t.game", &src);
    assert!(text.contains("needs a piece that is `royal`"), "{text}");
    assert!(text.contains("t.game:12:1"), "{text}");
}
