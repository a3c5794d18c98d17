//! Expectation files (`NAME.tests`) to a list of named positions and
//! expectations, each with its span; nothing is resolved against the game here.
//!
//! The format is line-oriented: one statement a line, words separated by
//! spaces, strings in double quotes, `#` to the end of the line a comment.

use tessera::Illegality;
use tessera::{Diagnostic, Span};

/// A parsed expectation file.
#[derive(Clone, Debug, Default)]
pub struct File {
    /// The `position` statements, in file order.
    pub positions: Vec<PositionDecl>,
    /// The expectations, in file order.
    pub expectations: Vec<Expectation>,
}

/// `position NAME = SOURCE [then MOVE...]`.
#[derive(Clone, Debug)]
pub struct PositionDecl {
    /// The position's name.
    pub name: Word,
    /// Where it starts from.
    pub source: Source,
    /// `fen unchecked "..."`, `position unchecked "..."`: read even where
    /// play could never reach it (`--unchecked`).
    pub unchecked: bool,
    /// The moves played from there, as written.
    pub moves: Vec<Word>,
}

/// Where a named position starts from.
#[derive(Clone, Debug)]
pub enum Source {
    /// `fen "..."`.
    Fen(Word),
    /// `position "..."`, Tessera's general notation.
    Notation(Word),
    /// An earlier position, or `start`.
    Named(Word),
}

/// A word or a string of the file, with its span.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Word {
    /// The text, without quotes for a string.
    pub text: String,
    /// Where it stands in the file.
    pub span: Span,
}

/// One expectation: what must hold of a named position.
#[derive(Clone, Debug)]
pub struct Expectation {
    /// What must hold.
    pub check: Check,
    /// The name of the position it is about.
    pub position: Word,
    /// The span of the whole statement, for errors about it.
    pub span: Span,
}

/// What an expectation checks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Check {
    /// `perft NAME DEPTH NODES`: the leaves of the move tree.
    Perft {
        /// Plies to count.
        depth: u16,
        /// The number of leaves expected.
        nodes: u64,
    },
    /// `moves NAME`: the sorted legal moves, as a snapshot.
    Moves,
    /// `show NAME`: what `tessera show` prints, as a snapshot.
    Show,
    /// `text NAME "POSITION"`: the position in Tessera's notation.
    Text(String),
    /// `outcome NAME ...`: who has won or drawn, or that the game goes on.
    Outcome(Outcome),
    /// `illegal NAME MOVE [REASON]`: a move that must not be legal here.
    Illegal {
        /// The move, as written.
        mv: String,
        /// Why it is not legal, if the file says.
        reason: Option<Illegality>,
    },
}

/// The state of play an `outcome` expectation names.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// `outcome NAME goes on`: the game is not over.
    GoesOn,
    /// `white wins by R`, `black wins by R`, `draw by R`; `None` for a draw.
    Over {
        /// The side that won; `None` for a draw.
        winner: Option<tessera::game::Side>,
        /// Why the game ended.
        end: End,
    },
}

/// Why a game ended, as an expectation file names it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum End {
    /// `checkmate`: the side to move is checkmated.
    Checkmate,
    /// `stalemate`: the side to move is stalemated.
    Stalemate,
    /// `bare`: a side is left with royal pieces only (`goal bare`).
    Bare,
    /// `extinction`: a side has no piece left of a kind its goals name (`goal extinct`).
    Extinction,
    /// `zone`: a piece has reached a goal zone.
    Zone,
    /// `checks`: a side has been checked the given number of times.
    Checks,
    /// `facing`: pieces face each other at a pass (`goal ... faces ...`).
    Facing,
    /// `passes`: as many passes in a row as the goals allow.
    Passes,
    /// `repetition`: the position has repeated.
    Repetition,
    /// `clock`: the halfmove clock ran out.
    Clock,
    /// `material`: each side holds one of the sets of pieces the goals name.
    Material,
}

impl End {
    /// The words an expectation file uses, in the order of [`End`].
    pub const WORDS: [(&'static str, End); 11] = [
        ("checkmate", End::Checkmate),
        ("stalemate", End::Stalemate),
        ("bare", End::Bare),
        ("extinction", End::Extinction),
        ("zone", End::Zone),
        ("checks", End::Checks),
        ("facing", End::Facing),
        ("passes", End::Passes),
        ("repetition", End::Repetition),
        ("clock", End::Clock),
        ("material", End::Material),
    ];

    /// The word naming this end.
    pub fn word(self) -> &'static str {
        End::WORDS
            .iter()
            .find(|(_, e)| *e == self)
            .map_or("?", |(w, _)| w)
    }
}

/// The words an expectation file uses for why a move is not legal.
pub const REASON_WORDS: [(&str, Illegality); 9] = [
    ("no-such-move", Illegality::NoSuchMove),
    ("self-check", Illegality::SelfCheck),
    ("gives-check", Illegality::GivesCheck),
    ("must-capture", Illegality::MustCapture),
    ("mating-drop", Illegality::MatingDrop),
    ("game-over", Illegality::GameOver),
    ("stays-facing", Illegality::StaysFacing),
    ("must-drop", Illegality::MustDrop),
    ("takes-royal", Illegality::TakesRoyal),
];

/// The word naming `reason` in an expectation file.
pub fn reason_word(reason: Illegality) -> &'static str {
    REASON_WORDS
        .iter()
        .find(|(_, r)| *r == reason)
        .map_or("?", |(w, _)| w)
}

impl Check {
    /// The expectation's kind, as the file spells it.
    pub fn keyword(&self) -> &'static str {
        match self {
            Check::Perft { .. } => "perft",
            Check::Moves => "moves",
            Check::Show => "show",
            Check::Text(_) => "text",
            Check::Outcome(_) => "outcome",
            Check::Illegal { .. } => "illegal",
        }
    }
}

impl Expectation {
    /// The expectation's name, unique in its file: `perft start 3`,
    /// `moves italian`, `illegal pinned e2e3`.
    pub fn name(&self) -> String {
        let kw = self.check.keyword();
        let pos = &self.position.text;
        match &self.check {
            Check::Perft { depth, .. } => format!("{kw} {pos} {depth}"),
            Check::Illegal { mv, .. } => format!("{kw} {pos} {mv}"),
            _ => format!("{kw} {pos}"),
        }
    }
}

const KEYWORDS: [&str; 7] = [
    "position", "perft", "moves", "show", "text", "outcome", "illegal",
];

/// Parses an expectation file.
///
/// # Errors
/// Every malformed line, each with its span.
pub fn parse(src: &str) -> Result<File, Vec<Diagnostic>> {
    let mut file = File::default();
    let mut errors = Vec::new();
    let mut offset = 0;
    for line in src.split_inclusive('\n') {
        let start = offset;
        offset += line.len();
        let words = match tokenize(line, start) {
            Ok(w) => w,
            Err(d) => {
                errors.push(d);
                continue;
            }
        };
        if words.is_empty() {
            continue;
        }
        let mut cursor = Cursor {
            words: &words,
            next: 0,
            end: Span::new(start + line.trim_end().len(), start + line.trim_end().len()),
        };
        if let Err(d) = statement(&mut cursor, &mut file) {
            errors.push(d);
        }
    }
    if errors.is_empty() {
        Ok(file)
    } else {
        Err(errors)
    }
}

/// A token: a bare word or a quoted string.
#[derive(Clone, Debug)]
struct Token {
    word: Word,
    quoted: bool,
}

/// Splits a line into tokens; a `,` after a number or standing alone is a
/// token of its own.
fn tokenize(line: &str, base: usize) -> Result<Vec<Token>, Diagnostic> {
    let mut tokens = Vec::new();
    let mut chars = line.char_indices().peekable();
    while let Some(&(i, c)) = chars.peek() {
        if c.is_whitespace() {
            chars.next();
        } else if c == '#' {
            break;
        } else if c == '"' {
            chars.next();
            let mut text = String::new();
            let mut closed = None;
            for (j, d) in chars.by_ref() {
                if d == '"' {
                    closed = Some(j);
                    break;
                }
                text.push(d);
            }
            let Some(j) = closed else {
                let end = base + line.trim_end().len();
                return Err(Diagnostic::new(
                    Span::new(base + i, end),
                    "unterminated string: a `\"` is missing",
                ));
            };
            tokens.push(Token {
                word: Word {
                    text,
                    span: Span::new(base + i, base + j + 1),
                },
                quoted: true,
            });
        } else if c == ',' {
            chars.next();
            tokens.push(Token {
                word: Word {
                    text: ",".into(),
                    span: Span::new(base + i, base + i + 1),
                },
                quoted: false,
            });
        } else {
            let mut end = i;
            let mut text = String::new();
            while let Some(&(j, d)) = chars.peek() {
                // A comma ends a number (`1 20, 2 400`) but not a move
                // (duck chess's `e2e4,e4e5`).
                let ends_number =
                    d == ',' && !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit());
                if d.is_whitespace() || d == '"' || d == '#' || ends_number {
                    break;
                }
                text.push(d);
                end = j + d.len_utf8();
                chars.next();
            }
            tokens.push(Token {
                word: Word {
                    text,
                    span: Span::new(base + i, base + end),
                },
                quoted: false,
            });
        }
    }
    Ok(tokens)
}

/// The tokens of one line, read left to right.
struct Cursor<'a> {
    words: &'a [Token],
    next: usize,
    /// An empty span at the end of the line, for "expected ..., found the end".
    end: Span,
}

impl Cursor<'_> {
    fn peek(&self) -> Option<&Token> {
        self.words.get(self.next)
    }

    fn take(&mut self) -> Option<Token> {
        let t = self.words.get(self.next).cloned();
        self.next += 1;
        t
    }

    /// The next token, which must be a bare word.
    fn word(&mut self, what: &str) -> Result<Word, Diagnostic> {
        match self.take() {
            Some(t) if !t.quoted && t.word.text != "," => Ok(t.word),
            Some(t) => Err(found(&t, what)),
            None => Err(self.missing(what)),
        }
    }

    /// The next token, which must be a quoted string.
    fn string(&mut self, what: &str) -> Result<Word, Diagnostic> {
        match self.take() {
            Some(t) if t.quoted => Ok(t.word),
            Some(t) => Err(found(&t, what)),
            None => Err(self.missing(what)),
        }
    }

    /// A position name: letters, digits, `-` and `_`.
    fn name(&mut self) -> Result<Word, Diagnostic> {
        let w = self.word("a position name")?;
        if !is_name(&w.text) {
            return Err(Diagnostic::new(
                w.span,
                format!(
                    "`{}` is not a position name: use letters, digits, `-` and `_`",
                    w.text
                ),
            ));
        }
        Ok(w)
    }

    fn number<T: std::str::FromStr>(&mut self, what: &str) -> Result<(T, Span), Diagnostic> {
        let w = self.word(what)?;
        match w.text.parse() {
            Ok(n) => Ok((n, w.span)),
            Err(_) => Err(Diagnostic::new(
                w.span,
                format!("expected {what}, found `{}`", w.text),
            )),
        }
    }

    fn missing(&self, what: &str) -> Diagnostic {
        Diagnostic::new(
            self.end,
            format!("expected {what}, found the end of the line"),
        )
    }

    /// Errs on anything left on the line.
    fn done(&self) -> Result<(), Diagnostic> {
        match self.peek() {
            Some(t) => Err(Diagnostic::new(
                t.word.span,
                format!("unexpected `{}` at the end of the statement", t.word.text),
            )),
            None => Ok(()),
        }
    }
}

fn found(t: &Token, what: &str) -> Diagnostic {
    let shown = if t.quoted {
        format!("the string \"{}\"", t.word.text)
    } else {
        format!("`{}`", t.word.text)
    };
    Diagnostic::new(t.word.span, format!("expected {what}, found {shown}"))
}

fn is_name(s: &str) -> bool {
    !s.is_empty()
        && s.chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
}

/// One statement: a position declaration or one or more expectations.
fn statement(c: &mut Cursor<'_>, file: &mut File) -> Result<(), Diagnostic> {
    let first = c.word("a statement")?;
    let line_span = Span::new(
        first.span.start as usize,
        c.words.last().map_or(first.span.end, |t| t.word.span.end) as usize,
    );
    let unknown = || {
        let near = tessera::suggest::closest(&first.text, KEYWORDS.iter().copied());
        let hint = near.map_or(String::new(), |k| format!("; did you mean `{k}`?"));
        Diagnostic::new(
            first.span,
            format!(
                "unknown statement `{}`: expected one of {}{hint}",
                first.text,
                KEYWORDS.map(|k| format!("`{k}`")).join(", ")
            ),
        )
    };
    if first.text == "position" {
        let decl = position_decl(c)?;
        file.positions.push(decl);
        return Ok(());
    }
    if !KEYWORDS.contains(&first.text.as_str()) {
        return Err(unknown());
    }
    let position = c.name()?;
    let mut push = |check: Check| {
        file.expectations.push(Expectation {
            check,
            position: position.clone(),
            span: line_span,
        })
    };
    match first.text.as_str() {
        "perft" => {
            for (depth, nodes) in perft_counts(c)? {
                push(Check::Perft { depth, nodes });
            }
        }
        "moves" => push(Check::Moves),
        "show" => push(Check::Show),
        "text" => push(Check::Text(c.string("the position in quotes")?.text)),
        "outcome" => push(Check::Outcome(outcome(c)?)),
        _ => {
            let mv = c.word("a move")?.text;
            let reason = match c.peek() {
                Some(_) => Some(reason(c)?),
                None => None,
            };
            push(Check::Illegal { mv, reason });
        }
    }
    c.done()
}

/// `NAME = SOURCE [then MOVE...]`, after `position`.
fn position_decl(c: &mut Cursor<'_>) -> Result<PositionDecl, Diagnostic> {
    let name = c.name()?;
    if name.text == "start" {
        return Err(Diagnostic::new(
            name.span,
            "`start` names the rule file's start position already",
        ));
    }
    let eq = c.word("`=`")?;
    if eq.text != "=" {
        return Err(Diagnostic::new(
            eq.span,
            format!("expected `=`, found `{}`", eq.text),
        ));
    }
    let head = c.word("`start`, `fen \"...\"`, `position \"...\"` or a position name")?;
    // `unchecked` after `fen` or `position`: the unchecked door.
    let mut unchecked = false;
    let mut skip_unchecked = |c: &mut Cursor<'_>| {
        if c.peek()
            .is_some_and(|t| !t.quoted && t.word.text == "unchecked")
        {
            c.take();
            unchecked = true;
        }
    };
    let source = match head.text.as_str() {
        "fen" => {
            skip_unchecked(c);
            Source::Fen(c.string("the FEN in quotes")?)
        }
        "position" => {
            skip_unchecked(c);
            Source::Notation(c.string("the position in quotes")?)
        }
        _ if is_name(&head.text) => Source::Named(head),
        _ => {
            return Err(Diagnostic::new(
                head.span,
                format!(
                    "expected `start`, `fen \"...\"`, `position \"...\"` or a position name, found `{}`",
                    head.text
                ),
            ))
        }
    };
    let mut moves = Vec::new();
    if c.peek().is_some() {
        let then = c.word("`then`")?;
        if then.text != "then" {
            return Err(Diagnostic::new(
                then.span,
                format!("expected `then` and moves, found `{}`", then.text),
            ));
        }
        while c.peek().is_some() {
            moves.push(c.word("a move")?);
        }
        if moves.is_empty() {
            return Err(c.missing("a move after `then`"));
        }
    }
    Ok(PositionDecl {
        name,
        source,
        unchecked,
        moves,
    })
}

/// `DEPTH NODES [, DEPTH NODES]...`.
fn perft_counts(c: &mut Cursor<'_>) -> Result<Vec<(u16, u64)>, Diagnostic> {
    let mut counts = Vec::new();
    loop {
        let (depth, span) = c.number::<u32>("a depth")?;
        let depth = match u16::try_from(depth) {
            Ok(d) if d <= 64 => d,
            _ => return Err(Diagnostic::new(span, "a depth above 64 would never finish")),
        };
        let (nodes, _) = c.number::<u64>("a node count")?;
        counts.push((depth, nodes));
        match c.peek() {
            Some(t) if !t.quoted && t.word.text == "," => {
                c.take();
            }
            _ => return Ok(counts),
        }
    }
}

/// `goes on`, `white wins by END`, `black wins by END` or `draw by END`.
fn outcome(c: &mut Cursor<'_>) -> Result<Outcome, Diagnostic> {
    use tessera::game::Side;
    let what = "`goes on`, `white wins by ...`, `black wins by ...` or `draw by ...`";
    let w = c.word(what)?;
    let winner = match w.text.as_str() {
        "goes" => {
            let on = c.word("`on`")?;
            if on.text != "on" {
                return Err(Diagnostic::new(on.span, "expected `goes on`"));
            }
            return Ok(Outcome::GoesOn);
        }
        "white" | "black" => {
            let wins = c.word("`wins`")?;
            if wins.text != "wins" {
                return Err(Diagnostic::new(
                    wins.span,
                    format!("expected `wins`, found `{}`", wins.text),
                ));
            }
            Some(if w.text == "white" {
                Side::White
            } else {
                Side::Black
            })
        }
        "draw" => None,
        _ => {
            return Err(Diagnostic::new(
                w.span,
                format!("expected {what}, found `{}`", w.text),
            ))
        }
    };
    let by = c.word("`by`")?;
    if by.text != "by" {
        return Err(Diagnostic::new(
            by.span,
            format!("expected `by`, found `{}`", by.text),
        ));
    }
    let words = End::WORDS.map(|(w, _)| format!("`{w}`")).join(", ");
    let e = c.word(&format!("how the game ended ({words})"))?;
    match End::WORDS.iter().find(|(w, _)| *w == e.text) {
        Some(&(_, end)) => Ok(Outcome::Over { winner, end }),
        None => Err(Diagnostic::new(
            e.span,
            format!("unknown end `{}`: expected one of {words}", e.text),
        )),
    }
}

fn reason(c: &mut Cursor<'_>) -> Result<Illegality, Diagnostic> {
    let words = REASON_WORDS.map(|(w, _)| format!("`{w}`")).join(", ");
    let w = c.word(&format!("a reason ({words})"))?;
    match REASON_WORDS.iter().find(|(r, _)| *r == w.text) {
        Some(&(_, r)) => Ok(r),
        None => {
            let near = tessera::suggest::closest(&w.text, REASON_WORDS.iter().map(|(r, _)| *r));
            let hint = near.map_or(String::new(), |k| format!("; did you mean `{k}`?"));
            Err(Diagnostic::new(
                w.span,
                format!("unknown reason `{}`: expected one of {words}{hint}", w.text),
            ))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_positions_and_expectations() {
        let src = "# a comment\nposition it = start then e2e4 e7e5,e5e6  # trailing\n\
                   perft start 1 20, 2 400\nmoves it\noutcome it goes on\n\
                   illegal it e1g1 no-such-move\noutcome it white wins by checkmate\n";
        let file = parse(src).unwrap();
        assert_eq!(file.positions.len(), 1);
        assert_eq!(file.positions[0].moves.len(), 2);
        let names: Vec<String> = file.expectations.iter().map(|e| e.name()).collect();
        assert_eq!(
            names,
            [
                "perft start 1",
                "perft start 2",
                "moves it",
                "outcome it",
                "illegal it e1g1",
                "outcome it"
            ]
        );
    }

    #[test]
    fn errors_point_at_the_offending_word() {
        let err = parse("moves it\nperft start 1 twenty\n").unwrap_err();
        assert_eq!(err.len(), 1);
        assert_eq!(err[0].message, "expected a node count, found `twenty`");
        assert_eq!(err[0].span, Span::new(23, 29));
    }
}
