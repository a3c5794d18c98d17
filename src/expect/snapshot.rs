//! Snapshot files: the accepted text of a `moves` or `show` expectation,
//! `DIR/snapshots/STEM__KIND__POSITION.snap` beside `DIR/STEM.tests`, and the
//! pending text of a new or changed one beside it, `.snap.new`, as insta
//! keeps them. A pending file never overwrites an accepted one until it is
//! accepted.

use std::io;
use std::path::{Path, PathBuf};

/// The first line of every snapshot file; the text follows it verbatim.
const HEADER: &str = "# tessera snapshot: ";

/// Where an expectation's accepted snapshot lives.
pub fn accepted_path(tests_file: &Path, name: &str) -> PathBuf {
    let dir = tests_file.parent().unwrap_or(Path::new("."));
    let stem = tests_file
        .file_stem()
        .map_or_else(String::new, |s| s.to_string_lossy().into_owned());
    let name = name.replace(' ', "__");
    dir.join("snapshots").join(format!("{stem}__{name}.snap"))
}

/// Where its pending snapshot lives.
pub fn pending_path(accepted: &Path) -> PathBuf {
    let mut p = accepted.as_os_str().to_owned();
    p.push(".new");
    PathBuf::from(p)
}

/// The text of a snapshot file, without its header line; `None` if there is
/// no such file.
///
/// # Errors
/// When the file exists but cannot be read.
pub fn read(path: &Path) -> io::Result<Option<String>> {
    match std::fs::read_to_string(path) {
        Ok(text) => Ok(Some(body(&text).to_string())),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(e),
    }
}

/// A snapshot file's text past its header; CRLF line ends read as LF.
fn body(text: &str) -> String {
    let text = text.replace("\r\n", "\n");
    match text.strip_prefix(HEADER) {
        Some(rest) => rest.split_once('\n').map_or("", |(_, b)| b).to_string(),
        None => text,
    }
}

/// Writes `text` as the pending snapshot of `accepted`, headed by `title`.
///
/// # Errors
/// When the folder or the file cannot be written.
pub fn write_pending(accepted: &Path, title: &str, text: &str) -> io::Result<()> {
    if let Some(dir) = accepted.parent() {
        std::fs::create_dir_all(dir)?;
    }
    std::fs::write(pending_path(accepted), format!("{HEADER}{title}\n{text}"))
}

/// Removes a pending snapshot left by an earlier run, if any.
///
/// # Errors
/// When it exists and cannot be removed.
pub fn discard_pending(accepted: &Path) -> io::Result<()> {
    match std::fs::remove_file(pending_path(accepted)) {
        Err(e) if e.kind() != io::ErrorKind::NotFound => Err(e),
        _ => Ok(()),
    }
}

/// Makes the pending snapshot the accepted one.
///
/// # Errors
/// When the pending file cannot be renamed.
pub fn accept(accepted: &Path) -> io::Result<()> {
    std::fs::rename(pending_path(accepted), accepted)
}

/// The difference between an accepted snapshot and a new text, for a person:
/// for move lists the moves added and removed, else the lines, with `-` for
/// the accepted text and `+` for the new one.
pub fn diff(kind: &str, old: &str, new: &str) -> String {
    if kind == "moves" {
        let old: std::collections::BTreeSet<&str> = old.lines().collect();
        let new: std::collections::BTreeSet<&str> = new.lines().collect();
        let added: Vec<&str> = new.difference(&old).copied().collect();
        let removed: Vec<&str> = old.difference(&new).copied().collect();
        let mut s = format!(
            "{} added, {} removed\n",
            count(added.len(), "move"),
            removed.len()
        );
        for m in &added {
            s.push_str(&format!("+ {m}\n"));
        }
        for m in &removed {
            s.push_str(&format!("- {m}\n"));
        }
        return s;
    }
    let mut s = String::new();
    for change in similar::TextDiff::from_lines(old, new).iter_all_changes() {
        let sign = match change.tag() {
            similar::ChangeTag::Delete => '-',
            similar::ChangeTag::Insert => '+',
            similar::ChangeTag::Equal => ' ',
        };
        s.push(sign);
        s.push(' ');
        s.push_str(change.value().trim_end_matches('\n'));
        s.push('\n');
    }
    s
}

/// `1 move`, `2 moves`.
pub(super) fn count(n: usize, what: &str) -> String {
    if n == 1 {
        format!("1 {what}")
    } else {
        format!("{n} {what}s")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move_lists_differ_by_the_moves_added_and_removed() {
        assert_eq!(
            diff("moves", "a2a3\nb2b3\n", "a2a3\nc2c3\nd2d3\n"),
            "2 moves added, 1 removed\n+ c2c3\n+ d2d3\n- b2b3\n"
        );
    }

    #[test]
    fn snapshot_names_follow_the_tests_file() {
        let p = accepted_path(Path::new("games/chess.tests"), "moves italian");
        assert_eq!(p, Path::new("games/snapshots/chess__moves__italian.snap"));
        assert_eq!(
            pending_path(&p),
            Path::new("games/snapshots/chess__moves__italian.snap.new")
        );
    }
}
