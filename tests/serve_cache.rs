//! The studio's compile cache is bounded in bytes, each game counted for what
//! compiling it left allocated, measured by the allocator the binary installs
//! (`tessera_cli::serve::memory::Counting`, installed here too). A rule file of a
//! few hundred bytes can compile to tens of megabytes, so a bound on the
//! number of games, or on the length of their texts, is no bound.

use tessera_cli::serve::library::Library;
use tessera_cli::serve::limits::MAX_CACHE_BYTES;
use tessera_cli::serve::memory::{measured, Counting};

#[global_allocator]
static ALLOCATOR: Counting = Counting;

#[test]
fn a_compiled_game_is_measured() {
    let chess = std::fs::read_to_string("games/chess.game").unwrap();
    let (game, held) = measured(|| tessera::compile_str(&chess).unwrap());
    // Chess's tables: about 170 KB in this version.
    assert!((50_000..5_000_000).contains(&held), "{held}");
    drop(game);
    let (_, nothing) = measured(|| Vec::<u8>::with_capacity(1 << 20).len());
    assert_eq!(nothing, 0);
}

#[test]
fn the_cache_stays_within_its_bytes() {
    let library = Library::scan(&["games/chess.game".to_string()]).unwrap();
    let line = std::fs::read_to_string("tests/pathological/long-line.game").unwrap();
    // Distinct texts of one large game (35 MB of tables each), more than
    // the cache can hold.
    let texts: Vec<String> = (0..12).map(|i| format!("# {i}\n{line}")).collect();
    let mut largest = 0;
    for text in &texts {
        library.compile(text).unwrap();
        largest = largest.max(library.cache_bytes());
        assert!(library.cache_bytes() <= MAX_CACHE_BYTES);
    }
    // The measure is real: the cache filled up to its bound, not to a
    // count of games.
    assert!(largest > MAX_CACHE_BYTES / 2, "{largest}");
    let kept = texts.iter().filter(|t| library.cached(t).is_some()).count();
    assert!((1..texts.len()).contains(&kept), "{kept} kept");
    // The ones used longest ago went first.
    assert!(library.cached(&texts[0]).is_none());
    assert!(library.cached(texts.last().unwrap()).is_some());
}
