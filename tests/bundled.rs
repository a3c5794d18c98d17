//! Every game of `games/` is built into the binary and named by its name from
//! any folder: an installed `tessera` needs no checkout beside it.

use std::path::Path;
use std::process::Command;
use tessera_cli::bundled::GAMES;

/// Runs the binary in `dir`; its exit code, standard output and error.
fn tessera_in(dir: &Path, args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_tessera"))
        .args(args)
        .current_dir(dir)
        .output()
        .expect("the binary runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// A folder of its own, empty, with no `games` in it.
fn empty_folder(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("tessera-bundled-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn every_rule_file_of_games_is_bundled_as_it_is_on_disk_and_compiles() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("games");
    let mut on_disk: Vec<String> = std::fs::read_dir(&root)
        .unwrap()
        .filter_map(|e| {
            let name = e.ok()?.file_name().into_string().ok()?;
            Some(name.strip_suffix(".game")?.to_string())
        })
        .collect();
    on_disk.sort();
    let bundled: Vec<&str> = GAMES.iter().map(|g| g.name).collect();
    assert_eq!(bundled, on_disk);
    for game in GAMES {
        let text = std::fs::read_to_string(root.join(format!("{}.game", game.name))).unwrap();
        assert_eq!(game.text, text, "{} differs from games/", game.name);
        if let Err(e) = tessera::compile_str(game.text) {
            panic!("{}", e.render(game.name, game.text));
        }
    }
}

#[test]
fn commands_take_a_bundled_game_by_name_from_an_empty_folder() {
    let dir = empty_folder("names");
    assert_eq!(
        tessera_in(&dir, &["perft", "chess", "3"]),
        (0, "Nodes searched: 8902\n".into(), String::new())
    );
    let (code, moves, _) = tessera_in(&dir, &["moves", "shogi"]);
    assert_eq!(code, 0);
    assert_eq!(moves.lines().count(), 30);
    assert!(moves.lines().any(|m| m == "c3c4"), "{moves}");
    // The README's paths work too where no such file exists.
    let (code, out, _) = tessera_in(&dir, &["check", "games/xiangqi.game", "janggi.game"]);
    assert_eq!(code, 0);
    assert!(
        out.starts_with("xiangqi: ok: \"Xiangqi\", 90 cells"),
        "{out}"
    );
    assert!(out.contains("janggi: ok: "), "{out}");
    // A name that is no game says so, with the nearest one.
    let (code, _, err) = tessera_in(&dir, &["moves", "shogj"]);
    assert_eq!(code, 2);
    assert_eq!(
        err,
        "error: cannot read `shogj`: no such file, and no bundled game of that name; \
         did you mean `shogi`? (`tessera list` lists them)\n"
    );
}

#[test]
fn a_file_of_that_name_wins_over_the_bundled_game() {
    let dir = empty_folder("file-wins");
    std::fs::write(
        dir.join("chess"),
        "game \"Mine\"\ngrid file a..b rank 1..2\ndirection n (0, 1)\npiece King K royal\n  step n\nsetup\n  white King a1\n  black King b2\n",
    )
    .unwrap();
    let (code, out, err) = tessera_in(&dir, &["check", "chess"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("chess: ok: \"Mine\", 4 cells"), "{out}");
}

#[test]
fn list_names_every_bundled_game_with_its_title() {
    let dir = empty_folder("list");
    let (code, out, _) = tessera_in(&dir, &["list"]);
    assert_eq!(code, 0);
    assert_eq!(out.lines().count(), GAMES.len());
    let shogi = out.lines().find(|l| l.starts_with("shogi ")).unwrap();
    assert!(shogi.ends_with("  Shogi"), "{shogi}");
    let (code, json, _) = tessera_in(&dir, &["list", "--json"]);
    assert_eq!(code, 0);
    let list: serde_json::Value = serde_json::from_str(&json).unwrap();
    let list = list["games"].as_array().unwrap();
    assert_eq!(list.len(), GAMES.len());
    let chess = list.iter().find(|g| g["name"] == "chess").unwrap();
    assert_eq!(
        *chess,
        serde_json::json!({"name": "chess", "title": "Chess", "file": null, "cells": 64, "kinds": 6})
    );
    // Files and folders instead: their paths.
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let (code, json, _) = tessera_in(root, &["list", "--json", "games/chess.game"]);
    assert_eq!(code, 0);
    let list: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(list["games"][0]["file"], "games/chess.game");
}

#[test]
fn check_takes_folders() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let (code, out, err) = tessera_in(root, &["check", "games/"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.lines().count(), GAMES.len());
}

#[test]
fn uci_offers_the_bundled_games_where_no_games_folder_is() {
    let dir = empty_folder("uci");
    let out = Command::new(env!("CARGO_BIN_EXE_tessera"))
        .arg("uci")
        .current_dir(&dir)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            use std::io::Write;
            child.stdin.take().unwrap().write_all(b"uci\nquit\n")?;
            child.wait_with_output()
        })
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    let variants = text
        .lines()
        .find(|l| l.starts_with("option name UCI_Variant"))
        .unwrap_or_else(|| panic!("{text}"));
    assert!(variants.contains(" var shogi "), "{variants}");
    assert!(variants.contains(" var xiangqi "), "{variants}");
}
