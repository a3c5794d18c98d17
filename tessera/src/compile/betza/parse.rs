//! Reading a Betza (XBetza) string into moves: atoms with their modifiers, leg
//! by leg. Nothing here knows the board; `expand` turns the moves into legs.

use std::ops::Range;

/// A mistake in a Betza string: the bytes of the offending letters, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BetzaError {
    pub at: Range<usize>,
    pub message: String,
}

fn error<T>(at: Range<usize>, message: impl Into<String>) -> Result<T, BetzaError> {
    Err(BetzaError {
        at,
        message: message.into(),
    })
}

/// One move group of a Betza string: `fmW`, `yafsF`, `mRcpR` is two.
#[derive(Clone, Debug)]
pub struct Move {
    /// The modifiers of each leg, split at `a`.
    pub legs: Vec<LegMods>,
    /// The atom letter as written.
    pub letter: char,
    /// Its basic jumps as (larger, smaller) magnitudes: `K` is `W` and `F`.
    pub parts: &'static [(i64, i64)],
    /// How many times a jump repeats along a line: 1 for a leaper, 0 without limit.
    pub range: u32,
    /// Whether the move may take en passant (`e`).
    pub en_passant: Option<Range<usize>>,
    /// Whether only an unmoved piece makes it (`i`).
    pub first: bool,
    /// Where `o` (the move wraps around the board) was written.
    pub cylinder: Option<Range<usize>>,
    /// The letters of the whole move, for errors.
    pub at: Range<usize>,
}

/// The modifiers written for one leg.
#[derive(Clone, Debug, Default)]
pub struct LegMods {
    /// Direction tokens, one or two letters each (`f`, `fs`, `rf`).
    pub dirs: Vec<(String, Range<usize>)>,
    pub quiet: Option<Range<usize>>,
    pub capture: Option<Range<usize>>,
    /// `p` (a hop to anywhere beyond the screen) or `g` (just beyond).
    pub hop: Option<(char, Range<usize>)>,
    /// `n`: the leap goes through its intermediate cells, which must be empty.
    pub lame: Option<Range<usize>>,
    /// `y`: the legs after this one slide.
    pub then_slides: bool,
    /// Where this leg's modifiers start.
    pub start: usize,
}

/// The atoms Tessera reads, with their basic jumps and whether they slide.
fn atom(letter: char) -> Option<(&'static [(i64, i64)], u32)> {
    Some(match letter {
        'W' => (&[(1, 0)], 1),
        'F' => (&[(1, 1)], 1),
        'D' => (&[(2, 0)], 1),
        'N' => (&[(2, 1)], 1),
        'A' => (&[(2, 2)], 1),
        'H' => (&[(3, 0)], 1),
        'C' => (&[(3, 1)], 1),
        'Z' => (&[(3, 2)], 1),
        'G' => (&[(3, 3)], 1),
        'K' => (&[(1, 0), (1, 1)], 1),
        'R' => (&[(1, 0)], 0),
        'B' => (&[(1, 1)], 0),
        'Q' => (&[(1, 0), (1, 1)], 0),
        _ => return None,
    })
}

/// Whether an atom letter names a leaper, which doubling turns into a rider.
fn is_leaper(letter: char) -> bool {
    atom(letter).is_some_and(|(_, range)| range == 1)
}

const VERTICAL: &str = "fbv";
const HORIZONTAL: &str = "lrs";

use crate::limits::MAX_BETZA_RANGE as MAX_RANGE;

/// Reads a whole Betza string.
pub fn parse(text: &str) -> Result<Vec<Move>, BetzaError> {
    let bytes = text.as_bytes();
    let mut moves = Vec::new();
    let mut legs = vec![LegMods::default()];
    let mut en_passant = None;
    let mut first = false;
    let mut cylinder = None;
    let mut move_start = 0;
    let mut i = 0;
    while i < bytes.len() {
        let c = text[i..]
            .chars()
            .next()
            .expect("i is on a character boundary");
        let here = i..i + c.len_utf8();
        let leg = legs.last_mut().expect("at least one leg");
        match c {
            'm' => leg.quiet = Some(here),
            'c' => leg.capture = Some(here),
            'p' | 'g' => leg.hop = Some((c, here)),
            'n' => leg.lame = Some(here),
            'y' => leg.then_slides = true,
            'i' => first = true,
            'e' => en_passant = Some(here),
            'o' => cylinder = Some(here),
            'a' => legs.push(LegMods {
                start: i + 1,
                ..LegMods::default()
            }),
            'f' | 'b' | 'l' | 'r' | 's' | 'v' => {
                let next = bytes.get(i + 1).map(|&b| b as char);
                let pairs = next.is_some_and(|d| {
                    d == c
                        || (VERTICAL.contains(c) && HORIZONTAL.contains(d))
                        || (HORIZONTAL.contains(c) && VERTICAL.contains(d))
                });
                let len = if pairs { 2 } else { 1 };
                leg.dirs.push((text[i..i + len].to_string(), i..i + len));
                i += len;
                continue;
            }
            'h' => {
                return error(
                    here,
                    "`h` (half: the moves of one hand) is not supported; list the directions",
                )
            }
            'j' => {
                return error(
                    here,
                    "`j` (a leap that must jump over a piece) has no long form: \
                     a leg cannot require an occupied cell",
                )
            }
            'x' | 'u' | 'd' | 'k' | 't' | 'z' | 'q' | 'w' => {
                return error(
                    here,
                    format!("`{c}` is an XBetza modifier Tessera does not support"),
                )
            }
            '[' | ']' | '(' | ')' => {
                return error(
                    here,
                    format!("`{c}`: bracketed (Betza 2.0) moves are not supported; use `a` legs"),
                )
            }
            c if c.is_ascii_uppercase() => {
                let Some((parts, mut range)) = atom(c) else {
                    let why = match c {
                        'J' | 'L' => "an older letter for the camel or the zebra: write `C` (3,1) or `Z` (3,2)",
                        'O' | 'U' => "a null move or universal leaper, which Tessera does not support",
                        _ => "not an atom; the atoms are W F D N A H C Z G, K, R B Q",
                    };
                    return error(here, format!("`{c}` is {why}"));
                };
                let mut end = i + 1;
                let digits = bytes[end..]
                    .iter()
                    .take_while(|b| b.is_ascii_digit())
                    .count();
                if digits > 0 {
                    let number = &text[end..end + digits];
                    range = match number.parse::<u32>() {
                        Ok(n) if n <= MAX_RANGE => n,
                        _ => {
                            return error(
                                end..end + digits,
                                format!("range `{number}` is too large; the limit is {MAX_RANGE} (0 means no limit)"),
                            )
                        }
                    };
                    end += digits;
                } else if is_leaper(c) && bytes.get(end) == Some(&(c as u8)) {
                    range = 0;
                    end += 1;
                }
                moves.push(Move {
                    legs: std::mem::replace(&mut legs, vec![LegMods::default()]),
                    letter: c,
                    parts,
                    range,
                    en_passant: en_passant.take(),
                    first: std::mem::take(&mut first),
                    cylinder: cylinder.take(),
                    at: move_start..end,
                });
                legs[0].start = end;
                move_start = end;
                i = end;
                continue;
            }
            c if c.is_ascii_digit() => {
                return error(here, format!("`{c}`: a range follows an atom letter"));
            }
            c => {
                return error(
                    here,
                    format!("`{}` is not part of Betza's notation", c.escape_default()),
                )
            }
        }
        i += c.len_utf8();
    }
    if move_start < text.len() {
        return error(
            move_start..text.len(),
            "modifiers with no atom after them: a move ends with a capital such as `W`",
        );
    }
    Ok(moves)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cannon_is_two_moves() {
        let moves = parse("mRcpR").unwrap();
        assert_eq!(moves.len(), 2);
        assert!(moves[0].legs[0].quiet.is_some());
        assert_eq!(moves[1].legs[0].hop.as_ref().map(|h| h.0), Some('p'));
        assert_eq!(moves[1].at, 2..5);
    }

    #[test]
    fn doubling_and_numbers_give_ranges() {
        let ranges: Vec<u32> = parse("NNW3RB2K").unwrap().iter().map(|m| m.range).collect();
        assert_eq!(ranges, [0, 3, 0, 2, 1]);
    }

    #[test]
    fn direction_letters_pair_across_axes() {
        let moves = parse("fsWffNlfNfbN").unwrap();
        let dirs =
            |m: &Move| -> Vec<String> { m.legs[0].dirs.iter().map(|d| d.0.clone()).collect() };
        assert_eq!(dirs(&moves[0]), ["fs"]);
        assert_eq!(dirs(&moves[1]), ["ff"]);
        assert_eq!(dirs(&moves[2]), ["lf"]);
        assert_eq!(dirs(&moves[3]), ["f", "b"]);
    }

    #[test]
    fn legs_split_at_a() {
        let m = &parse("FyafsF").unwrap()[1];
        assert_eq!(m.legs.len(), 2);
        assert!(m.legs[0].then_slides);
        assert_eq!(m.legs[1].dirs[0].0, "fs");
    }

    #[test]
    fn mistakes_point_at_their_letter() {
        assert_eq!(parse("WjD").unwrap_err().at, 1..2);
        assert_eq!(parse("NX").unwrap_err().at, 1..2);
        assert_eq!(parse("Nfm").unwrap_err().at, 1..3);
        assert_eq!(parse("W999").unwrap_err().at, 1..4);
    }
}
