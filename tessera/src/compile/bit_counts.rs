//! Builds the [`BitCounts`]: which pieces' moves perft may count by bit sets.

use crate::game::{
    cells_of, BitCountTable, BitCounts, BitKey, BitReach, BitRun, Game, Kind, Run, RunCell,
    ShiftRun, Side, Word, ALL_KINDS, MAX_BIT_CELLS, MAX_SHIFT_KINDS,
};

/// The bit counts of `game`, where its board is small enough.
pub fn build(game: &Game) -> BitCountTable {
    let cells = game.cell_count();
    if cells > MAX_BIT_CELLS {
        BitCountTable::None
    } else if cells <= 64 {
        BitCountTable::Narrow(
            with_shifts(game, counts(game, For::Counting)),
            attack_table(game),
        )
    } else {
        BitCountTable::Wide(
            with_shifts(game, counts(game, For::Counting)),
            attack_table(game),
        )
    }
}

/// The most runs of shifts a kind may have: more, and its pieces are
/// cheaper counted one by one.
const MAX_SHIFT_RUNS: usize = 24;

/// The fewest pieces of a kind the setup must give for them to be counted
/// all at once.
const MIN_SHIFT_PIECES: usize = 15;

/// `counts`, with the kinds whose pieces may be counted all at once (see
/// [`crate::game::BitCounts::count_kind`]): on every cell where a key has
/// steps and leaps alone (guarded by at most two cells, its landings
/// disjoint), each landing and guard is a fixed offset from the piece, the
/// same for every cell that has it, so one shift of the set of the kind's
/// pieces lands them all.
fn with_shifts<W: Word>(game: &Game, mut counts: BitCounts<W>) -> BitCounts<W> {
    if game.pieces.len() > MAX_SHIFT_KINDS {
        return counts;
    }
    for side in 0..2 {
        for kind in 0..game.pieces.len() as Kind {
            // Too few pieces: see below.
            if (game.start.setup_counts[kind as usize][side] as usize) < MIN_SHIFT_PIECES {
                continue;
            }
            let mut runs: Vec<ShiftRun<W>> = Vec::new();
            let (mut cells, mut en_passant) = (W::default(), false);
            for (cell, key) in counts.keys_of(side, kind).iter().enumerate() {
                let cell = cell as u16;
                let Some(landings) = key
                    .countable
                    .then(|| shift_landings(&counts, key, cell))
                    .flatten()
                else {
                    continue;
                };
                cells |= W::bit(cell);
                en_passant |= key.en_passant != W::default();
                for mut l in landings {
                    match runs
                        .iter_mut()
                        .find(|r| ShiftRun { from: r.from, ..l } == **r)
                    {
                        Some(r) => r.from |= W::bit(cell),
                        None => {
                            l.from = W::bit(cell);
                            runs.push(l);
                        }
                    }
                }
            }
            // A shift per run against a count per piece, and the cost of
            // sorting the pieces: measured (callgrind, perft), worth it where
            // the setup gives the kind many pieces, three times as many as
            // it has runs (a horde of pawns, clobber, breakthrough), not for
            // chess's eight pawns (four runs), shogi's nine (one run) or a
            // pair of knights.
            let pieces = game.start.setup_counts[kind as usize][side] as usize;
            if cells != W::default()
                && !runs.is_empty()
                && runs.len() <= MAX_SHIFT_RUNS
                && 3 * runs.len() <= pieces
                && pieces >= MIN_SHIFT_PIECES
            {
                counts.set_shifts((side, kind), cells, en_passant, &runs);
            }
        }
    }
    counts
}

/// The landings of the piece of key `k` on `cell` as shifts (their `from`
/// left empty), or `None` where a ray, a guard of more than two cells or
/// landings that two runs share (counted once by the key) forbid it.
fn shift_landings<W: Word>(
    counts: &BitCounts<W>,
    k: &BitKey<W>,
    cell: u16,
) -> Option<Vec<ShiftRun<W>>> {
    let offset = |c: u16| c as i16 - cell as i16;
    let mut out = Vec::new();
    let stepped = k.quiet[0] | k.quiet[1] | k.capture[0] | k.capture[1];
    for c in cells_of(stepped.wide()) {
        let has = |set: W| set & W::bit(c) != W::default();
        let by = |u: usize| (has(k.quiet[u]), has(k.capture[u]));
        let land = |(quiet, capture): (bool, bool), serves| ShiftRun {
            from: W::default(),
            offset: offset(c),
            guard: [0; 2],
            guard_len: 0,
            quiet,
            capture,
            serves,
        };
        if by(0) == by(1) {
            out.push(land(by(0), 3));
        } else {
            for u in 0..2 {
                if by(u) != (false, false) {
                    out.push(land(by(u), 1 << u));
                }
            }
        }
    }
    let mut seen = stepped;
    for r in counts.runs_of(k) {
        let guard_cells = r.guard.ones();
        if r.reach != BitReach::Each || guard_cells > 2 || r.cells & seen != W::default() {
            return None;
        }
        seen |= r.cells;
        let mut guard = [0; 2];
        for (i, g) in cells_of(r.guard.wide()).enumerate() {
            guard[i] = offset(g);
        }
        for c in cells_of(r.cells.wide()) {
            out.push(ShiftRun {
                from: W::default(),
                offset: offset(c),
                guard,
                guard_len: guard_cells as u8,
                quiet: r.quiet,
                capture: r.capture,
                serves: r.serves,
            });
        }
    }
    Some(out)
}

/// What a table's keys are for.
#[derive(Copy, Clone, PartialEq, Eq)]
enum For {
    /// Counting a piece's pseudo-legal moves: every landing plain.
    Counting,
    /// Telling the cells a piece that has moved may capture on, whatever
    /// its landings' rules (a superset where a counter cuts a ray): whether a
    /// `not checking` move gives check.
    Attacks,
    /// Counting the moves of pieces whose every run is `not checking`
    /// (every landing plain), which perft tells from [`For::Attacks`].
    NotChecking,
}

/// The attack table, for a game with `not checking` movements.
fn attack_table<W: Word>(game: &Game) -> Option<BitCounts<W>> {
    let not_checking = game
        .pieces
        .iter()
        .any(|p| p.movements.iter().any(|m| m.not_checking));
    not_checking.then(|| {
        let mut attacks = counts(game, For::Attacks);
        let (reverse, exact) = reverse_attacks(game, &attacks);
        attacks.set_not_checking(counts(game, For::NotChecking), reverse, exact);
        attacks
    })
}

/// For the attack table `attacks`: per (side, kind, cell), the cells from
/// which a piece of the kind could attack the cell on an empty board (a
/// superset of those it attacks it from on any board); and per side, the
/// kinds whose keys tell exactly what the attack test finds (every key
/// counted by bits, every capture of any kind, no counter, every landing
/// plain), for which a `not checking` move is told to check from them.
fn reverse_attacks<W: Word>(game: &Game, attacks: &BitCounts<W>) -> (Vec<W>, [u128; 2]) {
    let cells = game.cell_count();
    let table = &game.tables.move_table;
    let kinds = game.pieces.len();
    let mut reverse = vec![W::default(); 2 * kinds * cells];
    let mut exact = [0u128; 2];
    for side in [Side::White, Side::Black] {
        for (kind, piece) in game.pieces.iter().enumerate() {
            let k = kind as Kind;
            let captures_any = piece
                .movements
                .iter()
                .all(|m| !m.modality.may_capture() || m.capture_kinds == ALL_KINDS);
            let mut is_exact = captures_any && kind < 128;
            for x in 0..cells as u16 {
                let key = attacks.key(side.index(), k, x);
                is_exact &= key.countable
                    && table.runs(side.index(), k, x).iter().all(|run| {
                        !run.has(Run::COUNTER) && table.cells(run).iter().all(|c| c.plain)
                    });
                if !key.countable {
                    continue;
                }
                let (_, reached) = attacks.reach(key, false, W::default());
                for r in cells_of(reached.wide()) {
                    let at = (side.index() * kinds + kind) * cells + r as usize;
                    reverse[at] |= W::bit(x);
                }
            }
            if is_exact {
                exact[side.index()] |= 1u128 << kind;
            }
        }
    }
    (reverse, exact)
}

/// The keys of every (side, kind, cell), in words of `W`.
fn counts<W: Word>(game: &Game, purpose: For) -> BitCounts<W> {
    let cells = game.cell_count();
    let table = &game.tables.move_table;
    let neutral = game.has_neutral_kinds();
    let mut counts = BitCounts::new(game.pieces.len(), cells);
    let mut runs = Vec::new();
    for side in [Side::White, Side::Black] {
        for (kind, piece) in game.pieces.iter().enumerate() {
            let kind = kind as crate::game::Kind;
            // A kind that promotes in place has moves that no run lists.
            if !piece.in_place.is_empty() {
                continue;
            }
            'cell: for cell in 0..cells as u16 {
                let mut quiet = [W::default(); 2];
                let mut capture = [W::default(); 2];
                let mut en_passant = W::default();
                // Every landing, and how many there are: where a kind's moves
                // are never deduplicated, two runs onto one cell are two moves.
                let (mut seen, mut landed) = (W::default(), 0);
                runs.clear();
                for run in table.runs(side.index(), kind, cell) {
                    let m = &piece.movements[run.movement as usize];
                    if purpose == For::Attacks {
                        // An interpreted capturing movement cannot be told;
                        // a first move is not a moved piece's.
                        if run.has(Run::GENERAL) && m.modality.may_capture() {
                            continue 'cell;
                        }
                        if run.has(Run::GENERAL | Run::FIRST) || !m.modality.may_capture() {
                            continue;
                        }
                    }
                    let plain_run = !run.has(Run::GENERAL | Run::COUNTER)
                        && run.has(Run::NOT_CHECKING) == (purpose == For::NotChecking);
                    let cells = table.cells(run);
                    // A path's cells but the last are its guard.
                    let guard_len = if run.has(Run::PATH) {
                        cells.len().saturating_sub(1)
                    } else {
                        run.guard as usize
                    };
                    let (guard, landings) = cells.split_at(guard_len);
                    // A neutral piece blocks but is no enemy, which the sets
                    // of the two sides' cells do not tell: beside neutral
                    // pieces, only moves that never capture are counted.
                    let counted_plainly = plain_run
                        && m.capture_kinds == ALL_KINDS
                        && landings.iter().all(|c| c.plain)
                        && !(neutral && m.modality.may_capture());
                    if purpose != For::Attacks && !counted_plainly
                        || guard.iter().any(|c| c.cell == cell)
                    {
                        continue 'cell;
                    }
                    let serves = [false, true].map(|unmoved| run.applies(unmoved));
                    let (may_move, may_capture) = match purpose {
                        For::Counting | For::NotChecking => {
                            (m.modality.may_move(), m.modality.may_capture())
                        }
                        For::Attacks => (false, true),
                    };
                    let set = |cells: &[RunCell]| {
                        cells.iter().fold(W::default(), |s, c| s | W::bit(c.cell))
                    };
                    let reach = if !run.has(Run::RAY) {
                        BitReach::Each
                    } else {
                        match order(landings.iter().map(|c| c.cell)) {
                            Some(false) => BitReach::Rising,
                            Some(true) => BitReach::Falling,
                            None => continue 'cell,
                        }
                    };
                    // A jumping movement passes its guard whatever stands there.
                    let guard = if m.jumping { W::default() } else { set(guard) };
                    landed += landings.len() as u32;
                    let landings = set(landings);
                    seen |= landings;
                    if m.takes_en_passant {
                        en_passant |= landings;
                    }
                    if reach != BitReach::Each || guard != W::default() {
                        runs.push(BitRun {
                            guard,
                            cells: landings,
                            reach,
                            quiet: may_move,
                            capture: may_capture,
                            serves: serves[0] as u8 | (serves[1] as u8) << 1,
                        });
                        continue;
                    }
                    for u in 0..2 {
                        if serves[u] && may_move {
                            quiet[u] |= landings;
                        }
                        if serves[u] && may_capture {
                            capture[u] |= landings;
                        }
                    }
                }
                if purpose != For::Attacks && !piece.may_duplicate && seen.ones() != landed {
                    continue;
                }
                counts.set(
                    (side.index(), kind, cell),
                    quiet,
                    capture,
                    en_passant,
                    &runs,
                );
            }
        }
    }
    counts
}

/// Whether the cells rise (`Some(false)`) or fall (`Some(true)`) along the
/// walk; `None` where they do neither (a board that wraps), so that a bit
/// scan cannot find the first piece met.
fn order(mut cells: impl Iterator<Item = u16>) -> Option<bool> {
    let Some(first) = cells.next() else {
        return Some(false);
    };
    let (mut rising, mut falling, mut last) = (true, true, first);
    for c in cells {
        rising &= c > last;
        falling &= c < last;
        last = c;
    }
    match (rising, falling) {
        (true, _) => Some(false),
        (false, true) => Some(true),
        (false, false) => None,
    }
}
