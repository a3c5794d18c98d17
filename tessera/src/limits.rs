//! Every limit that a rule file, a position or a request can reach, in one place.
//!
//! Tessera reads text from strangers, so every size it accepts is bounded: an
//! input past a limit is refused with an error that names the limit and its value
//! ([`exceeded`]), never truncated, wrapped or left to run out of time or memory.
//! docs/language.md's Limits section lists them all; `tests/hostile.rs` and
//! `tests/pathological/` hold an input at or past each one.

// A leaf: numbers and the words of their messages, used by every floor above;
// the checks that walk the syntax tree are the compiler's (`compile::sizes`).

/// The largest rule file read, in bytes; a larger one is refused before it is read.
pub const MAX_RULE_FILE_BYTES: usize = 1 << 20;

/// The most bytes of a piece's picture (`look picture "NAME.svg"`): a
/// drawing of one piece, embedded in every picture of the board.
pub const MAX_PICTURE_BYTES: usize = 64 << 10;

/// The most words, numbers and symbols one statement may hold, from its
/// keyword to the next statement's; in a piece, one property or movement (the
/// parser holds the tokens of one at a time, a few megabytes at this size). A
/// setup naming each of 4,096 cells with a piece of its own holds some 12,300.
pub const MAX_STATEMENT_TOKENS: usize = 1 << 15;

/// The most cells a board may have; the grid's box (removed cells included)
/// counts against it. Cells are `u16` indices, with two values kept as marks.
pub const MAX_CELLS: usize = 4096;

/// The largest number a rule file may write, either side of 0: a count, a
/// clock, a value, an axis label, a move number. Every number of a rule file is
/// read by one function (`syntax::lower::number`) that refuses one past its
/// limit, so no sum or product of two of them wraps in 64 bits, and each fits
/// in 32.
pub const MAX_RULE_NUMBER: i64 = 1_000_000_000;

/// The largest component of a direction, an offset or a leap vector, either
/// side of 0: no axis has more cells than a board, so a longer step leaves
/// every board. Coordinates plus such steps stay far inside 64 bits.
pub const MAX_VECTOR_COMPONENT: i64 = MAX_CELLS as i64;

/// The largest value of a piece kind, either side of 0 (`value 9`, in points,
/// a pawn of chess being 1): the search weighs a position in 32-bit
/// centipawns, and a board of [`MAX_CELLS`] pieces each worth this much, with
/// the search's margins, stays far inside 32 bits.
pub const MAX_PIECE_VALUE: i64 = 1000;

/// The most pieces one placement of `setup` puts into a pool (`60 Stone @hand`).
pub const MAX_POOL_COUNT: u32 = 4096;

/// The largest whole part of a decimal (`count bonus white 1.5`), read in
/// thousandths.
pub const MAX_DECIMAL: i64 = 1_000_000;

/// The most piece kinds, promoted copies included: a piece on a cell is one byte,
/// `1 + 2 * kind + side`.
pub const MAX_KINDS: usize = 127;

/// The most directions, links included; two `u8` values are kept as marks.
pub const MAX_DIRECTIONS: usize = 255;

/// The most pools: a move names its pool in one byte, with 0 for none.
pub const MAX_POOLS: usize = 255;

/// The most movements one piece kind may have: the move table indexes them in 16 bits.
pub const MAX_MOVEMENTS: usize = 1 << 16;

/// The most legs one movement may have (`step n then step e then ...`).
pub const MAX_LEGS: usize = 1024;

/// The most offsets one `leap` leg may list.
pub const MAX_LEAP_OFFSETS: usize = 4096;

/// The most symmetric images one leap offset may have.
pub const MAX_LEAP_IMAGES: u128 = 4096;

/// The largest range a Betza atom's number may give (`W255`; 0 means no limit).
pub const MAX_BETZA_RANGE: u32 = 255;

/// The largest component of a direction or an offset that `leap around` takes,
/// so that the search for the board's symmetry stays far inside 64 bits.
pub const MAX_SYMMETRY_COMPONENT: i64 = 1 << 10;

/// The most cells the compiler may visit to turn one `jumping` movement of
/// steps and leaps into a leap table: for each side and origin, each cell
/// reached after each leg, once per way it goes on (a thousand alike legs stop
/// counting once the cells reached repeat). It bounds the time of compiling
/// such a movement to about a second; a larger one is refused.
pub const MAX_JUMP_VISITS: u128 = 1 << 26;

/// The most work one compile may do, in units of about one cell visited
/// (`src/compile/work.rs` weighs the costlier items): the leap tables, the
/// `jumping` movements turned into them, Betza's paths, boxes of cells and the
/// move table together. It bounds a whole compile to about half a second,
/// whatever the rule file holds; a file past it is refused at the construct
/// where the count went past.
pub const MAX_COMPILE_WORK: u64 = 100_000_000;

/// The highest value of a counter, and the most checks a `checked N times` goal counts.
pub const MAX_COUNTER: u32 = 255;

/// Most of White's cells a `shuffle` zone may hold (its steps work on bit
/// masks of that many cells).
pub const MAX_SHUFFLE_CELLS: usize = 128;

/// Most pieces one `shuffle` step may place one zone each: their distinct
/// orders are listed one by one (8! = 40,320).
pub const MAX_SHUFFLE_ZONED_PIECES: usize = 8;

/// The most paths a `sets en passant` movement may have: its moves are followed
/// path by path, since each path passes its own cells.
pub const MAX_EN_PASSANT_PATHS: u128 = 4096;

/// The highest move number and halfmove clock a position text may give, far
/// below where the 32-bit counters would wrap however long the game goes on.
pub const MAX_MOVE_NUMBER: u32 = 1_000_000_000;

/// The most files a board may have to be written in FEN: castling rights name
/// a file by one letter `A` to `Z`.
pub const MAX_FEN_FILES: usize = 26;

/// Unknown names longer than this (in characters) get no "did you mean".
pub const MAX_SUGGESTED_NAME: usize = 64;

/// The most pairs of characters one "did you mean" compares (its name's
/// length times each known name's, and each known name's length to read it):
/// the known names are compared in declaration order until then, so the hint
/// of an unknown name costs a few milliseconds at most, however many names
/// the file declares.
pub const MAX_HINT_PAIRS: u64 = 1 << 20;

/// The most errors rendered for one rule file; the rest are counted.
pub const MAX_RENDERED_ERRORS: usize = 100;

/// The most characters of a source line shown under an error (around the span).
pub const MAX_RENDERED_LINE: usize = 200;

/// The most characters of an error message; a longer one (holding a very long
/// name) is cut, with `…` marking the cut.
pub const MAX_MESSAGE_CHARS: usize = 300;

/// The message for an input past a limit: `the board has 70,000 cells; the
/// limit is 65,536`.
pub fn exceeded(subject: &str, count: u128, noun: &str, limit: u128) -> String {
    format!(
        "{subject} has {} {noun}; the limit is {}",
        thousands(count),
        thousands(limit)
    )
}

/// `n` with a comma between groups of three digits: `65,536`.
pub fn thousands(n: u128) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// Reads a number of a rule file: decimal digits, with a `-` before them where
/// the grammar allows one, at most `most` either side of 0; else the message,
/// which names `what` the limit is for.
/// Every number the compiler takes from a file's text comes through here
/// (`syntax::lower` for the grammar's numbers, `compile::board` for the
/// coordinates in cell names), so none is used before it is checked.
pub fn read_number(text: &str, most: i64, what: &str) -> Result<i64, String> {
    match text.parse::<i64>() {
        Ok(n) if n.unsigned_abs() <= most.unsigned_abs() => Ok(n),
        _ => {
            let most = thousands(u128::from(most.unsigned_abs()));
            Err(format!(
                "number `{text}` is out of range ({what}: -{most} to {most})"
            ))
        }
    }
}

/// Reads the halfmove clock or move number of a position text: digits, at
/// most [`MAX_MOVE_NUMBER`]; else the message for the field.
pub fn read_move_counter(text: &str) -> Result<u32, String> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!("counter `{text}` is not a number"));
    }
    match text.parse::<u32>() {
        Ok(n) if n <= MAX_MOVE_NUMBER => Ok(n),
        _ => Err(format!(
            "counter `{text}` is larger than the limit, {}",
            thousands(u128::from(MAX_MOVE_NUMBER))
        )),
    }
}

/// The error for a rule file of `bytes` bytes, if it is too large to read.
pub fn check_rule_file_size(bytes: u64) -> Option<String> {
    (bytes > MAX_RULE_FILE_BYTES as u64).then(|| {
        exceeded(
            "the rule file",
            u128::from(bytes),
            "bytes",
            MAX_RULE_FILE_BYTES as u128,
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thousands_are_grouped() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1000), "1,000");
        assert_eq!(thousands(65_536), "65,536");
        assert_eq!(thousands(1_048_577), "1,048,577");
    }

    #[test]
    fn the_message_names_the_limit() {
        assert_eq!(
            exceeded("the board", 70_000, "cells", 65_536),
            "the board has 70,000 cells; the limit is 65,536"
        );
    }
}
