//! How pictures draw the board, from the rule file's `layout` statements.
//! The engine never reads it.

use super::Cell;

/// What the default drawing cannot guess; every field defaults to the plain
/// drawing (squares, boards side by side, free cells beside the board).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Layout {
    /// `layout hexagons`: a grid of two axes drawn as hexagons, the first
    /// axis across and the second up at sixty degrees to it (axial
    /// coordinates), so the six neighbours of a cell are `(±1, 0)`, `(0, ±1)`,
    /// `(1, -1)` and `(-1, 1)`.
    pub hexagons: bool,
    /// `layout intersections`: cells drawn where lines cross, the lines
    /// joining neighbouring coordinates (xiangqi, janggi), not as squares.
    pub intersections: bool,
    /// `layout stacked`: the boards of a grid of three axes drawn one above
    /// the other, the highest on top, rather than side by side.
    pub stacked: bool,
    /// `layout CELL at COORD`: a cell with no coordinate drawn on that
    /// coordinate, with the cells of the grid.
    pub placed: Vec<(Cell, Vec<i64>)>,
}
