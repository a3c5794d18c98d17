"""Type hints of the package `tessera` (the native classes)."""

from typing import List, Optional

__all__ = ["Game", "IllegalMoveError", "Outcome", "Position", "RulesError"]

class RulesError(ValueError):
    """A rule file that does not compile; the message shows every error with its line."""

class IllegalMoveError(ValueError):
    """A move that is not legal in the position, or does not read."""

class Game:
    """A game compiled from a rule file; immutable, shared by its positions."""

    @staticmethod
    def load(path: str) -> "Game":
        """Reads and compiles the rule file at `path` (RulesError, OSError)."""
    @staticmethod
    def from_str(text: str) -> "Game":
        """Compiles rule text (RulesError)."""
    @staticmethod
    def builtin(name: str) -> "Game":
        """A bundled game by name ("chess", "shogi"), or a loaded variant."""
    @staticmethod
    def builtins() -> List[str]:
        """The names of the bundled games."""
    @property
    def title(self) -> str:
        """The game's title (`game "NAME"`)."""
    @property
    def cells(self) -> List[str]:
        """The names of the board's cells."""
    def start(self) -> "Position":
        """The start position."""
    def from_fen(self, fen: str) -> "Position":
        """The position a FEN describes (ValueError)."""
    def from_text(self, text: str) -> "Position":
        """The position in Tessera's own notation, as Position.text() writes it."""

class Outcome:
    """How a game stands."""

    is_over: bool
    winner: Optional[str]
    """"white", "black", or None for a draw or a game that goes on."""
    reason: Optional[str]
    """The goal that ended the game ("checkmate", "repetition"…), None while it goes on."""
    result: str
    """"1-0", "0-1", "1/2-1/2", or "*"."""

class Position:
    """A game in progress: a start position and the moves played since."""

    @property
    def game(self) -> Game: ...
    @property
    def turn(self) -> str:
        """The side to move: "white" or "black"."""
    @property
    def moves(self) -> List[str]:
        """The moves played since the start, in UCI."""
    def legal_moves(self) -> List[str]:
        """The legal moves in UCI; none where the game is over by its rules."""
    def push(self, move: str) -> None:
        """Plays a move in UCI or in the game's own notation (IllegalMoveError)."""
    def pop(self) -> str:
        """Takes back the last move and returns it (IndexError when none)."""
    def fen(self) -> str:
        """The position in FEN (ValueError for a game FEN cannot write)."""
    def text(self) -> str:
        """The position in Tessera's own notation, for any board."""
    def san(self, move: str) -> str:
        """The legal move (UCI) in the game's own notation (SAN for most games)."""
    def is_check(self) -> bool:
        """Whether the side to move is in check."""
    def gives_check(self, move: str) -> bool:
        """Whether the legal move (UCI) gives check."""
    def is_capture(self, move: str) -> bool:
        """Whether the legal move (UCI) captures."""
    def has_insufficient_material(self, side: Optional[str] = None) -> bool:
        """Whether `side` ("white", "black"; the side to move by default) has too little material to win, as Fairy-Stockfish judges it."""
    def key(self) -> int:
        """A hash of the position."""
    def status(self) -> Outcome:
        """How the game stands, its record (repetition, the clock) included."""
    def perft(self, depth: int) -> int:
        """The number of move sequences of `depth` plies from here."""
    def best_move(
        self, time: Optional[float] = None, depth: Optional[int] = None, nodes: Optional[int] = None
    ) -> Optional[str]:
        """The search's move (UCI) within the limits (1 s when none); None where the game is over."""
    def copy(self) -> "Position":
        """A copy that plays on independently."""
    def __copy__(self) -> "Position": ...
