#!/bin/sh
# Passes when the command fails (non-zero exit) and its output contains the expected text.
# usage: expect_failure.sh <expected text> <command> [arguments...]
expected=$1
shift
if out=$("$@" 2>&1); then
  printf '%s\n' "$out"
  echo "expect_failure: error: '$*' succeeded; expected a failure saying '$expected'" >&2
  exit 1
fi
printf '%s\n' "$out"
case $out in
  *"$expected"*) exit 0 ;;
esac
echo "expect_failure: error: '$*' failed without saying '$expected'" >&2
exit 1
