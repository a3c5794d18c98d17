//! `tessera export --html`: a game as one self-contained web page that plays
//! it with no server, from a `file://` address: the page (`web/export/`),
//! the rule text, and the engine (`tessera-wasm/`, the library in
//! WebAssembly, built by `build.rs`) gzipped and in base64, which the page
//! unpacks with the browser's `DecompressionStream`.

use flate2::{write::GzEncoder, Compression};
use std::io::Write as _;

/// The engine of the pages, when this binary was built with it.
const ENGINE: Option<&[u8]> = include!(concat!(env!("OUT_DIR"), "/page_engine.rs"));

const PAGE: &str = include_str!("../web/export/page.html");
const SCRIPT: &str = include_str!("../web/export/page.js");
const WORKER: &str = include_str!("../web/export/worker.js");
/// One call into the engine, which the page and its worker both make: an ES
/// module (the npm package imports it), put into the page as plain script.
const CALL: &str = include_str!("../web/export/call.js");
/// The board by clicks, shared with the studio.
const BOARD: &str = include_str!("../web/board.js");
const STYLE: &str = include_str!("../web/export/page.css");
const INDEX: &str = include_str!("../web/export/index.html");

/// Why this binary cannot export, for the user.
pub const NO_ENGINE: &str = "this tessera was built without the engine of exported pages \
(WebAssembly): add the target with `rustup target add wasm32-unknown-unknown`, \
then build tessera again (`cargo build --release`; README, \"Exported pages\")";

/// The engine, gzipped and in base64, once per run.
pub struct Engine(String);

impl Engine {
    /// The built-in engine, packed for pages.
    ///
    /// # Errors
    /// [`NO_ENGINE`] when the binary has none.
    pub fn packed() -> Result<Engine, String> {
        Engine::pack(ENGINE)
    }

    /// `wasm` packed for pages; [`NO_ENGINE`] for none (a binary built
    /// without the WebAssembly target, or with `TESSERA_NO_WASM`).
    fn pack(wasm: Option<&[u8]>) -> Result<Engine, String> {
        let wasm = wasm.ok_or(NO_ENGINE)?;
        let mut gz = GzEncoder::new(Vec::new(), Compression::best());
        gz.write_all(wasm)
            .and_then(|()| gz.finish())
            .map(|bytes| Engine(tessera::svg::base64(&bytes)))
            .map_err(|e| format!("compressing the engine: {e}"))
    }
}

/// The page of one game: its title and its rule text (already compiled by
/// the caller, so the page's own compilation succeeds).
pub fn page(engine: &Engine, title: &str, rules: &str) -> String {
    let call = plain_script(CALL);
    fill(
        PAGE,
        &[
            ("TITLE", &escape_html(title)),
            ("STYLE", STYLE),
            ("SCRIPT", &escape_script(&[&call, BOARD, SCRIPT].concat())),
            ("WORKER", &escape_script(&[&call, WORKER].concat())),
            ("RULES", &escape_html(rules)),
            ("ENGINE", &engine.0),
        ],
    )
}

/// The index of a folder's pages: each game's title and page file.
pub fn index(games: &[(String, String)]) -> String {
    let mut list = String::new();
    for (title, file) in games {
        list.push_str(&format!(
            "<li><a href=\"{}\">{}</a></li>\n",
            escape_html(file),
            escape_html(title)
        ));
    }
    fill(INDEX, &[("STYLE", STYLE), ("GAMES", &list)])
}

/// `template` with each `{{KEY}}` replaced by its value, in one pass, so
/// that a value holding `{{...}}` (a rule file's text) stays as it is.
fn fill(template: &str, values: &[(&str, &str)]) -> String {
    let mut out =
        String::with_capacity(template.len() + values.iter().map(|v| v.1.len()).sum::<usize>());
    let mut rest = template;
    while let Some(at) = rest.find("{{") {
        out.push_str(&rest[..at]);
        let after = &rest[at + 2..];
        match after.find("}}").and_then(|end| {
            let key = &after[..end];
            values
                .iter()
                .find(|(k, _)| *k == key)
                .map(|(_, v)| (end, *v))
        }) {
            Some((end, value)) => {
                out.push_str(value);
                rest = &after[end + 2..];
            }
            None => {
                out.push_str("{{");
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// An ES module's text as plain script: its `export` keywords dropped (a
/// plain script has none; what it declares is the script's own).
fn plain_script(module: &str) -> String {
    module
        .lines()
        .map(|line| line.strip_prefix("export ").unwrap_or(line))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Text as HTML character data or an attribute's value.
fn escape_html(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// A script's text inside `<script>`: an HTML parser ends the element at the
/// first `</script`, whatever the script's own syntax.
fn escape_script(text: &str) -> String {
    text.replace("</", "<\\/")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_value_is_put_in_once_and_never_read_as_a_key() {
        assert_eq!(
            fill("a{{X}}b{{Y}}c{{Z}}", &[("X", "{{Y}}"), ("Y", "2")]),
            "a{{Y}}b2c{{Z}}"
        );
    }

    #[test]
    fn without_an_engine_export_says_how_to_get_one() {
        let Err(why) = Engine::pack(None) else {
            panic!("an engine from nothing")
        };
        assert_eq!(why, NO_ENGINE);
        assert!(why.contains("rustup target add wasm32-unknown-unknown"));
    }

    #[test]
    fn the_engine_call_is_plain_script_in_the_page() {
        let call = plain_script(CALL);
        assert!(call.contains("\nfunction engineCall("), "{call}");
        assert!(!call.lines().any(|l| l.starts_with("export")), "{call}");
    }

    #[test]
    fn text_cannot_end_its_element() {
        assert_eq!(escape_html("</pre><b>&"), "&lt;/pre&gt;&lt;b&gt;&amp;");
        assert_eq!(escape_script("a = '</script>'"), "a = '<\\/script>'");
    }
}
