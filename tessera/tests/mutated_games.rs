//! Rule files from strangers, made from the bundled games (proptest): a file of
//! `games/` with a few of its tokens changed (a number turned into one at or
//! past a limit of 8, 16, 32 or 64 bits or of `src/limits.rs`, a word turned
//! into a keyword of the grammar, a token dropped or doubled) compiles or is
//! refused, never panics, within a bounded time; a game that compiles
//! generates its start position's moves. `cargo test` runs it on the stable
//! toolchain, so the class of bugs a fuzzer finds in the compiler's arithmetic
//! is found here too (the fuzzing run of `.ci/run` goes further).

mod common;

use proptest::prelude::*;
use std::sync::LazyLock;
use std::time::{Duration, Instant};
use tessera::engine::legal::legal_moves;
use tessera::Position;

/// The bundled games' texts, in the order of their names.
static SOURCES: LazyLock<Vec<(String, String)>> = LazyLock::new(|| {
    let paths = common::bundled_game_paths();
    paths
        .iter()
        .map(|p| {
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            (name, std::fs::read_to_string(p).unwrap())
        })
        .collect()
});

/// Every keyword of the grammar: the words it quotes.
static KEYWORDS: LazyLock<Vec<String>> = LazyLock::new(|| {
    let grammar = std::fs::read_to_string("../grammar/tessera.pest").unwrap();
    let mut words: Vec<String> = grammar
        .split('"')
        .skip(1)
        .step_by(2)
        .filter(|w| !w.is_empty() && w.bytes().all(|b| b.is_ascii_lowercase()))
        .map(str::to_string)
        .collect();
    words.sort();
    words.dedup();
    words
});

/// Numbers at and past the limits a rule file can reach.
const EXTREMES: &[&str] = &[
    "-9223372036854775808",
    "9223372036854775807",
    "9223372036854775808",
    "18446744073709551616",
    "4294967296",
    "4294967295",
    "2147483648",
    "-2147483649",
    "1000000000",
    "1000000001",
    "-1000000000",
    "65536",
    "65535",
    "4096",
    "4097",
    "-4096",
    "1025",
    "256",
    "255",
    "128",
    "127",
    "-1",
    "0",
    "1",
    "0.001",
];

/// The longest one compile may take here, far above what the work limit allows
/// (about half a second), so that only a hang fails.
const MAX_SECONDS: u64 = 10;

/// One change to a rule file's tokens; `at` picks the token (modulo the
/// number of tokens of its sort) and `pick` what goes there.
#[derive(Debug, Clone)]
enum Change {
    Number { at: usize, pick: usize },
    Keyword { at: usize, pick: usize },
    Drop { at: usize },
    Double { at: usize },
}

fn change() -> impl Strategy<Value = Change> {
    prop_oneof![
        3 => (any::<usize>(), any::<usize>()).prop_map(|(at, pick)| Change::Number { at, pick }),
        2 => (any::<usize>(), any::<usize>()).prop_map(|(at, pick)| Change::Keyword { at, pick }),
        1 => any::<usize>().prop_map(|at| Change::Drop { at }),
        1 => any::<usize>().prop_map(|at| Change::Double { at }),
    ]
}

/// `src` cut into tokens: a number (with its sign), a word, a run of blanks,
/// a quoted string, a comment, or one other character; joined again they
/// give `src` back. A number inside a string or a comment is none of the
/// rules' (a title such as "Clobber 10x10").
fn tokens(src: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut chars = src.chars().peekable();
    while let Some(c) = chars.next() {
        let mut token = c.to_string();
        let mut in_string = c == '"';
        let same = |d: char, in_string: &mut bool| match c {
            '"' => {
                let more = *in_string;
                if d == '"' || d == '\n' {
                    *in_string = false;
                }
                more
            }
            '#' => d != '\n',
            '0'..='9' | '-' => d.is_ascii_digit(),
            c if c.is_alphabetic() || c == '_' => d.is_alphanumeric() || d == '_',
            ' ' | '\t' => d == ' ' || d == '\t',
            _ => false,
        };
        while let Some(&d) = chars.peek() {
            if !same(d, &mut in_string) {
                break;
            }
            token.push(d);
            chars.next();
        }
        out.push(token);
    }
    out
}

fn is_number(token: &str) -> bool {
    token.bytes().any(|b| b.is_ascii_digit())
        && token
            .trim_start_matches('-')
            .bytes()
            .all(|b| b.is_ascii_digit())
}

fn is_word(token: &str) -> bool {
    token.chars().next().is_some_and(char::is_alphabetic)
}

/// The `n`th (modulo their number) of the tokens that `keep` accepts.
fn nth(tokens: &[String], n: usize, keep: impl Fn(&str) -> bool) -> Option<usize> {
    let places: Vec<usize> = (0..tokens.len()).filter(|&i| keep(&tokens[i])).collect();
    (!places.is_empty()).then(|| places[n % places.len()])
}

fn mutate(src: &str, changes: &[Change]) -> String {
    let mut t = tokens(src);
    for c in changes {
        match *c {
            Change::Number { at, pick } => {
                if let Some(i) = nth(&t, at, is_number) {
                    t[i] = EXTREMES[pick % EXTREMES.len()].to_string();
                }
            }
            Change::Keyword { at, pick } => {
                if let Some(i) = nth(&t, at, is_word) {
                    t[i] = KEYWORDS[pick % KEYWORDS.len()].clone();
                }
            }
            Change::Drop { at } => {
                if let Some(i) = nth(&t, at, |s| !s.trim().is_empty()) {
                    t.remove(i);
                }
            }
            Change::Double { at } => {
                if let Some(i) = nth(&t, at, |s| !s.trim().is_empty()) {
                    let again = t[i].clone();
                    t.insert(i, again);
                }
            }
        }
    }
    t.concat()
}

/// Compiles `src` and, if it compiles, generates its start position's moves;
/// a panic fails the case (proptest reports it with the smallest input found).
fn compile_and_move(name: &str, src: &str) -> Result<(), TestCaseError> {
    let started = Instant::now();
    match tessera::compile_str(src) {
        Ok(game) => {
            let mut pos = Position::start(&game);
            let mut moves = Vec::new();
            legal_moves(&mut pos, &mut moves);
        }
        Err(errors) => {
            let _ = errors.render(name, src);
        }
    }
    let took = started.elapsed();
    prop_assert!(
        took < Duration::from_secs(MAX_SECONDS),
        "{} took {:?}",
        name,
        took
    );
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 384, ..ProptestConfig::default() })]

    #[test]
    fn a_bundled_game_with_a_few_tokens_changed_compiles_or_is_refused(
        game in any::<usize>(),
        changes in prop::collection::vec(change(), 1..4),
    ) {
        let (name, src) = &SOURCES[game % SOURCES.len()];
        let text = mutate(src, &changes);
        compile_and_move(name, &text)?;
    }
}

#[test]
fn every_number_of_every_bundled_game_past_64_bits_is_refused_not_misread() {
    // One number at a time, in every game, at the values that used to wrap:
    // the smallest and largest 64-bit numbers and one past them.
    let mut checked = 0;
    for (name, src) in SOURCES.iter() {
        let t = tokens(src);
        for i in (0..t.len()).filter(|&i| is_number(&t[i])) {
            for extreme in ["-9223372036854775808", "9223372036854775808"] {
                let mut changed = t.clone();
                changed[i] = extreme.to_string();
                let text = changed.concat();
                // A number in a comment or a string is no number of the rules.
                if let Ok(game) = tessera::compile_str(&text) {
                    let same = tessera::compile_str(src).unwrap();
                    assert_eq!(
                        game.to_string(),
                        same.to_string(),
                        "{name}: token {i} as {extreme} compiled into another game"
                    );
                }
                checked += 1;
            }
        }
    }
    assert!(checked > 1000, "only {checked} numbers changed");
}

#[test]
fn the_fuzzing_dictionary_holds_every_keyword_of_the_grammar() {
    let dict = std::fs::read_to_string("../fuzz/dict/rule_file.dict").unwrap();
    let missing: Vec<&String> = KEYWORDS
        .iter()
        .filter(|k| !dict.contains(&format!("\"{k} \"")))
        .collect();
    assert!(
        missing.is_empty(),
        "fuzz/dict/rule_file.dict lacks {missing:?}"
    );
}

#[test]
fn tokens_join_back_into_the_text() {
    let src = "game \"Clobber 10x10\"\npiece Leaper L value -3\n  leap (1, -2) # note 4\n";
    let t = tokens(src);
    assert_eq!(t.concat(), src);
    assert!(t.contains(&"-3".to_string()));
    assert!(t.contains(&"-2".to_string()));
    assert!(t.contains(&"\"Clobber 10x10\"".to_string()));
    assert!(t.contains(&"# note 4".to_string()));
}
