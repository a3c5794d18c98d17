//! The evaluation: what a position is worth to the side to move, from the
//! rule file alone.
//!
//! A piece is worth its kind's `value` (in points, a pawn of chess being 1);
//! a kind without one is valued by its mobility on an empty board, so that a
//! fairy piece nobody priced still counts for something. Pieces in pools
//! count like pieces on the board. On top of material, each piece gets a
//! bonus per cell, computed once per game: its mobility from that cell on an
//! empty board (central cells are better for most pieces), and, for kinds
//! that promote or that a goal wants in a zone, how near the cell is to that
//! zone by the piece's own moves. A royal piece's mobility bonus depends
//! on the phase, measured by the material left against the start's: it counts
//! against centralisation while the board is full and for it as it empties.

use crate::engine::movegen::piece_moves;
use crate::engine::Position;
use crate::game::{code, kind_of, Game, Kind, Side};

/// Centipawns per point of `value`.
const POINT: i32 = 100;

/// Per game, what the evaluation needs.
pub struct Evaluator {
    /// Per kind, its worth in centipawns (royal pieces: 0; the goals judge
    /// them).
    pub worth: Vec<i32>,
    /// Per side, kind and cell: the bonus for a piece standing there.
    bonus: [Vec<i32>; 2],
    cells: usize,
    /// -1 where a side wins by losing every piece (antichess), so that
    /// material counts against its owner; else 1.
    sign: i32,
    /// Per kind, whether it is royal: its mobility bonus depends on the
    /// phase.
    royal: Vec<bool>,
    /// Per side, kind and cell of a royal kind: its mobility bonus, which
    /// the phase weighs (its nearness to zones is in `bonus`, unweighed).
    centre: [Vec<i32>; 2],
    /// The material of both sides at the start, royal pieces aside: the
    /// measure of how far the game has gone (0 where the start is empty).
    start_material: i32,
}

impl Evaluator {
    /// An evaluator for positions of `game`.
    pub fn new(game: &Game) -> Evaluator {
        let cells = game.cell_count();
        let kinds = game.pieces.len();
        let mut mobility = [vec![0u32; kinds * cells], vec![0u32; kinds * cells]];
        let mut moves = Vec::new();
        for side in [Side::White, Side::Black] {
            for kind in 0..kinds as Kind {
                if game.pieces[kind as usize].neutral {
                    continue;
                }
                let mut pos = Position::empty(game, side);
                for c in 0..cells as u16 {
                    pos.put(c, code(kind, side));
                    moves.clear();
                    piece_moves(&pos, c, &mut moves);
                    mobility[side.index()][kind as usize * cells + c as usize] = moves.len() as u32;
                    pos.take(c);
                }
            }
        }
        let worth: Vec<i32> = (0..kinds)
            .map(|k| {
                let p = &game.pieces[k];
                if p.royal || p.neutral {
                    0
                } else if p.value != 0 {
                    (p.value as i32).saturating_mul(POINT)
                } else {
                    let row = &mobility[0][k * cells..(k + 1) * cells];
                    let avg = row.iter().sum::<u32>() as i32 / cells.max(1) as i32;
                    50 + 40 * avg
                }
            })
            .collect();
        let royal: Vec<bool> = game.pieces.iter().map(|p| p.royal).collect();
        let mut bonus = [vec![0i32; kinds * cells], vec![0i32; kinds * cells]];
        let mut centre = [vec![0i32; kinds * cells], vec![0i32; kinds * cells]];
        for side in [Side::White, Side::Black] {
            for kind in 0..kinds {
                for c in 0..cells {
                    let m = mobility[side.index()][kind * cells + c] as i32;
                    let table = if royal[kind] { &mut centre } else { &mut bonus };
                    table[side.index()][kind * cells + c] = 2 * m;
                }
                // Distances cost cells x moves per pass: only on boards of
                // a reasonable size.
                let zones = if cells <= 1024 {
                    zones_wanted(game, kind as Kind)
                } else {
                    Vec::new()
                };
                for (zone, weight) in zones {
                    let dist = distances(game, side, kind as Kind, zone);
                    for c in 0..cells {
                        if let Some(d) = dist[c] {
                            bonus[side.index()][kind * cells + c] += weight / (1 + d as i32);
                        }
                    }
                }
            }
        }
        let gives_away = game
            .goals
            .extinctions
            .iter()
            .any(|e| e.kinds.is_empty() && e.outcome == crate::game::Outcome::Wins);
        let mut evaluator = Evaluator {
            worth,
            bonus,
            cells,
            sign: if gives_away { -1 } else { 1 },
            royal,
            centre,
            start_material: 0,
        };
        evaluator.start_material = evaluator.material(&Position::start(game));
        evaluator
    }

    /// The material of both sides together, royal and neutral pieces aside.
    fn material(&self, pos: &Position<'_>) -> i32 {
        let game = pos.game();
        let mut total = 0i32;
        for side in [Side::White, Side::Black] {
            for c in pos.occupied(side).iter() {
                total = total.saturating_add(self.worth[kind_of(pos.at(c)) as usize]);
            }
            for pool in 0..game.pools.pool_names.len() {
                for &(piece, _) in pos.pool(pool, side) {
                    total = total.saturating_add(self.worth[kind_of(piece) as usize]);
                }
            }
        }
        total
    }

    /// The material of `side` less its opponent's, pieces in hand
    /// included, as [`Evaluator::evaluate`] counts it (against its owner
    /// where a side wins by losing its pieces).
    pub fn balance(&self, pos: &Position<'_>, side: Side) -> i32 {
        let game = pos.game();
        let mut total = 0i32;
        for s in [Side::White, Side::Black] {
            let mut own = 0i32;
            for c in pos.occupied(s).iter() {
                own = own.saturating_add(self.worth[kind_of(pos.at(c)) as usize]);
            }
            for pool in 0..game.pools.pool_names.len() {
                for &(piece, _) in pos.pool(pool, s) {
                    own = own.saturating_add(in_hand(self.worth[kind_of(piece) as usize]));
                }
            }
            total += if s == side { own } else { -own };
        }
        self.sign * total
    }

    /// The position's worth to the side to move, in centipawns.
    ///
    /// # Panics
    /// May panic for a position of a game other than the evaluator's.
    pub fn evaluate(&self, pos: &Position<'_>) -> i32 {
        let game = pos.game();
        let mut score = [0i32; 2];
        // Per side: the royal pieces' mobility bonuses, weighed by the phase.
        let mut royal = [0i32; 2];
        let mut material = 0i32;
        for side in [Side::White, Side::Black] {
            let s = &mut score[side.index()];
            for c in pos.occupied(side).iter() {
                let k = kind_of(pos.at(c)) as usize;
                if game.pieces[k].neutral {
                    continue;
                }
                let bonus = self.bonus[side.index()][k * self.cells + c as usize];
                if self.royal[k] {
                    royal[side.index()] += self.centre[side.index()][k * self.cells + c as usize];
                    *s += bonus;
                    continue;
                }
                material = material.saturating_add(self.worth[k]);
                *s += self.sign * self.worth[k] + bonus;
            }
            for pool in 0..game.pools.pool_names.len() {
                for &(piece, _) in pos.pool(pool, side) {
                    let w = self.worth[kind_of(piece) as usize];
                    material = material.saturating_add(w);
                    *s += self.sign * in_hand(w);
                }
            }
        }
        // The phase, from 256 with all the material of the start down to 0
        // with none: a royal piece keeps to the cells where it moves least
        // (its corner, its home) while the board is full, and comes out to
        // the centre as it empties.
        if self.start_material > 0 {
            let opening = (material.clamp(0, self.start_material) as i64 * 256
                / self.start_material as i64) as i32;
            for side in [Side::White, Side::Black] {
                let i = side.index();
                score[i] += royal[i] * (256 - 2 * opening) / 256;
            }
        } else {
            for side in [Side::White, Side::Black] {
                score[side.index()] += royal[side.index()];
            }
        }
        let me = pos.side_to_move();
        score[me.index()] - score[me.opposite().index()]
    }

    /// The smallest worth of a kind that counts (a pawn, where the game has
    /// one), at least 10: the unit of the search's margins.
    pub fn pawn(&self) -> i32 {
        self.worth
            .iter()
            .copied()
            .filter(|&w| w > 0)
            .min()
            .unwrap_or(POINT)
            .max(10)
    }

    /// Whether winning material helps the side that wins it (not so where a
    /// side wins by losing its pieces).
    pub fn material_helps(&self) -> bool {
        self.sign > 0
    }

    /// The worth of the piece `piece` (a code), for ordering captures.
    ///
    /// # Panics
    /// For a code of a kind the game does not have.
    pub fn piece_worth(&self, piece: u8) -> i32 {
        if piece == 0 {
            0
        } else {
            self.worth[kind_of(piece) as usize]
        }
    }
}

/// The worth of a piece in hand, of worth `w` on the board: it may go
/// anywhere, so a little more.
fn in_hand(w: i32) -> i32 {
    w.saturating_mul(11) / 10
}

/// The zones a kind is drawn to, with how much reaching them is worth:
/// promotion zones (the best promotion's gain) and zones of `reaches` goals.
fn zones_wanted(game: &Game, kind: Kind) -> Vec<(usize, i32)> {
    let piece = &game.pieces[kind as usize];
    let mut out = Vec::new();
    for p in &piece.promotions {
        let best = p
            .targets
            .iter()
            .map(|&t| {
                let v = game.pieces[t as usize].value as i32;
                v.saturating_mul(POINT)
            })
            .max()
            .unwrap_or(0);
        let gain = (best - (piece.value as i32).saturating_mul(POINT)).clamp(0, 20 * POINT);
        out.push((p.zone, gain / 8));
    }
    for g in &game.goals.reach_goals {
        if g.kinds & 1u128 << kind != 0 {
            out.push((g.zone, 8 * POINT));
        }
    }
    out
}

/// Per cell, how many moves a lone piece of `kind` of `side` needs to reach
/// the zone on an empty board, if it can.
fn distances(game: &Game, side: Side, kind: Kind, zone: usize) -> Vec<Option<u32>> {
    let cells = game.cell_count();
    // Backwards from the zone: a cell is one move further than a cell its
    // piece reaches in one move. Computed forwards per cell once, then
    // relaxed, which is simple and fine for boards of a few hundred cells.
    let mut next: Vec<Vec<u16>> = vec![Vec::new(); cells];
    let mut pos = Position::empty(game, side);
    let mut moves = Vec::new();
    for c in 0..cells as u16 {
        pos.put(c, code(kind, side));
        moves.clear();
        piece_moves(&pos, c, &mut moves);
        next[c as usize] = moves.iter().filter(|m| m.to != c).map(|m| m.to).collect();
        pos.take(c);
    }
    let mut dist: Vec<Option<u32>> = (0..cells as u16)
        .map(|c| game.in_zone(zone, side, c).then_some(0))
        .collect();
    // Bellman-Ford style relaxation, bounded by the board size.
    for _ in 0..cells.min(64) {
        let mut changed = false;
        for c in 0..cells {
            let best = next[c]
                .iter()
                .filter_map(|&t| dist.get(t as usize).copied().flatten())
                .min();
            if let Some(b) = best {
                if dist[c].is_none_or(|d| d > b + 1) {
                    dist[c] = Some(b + 1);
                    changed = true;
                }
            }
        }
        if !changed {
            break;
        }
    }
    dist
}
