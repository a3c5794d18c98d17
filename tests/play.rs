//! `tessera play` in the terminal, fed by a script on standard input: a
//! human's moves, the commands, the AI's answers and the announced result.
//! (`tests/terminal/pty_play.py` plays through a real pseudo-terminal.)

mod common;

fn play(args: &[&str], script: &str) -> String {
    let mut all = vec!["play"];
    all.extend_from_slice(args);
    common::binary_with_input(&all, script)
}

/// The rows of the text boards drawn, by their labels, board after board.
fn row_labels(out: &str) -> Vec<String> {
    out.lines()
        .filter_map(|l| {
            // A board may follow the prompt on its line (input is not echoed).
            let l = l.rsplit("> ").next()?;
            let label = l.split_whitespace().next()?;
            (label.parse::<u32>().is_ok() && l.len() > 20).then(|| label.to_string())
        })
        .collect()
}

#[test]
fn the_ai_answers_a_human_move_and_undo_takes_both_back() {
    let out = play(&["chess", "--depth", "2"], "e2e4\nundo\nposition\nquit\n");
    assert!(out.contains("Black plays "), "{out}");
    // After the undo, the start position again.
    assert!(
        out.contains("> Ra1,Nb1,Bc1,Qd1,Ke1,Bf1,Ng1,Rh1,Pa2,Pb2,Pc2,Pd2,Pe2,Pf2,Pg2,Ph2,"),
        "{out}"
    );
}

#[test]
fn the_board_is_drawn_once_a_turn_without_the_position_lines() {
    let out = play(&["chess", "--depth", "1"], "e4\nquit\n");
    // The start, then after the AI's reply: not after the human's own move.
    assert_eq!(out.matches("  a  b  c  d  e  f  g  h").count(), 2, "{out}");
    assert!(!out.contains("Position:") && !out.contains("FEN:"), "{out}");
    assert!(out.contains("Last move: 1... "), "{out}");
    assert!(out.contains("\n2. White> "), "{out}");
    // The AI against itself: before every move, and at the end.
    let out = play(
        &["chess", "--ai", "both", "--depth", "1", "--max-plies", "2"],
        "",
    );
    assert_eq!(out.matches("  a  b  c  d  e  f  g  h").count(), 3, "{out}");
}

#[test]
fn the_side_in_check_is_named_and_the_last_move_marked() {
    let out = play(&["chess", "--ai", "none"], "e4\nf6\nQh5\nquit\n");
    assert!(out.contains("Last move: 2. Qh5+\n"), "{out}");
    assert!(
        out.contains("Black to move, move 2; Black is in check.\n"),
        "{out}"
    );
    // Without colour, the last move's cells in brackets.
    assert!(out.contains("5  .  .  .  .  .  .  . [Q]"), "{out}");
    assert!(out.contains("1  R  N  B [.] K  B  N  R"), "{out}");
}

#[test]
fn an_illegal_move_is_answered_with_the_rule_it_breaks() {
    let out = play(&["chess", "--ai", "none"], "e4\nf6\nQh5\na6\nquit\n");
    assert!(
        out.contains("`a6` is illegal: it would leave a royal piece of the mover attacked (Black is in check).\n"),
        "{out}"
    );
    // A pinned piece: the same rule, without a check.
    let out = play(
        &[
            "chess",
            "--ai",
            "none",
            "--fen",
            "4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1",
        ],
        "Nc3\nquit\n",
    );
    assert!(
        out.contains("`Nc3` is illegal: it would leave a royal piece of the mover attacked.\n"),
        "{out}"
    );
}

#[test]
fn a_typo_is_answered_with_a_hint_not_a_rule() {
    let out = play(&["chess", "--ai", "none"], "e2e5\nflp\nNf4\nhelp\nquit\n");
    assert!(
        out.contains("`e2e5` is no move here; that piece's moves: e3 e4.\n"),
        "{out}"
    );
    assert!(
        out.contains("`flp` is no move here; did you mean `flip`?\n"),
        "{out}"
    );
    assert!(
        out.contains("`Nf4` is no move here; did you mean `Nf3`?\n"),
        "{out}"
    );
    assert!(out.contains("  undo      take back the last move"), "{out}");
    assert!(
        out.contains("  record    the moves so far, numbered"),
        "{out}"
    );
}

#[test]
fn the_board_faces_the_human_and_flip_turns_it() {
    // White at the bottom: rank 8 first.
    let out = play(&["chess", "--ai", "none"], "quit\n");
    assert_eq!(
        row_labels(&out).first().map(String::as_str),
        Some("8"),
        "{out}"
    );
    // The AI plays White: Black at the bottom, the files from h to a.
    let out = play(&["chess", "--ai", "white", "--depth", "1"], "flip\nquit\n");
    let rows = row_labels(&out);
    assert_eq!(
        &rows[..8],
        ["1", "2", "3", "4", "5", "6", "7", "8"],
        "{out}"
    );
    assert!(out.contains("  h  g  f  e  d  c  b  a"), "{out}");
    // `flip` turns it back.
    assert_eq!(
        &rows[8..],
        ["8", "7", "6", "5", "4", "3", "2", "1"],
        "{out}"
    );
}

#[test]
fn the_record_on_request_and_when_the_player_leaves() {
    let out = play(
        &["chess", "--ai", "none"],
        "record\nf3\ne5\ng4\nrecord\nquit\n",
    );
    assert!(out.contains("> No move yet.\n"), "{out}");
    assert!(out.contains("> 1. f3 e5 2. g4\n"), "{out}");
    assert!(out.ends_with("Moves: 1. f3 e5 2. g4 *\n"), "{out}");
}

#[test]
fn the_ai_mates_and_the_result_is_announced_once_with_the_record() {
    let out = play(
        &[
            "chess",
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
    assert_eq!(out.matches("Game over").count(), 1, "{out}");
    assert!(
        out.ends_with(
            "Game over: Black is checkmated; White wins (1-0).\nMoves: 1. Ra8# 1-0\nA new game? (y/n) \n"
        ),
        "{out}"
    );
}

#[test]
fn a_new_game_starts_from_the_same_position() {
    let out = play(
        &["chess", "--ai", "none"],
        "f3\ne5\ng4\nQh4\ny\nrecord\nquit\n",
    );
    assert!(out.contains("Moves: 1. f3 e5 2. g4 Qh4# 0-1\n"), "{out}");
    assert_eq!(
        out.matches("Type `help` for the commands.").count(),
        2,
        "{out}"
    );
    assert!(out.ends_with("1. White> No move yet.\n1. White> "), "{out}");
}

#[test]
fn promoted_pieces_keep_their_plus_on_the_board() {
    let out = play(
        &[
            "shogi",
            "--ai",
            "none",
            "--fen",
            "lnsgkgsnl/1r5b1/pppppppp+P/9/9/9/PPPPPPPP1/1B5R1/LNSGKGSNL[-] w - - 0 1",
            "--unchecked",
        ],
        "quit\n",
    );
    assert!(out.contains("7  p  p  p  p  p  p  p  p  +P\n"), "{out}");
}

#[test]
fn colours_where_asked_and_none_where_refused() {
    let out = play(&["chess", "--ai", "none", "--color", "always"], "quit\n");
    assert!(out.contains("\x1b["), "{out}");
    // Without a terminal, `auto` draws none; `never` never does.
    for choice in ["auto", "never"] {
        let out = play(&["chess", "--ai", "none", "--color", choice], "quit\n");
        assert!(!out.contains('\x1b'), "{choice}: {out}");
    }
}

#[test]
fn ai_against_ai_plays_any_game() {
    for game in ["janggi", "power-chess-98", "crazyhouse"] {
        let out = play(
            &[game, "--ai", "both", "--depth", "1", "--max-plies", "6"],
            "",
        );
        assert_eq!(out.matches(" plays ").count(), 6, "{game}: {out}");
        assert!(out.ends_with("Stopped after 6 plies.\n"), "{game}: {out}");
    }
}
