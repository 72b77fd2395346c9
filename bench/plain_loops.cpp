// The plain-loop versions of the samples for bench_kernels (see plain_loops.h). Each mirrors the
// sample's own reference loop in main (in float rather than double), timed over the same calls
// as the sample's bench/kernels/<sample>.inc entry.
#include "bench/plain_loops.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <random>
#include <vector>

namespace pl::bench {
namespace {

using Vec = std::vector<float>;

Vec rnd(size_t n, unsigned seed, float lo = -1, float hi = 1) {
  std::mt19937 g(seed);
  std::uniform_real_distribution<float> d(lo, hi);
  Vec v(n);
  for (float &x : v)
    x = d(g);
  return v;
}

/// Runs `f` once per iteration; `out` are the results the optimizer must keep.
template <typename F, typename... Out> void loop(benchmark::State &state, F f, Out &...out) {
  for (auto _ : state) {
    f();
    (benchmark::DoNotOptimize(out.data()), ...);
    benchmark::ClobberMemory();
  }
}

/// c[m x n] = a[m x k] · b[k x n] (row-major, contiguous), optionally += instead of =.
void mm(const float *a, const float *b, float *c, int m, int k, int n, bool acc = false) {
  if (!acc)
    std::fill(c, c + m * n, 0.0f);
  for (int i = 0; i < m; ++i)
    for (int p = 0; p < k; ++p)
      for (int j = 0; j < n; ++j)
        c[i * n + j] += a[i * k + p] * b[p * n + j];
}

float sig(float x) { return 1.0f / (1.0f + std::exp(-x)); }

/// Softmax of each row of x[rows x cols], in place.
void softmaxRows(float *x, int rows, int cols) {
  for (int r = 0; r < rows; ++r) {
    float *row = x + r * cols, mx = *std::max_element(row, row + cols), s = 0;
    for (int c = 0; c < cols; ++c)
      s += (row[c] = std::exp(row[c] - mx));
    for (int c = 0; c < cols; ++c)
      row[c] /= s;
  }
}

/// y = x / sqrt(mean(x^2) + eps) * gamma, row by row (cols wide).
void rmsNorm(const float *x, const float *g, float *y, int rows, int cols, float eps) {
  for (int r = 0; r < rows; ++r) {
    float ss = 0;
    for (int c = 0; c < cols; ++c)
      ss += x[r * cols + c] * x[r * cols + c];
    const float inv = 1.0f / std::sqrt(ss / cols + eps);
    for (int c = 0; c < cols; ++c)
      y[r * cols + c] = x[r * cols + c] * inv * g[c];
  }
}

void add(benchmark::State &state, int n) {
  auto a = rnd(n * n, 1), b = rnd(n * n, 2);
  Vec c(n * n);
  loop(
      state,
      [&] {
        for (int i = 0; i < n * n; ++i)
          c[i] = a[i] + b[i];
      },
      c);
}

void helloWorld(benchmark::State &state) { add(state, 128); }
void elementwise(benchmark::State &state) { add(state, 128); }

void scalarOps(benchmark::State &state) {
  auto a = rnd(64 * 128, 11), b = rnd(64 * 128, 12);
  Vec c(a.size()), d(a.size());
  loop(
      state,
      [&] {
        for (size_t i = 0; i < a.size(); ++i)
          c[i] = (a[i] + b[i]) * 2.0f;
        for (size_t i = 0; i < a.size(); ++i)
          d[i] = 1.0f - (a[i] * 0.5f + 3.0f) / 4.0f;
      },
      c, d);
}

void activation(benchmark::State &state) {
  auto a = rnd(128 * 128, 21), b = rnd(128 * 128, 22);
  auto x = rnd(32 * 128, 23, -4, 4), u = rnd(32 * 128, 24, -2, 2);
  Vec c(a.size()), y(x.size());
  loop(
      state,
      [&] {
        for (size_t i = 0; i < a.size(); ++i)
          c[i] = std::max(0.0f, a[i] + b[i]);
        for (size_t i = 0; i < x.size(); ++i) // silu
          y[i] = x[i] * sig(x[i]);
        for (size_t i = 0; i < x.size(); ++i) // gelu
          y[i] = x[i] * sig(1.702f * x[i]);
        for (size_t i = 0; i < x.size(); ++i) // swiglu
          y[i] = x[i] * sig(x[i]) * u[i];
        for (size_t i = 0; i < x.size(); ++i) // geglu
          y[i] = x[i] * sig(1.702f * x[i]) * u[i];
      },
      c, y);
}

/// matmul and matmul_acc (whose two K chunks accumulate to the same product): one 64 x 64 x 64
/// matmul of inputs drawn from the sample's seeds.
template <unsigned SeedA, unsigned SeedB> void matmul64(benchmark::State &state) {
  auto a = rnd(64 * 64, SeedA), b = rnd(64 * 64, SeedB);
  Vec c(64 * 64);
  loop(
      state, [&] { mm(a.data(), b.data(), c.data(), 64, 64, 64); }, c);
}

void concat(benchmark::State &state) {
  auto a = rnd(32 * 16, 41), b = rnd(32 * 16, 42);
  Vec c(32 * 32);
  loop(
      state,
      [&] {
        for (int r = 0; r < 32; ++r)
          for (int j = 0; j < 32; ++j)
            c[r * 32 + j] = j < 16 ? a[r * 16 + j] : b[r * 16 + j - 16];
      },
      c);
}

void fusedLinear(benchmark::State &state) {
  auto x = rnd(64 * 64, 51), w = rnd(64 * 64, 52), bias = rnd(64, 53);
  Vec lin(64 * 64), act(64 * 64);
  loop(
      state,
      [&] {
        for (int i = 0; i < 64; ++i)
          std::copy(bias.begin(), bias.end(), lin.begin() + i * 64);
        mm(x.data(), w.data(), lin.data(), 64, 64, 64, /*acc=*/true);
        for (size_t i = 0; i < lin.size(); ++i)
          act[i] = std::max(0.0f, lin[i]);
      },
      lin, act);
}

void softmax(benchmark::State &state) {
  auto x = rnd(64 * 64, 61, -5, 5);
  Vec y(x.size());
  loop(
      state,
      [&] {
        for (int r = 0; r < 64; ++r) {
          const float *row = &x[r * 64];
          float mx = *std::max_element(row, row + 64), s = 0;
          for (int c = 0; c < 64; ++c)
            s += (y[r * 64 + c] = std::exp(row[c] - mx));
          for (int c = 0; c < 64; ++c)
            y[r * 64 + c] /= s;
        }
      },
      y);
}

void normalization(benchmark::State &state) {
  auto x = rnd(32 * 64, 71, -3, 3), g = rnd(64, 72, 0.5f, 1.5f), b = rnd(64, 73);
  Vec y1(x.size()), y2(x.size());
  const float eps = 1e-5f;
  loop(
      state,
      [&] {
        rmsNorm(x.data(), g.data(), y1.data(), 32, 64, eps);
        for (int r = 0; r < 32; ++r) { // layer norm
          const float *row = &x[r * 64];
          float mean = 0, var = 0;
          for (int c = 0; c < 64; ++c)
            mean += row[c];
          mean /= 64;
          for (int c = 0; c < 64; ++c)
            var += (row[c] - mean) * (row[c] - mean);
          const float sd = std::sqrt(var / 64 + eps);
          for (int c = 0; c < 64; ++c)
            y2[r * 64 + c] = (row[c] - mean) / sd * g[c] + b[c];
        }
      },
      y1, y2);
}

void flashAttention(benchmark::State &state) {
  const int sq = 64, skv = 128, d = 32;
  auto q = rnd(sq * d, 141), k = rnd(skv * d, 142), v = rnd(skv * d, 143);
  Vec s(sq * skv), out(sq * d);
  const float scale = 1.0f / std::sqrt(float(d));
  loop(
      state,
      [&] { // softmax(Q K^T / sqrt(D)) V, fp32 (the sample's cube inputs are fp16)
        for (int i = 0; i < sq; ++i)
          for (int j = 0; j < skv; ++j) {
            float dot = 0;
            for (int c = 0; c < d; ++c)
              dot += q[i * d + c] * k[j * d + c];
            s[i * skv + j] = dot * scale;
          }
        softmaxRows(s.data(), sq, skv);
        mm(s.data(), v.data(), out.data(), sq, skv, d);
      },
      out);
}

void assemble(benchmark::State &state) {
  auto x = rnd(32 * 32, 91), a = rnd(256, 92), b = rnd(256, 93), c = rnd(256, 94);
  Vec y1(32 * 32), y2(32 * 32), p0(256), p1(256), y3(16 * 32);
  loop(
      state,
      [&] {
        for (int r = 0; r < 32; ++r)
          for (int col = 0; col < 32; ++col) {
            y1[r * 32 + col] = x[(31 - r) * 32 + col];
            y2[r * 32 + col] = x[(r % 16) * 32 + (col % 16)];
          }
        mm(a.data(), b.data(), p0.data(), 16, 16, 16);
        mm(a.data(), c.data(), p1.data(), 16, 16, 16);
        for (int i = 0; i < 16; ++i) {
          std::copy_n(&p0[i * 16], 16, &y3[i * 32]);
          std::copy_n(&p1[i * 16], 16, &y3[i * 32 + 16]);
        }
      },
      y1, y2, y3);
}

void ffn(benchmark::State &state) {
  auto x = rnd(128 * 64, 121), w1 = rnd(64 * 64, 122, -0.2f, 0.2f),
       w2 = rnd(64 * 64, 123, -0.2f, 0.2f), w3 = rnd(64 * 64, 124, -0.2f, 0.2f);
  Vec h(x.size()), g(x.size()), u(x.size()), y1(x.size()), y2(x.size()), y3(x.size());
  loop(
      state,
      [&] {
        mm(x.data(), w1.data(), h.data(), 128, 64, 64); // gelu: (x w1 → gelu) w2
        for (size_t i = 0; i < h.size(); ++i)
          g[i] = h[i] * sig(1.702f * h[i]);
        mm(g.data(), w2.data(), y1.data(), 128, 64, 64);
        mm(x.data(), w1.data(), h.data(), 128, 64, 64); // relu: (x w1 → relu) w2
        for (size_t i = 0; i < h.size(); ++i)
          g[i] = std::max(0.0f, h[i]);
        mm(g.data(), w2.data(), y2.data(), 128, 64, 64);
        mm(x.data(), w1.data(), h.data(), 128, 64, 64); // swiglu: gate x w1, up x w2, down w3
        mm(x.data(), w2.data(), u.data(), 128, 64, 64);
        for (size_t i = 0; i < h.size(); ++i)
          g[i] = h[i] * sig(h[i]) * u[i];
        mm(g.data(), w3.data(), y3.data(), 128, 64, 64);
      },
      y1, y2, y3);
}

void dynValidShape(benchmark::State &state) {
  auto x = rnd(64 * 64, 101, -10, 10);
  const int n = 45;
  auto y = rnd(8 * n, 102, -10, -1);
  Vec o1(64), o2(64), o3(64), o4(8);
  auto rowMax = [&](Vec &o, int vlen, float scale) {
    for (int i = 0; i < 64; ++i)
      o[i] = *std::max_element(&x[i * 64], &x[i * 64] + vlen) * scale;
  };
  loop(
      state,
      [&] {
        rowMax(o1, 37, 0.5f);
        rowMax(o2, 5, 1.0f);  // cfg on: vlen = cfg[1]
        rowMax(o3, 64, 1.0f); // cfg off: all columns
        for (int i = 0; i < 8; ++i)
          o4[i] = *std::max_element(&y[i * n], &y[i * n] + n);
      },
      o1, o2, o3, o4);
}

void llamaMini(benchmark::State &state) {
  const int S = 16, D = 64, V = 64, H = D / 2;
  auto x = rnd(S * D, 151), g1 = rnd(D, 152, 0.5f, 1.5f), g2 = rnd(D, 153, 0.5f, 1.5f),
       g3 = rnd(D, 154, 0.5f, 1.5f);
  std::vector<Vec> w; // wq wk wv wo wg wu wd
  for (unsigned i = 0; i < 7; ++i)
    w.push_back(rnd(D * D, 155 + i, -0.15f, 0.15f));
  auto wlm = rnd(D * V, 162, -0.15f, 0.15f);
  Vec cs(S * H), sn(S * H), mask(S * S);
  for (int i = 0; i < S; ++i) {
    for (int c = 0; c < H; ++c) {
      const double ang = i * std::pow(10000.0, -2.0 * c / D);
      cs[i * H + c] = float(std::cos(ang));
      sn[i * H + c] = float(std::sin(ang));
    }
    for (int j = 0; j < S; ++j)
      mask[i * S + j] = j <= i ? 0.0f : -1e9f;
  }
  Vec n(S * D), q(S * D), k(S * D), v(S * D), t(S * D), a(S * D), h(S * D), up(S * D), s(S * S),
      logits(S * V);
  auto rope = [&](Vec &y) { // in place: [x1 cos - x2 sin, x2 cos + x1 sin]
    for (int i = 0; i < S; ++i)
      for (int c = 0; c < H; ++c) {
        const float x1 = y[i * D + c], x2 = y[i * D + H + c], co = cs[i * H + c],
                    si = sn[i * H + c];
        y[i * D + c] = x1 * co - x2 * si;
        y[i * D + H + c] = x2 * co + x1 * si;
      }
  };
  loop(
      state,
      [&] {
        rmsNorm(x.data(), g1.data(), n.data(), S, D, 1e-6f);
        mm(n.data(), w[0].data(), q.data(), S, D, D);
        mm(n.data(), w[1].data(), k.data(), S, D, D);
        mm(n.data(), w[2].data(), v.data(), S, D, D);
        rope(q);
        rope(k);
        for (int i = 0; i < S; ++i) // s = q k^T / sqrt(D) + mask
          for (int j = 0; j < S; ++j) {
            float dot = 0;
            for (int c = 0; c < D; ++c)
              dot += q[i * D + c] * k[j * D + c];
            s[i * S + j] = dot / std::sqrt(float(D)) + mask[i * S + j];
          }
        softmaxRows(s.data(), S, S);
        mm(s.data(), v.data(), t.data(), S, S, D);
        mm(t.data(), w[3].data(), a.data(), S, D, D);
        for (int i = 0; i < S * D; ++i) // h = x + attention
          h[i] = x[i] + a[i];
        rmsNorm(h.data(), g2.data(), n.data(), S, D, 1e-6f);
        mm(n.data(), w[4].data(), t.data(), S, D, D); // gate
        mm(n.data(), w[5].data(), up.data(), S, D, D);
        for (int i = 0; i < S * D; ++i)
          t[i] = t[i] * sig(t[i]) * up[i];
        mm(t.data(), w[6].data(), a.data(), S, D, D);
        for (int i = 0; i < S * D; ++i) // h2 = h + ffn
          h[i] += a[i];
        rmsNorm(h.data(), g3.data(), n.data(), S, D, 1e-6f);
        mm(n.data(), wlm.data(), logits.data(), S, D, V);
      },
      logits);
}

void taskGraph(benchmark::State &state) {
  auto x = rnd(64 * 64, 111), y = rnd(64 * 64, 112);
  Vec scratch(x.size()), o1(x.size()), o2(x.size());
  loop(
      state,
      [&] {
        for (Vec *o : {&o1, &o2}) { // inferred, explicit_deps: the same two stages
          for (size_t i = 0; i < x.size(); ++i)
            scratch[i] = x[i] + x[i];
          for (size_t i = 0; i < x.size(); ++i)
            (*o)[i] = scratch[i] * y[i];
        }
      },
      o1, o2);
}

void vectorDag(benchmark::State &state) {
  auto a = rnd(256 * 64, 131), b = rnd(256 * 64, 132);
  Vec out(a.size());
  loop(
      state,
      [&] {
        for (size_t i = 0; i < a.size(); ++i) {
          const float s = a[i] + b[i], e = std::exp(-s);
          out[i] = (s * 2.0f - e) / (e + 1.0f);
        }
      },
      out);
}

} // namespace

PlainLoop plainLoop(const std::string &sample) {
  static const std::map<std::string, PlainLoop> loops = {{"hello_world", helloWorld},
                                                         {"elementwise", elementwise},
                                                         {"scalar_ops", scalarOps},
                                                         {"activation", activation},
                                                         {"matmul", matmul64<31, 32>},
                                                         {"concat", concat},
                                                         {"fused_linear", fusedLinear},
                                                         {"softmax", softmax},
                                                         {"normalization", normalization},
                                                         {"matmul_acc", matmul64<81, 82>},
                                                         {"flash_attention", flashAttention},
                                                         {"assemble", assemble},
                                                         {"ffn", ffn},
                                                         {"dyn_valid_shape", dynValidShape},
                                                         {"llama_mini", llamaMini},
                                                         {"task_graph", taskGraph},
                                                         {"vector_dag", vectorDag}};
  auto it = loops.find(sample);
  return it == loops.end() ? nullptr : it->second;
}

} // namespace pl::bench
