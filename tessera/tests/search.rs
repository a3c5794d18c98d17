//! The search finds wins: mate-in-one and mate-in-two positions (and a win
//! by losing every piece, in antichess) in several games, each a position
//! and the move that wins. Playing out the principal variation must end the
//! game with the side to move winning.

use tessera::engine::outcome::{status, Status};
use tessera::notation::{fen, position, uci};
use tessera::search::{Limits, Searcher};
use tessera::{compile_str, Game, Position, Record};

fn game(name: &str) -> Game {
    let path = format!("../games/{name}.game");
    let src = std::fs::read_to_string(&path).unwrap();
    compile_str(&src).unwrap_or_else(|e| panic!("{}", e.render(&path, &src)))
}

/// Searches `at` (a FEN, or Tessera's notation when it has no `/`) to
/// `depth` and checks the best move, the distance to the win in plies, and
/// that the principal variation wins.
#[track_caller]
fn wins(name: &str, at: &str, depth: u32, best: &str, plies: i32) {
    let g = game(name);
    let mut pos: Position<'_> = if at.contains('/') {
        fen::parse(&g, at).unwrap()
    } else {
        position::parse(&g, at).unwrap()
    };
    let side = pos.side_to_move();
    let mut searcher = Searcher::new(&g, 8);
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    let record = Record::new(&pos);
    let report = searcher.search(&mut pos, &record, &limits, |_| {}).unwrap();
    let pv: Vec<String> = report.pv.iter().map(|m| uci::format(&g, m)).collect();
    assert_eq!(
        pv.first().map(String::as_str),
        Some(best),
        "{name}: pv {pv:?}"
    );
    assert_eq!(report.mate_in(), Some(plies), "{name}: pv {pv:?}");
    for m in &report.pv {
        pos.make(*m);
    }
    match status(&mut pos) {
        Status::Over {
            winner: Some(w), ..
        } => assert_eq!(w, side, "{name}: pv {pv:?}"),
        other => panic!("{name}: after {pv:?} the game is {other:?}"),
    }
}

#[test]
fn chess_mate_in_one_and_two() {
    wins("chess", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", 4, "a1a8", 1);
    // Morphy: 1. Ra6 bxa6 2. b7#.
    wins("chess", "kbK5/pp6/1P6/8/8/8/8/R7 w - - 0 1", 5, "a1a6", 3);
}

#[test]
fn capablanca_mate_in_one_by_a_chancellor() {
    wins(
        "capablanca",
        "6k3/5ppp2/10/10/10/10/10/C5K3 w - - 0 1",
        3,
        "a1a8",
        1,
    );
}

#[test]
fn seeds_mate_in_one() {
    wins(
        "exile-chess",
        "Ra1,Kg1,kg8,pf7,pg7,ph7 w - - 0 30",
        3,
        "a1a8",
        1,
    );
    wins(
        "cycle-chess",
        "Kd1,Ra2,kf6,pe5,pf5 w - - 0 10",
        3,
        "a2-a6",
        1,
    );
}

#[test]
fn crazyhouse_mate_by_a_drop() {
    wins(
        "crazyhouse",
        "6k1/5ppp/8/8/8/8/8/6K1[R] w - - 0 1",
        3,
        "R@a8",
        1,
    );
}

#[test]
fn antichess_wins_by_giving_the_last_piece_away() {
    // Black's pawn steps where White must take it: Black has nothing left.
    wins("antichess", "8/8/8/1p6/8/P7/8/8 b - - 0 1", 4, "b5b4", 2);
}

/// The best move and score after `moves` from `fen`, with the game's record.
fn best_after(name: &str, fen_text: &str, moves: &str, depth: u32) -> (String, i32) {
    let g = game(name);
    let mut pos = fen::parse(&g, fen_text).unwrap();
    let mut record = Record::new(&pos);
    for m in moves.split_whitespace() {
        let mv = uci::parse(&mut pos, m).unwrap();
        pos.make(mv);
        record.push(&pos);
    }
    let mut searcher = Searcher::new(&g, 8);
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    let report = searcher.search(&mut pos, &record, &limits, |_| {}).unwrap();
    (uci::format(&g, &report.pv[0]), report.score)
}

#[test]
fn a_losing_side_repeats_the_position_and_a_winning_side_does_not() {
    let dance = "g1h1 e8e7 h1g1 e7e8";
    // White, a queen down, walks back to a position seen before: a draw.
    let (best, score) = best_after("chess", "3qk3/8/8/8/8/8/8/6K1 w - - 0 1", dance, 4);
    assert_eq!((best.as_str(), score), ("g1h1", 0));
    // White, a queen up, plays on.
    let (best, score) = best_after("chess", "4k3/8/8/8/8/8/8/Q5K1 w - - 0 1", dance, 4);
    assert!(best != "g1h1" && score > 500, "{best} {score}");
}

#[test]
fn the_search_tells_repetitions_apart_as_the_record_does() {
    // Black's rook leaves a8: Black's king, still unmoved, has no castling
    // right left, and the record counts the positions as the same whatever
    // the king's flag says. White, a queen and a rook down, walks back to a
    // position seen before: a draw the search must see.
    let dance = "a8a7 g1h1 a7b7 h1g1 b7a7";
    let (best, score) = best_after("chess", "r2qk3/8/8/8/8/8/8/6K1 b q - 0 1", dance, 4);
    assert_eq!((best.as_str(), score), ("g1h1", 0));
}

/// The search reads time only from the clock it is given: on a clock that
/// moves on a millisecond at each reading it stops, the same way every run,
/// once the limit has passed on that clock; on a stopped clock a depth limit
/// ends it and the time limit never does.
#[test]
fn time_comes_from_the_clock_the_caller_gives() {
    use std::time::Duration;
    use tessera::search::clock::{SteppingClock, StoppedClock};
    let g = game("chess");
    let timed = Limits {
        time: Some(Duration::from_millis(50)),
        ..Limits::default()
    };
    let run = |clock: Box<dyn tessera::search::clock::Clock>, limits: &Limits| {
        let mut searcher = Searcher::with_clock(&g, 8, clock);
        let mut pos = Position::start(&g);
        let record = Record::new(&pos);
        searcher.search(&mut pos, &record, limits, |_| {}).unwrap()
    };
    let stepping = || Box::new(SteppingClock::new(Duration::from_millis(1)));
    let first = run(stepping(), &timed);
    let again = run(stepping(), &timed);
    // The clock is read every 1,024 nodes and after each depth, so the
    // search ends within a few dozen readings, at the same node both times
    // (here after depth 6 and 7,506 nodes, 18 readings).
    assert!(first.nodes > 0 && first.nodes < 200_000, "{}", first.nodes);
    assert_eq!((first.nodes, first.depth), (again.nodes, again.depth));
    assert!(
        first.elapsed <= Duration::from_millis(60),
        "{:?}",
        first.elapsed
    );
    assert_eq!(first.pv.len().min(1), 1);
    // No time passes on a stopped clock: the depth limit ends the search.
    let deep = Limits {
        depth: Some(4),
        ..timed.clone()
    };
    let report = run(Box::new(StoppedClock), &deep);
    assert_eq!((report.depth, report.elapsed), (4, Duration::ZERO));
}

/// A stop raised before the search starts (a client that left while its
/// request waited) is not lost: the search ends after its first depth.
#[test]
fn a_stop_raised_before_the_search_ends_it_at_once() {
    let g = game("chess");
    let mut searcher = Searcher::new(&g, 8);
    searcher
        .stop
        .store(true, std::sync::atomic::Ordering::Relaxed);
    let mut pos = Position::start(&g);
    let record = Record::new(&pos);
    let limits = Limits {
        depth: Some(30),
        ..Limits::default()
    };
    let report = searcher.search(&mut pos, &record, &limits, |_| {}).unwrap();
    assert_eq!(report.depth, 1);
    assert_eq!(report.pv.len().min(1), 1, "a move all the same");
}

/// The static exchange of `mv` (a UCI move) at `fen` in game `name`.
fn exchange(name: &str, fen_text: &str, mv: &str) -> Option<i32> {
    let g = game(name);
    let mut pos = fen::parse(&g, fen_text).unwrap();
    let mv = uci::parse(&mut pos, mv).unwrap();
    Searcher::new(&g, 1).static_exchange(&mut pos, &mv)
}

#[test]
fn the_static_exchange_plays_out_the_captures_on_a_cell() {
    // An unguarded rook is won whole.
    assert_eq!(
        exchange("chess", "4k3/8/3r4/8/8/8/8/3RK3 w - - 0 1", "d1d6"),
        Some(500)
    );
    // A queen that takes a pawn guarded by a pawn is lost for it.
    assert_eq!(
        exchange("chess", "4k3/2p5/3p4/8/8/8/8/3QK3 w - - 0 1", "d1d6"),
        Some(100 - 900)
    );
    // Rook takes rook, the bishop takes back, the other rook takes the
    // bishop: a bishop won.
    assert_eq!(
        exchange("chess", "4k3/4b3/3r4/8/8/8/3R4/3RK3 w - - 0 1", "d2d6"),
        Some(300)
    );
    // The king takes back where nothing guards the cell, and not otherwise.
    assert_eq!(
        exchange("chess", "8/8/8/8/8/2k5/3p4/3Q3K w - - 0 1", "d1d2"),
        Some(100 - 900)
    );
    assert_eq!(
        exchange("chess", "8/8/8/8/8/2k5/R2p4/3Q3K w - - 0 1", "d1d2"),
        Some(100)
    );
    // A quiet move to a cell a pawn guards gives its piece away.
    assert_eq!(
        exchange("chess", "4k3/8/8/8/3p4/8/8/1N2K3 w - - 0 1", "b1c3"),
        Some(-300)
    );
    assert_eq!(
        exchange("chess", "4k3/8/8/8/3p4/8/8/1N2K3 w - - 0 1", "b1a3"),
        Some(0)
    );
}

#[test]
fn the_static_exchange_counts_a_capture_s_own_effects() {
    // Crazyhouse: the victim goes to the capturer's hand, where it counts a
    // little more than on the board.
    assert_eq!(
        exchange("crazyhouse", "4k3/8/3r4/8/8/8/8/3RK3[] w - - 0 1", "d1d6"),
        Some(500 + 550)
    );
}
