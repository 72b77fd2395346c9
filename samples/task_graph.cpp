// samples/task_graph.cpp — two pl::at(name_hint = ...) stages with tensor-level ops
// (scratch = x + x; out = scratch * y). The RAW edge is left to the compiler in one version and
// declared with the first stage's task id in `.deps` in the other.
#include <pl/dsl.hpp>

#include <cstdio>
#include <vector>

using T = pl::Tensor<pl::fp32, 64, 64>;

PL_JIT void inferred(T x, T y, pl::Out<T> out) {
  T scratch = pl::create_tensor({64, 64}, pl::fp32);
  pl::at({.level = pl::Level::CORE_GROUP, .name_hint = "double"}, [&] { scratch = pl::add(x, x); });
  pl::at({.level = pl::Level::CORE_GROUP, .name_hint = "scale"}, [&] { out = pl::mul(scratch, y); });
}

PL_JIT void explicit_deps(T x, T y, pl::Out<T> out) {
  T scratch = pl::create_tensor({64, 64}, pl::fp32);
  pl::TaskId first = pl::at({.level = pl::Level::CORE_GROUP, .name_hint = "double"}, [&] { scratch = x + x; });
  pl::at({.level = pl::Level::CORE_GROUP, .name_hint = "scale", .deps = {first}}, [&] { out = scratch * y; });
}

int main() {
  const auto xs = pl::random_vector(64 * 64, 111), ys = pl::random_vector(64 * 64, 112);
  T x(xs), y(ys), o1, o2;
  inferred(x, y, o1);
  explicit_deps(x, y, o2);
  std::vector<float> ref(xs.size());
  for (std::size_t i = 0; i < ref.size(); ++i) ref[i] = (xs[i] + xs[i]) * ys[i];
  bool bad_dep_rejected = false;
  try {
    pl::at({.name_hint = "bad", .deps = {pl::TaskId{1 << 30}}}, [] {});
  } catch (const pl::Error&) {
    bad_dep_rejected = true;  // an unsatisfiable dependency is an error, never dropped
  }
  const bool a1 = pl::allclose(o1, ref), a2 = pl::allclose(o2, ref);
  std::printf("task_graph/inferred: %s\ntask_graph/explicit_deps: %s\ntask_graph/bad_dep: %s\n", a1 ? "PASS" : "FAIL",
              a2 ? "PASS" : "FAIL", bad_dep_rejected ? "PASS" : "FAIL");
  return a1 && a2 && bad_dep_rejected ? 0 : 1;
}
