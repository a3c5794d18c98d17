//! The Pythonic face: `Game` (a compiled rule file) and `Position` (a game
//! in progress: the library's `Playthrough`, which owns a share of its game,
//! with `push` and `pop` and the record that repetition reads).

use std::sync::Arc;
use std::time::Duration;

use pyo3::create_exception;
use pyo3::exceptions::{PyIndexError, PyValueError};
use pyo3::prelude::*;
use tessera::notation::own;
use tessera::{Limits, Move, OwnedPosition, Playthrough, Reason, Searcher, Side, Status};

use crate::games;

create_exception!(
    tessera,
    RulesError,
    PyValueError,
    "A rule file that does not compile; the message shows every error with its line."
);
create_exception!(
    tessera,
    IllegalMoveError,
    PyValueError,
    "A move that is not legal in the position, or does not read."
);

/// Adds the classes and exceptions to the module `m`.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Game>()?;
    m.add_class::<Position>()?;
    m.add_class::<Outcome>()?;
    m.add("RulesError", m.py().get_type::<RulesError>())?;
    m.add("IllegalMoveError", m.py().get_type::<IllegalMoveError>())?;
    Ok(())
}

/// A game compiled from a rule file; immutable, shared by its positions.
#[pyclass(module = "tessera", frozen)]
pub struct Game {
    game: Arc<tessera::Game>,
}

#[pymethods]
impl Game {
    /// Reads and compiles the rule file at `path`.
    ///
    /// Raises RulesError with every error (file, line, column) where it does
    /// not compile, OSError where it cannot be read.
    #[staticmethod]
    fn load(path: &str) -> PyResult<Game> {
        let text = tessera::read_rule_file(path)
            .map_err(|e| pyo3::exceptions::PyOSError::new_err(e.to_string()))?;
        compiled(&text, path)
    }

    /// Compiles rule text. Raises RulesError where it does not compile.
    #[staticmethod]
    fn from_str(text: &str) -> PyResult<Game> {
        compiled(text, "<string>")
    }

    /// A game bundled with Tessera, by its name (`"chess"`, `"shogi"`), as
    /// `tessera.Game.builtins()` lists them, or a variant loaded with
    /// `tessera.pyffish.load_variant_config`.
    #[staticmethod]
    fn builtin(name: &str) -> PyResult<Game> {
        Ok(Game {
            game: games::by_name(name)?,
        })
    }

    /// The names of the bundled games.
    #[staticmethod]
    fn builtins() -> Vec<&'static str> {
        tessera_cli::bundled::GAMES.iter().map(|g| g.name).collect()
    }

    /// The game's title (`game "NAME"`).
    #[getter]
    fn title(&self) -> &str {
        self.game.title()
    }

    /// The names of the board's cells, in the game's order.
    #[getter]
    fn cells(&self) -> Vec<String> {
        self.game.cell_names().map(str::to_string).collect()
    }

    /// The start position.
    fn start(&self) -> Position {
        Position::new(OwnedPosition::start(self.game.clone()))
    }

    /// The position a FEN describes. Raises ValueError where it does not
    /// read, or describes a position that cannot arise in play.
    #[pyo3(name = "from_fen")]
    fn read_fen(&self, fen: &str) -> PyResult<Position> {
        let pos = OwnedPosition::from_fen(self.game.clone(), fen)
            .map_err(|e| PyValueError::new_err(format!("invalid FEN: {e}")))?;
        Ok(Position::new(pos))
    }

    /// The position written in Tessera's own position notation (as
    /// `Position.text()` writes it, for any board).
    #[pyo3(name = "from_text")]
    fn read_text(&self, text: &str) -> PyResult<Position> {
        let pos = OwnedPosition::from_text(self.game.clone(), text)
            .map_err(|e| PyValueError::new_err(format!("invalid position: {e}")))?;
        Ok(Position::new(pos))
    }

    fn __repr__(&self) -> String {
        format!("<tessera.Game {:?}>", self.game.title())
    }
}

/// A game in progress: a start position and the moves played since.
#[pyclass(module = "tessera")]
#[derive(Clone)]
pub struct Position {
    play: Playthrough,
}

impl Position {
    fn new(start: OwnedPosition) -> Position {
        Position {
            play: Playthrough::new(start),
        }
    }

    fn uci(&self, mv: Move) -> String {
        self.play.position().uci(mv).to_string()
    }

    /// The legal move written `text` in UCI.
    fn parse(&self, text: &str) -> PyResult<Move> {
        self.play
            .position()
            .parse_move(text)
            .map_err(|e| IllegalMoveError::new_err(e.to_string()))
    }
}

#[pymethods]
impl Position {
    /// The game of this position.
    #[getter]
    fn game(&self) -> Game {
        Game {
            game: self.play.game().clone(),
        }
    }

    /// The side to move: "white" or "black".
    #[getter]
    fn turn(&self) -> &'static str {
        self.play.position().side_to_move().name()
    }

    /// The moves played since the start, in UCI.
    #[getter]
    fn moves(&self) -> Vec<String> {
        self.play.moves().map(|m| self.uci(m)).collect()
    }

    /// The legal moves, in UCI (`e2e4`, `e7e8q`, `P@e4`), in the order
    /// Tessera generates them. None where the game is over by its rules.
    fn legal_moves(&self) -> Vec<String> {
        let pos = self.play.position();
        pos.legal_moves()
            .into_iter()
            .map(|m| pos.uci(m).to_string())
            .collect()
    }

    /// Plays `move`, written in UCI or in the game's own notation (SAN for
    /// most games). Raises IllegalMoveError where it is not legal here.
    fn push(&mut self, r#move: &str) -> PyResult<()> {
        let pos = self.play.position();
        let mv = match pos.parse_move(r#move) {
            Ok(m) => m,
            Err(e) => {
                own::parse(pos, r#move).map_err(|_| IllegalMoveError::new_err(e.to_string()))?
            }
        };
        self.play
            .push(mv)
            .map_err(|e| IllegalMoveError::new_err(e.to_string()))
    }

    /// Takes back the last move and returns it (UCI). Raises IndexError
    /// where no move has been played.
    fn pop(&mut self) -> PyResult<String> {
        let mv = self
            .play
            .pop()
            .ok_or_else(|| PyIndexError::new_err("pop from a position with no move played"))?;
        Ok(self.uci(mv))
    }

    /// The position in FEN. Raises ValueError for a game FEN cannot write
    /// (see `text()`).
    fn fen(&self) -> PyResult<String> {
        self.play.position().to_fen().ok_or_else(|| {
            PyValueError::new_err("FEN cannot write this game's positions; text() can")
        })
    }

    /// The position in Tessera's own notation, for any board; it reads back
    /// with `Game.from_text`.
    fn text(&self) -> String {
        self.play.position().to_string()
    }

    /// The legal move `move` (UCI) in the game's own notation: SAN for most
    /// games, the notation the rule file names for others (shogi's Hodges,
    /// xiangqi's WXF).
    fn san(&self, r#move: &str) -> PyResult<String> {
        let mv = self.parse(r#move)?;
        Ok(own::format(self.play.position(), &mv))
    }

    /// Whether the side to move is in check.
    fn is_check(&self) -> bool {
        self.play.position().is_check()
    }

    /// Whether the legal move `move` (UCI) gives check.
    fn gives_check(&self, r#move: &str) -> PyResult<bool> {
        let mv = self.parse(r#move)?;
        Ok(self.play.position().gives_check(mv))
    }

    /// Whether the legal move `move` (UCI) captures.
    fn is_capture(&self, r#move: &str) -> PyResult<bool> {
        let mv = self.parse(r#move)?;
        Ok(self.play.position().is_capture(&mv))
    }

    /// Whether `side` ("white" or "black"; the side to move when omitted)
    /// has too little material to win, as Fairy-Stockfish judges it.
    #[pyo3(signature = (side=None))]
    fn has_insufficient_material(&self, side: Option<&str>) -> PyResult<bool> {
        let pos = self.play.position();
        let side = match side {
            None => pos.side_to_move(),
            Some("white") => tessera::Side::White,
            Some("black") => tessera::Side::Black,
            Some(other) => {
                return Err(pyo3::exceptions::PyValueError::new_err(format!(
                    "side {other:?}: white or black"
                )))
            }
        };
        Ok(pos.has_insufficient_material(side))
    }

    /// A hash of the position (board, side to move, rights, hands).
    fn key(&self) -> u64 {
        self.play.position().key()
    }

    /// How the game stands: going on, or over, with the winner and the goal
    /// that ended it (repetition and the move clock included, from the moves
    /// played).
    fn status(&self) -> Outcome {
        Outcome::of(self.play.status())
    }

    /// The number of move sequences of `depth` plies from here.
    fn perft(&self, py: Python<'_>, depth: u16) -> u64 {
        let mut owned = self.play.owned_position();
        py.detach(|| owned.with_mut(|pos| tessera::perft(pos, depth)))
    }

    /// The move Tessera's search plays here (UCI), searching for `time`
    /// seconds, or to `depth` plies, or `nodes` nodes (the first limit
    /// reached ends it; 1 second where none is given); None where the game
    /// is over.
    #[pyo3(signature = (time=None, depth=None, nodes=None))]
    fn best_move(
        &self,
        py: Python<'_>,
        time: Option<f64>,
        depth: Option<u32>,
        nodes: Option<u64>,
    ) -> PyResult<Option<String>> {
        let time = match time {
            Some(t) if !(t.is_finite() && t >= 0.0) => {
                return Err(PyValueError::new_err(
                    "time must be a number of seconds, 0 or more",
                ))
            }
            Some(t) => Some(Duration::from_secs_f64(t.min(1e6))),
            None if depth.is_none() && nodes.is_none() => Some(Duration::from_secs(1)),
            None => None,
        };
        let limits = Limits { depth, nodes, time };
        let mut owned = self.play.owned_position();
        let record = self.play.record();
        let best = py.detach(|| {
            owned.with_mut(|pos| {
                let mut searcher = Searcher::new(pos.game(), 16);
                let report = searcher.search(pos, record, &limits, |_| {}).ok()?;
                report.pv.first().map(|m| pos.uci(*m).to_string())
            })
        });
        Ok(best)
    }

    /// A copy that plays on independently.
    fn copy(&self) -> Position {
        self.clone()
    }

    fn __copy__(&self) -> Position {
        self.clone()
    }

    /// The board drawn as text.
    fn __str__(&self) -> String {
        tessera::show::draw(&mut self.play.position().clone())
    }

    fn __repr__(&self) -> String {
        format!("<tessera.Position {:?}>", self.text())
    }
}

/// How a game stands.
#[pyclass(module = "tessera", frozen, get_all)]
pub struct Outcome {
    /// Whether the game is over.
    is_over: bool,
    /// "white", "black", or None for a draw or a game that goes on.
    winner: Option<&'static str>,
    /// The goal that ended the game ("checkmate", "stalemate",
    /// "repetition"…), None while it goes on.
    reason: Option<&'static str>,
    /// "1-0", "0-1", "1/2-1/2", or "*" while the game goes on.
    result: &'static str,
}

impl Outcome {
    fn of(status: Status) -> Outcome {
        match status {
            Status::Ongoing => Outcome {
                is_over: false,
                winner: None,
                reason: None,
                result: "*",
            },
            Status::Over { winner, reason, .. } => Outcome {
                is_over: true,
                winner: winner.map(Side::name),
                reason: Some(reason_name(reason)),
                result: status.result_text(),
            },
        }
    }
}

#[pymethods]
impl Outcome {
    fn __repr__(&self) -> String {
        match self.reason {
            Some(reason) => format!("<tessera.Outcome {} by {reason}>", self.result),
            None => "<tessera.Outcome * (the game goes on)>".to_string(),
        }
    }
}

/// The name Python sees for a reason.
fn reason_name(reason: Reason) -> &'static str {
    match reason {
        Reason::Checkmate => "checkmate",
        Reason::Stalemate => "stalemate",
        Reason::BareRoyal => "bare royal",
        Reason::Extinction => "extinction",
        Reason::Reached => "reached",
        Reason::Checks => "checks",
        Reason::Facing => "facing",
        Reason::Passes => "passes",
        Reason::Repetition => "repetition",
        Reason::Clock => "clock",
        Reason::Material => "material",
    }
}

/// A game compiled from `text`, its errors rendered under `file`.
fn compiled(text: &str, file: &str) -> PyResult<Game> {
    let game = tessera::compile_str(text).map_err(|e| RulesError::new_err(e.render(file, text)))?;
    Ok(Game {
        game: Arc::new(game),
    })
}
