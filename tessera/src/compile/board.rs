//! Geometry: grid, named and merged cells, removed cells, directions, links, leaps,
//! zones. Produces the cell list and the step and leap tables.

use super::names::{unknown, Names};
use super::work::{Work, PER_BOX_CELL, PER_LINK_EDGE};
use crate::diag::{Diagnostic, Diagnostics, Span};
use crate::game::{coord_name, Axis, AxisLabel, Cell, CellInfo, CellSet, Csr, Side};
use crate::syntax::ast::{self, CellItem, LabelRange, Name};
use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};

/// The most cells a board may have: cells are 16-bit indices.
pub use crate::limits::MAX_CELLS;

/// The board as compiled so far.
pub struct Board {
    pub axes: Vec<Axis>,
    pub cells: Vec<CellInfo>,
    pub cell_names: Names<Cell>,
    pub by_coord: HashMap<Vec<i64>, Cell>,
    pub mirror: Vec<bool>,
    pub dir_names: Names<u8>,
    pub dir_list: Vec<String>,
    pub groups: Names<Vec<u8>>,
    /// The distinct vectors of the declared directions.
    pub vectors: Vec<Vec<i64>>,
    pub steps: [Csr; 2],
    pub rev_steps: [Csr; 2],
    /// Whether a step may branch or steps may cycle, so that one slide can reach
    /// a cell twice.
    pub branches: bool,
    /// The smallest box, per axis, holding every coordinate of every cell.
    bounds: Vec<(i64, i64)>,
    /// Per direction, the most cells one step of White's leads to from one cell.
    pub widest_step: Vec<usize>,
}

/// Builds the board; reports every problem found.
pub fn build(file: &ast::File, work: &Work, errors: &mut Diagnostics) -> Option<Board> {
    let axes = build_axes(file, errors)?;
    let mut board = Board {
        axes,
        cells: Vec::new(),
        cell_names: Names::new("cell"),
        by_coord: HashMap::default(),
        mirror: Vec::new(),
        dir_names: Names::new("direction"),
        dir_list: Vec::new(),
        groups: Names::new("direction or group"),
        vectors: Vec::new(),
        steps: Default::default(),
        rev_steps: Default::default(),
        branches: false,
        bounds: Vec::new(),
        widest_step: Vec::new(),
    };
    build_cells(file, &mut board, work, errors)?;
    board.bounds = vec![(i64::MAX, i64::MIN); board.axes.len()];
    for coord in board.cells.iter().flat_map(|c| &c.coords) {
        for (d, &v) in coord.iter().enumerate() {
            board.bounds[d] = (board.bounds[d].0.min(v), board.bounds[d].1.max(v));
        }
    }
    board.mirror = vec![false; board.axes.len()];
    for m in &file.mirror {
        match board.axes.iter().position(|a| a.name == m.text) {
            Some(i) => board.mirror[i] = true,
            None => unknown(
                "axis",
                m,
                board.axes.iter().map(|a| a.name.as_str()),
                errors,
            ),
        }
    }
    build_directions(file, &mut board, work, errors);
    Some(board)
}

fn build_axes(file: &ast::File, errors: &mut Diagnostics) -> Option<Vec<Axis>> {
    let mut axes = Vec::new();
    let mut total: usize = 1;
    let mut ok = true;
    for a in &file.axes {
        let (first, len) = match a.labels {
            LabelRange::Letters(lo, hi) => (AxisLabel::Letter(lo), hi as i64 - lo as i64 + 1),
            LabelRange::Numbers(lo, hi) => (
                AxisLabel::Number(lo),
                hi.saturating_sub(lo).saturating_add(1),
            ),
        };
        if len < 1 {
            errors.push(Diagnostic::new(
                a.span,
                format!("axis `{}` runs backwards", a.name.text),
            ));
            ok = false;
            continue;
        }
        if axes.iter().any(|x: &Axis| x.name == a.name.text) {
            errors.push(Diagnostic::new(
                a.name.span,
                format!("axis `{}` is declared twice", a.name.text),
            ));
            ok = false;
        }
        total = total.saturating_mul(usize::try_from(len).unwrap_or(usize::MAX));
        axes.push(Axis {
            name: a.name.text.to_string(),
            first,
            len,
        });
    }
    if total > MAX_CELLS {
        let sp = file.grid_span.unwrap_or_default();
        errors.push(Diagnostic::new(
            sp,
            crate::limits::exceeded("the grid", total as u128, "cells", MAX_CELLS as u128),
        ));
        return None;
    }
    ok.then_some(axes)
}

/// Parses a coordinate name such as `c0` or `Ab2` into one value per axis.
pub fn parse_coord(axes: &[Axis], text: &str) -> Option<Vec<i64>> {
    if axes.is_empty() {
        return None;
    }
    let mut rest = text;
    let mut coord = Vec::with_capacity(axes.len());
    for axis in axes {
        match axis.first {
            AxisLabel::Letter(first) => {
                let c = rest.chars().next()?;
                if !c.is_ascii_alphabetic() || c.is_ascii_uppercase() != first.is_ascii_uppercase()
                {
                    return None;
                }
                coord.push(c as i64 - first as i64);
                rest = &rest[1..];
            }
            AxisLabel::Number(first) => {
                let neg = rest.starts_with('-');
                let digits = rest[usize::from(neg)..]
                    .chars()
                    .take_while(char::is_ascii_digit)
                    .count();
                if digits == 0 {
                    return None;
                }
                let end = usize::from(neg) + digits;
                let n =
                    crate::limits::read_number(&rest[..end], crate::limits::MAX_RULE_NUMBER, "")
                        .ok()?;
                coord.push(n.checked_sub(first)?);
                rest = &rest[end..];
            }
        }
    }
    rest.is_empty().then_some(coord)
}

fn in_grid(axes: &[Axis], coord: &[i64]) -> bool {
    axes.iter()
        .zip(coord)
        .all(|(a, &v)| (0..a.len).contains(&v))
}

/// Every grid coordinate, first axis fastest (so `a1, b1, ..., h1, a2, ...`).
fn grid_coords(axes: &[Axis]) -> Vec<Vec<i64>> {
    if axes.is_empty() {
        return Vec::new();
    }
    let mut out = vec![Vec::new()];
    for axis in axes.iter().rev() {
        let mut next = Vec::new();
        for prefix in &out {
            for v in 0..axis.len {
                let mut c = vec![v];
                c.extend_from_slice(prefix);
                next.push(c);
            }
        }
        out = next;
    }
    // `out` lists the last axis slowest; order by coordinates from the last axis.
    out.sort_by(|a, b| a.iter().rev().cmp(b.iter().rev()));
    out
}

/// The box `lo..hi` cut to `bounds` (inclusive, per axis): per axis, its
/// lowest and highest value, and how many coordinates it holds (saturating).
fn clip(lo: &[i64], hi: &[i64], bounds: &[(i64, i64)]) -> (Vec<(i64, i64)>, u64) {
    let mut volume: u64 = 1;
    let ranges = lo
        .iter()
        .zip(hi)
        .zip(bounds)
        .map(|((&a, &b), &(min, max))| {
            let (a, b) = (a.min(b).max(min), a.max(b).min(max));
            let len = if a > b {
                0
            } else {
                b.abs_diff(a).saturating_add(1)
            };
            volume = volume.saturating_mul(len);
            (a, b)
        })
        .collect();
    (ranges, volume)
}

/// What to say of the box `lo..hi` (its corners as written) if it reaches
/// past `bounds`, the smallest box holding the board, on some axis: an
/// error when it holds no cell of the board (`empty`), as a cell off the
/// board is one, else a warning, since only the cells on the board count
/// and a box written past the edge is seldom meant (`a2..k2` on files
/// `a..h`).
fn past_board(
    axes: &[Axis],
    bounds: &[(i64, i64)],
    corners: &(Name, Name, Span),
    lo: &[i64],
    hi: &[i64],
    empty: bool,
) -> Option<Diagnostic> {
    let (a, b, span) = corners;
    let past =
        |&(&(min, max), (&x, &y)): &(&(i64, i64), (&i64, &i64))| x.min(y) < min || x.max(y) > max;
    let pairs: Vec<_> = bounds.iter().zip(lo.iter().zip(hi)).collect();
    let axis = pairs.iter().position(past)?;
    let (min, max) = bounds[axis];
    let along = &axes[axis];
    let runs = format!(
        "along `{}` the board runs from {} to {}",
        along.name,
        along.label(min),
        along.label(max)
    );
    let boxed = format!("{}..{}", a.text, b.text);
    Some(if empty {
        Diagnostic::new(
            *span,
            format!("box `{boxed}` holds no cell of the board ({runs})"),
        )
    } else {
        Diagnostic::warning(
            *span,
            format!(
                "box `{boxed}` reaches past the board ({runs}); only its cells on the board count"
            ),
        )
    })
}

/// The coordinates of a box cut by [`clip`], in order (the last axis fastest).
fn box_coords(ranges: &[(i64, i64)]) -> Vec<Vec<i64>> {
    let mut out = vec![Vec::new()];
    for &(a, b) in ranges {
        let mut next = Vec::new();
        for prefix in &out {
            for v in a..=b {
                let mut c: Vec<i64> = prefix.clone();
                c.push(v);
                next.push(c);
            }
        }
        out = next;
    }
    out
}

fn coord_or_error(axes: &[Axis], name: &Name, errors: &mut Diagnostics) -> Option<Vec<i64>> {
    let c = parse_coord(axes, &name.text);
    if c.is_none() {
        errors.push(Diagnostic::new(
            name.span,
            format!("`{}` is not a grid coordinate", name.text),
        ));
    }
    c
}

fn build_cells(
    file: &ast::File,
    board: &mut Board,
    work: &Work,
    errors: &mut Diagnostics,
) -> Option<()> {
    let axes = board.axes.clone();
    let mut removed: HashSet<Vec<i64>> = HashSet::default();
    for item in &file.removed {
        match item {
            CellItem::One(n) => {
                if let Some(c) = coord_or_error(&axes, n, errors) {
                    if !in_grid(&axes, &c) {
                        errors.push(Diagnostic::new(
                            n.span,
                            format!("cell `{}` is off the grid", n.text),
                        ));
                    }
                    removed.insert(c);
                }
            }
            CellItem::Box(corners) => {
                let (a, b, _) = &**corners;
                if let (Some(lo), Some(hi)) = (
                    coord_or_error(&axes, a, errors),
                    coord_or_error(&axes, b, errors),
                ) {
                    // Cut to the grid, which is within the limit on cells.
                    let grid: Vec<(i64, i64)> = axes.iter().map(|a| (0, a.len - 1)).collect();
                    let (ranges, volume) = clip(&lo, &hi, &grid);
                    if let Some(d) = past_board(&axes, &grid, corners, &lo, &hi, volume == 0) {
                        errors.push(d);
                    }
                    let units = volume.saturating_mul(PER_BOX_CELL);
                    if work.charge(units, corners.2, errors) {
                        removed.extend(box_coords(&ranges));
                    }
                }
            }
        }
    }
    // Coordinates claimed by named cells are not grid cells of their own.
    let mut claimed: HashMap<Vec<i64>, usize> = HashMap::default();
    let mut named_coords = Vec::new();
    for (i, decl) in file.cells.iter().enumerate() {
        let text = &decl.name.text;
        if text.is_empty()
            || !text
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '\'')
        {
            errors.push(Diagnostic::new(
                decl.name.span,
                format!(
                    "cell name `{text}` may hold only letters, digits, `_` and `'`, \
                     so that moves and positions naming it read back unambiguously"
                ),
            ));
        }
        let mut coords = Vec::new();
        for at in &decl.at {
            let Some(c) = coord_or_error(&axes, at, errors) else {
                continue;
            };
            if claimed.insert(c.clone(), i).is_some() {
                errors.push(Diagnostic::new(
                    at.span,
                    format!("coordinate `{}` belongs to two cells", at.text),
                ));
            }
            if removed.contains(&c) {
                errors.push(Diagnostic::new(
                    at.span,
                    format!("coordinate `{}` is removed", at.text),
                ));
            }
            coords.push(c);
        }
        // A name that reads as a coordinate must be one of the cell's own, or
        // the one name would mean two places.
        if let Some(k) = parse_coord(&axes, text) {
            if !coords.contains(&k) {
                errors.push(Diagnostic::new(
                    decl.name.span,
                    format!(
                        "cell name `{text}` is also a coordinate, not one this cell stands on; \
                         rename the cell, or place it `at {text}`"
                    ),
                ));
            }
        }
        named_coords.push(coords);
    }
    let add = |board: &mut Board, name: &Name, coords: Vec<Vec<i64>>, errors: &mut Diagnostics| {
        if board.cells.len() >= MAX_CELLS {
            errors.push(Diagnostic::new(name.span, {
                let most = crate::limits::thousands(MAX_CELLS as u128);
                format!("the board has more than {most} cells; the limit is {most}")
            }));
            return;
        }
        let id = board.cells.len() as Cell;
        if board.cell_names.contains(&name.text) {
            board.cell_names.declare(name, id, errors);
            return;
        }
        board.cell_names.declare(name, id, errors);
        for c in &coords {
            board.by_coord.insert(c.clone(), id);
        }
        board.cells.push(CellInfo {
            name: name.text.to_string(),
            coords,
        });
    };
    let mut named_done = vec![false; file.cells.len()];
    for coord in grid_coords(&axes) {
        if removed.contains(&coord) {
            continue;
        }
        if let Some(&i) = claimed.get(&coord) {
            // A merged cell takes the place of its first grid coordinate.
            if !named_done[i] {
                named_done[i] = true;
                add(board, &file.cells[i].name, named_coords[i].clone(), errors);
            }
            continue;
        }
        let text = coord_name(&axes, &coord);
        let span = file.grid_span.unwrap_or_default();
        add(
            board,
            &Name {
                text: text.into(),
                span,
            },
            vec![coord],
            errors,
        );
    }
    for (i, decl) in file.cells.iter().enumerate() {
        if !named_done[i] {
            add(board, &decl.name, named_coords[i].clone(), errors);
        }
    }
    if board.cells.is_empty() {
        errors.push(Diagnostic::new(
            Span::default(),
            "the board has no cells: declare a `grid` or a `cell`",
        ));
        return None;
    }
    Some(())
}

impl Board {
    /// Resolves a cell set; reports unknown names.
    pub fn cell_set(&self, items: &[CellItem], work: &Work, errors: &mut Diagnostics) -> Vec<Cell> {
        let mut out = Vec::new();
        for item in items {
            match item {
                CellItem::One(n) => {
                    if let Some(&c) = self.cell_names.get(&n.text) {
                        out.push(c);
                    } else if let Some(&c) =
                        parse_coord(&self.axes, &n.text).and_then(|k| self.by_coord.get(&k))
                    {
                        out.push(c);
                    } else if parse_coord(&self.axes, &n.text).is_some() {
                        errors.push(Diagnostic::new(
                            n.span,
                            format!("cell `{}` is off the board or removed", n.text),
                        ));
                    } else {
                        unknown(
                            "cell",
                            n,
                            self.cells.iter().map(|c| c.name.as_str()),
                            errors,
                        );
                    }
                }
                CellItem::Box(corners) => {
                    let (a, b, _) = &**corners;
                    let lo = coord_or_error(&self.axes, a, errors);
                    let hi = coord_or_error(&self.axes, b, errors);
                    if let (Some(lo), Some(hi)) = (lo, hi) {
                        let found = self.cells_in_box(&lo, &hi, corners.2, work, errors);
                        if let Some(d) = past_board(
                            &self.axes,
                            &self.bounds,
                            corners,
                            &lo,
                            &hi,
                            found.is_empty(),
                        ) {
                            errors.push(d);
                        }
                        out.extend(found);
                    }
                }
            }
        }
        if out.len() > 1 {
            let mut seen = vec![false; self.cells.len()];
            out.retain(|&c| !std::mem::replace(&mut seen[c as usize], true));
        }
        out
    }

    /// The cells on the coordinates of the box `lo..hi`, in the order of the
    /// coordinates (the last axis fastest), a cell once per coordinate.
    ///
    /// A box may reach far past the grid, up to a cell placed far off (`cell
    /// far at a999999999`): its coordinates are looked up one by one only
    /// where they are few beside the cells' coordinates, else every cell is
    /// tested, so a box costs no more than the cells that exist, whatever its
    /// volume.
    fn cells_in_box(
        &self,
        lo: &[i64],
        hi: &[i64],
        span: Span,
        work: &Work,
        errors: &mut Diagnostics,
    ) -> Vec<Cell> {
        let (ranges, volume) = clip(lo, hi, &self.bounds);
        let coords = self.by_coord.len() as u64;
        if volume.saturating_mul(PER_BOX_CELL) <= coords {
            if !work.charge(volume.saturating_mul(PER_BOX_CELL), span, errors) {
                return Vec::new();
            }
            return box_coords(&ranges)
                .into_iter()
                .filter_map(|k| self.by_coord.get(&k).copied())
                .collect();
        }
        if !work.charge(coords, span, errors) {
            return Vec::new();
        }
        let inside = |k: &[i64]| ranges.iter().zip(k).all(|(&(a, b), v)| (a..=b).contains(v));
        let mut found: Vec<(&[i64], Cell)> = self
            .cells
            .iter()
            .enumerate()
            .flat_map(|(c, info)| info.coords.iter().map(move |k| (k.as_slice(), c as Cell)))
            .filter(|(k, _)| inside(k))
            .collect();
        // What is found is sorted, then passed on to every use of the set.
        if !work.charge(
            (found.len() as u64).saturating_mul(PER_BOX_CELL),
            span,
            errors,
        ) {
            return Vec::new();
        }
        found.sort_unstable();
        found.into_iter().map(|(_, c)| c).collect()
    }

    /// The cell Black sees where White sees `c`: coordinates reflected on mirrored axes.
    pub fn mirror_cell(&self, c: Cell) -> Option<Cell> {
        let info = &self.cells[c as usize];
        let Some(first) = info.coords.first() else {
            return Some(c);
        };
        let m = self.mirror_coord(first)?;
        self.by_coord.get(&m).copied()
    }

    fn mirror_coord(&self, coord: &[i64]) -> Option<Vec<i64>> {
        coord
            .iter()
            .zip(&self.axes)
            .zip(&self.mirror)
            .map(|((&v, a), &m)| {
                if m {
                    (a.len - 1).checked_sub(v)
                } else {
                    Some(v)
                }
            })
            .collect()
    }

    /// The vector Black means where White means `v`: reflected on mirrored axes.
    pub fn mirror_vector(&self, v: &[i64]) -> Vec<i64> {
        v.iter()
            .zip(&self.mirror)
            .map(|(&x, &m)| if m { -x } else { x })
            .collect()
    }

    /// The cells reached from `c` by adding `v` to each of its coordinates.
    pub fn targets(&self, c: Cell, v: &[i64]) -> Vec<Cell> {
        let mut out = Vec::new();
        for coord in &self.cells[c as usize].coords {
            let k: Option<Vec<i64>> = coord
                .iter()
                .zip(v)
                .map(|(a, b)| a.checked_add(*b))
                .collect();
            if let Some(&t) = k.and_then(|k| self.by_coord.get(&k)) {
                if t != c && !out.contains(&t) {
                    out.push(t);
                }
            }
        }
        out
    }

    /// Resolves direction and group names to direction ids.
    pub fn dirs(&self, names: &[Name], errors: &mut Diagnostics) -> Vec<u8> {
        let mut out = Vec::new();
        for n in names {
            if let Some(d) = self.groups.resolve(n, errors) {
                for x in d {
                    if !out.contains(&x) {
                        out.push(x);
                    }
                }
            }
        }
        out
    }

    /// Builds a zone from White's cells, mirrored for Black.
    pub fn zone(&self, white: Vec<Cell>, black: Option<Vec<Cell>>) -> [CellSet; 2] {
        let n = self.cells.len();
        let mut sets = [CellSet::new(n), CellSet::new(n)];
        for &c in &white {
            sets[0].insert(c);
            if black.is_none() {
                if let Some(m) = self.mirror_cell(c) {
                    sets[1].insert(m);
                }
            }
        }
        for c in black.into_iter().flatten() {
            sets[1].insert(c);
        }
        sets
    }
}

fn build_directions(file: &ast::File, board: &mut Board, work: &Work, errors: &mut Diagnostics) {
    let dims = board.axes.len();
    let mut vectors: Vec<Option<Vec<i64>>> = Vec::new();
    let mut edges: Vec<Vec<(Cell, Cell)>> = Vec::new();
    let mut black_edges: Vec<Vec<(Cell, Cell)>> = Vec::new();
    for d in &file.directions {
        // A bad vector is reported, and its direction still declared (without
        // steps) so that its uses do not cascade into "unknown direction".
        let mut vector = Some(d.vector.clone());
        if d.vector.len() != dims {
            errors.push(Diagnostic::new(
                d.span,
                format!(
                    "direction `{}` has {} components; the grid has {dims} axes",
                    d.name.text,
                    d.vector.len()
                ),
            ));
            vector = None;
        } else if d.vector.iter().all(|&x| x == 0) {
            errors.push(Diagnostic::new(
                d.span,
                format!("direction `{}` is the zero vector", d.name.text),
            ));
            vector = None;
        }
        if board.dir_names.contains(&d.name.text) {
            board.dir_names.declare(&d.name, 0, errors);
            continue;
        }
        if new_direction(board, &d.name, errors).is_some() {
            vectors.push(vector);
            edges.push(Vec::new());
            black_edges.push(Vec::new());
        }
    }
    for link in &file.links {
        let id = match board.dir_names.get(&link.name.text) {
            Some(&id) => id,
            None => {
                let Some(id) = new_direction(board, &link.name, errors) else {
                    continue;
                };
                vectors.push(None);
                edges.push(Vec::new());
                black_edges.push(Vec::new());
                id
            }
        };
        for (a, b) in &link.edges {
            let ca = board.cell_set(std::slice::from_ref(a), work, errors);
            let cb = board.cell_set(std::slice::from_ref(b), work, errors);
            // Past the budget, boxes give no cells: their ends would not match.
            if work.is_spent() {
                break;
            }
            if ca.len() != cb.len() {
                errors.push(Diagnostic::new(
                    Span::new(a.span().start as usize, b.span().end as usize),
                    format!(
                        "the ends of this link have {} and {} cells; boxes are linked pairwise",
                        ca.len(),
                        cb.len()
                    ),
                ));
                continue;
            }
            // Each edge is reflected for Black, stored, and found again from
            // its cell for each side.
            let units = (ca.len() as u64).saturating_mul(PER_LINK_EDGE);
            if !work.charge(units, a.span(), errors) {
                continue;
            }
            let mut lost_one = false;
            for (&x, &y) in ca.iter().zip(&cb) {
                edges[id as usize].push((x, y));
                // Black sees the link reflected, as it sees directions.
                match (board.mirror_cell(x), board.mirror_cell(y)) {
                    (Some(mx), Some(my)) => black_edges[id as usize].push((mx, my)),
                    // One error per edge of boxes, not one per cell.
                    _ if lost_one => {}
                    (mx, _) => {
                        lost_one = true;
                        let (lost, at) = if mx.is_none() { (x, a) } else { (y, b) };
                        errors.push(Diagnostic::new(
                            at.span(),
                            format!(
                                "`mirror` reflects `{}` onto no cell, so Black has no image of this link; \
                                 add the reflected cell, or drop `mirror` and write Black's directions",
                                board.cells[lost as usize].name
                            ),
                        ));
                    }
                }
            }
        }
    }
    for g in &file.groups {
        let mut members = Vec::new();
        for m in &g.members {
            if let Some(ids) = board.groups.resolve(m, errors) {
                members.extend(
                    ids.into_iter()
                        .filter(|x| !members.contains(x))
                        .collect::<Vec<_>>(),
                );
            }
        }
        board.groups.declare(&g.name, members, errors);
    }
    for v in vectors.iter().flatten() {
        if !board.vectors.contains(v) {
            board.vectors.push(v.clone());
        }
    }
    let n = board.cells.len();
    for side in [Side::White, Side::Black] {
        let mut lists = vec![Vec::new(); vectors.len() * n];
        let mut rev = vec![Vec::new(); vectors.len() * n];
        for (d, v) in vectors.iter().enumerate() {
            let v = v.as_ref().map(|v| {
                if side == Side::Black {
                    board.mirror_vector(v)
                } else {
                    v.clone()
                }
            });
            // Each cell's edges, in the order given, so that a link of many
            // edges costs their number, not their number times the cells.
            let mut links = if side == Side::Black {
                black_edges[d].clone()
            } else {
                edges[d].clone()
            };
            links.sort_by_key(|&(x, _)| x);
            let mut links = links.as_slice();
            // The last origin that listed each target, to list it once.
            let mut listed_from = vec![Cell::MAX; n];
            for c in 0..n as Cell {
                let mut ts = v.as_ref().map_or_else(Vec::new, |v| board.targets(c, v));
                for &t in &ts {
                    listed_from[t as usize] = c;
                }
                let own = links.partition_point(|&(x, _)| x == c);
                for &(_, y) in &links[..own] {
                    if listed_from[y as usize] != c {
                        listed_from[y as usize] = c;
                        ts.push(y);
                    }
                }
                links = &links[own..];
                for &t in &ts {
                    rev[d * n + t as usize].push(c);
                }
                lists[d * n + c as usize] = ts;
            }
        }
        if side == Side::White {
            board.widest_step = (0..vectors.len())
                .map(|d| lists[d * n..][..n].iter().map(Vec::len).max().unwrap_or(0))
                .collect();
        }
        board.steps[side.index()] = Csr::from_lists(&lists);
        board.rev_steps[side.index()] = Csr::from_lists(&rev);
    }
    // A slide that can come back to a cell (a cycle of links, a cell merged
    // across the board) or that branches may reach one cell twice.
    board.branches = board
        .steps
        .iter()
        .chain(&board.rev_steps)
        .any(Csr::branches)
        || (0..board.dir_list.len()).any(|d| has_cycle(&board.steps[0], d, n));
}

/// Whether the steps of direction `d` lead from some cell back to it.
fn has_cycle(steps: &Csr, d: usize, cells: usize) -> bool {
    // Colours: 0 unvisited, 1 on the current path, 2 done. Iterative, so that a
    // long line of cells needs no deep recursion.
    let mut colour = vec![0u8; cells];
    for root in 0..cells {
        if colour[root] != 0 {
            continue;
        }
        let mut stack = vec![(root, 0usize)];
        colour[root] = 1;
        while let Some(&mut (c, ref mut next)) = stack.last_mut() {
            let targets = steps.get(d * cells + c);
            if let Some(&t) = targets.get(*next) {
                *next += 1;
                match colour[t as usize] {
                    0 => {
                        colour[t as usize] = 1;
                        stack.push((t as usize, 0));
                    }
                    1 => return true,
                    _ => {}
                }
            } else {
                colour[c] = 2;
                stack.pop();
            }
        }
    }
    false
}

fn new_direction(board: &mut Board, name: &Name, errors: &mut Diagnostics) -> Option<u8> {
    if board.dir_list.len() >= crate::limits::MAX_DIRECTIONS {
        let most = crate::limits::MAX_DIRECTIONS;
        errors.push(Diagnostic::new(
            name.span,
            format!("the rule file has more than {most} directions; the limit is {most}"),
        ));
        return None;
    }
    let id = board.dir_list.len() as u8;
    board.dir_names.declare(name, id, errors);
    board.groups.declare(name, vec![id], errors);
    board.dir_list.push(name.text.to_string());
    Some(id)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_box_holds_the_same_cells_tested_as_walked() {
        // A merged cell on two coordinates and a cell far off the grid: boxes
        // too large to walk test every cell, in the order a walk gives.
        let src = "grid file a..e rank 1..5\ncell far at a99\ncell twin at b2 d4\n";
        let file = crate::syntax::parse(src).unwrap();
        let work = Work::default();
        let mut errors = Diagnostics::default();
        let board = build(&file, &work, &mut errors).unwrap();
        let corners = [
            ("a1", "e5"),
            ("e5", "a1"),
            ("b2", "d4"),
            ("a1", "a99"),
            ("c3", "c3"),
            ("a6", "e98"),
            ("a1", "e99999999"),
        ];
        for (lo, hi) in corners {
            let coord = |t: &str| parse_coord(&board.axes, t).unwrap();
            let (lo, hi) = (coord(lo), coord(hi));
            let (ranges, _) = clip(&lo, &hi, &board.bounds);
            let walked: Vec<Cell> = box_coords(&ranges)
                .into_iter()
                .filter_map(|k| board.by_coord.get(&k).copied())
                .collect();
            let found = board.cells_in_box(&lo, &hi, Span::default(), &work, &mut errors);
            assert_eq!(found, walked, "{lo:?}..{hi:?}");
        }
        assert!(errors.is_empty());
    }
}
