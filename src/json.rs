//! The `--json` output of `check`, `moves`, `perft`, `test` and `list`: one
//! schema (docs/json.md), whose objects are built here and nowhere else, so
//! that a game, a position or a diagnostic reads the same in every command.
//!
//! Every command prints one JSON object, pretty-printed, on standard output;
//! field names are `snake_case` and never change meaning; a field that does
//! not apply is `null`, never missing (except the optional lists named in
//! docs/json.md).

use crate::rule_files::RuleFile;
use serde_json::{json, Value};
use std::io::Write;
use tessera::{Diagnostic, Game, Position};

/// A game: `{"name", "file", "title", "cells", "kinds"}`; `file` is null
/// for a bundled game.
pub fn game(rule: &RuleFile, game: &Game) -> Value {
    json!({
        "name": rule.name(),
        "file": file(rule),
        "title": game.title(),
        "cells": game.cell_count(),
        "kinds": game.declared_kinds(),
    })
}

/// The path of a rule file, or null for a bundled game.
pub fn file(rule: &RuleFile) -> Value {
    match rule {
        RuleFile::Path(p) => json!(p.to_string_lossy()),
        RuleFile::Bundled(_) => Value::Null,
    }
}

/// A diagnostic of the rule file `file` (its text `src`): `{"severity",
/// "message", "file", "line", "column", "end_line", "end_column", "start",
/// "end"}`, lines and columns from 1 (columns in characters), `start` and
/// `end` in bytes.
pub fn diagnostic(d: &Diagnostic, file: &str, src: &str) -> Value {
    let (line, column) = d.line_col(src);
    let (end_line, end_column) = d.end_line_col(src);
    json!({
        "severity": d.severity.name(),
        "message": d.message,
        "file": file,
        "line": line,
        "column": column,
        "end_line": end_line,
        "end_column": end_column,
        "start": d.span.start,
        "end": d.span.end,
    })
}

/// A problem with no place in a rule file (it cannot be read, or is too
/// large): a diagnostic whose place is null.
pub fn unplaced_error(message: &str, file: &str) -> Value {
    json!({
        "severity": "error",
        "message": message,
        "file": file,
        "line": null,
        "column": null,
        "end_line": null,
        "end_column": null,
        "start": null,
        "end": null,
    })
}

/// A position: `{"side_to_move", "position", "fen"}`, the position in
/// Tessera's notation, and its FEN or null where FEN cannot write it.
pub fn position(pos: &Position<'_>) -> Value {
    json!({
        "side_to_move": pos.side_to_move().name(),
        "position": pos.to_string(),
        "fen": tessera::notation::fen::format(pos),
    })
}

/// Prints `value` pretty, with a final newline.
///
/// # Errors
/// Writing fails.
pub fn print(out: &mut dyn Write, value: &Value) -> std::io::Result<()> {
    let text = serde_json::to_string_pretty(value).map_err(std::io::Error::other)?;
    writeln!(out, "{text}")
}
