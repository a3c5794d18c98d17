"""Checks `tessera import` live against Fairy-Stockfish (pyffish).

Imports a variants file with `tessera import FILE --out DIR`, loads the same
file into pyffish (`load_variant_config`), and for every section written
plays seeded random games as differential.py does (its `check_variant`: the
legal moves at every ply, and the FEN written back), comparing the imported
rule file with Fairy-Stockfish's reading of the section. Then it prints how
many sections were written and exact, and the refused ones grouped by reason.

    python tests/fsf/import_check.py ../shared/oracle/fsf-variants.ini --budget 300

With --san, each written section's SAN is compared instead, as
san_check.py compares the bundled games' (`tessera moves --notation san`
against pyffish's `get_san` at every ply of seeded random games).

    python tests/fsf/import_check.py ../shared/oracle/fsf-variants.ini --san --budget 120

Exit status 0 when every written section agreed, 1 on any mismatch, 2 on bad use.
"""

import argparse
import collections
import os
import random
import re
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import differential  # noqa: E402  (reused: check_variant, report, Tessera)
import san_check  # noqa: E402  (reused with --san: check_variant, report)

import pyffish as sf  # noqa: E402


def reason_group(reason):
    """A refusal's reason without the section's particulars: the option named."""
    m = re.match(r"(`[^`]*`(?: \(of the built-in `[^`]*`\))?)", reason)
    if m:
        return re.sub(r" \(of the built-in `[^`]*`\)", " (inherited)", m.group(1)) + reason[m.end():].split(";")[0][:90]
    return reason.split(";")[0][:100]


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    root = os.path.dirname(os.path.dirname(here))
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("ini", help="a Fairy-Stockfish variants file")
    ap.add_argument("--tessera", default=os.path.join(root, "target/release/tessera"))
    ap.add_argument("--out", help="folder for the rule files (default: a temporary one)")
    ap.add_argument("--sections", help="comma-separated: check only these")
    ap.add_argument("--except", dest="skip", help="comma-separated: leave these out")
    ap.add_argument("--games", type=int, default=1000, help="games per section at most")
    ap.add_argument("--plies", type=int, default=200, help="plies per game at most")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--budget", type=float, default=300, help="seconds for all the games")
    ap.add_argument("--san", action="store_true", help="compare each section's SAN, not its moves")
    ap.add_argument("--max-moves", type=int, default=40, help="with --san: moves compared per position at most")
    args = ap.parse_args()

    if not os.access(args.tessera, os.X_OK):
        print(f"no tessera binary at {args.tessera}; build it with cargo build --release", file=sys.stderr)
        return 2
    out = args.out or tempfile.mkdtemp(prefix="tessera-import-")
    run = subprocess.run(
        [args.tessera, "import", args.ini, "--out", out], capture_output=True, text=True
    )
    if run.returncode not in (0, 1):
        print(run.stderr, file=sys.stderr)
        return 2
    written, refused = [], []
    # A line per section, then the summary (`written 140 of 143 sections, refused 3`).
    for line in run.stdout.splitlines()[:-1]:
        name, _, rest = line.partition(": ")
        if rest == "written":
            written.append(name)
        else:
            refused.append((name, rest.removeprefix("not written: ")))
    with open(args.ini, encoding="utf-8", errors="replace") as f:
        sf.load_variant_config(f.read())
    known = set(sf.variants())
    if args.sections:
        wanted = set(args.sections.split(","))
        written = [w for w in written if w in wanted]
    if args.skip:
        left_out = set(args.skip.split(","))
        written = [w for w in written if w not in left_out]

    # Where a side may pass, two passes in a row end the game: FSF knows it
    # only from the moves played, so those games are played with their history
    # (as differential.py plays ataxx and flipello).
    for name in written:
        try:
            with open(os.path.join(out, name + ".game"), encoding="utf-8") as f:
                if re.search(r"^pass\b", f.read(), re.M):
                    differential.WITH_HISTORY.add(name)
        except OSError:
            pass
    print(f"pyffish {'.'.join(map(str, sf.version()))}, seed {args.seed}, {args.ini}: "
          f"{len(written)} sections written, {len(refused)} refused")
    began = time.time()
    slice_ = args.budget / max(len(written), 1)
    exact, bad_sections = [], []
    for name in written:
        if name not in known:
            print(f"{name:24} not a variant of pyffish's reading of the file")
            bad_sections.append(name)
            continue
        game = os.path.join(out, name + ".game")
        rng = random.Random(f"{args.seed}:{name}")
        t0 = time.time()
        if args.san:
            tally = san_check.Tally()
            played = san_check.check_variant(name, args.tessera, game, rng, args, t0 + slice_, tally)
            for m in tally.mismatches[:1]:
                san_check.report(*m)
            status = "ok" if not tally.mismatches else "MISMATCH"
            (exact if not tally.mismatches else bad_sections).append(name)
            print(f"{name:24} {played:5} games {tally.positions:7} positions {time.time() - t0:6.1f} s  {status}",
                  flush=True)
            continue
        played, positions, bad = differential.check_variant(
            name, differential.Tessera(args.tessera, game), rng, args.games, args.plies, t0 + slice_
        )
        for m in bad[:1]:
            differential.report(name, game, *m)
        status = "ok" if not bad else "MISMATCH"
        (exact if not bad else bad_sections).append(name)
        print(f"{name:24} {played:5} games {positions:7} positions {time.time() - t0:6.1f} s  {status}")

    print()
    print(f"sections: {len(written) + len(refused)}, written {len(written)}, "
          f"exact {len(exact)}, mismatched {len(bad_sections)}, refused {len(refused)} "
          f"({time.time() - began:.0f} s)")
    if bad_sections:
        print(f"mismatched: {', '.join(bad_sections)}")
    groups = collections.defaultdict(list)
    for name, reason in refused:
        groups[reason_group(reason)].append(name)
    for reason, names in sorted(groups.items(), key=lambda kv: -len(kv[1])):
        print(f"  {len(names):3} {reason}: {', '.join(names)}")
    return 1 if bad_sections else 0


if __name__ == "__main__":
    sys.exit(main())
