//! The engine: positions, move generation, attack tests, perft.

pub mod attack;
mod bfs;
pub mod castling;
pub mod keys;
pub mod legal;
mod make;
pub mod movegen;
pub mod moves;
pub mod outcome;
pub mod perft;
pub mod position;
pub mod pseudo;
pub mod record;
mod status;

pub use moves::{Move, MoveKind};
pub use position::Position;
pub use record::Record;
