#!/usr/bin/env python3
"""Times `tessera perft` from the start of each rule file, one thread, to a
depth of about a second's work, and prints a table: depth, nodes, seconds,
million nodes per second, and the ratio to chess's speed in the same run.

    cargo build --release
    python3 tools/variant_speed.py                     # every games/*.game
    python3 tools/variant_speed.py wolf koedem         # some games only
    python3 tools/variant_speed.py --target 1.0 --markdown

For each game the depth goes up from 1 while the next depth is expected (from
the last count's growth) to take at most twice the target, or while a run takes
under 0.05 s (mostly starting up); a run past the timeout (6 s) is dropped, and
the deepest run finished is reported. Time is the processor time of the `tessera perft` process (user and
system, from the operating system's accounting of finished children), so a
busy machine slows the figures less than wall time would; it includes reading
and compiling the rule file, a few milliseconds. Chess is timed first and last,
and each ratio divides by the better of its two speeds.
"""

import argparse
import os
import resource
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def run_perft(exe, path, depth, timeout):
    """(nodes, processor seconds) of one `tessera perft`, or None on failure."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    try:
        out = subprocess.run(
            [exe, "perft", path, str(depth), "--threads", "1"],
            capture_output=True, text=True, timeout=timeout,
        )
    except subprocess.TimeoutExpired:
        return None
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if out.returncode != 0:
        return None
    nodes = int(out.stdout.split()[-1])
    seconds = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return nodes, seconds


def measure(exe, path, target, max_depth, timeout):
    """The deepest (depth, nodes, seconds) within about `target` seconds."""
    best = None
    previous_nodes = None
    for depth in range(1, max_depth + 1):
        got = run_perft(exe, path, depth, timeout)
        if got is None:
            break
        nodes, seconds = got
        best = (depth, nodes, seconds)
        if nodes == 0:
            break
        growth = nodes / previous_nodes if previous_nodes else nodes
        previous_nodes = nodes
        # The next depth costs about `growth` times this one; a run this
        # short is mostly starting up, so the next one is always tried (a
        # run past the timeout keeps this one).
        if seconds < 0.05:
            continue
        if seconds >= target * 0.5 or seconds * max(growth, 1.0) > 2 * target:
            break
    return best


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("games", nargs="*", help="game names (default: every games/*.game)")
    ap.add_argument("--tessera", default=os.path.join(ROOT, "target", "release", "tessera"))
    ap.add_argument("--target", type=float, default=1.0, help="seconds of work per game")
    ap.add_argument("--max-depth", type=int, default=12)
    ap.add_argument("--timeout", type=float, default=6.0,
                    help="seconds at most per run; a run past it keeps the depth before")
    ap.add_argument("--markdown", action="store_true", help="print markdown table rows")
    args = ap.parse_args()
    games_dir = os.path.join(ROOT, "games")
    names = args.games or sorted(
        f[:-5] for f in os.listdir(games_dir) if f.endswith(".game")
    )
    chess = os.path.join(games_dir, "chess.game")

    def speed_of(m):
        return m[1] / m[2] / 1e6 if m and m[2] > 0 else 0.0

    first = measure(args.tessera, chess, args.target, args.max_depth, args.timeout)
    rows = []
    for name in names:
        m = measure(args.tessera, os.path.join(games_dir, f"{name}.game"),
                    args.target, args.max_depth, args.timeout)
        rows.append((name, m))
        print(f"# {name}: {m}", file=sys.stderr, flush=True)
    last = measure(args.tessera, chess, args.target, args.max_depth, args.timeout)
    reference = max(speed_of(first), speed_of(last))
    print(f"# chess: {speed_of(first):.1f} and {speed_of(last):.1f} M nodes/s "
          f"(first and last); ratios against {reference:.1f}")
    if args.markdown:
        print("| variant | depth | nodes | time (s) | M nodes/s | beside chess |")
        print("|---|---:|---:|---:|---:|---:|")
    else:
        print(f"{'variant':<20} {'depth':>5} {'nodes':>14} {'seconds':>8} {'M n/s':>7} {'ratio':>6}")
    for name, m in rows:
        if m is None:
            print(f"{name:<20} (failed)")
            continue
        depth, nodes, seconds = m
        speed = speed_of(m)
        ratio = speed / reference if reference else 0.0
        if args.markdown:
            print(f"| `{name}` | {depth} | {nodes:,} | {seconds:.2f} | {speed:.1f} | {ratio:.2f} |")
        else:
            print(f"{name:<20} {depth:>5} {nodes:>14,} {seconds:>8.2f} {speed:>7.1f} {ratio:>6.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
