// compare_results: checks that a translated run produced the same results as the eager run
// (files written with PL_RESULT_DUMP), element by element with per-dtype tolerances and the rules
// of pl::allclose (pl::is_close: equal infinities match; NaN matches NaN only where the program's
// own check asked for `.equal_nan`, which the dump records per result).
#include <pl/dsl.hpp>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

namespace {

struct Result {
  std::string dtype;
  bool equalNan = false;
  std::vector<double> values;
};

/// Reads "<dtype> <n> equal_nan=<0|1>" headers, each followed by n values.
std::vector<Result> read(const char *path) {
  std::ifstream in(path);
  std::vector<Result> out;
  Result r;
  std::size_t n = 0;
  std::string flag;
  while (in >> r.dtype >> n >> flag) {
    if (flag != "equal_nan=0" && flag != "equal_nan=1") {
      std::fprintf(stderr, "compare_results: %s: malformed header '%s %zu %s'\n", path,
                   r.dtype.c_str(), n, flag.c_str());
      std::exit(2);
    }
    r.equalNan = flag == "equal_nan=1";
    r.values.resize(n);
    for (auto &v : r.values) {
      std::string tok;
      in >> tok;
      v = std::strtod(tok.c_str(), nullptr);
    }
    out.push_back(r);
  }
  return out;
}

pl::DType dtypeNamed(const std::string &name) {
  for (int d = 0; d <= static_cast<int>(pl::DType::TaskId); ++d)
    if (pl::dtypeName(static_cast<pl::DType>(d)) == name)
      return static_cast<pl::DType>(d);
  return pl::DType::FP32;
}

} // namespace

int main(int argc, char **argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: compare_results <eager-results> <translated-results>\n");
    return 2;
  }
  auto eager = read(argv[1]), translated = read(argv[2]);
  if (eager.empty() || eager.size() != translated.size()) {
    std::fprintf(stderr, "compare_results: %zu eager results vs %zu translated results\n",
                 eager.size(), translated.size());
    return 1;
  }
  bool ok = true;
  for (std::size_t i = 0; i < eager.size(); ++i) {
    const Result &e = eager[i], &t = translated[i];
    const pl::Tolerance tol = pl::default_tolerance(dtypeNamed(e.dtype));
    std::size_t bad = 0;
    double maxErr = 0;
    bool sameShape = e.dtype == t.dtype && e.values.size() == t.values.size() &&
                     e.equalNan == t.equalNan;
    for (std::size_t k = 0; sameShape && k < e.values.size(); ++k) {
      const double ev = e.values[k], tv = t.values[k];
      if (!pl::is_close(tv, ev, tol.rtol, tol.atol, e.equalNan)) {
        if (bad < 5)
          std::printf("  [%zu] translated %.17g eager %.17g\n", k, tv, ev);
        ++bad;
      }
      double err = std::isfinite(ev) && std::isfinite(tv) ? std::fabs(ev - tv) : 0.0;
      if (err > maxErr)
        maxErr = err;
    }
    std::printf("result %zu (%s, %zu elements): %s (max |translated - eager| = %g, rtol %g, atol %g)\n",
                i, e.dtype.c_str(), e.values.size(), sameShape && bad == 0 ? "match" : "MISMATCH",
                maxErr, tol.rtol, tol.atol);
    ok &= sameShape && bad == 0;
  }
  return ok ? 0 : 1;
}
