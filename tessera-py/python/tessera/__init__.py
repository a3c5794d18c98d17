"""Tessera: chess variants from rule files, from Python.

Two faces:

* ``tessera.pyffish``: a drop-in for Fairy-Stockfish's pyffish
  (``import tessera.pyffish as sf``).
* ``Game`` and ``Position``: a game compiled from a rule file, and games in
  progress that play and take back moves.

    >>> import tessera
    >>> pos = tessera.Game.builtin("chess").start()
    >>> len(pos.legal_moves())
    20
    >>> pos.push("e2e4")
    >>> pos.fen()
    'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1'
"""

from tessera._tessera import Game, IllegalMoveError, Outcome, Position, RulesError

__all__ = ["Game", "IllegalMoveError", "Outcome", "Position", "RulesError"]
