//! The USI protocol, as a shogi GUI speaks it: the binary is started with
//! rule files, fed commands on standard input, and must answer each as USI
//! says (positions in SFEN, moves as `7g7f`, `8h2b+`, `P*5e`).

mod common;

/// Runs `tessera usi` on the games with `script` as input; its output.
fn session(games: &[&str], script: &str) -> String {
    let mut args = vec!["usi"];
    args.extend_from_slice(games);
    common::binary_with_input(&args, script)
}

/// The legal moves of the position a `position` line names, in USI, as the
/// engine lists them (`d`).
fn legal_after(games: &[&str], position: &str) -> Vec<String> {
    let out = session(games, &format!("{position}\nd\nquit\n"));
    let line = out
        .lines()
        .find_map(|l| l.strip_prefix("info string moves "))
        .unwrap_or_else(|| panic!("no moves in {out}"));
    line.split_whitespace().map(str::to_string).collect()
}

#[test]
fn a_gui_session_ends_in_a_legal_best_move() {
    let games = ["games/shogi.game", "games/minishogi.game"];
    let position = "position sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1 moves 7g7f 3c3d 8h2b+ 3a2b";
    let out = session(
        &games,
        &format!("usi\nisready\nusinewgame\n{position}\ngo btime 0 wtime 0 byoyomi 1000\nquit\n"),
    );
    assert!(out.starts_with("id name Tessera"), "{out}");
    assert!(
        out.contains("option name UCI_Variant type combo default shogi var shogi var minishogi\n"),
        "{out}"
    );
    assert!(out.contains("usiok\nreadyok\n"), "{out}");
    assert!(out.contains("info depth 1 score cp "), "{out}");
    let best = out
        .lines()
        .last()
        .unwrap()
        .strip_prefix("bestmove ")
        .unwrap();
    // Black holds a bishop: the best move may be a drop, `B*..`.
    assert!(
        legal_after(&games, position).iter().any(|m| m == best),
        "{best} is not legal: {out}"
    );
    // Every move of the principal variations is USI's: numbered files,
    // lettered ranks, `*` for a drop.
    for line in out.lines().filter(|l| l.starts_with("info depth")) {
        let pv = line.split(" pv ").nth(1).unwrap();
        for mv in pv.split_whitespace() {
            let cells = mv.trim_end_matches('+');
            let to = &cells[cells.len() - 2..];
            assert!(
                to.as_bytes()[0].is_ascii_digit() && to.as_bytes()[1].is_ascii_lowercase(),
                "{mv} in {line}"
            );
        }
    }
}

#[test]
fn startpos_and_the_variant_option_choose_the_game() {
    let games = ["games/shogi.game", "games/minishogi.game"];
    let moves = legal_after(
        &games,
        "setoption name USI_Variant value minishogi\nposition startpos moves 5e4d",
    );
    // Minishogi's second player answers on a 5 x 5 board: ranks a to e.
    assert!(
        moves.iter().all(|m| m.chars().all(|c| c != 'f')),
        "{moves:?}"
    );
    assert!(moves.contains(&"1a2b".to_string()), "{moves:?}");
}

#[test]
fn d_writes_the_position_as_sfen() {
    let out = session(
        &["games/shogi.game"],
        "position startpos moves 7g7f 3c3d 8h2b+ 3a2b\nd\nquit\n",
    );
    assert!(
        out.contains(
            "info string sfen lnsgkg1nl/1r5s1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL b Bb 5\n"
        ),
        "{out}"
    );
}

#[test]
fn a_mate_is_counted_in_plies_and_a_mated_side_resigns() {
    // A gold dropped on 5b, guarded by the pawn on 5c, mates the king on
    // 5a walled in by its own lances.
    let out = session(
        &["games/shogi.game"],
        "position sfen 3lkl3/9/4P4/9/9/9/9/9/4K4 b G 1\ngo depth 3\nquit\n",
    );
    assert!(out.contains("score mate 1 "), "{out}");
    assert!(out.ends_with("bestmove G*5b\n"), "{out}");
    let out = session(
        &["games/shogi.game"],
        "position sfen 3lkl3/4G4/4P4/9/9/9/9/9/4K4 w - 2\ngo depth 2\nquit\n",
    );
    assert!(out.ends_with("bestmove resign\n"), "{out}");
}

#[test]
fn bad_positions_and_moves_are_reported_and_answered() {
    let out = session(
        &["games/shogi.game"],
        "position startpos moves 7g7e\ngo depth 1\nposition sfen nonsense b - 1\ngo depth 1\nquit\n",
    );
    assert!(
        out.contains(
            "info string error: move 1: `7g7e` is not a legal move here (legal from there: 7g7f)"
        ),
        "{out}"
    );
    assert!(out.contains("info string error: sfen: "), "{out}");
    assert_eq!(out.matches("bestmove resign").count(), 2, "{out}");
}

#[test]
fn games_sfen_cannot_write_are_not_offered() {
    // Power Chess 98's dice counters have no place in SFEN.
    let out = session(
        &["games/shogi.game", "games/power-chess-98.game"],
        "usi\nquit\n",
    );
    assert!(out.contains("default shogi var shogi\n"), "{out}");
}

#[test]
fn a_gui_session_ponders_until_ponderhit_or_stop() {
    // The answer to `go ponder` waits for `ponderhit` or `stop`: the
    // `isready` between is answered first.
    let out = session(
        &["games/shogi.game"],
        "usi\nisready\nusinewgame\nposition startpos moves 7g7f\n\
         go ponder btime 0 wtime 0 byoyomi 200\nisready\nstop\n\
         position startpos moves 7g7f 3c3d\ngo ponder btime 10000 wtime 10000 binc 100 winc 100\nponderhit\n\
         gameover win\nquit\n",
    );
    let ready = out.rfind("readyok").unwrap();
    let first = out.find("bestmove ").unwrap();
    assert!(ready < first, "{out}");
    assert_eq!(out.matches("bestmove ").count(), 2, "{out}");
    assert!(!out.contains("resign"), "{out}");
}

#[test]
fn go_infinite_answers_at_stop() {
    let out = session(
        &["games/shogi.game"],
        "position startpos\ngo infinite\nstop\nquit\n",
    );
    assert_eq!(out.matches("bestmove ").count(), 1, "{out}");
    assert!(!out.contains("bestmove resign"), "{out}");
}

#[test]
fn go_mate_answers_the_mating_moves_or_why_there_are_none() {
    let mate_in_one = "position sfen 3lkl3/9/4P4/9/9/9/9/9/4K4 b G 1";
    let out = session(
        &["games/shogi.game"],
        &format!("{mate_in_one}\ngo mate 5000\nquit\n"),
    );
    assert!(out.ends_with("checkmate G*5b\n"), "{out}");
    let out = session(
        &["games/shogi.game"],
        "position startpos\ngo mate 200\nquit\n",
    );
    assert!(out.ends_with("checkmate timeout\n"), "{out}");
    let mated = "position sfen 3lkl3/4G4/4P4/9/9/9/9/9/4K4 w - 2";
    let out = session(
        &["games/shogi.game"],
        &format!("{mated}\ngo mate infinite\nquit\n"),
    );
    assert!(out.ends_with("checkmate nomate\n"), "{out}");
}

#[test]
fn a_side_the_rules_have_given_the_game_answers_win() {
    // Jeson Mor: a knight that still holds the centre when its side's turn
    // comes wins; the first player (`b`) is to move with its knight there.
    let out = session(
        &["games/jesonmor.game"],
        "position sfen 9/9/9/9/4N4/9/9/9/n8 b - 1\ngo byoyomi 1000\nquit\n",
    );
    assert!(out.ends_with("bestmove win\n"), "{out}");
}
