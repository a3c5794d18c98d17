//! Move lists from users and programs: played from the start of every bundled
//! game, each must be parsed against the legal moves or rejected, never panic;
//! make and unmake must restore the position.
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "bundled.rs"]
mod bundled;

use tessera::notation::uci;
use tessera::Position;

fuzz_target!(|data: &[u8]| {
    let Some((game, _, text)) = bundled::pick(data) else {
        return;
    };
    let mut pos = Position::start(game);
    for word in text.split_whitespace().take(64) {
        let Ok(mv) = uci::parse(&mut pos, word) else {
            return;
        };
        let before = pos.clone();
        let undo = pos.make(mv);
        let after = pos.clone();
        pos.unmake(undo);
        assert!(pos == before, "make/unmake of {word}");
        pos = after;
    }
});
