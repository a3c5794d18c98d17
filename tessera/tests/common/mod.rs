//! Helpers shared by the library's spec tests: a rule file compiled, the
//! legal moves of a piece, the state of play after moves.

#![allow(dead_code)]

use tessera::engine::outcome::{status_in_game, Status};
use tessera::notation::{fen, uci};
use tessera::{compile_str, Game, Position, Record};

/// The bundled rule files, `games/*.game`, in the order of their names.
pub fn bundled_game_paths() -> Vec<std::path::PathBuf> {
    let mut paths: Vec<_> = std::fs::read_dir("../games")
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "game"))
        .collect();
    paths.sort();
    paths
}

/// The game of a rule file, or a panic with its errors rendered.
pub fn game(src: &str) -> Game {
    compile_str(src).unwrap_or_else(|e| panic!("{}", e.render("test.game", src)))
}

/// The legal moves of `pos` that start with `from` (a cell, or "" for all),
/// in UCI, sorted.
pub fn moves_from(pos: &mut Position<'_>, from: &str) -> Vec<String> {
    let mut moves = Vec::new();
    tessera::engine::legal::legal_moves(pos, &mut moves);
    let g = pos.game();
    let mut out: Vec<String> = moves
        .iter()
        .map(|m| uci::format(g, m))
        .filter(|m| m.starts_with(from))
        .collect();
    out.sort();
    out
}

/// The state of play after `moves` (UCI) from the FEN `at`, with the game's
/// record, asserting that the game goes on until the last of them.
#[track_caller]
pub fn status_after(g: &Game, at: &str, moves: &str) -> Status {
    let mut pos = fen::parse(g, at).unwrap();
    let mut record = Record::new(&pos);
    for m in moves.split_whitespace() {
        assert_eq!(
            status_in_game(&mut pos, &record),
            Status::Ongoing,
            "over before {m}"
        );
        let mv = uci::parse(&mut pos, m).unwrap();
        pos.make(mv);
        record.push(&pos);
    }
    status_in_game(&mut pos, &record)
}
