//! `tessera test --init FILE`: a first expectation file for a rule file that
//! has none, from what the rules give now (the start's perft counts, its
//! moves and picture as snapshots, whether the game goes on), for the
//! designer to review: it records what is, not what should be.

use super::command::NODE_LIMIT;
use super::parse::Outcome;
use super::run::{describe, outcome_of};
use crate::failure::Failure;
use std::fmt::Write as _;
use std::io::Write;
use std::path::Path;

/// The deepest perft count the starter file records.
const MAX_DEPTH: u16 = 6;

/// Writes `NAME.tests` beside the rule file `game_path` and says what it
/// holds; refuses to overwrite one that exists.
///
/// # Errors
/// `Failure::Usage` for a path that is not a `.game` file, an existing
/// expectation file, or one that cannot be written; `Failure::Rules` for a
/// rule file with errors.
pub fn write_starter(game_path: &str, out: &mut dyn Write) -> Result<(), Failure> {
    let usage = |m: String| Failure::Usage(anyhow::anyhow!(m));
    let path = Path::new(game_path);
    if path.extension().is_none_or(|x| x != "game") {
        return Err(usage(format!(
            "--init takes a rule file (`NAME.game`), not `{game_path}`"
        )));
    }
    let tests_path = path.with_extension("tests");
    if tests_path.exists() {
        return Err(usage(format!(
            "`{}` exists already; --init never overwrites one",
            tests_path.display()
        )));
    }
    let (_, game) = tessera::load_rule_file(game_path).map_err(|e| match e {
        tessera::LoadError::Io { .. } => usage(e.to_string()),
        other => Failure::Rules(other.to_string()),
    })?;
    let text = starter(&game, path);
    std::fs::write(&tests_path, &text)
        .map_err(|e| usage(format!("cannot write `{}`: {e}", tests_path.display())))?;
    writeln!(
        out,
        "wrote `{}`: the start's perft counts, its moves and picture (snapshots to review), its outcome\n\
         next: `tessera test {game_path} --review` shows the snapshots; check each count against another source where there is one",
        tests_path.display()
    )
    .map_err(|e| Failure::Usage(e.into()))
}

/// The starter file's text for `game`, whose rule file is `path`.
fn starter(game: &tessera::Game, path: &Path) -> String {
    let file = path
        .file_name()
        .map_or_else(String::new, |f| f.to_string_lossy().into_owned());
    let mut pos = tessera::Position::start(game);
    let mut counts = Vec::new();
    let mut previous = 1u64;
    // Each depth while the next stays within what `tessera test` runs by
    // default, estimated from the last count's growth before it is counted.
    for depth in 1..=MAX_DEPTH {
        let nodes = tessera::perft(&mut pos, depth);
        counts.push(format!("{depth} {nodes}"));
        let growth = (nodes / previous.max(1)).max(1);
        if nodes == 0 || nodes.saturating_mul(growth) > NODE_LIMIT {
            break;
        }
        previous = nodes;
    }
    let record = tessera::Record::new(&pos);
    let outcome = match outcome_of(tessera::status_in_game(&mut pos, &record)) {
        Outcome::GoesOn => "goes on".to_string(),
        over => describe(over),
    };
    let mut text = String::new();
    let _ = writeln!(
        text,
        "# Expectations of {file}: `tessera test {file}`.\n\
         # Started by `tessera test --init` from what the rules give now: review\n\
         # each line, then add the positions that matter to this game\n\
         # (docs/expectations.md).\n"
    );
    let _ = writeln!(text, "perft start {}", counts.join(", "));
    let _ = writeln!(text, "moves start\nshow start");
    let _ = writeln!(text, "outcome start {outcome}");
    text
}
