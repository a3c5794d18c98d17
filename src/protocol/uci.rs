//! The UCI protocol, with Fairy-Stockfish's `UCI_Variant` option naming the
//! game: every rule file offered is a variant, named after its file.
//!
//! Supported: `uci`, `isready`, `setoption name UCI_Variant value NAME`,
//! `ucinewgame`, `position startpos|fen FEN [moves ...]`, `go` with `depth`,
//! `nodes`, `movetime`, `wtime`/`btime`/`winc`/`binc`/`movestogo`,
//! `infinite` and `ponder` (whose answer waits for `ponderhit` or `stop`),
//! `stop`, `quit`. Unknown commands are ignored, as UCI asks;
//! a bad position or move is reported as `info string error: ...`. `d`
//! (not UCI's) prints the position as `info string fen FEN` and its legal
//! moves as `info string moves MOVE...`, for scripts that check the engine.
//!
//! USI (`usi.rs`) is the same conversation in other words: [`run_as`] holds
//! it, a [`Dialect`] says the words.

use super::{clock_share, read_lines, Offered};
use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::Receiver;
use std::sync::Arc;
use std::time::Duration;
use tessera::engine::{Move, Position, Record};
use tessera::game::{Game, Side};
use tessera::notation::uci::ParseMoveError;
use tessera::notation::{fen, uci};
use tessera::search::{Limits, Report, Searcher};

/// Megabytes of transposition table per game.
const HASH_MB: usize = 64;

/// What one engine protocol of UCI's shape calls things: its handshake, its
/// position and move notations, and which clock is the first player's.
pub struct Dialect {
    /// The handshake command (`uci`), answered by its `ok` (`uciok`).
    pub hello: &'static str,
    /// The handshake's last line.
    pub ok: &'static str,
    /// The command that starts a new game.
    pub new_game: &'static str,
    /// The word before a position in `position` (`fen`).
    pub position_word: &'static str,
    /// The game offered first, where it is offered.
    pub default_game: &'static str,
    /// Reads a position.
    pub read_position: for<'g> fn(&'g Game, &str) -> Result<Position<'g>, String>,
    /// Writes a position.
    pub write_position: fn(&Position<'_>) -> Option<String>,
    /// Reads a move.
    pub read_move: fn(&mut Position<'_>, &str) -> Result<Move, ParseMoveError>,
    /// Writes a move.
    pub write_move: fn(&Game, &Move) -> String,
    /// The best move where there is none to play (`0000`).
    pub no_move: &'static str,
    /// The words of `go` for the first player's time left and increment
    /// (`wtime`, `winc`); the other player's are the others.
    pub first_clock: [&'static str; 2],
    /// The second player's.
    pub second_clock: [&'static str; 2],
    /// Whether `score mate N` counts plies (USI) rather than moves (UCI).
    pub mate_in_plies: bool,
    /// The best move where the game is already won by the side to move
    /// (USI's `win`; then a game already lost or drawn is answered
    /// `no_move`); `None` where the protocol has none and searches on.
    pub win: Option<&'static str>,
    /// Whether `go mate` asks for a mate and is answered `checkmate ...`
    /// (USI's tsume search) rather than `bestmove`.
    pub mate_search: bool,
}

/// UCI's words.
pub const UCI: Dialect = Dialect {
    hello: "uci",
    ok: "uciok",
    new_game: "ucinewgame",
    position_word: "fen",
    default_game: "chess",
    read_position: |game, text| fen::parse(game, text).map_err(|e| format!("fen: {e}")),
    write_position: fen::format,
    read_move: uci::parse,
    write_move: uci::format,
    no_move: "0000",
    first_clock: ["wtime", "winc"],
    second_clock: ["btime", "binc"],
    mate_in_plies: false,
    win: None,
    mate_search: false,
};

/// Runs a UCI session on `input` and `out` until `quit` or the end of input.
///
/// # Errors
/// Only when `out` cannot be written.
pub fn run(
    games: &[Offered],
    input: impl BufRead + Send + 'static,
    out: &mut dyn Write,
) -> std::io::Result<()> {
    run_as(&UCI, games, input, out)
}

/// Runs a session of `dialect` on `input` and `out` until `quit` or the end
/// of input.
///
/// # Errors
/// Only when `out` cannot be written.
pub fn run_as(
    dialect: &Dialect,
    games: &[Offered],
    input: impl BufRead + Send + 'static,
    out: &mut dyn Write,
) -> std::io::Result<()> {
    let stop = Arc::new(AtomicBool::new(false));
    let lines = read_lines(input, stop.clone(), &["stop", "quit"]);
    // The lines are taken one at a time, so that a search that must hold its
    // answer (`go ponder`, `go infinite`) can wait for `ponderhit` or `stop`.
    let mut current = games
        .iter()
        .position(|g| g.name == dialect.default_game)
        .unwrap_or(0);
    let mut searcher: Option<Searcher<'_>> = None;
    // The position as the last `position` command gave it: its root and moves.
    let mut setup: (Option<String>, Vec<String>) = (None, Vec::new());
    while let Ok(line) = lines.recv() {
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.first().copied() {
            Some(hello) if hello == dialect.hello => {
                writeln!(out, "id name Tessera {}", env!("CARGO_PKG_VERSION"))?;
                writeln!(out, "id author the Tessera developers")?;
                let names: Vec<String> = games.iter().map(|g| format!("var {}", g.name)).collect();
                if let Some(g) = games.get(current) {
                    writeln!(
                        out,
                        "option name UCI_Variant type combo default {} {}",
                        g.name,
                        names.join(" ")
                    )?;
                }
                writeln!(out, "{}", dialect.ok)?;
            }
            Some("isready") => writeln!(out, "readyok")?,
            Some("setoption") => {
                // setoption name UCI_Variant value NAME (USI_Variant too)
                let text = words.join(" ");
                if let Some(value) = ["UCI", "USI"].iter().find_map(|p| {
                    text.strip_prefix(&format!("setoption name {p}_Variant value "))
                        .map(|v| v.trim().to_string())
                }) {
                    match games.iter().position(|g| g.name == value) {
                        Some(i) => {
                            current = i;
                            searcher = None;
                            setup = (None, Vec::new());
                        }
                        None => writeln!(out, "info string error: unknown variant `{value}`")?,
                    }
                }
            }
            Some(new_game) if new_game == dialect.new_game => searcher = None,
            Some("position") => setup = parse_position(dialect, &words[1..]),
            Some("d") => {
                let Some(offered) = games.get(current) else {
                    writeln!(out, "info string error: no game")?;
                    continue;
                };
                match position_of(dialect, offered, &setup) {
                    Ok((mut pos, _)) => {
                        let written = (dialect.write_position)(&pos).unwrap_or_default();
                        writeln!(out, "info string {} {written}", dialect.position_word)?;
                        let mut legal = Vec::new();
                        tessera::engine::legal::legal_moves(&mut pos, &mut legal);
                        let mut names: Vec<String> = legal
                            .iter()
                            .map(|m| (dialect.write_move)(&offered.game, m))
                            .collect();
                        names.sort();
                        writeln!(out, "info string moves {}", names.join(" "))?;
                    }
                    Err(e) => writeln!(out, "info string error: {e}")?,
                }
            }
            Some("go") => {
                let Some(offered) = games.get(current) else {
                    writeln!(out, "info string error: no game")?;
                    writeln!(out, "bestmove {}", dialect.no_move)?;
                    continue;
                };
                let game = &offered.game;
                let (mut pos, record) = match position_of(dialect, offered, &setup) {
                    Ok(p) => p,
                    Err(e) => {
                        writeln!(out, "info string error: {e}")?;
                        writeln!(out, "bestmove {}", dialect.no_move)?;
                        continue;
                    }
                };
                let mate = dialect.mate_search && words.get(1) == Some(&"mate");
                let held = words.contains(&"ponder") || words.contains(&"infinite");
                if !mate {
                    if let Some(answer) = decided(dialect, &mut pos, &record) {
                        if held && !wait_for_go_ahead(&lines, &stop, out)? {
                            break;
                        }
                        writeln!(out, "bestmove {answer}")?;
                        out.flush()?;
                        continue;
                    }
                }
                let limits = if mate {
                    mate_limits(&words[2..])
                } else {
                    limits_of(dialect, &words[1..], pos.side_to_move())
                };
                let s = searcher.get_or_insert_with(|| Searcher::new(game, HASH_MB));
                s.stop = stop.clone();
                // A search without end (`infinite`, `ponder`, `go mate
                // infinite`) is ended by a `stop` already read, whose line,
                // taken after it, lowers the flag; any other ends by itself,
                // and a `stop` or `quit` read before it is not for it.
                let endless = held || (mate && words.get(2) == Some(&"infinite"));
                if !endless {
                    s.stop.store(false, Ordering::Relaxed);
                }
                let mut failed = None;
                // A search ends by itself at the first mate it proves.
                let report = s.search(&mut pos, &record, &limits, |r| {
                    if let Err(e) = writeln!(out, "{}", info_line_as(dialect, game, r)) {
                        failed = Some(e);
                    }
                });
                if let Some(e) = failed {
                    return Err(e);
                }
                let report = report.map_err(std::io::Error::other)?;
                if mate {
                    writeln!(
                        out,
                        "checkmate {}",
                        mate_answer(dialect, game, &mut pos, &report)
                    )?;
                } else {
                    // Pondering or searching without end, the answer waits
                    // for `ponderhit` or `stop`, as the protocol asks.
                    if held && !wait_for_go_ahead(&lines, &stop, out)? {
                        break;
                    }
                    match report.pv.first() {
                        Some(m) => writeln!(out, "bestmove {}", (dialect.write_move)(game, m))?,
                        None => writeln!(out, "bestmove {}", dialect.no_move)?,
                    }
                }
            }
            // A `stop` that came while no search ran: its flag is for none.
            Some("stop") => stop.store(false, Ordering::Relaxed),
            Some("quit") => break,
            _ => {}
        }
        out.flush()?;
    }
    out.flush()
}

/// The answer to `go` where no search is needed, in a dialect that can say
/// `win`: the game is over, won by the side to move (`win`), or lost,
/// drawn or without a move (`no_move`: USI's `resign`). UCI has no such
/// answer, and its clients may ask for a move where they do not count a
/// repetition as the end: its searches go on.
fn decided(dialect: &Dialect, pos: &mut Position<'_>, record: &Record) -> Option<&'static str> {
    use tessera::engine::outcome::{status_in_game, Status};
    let win = dialect.win?;
    match status_in_game(pos, record) {
        Status::Ongoing => None,
        Status::Over {
            winner: Some(w), ..
        } if w == pos.side_to_move() => Some(win),
        Status::Over { .. } => Some(dialect.no_move),
    }
}

/// Waits, after a search held for `ponderhit` or `stop`, for one of them
/// (answering `isready` meanwhile; a `stop` lowers the flag it raised);
/// `false` where `quit` or the end of the input came instead.
fn wait_for_go_ahead(
    lines: &Receiver<String>,
    stop: &AtomicBool,
    out: &mut dyn Write,
) -> std::io::Result<bool> {
    out.flush()?;
    while let Ok(line) = lines.recv() {
        match line.split_whitespace().next() {
            Some("ponderhit") => return Ok(true),
            Some("stop") => {
                stop.store(false, Ordering::Relaxed);
                return Ok(true);
            }
            Some("quit") => return Ok(false),
            Some("isready") => {
                writeln!(out, "readyok")?;
                out.flush()?;
            }
            _ => {}
        }
    }
    Ok(false)
}

/// The limits of USI's `go mate TIME` (milliseconds, or `infinite`: until
/// `stop` or a mate).
fn mate_limits(words: &[&str]) -> Limits {
    let time = match words.first() {
        Some(&"infinite") => None,
        Some(ms) => Some(Duration::from_millis(ms.parse().unwrap_or(1000))),
        None => Some(Duration::from_secs(1)),
    };
    Limits {
        time,
        ..Limits::default()
    }
}

/// USI's answer to `go mate`: the mating moves, `nomate` where the side to
/// move has no move (or the game is over), else `timeout` (no mate found in
/// the time given).
fn mate_answer(dialect: &Dialect, game: &Game, pos: &mut Position<'_>, report: &Report) -> String {
    if report.mate_in().is_some_and(|p| p > 0) && !report.pv.is_empty() {
        let moves: Vec<String> = report
            .pv
            .iter()
            .map(|m| (dialect.write_move)(game, m))
            .collect();
        return moves.join(" ");
    }
    let mut legal = Vec::new();
    tessera::engine::legal::legal_moves(pos, &mut legal);
    if legal.is_empty() {
        "nomate".to_string()
    } else {
        "timeout".to_string()
    }
}

/// `startpos [moves ...]` or `fen FIELDS... [moves ...]` (`sfen` in USI).
fn parse_position(dialect: &Dialect, words: &[&str]) -> (Option<String>, Vec<String>) {
    let split = words.iter().position(|w| *w == "moves");
    let (head, moves) = match split {
        Some(i) => (&words[..i], &words[i + 1..]),
        None => (words, &[][..]),
    };
    let root = match head.first() {
        Some(&word) if word == dialect.position_word => Some(head[1..].join(" ")),
        _ => None,
    };
    (root, moves.iter().map(|m| m.to_string()).collect())
}

/// The position a `position` command named, with its moves played, and the
/// record of the game.
fn position_of<'g>(
    dialect: &Dialect,
    offered: &'g Offered,
    (root, moves): &(Option<String>, Vec<String>),
) -> Result<(Position<'g>, Record), String> {
    let game = &offered.game;
    let mut pos = match root {
        Some(f) => (dialect.read_position)(game, f)?,
        None => Position::start(game),
    };
    let mut record = Record::new(&pos);
    for (i, text) in moves.iter().enumerate() {
        let mv = (dialect.read_move)(&mut pos, text).map_err(|e| format!("move {}: {e}", i + 1))?;
        pos.make(mv);
        record.push(&pos);
    }
    Ok((pos, record))
}

/// The limits of a `go` command; with a clock, a share of the time left,
/// and USI's `byoyomi` (the time every move has once the clock has run out)
/// on top of it.
fn limits_of(dialect: &Dialect, words: &[&str], mover: Side) -> Limits {
    let mut limits = Limits::default();
    let number = |i: usize| words.get(i + 1).and_then(|w| w.parse::<u64>().ok());
    let [time, increment] = match mover {
        Side::White => dialect.first_clock,
        Side::Black => dialect.second_clock,
    };
    let (mut left, mut inc, mut to_go, mut byoyomi) = (None, 0u64, None, None);
    let mut infinite = false;
    for (i, &w) in words.iter().enumerate() {
        match w {
            "depth" => limits.depth = number(i).map(|d| d.min(u64::from(u32::MAX)) as u32),
            "nodes" => limits.nodes = number(i),
            "movetime" => limits.time = number(i).map(Duration::from_millis),
            _ if w == time => left = number(i),
            _ if w == increment => inc = number(i).unwrap_or(0),
            "movestogo" => to_go = number(i),
            "byoyomi" => byoyomi = number(i),
            "infinite" => infinite = true,
            _ => {}
        }
    }
    if limits.time.is_none() {
        limits.time = match (left, byoyomi) {
            (Some(0) | None, Some(b)) => Some(byoyomi_share(b)),
            (Some(left), Some(b)) => {
                Some(clock_share(left, inc, to_go).saturating_add(byoyomi_share(b)))
            }
            (Some(left), None) => Some(clock_share(left, inc, to_go)),
            (None, None) => None,
        };
    }
    if limits.depth.is_none() && limits.nodes.is_none() && limits.time.is_none() && !infinite {
        limits.time = Some(Duration::from_secs(1));
    }
    limits
}

/// The time to spend of a byoyomi period: all of it but a margin for the
/// reply to travel, as a move that arrives late loses.
fn byoyomi_share(byoyomi_ms: u64) -> Duration {
    Duration::from_millis(byoyomi_ms.saturating_sub(100).max(byoyomi_ms / 2).max(10))
}

/// A search report as a UCI `info` line: `score mate N` counts moves of the
/// side to move (negative when it is mated), as UCI does.
pub fn info_line(game: &Game, r: &Report) -> String {
    info_line_as(&UCI, game, r)
}

/// A search report as an `info` line of `dialect`: `score mate N` counts the
/// moves (UCI) or plies (USI) to mate, negative when the side to move is
/// mated.
fn info_line_as(dialect: &Dialect, game: &Game, r: &Report) -> String {
    let score = match r.mate_in() {
        Some(p) if dialect.mate_in_plies => format!("mate {p}"),
        Some(p) if p > 0 => format!("mate {}", (p + 1) / 2),
        Some(p) => format!("mate -{}", (-p + 1) / 2),
        None => format!("cp {}", r.score),
    };
    let ms = r.elapsed.as_millis();
    let nps = (r.nodes as u128 * 1000).checked_div(ms).unwrap_or(0);
    let pv: Vec<String> = r.pv.iter().map(|m| (dialect.write_move)(game, m)).collect();
    format!(
        "info depth {} score {score} nodes {} nps {nps} time {ms} pv {}",
        r.depth,
        r.nodes,
        pv.join(" ")
    )
}
