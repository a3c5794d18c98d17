//! Positions: pieces on cells with their counters, pieces in pools, side to move,
//! rights and counters; make and unmake.

use super::moves::{Move, MoveKind, RawMove, NO_CELL};
use crate::game::{code, kind_of, side_of, CellSet, Code, Game, Side};

/// En-passant state: the cells a piece just passed, and that piece's cell.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct EnPassant {
    /// The cells the piece passed over, where an en passant capture lands;
    /// `NO_CELL` for the second when it passed only one.
    pub targets: [u16; 2],
    /// The cell of the piece that passed, captured en passant.
    pub victim: u16,
}

impl EnPassant {
    /// Whether `c` is one of the targets.
    pub fn is_target(&self, c: u16) -> bool {
        self.targets[0] == c || self.targets[1] == c
    }
}

/// A piece in a pool: its code and its counter.
pub type Pooled = (Code, u8);

/// A position of one game.
#[derive(Clone, Debug)]
pub struct Position<'g> {
    game: &'g Game,
    board: Vec<Code>,
    /// The counter of the piece on each cell (0 for kinds without one).
    state: Vec<u8>,
    occupied: [CellSet; 2],
    royals: [CellSet; 2],
    /// Pool `p` of side `s` at `p * 2 + s`, each kept sorted.
    pools: Vec<Vec<Pooled>>,
    /// Cells whose piece has not moved since the start (rights for `first` and castling).
    pub(crate) unmoved: CellSet,
    side: Side,
    pub(crate) en_passant: Option<EnPassant>,
    /// Plies since the halfmove clock last restarted (a capture, a drop, or a move
    /// of a kind that resets it).
    pub(crate) halfmove: u32,
    /// The move number, as in FEN: 1 at the start, plus 1 after each Black move.
    pub(crate) fullmove: u32,
    /// How often each side's royal pieces have been checked, for a
    /// `checked N times` goal (always 0 without one).
    pub(crate) checks: [u8; 2],
    /// The pieces explosions removed, for `unmake` to put back: cell, piece,
    /// counter and whether it had not moved. Empty without `captures explode`.
    blasted: Vec<(u16, Code, u8, bool)>,
    /// What the last moves were, where a goal looks back past the position.
    history: History,
    /// Which position this is and how many moves made on it are not yet
    /// taken back, for [`Position::take_back`].
    made: Made,
}

/// A position's serial number, unique in the process (a clone draws a new
/// one), in the high half, and in the low half how many moves made on it
/// are not yet taken back: the undo of a move carries the value from before
/// it, so that an undo is taken back only where it was made, and only when
/// it is the last; one word, so that `make` keeps it at the cost of a load
/// and two stores.
#[derive(Debug, PartialEq, Eq)]
struct Made(u64);

impl Made {
    fn fresh(moves: u64) -> Made {
        use std::sync::atomic::{AtomicU32, Ordering};
        static NEXT: AtomicU32 = AtomicU32::new(0);
        Made(u64::from(NEXT.fetch_add(1, Ordering::Relaxed)) << 32 | moves)
    }
}

impl Clone for Made {
    fn clone(&self) -> Made {
        Made::fresh(self.0 & 0xffff_ffff)
    }
}

/// What the last moves were, where a goal looks back past the position:
/// whether the last one was a drop whose rule says a checkmate by it loses
/// for the side that gave it (`mating loses`), and how many were passes in a
/// row, and, where a goal asks (`goal castles`), along which direction the
/// last move castled. History rather than position, as in Fairy-Stockfish:
/// positions read from text start with none, and equality ignores it. Two
/// bytes, so that `make` keeps it at the cost of one store.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct History(u16);

impl History {
    const MATING_DROP: u16 = 1;

    /// Whether the last move was a drop that loses if it mates.
    pub fn mating_drop(self) -> bool {
        self.0 & Self::MATING_DROP != 0
    }

    /// How many of the last moves were passes in a row (at most 127).
    pub fn passes(self) -> u8 {
        (self.0 as u8) >> 1
    }

    /// The direction along which the last move castled, where the game has
    /// a `goal castles` (none otherwise).
    pub fn castled_along(self) -> Option<u8> {
        match self.0 >> 8 {
            0 => None,
            d => Some(d as u8 - 1),
        }
    }

    /// The whole record, for position keys.
    pub(crate) fn bits(self) -> u16 {
        self.0
    }
}

/// What [`Position::unmake`] needs to take a move back: handed out by
/// [`Position::make`] (and [`Position::play`](crate::Position::play)),
/// consumed by `unmake` or [`Position::take_back`]. It is neither `Copy`
/// nor `Clone`, so it cannot be used twice; it remembers the position it was
/// made on and how many moves that position had made before it, so that
/// `take_back` refuses one that is not the last made there.
///
/// ```compile_fail
/// // An undo is taken back once.
/// fn twice(pos: &mut tessera::Position<'_>, undo: tessera::Undo) {
///     pos.unmake(undo);
///     pos.unmake(undo);
/// }
/// ```
///
/// ```compile_fail
/// // Nor can it be copied to be taken back again.
/// fn copy(undo: &tessera::Undo) -> tessera::Undo {
///     undo.clone()
/// }
/// ```
#[derive(Debug)]
pub struct Undo {
    mv: RawMove,
    /// The serial of the position the move was made on, and the moves made
    /// on it before this one and not taken back (its `Made`).
    made: u64,
    captured: Code,
    captured_state: u8,
    captured_at: u16,
    moved: Code,
    moved_state: u8,
    en_passant: Option<EnPassant>,
    halfmove: u32,
    /// Unmoved flags of from, to, captured_at, aux before the move.
    unmoved_bits: u8,
    /// Where pool entries were inserted or removed, to undo in reverse order.
    captured_slot: u16,
    taken_slot: u16,
    put_slot: u16,
    /// The check counts before the move.
    checks: [u8; 2],
    /// How many pieces the move's explosion removed: at most one per cell, so
    /// 16 bits, since a step that branches may blast more than 255 cells.
    blasted: u16,
    /// Where a gated piece was taken out of its pool.
    gate_slot: u16,
    history: History,
}

/// What [`Position::replace`] needs: the pieces (with counters) that stood on
/// the two cells.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Displaced {
    from: u16,
    to: u16,
    moved: Pooled,
    taken: Pooled,
    /// The unmoved flags of `from` (bit 0) and `to` (bit 1).
    unmoved: u8,
}

impl PartialEq for Position<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.board == other.board
            && self.state == other.state
            && self.pools == other.pools
            && self.side == other.side
            && self.unmoved == other.unmoved
            && self.en_passant == other.en_passant
            && self.halfmove == other.halfmove
            && self.fullmove == other.fullmove
            && self.checks == other.checks
    }
}

impl Eq for Position<'_> {}

/// Hashes what equality compares (not the history of the last moves, nor
/// which position made which undo), so that positions can key a `HashMap`.
/// [`Position::key`] is the engine's own hash, which tells the histories apart.
impl std::hash::Hash for Position<'_> {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.board.hash(state);
        self.state.hash(state);
        self.pools.hash(state);
        self.side.hash(state);
        self.unmoved.hash(state);
        self.en_passant.hash(state);
        self.halfmove.hash(state);
        self.fullmove.hash(state);
        self.checks.hash(state);
    }
}

impl<'g> Position<'g> {
    /// A copy of this position in `game`, which must be the same game (an
    /// `Arc`'s copy of it, for [`crate::OwnedPosition`]); a fresh position,
    /// as [`Clone`] makes, so that an undo of this one is refused there.
    pub(crate) fn clone_in<'h>(&self, game: &'h Game) -> Position<'h> {
        debug_assert_eq!(game.id(), self.game.id());
        Position {
            game,
            board: self.board.clone(),
            state: self.state.clone(),
            occupied: self.occupied.clone(),
            royals: self.royals.clone(),
            pools: self.pools.clone(),
            unmoved: self.unmoved.clone(),
            side: self.side,
            en_passant: self.en_passant,
            halfmove: self.halfmove,
            fullmove: self.fullmove,
            checks: self.checks,
            blasted: self.blasted.clone(),
            history: self.history,
            made: self.made.clone(),
        }
    }

    /// Whether `mv`, a move of the side to move, captures (en passant
    /// included; drops, transfers, castling and passes never do); false for
    /// a move whose destination is not a cell of the game, or of another
    /// game.
    pub fn is_capture(&self, mv: &Move) -> bool {
        mv.is_of(self.game) && self.captures(&mv.raw)
    }

    /// [`Position::is_capture`] for the engine's own moves.
    pub(crate) fn captures(&self, mv: &RawMove) -> bool {
        match mv.kind {
            MoveKind::EnPassant => true,
            MoveKind::Drop | MoveKind::Transfer | MoveKind::Castle | MoveKind::Pass => false,
            _ => self
                .board
                .get(mv.to as usize)
                .is_some_and(|&there| there != 0 && side_of(there) != self.side),
        }
    }

    /// What the last moves were, as far as goals look back.
    pub fn history(&self) -> History {
        self.history
    }

    /// An empty board with `side` to move.
    pub(crate) fn empty(game: &'g Game, side: Side) -> Position<'g> {
        let n = game.cell_count();
        Position {
            game,
            board: vec![0; n],
            state: vec![0; n],
            occupied: [CellSet::new(n), CellSet::new(n)],
            royals: [CellSet::new(n), CellSet::new(n)],
            pools: vec![Vec::new(); game.pools.pool_names.len() * 2],
            unmoved: CellSet::new(n),
            side,
            en_passant: None,
            halfmove: 0,
            fullmove: 1,
            checks: [0; 2],
            blasted: Vec::new(),
            history: History::default(),
            made: Made::fresh(0),
        }
    }

    /// The start position of the rule file's `setup`; every piece unmoved, every
    /// counter at its start value.
    pub fn start(game: &'g Game) -> Position<'g> {
        Position::start_with(game, &game.start.setup)
    }

    /// The start position with `setup`'s pieces on the board in place of the
    /// rule file's (its pools and first turn as the rule file says).
    pub(crate) fn start_with(game: &'g Game, setup: &[(u16, u8)]) -> Position<'g> {
        let mut p = Position::empty(game, game.start.first_turn);
        p.halfmove = game.start.clock;
        p.fullmove = game.start.fullmove;
        for &(c, code) in setup {
            p.put(c, code);
            p.set_unmoved(c, !game.start.moved.contains(&c));
        }
        for &(pool, code) in &game.start.setup_pools {
            let start = game.pieces[kind_of(code) as usize].start_state();
            p.add_to_pool(pool, (code, start));
        }
        p
    }

    /// The game this is a position of.
    pub fn game(&self) -> &'g Game {
        self.game
    }

    /// Plies since the halfmove clock last restarted (a capture, a drop, or a
    /// move of a kind that resets it).
    pub fn halfmove(&self) -> u32 {
        self.halfmove
    }

    /// The move number, as in FEN: 1 at the start, plus 1 after each Black move.
    pub fn fullmove(&self) -> u32 {
        self.fullmove
    }

    /// How often each side's royal pieces have been checked (White's, then
    /// Black's), for a `checked N times` goal (0 without one).
    pub fn checks(&self) -> [u8; 2] {
        self.checks
    }

    /// The side whose turn it is.
    #[inline]
    pub fn side_to_move(&self) -> Side {
        self.side
    }

    /// Hands the turn to `side`, changing nothing else.
    pub(crate) fn set_side_to_move(&mut self, side: Side) {
        self.side = side;
    }

    /// The piece on `c`, 0 when empty.
    ///
    /// # Panics
    /// When `c` is not a cell of the game (`c >= game().cell_count()`).
    #[inline]
    pub fn at(&self, c: u16) -> Code {
        self.board[c as usize]
    }

    /// The counter of the piece on `c`.
    ///
    /// # Panics
    /// When `c` is not a cell of the game, as [`Position::at`].
    #[inline]
    pub fn state(&self, c: u16) -> u8 {
        self.state[c as usize]
    }

    /// Sets the counter of the piece on `c`.
    pub(crate) fn set_state(&mut self, c: u16, value: u8) {
        self.state[c as usize] = value;
    }

    /// The cells holding a piece of `side`.
    #[inline]
    pub fn occupied(&self, side: Side) -> &CellSet {
        &self.occupied[side.index()]
    }

    /// The cells holding a royal piece of `side`.
    #[inline]
    pub fn royals(&self, side: Side) -> &CellSet {
        &self.royals[side.index()]
    }

    /// The pieces in pool `pool` of `side`, sorted.
    ///
    /// # Panics
    /// When `pool` is not one of the game's pools
    /// ([`Game::pool_names`](crate::Game::pool_names); chess has none).
    pub fn pool(&self, pool: usize, side: Side) -> &[Pooled] {
        &self.pools[pool * 2 + side.index()]
    }

    /// Adds a piece to pool `pool` of its owner.
    pub(crate) fn add_to_pool(&mut self, pool: usize, piece: Pooled) {
        self.pool_insert(pool * 2 + side_of(piece.0).index(), piece);
    }

    /// Adds pieces to the pools of their owners all at once, sorting each
    /// pool once: a reader's hand of any size in linear time and one sort,
    /// where [`Position::add_to_pool`] would shift the pool for each piece.
    pub(crate) fn add_all_to_pools(&mut self, pieces: impl IntoIterator<Item = (usize, Pooled)>) {
        let mut touched = vec![false; self.pools.len()];
        for (pool, piece) in pieces {
            let container = pool * 2 + side_of(piece.0).index();
            self.pools[container].push(piece);
            touched[container] = true;
        }
        for (pool, touched) in self.pools.iter_mut().zip(touched) {
            if touched {
                pool.sort_unstable();
            }
        }
    }

    /// The en passant state, if the last move left one.
    pub fn en_passant(&self) -> Option<EnPassant> {
        self.en_passant
    }

    /// Sets the en passant state, changing nothing else.
    pub(crate) fn set_en_passant(&mut self, ep: Option<EnPassant>) {
        self.en_passant = ep;
    }

    /// Whether the piece on `c` has not moved since the start (and its kind tracks it).
    pub fn is_unmoved(&self, c: u16) -> bool {
        self.unmoved.contains(c)
    }

    /// Marks the piece on `c` as not yet moved (only kinds that track it) or moved.
    pub(crate) fn set_unmoved(&mut self, c: u16, on: bool) {
        let code = self.board[c as usize];
        let tracked = code != 0 && self.game.pieces[kind_of(code) as usize].tracks_unmoved;
        self.unmoved.set(c, on && tracked);
    }

    /// Puts `code` on the empty cell `c` with its kind's start counter.
    pub(crate) fn put(&mut self, c: u16, code: Code) {
        let start = self.game.pieces[kind_of(code) as usize].start_state();
        self.put_with(c, code, start);
    }

    pub(crate) fn put_with(&mut self, c: u16, code: Code, state: u8) {
        debug_assert_eq!(self.board[c as usize], 0);
        self.board[c as usize] = code;
        self.state[c as usize] = state;
        let side = side_of(code).index();
        self.occupied[side].insert(c);
        if self.game.pieces[kind_of(code) as usize].royal {
            self.royals[side].insert(c);
        }
    }

    /// Takes the piece off `c` and returns it.
    pub(crate) fn take(&mut self, c: u16) -> Code {
        let code = self.board[c as usize];
        if code != 0 {
            self.board[c as usize] = 0;
            self.state[c as usize] = 0;
            let side = side_of(code).index();
            self.occupied[side].remove(c);
            self.royals[side].remove(c);
        }
        code
    }

    /// Moves the piece on `from` onto `to`, taking what stands there, with its
    /// counter and as a piece that has moved; pools, the turn, en passant and
    /// the clocks stay as they are. A cheap stand-in for [`Position::make`]
    /// where those do not matter, as for the attack tests after a plain move.
    pub(crate) fn displace(&mut self, from: u16, to: u16) -> Displaced {
        let moved = (self.board[from as usize], self.state[from as usize]);
        let taken = (self.board[to as usize], self.state[to as usize]);
        let unmoved = self.unmoved_bits([from, to, NO_CELL, NO_CELL]);
        self.take(from);
        self.take(to);
        self.put_with(to, moved.0, moved.1);
        self.unmoved.remove(from);
        self.unmoved.remove(to);
        Displaced {
            from,
            to,
            moved,
            taken,
            unmoved,
        }
    }

    /// Takes back a [`Position::displace`].
    pub(crate) fn replace(&mut self, d: Displaced) {
        self.take(d.to);
        if d.taken.0 != 0 {
            self.put_with(d.to, d.taken.0, d.taken.1);
        }
        self.put_with(d.from, d.moved.0, d.moved.1);
        self.unmoved.set(d.from, d.unmoved & 1 != 0);
        self.unmoved.set(d.to, d.unmoved & 2 != 0);
    }

    fn pool_insert(&mut self, container: usize, piece: Pooled) -> u16 {
        let pool = &mut self.pools[container];
        let i = pool.partition_point(|p| *p < piece);
        pool.insert(i, piece);
        i as u16
    }

    fn pool_remove(&mut self, container: usize, piece: Pooled) -> u16 {
        let pool = &mut self.pools[container];
        let i = pool.partition_point(|p| *p < piece);
        debug_assert_eq!(pool.get(i), Some(&piece), "the move's piece is in the pool");
        pool.remove(i);
        i as u16
    }

    /// `, opposite`: the other side's partner that castling on this wing
    /// would take loses its right. A castling captures nothing, so that
    /// partner's cell and flag are kept in the captured cell's place for the
    /// undo.
    #[cold]
    #[inline(never)]
    fn take_opposite_right(&mut self, mv: RawMove, king: u8, undo: &mut Undo) {
        if let Some(t) = self.opposite_partner(mv, king) {
            undo.captured_at = t;
            undo.unmoved_bits |= 1 << 2;
            self.unmoved.remove(t);
        }
    }

    /// For a castling `mv` of an `opposite` rule, its king (of kind `king`)
    /// taken off: the other side's unmoved partner that its unmoved king
    /// would castle with on the same wing (the first piece from it on the
    /// side of the mover's partner, by file).
    fn opposite_partner(&self, mv: RawMove, king: u8) -> Option<u16> {
        let game = self.game;
        let rook = kind_of(self.at(mv.aux));
        let file = |c: u16| game.board.cells[c as usize].coords[0][0];
        let east = file(mv.aux) > file(mv.from);
        let other = self.side.opposite();
        for c in game
            .rules
            .castlings
            .iter()
            .filter(|c| c.opposite && c.king == king && c.rook == rook)
        {
            for k in self.occupied(other).iter() {
                if self.at(k) != code(c.king, other) || !self.unmoved.contains(k) {
                    continue;
                }
                for &d in &c.dirs {
                    let mut at = k;
                    let mut found = None;
                    for _ in 0..game.cell_count() {
                        let Some(&t) = game.step(other, d, at).first() else {
                            break;
                        };
                        if t == k {
                            break;
                        }
                        if self.at(t) != 0 {
                            found = Some(t);
                            break;
                        }
                        at = t;
                    }
                    if let Some(t) = found {
                        if (file(t) > file(k)) == east
                            && file(t) != file(k)
                            && self.at(t) == code(c.rook, other)
                            && self.unmoved.contains(t)
                        {
                            return Some(t);
                        }
                    }
                }
            }
        }
        None
    }

    fn unmoved_bits(&self, cells: [u16; 4]) -> u8 {
        let mut bits = 0;
        for (i, c) in cells.iter().enumerate() {
            if *c != NO_CELL && self.unmoved.contains(*c) {
                bits |= 1 << i;
            }
        }
        bits
    }

    /// [`Position::make`] but for counting the check the move gives, which
    /// needs the attack test, a floor above the position.
    pub(super) fn make_uncounted(&mut self, mv: RawMove) -> Undo {
        debug_assert!(
            mv.is_from_pool()
                || mv.kind == MoveKind::Pass
                || self
                    .board
                    .get(mv.from as usize)
                    .is_some_and(|&c| c != 0 && side_of(c) == self.side),
            "make: the origin of a board move holds no piece of the side to move"
        );
        let side = self.side;
        let mut undo = Undo {
            mv,
            made: self.made.0,
            captured: 0,
            captured_state: 0,
            captured_at: NO_CELL,
            moved: 0,
            moved_state: 0,
            en_passant: self.en_passant,
            halfmove: self.halfmove,
            unmoved_bits: 0,
            captured_slot: NO_CELL,
            taken_slot: NO_CELL,
            put_slot: NO_CELL,
            checks: self.checks,
            blasted: 0,
            gate_slot: NO_CELL,
            history: self.history,
        };
        self.history = if matches!(mv.kind, MoveKind::Drop | MoveKind::Pass | MoveKind::Castle) {
            self.history_after(mv)
        } else {
            History::default()
        };
        match mv.kind {
            MoveKind::Drop => {
                let piece = (mv.piece, mv.state);
                // `drop new`: its pool never runs out.
                if Some(mv.from as usize) != self.game.pools.new_pool {
                    undo.taken_slot = self.pool_remove(mv.from as usize * 2 + side.index(), piece);
                }
                match mv.promotes_to() {
                    // Dropped as its promoted form (`also promoted`).
                    Some(k) => self.put(mv.to, code(k, side)),
                    None => self.put_with(mv.to, mv.piece, mv.state),
                }
                // `unmoved in ZONE`: the piece dropped there has not moved.
                if self.game.pools.unmoved_drops {
                    let kind = kind_of(mv.piece);
                    if let Some(z) = self
                        .game
                        .drop_rule(mv.from as usize, kind)
                        .and_then(|r| r.unmoved_in)
                    {
                        if self.game.in_zone(z, side, mv.to) {
                            self.set_unmoved(mv.to, true);
                        }
                    }
                }
                // A drop cannot be undone: it restarts the clock, as in
                // Fairy-Stockfish.
                self.halfmove = 0;
            }
            MoveKind::Transfer => {
                let piece = (mv.piece, mv.state);
                undo.taken_slot = self.pool_remove(mv.from as usize * 2 + side.index(), piece);
                undo.put_slot = self.pool_insert(mv.to as usize * 2 + side.index(), piece);
                self.halfmove += 1;
            }
            // A pass is a move of the piece that stands still, for the clock:
            // one of a kind that resets it resets it, as in Fairy-Stockfish.
            MoveKind::Pass => {
                let resets = mv.from != NO_CELL
                    && self.game.pieces[kind_of(self.at(mv.from)) as usize].resets_clock;
                self.halfmove = if resets { 0 } else { self.halfmove + 1 };
            }
            _ => {
                self.make_board_move(mv, &mut undo);
                if mv.gate != NO_CELL {
                    if let Some((pool, _)) = self.game.rules.gating {
                        let piece = (mv.piece, mv.state);
                        undo.gate_slot = self.pool_remove(pool * 2 + side.index(), piece);
                        self.put_with(mv.gate, mv.piece, mv.state);
                    }
                }
                if let (true, Some(w)) = (mv.gate != NO_CELL, self.game.rules.walling) {
                    undo.gate_slot = self.move_wall(code(w.kind, Side::White), mv.gate, w.new);
                }
            }
        }
        // A piece that promotes on its double step is no longer the piece
        // en passant takes: no right, as Fairy-Stockfish has it.
        self.en_passant =
            (mv.kind == MoveKind::SetsEnPassant && mv.promotion == 0).then_some(EnPassant {
                targets: [mv.aux, mv.aux2],
                victim: mv.to,
            });
        if self.game.rules.landing_effects || self.game.rules.walling.is_some() {
            self.landing_effects(mv, &mut undo);
        }
        if side == Side::Black {
            self.fullmove += 1;
        }
        self.side = side.opposite();
        self.made.0 = self.made.0.wrapping_add(1);
        undo
    }

    /// What a move does beyond moving: the flips and lost first moves of its
    /// landing, and en passant past a wall placed on a cell just passed.
    /// Rare, kept out of `make`'s line.
    #[inline(never)]
    fn landing_effects(&mut self, mv: RawMove, undo: &mut Undo) {
        if self.game.rules.landing_effects
            && !matches!(mv.kind, MoveKind::Pass | MoveKind::Transfer)
        {
            if let Some(f) = &self.game.rules.flip {
                if !(f.drops_next_to_own && mv.kind == MoveKind::Drop && !self.beside_own(mv.to, f))
                {
                    undo.blasted += self.flip_around(mv.to, f);
                }
            }
            if !self.game.rules.loses_first.is_empty() {
                undo.blasted += self.lose_first(mv.to);
            }
        }
        // A neutral piece placed on a cell just passed leaves nothing to take
        // en passant there.
        if let (Some(ep), true) = (self.en_passant, self.game.rules.walling.is_some()) {
            let targets = ep.targets.map(|t| if t == mv.gate { NO_CELL } else { t });
            self.en_passant = match targets {
                [NO_CELL, NO_CELL] => None,
                [NO_CELL, t] | [t, NO_CELL] => Some(EnPassant {
                    targets: [t, NO_CELL],
                    ..ep
                }),
                _ => Some(EnPassant { targets, ..ep }),
            };
        }
    }

    /// Along which of its castling directions the castling `mv` of the side
    /// to move goes, where some `goal castles` asks (none otherwise): the
    /// direction along which its partner is the first piece met from the king.
    fn castled_along(&self, mv: &RawMove) -> Option<u8> {
        let game = self.game;
        if !game.goals.castles_recorded {
            return None;
        }
        let side = self.side;
        let king = self.at(mv.from);
        game.rules
            .castlings
            .iter()
            .filter(|c| code(c.king, side) == king)
            .flat_map(|c| c.dirs.iter().copied())
            .find(|&d| {
                let mut at = mv.from;
                for _ in 0..game.cell_count() {
                    match game.step(side, d, at).first() {
                        Some(&t) if t == mv.aux => return true,
                        Some(&t) if self.at(t) == 0 && t != mv.from => at = t,
                        _ => return false,
                    }
                }
                false
            })
    }

    /// The history after a drop, a pass or a castling.
    #[inline(never)]
    fn history_after(&self, mv: RawMove) -> History {
        History(match mv.kind {
            MoveKind::Drop => u16::from(
                self.game
                    .drop_rule(mv.from as usize, kind_of(mv.piece))
                    .is_some_and(|r| r.mating_loses),
            ),
            MoveKind::Castle => self
                .castled_along(&mv)
                .map_or(0, |d| (u16::from(d) + 1) << 8),
            _ => u16::from((self.history.passes() + 1).min(127)) << 1,
        })
    }

    /// The pool entry a captured piece becomes and the container it goes to:
    /// its owner's pool, or where captured pieces change sides, its captor's,
    /// demoted to the kind it was promoted from.
    fn captured_entry(&self, pool: usize, captured: Code, state: u8) -> (usize, Pooled) {
        let game = self.game;
        if !game.pools.captured_by_captor {
            return (pool * 2 + side_of(captured).index(), (captured, state));
        }
        let kind = kind_of(captured);
        let piece = &game.pieces[kind as usize];
        let demoted = if game.pools.captured_keeps_promotion {
            kind
        } else {
            piece.demoted(kind)
        };
        let state = if demoted == kind {
            state
        } else {
            game.pieces[demoted as usize].start_state()
        };
        let captor = side_of(captured).opposite();
        (pool * 2 + captor.index(), (code(demoted, captor), state))
    }

    fn make_board_move(&mut self, mv: RawMove, undo: &mut Undo) {
        let side = self.side;
        let captured_at = if mv.kind == MoveKind::EnPassant {
            mv.aux
        } else {
            mv.to
        };
        let rook_from = if mv.kind == MoveKind::Castle {
            mv.aux
        } else {
            NO_CELL
        };
        undo.captured_at = captured_at;
        undo.unmoved_bits = self.unmoved_bits([mv.from, mv.to, captured_at, rook_from]);
        undo.moved_state = self.state[mv.from as usize];
        let moved = self.take(mv.from);
        undo.moved = moved;
        let piece = &self.game.pieces[kind_of(moved) as usize];
        let mut state = undo.moved_state;
        if mv.kind == MoveKind::Castle {
            if self.game.rules.castling_opposite {
                self.take_opposite_right(mv, kind_of(moved), undo);
            }
            let rook_state = self.state[mv.aux as usize];
            let rook = self.take(mv.aux);
            self.unmoved.remove(mv.aux);
            self.put_with(mv.aux2, rook, rook_state);
        } else {
            undo.captured_state = self.state[captured_at as usize];
            undo.captured = self.take(captured_at);
            self.unmoved.remove(captured_at);
            if undo.captured != 0 {
                if let Some(c) = &piece.counter {
                    state = state.saturating_sub(piece.on_capture_lower).max(c.low);
                }
                if let Some(pool) = self.game.pools.captured_to {
                    let (container, entry) =
                        self.captured_entry(pool, undo.captured, undo.captured_state);
                    undo.captured_slot = self.pool_insert(container, entry);
                }
            }
        }
        match mv.promotes_to() {
            Some(k) => {
                let new = code(k, side);
                if mv.source > 0 {
                    let from_pool = (mv.source as usize - 1) * 2 + side.index();
                    undo.taken_slot = self.pool_remove(from_pool, (new, mv.state));
                    if let Some(p) = piece.itself_to(mv.source as usize - 1) {
                        let entry = (moved, undo.moved_state);
                        undo.put_slot = self.pool_insert(p * 2 + side.index(), entry);
                    }
                }
                self.put(mv.to, new);
            }
            None => match piece.on_capture_become.filter(|_| undo.captured != 0) {
                // The piece turns into another where it captured (petrified
                // chess: into a wall); a neutral kind is kept as White's.
                Some(k) => {
                    let owner = if self.game.pieces[k as usize].neutral {
                        Side::White
                    } else {
                        side
                    };
                    let start = self.game.pieces[k as usize].start_state();
                    self.put_with(mv.to, code(k, owner), start);
                }
                None => self.put_with(mv.to, moved, state),
            },
        }
        self.unmoved.remove(mv.from);
        self.unmoved.remove(mv.to);
        if undo.captured != 0 {
            if let Some(e) = &self.game.rules.explosion {
                undo.blasted = self.explode(mv.to, e);
            }
        }
        // As in FEN, a capture, a promotion or a move of a kind that resets
        // the clock (by default, a promoting piece: a pawn) restarts it; a
        // promotion the piece can undo (it promotes back) does not, as in
        // Fairy-Stockfish.
        // A move the piece could take back at once (a pawn's step sideways)
        // does not, as in Fairy-Stockfish.
        let resets = undo.captured != 0
            || mv
                .promotes_to()
                .is_some_and(|k| piece.undoable_promotions & 1u128 << k == 0)
            || piece.resets_clock
                && piece
                    .reversible
                    .as_ref()
                    .is_none_or(|r| !r[side.index()][mv.to as usize].contains(mv.from));
        self.halfmove = if resets { 0 } else { self.halfmove + 1 };
    }

    /// Removes the capturing piece on `at` and the pieces around it that the
    /// explosion does not spare; returns how many it removed.
    fn explode(&mut self, at: u16, e: &crate::game::Explosion) -> u16 {
        let game = self.game;
        let mut n = 0;
        let mut blast = |pos: &mut Position<'_>, c: u16| {
            let piece = pos.board[c as usize];
            // Nothing captures a neutral piece, nor blows it up.
            let spared = piece == 0 || {
                let kind = &game.pieces[kind_of(piece) as usize];
                let base = kind.base;
                kind.neutral
                    || e.immune & 1u128 << base != 0
                    || (c != at && e.spared & 1u128 << base != 0)
            };
            if spared || pos.blasted.iter().rev().take(n).any(|b| b.0 == c) {
                return;
            }
            let entry = (c, piece, pos.state[c as usize], pos.unmoved.contains(c));
            if let (true, Some(pool)) = (e.captured, game.pools.captured_to) {
                let (container, pooled) = pos.captured_entry(pool, piece, entry.2);
                pos.pool_insert(container, pooled);
            }
            pos.take(c);
            pos.unmoved.remove(c);
            pos.blasted.push(entry);
            n += 1;
        };
        blast(self, at);
        for &d in &e.dirs {
            for &c in game.step(Side::White, d, at) {
                blast(self, c);
            }
        }
        n as u16
    }

    /// Turns the enemy pieces that the piece landing on `at` flips by `f`
    /// into the mover's, noting each for `unmake`; returns how many.
    #[inline(never)]
    /// Whether a piece of the mover, other than the one on `at`, stands one
    /// step from `at` in one of the flip's directions (as White sees them).
    fn beside_own(&self, at: u16, f: &crate::game::Flip) -> bool {
        let game = self.game;
        f.dirs.iter().any(|&d| {
            game.step(Side::White, d, at).iter().any(|&c| {
                let p = self.at(c);
                c != at
                    && p != 0
                    && side_of(p) == self.side
                    && !game.pieces[kind_of(p) as usize].neutral
            })
        })
    }

    fn flip_around(&mut self, at: u16, f: &crate::game::Flip) -> u16 {
        let side = self.side;
        let mut cells = Vec::new();
        f.flipped(self.game, side, at, |c| self.at(c), |c| cells.push(c));
        for &c in &cells {
            let piece = self.board[c as usize];
            let state = self.state[c as usize];
            self.blasted
                .push((c, piece, state, self.unmoved.contains(c)));
            self.take(c);
            self.put_with(c, code(kind_of(piece), side), state);
        }
        cells.len() as u16
    }

    /// Takes the first-move right from the enemy pieces that a piece landing
    /// on `to` takes it from (`loses first move when ...`), noting each for
    /// `unmake` as a piece to put back unmoved; returns how many.
    #[inline(never)]
    fn lose_first(&mut self, to: u16) -> u16 {
        let game = self.game;
        let lander = self.board[to as usize];
        if lander == 0 {
            return 0;
        }
        let enemy = side_of(lander).opposite();
        let mut n = 0;
        for r in &game.rules.loses_first {
            if r.by & 1u128 << kind_of(lander) == 0 {
                continue;
            }
            let victim = code(r.kind, enemy);
            let lines = &r.lines[enemy.index()];
            let cells: Vec<u16> = self
                .unmoved
                .iter()
                .filter(|&c| self.board[c as usize] == victim && lines[c as usize].contains(to))
                .collect();
            for c in cells {
                self.blasted.push((c, victim, self.state[c as usize], true));
                self.unmoved.remove(c);
                n += 1;
            }
        }
        n
    }

    /// Takes out of the pools the pieces among the last `n` noted that the
    /// explosion removed (their cells are empty; a flip's or a lost first
    /// move's are not) and sent there as captured: any equal entry, since
    /// pools are sorted.
    #[cold]
    #[inline(never)]
    fn unpool_blasted(&mut self, n: u16) {
        let Some(pool) = self.game.pools.captured_to else {
            return;
        };
        let start = self.blasted.len() - n as usize;
        for i in start..self.blasted.len() {
            let (c, piece, state, _) = self.blasted[i];
            if self.board[c as usize] == 0 {
                let (container, pooled) = self.captured_entry(pool, piece, state);
                self.pool_remove(container, pooled);
            }
        }
    }

    /// Puts back the last `n` pieces that explosions removed or flips turned.
    #[cold]
    #[inline(never)]
    fn restore_blasted(&mut self, n: u16) {
        for _ in 0..n {
            if let Some((c, piece, state, unmoved)) = self.blasted.pop() {
                self.take(c);
                self.put_with(c, piece, state);
                self.unmoved.set(c, unmoved);
            }
        }
    }

    /// Moves the neutral piece `wall` onto `to` (or adds one, when `new`);
    /// returns where it stood, or `NO_CELL` where it was not on the board yet.
    fn move_wall(&mut self, wall: Code, to: u16, new: bool) -> u16 {
        let at = if new {
            None
        } else {
            self.occupied[0]
                .iter()
                .find(|&c| self.board[c as usize] == wall)
        };
        if let Some(c) = at {
            self.take(c);
        }
        self.put(to, wall);
        at.unwrap_or(NO_CELL)
    }

    /// Whether `undo` is the undo of the last move made on this position and
    /// not yet taken back: what [`Position::unmake`] requires.
    pub fn is_last_undo(&self, undo: &Undo) -> bool {
        undo.made.wrapping_add(1) == self.made.0
    }

    /// Takes back the move `undo` came from: the unchecked door, for the
    /// undo of the last move [`Position::make`] made on this very position
    /// and not yet taken back, as perft and the search use it.
    /// [`Position::take_back`] is the checked one.
    ///
    /// # Panics
    /// Debug builds assert that `undo` is the last one made here
    /// ([`Position::is_last_undo`]); release builds check nothing, and an
    /// undo of another position, or one made before a later move that is
    /// still on the board, leaves a position no game reaches, on which later
    /// calls may panic.
    pub fn unmake(&mut self, undo: Undo) {
        debug_assert!(
            self.is_last_undo(&undo),
            "unmake: the undo is not the last one made on this position"
        );
        self.made.0 = undo.made;
        let mv = undo.mv;
        self.side = self.side.opposite();
        let side = self.side;
        if side == Side::Black {
            self.fullmove -= 1;
        }
        match mv.kind {
            MoveKind::Drop => {
                if undo.blasted != 0 {
                    self.restore_blasted(undo.blasted);
                }
                self.take(mv.to);
                // The cell was empty, so its piece had not stayed unmoved.
                self.unmoved.remove(mv.to);
                if Some(mv.from as usize) != self.game.pools.new_pool {
                    self.pools[mv.from as usize * 2 + side.index()]
                        .insert(undo.taken_slot as usize, (mv.piece, mv.state));
                }
            }
            MoveKind::Transfer => {
                self.pools[mv.to as usize * 2 + side.index()].remove(undo.put_slot as usize);
                self.pools[mv.from as usize * 2 + side.index()]
                    .insert(undo.taken_slot as usize, (mv.piece, mv.state));
            }
            MoveKind::Pass => {}
            _ => {
                if let (true, Some(w)) = (mv.gate != NO_CELL, self.game.rules.walling) {
                    self.take(mv.gate);
                    if undo.gate_slot != NO_CELL {
                        self.put(undo.gate_slot, code(w.kind, Side::White));
                    }
                }
                if let (true, Some((pool, _))) = (mv.gate != NO_CELL, self.game.rules.gating) {
                    self.take(mv.gate);
                    self.pools[pool * 2 + side.index()]
                        .insert(undo.gate_slot as usize, (mv.piece, mv.state));
                }
                self.unmake_board_move(&undo);
            }
        }
        self.en_passant = undo.en_passant;
        self.halfmove = undo.halfmove;
        self.checks = undo.checks;
        self.history = undo.history;
    }

    fn unmake_board_move(&mut self, undo: &Undo) {
        let mv = undo.mv;
        let side = self.side;
        if undo.blasted != 0 {
            if self
                .game
                .rules
                .explosion
                .as_ref()
                .is_some_and(|e| e.captured)
            {
                self.unpool_blasted(undo.blasted);
            }
            self.restore_blasted(undo.blasted);
        }
        self.take(mv.to);
        if mv.source > 0 {
            let piece = &self.game.pieces[kind_of(undo.moved) as usize];
            if let Some(p) = piece.itself_to(mv.source as usize - 1) {
                self.pools[p * 2 + side.index()].remove(undo.put_slot as usize);
            }
            let new = code(mv.promotes_to().expect("a promotion from a pool"), side);
            let from_pool = (mv.source as usize - 1) * 2 + side.index();
            self.pools[from_pool].insert(undo.taken_slot as usize, (new, mv.state));
        }
        if mv.kind == MoveKind::Castle {
            let rook_state = self.state[mv.aux2 as usize];
            let rook = self.take(mv.aux2);
            self.put_with(mv.aux, rook, rook_state);
        } else if undo.captured != 0 {
            if undo.captured_slot != NO_CELL {
                let pool = self.game.pools.captured_to.expect("a slot means a pool");
                let (container, _) = self.captured_entry(pool, undo.captured, 0);
                self.pools[container].remove(undo.captured_slot as usize);
            }
            self.put_with(undo.captured_at, undo.captured, undo.captured_state);
        }
        self.put_with(mv.from, undo.moved, undo.moved_state);
        let rook_from = if mv.kind == MoveKind::Castle {
            mv.aux
        } else {
            NO_CELL
        };
        for (i, c) in [mv.from, mv.to, undo.captured_at, rook_from]
            .into_iter()
            .enumerate()
        {
            if c != NO_CELL {
                self.unmoved.set(c, undo.unmoved_bits & (1 << i) != 0);
            }
        }
    }
}
