// Fresh names for a function (see fresh_names.h).
#include "passes/utils/fresh_names.h"

#include "ir/visitor.h"

namespace pl::passes {

namespace {
using namespace ir;

class NameCollector : public IRVisitor {
public:
  explicit NameCollector(std::set<std::string> &names) : names_(names) {}
  void visitVarDef(const VarPtr &v) override {
    names_.insert(v->name());
    IRVisitor::visitVarDef(v);
  }
  void visitType(const TypePtr &t) override {
    if (auto *tt = dynCast<TileType>(t); tt && tt->memref())
      names_.insert(tt->memref()->name());
    IRVisitor::visitType(t);
  }

private:
  std::set<std::string> &names_;
};
} // namespace

FreshNames::FreshNames(const Function &f) { NameCollector(names_).visitFunction(f); }

std::string FreshNames::fresh(const std::string &hint) {
  int &k = next_[hint];
  std::string n = k == 0 ? hint : hint + "_" + std::to_string(k);
  while (names_.count(n))
    n = hint + "_" + std::to_string(++k);
  ++k;
  names_.insert(n);
  return n;
}

} // namespace pl::passes
