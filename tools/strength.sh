#!/usr/bin/env bash
# Tessera's strength against other engines: the matches of issue 37, each
# with its time control, played by `tessera match` with seeded random
# openings (each played with both colours), one row of a Markdown table each:
# opponent, game, time control, games, score with its 95% margin, W/D/L, the
# time each side used, and the machine's load while it played.
#
#   tools/strength.sh [--games N] [--only chess-fairymax,xiangqi-maxqi,...]
#                     [--tessera PATH] [--out FILE]
#
# Every engine runs on one thread; the matches run one after another, not
# under `nice` (other work on the machine, niced, gives way to both engines
# alike). Tessera plays as an XBoard engine (`tessera xboard FILE`), so that
# both sides' time is measured alike, over the same pipes, except where a
# move has less than a second (see the list below). The engines come from
# Debian: fairymax (Fairy-Max and MaxQi) and fairy-stockfish; a match whose
# engine is missing is skipped with a note. Debian's hachu plays no shogi
# with drops (docs/performance.md), so no match of it is here. The table goes
# to standard output and, with --out, to FILE (a row is added as each match
# ends).
set -euo pipefail
cd "$(dirname "$0")/.."

games=40
only=""
tessera=target/release/tessera
out=""
while [ $# -gt 0 ]; do
  case "$1" in
    --games) games="$2"; shift 2 ;;
    --only) only="$2"; shift 2 ;;
    --tessera) tessera="$2"; shift 2 ;;
    --out) out="$2"; shift 2 ;;
    *) echo "usage: $0 [--games N] [--only NAME,...] [--tessera PATH] [--out FILE]" >&2; exit 2 ;;
  esac
done
[ -x "$tessera" ] || { echo "no $tessera: run cargo build --release" >&2; exit 2; }

# name | rule file | opponent | time control | Tessera as: an XBoard process
# (`xboard`, the default, timed over the same pipes as its opponent) or the
# match's own search (`inline`: for times under a second, which XBoard's `st`
# cannot give). Fairy-Max's courier starts from its own setup, not
# Fairy-Stockfish's: tools/strength/fairymax/courier.game has it.
matches=(
  "chess-fairymax|games/chess.game|xboard:/usr/games/fairymax|--tc 4+0.04"
  "capablanca-fairymax|games/capablanca.game|xboard:/usr/games/fairymax|--tc 4+0.04"
  "shatranj-fairymax|games/shatranj.game|xboard:/usr/games/fairymax|--tc 4+0.04"
  "courier-fairymax|tools/strength/fairymax/courier.game|xboard:/usr/games/fairymax|--tc 4+0.04"
  "knightmate-fairymax|games/knightmate.game|xboard:/usr/games/fairymax|--tc 4+0.04"
  "makruk-fairymax|games/makruk.game|xboard:/usr/games/fairymax|--tc 4+0.04"
  "berolina-fairymax|games/berolina.game|xboard:/usr/games/fairymax|--tc 4+0.04"
  "xiangqi-maxqi|games/xiangqi.game|xboard:/usr/games/maxqi|--tc 4+0.04"
  "chess-fsf-10x|games/chess.game|uci:/usr/games/fairy-stockfish|--movetime 100 --second-movetime 10|inline"
  "capablanca-fsf-10x|games/capablanca.game|uci:/usr/games/fairy-stockfish|--movetime 100 --second-movetime 10|inline"
  "crazyhouse-fsf-10x|games/crazyhouse.game|uci:/usr/games/fairy-stockfish|--movetime 100 --second-movetime 10|inline"
  "xiangqi-fsf-10x|games/xiangqi.game|uci:/usr/games/fairy-stockfish|--movetime 100 --second-movetime 10|inline"
  "shogi-fsf-10x|games/shogi.game|uci:/usr/games/fairy-stockfish|--movetime 100 --second-movetime 10|inline"
  "chess-fsf|games/chess.game|uci:/usr/games/fairy-stockfish|--movetime 50|inline"
  "capablanca-fsf|games/capablanca.game|uci:/usr/games/fairy-stockfish|--movetime 50|inline"
  "crazyhouse-fsf|games/crazyhouse.game|uci:/usr/games/fairy-stockfish|--movetime 50|inline"
  "xiangqi-fsf|games/xiangqi.game|uci:/usr/games/fairy-stockfish|--movetime 50|inline"
  "shogi-fsf|games/shogi.game|uci:/usr/games/fairy-stockfish|--movetime 50|inline"
)

commit=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)
header="| opponent | game | time control | games | score | 95% margin | W/D/L | Tessera's time (a move) | opponent's time (a move) | load (1 min, before → after) | commit, date |
|---|---|---|---|---|---|---|---|---|---|---|"
echo "$header"
[ -n "$out" ] && echo "$header" >"$out"

for m in "${matches[@]}"; do
  IFS='|' read -r name file opponent control as <<<"$m"
  if [ -n "$only" ] && [[ ",$only," != *",$name,"* ]]; then
    continue
  fi
  program=${opponent#*:}
  program=${program%% *}
  if [ ! -x "$program" ]; then
    echo "$name: skipped, $program is missing" >&2
    continue
  fi
  before=$(cut -d' ' -f1 /proc/loadavg)
  json=$(mktemp)
  first="xboard:$tessera xboard $file"
  if [ "$as" = inline ]; then first=tessera; fi
  # shellcheck disable=SC2086 # the control is several words
  "$tessera" match "$file" "$first" "$opponent" --games "$games" $control \
    --random-plies 4 --seed 31 --max-plies 240 --json --pgn "target/strength-$name.pgn" >"$json"
  after=$(cut -d' ' -f1 /proc/loadavg)
  row=$(python3 - "$json" "$name" "$control" "$before" "$after" "$commit" <<'EOF'
import json, sys, datetime
path, name, control, before, after, commit = sys.argv[1:]
r = json.load(open(path))
t, o = r["engines"]
n = r["wins"] + r["draws"] + r["losses"]
game = name.split("-")[0]
opponent = o["name"].split(":", 1)[1].rsplit("/", 1)[-1]
print(f"| {opponent} | {game} | `{control}` | {n} | {100 * r['score']:.1f}% | ±{100 * r['margin']:.1f}% "
      f"| {r['wins']}/{r['draws']}/{r['losses']} | {t['seconds']:.0f} s ({t['ms_per_move']:.0f} ms) "
      f"| {o['seconds']:.0f} s ({o['ms_per_move']:.0f} ms) | {before} → {after} "
      f"| {commit}, {datetime.date.today()} |")
EOF
)
  rm -f "$json"
  echo "$row"
  [ -n "$out" ] && echo "$row" >>"$out"
done
