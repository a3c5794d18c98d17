//! `shuffle`: the setups Fischer random chess and Capablanca random chess
//! draw. Every numbered setup keeps its constraints; Chess960's numbering is
//! Scharnagl's; drawn positions count as Fairy-Stockfish counts them from the
//! same FEN; the command line's `--setup` and `--seed`.

mod common;

use common::{stdout_of, tessera};
use tessera::engine::shuffle::SetupError;
use tessera::notation::fen;
use tessera::{compile_str, perft, Game, Position};

#[track_caller]
fn bundled(name: &str) -> Game {
    let path = format!("{}/games/{name}.game", env!("CARGO_MANIFEST_DIR"));
    let src = std::fs::read_to_string(&path).expect("bundled game");
    compile_str(&src).unwrap_or_else(|e| panic!("{}", e.render(&path, &src)))
}

/// The first and last ranks of a start position's FEN, as written.
fn ranks(fen_text: &str) -> (String, String) {
    let board = fen_text.split(' ').next().expect("placement");
    let rows: Vec<&str> = board.split('/').collect();
    (rows[rows.len() - 1].to_string(), rows[0].to_string())
}

/// Whether a rank of pieces has the king between its two rooks and the
/// pieces listed in `pairs` on cells of both colours (a1 is dark: an even
/// file index is dark on rank 1).
fn constraints_hold(rank: &str, pairs: &[(char, char)]) -> bool {
    let cells: Vec<char> = rank.chars().collect();
    let at = |p: char| -> Vec<usize> {
        cells
            .iter()
            .enumerate()
            .filter(|(_, &c)| c == p)
            .map(|(i, _)| i)
            .collect()
    };
    let rooks = at('R');
    let king = at('K');
    let between = rooks.len() == 2 && king.len() == 1 && rooks[0] < king[0] && king[0] < rooks[1];
    let colours = pairs.iter().all(|&(a, b)| {
        let (xa, xb) = (at(a), at(b));
        let (sa, sb) = if a == b {
            (xa[0], xa[1])
        } else {
            (xa[0], xb[0])
        };
        sa % 2 != sb % 2
    });
    between && colours
}

#[test]
fn chess960_numbers_its_960_setups_as_scharnagl_does() {
    let game = bundled("fischerandom");
    assert_eq!(game.shuffle().map(|s| s.count()), Some(960));
    let fen_of = |n| fen::format(&Position::start_numbered(&game, n).expect("setup")).expect("FEN");
    assert_eq!(
        fen_of(518),
        fen::format(&Position::start(&game)).expect("FEN"),
        "518 is the usual order"
    );
    assert_eq!(ranks(&fen_of(0)).0, "BBQNNRKR");
    assert_eq!(ranks(&fen_of(959)).0, "RKRNNQBB");
    let mut seen = std::collections::HashSet::new();
    for n in 0..960 {
        let f = fen_of(n);
        let (white, black) = ranks(&f);
        assert!(constraints_hold(&white, &[('B', 'B')]), "{n}: {f}");
        assert_eq!(black, white.to_lowercase(), "{n}: Black mirrors White");
        let mut pieces: Vec<char> = white.chars().collect();
        pieces.sort_unstable();
        assert_eq!(pieces.iter().collect::<String>(), "BBKNNQRR", "{n}");
        assert!(seen.insert(white), "{n}: each setup once");
    }
    assert!(matches!(
        Position::start_numbered(&game, 960),
        Err(SetupError::OutOfRange { count: 960, .. })
    ));
}

#[test]
fn capablanca_random_chess_keeps_its_rules_in_every_setup() {
    let game = bundled("caparandom");
    let count = game.shuffle().map(|s| s.count()).expect("a shuffle");
    let mut allowed = 0;
    for n in 0..count {
        let pos = match Position::start_numbered(&game, n) {
            Ok(pos) => pos,
            Err(SetupError::Undefended { .. }) => continue,
            Err(e) => panic!("{n}: {e}"),
        };
        allowed += 1;
        let f = fen::format(&pos).expect("FEN");
        let (white, black) = ranks(&f);
        assert!(
            constraints_hold(&white, &[('B', 'B'), ('Q', 'A')]),
            "{n}: {f}"
        );
        assert_eq!(black, white.to_lowercase(), "{n}");
    }
    // Of the 48,000 orders with the bishops, and the queen and archbishop, on
    // both colours and the king between the rooks, 21,836 defend every pawn
    // (counted apart, over all orders of the ten pieces).
    assert_eq!(count, 48_000);
    assert_eq!(allowed, 21_836);
    // Capablanca's own order, Fairy-Stockfish's start, is not one of them:
    // its queen and archbishop stand on cells of one colour.
    let start = fen::format(&Position::start(&game)).expect("FEN");
    assert!(!(0..count).any(|n| Position::start_numbered(&game, n)
        .is_ok_and(|p| fen::format(&p).as_deref() == Some(start.as_str()))));
}

/// Perft 3 from drawn setups, as Fairy-Stockfish counts them from the same
/// FEN (pyffish 0.0.90, recursive `legal_moves`).
#[test]
fn drawn_setups_count_as_fairy_stockfish_counts_them() {
    let cases: [(&str, Result<u64, u64>, &str, u64); 5] = [
        (
            "fischerandom",
            Ok(0),
            "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1",
            9006,
        ),
        (
            "fischerandom",
            Ok(959),
            "rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w CAca - 0 1",
            9006,
        ),
        (
            "fischerandom",
            Err(5),
            "nqrkbbnr/pppppppp/8/8/8/8/PPPPPPPP/NQRKBBNR w HChc - 0 1",
            8898,
        ),
        (
            "caparandom",
            Err(1),
            "nbacrkbnrq/pppppppppp/10/10/10/10/PPPPPPPPPP/NBACRKBNRQ w IEie - 0 1",
            22680,
        ),
        (
            "caparandom",
            Err(2),
            "brnbkqanrc/pppppppppp/10/10/10/10/PPPPPPPPPP/BRNBKQANRC w IBib - 0 1",
            22569,
        ),
    ];
    for (name, which, fen_text, nodes) in cases {
        let game = bundled(name);
        // A number (Ok) or a seed (Err).
        let mut pos = match which {
            Ok(n) => Position::start_numbered(&game, n).expect("setup"),
            Err(seed) => Position::start_drawn(&game, seed).expect("setup").0,
        };
        assert_eq!(
            fen::format(&pos).as_deref(),
            Some(fen_text),
            "{name} {which:?}"
        );
        assert_eq!(perft(&mut pos, 3), nodes, "{name} {which:?}");
    }
}

#[test]
fn the_command_line_starts_from_a_numbered_or_drawn_setup() {
    let fen_line = |args: &[&str]| {
        stdout_of(args)
            .lines()
            .find_map(|l| l.strip_prefix("FEN: ").map(str::to_string))
            .expect("a FEN line")
    };
    assert_eq!(
        fen_line(&["show", "games/fischerandom.game", "--setup", "0"]),
        "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1"
    );
    // A seed draws the same setup every time.
    let a = fen_line(&["show", "games/caparandom.game", "--seed", "7"]);
    assert_eq!(
        a,
        fen_line(&["show", "games/caparandom.game", "--seed", "7"])
    );
    // Moves go on from it.
    let moves = stdout_of(&[
        "moves",
        "games/fischerandom.game",
        "--setup",
        "0",
        "--moves",
        "e2e4",
    ]);
    assert_eq!(moves.lines().count(), 20);
    let out = tessera(&["show", "games/fischerandom.game", "--setup", "960"]);
    assert!(
        out.stderr().contains("numbered 0 to 959"),
        "{}",
        out.stderr()
    );
    let out = tessera(&["show", "games/chess.game", "--seed", "1"]);
    assert!(out.stderr().contains("no `shuffle`"), "{}", out.stderr());
}
