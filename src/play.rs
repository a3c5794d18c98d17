//! `tessera play`: a game in the terminal, human against the AI, AI against
//! AI, or human against human, on any rule file.
//!
//! The board is drawn once a turn, before a human's move (before every move
//! when the AI plays both sides), from the human's side (`flip` turns it),
//! the last move and a royal piece in check marked, in colour where the
//! terminal has it; below it the last move and the side to move, and
//! whether it is in check. A human types moves in SAN (`Nf3`, `O-O`, `e8=Q`,
//! `P@e4`) or as `tessera moves` prints them (`g1f3`), or a command (`help`
//! lists them). A move the rules forbid is answered with the rule that
//! forbids it; a text that names no move with the nearest move or command,
//! or the moves of the piece it names. The game ends with its result, once,
//! and the record of its moves, and a new game is offered.

use std::io::{BufRead, Write};
use tessera::engine::outcome::{status_in_game, Status};
use tessera::engine::position::Undo;
use tessera::engine::{in_check, Move, Position, Record};
use tessera::game::Side;
use tessera::notation::pgn::{self, PgnGame};
use tessera::notation::san::ParseSanError;
use tessera::notation::{fen, own, position, uci, Illegality};
use tessera::search::{Limits, Searcher};
use tessera::show::{self, View};

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
    /// Draw in the colours of a terminal (ANSI).
    pub colour: bool,
}

/// The commands a human may type instead of a move, each with what it does.
const COMMANDS: &[(&str, &str)] = &[
    (
        "undo",
        "take back the last move (and the AI's reply before it)",
    ),
    ("hint", "ask the AI for a move"),
    ("moves", "list the legal moves"),
    ("flip", "turn the board round"),
    ("board", "draw the board again"),
    ("record", "the moves so far, numbered"),
    ("fen", "the position in FEN (where the game has one)"),
    ("position", "the position in Tessera's notation"),
    ("new", "start a new game"),
    ("help", "this text"),
    ("quit", "leave the game"),
];

/// Plays games from `pos`, reading a human's input from `input` and writing
/// everything to `out`, until the player leaves or declines a new game.
///
/// # Errors
/// Only when `out` cannot be written.
pub fn run(
    pos: &mut Position<'_>,
    options: &Options,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> std::io::Result<()> {
    run_after(pos, &[], options, input, out)
}

/// [`run`] from `start` after `moves`, legal moves played from it (`play
/// --moves`): the first game's record holds them, and `undo` takes them
/// back.
pub fn run_after(
    start: &mut Position<'_>,
    moves: &[Move],
    options: &Options,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> std::io::Result<()> {
    let pos = start;
    let mut session = Session::new(pos.clone(), options);
    for &mv in moves {
        if !pos.is_legal(mv) {
            break;
        }
        session.make(pos, mv)?;
    }
    session.introduce(out)?;
    while session.play(pos, input, out)? == Next::NewGame {
        *pos = session.start.clone();
        session = Session::new(pos.clone(), options);
        session.introduce(out)?;
    }
    Ok(())
}

/// What comes after a game.
#[derive(PartialEq, Eq)]
enum Next {
    Leave,
    NewGame,
}

/// One game: where it started, the moves played and what undoes them.
struct Session<'o, 'g> {
    options: &'o Options,
    start: Position<'g>,
    searcher: Searcher<'g>,
    history: Vec<Undo>,
    played: Vec<Move>,
    record: Record,
    flipped: bool,
    /// Whether the position has been drawn since its last change.
    drawn: bool,
}

impl<'o, 'g> Session<'o, 'g> {
    fn new(start: Position<'g>, options: &'o Options) -> Self {
        let [white, black] = options.players;
        Session {
            options,
            searcher: Searcher::new(start.game(), 64),
            record: Record::new(&start),
            start,
            history: Vec::new(),
            played: Vec::new(),
            // The board faces the human; with two humans or none, White.
            flipped: white == Player::Ai && black == Player::Human,
            drawn: false,
        }
    }

    /// The title and who plays whom.
    fn introduce(&self, out: &mut dyn Write) -> std::io::Result<()> {
        let players = match self.options.players {
            [Player::Human, Player::Ai] => "you play White against the AI",
            [Player::Ai, Player::Human] => "you play Black against the AI",
            [Player::Ai, Player::Ai] => "the AI against itself",
            [Player::Human, Player::Human] => "two players, White and Black",
        };
        let title = self.start.game().title();
        writeln!(
            out,
            "{}: {players}. Type `help` for the commands.",
            self.paint(Style::Bold, title)
        )
    }

    /// Plays the game to its end, or until the player leaves.
    fn play(
        &mut self,
        pos: &mut Position<'g>,
        input: &mut dyn BufRead,
        out: &mut dyn Write,
    ) -> std::io::Result<Next> {
        loop {
            let end = status_in_game(pos, &self.record);
            if let Status::Over { .. } = end {
                return self.finish(pos, end, input, out);
            }
            let plies = self.played.len() as u32;
            if self.options.max_plies.is_some_and(|m| plies >= m) {
                self.draw(pos, out)?;
                writeln!(out, "Moves: {}", self.record_text(None))?;
                writeln!(out, "Stopped after {plies} plies.")?;
                return Ok(Next::Leave);
            }
            let side = pos.side_to_move();
            if self.options.players[side.index()] == Player::Ai {
                // Against a human, the board is drawn before the human's move.
                if self.options.players == [Player::Ai, Player::Ai] {
                    self.draw(pos, out)?;
                }
                if !self.ai_move(pos, out)? {
                    return Ok(Next::Leave);
                }
                continue;
            }
            self.draw(pos, out)?;
            write!(out, "{}> ", self.turn(pos))?;
            out.flush()?;
            let mut line = String::new();
            if input.read_line(&mut line)? == 0 {
                writeln!(out)?;
                return Ok(Next::Leave);
            }
            match self.command(pos, line.trim(), out)? {
                Some(next) => return Ok(next),
                None => continue,
            }
        }
    }

    /// Runs what the human typed; `Some` when it ends the game.
    fn command(
        &mut self,
        pos: &mut Position<'g>,
        text: &str,
        out: &mut dyn Write,
    ) -> std::io::Result<Option<Next>> {
        match text {
            "" => {}
            "quit" | "exit" => {
                if !self.played.is_empty() {
                    writeln!(out, "Moves: {}", self.record_text(Some("*")))?;
                }
                return Ok(Some(Next::Leave));
            }
            "new" => return Ok(Some(Next::NewGame)),
            "help" | "?" => self.help(out)?,
            "moves" => {
                let mut names: Vec<String> = own::legal_moves_in(pos, pos.game().move_notation())
                    .into_iter()
                    .map(|(_, s)| s)
                    .collect();
                names.sort();
                writeln!(out, "{}", names.join(" "))?;
            }
            "flip" => {
                self.flipped = !self.flipped;
                self.drawn = false;
            }
            "board" => self.drawn = false,
            "record" if self.played.is_empty() => writeln!(out, "No move yet.")?,
            "record" => writeln!(out, "{}", self.record_text(None))?,
            "fen" => match fen::format(pos) {
                Some(f) => writeln!(out, "{f}")?,
                None => writeln!(out, "This game has no FEN; `position` shows the position.")?,
            },
            "position" => writeln!(out, "{}", position::format(pos))?,
            "hint" => {
                let report = self
                    .searcher
                    .search(pos, &self.record, &self.options.limits, |_| {})
                    .map_err(std::io::Error::other)?;
                match report.pv.first() {
                    Some(m) => writeln!(out, "Hint: {}", own::format(pos, m))?,
                    None => writeln!(out, "No move.")?,
                }
            }
            "undo" => self.undo(pos, out)?,
            typed => match own::parse(pos, typed) {
                Ok(mv) => self.make(pos, mv)?,
                Err(e) => writeln!(out, "{}", self.refusal(pos, typed, &e))?,
            },
        }
        Ok(None)
    }

    fn help(&self, out: &mut dyn Write) -> std::io::Result<()> {
        writeln!(
            out,
            "Type a move in SAN (e4, Nf3, O-O, e8=Q, P@e4) or as `tessera moves` prints it (e2e4), or:"
        )?;
        for (name, what) in COMMANDS {
            writeln!(out, "  {name:<9} {what}")?;
        }
        Ok(())
    }

    /// The AI's move, announced; false when it has none.
    fn ai_move(&mut self, pos: &mut Position<'g>, out: &mut dyn Write) -> std::io::Result<bool> {
        let report = self
            .searcher
            .search(pos, &self.record, &self.options.limits, |_| {})
            .map_err(std::io::Error::other)?;
        let name = side_name(pos.side_to_move());
        let Some(&mv) = report.pv.first() else {
            // The search has a move wherever the game goes on; should it
            // have none, the game stops rather than ask again.
            writeln!(out, "{name} has no move.")?;
            return Ok(false);
        };
        writeln!(out, "{name} plays {}.", own::format(pos, &mv))?;
        self.make(pos, mv)?;
        Ok(true)
    }

    fn make(&mut self, pos: &mut Position<'g>, mv: Move) -> std::io::Result<()> {
        self.history.push(pos.make(mv));
        self.played.push(mv);
        self.record.push(pos);
        self.drawn = false;
        keep(self.options, &self.start, &self.played)
    }

    /// Back to the last position where a human was to move.
    fn undo(&mut self, pos: &mut Position<'g>, out: &mut dyn Write) -> std::io::Result<()> {
        let mut taken = 0;
        while let Some(u) = self.history.pop() {
            pos.unmake(u);
            self.played.pop();
            self.record.pop();
            self.drawn = false;
            taken += 1;
            if self.options.players[pos.side_to_move().index()] == Player::Human {
                break;
            }
        }
        if taken == 0 {
            writeln!(out, "Nothing to take back.")?;
        }
        keep(self.options, &self.start, &self.played)
    }

    /// The board, the last move and the side to move, unless drawn already.
    fn draw(&mut self, pos: &Position<'g>, out: &mut dyn Write) -> std::io::Result<()> {
        if self.drawn {
            return Ok(());
        }
        self.drawn = true;
        let view = View {
            flipped: self.flipped,
            last_move: self.played.last().copied(),
            colour: self.options.colour,
        };
        write!(out, "{}", show::board(pos, &view))?;
        if let Some(last) = self.last_move_text() {
            writeln!(out, "Last move: {last}")?;
        }
        let side = pos.side_to_move();
        let check = if in_check(pos, side) {
            let text = format!("; {} is in check", side_name(side));
            self.paint(Style::Alarm, &text)
        } else {
            String::new()
        };
        writeln!(
            out,
            "{} to move, move {}{check}.",
            side_name(side),
            pos.fullmove()
        )?;
        if let Some(phase) = show::phase_line(pos) {
            writeln!(out, "{phase}")?;
        }
        Ok(())
    }

    /// The prompt: `2. White` or `2... Black`.
    fn turn(&self, pos: &Position<'_>) -> String {
        let side = pos.side_to_move();
        let dots = if side == Side::White { "." } else { "..." };
        format!("{}{dots} {}", pos.fullmove(), side_name(side))
    }

    /// `2. Qh5+` or `1... f6`: the last move with its number.
    fn last_move_text(&self) -> Option<String> {
        let (last, before) = self.played.split_last()?;
        let mut pos = self.start.clone();
        for mv in before {
            pos.make(*mv);
        }
        let dots = if pos.side_to_move() == Side::White {
            "."
        } else {
            "..."
        };
        Some(format!(
            "{}{dots} {}",
            pos.fullmove(),
            own::format(&pos, last)
        ))
    }

    /// The moves so far, numbered, in SAN, and the result where there is one.
    fn record_text(&self, result: Option<&str>) -> String {
        let moves = own::numbered(&self.start, &self.played);
        match result {
            Some(r) if moves.is_empty() => r.to_string(),
            Some(r) => format!("{moves} {r}"),
            None => moves,
        }
    }

    /// Why `typed` was not played: the rule a legal-looking move breaks, or,
    /// for a text that names no move, the nearest move or command, or the
    /// moves of the piece (or the kind of piece) it names.
    fn refusal(&self, pos: &Position<'_>, typed: &str, error: &ParseSanError) -> String {
        let ParseSanError::Illegal {
            reason,
            legal_there,
            ..
        } = error
        else {
            return format!("{error}.");
        };
        let shown: String = typed
            .chars()
            .take(40)
            .collect::<String>()
            .escape_debug()
            .collect();
        if *reason != Illegality::NoSuchMove {
            let mut text = format!("`{shown}` is illegal: {reason}");
            let side = pos.side_to_move();
            if in_check(pos, side) {
                text.push_str(&format!(" ({} is in check)", side_name(side)));
            }
            return self.paint(Style::Alarm, &format!("{text}."));
        }
        let legal = own::legal_moves_in(pos, pos.game().move_notation());
        let words = legal
            .iter()
            .map(|(_, s)| s.as_str())
            .chain(COMMANDS.iter().map(|(c, _)| *c));
        let hint = if let Some(near) = tessera::suggest::closest(typed, words) {
            format!("did you mean `{near}`?")
        } else if let Some(from) = moves_from(pos, typed) {
            format!("that piece's moves: {from}.")
        } else if let Some((letter, moves)) = moves_lettered(&legal, typed) {
            format!("the moves of {letter}: {moves}.")
        } else if !legal_there.is_empty() {
            format!("the moves there: {}.", legal_there.join(" "))
        } else {
            "type `moves` for the legal moves, `help` for the commands.".to_string()
        };
        format!("`{shown}` is no move here; {hint}")
    }

    /// The end: the board, the result once, the record, and the offer of a
    /// new game.
    fn finish(
        &mut self,
        pos: &Position<'g>,
        end: Status,
        input: &mut dyn BufRead,
        out: &mut dyn Write,
    ) -> std::io::Result<Next> {
        self.draw(pos, out)?;
        let Status::Over { winner, .. } = end else {
            return Ok(Next::Leave);
        };
        let score = match winner {
            Some(Side::White) => "1-0",
            Some(Side::Black) => "0-1",
            None => "1/2-1/2",
        };
        let line = show::game_over_line(end).unwrap_or_default();
        writeln!(out, "{} ({score}).", self.paint(Style::Bold, &line))?;
        writeln!(out, "Moves: {}", self.record_text(Some(score)))?;
        if self.options.players == [Player::Ai, Player::Ai] {
            return Ok(Next::Leave);
        }
        write!(out, "A new game? (y/n) ")?;
        out.flush()?;
        let mut answer = String::new();
        if input.read_line(&mut answer)? == 0 {
            writeln!(out)?;
            return Ok(Next::Leave);
        }
        Ok(match answer.trim().to_ascii_lowercase().as_str() {
            "y" | "yes" | "new" => Next::NewGame,
            _ => Next::Leave,
        })
    }

    fn paint(&self, style: Style, text: &str) -> String {
        if !self.options.colour {
            return text.to_string();
        }
        let code = match style {
            Style::Bold => "1",
            Style::Alarm => "1;31",
        };
        format!("\x1b[{code}m{text}\x1b[0m")
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

/// How a message stands out in colour.
#[derive(Copy, Clone)]
enum Style {
    Bold,
    Alarm,
}

fn side_name(side: Side) -> &'static str {
    match side {
        Side::White => "White",
        Side::Black => "Black",
    }
}

/// The legal moves of the piece on the cell `typed` starts with, in SAN,
/// where it starts with a cell a legal move leaves (`e2e5`, `e2`).
fn moves_from(pos: &Position<'_>, typed: &str) -> Option<String> {
    let mut probe = pos.clone();
    let error = uci::parse(&mut probe, typed).err()?;
    let mut moves: Vec<String> = own::legal_moves_in(pos, pos.game().move_notation())
        .into_iter()
        .filter(|(m, _)| error.legal_from_there.contains(&uci::format(pos.game(), m)))
        .map(|(_, s)| s)
        .collect();
    if moves.is_empty() {
        return None;
    }
    moves.sort();
    Some(moves.join(" "))
}

/// The legal moves whose SAN starts with the piece letter `typed` starts
/// with (`Nf9`: the knights' moves), in SAN, sorted.
fn moves_lettered(legal: &[(Move, String)], typed: &str) -> Option<(char, String)> {
    let letter = typed.chars().next().filter(char::is_ascii_uppercase)?;
    let mut moves: Vec<&str> = legal
        .iter()
        .map(|(_, s)| s.as_str())
        .filter(|s| s.starts_with(letter))
        .collect();
    if moves.is_empty() {
        return None;
    }
    moves.sort();
    Some((letter, moves.join(" ")))
}
