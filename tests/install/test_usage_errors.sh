#!/bin/sh
# pl_add_kernels' and pl_add_kernel_benchmark's argument checks: usage/ configured once per case; "ok" must succeed and show
# the rewritten sources, every other case must fail with its message.
# usage: test_usage_errors.sh <cmake> <usage source dir> <work dir> <generator> <c++ compiler> <plKernels.cmake>
set -eu
cmake=$1 src=$2 work=$3 gen=$4 cxx=$5 kernels=$6
rm -rf "$work"
fails=0

configure() { # <case>: configure; output in $work/<case>.log, status in $rc
  rc=0
  "$cmake" -S "$src" -B "$work" -G "$gen" -DCMAKE_CXX_COMPILER="$cxx" -DPL_KERNELS_CMAKE="$kernels" \
    -DCASE="$1" >"$work.$1.log" 2>&1 || rc=$?
}

expect_ok() { # <case> <fixed string the output must contain>
  configure "$1"
  if [ "$rc" -ne 0 ] || ! grep -qF -- "$2" "$work.$1.log"; then
    echo "FAIL $1: expected success with '$2' (exit $rc):"; cat "$work.$1.log"; fails=$((fails + 1))
  else
    echo "ok   $1"
  fi
}

expect_error() { # <case> <fixed string the error must contain>
  configure "$1"
  # CMake wraps long messages: compare with the lines joined.
  joined=$(tr -s '\n ' '  ' <"$work.$1.log")
  case "$joined" in
    *"$2"*) if [ "$rc" -ne 0 ]; then echo "ok   $1"; return; fi ;;
  esac
  echo "FAIL $1: expected a failed configure with '$2' (exit $rc):"; cat "$work.$1.log"
  fails=$((fails + 1))
}

b=$work/pl_kernels/app
expect_ok ok "app: main.cpp;$b/k.pl.cpp;$b/extra.pl.cpp; app_eager: main.cpp;k.cpp; app links: linked;pl::sim"
# The generated build: the translation command, and the translated file compiled with -iquote.
generated() { # <fixed string> <what>
  if grep -rqsF --include=build.ninja --include=build.make --include=flags.make -- "$1" "$work"; then
    echo "ok   $2"
  else
    echo "FAIL $2: '$1' is not in the generated build files"; fails=$((fails + 1))
  fi
}
generated "/bin/true $src/k.cpp -o $b/k.pl.cpp --depfile=$b/k.pl.cpp.d --platform=a5sim --cache-dir=$work/pl_translate_cache --verify=roundtrip -- -std=c++23 -I$src/inc -DPL_USAGE_OWN=2 -DPL_USAGE_LINKED=1 -Wno-unused" "ok: translation command"
generated "-iquote $src" "ok: -iquote for the translated file"
expect_error no_translator "pl_add_kernels(app): this pl package has no pl::translate or pl::sim target"
expect_error not_a_target "pl_add_kernels(nope): 'nope' is not a target"
expect_error alias "pl_add_kernels(app_alias): 'app_alias' is an alias of 'app'; name 'app'"
expect_error interface "'iface' is an INTERFACE_LIBRARY target; kernels are compiled into an executable"
expect_error imported "'pl::translate' is an imported EXECUTABLE target"
expect_error other_dir "pl_add_kernels(sub_app): call it in the directory that defines 'sub_app' ($src/sub)"
expect_error no_sources "pl_add_kernels(app): no SOURCES given"
expect_error unexpected "pl_add_kernels(app): unexpected arguments 'SOURCE;k.cpp'"
expect_error platform_missing "pl_add_kernels(app): PLATFORM needs a value (a2a3sim, a5sim, a2a3 or a5)"
# PLATFORM a2a3 / a5: the translation also writes the source's kernel package (--out-dir).
expect_ok platform_a2a3 "app packages: $b/k.package"
generated "/bin/true $src/k.cpp -o $b/k.pl.cpp --depfile=$b/k.pl.cpp.d --platform=a2a3 --out-dir=$b/k.package --" "ok: a2a3 translation command"
expect_ok platform_a5 ""
generated "--platform=a5 --out-dir=$b/k.package --" "ok: a5 translation command"
expect_error platform_unknown "pl_add_kernels(app): unknown PLATFORM 'x86' (a2a3sim, a5sim, a2a3 or a5)"
expect_error reserved_option "OPTIONS may not contain '--platform=a5sim'"
expect_error missing_source "pl_add_kernels(app): source 'nothere.cpp' not found ($src/nothere.cpp)"
expect_error twice "pl_add_kernels(app): source './k.cpp' is listed twice"
expect_error namespace_clash "'sub/k.cpp' would put its generated code in namespace pl_gen_k, as another kernel source of 'app' does"
expect_error namespace_clash_calls "'sub/k.cpp' would put its generated code in namespace pl_gen_k"
expect_error namespace_mangled "'sub/a_b.cpp' would put its generated code in namespace pl_gen_a_b"
# pl_add_kernel_benchmark: the eager module as written, the translated one through pl_add_kernels.
bb=$work/pl_kernels/bench_translated
expect_ok bench_ok "bench_eager (MODULE_LIBRARY): k.cpp;main.cpp; bench_translated: $bb/k.pl.cpp;main.cpp; bench links: pl::dsl;benchmark::benchmark"
generated "/bin/true $src/k.cpp -o $bb/k.pl.cpp --depfile=$bb/k.pl.cpp.d --platform=a5sim" "ok: benchmark translation command"
expect_error bench_no_sources "pl_add_kernel_benchmark(bench): no SOURCES given"
expect_error bench_unexpected "pl_add_kernel_benchmark(bench): unexpected arguments 'x'"
expect_error bench_exists "pl_add_kernel_benchmark(app): a target 'app' already exists"
expect_error bench_no_benchmark "pl_add_kernel_benchmark(bench): Google Benchmark not found"

# CASE=build with the project's generator and with Unix Makefiles: the translation runs (its
# output folder is made: Makefiles do not make it), a build with no change does not translate,
# touching a header the depfile names translates again.
check_build() { # <generator>
  d=$work.build-$(printf '%s' "$1" | tr -c 'A-Za-z0-9' '_')
  rm -rf "$d"
  mkdir -p "$d"
  cp -R "$src" "$d/src"
  for step in configure first again header; do
    case $step in
      configure) "$cmake" -S "$d/src" -B "$d/b" -G "$1" -DCMAKE_CXX_COMPILER="$cxx" \
                   -DPL_KERNELS_CMAKE="$kernels" -DCASE=build >"$d/$step.log" 2>&1 ;;
      header) touch "$d/src/inc/linked.hpp" && "$cmake" --build "$d/b" >"$d/$step.log" 2>&1 ;;
      *) "$cmake" --build "$d/b" >"$d/$step.log" 2>&1 ;;
    esac || { echo "FAIL build ($1): $step failed:"; cat "$d/$step.log"; fails=$((fails + 1)); return; }
    translated=$(grep -c "pl-translate k.cpp (a2a3sim) for app" "$d/$step.log" || true)
    want=1
    [ "$step" = configure ] || [ "$step" = again ] && want=0
    if [ "$translated" -ne "$want" ]; then
      echo "FAIL build ($1): $step translated k.cpp $translated time(s), expected $want:"
      cat "$d/$step.log"; fails=$((fails + 1)); return
    fi
  done
  "$d/b/app" || { echo "FAIL build ($1): app failed"; fails=$((fails + 1)); return; }
  echo "ok   build ($1)"
}
check_build "$gen"
if [ "$gen" != "Unix Makefiles" ] && command -v make >/dev/null; then check_build "Unix Makefiles"; fi

[ "$fails" -eq 0 ] || { echo "$fails case(s) failed"; exit 1; }
echo "all pl_add_kernels and pl_add_kernel_benchmark usage cases passed"
