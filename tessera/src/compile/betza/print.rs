//! A piece's movements in Betza's notation, for square boards (XBoard's
//! `piece` command speaks it), or why they have none.
//!
//! The movements are unfolded into paths (one vector per leg), the paths are
//! grouped back into Betza moves, and the text is read again: it is printed only
//! if it unfolds into the very same paths.

use super::expand::{self, Flags, LegOut, Vector};
use super::parse;
use crate::compile::symmetry::Symmetry;
use crate::syntax::ast::{self, Images, Leg, Limit, Modifier};
use indexmap::{IndexMap, IndexSet};
use std::collections::HashMap;

/// Why a piece has no Betza form.
pub type NoForm = String;

/// The Betza form of `piece`, a piece of `file` (after `betza` strings were
/// expanded).
pub fn piece(file: &ast::File, piece: &ast::PieceDecl) -> Result<String, NoForm> {
    if file.axes.len() != 2 {
        return Err(format!("the board has {} axes, not two", file.axes.len()));
    }
    if !file.cells.is_empty() || !file.links.is_empty() {
        return Err("the board is not a plain grid (it has named cells or links)".into());
    }
    let vectors = direction_vectors(file);
    // Each path with its flags; `lame` stands for "sets en passant" here.
    let mut paths: IndexSet<(Vec<LegOut>, Flags)> = IndexSet::new();
    for m in &piece.movements {
        let (flags, sets) = flags(m)?;
        for legs in unfold(m, &vectors)? {
            paths.insert((
                legs,
                Flags {
                    lame: sets,
                    ..flags.clone()
                },
            ));
        }
    }
    if paths.is_empty() {
        return Ok(String::new());
    }
    let symmetric = paths.iter().all(|(legs, f)| {
        let flipped = legs.iter().map(|l| l.along((l.vector().0, -l.vector().1)));
        paths.contains(&(flipped.collect(), f.clone()))
    });
    let second = &file.axes[1].name.text;
    let mirrors_rank = file.mirror.len() == 1 && file.mirror[0].text == *second;
    if !symmetric && !mirrors_rank {
        return Err(format!(
            "its moves have a forward, but Black does not see the board with `{second}` mirrored"
        ));
    }
    let text = write(&paths)?;
    let back = reread(&text)?;
    // As `expand` decides: a quiet lame leap of a piece that takes en passant sets it.
    let takes = back.iter().any(|(_, f)| f.takes_en_passant);
    let back: IndexSet<(Vec<LegOut>, Flags)> = back
        .into_iter()
        .map(|(legs, f)| {
            let steps = legs.iter().all(|l| matches!(l, LegOut::Step(_)));
            let sets = f.lame && f.quiet && takes && steps && (2..=3).contains(&legs.len());
            (legs, Flags { lame: sets, ..f })
        })
        .collect();
    if back.len() != paths.len() || !back.iter().all(|p| paths.contains(p)) {
        return Err(format!("`{text}` would not read back as the same moves"));
    }
    Ok(text)
}

/// The vector of each direction, and of each group its directions' vectors.
fn direction_vectors(file: &ast::File) -> HashMap<String, Vec<Vector>> {
    let mut out: HashMap<String, Vec<Vector>> = HashMap::new();
    for d in &file.directions {
        if let [x, y] = d.vector[..] {
            out.entry(d.name.text.to_string())
                .or_insert_with(|| vec![(x, y)]);
        }
    }
    // A group may name a group declared before it.
    for g in &file.groups {
        let mut vs = Vec::new();
        for m in &g.members {
            for v in out.get(m.text.as_str()).cloned().unwrap_or_default() {
                if !vs.contains(&v) {
                    vs.push(v);
                }
            }
        }
        out.insert(g.name.text.to_string(), vs);
    }
    out
}

/// The flags of a movement, and whether it sets en passant; an error for what
/// Betza cannot say.
fn flags(m: &ast::Movement) -> Result<(Flags, bool), NoForm> {
    let mut f = Flags::default();
    let mut sets = false;
    for modifier in &m.modifiers {
        let what = match modifier {
            Modifier::Quiet(_) => {
                f.quiet = true;
                continue;
            }
            Modifier::Capture(_) => {
                f.capture = true;
                continue;
            }
            Modifier::First => {
                f.first = true;
                continue;
            }
            Modifier::TakesEnPassant => {
                f.takes_en_passant = true;
                continue;
            }
            Modifier::SetsEnPassant(_) => {
                sets = true;
                continue;
            }
            Modifier::From(_) | Modifier::NotFrom(_) => "`from` (a zone of origin)",
            Modifier::To(_) | Modifier::NotTo(_) => "`to` (a zone of destination)",
            Modifier::NotFirst => "`not first`",
            Modifier::NotChecking => "`not checking`",
            Modifier::NotInCheck => "`not in check`",
            Modifier::Jumping(_) => "`jumping`",
            Modifier::Capturing(..) => "`capturing` (captures of some kinds only)",
            Modifier::Over(..) => "`over` (screens of some kinds only)",
            Modifier::Within(..) => "`within` (a hop's landing near its start)",
        };
        return Err(format!("{what} has no Betza form"));
    }
    Ok((f, sets))
}

/// A leg of one vector in its plainest form: one step or jump is a step along
/// a unit vector, else a leap.
fn plain(l: LegOut) -> LegOut {
    let v = l.vector();
    let unit = v.0.abs() <= 1 && v.1.abs() <= 1;
    match l {
        LegOut::Slide(_, 1) | LegOut::Leap(_) | LegOut::Step(_) if unit => LegOut::Step(v),
        LegOut::Slide(_, 1) | LegOut::Step(_) => LegOut::Leap(v),
        other => other,
    }
}

/// Every path of a movement, one vector per leg.
fn unfold(
    m: &ast::Movement,
    vectors: &HashMap<String, Vec<Vector>>,
) -> Result<Vec<Vec<LegOut>>, NoForm> {
    let dirs = |names: &[ast::Name]| -> Result<Vec<Vector>, NoForm> {
        let mut out = Vec::new();
        for n in names {
            let vs = vectors
                .get(n.text.as_str())
                .ok_or_else(|| format!("direction `{}` has no vector of two components", n.text))?;
            out.extend(vs);
        }
        Ok(out)
    };
    let range = |limit: &Option<Limit>| -> Result<u32, NoForm> {
        match limit {
            None => Ok(0),
            Some(Limit::Steps(n)) => Ok(*n),
            Some(Limit::Counter(c)) => {
                Err(format!("a range of counter `{}` has no Betza form", c.text))
            }
        }
    };
    let mut paths: Vec<Vec<LegOut>> = vec![Vec::new()];
    for leg in &m.legs {
        let choices: Vec<LegOut> = match leg {
            Leg::Step(names) => dirs(names)?.into_iter().map(LegOut::Step).collect(),
            Leg::Slide(names, limit) => {
                let r = range(limit)?;
                dirs(names)?
                    .into_iter()
                    .map(|v| LegOut::Slide(v, r))
                    .collect()
            }
            Leg::Hop(names, limit) => {
                let beyond =
                    match limit {
                        None => None,
                        Some(Limit::Steps(1)) => Some(1),
                        _ => return Err(
                            "a hop that lands up to N cells beyond its screen has no Betza form"
                                .into(),
                        ),
                    };
                dirs(names)?
                    .into_iter()
                    .map(|v| LegOut::Hop(v, beyond))
                    .collect()
            }
            Leg::Leap(offsets, images, _) => {
                let mut out = Vec::new();
                for o in offsets {
                    let [x, y] = o[..] else {
                        return Err("a leap of more than two components".into());
                    };
                    match images {
                        Images::Listed => out.push(LegOut::Leap((x, y))),
                        Images::Symmetric => {
                            let part = (x.abs().max(y.abs()), x.abs().min(y.abs()));
                            out.extend(expand::images(part).into_iter().map(LegOut::Leap));
                        }
                        Images::Board => {
                            let mut all: Vec<Vec<i64>> = Vec::new();
                            for &(a, b) in vectors.values().flatten() {
                                if !all.contains(&vec![a, b]) {
                                    all.push(vec![a, b]);
                                }
                            }
                            all.sort_unstable();
                            let found = Symmetry::of(&all, 2)?.images(&[x, y]);
                            out.extend(found.iter().map(|v| LegOut::Leap((v[0], v[1]))));
                        }
                    }
                }
                out
            }
            Leg::Path(..) => return Err("`path` (steps turning at will) has no Betza form".into()),
        };
        let mut next = Vec::new();
        for p in &paths {
            for c in &choices {
                let mut p = p.clone();
                p.push(plain(c.clone()));
                next.push(p);
            }
        }
        paths = next;
        if paths.len() > 4096 {
            return Err("too many paths to print".into());
        }
    }
    Ok(paths)
}

/// What a Betza move says apart from its directions: grouped on this, the
/// paths' first vectors become direction letters.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Shape {
    /// The atom's jump as (larger, smaller).
    part: (i64, i64),
    range: u32,
    lame: bool,
    hop: Option<char>,
    /// For a move of two legs: whether the second slides, and how it turns.
    then: Option<(bool, Vec<u8>)>,
    flags: Flags,
}

fn part_of((x, y): Vector) -> (i64, i64) {
    (x.abs().max(y.abs()), x.abs().min(y.abs()))
}

const LETTERS: [(i64, i64, char); 9] = [
    (1, 0, 'W'),
    (1, 1, 'F'),
    (2, 0, 'D'),
    (2, 1, 'N'),
    (2, 2, 'A'),
    (3, 0, 'H'),
    (3, 1, 'C'),
    (3, 2, 'Z'),
    (3, 3, 'G'),
];

fn letter(part: (i64, i64)) -> Option<char> {
    LETTERS.iter().find(|l| (l.0, l.1) == part).map(|l| l.2)
}

/// The shape of one path and the vector of its first jump.
fn shape(legs: &[LegOut], flags: &Flags) -> Result<(Shape, Vector), NoForm> {
    let none = || format!("a movement of {} legs has no Betza form", legs.len());
    let mut s = Shape {
        part: (0, 0),
        range: 1,
        lame: false,
        hop: None,
        then: None,
        flags: Flags {
            lame: false,
            ..flags.clone()
        },
    };
    let first = match legs {
        [LegOut::Step(v)] | [LegOut::Leap(v)] => *v,
        [LegOut::Slide(v, r)] => {
            s.range = *r;
            *v
        }
        [LegOut::Hop(v, beyond)] => {
            s.range = 0;
            s.hop = Some(if beyond.is_some() { 'g' } else { 'p' });
            *v
        }
        // Lame leaps: straight steps, or the knight's step and diagonal step.
        [LegOut::Step(a), LegOut::Step(b)] if a == b => {
            s.lame = true;
            (a.0 * 2, a.1 * 2)
        }
        [LegOut::Step(a), LegOut::Step(b), LegOut::Step(c)] if a == b && b == c => {
            s.lame = true;
            (a.0 * 3, a.1 * 3)
        }
        [LegOut::Step(a), LegOut::Step(b)]
            if (a.0 == 0) != (a.1 == 0) && b.0 != 0 && b.1 != 0 && (a.0 == b.0 || a.1 == b.1) =>
        {
            s.lame = true;
            (a.0 + b.0, a.1 + b.1)
        }
        [a, b] => {
            let (va, vb) = (a.vector(), b.vector());
            let straight = |v: Vector| v.0 == 0 || v.1 == 0 || v.0.abs() == v.1.abs();
            let length = |v: Vector| v.0.abs().max(v.1.abs());
            if !straight(va) || !straight(vb) || length(va) != length(vb) {
                return Err(none());
            }
            let turn = ((expand::compass_point(vb) + 8 - expand::compass_point(va)) % 8) as u8;
            match (a, b) {
                (LegOut::Step(_) | LegOut::Leap(_), LegOut::Step(_) | LegOut::Leap(_)) => {
                    s.then = Some((false, vec![turn]));
                }
                (LegOut::Step(_) | LegOut::Leap(_), LegOut::Slide(_, 0)) => {
                    s.then = Some((true, vec![turn]));
                }
                (LegOut::Slide(_, r), LegOut::Slide(_, r2)) if r == r2 => {
                    s.range = *r;
                    s.then = Some((false, vec![turn]));
                }
                _ => return Err(none()),
            }
            va
        }
        _ => return Err(none()),
    };
    s.part = part_of(first);
    if letter(s.part).is_none() {
        return Err(format!(
            "the jump ({}, {}) has no Betza letter",
            first.0, first.1
        ));
    }
    Ok((s, first))
}

/// Groups the paths into Betza moves and writes them.
fn write(paths: &IndexSet<(Vec<LegOut>, Flags)>) -> Result<String, NoForm> {
    // For each shape without its turns: each first vector's turns.
    let mut by_shape: IndexMap<Shape, IndexMap<Vector, Vec<u8>>> = IndexMap::new();
    for (legs, flags) in paths {
        let (mut s, first) = shape(legs, flags)?;
        let turn = s.then.as_mut().map(|t| std::mem::take(&mut t.1));
        let turns = by_shape.entry(s).or_default().entry(first).or_default();
        if let Some(t) = turn {
            turns.extend(t);
        }
    }
    // Then one move per set of turns, with the first vectors that share it.
    let mut moves: Vec<(Shape, Vec<Vector>)> = Vec::new();
    for (s, firsts) in by_shape {
        let mut by_turns: IndexMap<Vec<u8>, Vec<Vector>> = IndexMap::new();
        for (v, mut turns) in firsts {
            turns.sort_unstable();
            by_turns.entry(turns).or_default().push(v);
        }
        for (turns, vs) in by_turns {
            let mut s = s.clone();
            if let Some(t) = s.then.as_mut() {
                t.1 = turns;
            }
            moves.push((s, vs));
        }
    }
    let mut out = String::new();
    let mut i = 0;
    while i < moves.len() {
        let (s, vs) = &moves[i];
        // W and F alike in everything make K, or Q when they slide.
        if let Some((t, ws)) = moves.get(i + 1) {
            let pair = s.part == (1, 0) && t.part == (1, 1);
            let alike = Shape {
                part: (1, 1),
                ..s.clone()
            } == *t;
            if pair && alike && s.then.is_none() && all_or_same(vs, ws) {
                out.push_str(&word(s, vs, if s.range == 1 { 'K' } else { 'Q' }));
                i += 2;
                continue;
            }
        }
        let atom = match (s.part, s.range) {
            ((1, 0), r) if r != 1 => 'R',
            ((1, 1), r) if r != 1 => 'B',
            (part, _) => letter(part).expect("checked in `shape`"),
        };
        out.push_str(&word(s, vs, atom));
        i += 1;
    }
    Ok(out)
}

/// Whether the W and F halves of a would-be K go every way.
fn all_or_same(ws: &[Vector], fs: &[Vector]) -> bool {
    ws.len() == 4 && fs.len() == 4
}

/// One Betza move: modifiers, directions, the atom and its range.
fn word(s: &Shape, firsts: &[Vector], atom: char) -> String {
    let mut w = String::new();
    if s.flags.first {
        w.push('i');
    }
    if s.lame {
        w.push('n');
    }
    if let Some(h) = s.hop {
        w.push(h);
    }
    let final_mods = |w: &mut String| {
        if s.flags.quiet {
            w.push('m');
        }
        if s.flags.capture {
            w.push('c');
        }
        if s.flags.takes_en_passant {
            w.push('e');
        }
    };
    let compound = matches!(atom, 'K' | 'Q');
    let dirs = if compound {
        String::new()
    } else {
        directions(s.part, firsts)
    };
    match &s.then {
        None => {
            final_mods(&mut w);
            w.push_str(&dirs);
        }
        Some((slides, turns)) => {
            w.push_str(&dirs);
            if *slides {
                w.push('y');
            }
            w.push('a');
            final_mods(&mut w);
            w.push_str(&relative(turns));
        }
    }
    w.push(atom);
    let rider = matches!(atom, 'R' | 'B' | 'Q');
    match s.range {
        1 => {}
        0 if rider => {}
        0 => w.push(atom),
        r => w.push_str(&r.to_string()),
    }
    w
}

/// Direction tokens selecting exactly `vs` among the images of `part`: none
/// when it is all of them.
fn directions(part: (i64, i64), vs: &[Vector]) -> String {
    let all = expand::images(part);
    if all.iter().all(|v| vs.contains(v)) {
        return String::new();
    }
    const TOKENS: [&str; 24] = [
        "v", "s", "f", "b", "l", "r", "fs", "bs", "rv", "lv", "ff", "bb", "ll", "rr", "fr", "fl",
        "br", "bl", "rf", "lf", "rb", "lb", "vv", "ss",
    ];
    let mut left: Vec<Vector> = vs.to_vec();
    let mut tokens: Vec<&str> = Vec::new();
    while !left.is_empty() {
        // The earliest token that covers most of what is left, and nothing else.
        let mut best: Option<(&str, usize)> = None;
        for t in TOKENS {
            let sel = expand::absolute(part, &[(t.to_string(), 0..t.len())]);
            let fits = !sel.is_empty() && sel.iter().all(|v| vs.contains(v));
            let gain = sel.iter().filter(|v| left.contains(v)).count();
            if fits && gain > best.map_or(0, |b| b.1) {
                best = Some((t, gain));
            }
        }
        let Some((t, _)) = best else { break };
        let sel = expand::absolute(part, &[(t.to_string(), 0..t.len())]);
        left.retain(|v| !sel.contains(v));
        tokens.push(t);
    }
    // A single letter before one that pairs with it is written doubled.
    let mut out = String::new();
    for (i, t) in tokens.iter().enumerate() {
        let pairs_next = t.len() == 1 && tokens.get(i + 1).is_some_and(|n| pairs(t, n));
        if pairs_next {
            out.push_str(t);
        }
        out.push_str(t);
    }
    out
}

fn pairs(t: &str, next: &str) -> bool {
    let (Some(c), Some(d)) = (t.chars().next(), next.chars().next()) else {
        return false;
    };
    let vertical = |c: char| "fbv".contains(c);
    c == d || vertical(c) != vertical(d)
}

/// Relative direction tokens for a continuation leg's turns.
fn relative(turns: &[u8]) -> String {
    const TOKENS: [(&str, &[u8]); 12] = [
        ("fs", &[1, 7]),
        ("bs", &[3, 5]),
        ("s", &[2, 6]),
        ("v", &[0, 4]),
        ("f", &[0]),
        ("b", &[4]),
        ("l", &[2]),
        ("r", &[6]),
        ("fl", &[1]),
        ("fr", &[7]),
        ("bl", &[3]),
        ("br", &[5]),
    ];
    if turns.len() == 8 {
        return String::new();
    }
    let mut left: Vec<u8> = turns.to_vec();
    let mut tokens: Vec<&str> = Vec::new();
    for (t, ks) in TOKENS {
        if ks.iter().all(|k| left.contains(k)) {
            left.retain(|k| !ks.contains(k));
            tokens.push(t);
        }
    }
    let mut out = String::new();
    for (i, t) in tokens.iter().enumerate() {
        if t.len() == 1 && tokens.get(i + 1).is_some_and(|n| pairs(t, n)) {
            out.push_str(t);
        }
        out.push_str(t);
    }
    out
}

/// The paths a printed text unfolds into.
fn reread(text: &str) -> Result<Vec<(Vec<LegOut>, Flags)>, NoForm> {
    let moves = parse::parse(text).map_err(|e| format!("`{text}`: {}", e.message))?;
    for m in &moves {
        expand::check(m).map_err(|e| format!("`{text}`: {}", e.message))?;
    }
    let groups = expand::groups(&moves);
    let mut out = Vec::new();
    for g in groups {
        for &v in &g.last {
            let mut legs: Vec<LegOut> = g.prefix.iter().cloned().map(plain).collect();
            legs.push(plain(g.kind.along(v)));
            out.push((legs, g.flags.clone()));
        }
    }
    Ok(out)
}
