//! The goals on a game's record: repetition, the halfmove clock and
//! material that cannot win. Each is pinned by a tiny rule file, moves from a
//! position and the result expected; none of them removes a move, so perft
//! and the legal moves stay as they are.

use tessera::engine::legal::legal_moves;
use tessera::engine::outcome::{status_in_game, Reason, Status};
use tessera::notation::{fen, uci};
use tessera::{Game, Position, Record};

mod common;

use common::compass_game as game;

/// The result after `moves` from `fen`, as `white wins by Clock`, `draw by
/// Repetition` or `ongoing`.
#[track_caller]
fn result(game: &Game, fen: &str, moves: &str) -> String {
    let mut pos = fen::parse(game, fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    let mut record = Record::new(&pos);
    for m in moves.split_whitespace() {
        let mv = uci::parse(&mut pos, m).unwrap_or_else(|e| panic!("{m}: {e}"));
        pos.make(mv);
        record.push(&pos);
    }
    match status_in_game(&mut pos, &record) {
        Status::Ongoing => "ongoing".into(),
        Status::Over {
            winner: Some(w),
            reason,
            ..
        } => format!("{} wins by {reason:?}", w.name()),
        Status::Over {
            winner: None,
            reason,
            ..
        } => format!("draw by {reason:?}"),
    }
}

const KINGS_AND_ROOKS: &str = "grid file a..d rank 1..4
  piece King K royal
    step all
  piece Rook R
    slide orthogonal
";

/// Two kings walking back and forth: the start stands again after 4 plies.
const DANCE: &str = "a1b1 d4c4 b1a1 c4d4";

#[test]
fn the_third_time_a_position_stands_is_a_draw() {
    let g = game(&format!("{KINGS_AND_ROOKS} goal repeated 3 times draws"));
    let start = "3k/4/1R2/K3 w - - 0 1";
    assert_eq!(result(&g, start, DANCE), "ongoing", "twice");
    assert_eq!(
        result(&g, start, &format!("{DANCE} {DANCE}")),
        "draw by Repetition"
    );
    // The same squares with the other side to move are another position.
    assert_eq!(result(&g, start, &format!("{DANCE} a1b1")), "ongoing");
}

#[test]
fn a_repetition_may_lose_for_the_side_to_move() {
    // The outcome is for the side to move: here the side that did not repeat
    // wins.
    let g = game(&format!("{KINGS_AND_ROOKS} goal repeated 2 times wins"));
    assert_eq!(
        result(&g, "3k/4/1R2/K3 w - - 0 1", DANCE),
        "white wins by Repetition"
    );
}

#[test]
fn the_clock_draws_after_its_plies_unless_the_last_move_mates() {
    let g = game(&format!("{KINGS_AND_ROOKS} goal clock 4 draws"));
    assert_eq!(
        result(&g, "3k/4/1R2/K3 w - - 0 1", "a1b1 d4c4 b1a1"),
        "ongoing"
    );
    assert_eq!(
        result(&g, "3k/4/1R2/K3 w - - 0 1", "a1b1 d4c4 b1a1 c4c3"),
        "draw by Clock"
    );
    // The clock stands at 3; the fourth ply mates, and the mate stands.
    assert_eq!(
        result(&g, "k3/4/1K2/3R w - - 3 1", "d1d4"),
        "white wins by Checkmate"
    );
}

#[test]
fn material_that_cannot_win_draws() {
    let g = game(&format!(
        "{KINGS_AND_ROOKS}
         piece Knight N
           leap (1, 2)
         goal material King, King Knight draws"
    ));
    assert_eq!(result(&g, "3k/4/4/K2N w - - 0 1", ""), "draw by Material");
    assert_eq!(result(&g, "3k/4/1R2/K3 w - - 0 1", ""), "ongoing");
    // Exactly one of the sets per side: two knights are not `King Knight`.
    assert_eq!(result(&g, "3k/4/4/KN1N w - - 0 1", ""), "ongoing");
    // A capture that leaves only kings and knights ends the game.
    assert_eq!(
        result(&g, "3k/1r2/4/K1N1 w - - 0 1", "c1b3"),
        "draw by Material"
    );
}

#[test]
fn record_goals_remove_no_move() {
    // In a drawn position the moves are still there: perft does not stop.
    let g = game(&format!("{KINGS_AND_ROOKS} goal clock 1 draws"));
    let mut pos: Position<'_> = fen::parse(&g, "3k/4/4/KR2 w - - 5 1").unwrap();
    let mut moves = Vec::new();
    legal_moves(&mut pos, &mut moves);
    assert!(!moves.is_empty());
    let record = Record::new(&pos);
    assert_eq!(
        status_in_game(&mut pos, &record),
        Status::Over {
            loser: tessera::game::Side::White,
            winner: None,
            reason: Reason::Clock
        }
    );
}
