//! Shako's castling with the i-file rook and placement chess part-way
//! through its placement phase, counted against Fairy-Stockfish: each case is
//! a position (the start and moves, or a FEN), reached where the differential
//! from the start does not go, and the perft counts pyffish 0.0.90 gives
//! there (recursively, over `legal_moves`). Both the bundled rule files
//! (games/shako.game, games/placement.game) and the importer's translations
//! of the same Fairy-Stockfish sections must give them.

mod common;

use common::position_after;

/// A position: after `moves` from the start, or from `fen` (then `moves`).
struct Case {
    fen: &'static str,
    moves: &'static str,
    counts: &'static [u64],
}

const START: &str = "";

/// Shako: the king on f2 castles two files toward the rook on i2 (or b2),
/// past the elephant on j2 (a2), which is not the castling piece.
const SHAKO: &[Case] = &[
    // Knights and bishops out of the way: both sides may castle kingside.
    Case {
        fen: START,
        moves: "h2g4 h9g7 h3h4 h8h7 g2h3 g9h8",
        counts: &[62, 3842, 230331],
    },
    // White has just castled (f2h2: king to h2, rook to g2).
    Case {
        fen: START,
        moves: "h2g4 h9g7 h3h4 h8h7 g2h3 g9h8 f2h2",
        counts: &[62, 3718, 222891],
    },
    // Both have castled: no right is left.
    Case {
        fen: START,
        moves: "h2g4 h9g7 h3h4 h8h7 g2h3 g9h8 f2h2 f9h9",
        counts: &[60, 3598, 210301],
    },
    // The queenside cleared: castling with the b-file rook is possible, then done.
    Case {
        fen: START,
        moves: "c2b4 c9b7 d3d4 d8d7 e3e4 e8e7 d2e3 d9e8 e2d3 e9d8",
        counts: &[71, 5034],
    },
    Case {
        fen: START,
        moves: "c2b4 c9b7 d3d4 d8d7 e3e4 e8e7 d2e3 d9e8 e2d3 e9d8 f2d2",
        counts: &[71, 4537],
    },
    // The king and the i-file rook alone between the elephants.
    Case {
        fen: "4k5/10/10/10/10/10/10/10/E4K2RE/10 w K - 0 1",
        moves: "",
        counts: &[26, 125, 3580],
    },
    // A rook on g4 watches g2, the cell the king passes: no castling.
    Case {
        fen: "4k5/10/10/10/10/10/6r3/10/E4K2RE/10 w K - 0 1",
        moves: "",
        counts: &[22, 478, 11642],
    },
    // Both wings, with and without the elephants outside the rooks.
    Case {
        fen: "4k5/10/10/10/10/10/10/10/ER3K2RE/10 w KQ - 0 1",
        moves: "",
        counts: &[39, 181, 7540],
    },
    Case {
        fen: "4k5/10/10/10/10/10/10/10/1R3K2R1/10 w KQ - 0 1",
        moves: "",
        counts: &[35, 161, 6022],
    },
    // A black cannon just in front of the b-file rook watches b1 over it,
    // not the cells the king crosses: both castlings stay legal.
    Case {
        fen: "4k5/10/10/10/10/10/10/1c8/1R3K2R1/10 w KQ - 0 1",
        moves: "",
        counts: &[28, 507, 17347],
    },
];

/// Placement chess: drops onto the first rank until the hands are empty;
/// a king on e1 and rooks on the corners keep their castling rights.
const PLACEMENT: &[Case] = &[
    // The kings dropped home, then a rook on a1 and one on h8: rights Qk.
    Case {
        fen: START,
        moves: "K@e1 K@e8 R@a1 R@h8",
        counts: &[24, 576, 9408, 159936],
    },
    // A bishop on c8 (light): Black's other bishop must go to a dark cell.
    Case {
        fen: START,
        moves: "B@c1 B@f8 N@b1",
        counts: &[32, 864, 21060],
    },
    // Both bishops of each side placed, on cells of both colours.
    Case {
        fen: START,
        moves: "B@c1 B@c8 B@d1 B@d8",
        counts: &[24, 576, 10080],
    },
    // A king dropped off e1 castles never; the rooks keep no right for it.
    Case {
        fen: START,
        moves: "K@d1 K@e8 R@h1 R@a8 R@a1",
        counts: &[24, 360, 5880],
    },
    // The last drops: White's last bishop is forced, then Black's, then play.
    Case {
        fen: START,
        moves: "K@e1 K@e8 R@a1 R@a8 R@h1 R@h8 Q@d1 Q@d8 N@b1 N@b8 N@g1 N@g8 B@c1 B@c8",
        counts: &[1, 1, 20],
    },
    Case {
        fen: START,
        moves: "K@e1 K@e8 R@a1 R@a8 R@h1 R@h8 Q@d1 Q@d8 N@b1 N@b8 N@g1 N@g8 B@c1 B@c8 B@f1",
        counts: &[1, 20, 400],
    },
    // Placed as chess: chess's counts, then castling into the opening.
    Case {
        fen: START,
        moves: "N@b1 N@b8 N@g1 N@g8 B@c1 B@c8 Q@d1 Q@d8 K@e1 K@e8 R@a1 R@a8 R@h1 R@h8 B@f1 B@f8",
        counts: &[20, 400, 8902],
    },
    Case {
        fen: START,
        moves: "N@b1 N@b8 N@g1 N@g8 B@c1 B@c8 Q@d1 Q@d8 K@e1 K@e8 R@a1 R@a8 R@h1 R@h8 B@f1 B@f8 \
                e2e4 e7e5 g1f3 g8f6 f1c4 f8c5",
        counts: &[33, 1052],
    },
    // From FENs part-way through: Black to drop after White's king.
    Case {
        fen: "8/pppppppp/8/8/8/8/PPPPPPPP/4K3[QRRBBNNkqrrbbnn] b - - 0 1",
        moves: "",
        counts: &[40, 1120, 35392],
    },
    Case {
        fen: "8/pppppppp/8/8/8/8/PPPPPPPP/4K2R[QRBBNNkqrrbbnn] w K - 0 1",
        moves: "",
        counts: &[24, 960, 16320],
    },
    // Kings and rooks home with their rights: no castling while a drop is owed.
    Case {
        fen: "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R[QBBNNqbbnn] w KQkq - 0 1",
        moves: "",
        counts: &[15, 225, 2190],
    },
    Case {
        fen: "8/pppppppp/8/8/8/8/PPPPPPPP/2B5[KQRRBNNkqrrbbnn] b - - 0 1",
        moves: "",
        counts: &[40, 1280, 40448],
    },
];

fn bundled(name: &str) -> String {
    let path = format!("{}/games/{name}.game", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The rule file `tessera import` writes for `section` of `ini`.
fn imported(ini: &str, section: &str) -> String {
    let result = tessera_cli::import::import("test.ini", ini)
        .unwrap_or_else(|d| panic!("{}", d.render("test.ini")));
    let found = result
        .sections
        .iter()
        .find(|s| s.name == section)
        .unwrap_or_else(|| panic!("no section {section}"));
    match &found.outcome {
        Ok(text) => text.clone(),
        Err(why) => panic!("{section} not written: {why}"),
    }
}

#[track_caller]
fn check(label: &str, src: &str, cases: &[Case]) {
    let game = tessera::compile_str(src).unwrap_or_else(|e| panic!("{label}: {e:?}"));
    for case in cases {
        let mut pos = position_after(&game, case.fen, case.moves);
        let got: Vec<u64> = (1..=case.counts.len() as u16)
            .map(|depth| tessera::perft(&mut pos, depth))
            .collect();
        assert_eq!(got, case.counts, "{label}: {} {}", case.fen, case.moves);
    }
}

#[test]
fn shako_castles_with_the_i_file_rook_as_fairy_stockfish() {
    check("games/shako.game", &bundled("shako"), SHAKO);
}

#[test]
fn imported_shako_castles_with_the_i_file_rook_as_fairy_stockfish() {
    // tests/import/castling.ini's [shako-castling] is FSF's `shako` section.
    let ini = std::fs::read_to_string("tests/import/castling.ini").expect("castling.ini");
    check("[shako-castling]", &imported(&ini, "shako-castling"), SHAKO);
}

#[test]
fn placement_part_way_through_its_placement_as_fairy_stockfish() {
    check("games/placement.game", &bundled("placement"), PLACEMENT);
}

#[test]
fn imported_placement_part_way_through_as_fairy_stockfish() {
    // A section that inherits FSF's built-in `placement` whole.
    let src = imported("[copy:placement]\n", "copy");
    check("[copy:placement]", &src, PLACEMENT);
}
