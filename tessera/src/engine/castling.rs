//! Castling: a piece and an unmoved partner on one line move together. A royal
//! king may not castle out of, through or into attack; a king that is not
//! royal castles without those tests.

use super::attack::is_attacked;
use super::moves::{MoveKind, RawMove};
use super::position::Position;
use crate::game::{code, side_of, Side};

/// What the side to move knows of the attacks on cells in the position as it
/// stands: whether its royal pieces are attacked, and cells castling found
/// unattacked, which the legality test of the king's own moves can reuse.
#[derive(Clone, Debug, Default)]
pub struct Unattacked {
    /// Whether the side to move is in check, once known.
    pub checked: Option<bool>,
    cells: [u16; Unattacked::MAX],
    len: usize,
    /// Pairs of a king's and a partner's cells whose castlings were all found
    /// legal as they were listed (see [`castling_moves`]).
    trusted: [(u16, u16); Unattacked::MAX],
    trusted_len: usize,
}

impl Unattacked {
    const MAX: usize = 8;

    /// A state with nothing known but `checked`.
    pub fn new(checked: Option<bool>) -> Unattacked {
        Unattacked {
            checked,
            ..Unattacked::default()
        }
    }

    fn note(&mut self, cell: u16) {
        if self.len < Unattacked::MAX && !self.contains(cell) {
            self.cells[self.len] = cell;
            self.len += 1;
        }
    }

    /// Whether `cell` was found unattacked.
    pub fn contains(&self, cell: u16) -> bool {
        self.cells[..self.len].contains(&cell)
    }

    /// Notes that every castling of the king on `king` with the partner on
    /// `partner` was listed only if legal; false when there is no room left to
    /// note it, and then the castlings must be listed and tested as usual.
    fn trust(&mut self, king: u16, partner: u16) -> bool {
        if self.trusted_len == Unattacked::MAX {
            return false;
        }
        self.trusted[self.trusted_len] = (king, partner);
        self.trusted_len += 1;
        true
    }

    /// Whether the castlings of the king on `king` with the partner on
    /// `partner` are known legal, with no test left to make.
    pub fn trusts(&self, king: u16, partner: u16) -> bool {
        self.trusted[..self.trusted_len].contains(&(king, partner))
    }
}

/// The cells a piece passes and lands on going from `from` to `to` along the
/// line of direction `d` (either way), `to` included, `from` not; `None` where
/// `to` is not on that line.
fn line_cells(pos: &Position<'_>, d: u8, from: u16, to: u16) -> Option<Vec<u16>> {
    let game = pos.game();
    let side = pos.side_to_move();
    let walk = |a: u16, b: u16| -> Option<Vec<u16>> {
        let mut cells = Vec::new();
        let mut at = a;
        while at != b {
            at = game.step(side, d, at).first().copied()?;
            cells.push(at);
            if cells.len() > game.cell_count() {
                return None;
            }
        }
        Some(cells)
    };
    if from == to {
        return Some(Vec::new());
    }
    walk(from, to).or_else(|| {
        // `to` lies behind: the cells from `to` up to `from`, less `from`,
        // plus `to`.
        let mut cells = walk(to, from)?;
        cells.pop();
        cells.push(to);
        Some(cells)
    })
}

/// Appends the castling of the king on `kc` with the partner on `rc` (found
/// along `d`) to the fixed cells of the zones `kz` and `rz`, as Chess960
/// castles: every cell the king or the partner passes or lands on is empty
/// (but for the two of them), and a royal king passes and lands on no
/// attacked cell (it is out of check already).
#[cold]
#[inline(never)]
fn fixed_castling(
    pos: &Position<'_>,
    kc: u16,
    rc: u16,
    d: u8,
    (kz, rz): (usize, usize),
    (royal, not_checking): (bool, bool),
    out: &mut Vec<RawMove>,
) {
    let game = pos.game();
    let side = pos.side_to_move();
    let (Some(kd), Some(rd)) = (
        game.board.zones[kz][side.index()].iter().next(),
        game.board.zones[rz][side.index()].iter().next(),
    ) else {
        return;
    };
    let (Some(king_path), Some(rook_path)) =
        (line_cells(pos, d, kc, kd), line_cells(pos, d, rc, rd))
    else {
        return;
    };
    let free = |c: &u16| pos.at(*c) == 0 || *c == kc || *c == rc;
    if !king_path.iter().all(free) || !rook_path.iter().all(free) {
        return;
    }
    if royal
        && king_path
            .iter()
            .any(|&c| is_attacked(pos, c, side.opposite()))
    {
        return;
    }
    out.push(RawMove {
        kind: MoveKind::Castle,
        aux: rc,
        aux2: rd,
        not_checking,
        ..RawMove::normal(kc, kd)
    });
}

/// Appends the castling moves of the side to move, noting in `known` the
/// cells it finds unattacked.
pub fn castling_moves(pos: &Position<'_>, out: &mut Vec<RawMove>, known: &mut Unattacked) {
    let checked = known.checked;
    let game = pos.game();
    let side = pos.side_to_move();
    for c in &game.rules.castlings {
        let king = code(c.king, side);
        let rook = code(c.rook, side);
        let is_royal = game.pieces[c.king as usize].royal;
        // Where a placement `shields`, the cells the king passes are tested
        // with it made, by the legality test: none here.
        let royal = is_royal && !game.rules.walling.is_some_and(|w| w.shields);
        // A royal king is found among the royal pieces, which are few.
        let candidates = if is_royal {
            pos.royals(side)
        } else {
            pos.occupied(side)
        };
        for kc in candidates.iter() {
            if pos.at(kc) != king || !pos.is_unmoved(kc) {
                continue;
            }
            // Whether the king stands in check, asked only once a partner is
            // found; known already for the one royal piece of its side.
            let lone_royal = royal && pos.royals(side).len() == 1;
            let mut in_check: Option<bool> = checked.filter(|_| lone_royal);
            for &d in &c.dirs {
                let step = |at: u16| game.step(side, d, at).first().copied();
                // The first piece in direction `d`, and how many steps away.
                let mut distance = 0u32;
                let mut at = kc;
                let partner = loop {
                    match step(at) {
                        Some(t) if distance < game.cell_count() as u32 => {
                            distance += 1;
                            if pos.at(t) != 0 {
                                break Some(t);
                            }
                            at = t;
                        }
                        _ => break None,
                    }
                };
                let Some(rc) = partner else { continue };
                if pos.at(rc) != rook || !pos.is_unmoved(rc) {
                    continue;
                }
                if royal && *in_check.get_or_insert_with(|| is_attacked(pos, kc, side.opposite())) {
                    break;
                }
                if let Some((kz, rz)) = c.fixed {
                    fixed_castling(pos, kc, rc, d, (kz, rz), (royal, c.not_checking), out);
                    continue;
                }
                // On a board without bit tables the legality test of a
                // castling walks lines as long as its path, and with the
                // partner landing behind the king the castlings are as many as
                // the path's cells squared: tested one by one, the cost would
                // be cubic. Where only lines and leaps attack and the king is
                // its side's one royal piece, out of check, its destination is
                // safe after the move exactly when it is unattacked with the
                // partner lifted off: a line through the king's start would
                // have reached the king there, and the partner's landing only
                // blocks. So castling settles each destination here, once.
                let lifted = (royal
                    && lone_royal
                    && game.tables.bit_tables.is_none()
                    && game.lines_and_leaps_only()
                    && known.trust(kc, rc))
                .then(|| {
                    let mut lifted = pos.clone();
                    lifted.take(rc);
                    lifted
                });
                let kmax = if c.king_open {
                    distance - 1
                } else {
                    c.king_min
                };
                // The king may pass no attacked cell: once one is, no longer
                // castling in this direction is possible either.
                let mut to = kc;
                for k in 1..=kmax.min(distance - 1) {
                    let passed = to;
                    to = step(to).unwrap_or(to);
                    if royal {
                        if is_attacked(pos, to, side.opposite()) {
                            break;
                        }
                        known.note(to);
                    }
                    if k < c.king_min
                        || lifted
                            .as_ref()
                            .is_some_and(|l| is_attacked(l, to, side.opposite()))
                    {
                        continue;
                    }
                    let castle = |rook_to| RawMove {
                        kind: MoveKind::Castle,
                        aux: rc,
                        aux2: rook_to,
                        not_checking: c.not_checking,
                        ..RawMove::normal(kc, to)
                    };
                    if c.rook_behind {
                        // Any cell from the king's start to the one before
                        // its destination.
                        let mut spot = kc;
                        for _ in 0..k {
                            out.push(castle(spot));
                            spot = step(spot).unwrap_or(spot);
                        }
                    } else {
                        out.push(castle(passed));
                    }
                }
            }
        }
    }
}

/// The cells of the kings and partners that hold a castling right, as FEN
/// writes the rights: an unmoved king with an unmoved partner along one of
/// its castling directions.
pub(crate) fn castling_right_cells(pos: &Position<'_>) -> Vec<u16> {
    let game = pos.game();
    let mut said = Vec::new();
    for side in [Side::White, Side::Black] {
        for c in &game.rules.castlings {
            for king in pos.occupied(side).iter() {
                if pos.at(king) != code(c.king, side) || !pos.is_unmoved(king) {
                    continue;
                }
                for &d in &c.dirs {
                    for r in partners_along(pos, king, d, code(c.rook, side)) {
                        if pos.is_unmoved(r) {
                            said.extend([king, r]);
                        }
                    }
                }
            }
        }
    }
    said
}

/// The partner cells along one castling direction from `king`, nearest first,
/// up to the board's edge: where a link carries the line around (a cylinder),
/// the walk stops at the seam, so that each partner lies on one side of the
/// king and its castling letter reads back as itself.
pub(crate) fn partners_along(pos: &Position<'_>, king: u16, dir: u8, rook_code: u8) -> Vec<u16> {
    let game = pos.game();
    let side = side_of(rook_code);
    let coord = |c: u16| &game.board.cells[c as usize].coords[0];
    let delta = |a: u16, b: u16| -> Vec<i64> {
        coord(b).iter().zip(coord(a)).map(|(y, x)| y - x).collect()
    };
    let mut out = Vec::new();
    let mut at = king;
    let mut line: Option<Vec<i64>> = None;
    for _ in 0..game.cell_count() {
        let Some(&t) = game.step(side, dir, at).first() else {
            break;
        };
        let step = delta(at, t);
        if t == king || line.as_ref().is_some_and(|l| *l != step) {
            break;
        }
        line = Some(step);
        if pos.at(t) == rook_code {
            out.push(t);
        }
        at = t;
    }
    out
}

/// Whether `side` still holds a castling right along one of `dirs` (as it
/// sees them): an unmoved king with an unmoved partner along the direction,
/// as FEN writes the rights.
pub(crate) fn may_castle_along(pos: &Position<'_>, side: Side, dirs: &[u8]) -> bool {
    let game = pos.game();
    game.rules.castlings.iter().any(|c| {
        pos.occupied(side).iter().any(|king| {
            pos.at(king) == code(c.king, side)
                && pos.is_unmoved(king)
                && c.dirs.iter().filter(|d| dirs.contains(d)).any(|&d| {
                    partners_along(pos, king, d, code(c.rook, side))
                        .into_iter()
                        .any(|r| pos.is_unmoved(r))
                })
        })
    })
}
