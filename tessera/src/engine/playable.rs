//! Whether a position could arise in play: the one check of plausibility
//! that every door for positions runs (FEN, the position notation, the
//! builder, drawn setups, and through them every front end).
//!
//! Everything it knows comes from the compiled rules: where each kind can
//! ever stand (computed once per game and kept in the game's tables), which royal pieces a
//! side needs and may have, which pools may hold them, where castling and
//! first-move rights start, and how many pieces one move can make give
//! check. Where the rules move pieces in ways this analysis does not model,
//! it accepts: a position that play reaches is never refused (the property
//! test over every bundled game and the differential against
//! Fairy-Stockfish hold it to that).
//!
//! `make` and move generation never call it: it costs nothing in perft or
//! search.

use std::fmt;

use super::position::Position;
use crate::game::{code, kind_of, side_of, CellSet, Game, Kind, Leg, Mark, Reach, Side};

/// A piece where the error points: its side, kind and cell, with names for
/// messages.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PieceAt {
    /// Whose piece.
    pub side: Side,
    /// Its kind.
    pub kind: Kind,
    /// Its kind's name in the rule file.
    pub name: String,
    /// The cell it stands on.
    pub cell: u16,
    /// The cell's name.
    pub cell_name: String,
}

impl PieceAt {
    fn new(game: &Game, cell: u16, piece: u8) -> PieceAt {
        let kind = kind_of(piece);
        PieceAt {
            side: side_of(piece),
            kind,
            name: game.pieces[kind as usize].name.clone(),
            cell,
            cell_name: game.cell_name(cell).to_string(),
        }
    }
}

impl fmt::Display for PieceAt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "the {} on {}", self.name.to_lowercase(), self.cell_name)
    }
}

/// One reason a position could not arise in play.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Problem {
    /// The side that just moved has a royal piece attacked: the side to
    /// move could take it.
    OppositeCheck {
        /// The side in check (not to move).
        side: Side,
        /// The pieces that give the check.
        checkers: Vec<PieceAt>,
    },
    /// More pieces give check than one move of this game can make give it.
    TooManyCheckers {
        /// The side in check (to move).
        side: Side,
        /// The pieces that give the check.
        checkers: Vec<PieceAt>,
        /// The most one move can make give check here.
        most: usize,
    },
    /// A side has no royal piece, though its setup has one and no rule can
    /// take the last one away while the game goes on.
    NoRoyal {
        /// The side without.
        side: Side,
    },
    /// More royal pieces than the setup gives a side, where no rule makes
    /// more.
    TooManyRoyals {
        /// The side.
        side: Side,
        /// How many it has, on the board and in its pools.
        count: usize,
        /// How many it can have.
        most: usize,
    },
    /// A royal piece in a pool that no rule ever fills with one.
    RoyalInHand {
        /// Whose pool.
        side: Side,
        /// The royal kind's name.
        name: String,
        /// The pool's name.
        pool: String,
    },
    /// A piece on a cell no piece of its kind and side can ever reach: not
    /// a start, drop or promotion cell, nor one its moves lead to (and not
    /// one where its promotion is compulsory).
    Unreachable {
        /// The piece.
        piece: PieceAt,
    },
    /// A castling or first-move right (the unmoved mark) for a piece that
    /// stands on no cell where such a piece starts.
    RightOffStart {
        /// The piece.
        piece: PieceAt,
    },
    /// The pools hold more pieces than the game has.
    HandTooLarge {
        /// How many the pools hold.
        count: usize,
        /// How many pieces the game ever has.
        most: usize,
    },
}

/// What a [`Problem`] is, without its data: for matching and tests.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ProblemKind {
    /// [`Problem::OppositeCheck`].
    OppositeCheck,
    /// [`Problem::TooManyCheckers`].
    TooManyCheckers,
    /// [`Problem::NoRoyal`].
    NoRoyal,
    /// [`Problem::TooManyRoyals`].
    TooManyRoyals,
    /// [`Problem::RoyalInHand`].
    RoyalInHand,
    /// [`Problem::Unreachable`].
    Unreachable,
    /// [`Problem::RightOffStart`].
    RightOffStart,
    /// [`Problem::HandTooLarge`].
    HandTooLarge,
}

impl Problem {
    /// What the problem is.
    pub fn kind(&self) -> ProblemKind {
        match self {
            Problem::OppositeCheck { .. } => ProblemKind::OppositeCheck,
            Problem::TooManyCheckers { .. } => ProblemKind::TooManyCheckers,
            Problem::NoRoyal { .. } => ProblemKind::NoRoyal,
            Problem::TooManyRoyals { .. } => ProblemKind::TooManyRoyals,
            Problem::RoyalInHand { .. } => ProblemKind::RoyalInHand,
            Problem::Unreachable { .. } => ProblemKind::Unreachable,
            Problem::RightOffStart { .. } => ProblemKind::RightOffStart,
            Problem::HandTooLarge { .. } => ProblemKind::HandTooLarge,
        }
    }
}

/// The pieces of a list, for messages: `the rook on e2 and the bishop on b5`.
fn list(pieces: &[PieceAt]) -> String {
    let names: Vec<String> = pieces.iter().map(|p| p.to_string()).collect();
    match names.split_last() {
        None => "a piece".to_string(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Problem::OppositeCheck { side, checkers } => write!(
                f,
                "the side not to move ({}) is in check from {}",
                side.name(),
                list(checkers)
            ),
            Problem::TooManyCheckers {
                side,
                checkers,
                most,
            } => write!(
                f,
                "{} is in check from {} pieces ({}); one move of this game makes at most {most} give check",
                side.name(),
                checkers.len(),
                list(checkers)
            ),
            Problem::NoRoyal { side } => write!(
                f,
                "{} has no royal piece, and the rules need one",
                side.name()
            ),
            Problem::TooManyRoyals { side, count, most } => write!(
                f,
                "{} has {count} royal {}; the rules give it {}",
                side.name(),
                if *count == 1 { "piece" } else { "pieces" },
                if *most == 0 {
                    "none".to_string()
                } else {
                    format!("at most {most}")
                }
            ),
            Problem::RoyalInHand { side, name, pool } => write!(
                f,
                "{}'s {} is in its pool `{pool}`, where no rule ever puts a royal piece",
                side.name(),
                name.to_lowercase()
            ),
            Problem::Unreachable { piece } => write!(
                f,
                "{} {} stands where no {} of {} can ever arrive",
                piece.side.name(),
                piece.to_string().trim_start_matches("the "),
                piece.name.to_lowercase(),
                piece.side.name()
            ),
            Problem::RightOffStart { piece } => write!(
                f,
                "{} {} has a castling or first-move right, but no such piece starts on {}",
                piece.side.name(),
                piece.to_string().trim_start_matches("the "),
                piece.cell_name
            ),
            Problem::HandTooLarge { count, most } => write!(
                f,
                "the pools hold {count} pieces; this game never has more than {most}"
            ),
        }
    }
}

/// Why a position could not arise in play: every problem found, each with
/// the pieces and cells at fault.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionError {
    problems: Vec<Problem>,
}

impl PositionError {
    /// The error of a hand of `count` pieces where the game has at most
    /// `most`: the readers find it before they store the hand.
    pub(crate) fn hand_too_large(count: usize, most: usize) -> PositionError {
        PositionError {
            problems: vec![Problem::HandTooLarge { count, most }],
        }
    }

    /// Every problem found, in the order the checks run.
    pub fn problems(&self) -> &[Problem] {
        &self.problems
    }

    /// What each problem is.
    pub fn kinds(&self) -> Vec<ProblemKind> {
        self.problems.iter().map(Problem::kind).collect()
    }

    /// Whether a problem of kind `kind` was found.
    pub fn has(&self, kind: ProblemKind) -> bool {
        self.problems.iter().any(|p| p.kind() == kind)
    }
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, p) in self.problems.iter().enumerate() {
            if i > 0 {
                f.write_str("; ")?;
            }
            p.fmt(f)?;
        }
        Ok(())
    }
}

impl std::error::Error for PositionError {}

/// Checks that `pos` could arise in play (see the module's docs for what
/// that means, and `docs/language.md`, "What a position must satisfy").
///
/// # Errors
/// Every problem found.
pub fn check_playable(pos: &Position<'_>) -> Result<(), PositionError> {
    let game = pos.game();
    let mut problems = Vec::new();
    // A game a goal has ended may leave the winner in check or a side
    // without its royal piece: in atomic chess, the move that blows up the
    // last enemy king. Asked only where it matters: it copies the position.
    let ended = std::cell::OnceCell::new();
    let ended = || *ended.get_or_init(|| super::outcome::rule_end(&mut pos.clone()).is_some());
    if let Some(p) = opposite_check(pos).filter(|_| !ended()) {
        problems.push(p);
    }
    too_many_checkers(pos, &ended, &mut problems);
    // A rule file without a setup (a fragment whose positions all come
    // from text) gives nothing to count pieces, rights or cells from.
    if !has_start(game) {
        return if problems.is_empty() {
            Ok(())
        } else {
            Err(PositionError { problems })
        };
    }
    let hands = hand_count(pos);
    let most = most_pieces(game);
    if hands > most {
        // Nothing else is worth reading in such a position.
        problems.push(Problem::HandTooLarge { count: hands, most });
        return Err(PositionError { problems });
    }
    royals(pos, &ended, &mut problems);
    let arrivals = arrivals(game);
    for cell in 0..game.cell_count() as u16 {
        let piece = pos.at(cell);
        if piece == 0 {
            continue;
        }
        let (kind, side) = (kind_of(piece), side_of(piece));
        if !arrivals[kind as usize][side.index()].contains(cell) {
            problems.push(Problem::Unreachable {
                piece: PieceAt::new(game, cell, piece),
            });
        }
        if pos.is_unmoved(cell) && !starts_unmoved(game, kind, side, cell) {
            problems.push(Problem::RightOffStart {
                piece: PieceAt::new(game, cell, piece),
            });
        }
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(PositionError { problems })
    }
}

/// The side that just moved in check, with the pieces that give it: the
/// one problem a start position is checked for when its game compiles (the
/// rest hold of a setup by construction).
pub(crate) fn opposite_check(pos: &Position<'_>) -> Option<Problem> {
    let waiting = pos.side_to_move().opposite();
    super::attack::in_check(pos, waiting).then(|| Problem::OppositeCheck {
        side: waiting,
        checkers: checkers(pos, waiting),
    })
}

/// Whether the rule file has a setup: pieces on the board or in pools, or
/// a shuffle.
fn has_start(game: &Game) -> bool {
    !game.start.setup.is_empty()
        || !game.start.setup_pools.is_empty()
        || game.start.shuffle.is_some()
}

/// How many pieces the pools of `pos` hold.
fn hand_count(pos: &Position<'_>) -> usize {
    let game = pos.game();
    (0..game.pools.pool_names.len())
        .flat_map(|p| [Side::White, Side::Black].map(|s| pos.pool(p, s).len()))
        .sum()
}

/// The most pieces the game ever has, on the board and in pools together:
/// what its setup gives (the largest shuffled setup included). No rule
/// makes pieces but `drop new` and the placement of new neutral pieces;
/// where such pieces may then be captured into a pool, no bound is known.
pub(crate) fn most_pieces(game: &Game) -> usize {
    if !has_start(game) {
        return usize::MAX;
    }
    let creates = game.pools.new_pool.is_some() || game.rules.walling.is_some_and(|w| w.new);
    if creates && game.pools.captured_to.is_some() {
        return usize::MAX;
    }
    let shuffled = game.start.shuffle.as_ref().map_or(0, |s| {
        2 * s.steps.iter().map(|st| st.kinds.len()).sum::<usize>()
    });
    game.start.setup.len() + game.start.setup_pools.len() + shuffled
}

/// The pieces of the side to move that attack a royal piece of `side`.
fn checkers(pos: &Position<'_>, side: Side) -> Vec<PieceAt> {
    let game = pos.game();
    let by = side.opposite();
    let mut probe = pos.clone();
    probe.set_side_to_move(by);
    let royals: Vec<u16> = pos.royals(side).iter().collect();
    let mut out = Vec::new();
    let mut moves = Vec::new();
    for x in pos.occupied(by).iter() {
        moves.clear();
        super::movegen::piece_moves(&probe, x, &mut moves);
        if moves.iter().any(|m| {
            royals
                .iter()
                .any(|&r| m.to == r || m.aux == r || m.aux2 == r)
        }) {
            out.push(PieceAt::new(game, x, pos.at(x)));
        }
    }
    out
}

/// Whether a game's every capturing movement is one step, slide or leap:
/// the games for which [`too_many_checkers`] knows how many checks one move
/// can give. (A quiet movement of several legs, as a pawn's double step,
/// still leaves one cell and fills one.)
fn single_legs(game: &Game) -> bool {
    game.pieces.iter().all(|p| {
        p.movements.iter().all(|m| {
            !m.modality.may_capture()
                || (m.legs.len() == 1
                    && !m.jumping
                    && matches!(m.legs[0], Leg::Step(_) | Leg::Slide(..) | Leg::Leap(_)))
        })
    })
}

/// More checkers of the side to move than one move can make: in a game
/// whose pieces step, slide and leap, a move gives check with the piece it
/// lands and by one line it opens through the cell it leaves (two at most),
/// plus one more when the move could have been an en-passant capture (a
/// second cell left) by a checker, and two when it could have been a
/// castling (a second piece landed, a second cell left) whose king or
/// partner gives check. Games with other moves (hops, lame legs, paths),
/// explosions, flips, placed pieces or several royal pieces are not judged.
fn too_many_checkers(pos: &Position<'_>, ended: &dyn Fn() -> bool, problems: &mut Vec<Problem>) {
    let game = pos.game();
    let side = pos.side_to_move();
    let mover = side.opposite();
    if pos.royals(side).len() != 1
        || game.rules.explosion.is_some()
        || game.rules.flip.is_some()
        || game.rules.walling.is_some()
        || !single_legs(game)
        || !super::attack::in_check(pos, side)
    {
        return;
    }
    let found = checkers(pos, side);
    if found.len() <= 2 || ended() {
        return;
    }
    let takes_ep = |k: Kind| {
        game.pieces[k as usize]
            .movements
            .iter()
            .any(|m| m.takes_en_passant)
    };
    let castled = |p: &PieceAt| {
        game.rules
            .castlings
            .iter()
            .any(|c| (c.king == p.kind || c.rook == p.kind) && just_castled(pos, mover, c))
    };
    let mut most = 2;
    if found.iter().any(|p| takes_ep(p.kind)) {
        most += 1;
    }
    if found.iter().any(castled) {
        most += 2;
    }
    if found.len() > most {
        problems.push(Problem::TooManyCheckers {
            side,
            checkers: found,
            most,
        });
    }
}

/// Whether `side`'s last move may have been castling `c`: a king of the
/// rule stands where that castling lands it (so many steps from a cell
/// where such a king starts, or on the rule's king zone), with a partner on
/// one of the castling lines from it.
fn just_castled(pos: &Position<'_>, side: Side, c: &crate::game::Castling) -> bool {
    let game = pos.game();
    let king = code(c.king, side);
    let partner = code(c.rook, side);
    let lands = |cell: u16| {
        if let Some((kz, _)) = c.fixed {
            return game.in_zone(kz, side, cell);
        }
        let mut starts =
            (0..game.cell_count() as u16).filter(|&s| starts_unmoved(game, c.king, side, s));
        starts.any(|start| {
            c.dirs.iter().any(|&d| {
                let mut at = start;
                for dist in 1..=game.cell_count() as u32 {
                    let Some(&next) = game.step(side, d, at).first() else {
                        return false;
                    };
                    at = next;
                    let far_enough = if c.king_open {
                        dist >= c.king_min
                    } else {
                        dist == c.king_min
                    };
                    if at == cell && far_enough {
                        return true;
                    }
                    if !c.king_open && dist >= c.king_min {
                        return false;
                    }
                }
                false
            })
        })
    };
    pos.occupied(side).iter().any(|k| {
        pos.at(k) == king
            && lands(k)
            && c.dirs.iter().any(|&d| {
                let mut out = CellSet::new(game.cell_count());
                let mut budget = MAX_ARRIVAL_WORK;
                // `rook beside`: the partner lands next to the king.
                let far = if c.rook_behind { u32::MAX } else { 1 };
                ray(game, side, d, k, 1, far, &mut out, &mut budget);
                let found = out.iter().any(|x| pos.at(x) == partner);
                found
            })
    })
}

/// Whether a royal piece can leave the board in play while the game goes
/// on: blown up, or taken where check counts only some royal pieces.
pub(crate) fn royals_capturable(game: &Game) -> bool {
    game.rules.explosion.is_some()
        || game.rules.check_all_royals
        || game.rules.royals_at_most.is_some()
}

/// Whether some rule makes a royal piece out of another (promotion, a
/// change after capture, placement) or turns a royal piece into another
/// kind.
fn royals_change(game: &Game) -> bool {
    let royal = |k: &Kind| game.pieces[*k as usize].royal;
    game.pieces.iter().any(|p| {
        p.promotions.iter().any(|r| r.targets.iter().any(royal))
            || p.in_place.iter().any(|r| r.targets.iter().any(royal))
            || p.on_capture_become.as_ref().is_some_and(royal)
            || (p.royal
                && (!p.promotions.is_empty()
                    || !p.in_place.is_empty()
                    || p.on_capture_become.is_some()))
    }) || game.rules.walling.is_some_and(|w| royal(&w.kind))
}

/// The royal pieces the setup gives `side`, on the board and in pools (a
/// shuffled setup's too).
fn setup_royals(game: &Game, side: Side) -> usize {
    let royal = |p: u8| game.pieces[kind_of(p) as usize].royal && side_of(p) == side;
    let board = game.start.setup.iter().filter(|(_, p)| royal(*p)).count();
    let pools = game
        .start
        .setup_pools
        .iter()
        .filter(|(_, p)| royal(*p))
        .count();
    let shuffled = game.start.shuffle.as_ref().map_or(0, |s| {
        s.steps
            .iter()
            .flat_map(|st| &st.kinds)
            .filter(|&&k| game.pieces[k as usize].royal)
            .count()
    });
    board + pools + shuffled
}

/// The royal pieces: none where the rules need one, more than the rules
/// give, or in a pool no rule fills with one.
fn royals(pos: &Position<'_>, ended: &dyn Fn() -> bool, problems: &mut Vec<Problem>) {
    let game = pos.game();
    let changes = royals_change(game);
    let capturable = royals_capturable(game);
    // A royal piece taken changes sides where captures do; flips take the
    // other side's pieces as they are.
    let crosses = game.rules.flip.is_some() || (capturable && game.pools.captured_by_captor);
    for side in [Side::White, Side::Black] {
        let mut count = pos.royals(side).len();
        for p in 0..game.pools.pool_names.len() {
            for &(piece, _) in pos.pool(p, side) {
                let kind = kind_of(piece);
                if !game.pieces[kind as usize].royal {
                    continue;
                }
                count += 1;
                if !royal_may_be_pooled(game, kind, capturable) {
                    problems.push(Problem::RoyalInHand {
                        side,
                        name: game.pieces[kind as usize].name.clone(),
                        pool: game.pools.pool_names[p].clone(),
                    });
                }
            }
        }
        let given = setup_royals(game, side);
        if count == 0 && given > 0 && !capturable && !changes && !ended() {
            problems.push(Problem::NoRoyal { side });
        }
        let most = if crosses {
            given + setup_royals(game, side.opposite())
        } else {
            given
        };
        if !changes && count > most {
            problems.push(Problem::TooManyRoyals { side, count, most });
        }
    }
}

/// Whether a pool may ever hold a royal piece of `kind`: the setup puts one
/// in a pool, captured royal pieces go to pools, or a royal piece that
/// promotes goes to one.
fn royal_may_be_pooled(game: &Game, kind: Kind, capturable: bool) -> bool {
    game.start
        .setup_pools
        .iter()
        .any(|&(_, p)| game.pieces[kind_of(p) as usize].royal)
        || (capturable && game.pools.captured_to.is_some())
        || game.pieces[kind as usize]
            .promotions
            .iter()
            .any(|r| r.itself_to.is_some())
}

/// Whether a piece of `kind` and `side` may stand unmoved on `cell`: where
/// the setup (or a shuffled setup) puts such a piece, where a drop leaves one
/// unmoved, or in the gating zone.
fn starts_unmoved(game: &Game, kind: Kind, side: Side, cell: u16) -> bool {
    let piece = code(kind, side);
    game.start
        .setup
        .iter()
        .any(|&(c, p)| c == cell && p == piece)
        || game.start.shuffle.as_ref().is_some_and(|s| {
            s.steps.iter().any(|st| st.kinds.contains(&kind))
                && s.cells.iter().any(|&(w, b)| {
                    cell == match side {
                        Side::White => w,
                        Side::Black => b,
                    }
                })
        })
        || game.pools.drops.iter().any(|d| {
            d.unmoved_in
                .is_some_and(|z| d.kinds & 1u128 << kind != 0 && game.in_zone(z, side, cell))
        })
        || game
            .rules
            .gating
            .is_some_and(|(_, z)| game.in_zone(z, side, cell))
        // Castling onto fixed cells (Chess960) is played from wherever its
        // king and partner start, which a file without a shuffle (a start
        // position given by FEN) does not list: their rights stand anywhere.
        || game
            .rules
            .castlings
            .iter()
            .any(|c| c.fixed.is_some() && (c.king == kind || c.rook == kind))
}

/// Per kind and side, the cells a piece of that kind and side can ever stand
/// on: computed once per game (see [`compute_arrivals`]).
pub(crate) fn arrivals(game: &Game) -> &[[CellSet; 2]] {
    game.tables.arrivals.get_or_init(|| compute_arrivals(game))
}

/// The kinds a pool may ever hold (a bit each): what the setup puts there,
/// every kind where captured pieces go there or where it is `drop new`'s, the promoting kinds that go
/// there, and what transfers bring from other pools.
fn pool_kinds(game: &Game) -> Vec<u128> {
    let mut kinds = vec![0u128; game.pools.pool_names.len()];
    for &(p, piece) in &game.start.setup_pools {
        kinds[p] |= 1u128 << kind_of(piece);
    }
    if let Some(p) = game.pools.captured_to {
        kinds[p] = u128::MAX;
    }
    // `drop new` draws from a supply of every kind it names.
    if let Some(p) = game.pools.new_pool {
        kinds[p] = u128::MAX;
    }
    for (k, def) in game.pieces.iter().enumerate() {
        for r in &def.promotions {
            if let Some(p) = r.itself_to {
                kinds[p] |= 1u128 << k;
            }
        }
    }
    for _ in 0..kinds.len() {
        for &(a, b) in &game.pools.transfers {
            kinds[b] |= kinds[a];
        }
    }
    kinds
}

/// How many cells [`compute_arrivals`] may visit before it gives up and
/// lets every kind stand everywhere (accepting, as the check must where it
/// cannot tell): a bound on what a hostile rule file can cost it.
const MAX_ARRIVAL_WORK: u64 = 50_000_000;

/// The sets being built, with the cells not yet expanded.
struct Arrivals {
    reach: Vec<[CellSet; 2]>,
    pending: Vec<(usize, usize, u16)>,
}

impl Arrivals {
    /// Adds `cell` to what kind `k` of side index `si` may stand on.
    fn add(&mut self, k: usize, si: usize, cell: u16) {
        if !self.reach[k][si].contains(cell) {
            self.reach[k][si].insert(cell);
            self.pending.push((k, si, cell));
        }
    }
}

/// The cells each kind can ever stand on, per side: its sources (setup and
/// shuffled setup cells, drop zones but the cells a drop may not use, the
/// gating zone for what the gating pool may hold, every cell for neutral and
/// placed kinds), closed under its movements as if every cell were empty or
/// held an enemy (a superset of what play can do), each landing that
/// promotion makes compulsory left out and given to the kinds it promotes
/// to; castling moves a king and its partner anywhere along the castling
/// lines; flips give each side the other's cells.
fn compute_arrivals(game: &Game) -> Vec<[CellSet; 2]> {
    let n = game.cell_count();
    let kinds = game.pieces.len();
    let sides = [Side::White, Side::Black];
    let mut a = Arrivals {
        reach: vec![[CellSet::new(n), CellSet::new(n)]; kinds],
        pending: Vec::new(),
    };
    let everywhere = || {
        let mut all = CellSet::new(n);
        (0..n as u16).for_each(|c| all.insert(c));
        all
    };
    for (k, def) in game.pieces.iter().enumerate() {
        let placed = game.rules.walling.is_some_and(|w| w.kind as usize == k);
        if def.neutral || placed {
            a.reach[k] = [everywhere(), everywhere()];
        }
    }
    for &(cell, p) in &game.start.setup {
        a.add(kind_of(p) as usize, side_of(p).index(), cell);
    }
    if let Some(s) = &game.start.shuffle {
        for &k in s.steps.iter().flat_map(|st| &st.kinds) {
            for &(w, b) in &s.cells {
                a.add(k as usize, 0, w);
                a.add(k as usize, 1, b);
            }
        }
    }
    let pooled = pool_kinds(game);
    for d in &game.pools.drops {
        let mut dropped = d.kinds & pooled.get(d.pool).copied().unwrap_or(0);
        if d.also_promoted {
            for k in 0..kinds {
                if dropped & 1u128 << k != 0 {
                    if let Some(p) = game.promoted_form(k as Kind) {
                        dropped |= 1u128 << p;
                    }
                }
            }
        }
        for k in (0..kinds).filter(|&k| dropped & 1u128 << k != 0) {
            for side in sides {
                let dead = game.pools.dead_cells.get(k).map(|d| &d[side.index()]);
                for c in game.board.zones[d.zone][side.index()].iter() {
                    if d.anywhere || !dead.is_some_and(|dead| dead.contains(c)) {
                        a.add(k, side.index(), c);
                    }
                }
            }
        }
    }
    if let Some((pool, zone)) = game.rules.gating {
        let gated = pooled.get(pool).copied().unwrap_or(0);
        for k in (0..kinds).filter(|&k| gated & 1u128 << k != 0) {
            for side in sides {
                for c in game.board.zones[zone][side.index()].iter() {
                    a.add(k, side.index(), c);
                }
            }
        }
    }
    // Each kind with the kinds a piece made as it may be written as: its
    // base kind and every copy of that (`~`), since a FEN may leave a copy's
    // mark out (`notation fen unmarked`, or a position written by hand) and
    // reads a `~` onto any kind that has a copy.
    let copies: Vec<Vec<usize>> = (0..kinds)
        .map(|k| {
            let base = game.pieces[k].base as usize;
            let copy = |i: usize| matches!(game.pieces[i].mark, Mark::Copy(_));
            let mut out = vec![k];
            if copy(k) {
                out.push(base);
            }
            out.extend(
                (0..kinds).filter(|&i| i != k && copy(i) && game.pieces[i].base as usize == base),
            );
            out
        })
        .collect();
    let mut budget = MAX_ARRIVAL_WORK;
    let mut landing = CellSet::new(n);
    while let Some((k, si, from)) = a.pending.pop() {
        let side = sides[si];
        let def = &game.pieces[k];
        if !landings(game, side, k as Kind, from, &mut landing, &mut budget) {
            return vec![[everywhere(), everywhere()]; kinds];
        }
        for to in landing.iter() {
            let mut compulsory = false;
            for r in def
                .promotions
                .iter()
                .filter(|r| r.applies(game, side, from, to))
            {
                compulsory |= !r.optional && !r.on_capture && !r.not_en_passant;
                for &t in &r.targets {
                    for &t in &copies[t as usize] {
                        a.add(t, si, to);
                    }
                }
            }
            if let Some(b) = def.on_capture_become {
                a.add(b as usize, si, to);
            }
            if !compulsory {
                a.add(k, si, to);
            }
        }
        for r in &def.in_place {
            if r.last_anywhere || game.in_zone(r.zone, side, from) {
                for &t in &r.targets {
                    for &t in &copies[t as usize] {
                        a.add(t, si, from);
                    }
                }
            }
        }
    }
    let mut reach = a.reach;
    if game.rules.flip.is_some() {
        for sets in &mut reach {
            let black: Vec<u16> = sets[1].iter().collect();
            let white: Vec<u16> = sets[0].iter().collect();
            black.into_iter().for_each(|c| sets[0].insert(c));
            white.into_iter().for_each(|c| sets[1].insert(c));
        }
    }
    // A kind that no rule brings into play anywhere (Fairy-Stockfish's
    // `fairy` declares five, for positions it is given) comes only from a
    // position given as text, and the rules say nothing of where it stands.
    for sets in &mut reach {
        if sets.iter().all(CellSet::is_empty) {
            *sets = [everywhere(), everywhere()];
        }
    }
    reach
}

/// Into `out`, the cells a piece of `kind` and `side` on `from` may land on
/// by one of its movements or castlings, whatever stands on the board:
/// each leg's cells as if the cells it passes were empty and those it lands
/// on held whatever it needs (a hop anywhere past its first cell). False
/// once `budget` cells have been visited.
fn landings(
    game: &Game,
    side: Side,
    kind: Kind,
    from: u16,
    out: &mut CellSet,
    budget: &mut u64,
) -> bool {
    let n = game.cell_count();
    *out = CellSet::new(n);
    for m in &game.pieces[kind as usize].movements {
        if !m.origin_allowed(game, side, from) {
            continue;
        }
        let mut cur = CellSet::new(n);
        cur.insert(from);
        for leg in &m.legs {
            let mut next = CellSet::new(n);
            for at in cur.iter() {
                if !leg_landings(game, side, leg, at, &mut next, budget) {
                    return false;
                }
            }
            cur = next;
        }
        for to in cur.iter() {
            let allowed = m.to_zone.is_none_or(|z| game.in_zone(z, side, to))
                && m.not_to_zone.is_none_or(|z| !game.in_zone(z, side, to));
            if allowed && to != from {
                out.insert(to);
            }
        }
    }
    for c in &game.rules.castlings {
        if c.king == kind || c.rook == kind {
            for &d in &c.dirs {
                if !ray(game, side, d, from, 1, u32::MAX, out, budget) {
                    return false;
                }
            }
            if let Some((kz, rz)) = c.fixed {
                let z = if c.king == kind { kz } else { rz };
                game.board.zones[z][side.index()]
                    .iter()
                    .for_each(|x| out.insert(x));
            }
        }
    }
    true
}

/// Spends one unit of `budget`; false once it is spent.
fn spend(budget: &mut u64) -> bool {
    *budget = budget.saturating_sub(1);
    *budget > 0
}

/// Into `out`, the cells one leg may end on from `at`; false once `budget`
/// is spent.
fn leg_landings(
    game: &Game,
    side: Side,
    leg: &Leg,
    at: u16,
    out: &mut CellSet,
    budget: &mut u64,
) -> bool {
    let most = |r: &Reach| match r {
        Reach::Steps(s) => *s,
        Reach::Counter => u32::MAX,
    };
    match leg {
        Leg::Step(dirs) => {
            for &d in dirs {
                for &c in game.step(side, d, at) {
                    out.insert(c);
                    if !spend(budget) {
                        return false;
                    }
                }
            }
        }
        Leg::Slide(dirs, r) => {
            for &d in dirs {
                if !ray(game, side, d, at, 1, most(r), out, budget) {
                    return false;
                }
            }
        }
        Leg::Hop(dirs, _) => {
            // Over a screen anywhere on the line, then on any distance.
            for &d in dirs {
                if !ray(game, side, d, at, 2, u32::MAX, out, budget) {
                    return false;
                }
            }
        }
        Leg::Path(dirs, r) => {
            let limit = most(r).min(game.cell_count() as u32);
            let mut seen = CellSet::new(game.cell_count());
            let mut ring = vec![at];
            seen.insert(at);
            for _ in 0..limit {
                let mut next = Vec::new();
                for &c in &ring {
                    for &d in dirs {
                        for &x in game.step(side, d, c) {
                            if !spend(budget) {
                                return false;
                            }
                            if !seen.contains(x) {
                                seen.insert(x);
                                out.insert(x);
                                next.push(x);
                            }
                        }
                    }
                }
                if next.is_empty() {
                    break;
                }
                ring = next;
            }
        }
        Leg::Leap(tables) => {
            for &c in game.board.leaps[tables[side.index()]].get(at as usize) {
                out.insert(c);
                if !spend(budget) {
                    return false;
                }
            }
        }
    }
    true
}

/// Into `out`, the cells along direction `d` from `at` (every branch) at
/// distances `first..=last`; false once `budget` is spent.
#[allow(clippy::too_many_arguments)]
fn ray(
    game: &Game,
    side: Side,
    d: u8,
    at: u16,
    first: u32,
    last: u32,
    out: &mut CellSet,
    budget: &mut u64,
) -> bool {
    let mut seen = CellSet::new(game.cell_count());
    let mut ring = vec![at];
    let mut dist = 0u32;
    // A line that loops ends once it has seen every cell.
    while !ring.is_empty() && dist < last && (dist as usize) <= game.cell_count() {
        dist += 1;
        let mut next = Vec::new();
        for &c in &ring {
            for &x in game.step(side, d, c) {
                if !spend(budget) {
                    return false;
                }
                if !seen.contains(x) {
                    seen.insert(x);
                    if dist >= first {
                        out.insert(x);
                    }
                    next.push(x);
                }
            }
        }
        ring = next;
    }
    true
}
