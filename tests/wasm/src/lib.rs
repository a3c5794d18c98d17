//! Exports for tests/wasm/run.mjs: plain numbers in and out, so that Node can
//! call them with no bindings generator.

use std::time::Duration;
use tessera::search::clock::SteppingClock;
use tessera::search::{Limits, Searcher};
use tessera::{compile_str, legal_moves, perft, Position, Record};

const CHESS: &str = include_str!("../../../games/chess.game");

/// The number of legal moves of chess's start position.
#[no_mangle]
pub extern "C" fn start_moves() -> u32 {
    let game = compile_str(CHESS).expect("chess compiles");
    legal_moves(&mut Position::start(&game)).len() as u32
}

/// Perft of chess's start position to `depth`.
#[no_mangle]
pub extern "C" fn start_perft(depth: u16) -> u64 {
    let game = compile_str(CHESS).expect("chess compiles");
    perft(&mut Position::start(&game), depth)
}

/// Searches chess's start position for `ms` milliseconds of a clock that
/// moves on one millisecond at each reading; returns the depth reached times
/// 1,000,000 plus the index of the best move in the legal moves' list, or
/// `u32::MAX` when there is none.
#[no_mangle]
pub extern "C" fn timed_search(ms: u32) -> u32 {
    let game = compile_str(CHESS).expect("chess compiles");
    let clock = Box::new(SteppingClock::new(Duration::from_millis(1)));
    let mut searcher = Searcher::with_clock(&game, 1, clock);
    let mut pos = Position::start(&game);
    let record = Record::new(&pos);
    let limits = Limits {
        time: Some(Duration::from_millis(u64::from(ms))),
        ..Limits::default()
    };
    let report = searcher.search(&mut pos, &record, &limits, |_| {}).unwrap();
    let moves = legal_moves(&mut pos);
    match report
        .pv
        .first()
        .and_then(|m| moves.iter().position(|l| l == m))
    {
        Some(i) => report.depth * 1_000_000 + i as u32,
        None => u32::MAX,
    }
}

/// Searches chess's start position to `depth` with [`Searcher::new`], whose
/// clock on this target is the stopped one (there is no system clock to read);
/// returns the depth reached.
#[no_mangle]
pub extern "C" fn deep_search(depth: u32) -> u32 {
    let game = compile_str(CHESS).expect("chess compiles");
    let mut searcher = Searcher::new(&game, 1);
    let mut pos = Position::start(&game);
    let record = Record::new(&pos);
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    searcher
        .search(&mut pos, &record, &limits, |_| {})
        .unwrap()
        .depth
}
