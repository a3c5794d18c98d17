//! The pieces that Fairy-Stockfish's variants files need: a hop that lands
//! near its start (`within`, Fairy-Stockfish's hopper with a range, `pR2`).
//! Each test is a rule file, a position, and the expected moves.

mod common;

use common::{game, moves_from};
use tessera::compile_str;
use tessera::notation::fen;

const NEAR_CANNON: &str = "
game \"Near cannon\"
grid file a..h rank 1..8
direction n (0, 1) s (0, -1) e (1, 0) w (-1, 0)
direction ne (1, 1) nw (-1, 1) se (1, -1) sw (-1, -1)
group orthogonal = n e s w
group all = n e s w ne nw se sw
mirror rank
piece King K royal
  step all
piece Cannon C
  hop orthogonal: within 3
piece Stone S
  step n: quiet
";

#[test]
fn a_hop_within_n_lands_at_most_n_steps_from_its_start() {
    let g = game(NEAR_CANNON);
    // North: the screen on a2, landings on a3 and a4, not the capture on a5
    // (4 steps away). East: the screen on c1, the landing on d1, not the
    // capture on e1.
    let mut pos = fen::parse(&g, "7k/8/8/s7/8/8/S7/C1s1s2K w - - 0 1").unwrap();
    assert_eq!(moves_from(&mut pos, "a1"), ["a1a3", "a1a4", "a1d1"]);
    // Without `within`, the same cannon reaches the captures too.
    let far = game(&NEAR_CANNON.replace("hop orthogonal: within 3", "hop orthogonal"));
    let mut pos = fen::parse(&far, "7k/8/8/s7/8/8/S7/C1s1s2K w - - 0 1").unwrap();
    assert_eq!(
        moves_from(&mut pos, "a1"),
        ["a1a3", "a1a4", "a1a5", "a1d1", "a1e1"]
    );
}

#[test]
fn a_hop_within_n_attacks_only_that_near() {
    let g = game(NEAR_CANNON);
    // Black's cannon on h8 hops its stone on h7: it attacks h6 and h5, not h4.
    let mut pos = fen::parse(&g, "k6c/7s/8/6K1/8/8/8/8 w - - 0 1").unwrap();
    assert_eq!(
        moves_from(&mut pos, "g5"),
        ["g5f4", "g5f5", "g5f6", "g5g4", "g5g6", "g5h4"]
    );
}

#[test]
fn within_needs_a_hop() {
    let src = NEAR_CANNON.replace("step n: quiet", "step n: quiet, within 2");
    let err = compile_str(&src).unwrap_err().render("test.game", &src);
    assert!(
        err.contains("`within` limits how far a `hop` lands"),
        "{err}"
    );
}
