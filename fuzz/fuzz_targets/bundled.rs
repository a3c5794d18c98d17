//! The bundled games, compiled once, shared by the fuzz targets: every file of
//! `games/`, in the order of their names.

use std::sync::LazyLock;
use tessera::Game;

pub static SOURCES: &[&str] = &[
    include_str!("../../games/3check.game"),
    include_str!("../../games/amazon.game"),
    include_str!("../../games/antichess.game"),
    include_str!("../../games/atomic.game"),
    include_str!("../../games/berolina.game"),
    include_str!("../../games/capablanca.game"),
    include_str!("../../games/central-squares.game"),
    include_str!("../../games/chancellor.game"),
    include_str!("../../games/chess.game"),
    include_str!("../../games/courier.game"),
    include_str!("../../games/crazyhouse.game"),
    include_str!("../../games/cycle-chess.game"),
    include_str!("../../games/duck.game"),
    include_str!("../../games/exile-chess.game"),
    include_str!("../../games/extinction.game"),
    include_str!("../../games/gardner.game"),
    include_str!("../../games/giveaway.game"),
    include_str!("../../games/grand.game"),
    include_str!("../../games/grasshopper.game"),
    include_str!("../../games/horde.game"),
    include_str!("../../games/kinglet.game"),
    include_str!("../../games/kingofthehill.game"),
    include_str!("../../games/knightmate.game"),
    include_str!("../../games/losalamos.game"),
    include_str!("../../games/makruk.game"),
    include_str!("../../games/minishogi.game"),
    include_str!("../../games/nightrider.game"),
    include_str!("../../games/power-chess-98.game"),
    include_str!("../../games/racingkings.game"),
    include_str!("../../games/seirawan.game"),
    include_str!("../../games/shatranj.game"),
    include_str!("../../games/shogi.game"),
    include_str!("../../games/spartan.game"),
    include_str!("../../games/xiangqi.game"),
];

pub static GAMES: LazyLock<Vec<Game>> = LazyLock::new(|| {
    SOURCES
        .iter()
        .map(|src| tessera::compile_str(src).expect("bundled games compile"))
        .collect()
});

/// Splits fuzz input into a game (picked by the first byte, whose bit 7 is left
/// for the target's own use), that byte, and the rest.
pub fn pick_bytes(data: &[u8]) -> Option<(&'static Game, u8, &[u8])> {
    let (&which, rest) = data.split_first()?;
    Some((&GAMES[(which & 0x7f) as usize % GAMES.len()], which, rest))
}

/// [`pick_bytes`], with the rest as text.
#[allow(dead_code)] // Not every target reads text.
pub fn pick(data: &[u8]) -> Option<(&'static Game, u8, &str)> {
    let (game, which, rest) = pick_bytes(data)?;
    Some((game, which, std::str::from_utf8(rest).ok()?))
}
