#!/usr/bin/env python3
"""Writes games/V.tests, the expectations of games/V.game, for every game that
Fairy-Stockfish (FSF) also plays, from FSF itself through pyffish; then checks
the snapshots Tessera writes for them against FSF.

What each file holds, and where it comes from:

- perft from the start: the trusted counts of tests/data/fsf-perft.tsv and
  tests/data/fsf-start-perft.tsv;
- a mid-game position (`middle`, twelve seeded random plies), its perft counts
  by pyffish (recursive legal_moves, as tests/fsf/record_perft.py counts), its
  legal moves and its drawing as snapshots;
- finished games: seeded random games played by pyffish until FSF says the
  game is over; one game (the shortest found) per way Tessera says it ended,
  and only games where Tessera and FSF agree on who won;
- illegal moves: moves FSF does not allow in positions of those games, with
  the reason Tessera gives (FSF gives none), one per reason found.

    python tests/fsf/expectations.py --tessera target/release/tessera
    python tests/fsf/expectations.py --variants atomic,horde --games 400
    python tests/fsf/expectations.py --verify     # check the pending snapshots only

Random games stop at a time budget, so a rerun on another machine may find
other games. `--fill` then adds, from templates (a rook or queen mate, a queen
or rook stalemate of a king in the corner), a checkmate and a stalemate where
the goals name one and the random games found none, when FSF and Tessera agree
on it. What follows a line `# By hand` in a file is kept by a rerun: positions
built by hand, and a `# no finished game by END: WHY` note where there is none.

After writing, run `tessera test games/`: the new snapshots are pending; this
script's `--verify` compares each pending `moves` snapshot with FSF's legal
moves and each `show` snapshot's FEN with FSF's, and says which agree.
Accept them (`tessera test games/ --accept`) only when all do. (Four drawings
once differed from FSF in their FEN: an en-passant square no capture could use,
gating rights with an empty hand, the halfmove clock of shogi; Tessera now
writes them as FSF does, and the differential test checks the FEN of games
played from the setup.)
"""

import argparse
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time

import pyffish as sf

sys.path.insert(0, os.path.dirname(__file__))
from differential import pick, without_count  # noqa: E402

ROOT = os.path.normpath(os.path.join(os.path.dirname(__file__), "..", ".."))
MIDDLE_PLIES = 12
WORDS = {
    "checkmated": "checkmate",
    "stalemated": "stalemate",
    "reduced to a bare royal piece": "bare",
    "out of a kind of piece its goals need": "extinction",
    "in a zone its goals name": "zone",
    "checked as often as its goals allow": "checks",
}


def trusted_start_counts(variant):
    counts = {}
    for table in ("fsf-perft.tsv", "fsf-start-perft.tsv"):
        with open(os.path.join(ROOT, "tests", "data", table)) as f:
            for line in f:
                fields = line.rstrip("\n").split("\t")
                if len(fields) == 4 and fields[0] == variant and fields[2].isdigit():
                    counts[int(fields[2])] = int(fields[3])
    return sorted(counts.items())


RULE_ENDS = set()


def over(variant, fen):
    """FSF's verdict on a position: None while the game goes on, else the
    result from the side to move's view (> 0 won, < 0 lost, 0 drawn). Each
    pyffish call sets a position up from the FEN, some milliseconds, so the
    immediate ends (bare kings, extinction, zones, checks) are asked only of
    games that have them."""
    if variant in RULE_ENDS:
        ended, result = sf.is_immediate_game_end(variant, fen, [])
        if ended:
            return result
    if not sf.legal_moves(variant, fen, []):
        return sf.game_result(variant, fen, [])
    return None


def legal(variant, fen):
    return [] if over(variant, fen) is not None else sf.legal_moves(variant, fen, [])


def perft(variant, fen, depth):
    moves = legal(variant, fen)
    if depth == 1:
        return len(moves)
    return sum(perft(variant, sf.get_fen(variant, fen, [m]), depth - 1) for m in moves)


def middle_counts(variant, fen):
    """Perft from depth 1 while the positions to expand stay few: pyffish
    expands a position in some milliseconds."""
    counts, depth, inner = [], 1, 1
    while depth <= 4 and inner <= 1500:
        nodes = perft(variant, fen, depth)
        if nodes == 0:
            break
        counts.append((depth, nodes))
        depth, inner = depth + 1, nodes
    return counts


def play(variant, start, rng, plies):
    """A random game: the moves, the FEN after each, and FSF's result at the
    end (None when it did not end within the ply cap)."""
    fen, moves, fens = start, [], [start]
    for _ in range(plies):
        if over(variant, fen) is not None:
            # The result with the moves, not the FEN alone: a checkmate by a
            # drop that may not mate turns on the last move.
            ended, result = sf.is_immediate_game_end(variant, start, moves)
            if not ended:
                result = sf.game_result(variant, start, moves)
            return moves, fens, result
        m = pick(rng, fen, sf.legal_moves(variant, fen, []))
        moves.append(m)
        fen = sf.get_fen(variant, fen, [m])
        fens.append(fen)
    return moves, fens, None


def tessera_end(exe, game, moves, fen=None):
    """Tessera's `Game over:` line after the moves (from its start, or from
    `fen`), as (reason word, winner word or None for a draw), or None while
    its game goes on."""
    start = ["--fen", fen] if fen else []
    run = subprocess.run(
        [exe, "show", game, *start, "--moves", " ".join(moves)], capture_output=True, text=True
    )
    for line in run.stdout.splitlines():
        m = re.match(r"Game over: (White|Black) is (.*); (White wins|Black wins|draw)$", line)
        if m:
            winner = None if m.group(3) == "draw" else m.group(3).split()[0].lower()
            return WORDS[m.group(2)], winner
    return None


def fsf_winner(fen, result):
    if result == 0:
        return None
    to_move = fen.split()[1]
    if to_move not in ("w", "b"):
        to_move = "w"
    white_to_move = to_move == "w"
    return "white" if (result > 0) == white_to_move else "black"


def reasons_of(exe, game, cases, fen=None):
    """Tessera's reason for each (moves, move) case, through `tessera test` on
    a scratch expectation file: {index: reason word}."""
    tmp = tempfile.mkdtemp()
    try:
        stem = os.path.splitext(os.path.basename(game))[0]
        shutil.copy(game, os.path.join(tmp, stem + ".game"))
        lines = [f'position fsf-start = fen "{fen}"'] if fen else []
        origin = "fsf-start" if fen else "start"
        for i, (moves, mv) in enumerate(cases):
            then = " then " + " ".join(moves) if moves else ""
            lines.append(f"position p{i} = {origin}{then}")
            lines.append(f"illegal p{i} {mv}")
        path = os.path.join(tmp, stem + ".tests")
        with open(path, "w") as f:
            f.write("\n".join(lines) + "\n")
        run = subprocess.run([exe, "test", path], capture_output=True, text=True)
        found = {}
        for line in run.stdout.splitlines():
            m = re.match(r"ok +\S+: illegal p(\d+) \S+ \(([a-z-]+):", line)
            if m:
                found[int(m.group(1))] = m.group(2)
        return found
    finally:
        shutil.rmtree(tmp)


def illegal_cases(variant, games):
    """Moves FSF does not allow: at each position, the moves the side to move
    had two plies before, and the opponent's of the ply before."""
    cases = []
    for moves, fens in games:
        for k in range(2, min(len(fens), 30)):
            now = set(legal(variant, fens[k]))
            before = legal(variant, fens[k - 2]) + legal(variant, fens[k - 1])[:3]
            for mv in sorted(set(before) - now)[:6]:
                cases.append((moves[:k], mv))
    return cases


def write_variant(variant, exe, games_to_play, seed, budget):
    game = os.path.join("games", f"{variant}.game")
    with open(game) as f:
        rules = f.read()
    if re.search(r"goal (bare|extinct|\S+ reaches|checked)|captures explode", rules):
        RULE_ENDS.add(variant)
    rng = random.Random(f"{seed}:{variant}")
    start = sf.start_fen(variant)
    # The rule file's start is FSF's when Tessera writes both alike (FSF's own
    # FENs of some starts differ in form: `[-]`, the order of a hand).
    def fen_of(*args):
        shown = subprocess.run([exe, "show", game, *args], capture_output=True, text=True).stdout
        return [l[5:] for l in shown.splitlines() if l.startswith("FEN: ")]

    ours, theirs = fen_of(), fen_of("--fen", start)
    same_start = bool(ours) and ours == theirs
    fsf_fen = None if same_start else start
    out = [
        f"# Expectations of {game}, written by tests/fsf/expectations.py from",
        f"# Fairy-Stockfish (pyffish {'.'.join(map(str, sf.version()))}): perft counts, "
        "move lists and finished games",
        "# as FSF plays them; the reasons given for illegal moves are Tessera's.",
        "",
    ]
    origin = "start"
    if not same_start:
        out.append(f'position fsf-start = fen "{start}"')
        origin = "fsf-start"

    # The middle: twelve random plies, the game still going.
    for _ in range(100):
        moves, fens, _ = play(variant, start, rng, MIDDLE_PLIES)
        if len(moves) == MIDDLE_PLIES and over(variant, fens[-1]) is None:
            break
    middle_fen = fens[-1]
    out.append(f"position middle = {origin} then {' '.join(moves)}")

    # Finished games, the shortest per way they end.
    ended, played, mismatches = {}, [], []
    deadline = time.time() + budget
    for g in range(games_to_play):
        if time.time() > deadline:
            break
        moves, fens, result = play(variant, start, rng, 250)
        played.append((moves, fens))
        if result is None:
            continue
        end = tessera_end(exe, game, moves, fsf_fen)
        if end is None:
            mismatches.append(f"{variant}: Tessera's game goes on after {' '.join(moves)}")
            continue
        if end[1] != fsf_winner(fens[-1], result):
            mismatches.append(f"{variant}: winner differs after {' '.join(moves)}")
            continue
        if end not in ended or len(moves) < len(ended[end][0]):
            ended[end] = (moves, fens)
    names = {}
    for (reason, winner), (moves, _) in sorted(ended.items(), key=lambda e: len(e[1][0])):
        name = f"{winner or 'draw'}-by-{reason}"
        names[(reason, winner)] = name
        out.append(f"position {name} = {origin} then {' '.join(moves)}")
    out.append("")

    start_counts = trusted_start_counts(variant)
    if start_counts:
        out.append("# Trusted: tests/data/fsf-perft.tsv and fsf-start-perft.tsv.")
        out.append(f"perft {origin} " + ", ".join(f"{d} {n}" for d, n in start_counts))
    out.append("# pyffish, recursively.")
    out.append("perft middle " + ", ".join(f"{d} {n}" for d, n in middle_counts(variant, middle_fen)))
    out += ["", "moves middle", "show middle", "", f"outcome {origin} goes on", "outcome middle goes on"]
    for (reason, winner), name in names.items():
        result = f"{winner} wins" if winner else "draw"
        out.append(f"outcome {name} {result} by {reason}")

    # Illegal moves: one per reason Tessera gives, in the earliest position.
    cases = illegal_cases(variant, [(m, f) for m, f in played[:2]])
    finished = [(moves, fens) for moves, fens in ended.values()]
    for moves, fens in finished[:2]:
        for mv in sorted(set(legal(variant, fens[-3])) - set(legal(variant, fens[-1])))[:3]:
            cases.append((moves, mv))
    reasons = reasons_of(exe, game, cases, fsf_fen)
    chosen = {}
    for i, reason in sorted(reasons.items(), key=lambda r: len(cases[r[0]][0])):
        chosen.setdefault(reason, i)
    if chosen:
        out.append("")
    for reason, i in sorted(chosen.items(), key=lambda r: r[1]):
        moves, mv = cases[i]
        name = f"illegal-{reason}"
        then = f" then {' '.join(moves)}" if moves else ""
        out.append(f"position {name} = {origin}{then}")
        out.append(f"illegal {name} {mv} {reason}")
    # What was written by hand, from a line `# By hand` to the end, stays.
    path = os.path.join(ROOT, "games", f"{variant}.tests")
    kept = ""
    if os.path.exists(path):
        with open(path) as f:
            old = f.read()
        at = old.find("\n# By hand")
        kept = old[at:] if at >= 0 else ""
    with open(path, "w") as f:
        f.write("\n".join(out) + "\n" + kept)
    ends = ", ".join(f"{w or 'draw'} by {r}" for r, w in names)
    print(f"{variant}: {len(played)} games; ends: {ends}; illegal: {', '.join(chosen)}", flush=True)
    for m in mismatches[:3]:
        print("  MISMATCH " + m, flush=True)
    return not mismatches


def position_of(variant, tests_file, name):
    """The FEN of a named position of an expectation file this script wrote."""
    start = sf.start_fen(variant)
    decl = {}
    with open(tests_file) as f:
        for line in f:
            m = re.match(r"position (\S+) = (.*)$", line.strip())
            if m:
                decl[m.group(1)] = m.group(2)
    def fen_of(name, depth=0):
        text = decl.get(name)
        if text is None or depth > 100:
            return None
        m = re.match(r'(start|fsf-start|fen "([^"]*)"|\S+)(?: then (.*))?$', text)
        if m.group(1) in ("start", "fsf-start"):
            base = start
        elif m.group(2) is not None:
            base = m.group(2)
        else:
            base = fen_of(m.group(1), depth + 1)
        moves = (m.group(3) or "").split()
        return None if base is None else sf.get_fen(variant, base, moves)

    return fen_of(name)


def verify(exe_unused):
    """Compares every pending snapshot of an FSF game with FSF."""
    folder = os.path.join(ROOT, "games", "snapshots")
    bad = checked = 0
    for entry in sorted(os.listdir(folder)) if os.path.isdir(folder) else []:
        m = re.match(r"(.+?)__(moves|show)__(.+)\.snap\.new$", entry)
        if not m or m.group(1) not in sf.variants():
            continue
        variant, kind, name = m.groups()
        fen = position_of(variant, os.path.join(ROOT, "games", f"{variant}.tests"), name)
        if fen is None:
            continue
        with open(os.path.join(folder, entry)) as f:
            body = f.read().split("\n", 1)[1]
        if kind == "moves":
            ok = sorted(body.split()) == sorted(legal(variant, fen))
        else:
            fens = [l[5:] for l in body.splitlines() if l.startswith("FEN: ")]
            ok = bool(fens) and without_count(fens[0]) == without_count(fen)
        checked += 1
        if not ok:
            bad += 1
            print(f"DIFFERS {entry}: FSF has {fen}")
    print(f"{checked} pending snapshots checked against FSF, {bad} differ")
    return bad == 0


GOAL_WORDS = {"checkmated": "checkmate", "stalemated": "stalemate", "bare": "bare",
              "extinct": "extinction", "reaches": "zone", "checked": "checks"}


def goals_of(rules):
    """The ends a rule file's goals name, as expectation files write them."""
    ends = []
    for line in rules.splitlines():
        words = line.split()
        if words[:1] == ["goal"]:
            for w, end in GOAL_WORDS.items():
                if w in words and end not in ends:
                    ends.append(end)
    return ends


def board_size(start):
    rows = start.split()[0].split("[")[0].split("/")
    files = 0
    for ch in re.findall(r"\d+|[A-Za-z*]", rows[0]):
        files += int(ch) if ch.isdigit() else 1
    return files, len(rows)


def row(cells, files):
    """A FEN row from {file index: letter}."""
    out, empty = "", 0
    for f in range(files):
        if f in cells:
            out += (str(empty) if empty else "") + cells[f]
            empty = 0
        else:
            empty += 1
    return out + (str(empty) if empty else "")


def templates(files, ranks, end):
    """Placements, {(file, rank from the top): letter}, Black to move, of a
    checkmate or a stalemate of a king in the top left corner."""
    far = (files - 1, ranks - 1)
    if end == "checkmate":
        return [
            {(0, 0): "k", (files - 1, 0): "R", (0, 2): "K"},
            {(0, 0): "k", (1, 1): "Q", (2, 2): "K"},
        ]
    return [
        {(0, 0): "k", (1, 2): "Q", far: "K"},
        {(0, 0): "k", (1, 1): "R", (2, 2): "K"},
    ]


def fen_with(start, files, ranks, cells):
    fields = start.split()
    placement = "/".join(
        row({f: l for (f, r), l in cells.items() if r == i}, files) for i in range(ranks)
    )
    hand = ""
    if "[" in fields[0]:
        hand = "[-]" if fields[0].endswith("[-]") else "[]"
    fields[0] = placement + hand
    fields[1] = "b"
    for i in range(2, len(fields)):
        if re.fullmatch(r"[A-Za-z]+", fields[i]):
            fields[i] = "-"
    return " ".join(fields)


def fill(variant, exe):
    """Appends to games/V.tests a position built from a template for each end
    its goals name that its finished games lack, where FSF and Tessera agree."""
    game = os.path.join("games", f"{variant}.game")
    tests = os.path.join("games", f"{variant}.tests")
    with open(game) as f:
        rules = f.read()
    with open(tests) as f:
        text = f.read()
    have = set(re.findall(r"^outcome \S+ .* by (\S+)$", text, re.M))
    start = sf.start_fen(variant)
    files, ranks = board_size(start)
    added = []
    for end in goals_of(rules):
        if end in have or end not in ("checkmate", "stalemate"):
            continue
        for cells in templates(files, ranks, end):
            fen = fen_with(start, files, ranks, cells)
            if sf.validate_fen(fen, variant) != sf.FEN_OK:
                continue
            result = over(variant, fen)
            in_check = sf.gives_check(variant, fen, [])
            if result is None or in_check != (end == "checkmate"):
                continue
            run = subprocess.run([exe, "show", game, "--fen", fen], capture_output=True, text=True)
            m = re.search(r"Game over: (White|Black) is (.*); (White wins|Black wins|draw)", run.stdout)
            if not m or WORDS[m.group(2)] != end:
                continue
            winner = None if m.group(3) == "draw" else m.group(3).split()[0].lower()
            if winner != fsf_winner(fen, result):
                continue
            name = f"built-{end}"
            outcome = f"{winner} wins" if winner else "draw"
            added += [
                f"# Built from a template, FSF and Tessera agreeing: {end}.",
                f'position {name} = fen "{fen}"',
                f"outcome {name} {outcome} by {end}",
            ]
            break
    if added:
        with open(tests, "a") as f:
            f.write("\n" + "\n".join(added) + "\n")
    missing = [e for e in goals_of(rules) if e not in have and f"built-{e}" not in "\n".join(added)]
    print(f"{variant}: built {len(added) // 3}; still without a finished game: {', '.join(missing) or '-'}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tessera", default=os.path.join(ROOT, "target", "release", "tessera"))
    ap.add_argument("--variants", default="")
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--seed", default="12")
    ap.add_argument("--budget", type=float, default=40, help="seconds of random games per variant")
    ap.add_argument("--verify", action="store_true")
    ap.add_argument("--fill", action="store_true", help="add built checkmates and stalemates that the random games lack")
    args = ap.parse_args()
    os.chdir(ROOT)
    if args.verify:
        return 0 if verify(args.tessera) else 1
    known = set(sf.variants())
    files = sorted(f[:-5] for f in os.listdir("games") if f.endswith(".game"))
    # games/chess.tests is written by hand, from the published counts.
    variants = args.variants.split(",") if args.variants else [v for v in files if v in known and v != "chess"]
    if args.fill:
        for v in variants:
            # A built position may end by a goal of its own: ask FSF.
            RULE_ENDS.add(v)
            fill(v, args.tessera)
        return 0
    ok = True
    for v in variants:
        ok &= write_variant(v, args.tessera, args.games, args.seed, args.budget)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
