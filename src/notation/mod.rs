//! Positions and moves as text: FEN for single rectangular boards, UCI-style moves.

pub mod fen;
pub mod uci;
