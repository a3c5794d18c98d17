//! The rule files of the repository's `games/` folder, built into the binary
//! (`build.rs` lists them), so that an installed `tessera` has every bundled
//! game and names it from any folder: `tessera play shogi`.

/// One bundled rule file.
#[derive(Debug)]
pub struct Bundled {
    /// The file's name without `.game` (`chess`, `shogi`).
    pub name: &'static str,
    /// The rule file's text.
    pub text: &'static str,
}

/// Every bundled rule file, in name order.
pub static GAMES: &[Bundled] = include!(concat!(env!("OUT_DIR"), "/bundled.rs"));

/// The bundled game a command-line argument names when no file of that name
/// exists: `NAME`, `NAME.game` or `games/NAME.game` (as the README writes
/// them, so its commands work from any folder).
pub fn named(arg: &str) -> Option<&'static Bundled> {
    let name = arg.strip_prefix("games/").unwrap_or(arg);
    let name = name.strip_suffix(".game").unwrap_or(name);
    GAMES.iter().find(|g| g.name == name)
}

/// The bundled game whose name is nearest to a name that matched none, for
/// a "did you mean".
pub fn closest(arg: &str) -> Option<&'static str> {
    let name = arg.strip_prefix("games/").unwrap_or(arg);
    let name = name.strip_suffix(".game").unwrap_or(name);
    tessera::suggest::closest(name, GAMES.iter().map(|g| g.name))
}
