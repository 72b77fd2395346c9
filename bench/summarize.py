#!/usr/bin/env python3
"""Prints the summary tables of `make bench` from the Google Benchmark JSON files.

usage: summarize.py <dir with bench_*.json>
Times are per iteration as Google Benchmark reports them (real time); see docs/performance.md.
"""
import json
import math
import os
import sys

ORDER = ["1", "lgN", "N", "NlgN", "N^2", "N^3"]  # Google Benchmark's complexity names


def load(directory, name):
    path = os.path.join(directory, name + ".json")
    if not os.path.exists(path):
        return None
    with open(path) as f:
        return json.load(f)


def iterations(data):
    return [b for b in data["benchmarks"] if b.get("run_type") == "iteration" and "error_occurred" not in b]


def ms(b):
    scale = {"ns": 1e-6, "us": 1e-3, "ms": 1.0, "s": 1e3}[b["time_unit"]]
    return b["real_time"] * scale


def table(title, header, rows):
    print(f"\n## {title}\n")
    widths = [max(len(str(x)) for x in col) for col in zip(header, *rows)] if rows else [len(h) for h in header]
    line = lambda cells: "| " + " | ".join(str(c).ljust(w) for c, w in zip(cells, widths)) + " |"
    print(line(header))
    print("|" + "|".join("-" * (w + 2) for w in widths) + "|")
    for r in rows:
        print(line(r))


def translate(data):
    rows, worst_t, worst_m = [], 0.0, 0.0
    for b in iterations(data):
        if not b["name"].startswith("BM_Translate/"):
            continue
        sample = b["name"].split("/")[1]
        f = lambda k: f"{b[k] * 1e3:.1f}"
        worst_t, worst_m = max(worst_t, b["time_ratio"]), max(worst_m, b["mem_ratio"])
        rows.append([sample, f("parse_s"), f("lower_s"), f("pipeline_s"), f("emit_s"),
                     f"{(b['rewrite_s'] + b['write_s']) * 1e3:.1f}", f("total_s"), f("baseline_s"),
                     f"{b['time_ratio']:.2f}", f"{b['rss_translate_kib'] / 1024:.0f}",
                     f"{b['rss_baseline_kib'] / 1024:.0f}", f"{b['mem_ratio']:.2f}"])
    table("bench_translate: pl-translate vs clang -fsyntax-only (ms, MiB)",
          ["sample", "parse+sema", "lower", "pipeline", "emit", "rewrite+write", "total", "baseline",
           "time ratio (<=1.25)", "peak RSS", "baseline RSS", "mem ratio (<=1.5)"], rows)
    print(f"\nworst time ratio {worst_t:.2f} (goal <= 1.25: {'met' if worst_t <= 1.25 else 'NOT met'}), "
          f"worst memory ratio {worst_m:.2f} (goal <= 1.5: {'met' if worst_m <= 1.5 else 'NOT met'})")
    rows = []
    for b in iterations(data):
        if b["name"].startswith("BM_TranslatePch/"):
            f = lambda k: f"{b[k] * 1e3:.1f}"
            rows.append([b["name"].split("/")[1], f("pch_build_s"), f("parse_s"), f("lower_s"),
                         f("rest_s"), f("total_s"), f("baseline_s"), f"{b['time_ratio']:.2f}"])
    if rows:
        table("bench_translate: pl-translate with its cached PCH vs clang -fsyntax-only (ms)",
              ["sample", "PCH build (once)", "parse+sema", "lower", "pipeline+emit+rewrite",
               "total", "baseline", "time ratio (<=0.35)"], rows)
    for b in iterations(data):
        if b["name"].startswith("BM_TranslateCacheHit/"):
            print(f"\ntranslation cache hit ({b['name'].split('/')[1]}): {b['hit_s'] * 1e3:.1f} ms vs "
                  f"miss {b['miss_s'] * 1e3:.1f} ms, ratio {b['hit_ratio']:.3f} (goal <= 0.1)")


def series_name(run_name):
    """The benchmark family of a run: run_name without the size and the `key:value` parts."""
    parts = [p for p in run_name.split("/") if ":" not in p]
    return "/".join(p for p in parts if not p.isdigit())


def slope(points):
    """Exponent k of t ~ N^k between the two largest sizes."""
    if len(points) < 2:
        return float("nan")
    (n1, t1), (n2, t2) = sorted(points)[-2:]
    return math.log(t2 / t1) / math.log(n2 / n1) if t1 > 0 and t2 > 0 and n2 > n1 else float("nan")


def pipeline(data):
    fits = {series_name(b["run_name"]): b["big_o"] for b in data["benchmarks"]
            if b.get("aggregate_name") == "BigO"}
    series = {}
    for b in iterations(data):
        series.setdefault(series_name(b["run_name"]), []).append((b["stmts"], ms(b), b["s_per_stmt"]))

    def fitted(prefix, cell):
        """One row per series named `prefix`...: its points, its fit and its slope."""
        return [[name.split("/", 1)[1], "; ".join(cell(n, t, s) for n, t, s in sorted(pts)),
                 fits.get(name, "?"), f"{slope([(n, t) for n, t, _ in pts]):.2f}"]
                for name, pts in series.items() if name.startswith(prefix)]

    table("bench_pipeline: the default pipeline (with its verification)",
          ["program", "statements: time, per statement", "fit", "slope"],
          fitted("BM_Pipeline/", lambda n, t, s: f"{n:.0f}: {t:.1f} ms, {s * 1e6:.2f} us/stmt"))
    rows, worse = [], []
    for name, pts in series.items():
        if not name.startswith("BM_Pass/"):
            continue
        _, pass_id, shape = name.split("/")
        fit, k = fits.get(name, "?"), slope([(n, t) for n, t, _ in pts])
        big = max(pts)
        rows.append([pass_id, shape, f"{big[1]:.2f}", f"{big[2] * 1e9:.0f}", fit, f"{k:.2f}"])
        # Below 1 ms at the largest size the fit is noise (a pass that barely touches the IR).
        if big[1] >= 1.0 and ((fit in ORDER and ORDER.index(fit) > ORDER.index("NlgN")) or k > 1.35):
            worse.append(f"{pass_id} ({shape}: fit {fit}, slope {k:.2f})")
    table("bench_pipeline: each pass alone (largest size)",
          ["pass", "program", "ms", "ns/stmt", "fit", "slope"], rows)
    print("\npasses worse than O(N log N): " + (", ".join(worse) if worse else "none"))
    rows = []
    for name, pts in series.items():
        if name.startswith("BM_Verify/roundtrip/"):
            shape = name.split("/")[2]
            basic = dict((n, t) for n, t, _ in series.get("BM_Verify/basic/" + shape, []))
            cells = [f"{n:.0f}: {basic.get(n, float('nan')):.1f} → {t:.1f} ms "
                     f"(×{t / basic[n] if basic.get(n) else float('nan'):.1f})"
                     for n, t, _ in sorted(pts)]
            rows.append([shape, "; ".join(cells)])
    table("bench_pipeline: verification basic → roundtrip (default pipeline)",
          ["program", "statements: basic → roundtrip"], rows)
    table("bench_pipeline: shapes that were super-linear (issue 42)",
          ["row", "statements: time", "fit", "slope"],
          fitted("BM_Scaling/", lambda n, t, s: f"{n:.0f}: {t:.2f} ms"))


def runtime(data):
    rows, other = [], []
    for b in iterations(data):
        parts = [p for p in b["run_name"].split("/") if ":" not in p and p != "real_time"]
        if parts[0] == "BM_Runtime":
            _, shape, mode, n = parts[:4]
            rows.append([shape, mode, n, f"{b['s_per_task'] * 1e6:.2f}"])
            continue
        counters = ", ".join(f"{k} {v * 1e6:.2f} us" if k.startswith("s_") else f"{k} {v:.2f}"
                             for k, v in sorted(b.items())
                             if k.startswith(("s_", "graph_speedup", "threads_speedup",
                                              "mixed_over_aiv")))
        other.append(["/".join(parts), counters])
    table("bench_runtime: empty tasks (us per task, submit + track + run + join)",
          ["shape", "mode", "tasks", "us/task"], rows)
    table("bench_runtime: graph layers, 64 parallel 64x64 tasks, mixed tasks",
          ["benchmark", "counters"], other)


def kernels(data):
    by = {}
    for b in iterations(data):
        if not b["name"].startswith("BM_Kernel/"):
            continue
        _, sample, kind = b["name"].split("/")[:3]
        by.setdefault(sample, {})[kind] = ms(b) * 1e3
    rows = []
    for sample, k in by.items():
        cell = lambda key: f"{k[key]:.1f}" if key in k else "-"
        ratio = lambda a, b: f"{k[a] / k[b]:.1f}x" if a in k and b in k else "-"
        rows.append([sample, cell("eager"), cell("translated_serial"), cell("translated_threads"),
                     cell("plain_loop"), cell("cblas_sgemm"), ratio("translated_serial", "eager"),
                     ratio("translated_serial", "plain_loop"), ratio("plain_loop", "cblas_sgemm")])
    table("bench_kernels: one call of the sample's entry (us)",
          ["sample", "eager", "translated serial", "translated threads", "plain loop", "cblas_sgemm",
           "serial/eager", "serial/plain", "plain/cblas"], rows)


def tiles(data):
    """bench_kernels' instruction-level rows (BM_Tile/...): the tiled matmul against sgemm and
    each vector instruction against its plain loop, as the ratios issue 36's goals name."""
    us = {}
    for b in iterations(data):
        if b["name"].startswith("BM_Tile/"):
            us[b["name"][len("BM_Tile/"):].split("/real_time")[0]] = ms(b) * 1e3
    rows = []
    for n in ("64", "128", "256"):
        sgemm = us.get(f"sgemm/{n}")
        for kind in ("fp32", "fp16"):
            t = us.get(f"matmul_{kind}/{n}")
            if t is None:
                continue
            rows.append([f"matmul {kind} {n}^3", f"{t:.1f}", f"{sgemm:.1f}" if sgemm else "-",
                         f"{sgemm / t:.2f}x" if sgemm else "-"])
    if rows:
        table("bench_kernels: tiled matmul vs single-threaded cblas_sgemm (us; goal sgemm/sim >= 0.25)",
              ["shape", "simulator", "sgemm", "sgemm/sim"], rows)
    rows = []
    for name, t in us.items():
        plain = us.get(name + "/plain_loop")
        if plain is None:
            continue
        rows.append([name, f"{t:.1f}", f"{plain:.1f}", f"{t / plain:.2f}x"])
    if rows:
        table("bench_kernels: one vector instruction vs a plain -O2 loop (us; goal sim/plain <= 2)",
              ["instruction", "simulator", "plain loop", "sim/plain"], rows)


def main():
    directory = sys.argv[1] if len(sys.argv) > 1 else "build-release/bench"
    found = False
    for name, fn in [("bench_translate", translate), ("bench_pipeline", pipeline),
                     ("bench_runtime", runtime), ("bench_kernels", kernels), ("bench_kernels", tiles)]:
        data = load(directory, name)
        if data is None:
            print(f"\n({name}.json not found in {directory})")
            continue
        found = True
        fn(data)
    return 0 if found else 1


if __name__ == "__main__":
    sys.exit(main())
