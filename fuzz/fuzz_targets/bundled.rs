//! The bundled games, compiled once, shared by the fuzz targets.

use std::sync::LazyLock;
use tessera::Game;

pub static GAMES: LazyLock<Vec<Game>> = LazyLock::new(|| {
    [
        include_str!("../../games/chess.game"),
        include_str!("../../games/cycle-chess.game"),
        include_str!("../../games/central-squares.game"),
        include_str!("../../games/power-chess-98.game"),
        include_str!("../../games/exile-chess.game"),
    ]
    .iter()
    .map(|src| tessera::compile_str(src).expect("bundled games compile"))
    .collect()
});

/// Splits fuzz input into a game (picked by the first byte, whose bit 7 is left
/// for the target's own use), that byte, and the rest as text.
pub fn pick(data: &[u8]) -> Option<(&'static Game, u8, &str)> {
    let (&which, rest) = data.split_first()?;
    let text = std::str::from_utf8(rest).ok()?;
    Some((&GAMES[which as usize % GAMES.len()], which, text))
}
