//! Regressions from fuzzing: inputs that once crashed Tessera, each with the
//! answer it must give now.

use tessera::compile_str;
use tessera::notation::{fen, position};

fn chess() -> tessera::Game {
    compile_str(include_str!("../games/chess.game")).unwrap()
}

#[test]
fn a_fen_rank_with_an_enormous_run_of_empty_cells_is_an_error() {
    let game = chess();
    let fen = format!("{}B//\u{4}f/////", "3".repeat(90));
    assert!(fen::parse(&game, &fen).is_err());
}

#[test]
fn hostile_positions_are_errors_not_panics() {
    let game = chess();
    for text in [
        "",
        ",",
        "K",
        "Kz9",
        "Ke1:",
        "Ke1:300",
        "K@",
        "K@nowhere",
        "Ke1,Ke1",
        "- x",
    ] {
        assert!(position::parse(&game, text).is_err(), "{text:?}");
    }
}

#[test]
fn a_misspelt_keyword_after_a_multibyte_character_is_an_error() {
    // Found by the rule_file target: the word was cut inside the character
    // before it.
    let src = "#\u{7ac}e4\npoloacke9up whit$\u{2}\0\0\0\0\0\0poolacKing d4\n";
    let errors = compile_str(src).unwrap_err();
    assert!(!errors.0.is_empty());
    let text = "x\u{7ac}setu\n";
    assert!(compile_str(text).is_err());
}
