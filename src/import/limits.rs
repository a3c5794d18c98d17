//! Every limit of the importer, in one place.
//!
//! A variants file comes from strangers as a rule file does, so every size
//! the importer accepts is bounded and an input past a limit is refused with
//! an error naming the limit and its value (`tessera::limits::exceeded`),
//! never truncated or left to run out of time. These are the importer's
//! alone (the library knows nothing of variants files), so they live here
//! rather than in `tessera/src/limits.rs`; docs/import.md lists them, and
//! `tests/hostile.rs` holds a file at or past each one.
//!
//! What they bound: reading a file is linear in its bytes; each section
//! then costs one resolution (a copy of its parent's resolved values, kept
//! only while a later section names it as its parent) and one compilation of
//! the rule file written for it (shared by sections whose rule files differ
//! only in their name). A section's compilation costs at most a few
//! milliseconds for a built-in's pieces (shogi's are the dearest, 7 ms) and
//! about 7 µs per byte of Betza notation beyond them, so the limits on
//! sections and on the file bound an import to several seconds (the figures
//! are in docs/import.md).

/// The largest variants file read, in bytes; a larger one is refused before
/// it is read. Fairy-Stockfish's own file has 69 kB, the largest one known
/// (Fairy-Stockfish-X's, 349 sections) a few hundred.
pub const MAX_FILE_BYTES: usize = 1 << 20;

/// The most sections a file may have; a file with more is refused whole,
/// at the first section past the limit. The largest file known has 349.
pub const MAX_SECTIONS: usize = 1_000;

/// The most sections one chain of inheritance may hold within a file (a
/// section inheriting a built-in or nothing is the first); a section deeper
/// is refused, and its heirs with it. Fairy-Stockfish's own file goes three
/// deep.
pub const MAX_INHERITANCE_DEPTH: usize = 64;

/// The longest section name, in bytes: it names the rule file written for
/// it (`NAME.game`), the variant the protocols offer and the studio's game.
pub const MAX_NAME_BYTES: usize = 64;

/// The longest key, in bytes. Fairy-Stockfish's longest have about 30
/// (`mobilityRegionWhiteCustomPiece25`, `extinctionOpponentPieceCount`).
pub const MAX_KEY_BYTES: usize = 64;

/// The longest value, in bytes. Fairy-Stockfish's own file's longest is 131
/// (a start FEN of 10 ranks with a hand); a Betza notation of this length
/// already lists hundreds of moves.
pub const MAX_VALUE_BYTES: usize = 1024;

/// The most distinct keys one section may give. Fairy-Stockfish reads about
/// 450 (with a mobility region per piece type and colour); a key given again
/// replaces its value and does not count twice.
pub const MAX_KEYS: usize = 1_000;

/// The most warnings and errors kept for one file; the rest are counted.
pub const MAX_DIAGNOSTICS: usize = 1_000;
