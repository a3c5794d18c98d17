#!/usr/bin/env python3
"""Compares how games END with Fairy-Stockfish (pyffish): where and with what result.

differential.py compares legal moves and FENs at every ply, and the ends by
repetition; this plays seeded random games with their history to their end
as Fairy-Stockfish sees it (no legal move: `game_result`; a variant end:
`is_immediate_game_end`; an end a player may claim: `is_optional_game_end`,
the n-move rule, the n-fold repetition, janggi's bikjang and two passes in a
row, a full board), and checks that `tessera play --ai none`, given the same
moves, ends the game at the same ply with the same result. So results that
Fairy-Stockfish decides by counting material (`materialCounting`) where it
would otherwise draw are compared, whichever rule ended the game.

Games lean, each in its own way, toward passes (two passes end the game),
quiet moves (the n-move rule), taking moves back (repetition) or captures.

    python tests/fsf/ending_check.py --variants janggi,janggimodern --games 100
    python tests/fsf/ending_check.py --ini FILE.ini --sections janggihouse --games 100

Exit status 0 when every game ended alike, 1 on any mismatch, 2 on bad use.
"""

import argparse
import os
import random
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import differential  # noqa: E402  (reused: Tessera, tessera_end, pick, back_move)

import pyffish as sf  # noqa: E402


def fsf_end(variant, start, moves):
    """(ended, result for the side to move) of the game so far, as FSF sees it."""
    legal = sf.legal_moves(variant, start, moves)
    if not legal:
        return True, sf.game_result(variant, start, moves), legal
    over, value = sf.is_immediate_game_end(variant, start, moves)
    if over:
        return True, value, legal
    claim, value = sf.is_optional_game_end(variant, start, moves)
    if claim:
        return True, value, legal
    return False, 0, legal


def winner(fen, value):
    """'w', 'b' or 'draw' from a result for the side to move of `fen`."""
    black = fen.split()[1] == "b"
    mover, other = ("b", "w") if black else ("w", "b")
    return "draw" if value == 0 else mover if value > 0 else other


def play_game(variant, rng, plies, style):
    """A random game to its end or to `plies`: (moves, (ply, winner) or None)."""
    start = sf.start_fen(variant)
    moves = []
    fen = start
    for _ in range(plies):
        ended, value, legal = fsf_end(variant, start, moves)
        if ended:
            return moves, (len(moves), winner(fen, value))
        passes = [m for m in legal if differential.is_pass(m)]
        quiet = [m for m in legal if differential.destination(m) not in differential.board_of(fen)]
        back = differential.back_move(moves)
        if style == "pass" and passes and rng.random() < 0.4:
            move = rng.choice(passes)
        elif style == "quiet" and quiet and rng.random() < 0.9:
            move = rng.choice(quiet)
        elif style == "repeat" and back in legal and rng.random() < 0.7:
            move = back
        else:
            move = differential.pick(rng, fen, legal)
        moves.append(move)
        fen = sf.get_fen(variant, start, moves)
    ended, value, _ = fsf_end(variant, start, moves)
    return moves, ((len(moves), winner(fen, value)) if ended else None)


def reason(why):
    """A word for Tessera's reason of an end: what ended the game."""
    for word, short in (("pass", "passes"), ("fac", "facing"), ("repe", "repetition"),
                        ("clock", "clock"), ("halfmove", "clock"), ("checkmate", "mate"),
                        ("stalemate", "stalemate")):
        if word in why.lower():
            return short
    return "other"


def check(variant, game, tessera_exe, rng, games, plies, deadline):
    tessera = differential.Tessera(tessera_exe, game)
    played, bad, ends = 0, [], {}
    styles = ["pass", "quiet", "repeat", "any"]
    while played < games and time.time() < deadline:
        style = styles[played % len(styles)]
        moves, theirs = play_game(variant, rng, plies, style)
        ours, why = differential.tessera_end(tessera, moves)
        if ours != theirs:
            bad.append((moves, theirs, ours, why))
            break
        if theirs:
            key = f"{reason(why)} {theirs[1]}"
            ends[key] = ends.get(key, 0) + 1
        played += 1
    return played, ends, bad


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    root = os.path.dirname(os.path.dirname(here))
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tessera", default=os.path.join(root, "target/release/tessera"))
    ap.add_argument("--games-dir", default=os.path.join(root, "games"))
    ap.add_argument("--variants", help="comma-separated games of games/ (FSF's names)")
    ap.add_argument("--ini", help="a variants file: import it and check its sections")
    ap.add_argument("--sections", help="with --ini: comma-separated, default every section written")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--plies", type=int, default=400)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--budget", type=float, default=300, help="seconds for the whole run")
    args = ap.parse_args()

    pairs = []
    if args.ini:
        out = tempfile.mkdtemp(prefix="tessera-ending-")
        run = subprocess.run([args.tessera, "import", args.ini, "--out", out], capture_output=True, text=True)
        written = [l.split(": ")[0] for l in run.stdout.splitlines() if l.endswith(": written")]
        with open(args.ini, encoding="utf-8", errors="replace") as f:
            sf.load_variant_config(f.read())
        if args.sections:
            wanted = args.sections.split(",")
            missing = [s for s in wanted if s not in written]
            if missing:
                print(f"not written: {', '.join(missing)}", file=sys.stderr)
                return 2
            written = wanted
        pairs = [(s, os.path.join(out, s + ".game")) for s in written]
    elif args.variants:
        pairs = [(v, os.path.join(args.games_dir, v + ".game")) for v in args.variants.split(",")]
    else:
        print("give --variants or --ini", file=sys.stderr)
        return 2
    known = set(sf.variants())
    slice_ = args.budget / max(len(pairs), 1)
    failed = 0
    for variant, game in pairs:
        if variant not in known:
            print(f"{variant:24} not a variant of pyffish")
            failed += 1
            continue
        rng = random.Random(f"{args.seed}:{variant}")
        t0 = time.time()
        played, ends, bad = check(variant, game, args.tessera, rng, args.games, args.plies, t0 + slice_)
        summary = ", ".join(f"{k} {v}" for k, v in sorted(ends.items()))
        print(f"{variant:24} {played:5} games ended alike ({summary}) {time.time() - t0:6.1f} s"
              f"  {'MISMATCH' if bad else 'ok'}")
        for moves, theirs, ours, why in bad:
            failed += 1
            print(f"  FSF: {theirs}; Tessera: {ours} {why}")
            print(f"  moves: {' '.join(moves)}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
