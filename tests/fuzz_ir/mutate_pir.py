#!/usr/bin/env python3
"""Mutation driver for pl-opt: mutates the .pir tests at random and runs the default pipeline.

Every input must end in exit 0, or exit 1 with at least one located diagnostic
(`file:line:col: error: ... [CODE]`). Anything else is a finding: a signal, a timeout, an
"internal compiler error", an unlocated "<unknown>" diagnostic, an error line that is not
located or does not end in its code, exit 2, or exit 1 without a located error. Findings are
written to --out (one .pir per finding plus a summary line on stdout). --verify picks pl-opt's
verification level (both levels: run twice); --jobs runs that many pl-opt at once (the inputs
and verdicts do not depend on it).

  tests/fuzz_ir/mutate_pir.py --pl-opt build/bin/pl-opt --count 5000 --seed 1 --out /tmp/mut

Exit status 1 when there is any finding. ctest runs a fixed-seed smoke set (fuzz_ir.mutate).
"""
import argparse
import concurrent.futures
import os
import random
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TOKEN = re.compile(r"[A-Za-z_][A-Za-z_0-9.]*|\d+\.\d*|\d+|->|==|!=|<=|>=|&&|\|\||//|\S")
LOCATED = re.compile(r"^[^\s:]+:\d+:\d+: error: .*\[[A-Z]+\d+\]$", re.M)


def seed_programs(dirs):
    """The input and expected programs of every case in the .pir files under `dirs`."""
    out = []
    for d in dirs:
        for name in sorted(os.listdir(d)):
            if not name.endswith(".pir"):
                continue
            text = open(os.path.join(d, name), encoding="utf-8").read()
            for case in text.split("// -----"):
                for part in case.split("// EXPECTED:"):
                    lines = [l for l in part.splitlines() if not l.lstrip().startswith("//")]
                    body = "\n".join(lines).strip()
                    if body.startswith("program"):
                        out.append(body + "\n")
    return out


def mutate_tokens(text, rng, vocab):
    toks = [(m.start(), m.end()) for m in TOKEN.finditer(text)]
    if not toks:
        return text
    for _ in range(rng.randint(1, 3)):
        toks = [(m.start(), m.end()) for m in TOKEN.finditer(text)]
        if not toks:
            break
        s, e = toks[rng.randrange(len(toks))]
        kind = rng.randrange(5)
        if kind == 0:  # delete
            text = text[:s] + text[e:]
        elif kind == 1:  # replace with a token from the corpus
            text = text[:s] + rng.choice(vocab) + text[e:]
        elif kind == 2:  # duplicate
            text = text[:e] + " " + text[s:e] + text[e:]
        elif kind == 3:  # swap with another token
            s2, e2 = toks[rng.randrange(len(toks))]
            if s2 < s:
                s, e, s2, e2 = s2, e2, s, e
            if e <= s2:
                text = text[:s] + text[s2:e2] + text[e:s2] + text[s:e] + text[e2:]
        else:  # replace a number by an edge value
            if text[s:e].isdigit():
                text = text[:s] + rng.choice(["0", "1", "-1", "2147483647", "4294967296",
                                               "9223372036854775807", "99999999999999999999",
                                               "65536", "3"]) + text[e:]
    return text


def mutate_lines(text, rng, all_lines):
    lines = text.splitlines()
    if len(lines) < 2:
        return text
    i = rng.randrange(len(lines))
    kind = rng.randrange(4)
    if kind == 0:
        del lines[i]
    elif kind == 1:
        lines.insert(i, lines[rng.randrange(len(lines))])
    elif kind == 2:
        j = rng.randrange(len(lines))
        lines[i], lines[j] = lines[j], lines[i]
    else:  # a line from another program
        lines.insert(i, rng.choice(all_lines))
    return "\n".join(lines) + "\n"


def mutate(text, rng, vocab, all_lines):
    for _ in range(rng.randint(1, 2)):
        text = mutate_tokens(text, rng, vocab) if rng.random() < 0.7 else \
            mutate_lines(text, rng, all_lines)
    return text


def classify(rc, err, timed_out):
    if timed_out:
        return "timeout"
    if rc < 0:
        return "signal %d" % -rc
    if "internal compiler error" in err:
        return "ice"
    if "<unknown>" in err:
        return "unlocated"
    if rc == 0:
        return None
    errors = [l for l in err.splitlines() if ": error: " in l]
    if any(not LOCATED.match(l) for l in errors):
        return "unlocated"
    if rc == 1 and LOCATED.search(err):
        return None
    return "exit %d" % rc


def run_one(pl_opt, verify, text, timeout, tmpdir, idx):
    path = os.path.join(tmpdir, "m%d.pir" % idx)
    with open(path, "w", encoding="utf-8", errors="surrogateescape") as f:
        f.write(text)
    try:
        p = subprocess.run([pl_opt, "--pipeline=default", "--verify=" + verify, path, "-o",
                            os.devnull],
                           stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=timeout)
        err = p.stderr.decode("utf-8", "replace")
        verdict = classify(p.returncode, err, False)
    except subprocess.TimeoutExpired:
        err, verdict = "", "timeout"
    os.unlink(path)
    return verdict, err


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--pl-opt", default=os.path.join(ROOT, "build", "bin", "pl-opt"))
    ap.add_argument("--count", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--timeout", type=float, default=10.0)
    ap.add_argument("--out", default=None, help="directory for the findings")
    ap.add_argument("--max-findings", type=int, default=200)
    ap.add_argument("--verify", choices=["basic", "roundtrip"], default="basic",
                    help="pl-opt's --verify level")
    ap.add_argument("--jobs", type=int, default=1, help="pl-opt processes at once")
    ap.add_argument("--write-seeds", metavar="DIR",
                    help="write every seed program to DIR (the libFuzzer corpus) and exit")
    args = ap.parse_args()
    seeds = seed_programs([os.path.join(ROOT, "tests", "passes"),
                           os.path.join(ROOT, "tests", "pl-opt")])
    if args.write_seeds:
        os.makedirs(args.write_seeds, exist_ok=True)
        for i, text in enumerate(seeds):
            with open(os.path.join(args.write_seeds, "seed%04d.pir" % i), "w",
                      encoding="utf-8") as f:
                f.write(text)
        return 0
    vocab = sorted({t for s in seeds for t in TOKEN.findall(s)})
    all_lines = [l for s in seeds for l in s.splitlines() if l.strip()]
    rng = random.Random(args.seed)
    findings = {}
    tmpdir = tempfile.mkdtemp(prefix="mutate_pir.")
    if args.out:
        os.makedirs(args.out, exist_ok=True)
    texts = [mutate(rng.choice(seeds), rng, vocab, all_lines) for _ in range(args.count)]
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        verdicts = pool.map(lambda i: run_one(args.pl_opt, args.verify, texts[i], args.timeout,
                                              tmpdir, i), range(args.count))
        results = list(verdicts)
    rejected = sum(1 for _, err in results if ": error: " in err)
    cascades = sum(1 for _, err in results if err.count(": error: ") > 3)
    for i, (verdict, err) in enumerate(results):
        text = texts[i]
        if verdict is None:
            continue
        findings.setdefault(verdict, 0)
        findings[verdict] += 1
        n = sum(findings.values())
        print("finding %d (input %d): %s: %s" % (n, i, verdict,
              err.strip().splitlines()[-1] if err.strip() else ""), flush=True)
        if args.out and n <= args.max_findings:
            with open(os.path.join(args.out, "%05d.pir" % i), "w", encoding="utf-8",
                      errors="surrogateescape") as f:
                f.write(text)
            with open(os.path.join(args.out, "%05d.err" % i), "w", encoding="utf-8") as f:
                f.write(verdict + "\n" + err)
    os.rmdir(tmpdir)
    total = sum(findings.values())
    print("mutate_pir: %d inputs (seed %d, --verify=%s), %d findings %s; %d rejected, %d of "
          "them with more than 3 errors" % (args.count, args.seed, args.verify, total,
                                            dict(sorted(findings.items())), rejected, cascades))
    return 1 if total else 0


if __name__ == "__main__":
    sys.exit(main())
