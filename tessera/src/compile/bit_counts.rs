//! Builds the [`BitCounts`]: which pieces' moves perft may count by bit sets.

use crate::game::{
    BitCountTable, BitCounts, BitReach, BitRun, Game, Run, RunCell, Side, Word, ALL_KINDS,
    MAX_BIT_CELLS,
};

/// The bit counts of `game`, where its board is small enough.
pub fn build(game: &Game) -> BitCountTable {
    let cells = game.cell_count();
    if cells > MAX_BIT_CELLS {
        BitCountTable::None
    } else if cells <= 64 {
        BitCountTable::Narrow(counts(game, For::Counting), attack_table(game))
    } else {
        BitCountTable::Wide(counts(game, For::Counting), attack_table(game))
    }
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
}

/// The attack table, for a game with `not checking` movements.
fn attack_table<W: Word>(game: &Game) -> Option<BitCounts<W>> {
    let not_checking = game
        .pieces
        .iter()
        .any(|p| p.movements.iter().any(|m| m.not_checking));
    not_checking.then(|| counts(game, For::Attacks))
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
                let mut en_passant = false;
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
                    let plain_run = !run.has(Run::GENERAL | Run::NOT_CHECKING | Run::COUNTER);
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
                    if purpose == For::Counting && !counted_plainly
                        || guard.iter().any(|c| c.cell == cell)
                    {
                        continue 'cell;
                    }
                    en_passant |= m.takes_en_passant;
                    let serves = [false, true].map(|unmoved| run.applies(unmoved));
                    let (may_move, may_capture) = match purpose {
                        For::Counting => (m.modality.may_move(), m.modality.may_capture()),
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
                if purpose == For::Counting && !piece.may_duplicate && seen.ones() != landed {
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
