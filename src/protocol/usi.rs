//! The USI protocol, as shogi GUIs speak it: UCI's conversation
//! ([`super::uci::run_as`]) in USI's words. Positions are SFEN
//! ([`tessera::notation::sfen`]), moves USI's (`7g7f`, `8h2b+`, `P*5e`);
//! `b` (Black, sente, the first player) is Tessera's White, so `btime` and
//! `binc` are the first player's clock.
//!
//! Supported: `usi` (answered `id`, the `UCI_Variant` option naming every
//! rule file offered, `usiok`), `isready`, `setoption name USI_Variant value
//! NAME` (or `UCI_Variant`), `usinewgame`, `position startpos|sfen SFEN
//! [moves ...]`, `go` with `btime`/`wtime`/`binc`/`winc`, `byoyomi`,
//! `movetime`, `depth`, `nodes`, `infinite` and `ponder` (the answer waits
//! for `ponderhit` or `stop`), `go mate TIME|infinite` (answered `checkmate
//! MOVES...`, `checkmate nomate` or `checkmate timeout`), `stop`, `quit`;
//! `bestmove MOVE`, `bestmove win` where the game is already won by the side
//! to move (the rules ended it in its favour), or `bestmove resign` where it
//! is lost, drawn or the side has no move. `info` lines give `score mate N`
//! in plies, as USI counts. Unknown commands (`gameover`) are ignored; `d`
//! prints the position as `info string sfen SFEN` and its legal moves.

use super::uci::{run_as, Dialect};
use super::Offered;
use std::io::{BufRead, Write};
use tessera::notation::{sfen, usi};

/// USI's words.
pub const USI: Dialect = Dialect {
    hello: "usi",
    ok: "usiok",
    new_game: "usinewgame",
    position_word: "sfen",
    default_game: "shogi",
    read_position: |game, text| sfen::parse(game, text).map_err(|e| format!("sfen: {e}")),
    write_position: sfen::format,
    read_move: usi::parse,
    write_move: usi::format,
    no_move: "resign",
    first_clock: ["btime", "binc"],
    second_clock: ["wtime", "winc"],
    mate_in_plies: true,
    win: Some("win"),
    mate_search: true,
};

/// Runs a USI session on `input` and `out` until `quit` or the end of input,
/// offering the games SFEN can write.
///
/// # Errors
/// Only when `out` cannot be written.
pub fn run(
    games: &[Offered],
    input: impl BufRead + Send + 'static,
    out: &mut dyn Write,
) -> std::io::Result<()> {
    run_as(&USI, games, input, out)
}
