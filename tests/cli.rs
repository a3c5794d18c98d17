//! The command line as a user meets it: what each command prints, and its exit
//! status (0 success, 1 rule-file errors, 2 bad input).

mod common;

use common::{oracle, stdout_of, tessera, Fixture};

const CHESS: &str = "games/chess.game";
const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

// ---------------------------------------------------------------- check

#[test]
fn check_good_file_prints_its_summary() {
    let out = tessera(&["check", CHESS]);
    assert_eq!(out.exit_code(), 0);
    insta::assert_snapshot!(out.stdout, @r#"games/chess.game: ok: "Chess", 64 cells, 6 piece kinds, 20 legal moves"#);
}

#[test]
fn check_bad_file_exits_1_with_the_rendered_error() {
    let out = tessera(&["check", "tests/bad/unknown-direction.game"]);
    assert_eq!(out.exit_code(), 1);
    assert_eq!(out.stdout, "");
    insta::assert_snapshot!(out.stderr(), @r"
    tests/bad/unknown-direction.game:5:12: error: unknown direction or group `nw`; did you mean `n`?
      |
    5 |   step n e nw
      |            ^^
    ");
}

#[test]
fn check_goes_on_past_a_bad_file() {
    // Good files still get their summary; the status is 1 for the bad one.
    let out = tessera(&["check", "tests/bad/zero-leap.game", CHESS]);
    assert_eq!(out.exit_code(), 1);
    assert!(out.stdout.starts_with("games/chess.game: ok: "));
    assert!(out
        .stderr()
        .starts_with("tests/bad/zero-leap.game:7:3: error: a leap of (0, ..., 0) goes nowhere\n"));
}

#[test]
fn unreadable_file_exits_2() {
    for args in [
        vec!["check", "tests/no-such-file.game"],
        vec!["moves", "tests/no-such-file.game"],
    ] {
        let out = tessera(&args);
        assert_eq!(out.exit_code(), 2, "{args:?}");
        let err = out.stderr();
        assert_eq!(err.lines().count(), 1, "{err}");
        // The OS's reason follows; its wording differs between systems.
        let file = args[1];
        assert!(
            err.starts_with(&format!("error: cannot read `{file}`: ")),
            "{err}"
        );
    }
}

// ---------------------------------------------------------------- bad input

/// The one-line message `moves --fen FEN` fails with (exit status 2).
#[track_caller]
fn fen_error(fen: &str) -> String {
    let out = tessera(&["moves", CHESS, "--fen", fen]);
    assert_eq!(out.exit_code(), 2, "{fen}");
    assert_eq!(out.stdout, "");
    let err = out.stderr();
    assert_eq!(err.lines().count(), 1, "{err}");
    err
}

#[test]
fn bad_fen_exits_2_naming_the_problem() {
    insta::assert_snapshot!(fen_error("8/8/8/8/8/8/8 w - - 0 1"), @"error: --fen: FEN has 7 ranks; the board has 8");
    insta::assert_snapshot!(fen_error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1"), @"error: --fen: FEN rank 8 (from the top) has 7 cells; the board has 8 files");
    insta::assert_snapshot!(fen_error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1"), @"error: --fen: FEN piece letter `X` names no piece of this game");
    insta::assert_snapshot!(fen_error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN! w KQkq - 0 1"), @"error: --fen: unexpected `!` in the FEN placement");
    insta::assert_snapshot!(fen_error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1"), @"error: --fen: FEN side to move `x` must be `w` or `b`");
    insta::assert_snapshot!(fen_error("4k3/8/8/8/8/8/8/4K3 w KQkq - 0 1"), @"error: --fen: FEN castling right `K` matches no king and partner");
    insta::assert_snapshot!(fen_error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1"), @"error: --fen: FEN en-passant square `e3` does not follow a double step");
    insta::assert_snapshot!(fen_error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1"), @"error: --fen: FEN counter `x` is not a number");
    insta::assert_snapshot!(fen_error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 7"), @"error: --fen: FEN has more fields than it should");
}

/// The one-line message `moves GAME --position POSITION` fails with (exit status 2).
#[track_caller]
fn position_error(game: &str, position: &str) -> String {
    let out = tessera(&["moves", game, "--position", position]);
    assert_eq!(out.exit_code(), 2, "{position}");
    let err = out.stderr();
    assert_eq!(err.lines().count(), 1, "{err}");
    err
}

#[test]
fn bad_position_exits_2_naming_the_problem() {
    let cycle = "games/cycle-chess.game";
    insta::assert_snapshot!(position_error(cycle, ""), @"error: --position: the position is empty");
    insta::assert_snapshot!(position_error(cycle, "Ra1,Kz9 w - - 0 1"), @"error: --position: `z9` in `Kz9` is not a cell");
    insta::assert_snapshot!(position_error(cycle, "Ra1,Xd1 w - - 0 1"), @"error: --position: piece letter `X` in `Xd1` names no piece");
    insta::assert_snapshot!(position_error(cycle, "Ra1,Kd1 q - - 0 1"), @"error: --position: side to move `q` must be `w` or `b`");
    insta::assert_snapshot!(position_error(cycle, "Ra1,Ra1 w - - 0 1"), @"error: --position: cell `a1` holds two pieces");
    // FEN describes one rectangle; Cycle Chess has cells beyond it.
    let out = tessera(&["moves", cycle, "--fen", "8/8/8/8/8/8/8/8 w - - 0 1"]);
    assert_eq!(out.exit_code(), 2);
    insta::assert_snapshot!(out.stderr(), @"error: --fen: FEN needs a single rectangular board; this game's board is not one");
}

#[test]
fn fen_with_the_side_not_to_move_in_check_is_refused_unless_unchecked() {
    // White to move, but the black king on e8 is attacked by the rook on e7, a
    // position that cannot arise: refused with the piece that gives check;
    // `--unchecked` reads it, for analysis.
    let fen = "4k3/4R3/8/8/8/8/8/4K3 w - - 0 1";
    let out = tessera(&["moves", CHESS, "--fen", fen]);
    assert_eq!(out.exit_code(), 2);
    insta::assert_snapshot!(out.stderr(), @"error: --fen: FEN position is impossible: the side not to move (black) is in check from the rook on e7");
    let out = tessera(&["moves", CHESS, "--fen", fen, "--unchecked"]);
    assert!(out.result.is_ok(), "{}", out.stderr());
    assert!(out.stdout.lines().any(|m| m == "e7e8"), "{}", out.stdout);
}

#[test]
fn illegal_move_exits_2_naming_the_move() {
    let err = |moves: &str| {
        let out = tessera(&["moves", CHESS, "--moves", moves]);
        assert_eq!(out.exit_code(), 2, "{moves}");
        assert_eq!(out.stdout, "");
        out.stderr()
    };
    // The hint lists the legal moves from the origin square, when there are any.
    insta::assert_snapshot!(err("e2e4 e7e5 e1e3"), @"error: --moves: move 3: `e1e3` is not a legal move here (legal from there: e1e2)");
    insta::assert_snapshot!(err("e2e4 e2e4"), @"error: --moves: move 2: `e2e4` is not a legal move here");
    insta::assert_snapshot!(err("e2e5"), @"error: --moves: move 1: `e2e5` is not a legal move here (legal from there: e2e3 e2e4)");
    insta::assert_snapshot!(err("hello"), @"error: --moves: move 1: `hello` is not a legal move here");
}

// ---------------------------------------------------------------- perft

/// Splits `perft --divide` output into its `MOVE: COUNT` rows and total, checking
/// the format: rows, one empty line, `Nodes searched: N`.
#[track_caller]
fn parse_divide(text: &str) -> (Vec<(String, u64)>, u64) {
    let (rows, total) = text
        .split_once("\n\n")
        .unwrap_or_else(|| panic!("no empty line before the total:\n{text}"));
    let total: u64 = total
        .strip_suffix('\n')
        .and_then(|t| t.strip_prefix("Nodes searched: "))
        .unwrap_or_else(|| panic!("last line is not `Nodes searched: N`: {total:?}"))
        .parse()
        .unwrap();
    let rows = rows
        .lines()
        .map(|l| {
            let (mv, n) = l.split_once(": ").expect("`MOVE: COUNT`");
            (mv.to_string(), n.parse().expect("a count"))
        })
        .collect();
    (rows, total)
}

#[test]
fn perft_divide_format_and_sum() {
    let text = stdout_of(&["perft", CHESS, "2", "--divide"]);
    let (rows, total) = parse_divide(&text);
    assert_eq!(rows.len(), 20);
    assert_eq!(rows.iter().map(|r| r.1).sum::<u64>(), total);
    assert_eq!(total, 400);
    assert_eq!(stdout_of(&["perft", CHESS, "2"]), "Nodes searched: 400\n");
    // Each of White's 20 first moves leaves Black its 20 replies.
    insta::assert_snapshot!(text);
}

#[test]
fn perft_divide_matches_cozy_chess_move_by_move() {
    let text = stdout_of(&["perft", CHESS, "2", "--fen", KIWIPETE, "--divide"]);
    let (rows, total) = parse_divide(&text);
    assert_eq!(rows.iter().map(|r| r.1).sum::<u64>(), total);
    assert_eq!(total, 2039);
    let printed: Vec<String> = rows.iter().map(|(m, n)| format!("{m}: {n}")).collect();
    assert_eq!(printed, oracle::divide(KIWIPETE, "", 2));
}

#[test]
fn perft_divide_rows_are_the_moves_list() {
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    let (rows, total) = parse_divide(&stdout_of(&["perft", CHESS, "1", "--fen", fen, "--divide"]));
    let moves = stdout_of(&["moves", CHESS, "--fen", fen]);
    let names: Vec<&str> = rows.iter().map(|r| r.0.as_str()).collect();
    assert_eq!(names, moves.lines().collect::<Vec<_>>());
    assert!(rows.iter().all(|r| r.1 == 1));
    assert_eq!(total, 26);
}

#[test]
fn perft_with_no_moves_counts_zero() {
    let stalemate = "k7/8/1Q6/8/8/8/8/7K b - - 0 1";
    let text = stdout_of(&["perft", CHESS, "1", "--fen", stalemate, "--divide"]);
    assert_eq!(text, "\nNodes searched: 0\n");
}

#[test]
fn perft_depth_0_counts_the_position() {
    assert_eq!(stdout_of(&["perft", CHESS, "0"]), "Nodes searched: 1\n");
    let mate = "f2f3 e7e5 g2g4 d8h4";
    assert_eq!(
        stdout_of(&["perft", CHESS, "0", "--moves", mate]),
        "Nodes searched: 1\n"
    );
}

#[test]

fn perft_depth_0_divide_agrees_with_perft_0() {
    assert_eq!(
        stdout_of(&["perft", CHESS, "0", "--divide"]),
        "\nNodes searched: 1\n"
    );
}

// ---------------------------------------------------------------- show and round trips

/// The `FEN: ` line that `show` prints.
#[track_caller]
fn shown_fen(args: &[&str]) -> String {
    let text = stdout_of(args);
    text.lines()
        .find_map(|l| l.strip_prefix("FEN: "))
        .unwrap_or_else(|| panic!("no FEN line in:\n{text}"))
        .to_string()
}

/// The start position and every position fixture, as (FEN, moves played from it).
fn positions() -> Vec<(String, String)> {
    let mut out = vec![
        (START.to_string(), String::new()),
        (START.to_string(), "e2e4 c7c5 e4e5 d7d5".to_string()),
        (KIWIPETE.to_string(), String::new()),
    ];
    for (_, fx) in Fixture::all() {
        if fx.game == CHESS {
            let fen = fx.fen.expect("chess fixtures give a FEN");
            out.push((fen, fx.moves.unwrap_or_default()));
        }
    }
    out
}

#[test]
fn show_draws_the_position() {
    // After 1.e4 c5 2.e5 d5: White to move, d6 is the en-passant target.
    insta::assert_snapshot!(stdout_of(&[
        "show",
        CHESS,
        "--moves",
        "e2e4 c7c5 e4e5 d7d5"
    ]));
}

#[test]
fn printed_fen_parses_back() {
    for (fen, line) in positions() {
        let printed = shown_fen(&["show", CHESS, "--fen", &fen, "--moves", &line]);
        assert_eq!(
            shown_fen(&["show", CHESS, "--fen", &printed]),
            printed,
            "{fen} + {line}"
        );
        // The printed FEN is the same position: same rights, same en passant.
        assert_eq!(
            stdout_of(&["perft", CHESS, "2", "--fen", &printed, "--divide"]),
            stdout_of(&["perft", CHESS, "2", "--fen", &fen, "--moves", &line, "--divide"]),
            "{fen} + {line} printed as {printed}"
        );
    }
    // Without --moves, a FEN with all six fields prints as given.
    assert_eq!(shown_fen(&["show", CHESS, "--fen", KIWIPETE]), KIWIPETE);
    assert_eq!(shown_fen(&["show", CHESS]), START);
}

#[test]
fn every_printed_move_parses_back() {
    for (fen, line) in positions() {
        let list = stdout_of(&["moves", CHESS, "--fen", &fen, "--moves", &line]);
        for mv in list.lines() {
            let played = format!("{line} {mv}");
            let out = tessera(&["moves", CHESS, "--fen", &fen, "--moves", &played]);
            assert!(out.result.is_ok(), "{fen} + {played}: {}", out.stderr());
        }
    }
}

/// A few positions of every game in `games/`: the start, then a deterministic walk
/// of six plies. Each is (game file, moves played from the start).
fn walks() -> Vec<(String, String)> {
    let mut games: Vec<String> = std::fs::read_dir("games")
        .unwrap()
        .map(|e| format!("games/{}", e.unwrap().file_name().to_string_lossy()))
        .filter(|f| f.ends_with(".game"))
        .collect();
    games.sort();
    let mut out = Vec::new();
    for game in games {
        let mut line = String::new();
        for ply in 0..6 {
            out.push((game.clone(), line.clone()));
            let list = stdout_of(&["moves", &game, "--moves", &line]);
            let moves: Vec<&str> = list.lines().collect();
            if moves.is_empty() {
                break;
            }
            line = format!("{line} {}", moves[(ply * 7 + 3) % moves.len()])
                .trim()
                .to_string();
        }
    }
    out
}

#[test]
fn every_game_round_trips_moves_and_positions() {
    for (game, line) in walks() {
        let list = stdout_of(&["moves", &game, "--moves", &line]);
        for mv in list.lines() {
            let played = format!("{line} {mv}");
            let out = tessera(&["moves", &game, "--moves", &played]);
            assert!(out.result.is_ok(), "{game} {played}: {}", out.stderr());
        }
        // `show` prints the position in the general notation; it reads back as the
        // same position.
        let shown = stdout_of(&["show", &game, "--moves", &line]);
        let position = shown
            .lines()
            .find_map(|l| l.strip_prefix("Position: "))
            .unwrap_or_else(|| panic!("no Position line:\n{shown}"));
        assert_eq!(
            stdout_of(&["show", &game, "--position", position]),
            shown,
            "{game} {line}"
        );
        assert_eq!(
            stdout_of(&["perft", &game, "2", "--position", position, "--divide"]),
            stdout_of(&["perft", &game, "2", "--moves", &line, "--divide"]),
            "{game} {line}"
        );
    }
}

// ---------------------------------------------------------------- completions

#[test]
fn completions_for_bash_zsh_and_fish_name_the_commands_and_parse_in_their_shell() {
    for (shell, check) in [("bash", "-n"), ("zsh", "-n"), ("fish", "--no-execute")] {
        let out = tessera(&["completions", shell]);
        assert!(out.result.is_ok(), "{shell}: {:?}", out.result);
        for word in ["perft", "serve", "fen", "json"] {
            assert!(out.stdout.contains(word), "{shell} lacks {word}");
        }
        // Each script parses in its shell, where the shell is installed
        // (`.ci/run` installs zsh and fish).
        let path =
            std::env::temp_dir().join(format!("tessera-completion-{}.{shell}", std::process::id()));
        std::fs::write(&path, &out.stdout).unwrap();
        match std::process::Command::new(shell)
            .arg(check)
            .arg(&path)
            .output()
        {
            Ok(run) => assert!(
                run.status.success(),
                "{shell}: {}",
                String::from_utf8_lossy(&run.stderr)
            ),
            Err(e) => eprintln!("{shell} not checked: {e}"),
        }
        let _ = std::fs::remove_file(&path);
    }
}
