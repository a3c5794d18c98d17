//! The goals that Fairy-Stockfish's variants files need: perpetual check in
//! a repetition, pieces in a row (a row, a line, a square), several pieces
//! in a zone. Each test is a rule file, a position, moves, and the outcome.

mod common;

use common::{game, status_after as after};
use tessera::engine::outcome::{status_in_game, Reason, Status};
use tessera::game::Side;
use tessera::notation::{fen, uci};
use tessera::{compile_str, Record};

#[track_caller]
fn won(status: Status, side: Side, reason: Reason) {
    match status {
        Status::Over {
            winner: Some(w),
            reason: r,
            ..
        } => assert_eq!((w, r), (side, reason)),
        other => panic!("expected a win for {side:?} by {reason:?}, got {other:?}"),
    }
}

const CHESSLIKE: &str = "
game \"Rook and king\"
grid file a..h rank 1..8
direction n (0, 1) s (0, -1) e (1, 0) w (-1, 0)
direction ne (1, 1) nw (-1, 1) se (1, -1) sw (-1, -1)
group orthogonal = n e s w
group all = n e s w ne nw se sw
mirror rank
piece King K royal
  step all
piece Rook R
  slide orthogonal
";

/// White's rook checks from d2 and e2 while Black's king steps between d8
/// and e8: the start position stands a third time after eight plies, every
/// move of White's having given check.
const CHECKING: &str = "e2d2 d8e8 d2e2 e8d8 e2d2 d8e8 d2e2 e8d8";
const START: &str = "3k4/8/8/8/8/8/4R3/5K2 w - - 0 1";

#[test]
fn a_perpetual_check_loses_for_the_side_that_checks() {
    let g = game(&format!(
        "{CHESSLIKE}goal repeated 3 times draws, perpetual check loses\n"
    ));
    won(after(&g, START, CHECKING), Side::Black, Reason::Repetition);
    // One ply earlier the position has not stood three times.
    let seven: Vec<&str> = CHECKING.split(' ').take(7).collect();
    assert_eq!(after(&g, START, &seven.join(" ")), Status::Ongoing);
}

#[test]
fn without_the_perpetual_clause_the_repetition_draws() {
    let g = game(&format!("{CHESSLIKE}goal repeated 3 times draws\n"));
    match after(&g, START, CHECKING) {
        Status::Over {
            winner: None,
            reason: Reason::Repetition,
            ..
        } => {}
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_cycle_with_a_quiet_move_is_no_perpetual_check() {
    let g = game(&format!(
        "{CHESSLIKE}goal repeated 3 times draws, perpetual check loses\n"
    ));
    // The rook goes a2 (no check) and back to e2 (check), the king d8-c8.
    let quiet = "e2a2 d8c8 a2e2 c8d8 e2a2 d8c8 a2e2 c8d8";
    match after(&g, START, quiet) {
        Status::Over {
            winner: None,
            reason: Reason::Repetition,
            ..
        } => {}
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_perpetual_check_needs_a_repetition_goal() {
    let src = format!("{CHESSLIKE}goal clock 100 draws, perpetual check loses\n");
    assert!(compile_str(&src).is_err());
}

const STONES: &str = "
game \"Stones\"
grid file a..e rank 1..5
direction n (0, 1) s (0, -1) e (1, 0) w (-1, 0)
direction ne (1, 1) nw (-1, 1) se (1, -1) sw (-1, -1)
group orthogonal = n e s w
mirror rank
piece Stone S
  step orthogonal: quiet
piece Post P
  step orthogonal: quiet
goal stalemated draws
";

#[test]
fn three_in_a_row_wins_for_the_side_that_made_it() {
    let g = game(&format!("{STONES}goal row of 3 all along e n ne se wins\n"));
    // White's c2 steps to c1 beside a1 and b1.
    won(
        after(&g, "5/5/s1s2/2S2/SS3 w - - 0 1", "c2c1"),
        Side::White,
        Reason::Reached,
    );
    // A diagonal counts; a row with a gap does not.
    won(
        after(&g, "5/5/5/1SS2/S4 w - - 0 1", "c2c3"),
        Side::White,
        Reason::Reached,
    );
    assert_eq!(
        after(&g, "4s/5/5/S1S2/5 w - - 0 1", "a2a1"),
        Status::Ongoing
    );
}

#[test]
fn a_row_of_the_side_to_move_does_not_count() {
    let g = game(&format!("{STONES}goal row of 3 all along e n ne se wins\n"));
    // Black's row stands, but Black is to move: only the mover's counts.
    assert_eq!(after(&g, "5/5/5/sss2/S4 b - - 0 1", ""), Status::Ongoing);
}

#[test]
fn only_the_listed_kinds_make_a_row_and_it_may_lose() {
    let g = game(&format!("{STONES}goal row of 3 Stone along e n loses\n"));
    // Two stones and a post: no row of stones.
    assert_eq!(
        after(&g, "4s/5/5/SSP2/5 w - - 0 1", "c2c3"),
        Status::Ongoing
    );
    won(
        after(&g, "5/5/5/SS3/2S2 w - - 0 1", "c1c2"),
        Side::Black,
        Reason::Reached,
    );
}

#[test]
fn a_line_counts_pieces_with_cells_between() {
    let g = game(&format!("{STONES}goal line of 3 all along e n loses\n"));
    // a1, c1 and e1 stand on one line, with a black stone and an empty
    // cell between.
    won(
        after(&g, "5/5/5/4S/SsS2 w - - 0 1", "e2e1"),
        Side::Black,
        Reason::Reached,
    );
    assert_eq!(
        after(&g, "5/5/5/4S/SsS2 w - - 0 1", "e2d2"),
        Status::Ongoing
    );
}

#[test]
fn a_square_of_two_wins() {
    let g = game(&format!("{STONES}goal square of 2 all along e n wins\n"));
    won(
        after(&g, "5/5/5/SS3/S1S2 w - - 0 1", "c1b1"),
        Side::White,
        Reason::Reached,
    );
    assert_eq!(
        after(&g, "4s/5/5/SS3/2S2 w - - 0 1", "c1d1"),
        Status::Ongoing
    );
}

const HALMA: &str = "
game \"Halma\"
grid file a..e rank 1..5
direction n (0, 1) s (0, -1) e (1, 0) w (-1, 0)
group orthogonal = n e s w
mirror rank
zone home white a5 b5 c5 black a1 b1 c1
piece Stone S
  step orthogonal: quiet
goal stalemated draws
";

#[test]
fn several_pieces_must_reach_the_zone() {
    let g = game(&format!("{HALMA}goal 3 Stone reach home wins\n"));
    assert_eq!(
        after(&g, "SS3/2S2/5/5/4s w - - 0 1", "c4d4"),
        Status::Ongoing
    );
    won(
        after(&g, "SS3/2S2/5/5/5 w - - 0 1", "c4c5"),
        Side::White,
        Reason::Reached,
    );
}

#[test]
fn fewer_pieces_do_when_the_zone_is_full() {
    let g = game(&format!(
        "{HALMA}goal 3 Stone reach home wins, or fewer when full\n"
    ));
    // a5 and b5 hold black stones; White's stone fills c5.
    won(
        after(&g, "ss3/2S2/5/5/5 w - - 0 1", "c4c5"),
        Side::White,
        Reason::Reached,
    );
    let g = game(&format!("{HALMA}goal 3 Stone reach home wins\n"));
    assert_eq!(
        after(&g, "ss3/2S2/5/5/5 w - - 0 1", "c4c5"),
        Status::Ongoing
    );
}

#[test]
fn goals_on_rows_are_checked() {
    for (bad, why) in [
        ("goal row of 0 all along e wins", "count"),
        ("goal square of 2 all along e n ne wins", "two directions"),
        ("goal row of 3 Nothing along e wins", "kind"),
        (
            "goal row of 3 all along e wins, perpetual check loses",
            "suffix",
        ),
        ("goal stalemated wins, or fewer when full", "suffix"),
    ] {
        let src = format!("{STONES}{bad}\n");
        assert!(compile_str(&src).is_err(), "{why}: {bad}");
    }
}

#[test]
fn a_repetition_may_name_the_side_it_is_for() {
    let g = game(&format!("{CHESSLIKE}goal repeated 3 times black wins\n"));
    let quiet = "e2a2 d8c8 a2e2 c8d8 e2a2 d8c8 a2e2 c8d8";
    // White to move, or Black: Black wins both.
    won(after(&g, START, quiet), Side::Black, Reason::Repetition);
    let black_first = "d8c8 e2a2 c8d8 a2e2 d8c8 e2a2 c8d8 a2e2";
    won(
        after(&g, &START.replace(" w ", " b "), black_first),
        Side::Black,
        Reason::Repetition,
    );
}

const CHAINS: &str = "zone west white a1..a5 black a1..e1
zone east white e1..e5 black a5..e5
goal chain of all from west to east along e n wins
";

#[test]
fn a_chain_from_zone_to_zone_wins_for_the_side_that_made_it() {
    let g = game(&format!("{STONES}{CHAINS}"));
    // a3-b3-c3-d3, and e4 steps to e3: the chain reaches the east file.
    won(
        after(&g, "4s/4S/SSSS1/5/5 w - - 0 1", "e4e3"),
        Side::White,
        Reason::Reached,
    );
    // Turning north counts: a1-b1-b2-c2-d2-e2.
    won(
        after(&g, "4s/5/5/1SSS1/SS2S w - - 0 1", "e1e2"),
        Side::White,
        Reason::Reached,
    );
    // Black links its first rank to its fifth (its zones are its own).
    won(
        after(&g, "3s1/2s2/2s2/2s2/S1s2 b - - 0 1", "d5c5"),
        Side::Black,
        Reason::Reached,
    );
}

#[test]
fn a_chain_goes_only_along_its_directions() {
    let g = game(&format!("{STONES}{CHAINS}"));
    // a3-b3-c3-d3 would need a step south to reach e2: no chain.
    assert_eq!(
        after(&g, "4s/5/SSSS1/3S1/5 w - - 0 1", "d2e2"),
        Status::Ongoing
    );
}

/// A pawn that steps back (`step n s`), with a double step from its rank
/// and en passant, whose FEN writes the en-passant field after every double
/// step (`notation en passant always`).
const BACKSTEPPING: &str = "
game \"Pawns that step back\"
grid file a..h rank 1..8
direction n (0, 1) s (0, -1) e (1, 0) w (-1, 0)
direction ne (1, 1) nw (-1, 1) se (1, -1) sw (-1, -1)
group all = n e s w ne nw se sw
mirror rank
zone pawn-rank a2..h2
piece King K royal
  step all
piece Pawn P
  step n s: quiet
  step n then step n: quiet, from pawn-rank, sets en passant
  step ne nw: capture, takes en passant
notation en passant always
goal repeated 3 times draws
";

#[test]
fn a_repetition_ignores_unmoved_flags_and_en_passant_rights_that_change_nothing() {
    let g = game(BACKSTEPPING);
    // After b7b5 no white pawn can take en passant (FEN still writes the
    // field), and the g-pawn that steps to g3 and back is the same pawn to
    // every rule: the position after b7b5 stands a third time after eight
    // more plies, as Fairy-Stockfish counts it.
    let at = "4k3/1p6/8/8/1P6/8/6P1/4K3 b - - 0 1";
    let cycle = "b7b5 g2g3 b5b6 g3g2 b6b5 g2g3 b5b6 g3g2 b6b5";
    match after(&g, at, cycle) {
        Status::Over {
            winner: None,
            reason: Reason::Repetition,
            ..
        } => {}
        other => panic!("{other:?}"),
    }
    let eight: Vec<&str> = cycle.split(' ').take(8).collect();
    assert_eq!(after(&g, at, &eight.join(" ")), Status::Ongoing);
}

/// White's rook comes to a2, then goes a2-a3 and back twice, while Black's
/// king steps between d8 and c8: White's fifth move ends the game.
const SHUTTLE: &str = "a1a2 d8c8 a2a3 c8d8 a3a2 d8c8 a2a3 c8d8 a3a2";

#[test]
fn moving_a_piece_back_and_forth_four_times_loses() {
    let g = game(&format!("{CHESSLIKE}goal back and forth by Rook wins\n"));
    let start = "3k4/8/8/8/8/8/8/R3K3 w - - 0 1";
    won(after(&g, start, SHUTTLE), Side::Black, Reason::Repetition);
    // One move fewer is no shuttle yet.
    let eight: Vec<&str> = SHUTTLE.split(' ').take(8).collect();
    assert_eq!(after(&g, start, &eight.join(" ")), Status::Ongoing);
    // Black's king went back and forth as often, but kings are not named.
    let g = game(&format!("{CHESSLIKE}goal back and forth wins\n"));
    won(after(&g, start, SHUTTLE), Side::Black, Reason::Repetition);
}

#[test]
fn a_shuttle_needs_a_named_kind_and_a_quiet_first_move() {
    let g = game(&format!("{CHESSLIKE}goal back and forth by King wins\n"));
    let start = "3k4/8/8/8/8/8/8/R3K3 w - - 0 1";
    assert_eq!(after(&g, start, SHUTTLE), Status::Ongoing);
    // The rook's first move is a capture: no shuttle.
    let g = game(&format!("{CHESSLIKE}goal back and forth by Rook wins\n"));
    let start = "3k4/8/8/8/8/8/r7/R3K3 w - - 0 1";
    assert_eq!(after(&g, start, SHUTTLE), Status::Ongoing);
    // Given twice, the goal is an error.
    let src = format!("{CHESSLIKE}goal back and forth by Rook wins\ngoal back and forth draws\n");
    assert!(compile_str(&src).is_err());
}

/// Castle chess: Black wins by castling on the queen side (along `w`, as it
/// sees the board) and loses once it can never castle there.
const CASTLE: &str = "
game \"Castle\"
grid file a..h rank 1..8
direction n (0, 1) s (0, -1) e (1, 0) w (-1, 0)
direction ne (1, 1) nw (-1, 1) se (1, -1) sw (-1, -1)
group orthogonal = n e s w
group all = n e s w ne nw se sw
mirror rank
piece King K royal
  step all
piece Rook R
  slide orthogonal
castling King Rook along e w: king 2, rook beside
goal black castles along w wins
goal black cannot castle along w loses
";
const CASTLE_START: &str = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";

#[test]
fn castling_along_a_goal_direction_wins() {
    let g = game(CASTLE);
    won(
        after(&g, CASTLE_START, "e1g1 e8c8"),
        Side::Black,
        Reason::Reached,
    );
    // White's castlings name no goal of White's.
    assert_eq!(after(&g, CASTLE_START, "e1c1"), Status::Ongoing);
}

#[test]
fn losing_the_castling_right_loses() {
    let g = game(CASTLE);
    // Castling on the other wing moves the king: no right is left on `w`.
    won(
        after(&g, CASTLE_START, "a1a2 e8g8"),
        Side::White,
        Reason::Reached,
    );
    // The partner on a8 moves, or the king does.
    won(
        after(&g, CASTLE_START, "a1b1 a8b8"),
        Side::White,
        Reason::Reached,
    );
    won(
        after(&g, CASTLE_START, "e1f1 e8d8"),
        Side::White,
        Reason::Reached,
    );
    // The partner on a8 is captured.
    won(
        after(&g, CASTLE_START, "a1a8"),
        Side::White,
        Reason::Reached,
    );
    // The partner on h8 may move: the right on `w` stays.
    assert_eq!(after(&g, CASTLE_START, "a1b1 h8g8"), Status::Ongoing);
    // A position read without the right is over at once.
    let pos = fen::parse(&g, "r3k2r/8/8/8/8/8/8/R3K2R w KQk - 0 1");
    let mut pos = pos.unwrap();
    let record = Record::new(&pos);
    won(
        status_in_game(&mut pos, &record),
        Side::White,
        Reason::Reached,
    );
}

#[test]
fn a_game_over_by_castling_has_no_moves() {
    let g = game(CASTLE);
    let mut pos = fen::parse(&g, CASTLE_START).unwrap();
    for m in ["e1g1", "e8c8"] {
        let mv = uci::parse(&mut pos, m).unwrap();
        pos.make(mv);
    }
    let mut moves = Vec::new();
    tessera::engine::legal::legal_moves(&mut pos, &mut moves);
    assert!(moves.is_empty());
    assert_eq!(tessera::perft(&mut pos, 1), 0);
}

#[test]
fn a_goal_on_castling_needs_castling() {
    let src = CASTLE.replace("castling King Rook along e w: king 2, rook beside\n", "");
    let errors = compile_str(&src).unwrap_err().render("castle.game", &src);
    assert!(
        errors.contains("a goal on castling needs a `castling` statement"),
        "{errors}"
    );
}

/// Janggi's count (`value`, `count bonus`, the outcome `counts`): where
/// Fairy-Stockfish would draw, each side adds up its pieces' values (chariot
/// 13, cannon 7, horse 5, elephant and advisor 3, soldier 2) and Black, Han,
/// 1.5 more. Every outcome below is pyffish 0.0.90's (`is_immediate_game_end`
/// after the passes, `is_optional_game_end` at the clock's limit).
const JANGGI: &str = include_str!("../../games/janggi.game");
const JANGGI_MODERN: &str = include_str!("../../games/janggimodern.game");
const JANGGI_TRADITIONAL: &str = include_str!("../../games/janggitraditional.game");

#[test]
fn two_passes_in_janggi_are_decided_by_the_count() {
    let g = game(JANGGI);
    // A chariot (13) against nothing: White.
    won(
        after(&g, "3k5/9/9/9/9/9/9/9/9/R4K3 w - - 0 1", "f1f1 d10d10"),
        Side::White,
        Reason::Passes,
    );
    // A chariot and a cannon (20) against a horse (5): White.
    won(
        after(&g, "3k5/9/9/9/n8/9/9/9/9/R1C2K3 w - - 0 1", "f1f1 d10d10"),
        Side::White,
        Reason::Passes,
    );
    // A chariot (13) against a horse and a cannon (12): one point more is
    // not enough against Han's 1.5.
    won(
        after(&g, "3k5/9/9/9/nc7/9/9/9/9/R4K3 w - - 0 1", "f1f1 d10d10"),
        Side::Black,
        Reason::Passes,
    );
}

#[test]
fn a_pass_while_the_generals_face_is_decided_by_the_count() {
    let g = game(JANGGI);
    won(
        after(&g, "4k4/9/9/9/nc7/9/9/9/9/R3K4 w - - 0 1", "e1e1"),
        Side::Black,
        Reason::Facing,
    );
    won(
        after(&g, "4k4/9/9/9/9/9/9/9/9/R3K4 w - - 0 1", "e1e1"),
        Side::White,
        Reason::Facing,
    );
}

#[test]
fn janggi_counts_at_the_clock_limit() {
    // Fifty moves (a hundred plies) without a capture: counted in janggi,
    // a hundred moves in its modern rules, drawn in its traditional ones.
    let fen = |clock: u32| format!("3k5/9/9/9/nc7/9/9/9/9/R4K3 w - - {clock} 60");
    won(
        after(&game(JANGGI), &fen(99), "a1a2"),
        Side::Black,
        Reason::Clock,
    );
    assert_eq!(after(&game(JANGGI), &fen(98), "a1a2"), Status::Ongoing);
    assert_eq!(
        after(&game(JANGGI_MODERN), &fen(99), "a1a2"),
        Status::Ongoing
    );
    won(
        after(&game(JANGGI_MODERN), &fen(199), "a1a2"),
        Side::Black,
        Reason::Clock,
    );
    match after(&game(JANGGI_TRADITIONAL), &fen(99), "a1a2") {
        Status::Over {
            winner: None,
            reason: Reason::Clock,
            ..
        } => {}
        other => panic!("{other:?}"),
    }
}

#[test]
fn counting_weighs_each_kind_and_the_bonus() {
    // A small board of its own: kinds without `value` count nothing, the
    // bonus breaks a tie, and a tie without one is a draw.
    let src = |bonus: &str| {
        format!(
            "{CHESSLIKE}piece Knight N value 3\n  leap (1, 2)\npass\ngoal passed 2 times counts\n{bonus}"
        )
    };
    let g = game(&src(""));
    // Two rooks (no value) against a knight: Black.
    won(
        after(&g, "n3k3/8/8/8/8/8/8/RR2K3 w - - 0 1", "e1e1 e8e8"),
        Side::Black,
        Reason::Passes,
    );
    // A knight each: a draw.
    match after(&g, "n3k3/8/8/8/8/8/8/N3K3 w - - 0 1", "e1e1 e8e8") {
        Status::Over { winner: None, .. } => {}
        other => panic!("{other:?}"),
    }
    // A knight each and White's bonus of half a point: White.
    let g = game(&src("count bonus white 0.5\n"));
    won(
        after(&g, "n3k3/8/8/8/8/8/8/N3K3 w - - 0 1", "e1e1 e8e8"),
        Side::White,
        Reason::Passes,
    );
}
