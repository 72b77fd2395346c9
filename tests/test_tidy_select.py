#!/usr/bin/env python3
"""Unit tests of .ci/tidy.py's file selection (ctest ci.tidy_selection): `make tidy-check`
checks the ir/ and passes/ sources changed since the baseline and those that include a changed
file through any chain of repository headers; all of them when .clang-tidy changed."""
import os
import subprocess
import sys
import tempfile
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, ".ci"))
import tidy  # noqa: E402

FILES = {
    ".clang-tidy": "Checks: '-*'\n",
    "ir/a.h": "#pragma once\n",
    "ir/a.cpp": '#include "ir/a.h"\n',
    "ir/d.h": "#pragma once\n",
    "passes/utils/c.h": '#include "ir/d.h"\n',
    "passes/b.cpp": '#include "passes/utils/c.h"\n#include <vector>\n',
    "passes/utils/e.cpp": '#include "c.h"\n',  # next to the including file
    "passes/f.cpp": "int f();\n",
    "dsl/g.h": "#pragma once\n",
    "passes/h.cpp": '#include "dsl/g.h"\n',
    "tests/t.cpp": '#include "ir/a.h"\n',  # not under ir/ or passes/
}


class Selection(unittest.TestCase):
    def setUp(self):
        self.old = os.getcwd()
        self.tmp = tempfile.TemporaryDirectory()
        os.chdir(self.tmp.name)
        for path, text in FILES.items():
            os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
            with open(path, "w") as f:
                f.write(text)
        self.git("init", "-q")
        self.git("add", ".")
        self.git("-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "base")
        self.base = self.git("rev-parse", "HEAD").strip()

    def tearDown(self):
        os.chdir(self.old)
        self.tmp.cleanup()

    def git(self, *args):
        return subprocess.run(["git", *args], check=True, capture_output=True, text=True).stdout

    def touch(self, path):
        with open(path, "a") as f:
            f.write("// changed\n")

    def selected(self):
        return tidy.changed_sources(self.base)

    def test_nothing_changed(self):
        self.assertEqual(self.selected(), [])

    def test_changed_source(self):
        self.touch("passes/f.cpp")
        self.assertEqual(self.selected(), ["passes/f.cpp"])

    def test_header_through_other_headers(self):
        self.touch("ir/d.h")
        self.assertEqual(self.selected(), ["passes/b.cpp", "passes/utils/e.cpp"])

    def test_header_outside_ir_and_passes(self):
        self.touch("dsl/g.h")
        self.assertEqual(self.selected(), ["passes/h.cpp"])

    def test_committed_and_untracked(self):
        self.touch("ir/a.h")
        self.git("-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qam", "a.h")
        with open("ir/new.cpp", "w") as f:
            f.write("int n();\n")
        self.assertEqual(self.selected(), ["ir/a.cpp", "ir/new.cpp"])

    def test_deleted_file(self):
        os.remove("passes/f.cpp")
        self.assertEqual(self.selected(), [])

    def test_config_change_selects_all(self):
        self.touch(".clang-tidy")
        self.assertEqual(len(self.selected()), 5)


if __name__ == "__main__":
    unittest.main()
