#!/usr/bin/env python3
"""Runs clang-tidy (the project's .clang-tidy) on the .cpp files of ir/ and passes/.

  tidy.py all BUILD_DIR JOBS           every .cpp under ir/ and passes/
  tidy.py changed BASE BUILD_DIR JOBS  those changed since BASE (working tree and untracked
                                       files included) and those that include, directly or
                                       through other repository headers, a changed file;
                                       all of them when .clang-tidy changed

Each file's diagnostics are printed together once its run ends; the exit status is 1 when
any run reported a warning (.clang-tidy makes every enabled check an error) or failed.
"""

import os
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

CLANG_TIDY = os.environ.get("CLANG_TIDY", "clang-tidy-19")
TIDY_DIRS = ("ir", "passes")
INCLUDE_RE = re.compile(r'^\s*#\s*include\s*"([^"]+)"', re.M)
NOISE_RE = re.compile(r"^\d+ warnings? (and \d+ errors? )?generated\.$")


def git(*args):
    return subprocess.run(["git", *args], check=True, capture_output=True, text=True).stdout


def tidy_sources():
    return sorted(
        os.path.join(root, f)
        for d in TIDY_DIRS
        for root, _, files in os.walk(d)
        for f in files
        if f.endswith(".cpp")
    )


def includes_of(path):
    """The repository files `path` includes with quotes (from the root, as -I. resolves them,
    or next to `path`)."""
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            text = f.read()
    except OSError:
        return []
    found = []
    for name in INCLUDE_RE.findall(text):
        for cand in (name, os.path.join(os.path.dirname(path), name)):
            cand = os.path.normpath(cand)
            if os.path.isfile(cand):
                found.append(cand)
                break
    return found


def depends_on_changed(src, changed, memo):
    """Whether `src` is, or transitively includes, a file in `changed`."""
    stack, seen = [src], set()
    while stack:
        path = stack.pop()
        if path in seen:
            continue
        seen.add(path)
        if path in changed:
            return True
        if path not in memo:
            memo[path] = includes_of(path)
        stack.extend(memo[path])
    return False


def changed_sources(base):
    names = git("diff", "--name-only", base, "--").splitlines()
    names += git("ls-files", "--others", "--exclude-standard").splitlines()
    changed = {os.path.normpath(n) for n in names if os.path.isfile(n)}
    if ".clang-tidy" in changed:
        return tidy_sources()
    memo = {}
    return [s for s in tidy_sources() if depends_on_changed(s, changed, memo)]


def run_one(build_dir, src):
    proc = subprocess.run(
        [CLANG_TIDY, "-p", build_dir, "--quiet", src],
        capture_output=True,
        text=True,
    )
    lines = (proc.stdout + proc.stderr).splitlines()
    out = "\n".join(l for l in lines if not NOISE_RE.match(l.strip()))
    return src, proc.returncode, out


def main(argv):
    if len(argv) == 4 and argv[1] == "all":
        sources, build_dir, jobs = tidy_sources(), argv[2], argv[3]
    elif len(argv) == 5 and argv[1] == "changed":
        sources, build_dir, jobs = changed_sources(argv[2]), argv[3], argv[4]
    else:
        sys.exit(__doc__)
    if not os.path.isfile(os.path.join(build_dir, "compile_commands.json")):
        sys.exit(f"tidy: {build_dir}/compile_commands.json is missing (run make configure)")
    if not sources:
        print("tidy: ok (no .cpp under ir/ or passes/ is affected by the changes)")
        return 0
    print(f"tidy: {CLANG_TIDY} on {len(sources)} file(s)", flush=True)
    failed = []
    with ThreadPoolExecutor(max_workers=max(1, int(jobs))) as pool:
        for src, rc, out in pool.map(lambda s: run_one(build_dir, s), sources):
            if out:
                print(out, flush=True)
            if rc != 0:
                failed.append(src)
    if failed:
        print(f"tidy: {len(failed)} file(s) with warnings: {' '.join(failed)}")
        return 1
    print("tidy: ok")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
