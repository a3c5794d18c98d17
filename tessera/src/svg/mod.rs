//! A picture of a position as SVG text, for `tessera show --svg` and for web
//! pages.
//!
//! The board is laid out as `show` lays it out in text ([`crate::plan`]):
//! grids of one or two axes as one board, three axes as boards side by side
//! (or stacked, with `layout stacked`), `layout hexagons` as hexagons,
//! `layout intersections` as points where lines cross. A
//! merged cell is one shape per board it stands on; removed cells are left
//! out; cells with no coordinate stand in a column right of the board, unless
//! `layout CELL at COORD` places them; pools are rows of pieces with their
//! counts, Black's above the board and White's below.
//!
//! Every element a page may want to find carries stable attributes:
//!
//! - each cell of the game, once: `<g class="cell" data-cell="e4">`, with
//!   `data-merged="true"` for a cell on several coordinates and
//!   `data-free="true"` for one with none;
//! - each occupied cell, once: `<g class="piece" data-cell="e4"
//!   data-piece="P" data-side="white" data-kind="Pawn">` (`data-piece` is the
//!   piece as positions write it, `data-side` is `white`, `black` or
//!   `neutral`), with `data-counter="6"` where the kind has a counter;
//! - each pool of each side: `<g class="pool" data-pool="hand"
//!   data-side="white">`, holding one `<g class="pool-piece" data-pool="hand"
//!   data-side="white" data-piece="P" data-kind="Pawn" data-count="2">` per
//!   kind (and counter, `data-counter`) it holds;
//! - the marks: `<g class="last-move">`, `<g class="check">`, and the
//!   targets the options name, `<circle class="target" data-cell="e4">`;
//! - the `<svg>` element has `class="tessera-board"`; its `<title>` and the
//!   `<text class="caption">` say the game and the side to move.

mod geometry;
mod pieces;

use crate::engine::attack::in_check;
use crate::engine::{Move, Position};
use crate::game::{kind_of, side_of, BoardStyle, Cell, Code, Side};
use crate::plan::{pool_order, Plan};
use geometry::{Geometry, Part};
pub use pieces::base64;
use std::fmt::Write;

/// What to draw besides the position.
#[derive(Clone, Debug)]
pub struct Options {
    /// The move that led to the position, marked on the cells it left and
    /// reached.
    pub last_move: Option<Move>,
    /// The board as Black sees it: turned half a turn, White's pools on top.
    pub flipped: bool,
    /// The labels of the coordinates on the board's edges.
    pub coordinates: bool,
    /// A line below the board: the game's title and the side to move.
    pub caption: bool,
    /// Cells to mark as where a move may go (a piece's legal destinations):
    /// a dot on an empty cell, a ring round a piece.
    pub targets: Vec<Cell>,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            last_move: None,
            flipped: false,
            coordinates: true,
            caption: true,
            targets: Vec::new(),
        }
    }
}

/// Pixels per square.
const UNIT: f64 = 50.0;
/// The shades of squares and hexagons: light, middle (hexagons), dark.
const SHADES: [&str; 3] = ["#f0d9b5", "#d2ab80", "#b08058"];
/// `look board plain`: wood, with lines between the squares.
const WOOD: &str = "#f1d39a";
const WOOD_LINE: &str = "#4a3418";
/// `look board green`: the cloth of an othello board.
const GREEN: &str = "#2e8b4f";
const GREEN_LINE: &str = "#0c3a1d";
/// Merged and free cells: a blue that no shade of the board comes near.
const SPECIAL: &str = "#b9d0ea";
const SPECIAL_EDGE: &str = "#2f5d8c";
/// The last move: yellow, told from the board by lightness too.
const LAST_MOVE: &str = "#f7e03c";
/// A checked royal piece: a ring of magenta.
const CHECK: &str = "#d81b60";
const LABEL: &str = "#4a4a4a";
/// Where a move may go: a dark grey that shows on every shade.
const TARGET: &str = "#202020";

/// The shapes of every cell (in squares), how each looks, and whether it
/// stands beside the board.
struct Cells {
    parts: Vec<Vec<Part>>,
    looks: Vec<Look>,
    beside: Vec<bool>,
}

/// Where every cell is drawn: on the boards of the plan, or beside them.
fn cells(
    game: &crate::Game,
    plan: Option<&Plan<'_>>,
    geometry: Option<&Geometry<'_, '_>>,
) -> Cells {
    let n = game.cell_count();
    let mut cells = Cells {
        parts: vec![Vec::new(); n],
        looks: vec![Look::Special; n],
        beside: vec![false; n],
    };
    let mut free = Vec::new();
    for c in 0..n as Cell {
        match (plan, geometry) {
            (Some(plan), Some(geo)) if plan.draws(c) => {
                let places = plan.places(c);
                cells.parts[c as usize] = geo.parts(&places);
                if places.len() == 1 && !game.board.cells[c as usize].coords.is_empty() {
                    cells.looks[c as usize] = if geo.intersections {
                        Look::Point
                    } else {
                        Look::Shade(geo.shade(places[0]))
                    };
                }
            }
            _ => {
                free.push(c);
                cells.beside[c as usize] = true;
            }
        }
    }
    let board = Extent::of(cells.parts.iter().flatten());
    place_free_cells(&free, &mut cells.parts, &board);
    cells
}

/// One piece alone, drawn as the board draws it, in a square picture
/// `size` pixels wide: for a legend of a game's pieces, or a chooser of
/// promotions.
///
/// # Panics
/// For the code 0 (no piece) or a code of a kind the game does not have;
/// [`Game::kind`](crate::Game::kind) looks a kind up without panicking.
pub fn piece(game: &crate::Game, code: Code, size: f64) -> String {
    let size = num(size);
    let mut out = format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" class="tessera-piece" width="{size}" height="{size}" viewBox="0 0 {UNIT} {UNIT}">"#
    );
    pieces::draw(
        &mut out,
        game,
        code,
        UNIT / 2.0,
        UNIT / 2.0,
        UNIT * 0.9,
        false,
    );
    out.push_str("</svg>");
    out
}

/// The position drawn as an SVG document.
pub fn draw(pos: &Position<'_>, options: &Options) -> String {
    let game = pos.game();
    let plan = Plan::new(game);
    let geometry = plan
        .as_ref()
        .map(|p| Geometry::new(p, &game.layout, options.flipped));
    let Cells {
        parts,
        looks,
        beside,
    } = cells(game, plan.as_ref(), geometry.as_ref());
    let extent_of_board = Extent::of(parts.iter().flatten());
    let mut extent = Extent::of(parts.iter().flatten());
    // A free cell's name is written below it.
    for (c, _) in beside.iter().enumerate().filter(|(_, b)| **b) {
        if let Some(p) = parts[c].first() {
            let (x0, _, x1, y1) = p.bounds();
            extent.add(x0, y1 + 0.45);
            extent.add(x1, y1 + 0.45);
        }
    }
    if extent.is_empty() {
        extent.add(0.0, 0.0);
        extent.add(1.0, 1.0);
    }
    let labels = match (&geometry, options.coordinates) {
        (Some(geo), true) => geo.labels(),
        _ => Vec::new(),
    };
    for (x, y, text) in &labels {
        let half = text_width(text, 0.3) / 2.0;
        extent.add(x - half.max(0.3), y - 0.3);
        extent.add(x + half.max(0.3), y + 0.3);
    }

    let mut body = String::new();
    body.push_str(r#"<g class="board">"#);
    if let Some(geo) = geometry.as_ref().filter(|g| g.intersections) {
        draw_lines(&mut body, game, geo, &extent_of_board);
    }
    for c in 0..game.cell_count() as Cell {
        let (look, beside) = (looks[c as usize], beside[c as usize]);
        draw_cell(&mut body, pos, c, &parts[c as usize], look, beside);
    }
    draw_look(&mut body, game, &parts, options.flipped);
    body.push_str("</g>");
    draw_marks(&mut body, pos, options, &parts);
    if !labels.is_empty() {
        let _ = write!(
            body,
            r#"<g class="coordinates" font-size="{}" fill="{LABEL}" text-anchor="middle">"#,
            num(UNIT * 0.3)
        );
        for (x, y, text) in &labels {
            let _ = write!(
                body,
                r#"<text x="{}" y="{}">{}</text>"#,
                num(x * UNIT),
                num((y + 0.1) * UNIT),
                xml(text)
            );
        }
        body.push_str("</g>");
    }
    draw_pools(&mut body, pos, options, &mut extent);
    for c in 0..game.cell_count() as Cell {
        draw_piece(&mut body, pos, c, &parts[c as usize], options.flipped);
    }
    draw_targets(&mut body, pos, &options.targets, &parts);
    let side = pos.side_to_move();
    let title = format!(
        "{}: {} to move{}",
        game.title,
        game.side_name(side),
        if in_check(pos, side) {
            ", in check"
        } else {
            ""
        }
    );
    if options.caption {
        let y = extent.y1 + 0.45;
        let _ = write!(
            body,
            r#"<text class="caption" x="{}" y="{}" font-size="{}" fill="{LABEL}" text-anchor="middle">{}</text>"#,
            num((extent.x0 + extent.x1) / 2.0 * UNIT),
            num(y * UNIT),
            num(UNIT * 0.32),
            xml(&title)
        );
        let half = text_width(&title, 0.32) / 2.0;
        let mid = (extent.x0 + extent.x1) / 2.0;
        extent.add(mid - half, y + 0.2);
        extent.add(mid + half, y + 0.2);
    }

    let margin = 0.2;
    let (x, y) = ((extent.x0 - margin) * UNIT, (extent.y0 - margin) * UNIT);
    let (w, h) = (
        (extent.x1 - extent.x0 + 2.0 * margin) * UNIT,
        (extent.y1 - extent.y0 + 2.0 * margin) * UNIT,
    );
    let mut s = String::new();
    let _ = write!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" class="tessera-board" viewBox="{} {} {} {}" width="{}" height="{}" font-family="DejaVu Sans, Arial, sans-serif">"#,
        num(x),
        num(y),
        num(w),
        num(h),
        num(w),
        num(h)
    );
    let _ = write!(s, "\n<title>{}</title>\n", xml(&title));
    let _ = write!(
        s,
        r##"<rect class="background" x="{}" y="{}" width="{}" height="{}" fill="#ffffff"/>"##,
        num(x),
        num(y),
        num(w),
        num(h)
    );
    s.push('\n');
    s.push_str(&body);
    s.push_str("\n</svg>\n");
    s
}

/// The box the picture covers, in squares.
struct Extent {
    x0: f64,
    y0: f64,
    x1: f64,
    y1: f64,
}

impl Extent {
    fn of<'a>(parts: impl Iterator<Item = &'a Part>) -> Extent {
        let mut e = Extent {
            x0: f64::MAX,
            y0: f64::MAX,
            x1: f64::MIN,
            y1: f64::MIN,
        };
        for p in parts {
            let (a, b, c, d) = p.bounds();
            e.add(a, b);
            e.add(c, d);
        }
        e
    }

    fn add(&mut self, x: f64, y: f64) {
        self.x0 = self.x0.min(x);
        self.y0 = self.y0.min(y);
        self.x1 = self.x1.max(x);
        self.y1 = self.y1.max(y);
    }

    fn is_empty(&self) -> bool {
        self.x0 > self.x1
    }
}

/// Places the cells the boards do not draw: in a column right of the
/// `board`, or, with no board at all, in rows of a square.
fn place_free_cells(free: &[Cell], parts: &mut [Vec<Part>], board: &Extent) {
    // A cell's name is written below it: each takes one square and a half.
    let step = 1.5;
    let (per_row, x0, y0) = if board.is_empty() {
        ((free.len() as f64).sqrt().ceil() as usize, 0.0, 0.0)
    } else {
        let tall = free.len() as f64 * step - 0.5;
        (1, board.x1 + 0.6, (board.y0 + board.y1 - tall) / 2.0)
    };
    for (i, &c) in free.iter().enumerate() {
        let (col, row) = ((i % per_row) as f64, (i / per_row) as f64);
        parts[c as usize] = vec![Part::Rect {
            x: x0 + col * step,
            y: y0 + row * step,
            w: 1.0,
            h: 1.0,
        }];
    }
}

/// How a cell is coloured.
#[derive(Clone, Copy, PartialEq)]
enum Look {
    /// A square or hexagon of the board, in one of its [`SHADES`].
    Shade(usize),
    /// A point where lines cross: unpainted, but there for a pointer.
    Point,
    /// A merged cell or one with no coordinate, named in the picture.
    Special,
}

/// A cell: its shapes as it `look`s, a special cell with its name in its
/// corner or, `beside` the board, below it.
fn draw_cell(
    out: &mut String,
    pos: &Position<'_>,
    c: Cell,
    parts: &[Part],
    look: Look,
    beside: bool,
) {
    let game = pos.game();
    let info = &game.board.cells[c as usize];
    let name = xml(&info.name);
    let _ = write!(out, r#"<g class="cell" data-cell="{name}""#);
    if info.coords.len() > 1 {
        out.push_str(r#" data-merged="true""#);
    }
    if info.coords.is_empty() {
        out.push_str(r#" data-free="true""#);
    }
    out.push('>');
    let style = match (look, game.look.board) {
        (Look::Shade(s), BoardStyle::Checkered) => format!(r#"fill="{}""#, SHADES[s]),
        (Look::Shade(_), BoardStyle::Plain) => format!(
            r#"fill="{WOOD}" stroke="{WOOD_LINE}" stroke-width="{}""#,
            num(UNIT * 0.025)
        ),
        (Look::Shade(_), BoardStyle::Green) => format!(
            r#"fill="{GREEN}" stroke="{GREEN_LINE}" stroke-width="{}""#,
            num(UNIT * 0.03)
        ),
        (Look::Point, _) => r##"fill="#000000" fill-opacity="0""##.to_string(),
        (Look::Special, _) => format!(
            r#"fill="{SPECIAL}" stroke="{SPECIAL_EDGE}" stroke-width="{}""#,
            num(UNIT * 0.05)
        ),
    };
    for p in parts {
        shape(out, p, &style, 0.0);
    }
    if beside {
        // A cell beside the board has no coordinate to tell it by: its name
        // is below it.
        if let Some(Part::Rect { x, y, w, h }) = parts.first() {
            let _ = write!(
                out,
                r#"<text x="{}" y="{}" font-size="{}" fill="{LABEL}" text-anchor="middle">{name}</text>"#,
                num((x + w / 2.0) * UNIT),
                num((y + h + 0.35) * UNIT),
                num(UNIT * 0.3)
            );
        }
    } else if look == Look::Special {
        // Nor does a merged cell, or one the layout places: its name is in
        // its corner.
        for p in parts {
            let (x, y, _, _) = p.bounds();
            let _ = write!(
                out,
                r#"<text x="{}" y="{}" font-size="{}" fill="{SPECIAL_EDGE}">{name}</text>"#,
                num((x + 0.07) * UNIT),
                num((y + 0.25) * UNIT),
                num(UNIT * 0.2)
            );
        }
    }
    out.push_str("</g>");
}

/// The lines and dots of the rule file's `look`: lines between the centres of
/// the cells they join (a palace's diagonals), a dot on each dotted cell's
/// far corner (towards the next column and row, as its side sees the board).
fn draw_look(out: &mut String, game: &crate::Game, parts: &[Vec<Part>], flipped: bool) {
    let look = &game.look;
    if look.lines.is_empty() && look.dots.is_empty() {
        return;
    }
    let _ = write!(
        out,
        r#"<g class="look" stroke="{}" fill="{}" stroke-width="{}" stroke-linecap="round">"#,
        pieces::INK,
        pieces::INK,
        num(UNIT * 0.03)
    );
    let centre = |c: Cell| parts.get(c as usize)?.first().map(Part::centre);
    for &(a, b) in &look.lines {
        if let (Some(from), Some(to)) = (centre(a), centre(b)) {
            line(out, from, to);
        }
    }
    for &c in &look.dots {
        if let Some((x, y)) = centre(c) {
            let d = if flipped { -0.5 } else { 0.5 };
            let _ = write!(
                out,
                r#"<circle cx="{}" cy="{}" r="{}" stroke="none"/>"#,
                num((x + d) * UNIT),
                num((y - d) * UNIT),
                num(UNIT * 0.07)
            );
        }
    }
    out.push_str("</g>");
}

/// Where the river of `look river` flows, across the picture: the middle
/// between the centres of the two lines it parts, as `(axis is across,
/// position)`; None without a river or with no cell on either line.
fn river(game: &crate::Game, geo: &Geometry<'_, '_>) -> Option<(bool, f64)> {
    let (axis, v) = game.look.river?;
    let on = |value: i64| {
        game.board
            .cells
            .iter()
            .flat_map(|c| &c.coords)
            .find(|k| k.get(axis) == Some(&value))
            .map(|k| geo.centre(k))
    };
    let (a, b) = (on(v)?, on(v + 1)?);
    // The rows' centres differ in y: the river runs across the picture.
    if (a.1 - b.1).abs() > (a.0 - b.0).abs() {
        Some((true, (a.1 + b.1) / 2.0))
    } else {
        Some((false, (a.0 + b.0) / 2.0))
    }
}

/// A board of intersections: a board-coloured ground and the lines between
/// neighbouring cells, broken by the river but for the board's edges.
fn draw_lines(out: &mut String, game: &crate::Game, geo: &Geometry<'_, '_>, board: &Extent) {
    let river = river(game, geo);
    let lines = geo.lines();
    // The outermost lines, which cross the river.
    let ends = lines.iter().flat_map(|&(a, b)| [a, b]);
    let (left, right) = ends
        .clone()
        .fold((f64::MAX, f64::MIN), |(l, r), (x, _)| (l.min(x), r.max(x)));
    let (top, bottom) = ends.fold((f64::MAX, f64::MIN), |(t, b), (_, y)| (t.min(y), b.max(y)));
    // The ground stops short of the coordinates' labels.
    let inset = 0.08;
    let board = Extent {
        x0: board.x0 + inset,
        y0: board.y0 + inset,
        x1: board.x1 - inset,
        y1: board.y1 - inset,
    };
    let _ = write!(
        out,
        r#"<rect x="{}" y="{}" width="{}" height="{}" fill="{}"/><g stroke="{}" stroke-width="{}" stroke-linecap="round">"#,
        num(board.x0 * UNIT),
        num(board.y0 * UNIT),
        num((board.x1 - board.x0) * UNIT),
        num((board.y1 - board.y0) * UNIT),
        SHADES[0],
        pieces::INK,
        num(UNIT * 0.03)
    );
    for ((x0, y0), (x1, y1)) in lines {
        let crosses = match river {
            Some((true, ry)) => {
                (y0.min(y1) < ry && ry < y0.max(y1))
                    && (x0 - left).abs() > 0.01
                    && (x0 - right).abs() > 0.01
            }
            Some((false, rx)) => {
                (x0.min(x1) < rx && rx < x0.max(x1))
                    && (y0 - top).abs() > 0.01
                    && (y0 - bottom).abs() > 0.01
            }
            None => false,
        };
        if crosses {
            continue;
        }
        line(out, (x0, y0), (x1, y1));
    }
    out.push_str("</g>");
}

/// One shape, shrunk by `inset` squares on every side.
fn shape(out: &mut String, part: &Part, style: &str, inset: f64) {
    match *part {
        Part::Rect { x, y, w, h } => {
            let _ = write!(
                out,
                r#"<rect x="{}" y="{}" width="{}" height="{}" {style}/>"#,
                num((x + inset) * UNIT),
                num((y + inset) * UNIT),
                num((w - 2.0 * inset) * UNIT),
                num((h - 2.0 * inset) * UNIT)
            );
        }
        Part::Hex { cx, cy } => {
            let points: Vec<String> = Part::hex_corners(cx, cy)
                .iter()
                .map(|(x, y)| {
                    let (x, y) = (cx + (x - cx) * (1.0 - inset), cy + (y - cy) * (1.0 - inset));
                    format!("{},{}", num(x * UNIT), num(y * UNIT))
                })
                .collect();
            let _ = write!(out, r#"<polygon points="{}" {style}/>"#, points.join(" "));
        }
        Part::Point { cx, cy } => {
            let _ = write!(
                out,
                r#"<circle cx="{}" cy="{}" r="{}" {style}/>"#,
                num(cx * UNIT),
                num(cy * UNIT),
                num((0.42 - inset) * UNIT)
            );
        }
    }
}

/// The last move's cells, and the checked royal pieces of the side to move.
fn draw_marks(out: &mut String, pos: &Position<'_>, options: &Options, parts: &[Vec<Part>]) {
    if let Some(mv) = options.last_move {
        let cells = crate::plan::moved_cells(&mv);
        out.push_str(r#"<g class="last-move">"#);
        let style = format!(r#"fill="{LAST_MOVE}" fill-opacity="0.55""#);
        for c in cells.into_iter().filter(|&c| (c as usize) < parts.len()) {
            for p in &parts[c as usize] {
                shape(out, p, &style, 0.0);
            }
        }
        out.push_str("</g>");
    }
    let checked = crate::plan::checked_royals(pos);
    if !checked.is_empty() {
        out.push_str(r#"<g class="check">"#);
        for c in checked {
            for p in &parts[c as usize] {
                let (x, y) = p.centre();
                let _ = write!(
                    out,
                    r#"<circle cx="{}" cy="{}" r="{}" fill="{CHECK}" fill-opacity="0.3" stroke="{CHECK}" stroke-width="{}"/>"#,
                    num(x * UNIT),
                    num(y * UNIT),
                    num(UNIT * 0.44),
                    num(UNIT * 0.07)
                );
            }
        }
        out.push_str("</g>");
    }
}

/// The `targets` of the options, over the pieces; a pointer passes through
/// them to the cell or piece below.
fn draw_targets(out: &mut String, pos: &Position<'_>, targets: &[Cell], parts: &[Vec<Part>]) {
    if targets.is_empty() {
        return;
    }
    let _ = write!(
        out,
        r#"<g class="targets" pointer-events="none" fill="{TARGET}" stroke="{TARGET}" fill-opacity="0.45" stroke-opacity="0.45">"#
    );
    for &c in targets.iter().filter(|&&c| (c as usize) < parts.len()) {
        let name = xml(pos.game().cell_name(c));
        for p in &parts[c as usize] {
            let (x, y) = p.centre();
            let (r, style) = if pos.at(c) == 0 {
                (0.15, String::new())
            } else {
                (
                    0.45,
                    format!(r#" fill="none" stroke-width="{}""#, num(UNIT * 0.07)),
                )
            };
            let _ = write!(
                out,
                r#"<circle class="target" data-cell="{name}" cx="{}" cy="{}" r="{}"{style}/>"#,
                num(x * UNIT),
                num(y * UNIT),
                num(r * UNIT)
            );
        }
    }
    out.push_str("</g>");
}

fn side_name(game: &crate::Game, code: Code) -> &'static str {
    if game.pieces[kind_of(code) as usize].neutral {
        "neutral"
    } else {
        side_of(code).name()
    }
}

/// The attributes that name a piece: `data-piece`, `data-side`, `data-kind`.
fn piece_attributes(game: &crate::Game, code: Code) -> String {
    format!(
        r#"data-piece="{}" data-side="{}" data-kind="{}""#,
        xml(&game.piece_text(code)),
        side_name(game, code),
        xml(&game.pieces[kind_of(code) as usize].name)
    )
}

/// Whether a piece is drawn turned half a turn: its owner sits at the top.
fn turned(code: Code, flipped: bool) -> bool {
    (side_of(code) == Side::Black) != flipped
}

fn draw_piece(out: &mut String, pos: &Position<'_>, c: Cell, parts: &[Part], flipped: bool) {
    let code = pos.at(c);
    if code == 0 {
        return;
    }
    let turned = turned(code, flipped);
    let game = pos.game();
    let _ = write!(
        out,
        r#"<g class="piece" data-cell="{}" {}"#,
        xml(game.cell_name(c)),
        piece_attributes(game, code)
    );
    let counter = game.pieces[kind_of(code) as usize].counter.is_some();
    if counter {
        let _ = write!(out, r#" data-counter="{}""#, pos.state(c));
    }
    out.push('>');
    for p in parts {
        let (x, y) = p.centre();
        pieces::draw(out, game, code, x * UNIT, y * UNIT, UNIT * 0.9, turned);
        if counter {
            badge(out, x + 0.3, y + 0.3, &pos.state(c).to_string());
        }
    }
    out.push_str("</g>");
}

/// A small number in a circle at `(x, y)` (in squares): a counter or a count.
fn badge(out: &mut String, x: f64, y: f64, text: &str) {
    let _ = write!(
        out,
        r#"<circle cx="{}" cy="{}" r="{}" fill="{}" stroke="{}" stroke-width="1.5"/><text x="{}" y="{}" font-size="{}" font-weight="bold" text-anchor="middle" fill="{}">{}</text>"#,
        num(x * UNIT),
        num(y * UNIT),
        num(UNIT * 0.17),
        pieces::PAPER,
        pieces::INK,
        num(x * UNIT),
        num((y + 0.08) * UNIT),
        num(UNIT * 0.22),
        pieces::INK,
        xml(text)
    );
}

/// Each side's pools as rows of pieces with their counts: the side on top of
/// the board (Black, or White when flipped) above it.
fn draw_pools(out: &mut String, pos: &Position<'_>, options: &Options, extent: &mut Extent) {
    let game = pos.game();
    if game.pools.pool_names.is_empty() || extent.is_empty() {
        return;
    }
    let top = if options.flipped {
        Side::White
    } else {
        Side::Black
    };
    let per_row = ((extent.x1 - extent.x0).floor() as usize).max(4);
    let x0 = extent.x0;
    // Rows are laid out from the board outwards, so the rows above are drawn
    // in the reverse of their order from the top.
    let mut y_above = extent.y0 - 0.15;
    let mut y_below = extent.y1 + 0.15;
    let mut above = pool_order(game, true);
    above.reverse();
    let rows = above.into_iter().map(|p| (p, top, true)).chain(
        pool_order(game, false)
            .into_iter()
            .map(|p| (p, top.opposite(), false)),
    );
    for (p, side, is_above) in rows {
        // The pool's pieces, each kind and counter once, with its count.
        let mut entries: Vec<((Code, u8), usize)> = Vec::new();
        for &item in pos.pool(p, side) {
            match entries.last_mut() {
                Some((last, n)) if *last == item => *n += 1,
                _ => entries.push((item, 1)),
            }
        }
        let lines = entries.len().div_ceil(per_row).max(1) as f64;
        let tall = 0.35 + 0.9 * lines;
        let y = if is_above {
            y_above -= tall + 0.1;
            y_above + 0.1
        } else {
            y_below += tall + 0.1;
            y_below - tall
        };
        extent.add(x0, y);
        extent.add(x0 + per_row as f64, y + tall);
        let name = xml(&game.pools.pool_names[p]);
        let _ = write!(
            out,
            r##"<g class="pool" data-pool="{name}" data-side="{}"><rect x="{}" y="{}" width="{}" height="{}" rx="{}" fill="#eeeeee" stroke="#b0b0b0"/><text x="{}" y="{}" font-size="{}" fill="{LABEL}">{} {name}</text>"##,
            side.name(),
            num(x0 * UNIT),
            num(y * UNIT),
            num(per_row as f64 * UNIT),
            num(tall * UNIT),
            num(UNIT * 0.08),
            num((x0 + 0.1) * UNIT),
            num((y + 0.28) * UNIT),
            num(UNIT * 0.24),
            xml(game.side_name(side))
        );
        for (i, ((code, state), count)) in entries.iter().enumerate() {
            let (cx, cy) = (
                x0 + (i % per_row) as f64 + 0.5,
                y + 0.35 + 0.9 * (i / per_row) as f64 + 0.45,
            );
            let _ = write!(
                out,
                r#"<g class="pool-piece" data-pool="{name}" {} data-count="{count}""#,
                piece_attributes(game, *code)
            );
            let counter = game.pieces[kind_of(*code) as usize].counter.is_some();
            if counter {
                let _ = write!(out, r#" data-counter="{state}""#);
            }
            out.push('>');
            pieces::draw(
                out,
                game,
                *code,
                cx * UNIT,
                cy * UNIT,
                UNIT * 0.8,
                turned(*code, options.flipped),
            );
            if counter {
                badge(out, cx + 0.3, cy - 0.3, &state.to_string());
            }
            if *count > 1 {
                badge(out, cx + 0.3, cy + 0.3, &count.to_string());
            }
            out.push_str("</g>");
        }
        out.push_str("</g>");
    }
}

/// About the width of `text` written `size` squares high, so that the
/// picture makes room for it.
fn text_width(text: &str, size: f64) -> f64 {
    text.chars().count() as f64 * size * 0.58
}

/// A number for an attribute: at most two decimals, no trailing zeros.
fn num(v: f64) -> String {
    let s = format!("{v:.2}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" {
        "0".to_string()
    } else {
        s.to_string()
    }
}

/// Text escaped for XML content and attribute values.
fn xml(text: &str) -> String {
    let mut s = String::with_capacity(text.len());
    for ch in text.chars() {
        match ch {
            '&' => s.push_str("&amp;"),
            '<' => s.push_str("&lt;"),
            '>' => s.push_str("&gt;"),
            '"' => s.push_str("&quot;"),
            '\'' => s.push_str("&apos;"),
            _ => s.push(ch),
        }
    }
    s
}

/// A line between two points given in cells (`UNIT`s).
fn line(out: &mut String, (x0, y0): (f64, f64), (x1, y1): (f64, f64)) {
    let _ = write!(
        out,
        r#"<line x1="{}" y1="{}" x2="{}" y2="{}"/>"#,
        num(x0 * UNIT),
        num(y0 * UNIT),
        num(x1 * UNIT),
        num(y1 * UNIT)
    );
}
