//! `tessera play`: a game in the terminal, human against the AI, AI against
//! AI, or human against human, on any rule file.
//!
//! The board is drawn after every move (as `show` draws it), after the moves
//! so far, numbered, in SAN (`1. f3 e5 2. g4 Qh4#`); a human types moves in
//! SAN (`Nf3`, `O-O`, `e8=Q`, `P@e4`) or as `tessera moves` prints them
//! (`g1f3`), or a command: `undo` (takes back the last move, and the AI's
//! reply before it), `hint` (the AI's choice), `moves` (the legal moves),
//! `fen` and `position` (the position as text), `help` and `quit`. The game
//! ends with its result.

use std::io::{BufRead, Write};
use tessera::engine::outcome::{status_in_game, Status};
use tessera::engine::position::Undo;
use tessera::engine::{Position, Record};
use tessera::game::Side;
use tessera::notation::pgn::{self, PgnGame};
use tessera::notation::{fen, position, san};
use tessera::search::{Limits, Searcher};

/// Who plays a side.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Player {
    /// A person, typing moves in the terminal.
    Human,
    /// Tessera's search.
    Ai,
}

/// The options of a game.
pub struct Options {
    /// Who plays each side, White first.
    pub players: [Player; 2],
    /// How long the AI searches a move.
    pub limits: Limits,
    /// Stop after this many plies (for scripted games); none by default.
    pub max_plies: Option<u32>,
    /// Keep the game in this file in PGN, written again after every move
    /// and every undo.
    pub pgn: Option<std::path::PathBuf>,
}

const HELP: &str =
    "Type a move in SAN (e4, Nf3, O-O, e8=Q, P@e4) or as `tessera moves` prints it (e2e4), or:
  undo      take back the last move (and the AI's reply before it)
  hint      ask the AI for a move
  moves     list the legal moves
  fen       the position in FEN (where the game has one)
  position  the position in Tessera's notation
  help      this text
  quit      leave the game";

/// Plays a game from `pos`, reading a human's input from `input` and writing
/// everything to `out`.
///
/// # Errors
/// Only when `out` cannot be written.
pub fn run<'g>(
    pos: &mut Position<'g>,
    options: &Options,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> std::io::Result<()> {
    let game = pos.game();
    let mut searcher = Searcher::new(game, 64);
    let mut history: Vec<Undo> = Vec::new();
    // The moves played from `start`, for the move list.
    let start = pos.clone();
    let mut played = Vec::new();
    let mut record = Record::new(pos);
    let mut plies = 0u32;
    write!(out, "{}", tessera::show::draw(pos))?;
    loop {
        let end = status_in_game(pos, &record);
        if let Status::Over { winner, .. } = end {
            let result = match winner {
                Some(Side::White) => "1-0, White wins",
                Some(Side::Black) => "0-1, Black wins",
                None => "1/2-1/2, a draw",
            };
            // The drawing names the ends it can see; a repetition needs the record.
            if let Status::Over {
                reason: tessera::engine::outcome::Reason::Repetition,
                ..
            } = end
            {
                writeln!(
                    out,
                    "{}",
                    tessera::show::game_over_line(end).unwrap_or_default()
                )?;
            }
            writeln!(out, "Game over: {result}.")?;
            return Ok(());
        }
        if options.max_plies.is_some_and(|m| plies >= m) {
            writeln!(out, "Stopped after {plies} plies.")?;
            return Ok(());
        }
        let side = pos.side_to_move();
        let name = if side == Side::White {
            "White"
        } else {
            "Black"
        };
        if options.players[side.index()] == Player::Ai {
            let report = searcher
                .search(pos, &record, &options.limits, |_| {})
                .map_err(std::io::Error::other)?;
            let Some(&mv) = report.pv.first() else {
                writeln!(out, "{name} has no move.")?;
                return Ok(());
            };
            writeln!(out, "{name} plays {}.", san::format(pos, &mv))?;
            history.push(pos.make(mv));
            played.push(mv);
            record.push(pos);
            plies += 1;
            show_moves(&start, &played, out)?;
            keep(options, &start, &played)?;
            write!(out, "{}", tessera::show::draw(pos))?;
            continue;
        }
        write!(out, "{name} to move> ")?;
        out.flush()?;
        let mut line = String::new();
        if input.read_line(&mut line)? == 0 {
            writeln!(out)?;
            return Ok(());
        }
        match line.trim() {
            "" => {}
            "quit" | "exit" => return Ok(()),
            "help" | "?" => writeln!(out, "{HELP}")?,
            "moves" => {
                let mut names: Vec<String> = san::legal_moves_with_san(pos)
                    .into_iter()
                    .map(|(_, s)| s)
                    .collect();
                names.sort();
                writeln!(out, "{}", names.join(" "))?;
            }
            "fen" => match fen::format(pos) {
                Some(f) => writeln!(out, "{f}")?,
                None => writeln!(out, "This game has no FEN; `position` shows the position.")?,
            },
            "position" => writeln!(out, "{}", position::format(pos))?,
            "hint" => {
                let report = searcher
                    .search(pos, &record, &options.limits, |_| {})
                    .map_err(std::io::Error::other)?;
                match report.pv.first() {
                    Some(m) => writeln!(out, "Hint: {}", san::format(pos, m))?,
                    None => writeln!(out, "No move.")?,
                }
            }
            "undo" => {
                // Back to the last position where a human was to move.
                let mut taken = 0;
                while let Some(u) = history.pop() {
                    pos.unmake(u);
                    played.pop();
                    record.pop();
                    plies = plies.saturating_sub(1);
                    taken += 1;
                    if options.players[pos.side_to_move().index()] == Player::Human {
                        break;
                    }
                }
                if taken == 0 {
                    writeln!(out, "Nothing to take back.")?;
                } else {
                    show_moves(&start, &played, out)?;
                    keep(options, &start, &played)?;
                    write!(out, "{}", tessera::show::draw(pos))?;
                }
            }
            text => match san::parse(pos, text) {
                Ok(mv) => {
                    history.push(pos.make(mv));
                    played.push(mv);
                    record.push(pos);
                    plies += 1;
                    show_moves(&start, &played, out)?;
                    keep(options, &start, &played)?;
                    write!(out, "{}", tessera::show::draw(pos))?;
                }
                Err(e) => writeln!(out, "{e}. Type `help` for the commands.")?,
            },
        }
    }
}

/// Writes the game so far to the options' PGN file, if any: the players
/// (`Tessera` for the AI), today's date, the moves and the result.
fn keep(options: &Options, start: &Position<'_>, played: &[tessera::Move]) -> std::io::Result<()> {
    let Some(path) = &options.pgn else {
        return Ok(());
    };
    let mut record = PgnGame::new(start, played);
    record.set_tag("Event", "tessera play");
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    record.set_tag("Date", &pgn::date(now));
    for (tag, player) in ["White", "Black"].into_iter().zip(options.players) {
        if player == Player::Ai {
            record.set_tag(tag, "Tessera");
        }
    }
    std::fs::write(path, record.to_string())
}

/// `Moves: 1. f3 e5 2. g4 Qh4#`: the moves played from `start`, numbered, in
/// SAN; nothing before the first move.
fn show_moves(
    start: &Position<'_>,
    played: &[tessera::Move],
    out: &mut dyn Write,
) -> std::io::Result<()> {
    if played.is_empty() {
        return Ok(());
    }
    writeln!(out, "Moves: {}", san::numbered(start, played))
}
