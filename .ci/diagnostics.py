#!/usr/bin/env python3
"""The diagnostic catalogue's tool (ir/diagnostics.def, docs/diagnostics.md).

  diagnostics.py doc ROOT        write ROOT/docs/diagnostics.md from the catalogue
  diagnostics.py check ROOT      exit 1 with one line per problem when
    (a) a code some source emits is not in the catalogue,
    (b) a catalogue code no source emits is not PL_DIAG_RESERVED (or a reserved one is emitted),
    (c) docs/diagnostics.md is not what `doc` writes,
    (d) a code's severity differs from how a site emits it (where the statement shows it:
        .error( / .warning( / Severity::X / static_assert ...),
    (e) the layers a code is emitted from differ from the catalogue's,
    (f) a doc link names a file or section docs/ does not have,
    (g) the catalogue is malformed: an unparsable line, a duplicate, codes out of order, a
        prefix without a PL_DIAG_GROUP, a meaning with a double quote.
  diagnostics.py sites ROOT      every emitting site: code, file:line, severity seen

A source "emits" a code when a string literal in it is exactly the code ("F375") or contains it
in brackets ("... [F110]", the DSL headers' static_assert messages); comments do not count. The
sources are the product folders below (SOURCE_DIRS).
"""

import os
import re
import sys

DEF = "ir/diagnostics.def"
DOC = "docs/diagnostics.md"
SOURCE_DIRS = {  # folder -> layer name used in the catalogue
    "translator": "translator",
    "passes": "passes",
    "emit": "emit",
    "ir": "ir",
    "dsl/include": "dsl",
    "tidy": "tidy",
}
SOURCE_EXTS = (".cpp", ".h", ".hpp", ".inc")
CODE_RE = re.compile(r"^(?:[A-Z]{1,4}[0-9]{3,4}|ICE)$")
BRACKET_RE = re.compile(r"\[([A-Z]{1,4}[0-9]{3,4}|ICE)\]")
SEVERITIES = {  # catalogue severity -> (name in the doc, severities a site may show)
    "Error": ("error", {"error"}),
    "Warning": ("warning", {"warning"}),
    "ErrorOrWarning": ("error or warning", {"error", "warning"}),
    "PerfHint": ("perf hint", {"hint"}),
    "Note": ("note", {"note"}),
}
SITE_SEVERITY = [  # statement text -> severity a site shows
    (re.compile(r"\bwarning\s*\(|Severity::Warning|DiagnosticsEngine::Warning"), "warning"),
    (re.compile(r"\bperfHint\s*\(|Severity::PerfHint"), "hint"),
    (re.compile(r"Severity::Note"), "note"),
    (re.compile(r"\berror\s*\(|\berrorExpr\s*\(|Severity::Error|DiagnosticsEngine::Error|"
                r"\bstatic_assert\b|\bthrow\b"), "error"),
]
ENTRY_RE = re.compile(r'^PL_DIAG(_RESERVED)?\((\w+), (\w+), "([a-z ]+)", "([^"]*)", "([^"]*)"\)$')
GROUP_RE = re.compile(r'^PL_DIAG_GROUP\(([A-Z]+), "([^"]+)"\)$')


def prefix_of(code):
    return re.match(r"[A-Z]+", code).group(0)


def number_of(code):
    m = re.search(r"[0-9]+", code)
    return int(m.group(0)) if m else 0


# ---- the catalogue ----------------------------------------------------------------------------

def parse_catalogue(root):
    """(groups [(prefix, title)], entries [dict], problems [str])."""
    groups, entries, problems = [], [], []
    path = os.path.join(root, DEF)
    for n, raw in enumerate(open(path, encoding="utf-8"), 1):
        line = raw.rstrip("\n")
        if not line.strip() or line.startswith("//") or line.startswith("#"):
            continue
        where = f"{DEF}:{n}"
        g = GROUP_RE.match(line)
        if g:
            groups.append((g.group(1), g.group(2)))
            continue
        m = ENTRY_RE.match(line)
        if not m:
            problems.append(f"{where}: not a PL_DIAG / PL_DIAG_RESERVED / PL_DIAG_GROUP line "
                            "(one entry per line; see the comment at the top)")
            continue
        reserved, code, sev, layers, doc, meaning = m.groups()
        if not CODE_RE.match(code):
            problems.append(f"{where}: '{code}' is not a code (letters and 3-4 digits)")
        if sev not in SEVERITIES:
            problems.append(f"{where}: {code}: unknown severity '{sev}' "
                            f"(one of {', '.join(SEVERITIES)})")
        bad = [x for x in layers.split() if x not in SOURCE_DIRS.values()]
        if bad or not layers.split():
            problems.append(f"{where}: {code}: unknown layer(s) '{layers}' "
                            f"(any of {', '.join(sorted(SOURCE_DIRS.values()))})")
        if not meaning.strip() or not doc.strip():
            problems.append(f"{where}: {code}: empty meaning or doc link")
        entries.append(dict(code=code, sev=sev, layers=layers.split(), doc=doc,
                            meaning=meaning, reserved=bool(reserved), where=where))
    order = {p: i for i, (p, _) in enumerate(groups)}
    if len(order) != len(groups):
        problems.append(f"{DEF}: a PL_DIAG_GROUP prefix is declared twice")
    seen, last = set(), None
    for e in entries:
        c = e["code"]
        if c in seen:
            problems.append(f"{e['where']}: {c} is declared twice")
        seen.add(c)
        p = prefix_of(c)
        if p not in order:
            problems.append(f"{e['where']}: {c}: no PL_DIAG_GROUP({p}, ...) line")
            continue
        key = (order[p], number_of(c))
        if last is not None and key <= last:
            problems.append(f"{e['where']}: {c} is out of order (groups in PL_DIAG_GROUP order, "
                            "codes ascending within a group)")
        last = key
    return groups, entries, problems


# ---- the sources ------------------------------------------------------------------------------

def literals(text):
    """(offset, contents) of each string literal, and the text with comments and literals
    blanked (same length, so offsets stay valid)."""
    out, code, i, n = [], [], 0, len(text)
    while i < n:
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            code.append(" " * (j - i))
            i = j
            continue
        if text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            code.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
            continue
        raw = re.match(r'R"([^(\s]*)\(', text[i:i + 20])
        if raw and (i == 0 or not (text[i - 1].isalnum() or text[i - 1] == "_")):
            end = ")" + raw.group(1) + '"'
            j = text.find(end, i)
            j = n if j < 0 else j + len(end)
            out.append((i, text[i + len(raw.group(0)):j - len(end)]))
            code.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
            continue
        c = text[i]
        if c == '"' or (c == "'" and not (i > 0 and (text[i - 1].isalnum()))):
            j = i + 1
            while j < n and text[j] != c and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            j = min(j + 1, n)
            if c == '"':
                out.append((i, text[i + 1:j - 1]))
            code.append(c + " " * max(j - i - 2, 0) + (c if j - i >= 2 else ""))
            i = j
            continue
        code.append(c)
        i += 1
    return out, "".join(code)


def harvest(root):
    """Every emitting site: dict(code, file, line, layer, sev: set of severities seen)."""
    sites = []
    for folder, layer in SOURCE_DIRS.items():
        for dirpath, dirnames, files in os.walk(os.path.join(root, folder)):
            dirnames.sort()
            for f in sorted(files):
                if not f.endswith(SOURCE_EXTS):
                    continue
                path = os.path.join(dirpath, f)
                text = open(path, encoding="utf-8", errors="replace").read()
                lits, code = literals(text)
                for pos, s in lits:
                    found = [s] if CODE_RE.match(s) else BRACKET_RE.findall(s)
                    if not found:
                        continue
                    # The statement the literal is in: back to the last ; { or } outside
                    # comments and literals.
                    start = max(code.rfind(";", 0, pos), code.rfind("{", 0, pos),
                                code.rfind("}", 0, pos))
                    stmt = code[start + 1:pos]
                    sev = {name for rx, name in SITE_SEVERITY if rx.search(stmt)}
                    for c in found:
                        sites.append(dict(code=c, file=os.path.relpath(path, root),
                                          line=text.count("\n", 0, pos) + 1, layer=layer,
                                          sev=sev))
    return sites


# ---- the doc ----------------------------------------------------------------------------------

def render_doc(groups, entries):
    out = [
        "# Diagnostic codes",
        "",
        "<!-- Generated from ir/diagnostics.def by `make docs` (.ci/diagnostics.py doc); do not",
        "     edit. ctest diagnostics.catalogue fails when this file is not what it generates. -->",
        "",
        "Every diagnostic pl reports ends in its code, `file:line:col: error: message [F375]`. This",
        "page lists every code, generated from the one catalogue `ir/diagnostics.def` (one",
        "`PL_DIAG` line per code: severity, the layer that emits it, a one-line meaning, the page",
        "that explains it). `ctest -R diagnostics.catalogue` (in `make test`) fails when a source",
        "emits a code the catalogue does not declare, a declared code is emitted nowhere and is",
        "not reserved, a site emits a code with another severity or from another layer, a link",
        "below names a missing section, or this page is stale. Adding a code: one `PL_DIAG` line in",
        "its group, then `make docs`.",
        "",
        "On the command line (pl-translate and pl-opt): `--explain=CODE` prints a code's line of",
        "this page; `--no-warn=CODE[,CODE...]` silences those warnings (a code listed as \"error",
        "or warning\" is silenced where it is a warning; errors are never silenced, and an error",
        "code or an unknown code is a usage error).",
        "",
        "Severities: **error** stops the translation (nothing is written); **warning** is",
        "reported and the output written; **error or warning** is an error where the statement",
        "always runs (or the target rejects it) and a warning where it may not; **reserved** codes",
        "are emitted by nothing (retired, or kept so they are never reused). `ICE` (internal",
        "compiler error) is a bug of pl's, never of the input.",
        "",
        "Groups: " + " · ".join(f"[{p}](#{slug(heading(p, t))})" for p, t in groups),
        "",
    ]
    by = {}
    for e in entries:
        by.setdefault(prefix_of(e["code"]), []).append(e)
    for p, title in groups:
        out += [f"## {heading(p, title)}", "",
                "| code | severity | layer | meaning | explained in |", "|---|---|---|---|---|"]
        for e in by.get(p, []):
            sev = "reserved" if e["reserved"] else SEVERITIES.get(e["sev"], (e["sev"],))[0]
            doc = e["doc"]
            link = f"[{doc.replace('#', ' § ')}]({doc})"
            meaning = e["meaning"].replace("|", "\\|")
            out.append(f"| {e['code']} | {sev} | {', '.join(e['layers'])} | {meaning} | {link} |")
        out.append("")
    return "\n".join(out)


def heading(prefix, title):
    return f"{prefix}: {title}"


def slug(title):
    """GitHub's anchor of a heading."""
    s = title.strip().lower()
    s = re.sub(r"[^\w\- ]", "", s)
    return s.replace(" ", "-")


def doc_anchors(root):
    anchors = {}
    docs = os.path.join(root, "docs")
    for f in os.listdir(docs):
        if not f.endswith(".md") or f == os.path.basename(DOC):
            continue
        text = open(os.path.join(docs, f), encoding="utf-8").read()
        text = re.sub(r"^```.*?^```", "", text, flags=re.S | re.M)  # no headings in code blocks
        anchors[f] = {slug(h) for h in re.findall(r"^#+\s+(.*)$", text, re.M)}
    return anchors


# ---- the checks -------------------------------------------------------------------------------

def check(root):
    groups, entries, problems = parse_catalogue(root)
    sites = harvest(root)
    declared = {e["code"]: e for e in entries}
    emitted = {}
    for s in sites:
        emitted.setdefault(s["code"], []).append(s)
    for c, ss in sorted(emitted.items()):  # (a)
        if c not in declared:
            problems.append(f"{ss[0]['file']}:{ss[0]['line']}: {c} is emitted but not declared "
                            f"in {DEF} (add a PL_DIAG line, then `make docs`)")
    for e in entries:
        c, ss = e["code"], emitted.get(e["code"], [])
        if not ss and not e["reserved"]:  # (b)
            problems.append(f"{e['where']}: {c} is emitted by no source; delete it or mark it "
                            "PL_DIAG_RESERVED")
        if ss and e["reserved"]:
            problems.append(f"{e['where']}: {c} is PL_DIAG_RESERVED but {ss[0]['file']}:"
                            f"{ss[0]['line']} emits it")
        if not ss or e["sev"] not in SEVERITIES:
            continue
        allowed = SEVERITIES[e["sev"]][1]
        for s in ss:  # (d)
            if s["sev"] - allowed:
                problems.append(f"{s['file']}:{s['line']}: {c} is emitted as "
                                f"{' and '.join(sorted(s['sev'] - allowed))}, the catalogue "
                                f"says {SEVERITIES[e['sev']][0]} ({e['where']})")
        shown = set().union(*(s["sev"] for s in ss))
        if all(s["sev"] for s in ss) and shown != allowed:
            problems.append(f"{e['where']}: {c} is declared {SEVERITIES[e['sev']][0]} but every "
                            f"site emits it as {' or '.join(sorted(shown))}")
        layers = sorted({s["layer"] for s in ss})  # (e)
        if layers != sorted(e["layers"]):
            problems.append(f"{e['where']}: {c} is declared in layer(s) '{' '.join(e['layers'])}'"
                            f" but emitted from '{' '.join(layers)}'")
    anchors = doc_anchors(root)  # (f)
    for e in entries:
        f, _, a = e["doc"].partition("#")
        if f not in anchors:
            problems.append(f"{e['where']}: {e['code']}: docs/{f} does not exist")
        elif a and a not in anchors[f]:
            problems.append(f"{e['where']}: {e['code']}: docs/{f} has no section '#{a}'")
    want = render_doc(groups, entries)  # (c)
    path = os.path.join(root, DOC)
    have = open(path, encoding="utf-8").read() if os.path.exists(path) else None
    if have != want:
        problems.append(f"{DOC} is not what the catalogue generates: run `make docs`")
    return problems


def main(argv):
    if len(argv) != 3 or argv[1] not in ("doc", "check", "sites"):
        print(__doc__, file=sys.stderr)
        return 2
    root = argv[2]
    if argv[1] == "doc":
        groups, entries, problems = parse_catalogue(root)
        if problems:
            print("\n".join(problems), file=sys.stderr)
            return 1
        with open(os.path.join(root, DOC), "w", encoding="utf-8") as f:
            f.write(render_doc(groups, entries))
        return 0
    if argv[1] == "sites":
        for s in harvest(root):
            print(f"{s['code']}\t{s['file']}:{s['line']}\t{','.join(sorted(s['sev'])) or '?'}")
        return 0
    problems = check(root)
    for p in problems:
        print(p)
    if problems:
        print(f"diagnostics.py: {len(problems)} problem(s) with the diagnostic catalogue")
        return 1
    print("diagnostics.py: every emitted code is declared once, with its severity, layer and "
          "documentation")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
