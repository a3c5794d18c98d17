//! `Position::has_insufficient_material`: Fairy-Stockfish's judgement of
//! material that cannot win, over the rule file's pieces and goals. Each
//! case is a game, a position, and the answer for White and Black (pyffish's
//! own answers, from its test suite).

use tessera::{compile_str, Position, Side};

#[track_caller]
fn check(rules: &str, fen: &str, want: (bool, bool)) {
    let game = compile_str(rules).unwrap();
    let pos = Position::from_fen_unchecked(&game, fen).unwrap();
    let got = (
        pos.has_insufficient_material(Side::White),
        pos.has_insufficient_material(Side::Black),
    );
    assert_eq!(got, want, "{fen}");
}

const CHESS: &str = include_str!("../../games/chess.game");

#[test]
fn kings_alone_and_minor_pieces_cannot_win() {
    check(CHESS, "k7/8/8/8/8/8/8/K7 w - - 0 1", (true, true));
    check(CHESS, "k7/b7/8/8/8/8/8/K7 w - - 0 1", (true, true));
    check(CHESS, "k7/n7/8/8/8/8/8/K7 w - - 0 1", (true, true));
}

#[test]
fn a_pawn_wins_by_promoting_and_a_rook_or_queen_mates() {
    check(CHESS, "k7/p7/8/8/8/8/8/K7 w - - 0 1", (true, false));
    check(CHESS, "k7/r7/8/8/8/8/8/K7 w - - 0 1", (true, false));
    check(CHESS, "k7/q7/8/8/8/8/8/K7 w - - 0 1", (true, false));
}

#[test]
fn two_knights_or_bishops_on_both_colours_may_mate() {
    check(CHESS, "k7/nn6/8/8/8/8/8/K7 w - - 0 1", (true, false));
    check(CHESS, "k7/bb6/8/8/8/8/8/K7 w - - 0 1", (true, false));
    check(CHESS, "k7/b1b5/8/8/8/8/8/K7 w - - 0 1", (true, true));
    check(CHESS, "8/8/8/8/8/6KN/8/6nk w - - 0 1", (false, false));
}

#[test]
fn pieces_that_never_leave_their_half_cannot_reach_the_enemy_king() {
    let xiangqi = include_str!("../../games/xiangqi.game");
    check(
        xiangqi,
        "4k4/9/4b4/9/9/9/9/4B4/9/4K4 w - - 0 1",
        (true, true),
    );
    // Stalemate loses in xiangqi: a lone horse may win.
    check(xiangqi, "4k4/9/9/9/9/9/9/9/9/3KN4 w - - 0 1", (false, true));
}

#[test]
fn goals_other_than_mate_leave_material_sufficient() {
    // A king that may reach the hill wins without mating.
    let hill = include_str!("../../games/kingofthehill.game");
    check(hill, "k7/8/8/8/8/8/8/K7 w - - 0 1", (false, false));
    // Checks count: a lone minor piece may win.
    let three = include_str!("../../games/3check.game");
    check(three, "k7/n7/8/8/8/8/8/K7 w - - 1+2 0 1", (true, false));
    // Captures go to the hand.
    let house = include_str!("../../games/crazyhouse.game");
    check(house, "k7/8/8/8/8/8/8/K7[] w - - 0 1", (false, false));
}

#[test]
fn a_piece_of_the_rule_files_own_is_judged_by_its_movement() {
    // A champion (wazir, dabbaba, alfil) needs help; a silver general mates.
    let rules = format!(
        "{}\npiece Champion C value 5\n  step orthogonal\n  leap (0, 2) (2, 2)\n\
         piece Silver S value 4\n  step diagonal n\n",
        CHESS.split("\nsetup").next().unwrap()
    );
    let rules = format!("{rules}\nsetup\n  white King e1\n  black King e8\ngoal checkmated loses\ngoal stalemated draws\n");
    check(&rules, "4k3/8/8/8/8/8/8/2C1K3 w - - 0 1", (true, true));
    check(&rules, "4k3/8/8/8/8/8/8/2S1K3 w - - 0 1", (false, true));
}
