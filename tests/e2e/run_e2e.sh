#!/bin/sh
# One end-to-end check: the eager run and the translated run (in one executor mode) both pass
# their own self-check, and their results agree value by value with per-dtype tolerances. The
# translated run is strict (PL_SIM_STRICT=1): a task-order hazard the hardware would race on is
# an error, not a warning. A program that has such hazards on purpose sets PL_E2E_WAR=<count>:
# its translated run is not strict and must report exactly that many WAR hazards and no other.
# usage: run_e2e.sh <eager-binary> <translated-binary> <compare_results> <work-dir> <mode>
set -eu
eager=$1 translated=$2 compare=$3 dir=$4 mode=$5
mkdir -p "$dir"
rm -f "$dir/eager.$mode.txt" "$dir/translated.$mode.txt"
echo "== eager run (the golden model)"
PL_RESULT_DUMP="$dir/eager.$mode.txt" "$eager"
strict=1
[ -n "${PL_E2E_WAR:-}" ] && strict=0
echo "== translated run on the simulator (PL_SIM_MODE=$mode, PL_SIM_STRICT=$strict)"
PL_SIM_STRICT=$strict PL_SIM_MODE=$mode PL_SIM_SEED=7 PL_RESULT_DUMP="$dir/translated.$mode.txt" \
  "$translated" 2>"$dir/translated.$mode.err" || { cat "$dir/translated.$mode.err" >&2; exit 1; }
cat "$dir/translated.$mode.err" >&2
if [ -n "${PL_E2E_WAR:-}" ]; then
  war=$(grep -c "pl::sim warning: .*WAR hazard" "$dir/translated.$mode.err" || true)
  other=$(grep "pl::sim warning:" "$dir/translated.$mode.err" | grep -vc "WAR hazard" || true)
  if [ "$war" != "$PL_E2E_WAR" ] || [ "$other" != 0 ]; then
    echo "FAIL: expected exactly $PL_E2E_WAR WAR hazard reports and no other warning, got $war WAR and $other other" >&2
    exit 1
  fi
  echo "== the simulator reported the $war expected WAR hazards"
fi
echo "== translated vs eager"
"$compare" "$dir/eager.$mode.txt" "$dir/translated.$mode.txt"
