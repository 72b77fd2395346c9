#!/usr/bin/env bash
# Runs ctest (the command line given, e.g. `ctest --output-on-failure -j2`) and fails when ctest
# reports any test that did not run — skipped (SKIP_RETURN_CODE, SKIP_REGULAR_EXPRESSION, a
# GTEST_SKIP'd discovered test), disabled or not run: `make test` runs every test or fails.
# usage: ctest_no_skips.sh <ctest> [ctest arguments...]
set -u -o pipefail
log=$(mktemp) || exit 2
trap 'rm -f "$log"' EXIT
"$@" 2>&1 | tee "$log"
rc=${PIPESTATUS[0]}
if grep -qE '\*\*\*Skipped|\*\*\*Not Run|The following tests did not run' "$log"; then
  echo "ctest_no_skips: error: ctest reported tests that did not run (skipped or disabled);" \
       "a test that can skip cannot fail" >&2
  exit 1
fi
exit "$rc"
