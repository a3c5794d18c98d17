//! The games a studio serves: the rule files named on the command line (a
//! folder stands for every `.game` file in it), each known by its name, and
//! the games compiled from their texts.
//!
//! A client names a game, never a path: the only files the server reads or
//! writes are the ones listed here when it started, so no request can reach
//! a file outside the served folders.

use crate::game::Game;
use crate::limits;
use crate::Errors;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

/// One served rule file.
#[derive(Clone, Debug)]
pub struct Entry {
    /// The file's stem, made unique (`chess`, `chess-2`).
    pub name: String,
    /// The file itself.
    pub path: PathBuf,
}

/// How many compiled games are kept, most recently used last.
const CACHED_GAMES: usize = 16;

/// The served rule files and a small cache of compiled games, keyed by text.
pub struct Library {
    /// The served files, in the order the paths name them (a folder's by name).
    pub entries: Vec<Entry>,
    compiled: Mutex<Vec<(Arc<str>, Arc<Game>)>>,
}

impl Library {
    /// The rule files named by `paths` (`load::rule_files`).
    ///
    /// # Errors
    /// A path that is neither a readable folder nor a file.
    pub fn scan(paths: &[String]) -> Result<Library, String> {
        let files = crate::load::rule_files(paths)?;
        if let Some(f) = files.iter().find(|f| !f.is_file()) {
            return Err(format!(
                "`{}` is neither a rule file nor a folder",
                f.display()
            ));
        }
        let mut entries: Vec<Entry> = Vec::new();
        for path in files {
            let stem = path
                .file_stem()
                .map_or_else(|| "game".to_string(), |s| s.to_string_lossy().into_owned());
            let mut name = stem.clone();
            let mut n = 2;
            while entries.iter().any(|e| e.name == name) {
                name = format!("{stem}-{n}");
                n += 1;
            }
            entries.push(Entry { name, path });
        }
        Ok(Library {
            entries,
            compiled: Mutex::new(Vec::new()),
        })
    }

    /// The served file called `name`.
    pub fn entry(&self, name: &str) -> Option<&Entry> {
        self.entries.iter().find(|e| e.name == name)
    }

    /// The text of a served file, as it is on disk now.
    ///
    /// # Errors
    /// The file cannot be read, is not UTF-8 or is over the size limit.
    pub fn read(&self, entry: &Entry) -> Result<String, String> {
        crate::load::read_rule_file(&entry.path.to_string_lossy())
            .map_err(|e| e.to_string().trim_end().to_string())
    }

    /// The game compiled from `text`, from the cache when it was compiled
    /// lately.
    ///
    /// # Errors
    /// The rule file's errors.
    pub fn compile(&self, text: &str) -> Result<Arc<Game>, Errors> {
        if let Some(game) = self.cached(text) {
            return Ok(game);
        }
        // Compiled outside the lock, so that one slow rule file holds up no
        // other request.
        let game = Arc::new(crate::compile_str(text)?);
        let mut cache = self.compiled.lock().unwrap_or_else(|e| e.into_inner());
        if cache.len() >= CACHED_GAMES {
            cache.remove(0);
        }
        cache.push((Arc::from(text), Arc::clone(&game)));
        Ok(game)
    }

    fn cached(&self, text: &str) -> Option<Arc<Game>> {
        let mut cache = self.compiled.lock().unwrap_or_else(|e| e.into_inner());
        let i = cache.iter().position(|(t, _)| &**t == text)?;
        let hit = cache.remove(i);
        let game = Arc::clone(&hit.1);
        cache.push(hit);
        Some(game)
    }

    /// Writes `text` over the served file `entry`, and nothing else.
    ///
    /// # Errors
    /// The text is over the size limit, or the file cannot be written.
    pub fn save(&self, entry: &Entry, text: &str) -> Result<(), String> {
        if let Some(message) = limits::check_rule_file_size(text.len() as u64) {
            return Err(message);
        }
        std::fs::write(&entry.path, text)
            .map_err(|e| format!("cannot write `{}`: {e}", entry.path.display()))
    }
}
