#!/usr/bin/env bash
# The studio's load figures for docs/studio.md: requests per second and the
# 50th and 99th percentile latency at 1, 8, 32 and 128 kept-alive clients,
# on a cheap request (GET /api/games) and a common one (POST /api/state, a
# position after two moves, as the page asks after each move), measured with
# wrk (Debian's package `wrk`), each client on its own wrk thread so that
# the fewest replies any one client got is known (tools/studio-load.lua).
#
#   tools/studio-load.sh [TESSERA_BINARY] [SECONDS_PER_RUN]
#
# Prints a Markdown table. Traffic goes to 127.0.0.1 only, to a server this
# script starts on a free port and stops at the end.
set -euo pipefail
cd "$(dirname "$0")/.."
binary=${1:-target/release/tessera}
seconds=${2:-10}
command -v wrk >/dev/null || { echo "wrk is missing: apt-get install -y wrk" >&2; exit 2; }
[ -x "$binary" ] || { echo "no binary at $binary: cargo build --release" >&2; exit 2; }

scratch=$(mktemp -d)
log=$(mktemp)
cleanup() {
  [ -n "${server:-}" ] && kill "$server" 2>/dev/null && wait "$server" 2>/dev/null
  rm -rf "$scratch" "$log"
}
trap cleanup EXIT
cp games/chess.game games/crazyhouse.game "$scratch/"
"$binary" serve "$scratch" --port 0 >"$log" 2>&1 &
server=$!
for _ in $(seq 50); do
  grep -q "Tessera studio" "$log" && break
  sleep 0.1
done
url=$(grep -o 'http://[^/]*/' "$log" | head -1)
[ -n "$url" ] || { echo "the server did not start:" >&2; cat "$log" >&2; exit 1; }

state='{"game": "chess", "moves": ["e2e4", "e7e5"]}'
echo "| request | clients | requests/s | p50 | p99 | replies per client (fewest to most) | not 200 |"
echo "|---|---|---|---|---|---|---|"
for request in "GET /api/games" "POST /api/state"; do
  path=${request#* }
  body=""
  [ "${request%% *}" = POST ] && body=$state
  for clients in 1 8 32 128; do
    out=$(STUDIO_BODY="$body" wrk -t "$clients" -c "$clients" -d "${seconds}s" \
      --timeout 10s --latency -s tools/studio-load.lua "${url%/}$path")
    rps=$(awk '/^Requests\/sec:/ {printf "%d", $2}' <<<"$out")
    p50=$(awk '$1 == "50%" {print $2}' <<<"$out")
    p99=$(awk '$1 == "99%" {print $2}' <<<"$out")
    fairness=$(sed -n 's/^per-connection replies: fewest \([0-9]*\), most \([0-9]*\); not 200: \([0-9]*\)$/\1 to \2|\3/p' <<<"$out")
    errors=$(grep -o 'Socket errors:.*' <<<"$out" || true)
    echo "| \`$request\` | $clients | $rps | $p50 | $p99 | ${fairness%|*} | ${fairness#*|}${errors:+ ($errors)} |"
  done
done
