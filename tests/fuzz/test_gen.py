#!/usr/bin/env python3
"""Unit tests of the fuzzer itself (ctest fuzz.generator_deterministic): the generator is
deterministic per seed, independent of the batch a program is in, its feature flags remove what
they say, reduction keeps programs well formed, and the comparison flags what it must."""
import os
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import fuzz  # noqa: E402
import gen  # noqa: E402

ALL = set(gen.FEATURES)
SEEDS = list(range(1, 61))


def texts(feats):
    return [gen.Program(s, feats).render() for s in SEEDS]


class Generator(unittest.TestCase):
    def test_same_seed_same_program(self):
        self.assertEqual(gen.render_batch([3, 4, 5], ALL), gen.render_batch([3, 4, 5], ALL))

    def test_program_independent_of_batch(self):
        alone = gen.Program(7, ALL).render()
        self.assertIn(alone, gen.render_batch([5, 6, 7, 8], ALL))
        self.assertIn(alone, gen.render_batch([7], ALL))

    def test_seeds_differ(self):
        self.assertGreater(len(set(t.split("\n", 1)[1] for t in texts(ALL))), len(SEEDS) * 0.9)

    def test_every_construct_is_generated(self):
        joined = "\n".join(texts(ALL))
        for construct in ("pl::if_(", "pl::while_(", "pl::init_values(", "while (", "break;", "continue;",
                          "pl::at(", "pl::matmul(", ".valid_shape", "pl::fillpad(", "pl::fp16", "pl::bf16",
                          "pl::i32", "pl::dyn", "pl::row_", "pl::col_", " / ", " % "):
            self.assertIn(construct, joined, construct)

    def test_flags_remove_constructs(self):
        cases = {"while": ["while ("], "explicit": ["pl::if_(", "pl::init_values(", "pl::while_("],
                 "orchestration": ["pl::at("], "matmul": ["pl::matmul"], "lrelu": ["pl::lrelu"],
                 "b-trans": [".b_trans"], "valid-shape": [".valid_shape", "pl::fillpad", "pl::dyn"],
                 "int-tile-div": ["pl::rem(", "pl::fmod("]}
        for flag, needles in cases.items():
            joined = "\n".join(texts(ALL - {flag}))
            for n in needles:
                self.assertNotIn(n, joined, f"--no-{flag} still generates {n}")

    def test_boundary_constructs(self):
        progs = [gen.Program(s, ALL) for s in range(1, 800)]
        b = [p for p in progs if p.kind == "boundary"]
        self.assertGreater(len(b), 60)
        joined = "\n".join(p.render() + p.runner() for p in b)
        for construct in ("pl::slice(", "pl::InOut<", "pl::Out<", "pl::spmd(", "pl::get_block_idx()",
                          "pl::manual_scope(", ".deps = {", "FunctionType::Graph", "FunctionType::InCore",
                          "pl::create_tensor(", "pl::fp16", "pl::bf16", "pl::i32", "pl::fp32", "% 3) * ",
                          "pl::i8", "pl::i16", "pl::i64", "pl::u8", "pl::u16", "pl::u32", "pl::u64",
                          "pl::fp8e4m3", "pl::fp8e5m2", "pl::reshape("):
            self.assertIn(construct, joined, construct)
        # `out = x` copies and a parent passed whole after its slices were written
        self.assertRegex(joined, r"\n  out\d+ = \w+;")
        self.assertRegex(joined, r"\n  fz_\d+_k\d+\(\w+(, \w+)*\);")

    def test_boundary_flag_keeps_other_programs(self):
        for s in SEEDS:
            p = gen.Program(s, ALL)
            if p.kind != "boundary":
                self.assertEqual(p.render(), gen.Program(s, ALL - {"boundary"}).render())
        self.assertNotIn("(boundary)", "\n".join(texts(ALL - {"boundary"})))

    def test_boundary_writes_are_disjoint(self):
        """Every written window is written once, and never after a task read it: no tensor is
        the destination of two steps, and each pl::Out / pl::InOut argument names a tensor no
        earlier step of the program read."""
        import re
        total = 0
        for s in range(1, 400):
            p = gen.Program(s, ALL)
            if p.kind != "boundary":
                continue
            main = p.render().split(p.marker)[-1]
            written, read = set(), set()
            kernels = {}
            for f in p.funcs:
                m = re.search(r"void (\w+)\((.*)\) \{", f)
                params = re.split(r", (?=pl::)", m.group(2))
                kernels[m.group(1)] = [a.startswith(("pl::Out<", "pl::InOut<")) for a in params]
            steps = 0  # kernel calls and copies (tile work in pl::spmd / pl::at bodies is not checked here)
            for line in main.split("\n"):
                m = re.search(r"(fz_\d+_[kg]\d+)\(([^;]*)\);( \}\);)?$", line)
                c = re.match(r"  (out\d+) = (\w+);$", line)
                if m:
                    args = re.split(r", (?=pl::slice|pl::reshape|\w+[,)]|\w+$)", m.group(2))
                    names = [re.match(r"(?:pl::(?:slice|reshape)\()?(\w+)", a).group(1) for a in args]
                    outs = kernels[m.group(1)]
                    self.assertEqual(len(names), len(outs), line)
                elif c:
                    names, outs = [c.group(2), c.group(1)], [False, True]
                else:
                    continue
                steps += 1
                here = {n for n, o in zip(names, outs) if o}
                for n in here:
                    self.assertNotIn(n, written, f"program {s}: {n} written by two steps")
                    self.assertNotIn(n, read, f"program {s}: {n} written after a step read it")
                written |= here
                read |= {n for n, o in zip(names, outs) if not o}
            total += steps
        self.assertGreater(total, 100)

    def test_unknown_flag_rejected(self):
        with self.assertRaises(SystemExit):
            gen.parse_features(None, ["no-such-feature"])

    def test_drop_keeps_names_defined(self):
        for s in SEEDS[:20]:
            p = gen.Program(s, ALL)
            q = gen.Program(s, ALL, frozenset(range(1, p.unit_count + 1)))
            self.assertEqual(p.unit_count, q.unit_count)
            self.assertEqual(p.signature(), q.signature(), "dropping units must not change the signature")
            if p.unit_count > 3:
                self.assertNotEqual(p.render(), q.render())
        # boundary programs: units inside generated kernels drop too
        b = [s for s in range(1, 100) if gen.Program(s, ALL).kind == "boundary"][:10]
        for s in b:
            p = gen.Program(s, ALL)
            q = gen.Program(s, ALL, frozenset(range(1, p.unit_count + 1)))
            self.assertEqual(p.signature(), q.signature())
            self.assertEqual(len(p.funcs), len(q.funcs))


class Compare(unittest.TestCase):
    def prog(self, dt, vals, done=True, error=None):
        return {"results": [(dt, vals)], "error": error, "done": done}

    def test_equal_and_within_tolerance(self):
        self.assertIsNone(fuzz.compare_prog(self.prog("fp32", [1.0, 2.0]), self.prog("fp32", [1.0, 2.0 + 1e-6])))
        self.assertIsNone(fuzz.compare_prog(self.prog("fp16", [100.0]), self.prog("fp16", [100.0625])))

    def test_mismatch(self):
        self.assertIn("differ", fuzz.compare_prog(self.prog("fp32", [1.0, 2.0]), self.prog("fp32", [1.0, 2.1])))
        self.assertIn("differ", fuzz.compare_prog(self.prog("i32", [5.0]), self.prog("i32", [6.0])))

    def test_infinities_and_nans(self):
        inf, nan = float("inf"), float("nan")
        self.assertIsNone(fuzz.compare_prog(self.prog("fp16", [inf, -inf, nan]), self.prog("fp16", [inf, -inf, nan])))
        self.assertIsNotNone(fuzz.compare_prog(self.prog("fp16", [inf]), self.prog("fp16", [-inf])))
        self.assertIsNotNone(fuzz.compare_prog(self.prog("fp16", [inf]), self.prog("fp16", [65504.0])))
        self.assertIsNotNone(fuzz.compare_prog(self.prog("fp32", [nan]), self.prog("fp32", [0.0])))
        self.assertIsNotNone(fuzz.compare_prog(self.prog("fp32", [0.0]), self.prog("fp32", [nan])))

    def test_crash_error_and_shape(self):
        e = self.prog("fp32", [1.0])
        self.assertIn("crashed", fuzz.compare_prog(e, self.prog("fp32", [1.0], done=False)))
        self.assertIn("crashed", fuzz.compare_prog(e, None))
        self.assertIn("threw", fuzz.compare_prog(e, self.prog("fp32", [1.0], error="boom")))
        self.assertIsNotNone(fuzz.compare_prog(e, self.prog("fp32", [1.0, 1.0])))
        self.assertIsNotNone(fuzz.compare_prog(e, self.prog("fp16", [1.0])))

    def test_read_dump(self):
        with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
            f.write("P 4\nR 4 0 fp32 2\n1.5\n-2\nD 4\nP 5\nE 5 pl::add: bad\nD 5\nP 6\nR 6 0 i32 1\n3\n")
        d = fuzz.read_dump(f.name)
        os.unlink(f.name)
        self.assertEqual(d[4]["results"], [("fp32", [1.5, -2.0])])
        self.assertTrue(d[4]["done"])
        self.assertEqual(d[5]["error"], "pl::add: bad")
        self.assertFalse(d[6]["done"])

    def test_attribution(self):
        text = gen.render_batch([11, 12], ALL)
        lines = text.split("\n")
        line12 = next(n for n, ln in enumerate(lines, 1) if ln.startswith("void fz_12("))
        err = f"/x/batch.cpp:{line12 + 1}:3: error: something [T101]\n"
        self.assertEqual(fuzz.attribute(err, "/y/batch.cpp", text), {12})
        self.assertEqual(fuzz.attribute(err, "/y/other.cpp", text), set())


if __name__ == "__main__":
    unittest.main(verbosity=1)
