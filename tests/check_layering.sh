#!/usr/bin/env bash
# Enforces DESIGN.md §1 layering on #include lines: a layer may include only the layers below it.
set -u
root=${1:-.}
cd "$root" || exit 2
fail=0
check() { # layer, forbidden-regex
  local layer=$1 pattern=$2 hits
  if [ ! -d "$layer" ]; then # a missing layer would make the check vacuous
    echo "layering: '$root/$layer' is not a directory"
    fail=1
    return
  fi
  hits=$(grep -rnE "^\s*#\s*include\s*[<\"]($pattern)" "$layer" --include='*.h' --include='*.cpp' --include='*.hpp' || true)
  if [ -n "$hits" ]; then
    echo "layering violation: '$layer' must not include '$pattern':"
    echo "$hits"
    fail=1
  fi
}
# A spelling that must not appear in a layer's code (comments included: a name in a comment is
# a dependency the reader has to keep true).
forbid_word() { # layer, regex, what
  local layer=$1 pattern=$2 what=$3 hits
  hits=$(grep -rnE "$pattern" "$layer" --include='*.h' --include='*.cpp' --include='*.hpp' || true)
  if [ -n "$hits" ]; then
    echo "layering violation: '$layer' must not name $what ('$pattern'):"
    echo "$hits"
    fail=1
  fi
}
check ir 'passes/|translator/|emit/|clang/|pl/'
check passes 'translator/|emit/|clang/|pl/'
check emit 'passes/|translator/|clang/'
check dsl 'ir/|passes/|translator/|emit/|llvm/|clang/'
# The translator reaches targets only through emit/backend.h (DESIGN.md §1): no backend's
# headers, and none of a runtime's spellings (adding a backend must not touch translator/).
check translator 'emit/[^/"]+/|pl/sim/'
forbid_word translator 'pl::sim|pl_sim|emitSim|emitPto|kernel_table|HostArgs|host_bridge|KernelTable|simFail' \
  "a backend's runtime"
# The clang-tidy module re-reports the translator's diagnostics: no backend, no runtime.
check tidy 'emit/|pl/'
exit $fail
