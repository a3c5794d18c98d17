//! Positions and games in play that own a share of their game (`Arc<Game>`),
//! for programs that keep a position in a struct, send it to a thread, or
//! hand it to another language (Python and JavaScript bindings), where a
//! borrowing [`Position<'g>`](Position) cannot go.
//!
//! [`OwnedPosition`] keeps its game beside a `Position` that borrows it
//! (a self-referential pair, built by the `self_cell` crate, so that this
//! crate stays free of `unsafe`): every question is asked of that
//! `Position` itself, with no copy, and perft and the search run on it at
//! their usual speed. [`Playthrough`] is a game in play: its start, its
//! moves (`push`, `pop`), the record that repetition needs, and its status.

use crate::engine::outcome::{status_in_game, Status};
use crate::engine::position::Undo;
use crate::engine::{Move, Position, Record};
use crate::game::Game;
use crate::notation::fen::ParseFenError;
use crate::notation::position::ParsePositionError;
use crate::notation::IllegalMove;
use std::fmt;
use std::sync::Arc;

self_cell::self_cell!(
    /// A game's share and a position that borrows it.
    struct Pair {
        owner: Arc<Game>,
        #[covariant]
        dependent: Position,
    }
);

/// A position that owns a share of its game: `Send`, `Sync`, `'static`,
/// storable anywhere. [`OwnedPosition::position`] lends the [`Position`] to
/// ask (`&self` questions); [`OwnedPosition::play`] and
/// [`OwnedPosition::with_mut`] change it.
///
/// # Examples
/// ```
/// use std::sync::Arc;
/// use tessera::OwnedPosition;
/// let game = Arc::new(tessera::compile_str(include_str!("../../games/chess.game")).unwrap());
/// let mut pos = OwnedPosition::start(game);
/// let e4 = pos.position().parse_move("e2e4").unwrap();
/// pos.play(e4).unwrap();
/// // Sent to another thread, with its game.
/// let fen = std::thread::spawn(move || pos.position().to_fen().unwrap()).join().unwrap();
/// assert_eq!(fen, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
/// ```
pub struct OwnedPosition(Pair);

/// A position of one game was given with another game.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct NotThisGame;

impl fmt::Display for NotThisGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("the position is of another game")
    }
}

impl std::error::Error for NotThisGame {}

impl OwnedPosition {
    /// The start position of `game`.
    pub fn start(game: Arc<Game>) -> OwnedPosition {
        OwnedPosition(Pair::new(game, |g| Position::start(g)))
    }

    /// The position `build` makes of `game`: any constructor of
    /// [`Position`] (`Position::from_fen`, a `PositionBuilder`...).
    ///
    /// # Errors
    /// What `build` returns.
    ///
    /// # Examples
    /// ```
    /// use std::sync::Arc;
    /// let game = Arc::new(tessera::compile_str(include_str!("../../games/chess.game")).unwrap());
    /// let pos = tessera::OwnedPosition::try_new(game, |g| tessera::Position::from_text(g, "Ke1,ke8 w - - 0 1")).unwrap();
    /// assert_eq!(pos.position().legal_moves().len(), 5);
    /// ```
    pub fn try_new<E>(
        game: Arc<Game>,
        build: impl for<'g> FnOnce(&'g Game) -> Result<Position<'g>, E>,
    ) -> Result<OwnedPosition, E> {
        Pair::try_new(game, |g| build(g)).map(OwnedPosition)
    }

    /// The position a FEN describes ([`Position::from_fen`]).
    ///
    /// # Errors
    /// As [`Position::from_fen`].
    pub fn from_fen(game: Arc<Game>, fen: &str) -> Result<OwnedPosition, ParseFenError> {
        OwnedPosition::try_new(game, |g| Position::from_fen(g, fen))
    }

    /// The position Tessera's notation describes ([`Position::from_text`]).
    ///
    /// # Errors
    /// As [`Position::from_text`].
    pub fn from_text(game: Arc<Game>, text: &str) -> Result<OwnedPosition, ParsePositionError> {
        OwnedPosition::try_new(game, |g| Position::from_text(g, text))
    }

    /// A copy of `pos`, a position of `game`, that owns a share of it.
    ///
    /// # Errors
    /// [`NotThisGame`] where `pos` is a position of another game.
    pub fn from_position(
        game: Arc<Game>,
        pos: &Position<'_>,
    ) -> Result<OwnedPosition, NotThisGame> {
        if pos.game().id() != game.id() {
            return Err(NotThisGame);
        }
        Ok(OwnedPosition(Pair::new(game, |g| pos.clone_in(g))))
    }

    /// The game.
    pub fn game(&self) -> &Arc<Game> {
        self.0.borrow_owner()
    }

    /// The position, to ask: every question of [`Position`] is on `&self`.
    pub fn position(&self) -> &Position<'_> {
        self.0.borrow_dependent()
    }

    /// Runs `f` on the position, to change it through any door of
    /// [`Position`] (`make`, `unmake`, [`crate::perft`], a search...).
    ///
    /// # Examples
    /// ```
    /// use std::sync::Arc;
    /// let game = Arc::new(tessera::compile_str(include_str!("../../games/chess.game")).unwrap());
    /// let mut pos = tessera::OwnedPosition::start(game);
    /// assert_eq!(pos.with_mut(|p| tessera::perft(p, 3)), 8902);
    /// ```
    pub fn with_mut<R>(&mut self, f: impl FnOnce(&mut Position<'_>) -> R) -> R {
        self.0.with_dependent_mut(|_, pos| f(pos))
    }

    /// Plays `mv` if it is legal here ([`Position::play`]).
    ///
    /// # Errors
    /// As [`Position::play`]; the position is left as it was.
    pub fn play(&mut self, mv: Move) -> Result<Undo, IllegalMove> {
        self.with_mut(|pos| pos.play(mv))
    }

    /// Takes back the move `undo` came from, if it is the last made here
    /// ([`Position::take_back`]).
    ///
    /// # Errors
    /// As [`Position::take_back`].
    pub fn take_back(&mut self, undo: Undo) -> Result<(), crate::NotLastUndo> {
        self.with_mut(|pos| pos.take_back(undo))
    }
}

/// A copy sharing the game; a fresh position, as [`Position`]'s clone is,
/// so that an undo of the original is refused there.
impl Clone for OwnedPosition {
    fn clone(&self) -> OwnedPosition {
        let pos = self.position();
        OwnedPosition(Pair::new(self.game().clone(), |g| pos.clone_in(g)))
    }
}

impl PartialEq for OwnedPosition {
    fn eq(&self, other: &Self) -> bool {
        self.position() == other.position()
    }
}

impl Eq for OwnedPosition {}

impl std::hash::Hash for OwnedPosition {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.position().hash(state);
    }
}

impl fmt::Debug for OwnedPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("OwnedPosition")
            .field(&self.position().to_string())
            .finish()
    }
}

/// Tessera's position notation, as [`Position`] writes it.
impl fmt::Display for OwnedPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self.position(), f)
    }
}

/// A game in play: its start position, the moves played (`push`, `pop`),
/// the record of positions that the goals on repetition read, and the
/// position now. It owns a share of its game, like [`OwnedPosition`].
///
/// # Examples
/// ```
/// use std::sync::Arc;
/// use tessera::{Playthrough, Reason, Status};
/// let game = Arc::new(tessera::compile_str(include_str!("../../games/chess.game")).unwrap());
/// let mut play = Playthrough::start(game);
/// // The knights go out and back twice: the start stands a third time.
/// for _ in 0..2 {
///     for text in ["g1f3", "g8f6", "f3g1", "f6g8"] {
///         play.push_text(text).unwrap();
///     }
/// }
/// assert_eq!(play.moves().len(), 8);
/// assert!(matches!(play.status(), Status::Over { winner: None, reason: Reason::Repetition, .. }));
/// assert_eq!(play.status().result_text(), "1/2-1/2");
/// // The position alone does not know it.
/// assert_eq!(play.position().status(), Status::Ongoing);
/// let last = play.pop().unwrap();
/// assert_eq!(play.position().uci(last).to_string(), "f6g8");
/// assert_eq!(play.status(), Status::Ongoing);
/// assert_eq!(play.start_fen().unwrap(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
/// ```
pub struct Playthrough {
    start: OwnedPosition,
    now: OwnedPosition,
    /// The moves played, each with the undo that takes it back.
    played: Vec<(Move, Undo)>,
    record: Record,
}

impl Playthrough {
    /// A game that starts at `start`.
    pub fn new(start: OwnedPosition) -> Playthrough {
        let record = Record::new(start.position());
        Playthrough {
            now: start.clone(),
            start,
            played: Vec::new(),
            record,
        }
    }

    /// A game from the start position of `game`.
    pub fn start(game: Arc<Game>) -> Playthrough {
        Playthrough::new(OwnedPosition::start(game))
    }

    /// The game.
    pub fn game(&self) -> &Arc<Game> {
        self.now.game()
    }

    /// The position now.
    pub fn position(&self) -> &Position<'_> {
        self.now.position()
    }

    /// The position now, as an owned value (a copy).
    pub fn owned_position(&self) -> OwnedPosition {
        self.now.clone()
    }

    /// The position the game started from.
    pub fn start_position(&self) -> &Position<'_> {
        self.start.position()
    }

    /// The start position in FEN, where FEN can describe the game.
    pub fn start_fen(&self) -> Option<String> {
        self.start_position().to_fen()
    }

    /// The moves played, the first first.
    pub fn moves(&self) -> impl ExactSizeIterator<Item = Move> + DoubleEndedIterator + '_ {
        self.played.iter().map(|(mv, _)| *mv)
    }

    /// The record of the positions played (for repetition), the start first.
    pub fn record(&self) -> &Record {
        &self.record
    }

    /// Plays `mv` if it is legal now.
    ///
    /// # Errors
    /// As [`Position::play`]; the game is left as it was.
    pub fn push(&mut self, mv: Move) -> Result<(), IllegalMove> {
        let undo = self.now.play(mv)?;
        self.record.push(self.now.position());
        self.played.push((mv, undo));
        Ok(())
    }

    /// Plays the move written `text` as [`Move::text`] writes it
    /// (UCI style), and returns it.
    ///
    /// # Errors
    /// When no legal move is written so.
    pub fn push_text(&mut self, text: &str) -> Result<Move, crate::ParseMoveError> {
        let mv = self.position().parse_move(text)?;
        // Only a position read unchecked lists a move `play` refuses (the
        // capture of a royal piece the rules keep uncapturable).
        self.push(mv).map_err(|_| crate::ParseMoveError {
            text: text.to_string(),
            legal_from_there: Vec::new(),
        })?;
        Ok(mv)
    }

    /// Takes back the last move and returns it; `None` at the start.
    pub fn pop(&mut self) -> Option<Move> {
        let (mv, undo) = self.played.pop()?;
        // The undos are this position's own, taken back last first, and
        // nothing else changes the position: the unchecked door.
        self.now.with_mut(|pos| pos.unmake(undo));
        self.record.pop();
        Some(mv)
    }

    /// How the game stands, its past included: checkmate, stalemate and the
    /// goals of the position ([`Position::status`]), then repetition, the
    /// clock and material ([`status_in_game`]).
    pub fn status(&self) -> Status {
        let mut pos = self.position().clone();
        status_in_game(&mut pos, &self.record)
    }

    /// How many times the position now has stood, itself included.
    pub fn occurrences(&self) -> usize {
        self.record.occurrences()
    }
}

/// A copy with the same start and moves, played again on a copy of the
/// start (undos belong to the position they were made on).
impl Clone for Playthrough {
    fn clone(&self) -> Playthrough {
        let mut copy = Playthrough::new(self.start.clone());
        for mv in self.moves() {
            let undo = copy.now.with_mut(|pos| pos.make(mv));
            copy.record.push(copy.now.position());
            copy.played.push((mv, undo));
        }
        copy
    }
}

impl fmt::Debug for Playthrough {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let game = self.game();
        let moves: Vec<String> = self.moves().map(|m| m.text(game)).collect();
        f.debug_struct("Playthrough")
            .field("start", &self.start)
            .field("moves", &moves)
            .finish()
    }
}
