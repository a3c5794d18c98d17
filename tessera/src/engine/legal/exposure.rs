//! Legality by the exposure table (`game::Exposure`), for the games whose
//! legality is decided by making moves (hops, lame legs, capture limits,
//! facing pieces): a move that leaves and enters no cell through which an
//! attack on the mover's royal pieces could come, made while they stand
//! unattacked and no pieces face, is legal as it is; a plain move that does
//! touch such cells is tested by moving the piece alone and asking only the
//! kinds whose approaches it touched; the rest are made and tested whole.

use crate::engine::attack::{in_check, is_attacked_by};
use crate::engine::moves::{MoveKind, RawMove};
use crate::engine::position::Position;
use crate::game::{cells_of, kind_of};

/// The most approaches with an attacker in place kept one by one; past them
/// a touched cell asks every kind.
const MAX_ACTIVE: usize = 32;

/// What a side not in check must know of its royal pieces' approaches.
pub(super) struct Quiet {
    /// The cells a move must not leave to be legal as it is: the royal
    /// pieces' cells and the passed cells of approaches with an attacker.
    left: u128,
    /// The cells it must not enter: those of hops with an attacker.
    entered: u128,
    /// Those approaches: their passed and entered cells, attacking kinds.
    active: [(u128, u128, u128); MAX_ACTIVE],
    len: usize,
    /// More approaches than `active` holds had an attacker.
    overflow: bool,
}

impl Quiet {
    /// The approaches of the side to move, or `None` where every move must
    /// be made: no table, or `unsettled` (a royal piece attacked, pieces
    /// facing that the move must part).
    pub(super) fn find(pos: &Position<'_>, unsettled: bool) -> Option<Quiet> {
        let exposure = pos.game().tables.exposure.as_ref()?;
        let side = pos.side_to_move();
        if unsettled {
            return None;
        }
        let by = side.opposite();
        let theirs = pos.occupied(by).bits();
        let royals = pos.royals(side).bits();
        let mut q = Quiet {
            left: royals,
            entered: 0,
            active: [(0, 0, 0); MAX_ACTIVE],
            len: 0,
            overflow: false,
        };
        for r in cells_of(royals) {
            for a in exposure.to(by.index(), r) {
                // Only an attacker in place can attack after the move: a
                // move adds no enemy piece.
                if cells_of(a.from & theirs).any(|x| a.kinds & 1u128 << kind_of(pos.at(x)) != 0) {
                    q.left |= a.passed;
                    q.entered |= a.entered;
                    if q.len == MAX_ACTIVE {
                        q.overflow = true;
                    } else {
                        q.active[q.len] = (a.passed, a.entered, a.kinds);
                        q.len += 1;
                    }
                }
            }
        }
        Some(q)
    }

    /// Whether `mv` is legal, where that can be told without making it.
    #[inline]
    pub(super) fn verdict(&self, pos: &mut Position<'_>, mv: &RawMove) -> Option<bool> {
        if mv.not_checking {
            return None;
        }
        let game = pos.game();
        let royal = |kind: u8| game.pieces.get(kind as usize).is_some_and(|p| p.royal);
        if mv.promotes_to().is_some_and(royal) {
            return None;
        }
        match mv.kind {
            MoveKind::Normal | MoveKind::SetsEnPassant => {
                let (from, to) = (1u128 << mv.from, 1u128 << mv.to);
                if from & self.left == 0 && to & self.entered == 0 {
                    return Some(true);
                }
                if mv.promotion != 0 {
                    return None;
                }
                // A royal piece's own step asks every kind, where it lands.
                let kinds = if pos.royals(pos.side_to_move()).contains(mv.from) || self.overflow {
                    u128::MAX
                } else {
                    self.active[..self.len]
                        .iter()
                        .filter(|(passed, entered, _)| passed & from != 0 || entered & to != 0)
                        .fold(0, |k, (_, _, kinds)| k | kinds)
                };
                Some(safe_after(pos, mv, kinds))
            }
            MoveKind::Drop => {
                if 1u128 << mv.to & self.entered != 0
                    || game
                        .drop_rule(mv.from as usize, kind_of(mv.piece))
                        .is_some_and(|r| r.not_checking || r.not_mating)
                {
                    return None;
                }
                if !royal(kind_of(mv.piece)) {
                    return Some(true);
                }
                // A royal piece dropped (as itself, where royalty is not
                // settled at the turn's start) is told by putting it alone.
                (mv.promotion == 0 && game.rules.royals_at_most.is_none())
                    .then(|| royal_drop_safe(pos, mv))
            }
            _ => None,
        }
    }
}

/// Whether the drop `mv` of a royal piece leaves the mover out of check: the
/// piece put on the board alone, as a drop adds a blocker and opens no line
/// (the table stands only where no pool bears on an attack).
#[inline(never)]
fn royal_drop_safe(pos: &mut Position<'_>, mv: &RawMove) -> bool {
    let side = pos.side_to_move();
    pos.put_with(mv.to, mv.piece, mv.state);
    let safe = !in_check(pos, side);
    pos.take(mv.to);
    safe
}

/// Whether the plain move `mv` (no promotion) leaves the mover's royal
/// pieces unattacked by the pieces of `kinds`: the piece moved alone.
#[inline(never)]
fn safe_after(pos: &mut Position<'_>, mv: &RawMove, kinds: u128) -> bool {
    let side = pos.side_to_move();
    let displaced = pos.displace(mv.from, mv.to);
    let mut safe = true;
    for r in pos.royals(side).iter() {
        if is_attacked_by(pos, r, side.opposite(), kinds) {
            safe = false;
            break;
        }
    }
    pos.replace(displaced);
    safe
}

#[cfg(test)]
mod tests {
    use crate::engine::attack::is_attacked;
    use crate::engine::legal::{count_legal_moves, legal_moves};
    use crate::engine::position::Position;
    use crate::game::Side;

    /// Along random games of the games that have the table, the legal moves,
    /// their count and every attack test agree with the same game without
    /// it, which makes every move and walks every line cell by cell.
    #[test]
    fn the_table_decides_as_making_every_move() {
        let root = concat!(env!("CARGO_MANIFEST_DIR"), "/..");
        let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
        let mut names: Vec<String> = std::fs::read_dir(format!("{root}/games"))
            .unwrap()
            .filter_map(|e| e.ok()?.file_name().into_string().ok())
            .filter_map(|f| f.strip_suffix(".game").map(str::to_string))
            .collect();
        names.sort();
        let mut tested = 0;
        for name in &names {
            let src = std::fs::read_to_string(format!("{root}/games/{name}.game")).unwrap();
            let Ok(with) = crate::compile_str(&src) else {
                continue;
            };
            if with.tables.exposure.is_none() {
                continue;
            }
            tested += 1;
            let mut without = with.clone();
            without.tables.exposure = None;
            for _ in 0..30 {
                let mut a = Position::start(&with);
                let mut b = Position::start(&without);
                for _ in 0..120 {
                    let text = crate::notation::position::format(&a);
                    let (mut ma, mut mb) = (Vec::new(), Vec::new());
                    legal_moves(&mut a, &mut ma);
                    legal_moves(&mut b, &mut mb);
                    assert_eq!(ma, mb, "{name}: {text}");
                    assert_eq!(
                        count_legal_moves(&mut a, &mut Vec::new()),
                        ma.len() as u64,
                        "{name}: {text}"
                    );
                    for by in [Side::White, Side::Black] {
                        for cell in 0..with.cell_count() as u16 {
                            assert_eq!(
                                is_attacked(&a, cell, by),
                                is_attacked(&b, cell, by),
                                "{name}: {text}, {} by {by:?}",
                                with.cell_name(cell)
                            );
                        }
                    }
                    seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
                    let Some(&mv) = ma.get((seed >> 33) as usize % ma.len().max(1)) else {
                        break;
                    };
                    a.make_raw(mv.raw);
                    b.make_raw(mv.raw);
                }
            }
        }
        // The hop games of Fairy-Stockfish at least (xiangqi, janggi and
        // its rules, manchu, minixiangqi, supply, shako, grasshopper).
        assert!(tested >= 10, "{tested}");
    }
}
