//! Rule files from strangers: compiling any text must not panic, and a game that
//! compiles must generate moves and draw its start position. Perft goes two
//! plies deep on small files and one on the others, so that no seed of the
//! corpus (the pathological files among them) nears the fuzzer's time-out.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(src) = std::str::from_utf8(data) else {
        return;
    };
    match tessera::compile_str(src) {
        Ok(game) => {
            let mut pos = tessera::Position::start(&game);
            let depth = if src.len() < 4096 { 2 } else { 1 };
            let _ = tessera::perft(&mut pos, depth);
            let _ = tessera::show::draw(&mut pos);
        }
        Err(errors) => {
            let _ = errors.render("fuzz.game", src);
        }
    }
});
