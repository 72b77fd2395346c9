// Fresh names for the variables and buffers a pass adds to a function: every name already bound
// in it (variables, MemRef tags) is taken.
#pragma once

#include "ir/function.h"

#include <set>
#include <string>
#include <unordered_map>

namespace pl::passes {

class FreshNames {
public:
  explicit FreshNames(const ir::Function &f);
  /// `hint`, or `hint_1`, `hint_2`, … — the first one not taken; it is taken from then on.
  std::string fresh(const std::string &hint);
  bool taken(const std::string &name) const { return names_.count(name) > 0; }
  void take(const std::string &name) { names_.insert(name); }

private:
  std::set<std::string> names_;
  /// Per hint, the suffix its next probe starts at: every smaller one is taken (names are never
  /// given back), so n fresh names from one hint cost n probes, not n²/2.
  std::unordered_map<std::string, int> next_;
};

} // namespace pl::passes
