//! The UCI protocol, with Fairy-Stockfish's `UCI_Variant` option naming the
//! game: every rule file offered is a variant, named after its file.
//!
//! Supported: `uci`, `isready`, `setoption name UCI_Variant value NAME`,
//! `ucinewgame`, `position startpos|fen FEN [moves ...]`, `go` with `depth`,
//! `nodes`, `movetime`, `wtime`/`btime`/`winc`/`binc`/`movestogo` and
//! `infinite`, `stop`, `quit`. Unknown commands are ignored, as UCI asks;
//! a bad position or move is reported as `info string error: ...`.

use super::{clock_share, read_lines, Offered};
use std::io::{BufRead, Write};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;
use tessera::engine::{Position, Record};
use tessera::game::Game;
use tessera::notation::{fen, uci};
use tessera::search::{Limits, Report, Searcher};

/// Megabytes of transposition table per game.
const HASH_MB: usize = 64;

/// Runs a UCI session on `input` and `out` until `quit` or the end of input.
///
/// # Errors
/// Only when `out` cannot be written.
pub fn run(
    games: &[Offered],
    input: impl BufRead + Send + 'static,
    out: &mut dyn Write,
) -> std::io::Result<()> {
    let stop = Arc::new(AtomicBool::new(false));
    let lines = read_lines(input, stop.clone(), &["stop", "quit"]);
    let mut current = games.iter().position(|g| g.name == "chess").unwrap_or(0);
    let mut searcher: Option<Searcher<'_>> = None;
    // The position as the last `position` command gave it: its root and moves.
    let mut setup: (Option<String>, Vec<String>) = (None, Vec::new());
    for line in lines {
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.first().copied() {
            Some("uci") => {
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
                writeln!(out, "uciok")?;
            }
            Some("isready") => writeln!(out, "readyok")?,
            Some("setoption") => {
                // setoption name UCI_Variant value NAME
                let text = words.join(" ");
                if let Some(value) = text
                    .strip_prefix("setoption name UCI_Variant value ")
                    .map(str::trim)
                {
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
            Some("ucinewgame") => searcher = None,
            Some("position") => setup = parse_position(&words[1..]),
            Some("go") => {
                let Some(offered) = games.get(current) else {
                    writeln!(out, "info string error: no game")?;
                    writeln!(out, "bestmove 0000")?;
                    continue;
                };
                let game = &offered.game;
                let (mut pos, record) = match position_of(offered, &setup) {
                    Ok(p) => p,
                    Err(e) => {
                        writeln!(out, "info string error: {e}")?;
                        writeln!(out, "bestmove 0000")?;
                        continue;
                    }
                };
                let limits = limits_of(
                    &words[1..],
                    pos.side_to_move() == tessera::game::Side::White,
                );
                let s = searcher.get_or_insert_with(|| Searcher::new(game, HASH_MB));
                s.stop = stop.clone();
                // A `stop` that came while no search ran is not for this one.
                s.stop.store(false, std::sync::atomic::Ordering::Relaxed);
                let mut failed = None;
                let report = s.search(&mut pos, &record, &limits, |r| {
                    if let Err(e) = writeln!(out, "{}", info_line(game, r)) {
                        failed = Some(e);
                    }
                });
                if let Some(e) = failed {
                    return Err(e);
                }
                let report = report.map_err(std::io::Error::other)?;
                match report.pv.first() {
                    Some(m) => writeln!(out, "bestmove {}", uci::format(game, m))?,
                    None => writeln!(out, "bestmove 0000")?,
                }
            }
            Some("quit") => break,
            _ => {}
        }
        out.flush()?;
    }
    out.flush()
}

/// `startpos [moves ...]` or `fen FIELDS... [moves ...]`.
fn parse_position(words: &[&str]) -> (Option<String>, Vec<String>) {
    let split = words.iter().position(|w| *w == "moves");
    let (head, moves) = match split {
        Some(i) => (&words[..i], &words[i + 1..]),
        None => (words, &[][..]),
    };
    let root = match head.first() {
        Some(&"fen") => Some(head[1..].join(" ")),
        _ => None,
    };
    (root, moves.iter().map(|m| m.to_string()).collect())
}

/// The position a `position` command named, with its moves played, and the
/// record of the game.
fn position_of<'g>(
    offered: &'g Offered,
    (root, moves): &(Option<String>, Vec<String>),
) -> Result<(Position<'g>, Record), String> {
    let game = &offered.game;
    let mut pos = match root {
        Some(f) => fen::parse(game, f).map_err(|e| format!("fen: {e}"))?,
        None => Position::start(game),
    };
    let mut record = Record::new(&pos);
    for (i, text) in moves.iter().enumerate() {
        let mv = uci::parse(&mut pos, text).map_err(|e| format!("move {}: {e}", i + 1))?;
        pos.make(mv);
        record.push(&pos);
    }
    Ok((pos, record))
}

/// The limits of a `go` command; with a clock, a share of the time left.
fn limits_of(words: &[&str], white: bool) -> Limits {
    let mut limits = Limits::default();
    let number = |i: usize| words.get(i + 1).and_then(|w| w.parse::<u64>().ok());
    let (mut left, mut inc, mut to_go) = (None, 0u64, None);
    let mut infinite = false;
    for (i, w) in words.iter().enumerate() {
        match *w {
            "depth" => limits.depth = number(i).map(|d| d.min(u64::from(u32::MAX)) as u32),
            "nodes" => limits.nodes = number(i),
            "movetime" => limits.time = number(i).map(Duration::from_millis),
            "wtime" if white => left = number(i),
            "btime" if !white => left = number(i),
            "winc" if white => inc = number(i).unwrap_or(0),
            "binc" if !white => inc = number(i).unwrap_or(0),
            "movestogo" => to_go = number(i),
            "infinite" => infinite = true,
            _ => {}
        }
    }
    if let (None, Some(left)) = (limits.time, left) {
        limits.time = Some(clock_share(left, inc, to_go));
    }
    if limits.depth.is_none() && limits.nodes.is_none() && limits.time.is_none() && !infinite {
        limits.time = Some(Duration::from_secs(1));
    }
    limits
}

/// A search report as a UCI `info` line: `score mate N` counts moves of the
/// side to move (negative when it is mated), as UCI does.
pub fn info_line(game: &Game, r: &Report) -> String {
    let score = match r.mate_in() {
        Some(p) if p > 0 => format!("mate {}", (p + 1) / 2),
        Some(p) => format!("mate -{}", (-p + 1) / 2),
        None => format!("cp {}", r.score),
    };
    let ms = r.elapsed.as_millis();
    let nps = (r.nodes as u128 * 1000).checked_div(ms).unwrap_or(0);
    let pv: Vec<String> = r.pv.iter().map(|m| uci::format(game, m)).collect();
    format!(
        "info depth {} score {score} nodes {} nps {nps} time {ms} pv {}",
        r.depth,
        r.nodes,
        pv.join(" ")
    )
}
