//! The picture of the board sent to the page: the library's SVG drawing
//! (`svg::draw`), whose `data-cell`, `data-piece` and `data-pool` attributes
//! the page's clicks use. The page marks a piece's legal destinations itself,
//! on top of the picture, without asking the server again.

use tessera::engine::{Move, Position};

/// The board as SVG text, the last move marked, turned as Black sees it when
/// `flipped`; without a caption, since the page writes the state of play.
pub fn draw(pos: &Position<'_>, last: Option<Move>, flipped: bool) -> String {
    let options = tessera::svg::Options {
        last_move: last,
        flipped,
        caption: false,
        ..tessera::svg::Options::default()
    };
    tessera::svg::draw(pos, &options)
}
