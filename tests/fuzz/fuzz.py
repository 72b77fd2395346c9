#!/usr/bin/env python3
"""The pl differential fuzzer's driver (docs/testing.md).

  fuzz.py compare <eager dump> <translated dump>     compare two dumps program by program
  fuzz.py batch  --seed S --count N [flags]          one batch: generate, run eagerly, translate,
                                                     run in every executor mode, compare
  fuzz.py campaign [--time SEC] [--count N] [flags]  batches until a limit; failures minimized
                                                     and written as reproducers
  fuzz.py reduce --seed S [flags]                    minimize one failing program

A batch is one generated file holding many programs (gen.py): one pl-translate and two compiles
cover them all. Each program's outputs are dumped separately, so a mismatch names its program; a
program that crashes a run is found by re-running the batch's binaries program by program; a
translation error is attributed by its located diagnostic (or, when unlocated, by bisecting the
batch). A program the eager run rejects is a generator bug, never a compiler bug.
"""
from __future__ import annotations

import argparse
import concurrent.futures
import math
import os
import re
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
import gen  # noqa: E402

MODES = ("serial", "threads", "shuffle")
# |translated - eager| <= atol * scale + rtol * |eager|, scale = max(1, max |eager| of the
# output): the dtype's default tolerance (pl::default_tolerance), with atol relative to the
# output's magnitude so that sums that cancel are not flagged for their rounding.
TOL = {"fp32": (1e-5, 1e-5), "fp16": (1e-3, 1e-3), "bf16": (1.6e-2, 1e-2)}


# ---- dumps -------------------------------------------------------------------------------------
def read_dump(path):
    """{seed: {"results": [(dtype, [values])], "error": str|None, "done": bool}}"""
    progs = {}
    cur = None
    if not os.path.exists(path):
        return progs
    with open(path) as f:
        lines = f.read().split("\n")
    i = 0
    while i < len(lines):
        ln = lines[i]
        i += 1
        if not ln:
            continue
        tag = ln[0]
        if tag == "P":
            cur = progs.setdefault(int(ln.split()[1]), {"results": [], "error": None, "done": False})
        elif tag == "R" and cur is not None:
            _, _, _, dt, n = ln.split()
            n = int(n)
            vals = [float(x) for x in lines[i:i + n]]
            i += n
            cur["results"].append((dt, vals))
        elif tag == "E" and cur is not None:
            cur["error"] = ln.split(" ", 2)[2] if len(ln.split(" ", 2)) > 2 else ""
        elif tag == "D" and cur is not None:
            cur["done"] = True
    return progs


def close(dt, e, t, scale):
    if math.isnan(e) or math.isnan(t):
        return math.isnan(e) and math.isnan(t)
    if math.isinf(e) or math.isinf(t):
        return e == t
    rtol, atol = TOL.get(dt, (0.0, 0.0))
    return abs(e - t) <= atol * scale + rtol * abs(e)


def compare_prog(e, t):
    """None when the translated run of one program matches the eager one, else a description."""
    if t is None or not t["done"]:
        return "the translated run crashed or hung in this program"
    if t["error"] is not None:
        return f"the translated run threw: {t['error']}"
    if len(e["results"]) != len(t["results"]):
        return f"{len(e['results'])} eager results vs {len(t['results'])} translated"
    for k, ((de, ve), (dt, vt)) in enumerate(zip(e["results"], t["results"])):
        if de != dt or len(ve) != len(vt):
            return f"output {k}: eager {de}[{len(ve)}] vs translated {dt}[{len(vt)}]"
        finite = [abs(x) for x in ve if math.isfinite(x)]
        scale = max([1.0] + finite)
        bad = [j for j in range(len(ve)) if not close(de, ve[j], vt[j], scale)]
        if bad:
            j = bad[0]
            return (f"output {k} ({de}, {len(ve)} elements): {len(bad)} differ, first [{j}] "
                    f"eager {ve[j]!r} translated {vt[j]!r}")
    return None


# ---- building and running ----------------------------------------------------------------------
class Tools:
    def __init__(self, build, cxx=None, opt="-O0"):
        self.build = os.path.abspath(build)
        self.translate = os.path.join(self.build, "bin", "pl-translate")
        self.cxx = cxx or os.environ.get("CXX", "g++")
        self.opt = opt
        self.ccache = shutil.which("ccache")

    def compile(self, src, exe):
        cmd = ([self.ccache] if self.ccache else []) + [self.cxx, "-std=c++20", self.opt, "-w",
                                                        f"-I{ROOT}/dsl/include", src, "-o", exe, "-pthread"]
        p = subprocess.run(cmd, capture_output=True, text=True)
        return p.returncode == 0, p.stderr

    def run_translate(self, src, out):
        cmd = [self.translate, src, "-o", out, "--", "-std=c++20", f"-I{ROOT}/dsl/include"]
        try:
            p = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
        except subprocess.TimeoutExpired:
            return 124, "pl-translate timed out (600 s)"
        return p.returncode, p.stderr


def run_binary(exe, dump, seeds=None, mode=None, timeout=300):
    env = dict(os.environ)
    env.pop("PL_RESULT_DUMP", None)
    if mode:  # the translated runs: strict, so a hazard (a race on hardware) fails the program
        env["PL_SIM_MODE"] = mode
        env["PL_SIM_SEED"] = "7"
        env["PL_SIM_STRICT"] = "1"
    if os.path.exists(dump):
        os.remove(dump)
    cmd = [exe, dump] + ([str(s) for s in seeds] if seeds else [])
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, env=env)
        return p.returncode, p.stderr[-2000:]
    except subprocess.TimeoutExpired:
        return 124, "timed out"


def program_ranges(text):
    """[(first line, last line, seed)] of each program's function in a batch file."""
    ranges = []
    for n, ln in enumerate(text.split("\n"), 1):
        m = re.match(r"// program (\d+) ", ln)
        if m:
            if ranges:
                ranges[-1][1] = n - 1
            ranges.append([n, 10 ** 9, int(m.group(1))])
    return ranges


DIAG = re.compile(r"^(?P<file>[^:\s]+):(?P<line>\d+):(?P<col>\d+): (?P<kind>error|fatal error): (?P<msg>.*)$", re.M)


def attribute(stderr, src, text):
    """Seeds named by the located errors in a diagnostic output for batch file `src`."""
    ranges = program_ranges(text)
    seeds = set()
    for m in DIAG.finditer(stderr):
        if os.path.basename(m.group("file")) != os.path.basename(src):
            continue
        ln = int(m.group("line"))
        for a, b, s in ranges:
            if a <= ln <= b:
                seeds.add(s)
    return seeds


def first_error(stderr):
    m = DIAG.search(stderr)
    if m:
        return m.group("msg")[:300]
    lines = [ln for ln in stderr.strip().split("\n") if ln.strip()]
    return (lines[-1] if lines else "(no message)")[:300]


def error_code(msg):
    m = re.search(r"\[([A-Z]\d{3})\]", msg)
    return m.group(1) if m else None


class Batch:
    """Runs one batch of seeds through the whole differential check."""

    def __init__(self, tools, seeds, feats, work, drops=None, log=print):
        self.t, self.seeds, self.feats, self.work = tools, list(seeds), feats, work
        self.drops = drops or {}
        self.log = log
        self.failures = {}  # seed -> (category, detail)
        self.generator_bugs = {}  # seed -> detail
        self.passed = set()
        os.makedirs(work, exist_ok=True)

    def src(self, name):
        return os.path.join(self.work, name)

    def write(self, seeds, name):
        text = gen.render_batch(seeds, self.feats, self.drops)
        with open(self.src(name), "w") as f:
            f.write(text)
        return text

    def run(self):
        seeds = list(self.seeds)
        # 1. eager (a program that does not compile or run eagerly is a generator bug)
        while True:
            text = self.write(seeds, "batch.cpp")
            ok, err = self.t.compile(self.src("batch.cpp"), self.src("eager"))
            if ok:
                break
            bad = attribute(err, self.src("batch.cpp"), text)
            if not bad:
                # not located in any program: the setup is broken (compiler, include path)
                raise SystemExit(f"fuzz: the eager build of {self.src('batch.cpp')} failed outside "
                                 f"every program:\n{err[-3000:]}")
            for s in bad:
                self.generator_bugs[s] = "eager compile error: " + first_error(err)
            seeds = [s for s in seeds if s not in bad]
            if not seeds:
                return self
        eager = self.run_all(self.src("eager"), None, seeds)
        for s in seeds:
            e = eager.get(s)
            if e is None or not e["done"]:
                self.generator_bugs[s] = "eager run crashed"
            elif e["error"] is not None:
                self.generator_bugs[s] = "eager run threw: " + e["error"]
        seeds = [s for s in seeds if s not in self.generator_bugs]
        # 2. translate (dropping the programs with located errors until the rest translates)
        while seeds:
            text = self.write(seeds, "batch_t.cpp")
            rc, err = self.t.run_translate(self.src("batch_t.cpp"), self.src("batch.pl.cpp"))
            if rc == 0:
                break
            bad = attribute(err, self.src("batch_t.cpp"), text)
            if not bad:
                bad = self.bisect_translate(seeds)
            for s in bad:
                msg = first_error(self.translate_one(s)[1]) if len(bad) > 1 or not DIAG.search(err) else first_error(err)
                cat = "ice" if ("internal compiler error" in msg or rc not in (0, 1)) else "translate-error"
                self.failures[s] = (cat, msg)
            seeds = [s for s in seeds if s not in bad]
        if not seeds:
            return self
        # 3. compile the translated batch
        ok, err = self.t.compile(self.src("batch.pl.cpp"), self.src("translated"))
        if not ok:
            bad = self.bisect(seeds, lambda ss: self.compile_translated(ss))
            for s in bad:
                self.failures[s] = ("compile-error", first_error(self.compile_translated([s])[1]))
            seeds = [s for s in seeds if s not in bad]
            if not seeds:
                return self
            self.compile_translated(seeds)
        # 4. run in every mode and compare
        for mode in MODES:
            tr = self.run_all(self.src("translated"), mode, seeds)
            for s in seeds:
                if s in self.failures:
                    continue
                d = compare_prog(eager[s], tr.get(s))
                if d:
                    self.failures[s] = ("mismatch" if "differ" in d or "results" in d else "runtime", f"{mode}: {d}")
        self.passed = {s for s in seeds if s not in self.failures}
        return self

    def run_into(self, parent):
        parent.failures.update(self.failures)
        parent.generator_bugs.update(self.generator_bugs)
        parent.passed |= self.passed
        return parent

    def run_all(self, exe, mode, seeds):
        """Runs every program; a crash (no 'D' line) is isolated by re-running program by program."""
        dump = self.src(f"dump.{mode or 'eager'}")
        run_binary(exe, dump, seeds, mode)
        res = read_dump(dump)
        missing = [s for s in seeds if s not in res or not res[s]["done"]]
        started = [s for s in missing if s in res]
        if missing:
            # programs after a crash never ran: run each of them alone
            for s in missing:
                run_binary(exe, dump + ".one", [s], mode, timeout=120)
                one = read_dump(dump + ".one")
                if s in one:
                    res[s] = one[s]
                elif s in started:
                    res[s] = {"results": [], "error": None, "done": False}
        return res

    def translate_one(self, s):
        self.write([s], "one.cpp")
        return self.t.run_translate(self.src("one.cpp"), self.src("one.pl.cpp"))

    def compile_translated(self, seeds):
        self.write(seeds, "batch_t.cpp")
        rc, err = self.t.run_translate(self.src("batch_t.cpp"), self.src("batch.pl.cpp"))
        if rc != 0:
            return False, err
        return self.t.compile(self.src("batch.pl.cpp"), self.src("translated"))

    def bisect_translate(self, seeds):
        return self.bisect(seeds, lambda ss: (self.translate_one(ss[0])[0] == 0, "") if len(ss) == 1 else
                           self._translate_many(ss))

    def _translate_many(self, ss):
        self.write(ss, "bis.cpp")
        rc, err = self.t.run_translate(self.src("bis.cpp"), self.src("bis.pl.cpp"))
        return rc == 0, err

    def bisect(self, seeds, ok_fn):
        """Seeds whose presence makes ok_fn fail (assumes failures are per program)."""
        if ok_fn(seeds)[0]:
            return set()
        if len(seeds) == 1:
            return set(seeds)
        h = len(seeds) // 2
        return self.bisect(seeds[:h], ok_fn) | self.bisect(seeds[h:], ok_fn)


# ---- minimization and reproducers --------------------------------------------------------------
def reproduce(tools, seed, feats, drop, work):
    """The failure category of one program (None when it passes or the eager run rejects it)."""
    b = Batch(tools, [seed], feats, work, {seed: set(drop)}, log=lambda *a: None).run()
    if seed in b.failures:
        return b.failures[seed]
    return None


def minimize(tools, seed, feats, category, work, budget_s=600, log=print):
    """Greedily grows the set of dropped units while the program fails the same way."""
    n_units = gen.Program(seed, feats).unit_count
    drop = set()
    units = list(range(1, n_units + 1))
    t0 = time.time()
    chunk = max(1, len(units) // 2)
    while chunk >= 1 and time.time() - t0 < budget_s:
        changed = False
        todo = [u for u in units if u not in drop]
        for k in range(0, len(todo), chunk):
            if time.time() - t0 > budget_s:
                break
            trial = drop | set(todo[k:k + chunk])
            got = reproduce(tools, seed, feats, trial, work)
            if got is not None and got[0] == category[0]:
                drop = trial
                changed = True
                log(f"  minimize {seed}: dropped {len(drop)}/{n_units} units")
        if not changed:
            chunk //= 2
    return drop


def write_reproducer(outdir, seed, feats, drop, failure):
    os.makedirs(outdir, exist_ok=True)
    flags = gen.feature_args(feats)
    drop_arg = f" --drop {seed}:{','.join(str(x) for x in sorted(drop))}" if drop else ""
    text = gen.render_batch([seed], feats, {seed: drop})
    cmd = f"tests/fuzz/gen.py --seeds {seed} {flags}{drop_arg}".replace("  ", " ")
    header = (f"// pl fuzzer reproducer: program {seed}, {failure[0]}\n// {failure[1]}\n"
              f"// regenerate: {cmd}\n"
              f"// check:      tests/fuzz/fuzz.py batch --seeds {seed} {flags}{drop_arg}\n")
    path = os.path.join(outdir, f"repro_{seed}.cpp")
    with open(path, "w") as f:
        f.write(header + text)
    with open(os.path.join(outdir, f"repro_{seed}.seed"), "w") as f:
        f.write(f"{seed} {flags}{drop_arg}\n")
    return path


# ---- commands ----------------------------------------------------------------------------------
def add_gen_flags(ap):
    for f, doc in gen.FEATURES.items():
        ap.add_argument(f"--no-{f}", dest="no", action="append_const", const=f, help="disable " + doc.replace("%", "%%"))


def report(b, out=print):
    for s, d in sorted(b.generator_bugs.items()):
        out(f"GENERATOR BUG program {s}: {d}")
    for s, (cat, d) in sorted(b.failures.items()):
        out(f"FAIL program {s} [{cat}]: {d}")


def cmd_compare(a):
    e, t = read_dump(a.eager), read_dump(a.translated)
    ok = True
    for s in sorted(e):
        if not e[s]["done"] or e[s]["error"] is not None:
            print(f"GENERATOR BUG program {s}: eager run {'threw: ' + e[s]['error'] if e[s]['error'] else 'crashed'}")
            ok = False
            continue
        d = compare_prog(e[s], t.get(s))
        print(f"program {s}: {'match' if d is None else 'MISMATCH: ' + d}")
        ok &= d is None
    if not e:
        print("compare: no programs in the eager dump")
        ok = False
    return 0 if ok else 1


def cmd_check(a):
    """One smoke check (ctest): run both binaries on every program, compare program by program."""
    os.makedirs(a.dir, exist_ok=True)
    e_dump, t_dump = os.path.join(a.dir, f"eager.{a.mode}.txt"), os.path.join(a.dir, f"translated.{a.mode}.txt")
    rc, err = run_binary(a.eager, e_dump)
    if rc != 0:
        print(f"the eager run failed (exit {rc}): {err}")
        return 1
    rc, err = run_binary(a.translated, t_dump, mode=a.mode)
    if rc != 0:
        print(f"the translated run (PL_SIM_MODE={a.mode}) failed (exit {rc}): {err}")
    a.eager, a.translated = e_dump, t_dump
    return cmd_compare(a) or (1 if rc != 0 else 0)


def cmd_batch(a):
    feats = gen.parse_features(None, a.no or [])
    seeds = [int(x) for x in a.seeds.split(",")] if a.seeds else list(range(a.seed, a.seed + a.count))
    drops = {}
    for d in a.drop:
        s, ids = d.split(":")
        drops[int(s)] = {int(x) for x in ids.split(",") if x}
    b = Batch(Tools(a.build), seeds, feats, a.work, drops).run()
    report(b)
    print(f"batch: {len(b.passed)} passed, {len(b.failures)} failed, {len(b.generator_bugs)} generator bugs")
    return 0 if not b.failures and not b.generator_bugs else 1


def cmd_campaign(a):
    feats = gen.parse_features(None, a.no or [])
    tools = Tools(a.build)
    out = os.path.abspath(a.out)
    os.makedirs(out, exist_ok=True)
    print(f"fuzz: writing reproducers and the log to {out}", flush=True)
    logf = open(os.path.join(out, "log.txt"), "a")

    def log(msg):
        print(msg, flush=True)
        logf.write(msg + "\n")
        logf.flush()

    t0 = time.time()
    seed = a.seed
    total = passed = 0
    fails, gbugs = {}, {}
    jobs = max(1, a.jobs)
    # `jobs` batches at a time (each in its own work directory: one pl-translate and two
    # compiles per batch keep one core busy); failures are minimized one after another.
    pool = concurrent.futures.ThreadPoolExecutor(max_workers=jobs) if jobs > 1 else None
    while True:
        if a.time and time.time() - t0 >= a.time:
            break
        if a.count and total >= a.count:
            break
        round_seeds = []
        for _ in range(jobs):
            n = a.batch if not a.count else min(a.batch, a.count - total - sum(map(len, round_seeds)))
            if n <= 0:
                break
            round_seeds.append(list(range(seed, seed + n)))
            seed += n
        works = [os.path.join(out, "work" if jobs == 1 else f"work{k}") for k in range(len(round_seeds))]
        if pool:
            batches = list(pool.map(lambda sw: Batch(tools, sw[0], feats, sw[1], log=log).run(),
                                    zip(round_seeds, works)))
        else:
            batches = [Batch(tools, round_seeds[0], feats, works[0], log=log).run()]
        for seeds, b in zip(round_seeds, batches):
            total += len(seeds)
            passed += len(b.passed)
            gbugs.update(b.generator_bugs)
            for s, d in b.generator_bugs.items():
                log(f"GENERATOR BUG program {s}: {d}")
            for s, f in sorted(b.failures.items()):
                log(f"FAIL program {s} [{f[0]}]: {f[1]}")
                drop = set()
                if not a.no_minimize:
                    drop = minimize(tools, s, feats, f, os.path.join(out, "min"), budget_s=a.minimize_time, log=log)
                path = write_reproducer(out, s, feats, drop, f)
                fails[s] = f
                log(f"  reproducer: {path}")
        log(f"fuzz: {total} programs ({passed} passed, {len(fails)} failed, {len(gbugs)} generator bugs), "
            f"{time.time() - t0:.0f} s")
    log(f"fuzz: done: {total} programs, {len(fails)} failures, {len(gbugs)} generator bugs; reproducers in {out}")
    return 0 if not fails and not gbugs else 1


def cmd_reduce(a):
    feats = gen.parse_features(None, a.no or [])
    tools = Tools(a.build)
    f = reproduce(tools, a.seed, feats, set(), a.work)
    if f is None:
        print(f"program {a.seed} passes")
        return 0
    drop = minimize(tools, a.seed, feats, f, a.work, budget_s=a.minimize_time)
    print(write_reproducer(a.out, a.seed, feats, drop, f))
    return 1


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    c = sub.add_parser("compare", help="compare an eager and a translated dump")
    c.add_argument("eager")
    c.add_argument("translated")
    k = sub.add_parser("check", help="run an eager and a translated batch binary and compare (ctest)")
    k.add_argument("eager")
    k.add_argument("translated")
    k.add_argument("dir")
    k.add_argument("mode", choices=MODES)
    for name in ("batch", "campaign", "reduce"):
        p = sub.add_parser(name)
        p.add_argument("--build", default=os.path.join(ROOT, "build"), help="the build directory (pl-translate)")
        add_gen_flags(p)
        p.add_argument("--minimize-time", type=float, default=600, help="seconds per failure for minimization")
        if name == "batch":
            p.add_argument("--seed", type=int, default=1)
            p.add_argument("--count", type=int, default=25)
            p.add_argument("--seeds")
            p.add_argument("--drop", action="append", default=[])
            p.add_argument("--work", default="fuzz-work")
        elif name == "campaign":
            p.add_argument("--seed", type=int, default=int(time.time()) % 1000000 * 1000)
            p.add_argument("--time", type=float, default=0, help="stop after this many seconds")
            p.add_argument("--count", type=int, default=0, help="stop after this many programs")
            p.add_argument("--batch", type=int, default=40, help="programs per translation unit")
            p.add_argument("--out", default="fuzz-out")
            p.add_argument("--no-minimize", action="store_true")
            p.add_argument("--jobs", type=int, default=1, help="batches run at once (one core each)")
        else:
            p.add_argument("--seed", type=int, required=True)
            p.add_argument("--work", default="fuzz-work")
            p.add_argument("--out", default="fuzz-out")
    a = ap.parse_args(argv)
    return {"compare": cmd_compare, "check": cmd_check, "batch": cmd_batch, "campaign": cmd_campaign, "reduce": cmd_reduce}[a.cmd](a)


if __name__ == "__main__":
    sys.exit(main())
