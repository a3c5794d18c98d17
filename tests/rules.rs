//! Rules that show in the position after a move or in the game's result, not in
//! a move list: counters, pools, goals. Each test plays a move and reads what
//! `tessera show` prints.

mod common;

use common::stdout_of;

const POWER: &str = "games/power-chess-98.game";
const EXILE: &str = "games/exile-chess.game";

/// The `Position:` line and any `Game over:` line of `show`.
#[track_caller]
fn shown(game: &str, position: &str, moves: &str) -> (String, Option<String>) {
    let mut args = vec!["show", game, "--position", position];
    if !moves.is_empty() {
        args.extend(["--moves", moves]);
    }
    let text = stdout_of(&args);
    let line = |prefix: &str| {
        text.lines()
            .find_map(|l| l.strip_prefix(prefix))
            .map(str::to_string)
    };
    (
        line("Position: ").expect("show prints the position"),
        line("Game over: "),
    )
}

#[test]
fn a_capture_lowers_the_die_and_sends_the_piece_to_its_owners_back_field() {
    let (pos, _) = shown(POWER, "Kc1,Rb5:2,kc3,ra5:4,pb6 w", "b5a5");
    assert_eq!(pos, "Kc1,kc3,Ra5:1,pb6,r@back:4 b - - 0 1");
}

#[test]
fn a_die_at_1_stays_1_when_it_captures() {
    let (pos, _) = shown(POWER, "Kc1,Rb5:1,kc3,ra5:4,pb6 w", "b5b6");
    assert_eq!(pos, "Kc1,kc3,ra5:4,Rb6:1,p@back b - - 0 1");
}

#[test]
fn promotion_takes_the_piece_out_of_a_field_with_die_6_and_sends_the_pawn_to_the_front_field() {
    let (pos, _) = shown(
        POWER,
        "Kc1,Pb6,B@back:3,R@front:2,kc3,ra7:4 w",
        "b6a7=B@back:3",
    );
    assert_eq!(pos, "Kc1,kc3,Ba7:6,R@front:2,P@front,r@back:4 b - - 0 1");
}

#[test]
fn pieces_come_back_from_the_back_field_to_the_front_field_and_onto_the_first_rank() {
    let (pos, _) = shown(
        POWER,
        "Kc1,R@back:2,kc3,pe6 w",
        "R@back:2-@front e6e5 R@front:2-a1",
    );
    // The pawn move reset the halfmove clock, and so did the drop, which
    // cannot be undone (as Fairy-Stockfish counts drops).
    assert_eq!(pos, "Ra1:2,Kc1,kc3,pe5 b - - 0 2");
}

#[test]
fn stalemate_wins_for_the_side_that_delivers_it() {
    let (_, over) = shown(POWER, "ka7,Kb5,Rc7:1 b", "");
    assert_eq!(over.as_deref(), Some("Black is stalemated; White wins"));
}

#[test]
fn checkmate_wins_in_power_chess() {
    let (_, over) = shown(POWER, "ka7,Kb5,Rc7:2 b", "");
    assert_eq!(over.as_deref(), Some("Black is checkmated; White wins"));
}

#[test]
fn a_bare_king_loses_at_once() {
    let (pos, over) = shown(EXILE, "Kd1,Qd4,kd8,pd5 w - - 0 5", "d4d5");
    assert_eq!(pos, "Kd1,Qd5,kd8 b - - 0 5");
    assert_eq!(
        over.as_deref(),
        Some("Black is reduced to a bare royal piece; White wins")
    );
}

#[test]
fn no_legal_move_loses_in_exile_chess() {
    // The black king on a8 is stalemated by the queen on b6 (and its own pawn h7
    // is blocked): stalemate loses for Black.
    let (_, over) = shown(EXILE, "Kd1,Qb6,ka8,ph7,Ph6 b - - 0 9", "");
    assert_eq!(over.as_deref(), Some("Black is stalemated; White wins"));
}

#[test]
fn an_exile_that_has_moved_attacks_as_wazir_and_alfil() {
    // The moved exile on c6 attacks d6 (wazir) and e8 (alfil): the black king on
    // e8 is in check, so only king moves out of it are legal.
    let text = stdout_of(&["moves", EXILE, "--position", "Kh1,Xc6,ke8,ph7 b - - 0 9"]);
    assert_eq!(text, "e8d7\ne8d8\ne8e7\ne8f7\ne8f8\n");
}

#[test]
fn an_unmoved_exile_attacks_nothing() {
    // An unmoved exile (its cell listed in the third field), on the cell it
    // starts on, gives no check to the king beside it, as a wazir would.
    let text = stdout_of(&["moves", EXILE, "--position", "Kh1,Xc8,kd8,ph7 b c8 - 0 9"]);
    assert!(text.contains("h7h6"), "{text}");
}
