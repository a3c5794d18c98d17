//! `tessera check`'s warnings: what compiles but cannot take effect, each at
//! its line and column, printed beside the `ok` line without failing (but
//! with `--deny-warnings`); and the bundled games earn none.

mod common;

use common::{relative, tessera, COMPASS};

/// A board of 8 files and 8 ranks with a King, a Rook and a Pawn that
/// promotes to the Rook on the last rank; the tests add the rest.
fn game(rest: &str) -> String {
    format!(
        "grid file a..h rank 1..8
{COMPASS}
zone last-rank a8..h8
piece King K royal
  step all
piece Rook R
  slide orthogonal
piece Pawn P
  step n: quiet
  promote last-rank to Rook
{rest}"
    )
}

/// The warnings of `src`, each as `LINE:COLUMN: MESSAGE`, with the text the
/// span covers.
#[track_caller]
fn warnings(src: &str) -> Vec<(String, String)> {
    let compiled = tessera::compile_with_warnings(src)
        .unwrap_or_else(|e| panic!("{}", e.render("x.game", src)));
    compiled
        .warnings
        .iter()
        .map(|d| {
            assert_eq!(d.severity, tessera::Severity::Warning);
            let (line, col) = d.line_col(src);
            let covered = &src[d.span.start as usize..d.span.end as usize];
            (format!("{line}:{col}: {}", d.message), covered.to_string())
        })
        .collect()
}

/// The line and column of `needle`'s first occurrence in `src`.
fn place_of(src: &str, needle: &str) -> String {
    let at = src.find(needle).expect("the needle is in the source");
    let line = src[..at].matches('\n').count() + 1;
    let col = at - src[..at].rfind('\n').map_or(0, |i| i + 1) + 1;
    format!("{line}:{col}")
}

#[test]
fn a_setup_box_past_the_board_warns_at_the_box_and_places_the_cells_on_it() {
    let src = game("setup white King e1, Pawn a2..k2 black King e8");
    let found = warnings(&src);
    assert_eq!(found.len(), 1, "{found:?}");
    let (message, covered) = &found[0];
    assert_eq!(covered, "a2..k2");
    assert_eq!(
        *message,
        format!(
            "{}: box `a2..k2` reaches past the board (along `file` the board runs from a to h); only its cells on the board count",
            place_of(&src, "a2..k2")
        )
    );
    let g = tessera::compile_str(&src).unwrap();
    assert_eq!(
        tessera::Position::start(&g)
            .to_string()
            .matches('P')
            .count(),
        8
    );
}

#[test]
fn a_zone_past_the_board_warns() {
    let src = game("zone far a8..j9\nsetup white King e1, Pawn a2 black King e8");
    let found = warnings(&src);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].1, "a8..j9");
    assert!(found[0].0.starts_with(&place_of(&src, "a8..j9")));
}

#[test]
fn a_removed_box_past_the_grid_warns() {
    let src = game("remove g3..k4\nsetup white King e1, Pawn a2 black King e8");
    let found = warnings(&src);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].1, "g3..k4");
}

#[test]
fn a_box_within_the_board_or_on_its_edge_gives_no_warning() {
    let src =
        game("zone edge a1..h8\nremove d4..e5\nsetup white King e1, Pawn a2..h2 black King e8");
    assert_eq!(warnings(&src), []);
}

#[test]
fn a_box_with_no_cell_on_the_board_is_an_error_as_a_cell_off_the_board_is() {
    let src = game("setup white King e1, Pawn i2..k2 black King e8");
    let errors = tessera::compile_str(&src).unwrap_err();
    assert_eq!(errors.0.len(), 1);
    let d = &errors.0[0];
    assert_eq!(&src[d.span.start as usize..d.span.end as usize], "i2..k2");
    assert_eq!(
        d.message,
        "box `i2..k2` holds no cell of the board (along `file` the board runs from a to h)"
    );
}

#[test]
fn checkmate_as_the_goal_warns_when_a_side_never_has_a_royal_piece() {
    let src = game("setup white King e1, Pawn a2 black Rook a8\ngoal checkmated loses");
    let found = warnings(&src);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].1, "goal checkmated loses");
    assert_eq!(
        found[0].0,
        format!(
            "{}: black has no royal piece and no rule gives it one, so checkmate never ends a game against black, and no other goal makes black lose; is black's royal piece missing from the setup?",
            place_of(&src, "goal checkmated")
        )
    );
}

#[test]
fn the_default_checkmate_goal_warns_at_the_setup() {
    let src = game("setup white Pawn a2, Rook a1 black King e8");
    let found = warnings(&src);
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(found[0].0.contains("white has no royal piece"), "{found:?}");
    assert!(found[0].1.starts_with("setup white"));
}

#[test]
fn a_side_without_a_royal_piece_is_fine_where_another_goal_makes_it_lose() {
    // Horde's shape: White has no king and loses when it has no piece left.
    let src = game(
        "setup white Pawn a2..h3 black King e8\ngoal checkmated loses\ngoal extinct all loses",
    );
    assert_eq!(warnings(&src), []);
}

#[test]
fn a_side_that_promotes_into_a_royal_kind_has_one_to_lose() {
    let src = "grid file a..d rank 1..4
direction n (0, 1)
mirror rank
zone far a4..d4
piece King K royal
  step n
piece Pawn P
  step n
  promote far to King
setup white Pawn a2 black King d4
";
    assert_eq!(warnings(src), []);
}

#[test]
fn a_piece_no_setup_places_and_no_rule_makes_warns_at_its_name() {
    let src = game(
        "piece Amazon A\n  slide all\n  leap (1, 2)\nsetup white King e1, Pawn a2 black King e8",
    );
    // The Rook is made by promotion and the Pawn is placed: only the Amazon.
    let found = warnings(&src);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].1, "Amazon");
    assert_eq!(
        found[0].0,
        format!(
            "{}: piece `Amazon` never comes into play: no setup places it, and no drop or promotion makes one (only a position given as text can hold it)",
            place_of(&src, "Amazon")
        )
    );
}

#[test]
fn a_promotion_only_to_captured_kinds_warns_for_a_kind_the_side_never_had() {
    let src = "grid file a..d rank 1..4
direction n (0, 1) e (1, 0)
mirror rank
zone far a4..d4
piece King K royal
  step n e
piece Queen Q
  slide n e
piece Rook R
  slide n e
piece Pawn P
  step n
  promote far to Queen Rook only captured
setup white King a1, Rook b1, Pawn c2 black King d4, Queen c4, Rook b4
";
    let found = warnings(src);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].1, "Queen");
    assert!(found[0]
        .0
        .ends_with("`Queen` is never offered to white: `only captured` offers a kind while white has fewer of it on the board than its setup gives, and the setup gives white none"));
}

#[test]
fn fen_unmarked_warns_where_no_promotion_is_marked() {
    let src = game("notation fen unmarked\nsetup white King e1, Pawn a2 black King e8");
    let found = warnings(&src);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].1, "notation fen unmarked");
    assert!(found[0].0.ends_with("`notation fen unmarked` takes no effect: no promotion is marked (`, marked`), so FEN writes no `~` to leave out"));
    let marked = src.replace(
        "promote last-rank to Rook",
        "promote last-rank to Rook, marked",
    );
    assert_eq!(warnings(&marked), []);
}

#[test]
fn check_prints_warnings_on_standard_error_and_exits_0_or_1_when_denied() {
    let dir = std::env::temp_dir().join(format!("tessera-check-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("wide.game");
    std::fs::write(
        &file,
        game("setup white King e1, Pawn a2..k2 black King e8"),
    )
    .unwrap();
    let path = file.to_string_lossy().into_owned();
    let out = tessera(&["check", &path]);
    assert_eq!(out.exit_code(), 0);
    assert_eq!(
        out.stdout,
        format!("{path}: ok: \"untitled\", 64 cells, 3 piece kinds, 10 legal moves, 1 warning\n")
    );
    assert!(
        out.warnings.starts_with(&format!("{path}:")),
        "{}",
        out.warnings
    );
    assert!(out
        .warnings
        .contains(": warning: box `a2..k2` reaches past the board"));
    assert!(out.warnings.contains("^^^^^^"));
    let denied = tessera(&["check", "--deny-warnings", &path]);
    assert_eq!(denied.exit_code(), 1);
    assert_eq!(denied.stdout, out.stdout);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_bundled_games_earn_no_warning_but_fairys_pieces_for_positions_only() {
    // Fairy-Stockfish's `fairy` declares five kinds no side has at the start
    // and no rule makes, for positions read unchecked: the warning is true.
    let games = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("games");
    let out = tessera(&["check", "--deny-warnings", &relative(&games)]);
    let warned: Vec<&str> = out
        .warnings
        .lines()
        .filter(|l| l.contains(": warning: "))
        .collect();
    assert_eq!(warned.len(), 5, "{}", out.warnings);
    for w in warned {
        assert!(w.starts_with("games/fairy.game:"), "{w}");
        assert!(w.contains("never comes into play"), "{w}");
    }
    let guard = tessera(&["check", "--deny-warnings", "docs/guard-chess.game"]);
    assert_eq!(guard.exit_code(), 0, "{}", guard.stderr());
}
