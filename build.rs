//! Puts every rule file of `games/` into the binary, so that an installed
//! `tessera` plays them by name from any folder (`tessera play shogi`).
//! `src/bundled.rs` reads the table this writes; `tests/bundled.rs` checks
//! that each text compiles and is the file's.
//!
//! It also builds the engine of exported pages (`tessera-wasm/`, for
//! `tessera export --html`) when the Rust toolchain has the
//! `wasm32-unknown-unknown` target, and puts it into the binary too; without
//! that target the binary is built all the same and `export` says how to get
//! it (README, "Exported pages").

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
    page_engine(Path::new(&root));
}

/// Writes `$OUT_DIR/page_engine.rs`: `Some(include_bytes!(WASM))`, the
/// exported pages' engine built for WebAssembly, or `None` with the reason
/// as a warning.
fn page_engine(root: &Path) {
    let out_dir = std::env::var("OUT_DIR").expect("cargo sets OUT_DIR");
    let table = Path::new(&out_dir).join("page_engine.rs");
    // What the engine is built from: its crate, the library, the grammar,
    // and the view of a position it shares with the studio.
    for input in [
        "tessera-wasm/src",
        "tessera-wasm/Cargo.toml",
        "tessera/src",
        "tessera/Cargo.toml",
        "grammar",
        "tessera-view/src",
        "tessera-view/Cargo.toml",
    ] {
        println!("cargo:rerun-if-changed={}", root.join(input).display());
    }
    println!("cargo:rerun-if-env-changed=TESSERA_NO_WASM");
    let code = match build_page_engine(root) {
        Ok(wasm) => format!("Some(include_bytes!({:?}))", wasm.display().to_string()),
        Err(why) => {
            println!("cargo:warning=`tessera export --html` is left out: {why}");
            "None".to_string()
        }
    };
    std::fs::write(table, code).expect("OUT_DIR is writable");
}

/// Builds `tessera-wasm` for `wasm32-unknown-unknown` in a target folder of
/// its own (`target/wasm-export`, the one `.ci/run` uses, so that neither
/// builds it twice), and returns the module's path.
fn build_page_engine(root: &Path) -> Result<std::path::PathBuf, String> {
    const TARGET: &str = "wasm32-unknown-unknown";
    if std::env::var_os("TESSERA_NO_WASM").is_some() {
        return Err("TESSERA_NO_WASM is set".to_string());
    }
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".to_string());
    let sysroot = std::process::Command::new(&rustc)
        .args(["--print", "sysroot"])
        .output()
        .map_err(|e| format!("running {rustc}: {e}"))?;
    let sysroot = String::from_utf8_lossy(&sysroot.stdout).trim().to_string();
    // Where `rustup target add` puts a target: adding it later builds this again.
    println!(
        "cargo:rerun-if-changed={}",
        Path::new(&sysroot).join("lib/rustlib").display()
    );
    if !Path::new(&sysroot)
        .join("lib/rustlib")
        .join(TARGET)
        .exists()
    {
        return Err(format!(
            "the toolchain lacks the {TARGET} target (`rustup target add {TARGET}`, then build again)"
        ));
    }
    let target_dir = root.join("target/wasm-export");
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_string());
    let mut command = std::process::Command::new(cargo);
    command
        .args([
            "build",
            "--quiet",
            "--release",
            "--target",
            TARGET,
            "--manifest-path",
        ])
        .arg(root.join("tessera-wasm/Cargo.toml"))
        .env("CARGO_TARGET_DIR", &target_dir)
        // Cargo reads a build script's standard output as instructions.
        .stdout(std::process::Stdio::null());
    // The outer build's settings are for the host, not for this build.
    for var in [
        "RUSTFLAGS",
        "CARGO_ENCODED_RUSTFLAGS",
        "CARGO_BUILD_TARGET",
        "RUSTC_WORKSPACE_WRAPPER",
    ] {
        command.env_remove(var);
    }
    let status = command
        .status()
        .map_err(|e| format!("running cargo: {e}"))?;
    if !status.success() {
        return Err(format!("building tessera-wasm for {TARGET} failed"));
    }
    Ok(target_dir.join(TARGET).join("release/tessera_wasm.wasm"))
}
