//! Engine protocols, on top of the search: UCI (`uci.rs`), USI (`usi.rs`,
//! UCI's conversation in the shogi programs' words) and XBoard (`xboard.rs`).
//! The core library knows nothing of them.
//!
//! A protocol reads commands line by line from one thread, which raises the
//! search's stop flag the moment `stop` or `quit` arrives, and handles them
//! in order on another, where the search runs.

pub mod uci;
pub mod usi;
pub mod xboard;

use std::io::BufRead;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{channel, Receiver};
use std::sync::Arc;
use std::time::Duration;
use tessera::game::Game;

/// A game an engine offers, by the name a protocol knows it by.
pub struct Offered {
    /// The name the protocol offers the game under.
    pub name: String,
    /// The compiled game.
    pub game: Game,
}

/// Reads `input` line by line on a thread of its own; the lines arrive on the
/// receiver, and `stop` is raised as soon as a line asks to stop the search.
pub fn read_lines(
    input: impl BufRead + Send + 'static,
    stop: Arc<AtomicBool>,
    stops: &'static [&'static str],
) -> Receiver<String> {
    let (send, receive) = channel();
    std::thread::spawn(move || {
        for line in input.lines() {
            let Ok(line) = line else { break };
            let word = line.split_whitespace().next().unwrap_or("");
            if stops.contains(&word) {
                stop.store(true, Ordering::Relaxed);
            }
            if send.send(line).is_err() {
                break;
            }
        }
    });
    receive
}

/// The time to spend on a move, from a clock: a share of what is left (of
/// the moves to go, or of 30), plus half the increment, keeping a margin for
/// the reply to travel.
pub fn clock_share(left_ms: u64, inc_ms: u64, to_go: Option<u64>) -> Duration {
    let share = left_ms / to_go.unwrap_or(30).max(1) + inc_ms / 2;
    let ms = share.min(left_ms.saturating_sub(50) / 2).max(10);
    Duration::from_millis(ms)
}
