//! Move lists from users and programs: played from the start of every bundled
//! game, each must be parsed against the legal moves or rejected, never panic;
//! make and unmake must restore the position.
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "bundled.rs"]
mod bundled;

use bundled::GAMES;
use tessera::notation::uci;
use tessera::Position;

fuzz_target!(|data: &[u8]| {
    let Some((&which, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let game = &GAMES[which as usize % GAMES.len()];
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
