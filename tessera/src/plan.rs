//! Where a board's cells are drawn: the plan that the text drawing (`show`)
//! and the SVG picture (`svg`) share.
//!
//! A grid of one to three axes is drawn as boards: the last two axes are the
//! columns and the rows of a board (one axis: a single row), and a third axis
//! before them picks the board, one board per value. The plan spans every
//! coordinate a cell stands on, on the grid or off it (Cycle Chess's `0` on c0
//! and d0), and the coordinates where the rule file's `layout` places cells
//! that have none. A cell standing on several coordinates is drawn on each.

use crate::engine::attack::{in_check, is_attacked};
use crate::engine::{Move, MoveKind, Position};
use crate::game::{Cell, Game};
use std::collections::HashMap;
use std::ops::RangeInclusive;

/// The widest span of coordinates, per axis, drawn as a board.
pub const MAX_DRAWN: i64 = 64;

/// The boards of a game's grid, and which cell stands on each coordinate.
pub struct Plan<'g> {
    game: &'g Game,
    at: HashMap<&'g [i64], Cell>,
    lo: Vec<i64>,
    hi: Vec<i64>,
}

impl<'g> Plan<'g> {
    /// The plan of `game`'s grid, or `None` where it is not drawn as boards: no
    /// axis or more than three, no cell on any coordinate, or a span of
    /// coordinates wider than [`MAX_DRAWN`] (cells placed far off the grid).
    pub fn new(game: &'g Game) -> Option<Plan<'g>> {
        let dims = game.board.axes.len();
        if !(1..=3).contains(&dims) {
            return None;
        }
        let mut plan = Plan {
            game,
            at: HashMap::new(),
            lo: vec![i64::MAX; dims],
            hi: vec![i64::MIN; dims],
        };
        let placed = game.layout.placed.iter().map(|(c, k)| (*c, k));
        let grid = game
            .board
            .cells
            .iter()
            .enumerate()
            .flat_map(|(i, cell)| cell.coords.iter().map(move |k| (i as Cell, k)));
        for (c, coord) in grid.chain(placed) {
            plan.at.insert(coord.as_slice(), c);
            for (d, &v) in coord.iter().enumerate() {
                plan.lo[d] = plan.lo[d].min(v);
                plan.hi[d] = plan.hi[d].max(v);
            }
        }
        let too_wide = plan
            .lo
            .iter()
            .zip(&plan.hi)
            .any(|(l, h)| h.saturating_sub(*l) > MAX_DRAWN);
        (!plan.at.is_empty() && !too_wide).then_some(plan)
    }

    /// The game whose grid this plan draws.
    pub fn game(&self) -> &'g Game {
        self.game
    }

    /// The number of axes.
    pub fn dims(&self) -> usize {
        self.lo.len()
    }

    /// The axis along a board's columns.
    pub fn col_axis(&self) -> usize {
        self.dims().saturating_sub(2)
    }

    /// The axis along a board's rows, if the grid has two axes or more.
    pub fn row_axis(&self) -> Option<usize> {
        (self.dims() > 1).then(|| self.dims() - 1)
    }

    /// The values of the axis that picks a board (three axes), in order; one
    /// `None` for a single board.
    pub fn panels(&self) -> Vec<Option<i64>> {
        if self.dims() == 3 {
            (self.lo[0]..=self.hi[0]).map(Some).collect()
        } else {
            vec![None]
        }
    }

    /// The values of the row axis from the top row down (the highest first);
    /// one `None` for a grid of one axis.
    pub fn rows(&self) -> Vec<Option<i64>> {
        match self.row_axis() {
            Some(r) => (self.lo[r]..=self.hi[r]).rev().map(Some).collect(),
            None => vec![None],
        }
    }

    /// The values of the column axis, from left to right.
    pub fn cols(&self) -> RangeInclusive<i64> {
        let c = self.col_axis();
        self.lo[c]..=self.hi[c]
    }

    /// The coordinate of a board's column and row.
    pub fn coord(&self, panel: Option<i64>, col: i64, row: Option<i64>) -> Vec<i64> {
        let mut coord = Vec::with_capacity(self.dims());
        coord.extend(panel);
        coord.push(col);
        coord.extend(row);
        coord
    }

    /// The cell drawn on a coordinate, if any.
    pub fn cell_at(&self, coord: &[i64]) -> Option<Cell> {
        self.at.get(coord).copied()
    }

    /// Where `cell` is drawn: its coordinates, or where the layout places it.
    ///
    /// # Panics
    /// When `cell` is not a cell of the game.
    pub fn places(&self, cell: Cell) -> Vec<&'g [i64]> {
        let game = self.game;
        let own = game.board.cells[cell as usize].coords.iter();
        let placed = game
            .layout
            .placed
            .iter()
            .filter(move |(c, _)| *c == cell)
            .map(|(_, k)| k);
        own.chain(placed).map(Vec::as_slice).collect()
    }

    /// Whether `cell` is drawn on the boards.
    ///
    /// # Panics
    /// When `cell` is not a cell of the game.
    pub fn draws(&self, cell: Cell) -> bool {
        !self.game.board.cells[cell as usize].coords.is_empty()
            || self.game.layout.placed.iter().any(|(c, _)| *c == cell)
    }
}

/// The label of coordinate `v` along `axis`.
///
/// # Panics
/// When `axis` is not one of the game's axes ([`Game::axis_names`]).
pub fn label(game: &Game, axis: usize, v: i64) -> String {
    game.board.axes[axis].label(v)
}

/// The pools drawn on one side of the board (`above` it or below it), in
/// order from the top down: the first declared pool nearest the board.
pub fn pool_order(game: &Game, above: bool) -> Vec<usize> {
    let mut order: Vec<usize> = (0..game.pools.pool_names.len()).collect();
    if above {
        order.reverse();
    }
    order
}

/// The cells a drawing marks for the move `mv` that led to the position:
/// the cell it left (none for a piece out of a pool) and the cell it reached
/// (none for a piece sent to a pool, nor for a pass).
pub fn moved_cells(mv: &Move) -> Vec<Cell> {
    let mut cells = Vec::new();
    if !matches!(
        mv.kind(),
        MoveKind::Drop | MoveKind::Transfer | MoveKind::Pass
    ) {
        cells.push(mv.origin());
    }
    if !matches!(mv.kind(), MoveKind::Transfer | MoveKind::Pass) {
        cells.push(mv.destination());
    }
    cells
}

/// The royal pieces of the side to move that stand attacked, where that side
/// is in check (none otherwise): the cells a drawing marks as in check.
pub fn checked_royals(pos: &Position<'_>) -> Vec<Cell> {
    let side = pos.side_to_move();
    if !in_check(pos, side) {
        return Vec::new();
    }
    pos.royals(side)
        .iter()
        .filter(|&c| is_attacked(pos, c, side.opposite()))
        .collect()
}
