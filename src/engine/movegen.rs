//! Move generation: interprets each piece's compiled movements over the board
//! tables, then filters out moves that leave a royal piece attacked.

use super::attack::in_check;
use super::moves::{Move, MoveKind, NO_CELL};
use super::position::Position;
use crate::game::{code, kind_of, Game, Kind, Leg, Movement, Side};

/// Fills `out` with the legal moves of the side to move, sorted and without
/// duplicates.
pub fn legal_moves(pos: &mut Position<'_>, out: &mut Vec<Move>) {
    out.clear();
    pseudo_legal_moves(pos, out);
    let side = pos.side_to_move();
    out.retain(|&mv| {
        let undo = pos.make(mv);
        let ok = !in_check(pos, side);
        pos.unmake(undo);
        ok
    });
}

/// Fills `out` with the pseudo-legal moves: legal but for the royal-safety rule.
pub fn pseudo_legal_moves(pos: &Position<'_>, out: &mut Vec<Move>) {
    let side = pos.side_to_move();
    for from in pos.occupied(side).iter() {
        piece_moves(pos, from, out);
    }
    castling_moves(pos, out);
}

/// Appends the pseudo-legal moves of the piece on `from` (castling aside).
pub fn piece_moves(pos: &Position<'_>, from: u16, out: &mut Vec<Move>) {
    let game = pos.game();
    let side = pos.side_to_move();
    let kind = kind_of(pos.at(from));
    let piece = &game.pieces[kind as usize];
    let start = out.len();
    for m in &piece.movements {
        Gen {
            pos,
            game,
            side,
            from,
            kind,
            m,
            out,
        }
        .movement();
    }
    if piece.may_duplicate {
        dedup_tail(out, start);
    }
}

/// Removes repeated moves from `out[start..]`: different paths to the same result
/// are one move.
fn dedup_tail(out: &mut Vec<Move>, start: usize) {
    let mut i = start;
    while i < out.len() {
        if out[start..i].contains(&out[i]) {
            out.swap_remove(i);
        } else {
            i += 1;
        }
    }
}

/// Generates the moves of one movement of one piece.
struct Gen<'a, 'g> {
    pos: &'a Position<'g>,
    game: &'g Game,
    side: Side,
    from: u16,
    kind: Kind,
    m: &'g Movement,
    out: &'a mut Vec<Move>,
}

impl Gen<'_, '_> {
    fn movement(&mut self) {
        let m = self.m;
        if m.first_only && !self.pos.is_unmoved(self.from) {
            return;
        }
        if !m.origin_allowed(self.game, self.side, self.from) {
            return;
        }
        self.leg(0, self.from, [NO_CELL; 2]);
    }

    /// A cell a path may pass: empty, the mover's own start cell, or any cell for
    /// a jumping movement.
    fn passable(&self, c: u16) -> bool {
        self.m.jumping || c == self.from || self.pos.at(c) == 0
    }

    fn leg(&mut self, i: usize, at: u16, waypoints: [u16; 2]) {
        let last = i + 1 == self.m.legs.len();
        let side = self.side;
        match &self.m.legs[i] {
            Leg::Step(dirs) => {
                for &d in dirs {
                    for &t in self.game.step(side, d, at) {
                        self.arrive(i, last, t, waypoints);
                    }
                }
            }
            Leg::Slide(dirs, max) => {
                let max = (*max).min(self.game.cell_count() as u32);
                for &d in dirs {
                    self.slide(i, last, d, at, max, waypoints);
                }
            }
            Leg::Leap(n) => {
                for &t in self.game.leaps[*n].get(at as usize) {
                    self.arrive(i, last, t, waypoints);
                }
            }
        }
    }

    fn slide(&mut self, i: usize, last: bool, d: u8, at: u16, left: u32, waypoints: [u16; 2]) {
        for &t in self.game.step(self.side, d, at) {
            self.arrive(i, last, t, waypoints);
            if left > 1 && self.passable(t) {
                self.slide(i, last, d, t, left - 1, waypoints);
            }
        }
    }

    /// Reaching `t` at the end of leg `i`: a waypoint, or the move's destination.
    fn arrive(&mut self, i: usize, last: bool, t: u16, mut waypoints: [u16; 2]) {
        if !last {
            if self.passable(t) {
                if i < 2 {
                    waypoints[i] = t;
                }
                self.leg(i + 1, t, waypoints);
            }
            return;
        }
        self.land(t, waypoints);
    }

    fn land(&mut self, to: u16, waypoints: [u16; 2]) {
        let m = self.m;
        if to == self.from {
            return;
        }
        if let Some(z) = m.to_zone {
            if !self.game.in_zone(z, self.side, to) {
                return;
            }
        }
        if let Some(z) = m.not_to_zone {
            if self.game.in_zone(z, self.side, to) {
                return;
            }
        }
        let target = self.pos.at(to);
        let mut mv = Move::normal(self.from, to);
        if target == 0 {
            if let (true, Some(ep)) = (m.takes_en_passant, self.pos.en_passant()) {
                if ep.is_target(to) && self.pos.at(ep.victim) != 0 {
                    let mut cap = mv;
                    cap.kind = MoveKind::EnPassant;
                    cap.aux = ep.victim;
                    self.push(cap);
                }
            }
            if !m.modality.may_move() {
                return;
            }
            if m.sets_en_passant {
                mv.kind = MoveKind::SetsEnPassant;
                mv.aux = waypoints[0];
                mv.aux2 = waypoints[1];
            }
        } else if crate::game::side_of(target) == self.side || !m.modality.may_capture() {
            return;
        }
        self.push(mv);
    }

    /// Adds `mv`, expanded into its promotions where the piece promotes.
    fn push(&mut self, mv: Move) {
        let piece = &self.game.pieces[self.kind as usize];
        match &piece.promotion {
            Some(p) if self.game.in_zone(p.zone, self.side, mv.to) => {
                for &k in &p.targets {
                    self.out.push(Move {
                        promotion: k + 1,
                        ..mv
                    });
                }
                if p.optional {
                    self.out.push(mv);
                }
            }
            _ => self.out.push(mv),
        }
    }
}

fn castling_moves(pos: &Position<'_>, out: &mut Vec<Move>) {
    let game = pos.game();
    let side = pos.side_to_move();
    for c in &game.castlings {
        let king = code(c.king, side);
        let rook = code(c.rook, side);
        for kc in pos.occupied(side).iter() {
            if pos.at(kc) != king || !pos.is_unmoved(kc) {
                continue;
            }
            if super::attack::is_attacked(pos, kc, side.opposite()) {
                continue;
            }
            for &d in &c.dirs {
                // The line from the king to the first piece in direction `d`.
                let mut line = vec![kc];
                let mut at = kc;
                let partner = loop {
                    match game.step(side, d, at).first() {
                        Some(&t) if line.len() <= game.cell_count() => {
                            if pos.at(t) != 0 {
                                break Some(t);
                            }
                            line.push(t);
                            at = t;
                        }
                        _ => break None,
                    }
                };
                let Some(rc) = partner else { continue };
                if pos.at(rc) != rook || !pos.is_unmoved(rc) {
                    continue;
                }
                let distance = line.len() as u32; // steps from king to partner
                let kmax = if c.king_open {
                    distance - 1
                } else {
                    c.king_min
                };
                for k in c.king_min..=kmax.min(distance - 1) {
                    let passed = &line[1..=k as usize];
                    if passed
                        .iter()
                        .any(|&x| super::attack::is_attacked(pos, x, side.opposite()))
                    {
                        continue;
                    }
                    let rook_spots = if c.rook_behind { 0..k } else { k - 1..k };
                    for j in rook_spots {
                        out.push(Move {
                            from: kc,
                            to: line[k as usize],
                            kind: MoveKind::Castle,
                            promotion: 0,
                            aux: rc,
                            aux2: line[j as usize],
                        });
                    }
                }
            }
        }
    }
}
