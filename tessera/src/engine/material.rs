//! Whether a side has too little material to win, as Fairy-Stockfish judges
//! it (`has_insufficient_material`, which pyffish and pychess-variants ask):
//! a heuristic over the pieces on the board, said here over what the rule
//! file gives them (movement, promotion, where they may stand) and over the
//! game's goals, never over a game's name.
//!
//! Each kind falls into one class, derived from its movement:
//! - the royal kinds that checkmate is about, which cannot mate;
//! - kinds that mate with their king's help: a capturing rider along both
//!   senses of a line (the rook, the queen, the archbishop), or a piece
//!   that captures on at least five of the eight cells around it (the
//!   silver and gold generals, the commoner);
//! - colour-bound kinds, whose every move keeps the colour of the cell (the
//!   bishop, the fers, the alfil): they mate only with bishops on both
//!   colours or with other pieces;
//! - the others (the knight, the wazir, the cannon), which need a second
//!   piece, of either side, to mate.
//!
//! A kind whose movement this reading cannot follow (a path, a slide after
//! a first leg, a board without two axes) counts as able to mate, as
//! Fairy-Stockfish counts every piece it does not know.

use super::position::Position;
use crate::game::{CellSet, Game, Kind, Leg, Modality, Outcome, Reach, Side};

/// What a kind's movement allows, for judging material.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Class {
    /// It mates with its king's help.
    Mating,
    /// Every move keeps the colour of its cell.
    ColourBound,
    /// It needs a second piece to mate.
    Helped,
}

/// The geometry of a kind's movement on the first two axes.
#[derive(Default)]
struct Shape {
    /// Every displacement a move may make (for a slide, one step of it).
    vectors: Vec<(i64, i64)>,
    /// The neighbouring cells (one step along each axis at most) it may
    /// capture on, as displacements.
    near: Vec<(i64, i64)>,
    /// The directions it captures along as a rider of unlimited reach.
    rides: Vec<(i64, i64)>,
    /// Whether some movement could not be read as displacements.
    unknown: bool,
}

/// The most displacements a movement of several legs is expanded into.
const MAX_VECTORS: usize = 512;

impl Position<'_> {
    /// Whether `side` has too little material to win, as Fairy-Stockfish
    /// judges it: never in a game whose captures go to a hand, with pieces in
    /// `side`'s hands, with an extinction goal (but on royal pieces), a
    /// repetition that does not draw or a piece of `side` that a goal asks
    /// to reach a zone; otherwise by the pieces on the board, their
    /// movement and promotion (see the module's documentation), and whether
    /// stalemate draws.
    ///
    /// It is a heuristic, like Fairy-Stockfish's: it never says that a side
    /// with mating material has too little, but may say it has enough where
    /// no mate can be forced.
    ///
    /// # Examples
    /// ```
    /// use tessera::Side;
    /// let game = tessera::compile_str(include_str!("../../../games/chess.game")).unwrap();
    /// let pos = tessera::Position::from_fen(&game, "k7/n7/8/8/8/8/8/K7 w - - 0 1").unwrap();
    /// assert!(pos.has_insufficient_material(Side::White));
    /// assert!(pos.has_insufficient_material(Side::Black));
    /// let pos = tessera::Position::from_fen(&game, "k7/p7/8/8/8/8/8/K7 w - - 0 1").unwrap();
    /// assert!(!pos.has_insufficient_material(Side::Black));
    /// ```
    pub fn has_insufficient_material(&self, side: Side) -> bool {
        let game = self.game();
        if other_ways_to_win(self, side) {
            return false;
        }
        let royal = royal_mask(game);
        let pseudo_royal = extinct_royals(game);
        let kings = royal & !pseudo_royal;
        let shapes: Vec<Shape> = (0..game.pieces.len())
            .map(|k| shape(game, k as Kind, royal))
            .collect();
        let classes: Vec<Class> = shapes.iter().map(classify).collect();
        let enemy_king_region = kings_region(game, side.opposite(), kings);
        // The kinds of `side` that cannot help: its kings, those that never
        // stand where the enemy king may, and royal pieces that the
        // explosion of their own captures would take (they never capture
        // next to the enemy king).
        let blasts = game.rules.explosion.is_some();
        let restricted_kind = |k: usize| {
            kings >> k & 1 == 1
                || !region(game, side, k as Kind, royal).intersects(&enemy_king_region)
                || blasts && pseudo_royal >> k & 1 == 1
        };
        let promoting_pieces: Vec<Kind> = self
            .pieces()
            .filter(|(_, p)| p.side == side && promotes(game, p.kind))
            .map(|(_, p)| p.kind)
            .collect();
        let mut restricted_kinds: u128 = 0;
        let mut colour_bound_kinds: u128 = 0;
        for (k, &class) in classes.iter().enumerate() {
            if game.pieces[k].neutral {
                continue;
            }
            if restricted_kind(k) {
                restricted_kinds |= 1 << k;
            } else if class == Class::Mating {
                let on_board = self
                    .pieces()
                    .any(|(_, p)| p.side == side && p.kind as usize == k);
                let promoted_to = promoting_pieces.iter().any(|&p| {
                    game.pieces[p as usize]
                        .promotion_targets()
                        .any(|t| t as usize == k)
                });
                if on_board || promoted_to {
                    return false;
                }
            } else if class == Class::ColourBound {
                colour_bound_kinds |= 1 << k;
            }
        }
        // The pieces on the board, each as: restricted (every side's kings,
        // and `side`'s restricted kinds), colour-bound (either side's), or
        // unbound; and the colours of the colour-bound ones.
        let (mut own_bound, mut own_unbound, mut unbound, mut helpers) = (false, false, 0, 0);
        let mut colours = [false; 2];
        for (cell, piece) in self.pieces() {
            let k = piece.kind as usize;
            if game.pieces[k].neutral {
                continue;
            }
            let is_restricted =
                kings >> k & 1 == 1 || piece.side == side && restricted_kinds >> k & 1 == 1;
            if is_restricted {
                continue;
            }
            helpers += 1;
            if colour_bound_kinds >> k & 1 == 1 {
                own_bound |= piece.side == side;
                if let Some(colour) = colour(game, cell) {
                    colours[colour] = true;
                }
            } else {
                unbound += 1;
                own_unbound |= piece.side == side;
            }
        }
        // Where stalemate does not draw, or checks count, or the king in
        // check may only capture, a lone minor piece may still win.
        let stalemate_wins = game.goals.stalemated != Outcome::Draws
            || game.goals.check_goal.is_some()
            || game.rules.check_capture_only != 0;
        if own_bound && (colours == [true, true] || unbound > 0 || stalemate_wins) {
            return false;
        }
        if own_unbound && (helpers >= 2 || stalemate_wins) {
            return false;
        }
        // A king that does not move as a commoner can be stalemated by a lone
        // king where stalemate does not draw.
        let own_king = self
            .pieces()
            .any(|(_, p)| p.side == side && kings >> p.kind & 1 == 1);
        if game.goals.stalemated != Outcome::Draws
            && own_king
            && !kings_move_as_commoners(game, kings, &shapes)
            && kings_region(game, side, kings).intersects(&enemy_king_region)
        {
            return false;
        }
        true
    }
}

/// Whether the game gives `side` a way to win other than by mating with
/// the pieces on the board: captures that go to a hand, pieces in its
/// hands, an extinction of pieces other than royal ones (or a bare king's
/// loss, which is one of all pieces but the king), a repetition that
/// does not draw, or a piece of a kind a goal asks it to bring to a zone.
fn other_ways_to_win(pos: &Position<'_>, side: Side) -> bool {
    let game = pos.game();
    let royal = royal_mask(game);
    let extinction = game
        .goals
        .extinctions
        .iter()
        .any(|e| e.kinds.is_empty() || e.kinds.iter().any(|&g| g & !royal != 0));
    let repetition = &game.goals.record_goals;
    // A repetition that counts the material draws where it is equal, as
    // Fairy-Stockfish's repetition value is a draw that its counting rule
    // then decides.
    let repetition_decides = repetition.repetition_side.is_some()
        || matches!(
            repetition.repetition,
            Some((_, Outcome::Wins | Outcome::Loses))
        );
    let reaches = game.goals.reach_goals.iter().any(|g| {
        !game.board.zones[g.zone][side.index()].is_empty()
            && pos
                .pieces()
                .any(|(_, p)| p.side == side && g.kinds >> p.kind & 1 == 1)
    });
    game.captures_to_pool()
        || pos.hand(side).next().is_some()
        || extinction
        || game.goals.bare.is_some()
        || repetition_decides
        || reaches
}

/// The royal kinds, as a mask.
fn royal_mask(game: &Game) -> u128 {
    (0..game.pieces.len())
        .filter(|&k| game.pieces[k].royal)
        .fold(0, |m, k| m | 1 << k)
}

/// The royal kinds that an extinction goal names: losing them all loses,
/// so they are pieces to keep rather than kings to mate.
fn extinct_royals(game: &Game) -> u128 {
    let royal = royal_mask(game);
    game.goals
        .extinctions
        .iter()
        .flat_map(|e| e.kinds.iter())
        .fold(0, |m, &g| m | (g & royal))
}

/// Whether pieces of `kind` promote (on a zone, or in place).
fn promotes(game: &Game, kind: Kind) -> bool {
    let def = &game.pieces[kind as usize];
    !def.promotions.is_empty() || !def.in_place.is_empty()
}

/// Whether a movement only ever captures royal pieces: it is an attack on
/// them (the flying general), not a way to stand anywhere.
fn attacks_royals_only(m: &crate::game::Movement, royal: u128) -> bool {
    m.modality == Modality::Capture && m.capture_kinds & !royal == 0
}

/// The cells a piece of `kind` of `side` may come to stand on: from the
/// cells the setup gives the kind (every cell the zones of its movements
/// allow, for a kind the setup does not place), each move it could make on
/// an empty board, as the zones of its movements allow (the general that
/// never leaves its palace, the elephant that never crosses the river).
/// Movements of several legs, paths and hops are taken to reach every
/// cell their zones allow. Not the playability check's `arrivals`, which
/// must accept every cell play could bring a piece to and so counts a
/// capture of a royal piece (the flying general's, into the other palace)
/// as standing there; here such a capture is an attack, not a place.
fn region(game: &Game, side: Side, kind: Kind, royal: u128) -> CellSet {
    let cells = game.cell_count();
    let movements: Vec<_> = game.pieces[kind as usize]
        .movements
        .iter()
        .filter(|m| !attacks_royals_only(m, royal))
        .collect();
    let lands = |m: &crate::game::Movement, c: u16| {
        m.to_zone.is_none_or(|z| game.in_zone(z, side, c))
            && m.not_to_zone.is_none_or(|z| !game.in_zone(z, side, c))
    };
    let mut set = CellSet::new(cells);
    let piece = crate::game::code(kind, side);
    let mut todo: Vec<u16> = game
        .start
        .setup
        .iter()
        .filter(|&&(_, p)| p == piece)
        .map(|&(c, _)| c)
        .collect();
    if movements.is_empty() || todo.is_empty() {
        for c in 0..cells as u16 {
            if movements.is_empty() || movements.iter().any(|m| lands(m, c)) {
                set.insert(c);
            }
        }
        return set;
    }
    for &c in &todo {
        set.insert(c);
    }
    while let Some(from) = todo.pop() {
        for m in &movements {
            if !m.origin_allowed(game, side, from) {
                continue;
            }
            let mut reach = |to: u16, set: &mut CellSet| {
                if lands(m, to) && !set.contains(to) {
                    set.insert(to);
                    todo.push(to);
                }
            };
            match m.legs.as_slice() {
                [Leg::Step(dirs)] => {
                    for &d in dirs {
                        for &to in game.step(side, d, from) {
                            reach(to, &mut set);
                        }
                    }
                }
                [Leg::Slide(dirs, _)] => {
                    for &d in dirs {
                        let mut line = vec![from];
                        let mut seen = CellSet::new(cells);
                        while let Some(at) = line.pop() {
                            for &to in game.step(side, d, at) {
                                if !seen.contains(to) {
                                    seen.insert(to);
                                    line.push(to);
                                    reach(to, &mut set);
                                }
                            }
                        }
                    }
                }
                [Leg::Leap(tables)] => {
                    if let Some(leaps) = game.board.leaps.get(tables[side.index()]) {
                        for &to in leaps.get(from as usize) {
                            reach(to, &mut set);
                        }
                    }
                }
                _ => {
                    for to in 0..cells as u16 {
                        reach(to, &mut set);
                    }
                }
            }
        }
    }
    set
}

/// Where `side`'s kings may stand: the union of their kinds' regions, or
/// every cell where the game has no king to mate.
fn kings_region(game: &Game, side: Side, kings: u128) -> CellSet {
    let cells = game.cell_count();
    let royal = royal_mask(game);
    let mut set = CellSet::new(cells);
    let kinds: Vec<Kind> = (0..game.pieces.len() as Kind)
        .filter(|&k| kings >> k & 1 == 1)
        .collect();
    for c in 0..cells as u16 {
        if kinds.is_empty()
            || kinds
                .iter()
                .any(|&k| region(game, side, k, royal).contains(c))
        {
            set.insert(c);
        }
    }
    set
}

/// Whether every king kind moves as a commoner does: one step to each of
/// the eight cells around it, and no other way.
fn kings_move_as_commoners(game: &Game, kings: u128, shapes: &[Shape]) -> bool {
    (0..game.pieces.len()).all(|k| {
        let s = &shapes[k];
        kings >> k & 1 == 0
            || !s.unknown
                && s.near.len() == 8
                && s.rides.is_empty()
                && s.vectors.iter().all(|&(x, y)| x.abs() <= 1 && y.abs() <= 1)
    })
}

/// The colour of a cell on a board of two axes or more (0 or 1, as the
/// sum of its first two coordinates); `None` for a cell without them.
fn colour(game: &Game, cell: u16) -> Option<usize> {
    match game.board.cells[cell as usize].coords.first()?.as_slice() {
        [x, y, ..] => Some((x + y).rem_euclid(2) as usize),
        _ => None,
    }
}

/// A kind's class, from the shape of its movement.
fn classify(s: &Shape) -> Class {
    if s.unknown {
        return Class::Mating;
    }
    if !s.vectors.is_empty() && s.vectors.iter().all(|&(x, y)| (x + y) % 2 == 0) {
        return Class::ColourBound;
    }
    let rides_both_ways = s.rides.iter().any(|&(x, y)| s.rides.contains(&(-x, -y)));
    if rides_both_ways || s.near.len() >= 5 {
        Class::Mating
    } else {
        Class::Helped
    }
}

/// The shape of `kind`'s movement, as White moves it.
fn shape(game: &Game, kind: Kind, royal: u128) -> Shape {
    let mut s = Shape::default();
    for m in &game.pieces[kind as usize].movements {
        if attacks_royals_only(m, royal) {
            continue;
        }
        let captures = m.modality.may_capture();
        let Some(displacements) = displacements(game, &m.legs) else {
            s.unknown = true;
            continue;
        };
        for (v, rides) in displacements {
            add(&mut s.vectors, v);
            if captures {
                if v.0.abs() <= 1 && v.1.abs() <= 1 {
                    add(&mut s.near, v);
                }
                if rides {
                    add(&mut s.rides, v);
                }
            }
        }
    }
    s
}

/// The displacements of a movement's legs, each with whether it repeats
/// without limit (a slide's step); `None` where the legs cannot be read so.
fn displacements(game: &Game, legs: &[Leg]) -> Option<Vec<((i64, i64), bool)>> {
    if let [leg] = legs {
        return match leg {
            Leg::Step(dirs) => dirs_vectors(game, dirs, false),
            Leg::Slide(dirs, reach) => dirs_vectors(game, dirs, *reach == Reach::Steps(u32::MAX)),
            // A hop's captures need a screen: it moves along its lines but
            // does not capture along them as a rider does.
            Leg::Hop(dirs, _) => dirs_vectors(game, dirs, false),
            Leg::Leap([table, _]) => Some(leap_vectors(game, *table).map(|v| (v, false)).collect()),
            Leg::Path(..) => None,
        };
    }
    // Several legs of single steps and leaps: every sum of one of each.
    let mut sums = vec![(0i64, 0i64)];
    for leg in legs {
        let parts: Vec<(i64, i64)> = match leg {
            Leg::Step(dirs) => dirs_vectors(game, dirs, false)?
                .into_iter()
                .map(|(v, _)| v)
                .collect(),
            Leg::Leap([table, _]) => leap_vectors(game, *table).collect(),
            _ => return None,
        };
        let mut next = Vec::new();
        for &(x, y) in &sums {
            for &(a, b) in &parts {
                add(&mut next, (x + a, y + b));
            }
        }
        if next.len() > MAX_VECTORS {
            return None;
        }
        sums = next;
    }
    Some(sums.into_iter().map(|v| (v, false)).collect())
}

/// The vectors of directions, each with `rides`.
fn dirs_vectors(game: &Game, dirs: &[u8], rides: bool) -> Option<Vec<((i64, i64), bool)>> {
    dirs.iter()
        .map(|&d| game.direction_vector(d).map(|v| (v, rides)))
        .collect()
}

/// The distinct displacements of a leap table, over every cell.
fn leap_vectors(game: &Game, table: usize) -> impl Iterator<Item = (i64, i64)> {
    let mut found = Vec::new();
    let cells = &game.board.cells;
    if let Some(leaps) = game.board.leaps.get(table) {
        for from in 0..leaps.keys() {
            let Some([x, y, ..]) = cells[from].coords.first().map(Vec::as_slice) else {
                continue;
            };
            for &to in leaps.get(from) {
                if let Some([a, b, ..]) = cells[to as usize].coords.first().map(Vec::as_slice) {
                    add(&mut found, (a - x, b - y));
                }
            }
        }
    }
    found.into_iter()
}

/// Adds `v` to `list` unless it is there.
fn add(list: &mut Vec<(i64, i64)>, v: (i64, i64)) {
    if !list.contains(&v) {
        list.push(v);
    }
}
