//! `goal repeated N times ..., perpetual chase OUTCOME`: xiangqi's rule that
//! a side that chases a piece with every one of its moves loses the
//! repetition. Each test is a position of `games/xiangqi.game`, a cycle of
//! four moves played twice (the position then stands a third time), and the
//! outcome Fairy-Stockfish gives (pyffish 0.0.90, `is_optional_game_end`).

mod common;

use common::status_after;
use tessera::engine::outcome::{Reason, Status};
use tessera::game::Side;
use tessera::{compile_str, Game};

const XIANGQI: &str = include_str!("../../games/xiangqi.game");

fn xiangqi() -> Game {
    compile_str(XIANGQI).unwrap_or_else(|e| panic!("{}", e.render("xiangqi.game", XIANGQI)))
}

/// The state of play after the cycle, played twice from `at`, with the
/// game's record; the game must go on until its last move.
#[track_caller]
fn after_cycle(g: &Game, at: &str, cycle: &str) -> Status {
    status_after(g, at, &format!("{cycle} {cycle}"))
}

#[track_caller]
fn black_wins(status: Status) {
    match status {
        Status::Over {
            winner: Some(Side::Black),
            reason: Reason::Repetition,
            ..
        } => {}
        other => panic!("expected Black to win by the repetition, got {other:?}"),
    }
}

#[track_caller]
fn drawn(status: Status) {
    match status {
        Status::Over {
            winner: None,
            reason: Reason::Repetition,
            ..
        } => {}
        other => panic!("expected a drawn repetition, got {other:?}"),
    }
}

#[test]
fn a_chariot_that_chases_an_unprotected_horse_loses() {
    // The horse flees h8-g6 and back; the chariot follows, h1-g1 and back.
    let g = xiangqi();
    black_wins(after_cycle(
        &g,
        "4k4/9/7n1/9/9/9/9/9/9/3K3R1 b - - 0 1",
        "h8g6 h1g1 g6h8 g1h1",
    ));
}

#[test]
fn a_second_chariot_changes_nothing() {
    let g = xiangqi();
    black_wins(after_cycle(
        &g,
        "4k4/9/7n1/9/9/9/9/9/9/3K1R1R1 b - - 0 1",
        "h8g6 h1g1 g6h8 g1h1",
    ));
}

#[test]
fn a_horse_protected_on_one_of_its_cells_is_not_chased_throughout() {
    // The chariot on g10 protects the horse on g6: a draw.
    let g = xiangqi();
    drawn(after_cycle(
        &g,
        "4k1r2/9/7n1/9/9/9/9/9/9/3K3R1 b - - 0 1",
        "h8g6 h1g1 g6h8 g1h1",
    ));
}

#[test]
fn a_soldier_across_the_river_is_chased() {
    let g = xiangqi();
    black_wins(after_cycle(
        &g,
        "4k4/9/9/9/9/6p2/9/9/9/3K2R2 b - - 0 1",
        "g5h5 g1h1 h5g5 h1g1",
    ));
}

#[test]
fn chariots_that_attack_each_other_chase_nothing() {
    let g = xiangqi();
    drawn(after_cycle(
        &g,
        "4k4/9/7r1/9/9/9/9/9/9/3K3R1 b - - 0 1",
        "h8g8 h1g1 g8h8 g1h1",
    ));
}

#[test]
fn a_horse_chases_a_protected_chariot_of_higher_value() {
    // The chariot on h10 protects the one on h8 and h9; the horse, worth
    // less, chases it all the same.
    let g = xiangqi();
    black_wins(after_cycle(
        &g,
        "3k3r1/9/7r1/9/6N2/9/9/9/9/4K4 b - - 0 1",
        "h8h9 g6f8 h9h8 f8g6",
    ));
}

#[test]
fn horses_that_attack_each_other_chase_nothing() {
    let g = xiangqi();
    drawn(after_cycle(
        &g,
        "3k3r1/9/7n1/9/6N2/9/9/9/9/4K4 b - - 0 1",
        "h8i6 g6h4 i6h8 h4g6",
    ));
}

#[test]
fn a_perpetual_check_loses_before_any_chase() {
    let g = xiangqi();
    black_wins(after_cycle(
        &g,
        "R2k5/9/9/9/9/9/9/9/9/4K4 b - - 0 1",
        "d10d9 a10a9 d9d10 a9a10",
    ));
}

#[test]
fn the_chase_clause_is_checked() {
    let base = XIANGQI.replace(
        "goal repeated 3 times draws, perpetual check loses, perpetual chase loses except Soldier outside across-river",
        "",
    );
    for (goal, why) in [
        (
            "goal clock 100 draws, perpetual chase loses",
            "only a `repeated` goal",
        ),
        (
            "goal repeated 3 times draws, perpetual chase loses except Pawn",
            "Pawn",
        ),
        (
            "goal repeated 3 times draws, perpetual chase loses except Soldier outside river",
            "river",
        ),
    ] {
        let src = format!("{base}\n{goal}\n");
        let err = compile_str(&src)
            .err()
            .unwrap_or_else(|| panic!("{goal} compiled"))
            .render("x.game", &src);
        assert!(err.contains(why), "{goal}: {err}");
    }
    let ok = format!("{base}\ngoal repeated 3 times draws, perpetual chase loses\n");
    assert!(compile_str(&ok).is_ok());
}

/// Two chariots, a cannon and a horse check the general again and again;
/// from a clock of 60, the 40th ply reaches 100, but White has given more
/// than ten checks in those plies: Fairy-Stockfish's n-move rule under the
/// chasing rule waits (it ends this game by perpetual check ten plies on).
const CHECKS: &str = "a1a10 d10d9 a10a9 d9d8 i1i8 e9f8 a9a8 d8d9 a8a9 d9d8 a9a8 d8d9 i8i9 f8e9 a8a9 d9d10 a9a10 d10d9 a10a9 d9d10 i9i10 e9f10 a9a10 d10d9 a10a9 d9d10 a9a10 d10d9 i10i9 d9d8 i9i8 d8d9 a10a9 d9d10 i8d8 d10e10 a9a10 e10e9 a10a9 e9e10";

#[test]
fn checks_beyond_ten_make_the_clock_longer() {
    let at = "3k5/4a4/9/9/9/9/9/4C4/9/R3K1N1R w - - 60 1";
    let longer = compile_str(&format!(
        "{XIANGQI}\ngoal clock 100 draws, longer after 10 checks\n"
    ))
    .unwrap();
    assert_eq!(status_after(&longer, at, CHECKS), Status::Ongoing);
    let plain = compile_str(&format!("{XIANGQI}\ngoal clock 100 draws\n")).unwrap();
    match status_after(&plain, at, CHECKS) {
        Status::Over {
            reason: Reason::Clock,
            ..
        } => {}
        other => panic!("expected the clock to end it, got {other:?}"),
    }
    let bad = format!("{XIANGQI}\ngoal checkmated loses, longer after 10 checks\n");
    assert!(compile_str(&bad).is_err());
}
