#!/usr/bin/env python3
"""Live differential test of Tessera's SAN against Fairy-Stockfish (pyffish).

For every game file games/V.game whose name V is a Fairy-Stockfish variant,
play seeded random games from pyffish.start_fen(V), as differential.py
plays them. At every ply, `tessera moves games/V.game --fen FEN --moves SAN
--notation san` reads the move just played in the SAN Fairy-Stockfish
writes for it (`pyffish.get_san(V, FEN, MOVE, False, NOTATION_SAN)`) and
lists the legal moves after it with their SAN; the moves must be
pyffish.legal_moves after the move played (so the SAN read back was that
move), and each move's SAN must be pyffish's. The move played is typed in
turn as pyffish writes it and in the lenient forms players type (`Nf3!?`,
`g1f3`, `Ng1-f3`, `nf3` where only one move fits, `0-0`). Games whose rules need their
history (differential.py's WITH_HISTORY) give Tessera the whole game in
FSF's SAN from its setup instead of the last FEN.

pyffish takes about as long for one move's SAN as for a whole position's
legal moves, so a position with more legal moves than --max-moves has a
seeded sample of them compared (the move played is always read back).

    python tests/fsf/san_check.py --budget 120
    python tests/fsf/san_check.py --variants shogi,xiangqi --seed 7 --budget 60

With --notation own, the same is done for each game's own notation (its
rule file's `notation moves`), compared with pyffish's notation of the
same name, over the files that name one; with --notation NAME (shogi-hodges-number,
shogi-hodges, shogi-hosking, xiangqi-wxf, janggi, lan, thai-san, thai-lan), with pyffish's
notation of that name, over the --variants given. The move played is
typed as written, or every other ply as its coordinates.

    python tests/fsf/san_check.py --notation own --budget 60
    python tests/fsf/san_check.py --notation xiangqi-wxf --variants xiangqi,manchu

Exit status 0 when every SAN agreed, 1 on any mismatch, 2 on bad use.
"""

import argparse
import os
import shlex
import subprocess
import sys
import time
import random

import pyffish as sf

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from differential import WITH_HISTORY, pick, variants_to_check  # noqa: E402


NOTATIONS = {
    "san": sf.NOTATION_SAN,
    "own": None,
    "lan": sf.NOTATION_LAN,
    "shogi-hodges-number": sf.NOTATION_SHOGI_HODGES_NUMBER,
    "shogi-hodges": sf.NOTATION_SHOGI_HODGES,
    "shogi-hosking": sf.NOTATION_SHOGI_HOSKING,
    "xiangqi-wxf": sf.NOTATION_XIANGQI_WXF,
    "janggi": sf.NOTATION_JANGGI,
    "thai-san": sf.NOTATION_THAI_SAN,
    "thai-lan": sf.NOTATION_THAI_LAN,
}
NOTATION = "san"


# For `own`: each variant's notation, as its rule file's `notation moves` names it.
OWN = {}


def san(variant, fen, move):
    """The move as pyffish writes it in the notation checked (for `own`, the
    notation of the name the rule file's `notation moves` line gives)."""
    code = NOTATIONS[OWN[variant] if NOTATION == "own" else NOTATION]
    if code is None:
        return sf.get_san(variant, fen, move, False)
    return sf.get_san(variant, fen, move, False, code)


def tessera_moves(exe, game, fen, moves):
    """`tessera moves --notation san` at `fen` (from the setup when None)
    after the moves `moves` (SAN): a dict from move to SAN, or the error."""
    where = ["--fen", fen] if fen is not None else []
    if moves:
        where += ["--moves", " ".join(moves)]
    run = subprocess.run(
        [exe, "moves", game, *where, "--notation", NOTATION],
        capture_output=True,
        text=True,
    )
    if run.returncode != 0:
        return None, run.stderr.strip()
    listed = {}
    for line in run.stdout.splitlines():
        # The text may hold a space (Thai LAN's `บ ก๓-ก๔`).
        parts = line.split(" ", 1)
        if len(parts) == 2:
            listed[parts[0]] = parts[1]
    return listed, None


FORMS = 6


def typed(ply, written, move, ours):
    """The move as a player may type it, a form for each ply in turn: the
    SAN as written; without its check mark and with a comment (`Nf3!?`);
    the coordinates (`g1f3`); the long form (`Ng1-f3`, `e2-e4`); in lower
    case (`nf3`) where no legal move could be meant otherwise; castling with
    zeros (`0-0`). A form that does not apply to the move is the SAN. In a
    notation other than SAN: as written, or every other ply the
    coordinates."""
    if NOTATION != "san":
        # A text the notation writes for another move too (WXF's `M8+7`
        # for a banner's slide and its leap) is ambiguous as it should be:
        # such a move is typed as its coordinates.
        if sum(1 for w in ours.values() if w == written) > 1:
            return move
        # `--moves` separates moves by spaces: a text with one is typed
        # without it (`บก๓-ก๔`), as reading allows.
        return move if ply % 2 else written.replace(" ", "")
    form = ply % FORMS
    castling = written.startswith("O-O")
    simple = len(move) == 4 and "@" not in move and move[1].isdigit() and move[3].isdigit()
    letter = written[0] if written[0].isupper() and not castling else ""
    if form == 1:
        return written.rstrip("+#") + "!?"
    if form == 2:
        return move
    if form == 3 and simple and not castling and "@" not in written and "=" not in written:
        return f"{letter}{move[:2]}-{move[2:]}"
    if form == 4 and letter and "@" not in written:
        files = {m[0] for m in ours}
        squeeze = lambda t: t.lower().translate(str.maketrans("", "", "x-=+#"))
        alike = [m for m, w in ours.items() if squeeze(w) == squeeze(written)]
        if letter.lower() not in files and len(alike) == 1:
            return written.lower()
    if form == 5 and castling:
        return written.replace("O", "0")
    return written


class Tally:
    def __init__(self):
        self.positions = self.compared = self.read_back = 0
        self.mismatches = []


def check_variant(variant, exe, game, rng, args, deadline, tally):
    """Plays games until the deadline; adds to `tally`."""
    start = sf.start_fen(variant)
    history = variant in WITH_HISTORY
    games = 0
    while games < args.games and time.time() < deadline:
        games += 1
        fen, played, sans = start, [], []
        last_fen, last_san = None, None
        for _ in range(args.plies):
            if time.time() > deadline:
                break
            root, line = (start, played) if history else (fen, [])
            fsf = sf.legal_moves(variant, root, line)
            over = not fsf or sf.is_immediate_game_end(variant, root, line)[0]
            if history:
                ours, error = tessera_moves(exe, game, None, sans)
            elif last_san is None:
                ours, error = tessera_moves(exe, game, fen, [])
            else:
                ours, error = tessera_moves(exe, game, last_fen, [last_san])
            tally.positions += 1
            where = (fen, list(sans) if history else ([last_san] if last_san else []), last_fen)
            if ours is None:
                tally.mismatches.append((variant, game, where, f"tessera: {error}"))
                break
            if sans:
                tally.read_back += 1
            expected = set() if over else set(fsf)
            if set(ours) != expected:
                only_t = " ".join(sorted(set(ours) - expected)) or "-"
                only_f = " ".join(sorted(expected - set(ours))) or "-"
                tally.mismatches.append(
                    (variant, game, where, f"moves differ: only in Tessera {only_t}; only in FSF {only_f}")
                )
                break
            if over:
                break
            sample = fsf if len(fsf) <= args.max_moves else rng.sample(fsf, args.max_moves)
            bad = []
            for m in sample:
                theirs = san(variant, fen, m)
                tally.compared += 1
                if ours[m] != theirs:
                    bad.append(f"{m}: Tessera {ours[m]}, FSF {theirs}")
            if bad:
                tally.mismatches.append((variant, game, where, "; ".join(bad)))
                break
            if sf.is_optional_game_end(variant, root, line)[0]:
                break
            move = pick(rng, fen, fsf)
            last_fen = fen
            last_san = typed(len(played), san(variant, fen, move), move, ours)
            played.append(move)
            sans.append(last_san)
            fen = sf.get_fen(variant, fen, [move])
    return games


def report(variant, game, where, what):
    fen, moves, last_fen = where
    print(f"MISMATCH {variant}: {fen}")
    print(f"  {what}")
    if moves and last_fen is None and len(moves) > 1:
        print(f"  reproduce: tessera moves {game} --moves {shlex.quote(' '.join(moves))} --notation {NOTATION}")
    elif moves:
        print(f"  reproduce: tessera moves {game} --fen {shlex.quote(last_fen)} --moves {shlex.quote(moves[0])} --notation {NOTATION}")
    else:
        print(f"  reproduce: tessera moves {game} --fen {shlex.quote(fen)} --notation {NOTATION}")
    print(
        "  FSF: python -c \"import pyffish as sf; f='" + fen + "'; "
        f"print(sorted((m, sf.get_san('{variant}', f, m, False{'' if NOTATION == 'own' else ', ' + str(NOTATIONS[NOTATION])})) for m in sf.legal_moves('{variant}', f, [])))\""
    )


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    root = os.path.dirname(os.path.dirname(here))
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tessera", default=os.path.join(root, "target/release/tessera"))
    ap.add_argument("--games-dir", default=os.path.join(root, "games"))
    ap.add_argument("--variants", help="comma-separated; default: every game file FSF knows")
    ap.add_argument("--games", type=int, default=1000, help="games per variant at most")
    ap.add_argument("--plies", type=int, default=200, help="plies per game at most")
    ap.add_argument("--max-moves", type=int, default=40, help="moves compared per position at most")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--budget", type=float, default=120, help="seconds for the whole run")
    ap.add_argument("--notation", default="san", choices=sorted(NOTATIONS), help="the notation compared")
    args = ap.parse_args()
    global NOTATION
    NOTATION = args.notation
    if NOTATION not in ("san", "own") and not args.variants:
        print("--notation NAME needs --variants", file=sys.stderr)
        return 2

    variants = variants_to_check(args.variants, args.games_dir)
    if variants is None:
        return 2
    if NOTATION == "own":
        for v in variants:
            with open(os.path.join(args.games_dir, v + ".game")) as f:
                named = [line.split()[2] for line in f if line.startswith("notation moves")]
            if named and named[-1] in NOTATIONS:
                OWN[v] = named[-1]
        variants = [v for v in variants if v in OWN]
    if not os.access(args.tessera, os.X_OK):
        print(f"no tessera binary at {args.tessera}; build it with cargo build --release", file=sys.stderr)
        return 2

    began = time.time()
    slice_ = args.budget / max(len(variants), 1)
    tally = Tally()
    total_games = 0
    print(f"pyffish {'.'.join(map(str, sf.version()))}, seed {args.seed}, {len(variants)} variants, {args.budget:.0f} s")
    for variant in variants:
        game = os.path.relpath(os.path.join(args.games_dir, variant + ".game"))
        rng = random.Random(f"{args.seed}:{variant}")
        t0 = time.time()
        before = (tally.positions, tally.compared, len(tally.mismatches))
        games = check_variant(variant, args.tessera, game, rng, args, t0 + slice_, tally)
        total_games += games
        for m in tally.mismatches[before[2]:]:
            report(*m)
        bad = len(tally.mismatches) - before[2]
        print(
            f"{variant:18} {games:4} games {tally.positions - before[0]:6} positions "
            f"{tally.compared - before[1]:7} moves {time.time() - t0:6.1f} s  "
            + ("ok" if not bad else f"{bad} MISMATCHES"),
            flush=True,
        )
    print(
        f"total: {len(variants)} variants, {total_games} games, {tally.positions} positions, "
        f"{tally.compared} moves compared, {tally.read_back} moves read back, "
        f"{len(tally.mismatches)} mismatches, {time.time() - began:.0f} s"
    )
    return 1 if tally.mismatches else 0


if __name__ == "__main__":
    sys.exit(main())
