// Pass lookup by id: a table generated from passes/passes.def (no static self-registration).
#include "passes/catalog.h"

#include "passes/passes.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

namespace pl::passes {

const std::vector<PassCatalogEntry> &passCatalog() {
  static const std::vector<PassCatalogEntry> table = {
#define PL_PASS(id, ClassName, ...) {passInfo(PassClass::ClassName), &create##ClassName##Pass},
#include "passes/passes.def"
  };
  return table;
}

const PassCatalogEntry *findPass(std::string_view id) {
  for (auto &e : passCatalog())
    if (e.info.id == id)
      return &e;
  return nullptr;
}

std::string validPassIds() {
  std::string out;
  for (auto &e : passCatalog())
    out += (out.empty() ? "" : ", ") + e.info.id;
  return out;
}

namespace {
/// Splits "k=v k2=v2" into options; false on a token without '='.
bool parseOptions(llvm::StringRef text, PassOptions &opts, std::string &bad) {
  llvm::SmallVector<llvm::StringRef, 4> tokens;
  text.split(tokens, ' ', -1, /*KeepEmpty=*/false);
  for (auto tok : tokens) {
    auto [key, value] = tok.split('=');
    if (key.empty() || !tok.contains('=')) {
      bad = tok.str();
      return false;
    }
    opts.set(key.trim().str(), value.trim().str());
  }
  return true;
}
} // namespace

std::optional<Pass> createPassFromSpec(std::string_view spec, ir::DiagnosticEngine &diags) {
  llvm::StringRef s = llvm::StringRef(spec).trim();
  llvm::StringRef id = s.take_until([](char c) { return c == '{'; }).trim();
  llvm::StringRef rest = s.drop_front(s.take_until([](char c) { return c == '{'; }).size());
  const PassCatalogEntry *entry = findPass(id);
  if (!entry) {
    diags.error("PM002", {},
                "unknown pass '" + id.str() + "'; valid passes: " + validPassIds());
    return std::nullopt;
  }
  PassOptions opts;
  std::string bad;
  if (!rest.empty() && (!rest.consume_front("{") || !rest.consume_back("}") ||
                        !parseOptions(rest, opts, bad))) {
    diags.error("PM003", {},
                "malformed options for pass '" + id.str() + "' in '" + std::string(spec) +
                    "'; expected " + id.str() + "{key=value key=value}");
    return std::nullopt;
  }
  Pass pass = entry->create(opts);
  for (auto &k : opts.unconsumed())
    opts.error("unknown option '" + k + "'");
  for (auto &msg : opts.errors())
    diags.error("PM003", {}, "pass '" + id.str() + "': " + msg);
  if (!opts.errors().empty())
    return std::nullopt;
  return pass;
}

bool parsePassList(std::string_view list, Pipeline &out, ir::DiagnosticEngine &diags) {
  int depth = 0;
  size_t start = 0;
  for (size_t i = 0; i <= list.size(); ++i) {
    char c = i < list.size() ? list[i] : ',';
    depth += c == '{' ? 1 : c == '}' ? -1 : 0;
    if (c != ',' || depth > 0)
      continue;
    std::string_view spec = list.substr(start, i - start);
    start = i + 1;
    if (llvm::StringRef(spec).trim().empty())
      continue;
    auto pass = createPassFromSpec(spec, diags);
    if (!pass)
      return false;
    out.add(*pass);
  }
  return true;
}

} // namespace pl::passes
