//! `--json`: each command prints one object of the schema docs/json.md
//! documents; these tests read it as a script would and check its fields.

mod common;

use common::{stdout_of, tessera};
use serde_json::{json, Value};

#[track_caller]
fn parsed(text: &str) -> Value {
    serde_json::from_str(text).unwrap_or_else(|e| panic!("not JSON ({e}):\n{text}"))
}

/// The game object of `games/chess.game`.
fn chess() -> Value {
    json!({"name": "chess", "file": "games/chess.game", "title": "Chess", "cells": 64, "kinds": 6})
}

/// The fields of an object, sorted.
fn keys(v: &Value) -> Vec<&str> {
    let mut k: Vec<&str> = v
        .as_object()
        .expect("an object")
        .keys()
        .map(String::as_str)
        .collect();
    k.sort_unstable();
    k
}

#[test]
fn list_gives_a_game_object_per_game() {
    let v = parsed(&stdout_of(&["list", "--json", "games/chess.game"]));
    assert_eq!(v, json!({ "games": [chess()] }));
}

#[test]
fn check_gives_each_file_its_game_warnings_and_errors() {
    let dir = std::env::temp_dir().join(format!("tessera-json-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let wide = dir.join("wide.game");
    let src = "grid file a..d rank 1..4\ndirection n (0, 1)\npiece King K royal\n  step n\nsetup white King a1..f1 black King d4\n";
    std::fs::write(&wide, src).unwrap();
    let wide = wide.to_string_lossy().into_owned();
    let out = tessera(&[
        "check",
        "--json",
        "games/chess.game",
        &wide,
        "tests/bad/leap-missing-comma.game",
    ]);
    // A file with errors: exit status 1, as without `--json`, and nothing
    // but the JSON printed.
    assert_eq!(out.exit_code(), 1);
    assert_eq!(out.stderr(), "");
    let v = parsed(&out.stdout);
    let files = v["files"].as_array().unwrap();
    assert_eq!(files.len(), 3);

    let ok = &files[0];
    let fields = [
        "cells",
        "errors",
        "file",
        "kinds",
        "legal_moves",
        "name",
        "ok",
        "title",
        "warnings",
    ];
    for f in files {
        assert_eq!(keys(f), fields);
    }
    for (k, value) in chess().as_object().unwrap() {
        assert_eq!(ok[k], *value, "{k}");
    }
    assert_eq!(ok["ok"], true);
    assert_eq!(ok["legal_moves"], 20);
    assert_eq!(ok["warnings"], json!([]));
    assert_eq!(ok["errors"], json!([]));

    let warned = &files[1];
    assert_eq!(warned["ok"], true);
    assert_eq!(warned["name"], "wide");
    let w = &warned["warnings"][0];
    assert_eq!(
        keys(w),
        [
            "column",
            "end",
            "end_column",
            "end_line",
            "file",
            "line",
            "message",
            "severity",
            "start"
        ]
    );
    assert_eq!(w["severity"], "warning");
    assert_eq!(w["file"], wide.as_str());
    assert_eq!(
        (w["line"].clone(), w["column"].clone()),
        (json!(5), json!(18))
    );
    assert_eq!(
        (w["end_line"].clone(), w["end_column"].clone()),
        (json!(5), json!(24))
    );
    let (start, end) = (w["start"].as_u64().unwrap(), w["end"].as_u64().unwrap());
    assert_eq!(&src[start as usize..end as usize], "a1..f1");
    assert!(w["message"]
        .as_str()
        .unwrap()
        .starts_with("box `a1..f1` reaches past the board"));

    let failed = &files[2];
    assert_eq!(failed["ok"], false);
    assert_eq!(failed["title"], Value::Null);
    assert_eq!(failed["legal_moves"], Value::Null);
    let e = &failed["errors"][0];
    assert_eq!(e["severity"], "error");
    assert_eq!(e["message"], "missing `,` between `1` and `2`");
    assert_eq!(
        (e["line"].clone(), e["column"].clone()),
        (json!(7), json!(11))
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn check_reports_an_unreadable_file_with_no_place_and_exit_status_2() {
    let out = tessera(&["check", "--json", "no/such/file.game"]);
    assert_eq!(out.exit_code(), 2);
    let v = parsed(&out.stdout);
    let e = &v["files"][0]["errors"][0];
    assert_eq!(e["line"], Value::Null);
    assert!(e["message"].as_str().unwrap().contains("cannot read"));
}

#[test]
fn moves_gives_the_game_the_position_and_the_sorted_moves() {
    let v = parsed(&stdout_of(&[
        "moves",
        "--json",
        "games/chess.game",
        "--moves",
        "f2f3 e7e5 g2g4",
    ]));
    assert_eq!(keys(&v), ["game", "moves", "position"]);
    assert_eq!(v["game"], chess());
    assert_eq!(v["position"]["side_to_move"], "black");
    assert_eq!(
        v["position"]["fen"],
        "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2"
    );
    assert!(v["position"]["position"].as_str().unwrap().contains("Ke1"));
    let moves = v["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 30);
    assert!(moves.contains(&json!({"move": "d8h4"})));
    let texts: Vec<&str> = moves.iter().map(|m| m["move"].as_str().unwrap()).collect();
    let mut sorted = texts.clone();
    sorted.sort_unstable();
    assert_eq!(texts, sorted);
}

#[test]
fn moves_in_san_carries_each_moves_san() {
    let v = parsed(&stdout_of(&[
        "moves",
        "--json",
        "--notation",
        "san",
        "games/chess.game",
        "--moves",
        "f2f3 e7e5 g2g4",
    ]));
    assert!(v["moves"]
        .as_array()
        .unwrap()
        .contains(&json!({"move": "d8h4", "san": "Qh4#"})));
}

#[test]
fn moves_of_a_board_fen_cannot_write_gives_a_null_fen() {
    let v = parsed(&stdout_of(&["moves", "--json", "games/cycle-chess.game"]));
    assert_eq!(v["position"]["fen"], Value::Null);
    assert!(v["position"]["position"].is_string());
}

#[test]
fn perft_gives_the_count_and_with_divide_each_root_moves() {
    let v = parsed(&stdout_of(&["perft", "--json", "games/chess.game", "3"]));
    assert_eq!(keys(&v), ["depth", "game", "nodes", "position"]);
    assert_eq!(v["depth"], 3);
    assert_eq!(v["nodes"], 8902);
    assert_eq!(v["game"], chess());
    let v = parsed(&stdout_of(&[
        "perft",
        "--json",
        "--divide",
        "games/chess.game",
        "2",
    ]));
    assert_eq!(v["nodes"], 400);
    let divide = v["divide"].as_array().unwrap();
    assert_eq!(divide.len(), 20);
    assert_eq!(divide[0], json!({"move": "a2a3", "nodes": 20}));
}

#[test]
fn test_gives_each_expectation_and_the_counts() {
    let out = tessera(&[
        "test",
        "--json",
        "games/chess.game",
        "--filter",
        "chess: perft start",
    ]);
    assert_eq!(out.exit_code(), 0, "{}", out.stderr());
    let v = parsed(&out.stdout);
    assert_eq!(
        keys(&v),
        ["accepted", "failed", "new", "passed", "results", "skipped"]
    );
    let results = v["results"].as_array().unwrap();
    let count = |status: &str| results.iter().filter(|r| r["status"] == status).count();
    // The counts beyond a million nodes are skipped without `--deep`.
    assert!(count("ok") > 0 && count("skipped") > 0);
    assert_eq!(v["passed"], count("ok"));
    assert_eq!(v["skipped"], count("skipped"));
    assert_eq!(count("ok") + count("skipped"), results.len());
    assert_eq!(v["failed"], 0);
    for r in results {
        assert_eq!(keys(r), ["detail", "file", "name", "status"]);
        assert_eq!(r["file"], "games/chess.tests");
        assert!(r["name"]
            .as_str()
            .unwrap()
            .starts_with("chess: perft start"));
    }
}

#[test]
fn test_reports_a_failure_with_its_detail_and_exit_status_1() {
    let dir = std::env::temp_dir().join(format!("tessera-json-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::copy("games/chess.game", dir.join("chess.game")).unwrap();
    std::fs::write(dir.join("chess.tests"), "perft start 1 21\n").unwrap();
    let game = dir.join("chess.game").to_string_lossy().into_owned();
    let out = tessera(&["test", "--json", &game]);
    assert_eq!(out.exit_code(), 1);
    let v = parsed(&out.stdout);
    assert_eq!(v["failed"], 1);
    let r = &v["results"][0];
    assert_eq!(r["status"], "failed");
    assert_eq!(r["name"], "chess: perft start 1");
    assert_eq!(r["detail"], "expected 21 nodes, counted 20");
    std::fs::remove_dir_all(&dir).unwrap();
}
