#!/usr/bin/env bash
# A time-boxed fuzzing run of the rule-file, position and move targets, as
# .ci/run runs it: SECONDS_EACH seconds per target (75 by default), from the
# corpus kept in fuzz/corpus/TARGET and the seeds, with the target's
# dictionary. New inputs go to target/fuzz-corpus/TARGET, so the kept corpus
# changes only when someone minimizes it again (README, "Hostile input").
# A crash, a panic or a time-out fails the run: the input is printed (as text
# and in hex) and left in fuzz/artifacts/TARGET/.
#
# Usage: bash fuzz/run.sh [SECONDS_EACH] [TARGET...]
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-75}"
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(rule_file position moves)

# cargo-fuzz drives libFuzzer through nightly flags; RUSTC_BOOTSTRAP lets the
# stable toolchain take them. No sanitizer: the library forbids unsafe code,
# and without one the fuzzer runs several times as many inputs. Debug
# assertions and overflow checks stay on (cargo-fuzz's default), so an
# arithmetic overflow is a crash.
export RUSTC_BOOTSTRAP=1
flags=(--sanitizer none)
if ! command -v cargo-fuzz >/dev/null; then
  cargo install cargo-fuzz --locked --quiet
fi
cargo fuzz build "${flags[@]}"

status=0
for target in "${targets[@]}"; do
  work="$PWD/target/fuzz-corpus/$target"
  mkdir -p "$work" "fuzz/corpus/$target"
  dirs=("$work" "$PWD/fuzz/corpus/$target")
  if [ "$target" = rule_file ]; then
    dirs+=("$PWD/games" "$PWD/tests/bad" "$PWD/tests/pathological")
  else
    dirs+=("$PWD/fuzz/seeds/$target")
  fi
  echo "fuzz: $target for $seconds s"
  # The slowest rule-file seed, tests/pathological/long-line.game, compiles in
  # a few seconds under instrumentation: -timeout leaves it room.
  if ! cargo fuzz run "${flags[@]}" "$target" "${dirs[@]}" -- \
    -max_total_time="$seconds" -timeout=60 -rss_limit_mb=4096 \
    -dict="$PWD/fuzz/dict/$target.dict" -print_final_stats=1 2>"target/fuzz-$target.log"; then
    status=1
    tail -n 60 "target/fuzz-$target.log"
    for artifact in fuzz/artifacts/"$target"/*; do
      [ -f "$artifact" ] || continue
      echo "fuzz: $target found $artifact ($(wc -c <"$artifact") bytes):"
      # Read only the head of the artifact: `od | head` under pipefail would
      # end the script with SIGPIPE before the report is out.
      head -c 8000 "$artifact"
      echo
      head -c 640 "$artifact" | od -A d -t x1
    done
    # Last, where a shortened log still shows it: what went wrong.
    echo "fuzz: $target failed with:"
    grep -E -A4 'panicked at|ERROR: libFuzzer|==ERROR' "target/fuzz-$target.log" | head -c 3000 || true
    echo
  else
    grep -E '^(stat::number_of_executed_units|stat::peak_rss_mb|#[0-9]+ +DONE)' \
      "target/fuzz-$target.log" || true
  fi
done
exit "$status"
