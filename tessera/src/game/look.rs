//! How pictures draw the board and its pieces and name the sides, from the
//! rule file's `look` lines. The engine never reads it.

use super::{Cell, Side};
use crate::diag::Span;

/// The look of the whole game; every field defaults to the plain drawing
/// (a checkered board, the sides White and Black, pieces by their letters).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Look {
    /// `look board STYLE`.
    pub board: BoardStyle,
    /// `look sides WHITE BLACK`: the sides' names, White's first.
    pub sides: Option<[String; 2]>,
    /// `look river after AXIS LABEL`: the axis and the coordinate after
    /// which the river flows.
    pub river: Option<(usize, i64)>,
    /// `look lines ZONE along DIRS`: the pairs of cells joined by a line.
    pub lines: Vec<(Cell, Cell)>,
    /// `look dots CELLS`: the cells with a dot on their far corner.
    pub dots: Vec<Cell>,
    /// `look labels AXIS [EDGE] TEXT...`: the labels pictures write for an
    /// axis's coordinates instead of its own, at most one entry an axis.
    pub labels: Vec<AxisLabels>,
    /// Each kind's look, by kind (empty where no piece has a `look`).
    pub pieces: Vec<PieceLook>,
}

impl Look {
    /// The name of `side` in pictures and pages.
    pub fn side_name(&self, side: Side) -> &str {
        match &self.sides {
            Some(names) => &names[side.index()],
            None => match side {
                Side::White => "White",
                Side::Black => "Black",
            },
        }
    }
}

/// `look labels`: one axis's labels, one a coordinate in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct AxisLabels {
    /// The axis (the columns' or the rows').
    pub axis: usize,
    /// On the far edge (`top`, `right`) rather than the near one
    /// (`bottom`, `left`, the default), as White sees the board.
    pub far: bool,
    /// The label of each coordinate.
    pub texts: Vec<String>,
}

impl Look {
    /// The label pictures write for coordinate `v` of `axis`, where a
    /// `look labels` line gives one.
    pub fn label(&self, axis: usize, v: i64) -> Option<&str> {
        let labels = self.labels.iter().find(|l| l.axis == axis)?;
        labels
            .texts
            .get(usize::try_from(v).ok()?)
            .map(String::as_str)
    }

    /// Whether pictures write `axis`'s labels on the far edge.
    pub fn labels_far(&self, axis: usize) -> bool {
        self.labels.iter().any(|l| l.axis == axis && l.far)
    }
}

/// `look board STYLE`: how the squares of a board are painted.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) enum BoardStyle {
    /// Light and dark squares, as a chessboard.
    #[default]
    Checkered,
    /// One colour, with lines between the squares (a shogi board).
    Plain,
    /// Green, with dark lines between the squares (a board for discs).
    Green,
}

/// `look thai SHAPE`: the carved pieces of makruk, by their Thai names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ThaiShape {
    /// The king: the tallest, with a tiered crown.
    Khun,
    /// The counsellor: small, with a rounded crown.
    Met,
    /// The nobleman: a smooth pointed top.
    Khon,
    /// The horse's head.
    Ma,
    /// The boat: low and wide, its ends raised.
    Ruea,
    /// The pawn: a flat cowry shell.
    Bia,
}

/// How one kind is drawn.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) enum PieceLook {
    /// No `look`: a chess piece for the letters K, Q, R, B, N and P, else
    /// a disc with the letter.
    #[default]
    ByLetter,
    /// `look chess SHAPE`: that chess piece (`K`, `Q`, `R`, `B`, `N`, `P`).
    Chess(char),
    /// `look thai SHAPE`: that carved piece of makruk.
    Thai(ThaiShape),
    /// `look round`: a round piece with White's and Black's characters.
    Round([String; 2]),
    /// `look pointed`: a pointed piece turned towards its owner, with White's
    /// and Black's characters.
    Pointed([String; 2]),
    /// `look disc`: a plain disc in its side's colour.
    Disc,
    /// `look letter`: a disc with the piece's letter, whatever the letter.
    Letter,
    /// `look picture FILE`: the file's name, and its SVG text once
    /// [`load_pictures`](crate::load_pictures) read it beside the rule file.
    Picture {
        file: String,
        /// The name's place in the rule file, for the warning of a picture
        /// that cannot be read.
        span: Span,
        svg: Option<String>,
    },
}
