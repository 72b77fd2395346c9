#!/bin/sh
# Install this build into a scratch prefix and use it from the installed copy of
# examples/cmake_project, as another project would (docs/cmake.md):
#  1. the installed tree: tools that run, the clang-tidy module that loads, the whole dsl/include
#     tree, the package, the docs;
#  2. configure against the prefix only, build, run (both kernels translated, nothing from the
#     pl source tree in the translations' depfiles);
#  3. a build with no change translates nothing; an edit of the shared header translates both
#     kernels again (the run checks the new constant took effect), an edit of one kernel only it,
#     a newer pl-translate both;
#  4. PLATFORM a5sim re-translates with --platform=a5sim; PLATFORM a2a3 also writes each
#     source's kernel package (kernels.json and the files it lists) and still runs;
#  5. a translator error in a kernel is reported at the user's file and line, and fails the build;
#  6. app_eager, built from the same sources without pl_add_kernels, runs eagerly, and
#     bench_kernels (pl_add_kernel_benchmark) times both kernels eagerly and translated;
#  7. the installed package still works after the prefix is moved.
# usage: test_cmake_project.sh <cmake> <pl build dir> <pl source dir> <work dir> <generator>
#                              <c++ compiler> [<compiler launcher>]
set -eu
cmake=$1 build=$2 root=$3 work=$4 gen=$5 cxx=$6 launcher=${7:-}
prefix=$work/prefix src=$work/src bin=$work/build
rm -rf "$work"
mkdir -p "$work"
n=0

fail() { echo "FAIL: $*"; exit 1; }

# build [args]: cmake --build; the log is $work/build.<n>.log, printed when the build fails.
build() {
  n=$((n + 1))
  log=$work/build.$n.log
  "$cmake" --build "$bin" "$@" >"$log" 2>&1 || { cat "$log"; fail "build $n failed"; }
}

# translated: the kernels the last build translated, as "file(platform)" sorted, one line.
translated() {
  sed -n 's/.*pl-translate \([^ ]*\) (\([a-z0-9]*\)) for app$/\1(\2)/p' "$log" | sort | tr '\n' ' ' |
    sed 's/ $//'
}

expect_translated() { # <what> <expected translated()>
  got=$(translated)
  [ "$got" = "$2" ] || { cat "$log"; fail "$1: translated '$got', expected '$2'"; }
  echo "ok: $1: translated '${got}'"
}

run_app() { # <binary> <expected output line>
  out=$("$bin/$1") || fail "$1 failed: $out"
  [ "$out" = "$2" ] || fail "$1 printed '$out', expected '$2'"
  echo "ok: $1: $out"
}

echo "== 1. cmake --install $build --prefix $prefix"
"$cmake" --install "$build" --prefix "$prefix" >"$work/install.log"
for f in bin/pl-translate bin/pl-opt bin/pl-clang-tidy lib/libplTidy.so lib/cmake/pl/plConfig.cmake lib/cmake/pl/plConfigVersion.cmake \
  lib/cmake/pl/plTargets.cmake lib/cmake/pl/plKernels.cmake share/doc/pl/README.md \
  share/doc/pl/cmake.md share/doc/pl/dsl.md share/doc/pl/examples/cmake_project/CMakeLists.txt; do
  [ -f "$prefix/$f" ] || fail "not installed: $f"
done
# Every header of dsl/include, byte for byte (the tree is installed as a whole).
(cd "$root/dsl/include" && find . -type f) | while read -r h; do
  cmp -s "$root/dsl/include/$h" "$prefix/include/$h" || fail "header $h not installed as is"
done
"$prefix/bin/pl-translate" --version | grep -q '^pl-translate ' || fail "installed pl-translate does not run"
"$prefix/bin/pl-opt" --list-passes >/dev/null || fail "installed pl-opt does not run"
# The clang-tidy module loads from the prefix and has its checks (docs/editor.md).
clang-tidy-19 --load="$prefix/lib/libplTidy.so" --checks='-*,pl-*' --list-checks | grep -q 'pl-type-mismatch' ||
  fail "the installed libplTidy.so does not load into clang-tidy-19 with its pl- checks"
"$prefix/bin/pl-clang-tidy" --checks='-*,pl-*' --list-checks | grep -q 'pl-type-mismatch' ||
  fail "the installed pl-clang-tidy does not load libplTidy.so"
# Run by hand with no -I, the installed translator reads the installed headers, not the source
# tree it was built from.
mkdir -p "$work/byhand"
cp "$root/samples/hello_world.cpp" "$work/byhand/k.cpp"
"$prefix/bin/pl-translate" "$work/byhand/k.cpp" -o "$work/byhand/k.pl.cpp" --depfile="$work/byhand/k.d" \
  -- -std=c++20 || fail "the installed pl-translate cannot translate a sample without -I"
grep -qF "$prefix/include/pl/dsl.hpp" "$work/byhand/k.d" || fail "pl-translate without -I did not read the installed pl/dsl.hpp"
if grep -F "$root/dsl/" "$work/byhand/k.d"; then fail "pl-translate without -I read headers of the pl source tree"; fi
echo "ok: installed tree"

echo "== 2. configure the installed example against $prefix, build and run"
cp -R "$prefix/share/doc/pl/examples/cmake_project" "$src"
configure() {
  "$cmake" -S "$src" -B "$bin" -G "$gen" -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_CXX_COMPILER="$cxx" \
    -DCMAKE_CXX_FLAGS="-Wall -Wextra -Werror" ${launcher:+"-DCMAKE_CXX_COMPILER_LAUNCHER=$launcher"} \
    "$@" >"$work/configure.log" 2>&1
}
configure || { cat "$work/configure.log"; fail "configure failed"; }
grep -qx "pl_DIR:PATH=$prefix/lib/cmake/pl" "$bin/CMakeCache.txt" || fail "pl was not found in $prefix"
build
expect_translated "first build" "axpy.cpp(a2a3sim) relu_axpy.cpp(a2a3sim)"
run_app app "cmake_project (scale 2): PASS"
dep=$bin/pl_kernels/app/axpy.pl.cpp.d
grep -qF "$src/common.hpp" "$dep" || fail "the depfile does not list common.hpp"
grep -qF "$prefix/include/pl/dsl.hpp" "$dep" || fail "the depfile does not list the installed pl/dsl.hpp"
if grep -F "$root/dsl/" "$dep"; then fail "the translation read headers of the pl source tree"; fi

echo "== 3. rebuilds translate exactly the kernels that depend on the change"
build
expect_translated "no change" ""
sed 's/kScale = 2.0f/kScale = 3.0f/' "$src/common.hpp" >"$work/common.hpp" && mv "$work/common.hpp" "$src/common.hpp"
grep -q 'kScale = 3.0f' "$src/common.hpp" || fail "could not edit common.hpp"
build
expect_translated "common.hpp edited" "axpy.cpp(a2a3sim) relu_axpy.cpp(a2a3sim)"
run_app app "cmake_project (scale 3): PASS"
echo "// edited" >>"$src/relu_axpy.cpp"
build
expect_translated "relu_axpy.cpp edited" "relu_axpy.cpp(a2a3sim)"
run_app app "cmake_project (scale 3): PASS"

touch "$prefix/bin/pl-translate"
build
expect_translated "a newer pl-translate" "axpy.cpp(a2a3sim) relu_axpy.cpp(a2a3sim)"

echo "== 4. PLATFORM"
configure -DKERNEL_PLATFORM=a5sim || { cat "$work/configure.log"; fail "configure (a5sim) failed"; }
build
expect_translated "PLATFORM a5sim" "axpy.cpp(a5sim) relu_axpy.cpp(a5sim)"
grep -rqs --include=build.ninja --include=build.make -- "--platform=a5sim" "$bin" ||
  fail "the translation commands do not pass --platform=a5sim"
run_app app "cmake_project (scale 3): PASS"
configure -DKERNEL_PLATFORM=a2a3 || { cat "$work/configure.log"; fail "configure (a2a3) failed"; }
build
expect_translated "PLATFORM a2a3" "axpy.cpp(a2a3) relu_axpy.cpp(a2a3)"
for k in axpy relu_axpy; do
  pkg=$bin/pl_kernels/app/$k.package
  grep -q '"platform": "a2a3"' "$pkg/kernels.json" || fail "no a2a3 manifest in $pkg"
  for f in $(sed -n 's/.*"source": "\(kernels\/[^"]*\|orchestration\/[^"]*\)".*/\1/p' "$pkg/kernels.json"); do
    grep -q 'extern "C"' "$pkg/$f" || fail "$pkg/$f: not a package file"
  done
  ls "$pkg"/kernels/aiv/*.cpp "$pkg"/orchestration/*.cpp >/dev/null || fail "$pkg: no kernels"
done
run_app app "cmake_project (scale 3): PASS"
echo "ok: PLATFORM a2a3 writes the kernel packages"
configure -DKERNEL_PLATFORM=a5sim || { cat "$work/configure.log"; fail "configure (back to a5sim) failed"; }

echo "== 5. a translator error is reported at the user's line"
cp "$src/axpy.cpp" "$work/axpy.cpp.good"
sed '6a\    int *p = nullptr;' "$work/axpy.cpp.good" >"$src/axpy.cpp"
sed -n 7p "$src/axpy.cpp" | grep -q 'int \*p' || fail "could not edit axpy.cpp"
n=$((n + 1))
log=$work/build.$n.log
if "$cmake" --build "$bin" >"$log" 2>&1; then cat "$log"; fail "a build with a bad kernel succeeded"; fi
grep -qF "$src/axpy.cpp:7:" "$log" && grep -qF "error: pointer or reference variable 'p'" "$log" ||
  { cat "$log"; fail "the diagnostic does not name axpy.cpp:7"; }
echo "ok: $(grep -F "$src/axpy.cpp:7:" "$log" | head -n 1)"
cp "$work/axpy.cpp.good" "$src/axpy.cpp"
build
expect_translated "axpy.cpp fixed" "axpy.cpp(a5sim)"
run_app app "cmake_project (scale 3): PASS"

echo "== 6. the same sources without pl_add_kernels run eagerly"
build --target app_eager
run_app app_eager "cmake_project (scale 3): PASS"
# Only app holds generated code (namespaces pl_gen_<kernel file>).
nm -C "$bin/app" | grep -q 'pl_gen_axpy::' || fail "app has no translated code"
if nm -C "$bin/app_eager" | grep -q 'pl_gen_'; then fail "app_eager holds translated code"; fi
echo "ok: app_eager is the eager build"
# pl_add_kernel_benchmark (docs/benchmark.md): both kernels timed eagerly and translated.
build --target bench_kernels
"$bin/bench_kernels" --benchmark_min_time=0.01 --benchmark_format=csv >"$work/bench.csv" 2>"$work/bench.err" ||
  { cat "$work/bench.err"; fail "bench_kernels failed"; }
for row in axpy/eager axpy/translated_serial axpy/translated_threads relu_axpy/eager \
  relu_axpy/translated_serial relu_axpy/translated_threads; do
  grep -q "^\"$row\"," "$work/bench.csv" || { cat "$work/bench.csv"; fail "bench_kernels has no row $row"; }
done
nm -C "$bin/libbench_kernels_translated.so" | grep -q 'pl_gen_axpy::' || fail "the translated module has no translated code"
if nm -C "$bin/libbench_kernels_eager.so" | grep -q 'pl_gen_'; then fail "the eager module holds translated code"; fi
echo "ok: bench_kernels times $(grep -c '^"' "$work/bench.csv") rows"
# Its run-time errors name the module: missing, or without any PL_BENCHMARK.
eager_mod=$bin/libbench_kernels_eager.so
mv "$eager_mod" "$work/eager.so"
if "$bin/bench_kernels" 2>"$work/bench.err"; then fail "bench_kernels ran without its eager module"; fi
grep -qF "pl::benchmark: cannot load the module '$eager_mod'" "$work/bench.err" || { cat "$work/bench.err"; fail "no message for a missing module"; }
printf 'int pl_not_a_benchmark = 1;\n' >"$work/plain.cpp"
"$cxx" -shared -fPIC -o "$eager_mod" "$work/plain.cpp" || fail "cannot build a module without benchmarks"
if "$bin/bench_kernels" 2>"$work/bench.err"; then fail "bench_kernels ran with a module without benchmarks"; fi
grep -qF "pl::benchmark: the module '$eager_mod' registers no benchmark" "$work/bench.err" || { cat "$work/bench.err"; fail "no message for a module without benchmarks"; }
mv "$work/eager.so" "$eager_mod"
echo "ok: bench_kernels reports a missing module and one without benchmarks"

echo "== 7. the package is relocatable: the prefix moved, the build uses the new place"
mv "$prefix" "$work/moved"
configure -Dpl_DIR="$work/moved/lib/cmake/pl" || { cat "$work/configure.log"; fail "configure (moved prefix) failed"; }
grep -rqsF --include=build.ninja --include=build.make -- "$work/moved/bin/pl-translate $src/axpy.cpp" "$bin" ||
  fail "the translation does not run the moved pl-translate"
grep -rqsF --include=build.ninja --include=build.make -- "-I$work/moved/include" "$bin" ||
  fail "the translation does not read the moved headers"
if grep -rqsF --include=build.ninja --include=build.make -- "$prefix/" "$bin"; then
  fail "the build still names the old prefix"
fi
echo "ok: moved prefix"
echo "install.cmake_project: all checks passed"
