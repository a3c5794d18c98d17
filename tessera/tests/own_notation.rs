//! The games' own notations (`notation moves`), as Fairy-Stockfish writes
//! them. Each test is a bundled game, a position (a FEN, as pyffish writes
//! it), a move and the text expected of it: pyffish 0.0.90's `get_san` with
//! the notation of the same name on that position and move. Every text
//! written must read back as the same move.

mod common;

use common::game;
use tessera::notation::{fen, own, uci};
use tessera::{Game, MoveNotation, Position};

fn bundled(name: &str) -> Game {
    let path = format!("{}/../games/{name}.game", env!("CARGO_MANIFEST_DIR"));
    game(&std::fs::read_to_string(path).unwrap())
}

/// The move `uci_move` at `at` (a FEN) written in `notation`, checked to
/// read back as the same move.
#[track_caller]
fn written(g: &Game, at: &str, uci_move: &str, notation: MoveNotation) -> String {
    let mut pos = fen::parse(g, at).unwrap();
    let mv = uci::parse(&mut pos, uci_move).unwrap();
    let text = own::format_in(&pos, &mv, notation);
    assert_eq!(
        own::parse_in(&pos, &text, notation),
        Ok(mv),
        "{text} read back"
    );
    text
}

const SHOGI_START: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[] w - - 0 1";
const SHOGI_BISHOPS_FACE: &str =
    "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL[] w - - 2 2";
const SHOGI_BISHOP_IN_HAND: &str =
    "lnsgkg1nl/1r5s1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL[Bb] w - - 0 3";

#[test]
fn shogi_files_count_from_the_right_and_ranks_from_the_top() {
    let shogi = bundled("shogi");
    assert_eq!(shogi.move_notation(), MoveNotation::ShogiHodgesNumber);
    let n = MoveNotation::ShogiHodgesNumber;
    assert_eq!(written(&shogi, SHOGI_START, "c3c4", n), "P-76");
    assert_eq!(written(&shogi, SHOGI_START, "d1c2", n), "G-78");
    // Two golds reach 58: the origin's cell tells them apart.
    assert_eq!(written(&shogi, SHOGI_START, "d1e2", n), "G69-58");
    assert_eq!(written(&shogi, SHOGI_START, "f1e2", n), "G49-58");
}

#[test]
fn shogi_promotion_is_plus_declined_is_equals_and_drops_are_starred() {
    let shogi = bundled("shogi");
    let n = MoveNotation::ShogiHodgesNumber;
    assert_eq!(written(&shogi, SHOGI_BISHOPS_FACE, "b2h8+", n), "Bx22+");
    assert_eq!(written(&shogi, SHOGI_BISHOPS_FACE, "b2h8", n), "Bx22=");
    assert_eq!(written(&shogi, SHOGI_BISHOP_IN_HAND, "B@e5", n), "B*55");
}

#[test]
fn a_promoted_piece_is_its_unpromoted_letter_after_a_plus() {
    let micro = bundled("micro");
    let at = "kb+r+l/p3/4/3P/+L+RBK[] w - - 0 1";
    let n = MoveNotation::ShogiHodgesNumber;
    assert_eq!(written(&micro, at, "a1a2", n), "+L-44");
    assert_eq!(written(&micro, at, "c1b2", n), "B-34");
}

#[test]
fn hodges_letters_the_ranks_and_hosking_drops_the_dash() {
    let shogi = bundled("shogi");
    let at = SHOGI_BISHOP_IN_HAND;
    assert_eq!(
        written(&shogi, at, "B@e5", MoveNotation::ShogiHodges),
        "B*5e"
    );
    assert_eq!(
        written(&shogi, at, "c4c5", MoveNotation::ShogiHodges),
        "P-7e"
    );
    assert_eq!(
        written(&shogi, at, "B@e5", MoveNotation::ShogiHosking),
        "B'55"
    );
    assert_eq!(
        written(&shogi, at, "c4c5", MoveNotation::ShogiHosking),
        "P75"
    );
}

#[test]
fn shogi_moves_read_in_usi_and_san_too() {
    let shogi = bundled("shogi");
    let pos = fen::parse(&shogi, SHOGI_BISHOPS_FACE).unwrap();
    for typed in ["Bx22+", "8h2b+", "Bxh8=H", "b2h8+"] {
        let mv = own::parse(&pos, typed).unwrap();
        assert_eq!(own::format(&pos, &mv), "Bx22+", "{typed}");
    }
}

#[test]
fn wxf_counts_files_from_the_movers_right_and_says_the_direction() {
    let xiangqi = bundled("xiangqi");
    let start = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
    let n = MoveNotation::XiangqiWxf;
    assert_eq!(written(&xiangqi, start, "h3e3", n), "C2=5");
    assert_eq!(written(&xiangqi, start, "b1c3", n), "H8+7");
    assert_eq!(written(&xiangqi, start, "a4a5", n), "P9+1");
}

#[test]
fn wxf_tells_two_pieces_on_a_file_by_front_and_rear() {
    let xiangqi = bundled("xiangqi");
    let at = "3k5/9/9/9/9/9/9/R8/9/R3K4 w - - 0 1";
    let n = MoveNotation::XiangqiWxf;
    assert_eq!(written(&xiangqi, at, "a3a5", n), "R++2");
    assert_eq!(written(&xiangqi, at, "a1b1", n), "R-=8");
    assert_eq!(written(&xiangqi, at, "a3b3", n), "R+=8");
}

#[test]
fn wxf_numbers_three_pieces_on_a_file_from_the_front() {
    let xiangqi = bundled("xiangqi");
    let at = "3k5/9/9/9/P8/P8/P8/9/9/4K4 w - - 0 1";
    let n = MoveNotation::XiangqiWxf;
    assert_eq!(written(&xiangqi, at, "a6b6", n), "19=8");
    assert_eq!(written(&xiangqi, at, "a6a7", n), "19+1");
}

#[test]
fn janggi_writes_rank_from_the_top_then_file_from_the_left() {
    let janggi = bundled("janggi");
    let start = "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1";
    let n = MoveNotation::Janggi;
    assert_eq!(written(&janggi, start, "a1a2", n), "R01-91");
    assert_eq!(written(&janggi, start, "i1i3", n), "R09-89");
}

#[test]
fn lan_writes_every_origin() {
    let chess = bundled("chess");
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    assert_eq!(written(&chess, start, "g1f3", MoveNotation::Lan), "Ng1-f3");
    assert_eq!(written(&chess, start, "e2e4", MoveNotation::Lan), "e2-e4");
}

#[test]
fn a_game_without_notation_moves_writes_san() {
    let chess = bundled("chess");
    assert_eq!(chess.move_notation(), MoveNotation::San);
    let pos = Position::start(&chess);
    let mv = own::parse(&pos, "Nf3").unwrap();
    assert_eq!(own::format(&pos, &mv), "Nf3");
}

#[test]
fn notation_moves_names_a_notation() {
    let path = format!("{}/../games/chess.game", env!("CARGO_MANIFEST_DIR"));
    let rules = std::fs::read_to_string(path).unwrap() + "\nnotation moves shogi-hodges-nummber\n";
    let errors = tessera::compile_str(&rules).unwrap_err().to_string();
    assert!(
        errors.contains("did you mean `shogi-hodges-number`"),
        "{errors}"
    );
}

#[test]
fn thai_san_letters_files_and_writes_thai_digits_and_pieces() {
    let makruk = bundled("makruk");
    let at = "r3k3/8/8/1p6/P7/8/4K3/R6R w - - 0 1";
    let n = MoveNotation::ThaiSan;
    // Two rooks reach d1: the origin's file tells them apart.
    assert_eq!(written(&makruk, at, "a1d1", n), "รก-ง๑");
    assert_eq!(written(&makruk, at, "h1d1", n), "รญ-ง๑");
    assert_eq!(written(&makruk, at, "h1h8", n), "ร-ญ๘+");
    // A pawn's capture is written with its file, its plain move bare.
    assert_eq!(written(&makruk, at, "a4b5", n), "กxข๕");
    assert_eq!(written(&makruk, at, "e2e3", n), "ข-จ๓");
    let start = "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1";
    assert_eq!(written(&makruk, start, "a3a4", n), "ก๔");
    assert_eq!(written(&makruk, start, "b1d2", n), "ม-ง๒");
    let promoting = "4k3/8/8/8/1p6/8/8/4K3 b - - 0 1";
    assert_eq!(written(&makruk, promoting, "b4b3m", n), "ข๓=M");
}

#[test]
fn thai_lan_writes_every_piece_a_space_and_the_origin() {
    let makruk = bundled("makruk");
    let at = "r3k3/8/8/1p6/P7/8/4K3/R6R w - - 0 1";
    let n = MoveNotation::ThaiLan;
    assert_eq!(written(&makruk, at, "a1d1", n), "ร ก๑-ง๑");
    assert_eq!(written(&makruk, at, "a4b5", n), "บ ก๔xข๕");
    assert_eq!(written(&makruk, at, "h1h8", n), "ร ญ๑-ญ๘+");
    let promoting = "4k3/8/8/8/1p6/8/8/4K3 b - - 0 1";
    assert_eq!(written(&makruk, promoting, "b4b3m", n), "บ ข๔-ข๓=M");
    // Typed without its space, as a move list separates moves by spaces.
    let mut pos = fen::parse(&makruk, at).unwrap();
    let mv = uci::parse(&mut pos, "a4b5").unwrap();
    assert_eq!(own::parse_in(&pos, "บก๔xข๕", n), Ok(mv));
}

#[test]
fn thai_letters_follow_how_a_piece_moves_whatever_its_letter() {
    let n = MoveNotation::ThaiSan;
    // Ai-wok's rook, knight and met in one; asean's bishop moves as a khon.
    let aiwok = bundled("ai-wok");
    let start = "rnsaksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKASNR w - - 0 1";
    assert_eq!(written(&aiwok, start, "e1e2", n), "ว-จ๒");
    assert_eq!(written(&aiwok, start, "c1c2", n), "ค-ค๒");
    let asean = bundled("asean");
    let start = "rnbqkbnr/8/pppppppp/8/8/PPPPPPPP/8/RNBQKBNR w - - 0 1";
    assert_eq!(written(&asean, start, "c1c2", n), "ค-ค๒");
    // Shatranj's alfil has no Thai letter.
    let shatranj = bundled("shatranj");
    let start = "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w - - 0 1";
    assert_eq!(written(&shatranj, start, "c1e3", n), "X-จ๓");
    // Drops: `@`, and in Thai LAN a space after the piece.
    let sittuyin = bundled("sittuyin");
    let start = "8/8/4pppp/pppp4/4PPPP/PPPP4/8/8[KFRRSSNNkfrrssnn] w - - 0 1";
    assert_eq!(written(&sittuyin, start, "K@h3", n), "ข@ญ๓");
    assert_eq!(written(&sittuyin, start, "F@e2", n), "ม็@จ๒");
    assert_eq!(
        written(&sittuyin, start, "K@h3", MoveNotation::ThaiLan),
        "ข @ญ๓"
    );
}

/// A rule file whose pawn promotes to a met, marked, and whose FEN leaves
/// the mark out (`notation fen unmarked`), as the makruk family's files say.
const MARKED_UNWRITTEN: &str = "grid file a..h rank 1..8
direction n (0, 1) ne (1, 1) nw (-1, 1) se (1, -1) sw (-1, -1)
mirror rank
zone promotion-rank a6..h6
piece King K royal
  step n ne nw se sw
piece Met M
  step ne nw se sw
piece Pawn P
  step n
  promote promotion-rank to Met, marked
notation fen unmarked
setup white King e1, Pawn a5 black King e8
";

#[test]
fn a_promotion_remembered_but_not_written_in_fen() {
    let g = game(MARKED_UNWRITTEN);
    let mut pos = Position::start(&g);
    for mv in ["a5a6m", "e8d7"] {
        let mv = uci::parse(&mut pos, mv).unwrap();
        pos.make(mv);
    }
    // FEN writes the promoted met as a met, as Fairy-Stockfish does; the
    // game knows better: Thai notation writes it ง (the bia ngai), and
    // Tessera's own notation and `format_marked` keep the `~`.
    assert_eq!(fen::format(&pos).unwrap(), "8/3k4/M7/8/8/8/8/4K3 w - - 1 2");
    assert_eq!(
        fen::format_marked(&pos).unwrap(),
        "8/3k4/M~7/8/8/8/8/4K3 w - - 1 2"
    );
    assert!(pos.to_string().contains("M~a6"), "{pos}");
    let mv = uci::parse(&mut pos, "a6b7").unwrap();
    assert_eq!(own::format_in(&pos, &mv, MoveNotation::ThaiSan), "ง-ข๗");
    assert_eq!(own::format_in(&pos, &mv, MoveNotation::ThaiLan), "ง ก๖-ข๗");
    // A position read from FEN knows what its FEN says, no more.
    let n = MoveNotation::ThaiSan;
    assert_eq!(
        written(&g, "8/3k4/M7/8/8/8/8/4K3 w - - 1 2", "a6b7", n),
        "ม็-ข๗"
    );
    assert_eq!(
        written(&g, "8/3k4/M~7/8/8/8/8/4K3 w - - 1 2", "a6b7", n),
        "ง-ข๗"
    );
    let read = fen::parse(&g, "8/3k4/M~7/8/8/8/8/4K3 w - - 1 2").unwrap();
    assert_eq!(
        fen::format(&read).unwrap(),
        "8/3k4/M7/8/8/8/8/4K3 w - - 1 2"
    );
    assert!(own::thai_knows_promotions(&g));
    assert!(g.remembers_promotions());
    // Without `, marked` the game forgets: the promoted met is ม็.
    let forgetful = game(
        &MARKED_UNWRITTEN
            .replace(", marked", "")
            .replace("notation fen unmarked\n", ""),
    );
    assert!(!own::thai_knows_promotions(&forgetful));
    assert!(!forgetful.remembers_promotions());
}

#[test]
fn a_met_promoted_in_makruk_is_the_bia_ngai() {
    // pyffish: get_san_moves("makruk", FEN, ["a5a6m", "e8d7", "a6b7"], False,
    // NOTATION_THAI_SAN) is ['ก๖=M', 'ข-ง๗', 'ง-ข๗'], and get_fen after the
    // first move writes `M`, with show_promoted `M~`.
    let makruk = bundled("makruk");
    let mut pos = fen::parse(&makruk, "4k3/8/8/P7/8/8/8/4K3 w - - 0 1").unwrap();
    let mut sans = Vec::new();
    for mv in ["a5a6m", "e8d7", "a6b7"] {
        let mv = uci::parse(&mut pos, mv).unwrap();
        sans.push(own::format_in(&pos, &mv, MoveNotation::ThaiSan));
        pos.make(mv);
        if sans.len() == 1 {
            assert_eq!(fen::format(&pos).unwrap(), "4k3/8/M7/8/8/8/8/4K3 b - - 0 1");
            assert_eq!(
                fen::format_marked(&pos).unwrap(),
                "4k3/8/M~7/8/8/8/8/4K3 b - - 0 1"
            );
        }
    }
    assert_eq!(sans, ["ก๖=M", "ข-ง๗", "ง-ข๗"]);
    // FEN as written reads back, though a met of the setup's never stands
    // where this one does: only promotion brings one there.
    assert!(fen::parse(&makruk, "4k3/8/M7/8/8/8/8/4K3 b - - 0 1").is_ok());
    let n = MoveNotation::ThaiSan;
    assert_eq!(
        written(&makruk, "4k3/8/8/8/8/8/8/3KM~3 w - - 0 1", "e1f2", n),
        "ง-ฉ๒"
    );
    assert_eq!(
        written(&makruk, "4k3/8/8/8/8/8/8/3KM3 w - - 0 1", "e1f2", n),
        "ม็-ฉ๒"
    );
}

#[test]
fn a_met_promoted_in_place_in_sittuyin_is_the_bia_ngai() {
    // pyffish: get_san_moves("sittuyin", FEN, ["d4c3f", "e6e7", "c3b2"],
    // False, NOTATION_THAI_SAN) is ['ง๔ค๓=F', 'ข-จ๗', 'ง-ข๒'].
    let sittuyin = bundled("sittuyin");
    let mut pos = fen::parse(&sittuyin, "8/8/4k3/8/3P4/8/8/K7[] w - - 0 1").unwrap();
    let mut sans = Vec::new();
    for mv in ["d4c3f", "e6e7", "c3b2"] {
        let mv = uci::parse(&mut pos, mv).unwrap();
        sans.push(own::format_in(&pos, &mv, MoveNotation::ThaiSan));
        pos.make(mv);
    }
    assert_eq!(sans, ["ง๔ค๓=F", "ข-จ๗", "ง-ข๒"]);
}

#[test]
fn every_bundled_game_remembers_the_promotions_that_make_mets() {
    // Fairy-Stockfish knows every piece made by promotion; Thai notation
    // shows it on a met alone (ง), so each game that promotes to a kind
    // written ม็ marks that promotion.
    let dir = format!("{}/../games", env!("CARGO_MANIFEST_DIR"));
    let mut forgetful = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "game") {
            let g = game(&std::fs::read_to_string(&path).unwrap());
            if !own::thai_knows_promotions(&g) {
                forgetful.push(path.display().to_string());
            }
        }
    }
    assert_eq!(forgetful, Vec::<String>::new());
}
