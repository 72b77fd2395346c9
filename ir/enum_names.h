// An enum's spellings as one table of names indexed by the enum: looked up both ways.
#pragma once

#include <cstddef>
#include <optional>
#include <string_view>

/// X-macro expanders: a list `PL_FOO(X)` of `X(Name)` entries gives the enum
/// `enum class Foo { PL_FOO(PL_ENUMERATOR) };` and its name table `{PL_FOO(PL_ENUM_NAME)}`.
#define PL_ENUMERATOR(n) n,
#define PL_ENUM_NAME(n) #n,

namespace pl::ir {

/// The name of `e` in `names`, a table indexed by the enum's value.
template <typename E, typename Names> std::string_view nameIn(const Names &names, E e) {
  return names[static_cast<size_t>(e)];
}

/// The enum value whose name in `names` is `s`, or nullopt.
template <typename E, typename Names>
std::optional<E> parseEnum(const Names &names, std::string_view s) {
  size_t i = 0;
  for (std::string_view n : names) {
    if (n == s)
      return static_cast<E>(i);
    ++i;
  }
  return std::nullopt;
}

} // namespace pl::ir
