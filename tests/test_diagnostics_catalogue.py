#!/usr/bin/env python3
"""Unit tests of .ci/diagnostics.py (ctest diagnostics.catalogue_checks): on a small tree that
passes, each check of `diagnostics.py check` fails once its rule is broken — an undeclared code,
a declared code nobody emits, a stale doc, a severity or layer that differs from the sites, a
missing doc section, a malformed catalogue — and comments never count as sites."""
import os
import sys
import tempfile
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, ".ci"))
import diagnostics  # noqa: E402

DEF = """// a comment
PL_DIAG_GROUP(F, "Frontend")
PL_DIAG_GROUP(XY, "A pass")
PL_DIAG(F001, Error, "translator", "guide.md#errors", "a bad thing")
PL_DIAG(F002, Warning, "translator", "guide.md#errors", "a dubious thing")
PL_DIAG(F003, Error, "translator dsl", "guide.md#errors", "a rule the headers check too")
PL_DIAG(XY001, ErrorOrWarning, "passes", "guide.md#a-pass", "a pass finding")
PL_DIAG_RESERVED(XY002, Error, "passes", "guide.md#a-pass", "retired")
"""

FILES = {
    "docs/guide.md": "# Guide\n\n## Errors\n\n## A pass\n",
    "translator/a.cpp": 'void f(E &d) {\n  d.error("F001", s, "bad");\n'
                        '  // d.error("F999", s, "a comment is no site");\n'
                        '  d.warning("F002", s, "dubious");\n  d.error("F003", s, "rule");\n}\n',
    "dsl/include/pl/h.hpp": 'static_assert(ok, "rule [F003]");\n',  # bracketed form
    "passes/p.cpp": 'void g() {\n  report("XY001", s, "finding");\n}\n',
}


class Check(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.root = self.tmp.name
        self.write("ir/diagnostics.def", DEF)
        for path, text in FILES.items():
            self.write(path, text)
        self.assertEqual(diagnostics.main(["diagnostics.py", "doc", self.root]), 0)

    def tearDown(self):
        self.tmp.cleanup()

    def write(self, path, text):
        full = os.path.join(self.root, path)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        with open(full, "w", encoding="utf-8") as f:
            f.write(text)

    def edit(self, path, old, new):
        full = os.path.join(self.root, path)
        text = open(full, encoding="utf-8").read()
        self.assertIn(old, text)
        self.write(path, text.replace(old, new, 1))

    def problems(self):
        return "\n".join(diagnostics.check(self.root))

    def test_the_tree_passes(self):
        self.assertEqual(self.problems(), "")
        doc = open(os.path.join(self.root, "docs/diagnostics.md"), encoding="utf-8").read()
        self.assertIn("| F003 | error | translator, dsl | a rule the headers check too |", doc)
        self.assertIn("| XY002 | reserved |", doc)

    def test_a_undeclared_code(self):
        self.edit("passes/p.cpp", '"XY001"', '"XY003"')
        self.assertIn("XY003 is emitted but not declared", self.problems())

    def test_b_declared_code_emitted_nowhere(self):
        self.edit("passes/p.cpp", 'report("XY001", s, "finding");', "")
        self.assertIn("XY001 is emitted by no source", self.problems())

    def test_b_reserved_code_emitted(self):
        self.edit("passes/p.cpp", '"XY001"', '"XY002"')
        self.assertIn("XY002 is PL_DIAG_RESERVED but", self.problems())

    def test_c_stale_doc(self):
        self.edit("docs/diagnostics.md", "a bad thing", "a good thing")
        self.assertIn("docs/diagnostics.md is not what the catalogue generates", self.problems())

    def test_d_severity_differs(self):
        self.edit("translator/a.cpp", 'd.warning("F002"', 'd.error("F002"')
        self.assertIn("F002 is emitted as error, the catalogue says warning", self.problems())
        self.edit("ir/diagnostics.def", "F001, Error", "F001, ErrorOrWarning")
        self.assertIn("F001 is declared error or warning but every site emits it as error",
                      self.problems())

    def test_e_layer_differs(self):
        self.edit("ir/diagnostics.def", '"translator dsl"', '"translator"')
        self.assertIn("F003 is declared in layer(s) 'translator' but emitted from 'dsl "
                      "translator'", self.problems())

    def test_f_missing_doc_section(self):
        self.edit("ir/diagnostics.def", "guide.md#errors", "guide.md#mistakes")
        self.assertIn("docs/guide.md has no section '#mistakes'", self.problems())

    def test_g_malformed_catalogue(self):
        self.edit("ir/diagnostics.def", "PL_DIAG(F002", "PL_DIAG(F001")
        self.assertIn("F001 is declared twice", self.problems())
        self.setUp()
        self.edit("ir/diagnostics.def", '"a bad thing"', '"a "bad" thing"')
        self.assertIn("not a PL_DIAG", self.problems())
        self.setUp()
        self.edit("ir/diagnostics.def", 'PL_DIAG_GROUP(XY, "A pass")\n', "")
        self.assertIn("no PL_DIAG_GROUP(XY", self.problems())


if __name__ == "__main__":
    unittest.main()
