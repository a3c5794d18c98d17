//! Moves in the notation a game's players write, as `notation moves` names
//! it ([`MoveNotation`]), each written exactly as Fairy-Stockfish writes the
//! notation of the same name (`get_san` with `NOTATION_SHOGI_HODGES_NUMBER`,
//! `NOTATION_XIANGQI_WXF`, `NOTATION_JANGGI`, `NOTATION_LAN`, ...), and read
//! back.
//!
//! Every notation is derived from the board and the pieces, never from a
//! game's name: files and ranks are the columns and rows of the board as FEN
//! draws it (the first player at the bottom), and pieces are written by
//! their SAN letters (`notation san`).
//!
//! - `shogi-hodges-number`: files numbered from the right, ranks from the
//!   top (`P-76`); a capture `x` (`Bx33`); a drop `*` (`P*55`); a promoted
//!   piece by `+` and its unpromoted letter (`+R-28`); a promotion ends in
//!   `+`, one declined where it was possible in `=`, a demotion in `-`; the
//!   origin's cell only where another piece of the kind could land there;
//!   no check marks. `shogi-hodges` letters the ranks from the top (`P-7f`)
//!   and `shogi-hosking` leaves out the `-` of a plain move (`P76`) and
//!   drops with `'` (`P'55`).
//! - `xiangqi-wxf`: the piece, its file numbered from the mover's right,
//!   `+` forward, `-` backward or `=` sideways, then the number of ranks
//!   moved along a file or the file arrived at (`C2=5`, `H2+3`); of two
//!   pieces of a kind on one file, the front one is `+` and the rear one `-`
//!   instead of the file (`R+=4`), and three or more (or two pairs) by
//!   their number counted from the front instead of the letter (`1=4`,
//!   `2+1`); no check marks.
//! - `janggi`: the piece, its cell and its destination, each as the rank
//!   counted from the top (the tenth as 0) and the file from the left,
//!   joined by `-` or `x` (`H02-83`, `C83x03`), with check marks.
//! - `lan`: SAN with the origin's cell always and `-` for a quiet move
//!   (`Ng1-f3`, `e2-e4`, `Bf1xb5+`).
//! - `thai-san`: SAN with the files lettered ก ข ค ง จ ฉ ช ญ ต ถ ธ น from
//!   the left, the ranks in Thai digits (๑ ๒ ...), the pieces by the Thai
//!   letters of what they move as, and `-` before the destination of a
//!   piece's plain move (`ก๔`, `ม-ง๒`, `รxก๘+`). `thai-lan` writes every
//!   piece's letter (a pawn's too), a space and the origin's cell
//!   (`บ ก๓-ก๔`).
//!
//! Thai letters name pieces by their movement, as Thai players name them:
//! the royal piece that no promotion makes ข (khun), a pawn บ (bia), one
//! step diagonally ม็ (met; ง for one made by promotion, the bia ngai, where
//! the game remembers promotions: `, marked`, which the makruk family's files
//! say with `notation fen unmarked` so that their FEN stays
//! Fairy-Stockfish's), one step diagonally or
//! straight forward ค (khon), the knight's leap ม (ma), the rook's slide ร
//! (ruea), all three of rook, knight and met ว (ai-wok); any other piece X,
//! as Fairy-Stockfish writes it. Moves a piece has on its first move only
//! (cambodian's met's leap) leave its letter as it is.
//!
//! Reading accepts a move as written, with or without its check mark, in
//! either case where one move fits, and every form [`san::parse`] reads
//! (coordinates, SAN); the shogi notations also read USI (`7g7f`, `P*5e`).
//! On a board with no rows and columns the notation is SAN.
//!
//! Nothing here runs during move generation, perft or search.

use super::san::{self, is_pawn, promotes_moving, promotion_targets, san_letter, without_marks};
use super::san::{ParseSanError, Writer};
use super::{uci, usi};
use crate::engine::moves::{Move, MoveKind, RawMove, NO_CELL};
use crate::engine::position::Position;
use crate::game::{kind_of, side_of, Game, Kind, Mark, MoveNotation, Side};

/// Writes `mv`, a legal move of `pos`, in the game's own notation
/// ([`Game::move_notation`]).
///
/// # Examples
/// ```
/// use tessera::notation::own;
/// let game = tessera::compile_str(include_str!("../../../games/shogi.game"))?;
/// let pos = tessera::Position::start(&game);
/// let mv = own::parse(&pos, "7g7f")?; // USI is read too
/// assert_eq!(own::format(&pos, &mv), "P-76");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn format(pos: &Position<'_>, mv: &Move) -> String {
    format_in(pos, mv, pos.game().move_notation())
}

/// Writes `mv`, a legal move of `pos`, in `notation`. A move that does not
/// fit the game is written as [`Move::text`] writes it.
pub fn format_in(pos: &Position<'_>, mv: &Move, notation: MoveNotation) -> String {
    if !mv.fits(pos.game()) {
        return mv.text(pos.game());
    }
    Own::new(pos, notation).write(mv)
}

/// Every legal move of `pos`, in the order the engine lists them, with its
/// text in `notation`.
pub fn legal_moves_in(pos: &Position<'_>, notation: MoveNotation) -> Vec<(Move, String)> {
    let mut own = Own::new(pos, notation);
    let moves = own.san.legal.clone();
    moves
        .into_iter()
        .map(|m| {
            let text = own.write(&m);
            (m, text)
        })
        .collect()
}

/// The moves of `line` from `pos` in the game's own notation, numbered as
/// game records number them (`1. P-76 P-34`), as [`san::numbered`] numbers
/// SAN.
pub fn numbered(pos: &Position<'_>, line: &[Move]) -> String {
    san::numbered_with(pos, line, format)
}

/// Reads a move typed in the game's own notation, or in any form
/// [`san::parse`] reads.
///
/// # Errors
/// As [`san::parse`]; a text several moves are written as is
/// [`ParseSanError::Ambiguous`].
pub fn parse(pos: &Position<'_>, text: &str) -> Result<Move, ParseSanError> {
    parse_in(pos, text, pos.game().move_notation())
}

/// Reads a move typed in `notation`, or in any form [`san::parse`] reads.
///
/// # Errors
/// As [`parse`].
pub fn parse_in(
    pos: &Position<'_>,
    text: &str,
    notation: MoveNotation,
) -> Result<Move, ParseSanError> {
    let typed = text.trim();
    if notation == MoveNotation::San || typed.is_empty() {
        return san::parse(pos, typed);
    }
    match parse_strictly(pos, typed, notation) {
        Err(ParseSanError::Empty) => {}
        found => return found,
    }
    let own = Own::new(pos, notation);
    if own.is_shogi() {
        let mut probe = pos.clone();
        if let Ok(mv) = usi::parse(&mut probe, typed) {
            return Ok(mv);
        }
    }
    san::parse(pos, typed)
}

/// Reads a move as `notation` writes it, without or with its check mark, in
/// any case where one move fits; `Empty` where none fits.
fn parse_strictly(
    pos: &Position<'_>,
    typed: &str,
    notation: MoveNotation,
) -> Result<Move, ParseSanError> {
    let mut own = Own::new(pos, notation);
    let legal = own.san.legal.clone();
    let written: Vec<(String, String)> = legal
        .iter()
        .map(|m| (own.write(m), own.write_unchecked(m)))
        .collect();
    // As written; then without a check mark, where the notation has them
    // (a shogi promotion and a WXF move keep their `+`); then in any case.
    let marks = own.checks();
    let bare = if marks { without_marks(typed) } else { typed };
    // The last stage also leaves out spaces (Thai LAN's after the piece).
    let spaceless = |t: &str| t.replace(' ', "");
    let fits = |stage: u8, (w, u): &(String, String)| match stage {
        0 => w == typed,
        1 => marks && u == bare,
        _ => {
            spaceless(w).eq_ignore_ascii_case(&spaceless(typed))
                || (marks && spaceless(u).eq_ignore_ascii_case(&spaceless(bare)))
        }
    };
    for stage in 0..3 {
        let found: Vec<usize> = (0..legal.len())
            .filter(|&i| fits(stage, &written[i]))
            .collect();
        match found.len() {
            0 => continue,
            1 => return Ok(legal[found[0]]),
            _ => {
                // A notation may write two moves alike (WXF's `M8+7` for a
                // banner's slide seven ranks forward and its leap to the
                // seventh file): each is named with its coordinates too.
                let alike = found.iter().all(|&i| written[i].0 == written[found[0]].0);
                let name = |i: usize| {
                    if alike {
                        format!("{} ({})", written[i].0, uci::format(pos.game(), &legal[i]))
                    } else {
                        written[i].0.clone()
                    }
                };
                return Err(ParseSanError::Ambiguous {
                    text: typed.to_string(),
                    candidates: found.iter().map(|&i| name(i)).collect(),
                });
            }
        }
    }
    Err(ParseSanError::Empty)
}

/// How a move is told apart from the other moves onto its cell.
#[derive(Copy, Clone, PartialEq, Eq)]
enum Origin {
    None,
    File,
    Rank,
    Square,
}

/// Writes the moves of one position in one notation.
struct Own<'g> {
    san: Writer<'g>,
    notation: MoveNotation,
    /// Per cell, its file and rank counted from 0 at the first player's
    /// lower left, where the board is one rectangle.
    places: Option<Vec<Option<(i64, i64)>>>,
    /// The highest file and rank.
    max: (i64, i64),
}

impl<'g> Own<'g> {
    fn new(pos: &Position<'g>, notation: MoveNotation) -> Own<'g> {
        let game = pos.game();
        let mut max = (0, 0);
        let places = game.board.rect.as_ref().map(|rect| {
            let mut places = vec![None; game.cell_count()];
            for (rank, row) in rect.iter().enumerate() {
                for (file, &c) in row.iter().enumerate() {
                    if let Some(p) = places.get_mut(c as usize) {
                        *p = Some((file as i64, rank as i64));
                        max = (max.0.max(file as i64), max.1.max(rank as i64));
                    }
                }
            }
            places
        });
        Own {
            san: Writer::new(pos),
            notation,
            places,
            max,
        }
    }

    fn game(&self) -> &'g Game {
        self.san.pos.game()
    }

    fn is_shogi(&self) -> bool {
        matches!(
            self.notation,
            MoveNotation::ShogiHodgesNumber
                | MoveNotation::ShogiHodges
                | MoveNotation::ShogiHosking
        )
    }

    fn is_thai(&self) -> bool {
        matches!(self.notation, MoveNotation::ThaiSan | MoveNotation::ThaiLan)
    }

    /// Whether the notation marks checks (`+`, `#`).
    fn checks(&self) -> bool {
        !self.is_shogi() && self.notation != MoveNotation::XiangqiWxf
    }

    /// The file and rank of cell `c`.
    fn place(&self, c: u16) -> Option<(i64, i64)> {
        *self.places.as_ref()?.get(c as usize)?
    }

    fn write(&mut self, mv: &Move) -> String {
        let mut text = self.write_unchecked(mv);
        if self.checks() {
            text.push_str(self.san.check_mark(mv));
        }
        text
    }

    /// The move without its check mark.
    fn write_unchecked(&mut self, mv: &Move) -> String {
        let raw = mv.raw;
        let placed = |c: u16| c == NO_CELL || self.place(c).is_some();
        let plain = match raw.kind {
            MoveKind::Castle | MoveKind::Transfer => false,
            MoveKind::Pass => raw.from != NO_CELL,
            MoveKind::Drop => placed(raw.to),
            _ => true,
        };
        if self.notation == MoveNotation::San || !plain || !placed(raw.to) || !placed(raw.gate) {
            // Castling, transfers, passes without a piece and boards without
            // rows are written as SAN writes them.
            return self.san.parts(mv, false).san();
        }
        if raw.kind == MoveKind::Drop {
            return self.drop(&raw);
        }
        if self.place(raw.from).is_none() {
            return self.san.parts(mv, false).san();
        }
        self.board_move(&raw)
    }

    fn drop(&self, mv: &RawMove) -> String {
        let game = self.game();
        let in_hand = kind_of(mv.piece);
        let letter = match mv.promotes_to() {
            Some(_) if self.is_shogi() => format!("+{}", fen_letter(game, in_hand)),
            Some(k) if self.is_thai() => thai_letter(game, k, &self.san.pawns).to_string(),
            None if self.is_thai() => thai_letter(game, in_hand, &self.san.pawns).to_string(),
            Some(k) => san_letter(game, k).to_string(),
            None => san_letter(game, in_hand).to_string(),
        };
        let mark = match self.notation {
            MoveNotation::ShogiHosking => '\'',
            MoveNotation::ShogiHodges | MoveNotation::ShogiHodgesNumber => '*',
            _ => '@',
        };
        let space = if self.notation == MoveNotation::ThaiLan {
            " "
        } else {
            ""
        };
        format!("{letter}{space}{mark}{}", self.square(mv.to))
    }

    fn board_move(&self, mv: &RawMove) -> String {
        let game = self.game();
        let pos = &self.san.pos;
        let kind = kind_of(pos.at(mv.from));
        let us = pos.side_to_move();
        let capture = mv.kind == MoveKind::EnPassant
            || (mv.kind != MoveKind::Pass && mv.from != mv.to && pos.at(mv.to) != 0);
        let (from, to) = (self.place(mv.from), self.place(mv.to));
        let ((ff, fr), (tf, tr)) = (from.unwrap_or_default(), to.unwrap_or_default());
        let mut text = self.piece(mv, kind);
        if self.notation == MoveNotation::ThaiLan {
            text.push(' ');
        }
        let origin = self.origin(mv, kind, capture);
        text.push_str(&match origin {
            Origin::None => String::new(),
            Origin::File => self.file(mv.from),
            Origin::Rank => self.rank(mv.from),
            Origin::Square => self.square(mv.from),
        });
        if self.notation == MoveNotation::XiangqiWxf {
            let forward = |r: i64| if us == Side::White { r } else { -r };
            text.push(if fr == tr {
                '='
            } else if forward(tr) > forward(fr) {
                '+'
            } else {
                '-'
            });
            if ff == tf {
                text.push_str(&(tr - fr).abs().to_string());
            } else {
                text.push_str(&self.file(mv.to));
            }
        } else {
            let dash = match self.notation {
                MoveNotation::Lan | MoveNotation::Janggi | MoveNotation::ThaiLan => true,
                MoveNotation::ThaiSan => !self.san.pawns[kind as usize],
                MoveNotation::ShogiHodges | MoveNotation::ShogiHodgesNumber => true,
                MoveNotation::ShogiHosking => origin == Origin::Square,
                _ => false,
            };
            if capture {
                text.push('x');
            } else if dash {
                text.push('-');
            }
            text.push_str(&self.square(mv.to));
        }
        text.push_str(&self.promotion(mv, kind));
        if mv.gate != NO_CELL {
            if game.rules.walling.is_some() {
                text.push(',');
                text.push_str(&self.square(mv.gate));
            } else {
                text.push('/');
                text.push(san_letter(game, kind_of(mv.piece)));
            }
        }
        text
    }

    /// The piece's part: its letter, `+` and its unpromoted letter in the
    /// shogi notations, nothing for a pawn in LAN, or in WXF a number
    /// counting from the front where a file holds many of its kind.
    fn piece(&self, mv: &RawMove, kind: Kind) -> String {
        let game = self.game();
        match self.notation {
            MoveNotation::Lan | MoveNotation::ThaiSan if self.san.pawns[kind as usize] => {
                String::new()
            }
            MoveNotation::ThaiSan | MoveNotation::ThaiLan => {
                thai_letter(game, kind, &self.san.pawns).to_string()
            }
            MoveNotation::XiangqiWxf => {
                let (ours, multi) = self.file_mates(mv.from, kind);
                if ours.len() + usize::from(multi) >= 3 {
                    let ahead = ours.iter().filter(|&&c| self.ahead(c, mv.from)).count();
                    (ahead + 1).to_string()
                } else {
                    san_letter(game, kind).to_string()
                }
            }
            _ if self.is_shogi() => match unpromoted(game, kind) {
                Some(base) => format!("+{}", fen_letter(game, base)),
                None => san_letter(game, kind).to_string(),
            },
            _ => san_letter(game, kind).to_string(),
        }
    }

    /// How much of the origin the move shows.
    fn origin(&self, mv: &RawMove, kind: Kind, capture: bool) -> Origin {
        match self.notation {
            MoveNotation::Lan | MoveNotation::Janggi | MoveNotation::ThaiLan => Origin::Square,
            MoveNotation::XiangqiWxf => {
                let (ours, multi) = self.file_mates(mv.from, kind);
                if ours.len() == 2 && !multi {
                    // By front and rear where the other piece could make the
                    // same step, as far as its region goes.
                    let other = ours.iter().copied().find(|&c| c != mv.from);
                    let (from, to) = (self.place(mv.from), self.place(mv.to));
                    if let (Some(o), Some((ff, fr)), Some((tf, tr))) =
                        (other.and_then(|c| self.place(c)), from, to)
                    {
                        let target = (o.0 + tf - ff, o.1 + tr - fr);
                        if self.in_region(kind, target) {
                            return Origin::Rank;
                        }
                    }
                }
                Origin::File
            }
            _ if self.is_shogi() => {
                if self.san.rivals(mv, |k| k == kind).next().is_some() {
                    Origin::Square
                } else {
                    Origin::None
                }
            }
            _ => {
                // Thai SAN, as SAN: a pawn's capture by its file, a pawn
                // promoting by a move of its own by its cell, else against
                // the pieces of its kind (a promoted copy is of its kind).
                let game = self.game();
                let pawn = self.san.pawns[kind as usize];
                if pawn && capture {
                    return Origin::File;
                }
                if pawn
                    && mv.promotes_to().is_some()
                    && mv.from != mv.to
                    && promotes_moving(game, kind)
                {
                    return Origin::Square;
                }
                let base = game.pieces[kind as usize].base;
                let others: Vec<(i64, i64)> = self
                    .san
                    .rivals(mv, |k| game.pieces[k as usize].base == base)
                    .filter_map(|c| self.place(c))
                    .collect();
                let (f, r) = self.place(mv.from).unwrap_or_default();
                if others.is_empty() {
                    Origin::None
                } else if others.iter().all(|o| o.0 != f) {
                    Origin::File
                } else if others.iter().all(|o| o.1 != r) {
                    Origin::Rank
                } else {
                    Origin::Square
                }
            }
        }
    }

    /// The cells of the mover's pieces of `kind` on `c`'s file, and whether
    /// two files or more hold two such pieces or more.
    fn file_mates(&self, c: u16, kind: Kind) -> (Vec<u16>, bool) {
        let pos = &self.san.pos;
        let us = pos.side_to_move();
        let mine: Vec<u16> = (0..self.game().cell_count() as u16)
            .filter(|&x| {
                let code = pos.at(x);
                code != 0 && side_of(code) == us && kind_of(code) == kind && self.place(x).is_some()
            })
            .collect();
        let file = |x: u16| self.place(x).map(|p| p.0);
        let mut files: Vec<i64> = mine.iter().filter_map(|&x| file(x)).collect();
        files.sort_unstable();
        let crowded = files
            .chunk_by(|a, b| a == b)
            .filter(|run| run.len() > 1)
            .count();
        let ours = mine.into_iter().filter(|&x| file(x) == file(c)).collect();
        (ours, crowded >= 2)
    }

    /// Whether `a` is ahead of `b` on its file, as the side to move faces.
    fn ahead(&self, a: u16, b: u16) -> bool {
        match (self.place(a), self.place(b)) {
            (Some((_, ra)), Some((_, rb))) => {
                if self.san.pos.side_to_move() == Side::White {
                    ra > rb
                } else {
                    ra < rb
                }
            }
            _ => false,
        }
    }

    /// Whether a piece of `kind` of the side to move may stand on the place
    /// `(file, rank)`: on the board, and in the zones its movements are all
    /// confined to (`to palace`), if they all are.
    fn in_region(&self, kind: Kind, (file, rank): (i64, i64)) -> bool {
        let game = self.game();
        let Some(cell) = game.board.rect.as_ref().and_then(|rect| {
            rect.get(usize::try_from(rank).ok()?)?
                .get(usize::try_from(file).ok()?)
                .copied()
        }) else {
            return false;
        };
        let side = self.san.pos.side_to_move();
        let zones: Option<Vec<usize>> = game.pieces[kind as usize]
            .movements
            .iter()
            .map(|m| m.to_zone)
            .collect();
        match zones {
            Some(zones) if !zones.is_empty() => zones.iter().any(|&z| game.in_zone(z, side, cell)),
            _ => true,
        }
    }

    /// The promotion's part: shogi's `+`, `-` and `=`, else `=` and the new
    /// kind's letter.
    fn promotion(&self, mv: &RawMove, kind: Kind) -> String {
        let game = self.game();
        let shogi = self.is_shogi();
        if mv.demotes() {
            return match unpromoted(game, kind) {
                _ if shogi => "-".into(),
                Some(base) => format!("={}", san_letter(game, base)),
                None => String::new(),
            };
        }
        match mv.promotes_to() {
            Some(k) if game.promoted_form(kind) == Some(k) && shogi => "+".into(),
            Some(k) if shogi => format!("={}", fen_letter(game, k)),
            Some(k) => format!("={}", san_letter(game, k)),
            None if shogi && mv.kind != MoveKind::Pass => {
                // Declined: the same move could have promoted.
                let could = self.san.legal.iter().any(|m| {
                    m.raw.from == mv.from
                        && m.raw.to == mv.to
                        && m.raw.promotes_to().is_some()
                        && !m.raw.demotes()
                        && m.raw.promotes_to() == game.promoted_form(kind)
                });
                if could {
                    "=".into()
                } else {
                    String::new()
                }
            }
            None => String::new(),
        }
    }

    fn file(&self, c: u16) -> String {
        let (f, _) = self.place(c).unwrap_or_default();
        let (max_file, _) = self.max;
        match self.notation {
            MoveNotation::ShogiHodges
            | MoveNotation::ShogiHodgesNumber
            | MoveNotation::ShogiHosking => (max_file - f + 1).to_string(),
            MoveNotation::Janggi => (f + 1).to_string(),
            MoveNotation::ThaiSan | MoveNotation::ThaiLan => match THAI_FILES.get(f as usize) {
                Some(letter) => letter.to_string(),
                None => san::file_and_rank(self.game(), c).0,
            },
            MoveNotation::XiangqiWxf => {
                let n = if self.san.pos.side_to_move() == Side::White {
                    max_file - f
                } else {
                    f
                };
                (n + 1).to_string()
            }
            _ => san::file_and_rank(self.game(), c).0,
        }
    }

    fn rank(&self, c: u16) -> String {
        let (_, r) = self.place(c).unwrap_or_default();
        let (_, max_rank) = self.max;
        match self.notation {
            MoveNotation::ShogiHodgesNumber | MoveNotation::ShogiHosking => {
                (max_rank - r + 1).to_string()
            }
            MoveNotation::ShogiHodges => {
                char::from_u32('a' as u32 + (max_rank - r) as u32).map_or("?".into(), String::from)
            }
            MoveNotation::Janggi => ((max_rank - r + 1) % 10).to_string(),
            MoveNotation::ThaiSan | MoveNotation::ThaiLan => thai_number(r + 1),
            MoveNotation::XiangqiWxf => {
                let pos = &self.san.pos;
                let us = pos.side_to_move();
                let code = pos.at(c);
                if code == 0 {
                    // A drop's cell: its rank counted from the mover's side.
                    let n = if us == Side::White { r } else { max_rank - r };
                    return (n + 1).to_string();
                }
                let kind = kind_of(code);
                let (ours, _) = self.file_mates(c, kind);
                if ours.iter().any(|&o| self.ahead(o, c)) {
                    "-".into()
                } else {
                    "+".into()
                }
            }
            _ => san::file_and_rank(self.game(), c).1,
        }
    }

    fn square(&self, c: u16) -> String {
        match self.notation {
            MoveNotation::Janggi => format!("{}{}", self.rank(c), self.file(c)),
            _ => format!("{}{}", self.file(c), self.rank(c)),
        }
    }
}

/// The kind `kind` is the promoted form of (`+X`) or was promoted from (a
/// copy), if any.
fn unpromoted(game: &Game, kind: Kind) -> Option<Kind> {
    match game.pieces[kind as usize].mark {
        Mark::Promoted(base) | Mark::Copy(base) => Some(base),
        Mark::Plain => None,
    }
}

/// A kind's letter in positions, in upper case (a copy's, its original's).
fn fen_letter(game: &Game, kind: Kind) -> char {
    let piece = &game.pieces[kind as usize];
    let own = match piece.mark {
        Mark::Copy(_) => piece.base,
        _ => kind,
    };
    game.pieces[own as usize].letter.to_ascii_uppercase()
}

/// The files of Thai notation, from the left.
const THAI_FILES: [&str; 12] = ["ก", "ข", "ค", "ง", "จ", "ฉ", "ช", "ญ", "ต", "ถ", "ธ", "น"];

/// `n` in Thai digits (๑๒ for 12).
fn thai_number(n: i64) -> String {
    n.to_string()
        .chars()
        .map(|d| {
            d.to_digit(10)
                .and_then(|d| char::from_u32(0x0E50 + d))
                .unwrap_or(d)
        })
        .collect()
}

/// Whether the Thai notations tell every promoted met from a met, as
/// Fairy-Stockfish does (which knows every piece made by promotion): false
/// where a promotion makes a kind they write ม็ without marking it
/// (`, marked`), so that the piece made would be written ม็ rather than ง.
///
/// # Examples
/// ```
/// use tessera::notation::own;
/// let makruk = tessera::compile_str(include_str!("../../../games/makruk.game"))?;
/// assert!(own::thai_knows_promotions(&makruk));
/// let unmarked = tessera::compile_str(
///     "grid file a..h rank 1..8\n\
///      direction n (0, 1) ne (1, 1) nw (-1, 1) se (1, -1) sw (-1, -1)\n\
///      zone far a8..h8\n\
///      piece Pawn P\n  step n\n  promote far to Met\n\
///      piece Met M\n  step ne nw se sw\n\
///      setup white Pawn a7",
/// )?;
/// assert!(!own::thai_knows_promotions(&unmarked));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn thai_knows_promotions(game: &Game) -> bool {
    let pawns: Vec<bool> = (0..game.pieces.len())
        .map(|k| is_pawn(game, k as Kind))
        .collect();
    game.pieces.iter().all(|p| {
        p.promotion_targets()
            // A demotion (`+X` back to `X`) makes no promoted piece.
            .filter(|&t| p.mark != Mark::Promoted(t))
            .all(|t| thai_letter(game, t, &pawns) != "ม็")
    })
}

/// The Thai letter of `kind`: by its movement, as the module says; `pawns`
/// are the kinds SAN writes as pawns.
fn thai_letter(game: &Game, kind: Kind, pawns: &[bool]) -> &'static str {
    let piece = &game.pieces[kind as usize];
    let promoted = piece.mark != Mark::Plain;
    let own = piece.base;
    let royal = game.pieces[own as usize].royal && promotion_targets(game) & 1u128 << own == 0;
    if royal {
        return "ข";
    }
    if pawns.get(own as usize).copied().unwrap_or(false) {
        return "บ";
    }
    let Ok(betza) = game.pieces[own as usize].betza() else {
        return "X";
    };
    // A first move of its own (cambodian's met leaping two forward, `imfD`)
    // does not change what the piece is.
    let mut atoms: Vec<&str> = betza_atoms(betza)
        .into_iter()
        .filter(|a| !a.contains('i'))
        .collect();
    atoms.sort_unstable();
    match atoms[..] {
        ["F"] if promoted => "ง",
        ["F"] => "ม็",
        ["F", "fW"] => "ค",
        ["N"] => "ม",
        ["R"] => "ร",
        ["F", "N", "R"] => "ว",
        _ => "X",
    }
}

/// The atoms of a Betza text, each with its modifiers (`FfW` is `F`, `fW`).
fn betza_atoms(text: &str) -> Vec<&str> {
    let mut atoms = Vec::new();
    let mut start = 0;
    for (i, c) in text.char_indices() {
        if c.is_ascii_uppercase() {
            atoms.push(&text[start..=i]);
            start = i + 1;
        }
    }
    if start < text.len() {
        atoms.push(&text[start..]);
    }
    atoms
}
