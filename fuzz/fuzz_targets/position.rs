//! Positions from users: FEN and the general notation, for every bundled game.
//! Parsing must not panic; a parsed position must print, parse back to itself,
//! and generate moves.
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "bundled.rs"]
mod bundled;

use tessera::notation::{fen, position};

fuzz_target!(|data: &[u8]| {
    let Some((game, which, text)) = bundled::pick(data) else {
        return;
    };
    let parsed = if which & 0x80 != 0 {
        fen::parse_unchecked(game, text).ok()
    } else {
        position::parse_unchecked(game, text).ok()
    };
    if let Some(mut pos) = parsed {
        // Read through the unchecked doors, so that impossible positions are
        // played too; one the check passes must read back through the
        // checked door.
        if tessera::notation::check_playable(&pos).is_ok() {
            let printed = position::format(&pos);
            let again = position::parse(game, &printed).expect("printed positions parse back");
            assert!(again == pos, "round trip of {printed}");
        }
        let _ = tessera::perft(&mut pos, 1);
        let _ = tessera::show::draw(&mut pos);
    }
});
