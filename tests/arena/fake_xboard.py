#!/usr/bin/env python3
"""A fake XBoard (CECP 2) engine for tests/arena.rs: it plays the moves it is
given, in order, one at each `go`, and writes every line it receives to a log.

    fake_xboard.py --moves e7e5,d8h4 [--features usermove=1,setboard=1]
                   [--variants normal,xiangqi] [--old-style] [--log FILE]

A move may instead be RESIGN, CRASH (exit 3), SILENT (never answer),
SLEEP:SECONDS (then the next move) or CLAIM:TEXT (print TEXT, its `_` as
spaces, e.g. `1-0_{White_mates}`, and no move).
"""
import sys
import time

args = sys.argv[1:]
options = {}
flags = set()
i = 0
while i < len(args):
    if args[i] == "--old-style":
        flags.add("old-style")
        i += 1
    else:
        options[args[i]] = args[i + 1] if i + 1 < len(args) else ""
        i += 2
moves = [m for m in options.get("--moves", "").split(",") if m]
features = options.get("--features", "").replace(",", " ")
variants = options.get("--variants", "normal")
log = open(options["--log"], "a") if "--log" in options else None


def say(line):
    print(line, flush=True)


played = 0
for line in sys.stdin:
    line = line.strip()
    if log:
        log.write(line + "\n")
        log.flush()
    words = line.split()
    if not words:
        continue
    if words[0] == "protover":
        say('feature myname="fake" variants="%s" %s' % (variants, features))
        say("feature done=1")
    elif words[0] == "ping":
        say("pong " + words[1])
    elif words[0] == "quit":
        break
    elif words[0] == "go":
        while played < len(moves):
            move = moves[played]
            played += 1
            if move.startswith("SLEEP:"):
                time.sleep(float(move[6:]))
                continue
            break
        else:
            move = "RESIGN"
        if move == "RESIGN":
            say("resign")
        elif move == "CRASH":
            sys.exit(3)
        elif move == "SILENT":
            pass
        elif move.startswith("CLAIM:"):
            say(move[6:].replace("_", " "))
        elif "old-style" in flags:
            say("1. ... " + move)
        else:
            say("move " + move)
