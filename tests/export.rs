//! `tessera export --html`: the pages it writes, read as a browser would
//! read them (the browser itself: tests/browser/export_test.py).

use flate2::read::GzDecoder;
use std::io::Read as _;
use std::path::Path;
use std::process::{Command, Output};

fn tessera(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tessera"))
        .args(args)
        .output()
        .expect("the binary runs")
}

fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("tessera-export-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("the temporary folder is writable");
    dir
}

/// The text of the page's element `<TAG id="ID"...>`.
fn element<'p>(page: &'p str, tag: &str, id: &str) -> &'p str {
    let open = format!("<{tag}");
    let at = page
        .match_indices(&open)
        .map(|(i, _)| i)
        .find(|&i| {
            page[i..]
                .split('>')
                .next()
                .unwrap()
                .contains(&format!("id=\"{id}\""))
        })
        .unwrap_or_else(|| panic!("no <{tag} id={id}>"));
    let body = &page[at..];
    let body = &body[body.find('>').unwrap() + 1..];
    &body[..body.find(&format!("</{tag}>")).unwrap()]
}

fn base64_decode(text: &str) -> Vec<u8> {
    const ALPHABET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = Vec::new();
    let (mut acc, mut bits) = (0u32, 0);
    for b in text
        .bytes()
        .filter(|&b| b != b'=' && !b.is_ascii_whitespace())
    {
        let v = ALPHABET.iter().position(|&a| a == b).expect("base64") as u32;
        acc = acc << 6 | v;
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
        }
    }
    out
}

#[test]
fn a_page_holds_the_rules_as_text_and_the_engine_as_gzipped_webassembly() {
    let dir = scratch("one");
    // A rule text with what HTML would read as markup, and what the page's
    // template would read as its own markers.
    let rules = std::fs::read_to_string("games/chess.game")
        .unwrap()
        .replacen(
            "game \"Chess\"",
            "game \"Chess </pre><script>{{ENGINE}}\"",
            1,
        );
    std::fs::write(dir.join("odd.game"), &rules).unwrap();
    let page = dir.join("odd.html");
    let out = tessera(&[
        "export",
        dir.join("odd.game").to_str().unwrap(),
        "--html",
        page.to_str().unwrap(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let html = std::fs::read_to_string(&page).unwrap();
    let shown = element(&html, "pre", "rules")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&amp;", "&");
    assert_eq!(shown, rules);
    assert!(html.contains("<title>Chess &lt;/pre&gt;&lt;script&gt;{{ENGINE}}</title>"));
    let mut wasm = Vec::new();
    GzDecoder::new(&base64_decode(element(&html, "script", "engine"))[..])
        .read_to_end(&mut wasm)
        .expect("the engine is gzipped");
    assert_eq!(&wasm[..4], b"\0asm", "the engine is a WebAssembly module");
    assert_eq!(
        html.matches("</script>").count(),
        3,
        "the scripts end where they should"
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_folder_gives_a_page_per_rule_file_and_an_index() {
    let dir = scratch("folder");
    let games = dir.join("games");
    std::fs::create_dir(&games).unwrap();
    for name in ["chess", "xiangqi"] {
        std::fs::copy(
            format!("games/{name}.game"),
            games.join(format!("{name}.game")),
        )
        .unwrap();
    }
    let pages = dir.join("pages");
    let out = tessera(&[
        "export",
        games.to_str().unwrap(),
        "--html",
        pages.to_str().unwrap(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let index = std::fs::read_to_string(pages.join("index.html")).unwrap();
    assert!(index.contains(r#"<a href="chess.html">Chess</a>"#));
    assert!(index.contains(r#"<a href="xiangqi.html">Xiangqi</a>"#));
    assert!(Path::new(&pages.join("xiangqi.html")).exists());
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_rule_file_with_errors_gives_no_page() {
    let dir = scratch("bad");
    std::fs::write(
        dir.join("bad.game"),
        "game \"x\"\ngrid file a..b rank 1..2\npiece",
    )
    .unwrap();
    let page = dir.join("bad.html");
    let out = tessera(&[
        "export",
        dir.join("bad.game").to_str().unwrap(),
        "--html",
        page.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("error"));
    assert!(!page.exists());
    let _ = std::fs::remove_dir_all(dir);
}
