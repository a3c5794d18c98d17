//! Game records in Portable Game Notation (PGN), written and read.
//!
//! A record is its tags (`[Event "?"]`, ...), its moves in SAN, numbered
//! (`1. e4 e5 2. Nf3`), comments in braces and the result (`1-0`, `0-1`,
//! `1/2-1/2`, `*`). Writing gives the seven tags every program expects
//! (`Event`, `Site`, `Date`, `Round`, `White`, `Black`, `Result`), then
//! `Variant` where the rule file names the game for records (`notation
//! variant "Crazyhouse"`), then `SetUp "1"` and `FEN` where the game does not
//! start from the rule file's setup (the position in FEN where the game has
//! FEN, else in Tessera's notation).
//!
//! Reading takes what players and programs write: any tags, move numbers
//! (`12.`, `12...`, glued to the move or not), comments (`{...}` and `;` to
//! the end of the line), annotation glyphs (`$1`, `!?`), variations
//! (`(...)`, skipped: only the main line is played), escape lines (`%`), the
//! result, and moves in SAN read leniently (see [`san`]). A text
//! may hold several games.

use super::{fen, position, san};
use crate::engine::outcome::status_in_game;
use crate::engine::{Move, Position, Record};
use crate::game::{Game, Side};
use std::fmt;

/// One game record: tags, moves as written, comments and result.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PgnGame {
    /// The tags, in order: name and value.
    pub tags: Vec<(String, String)>,
    /// The comment before the first move, if any.
    pub comment: Option<String>,
    /// The moves of the main line, as written, each with the comment after
    /// it.
    pub moves: Vec<PgnMove>,
    /// The result that ends the move text (`1-0`, `0-1`, `1/2-1/2`, `*`);
    /// `*` where the text ends without one.
    pub result: String,
}

/// A move of a record: its text (SAN) and the comment that follows it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PgnMove {
    /// The move as written (`Nf3`).
    pub text: String,
    /// The comment after it, without its braces.
    pub comment: Option<String>,
}

/// A record played out on a game: where it starts, its moves, where it
/// ends.
#[derive(Clone, Debug)]
pub struct Replay<'g> {
    /// The start position (the `FEN` tag's, else the rule file's setup).
    pub start: Position<'g>,
    /// The moves played.
    pub moves: Vec<Move>,
    /// The position after them.
    pub end: Position<'g>,
}

/// Why a PGN text could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum PgnError {
    /// The text is not PGN: what is wrong and on which line.
    Syntax {
        /// The line, from 1.
        line: usize,
        /// What is wrong.
        message: String,
    },
    /// The `FEN` tag holds no position of the game.
    Start {
        /// Why it was not read.
        message: String,
    },
    /// A move is not a legal move where it comes.
    Move {
        /// Its move number (`12` for `12. Nf3` and `12... Nf6`).
        number: u32,
        /// The side that was to play it.
        side: Side,
        /// Why it was not read.
        error: san::ParseSanError,
    },
}

impl fmt::Display for PgnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PgnError::Syntax { line, message } => write!(f, "line {line}: {message}"),
            PgnError::Start { message } => write!(f, "the FEN tag: {message}"),
            PgnError::Move {
                number,
                side,
                error,
            } => {
                let dots = if *side == Side::White { "." } else { "..." };
                write!(f, "move {number}{dots} ({}): {error}", side.name())
            }
        }
    }
}

impl std::error::Error for PgnError {}

/// The tags every record has, in the order PGN gives them, with the value
/// an unknown one takes.
const SEVEN_TAGS: [(&str, &str); 7] = [
    ("Event", "?"),
    ("Site", "?"),
    ("Date", "????.??.??"),
    ("Round", "?"),
    ("White", "?"),
    ("Black", "?"),
    ("Result", "*"),
];

impl PgnGame {
    /// The record of `moves` played from `start`: the seven tags (unknown
    /// ones `?`), `Variant`, `SetUp` and `FEN` as the module says, the moves
    /// in SAN and the result where the game is over after them (`*` while
    /// it goes on). A move that is not legal where it comes ends the record.
    ///
    /// # Examples
    /// ```
    /// use tessera::notation::{pgn::PgnGame, san};
    /// let game = tessera::compile_str(include_str!("../../../games/chess.game"))?;
    /// let mut pos = tessera::Position::start(&game);
    /// let start = pos.clone();
    /// let mut moves = Vec::new();
    /// for text in ["f3", "e5", "g4", "Qh4"] {
    ///     let mv = san::parse(&pos, text)?;
    ///     pos.make(mv);
    ///     moves.push(mv);
    /// }
    /// let mut record = PgnGame::new(&start, &moves);
    /// record.set_tag("White", "Fool");
    /// assert!(record.to_string().contains("[White \"Fool\"]"));
    /// assert!(record.to_string().ends_with("1. f3 e5 2. g4 Qh4# 0-1\n"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(start: &Position<'_>, moves: &[Move]) -> PgnGame {
        let game = start.game();
        let mut record = PgnGame {
            tags: SEVEN_TAGS
                .iter()
                .map(|&(n, v)| (n.to_string(), v.to_string()))
                .collect(),
            ..PgnGame::default()
        };
        if let Some(name) = game.variant_name() {
            record.set_tag("Variant", name);
        }
        if let Some(text) = start_text(start) {
            record.set_tag("SetUp", "1");
            record.set_tag("FEN", &text);
        }
        let mut pos = start.clone();
        let mut played = Record::new(&pos);
        for mv in moves {
            if !mv.fits(game) || !pos.is_legal(*mv) {
                break;
            }
            record.moves.push(PgnMove {
                text: san::format(&pos, mv),
                comment: None,
            });
            pos.make(*mv);
            played.push(&pos);
        }
        record.set_result(result(&mut pos, &played));
        record
    }

    /// The value of the tag `name`, if the record has it.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// Gives the tag `name` the value `value`, where it stands, or last.
    pub fn set_tag(&mut self, name: &str, value: &str) {
        match self.tags.iter_mut().find(|(n, _)| n == name) {
            Some(tag) => tag.1 = value.to_string(),
            None => self.tags.push((name.to_string(), value.to_string())),
        }
    }

    /// Gives the record its result (`1-0`, `0-1`, `1/2-1/2`, `*`), at the
    /// end of the moves and in the `Result` tag, where something other than
    /// the rules ended the game (an adjudication, a forfeit).
    pub fn set_result(&mut self, result: &str) {
        self.result = result.to_string();
        self.set_tag("Result", result);
    }

    /// Plays the record on `game`: from its `FEN` tag (FEN, or Tessera's
    /// notation where the game has no FEN) or else the rule file's setup,
    /// every move of the main line.
    ///
    /// # Errors
    /// [`PgnError::Start`] for a `FEN` tag that holds no position of the
    /// game, [`PgnError::Move`] for the first move that is not legal where
    /// it comes, with its move number and side.
    pub fn replay<'g>(&self, game: &'g Game) -> Result<Replay<'g>, PgnError> {
        let start = match self.tag("FEN") {
            None => Position::start(game),
            Some(text) => read_start(game, text)?,
        };
        let mut pos = start.clone();
        let mut moves = Vec::with_capacity(self.moves.len());
        for written in &self.moves {
            let mv = san::parse(&pos, &written.text).map_err(|error| PgnError::Move {
                number: pos.fullmove(),
                side: pos.side_to_move(),
                error,
            })?;
            pos.make(mv);
            moves.push(mv);
        }
        Ok(Replay {
            start,
            moves,
            end: pos,
        })
    }
}

/// The position the `FEN` tag writes where `start` is not the rule file's
/// setup: FEN where the game has it, else Tessera's notation.
fn start_text(start: &Position<'_>) -> Option<String> {
    let setup = Position::start(start.game());
    let text = |p: &Position<'_>| fen::format(p).unwrap_or_else(|| position::format(p));
    let written = text(start);
    (written != text(&setup)).then_some(written)
}

/// A `FEN` tag's position: FEN, else Tessera's notation.
fn read_start<'g>(game: &'g Game, text: &str) -> Result<Position<'g>, PgnError> {
    if fen::has_fen(game) {
        fen::parse(game, text).map_err(|e| PgnError::Start {
            message: e.to_string(),
        })
    } else {
        position::parse(game, text).map_err(|e| PgnError::Start {
            message: e.to_string(),
        })
    }
}

/// The result of the game at `pos`: `1-0`, `0-1`, `1/2-1/2`, or `*` while
/// it goes on.
fn result(pos: &mut Position<'_>, record: &Record) -> &'static str {
    status_in_game(pos, record).result_text()
}

/// The `Date` tag's value for a time given in seconds since 1970-01-01
/// (UTC): `2026.11.28`.
///
/// # Examples
/// ```
/// assert_eq!(tessera::notation::pgn::date(0), "1970.01.01");
/// assert_eq!(tessera::notation::pgn::date(1_795_824_000), "2026.11.28");
/// ```
pub fn date(seconds: u64) -> String {
    // Days to a civil date in the proleptic Gregorian calendar (Howard
    // Hinnant's `civil_from_days`), in eras of 400 years from 0000-03-01.
    let days = seconds / 86_400 + 719_468;
    let era = days / 146_097;
    let day_of_era = days % 146_097;
    let year_of_era =
        (day_of_era - day_of_era / 1_460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let month_from_march = (5 * day_of_year + 2) / 153;
    let day = day_of_year - (153 * month_from_march + 2) / 5 + 1;
    let month = if month_from_march < 10 {
        month_from_march + 3
    } else {
        month_from_march - 9
    };
    let year = year_of_era + era * 400 + u64::from(month <= 2);
    format!("{year:04}.{month:02}.{day:02}")
}

/// Lines of move text are at most this long, as PGN's export format asks.
const LINE: usize = 79;

impl fmt::Display for PgnGame {
    /// The record in PGN's export format: the tags, a blank line, the move
    /// text in lines of at most 79 characters, a blank line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (name, value) in &self.tags {
            writeln!(f, "[{name} \"{}\"]", escaped(value))?;
        }
        writeln!(f)?;
        let mut words: Vec<String> = Vec::new();
        if let Some(c) = &self.comment {
            words.push(comment(c));
        }
        // The side to move and the number of the first move, from the
        // `FEN` tag's last fields where it has them.
        let (mut number, mut side) = self.tag("FEN").map_or((1, Side::White), first_move);
        // Black's move says its number where it opens the text or follows
        // a comment.
        let mut says_number = true;
        for mv in &self.moves {
            if side == Side::White {
                words.push(format!("{number}."));
            } else if says_number {
                words.push(format!("{number}..."));
            }
            words.push(mv.text.clone());
            says_number = mv.comment.is_some();
            if let Some(c) = &mv.comment {
                words.push(comment(c));
            }
            if side == Side::Black {
                number = number.saturating_add(1);
            }
            side = side.opposite();
        }
        words.push(self.result.clone());
        let mut line = String::new();
        for word in words {
            if !line.is_empty() && line.len() + 1 + word.len() > LINE {
                writeln!(f, "{line}")?;
                line.clear();
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(&word);
        }
        writeln!(f, "{line}")
    }
}

/// The move number and side to move a position's text gives: its second
/// field, and its last field of digits alone (FEN ends with the move
/// number; Tessera's notation may add the checks still to give, `2+3`,
/// after it); White's first move where they say nothing.
fn first_move(text: &str) -> (u32, Side) {
    let fields: Vec<&str> = text.split_whitespace().collect();
    let side = match fields.get(1) {
        Some(&"b") => Side::Black,
        _ => Side::White,
    };
    let number = fields
        .iter()
        .skip(2)
        .rev()
        .find(|f| f.bytes().all(|b| b.is_ascii_digit()))
        .and_then(|n| n.parse::<u32>().ok())
        .filter(|&n| n >= 1)
        .unwrap_or(1);
    (number, side)
}

/// A tag's value with `\` and `"` escaped, as PGN writes them.
fn escaped(value: &str) -> String {
    value
        .chars()
        .filter(|c| *c != '\n' && *c != '\r')
        .flat_map(|c| match c {
            '\\' | '"' => vec!['\\', c],
            c => vec![c],
        })
        .collect()
}

/// A comment in braces; a `}` inside it, which would end it, becomes `)`.
fn comment(text: &str) -> String {
    format!("{{{}}}", text.replace('}', ")"))
}

/// Reads every game of a PGN text.
///
/// # Errors
/// [`PgnError::Syntax`]: a tag that is not `[NAME "VALUE"]`, a comment or a
/// variation that does not end, a `)` that closes nothing.
///
/// # Examples
/// ```
/// use tessera::notation::pgn;
/// let text = "[Event \"Casual\"]\n[Result \"0-1\"]\n\n1. f3 {weak} e5 2. g4?? (2. e4) Qh4# 0-1\n";
/// let games = pgn::parse(text)?;
/// assert_eq!(games[0].tag("Event"), Some("Casual"));
/// let moves: Vec<&str> = games[0].moves.iter().map(|m| m.text.as_str()).collect();
/// assert_eq!(moves, ["f3", "e5", "g4??", "Qh4#"]);
/// assert_eq!(games[0].moves[0].comment.as_deref(), Some("weak"));
/// assert_eq!(games[0].result, "0-1");
/// # Ok::<(), tessera::notation::pgn::PgnError>(())
/// ```
pub fn parse(text: &str) -> Result<Vec<PgnGame>, PgnError> {
    let mut reader = Reader {
        chars: text.chars().collect(),
        at: 0,
        line: 1,
    };
    let mut games = Vec::new();
    let mut game = PgnGame::default();
    // Whether the game being read has move text yet: a tag after move text
    // opens the next game.
    let mut in_moves = false;
    while let Some(c) = reader.peek() {
        match c {
            '[' if in_moves => {
                games.push(finished(std::mem::take(&mut game)));
                in_moves = false;
            }
            '[' => {
                let tag = reader.tag()?;
                game.tags.push(tag);
            }
            '%' if reader.line_start() => reader.skip_line(),
            // A comment belongs to the game being read, but opens no move
            // text: one before the tags is the next game's.
            ';' => {
                reader.bump();
                let text = reader.until_line_end();
                note(&mut game, text.trim());
            }
            '{' => {
                let text = reader.braces()?;
                note(&mut game, text.trim());
            }
            '(' => {
                reader.variation()?;
                in_moves = true;
            }
            ')' => return Err(reader.error("a `)` that closes no variation")),
            c if c.is_whitespace() => reader.bump(),
            _ => {
                let word = reader.word();
                in_moves = true;
                if let Some(result) = result_word(&word) {
                    game.result = result.to_string();
                    games.push(finished(std::mem::take(&mut game)));
                    in_moves = false;
                    continue;
                }
                if let Some(mv) = move_in(&word) {
                    game.moves.push(PgnMove {
                        text: mv.to_string(),
                        comment: None,
                    });
                }
            }
        }
    }
    if in_moves || !game.tags.is_empty() {
        games.push(finished(game));
    }
    Ok(games)
}

/// A game read to its end: `*` where no result ended its move text.
fn finished(mut game: PgnGame) -> PgnGame {
    if game.result.is_empty() {
        game.result = "*".to_string();
    }
    game
}

/// Adds a comment after the last move (or before the first), joined to one
/// already there by a space.
fn note(game: &mut PgnGame, text: &str) {
    if text.is_empty() {
        return;
    }
    let slot = match game.moves.last_mut() {
        Some(mv) => &mut mv.comment,
        None => &mut game.comment,
    };
    match slot {
        Some(c) => {
            c.push(' ');
            c.push_str(text);
        }
        None => *slot = Some(text.to_string()),
    }
}

/// The result a word of move text is, if it is one.
fn result_word(word: &str) -> Option<&'static str> {
    match word {
        "1-0" => Some("1-0"),
        "0-1" => Some("0-1"),
        "1/2-1/2" | "½-½" => Some("1/2-1/2"),
        "*" => Some("*"),
        _ => None,
    }
}

/// The move in a word of move text: the word without a move number before
/// it (`12.`, `12...`); `None` for a word that is only a number, dots, or
/// an annotation (`$1`, `!?`).
fn move_in(word: &str) -> Option<&str> {
    let rest = word.trim_start_matches(|c: char| c.is_ascii_digit());
    let mv = match rest.strip_prefix('.') {
        Some(after) => after.trim_start_matches('.'),
        // A word of digits alone is a move number without its dot; digits
        // followed by anything but a dot are part of the move (a cell
        // named by numbers).
        None if rest.is_empty() => "",
        None => word,
    };
    let annotation = mv.starts_with('$') || mv.chars().all(|c| matches!(c, '!' | '?'));
    (!mv.is_empty() && !annotation).then_some(mv)
}

/// A cursor over a PGN text.
struct Reader {
    chars: Vec<char>,
    at: usize,
    line: usize,
}

impl Reader {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.at).copied()
    }

    fn bump(&mut self) {
        if self.peek() == Some('\n') {
            self.line += 1;
        }
        self.at += 1;
    }

    fn error(&self, message: &str) -> PgnError {
        PgnError::Syntax {
            line: self.line,
            message: message.to_string(),
        }
    }

    /// Whether the cursor is at the start of a line.
    fn line_start(&self) -> bool {
        self.at == 0 || self.chars.get(self.at - 1) == Some(&'\n')
    }

    fn skip_line(&mut self) {
        let _ = self.until_line_end();
    }

    /// The text up to the end of the line, which is passed.
    fn until_line_end(&mut self) -> String {
        let mut text = String::new();
        while let Some(c) = self.peek() {
            self.bump();
            if c == '\n' {
                break;
            }
            text.push(c);
        }
        text
    }

    /// A word of move text: up to a space or a character that opens or
    /// closes something.
    fn word(&mut self) -> String {
        let mut word = String::new();
        while let Some(c) = self.peek() {
            if c.is_whitespace() || matches!(c, '{' | '}' | '(' | ')' | '[' | ']' | ';') {
                break;
            }
            word.push(c);
            self.bump();
        }
        if word.is_empty() {
            // A lone `}` or `]`: passed, so that reading goes on.
            self.bump();
        }
        word
    }

    /// A comment in braces, whose `{` is at the cursor: its text.
    fn braces(&mut self) -> Result<String, PgnError> {
        let line = self.line;
        self.bump();
        let mut text = String::new();
        loop {
            match self.peek() {
                None => {
                    return Err(PgnError::Syntax {
                        line,
                        message: "a comment `{` that does not end".to_string(),
                    })
                }
                Some('}') => {
                    self.bump();
                    return Ok(text);
                }
                Some(c) => {
                    text.push(if c == '\n' { ' ' } else { c });
                    self.bump();
                }
            }
        }
    }

    /// A variation, whose `(` is at the cursor, passed with the variations
    /// and comments inside it.
    fn variation(&mut self) -> Result<(), PgnError> {
        let line = self.line;
        let mut depth = 0usize;
        loop {
            match self.peek() {
                None => {
                    return Err(PgnError::Syntax {
                        line,
                        message: "a variation `(` that does not end".to_string(),
                    })
                }
                Some('(') => {
                    depth += 1;
                    self.bump();
                }
                Some(')') => {
                    depth -= 1;
                    self.bump();
                    if depth == 0 {
                        return Ok(());
                    }
                }
                Some('{') => {
                    self.braces()?;
                }
                Some(';') => self.skip_line(),
                Some(_) => self.bump(),
            }
        }
    }

    /// A tag, whose `[` is at the cursor: `[NAME "VALUE"]`.
    fn tag(&mut self) -> Result<(String, String), PgnError> {
        let bad = |r: &Reader| r.error("a tag is written `[Name \"value\"]`");
        self.bump();
        self.spaces();
        let mut name = String::new();
        while let Some(c) = self.peek().filter(|c| c.is_alphanumeric() || *c == '_') {
            name.push(c);
            self.bump();
        }
        self.spaces();
        if name.is_empty() || self.peek() != Some('"') {
            return Err(bad(self));
        }
        self.bump();
        let mut value = String::new();
        loop {
            match self.peek() {
                None | Some('\n') => return Err(bad(self)),
                Some('"') => {
                    self.bump();
                    break;
                }
                Some('\\') => {
                    self.bump();
                    match self.peek() {
                        None | Some('\n') => return Err(bad(self)),
                        Some(c) => value.push(c),
                    }
                    self.bump();
                }
                Some(c) => {
                    value.push(c);
                    self.bump();
                }
            }
        }
        self.spaces();
        if self.peek() != Some(']') {
            return Err(bad(self));
        }
        self.bump();
        Ok((name, value))
    }

    /// Passes spaces within a line.
    fn spaces(&mut self) {
        while self.peek().is_some_and(|c| c == ' ' || c == '\t') {
            self.bump();
        }
    }
}
