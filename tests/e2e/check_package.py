#!/usr/bin/env python3
"""The kernel package of one program (pl-translate --platform=a2a3|a5 --out-dir).

usage: check_package.py <pl-translate> <clang++> <source.cpp> <work dir> <platform> <dsl include>
                        [--pch <file>] [--sim-reference <file>] [--hardware-tile-errors <n>]

--pch: compile the package files with this precompiled form of their includes (faster; the
include lists are the printer's, the same in every package, and are checked without it by the
runs that omit --pch). --sim-reference: the simulator's translation of the source (the e2e
build's), else it is translated here. --hardware-tile-errors n: the program has tiles hardware
or casts it cannot do (CheckTileConstraints): the vendor platform's translation must fail with
exactly n located TC001 / TC002 / TC005 errors and write nothing, and the package is checked on
the platform's simulated twin (a2a3sim, a5sim) instead, where those tiles are warnings.

Checks, failing with a message on the first problem:
  - the manifest (kernels.json) lists exactly the files written, func ids 0..n-1 in order, core
    types that match the kernel directories, argument counts that match the argument lists and the
    orchestration's expected_arg_count;
  - every kernel and orchestration file compiles with `clang++ -std=c++20 -fsyntax-only -Wall
    -Wextra -Werror` against pl/sim's PTO-ISA / PTO2 headers, found by their vendor names
    (`-I <dsl include>/pl/sim/vendor -I <dsl include>`), with -D__CPU_SIM as the vendor's CPU
    simulation compiles them;
  - each packaged kernel and orchestration has exactly the text the simulator runs (the
    rewritten file of the simulated platform of the same SoC), only the linkage differs;
  - the rewritten host file written with the package is that simulator file.
"""
import json
import os
import re
import shutil
import subprocess
import sys


def fail(msg):
    sys.exit("check_package: " + msg)


def run(cmd):
    r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if r.returncode != 0:
        fail("command failed (%d): %s\n%s" % (r.returncode, " ".join(cmd), r.stdout))
    return r.stdout


def function_body(text, start):
    """The text of the brace-balanced block that opens at the first '{' at or after `start`."""
    i = text.index("{", start)
    depth = 0
    for j in range(i, len(text)):
        depth += {"{": 1, "}": -1}.get(text[j], 0)
        if depth == 0:
            return text[i : j + 1]
    fail("unbalanced braces")


def main():
    translate, cxx, src, work, platform, include = sys.argv[1:7]
    opts = dict(zip(sys.argv[7::2], sys.argv[8::2]))
    if set(opts) - {"--pch", "--sim-reference", "--hardware-tile-errors"} or len(sys.argv[7:]) % 2:
        fail("bad options %s" % sys.argv[7:])
    shutil.rmtree(work, ignore_errors=True)
    pkg = os.path.join(work, "package")
    host = os.path.join(work, "host.cpp")
    sim_host = opts.get("--sim-reference", os.path.join(work, "host_sim.cpp"))
    flags = ["--", "-std=c++20", "-I" + include]
    os.makedirs(work)
    if "--hardware-tile-errors" in opts:
        r = subprocess.run([translate, src, "--platform=" + platform, "--out-dir=" + pkg, "-o", host]
                           + flags, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        errors = re.findall(r"^\S+:\d+:\d+: error: .*\[(\w+)\]$", r.stdout, re.M)
        want = int(opts["--hardware-tile-errors"])
        if r.returncode != 1 or len(errors) != want or set(errors) - {"TC001", "TC002", "TC005"}:
            fail("--platform=%s: expected exit 1 and %d located TC001/TC002/TC005 errors, got exit %d "
                 "and %s\n%s" % (platform, want, r.returncode, errors, r.stdout))
        if os.path.exists(pkg) or os.path.exists(host):
            fail("--platform=%s failed but wrote files" % platform)
        platform += "sim"
    run([translate, src, "--platform=" + platform, "--out-dir=" + pkg, "-o", host] + flags)
    if "--sim-reference" not in opts:
        twin = platform if platform.endswith("sim") else platform + "sim"
        run([translate, src, "--platform=" + twin, "-o", sim_host] + flags)

    with open(os.path.join(pkg, "kernels.json")) as f:
        m = json.load(f)
    if m.get("format") != "pl-kernel-package" or m.get("platform") != platform:
        fail("manifest header: %r" % {k: m.get(k) for k in ("format", "platform")})
    listed = set()
    for i, k in enumerate(m["kernels"]):
        if k["func_id"] != i:
            fail("kernel %s has func id %d, expected %d" % (k["name"], k["func_id"], i))
        if not k["source"].startswith("kernels/%s/" % k["core_type"]):
            fail("kernel %s: core type %s but source %s" % (k["name"], k["core_type"], k["source"]))
        counts = [a["kind"] for a in k["args"]]
        if counts != ["tensor"] * k["tensor_count"] + ["scalar"] * k["scalar_count"]:
            fail("kernel %s: argument counts do not match its arguments" % k["name"])
        if k["location"] is None or k["location"]["line"] <= 0:
            fail("kernel %s has no source location" % k["name"])
        listed.add(k["source"])
    for o in m["orchestrations"]:
        if o["expected_arg_count"] != len(o["args"]):
            fail("orchestration %s: expected_arg_count %d, %d args"
                 % (o["name"], o["expected_arg_count"], len(o["args"])))
        listed.add(o["source"])
    if not m["kernels"] or not m["orchestrations"]:
        fail("a program with an entry point has kernels and orchestrations")
    written = set()
    for d, _, files in os.walk(pkg):
        for f in files:
            written.add(os.path.relpath(os.path.join(d, f), pkg))
    if written != listed | {"kernels.json"}:
        fail("files written %s, manifest lists %s" % (sorted(written), sorted(listed)))

    with open(host) as f, open(sim_host) as g:
        host_text, sim_text = f.read(), g.read()
    if host_text.replace(host, "<out>") != sim_text.replace(sim_host, "<out>"):  # #line names
        fail("the rewritten host file differs from the %s translation" % (platform if platform.endswith("sim") else platform + "sim"))

    vendor = os.path.join(include, "pl", "sim", "vendor")
    pch = ["-include-pch", opts["--pch"]] if "--pch" in opts else []
    for rel in sorted(listed):
        path = os.path.join(pkg, rel)
        run([cxx, "-std=c++20", "-fsyntax-only", "-Wall", "-Wextra", "-Werror", "-D__CPU_SIM",
             "-I" + vendor, "-I" + include] + pch + [path])
        with open(path) as f:
            text = f.read()
        if rel.startswith("kernels/"):
            k = next(k for k in m["kernels"] if k["source"] == rel)
            ours = function_body(text, text.index('extern "C" __aicore__ void kernel_entry'))
            at = re.search(r"// (AIV|AIC) kernel '%s', func id %d\n" % (re.escape(k["name"]),
                                                                     k["func_id"]), sim_text)
        else:
            o = next(o for o in m["orchestrations"] if o["source"] == rel)
            ours = function_body(text, text.index('extern "C"'))
            at = re.search(r"// orchestration '%s'\n" % re.escape(o["name"]), sim_text)
        if not at:
            fail("%s: not found in the simulator's translation" % rel)
        start = at.end()
        if rel.startswith("kernels/"):  # past `namespace kernel_<name> {`
            start = sim_text.index("__aicore__ void kernel_entry", start)
        theirs = function_body(sim_text, start)
        if ours != theirs:
            fail("%s differs from the text the simulator runs" % rel)
    print("%s: %d kernels, %d orchestrations packaged for %s; all compile, same text as %ssim"
          % (os.path.basename(src), len(m["kernels"]), len(m["orchestrations"]), platform,
             platform))


main()
