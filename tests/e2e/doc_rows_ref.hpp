// tests/e2e/doc_rows_ref.hpp — host side of tests/e2e/doc_rows.cpp: plain-loop reference
// helpers and the per-row check (reported as "doc_rows/<row>: PASS|FAIL", tests/e2e/report.hpp).
#pragma once

#include <pl/dsl.hpp>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "report.hpp"

namespace {

e2e::Report report("doc_rows");

template <class A>
void check(const std::string& row, const A& actual, const std::vector<double>& expected, pl::AllcloseOptions o = {}) {
  report.close(row, actual, expected, o);
}

std::vector<double> host(const auto& t) { return t.template to_vector<double>(); }

template <class F>
std::vector<double> map1(const std::vector<double>& a, F f) {
  std::vector<double> r(a.size());
  for (std::size_t i = 0; i < a.size(); ++i) r[i] = f(a[i]);
  return r;
}
template <class F>
std::vector<double> map2(const std::vector<double>& a, const std::vector<double>& b, F f) {
  std::vector<double> r(a.size());
  for (std::size_t i = 0; i < a.size(); ++i) r[i] = f(a[i], b[i]);
  return r;
}

/// Column block [c0, c0 + w) of a row-major [rows, cols] matrix.
std::vector<double> block(const std::vector<double>& m, int rows, int cols, int c0, int w, int r0 = 0, int h = -1) {
  if (h < 0) h = rows;
  std::vector<double> r;
  for (int i = r0; i < r0 + h; ++i)
    for (int j = c0; j < c0 + w; ++j) r.push_back(m[static_cast<std::size_t>(i * cols + j)]);
  return r;
}

std::vector<double> mm(const std::vector<double>& a, const std::vector<double>& b, int m, int k, int n, bool at = false,
                       bool bt = false) {
  std::vector<double> c(static_cast<std::size_t>(m * n), 0.0);
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j)
      for (int p = 0; p < k; ++p)
        c[static_cast<std::size_t>(i * n + j)] +=
            (at ? a[static_cast<std::size_t>(p * m + i)] : a[static_cast<std::size_t>(i * k + p)]) *
            (bt ? b[static_cast<std::size_t>(j * k + p)] : b[static_cast<std::size_t>(p * n + j)]);
  return c;
}

std::vector<std::int32_t> randomInts(std::size_t n, std::uint64_t seed, int lo, int hi) {
  std::vector<std::int32_t> r;
  for (float f : pl::random_vector(n, seed, static_cast<float>(lo), static_cast<float>(hi)))
    r.push_back(static_cast<std::int32_t>(std::floor(f)));
  return r;
}

double rnd(pl::DType d, double v) { return pl::round_to(d, v); }

}  // namespace
