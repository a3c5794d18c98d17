//! Game records: PGN as lichess exports it is read by Tessera to the
//! position python-chess reaches (tests/pgn/lichess-*.pgn, written by
//! tests/pgn/make_lichess.py: clocks and evaluations in comments, Black's
//! move numbers after them, glyphs, variations); PGN that Tessera writes
//! reads back to the same game; `show --pgn` replays a file and names the
//! first illegal move by its number.

use std::process::Command;
use tessera::notation::pgn::{self, PgnError, PgnGame};
use tessera::notation::{fen, san};
use tessera::{compile_file, Position, Side};

fn tessera() -> Command {
    Command::new(env!("CARGO_BIN_EXE_tessera"))
}

#[test]
fn lichess_exports_of_the_eight_lichess_games_read_to_python_chess_positions() {
    let mut read = 0;
    for entry in std::fs::read_dir("tests/pgn").unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let Some(stem) = name
            .strip_prefix("lichess-")
            .and_then(|n| n.strip_suffix(".pgn"))
        else {
            continue;
        };
        let text = std::fs::read_to_string(&path).unwrap();
        let expected = text
            .lines()
            .find_map(|l| l.strip_prefix("; final FEN "))
            .expect("a `; final FEN` line");
        let game = compile_file(&format!("games/{stem}.game")).unwrap();
        let games = pgn::parse(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(games.len(), 1, "{name}");
        let record = &games[0];
        assert_eq!(record.tag("Variant"), game.variant_name(), "{name}");
        let replay = record
            .replay(&game)
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(
            fen::format(&replay.end).unwrap(),
            expected,
            "{name}: the position after {} moves",
            replay.moves.len()
        );
        read += 1;
    }
    assert_eq!(read, 8, "one export for each game lichess has");
}

#[test]
fn a_written_record_has_the_seven_tags_and_numbered_moves() {
    let game = compile_file("games/chess.game").unwrap();
    let mut pos = Position::start(&game);
    let start = pos.clone();
    let mut moves = Vec::new();
    for typed in ["e4", "e5", "Nf3", "Nc6", "Bb5"] {
        let mv = san::parse(&pos, typed).unwrap();
        pos.make(mv);
        moves.push(mv);
    }
    let mut record = PgnGame::new(&start, &moves);
    record.set_tag("White", "Ruy");
    record.moves[1].comment = Some("the open game".to_string());
    assert_eq!(
        record.to_string(),
        "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n\
         [White \"Ruy\"]\n[Black \"?\"]\n[Result \"*\"]\n[Variant \"Standard\"]\n\n\
         1. e4 e5 {the open game} 2. Nf3 Nc6 3. Bb5 *\n"
    );
}

#[test]
fn a_record_from_another_position_says_so_and_starts_with_its_number() {
    let game = compile_file("games/chess.game").unwrap();
    let start = fen::parse(&game, "4k3/8/8/8/8/8/4P3/4K3 b - - 0 40").unwrap();
    let mut pos = start.clone();
    let mut moves = Vec::new();
    for typed in ["Kd7", "e4", "Kc6"] {
        let mv = san::parse(&pos, typed).unwrap();
        pos.make(mv);
        moves.push(mv);
    }
    let text = PgnGame::new(&start, &moves).to_string();
    assert!(text.contains("[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 0 40\"]\n"));
    assert!(text.ends_with("\n40... Kd7 41. e4 Kc6 *\n"), "{text}");
    // Read back, it is the same game.
    let again = pgn::parse(&text).unwrap().remove(0).replay(&game).unwrap();
    assert_eq!(again.moves, moves);
    assert_eq!(fen::format(&again.end), fen::format(&pos));
}

#[test]
fn a_finished_game_ends_in_its_result() {
    let game = compile_file("games/chess.game").unwrap();
    let start = Position::start(&game);
    let mut pos = start.clone();
    let mut moves = Vec::new();
    for typed in ["f3", "e5", "g4", "Qh4#"] {
        let mv = san::parse(&pos, typed).unwrap();
        pos.make(mv);
        moves.push(mv);
    }
    let record = PgnGame::new(&start, &moves);
    assert_eq!(record.tag("Result"), Some("0-1"));
    assert!(record.to_string().ends_with("1. f3 e5 2. g4 Qh4# 0-1\n"));
}

#[test]
fn move_text_is_read_with_numbers_comments_glyphs_variations_and_results() {
    let text = "% an escape line\n[Event \"A \\\"quoted\\\" name\"]\n\n\
                {Before.} 1.e4 e5 ; to the end of the line\n\
                2. Nf3 $1 (2. f4 exf4 (2... d5) 3. Nf3) 2... Nc6!? {Two\nlines} 3.Bb5 1-0\n\n\
                [Event \"Second\"]\n\n1. d4 *\n";
    let games = pgn::parse(text).unwrap();
    assert_eq!(games.len(), 2);
    let first = &games[0];
    assert_eq!(first.tag("Event"), Some("A \"quoted\" name"));
    assert_eq!(first.comment.as_deref(), Some("Before."));
    let moves: Vec<&str> = first.moves.iter().map(|m| m.text.as_str()).collect();
    assert_eq!(moves, ["e4", "e5", "Nf3", "Nc6!?", "Bb5"]);
    assert_eq!(
        first.moves[1].comment.as_deref(),
        Some("to the end of the line")
    );
    assert_eq!(first.moves[3].comment.as_deref(), Some("Two lines"));
    assert_eq!(first.result, "1-0");
    assert_eq!(games[1].tag("Event"), Some("Second"));
    assert_eq!(games[1].result, "*");
}

#[test]
fn broken_pgn_is_refused_with_its_line() {
    for (text, line, what) in [
        ("[Event \"open\n\n1. e4", 1, "tag"),
        ("[Event]\n", 1, "tag"),
        ("1. e4 {never closed\n", 1, "comment"),
        ("\n1. e4 (1. d4\n", 2, "variation"),
        ("1. e4 )", 1, "closes no variation"),
    ] {
        match pgn::parse(text) {
            Err(PgnError::Syntax { line: l, message }) => {
                assert_eq!(l, line, "{text:?}: {message}");
                assert!(message.contains(what), "{text:?}: {message}");
            }
            other => panic!("{text:?}: {other:?}"),
        }
    }
}

#[test]
fn the_first_illegal_move_is_reported_with_its_number_and_side() {
    let game = compile_file("games/chess.game").unwrap();
    let record = pgn::parse("1. e4 e5 2. Nf3 Nf6 3. Ke3 *")
        .unwrap()
        .remove(0);
    match record.replay(&game) {
        Err(
            e @ PgnError::Move {
                number: 3,
                side: Side::White,
                ..
            },
        ) => {
            assert!(
                e.to_string()
                    .starts_with("move 3. (white): `Ke3` is not a legal move here"),
                "{e}"
            );
        }
        other => panic!("{other:?}"),
    }
    let black = pgn::parse("1. e4 e5 2. Nf3 Nf9").unwrap().remove(0);
    assert!(matches!(
        black.replay(&game),
        Err(PgnError::Move {
            number: 2,
            side: Side::Black,
            ..
        })
    ));
}

#[test]
fn show_replays_a_pgn_file_and_names_the_first_illegal_move() {
    let dir = std::env::temp_dir().join(format!("tessera-pgn-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let good = dir.join("good.pgn");
    std::fs::write(&good, "[Variant \"Standard\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n").unwrap();
    let run = tessera()
        .args(["show", "games/chess.game", "--pgn"])
        .arg(&good)
        .output()
        .unwrap();
    let shown = String::from_utf8_lossy(&run.stdout);
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    assert!(
        shown.contains("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"),
        "{shown}"
    );
    let bad = dir.join("bad.pgn");
    std::fs::write(&bad, "1. e4 e5 2. Ke3 *\n").unwrap();
    let run = tessera()
        .args(["show", "games/chess.game", "--pgn"])
        .arg(&bad)
        .output()
        .unwrap();
    assert_eq!(run.status.code(), Some(2));
    let error = String::from_utf8_lossy(&run.stderr);
    assert!(
        error.contains("move 2. (white): `Ke3` is not a legal move here"),
        "{error}"
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn match_writes_every_game_and_show_reads_them_back() {
    let dir = std::env::temp_dir().join(format!("tessera-match-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join("match.pgn");
    let run = tessera()
        .args([
            "match",
            "games/crazyhouse.game",
            "random",
            "random",
            "--games",
            "3",
            "--max-plies",
            "40",
            "--pgn",
        ])
        .arg(&out)
        .output()
        .unwrap();
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let text = std::fs::read_to_string(&out).unwrap();
    let games = pgn::parse(&text).unwrap();
    assert_eq!(games.len(), 3);
    let game = compile_file("games/crazyhouse.game").unwrap();
    for (i, record) in games.iter().enumerate() {
        assert_eq!(record.tag("Round"), Some((i + 1).to_string().as_str()));
        assert_eq!(record.tag("Variant"), Some("Crazyhouse"));
        assert_eq!(record.tag("White"), Some("random"));
        assert_ne!(record.result, "*");
        record.replay(&game).unwrap();
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn play_keeps_the_game_in_a_pgn_file_as_it_goes() {
    use std::io::Write;
    let dir = std::env::temp_dir().join(format!("tessera-play-pgn-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join("game.pgn");
    let mut child = tessera()
        .args(["play", "games/chess.game", "--ai", "none", "--pgn"])
        .arg(&out)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::null())
        .spawn()
        .unwrap();
    // Two moves, one taken back, two more, then the game is left.
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"e4\nc5\nundo\ne5\nNf3\nquit\n")
        .unwrap();
    assert!(child.wait().unwrap().success());
    let text = std::fs::read_to_string(&out).unwrap();
    assert!(text.starts_with("[Event \"tessera play\"]\n"), "{text}");
    assert!(text.ends_with("\n1. e4 e5 2. Nf3 *\n"), "{text}");
    std::fs::remove_dir_all(&dir).ok();
}

/// The studio's answer to `POST /api/state` with `body`.
fn studio_state(body: &str) -> (u16, serde_json::Value) {
    use std::sync::Arc;
    use tessera_cli::serve::api::Studio;
    use tessera_cli::serve::jobs::Job;
    use tessera_cli::serve::library::Library;
    let library = Library::scan(&["games/chess.game".to_string()]).unwrap();
    let studio = Studio::new(library, 1);
    let job = Job::unbounded(Arc::clone(&studio.slots));
    let reply = studio.respond("POST", "/api/state", body.as_bytes(), &job);
    (reply.status, serde_json::from_str(&reply.body).unwrap())
}

#[test]
fn the_studio_writes_the_game_as_pgn_and_plays_a_pgn_text() {
    let (status, view) = studio_state(r#"{"game": "chess", "moves": ["e4", "e7e5", "Nf3"]}"#);
    assert_eq!(status, 200, "{view}");
    let record = view["pgn"].as_str().unwrap();
    assert!(
        record.starts_with("[Event \"Tessera studio\"]\n"),
        "{record}"
    );
    assert!(record.ends_with("\n1. e4 e5 2. Nf3 *\n"), "{record}");
    // Loaded back, the game is the same, its moves in coordinates.
    let body = serde_json::json!({"game": "chess", "pgn": record}).to_string();
    let (status, loaded) = studio_state(&body);
    assert_eq!(status, 200, "{loaded}");
    let moves: Vec<&str> = loaded["history"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| h["text"].as_str().unwrap())
        .collect();
    assert_eq!(moves, ["e2e4", "e7e5", "g1f3"]);
    assert_eq!(loaded["start"], serde_json::Value::Null);
    assert_eq!(loaded["fen"], view["fen"]);
    // A record with an illegal move is refused, naming it.
    let (status, refused) = studio_state(r#"{"game": "chess", "pgn": "1. e4 e5 2. Ke3 *"}"#);
    assert_eq!(status, 400);
    let error = refused["error"].as_str().unwrap();
    assert!(error.starts_with("pgn: move 2. (white): `Ke3`"), "{error}");
}

#[test]
fn a_variant_tag_naming_another_game_is_refused_with_its_line() {
    let crazyhouse = compile_file("games/crazyhouse.game").unwrap();
    let record = pgn::parse("[Event \"x\"]\n[Variant \"Atomic\"]\n\n1. e4 *\n")
        .unwrap()
        .remove(0);
    let error = record.replay(&crazyhouse).unwrap_err();
    assert!(
        matches!(&error, PgnError::Variant { line: 2, named, game } if named == "Atomic" && game == "Crazyhouse"),
        "{error:?}"
    );
    assert!(
        error
            .to_string()
            .starts_with("line 2: the Variant tag names `Atomic`"),
        "{error}"
    );
    // Each name the rule file gives, the title, lichess's and
    // Fairy-Stockfish's spellings name the game.
    for (file, tag) in [
        ("3check", "Three-check"),
        ("3check", "3check"),
        ("kingofthehill", "kingofthehill"),
        ("chess", "From Position"),
        ("chess", "standard"),
        ("fischerandom", "fischerandom"),
        ("makruk", "Makruk"),
    ] {
        let game = compile_file(&format!("games/{file}.game")).unwrap();
        let text = format!("[Variant \"{tag}\"]\n\n*\n");
        let record = pgn::parse(&text).unwrap().remove(0);
        assert!(record.replay(&game).is_ok(), "{file}: {tag}");
    }
}

#[test]
fn every_game_fairy_stockfish_plays_is_written_with_a_variant_tag() {
    for entry in std::fs::read_dir("games").unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "game") {
            continue;
        }
        let game = compile_file(path.to_str().unwrap()).unwrap();
        let Some(name) = game.variant_name() else {
            continue;
        };
        let record = PgnGame::new(&Position::start(&game), &[]);
        assert_eq!(record.tag("Variant"), Some(name), "{path:?}");
        let again = pgn::parse(&record.to_string()).unwrap().remove(0);
        assert!(again.replay(&game).is_ok(), "{path:?}");
    }
}

#[test]
fn a_pawn_drop_reads_without_its_letter_as_lichess_writes_it() {
    let game = compile_file("games/crazyhouse.game").unwrap();
    let record =
        pgn::parse("[Variant \"Crazyhouse\"]\n\n1. e4 d5 2. exd5 Qxd5 3. Nc3 Qa5 4. @e4 *\n")
            .unwrap()
            .remove(0);
    let replay = record.replay(&game).unwrap();
    let mut before = replay.start.clone();
    for mv in &replay.moves[..6] {
        before.make(*mv);
    }
    assert_eq!(san::format(&before, &replay.moves[6]), "P@e4");
}

#[test]
fn play_keeps_the_moves_given_on_the_command_line_in_its_record() {
    use std::io::Write;
    let dir = std::env::temp_dir().join(format!("tessera-play-moves-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join("game.pgn");
    let mut child = tessera()
        .args([
            "play",
            "games/chess.game",
            "--ai",
            "none",
            "--moves",
            "e4 e5",
        ])
        .arg("--pgn")
        .arg(&out)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::null())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"Nf3\nquit\n")
        .unwrap();
    assert!(child.wait().unwrap().success());
    let text = std::fs::read_to_string(&out).unwrap();
    assert!(!text.contains("[FEN"), "{text}");
    assert!(text.ends_with("\n1. e4 e5 2. Nf3 *\n"), "{text}");
    std::fs::remove_dir_all(&dir).ok();
}
