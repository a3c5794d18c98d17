//! The XBoard protocol (CECP 2), as XBoard speaks it: the binary is started
//! with rule files, fed commands on standard input, and must answer each as
//! the protocol says. (tests/protocol/xboard_client.py drives it with
//! python-chess, and tests/protocol/xboard_gui.sh with XBoard itself.)

mod common;

/// Runs `tessera xboard` on the games with `script` as input; its output.
fn session(games: &[&str], script: &str) -> String {
    let mut args = vec!["xboard"];
    args.extend_from_slice(games);
    common::binary_with_input(&args, script)
}

#[test]
fn protover_offers_each_rule_file_as_a_variant_chess_as_normal() {
    let out = session(
        &["games/chess.game", "games/kinglet.game"],
        "xboard\nprotover 2\nquit\n",
    );
    assert!(out.starts_with("feature myname=\"Tessera"), "{out}");
    assert!(out.contains(" variants=\"normal,kinglet\" "), "{out}");
    assert!(out.contains(" highlight=1 "), "{out}");
    assert!(out.ends_with("feature done=1\n"), "{out}");
}

#[test]
fn a_variant_xboard_does_not_know_gets_its_board_and_pieces() {
    let out = session(
        &[
            "games/chess.game",
            "games/racingkings.game",
            "games/capablanca.game",
        ],
        "xboard\nprotover 2\nvariant racingkings\nvariant capablanca\nping 7\nquit\n",
    );
    let lines: Vec<&str> = out.lines().skip(2).collect();
    // Racing kings has no pawns: XBoard's pawn type stays unused.
    assert_eq!(
        lines,
        [
            "setup (.NBRQ................K.nbrq................k) 8x8+0_fairy \
             8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1",
            "pong 7"
        ],
        "XBoard knows capablanca: no setup for it"
    );
}

#[test]
fn lift_highlights_the_legal_moves_of_the_lifted_piece() {
    let out = session(
        &["games/chess.game"],
        "xboard\nprotover 2\nnew\nforce\nlift e2\nlift g1\nusermove e2e4\nusermove d7d5\nlift e4\nquit\n",
    );
    let highlights: Vec<&str> = out.lines().filter(|l| l.starts_with("highlight")).collect();
    assert_eq!(
        highlights,
        [
            "highlight 8/8/8/8/4Y3/4Y3/8/8",
            "highlight 8/8/8/8/8/5Y1Y/8/8",
            "highlight 8/8/8/3RY3/8/8/8/8",
        ]
    );
}

#[test]
fn the_engine_answers_a_move_with_a_legal_move_and_rejects_an_illegal_one() {
    let out = session(
        &["games/chess.game"],
        "xboard\nprotover 2\nnew\nsd 2\nusermove e2e5\nusermove e2e4\nping 1\nquit\n",
    );
    let lines: Vec<&str> = out.lines().skip(2).collect();
    assert!(lines[0].starts_with("Illegal move ("), "{out}");
    assert!(lines[0].ends_with("): e2e5"), "{out}");
    let reply = lines[1].strip_prefix("move ").expect("a move");
    // Black's reply, legal after 1. e4.
    let black_moves =
        common::binary_with_input(&["moves", "games/chess.game", "--moves", "e2e4"], "");
    assert!(
        black_moves.lines().any(|m| m == reply),
        "{reply} in {black_moves}"
    );
    assert_eq!(lines[2], "pong 1");
}

#[test]
fn a_finished_game_is_claimed_with_its_result() {
    // Fool's mate, the engine playing Black, mates: it says so.
    let out = session(
        &["games/chess.game"],
        "xboard\nprotover 2\nnew\nforce\nsd 3\nusermove f2f3\nusermove e7e5\nusermove g2g4\ngo\nping 2\nquit\n",
    );
    assert!(
        out.contains("move d8h4\n0-1 {Black wins by checkmate}\n"),
        "{out}"
    );
}

#[test]
fn setboard_and_undo_keep_the_position_in_step_with_the_gui() {
    let out = session(
        &["games/chess.game"],
        "xboard\nprotover 2\nnew\nforce\nsetboard 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1\nusermove a1b1\nundo\nsd 2\ngo\nquit\n",
    );
    assert!(
        out.contains("move a1a8\n1-0 {White wins by checkmate}\n"),
        "{out}"
    );
}

#[test]
fn on_a_board_of_ten_ranks_xboard_counts_ranks_from_zero() {
    // Janggi: XBoard's e3 is Tessera's e4, a soldier's cell; it steps
    // forward or sideways.
    let out = session(
        &["games/janggi.game"],
        "xboard\nprotover 2\nvariant janggi\nforce\nlift e3\nusermove e3f3\nusermove e6e5\nping 1\nquit\n",
    );
    let lines: Vec<&str> = out.lines().skip(3).collect();
    assert_eq!(
        lines,
        ["highlight 9/9/9/9/9/4Y4/3Y1Y3/9/9/9", "pong 1"],
        "{out}"
    );
}
