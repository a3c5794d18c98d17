#!/usr/bin/env python3
"""PGN written by Tessera is read by python-chess to the same position.

For chess, crazyhouse, atomic, antichess, 3check, kingofthehill, racingkings
and horde: `tessera match games/V.game random random --pgn OUT` plays
seeded random games from the start and writes them; python-chess reads each
(`chess.pgn.read_game`, which takes the board of the `Variant` tag) and
plays it; the position it reaches must be the one `tessera show
games/V.game --pgn GAME` reaches (FEN, en passant written as X-FEN and
Fairy-Stockfish write it: where a capture could use it). The halfmove clock
of crazyhouse is left out: Fairy-Stockfish, and so Tessera, reset it on a
drop, python-chess does not.

    python tests/fsf/pgn_check.py --games 4 --seed 1

Exit status 0 when every game agreed, 1 on any difference, 2 on bad use.
"""

import argparse
import io
import os
import re
import subprocess
import sys
import tempfile
import time

import chess
import chess.pgn
import chess.variant

GAMES = ["chess", "crazyhouse", "atomic", "antichess", "3check", "kingofthehill", "racingkings", "horde"]


def tessera_fen(exe, game, pgn_path):
    """The FEN `tessera show --pgn` prints, or the error."""
    run = subprocess.run([exe, "show", game, "--pgn", pgn_path], capture_output=True, text=True)
    if run.returncode != 0:
        return None, run.stderr.strip()
    for line in run.stdout.splitlines():
        if line.startswith("FEN: "):
            return line[len("FEN: "):].strip(), None
    return None, "no FEN line in:\n" + run.stdout


def same_but_clock(a, b):
    """Whether two FENs differ in their halfmove clock at most."""
    fa, fb = a.split(), b.split()
    return len(fa) == len(fb) and all(x == y for i, (x, y) in enumerate(zip(fa, fb)) if i != len(fa) - 2)


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    root = os.path.dirname(os.path.dirname(here))
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tessera", default=os.path.join(root, "target/release/tessera"))
    ap.add_argument("--games-dir", default=os.path.join(root, "games"))
    ap.add_argument("--games", type=int, default=4, help="games per variant")
    ap.add_argument("--max-plies", type=int, default=300)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    if not os.access(args.tessera, os.X_OK):
        print(f"no tessera binary at {args.tessera}; build it with cargo build --release", file=sys.stderr)
        return 2

    began = time.time()
    bad = compared = 0
    with tempfile.TemporaryDirectory() as tmp:
        for stem in GAMES:
            game = os.path.join(args.games_dir, stem + ".game")
            out = os.path.join(tmp, stem + ".pgn")
            run = subprocess.run(
                [args.tessera, "match", game, "random", "random", "--games", str(args.games),
                 "--max-plies", str(args.max_plies), "--seed", str(args.seed), "--pgn", out],
                capture_output=True, text=True,
            )
            if run.returncode != 0:
                print(f"MISMATCH {stem}: tessera match failed: {run.stderr.strip()}")
                bad += 1
                continue
            with open(out) as f:
                text = f.read()
            stream = io.StringIO(text)
            # Tessera's own text of each game, for `show --pgn`.
            written = re.split(r"\n\n(?=\[Event )", text)
            plies = 0
            for i in range(args.games):
                record = chess.pgn.read_game(stream)
                if record is None:
                    print(f"MISMATCH {stem}: python-chess read {i} games of {args.games}")
                    bad += 1
                    break
                if record.errors:
                    print(f"MISMATCH {stem} game {i + 1}: python-chess: {record.errors[0]}")
                    bad += 1
                    continue
                board = record.end().board()
                plies += board.ply()
                one = os.path.join(tmp, f"{stem}-{i + 1}.pgn")
                with open(one, "w") as f:
                    f.write(written[i] if i < len(written) else "")
                ours, error = tessera_fen(args.tessera, game, one)
                theirs = board.fen(en_passant="xfen")
                compared += 1
                if ours != theirs and not (stem == "crazyhouse" and ours and same_but_clock(ours, theirs)):
                    bad += 1
                    print(f"MISMATCH {stem} game {i + 1}:\n  Tessera       {ours or error}\n  python-chess  {theirs}")
                    print("  " + str(record).replace("\n", "\n  "))
            print(f"{stem:14} {args.games} games, {plies} plies", flush=True)
    print(f"total: {compared} games compared, {bad} mismatches, {time.time() - began:.0f} s")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
