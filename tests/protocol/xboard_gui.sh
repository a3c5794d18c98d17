#!/usr/bin/env bash
# XBoard itself, under a virtual X server (Xvfb), plays one game of a variant
# it does not know (kinglet: `setup` gives it the board, the pieces and the
# start position) between two Tessera engines, with legality testing off so
# that Tessera's rules decide. The game, XBoard's log of the conversation and
# a summary go to target/xboard-artifacts/.
#
#     bash tests/protocol/xboard_gui.sh target/release/tessera [VARIANT]
#
# Needs the Debian packages xboard and xvfb. Fails when XBoard saw an illegal
# move, when Tessera sent no `setup`, or when the game has no result.
set -euo pipefail
tessera=$(realpath "${1:-target/release/tessera}")
variant=${2:-kinglet}
root=$(cd "$(dirname "$0")/../.." && pwd)
out="$root/target/xboard-artifacts"
mkdir -p "$out"
rm -f "$out/$variant.pgn" "$out/$variant.debug"
engine="$tessera xboard $root/games/$variant.game"
timeout 600 xvfb-run -a /usr/games/xboard \
  -fcp "$engine" -scp "$engine" -fd "$root" -sd "$root" \
  -matchMode true -matchGames 1 -variant "$variant" -tc 0:20 -inc 0 \
  -testLegality false -autoCallFlag true -popupExitMessage false \
  -debugMode true -nameOfDebugFile "$out/$variant.debug" \
  -saveGameFile "$out/$variant.pgn" >"$out/$variant.xboard.log" 2>&1
grep -q "<first : setup (" "$out/$variant.debug" || { echo "no setup from Tessera"; exit 1; }
if grep -q "Illegal move" "$out/$variant.debug"; then
  echo "XBoard or Tessera saw an illegal move:"; grep "Illegal move" "$out/$variant.debug"; exit 1
fi
result=$(grep -o '^\[Result "[^"]*"\]' "$out/$variant.pgn" | head -1)
case "$result" in
  *'"*"'*|"") echo "the game has no result: $result"; exit 1 ;;
esac
moves=$(grep -c '^[0-9]* <first : move \|^[0-9]* <second: move ' "$out/$variant.debug" || true)
echo "xboard $variant: $moves moves, $result (target/xboard-artifacts/$variant.pgn)"
