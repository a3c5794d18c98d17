//! Start positions drawn from a game's `shuffle`: by number (Chess960's
//! numbering for Fischer random chess) or at random from a seed.

use super::attack::is_attacked;
use super::position::Position;
use crate::game::{code, kind_of, side_of, Game, Side};
use std::fmt;

/// Why no start position could be drawn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupError {
    /// The rule file has no `shuffle`.
    NoShuffle,
    /// The number is past the last setup.
    OutOfRange {
        /// The number asked for.
        number: u64,
        /// How many setups there are.
        count: u64,
    },
    /// The setup leaves a piece of a `defended` kind undefended.
    Undefended {
        /// The number asked for.
        number: u64,
        /// The cell of the undefended piece.
        cell: String,
    },
    /// The setup is not a position the side to move can play from.
    Impossible {
        /// The number asked for.
        number: u64,
        /// Why.
        why: String,
    },
    /// No allowed setup was found among the numbers drawn.
    NoneFound,
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::NoShuffle => {
                write!(f, "the rule file has no `shuffle` to draw a setup from")
            }
            SetupError::OutOfRange { number, count } => write!(
                f,
                "setup {number} does not exist: the setups are numbered 0 to {}",
                count - 1
            ),
            SetupError::Undefended { number, cell } => write!(
                f,
                "setup {number} is not allowed: the piece on {cell} is not defended"
            ),
            SetupError::Impossible { number, why } => {
                write!(f, "setup {number} is impossible: {why}")
            }
            SetupError::NoneFound => write!(f, "no allowed setup was found"),
        }
    }
}

impl std::error::Error for SetupError {}

impl<'g> Position<'g> {
    /// The start position with the setup numbered `number` of the game's
    /// `shuffle` (for Fischer random chess, Chess960's numbering: 518 is the
    /// usual order).
    ///
    /// # Errors
    /// The game has no `shuffle`, the number is out of range, or the setup
    /// breaks a `defended` rule.
    pub fn start_numbered(game: &'g Game, number: u64) -> Result<Position<'g>, SetupError> {
        let shuffle = game.shuffle().ok_or(SetupError::NoShuffle)?;
        if number >= shuffle.count() {
            return Err(SetupError::OutOfRange {
                number,
                count: shuffle.count(),
            });
        }
        let on_zone = |c: u16| shuffle.cells.iter().any(|&(w, b)| c == w || c == b);
        let mut setup: Vec<(u16, u8)> = game
            .start
            .setup
            .iter()
            .copied()
            .filter(|&(c, _)| !on_zone(c))
            .collect();
        for (i, kind) in shuffle.decode(number) {
            let (w, b) = shuffle.cells[i];
            setup.push((w, code(kind, Side::White)));
            setup.push((b, code(kind, Side::Black)));
        }
        setup.sort_unstable();
        let pos = Position::start_with(game, &setup);
        if shuffle.defended != 0 {
            for &(c, p) in &setup {
                if shuffle.defended & 1u128 << kind_of(p) != 0 && !is_attacked(&pos, c, side_of(p))
                {
                    return Err(SetupError::Undefended {
                        number,
                        cell: game.cell_name(c).to_string(),
                    });
                }
            }
        }
        if let Err(why) = super::playable::check_playable(&pos) {
            return Err(SetupError::Impossible {
                number,
                why: why.to_string(),
            });
        }
        Ok(pos)
    }

    /// A start position drawn at random, from `seed`, among the allowed
    /// setups of the game's `shuffle`, with its number.
    ///
    /// # Errors
    /// The game has no `shuffle`, or a thousand numbers drawn gave no
    /// allowed setup.
    pub fn start_drawn(game: &'g Game, seed: u64) -> Result<(Position<'g>, u64), SetupError> {
        let count = game.shuffle().ok_or(SetupError::NoShuffle)?.count();
        let mut state = seed;
        for _ in 0..1000 {
            let number = splitmix64(&mut state) % count;
            match Position::start_numbered(game, number) {
                Ok(pos) => return Ok((pos, number)),
                Err(SetupError::Undefended { .. } | SetupError::Impossible { .. }) => {}
                Err(e) => return Err(e),
            }
        }
        Err(SetupError::NoneFound)
    }
}

/// SplitMix64: a small, well-mixed generator, the same on every platform.
fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}
