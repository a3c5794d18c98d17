//! Standard algebraic notation (SAN): moves as players write them (`e4`,
//! `Nf3`, `exd5`, `O-O`, `e8=Q`, `P@e4`, `Qh4#`), written exactly as
//! Fairy-Stockfish writes them for every game it plays (`get_san` with
//! `NOTATION_SAN`), and read as players type them.
//!
//! Everything comes from the rule file. A piece is written by its letter, or
//! by the letter `notation san` gives its kind (Fairy-Stockfish writes a
//! promoted kind, `+R` in positions, by a letter of its own, `D`, and
//! xiangqi's horse `N` as `H`). A pawn, a kind that steps forward only
//! without capturing and captures only one step diagonally forward (double
//! steps aside), is written without a letter, and its captures with its
//! file; `notation san pawns` names such kinds where the rule file says. A move is told apart from the moves of the other pieces written
//! with the same letter that land on the same cell the same way by the
//! file of its origin, else by its rank, else by both; a capture adds `x`, a
//! drop is `P@e4`, a promotion adds `=` and the new kind's letter (a
//! demotion, the old kind's), a gated piece `/H`, a wall `,d5`; a castling is
//! `O-O` toward the higher file and `O-O-O` toward the lower, whatever its
//! distance; a check adds `+` and a checkmate `#`.
//!
//! Reading accepts SAN as written, with any check or comment marks (`+`, `#`,
//! `!`, `?`) or none, more disambiguation than needed (`Ng1f3`, `Ng1-f3`,
//! `e2-e4`, `g1-f3`), castling with zeros (`0-0`), letters in the wrong case where
//! only one move fits (`nf3`), and the coordinate form of
//! [`uci`] (`e2e4`).
//!
//! The notation is computed only when asked: nothing here runs during move
//! generation, perft or search.

use super::checked::Illegality;
use super::uci;
use crate::engine::attack::{is_attacked, shielded_by_blast};
use crate::engine::legal::legal_moves;
use crate::engine::moves::{Move, MoveKind, RawMove, NO_CELL};
use crate::engine::position::Position;
use crate::engine::pseudo::pseudo_legal_moves;
use crate::game::{kind_of, Game, Kind, Leg, Mark, Modality, Side};
use std::fmt;

/// Writes `mv`, a legal move of `pos` (the position before it), in SAN.
///
/// A move that is not legal in `pos` is written without disambiguation
/// against the other moves and without a check mark; one whose cells, pools
/// or kinds the game does not have is written as [`Move::text`] writes it.
///
/// # Examples
/// ```
/// let game = tessera::compile_str(include_str!("../../../games/chess.game"))?;
/// let mut pos = tessera::Position::start(&game);
/// let mv = pos.parse_move("g1f3")?;
/// assert_eq!(tessera::notation::san::format(&pos, &mv), "Nf3");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn format(pos: &Position<'_>, mv: &Move) -> String {
    if !mv.fits(pos.game()) {
        return mv.text(pos.game());
    }
    Writer::new(pos).write(mv)
}

/// Every legal move of `pos`, in the order the engine lists them, with its
/// SAN.
pub fn legal_moves_with_san(pos: &Position<'_>) -> Vec<(Move, String)> {
    let mut writer = Writer::new(pos);
    let moves = writer.legal.clone();
    moves
        .into_iter()
        .map(|m| {
            let san = writer.write(&m);
            (m, san)
        })
        .collect()
}

/// The moves of `line`, played one after the other from `pos`, in SAN and
/// separated by spaces (a principal variation: `e4 e5 Nf3`). A move that is
/// not legal where it comes ends the line.
pub fn line(pos: &Position<'_>, line: &[Move]) -> String {
    let written: Vec<String> = played(pos, line, format).map(|(_, _, san)| san).collect();
    written.join(" ")
}

/// The moves of `line` from `pos`, numbered as game records number them
/// (`1. f3 e5 2. g4 Qh4#`; `5... Nf6 6. Nc3` where the first is Black's).
/// A move that is not legal where it comes ends the line.
///
/// # Examples
/// ```
/// use tessera::notation::san;
/// let game = tessera::compile_str(include_str!("../../../games/chess.game"))?;
/// let mut pos = tessera::Position::start(&game);
/// let start = pos.clone();
/// let mut line = Vec::new();
/// for text in ["f3", "e5", "g4", "Qh4"] {
///     let mv = san::parse(&pos, text)?;
///     pos.make(mv);
///     line.push(mv);
/// }
/// assert_eq!(san::numbered(&start, &line), "1. f3 e5 2. g4 Qh4#");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn numbered(pos: &Position<'_>, line: &[Move]) -> String {
    numbered_with(pos, line, format)
}

/// The moves of `line` from `pos`, numbered as [`numbered`] numbers them,
/// each written by `write`.
pub(super) fn numbered_with(
    pos: &Position<'_>,
    line: &[Move],
    write: fn(&Position<'_>, &Move) -> String,
) -> String {
    let mut text = String::new();
    let mut last = None;
    for (number, side, san) in played(pos, line, write) {
        if !text.is_empty() {
            text.push(' ');
        }
        // A move of White's opens a number; a move of Black's that does not
        // follow one of White's under the same number says its number too.
        if side == Side::White {
            text.push_str(&std::format!("{number}. "));
        } else if last != Some((number, Side::White)) {
            text.push_str(&std::format!("{number}... "));
        }
        text.push_str(&san);
        last = Some((number, side));
    }
    text
}

/// Plays `line` from `pos`: each legal move's move number, side and SAN,
/// until a move that is not legal where it comes.
fn played<'a, 'g: 'a>(
    pos: &Position<'g>,
    line: &'a [Move],
    write: fn(&Position<'_>, &Move) -> String,
) -> impl Iterator<Item = (u32, Side, String)> + 'a {
    let mut pos = pos.clone();
    line.iter().map_while(move |mv| {
        if !mv.fits(pos.game()) || !pos.is_legal(*mv) {
            return None;
        }
        let played = (pos.fullmove(), pos.side_to_move(), write(&pos, mv));
        pos.make(*mv);
        Some(played)
    })
}

/// Reads a move typed by a player: SAN, leniently (see the module's
/// documentation), or the coordinate form.
///
/// # Errors
/// [`ParseSanError`]: the text is empty, fits several legal moves (naming
/// them), or fits none (saying why the move it names is not legal, or that
/// no piece moves so).
///
/// # Examples
/// ```
/// use tessera::notation::san;
/// let game = tessera::compile_str(include_str!("../../../games/chess.game"))?;
/// let pos = tessera::Position::start(&game);
/// for text in ["Nf3", "nf3", "Ng1-f3", "Ng1f3", "g1f3", "Nf3!?"] {
///     assert_eq!(san::format(&pos, &san::parse(&pos, text)?), "Nf3");
/// }
/// assert!(san::parse(&pos, "Nf5").is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn parse(pos: &Position<'_>, text: &str) -> Result<Move, ParseSanError> {
    let typed = text.trim();
    if typed.is_empty() {
        return Err(ParseSanError::Empty);
    }
    // The coordinate form first: it is what programs send, and the cheapest
    // to check.
    let mut probe = pos.clone();
    let coordinates = match uci::parse(&mut probe, typed) {
        Ok(mv) => return Ok(mv),
        Err(e) => e,
    };
    // The coordinates joined by a dash, as long algebraic notation writes
    // them without the piece's letter (`g1-f3`).
    if let Some((from, to)) = typed.split_once('-') {
        if let Ok(mv) = uci::parse(&mut probe, &format!("{from}{to}")) {
            return Ok(mv);
        }
    }
    let mut writer = Writer::new(pos);
    let legal = writer.legal.clone();
    let written: Vec<Written> = legal.iter().map(|m| writer.parts(m, true)).collect();
    // SAN as written, its check mark included (a shogi-style promotion ends
    // in `+` too).
    if let Some(i) = written.iter().position(|w| w.san() == typed) {
        return Ok(legal[i]);
    }
    let bare = without_marks(typed);
    let wanted = castling_with_letters(bare);
    for fold in [false, true] {
        let key = squeeze(&wanted, fold);
        let mut fits: Vec<usize> = (0..legal.len())
            .filter(|&i| written[i].forms().iter().any(|f| squeeze(f, fold) == key))
            .collect();
        fits.dedup();
        match fits.len() {
            0 => continue,
            1 => return Ok(legal[fits[0]]),
            _ => {
                return Err(ParseSanError::Ambiguous {
                    text: typed.to_string(),
                    candidates: fits.iter().map(|&i| written[i].san()).collect(),
                })
            }
        }
    }
    Err(writer.why_not(typed, &wanted, &written, coordinates.legal_from_there))
}

/// Why a typed move was not read.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ParseSanError {
    /// Nothing was typed.
    Empty,
    /// The text fits several legal moves.
    Ambiguous {
        /// The move as typed.
        text: String,
        /// The SAN of each legal move it fits.
        candidates: Vec<String>,
    },
    /// The text fits no legal move.
    Illegal {
        /// The move as typed.
        text: String,
        /// Why the move it names is not legal (`NoSuchMove` when no piece
        /// of the side to move moves so, even ignoring its royal pieces).
        reason: Illegality,
        /// The legal moves onto the cell the text names, in SAN, sorted.
        legal_there: Vec<String>,
        /// The legal moves from the cell the text starts with, in
        /// coordinates, sorted (`e2e3 e2e4` for `e2e5`).
        legal_from_there: Vec<String>,
    },
}

impl fmt::Display for ParseSanError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseSanError::Empty => write!(f, "no move was given"),
            ParseSanError::Ambiguous { text, candidates } => write!(
                f,
                "`{}` is ambiguous here: it could be {}",
                shown(text),
                candidates.join(" or ")
            ),
            ParseSanError::Illegal {
                text,
                reason,
                legal_there,
                legal_from_there,
            } => {
                // "Not a legal move here" says all that `NoSuchMove` would.
                write!(f, "`{}` is not a legal move here", shown(text))?;
                if *reason != Illegality::NoSuchMove {
                    write!(f, ": {reason}")?;
                }
                if !legal_from_there.is_empty() {
                    write!(f, " (legal from there: {})", legal_from_there.join(" "))?;
                } else if !legal_there.is_empty() {
                    write!(f, " (legal there: {})", legal_there.join(" "))?;
                }
                Ok(())
            }
        }
    }
}

impl std::error::Error for ParseSanError {}

/// A typed text as an error shows it: its first 40 characters, with control
/// characters escaped, so that no message echoes a text without bound.
fn shown(text: &str) -> String {
    let mut shown: String = text
        .chars()
        .take(40)
        .collect::<String>()
        .escape_debug()
        .collect();
    if text.chars().nth(40).is_some() {
        shown.push('…');
    }
    shown
}

/// The parts of one move's SAN, from which the text and the forms a player
/// may type are put together.
#[derive(Clone, Debug, Default)]
pub(super) struct Written {
    /// The whole text for what is not a piece going from one cell to
    /// another (castling, drops, passes without a royal piece).
    whole: Option<String>,
    /// The piece's letter; empty for a pawn.
    letter: String,
    /// The pawn's letter, which a player may type though SAN leaves it out.
    pawn_letter: Option<char>,
    /// The origin's file, rank and name, for disambiguation.
    file: String,
    rank: String,
    square: String,
    /// The disambiguation SAN writes: empty, the file, the rank or the name.
    disambiguation: String,
    /// Whether the move captures (`x`).
    capture: bool,
    /// The destination's name.
    to: String,
    /// Promotion, gating and wall: what follows the destination.
    suffix: String,
    /// `+`, `#` or nothing.
    check: &'static str,
}

impl Written {
    /// The SAN, check mark included.
    pub(super) fn san(&self) -> String {
        format!("{}{}", self.without_check(), self.check)
    }

    /// The SAN without its check mark.
    fn without_check(&self) -> String {
        match &self.whole {
            Some(whole) => format!("{whole}{}", self.suffix),
            None => self.with(&self.letter, &self.disambiguation),
        }
    }

    /// The move with the given letter and origin.
    fn with(&self, letter: &str, origin: &str) -> String {
        let x = if self.capture { "x" } else { "" };
        format!("{letter}{origin}{x}{}{}", self.to, self.suffix)
    }

    /// What a player may type for the move, check marks aside: the SAN, and
    /// the same with more of the origin or with the pawn's letter.
    fn forms(&self) -> Vec<String> {
        let mut forms = vec![self.without_check()];
        if self.whole.is_some() {
            if self.pawn_letter.is_some() {
                // A pawn's drop without its letter (`@e4`), as lichess writes it.
                forms.push(format!("@{}{}", self.to, self.suffix));
            }
            return forms;
        }
        let pawn = self.pawn_letter.map(String::from);
        for letter in std::iter::once(&self.letter).chain(pawn.as_ref()) {
            for origin in ["", &self.file, &self.rank, &self.square] {
                forms.push(self.with(letter, origin));
            }
        }
        forms
    }
}

/// Writes the moves of one position, with what every move needs: the legal
/// moves (for disambiguation and check marks) and a copy of the position to
/// play them on.
pub(super) struct Writer<'g> {
    pub(super) pos: Position<'g>,
    pub(super) legal: Vec<Move>,
    /// Per kind: whether SAN writes it as a pawn, without a letter.
    pub(super) pawns: Vec<bool>,
    /// The kinds whose attack is a check to SAN (a bit per kind).
    kings: u128,
}

impl<'g> Writer<'g> {
    pub(super) fn new(pos: &Position<'g>) -> Writer<'g> {
        let mut pos = pos.clone();
        let mut legal = Vec::new();
        legal_moves(&mut pos, &mut legal);
        let game = pos.game();
        let pawns = (0..game.pieces.len())
            .map(|k| match game.rules.san_pawns {
                Some(named) => named & 1u128 << k != 0,
                None => is_pawn(game, k as Kind),
            })
            .collect();
        let kings = kings(game);
        Writer {
            pos,
            legal,
            pawns,
            kings,
        }
    }

    pub(super) fn write(&mut self, mv: &Move) -> String {
        self.parts(mv, true).san()
    }

    /// The parts of `mv`'s SAN; its check mark only if `check` is set.
    pub(super) fn parts(&mut self, played: &Move, check: bool) -> Written {
        let game = self.pos.game();
        let mut w = Written::default();
        let mv = &played.raw;
        match mv.kind {
            MoveKind::Transfer => w.whole = Some(uci::write(game, mv)),
            MoveKind::Pass if mv.from == NO_CELL => w.whole = Some(uci::write(game, mv)),
            MoveKind::Castle => {
                // Toward the higher file (a higher cell: cells are numbered
                // along the first axis first), as Fairy-Stockfish compares
                // the king's cell with its partner's.
                let wing = if mv.aux > mv.from { "O-O" } else { "O-O-O" };
                w.whole = Some(wing.to_string());
                if mv.gate != NO_CELL && game.rules.walling.is_none() {
                    w.suffix = format!(
                        "/{}{}",
                        san_letter(game, kind_of(mv.piece)),
                        game.cell_name(mv.gate)
                    );
                }
            }
            MoveKind::Drop => {
                let kind = mv.promotes_to().unwrap_or(kind_of(mv.piece));
                let letter = san_letter(game, kind);
                w.to = game.cell_name(mv.to).to_string();
                w.whole = Some(format!("{letter}@{}", w.to));
                if self.pawns[kind as usize] {
                    // Lichess writes a pawn's drop without its letter.
                    w.pawn_letter = Some(letter);
                }
            }
            _ => self.board_move(mv, &mut w),
        }
        if game.rules.walling.is_some() && mv.gate != NO_CELL {
            w.suffix.push(',');
            w.suffix.push_str(game.cell_name(mv.gate));
        }
        if check {
            w.check = self.check_mark(played);
        }
        w
    }

    /// The parts of a move of a piece from one cell to another.
    fn board_move(&self, mv: &RawMove, w: &mut Written) {
        let game = self.pos.game();
        let kind = kind_of(self.pos.at(mv.from));
        let pawn = self.pawns[kind as usize];
        let letter = san_letter(game, kind);
        if pawn {
            w.pawn_letter = Some(letter);
        } else {
            w.letter = letter.to_string();
        }
        (w.file, w.rank) = file_and_rank(game, mv.from);
        w.square = game.cell_name(mv.from).to_string();
        w.to = game.cell_name(mv.to).to_string();
        w.capture = mv.kind == MoveKind::EnPassant
            || (mv.kind != MoveKind::Pass && mv.from != mv.to && self.pos.at(mv.to) != 0);
        w.disambiguation = if pawn && w.capture {
            w.file.clone()
        } else if pawn
            && mv.promotes_to().is_some()
            && mv.from != mv.to
            && promotes_moving(game, kind)
        {
            // A pawn promoting by a move of its own (sittuyin) is written
            // with its cell, as Fairy-Stockfish writes it.
            w.square.clone()
        } else {
            self.disambiguation(mv, letter, &w.file, &w.rank, &w.square)
        };
        if let Some(k) = mv.promotes_to() {
            w.suffix.push('=');
            w.suffix.push(san_letter(game, k));
        }
        if mv.gate != NO_CELL && game.rules.walling.is_none() {
            w.suffix.push('/');
            w.suffix.push(san_letter(game, kind_of(mv.piece)));
        }
    }

    /// How `mv` is told apart from the legal moves of the other pieces
    /// written with the same letter that land on its cell the same way: by
    /// nothing, its file, its rank, or its whole cell.
    fn disambiguation(
        &self,
        mv: &RawMove,
        letter: char,
        file: &str,
        rank: &str,
        square: &str,
    ) -> String {
        let game = self.pos.game();
        let others: Vec<(String, String)> = self
            .rivals(mv, |k| san_letter(game, k) == letter)
            .map(|c| file_and_rank(game, c))
            .collect();
        if others.is_empty() {
            String::new()
        } else if others.iter().all(|(f, _)| f != file) {
            file.to_string()
        } else if others.iter().all(|(_, r)| r != rank) {
            rank.to_string()
        } else {
            square.to_string()
        }
    }

    /// The origins of the legal moves of the other pieces whose kinds
    /// `same_piece` accepts that land on `mv`'s cell the same way (the same
    /// kind of move, the same change of kind, gating and source): the moves
    /// `mv` must be told apart from.
    pub(super) fn rivals<'a>(
        &'a self,
        mv: &'a RawMove,
        same_piece: impl Fn(Kind) -> bool + 'a,
    ) -> impl Iterator<Item = u16> + 'a {
        self.legal
            .iter()
            .map(|m| &m.raw)
            .filter(move |m| {
                m.to == mv.to
                    && m.from != mv.from
                    && same_kind_of_move(m.kind, mv.kind)
                    && self.same_change(m, mv)
                    && m.source == mv.source
                    && m.gate == mv.gate
                    && (m.gate == NO_CELL || m.piece == mv.piece)
                    && same_piece(kind_of(self.pos.at(m.from)))
            })
            .map(|m| m.from)
    }

    /// Whether two moves change their pieces' kinds alike, as
    /// Fairy-Stockfish's move types tell them apart for disambiguation:
    /// neither does; both turn their piece into its own promoted form or
    /// back (a shogi promotion, a demotion), whatever kinds those are (Kyoto
    /// shogi's golds turn back into a knight and a lance); or both promote
    /// to the same kind.
    fn same_change(&self, a: &RawMove, b: &RawMove) -> bool {
        let game = self.pos.game();
        let flips = |m: &RawMove| {
            m.demotes()
                || m.promotes_to()
                    .is_some_and(|k| game.promoted_form(kind_of(self.pos.at(m.from))) == Some(k))
        };
        match (a.promotes_to(), b.promotes_to()) {
            (None, None) => a.demotes() == b.demotes(),
            (Some(x), Some(y)) => x == y || (flips(a) && flips(b)),
            _ => false,
        }
    }

    /// `+` where the move leaves the opponent in check, `#` where it also
    /// leaves the opponent no legal move; nothing for a move that is not
    /// legal here.
    pub(super) fn check_mark(&mut self, mv: &Move) -> &'static str {
        if !self.legal.contains(mv) {
            return "";
        }
        let opponent = self.pos.side_to_move().opposite();
        let undo = self.pos.make(*mv);
        let kings = self.kings;
        let checked = |c: u16| {
            kings & 1u128 << kind_of(self.pos.at(c)) != 0
                && is_attacked(&self.pos, c, opponent.opposite())
                && !shielded_by_blast(&self.pos, c, opponent)
        };
        let mark = if !self.pos.royals(opponent).iter().any(checked) {
            ""
        } else {
            // No legal reply, whether for want of moves or because a goal
            // has ended the game (a third check), as Fairy-Stockfish
            // counts replies.
            let mut replies = Vec::new();
            legal_moves(&mut self.pos, &mut replies);
            if replies.is_empty() {
                "#"
            } else {
                "+"
            }
        };
        self.pos.unmake(undo);
        mark
    }

    /// The error for a typed move that fits no legal move: why the move it
    /// names is not legal, where a move of the side to move fits it.
    fn why_not(
        &mut self,
        typed: &str,
        wanted: &str,
        written: &[Written],
        legal_from_there: Vec<String>,
    ) -> ParseSanError {
        let game = self.pos.game();
        let mut pseudo = Vec::new();
        pseudo_legal_moves(&self.pos, &mut pseudo);
        let named = [false, true].into_iter().find_map(|fold| {
            let key = squeeze(wanted, fold);
            pseudo.iter().copied().find(|m| {
                let mut w = self.parts(m, false);
                w.disambiguation.clear();
                w.forms().iter().any(|f| squeeze(f, fold) == key)
            })
        });
        let reason = match named {
            Some(mv) => self.pos.illegality(mv).unwrap_or(Illegality::NoSuchMove),
            None if self.legal.is_empty() => self
                .pos
                .illegality_of_text(typed)
                .unwrap_or(Illegality::GameOver),
            None => Illegality::NoSuchMove,
        };
        // The legal moves onto the cell the text ends with (a cell's name
        // is no longer than the longest the game has).
        let longest = game.cell_names().map(str::len).max().unwrap_or(0);
        let cell = (wanted.len().saturating_sub(longest)..wanted.len())
            .filter_map(|i| wanted.get(i..))
            .find(|tail| game.cell(tail).is_some());
        let mut legal_there: Vec<String> = written
            .iter()
            .filter(|w| cell.is_some_and(|c| w.to == c || w.without_check().ends_with(c)))
            .map(Written::san)
            .collect();
        legal_there.sort();
        ParseSanError::Illegal {
            text: typed.to_string(),
            reason,
            legal_there,
            legal_from_there,
        }
    }
}

/// Normal moves and moves that set en passant are one kind of move to
/// disambiguation, as Fairy-Stockfish has one kind for both.
fn same_kind_of_move(a: MoveKind, b: MoveKind) -> bool {
    let plain = |k| matches!(k, MoveKind::Normal | MoveKind::SetsEnPassant);
    a == b || (plain(a) && plain(b))
}

/// The letter SAN writes for `kind`: the one `notation san` gives it (or
/// the kind it is a copy of), else its own, in upper case.
pub(super) fn san_letter(game: &Game, kind: Kind) -> char {
    let piece = &game.pieces[kind as usize];
    let own = match piece.mark {
        Mark::Copy(_) => piece.base,
        _ => kind,
    };
    game.rules
        .san_letters
        .iter()
        .find(|&&(k, _)| k == own)
        .map_or(game.pieces[own as usize].letter, |&(_, l)| l)
        .to_ascii_uppercase()
}

/// Whether SAN writes `kind` as a pawn, without a letter, where the rule
/// file does not say (`notation san pawns`): every movement of
/// it is a forward step that does not capture (once or several times in a
/// row, as a double step), or a single diagonal step forward that only
/// captures, and it has both.
pub(super) fn is_pawn(game: &Game, kind: Kind) -> bool {
    let piece = &game.pieces[kind as usize];
    let vector = |d: u8| game.direction_vector(d);
    let forward = |dirs: &[u8]| !dirs.is_empty() && dirs.iter().all(|&d| vector(d) == Some((0, 1)));
    let diagonals = |dirs: &[u8]| {
        let mut v: Vec<_> = dirs.iter().map(|&d| vector(d)).collect();
        v.sort();
        v.dedup();
        v == [Some((-1, 1)), Some((1, 1))]
    };
    let (mut steps, mut captures) = (false, false);
    for m in &piece.movements {
        match (&m.legs[..], m.modality) {
            ([Leg::Step(dirs)], Modality::Quiet) if forward(dirs) => steps = true,
            ([Leg::Step(dirs)], Modality::Capture) if diagonals(dirs) => captures = true,
            (legs, Modality::Quiet)
                if legs.iter().all(|leg| match leg {
                    Leg::Step(dirs) | Leg::Slide(dirs, _) => forward(dirs),
                    _ => false,
                }) => {}
            _ => return false,
        }
    }
    steps && captures
}

/// The kinds whose attack SAN marks as a check (a bit per kind): those
/// `notation san checks` names, else the royal kinds a side has one of from the start and cannot gain more of, a king.
/// Royal pieces lost by capture rather than by checkmate (Fairy-Stockfish's
/// pseudo-royal pieces) give no check mark: royal kinds that a promotion
/// makes (coregal's queens), and every royal kind where a side's royal
/// pieces are in check only together (`check when all royals attacked`) or
/// only when few (`check when at most N royals`).
fn kings(game: &Game) -> u128 {
    if let Some(kinds) = game.rules.san_checks {
        return kinds;
    }
    if game.rules.check_all_royals || game.rules.royals_at_most.is_some() {
        return 0;
    }
    let promoted = promotion_targets(game);
    (0..game.pieces.len())
        .filter(|&k| game.pieces[k].royal && promoted & 1u128 << k == 0)
        .fold(0, |m, k| m | 1u128 << k)
}

/// The kinds a promotion makes (a bit per kind).
pub(super) fn promotion_targets(game: &Game) -> u128 {
    game.pieces
        .iter()
        .flat_map(|p| p.promotion_targets())
        .fold(0, |m, k| m | 1u128 << k)
}

/// Whether `kind` promotes by a move of its own (`promote in place ...
/// moving`), as sittuyin's pawns do.
pub(super) fn promotes_moving(game: &Game, kind: Kind) -> bool {
    game.pieces[kind as usize].in_place.iter().any(|r| r.moving)
}

/// The labels of a cell's file and rank (its first two coordinates); the
/// whole name for both where the cell has no such coordinates.
pub(crate) fn file_and_rank(game: &Game, c: u16) -> (String, String) {
    let axes = &game.board.axes;
    match game.board.cells[c as usize].coords.first() {
        Some(coords) if axes.len() >= 2 && coords.len() >= 2 => {
            (axes[0].label(coords[0]), axes[1].label(coords[1]))
        }
        _ => {
            let name = game.cell_name(c).to_string();
            (name.clone(), name)
        }
    }
}

/// The text without the marks players add after a move: check and mate
/// (`+`, `#`), comments (`!`, `?`) and spaces.
pub(super) fn without_marks(text: &str) -> &str {
    text.trim_end_matches(['+', '#', '!', '?', ' '])
}

/// Castling typed with zeros or small letters (`0-0`, `o-o-o`) as SAN
/// writes it (`O-O`); any other text as it is.
fn castling_with_letters(text: &str) -> String {
    let (head, tail) = text.split_at(text.find('/').unwrap_or(text.len()));
    let castling = head.len() >= 3
        && head.split('-').count() >= 2
        && head.split('-').all(|p| matches!(p, "0" | "O" | "o"));
    if castling {
        format!("{}{tail}", head.replace(['0', 'o'], "O"))
    } else {
        text.to_string()
    }
}

/// The text without the separators a player may add or leave out (`-`, `x`,
/// `=`, `:`), in lower case when `fold` is set.
fn squeeze(text: &str, fold: bool) -> String {
    let kept = text.chars().filter(|c| !matches!(c, '-' | 'x' | '=' | ':'));
    if fold {
        kept.flat_map(char::to_lowercase).collect()
    } else {
        kept.collect()
    }
}
