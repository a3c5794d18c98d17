#!/usr/bin/env python3
"""Perft speed of Tessera beside Fairy-Stockfish's, game by game.

For every rule file games/V.game whose name V is a variant Fairy-Stockfish
(FSF) knows, count perft from the start position with both engines, one
thread each, in paired runs (Tessera, then FSF, then Tessera...), check that
the node counts agree, and print the ratio of their speeds:

    T/FSF = (Tessera's nodes per second) / (FSF's nodes per second)

so that 2.0 means Tessera counts twice as fast, 0.5 half as fast. The depth
of each game is the least at which FSF takes at least --seconds (0.3 by
default), so that neither side's start-up weighs in; Tessera's start-up
(reading and compiling the rule file, a few milliseconds) is measured with a
perft of depth 1 and taken off its times. FSF's time is that of `go perft`
alone, from the command to its `Nodes searched` line, in a process started
once per game.

FSF is built from its source, outside this repository:

    git clone https://github.com/fairy-stockfish/Fairy-Stockfish ../fsf-src
    make -C ../fsf-src/src -j2 build ARCH=x86-64-bmi2 largeboards=yes all=yes

    cargo build --release
    python3 tools/fsf_bench.py --fsf ../fsf-src/src/stockfish
    python3 tools/fsf_bench.py --fsf ../fsf-src/src/stockfish --games chess,duck --pairs 5 --markdown

The figures drift with the machine's load; the ratios, taken from runs made
side by side, much less. Exit status 0, or 1 when a node count differs.
"""

import argparse
import os
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class Fsf:
    """One FSF process, spoken to over UCI."""

    def __init__(self, path):
        self.proc = subprocess.Popen(
            [path],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            bufsize=1,
        )
        self.send("uci")
        self.variants = set()
        for line in self.until("uciok"):
            if line.startswith("option name UCI_Variant"):
                words = line.split()
                for i, w in enumerate(words):
                    if w == "var":
                        self.variants.add(words[i + 1])

    def send(self, text):
        self.proc.stdin.write(text + "\n")
        self.proc.stdin.flush()

    def until(self, prefix):
        lines = []
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError("Fairy-Stockfish stopped")
            line = line.strip()
            lines.append(line)
            if line.startswith(prefix):
                return lines

    def variant(self, name):
        self.send("setoption name Threads value 1")
        self.send("setoption name UCI_Variant value " + name)
        self.send("isready")
        self.until("readyok")

    def perft(self, depth):
        """Nodes and seconds of perft from the variant's start."""
        self.send("position startpos")
        start = time.perf_counter()
        self.send(f"go perft {depth}")
        lines = self.until("Nodes searched")
        seconds = time.perf_counter() - start
        return int(lines[-1].split(":")[1]), seconds

    def close(self):
        self.send("quit")
        self.proc.wait(timeout=10)


def tessera_perft(binary, game, depth):
    """Nodes and seconds of `tessera perft` (the whole process)."""
    start = time.perf_counter()
    out = subprocess.run(
        [binary, "perft", game, str(depth), "--threads", "1"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    seconds = time.perf_counter() - start
    nodes = int(out.strip().splitlines()[-1].split(":")[1])
    return nodes, seconds


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--fsf", default=os.environ.get("FSF", "fairy-stockfish"),
                    help="the FSF binary (built with largeboards=yes all=yes)")
    ap.add_argument("--tessera", default=os.path.join(ROOT, "target/release/tessera"))
    ap.add_argument("--games", help="a,b,c (default: every game file FSF knows)")
    ap.add_argument("--pairs", type=int, default=3, help="paired runs per game")
    ap.add_argument("--seconds", type=float, default=0.3,
                    help="the least time FSF's perft takes at the chosen depth")
    ap.add_argument("--max-depth", type=int, default=9)
    ap.add_argument("--markdown", action="store_true", help="print a Markdown table")
    args = ap.parse_args()

    fsf = Fsf(args.fsf)
    files = sorted(f[:-5] for f in os.listdir(os.path.join(ROOT, "games")) if f.endswith(".game"))
    names = args.games.split(",") if args.games else [v for v in files if v in fsf.variants]
    rows, failed = [], False
    if args.markdown:
        print("| variant | depth | nodes | Tessera (s) | FSF (s) | T/FSF |")
        print("|---|---:|---:|---:|---:|---:|")
    else:
        print(f"{'variant':<16}{'depth':>6}{'nodes':>14}{'Tessera s':>11}{'FSF s':>9}{'T/FSF':>8}")
    for name in names:
        game = os.path.join(ROOT, "games", name + ".game")
        fsf.variant(name)
        # The least depth at which FSF takes --seconds; the one before where
        # that depth would take ten times as long and the one before is not
        # too short to time (a branching factor in the hundreds).
        depth, nodes, before = 1, 0, None
        while depth < args.max_depth:
            nodes, seconds = fsf.perft(depth)
            if seconds >= args.seconds:
                if seconds > 10 * args.seconds and before and before[1] >= args.seconds / 10:
                    depth, nodes = depth - 1, before[0]
                break
            before = (nodes, seconds)
            depth += 1
        startup = min(tessera_perft(args.tessera, game, 1)[1] for _ in range(3))
        ratios, t_times, f_times = [], [], []
        for _ in range(args.pairs):
            t_nodes, t_s = tessera_perft(args.tessera, game, depth)
            f_nodes, f_s = fsf.perft(depth)
            if t_nodes != f_nodes:
                print(f"{name}: perft {depth}: Tessera {t_nodes}, FSF {f_nodes}", file=sys.stderr)
                failed = True
                break
            nodes = f_nodes
            t_s = max(t_s - startup, 1e-6)
            t_times.append(t_s)
            f_times.append(f_s)
            ratios.append(f_s / t_s)
        if not ratios:
            continue
        ratio = statistics.median(ratios)
        rows.append((name, ratio))
        t_med, f_med = statistics.median(t_times), statistics.median(f_times)
        if args.markdown:
            print(f"| `{name}` | {depth} | {nodes:,} | {t_med:.3f} | {f_med:.3f} | {ratio:.2f} |")
        else:
            print(f"{name:<16}{depth:>6}{nodes:>14,}{t_med:>11.3f}{f_med:>9.3f}{ratio:>8.2f}")
        sys.stdout.flush()
    fsf.close()
    if rows:
        ratios = sorted(r for _, r in rows)
        slower = [n for n, r in rows if r < 1.0]
        print(f"\n{len(rows)} games; median T/FSF {statistics.median(ratios):.2f}; "
              f"lowest {ratios[0]:.2f}; slower than FSF: {len(slower)}"
              + (f" ({', '.join(slower)})" if slower else ""))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
