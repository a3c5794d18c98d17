"""A drop-in for Fairy-Stockfish's pyffish (0.0.90), answered by Tessera.

    import tessera.pyffish as sf
    sf.legal_moves("chess", sf.start_fen("chess"), ["e2e4"])

The same functions, arguments, return values and constants as pyffish, over
Tessera's bundled games (by Fairy-Stockfish's variant names) and the sections
of any `load_variant_config` text. Each call is stateless, as pyffish's.
Where Tessera cannot give pyffish's answer (a partner board, fog of war,
makruk's counting) the call raises NotImplementedError; a bad FEN or an
illegal move raises ValueError.
"""

from tessera import _tessera

_native = _tessera.pyffish

__all__ = [name for name in dir(_native) if not name.startswith("_")]
globals().update({name: getattr(_native, name) for name in __all__})
