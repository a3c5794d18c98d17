//! Properties of random legal play in every bundled game (proptest): make then
//! unmake restores the position; every generated move is legal and reads back
//! from its printed form; the printed position reads back to the same position
//! with the same legal moves; divide sums to perft.

mod common;

use proptest::prelude::*;
use std::sync::LazyLock;
use tessera::engine::in_check;
use tessera::engine::legal::legal_moves;
use tessera::engine::outcome::{rule_end, Status};
use tessera::notation::{position, uci};
use tessera::{divide, perft, Game, Position};

static GAMES: LazyLock<Vec<Game>> = LazyLock::new(|| {
    let paths = common::bundled_game_paths();
    paths
        .iter()
        .map(|p| tessera::compile_str(&std::fs::read_to_string(p).unwrap()).unwrap())
        .collect()
});

/// The sorted printed legal moves of `pos`.
fn printed_moves(pos: &mut Position<'_>) -> Vec<String> {
    let mut moves = Vec::new();
    legal_moves(pos, &mut moves);
    let mut names: Vec<String> = moves.iter().map(|m| uci::format(pos.game(), m)).collect();
    names.sort();
    names
}

/// Plays the moves chosen by `picks` (an index into the legal moves, modulo
/// their number) from the start, checking every property at each step.
fn play(game: &Game, picks: &[u16]) -> Result<(), TestCaseError> {
    let mut pos = Position::start(game);
    for &pick in picks {
        let mut moves = Vec::new();
        legal_moves(&mut pos, &mut moves);
        if moves.is_empty() {
            break;
        }
        let side = pos.side_to_move();
        for &mv in &moves {
            let printed = uci::format(game, &mv);
            prop_assert_eq!(uci::parse(&mut pos, &printed), Ok(mv), "{}", printed);
            let before = pos.clone();
            let undo = pos.make(mv);
            // A move that ends the game by a goal of the rules may leave the
            // mover in check: in atomic chess, the capture that blows up the
            // enemy king wins, whatever attacks the mover's own.
            prop_assert!(
                !in_check(&pos, side)
                    || matches!(rule_end(&mut pos), Some(Status::Over { winner: Some(w), .. }) if w == side),
                "{} leaves the mover in check",
                printed
            );
            pos.unmake(undo);
            prop_assert!(pos == before, "make/unmake of {}", printed);
        }
        let text = position::format(&pos);
        let mut reread =
            position::parse(game, &text).map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert!(reread == pos, "{}", text);
        prop_assert_eq!(
            printed_moves(&mut reread),
            printed_moves(&mut pos),
            "{}",
            text
        );
        let mv = moves[pick as usize % moves.len()];
        pos.make(mv);
    }
    let total: u64 = divide(&pos, 2).iter().map(|(_, n)| n).sum();
    prop_assert_eq!(total, perft(&mut pos, 2));
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn random_play_keeps_every_invariant(which in 0usize..16, picks in prop::collection::vec(any::<u16>(), 0..40)) {
        let game = &GAMES[which % GAMES.len()];
        play(game, &picks)?;
    }
}

#[test]
fn every_game_is_exercised() {
    // 24 cases over the games: each game is drawn with high probability, and the
    // fixed walks below make sure every game runs at least once.
    for game in GAMES.iter() {
        play(game, &[0, 1, 2, 3, 4, 5, 6, 7, 8, 9]).unwrap();
        play(game, &[7; 30]).unwrap();
    }
}
