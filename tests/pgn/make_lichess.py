#!/usr/bin/env python3
"""Writes tests/pgn/lichess-*.pgn: games in lichess's export format
(https://lichess.org/api#tag/Games/operation/gamePgn: the seven tags,
Variant, UTCDate/UTCTime, Elo, TimeControl, Termination; `[%clk]` and
`[%eval]` comments after each move, Black's number repeated after a
comment, `?!`-style marks, analysis variations), for the eight games lichess
has, each a seeded random game played by python-chess, with the final
position python-chess reaches in a `; final FEN` line that
tests/pgn.rs checks Tessera reaches too.

    python tests/pgn/make_lichess.py   (with python-chess, /work/venv)
"""

import io
import re
import os
import random

import chess
import chess.pgn
import chess.variant

GAMES = {
    "chess": ("Standard", chess.Board),
    "crazyhouse": ("Crazyhouse", chess.variant.CrazyhouseBoard),
    "atomic": ("Atomic", chess.variant.AtomicBoard),
    "antichess": ("Antichess", chess.variant.GiveawayBoard),
    "3check": ("Three-check", chess.variant.ThreeCheckBoard),
    "kingofthehill": ("King of the Hill", chess.variant.KingOfTheHillBoard),
    "racingkings": ("Racing Kings", chess.variant.RacingKingsBoard),
    "horde": ("Horde", chess.variant.HordeBoard),
}


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    for stem, (name, board_class) in GAMES.items():
        rng = random.Random(f"lichess:{stem}")
        board = board_class()
        game = chess.pgn.Game()
        game.setup(board)
        game.headers["Event"] = f"Rated {name} game"
        game.headers["Site"] = "https://lichess.org/" + "".join(rng.choice("abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789") for _ in range(8))
        game.headers["Date"] = "2024.03.17"
        game.headers["Round"] = "-"
        game.headers["White"] = "alice"
        game.headers["Black"] = "bob"
        game.headers["UTCDate"] = "2024.03.17"
        game.headers["UTCTime"] = "18:42:07"
        game.headers["WhiteElo"] = "1834"
        game.headers["BlackElo"] = "1790"
        game.headers["Variant"] = name
        game.headers["TimeControl"] = "180+2"
        game.headers["ECO"] = "?"
        node = game
        clock = [180, 180]
        for ply in range(rng.randint(40, 90)):
            if board.is_variant_end() or board.is_game_over():
                break
            moves = list(board.legal_moves)
            move = rng.choice(moves)
            if ply == 7 and len(moves) > 1:
                # An analysis variation: another move, answered.
                other = rng.choice([m for m in moves if m != move])
                side = node.add_variation(other)
                side.comment = "[%eval 0.3]"
                probe = board.copy()
                probe.push(other)
                if list(probe.legal_moves):
                    side.add_variation(rng.choice(list(probe.legal_moves)))
            node = node.add_main_variation(move)
            clock[ply % 2] = max(1, clock[ply % 2] - rng.randint(1, 9) + 2)
            c = clock[ply % 2]
            node.comment = f"[%clk 0:{c // 60:02}:{c % 60:02}]"
            if ply % 11 == 5:
                node.nags.add(chess.pgn.NAG_DUBIOUS_MOVE)
            board.push(move)
        outcome = board.outcome()
        # A game the rules did not end was resigned or drawn by agreement.
        result = outcome.result() if outcome else rng.choice(["1-0", "0-1", "1/2-1/2"])
        game.headers["Result"] = result
        game.headers["Termination"] = "Normal"
        if game.headers.get("FEN") == board_class().starting_fen:
            # lichess gives no FEN for a game from the start.
            del game.headers["FEN"]
            game.headers.pop("SetUp", None)
        # lichess writes a pawn's drop with its letter.
        text = re.sub(r"(?<![A-Z])@", "P@", str(game))
        path = os.path.join(here, f"lichess-{stem}.pgn")
        with open(path, "w") as f:
            f.write(f"; final FEN {board.fen(en_passant='xfen')}\n")
            f.write(text + "\n\n")
        # Read back as a check of the file itself.
        again = chess.pgn.read_game(io.StringIO(text))
        end = again.end().board()
        assert end.fen() == board.fen(), (stem, end.fen(), board.fen())
        print(path, len(list(game.mainline_moves())), "plies", result)


if __name__ == "__main__":
    main()
