#!/usr/bin/env python3
"""Fairy-Stockfish's perft counts from the start position of each variant the
issue lists, computed through pyffish, written to tests/data/fsf-perft.tsv.

Perft N counts the leaves of the legal move tree N plies deep. pyffish lists
no legal move where a game has ended (checkmate, stalemate, or an immediate
end such as a bare king or a king on the hill), as Tessera does, so these are
the counts Tessera must give. Depths go from 1 up while a count stays at most
200,000 nodes (at least 3): pyffish sets up a position per call, so deeper
counts take too long here; the deeper rows of ../shared/oracle/fsf-start-perft.tsv
come from the engine itself.

    python tests/fsf/record_perft.py > tests/data/fsf-perft.tsv
    python tests/fsf/record_perft.py shogi xiangqi      # some variants only
"""

import sys

import pyffish as sf

VARIANTS = """chess losalamos gardner capablanca shatranj courier makruk berolina grand
kingofthehill racingkings 3check horde kinglet extinction antichess giveaway xiangqi
janggi minishogi shogi crazyhouse knightmate nightrider grasshopper atomic duck
seirawan amazon chancellor spartan raazuvaa janggicasual janggimodern janggitraditional
minixiangqi manchu capahouse pocketknight dragon asean ai-wok shatar judkins gorogoro euroshogi
yarishogi okisakishogi checkshogi bughouse loop chessgi shouse makpong torishogi supply dobutsu""".split()

LIMIT = 200_000


# The games whose rules need the moves played, not only the FEN (janggi: a
# pass while the generals face each other, or two passes in a row, end the
# game): their tree is walked with the moves from the start.
WITH_HISTORY = {"janggi", "janggicasual", "janggimodern", "janggitraditional"}


def perft(variant, fen, depth, history=None):
    if history is not None:
        moves = sf.legal_moves(variant, fen, history)
        if depth == 1:
            return len(moves)
        return sum(perft(variant, fen, depth - 1, history + [m]) for m in moves)
    moves = sf.legal_moves(variant, fen, [])
    if depth == 1:
        return len(moves)
    return sum(perft(variant, sf.get_fen(variant, fen, [m]), depth - 1) for m in moves)


def main():
    variants = sys.argv[1:] or VARIANTS
    version = ".".join(map(str, sf.version()))
    print(f"# Fairy-Stockfish perft from each variant's start position, by pyffish {version}:")
    print("# tests/fsf/record_perft.py (recursive pyffish.legal_moves, FEN to FEN;")
    print("# janggi with the moves from the start, whose passes end games).")
    print("variant\tfen\tdepth\tnodes")
    for variant in variants:
        fen = sf.start_fen(variant)
        depth, previous, nodes = 1, 1, 1
        # The next count is guessed from the branching so far: it is computed
        # while under the limit, and up to depth 3 while under 20 times it
        # (duck chess, with some 640 moves a ply, stops at depth 2).
        while nodes * nodes // max(previous, 1) <= (20 * LIMIT if depth <= 3 else LIMIT):
            history = [] if variant in WITH_HISTORY else None
            previous, nodes = nodes, perft(variant, fen, depth, history)
            print(f"{variant}\t{fen}\t{depth}\t{nodes}", flush=True)
            print(f"{variant} {depth} {nodes}", file=sys.stderr, flush=True)
            depth += 1


if __name__ == "__main__":
    main()
