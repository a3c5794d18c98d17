//! Rule files from strangers: compiling any text must not panic, and a game that
//! compiles must generate moves and draw its start position.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(src) = std::str::from_utf8(data) else {
        return;
    };
    match tessera::compile_str(src) {
        Ok(game) => {
            let mut pos = tessera::Position::start(&game);
            let _ = tessera::perft(&mut pos, 2);
            let _ = tessera::show::draw(&mut pos);
        }
        Err(errors) => {
            let _ = errors.render("fuzz.game", src);
        }
    }
});
