//! Where things go in the picture, in units of one square: the centre of each
//! coordinate (squares, boards side by side or stacked, or hexagons), the
//! shapes of a cell and where the coordinates are labelled.

use crate::game::Layout;
use crate::plan::Plan;

/// The space between two boards of a grid of three axes side by side, in
/// squares: the next board's row labels.
const PANEL_GAP: f64 = 1.0;
/// The space between two stacked boards: the column labels of one and the
/// name of the next.
const STACK_GAP: f64 = 1.4;

/// The radius of a hexagon (centre to corner), in squares: its width across
/// the flat sides is about that of a square.
const HEX_RADIUS: f64 = 0.6;

/// One shape of a cell: a rectangle of squares, or a hexagon.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Part {
    Rect {
        x: f64,
        y: f64,
        w: f64,
        h: f64,
    },
    Hex {
        cx: f64,
        cy: f64,
    },
    /// Where lines cross, with `layout intersections`: a disc a piece covers.
    Point {
        cx: f64,
        cy: f64,
    },
}

impl Part {
    pub fn centre(&self) -> (f64, f64) {
        match *self {
            Part::Rect { x, y, w, h } => (x + w / 2.0, y + h / 2.0),
            Part::Hex { cx, cy } | Part::Point { cx, cy } => (cx, cy),
        }
    }

    /// The smallest and largest corners of the box around the shape.
    pub fn bounds(&self) -> (f64, f64, f64, f64) {
        match *self {
            Part::Rect { x, y, w, h } => (x, y, x + w, y + h),
            Part::Hex { cx, cy } => {
                let half = HEX_RADIUS * 3f64.sqrt() / 2.0;
                (cx - HEX_RADIUS, cy - half, cx + HEX_RADIUS, cy + half)
            }
            Part::Point { cx, cy } => (cx - 0.5, cy - 0.5, cx + 0.5, cy + 0.5),
        }
    }

    /// The corners of a hexagon, flat sides up and down.
    pub fn hex_corners(cx: f64, cy: f64) -> [(f64, f64); 6] {
        let mut corners = [(0.0, 0.0); 6];
        for (i, c) in corners.iter_mut().enumerate() {
            let a = std::f64::consts::PI / 3.0 * i as f64;
            *c = (cx + HEX_RADIUS * a.cos(), cy + HEX_RADIUS * a.sin());
        }
        corners
    }
}

/// The placement of a plan's coordinates in the picture.
pub struct Geometry<'p, 'g> {
    pub plan: &'p Plan<'g>,
    pub hexagons: bool,
    pub intersections: bool,
    stacked: bool,
    flipped: bool,
    cols: (i64, i64),
    rows: (i64, i64),
    panels: Vec<Option<i64>>,
}

impl<'p, 'g> Geometry<'p, 'g> {
    pub fn new(plan: &'p Plan<'g>, layout: &Layout, flipped: bool) -> Self {
        let cols = (*plan.cols().start(), *plan.cols().end());
        let rows = plan.rows();
        let rows = (
            rows.last().copied().flatten().unwrap_or(0),
            rows.first().copied().flatten().unwrap_or(0),
        );
        Geometry {
            plan,
            hexagons: layout.hexagons && plan.dims() == 2,
            intersections: layout.intersections && !layout.hexagons,
            stacked: layout.stacked,
            flipped,
            cols,
            rows,
            panels: plan.panels(),
        }
    }

    fn width(&self) -> f64 {
        (self.cols.1 - self.cols.0 + 1) as f64
    }

    fn height(&self) -> f64 {
        (self.rows.1 - self.rows.0 + 1) as f64
    }

    /// The top left corner of the board of `panel` (three axes), in squares.
    fn panel_origin(&self, panel: Option<i64>) -> (f64, f64) {
        let n = self.panels.len();
        let mut i = self.panels.iter().position(|&p| p == panel).unwrap_or(0);
        if self.flipped {
            i = n - 1 - i;
        }
        if self.stacked {
            // The highest board on top.
            (0.0, (n - 1 - i) as f64 * (self.height() + STACK_GAP))
        } else {
            (i as f64 * (self.width() + PANEL_GAP), 0.0)
        }
    }

    /// The centre of a coordinate.
    pub fn centre(&self, coord: &[i64]) -> (f64, f64) {
        if self.hexagons {
            // Axial coordinates: the first axis across, the second at sixty
            // degrees to it, so that `(1, -1)` is a neighbour too.
            let (q, r) = (coord[0] as f64, coord[1] as f64);
            let (x, y) = (
                1.5 * HEX_RADIUS * q,
                -(3f64.sqrt()) * HEX_RADIUS * (r + q / 2.0),
            );
            return if self.flipped { (-x, -y) } else { (x, y) };
        }
        let panel = (self.plan.dims() == 3).then(|| coord[0]);
        let (ox, oy) = self.panel_origin(panel);
        let c = coord[self.plan.col_axis()];
        let r = self.plan.row_axis().map_or(0, |a| coord[a]);
        let (mut ci, mut ri) = ((c - self.cols.0) as f64, (self.rows.1 - r) as f64);
        if self.flipped {
            ci = self.width() - 1.0 - ci;
            ri = self.height() - 1.0 - ri;
        }
        (ox + ci + 0.5, oy + ri + 0.5)
    }

    /// The shapes of a cell standing on `places`: a hexagon or a point each,
    /// or squares, joined into one rectangle per board where they fill one.
    pub fn parts(&self, places: &[&[i64]]) -> Vec<Part> {
        if self.hexagons || self.intersections {
            let shape = |(cx, cy)| {
                if self.hexagons {
                    Part::Hex { cx, cy }
                } else {
                    Part::Point { cx, cy }
                }
            };
            return places.iter().map(|k| shape(self.centre(k))).collect();
        }
        let mut parts = Vec::new();
        for panel in &self.panels {
            let squares: Vec<(f64, f64)> = places
                .iter()
                .filter(|k| self.plan.dims() != 3 || Some(k[0]) == *panel)
                .map(|k| self.centre(k))
                .collect();
            if squares.is_empty() {
                continue;
            }
            let (x0, y0, x1, y1) = squares.iter().fold(
                (f64::MAX, f64::MAX, f64::MIN, f64::MIN),
                |(a, b, c, d), &(x, y)| (a.min(x), b.min(y), c.max(x), d.max(y)),
            );
            let (w, h) = (x1 - x0 + 1.0, y1 - y0 + 1.0);
            if (w * h - squares.len() as f64).abs() < 0.5 {
                parts.push(Part::Rect {
                    x: x0 - 0.5,
                    y: y0 - 0.5,
                    w,
                    h,
                });
            } else {
                parts.extend(squares.iter().map(|&(x, y)| Part::Rect {
                    x: x - 0.5,
                    y: y - 0.5,
                    w: 1.0,
                    h: 1.0,
                }));
            }
        }
        parts
    }

    /// The lines of a board of intersections: from each coordinate holding a
    /// cell to the next one along the columns and along the rows, where that
    /// holds a cell too.
    pub fn lines(&self) -> Vec<((f64, f64), (f64, f64))> {
        let mut out = Vec::new();
        let plan = self.plan;
        for panel in &self.panels {
            for c in plan.cols() {
                for r in plan.rows() {
                    let here = plan.coord(*panel, c, r);
                    if plan.cell_at(&here).is_none() {
                        continue;
                    }
                    let mut next = vec![plan.coord(*panel, c + 1, r)];
                    next.extend(r.map(|r| plan.coord(*panel, c, Some(r + 1))));
                    for there in next {
                        if plan.cell_at(&there).is_some() {
                            out.push((self.centre(&here), self.centre(&there)));
                        }
                    }
                }
            }
        }
        out
    }

    /// Whether the square or hexagon of `coord` is dark: a square when its
    /// coordinates add up to an even number (a1 is dark), a hexagon by one of
    /// three shades, which no two neighbours share.
    pub fn shade(&self, coord: &[i64]) -> usize {
        if self.hexagons {
            return (coord[0] - coord[1]).rem_euclid(3) as usize;
        }
        let c = coord[self.plan.col_axis()];
        let r = self.plan.row_axis().map_or(0, |a| coord[a]);
        if (c + r).rem_euclid(2) == 0 {
            2
        } else {
            0
        }
    }

    /// Where the coordinates are written: per column, below the board; per
    /// row, left of it (right of it for hexagons); per board of three axes, above it. Each label is at
    /// the centre of the coordinate one step outside the board, pulled in.
    pub fn labels(&self) -> Vec<(f64, f64, String)> {
        let mut out = Vec::new();
        let pull =
            |(x, y): (f64, f64), (ox, oy): (f64, f64), f: f64| (x + (ox - x) * f, y + (oy - y) * f);
        let col = self.plan.col_axis();
        let look = &self.plan.game().look;
        for panel in &self.panels {
            for c in self.plan.cols() {
                // The lowest row holding a cell of this column (hexagons), or
                // the board's bottom row (squares, so the labels line up).
                // `look labels ... top`: above the board's top row instead.
                let top = !self.hexagons && look.labels_far(col);
                let low = match (self.hexagons, self.plan.row_axis()) {
                    (true, Some(_)) => (self.rows.0..=self.rows.1).find(|&r| {
                        self.plan
                            .cell_at(&self.plan.coord(*panel, c, Some(r)))
                            .is_some()
                    }),
                    (_, Some(_)) if top => Some(self.rows.1),
                    (_, Some(_)) => Some(self.rows.0),
                    (_, None) => None,
                };
                let here = self.centre(&self.plan.coord(*panel, c, low));
                let outward = if top { 1 } else { -1 };
                let below = match low {
                    Some(r) => self.centre(&self.plan.coord(*panel, c, Some(r + outward))),
                    None => (here.0, here.1 + if self.flipped { -1.0 } else { 1.0 }),
                };
                let (x, y) = pull(here, below, 0.75);
                out.push((x, y, self.plan_label(col, c)));
            }
            if let Some(row) = self.plan.row_axis() {
                for r in self.rows.0..=self.rows.1 {
                    // Hexagons: right of the rightmost cell of the row,
                    // clear of the columns' labels below the board.
                    let (end, outward) = if self.hexagons {
                        let right = self.plan.cols().rev().find(|&c| {
                            self.plan
                                .cell_at(&self.plan.coord(*panel, c, Some(r)))
                                .is_some()
                        });
                        (right, 1)
                    } else if look.labels_far(row) {
                        // `look labels ... right`.
                        (Some(self.cols.1), 1)
                    } else {
                        (Some(self.cols.0), -1)
                    };
                    let Some(c) = end else { continue };
                    let here = self.centre(&self.plan.coord(*panel, c, Some(r)));
                    let out_of = self.centre(&self.plan.coord(*panel, c + outward, Some(r)));
                    // Further out on the right of squares, where labels
                    // may be as wide as a kanji and are not right-aligned.
                    let far = !self.hexagons && outward == 1;
                    let (x, y) = pull(here, out_of, if far { 0.8 } else { 0.65 });
                    out.push((x, y, self.plan_label(row, r)));
                }
            }
            if let Some(p) = panel {
                let (ox, oy) = self.panel_origin(*panel);
                let name = format!(
                    "{} {}",
                    self.plan.game().board.axes[0].name,
                    self.plan_label(0, *p)
                );
                out.push((ox + self.width() / 2.0, oy - 0.35, name));
            }
        }
        out
    }

    /// The label of a coordinate: the rule file's `look labels`, else the
    /// axis's own.
    fn plan_label(&self, axis: usize, v: i64) -> String {
        let game = self.plan.game();
        match game.look.label(axis, v) {
            Some(text) => text.to_string(),
            None => crate::plan::label(game, axis, v),
        }
    }
}
