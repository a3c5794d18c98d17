#!/usr/bin/env python3
"""Live check of Tessera's SFEN and USI moves against Fairy-Stockfish (pyffish).

For each game of the shogi family that Fairy-Stockfish also plays
(games/V.game, V its variant name), play seeded random games from
pyffish.start_fen(V), picked as differential.py picks them. One `tessera usi
games/V.game` session follows each game; at every ply it is told the game so
far in USI (`position startpos moves 7g7f ...`, FSF's moves converted to
USI's cells: files numbered from the right, ranks lettered from the top,
`*` for a drop) and asked `d`, which answers with the position in SFEN and
its legal moves in USI. Then:

- the SFEN must be pyffish's (`get_fen(V, start, moves, False, True)`), but
  for the order of the hand, which Tessera writes in USI's order (R B G S N
  L P) and Fairy-Stockfish in its own: the hands are compared as counts;
- the legal moves must be pyffish's, converted to USI;
- every fifth ply, Tessera is told FSF's SFEN itself (`position sfen ...`)
  and must write it back and list the same moves (reading SFEN); but where
  checks given have been counted (checkshogi), which SFEN cannot say.

    python tests/fsf/sfen_check.py --tessera target/release/tessera --budget 60
    python tests/fsf/sfen_check.py --variants shogi,kyotoshogi --games 5 --seed 7

Exit status 0 when everything agreed, 1 on any mismatch, 2 on bad use.
"""

import argparse
import os
import random
import re
import subprocess
import sys
import time

import pyffish as sf

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from differential import pick  # noqa: E402

FAMILY = [
    "shogi", "minishogi", "kyotoshogi", "euroshogi", "judkins", "dobutsu",
    "gorogoro", "torishogi", "yarishogi", "okisakishogi", "shoshogi",
    "checkshogi",
]

MOVE = re.compile(r"^([a-z])(\d+)([a-z])(\d+)(.*)$")
DROP = re.compile(r"^(\+?[A-Za-z])@([a-z])(\d+)$")


def dimensions(fen):
    """(files, ranks) of a FEN's placement."""
    rows = fen.split()[0].split("[")[0].split("/")
    width = 0
    for ch in re.sub(r"\d+", lambda m: "." * int(m.group()), rows[0]):
        if ch.isalpha() or ch == ".":
            width += 1
    return width, len(rows)


def usi_cell(file_letter, rank, size):
    files, ranks = size
    return f"{files - (ord(file_letter) - ord('a'))}{chr(ord('a') + ranks - int(rank))}"


def to_usi(move, size):
    """FSF's UCI-style move in USI's words."""
    m = DROP.match(move)
    if m:
        return f"{m.group(1)}*{usi_cell(m.group(2), m.group(3), size)}"
    m = MOVE.match(move)
    if not m:
        return move
    return usi_cell(m.group(1), m.group(2), size) + usi_cell(m.group(3), m.group(4), size) + m.group(5)


def hand_counts(hand):
    """`2Pb` as {'P': 2, 'b': 1}."""
    counts = {}
    for n, letter in re.findall(r"(\d*)([A-Za-z])", "" if hand == "-" else hand):
        counts[letter] = counts.get(letter, 0) + int(n or 1)
    return counts


def checks_of(fen):
    """The check-count field of a FEN (`1+1`), or None."""
    return next((f for f in fen.split()[1:] if re.fullmatch(r"\d+\+\d+", f)), None)


def same_sfen(ours, theirs):
    a, b = ours.split(), theirs.split()
    return (
        len(a) == len(b) == 4
        and a[0] == b[0]
        and a[1] == b[1]
        and a[3] == b[3]
        and hand_counts(a[2]) == hand_counts(b[2])
    )


class Session:
    """A `tessera usi` process on one game."""

    def __init__(self, exe, game):
        self.proc = subprocess.Popen(
            [exe, "usi", game],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            bufsize=1,
        )

    def ask(self, position):
        """The SFEN and legal moves Tessera gives for a `position` line."""
        self.proc.stdin.write(f"{position}\nd\n")
        self.proc.stdin.flush()
        sfen, moves = None, None
        while moves is None:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError("tessera usi ended")
            line = line.rstrip("\n")
            if line.startswith("info string error: "):
                return None, line
            if line.startswith("info string sfen "):
                sfen = line[len("info string sfen "):]
            elif line.startswith("info string moves"):
                moves = line[len("info string moves"):].split()
        return sfen, sorted(moves)

    def close(self):
        try:
            self.proc.stdin.write("quit\n")
            self.proc.stdin.close()
        except BrokenPipeError:
            pass
        self.proc.wait(timeout=10)


def check_variant(exe, variant, games, plies, rng, deadline):
    start = sf.start_fen(variant)
    size = dimensions(start)
    positions = mismatches = 0
    for _ in range(games):
        if time.time() > deadline:
            break
        session = Session(exe, f"games/{variant}.game")
        moves = []
        try:
            for ply in range(plies):
                legal = sf.legal_moves(variant, start, moves)
                theirs = sf.get_fen(variant, start, moves, False, True)
                expected = sorted(to_usi(m, size) for m in legal)
                tries = [f"position startpos moves {' '.join(to_usi(m, size) for m in moves)}"]
                counted = checks_of(sf.get_fen(variant, start, moves)) != checks_of(start)
                if ply % 5 == 0 and not counted:
                    tries.append(f"position sfen {theirs}")
                for position in tries:
                    ours, listed = session.ask(position)
                    positions += 1
                    if ours is None or not same_sfen(ours, theirs) or listed != expected:
                        mismatches += 1
                        print(f"MISMATCH {variant}: {position}")
                        print(f"  FSF:     {theirs}")
                        print(f"  Tessera: {ours if ours is not None else listed}")
                        if ours is not None and listed != expected:
                            print(f"  only in Tessera: {sorted(set(listed) - set(expected))}")
                            print(f"  only in FSF:     {sorted(set(expected) - set(listed))}")
                        return positions, mismatches
                if not legal or sf.is_optional_game_end(variant, start, moves)[0]:
                    break
                moves.append(pick(rng, sf.get_fen(variant, start, moves), legal))
        finally:
            session.close()
    return positions, mismatches


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tessera", default="target/release/tessera")
    parser.add_argument("--variants", default=",".join(FAMILY))
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--plies", type=int, default=150)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--budget", type=float, default=60.0, help="seconds in all")
    args = parser.parse_args()
    variants = [v for v in args.variants.split(",") if v]
    known = set(sf.variants())
    for v in variants:
        if v not in known or not os.path.exists(f"games/{v}.game"):
            print(f"unknown variant {v}", file=sys.stderr)
            return 2
    rng = random.Random(args.seed)
    began = time.time()
    share = args.budget / max(len(variants), 1)
    failed = False
    for i, v in enumerate(variants):
        deadline = began + share * (i + 1)
        positions, mismatches = check_variant(args.tessera, v, args.games, args.plies, rng, deadline)
        print(f"{v}: {positions} positions, {mismatches} mismatches")
        failed |= mismatches > 0
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
