//! Perft from the start of every Fairy-Stockfish variant, against FSF's own
//! counts: `tests/data/fsf-perft.tsv` (by pyffish, see tests/fsf/record_perft.py)
//! and `tests/data/fsf-start-perft.tsv` (a copy of ../shared/oracle/, from the
//! engine, some of them deeper).
//!
//! Each row's FEN is FSF's, read with Tessera's FEN reader. `cargo test` checks
//! the rows up to a million nodes; the rest run with
//! `cargo test --release --test fsf_perft -- --ignored`. A row whose variant has
//! no rule file in games/ fails the test: every variant FSF has built in has one.

use std::path::Path;
use tessera::notation::fen;
use tessera::{compile_str, perft};

const PYFFISH: &str = include_str!("../../tests/data/fsf-perft.tsv");
const ENGINE: &str = include_str!("../../tests/data/fsf-start-perft.tsv");

struct Row {
    variant: String,
    fen: String,
    depth: u16,
    nodes: u64,
}

fn rows(table: &str) -> Vec<Row> {
    table
        .lines()
        .filter(|l| !l.starts_with('#') && !l.starts_with("variant") && !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            Row {
                variant: f[0].to_string(),
                fen: f[1].to_string(),
                depth: f[2].parse().unwrap(),
                nodes: f[3].parse().unwrap(),
            }
        })
        .collect()
}

fn check(keep: impl Fn(&Row) -> bool) {
    let mut checked = 0;
    let mut missing = Vec::new();
    for row in rows(PYFFISH)
        .into_iter()
        .chain(rows(ENGINE))
        .filter(|r| keep(r))
    {
        let path = format!("../games/{}.game", row.variant);
        if !Path::new(&path).exists() {
            if !missing.contains(&row.variant) {
                missing.push(row.variant.clone());
            }
            continue;
        }
        let src = std::fs::read_to_string(&path).unwrap();
        let game = compile_str(&src).unwrap_or_else(|e| panic!("{}", e.render(&path, &src)));
        let mut pos = fen::parse(&game, &row.fen)
            .unwrap_or_else(|e| panic!("{}: FEN {}: {e}", row.variant, row.fen));
        let got = perft(&mut pos, row.depth);
        assert_eq!(got, row.nodes, "{} depth {}", row.variant, row.depth);
        checked += 1;
    }
    // Every one of Fairy-Stockfish's built-in variants has its rule file.
    assert!(
        missing.is_empty(),
        "no rule file for: {}",
        missing.join(" ")
    );
    assert!(checked > 0, "no row checked");
}

#[test]
fn fsf_start_perft_up_to_a_million_nodes() {
    check(|r| r.nodes <= 1_000_000);
}

#[test]
#[ignore = "deep rows: run in release mode"]
fn fsf_start_perft_deep() {
    check(|r| r.nodes > 1_000_000);
}

#[test]
fn engine_table_copy_matches_shared() {
    let shared = Path::new("../../shared/oracle/fsf-start-perft.tsv");
    if let Ok(text) = std::fs::read_to_string(shared) {
        assert_eq!(text, ENGINE, "tests/data/fsf-start-perft.tsv is stale");
    }
}

#[test]
fn every_setup_is_fairy_stockfish_start_position() {
    // The rule file's own setup must be the position FSF starts from (the
    // perft rows start from FSF's FEN, so they alone would not notice a
    // setup that differs).
    let mut checked = 0;
    let mut seen = Vec::new();
    for row in rows(PYFFISH) {
        if seen.contains(&row.variant) {
            continue;
        }
        seen.push(row.variant.clone());
        let path = format!("../games/{}.game", row.variant);
        let Ok(src) = std::fs::read_to_string(&path) else {
            continue;
        };
        let game = compile_str(&src).unwrap();
        let start = tessera::Position::start(&game);
        // Compared as Tessera writes them, which evens out the forms; the
        // positions themselves may differ in what no FEN holds (which pieces
        // have not moved, where a `first` movement is not a pawn's).
        let theirs = fen::format(&fen::parse(&game, &row.fen).unwrap()).unwrap();
        let ours = fen::format(&start).unwrap();
        assert_eq!(
            ours, theirs,
            "{}: the setup differs from FSF's start",
            row.variant
        );
        checked += 1;
    }
    assert!(checked >= 121, "only {checked} games checked");
}
