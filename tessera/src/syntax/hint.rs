//! "Did you mean" for syntax errors, from the keywords the grammar accepts at
//! the place of the misspelt word: a keyword is suggested only if the parser,
//! given the text up to that word and then the keyword, reads past it.

use super::{Rule, TesseraParser};
use crate::diag::{Diagnostic, Span};
use pest::Parser;

/// How many words before the error are tried as the misspelt one: a misspelt
/// statement keyword is often read as a name, and the parse fails a few words on.
const WORDS_BACK: usize = 6;

/// The keyword `word` at `at` is probably a misspelling of: the nearest
/// keyword that, written in its place, lets the parser read past `error`.
fn near_allowed(src: &str, at: usize, word: &str, error: usize) -> Option<&'static str> {
    if word.len() < 3 || word.len() > crate::limits::MAX_SUGGESTED_NAME {
        return None;
    }
    let mut candidates: Vec<(usize, &'static str)> = super::expected::keywords()
        .map(|k| (crate::suggest::edit_distance(word, k), k))
        .filter(|&(d, _)| d > 0 && d <= if word.len() < 6 { 1 } else { 2 })
        .collect();
    candidates.sort();
    candidates
        .into_iter()
        .map(|(_, k)| k)
        .find(|k| reads_past(src, at, word, k, error))
}

/// Whether the source with `keyword` in place of `word` (at `at`) parses, or
/// fails only after the place of the first error.
fn reads_past(src: &str, at: usize, word: &str, keyword: &str, error: usize) -> bool {
    let text = format!("{}{keyword}{}", &src[..at], &src[at + word.len()..]);
    match TesseraParser::parse(Rule::file, &text) {
        Ok(_) => true,
        Err(e) => {
            let pos = match e.location {
                pest::error::InputLocation::Pos(p) => p,
                pest::error::InputLocation::Span((s, _)) => s,
            };
            // Back to the original text's offsets past the replaced word.
            let shift = |p: usize| (p + word.len()).saturating_sub(keyword.len());
            pos >= at + keyword.len() && shift(pos) > error
        }
    }
}

/// Rule files up to this size get "did you mean" hints: each hint parses the
/// file again with a keyword in place of a word, a few times.
const MAX_HINTED_BYTES: usize = 1 << 16;

/// The keyword the word at the error, `pos`, is probably a misspelling of.
pub fn at_error(src: &str, pos: usize) -> Option<&'static str> {
    let pos = pos.min(src.len());
    let word = &src[pos..pos + word_len(&src[pos..])];
    hinted(src, pos, word, pos)
}

/// A misspelt keyword a few words before the error at `pos`, which the parser
/// took for a name.
pub fn before_error(src: &str, pos: usize) -> Option<Diagnostic> {
    let pos = pos.min(src.len());
    let mut start = pos;
    for _ in 0..WORDS_BACK {
        // The word before: skip what cannot be in a word, then the word.
        let before = src[..start].trim_end_matches(|c: char| !is_word_char(c));
        let end = before.len();
        start = before
            .char_indices()
            .rev()
            .find(|&(_, c)| !is_word_char(c))
            .map_or(0, |(i, c)| i + c.len_utf8());
        if end == start {
            break;
        }
        let word = &src[start..end];
        if let Some(keyword) = hinted(src, start, word, pos) {
            return Some(Diagnostic::new(
                Span::new(start, end),
                format!("unexpected `{word}`; did you mean the keyword `{keyword}`?"),
            ));
        }
    }
    None
}

fn hinted(src: &str, at: usize, word: &str, error: usize) -> Option<&'static str> {
    if src.len() > MAX_HINTED_BYTES {
        return None;
    }
    let line = &src[src[..at].rfind('\n').map_or(0, |i| i + 1)..at];
    // Words in comments and strings are not keywords.
    if line.contains('#') || line.matches('"').count() % 2 == 1 {
        return None;
    }
    near_allowed(src, at, word, error)
}

fn is_word_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '\'')
}

fn word_len(rest: &str) -> usize {
    rest.chars()
        .take_while(|&c| is_word_char(c))
        .map(char::len_utf8)
        .sum()
}
