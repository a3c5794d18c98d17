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

/// The most time to spend on a move, from a clock: `left_ms` on it,
/// `inc_ms` added after each move, `to_go` moves until the clock is wound
/// again (none: sudden death, counted as 30 moves more).
///
/// A reserve is always kept for the reply to travel and for a loaded
/// machine's delays: 300 ms and a twentieth of the time left. Above twice
/// the reserve, a move's budget is its even share of the time left less
/// the reserve, plus the increment, and the search may take half as much
/// again where it needs it (it stops early on a settled move: see
/// `Limits::time`), so that over a session it spends about the clock; no
/// move but the session's last takes more than half of what may be used.
/// Below it, a move takes half the increment (an eighth of the time left
/// without one), so that the clock grows back and never falls.
pub fn clock_share(left_ms: u64, inc_ms: u64, to_go: Option<u64>) -> Duration {
    let reserve = 300 + left_ms / 20;
    if left_ms <= 2 * reserve {
        let ms = if inc_ms > 0 { inc_ms / 2 } else { left_ms / 8 };
        return Duration::from_millis(ms.min(left_ms / 4).max(1));
    }
    let usable = left_ms - reserve;
    let to_go = to_go.unwrap_or(30).clamp(1, 60);
    let budget = usable / to_go + inc_ms;
    let most = if to_go == 1 { usable } else { usable / 2 };
    let ms = budget.saturating_mul(3).saturating_div(2).min(most).max(1);
    Duration::from_millis(ms)
}
