//! Zobrist keys: a 64-bit hash of everything that makes two positions
//! differ (pieces with their counters and the unmoved flags that something
//! reads, pools, side to
//! move, en passant, check counts, the passes just made).
//!
//! Each feature's random number comes from mixing its coordinates with
//! SplitMix64 rather than from a table, since a board may have thousands of
//! cells and pieces 255 codes: the same number every time, no memory.

use crate::engine::Position;
use crate::game::{Game, Side};

/// The key of a position of one game.
#[derive(Clone)]
pub struct Keys {
    pools: usize,
}

/// SplitMix64's finaliser: a well-mixed 64-bit number from any input.
fn mix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

/// The number the last moves (passes, a drop that may not mate, a castling
/// a goal asks about) add to a key.
fn history_feature(pos: &Position<'_>) -> u64 {
    let history = pos.history();
    mix(HISTORY | u64::from(history.bits()))
}

/// The number an en-passant right adds to a key.
fn en_passant_feature(ep: &crate::engine::position::EnPassant) -> u64 {
    let feature =
        u64::from(ep.targets[0]) << 32 | u64::from(ep.targets[1]) << 16 | u64::from(ep.victim);
    mix(EN_PASSANT | feature)
}

/// Feature tags, so that different features never share a number.
const CELL: u64 = 1 << 60;
const POOL: u64 = 2 << 60;
const BLACK: u64 = 3 << 60;
const EN_PASSANT: u64 = 4 << 60;
const CHECKS: u64 = 5 << 60;
const HISTORY: u64 = 6 << 60;

impl Keys {
    /// The keys for positions of `game`.
    pub fn new(game: &Game) -> Keys {
        Keys {
            pools: game.pools.pool_names.len(),
        }
    }

    /// The key of `pos` for the goal on repetition, as Fairy-Stockfish
    /// tells positions apart: an en-passant right counts only where the side
    /// to move has an en-passant capture (even where FEN writes it always), and the
    /// last moves (passes, a drop that may not mate) not at all.
    pub fn repetition_key(&self, pos: &Position<'_>) -> u64 {
        self.repetition_key_of(pos, self.key(pos))
    }

    /// [`Keys::repetition_key`] of `pos`, whose [`Keys::key`] is `key`: the
    /// search has the one already.
    pub fn repetition_key_of(&self, pos: &Position<'_>, key: u64) -> u64 {
        let mut key = key ^ history_feature(pos) ^ mix(HISTORY);
        // An unmoved flag that serves castling alone counts only while it
        // gives a castling right (as FEN writes the rights): a king whose
        // partners have all moved is as good as moved.
        let only = pos.game().rules.castling_only_unmoved;
        if only != 0 {
            let said = crate::engine::castling::castling_right_cells(pos);
            for side in [Side::White, Side::Black] {
                for c in pos.occupied(side).iter() {
                    let code = pos.at(c);
                    if only & 1u128 << crate::game::kind_of(code) != 0
                        && pos.is_unmoved(c)
                        && !said.contains(&c)
                    {
                        let feature = u64::from(c) << 24
                            | u64::from(code) << 16
                            | u64::from(pos.state(c)) << 8;
                        key ^= mix(CELL | feature | 1) ^ mix(CELL | feature);
                    }
                }
            }
        }
        match pos.en_passant() {
            Some(ep) if !en_passant_capture_exists(pos) => key ^ en_passant_feature(&ep),
            _ => key,
        }
    }

    /// The key of `pos`.
    pub fn key(&self, pos: &Position<'_>) -> u64 {
        let read = pos.game().rules.unmoved_read;
        let mut h = 0u64;
        for side in [Side::White, Side::Black] {
            for c in pos.occupied(side).iter() {
                // An unmoved flag nothing reads tells no positions apart.
                let unmoved =
                    pos.is_unmoved(c) && read & 1u128 << crate::game::kind_of(pos.at(c)) != 0;
                let feature = u64::from(c) << 24
                    | u64::from(pos.at(c)) << 16
                    | u64::from(pos.state(c)) << 8
                    | u64::from(unmoved);
                h ^= mix(CELL | feature);
            }
            for pool in 0..self.pools {
                // The i-th piece of a sorted pool: equal pools, equal keys.
                for (i, &(piece, state)) in pos.pool(pool, side).iter().enumerate() {
                    let feature = (pool as u64 * 2 + side as u64) << 40
                        | (i as u64) << 24
                        | u64::from(piece) << 8
                        | u64::from(state);
                    h ^= mix(POOL | feature);
                }
            }
        }
        if pos.side_to_move() == Side::Black {
            h ^= mix(BLACK);
        }
        if let Some(ep) = pos.en_passant() {
            h ^= en_passant_feature(&ep);
        }
        h ^= mix(CHECKS | u64::from(pos.checks[0]) << 8 | u64::from(pos.checks[1]));
        h ^= history_feature(pos);
        h
    }
}

/// Whether FEN writes the en-passant field, as Fairy-Stockfish does: after a
/// double step of a piece with one such movement (a pawn), only where the
/// side to move has an en-passant capture there, legal or not; after one of
/// a piece with several (a Berolina pawn), or with `notation en passant
/// always`, always.
pub(crate) fn en_passant_capturable(pos: &Position<'_>) -> bool {
    let Some(ep) = pos.en_passant() else {
        return false;
    };
    let game = pos.game();
    let victim_kind = crate::game::kind_of(pos.at(ep.victim));
    if game.rules.en_passant_taken & 1u128 << victim_kind != 0 {
        return en_passant_capture_exists(pos);
    }
    if (game.rules.en_passant_always | game.rules.en_passant_passed) & 1u128 << victim_kind != 0 {
        return true;
    }
    let victim = &game.pieces[victim_kind as usize];
    if victim
        .movements
        .iter()
        .filter(|m| m.sets_en_passant)
        .count()
        > 1
    {
        return true;
    }
    en_passant_capture_exists(pos)
}

/// Whether the side to move has an en-passant capture, legal or not: what
/// makes an en-passant right part of a position for repetition, as
/// Fairy-Stockfish tells positions apart, even where its FEN writes the
/// field after every double step (a pawn that also steps back).
fn en_passant_capture_exists(pos: &Position<'_>) -> bool {
    en_passant_captured_targets(pos) != [NO_TARGET; 2]
}

const NO_TARGET: u16 = super::moves::NO_CELL;

/// The en-passant targets where the side to move has an en-passant
/// capture, legal or not, in cell order (`NO_CELL` for none).
pub(crate) fn en_passant_captured_targets(pos: &Position<'_>) -> [u16; 2] {
    let Some(ep) = pos.en_passant() else {
        return [NO_TARGET; 2];
    };
    let mut moves = Vec::new();
    super::pseudo::generate_pseudo_legal(pos, &mut moves);
    let taken = |t: u16| {
        t != NO_TARGET
            && moves
                .iter()
                .any(|m| m.kind == super::MoveKind::EnPassant && m.to == t)
    };
    let mut out = [NO_TARGET; 2];
    let mut n = 0;
    let [a, b] = ep.targets;
    for t in [a.min(b), a.max(b)] {
        if taken(t) {
            out[n] = t;
            n += 1;
        }
    }
    out
}
