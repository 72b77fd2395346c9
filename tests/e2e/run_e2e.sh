#!/bin/sh
# One end-to-end check: the eager run and the translated run (in one executor mode) both pass
# their own self-check, and their results agree value by value with per-dtype tolerances. The
# translated run is strict (PL_SIM_STRICT=1): a task-order hazard the hardware would race on is
# an error, not a warning (tests/e2e/hazards checks programs that have one on purpose).
# usage: run_e2e.sh <eager-binary> <translated-binary> <compare_results> <work-dir> <mode>
set -eu
eager=$1 translated=$2 compare=$3 dir=$4 mode=$5
mkdir -p "$dir"
rm -f "$dir/eager.$mode.txt" "$dir/translated.$mode.txt"
echo "== eager run (the golden model)"
PL_RESULT_DUMP="$dir/eager.$mode.txt" "$eager"
echo "== translated run on the simulator (PL_SIM_MODE=$mode, PL_SIM_STRICT=1)"
PL_SIM_STRICT=1 PL_SIM_MODE=$mode PL_SIM_SEED=7 PL_RESULT_DUMP="$dir/translated.$mode.txt" \
  "$translated" 2>"$dir/translated.$mode.err" || { cat "$dir/translated.$mode.err" >&2; exit 1; }
cat "$dir/translated.$mode.err" >&2
echo "== translated vs eager"
"$compare" "$dir/eager.$mode.txt" "$dir/translated.$mode.txt"
