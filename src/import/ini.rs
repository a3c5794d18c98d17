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

use indexmap::IndexMap;

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
pub fn parse(text: &str) -> Vec<Section> {
    let mut sections: Vec<Section> = Vec::new();
    for (index, raw) in text.split('\n').enumerate() {
        let line = index + 1;
        let input = raw.strip_suffix('\r').unwrap_or(raw);
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
            sections.push(Section {
                name: name.to_string(),
                parent,
                line,
                entries: IndexMap::new(),
                ignored: Vec::new(),
            });
            continue;
        }
        let Some(section) = sections.last_mut() else {
            continue;
        };
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
        section.entries.insert(
            key.to_string(),
            Entry {
                value: value.to_string(),
                line,
            },
        );
    }
    sections
}
