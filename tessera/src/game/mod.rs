//! The compiled game: an immutable, index-based description of a variant.
//!
//! Everything move generation needs is precomputed here: step lists per side,
//! direction and cell; leap targets; zones as bit sets; reverse tables for attack
//! tests. Names are kept only for display and notation.

mod access;
mod bit_counts;
mod bit_tables;
mod cellset;
mod csr;
mod layout;
mod look;
mod move_table;
mod shuffle;

pub(crate) use bit_counts::{
    BitCountTable, BitCounts, BitKey, BitReach, BitRun, ShiftRun, Word, MAX_SHIFT_KINDS,
};
pub(crate) use bit_tables::{
    cells_of, first_in, next_to, BitTables, LineOrder, Shift, MAX_BIT_CELLS,
};
pub use cellset::CellSet;
pub use shuffle::Shuffle;
pub(crate) use shuffle::ShuffleStep;
pub(crate) mod shuffle_parts {
    pub(crate) use super::shuffle::{mask_below, place, radix};
}
pub(crate) use cellset::{cells_in, words_for};
pub(crate) use csr::Csr;
pub(crate) use layout::Layout;
pub(crate) use look::{AxisLabels, BoardStyle, Look, PieceLook, ThaiShape};
pub(crate) use move_table::{CaptureEntry, MoveTable, Run, RunCell};

use indexmap::IndexMap;
use std::fmt;

/// No cell: the end of a line.
pub(crate) const NO_CELL: Cell = u16::MAX;

/// In the one-cell step tables: the step branches, see the list tables.
pub(crate) const BRANCH: Cell = u16::MAX - 1;

/// A cell's index: its place in [`Game::cell_names`].
pub type Cell = u16;
/// A piece kind's index: its place in the rule file's order of `piece` statements.
pub type Kind = u8;

/// A piece on a board cell: 0 is empty, otherwise `1 + kind * 2 + side`.
pub type Code = u8;

/// A compiled game's identity: drawn from a counter of the process when the
/// game is compiled, so that two games compiled in one process never share
/// one (the counter has 2^32 values, and wraps only after four billion
/// compiles). 0 is no game (the default).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct GameId(u32);

impl GameId {
    /// A new identity, never 0.
    pub(crate) fn fresh() -> GameId {
        use std::sync::atomic::{AtomicU32, Ordering};
        static NEXT: AtomicU32 = AtomicU32::new(1);
        loop {
            let id = NEXT.fetch_add(1, Ordering::Relaxed);
            if id != 0 {
                return GameId(id);
            }
        }
    }
}

/// One of the two sides. White moves first unless the setup says otherwise.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    /// The side that moves first in most games.
    White = 0,
    /// The other side.
    Black = 1,
}

impl Side {
    /// 0 for White, 1 for Black: the index of per-side tables.
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }

    /// The other side.
    #[inline]
    pub fn opposite(self) -> Side {
        match self {
            Side::White => Side::Black,
            Side::Black => Side::White,
        }
    }

    /// `white` or `black`, as rule files write it.
    pub fn name(self) -> &'static str {
        match self {
            Side::White => "white",
            Side::Black => "black",
        }
    }
}

/// The code of a piece of `kind` owned by `side`.
///
/// # Panics
/// In debug builds, for a kind past 126, whose code would not fit a byte
/// (no game has so many kinds: [`crate::limits`]); release builds wrap.
#[inline]
pub fn code(kind: Kind, side: Side) -> Code {
    1 + kind * 2 + side as u8
}

/// The kind of a non-empty code.
///
/// # Panics
/// In debug builds, for the code 0 (an empty cell); release builds wrap.
#[inline]
pub fn kind_of(code: Code) -> Kind {
    (code - 1) / 2
}

/// The side of a non-empty code.
///
/// # Panics
/// In debug builds, for the code 0 (an empty cell); release builds wrap.
#[inline]
pub fn side_of(code: Code) -> Side {
    if (code - 1) & 1 == 0 {
        Side::White
    } else {
        Side::Black
    }
}

/// One axis of the grid, for naming coordinates.
#[derive(Clone, Debug)]
pub(crate) struct Axis {
    /// The axis's name, as the `grid` declaration gives it.
    pub name: String,
    /// The label of coordinate 0, either a letter or a number.
    pub first: AxisLabel,
    /// The number of coordinates along the axis (`0..len`).
    pub len: i64,
}

/// How an axis labels its coordinates.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum AxisLabel {
    /// Coordinates are letters from this one on, as files `a..h`.
    Letter(char),
    /// Coordinates are numbers from this one on, as ranks `1..8`.
    Number(i64),
}

/// The name of a coordinate: its labels in axis order, as `Ac3`.
pub(crate) fn coord_name(axes: &[Axis], coord: &[i64]) -> String {
    axes.iter()
        .zip(coord)
        .map(|(axis, &v)| axis.label(v))
        .collect()
}

impl Axis {
    /// The label of coordinate `v`: `e`, `4`, or `?` past the letters.
    pub fn label(&self, v: i64) -> String {
        match self.first {
            AxisLabel::Letter(first) => {
                char::from_u32((first as i64 + v) as u32).map_or("?".into(), String::from)
            }
            AxisLabel::Number(first) => (first + v).to_string(),
        }
    }
}

/// A cell: its name and the grid coordinates it stands on (none for a free cell).
#[derive(Clone, Debug)]
pub(crate) struct CellInfo {
    /// The cell's name, as moves and notation write it.
    pub name: String,
    /// The grid coordinates of every grid cell merged into this one (one per cell
    /// normally, several for a merged cell, none for a free cell).
    pub coords: Vec<Vec<i64>>,
}

/// Whether a movement may end on an empty cell, on an enemy, or both.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Modality {
    /// It may end on an empty cell or capture.
    Both,
    /// It may end only on an empty cell (`move`).
    Quiet,
    /// It may end only by capturing (`capture`).
    Capture,
}

impl Modality {
    /// Whether the movement may end by capturing.
    pub fn may_capture(self) -> bool {
        self != Modality::Quiet
    }
    /// Whether the movement may end on an empty cell.
    pub fn may_move(self) -> bool {
        self != Modality::Capture
    }
}

/// One compiled leg of a movement.
#[derive(Clone, Debug)]
pub(crate) enum Leg {
    /// One step in each listed direction.
    Step(Vec<u8>),
    /// Repeated steps in one direction.
    Slide(Vec<u8>, Reach),
    /// Up to a number of single steps, each in any of the directions, through
    /// empty cells; the destinations are every cell so reached.
    Path(Vec<u8>, Reach),
    /// A jump to the targets of a leap table: the first for White, the second
    /// for Black (the same table for a symmetric leap).
    Leap([usize; 2]),
    /// Along one direction over empty cells to a first piece (the screen),
    /// over it, then on like a slide of at most `Reach` steps beyond it.
    Hop(Vec<u8>, Reach),
}

/// How many steps a slide or path may take.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Reach {
    /// At most this many steps (`up to N`; unlimited as `u32::MAX`).
    Steps(u32),
    /// As many as the moving piece's counter shows.
    Counter,
}

/// A number each piece of a kind carries, such as a die.
#[derive(Clone, Debug)]
pub(crate) struct Counter {
    /// The lowest value the counter can show.
    pub low: u8,
    /// The highest value the counter can show.
    pub high: u8,
    /// The value a new piece starts with.
    pub start: u8,
}

/// One compiled movement of a piece kind.
#[derive(Clone, Debug)]
pub(crate) struct Movement {
    /// The legs, played one after the other.
    pub legs: Vec<Leg>,
    /// Whether it may end on an empty cell, by capturing, or both.
    pub modality: Modality,
    /// Only while the piece has not moved (`first`).
    pub first_only: bool,
    /// Only once the piece has moved (`not first`).
    pub later_only: bool,
    /// Only from cells of this zone (an index into [`Game::zone_names`]).
    pub from_zone: Option<usize>,
    /// Not from cells of this zone (an index into [`Game::zone_names`]).
    pub not_from_zone: Option<usize>,
    /// Only onto cells of this zone (an index into [`Game::zone_names`]).
    pub to_zone: Option<usize>,
    /// Not onto cells of this zone (an index into [`Game::zone_names`]).
    pub not_to_zone: Option<usize>,
    /// Whether the move leaves the cells it passed over open to an en passant capture.
    pub sets_en_passant: bool,
    /// Whether it may capture en passant.
    pub takes_en_passant: bool,
    /// Whether the cells between legs may be occupied.
    pub jumping: bool,
    /// Whether the move may not leave the opponent's royal piece attacked.
    pub not_checking: bool,
    /// `not in check`: only while the mover's side is not in check.
    pub not_in_check: bool,
    /// Whether paths are generated leg by leg over sets of cells rather than one
    /// by one: set by the compiler where the paths could be too many to follow.
    pub breadth_first: bool,
    /// The kinds it may capture (bit `k` for kind `k`; every kind by default).
    pub capture_kinds: u128,
    /// The kinds a hop may pass over (every kind by default).
    pub screen_kinds: u128,
    /// `within N`: a hop lands at most `N` steps from where it starts
    /// (`u16::MAX`: anywhere its reach allows), as bytes so that the
    /// movement's other fields keep their places (see [`Movement::hop_within`]).
    pub hop_within_bytes: [u8; 2],
}

/// Every kind, as a mask.
pub(crate) const ALL_KINDS: u128 = u128::MAX;

impl Movement {
    /// `within N`: how many steps from its start a hop may land
    /// (`u32::MAX` for no limit).
    #[inline]
    pub fn hop_within(&self) -> u32 {
        match u16::from_le_bytes(self.hop_within_bytes) {
            u16::MAX => u32::MAX,
            n => u32::from(n),
        }
    }

    /// Whether its captures are tested forwards, along the move table's runs
    /// (several legs, legs that jump, a hop within a range), rather than
    /// looked up backwards from the attacked cell.
    #[inline]
    pub fn attacks_forward(&self) -> bool {
        self.legs.len() > 1 || self.jumping || self.hop_within() != u32::MAX
    }

    /// Whether a piece of `side` on `from` may start this movement, as far as the
    /// origin zones say.
    #[inline]
    pub fn origin_allowed(&self, game: &Game, side: Side, from: Cell) -> bool {
        self.from_zone.is_none_or(|z| game.in_zone(z, side, from))
            && self
                .not_from_zone
                .is_none_or(|z| !game.in_zone(z, side, from))
    }
}

/// `promote in place ZONE to KIND...`: a move that turns the piece into
/// another kind where it stands.
#[derive(Clone, Debug)]
pub(crate) struct InPlace {
    /// Where the piece must stand (an index into [`Game::zone_names`]).
    pub zone: usize,
    /// The kinds it may turn into.
    pub targets: Vec<Kind>,
    /// `anywhere when last`: its side's last piece of its kind, anywhere.
    pub last_anywhere: bool,
    /// `moving`: also onto an empty cell the new kind could move to.
    pub moving: bool,
    /// `not attacking`: the new piece may attack no enemy piece.
    pub not_attacking: bool,
    /// `not checking`: the move may not give check.
    pub not_checking: bool,
    /// `at most N`: not past `N` pieces of the new kind on the board.
    pub at_most: Option<u32>,
    /// Whether the new piece is a promoted copy (`marked`, or implied by
    /// captures that change sides).
    pub marked: bool,
}

/// Promotion of a piece kind on reaching (or leaving) a zone.
#[derive(Clone, Debug)]
pub(crate) struct Promotion {
    /// Whether the zone is tested on the move's origin rather than its destination.
    pub on_origin: bool,
    /// The zone that triggers the promotion (an index into [`Game::zone_names`]).
    pub zone: usize,
    /// The kinds the piece may become.
    pub targets: Vec<Kind>,
    /// Pools the new piece is taken from; empty when it comes from nowhere.
    pub from_pools: Vec<usize>,
    /// The pool the promoting piece goes to, when the new piece comes from a pool.
    pub itself_to: Option<usize>,
    /// Whether the new piece is a promoted copy (`, marked`, or implied by
    /// captures that change sides).
    pub marked: bool,
    /// Whether the piece may also stay as it is.
    pub optional: bool,
    /// A kind may be chosen only while its side has fewer of it on the board
    /// than the setup gave it.
    pub only_captured: bool,
    /// `at most N`: a kind may be chosen only while its side has fewer than
    /// `N` pieces of it (its copies included) on the board.
    pub at_most: Option<u32>,
    /// `, not en passant`: the rule does not apply to en-passant captures.
    pub not_en_passant: bool,
    /// `, on capture`: the rule applies only to the piece's captures.
    pub on_capture: bool,
}

impl Promotion {
    /// Whether this rule applies to a move of `side` from `from` to `to`.
    #[inline]
    pub fn applies(&self, game: &Game, side: Side, from: Cell, to: Cell) -> bool {
        game.in_zone(self.zone, side, if self.on_origin { from } else { to })
    }
}

/// A notation of moves, as `notation moves` names it; each is written as
/// Fairy-Stockfish writes the notation of the same name
/// (`notation::own` writes and reads them).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum MoveNotation {
    /// Standard algebraic notation (`Nf3`, `exd5`, `P@e4`).
    #[default]
    San,
    /// Long algebraic notation: SAN with the origin always (`Ng1-f3`).
    Lan,
    /// Files numbered from the right and ranks from the top (`P-76`,
    /// `S*34`), promotion `+` or declined `=`.
    ShogiHodgesNumber,
    /// As `ShogiHodgesNumber` with ranks lettered from the top (`P-7f`).
    ShogiHodges,
    /// As `ShogiHodgesNumber` without the `-` of a plain move, drops with
    /// `'` (`P76`, `S'34`).
    ShogiHosking,
    /// WXF: files numbered from the mover's right, `+`/`-`/`=` for
    /// forward, backward, sideways, then the steps or the file (`R9+1`).
    XiangqiWxf,
    /// Origin and destination as rank from the top (10 as 0) then file from
    /// the left (`H02-83`).
    Janggi,
    /// Thai SAN: SAN with Thai letters for the files (ก to น), Thai digits
    /// for the ranks and Thai letters for the pieces, `-` before the
    /// destination of a piece's plain move (`ม-ง๒`, `ก๔`).
    ThaiSan,
    /// Thai LAN: the piece's Thai letter (a pawn's too), a space, the
    /// origin, `-` or `x`, the destination (`บ ก๓-ก๔`).
    ThaiLan,
}

impl MoveNotation {
    /// Every notation, in the order `notation moves` documents them.
    pub const ALL: [MoveNotation; 9] = [
        MoveNotation::San,
        MoveNotation::Lan,
        MoveNotation::ShogiHodgesNumber,
        MoveNotation::ShogiHodges,
        MoveNotation::ShogiHosking,
        MoveNotation::XiangqiWxf,
        MoveNotation::Janggi,
        MoveNotation::ThaiSan,
        MoveNotation::ThaiLan,
    ];

    /// The name `notation moves` gives it (`shogi-hodges-number`).
    pub fn name(self) -> &'static str {
        match self {
            MoveNotation::San => "san",
            MoveNotation::Lan => "lan",
            MoveNotation::ShogiHodgesNumber => "shogi-hodges-number",
            MoveNotation::ShogiHodges => "shogi-hodges",
            MoveNotation::ShogiHosking => "shogi-hosking",
            MoveNotation::XiangqiWxf => "xiangqi-wxf",
            MoveNotation::Janggi => "janggi",
            MoveNotation::ThaiSan => "thai-san",
            MoveNotation::ThaiLan => "thai-lan",
        }
    }

    /// The notation of that name, in any case.
    pub fn from_name(name: &str) -> Option<MoveNotation> {
        MoveNotation::ALL
            .into_iter()
            .find(|n| n.name().eq_ignore_ascii_case(name))
    }
}

/// How a kind is written beside its letter.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Mark {
    /// Its own letter.
    Plain,
    /// Declared with the letter `+X`: the promoted form of the kind lettered X,
    /// to which it reverts when captured into a hand.
    Promoted(Kind),
    /// A copy of a kind made by promoting the given kind, in a game whose
    /// captured pieces change sides, so that it reverts when captured; written
    /// with `~` after its letter.
    Copy(Kind),
}

/// A piece kind.
#[derive(Clone, Debug)]
pub struct PieceDef {
    /// The kind's name in the rule file.
    pub(crate) name: String,
    /// Its letter in notation, in upper case (Black's pieces are written in
    /// lower case).
    pub(crate) letter: char,
    /// Its value (`value N`), in points: for counting goals and the evaluation.
    pub(crate) value: i64,
    /// Whether it is royal (`royal`): check and checkmate are about it.
    pub(crate) royal: bool,
    /// Belongs to neither side: nobody captures it (it is kept as White's).
    pub(crate) neutral: bool,
    /// Its movements, in source order.
    pub(crate) movements: Vec<Movement>,
    /// Every `promote` rule, in source order.
    pub(crate) promotions: Vec<Promotion>,
    /// Every `promote in place` rule, in source order.
    pub(crate) in_place: Vec<InPlace>,
    /// How it is written beside its letter.
    pub(crate) mark: Mark,
    /// The kind this one stands for in goals and rules that name kinds: itself,
    /// or for a [`Mark::Copy`], the kind it copies.
    pub(crate) base: Kind,
    /// Whether two movements or paths may reach one cell, so that generated
    /// moves need deduplication.
    pub(crate) may_duplicate: bool,
    /// Whether the position remembers if this piece has moved: it has a `first`
    /// movement or castles. For other kinds the flag would be noise in a
    /// position's identity.
    pub(crate) tracks_unmoved: bool,
    /// The number the piece carries, if it has one.
    pub(crate) counter: Option<Counter>,
    /// How much a capture lowers the counter (never below its low end).
    pub(crate) on_capture_lower: u8,
    /// `on capture become KIND`: what the piece turns into after a capture.
    pub(crate) on_capture_become: Option<Kind>,
    /// The kinds it promotes to that promote back to it (bit `k` for kind
    /// `k`): such a promotion can be undone, so it keeps the halfmove clock,
    /// as in Fairy-Stockfish.
    pub(crate) undoable_promotions: u128,
    /// Whether a move of this kind restarts the halfmove clock (`clock reset
    /// by`; by default, the kinds that promote).
    pub(crate) resets_clock: bool,
    /// For a kind that resets the clock and has moves it can take back (a
    /// pawn that steps sideways): per side and cell, the cells it reaches on
    /// an empty board. A move it could take back at once does not reset the
    /// clock, as in Fairy-Stockfish. `None` where no move can be taken back.
    pub(crate) reversible: Option<Box<[Vec<CellSet>; 2]>>,
    /// Its movements in Betza's notation, for display; or why they have none.
    pub(crate) betza: Result<String, String>,
}

impl PieceDef {
    /// The counter value a new piece of this kind starts with (0 without counter).
    pub fn start_state(&self) -> u8 {
        self.counter.as_ref().map_or(0, |c| c.start)
    }

    /// The pool a promoting piece goes to when its new piece comes out of
    /// `pool`.
    pub fn itself_to(&self, pool: usize) -> Option<usize> {
        self.promotions
            .iter()
            .find(|p| p.from_pools.contains(&pool) && p.itself_to.is_some())
            .and_then(|p| p.itself_to)
    }

    /// The kinds its promotions make, on a zone or in place, in source order.
    pub fn promotion_targets(&self) -> impl Iterator<Item = Kind> + '_ {
        let moving = self.promotions.iter().flat_map(|r| &r.targets);
        moving
            .chain(self.in_place.iter().flat_map(|r| &r.targets))
            .copied()
    }

    /// The kind a captured piece of this kind becomes in its captor's hand.
    pub fn demoted(&self, own: Kind) -> Kind {
        match self.mark {
            Mark::Plain => own,
            Mark::Promoted(k) | Mark::Copy(k) => k,
        }
    }
}

/// A goal on material: a side with no piece left of one of `kinds` (each a
/// mask of kinds that count as one), or with no piece at all when `kinds` is
/// empty; pieces in pools count.
#[derive(Clone, Debug)]
pub(crate) struct Extinction {
    /// The groups of kinds, one mask each; a side with none of one group left
    /// (at most `at_most`) gets the outcome.
    pub kinds: Vec<u128>,
    /// How many pieces of a group may be left for the goal to apply (`at
    /// most N`; 0 for `extinct`); with no group, of all pieces together.
    pub at_most: u8,
    /// `, if the other side has N`: the goal applies only while the other
    /// side has at least this many pieces of the same group (0: always).
    pub other_at_least: u8,
    /// The outcome for the side left without the kinds.
    pub outcome: Outcome,
}

/// The goals that need the game so far, or that end a game no move of which
/// is illegal: repetition, the halfmove clock, material that cannot win.
/// Each outcome is for the side to move.
#[derive(Clone, Debug, Default)]
pub(crate) struct RecordGoals {
    /// The position has stood this many times.
    pub repetition: Option<(u8, Outcome)>,
    /// The halfmove clock has reached this many plies.
    pub clock: Option<(u32, Outcome)>,
    /// Each side holds exactly one of these sets of pieces.
    pub material: Option<(Vec<MaterialSet>, Outcome)>,
    /// `, perpetual check OUTCOME` on the repetition goal: the outcome for
    /// a side that gave check with every one of its moves since the first
    /// time the repeated position stood (a draw where both sides did).
    pub perpetual: Option<Outcome>,
    /// `, perpetual chase OUTCOME ...` on the repetition goal.
    pub chase: Option<ChaseRule>,
    /// `, longer after N checks` on the clock goal: each check beyond `N`
    /// by the side that gave more of them, within the plies the clock
    /// counts, adds two plies to its limit (once the game is 20 plies old).
    pub clock_checks: Option<u32>,
    /// `repeated N times black wins`: the repetition's outcome is this
    /// side's, whoever is to move (otherwise the side to move's).
    pub repetition_side: Option<Side>,
    /// `back and forth by KINDS OUTCOME`: the kinds whose shuttling counts
    /// (every kind where none is named), and the outcome for the side to
    /// move when the side that has just moved shuttled one of them.
    pub back_and_forth: Option<(u128, Outcome)>,
}

/// `, perpetual chase OUTCOME except KINDS outside ZONE`: the outcome for a
/// side that chased a piece with every one of its moves since the first time
/// the repeated position stood (a draw where both sides did), after a
/// perpetual check.
#[derive(Clone, Debug)]
pub(crate) struct ChaseRule {
    pub outcome: Outcome,
    /// The kinds that neither chase nor are chased (bit `k` for kind `k`).
    pub except: u128,
    /// `outside ZONE`: pieces of those kinds standing in the zone (as their
    /// side sees it) may be chased.
    pub outside: Option<usize>,
}

/// A goal on pieces in a row (`goal row of N ...`, `line of N`, `square of
/// N`), judged for the side that has just moved.
#[derive(Clone, Debug)]
pub(crate) struct RowGoal {
    /// The shape the pieces must make.
    pub shape: crate::syntax::ast::RowShape,
    /// How many pieces (the side of the square).
    pub n: u8,
    /// The kinds that count, as a mask.
    pub kinds: u128,
    /// The directions: of the row or line; the two sides of the square.
    pub dirs: Vec<u8>,
    /// The outcome for the side that has just moved.
    pub outcome: Outcome,
    /// For a chain: the zones it links.
    pub zones: (usize, usize),
}

/// A set of pieces, as how many pieces of each group of kinds (a kind and
/// its promoted copies).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct MaterialSet {
    /// For each group: its kinds as a mask, and how many pieces of them.
    pub groups: Vec<(u128, u8)>,
}

/// A goal on reaching a zone: a piece of `kinds` of a side stands in the zone
/// as that side sees it.
#[derive(Clone, Debug)]
pub(crate) struct ReachGoal {
    /// The kinds that may reach it, as a mask.
    pub kinds: u128,
    /// The zone to reach (an index into [`Game::zone_names`]).
    pub zone: usize,
    /// `safely`: the piece counts only where no enemy piece attacks it.
    pub safely: bool,
    /// The outcome for the side with a piece in the zone.
    pub outcome: Outcome,
    /// The side that may answer a reach of the other side by reaching too,
    /// which draws.
    pub answer: Option<Side>,
    /// `holds`: only the side to move is tested, so a piece must still stand
    /// in the zone when its side's turn comes.
    pub held: bool,
    /// `N KIND reach ZONE`: how many pieces must stand in the zone (1 for
    /// `reaches`). With `safely`, where exactly this many stand there, none
    /// may be attacked; with more, they need not be.
    pub count: u8,
    /// `, or fewer when full`: at least one piece suffices once every cell
    /// of the zone holds a piece.
    pub or_full: bool,
}

/// `place KIND after every move`: the second part of every turn.
#[derive(Copy, Clone, Debug)]
pub struct Walling {
    /// The neutral kind placed.
    pub kind: Kind,
    /// `new`: each placement adds a piece; otherwise the one on the board
    /// moves.
    pub new: bool,
    /// `to ZONE`: only onto the zone's cells, as the mover sees it.
    pub zone: Option<usize>,
    /// Where, relative to the move.
    pub at: WallAt,
    /// `shields`: a move is legal when no royal piece of the mover is
    /// attacked with the placement made (it may parry a check, and a moved
    /// piece may open one); otherwise the move alone decides, with the
    /// placed piece where it stood.
    pub shields: bool,
}

/// Where a placement goes, relative to the move it follows.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum WallAt {
    /// Any cell empty after the move.
    Anywhere,
    /// The cell the moved piece left (`at origin`).
    Origin,
    /// A cell the moved piece could move to next, quietly (`shot`).
    Shot,
}

/// `captures explode`: a capture also removes the capturing piece and the
/// pieces one step from the capture cell along `dirs`, but those of `spared`
/// kinds.
#[derive(Clone, Debug)]
pub(crate) struct Explosion {
    /// The directions whose neighbours of the capture cell explode.
    pub dirs: Vec<u8>,
    /// The kinds the explosion spares, as a mask.
    pub spared: u128,
    /// The kinds it never removes, the capturing piece included, as a mask.
    pub immune: u128,
    /// `: captured`: the pieces it removes go where `captured to` sends
    /// captured pieces.
    pub captured: bool,
}

/// A drop rule: pieces of `kinds` from `pool` onto empty cells of `zone`.
#[derive(Clone, Debug)]
pub(crate) struct DropRule {
    /// The pool the pieces come from (an index into [`Game::pool_names`]).
    pub pool: usize,
    /// The kinds it drops (bit `k` for kind `k`).
    pub kinds: u128,
    /// The cells it drops onto (an index into [`Game::zone_names`]).
    pub zone: usize,
    /// `once per AXIS`: not onto a line along the axis holding a piece of the
    /// same kind and side.
    pub once_per: Option<usize>,
    /// How many pieces of the kind and side a line along `once_per` may hold
    /// and still take one more by a drop, plus one (1 for `once per`).
    pub per_line: u32,
    /// The drop may not checkmate.
    pub not_mating: bool,
    /// The drop may not give check.
    pub not_checking: bool,
    /// `anywhere`: also onto cells from which the piece could never move.
    pub anywhere: bool,
    /// A checkmate by such a drop loses for the side that gave it.
    pub mating_loses: bool,
    /// `next to DIRS`: only onto a cell one step, in one of these directions,
    /// from a piece of the mover (empty for no such condition).
    pub next_to: Vec<u8>,
    /// Per side, `next_to`'s directions as that side sees them, as shifts
    /// where the board allows (see [`Flip::shifts`]); empty otherwise.
    pub next_to_shifts: [Vec<Shift>; 2],
    /// `flipping`: only where the drop flips some piece (`flip`).
    pub flipping: bool,
    /// `not next to enemy DIRS`: not onto a cell one step, in one of these
    /// directions, from an enemy piece (empty for no such condition).
    pub not_next_to_enemy: Vec<u8>,
    /// `on top along DIRS`: only onto a cell whose next cell along one of
    /// these directions (as White sees them) holds a piece or does not exist.
    pub on_top: Vec<u8>,
    /// `pushed in along DIRS`: as `on_top`, with every cell behind it back
    /// to the edge empty.
    pub pushed_in: Vec<u8>,
    /// `sunk in along DIRS`: the line's first cell (at the edge, against
    /// the direction) empty, the cell held as by `on_top`, and no cell
    /// beyond it along the direction empty and held so. A cell allowed by
    /// `pushed_in` or `sunk_in` along some direction is allowed.
    pub sunk_in: Vec<u8>,
    /// `next to enemy DIRS`: only onto a cell one step, in one of these
    /// directions, from an enemy piece.
    pub next_to_enemy: Vec<u8>,
    /// `enclosing over KINDS along DIRS`: only onto a cell from which a line
    /// along one of these directions (as White sees them) runs over one or
    /// more pieces, each an enemy's or of `enclosing_over`, and ends on a
    /// piece of the mover.
    pub enclosing: Vec<u8>,
    /// The kinds (a bit each) an `enclosing` line may also run over.
    pub enclosing_over: u128,
    /// Whether any of the above applies.
    pub placed: bool,
    /// `until full`: while the zone has an empty cell, the pool drops only
    /// there, by such rules.
    pub until_full: bool,
    /// `also promoted`: a piece whose kind has a promoted form (`+X`) may
    /// also be dropped as that form.
    pub also_promoted: bool,
    /// `unmoved in ZONE`: a piece dropped onto a cell of the zone counts as
    /// not yet moved.
    pub unmoved_in: Option<usize>,
    /// `spread over ZONE ...`: the zones over which the side's pieces of the
    /// rule's kinds (on the board and in the pool) end spread evenly.
    pub spread: Vec<usize>,
    /// `compulsory`: while the mover's pool holds a piece this rule drops,
    /// the mover drops one by such a rule if it can; no other drop is legal.
    pub compulsory: bool,
}

/// `flip around DIRS` or `flip enclosed DIRS`: the enemy pieces a move or a
/// drop turns into the mover's.
#[derive(Clone, Debug)]
pub(crate) struct Flip {
    /// `enclosed`: the lines of enemy pieces between the landing cell and
    /// another piece of the mover; otherwise the enemy pieces one step away.
    pub enclosed: bool,
    /// The directions, as White sees them.
    pub dirs: Vec<u8>,
    /// Per direction of `dirs`, on a board of up to 128 cells where each is
    /// a shift of the cells' indices; empty where some is not, and the cells
    /// are tried one by one.
    pub shifts: Vec<Shift>,
    /// `: drops next to own`: a dropped piece flips only where a piece of its
    /// side stands one step away in one of `dirs`.
    pub drops_next_to_own: bool,
}

impl Flip {
    /// The empty cells (of `empty`) where a piece of the side whose pieces
    /// stand on `own` would flip some enemy (on `enemy`; neutral pieces in
    /// neither set) if it landed, found for the whole board at once: from
    /// the side's pieces, against each direction, over one or more enemies
    /// (or one step from an enemy, without `enclosed`) to an empty cell.
    /// `None` where the directions are not shifts.
    #[inline]
    pub(crate) fn landings_that_flip(&self, own: u128, enemy: u128, empty: u128) -> Option<u128> {
        if self.shifts.is_empty() {
            return None;
        }
        let mut landings = 0;
        for &shift in &self.shifts {
            let mut run = if self.enclosed {
                shift.back(own) & enemy
            } else {
                enemy
            };
            if self.enclosed {
                loop {
                    let longer = run | shift.back(run) & enemy;
                    if longer == run {
                        break;
                    }
                    run = longer;
                }
            }
            landings |= shift.back(run) & empty;
        }
        Some(landings)
    }

    /// Calls `each` with every cell whose enemy piece a piece of `side` landing
    /// on `at` flips by this rule: one step away, or enclosed on a line between `at`
    /// and another piece of `side`. Neutral pieces never flip and close no line.
    pub(crate) fn flipped(
        &self,
        game: &Game,
        side: Side,
        at: Cell,
        piece_at: impl Fn(Cell) -> Code,
        mut each: impl FnMut(Cell),
    ) {
        let neutral = |p: Code| game.pieces[kind_of(p) as usize].neutral;
        let enemy = |c: Cell| {
            let p = piece_at(c);
            p != 0 && side_of(p) != side && !neutral(p)
        };
        for &d in &self.dirs {
            if !self.enclosed {
                for &c in game.step(Side::White, d, at) {
                    if enemy(c) {
                        each(c);
                    }
                }
                continue;
            }
            // A line of enemy pieces closed by a piece of the mover; lines do
            // not branch here (the first cell of each step is followed).
            let mut c = at;
            let mut n = 0;
            let closed = loop {
                let Some(&next) = game.step(Side::White, d, c).first() else {
                    break false;
                };
                // A line that comes back, or runs round a loop of links.
                if next == at || n >= game.cell_count() {
                    break false;
                }
                c = next;
                if enemy(c) {
                    n += 1;
                    continue;
                }
                let p = piece_at(c);
                break p != 0 && side_of(p) == side && !neutral(p);
            };
            if closed && n > 0 {
                let mut c = at;
                for _ in 0..n {
                    c = game.step(Side::White, d, c)[0];
                    each(c);
                }
            }
        }
    }
}

/// A phase of the game: while the mover's move number is in `first..=last`,
/// only pieces of `kinds` may move (only unmoved ones when `unmoved`).
#[derive(Clone, Debug)]
pub(crate) struct Phase {
    /// The first move number of the phase (the FEN move number: both sides'
    /// first moves are move 1).
    pub first: u32,
    /// The last move number of the phase.
    pub last: u32,
    /// Only pieces that have not moved yet may move.
    pub unmoved: bool,
    /// The kinds that may move.
    pub kinds: Vec<Kind>,
}

/// Castling of a piece with a partner, in one or more directions. The king's
/// path is tested for attack only when the king is royal.
#[derive(Clone, Debug)]
pub(crate) struct Castling {
    /// The kind of the piece that castles (the king).
    pub king: Kind,
    /// The kind of its partner (the rook).
    pub rook: Kind,
    /// The directions it may castle along.
    pub dirs: Vec<u8>,
    /// The fewest steps the king makes (`king N`), at least 1.
    pub king_min: u32,
    /// `false`: exactly `king_min` steps; `true`: any number from `king_min`.
    pub king_open: bool,
    /// Whether the partner may land on any cell from the king's start to the
    /// last cell it passed (`rook behind`) rather than only on that last one
    /// (`rook beside`).
    pub rook_behind: bool,
    /// `king to ZONE, rook to ZONE`: the zones whose cell (the first, as the
    /// side sees the zone) each lands on, whatever the distance (Chess960).
    pub fixed: Option<(usize, usize)>,
    /// `, not checking`: the castling may not give check.
    pub not_checking: bool,
    /// `, opposite`: castling on a wing takes the other side's right on that
    /// wing (its first partner there counts as moved).
    pub opposite: bool,
}

/// The outcome for the side to move when a goal condition holds.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Outcome {
    /// The side to move wins.
    Wins,
    /// The side to move loses.
    Loses,
    /// The game is drawn.
    Draws,
    /// The side whose pieces on the board are worth more (by `value`, plus its
    /// `count bonus`) wins; equal counts draw.
    Counts,
}

/// `goal KIND faces KIND along DIRS`: a piece of `kinds` and an enemy piece
/// of `others` on one line of `dirs` with only empty cells between.
#[derive(Clone, Debug)]
pub(crate) struct Facing {
    /// The kinds that face, as a mask.
    pub kinds: u128,
    /// The enemy kinds they face, as a mask.
    pub others: u128,
    /// The directions of the lines they face along.
    pub dirs: Vec<u8>,
    /// The outcome for the side to move once a pass leaves them facing.
    pub outcome: Outcome,
}

/// `goal castles along DIRS` and `goal cannot castle along DIRS`: a side
/// that has just castled along one of the directions, or that has lost for
/// good its castling along all of them.
#[derive(Clone, Debug)]
pub(crate) struct CastleGoal {
    /// The side it applies to; `None`: both.
    pub side: Option<Side>,
    /// The directions, as the side sees them.
    pub dirs: Vec<u8>,
    /// `castles` (`true`) or `cannot castle` (`false`).
    pub castles: bool,
    /// The outcome for the side it names.
    pub outcome: Outcome,
}

/// The unconditional attacks, grouped for one backward walk per direction: a
/// bit `k` of a mask stands for piece kind `k`.
#[derive(Clone, Debug, Default)]
pub(crate) struct AttackRays {
    /// Per direction and distance `1..=NEAR`: the kinds that attack along that
    /// direction from that far (steps, limited and unlimited slides).
    pub near: Vec<[KindMasks; NEAR]>,
    /// Per direction: the kinds that attack along it from any distance.
    pub far: Vec<KindMasks>,
    /// Per direction: the longest distance any kind attacks from along it.
    pub reach: Vec<u32>,
    /// Per direction: whether the kinds attacking from two steps or more are
    /// those attacking from any distance (`far`), so that only "adjacent or
    /// not" matters, not the distance.
    pub adjacent_or_far: Vec<bool>,
    /// Directions some kind attacks along.
    pub dirs: Vec<u8>,
    /// Directions of every capturing slide, conditional or not: the lines along
    /// which moving a piece away can uncover an attack.
    pub slide_dirs: Vec<u8>,
    /// Per direction: the kinds with a capturing slide along it, conditional
    /// or not (bit `k` for kind `k`).
    pub slide_kinds: Vec<u128>,
    /// Whether moving a piece can uncover an attack other than along a slide, a
    /// path or a multi-leg capture's run (onto a hop's line, as its screen), so
    /// that no move can be assumed safe.
    pub uncovers_anywhere: bool,
    /// Every capturing path movement.
    pub path_lines: Vec<PathLine>,
    /// The promotion zones where some kind attacks only while its pools hold
    /// a piece to promote to: a capture, filling the enemy's pools, can then
    /// create an attack anywhere in such a zone.
    pub pool_zones: Vec<usize>,
    /// Per attacking side: leap tables with the kinds that leap by them.
    pub leapers: [Vec<(usize, KindMasks)>; 2],
    /// Per kind: the origin zones (`from`, `not from`) its zoned entries obey.
    pub origin_rules: Vec<Option<(Option<usize>, Option<usize>)>>,
}

/// A capturing path movement, for finding the pieces that block one.
#[derive(Clone, Debug)]
pub(crate) struct PathLine {
    /// The kind that moves along the path.
    pub kind: Kind,
    /// The directions of its steps.
    pub dirs: Vec<u8>,
    /// How many steps it may take.
    pub reach: Reach,
    /// The longest the path can be.
    pub most: u32,
}

/// How many distances along a direction the attack rays list one by one.
pub(crate) const NEAR: usize = 8;

/// Piece kinds as bit masks (bit `k` for kind `k`), by the condition on the
/// attacker: none, not yet moved (`first`), or moved (`not first`).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct KindMasks {
    /// Kinds that attack unconditionally.
    pub always: u128,
    /// Kinds that attack only while unmoved (`first`).
    pub unmoved: u128,
    /// Kinds that attack only once moved (`not first`).
    pub moved: u128,
    /// Kinds that attack only from cells their origin rule allows.
    pub zoned: u128,
}

impl KindMasks {
    /// Adds the kind bit `bit` under the condition of a movement.
    pub fn add(&mut self, bit: u128, first_only: bool, later_only: bool, zoned: bool) {
        match (zoned, first_only, later_only) {
            (true, _, _) => self.zoned |= bit,
            (_, true, _) => self.unmoved |= bit,
            (_, _, true) => self.moved |= bit,
            _ => self.always |= bit,
        }
    }
}

/// A single attack pattern for the reverse attack test.
#[derive(Clone, Debug)]
pub(crate) struct AttackPattern {
    /// The attacking kind.
    pub kind: Kind,
    /// The movement's index in the kind's `movements`.
    pub movement: usize,
    /// The movement's one leg.
    pub leg: Leg,
}

/// The immutable compiled game. Its fields are the crate's, grouped by what
/// they describe (the board, the pieces, the start, the rules of play, the
/// goals, the pools, the tables derived for speed, the layout of pictures);
/// a program reads a game through its accessors.
#[derive(Clone, Debug)]
pub struct Game {
    /// Which compiled game this is, stamped into the moves the library hands
    /// out so that the checked doors refuse a move of another game. A clone
    /// keeps it: its rules, and so its moves, are the same.
    pub(crate) id: GameId,
    /// The game's name (`game "NAME"`).
    pub(crate) title: String,
    /// The board: cells, directions, steps, leaps and zones.
    pub(crate) board: Board,
    /// Every piece kind, indexed by [`Kind`].
    pub(crate) pieces: Vec<PieceDef>,
    /// The start: what the setup places, and who moves first.
    pub(crate) start: Start,
    /// The rules of play besides the pieces' own movements.
    pub(crate) rules: Rules,
    /// How a game ends and who wins.
    pub(crate) goals: Goals,
    /// The pools (hands) and the moves into and out of them.
    pub(crate) pools: Pools,
    /// Tables derived from the rules for speed: the attack tests', the move
    /// table, bit sets, and whether legality may use shortcuts.
    pub(crate) tables: Tables,
    /// How pictures draw the board (`layout`).
    pub(crate) layout: Layout,
    /// How pictures draw the board and the pieces and name the sides (`look`).
    pub(crate) look: Look,
}

/// The board: cells, their names and coordinates, directions, steps and
/// leaps, zones.
#[derive(Clone, Debug)]
pub(crate) struct Board {
    /// The grid's axes, in declaration order.
    pub(crate) axes: Vec<Axis>,
    /// Every cell, indexed by [`Cell`].
    pub(crate) cells: Vec<CellInfo>,
    /// Cell names to cells.
    pub(crate) cell_index: IndexMap<String, Cell>,
    /// Direction names, indexed by direction number.
    pub(crate) dir_names: Vec<String>,
    /// Per side, key `dir * cells + cell`.
    pub(crate) steps: [Csr; 2],
    /// Whether a step may branch or steps may cycle (a slide can reach a cell
    /// twice); when false, every step list has at most one cell and a walk in
    /// one direction never returns.
    pub(crate) branches: bool,
    /// Per side, key `dir * cells + cell`: the one cell a step leads to and the
    /// one that steps onto it (`NO_CELL` for none, `BRANCH` for several).
    pub(crate) next: [Vec<Cell>; 2],
    /// Per side, key `dir * cells + cell`: the one cell that steps onto `cell`
    /// (`NO_CELL` for none, `BRANCH` for several).
    pub(crate) prev: [Vec<Cell>; 2],
    /// Per side, key `dir * cells + cell`: the cells that step onto `cell`.
    pub(crate) rev_steps: [Csr; 2],
    /// Per leap table, key `cell`.
    pub(crate) leaps: Vec<Csr>,
    /// Per leap table, key `cell`: the cells that leap onto `cell`.
    pub(crate) rev_leaps: Vec<Csr>,
    /// Zone names, indexed by zone number.
    pub(crate) zone_names: Vec<String>,
    /// Per zone, per side.
    pub(crate) zones: Vec<[CellSet; 2]>,
    /// For a plain 2-D board: `rect[rank][file]`, for FEN and drawing.
    pub(crate) rect: Option<Vec<Vec<Cell>>>,
}

/// The start: what the setup places, and who moves first.
#[derive(Clone, Debug)]
pub(crate) struct Start {
    /// The pieces the setup places on the board: cell and piece.
    pub(crate) setup: Vec<(Cell, Code)>,
    /// Pieces the setup puts into pools: pool and piece.
    pub(crate) setup_pools: Vec<(usize, Code)>,
    /// The side that moves first.
    pub(crate) first_turn: Side,
    /// The halfmove clock at the start (`clock N` in the setup).
    pub(crate) clock: u32,
    /// The move number at the start (`move N` in the setup; 1 without).
    pub(crate) fullmove: u32,
    /// Per kind and side: how many the setup places (for `only captured`).
    pub(crate) setup_counts: Vec<[u8; 2]>,
    /// `shuffle`: the setups that may be drawn instead, numbered.
    pub(crate) shuffle: Option<Shuffle>,
    /// `moved CELLS` in the setup: the cells whose piece counts as having
    /// moved at the start.
    pub(crate) moved: Vec<Cell>,
}

/// The rules of play besides the pieces' own movements.
#[derive(Clone, Debug)]
pub(crate) struct Rules {
    /// Every `castling` rule.
    pub(crate) castlings: Vec<Castling>,
    /// `notation castling king takes rook`: a castling not written as the
    /// king's move alone is written as the king taking its partner.
    pub(crate) castling_takes_rook: bool,
    /// `notation san KIND LETTER...`: the kinds standard algebraic notation
    /// writes by a letter other than their own, with that letter (upper case).
    pub(crate) san_letters: Vec<(Kind, char)>,
    /// `notation san checks KIND...`: the kinds whose attack SAN marks as
    /// check (a bit per kind, copies included), where the rule file says.
    pub(crate) san_checks: Option<u128>,
    /// `notation san pawns KIND...`: the kinds SAN writes without a letter
    /// (a bit per kind, copies included), where the rule file says.
    pub(crate) san_pawns: Option<u128>,
    /// `notation variant "NAME"`: the game's name in game records.
    pub(crate) variant_name: Option<String>,
    /// The other names `notation variant` gives, which records may use.
    pub(crate) variant_aliases: Vec<String>,
    /// `notation moves STYLE`: the notation the game's players write.
    pub(crate) move_notation: MoveNotation,
    /// `notation fen unmarked`: FEN writes a promoted copy by its kind's
    /// letter alone, without `~`.
    pub(crate) fen_unmarked: bool,
    /// Whether some castling is `opposite`.
    pub(crate) castling_opposite: bool,
    /// The kinds whose unmoved flag serves castling alone (no `first`
    /// movement, gating, phase or `loses first move` reads it): a bit per kind.
    pub(crate) castling_only_unmoved: u128,
    /// The kinds whose unmoved flag anything reads (castling, `first`
    /// movements, gating, a phase, `loses first move`): the others' flags
    /// tell no positions apart.
    pub(crate) unmoved_read: u128,
    /// `pass`: a side not in check may pass its turn.
    pub(crate) pass: bool,
    /// `pass when stalemated`: only when it has no other legal move.
    pub(crate) pass_when_stalemated: bool,
    /// `flip`: what a move or a drop turns into the mover's pieces.
    pub(crate) flip: Option<Flip>,
    /// When some capture is legal, only captures are.
    pub(crate) forced_capture: bool,
    /// `forced drop`: when some drop is legal, only drops are.
    pub(crate) forced_drop: bool,
    /// `notation en passant always`: FEN writes every en-passant target set
    /// by a piece of these kinds (a bit each, copies included; all of them
    /// when the statement names no kind).
    pub(crate) en_passant_always: u128,
    /// `notation en passant always passed`: as `en_passant_always`, but FEN
    /// writes the cells passed alone (`e3`), as Fairy-Stockfish writes its
    /// own pawn's double step where other pieces may take en passant.
    pub(crate) en_passant_passed: u128,
    /// `notation en passant passed`: after a move of these kinds that sets
    /// en passant, FEN writes each cell passed where the side to move has an
    /// en-passant capture, in cell order, as Fairy-Stockfish writes its own
    /// pawn's double and triple steps.
    pub(crate) en_passant_taken: u128,
    /// A side is in check only when all its royal pieces are attacked.
    pub(crate) check_all_royals: bool,
    /// `check when at most N royals`: a side's royal pieces are subject to
    /// check only while it has at most this many on the board.
    pub(crate) royals_at_most: Option<u32>,
    /// `check KIND moves only to capture`: the kinds (a bit each, copies
    /// included) that, in check, move only to capture the one checking piece.
    pub(crate) check_capture_only: u128,
    /// What a capture blows up besides the captured piece, if anything.
    pub(crate) explosion: Option<Explosion>,
    /// `gating POOL from ZONE`: the pool and the zone.
    pub(crate) gating: Option<(usize, usize)>,
    /// `place KIND after every move`: the neutral kind every move places,
    /// and where.
    pub(crate) walling: Option<Walling>,
    /// The phases, in source order; outside them every piece may move.
    pub(crate) phases: Vec<Phase>,
    /// `loses first move when ...`: the kinds whose first-move rights an
    /// enemy piece's landing takes away.
    pub(crate) loses_first: Vec<LosesFirst>,
    /// Whether some movement is `not in check`.
    pub(crate) not_in_check: bool,
    /// Whether legal moves are filtered by `forced drop` or movements `not
    /// in check`; such games count their moves by listing them.
    pub(crate) filters_moves: bool,
    /// Whether a piece's landing changes pieces around it: `flip`, or
    /// `loses first move when ...`.
    pub(crate) landing_effects: bool,
}

/// `loses first move when KIND... lands along DIRS`: a piece of `kind` that
/// has not moved counts as moved once an enemy piece of one of the `by`
/// kinds lands on one of its `lines`.
#[derive(Clone, Debug)]
pub(crate) struct LosesFirst {
    /// The kind whose right is lost (its copies count as other kinds).
    pub kind: Kind,
    /// The kinds whose landing takes it (a bit each, copies included).
    pub by: u128,
    /// Per side of the piece, per cell: the cells on a line from it along the
    /// directions, on an empty board.
    pub lines: [Vec<CellSet>; 2],
}

/// How a game ends and who wins.
#[derive(Clone, Debug)]
pub(crate) struct Goals {
    /// The outcome for the side to move when it is checkmated.
    pub(crate) checkmated: Outcome,
    /// The outcome for the side to move when it is stalemated.
    pub(crate) stalemated: Outcome,
    /// The outcome for a side left with royal pieces only, if that ends the game.
    pub(crate) bare: Option<Outcome>,
    /// Whether a bared side may answer (see docs/language.md, `goal`).
    pub(crate) bare_answer: bool,
    /// Extinction goals (`goal extinct ...`).
    pub(crate) extinctions: Vec<Extinction>,
    /// Goals on reaching a zone.
    pub(crate) reach_goals: Vec<ReachGoal>,
    /// A side whose royal pieces have been checked this many times gets the outcome.
    pub(crate) check_goal: Option<(u8, Outcome)>,
    /// After this many passes in a row, the side to move gets the outcome.
    pub(crate) passes_goal: Option<(u8, Outcome)>,
    /// Goals on the game's record rather than on the position: they end a
    /// game that is played (search, play, match), never cut perft short.
    pub(crate) record_goals: RecordGoals,
    /// Pieces facing each other: the side to move must part them (or pass),
    /// and a pass while they face ends the game.
    pub(crate) facing: Option<Facing>,
    /// Per side, what it adds to its count, in thousandths of a point.
    pub(crate) count_bonus: [i64; 2],
    /// Whether some goal (bare, extinction, reach, checks) may end the game
    /// before the side to move plays.
    pub(crate) ends_by_rule: bool,
    /// `goal full`: the outcome for the side to move once every cell holds
    /// a piece.
    pub(crate) full: Option<Outcome>,
    /// Goals on pieces in a row, a line or a square.
    pub(crate) rows: Vec<RowGoal>,
    /// Goals on castling (`goal castles`, `goal cannot castle`).
    pub(crate) castle_goals: Vec<CastleGoal>,
    /// Whether `make` records along which direction a castling went (some
    /// `goal castles` asks).
    pub(crate) castles_recorded: bool,
}

/// The pools (hands) and the moves into and out of them.
#[derive(Clone, Debug)]
pub(crate) struct Pools {
    /// Whether some drop rule says `unmoved in ZONE`.
    pub(crate) unmoved_drops: bool,
    /// Whether captured pieces go to the captor's pool, changing sides.
    pub(crate) captured_by_captor: bool,
    /// A captured promoted piece changes sides as it is, not demoted.
    pub(crate) captured_keeps_promotion: bool,
    /// Pool names; pool `p` of side `s` is container `p * 2 + s`.
    pub(crate) pool_names: Vec<String>,
    /// Where captured pieces go: a pool of their owner.
    pub(crate) captured_to: Option<usize>,
    /// Moves of a piece from one pool to another.
    pub(crate) transfers: Vec<(usize, usize)>,
    /// Moves of a piece from a pool to an empty cell of a zone.
    pub(crate) drops: Vec<DropRule>,
    /// Whether some drop rule is `compulsory`.
    pub(crate) compulsory_drops: bool,
    /// Per kind and side: the cells from which a piece could never move, where
    /// it may not be dropped (empty unless the game has drops).
    pub(crate) dead_cells: Vec<[CellSet; 2]>,
    /// The pool of `drop new`: it never runs out, and positions never hold
    /// anything in it. Always the last pool.
    pub(crate) new_pool: Option<usize>,
}

/// Tables derived from the rules for speed: the attack tests', the move
/// table, bit sets, and whether legality may use shortcuts.
#[derive(Clone, Debug)]
pub(crate) struct Tables {
    /// Per kind and side, the cells a piece can ever stand on, for the
    /// check of positions read from text (`engine::playable`); computed
    /// the first time a position is checked.
    pub(crate) arrivals: std::sync::OnceLock<Vec<[CellSet; 2]>>,
    /// Whether legality is decided by making every move: set where the
    /// shortcuts' assumptions do not hold (hops, capture limits, forced
    /// capture, drops that may not mate).
    pub(crate) general_legality: bool,
    /// Per side: whether perft's counting counts some of its kinds' pieces
    /// all at once (see `BitCounts::count_kind`): the bit counts say where.
    pub(crate) count_by_shifts: [bool; 2],
    /// Whether perft's counting tells `not checking` moves by bit sets: the
    /// bit counts have an attack table (see `BitCountTable`).
    pub(crate) counts_not_checking: bool,
    /// Whether no piece can ever stand in check: no kind is royal and no
    /// pieces must part, so every pseudo-legal move is legal.
    pub(crate) check_free: bool,
    /// Unconditional single-leg capturing movements, by direction and leap table.
    pub(crate) attack_rays: AttackRays,
    /// The other single-leg capturing movements, looked up backwards one by one
    /// (the same for both sides: directions are resolved per side when walked).
    pub(crate) attack_patterns: Vec<AttackPattern>,
    /// Kinds with multi-leg capturing movements, tested forwards.
    pub(crate) forward_attackers: Vec<Kind>,
    /// The movements compiled into runs of cells per side, kind and cell.
    pub(crate) move_table: MoveTable,
    /// Step neighbourhoods as bit sets, for the direction sets of paths.
    pub(crate) step_masks: Vec<StepMasks>,
    /// Lines and leap sources as bit sets, unless the board is too large.
    pub(crate) bit_tables: Option<BitTables>,
    /// Which pieces' moves may be counted by bit sets, and how.
    pub(crate) bit_counts: BitCountTable,
    /// For a game off the shortcuts (hops, lame legs, capture limits,
    /// facing pieces), the cells through which a move can create an attack,
    /// where that is all that needs knowing to keep most moves unmade.
    pub(crate) exposure: Option<Exposure>,
}

/// Per attacking side and attacked cell, the ways an attack may come:
/// where the attacker stands and the cells whose occupancy bears on it (those
/// a slide or a hop passes, its screen's included; those where a multi-leg
/// capture's earlier legs stop). A move that neither leaves nor enters a
/// passed cell of an approach with an attacker in place, by a piece other
/// than the royal one, of a side not in check, cannot create an attack on
/// the royal piece: a move adds no enemy piece, and pieces that step and
/// leap attack whatever stands between.
#[derive(Clone, Debug)]
pub(crate) struct Exposure {
    /// Per side: where each cell's approaches start in `approaches`, and one
    /// extra entry closing the last cell's.
    pub starts: [Vec<u32>; 2],
    /// Per side: the approaches of every cell, cell after cell.
    pub approaches: [Vec<Approach>; 2],
    /// The kinds the grouped attack rays and leaps hold.
    pub ray_kinds: u128,
    /// Whether every line of the board, in every direction, goes straight to
    /// its edge (no branch, no loop), so that its bit set answers a walk.
    pub bit_lines: bool,
    /// Per side, key `cell * patterns + i`: the cells from which attack
    /// pattern `i` may reach the cell (its leg alone, on an empty board).
    pub pattern_from: [Vec<u128>; 2],
    /// The kinds with multi-leg captures.
    pub forward_kinds: u128,
}

impl Exposure {
    /// Per attack pattern, the cells from which it may reach `cell`, for
    /// attacks by the side of index `side`.
    #[inline]
    pub fn pattern_from(&self, side: usize, cell: u16, patterns: usize) -> &[u128] {
        &self.pattern_from[side][cell as usize * patterns..][..patterns]
    }

    /// The approaches to `cell` of attacks by the side of index `side`.
    #[inline]
    pub fn to(&self, side: usize, cell: u16) -> &[Approach] {
        let starts = &self.starts[side];
        let (a, b) = (starts[cell as usize], starts[cell as usize + 1]);
        &self.approaches[side][a as usize..b as usize]
    }
}

/// One way an attack may come onto a cell (see [`Exposure`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Approach {
    /// The cells the attacker may stand on.
    pub from: u128,
    /// The attacking kinds (bit `k` for kind `k`).
    pub kinds: u128,
    /// The cells a piece leaving may open the attack through.
    pub passed: u128,
    /// The cells a piece arriving on may open it through (a hop's: the
    /// piece may become its screen, or a screen the hop may pass); for a
    /// slide or a multi-leg capture, none: a piece arriving only blocks.
    pub entered: u128,
}

/// For one set of directions: per cell, the cells one step away in any of
/// them, as a bit set of `words` words, so a path's breadth-first search
/// advances a whole frontier by or-ing masks.
#[derive(Clone, Debug)]
pub(crate) struct StepMasks {
    /// The directions whose neighbourhoods these masks hold.
    pub dirs: Vec<u8>,
    /// Per side, forward (0) and backward (1): `words` words per cell.
    pub masks: [[Vec<u64>; 2]; 2],
}

impl Game {
    /// Whether some kind is neutral (belongs to neither side).
    pub(crate) fn has_neutral_kinds(&self) -> bool {
        self.pieces.iter().any(|p| p.neutral)
    }

    /// The `shuffle` statement's setups, if the game has one.
    pub fn shuffle(&self) -> Option<&Shuffle> {
        self.start.shuffle.as_ref()
    }

    /// The game's name, as `game "NAME"` gives it.
    pub fn title(&self) -> &str {
        &self.title
    }

    /// The name of `side` as the game's players know it (`look sides`):
    /// `White` and `Black` unless the rule file names them.
    ///
    /// ```
    /// let game = tessera::compile_str(include_str!("../../../games/xiangqi.game"))?;
    /// assert_eq!(game.side_name(tessera::Side::White), "Red");
    /// # Ok::<(), tessera::Errors>(())
    /// ```
    pub fn side_name(&self, side: Side) -> &str {
        self.look.side_name(side)
    }

    /// The game's name in game records (PGN's `Variant` tag), as
    /// `notation variant "NAME"` gives it, as Fairy-Stockfish and lichess
    /// name it; `None` where the rule file gives none.
    pub fn variant_name(&self) -> Option<&str> {
        self.rules.variant_name.as_deref()
    }

    /// Whether a game record's `Variant` tag `name` names this game: its
    /// name in records or another `notation variant` gives it, or its
    /// title, in any case and with spaces, `-` and `_` left out
    /// (`kingofthehill` is `King of the Hill`).
    pub fn is_named(&self, name: &str) -> bool {
        let key = |s: &str| -> String {
            s.chars()
                .filter(|c| !matches!(c, ' ' | '-' | '_'))
                .flat_map(char::to_lowercase)
                .collect()
        };
        let wanted = key(name);
        std::iter::once(self.title())
            .chain(self.rules.variant_name.as_deref())
            .chain(self.rules.variant_aliases.iter().map(String::as_str))
            .any(|n| key(n) == wanted)
    }

    /// The notation the game's players write moves in, as `notation moves`
    /// names it (SAN where the rule file names none).
    pub fn move_notation(&self) -> MoveNotation {
        self.rules.move_notation
    }

    /// The names of the cells, in cell order (the index of each is its cell).
    pub fn cell_names(&self) -> impl ExactSizeIterator<Item = &str> + '_ {
        self.board.cells.iter().map(|c| c.name.as_str())
    }

    /// The names of the zones, in declaration order.
    pub fn zone_names(&self) -> &[String] {
        &self.board.zone_names
    }

    /// The names of the pools, in declaration order (a pool's index in a move
    /// or a location is its place here).
    pub fn pool_names(&self) -> &[String] {
        &self.pools.pool_names
    }

    /// How many cells the board has.
    pub fn cell_count(&self) -> usize {
        self.board.cells.len()
    }

    /// The name of cell `c`.
    ///
    /// # Panics
    /// When `c` is not a cell of the game (`c >= cell_count()`); see
    /// [`Game::cell_names`] for a checked look-up.
    pub fn cell_name(&self, c: Cell) -> &str {
        &self.board.cells[c as usize].name
    }

    /// The cell called `name`, if any.
    pub fn cell(&self, name: &str) -> Option<Cell> {
        self.board.cell_index.get(name).copied()
    }

    /// The cells one step from `c` in direction `dir`, seen from `side`.
    ///
    /// # Panics
    /// When `c` is not a cell of the game or `dir` not one of its
    /// directions (declared vectors, then links, numbered from 0).
    #[inline]
    pub fn step(&self, side: Side, dir: u8, c: Cell) -> &[Cell] {
        self.board.steps[side.index()].get(dir as usize * self.board.cells.len() + c as usize)
    }

    /// The one cell a step leads to, `NO_CELL` for none, or `BRANCH` where the
    /// step branches and [`Game::step`] lists the cells.
    ///
    /// # Panics
    /// As [`Game::step`].
    #[inline]
    pub fn next(&self, side: Side, dir: u8, c: Cell) -> Cell {
        self.board.next[side.index()][dir as usize * self.board.cells.len() + c as usize]
    }

    /// The one cell that steps onto `c`, or `NO_CELL`; see [`Game::next`].
    ///
    /// # Panics
    /// As [`Game::step`].
    #[inline]
    pub fn prev(&self, side: Side, dir: u8, c: Cell) -> Cell {
        self.board.prev[side.index()][dir as usize * self.board.cells.len() + c as usize]
    }

    /// The cells that step onto `c` in direction `dir`, seen from `side`.
    ///
    /// # Panics
    /// As [`Game::step`].
    #[inline]
    pub fn rev_step(&self, side: Side, dir: u8, c: Cell) -> &[Cell] {
        self.board.rev_steps[side.index()].get(dir as usize * self.board.cells.len() + c as usize)
    }

    /// The step masks of `dirs` for `side`, forward or backward, if built.
    #[inline]
    pub fn step_masks(&self, dirs: &[u8], side: Side, backward: bool) -> Option<&[u64]> {
        // Compared by hand: a call to `memcmp` would cost more than the
        // search it serves on a small board.
        self.tables
            .step_masks
            .iter()
            .find(|m| m.dirs.len() == dirs.len() && m.dirs.iter().zip(dirs).all(|(a, b)| a == b))
            .map(|m| &m.masks[side.index()][usize::from(backward)][..])
    }

    /// Whether cell `c` is in zone `zone` as `side` sees it (false for a
    /// cell the game does not have).
    ///
    /// # Panics
    /// When `zone` is not one of the game's zones ([`Game::zone_names`]).
    #[inline]
    pub fn in_zone(&self, zone: usize, side: Side, c: Cell) -> bool {
        self.board.zones[zone][side.index()].contains(c)
    }

    /// The vector of direction `d` for White, on the first two axes: the
    /// difference of coordinates along the first step it makes from any
    /// cell; `None` where no step of it joins two cells of the grid.
    pub(crate) fn direction_vector(&self, d: u8) -> Option<(i64, i64)> {
        (0..self.cell_count() as u16).find_map(|c| {
            let next = self.next(Side::White, d, c);
            let from = self.board.cells[c as usize].coords.first()?;
            let to = self.board.cells.get(next as usize)?.coords.first()?;
            match (from.as_slice(), to.as_slice()) {
                ([f0, f1, ..], [t0, t1, ..]) => Some((t0 - f0, t1 - f1)),
                _ => None,
            }
        })
    }

    /// The kind whose letter is `letter` (either case), not a promoted form.
    pub fn kind_by_letter(&self, letter: char) -> Option<Kind> {
        // `*` is a letter of its own: a neutral piece.
        let up = letter.to_ascii_uppercase();
        self.pieces
            .iter()
            .position(|p| p.letter == up && p.mark == Mark::Plain)
            .map(|k| k as Kind)
    }

    /// The kind written `+X` for the kind `base` lettered X.
    pub fn promoted_form(&self, base: Kind) -> Option<Kind> {
        self.pieces
            .iter()
            .position(|p| p.mark == Mark::Promoted(base))
            .map(|k| k as Kind)
    }

    /// The copy of kind `of` made by promoting `origin` (written with `~`).
    pub fn copy_of(&self, of: Kind, origin: Kind) -> Option<Kind> {
        self.pieces
            .iter()
            .position(|p| p.mark == Mark::Copy(origin) && p.base == of)
            .map(|k| k as Kind)
    }

    /// Whether the game knows every piece made by promotion as promoted:
    /// each promotion makes a promoted copy (`, marked`, or implied by hands
    /// that change sides) or a kind lettered `+X`. Fairy-Stockfish knows
    /// this of every game; FEN writes it (`~`) unless `notation fen
    /// unmarked`, and [`crate::notation::fen::format_marked`] always does.
    pub fn remembers_promotions(&self) -> bool {
        self.pieces.iter().all(|p| {
            p.promotion_targets()
                .all(|t| self.pieces[t as usize].mark != Mark::Plain || p.mark == Mark::Promoted(t))
        })
    }

    /// The drop rule that lets a piece of `kind` leave `pool`, if any.
    pub(crate) fn drop_rule(&self, pool: usize, kind: Kind) -> Option<&DropRule> {
        self.pools
            .drops
            .iter()
            .find(|r| r.pool == pool && r.kinds & 1u128 << kind != 0)
    }

    /// How a piece is written in positions: its letter (upper case for
    /// White), `+` before it for a promoted form, `~` after it for a copy.
    ///
    /// # Panics
    /// As [`Game::letter`].
    pub fn piece_text(&self, code: Code) -> String {
        let piece = &self.pieces[kind_of(code) as usize];
        let mut s = String::new();
        if let Mark::Promoted(_) = piece.mark {
            s.push('+');
        }
        s.push(self.letter(code));
        if let Mark::Copy(_) = piece.mark {
            s.push('~');
        }
        s
    }

    /// Whether every attack is along a line or by a leap, unconditional on
    /// where it lands: no attack patterns, no multi-leg captures.
    pub fn lines_and_leaps_only(&self) -> bool {
        self.tables.attack_patterns.is_empty() && self.tables.forward_attackers.is_empty()
    }

    /// The number of kinds the rule file declares, without the promoted copies
    /// the compiler adds.
    pub fn declared_kinds(&self) -> usize {
        self.pieces
            .iter()
            .filter(|p| !matches!(p.mark, Mark::Copy(_)))
            .count()
    }

    /// A piece's FEN letter: upper case for White (`*` for a neutral piece).
    ///
    /// # Panics
    /// For the code 0 (no piece) or a code of a kind the game does not
    /// have; [`Game::kind`] looks a kind up without panicking.
    pub fn letter(&self, code: Code) -> char {
        let l = self.pieces[kind_of(code) as usize].letter;
        if !l.is_ascii_alphabetic() {
            return l;
        }
        match side_of(code) {
            Side::White => l.to_ascii_uppercase(),
            Side::Black => l.to_ascii_lowercase(),
        }
    }
}

impl fmt::Display for Game {
    /// A stable one-line summary: cells and pieces.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}: {} cells, {} pieces",
            self.title,
            self.board.cells.len(),
            self.declared_kinds()
        )
    }
}
