//! Builds the [`BitTables`]: backward lines and leap sources as bit sets.

use crate::game::{BitTables, Game, LineOrder, Shift, Side, BRANCH, MAX_BIT_CELLS, NO_CELL};

/// The bit tables of `game`, if its board is small enough.
pub fn build(game: &Game) -> Option<BitTables> {
    let cells = game.cell_count();
    if cells > MAX_BIT_CELLS {
        return None;
    }
    let dirs = game.board.dir_names.len() as u8;
    let lines: [Vec<(u128, LineOrder)>; 2] = [Side::White, Side::Black].map(|side| {
        (0..cells as u16)
            .flat_map(|cell| (0..dirs).map(move |d| line(game, side, d, cell)))
            .collect()
    });
    let sets = |table: &crate::game::Csr| -> Vec<u128> {
        (0..table.keys())
            .map(|key| table.get(key).iter().fold(0u128, |set, &x| set | 1 << x))
            .collect()
    };
    let leap_sources = game.board.rev_leaps.iter().map(sets).collect();
    let leap_targets = game.board.leaps.iter().map(sets).collect();
    let steps = game.board.steps.each_ref().map(sets);
    let passed =
        [0, 1].map(|side: usize| {
            (0..cells)
                .map(|cell| {
                    let lines = &lines[side][cell * dirs as usize..][..dirs as usize];
                    game.tables.attack_rays.dirs.iter().fold(0u128, |set, &d| {
                        match lines[d as usize] {
                            (_, LineOrder::Walk) => u128::MAX,
                            (line, order) => set | line & !farthest(line, order),
                        }
                    })
                })
                .collect()
        });
    Some(BitTables {
        cells,
        dirs: dirs as usize,
        lines,
        leap_sources,
        leap_targets,
        steps,
        passed,
    })
}

/// Per direction of `dirs` (as `side` sees them): the constant a step against
/// the direction adds to a cell's index, and the cells that have such a
/// step; empty where the board has more than 128 cells or some step against
/// a direction branches or adds another constant.
pub fn shifts(game: &Game, side: Side, dirs: &[u8]) -> Vec<Shift> {
    let cells = game.cell_count();
    if cells > MAX_BIT_CELLS {
        return Vec::new();
    }
    let mut shifts = Vec::with_capacity(dirs.len());
    for &d in dirs {
        let mut by = None;
        let mut leaves = 0u128;
        for c in 0..cells as u16 {
            match game.prev(side, d, c) {
                NO_CELL => continue,
                BRANCH => return Vec::new(),
                p => {
                    let delta = i32::from(p) - i32::from(c);
                    if *by.get_or_insert(delta) != delta {
                        return Vec::new();
                    }
                    leaves |= 1 << c;
                }
            }
        }
        shifts.push(Shift {
            by: by.unwrap_or(0),
            leaves,
        });
    }
    shifts
}

/// The last cell of a line (none for an empty line), as a bit set.
fn farthest(line: u128, order: LineOrder) -> u128 {
    match (line, order) {
        (0, _) => 0,
        (l, LineOrder::Falling) => 1 << l.trailing_zeros(),
        (l, _) => 1 << (127 - l.leading_zeros()),
    }
}

/// The cells a backward walk from `cell` in direction `d` passes, up to the
/// edge or the first cell seen before, and how its first cell is found.
fn line(game: &Game, side: Side, d: u8, cell: u16) -> (u128, LineOrder) {
    let mut set = 0u128;
    let mut order = None;
    let mut at = cell;
    loop {
        let x = match game.prev(side, d, at) {
            NO_CELL => break,
            BRANCH => return (0, LineOrder::Walk),
            x if x == cell || set & 1 << x != 0 => break,
            x => x,
        };
        let step = if x > at {
            LineOrder::Rising
        } else {
            LineOrder::Falling
        };
        if *order.get_or_insert(step) != step {
            return (0, LineOrder::Walk);
        }
        set |= 1 << x;
        at = x;
    }
    (set, order.unwrap_or(LineOrder::Rising))
}
