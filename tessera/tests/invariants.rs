//! Engine invariants over every bundled game, checked on whole move trees: make
//! then unmake restores the position exactly; every printed move and position
//! reads back to the same move and position; the moves perft counts are the
//! moves listed.

use tessera::engine::legal::legal_moves;
use tessera::notation::{position, uci};
use tessera::{compile_str, Position};

fn games() -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = std::fs::read_dir("../games")
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "game"))
        .map(|p| {
            (
                p.display().to_string(),
                std::fs::read_to_string(&p).unwrap(),
            )
        })
        .collect();
    out.sort();
    out
}

/// Walks the tree `depth` plies deep, checking every node; returns the nodes seen.
fn walk(pos: &mut Position<'_>, depth: u32) -> u64 {
    let game = pos.game();
    let text = position::format(pos);
    let reread = position::parse(game, &text).unwrap_or_else(|e| panic!("{text}: {e}"));
    assert!(reread == *pos, "position notation round trip: {text}");
    if depth == 0 {
        return 1;
    }
    let mut moves = Vec::new();
    legal_moves(pos, &mut moves);
    // Perft's last ply counts moves without listing them where it can: the
    // count must be the list's length.
    assert_eq!(
        tessera::perft(pos, 1),
        moves.len() as u64,
        "{text}: moves counted and moves listed differ"
    );
    let mut nodes = 1;
    for &mv in &moves {
        let printed = uci::format(game, &mv);
        assert_eq!(uci::parse(pos, &printed), Ok(mv), "{text}: {printed}");
        let before = pos.clone();
        let undo = pos.make(mv);
        nodes += walk(pos, depth - 1);
        pos.unmake(undo);
        assert!(*pos == before, "{text}: make/unmake of {printed}");
    }
    nodes
}

/// Up to three plies, as deep as a tree of at most 100,000 leaves allows:
/// three for chess-like games, fewer where every ply has hundreds of moves
/// (duck chess, amazons, ataxx). A deeper count is tried only where the
/// shallower one, times the first ply's width, stays near that budget.
fn walk_depth(pos: &mut Position<'_>) -> u32 {
    const LEAVES: u64 = 100_000;
    let width = tessera::perft(pos, 1).max(1);
    let (mut depth, mut leaves) = (1, width);
    while depth < 3 && leaves.saturating_mul(width) <= 4 * LEAVES {
        let deeper = tessera::perft(pos, depth + 1);
        if deeper > LEAVES {
            break;
        }
        (depth, leaves) = (depth + 1, deeper);
    }
    u32::from(depth)
}

#[test]
fn make_unmake_and_notation_round_trips_hold_in_every_game() {
    for (path, src) in games() {
        let game = compile_str(&src).unwrap();
        let mut pos = Position::start(&game);
        let depth = walk_depth(&mut pos);
        let nodes = walk(&mut pos, depth);
        assert!(nodes > 2, "{path}: {nodes} nodes");
    }
}

#[test]
fn pools_and_counters_survive_make_and_unmake() {
    let src = std::fs::read_to_string("../games/power-chess-98.game").unwrap();
    let game = compile_str(&src).unwrap();
    let start = "Kc1,Pb6,Rb2:1,B@back:3,R@front:2,B@front:3,kc3,ra7:4,b@back:5 w";
    let mut pos = position::parse(&game, start).unwrap();
    walk(&mut pos, 3);
}
