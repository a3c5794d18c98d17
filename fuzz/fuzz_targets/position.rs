//! Positions from users: FEN and the general notation, for every bundled game.
//! Parsing must not panic; a parsed position must print, parse back to itself,
//! and generate moves.
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "bundled.rs"]
mod bundled;

use bundled::GAMES;
use tessera::notation::{fen, position};

fuzz_target!(|data: &[u8]| {
    let Some((&which, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let game = &GAMES[which as usize % GAMES.len()];
    let parsed = if which & 0x80 != 0 {
        fen::parse(game, text).ok()
    } else {
        position::parse(game, text).ok()
    };
    if let Some(mut pos) = parsed {
        let printed = position::format(&pos);
        let again = position::parse(game, &printed).expect("printed positions parse back");
        assert!(again == pos, "round trip of {printed}");
        let _ = tessera::perft(&mut pos, 1);
        let _ = tessera::show::draw(&mut pos);
    }
});
