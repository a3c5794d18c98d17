//! Betza moves to the long form's legs: each move's jumps become steps, leaps,
//! slides and hops along vectors, grouped into as few movements as the legs
//! allow, so `betza "N"` compiles to `leap (1, 2)` and `betza "nN"` to the four
//! movements of the xiangqi horse.

use super::parse::{BetzaError, LegMods, Move};
use indexmap::IndexMap;

/// A jump on a board of two axes: (file, rank), rank forward for White.
pub type Vector = (i64, i64);

/// One leg of a concrete path.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum LegOut {
    /// One step along a vector of a declared (or added) direction.
    Step(Vector),
    /// A jump by an offset, ignoring the cells between.
    Leap(Vector),
    /// Repeated steps along a vector: at most this many, 0 without limit.
    Slide(Vector, u32),
    /// Over the first piece along a vector; `Some(1)` lands just beyond it.
    Hop(Vector, Option<u32>),
}

impl LegOut {
    /// The vector it goes along.
    pub fn vector(&self) -> Vector {
        match self {
            LegOut::Step(v) | LegOut::Leap(v) | LegOut::Slide(v, _) | LegOut::Hop(v, _) => *v,
        }
    }

    /// The same kind of leg along another vector.
    pub fn along(&self, v: Vector) -> LegOut {
        match self {
            LegOut::Step(_) => LegOut::Step(v),
            LegOut::Leap(_) => LegOut::Leap(v),
            LegOut::Slide(_, r) => LegOut::Slide(v, *r),
            LegOut::Hop(_, r) => LegOut::Hop(v, *r),
        }
    }
}

/// What a movement may do besides its legs.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Flags {
    pub quiet: bool,
    pub capture: bool,
    pub first: bool,
    pub takes_en_passant: bool,
    /// Made of a lame leap's steps: a quiet one sets en passant where the piece
    /// also takes en passant.
    pub lame: bool,
}

/// One movement of the long form: fixed legs, then a last leg along any of
/// several vectors.
#[derive(Clone, Debug)]
pub struct Group {
    pub prefix: Vec<LegOut>,
    /// The last leg, along the first of `last`.
    pub kind: LegOut,
    pub last: Vec<Vector>,
    pub flags: Flags,
}

/// What expanding some moves costs, counted without building a path.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Size {
    /// At most how many movements they give: one per path of all the legs
    /// but the last, whose vectors one movement lists.
    pub movements: u128,
    /// At most how many legs the paths built on the way hold, each partial
    /// path counted at each leg it is built to (saturating).
    pub legs: u128,
}

/// The size of `moves`' expansion: each leg multiplies the paths by the
/// turns its direction letters allow, so it is known from the letters alone.
pub fn size(moves: &[Move]) -> Size {
    let mut total = Size::default();
    for m in moves {
        for &part in m.parts {
            let mut paths = absolute(part, &m.legs[0].dirs).len() as u128;
            // A lame leg is up to three steps; a leg of a leaper or a rider one.
            let width = |l: &LegMods| if l.lame.is_some() { 3 } else { 1 };
            let mut legs = width(&m.legs[0]);
            let mut before_last = if m.legs.len() == 1 { paths } else { 0 };
            total.legs = total.legs.saturating_add(paths.saturating_mul(legs));
            for (i, leg) in m.legs.iter().enumerate().skip(1) {
                if i == m.legs.len() - 1 {
                    before_last = paths;
                }
                paths = paths.saturating_mul(relative(&leg.dirs).len() as u128);
                legs = legs.saturating_add(width(leg));
                total.legs = total.legs.saturating_add(paths.saturating_mul(legs));
            }
            total.movements = total.movements.saturating_add(before_last);
        }
    }
    total
}

/// The movements of `moves`, grouped. Each move has passed [`check`].
pub fn groups(moves: &[Move]) -> Vec<Group> {
    let mut out: IndexMap<(Vec<LegOut>, LegOut, Flags), Vec<Vector>> = IndexMap::new();
    for m in moves {
        for path in paths(m) {
            let (last, prefix) = path.legs.split_last().expect("a path has a leg");
            let v = last.vector();
            let key = (prefix.to_vec(), last.along((0, 0)), path.flags.clone());
            let list = out.entry(key).or_default();
            if !list.contains(&v) {
                list.push(v);
            }
        }
    }
    out.into_iter()
        .map(|((prefix, kind, flags), last)| Group {
            prefix,
            kind: kind.along(last[0]),
            last,
            flags,
        })
        .collect()
}

/// A path: one leg after another, each along one vector.
struct Path {
    legs: Vec<LegOut>,
    flags: Flags,
}

/// The compass, counterclockwise from east: continuation legs turn along it.
const COMPASS: [Vector; 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];

fn paths(m: &Move) -> Vec<Path> {
    let last = m.legs.last().expect("a move has a leg");
    let flags = Flags {
        quiet: last.quiet.is_some() && last.capture.is_none(),
        capture: last.capture.is_some() && last.quiet.is_none(),
        first: m.first,
        takes_en_passant: m.en_passant.is_some(),
        lame: m.legs.iter().any(|l| l.lame.is_some()) && m.range == 1,
    };
    let mut out = Vec::new();
    for &part in m.parts {
        // Every path so far, as its legs and the vector of its last jump.
        let mut partial: Vec<(Vec<LegOut>, Vector)> = Vec::new();
        for (i, leg) in m.legs.iter().enumerate() {
            let slides = m.range != 1 || m.legs[..i].iter().any(|l| l.then_slides);
            let range = if m.range != 1 { m.range } else { 0 };
            let next: Vec<(Vec<LegOut>, Vector)> = if i == 0 {
                absolute(part, &leg.dirs)
                    .into_iter()
                    .map(|v| (Vec::new(), v))
                    .collect()
            } else {
                let turns = relative(&leg.dirs);
                let mut next = Vec::new();
                for (legs, v) in &partial {
                    for &k in &turns {
                        next.push((legs.clone(), rotate(*v, k)));
                    }
                }
                next
            };
            partial = next
                .into_iter()
                .map(|(mut legs, v)| {
                    legs.extend(leg_of(v, leg, slides, range));
                    (legs, v)
                })
                .collect();
        }
        out.extend(partial.into_iter().map(|(legs, _)| Path {
            legs,
            flags: flags.clone(),
        }));
    }
    out
}

/// The legs one jump along `v` becomes.
fn leg_of(v: Vector, mods: &LegMods, slides: bool, range: u32) -> Vec<LegOut> {
    let unit = (v.0.signum(), v.1.signum());
    if let Some((hop, _)) = &mods.hop {
        let beyond = if *hop == 'g' { Some(1) } else { None };
        return vec![LegOut::Hop(v, beyond)];
    }
    if slides {
        return vec![LegOut::Slide(v, range)];
    }
    if mods.lame.is_some() {
        // Fairy-Stockfish's path: along the longer side while it is longer,
        // then diagonally (the knight and the janggi elephant, `nZ`: first
        // the orthogonal step).
        let mut at = (0, 0);
        let mut steps = Vec::new();
        while at != v {
            let rest: Vector = (v.0 - at.0, v.1 - at.1);
            let step = match (rest.0.abs() - rest.1.abs()).signum() {
                1 => (rest.0.signum(), 0),
                -1 => (0, rest.1.signum()),
                _ => (rest.0.signum(), rest.1.signum()),
            };
            steps.push(LegOut::Step(step));
            at = (at.0 + step.0, at.1 + step.1);
        }
        return steps;
    }
    if v == unit {
        vec![LegOut::Step(v)]
    } else {
        vec![LegOut::Leap(v)]
    }
}

/// What the long form cannot say, found before any leg is built.
pub fn check(m: &Move) -> Result<(), BetzaError> {
    let oblique = m.parts.iter().any(|&(a, b)| b != 0 && a != b);
    let (last, before) = m.legs.split_last().expect("a move has a leg");
    for leg in before {
        if let Some(at) = &leg.capture {
            return Err(BetzaError {
                at: at.clone(),
                message: "`c` on a leg before the last (a capture on the way, as locusts do) \
                          is not supported"
                    .into(),
            });
        }
        if let Some((c, at)) = &leg.hop {
            return Err(BetzaError {
                at: at.clone(),
                message: format!("`{c}` on a leg before the last is not supported"),
            });
        }
    }
    if m.legs.len() > 1 && oblique {
        return Err(BetzaError {
            at: m.at.clone(),
            message: format!(
                "continuation legs (`a`) need an orthogonal or diagonal atom; `{}` is oblique",
                m.letter
            ),
        });
    }
    if let Some((c, at)) = &last.hop {
        if m.range == 1 {
            return Err(BetzaError {
                at: at.clone(),
                message: format!(
                    "`{c}` hops along a line: it needs a rider (R, B, Q or a doubled atom), not the leaper `{}`",
                    m.letter
                ),
            });
        }
        if m.range != 0 {
            return Err(BetzaError {
                at: at.clone(),
                message: format!(
                    "`{c}` with a range: a hop goes along the whole line to its screen; drop the number"
                ),
            });
        }
        if m.legs.len() > 1 {
            return Err(BetzaError {
                at: at.clone(),
                message: format!("`{c}` after continuation legs is not supported"),
            });
        }
    }
    for leg in &m.legs {
        if let Some(at) = &leg.lame {
            // Fairy-Stockfish's lame leaps reach at most three cells away.
            if m.parts.iter().any(|&(a, b)| a.max(b) > 3) {
                return Err(BetzaError {
                    at: at.clone(),
                    message: format!(
                        "`n` on `{}`: a lame leap reaches at most three cells away",
                        m.letter
                    ),
                });
            }
            if m.range != 1 && m.parts.iter().any(|&(a, _)| a > 1) {
                return Err(BetzaError {
                    at: at.clone(),
                    message: format!(
                        "`n` on the rider `{}` (a lame rider) is not supported",
                        m.letter
                    ),
                });
            }
        }
    }
    if let Some(at) = &m.en_passant {
        if last.quiet.is_some() && last.capture.is_none() {
            return Err(BetzaError {
                at: at.clone(),
                message: "`e` takes en passant, a capture; this move is `m`, which never captures"
                    .into(),
            });
        }
    }
    Ok(())
}

/// Every image of the jump `(a, b)` that the direction tokens select, seen from
/// White; all of them without tokens.
pub fn absolute(part: (i64, i64), dirs: &[(String, std::ops::Range<usize>)]) -> Vec<Vector> {
    let all = images(part);
    if dirs.is_empty() {
        return all;
    }
    all.into_iter()
        .filter(|&v| dirs.iter().any(|(t, _)| selects(part, t, v)))
        .collect()
}

/// Every image of `(a, b)`: 4 for orthogonal and diagonal jumps, else 8.
pub fn images((a, b): (i64, i64)) -> Vec<Vector> {
    let mut out = Vec::new();
    for v in [
        (b, a),
        (-b, a),
        (a, b),
        (-a, b),
        (a, -b),
        (-a, -b),
        (b, -a),
        (-b, -a),
        (0, a),
        (a, 0),
        (0, -a),
        (-a, 0),
    ] {
        let fits = if b == 0 {
            v.0 == 0 || v.1 == 0
        } else {
            v.0 != 0 && v.1 != 0
        };
        if fits && !out.contains(&v) {
            out.push(v);
        }
    }
    out
}

/// Whether one letter's set holds `v`: `f`, `b`, `v` by the rank's sign, `l`,
/// `r`, `s` by the file's.
fn letter_holds(letter: char, (x, y): Vector) -> bool {
    match letter {
        'f' => y > 0,
        'b' => y < 0,
        'v' => y != 0,
        'l' => x < 0,
        'r' => x > 0,
        's' => x != 0,
        _ => false,
    }
}

/// Whether the token `t` selects the image `v` of the jump `(a, b)`.
///
/// On an orthogonal jump each letter is one direction (`fs` is forward and
/// both sides); on a diagonal one a letter is a pair and two letters are their
/// common diagonal; on an oblique jump (Fairy-Stockfish's and XBetza's reading)
/// a single letter is the pair of moves most in its direction (`f` the two
/// narrow forward knight moves, `s` the four wide ones), a vertical letter then
/// a horizontal one selects wide moves (`fr` is (2, 1)), and a horizontal letter
/// then a vertical one narrow moves (`rf` is (1, 2)).
pub fn selects((a, b): (i64, i64), t: &str, v: Vector) -> bool {
    let letters: Vec<char> = t.chars().collect();
    let (x, y) = v;
    if b == 0 {
        return letters.iter().any(|&c| {
            let wanted = match c {
                'f' | 'b' | 'v' => x == 0,
                _ => y == 0,
            };
            wanted && letter_holds(c, v)
        });
    }
    if a == b {
        return letters.iter().all(|&c| letter_holds(c, v));
    }
    let narrow = y.abs() > x.abs();
    match letters[..] {
        [c] => {
            let vertical = VERTICAL.contains(c);
            narrow == vertical && letter_holds(c, v)
        }
        [c, d] if c == d => selects((a, b), &c.to_string(), v),
        [c, d] => {
            let vertical_first = VERTICAL.contains(c);
            narrow != vertical_first && letter_holds(c, v) && letter_holds(d, v)
        }
        _ => false,
    }
}

const VERTICAL: &str = "fbv";

/// The turns, in eighths of a circle counterclockwise, that relative direction
/// tokens select for a continuation leg: `f` straight on, `s` a right angle
/// either way, `fs` half of one, `b` back; all eight without tokens.
fn relative(dirs: &[(String, std::ops::Range<usize>)]) -> Vec<u8> {
    if dirs.is_empty() {
        return (0..8).collect();
    }
    let mut out = Vec::new();
    for (t, _) in dirs {
        let letters: Vec<char> = t.chars().collect();
        let single = |c: char| -> Vec<u8> {
            match c {
                'f' => vec![0],
                'b' => vec![4],
                'l' => vec![2],
                'r' => vec![6],
                's' => vec![2, 6],
                _ => vec![0, 4],
            }
        };
        let turns = match letters[..] {
            [c] => single(c),
            [c, d] if c == d => single(c),
            [c, d] => {
                let (v, h) = if VERTICAL.contains(c) { (c, d) } else { (d, c) };
                let mut turns = Vec::new();
                for fwd in single(v) {
                    for side in single(h) {
                        // Halfway between the vertical and the side turn.
                        turns.push(match (fwd, side) {
                            (0, 2) => 1,
                            (0, _) => 7,
                            (_, 2) => 3,
                            _ => 5,
                        });
                    }
                }
                turns
            }
            _ => Vec::new(),
        };
        for k in turns {
            if !out.contains(&k) {
                out.push(k);
            }
        }
    }
    out
}

/// `v` turned by `k` eighths of a circle counterclockwise, keeping its length
/// in steps: an orthogonal jump turned by an eighth becomes a diagonal one
/// (W and F, D and A, H and G change into each other).
fn rotate(v: Vector, k: u8) -> Vector {
    let n = v.0.abs().max(v.1.abs());
    let (x, y) = COMPASS[(compass_point(v) + k as usize) % 8];
    (x * n, y * n)
}

/// Where a straight (orthogonal or diagonal) vector points on the compass.
pub fn compass_point(v: Vector) -> usize {
    let unit = (v.0.signum(), v.1.signum());
    COMPASS
        .iter()
        .position(|&c| c == unit)
        .expect("a straight vector")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sel(part: (i64, i64), t: &str) -> Vec<Vector> {
        absolute(part, &[(t.to_string(), 0..t.len())])
    }

    #[test]
    fn oblique_tokens_follow_fairy_stockfish() {
        assert_eq!(sel((2, 1), "ff"), [(1, 2), (-1, 2)]);
        assert_eq!(sel((2, 1), "f"), [(1, 2), (-1, 2)]);
        assert_eq!(sel((2, 1), "fs"), [(2, 1), (-2, 1)]);
        assert_eq!(sel((2, 1), "fr"), [(2, 1)]);
        assert_eq!(sel((2, 1), "rf"), [(1, 2)]);
        assert_eq!(sel((2, 1), "s").len(), 4);
        assert_eq!(sel((2, 1), "rv"), [(1, 2), (1, -2)]);
    }

    #[test]
    fn orthogonal_tokens_join_and_diagonal_tokens_meet() {
        assert_eq!(sel((1, 0), "fs"), [(0, 1), (1, 0), (-1, 0)]);
        assert_eq!(sel((1, 1), "fr"), [(1, 1)]);
        assert_eq!(sel((1, 1), "f"), [(1, 1), (-1, 1)]);
        assert_eq!(sel((1, 1), "l"), [(-1, 1), (-1, -1)]);
    }

    #[test]
    fn the_size_counted_from_the_letters_bounds_what_is_built() {
        let texts = [
            "W",
            "K",
            "aW",
            "aaW",
            "aaK",
            "mafsW",
            "FyafsF",
            "nN",
            "fmWfceFifmnD",
            "QaaW",
            "nDaF",
        ];
        for text in texts {
            let moves = super::super::parse::parse(text).unwrap();
            let counted = size(&moves);
            let built: Vec<Path> = moves.iter().flat_map(paths).collect();
            let legs: usize = built.iter().map(|p| p.legs.len()).sum();
            assert!(groups(&moves).len() as u128 <= counted.movements, "{text}");
            assert!(legs as u128 <= counted.legs, "{text}");
        }
        let aaw = super::super::parse::parse("aaW").unwrap();
        assert_eq!(size(&aaw).movements, 4 * 8);
        assert_eq!(groups(&aaw).len(), 4 * 8);
        // Ten legs: counted, never built.
        let long = super::super::parse::parse("aaaaaaaaaaW").unwrap();
        assert_eq!(size(&long).movements, 4 << 27);
    }

    #[test]
    fn turning_by_an_eighth_swaps_orthogonal_and_diagonal() {
        assert_eq!(rotate((0, 1), 1), (-1, 1));
        assert_eq!(rotate((2, 2), 7), (2, 0));
        assert_eq!(rotate((1, 0), 4), (-1, 0));
    }
}
