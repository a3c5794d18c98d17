//! Traps a designer fell into (issue 16), each pinned by a rule file and what
//! it must now do.

use tessera::notation::{fen, position};
use tessera::{compile_str, Position};

#[track_caller]
fn compiled(src: &str) -> tessera::Game {
    compile_str(src).unwrap_or_else(|e| panic!("{}", e.render("test.game", src)))
}

#[track_caller]
fn error_of(src: &str) -> String {
    match compile_str(src) {
        Ok(_) => panic!("expected an error"),
        Err(e) => e.render("test.game", src),
    }
}

/// FIDE chess on a cylinder: links carry each rank around from h to a and back.
fn cylinder_chess() -> String {
    let chess =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../games/chess.game"))
            .unwrap();
    let east: Vec<String> = (1..=8).map(|r| format!("h{r} -> a{r}")).collect();
    let west: Vec<String> = (1..=8).map(|r| format!("a{r} -> h{r}")).collect();
    chess.replace(
        "mirror rank",
        &format!(
            "mirror rank\nlink e {}\nlink w {}",
            east.join(", "),
            west.join(", ")
        ),
    )
}

#[test]
fn castling_rights_on_a_cylinder_read_back_as_written() {
    let game = compiled(&cylinder_chess());
    let start = Position::start(&game);
    let text = fen::format(&start).unwrap();
    assert_eq!(
        text,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    );
    let back = fen::parse(&game, &text).unwrap();
    assert_eq!(position::format(&back), position::format(&start));
    // One right each: the rook beyond the seam is not a second partner.
    let one_rook = "r3k3/8/8/8/8/8/8/4K2R w Kq - 0 1";
    let pos = fen::parse(&game, one_rook).unwrap();
    assert_eq!(fen::format(&pos).unwrap(), one_rook);
}

#[test]
fn a_leap_may_take_only_its_listed_offsets() {
    // A hexagonal knight on axial coordinates: its twelve jumps are not every
    // signed permutation of (1, 2), so they are listed.
    let src = "grid q a..i r 1..9
piece Knight N
  leap only (1, 1) (2, -1) (1, -2) (-1, -1) (-2, 1) (-1, 2) (3, -1) (3, -2) (2, -3) (-3, 1) (-3, 2) (-2, 3)
setup white Knight e5";
    let game = compiled(src);
    let mut pos = Position::start(&game);
    let mut moves = Vec::new();
    tessera::engine::legal::legal_moves(&mut pos, &mut moves);
    assert_eq!(moves.len(), 12);
}

/// The first line of the error `src` (after a king on a small board) gives.
#[track_caller]
fn first_error_line(rest: &str) -> String {
    let src = format!(
        "grid file a..h rank 1..8\ndirection n (0,1) e (1,0) w (-1,0)\npiece King K royal\n  step n\n{rest}\n"
    );
    error_of(&src).lines().next().unwrap().to_string()
}

#[test]
fn hints_name_only_keywords_allowed_where_the_word_stands() {
    // Among modifiers, `captue` is `capture`, not the statement `captured`.
    assert_eq!(
        first_error_line("piece X x step n: captue"),
        "test.game:5:19: error: expected a modifier such as `quiet` or `capture`, found `captue`; did you mean `capture`?"
    );
    assert!(first_error_line("setup whte King a1").ends_with("found `whte`; did you mean `white`?"));
    // A misspelt statement keyword read as a direction of the line before.
    assert_eq!(
        first_error_line("castlng King Rook along e w: king 2, rook beside"),
        "test.game:5:1: error: unexpected `castlng`; did you mean the keyword `castling`?"
    );
    assert_eq!(
        first_error_line("goal chekmated loses"),
        "test.game:5:6: error: unexpected `chekmated`; did you mean the keyword `checkmated`?"
    );
    // Words in comments are not taken for keywords.
    assert!(
        !first_error_line("# castlng\ncastling King Rook along e w: kng 2").contains("castlng")
    );
}

#[test]
fn boxes_of_cells_link_pairwise() {
    let one_by_one = cylinder_chess();
    let boxes = one_by_one
        .lines()
        .map(|l| match l {
            l if l.starts_with("link e ") => "link e h1..h8 -> a1..a8",
            l if l.starts_with("link w ") => "link w a1..a8 -> h1..h8",
            l => l,
        })
        .collect::<Vec<_>>()
        .join("\n");
    assert!(boxes.contains("link e h1..h8 -> a1..a8"));
    let fen = "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1";
    let count = |src: &str| {
        let game = compiled(src);
        tessera::perft(&mut fen::parse(&game, fen).unwrap(), 3)
    };
    assert_eq!(count(&boxes), count(&one_by_one));
    let error = error_of(&boxes.replace("h1..h8 -> a1..a8", "h1..h8 -> a1..a7"));
    assert!(
        error
            .contains("error: the ends of this link have 8 and 7 cells; boxes are linked pairwise"),
        "{error}"
    );
}

#[test]
fn a_cell_named_like_another_coordinate_is_an_error() {
    let src = "grid file a..c rank 1..3
cell b2 at c3
piece King K royal
setup white King a1";
    assert!(error_of(src).contains(
        "error: cell name `b2` is also a coordinate, not one this cell stands on; rename the cell, or place it `at b2`"
    ));
    // Its own coordinate is fine: the name and the coordinate are one place.
    compiled(
        "grid file a..c rank 1..3
cell b2 at b2 c3
piece King K royal
setup white King b2",
    );
}

#[test]
fn a_piece_item_is_one_letter_then_a_cell_name() {
    // In The Central Squares, cells are named level, file, rank: `RAa1` is a
    // rook on `Aa1`, never a piece lettered `A` on a cell `a1`.
    let src = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../games/central-squares.game"
    ))
    .unwrap();
    let game = compiled(&src);
    let pos = position::parse(&game, "RAa1,KAd1,kCd6 w").unwrap();
    assert_eq!(position::format(&pos), "RAa1,KAd1,kCd6 w - - 0 1");
    let err = position::parse(&game, "Ra1 w").unwrap_err().to_string();
    assert!(err.contains("a1"), "{err}");
}

#[test]
fn betza_o_is_accepted_where_the_board_wraps() {
    // On the cylinder, a rook `oR` is the rook: the geometry wraps every move.
    let cylinder = cylinder_chess().replace("  slide orthogonal\n", "  betza \"oR\"\n");
    assert!(cylinder.contains("betza \"oR\""));
    let fen = "4k3/8/8/8/8/8/8/R3K3 w - - 0 1";
    let game = compiled(&cylinder);
    let mut pos = fen::parse(&game, fen).unwrap();
    let mut moves = Vec::new();
    tessera::engine::legal::legal_moves(&mut pos, &mut moves);
    let rook_moves = moves
        .iter()
        .filter(|m| m.origin() == game.cell("a1").unwrap())
        .count();
    // a2..a8, b1..d1, and h1..f1 across the seam.
    assert_eq!(rook_moves, 13);
}

/// The moves from the start of `src`, sorted.
fn start_moves(src: &str) -> Vec<String> {
    let game = compiled(src);
    let mut pos = Position::start(&game);
    let mut moves = Vec::new();
    tessera::engine::legal::legal_moves(&mut pos, &mut moves);
    let mut names: Vec<String> = moves
        .iter()
        .map(|m| tessera::notation::uci::format(&game, m))
        .collect();
    names.sort();
    names
}

#[test]
fn a_leap_may_take_the_board_s_own_symmetry() {
    // Axial coordinates of a hexagonal board: six directions.
    let hex = |leap: &str| {
        format!(
            "grid q a..i r 1..9
direction e (1, 0) ne (0, 1) nw (-1, 1) w (-1, 0) sw (0, -1) se (1, -1)
piece Jumper J
  {leap}
setup white Jumper e5"
        )
    };
    let diagonals = start_moves(&hex("leap around (1, 1)"));
    assert_eq!(diagonals.len(), 6);
    assert_eq!(
        diagonals,
        start_moves(&hex(
            "leap only (1, 1) (2, -1) (1, -2) (-1, -1) (-2, 1) (-1, 2)"
        ))
    );
    assert_eq!(start_moves(&hex("leap around (1, 2)")).len(), 12);
    // On a square board, the board's symmetry is the leap's own.
    let square = |leap: &str| {
        format!(
            "grid file a..h rank 1..8
direction n (0, 1) s (0, -1) e (1, 0) w (-1, 0) ne (1, 1) nw (-1, 1) se (1, -1) sw (-1, -1)
piece Knight N
  {leap}
setup white Knight d4"
        )
    };
    assert_eq!(
        start_moves(&square("leap around (1, 2)")),
        start_moves(&square("leap (1, 2)"))
    );
    assert!(error_of(&square("leap around (1, 2, 3)")).contains("components"));
    // Sizes that would overflow the search are refused.
    assert!(error_of(&square("leap around (1, 2000)"))
        .contains("error: `leap around` takes offsets of components up to 1024"));
    assert!(error_of(&square("leap around (1, 2000000000000)")).contains(
        "error: number `2000000000000` is out of range (a direction's or an offset's components: -4,096 to 4,096)"
    ));
}
