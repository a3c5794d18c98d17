//! The XBoard protocol (CECP, version 2): every rule file whose positions FEN
//! can write is a variant, and for a variant XBoard does not know, `setup`
//! tells it the board size, the pieces' letters and the start position, and
//! `highlight` answers `lift` with the moves Tessera finds legal, so that a
//! human playing through XBoard sees them.
//!
//! Supported: `xboard`, `protover`, `accepted`/`rejected`, `new`, `variant`,
//! `force`, `go`, `playother`, `usermove` (and bare moves), `?`, `undo`,
//! `remove`, `result`, `setboard`, `level`, `st`, `sd`, `time`, `otim`,
//! `ping`, `post`/`nopost`, `lift`, `hard`/`easy`, `random`, `computer`,
//! `quit`. The engine claims the result of a game it sees end.

use super::{clock_share, read_lines, Offered};
use std::io::{BufRead, Write};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;
use tessera::engine::legal::legal_moves;
use tessera::engine::outcome::{status_in_game, Reason, Status};
use tessera::engine::position::Undo;
use tessera::engine::{Move, Position, Record};
use tessera::game::{Game, Side};
use tessera::notation::{fen, uci};
use tessera::search::{Limits, Report, Searcher};

/// Megabytes of transposition table.
const HASH_MB: usize = 64;

/// XBoard's names for the variants it knows that Tessera's files name
/// otherwise.
const XBOARD_NAMES: &[(&str, &str)] = &[("chess", "normal")];

/// The variants XBoard knows by name (its `-variant` list); for any other,
/// Tessera sends `setup`.
const KNOWN_TO_XBOARD: &[&str] = &[
    "normal",
    "wildcastle",
    "nocastle",
    "fischerandom",
    "bughouse",
    "crazyhouse",
    "losers",
    "suicide",
    "giveaway",
    "twokings",
    "kriegspiel",
    "atomic",
    "3check",
    "xiangqi",
    "shogi",
    "capablanca",
    "gothic",
    "falcon",
    "caparandom",
    "berolina",
    "cylinder",
    "knightmate",
    "great",
    "shatranj",
    "courier",
    "janus",
    "makruk",
    "seirawan",
    "spartan",
    "grand",
    "asean",
];

/// XBoard's piece types in the order of its piece-to-char table, each by its
/// usual letter; the last is the king.
const XBOARD_PIECES: &str = "PNBRQFEACWMOHIJGDVLSUK";

/// The name XBoard knows a game by.
pub fn xboard_name(file_name: &str) -> &str {
    XBOARD_NAMES
        .iter()
        .find(|(ours, _)| *ours == file_name)
        .map_or(file_name, |(_, theirs)| theirs)
}

/// Whether XBoard can show a game: a rectangle whose positions FEN writes.
pub fn playable(game: &Game) -> bool {
    fen::has_fen(game) && game.rectangle().is_some()
}

/// The `setup` line for a game XBoard does not know: the piece-to-char
/// table, the board's width and height with the size of the holdings, the
/// parent variant, and the start position. `None` where a game has more
/// kinds than XBoard has piece types.
pub fn setup_line(game: &Game) -> Option<String> {
    let rect = game.rectangle()?;
    let slots: Vec<char> = XBOARD_PIECES.chars().collect();
    let mut table = vec!['.'; slots.len()];
    let king = slots.len() - 1;
    // The royal kinds take the king's type; the others their own letter's
    // type where it is free, else the first free one.
    let mut kinds: Vec<(bool, char)> = game
        .kinds()
        .iter()
        .filter(|p| p.is_plain() && !p.is_neutral())
        .map(|p| (p.is_royal(), p.letter().to_ascii_uppercase()))
        .collect();
    kinds.sort_by_key(|&(royal, _)| !royal);
    for (royal, letter) in kinds {
        if table.contains(&letter) {
            continue;
        }
        let own = slots
            .iter()
            .position(|&s| s == letter)
            .filter(|&i| table[i] == '.');
        let slot = if royal && table[king] == '.' {
            Some(king)
        } else {
            own.or_else(|| (0..king).find(|&i| table[i] == '.'))
        }?;
        table[slot] = letter;
    }
    let white: String = table.iter().collect();
    let black = white.to_ascii_lowercase();
    let holdings = if game.pool_names().is_empty() {
        0
    } else {
        table.iter().filter(|&&c| c != '.').count()
    };
    let start = fen::format(&Position::start(game))?;
    Some(format!(
        "setup ({white}{black}) {}x{}+{holdings}_fairy {start}",
        rect[0].len(),
        rect.len()
    ))
}

/// The `highlight` answer to `lift CELL`: the board as FEN-like rows where
/// each cell a legal move of the lifted piece reaches is `Y` (a quiet move),
/// `R` (a capture) or `M` (a promotion), as XBoard and Fairy-Stockfish mark them.
pub fn highlight(pos: &mut Position<'_>, from: &str) -> String {
    let game = pos.game();
    let Some(rect) = game.rectangle() else {
        return String::new();
    };
    let mut moves = Vec::new();
    legal_moves(pos, &mut moves);
    let mut marks = vec![None; game.cell_count()];
    for mv in &moves {
        if mv.is_from_pool()
            || mv.origin() == mv.destination()
            || game.cell_name(mv.origin()) != from
        {
            continue;
        }
        let Some(slot) = marks.get_mut(mv.destination() as usize) else {
            continue;
        };
        let mark = if mv.promotes_to().is_some() {
            'M'
        } else if pos.is_capture(mv) {
            'R'
        } else {
            'Y'
        };
        // A promotion outranks a capture, which outranks a quiet move.
        let rank = |m: Option<char>| match m {
            Some('M') => 3,
            Some('R') => 2,
            Some(_) => 1,
            None => 0,
        };
        if rank(Some(mark)) > rank(*slot) {
            *slot = Some(mark);
        }
    }
    // FEN's rows run from the top; the rectangle's from the first rank.
    let rows: Vec<String> = rect
        .iter()
        .rev()
        .map(|row| {
            let mut text = String::new();
            let mut empty = 0;
            for &cell in row {
                match marks.get(cell as usize).copied().flatten() {
                    Some(m) => {
                        if empty > 0 {
                            text.push_str(&empty.to_string());
                            empty = 0;
                        }
                        text.push(m);
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                text.push_str(&empty.to_string());
            }
            text
        })
        .collect();
    rows.join("/")
}

/// XBoard numbers the ranks of a board taller than nine from 0, Tessera's
/// cell names from 1: move and cell texts are translated at the border.
fn ranks_from_zero(game: &Game) -> bool {
    game.rectangle().is_some_and(|rect| rect.len() > 9)
}

/// Adds `delta` to every number in `text` (a move or a cell name).
fn shift_ranks(text: &str, delta: i64) -> String {
    let mut out = String::with_capacity(text.len());
    let mut digits = String::new();
    let flush = |digits: &mut String, out: &mut String| {
        if !digits.is_empty() {
            let n: i64 = digits.parse().unwrap_or(0);
            out.push_str(&(n + delta).to_string());
            digits.clear();
        }
    };
    for c in text.chars() {
        if c.is_ascii_digit() {
            digits.push(c);
        } else {
            flush(&mut digits, &mut out);
            out.push(c);
        }
    }
    flush(&mut digits, &mut out);
    out
}

/// A move or cell as XBoard writes it, from Tessera's text.
pub(crate) fn to_xboard(game: &Game, text: &str) -> String {
    if ranks_from_zero(game) {
        shift_ranks(text, -1)
    } else {
        text.to_string()
    }
}

/// A move or cell as Tessera writes it, from XBoard's text.
pub(crate) fn from_xboard(game: &Game, text: &str) -> String {
    if ranks_from_zero(game) {
        shift_ranks(text, 1)
    } else {
        text.to_string()
    }
}

/// A game in progress: the position, its record and the moves to undo.
struct Board<'g> {
    pos: Position<'g>,
    record: Record,
    undos: Vec<Undo>,
}

impl<'g> Board<'g> {
    fn new(pos: Position<'g>) -> Board<'g> {
        let record = Record::new(&pos);
        Board {
            pos,
            record,
            undos: Vec::new(),
        }
    }

    fn play(&mut self, mv: Move) {
        self.undos.push(self.pos.make(mv));
        self.record.push(&self.pos);
    }

    fn undo(&mut self) {
        if let Some(u) = self.undos.pop() {
            self.pos.unmake(u);
            self.record.pop();
        }
    }
}

/// The time the engine may use: `level`, `st`, `sd`, `time`.
#[derive(Default)]
struct Clock {
    moves_per_session: u64,
    increment_ms: u64,
    per_move_ms: Option<u64>,
    depth: Option<u32>,
    left_ms: Option<u64>,
    moves_played: u64,
}

impl Clock {
    fn limits(&self) -> Limits {
        let time = match (self.per_move_ms, self.left_ms) {
            (Some(ms), _) => Some(Duration::from_millis(ms)),
            (None, Some(left)) => {
                let to_go = (self.moves_per_session > 0)
                    .then(|| self.moves_per_session - self.moves_played % self.moves_per_session);
                Some(clock_share(left, self.increment_ms, to_go))
            }
            (None, None) => self.depth.is_none().then_some(Duration::from_secs(1)),
        };
        Limits {
            depth: self.depth,
            nodes: None,
            time,
        }
    }
}

/// `level MPS BASE INC`: BASE is minutes, or `minutes:seconds`.
fn parse_level(words: &[&str], clock: &mut Clock) {
    clock.moves_per_session = words.get(1).and_then(|w| w.parse().ok()).unwrap_or(0);
    let base = words.get(2).copied().unwrap_or("0");
    let (minutes, seconds) = base.split_once(':').unwrap_or((base, "0"));
    let base_ms =
        minutes.parse::<u64>().unwrap_or(0) * 60_000 + seconds.parse::<u64>().unwrap_or(0) * 1000;
    clock.left_ms = Some(base_ms);
    clock.increment_ms = words
        .get(3)
        .and_then(|w| w.parse::<f64>().ok())
        .map_or(0, |s| (s * 1000.0) as u64);
    clock.per_move_ms = None;
}

/// The result line of a finished game: `1-0 {White mates}`.
fn result_line(end: Status) -> Option<String> {
    let Status::Over { winner, reason, .. } = end else {
        return None;
    };
    let score = match winner {
        Some(Side::White) => "1-0",
        Some(Side::Black) => "0-1",
        None => "1/2-1/2",
    };
    let why = match reason {
        Reason::Checkmate => "checkmate",
        Reason::Stalemate => "stalemate",
        Reason::BareRoyal => "bare royal piece",
        Reason::Extinction => "extinction",
        Reason::Reached => "a zone reached",
        Reason::Checks => "checks",
        Reason::Facing => "facing pieces",
        Reason::Passes => "passes",
        Reason::Repetition => "repetition",
        Reason::Clock => "the move-count rule",
        Reason::Material => "insufficient material",
    };
    let who = match winner {
        Some(Side::White) => "White wins by ",
        Some(Side::Black) => "Black wins by ",
        None => "Draw by ",
    };
    Some(format!("{score} {{{who}{why}}}"))
}

/// A search report as XBoard's thinking output: depth, score in
/// centipawns, time in centiseconds, nodes and the principal variation.
fn thinking_line(game: &Game, r: &Report) -> String {
    let score = match r.mate_in() {
        // XBoard's convention for mates: 100000 + moves to mate.
        Some(p) if p > 0 => 100_000 + (p + 1) / 2,
        Some(p) => -100_000 - (-p + 1) / 2,
        None => r.score,
    };
    let pv: Vec<String> =
        r.pv.iter()
            .map(|m| to_xboard(game, &uci::format(game, m)))
            .collect();
    format!(
        "{} {score} {} {} {}",
        r.depth,
        r.elapsed.as_millis() / 10,
        r.nodes,
        pv.join(" ")
    )
}

/// Runs an XBoard session on `input` and `out` until `quit` or the end of input.
///
/// # Errors
/// Only when `out` cannot be written.
pub fn run(
    games: &[Offered],
    input: impl BufRead + Send + 'static,
    out: &mut dyn Write,
) -> std::io::Result<()> {
    let games: Vec<&Offered> = games.iter().filter(|g| playable(&g.game)).collect();
    let stop = Arc::new(AtomicBool::new(false));
    // Any of these may arrive while the engine thinks, and must end the search.
    let lines = read_lines(
        input,
        stop.clone(),
        &[
            "?", "quit", "force", "new", "result", "undo", "remove", "setboard", "variant",
        ],
    );
    let mut current = games.iter().position(|g| g.name == "chess").unwrap_or(0);
    let Some(first) = games.get(current) else {
        writeln!(out, "tellusererror no rule file that XBoard can show")?;
        return Ok(());
    };
    let mut board = Board::new(Position::start(&first.game));
    let mut searcher: Option<Searcher<'_>> = None;
    // The side the engine plays, or none in force mode.
    let mut engine_side: Option<Side> = Some(Side::Black);
    let mut clock = Clock::default();
    let mut post = false;
    let mut over = false;
    for line in lines {
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some(&command) = words.first() else {
            continue;
        };
        let game = &games[current].game;
        let mut think = false;
        match command {
            "xboard" | "accepted" | "rejected" | "hard" | "easy" | "random" | "computer"
            | "name" | "rating" | "ics" | "hover" | "put" | "otim" | "exit" | "." => {}
            "protover" => {
                let names: Vec<&str> = games.iter().map(|g| xboard_name(&g.name)).collect();
                writeln!(
                    out,
                    "feature myname=\"Tessera {}\" variants=\"{}\" setboard=1 usermove=1 ping=1 \
                     time=1 draw=0 sigint=0 sigterm=0 reuse=1 analyze=0 colors=0 name=0 nps=0 \
                     memory=0 smp=0 highlight=1 debug=1",
                    env!("CARGO_PKG_VERSION"),
                    names.join(",")
                )?;
                writeln!(out, "feature done=1")?;
            }
            "ping" => writeln!(out, "pong {}", words.get(1).unwrap_or(&""))?,
            "new" => {
                current = games
                    .iter()
                    .position(|g| g.name == "chess")
                    .unwrap_or(current);
                board = Board::new(Position::start(&games[current].game));
                searcher = None;
                engine_side = Some(Side::Black);
                clock.per_move_ms = None;
                clock.depth = None;
                clock.moves_played = 0;
                over = false;
            }
            "variant" => {
                let wanted = words.get(1).copied().unwrap_or("");
                match games.iter().position(|g| xboard_name(&g.name) == wanted) {
                    Some(i) => {
                        current = i;
                        let game = &games[i].game;
                        board = Board::new(Position::start(game));
                        searcher = None;
                        over = false;
                        if !KNOWN_TO_XBOARD.contains(&wanted) {
                            match setup_line(game) {
                                Some(setup) => writeln!(out, "{setup}")?,
                                None => writeln!(
                                    out,
                                    "tellusererror {wanted} has more kinds of piece than XBoard can show"
                                )?,
                            }
                        }
                    }
                    None => writeln!(out, "Error (unknown variant): {wanted}")?,
                }
            }
            "force" | "result" => engine_side = None,
            "go" => {
                engine_side = Some(board.pos.side_to_move());
                think = true;
            }
            "playother" => engine_side = Some(board.pos.side_to_move().opposite()),
            "level" => parse_level(&words, &mut clock),
            "st" => {
                clock.per_move_ms = words
                    .get(1)
                    .and_then(|w| w.parse::<f64>().ok())
                    .map(|s| (s * 1000.0) as u64);
            }
            "sd" => clock.depth = words.get(1).and_then(|w| w.parse().ok()),
            "time" => {
                clock.left_ms = words
                    .get(1)
                    .and_then(|w| w.parse::<u64>().ok())
                    .map(|cs| cs * 10);
            }
            "post" => post = true,
            "nopost" => post = false,
            "undo" => {
                board.undo();
                over = false;
            }
            "remove" => {
                board.undo();
                board.undo();
                over = false;
            }
            "setboard" => {
                let text = words[1..].join(" ");
                match fen::parse(game, &text) {
                    Ok(pos) => {
                        board = Board::new(pos);
                        over = false;
                    }
                    Err(e) => writeln!(out, "tellusererror Illegal position: {e}")?,
                }
            }
            "lift" => {
                let cell = from_xboard(game, words.get(1).copied().unwrap_or(""));
                writeln!(out, "highlight {}", highlight(&mut board.pos, &cell))?;
            }
            "quit" => break,
            _ => {
                // A move, with or without `usermove`.
                let text = if command == "usermove" {
                    words.get(1).copied().unwrap_or("")
                } else {
                    command
                };
                if over {
                    writeln!(out, "Illegal move (the game is over): {text}")?;
                } else {
                    match uci::parse(&mut board.pos, &from_xboard(game, text)) {
                        Ok(mv) => {
                            board.play(mv);
                            think = engine_side == Some(board.pos.side_to_move());
                            if let Some(line) =
                                result_line(status_in_game(&mut board.pos, &board.record))
                            {
                                writeln!(out, "{line}")?;
                                over = true;
                                think = false;
                            }
                        }
                        Err(e) if command == "usermove" || looks_like_move(text) => {
                            writeln!(out, "Illegal move ({e}): {text}")?;
                        }
                        Err(_) => writeln!(out, "Error (unknown command): {command}")?,
                    }
                }
            }
        }
        if think && !over {
            let s = searcher.get_or_insert_with(|| Searcher::new(game, HASH_MB));
            s.stop = stop.clone();
            // A `stop` that came while no search ran is not for this one.
            s.stop.store(false, std::sync::atomic::Ordering::Relaxed);
            let limits = clock.limits();
            let mut failed = None;
            let report = s.search(&mut board.pos, &board.record, &limits, |r| {
                if post {
                    if let Err(e) = writeln!(out, "{}", thinking_line(game, r)) {
                        failed = Some(e);
                    }
                }
            });
            if let Some(e) = failed {
                return Err(e);
            }
            let report = report.map_err(std::io::Error::other)?;
            match report.pv.first() {
                Some(&mv) => {
                    writeln!(out, "move {}", to_xboard(game, &uci::format(game, &mv)))?;
                    board.play(mv);
                    clock.moves_played += 1;
                    if let Some(line) = result_line(status_in_game(&mut board.pos, &board.record)) {
                        writeln!(out, "{line}")?;
                        over = true;
                    }
                }
                None => {
                    if let Some(line) = result_line(status_in_game(&mut board.pos, &board.record)) {
                        writeln!(out, "{line}")?;
                    }
                    over = true;
                }
            }
        }
        out.flush()?;
    }
    out.flush()
}

/// Whether an unknown word looks like a move rather than a command: it holds
/// a digit (every cell name of a rectangle does) or a drop's `@`.
fn looks_like_move(text: &str) -> bool {
    text.contains('@') || text.chars().any(|c| c.is_ascii_digit())
}
