//! Perft against the trusted numbers in `../shared/oracle/chess-perft.tsv`.
//!
//! `cargo test` checks every row up to about a million nodes; the whole table
//! runs with `cargo test --release --test perft -- --ignored`.

use tessera::notation::fen;
use tessera::{compile_str, perft};

const CHESS: &str = include_str!("../games/chess.game");
/// A copy of `../shared/oracle/chess-perft.tsv`, so the crate tests on its own;
/// `oracle_copy_matches_shared` keeps it honest where `../shared` is present.
const ORACLE: &str = include_str!("data/chess-perft.tsv");

struct Row<'a> {
    name: &'a str,
    fen: &'a str,
    depth: u32,
    nodes: u64,
}

fn rows() -> Vec<Row<'static>> {
    ORACLE
        .lines()
        .skip(1)
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            Row {
                name: f[0],
                fen: f[1],
                depth: f[2].parse().unwrap(),
                nodes: f[3].parse().unwrap(),
            }
        })
        .collect()
}

fn check_rows(keep: impl Fn(&Row) -> bool) {
    let game = compile_str(CHESS).unwrap();
    let mut checked = 0;
    for row in rows().iter().filter(|r| keep(r)) {
        let mut pos = fen::parse(&game, row.fen).unwrap();
        assert_eq!(
            perft(&mut pos, row.depth),
            row.nodes,
            "{} depth {}",
            row.name,
            row.depth
        );
        checked += 1;
    }
    assert!(checked > 0, "no oracle rows selected");
}

#[test]
fn oracle_up_to_a_million_nodes() {
    check_rows(|r| r.nodes <= 1_000_000);
}

#[test]
fn every_oracle_position_is_tested() {
    let names: std::collections::BTreeSet<&str> = rows()
        .iter()
        .filter(|r| r.nodes <= 1_000_000)
        .map(|r| r.name)
        .collect();
    assert_eq!(names.len(), 6, "{names:?}");
}

#[test]
#[ignore = "deep perft: minutes in release mode"]
fn oracle_full_table() {
    check_rows(|_| true);
}

#[test]
fn oracle_copy_matches_shared() {
    let shared = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../shared/oracle/chess-perft.tsv"
    );
    if let Ok(text) = std::fs::read_to_string(shared) {
        assert_eq!(
            text, ORACLE,
            "tests/data/chess-perft.tsv differs from {shared}"
        );
    }
}
