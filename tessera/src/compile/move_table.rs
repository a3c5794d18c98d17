//! Builds the [`MoveTable`]: the runs of cells of every single-leg step, leap
//! and slide, per side, kind and cell.

use rustc_hash::FxHashMap as HashMap;

use crate::game::{Game, Leg, Modality, MoveTable, Movement, Reach, Run, RunCell, Side, BRANCH};
use crate::game::{Kind, NO_CELL};

/// The most run cells a table holds; past it, movements stay interpreted, so a
/// huge board with long slides does not take a huge table.
pub const MAX_RUN_CELLS: usize = 1 << 22;

/// The move table of `game`.
pub fn build(game: &Game) -> MoveTable {
    let cells = game.cell_count();
    let kinds = game.pieces.len();
    let mut builder = Builder {
        game,
        run_cells: Vec::new(),
        interned: HashMap::default(),
        work: 0,
        seen: vec![false; cells],
    };
    let mut lists = Vec::with_capacity(2 * kinds * cells);
    for side in [Side::White, Side::Black] {
        for kind in 0..kinds {
            for cell in 0..cells as u16 {
                lists.push(builder.list(side, kind as Kind, cell));
            }
        }
    }
    MoveTable::new(kinds, cells, lists, builder.run_cells)
}

struct Builder<'g> {
    game: &'g Game,
    run_cells: Vec<RunCell>,
    /// Equal cell sequences are stored once (a queen's rays are a rook's).
    interned: HashMap<Vec<RunCell>, u32>,
    /// Cells computed so far, kept under [`MAX_RUN_CELLS`].
    work: usize,
    /// Cells already on the ray being walked, all false between walks.
    seen: Vec<bool>,
}

impl Builder<'_> {
    /// The runs of a piece of `kind` of `side` on `from`, in movement order,
    /// and whether its moves may repeat: where the kind says so and either a
    /// movement stays interpreted or two runs share a landing cell.
    fn list(&mut self, side: Side, kind: Kind, from: u16) -> (Vec<Run>, bool) {
        let game = self.game;
        let mut list = Vec::new();
        for (i, m) in game.pieces[kind as usize].movements.iter().enumerate() {
            if !m.origin_allowed(game, side, from) {
                continue;
            }
            let flags = flags(m);
            let general = Run {
                movement: i as u16,
                flags: Run::GENERAL,
                start: 0,
                len: 0,
                guard: 0,
            };
            let budget = MAX_RUN_CELLS.saturating_sub(self.work);
            let Some(sequences) = sequences(game, side, m, from, budget, &mut self.seen) else {
                list.push(general);
                continue;
            };
            self.work += sequences.iter().map(|s| s.cells.len()).sum::<usize>();
            for Sequence {
                cells: seq,
                shape,
                guard,
            } in sequences
            {
                let seq: Vec<RunCell> = seq
                    .into_iter()
                    .map(|cell| RunCell {
                        cell,
                        plain: plain_landing(game, side, kind, m, from, cell),
                    })
                    .collect();
                let len = seq.len() as u16;
                let start = self.intern(seq);
                let guarded = if guard > 0 { Run::GUARDED } else { 0 };
                list.push(Run {
                    movement: i as u16,
                    flags: flags | shape | guarded,
                    start,
                    len,
                    guard,
                });
            }
        }
        // An interpreted movement may land anywhere; a path lands on its last
        // cell, any other run on each of its cells. A piece with a run behind
        // a guard counts as overlapping too, so that perft's last ply lists
        // its moves rather than counting them, and the counting loop never
        // meets a guard.
        let guarded = list.iter().any(|r| r.has(Run::GUARDED));
        // A kind that promotes in place has moves no run lists: its moves are
        // listed, never counted, and generated past its runs.
        let overlaps = guarded
            || !game.pieces[kind as usize].in_place.is_empty()
            || game.pieces[kind as usize].may_duplicate
                && (list.iter().any(|r| r.has(Run::GENERAL)) || {
                    let mut landings: Vec<u16> = Vec::new();
                    for run in &list {
                        let cells = &self.run_cells[run.start as usize..][..run.len as usize];
                        match cells.last() {
                            Some(last) if run.has(Run::PATH) => landings.push(last.cell),
                            _ => {
                                landings.extend(cells[run.guard as usize..].iter().map(|c| c.cell))
                            }
                        }
                    }
                    let all = landings.len();
                    landings.sort_unstable();
                    landings.dedup();
                    landings.len() < all
                });
        (list, overlaps)
    }

    fn intern(&mut self, seq: Vec<RunCell>) -> u32 {
        if let Some(&start) = self.interned.get(&seq) {
            return start;
        }
        let start = self.run_cells.len() as u32;
        self.run_cells.extend_from_slice(&seq);
        self.interned.insert(seq, start);
        start
    }
}

/// The run flags of a single-leg movement.
fn flags(m: &Movement) -> u16 {
    let mut f = 0;
    if m.takes_en_passant || (m.sets_en_passant && m.modality.may_move()) {
        f |= Run::QUIET_SPECIAL;
    } else if m.modality.may_move() {
        f |= Run::QUIET;
    }
    if m.modality != Modality::Quiet {
        f |= Run::CAPTURE;
    }
    if m.first_only {
        f |= Run::FIRST;
    }
    if m.later_only {
        f |= Run::LATER;
    }
    if matches!(m.legs.first(), Some(Leg::Slide(_, Reach::Counter))) {
        f |= Run::COUNTER;
    }
    if m.not_checking {
        f |= Run::NOT_CHECKING;
    }
    f
}

/// The cells of one run: its guard, then cells tried one by one (shape 0), a
/// ray (`Run::RAY`) or the cells of one path of several legs (`Run::PATH`).
struct Sequence {
    cells: Vec<u16>,
    shape: u16,
    guard: u16,
}

impl Sequence {
    fn new(cells: Vec<u16>, shape: u16) -> Sequence {
        Sequence {
            cells,
            shape,
            guard: 0,
        }
    }
}

/// The cell sequences of a movement from `from`; `None` for a movement the
/// generator must interpret. The cells and their order are those the
/// generator would reach, less repeats. `None` too when the sequences would
/// hold more than `budget` cells.
fn sequences(
    game: &Game,
    side: Side,
    m: &Movement,
    from: u16,
    budget: usize,
    seen: &mut [bool],
) -> Option<Vec<Sequence>> {
    // A capture limited by kind is decided where it lands, and a movement
    // `not in check` by the position.
    if m.capture_kinds != crate::game::ALL_KINDS || m.not_in_check {
        return None;
    }
    let [leg] = m.legs.as_slice() else {
        if m.legs.iter().any(|l| matches!(l, Leg::Slide(..))) {
            return guarded(game, side, m, from, budget, seen);
        }
        return leg_paths(game, side, m, from, budget);
    };
    let most = game.cell_count() as u32;
    let mut left = budget;
    let mut take = |n: usize| -> Option<()> {
        left = left.checked_sub(n)?;
        Some(())
    };
    match leg {
        Leg::Step(dirs) => {
            let targets = dirs
                .iter()
                .flat_map(|&d| game.step(side, d, from).iter().copied())
                .filter(|&t| t != from)
                .collect::<Vec<_>>();
            take(targets.len())?;
            Some(vec![Sequence::new(targets, 0)])
        }
        Leg::Leap(n) => {
            let targets = game.board.leaps[n[side.index()]]
                .get(from as usize)
                .iter()
                .copied()
                .filter(|&t| t != from)
                .collect::<Vec<_>>();
            take(targets.len())?;
            Some(vec![Sequence::new(targets, 0)])
        }
        Leg::Slide(dirs, reach) => {
            let reach = match reach {
                Reach::Steps(n) => (*n).min(most),
                Reach::Counter => most,
            };
            let mut rays = Vec::new();
            for &d in dirs {
                let ray = walk(game, side, d, from, reach, seen);
                take(ray.as_ref().map_or(0, Vec::len))?;
                let ray = ray?;
                if !ray.is_empty() {
                    rays.push(Sequence::new(ray, Run::RAY));
                }
            }
            Some(rays)
        }
        Leg::Path(..) | Leg::Hop(..) => None,
    }
}

/// The paths of a movement of several legs, each leg a step or a leap, as runs
/// of the cells where its legs end; `None` for other movements, for one
/// generated leg by leg, or past `budget` cells.
fn leg_paths(
    game: &Game,
    side: Side,
    m: &Movement,
    from: u16,
    budget: usize,
) -> Option<Vec<Sequence>> {
    if m.breadth_first {
        return None;
    }
    let mut paths: Vec<Vec<u16>> = vec![Vec::new()];
    for leg in &m.legs {
        let mut next = Vec::new();
        for path in &paths {
            let at = path.last().copied().unwrap_or(from);
            let cells: Vec<u16> = match leg {
                Leg::Step(dirs) => dirs
                    .iter()
                    .flat_map(|&d| game.step(side, d, at).iter().copied())
                    .collect(),
                Leg::Leap(n) => game.board.leaps[n[side.index()]].get(at as usize).to_vec(),
                Leg::Slide(..) | Leg::Path(..) | Leg::Hop(..) => return None,
            };
            for c in cells {
                let mut longer = path.clone();
                longer.push(c);
                next.push(longer);
            }
        }
        paths = next;
        if paths.len() * m.legs.len() > budget.min(MAX_PATH_RUNS * m.legs.len()) {
            return None;
        }
    }
    Some(
        paths
            .into_iter()
            .map(|p| Sequence::new(p, Run::PATH))
            .collect(),
    )
}

/// The runs of a movement of steps, leaps and slides with a slide among its
/// legs: for each way through the legs before the last (each cell a slide
/// passes or stops on, each cell a step or leap reaches), the last leg's ray
/// or cells behind those cells as a guard; `None` for a movement generated
/// otherwise (jumping, setting en passant, limited by a counter, branching,
/// passing its own start cell in its last leg), or past `budget` cells.
fn guarded(
    game: &Game,
    side: Side,
    m: &Movement,
    from: u16,
    budget: usize,
    seen: &mut [bool],
) -> Option<Vec<Sequence>> {
    // The runs' own bound replaces `breadth_first`'s: duplicates go in
    // deduplication, as for any runs that share a landing.
    if m.jumping || m.sets_en_passant {
        return None;
    }
    let most = game.cell_count() as u32;
    let reach = |r: &Reach| match r {
        Reach::Steps(n) => Some((*n).min(most)),
        Reach::Counter => None,
    };
    let (last, before) = m.legs.split_last()?;
    // Each way through the legs so far: the cells it must pass, and where it is.
    let mut ways: Vec<(Vec<u16>, u16)> = vec![(Vec::new(), from)];
    for leg in before {
        let mut next = Vec::new();
        for (guard, at) in &ways {
            let mut stop = |cells: &[u16]| {
                let mut g = guard.clone();
                g.extend_from_slice(cells);
                next.push((g, *cells.last().expect("a stop")));
            };
            match leg {
                Leg::Step(dirs) => {
                    for &d in dirs {
                        for &t in game.step(side, d, *at) {
                            stop(&[t]);
                        }
                    }
                }
                Leg::Leap(n) => {
                    for &t in game.board.leaps[n[side.index()]].get(*at as usize) {
                        stop(&[t]);
                    }
                }
                Leg::Slide(dirs, r) => {
                    for &d in dirs {
                        let ray = walk(game, side, d, *at, reach(r)?, seen)?;
                        for k in 1..=ray.len() {
                            stop(&ray[..k]);
                        }
                    }
                }
                Leg::Path(..) | Leg::Hop(..) => return None,
            }
        }
        ways = next;
        if ways.len() > MAX_GUARDED_RUNS {
            return None;
        }
    }
    let mut out = Vec::new();
    let mut cells = 0;
    for (guard, at) in ways {
        let mut add = |run: &[u16], shape: u16| {
            let mut seq = guard.clone();
            seq.extend_from_slice(run);
            cells += seq.len();
            out.push(Sequence {
                cells: seq,
                shape,
                guard: guard.len() as u16,
            });
        };
        match last {
            Leg::Step(dirs) => {
                let targets: Vec<u16> = dirs
                    .iter()
                    .flat_map(|&d| game.step(side, d, at).iter().copied())
                    .filter(|&t| t != from)
                    .collect();
                add(&targets, 0);
            }
            Leg::Leap(n) => {
                let targets: Vec<u16> = game.board.leaps[n[side.index()]]
                    .get(at as usize)
                    .iter()
                    .copied()
                    .filter(|&t| t != from)
                    .collect();
                add(&targets, 0);
            }
            Leg::Slide(dirs, r) => {
                for &d in dirs {
                    let ray = walk(game, side, d, at, reach(r)?, seen)?;
                    // The generator passes its own start cell; a run would stop.
                    if ray.contains(&from) {
                        return None;
                    }
                    if !ray.is_empty() {
                        add(&ray, Run::RAY);
                    }
                }
            }
            Leg::Path(..) | Leg::Hop(..) => return None,
        }
        if cells > budget || out.len() > MAX_GUARDED_RUNS {
            return None;
        }
    }
    Some(out)
}

/// The most runs with a guard a movement is compiled into, per cell.
const MAX_GUARDED_RUNS: usize = 128;

/// The most paths a movement of several legs is compiled into.
const MAX_PATH_RUNS: usize = 16;

/// The cells a slide in direction `d` from `from` passes, at most `reach` of
/// them; `None` where the step branches. Around a cycle the walk only repeats
/// itself, so it stops at the first cell it has seen.
fn walk(
    game: &Game,
    side: Side,
    d: u8,
    from: u16,
    reach: u32,
    seen: &mut [bool],
) -> Option<Vec<u16>> {
    let mut ray = Vec::new();
    let mut at = from;
    seen[from as usize] = true;
    let mut branches = false;
    while (ray.len() as u32) < reach {
        match game.next(side, d, at) {
            NO_CELL => break,
            BRANCH => {
                branches = true;
                break;
            }
            t if seen[t as usize] => break,
            t => {
                seen[t as usize] = true;
                ray.push(t);
                at = t;
            }
        }
    }
    seen[from as usize] = false;
    for &c in &ray {
        seen[c as usize] = false;
    }
    (!branches).then_some(ray)
}

/// Whether a piece of `kind` landing on `to` by `m` needs no rule beyond
/// modality: no destination zone to check and no promotion there.
fn plain_landing(game: &Game, side: Side, kind: Kind, m: &Movement, from: u16, to: u16) -> bool {
    let allowed = m.to_zone.is_none_or(|z| game.in_zone(z, side, to))
        && m.not_to_zone.is_none_or(|z| !game.in_zone(z, side, to));
    let promotes = game.pieces[kind as usize]
        .promotions
        .iter()
        .any(|p| p.applies(game, side, from, to));
    allowed && !promotes
}
