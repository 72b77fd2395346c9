# Top-level entry points: the README's two quick-start commands and their helpers.
# Each target installs missing Debian packages (idempotent, quiet when present),
# configures build/ with Ninja + ccache, builds incrementally and runs.
BUILD_DIR ?= build
BUILD_TYPE ?= Release
# ccache keys on paths relative to the checkout, so a fresh clone reuses earlier builds.
export CCACHE_BASEDIR := $(CURDIR)
export CCACHE_NOHASHDIR := 1
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
CMAKE_FLAGS ?=
PACKAGES := clang-19 libclang-19-dev libclang-cpp19-dev llvm-19-dev llvm-19-tools \
            libgtest-dev libgmock-dev libbenchmark-dev cmake ninja-build ccache g++ python3 \
            clang-format-19 clang-tidy-19 clang-tools-19
SUDO := $(shell [ "$$(id -u)" -eq 0 ] || echo sudo)

.PHONY: all bootstrap configure build test demo bench sanitize fuzz-ir fuzz clean format format-check \
        tidy tidy-check docs

all: build

bootstrap:
	@missing=""; for p in $(PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q 'install ok installed' || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "bootstrap: installing$$missing"; \
	  $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get update -qq && \
	  $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $$missing >/dev/null; \
	fi

configure: bootstrap
	@[ -f $(BUILD_DIR)/build.ninja ] || cmake -S . -B $(BUILD_DIR) -G Ninja \
	  -DCMAKE_BUILD_TYPE=$(BUILD_TYPE) -DCMAKE_CXX_FLAGS_RELEASE="-O2 -DNDEBUG" \
	  -DCMAKE_CXX_COMPILER_LAUNCHER=ccache $(CMAKE_FLAGS)

build: configure
	@cmake --build $(BUILD_DIR) -j $(JOBS)

# tests/ctest_no_skips.sh fails the run when ctest reports a skipped or disabled test.
test: build
	@cd $(BUILD_DIR) && $(CURDIR)/tests/ctest_no_skips.sh ctest --output-on-failure -j $(JOBS)

# The walking skeleton end to end: samples/flash_attention.cpp runs eagerly (the golden model),
# is translated by pl-translate, compiled, run on the a2a3sim simulator, and the two runs'
# results are compared value by value. Builds only DEMO_TARGETS (and what they need:
# pl-translate), not the whole tree, so a fresh clone shows the demo after the translator's build
# (ctest demo.targets checks the list).
DEMO_TARGETS := sample_flash_attention e2e_flash_attention compare_results

demo: configure
	@cmake --build $(BUILD_DIR) -j $(JOBS) --target $(DEMO_TARGETS)
	@echo "== pl-translate samples/flash_attention.cpp (generated: $(BUILD_DIR)/tests/e2e/flash_attention.pl.cpp)"
	@tests/e2e/run_e2e.sh $(BUILD_DIR)/bin/sample_flash_attention $(BUILD_DIR)/bin/e2e_flash_attention \
	  $(BUILD_DIR)/bin/compare_results $(BUILD_DIR)/demo threads

# Benchmarks (docs/performance.md): a Release build (-O2) in $(BENCH_DIR) with the same options,
# only the bench_* targets and bench_kernel_modules (the kernel modules of the samples outside
# the ctest smoke run); each benchmark's JSON in $(BENCH_DIR)/bench/, then one summary table.
# OpenBLAS is installed for bench_kernels' cblas_sgemm only (not needed by `make test`).
BENCH_DIR ?= build-release
BENCH_PACKAGES := libopenblas-dev
BENCHES := bench_translate bench_pipeline bench_runtime bench_kernels

bench:
	@$(MAKE) --no-print-directory bootstrap PACKAGES="$(PACKAGES) $(BENCH_PACKAGES)"
	@[ -f $(BENCH_DIR)/build.ninja ] || cmake -S . -B $(BENCH_DIR) -G Ninja -DCMAKE_BUILD_TYPE=Release \
	  "-DCMAKE_CXX_FLAGS_RELEASE=-O2 -DNDEBUG" -DCMAKE_CXX_COMPILER_LAUNCHER=ccache $(CMAKE_FLAGS)
	@cmake --build $(BENCH_DIR) -j $(JOBS) --target $(BENCHES) bench_kernel_modules
	@mkdir -p $(BENCH_DIR)/bench
	@for b in $(BENCHES); do echo "== $$b"; $(BENCH_DIR)/bin/$$b --benchmark_out_format=json \
	  --benchmark_out=$(BENCH_DIR)/bench/$$b.json || exit 1; done
	@python3 bench/summarize.py $(BENCH_DIR)/bench

# ASan + UBSan (docs/testing.md, "Sanitizers and libFuzzer"): a separate build in
# $(SANITIZE_DIR) with -fsanitize=address,undefined (any UBSan report is fatal) and the whole
# ctest suite; a leak, a bad access or undefined behaviour fails the test that hit it. The build
# runs under the same options (it runs the sanitized pl-translate). allow_user_poisoning=0: the
# LLVM headers poison allocator slabs by hand when they are compiled with ASan, which our code
# is and Debian's libclang-cpp is not; the library then hands out memory from slabs our inlined
# code poisoned, a false "use-after-poison" (pl itself never poisons memory by hand). The tests
# run with a 64 MiB stack: ASan's frames are several times larger, and the expression depth pl
# accepts (4096 levels, PM004 / P015) is sized for the default 8 MiB stack of a normal build,
# where 4000 levels through the default pipeline need 2 to 4 MiB.
SANITIZE_DIR ?= build-sanitize
SANITIZE_ENV := ASAN_OPTIONS=detect_leaks=1:abort_on_error=1:strict_string_checks=1:allow_user_poisoning=0 \
                UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
                LSAN_OPTIONS=suppressions=$(CURDIR)/tests/lsan.supp

sanitize: bootstrap
	@[ -f $(SANITIZE_DIR)/build.ninja ] || cmake -S . -B $(SANITIZE_DIR) -G Ninja \
	  -DCMAKE_BUILD_TYPE=RelWithDebInfo "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -g" -DPL_SANITIZE=ON \
	  -DCMAKE_CXX_COMPILER_LAUNCHER=ccache $(CMAKE_FLAGS)
	@env $(SANITIZE_ENV) cmake --build $(SANITIZE_DIR) -j $(JOBS)
	@cd $(SANITIZE_DIR) && ulimit -s 65536 && env $(SANITIZE_ENV) ctest --output-on-failure -j $(JOBS)

# libFuzzer on the IR parser + default pipeline (tests/fuzz_ir/fuzz_pipeline.cpp), built with
# clang-19 in $(FUZZ_IR_DIR) with ASan + UBSan, seeded from the .pir tests; runs for
# FUZZ_IR_SECONDS and leaves any crashing input as $(FUZZ_IR_DIR)/crash-*.
FUZZ_IR_DIR ?= build-fuzz-ir
FUZZ_IR_SECONDS ?= 300

fuzz-ir: PACKAGES += libclang-rt-19-dev # libFuzzer and the sanitizer runtimes of clang-19
fuzz-ir: bootstrap
	@[ -f $(FUZZ_IR_DIR)/build.ninja ] || cmake -S . -B $(FUZZ_IR_DIR) -G Ninja \
	  -DCMAKE_BUILD_TYPE=RelWithDebInfo "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -g" -DPL_FUZZ_IR=ON \
	  -DCMAKE_CXX_COMPILER=clang++-19 -DCMAKE_CXX_COMPILER_LAUNCHER=ccache \
	  -DPL_SKIP_DIRS=bench $(CMAKE_FLAGS)
	@cmake --build $(FUZZ_IR_DIR) -j $(JOBS) --target fuzz_pipeline
	@mkdir -p $(FUZZ_IR_DIR)/corpus-run
	@cd $(FUZZ_IR_DIR) && env $(SANITIZE_ENV) bin/fuzz_pipeline -max_total_time=$(FUZZ_IR_SECONDS) \
	  -timeout=20 -rss_limit_mb=4096 -print_final_stats=1 corpus-run tests/fuzz_ir/corpus

# The differential fuzzer's long run (docs/testing.md): random programs, eager vs translated in
# every executor mode, until FUZZ_TIME seconds (default 600 when FUZZ_COUNT is not given) or
# FUZZ_COUNT programs; each failure is minimized and written as a reproducer under FUZZ_OUT.
# FUZZ_FLAGS: gen.py feature flags (e.g. --no-permutations); FUZZ_SEED: the first seed;
# FUZZ_JOBS: batches compiled at once (one core each). CXX picks the compiler (clang++-19
# compiles a batch in about 70% of g++'s time).
FUZZ_TIME ?=
FUZZ_COUNT ?=
FUZZ_OUT ?= $(BUILD_DIR)/fuzz
FUZZ_FLAGS ?=
FUZZ_SEED ?=
FUZZ_JOBS ?= 1

fuzz: build
	@python3 tests/fuzz/fuzz.py campaign --build $(BUILD_DIR) --out $(FUZZ_OUT) \
	  --time $(or $(FUZZ_TIME),$(if $(FUZZ_COUNT),0,600)) --count $(or $(FUZZ_COUNT),0) \
	  --jobs $(FUZZ_JOBS) $(if $(FUZZ_SEED),--seed $(FUZZ_SEED)) $(FUZZ_FLAGS)

clean:
	rm -rf $(BUILD_DIR)

# Generated docs: docs/diagnostics.md from the diagnostic catalogue ir/diagnostics.def
# (.ci/diagnostics.py; ctest diagnostics.catalogue fails when the two differ).
docs:
	@python3 .ci/diagnostics.py doc $(CURDIR)

# Formatting (.clang-format, clang-format-19): every C++ line changed since FORMAT_BASE (the
# commit that introduced the check, .ci/format-base) must be formatted; `make format` formats
# exactly those lines. tests/lit is left out: its inputs are checked at their line numbers.
FORMAT_BASE ?= $(shell cat .ci/format-base)
FORMAT_DIRS := ir passes emit translator tidy dsl bench samples $(filter-out tests/lit,$(wildcard tests/*))
GIT_CLANG_FORMAT := git-clang-format-19 --binary clang-format-19 --extensions cpp,h,hpp

format: bootstrap
	@$(GIT_CLANG_FORMAT) --force $(FORMAT_BASE) -- $(FORMAT_DIRS) || [ $$? -eq 1 ] # 1: files were changed

# Shell prologue of format-check and tidy-check: sets $$base to FORMAT_BASE or, in a clone
# without it (shallow), to the last commit; $(1) names the check, $(2) what it checks.
check_base = base=$(FORMAT_BASE); \
	if ! git cat-file -e "$$base^{commit}" 2>/dev/null; then \
	  base=$$(git rev-parse -q --verify HEAD~1) || { echo "$(1): skipped, this clone has no history"; exit 0; }; \
	  echo "$(1): the baseline is not in this clone (shallow?); checking the $(2) of the last commit"; \
	fi

format-check: bootstrap
	@$(call check_base,format-check,lines); \
	out=$$($(GIT_CLANG_FORMAT) --diff "$$base" -- $(FORMAT_DIRS)); \
	case "$$out" in *"no modified files"*|*"did not modify any files"*|"") echo "format-check: ok";; \
	  *) echo "$$out"; echo "format-check: the lines above are not formatted (run make format)"; exit 1;; esac

# clang-tidy (.clang-tidy, clang-tidy-19) on ir/ and passes/ with the compile commands of
# $(BUILD_DIR) (configured if absent; nothing is built). `make tidy` checks every .cpp there,
# JOBS at a time; `make tidy-check` (CI) only those changed since FORMAT_BASE and those that
# include a changed header (.ci/tidy.py); in a clone without the baseline (shallow), since the
# last commit, as format-check does.
tidy: configure
	@python3 .ci/tidy.py all $(BUILD_DIR) $(JOBS)

tidy-check: configure
	@$(call check_base,tidy-check,files); \
	python3 .ci/tidy.py changed "$$base" $(BUILD_DIR) $(JOBS)
