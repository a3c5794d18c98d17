//! Engine protocols, on top of the search: UCI (`uci.rs`). The core library
//! knows nothing of them.
//!
//! A protocol reads commands line by line from one thread, which raises the
//! search's stop flag the moment `stop` or `quit` arrives, and handles them
//! in order on another, where the search runs.

pub mod uci;

use crate::game::Game;
use std::io::BufRead;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{channel, Receiver};
use std::sync::Arc;

/// A game an engine offers, by the name a protocol knows it by.
pub struct Offered {
    pub name: String,
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
