#!/bin/sh
# A stand-in for pl-translate (test_usage_errors.sh, CASE=build): copies the input to -o and
# writes a depfile naming the input and inc/linked.hpp, so the build's dependency handling can be
# checked without the real translator.
set -eu
in="" out="" dep=""
while [ $# -gt 0 ]; do
  case $1 in
    --) break ;;
    -o) out=$2; shift ;;
    --depfile=*) dep=${1#--depfile=} ;;
    -*) ;;
    *) in=$1 ;;
  esac
  shift
done
cp "$in" "$out"
printf '%s: %s %s\n' "$out" "$in" "$(dirname "$in")/inc/linked.hpp" >"$dep"
