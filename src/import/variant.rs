//! A model of Fairy-Stockfish's `Variant` (its `src/variant.h`): every key
//! its parser (`src/parser.cpp`) reads, with its type and default, applied in
//! the parser's order, and inheritance from a parent's resolved values.

use super::ini::Section;
use std::collections::{BTreeSet, HashMap};

/// Files and ranks of the largest board Fairy-Stockfish's large-board build
/// (pyffish) plays: 12 files, 10 ranks.
pub const FILE_NB: i32 = 12;
/// Ranks of the largest board.
pub const RANK_NB: i32 = 10;

/// Fairy-Stockfish's piece types in its own order (`enum PieceType`); index 0
/// is `NO_PIECE_TYPE` (and `ALL_PIECES`, `*`), 63 the king.
pub const PIECE_TYPE_NB: usize = 64;
/// The first custom piece's index.
pub const CUSTOM_FIRST: usize = 37;
/// The reserved slot of a custom king.
pub const CUSTOM_ROYAL: usize = 62;
/// The king's index.
pub const KING: usize = 63;
/// The pawn's index.
pub const PAWN: usize = 1;

const NAMED: [&str; 37] = [
    "",
    "pawn",
    "knight",
    "bishop",
    "rook",
    "queen",
    "fers",
    "alfil",
    "fersAlfil",
    "silver",
    "aiwok",
    "bers",
    "archbishop",
    "chancellor",
    "amazon",
    "knibis",
    "biskni",
    "kniroo",
    "rookni",
    "shogiPawn",
    "lance",
    "shogiKnight",
    "gold",
    "dragonHorse",
    "clobber",
    "breakthrough",
    "immobile",
    "cannon",
    "janggiCannon",
    "soldier",
    "horse",
    "elephant",
    "janggiElephant",
    "banner",
    "wazir",
    "commoner",
    "centaur",
];

const BETZA: [&str; 37] = [
    "", "fmWfceF", "N", "B", "R", "Q", "F", "A", "FA", "FfW", "RNF", "RF", "BN", "RN", "QN",
    "mNcB", "mBcN", "mNcR", "mRcN", "fW", "fR", "fN", "WfF", "BW", "cW", "fmWfF", "", "mRcpR",
    "pR", "fsW", "nN", "nA", "nZ", "RcpRnN", "W", "K", "KN",
];

/// Fairy-Stockfish's name of a piece type (`piece_name`).
pub fn piece_name(pt: usize) -> String {
    match pt {
        KING => "king".to_string(),
        CUSTOM_ROYAL => "customRoyal".to_string(),
        p if p >= CUSTOM_FIRST => format!("customPiece{}", p - CUSTOM_FIRST + 1),
        p => NAMED[p].to_string(),
    }
}

/// The Betza notation of a predefined piece type (custom ones carry their own).
pub fn predefined_betza(pt: usize) -> &'static str {
    if pt == KING {
        "K"
    } else if pt < NAMED.len() {
        BETZA[pt]
    } else {
        ""
    }
}

/// A set of squares as (file, rank), both from 0.
pub type Squares = BTreeSet<(i32, i32)>;

/// A set of piece types; bit 0 is `*` (all pieces).
pub type PieceSet = u64;

/// A game result for the side to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// `win`
    Win,
    /// `loss`
    Loss,
    /// `draw`
    Draw,
    /// `none`
    None,
}

/// A value of one field of the variant.
#[derive(Debug, Clone, PartialEq)]
pub enum Val {
    /// `bool`
    Bool(bool),
    /// `int`, and Rank and File from 0.
    Int(i64),
    /// `std::string` and the enumerations, by their name.
    Str(String),
    /// `Bitboard`
    Squares(Squares),
    /// `PieceSet`
    Set(PieceSet),
    /// `PieceType` (0 is `*` / none)
    Type(usize),
    /// `Value`
    Outcome(Outcome),
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Ty {
    Bool,
    Int,
    Rank,
    File,
    Str,
    Squares,
    Set,
    Type,
    Outcome,
    Enum(&'static [&'static str]),
    Castling,
}

const MATERIAL: &[&str] = &[
    "janggi",
    "unweighted",
    "whitedrawodds",
    "blackdrawodds",
    "none",
];
const COUNTING: &[&str] = &["makruk", "asean", "none"];
const CHASING: &[&str] = &["axf", "none"];
const ENCLOSING: &[&str] = &[
    "reversi",
    "ataxx",
    "quadwrangle",
    "snort",
    "anyside",
    "top",
    "none",
];
const WALLING: &[&str] = &["arrow", "duck", "edge", "past", "static", "none"];

use Ty::*;

/// The keys after the pieces, in the parser's order: key, type, the fields
/// it sets (`.w` and `.b` are a field's values for each colour).
const KEYS: &[(&str, Ty, &[&str])] = &[
    (
        "pawnTypes",
        Type,
        &["mainPromotionPawnType.w", "mainPromotionPawnType.b"],
    ),
    (
        "pawnTypes",
        Set,
        &[
            "promotionPawnTypes.w",
            "promotionPawnTypes.b",
            "enPassantTypes.w",
            "enPassantTypes.b",
            "nMoveRuleTypes.w",
            "nMoveRuleTypes.b",
        ],
    ),
    ("variantTemplate", Str, &["variantTemplate"]),
    ("pieceToCharTable", Str, &["pieceToCharTable"]),
    ("pocketSize", Int, &["pocketSize"]),
    ("chess960", Bool, &["chess960"]),
    ("twoBoards", Bool, &["twoBoards"]),
    ("startFen", Str, &["startFen"]),
    ("promotionRegionWhite", Squares, &["promotionRegion.w"]),
    ("promotionRegionBlack", Squares, &["promotionRegion.b"]),
    (
        "promotionPawnTypes",
        Type,
        &["mainPromotionPawnType.w", "mainPromotionPawnType.b"],
    ),
    (
        "promotionPawnTypes",
        Set,
        &["promotionPawnTypes.w", "promotionPawnTypes.b"],
    ),
    (
        "promotionPawnTypesWhite",
        Type,
        &["mainPromotionPawnType.w"],
    ),
    (
        "promotionPawnTypesBlack",
        Type,
        &["mainPromotionPawnType.b"],
    ),
    ("promotionPawnTypesWhite", Set, &["promotionPawnTypes.w"]),
    ("promotionPawnTypesBlack", Set, &["promotionPawnTypes.b"]),
    (
        "promotionPieceTypes",
        Set,
        &["promotionPieceTypes.w", "promotionPieceTypes.b"],
    ),
    ("promotionPieceTypesWhite", Set, &["promotionPieceTypes.w"]),
    ("promotionPieceTypesBlack", Set, &["promotionPieceTypes.b"]),
    ("sittuyinPromotion", Bool, &["sittuyinPromotion"]),
    (
        "piecePromotionOnCapture",
        Bool,
        &["piecePromotionOnCapture"],
    ),
    ("mandatoryPawnPromotion", Bool, &["mandatoryPawnPromotion"]),
    (
        "mandatoryPiecePromotion",
        Bool,
        &["mandatoryPiecePromotion"],
    ),
    ("pieceDemotion", Bool, &["pieceDemotion"]),
    ("blastOnCapture", Bool, &["blastOnCapture"]),
    ("blastImmuneTypes", Set, &["blastImmuneTypes"]),
    ("mutuallyImmuneTypes", Set, &["mutuallyImmuneTypes"]),
    ("petrifyOnCaptureTypes", Set, &["petrifyOnCaptureTypes"]),
    ("petrifyBlastPieces", Bool, &["petrifyBlastPieces"]),
    ("doubleStep", Bool, &["doubleStep"]),
    ("doubleStepRegionWhite", Squares, &["doubleStepRegion.w"]),
    ("doubleStepRegionBlack", Squares, &["doubleStepRegion.b"]),
    ("tripleStepRegionWhite", Squares, &["tripleStepRegion.w"]),
    ("tripleStepRegionBlack", Squares, &["tripleStepRegion.b"]),
    (
        "enPassantRegion",
        Squares,
        &["enPassantRegion.w", "enPassantRegion.b"],
    ),
    ("enPassantRegionWhite", Squares, &["enPassantRegion.w"]),
    ("enPassantRegionBlack", Squares, &["enPassantRegion.b"]),
    (
        "enPassantTypes",
        Set,
        &["enPassantTypes.w", "enPassantTypes.b"],
    ),
    ("enPassantTypesWhite", Set, &["enPassantTypes.w"]),
    ("enPassantTypesBlack", Set, &["enPassantTypes.b"]),
    ("castling", Bool, &["castling"]),
    ("castlingDroppedPiece", Bool, &["castlingDroppedPiece"]),
    ("castlingKingsideFile", File, &["castlingKingsideFile"]),
    ("castlingQueensideFile", File, &["castlingQueensideFile"]),
    ("castlingRank", Rank, &["castlingRank"]),
    ("castlingKingFile", File, &["castlingKingFile"]),
    (
        "castlingKingPiece",
        Type,
        &["castlingKingPiece.w", "castlingKingPiece.b"],
    ),
    ("castlingKingPieceWhite", Type, &["castlingKingPiece.w"]),
    ("castlingKingPieceBlack", Type, &["castlingKingPiece.b"]),
    (
        "castlingRookKingsideFile",
        File,
        &["castlingRookKingsideFile"],
    ),
    (
        "castlingRookQueensideFile",
        File,
        &["castlingRookQueensideFile"],
    ),
    (
        "castlingRookPieces",
        Set,
        &["castlingRookPieces.w", "castlingRookPieces.b"],
    ),
    ("castlingRookPiecesWhite", Set, &["castlingRookPieces.w"]),
    ("castlingRookPiecesBlack", Set, &["castlingRookPieces.b"]),
    ("oppositeCastling", Bool, &["oppositeCastling"]),
    ("checking", Bool, &["checking"]),
    ("dropChecks", Bool, &["dropChecks"]),
    ("mustCapture", Bool, &["mustCapture"]),
    ("mustDrop", Bool, &["mustDrop"]),
    ("mustDropType", Type, &["mustDropType"]),
    ("pieceDrops", Bool, &["pieceDrops"]),
    ("dropLoop", Bool, &["dropLoop"]),
    ("capturesToHand", Bool, &["capturesToHand"]),
    ("firstRankPawnDrops", Bool, &["firstRankPawnDrops"]),
    ("promotionZonePawnDrops", Bool, &["promotionZonePawnDrops"]),
    ("enclosingDrop", Enum(ENCLOSING), &["enclosingDrop"]),
    ("enclosingDropStart", Squares, &["enclosingDropStart"]),
    ("dropRegionWhite", Squares, &["dropRegion.w"]),
    ("dropRegionBlack", Squares, &["dropRegion.b"]),
    ("sittuyinRookDrop", Bool, &["sittuyinRookDrop"]),
    (
        "dropOppositeColoredBishop",
        Bool,
        &["dropOppositeColoredBishop"],
    ),
    ("dropPromoted", Bool, &["dropPromoted"]),
    ("dropNoDoubled", Type, &["dropNoDoubled"]),
    ("dropNoDoubledCount", Int, &["dropNoDoubledCount"]),
    ("immobilityIllegal", Bool, &["immobilityIllegal"]),
    ("gating", Bool, &["gating"]),
    ("wallingRule", Enum(WALLING), &["wallingRule"]),
    ("wallingRegionWhite", Squares, &["wallingRegion.w"]),
    ("wallingRegionBlack", Squares, &["wallingRegion.b"]),
    (
        "wallingRegion",
        Squares,
        &["wallingRegion.w", "wallingRegion.b"],
    ),
    ("wallOrMove", Bool, &["wallOrMove"]),
    ("seirawanGating", Bool, &["seirawanGating"]),
    ("cambodianMoves", Bool, &["cambodianMoves"]),
    ("diagonalLines", Squares, &["diagonalLines"]),
    ("pass", Bool, &["pass.w", "pass.b"]),
    ("passWhite", Bool, &["pass.w"]),
    ("passBlack", Bool, &["pass.b"]),
    (
        "passOnStalemate",
        Bool,
        &["passOnStalemate.w", "passOnStalemate.b"],
    ),
    ("passOnStalemateWhite", Bool, &["passOnStalemate.w"]),
    ("passOnStalemateBlack", Bool, &["passOnStalemate.b"]),
    ("makpongRule", Bool, &["makpongRule"]),
    ("flyingGeneral", Bool, &["flyingGeneral"]),
    ("soldierPromotionRank", Rank, &["soldierPromotionRank"]),
    (
        "flipEnclosedPieces",
        Enum(ENCLOSING),
        &["flipEnclosedPieces"],
    ),
    (
        "nMoveRuleTypes",
        Set,
        &["nMoveRuleTypes.w", "nMoveRuleTypes.b"],
    ),
    ("nMoveRuleTypesWhite", Set, &["nMoveRuleTypes.w"]),
    ("nMoveRuleTypesBlack", Set, &["nMoveRuleTypes.b"]),
    ("nMoveRule", Int, &["nMoveRule"]),
    ("nFoldRule", Int, &["nFoldRule"]),
    ("nFoldValue", Outcome, &["nFoldValue"]),
    ("nFoldValueAbsolute", Bool, &["nFoldValueAbsolute"]),
    ("perpetualCheckIllegal", Bool, &["perpetualCheckIllegal"]),
    ("moveRepetitionIllegal", Bool, &["moveRepetitionIllegal"]),
    ("chasingRule", Enum(CHASING), &["chasingRule"]),
    ("stalemateValue", Outcome, &["stalemateValue"]),
    ("stalematePieceCount", Bool, &["stalematePieceCount"]),
    ("checkmateValue", Outcome, &["checkmateValue"]),
    (
        "shogiPawnDropMateIllegal",
        Bool,
        &["shogiPawnDropMateIllegal"],
    ),
    ("shatarMateRule", Bool, &["shatarMateRule"]),
    ("bikjangRule", Bool, &["bikjangRule"]),
    ("extinctionValue", Outcome, &["extinctionValue"]),
    ("extinctionClaim", Bool, &["extinctionClaim"]),
    ("extinctionPseudoRoyal", Bool, &["extinctionPseudoRoyal"]),
    ("dupleCheck", Bool, &["dupleCheck"]),
    ("extinctionPieceTypes", Set, &["extinctionPieceTypes"]),
    ("extinctionPieceCount", Int, &["extinctionPieceCount"]),
    (
        "extinctionOpponentPieceCount",
        Int,
        &["extinctionOpponentPieceCount"],
    ),
    ("flagPiece", Type, &["flagPiece.w", "flagPiece.b"]),
    ("flagPieceWhite", Type, &["flagPiece.w"]),
    ("flagPieceBlack", Type, &["flagPiece.b"]),
    ("flagRegion", Squares, &["flagRegion.w", "flagRegion.b"]),
    ("flagRegionWhite", Squares, &["flagRegion.w"]),
    ("flagRegionBlack", Squares, &["flagRegion.b"]),
    ("flagPieceCount", Int, &["flagPieceCount"]),
    ("flagPieceBlockedWin", Bool, &["flagPieceBlockedWin"]),
    ("flagMove", Bool, &["flagMove"]),
    ("flagPieceSafe", Bool, &["flagPieceSafe"]),
    ("checkCounting", Bool, &["checkCounting"]),
    ("connectN", Int, &["connectN"]),
    ("connectPieceTypes", Set, &["connectPieceTypes"]),
    ("connectHorizontal", Bool, &["connectHorizontal"]),
    ("connectVertical", Bool, &["connectVertical"]),
    ("connectDiagonal", Bool, &["connectDiagonal"]),
    ("connectRegion1White", Squares, &["connectRegion1.w"]),
    ("connectRegion2White", Squares, &["connectRegion2.w"]),
    ("connectRegion1Black", Squares, &["connectRegion1.b"]),
    ("connectRegion2Black", Squares, &["connectRegion2.b"]),
    ("connectNxN", Int, &["connectNxN"]),
    ("collinearN", Int, &["collinearN"]),
    ("connectValue", Outcome, &["connectValue"]),
    ("materialCounting", Enum(MATERIAL), &["materialCounting"]),
    ("adjudicateFullBoard", Bool, &["adjudicateFullBoard"]),
    ("countingRule", Enum(COUNTING), &["countingRule"]),
    ("castlingWins", Castling, &["castlingWins"]),
];

/// Keys read before the official ones, kept for old files (`parse_attribute<false>`).
const DEPRECATED: &[&str] = &[
    "promotionRank",
    "doubleStepRank",
    "doubleStepRankMin",
    "whiteFlag",
    "blackFlag",
    "castlingRookPiece",
    "whiteDropRegion",
    "blackDropRegion",
    "dropOnTop",
];

/// A piece type of the variant: its letter and, for a custom piece or a
/// custom king, its Betza notation.
#[derive(Debug, Clone, PartialEq)]
pub struct PieceDef {
    /// The letter, upper case.
    pub letter: char,
    /// Betza notation (custom pieces only).
    pub betza: String,
}

/// A resolved variant: its pieces and every field, with where each was set.
#[derive(Debug, Clone)]
pub struct Variant {
    /// `maxFile`, from 0.
    pub max_file: i32,
    /// `maxRank`, from 0.
    pub max_rank: i32,
    /// The piece types, by Fairy-Stockfish's index.
    pub pieces: Vec<Option<PieceDef>>,
    /// The custom king's Betza, when `king = k:BETZA`.
    pub king_betza: Option<String>,
    /// Fairy-Stockfish's `kingType` is its wazir (minixiangqi and its
    /// heirs, said `kingType = wazir` in `builtins.ini` only): the king then
    /// moves along `diagonalLines` as the wazir does. Any `king` key resets it.
    pub king_wazir: bool,
    /// Another letter FEN reads for a piece type, by type (` ` for none):
    /// Fairy-Stockfish's `pieceToCharSynonyms`, which some built-ins set
    /// (the xiangqi horse's `h`, the elephants' `e`; `fenSynonym = TYPE:C`
    /// in `builtins.ini` only) and which any key defining the type clears.
    pub synonyms: Vec<char>,
    /// `promotionLimit`, by piece type (0: none).
    pub promotion_limit: Vec<i64>,
    /// `promotedPieceType`, by piece type (0: none).
    pub promoted_piece_type: Vec<usize>,
    /// `mobilityRegion<Colour><Piece>` given for some piece: (colour, type).
    pub mobility_regions: Vec<(usize, usize, Squares)>,
    fields: HashMap<&'static str, Val>,
    /// Where each option was last set: field or key name to (key, line);
    /// line 0 for a built-in's own definition.
    pub origin: HashMap<String, (String, usize)>,
}

/// A warning or a message about one key.
#[derive(Debug, Clone)]
pub struct Note {
    /// The line (1-based).
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

fn defaults() -> HashMap<&'static str, Val> {
    let mut f = HashMap::new();
    let sq = |v: Vec<(i32, i32)>| Val::Squares(v.into_iter().collect());
    let rank = |r: i32| (0..FILE_NB).map(|file| (file, r)).collect::<Vec<_>>();
    let all = || {
        (0..FILE_NB)
            .flat_map(|file| (0..RANK_NB).map(move |r| (file, r)))
            .collect::<Vec<_>>()
    };
    let chess_promo: PieceSet = (1 << 5) | (1 << 4) | (1 << 3) | (1 << 2);
    for (k, v) in [
        ("variantTemplate", Val::Str("fairy".into())),
        ("pieceToCharTable", Val::Str("-".into())),
        ("pocketSize", Val::Int(0)),
        ("chess960", Val::Bool(false)),
        ("twoBoards", Val::Bool(false)),
        (
            "startFen",
            Val::Str("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".into()),
        ),
        ("promotionRegion.w", sq(rank(7))),
        ("promotionRegion.b", sq(rank(0))),
        ("mainPromotionPawnType.w", Val::Type(PAWN)),
        ("mainPromotionPawnType.b", Val::Type(PAWN)),
        ("promotionPawnTypes.w", Val::Set(1 << PAWN)),
        ("promotionPawnTypes.b", Val::Set(1 << PAWN)),
        ("promotionPieceTypes.w", Val::Set(chess_promo)),
        ("promotionPieceTypes.b", Val::Set(chess_promo)),
        ("sittuyinPromotion", Val::Bool(false)),
        ("piecePromotionOnCapture", Val::Bool(false)),
        ("mandatoryPawnPromotion", Val::Bool(true)),
        ("mandatoryPiecePromotion", Val::Bool(false)),
        ("pieceDemotion", Val::Bool(false)),
        // Not a key of the variants file: only built-ins set it (ataxx).
        ("freeDrops", Val::Bool(false)),
        ("blastOnCapture", Val::Bool(false)),
        ("blastImmuneTypes", Val::Set(0)),
        ("mutuallyImmuneTypes", Val::Set(0)),
        ("petrifyOnCaptureTypes", Val::Set(0)),
        ("petrifyBlastPieces", Val::Bool(false)),
        ("doubleStep", Val::Bool(true)),
        ("doubleStepRegion.w", sq(rank(1))),
        ("doubleStepRegion.b", sq(rank(6))),
        ("tripleStepRegion.w", sq(vec![])),
        ("tripleStepRegion.b", sq(vec![])),
        ("enPassantRegion.w", sq(all())),
        ("enPassantRegion.b", sq(all())),
        ("enPassantTypes.w", Val::Set(1 << PAWN)),
        ("enPassantTypes.b", Val::Set(1 << PAWN)),
        ("castling", Val::Bool(true)),
        ("castlingDroppedPiece", Val::Bool(false)),
        ("castlingKingsideFile", Val::Int(6)),
        ("castlingQueensideFile", Val::Int(2)),
        ("castlingRank", Val::Int(0)),
        ("castlingKingFile", Val::Int(4)),
        ("castlingKingPiece.w", Val::Type(KING)),
        ("castlingKingPiece.b", Val::Type(KING)),
        ("castlingRookKingsideFile", Val::Int(i64::from(FILE_NB - 1))),
        ("castlingRookQueensideFile", Val::Int(0)),
        ("castlingRookPieces.w", Val::Set(1 << 4)),
        ("castlingRookPieces.b", Val::Set(1 << 4)),
        ("oppositeCastling", Val::Bool(false)),
        ("checking", Val::Bool(true)),
        ("dropChecks", Val::Bool(true)),
        ("mustCapture", Val::Bool(false)),
        ("mustDrop", Val::Bool(false)),
        ("mustDropType", Val::Type(0)),
        ("pieceDrops", Val::Bool(false)),
        ("dropLoop", Val::Bool(false)),
        ("capturesToHand", Val::Bool(false)),
        ("firstRankPawnDrops", Val::Bool(false)),
        ("promotionZonePawnDrops", Val::Bool(false)),
        ("enclosingDrop", Val::Str("none".into())),
        ("enclosingDropStart", sq(vec![])),
        ("dropRegion.w", sq(all())),
        ("dropRegion.b", sq(all())),
        ("sittuyinRookDrop", Val::Bool(false)),
        ("dropOppositeColoredBishop", Val::Bool(false)),
        ("dropPromoted", Val::Bool(false)),
        ("dropNoDoubled", Val::Type(0)),
        ("dropNoDoubledCount", Val::Int(1)),
        ("immobilityIllegal", Val::Bool(false)),
        ("gating", Val::Bool(false)),
        ("wallingRule", Val::Str("none".into())),
        ("wallingRegion.w", sq(all())),
        ("wallingRegion.b", sq(all())),
        ("wallOrMove", Val::Bool(false)),
        ("seirawanGating", Val::Bool(false)),
        ("cambodianMoves", Val::Bool(false)),
        ("diagonalLines", sq(vec![])),
        ("pass.w", Val::Bool(false)),
        ("pass.b", Val::Bool(false)),
        ("passOnStalemate.w", Val::Bool(false)),
        ("passOnStalemate.b", Val::Bool(false)),
        ("makpongRule", Val::Bool(false)),
        ("flyingGeneral", Val::Bool(false)),
        ("soldierPromotionRank", Val::Int(0)),
        ("flipEnclosedPieces", Val::Str("none".into())),
        ("nMoveRuleTypes.w", Val::Set(1 << PAWN)),
        ("nMoveRuleTypes.b", Val::Set(1 << PAWN)),
        ("nMoveRule", Val::Int(50)),
        ("nFoldRule", Val::Int(3)),
        ("nFoldValue", Val::Outcome(Outcome::Draw)),
        ("nFoldValueAbsolute", Val::Bool(false)),
        ("perpetualCheckIllegal", Val::Bool(false)),
        ("moveRepetitionIllegal", Val::Bool(false)),
        ("chasingRule", Val::Str("none".into())),
        ("stalemateValue", Val::Outcome(Outcome::Draw)),
        ("stalematePieceCount", Val::Bool(false)),
        ("checkmateValue", Val::Outcome(Outcome::Loss)),
        ("shogiPawnDropMateIllegal", Val::Bool(false)),
        ("shatarMateRule", Val::Bool(false)),
        ("bikjangRule", Val::Bool(false)),
        ("extinctionValue", Val::Outcome(Outcome::None)),
        ("extinctionClaim", Val::Bool(false)),
        ("extinctionPseudoRoyal", Val::Bool(false)),
        ("dupleCheck", Val::Bool(false)),
        ("extinctionPieceTypes", Val::Set(0)),
        ("extinctionPieceCount", Val::Int(0)),
        ("extinctionOpponentPieceCount", Val::Int(0)),
        ("flagPiece.w", Val::Type(0)),
        ("flagPiece.b", Val::Type(0)),
        ("flagRegion.w", sq(vec![])),
        ("flagRegion.b", sq(vec![])),
        ("flagPieceCount", Val::Int(1)),
        ("flagPieceBlockedWin", Val::Bool(false)),
        ("flagMove", Val::Bool(false)),
        ("flagPieceSafe", Val::Bool(false)),
        ("checkCounting", Val::Bool(false)),
        ("connectN", Val::Int(0)),
        ("connectPieceTypes", Val::Set(!0)),
        ("connectHorizontal", Val::Bool(true)),
        ("connectVertical", Val::Bool(true)),
        ("connectDiagonal", Val::Bool(true)),
        ("connectRegion1.w", sq(vec![])),
        ("connectRegion2.w", sq(vec![])),
        ("connectRegion1.b", sq(vec![])),
        ("connectRegion2.b", sq(vec![])),
        ("connectNxN", Val::Int(0)),
        ("collinearN", Val::Int(0)),
        ("connectValue", Val::Outcome(Outcome::Win)),
        ("materialCounting", Val::Str("none".into())),
        ("adjudicateFullBoard", Val::Bool(false)),
        ("countingRule", Val::Str("none".into())),
        ("castlingWins", Val::Int(0)),
    ] {
        f.insert(k, v);
    }
    f
}

impl Variant {
    /// Fairy-Stockfish's `Variant()`: chess's pieces and rules.
    pub fn chess_base() -> Variant {
        let mut pieces = vec![None; PIECE_TYPE_NB];
        for (pt, letter) in [
            (1, 'P'),
            (2, 'N'),
            (3, 'B'),
            (4, 'R'),
            (5, 'Q'),
            (KING, 'K'),
        ] {
            pieces[pt] = Some(PieceDef {
                letter,
                betza: String::new(),
            });
        }
        Variant {
            max_file: 7,
            max_rank: 7,
            pieces,
            king_betza: None,
            king_wazir: false,
            synonyms: vec![' '; PIECE_TYPE_NB],
            promotion_limit: vec![0; PIECE_TYPE_NB],
            promoted_piece_type: vec![0; PIECE_TYPE_NB],
            mobility_regions: Vec::new(),
            fields: defaults(),
            origin: HashMap::new(),
        }
    }

    /// A section without a parent: `Variant()` then `reset_pieces()`.
    pub fn template() -> Variant {
        let mut v = Variant::chess_base();
        v.pieces = vec![None; PIECE_TYPE_NB];
        v.fields.insert("promotionPieceTypes.w", Val::Set(0));
        v.fields.insert("promotionPieceTypes.b", Val::Set(0));
        v
    }

    /// Sets `freeDrops`, which Fairy-Stockfish's variants files cannot
    /// set but some built-ins do (`builtins.ini` says it as a key).
    pub fn set_free_drops(&mut self) {
        self.fields.insert("freeDrops", Val::Bool(true));
        self.origin
            .insert("freeDrops".into(), ("freeDrops".into(), 0));
    }
    /// A field's value.
    pub fn get(&self, field: &str) -> &Val {
        &self.fields[field]
    }
    /// A boolean field.
    pub fn flag(&self, field: &str) -> bool {
        matches!(self.get(field), Val::Bool(true))
    }
    /// An integer field (also Rank and File, from 0).
    pub fn int(&self, field: &str) -> i64 {
        match self.get(field) {
            Val::Int(i) => *i,
            _ => 0,
        }
    }
    /// A string or enumeration field.
    pub fn text(&self, field: &str) -> &str {
        match self.get(field) {
            Val::Str(s) => s,
            _ => "",
        }
    }
    /// A square set field.
    pub fn squares(&self, field: &str) -> Squares {
        match self.get(field) {
            Val::Squares(s) => s.clone(),
            _ => Squares::new(),
        }
    }
    /// A piece set field.
    pub fn set(&self, field: &str) -> PieceSet {
        match self.get(field) {
            Val::Set(s) => *s,
            _ => 0,
        }
    }
    /// A piece type field (0: `*` or none).
    pub fn piece_type(&self, field: &str) -> usize {
        match self.get(field) {
            Val::Type(t) => *t,
            _ => 0,
        }
    }
    /// A result field.
    pub fn outcome(&self, field: &str) -> Outcome {
        match self.get(field) {
            Val::Outcome(o) => *o,
            _ => Outcome::None,
        }
    }
    /// The key and line that last set a field (line 0: a built-in's).
    pub fn origin_of(&self, field: &str) -> Option<&(String, usize)> {
        self.origin.get(field)
    }

    fn set_field(&mut self, field: &'static str, val: Val, key: &str, line: usize) {
        self.fields.insert(field, val);
        self.origin
            .insert(field.to_string(), (key.to_string(), line));
    }

    /// The piece type lettered `c` (either case), as `pieceToChar.find`.
    pub fn type_of_letter(&self, c: char) -> Option<usize> {
        let upper = c.to_ascii_uppercase();
        (0..PIECE_TYPE_NB).find(|&pt| self.pieces[pt].as_ref().is_some_and(|p| p.letter == upper))
    }

    /// The piece type a start FEN's letter `c` names: by its letter, else
    /// by a synonym.
    pub fn type_of_fen_letter(&self, c: char) -> Option<usize> {
        let upper = c.to_ascii_uppercase();
        self.type_of_letter(c).or_else(|| {
            (0..PIECE_TYPE_NB).find(|&pt| self.pieces[pt].is_some() && self.synonyms[pt] == upper)
        })
    }

    /// Gives the type named `name` the synonym `c` in FEN.
    pub fn set_synonym(&mut self, name: &str, c: char) -> bool {
        match (0..PIECE_TYPE_NB).find(|&pt| piece_name(pt) == name) {
            Some(pt) if self.pieces[pt].is_some() => {
                self.synonyms[pt] = c.to_ascii_uppercase();
                true
            }
            _ => false,
        }
    }

    fn remove_piece(&mut self, pt: usize) {
        self.pieces[pt] = None;
        self.synonyms[pt] = ' ';
        for field in ["promotionPieceTypes.w", "promotionPieceTypes.b"] {
            let s = self.set(field) & !(1u64 << pt);
            self.fields.insert(field, Val::Set(s));
        }
    }

    fn add_piece(&mut self, pt: usize, letter: char, betza: &str) {
        if let Some(old) = self.type_of_letter(letter) {
            self.remove_piece(old);
        }
        self.pieces[pt] = Some(PieceDef {
            letter: letter.to_ascii_uppercase(),
            betza: betza.to_string(),
        });
        self.synonyms[pt] = ' ';
    }

    /// Applies a section's keys as `VariantParser::parse` does. Returns the
    /// warnings (keys Fairy-Stockfish does not know, values it cannot read).
    pub fn apply(&mut self, section: &Section) -> Vec<Note> {
        let mut notes = Vec::new();
        let mut consumed: BTreeSet<String> = BTreeSet::new();
        let entries = &section.entries;
        let mut get = |key: &str| {
            consumed.insert(key.to_string());
            entries.get(key).cloned()
        };
        if let Some(e) = get("maxRank") {
            let i = parse_int(&e.value).unwrap_or(0);
            self.max_rank = clamp_i32(i - 1);
            if !(1..=i64::from(RANK_NB)).contains(&i) {
                notes.push(invalid(&e.line, "maxRank", &e.value, "Rank"));
            }
            self.origin
                .insert("maxRank".into(), ("maxRank".into(), e.line));
        }
        if let Some(e) = get("maxFile") {
            // Fairy-Stockfish keeps the file even when it is out of range,
            // and then drops the variant.
            let (f, ok) = read_file(&e.value);
            self.max_file = f;
            if !ok {
                notes.push(invalid(&e.line, "maxFile", &e.value, "File"));
            }
            self.origin
                .insert("maxFile".into(), ("maxFile".into(), e.line));
        }
        for pt in 1..PIECE_TYPE_NB {
            if pt == CUSTOM_ROYAL {
                continue;
            }
            let name = piece_name(pt);
            if let Some(e) = get(&name) {
                let first = e.value.chars().next().unwrap_or('-');
                if first.is_ascii_alphabetic() {
                    // FSF skips characters that are no Betza letter, such
                    // as spaces before or after it.
                    let betza = e.value.get(2..).unwrap_or("").trim().to_string();
                    self.add_piece(pt, first, if pt >= CUSTOM_FIRST { &betza } else { "" });
                    self.origin
                        .insert(format!("piece:{pt}"), (name.clone(), e.line));
                    if (CUSTOM_FIRST..CUSTOM_ROYAL).contains(&pt) {
                        if e.value.len() > 1 {
                            if betza.contains('e') {
                                for f in ["enPassantTypes.w", "enPassantTypes.b"] {
                                    let s = self.set(f) | (1 << pt);
                                    self.fields.insert(f, Val::Set(s));
                                }
                            }
                        } else {
                            notes.push(Note {
                                line: e.line,
                                message: format!("`{name}`: no Betza notation after the letter"),
                            });
                        }
                    } else if pt == KING {
                        self.king_betza = (e.value.len() > 1).then_some(betza);
                        self.king_wazir = false;
                    }
                } else {
                    if first != '-' {
                        notes.push(Note {
                            line: e.line,
                            message: format!("`{name}`: invalid letter `{first}`"),
                        });
                    }
                    self.remove_piece(pt);
                    if pt == KING {
                        self.king_betza = None;
                        self.king_wazir = false;
                    }
                }
            }
            let mut cap = name.clone();
            cap[..1].make_ascii_uppercase();
            for (colour, side) in [(0, "White"), (1, "Black")] {
                let key = format!("mobilityRegion{side}{cap}");
                if let Some(e) = get(&key) {
                    let (squares, ok) = parse_squares(&e.value);
                    if !ok {
                        notes.push(invalid(&e.line, &key, &e.value, "Bitboard"));
                    }
                    self.mobility_regions
                        .retain(|(c, p, _)| (*c, *p) != (colour, pt));
                    self.mobility_regions.push((colour, pt, squares));
                    self.origin
                        .insert(format!("mobility:{colour}:{pt}"), (key, e.line));
                }
            }
        }
        for key in ["pieceValueMg", "pieceValueEg"] {
            get(key);
        }
        // Deprecated keys, read before the official ones.
        if let Some(e) = get("promotionRank") {
            if let Some(i) = parse_int(&e.value) {
                let r = clamp_i32(i - 1);
                let max = self.max_rank;
                let white: Squares = (0..FILE_NB)
                    .flat_map(|f| (r..RANK_NB).map(move |x| (f, x)))
                    .collect();
                let black: Squares = (0..FILE_NB)
                    .flat_map(|f| (0..=(max - r)).map(move |x| (f, x)))
                    .collect();
                self.set_field(
                    "promotionRegion.w",
                    Val::Squares(white),
                    "promotionRank",
                    e.line,
                );
                self.set_field(
                    "promotionRegion.b",
                    Val::Squares(black),
                    "promotionRank",
                    e.line,
                );
            }
        }
        let dsr = get("doubleStepRank");
        let dsrm = get("doubleStepRankMin");
        if dsr.is_some() || dsrm.is_some() {
            let rank = dsr.as_ref().and_then(|e| parse_int(&e.value)).unwrap_or(2);
            let min = dsrm.as_ref().and_then(|e| parse_int(&e.value)).unwrap_or(2);
            let (r, m) = (clamp_i32(rank - 1), clamp_i32(min - 1));
            let max = self.max_rank;
            let line = dsr.as_ref().or(dsrm.as_ref()).map_or(0, |e| e.line);
            let white: Squares = (0..FILE_NB)
                .flat_map(|f| (m..=r).map(move |x| (f, x)))
                .collect();
            let black: Squares = (0..FILE_NB)
                .flat_map(|f| ((max - r)..=(max - m)).map(move |x| (f, x)))
                .collect();
            self.set_field(
                "doubleStepRegion.w",
                Val::Squares(white),
                "doubleStepRank",
                line,
            );
            self.set_field(
                "doubleStepRegion.b",
                Val::Squares(black),
                "doubleStepRank",
                line,
            );
        }
        for (key, field) in [
            ("whiteFlag", "flagRegion.w"),
            ("blackFlag", "flagRegion.b"),
            ("whiteDropRegion", "dropRegion.w"),
            ("blackDropRegion", "dropRegion.b"),
        ] {
            if let Some(e) = get(key) {
                let (s, ok) = parse_squares(&e.value);
                if !ok {
                    notes.push(invalid(&e.line, key, &e.value, "Bitboard"));
                }
                self.set_field(field, Val::Squares(s), key, e.line);
            }
        }
        if let Some(e) = get("castlingRookPiece") {
            let (s, _) = self.parse_set(&e.value);
            self.set_field(
                "castlingRookPieces.w",
                Val::Set(s),
                "castlingRookPiece",
                e.line,
            );
            self.set_field(
                "castlingRookPieces.b",
                Val::Set(s),
                "castlingRookPiece",
                e.line,
            );
        }
        if let Some(e) = get("dropOnTop") {
            if e.value == "true" {
                self.set_field("enclosingDrop", Val::Str("top".into()), "dropOnTop", e.line);
            }
        }
        for &(key, ty, fields) in KEYS {
            // promotionLimit and promotedPieceType come after sittuyinPromotion.
            if key == "piecePromotionOnCapture" {
                self.special_promotion_keys(&mut get, &mut notes);
            }
            let Some(e) = get(key) else { continue };
            let (val, ok) = match ty {
                Set => {
                    let (s, ok) = self.parse_set(&e.value);
                    (Val::Set(s), ok)
                }
                Type => {
                    let (s, ok) = self.parse_type(&e.value);
                    (Val::Type(s), ok)
                }
                _ => parse_value(ty, &e.value),
            };
            if !ok {
                notes.push(invalid(&e.line, key, &e.value, type_name(ty)));
            }
            for field in fields {
                self.set_field(field, val.clone(), key, e.line);
            }
        }
        for key in DEPRECATED {
            consumed.insert(key.to_string());
        }
        consumed.insert("promotionLimit".into());
        consumed.insert("promotedPieceType".into());
        for (key, e) in entries {
            if !consumed.contains(key) {
                notes.push(Note {
                    line: e.line,
                    message: format!("unknown key `{key}`; Fairy-Stockfish ignores it"),
                });
            }
        }
        if self.flag("doubleStep") {
            // conclude(): no region means no double step
        } else {
            self.fields
                .insert("doubleStepRegion.w", Val::Squares(Squares::new()));
            self.fields
                .insert("doubleStepRegion.b", Val::Squares(Squares::new()));
        }
        notes
    }

    fn special_promotion_keys(
        &mut self,
        get: &mut dyn FnMut(&str) -> Option<super::ini::Entry>,
        notes: &mut Vec<Note>,
    ) {
        if let Some(e) = get("promotionLimit") {
            let tokens: Vec<&str> = e.value.split_whitespace().collect();
            for t in tokens {
                let mut chars = t.chars();
                let (Some(c), Some(':')) = (chars.next(), chars.next()) else {
                    notes.push(invalid(&e.line, "promotionLimit", &e.value, "piece:count"));
                    break;
                };
                let Some(pt) = self.type_of_letter(c) else {
                    notes.push(invalid(&e.line, "promotionLimit", &e.value, "piece:count"));
                    break;
                };
                match chars.as_str().parse::<i64>() {
                    Ok(n) => self.promotion_limit[pt] = n,
                    Err(_) => {
                        notes.push(invalid(&e.line, "promotionLimit", &e.value, "piece:count"));
                        break;
                    }
                }
            }
            self.origin
                .insert("promotionLimit".into(), ("promotionLimit".into(), e.line));
        }
        if let Some(e) = get("promotedPieceType") {
            for t in e.value.split_whitespace() {
                let mut chars = t.chars();
                let (Some(a), Some(':'), Some(b)) = (chars.next(), chars.next(), chars.next())
                else {
                    notes.push(invalid(
                        &e.line,
                        "promotedPieceType",
                        &e.value,
                        "piece:piece",
                    ));
                    break;
                };
                let (Some(from), to) = (
                    self.type_of_letter(a),
                    if b == '-' {
                        Some(0)
                    } else {
                        self.type_of_letter(b)
                    },
                ) else {
                    notes.push(invalid(
                        &e.line,
                        "promotedPieceType",
                        &e.value,
                        "piece:piece",
                    ));
                    break;
                };
                let Some(to) = to else {
                    notes.push(invalid(
                        &e.line,
                        "promotedPieceType",
                        &e.value,
                        "piece:piece",
                    ));
                    break;
                };
                self.promoted_piece_type[from] = to;
            }
            self.origin.insert(
                "promotedPieceType".into(),
                ("promotedPieceType".into(), e.line),
            );
        }
    }

    /// `parse_attribute` of a piece set: letters (and `*`) up to the first
    /// that names no piece; `-` ends it without complaint.
    fn parse_set(&self, value: &str) -> (PieceSet, bool) {
        let mut s = 0u64;
        for c in value.chars().filter(|c| !c.is_whitespace()) {
            if c == '*' {
                s |= 1;
            } else if let Some(pt) = self.type_of_letter(c) {
                s |= 1 << pt;
            } else {
                return (s, c == '-');
            }
        }
        (s, true)
    }

    fn parse_type(&self, value: &str) -> (usize, bool) {
        let mut t = 0;
        for c in value.chars().filter(|c| !c.is_whitespace()) {
            if c == '*' {
                t = 0;
            } else if let Some(pt) = self.type_of_letter(c) {
                t = pt;
            } else {
                return (t, c == '-');
            }
        }
        (t, true)
    }
}

fn clamp_i32(i: i64) -> i32 {
    i.clamp(-1000, 1000) as i32
}

fn invalid(line: &usize, key: &str, value: &str, ty: &str) -> Note {
    Note {
        line: *line,
        message: format!("`{key}`: invalid value `{value}` for type {ty}"),
    }
}

fn type_name(ty: Ty) -> &'static str {
    match ty {
        Bool => "bool",
        Int => "int",
        Rank => "Rank",
        File => "File",
        Str => "string",
        Squares => "Bitboard",
        Set => "PieceSet",
        Type => "PieceType",
        Outcome => "Value",
        Enum(_) => "enumeration",
        Castling => "CastlingRights",
    }
}

/// `ss >> int`: optional sign and digits at the start, after whitespace.
fn parse_int(value: &str) -> Option<i64> {
    let v = value.trim_start();
    let end = v
        .char_indices()
        .find(|&(i, c)| !(c.is_ascii_digit() || (i == 0 && (c == '-' || c == '+'))))
        .map_or(v.len(), |(i, _)| i);
    v[..end].parse::<i64>().ok().filter(|i| i.abs() < 1 << 31)
}

/// A `File` as Fairy-Stockfish reads it, and whether it is in range.
fn read_file(value: &str) -> (i32, bool) {
    let v = value.trim_start();
    let f = match v.chars().next() {
        Some(c) if c.is_ascii_digit() => clamp_i32(parse_int(v).unwrap_or(0) - 1),
        Some(c) => (c as i32).saturating_sub('a' as i32),
        None => -1,
    };
    (f, (0..FILE_NB).contains(&f))
}

fn parse_file(value: &str) -> Option<i32> {
    let v = value.trim_start();
    let first = v.chars().next()?;
    let f = if first.is_ascii_digit() {
        clamp_i32(parse_int(v)? - 1)
    } else {
        first as i32 - 'a' as i32
    };
    (0..FILE_NB).contains(&f).then_some(f)
}

fn parse_value(ty: Ty, value: &str) -> (Val, bool) {
    match ty {
        Bool => (
            Val::Bool(value == "true"),
            value == "true" || value == "false",
        ),
        Int => match parse_int(value) {
            Some(i) => (Val::Int(i), true),
            None => (Val::Int(0), false),
        },
        Rank => match parse_int(value) {
            Some(i) if (1..=i64::from(RANK_NB)).contains(&i) => (Val::Int(i - 1), true),
            _ => (Val::Int(-1), false),
        },
        File => match parse_file(value) {
            Some(f) => (Val::Int(i64::from(f)), true),
            None => (Val::Int(-1), false),
        },
        Str => (Val::Str(value.to_string()), true),
        Squares => {
            let (s, ok) = parse_squares(value);
            (Val::Squares(s), ok)
        }
        Outcome => {
            let o = match value {
                "win" => self::Outcome::Win,
                "loss" => self::Outcome::Loss,
                "draw" => self::Outcome::Draw,
                _ => self::Outcome::None,
            };
            (
                Val::Outcome(o),
                matches!(value, "win" | "loss" | "draw" | "none"),
            )
        }
        Enum(allowed) => {
            if allowed.contains(&value) {
                (Val::Str(value.to_string()), true)
            } else {
                (Val::Str("none".into()), false)
            }
        }
        Castling => {
            let mut bits = 0i64;
            let mut ok = true;
            for c in value.chars().filter(|c| !c.is_whitespace()) {
                match c {
                    '-' => break,
                    'K' => bits |= 1,
                    'Q' => bits |= 2,
                    'k' => bits |= 4,
                    'q' => bits |= 8,
                    _ => ok = false,
                }
            }
            (Val::Int(bits), ok)
        }
        Set | Type => unreachable!("piece sets are read against the pieces"),
    }
}

/// A `Bitboard` value: squares `a1`, files `a*`, ranks `*1`, up to `-`.
pub fn parse_squares(value: &str) -> (Squares, bool) {
    let mut s = Squares::new();
    for symbol in value.split_whitespace() {
        if symbol == "-" {
            break;
        }
        let bytes = symbol.as_bytes();
        if symbol.ends_with('*') {
            if bytes.len() == 2 && bytes[0].is_ascii_alphabetic() {
                let f = i32::from(bytes[0].to_ascii_lowercase() - b'a');
                if f >= FILE_NB {
                    return (s, false);
                }
                s.extend((0..RANK_NB).map(|r| (f, r)));
            } else {
                return (s, false);
            }
        } else if let Some(rest) = symbol.strip_prefix('*') {
            let Some(r) = parse_int(rest) else {
                return (s, false);
            };
            if !(1..=i64::from(RANK_NB)).contains(&r) {
                return (s, false);
            }
            s.extend((0..FILE_NB).map(|f| (f, r as i32 - 1)));
        } else if bytes.len() > 1 && bytes[0].is_ascii_alphabetic() {
            let f = i32::from(bytes[0].to_ascii_lowercase() - b'a');
            let Some(r) = parse_int(&symbol[1..]) else {
                return (s, false);
            };
            if f >= FILE_NB || !(1..=i64::from(RANK_NB)).contains(&r) {
                return (s, false);
            }
            s.insert((f, r as i32 - 1));
        } else {
            return (s, false);
        }
    }
    (s, true)
}
