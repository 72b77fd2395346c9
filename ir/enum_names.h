// An enum's spellings as one table of names indexed by the enum: looked up both ways.
#pragma once

#include <cstddef>
#include <optional>
#include <string_view>

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
