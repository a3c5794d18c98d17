//! What a position must satisfy to be read: the check of plausibility that
//! `Position::from_fen`, `from_text` and `PositionBuilder::build` run, each
//! rule with the positions it refuses (rule file, position, the kind of
//! problem), the unchecked door, the hand's cost, and the safety net: every
//! position random legal play reaches in every bundled game passes.

mod common;

use std::time::{Duration, Instant};

use tessera::engine::legal::legal_moves;
use tessera::engine::outcome::{status_in_game, Status};
use tessera::notation::position::PositionBuilder;
use tessera::notation::uci;
use tessera::{
    compile_str, Game, Illegality, ParseFenError, ParsePositionError, Position, ProblemKind,
    Record, Side,
};

fn game(name: &str) -> Game {
    let src = std::fs::read_to_string(format!("../games/{name}.game")).unwrap();
    compile_str(&src).unwrap()
}

/// The kinds of problem that refuse `fen` in `g`, or none where it reads.
#[track_caller]
fn refused(g: &Game, fen: &str) -> Vec<ProblemKind> {
    match Position::from_fen(g, fen) {
        Ok(_) => Vec::new(),
        Err(ParseFenError::Impossible(e)) => e.kinds(),
        Err(e) => panic!("{fen}: refused for its form, not as impossible: {e}"),
    }
}

/// The message refusing `fen` in `g`.
#[track_caller]
fn message(g: &Game, fen: &str) -> String {
    Position::from_fen(g, fen).unwrap_err().to_string()
}

use ProblemKind::*;

// ---- The side not to move is not in check ----

#[test]
fn the_side_not_to_move_in_check_is_refused_naming_the_checker() {
    let chess = game("chess");
    let fen = "4k3/8/8/8/8/8/4R3/4K3 w - - 0 1";
    assert_eq!(refused(&chess, fen), [OppositeCheck]);
    assert!(message(&chess, fen)
        .contains("the side not to move (black) is in check from the rook on e2"));
    // The same position with Black to move is play.
    assert_eq!(refused(&chess, "4k3/8/8/8/8/8/4R3/4K3 b - - 0 1"), []);
    let xiangqi = game("xiangqi");
    // Red's chariot gives check; Black is not to move.
    assert_eq!(
        refused(&xiangqi, "4k4/9/9/9/9/9/9/9/4R4/3K5 w - - 0 1"),
        [OppositeCheck]
    );
}

// ---- Royal pieces: those the rules need, no more than they give ----

#[test]
fn a_side_without_its_king_is_refused() {
    let chess = game("chess");
    assert_eq!(refused(&chess, "4k3/8/8/8/8/8/8/8 w - - 0 1"), [NoRoyal]);
    let shogi = game("shogi");
    assert_eq!(
        refused(&shogi, "4k4/9/9/9/9/9/9/9/9[] w - - 0 1"),
        [NoRoyal]
    );
    // Where kings may be blown up, a side may lose its last one: the game
    // is then over, not impossible.
    let atomic = game("atomic");
    assert!(!refused(&atomic, "4k3/8/8/8/8/8/8/8 w - - 0 1").contains(&NoRoyal));
}

#[test]
fn more_kings_than_the_setup_gives_are_refused() {
    let chess = game("chess");
    assert_eq!(
        refused(&chess, "4k3/8/8/8/8/8/8/2KK1K2 w - - 0 1"),
        [TooManyRoyals]
    );
    let xiangqi = game("xiangqi");
    assert!(refused(&xiangqi, "3k1k3/9/9/9/9/9/9/9/9/4K4 w - - 0 1").contains(&TooManyRoyals));
}

#[test]
fn a_king_in_hand_is_refused_where_no_rule_puts_one_there() {
    let crazyhouse = game("crazyhouse");
    let kinds = refused(&crazyhouse, "4k3/8/8/8/8/8/8/4K3[Kk] w - - 0 1");
    assert!(kinds.contains(&RoyalInHand), "{kinds:?}");
    assert!(kinds.contains(&TooManyRoyals), "{kinds:?}");
    let shogi = game("shogi");
    assert!(refused(&shogi, "4k4/9/9/9/9/9/9/9/4K4[K] w - - 0 1").contains(&RoyalInHand));
}

// ---- No piece where it could never have arrived ----

#[test]
fn a_pawn_on_its_first_or_last_rank_is_refused() {
    let chess = game("chess");
    assert_eq!(
        refused(&chess, "4k3/8/8/8/8/8/8/P3K3 w - - 0 1"),
        [Unreachable]
    );
    // On the last rank its promotion is compulsory: it never stays a pawn.
    assert_eq!(
        refused(&chess, "P3k3/8/8/8/8/8/8/4K3 w - - 0 1"),
        [Unreachable]
    );
    assert!(message(&chess, "4k3/8/8/8/8/8/8/P3K3 w - - 0 1")
        .contains("white pawn on a1 stands where no pawn of white can ever arrive"));
    // A pawn drop never reaches the first rank either.
    let crazyhouse = game("crazyhouse");
    assert_eq!(
        refused(&crazyhouse, "4k3/8/8/8/8/8/8/P3K3[] w - - 0 1"),
        [Unreachable]
    );
    // Every rank between is reachable, by moves or by drops.
    assert_eq!(refused(&crazyhouse, "4k3/P7/8/8/8/8/8/4K3[] w - - 0 1"), []);
}

#[test]
fn a_piece_drop_new_makes_may_stand_wherever_it_drops() {
    // Stones that never move, dropped new anywhere (a connection game):
    // one on a cell the setup leaves empty arrived by a drop.
    let g = tessera::compile_str(
        "grid file a..c rank 1..3\n\
         direction n (0, 1)\n\
         piece Stone S\n\
         drop new Stone -> everywhere\n\
         zone everywhere a1..c3\n\
         setup white Stone a1 black Stone c3\n",
    )
    .unwrap();
    assert_eq!(refused(&g, "1sS/3/S2 b - - 0 1"), []);
}

#[test]
fn a_kind_no_rule_brings_into_play_may_stand_anywhere_a_position_puts_it() {
    // Fairy-Stockfish's `fairy` declares a silver, a fers, an archbishop, a
    // chancellor and a commoner for positions it is given: where no rule
    // brings a kind into play, the rules say nothing of where it stands.
    let fairy = game("fairy");
    assert_eq!(refused(&fairy, "4k3/8/8/8/8/2S5/8/C3K2M w - - 0 1"), []);
    // Its pawns are still the chess pawns, and its kings counted.
    assert_eq!(
        refused(&fairy, "4k3/8/8/8/8/2S5/8/P3K3 w - - 0 1"),
        [Unreachable]
    );
    assert_eq!(
        refused(&fairy, "4k3/8/8/8/8/2S5/8/4K1K1 w - - 0 1"),
        [TooManyRoyals]
    );
}

#[test]
fn a_shogi_knight_on_the_last_two_ranks_is_refused() {
    let shogi = game("shogi");
    assert_eq!(
        refused(&shogi, "4k4/N8/9/9/9/9/9/9/4K4[] w - - 0 1"),
        [Unreachable]
    );
    assert_eq!(
        refused(&shogi, "P3k4/9/9/9/9/9/9/9/4K4[] w - - 0 1"),
        [Unreachable]
    );
    // On the third rank from the end it may stay unpromoted.
    assert_eq!(refused(&shogi, "4k4/9/N8/9/9/9/9/9/4K4[] w - - 0 1"), []);
}

#[test]
fn xiangqi_pieces_off_their_palace_or_side_are_refused() {
    let xiangqi = game("xiangqi");
    // The general leaves its palace never; the elephant never crosses the
    // river; an advisor keeps to the palace's points.
    assert_eq!(
        refused(&xiangqi, "4k4/9/9/9/9/9/9/9/9/K8 w - - 0 1"),
        [Unreachable]
    );
    assert_eq!(
        refused(&xiangqi, "4k4/9/9/9/2B6/9/9/9/9/3K5 w - - 0 1"),
        [Unreachable]
    );
    assert_eq!(
        refused(&xiangqi, "4k4/9/9/9/9/9/9/9/9/A2K5 w - - 0 1"),
        [Unreachable]
    );
    // A soldier never steps back to its own back rank.
    // (The generals stand on different files: facing along an open file
    // is a check, the flying general's.)
    assert_eq!(
        refused(&xiangqi, "4k4/9/9/9/9/9/9/9/9/P2K5 w - - 0 1"),
        [Unreachable]
    );
}

// ---- Castling rights only where castling starts ----

#[test]
fn castling_rights_for_a_king_and_rook_off_their_cells_are_refused() {
    let chess = game("chess");
    let fen = "4k3/8/8/8/R2K4/8/8/8 w Q - 0 1";
    assert_eq!(refused(&chess, fen), [RightOffStart, RightOffStart]);
    assert_eq!(refused(&chess, "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1"), []);
}

// ---- An en-passant cell follows a double step ----

#[test]
fn an_en_passant_cell_no_double_step_passed_is_refused() {
    let chess = game("chess");
    assert!(matches!(
        Position::from_fen(&chess, "4k3/8/8/8/8/8/8/4K3 w - e3 0 1"),
        Err(ParseFenError::BadEnPassant(_))
    ));
    assert!(Position::from_fen(&chess, "4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1").is_ok());
}

// ---- No more checkers than one move gives ----

#[test]
fn a_triple_check_in_chess_is_refused() {
    let chess = game("chess");
    let fen = "4k3/8/3N4/1B6/8/8/8/4RK2 b - - 0 1";
    assert_eq!(refused(&chess, fen), [TooManyCheckers]);
    // A double check is what one move can give.
    assert_eq!(refused(&chess, "4k3/8/3N4/8/8/8/8/4RK2 b - - 0 1"), []);
}

// ---- The hand: bounded, and read in linear time ----

#[test]
fn a_million_pawns_in_hand_are_refused_at_once() {
    let crazyhouse = game("crazyhouse");
    let fen = format!("4k3/8/8/8/8/8/8/4K3[{}] w - - 0 1", "P".repeat(1_000_000));
    let started = Instant::now();
    assert_eq!(refused(&crazyhouse, &fen), [HandTooLarge]);
    assert!(
        Position::from_fen_unchecked(&crazyhouse, &fen).is_err(),
        "the bound holds at the unchecked door too"
    );
    assert!(started.elapsed() < Duration::from_secs(2));
    // A full hand, within the bound, reads.
    let full = format!("4k3/8/8/8/8/8/8/4K3[{}] w - - 0 1", "Q".repeat(30));
    assert_eq!(refused(&crazyhouse, &full), []);
    // The position notation has the same bound.
    let mut b = PositionBuilder::new(&crazyhouse, Side::White);
    let over = (0..1000).find_map(|_| b.piece("P@hand").err());
    assert!(matches!(over, Some(ParsePositionError::Impossible(_))));
}

// ---- The doors: the text notation and the builder run the same check ----

#[test]
fn every_reader_runs_the_same_check() {
    let chess = game("chess");
    let err = Position::from_text(&chess, "Re2,Ke1,ke8 w").unwrap_err();
    assert!(matches!(err, ParsePositionError::Impossible(ref e) if e.has(OppositeCheck)));
    let mut b = PositionBuilder::new(&chess, Side::White);
    b.piece("Pa1")
        .unwrap()
        .piece("Ke1")
        .unwrap()
        .piece("ke8")
        .unwrap();
    assert!(matches!(b.build(), Err(ParsePositionError::Impossible(e)) if e.has(Unreachable)));
}

// ---- The unchecked door ----

#[test]
fn the_unchecked_door_reads_impossible_positions_but_play_never_takes_a_king() {
    let chess = game("chess");
    let fen = "4k3/8/8/8/8/8/4R3/4K3 w - - 0 1";
    let mut pos = Position::from_fen_unchecked(&chess, fen).unwrap();
    let take = pos.parse_move("e2e8");
    let mv = take.expect("the engine lists the capture of the king");
    let err = pos.play(mv).unwrap_err();
    assert_eq!(err.reason, Illegality::TakesRoyal);
    assert_eq!(pos.to_fen().unwrap(), fen, "a refused move changes nothing");
    assert!(Position::from_text_unchecked(&chess, "Re2,Ke1,ke8 w").is_ok());
    let mut b = PositionBuilder::new(&chess, Side::White);
    b.piece("Pa1").unwrap();
    assert!(b.build_unchecked().is_ok());
}

// ---- The safety net: play never reaches a refused position ----

/// A small deterministic generator (xorshift), so that failures repeat.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// Checks every position of a random game from `pos`: it passes the check,
/// and its FEN and text read back through the checked doors.
fn random_game(pos: &mut Position<'_>, rng: &mut Rng, plies: usize, until: Instant) {
    let g = pos.game();
    let mut record = Record::new(pos);
    let mut line = Vec::new();
    for _ in 0..plies {
        if let Err(e) = tessera::notation::check_playable(pos) {
            panic!("{}: after {line:?}: {pos}: {e}", g.title());
        }
        if let Some(fen) = pos.to_fen() {
            if let Err(e) = Position::from_fen(g, &fen) {
                panic!("{}: after {line:?}: FEN {fen}: {e}", g.title());
            }
        }
        let text = pos.to_string();
        if let Err(e) = Position::from_text(g, &text) {
            panic!("{}: after {line:?}: {text}: {e}", g.title());
        }
        if status_in_game(pos, &record) != Status::Ongoing || Instant::now() > until {
            return;
        }
        let mut moves = Vec::new();
        legal_moves(pos, &mut moves);
        if moves.is_empty() {
            return;
        }
        let mv = moves[rng.below(moves.len())];
        line.push(uci::format(g, &mv));
        pos.make(mv);
        record.push(pos);
    }
}

#[test]
fn every_position_random_play_reaches_in_every_bundled_game_passes() {
    let paths = common::bundled_game_paths();
    assert_eq!(paths.len(), 125);
    for path in paths {
        let g = compile_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        // A second per game at most, over several games from different seeds.
        let until = Instant::now() + Duration::from_millis(1000);
        for seed in 1..=6u64 {
            let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15));
            let mut pos = match g.shuffle() {
                Some(_) => Position::start_drawn(&g, seed).unwrap().0,
                None => Position::start(&g),
            };
            random_game(&mut pos, &mut rng, 300, until);
        }
    }
}
