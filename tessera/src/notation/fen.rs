//! FEN in and out, for games on one rectangular two-axis board.
//!
//! The conventions are those of Fairy-Stockfish and X-FEN: ranks from the top,
//! digits for runs of empty cells (several digits on boards wider than 9), piece
//! letters upper case for White, then side to move, castling rights (`KQkq` for
//! the outermost partner, file letters for others, `-` for none), the en-passant
//! target, the halfmove clock and the move number. Trailing fields may be left out.
//!
//! A promoted copy (`, marked`) is written with `~` after its letter, unless
//! the game says `notation fen unmarked`: then FEN writes it as the kind it
//! copies, as Fairy-Stockfish writes the promoted pieces of games without
//! hands, and a position read back knows a piece as promoted only where its
//! FEN has the `~` ([`format_marked`] writes it).

use crate::engine::castling::partners_along;
use crate::engine::playable::{check_playable, most_pieces, PositionError};
use crate::engine::Position;
use crate::game::{code, kind_of, side_of, Game, Side};
use std::fmt;

/// Why a FEN string was rejected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseFenError {
    /// The game's board is not one rectangle of two axes.
    NotRectangular,
    /// The game has pools, piece counters or first-move rights other than
    /// castling's, which FEN cannot write.
    NeedsGeneralNotation,
    /// The placement has the wrong number of ranks.
    RankCount {
        /// How many ranks the placement has.
        found: usize,
        /// How many the board has.
        expected: usize,
    },
    /// Rank `rank` (counted from the top, 1-based) has the wrong width.
    RankWidth {
        /// The rank, counted from the top, 1-based.
        rank: usize,
        /// How many cells the rank describes.
        found: usize,
        /// How many the board has along a rank.
        expected: usize,
    },
    /// A letter that names no piece.
    UnknownPiece(char),
    /// A character that does not belong in the placement.
    BadPlacementChar(char),
    /// The side-to-move field is neither `w` nor `b`.
    BadSide(String),
    /// A castling character that names no castling right here.
    BadCastling(char),
    /// The en-passant field is not a cell, or no piece just passed it.
    BadEnPassant(String),
    /// A counter is not a number.
    BadCounter(String),
    /// A counter is larger than [`crate::limits::MAX_MOVE_NUMBER`]; the message.
    CounterTooLarge(String),
    /// More fields than FEN has.
    TooManyFields,
    /// The FEN is empty.
    Empty,
    /// The position could not arise in play: every reason found (read it
    /// anyway with [`parse_unchecked`]).
    Impossible(PositionError),
}

impl fmt::Display for ParseFenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseFenError::NeedsGeneralNotation => write!(
                f,
                "FEN cannot hold this game's board, pools, piece counters or first-move rights; use --position"
            ),
            ParseFenError::NotRectangular => {
                write!(
                    f,
                    "FEN needs a single rectangular board; this game's board is not one"
                )
            }
            ParseFenError::RankCount { found, expected } => {
                write!(f, "FEN has {found} ranks; the board has {expected}")
            }
            ParseFenError::RankWidth {
                rank,
                found,
                expected,
            } => {
                write!(f, "FEN rank {rank} (from the top) has {found} cells; the board has {expected} files")
            }
            ParseFenError::UnknownPiece(c) => {
                write!(f, "FEN piece letter `{c}` names no piece of this game")
            }
            ParseFenError::BadPlacementChar(c) => {
                write!(f, "unexpected `{c}` in the FEN placement")
            }
            ParseFenError::BadSide(s) => write!(f, "FEN side to move `{s}` must be `w` or `b`"),
            ParseFenError::BadCastling(c) => {
                write!(f, "FEN castling right `{c}` matches no king and partner")
            }
            ParseFenError::BadEnPassant(s) => write!(
                f,
                "FEN en-passant square `{s}` does not follow a double step"
            ),
            ParseFenError::BadCounter(s) => write!(f, "FEN counter `{s}` is not a number"),
            ParseFenError::CounterTooLarge(why) => write!(f, "FEN {why}"),
            ParseFenError::TooManyFields => write!(f, "FEN has more fields than it should"),
            ParseFenError::Empty => write!(f, "FEN is empty"),
            ParseFenError::Impossible(why) => write!(f, "FEN position is impossible: {why}"),
        }
    }
}

impl std::error::Error for ParseFenError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ParseFenError::Impossible(e) => Some(e),
            _ => None,
        }
    }
}

/// Parses a FEN string for `game`, as Fairy-Stockfish writes it: a hand in
/// brackets after the placement (`[Pp]`, `[-]`), `+` before a promoted piece's
/// letter and `~` after a promoted copy's, and a check-count field (`3+3`, the
/// checks each side still has to give) where the game counts checks. The
/// castling and en-passant fields may be left out before the clocks.
///
/// The position must be one play could reach ([`check_playable`]: the side
/// not to move not in check, the royal pieces the rules need, no piece where
/// it could never arrive, castling rights only where castling starts, ...);
/// [`parse_unchecked`] reads any.
///
/// # Errors
/// What is wrong and in which field, or [`ParseFenError::Impossible`] with
/// every reason the position could not arise.
pub fn parse<'g>(game: &'g Game, fen: &str) -> Result<Position<'g>, ParseFenError> {
    let pos = parse_unchecked(game, fen)?;
    check_playable(&pos).map_err(ParseFenError::Impossible)?;
    Ok(pos)
}

/// [`parse`] without the check that the position could arise in play: the
/// door for analysing impossible positions (a side without its king, the
/// side not to move in check). The fields must still read, and the hand
/// still hold no more pieces than the game has. Such a position's checked
/// play ([`Position::play`]) still never takes a royal piece where the rules
/// make royal pieces uncapturable.
///
/// # Errors
/// What is wrong and in which field.
pub fn parse_unchecked<'g>(game: &'g Game, fen: &str) -> Result<Position<'g>, ParseFenError> {
    let rect = game
        .board
        .rect
        .as_ref()
        .ok_or(ParseFenError::NotRectangular)?;
    if !has_fen(game) {
        return Err(ParseFenError::NeedsGeneralNotation);
    }
    let fields: Vec<&str> = fen.split_whitespace().collect();
    if fields.is_empty() {
        return Err(ParseFenError::Empty);
    }
    if fields.len() > 7 {
        return Err(ParseFenError::TooManyFields);
    }
    let side = match fields.get(1).copied().unwrap_or("w") {
        "w" => Side::White,
        "b" => Side::Black,
        s => return Err(ParseFenError::BadSide(s.to_string())),
    };
    let mut pos = Position::empty(game, side);
    let (placement, hand) = split_hand(fields[0])?;
    parse_placement(game, rect, placement, &mut pos)?;
    if let Some(hand) = hand {
        parse_hand(game, hand, &mut pos)?;
    }
    // Pieces that no castling concerns keep their first-move right where the setup put them.
    // Where pieces gate, the castling field says which of them may.
    let gating_zone = game.rules.gating.map(|(_, z)| z);
    // Where the castling field carries them (`first_move_letters`), it says
    // which pieces keep their first-move rights.
    let letters = first_move_letters(game);
    for (cell, c) in &game.start.setup {
        let gates = gating_zone.is_some_and(|z| game.in_zone(z, side_of(*c), *cell));
        if pos.at(*cell) == *c
            && !castling_kind(game, kind_of(*c))
            && !gates
            && !letters
            && !game.start.moved.contains(cell)
        {
            // `set_unmoved` ignores kinds that do not track it.
            pos.set_unmoved(*cell, true);
        }
    }
    let rest = &fields[2.min(fields.len())..];
    let numeric = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    let checks = |s: &str| {
        s.split_once('+')
            .is_some_and(|(a, b)| numeric(a) && numeric(b))
    };
    let words: Vec<&str> = rest
        .iter()
        .copied()
        .take_while(|s| !numeric(s) && !checks(s))
        .take(2)
        .collect();
    parse_castling(game, words.first().copied().unwrap_or("-"), &mut pos)?;
    if let Some(ep) = words.get(1).copied().filter(|s| *s != "-") {
        let ep_state = super::read_en_passant(&pos, ep)
            .ok_or_else(|| ParseFenError::BadEnPassant(ep.to_string()))?;
        pos.set_en_passant(Some(ep_state));
    }
    let mut after: Vec<&str> = rest[words.len()..].to_vec();
    // Makruk's count, in place of the en-passant field, before a check count.
    if words.len() == 1 && after.len() >= 2 && numeric(after[0]) && checks(after[1]) {
        after.remove(0);
    }
    let mut rest = after.into_iter().peekable();
    if let Some(field) = rest.next_if(|s| checks(s)) {
        parse_checks(game, field, &mut pos)?;
    }
    let mut clocks: Vec<&str> = rest.collect();
    // Once makruk's count has started, Fairy-Stockfish writes a counting field
    // in place of the en-passant one, before the clocks (`b - 128 0 68`);
    // Tessera has no counting rule (a draw rule, which changes no legal move)
    // and skips it.
    if clocks.len() == 3 && words.len() == 1 {
        clocks.remove(0);
    }
    if clocks.len() > 2 {
        return Err(ParseFenError::TooManyFields);
    }
    let counter = |i: usize, default: u32| -> Result<u32, ParseFenError> {
        clocks.get(i).map_or(Ok(default), |s| {
            crate::limits::read_move_counter(s).map_err(|why| {
                if !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()) {
                    ParseFenError::CounterTooLarge(why)
                } else {
                    ParseFenError::BadCounter(s.to_string())
                }
            })
        })
    };
    pos.halfmove = counter(0, 0)?;
    pos.fullmove = counter(1, 1)?.max(1);
    Ok(pos)
}

/// The placement and, if there is one, the hand in brackets after it.
fn split_hand(field: &str) -> Result<(&str, Option<&str>), ParseFenError> {
    match field.split_once('[') {
        None => Ok((field, None)),
        Some((placement, rest)) => {
            let hand = rest
                .strip_suffix(']')
                .ok_or(ParseFenError::BadPlacementChar('['))?;
            Ok((placement, Some(hand)))
        }
    }
}

/// The pool a FEN's hand stands for: the game's one pool.
pub fn hand_pool(game: &Game) -> Option<usize> {
    (held_pools(game) == 1).then_some(0)
}

/// Reads the hand: no more pieces than the game ever has, counted before
/// anything is stored, then stored with one sort.
fn parse_hand(game: &Game, hand: &str, pos: &mut Position<'_>) -> Result<(), ParseFenError> {
    let pool = hand_pool(game).ok_or(ParseFenError::BadPlacementChar('['))?;
    let count = hand.chars().filter(|&c| c != '-').count();
    let most = most_pieces(game);
    if count > most {
        return Err(ParseFenError::Impossible(PositionError::hand_too_large(
            count, most,
        )));
    }
    let mut pieces = Vec::with_capacity(count);
    for ch in hand.chars().filter(|&c| c != '-') {
        let kind = game
            .kind_by_letter(ch)
            .ok_or(ParseFenError::UnknownPiece(ch))?;
        let side = if ch.is_ascii_uppercase() {
            Side::White
        } else {
            Side::Black
        };
        let start = game.pieces[kind as usize].start_state();
        pieces.push((pool, (code(kind, side), start)));
    }
    pos.add_all_to_pools(pieces);
    Ok(())
}

/// `3+3`: the checks White and Black still have to give.
fn parse_checks(game: &Game, field: &str, pos: &mut Position<'_>) -> Result<(), ParseFenError> {
    let bad = || ParseFenError::BadCounter(field.to_string());
    let (limit, _) = game.goals.check_goal.ok_or_else(bad)?;
    let (white, black) = field.split_once('+').ok_or_else(bad)?;
    let left = |s: &str| -> Result<u8, ParseFenError> {
        let n: u8 = s.parse().map_err(|_| bad())?;
        limit.checked_sub(n).ok_or_else(bad)
    };
    // White's checks still to give are the checks Black may still receive.
    pos.checks = [left(black)?, left(white)?];
    Ok(())
}

/// The pools a position can hold pieces in: all but that of `drop new`,
/// which is the last.
fn held_pools(game: &Game) -> usize {
    game.pools.pool_names.len() - usize::from(game.pools.new_pool.is_some())
}

/// Whether the castling field carries the first-move rights of pieces that
/// no castling concerns, by their files, as Fairy-Stockfish writes the
/// rights of Cambodian chess's king and met (`DEde`): in a game without
/// gating where such a kind remembers whether its pieces have moved.
pub(crate) fn first_move_letters(game: &Game) -> bool {
    game.rules.gating.is_none()
        && game
            .pieces
            .iter()
            .enumerate()
            .any(|(k, p)| p.tracks_unmoved && !castling_kind(game, k as u8))
}

/// The cell of the setup whose first-move right the letter of file `file`
/// names for `side` (see [`first_move_letters`]): the one set up on that
/// file with a piece of a kind that no castling concerns and that remembers
/// whether it has moved.
fn first_move_cell(game: &Game, side: Side, file: i64) -> Option<u16> {
    game.start.setup.iter().find_map(|&(cell, c)| {
        let k = kind_of(c);
        (side_of(c) == side
            && file_of(game, cell) == file
            && game.pieces[k as usize].tracks_unmoved
            && !castling_kind(game, k))
        .then_some(cell)
    })
}

/// Whether every first-move right the castling field carries by a file
/// letter names one cell, as Fairy-Stockfish reads it: the pieces with such
/// rights are set up on their side's first rank (the board's first for
/// White, its last for Black), no two of one side on one file.
fn first_move_files_distinct(game: &Game) -> bool {
    let Some(rect) = game.board.rect.as_ref() else {
        return false;
    };
    let mut seen = Vec::new();
    for &(cell, c) in &game.start.setup {
        let k = kind_of(c);
        if game.pieces[k as usize].tracks_unmoved && !castling_kind(game, k) {
            let home = match side_of(c) {
                Side::White => rect.first(),
                Side::Black => rect.last(),
            };
            if !home.is_some_and(|rank| rank.contains(&cell)) {
                return false;
            }
            let key = (side_of(c), file_of(game, cell));
            if seen.contains(&key) {
                return false;
            }
            seen.push(key);
        }
    }
    true
}

/// Whether FEN can write every position of `game`: one rectangle, at most
/// one pool (the hand), no piece counters, and no first-move rights beyond
/// castling's, gating's, and those the castling field names by their files
/// (one piece of a side on a file at most).
pub fn has_fen(game: &Game) -> bool {
    // Castling rights name a file by one letter.
    game.board
        .rect
        .as_ref()
        .is_some_and(|rect| rect[0].len() <= crate::limits::MAX_FEN_FILES)
        && held_pools(game) <= 1
        && game.pieces.iter().all(|p| p.counter.is_none())
        && (!first_move_letters(game) || first_move_files_distinct(game))
}

fn castling_kind(game: &Game, kind: u8) -> bool {
    game.rules
        .castlings
        .iter()
        .any(|c| c.king == kind || c.rook == kind)
}

fn parse_placement(
    game: &Game,
    rect: &[Vec<u16>],
    text: &str,
    pos: &mut Position<'_>,
) -> Result<(), ParseFenError> {
    let rows: Vec<&str> = text.split('/').collect();
    if rows.len() != rect.len() {
        return Err(ParseFenError::RankCount {
            found: rows.len(),
            expected: rect.len(),
        });
    }
    let files = rect[0].len();
    for (i, row) in rows.iter().enumerate() {
        let cells = &rect[rect.len() - 1 - i];
        let mut file = 0usize;
        let mut chars = row.chars().peekable();
        while let Some(ch) = chars.next() {
            if let Some(d) = ch.to_digit(10) {
                let mut n = d as usize;
                while let Some(d2) = chars.peek().and_then(|c| c.to_digit(10)) {
                    n = n.saturating_mul(10).saturating_add(d2 as usize);
                    chars.next();
                }
                file = file.saturating_add(n);
            } else if ch == '~' {
                // A promoted piece: the copy that remembers it, where the game
                // keeps one; elsewhere promotion does not matter.
                let last = file.checked_sub(1).filter(|&f| f < files).map(|f| cells[f]);
                if let Some(c) = last.filter(|&c| pos.at(c) != 0) {
                    let piece = pos.at(c);
                    let copy = game.pieces.iter().position(|p| {
                        matches!(p.mark, crate::game::Mark::Copy(_)) && p.base == kind_of(piece)
                    });
                    if let Some(k) = copy {
                        pos.take(c);
                        pos.put(c, code(k as u8, side_of(piece)));
                    }
                }
            } else if ch.is_ascii_alphabetic() || ch == '+' || ch == '*' {
                let promoted = ch == '+';
                let ch = if promoted {
                    chars.next().ok_or(ParseFenError::BadPlacementChar('+'))?
                } else {
                    ch
                };
                let mut kind = game
                    .kind_by_letter(ch)
                    .ok_or(ParseFenError::UnknownPiece(ch))?;
                if promoted {
                    kind = game
                        .promoted_form(kind)
                        .ok_or(ParseFenError::BadPlacementChar('+'))?;
                }
                let side = if ch.is_ascii_uppercase() || game.pieces[kind as usize].neutral {
                    Side::White
                } else {
                    Side::Black
                };
                if file < files {
                    pos.put(cells[file], code(kind, side));
                }
                file = file.saturating_add(1);
            } else {
                return Err(ParseFenError::BadPlacementChar(ch));
            }
        }
        if file != files {
            return Err(ParseFenError::RankWidth {
                rank: i + 1,
                found: file,
                expected: files,
            });
        }
    }
    Ok(())
}

/// The file coordinate of a cell on a rectangular board.
fn file_of(game: &Game, c: u16) -> i64 {
    game.board.cells[c as usize].coords[0][0]
}

fn parse_castling(game: &Game, text: &str, pos: &mut Position<'_>) -> Result<(), ParseFenError> {
    // A game whose field carries nothing (no castling, gating or first-move
    // rights) ignores it, as Fairy-Stockfish reads the start FEN of a
    // variant whose castling is turned off.
    let letters = first_move_letters(game);
    if text == "-" || (game.rules.castlings.is_empty() && game.rules.gating.is_none() && !letters) {
        return Ok(());
    }
    for ch in text.chars() {
        let side = if ch.is_ascii_uppercase() {
            Side::White
        } else {
            Side::Black
        };
        // A file letter may name a piece's first-move right.
        if letters && ch.is_ascii_alphabetic() && !matches!(ch.to_ascii_uppercase(), 'K' | 'Q') {
            let file = ch.to_ascii_uppercase() as i64 - 'A' as i64;
            if let Some(c) = first_move_cell(game, side, file) {
                if pos.at(c) != 0 && side_of(pos.at(c)) == side {
                    pos.set_unmoved(c, true);
                }
                continue;
            }
        }
        // Where pieces gate, a file letter is one piece's gating right (as in
        // Seirawan chess: `KQBCDFGkqbcdfg`), and only `K` and `Q` castle.
        if game.rules.gating.is_some() && !matches!(ch.to_ascii_uppercase(), 'K' | 'Q') {
            if gating_right(game, ch, side, pos) {
                continue;
            }
            return Err(ParseFenError::BadCastling(ch));
        }
        let mut found = false;
        for c in &game.rules.castlings {
            let kings: Vec<u16> = pos
                .occupied(side)
                .iter()
                .filter(|&k| pos.at(k) == code(c.king, side))
                .collect();
            for king in kings {
                for &d in &c.dirs {
                    let partners = partners_along(pos, king, d, code(c.rook, side));
                    let rook = match ch.to_ascii_uppercase() {
                        'K' | 'Q' => {
                            let east = partners
                                .first()
                                .is_some_and(|&r| file_of(game, r) > file_of(game, king));
                            (east == ch.eq_ignore_ascii_case(&'K'))
                                .then(|| partners.last().copied())
                                .flatten()
                        }
                        l => partners.iter().copied().find(|&r| {
                            let f = file_of(game, r);
                            char::from_u32('A' as u32 + f as u32) == Some(l)
                        }),
                    };
                    if let Some(r) = rook {
                        pos.set_unmoved(king, true);
                        pos.set_unmoved(r, true);
                        found = true;
                    }
                }
            }
        }
        if !found {
            return Err(ParseFenError::BadCastling(ch));
        }
    }
    Ok(())
}

/// A file letter of the castling field that names no castling partner: in a
/// game with gating, the right of the piece of `side` on that file in the
/// gating zone to gate on its first move. Whether there was one.
fn gating_right(game: &Game, letter: char, side: Side, pos: &mut Position<'_>) -> bool {
    let Some((_, zone)) = game.rules.gating else {
        return false;
    };
    let file = letter.to_ascii_uppercase() as i64 - 'A' as i64;
    let cell = game.board.zones[zone][side.index()]
        .iter()
        .find(|&c| file_of(game, c) == file && pos.at(c) != 0 && side_of(pos.at(c)) == side);
    if let Some(c) = cell {
        pos.set_unmoved(c, true);
    }
    cell.is_some()
}

/// Writes `pos` as FEN.
///
/// # Panics
/// Never for positions of a game with a rectangular board; other games have no FEN
/// and get `None`.
pub fn format(pos: &Position<'_>) -> Option<String> {
    write(pos, !pos.game().rules.fen_unmarked)
}

/// Writes `pos` as FEN with every promoted copy's `~`, even in a game that
/// says `notation fen unmarked` (Fairy-Stockfish's `showPromoted`).
///
/// # Examples
/// ```
/// use tessera::notation::fen;
/// let game = tessera::compile_str(include_str!("../../../games/makruk.game"))?;
/// let pos = fen::parse(&game, "4k3/8/8/P7/8/8/8/4K3 w - - 0 1")?;
/// let mut pos = pos;
/// let mv = pos.parse_move("a5a6m")?;
/// pos.make(mv);
/// assert_eq!(fen::format(&pos).unwrap(), "4k3/8/M7/8/8/8/8/4K3 b - - 0 1");
/// assert_eq!(fen::format_marked(&pos).unwrap(), "4k3/8/M~7/8/8/8/8/4K3 b - - 0 1");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn format_marked(pos: &Position<'_>) -> Option<String> {
    write(pos, true)
}

/// FEN, with or without the `~` of promoted copies.
fn write(pos: &Position<'_>, marks: bool) -> Option<String> {
    let game = pos.game();
    let rect = game.board.rect.as_ref().filter(|_| has_fen(game))?;
    let mut s = String::new();
    for (i, row) in rect.iter().rev().enumerate() {
        if i > 0 {
            s.push('/');
        }
        let mut empty = 0;
        for &c in row {
            let code = pos.at(c);
            if code == 0 {
                empty += 1;
            } else {
                if empty > 0 {
                    s.push_str(&empty.to_string());
                    empty = 0;
                }
                let text = game.piece_text(code);
                s.push_str(if marks {
                    &text
                } else {
                    text.strip_suffix('~').unwrap_or(&text)
                });
            }
        }
        if empty > 0 {
            s.push_str(&empty.to_string());
        }
    }
    if let Some(pool) = hand_pool(game) {
        s.push('[');
        for side in [Side::White, Side::Black] {
            for &(piece, _) in pos.pool(pool, side) {
                s.push(game.letter(piece));
            }
        }
        s.push(']');
    }
    s.push(' ');
    s.push(if pos.side_to_move() == Side::White {
        'w'
    } else {
        'b'
    });
    s.push(' ');
    s.push_str(&castling_rights(pos));
    s.push(' ');
    // As Fairy-Stockfish writes it: only where the side to move has an
    // en-passant capture there, legal or not.
    if crate::engine::keys::en_passant_capturable(pos) {
        s.push_str(&super::write_en_passant(pos));
    } else {
        s.push('-');
    }
    if let Some((limit, _)) = game.goals.check_goal {
        let left = |side: Side| limit.saturating_sub(pos.checks[side.opposite().index()]);
        s.push_str(&format!(" {}+{}", left(Side::White), left(Side::Black)));
    }
    s.push_str(&format!(" {} {}", pos.halfmove, pos.fullmove));
    Some(s)
}

fn castling_rights(pos: &Position<'_>) -> String {
    let game = pos.game();
    let mut out = String::new();
    for side in [Side::White, Side::Black] {
        // Each right with its place in the field: `K`, `Q`, then file letters
        // (Chess960's: the kingside partner's first).
        let mut rights: Vec<((u8, u8), char)> = Vec::new();
        // The cells whose right a castling letter already says.
        let mut said: Vec<u16> = Vec::new();
        for c in &game.rules.castlings {
            for king in pos.occupied(side).iter() {
                if pos.at(king) != code(c.king, side) || !pos.is_unmoved(king) {
                    continue;
                }
                for &d in &c.dirs {
                    let partners = partners_along(pos, king, d, code(c.rook, side));
                    for (i, &r) in partners.iter().enumerate() {
                        if !pos.is_unmoved(r) {
                            continue;
                        }
                        said.extend([king, r]);
                        let east = file_of(game, r) > file_of(game, king);
                        // Chess960 rights are written by the partner's file
                        // (Shredder-FEN), as Fairy-Stockfish writes them.
                        let ch = if i + 1 == partners.len() && c.fixed.is_none() {
                            if east {
                                'K'
                            } else {
                                'Q'
                            }
                        } else {
                            char::from_u32('A' as u32 + file_of(game, r) as u32).unwrap_or('?')
                        };
                        let key = match ch {
                            'K' => (0, 0),
                            'Q' => (1, 0),
                            _ if c.fixed.is_some() => (2, u8::from(!east)),
                            _ => (3, 0),
                        };
                        rights.push((key, ch));
                    }
                }
            }
        }
        // Gating rights: every other unmoved piece of the gating zone, by the
        // letter of its file, as Fairy-Stockfish writes Seirawan chess; none
        // once the side's gating pool is empty, where no piece can gate,
        // unless captured pieces may still fill it (S-House).
        if let Some((_, zone)) = game
            .rules
            .gating
            .filter(|&(p, _)| !pos.pool(p, side).is_empty() || game.pools.captured_to == Some(p))
        {
            for c in game.board.zones[zone][side.index()].iter() {
                if pos.at(c) != 0 && pos.is_unmoved(c) && !said.contains(&c) {
                    rights.push((
                        (3, 0),
                        char::from_u32('A' as u32 + file_of(game, c) as u32).unwrap_or('?'),
                    ));
                }
            }
        }
        // First-move rights of pieces that no castling concerns, by their
        // files (Cambodian chess's king and met: `DEde`).
        if first_move_letters(game) {
            for c in pos.occupied(side).iter() {
                let k = kind_of(pos.at(c));
                if pos.is_unmoved(c) && !castling_kind(game, k) {
                    rights.push((
                        (3, 0),
                        char::from_u32('A' as u32 + file_of(game, c) as u32).unwrap_or('?'),
                    ));
                }
            }
        }
        // Kingside first, then queenside, then file letters: the usual order.
        rights.sort();
        rights.dedup();
        for (_, ch) in rights {
            out.push(if side == Side::White {
                ch
            } else {
                ch.to_ascii_lowercase()
            });
        }
    }
    if out.is_empty() {
        out.push('-');
    }
    out
}
