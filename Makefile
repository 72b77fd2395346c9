# Top-level entry points: the README's two quick-start commands and their helpers.
# Each target installs missing Debian packages (idempotent, quiet when present),
# configures build/ with Ninja + ccache, builds incrementally and runs.
BUILD_DIR ?= build
BUILD_TYPE ?= RelWithDebInfo
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
CMAKE_FLAGS ?=
PACKAGES := clang-19 libclang-19-dev libclang-cpp19-dev llvm-19-dev llvm-19-tools \
            libgtest-dev libgmock-dev libbenchmark-dev cmake ninja-build ccache g++ python3
SUDO := $(shell [ "$$(id -u)" -eq 0 ] || echo sudo)

.PHONY: all bootstrap configure build test demo clean format

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
	  -DCMAKE_BUILD_TYPE=$(BUILD_TYPE) -DCMAKE_CXX_COMPILER_LAUNCHER=ccache $(CMAKE_FLAGS)

build: configure
	@cmake --build $(BUILD_DIR) -j $(JOBS)

test: build
	@cd $(BUILD_DIR) && ctest --output-on-failure -j $(JOBS)

# The most complete main job that exists: pl-opt runs a sample IR program through
# the implemented pipeline and prints the result.
demo: build
	@$(BUILD_DIR)/bin/pl-opt --pipeline=default tests/pl-opt/demo.pir

clean:
	rm -rf $(BUILD_DIR)

format:
	@git ls-files '*.h' '*.cpp' '*.hpp' | xargs clang-format -i
