//! The legality shortcuts decide as making every move would.
//!
//! `legal_moves` settles most moves without making them: shields on enemy lines
//! and paths, board-only tests, the move table's runs for `not checking`;
//! `legal_move_count`, perft's last ply, counts plain moves without listing
//! them. The reference here makes every pseudo-legal move and runs the attack
//! test, with no shortcut; on whole move trees from every game's start, along
//! random games and from every position fixture, all must agree.

mod common;

use common::Fixture;
use tessera::engine::in_check;
use tessera::engine::legal::{legal_move_count, legal_moves};
use tessera::engine::outcome::bare_side;
use tessera::engine::pseudo::pseudo_legal_moves;
use tessera::notation::{fen, position, uci};
use tessera::{compile_str, Game, Position};

/// The legal moves by making each pseudo-legal move: sorted, printed.
fn by_making_every_move(pos: &mut Position<'_>) -> Vec<String> {
    if bare_side(pos).is_some() {
        return Vec::new();
    }
    let mut pseudo = Vec::new();
    pseudo_legal_moves(pos, &mut pseudo);
    let side = pos.side_to_move();
    let mut out = Vec::new();
    for mv in pseudo {
        let undo = pos.make(mv);
        let exposed = in_check(pos, side);
        let gives_forbidden_check = mv.not_checking() && in_check(pos, side.opposite());
        let legal = !exposed && !gives_forbidden_check;
        pos.unmake(undo);
        if legal {
            out.push(uci::format(pos.game(), &mv));
        }
    }
    out.sort();
    out
}

fn by_legal_moves(pos: &mut Position<'_>) -> Vec<String> {
    let mut moves = Vec::new();
    legal_moves(pos, &mut moves);
    let mut out: Vec<String> = moves.iter().map(|m| uci::format(pos.game(), m)).collect();
    out.sort();
    out
}

/// Compares the two at every node of the tree `depth` plies deep; returns the
/// number of nodes compared.
fn agree(pos: &mut Position<'_>, depth: u32, origin: &str) -> u64 {
    let expected = by_making_every_move(pos);
    assert_eq!(
        by_legal_moves(pos),
        expected,
        "{origin}: {}",
        position::format(pos)
    );
    assert_eq!(
        legal_move_count(pos),
        expected.len() as u64,
        "{origin}: count of {}",
        position::format(pos)
    );
    if depth == 0 {
        return 1;
    }
    let mut moves = Vec::new();
    legal_moves(pos, &mut moves);
    let mut nodes = 1;
    for mv in moves {
        let undo = pos.make(mv);
        nodes += agree(pos, depth - 1, origin);
        pos.unmake(undo);
    }
    nodes
}

/// The bundled games.
const GAMES: [&str; 5] = [
    "chess",
    "cycle-chess",
    "central-squares",
    "power-chess-98",
    "exile-chess",
];

fn compile(path: &str) -> Game {
    let src = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    compile_str(&src).unwrap_or_else(|e| panic!("{path}: {e:?}"))
}

#[test]
fn from_every_start_position() {
    for game in GAMES {
        let path = format!("games/{game}.game");
        let game = compile(&path);
        let mut pos = Position::start(&game);
        let nodes = agree(&mut pos, 3, &path);
        assert!(nodes > 30, "{path}: only {nodes} nodes");
    }
}

#[test]
fn with_multi_leg_slides() {
    // Their captures are looked up in the move table's runs, and the cells the
    // runs pass are shields.
    let path = "tests/data/multi-leg.game";
    let game = compile(path);
    let mut pos = Position::start(&game);
    assert!(agree(&mut pos, 4, path) > 5000);
    let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
    for _ in 0..200 {
        let mut pos = Position::start(&game);
        for _ in 0..60 {
            agree(&mut pos, 0, path);
            let mut moves = Vec::new();
            legal_moves(&mut pos, &mut moves);
            seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
            let Some(&mv) = moves.get((seed >> 33) as usize % moves.len().max(1)) else {
                break;
            };
            pos.make(mv);
        }
    }
}

#[test]
fn along_random_games() {
    // A fixed linear congruential sequence picks the moves, so a failure
    // repeats.
    let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
    let mut next = move || {
        seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
        (seed >> 33) as usize
    };
    for game in GAMES {
        let path = format!("games/{game}.game");
        let game = compile(&path);
        for _ in 0..400 {
            let mut pos = Position::start(&game);
            for _ in 0..80 {
                agree(&mut pos, 0, &path);
                let mut moves = Vec::new();
                legal_moves(&mut pos, &mut moves);
                let Some(&mv) = moves.get(next() % moves.len().max(1)) else {
                    break;
                };
                pos.make(mv);
            }
        }
    }
}

#[test]
fn from_every_position_fixture() {
    for (name, fx) in Fixture::all() {
        let game = compile(&fx.game);
        let mut pos = match (&fx.fen, &fx.position) {
            // Fixtures test generation on any position, possible in play or not.
            (Some(f), _) => fen::parse_unchecked(&game, f).unwrap(),
            (_, Some(p)) => position::parse_unchecked(&game, p).unwrap(),
            _ => Position::start(&game),
        };
        for text in fx.moves.iter().flat_map(|m| m.split_whitespace()) {
            let mv = uci::parse(&mut pos, text).unwrap_or_else(|e| panic!("{name}: {e:?}"));
            pos.make(mv);
        }
        agree(&mut pos, 2, &name);
    }
}

#[test]
fn on_a_board_too_large_for_bit_sets() {
    // 200 cells in a line: the pinned rook's moves and the king's are tested
    // by moving pieces, not from bit sets, which hold 128 cells.
    let src = "game \"Line\"\ngrid file 1..200\ndirection e (1) w (-1)\n\
               piece King K royal\n  step e w\npiece Rook R\n  slide e w\n\
               setup white King 1, Rook 150 black Rook 198, King 200\n";
    let game = compile_str(src).unwrap();
    let mut pos = Position::start(&game);
    let nodes = agree(&mut pos, 2, "line");
    assert!(nodes > 100, "{nodes} nodes");
}

/// Checks that the start position of the rule file `src` has no legal move
/// `refused`, and that the shortcuts agree two plies deep.
fn refuses(src: &str, refused: &str) {
    let game = compile_str(src).unwrap();
    let mut pos = Position::start(&game);
    let moves = by_legal_moves(&mut pos);
    assert!(!moves.iter().any(|m| m == refused), "{moves:?}");
    agree(&mut pos, 2, refused);
}

#[test]
fn castling_that_opens_a_line_past_the_partner() {
    // Ten files: the rook castles from h1, and an enemy rook on j1 then
    // attacks g1 through the cell it left. Castling found g1 unattacked
    // before the move, so only the test after it can refuse this.
    let src = "game \"Ten files\"\ngrid file a..j rank 1..8\n\
               direction n (0, 1) s (0, -1) e (1, 0) w (-1, 0)\n\
               group orthogonal = n e s w\nmirror rank\n\
               piece King K royal\n  step orthogonal\npiece Rook R\n  slide orthogonal\n\
               castling King Rook along e w: king 2, rook beside\n\
               setup white King e1, Rook h1 black King e8, Rook j1\n";
    refuses(src, "e1g1");
}

#[test]
fn a_king_step_past_an_attack_limited_to_a_zone() {
    // The archer captures only on f1..h1: it cannot take the king on e1,
    // yet once the king steps to f1, it reaches f1 through e1. Castling finds
    // f1 unattacked before any move, which must not settle the step.
    let src = "game \"Archer\"\ngrid file a..h rank 1..8\n\
               direction n (0, 1) s (0, -1) e (1, 0) w (-1, 0)\nmirror rank\n\
               zone far white f1..h1 black f1..h1\n\
               piece King K royal\n  step n s e w\npiece Rook R\n  slide n s e w\n\
               piece Archer A\n  slide e w: capture, to far\n\
               castling King Rook along e w: king 2, rook beside\n\
               setup white King e1, Rook h1 black King e8, Archer a1\n";
    refuses(src, "e1f1");
}

/// Free castling on a line of 200 cells (too many for bit tables), with an
/// enemy lance beyond the partner that reaches 45 cells: once the partner has
/// left its cell, the lance would attack a king that stops within its reach.
const FREE_CASTLING_LINE: &str = "game \"Free castling line\"
grid file 1..200
direction e (1) w (-1)
piece King K royal
  step e w
piece Rook R
  step e w
piece Lance L
  slide w up to 45
castling King Rook along e: king 1.., rook behind
setup white King 3, Rook 150 black King 1, Lance 190
";

#[test]
fn free_castling_beyond_bit_tables_is_decided_as_making_it() {
    let game = compile_str(FREE_CASTLING_LINE).unwrap();
    let mut pos = Position::start(&game);
    // The king may stop on 4 to 144 (the lance reaches 145 to 189 once the
    // partner is gone), the partner on any cell from the king's start to the
    // one before the king's stop: 1 + 2 + ... + 141 castlings, beside the
    // king's step to 4 and the partner's to 149 and 151.
    let castlings = (1..=141).sum::<usize>();
    assert_eq!(by_legal_moves(&mut pos).len(), castlings + 3);
    // Making each castling agrees, and so does the count of the last ply.
    agree(&mut pos, 1, "free castling line");
    // Without the lance every stop up to 149 is safe.
    let src = FREE_CASTLING_LINE.replace(", Lance 190", "");
    let game = compile_str(&src).unwrap();
    let mut pos = Position::start(&game);
    assert_eq!(by_legal_moves(&mut pos).len(), (1..=146).sum::<usize>() + 3);
    agree(&mut pos, 1, "free castling line without the lance");
}

#[test]
fn a_multi_leg_capture_blocked_twice_stays_blocked() {
    // Black's hook mover on a8 (its own king beside it) would slide down to a1 and along the first rank
    // onto the king on f1: White's mao on d1 stands in its way, and in the
    // first position a griffon on c1 too.
    let path = "tests/data/multi-leg.game";
    let game = compile(path);
    let mao_moves = |fen_text: &str| {
        // Black's king stands in the griffon's reach: generation is tested
        // on positions play may never reach.
        let mut pos = fen::parse_unchecked(&game, fen_text).unwrap();
        agree(&mut pos, 1, path);
        let mut moves = by_legal_moves(&mut pos);
        moves.retain(|m| m.starts_with("d1"));
        moves
    };
    // Blocked twice, the mao moves freely.
    assert_eq!(
        mao_moves("hk6/8/8/8/8/8/8/2GM1K2 w - - 0 1"),
        ["d1c3", "d1e3", "d1f2"]
    );
    // Blocked once, it may not leave the rank.
    assert!(mao_moves("hk6/8/8/8/8/8/8/3M1K2 w - - 0 1").is_empty());
}
