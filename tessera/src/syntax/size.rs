//! The size limit of a statement, checked on the text before it is parsed.
//!
//! The parser holds the tokens of one statement at a time (or of one property
//! of a piece), some 80 bytes per rule matched and up to three rules per word:
//! a statement of a megabyte of words held a hundred megabytes. Its extent is
//! known only once parsed, so the words are counted here, from each statement
//! keyword (words the grammar reserves, which no statement takes inside it) to
//! the next, and in a piece from each property's first word to the next
//! property's (a leg after `then` is part of its movement). Comments and
//! quoted strings are skipped as the grammar skips them; any other character
//! counts as a symbol.

use crate::diag::{Diagnostic, Span};
use crate::limits::{exceeded, MAX_STATEMENT_TOKENS};
use crate::suggest::{PIECE_KEYWORDS, STATEMENT_KEYWORDS};

/// The first statement or piece property of `src` with more than
/// [`MAX_STATEMENT_TOKENS`] words and symbols.
pub fn check(src: &str) -> Result<(), Diagnostic> {
    let bytes = src.as_bytes();
    let mut counter = Counter::default();
    let mut in_piece = false;
    let mut after_then = false;
    let mut i = 0;
    while i < bytes.len() {
        let start = i;
        match bytes[i] {
            b' ' | b'\t' | b'\r' | b'\n' => i += 1,
            b'#' => i = end_of_line(bytes, i),
            b'"' => {
                let close = bytes[i + 1..].iter().position(|&b| b == b'"' || b == b'\n');
                i = close.map_or(bytes.len(), |k| i + 1 + k + 1);
                counter.count();
                after_then = false;
            }
            b if is_name_byte(b) => {
                while i < bytes.len() && is_name_byte(bytes[i]) {
                    i += 1;
                }
                let word = &src[start..i];
                let span = Span::new(start, i);
                if STATEMENT_KEYWORDS.contains(&word) {
                    counter.start(span, word)?;
                    in_piece = word == "piece";
                } else if in_piece && !after_then && is_property(word) {
                    counter.start(span, word)?;
                } else {
                    counter.count();
                }
                after_then = word == "then";
            }
            _ => {
                // One symbol, however many bytes its character takes.
                i += 1;
                while i < bytes.len() && (bytes[i] & 0xC0) == 0x80 {
                    i += 1;
                }
                counter.count();
                after_then = false;
            }
        }
    }
    counter.finish()
}

fn end_of_line(bytes: &[u8], i: usize) -> usize {
    bytes[i..]
        .iter()
        .position(|&b| b == b'\n')
        .map_or(bytes.len(), |k| i + k)
}

/// A byte of a bare name, as the grammar's `name_char`.
fn is_name_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-' | b'\'')
}

/// Whether `word` starts a property of a piece (a movement starts with a leg).
fn is_property(word: &str) -> bool {
    PIECE_KEYWORDS.contains(&word) || word == "on"
}

/// The words of the statement or property being read.
#[derive(Default)]
struct Counter<'a> {
    /// Its first word, and where that stands.
    first: Option<(Span, &'a str)>,
    words: usize,
}

impl<'a> Counter<'a> {
    fn count(&mut self) {
        self.words += 1;
    }

    /// Ends the unit being read, then starts one at `word`.
    fn start(&mut self, span: Span, word: &'a str) -> Result<(), Diagnostic> {
        self.finish()?;
        self.first = Some((span, word));
        self.words = 1;
        Ok(())
    }

    fn finish(&self) -> Result<(), Diagnostic> {
        match self.first {
            Some((span, word)) if self.words > MAX_STATEMENT_TOKENS => {
                let what = if STATEMENT_KEYWORDS.contains(&word) {
                    format!("the `{word}` statement")
                } else {
                    format!("the piece property `{word}`")
                };
                let message = exceeded(
                    &what,
                    self.words as u128,
                    "words and symbols",
                    MAX_STATEMENT_TOKENS as u128,
                );
                Err(Diagnostic::new(span, message))
            }
            _ => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(n: usize, unit: &str) -> String {
        unit.repeat(n)
    }

    #[test]
    fn a_statement_at_the_limit_passes_and_one_past_it_is_refused() {
        // `group g =` holds three words and symbols; each ` n` one more.
        let at = format!("group g ={}", words(MAX_STATEMENT_TOKENS - 3, " n"));
        assert!(check(&at).is_ok());
        let past = format!("{at} n\npiece King K\n  step n\n");
        let error = check(&past).unwrap_err();
        assert_eq!(
            error.message,
            "the `group` statement has 32,769 words and symbols; the limit is 32,768"
        );
        assert_eq!(error.span, Span::new(0, 5));
    }

    #[test]
    fn each_property_of_a_piece_counts_apart_and_legs_count_with_their_movement() {
        let many = format!(
            "piece King K\n{}",
            words(MAX_STATEMENT_TOKENS, "  step n\n")
        );
        assert!(check(&many).is_ok());
        let legs = format!(
            "piece King K\n  step n{}",
            words(MAX_STATEMENT_TOKENS / 3 + 1, " then step n")
        );
        let error = check(&legs).unwrap_err();
        assert!(error
            .message
            .starts_with("the piece property `step` has 32,771 "));
        assert_eq!(error.span.start, 15);
    }

    #[test]
    fn comments_and_strings_count_as_nothing_and_one_word() {
        let comment = format!(
            "game \"piece {}\" # {}\n",
            words(40_000, "a "),
            words(40_000, "b ")
        );
        assert!(check(&comment).is_ok());
    }
}
