//! The long form and the Betza form of every piece of the bundled games move
//! alike: each piece's printed Betza form, compiled in place of its movements,
//! gives the same moves from every cell of an empty board, for both sides, and
//! in the start position.

use crate::engine::legal::legal_moves;
use crate::game::{Game, Mark, Side};
use crate::notation::{position, uci};
use crate::syntax::ast::Name;
use crate::Position;

fn sorted_moves(game: &Game, pos: &mut Position<'_>) -> Vec<String> {
    let mut list = Vec::new();
    legal_moves(pos, &mut list);
    let mut names: Vec<String> = list.iter().map(|m| uci::format(game, m)).collect();
    names.sort();
    names
}

/// The moves of kind `k` alone on `cell`, for `side`, or `None` where the
/// game does not allow that position.
fn alone(game: &Game, k: usize, cell: &str, side: Side) -> Option<Vec<String>> {
    let p = &game.pieces[k];
    let letter = match p.mark {
        Mark::Promoted(_) => format!("+{}", p.letter),
        _ => p.letter.to_string(),
    };
    let (letter, turn) = match side {
        Side::White => (letter, "w"),
        Side::Black => (letter.to_ascii_lowercase(), "b"),
    };
    let unmoved = if p.tracks_unmoved { cell } else { "-" };
    let text = format!("{letter}{cell} {turn} {unmoved}");
    let mut pos = position::parse(game, &text).ok()?;
    Some(sorted_moves(game, &mut pos))
}

#[test]
fn every_bundled_piece_moves_alike_in_its_betza_form() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../games");
    let mut paths: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "game"))
        .collect();
    paths.sort();
    let mut compared = 0;
    for path in paths {
        let src = std::fs::read_to_string(&path).unwrap();
        let file = crate::syntax::parse(&src).unwrap();
        let long = crate::compile::compile(&file).unwrap();
        for k in 0..file.pieces.len() {
            let Ok(form) = long.pieces[k].betza.clone() else {
                continue;
            };
            let mut short_file = file.clone();
            let piece = &mut short_file.pieces[k];
            piece.movements.clear();
            piece.betza = vec![Name {
                text: form.as_str().into(),
                span: piece.name.span,
            }];
            let short = crate::compile::compile(&short_file).unwrap();
            let what = format!("{}: {} as `{form}`", path.display(), long.pieces[k].name);
            let start = |g: &Game| sorted_moves(g, &mut Position::start(g));
            assert_eq!(start(&long), start(&short), "{what}: start position");
            for cell in long.board.cell_index.keys() {
                for side in [Side::White, Side::Black] {
                    let (a, b) = (alone(&long, k, cell, side), alone(&short, k, cell, side));
                    assert_eq!(a, b, "{what}: alone on {cell} for {side:?}");
                }
            }
            compared += 1;
        }
    }
    // Most pieces of the bundled games have a Betza form (pawns with a zone
    // for their double step, zone-bound and `not checking` pieces do not).
    assert!(compared >= 150, "only {compared} pieces compared");
}
