//! Perft against the trusted numbers in `../shared/oracle/chess-perft.tsv`.
//!
//! `cargo test` checks every row up to about a million nodes; the whole table
//! runs with `cargo test --release --test perft -- --ignored`.

use tessera::notation::fen;
use tessera::{compile_str, perft};

const CHESS: &str = include_str!("../../games/chess.game");
/// A copy of `../shared/oracle/chess-perft.tsv`, so the crate tests on its own;
/// `oracle_copy_matches_shared` keeps it honest where `../shared` is present.
const ORACLE: &str = include_str!("../../tests/data/chess-perft.tsv");

struct Row<'a> {
    name: &'a str,
    fen: &'a str,
    depth: u16,
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
        "/../../shared/oracle/chess-perft.tsv"
    );
    if let Ok(text) = std::fs::read_to_string(shared) {
        assert_eq!(
            text, ORACLE,
            "tests/data/chess-perft.tsv differs from {shared}"
        );
    }
}

/// `perft_until` counts what `perft` counts while its flag is down, and gives
/// up, leaving the position as it was, once the flag is up: from the start, at
/// any depth (the explicit stack past 64 plies too), and in the middle of a
/// count that would otherwise run for minutes.
#[test]
fn perft_until_counts_or_stops() {
    use std::sync::atomic::{AtomicBool, Ordering};
    use tessera::engine::perft::perft_until;
    let game = compile_str(CHESS).unwrap();
    let down = AtomicBool::new(false);
    for row in rows().iter().filter(|r| r.nodes <= 200_000) {
        let mut pos = fen::parse(&game, row.fen).unwrap();
        assert_eq!(
            perft_until(&mut pos, row.depth, &down),
            Some(row.nodes),
            "{} depth {}",
            row.name,
            row.depth
        );
    }
    let up = AtomicBool::new(true);
    let mut pos = tessera::Position::start(&game);
    let start = fen::format(&pos);
    assert_eq!(perft_until(&mut pos, 1, &up), Some(20));
    for depth in [2, 5, 70, 200] {
        assert_eq!(perft_until(&mut pos, depth, &up), None, "depth {depth}");
        assert_eq!(fen::format(&pos), start, "depth {depth}");
    }
    let stop = AtomicBool::new(false);
    let started = std::time::Instant::now();
    let counted = std::thread::scope(|scope| {
        let counting = scope.spawn(|| {
            let mut pos = tessera::Position::start(&game);
            let n = perft_until(&mut pos, 9, &stop);
            (n, fen::format(&pos))
        });
        std::thread::sleep(std::time::Duration::from_millis(100));
        stop.store(true, Ordering::Relaxed);
        counting.join().unwrap()
    });
    assert_eq!(counted, (None, start));
    assert!(started.elapsed().as_secs() < 5, "{:?}", started.elapsed());
}
