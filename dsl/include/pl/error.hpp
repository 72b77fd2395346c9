// pl/error.hpp — pl::Error and the helpers that format shapes and operands into its messages.
#pragma once

#include <cstdint>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

/// A DSL rule that C++'s types can check, as the condition of a `static_assert` whose message ends
/// in the rule's pl diagnostic code: `static_assert(PL_DSL_RULE(cond), "... [F110]")`. Eager
/// builds, clangd and clang-tidy check it here; pl-translate defines PL_TRANSLATING and leaves the
/// rule to the translator, which reports the same code at the user's line (docs/dsl.md §5).
#if defined(PL_TRANSLATING)
#define PL_DSL_RULE(...) true
#else
#define PL_DSL_RULE(...) (__VA_ARGS__)
#endif

namespace pl {

/// Thrown by the eager reference for every dynamic misuse (shape or dtype mismatch found at run
/// time, out-of-bounds window, misuse of the explicit control-flow forms). The message names the
/// op, the operands and their shapes.
class Error : public std::runtime_error {
 public:
  explicit Error(const std::string& what) : std::runtime_error(what) {}
};

/// A shape, an offset list or a valid shape: `{64, 128}`.
using Shape = std::vector<std::int64_t>;

/// Marks a dimension known only at run time: `pl::Tensor<pl::fp32, pl::dyn, 128>`.
inline constexpr std::int64_t dyn = -1;

namespace detail {

inline std::string shapeStr(const Shape& s) {
  std::ostringstream os;
  os << '[';
  for (std::size_t i = 0; i < s.size(); ++i) os << (i ? ", " : "") << s[i];
  os << ']';
  return os.str();
}

[[noreturn]] inline void fail(const std::string& op, const std::string& msg) {
  throw Error("'pl::" + op + "': " + msg);
}

}  // namespace detail
}  // namespace pl
