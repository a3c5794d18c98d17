//! Bad rule files: each `bad/*.game` holds one mistake, named in its first comment,
//! and the snapshot is what `tessera check` prints for it (exit status 1).
//!
//! Every snapshot was reviewed for the right line and column, a caret under the
//! offending token, and a message in the rule writer's terms. The tests at the
//! bottom pin the place of errors that once landed on the wrong token.

mod common;

use common::{leading_comment, relative, tessera};
use tessera_cli::cli::Failure;

#[test]
fn bad_rule_files() {
    insta::glob!("bad", "*.game", |path| {
        let file = relative(path);
        let src = std::fs::read_to_string(path).unwrap();
        let what = leading_comment(&src);
        assert!(!what.is_empty(), "{file} must start with a `#` comment");

        let out = tessera(&["check", &file]);
        assert_eq!(out.stdout, "", "{file}: nothing on stdout");
        let Err(Failure::Rules(text)) = &out.result else {
            panic!(
                "{file}: expected rule errors (exit 1), got {:?}",
                out.result
            );
        };
        assert_eq!(out.exit_code(), 1);
        for header in text.lines().filter(|l| l.contains(": error: ")) {
            assert!(header.starts_with(&format!("{file}:")), "{header}");
        }
        // The library renders what the CLI prints.
        let errors = tessera::compile_str(&src).unwrap_err();
        assert_eq!(errors.render(&file, &src), *text);

        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        insta::with_settings!({ snapshot_suffix => name, description => what }, {
            insta::assert_snapshot!(text);
        });
    });
}

/// The `line:col` of each diagnostic that `src` gets, in order.
fn places(src: &str) -> Vec<String> {
    let errors = tessera::compile_str(src).expect_err("the source has a mistake");
    errors
        .render("x.game", src)
        .lines()
        .filter_map(|l| l.strip_prefix("x.game:"))
        .map(|l| l.split(": error").next().unwrap().to_string())
        .collect()
}

const BOARD: &str = "grid file a..d rank 1..4
direction n (0, 1) e (1, 0)
piece King K royal
  step n e
piece Rook R
  slide n e
";

#[test]
fn repeated_setup_cell_in_the_first_placement_is_pinned() {
    // The working case: the repeated cell is the placement's first cell.
    let src = format!("{BOARD}setup white King a1, Rook a1\n");
    assert_eq!(places(&src), ["7:27"]);
}

#[test]

fn repeated_setup_cell_caret_is_on_that_cell() {
    // `Rook b1 a1`: a1 (column 30) is the repeated cell; the caret lands on b1 (27).
    let src = format!("{BOARD}setup white King a1, Rook b1 a1\n");
    assert_eq!(places(&src), ["7:30"]);
}

#[test]

fn misspelt_keyword_after_directions_is_reported_on_it() {
    // `peice` (line 3, column 1) is taken for one more direction name, and the
    // error lands on `King` (column 7): "expected a vector such as `(1, 2)`".
    let src =
        "grid file a..d rank 1..4\ndirection n (0, 1) e (1, 0)\npeice King K royal\n  step n e\n";
    assert_eq!(places(src), ["3:1"]);
}

#[test]

fn two_letter_axis_label_is_reported_on_it() {
    // `zz` starts at column 14; the error lands on `rank` (column 17) as
    // "expected a label range": `a..z` is read as the range and `z` as a new axis.
    let src = "grid file a..zz rank 1..4\n";
    let found = places(src);
    assert!(found == ["1:14"] || found == ["1:15"], "{found:?}");
}
