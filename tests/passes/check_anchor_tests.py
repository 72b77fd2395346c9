#!/usr/bin/env python3
"""Keeps docs/anchor_tests.md true (ctest pass.anchor_tests_doc).

Every row of a suite table names a status (C, D or L); a C row names at least one test of ours.
A test is `file.pir` followed by one or more «rule start» quotes (a case whose rule comment, the
first comment after its RUN line, contains that text), or `file_test.cpp` followed by
`Suite.Name` (a TEST or TEST_F of that name). Every such reference must exist, and the summary
table's counts must equal the rows of each suite.

Usage: check_anchor_tests.py <repo root>
"""
import re
import sys
from pathlib import Path


def rule_comments(pir: Path):
    """The rule comments of a .pir file: the comment lines after each RUN line, joined."""
    rules, lines = [], pir.read_text().splitlines()
    for i, line in enumerate(lines):
        if not line.startswith("// RUN:"):
            continue
        text = []
        for follow in lines[i + 1:]:
            if not follow.startswith("// ") or follow.startswith("// EXPECTED"):
                break
            text.append(follow[3:].strip())
        rules.append(" ".join(text))
    return rules


def check(root: Path) -> list:
    doc = (root / "docs" / "anchor_tests.md").read_text()
    tests = root / "tests" / "passes"
    errors, counts, summary = [], {}, {}
    suite = None
    for line in doc.splitlines():
        heading = re.match(r"^## (XLA|PyPTO) (\S+)", line)
        if heading:
            suite = heading.group(2)
            counts[suite] = {"C": 0, "D": 0, "L": 0}
            continue
        row = re.match(r"^\| (.+?) \| (\d+) \| (\d+) \| (\d+) \| (\d+) \|$", line)
        if row and suite is None:
            summary[row.group(1)] = tuple(int(row.group(k)) for k in (2, 3, 4, 5))
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if suite is None or len(cells) < 3 or cells[1] not in ("C", "D", "L"):
            continue
        status, where = cells[1], " | ".join(cells[2:])
        counts[suite][status] += 1
        refs = 0
        for m in re.finditer(r"`([a-z_]+\.pir)`((?:\s*(?:«[^»]+»|and|,))+)", where):
            path = tests / m.group(1)
            if not path.exists():
                errors.append(f"{cells[0]}: no file {m.group(1)}")
                continue
            rules = rule_comments(path)
            for quote in re.findall(r"«([^»]+)»", m.group(2)):
                refs += 1
                if not any(quote in r for r in rules):
                    errors.append(f"{cells[0]}: no case «{quote}» in {m.group(1)}")
        for m in re.finditer(r"`([a-z_]+_test\.cpp)` `(\w+)\.(\w+)`", where):
            refs += 1
            path = tests / m.group(1)
            text = path.read_text() if path.exists() else ""
            if not re.search(rf"TEST(_F)?\({m.group(2)}, {m.group(3)}\)", text):
                errors.append(f"{cells[0]}: no test {m.group(2)}.{m.group(3)} in {m.group(1)}")
        if status == "C" and refs == 0:
            errors.append(f"{cells[0]}: covered but names no test")
    for name, (cases, c, d, l) in summary.items():
        if name == "all":
            continue
        key = next((s for s in counts if s.startswith(name.split()[-1])), None)
        got = counts.get(key)
        if got is None:
            errors.append(f"summary row {name}: no table")
        elif (got["C"], got["D"], got["L"]) != (c, d, l) or c + d + l != cases:
            errors.append(f"summary row {name}: says {cases}/{c}/{d}/{l}, tables have {got}")
    if "all" in summary:
        total = [sum(v[k] for v in counts.values()) for k in "CDL"]
        if tuple(summary["all"]) != (sum(total), *total):
            errors.append(f"summary row all: says {summary['all']}, tables have {total}")
    return errors


def main() -> int:
    errors = check(Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).parents[2])
    for e in errors:
        print("docs/anchor_tests.md: " + e)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
