//! The constructs that the Fairy-Stockfish family needs, each pinned by a tiny
//! rule file, a position and the moves or result expected there: hops and
//! their limits, capture limits by kind, several promotion rules, goals on
//! extinction, zones and checks (with answers), forced capture, hands that
//! change sides and drop rules, castling by a king that is not royal.

use tessera::engine::legal::legal_moves;
use tessera::engine::outcome::{status, Status};
use tessera::notation::fen;
use tessera::{compile_str, Game, Position};

mod common;

use common::compass_game as game;

/// The position of FEN `fen` (or the start, for `""`) after `moves`.
#[track_caller]
fn at<'g>(game: &'g Game, fen: &str, moves: &str) -> Position<'g> {
    common::position_after(game, fen, moves)
}

/// The sorted legal moves there.
#[track_caller]
fn moves(game: &Game, fen: &str, moves: &str) -> String {
    common::sorted_moves(&mut at(game, fen, moves)).join(" ")
}

/// Who won there, `draw`, or `ongoing`.
#[track_caller]
fn result(game: &Game, fen: &str, moves: &str) -> String {
    match status(&mut at(game, fen, moves)) {
        Status::Ongoing => "ongoing".into(),
        Status::Over {
            winner: Some(w), ..
        } => format!("{} wins", w.name()),
        Status::Over { winner: None, .. } => "draw".into(),
    }
}

const KINGS: &str = "piece King K royal
  step all
";

#[test]
fn a_hop_jumps_the_first_piece_and_captures_the_next_one() {
    // The cannon moves like a rook but captures only by hopping over exactly
    // one piece (of either side): a4 is the screen, a6 the victim; a7 beyond
    // a second piece is out of reach.
    let g = game(&format!(
        "grid file a..c rank 1..8
         {KINGS}
         piece Cannon C
           slide orthogonal: quiet
           hop orthogonal: capture
         piece Pawn P
           step n"
    ));
    let got = moves(&g, "2k/p2/p2/3/P2/3/3/C1K w - - 0 1", "");
    assert_eq!(got, "a1a2 a1a3 a1a6 a1b1 a4a5 c1b1 c1b2 c1c2");
}

#[test]
fn a_hop_up_to_1_lands_just_beyond_the_screen() {
    // The grasshopper: over the first piece in each direction to the cell
    // right behind it, which it may capture; nothing without a screen.
    let g = game(&format!(
        "grid file a..e rank 1..5
         {KINGS}
         piece Grasshopper G
           hop all up to 1
         piece Pawn P
           step n"
    ));
    let got = moves(&g, "4k/5/5/1P3/G3K w - - 0 1", "");
    assert_eq!(
        got, "a1c3 b2b3 e1d1 e1d2 e1e2",
        "the hop over b2 lands on c3"
    );
    let got = moves(&g, "4k/5/2P2/1P3/G3K w - - 0 1", "");
    assert!(!got.contains("a1c3"), "c3 holds a friend: {got}");
}

#[test]
fn over_and_capturing_limit_a_hop_by_kind() {
    // The janggi cannon may neither hop over nor capture another cannon.
    let g = game(
        "grid file a..a rank 1..8
         piece Cannon C
           hop n s: not over Cannon, not capturing Cannon
         piece Pawn P
           step n",
    );
    // Over a pawn: the empty cells beyond, and the enemy pawn on a6.
    assert_eq!(
        moves(&g, "1/1/p/1/1/P/1/C w - - 0 1", ""),
        "a1a4 a1a5 a1a6 a3a4"
    );
    // Over a cannon: nothing; the upper cannon hops the pawn on a6.
    assert_eq!(moves(&g, "1/1/p/1/1/C/1/C w - - 0 1", ""), "a3a7 a3a8");
    // Onto a cannon: no capture.
    assert_eq!(
        moves(&g, "c/1/1/1/1/P/1/C w - - 0 1", ""),
        "a1a4 a1a5 a1a6 a1a7 a3a4"
    );
}

#[test]
fn a_capture_limited_to_a_kind_makes_facing_generals_attack_each_other() {
    // The flying general: a slide that captures only the other general is an
    // attack along the open file, so the generals may not face each other and
    // a piece between them may not leave the file.
    let g = game(
        "grid file a..c rank 1..5
         piece General K royal
           step orthogonal
           slide n: capture, capturing General
         piece Guard G
           step e w",
    );
    // The guard on b3 shields the generals from each other: it may not leave
    // the file, and the white general may step up behind it.
    assert_eq!(moves(&g, "1k1/3/1G1/3/1K1 w - - 0 1", ""), "b1a1 b1b2 b1c1");
    // The general may not step onto the open file of the other.
    assert_eq!(moves(&g, "1k1/3/3/3/K2 w - - 0 1", ""), "a1a2");
}

#[test]
fn several_promote_rules_add_up_and_any_compulsory_one_wins() {
    // Entering the camp (ranks 3-4) promotion is optional; on the last rank
    // compulsory; leaving the camp (from rank 3 or 4) optional as well.
    let g = game(
        "grid file a..b rank 1..4
         zone camp a3..b4
         zone last a4..b4
         piece Pawn P
           step n
           promote last to Tokin
           promote camp to Tokin optional
           promote from camp to Tokin optional
         piece Tokin +P
           step s
         piece Rook R
           slide s",
    );
    assert_eq!(moves(&g, "2/2/P1/2 w - - 0 1", ""), "a2a3 a2a3+");
    assert_eq!(moves(&g, "2/P1/2/2 w - - 0 1", ""), "a3a4+");
    // A rook leaving the camp has no rule of its own.
    assert_eq!(moves(&g, "2/R1/2/2 w - - 0 1", ""), "a3a1 a3a2");
}

#[test]
fn only_captured_offers_the_kinds_a_side_has_lost() {
    // White began with one queen and one rook; with both on the board the
    // compulsory promotion on the last rank has no kind to offer, so the pawn
    // may not move there; once the rook is gone, it may promote to a rook.
    let g = game(&format!(
        "grid file a..d rank 1..4
         {KINGS}
         zone last a4..d4
         piece Queen Q
           step all
         piece Rook R
           step orthogonal
         piece Pawn P
           step n
           promote last to Queen Rook only captured
         setup white King d1, Queen c1, Rook b1, Pawn a3 black King d4"
    ));
    assert!(!moves(&g, "", "").contains("a3a4"));
    assert!(moves(&g, "3k/P3/4/2QK w - - 0 1", "").contains("a3a4r"));
    assert!(!moves(&g, "3k/P3/4/2QK w - - 0 1", "").contains("a3a4q"));
}

#[test]
fn extinct_ends_the_game_when_a_kind_is_gone() {
    let g = game(
        "grid file a..c rank 1..3
         piece King K
           step all
         piece Pawn P
           step n
         goal extinct Pawn loses",
    );
    assert_eq!(result(&g, "k2/3/P1K w - - 0 1", ""), "white wins");
    assert_eq!(moves(&g, "k2/3/P1K w - - 0 1", ""), "");
    assert_eq!(result(&g, "k1p/3/P1K w - - 0 1", ""), "ongoing");
    // `extinct all`: a side without pieces gets the outcome (antichess).
    let g = game(
        "grid file a..c rank 1..3
         piece King K
           step all
         goal extinct all wins",
    );
    assert_eq!(result(&g, "3/3/2K w - - 0 1", ""), "black wins");
}

#[test]
fn a_king_that_reaches_the_zone_wins() {
    let g = game(&format!(
        "grid file a..d rank 1..4
         {KINGS}
         zone hill b2 c2 b3 c3
         goal King reaches hill wins"
    ));
    assert_eq!(result(&g, "3k/4/4/K3 w - - 0 1", "a1b2"), "white wins");
    assert_eq!(moves(&g, "3k/4/4/K3 w - - 0 1", "a1b2"), "");
}

#[test]
fn the_answering_side_may_reach_the_zone_too_for_a_draw() {
    // Racing kings: White reaches rank 4 first; Black, a step away, may answer.
    let g = game(&format!(
        "grid file a..d rank 1..4
         {KINGS}
         zone finish white a4..d4 black a4..d4
         goal King reaches finish wins, black may answer"
    ));
    assert_eq!(result(&g, "4/K2k/4/4 w - - 0 1", "a3a4"), "ongoing");
    assert_eq!(result(&g, "4/K2k/4/4 w - - 0 1", "a3a4 d3d4"), "draw");
    assert_eq!(result(&g, "4/K2k/4/4 w - - 0 1", "a3a4 d3c3"), "white wins");
    // Black two steps away cannot answer: White wins at once.
    assert_eq!(result(&g, "4/K3/3k/4 w - - 0 1", "a3a4"), "white wins");
    // Black first wins outright.
    assert_eq!(result(&g, "4/K2k/4/4 b - - 0 1", "d3d4"), "black wins");
}

#[test]
fn the_third_check_loses() {
    let g = game(&format!(
        "grid file a..d rank 1..4
         {KINGS}
         piece Rook R
           slide orthogonal
         goal checked 2 times loses"
    ));
    let start = "k3/4/4/1R1K w - - 0 1";
    assert_eq!(result(&g, start, "b1c1"), "ongoing");
    assert_eq!(result(&g, start, "b1c1 a4a3 c1a1"), "ongoing", "one check");
    assert_eq!(result(&g, start, "b1c1 a4a3 c1a1 a3b4 a1b1"), "white wins");
}

#[test]
fn a_bare_king_may_answer_by_baring_the_other() {
    let g = game(&format!(
        "grid file a..d rank 1..4
         {KINGS}
         piece Rook R
           slide orthogonal
         goal bare loses, may answer"
    ));
    // Black, bare, to move, may take White's last piece: play goes on...
    assert_eq!(result(&g, "3k/2R1/4/K3 b - - 0 1", ""), "ongoing");
    // ...and after it both are bare, and the game still goes on.
    assert_eq!(result(&g, "3k/2R1/4/K3 b - - 0 1", "d4c3"), "ongoing");
    // Where Black cannot take it, it loses once it has moved.
    assert_eq!(result(&g, "3k/4/1R2/K3 b - - 0 1", ""), "ongoing");
    assert_eq!(result(&g, "3k/4/1R2/K3 b - - 0 1", "d4d3"), "white wins");
    // Against two pieces no answer helps: it loses at once.
    assert_eq!(result(&g, "3k/2R1/4/KR2 b - - 0 1", ""), "white wins");
}

#[test]
fn forced_capture_leaves_only_captures() {
    let g = game(
        "grid file a..c rank 1..3
         piece King K
           step all
         forced capture",
    );
    assert_eq!(moves(&g, "3/1k1/K2 w - - 0 1", ""), "a1b2");
    assert_eq!(moves(&g, "2k/3/K2 w - - 0 1", ""), "a1a2 a1b1 a1b2");
}

#[test]
fn captures_change_sides_and_promoted_pieces_revert() {
    // A queen made by promotion is written `Q~` and goes back to the hand of
    // its captor as a pawn; the drops follow.
    let g = game(&format!(
        "grid file a..c rank 1..3
         {KINGS}
         zone last a3..c3
         zone board a1..c3
         piece Queen Q
           step all
         piece Pawn P
           step n
           promote last to Queen
         pool hand
         captured to hand of captor
         drop hand -> board"
    ));
    let mut pos = at(&g, "1Q~k/3/K2[] b - - 0 1", "c3b3");
    assert_eq!(fen::format(&pos).unwrap(), "1k1/3/K2[p] w - - 0 2");
    let mut list = Vec::new();
    legal_moves(&mut pos, &mut list);
    assert_eq!(list.len(), 1, "White's king, next to Black's: {list:?}");
    // Black may drop the pawn anywhere empty but on rank 1, where a pawn
    // stepping south could never move again.
    let got = moves(&g, "1Q~k/3/K2[] b - - 0 1", "c3b3 a1b1");
    assert!(got.contains("P@c2") && !got.contains("P@c1"), "{got}");
}

#[test]
fn drops_once_per_file_never_onto_dead_cells_and_mating_loses() {
    // Pawns step north: one on a file at most, never onto the last rank.
    let g = game(&format!(
        "grid file a..c rank 1..3
         {KINGS}
         zone board a1..c3
         piece Pawn P
           step n
         pool hand
         captured to hand of captor
         drop hand Pawn -> board: once per file, mating loses"
    ));
    let got = moves(&g, "2k/3/K1P[P] w - - 0 1", "");
    let drops: Vec<&str> = got.split(' ').filter(|m| m.contains('@')).collect();
    assert_eq!(drops, ["P@a2", "P@b1", "P@b2"]);
    // A mate by a pawn drop is played, and scored for the mated side.
    let g = game(&format!(
        "grid file a..c rank 1..3
         {KINGS}
         zone board a1..c3
         piece Pawn P
           step n
         pool hand
         captured to hand of captor
         drop hand Pawn -> board: mating loses"
    ));
    let mate = "kp1/3/1K1[P] w - - 0 1";
    assert!(moves(&g, mate, "").contains("P@a2"));
    assert_eq!(result(&g, mate, "P@a2"), "black wins");
}

#[test]
fn a_king_that_is_not_royal_castles_through_attack() {
    let src = "grid file a..e rank 1..3
         piece King K ROYAL
           step all
         piece Rook R
           slide orthogonal
         castling King Rook along e: king 2, rook beside
         setup white King a1, Rook e1 black Rook b3";
    let royal = game(&src.replace("ROYAL", "royal"));
    assert!(!moves(&royal, "", "").contains("a1c1"), "b1 is attacked");
    let plain = game(&src.replace("ROYAL", ""));
    assert!(moves(&plain, "", "").contains("a1c1"));
}

#[test]
fn with_two_royal_pieces_check_needs_both_attacked() {
    // Spartan duple check: Black's kings on c4 and d4; a rook on c1 attacks
    // c4 only, so Black is not in check and either king may step onto the
    // c-file, but no move may leave both attacked.
    let g = game(&format!(
        "grid file a..e rank 1..4
         {KINGS}
         piece Rook R
           slide orthogonal
         check when all royals attacked"
    ));
    let got = moves(&g, "2kk1/5/5/2R1K b - - 0 1", "");
    assert_eq!(got, "c4b3 c4b4 c4c3 c4d3 d4c3 d4d3 d4e3 d4e4");
    // Both attacked: only moves that shield or free one of them.
    let got = moves(&g, "2kk1/5/5/2RRK b - - 0 1", "");
    assert_eq!(got, "c4b3 c4b4 c4d3 d4c3 d4e3 d4e4");
}

#[test]
fn a_capture_explodes_the_pieces_around_it_but_the_spared_kinds() {
    // Atomic: the rook takes the knight on b3 and blows up itself, the
    // knight on c3 and the queen on a2; White's pawn on c2 is spared.
    let g = game(
        "grid file a..d rank 1..4
         piece King K royal
           step all: quiet
         piece Rook R
           slide orthogonal
         piece Knight N
           leap (1, 2)
         piece Queen Q
           step all
         piece Pawn P
           step n
         captures explode all except Pawn
         goal extinct King loses",
    );
    let pos = at(&g, "3k/1nn1/q1P1/1R1K w - - 0 1", "b1b3");
    assert_eq!(fen::format(&pos).unwrap(), "3k/4/2P1/3K b - - 0 1");
    // A capture next to one's own king would blow it up: not legal.
    let got = moves(&g, "3k/4/2q1/2RK w - - 0 1", "");
    assert!(!got.contains("c1c2"), "{got}");
    // Kings side by side cannot check each other: the white king may step
    // next to the black one onto cells the black queen attacks.
    let got = moves(&g, "4/qk2/4/K3 w - - 0 1", "");
    assert_eq!(got, "a1a2 a1b1 a1b2");
    // Blowing up the other king wins at once.
    assert_eq!(result(&g, "4/1kn1/4/2RK w - - 0 1", "c1c3"), "white wins");
}

#[test]
fn gating_brings_a_hand_piece_onto_the_cell_a_first_move_leaves() {
    // Seirawan gating: the knight's first move from the back rank may bring
    // the hawk from the hand onto b1; a piece that has moved may not gate.
    let g = game(&format!(
        "grid file a..d rank 1..4
         {KINGS}
         zone back a1..d1
         piece Knight N
           leap (1, 2)
         piece Hawk H
           step diagonal
         pool hand
         gating hand from back
         setup white King d1, Knight b1, Hawk @hand black King d4"
    ));
    let got = moves(&g, "", "");
    assert!(
        got.contains("b1a3h") && got.contains("b1c3h") && got.contains("b1a3"),
        "{got}"
    );
    let pos = at(&g, "", "b1c3h");
    // Both hands are empty: no gating right is left to write.
    assert_eq!(fen::format(&pos).unwrap(), "3k/2N1/4/1H1K[] b - - 1 1");
    let got = moves(&g, "", "b1c3 d4c4 c3b1 c4d4");
    assert!(!got.contains("b1a3h"), "the knight has moved: {got}");
}

#[test]
fn every_move_ends_by_moving_the_neutral_piece() {
    // Duck chess on a small board: each king move comes with every empty cell
    // for the duck but the one it stands on; nobody may capture it.
    let g = game(
        "grid file a..c rank 1..2
         piece King K
           step all
         piece Duck * neutral
         place Duck after every move",
    );
    let got = moves(&g, "k*1/2K w - - 0 1", "");
    assert_eq!(
        got,
        "c1b1,b1a1 c1b1,b1c1 c1b1,b1c2 c1c2,c2a1 c1c2,c2b1 c1c2,c2c1"
    );
    let pos = at(&g, "k*1/2K w - - 0 1", "c1c2,c2b1");
    assert_eq!(fen::format(&pos).unwrap(), "k1K/1*1 b - - 1 1");
}

#[test]
fn a_side_not_in_check_may_pass_and_two_passes_end_the_game_by_count() {
    // `pass` adds a move that leaves the board as it is, written as the royal
    // piece standing still; not while in check. Two passes in a row end the
    // game, decided by counting values: White's rook (5) against Black's
    // knight (3) and its bonus of 1.5 wins.
    let g = game(&format!(
        "grid file a..d rank 1..4
         {KINGS}
         piece Rook R value 5
           slide orthogonal
         piece Knight N value 3
           leap (1, 2)
         pass
         goal passed 2 times counts
         count bonus black 1.5"
    ));
    // The knight on c3 guards a2, b1 and d1.
    let start = "k3/2n1/4/K2R w - - 0 1";
    assert_eq!(moves(&g, start, ""), "a1a1 a1b2 d1b1 d1c1 d1d2 d1d3 d1d4");
    assert_eq!(result(&g, start, "a1a1"), "ongoing");
    assert_eq!(result(&g, start, "a1a1 a4a4"), "white wins");
    assert_eq!(moves(&g, start, "a1a1 a4a4"), "");
    // A move between two passes starts the count again.
    assert_eq!(result(&g, start, "a1a1 a4b4 a1a1"), "ongoing");
    // In check (a knight on c2 attacks a1), no pass.
    assert_eq!(moves(&g, "k3/4/2n1/K2R w - - 0 1", ""), "a1a2 a1b1 a1b2");
}

#[test]
fn facing_pieces_must_be_parted_or_a_pass_ends_the_game() {
    // Janggi's bikjang: the generals may come to face each other on an open
    // file; the side to move must then part them (move a general off the file
    // or put a piece between) or pass, and a pass while they face ends the
    // game, decided by count (here a draw: no values).
    let g = game(&format!(
        "grid file a..c rank 1..4
         {KINGS}
         piece Rook R
           slide orthogonal
         pass
         goal King faces King along orthogonal counts"
    ));
    let facing = "1k1/3/3/RK1 w - - 0 1";
    assert_eq!(moves(&g, facing, ""), "b1a2 b1b1 b1c1 b1c2");
    let interposing = "1k1/3/R2/1K1 w - - 0 1";
    assert_eq!(moves(&g, interposing, ""), "a2b2 b1a1 b1b1 b1c1 b1c2");
    assert_eq!(result(&g, facing, "b1b1"), "draw");
    assert_eq!(moves(&g, facing, "b1b1"), "");
    // Coming to face is legal; only then must the other side part them.
    assert_eq!(result(&g, "k2/3/3/RK1 b - - 0 1", "a4b4"), "ongoing");
    assert_eq!(
        moves(&g, "k2/3/3/RK1 b - - 0 1", "a4b4"),
        "b1a2 b1b1 b1c1 b1c2"
    );
}

#[test]
fn clock_reset_by_names_the_kinds_whose_moves_restart_the_halfmove_clock() {
    // By default a move of a kind that promotes (the pawn) restarts the
    // clock; `clock reset by Knight` makes it the knight's moves instead, and
    // `clock reset by captures and drops` neither.
    let src = |clock: &str| {
        format!(
            "grid file a..d rank 1..4
             {KINGS}
             zone far a4..d4
             piece Knight N
               leap (1, 2)
             piece Pawn P
               step n: quiet
               promote far to Knight
             {clock}"
        )
    };
    // From a clock of 5: a pawn move, a king move, a knight move.
    let after = |g: &Game| at(g, "k3/4/1P2/K1N1 w - - 5 1", "b2b3 a4b4 c1d3").halfmove();
    assert_eq!(after(&game(&src(""))), 2);
    assert_eq!(after(&game(&src("clock reset by Knight"))), 0);
    assert_eq!(after(&game(&src("clock reset by captures and drops"))), 8);
}

#[test]
fn a_game_won_in_check_reads_back() {
    // Blowing up the last enemy king wins even while the winner stands in
    // check; the position so reached is written and read back, and not
    // refused as one where the side not to move is in check.
    let src = std::fs::read_to_string("games/atomic.game").unwrap();
    let g = compile_str(&src).unwrap();
    let pos = at(&g, "r6k/6p1/8/8/8/8/8/K5R1 w - - 0 1", "g1g7");
    let text = tessera::notation::position::format(&pos);
    assert_eq!(text, "Ka1,ra8 b - - 0 1");
    let mut back = tessera::notation::position::parse(&g, &text).unwrap();
    assert_eq!(back, pos);
    assert_eq!(result(&g, "r7/8/8/8/8/8/8/K7 b - - 0 1", ""), "white wins");
    assert!(matches!(status(&mut back), Status::Over { .. }));
}

/// `piece NAME +X as KIND`: a promoted lance that is a rook moves as one,
/// wins as one, is written `+L` and goes back to a hand as a lance.
#[test]
fn a_promoted_form_as_a_kind_is_that_kind_for_goals_and_rules() {
    let src = "grid file a..c rank 1..4
mirror rank
zone camp a3..c4
zone home a4..c4
piece Lance L
  slide n
  promote camp to PromotedLance
  promote from camp to PromotedLance
piece PromotedLance +L as Rook
piece Rook R
  slide orthogonal
piece King K royal
  step all
setup white Lance a1, King c1 black King c4
goal Rook reaches home wins
goal checkmated loses
";
    let g = game(src);
    // Into the camp the lance must promote; a3 is short of home.
    assert_eq!(moves(&g, "", ""), "a1a2 a1a3+ a1a4+ c1b1 c1b2 c1c2");
    // It moves as a rook, and is written `+L`.
    let after = at(&g, "", "a1a3+ c4b4");
    assert_eq!(fen::format(&after).unwrap(), "1k1/+L2/3/2K w - - 1 2");
    assert_eq!(
        moves(&g, "", "a1a3+ c4b4"),
        "a3a1 a3a2 a3a4 a3b3 a3c3 c1b1 c1b2 c1c2"
    );
    // On the home rank it wins, as a rook.
    assert_eq!(result(&g, "", "a1a3+ c4b4 a3a4"), "white wins");
    // A lance that reaches home unpromoted would not: none can (compulsory).
    assert_eq!(result(&g, "", "a1a2 c4b4"), "ongoing");
}

/// `as KIND` needs a promoted form, and a kind that is not one itself.
#[test]
fn as_a_kind_is_refused_where_it_means_nothing() {
    let err = |src: &str| match compile_str(&format!("{}\n{src}", common::COMPASS)) {
        Ok(_) => panic!("compiled: {src}"),
        Err(e) => e.render("t.game", src),
    };
    let plain = err("grid file a..b rank 1..2\npiece Rook R\n  slide orthogonal\npiece Lance L as Rook\nsetup white Rook a1");
    assert!(plain.contains("is for a promoted form"), "{plain}");
    let moving = err("grid file a..b rank 1..2\npiece Rook R\n  slide orthogonal\npiece Lance L\n  slide n\npiece PL +L as Rook\n  step n\nsetup white Rook a1");
    assert!(
        moving.contains("no movements or counter of its own"),
        "{moving}"
    );
}

/// `at most N` on a promotion offers a kind only while the side has fewer
/// than N of it on the board.
#[test]
fn a_promotion_at_most_n_counts_the_kind_on_the_board() {
    let g = game(
        "grid file a..d rank 1..4
mirror rank
zone camp a4..d4
piece Pawn P
  step n
  promote camp to Queen optional at most 1
piece Queen Q
  step all
piece King K royal
  step all
setup white Pawn a3, King d1 black King d4
goal checkmated loses
",
    );
    assert_eq!(moves(&g, "", ""), "a3a4 a3a4q d1c1 d1c2 d1d2");
    // With a queen on the board, none is offered.
    let with_queen = moves(&g, "3k/P3/4/1Q1K w - - 0 1", "");
    assert!(!with_queen.contains("a3a4q"), "{with_queen}");
}

/// `, not en passant` leaves en-passant captures unpromoted.
#[test]
fn a_promotion_not_en_passant_leaves_en_passant_captures_as_they_are() {
    let g = game(
        "grid file a..c rank 1..6
mirror rank
zone camp a4..c6
zone dbl a2..c2
piece Pawn P
  step n: quiet
  step n then step n: quiet, from dbl, sets en passant
  step ne nw: capture, takes en passant
  promote camp to Queen optional, not en passant
piece Queen Q
  step all
piece King K royal
  step all
goal checkmated loses
",
    );
    let got = moves(&g, "2k/p2/3/1P1/3/K2 b - - 0 1", "a5a3");
    assert!(got.contains("b3a4 ") && !got.contains("b3a4q"), "{got}");
    assert!(got.contains("b3b4 b3b4q"), "{got}");
}
