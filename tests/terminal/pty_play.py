#!/usr/bin/env python3
"""`tessera play` through a pseudo-terminal, as a player sees it, from an
empty folder (the bundled games named by their names).

A game of chess between two humans, Légal's mate: check shown and marked in
colour (the terminal has colours), a move that leaves the king in check
answered with that reason, a typo with a hint, `flip` drawing Black at the
bottom, the result once and the record at the end, then the offer of a new
game declined; with `NO_COLOR` set, no colours. Then `tessera perft chess 3`, `tessera moves shogi` and
`tessera play xiangqi` (against the AI, a move and `quit`) from the same
empty folder.

Usage: python3 tests/terminal/pty_play.py --tessera target/release/tessera
"""

import argparse
import os
import pty
import re
import select
import subprocess
import sys
import tempfile
import time

ANSI = re.compile(r"\x1b\[[0-9;]*m")


class Terminal:
    """A program running on a pseudo-terminal, with what it wrote so far."""

    def __init__(self, argv, cwd, env):
        self.pid, self.fd = pty.fork()
        if self.pid == 0:
            os.chdir(cwd)
            os.execve(argv[0], argv, env)
        self.raw = ""

    def read_until(self, text, timeout=30.0):
        """Reads until `text` appears (colours removed) after what was
        waited for before; returns what came in the meantime."""
        start = len(self.plain())
        deadline = time.monotonic() + timeout
        while text not in self.plain()[start:]:
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"timed out waiting for {text!r}; got:\n{self.plain()[start:]}")
            ready, _, _ = select.select([self.fd], [], [], left)
            if not ready:
                continue
            try:
                data = os.read(self.fd, 65536)
            except OSError:
                data = b""
            if not data:
                raise AssertionError(f"the program ended before {text!r}; got:\n{self.plain()[start:]}")
            self.raw += data.decode("utf-8", "replace")
        return self.plain()[start:]

    def send(self, line):
        os.write(self.fd, (line + "\n").encode())

    def plain(self):
        return ANSI.sub("", self.raw).replace("\r\n", "\n")

    def wait(self, timeout=30.0):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                return os.waitstatus_to_exitcode(status)
            try:
                ready, _, _ = select.select([self.fd], [], [], 0.1)
                if ready:
                    data = os.read(self.fd, 65536)
                    self.raw += data.decode("utf-8", "replace")
            except OSError:
                pass
        os.kill(self.pid, 9)
        raise AssertionError("the program did not end")


def expect(condition, message, output):
    if not condition:
        raise AssertionError(f"{message}\n--- output ---\n{output}")


def chess_game(tessera, folder, env):
    term = Terminal([tessera, "play", "chess", "--ai", "none"], folder, env)
    term.read_until("1. White> ")
    expect("\x1b[" in term.raw, "a terminal gets colours", term.raw)
    moves = "e4 e5 Nf3 d6 Bc4 Bg4 Nc3 g6 Nxe5 Bxd1".split()
    for mv in moves:
        term.send(mv)
        term.read_until("> ")
    term.send("Bxf7+")
    board = term.read_until("6... Black> ")
    expect("Black is in check" in board, "check is shown, with the side in check", board)
    expect("Last move: 6. Bxf7+" in board, "the last move is named", board)
    expect("\x1b[1;38;5;16;48;5;203m" in term.raw, "the king in check is marked in colour", term.raw)
    # A move that leaves the king attacked: the rule, not a typo's answer.
    term.send("a6")
    said = term.read_until("6... Black> ")
    expect(
        "`a6` is illegal: it would leave a royal piece of the mover attacked (Black is in check)." in said,
        "an illegal move is answered with its reason",
        said,
    )
    term.send("Kf9")
    said = term.read_until("6... Black> ")
    expect("`Kf9` is no move here; the moves of K: Ke7." in said, "a typo gets a hint", said)
    # Black at the bottom: rank 1 drawn first, files from h to a.
    term.send("flip")
    board = term.read_until("6... Black> ")
    rows = [l.strip() for l in board.splitlines() if re.match(r"^\s*[1-8] ", l)]
    expect(rows and rows[0].startswith("1") and rows[-1].startswith("8"), "flip draws Black at the bottom", board)
    expect("h  g  f  e  d  c  b  a" in board, "flip turns the files round", board)
    term.send("Ke7")
    term.read_until("7. White> ")
    term.send("Nd5")
    end = term.read_until("A new game? (y/n) ")
    expect(end.count("Game over") == 1, "the result is said once", end)
    expect("Game over: Black is checkmated; White wins (1-0)." in end, "the result", end)
    expect(
        "Moves: 1. e4 e5 2. Nf3 d6 3. Bc4 Bg4 4. Nc3 g6 5. Nxe5 Bxd1 6. Bxf7+ Ke7 7. Nd5# 1-0" in end,
        "the record at the end",
        end,
    )
    term.send("n")
    code = term.wait()
    expect(code == 0, f"play ends with status 0, not {code}", term.plain())


def by_name(tessera, folder, env):
    perft = subprocess.run([tessera, "perft", "chess", "3"], cwd=folder, env=env, capture_output=True, text=True)
    expect(perft.returncode == 0 and "Nodes searched: 8902" in perft.stdout, "perft chess 3 by name", perft.stdout + perft.stderr)
    moves = subprocess.run([tessera, "moves", "shogi"], cwd=folder, env=env, capture_output=True, text=True)
    expect(moves.returncode == 0 and len(moves.stdout.split()) == 30, "moves shogi by name", moves.stdout + moves.stderr)
    term = Terminal([tessera, "play", "xiangqi", "--depth", "1"], folder, env)
    term.read_until("1. White> ")
    term.send("Che3")
    said = term.read_until("2. White> ")
    expect("Black plays " in said, "the AI answers in xiangqi", said)
    term.send("quit")
    code = term.wait()
    expect(code == 0, f"play xiangqi ends with status 0, not {code}", term.plain())


def no_color(tessera, folder, env):
    """NO_COLOR set: a terminal gets no colours."""
    term = Terminal([tessera, "play", "chess", "--ai", "none"], folder, dict(env, NO_COLOR="1"))
    term.read_until("1. White> ")
    term.send("quit")
    expect(term.wait() == 0, "play ends", term.plain())
    expect("\x1b[" not in term.raw, "NO_COLOR leaves out colours", term.raw)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tessera", default="target/release/tessera")
    args = parser.parse_args()
    tessera = os.path.abspath(args.tessera)
    env = {k: v for k, v in os.environ.items() if k != "NO_COLOR"}
    env["TERM"] = "xterm-256color"
    with tempfile.TemporaryDirectory() as folder:
        chess_game(tessera, folder, env)
        by_name(tessera, folder, env)
        no_color(tessera, folder, env)
        expect(os.listdir(folder) == [], "nothing is written to the folder", str(os.listdir(folder)))
    print("pty_play: ok")


if __name__ == "__main__":
    try:
        main()
    except AssertionError as e:
        print(f"pty_play: FAILED: {e}", file=sys.stderr)
        sys.exit(1)
