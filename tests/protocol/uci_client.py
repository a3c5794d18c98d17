#!/usr/bin/env python3
"""Tessera's UCI, driven by a real client: python-chess's engine module.

python-chess also knows the rules of chess and of seven variants that
Fairy-Stockfish names the same way (crazyhouse, atomic, 3check,
kingofthehill, antichess, horde, racingkings), so it referees: Tessera plays
each of those games against itself, python-chess sends the positions and
checks that every move Tessera answers is legal by its own rules, and the
games go on until python-chess says they are over or a ply cap.

    python tests/protocol/uci_client.py --tessera target/release/tessera

Exit status 0 when every move was legal and every `go` was answered.
"""

import argparse
import os
import sys
import time

import chess
import chess.engine
import chess.variant

BOARDS = {
    "chess": chess.Board,
    "crazyhouse": chess.variant.CrazyhouseBoard,
    "atomic": chess.variant.AtomicBoard,
    "3check": chess.variant.ThreeCheckBoard,
    "kingofthehill": chess.variant.KingOfTheHillBoard,
    "antichess": chess.variant.AntichessBoard,
    "horde": chess.variant.HordeBoard,
    "racingkings": chess.variant.RacingKingsBoard,
}


def play(engine, name, plies, movetime):
    return play_board(engine, BOARDS[name](), name, plies, movetime)


def play_board(engine, board, name, plies, movetime):
    """Plays `board` to its end or `plies`, checking each move is legal; the
    plies played and the result. The XBoard client shares it."""
    moves = 0
    while not board.is_game_over() and moves < plies:
        result = engine.play(board, chess.engine.Limit(time=movetime), info=chess.engine.INFO_ALL)
        if result.move is None:
            raise AssertionError(f"{name}: no move in {board.fen()}")
        if result.move not in board.legal_moves:
            raise AssertionError(f"{name}: illegal {result.move} in {board.fen()}")
        board.push(result.move)
        moves += 1
    return moves, board.result(claim_draw=False) if board.is_game_over() else "*"


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    root = os.path.dirname(os.path.dirname(here))
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tessera", default=os.path.join(root, "target/release/tessera"))
    ap.add_argument("--plies", type=int, default=60)
    ap.add_argument("--movetime", type=float, default=0.02)
    args = ap.parse_args()
    games = [os.path.join(root, "games", f"{n}.game") for n in BOARDS]
    engine = chess.engine.SimpleEngine.popen_uci([args.tessera, "uci", *games])
    try:
        offered = engine.options["UCI_Variant"].var
        missing = [n for n in BOARDS if n not in offered]
        assert not missing, f"UCI_Variant lacks {missing}"
        for name in BOARDS:
            t0 = time.time()
            n, result = play(engine, name, args.plies, args.movetime)
            print(f"{name:15} {n:3} plies, result {result:7} {time.time() - t0:5.1f} s  ok")
    finally:
        engine.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
