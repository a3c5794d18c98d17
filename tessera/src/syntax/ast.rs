//! The abstract syntax tree: plain owned data with spans, no pest types, no resolution.

use crate::diag::Span;

/// A name as written, with where it was written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Name {
    pub text: Text,
    pub span: Span,
}

/// A whole rule file, its statements in source order.
#[derive(Clone, Debug, Default)]
pub struct File {
    pub title: Option<Name>,
    pub axes: Vec<Axis>,
    pub grid_span: Option<Span>,
    pub cells: Vec<CellDecl>,
    pub removed: Vec<CellItem>,
    pub directions: Vec<DirectionDecl>,
    pub groups: Vec<GroupDecl>,
    pub links: Vec<LinkDecl>,
    pub mirror: Vec<Name>,
    pub zones: Vec<ZoneDecl>,
    pub pieces: Vec<PieceDecl>,
    pub setup: Vec<Placement>,
    pub turn: Option<(Side, Span)>,
    /// `clock N` in the setup: the halfmove clock at the start.
    pub setup_clock: Option<(u32, Span)>,
    /// `move N` in the setup: the move number at the start.
    pub setup_move: Option<(u32, Span)>,
    pub setup_span: Option<Span>,
    pub castlings: Vec<CastlingDecl>,
    pub goals: Vec<GoalDecl>,
    pub pools: Vec<Name>,
    pub captured_to: Option<Name>,
    /// `captured to POOL of captor`: captured pieces change sides.
    pub captured_by_captor: bool,
    /// `, keeping promotion`: a captured promoted piece changes sides as it is.
    pub captured_keeps_promotion: bool,
    pub transfers: Vec<(Name, Name)>,
    pub drops: Vec<DropDecl>,
    pub phases: Vec<PhaseDecl>,
    /// `forced capture`.
    pub forced_capture: Option<Span>,
    /// `forced drop`.
    pub forced_drop: Option<Span>,
    /// `check when all royals attacked`.
    pub check_all_royals: Option<Span>,
    /// `check KIND moves only to capture`, one name per statement.
    pub check_capture_only: Vec<Name>,
    /// `check when at most N royals`: the number and the statement's span.
    pub check_royals_at_most: Option<(u32, Span)>,
    /// `captures explode DIRS except KIND...`.
    pub explosion: Option<ExplosionDecl>,
    /// `gating POOL from ZONE`.
    pub gating: Option<(Name, Name, Span)>,
    /// `place KIND after every move: MODIFIERS`.
    pub walling: Option<WallingDecl>,
    /// `pass`.
    pub pass: Option<Span>,
    /// `pass when stalemated`.
    pub pass_when_stalemated: bool,
    /// `flip around DIRS` (false) or `flip enclosed DIRS` (true).
    pub flip: Option<(bool, Vec<Name>, Span)>,
    /// `flip ...: drops next to own`.
    pub flip_drops_next_to_own: bool,
    /// `count bonus SIDE N`: the side and its bonus in thousandths.
    pub count_bonus: Vec<(Side, i64, Span)>,
    /// `clock reset by KIND...` (no kinds: `captures and drops`).
    pub clock_reset: Option<(Vec<Name>, Span)>,
    /// `layout ...`, in source order.
    pub layout: Vec<LayoutDecl>,
    /// `look ...` (the board's and the sides'), in source order.
    pub look: Vec<LookDecl>,
    /// `notation en passant always`.
    pub en_passant_always: Option<Span>,
    /// `shuffle ZONE: ...`, in source order (at most one is allowed).
    pub shuffles: Vec<ShuffleDecl>,
    /// `notation en passant always KIND...`: the kinds named (none: every kind).
    pub en_passant_always_kinds: Vec<Name>,
    /// `notation en passant always passed KIND...`: its place, and the kinds
    /// named (none: every kind).
    pub en_passant_passed: Option<(Span, Vec<Name>)>,
    /// `notation en passant passed KIND...`: its place, and the kinds named
    /// (none: every kind).
    pub en_passant_taken: Option<(Span, Vec<Name>)>,
    /// `moved CELLS` in the setup: the pieces there count as having moved.
    pub moved: Vec<CellItem>,
    /// `notation castling king takes rook`.
    pub castling_takes_rook: Option<Span>,
    /// `notation san KIND LETTER...`: each kind named with its letter in
    /// standard algebraic notation, in source order.
    pub san_letters: Vec<(Name, char)>,
    /// `notation san checks KIND...`: its place, and the kinds named.
    pub san_checks: Option<(Span, Vec<Name>)>,
    /// `notation san pawns KIND...`: its place, and the kinds named.
    pub san_pawns: Option<(Span, Vec<Name>)>,
    /// `notation variant "NAME" "OTHER"...`: the game's name in game
    /// records, then other names records may give it.
    pub variant_name: Option<Name>,
    pub variant_aliases: Vec<Name>,
    /// `notation moves STYLE`: the name of the notation the game's players
    /// write moves in.
    pub move_notation: Option<Name>,
    /// `notation fen unmarked`: FEN writes promoted copies without `~`.
    pub fen_unmarked: Option<Span>,
}

/// `shuffle ZONE: STEP, STEP, ..., defended KIND...`.
#[derive(Clone, Debug)]
pub struct ShuffleDecl {
    /// The zone whose cells are drawn anew.
    pub zone: Name,
    /// The steps, in order.
    pub steps: Vec<ShuffleStepDecl>,
    /// `defended KIND...`: every piece of these kinds must be defended.
    pub defended: Vec<Name>,
    pub span: Span,
}

/// One step of a `shuffle`: pieces, `on ZONE...`, `in order`.
#[derive(Clone, Debug)]
pub struct ShuffleStepDecl {
    pub kinds: Vec<Name>,
    pub zones: Vec<Name>,
    pub in_order: bool,
    pub span: Span,
}

/// One `layout` statement: how pictures draw the board.
#[derive(Clone, Debug)]
pub enum LayoutDecl {
    /// `layout hexagons`.
    Hexagons(Span),
    /// `layout stacked`.
    Stacked(Span),
    /// `layout intersections`.
    Intersections(Span),
    /// `layout CELL at COORD`.
    Place(Name, Name),
}

/// One `look` statement of the game: how pictures draw the board and name
/// the sides.
#[derive(Clone, Debug)]
pub enum LookDecl {
    /// `look board STYLE`.
    Board(Name),
    /// `look sides WHITE BLACK`.
    Sides(Name, Name),
    /// `look river after AXIS LABEL`.
    River(Name, Name),
    /// `look lines ZONE along DIRS`.
    Lines(Name, Vec<Name>),
    /// `look dots CELLS`.
    Dots(Vec<CellItem>),
    /// `look labels AXIS [EDGE] TEXT...`.
    Labels {
        axis: Name,
        edge: Option<Name>,
        texts: Vec<Name>,
    },
}

/// `captures explode DIRS [except KIND...]`.
#[derive(Clone, Debug)]
pub struct ExplosionDecl {
    pub dirs: Vec<Name>,
    pub spared: Vec<Name>,
    /// `immune KIND...`: never removed, not even as the capturing piece.
    pub immune: Vec<Name>,
    /// `: captured`: the pieces it removes count as captured.
    pub captured: bool,
}

/// `drop POOL [KIND...] -> ZONE [: once per AXIS, not mating]`.
#[derive(Clone, Debug)]
pub struct DropDecl {
    /// The pool; `None` for `new`: pieces from no pool, that never run out.
    pub pool: Option<Name>,
    /// The kinds this rule drops; all kinds when empty.
    pub kinds: Vec<Name>,
    pub zone: Name,
    /// `once per AXIS` or `at most N per AXIS`.
    pub once_per: Option<Name>,
    /// How many pieces of the kind a line may hold before no more are dropped
    /// onto it: 1 for `once per`, `N` for `at most N per`.
    pub per_line: u32,
    /// `not mating`.
    pub not_mating: bool,
    /// `not checking`.
    pub not_checking: bool,
    /// `anywhere`: also onto cells where the piece could never move again.
    pub anywhere: bool,
    /// `mating loses`.
    pub mating_loses: bool,
    /// `next to DIRS`.
    pub next_to: Vec<Name>,
    /// `flipping`.
    pub flipping: bool,
    /// `until full`.
    pub until_full: bool,
    /// `also promoted`: a piece may also be dropped as its promoted form.
    pub also_promoted: bool,
    /// `unmoved in ZONE`: a piece dropped there counts as not yet moved.
    pub unmoved_in: Option<Name>,
    /// `spread over ZONE ZONE ...`.
    pub spread: Vec<Name>,
    /// `compulsory`.
    pub compulsory: bool,
    /// `not next to enemy DIRS`.
    pub not_next_to_enemy: Vec<Name>,
    /// `on top along DIRS`.
    pub on_top: Vec<Name>,
    /// `pushed in along DIRS`.
    pub pushed_in: Vec<Name>,
    /// `sunk in along DIRS`.
    pub sunk_in: Vec<Name>,
    /// `next to enemy DIRS`.
    pub next_to_enemy: Vec<Name>,
    /// `enclosing over KINDS along DIRS`: the directions, and the kinds.
    pub enclosing: Vec<Name>,
    /// The kinds `enclosing over` names.
    pub enclosing_over: Vec<Name>,
}

/// `phase moves 1..2: only unmoved Exile`.
#[derive(Clone, Debug)]
pub struct PhaseDecl {
    pub first: u32,
    pub last: u32,
    pub unmoved: bool,
    pub kinds: Vec<Name>,
    pub span: Span,
}

/// `counter die 1..6 start 6`.
#[derive(Clone, Debug)]
pub struct CounterDecl {
    pub name: Name,
    pub low: u32,
    pub high: u32,
    pub start: u32,
    pub span: Span,
}

/// How far a slide or path may go.
#[derive(Clone, Debug)]
pub enum Limit {
    Steps(u32),
    Counter(Name),
}

/// One grid axis: `file a..h`.
#[derive(Clone, Debug)]
pub struct Axis {
    pub name: Name,
    pub labels: LabelRange,
    pub span: Span,
}

/// The labels of an axis: letters or integers, inclusive.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LabelRange {
    Letters(char, char),
    Numbers(i64, i64),
}

/// `cell NAME at COORD...`.
#[derive(Clone, Debug)]
pub struct CellDecl {
    pub name: Name,
    pub at: Vec<Name>,
}

/// One element of a cell set: a single name or a box `a1..h2` (its corners and
/// its span, boxed: a set of single names is most common and may be long).
#[derive(Clone, Debug)]
pub enum CellItem {
    One(Name),
    Box(std::boxed::Box<(Name, Name, Span)>),
}

impl CellItem {
    /// Where it was written.
    pub fn span(&self) -> Span {
        match self {
            CellItem::One(n) => n.span,
            CellItem::Box(b) => b.2,
        }
    }
}

/// `direction n (0,1)`.
#[derive(Clone, Debug)]
pub struct DirectionDecl {
    pub name: Name,
    pub vector: Vec<i64>,
    pub span: Span,
}

/// `group orthogonal = n e s w`.
#[derive(Clone, Debug)]
pub struct GroupDecl {
    pub name: Name,
    pub members: Vec<Name>,
}

/// `link portal A -> B, B -> A`; an edge between two boxes links their cells
/// pairwise.
#[derive(Clone, Debug)]
pub struct LinkDecl {
    pub name: Name,
    pub edges: Vec<(CellItem, CellItem)>,
}

/// One of the two sides.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    White,
    Black,
}

/// `zone NAME SET` (mirrored for Black) or `zone NAME white SET black SET`.
#[derive(Clone, Debug)]
pub struct ZoneDecl {
    pub name: Name,
    pub sets: ZoneSets,
}

/// The cells of a zone as written.
#[derive(Clone, Debug)]
pub enum ZoneSets {
    Mirrored(Vec<CellItem>),
    PerSide(Vec<CellItem>, Vec<CellItem>),
}

/// `piece NAME LETTER ...`.
#[derive(Clone, Debug)]
pub struct PieceDecl {
    pub name: Name,
    pub letter: Name,
    pub value: Option<i64>,
    pub royal: bool,
    /// `as KIND`: a promoted form that is a piece of that kind, promoted.
    pub as_kind: Option<Name>,
    /// `neutral`: the piece belongs to neither side.
    pub neutral: bool,
    pub counter: Option<CounterDecl>,
    /// `on capture lower NAME by N`.
    pub on_capture: Option<(Name, u32)>,
    /// `on capture become KIND`.
    pub on_capture_become: Option<Name>,
    /// `loses first move when KIND... lands along DIRS`: the kinds, the
    /// directions and the span of the property.
    pub loses_first: Option<(Vec<Name>, Vec<Name>, Span)>,
    /// `promote in place ZONE to KIND...: ...`.
    pub in_place: Vec<InPlaceDecl>,
    pub promotions: Vec<PromotionDecl>,
    pub movements: Vec<Movement>,
    /// `betza "..."`: movements in Betza's shorthand, as written (the text
    /// between the quotes, the span with them); the compiler expands them.
    pub betza: Vec<Name>,
    /// The modifiers after each `betza` string's colon (`betza "K": to
    /// palace`), added to every movement it yields; by the string's index.
    pub betza_modifiers: Vec<Vec<Modifier>>,
    /// `look ...`: how pictures draw the piece, and the place of the line.
    pub look: Option<(PieceLookDecl, Span)>,
}

/// A piece's `look`; the words are the grammar's own (`king`, `plain`...).
#[derive(Clone, Debug)]
pub enum PieceLookDecl {
    /// `look chess SHAPE`.
    Chess(Name),
    /// `look thai SHAPE`.
    Thai(Name),
    /// `look round WHITE [BLACK]`.
    Round(Name, Option<Name>),
    /// `look pointed WHITE [BLACK]`.
    Pointed(Name, Option<Name>),
    /// `look disc`.
    Disc,
    /// `look letter`.
    Letter,
    /// `look picture "FILE"`.
    Picture(Name),
}

/// `promote in place ZONE to KIND...: modifiers`.
#[derive(Clone, Debug)]
pub struct InPlaceDecl {
    pub zone: Name,
    pub targets: Vec<Name>,
    /// `anywhere when last`.
    pub last_anywhere: bool,
    /// `moving`.
    pub moving: bool,
    /// `not attacking`.
    pub not_attacking: bool,
    /// `not checking`.
    pub not_checking: bool,
    /// `at most N`.
    pub at_most: Option<u32>,
    /// `marked`: the new piece is a promoted copy.
    pub marked: bool,
}

/// `promote [from] ZONE to NAME... [optional] [only captured]`.
#[derive(Clone, Debug)]
pub struct PromotionDecl {
    /// With `from`, the zone is tested on the move's origin, else on its destination.
    pub on_origin: bool,
    pub zone: Name,
    /// `promote stuck`: the zone is the cells from which the piece could
    /// never move again (`zone` then holds the word `stuck`).
    pub stuck: bool,
    /// The kinds on offer; none for `to nothing`.
    pub targets: Vec<Name>,
    /// Pools the promoted piece is taken from; empty when it comes from nowhere.
    pub pools: Vec<Name>,
    /// The pool the promoting piece itself goes to.
    pub itself_to: Option<Name>,
    /// `, marked`: the new piece is a promoted copy, written with `~` (in FEN
    /// unless `notation fen unmarked`).
    pub marked: bool,
    pub optional: bool,
    /// `only captured`: a kind only while its side has fewer than the setup gave.
    pub only_captured: bool,
    /// `at most N`: a kind only while its side has fewer than N on the board.
    pub at_most: Option<u32>,
    /// `, not en passant`: the rule does not apply to en-passant captures.
    pub not_en_passant: bool,
    /// `, on capture`: the rule applies only to the piece's captures.
    pub on_capture: bool,
    pub span: Span,
}

/// Legs joined by `then`, with modifiers.
#[derive(Clone, Debug)]
pub struct Movement {
    pub legs: Vec<Leg>,
    pub modifiers: Vec<Modifier>,
    pub span: Span,
}

/// One leg of a movement.
#[derive(Clone, Debug)]
pub enum Leg {
    Step(Vec<Name>),
    Slide(Vec<Name>, Option<Limit>),
    Path(Vec<Name>, Limit),
    Leap(Vec<Vec<i64>>, Images, Span),
    Hop(Vec<Name>, Option<Limit>),
}

/// Which jumps a leap's offsets stand for.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Images {
    /// Every permutation of each offset's components with every choice of signs.
    Symmetric,
    /// `leap only`: the offsets as written (from White's side).
    Listed,
    /// `leap around`: the images under the linear maps that carry the board's
    /// set of direction vectors onto itself.
    Board,
}

/// A condition or effect attached to a movement.
#[derive(Clone, Debug)]
pub enum Modifier {
    Quiet(Span),
    Capture(Span),
    First,
    From(Name),
    To(Name),
    NotTo(Name),
    NotFrom(Name),
    NotFirst,
    NotChecking,
    /// `not in check`: only while the mover's side is not in check.
    NotInCheck,
    Jumping(Span),
    SetsEnPassant(Span),
    TakesEnPassant,
    /// `capturing KIND...` (true) or `not capturing KIND...` (false).
    Capturing(bool, Vec<Name>, Span),
    /// `over KIND...` (true) or `not over KIND...` (false).
    Over(bool, Vec<Name>, Span),
    /// `within N`: a hop lands at most `N` steps from where it starts.
    Within(u32, Span),
}

/// `white King e1 d1` (or `white Hawk @hand`, into a pool) inside `setup`.
#[derive(Clone, Debug)]
pub struct Placement {
    pub side: Side,
    pub piece: Name,
    pub cells: Vec<CellItem>,
    pub pool: Option<Name>,
}

/// `castling King Rook along e w: king 2, rook beside`.
#[derive(Clone, Debug)]
pub struct CastlingDecl {
    pub king: Name,
    pub rook: Name,
    pub along: Vec<Name>,
    pub king_min: u32,
    pub king_open: bool,
    pub rook_place: RookPlace,
    /// `king to ZONE, rook to ZONE`: fixed destinations (Chess960).
    pub fixed: Option<(Name, Name)>,
    /// `, not checking`: the castling may not give check.
    pub not_checking: bool,
    /// `, opposite`: castling on a wing takes the other side's right there.
    pub opposite: bool,
    pub span: Span,
}

/// Where the rook lands, counted from the king's start toward the rook.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum RookPlace {
    /// On the cell the king passed last: FIDE castling.
    Beside,
    /// On any cell from the king's start up to the one beside its destination.
    Behind,
}

/// `goal checkmated loses`.
#[derive(Clone, Debug)]
pub struct GoalDecl {
    pub condition: GoalCondition,
    pub outcome: Outcome,
    /// `, may answer` (`Some(None)`) or `, black may answer` (`Some(Some(Black))`).
    pub answer: Option<Option<Side>>,
    /// `, if the other side has N`: the count and its span.
    pub other_has: Option<(u32, Span)>,
    /// `, perpetual check OUTCOME`: the outcome for a side that checked
    /// throughout a repetition, and the span of the phrase.
    pub perpetual: Option<(Outcome, Span)>,
    /// `, perpetual chase OUTCOME except KINDS outside ZONE`.
    pub chase: Option<ChaseDecl>,
    /// `, longer after N checks`: the count of checks and its span.
    pub longer: Option<(u32, Span)>,
    /// `3 Knight reach home`: how many pieces must stand in the zone, and
    /// the span of the number.
    pub reach_count: Option<(u32, Span)>,
    /// `, or fewer when full`.
    pub or_full: Option<Span>,
    /// `repeated N times black wins`: the side the outcome is for.
    pub repeated_side: Option<Side>,
    pub span: Span,
}

/// `, perpetual chase OUTCOME except KINDS outside ZONE` on a repetition goal.
#[derive(Clone, Debug)]
pub struct ChaseDecl {
    /// The outcome for a side that chased throughout a repetition.
    pub outcome: Outcome,
    /// The kinds after `except`: they neither chase nor are chased.
    pub except: Vec<Name>,
    /// `outside ZONE`: those kinds are chased where they stand in the zone.
    pub outside: Option<Name>,
    pub span: Span,
}

/// The shape of a goal on pieces in a row.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum RowShape {
    /// `row of N`: on cells one after the other.
    Row,
    /// `line of N`: on one line, with any cells between.
    Line,
    /// `square of N`: filling N by N cells.
    Square,
    /// `chain of ... from ZONE to ZONE`: linking two zones.
    Chain,
}

/// What ends the game, and for which side.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GoalCondition {
    Checkmated,
    Stalemated,
    /// Every cell holds a piece.
    Full,
    /// The side has nothing but royal pieces on the board.
    Bare,
    /// The side has no piece of one of these kinds (`all`: no piece at all).
    /// `extinct KIND...` (at most 0 left) or `at most N KIND...`.
    Extinct(Vec<Name>, u8),
    /// The side's royal pieces have been checked this many times.
    Checked(u32, Span),
    /// A piece of the kind stands in the zone: the kind, the zone, whether
    /// only when its side's turn comes (`holds`), and whether it must stand
    /// there unattacked (`safely`).
    Reaches(Name, Name, bool, bool),
    /// The last moves were this many passes in a row.
    Passed(u32, Span),
    /// A piece of the first kind faces an enemy piece of the second along
    /// one of the directions, and the side to move has just passed.
    Faces(Name, Name, Vec<Name>),
    /// The position has stood this many times in the game.
    Repeated(u32, Span),
    /// `back and forth by KINDS`: the side that has just moved shuttled one
    /// piece (of these kinds; of any kind where none is named).
    BackAndForth(Vec<Name>),
    /// The halfmove clock has reached this many plies.
    Clock(u32, Span),
    /// Each side holds exactly one of these sets of pieces.
    Material(Vec<Vec<Name>>),
    /// The side that has just moved has N pieces of the kinds (`all`: of
    /// any kind) in a row, a line or a square along the directions; the
    /// count's span.
    Row(RowShape, u32, Span, Vec<Name>, Vec<Name>),
    /// `chain of KINDS from ZONE to ZONE along DIRS`.
    Chain(Vec<Name>, Name, Name, Vec<Name>),
    /// `[SIDE] castles along DIRS` (`true`) or `[SIDE] cannot castle along
    /// DIRS` (`false`).
    Castles(Option<Side>, bool, Vec<Name>),
}

/// The result for the side to move.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    Wins,
    Loses,
    Draws,
    /// Decided by counting the value of each side's pieces.
    Counts,
}

/// The text of a name, kept without a heap block when it is short: most names
/// are a few letters, and a rule file may hold hundreds of thousands of them
/// (a `String` of one letter takes 24 bytes and a heap block of 32).
#[derive(Clone)]
pub struct Text(TextRepr);

#[derive(Clone)]
enum TextRepr {
    /// Up to [`Text::INLINE`] bytes, and how many are used.
    Inline(u8, [u8; Text::INLINE]),
    Heap(Box<str>),
}

impl Text {
    /// The longest text kept inline: the whole value is 24 bytes, as a `String`.
    const INLINE: usize = 22;

    pub fn as_str(&self) -> &str {
        match &self.0 {
            TextRepr::Inline(len, bytes) => {
                std::str::from_utf8(&bytes[..*len as usize]).expect("copied whole from a str")
            }
            TextRepr::Heap(text) => text,
        }
    }
}

impl From<&str> for Text {
    fn from(text: &str) -> Text {
        if text.len() <= Text::INLINE {
            let mut bytes = [0; Text::INLINE];
            bytes[..text.len()].copy_from_slice(text.as_bytes());
            Text(TextRepr::Inline(text.len() as u8, bytes))
        } else {
            Text(TextRepr::Heap(text.into()))
        }
    }
}

impl From<String> for Text {
    fn from(text: String) -> Text {
        Text::from(text.as_str())
    }
}

impl std::ops::Deref for Text {
    type Target = str;
    fn deref(&self) -> &str {
        self.as_str()
    }
}

impl std::borrow::Borrow<str> for Text {
    fn borrow(&self) -> &str {
        self.as_str()
    }
}

impl std::fmt::Display for Text {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

impl std::fmt::Debug for Text {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Debug::fmt(self.as_str(), f)
    }
}

impl PartialEq for Text {
    fn eq(&self, other: &Text) -> bool {
        self.as_str() == other.as_str()
    }
}

impl Eq for Text {}

impl std::hash::Hash for Text {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.as_str().hash(state)
    }
}

impl PartialEq<str> for Text {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<&str> for Text {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

impl PartialEq<String> for Text {
    fn eq(&self, other: &String) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<Text> for String {
    fn eq(&self, other: &Text) -> bool {
        self == other.as_str()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_text_is_the_size_of_a_string_and_holds_short_names_inline() {
        assert_eq!(std::mem::size_of::<Text>(), std::mem::size_of::<String>());
        for text in [
            "",
            "a1",
            "Promoted-Silver-Gen",
            "ÿ€😀 long enough to leave the inline room",
        ] {
            let t = Text::from(text);
            assert_eq!(t.as_str(), text);
            assert_eq!(format!("{t:?}"), format!("{text:?}"));
        }
        assert!(matches!(
            Text::from("a".repeat(22).as_str()).0,
            TextRepr::Inline(..)
        ));
        assert!(matches!(
            Text::from("a".repeat(23).as_str()).0,
            TextRepr::Heap(..)
        ));
    }
}

/// `place KIND after every move: MODIFIERS`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WallingDecl {
    /// The neutral kind placed.
    pub kind: Name,
    /// `new`: every placement adds a piece.
    pub new: bool,
    /// `to ZONE`: only onto the zone's cells.
    pub zone: Option<Name>,
    /// `at origin` or `shot`: where, relative to the move.
    pub at: WallAt,
    /// `shields`: a move's legality is tested with the placement made.
    pub shields: bool,
    /// The statement, for errors.
    pub span: Span,
}

/// Where a placement goes, relative to the move it follows.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum WallAt {
    /// Any empty cell.
    Anywhere,
    /// `at origin`: the cell the moved piece left.
    Origin,
    /// `shot`: a cell the moved piece could move to next, quietly.
    Shot,
}
