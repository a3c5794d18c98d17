//! The start FEN, read as Fairy-Stockfish reads it.

use super::*;

/// The start FEN, as Fairy-Stockfish reads it.
pub(super) struct Fen {
    pub(super) white: Vec<(usize, (i32, i32))>,
    pub(super) black: Vec<(usize, (i32, i32))>,
    pub(super) hand_white: Vec<usize>,
    pub(super) hand_black: Vec<usize>,
    pub(super) hand_used: bool,
    pub(super) black_to_move: bool,
    pub(super) castling: bool,
    pub(super) walls: Vec<(i32, i32)>,
    pub(super) rights: String,
    pub(super) checks: Option<(i64, i64)>,
    /// The halfmove clock Fairy-Stockfish reads (`clock N` in the setup).
    pub(super) clock: u32,
    /// The move number Fairy-Stockfish reads (`move N` in the setup).
    pub(super) fullmove: u32,
    /// The cells of promoted pieces (`+X`), with the type X they were
    /// promoted from; `white` and `black` hold them as their promoted type.
    pub(super) promoted: Vec<((i32, i32), usize)>,
}

impl Fen {
    pub(super) fn parse(text: &str, e: &Emitter) -> Result<Fen, String> {
        let v = e.v;
        let mut fields = text.split_whitespace();
        let board = fields.next().ok_or("an empty start FEN")?;
        let (placement, hand) = match board.find('[') {
            Some(i) => {
                let end = board[i..].find(']').map_or(board.len(), |j| i + j);
                (&board[..i], Some(&board[i + 1..end]))
            }
            None => (board, None),
        };
        let mut fen = Fen {
            white: Vec::new(),
            black: Vec::new(),
            hand_white: Vec::new(),
            hand_black: Vec::new(),
            hand_used: false,
            black_to_move: false,
            castling: false,
            walls: Vec::new(),
            rights: String::new(),
            checks: None,
            clock: 0,
            fullmove: 1,
            promoted: Vec::new(),
        };
        let rows: Vec<&str> = placement.split('/').collect();
        if rows.len() as i32 != e.ranks {
            return Err(format!(
                "the start FEN has {} ranks, the board {}",
                rows.len(),
                e.ranks
            ));
        }
        for (i, row) in rows.iter().enumerate() {
            let rank = e.ranks - 1 - i as i32;
            let mut file = 0i32;
            let chars: Vec<char> = row.chars().collect();
            let mut j = 0;
            while j < chars.len() {
                let c = chars[j];
                if c.is_ascii_digit() {
                    let mut n = 0i32;
                    while j < chars.len() && chars[j].is_ascii_digit() {
                        n = n
                            .saturating_mul(10)
                            .saturating_add(chars[j] as i32 - '0' as i32);
                        j += 1;
                    }
                    file = file.saturating_add(n);
                    continue;
                }
                // `+X`: FSF's piece of X's promoted type, promoted from X.
                let from = if c == '+' {
                    let x = chars.get(j + 1).copied().unwrap_or(' ');
                    let pt = v
                        .type_of_letter(x)
                        .filter(|&pt| v.promoted_piece_type[pt] != 0);
                    let Some(pt) = pt else {
                        return Err(format!(
                            "the start FEN has `+{x}`, which names no piece with a promoted type"
                        ));
                    };
                    j += 1;
                    Some(pt)
                } else {
                    None
                };
                let c = chars[j];
                if c == '*' {
                    if file >= e.files {
                        return Err(format!("rank {} of the start FEN is too long", rank + 1));
                    }
                    fen.walls.push((file, rank));
                    file += 1;
                    j += 1;
                    continue;
                }
                if c == '~' {
                    j += 1;
                    continue;
                }
                // A letter that names no piece (a piece the section removed,
                // `king = -`) Fairy-Stockfish skips, and the next letter
                // stands on the same cell.
                let Some(pt) = v.type_of_fen_letter(c) else {
                    if from.is_some() {
                        return Err(format!("the start FEN has `+{c}`, which names no piece"));
                    }
                    j += 1;
                    continue;
                };
                let pt = match from {
                    Some(x) => {
                        fen.promoted.push(((file, rank), x));
                        v.promoted_piece_type[x]
                    }
                    None => pt,
                };
                if file >= e.files {
                    return Err(format!("rank {} of the start FEN is too long", rank + 1));
                }
                if c.is_ascii_uppercase() {
                    fen.white.push((pt, (file, rank)));
                } else {
                    fen.black.push((pt, (file, rank)));
                }
                file += 1;
                j += 1;
            }
            // A shorter rank Fairy-Stockfish reads as one whose last cells
            // are empty.
            if file > e.files {
                return Err(format!(
                    "rank {} of the start FEN has {file} files, the board {}",
                    rank + 1,
                    e.files
                ));
            }
        }
        if let Some(hand) = hand {
            for c in hand.chars() {
                if c == '-' {
                    continue;
                }
                // Fairy-Stockfish skips a letter that names no piece.
                let Some(pt) = v.type_of_fen_letter(c) else {
                    continue;
                };
                fen.hand_used = true;
                if c.is_ascii_uppercase() {
                    fen.hand_white.push(pt);
                } else {
                    fen.hand_black.push(pt);
                }
            }
        }
        let rest: Vec<&str> = fields.collect();
        let mut k = 0;
        if let Some(side) = rest.first() {
            fen.black_to_move = *side == "b";
            k = 1;
        }
        let is_number = |s: &str| s.chars().all(|c| c.is_ascii_digit());
        let mut rest = rest[k..].iter().peekable();
        // The castling and en-passant fields may be left out (shogi: `w 0 1`);
        // check counts (`3+3`) stand before the clocks.
        let mut en_passant_left_out = false;
        if let Some(c) = rest.peek() {
            if !is_number(c) && !c.contains('+') {
                if *c != &"-" {
                    fen.rights = c.to_string();
                }
                rest.next();
                if rest
                    .peek()
                    .is_some_and(|s| !is_number(s) && !s.contains('+'))
                {
                    rest.next(); // en passant
                } else {
                    en_passant_left_out = true;
                }
            }
        }
        // Without check counting, Fairy-Stockfish reads `7+7` as the two
        // clocks (halfmove 7, move 7: a number may start with `+`) and
        // nothing after them.
        if let Some((a, b)) = rest
            .peek()
            .and_then(|s| s.split_once('+'))
            .filter(|_| !v.flag("checkCounting"))
        {
            if en_passant_left_out && !fen.rights.is_empty() || !is_number(a) || !is_number(b) {
                return Err(format!(
                    "the start FEN's `{a}+{b}` without check counting, which Fairy-Stockfish reads oddly, is not imported yet"
                ));
            }
            fen.clock = tessera::limits::read_move_counter(a)?;
            fen.fullmove = tessera::limits::read_move_counter(b)?.max(1);
            fen.castling = !fen.rights.is_empty();
            return Ok(fen);
        }
        if let Some((a, b)) = rest.peek().and_then(|s| s.split_once('+')) {
            fen.checks = Some((a.parse().unwrap_or(0), b.parse().unwrap_or(0)));
            rest.next();
        }
        // The clocks; a field after them (a later FSF's points, `{0 0}`) is
        // one that Tessera's FEN does not read, nor pyffish 0.0.90 write.
        let mut tail: Vec<&&str> = rest.collect();
        // Fairy-Stockfish reads nothing after the two clocks but a check
        // count (`+3+3`), so the rest (`{39 39}`) is ignored.
        if tail.len() > 2
            && tail[..2].iter().all(|s| is_number(s))
            && !tail[2..].iter().any(|s| s.starts_with('+'))
            && !e.v.flag("checkCounting")
        {
            tail.truncate(2);
        }
        if tail.len() > 2 || tail.iter().any(|s| !is_number(s)) {
            return Err(
                "the start FEN has fields after the clocks, which Tessera's FEN does not read"
                    .into(),
            );
        }
        // Without the en-passant field after castling's, Fairy-Stockfish
        // takes the first clock's first character for it and reads the
        // halfmove clock from the move number (`w - 0 1` starts at 1), the
        // move number then being 1.
        let fullmove = if en_passant_left_out || tail.len() < 2 {
            "1"
        } else {
            tail[1]
        };
        fen.fullmove = tessera::limits::read_move_counter(fullmove)?.max(1);
        let clock = if en_passant_left_out && tail.len() == 2 {
            if tail[0].len() != 1 {
                return Err(format!(
                    "the start FEN leaves out the en-passant field, so that Fairy-Stockfish reads its clocks from `{} {}` oddly, which is not imported yet",
                    tail[0], tail[1]
                ));
            }
            tail[1]
        } else {
            tail.first().map_or("0", |s| **s)
        };
        fen.clock = tessera::limits::read_move_counter(clock)?;
        fen.castling = !fen.rights.is_empty();
        Ok(fen)
    }
}
