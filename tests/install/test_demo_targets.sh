#!/bin/sh
# `make demo` builds only what the demo runs: the targets of its `cmake --build --target` line
# need exactly the programs the demo starts plus pl-translate (ninja -t commands lists every
# command those targets need, built or not), and every program the demo starts is one of them.
# usage: test_demo_targets.sh <make> <pl source dir> <build dir (Ninja)> <ninja>
set -eu
make=$1 root=$2 build=$3 ninja=$4
recipe=$("$make" --no-print-directory -n -C "$root" demo BUILD_DIR="$build" JOBS=1)
targets=$(printf '%s\n' "$recipe" | sed -n 's/^cmake --build .* --target //p')
[ -n "$targets" ] || { printf '%s\n' "$recipe"; echo "FAIL: make demo has no 'cmake --build … --target' line"; exit 1; }
# shellcheck disable=SC2086 # the target list is split on purpose
linked=$("$ninja" -C "$build" -t commands $targets | grep -o ' -o bin/[^ ]*' | sed 's| -o bin/||' | sort -u |
  tr '\n' ' ')
started=$(printf '%s\n' "$recipe" | grep -o "$build/bin/[A-Za-z0-9_-]*" | sed 's|.*/||')
[ -n "$started" ] || { printf '%s\n' "$recipe"; echo "FAIL: no program started by make demo found"; exit 1; }
expected=$(printf '%s\npl-translate\n' "$started" | sort -u | tr '\n' ' ')
echo "make demo builds: $targets"
echo "programs linked:  $linked"
[ "$linked" = "$expected" ] || { echo "FAIL: make demo links '$linked', the demo needs '$expected'"; exit 1; }
echo "ok: make demo builds only the demo's programs and pl-translate"
