//! Language constructs, each pinned by a tiny rule file and its expected moves.
//! None of these depend on a bundled game.

use tessera::notation::uci;
use tessera::{compile_str, Position};

mod common;

use common::COMPASS;

/// The sorted legal moves of the start position of `src` (with the compass added).
#[track_caller]
fn moves_of(src: &str) -> String {
    moves_of_file(&format!("{COMPASS}\n{src}"))
}

/// The sorted legal moves of the start position of the rule file `src`.
#[track_caller]
fn moves_of_file(src: &str) -> String {
    let game = match compile_str(src) {
        Ok(g) => g,
        Err(e) => panic!("{}", e.render("test.game", src)),
    };
    let mut pos = Position::start(&game);
    common::sorted_moves(&mut pos).join(" ")
}

#[test]
fn slide_stops_at_the_first_piece_and_captures_enemies_only() {
    let got = moves_of(
        "grid file a..d rank 1..4
         piece Rook R
           slide orthogonal
         setup white Rook a1, Rook a3 black Rook c1",
    );
    assert_eq!(got, "a1a2 a1b1 a1c1 a3a2 a3a4 a3b3 a3c3 a3d3");
}

#[test]
fn slide_up_to_n_limits_the_distance() {
    let got = moves_of(
        "grid file a..e rank 1..1
         piece Rook R
           slide e up to 2
         setup white Rook a1",
    );
    assert_eq!(got, "a1b1 a1c1");
}

#[test]
fn leap_takes_every_symmetric_image() {
    let got = moves_of(
        "grid file a..e rank 1..5
         piece Knight N
           leap (1,2)
         setup white Knight c3",
    );
    assert_eq!(got, "c3a2 c3a4 c3b1 c3b5 c3d1 c3d5 c3e2 c3e4");
}

#[test]
fn a_leap_in_three_dimensions_has_24_images() {
    let got = moves_of_file(
        "grid file a..e rank 1..5 level 1..5
         piece Knight N
           leap (1,2,0)
         setup white Knight c33",
    );
    assert_eq!(got.split(' ').count(), 24, "{got}");
}

#[test]
fn quiet_and_capture_split_a_movement() {
    let got = moves_of(
        "grid file a..c rank 1..3
         piece Pawn P
           step n: quiet
           step ne nw: capture
         setup white Pawn b1 black Pawn a2, Pawn c2, Pawn b2",
    );
    // b2 blocks the quiet step; both diagonals hold enemies.
    assert_eq!(got, "b1a2 b1c2");
}

#[test]
fn black_sees_the_board_mirrored() {
    let got = moves_of(
        "grid file a..c rank 1..3
         piece Pawn P
           step n: quiet
         setup white Pawn a1 black Pawn c3 turn black",
    );
    assert_eq!(got, "c3c2");
}

#[test]
fn then_joins_legs_whose_waypoints_must_be_empty() {
    let free = moves_of(
        "grid file a..a rank 1..4
         piece Pawn P
           step n then step n: quiet
         setup white Pawn a1",
    );
    assert_eq!(free, "a1a3");
    let blocked = moves_of(
        "grid file a..a rank 1..4
         piece Pawn P
           step n then step n: quiet
         setup white Pawn a1 black Pawn a2",
    );
    assert_eq!(blocked, "");
}

#[test]
fn first_allows_a_movement_only_before_the_piece_has_moved() {
    let got = moves_of(
        "grid file a..a rank 1..4
         piece Pawn P
           step n then step n: quiet, first
         setup white Pawn a1",
    );
    assert_eq!(got, "a1a3");
}

#[test]
fn zones_restrict_origin_and_destination() {
    let got = moves_of(
        "grid file a..d rank 1..1
         zone left a1..b1
         zone far d1
         piece Rook R
           slide e: from left, not to far
         piece Guard G
           slide w: to left
         setup white Rook a1, Guard c1",
    );
    // The rook may not reach d1; the guard stops in `left` only (b1 is empty).
    assert_eq!(got, "a1b1 c1b1");
}

#[test]
fn a_merged_cell_branches_and_is_entered_from_both_coordinates() {
    // `0` stands on c0 and d0: from it a north step reaches both c1 and d1.
    let got = moves_of(
        "grid file a..f rank 1..2
         cell \"0\" at c0 d0
         piece Rook R
           step n s
         setup white Rook \"0\"",
    );
    assert_eq!(got, "0-c1 0-d1");
    let into = moves_of(
        "grid file a..f rank 1..2
         cell \"0\" at c0 d0
         piece Bishop B
           step diagonal
         setup white Bishop b1, Bishop e1",
    );
    assert_eq!(into, "b1-0 b1-a2 b1-c2 e1-0 e1-d2 e1-f2");
}

#[test]
fn links_add_steps_no_vector_describes() {
    let got = moves_of(
        "grid file a..b rank 1..1
         cell X
         link portal a1 -> X, X -> b1
         piece Man M
           step portal
         setup white Man a1, Man X",
    );
    assert_eq!(got, "X-b1");
}

#[test]
fn black_sees_links_mirrored() {
    // White's `jump` leads from a1 to c2; with `mirror rank`, Black's leads
    // from a3 to c2, the reflection, just as Black's `n` points down.
    let got = moves_of(
        "grid file a..c rank 1..3
         link jump a1 -> c2
         piece Man M
           step jump
         setup black Man a3 turn black",
    );
    assert_eq!(got, "a3c2");
    let got = moves_of(
        "grid file a..c rank 1..3
         link jump a1 -> c2
         piece Man M
           step jump
         setup white Man a1",
    );
    assert_eq!(got, "a1c2");
}

#[test]
fn removed_cells_do_not_exist() {
    let got = moves_of(
        "grid file a..c rank 1..1
         remove b1
         piece Rook R
           slide e
         setup white Rook a1",
    );
    assert_eq!(got, "");
}

#[test]
fn promotion_mandatory_and_optional() {
    let mandatory = moves_of(
        "grid file a..a rank 1..2
         zone top a2
         piece Pawn P
           step n
           promote top to Queen Rook
         piece Queen Q
           step n
         piece Rook R
           step n
         setup white Pawn a1",
    );
    assert_eq!(mandatory, "a1a2q a1a2r");
    let optional = moves_of(
        "grid file a..a rank 1..2
         zone top a2
         piece Pawn P
           step n
           promote top to Queen optional
         piece Queen Q
           step n
         setup white Pawn a1",
    );
    assert_eq!(optional, "a1a2 a1a2q");
}

#[test]
fn a_royal_piece_may_not_be_left_attacked() {
    let got = moves_of(
        "grid file a..c rank 1..3
         piece King K royal
           step all
         piece Rook R
           slide orthogonal
         setup white King a1 black Rook b3",
    );
    assert_eq!(got, "a1a2");
}

#[test]
fn multi_leg_captures_count_as_attacks() {
    // The black Hopper attacks a1 through its two-leg path over b1; a king on b1
    // blocks that path, so b1 itself is safe.
    let got = moves_of(
        "grid file a..c rank 1..2
         piece King K royal
           step all
         piece Hopper H
           step w then step w
         setup white King a2 black Hopper c1",
    );
    assert_eq!(got, "a2b1 a2b2");
}

#[test]
fn free_castling_lists_each_king_and_rook_square() {
    let got = moves_of(
        "grid file a..e rank 1..1
         piece King K royal
         piece Rook R
         castling King Rook along e w: king 1.., rook behind
         setup white King a1, Rook e1",
    );
    // King to b1 (rook a1), c1 (rook a1, b1), d1 (rook a1, b1, c1). A king move of
    // two or more steps with the rook beside it prints FIDE-style, without the rook.
    assert_eq!(got, "a1b1/e1a1 a1c1 a1c1/e1a1 a1d1 a1d1/e1a1 a1d1/e1b1");
}

#[test]
fn not_from_forbids_a_movement_out_of_a_zone() {
    let got = moves_of(
        "grid file a..c rank 1..1
         zone home a1
         piece Rook R
           slide e: not from home
         setup white Rook a1, Rook b1",
    );
    assert_eq!(got, "b1c1");
}

#[test]
fn jumping_lets_a_path_pass_occupied_cells() {
    let lame = moves_of(
        "grid file a..c rank 1..3
         piece Horse H
           step n then step ne
         setup white Horse a1 black Horse a2",
    );
    assert_eq!(lame, "");
    let jumping = moves_of(
        "grid file a..c rank 1..3
         piece Horse H
           step n then step ne: jumping
         setup white Horse a1 black Horse a2",
    );
    assert_eq!(jumping, "a1b3");
}

#[test]
fn a_shared_cell_of_three_boards_branches_slides() {
    // Cell `m` stands on b2 of all three boards, so a rook sliding north from Ab1
    // passes it and goes on to Ab3, Bb3 and Cb3.
    let got = moves_of_file(
        "grid board A..C file a..c rank 1..3
         cell m at Ab2 Bb2 Cb2
         direction n (0,0,1)
         piece Rook R
           slide n
         setup white Rook Ab1",
    );
    assert_eq!(got, "Ab1-Ab3 Ab1-Bb3 Ab1-Cb3 Ab1-m");
}

#[test]
fn a_step_that_leads_back_to_the_cell_itself_is_no_step() {
    let got = moves_of_file(
        "grid board A..B file a..a
         cell m at Aa Ba
         direction up (1,0)
         piece Man M
           step up
         setup white Man m",
    );
    assert_eq!(got, "");
}

#[test]
fn a_jumping_slide_attacks_through_pieces() {
    // The white Cannon on a2 slides north over anything, so it checks the black
    // king on a5 through the black pawn on a4: the pawn's step does not help, and
    // the king must leave the file.
    let got = moves_of(
        "grid file a..b rank 1..5
         piece King K royal
           step orthogonal
         piece Cannon C
           slide n: jumping
         piece Pawn P
           step s: quiet
         setup white Cannon a2, King b1 black Pawn a4, King a5 turn black",
    );
    assert_eq!(got, "a5b5");
}

#[test]
fn a_phase_of_unmoved_pieces_tracks_them_even_without_first_moves() {
    let got = moves_of(
        "grid file a..c rank 1..3
         piece King K royal
           step orthogonal
         piece Man M
           step n
         phase moves 1..1: only unmoved Man
         setup white Man a1, King c1 black King c3",
    );
    assert_eq!(got, "a1a2");
}

#[test]
fn a_move_some_movement_lets_give_check_may_give_check() {
    // `step n` and `step n: not checking` reach the same cell: one move, allowed
    // to give check because the first movement allows it.
    let got = moves_of(
        "grid file a..a rank 1..4
         piece King K royal
           step orthogonal
         piece Rook R
           step n
           step n: not checking
         setup white Rook a1 black King a3",
    );
    assert_eq!(got, "a1a2");
    let only_not_checking = moves_of(
        "grid file a..a rank 1..4
         piece King K royal
           step orthogonal
         piece Rook R
           step n: not checking
         setup white Rook a1 black King a3",
    );
    assert_eq!(only_not_checking, "");
}

#[test]
fn landing_on_the_en_passant_target_with_a_capturing_movement_takes_en_passant() {
    // After b2b4 the black pawn's diagonal step onto b3, which may move or
    // capture, is the en-passant capture only: one move, not a plain move too.
    let src = format!(
        "{COMPASS}
         grid file a..c rank 1..4
         zone start a2..c2
         piece King K royal
         piece Pawn P
           step n then step n: quiet, from start, sets en passant
           step ne nw: takes en passant
         setup white Pawn b2, King a1 black Pawn a4, King c4"
    );
    assert_eq!(moves_after(&src, "b2b4"), "a4b3");
}

/// The sorted legal moves after playing `moves` from the start of rule file `src`.
#[track_caller]
fn moves_after(src: &str, moves: &str) -> String {
    let game = compile_str(src).unwrap_or_else(|e| panic!("{}", e.render("test.game", src)));
    let mut pos = Position::start(&game);
    for m in moves.split_whitespace() {
        let mv = uci::parse(&mut pos, m).unwrap();
        pos.make(mv);
    }
    common::sorted_moves(&mut pos).join(" ")
}

#[test]
fn a_path_turns_at_every_step_through_empty_cells_up_to_a_counter() {
    // The Snake's counter is 2: it reaches every cell at most two orthogonal
    // steps away through empty cells; its own pawn on b2 blocks b2, and b3 would
    // take three steps around it.
    let got = moves_of(
        "grid file a..c rank 1..3
         piece Snake S
           counter length 1..3 start 2
           path orthogonal up to length
         piece Pawn P
         setup white Snake b1, Pawn b2",
    );
    assert_eq!(got, "b1a1 b1a2 b1c1 b1c2");
}

#[test]
fn a_capture_lowers_a_counter_but_never_below_its_low_end() {
    let src = format!(
        "{COMPASS}
         grid file a..c rank 1..1
         piece Snake S
           counter length 1..3 start 1
           on capture lower length by 1
           path orthogonal up to length
         setup white Snake a1 black Snake b1"
    );
    let game = compile_str(&src).unwrap();
    let mut pos = Position::start(&game);
    let mv = uci::parse(&mut pos, "a1b1").unwrap();
    pos.make(mv);
    assert_eq!(tessera::notation::position::format(&pos), "Sb1:1 b - - 0 1");
}

#[test]
fn pools_take_captures_and_give_back_by_transfer_and_drop() {
    // A capture sends the black Man to Black's `hand`; Black may move it to
    // `box`, and later drop it from `box` onto an empty cell of its `home` (a3 b3,
    // the mirror of White's a1 b1).
    let src = format!(
        "{COMPASS}
         grid file a..b rank 1..3
         zone home a1..b1
         pool hand box
         captured to hand
         transfer hand -> box
         drop box -> home
         piece Man M
           step n
         setup white Man a1 black Man a2"
    );
    assert_eq!(moves_after(&src, "a1a2"), "M@hand-@box");
    // White's Man now stands on a3, so only b3 is free.
    assert_eq!(moves_after(&src, "a1a2 M@hand-@box a2a3"), "M@box-b3");
}

#[test]
fn a_bare_royal_piece_ends_the_game() {
    let got = moves_of(
        "grid file a..c rank 1..3
         piece King K royal
           step orthogonal
         piece Man M
           step orthogonal
         goal bare loses
         setup white King a1, Man a3 black King c3",
    );
    // Black has nothing but its king: the game is over before White moves.
    assert_eq!(got, "");
}

#[test]
fn a_new_wall_goes_on_the_cell_the_piece_left() {
    let got = moves_of(
        "grid file a..c rank 1..2
         piece Rook R
           slide orthogonal: quiet
         piece Wall * neutral
         place Wall after every move: new, at origin
         setup white Rook a1 black Rook c2",
    );
    assert_eq!(got, "a1a2,a2a1 a1b1,b1a1 a1c1,c1a1");
    // The walls pile up: after a1b1 and c2c1, the rook on b1 is walled in
    // on a1 and c1 and may only go up.
    let src = format!(
        "{COMPASS}
         grid file a..c rank 1..2
         piece Rook R
           slide orthogonal: quiet
         piece Wall * neutral
         place Wall after every move: new, at origin
         setup white Rook a1 black Rook c2"
    );
    assert_eq!(moves_after(&src, "a1b1,b1a1 c2c1,c1c2"), "b1b2,b2b1");
}

#[test]
fn a_shot_lands_where_the_moved_piece_could_move_next() {
    let got = moves_of(
        "grid file a..c rank 1..1
         piece Amazon Q
           slide orthogonal: quiet
         piece Arrow * neutral
         place Arrow after every move: new, shot
         setup white Amazon a1",
    );
    // From b1 the amazon could go back to a1 (left empty) or on to c1;
    // from c1 only back to b1 or a1.
    assert_eq!(got, "a1b1,b1a1 a1b1,b1c1 a1c1,c1a1 a1c1,c1b1");
}

#[test]
fn placements_keep_to_their_zone() {
    let got = moves_of(
        "grid file a..c rank 1..1
         zone right c1
         piece King K
           step orthogonal: quiet
         piece Wall * neutral
         place Wall after every move: new, to right
         setup white King a1",
    );
    assert_eq!(got, "a1b1,b1c1");
}

#[test]
fn a_placement_that_shields_may_parry_a_check() {
    // The black rook checks the king along the a file. Without `shields` the
    // move alone decides: only the king's step away is legal, whatever the
    // duck does. With it, the stone's step with the duck put on a2 parries.
    let src = "grid file a..b rank 1..3
         piece King K royal
           step all
         piece Rook R
           slide orthogonal
         piece Stone S
           step n: quiet
         piece Duck * neutral
         place Duck after every move
         setup white King a1, Stone b1 black Rook a3";
    assert_eq!(moves_of(src), "a1b2,b2a1 a1b2,b2a2 a1b2,b2b3");
    assert_eq!(
        moves_of(&src.replace("after every move", "after every move: shields")),
        "a1b2,b2a1 a1b2,b2a2 a1b2,b2b3 b1b2,b2a2"
    );
}

#[test]
fn an_explosion_leaves_neutral_pieces_standing() {
    // White's rook takes on a2 and blows up; the wall on b2 beside it stays,
    // and still bars the black rook's way along the second rank.
    let src = format!(
        "{COMPASS}
         grid file a..c rank 1..2
         piece Rook R
           slide orthogonal
         piece Pawn P
         piece Wall * neutral
         captures explode all
         setup white Rook a1, Wall b2 black Pawn a2, Rook c2"
    );
    assert_eq!(moves_after(&src, "a1a2"), "c2c1");
}

#[test]
fn exploded_pieces_may_count_as_captured() {
    // White's rook takes the knight on a2 and blows up with the bishop on b2
    // and White's own knight on b1. With `: captured`, every piece removed
    // goes to the hand of its owner's opponent: the rook and White's knight
    // to Black's, which may drop them.
    let src = format!(
        "{COMPASS}
         grid file a..c rank 1..2
         zone board a1..c2
         pool hand
         captured to hand of captor
         drop hand -> board
         piece Rook R
           slide orthogonal
         piece Knight N
           leap (1, 2)
         piece Bishop B
           slide diagonal
         piece Stone S
         captures explode all: captured
         setup white Rook a1, Knight b1 black Knight a2, Bishop b2, Stone c2"
    );
    assert_eq!(
        moves_after(&src, "a1a2"),
        // (Not the knight onto b1 or b2, where it could never move.)
        "N@a1 N@a2 N@c1 R@a1 R@a2 R@b1 R@b2 R@c1"
    );
    // White's hand holds the knight it took and Black's bishop.
    assert!(moves_after(&src, "a1a2 R@c1").contains("B@a1"));
    assert_eq!(
        moves_after(&src.replace("all: captured", "all"), "a1a2"),
        ""
    );
}

#[test]
fn a_piece_turned_by_an_explosive_capture_shields_nothing_that_move() {
    // The bishop takes the knight on a3 and turns into a wall there. Where
    // captures explode, its move is tested with a3 empty: the rook on a5
    // would check the king, so the capture is illegal. Without explosions
    // the wall stands in the rook's way at once.
    let src = format!(
        "{COMPASS}
         grid file a..c rank 1..5
         piece King K royal
           step all: quiet
         piece Rook R
           slide orthogonal
         piece Knight N
           leap (1, 2)
         piece Bishop B
           slide diagonal
           on capture become Wall
         piece Wall * neutral
         captures explode all
         setup white King a1, Bishop b2 black Rook a5, Knight a3, King c5"
    );
    assert_eq!(moves_after(&src, ""), "a1a2 b2c1 b2c3");
    assert_eq!(
        moves_after(&src.replace("captures explode all\n", ""), ""),
        "a1a2 b2a3 b2c1 b2c3"
    );
}

#[test]
fn new_pieces_drop_next_to_the_movers_and_flip_their_neighbours() {
    let src = format!(
        "{COMPASS}
         grid file a..c rank 1..3
         zone board a1..c3
         piece Stone S
         drop new Stone -> board: next to all
         flip around all
         setup white Stone a1 black Stone c1"
    );
    assert_eq!(moves_after(&src, ""), "S@a2 S@b1 S@b2");
    // White's stone on b2 turns Black's c1 white; Black may then drop only
    // next to a stone of its own, and it has none.
    assert_eq!(moves_after(&src, "S@b2"), "");
}

#[test]
fn an_enclosing_drop_flips_the_line_and_the_centre_fills_first() {
    let src = format!(
        "{COMPASS}
         grid file a..d rank 1..1
         zone board a1..d1
         zone centre b1
         piece Stone S
         pool hand
         drop hand -> centre: until full
         drop hand -> board: flipping
         flip enclosed all
         setup white Stone a1, 2 Stone @hand black Stone c1, Stone @hand"
    );
    // b1 is empty: stones go there, enclosing nothing.
    assert_eq!(moves_after(&src, ""), "S@b1");
    // Once it is full, a stone must enclose: Black's d1 encloses White's b1
    // ... against nothing of Black's on a1, so Black has no drop.
    assert_eq!(moves_after(&src, "S@b1"), "");
    let src = src.replace("white Stone a1, 2", "white Stone b1, 2");
    // White on d1 encloses c1 against b1.
    assert_eq!(moves_after(&src, ""), "S@d1");
}

#[test]
fn a_side_that_cannot_move_passes_with_its_first_piece() {
    let src = format!(
        "{COMPASS}
         grid file a..c rank 1..2
         piece Pawn P
           step n: quiet
         pass when stalemated
         setup white Pawn b1, Pawn c1 black Pawn b2, Pawn c2"
    );
    assert_eq!(moves_after(&src, ""), "b1b1");
    // With a move to make, no pass.
    let src = src.replace("black Pawn b2,", "black");
    assert_eq!(moves_after(&src, ""), "b1b2");
}

#[test]
fn a_held_zone_wins_only_when_its_sides_turn_comes() {
    let src = format!(
        "{COMPASS}
         grid file a..c rank 1..3
         zone centre b2
         piece King K
           step all
         setup white King a1 black King c3
         goal King holds centre wins"
    );
    // White reaches the centre: Black still moves, and may take the king.
    assert!(moves_after(&src, "a1b2").contains("c3b2"));
    // If Black does not, White wins before moving.
    assert_eq!(moves_after(&src, "a1b2 c3c2"), "");
}

#[test]
fn a_full_board_ends_the_game() {
    let src = format!(
        "{COMPASS}
         grid file a..b rank 1..1
         zone board a1..b1
         piece Stone S
         pool hand
         drop hand -> board
         setup white Stone @hand black Stone @hand
         goal full counts"
    );
    assert_eq!(moves_after(&src, "S@a1"), "S@b1");
    assert_eq!(moves_after(&src, "S@a1 S@b1"), "");
}

#[test]
fn a_king_that_moves_only_to_capture_in_check_takes_the_checker_or_stays() {
    // The white king on a1 is checked by the rook on a3, out of its reach: it
    // may not step away, and only the rook on c2 parries, by blocking.
    let src = "grid file a..c rank 1..3
         piece King K royal
           step all
         piece Rook R
           slide orthogonal
         check King moves only to capture
         setup white King a1, Rook c2 black Rook a3, King b3";
    assert_eq!(moves_of(src), "c2a2");
    // Next to it, the checking rook may be taken by the king.
    let near = "grid file a..c rank 1..3
         piece King K royal
           step all
         piece Rook R
           slide orthogonal
         check King moves only to capture
         setup white King a1 black Rook a2, King c3";
    assert_eq!(moves_of(near), "a1a2");
}

#[test]
fn drops_at_most_n_per_file_not_checking_and_anywhere() {
    let src = "grid file a..c rank 1..4
         piece King K royal
           step all
         piece Pawn P
           step n
         pool hand
         zone board a1..c4
         drop hand Pawn -> board: at most 2 per file, anywhere, not checking
         setup white King a1, Pawn b1 b2, Pawn @hand black King a4";
    // Not onto file b (two pawns already), not onto a3 (it would check the
    // king on a4), but onto c4, from which a pawn could never move.
    assert_eq!(moves_of(src), "P@a2 P@c1 P@c2 P@c3 P@c4 a1a2 b2b3");
}

#[test]
fn a_movement_not_in_check_is_refused_to_a_side_in_check() {
    // The king's leap is there out of check, and gone in check even where it
    // would escape.
    let quiet = "grid file a..e rank 1..4
         piece King K royal
           step all: quiet
           leap only (2, 1): quiet, not in check
         piece Rook R
           slide orthogonal
         setup white King a1 black King e4, Rook e1";
    let free = quiet.replace("Rook e1", "Rook d4");
    assert!(moves_of(&free).contains("a1c2"), "{}", moves_of(&free));
    assert_eq!(moves_of(quiet), "a1a2 a1b2");
}

#[test]
fn an_enemy_landing_on_a_line_takes_the_first_move_away() {
    let src = "grid file a..e rank 1..5
         piece King K royal
           step all
         piece Leaper L
           leap only (0, 2): quiet, first
           loses first move when Rook lands along orthogonal
         piece Rook R
           slide orthogonal
         setup white King a1, Leaper c1 black King e5, Rook a4";
    let game = common::compass_game(src);
    // The rook lands on c4, on the leaper's file, with the king's move
    // between: the leap is gone though the leaper has not moved.
    let mut pos = common::position_after(&game, "", "a1b1 a4c4");
    assert!(!common::sorted_moves(&mut pos).contains(&"c1c3".to_string()));
    let mut pos = common::position_after(&game, "", "a1b1 a4a3");
    assert!(common::sorted_moves(&mut pos).contains(&"c1c3".to_string()));
    // Taking the move back gives the right back.
    let mut pos = common::position_after(&game, "", "a1b1");
    let before = pos.clone();
    for mv in tessera::legal_moves(&mut pos) {
        let undo = pos.make(mv);
        pos.unmake(undo);
        assert!(pos == before);
    }
}

#[test]
fn forced_drops_unmoved_drops_and_spread_drops() {
    let src = "grid file a..d rank 1..4
         piece King K royal
           step all
         piece Bishop B
           slide diagonal
         piece Leaper L
           step n
           leap only (0, 2): quiet, first
         piece Pawn P
           step n
         zone first a1..d1
         zone home b1
         zone dark a1 c1
         zone light b1 d1
         pool hand
         drop hand Leaper -> first: unmoved in home
         drop hand Bishop -> first: spread over dark light
         drop hand -> first
         forced drop
         setup white 2 Bishop @hand, Leaper @hand, Pawn a2, King a4 black King d4";
    // The pawn may not move while a drop is legal.
    let got = moves_of(src);
    assert!(!got.contains("a2a3"), "{got}");
    let game = common::compass_game(src);
    // A bishop on a1 (dark): the other goes onto a light cell only, and the
    // leaper leaves a light cell free for it.
    let mut pos = common::position_after(&game, "", "B@a1 d4d3");
    assert_eq!(
        common::sorted_moves(&mut pos).join(" "),
        "B@b1 B@d1 L@b1 L@c1 L@d1"
    );
    // A leaper dropped on its home cell keeps its first move; elsewhere not.
    let mut pos = common::position_after(&game, "", "L@b1 d4d3 B@a1 d3c4 B@d1 c4d3");
    assert!(common::sorted_moves(&mut pos).contains(&"b1b3".to_string()));
    let mut pos = common::position_after(&game, "", "L@c1 d4d3 B@a1 d3c4 B@d1 c4d3");
    assert!(!common::sorted_moves(&mut pos).contains(&"c1c3".to_string()));
}

#[test]
fn a_piece_promotes_in_place_or_a_step_away() {
    let src = "grid file a..e rank 1..5
         piece King K royal
           step all
         piece General G
           step diagonal
         piece Pawn P
           step n: quiet
           promote in place far to General: anywhere when last, moving, not attacking, not checking, at most 1
         zone far a4..e5
         setup white King a1, Pawn c4, Pawn e2 black King e4, Pawn a4";
    // c4 turns into a general where it stands; not on b5 or b3 (the general
    // would attack the pawn on a4), nor on d5 or d3 (it would check the king
    // on e4). The pawn on e2 is out of the zone and not the last one.
    let got = moves_of(src);
    let promotions: Vec<&str> = got.split(' ').filter(|m| m.ends_with('g')).collect();
    assert_eq!(promotions, ["c4c4g"], "{got}");
    // The last pawn promotes anywhere; with a general on the board, none.
    let last = src.replace("Pawn c4, Pawn e2", "Pawn e2");
    assert!(moves_of(&last).contains("e2e2g"));
    let most = src.replace("Pawn c4, Pawn e2", "Pawn c4, General e2");
    assert!(!moves_of(&most).contains("c4c4g"));
}

#[test]
fn a_piece_must_promote_where_it_would_be_stuck() {
    // `promote stuck`: the cells from which the pawn could never move again,
    // here the last rank; in the far zone promotion is otherwise optional.
    let got = moves_of(
        "grid file a..b rank 1..4
         zone far a3..b4
         piece Pawn P
           step n
           promote far to Gold optional
           promote stuck to Gold
         piece Gold G
           step all
         setup white Pawn a3, Pawn b2",
    );
    assert_eq!(got, "a3a4g b2b3 b2b3g");
}

#[test]
fn a_rule_to_nothing_forbids_the_move_but_keeps_the_attack() {
    // The lance may not stop on the last rank, where it could never move
    // again, yet it attacks a4 and a3 all the same: the black king may go to
    // b3 only.
    let src = "grid file a..b rank 1..4
         piece Lance L
           slide n
           promote stuck to nothing
         piece King K royal
           step all
         setup white Lance a1, King b1 black King b4";
    assert_eq!(moves_of(src), "a1a2 a1a3 b1a2 b1b2");
    assert_eq!(moves_of(&format!("{src} turn black")), "b4b3");
    // A pawn that must promote on the last rank with nothing on offer stays
    // short of it, but guards it.
    let pawn = "grid file a..c rank 1..4
         zone far a4..c4
         piece Pawn P
           step n: quiet
           step ne nw: capture
           promote far to nothing
         piece King K royal
           step all
         setup white Pawn b3, King a1 black King b4 turn black";
    assert_eq!(moves_of(pawn), "b4a3 b4b3 b4c3");
    let alone = pawn.replace(" black King b4 turn black", "");
    assert_eq!(moves_of(&alone), "a1a2 a1b1 a1b2");
}

#[test]
fn a_piece_dropped_on_top_rests_on_a_piece_or_the_edge() {
    // Connect Four: a disc goes onto rank 1 or onto a disc, for both sides
    // alike (the direction is as White sees it).
    let src = format!(
        "{COMPASS}
         grid file a..c rank 1..3
         zone board a1..c3
         piece Disc D
         drop new Disc -> board: on top along s
         setup white Disc a1 black Disc b1"
    );
    assert_eq!(moves_after(&src, ""), "D@a2 D@b2 D@c1");
    assert_eq!(moves_after(&src, "D@b2"), "D@a2 D@b3 D@c1");
}

#[test]
fn a_piece_pushed_in_stops_before_a_piece_with_empty_cells_behind_it() {
    let src = format!(
        "{COMPASS}
         grid file a..c rank 1..1
         zone board a1..c1
         piece Disc D
         drop new Disc -> board: pushed in along e
         setup white Disc b1"
    );
    // From the a-file edge, eastwards: it stops on a1, before b1.
    assert_eq!(moves_after(&src, ""), "D@a1");
}

#[test]
fn a_drop_may_be_kept_away_from_enemy_pieces() {
    // Snort: not beside an enemy piece along a rank or file.
    let src = format!(
        "{COMPASS}
         grid file a..c rank 1..2
         zone board a1..c2
         piece Dog D
         drop new Dog -> board: not next to enemy orthogonal
         setup black Dog b1"
    );
    assert_eq!(moves_after(&src, ""), "D@a2 D@c2");
}

#[test]
fn the_setup_may_start_the_halfmove_clock() {
    let src = format!(
        "{COMPASS}
         grid file a..c rank 1..2
         piece King K
           step all
         setup white King a1 black King c2
           clock 7"
    );
    let game = compile_str(&src).unwrap();
    let pos = Position::start(&game);
    assert_eq!(pos.halfmove(), 7);
    assert!(tessera::notation::fen::format(&pos)
        .unwrap()
        .ends_with(" 7 1"));
}

#[test]
fn a_drop_may_flip_only_beside_a_piece_of_its_side() {
    let src = format!(
        "{COMPASS}
         grid file a..d rank 1..1
         zone board a1..d1
         piece Stone S
           step e w: quiet
         drop new Stone -> board
         flip around all: drops next to own
         setup white Stone a1 black Stone c1"
    );
    let game = compile_str(&src).unwrap();
    let board_after = |m: &str| {
        let mut pos = Position::start(&game);
        let mv = uci::parse(&mut pos, m).unwrap();
        pos.make(mv);
        tessera::notation::fen::format(&pos).unwrap()
    };
    // Beside a1, the drop on b1 flips c1; alone on d1, it flips nothing.
    assert!(
        board_after("S@b1").starts_with("SSS1 "),
        "{}",
        board_after("S@b1")
    );
    assert!(
        board_after("S@d1").starts_with("S1sS "),
        "{}",
        board_after("S@d1")
    );
    // A move on the board flips, wherever it lands: a1 to b1 turns c1.
    assert!(
        board_after("a1b1").starts_with("1SS1 "),
        "{}",
        board_after("a1b1")
    );
}

#[test]
fn a_pass_resets_the_clock_where_the_piece_that_stands_still_would() {
    let src = |first: &str| {
        format!(
            "{COMPASS}
             grid file a..c rank 1..3
             piece Pawn P
               step n: quiet
             piece Rook R
               step orthogonal: quiet
             clock reset by Pawn
             pass
             setup white {first} a1, Rook c1 black Rook c3
               clock 5"
        )
    };
    for (first, clock) in [("Pawn", 0), ("Rook", 6)] {
        let game = compile_str(&src(first)).unwrap();
        let mut pos = Position::start(&game);
        let mv = uci::parse(&mut pos, "a1a1").unwrap();
        pos.make(mv);
        assert_eq!(pos.halfmove(), clock, "{first}");
    }
}

#[test]
fn a_pawn_that_promotes_on_its_double_step_gives_no_en_passant_right() {
    // Black's pawn promotes to a bishop as it double-steps into rank 5 or
    // below (epicatomic's zone); White's pawn on e5 may not take it en
    // passant, as it may take a pawn that double-steps without promoting.
    let src = format!(
        "{COMPASS}
         grid file a..h rank 1..8
         mirror rank
         zone pawn-rank a2..h2
         zone far white a6..h8 black a1..h5
         piece King K royal
           step n e s w ne nw se sw
         piece Bishop B
           slide ne nw se sw
         piece Pawn P
           step n: quiet
           step n then step n: quiet, from pawn-rank, sets en passant
           step ne nw: capture, takes en passant
           promote far to Bishop
         setup
           white King a1, Pawn e5
           black King h8, Pawn d7 f6
           turn black"
    );
    let game = compile_str(&src).unwrap_or_else(|e| panic!("{}", e.render("t", &src)));
    let after = |m: &str| {
        let mut pos = Position::start(&game);
        let mv = uci::parse(&mut pos, m).unwrap();
        pos.make(mv);
        common::sorted_moves(&mut pos).join(" ")
    };
    assert!(!after("d7d5b").contains("e5d6"), "{}", after("d7d5b"));
}
