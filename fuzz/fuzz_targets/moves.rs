//! Games played from the start of every bundled game. With bit 7 of the first
//! byte clear, each further byte picks one of the legal moves, so a game is as
//! long as the input (up to `MAX_PLIES`): every move written must read back as
//! itself, make and unmake must restore the position, and every position
//! play goes on from must be written and read back. With bit 7 set, the rest is a move
//! list as a user would type it, parsed against the legal moves or rejected,
//! never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "bundled.rs"]
mod bundled;

use tessera::engine::legal::legal_moves;
use tessera::notation::{position, uci};
use tessera::Position;

/// The longest game played from one input.
const MAX_PLIES: usize = 1000;

fuzz_target!(|data: &[u8]| {
    let Some((game, which, rest)) = bundled::pick_bytes(data) else {
        return;
    };
    let mut pos = Position::start(game);
    if which & 0x80 != 0 {
        let Ok(text) = std::str::from_utf8(rest) else {
            return;
        };
        for word in text.split_whitespace().take(64) {
            let Ok(mv) = uci::parse(&mut pos, word) else {
                return;
            };
            play(&mut pos, mv, word);
        }
        return;
    }
    let mut moves = Vec::new();
    for &b in rest.iter().take(MAX_PLIES) {
        legal_moves(&mut pos, &mut moves);
        if moves.is_empty() {
            return;
        }
        // Only positions play goes on from must read back: a game that is
        // over may end in one the notation refuses (in atomic chess, the
        // side that explodes the enemy king may stand in check).
        let printed = position::format(&pos);
        let again = position::parse(game, &printed).expect("a position in play reads back");
        assert!(again == pos, "round trip of {printed}");
        let mv = moves[b as usize % moves.len()];
        let word = uci::format(game, &mv);
        let read = uci::parse(&mut pos, &word).expect("a written move reads back");
        assert!(read == mv, "{word} read back as another move");
        play(&mut pos, mv, &word);
    }
});

/// Makes `mv`, checks that unmaking it restores the position, and keeps it made.
fn play(pos: &mut Position<'_>, mv: tessera::Move, word: &str) {
    let before = pos.clone();
    let undo = pos.make(mv);
    let after = pos.clone();
    pos.unmake(undo);
    assert!(*pos == before, "make/unmake of {word}");
    *pos = after;
}
