//! The rule files that command-line arguments name: a file as given, a
//! folder as every `.game` file in it, in name order, and a bundled game
//! ([`crate::bundled`]) by its name where no file of that name exists. The
//! command line, the protocols and the studio's server read arguments alike.

use crate::bundled::{self, Bundled};
use std::path::{Path, PathBuf};

/// The folder the commands read when they are given none, where it exists;
/// elsewhere they read the bundled games.
pub const DEFAULT_FOLDER: &str = "games";

/// Where a rule file's text comes from.
#[derive(Clone, Debug)]
pub enum RuleFile {
    /// A file on disk (which may not exist: reading it says so).
    Path(PathBuf),
    /// A game built into the binary.
    Bundled(&'static Bundled),
}

impl RuleFile {
    /// The rule file an argument names: the file where one of that name
    /// exists, else the bundled game of that name, else the path (whose
    /// reading then fails with the file system's reason).
    pub fn named(arg: &str) -> RuleFile {
        let path = Path::new(arg);
        if !path.exists() {
            if let Some(game) = bundled::named(arg) {
                return RuleFile::Bundled(game);
            }
        }
        RuleFile::Path(path.to_path_buf())
    }

    /// The game's name: the file's stem, or the bundled game's name.
    pub fn name(&self) -> String {
        match self {
            RuleFile::Path(p) => p.file_stem().map_or_else(
                || p.to_string_lossy().into_owned(),
                |s| s.to_string_lossy().into_owned(),
            ),
            RuleFile::Bundled(b) => b.name.to_string(),
        }
    }

    /// How messages name it: the path, or the bundled game's name.
    pub fn shown(&self) -> String {
        match self {
            RuleFile::Path(p) => p.to_string_lossy().into_owned(),
            RuleFile::Bundled(b) => b.name.to_string(),
        }
    }

    /// Whether it is a Fairy-Stockfish variants file (`.ini`).
    pub fn is_ini(&self) -> bool {
        matches!(self, RuleFile::Path(p) if p.extension().is_some_and(|x| x == "ini"))
    }
}

/// The rule files `paths` name: a folder as every `.game` file in it
/// ([`game_files_in`]), anything else as [`RuleFile::named`]; with no paths,
/// the folder [`DEFAULT_FOLDER`] where it exists, else every bundled game.
///
/// # Errors
/// A folder that cannot be read, as `cannot read `PATH`: ...`.
pub fn rule_files(paths: &[String]) -> Result<Vec<RuleFile>, String> {
    if paths.is_empty() {
        return default_rule_files();
    }
    let mut files = Vec::new();
    for p in paths {
        let path = Path::new(p);
        if path.is_dir() {
            files.extend(game_files_in(path, p)?.into_iter().map(RuleFile::Path));
        } else {
            files.push(RuleFile::named(p));
        }
    }
    Ok(files)
}

/// What commands read without arguments: the folder [`DEFAULT_FOLDER`] in
/// the current folder (a checkout, or a user's own games), else the bundled
/// games.
///
/// # Errors
/// The folder exists but cannot be read.
pub fn default_rule_files() -> Result<Vec<RuleFile>, String> {
    let folder = Path::new(DEFAULT_FOLDER);
    if folder.is_dir() {
        Ok(game_files_in(folder, DEFAULT_FOLDER)?
            .into_iter()
            .map(RuleFile::Path)
            .collect())
    } else {
        Ok(bundled::GAMES.iter().map(RuleFile::Bundled).collect())
    }
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
