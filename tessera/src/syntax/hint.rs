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

/// Punctuation a statement may lack: the comma between numbers, names or
/// clauses, the colon before modifiers.
const PUNCTUATION: [&str; 2] = [",", ":"];

/// At most this many places of the error's line, from the error on, are
/// tried for a missing punctuation mark.
const MOST_PLACES: usize = 3;

/// At most this many lines, the error's and those before it, are tried as
/// the start of the statement or property the mark is missing from.
const MOST_LINES: usize = 2;

/// A comma or colon missing on the line of the error at `pos` (`leap (1 2)`):
/// the first place, from the error on, where inserting one makes a whole
/// statement or piece property of the text from the start of a line to the
/// end of the error's line. Each try parses one unit of a few lines only.
pub fn missing_punctuation(src: &str, pos: usize) -> Option<Diagnostic> {
    let pos = pos.min(src.len());
    if src.len() > MAX_HINTED_BYTES {
        return None;
    }
    let line_start = src[..pos].rfind('\n').map_or(0, |i| i + 1);
    let line_end = src[pos..].find('\n').map_or(src.len(), |i| pos + i);
    let code_end = src[line_start..line_end]
        .find('#')
        .map_or(line_end, |i| line_start + i);
    // An error inside a comment (or after a `#` in a string) has no code
    // after it on its line to try.
    if code_end <= pos {
        return None;
    }
    // The places before each word or bracket of the line, from the error on.
    let places: Vec<usize> = src[pos..code_end]
        .char_indices()
        .filter(|&(i, c)| {
            let before = src[..pos + i].chars().next_back();
            !c.is_whitespace() && before.is_none_or(|b| !is_word_char(b) || !is_word_char(c))
        })
        .map(|(i, _)| pos + i)
        .filter(|&at| at > line_start)
        .take(MOST_PLACES)
        .collect();
    if places.is_empty() {
        return None;
    }
    // The starts of the error's line and of a few lines before it.
    let mut starts = vec![line_start];
    while starts.len() < MOST_LINES {
        let last = *starts.last().expect("one start at least");
        if last == 0 {
            break;
        }
        starts.push(src[..last - 1].rfind('\n').map_or(0, |i| i + 1));
    }
    for &at in &places {
        for mark in PUNCTUATION {
            let fixed = starts.iter().any(|&from| {
                let text = format!("{}{mark}{}", &src[from..at], &src[at..code_end]);
                is_one_unit(&text)
            });
            if fixed {
                return Some(missing_between(src, at, mark));
            }
        }
    }
    None
}

/// Whether `text` is one whole statement or piece property.
fn is_one_unit(text: &str) -> bool {
    let len = text.trim_end().len();
    [Rule::next_statement, Rule::next_piece_prop]
        .into_iter()
        .any(|rule| {
            TesseraParser::parse(rule, text)
                .ok()
                .and_then(|mut pairs| pairs.next())
                .is_some_and(|unit| unit.as_span().end() >= len && len > 0)
        })
}

/// The error of `mark` missing at `at`, named by the words on either side.
fn missing_between(src: &str, at: usize, mark: &str) -> Diagnostic {
    let len = match word_len(&src[at..]) {
        0 => src[at..].chars().next().map_or(0, char::len_utf8),
        n => n,
    };
    let next = &src[at..at + len];
    let last = src[..at].trim_end();
    let word_start = last
        .char_indices()
        .rev()
        .find(|&(_, c)| !is_word_char(c))
        .map_or(0, |(i, c)| i + c.len_utf8());
    let previous = match &last[word_start..] {
        "" => last.chars().next_back().map_or(String::new(), String::from),
        word => word.to_string(),
    };
    Diagnostic::new(
        Span::new(at, at + len),
        format!("missing `{mark}` between `{previous}` and `{next}`"),
    )
}

/// Where the last word before `pos` ends, if `pos` is on a later line than
/// it (comments and blank lines between): the end of the statement that
/// ended too soon.
pub fn end_of_line_before(src: &str, pos: usize) -> Option<usize> {
    let pos = pos.min(src.len());
    let line_start = src[..pos].rfind('\n').map_or(0, |i| i + 1);
    if !src[line_start..pos].trim().is_empty() {
        return None;
    }
    let mut end = line_start;
    while end > 0 {
        let start = src[..end - 1].rfind('\n').map_or(0, |i| i + 1);
        let line = &src[start..end - 1];
        let code = line.split('#').next().unwrap_or(line).trim_end();
        if !code.is_empty() {
            return Some(start + code.len());
        }
        end = start;
    }
    None
}
