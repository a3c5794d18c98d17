//! `tessera import`: Fairy-Stockfish's variants files read as it reads them,
//! each section written as a rule file or refused naming the option
//! (data in tests/import/; FSF's own file is checked live by
//! tests/fsf/import_check.py).

mod common;

use tessera_cli::import::Import;

/// Imports a file that is within the importer's bounds.
#[track_caller]
fn import(file: &str, text: &str) -> Import {
    tessera_cli::import::import(file, text).unwrap_or_else(|d| panic!("{}", d.render(file)))
}

fn read(path: &str) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn imported(path: &str) -> Import {
    import(path, &read(path))
}

fn section<'a>(result: &'a Import, name: &str) -> &'a Result<String, String> {
    &result
        .sections
        .iter()
        .find(|s| s.name == name)
        .unwrap_or_else(|| panic!("no section {name}"))
        .outcome
}

fn rules(result: &Import, name: &str) -> String {
    match section(result, name) {
        Ok(text) => text.clone(),
        Err(why) => panic!("{name} not written: {why}"),
    }
}

fn perft(src: &str, depth: u16) -> u64 {
    let game = tessera::compile_str(src).unwrap_or_else(|e| panic!("{e:?}"));
    let mut pos = tessera::Position::start(&game);
    tessera::perft(&mut pos, depth)
}

#[test]
fn a_section_becomes_the_expected_rule_file() {
    let result = imported("tests/import/basic.ini");
    assert_eq!(
        rules(&result, "minichess"),
        read("tests/import/minichess.game")
    );
}

#[test]
fn an_imported_game_plays_as_the_hand_written_one() {
    // [minichess] is Los Alamos chess, which games/losalamos.game writes by hand.
    let result = imported("tests/import/basic.ini");
    let ours = rules(&result, "minichess");
    let theirs = read("games/losalamos.game");
    for depth in 1..=3 {
        assert_eq!(perft(&ours, depth), perft(&theirs, depth), "depth {depth}");
    }
}

#[test]
fn inheritance_and_a_key_given_twice() {
    let result = imported("tests/import/basic.ini");
    let hill = rules(&result, "minichess-hill");
    // From its parent, an earlier section: the board and the pieces.
    assert!(hill.contains("grid file a..f rank 1..6"), "{hill}");
    assert!(
        hill.contains("zone flag white c3..d4 black c3..d4")
            || hill.contains("zone flag white c3..d3 c4..d4 black c3..d3 c4..d4"),
        "{hill}"
    );
    assert!(hill.contains("goal king reaches flag wins"), "{hill}");
    // `stalemateValue` given twice: the last counts.
    assert!(hill.contains("goal stalemated wins"), "{hill}");
    // From the built-in chess: castling, a custom piece in Betza.
    let wazir = rules(&result, "wazirchess");
    assert!(
        wazir.contains("piece customPiece1 W\n  betza \"W\""),
        "{wazir}"
    );
    assert!(
        wazir.contains("castling king rook along e w: king 2, rook beside"),
        "{wazir}"
    );
    assert!(
        wazir.contains("promote promotion to customPiece1 queen rook bishop knight"),
        "{wazir}"
    );
    assert_eq!(perft(&wazir, 2), 400);
}

#[test]
fn sections_fsf_ignores_are_not_written_and_say_why() {
    let result = imported("tests/import/basic.ini");
    let lines: Vec<String> = result
        .sections
        .iter()
        .map(|s| match &s.outcome {
            Ok(_) => format!("{}: written", s.name),
            Err(why) => format!("{}: not written: {why}", s.name),
        })
        .collect();
    assert_eq!(
        lines,
        [
            "minichess: written",
            "minichess-hill: written",
            "wazirchess: written",
            "minichess: not written: a section of this name comes first (line 4); Fairy-Stockfish ignores this one",
            "chess: not written: a built-in variant has this name; Fairy-Stockfish ignores this section",
            "orphan: not written: the parent `nosuchparent` does not exist (yet); Fairy-Stockfish ignores this section",
        ]
    );
    // The first [minichess] is the one written: six ranks, not five.
    assert!(rules(&result, "minichess").contains("rank 1..6"));
    assert_eq!(
        result.render("basic.ini"),
        "basic.ini:32: warning: unknown key `fooBar`; Fairy-Stockfish ignores it\n\
         basic.ini:34: error: [minichess]: a section of this name comes first (line 4); Fairy-Stockfish ignores this one\n\
         basic.ini:37: error: [chess]: a built-in variant has this name; Fairy-Stockfish ignores this section\n\
         basic.ini:40: error: [orphan]: the parent `nosuchparent` does not exist (yet); Fairy-Stockfish ignores this section\n"
    );
}

#[test]
fn an_option_tessera_cannot_say_refuses_its_section_only() {
    let result = imported("tests/import/refused.ini");
    let text = result.render("refused.ini");
    assert!(
        text.contains(
            "refused.ini:8: error: [tictactoe-ish]: `twoBoards`: pieces coming from a second board"
        ),
        "{text}"
    );
    // A child of a refused section is refused at its own line.
    assert!(
        text.contains("refused.ini:17: error: [child]: `twoBoards`"),
        "{text}"
    );
    assert!(
        text.contains("refused.ini:20: error: [chasing]: `chasingRule`"),
        "{text}"
    );
    assert!(
        text.contains("refused.ini:14: warning: `maxFile`: invalid value `13`"),
        "{text}"
    );
    assert!(section(&result, "too-big")
        .as_ref()
        .unwrap_err()
        .contains("13 files"));
    assert!(section(&result, "fine").is_ok());
}

#[test]
fn the_command_writes_what_it_can_succeeds_and_sums_up() {
    let dir = std::env::temp_dir().join(format!("tessera-import-test-{}", std::process::id()));
    let out = dir.to_string_lossy().to_string();
    let run = std::process::Command::new(env!("CARGO_BIN_EXE_tessera"))
        .args(["import", "tests/import/refused.ini", "--out", &out])
        .output()
        .expect("the binary runs");
    let (stdout, stderr) = (
        String::from_utf8_lossy(&run.stdout),
        String::from_utf8_lossy(&run.stderr),
    );
    // One section of five written is success: a script reads the summary.
    assert_eq!(run.status.code(), Some(0), "{stderr}");
    assert!(stdout.contains("fine: written\n"), "{stdout}");
    assert!(
        stdout.contains("tictactoe-ish: not written: `twoBoards`"),
        "{stdout}"
    );
    assert!(
        stdout.ends_with("\nwritten 1 of 5 sections, refused 4\n"),
        "{stdout}"
    );
    assert!(
        stderr.contains("tests/import/refused.ini:8: error:"),
        "{stderr}"
    );
    let fine = std::fs::read_to_string(dir.join("fine.game")).expect("fine.game written");
    assert!(fine.starts_with("# Imported by `tessera import` from tests/import/refused.ini, section [fine:chess] (line 10).\ngame \"Fine\"\n"), "{fine}");
    assert!(!dir.join("tictactoe-ish.game").exists());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_command_fails_when_no_section_is_written() {
    let dir = std::env::temp_dir().join(format!("tessera-import-none-{}", std::process::id()));
    let ini = dir.join("none.ini");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(&ini, "[chess]\n[twice:chess]\ntwoBoards = true\n").unwrap();
    let run = common::tessera(&[
        "import",
        &ini.to_string_lossy(),
        "--out",
        &dir.join("out").to_string_lossy(),
    ]);
    assert_eq!(run.exit_code(), 1);
    assert!(
        run.stdout.ends_with("written 0 of 2 sections, refused 2\n"),
        "{}",
        run.stdout
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_header_names_the_file_as_given_without_detours() {
    let text = read("tests/import/refused.ini");
    for (given, shown) in [
        (
            "./tests/import/../import/refused.ini",
            "tests/import/refused.ini",
        ),
        ("tests/import/refused.ini", "tests/import/refused.ini"),
        ("../elsewhere/refused.ini", "../elsewhere/refused.ini"),
        ("/nowhere/near/refused.ini", "refused.ini"),
    ] {
        let fine = rules(&import(given, &text), "fine");
        let header = fine.lines().next().unwrap_or_default();
        assert_eq!(
            header,
            format!("# Imported by `tessera import` from {shown}, section [fine:chess] (line 10)."),
            "{given}"
        );
    }
    // Inside the current folder, an absolute path is written relative to it.
    let here = std::env::current_dir()
        .unwrap()
        .join("tests/import/refused.ini");
    let fine = rules(&import(&here.to_string_lossy(), &text), "fine");
    assert!(
        fine.starts_with("# Imported by `tessera import` from tests/import/refused.ini,"),
        "{fine}"
    );
}

#[test]
fn the_title_is_the_name_as_the_comment_above_writes_it() {
    let text = "# Semi-torpedo chess\n[semitorpedo:chess]\ndoubleStepRegionWhite = *2 *3\n\n\
                # https://www.chess.com/variants/caught-in-a-snag\n[caught-in-a-snag:chess]\n\n\
                [kingofthehill2:chess]\n";
    let result = import("t.ini", text);
    for (name, title) in [
        ("semitorpedo", "Semi-torpedo"),
        ("caught-in-a-snag", "Caught in a Snag"),
        ("kingofthehill2", "Kingofthehill2"),
    ] {
        let written = rules(&result, name);
        assert_eq!(
            written.lines().nth(1),
            Some(format!("game \"{title}\"").as_str()),
            "{name}"
        );
    }
}

#[test]
fn fsf_reading_of_lines() {
    let text = "[a:chess]\r\n  startFen = x\r\nmaxRank =\nnoequals\n=5\nnMoveRule = 60   \n[b]\n";
    let result = import("t.ini", text);
    // A key with leading spaces is another key; `maxRank =` has no value.
    let rendered = result.render("t.ini");
    assert!(
        rendered.contains("t.ini:2: warning: unknown key `  startFen`"),
        "{rendered}"
    );
    assert!(
        rendered.contains("t.ini:4: warning: a line without `=`"),
        "{rendered}"
    );
    assert!(rules(&result, "a").contains("goal clock 120 draws"));
    // A section without a parent has no pieces: Fairy-Stockfish skips every
    // letter of chess's start position, and the board starts empty.
    assert!(!rules(&result, "b").contains("setup"));
}

#[test]
fn uci_offers_the_sections_of_a_variants_file() {
    let (code, out) = common::run_binary(
        &["uci", "tests/import/basic.ini"],
        "uci\nsetoption name UCI_Variant value minichess-hill\nposition startpos moves a2a3\ngo depth 1\nquit\n",
    );
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("option name UCI_Variant type combo default minichess var minichess var minichess-hill var wazirchess"),
        "{out}"
    );
    assert!(out.contains("bestmove "), "{out}");
}

#[test]
fn betza_h_is_written_as_the_jumps_fsf_reads() {
    // Tessera's Betza has no `h`; FSF's reading of `mfhN` is its four forward jumps.
    let result = import("h.ini", "[h:chess]\ncustomPiece1 = s:mfhNcfW\n");
    let text = rules(&result, "h");
    assert!(text.contains("piece customPiece1 S\n  leap only (1, 2) (-2, 1) (2, 1) (-1, 2): quiet\n  betza \"cfW\""), "{text}");
    // `mfhN`'s jumps are their own mirror image: Black's moves need no
    // turn by half a turn.
    assert!(text.contains("mirror rank\n"), "{text}");
    let r = import("h.ini", "[h:chess]\ncustomPiece1 = s:mrhNcfW\n");
    assert!(
        rules(&r, "h").contains("mirror file rank"),
        "{}",
        rules(&r, "h")
    );
}

#[test]
fn shogi_style_promotion_is_a_kind_lettered_plus() {
    // `promotedPieceType`: a move into, out of or within the zone promotes
    // (compulsory here) to a kind `+X` moving as the promoted type.
    let result = imported("tests/import/promoted.ini");
    let text = rules(&result, "promoted-mini");
    assert!(
        text.contains(
            "piece shogiPawn P\n  betza \"fW\"\n  promote promotion to shogiPawn-promoted\n  promote from promotion to shogiPawn-promoted\n  promote stuck to nothing\n\npiece shogiPawn-promoted +P\n  betza \"K\"\n"
        ),
        "{text}"
    );
    assert!(
        text.contains("piece rook-promoted +R\n  betza \"RF\"\n"),
        "{text}"
    );
    assert!(!text.contains("knight-promoted"), "{text}");
    // Black's pawn on e4 steps into its zone and must promote.
    let game = tessera::compile_str(&text).unwrap_or_else(|e| panic!("{e:?}"));
    let mut pos = tessera::Position::start(&game);
    assert!(tessera::perft(&mut pos, 3) > 0);
    let refused = |name: &str| match section(&result, name) {
        Ok(_) => panic!("{name} written"),
        Err(why) => why.clone(),
    };
    // Optional with `immobilityIllegal`: compulsory where the pawn would be stuck.
    let optional = rules(&result, "promoted-optional");
    assert!(
        optional.contains(
            "promote from promotion to shogiPawn-promoted optional\n  promote stuck to nothing\n"
        ),
        "{optional}"
    );
    let _ = refused;
    // The gold, the flag piece, is only ever a promoted shogi pawn: the
    // promoted kind stands for it.
    let named = rules(&result, "promoted-named");
    assert!(
        named.contains("goal shogiPawn-promoted reaches flag wins"),
        "{named}"
    );
    assert!(!named.contains("piece gold"), "{named}");
}

#[test]
fn triple_steps_are_written_without_en_passant() {
    let result = imported("tests/import/steps.ini");
    let text = rules(&result, "triple-noep");
    assert!(
        text.contains("zone triple-step white a2..k2 black a9..k9\n"),
        "{text}"
    );
    assert!(
        text.contains("  step n then step n: quiet, from double-step\n  step n then step n then step n: quiet, from triple-step\n"),
        "{text}"
    );
    // Beside en passant, each cell passed that a capture could use is
    // written in FEN, as FSF writes it.
    let text = rules(&result, "triple-ep");
    assert!(
        text.contains(
            "  step n then step n then step n: quiet, from triple-step, sets en passant
"
        ),
        "{text}"
    );
    assert!(
        text.contains("\nnotation en passant passed pawn\n"),
        "{text}"
    );
    let game = tessera::compile_str(&text).unwrap_or_else(|e| panic!("{e:?}"));
    let fen = "rnccwkqbbnr/pppp1p1pppp/11/11/11/6p4/4p6/11/PPPPPPPPPPP/RNBBQKWCCNR w - - 0 1";
    for (moves, after) in [
        (
            "f2f5",
            "rnccwkqbbnr/pppp1p1pppp/11/11/11/5Pp4/4p6/11/PPPPP1PPPPP/RNBBQKWCCNR b - f3f4 0 1",
        ),
        (
            "f2f4",
            "rnccwkqbbnr/pppp1p1pppp/11/11/11/6p4/4pP5/11/PPPPP1PPPPP/RNBBQKWCCNR b - f3 0 1",
        ),
        (
            "f2f5 e4f3",
            "rnccwkqbbnr/pppp1p1pppp/11/11/11/6p4/11/5p5/PPPPP1PPPPP/RNBBQKWCCNR w - - 0 2",
        ),
    ] {
        let mut pos = tessera::notation::fen::parse(&game, fen).unwrap();
        for m in moves.split_whitespace() {
            let mv = tessera::notation::uci::parse(&mut pos, m).unwrap();
            pos.make(mv);
        }
        assert_eq!(
            tessera::notation::fen::format(&pos).unwrap(),
            after,
            "{moves}"
        );
    }
    // A triple step passing a cell in the region and one outside it.
    match section(&result, "triple-half") {
        Ok(_) => panic!("triple-half written"),
        Err(why) => assert!(why.contains("in and out of `enPassantRegion`"), "{why}"),
    }
}

#[test]
fn anyside_and_walled_othello_drops_are_written() {
    let result = imported("tests/import/entries.ini");
    let text = rules(&result, "four-sides");
    assert!(
        text.contains("drop hand -> drops: anywhere, pushed in along n e, sunk in along s w\n"),
        "{text}"
    );
    // As pyffish 0.0.90 gives them: d2 from the top (through d3 and d4),
    // a4 from the right (through d4 and b4).
    let game = tessera::compile_str(&text).unwrap_or_else(|e| panic!("{e:?}"));
    let mut pos = tessera::notation::fen::parse(
        &game,
        "7/7/7/1P1P3/3P3/7/3P3[PPPPPPPPPPPPPPPPPPPPPPPPPpppppppppppppppppppppppp] w - - 0 1",
    )
    .unwrap();
    let mut moves = Vec::new();
    tessera::engine::legal::legal_moves(&mut pos, &mut moves);
    let mut moves: Vec<String> = moves
        .iter()
        .map(|m| tessera::notation::uci::format(&game, m))
        .collect();
    moves.sort();
    assert_eq!(
        moves.join(" "),
        "P@a1 P@a2 P@a3 P@a4 P@a5 P@a6 P@a7 P@b1 P@b3 P@c1 P@c3 P@c7 P@d2 P@e1 P@e7 P@f1 P@f7 P@g1 P@g2 P@g5 P@g6 P@g7"
    );
    let text = rules(&result, "walled");
    assert!(
        text.contains(
            "drop hand -> drops: anywhere, next to enemy all, enclosing over wall along all\n"
        ),
        "{text}"
    );
    assert_eq!(perft(&text, 1), 4);
    // A drop region beside `anyside`, which FSF ignores: refused.
    match section(&result, "four-sides-region") {
        Ok(_) => panic!("four-sides-region written"),
        Err(why) => assert!(why.contains("`anyside` beside a drop region"), "{why}"),
    }
}

#[test]
fn the_xiangqi_shogi_and_othello_built_ins_are_known() {
    // Refused for their own rules, each naming the option and the built-in.
    let result = import(
        "b.ini",
        "[a:xiangqi]\n[b:janggi]\n[c:gorogoro]\n[d:ataxx]\n[e:flipello]\n[f:minixiangqi]\n\
         [g:ataxx]\nstalematePieceCount = false\nadjudicateFullBoard = false\n",
    );
    // Gorogoro's optional promotion with `immobilityIllegal` is written.
    assert!(rules(&result, "c").contains("promote stuck to nothing"));
    // Minixiangqi's palace beside the flying general is written (exact live).
    assert!(rules(&result, "f").contains("slide orthogonal: capture, capturing king\n"));
    // Xiangqi's chasing rule is written (issue 25's sixth round).
    assert!(rules(&result, "a")
        .contains(", perpetual chase loses except soldier outside soldier-promoted\n"));
    // Janggi is written with its material counting.
    assert!(rules(&result, "b").contains("\ncount bonus black 1.5\n"));
    // Ataxx's free drops are new pieces, as games/ataxx.game writes them.
    assert!(rules(&result, "d").contains("drop new customPiece1 -> drops: anywhere, next to all\n"));
    // Othello's built-in is written, as games/flipello.game writes it.
    let e = rules(&result, "e");
    for line in [
        "flip enclosed all\n",
        "drop hand -> drop-start: anywhere, until full\n",
        "drop hand -> drops: anywhere, flipping\n",
        "pass when stalemated\n",
        "goal stalemated counts\ngoal full counts\ngoal passed 2 times counts\n",
        "piece immobile P value 1\n",
    ] {
        assert!(e.contains(line), "{line}: {e}");
    }
    // Its free drops are written whatever else a section changes.
    assert!(rules(&result, "g").contains("drop new customPiece1 -> drops"));
}

#[test]
fn an_extinction_claim_on_a_bare_king_is_a_bare_king_that_may_answer() {
    // Shatranj's `extinctionClaim`: the side that has just moved loses with
    // its king alone against a king and a piece, the side to move only
    // against a king and two pieces (against one, it may still take it). Positions
    // and ends from pyffish 0.0.90 (no legal move where the game is over).
    let result = import(
        "s.ini",
        "[s:shatranj]\n[t:shatranj]\nextinctionPieceCount = 2\n",
    );
    let text = rules(&result, "s");
    assert!(text.contains("\ngoal bare loses, may answer\n"), "{text}");
    let game = tessera::compile_str(&text).unwrap_or_else(|e| panic!("{e:?}"));
    // Black, bare, to move against a king and a rook: it plays on.
    assert_eq!(
        common::moves_after(&game, "k7/8/8/8/8/8/8/K6R b - - 0 1", &[]),
        "a8a7 a8b7 a8b8"
    );
    // Against a king and two rooks, it has lost.
    assert_eq!(
        common::moves_after(&game, "k7/8/8/8/8/8/8/KR5R b - - 0 1", &[]),
        ""
    );
    // Bare, White to move may still take Black's last piece.
    assert_eq!(
        common::moves_after(&game, "k7/8/8/8/8/8/8/Kr6 w - - 0 1", &[]),
        "a1a2 a1b1"
    );
    // Black, bare after its move, has lost against a king and a rook.
    assert_eq!(
        common::moves_after(&game, "k7/8/8/8/8/8/8/K6R w - - 0 1", &[]),
        ""
    );
    // Any other claim is refused, naming the option.
    match section(&result, "t") {
        Ok(t) => panic!("written: {t}"),
        Err(why) => assert!(
            why.starts_with("`extinctionClaim` (of the built-in `shatranj`)"),
            "{why}"
        ),
    }
}

#[test]
fn promotion_to_the_king_type_where_a_side_has_one_piece_that_may_become_it() {
    // FSF's `forward`: the general promotes to the king type; each side has
    // one general and no king, so it never has two kings, and the promoted
    // general is a king (`as king`), royal as the general was. Moves and FEN
    // from pyffish 0.0.90 on the same section.
    let result = imported("tests/import/promoted.ini");
    let text = rules(&result, "king-maker");
    assert!(
        text.contains("piece customPiece1 G royal\n  betza \"fFfW\"\n")
            && text.contains("piece customPiece1-promoted +G as king\n"),
        "{text}"
    );
    // The general may not step next to Black's (c5 attacks b4, c4, d4), and
    // promotes on the last rank or stays a general.
    assert_eq!(
        moves_after(&text, "c1d2 a5b5 d2e3 b5a5 e3e4 a5b5"),
        "e1a1 e1b1 e1c1 e1d1 e1e2 e1e3 e4d5 e4d5+ e4e5 e4e5+"
    );
    // Promoted, it steps as a king, back too.
    assert_eq!(
        moves_after(&text, "c1d2 a5b5 d2e3 b5a5 e3e4 a5b5 e4e5+ b5a5"),
        "e1a1 e1b1 e1c1 e1d1 e1e2 e1e3 e1e4 e5d5 e5e4"
    );
    // Two generals a side could make two kings, which FSF does not play as
    // kings: refused, naming the option.
    match section(&result, "two-king-makers") {
        Ok(text) => panic!("written: {text}"),
        Err(why) => assert!(
            why.starts_with(
                "`promotedPieceType`: promotion to the king type where a side may have two"
            ),
            "{why}"
        ),
    }
}

#[test]
fn promotion_limits_are_only_captured_kinds() {
    let result = imported("tests/import/promoted.ini");
    let text = rules(&result, "limited");
    assert!(
        text.contains("  promote last-rank to chancellor archbishop queen rook bishop knight only captured\n  promote promotion to chancellor archbishop queen rook bishop knight optional only captured\n"),
        "{text}"
    );
    // Other limits: a rule per limit, `at most N`.
    let other = rules(&result, "limited-other");
    assert!(
        other.contains("  promote last-rank to queen rook bishop knight at most 2\n  promote last-rank to chancellor archbishop at most 1\n  promote promotion to queen rook bishop knight optional at most 2\n  promote promotion to chancellor archbishop optional at most 1\n"),
        "{other}"
    );
}

#[test]
fn test_runs_the_expectations_of_the_sections_of_a_variants_file() {
    // `NAME.tests` beside the `.ini`: [minichess] has some, [untested] none
    // (it is not run), [refused] none either.
    let (code, out) = common::run_binary(&["test", "tests/import/expect/variants.ini"], "");
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("ok      minichess: perft start 3"), "{out}");
    assert!(!out.contains("untested"), "{out}");
    // A folder with a variants file runs its sections' expectations too.
    let (code, folder) = common::run_binary(&["test", "tests/import/expect"], "");
    assert_eq!(code, 0, "{folder}");
    assert!(
        folder.contains("ok      minichess: perft start 3"),
        "{folder}"
    );
    assert!(!folder.contains("no rule file"), "{folder}");
    // Expectations of a section that does not import fail, saying why.
    let dir = std::env::temp_dir().join(format!("tessera-ini-tests-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::copy("tests/import/expect/variants.ini", dir.join("v.ini")).unwrap();
    std::fs::write(dir.join("refused.tests"), "perft start 1 10\n").unwrap();
    let ini = dir.join("v.ini").to_string_lossy().into_owned();
    let (code, out) = common::run_binary(&["test", &ini], "");
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("FAILED  refused: the section was not imported"),
        "{out}"
    );
    assert!(out.contains("`twoBoards`"), "{out}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn serve_offers_the_sections_of_a_variants_file_and_never_saves_them() {
    use std::sync::Arc;
    use tessera_cli::serve::api::Studio;
    use tessera_cli::serve::jobs::Job;
    use tessera_cli::serve::library::Library;
    let library = Library::scan(&["tests/import/expect/variants.ini".to_string()]).unwrap();
    let names: Vec<&str> = library.entries.iter().map(|e| e.name.as_str()).collect();
    assert_eq!(names, ["minichess", "untested"]);
    assert_eq!(library.opening.as_deref(), Some("minichess"));
    // The refused section is said, as `FILE:LINE: error:`.
    assert!(
        library
            .skipped
            .iter()
            .any(|s| s.contains("error: [refused]")),
        "{:?}",
        library.skipped
    );
    let studio = Studio::new(library, 1);
    let ask = |method: &str, path: &str, body: &str| {
        let job = Job::unbounded(Arc::clone(&studio.slots));
        let reply = studio.respond(method, path, body.as_bytes(), &job);
        (reply.status, reply.body)
    };
    let (status, body) = ask("GET", "/api/games/minichess", "");
    assert_eq!(status, 200, "{body}");
    assert!(body.contains("section [minichess]"), "{body}");
    let (status, body) = ask("POST", "/api/perft", r#"{"game": "minichess", "depth": 2}"#);
    assert_eq!(status, 200, "{body}");
    assert!(body.contains("\"total\":100"), "{body}");
    let (status, body) = ask(
        "POST",
        "/api/save",
        r#"{"game": "minichess", "rules": "game \"x\""}"#,
    );
    assert_eq!(status, 403, "{body}");
    assert!(body.contains("converted in memory"), "{body}");
    // A file past the importer's bound is refused before it is read.
    let dir = std::env::temp_dir().join(format!("tessera-ini-serve-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let big = dir.join("big.ini");
    let f = std::fs::File::create(&big).unwrap();
    f.set_len(tessera_cli::import::MAX_FILE_BYTES as u64 + 1)
        .unwrap();
    let err = Library::scan(&[big.to_string_lossy().into_owned()])
        .err()
        .expect("refused");
    assert!(err.contains("the limit is"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn keys_the_language_says_are_translated() {
    // tests/import/translated.ini: each section is exact against pyffish
    // (tests/fsf/import_check.py); here, the constructs it becomes.
    let result = imported("tests/import/translated.ini");
    let has = |name: &str, lines: &[&str]| {
        let text = rules(&result, name);
        for line in lines {
            assert!(text.contains(line), "{name}: no `{line}` in\n{text}");
        }
    };
    has(
        "nocheck",
        &[
            "  betza \"N\": not checking\n",
            "  step ne nw: capture, takes en passant, not checking\n",
            "castling king rook along e w: king 2, rook beside, not checking\n",
        ],
    );
    has(
        "palace",
        &[
            "zone mobility-customPiece1 white c1..f1 c2..f2 black c7..f7 c8..f8\n",
            "  betza \"K\": to mobility-customPiece1\n",
        ],
    );
    has(
        "twokings",
        &["piece commoner K royal\n", "check when at most 1 royals\n"],
    );
    has(
        "setupphase",
        &[
            "drop hand king -> drops: unmoved in castling-king, anywhere\n",
            "drop hand rook -> drops: unmoved in castling-rooks, anywhere\n",
            "drop hand bishop -> drops: spread over dark light, anywhere\n",
            "forced drop\n",
            "castling king rook along e w: king 2, rook beside\n",
        ],
    );
    has(
        "othello6",
        &[
            "zone drop-start white c3..d3 c4..d4 black c3..d3 c4..d4\n",
            "goal stalemated counts\ngoal full counts\ngoal passed 2 times counts\n",
        ],
    );
    has("counted", &["# `countingRule = makruk`"]);
    // Where pieces other than pawns take en passant, FEN writes a pawn's
    // double step always, with the cell passed alone (pyffish: `e3`, also
    // where no capture could take it).
    has(
        "knightep",
        &["notation en passant always\nnotation en passant always passed pawn\n"],
    );
    let knightep = tessera::compile_str(&rules(&result, "knightep")).unwrap();
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    assert_eq!(
        common::fen_after(&knightep, start, &["e2e4"]),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"
    );
    // Castling on the second rank, from the king's cell there.
    let second = rules(&result, "secondrank");
    let game = tessera::compile_str(&second).unwrap_or_else(|e| panic!("{e:?}"));
    let moves = common::moves_after(&game, "8/r3k2r/8/8/8/8/R3K2R/8 w KQkq - 0 1", &[]);
    // pyffish: 27 moves, castling e2g2 and e2c2.
    assert_eq!(moves.split_whitespace().count(), 27, "{moves}");
    assert!(moves.contains("e2g2") && moves.contains("e2c2"), "{moves}");
    // A section's compulsory drop of one kind: `compulsory` on its rule.
    let r = import(
        "m.ini",
        "[m:crazyhouse]\nmustDrop = true\nmustDropType = q\nstartFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR[Q] w KQkq - 0 1\n",
    );
    assert!(
        rules(&r, "m").contains("drop hand queen -> drops: compulsory"),
        "{}",
        rules(&r, "m")
    );
}

#[test]
fn custom_pieces_move_as_fsf_0_0_90_reads_them() {
    // pyffish 0.0.90 skips XBetza's `a`, rides only W, F, N and K, hops
    // only along lines and gives `nW` no move: the rule file says the same.
    let result = import(
        "r.ini",
        "[r:chess]\ncustomPiece1 = x:mafsWAADD\ncustomPiece2 = y:pWnWnNN\ncustomPiece3 = z:mBcpB \n",
    );
    let text = rules(&result, "r");
    assert!(
        text.contains("piece customPiece1 X\n  betza \"mfsW\"\n"),
        "{text}"
    );
    assert!(
        text.contains("piece customPiece2 Y\n  betza \"pRNN\"\n"),
        "{text}"
    );
    assert!(
        text.contains("piece customPiece3 Z\n  betza \"mBcpB\"\n"),
        "{text}"
    );
    // Nor does it move a lame camel, `G` or `H` (elgam's `nC`): live,
    // pyffish lists no move of `nC`, `nG` or `nH` on an empty board.
    let result = import("n.ini", "[n:chess]\ncustomPiece1 = x:nCnGnHnA\n");
    let text = rules(&result, "n");
    assert!(
        text.contains("piece customPiece1 X\n  betza \"nA\"\n"),
        "{text}"
    );
    // A start FEN with fields after the clocks is read as FSF reads it (the
    // fields left out); a pass with no royal piece where a side may have
    // none on the board is refused.
    let result = import(
        "f.ini",
        "[f:chess]\nstartFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 {0 0}\n\
         [p:chess]\nking = -\ncommoner = k\npass = true\nnMoveRuleTypes = -\n",
    );
    assert!(rules(&result, "f").contains("white pawn a2..h2"));
    for (name, why) in [("p", "no piece on the board")] {
        match section(&result, name) {
            Ok(t) => panic!("{name} written:\n{t}"),
            Err(w) => assert!(w.contains(why), "{name}: {w}"),
        }
    }
}

#[test]
fn the_goals_of_issue_25_are_written() {
    let result = imported("tests/import/goals.ini");
    let has = |name: &str, line: &str| {
        let text = rules(&result, name);
        assert!(text.contains(line), "{name}: no `{line}` in\n{text}");
        // Every section written compiles.
        tessera::compile_str(&text).unwrap_or_else(|e| panic!("{name}: {e:?}"));
    };
    has(
        "perpetual",
        "goal repeated 4 times draws, perpetual check loses",
    );
    has("sente-loses", "goal repeated 3 times white loses");
    has("tictactoe", "goal row of 3 all along e n ne se wins");
    has("musketeers", "goal line of 3 customPiece1 along e n loses");
    has("squares", "goal square of 2 all along e n wins");
    has(
        "halma",
        "goal 3 customPiece1 reach flag wins, or fewer when full",
    );
    has("alapo-ish", "goal commoner holds flag wins");
    has("alapo-ish", "goal commoner reaches flag safely wins");
    has(
        "anti-atomic",
        "goal extinct all wins, if the other side has 1",
    );
}

/// The moves of the start position of `src` after `moves`, sorted.
fn moves_after(src: &str, moves: &str) -> String {
    let game = tessera::compile_str(src).unwrap_or_else(|e| panic!("{e:?}"));
    let mut pos = tessera::Position::start(&game);
    for m in moves.split_whitespace() {
        let mv = tessera::notation::uci::parse(&mut pos, m).unwrap();
        pos.make(mv);
    }
    common::sorted_moves(&mut pos).join(" ")
}

#[test]
fn promotion_keys_of_issue_25_are_written() {
    let result = imported("tests/import/promotion.ini");
    // `immobilityIllegal`: the pawn and the lance may not stay unpromoted on
    // the last rank; the king-moving kinds get no rule.
    let stuck = rules(&result, "stuck-mini");
    assert_eq!(
        stuck.matches("promote stuck to nothing").count(),
        2,
        "{stuck}"
    );
    // White's pawn on d4 (after d1d2 d2d3 d3d4: within the zone) must
    // promote on d5; the lance on e1 may stop on e4, promoted or not, but on
    // e5 only promoted.
    let moves = moves_after(&stuck, "d1d2 c5b4 d2d3 b4c5 d3d4 c5b4");
    let lance: Vec<&str> = moves.split(' ').filter(|m| m.starts_with("e1")).collect();
    assert_eq!(lance, ["e1e2", "e1e3", "e1e4", "e1e4+", "e1e5+"], "{moves}");
    let pawn: Vec<&str> = moves.split(' ').filter(|m| m.starts_with("d4")).collect();
    assert_eq!(pawn, ["d4d5+"], "{moves}");
    // Pawns with nothing to promote to: d3 may not step to d4, yet it
    // attacks c4, where the black king may not go.
    let none = rules(&result, "no-kind");
    assert!(none.contains("  promote promotion to nothing\n"), "{none}");
    assert!(!moves_after(&none, "").contains("d3d4"));
    assert_eq!(
        moves_after(&none, "a1b1")
            .split(' ')
            .filter(|m| m.starts_with("b4"))
            .collect::<Vec<_>>(),
        ["b4a3", "b4a4", "b4c3"]
    );
    // Promotion on captures, and demotion: the wazir turns into a fers by
    // capturing, and back by capturing again; quiet moves leave it as it is.
    let flip = rules(&result, "flip-on-capture");
    assert!(
        flip.contains(
            "piece wazir-promoted +W\n  betza \"F\"\n  promote promotion to wazir, on capture\n"
        ),
        "{flip}"
    );
    let moves = moves_after(&flip, "");
    assert!(
        moves.contains("b2b3+") && !moves.contains("b2b3 ") && moves.contains("b2a2 "),
        "{moves}"
    );
    // The fers's quiet moves do not demote it.
    assert_eq!(
        moves_after(&flip, "b2b3+ a4b4"),
        "b3a2 b3a4 b3c2 b3c4 d1c1 d1c2 d1d2"
    );
}

#[test]
fn a_right_by_file_and_gating_without_rights() {
    let result = imported("tests/import/castling.ini");
    // `HAha` names the rooks on the corners, the outermost of their wings:
    // the rights are `KQkq`, as FSF writes them back.
    let text = rules(&result, "file-right");
    let game = tessera::compile_str(&text).unwrap();
    let start = tessera::Position::start(&game);
    assert_eq!(
        tessera::notation::fen::format(&start).unwrap(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    );
    assert_eq!([1, 2, 3].map(|d| perft(&text, d)), [20, 400, 8902]);
    match section(&result, "inner-file-right") {
        Ok(_) => panic!("inner-file-right written"),
        Err(why) => assert!(why.contains("not the outermost"), "{why}"),
    }
    let none = rules(&result, "gating-none");
    assert_eq!([1, 2].map(|d| perft(&none, d)), [20, 400]);
    match section(&result, "gating-rights") {
        Ok(_) => panic!("gating-rights written"),
        Err(why) => assert!(why.contains("`gating`"), "{why}"),
    }
}

#[test]
fn castling_with_the_rook_fsf_names_and_placement_on_another_rank() {
    // tests/import/castling.ini: shako's rights name the i- and b-file rooks
    // (`castlingRookKingsideFile`); perft counts from pyffish.
    let result = imported("tests/import/castling.ini");
    let shako = rules(&result, "shako-castling");
    assert_eq!([1, 2].map(|d| perft(&shako, d)), [58, 3364]);
    // A rook inside the named one is set up as having moved: FSF never
    // castles with it.
    let inner = rules(&result, "shako-inner-rook");
    assert!(inner.contains("  moved h2 h9\n"), "{inner}");
    assert_eq!([1, 2].map(|d| perft(&inner, d)), [56, 3136]);
    match section(&result, "shako-outer-rook") {
        Ok(_) => panic!("shako-outer-rook written"),
        Err(why) => assert!(why.contains("not the outermost"), "{why}"),
    }
    // A dropped king and rook castle on the castling rank, not the first.
    let placement = rules(&result, "shako-placement");
    assert!(
        placement.contains("zone castling-king white f2 black f9\n"),
        "{placement}"
    );
    assert!(
        placement.contains("zone castling-rooks white a2 j2 black a9 j9\n"),
        "{placement}"
    );
}

#[test]
fn castling_rights_one_step_castling_and_old_betza_letters() {
    // tests/import/castling.ini: each section is exact against pyffish
    // (tests/fsf/import_check.py), perft counts from pyffish.
    let result = imported("tests/import/castling.ini");
    // Rights for some rooks only: the others are set up as having moved.
    let some = rules(&result, "some-rights");
    assert!(some.contains("  moved a1 h8\n"), "{some}");
    let game = tessera::compile_str(&some).unwrap();
    let start = tessera::Position::start(&game);
    assert_eq!(
        tessera::notation::fen::format(&start).unwrap(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Kq - 0 1"
    );
    let mut pos =
        tessera::notation::fen::parse(&game, "r3k2r/8/8/8/8/8/8/R3K2R w Kq - 0 1").unwrap();
    let mut moves = Vec::new();
    tessera::engine::legal::legal_moves(&mut pos, &mut moves);
    let castles: Vec<String> = moves
        .iter()
        .map(|m| tessera::notation::uci::format(&game, m))
        .filter(|m| m == "e1g1" || m == "e1c1")
        .collect();
    assert_eq!(castles, ["e1g1"]);
    assert_eq!([1, 2, 3].map(|d| perft(&some, d)), [20, 400, 8902]);
    // One-step castling, written as the king taking its rook.
    let one = rules(&result, "one-step");
    assert!(one.contains("notation castling king takes rook\n"), "{one}");
    assert!(
        one.contains("castling king rook along e: king 1, rook beside\n"),
        "{one}"
    );
    assert_eq!([1, 2, 3].map(|d| perft(&one, d)), [8, 64, 672]);
    let game = tessera::compile_str(&one).unwrap();
    let mut pos =
        tessera::notation::fen::parse(&game, "rbnkbr/pppppp/6/6/PPPPPP/R2K1R w KQkq - 0 1")
            .unwrap();
    let mut moves = Vec::new();
    tessera::engine::legal::legal_moves(&mut pos, &mut moves);
    let mut king: Vec<String> = moves
        .iter()
        .map(|m| tessera::notation::uci::format(&game, m))
        .filter(|m| m.starts_with("d1"))
        .collect();
    king.sort();
    assert_eq!(king, ["d1b1", "d1c1", "d1e1", "d1f1"]);
    // `L` and `J`, FSF's older letters for the camel and the zebra.
    let old = rules(&result, "old-letters");
    assert!(
        old.contains("betza \"C\"") && old.contains("betza \"NZ\""),
        "{old}"
    );
    assert_eq!([1, 2, 3].map(|d| perft(&old, d)), [25, 500, 13324]);
    // `oppositeCastling`: `, opposite` (plain chess gives 625 and 15206).
    let opposite = rules(&result, "opposite");
    assert!(
        opposite.contains("castling king rook along e w: king 2, rook beside, opposite\n"),
        "{opposite}"
    );
    assert_eq!([1, 2, 3].map(|d| perft(&opposite, d)), [25, 623, 15121]);
    // `h` on a lame knight: one move per pair of jumps (`ff`, `fs`).
    let lame = rules(&result, "lame-half");
    assert!(lame.contains("betza \"ffmnNfsmnN\""), "{lame}");
    assert_eq!([1, 2, 3].map(|d| perft(&lame, d)), [23, 458, 10917]);
}

#[test]
fn drops_of_issue_25_are_written() {
    let result = imported("tests/import/drops.ini");
    let has = |name: &str, line: &str| {
        let text = rules(&result, name);
        assert!(text.contains(line), "{name}: no `{line}` in\n{text}");
        text
    };
    // Connect Four: onto the first rank or a piece; 3 files, then 3 + 2 + ...
    let c = has("connect3", "drop hand -> drops: anywhere, on top along s");
    assert_eq!(perft(&c, 1), 3);
    assert_eq!(perft(&c, 2), 9);
    // Free drops: a new piece each time, none kept in a hand.
    let a = has(
        "apart",
        "drop new immobile -> drops: anywhere, not next to enemy orthogonal",
    );
    assert!(!a.contains("pool hand"));
    assert_eq!(perft(&a, 1), 9);
    // A corner leaves Black 6 cells, an edge 5, the centre the 4 corners.
    assert_eq!(perft(&a, 2), 4 * 6 + 4 * 5 + 4);
    // No piece and no turn: no `setup` at all, and no move.
    let e = rules(&result, "empty");
    assert!(!e.contains("setup"), "{e}");
    assert_eq!(perft(&e, 1), 0);
    // `w - 0 1`: FSF reads the halfmove clock from the move number.
    has("late", "  clock 1\n");
    // Regions to connect: a chain from the first to the second.
    let l = has(
        "links",
        "goal chain of all from connect-from to connect-to along e n wins",
    );
    assert!(l.contains("zone connect-from white a1 a2 a3 black a1..c1\n"));
    // Three stones across the board end the game on the fifth ply at the
    // earliest: no game of four plies is over before it.
    assert_eq!(perft(&l, 4), 9 * 8 * 7 * 6);
    // Quadwrangle's flips: a drop only beside a piece of the mover.
    has("quad", "flip around all: drops next to own\n");
    // A giveaway pawn's pass restarts the clock, as Tessera's pass does.
    has("passer", "pass when stalemated\n");
}

/// The state of play after `moves` from the start of `src`, with the record.
fn status_after(src: &str, moves: &str) -> tessera::Status {
    let game = tessera::compile_str(src).unwrap_or_else(|e| panic!("{e:?}"));
    let mut pos = tessera::Position::start(&game);
    let mut record = tessera::Record::new(&pos);
    for m in moves.split_whitespace() {
        let mv = tessera::notation::uci::parse(&mut pos, m).unwrap();
        pos.make(mv);
        record.push(&pos);
    }
    tessera::status_in_game(&mut pos, &record)
}

#[test]
fn move_repetition_becomes_a_goal_on_moving_back_and_forth() {
    let result = imported("tests/import/shuttle.ini");
    let shuttle = rules(&result, "shuttle");
    assert!(shuttle.contains("goal repeated 4 times draws\ngoal back and forth wins\n"));
    // Kings and knights, kept on their side, cannot shuttle.
    let regions = rules(&result, "shuttle-regions");
    assert!(regions.contains("goal back and forth by pawn bishop rook queen wins\n"));
    // Without an n-fold rule, no move repetition either.
    assert!(!rules(&result, "shuttle-off").contains("back and forth"));
    // White's knight goes g1-f3 and back twice, then to f3 again: as
    // pyffish's is_optional_game_end says, the side to move, Black, wins.
    let knight = "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8";
    assert_eq!(status_after(&shuttle, knight), tessera::Status::Ongoing);
    match status_after(&shuttle, &format!("{knight} g1f3")) {
        tessera::Status::Over {
            winner: Some(tessera::game::Side::Black),
            ..
        } => {}
        other => panic!("{other:?}"),
    }
}

#[test]
fn the_bikjang_rule_becomes_a_goal_on_facing_kings() {
    let result = imported("tests/import/bikjang.ini");
    let sparse = rules(&result, "bikjang-sparse");
    assert!(sparse.contains("goal king faces king along orthogonal draws\n"));
    let counted = rules(&result, "bikjang-counted");
    assert!(counted.contains("goal king faces king along orthogonal counts\n"));
    // The kings face on the e-file: White must part them or pass (as
    // pyffish lists), and a pass ends the game, drawn.
    assert_eq!(moves_after(&sparse, ""), "e1d1 e1d2 e1e1 e1f1 e1f2");
    match status_after(&sparse, "e1e1") {
        tessera::Status::Over { winner: None, .. } => {}
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_promoted_type_of_its_own_is_declared_as_it() {
    let result = imported("tests/import/promoted.ini");
    // The rook, the flag piece, is also a promoted lance; the commoner also
    // a promoted pawn: each promoted kind is `as` its type.
    let text = rules(&result, "promoted-as");
    assert!(
        text.contains("\npiece lance-promoted +L as rook\n"),
        "{text}"
    );
    assert!(
        text.contains("\npiece pawn-promoted +P as commoner\n"),
        "{text}"
    );
    assert!(text.contains("goal rook reaches flag wins"), "{text}");
    let game = tessera::compile_str(&text).unwrap_or_else(|e| panic!("{e:?}"));
    // The lance promotes on a5 (capturing the rook) and there is a rook
    // on the flag rank: White wins at once.
    let pos = common::position_after(&game, "", "a1a5+");
    assert_eq!(
        tessera::notation::fen::format(&pos).unwrap(),
        "+L1k2/5/5/1P3/2KCR b - - 0 1"
    );
    let mut pos = pos;
    assert!(matches!(
        tessera::engine::outcome::status(&mut pos),
        tessera::engine::outcome::Status::Over {
            winner: Some(tessera::Side::White),
            ..
        }
    ));
}

#[test]
fn promotion_limits_drops_of_promoted_pieces_and_promoted_pieces_at_the_start() {
    let result = imported("tests/import/promoted.ini");
    // `promotionLimit` of a promoted type: `at most N` on the promotion.
    let limit = rules(&result, "promoted-limit");
    assert!(
        limit.contains("  promote promotion to shogiPawn-promoted optional at most 1\n"),
        "{limit}"
    );
    assert!(!limit.contains("rook-promoted optional at most"), "{limit}");
    // `dropPromoted`: `also promoted` on every drop rule.
    let drop = rules(&result, "promoted-drop");
    assert!(
        drop.contains("drop hand -> drops: also promoted\n"),
        "{drop}"
    );
    let game = tessera::compile_str(&drop).unwrap_or_else(|e| panic!("{e:?}"));
    let moves = common::moves_after(&game, "", &[]);
    assert!(moves.contains("B@c3") && moves.contains("+B@c3"), "{moves}");
    // `+N` in the start FEN: the knight's promoted kind stands there.
    let start = rules(&result, "promoted-start");
    assert!(start.contains("king a1, knight-promoted c1\n"), "{start}");
    let game = tessera::compile_str(&start).unwrap_or_else(|e| panic!("{e:?}"));
    let pos = tessera::Position::start(&game);
    assert!(
        tessera::notation::fen::format(&pos)
            .unwrap()
            .starts_with("rb+npk/4p/5/P4/KP+NBR"),
        "{}",
        tessera::notation::fen::format(&pos).unwrap()
    );
}

#[test]
fn en_passant_captures_into_a_shogi_style_zone_do_not_promote() {
    let result = imported("tests/import/promoted.ini");
    let text = rules(&result, "promoted-ep");
    assert!(
        text.contains("  promote promotion to pawn-promoted optional, not en passant\n"),
        "{text}"
    );
    let game = tessera::compile_str(&text).unwrap_or_else(|e| panic!("{e:?}"));
    let moves = common::moves_after(&game, "4k3/8/8/8/1p6/8/P7/4K3 w - - 0 1", &["a2a4"]);
    assert!(
        moves.contains("b4a3 ") && !moves.contains("b4a3+"),
        "{moves}"
    );
    assert!(moves.contains("b4b3 b4b3+"), "{moves}");
}

#[test]
fn a_promoted_type_that_promotes_again_is_a_chain() {
    let result = imported("tests/import/promoted.ini");
    let text = rules(&result, "promoted-chain");
    assert!(
        text.contains("\npiece knight-promoted +N as bishop\n"),
        "{text}"
    );
    assert!(
        text.contains("\npiece bishop-promoted +B as rook\n"),
        "{text}"
    );
    let game = tessera::compile_str(&text).unwrap_or_else(|e| panic!("{e:?}"));
    // The knight promotes to a bishop on b5, which promotes to a rook on a4,
    // written `+B` as FSF writes it (promoted from a bishop).
    let fen = "rb2k/5/2N2/5/RK1B1 w - - 0 1";
    let moves = common::moves_after(&game, fen, &["c3b5+", "e5e4"]);
    assert!(moves.contains("b5a4 b5a4+"), "{moves}");
    assert_eq!(
        common::fen_after(&game, fen, &["c3b5+", "e5e4", "b5a4+"]),
        "r4/+B3k/5/5/RK1B1 b - - 0 2"
    );
}

#[test]
fn hoppers_with_a_range_land_as_fairy_stockfish_masks_them() {
    let result = imported("tests/import/pieces.ini");
    let near = rules(&result, "nearcannon");
    assert!(near.contains("  hop orthogonal: within 2\n"), "{near}");
    let jumpers = rules(&result, "jumpers");
    assert!(
        jumpers.contains("  hop orthogonal: quiet, within 2\n"),
        "{jumpers}"
    );
    let queen = rules(&result, "queenjumpers");
    assert!(queen.contains("betza \"mQmpRmpB\""), "{queen}");
    let grass = rules(&result, "grasshoppers");
    assert!(grass.contains("gR"), "{grass}");
    // Initial moves from the double-step region, quiet only; none without one.
    let initial = rules(&result, "initial-moves");
    assert!(
        initial.contains(
            "  betza \"fF2\": quiet, from double-step\n  betza \"sR2\": quiet, from double-step\n"
        ),
        "{initial}"
    );
    let forward = rules(&result, "forwardcannon");
    assert!(
        forward.contains("  hop n: capture, within 2\n  hop ne nw se sw: within 3\n"),
        "{forward}"
    );
    // Perft counts from pyffish 0.0.90 with the same file.
    for (name, counts) in [
        ("nearcannon", [29, 797, 24130]),
        ("jumpers", [36, 1332, 52552]),
        ("queenjumpers", [84, 7236, 679352]),
        ("grasshoppers", [18, 324, 6795]),
        ("forwardcannon", [31, 877, 26336]),
        ("initial-moves", [33, 988, 33695]),
        ("no-initial-moves", [25, 576, 15489]),
    ] {
        let text = rules(&result, name);
        for (depth, &count) in counts.iter().enumerate() {
            assert_eq!(
                perft(&text, depth as u16 + 1),
                count,
                "{name} depth {}",
                depth + 1
            );
        }
    }
}

#[test]
fn a_flag_piece_the_variant_no_longer_has_gives_no_flag_goal() {
    let result = imported("tests/import/pieces.ini");
    assert!(rules(&result, "pawnrace").contains("reaches flag wins"));
    let lost = rules(&result, "lostflag");
    assert!(
        !lost.contains("reaches flag") && !lost.contains("zone flag"),
        "{lost}"
    );
}

#[test]
fn fields_after_the_clocks_are_left_out_as_fairy_stockfish_does() {
    let result = imported("tests/import/pieces.ini");
    let points = rules(&result, "points");
    assert_eq!(perft(&points, 2), 400);
}

#[test]
fn diagonal_lines_add_moves_along_the_lines() {
    let result = imported("tests/import/diagonal-lines.ini");
    // Moves as pyffish lists them: the rook on c3 slides along the lines
    // to b2 and a1, and on to f6, g7 and h8 past cells not on them.
    let rook = rules(&result, "diagonal-lines-rook");
    assert_eq!(
        moves_after(&rook, ""),
        "c3a1 c3a3 c3b2 c3b3 c3c1 c3c2 c3c4 c3c5 c3c6 c3c7 c3c8 c3d3 c3e3 c3f3 c3f6 \
         c3g3 c3g7 c3h3 c3h8 e1d1 e1d2 e1e2 e1f1 e1f2"
    );
    // The wazir's region bounds its moves along the lines: one zone of both.
    let text = rules(&result, "diagonal-lines");
    assert!(
        text.contains("  step diagonal: from diagonal-lines, to diagonal-lines-wazir\n"),
        "{text}"
    );
    // A custom piece that moves as a wazir gets no diagonal steps.
    assert!(
        text.contains("piece customPiece1 A\n  betza \"W\"\n\n"),
        "{text}"
    );
    // The janggi general steps along the palace lines (e2d3, e2f3); a king
    // of its own Betza does not.
    let janggi = rules(&result, "janggi-lines");
    let moves = moves_after(&janggi, "");
    assert!(
        moves.contains("e2d3 ") && moves.contains("e2f3 "),
        "{moves}"
    );
    let custom = rules(&result, "janggi-custom-king");
    let moves = moves_after(&custom, "");
    assert!(
        !moves.contains("e2d3") && !moves.contains("e2f3"),
        "{moves}"
    );
    // A region the lines leave, where Fairy-Stockfish's checks go on: refused.
    match section(&result, "diagonal-lines-leak") {
        Err(why) => assert!(why.contains("diagonalLines"), "{why}"),
        Ok(_) => panic!("diagonal-lines-leak written"),
    }
}

#[test]
fn duple_check_is_check_when_all_royals_attacked() {
    let result = imported("tests/import/duple.ini");
    let two = rules(&result, "duple");
    assert!(two.contains("\ncheck when all royals attacked\n"), "{two}");
    // Moves as pyffish lists them. With two commoners, one attacked (e1,
    // by the bishop on b4) is no check.
    assert_eq!(
        moves_after(&two, "d2d3 e7e6 h2h3 f8b4"),
        "a2a3 a2a4 b1a3 b1c3 b1d2 b2b3 c1d2 c1e3 c1f4 c1g5 c1h6 c2c3 c2c4 d1d2 d3d4 \
         e1d2 e2e3 e2e4 f2f3 f2f4 g1f3 g2g3 g2g4 h1h2 h3h4"
    );
    // With one, it is.
    let one = rules(&result, "duple-one");
    assert_eq!(
        moves_after(&one, "d2d3 e7e6 h2h3 f8b4"),
        "b1c3 b1d2 c1d2 c2c3 d1d2"
    );
    match section(&result, "duple-drops") {
        Err(why) => assert!(why.contains("dupleCheck"), "{why}"),
        Ok(_) => panic!("duple-drops written"),
    }
    // With drops where no commoner is ever dropped (xiangfu's): written,
    // and a dropped knight parts one of the two lines, as pyffish lists.
    let drops = rules(&result, "duple-drops-promoted");
    assert!(
        drops.contains("\ncheck when all royals attacked\n"),
        "{drops}"
    );
    assert!(
        drops.contains("\npiece customPiece1-promoted +G as commoner\n"),
        "{drops}"
    );
    assert_eq!(
        moves_after(&drops, ""),
        "N@c2 N@e2 N@e3 N@e4 d1c1 d1d2 d1e2 e1d2 e1f1 e1f2"
    );
}

#[test]
fn janggi_material_counting_weighs_janggi_types_with_a_bonus_to_black() {
    let result = imported("tests/import/counting.ini");
    let janggi = rules(&result, "janggi-counted");
    for line in [
        "piece rook R value 13\n",
        "piece janggiCannon C value 7\n",
        "piece horse N value 5\n",
        "piece janggiElephant B value 3\n",
        "piece wazir A value 3\n",
        "piece soldier P value 2\n",
        "\ncount bonus black 1.5\n",
        "\ngoal passed 2 times counts\n",
        "\ngoal clock 100 counts\n",
    ] {
        assert!(janggi.contains(line), "{line}: {janggi}");
    }
    // Outcomes as pyffish gives them after two passes: 13 against 12 is
    // Black's, by its 1.5.
    let black = |status| match status {
        tessera::Status::Over {
            winner: Some(tessera::Side::Black),
            ..
        } => true,
        tessera::Status::Over {
            winner: Some(tessera::Side::White),
            ..
        } => false,
        other => panic!("{other:?}"),
    };
    assert!(black(status_after(&janggi, "f1f1 d10d10")));
    // A queen is no janggi type: it counts nothing against a rook.
    let chess = rules(&result, "chess-counted");
    assert!(chess.contains("\npiece queen Q\n"), "{chess}");
    assert!(chess.contains("\ngoal stalemated counts\n"), "{chess}");
    assert!(black(status_after(&chess, "e1e1 d8d8")));
    let rook = rules(&result, "chess-counted-rook");
    assert!(!black(status_after(&rook, "e1e1 d8d8")));
    match section(&result, "counted-stalemate") {
        Err(why) => assert!(why.contains("materialCounting"), "{why}"),
        Ok(_) => panic!("counted-stalemate written"),
    }
}

#[test]
fn a_kind_confined_to_a_region_is_dropped_only_there() {
    // Fairy-Stockfish drops a piece only inside its mobility region.
    let result = imported("tests/import/regions.ini");
    let confined = rules(&result, "confined");
    assert!(
        confined.contains("zone drops-knight white a1..e3 black a3..e5\n"),
        "{confined}"
    );
    assert!(confined.contains("drop hand knight -> drops-knight"));
    // 7 moves on the board, the knight's 5 drops on rank 3 (pyffish: 12).
    assert_eq!(perft(&confined, 1), 12);
}

#[test]
fn the_move_number_and_clocks_of_a_start_fen() {
    let result = imported("tests/import/regions.ini");
    // A later move number is `move N`.
    let late = rules(&result, "late");
    assert!(
        late.contains("  turn black\n  move 5\n  clock 3\n"),
        "{late}"
    );
    // Without check counting, FSF reads `7+7 0 1` as halfmove 7, move 7.
    let clocks = rules(&result, "clocks");
    assert!(clocks.contains("  move 7\n  clock 7\n"), "{clocks}");
    assert!(!clocks.contains("goal checked"), "{clocks}");
}

#[test]
fn chess960_castles_onto_fixed_cells_written_as_king_takes_rook() {
    let result = imported("tests/import/builtins.ini");
    let text = rules(&result, "x-fischerandom");
    assert!(
        text.contains("castling king rook along e: king to castle-king-e, rook to castle-rook-e\n"),
        "{text}"
    );
    // As pyffish 0.0.90 gives them: the king takes its rook, lands on g1 or
    // c1, and the rights are the rooks' files.
    let game = tessera::compile_str(&text).unwrap_or_else(|e| panic!("{e:?}"));
    let fen = "r2k3r/pppppppp/8/8/8/8/PPPPPPPP/R2K3R w KQkq - 0 1";
    for (m, after) in [
        ("d1h1", "r2k3r/pppppppp/8/8/8/8/PPPPPPPP/R4RK1 b ha - 1 1"),
        ("d1a1", "r2k3r/pppppppp/8/8/8/8/PPPPPPPP/2KR3R b ha - 1 1"),
        ("d1c1", "r2k3r/pppppppp/8/8/8/8/PPPPPPPP/R1K4R b ha - 1 1"),
    ] {
        let mut pos = tessera::notation::fen::parse(&game, fen).unwrap();
        assert_eq!(
            tessera::notation::fen::format(&pos).unwrap(),
            "r2k3r/pppppppp/8/8/8/8/PPPPPPPP/R2K3R w HAha - 0 1"
        );
        let mv = tessera::notation::uci::parse(&mut pos, m).unwrap();
        pos.make(mv);
        assert_eq!(tessera::notation::fen::format(&pos).unwrap(), after, "{m}");
    }
}

#[test]
fn the_built_ins_of_issue_25_fifth_round_are_known() {
    // tests/import/builtins.ini checks each against pyffish live; here, each
    // is known: written, or refused for its own rule, never as unknown.
    let result = imported("tests/import/builtins.ini");
    for name in [
        "x-armageddon",
        "x-paradigm",
        "x-kyotoshogi",
        "x-janggitraditional",
        "x-janggicasual",
        "x-fischerandom",
        // Janggi's material counting: values and Black's bonus.
        "x-janggimodern",
    ] {
        rules(&result, name);
    }
    for (name, option) in [
        // Spartan's `dragon` is a key of later FSF versions (0.0.90 skips its
        // `g`); its duple check covers a kind promotion makes.
        ("x-spartan", "`dupleCheck` (of the built-in"),
    ] {
        match section(&result, name) {
            Ok(_) => panic!("{name} written"),
            Err(why) => assert!(
                why.contains(option) && !why.contains("does not know"),
                "{name}: {why}"
            ),
        }
    }
    // Paradigm's bishop is a custom piece, kyoto shogi's pieces turn over.
    assert!(rules(&result, "x-paradigm").contains("betza \"BnN\""));
    assert_eq!(perft(&rules(&result, "x-kyotoshogi"), 1), 12);
}

#[test]
fn pseudo_royal_commoners_with_drops() {
    let result = imported("tests/import/pseudoroyal.ini");
    let atomic = rules(&result, "atomicdrops");
    // FSF's `dropChecks = false` looks at its king only: a knight dropped on
    // f6 attacks the commoner, which then must answer as a royal piece.
    assert!(!atomic.contains("not checking"), "{atomic}");
    assert!(moves_after(&atomic, "e2e4 e7e5").contains("N@f6"));
    assert_eq!(
        moves_after(&atomic, "e2e4 e7e5 N@f6"),
        "d8f6 e8e7 g7f6 g8f6"
    );
    // With captures to hand, every piece blown up goes to the hand of its
    // owner's opponent: after White's knight takes on d5, Black holds it
    // (pyffish 0.0.90: `[Pn]`, 65 moves, the knight's drops among them).
    let house = rules(&result, "atomichouse");
    assert!(
        house.contains("captures explode all except pawn: captured"),
        "{house}"
    );
    let moves = moves_after(&house, "b1c3 d7d5 c3d5");
    assert_eq!(moves.split_whitespace().count(), 65, "{moves}");
    assert!(moves.contains("N@b1") && !moves.contains("P@"), "{moves}");
}

#[test]
fn janggi_rule_sets_and_fen_synonyms_are_read_as_fairy_stockfish_reads_them() {
    // The janggi elephant (`nZ`): an orthogonal step, then two diagonal
    // ones, each cell on the way empty; FSF's horse also reads `h` in FEN,
    // its elephants `e`.
    let r = import(
        "j.ini",
        "[j:janggitraditional]\nstartFen = reha1aehr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/REHA1AEHR w - - 0 1\n",
    );
    let text = rules(&r, "j");
    // pyffish 0.0.90: the 32 moves of that start (the elephant b1 to d4,
    // the horse c1 to d3; a pass by the king, e2e2).
    let moves = moves_after(&text, "");
    assert_eq!(moves.split_whitespace().count(), 32, "{moves}");
    assert!(moves.contains("b1d4") && moves.contains("c1d3"), "{moves}");
}

#[test]
fn the_chasing_rule_becomes_a_perpetual_chase() {
    let result = imported("tests/import/chase.ini");
    let xq = rules(&result, "xq");
    for line in [
        "goal repeated 3 times draws, perpetual check loses, perpetual chase loses except soldier outside soldier-promoted\n",
        "goal clock 100 draws, longer after 10 checks\n",
        "zone soldier-promoted white a6..i10 black a1..i5\n",
        "piece soldier P value 1\n  betza \"fW\"\n  step e w: from soldier-promoted\n",
        "piece rook R value 9\n",
        "piece horse N value 4\n",
    ] {
        assert!(xq.contains(line), "{line}: {xq}");
    }
    // Its soldiers promote on the fourth of five ranks.
    assert!(
        rules(&result, "xq-small").contains("zone soldier-promoted white a4..i5 black a1..i2\n")
    );
    // Without the rule: no chase, no values, the soldier all the same.
    let plain = rules(&result, "xq-plain");
    assert!(plain
        .contains("goal repeated 3 times draws, perpetual check loses\ngoal clock 100 draws\n"));
    assert!(
        plain.contains("piece soldier P\n") && plain.contains("step e w: from soldier-promoted")
    );
    for (name, why) in [("xq-drops", "with drops"), ("xq-banner", "`banner`")] {
        match section(&result, name) {
            Ok(_) => panic!("{name} written"),
            Err(e) => assert!(e.contains("chasingRule") && e.contains(why), "{name}: {e}"),
        }
    }
    // The chariot follows the horse, h1-g1 and back, twice: as pyffish's
    // is_optional_game_end says, the side to move, Black, wins.
    let chase = rules(&result, "xq-chase");
    let cycle = "h8g6 h1g1 g6h8 g1h1 h8g6 h1g1 g6h8";
    assert_eq!(status_after(&chase, cycle), tessera::Status::Ongoing);
    match status_after(&chase, &format!("{cycle} g1h1")) {
        tessera::Status::Over {
            winner: Some(tessera::game::Side::Black),
            ..
        } => {}
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_duck_shields_pseudo_royal_pieces_but_not_the_king() {
    // pyffish 0.0.90: with the bishop on b5 checking along b5-e8, Black's d
    // pawn may leave d7 when the duck goes between (onto c6 or d7) in atomic
    // duck chess, whose commoners FSF tests with the duck moved; beside its
    // king, FSF tests the move alone.
    let result = imported("tests/import/walls.ini");
    let line = "g1f3,f3b3 a7a5,a5c5 e2e3,e3g3 g8h6,h6e6 f1b5,b5f1";
    let atomic = rules(&result, "atomicduck");
    assert!(
        atomic.contains("place duck after every move: shields"),
        "{atomic}"
    );
    let moves = moves_after(&atomic, line);
    assert_eq!(moves.split_whitespace().count(), 562);
    let pawn: Vec<&str> = moves
        .split_whitespace()
        .filter(|m| m.starts_with("d7"))
        .collect();
    assert_eq!(pawn, ["d7d5,d5c6", "d7d5,d5d7", "d7d6,d6c6", "d7d6,d6d7"]);
    let chess = rules(&result, "duckking");
    assert!(chess.contains("place duck after every move\n"), "{chess}");
    let moves = moves_after(&chess, line);
    assert_eq!(moves.split_whitespace().count(), 558);
    assert!(!moves.contains("d7d"), "{moves}");
}

#[test]
fn petrified_capturers_beside_explosions() {
    // pyffish 0.0.90: the bishop may not take on e5, where it would stand as
    // a wall, since FSF tests the move with e5 empty: the rook on e8 would
    // check the commoner on e1. 14 moves.
    let result = imported("tests/import/walls.ini");
    let nuclear = rules(&result, "nuclear");
    assert!(nuclear.contains("  on capture become wall\n"), "{nuclear}");
    assert!(nuclear.contains("piece wall * neutral"), "{nuclear}");
    let game = tessera::compile_str(&nuclear).unwrap_or_else(|e| panic!("{e:?}"));
    let moves = common::moves_after(&game, "4r2k/8/8/4n3/3B4/8/8/4K3 w - - 0 1", &[]);
    assert_eq!(moves.split_whitespace().count(), 14, "{moves}");
    assert!(!moves.contains("d4e5"), "{moves}");
    // Once made elsewhere, the capture leaves a wall: the bishop on c3 takes
    // the knight on e5 with no rook behind, and e5 holds a wall.
    let fen = common::fen_after(&game, "7k/8/8/4n3/3B4/8/8/4K3 w - - 0 1", &["d4e5"]);
    assert!(fen.starts_with("7k/8/8/4*3/8/8/8/4K3 b"), "{fen}");
}

#[test]
fn castling_goals_are_written_per_side_and_wing() {
    // tests/import/castling-wins.ini: each section exact against pyffish
    // (tests/fsf/import_check.py, seeds 1 and 2), perft counts from pyffish.
    let result = imported("tests/import/castling-wins.ini");
    let all = rules(&result, "castle-all");
    for line in [
        "goal white castles along e w wins\n",
        "goal white cannot castle along e w loses\n",
        "goal black castles along e w wins\n",
        "goal black cannot castle along e w loses\n",
    ] {
        assert!(all.contains(line), "{all}");
    }
    assert_eq!([1, 2, 3].map(|d| perft(&all, d)), [25, 525, 10800]);
    // White castles on the king side and wins: the game is over.
    assert_eq!(moves_after(&all, "e1g1"), "");
    let wings = rules(&result, "castle-wings");
    assert!(
        wings.contains("goal white castles along e wins\n"),
        "{wings}"
    );
    assert!(
        wings.contains("goal black cannot castle along w loses\n"),
        "{wings}"
    );
    assert_eq!([1, 2, 3].map(|d| perft(&wings, d)), [32, 828, 20405]);
    // Black's board turns by half a turn: its queen side is its `e`.
    let turned = rules(&result, "castle-turned");
    assert!(turned.contains("mirror file rank\n"), "{turned}");
    assert!(
        turned.contains("goal black castles along e wins\n"),
        "{turned}"
    );
    assert!(
        turned.contains("goal white castles along w wins\n"),
        "{turned}"
    );
    assert_eq!([1, 2, 3].map(|d| perft(&turned, d)), [25, 450, 8015]);
    match section(&result, "castle-none") {
        Ok(_) => panic!("castle-none written"),
        Err(why) => assert!(why.starts_with("`castlingWins`"), "{why}"),
    }
}

#[test]
fn pseudo_royal_kinds_no_drop_can_bring_are_written() {
    // tests/import/pseudoroyal.ini: exact against pyffish (seeds 1 and 2),
    // perft counts from pyffish.
    let result = imported("tests/import/pseudoroyal.ini");
    // The king turns over into another extinction kind and back: both are
    // royal throughout, no count needed.
    let turning = rules(&result, "turning-king");
    assert!(
        turning.contains("piece customPiece1-promoted +K as customPiece2\n"),
        "{turning}"
    );
    assert!(
        turning.contains("piece customPiece2 Q royal\n"),
        "{turning}"
    );
    assert!(!turning.contains("check when at most"), "{turning}");
    assert_eq!([1, 2, 3].map(|d| perft(&turning, d)), [8, 80, 750]);
    // White's one rebel and Black's four pawns, counted together per side.
    let rebels = rules(&result, "rebels");
    assert!(rebels.contains("check when at most 1 royals\n"), "{rebels}");
    assert_eq!([1, 2, 3].map(|d| perft(&rebels, d)), [30, 474, 12973]);
    match section(&result, "rebels-house") {
        Ok(_) => panic!("rebels-house written"),
        Err(why) => assert!(why.contains("with drops"), "{why}"),
    }
}

#[test]
fn a_kind_with_both_pawn_and_shogi_style_promotion_offers_both() {
    // tests/import/promotion-both.ini: exact against pyffish (seeds 1 and
    // 2); the moves and perft counts are pyffish's.
    let result = imported("tests/import/promotion-both.ini");
    let chess = rules(&result, "both-chess");
    assert!(
        chess.contains("piece pawn-promoted +P as queen\n"),
        "{chess}"
    );
    assert_eq!(
        moves_after(&chess, ""),
        "a7a8+ a7a8q b7b8+ b7b8q e1d1 e1d2 e1e2 e1f1 e1f2"
    );
    assert_eq!([1, 2, 3].map(|d| perft(&chess, d)), [9, 57, 660]);
    let optional = rules(&result, "both-optional");
    assert_eq!(
        moves_after(&optional, ""),
        "a7a8 a7a8+ a7a8q b7b8 b7b8+ b7b8q e1d1 e1d2 e1e2 e1f1 e1f2"
    );
    let mandatory = rules(&result, "both-mandatory");
    assert_eq!([1, 2, 3].map(|d| perft(&mandatory, d)), [9, 57, 660]);
    match section(&result, "both-mixed") {
        Ok(_) => panic!("both-mixed written"),
        Err(why) => assert!(why.contains("only the shogi-style one compulsory"), "{why}"),
    }
}

#[test]
fn a_start_fen_letter_that_names_no_piece_is_skipped_as_fsf_reads_it() {
    // `king = -` and `knight = -`: Fairy-Stockfish 0.0.90 skips the letters of
    // the removed kinds, on the board and in the hand, so the pieces after
    // them stand one cell to the left and the ranks end in empty cells.
    // Perft from pyffish 0.0.90 loading the same sections.
    let result = import(
        "skip.ini",
        "[kingless:chess]\nking = -\ncastling = false\n\n\
         [knightless:crazyhouse]\nknight = -\ncastling = false\n\
         startFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[NNQnx] w - - 0 1\n",
    );
    let kingless = rules(&result, "kingless");
    assert!(
        kingless
            .contains("  white pawn a2..h2, knight b1 f1, bishop c1 e1, rook a1 g1, queen d1\n"),
        "{kingless}"
    );
    assert_eq!((perft(&kingless, 1), perft(&kingless, 2)), (21, 441));
    let knightless = rules(&result, "knightless");
    assert!(
        knightless.contains(
            "  white pawn a2..h2, bishop b1 e1, rook a1 f1, queen c1, king d1, 1 queen @hand\n"
        ),
        "{knightless}"
    );
    assert_eq!((perft(&knightless, 1), perft(&knightless, 2)), (54, 951));
}

#[test]
fn a_start_position_that_could_not_arise_in_play_is_refused() {
    // Three pieces giving check at once: no move of chess makes more than
    // two. Tessera would refuse the position in a FEN, so no file is written
    // that starts from it.
    let result = import(
        "start.ini",
        "[triple:chess]\nstartFen = 4k3/8/3N4/1B6/8/8/8/4R1K1 b - - 0 1\n",
    );
    assert_eq!(
        section(&result, "triple").as_ref().unwrap_err(),
        "the start position could not arise in play: black is in check from 3 pieces \
         (the rook on e1, the bishop on b5 and the knight on d6); one move of this game \
         makes at most 2 give check"
    );
}

#[test]
fn mutually_immune_kinds_do_not_capture_each_other() {
    // `atomar`'s commoners may not take each other (`mutuallyImmuneTypes`):
    // the white commoner on e4 has 7 moves, not e4e5 (pyffish 0.0.90: 7).
    let result = import(
        "immune.ini",
        "[x-atomar:atomar]\n\n[adjacent:atomar]\nstartFen = 8/8/8/4k3/4K3/8/8/8 w - - 0 1\n",
    );
    let atomar = rules(&result, "x-atomar");
    assert!(
        atomar.contains("piece commoner K\n  betza \"K\": not capturing commoner\n"),
        "{atomar}"
    );
    assert_eq!(perft(&rules(&result, "adjacent"), 1), 7);
}

#[test]
fn a_game_of_the_shogi_template_writes_its_moves_as_shogi_players_do() {
    // Fairy-Stockfish writes the moves of its shogi template in Hodges'
    // notation with numbers unless asked otherwise; a chess-like section, in SAN.
    let result = import(
        "notation.ini",
        "[shoggy:minishogi]\nmaxFile = 5\n\n[knights:chess]\nstartFen = nnnnknnn/pppppppp/8/8/8/8/PPPPPPPP/NNNNKNNN w - - 0 1\n",
    );
    let shogi = rules(&result, "shoggy");
    assert!(
        shogi.contains("notation moves shogi-hodges-number"),
        "{shogi}"
    );
    let game = tessera::compile_str(&shogi).unwrap_or_else(|e| panic!("{e:?}"));
    let pos = tessera::Position::start(&game);
    let pawn = pos.parse_move("a2a3").unwrap();
    let own = tessera::notation::own::legal_moves_in(&pos, game.move_notation());
    assert!(
        own.iter().any(|(mv, text)| *mv == pawn && text == "P-53"),
        "{own:?}"
    );
    let chess = rules(&result, "knights");
    assert!(!chess.contains("notation moves"), "{chess}");
}

/// The SAN of the move `uci` in the start position of a rule file.
fn san_at_start(src: &str, uci: &str) -> String {
    let game = tessera::compile_str(src).unwrap_or_else(|e| panic!("{e:?}"));
    let mut pos = tessera::Position::start(&game);
    let mv = tessera::notation::uci::parse(&mut pos, uci).unwrap();
    tessera::notation::san::format(&pos, &mv)
}

#[test]
fn san_writes_the_letters_pawns_and_checks_fairy_stockfish_writes() {
    // Each expected text is pyffish 0.0.90's get_san on the same section.
    let result = imported("tests/import/san.ini");
    let pawn = rules(&result, "custom-pawn");
    assert!(pawn.contains("\nnotation san pawns\n"), "{pawn}");
    assert_eq!(san_at_start(&pawn, "a1a2"), "Pa2");
    let promoted = rules(&result, "promoted-letter");
    assert!(promoted.contains(" rook-promoted D"), "{promoted}");
    assert_eq!(san_at_start(&promoted, "c3c4"), "Dc4+");
    assert_eq!(san_at_start(&promoted, "b1c2"), "Gc2");
    let checks = rules(&result, "pseudo-royal-checks");
    assert!(checks.contains("\nnotation san checks king\n"), "{checks}");
    assert_eq!(san_at_start(&checks, "b1b5"), "Qb5+");
    // An attack on the pseudo-royal piece alone is no check.
    assert_eq!(san_at_start(&checks, "b1b6"), "Qb6");
}

#[test]
fn extinction_of_a_kind_the_section_removed() {
    let result = imported("tests/import/extinct-gone.ini");
    // Nobody has a commoner: the game is over before the first move, and
    // the side to move, White, wins, as pyffish's game_result says (32000).
    let gone = rules(&result, "gone");
    assert!(gone.contains("piece commoner A\ngoal extinct commoner loses\n"));
    assert_eq!(moves_after(&gone, ""), "");
    match status_after(&gone, "") {
        tessera::Status::Over {
            winner: Some(tessera::game::Side::White),
            ..
        } => {}
        other => panic!("{other:?}"),
    }
    // Where the opponent must have a piece of the kind, it never ends the
    // game: the queens alone count.
    let part = rules(&result, "gonepart");
    assert!(part.contains("goal extinct queen loses, if the other side has 1\n"));
    assert!(!part.contains("customPiece1"));
    assert_eq!(perft(&part, 1), 20);
}
