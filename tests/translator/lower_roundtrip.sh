#!/bin/sh
# Lowers one sample, checks the IR with pl-opt (parse + structural verifiers), and checks that
# printing the parsed IR again gives the same text (print -> parse -> print is a fixpoint).
# usage: lower_roundtrip.sh <pl-translate> <pl-opt> <sample.cpp> <work-prefix> <compiler flags...>
set -eu
translate=$1 opt=$2 src=$3 work=$4
shift 4
mkdir -p "$(dirname "$work")"
"$translate" --emit=ir "$src" -- "$@" > "$work.lowered.pir"
"$opt" "$work.lowered.pir" -o "$work.parsed.pir"
"$opt" "$work.parsed.pir" -o "$work.reparsed.pir"
cmp "$work.parsed.pir" "$work.reparsed.pir"
echo "$(basename "$src"): lowered, verified, round trip stable"
