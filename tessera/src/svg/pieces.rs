//! The image of one piece: a drawn chess piece for the six orthodox letters,
//! a disc with the piece's letter for every other piece.
//!
//! The rule is by letter, not by movement: a kind lettered K, Q, R, B, N or P
//! is drawn as that chess piece (so xiangqi's elephant, lettered B, is drawn
//! as a bishop), and a promoted form (`+P`) as a disc with its mark. White
//! pieces are white with a dark outline and Black's solid dark with light
//! details, the same on every square, so side is told by lightness, never by
//! hue. The pieces are drawn shapes rather than font glyphs: the glyphs of
//! common fonts cut holes into the black pieces, through which a light square
//! makes a black king look like a white one.

use super::{num, xml};
use crate::game::{kind_of, side_of, Code, Game, Mark, Side};
use std::fmt::Write;

/// The dark of Black's pieces and of outlines.
pub const INK: &str = "#1b1b1b";
/// The light of White's pieces.
pub const PAPER: &str = "#fdfdfb";
/// A neutral piece (the duck): a yellow no side uses.
const NEUTRAL: &str = "#f3c623";

/// One piece of a drawing, in a box of 40 by 40.
enum Prim {
    Path(&'static str),
    Circle(f64, f64, f64),
}

/// A chess piece: its body, filled in the side's colour, and its details,
/// lines drawn in the other colour.
struct Drawing {
    body: &'static [Prim],
    details: &'static [&'static str],
}

/// The base every piece stands on.
const BASE: Prim = Prim::Path("M9,32 h22 v4.5 h-22 z");

const PAWN: Drawing = Drawing {
    body: &[
        Prim::Path("M12.5,32 C12.5,25 15.5,21 18,19.5 h4 C24.5,21 27.5,25 27.5,32 z"),
        Prim::Path("M15,19.5 h10 v2.5 h-10 z"),
        Prim::Circle(20.0, 13.0, 5.5),
        BASE,
    ],
    details: &[],
};

const ROOK: Drawing = Drawing {
    body: &[
        Prim::Path("M12.5,32 L14,17 h12 L27.5,32 z"),
        Prim::Path("M10.5,7 h4 v3.5 h3.5 v-3.5 h4 v3.5 h3.5 v-3.5 h4 v10 h-19 z"),
        BASE,
    ],
    details: &["M13.5,17 h13", "M12.8,28.5 h14.4"],
};

const BISHOP: Drawing = Drawing {
    body: &[
        Prim::Path("M20,6.5 C27,11.5 28.5,18.5 24.5,23.5 h-9 C11.5,18.5 13,11.5 20,6.5 z"),
        Prim::Circle(20.0, 5.0, 2.6),
        Prim::Path("M14.5,23.5 h11 v3 h-11 z"),
        Prim::Path("M15.5,26.5 h9 L28,32 h-16 z"),
        BASE,
    ],
    details: &["M22.5,11 L17.5,18", "M15.5,23.5 h9"],
};

const KNIGHT: Drawing = Drawing {
    body: &[
        Prim::Path(
            "M12,32 C12.5,26 15.5,24 17.5,20.5 C15,21 13,22.5 11.5,23.5 C9.5,23 8.5,21.5 9,20              C11,15.5 14,11.5 18,9.5 L19,5.5 L22,8.5 C27.5,10.5 30,17 29,32 z",
        ),
        BASE,
    ],
    details: &["M17,13.5 h1.5", "M11.2,20.6 L12.5,20"],
};

const QUEEN: Drawing = Drawing {
    body: &[
        Prim::Path(
            "M11,31 L7.5,13 L13,21.5 L14,10 L18,20 L20,8 L22,20 L26,10 L27,21.5 L32.5,13 L29,31 z",
        ),
        Prim::Circle(7.5, 11.5, 2.2),
        Prim::Circle(14.0, 8.5, 2.2),
        Prim::Circle(20.0, 6.5, 2.2),
        Prim::Circle(26.0, 8.5, 2.2),
        Prim::Circle(32.5, 11.5, 2.2),
        BASE,
    ],
    details: &["M11.5,27 h17"],
};

const KING: Drawing = Drawing {
    body: &[
        Prim::Path(
            "M11.5,31 C6,24 8.5,15.5 16,18.5 C17,15.5 18.5,14 20,14 C21.5,14 23,15.5 24,18.5              C31.5,15.5 34,24 28.5,31 z",
        ),
        Prim::Path("M18.7,3.5 h2.6 v3 h3 v2.6 h-3 v4 h-2.6 v-4 h-3 v-2.6 h3 z"),
        BASE,
    ],
    details: &["M20,18.5 v11", "M12,27 h16"],
};

/// The drawing of an orthodox letter.
fn drawing(letter: char) -> Option<&'static Drawing> {
    Some(match letter {
        'K' => &KING,
        'Q' => &QUEEN,
        'R' => &ROOK,
        'B' => &BISHOP,
        'N' => &KNIGHT,
        'P' => &PAWN,
        _ => return None,
    })
}

/// The chess piece a piece is drawn as, if any.
fn chess_piece(game: &Game, code: Code) -> Option<&'static Drawing> {
    let piece = &game.pieces[kind_of(code) as usize];
    if matches!(piece.mark, Mark::Promoted(_)) || piece.neutral {
        return None;
    }
    drawing(piece.letter.to_ascii_uppercase())
}

/// Draws the piece `code` centred on `(x, y)`, `size` pixels tall.
pub fn draw(out: &mut String, game: &Game, code: Code, x: f64, y: f64, size: f64) {
    let piece = &game.pieces[kind_of(code) as usize];
    let white = side_of(code) == Side::White;
    let letter = piece.letter.to_ascii_uppercase();
    if let Some(d) = chess_piece(game, code) {
        let (fill, ink) = if white { (PAPER, INK) } else { (INK, PAPER) };
        let _ = write!(
            out,
            r#"<g transform="translate({},{}) scale({})" stroke-linejoin="round" stroke-linecap="round"><g fill="{fill}" stroke="{INK}" stroke-width="1.5">"#,
            num(x - size / 2.0),
            num(y - size / 2.0),
            num(size / 40.0)
        );
        for prim in d.body {
            match prim {
                Prim::Path(p) => {
                    let _ = write!(out, r#"<path d="{p}"/>"#);
                }
                Prim::Circle(cx, cy, r) => {
                    let _ = write!(out, r#"<circle cx="{cx}" cy="{cy}" r="{r}"/>"#);
                }
            }
        }
        let _ = write!(
            out,
            r#"</g><g fill="none" stroke="{ink}" stroke-width="1.2">"#
        );
        for p in d.details {
            let _ = write!(out, r#"<path d="{p}"/>"#);
        }
        out.push_str("</g></g>");
        return;
    }
    let (fill, ink) = if piece.neutral {
        (NEUTRAL, INK)
    } else if white {
        (PAPER, INK)
    } else {
        (INK, PAPER)
    };
    let mut text = String::new();
    if let Mark::Promoted(_) = piece.mark {
        text.push('+');
    }
    text.push(letter);
    let r = size * 0.4;
    let font = if text.chars().count() > 1 {
        size * 0.36
    } else {
        size * 0.46
    };
    let _ = write!(
        out,
        r#"<circle cx="{}" cy="{}" r="{}" fill="{fill}" stroke="{INK}" stroke-width="{}"/>"#,
        num(x),
        num(y),
        num(r),
        num(size * 0.05)
    );
    if !white && !piece.neutral {
        // A light rim keeps a dark disc apart from a dark square.
        let _ = write!(
            out,
            r#"<circle cx="{}" cy="{}" r="{}" fill="none" stroke="{PAPER}" stroke-width="{}"/>"#,
            num(x),
            num(y),
            num(r - size * 0.06),
            num(size * 0.025)
        );
    }
    let _ = write!(
        out,
        r#"<text x="{}" y="{}" font-size="{}" font-weight="bold" text-anchor="middle" fill="{ink}">{}</text>"#,
        num(x),
        num(y + font * 0.36),
        num(font),
        xml(&text)
    );
}
