//! `tessera match`: engines play a series of games, Tessera the referee.

mod common;

use common::tessera;
use tessera_cli::arena::score_with_margin;

#[test]
fn the_search_beats_a_random_mover() {
    let out = tessera(&[
        "match",
        "games/gardner.game",
        "tessera",
        "random",
        "--games",
        "2",
        "--depth",
        "2",
    ]);
    assert!(out.result.is_ok(), "{:?}", out.result);
    let lines: Vec<&str> = out.stdout.lines().collect();
    assert_eq!(lines.len(), 3, "{}", out.stdout);
    assert!(
        lines[0].starts_with("game 1: tessera (white) beat random (black), "),
        "{}",
        out.stdout
    );
    assert!(
        lines[1].starts_with("game 2: tessera (black) beat random (white), "),
        "{}",
        out.stdout
    );
    assert_eq!(
        lines[2],
        "tessera against random: +2 =0 -0, score 100.0% ± 0.0% (2 games)"
    );
}

#[test]
fn a_game_at_the_ply_cap_is_a_draw() {
    let out = tessera(&[
        "match",
        "games/chess.game",
        "random",
        "random",
        "--games",
        "1",
        "--max-plies",
        "4",
    ]);
    assert_eq!(
        out.stdout,
        "game 1: random (white) drew with random (black), 4 plies\n\
         random against random: +0 =1 -0, score 50.0% ± 0.0% (1 game)\n"
    );
}

#[test]
fn an_unknown_engine_is_a_usage_error() {
    let out = tessera(&["match", "games/chess.game", "stockfish", "random"]);
    assert_eq!(out.exit_code(), 2);
}

#[test]
fn the_margin_is_the_95_percent_interval_of_the_score() {
    // 15 wins, 2 draws, 3 losses: 80%; the variance of a game's points is
    // (15 * 0.2² + 2 * 0.3² + 3 * 0.8²) / 20 = 0.135, so the margin is
    // 1.96 * sqrt(0.135 / 20) = 0.1610.
    let (score, margin) = score_with_margin(15, 2, 3);
    assert!((score - 0.8).abs() < 1e-9);
    assert!((margin - 0.1610).abs() < 1e-3, "{margin}");
}
