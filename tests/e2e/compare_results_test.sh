#!/bin/sh
# compare_results applies pl::allclose's rules: equal infinities match, opposite infinities and
# infinity vs a finite value do not, NaN matches NaN only where the dump says equal_nan=1, and a
# malformed header is an error (exit 2).
# usage: compare_results_test.sh <compare_results> <work-dir>
set -u
compare=$1 dir=$2
mkdir -p "$dir"
fails=0
# expect <exit-code> <eager-file-contents> <translated-file-contents> <what>
expect() {
  printf '%b' "$2" >"$dir/eager.txt"
  printf '%b' "$3" >"$dir/translated.txt"
  "$compare" "$dir/eager.txt" "$dir/translated.txt" >"$dir/out.txt" 2>&1
  rc=$?
  if [ "$rc" != "$1" ]; then
    echo "FAIL ($4): exit $rc, expected $1"; cat "$dir/out.txt"; fails=$((fails + 1))
  else
    echo "ok: $4"
  fi
}
expect 0 'fp16 3 equal_nan=0\ninf\n-inf\n1\n' 'fp16 3 equal_nan=0\ninf\n-inf\n1\n' "equal infinities match"
expect 1 'fp16 2 equal_nan=0\ninf\n1\n' 'fp16 2 equal_nan=0\n-inf\n1\n' "opposite infinities"
expect 1 'fp32 2 equal_nan=0\ninf\n1\n' 'fp32 2 equal_nan=0\n3.4e38\n1\n' "inf vs finite"
expect 1 'fp32 2 equal_nan=0\n2\n1\n' 'fp32 2 equal_nan=0\ninf\n1\n' "finite vs inf"
expect 1 'fp32 1 equal_nan=0\nnan\n' 'fp32 1 equal_nan=0\nnan\n' "nan vs nan without equal_nan"
expect 0 'fp32 1 equal_nan=1\nnan\n' 'fp32 1 equal_nan=1\n-nan\n' "nan vs nan with equal_nan"
expect 1 'fp32 1 equal_nan=1\nnan\n' 'fp32 1 equal_nan=1\n0\n' "nan vs number with equal_nan"
expect 1 'fp32 1 equal_nan=1\n1\n' 'fp32 1 equal_nan=0\n1\n' "the two runs checked with different options"
expect 0 'fp32 1 equal_nan=0\n1\n' 'fp32 1 equal_nan=0\n1.000001\n' "within tolerance"
expect 1 'fp32 1 equal_nan=0\n1\n' 'fp32 1 equal_nan=0\n1.001\n' "outside tolerance"
expect 2 'fp32 1\n1\n' 'fp32 1\n1\n' "header without the equal_nan field"
[ "$fails" = 0 ]
