#!/usr/bin/env python3
"""The same pyffish program run twice: once on Fairy-Stockfish's pyffish and
once on Tessera's drop-in (tessera.pyffish); their answers must agree.

`play` is an ordinary pyffish program: it plays seeded random games of each
variant from start_fen and, at every ply, writes down legal_moves (sorted),
get_fen, gives_check, is_immediate_game_end, is_optional_game_end, the
get_san (default notation) of the move played and of a few other legal
moves and, where no move is left,
game_result; then get_san_moves of the whole game. With --notations, the
same in each notation named (get_san of the move played and a few others,
on the FEN that get_fen writes with showPromoted, so that a promoted piece
is known as one, and get_san_moves of the whole game), and that FEN too;
with --starts, the games of the variants it lists begin at its FENs rather
than at start_fen (positions a few moves from a promotion, so that the
notations of promoted pieces are compared). It runs in a process of
its own for each module (`--module pyffish` or `--module tessera.pyffish`),
so the only difference is the import. The moves played are chosen from the
sorted legal moves, so both runs play the same game as long as they agree;
the first answer of each call that differs is reported, and a difference of
legal moves ends that variant's comparison.

Where Tessera raises NotImplementedError (a notation or rule it does not
have), the game stops there in both transcripts and the variant is counted
as "not supported", never as a match.

    python tessera-py/tests/differential.py --games 2 --plies 40
    python tessera-py/tests/differential.py --ini ../shared/oracle/fsf-variants.ini
    python tessera-py/tests/differential.py --variants makruk,sittuyin \
        --notations THAI_SAN,THAI_LAN --starts tessera-py/tests/promotion_starts.txt

Exit status 0 when every answer agreed, 1 on any difference.
"""

import argparse
import json
import random
import re
import subprocess
import sys
import time


# How many legal moves besides the one played get_san writes at each ply.
SANS = 6
# As many in each notation of --notations.
NOTATION_SANS = 2


def play(sf, variants, games, plies, seed, config, budget=None, notations=(), starts=None):
    """Yields, per variant, its transcript: a list of (what, answer) pairs.
    With a budget (seconds), each variant gets an even share of it, and a
    transcript cut short by it ends with an "out of time" line. `notations`
    are names of pyffish's constants (`THAI_SAN`) whose moves are compared
    too; `starts` maps variants to the FEN their games start at."""
    codes = [(n, getattr(sf, "NOTATION_" + n)) for n in notations]
    if config is not None:
        sf.load_variant_config(config)
    share = budget / max(1, len(variants)) if budget else None
    for variant in variants:
        lines = []
        deadline = time.time() + share if share else None
        try:
            for g in range(games):
                rng = random.Random(f"{seed}/{variant}/{g}")
                start = (starts or {}).get(variant) or sf.start_fen(variant)
                moves = []
                for ply in range(plies):
                    if deadline is not None and time.time() > deadline:
                        raise TimeoutError
                    where = f"game {g} ply {ply}"
                    legal = sorted(sf.legal_moves(variant, start, moves))
                    lines.append((f"{where} legal_moves", legal))
                    lines.append((f"{where} get_fen", sf.get_fen(variant, start, moves)))
                    lines.append((f"{where} gives_check", sf.gives_check(variant, start, moves)))
                    immediate = sf.is_immediate_game_end(variant, start, moves)
                    # The value means something only where the game ends.
                    lines.append((f"{where} is_immediate_game_end", meaning(immediate)))
                    optional = sf.is_optional_game_end(variant, start, moves)
                    lines.append((f"{where} is_optional_game_end", meaning(optional)))
                    lines.append((f"{where} has_insufficient_material",
                                  sf.has_insufficient_material(variant, start, moves)))
                    # Random games seldom thin the material out: the same
                    # question of the position with most pieces taken away.
                    thin = thinned(sf.get_fen(variant, start, moves), rng)
                    lines.append((f"{where} has_insufficient_material thinned",
                                  [thin, answer(sf.has_insufficient_material, variant, thin, [])]))
                    if not legal:
                        lines.append((f"{where} game_result", sf.game_result(variant, start, moves)))
                        break
                    if immediate[0] or optional[0]:
                        break
                    # The move to play and a few others: writing a move may
                    # look at every other (disambiguation), so all of them
                    # would cost the square of the moves (amazons has 2176).
                    played = rng.choice(legal)
                    fen = sf.get_fen(variant, start, moves)
                    written = [played] + rng.sample(legal, min(SANS, len(legal)))
                    sans = [[m, sf.get_san(variant, fen, m)] for m in written]
                    lines.append((f"{where} get_san", sans))
                    if codes:
                        # showPromoted: the FEN that tells promoted pieces.
                        marked = sf.get_fen(variant, start, moves, False, False, True)
                        lines.append((f"{where} get_fen_promoted", marked))
                        for name, code in codes:
                            few = written[: NOTATION_SANS + 1]
                            sans = [[m, sf.get_san(variant, marked, m, False, code)] for m in few]
                            lines.append((f"{where} get_san:{name}", sans))
                    moves.append(played)
                lines.append((f"game {g} get_san_moves", sf.get_san_moves(variant, start, moves)))
                for name, code in codes:
                    written = sf.get_san_moves(variant, start, moves, False, code)
                    lines.append((f"game {g} get_san_moves:{name}", written))
        except TimeoutError:
            lines.append(("out of time", None))
        except NotImplementedError as e:
            lines.append(("not supported", str(e)))
        except Exception as e:  # noqa: BLE001 (a transcript, not a crash)
            lines.append(("raised", f"{type(e).__name__}: {e}"))
        yield variant, lines


def thinned(fen, rng):
    """`fen` with its board thinned out: the kings (`k`, `K`) stay, each other
    piece stays with a chance of one in eight, and castling and en passant
    rights go."""
    fields = fen.split(" ")
    board, hand = fields[0], ""
    if "[" in board:
        board, hand = board[: board.index("[")], board[board.index("["):]
    ranks = []
    for rank in board.split("/"):
        out, empty, i = [], 0, 0
        while i < len(rank):
            c = rank[i]
            if c.isdigit():
                j = i
                while j < len(rank) and rank[j].isdigit():
                    j += 1
                empty += int(rank[i:j])
                i = j
                continue
            token = c
            if c == "+" and i + 1 < len(rank):
                token, i = rank[i : i + 2], i + 1
            if i + 1 < len(rank) and rank[i + 1] == "~":
                token, i = token + "~", i + 1
            i += 1
            if token in ("k", "K", "*") or rng.random() < 0.125:
                if empty:
                    out.append(str(empty))
                    empty = 0
                out.append(token)
            else:
                empty += 1
        if empty:
            out.append(str(empty))
        ranks.append("".join(out))
    fields[0] = "/".join(ranks) + hand
    if len(fields) > 3 and re.fullmatch(r"[A-Za-z]+", fields[2]):
        fields[2] = "-"
    if len(fields) > 3 and re.fullmatch(r"([a-z][0-9]+)+", fields[3]):
        fields[3] = "-"
    return " ".join(fields)


def answer(call, *args):
    """What `call` answers, or the kind of error it raises (a FEN that one
    module reads and the other does not shows as a difference)."""
    try:
        return list(call(*args))
    except NotImplementedError:
        raise
    except Exception as e:  # noqa: BLE001 (a transcript, not a crash)
        return type(e).__name__


def read_starts(path):
    """The start FEN of each variant a `--starts` file names (`#` comments)."""
    starts = {}
    for line in open(path, encoding="utf-8"):
        line = line.strip()
        if line and not line.startswith("#"):
            variant, fen = line.split(None, 1)
            starts[variant] = fen
    return starts


def meaning(end):
    """An (ended, value) answer as far as it means something."""
    ended, value = end
    return [ended, value if ended else None]


def sections(text):
    """The section names of a variants.ini text, in order."""
    return [m.group(1) for m in re.finditer(r"^\[([^\]:]+)(?::[^\]]*)?\]", text, re.M)]


def strip_budget(args):
    """The arguments without `--budget N`."""
    out, skip = [], False
    for a in args:
        if skip:
            skip = False
        elif a == "--budget":
            skip = True
        elif not a.startswith("--budget="):
            out.append(a)
    return out


def run(module, args):
    """The transcripts of `module`, run in a child process."""
    child = [sys.executable, __file__, "--child", module] + args
    out = subprocess.run(child, capture_output=True, text=True, check=False)
    if out.returncode != 0:
        sys.exit(f"{module} failed:\n{out.stderr}")
    return [json.loads(line) for line in out.stdout.splitlines()]


def compare(args, forwarded):
    """Runs both modules and compares their transcripts; the exit status."""
    ignored = set(args.ignore.split(",")) if args.ignore else set()
    # Differences explained in tessera-py/README.md: printed, not counted.
    known = {tuple(k.split(":", 1)) for k in args.known.split(",")} if args.known else set()
    began = time.time()
    theirs = run("pyffish", forwarded)
    # Tessera answers in a hundredth of pyffish's time: no budget.
    ours = run("tessera.pyffish", strip_budget(forwarded))
    agreed, unsupported, differed = 0, [], []
    answers = 0
    for (variant, want), (_, got) in zip(theirs, ours):
        if want and want[-1][0] == "out of time":
            # pyffish ran out of its time: compared as far as it went.
            want = want[:-1]
            got = got[: len(want)]
        if got and got[-1][0] == "not supported":
            # Compared up to the call Tessera declines.
            unsupported.append(f"{variant} ({got[-1][1]})")
            got = got[:-1]
            want = want[: len(got)]
        # The first difference of each call; the games part where their
        # legal moves do.
        firsts = {}
        for (what, w), (_, g) in zip(want, got):
            call = what.split()[-1]
            if call in ignored or w == g or call in firsts:
                continue
            firsts[call] = (what, w, g)
            if call == "legal_moves":
                break
        if not firsts and len(want) != len(got):
            firsts["length"] = ("transcript length", len(want), len(got))
        answers += len(got)
        for call in [c for c in firsts if (variant, c) in known]:
            what, w, g = firsts.pop(call)
            print(f"known difference {variant}: {what}\n  pyffish:         {w}\n  tessera.pyffish: {g}")
        if not firsts:
            agreed += 1
            continue
        differed.append(variant)
        for what, w, g in firsts.values():
            print(f"DIFFERENT {variant}: {what}\n  pyffish:         {w}\n  tessera.pyffish: {g}")
    for line in unsupported:
        print(f"not supported: {line}")
    print(
        f"{agreed} variants agreed, {len(differed)} differed, {len(unsupported)} declined "
        f"a call; {answers} answers compared in {time.time() - began:.0f} s"
    )
    if differed:
        print("differed: " + " ".join(differed))
    return 1 if differed else 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--variants", help="comma-separated (default: every variant both modules list)")
    ap.add_argument("--ini", help="a variants.ini: its sections, loaded with load_variant_config")
    ap.add_argument("--games", type=int, default=1, help="games per variant")
    ap.add_argument("--plies", type=int, default=40, help="plies per game at most")
    ap.add_argument("--seed", default="1")
    ap.add_argument("--budget", type=float, help="seconds for pyffish's run, shared evenly among the variants")
    ap.add_argument("--except", dest="excepted", help="comma-separated variants left out")
    ap.add_argument("--ignore", help="comma-separated calls whose answers are not compared (get_san)")
    ap.add_argument("--known", help="comma-separated VARIANT:CALL differences that are printed but do not fail "
                    "(CALL as the transcript names it: has_insufficient_material, thinned)")
    ap.add_argument(
        "--notations",
        help="comma-separated notations also compared, by pyffish's constants without NOTATION_ (THAI_SAN,THAI_LAN)",
    )
    ap.add_argument("--starts", help="a file of lines `VARIANT FEN`: where those variants' games start")
    ap.add_argument("--child", help=argparse.SUPPRESS)
    args = ap.parse_args()
    config = open(args.ini, encoding="utf-8").read() if args.ini else None
    if args.child:
        sf = __import__(args.child, fromlist=["_"])
        if args.variants:
            variants = args.variants.split(",")
        elif config is not None:
            variants = list(dict.fromkeys(sections(config)))
        else:
            import pyffish
            import tessera.pyffish
            both = set(pyffish.variants()) & set(tessera.pyffish.variants())
            variants = sorted(both)
        budget = args.budget if args.child == "pyffish" else None
        left_out = set(args.excepted.split(",")) if args.excepted else set()
        variants = [v for v in variants if v not in left_out]
        notations = args.notations.split(",") if args.notations else ()
        starts = read_starts(args.starts) if args.starts else None
        games = play(sf, variants, args.games, args.plies, args.seed, config, budget, notations, starts)
        for variant, lines in games:
            print(json.dumps([variant, lines]), flush=True)
        return 0
    forwarded = [a for a in sys.argv[1:]]
    return compare(args, forwarded)


if __name__ == "__main__":
    sys.exit(main())
