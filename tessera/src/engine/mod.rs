//! The engine: positions, move generation, attack tests, perft.

pub(crate) mod attack;
mod bfs;
pub(crate) mod castling;
mod chase;
pub(crate) mod keys;
pub mod legal;
mod make;
mod material;
pub(crate) mod movegen;
pub mod moves;
pub mod outcome;
pub mod perft;
mod placement;
pub mod playable;
pub mod position;
pub mod pseudo;
mod query;
pub mod record;
pub mod shuffle;
mod status;

pub use attack::in_check;
pub(crate) use moves::RawMove;
pub use moves::{Move, MoveKind};
pub use position::Position;
pub use query::{InHand, Piece};
pub use record::Record;
