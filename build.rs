//! Puts every rule file of `games/` into the binary, so that an installed
//! `tessera` plays them by name from any folder (`tessera play shogi`).
//! `src/bundled.rs` reads the table this writes; `tests/bundled.rs` checks
//! that each text compiles and is the file's.

use std::fmt::Write as _;
use std::path::Path;

fn main() {
    let root = std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let folder = Path::new(&root).join("games");
    // The folder's own change (a file added or removed) and each file's.
    println!("cargo:rerun-if-changed={}", folder.display());
    let mut names: Vec<String> = std::fs::read_dir(&folder)
        .expect("games/ is part of the repository")
        .filter_map(Result::ok)
        .filter_map(|e| {
            let path = e.path();
            let stem = path.file_stem()?.to_str()?.to_string();
            (path.extension()? == "game").then_some(stem)
        })
        .collect();
    names.sort();
    let mut table = String::from("&[\n");
    for name in &names {
        let path = folder.join(format!("{name}.game"));
        println!("cargo:rerun-if-changed={}", path.display());
        writeln!(
            table,
            "    Bundled {{ name: {name:?}, text: include_str!({:?}) }},",
            path.display().to_string()
        )
        .expect("writing to a String");
    }
    table.push(']');
    let out = Path::new(&std::env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("bundled.rs");
    std::fs::write(out, table).expect("OUT_DIR is writable");
}
