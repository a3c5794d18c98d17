//! The games the module knows by name: the bundled rule files (`games/`, by
//! their file names, which are Fairy-Stockfish's variant names where the game
//! is one of its variants) and the sections of every `load_variant_config`
//! text, each compiled once and shared.

use std::collections::HashMap;
use std::sync::{Arc, LazyLock, Mutex, MutexGuard};

use pyo3::exceptions::{PyNotImplementedError, PyValueError};
use pyo3::PyResult;
use tessera::Game;
use tessera_cli::bundled::GAMES;

/// What a name stands for once asked for or loaded.
enum Entry {
    /// A compiled game.
    Ready(Arc<Game>),
    /// A section of a variants.ini that the importer could not write as a
    /// rule file, with its reason, so that a call naming it says why.
    Refused(String),
}

/// Every name asked for or loaded so far. Loaded sections shadow bundled
/// games of the same name, as Fairy-Stockfish's later definitions do.
static KNOWN: LazyLock<Mutex<HashMap<String, Entry>>> = LazyLock::new(Default::default);

/// The table, even after a panic elsewhere poisoned its lock (its entries
/// are whole at every moment).
fn known() -> MutexGuard<'static, HashMap<String, Entry>> {
    KNOWN
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// The game called `name`, compiled once.
///
/// # Errors
/// `ValueError` for a name no bundled game or loaded section has (with the
/// nearest name), or for a loaded section the importer refused.
pub fn by_name(name: &str) -> PyResult<Arc<Game>> {
    let mut known = known();
    match known.get(name) {
        Some(Entry::Ready(game)) => return Ok(game.clone()),
        Some(Entry::Refused(why)) => {
            return Err(PyNotImplementedError::new_err(format!(
                "variant '{name}' was loaded but Tessera cannot play it: {why}"
            )))
        }
        None => {}
    }
    let Some(bundled) = GAMES.iter().find(|g| g.name == name) else {
        let near = tessera::suggest::closest(name, GAMES.iter().map(|g| g.name))
            .map(|n| format!(" (did you mean '{n}'?)"))
            .unwrap_or_default();
        return Err(PyValueError::new_err(format!(
            "unknown variant '{name}'{near}"
        )));
    };
    let game = Arc::new(compiled(name, bundled.text)?);
    known.insert(name.to_string(), Entry::Ready(game.clone()));
    Ok(game)
}

/// The names of the games that FEN can write (those a pyffish caller can
/// use), bundled and loaded, sorted as Fairy-Stockfish sorts its own.
pub fn names() -> PyResult<Vec<String>> {
    let mut names = Vec::new();
    for bundled in GAMES {
        if tessera::notation::fen::has_fen(&*by_name(bundled.name)?) {
            names.push(bundled.name.to_string());
        }
    }
    for (name, entry) in known().iter() {
        if matches!(entry, Entry::Ready(g) if tessera::notation::fen::has_fen(g)) {
            names.push(name.clone());
        }
    }
    names.sort();
    names.dedup();
    Ok(names)
}

/// Reads a variants.ini text through the importer and makes each section it
/// writes a known game; a section it cannot write is remembered with its
/// reason. Returns the importer's warnings and errors, rendered.
///
/// # Errors
/// `ValueError` where the importer refuses the whole text (too large, too
/// many sections, not an ini file).
pub fn load_ini(text: &str) -> PyResult<String> {
    let import = tessera_cli::import::import("variants.ini", text)
        .map_err(|d| PyValueError::new_err(d.render("variants.ini").trim_end().to_string()))?;
    let mut entries = Vec::new();
    for section in &import.sections {
        let entry = match &section.outcome {
            Ok(rules) => match compiled(&section.name, rules) {
                Ok(game) => Entry::Ready(Arc::new(game)),
                Err(e) => Entry::Refused(e.to_string()),
            },
            Err(why) => Entry::Refused(why.clone()),
        };
        entries.push((section.name.clone(), entry));
    }
    known().extend(entries);
    Ok(import.render("variants.ini"))
}

/// Compiles a rule text, its errors rendered under the game's name.
fn compiled(name: &str, text: &str) -> PyResult<Game> {
    tessera::compile_str(text).map_err(|e| {
        PyValueError::new_err(format!(
            "the rules of '{name}' do not compile:\n{}",
            e.render(&format!("{name}.game"), text)
        ))
    })
}
