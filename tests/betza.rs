//! Betza's shorthand: `betza "..."` in a piece, against counts from outside the
//! project (Fairy-Stockfish and hand counts, `../shared/oracle/betza-d4.tsv`,
//! copied to `tests/data/` so that a lone clone tests too), against the long
//! form, and its errors.

use tessera::{compile_str, perft, Position};

mod common;

use common::{stdout_of, COMPASS};

/// An 8x8 board with the compass and one piece `A` of the given Betza form.
fn board_with(betza: &str, setup: &str) -> String {
    format!("grid file a..h rank 1..8\n{COMPASS}\npiece Piece A betza \"{betza}\"\nsetup {setup}")
}

/// The sorted legal moves of the start position of `src`.
#[track_caller]
fn moves_of(src: &str) -> Vec<String> {
    let game = compile_str(src).unwrap_or_else(|e| panic!("{}", e.render("test.game", src)));
    let mut pos = Position::start(&game);
    common::sorted_moves(&mut pos)
}

/// A copy of `../shared/oracle/betza-d4.tsv`; `oracle_copy_matches_shared`
/// keeps it honest where `../shared` is present.
const ORACLE: &str = include_str!("data/betza-d4.tsv");

#[test]
fn oracle_copy_matches_shared() {
    let shared = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/oracle/betza-d4.tsv");
    if let Ok(text) = std::fs::read_to_string(shared) {
        assert_eq!(
            text, ORACLE,
            "tests/data/betza-d4.tsv differs from {shared}"
        );
    }
}

#[test]
fn every_oracle_piece_has_its_count_of_moves_from_d4() {
    let text = ORACLE;
    let mut rows = 0;
    for line in text.lines().filter(|l| !l.starts_with('#')).skip(1) {
        let cols: Vec<&str> = line.split('\t').collect();
        let [name, betza, count, _source] = cols[..] else {
            panic!("a row of four columns: {line}");
        };
        let got = moves_of(&board_with(betza, "white Piece d4")).len();
        assert_eq!(got, count.parse::<usize>().unwrap(), "{name} `{betza}`");
        rows += 1;
    }
    assert!(rows >= 40, "{rows} rows read");
}

/// The blocked positions of the oracle's header: a black copy on d6 and d8, or on d5.
#[test]
fn oracle_hoppers_and_lame_pieces_count_their_blocked_moves() {
    let header = ORACLE;
    assert!(header.contains("cannon mRcpR 12, grasshopper gQ 1, rook 12, xiangqi horse nN 8"));
    assert!(header.contains("cannon 10, grasshopper 1, rook 11, xiangqi horse 6"));
    for (betza, d6_d8, d5) in [("mRcpR", 12, 10), ("gQ", 1, 1), ("R", 12, 11), ("nN", 8, 6)] {
        let count = |black: &str| {
            moves_of(&board_with(
                betza,
                &format!("white Piece d4 black Piece {black}"),
            ))
            .len()
        };
        assert_eq!(count("d6 d8"), d6_d8, "{betza} with black on d6 and d8");
        assert_eq!(count("d5"), d5, "{betza} with black on d5");
    }
}

#[test]
fn direction_pairs_on_oblique_atoms_read_as_fairy_stockfish_does() {
    let from_d4 = |betza: &str| moves_of(&board_with(betza, "white Piece d4")).join(" ");
    // One letter: the pair of moves most in its direction.
    assert_eq!(from_d4("fN"), "d4c6 d4e6");
    assert_eq!(from_d4("sN"), "d4b3 d4b5 d4f3 d4f5");
    // Vertical then sideways: the wide moves; sideways then vertical: the narrow.
    assert_eq!(from_d4("fsN"), "d4b5 d4f5");
    assert_eq!(from_d4("frN"), "d4f5");
    assert_eq!(from_d4("rfN"), "d4e6");
    // On the wazir letters join; on the ferz they meet.
    assert_eq!(from_d4("fsW"), "d4c4 d4d5 d4e4");
    assert_eq!(from_d4("frF"), "d4e5");
    // Continuation legs turn relative to the leg before: the mao.
    assert_eq!(from_d4("mafsW"), "d4b3 d4b5 d4c2 d4c6 d4e2 d4e6 d4f3 d4f5");
}

#[test]
fn forward_is_each_side_s_own() {
    let src = board_with("fW", "white Piece d4 black Piece e5 turn black");
    assert_eq!(moves_of(&src), ["e5e4"]);
}

/// The chess pawn has no exact Betza form (its double step starts from a zone,
/// not on a first move), but in chess the two agree: pawns on the second rank
/// are exactly the unmoved ones.
#[test]
fn the_chess_pawn_in_betza_plays_chess() {
    let chess =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/games/chess.game")).unwrap();
    let long = "  step n: quiet
  step n then step n: quiet, from pawn-rank, sets en passant
  step ne nw: capture, takes en passant
";
    assert!(chess.contains(long));
    let short = chess.replace(long, "  betza \"fmWfceFifmnD\"\n");
    let game = compile_str(&short).unwrap_or_else(|e| panic!("{}", e.render("chess", &short)));
    // Depth 5 has the first en-passant captures (258 of them).
    assert_eq!(perft(&mut Position::start(&game), 5), 4_865_609);
}

#[test]
fn a_leap_by_listed_offsets_only() {
    let src = format!(
        "grid file a..e rank 1..5\n{COMPASS}
         piece Knight N
           leap only (1, 2) (-1, 2)
         setup white Knight c3 black Knight c3"
    );
    // Black's offsets are mirrored: forward is toward rank 1.
    let src = src.replace("black Knight c3", "black Knight c4");
    assert_eq!(moves_of(&src), ["c3b5", "c3d5"]);
    let src = src.replace("setup white", "setup turn black white");
    assert_eq!(moves_of(&src), ["c4b2", "c4d2"]);
}

#[test]
fn bad_betza_strings_are_located_at_the_letter() {
    let cases = [
        "WjD", "NX", "Nfm", "W999", "gN", "pR3", "cafsW", "afsN", "nNN", "meW", "oW", "fhN", "J",
        "W(F)", "nNN",
    ];
    let mut out = String::new();
    for betza in cases {
        let src = board_with(betza, "white Piece d4");
        let errors = compile_str(&src).expect_err(betza);
        out.push_str(&errors.render("betza.game", &src));
        out.push('\n');
    }
    let one_axis = "grid file a..h
piece Piece A betza \"W\"
setup white Piece d";
    out.push_str(
        &compile_str(one_axis)
            .unwrap_err()
            .render("betza.game", one_axis),
    );
    insta::assert_snapshot!(out);
}

#[test]
fn show_pieces_prints_betza_forms_or_why_there_is_none() {
    let out = stdout_of(&["show", "--pieces", "games/xiangqi.game"]);
    insta::assert_snapshot!(out);
}

#[test]
fn show_pieces_prints_continuation_legs_and_lame_leaps() {
    let out = stdout_of(&["show", "--pieces", "tests/data/multi-leg.game"]);
    // The mao (`mafsW`: a step, then a diagonal step outward) is the lame
    // knight; `masR`'s `m` on its first leg is the default there.
    assert_eq!(
        out,
        "K King: betza \"K\"
G Griffon: betza \"FyafsF\"
A Aanca: betza \"WyafsW\"
M Mao: betza \"nN\"
H Hook: betza \"asR\"
P Pawn: betza \"mfWcfF\"
"
    );
}
