#!/usr/bin/env python3
"""Random valid pl DSL programs for the differential fuzzer (docs/testing.md).

Every program comes from one integer seed (plus feature flags): a kernel with a random op DAG
over tiles, loops with carries, if/else (natural and explicit), while loops with break/continue,
index arithmetic, dynamic valid shapes, or an orchestration of several tasks on windows of
shared tensors. A batch file holds many programs and one `main` that runs the programs named on
its command line (all by default) and writes every output tensor to a dump file, so one
pl-translate and two compiles cover the whole batch and a mismatch names its program.

Generation only uses constructs docs/dsl.md documents, and only programs the eager run accepts:
tile operands always have equal shapes, dtypes and valid regions, integer divisors are odd
(never zero), every window is in bounds, values are kept bounded (no overflow to infinity
unless both runs overflow alike).

Reduction: every generated statement ("unit") has an id. `drop` is a set of unit ids whose
effect is replaced by a trivially equivalent-typed fallback (a copy of a same-typed value, the
loop's init values, nothing), so the random choices, and hence the rest of the program, do not
change: the minimizer (fuzz.py) shrinks a failing program by growing `drop`.
"""
from __future__ import annotations

import argparse
import random
import sys
from dataclasses import dataclass, field, replace

# Feature flags. Each one removes a class of constructs; the smoke set in `make test` turns off
# the classes that hit bugs still open (docs/testing.md, "Feature flags").
FEATURES = {
    "permutations": "carried values that trade places (swaps, rotations, Fibonacci yields)",
    "negative-div": "C++ / and % on index values that may be negative",
    "int-tile-div": "pl::div / pl::rem / pl::fmod on int32 tiles (odd divisors)",
    "matmul": "cube kernels: matmul / matmul_acc with carried accumulators",
    "b-trans": "pl::matmul(a, b, {.b_trans = true}) on tiles",
    "orchestration": "orchestrations of several pl::at tasks on windows of shared tensors",
    "valid-shape": "dynamic valid shapes (load .valid_shape, ragged tails, fillpad)",
    "while": "natural while loops and pl::while_",
    "explicit": "explicit forms: init_values / yield_ / if_ / while_",
    "scalar-ops": "tile-by-scalar ops with index-valued scalars (pl::adds(t, i))",
    "lrelu": "pl::lrelu(x, slope) (documented, rejected by the translator: T102)",
    "copy-carries": "a variable reassigned (in a branch or loop) to another variable that is still read",
    "init-reuse": "a value used as an explicit loop's init_values and read again after (or in) the loop",
    "nested-store": "pl::store to an output inside a loop nested in another loop (rejected: ES003)",
    "boundary": "(with orchestration) orchestrations passing slices / windows of several tensors to generated InCore kernels (In / Out / InOut)",
    "col-views": "column windows (strided views) of a tensor as kernel arguments, two disjoint ones per call",
    "spmd": "pl::spmd launches: tile work in the body (pl::get_block_idx) and a body launching a kernel",
    "manual-scope": "pl::manual_scope with producer / consumer pl::at tasks named by .deps",
    "graph": "a Graph function called once per row block on slices",
    "graph-submit": "the Graph function launched by pl::submit with .deps on the previous launch",
    "out-copy": "`out = x` whole-tensor copies into a pl::Out parameter in an orchestration",
    "reshape": "pl::reshape views of whole tensors ([R, C] as [2R, C/2]) passed to a kernel, read and written through",
    "orch-rw": "pl::read of an input element in an orchestration (a data-dependent row-block rotation of a step's inputs) and pl::write into an InOut parameter no task uses",
    "orch-call": "an orchestration calling another orchestration that launches a step's per-block kernels",
    "at-tensor": "tensor-level ops in a pl::at scope (out = a op b), the second operand a [rows, 1] column or [1, C] row tensor broadcast, on either side",
    "host-dtypes": "boundary inputs of the other host dtypes (i8 .. u64, fp8): copied out and cast in a kernel",
}

DTYPES = {
    "fp32": ("pl::fp32", True),
    "fp16": ("pl::fp16", True),
    "bf16": ("pl::bf16", True),
    "i32": ("pl::i32", False),
}
# Dtypes the host bridge passes (pl/sim/host_bridge.hpp) that no tile computes in here: boundary
# programs copy a tensor of one to an output (`out = x`) and cast a loaded window of it.
HOST_DTYPES = {
    "i8": "pl::i8", "i16": "pl::i16", "i64": "pl::i64", "u8": "pl::u8", "u16": "pl::u16",
    "u32": "pl::u32", "u64": "pl::u64", "fp8e4m3": "pl::fp8e4m3", "fp8e5m2": "pl::fp8e5m2",
}
DTYPES.update({k: (v, k.startswith("fp")) for k, v in HOST_DTYPES.items()})
# Largest magnitude a value may reach before it is squashed back (fp16 overflows at 65504).
FLOAT_LIMIT = {"fp32": 1e4, "fp16": 2e3, "bf16": 1e4}
INT_LIMIT = 1 << 20


@dataclass
class TileV:
    name: str
    dt: str
    r: int
    c: int
    valid: tuple  # (valid rows, valid cols); always concrete
    bound: float  # |value| <= bound (approximately)
    exact: bool   # computed only with correctly rounded ops (bitwise reproducible)

    def key(self):
        return (self.dt, self.r, self.c, self.valid)

    def renamed(self, name):
        """A variable of the same type and value bounds (a lambda parameter, a loop result)."""
        return replace(self, name=name)

    def cpp_type(self):
        return f"pl::Tile<{DTYPES[self.dt][0]}, {self.r}, {self.c}>"


@dataclass
class IdxV:
    name: str
    dom: list | None  # possible values (None: unknown)


@dataclass
class Tensor:
    name: str
    dt: str
    rows: int
    cols: int
    kind: str  # "in", "out", "scratch"
    dyn_cols: bool = False
    data_seed: int = 0

    def cpp_type(self):
        cols = "pl::dyn" if self.dyn_cols else str(self.cols)
        return f"pl::Tensor<{DTYPES[self.dt][0]}, {self.rows}, {cols}>"


@dataclass
class Env:
    tiles: list = field(default_factory=list)
    idx: list = field(default_factory=list)
    frozen: set = field(default_factory=set)  # names captured by an explicit-form lambda

    def copy(self):
        return Env(list(self.tiles), list(self.idx), set(self.frozen))

    def lambda_body(self):
        """The environment inside a `[&]` lambda: outer values are read-only there."""
        return Env(list(self.tiles), list(self.idx), self.frozen | {t.name for t in self.tiles})


def trunc_div(a, b):
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b > 0) else -q


def trunc_rem(a, b):
    return a - b * trunc_div(a, b)


class Program:
    """One generated program: `render()` gives the function, `runner()` the host call."""

    def __init__(self, seed: int, features: set, drop: frozenset = frozenset()):
        self.seed = seed
        self.rng = random.Random(seed * 7919 + 17)
        self.feat = features
        self.drop = drop
        self.fname = f"fz_{seed}"
        self.unit_count = 0
        self.counter = 0
        self.tensors: list[Tensor] = []
        self.scalar_params: list[tuple] = []  # (cpp type, name, value literal)
        self.lines: list[str] = []
        self.kind = ""
        self.in_explicit = 0  # >0 inside an explicit-form lambda body
        self.loop_depth = 0
        self.no_loads = False  # inside a generated kernel of a boundary program: no new inputs
        self.funcs: list[str] = []  # the kernels / Graph functions a boundary program calls
        self.tinfo: dict = {}  # boundary programs: tensor name -> (bound, exact) of its values
        self.generate()

    # ---- helpers -----------------------------------------------------------------------------
    def fresh(self, p="v"):
        self.counter += 1
        return f"{p}{self.counter}"

    def unit(self):
        """A new unit id; True when this unit is dropped (emit its fallback)."""
        self.unit_count += 1
        return self.unit_count in self.drop

    def emit(self, ind, s):
        self.lines.append("  " * ind + s)

    def on(self, f):
        return f in self.feat

    def chance(self, p):
        return self.rng.random() < p

    # ---- index expressions -------------------------------------------------------------------
    def idx_expr(self, env: Env, depth=0):
        """(text, domain or None) of a random index expression; may go negative."""
        r = self.rng
        if depth >= 2 or r.random() < 0.3 or not env.idx:
            if env.idx and r.random() < 0.7:
                v = r.choice(env.idx)
                return v.name, (list(v.dom) if v.dom is not None else None)
            k = r.randint(-5, 6)
            return (f"({k})" if k < 0 else str(k)), [k]
        a, da = self.idx_expr(env, depth + 1)
        op = r.choice(["+", "-", "*", "/", "%", "+", "-"])
        if op in "/%":
            k = r.choice([2, 3, 4, -2, -3, 5])
            negative = da is None or min(da, default=0) < 0 or k < 0
            if negative and not self.on("negative-div"):
                if da is None:
                    return a, da
                if k < 0:
                    k = -k
                if min(da, default=0) < 0:
                    shift = -min(da)
                    a = f"({a} + {shift})"
                    da = [x + shift for x in da]
            text = f"({a} {op} {k})" if k > 0 else f"({a} {op} ({k}))"
            if da is None:
                return text, None
            f = trunc_div if op == "/" else trunc_rem
            return text, sorted({f(x, k) for x in da})
        b, db = self.idx_expr(env, depth + 1)
        text = f"({a} {op} {b})"
        if da is None or db is None or len(da) * len(db) > 4096:
            return text, None
        fn = {"+": lambda x, y: x + y, "-": lambda x, y: x - y, "*": lambda x, y: x * y}[op]
        return text, sorted({fn(x, y) for x in da for y in db})

    def wrap_idx(self, env: Env, m: int):
        """An index expression with a value in [0, m): C++'s ((e % m) + m) % m (the same under
        truncating and flooring semantics, so only the inner operators can differ)."""
        e, d = self.idx_expr(env)
        if m == 1:
            return "0"
        if d is not None and min(d, default=0) >= 0 and max(d, default=0) < m:
            return e
        return f"((({e}) % {m} + {m}) % {m})"

    def cond_expr(self, env: Env):
        e, _ = self.idx_expr(env)
        op = self.rng.choice(["<", ">", "==", "!=", "<=", ">="])
        k = self.rng.randint(-3, 4)
        return f"{e} {op} {k}"

    # ---- tile values -------------------------------------------------------------------------
    def pick(self, env: Env, pred=lambda t: True):
        c = [t for t in env.tiles if pred(t)]
        return self.rng.choice(c) if c else None

    def same(self, env: Env, t: TileV):
        return [u for u in env.tiles if u.key() == t.key()]

    def define(self, ind, env: Env, expr: str, proto: TileV, bound, exact, dropped, fallback=None,
               declared=None):
        """Emits `auto v = expr;` (or its fallback) and adds the new value to env."""
        name = self.fresh()
        nv = TileV(name, proto.dt, proto.r, proto.c, proto.valid, bound, exact)
        if dropped:
            fb = fallback if fallback is not None else self.fallback_for(env, nv)
            if fb is None:
                dropped = False
            else:
                expr = fb
        decl = nv.cpp_type() if (declared if declared is not None else self.chance(0.3)) else "auto"
        self.emit(ind, f"{decl} {name} = {expr};")
        env.tiles.append(nv)
        return nv

    def fallback_for(self, env, nv: TileV):
        s = [u for u in env.tiles if u.key() == nv.key()]
        if s:
            return s[-1].name
        if nv.valid == (nv.r, nv.c):
            return f"pl::full_tile({{{nv.r}, {nv.c}}}, {DTYPES[nv.dt][0]}, 0)"
        return None

    def squash(self, t: TileV):
        """An expression bounding t's values (floats to (-1, 1), ints to [0, 1023])."""
        if DTYPES[t.dt][1]:
            return f"pl::div({t.name}, pl::adds(pl::abs({t.name}), 1.0f))", 1.0, False
        return f"pl::ands({t.name}, 1023)", 1023, t.exact

    def op_unit(self, ind, env: Env):
        dropped = self.unit()
        r = self.rng
        a = self.pick(env)
        if a is None:
            return
        isf = DTYPES[a.dt][1]
        lim = FLOAT_LIMIT.get(a.dt, INT_LIMIT)
        if a.bound > lim / 4:
            e, b, ex = self.squash(a)
            self.define(ind, env, e, a, b, ex, dropped)
            return
        partners = self.same(env, a)
        b = r.choice(partners)
        full = a.valid == (a.r, a.c)
        choices = ["bin", "bin", "bin", "scal", "scal", "un", "un", "sel", "cast"]
        if full:
            choices += ["rowred", "colred"]
        if not full and self.on("valid-shape"):
            choices += ["fillpad"]
        if self.on("scalar-ops") and env.idx:
            choices += ["idxscal"]
        kind = r.choice(choices)
        if kind == "bin":
            if isf:
                op = r.choice(["add", "sub", "mul", "maximum", "minimum", "+", "-", "*", "div"])
            else:
                ops = ["add", "sub", "mul", "maximum", "minimum", "and_", "or_", "xor_", "+", "-", "*"]
                if self.on("int-tile-div"):
                    ops += ["div", "rem", "fmod"]
                op = r.choice(ops)
            if op in "+-*":
                e = f"{a.name} {op} {b.name}"
            elif op in ("div", "rem", "fmod"):
                den = f"pl::adds(pl::abs({b.name}), 1.0f)" if isf else f"pl::ors({b.name}, 1)"
                e = f"pl::{op}({a.name}, {den})"
            else:
                e = f"pl::{op}({a.name}, {b.name})"
            if op in ("mul", "*"):
                bound = a.bound * b.bound
            elif op in ("and_", "or_", "xor_"):
                bound = 2 * max(a.bound, b.bound) + 1
            elif op in ("div", "rem", "fmod"):
                bound = a.bound
            elif op in ("maximum", "minimum"):
                bound = max(a.bound, b.bound)
            else:
                bound = a.bound + b.bound
            exact = a.exact and b.exact and op not in ("div",) if isf else True
            if op == "div" and isf:
                exact = False
            self.define(ind, env, e, a, bound, exact, dropped)
        elif kind == "scal":
            if isf:
                k = r.choice(["0.5f", "2.0f", "-1.5f", "3.0f", "0.25f"])
                f = r.choice(["adds", "subs", "muls", "maximums", "minimums", "divs", "op+", "op*", "rsub"])
                if f == "op+":
                    e = f"{a.name} + {k}"
                elif f == "op*":
                    e = f"{k} * {a.name}"
                elif f == "rsub":
                    e = f"{k} - {a.name}"
                else:
                    e = f"pl::{f}({a.name}, {k})"
                bound = a.bound * 3 + 3
                exact = a.exact and f != "divs"
            else:
                k = r.randint(-7, 9)
                f = r.choice(["adds", "subs", "muls", "maximums", "minimums", "ands", "ors", "xors", "shls", "shrs"])
                if f in ("shls", "shrs"):
                    k = r.randint(0, 3)
                e = f"pl::{f}({a.name}, {k})"
                bound = a.bound * 9 + 9 if f in ("muls", "shls") else a.bound + 16
                exact = True
            self.define(ind, env, e, a, bound, exact, dropped)
        elif kind == "idxscal":
            s = r.choice(env.idx)
            e = f"pl::adds({a.name}, {s.name})" if r.random() < 0.5 else f"pl::muls({a.name}, {s.name})"
            mag = 64 if s.dom is None else max((abs(x) for x in s.dom), default=0) + 1
            bound = a.bound * (mag + 1) + mag
            self.define(ind, env, e, a, bound, a.exact, dropped)
        elif kind == "un":
            if isf:
                f = r.choice(["neg", "abs", "relu", "exp", "log", "sqrt", "rsqrt", "recip", "sin", "cos", "lrelu", "unneg"])
                if f == "lrelu" and not self.on("lrelu"):
                    f = "relu"
                if f == "exp":
                    if a.bound > 4:
                        e, bound = f"pl::exp(pl::div({a.name}, pl::adds(pl::abs({a.name}), 1.0f)))", 2.72
                    else:
                        e, bound = f"pl::exp({a.name})", 2.72 ** a.bound + 1
                elif f in ("log", "rsqrt", "recip"):
                    e, bound = f"pl::{f}(pl::adds(pl::abs({a.name}), 1.0f))", a.bound + 1
                elif f == "sqrt":
                    e, bound = f"pl::sqrt(pl::abs({a.name}))", a.bound ** 0.5 + 1
                elif f in ("sin", "cos"):
                    # a translated sin / cos is LowerCompositeOps' chain, accurate for
                    # |x| <= 2^15·π (docs/ops.md "Composite ops"): keep larger operands inside
                    arg = a.name if a.bound <= 1e5 else f"pl::div({a.name}, pl::adds(pl::abs({a.name}), 1.0f))"
                    e, bound = f"pl::{f}({arg})", 1.0
                elif f == "lrelu":
                    e, bound = f"pl::lrelu({a.name}, 0.1f)", a.bound
                elif f == "unneg":
                    e, bound = f"-{a.name}", a.bound
                else:
                    e, bound = f"pl::{f}({a.name})", a.bound
                exact = a.exact and f in ("neg", "abs", "relu", "unneg")
            else:
                f = r.choice(["neg", "abs", "not_", "relu"])
                e, bound, exact = f"pl::{f}({a.name})", a.bound + 1, True
            self.define(ind, env, e, a, bound, exact, dropped)
        elif kind == "sel":
            mode = r.choice(["Gt", "Lt", "Ge", "Le", "Eq", "Ne"])
            if r.random() < 0.5 or not (a.exact and b.exact):
                # select between the compared values themselves: insensitive to rounding
                e = f"pl::sel(pl::cmp({a.name}, {b.name}, pl::CmpMode::{mode}), {a.name}, {b.name})"
                bound = max(a.bound, b.bound)
            else:
                zero = "0.0f" if isf else "0"
                e = f"pl::sels(pl::cmps({a.name}, {zero}, pl::CmpMode::{mode}), {b.name}, {zero})"
                bound = b.bound
            self.define(ind, env, e, a, bound, a.exact and b.exact, dropped)
        elif kind == "cast":
            targets = [d for d in self.dtypes if d != a.dt]
            if not isf and a.bound > 1000:
                targets = [d for d in targets if d == "fp32"]
            if isf and not a.exact:
                targets = [d for d in targets if DTYPES[d][1]]
            if isf and a.bound > 60000:
                targets = [d for d in targets if d != "fp16"]
            if not targets:
                return
            d = r.choice(targets)
            mode = ""
            if isf and not DTYPES[d][1]:
                mode = ", " + r.choice(["pl::RoundMode::Rint", "pl::RoundMode::Floor", "pl::RoundMode::Trunc",
                                        "pl::RoundMode::Ceil", "pl::RoundMode::Round"])
            e = f"pl::cast({a.name}, {DTYPES[d][0]}{mode})"
            proto = TileV("", d, a.r, a.c, a.valid, 0, False)
            exact = a.exact and (not isf or not DTYPES[d][1]) and a.dt == "fp32"
            bound = a.bound + 1
            self.define(ind, env, e, proto, bound, exact, dropped)
        elif kind == "fillpad":
            pad = "Zero"
            proto = TileV("", a.dt, a.r, a.c, (a.r, a.c), 0, False)
            self.define(ind, env, f"pl::fillpad({a.name}, pl::PadValue::{pad})", proto, a.bound, a.exact, dropped)
        elif kind in ("rowred", "colred"):
            row = kind == "rowred"
            red = r.choice(["sum", "max", "min"])
            rshape = (a.r, 1) if row else (1, a.c)
            n = a.c if row else a.r
            rb = a.bound * n if red == "sum" else a.bound
            rname = self.fresh("red")
            rv = TileV(rname, a.dt, rshape[0], rshape[1], rshape, rb, a.exact and red != "sum")
            fn = f"pl::{'row' if row else 'col'}_{red}({a.name})"
            dropped_red = dropped and self.on("valid-shape") is not None  # the reduction goes with the unit
            if dropped_red:
                fn = f"pl::full_tile({{{rshape[0]}, {rshape[1]}}}, {DTYPES[a.dt][0]}, 0)"
            decl = rv.cpp_type() if self.chance(0.5) else "auto"
            self.emit(ind, f"{decl} {rname} = {fn};")
            # broadcast it back over a full tile of a's shape
            exp_ops = ["add", "sub", "mul", "max", "min"] if row else ["add", "sub", "mul"]
            eo = r.choice(exp_ops)
            b2 = r.choice(self.same(env, a))
            e = f"pl::{'row' if row else 'col'}_expand_{eo}({b2.name}, {rname})"
            bound = b2.bound * rb if eo == "mul" else b2.bound + rb
            self.define(ind, env, e, a, bound, a.exact and b2.exact and red != "sum", dropped,
                        fallback=b2.name)

    # ---- loads and stores --------------------------------------------------------------------
    def input_tensor(self, dt, rows, cols, dyn=False):
        t = Tensor(self.fresh("in"), dt, rows, cols, "in", dyn, self.seed * 101 + len(self.tensors))
        self.tensors.append(t)
        return t

    def load_unit(self, ind, env: Env, shape, dt=None, allow_var=True):
        """A load of a [R, C] window of a (possibly larger, possibly ragged) input tensor."""
        dropped = self.unit()
        r = self.rng
        R, C = shape
        dt = dt or r.choice(self.dtypes)
        K = r.choice([1, 1, 2, 3])
        M = r.choice([1, 1, 2])
        ragged = self.on("valid-shape") and self.chance(0.25)
        cols = C * M if not ragged else C * (M - 1) + r.randint(1, C - 1) if M > 1 or C > 1 else C
        if ragged and M == 1:
            cols = max(1, C - r.randint(1, C - 1)) if C > 1 else C
        dyn = self.on("valid-shape") and self.chance(0.2)
        t = self.input_tensor(dt, R * K, cols, dyn)
        vr, vc = R, C
        if r.random() < 0.5 or not env.idx:
            ro = r.randrange(K)
            co = r.randrange(M)
            ro_s, co_s = str(ro * R), str(co * C)
            vc = min(C, cols - co * C)
            dynamic = False
        else:
            ro_s = f"{self.wrap_idx(env, K)} * {R}"
            co_s = f"{self.wrap_idx(env, M)} * {C}"
            dynamic = cols % C != 0
            if cols < C:
                vc = cols
                dynamic = False
        opts = ""
        if self.on("valid-shape") and self.chance(0.25) and not dynamic:
            pv = r.randint(1, vc)
            pname = self.fresh("vl")
            self.scalar_params.append(("pl::Index", pname, str(pv)))
            if r.random() < 0.5:
                opts = f", {{.valid_shape = {{{R}, {pname}}}}}"
                vc = min(vc, pv)
            else:
                pr = r.randint(1, R)
                opts = f", {{.valid_shape = {{{pname}, {C}}}}}"
                self.scalar_params[-1] = ("pl::Index", pname, str(pr))
                vr = min(vr, pr)
        e = f"pl::load({t.name}, {{{ro_s}, {co_s}}}, {{{R}, {C}}}{opts})"
        if dynamic:
            e = f"pl::fillpad({e}, pl::PadValue::Zero)"
            vr, vc = R, C
        proto = TileV("", dt, R, C, (vr, vc), 0, True)
        bound = 100 if dt == "i32" else 1.0
        return self.define(ind, env, e, proto, bound, True, dropped and False, declared=self.chance(0.5))

    def store_unit(self, ind, env: Env, t: TileV | None = None):
        """Stores a tile into a window of a fresh output tensor."""
        dropped = self.unit()
        r = self.rng
        t = t or self.pick(env)
        if t is None:
            return
        K = r.choice([1, 1, 2])
        out = Tensor(self.fresh("out"), t.dt, t.r * K, t.c, "out")
        self.tensors.append(out)
        ro = self.wrap_idx(env, K) if env.idx and K > 1 else str(r.randrange(K))
        if ro != "0":
            ro = f"{ro} * {t.r}"
        if self.loop_depth >= 2 and not self.on("nested-store"):
            dropped = True
        if not dropped:
            self.emit(ind, f"pl::store({t.name}, {{{ro}, 0}}, {out.name});")

    # ---- control flow ------------------------------------------------------------------------
    def carries(self, env: Env, n):
        """Up to n distinct outer tile variables (by name) to carry."""
        c = list(dict.fromkeys(t.name for t in env.tiles if t.name not in env.frozen))
        self.rng.shuffle(c)
        by = {t.name: t for t in env.tiles}
        return [by[x] for x in c[:n]]

    def range_text(self, env: Env):
        r = self.rng
        k = r.random()
        if k < 0.3:
            n = r.randint(0, 4)
            return f"pl::range({n})", list(range(n))
        if k < 0.5:
            a, b, s = r.randint(-3, 2), r.randint(-2, 5), r.choice([1, 2, 3])
            if r.random() < 0.4:
                a, b, s = b, a, -s
            dom = list(range(a, b, s))
            return (f"pl::range({a}, {b}, {s})", dom) if s != 1 else (f"pl::range({a}, {b})", dom)
        if k < 0.7 and self.scalar_params:
            p = [sp for sp in self.scalar_params if sp[1].startswith("n")]
            if p:
                sp = r.choice(p)
                return f"pl::range({sp[1]})", list(range(int(sp[2])))
        m = r.randint(1, 4)
        e = self.wrap_idx(env, m)
        return f"pl::range({e} + 1)", list(range(m))

    def body(self, ind, env: Env, n_units, carried=(), depth=0):
        """n random units; `carried` are outer tile variables the body may reassign."""
        for _ in range(n_units):
            self.random_unit(ind, env, depth)
        return env

    def random_unit(self, ind, env: Env, depth):
        r = self.rng
        k = r.random()
        if depth >= 2 or self.counter > 120:
            k = min(k, 0.59)
        if k < 0.45:
            self.op_unit(ind, env)
        elif k < 0.52:
            self.idx_unit(ind, env)
        elif k < 0.56:
            a = self.pick(env)
            if a and self.no_loads:
                self.op_unit(ind, env)
            elif a:
                self.load_unit(ind, env, (a.r, a.c), a.dt)
        elif k < 0.60:
            if not self.in_explicit:
                self.store_unit(ind, env)
            else:
                self.op_unit(ind, env)
        elif k < 0.70:
            self.for_natural(ind, env, depth)
        elif k < 0.78:
            self.if_natural(ind, env, depth)
        elif k < 0.86 and self.on("explicit"):
            self.for_explicit(ind, env, depth)
        elif k < 0.92 and self.on("explicit"):
            self.if_explicit(ind, env, depth)
        elif self.on("while"):
            if r.random() < 0.5 or not self.on("explicit"):
                self.while_natural(ind, env, depth)
            else:
                self.while_explicit(ind, env, depth)
        else:
            self.op_unit(ind, env)

    def idx_unit(self, ind, env: Env):
        dropped = self.unit()
        name = self.fresh("s")
        e, d = self.idx_expr(env)
        if dropped:
            e, d = "0", [0]
        self.emit(ind, f"pl::Index {name} = {e};")
        env.idx.append(IdxV(name, d))

    def update_carries(self, ind, inner: Env, outer_vars, perm_ok, entry=frozenset()):
        """Reassigns some outer tile variables from values computed in the body (natural form);
        with copy-carries also from other variables that existed at the block's entry."""
        r = self.rng
        by_key = {}
        for t in inner.tiles:
            if not self.on("copy-carries") and t.name in entry:
                continue
            by_key.setdefault(t.key(), []).append(t)
        assigned = []
        if perm_ok and self.on("permutations") and len(outer_vars) >= 2 and r.random() < 0.5:
            # a permutation of same-typed carries through temporaries (natural C++ rebinding)
            groups = {}
            for v in outer_vars:
                groups.setdefault(v.key(), []).append(v)
            g = max(groups.values(), key=len)
            if len(g) >= 2:
                perm = g[1:] + g[:1]
                if r.random() < 0.3 and len(g) >= 2:
                    # Fibonacci: (a, b) <- (b, a + b)
                    a, b = g[0], g[1]
                    tmp = self.fresh("t")
                    self.emit(ind, f"auto {tmp} = {a.name};")
                    self.emit(ind, f"{a.name} = {b.name};")
                    self.emit(ind, f"{b.name} = {tmp} + {b.name};" if DTYPES[a.dt][1] or True else "")
                    b.bound = a.bound + b.bound
                    a.bound = b.bound
                    a.exact = b.exact = a.exact and b.exact
                    return
                tmps = []
                for v in g:
                    tmp = self.fresh("t")
                    self.emit(ind, f"auto {tmp} = {v.name};")
                    tmps.append(tmp)
                for v, src, tmp in zip(g, perm, tmps[1:] + tmps[:1]):
                    self.emit(ind, f"{v.name} = {tmp};")
                bmax = max(v.bound for v in g)
                for v in g:
                    v.bound = bmax
                    v.exact = all(u.exact for u in g)
                return
        used = set()
        for v in outer_vars:
            cands = [t for t in by_key.get(v.key(), []) if t.name not in {o.name for o in outer_vars}]
            if not cands or r.random() < 0.2:
                continue
            src = r.choice(cands)
            if not self.on("copy-carries"):
                if src.name in used:
                    continue  # one value assigned to two variables: they would share a buffer
                used.add(src.name)
            self.emit(ind, f"{v.name} = {src.name};")
            v.bound = max(v.bound, src.bound)
            v.exact = v.exact and src.exact
            assigned.append(v)

    def loop_growth(self, vars_, trips):
        # values carried around a loop may grow every trip: keep the tracked bound conservative
        for v in vars_:
            lim = FLOAT_LIMIT.get(v.dt, INT_LIMIT)
            v.bound = min(lim * 8, v.bound ** max(1, trips) if v.bound > 1 else v.bound * max(1, trips) + 1)

    def for_natural(self, ind, env: Env, depth):
        dropped = self.unit()
        rng_text, dom = self.range_text(env)
        i = self.fresh("i")
        outer = self.carries(env, self.rng.randint(1, 4))
        start = len(self.lines)
        entry = {t.name for t in env.tiles}
        self.emit(ind, f"for (auto {i} : {rng_text}) {{")
        self.loop_depth += 1
        inner = env.copy()
        inner.idx = inner.idx + [IdxV(i, dom)]
        # squash carries at the top of the body so repeated trips stay bounded
        for v in outer:
            if v.bound > 8:
                e, b, ex = self.squash(v)
                self.emit(ind + 1, f"{v.name} = {e};")
                v.bound, v.exact = b, ex and v.exact
        if self.chance(0.3) and not self.in_explicit:
            c = self.cond_expr(inner)
            self.emit(ind + 1, f"if ({c}) {self.rng.choice(['continue', 'break'])};")
        self.body(ind + 1, inner, self.rng.randint(1, 4), depth=depth + 1)
        self.update_carries(ind + 1, inner, outer, True, entry)
        if self.chance(0.2) and not self.in_explicit:
            c = self.cond_expr(inner)
            self.emit(ind + 1, f"if ({c}) {{ break; }}")
        self.loop_depth -= 1
        self.emit(ind, "}")
        self.loop_growth(outer, len(dom))
        self.after_block(env, inner)
        if dropped:
            del self.lines[start:]

    def after_block(self, env: Env, inner: Env):
        """Values defined inside a block are out of scope after it; outer ones were updated in
        place (TileV objects are shared)."""
        pass

    def if_natural(self, ind, env: Env, depth):
        dropped = self.unit()
        c = self.cond_expr(env)
        start = len(self.lines)
        outer = self.carries(env, self.rng.randint(1, 3))
        entry = {t.name for t in env.tiles}
        self.emit(ind, f"if ({c}) {{")
        inner = env.copy()
        self.body(ind + 1, inner, self.rng.randint(1, 3), depth=depth + 1)
        self.update_carries(ind + 1, inner, outer, True, entry)
        if self.chance(0.7):
            self.emit(ind, "} else {")
            inner2 = env.copy()
            self.body(ind + 1, inner2, self.rng.randint(0, 3), depth=depth + 1)
            self.update_carries(ind + 1, inner2, outer, True, entry)
        self.emit(ind, "}")
        if dropped:
            del self.lines[start:]

    def yields(self, ind, inner: Env, owners, perm_ok=True):
        """Values to yield for positions owned by `owners` (same types), maybe permuted."""
        r = self.rng
        out = []
        names = {o.name for o in owners}
        fresh_only = not self.on("copy-carries")
        for pos, o in enumerate(owners):
            cands = [t for t in inner.tiles if t.key() == o.key() and t.name not in names
                     and not (fresh_only and t.name in inner.frozen)]
            pick = r.choice(cands) if cands else None
            if pick is not None and fresh_only and any(y.name == pick.name for y in out):
                pick = None  # the same value at two positions would share a buffer
            if pick is not None and r.random() < 0.8:
                out.append(pick)
            elif fresh_only and o.name in inner.frozen:
                # an outer value passed through: a fresh copy, so the result has its own buffer
                nm = self.fresh()
                one = "1.0f" if DTYPES[o.dt][1] else "1"
                self.emit(ind, f"auto {nm} = pl::muls({o.name}, {one});")
                out.append(TileV(nm, o.dt, o.r, o.c, o.valid, o.bound, o.exact))
            else:
                out.append(o)
        if perm_ok and self.on("permutations") and r.random() < 0.4:
            # trade places among same-typed positions
            for k in range(len(owners)):
                for j in range(k + 1, len(owners)):
                    if owners[k].key() == owners[j].key() and r.random() < 0.6:
                        out[k], out[j] = owners[j], owners[k]
                        break
        return out

    def init_names(self, ind, inits):
        """The init_values arguments: the variables themselves (which stay readable), or, without
        init-reuse, fresh copies that nothing reads after the loop."""
        if self.on("init-reuse"):
            return [t.name for t in inits]
        names = []
        for t in inits:
            nm = self.fresh("init")
            one = "1.0f" if DTYPES[t.dt][1] else "1"
            self.emit(ind, f"auto {nm} = pl::muls({t.name}, {one});")
            names.append(nm)
        return names

    def unit_with_carries(self, env: Env, most):
        """Starts a unit (see unit) over 1..`most` values of `env` to carry: (dropped, carries)."""
        dropped = self.unit()
        return dropped, self.carries(env, self.rng.randint(1, most))

    def carry_vars(self, inits):
        """The lambda parameters and the results of an explicit loop carrying `inits`."""
        params = [t.renamed(self.fresh("c")) for t in inits]
        results = [t.renamed(self.fresh("r")) for t in inits]
        return params, results

    def explicit_loop_body(self, ind, inner: Env, params, most, depth):
        """The statements of an explicit loop's lambda (carries with a large bound squashed
        first, then 1..`most` statements); returns the values it yields."""
        inner.tiles += params
        self.in_explicit += 1
        for p in params:
            if p.bound > 8:
                e, b, ex = self.squash(p)
                nm = self.fresh()
                self.emit(ind + 1, f"auto {nm} = {e};")
                inner.tiles.append(TileV(nm, p.dt, p.r, p.c, p.valid, b, ex))
        self.body(ind + 1, inner, self.rng.randint(1, most), depth=depth + 1)
        ys = self.yields(ind + 1, inner, params)
        self.in_explicit -= 1
        return ys

    def loop_results(self, results, ys, trips):
        """The bounds of an explicit loop's results: its yields' over at most `trips` trips."""
        for res, y in zip(results, ys):
            res.bound, res.exact = max(y.bound, res.bound), y.exact and res.exact
        self.loop_growth(results, trips)

    def for_explicit(self, ind, env: Env, depth):
        dropped, inits = self.unit_with_carries(env, 4)
        if not inits:
            return
        r = self.rng
        rng_text, dom = self.range_text(env)
        args = rng_text[len("pl::range("):-1]
        i = self.fresh("i")
        params, results = self.carry_vars(inits)
        start = len(self.lines)
        ptxt = ", ".join(f"{p.cpp_type() if r.random() < 0.5 else 'auto'} {p.name}" for p in params)
        self.emit(ind, f"auto [{', '.join(x.name for x in results)}] = pl::range({args}, "
                       f"pl::init_values({', '.join(self.init_names(ind, inits))}), [&](pl::Index {i}, {ptxt}) {{")
        inner = Env(list(env.tiles), env.idx + [IdxV(i, dom)], set(env.frozen)).lambda_body()
        ys = self.explicit_loop_body(ind, inner, params, 4, depth)
        self.emit(ind + 1, f"return pl::yield_({', '.join(y.name for y in ys)});")
        self.emit(ind, "});")
        self.loop_results(results, ys, len(dom))
        if dropped:
            del self.lines[start:]
            for res, t in zip(results, inits):
                self.emit(ind, f"auto {res.name} = {t.name};")
        # the loop results join the values in scope (the init values stay readable too)
        env.tiles = env.tiles + results

    def if_explicit(self, ind, env: Env, depth):
        dropped, owners = self.unit_with_carries(env, 3)
        if not owners:
            return
        r = self.rng
        c = self.cond_expr(env)
        results = [t.renamed(self.fresh("r")) for t in owners]
        start = len(self.lines)
        self.emit(ind, f"auto [{', '.join(x.name for x in results)}] = pl::if_({c}, [&] {{")
        self.in_explicit += 1
        inner = env.lambda_body()
        self.body(ind + 1, inner, r.randint(0, 3), depth=depth + 1)
        y1 = self.yields(ind + 1, inner, owners)
        self.emit(ind + 1, f"return pl::yield_({', '.join(y.name for y in y1)});")
        self.emit(ind, "}, [&] {")
        inner2 = env.lambda_body()
        self.body(ind + 1, inner2, r.randint(0, 3), depth=depth + 1)
        y2 = self.yields(ind + 1, inner2, owners)
        self.emit(ind + 1, f"return pl::yield_({', '.join(y.name for y in y2)});")
        self.in_explicit -= 1
        self.emit(ind, "});")
        for res, a, b in zip(results, y1, y2):
            res.bound, res.exact = max(a.bound, b.bound), a.exact and b.exact
        if dropped:
            del self.lines[start:]
            for res, t in zip(results, owners):
                self.emit(ind, f"auto {res.name} = {t.name};")
        env.tiles += results

    def while_natural(self, ind, env: Env, depth):
        dropped = self.unit()
        r = self.rng
        w = self.fresh("w")
        k = r.randint(0, 4)
        outer = self.carries(env, r.randint(1, 3))
        start = len(self.lines)
        entry = {t.name for t in env.tiles}
        self.emit(ind, f"pl::Index {w} = {r.randint(-2, 1)};")
        self.emit(ind, f"while ({w} < {k}) {{")
        self.emit(ind + 1, f"{w} = {w} + 1;")
        self.loop_depth += 1
        inner = env.copy()
        inner.idx = inner.idx + [IdxV(w, list(range(-1, k + 1)))]
        for v in outer:
            if v.bound > 8:
                e, b, ex = self.squash(v)
                self.emit(ind + 1, f"{v.name} = {e};")
                v.bound, v.exact = b, ex and v.exact
        if r.random() < 0.5:
            self.emit(ind + 1, f"if ({self.cond_expr(inner)}) {{ continue; }}")
        self.body(ind + 1, inner, r.randint(1, 3), depth=depth + 1)
        self.update_carries(ind + 1, inner, outer, True, entry)
        if r.random() < 0.4:
            self.emit(ind + 1, f"if ({self.cond_expr(inner)}) {{ break; }}")
        self.loop_depth -= 1
        self.emit(ind, "}")
        self.loop_growth(outer, k + 2)
        if dropped:
            del self.lines[start:]
        env.idx.append(IdxV(w, None if not dropped else None))
        if dropped:
            self.emit(ind, f"pl::Index {w} = 0;")

    def while_explicit(self, ind, env: Env, depth):
        dropped, inits = self.unit_with_carries(env, 3)
        if not inits:
            return
        r = self.rng
        w0, k = r.randint(-2, 1), r.randint(0, 4)
        wp, wr = self.fresh("w"), self.fresh("w")
        params, results = self.carry_vars(inits)
        start = len(self.lines)
        ptxt = ", ".join(f"auto {p.name}" for p in params)
        self.emit(ind, f"auto [{wr}, {', '.join(x.name for x in results)}] = pl::while_("
                       f"pl::init_values(pl::Index{{{w0}}}, {', '.join(self.init_names(ind, inits))}), "
                       f"[&](pl::Index {wp}, {ptxt}) {{")
        self.emit(ind + 1, f"pl::cond({wp} < {k});")
        inner = Env(list(env.tiles), env.idx + [IdxV(wp, list(range(w0, k)))],
                    set(env.frozen)).lambda_body()
        ys = self.explicit_loop_body(ind, inner, params, 3, depth)
        self.emit(ind + 1, f"return pl::yield_({wp} + 1, {', '.join(y.name for y in ys)});")
        self.emit(ind, "});")
        self.loop_results(results, ys, k - w0 + 1)
        if dropped:
            del self.lines[start:]
            self.emit(ind, f"pl::Index {wr} = {max(w0, k)};")
            for res, t in zip(results, inits):
                self.emit(ind, f"auto {res.name} = {t.name};")
        env.tiles = env.tiles + results
        env.idx.append(IdxV(wr, [max(w0, k)]))

    # ---- program kinds -----------------------------------------------------------------------
    def generate(self):
        r = self.rng
        self.dtypes = ["fp32"] * 3 + ["fp16", "bf16", "i32"]
        kinds = ["kernel"] * 6
        if self.on("orchestration"):
            kinds += ["orch"] * 2
        if self.on("matmul"):
            kinds += ["cube"]
        self.kind = r.choice(kinds)
        # A boundary program replaces three in ten others, drawn apart from the program's own
        # stream: every other program is the same with and without the flag (fixed seeds of the
        # smoke set and of reproducers keep naming the program they named).
        if self.on("boundary") and self.on("orchestration") and random.Random(self.seed * 31 + 5).random() < 0.3:
            self.rng = random.Random(self.seed * 7927 + 3)
            self.kind = "boundary"
        getattr(self, "gen_" + self.kind)()

    def scalar_param_n(self):
        n = self.rng.randint(0, 4)
        name = self.fresh("n")
        self.scalar_params.append(("pl::Index", name, str(n)))
        return IdxV(name, [n])

    def shape(self):
        r = self.rng
        C = r.choice([16, 32, 64])
        R = r.choice([1, 2, 4, 8, 16])
        while R * C > 512:
            R //= 2
        return max(R, 1), C

    def gen_kernel(self):
        r = self.rng
        env = Env()
        for _ in range(r.randint(0, 2)):
            env.idx.append(self.scalar_param_n())
        shape = self.shape()
        ind = 1
        for _ in range(r.randint(1, 3)):
            self.load_unit(ind, env, shape)
        self.body(ind, env, r.randint(3, 10))
        self.final_stores(ind, env)
        ftype = r.choice(["InCore", "InCore", "AIV"])
        self.marker = f"PL_FUNCTION(pl::FunctionType::{ftype})"

    def final_stores(self, ind, env):
        # the most recent values, at least one store
        live = env.tiles[-4:]
        self.rng.shuffle(live)
        n = self.rng.randint(1, max(1, len(live)))
        for t in live[:n]:
            self.store_unit(ind, env, t)
        if not any(t.kind == "out" for t in self.tensors):
            self.store_unit(ind, env, env.tiles[-1])

    def gen_cube(self):
        """matmul / matmul_acc on Left/Right operands, an accumulator carried in a loop."""
        r = self.rng
        M = r.choice([16, 32])
        K = r.choice([16, 32])
        N = r.choice([16, 32])
        nk = r.randint(1, 3)
        dt = r.choice(["fp32", "fp16", "bf16"])
        btrans = self.on("b-trans") and r.random() < 0.3
        a = self.input_tensor(dt, M, K * nk)
        b = self.input_tensor(dt, N, K * nk) if btrans else self.input_tensor(dt, K * nk, N)
        out = Tensor(self.fresh("out"), "fp32", M, N, "out")
        self.tensors.append(out)
        self.marker = "PL_FUNCTION(pl::FunctionType::AIC)"
        acc_t = f"pl::Tile<pl::fp32, {M}, {N}, pl::Mem::Acc>"
        mm_opts = ", {.b_trans = true}" if btrans else ""

        def operands(ind, k):
            la = f"pl::move(pl::load({a.name}, {{0, {k} * {K}}}, {{{M}, {K}}}, {{.target_memory = pl::Mem::Mat}}), {{.target_memory = pl::Mem::Left}})"
            if btrans:
                lb = f"pl::move(pl::load({b.name}, {{0, {k} * {K}}}, {{{N}, {K}}}, {{.target_memory = pl::Mem::Mat}}), {{.target_memory = pl::Mem::Right}})"
            else:
                lb = f"pl::move(pl::load({b.name}, {{{k} * {K}, 0}}, {{{K}, {N}}}, {{.target_memory = pl::Mem::Mat}}), {{.target_memory = pl::Mem::Right}})"
            an, bn = self.fresh("l"), self.fresh("rt")
            self.emit(ind, f"auto {an} = {la};")
            self.emit(ind, f"auto {bn} = {lb};")
            return an, bn

        self.unit()
        an, bn = operands(1, 0)
        self.emit(1, f"{acc_t} acc0 = pl::matmul({an}, {bn}{mm_opts});")
        if nk > 1:
            self.unit()
            if r.random() < 0.5 and self.on("explicit"):
                self.emit(1, f"auto [acc] = pl::range(1, {nk}, pl::init_values(acc0), [&](pl::Index k, {acc_t} acc_in) {{")
                an, bn = operands(2, "k")
                self.emit(2, f"{acc_t} next = pl::matmul_acc(acc_in, {an}, {bn}{mm_opts});")
                self.emit(2, "return pl::yield_(next);")
                self.emit(1, "});")
            else:
                self.emit(1, f"{acc_t} acc = acc0;")
                self.emit(1, f"for (auto k : pl::range(1, {nk})) {{")
                an, bn = operands(2, "k")
                self.emit(2, f"acc = pl::matmul_acc(acc, {an}, {bn}{mm_opts});")
                self.emit(1, "}")
        else:
            self.emit(1, "auto acc = acc0;")
        self.emit(1, f"pl::store(acc, {{0, 0}}, {out.name});")

    def gen_orch(self):
        """Blocks of rows processed by a chain of tasks; each task reads windows of inputs and
        of earlier tasks' scratch tensors and writes its own window (written exactly once, so no
        write-after-read hazards)."""
        r = self.rng
        R, C = self.shape()
        R = max(R, 2)
        nb = r.randint(1, 3)
        ntask = r.randint(2, 4)
        self.marker = r.choice(["PL_JIT", "PL_FUNCTION(pl::FunctionType::Orchestration)"])
        ins = [self.input_tensor(r.choice(self.dtypes), R * nb, C) for _ in range(r.randint(1, 2))]
        env_idx = [self.scalar_param_n()] if r.random() < 0.4 else []
        stage_out = []  # (tensor, dtype) written by earlier tasks
        blk = self.fresh("blk")
        self.emit(1, f"for (auto {blk} : pl::range({nb})) {{")
        self.emit(2, f"const pl::Index row = {blk} * {R};")
        tids = []
        for ti in range(ntask):
            last = ti == ntask - 1
            srcs = ins + [t for t, _ in stage_out]
            readers = r.sample(srcs, min(len(srcs), r.randint(1, 2)))
            deps = ""
            if tids and r.random() < 0.5:
                deps = f", .deps = {{{', '.join(r.sample(tids, r.randint(1, len(tids))))}}}"
            tid = self.fresh("task")
            self.unit()
            self.emit(2, f"pl::TaskId {tid} = pl::at({{.level = pl::Level::CORE_GROUP, .name_hint = \"t{ti}\"{deps}}}, [&] {{")
            tids.append(tid)
            env = Env(idx=[IdxV(blk, list(range(nb)))] + env_idx)
            for src in readers:
                nm = self.fresh()
                self.emit(3, f"auto {nm} = pl::load({src.name}, {{row, 0}}, {{{R}, {C}}});")
                env.tiles.append(TileV(nm, src.dt, R, C, (R, C), 100 if src.dt == "i32" else 8.0, True))
            self.in_explicit += 1  # no stores of fresh outputs in the middle of a task
            self.body(3, env, r.randint(1, 4), depth=1)
            self.in_explicit -= 1
            t = env.tiles[-1]
            if last or r.random() < 0.3:
                dst = Tensor(self.fresh("out"), t.dt, R * nb, C, "out")
            else:
                dst = Tensor(self.fresh("scr"), t.dt, R * nb, C, "scratch")
                stage_out.append((dst, t.dt))
            self.tensors.append(dst)
            self.emit(3, f"pl::store({t.name}, {{row, 0}}, {dst.name});")
            self.emit(2, "});")
        self.emit(1, "}")
        # the scratch tensors are created before the loop
        pre = [f"  {t.cpp_type()} {t.name} = pl::create_tensor({{{t.rows}, {t.cols}}}, {DTYPES[t.dt][0]});"
               for t in self.tensors if t.kind == "scratch"]
        self.lines[0:0] = pre
        if not any(t.kind == "out" for t in self.tensors):
            raise AssertionError("orchestration without output")

    # ---- boundary programs (kernels meeting tensors) -----------------------------------------
    def tile_body(self, ind, env: Env, n, graph=False):
        """n random units of tile work: no stores, no new input tensors, no scalar parameters of
        the program (a generated kernel sees only its own); no while loops in a Graph function."""
        saved = (self.scalar_params, self.no_loads, self.feat)
        self.scalar_params, self.no_loads = [], True
        if graph:
            self.feat = self.feat - {"while"}
        self.in_explicit += 1
        self.body(ind, env, n, depth=1)
        self.in_explicit -= 1
        self.scalar_params, self.no_loads, self.feat = saved

    def load_tensor(self, ind, env: Env, src: str, t: Tensor, off: str, r: int, c: int):
        nm = self.fresh()
        bound, exact = self.tinfo[t.name]
        self.emit(ind, f"auto {nm} = pl::load({src}, {{{off}}}, {{{r}, {c}}});")
        env.tiles.append(TileV(nm, t.dt, r, c, (r, c), bound, exact))

    def results(self, env: Env, dt, r, c, n):
        """n full [r, c] tiles of dtype dt to store, the latest first (a loaded one at worst)."""
        c_ = [t for t in reversed(env.tiles) if t.key() == (dt, r, c, (r, c))]
        return [c_[min(k, len(c_) - 1)] if self.rng.random() < 0.6 else self.rng.choice(c_) for k in range(n)]

    def store_results(self, ind, env: Env, dsts, off, r, c):
        """Stores a result into each (expression, tensor) of dsts; records the tensors' bounds."""
        for (expr, t), v in zip(dsts, self.results(env, dsts[0][1].dt, r, c, len(dsts))):
            self.emit(ind, f"pl::store({v.name}, {{{off}}}, {expr});")
            b, e = self.tinfo.get(t.name, (0, True))
            self.tinfo[t.name] = (max(b, v.bound), e and v.exact)

    def kernel_func(self, params, r, c, spmd_rows=0):
        """A PL_FUNCTION(InCore) kernel over params [(role in/out/inout, tensor, rows, cols)]:
        loads every in / inout parameter's [r, c] window (at row get_block_idx() * spmd_rows when
        launched by pl::spmd, else at 0), computes, stores into every out / inout one."""
        name = f"{self.fname}_k{len(self.funcs)}"
        saved, self.lines = self.lines, []
        env = Env()
        off = "0, 0"
        if spmd_rows:
            b = self.fresh("b")
            self.emit(1, f"pl::Index {b} = pl::get_block_idx();")
            env.idx.append(IdxV(b, None))
            off = f"{b} * {spmd_rows}, 0"
        ps, dsts = [], []
        for role, t, pr, pc in params:
            q = self.fresh("q")
            ty = f"pl::Tensor<{DTYPES[t.dt][0]}, {pr}, {pc}>"
            ps.append(f"{ty} {q}" if role == "in" else f"pl::{'Out' if role == 'out' else 'InOut'}<{ty}> {q}")
            if role != "out":
                self.load_tensor(1, env, q, t, off, r, c)
            if role != "in":
                dsts.append((q, t))
        self.tile_body(1, env, self.rng.randint(1, 5))
        self.store_results(1, env, dsts, off, r, c)
        body, self.lines = self.lines, saved
        self.funcs.append("\n".join(["PL_FUNCTION(pl::FunctionType::InCore)",
                                     f"void {name}({', '.join(ps)}) {{"] + body + ["}"]))
        return name

    def graph_func(self, t_in: Tensor, t_out: Tensor, r, c):
        """A Graph function: one pl::at task from a window to a window."""
        name = f"{self.fname}_g{len(self.funcs)}"
        saved, self.lines = self.lines, []
        ty = f"pl::Tensor<{DTYPES[t_in.dt][0]}, {r}, {c}>"
        qi, qo = self.fresh("q"), self.fresh("q")
        env = Env()
        self.emit(1, "pl::at(pl::Level::CORE_GROUP, [&] {")
        self.load_tensor(2, env, qi, t_in, "0, 0", r, c)
        self.tile_body(2, env, self.rng.randint(1, 4), graph=True)
        self.store_results(2, env, [(qo, t_out)], "0, 0", r, c)
        self.emit(1, "});")
        body, self.lines = self.lines, saved
        self.funcs.append("\n".join(["PL_FUNCTION(pl::FunctionType::Graph)",
                                     f"void {name}({ty} {qi}, pl::Out<{ty}> {qo}) {{"] + body + ["}"]))
        return name

    def gen_boundary(self):
        """An orchestration over several tensors of one dtype, [R * nb, C] each, in nb row blocks:
        a chain of steps, each reading tensors that are wholly written (or inputs) and writing a
        fresh tensor (a scratch, an output) or updating the InOut parameter once, window by window:
        slices passed to generated kernels as In / Out / InOut, disjoint column windows of one
        tensor as two parameters, a parent read whole after its slices were written, pl::spmd
        bodies with tile work or a kernel launch, producer / consumer tasks in a manual scope, a
        Graph function per block, `out = x` copies. No window is written twice and none is
        written after a task read it, so task order is the runtime's RAW tracking alone."""
        r = self.rng
        self.marker = r.choice(["PL_JIT", "PL_FUNCTION(pl::FunctionType::Orchestration)"])
        dt = r.choice(self.dtypes)
        C = r.choice([16, 32, 64])
        R = r.choice([2, 4, 8])
        nb = r.randint(2, 3)
        rows = R * nb
        start = 100 if dt == "i32" else 1.0
        readable = []
        for _ in range(r.randint(1, 2)):
            t = self.input_tensor(dt, rows, C)
            self.tinfo[t.name] = (start, True)
            readable.append(t)
        io = None
        if r.random() < 0.4:
            io = Tensor(self.fresh("io"), dt, rows, C, "inout", data_seed=self.seed * 101 + 50)
            self.tensors.append(io)
            self.tinfo[io.name] = (start, True)
        kinds = ["blocks", "blocks", "blocks", "whole"]
        if self.on("col-views") and C >= 32:
            kinds += ["cols"]
        if self.on("spmd"):
            kinds += ["spmd-tile", "spmd-kernel"]
        if self.on("manual-scope"):
            kinds += ["manual"]
        if self.on("graph"):
            kinds += ["graph"]
        if self.on("out-copy"):
            kinds += ["copy"]
        if self.on("reshape") and C >= 32:
            kinds += ["reshape"]
        if self.on("at-tensor"):
            kinds += ["at-tensor"]
        if self.on("orch-rw"):
            kinds += ["orch-rw"]
        if self.on("orch-call"):
            kinds += ["orch-call"]
        win = f"{{{R}, {C}}}"

        def fresh_dst(out_p=0.4):
            kind = "out" if r.random() < out_p else "scratch"
            t = Tensor(self.fresh("out" if kind == "out" else "scr"), dt, rows, C, kind)
            self.tensors.append(t)
            return t

        def srcs(n):
            return [r.choice(readable) for _ in range(n)]

        def slice_at(t, blk, shift=0, cols=None, c0=0):
            row = f"{blk} * {R}" if not shift else f"(({blk} + {shift}) % {nb}) * {R}"
            return f"pl::slice({t.name}, {{{R}, {cols or C}}}, {{{row}, {c0}}})"

        for step in range(r.randint(2, 4)):
            kind = r.choice(kinds)
            if kind == "copy":
                dst = Tensor(self.fresh("out"), dt, rows, C, "out")
                self.tensors.append(dst)
                src = r.choice(readable)
                self.emit(1, f"{dst.name} = {src.name};")
                self.tinfo[dst.name] = self.tinfo[src.name]
                readable.append(dst)
                continue
            ins = srcs(r.randint(1, 2))
            update = io is not None and io not in readable and kind in ("blocks", "whole") and r.random() < 0.5
            dst = io if update else fresh_dst()
            if update:
                self.tinfo[io.name] = (0, True)
            if kind in ("blocks", "orch-rw", "orch-call"):
                blk = self.fresh("blk")
                shifts = [r.choice([0, 0, 1]) for _ in ins]
                sh = None
                if kind == "orch-rw":
                    # an element of an input no task writes picks the rotation of the input blocks
                    cfg = self.input_tensor("i32", 1, 8)
                    sh, j = self.fresh("sh"), r.randrange(8)
                    self.emit(1, f"const pl::Index {sh} = pl::read({cfg.name}, {{0, {j}}});")
                    self.emit(1, f"const pl::Index {sh}n = (({sh} % {nb}) + {nb}) % {nb};")
                    shifts = [f"{sh}n" for _ in ins]
                params = [("in", t, R, C) for t in ins] + [("inout" if update else "out", dst, R, C)]
                k = self.kernel_func(params, R, C)
                saved = None
                if kind == "orch-call":  # the loop in an orchestration of its own
                    saved, self.lines = self.lines, []
                    sub = f"{self.fname}_o{len(self.funcs)}"
                    qs = {t.name: self.fresh("q") for t in ins + [dst]}
                    uniq = list({t.name: t for t in ins}.values())  # a tensor read twice: one parameter
                    ps = [f"{t.cpp_type()} {qs[t.name]}" for t in uniq]
                    ps.append(f"pl::Out<{dst.cpp_type()}> {qs[dst.name]}")
                    views = {t.name: replace(t, name=qs[t.name]) for t in ins + [dst]}
                else:
                    views = {t.name: t for t in ins + [dst]}
                self.emit(1, f"for (auto {blk} : pl::range({nb})) {{")
                args = []
                for t, shift in zip(ins, shifts):
                    a = slice_at(views[t.name], blk, shift)
                    if r.random() < 0.3:  # a named view
                        w = self.fresh("w")
                        self.emit(2, f"auto {w} = {a};")
                        a = w
                    args.append(a)
                args.append(slice_at(views[dst.name], blk))
                self.emit(2, f"{k}({', '.join(args)});")
                self.emit(1, "}")
                if saved is not None:
                    body, self.lines = self.lines, saved
                    self.funcs.append("\n".join(["PL_FUNCTION(pl::FunctionType::Orchestration)",
                                                 f"void {sub}({', '.join(ps)}) {{"] + body + ["}"]))
                    self.emit(1, f"{sub}({', '.join(t.name for t in uniq)}, {dst.name});")
                if sh is not None:  # an orchestration's write into a tensor no task uses
                    wn = Tensor(self.fresh("io"), "i32", 1, 8, "inout", data_seed=self.seed * 101 + 60 + step)
                    self.tensors.append(wn)
                    self.emit(1, f"pl::write({wn.name}, {{0, {r.randrange(8)}}}, {sh} * 3 - 7);")
            elif kind == "whole":
                params = [("in", t, rows, C) for t in ins] + [("inout" if update else "out", dst, rows, C)]
                k = self.kernel_func(params, rows, C)
                self.emit(1, f"{k}({', '.join(t.name for t in ins + [dst])});")
            elif kind == "cols":
                h = C // 2
                src = ins[0]
                params = [("in", src, R, h), ("in", src, R, h), ("out", dst, R, h), ("out", dst, R, h)]
                k = self.kernel_func(params, R, h)
                blk = self.fresh("blk")
                self.emit(1, f"for (auto {blk} : pl::range({nb})) {{")
                a = [slice_at(src, blk, 0, h, 0), slice_at(src, blk, 0, h, h),
                     slice_at(dst, blk, 0, h, 0), slice_at(dst, blk, 0, h, h)]
                if r.random() < 0.5:
                    a = [a[1], a[0], a[2], a[3]]
                self.emit(2, f"{k}({', '.join(a)});")
                self.emit(1, "}")
            elif kind == "reshape":
                shp = f"{{{2 * rows}, {C // 2}}}"
                params = [("in", t, 2 * rows, C // 2) for t in ins] + [("out", dst, 2 * rows, C // 2)]
                k = self.kernel_func(params, 2 * rows, C // 2)
                self.emit(1, f"{k}({', '.join(f'pl::reshape({t.name}, {shp})' for t in ins + [dst])});")
            elif kind == "spmd-kernel":
                params = [("in", t, rows, C) for t in ins] + [("out", dst, rows, C)]
                k = self.kernel_func(params, R, C, spmd_rows=R)
                self.emit(1, f"pl::spmd({nb}, [&] {{ {k}({', '.join(t.name for t in ins + [dst])}); }});")
            elif kind == "spmd-tile":
                b = self.fresh("b")
                self.emit(1, f"pl::spmd({nb}, [&] {{")
                self.emit(2, f"pl::Index {b} = pl::get_block_idx();")
                env = Env(idx=[IdxV(b, list(range(nb)))])
                for t in ins:
                    self.load_tensor(2, env, t.name, t, f"{b} * {R}, 0", R, C)
                self.tile_body(2, env, r.randint(1, 4))
                self.store_results(2, env, [(dst.name, dst)], f"{b} * {R}, 0", R, C)
                self.emit(1, "});")
            elif kind == "manual":
                # The runtime does not track a manual scope's tasks (PTO2 skips its TensorMap): what
                # they write is read only inside the scope (mid) or by the host (dst, an output), and
                # each consumer names the previous one, whose id outlives its scope.
                # Inside the scope only named dependencies order tasks, also against the tasks
                # before it: the producers read the orchestration's inputs, which no task writes.
                ins = [t if t.kind == "in" else readable[0] for t in ins]
                mid = fresh_dst(0.2)
                mid.kind = "scratch"
                dst.kind = "out"
                blk, tp, done = self.fresh("blk"), self.fresh("task"), self.fresh("done")
                self.emit(1, f"pl::TaskId {done}{{}};")
                per_block = r.random() < 0.4  # one manual scope per block
                if per_block:
                    self.emit(1, f"for (auto {blk} : pl::range({nb})) {{")
                    self.emit(2, "pl::manual_scope([&] {")
                else:
                    self.emit(1, "pl::manual_scope([&] {")
                    self.emit(2, f"for (auto {blk} : pl::range({nb})) {{")
                self.emit(3, f"pl::TaskId {tp} = pl::at({{.level = pl::Level::CORE_GROUP, .name_hint = \"produce\"}}, [&] {{")
                env = Env(idx=[IdxV(blk, list(range(nb)))])
                for t in ins:
                    self.load_tensor(4, env, t.name, t, f"{blk} * {R}, 0", R, C)
                self.tile_body(4, env, r.randint(1, 3))
                self.store_results(4, env, [(mid.name, mid)], f"{blk} * {R}, 0", R, C)
                self.emit(3, "});")
                self.emit(3, f"{done} = pl::at({{.level = pl::Level::CORE_GROUP, .name_hint = \"consume\", .deps = {{{tp}, {done}}}}}, [&] {{")
                env = Env(idx=[IdxV(blk, list(range(nb)))])
                self.load_tensor(4, env, mid.name, mid, f"{blk} * {R}, 0", R, C)
                self.tile_body(4, env, r.randint(1, 3))
                self.store_results(4, env, [(dst.name, dst)], f"{blk} * {R}, 0", R, C)
                self.emit(3, "});")
                self.emit(2, "});" if per_block else "}")
                self.emit(1, "}" if per_block else "});")
                continue
            elif kind == "at-tensor":
                # one whole-tensor op in a pl::at scope: a [rows, C] tensor with a broadcast column
                # ([rows, 1]) or row ([1, C]) input, or with another [rows, C] tensor, either side
                isf = DTYPES[dt][1]
                a = ins[0]
                shape = r.choice(["col", "row", "full"])
                if shape == "full":
                    b = ins[-1]
                else:
                    b = self.input_tensor(dt, rows if shape == "col" else 1, 1 if shape == "col" else C)
                    self.tinfo[b.name] = (start, True)
                (ba, ea), (bb, eb) = self.tinfo[a.name], self.tinfo[b.name]
                lim = FLOAT_LIMIT.get(dt, INT_LIMIT)
                op = r.choice(["+", "-", "*", "maximum", "minimum"])
                if op == "*" and ba * bb > lim / 4 or op in "+-" and ba + bb > lim / 4:
                    op = "maximum"
                lhs, rhs = (a.name, b.name) if r.random() < 0.5 else (b.name, a.name)
                e = f"{lhs} {op} {rhs}" if op in "+-*" else f"pl::{op}({lhs}, {rhs})"
                self.emit(1, f"pl::at(pl::Level::CORE_GROUP, [&] {{ {dst.name} = {e}; }});")
                bound = ba * bb if op == "*" else ba + bb if op in "+-" else max(ba, bb)
                self.tinfo[dst.name] = (bound, ea and eb or not isf)
            elif kind == "graph":
                g = self.graph_func(ins[0], dst, R, C)
                blk = self.fresh("blk")
                args = f"{slice_at(ins[0], blk)}, {slice_at(dst, blk)}"
                # half the time launched by pl::submit, each launch after the previous one
                tid = self.fresh("tid") if self.on("graph-submit") and r.random() < 0.5 else None
                if tid:
                    self.emit(1, f"pl::TaskId {tid}{{}};")
                self.emit(1, f"for (auto {blk} : pl::range({nb})) {{")
                if tid:
                    self.emit(2, f"{tid} = pl::submit({{.deps = {{{tid}}}}}, {g}, {args});")
                else:
                    self.emit(2, f"{g}({args});")
                self.emit(1, "}")
            readable.append(dst)
        if not any(t.kind == "out" for t in self.tensors if t in readable):
            # the last tensor written (or an input) reaches an output
            dst = Tensor(self.fresh("out"), dt, rows, C, "out")
            self.tensors.append(dst)
            src = readable[-1]
            if self.on("out-copy"):
                self.emit(1, f"{dst.name} = {src.name};")
            else:
                k = self.kernel_func([("in", src, rows, C), ("out", dst, rows, C)], rows, C)
                self.emit(1, f"{k}({src.name}, {dst.name});")
        if self.on("host-dtypes") and r.random() < 0.4:
            self.host_dtype_steps(r.choice(sorted(HOST_DTYPES)), dt, R, C, nb)
        pre = [f"  {t.cpp_type()} {t.name} = pl::create_tensor({{{t.rows}, {t.cols}}}, {DTYPES[t.dt][0]});"
               for t in self.tensors if t.kind == "scratch"]
        self.lines[0:0] = pre

    def host_dtype_steps(self, hd, dt, R, C, nb):
        """An input of host dtype hd: copied whole to an output, and (half the time) a kernel
        casts each row block to the program's dtype dt (an fp8 or integer source: exact values
        in every dtype but the narrow floats, where both runs round alike) into another output."""
        hx = self.input_tensor(hd, R * nb, C)
        cp = Tensor(self.fresh("out"), hd, R * nb, C, "out")
        self.tensors.append(cp)
        if self.on("out-copy"):
            self.emit(1, f"{cp.name} = {hx.name};")
        else:
            self.tensors.remove(cp)
        if self.rng.random() < 0.5:
            dst = Tensor(self.fresh("out"), dt, R * nb, C, "out")
            self.tensors.append(dst)
            name = f"{self.fname}_k{len(self.funcs)}"
            qi, qo, v = self.fresh("q"), self.fresh("q"), self.fresh()
            ti = f"pl::Tensor<{DTYPES[hd][0]}, {R}, {C}>"
            to = f"pl::Tensor<{DTYPES[dt][0]}, {R}, {C}>"
            self.funcs.append("\n".join([
                "PL_FUNCTION(pl::FunctionType::InCore)",
                f"void {name}({ti} {qi}, pl::Out<{to}> {qo}) {{",
                f"  auto {v} = pl::load({qi}, {{0, 0}}, {{{R}, {C}}});",
                f"  pl::store(pl::cast({v}, {DTYPES[dt][0]}), {{0, 0}}, {qo});", "}"]))
            blk = self.fresh("blk")
            self.emit(1, f"for (auto {blk} : pl::range({nb})) {{")
            self.emit(2, f"{name}(pl::slice({hx.name}, {{{R}, {C}}}, {{{blk} * {R}, 0}}), "
                         f"pl::slice({dst.name}, {{{R}, {C}}}, {{{blk} * {R}, 0}}));")
            self.emit(1, "}")

    # ---- rendering ---------------------------------------------------------------------------
    def signature(self):
        ps = []
        for t in self.tensors:
            if t.kind == "in":
                ps.append(f"{t.cpp_type()} {t.name}")
        for ty, name, _ in self.scalar_params:
            ps.append(f"{ty} {name}")
        for t in self.tensors:
            if t.kind == "out":
                ps.append(f"pl::Out<{t.cpp_type()}> {t.name}")
            elif t.kind == "inout":
                ps.append(f"pl::InOut<{t.cpp_type()}> {t.name}")
        return ps

    def render(self):
        head = [f"// program {self.seed} ({self.kind})"] + self.funcs + [self.marker,
                f"void {self.fname}({', '.join(self.signature())}) {{"]
        return "\n".join(head + self.lines + ["}", ""])

    def runner(self):
        """The host function that builds inputs, calls the program and dumps its outputs."""
        L = [f"static void run_{self.fname}(std::FILE* dump) {{"]
        args = []
        for t in self.tensors:
            if t.kind in ("in", "inout"):
                n = t.rows * t.cols
                if not DTYPES[t.dt][1]:
                    data = f"fz::ints({n}, {t.data_seed})"
                else:
                    data = f"pl::random_vector({n}, {t.data_seed})"
                if t.dyn_cols:
                    L.append(f"  {t.cpp_type()} {t.name}({data}, {{{t.rows}, {t.cols}}});")
                else:
                    L.append(f"  {t.cpp_type()} {t.name}({data});")
                if t.kind == "in":
                    args.append(t.name)
        for _, name, val in self.scalar_params:
            args.append(val)
        outs = [t for t in self.tensors if t.kind in ("out", "inout")]
        for t in outs:  # in signature order
            if t.kind == "out":
                L.append(f"  {t.cpp_type()} {t.name};")
            args.append(t.name)
        L.append(f"  {self.fname}({', '.join(args)});")
        for k, t in enumerate(outs):
            L.append(f"  fz::dump(dump, {self.seed}, {k}, {t.name});")
        L.append("}")
        return "\n".join(L) + "\n"


PRELUDE = r"""// Generated by tests/fuzz/gen.py (the pl differential fuzzer); do not edit.
// @HEADER@
#include <pl/dsl.hpp>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <string>
#include <vector>

namespace fz {
/// Deterministic small integers in [-100, 100].
inline std::vector<int> ints(std::size_t n, std::uint64_t seed) {
  std::vector<int> v;
  for (float f : pl::random_vector(n, seed, -100.0f, 101.0f)) v.push_back(static_cast<int>(f));
  return v;
}
template <class T>
void dump(std::FILE* f, long prog, int k, const T& t) {
  const std::vector<double> v = t.template to_vector<double>();
  std::fprintf(f, "R %ld %d %s %zu\n", prog, k, std::string(pl::dtypeName(t.dtype())).c_str(), v.size());
  for (double x : v) std::fprintf(f, "%.17g\n", x);
}
}  // namespace fz

"""

MAIN = r"""
struct FzEntry {
  long seed;
  void (*run)(std::FILE*);
};

int main(int argc, char** argv) {
  // usage: <binary> <dump file> [program seed ...]  (all programs by default)
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s <dump file> [program seed ...]\n", argv[0]);
    return 2;
  }
  const FzEntry entries[] = {
@ENTRIES@
  };
  std::FILE* dump = std::fopen(argv[1], "w");
  if (!dump) return 2;
  for (const FzEntry& e : entries) {
    bool selected = argc == 2;
    for (int a = 2; a < argc; ++a) selected |= std::atol(argv[a]) == e.seed;
    if (!selected) continue;
    std::fprintf(dump, "P %ld\n", e.seed);
    std::fflush(dump);
    try {
      e.run(dump);
    } catch (const std::exception& ex) {
      std::string msg = ex.what();
      for (char& c : msg) if (c == '\n') c = ' ';
      std::fprintf(dump, "E %ld %s\n", e.seed, msg.c_str());
    }
    std::fprintf(dump, "D %ld\n", e.seed);
    std::fflush(dump);
  }
  std::fclose(dump);
  return 0;
}
"""


def parse_features(spec: str | None, no: list[str]) -> set:
    feats = set(FEATURES) if spec in (None, "", "all") else set(x for x in spec.split(",") if x)
    for f in feats | set(no):
        if f not in FEATURES:
            raise SystemExit(f"gen.py: unknown feature '{f}' (known: {', '.join(FEATURES)})")
    return feats - set(no)


def feature_args(feats: set) -> str:
    off = sorted(set(FEATURES) - feats)
    return " ".join(f"--no-{f}" for f in off)


def render_batch(seeds, feats, drops=None) -> str:
    drops = drops or {}
    progs = [Program(s, feats, frozenset(drops.get(s, ()))) for s in seeds]
    out = [PRELUDE.replace("@HEADER@", f"seeds {seeds[0]}..{seeds[-1]} ({len(seeds)}), flags: {feature_args(feats) or '(all features)'}")]
    for p in progs:
        out.append(p.render())
    out.append("")
    for p in progs:
        out.append(p.runner())
    entries = ",\n".join(f"      {{{p.seed}, run_{p.fname}}}" for p in progs)
    out.append(MAIN.replace("@ENTRIES@", entries))
    return "\n".join(out)


def main(argv=None):
    ap = argparse.ArgumentParser(description="Generate a batch of random pl DSL programs.")
    ap.add_argument("--seed", type=int, default=1, help="first program seed")
    ap.add_argument("--count", type=int, default=1, help="number of programs (seeds seed..seed+count-1)")
    ap.add_argument("--seeds", help="explicit comma-separated program seeds (overrides --seed/--count)")
    ap.add_argument("--drop", action="append", default=[],
                    help="SEED:ID,ID,... units of program SEED replaced by their fallback (minimization)")
    ap.add_argument("--features", help="comma-separated features to enable (default: all)")
    for f, doc in FEATURES.items():
        ap.add_argument(f"--no-{f}", dest="no", action="append_const", const=f, help="disable " + doc.replace("%", "%%"))
    ap.add_argument("-o", "--output", help="output file (default stdout)")
    a = ap.parse_args(argv)
    feats = parse_features(a.features, a.no or [])
    seeds = [int(x) for x in a.seeds.split(",")] if a.seeds else list(range(a.seed, a.seed + a.count))
    drops = {}
    for d in a.drop:
        s, ids = d.split(":")
        drops[int(s)] = {int(x) for x in ids.split(",") if x}
    text = render_batch(seeds, feats, drops)
    if a.output:
        with open(a.output, "w") as f:
            f.write(text)
    else:
        sys.stdout.write(text)


if __name__ == "__main__":
    main()
