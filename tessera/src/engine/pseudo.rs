//! A side's pseudo-legal moves, put together: every piece's moves, castling,
//! the moves out of pools, gating and walling, then what the phase allows.
//! Legal but for royal safety, which [`super::legal`] settles.

use super::castling::{castling_moves, Unattacked};
use super::movegen::count_plain_moves;
use super::movegen::{
    current_phase, gating_moves, phase_moves, piece_moves, pool_moves, walling_moves,
};
use super::moves::{Move, RawMove};
use super::position::Position;
use crate::game::{kind_of, BitCountTable, BitCounts, Phase, Word, MAX_SHIFT_KINDS};

/// The moves of the pieces, castling and the pools, before gating, walling
/// and a phase add to them or keep some: for a game with neither gating nor
/// a phase, the moves each placement of a wall follows.
pub(crate) fn base_moves(pos: &Position<'_>, out: &mut Vec<RawMove>, known: &mut Unattacked) {
    pieces_castling_and_pools(pos, out, known, None, |_| None);
}

/// [`base_moves`], but `count` may settle a piece's moves by their number,
/// as in [`pseudo_legal_moves_counting`]; returns the moves counted.
pub(crate) fn base_moves_counting(
    pos: &Position<'_>,
    out: &mut Vec<RawMove>,
    count: impl FnMut(u16) -> Option<u64>,
) -> u64 {
    pieces_castling_and_pools(pos, out, &mut Unattacked::default(), None, count)
}

/// The pieces' moves (those of a phase's pieces, where there is one; `count`
/// as in [`pseudo_legal_moves_counting`]), castling and the pools' moves.
fn pieces_castling_and_pools(
    pos: &Position<'_>,
    out: &mut Vec<RawMove>,
    known: &mut Unattacked,
    phase: Option<&Phase>,
    mut count: impl FnMut(u16) -> Option<u64>,
) -> u64 {
    let side = pos.side_to_move();
    let mut counted = 0;
    for from in pos.occupied(side).iter() {
        if phase.is_none_or(|p| phase_moves(pos, p, from)) {
            match count(from) {
                Some(n) => counted += n,
                None => piece_moves(pos, from, out),
            }
        }
    }
    castling_moves(pos, out, known);
    pool_moves(pos, out);
    counted
}

/// Fills `out` with the pseudo-legal moves: legal but for royal safety;
/// each stamped with the game's identity.
pub fn pseudo_legal_moves(pos: &Position<'_>, out: &mut Vec<Move>) {
    let mut raw = Vec::new();
    generate_pseudo_legal(pos, &mut raw);
    super::moves::stamp(&raw, pos.game(), out);
}

/// [`pseudo_legal_moves`] as the engine keeps them, without their game.
pub(crate) fn generate_pseudo_legal(pos: &Position<'_>, out: &mut Vec<RawMove>) {
    pseudo_legal_moves_counting(pos, out, &mut Unattacked::default(), |_| None);
}

/// [`pseudo_legal_moves`], but `count` may settle a piece's moves by their
/// number: it hears each piece's cell and returns how many moves it counted,
/// or `None` to have them listed. Returns the moves counted. `known` is what
/// castling knows and learns of attacked cells.
// Kept out of line: inlined into `count_legal_moves` with the many rules'
// branches, it cost chess's perft 3% more instructions.
#[inline(never)]
pub(crate) fn pseudo_legal_moves_counting(
    pos: &Position<'_>,
    out: &mut Vec<RawMove>,
    known: &mut Unattacked,
    count: impl FnMut(u16) -> Option<u64>,
) -> u64 {
    let phase = current_phase(pos);
    let counted = pieces_castling_and_pools(pos, out, known, phase, count);
    let game = pos.game();
    if game.rules.gating.is_some() || game.rules.walling.is_some() {
        if let Some((pool, zone)) = game.rules.gating {
            gating_moves(pos, out, pool, zone);
        }
        if let Some(w) = game.rules.walling {
            walling_moves(pos, out, w);
        }
    }
    if let Some(p) = phase {
        out.retain(|mv| !mv.is_from_pool() && phase_moves(pos, p, mv.from));
    }
    counted
}

/// The number of pseudo-legal moves of the pieces that `listed` does not
/// claim, counted, with the others' moves listed in `out` (castling and the
/// pools' moves too), as perft's last ply wants them, for a game whose bit
/// counts count some kinds all at once (see [`BitCounts::count_kind`]): the
/// other pieces are counted one by one where their runs allow. `known` as in
/// [`pseudo_legal_moves_counting`].
pub(crate) fn count_pseudo_legal_moves_shifting(
    pos: &Position<'_>,
    out: &mut Vec<RawMove>,
    known: &mut Unattacked,
    listed: impl Fn(u16) -> bool,
) -> u64 {
    match &pos.game().tables.bit_counts {
        BitCountTable::Narrow(bits, _) => count_with_shifts(pos, bits, out, known, listed),
        BitCountTable::Wide(bits, _) => count_with_shifts(pos, bits, out, known, listed),
        BitCountTable::None => unreachable!("only a game with bit counts counts by shifts"),
    }
}

/// [`count_pseudo_legal_moves`] where the board fits a word `W`.
#[inline(always)]
fn count_with_shifts<W: Word>(
    pos: &Position<'_>,
    bits: &BitCounts<W>,
    out: &mut Vec<RawMove>,
    known: &mut Unattacked,
    listed: impl Fn(u16) -> bool,
) -> u64 {
    let side = pos.side_to_move();
    let s = side.index();
    let en_passant = pos.en_passant().is_some();
    // The pieces each kind counts at once.
    let mut pieces = [W::default(); MAX_SHIFT_KINDS];
    let mut kinds = 0u32;
    let counted = pseudo_legal_moves_counting(pos, out, known, |from| {
        if listed(from) {
            return None;
        }
        let kind = kind_of(pos.at(from));
        let k = bits.shifts(s, kind);
        if k.cells & W::bit(from) != W::default() && !(en_passant && k.en_passant) {
            pieces[kind as usize] |= W::bit(from);
            kinds |= 1 << kind;
            return Some(0);
        }
        count_plain_moves(pos, from, false)
    });
    if kinds == 0 {
        return counted;
    }
    let enemy = W::of(pos.occupied(side.opposite()).words());
    let empty = !(enemy | W::of(pos.occupied(side).words()));
    let unmoved = W::of(pos.unmoved.words());
    let mut n = counted;
    while kinds != 0 {
        let kind = kinds.trailing_zeros() as crate::game::Kind;
        kinds &= kinds - 1;
        let k = bits.shifts(s, kind);
        n += u64::from(
            bits.count_kind(k, pieces[kind as usize], unmoved, empty, enemy)
                .0,
        );
    }
    n
}
