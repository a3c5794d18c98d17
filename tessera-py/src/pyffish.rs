//! `tessera.pyffish`: pyffish's functions, signatures, return values and
//! constants (Fairy-Stockfish's Python binding, 0.0.90), answered by
//! Tessera, so that a program written for pyffish runs by changing its
//! import. Every call is stateless, as pyffish's: the position is built from
//! the variant, the FEN and the moves each time. Where Tessera cannot give
//! pyffish's answer (a second board, fog of war), the call raises
//! `NotImplementedError` rather than answer otherwise.

use pyo3::create_exception;
use pyo3::exceptions::{PyException, PyNotImplementedError, PyValueError};
use pyo3::prelude::*;
use tessera::engine::outcome::{record_end, rule_end};
use tessera::notation::{fen, own, sfen, uci};
use tessera::{Game, MoveNotation, ParseFenError, Position, ProblemKind, Record, Side, Status};

use crate::games;

create_exception!(pyffish, error, PyException, "pyffish's own error.");

/// The value of a won game for the side to move (pyffish's `VALUE_MATE`).
pub const VALUE_MATE: i32 = 32000;
/// The value of a drawn game (pyffish's `VALUE_DRAW`).
pub const VALUE_DRAW: i32 = 0;

/// pyffish's notations, by their constants' values.
const NOTATIONS: [(&str, i32); 10] = [
    ("NOTATION_DEFAULT", 0),
    ("NOTATION_SAN", 1),
    ("NOTATION_LAN", 2),
    ("NOTATION_SHOGI_HOSKING", 3),
    ("NOTATION_SHOGI_HODGES", 4),
    ("NOTATION_SHOGI_HODGES_NUMBER", 5),
    ("NOTATION_JANGGI", 6),
    ("NOTATION_XIANGQI_WXF", 7),
    ("NOTATION_THAI_SAN", 8),
    ("NOTATION_THAI_LAN", 9),
];

/// Fairy-Stockfish's FEN validation codes (`FEN::FenValidation`).
const FEN_CODES: [(&str, i32); 16] = [
    ("FEN_INVALID_COUNTING_RULE", -14),
    ("FEN_INVALID_CHECK_COUNT", -13),
    ("FEN_INVALID_PROMOTED_PIECE", -12),
    ("FEN_INVALID_NB_PARTS", -11),
    ("FEN_INVALID_CHAR", -10),
    ("FEN_TOUCHING_KINGS", -9),
    ("FEN_INVALID_BOARD_GEOMETRY", -8),
    ("FEN_INVALID_POCKET_INFO", -7),
    ("FEN_INVALID_SIDE_TO_MOVE", -6),
    ("FEN_INVALID_CASTLING_INFO", -5),
    ("FEN_INVALID_EN_PASSANT_SQ", -4),
    ("FEN_INVALID_NUMBER_OF_KINGS", -3),
    ("FEN_INVALID_HALF_MOVE_COUNTER", -2),
    ("FEN_INVALID_MOVE_COUNTER", -1),
    ("FEN_EMPTY", 0),
    ("FEN_OK", 1),
];

/// Adds the functions, constants and `error` to the module `m`.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("error", m.py().get_type::<error>())?;
    m.add("VALUE_MATE", VALUE_MATE)?;
    m.add("VALUE_DRAW", VALUE_DRAW)?;
    for (name, value) in NOTATIONS.iter().chain(FEN_CODES.iter()) {
        m.add(*name, *value)?;
    }
    m.add_function(wrap_pyfunction!(version, m)?)?;
    m.add_function(wrap_pyfunction!(info, m)?)?;
    m.add_function(wrap_pyfunction!(variants, m)?)?;
    m.add_function(wrap_pyfunction!(set_option, m)?)?;
    m.add_function(wrap_pyfunction!(load_variant_config, m)?)?;
    m.add_function(wrap_pyfunction!(start_fen, m)?)?;
    m.add_function(wrap_pyfunction!(two_boards, m)?)?;
    m.add_function(wrap_pyfunction!(captures_to_hand, m)?)?;
    m.add_function(wrap_pyfunction!(get_san, m)?)?;
    m.add_function(wrap_pyfunction!(get_san_moves, m)?)?;
    m.add_function(wrap_pyfunction!(legal_moves, m)?)?;
    m.add_function(wrap_pyfunction!(get_fen, m)?)?;
    m.add_function(wrap_pyfunction!(gives_check, m)?)?;
    m.add_function(wrap_pyfunction!(is_capture, m)?)?;
    m.add_function(wrap_pyfunction!(piece_to_partner, m)?)?;
    m.add_function(wrap_pyfunction!(game_result, m)?)?;
    m.add_function(wrap_pyfunction!(is_immediate_game_end, m)?)?;
    m.add_function(wrap_pyfunction!(is_optional_game_end, m)?)?;
    m.add_function(wrap_pyfunction!(has_insufficient_material, m)?)?;
    m.add_function(wrap_pyfunction!(validate_fen, m)?)?;
    m.add_function(wrap_pyfunction!(get_fog_fen, m)?)?;
    Ok(())
}

/// The version of pyffish whose interface this module follows.
#[pyfunction]
fn version() -> (i32, i32, i32) {
    (0, 0, 90)
}

/// What answers: Tessera and its version.
#[pyfunction]
fn info() -> String {
    format!("Tessera {} (pyffish-compatible)", env!("CARGO_PKG_VERSION"))
}

/// The names of the playable variants: every bundled game that FEN can write
/// (under Fairy-Stockfish's name where it has the game) and every section
/// loaded with `load_variant_config`, sorted.
#[pyfunction]
fn variants() -> PyResult<Vec<String>> {
    games::names()
}

/// Sets an engine option. Tessera's answers depend on no option but
/// `VariantPath` (a variants.ini file, loaded as `load_variant_config` loads
/// its text); others are accepted and ignored, as their values change no
/// answer of these functions.
#[pyfunction]
fn set_option(name: &str, value: &Bound<'_, PyAny>) -> PyResult<()> {
    if name == "VariantPath" {
        let path: String = value.str()?.extract()?;
        if !path.is_empty() && path != "<empty>" {
            let text = std::fs::read_to_string(&path)
                .map_err(|e| PyValueError::new_err(format!("VariantPath {path}: {e}")))?;
            games::load_ini(&text)?;
        }
    }
    Ok(())
}

/// Loads Fairy-Stockfish variant definitions (a variants.ini text) through
/// Tessera's importer: each section becomes a variant of its name. A section
/// the importer cannot write raises `NotImplementedError`, with the reason,
/// when a call names it.
#[pyfunction]
fn load_variant_config(config: &str) -> PyResult<()> {
    games::load_ini(config).map(|_| ())
}

/// The start position's FEN.
#[pyfunction]
fn start_fen(variant: &str) -> PyResult<String> {
    let game = games::by_name(variant)?;
    to_fen(&Position::start(&game))
}

/// Whether the variant is played on two boards: never in Tessera, which
/// plays one board of bughouse (its captures leave the board).
#[pyfunction]
fn two_boards(variant: &str) -> PyResult<bool> {
    games::by_name(variant).map(|_| false)
}

/// Whether captured pieces go to the captor's hand.
#[pyfunction]
fn captures_to_hand(variant: &str) -> PyResult<bool> {
    Ok(games::by_name(variant)?.captures_to_pool())
}

/// The move `mv` (UCI) in `notation`, in the position of `fen`.
#[pyfunction]
#[pyo3(signature = (variant, fen, mv, chess960=false, notation=0))]
fn get_san(variant: &str, fen: &str, mv: &str, chess960: bool, notation: i32) -> PyResult<String> {
    let game = games::by_name(variant)?;
    let written = notation_of(&game, notation)?;
    let (mut pos, _) = build(&game, fen, &[], chess960)?;
    let m = parse_move(&mut pos, mv)?;
    Ok(own::format_in(&pos, &m, written))
}

/// The moves (UCI), each in `notation`, played in turn from `fen`.
#[pyfunction]
#[pyo3(signature = (variant, fen, moves, chess960=false, notation=0))]
fn get_san_moves(
    variant: &str,
    fen: &str,
    moves: Vec<String>,
    chess960: bool,
    notation: i32,
) -> PyResult<Vec<String>> {
    let game = games::by_name(variant)?;
    let written = notation_of(&game, notation)?;
    let (mut pos, _) = build(&game, fen, &[], chess960)?;
    let mut out = Vec::with_capacity(moves.len());
    for text in &moves {
        let m = parse_move(&mut pos, text)?;
        out.push(own::format_in(&pos, &m, written));
        pos.make(m);
    }
    Ok(out)
}

/// The legal moves (UCI) after `moves` from `fen`.
#[pyfunction]
#[pyo3(signature = (variant, fen, moves, chess960=false))]
fn legal_moves(
    variant: &str,
    fen: &str,
    moves: Vec<String>,
    chess960: bool,
) -> PyResult<Vec<String>> {
    let game = games::by_name(variant)?;
    let (mut pos, _) = build(&game, fen, &moves, chess960)?;
    Ok(tessera::legal_moves(&mut pos)
        .iter()
        .map(|m| uci::format(&game, m))
        .collect())
}

/// The FEN after `moves` from `fen`: SFEN where `sfen` is true; with
/// `show_promoted`, every promoted copy with its `~` (in a game that
/// remembers its promotions). `count_started` is accepted where it changes
/// nothing Tessera writes.
#[pyfunction]
#[pyo3(signature = (variant, fen, moves, chess960=false, sfen=false, show_promoted=false, count_started=0))]
#[allow(clippy::too_many_arguments)]
fn get_fen(
    variant: &str,
    fen: &str,
    moves: Vec<String>,
    chess960: bool,
    sfen: bool,
    show_promoted: bool,
    count_started: i32,
) -> PyResult<String> {
    let game = games::by_name(variant)?;
    if show_promoted && !game.remembers_promotions() {
        return Err(unsupported(
            "showPromoted: this game's rule file does not remember its promotions (`, marked`)",
        ));
    }
    if count_started != 0 {
        return Err(unsupported(
            "countStarted: Tessera does not keep makruk's counting rule",
        ));
    }
    let (pos, _) = build(&game, fen, &moves, chess960)?;
    if sfen {
        if !sfen::has_sfen(&game) {
            return Err(unsupported(
                "SFEN of a game whose positions it cannot write",
            ));
        }
        return sfen::format(&pos).ok_or_else(|| unsupported("SFEN of this position"));
    }
    if show_promoted {
        return fen::format_marked(&pos)
            .ok_or_else(|| unsupported("FEN cannot write this game's positions"));
    }
    to_fen(&pos)
}

/// Whether the side to move after `moves` is in check.
#[pyfunction]
#[pyo3(signature = (variant, fen, moves, chess960=false))]
fn gives_check(variant: &str, fen: &str, moves: Vec<String>, chess960: bool) -> PyResult<bool> {
    let game = games::by_name(variant)?;
    let (pos, _) = build(&game, fen, &moves, chess960)?;
    Ok(pos.is_check())
}

/// Whether `mv` (UCI) captures, after `moves` from `fen`.
#[pyfunction]
#[pyo3(signature = (variant, fen, moves, mv, chess960=false))]
fn is_capture(
    variant: &str,
    fen: &str,
    moves: Vec<String>,
    mv: &str,
    chess960: bool,
) -> PyResult<bool> {
    let game = games::by_name(variant)?;
    let (mut pos, _) = build(&game, fen, &moves, chess960)?;
    let m = parse_move(&mut pos, mv)?;
    Ok(pos.is_capture(&m))
}

/// The piece the last capture sends to the partner's board: Tessera plays
/// one board, so it has no partner.
#[pyfunction]
#[pyo3(signature = (variant, fen, moves, chess960=false))]
fn piece_to_partner(
    variant: &str,
    fen: &str,
    moves: Vec<String>,
    chess960: bool,
) -> PyResult<String> {
    let _ = (variant, fen, moves, chess960);
    Err(unsupported(
        "piece_to_partner: Tessera plays one board of bughouse, with no partner",
    ))
}

/// The result of a finished game for the side to move (`VALUE_MATE` won,
/// `-VALUE_MATE` lost, `VALUE_DRAW`), by the variant's rules, checkmate or
/// stalemate; for positions without a legal move or ended by a rule.
///
/// # Errors
/// `ValueError` where the game goes on (pyffish's answer there is
/// undefined).
#[pyfunction]
#[pyo3(signature = (variant, fen, moves, chess960=false))]
fn game_result(variant: &str, fen: &str, moves: Vec<String>, chess960: bool) -> PyResult<i32> {
    let game = games::by_name(variant)?;
    let (mut pos, _) = build(&game, fen, &moves, chess960)?;
    match tessera::engine::outcome::status(&mut pos) {
        Status::Ongoing => Err(PyValueError::new_err(
            "game_result: the game goes on (the side to move has legal moves)",
        )),
        over => Ok(value(over, pos.side_to_move())),
    }
}

/// Whether the variant's rules end the game here (an extinction, a zone
/// reached, checks counted, a bare king, passes), and its result for the
/// side to move.
#[pyfunction]
#[pyo3(signature = (variant, fen, moves, chess960=false))]
fn is_immediate_game_end(
    variant: &str,
    fen: &str,
    moves: Vec<String>,
    chess960: bool,
) -> PyResult<(bool, i32)> {
    let game = games::by_name(variant)?;
    let (mut pos, _) = build(&game, fen, &moves, chess960)?;
    let to_move = pos.side_to_move();
    Ok(ended(rule_end(&mut pos), to_move))
}

/// Whether the game may end here by the record's rules (repetition, the
/// n-move clock, material), and its result for the side to move.
#[pyfunction]
#[pyo3(signature = (variant, fen, moves, chess960=false, count_started=0))]
fn is_optional_game_end(
    variant: &str,
    fen: &str,
    moves: Vec<String>,
    chess960: bool,
    count_started: i32,
) -> PyResult<(bool, i32)> {
    if count_started != 0 {
        return Err(unsupported(
            "countStarted: Tessera does not keep makruk's counting rule",
        ));
    }
    let game = games::by_name(variant)?;
    let (pos, record) = build(&game, fen, &moves, chess960)?;
    Ok(ended(record_end(&pos, &record), pos.side_to_move()))
}

/// Whether each side (white, black) has too little material to win, as
/// Fairy-Stockfish judges it (`Position::has_insufficient_material`).
#[pyfunction]
#[pyo3(signature = (variant, fen, moves, chess960=false))]
fn has_insufficient_material(
    variant: &str,
    fen: &str,
    moves: Vec<String>,
    chess960: bool,
) -> PyResult<(bool, bool)> {
    let game = games::by_name(variant)?;
    let (pos, _) = build(&game, fen, &moves, chess960)?;
    Ok((
        pos.has_insufficient_material(Side::White),
        pos.has_insufficient_material(Side::Black),
    ))
}

/// Whether `fen` is a FEN of the variant: `FEN_OK`, or the code of the
/// first problem found (Fairy-Stockfish's `FEN_INVALID_…`).
#[pyfunction]
#[pyo3(signature = (fen, variant, chess960=false))]
fn validate_fen(fen: &str, variant: &str, chess960: bool) -> PyResult<i32> {
    let game = games::by_name(variant)?;
    check_960(&game, chess960)?;
    Ok(match fen::parse(&game, fen) {
        Ok(_) => 1,
        Err(e) => fen_code(&e)?,
    })
}

/// Fog of war's FEN: Tessera has no fog of war.
#[pyfunction]
#[pyo3(signature = (fen, variant, chess960=false))]
fn get_fog_fen(fen: &str, variant: &str, chess960: bool) -> PyResult<String> {
    let _ = (fen, variant, chess960);
    Err(unsupported("get_fog_fen: Tessera has no fog of war"))
}

/// The position of `fen` ("startpos" for the start) after `moves`, with the
/// record of the game from `fen` on.
///
/// A FEN of a position that cannot arise in play (a side without its king)
/// is read all the same, as pyffish reads it.
///
/// # Errors
/// `ValueError` for a FEN that does not read or a move that is not legal.
pub fn build<'g>(
    game: &'g Game,
    text: &str,
    moves: &[String],
    chess960: bool,
) -> PyResult<(Position<'g>, Record)> {
    check_960(game, chess960)?;
    let mut pos = if text == "startpos" {
        Position::start(game)
    } else {
        match fen::parse(game, text) {
            Ok(pos) => pos,
            Err(ParseFenError::Impossible(_)) => {
                fen::parse_unchecked(game, text).map_err(fen_error)?
            }
            Err(e) => return Err(fen_error(e)),
        }
    };
    let mut record = Record::new(&pos);
    for text in moves {
        let m = parse_move(&mut pos, text)?;
        pos.make(m);
        record.push(&pos);
    }
    Ok((pos, record))
}

/// The legal move written `text` in UCI.
fn parse_move(pos: &mut Position<'_>, text: &str) -> PyResult<tessera::Move> {
    uci::parse(pos, text).map_err(|e| PyValueError::new_err(format!("Invalid move '{text}': {e}")))
}

/// A FEN's error as pyffish's callers see one: `ValueError`, or
/// `NotImplementedError` for a game FEN cannot write.
fn fen_error(e: ParseFenError) -> PyErr {
    match e {
        ParseFenError::NotRectangular | ParseFenError::NeedsGeneralNotation => {
            unsupported(&format!("FEN: {e}"))
        }
        e => PyValueError::new_err(format!("invalid FEN: {e}")),
    }
}

/// The position in FEN.
fn to_fen(pos: &Position<'_>) -> PyResult<String> {
    pos.to_fen()
        .ok_or_else(|| unsupported("FEN cannot write this game's positions"))
}

/// Chess960 castling is the rule file's (`castling … king to ZONE`), so the
/// flag is accepted only for games that shuffle their setup.
fn check_960(game: &Game, chess960: bool) -> PyResult<()> {
    if chess960 && game.shuffle().is_none() {
        return Err(unsupported(
            "chess960=True: Tessera's castling is the rule file's; use a variant whose rule file shuffles its setup (fischerandom)",
        ));
    }
    Ok(())
}

/// Tessera's notation for pyffish's `notation` constant. pyffish's
/// `NOTATION_DEFAULT` is SAN but for the shogi family (Hodges with numbers),
/// which is what the rule files of that family name.
fn notation_of(game: &Game, notation: i32) -> PyResult<MoveNotation> {
    Ok(match notation {
        0 if game.move_notation() == MoveNotation::ShogiHodgesNumber => {
            MoveNotation::ShogiHodgesNumber
        }
        0 | 1 => MoveNotation::San,
        2 => MoveNotation::Lan,
        3 => MoveNotation::ShogiHosking,
        4 => MoveNotation::ShogiHodges,
        5 => MoveNotation::ShogiHodgesNumber,
        6 => MoveNotation::Janggi,
        7 => MoveNotation::XiangqiWxf,
        8 | 9 if !own::thai_knows_promotions(game) => {
            return Err(unsupported(
                "Thai notations in a game whose rule file does not remember the promotions that make mets (`, marked`): pyffish writes such a met ง",
            ))
        }
        8 => MoveNotation::ThaiSan,
        9 => MoveNotation::ThaiLan,
        n => return Err(PyValueError::new_err(format!("unknown notation {n}"))),
    })
}

/// pyffish's `(ended, value)` of an end or none.
fn ended(end: Option<Status>, to_move: Side) -> (bool, i32) {
    match end {
        Some(status) => (true, value(status, to_move)),
        None => (false, VALUE_DRAW),
    }
}

/// The value of a game's state for the side to move.
fn value(status: Status, to_move: Side) -> i32 {
    match status {
        Status::Over {
            winner: Some(w), ..
        } if w == to_move => VALUE_MATE,
        Status::Over {
            winner: Some(_), ..
        } => -VALUE_MATE,
        _ => VALUE_DRAW,
    }
}

/// Fairy-Stockfish's validation code for a FEN Tessera refuses. A position
/// that reads but could not arise in play is `FEN_OK` (Fairy-Stockfish reads
/// such positions) unless a side has too few or too many kings.
fn fen_code(e: &ParseFenError) -> PyResult<i32> {
    Ok(match e {
        ParseFenError::Empty => 0,
        ParseFenError::RankCount { .. } | ParseFenError::RankWidth { .. } => -8,
        ParseFenError::UnknownPiece(_) | ParseFenError::BadPlacementChar(_) => -10,
        ParseFenError::BadSide(_) => -6,
        ParseFenError::BadCastling(_) => -5,
        ParseFenError::BadEnPassant(_) => -4,
        ParseFenError::BadCounter(_) | ParseFenError::CounterTooLarge(_) => -2,
        ParseFenError::TooManyFields => -11,
        ParseFenError::Impossible(p) => {
            let royal =
                |k: &ProblemKind| matches!(k, ProblemKind::NoRoyal | ProblemKind::TooManyRoyals);
            if p.kinds().iter().any(royal) {
                -3
            } else {
                1
            }
        }
        e => return Err(fen_error(e.clone())),
    })
}

/// The error for what Tessera does not do.
fn unsupported(what: &str) -> PyErr {
    PyNotImplementedError::new_err(format!("not supported by Tessera: {what}"))
}
