//! The rule files that command-line arguments name: a file as given, a
//! folder as every `.game` file in it, in name order. The command line and
//! the studio's server list folders alike.

use std::path::{Path, PathBuf};

/// The folder the commands read when they are given none.
pub const DEFAULT_FOLDER: &str = "games";

/// The rule files `paths` name: a file as given, a folder as every `.game`
/// file in it ([`game_files_in`]); the folder [`DEFAULT_FOLDER`] when there
/// are no paths.
///
/// # Errors
/// A folder that cannot be read, as `cannot read `PATH`: ...`.
pub fn rule_files(paths: &[String]) -> Result<Vec<PathBuf>, String> {
    let default = [DEFAULT_FOLDER.to_string()];
    let paths = if paths.is_empty() {
        &default[..]
    } else {
        paths
    };
    let mut files = Vec::new();
    for p in paths {
        let path = Path::new(p);
        if path.is_dir() {
            files.extend(game_files_in(path, p)?);
        } else {
            files.push(path.to_path_buf());
        }
    }
    Ok(files)
}

/// The entries of `folder` named `*.game`, in name order; `shown` is the
/// folder as the user wrote it, for the error.
///
/// # Errors
/// A folder that cannot be read, as `cannot read `SHOWN`: ...`.
pub fn game_files_in(folder: &Path, shown: &str) -> Result<Vec<PathBuf>, String> {
    let listing = std::fs::read_dir(folder).map_err(|e| format!("cannot read `{shown}`: {e}"))?;
    let mut found: Vec<PathBuf> = listing
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|f| f.extension().is_some_and(|x| x == "game"))
        .collect();
    found.sort();
    Ok(found)
}
