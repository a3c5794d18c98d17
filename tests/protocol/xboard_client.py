#!/usr/bin/env python3
"""Tessera's XBoard protocol, driven by a real client: python-chess's engine module.

python-chess speaks CECP 2 (`xboard`, `protover 2`, `new`, `variant`,
`force`, `usermove`, `st`/`sd`, `go`, `ping`, `result`, `quit`) and knows
the rules of chess and of seven variants whose XBoard names Tessera's files
share (crazyhouse, atomic, 3check, kingofthehill, giveaway, horde,
racingkings), so it referees: Tessera plays each of those games against
itself, python-chess checks that every move is legal by its own rules, and
the games go on until python-chess says they are over or a ply cap.

    python tests/protocol/xboard_client.py --tessera target/release/tessera

Exit status 0 when every move was legal and every `go` was answered.
"""

import argparse
import os
import sys
import time

import chess
import chess.engine
import chess.variant

from uci_client import play_board

# Tessera's file name, and the board that knows its rules (and its XBoard name).
BOARDS = {
    "chess": chess.Board,
    "crazyhouse": chess.variant.CrazyhouseBoard,
    "atomic": chess.variant.AtomicBoard,
    "3check": chess.variant.ThreeCheckBoard,
    "kingofthehill": chess.variant.KingOfTheHillBoard,
    "giveaway": chess.variant.GiveawayBoard,
    "horde": chess.variant.HordeBoard,
    "racingkings": chess.variant.RacingKingsBoard,
}


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    root = os.path.dirname(os.path.dirname(here))
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tessera", default=os.path.join(root, "target/release/tessera"))
    ap.add_argument("--plies", type=int, default=60)
    ap.add_argument("--movetime", type=float, default=0.05)
    args = ap.parse_args()
    games = [os.path.join(root, "games", f"{n}.game") for n in BOARDS]
    engine = chess.engine.SimpleEngine.popen_xboard([args.tessera, "xboard", *games])
    try:
        offered = engine.protocol.features.get("variants", "").split(",")
        wanted = [BOARDS[n].xboard_variant for n in BOARDS]
        missing = [v for v in wanted if v not in offered]
        assert not missing, f"feature variants lacks {missing}: {offered}"
        for name in BOARDS:
            t0 = time.time()
            n, result = play_board(engine, BOARDS[name](), name, args.plies, args.movetime)
            print(f"{name:15} {n:3} plies, result {result:7} {time.time() - t0:5.1f} s  ok")
    finally:
        engine.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
