//! The UCI protocol, as a GUI speaks it: the binary is started with rule
//! files, fed commands on standard input, and must answer each as UCI says.
//! (tests/protocol/uci_client.py drives it with python-chess, a real client.)

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

mod common;

/// Runs `tessera uci` on the games with `script` as input; its output.
fn session(games: &[&str], script: &str) -> String {
    let mut args = vec!["uci"];
    args.extend_from_slice(games);
    common::binary_with_input(&args, script)
}

#[test]
fn handshake_offers_each_rule_file_as_a_variant() {
    let out = session(
        &["games/chess.game", "games/janggi.game"],
        "uci\nisready\nquit\n",
    );
    assert!(out.starts_with("id name Tessera"), "{out}");
    assert!(
        out.contains("option name UCI_Variant type combo default chess var chess var janggi\n"),
        "{out}"
    );
    assert!(out.ends_with("uciok\nreadyok\n"), "{out}");
}

#[test]
fn go_answers_a_legal_best_move_in_the_chosen_variant() {
    let out = session(
        &["games/chess.game", "games/janggi.game"],
        "setoption name UCI_Variant value janggi\nposition startpos moves b1c3\ngo depth 2\nquit\n",
    );
    let best = out
        .lines()
        .last()
        .unwrap()
        .strip_prefix("bestmove ")
        .unwrap();
    let src = std::fs::read_to_string("games/janggi.game").unwrap();
    let game = tessera::compile_str(&src).unwrap();
    let mut pos = tessera::Position::start(&game);
    let mv = tessera::notation::uci::parse(&mut pos, "b1c3").unwrap();
    pos.make(mv);
    let mut legal = Vec::new();
    tessera::engine::legal::legal_moves(&mut pos, &mut legal);
    let names: Vec<String> = legal
        .iter()
        .map(|m| tessera::notation::uci::format(&game, m))
        .collect();
    assert!(
        names.iter().any(|n| n == best),
        "{best} is not among {names:?}"
    );
    assert!(out.contains("info depth 2 score cp "), "{out}");
}

#[test]
fn a_mate_is_reported_as_a_mate_score() {
    let out = session(
        &["games/chess.game"],
        "position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1\ngo depth 3\nquit\n",
    );
    assert!(out.contains("score mate 1 "), "{out}");
    assert!(out.ends_with("bestmove a1a8\n"), "{out}");
}

#[test]
fn bad_positions_are_reported_and_answered() {
    let out = session(
        &["games/chess.game"],
        "position startpos moves e2e5\ngo depth 1\nsetoption name UCI_Variant value nosuch\nquit\n",
    );
    assert!(
        out.contains("info string error: move 1: `e2e5` is not a legal move"),
        "{out}"
    );
    assert!(out.contains("bestmove 0000\n"), "{out}");
    assert!(
        out.contains("info string error: unknown variant `nosuch`"),
        "{out}"
    );
}

#[test]
fn stop_ends_an_infinite_search_at_once() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tessera"))
        .args(["uci", "games/chess.game"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    writeln!(stdin, "position startpos\ngo infinite").unwrap();
    stdin.flush().unwrap();
    std::thread::sleep(Duration::from_millis(300));
    let asked = Instant::now();
    writeln!(stdin, "stop").unwrap();
    stdin.flush().unwrap();
    let best = lines
        .by_ref()
        .map(Result::unwrap)
        .find(|l| l.starts_with("bestmove"))
        .unwrap();
    assert!(
        asked.elapsed() < Duration::from_secs(2),
        "stop took {:?}",
        asked.elapsed()
    );
    assert_ne!(best, "bestmove 0000");
    writeln!(stdin, "quit").unwrap();
    drop(stdin);
    assert!(child.wait().unwrap().success());
}
