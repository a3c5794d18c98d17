//! The games a studio serves: the rule files named on the command line (a
//! folder stands for every `.game` file in it), each known by its name, and
//! the games compiled from their texts.
//!
//! A client names a game, never a path: the only files the server reads or
//! writes are the ones listed here when it started, so no request can reach
//! a file outside the served folders. It writes only those of them that are
//! regular files resolving inside their folder, and only while they still
//! resolve to the file they were at start: a symbolic link in the folder
//! that points out of it is served, never written through.

use super::limits::MAX_CACHE_BYTES;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use tessera::game::Game;
use tessera::Errors;

/// One served rule file.
#[derive(Clone, Debug)]
pub struct Entry {
    /// The file's stem, made unique (`chess`, `chess-2`).
    pub name: String,
    /// The file as named on the command line or found in a folder.
    pub path: PathBuf,
    /// The file Save writes: the path resolved at start, when it is inside
    /// the folder it was found in; `None` for a link out of it.
    writable: Option<PathBuf>,
    /// The rule file held in memory, never read from `path` nor saved: a
    /// section of a variants file (`.ini`) converted when the studio
    /// started (`path` is the `.ini`), or a bundled game.
    pub converted: Option<Arc<str>>,
}

/// Why a save failed.
#[derive(Debug)]
pub enum SaveError {
    /// The text is over the rule-file limit.
    TooLarge(String),
    /// The file is not one the studio writes.
    NotWritable(String),
    /// The file system refused.
    Io(String),
}

/// The served rule files and a cache of compiled games, keyed by text.
pub struct Library {
    /// The served files, in the order the paths name them (a folder's by name).
    pub entries: Vec<Entry>,
    /// Why each `.game` entry of a served folder that is not served was
    /// skipped (a dangling link, a folder, a device).
    pub skipped: Vec<String>,
    /// The entry the page opens on: the first file named on the command line,
    /// else `chess` where it is served, else the first entry.
    pub opening: Option<String>,
    compiled: Mutex<Cache>,
}

impl Library {
    /// The rule files named by `paths`: each folder's `.game` regular files
    /// (other entries skipped, with the reason in [`Library::skipped`]), and
    /// each file named; the folder `games` when `paths` is empty.
    ///
    /// # Errors
    /// A path that is neither a readable folder nor a file.
    pub fn scan(paths: &[String]) -> Result<Library, String> {
        let default = [crate::rule_files::DEFAULT_FOLDER.to_string()];
        // Without a `games` folder here, the games built into the binary.
        let bundled_only = paths.is_empty() && !Path::new(&default[0]).is_dir();
        let all_bundled: Vec<String> = if bundled_only {
            crate::bundled::GAMES
                .iter()
                .map(|g| g.name.to_string())
                .collect()
        } else {
            Vec::new()
        };
        let paths = if bundled_only {
            &all_bundled[..]
        } else if paths.is_empty() {
            &default[..]
        } else {
            paths
        };
        let mut files: Vec<(PathBuf, Option<PathBuf>)> = Vec::new();
        let mut skipped = Vec::new();
        // The sections of variants files: their index in `files`, name and
        // rule file.
        let mut sections: Vec<(usize, String, Arc<str>)> = Vec::new();
        // The index in `files` of the first file named rather than found.
        let mut named: Option<usize> = None;
        for p in paths {
            let path = Path::new(p);
            if path.is_dir() {
                let folder = path
                    .canonicalize()
                    .map_err(|e| format!("cannot read `{p}`: {e}"))?;
                for file in crate::rule_files::game_files_in(path, p)? {
                    if !file.is_file() {
                        skipped.push(format!(
                            "skipping `{}`: not a regular file, or a link to nothing",
                            file.display()
                        ));
                        continue;
                    }
                    let writable = inside(&file, &folder);
                    if writable.is_none() {
                        skipped.push(format!(
                            "`{}` leads out of its folder: served, but never saved",
                            file.display()
                        ));
                    }
                    files.push((file, writable));
                }
            } else if path.is_file() && path.extension().is_some_and(|x| x == "ini") {
                // A Fairy-Stockfish variants file: its sections, converted in
                // memory (the file read within the importer's size bound);
                // the refused ones are said on standard error.
                let text = crate::import::read_bounded(p)?;
                let result = crate::import::import(p, &text)
                    .map_err(|d| d.render(p).trim_end().to_string())?;
                for line in result.render(p).lines() {
                    skipped.push(line.to_string());
                }
                named.get_or_insert(files.len());
                for section in result.sections {
                    if let Ok(rules) = section.outcome {
                        files.push((path.to_path_buf(), None));
                        sections.push((files.len() - 1, section.name, Arc::from(rules)));
                    }
                }
            } else if path.is_file() {
                let folder = path
                    .parent()
                    .filter(|f| !f.as_os_str().is_empty())
                    .unwrap_or(Path::new("."))
                    .canonicalize()
                    .map_err(|e| format!("cannot read `{p}`: {e}"))?;
                let writable = inside(path, &folder);
                named.get_or_insert(files.len());
                files.push((path.to_path_buf(), writable));
            } else if let crate::rule_files::RuleFile::Bundled(game) =
                crate::rule_files::RuleFile::named(p)
            {
                // A bundled game, held in memory like a converted section:
                // served, never saved.
                if !bundled_only {
                    named.get_or_insert(files.len());
                }
                files.push((PathBuf::from(format!("{}.game", game.name)), None));
                sections.push((files.len() - 1, game.name.to_string(), Arc::from(game.text)));
            } else {
                return Err(format!(
                    "`{p}` is neither a rule file, a folder nor a bundled game (`tessera list` lists them)"
                ));
            }
        }
        let mut entries: Vec<Entry> = Vec::new();
        let mut taken = std::collections::HashSet::new();
        let mut sections = sections.into_iter().peekable();
        for (i, (path, writable)) in files.into_iter().enumerate() {
            let mut converted = None;
            let stem = match sections.next_if(|s| s.0 == i) {
                Some((_, name, rules)) => {
                    converted = Some(rules);
                    name
                }
                None => path
                    .file_stem()
                    .map_or_else(|| "game".to_string(), |s| s.to_string_lossy().into_owned()),
            };
            let mut name = stem.clone();
            let mut n = 2;
            while taken.contains(&name) {
                name = format!("{stem}-{n}");
                n += 1;
            }
            taken.insert(name.clone());
            entries.push(Entry {
                name,
                path,
                writable,
                converted,
            });
        }
        let opening = named
            .map(|i| &entries[i])
            .or_else(|| entries.iter().find(|e| e.name == "chess"))
            .or(entries.first())
            .map(|e| e.name.clone());
        Ok(Library {
            entries,
            skipped,
            opening,
            compiled: Mutex::new(Cache::default()),
        })
    }

    /// The served file called `name`.
    pub fn entry(&self, name: &str) -> Option<&Entry> {
        self.entries.iter().find(|e| e.name == name)
    }

    /// The served name nearest to `name`, a name that matched none, if it is
    /// near enough to be a typo (`shgi` for `shogi`).
    pub fn closest(&self, name: &str) -> Option<&str> {
        tessera::suggest::closest(name, self.entries.iter().map(|e| e.name.as_str()))
    }

    /// The text of a served file, as it is on disk now.
    ///
    /// # Errors
    /// The file cannot be read, is not UTF-8 or is over the size limit.
    pub fn read(&self, entry: &Entry) -> Result<String, String> {
        if let Some(text) = &entry.converted {
            return Ok(text.to_string());
        }
        tessera::read_rule_file(&entry.path.to_string_lossy())
            .map_err(|e| e.to_string().trim_end().to_string())
    }

    /// The game compiled from `text` lately, if it is still in the cache;
    /// it becomes the most recently used.
    pub fn cached(&self, text: &str) -> Option<Arc<Game>> {
        let mut cache = self.compiled.lock().unwrap_or_else(|e| e.into_inner());
        let i = cache.games.iter().position(|c| &*c.text == text)?;
        let hit = cache.games.remove(i);
        let game = Arc::clone(&hit.game);
        cache.games.push(hit);
        Some(game)
    }

    /// The game compiled from `text`, compiled now (outside the cache's
    /// lock, so that a slow rule file holds up no other request) and kept
    /// in the cache, which drops the games used longest ago to stay within
    /// [`MAX_CACHE_BYTES`] (a game counted for more than that is not kept).
    ///
    /// # Errors
    /// The rule file's errors.
    pub fn compile(&self, text: &str) -> Result<Arc<Game>, Errors> {
        let (game, held) = super::memory::measured(|| tessera::compile_str(text).map(Arc::new));
        let game = game?;
        let bytes = cached_bytes(text, held);
        let mut cache = self.compiled.lock().unwrap_or_else(|e| e.into_inner());
        if bytes <= MAX_CACHE_BYTES {
            while cache.bytes + bytes > MAX_CACHE_BYTES && !cache.games.is_empty() {
                let old = cache.games.remove(0);
                cache.bytes -= old.bytes;
            }
            cache.bytes += bytes;
            cache.games.push(Cached {
                text: Arc::from(text),
                game: Arc::clone(&game),
                bytes,
            });
        }
        Ok(game)
    }

    /// The bytes the games in the cache are counted for.
    pub fn cache_bytes(&self) -> usize {
        self.compiled
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .bytes
    }

    /// Writes `text` over the served file `entry`, and nothing else: not a
    /// file its link points to out of its folder, not a file that has
    /// since become a link to another, and no file that is gone.
    ///
    /// # Errors
    /// The text is over the size limit, the file is not one the studio
    /// writes, or it cannot be written.
    pub fn save(&self, entry: &Entry, text: &str) -> Result<(), SaveError> {
        if let Some(message) = tessera::limits::check_rule_file_size(text.len() as u64) {
            return Err(SaveError::TooLarge(message));
        }
        let shown = entry.path.display();
        if entry.converted.is_some() {
            return Err(SaveError::NotWritable(format!(
                "`{}` is a section of the variants file `{shown}`, converted in memory; the studio does not write it",
                entry.name
            )));
        }
        let Some(target) = &entry.writable else {
            return Err(SaveError::NotWritable(format!(
                "`{shown}` leads out of its folder; the studio does not write through it"
            )));
        };
        match entry.path.canonicalize() {
            Ok(now) if now == *target => {}
            Ok(_) => {
                return Err(SaveError::NotWritable(format!(
                    "`{shown}` now leads elsewhere than when the studio started; not written"
                )))
            }
            Err(e) => return Err(SaveError::Io(format!("cannot write `{shown}`: {e}"))),
        }
        use std::io::Write;
        // Without `create`: the file must still exist.
        std::fs::OpenOptions::new()
            .write(true)
            .truncate(true)
            .open(target)
            .and_then(|mut f| f.write_all(text.as_bytes()))
            .map_err(|e| SaveError::Io(format!("cannot write `{shown}`: {e}")))
    }
}

/// `file` resolved, if it is a regular file directly inside `folder`
/// (itself resolved).
fn inside(file: &Path, folder: &Path) -> Option<PathBuf> {
    let resolved = file.canonicalize().ok()?;
    (resolved.parent() == Some(folder) && resolved.is_file()).then_some(resolved)
}

/// The compiled games, most recently used last, and the bytes they are
/// counted for.
#[derive(Default)]
struct Cache {
    games: Vec<Cached>,
    bytes: usize,
}

struct Cached {
    text: Arc<str>,
    game: Arc<Game>,
    bytes: usize,
}

/// The bytes a cached game is counted for: what compiling it left
/// allocated, as measured (the compile's leftovers included), and its text;
/// at least 64 KiB, and at least twice the text when nothing was measured.
fn cached_bytes(text: &str, held: usize) -> usize {
    held.max(text.len().saturating_mul(2))
        .saturating_add(text.len())
        .max(64 << 10)
}

#[cfg(test)]
mod tests {
    use super::Library;

    /// A scratch folder of empty rule files with these stems.
    fn folder(name: &str, stems: &[&str]) -> String {
        let dir =
            std::env::temp_dir().join(format!("tessera-library-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        for stem in stems {
            std::fs::write(dir.join(format!("{stem}.game")), "").unwrap();
        }
        dir.to_string_lossy().into_owned()
    }

    #[test]
    fn the_page_opens_on_the_file_named_else_chess_else_the_first() {
        let dir = folder("opening", &["3check", "chess", "shogi"]);
        let opening = |paths: &[String]| Library::scan(paths).unwrap().opening;
        assert_eq!(
            opening(std::slice::from_ref(&dir)).as_deref(),
            Some("chess")
        );
        let shogi = format!("{dir}/shogi.game");
        assert_eq!(
            opening(&[dir.clone(), shogi.clone()]).as_deref(),
            Some("shogi-2")
        );
        assert_eq!(opening(&[shogi, dir.clone()]).as_deref(), Some("shogi"));
        let no_chess = folder("no-chess", &["xiangqi", "3check"]);
        assert_eq!(opening(&[no_chess]).as_deref(), Some("3check"));
        let empty = folder("empty", &[]);
        assert_eq!(opening(&[empty]), None);
    }
}
