//! The image of one piece, as its `look` says: a drawn chess piece, a carved
//! piece of makruk, a round piece or a pointed one with its characters, a
//! plain disc, a disc with its letter, or the designer's own picture. With no `look`, a drawn chess
//! piece for the six orthodox letters, a disc with the letter for every other.
//!
//! The default is by letter, not by movement: a kind lettered K, Q, R, B, N or P
//! is drawn as that chess piece (so xiangqi's elephant, lettered B, is drawn
//! as a bishop), and a promoted form (`+P`) as a disc with its mark. White
//! pieces are white with a dark outline and Black's solid dark with light
//! details, the same on every square, so side is told by lightness, never by
//! hue. The pieces are drawn shapes rather than font glyphs: the glyphs of
//! common fonts cut holes into the black pieces, through which a light square
//! makes a black king look like a white one.

use super::{num, xml};
use crate::game::{kind_of, side_of, Code, Game, Mark, PieceLook, Side, ThaiShape};
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

/// A carved piece of makruk: its drawing; the top and bottom of its figure,
/// so that turned over (mirrored between them) it keeps its place; and the
/// details of its underside, seen only then.
struct Carved {
    drawing: Drawing,
    top: f64,
    bottom: f64,
    underside: &'static [&'static str],
}

/// The round foot the carved pieces of makruk stand on.
const FOOT: Prim = Prim::Path("M10,36.5 C10,34 11,32.5 13.5,32.5 h13 C29,32.5 30,34 30,36.5 z");

/// The khun: the tallest, an urn under a crown of three tiers and a knob.
const KHUN: Carved = Carved {
    drawing: Drawing {
        body: &[
            Prim::Path("M13,32.5 C10.5,29 11,23.5 15.5,21.5 h9 C29,23.5 29.5,29 27,32.5 z"),
            Prim::Path("M14.5,21.5 h11 v-2.5 h-11 z"),
            Prim::Path("M15,19 L16.5,15.5 h7 L25,19 z"),
            Prim::Path("M16.5,15.5 L17.8,12 h4.4 L23.5,15.5 z"),
            Prim::Path("M17.8,12 L20,5.5 L22.2,12 z"),
            Prim::Circle(20.0, 4.6, 1.5),
            FOOT,
        ],
        details: &[
            "M13.2,27.5 h13.6",
            "M15,19 h10",
            "M16.5,15.5 h7",
            "M17.8,12 h4.4",
        ],
    },
    top: 3.0,
    bottom: 36.5,
    underside: &[],
};

/// The met: smaller, a rounded crown with a knob.
const MET: Carved = Carved {
    drawing: Drawing {
        body: &[
            Prim::Path("M13.5,32.5 C11.5,29.5 12,26 15.5,24.5 h9 C28,26 28.5,29.5 26.5,32.5 z"),
            Prim::Path("M15,24.5 h10 v-2.5 h-10 z"),
            Prim::Path("M15.5,22 C15.5,17.5 17.5,15 20,13.5 C22.5,15 24.5,17.5 24.5,22 z"),
            Prim::Circle(20.0, 12.2, 1.6),
            FOOT,
        ],
        details: &["M13.6,29 h12.8", "M15.6,22 h8.8"],
    },
    top: 10.5,
    bottom: 36.5,
    underside: &[],
};

/// The khon: a tall, smooth pointed top, notched.
const KHON: Carved = Carved {
    drawing: Drawing {
        body: &[
            Prim::Path("M13.5,32.5 C11.5,29.5 12,25.5 15.5,24 h9 C28,25.5 28.5,29.5 26.5,32.5 z"),
            Prim::Path("M15,24 h10 v-2.5 h-10 z"),
            Prim::Path("M15.5,21.5 C15.5,15 18,10 20,5 C22,10 24.5,15 24.5,21.5 z"),
            FOOT,
        ],
        details: &[
            "M13.6,28.5 h12.8",
            "M15.6,21.5 h8.8",
            "M18,16.5 L20,13.5 L22,16.5",
        ],
    },
    top: 5.0,
    bottom: 36.5,
    underside: &[],
};

/// The ma: a horse's head on an arched neck, its mane in tufts.
const MA: Carved = Carved {
    drawing: Drawing {
        body: &[
            Prim::Path(
                "M13,32.5 C13.5,28.5 15,26 16,23.5 C14.5,23.5 12,23.5 10,22.8 C8,22.2 7.5,20 8.5,18.5 \
                 L13,11.5 L13.5,7 L16,10 L17.5,6.5 L19.5,9.5 C22,9.5 23.5,10.5 24.5,12 \
                 Q27.5,12.5 26.5,15.5 Q29.5,16.5 28,19.5 Q31,21.5 29,24.5 Q31,27.5 29,32.5 z",
            ),
            FOOT,
        ],
        details: &["M13.3,14.8 h1.6", "M9.9,19.8 l1,-0.5", "M21.5,12 C24,16 25,22 24.5,29"],
    },
    top: 6.5,
    bottom: 36.5,
    underside: &[],
};

/// The ruea: a boat, low and wide, its prow and stern raised.
const RUEA: Carved = Carved {
    drawing: Drawing {
        body: &[
            Prim::Path("M12.5,32.5 L13.5,24 h13 L27.5,32.5 z"),
            Prim::Path("M9.5,16 C12,19 15,19.5 20,19.5 C25,19.5 28,19 30.5,16 L29,24 h-18 z"),
            FOOT,
        ],
        details: &["M11.2,21 h17.6", "M13,28.5 h14"],
    },
    top: 16.0,
    bottom: 36.5,
    underside: &[],
};

/// The bia: a cowry shell lying on its back; turned over (the bia ngai,
/// a promoted bia), its toothed slit shows on top.
const BIA: Carved = Carved {
    drawing: Drawing {
        body: &[Prim::Path(
            "M7.5,34 C7.5,25 12.5,22 20,22 C27.5,22 32.5,25 32.5,34 z",
        )],
        details: &["M11,28.5 C15.5,26 24.5,26 29,28.5"],
    },
    top: 22.0,
    bottom: 34.0,
    underside: &[
        "M10.5,34 v-2.2",
        "M13.8,34 v-2.2",
        "M17,34 v-2.2",
        "M23,34 v-2.2",
        "M26.2,34 v-2.2",
        "M29.5,34 v-2.2",
    ],
};

/// The carved piece of a Thai shape.
fn thai(shape: ThaiShape) -> &'static Carved {
    match shape {
        ThaiShape::Khun => &KHUN,
        ThaiShape::Met => &MET,
        ThaiShape::Khon => &KHON,
        ThaiShape::Ma => &MA,
        ThaiShape::Ruea => &RUEA,
        ThaiShape::Bia => &BIA,
    }
}

/// The Thai shape a piece made by promotion is drawn as, turned over: Thai
/// players turn a promoted bia over, so a promoted copy (`, marked`), or a
/// `+X` form with no `look` of its own, of a piece that looks `thai` is
/// that piece turned over.
fn promoted_thai(game: &Game, code: Code) -> Option<ThaiShape> {
    let piece = &game.pieces[kind_of(code) as usize];
    let origin = match piece.mark {
        Mark::Copy(origin) => origin,
        Mark::Promoted(origin) if *look_of(game, code) == PieceLook::ByLetter => origin,
        _ => return None,
    };
    match game.look.pieces.get(origin as usize) {
        Some(PieceLook::Thai(shape)) => Some(*shape),
        _ => None,
    }
}

/// The chess piece a piece is drawn as, if any.
fn chess_piece(game: &Game, code: Code) -> Option<&'static Drawing> {
    let piece = &game.pieces[kind_of(code) as usize];
    match look_of(game, code) {
        PieceLook::Chess(shape) => return drawing(*shape),
        PieceLook::ByLetter => {}
        _ => return None,
    }
    if matches!(piece.mark, Mark::Promoted(_)) || piece.neutral {
        return None;
    }
    drawing(piece.letter.to_ascii_uppercase())
}

/// The `look` of the piece `code`'s kind.
fn look_of(game: &Game, code: Code) -> &PieceLook {
    const BY_LETTER: PieceLook = PieceLook::ByLetter;
    game.look
        .pieces
        .get(kind_of(code) as usize)
        .unwrap_or(&BY_LETTER)
}

/// The colour words a side's name may hold (`look sides Red Black`), and
/// the colour each paints: light and dark for White and Black as before, the
/// others in a shade that reads on wood and on a light square.
const COLOURS: &[(&str, &str)] = &[
    ("white", PAPER),
    ("black", INK),
    ("red", "#c0182a"),
    ("blue", "#1d4f9c"),
    ("green", "#1f7a3a"),
    ("yellow", "#e0b000"),
    ("purple", "#6a2c91"),
    ("orange", "#e06a00"),
];

/// The colour of `side`'s pieces: the first colour word of its name, else
/// light for White and dark for Black.
pub fn side_colour(game: &Game, side: Side) -> &'static str {
    let name = game.side_name(side).to_ascii_lowercase();
    name.split(|c: char| !c.is_ascii_alphabetic())
        .find_map(|w| COLOURS.iter().find(|(word, _)| *word == w))
        .map_or(
            match side {
                Side::White => PAPER,
                Side::Black => INK,
            },
            |(_, colour)| colour,
        )
}

/// Whether `colour` is light, so that what is drawn on it is dark.
fn light(colour: &str) -> bool {
    colour == PAPER || colour == "#e0b000"
}

/// The wood of round and pointed pieces.
const WOOD: &str = "#f3dca8";
const WOOD_EDGE: &str = "#6b4a1e";
/// The red of a pointed piece's promoted side.
const PROMOTED_INK: &str = "#c0182a";
/// Fonts that hold the characters of Chinese, Japanese and Korean pieces.
const CJK_FONTS: &str = "Noto Sans CJK SC, Noto Serif CJK JP, WenQuanYi Micro Hei, Source Han Sans, SimSun, MS Mincho, sans-serif";

/// Draws the piece `code` centred on `(x, y)`, `size` pixels tall; `turned`
/// turns a pointed piece half a turn (its owner sits at the top).
pub fn draw(out: &mut String, game: &Game, code: Code, x: f64, y: f64, size: f64, turned: bool) {
    let piece = &game.pieces[kind_of(code) as usize];
    let side = side_of(code);
    let letter = piece.letter.to_ascii_uppercase();
    let own = side_colour(game, side);
    if let Some(shape) = promoted_thai(game, code) {
        let d = thai(shape);
        return drawn(out, &d.drawing, own, (x, y), size, Some(d));
    }
    match look_of(game, code) {
        PieceLook::Thai(shape) => {
            return drawn(out, &thai(*shape).drawing, own, (x, y), size, None);
        }
        PieceLook::Round(texts) => {
            return round(out, &texts[side.index()], own, x, y, size);
        }
        PieceLook::Pointed(texts) => {
            let ink = if matches!(piece.mark, Mark::Promoted(_)) {
                PROMOTED_INK
            } else {
                INK
            };
            return pointed(out, &texts[side.index()], ink, (x, y), size, turned);
        }
        PieceLook::Disc => return disc(out, own, x, y, size),
        PieceLook::Picture { svg: Some(svg), .. } => return picture(out, svg, x, y, size),
        _ => {}
    }
    if let Some(d) = chess_piece(game, code) {
        return drawn(out, d, own, (x, y), size, None);
    }
    let (fill, ink) = if piece.neutral {
        (NEUTRAL, INK)
    } else if light(own) {
        (own, INK)
    } else {
        (own, PAPER)
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
    if !light(own) && !piece.neutral {
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

/// A drawn piece (chess, makruk) centred on `(x, y)`, filled in its side's
/// colour and outlined in ink, its details in the other colour; `turned`
/// (a carved piece) draws it turned over, with its underside.
fn drawn(
    out: &mut String,
    d: &Drawing,
    own: &str,
    (x, y): (f64, f64),
    size: f64,
    turned: Option<&Carved>,
) {
    let ink = if light(own) { INK } else { PAPER };
    let _ = write!(
        out,
        r#"<g transform="translate({},{}) scale({})" stroke-linejoin="round" stroke-linecap="round">"#,
        num(x - size / 2.0),
        num(y - size / 2.0),
        num(size / 40.0)
    );
    if let Some(c) = turned {
        let _ = write!(
            out,
            r#"<g transform="matrix(1 0 0 -1 0 {})">"#,
            num(c.top + c.bottom)
        );
    }
    let _ = write!(out, r#"<g fill="{own}" stroke="{INK}" stroke-width="1.5">"#);
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
    let underside = turned.map_or(&[][..], |c| c.underside);
    for p in d.details.iter().chain(underside) {
        let _ = write!(out, r#"<path d="{p}"/>"#);
    }
    out.push_str(if turned.is_some() {
        "</g></g></g>"
    } else {
        "</g></g>"
    });
}

/// A round piece (xiangqi, janggi): a disc of wood ringed in its side's
/// colour, its character written in that colour.
fn round(out: &mut String, text: &str, colour: &str, x: f64, y: f64, size: f64) {
    // A light side's colour would not read on wood: its piece is a light
    // disc written in dark, told from a dark side's wooden one.
    let (fill, colour) = if light(colour) {
        (colour, INK)
    } else {
        (WOOD, colour)
    };
    let r = size * 0.44;
    let chars = text.chars().count().max(1) as f64;
    let font = size * 0.5 / chars.sqrt();
    let _ = write!(
        out,
        r#"<circle cx="{x}" cy="{y}" r="{r}" fill="{fill}" stroke="{WOOD_EDGE}" stroke-width="{w}"/><circle cx="{x}" cy="{y}" r="{r2}" fill="none" stroke="{colour}" stroke-width="{w2}"/><text x="{x}" y="{ty}" font-size="{font}" font-family="{CJK_FONTS}" font-weight="bold" text-anchor="middle" fill="{colour}">{t}</text>"#,
        x = num(x),
        y = num(y),
        r = num(r),
        w = num(size * 0.04),
        r2 = num(r * 0.82),
        w2 = num(size * 0.035),
        ty = num(y + font * 0.36),
        font = num(font),
        t = xml(text)
    );
}

/// A pointed piece (shogi): a five-sided piece of wood pointing away from
/// its owner, its characters across it, read from its owner's side.
fn pointed(out: &mut String, text: &str, ink: &str, (x, y): (f64, f64), size: f64, turned: bool) {
    let s = size / 40.0;
    let angle = if turned { 180 } else { 0 };
    let chars: Vec<char> = text.chars().collect();
    let _ = write!(
        out,
        r#"<g transform="translate({},{}) rotate({angle}) scale({})"><path d="M0,-18 L11,-13 L14.5,17 L-14.5,17 L-11,-13 z" fill="{WOOD}" stroke="{WOOD_EDGE}" stroke-width="1.3" stroke-linejoin="round"/>"#,
        num(x),
        num(y),
        num(s)
    );
    // One character sits in the middle; two are written one above the other.
    let (font, lines): (f64, Vec<String>) = match chars.len() {
        0 | 1 => (17.0, vec![text.to_string()]),
        2 => (12.5, chars.iter().map(|c| c.to_string()).collect()),
        _ => (9.0, vec![text.to_string()]),
    };
    let top = if lines.len() == 2 {
        -3.5
    } else {
        3.0 + font * 0.36 - 3.0
    };
    for (i, line) in lines.iter().enumerate() {
        let _ = write!(
            out,
            r#"<text x="0" y="{}" font-size="{}" font-family="{CJK_FONTS}" text-anchor="middle" fill="{ink}">{}</text>"#,
            num(top + i as f64 * font * 1.0 + if lines.len() == 2 { 2.0 } else { 2.5 }),
            num(font),
            xml(line)
        );
    }
    out.push_str("</g>");
}

/// A plain disc in its side's colour (othello, ataxx), with a rim that keeps
/// it apart from any board.
fn disc(out: &mut String, colour: &str, x: f64, y: f64, size: f64) {
    let _ = write!(
        out,
        r#"<circle cx="{}" cy="{}" r="{}" fill="{colour}" stroke="{INK}" stroke-width="{}"/>"#,
        num(x),
        num(y),
        num(size * 0.42),
        num(size * 0.03)
    );
}

/// The designer's own picture, scaled into the piece's square; as an image
/// of its own, so that nothing in it reaches the page around it.
fn picture(out: &mut String, svg: &str, x: f64, y: f64, size: f64) {
    let _ = write!(
        out,
        r#"<image x="{}" y="{}" width="{}" height="{}" href="data:image/svg+xml;base64,{}"/>"#,
        num(x - size / 2.0),
        num(y - size / 2.0),
        num(size),
        num(size),
        base64(svg.as_bytes())
    );
}

/// `bytes` in base64 (RFC 4648, with padding).
pub fn base64(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            *chunk.get(1).unwrap_or(&0),
            *chunk.get(2).unwrap_or(&0),
        ];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(DIGITS[(n >> (18 - 6 * i) & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}
