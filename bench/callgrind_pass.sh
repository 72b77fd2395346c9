#!/bin/bash
# Instructions (valgrind callgrind's Ir) of one run of one pass of the default pipeline on one
# bench_pipeline program: a count that does not depend on the machine's load, for comparing two
# builds or two sizes where CPU time is too noisy (docs/performance.md, issue 36).
#   bench/callgrind_pass.sh <bench_pipeline binary> <pass id> <many_kernels|long_straight> <stmts> <symbol>
# <symbol>: the pass's entry function (e.g. windowTaskArguments), counted with everything it
# calls. With --benchmark_min_time=0 the row runs the pass once, after the pipeline run that
# builds its input ran it once too: the count is halved. A 10^4-statement run takes minutes.
set -euo pipefail
if [ $# -ne 5 ]; then
  echo "usage: $0 <bench_pipeline> <pass-id> <shape> <stmts> <symbol>" >&2
  exit 2
fi
out=$(mktemp /tmp/callgrind_pass.XXXXXX)
trap 'rm -f "$out"' EXIT
valgrind --tool=callgrind --callgrind-out-file="$out" --toggle-collect="*passes::$5(*" \
  "$1" --benchmark_filter="^BM_Pass/$2/$3/$4\$" --benchmark_min_time=0 >/dev/null 2>&1
awk '/^(summary|totals):/ {print int($2 / 2); exit}' "$out"
