// pl/control.hpp — loops, explicit SSA forms (init_values / yield_ / while_ / if_), pl::at, blocks.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include "pl/annotate.hpp"
#include "pl/types.hpp"

namespace pl {

/// The loop kinds of the seeds (IR ForKind). The eager reference runs every kind in order.
enum class ForKind : std::uint8_t { Sequential, Parallel, Unroll, Pipeline };

/// An integer range [start, stop) with a nonzero step (negative steps count down).
class Range {
 public:
  class Iterator {
   public:
    Iterator(Index v, Index step) : v_(v), step_(step) {}
    Index operator*() const { return v_; }
    Iterator& operator++() { v_ += step_; return *this; }
    bool operator!=(const Iterator& o) const { return v_ != o.v_; }
    bool operator==(const Iterator& o) const { return v_ == o.v_; }

   private:
    Index v_;
    Index step_;
  };

  Range(Index start, Index stop, Index step, ForKind kind) : start_(start), step_(step), kind_(kind) {
    if (step == 0) detail::fail(kindName(), "step must be nonzero");
    const Index span = step > 0 ? stop - start : start - stop;
    const Index s = step > 0 ? step : -step;
    trips_ = span <= 0 ? 0 : (span + s - 1) / s;
  }
  Iterator begin() const { return {start_, step_}; }
  Iterator end() const { return {start_ + trips_ * step_, step_}; }
  Index trip_count() const { return trips_; }
  ForKind kind() const { return kind_; }

 private:
  const char* kindName() const {
    switch (kind_) {
      case ForKind::Parallel: return "parallel";
      case ForKind::Unroll: return "unroll";
      case ForKind::Pipeline: return "pipeline";
      case ForKind::Sequential: break;
    }
    return "range";
  }
  Index start_;
  Index step_;
  Index trips_ = 0;
  ForKind kind_;
};

/// Loop-carried initial values of the explicit loop forms.
template <class... Ts>
struct InitValues {
  std::tuple<Ts...> values;
};
template <class... Ts>
InitValues<std::decay_t<Ts>...> init_values(Ts&&... v) {
  return {std::tuple<std::decay_t<Ts>...>(std::forward<Ts>(v)...)};
}

/// The values leaving a loop body or an if_ branch: `return pl::yield_(a, b);`.
template <class... Ts>
struct [[nodiscard]] Yield {
  std::tuple<Ts...> values;
};
template <class... Ts>
Yield<std::decay_t<Ts>...> yield_(Ts&&... v) {
  return {std::tuple<std::decay_t<Ts>...>(std::forward<Ts>(v)...)};
}

/// Options of `pl::pipeline`: `stage` (>= 1) copies of the body per step for ping-pong buffers.
struct PipelineOptions {
  std::int64_t stage = 0;
};

/// A loop bound that must be a compile-time constant (for `pl::unroll`). Passing a run-time value
/// fails to compile: "call to consteval function 'pl::LiteralBound::LiteralBound' is not a
/// constant expression" (under PL_TRANSLATING it compiles, and the translator reports F341 at the
/// bound).
#if defined(PL_TRANSLATING)
#define PL_DETAIL_LITERAL_BOUND constexpr
#else
#define PL_DETAIL_LITERAL_BOUND consteval
#endif
struct LiteralBound {
  PL_DETAIL_LITERAL_BOUND LiteralBound(Index v) : value(v) {} // NOLINT: implicit by design
  Index value;
};
#undef PL_DETAIL_LITERAL_BOUND

namespace detail {

template <class T> struct IsYieldT : std::false_type {};
template <class... Ts> struct IsYieldT<Yield<Ts...>> : std::true_type {};
template <class T> inline constexpr bool isYield = IsYieldT<std::remove_cvref_t<T>>::value;

template <class T> inline constexpr bool alwaysFalseCtl = false;

/// May a value of type Y flow into a carry (or phi) of type C? Same level (tensor / tile /
/// scalar) and compatible dtype; shapes are checked when converting.
template <class C, class Y>
constexpr bool carryCompatible() {
  if constexpr (TensorLike<C> || TensorLike<Y>) {
    if constexpr (TensorLike<C> && TensorLike<Y>)
      return dtypesCompatible(TensorBaseT<C>::static_dtype, TensorBaseT<Y>::static_dtype);
    else return false;
  } else if constexpr (TileLike<C> || TileLike<Y>) {
    if constexpr (TileLike<C> && TileLike<Y>)
      return dtypesCompatible(TileBaseT<C>::static_dtype, TileBaseT<Y>::static_dtype);
    else return false;
  } else {
    return std::is_convertible_v<Y, C>;
  }
}

template <class Tuple, class YTuple, std::size_t... I>
constexpr bool allCarryCompatible(std::index_sequence<I...>) {
  return (carryCompatible<std::tuple_element_t<I, Tuple>, std::tuple_element_t<I, YTuple>>() && ...);
}

template <class... Ts, class... Ys>
void assignCarries(std::tuple<Ts...>& cur, std::tuple<Ys...>&& y) {
  static_assert(PL_DSL_RULE(sizeof...(Ts) == sizeof...(Ys)),
                "pl: the loop body must yield exactly as many values as init_values [F350]");
  static_assert(PL_DSL_RULE(allCarryCompatible<std::tuple<Ts...>, std::tuple<Ys...>>(
                    std::index_sequence_for<Ts...>{})),
                "pl: a loop-carried value must keep its level (tensor / tile / scalar) and dtype "
                "across iterations [F110 / F113]");
  // Under PL_TRANSLATING the rules above are the translator's (F350, F110, F113); a body that
  // breaks them still compiles.
  if constexpr (sizeof...(Ts) == sizeof...(Ys)) {
    if constexpr (allCarryCompatible<std::tuple<Ts...>, std::tuple<Ys...>>(
                      std::index_sequence_for<Ts...>{})) {
      [&]<std::size_t... I>(std::index_sequence<I...>) {
        ((std::get<I>(cur) = std::move(std::get<I>(y))), ...);
      }(std::index_sequence_for<Ts...>{});
    }
  }
}

template <class... Ts, class F>
std::tuple<Ts...> runCarried(const Range& r, InitValues<Ts...> init, F&& f) {
  std::tuple<Ts...> cur = std::move(init.values);
  using Ret = std::invoke_result_t<F&, Index, Ts&...>;
  static_assert(
      PL_DSL_RULE(isYield<Ret>),
      "pl: a loop with init_values must end its body with 'return pl::yield_(...);' [F350]");
  if constexpr (isYield<Ret>) {
    for (Index i : r) {
      auto y = std::apply([&](auto &...c) { return f(i, c...); }, cur);
      assignCarries(cur, std::move(y.values));
    }
  }
  return cur;
}

struct WhileFrame {
  std::uint64_t opsAtEntry = 0;
  bool condSeen = false;
  std::uint64_t id = 0;
};
inline std::vector<WhileFrame*>& whileStack() {
  thread_local std::vector<WhileFrame*> stack;
  return stack;
}
inline std::uint64_t& whileIdCounter() {
  thread_local std::uint64_t next = 0;
  return next;
}
struct WhileExit {
  std::uint64_t id;
};

struct BlockContext {
  Index idx = 0;
  Index num = 1;
  Index subblock = 0;
};
inline BlockContext& blockContext() {
  thread_local BlockContext ctx;
  return ctx;
}
inline std::int64_t& taskCounter() {
  thread_local std::int64_t next = 0;
  return next;
}

}  // namespace detail

// ---- loops -------------------------------------------------------------------------------------

/// Sequential loop: `for (auto i : pl::range(n))`, `(start, stop)`, `(start, stop, step)`.
inline Range range(Index stop) { return {0, stop, 1, ForKind::Sequential}; }
inline Range range(Index start, Index stop, Index step = 1) { return {start, stop, step, ForKind::Sequential}; }
/// Explicit loop-carried form: the body gets (i, carries...) and returns `pl::yield_(...)`;
/// the call returns the final carries as a tuple (`auto [a, b] = pl::range(...)`).
template <class... Ts, class F>
std::tuple<Ts...> range(Index stop, InitValues<Ts...> init, F&& f) {
  return detail::runCarried(range(stop), std::move(init), f);
}
template <class... Ts, class F>
std::tuple<Ts...> range(Index start, Index stop, InitValues<Ts...> init, F&& f) {
  return detail::runCarried(range(start, stop), std::move(init), f);
}
template <class... Ts, class F>
std::tuple<Ts...> range(Index start, Index stop, Index step, InitValues<Ts...> init, F&& f) {
  return detail::runCarried(range(start, stop, step), std::move(init), f);
}

/// Parallel loop: asserts the iterations are independent (the eager run is sequential).
inline Range parallel(Index stop) { return {0, stop, 1, ForKind::Parallel}; }
inline Range parallel(Index start, Index stop, Index step = 1) { return {start, stop, step, ForKind::Parallel}; }
template <class... Ts, class F>
std::tuple<Ts...> parallel(Index stop, InitValues<Ts...> init, F&& f) {
  return detail::runCarried(parallel(stop), std::move(init), f);
}
template <class... Ts, class F>
std::tuple<Ts...> parallel(Index start, Index stop, InitValues<Ts...> init, F&& f) {
  return detail::runCarried(parallel(start, stop), std::move(init), f);
}
template <class... Ts, class F>
std::tuple<Ts...> parallel(Index start, Index stop, Index step, InitValues<Ts...> init, F&& f) {
  return detail::runCarried(parallel(start, stop, step), std::move(init), f);
}

/// Fully unrolled loop; the bounds must be compile-time constants.
inline Range unroll(LiteralBound stop) { return {0, stop.value, 1, ForKind::Unroll}; }
inline Range unroll(LiteralBound start, LiteralBound stop, LiteralBound step = 1) {
  return {start.value, stop.value, step.value, ForKind::Unroll};
}
template <class... Ts, class F>
std::tuple<Ts...> unroll(LiteralBound, InitValues<Ts...> init, F &&) {
  static_assert(PL_DSL_RULE(detail::alwaysFalseCtl<F>),
                "pl::unroll: init_values are not allowed on an unrolled loop (it carries no "
                "state); use pl::range [F342]");
  return std::move(init.values);
}
template <class... Ts, class F>
std::tuple<Ts...> unroll(LiteralBound, LiteralBound, InitValues<Ts...> init, F &&) {
  static_assert(PL_DSL_RULE(detail::alwaysFalseCtl<F>),
                "pl::unroll: init_values are not allowed on an unrolled loop (it carries no "
                "state); use pl::range [F342]");
  return std::move(init.values);
}

/// Software-pipelined loop: `for (auto i : pl::pipeline(64, {.stage = 4}))`; stage >= 1.
inline Range pipeline(Index start, Index stop, Index step, PipelineOptions o) {
  if (o.stage < 1)
    detail::fail("pipeline", "stage must be a positive integer (pass {.stage = N}, N >= 1), got " + std::to_string(o.stage));
  return {start, stop, step, ForKind::Pipeline};
}
inline Range pipeline(Index stop, PipelineOptions o) { return pipeline(0, stop, 1, o); }
inline Range pipeline(Index start, Index stop, PipelineOptions o) { return pipeline(start, stop, 1, o); }
template <class... Ts, class F>
std::tuple<Ts...> pipeline(Index stop, PipelineOptions o, InitValues<Ts...> init, F&& f) {
  return detail::runCarried(pipeline(stop, o), std::move(init), f);
}
template <class... Ts, class F>
std::tuple<Ts...> pipeline(Index start, Index stop, Index step, PipelineOptions o, InitValues<Ts...> init, F&& f) {
  return detail::runCarried(pipeline(start, stop, step, o), std::move(init), f);
}

// ---- while -------------------------------------------------------------------------------------

/// The loop condition of `pl::while_`; it must be the first statement of the body.
inline void cond(bool c) {
  auto& st = detail::whileStack();
  if (st.empty()) detail::fail("cond", "used outside a pl::while_ body");
  detail::WhileFrame& f = *st.back();
  if (f.condSeen) detail::fail("cond", "appears twice in one pl::while_ body");
  if (detail::opCounter() != f.opsAtEntry)
    detail::fail("cond", "must be the first statement of the pl::while_ body (move it to the first line)");
  f.condSeen = true;
  if (!c) throw detail::WhileExit{f.id};
}

/// `auto [x] = pl::while_(pl::init_values(x0), [&](auto x) { pl::cond(x < 10); return pl::yield_(x + 1); });`
template <class... Ts, class F>
std::tuple<Ts...> while_(InitValues<Ts...> init, F&& f) {
  static_assert(PL_DSL_RULE(sizeof...(Ts) > 0),
                "pl::while_() requires init_values to be specified (even just a counter) [F355]");
  using Ret = std::invoke_result_t<F&, Ts&...>;
  static_assert(PL_DSL_RULE(detail::isYield<Ret>),
                "pl::while_: the body must end with 'return pl::yield_(...);' [F350]");
  std::tuple<Ts...> cur = std::move(init.values);
  if constexpr (!detail::isYield<Ret>) {
    return cur; // the translator's F350 (an eager build stops at the static_assert)
  } else {
    for (;;) {
      detail::WhileFrame frame{detail::opCounter(), false, ++detail::whileIdCounter()};
      detail::whileStack().push_back(&frame);
      try {
        auto y = std::apply([&](auto &...c) { return f(c...); }, cur);
        detail::whileStack().pop_back();
        if (!frame.condSeen)
          detail::fail("while_", "the body must start with pl::cond(...)");
        detail::assignCarries(cur, std::move(y.values));
      } catch (const detail::WhileExit &e) {
        detail::whileStack().pop_back();
        if (e.id != frame.id)
          throw;
        break;
      } catch (...) {
        if (!detail::whileStack().empty() && detail::whileStack().back() == &frame)
          detail::whileStack().pop_back();
        throw;
      }
    }
    return cur;
  }
}
template <class F>
void while_(F&&) {
  static_assert(PL_DSL_RULE(detail::alwaysFalseCtl<F>),
                "pl::while_() requires init_values to be specified (even just a counter) [F355]");
}

// ---- if ----------------------------------------------------------------------------------------

/// Explicit branch: `auto [r] = pl::if_(c, [&] { return pl::yield_(a); }, [&] { return pl::yield_(b); });`
/// Both branches yield the same number and types of values, or neither yields.
template <class Cond, class Then, class Else>
auto if_(const Cond& c, Then&& thenFn, Else&& elseFn) {
  using RT = std::invoke_result_t<Then&>;
  using RE = std::invoke_result_t<Else&>;
  if constexpr (std::is_void_v<RT> && std::is_void_v<RE>) {
    if (static_cast<bool>(c)) thenFn();
    else elseFn();
  } else if constexpr (!(detail::isYield<RT> && detail::isYield<RE>)) {
    static_assert(
        PL_DSL_RULE(detail::isYield<RT> && detail::isYield<RE>),
        "pl::if_: if one branch yields, the other must yield too (or neither may) [F353]");
    // Under PL_TRANSLATING: the branch that yields gives the type; the translator reports F353.
    if constexpr (detail::isYield<RT>)
      return decltype(std::declval<RT>().values)(thenFn().values);
    else
      return decltype(std::declval<RE>().values)(elseFn().values);
  } else {
    using TT = decltype(std::declval<RT>().values);
    using TE = decltype(std::declval<RE>().values);
    static_assert(PL_DSL_RULE(std::tuple_size_v<TT> == std::tuple_size_v<TE>),
                  "pl::if_: both branches must yield the same number of values [F353]");
    if constexpr (std::tuple_size_v<TT> != std::tuple_size_v<TE>) {
      return TT(thenFn().values); // the translator's F353 (an eager build stops above)
    } else {
      static_assert(PL_DSL_RULE(detail::allCarryCompatible<TT, TE>(
                        std::make_index_sequence<std::tuple_size_v<TT>>{})),
                    "pl::if_: both branches must yield values of the same level (tensor / tile / "
                    "scalar) and dtype [F354]");
      if constexpr (!detail::allCarryCompatible<TT, TE>(
                        std::make_index_sequence<std::tuple_size_v<TT>>{})) {
        return TT(thenFn().values); // the translator's F354 (an eager build stops above)
      } else {
        if (static_cast<bool>(c))
          return TT(thenFn().values);
        return TT(elseFn().values);
      }
    }
  }
}
template <class Cond, class Then>
void if_(const Cond& c, Then&& thenFn) {
  static_assert(
      PL_DSL_RULE(std::is_void_v<std::invoke_result_t<Then &>>),
      "pl::if_: a branch that yields needs an else branch yielding the same values [F357]");
  if (static_cast<bool>(c)) thenFn();
}

// ---- scopes and tasks --------------------------------------------------------------------------

/// A task id returned by `pl::at` / `pl::spmd` (PyPTO's `as tid`); pass it in `.deps` of later
/// scopes. A default-constructed one is "no task": a dependency on it is none (a loop's first
/// iteration).
struct TaskId {
  std::int64_t id = -1;
  bool valid() const { return id >= 0; }
  friend bool operator==(const TaskId&, const TaskId&) = default;
};

/// `pl::array<pl::TaskId, N> ids{};` (PyPTO's `pl.array.create(N, pl.TASK_ID)`): N task ids of
/// an orchestration, each "no task" until assigned (`ids[k] = pl::submit(...)`); `.deps = ids`
/// depends on all of them. A value like a task id (a copy is a new array); an index outside
/// 0 .. N - 1 is an error.
template <class T, std::size_t N> class array {
  static_assert(PL_DSL_RULE(std::is_same_v<T, TaskId>),
                "pl::array holds task ids: pl::array<pl::TaskId, N> [F105]");
  static_assert(PL_DSL_RULE(N >= 1), "pl::array needs at least one element [T106]");

public:
  T &operator[](std::int64_t i) { return v_[checked(i)]; }
  const T &operator[](std::int64_t i) const { return v_[checked(i)]; }
  static constexpr std::size_t size() { return N; }
  /// All N task ids (what `.deps = ids` depends on).
  operator std::vector<T>() const { return std::vector<T>(v_, v_ + N); } // NOLINT: implicit

private:
  static std::size_t checked(std::int64_t i) {
    if (i < 0 || i >= static_cast<std::int64_t>(N))
      detail::fail("array", "index " + std::to_string(i) + " is outside the array of " +
                                std::to_string(N) + " task ids");
    return static_cast<std::size_t>(i);
  }
  T v_[N] = {};
};

/// How the two vector cores of a cluster share a mixed scope's vector work: not at all, by rows,
/// by columns, or as the compiler finds possible (LowerAutoVectorSplit: rows, else columns, else
/// none).
enum class SplitMode : std::uint8_t { None, UpDown, LeftRight, Auto };
/// Scope optimizations (`pl.split(mode)`, `pl.cross_core_slot(n)`); no-ops in the eager run.
struct Optimization {
  enum class Kind : std::uint8_t { Split, CrossCoreSlot } kind = Kind::Split;
  std::int64_t value = 0;
};
inline Optimization split(SplitMode m) { return {Optimization::Kind::Split, static_cast<std::int64_t>(m)}; }
inline Optimization cross_core_slot(std::int64_t n) { return {Optimization::Kind::CrossCoreSlot, n}; }

/// Options of `pl::at`.
struct AtOptions {
  Level level = Level::CORE_GROUP;
  std::string_view name_hint = {};
  std::vector<TaskId> deps = {};
  std::vector<Optimization> optimizations = {};
};

/// `pl::scope([&] { ... })` (PyPTO's `with pl.scope():`): a runtime scope of an orchestration;
/// the intermediate tensors its tasks create live until its end. `pl::manual_scope(...)`
/// (`with pl.manual_scope():`): the runtime orders the tasks inside only by the dependencies
/// the program names (`.deps`), inferring none from the tensors they share. Eagerly both run
/// the body.
template <class F> void scope(F &&body) {
  static_assert(PL_DSL_RULE(std::is_void_v<std::invoke_result_t<F &>>),
                "pl::scope: the body returns nothing [F209]");
  body();
}
template <class F> void manual_scope(F &&body) {
  static_assert(PL_DSL_RULE(std::is_void_v<std::invoke_result_t<F &>>),
                "pl::manual_scope: the body returns nothing [F209]");
  body();
}

/// `pl::cluster([&] { ... })` (PyPTO's `with pl.cluster():`): the kernels the body calls run as
/// one task on one cluster (a cube core and its vector cores, which exchange tiles through the
/// cross-core pipes, pl/ops_crosscore.hpp); the body becomes a Group function. Eagerly it runs
/// the body, so its kernels run one after another in call order.
template <class F> void cluster(F &&body) {
  static_assert(PL_DSL_RULE(std::is_void_v<std::invoke_result_t<F &>>),
                "pl::cluster: the body returns nothing [F209]");
  body();
}

/// `k(pl::no_dep(x), ...)`: the runtime tracks no dependency through this tensor argument of the
/// kernel task (PyPTO's `pl.no_dep`): the task neither waits for earlier writers of `x` nor
/// orders later tasks on `x` after it; the program orders them itself (`.deps`) or they are
/// independent. Only as an argument of a kernel call in an orchestration. Eagerly `x` itself.
template <TensorLike T> const T &no_dep(const T &x) { return x; }

/// Options of `pl::spmd`.
struct SpmdOptions {
  std::vector<TaskId> deps = {};
};

namespace detail {
/// A default `pl::TaskId{}` is "no task" (no dependency, as the runtime skips invalid ids); any
/// other id must have been returned earlier: an unsatisfiable one is an error, never dropped.
inline void checkDeps(const char *op, std::string_view what, const std::vector<TaskId> &deps) {
  for (const TaskId &d : deps)
    if (d.valid() && d.id >= taskCounter())
      fail(op, std::string(what) + " depends on task id " + std::to_string(d.id) +
                   ", which no earlier task launch returned (unsatisfiable dependency)");
}
} // namespace detail

/// Runs `body` as one task at `level` (CORE_GROUP: an InCore kernel) after the tasks in `deps`.
template <class F>
TaskId at(const AtOptions& o, F&& body) {
  static_assert(PL_DSL_RULE(std::is_void_v<std::invoke_result_t<F &>>),
                "pl::at: the scope body returns nothing; write results to tensors [F209]");
  detail::checkDeps("at", "scope '" + std::string(o.name_hint) + "'", o.deps);
  const TaskId tid{detail::taskCounter()++};
  body();
  return tid;
}
template <class F>
TaskId at(Level level, F&& body) {
  return at(AtOptions{.level = level}, std::forward<F>(body));
}

/// SPMD launch: runs `body` once per block with `pl::get_block_idx()` = 0 .. core_num - 1, after
/// the tasks in `o.deps`.
template <class F> TaskId spmd(std::int64_t core_num, const SpmdOptions &o, F &&body) {
  if (core_num < 1) detail::fail("spmd", "core_num must be >= 1, got " + std::to_string(core_num));
  detail::checkDeps("spmd", "the launch", o.deps);
  const detail::BlockContext saved = detail::blockContext();
  const TaskId tid{detail::taskCounter()++};
  for (std::int64_t b = 0; b < core_num; ++b) {
    detail::blockContext() = detail::BlockContext{b, core_num, 0};
    body();
  }
  detail::blockContext() = saved;
  return tid;
}
template <class F> TaskId spmd(std::int64_t core_num, F &&body) {
  return spmd(core_num, SpmdOptions{}, std::forward<F>(body));
}

/// Options of `pl::submit`.
struct SubmitOptions {
  std::vector<TaskId> deps = {};
};

/// `pl::submit(k, args...)` / `pl::submit({.deps = {t}}, k, args...)` (PyPTO's
/// `pl.submit(kernel, *args, deps=[...])`): launches the marked kernel `k` as one task after the
/// tasks in `deps` and returns its task id. The kernel writes its results through `pl::Out` /
/// `pl::InOut` parameters. Eagerly it calls `k(args...)`.
template <class K, class... A> TaskId submit(const SubmitOptions &o, K &&kernel, A &&...args) {
  static_assert(PL_DSL_RULE(std::is_void_v<std::invoke_result_t<K &, A &&...>>),
                "pl::submit: the kernel returns nothing; it writes its results through pl::Out / "
                "pl::InOut parameters [F365]");
  detail::checkDeps("submit", "the kernel task", o.deps);
  const TaskId tid{detail::taskCounter()++};
  std::invoke(kernel, std::forward<A>(args)...);
  return tid;
}
template <class K, class... A>
  requires(!std::is_same_v<std::remove_cvref_t<K>, SubmitOptions>)
TaskId submit(K &&kernel, A &&...args) {
  return submit(SubmitOptions{}, std::forward<K>(kernel), std::forward<A>(args)...);
}

/// Options of `pl::task_dummy`.
struct DummyOptions {
  std::vector<TaskId> deps = {};
};

/// `pl::task_dummy({.deps = {a, b}})` (PyPTO's `pl.system.task_dummy`): a task without a kernel
/// that runs after the tasks it names; later tasks depend on its id to wait for all of them (a
/// join point). Eagerly a new task id (the named tasks have already run).
PL_DSL_OP("system.task_dummy") inline TaskId task_dummy(const DummyOptions &o) {
  detail::checkDeps("task_dummy", "the dummy task", o.deps);
  return TaskId{detail::taskCounter()++};
}

/// Block identity inside a kernel (0 / 1 / 0 outside pl::spmd).
PL_DSL_OP("tile.get_block_idx") inline Index get_block_idx() { return detail::blockContext().idx; }
PL_DSL_OP("tile.get_block_num") inline Index get_block_num() { return detail::blockContext().num; }
PL_DSL_OP("tile.get_subblock_idx") inline Index get_subblock_idx() { return detail::blockContext().subblock; }

}  // namespace pl
