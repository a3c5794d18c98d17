"""Plays games that end in repeated cycles and compares how they end.

Each game plays some random moves, then cycles: the side to move makes a
quiet move, the other side one, and both take them back, the four moves
played three times over (moves of the pieces that move along lines and of
the horses first, so that attacks come and go). Where pyffish ends the game
(is_optional_game_end, with the history), `tessera play` must end it at the
same ply with the same result, and must not end it where FSF plays on: so the
rules of perpetual check and perpetual chase are compared on positions where
they matter. It reuses differential.py's comparison.

    target/fsf-venv/bin/python tests/fsf/cycles.py --variants xiangqi --games 200 --seed 1
    target/fsf-venv/bin/python tests/fsf/cycles.py --variants xiangqi --ini FILE.ini --games-dir DIR
"""

import argparse
import os
import random
import sys
import time

import pyffish as sf

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import differential as d  # noqa: E402


def reverse(m):
    return d.back_move([m, None])


def play_game(variant, tessera, rng, lead):
    start = sf.start_fen(variant)
    moves = []

    def legal():
        return sf.legal_moves(variant, start, moves)

    def over():
        if not legal() or sf.is_immediate_game_end(variant, start, moves)[0]:
            return "over"
        claim = sf.is_optional_game_end(variant, start, moves)
        if claim[0]:
            return (len(moves), claim[1])
        return None

    for _ in range(rng.randrange(lead + 1)):
        ms = legal()
        if not ms:
            return None
        moves.append(rng.choice(ms))
        if over():
            return None
    for _ in range(12):
        fen = sf.get_fen(variant, start, moves)
        board = d.board_of(fen)
        cycle = []
        for _ in range(2):
            ms = [m for m in legal() if reverse(m)]
            quiet = [m for m in ms if d.destination(m) not in board] or ms
            if not quiet:
                return None
            m = rng.choice(quiet)
            cycle.append(m)
            moves.append(m)
            end = over()
            if end:
                return start, moves, end
            fen = sf.get_fen(variant, start, moves)
            board = d.board_of(fen)
        back = [reverse(cycle[0]), reverse(cycle[1])]
        loop = back + cycle
        for rep in range(5):
            for m in loop if rep else back:
                if m not in legal():
                    break
                moves.append(m)
                end = over()
                if end:
                    return start, moves, end
            else:
                continue
            break
    return start, moves, None


def hunt(variant, rng, lead, keep):
    """Games that end by a cycle of two moves and their reverses played
    three times over from a random position: every pair of quiet moves
    tried, those FSF ends with a winner first (up to `keep`), then as many
    drawn ones."""
    start = sf.start_fen(variant)
    moves = []
    for _ in range(rng.randrange(lead + 1)):
        ms = sf.legal_moves(variant, start, moves)
        if not ms:
            return []
        moves.append(rng.choice(ms))
        if sf.is_optional_game_end(variant, start, moves)[0] or sf.is_immediate_game_end(variant, start, moves)[0]:
            return []
    won, drawn = [], []
    board = d.board_of(sf.get_fen(variant, start, moves))
    firsts = [m for m in sf.legal_moves(variant, start, moves) if reverse(m) and d.destination(m) not in board]
    rng.shuffle(firsts)
    for m1 in firsts[:12]:
        after = moves + [m1]
        board1 = d.board_of(sf.get_fen(variant, start, after))
        seconds = [m for m in sf.legal_moves(variant, start, after) if reverse(m) and d.destination(m) not in board1]
        rng.shuffle(seconds)
        for m2 in seconds[:12]:
            cycle = [m1, m2, reverse(m1), reverse(m2)]
            line = list(moves)
            ok = True
            for m in cycle * 2:
                if m not in sf.legal_moves(variant, start, line):
                    ok = False
                    break
                line.append(m)
            if not ok:
                continue
            # The first ply at which FSF ends it.
            end = None
            for k in range(len(moves) + 1, len(line) + 1):
                claim = sf.is_optional_game_end(variant, start, line[:k])
                if claim[0]:
                    end = (k, claim[1])
                    break
            if end is None:
                continue
            game = (start, line[: end[0]], end)
            if end[1] != 0 and len(won) < keep:
                won.append(game)
            elif end[1] == 0 and len(drawn) < keep:
                drawn.append(game)
        if len(won) >= keep:
            break
    return won + drawn[: max(len(won), 1)]


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    root = os.path.dirname(os.path.dirname(here))
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tessera", default=os.path.join(root, "target/release/tessera"))
    ap.add_argument("--games-dir", default=os.path.join(root, "games"))
    ap.add_argument("--ini", help="a variants file to load into pyffish first")
    ap.add_argument("--variants", required=True)
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--lead", type=int, default=40, help="random plies before the cycles, at most")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--hunt", type=int, default=0, help="per game, up to N cycles FSF ends with a winner")
    args = ap.parse_args()
    if args.ini:
        with open(args.ini, encoding="utf-8") as f:
            sf.load_variant_config(f.read())
    bad = 0
    for variant in args.variants.split(","):
        game = os.path.join(args.games_dir, variant + ".game")
        tessera = d.Tessera(args.tessera, game)
        rng = random.Random(f"{args.seed}:{variant}")
        d.ENDS.update(repetition=0, perpetual=0)
        t0 = time.time()
        played = 0
        for _ in range(args.games):
            if args.hunt:
                games = hunt(variant, rng, args.lead, args.hunt)
            else:
                games = [play_game(variant, tessera, rng, args.lead)]
            for got in games:
                if got is None:
                    continue
                start, moves, end = got
                if end == "over":
                    continue
                played += 1
                wrong = d.compare_repetition(variant, tessera, start, moves, end)
                if wrong:
                    bad += 1
                    print(f"MISMATCH {variant}: {wrong[3]}\n  moves: {' '.join(wrong[4])}")
        print(
            f"{variant}: {played} games, {d.ENDS['repetition']} ended alike by repetition, "
            f"{d.ENDS['perpetual']} won, {bad} mismatches, {time.time() - t0:.0f} s"
        )
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
