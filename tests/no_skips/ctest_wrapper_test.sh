#!/bin/sh
# tests/ctest_no_skips.sh on three tiny ctest trees: all tests pass (exit 0), one test skipped
# (exit 1), one test disabled (exit 1). ctest itself exits 0 for the last two.
# usage: ctest_wrapper_test.sh <ctest> <ctest_no_skips.sh> <work dir>
set -u
ctest=$1 wrapper=$2 work=$3
fail=0
run() { # name, expected wrapper status, extra CTestTestfile lines
  dir=$work/$1
  rm -rf "$dir" && mkdir -p "$dir" || exit 2
  printf 'add_test(passes "/bin/sh" "-c" "exit 0")\n%s\n' "$3" > "$dir/CTestTestfile.cmake"
  (cd "$dir" && "$wrapper" "$ctest") > "$dir/log" 2>&1
  status=$?
  if [ "$status" -ne "$2" ]; then
    echo "case $1: ctest_no_skips.sh exited $status, expected $2:"
    cat "$dir/log"
    fail=1
  else
    echo "case $1: exit $status as expected"
  fi
}
run all_pass 0 ''
run skipped 1 'add_test(skips "/bin/sh" "-c" "exit 77")
set_tests_properties(skips PROPERTIES SKIP_RETURN_CODE 77)'
run disabled 1 'add_test(off "/bin/sh" "-c" "exit 0")
set_tests_properties(off PROPERTIES DISABLED TRUE)'
exit $fail
