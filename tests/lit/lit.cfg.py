# lit configuration for pl's goldens: %pl-opt, FileCheck and not.
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
import pl_lit_format  # noqa: E402

config.name = "pl"
# ShTest, but REQUIRES:/UNSUPPORTED: that skip a test make it fail instead.
config.test_format = pl_lit_format.NoSkipShTest(execute_external=False)
config.suffixes = [".test", ".cpp"]
config.excludes = ["CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py.in", "pl_lit_format.py", "Inputs"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.pl_obj_root, "tests", "lit")

pl_opt = os.path.join(config.pl_tools_dir, "pl-opt")
config.substitutions.append(("%pl-opt", pl_opt))
# pl-emit: final-form .pir -> simulator C++ (emit/pto goldens).
config.substitutions.append(("%pl-emit", os.path.join(config.pl_tools_dir, "pl-emit")))
# pl-translate with the DSL headers on the include path (C++ inputs are the tests themselves).
pl_translate = os.path.join(config.pl_tools_dir, "pl-translate")
config.substitutions.append(("%pl-translate", pl_translate))
config.substitutions.append(
    ("%dsl-flags", "-I" + os.path.join(config.pl_src_root, "dsl", "include")))
config.substitutions.append(("%pl-src", config.pl_src_root))
config.substitutions.append(("%clangxx", config.clangxx))
# clang-tidy with the pl- checks of libplTidy (tests/lit/tidy), and clang-apply-replacements for
# the fixes pl-translate --export-fixes writes.
config.substitutions.append(("%pl-tidy-plugin", os.path.join(config.pl_lib_dir, "libplTidy.so")))
config.substitutions.append(("%clang-tidy", config.clang_tidy_env + config.clang_tidy))
# bin/pl-clang-tidy: clang-tidy-19 with the module loaded (before %clang-tidy: a longer name).
config.substitutions.insert(
    0, ("%pl-clang-tidy", config.clang_tidy_env + os.path.join(config.pl_tools_dir, "pl-clang-tidy")))
config.substitutions.append(("%clang-apply-replacements", config.clang_apply_replacements))
config.substitutions.append(("FileCheck", config.filecheck))
# 'not' inverts an exit status; lit's internal shell provides it.
config.environment.pop("PL_VERIFY_LEVEL", None)
# pl-translate's cached PCH (translator/pch_cache.h) defaults to $XDG_CACHE_HOME/pl/pch: keep the
# tests' entries in the build tree, not in the user's home.
config.environment["XDG_CACHE_HOME"] = os.path.join(config.test_exec_root, "xdg-cache")
