//! The record of a game: the keys of the positions played so far, for the
//! goals that need them (repetition).
//!
//! Positions do not carry their past: perft and move generation never need it,
//! and hashing every position would slow them. Whoever plays a game (the
//! search, `play`, `match`, the protocols) keeps a record beside the position.

use super::attack::in_check;
use super::keys::Keys;
use super::position::Position;
use crate::game::{kind_of, Code};

/// What the move into a position did, as the goal on moving back and forth
/// reads it: a plain move of one piece from a cell to another (capturing or
/// not), a pass (nothing changed), or anything else (a drop, a promotion,
/// castling...).
#[derive(Copy, Clone, PartialEq, Eq)]
enum Shift {
    Other,
    /// A pass, and the cell of the mover's royal piece (where Fairy-Stockfish
    /// writes it), if it has one.
    Pass(Option<u16>),
    /// A drop onto the cell.
    Drop(u16),
    Plain {
        from: u16,
        to: u16,
        capture: bool,
    },
}

/// The keys of a game's positions, the current one last.
#[derive(Clone)]
pub struct Record {
    hasher: Keys,
    keys: Vec<u64>,
    /// Per position: its halfmove clock, and whether the side to move was in
    /// check (kept only where a goal on perpetual check needs it).
    marks: Vec<(u32, bool)>,
    /// Whether the game has a goal on perpetual check or on moving back and
    /// forth.
    checks: bool,
    /// Kept only where a goal on moving back and forth needs them: per
    /// position, its board and pools, and what the move into it did.
    boards: Vec<(Vec<Code>, Vec<Code>)>,
    shifts: Vec<Shift>,
    shuttles: bool,
    /// Whether the repetition goal has a chase (`, perpetual chase`); then
    /// `boards` and `shifts` are kept too, and per position the pieces of
    /// the side to move that the move into it chased.
    chase: bool,
    chased: Vec<Vec<u16>>,
}

impl Record {
    /// A record that starts at `pos`.
    pub fn new(pos: &Position<'_>) -> Record {
        let hasher = Keys::new(pos.game());
        let keys = vec![hasher.repetition_key(pos)];
        let goals = &pos.game().goals.record_goals;
        let shuttles = goals.back_and_forth.is_some();
        let chase = goals.chase.is_some();
        let checks = goals.perpetual.is_some() || shuttles || goals.clock_checks.is_some();
        let mut record = Record {
            hasher,
            keys,
            marks: Vec::new(),
            checks,
            boards: Vec::new(),
            shifts: Vec::new(),
            shuttles,
            chase,
            chased: Vec::new(),
        };
        record.marks.push(record.mark(pos));
        if shuttles || chase {
            record.boards.push(snapshot(pos));
            record.shifts.push(Shift::Other);
        }
        if chase {
            record.chased.push(Vec::new());
        }
        record
    }

    fn mark(&self, pos: &Position<'_>) -> (u32, bool) {
        let checked = self.checks && in_check(pos, pos.side_to_move());
        (pos.halfmove, checked)
    }

    /// Records `pos`, the position after a move.
    ///
    /// # Panics
    /// May panic for a position of a game other than the one the record
    /// started in (its keys and boards are that game's).
    pub fn push(&mut self, pos: &Position<'_>) {
        self.keys.push(self.hasher.repetition_key(pos));
        self.marks.push(self.mark(pos));
        if self.shuttles || self.chase {
            let now = snapshot(pos);
            let royal = pos.royals(pos.side_to_move().opposite()).iter().next();
            let shift = self
                .boards
                .last()
                .map_or(Shift::Other, |before| shift(before, &now, royal));
            if self.chase {
                let chased = match (shift, &pos.game().goals.record_goals.chase) {
                    (Shift::Plain { from, to, capture }, Some(rule)) => {
                        // The position before the move, from the board it left.
                        let mut before = pos.clone();
                        let moved = before.take(to);
                        before.put_with(from, moved, pos.state(to));
                        if capture {
                            let taken = self.boards.last().map_or(0, |b| b.0[to as usize]);
                            if taken != 0 {
                                before.put(to, taken);
                            }
                        }
                        before.set_side_to_move(pos.side_to_move().opposite());
                        super::chase::chased(&before, pos, from, to, rule)
                    }
                    // A drop, a promotion, castling or a pass chases nothing.
                    _ => Vec::new(),
                };
                self.chased.push(chased);
            }
            self.boards.push(now);
            self.shifts.push(shift);
        }
    }

    /// Forgets the last position (after an undo); the first one stays.
    pub fn pop(&mut self) {
        if self.keys.len() > 1 {
            self.keys.pop();
            self.marks.pop();
            if self.shuttles || self.chase {
                self.boards.pop();
                self.shifts.pop();
            }
            if self.chase {
                self.chased.pop();
            }
        }
    }

    /// Whether the current position has now stood `n` times, counted as
    /// Fairy-Stockfish counts: among the positions with the same side to
    /// move at least four plies back, since the last move that restarted
    /// the halfmove clock (since the record began where `whole`, as in
    /// games whose captured pieces go to a hand). When it has, whether the
    /// side that has just moved, and the side to move, gave check with
    /// every one of their moves since the first of those `n` times.
    pub fn repetition(&self, n: u8, whole: bool) -> Option<(bool, bool)> {
        self.repetition_at(n, whole).map(|(_, them, us)| (them, us))
    }

    /// The index of the last position, and how many plies back a
    /// repetition or a shuttle may reach: since the last move that restarted
    /// the halfmove clock (since the record began, where `whole`); `None`
    /// where that is fewer than four.
    fn reach(&self, whole: bool) -> Option<(usize, usize)> {
        let last = self.keys.len() - 1;
        let (clock, _) = self.marks[last];
        let end = if whole {
            last
        } else {
            last.min(clock as usize)
        };
        (end >= 4).then_some((last, end))
    }

    /// [`Record::repetition`], with how many plies back the earliest of
    /// the `n` times stood.
    pub(crate) fn repetition_at(&self, n: u8, whole: bool) -> Option<(usize, bool, bool)> {
        let (last, end) = self.reach(whole)?;
        let now = self.keys[last];
        let checked = |i: usize| self.marks[last - i].1;
        // The side that has just moved checked into the positions 0, 2, 4...
        // plies back; the side to move into those 1, 3, 5... plies back.
        let mut them = checked(0) && checked(2);
        let mut us = checked(1) && checked(3);
        let mut count = 1;
        let mut i = 4;
        while i <= end {
            them &= checked(i);
            if self.keys[last - i] == now {
                count += 1;
                if count >= usize::from(n) {
                    return Some((i, them, us));
                }
            }
            if i < end {
                us &= checked(i + 1);
            }
            i += 2;
        }
        None
    }

    /// `, longer after N checks`: how many plies the clock's limit grows,
    /// as Fairy-Stockfish's n-move rule under the chasing rule counts: once
    /// the record is 20 plies long, two for each check beyond `n` given by
    /// the side that gave more of them within the plies the clock counts.
    pub(crate) fn clock_extension(&self, n: u32) -> u32 {
        let last = self.keys.len() - 1;
        if last < 20 {
            return 0;
        }
        let (clock, _) = self.marks[last];
        let end = last.min(clock as usize);
        let checked = |j: usize| u32::from(self.marks[last - j].1);
        let mut them = checked(0);
        let mut us = checked(1);
        let mut i = 2;
        while i < end {
            them += checked(i);
            us += checked(i + 1);
            i += 2;
        }
        2 * them.max(us).saturating_sub(n)
    }

    /// Whether the side that has just moved, and the side to move, chased a
    /// piece with every one of their moves in the repetition found
    /// `i` plies back (by [`Record::repetition_at`]), as Fairy-Stockfish
    /// follows a chased piece: a piece of the side to move chased by the
    /// last move and by the side that moved's every move before it, back to
    /// the move into the first of the repeated positions (but the first
    /// position of the record, which no move reached), followed through the
    /// moves it made in between; and a piece of the side that has just
    /// moved chased by each move of the side to move in between.
    pub(crate) fn chases(&self, i: usize) -> (bool, bool) {
        if !self.chase || i < 4 {
            return (false, false);
        }
        let n = self.keys.len() - 1;
        let undo = |b: &mut Vec<u16>, k: usize| {
            if let Shift::Plain { from, to, .. } = self.shifts[k] {
                if let Ok(j) = b.binary_search(&to) {
                    b.remove(j);
                    if let Err(j) = b.binary_search(&from) {
                        b.insert(j, from);
                    }
                }
            }
        };
        let meet = |b: &mut Vec<u16>, k: usize| {
            let other = &self.chased[k];
            b.retain(|c| other.binary_search(c).is_ok());
        };
        let mut them = self.chased[n].clone();
        undo(&mut them, n - 1);
        meet(&mut them, n - 2);
        let mut us = self.chased[n - 1].clone();
        undo(&mut us, n - 2);
        meet(&mut us, n - 3);
        let mut j = 4;
        while j <= i {
            if j != n {
                undo(&mut them, n - j + 1);
                meet(&mut them, n - j);
            }
            if j == i {
                break;
            }
            undo(&mut us, n - j);
            meet(&mut us, n - j - 1);
            j += 2;
        }
        (!them.is_empty(), !us.is_empty())
    }

    /// Whether the side that has just moved shuttled a piece of `kinds`,
    /// as Fairy-Stockfish's janggi rule against repeating moves reads it
    /// (`moveRepetitionIllegal`); if so, how many plies back the pattern
    /// began, so that a repetition found earlier comes first. Its last move
    /// is a plain move of such a piece, made out of check, as was its move
    /// before; that one took the piece back (or was a pass, and the one
    /// before took it back), and so on: four moves back and forth between
    /// two cells, the first of them from the cell where its move before,
    /// not a capture, had brought it; none of its moves in between made
    /// while in check. Counted, like a repetition, since the last move that
    /// restarted the halfmove clock (or since the record began, where
    /// `whole`).
    pub(crate) fn back_and_forth(
        &self,
        pos: &Position<'_>,
        kinds: u128,
        whole: bool,
    ) -> Option<usize> {
        if !self.shuttles {
            return None;
        }
        let (last, end) = self.reach(whole)?;
        let checked = |i: usize| self.marks[last - i].1;
        // The move into the position `i` plies back (none before the first).
        let shift = |i: usize| {
            if i < last {
                self.shifts[last - i]
            } else {
                Shift::Other
            }
        };
        let Shift::Plain { to, .. } = shift(0) else {
            return None;
        };
        if checked(1) || checked(3) || kinds & (1u128 << kind_of(pos.at(to))) == 0 {
            return None;
        }
        let reverse = |a: Shift, b: Shift| match (a, b) {
            (Shift::Plain { from, to, .. }, Shift::Plain { from: f, to: t, .. }) => {
                from == t && to == f
            }
            _ => false,
        };
        let mut count = if reverse(shift(2), shift(0)) {
            2
        } else if matches!(shift(2), Shift::Pass(_)) {
            1
        } else {
            return None;
        };
        let mut i = 4;
        while i <= end {
            if i < end && checked(i + 1) {
                return None;
            }
            if count < 4 {
                let back = if count == 1 { shift(0) } else { shift(i - 2) };
                if !reverse(shift(i), back) {
                    return None;
                }
                count += 1;
            } else {
                let Shift::Plain { from, .. } = shift(i - 2) else {
                    return None;
                };
                let landed = match shift(i) {
                    Shift::Plain {
                        to, capture: false, ..
                    }
                    | Shift::Drop(to)
                    | Shift::Pass(Some(to)) => Some(to),
                    _ => None,
                };
                return (landed == Some(from)).then_some(i);
            }
            i += 2;
        }
        None
    }

    /// The key of the current position.
    pub fn current(&self) -> u64 {
        *self.keys.last().expect("a record holds its first position")
    }

    /// How many times the current position has stood, itself included.
    pub fn occurrences(&self) -> usize {
        let now = self.current();
        self.keys.iter().filter(|&&k| k == now).count()
    }

    /// Every position's key, the first position first.
    pub fn keys(&self) -> &[u64] {
        &self.keys
    }
}

/// A position's board and pools, for [`shift`].
fn snapshot(pos: &Position<'_>) -> (Vec<Code>, Vec<Code>) {
    let game = pos.game();
    let board = (0..game.cell_count() as u16).map(|c| pos.at(c)).collect();
    let mut pools = Vec::new();
    for p in 0..game.pools.pool_names.len() {
        for side in [crate::game::Side::White, crate::game::Side::Black] {
            pools.extend(pos.pool(p, side).iter().map(|&(piece, _)| piece));
            pools.push(0);
        }
    }
    (board, pools)
}

/// What the move from `before` to `after` did.
fn shift(
    before: &(Vec<Code>, Vec<Code>),
    after: &(Vec<Code>, Vec<Code>),
    royal: Option<u16>,
) -> Shift {
    let changed: Vec<usize> = (0..after.0.len())
        .filter(|&c| before.0[c] != after.0[c])
        .take(3)
        .collect();
    match changed[..] {
        [] if before.1 == after.1 => Shift::Pass(royal),
        [a] if before.0[a] == 0 => Shift::Drop(a as u16),
        [a, b] => {
            let (from, to) = if after.0[a] == 0 { (a, b) } else { (b, a) };
            let piece = before.0[from];
            if piece != 0 && after.0[from] == 0 && after.0[to] == piece {
                Shift::Plain {
                    from: from as u16,
                    to: to as u16,
                    capture: before.0[to] != 0,
                }
            } else {
                Shift::Other
            }
        }
        _ => Shift::Other,
    }
}
