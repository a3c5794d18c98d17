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
