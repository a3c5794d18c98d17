//! How Fairy-Stockfish 0.0.90 reads a custom piece's Betza notation, where it
//! parts from Tessera's reader: leaps, ranged hops, the letters it skips.

use super::*;

/// The jumps of a plain leaper's Betza move as Fairy-Stockfish's
/// `from_betza` reads its direction letters, (file, rank) as White sees them,
/// and its modality as a modifier; `None` for a rider, hopper, lame or
/// initial move.
pub(super) fn fsf_leaps(chunk: &str) -> Option<(Vec<(i32, i32)>, &'static str)> {
    const VERTICALS: &str = "fbvh";
    const HORIZONTALS: &str = "rlsh";
    let chars: Vec<char> = chunk.chars().collect();
    let mut dirs: Vec<String> = Vec::new();
    let (mut quiet, mut capture) = (false, false);
    let mut i = 0;
    let mut atom = None;
    while i < chars.len() {
        let c = chars[i];
        match c {
            'm' => quiet = true,
            'c' => capture = true,
            'p' | 'g' | 'n' | 'i' => return None,
            _ if VERTICALS.contains(c) || HORIZONTALS.contains(c) => {
                if let Some(&c2) = chars.get(i + 1) {
                    if c2 == c
                        || (VERTICALS.contains(c) && HORIZONTALS.contains(c2))
                        || (HORIZONTALS.contains(c) && VERTICALS.contains(c2))
                    {
                        dirs.push(format!("{c}{c2}"));
                        i += 2;
                        continue;
                    }
                }
                dirs.push(format!("{c}{c}"));
            }
            _ if c.is_ascii_uppercase() => {
                if i + 1 < chars.len() {
                    return None; // a rider (`NN`, `N2`)
                }
                atom = Some(c);
            }
            _ => return None,
        }
        i += 1;
    }
    let atoms: &[(i32, i32)] = match atom? {
        'W' => &[(1, 0)],
        'F' => &[(1, 1)],
        'D' => &[(2, 0)],
        'N' => &[(2, 1)],
        'A' => &[(2, 2)],
        'H' => &[(3, 0)],
        'L' | 'C' => &[(3, 1)],
        'J' | 'Z' => &[(3, 2)],
        'G' => &[(3, 3)],
        'K' => &[(1, 0), (1, 1)],
        _ => return None,
    };
    let mut out: Vec<(i32, i32)> = Vec::new();
    for &(first, second) in atoms {
        let mut ds: Vec<String> = Vec::new();
        for d in &dirs {
            let b: Vec<char> = d.chars().collect();
            if atoms.len() == 1 && second == 0 && b[0] != b[1] {
                ds.push(format!("{}{}", b[0], b[0]));
                ds.push(format!("{}{}", b[1], b[1]));
            } else {
                ds.push(d.clone());
            }
        }
        let has = |keys: &[&str]| ds.is_empty() || keys.iter().any(|k| ds.iter().any(|d| d == k));
        // FSF's eight images, each with the letters that select it.
        let images: [((i32, i32), &[&str]); 8] = [
            ((second, first), &["ff", "vv", "rf", "rv", "fh", "rh", "hr"]),
            (
                (-second, -first),
                &["bb", "vv", "lb", "lv", "bh", "lh", "hr"],
            ),
            (
                (first, -second),
                &["rr", "ss", "br", "bs", "bh", "rh", "hr"],
            ),
            (
                (-first, second),
                &["ll", "ss", "fl", "fs", "fh", "lh", "hr"],
            ),
            ((first, second), &["rr", "ss", "fr", "fs", "fh", "rh", "hl"]),
            (
                (-first, -second),
                &["ll", "ss", "bl", "bs", "bh", "lh", "hl"],
            ),
            (
                (second, -first),
                &["bb", "vv", "rb", "rv", "bh", "rh", "hl"],
            ),
            (
                (-second, first),
                &["ff", "vv", "lf", "lv", "fh", "lh", "hl"],
            ),
        ];
        for (offset, keys) in images {
            if has(keys) && !out.contains(&offset) {
                out.push(offset);
            }
        }
    }
    let modality = match (quiet, capture) {
        (true, false) => ": quiet",
        (false, true) => ": capture",
        _ => "",
    };
    Some((out, modality))
}

/// A lame knight (`n`) with FSF's `h` (`fhmnN`: the four forward jumps,
/// each blocked by the cell next to it along its longer leg, as FSF's lame
/// leapers and Tessera's `nN` block) in Tessera's Betza: one move per pair
/// of jumps that mirror each other (`ff`, `fs`, `bb`, `bs`), or `None`
/// where the jumps are not such pairs.
pub(super) fn lame_knight_halves(chunk: &str) -> Option<String> {
    if !chunk.ends_with('N') || !chunk.contains('n') || chunk.matches('N').count() != 1 {
        return None;
    }
    let (offsets, _) = fsf_leaps(&chunk.replace('n', ""))?;
    let modal: String = chunk.chars().filter(|c| "mc".contains(*c)).collect();
    let pairs = [
        ("ff", (1, 2), (-1, 2)),
        ("fs", (2, 1), (-2, 1)),
        ("bb", (1, -2), (-1, -2)),
        ("bs", (2, -1), (-2, -1)),
    ];
    let mut out = String::new();
    let mut used = 0;
    for (name, a, b) in pairs {
        match (offsets.contains(&a), offsets.contains(&b)) {
            (true, true) => {
                out.push_str(&format!("{name}{modal}nN"));
                used += 2;
            }
            (false, false) => {}
            _ => return None,
        }
    }
    (used == offsets.len() && !out.is_empty()).then_some(out)
}

/// One move of a Betza string as Fairy-Stockfish masks it: its modalities
/// (quiet, capture), and the distances it covers along orthogonal and
/// diagonal lines (`u32::MAX` for a whole line).
pub(super) struct LineCover {
    quiet: bool,
    capture: bool,
    initial: bool,
    directed: bool,
    hopper: bool,
    /// The range of a slider along its lines, `u32::MAX` without one.
    slider: Option<u32>,
    /// Distances covered along orthogonal lines and along diagonal ones.
    orth: Vec<u32>,
    diag: Vec<u32>,
}

pub(super) fn line_cover(chunk: &str) -> Option<LineCover> {
    let at = chunk.find(|c: char| c.is_ascii_uppercase())?;
    let mods = &chunk[..at];
    let atom = chunk[at..].chars().next()?;
    let tail = &chunk[at + 1..];
    let range: Option<u32> = if tail.starts_with(atom) {
        Some(0)
    } else {
        tail.chars()
            .take_while(char::is_ascii_digit)
            .collect::<String>()
            .parse()
            .ok()
    };
    let hopper = mods.contains('p') || mods.contains('g');
    let (m, c) = (mods.contains('m'), mods.contains('c'));
    let full = |n: u32| {
        if n == 0 {
            vec![u32::MAX]
        } else {
            (1..=n).collect()
        }
    };
    let (orth_line, diag_line) = match atom {
        'W' | 'R' => (true, false),
        'F' | 'B' => (false, true),
        'K' | 'Q' => (true, true),
        _ => (false, false),
    };
    let mut cover = LineCover {
        quiet: m || !c,
        capture: c || !m,
        initial: mods.contains('i'),
        directed: mods.contains(|c: char| "fbvlrsh".contains(c)),
        hopper,
        slider: None,
        orth: Vec::new(),
        diag: Vec::new(),
    };
    let reach: Vec<u32> = if hopper {
        match range {
            // FSF's grasshopper (`g`, or a range of 1) is masked by the
            // whole line.
            None | Some(0) | Some(1) => vec![u32::MAX],
            Some(n) => full(n),
        }
    } else if "RBQ".contains(atom) || (range.is_some() && "WFK".contains(atom)) {
        let n = range.unwrap_or(0);
        cover.slider = Some(if n == 0 { u32::MAX } else { n });
        full(n)
    } else {
        match atom {
            'W' | 'F' | 'K' => vec![1],
            'D' => {
                cover.orth = vec![2];
                return Some(cover);
            }
            'H' => {
                cover.orth = vec![3];
                return Some(cover);
            }
            'A' => {
                cover.diag = vec![2];
                return Some(cover);
            }
            'G' => {
                cover.diag = vec![3];
                return Some(cover);
            }
            'N' | 'C' | 'L' | 'Z' | 'J' => return Some(cover),
            _ => return None,
        }
    };
    if orth_line {
        cover.orth.clone_from(&reach);
    }
    if diag_line {
        cover.diag = reach;
    }
    Some(cover)
}

/// A hop with a range (`pR2`, `mpK2`): Fairy-Stockfish hops it like a
/// cannon (`pR`) but masks its landings by every cell the piece's moves of
/// the same modality reach along the line, so that `pR2` lands at most 2
/// steps from its start, and `mQmpK2` anywhere along the line. `None` for a
/// chunk that is no such hop; else the moves in Betza and in the long form,
/// or why they cannot be said.
pub(super) fn ranged_hop(
    chunk: &str,
    all: &[String],
) -> Option<Result<(String, Vec<String>), String>> {
    let kept: String = chunk
        .chars()
        .filter(|&c| "mcpgnie".contains(c) || "fbvlrsh".contains(c) || c.is_ascii_alphanumeric())
        .collect();
    let at = kept.find(|c: char| c.is_ascii_uppercase())?;
    let mods = &kept[..at];
    if !(mods.contains('p') || mods.contains('g')) {
        return None;
    }
    let atom = kept[at..].chars().next()?;
    let digits: String = kept[at + 1..]
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    let n: u32 = digits.parse().ok()?;
    if !"WFKRBQ".contains(atom) {
        return None;
    }
    let me = line_cover(&kept)?;
    if me.initial || mods.contains('n') || mods.contains('e') {
        return Some(Err("a hopper with a range and other modifiers".into()));
    }
    // Directions, as Tessera's directions seen by White: Fairy-Stockfish
    // turns a piece round for Black, which `mirror rank` matches only for
    // a set of directions that is its own mirror image across the files
    // (`f`, `b`, `s`, `v`, not `l` or `r`).
    let dir_mods: String = mods.chars().filter(|c| "fbvlrsh".contains(*c)).collect();
    let dirs = |orth: bool| -> Option<Vec<&'static str>> {
        let mut out = Vec::new();
        for c in dir_mods.chars() {
            let more: &[&str] = match (c, orth) {
                ('f', true) => &["n"],
                ('b', true) => &["s"],
                ('s', true) => &["e", "w"],
                ('v', true) => &["n", "s"],
                ('f', false) => &["ne", "nw"],
                ('b', false) => &["se", "sw"],
                ('s' | 'v', false) => &["ne", "nw", "se", "sw"],
                _ => return None,
            };
            for d in more {
                if !out.contains(d) {
                    out.push(*d);
                }
            }
        }
        Some(out)
    };
    if dirs(true).is_none() {
        return Some(Err("a hopper with a range turned left or right".into()));
    }
    let line = |orth: bool| if orth { "R" } else { "B" };
    if n == 1 {
        // A grasshopper.
        let modality = mods.replace(['p', 'g'], "");
        let mut out = String::new();
        for orth in [true, false] {
            let lines = if orth { &me.orth } else { &me.diag };
            if !lines.is_empty() {
                let _ = write!(out, "{modality}g{}", line(orth));
            }
        }
        return Some(Ok((out, Vec::new())));
    }
    let mut others = Vec::new();
    for other in all {
        if other.as_str() == chunk {
            continue;
        }
        let kept: String = other
            .chars()
            .filter(|&c| {
                "mcpgnie".contains(c) || "fbvlrsh".contains(c) || c.is_ascii_alphanumeric()
            })
            .collect();
        let Some(cover) = line_cover(&kept) else {
            return Some(Err("a hopper with a range beside an unknown atom".into()));
        };
        if !cover.initial {
            others.push(cover);
        }
    }
    let mut betza_out = String::new();
    let mut lines_out = Vec::new();
    for orth in [true, false] {
        let mine = if orth { &me.orth } else { &me.diag };
        if mine.is_empty() {
            continue;
        }
        let mut caps = Vec::new();
        for quiet in [true, false] {
            if !(if quiet { me.quiet } else { me.capture }) {
                continue;
            }
            let mut covered: Vec<u32> = (1..=n).collect();
            for o in &others {
                if !(if quiet { o.quiet } else { o.capture }) {
                    continue;
                }
                let theirs = if orth { &o.orth } else { &o.diag };
                if theirs.is_empty() {
                    continue;
                }
                if o.directed {
                    return Some(Err("a hopper with a range beside directed moves".into()));
                }
                covered.extend(theirs.iter().copied());
            }
            let cap = if covered.contains(&u32::MAX) {
                u32::MAX
            } else {
                let mut k = 0;
                while covered.contains(&(k + 1)) {
                    k += 1;
                }
                if covered.iter().any(|&d| d > k) {
                    return Some(Err("a hopper with a range masked by a gap".into()));
                }
                k
            };
            // A shorter slider of the same modality along the line would be
            // masked as far as the hop reaches.
            for o in &others {
                let theirs = if orth { &o.orth } else { &o.diag };
                if (if quiet { o.quiet } else { o.capture })
                    && !o.hopper
                    && !theirs.is_empty()
                    && o.slider.is_some_and(|r| r < cap)
                {
                    return Some(Err("a hopper with a range beside a shorter slider".into()));
                }
            }
            caps.push((quiet, cap));
        }
        let same = caps.len() == 2 && caps[0].1 == caps[1].1;
        let groups: Vec<(Option<bool>, u32)> = if same || caps.len() == 1 && me.quiet && me.capture
        {
            vec![(None, caps[0].1)]
        } else {
            caps.iter().map(|&(q, c)| (Some(q), c)).collect()
        };
        for (modality, cap) in groups {
            if cap == u32::MAX {
                let m = match modality {
                    None => "",
                    Some(true) => "m",
                    Some(false) => "c",
                };
                let _ = write!(betza_out, "{dir_mods}{m}p{}", line(orth));
            } else {
                let m = match modality {
                    None => "",
                    Some(true) => "quiet, ",
                    Some(false) => "capture, ",
                };
                let dirs = match dirs(orth) {
                    Some(d) if !d.is_empty() => d.join(" "),
                    _ => (if orth { "orthogonal" } else { "diagonal" }).to_string(),
                };
                lines_out.push(format!("hop {dirs}: {m}within {cap}"));
            }
        }
    }
    Some(Ok((betza_out, lines_out)))
}

/// How Fairy-Stockfish 0.0.90 (pyffish) reads one move of a custom piece's
/// Betza notation.
pub(super) enum Reading {
    /// These moves, in the Betza Tessera reads the same way.
    Moves(String),
    /// No move at all.
    Nothing,
    /// A reading the importer does not work out.
    Unsure,
}

/// Fairy-Stockfish 0.0.90 skips the letters it does not know (XBetza's
/// `a`, `y`, `o`, `j`: `mafsW` is its `mfsW`); it rides only the atoms
/// `W`, `F`, `N` and `K` (`DD`, `A2` give no move), hops only along lines
/// (`pW` is `pR`, `gF` is `gB`; `pN` gives no move), and reads `n` only on
/// a leaper with a middle cell (`nW` gives no move, nor do `nC`, `nG`
/// and `nH`; `nNN` is `NN`).
pub(super) fn fsf_reading(chunk: &str) -> Reading {
    let known = |c: char| {
        "mcpgnie".contains(c)
            || "fbvlrsh".contains(c)
            || "WFDNAHCLZJGKRBQ".contains(c)
            || c.is_ascii_digit()
    };
    // FSF's older letters `L` (the camel) and `J` (the zebra) are
    // Tessera's `C` and `Z`.
    let kept: String = chunk
        .chars()
        .filter(|&c| known(c))
        .map(|c| match c {
            'L' => 'C',
            'J' => 'Z',
            c => c,
        })
        .collect();
    let Some(at) = kept.find(|c: char| c.is_ascii_uppercase()) else {
        return Reading::Nothing;
    };
    let atom = kept[at..].chars().next().unwrap_or('W');
    let tail = &kept[at + 1..];
    let doubled = tail.starts_with(atom);
    let ranged = tail.starts_with(|c: char| c.is_ascii_digit());
    let slider = "RBQ".contains(atom);
    let rider = doubled || ranged;
    let mods = &kept[..at];
    if rider && !slider && !"WFNK".contains(atom) {
        return Reading::Nothing;
    }
    if mods.contains('p') || mods.contains('g') {
        if slider {
            return Reading::Moves(kept);
        }
        let line = match atom {
            'W' => 'R',
            'F' => 'B',
            'K' => 'Q',
            _ => return Reading::Nothing,
        };
        if ranged {
            return Reading::Unsure;
        }
        return Reading::Moves(format!("{mods}{line}"));
    }
    if mods.contains('n') {
        if rider || slider {
            let plain: String = mods.chars().filter(|&c| c != 'n').collect();
            return Reading::Moves(format!("{plain}{}", &kept[at..]));
        }
        // pyffish 0.0.90 gives a lame `W`, `F`, `K`, camel (`C`, `L`),
        // `G` or `H` no move either (`nC` of elgam's cannon-like piece).
        if "WFKCGH".contains(atom) {
            return Reading::Nothing;
        }
    }
    Reading::Moves(kept)
}

/// Splits Betza notation into its moves: modifiers, then an atom (doubled or
/// with a range).
pub(super) fn betza_chunks(betza: &str) -> Vec<String> {
    let mut chunks = Vec::new();
    let mut current = String::new();
    let chars: Vec<char> = betza.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        current.push(c);
        i += 1;
        if c.is_ascii_uppercase() {
            while i < chars.len() && (chars[i].is_ascii_digit() || chars[i] == c) {
                current.push(chars[i]);
                i += 1;
            }
            chunks.push(std::mem::take(&mut current));
        }
    }
    if !current.is_empty() {
        chunks.push(current);
    }
    chunks
}
