// pl/host.hpp — host side: deterministic test data, per-dtype tolerances, pl::allclose, printing.
#pragma once

#include <cerrno>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <ostream>
#include <sstream>
#include <string>
#include <type_traits>
#include <vector>

#include "pl/types.hpp"

namespace pl {

/// Deterministic pseudo-random values in [lo, hi) (a 64-bit LCG; identical on every platform).
inline std::vector<float> random_vector(std::size_t n, std::uint64_t seed, float lo = -1.0f, float hi = 1.0f) {
  std::vector<float> v(n);
  std::uint64_t s = seed * 6364136223846793005ull + 1442695040888963407ull;
  for (auto& x : v) {
    s = s * 6364136223846793005ull + 1442695040888963407ull;
    const double u = static_cast<double>(s >> 11) * (1.0 / 9007199254740992.0);
    x = static_cast<float>(lo + (hi - lo) * u);
  }
  return v;
}

/// Default comparison tolerances per dtype (|a - e| <= atol + rtol * |e|).
struct Tolerance {
  double rtol = 0;
  double atol = 0;
};
inline Tolerance default_tolerance(DType d) {
  switch (d) {
    case DType::FP32: return {1e-5, 1e-5};
    case DType::FP16: return {1e-3, 1e-3};
    case DType::BF16: return {1.6e-2, 1e-2};
    case DType::FP8E4M3FN: case DType::HF8: return {1.25e-1, 1e-2};
    case DType::FP8E5M2: return {2.5e-1, 1e-2};
    case DType::FP8E8M0: return {1.0, 0};
    case DType::FP4: case DType::HF4: return {5e-1, 2.5e-1};
    default: return {0, 0};
  }
}

/// Options of `pl::allclose` / `pl::check_close`; unset tolerances come from the actual value's
/// dtype (`pl::default_tolerance`).
struct AllcloseOptions {
  std::optional<double> rtol = {};
  std::optional<double> atol = {};
  bool verbose = true;  // print the first mismatches to stderr
};

/// The outcome of a comparison, with a human-readable report.
struct CloseReport {
  bool ok = true;
  std::int64_t mismatches = 0;
  double max_abs_err = 0;
  std::string message;
  explicit operator bool() const { return ok; }
};

namespace detail {
template <class V>
std::pair<DType, std::vector<double>> valuesOf(const V& v) {
  if constexpr (TensorLike<V> || TileLike<V>) return {v.dtype(), v.template to_vector<double>()};
  else return {DType::FP32, std::vector<double>(v.begin(), v.end())};
}
}  // namespace detail

namespace detail {
/// With PL_RESULT_DUMP=<file>, every checked result is appended there ("<dtype> <n>" then the
/// values), so an eager run and a translated run of the same program can be compared value by
/// value (tests/e2e/compare_results). A file that cannot be opened or written is an error (a
/// silently missing result would make the comparison vacuous).
inline void dumpResult(DType dt, const std::vector<double>& values) {
  const char* path = std::getenv("PL_RESULT_DUMP");
  if (!path || !*path) return;
  auto fail = [&](int err) {
    throw Error("PL_RESULT_DUMP='" + std::string(path) + "': cannot append the result: " + std::strerror(err) +
                "; expected a writable file path");
  };
  std::FILE* f = std::fopen(path, "a");
  if (!f) fail(errno);
  bool ok = std::fprintf(f, "%s %zu\n", std::string(dtypeName(dt)).c_str(), values.size()) >= 0;
  for (std::size_t i = 0; ok && i < values.size(); ++i) ok = std::fprintf(f, "%.17g\n", values[i]) >= 0;
  ok = std::fflush(f) == 0 && ok;
  const int err = errno;
  ok = std::fclose(f) == 0 && ok;
  if (!ok) fail(err ? err : errno);
}
}  // namespace detail

/// Compares `actual` (tensor, tile or vector) with `expected` (tensor, tile or vector) elementwise.
template <class A, class E>
CloseReport check_close(const A& actual, const E& expected, AllcloseOptions o = {}) {
  const auto [dt, a] = detail::valuesOf(actual);
  detail::dumpResult(dt, a);
  const auto e = detail::valuesOf(expected).second;
  const Tolerance def = default_tolerance(dt);
  const double rtol = o.rtol.value_or(def.rtol), atol = o.atol.value_or(def.atol);
  CloseReport r;
  std::ostringstream os;
  if (a.size() != e.size()) {
    r.ok = false;
    os << "allclose: size mismatch: actual has " << a.size() << " elements, expected " << e.size();
    r.message = os.str();
    return r;
  }
  for (std::size_t i = 0; i < a.size(); ++i) {
    const double err = std::fabs(a[i] - e[i]);
    const bool bad = std::isnan(a[i]) != std::isnan(e[i]) || (!std::isnan(a[i]) && !(err <= atol + rtol * std::fabs(e[i])));
    if (!std::isnan(err) && err > r.max_abs_err) r.max_abs_err = err;
    if (bad) {
      if (r.mismatches < 5) os << "  [" << i << "] actual " << a[i] << " expected " << e[i] << " (|err| " << err << ")\n";
      ++r.mismatches;
    }
  }
  r.ok = r.mismatches == 0;
  std::ostringstream head;
  head << "allclose(" << dtypeName(dt) << ", rtol=" << rtol << ", atol=" << atol << "): " << r.mismatches << " of "
       << a.size() << " elements differ, max |err| " << r.max_abs_err << "\n";
  r.message = head.str() + os.str();
  return r;
}

/// True when every element is within tolerance; prints a report on failure unless `.verbose = false`.
template <class A, class E>
bool allclose(const A& actual, const E& expected, AllcloseOptions o = {}) {
  const CloseReport r = check_close(actual, expected, o);
  if (!r.ok && o.verbose) std::fprintf(stderr, "%s", r.message.c_str());
  return r.ok;
}

template <DType D, std::int64_t... Ds>
std::ostream& operator<<(std::ostream& os, const Tensor<D, Ds...>& t) {
  return os << "Tensor<" << dtypeName(t.dtype()) << ">" << detail::shapeStr(t.shape());
}
template <DType D, std::int64_t R, std::int64_t C, Mem M>
std::ostream& operator<<(std::ostream& os, const Tile<D, R, C, M>& t) {
  return os << "Tile<" << dtypeName(t.dtype()) << ", " << memName(t.mem()) << ">" << detail::shapeStr(t.shape())
            << " valid " << detail::shapeStr(t.valid_shape());
}

}  // namespace pl
