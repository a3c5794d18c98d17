//! `tessera play` in the terminal, fed by a script on standard input: a
//! human's moves, the commands, the AI's answers and the announced result.

mod common;

fn play(args: &[&str], script: &str) -> String {
    let mut all = vec!["play"];
    all.extend_from_slice(args);
    common::binary_with_input(&all, script)
}

#[test]
fn the_ai_answers_a_human_move_and_undo_takes_both_back() {
    let out = play(
        &["games/chess.game", "--depth", "2"],
        "e2e4\nundo\nposition\nquit\n",
    );
    assert!(out.contains("Black plays "), "{out}");
    // After the undo, the start position again.
    assert!(
        out.contains("> Ra1,Nb1,Bc1,Qd1,Ke1,Bf1,Ng1,Rh1,Pa2,Pb2,Pc2,Pd2,Pe2,Pf2,Pg2,Ph2,"),
        "{out}"
    );
}

#[test]
fn a_bad_move_is_explained_and_the_game_goes_on() {
    let out = play(&["games/chess.game", "--ai", "none"], "e2e5\nhelp\nquit\n");
    assert!(out.contains("`e2e5` is not a legal move here"), "{out}");
    assert!(out.contains("undo      take back the last move"), "{out}");
}

#[test]
fn the_ai_mates_and_the_result_is_announced() {
    let out = play(
        &[
            "games/chess.game",
            "--fen",
            "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1",
            "--ai",
            "white",
            "--depth",
            "3",
        ],
        "",
    );
    assert!(out.contains("White plays Ra8#."), "{out}");
    assert!(out.contains("Moves: 1. Ra8#\n"), "{out}");
    assert!(out.ends_with("Game over: 1-0, White wins.\n"), "{out}");
}

#[test]
fn ai_against_ai_plays_any_game() {
    for game in [
        "games/janggi.game",
        "games/power-chess-98.game",
        "games/crazyhouse.game",
    ] {
        let out = play(
            &[game, "--ai", "both", "--depth", "1", "--max-plies", "6"],
            "",
        );
        assert_eq!(out.matches(" plays ").count(), 6, "{game}: {out}");
        assert!(out.ends_with("Stopped after 6 plies.\n"), "{game}: {out}");
    }
}
