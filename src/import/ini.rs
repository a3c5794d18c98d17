//! Fairy-Stockfish's reading of a variants file (`VariantMap::parse_istream`
//! in its `src/variant.cpp`): sections `[name]` or `[name:parent]`, each a map
//! of keys to values, with the line each came from.
//!
//! As Fairy-Stockfish reads it: everything before the first line that starts
//! with `[` is ignored; a section's header ends at the first `]` and the rest
//! of its line is ignored; a line whose first character is `#` or `;` is a
//! comment; a key is the text before the first `=`, its trailing spaces
//! removed (its leading ones kept), and the value the text after it, its
//! leading whitespace removed (its trailing kept); a line without `=` or with
//! an empty key or an empty value is ignored; a key given twice keeps its last value.
//!
//! Reading is one pass over the lines, each looked at once, so its cost is
//! linear in the file; the sizes that Fairy-Stockfish leaves unbounded are
//! bounded here ([`super::limits`]): a file of too many sections is refused
//! whole, a section whose name, keys or values are too large is marked with
//! its first such problem (and keeps no more of its entries).

use super::limits::{MAX_KEYS, MAX_KEY_BYTES, MAX_NAME_BYTES, MAX_SECTIONS, MAX_VALUE_BYTES};
use indexmap::IndexMap;
use tessera::limits::{exceeded, thousands};

/// One `[name:parent]` section of the file.
#[derive(Debug, Clone)]
pub struct Section {
    /// The variant's name.
    pub name: String,
    /// The parent's name, if the header names one.
    pub parent: Option<String>,
    /// The header's line (1-based).
    pub line: usize,
    /// Each key with its value and line; a key given twice has its last.
    pub entries: IndexMap<String, Entry>,
    /// Lines that hold text but no `=` (Fairy-Stockfish ignores them).
    pub ignored: Vec<usize>,
    /// The first size past a limit, which refuses the section.
    pub problem: Option<Problem>,
    /// The comment lines right above its header, without their `#` or `;`
    /// (the last [`MAX_COMMENT_LINES`], each cut after
    /// [`MAX_COMMENT_BYTES`]): where a variants file names its games as
    /// players write them.
    pub comments: Vec<String>,
}

/// The comment lines above a header that a section keeps.
pub const MAX_COMMENT_LINES: usize = 8;
/// The bytes of a comment line that a section keeps.
pub const MAX_COMMENT_BYTES: usize = 200;

/// A size past one of the importer's limits, and the line where it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    /// The line (1-based).
    pub line: usize,
    /// What is too large, and the limit.
    pub message: String,
}

/// A key's value and the line it was read from.
#[derive(Debug, Clone)]
pub struct Entry {
    /// The value, as Fairy-Stockfish keeps it.
    pub value: String,
    /// The line (1-based).
    pub line: usize,
}

/// Reads a variants file as Fairy-Stockfish reads it.
///
/// # Errors
/// The file has more than [`MAX_SECTIONS`] sections: the problem is at the
/// first section past the limit, and nothing after it is read.
pub fn parse(text: &str) -> Result<Vec<Section>, Problem> {
    let mut sections: Vec<Section> = Vec::new();
    // The comment lines since the last line of another sort.
    let mut comments: Vec<String> = Vec::new();
    for (index, raw) in text.split('\n').enumerate() {
        let line = index + 1;
        let input = raw.strip_suffix('\r').unwrap_or(raw);
        match input.strip_prefix(['#', ';']) {
            Some(comment) => keep_comment(&mut comments, comment),
            None if !input.starts_with('[') => comments.clear(),
            None => {}
        }
        if let Some(rest) = input.strip_prefix('[') {
            // The header: up to the first `]` (or the end of the line).
            let header = match rest.find(']') {
                Some(end) => &rest[..end],
                None => rest,
            };
            let (name, parent) = match header.split_once(':') {
                Some((name, parent)) => {
                    // `getline(..., ':')` twice: the parent ends at a second colon.
                    let parent = parent.split(':').next().unwrap_or("");
                    (name, (!parent.is_empty()).then(|| parent.to_string()))
                }
                None => (header, None),
            };
            if sections.len() == MAX_SECTIONS {
                return Err(Problem {
                    line,
                    message: format!(
                        "the file has more than {max} sections (this is section {}); the limit is {max}",
                        thousands(MAX_SECTIONS as u128 + 1),
                        max = thousands(MAX_SECTIONS as u128)
                    ),
                });
            }
            let problem = [
                ("the section's name", name.len()),
                ("its parent's name", parent.as_ref().map_or(0, String::len)),
            ]
            .into_iter()
            .find(|&(_, bytes)| bytes > MAX_NAME_BYTES)
            .map(|(what, bytes)| Problem {
                line,
                message: exceeded(what, bytes as u128, "bytes", MAX_NAME_BYTES as u128),
            });
            sections.push(Section {
                name: name.to_string(),
                parent,
                line,
                entries: IndexMap::new(),
                ignored: Vec::new(),
                problem,
                comments: std::mem::take(&mut comments),
            });
            continue;
        }
        let Some(section) = sections.last_mut() else {
            continue;
        };
        if section.problem.is_some() {
            // The section is refused: nothing more of it is kept.
            continue;
        }
        if input.starts_with('#') || input.starts_with(';') {
            continue;
        }
        let Some((key, value)) = input.split_once('=') else {
            if !input.trim().is_empty() {
                section.ignored.push(line);
            }
            continue;
        };
        let key = key.trim_end_matches(' ');
        if key.is_empty() {
            continue;
        }
        let value = value.trim_start_matches([' ', '\t', '\x0b', '\x0c', '\r']);
        if value.is_empty() {
            // `getline` after `>> std::ws` at the end of the line fails: no value.
            continue;
        }
        let new_key = !section.entries.contains_key(key);
        let too_large = if key.len() > MAX_KEY_BYTES {
            Some(exceeded(
                "a key",
                key.len() as u128,
                "bytes",
                MAX_KEY_BYTES as u128,
            ))
        } else if value.len() > MAX_VALUE_BYTES {
            Some(exceeded(
                &format!("the value of `{key}`"),
                value.len() as u128,
                "bytes",
                MAX_VALUE_BYTES as u128,
            ))
        } else if new_key && section.entries.len() == MAX_KEYS {
            Some(format!(
                "the section has more than {max} keys; the limit is {max}",
                max = thousands(MAX_KEYS as u128)
            ))
        } else {
            None
        };
        if let Some(message) = too_large {
            section.problem = Some(Problem { line, message });
            section.entries.clear();
            section.ignored.clear();
            continue;
        }
        section.entries.insert(
            key.to_string(),
            Entry {
                value: value.to_string(),
                line,
            },
        );
    }
    Ok(sections)
}

/// Adds a comment line to those kept above the next header, within the
/// limits, so that a file of comments costs no more than its length.
fn keep_comment(comments: &mut Vec<String>, comment: &str) {
    if comments.len() == MAX_COMMENT_LINES {
        comments.remove(0);
    }
    let mut end = comment.len().min(MAX_COMMENT_BYTES);
    while !comment.is_char_boundary(end) {
        end -= 1;
    }
    comments.push(comment[..end].trim().to_string());
}
