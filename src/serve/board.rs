//! The picture of the board sent to the page.
//!
//! Until the library draws positions as SVG, the page draws its own simple
//! grid from the cells and pieces of the position (`web/studio.js`,
//! `drawPlaceholder`), with the same `data-cell` and `data-piece` attributes;
//! this function is the one place that changes when the library's drawing
//! arrives.

use crate::engine::{Move, Position};

/// The board as SVG text, or none when the page is to draw it.
pub fn draw(_pos: &Position<'_>, _last: Option<Move>, _flipped: bool) -> Option<String> {
    None
}
