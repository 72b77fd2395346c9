// The code → check table of the translator's diagnostics and the signed-division lint.
#include "translator/diagnostic_checks.h"

#include "ir/visitor.h"

#include <set>
#include <tuple>

namespace pl::translator {

const std::vector<DiagnosticCheck> &diagnosticChecks() {
  static const std::vector<DiagnosticCheck> checks = {
      {"pl-unsupported-construct",
       "C++ the translator cannot lower in a marked function: types (F100-F105), statements and "
       "declarations (F200-F214), expressions and calls (F301-F325, F399)",
       false},
      {"pl-type-mismatch",
       "a value that does not fit its declared type (F110-F113; fix-it: pl::cast for a dtype) "
       "and op operands the op's type rules reject (T1xx)",
       false},
      {"pl-out-not-written", "an output parameter the body never writes (F370)", false},
      {"pl-input-written",
       "a write into a plain (input) tensor parameter, which only pl::Out / pl::InOut "
       "parameters allow (F375; fix-it: declare it pl::InOut)",
       false},
      {"pl-signed-index-division",
       "a signed division or remainder whose operands are not provably non-negative after the "
       "pipeline, so it keeps C++'s rounding toward zero (F371)",
       true},
      {"pl-cond-placement",
       "pl::cond missing from a pl::while_ body or not its first statement (F332, F352; fix-it: "
       "move it first)",
       false},
      {"pl-explicit-forms",
       "misuse of the explicit forms: pl::range/while_/if_/at/spmd/cluster arguments, yields, "
       "carries, task launches, cross-core pipe ops and Group kernel calls (F330-F369, "
       "F372-F374 other than F332 and F352)",
       false},
      {"pl-markers",
       "bad PL_* markers: unknown function type or annotation, duplicate IR name, non-static "
       "program member (F001-F004); a file with no marked function (F006, a warning)",
       false},
      {"pl-pipeline",
       "what the default pass pipeline rejects for the target (tile capacity, memory, "
       "platform limits: pass and verifier codes)",
       true},
  };
  return checks;
}

const char *checkFor(std::string_view code) {
  auto number = [&](size_t from) {
    int n = 0;
    for (size_t i = from; i < code.size(); ++i) {
      if (code[i] < '0' || code[i] > '9')
        return -1;
      n = n * 10 + (code[i] - '0');
    }
    return code.size() > from ? n : -1;
  };
  if (code.size() == 4 && code[0] == 'T' && code[1] == '1' && number(1) >= 0)
    return "pl-type-mismatch";
  int n = code.size() == 4 && code[0] == 'F' ? number(1) : -1;
  if (n < 0)
    return "pl-pipeline";
  if (n < 100)
    return "pl-markers";
  if (n >= 110 && n <= 113)
    return "pl-type-mismatch";
  if (n == 332 || n == 352)
    return "pl-cond-placement";
  if (n == 370)
    return "pl-out-not-written";
  if (n == 371)
    return "pl-signed-index-division";
  if (n == 375)
    return "pl-input-written";
  if ((n >= 330 && n < 370) || (n >= 372 && n <= 374))
    return "pl-explicit-forms";
  if (n >= 500)
    return "pl-pipeline"; // entry-point checks of WrapEntryPoints
  return "pl-unsupported-construct";
}

std::vector<const ir::Diagnostic *> uniqueDiagnostics(const ir::DiagnosticEngine &diags) {
  std::set<std::tuple<std::string, int, int, std::string>> seen;
  std::vector<const ir::Diagnostic *> out;
  for (const ir::Diagnostic &d : diags.diagnostics())
    if (seen.emplace(d.span.str(), d.span.line, d.span.col, d.message).second)
      out.push_back(&d);
  return out;
}

namespace {

class SignedDivisionFinder : public ir::IRVisitor {
public:
  explicit SignedDivisionFinder(ir::DiagnosticEngine &diags) : diags_(diags) {
    visitTypes_ = false;
  }

  void visitBinary(const ir::Binary &b) override {
    ir::IRVisitor::visitBinary(b);
    bool div = b.op() == ir::BinaryOp::TruncDiv;
    if (!div && b.op() != ir::BinaryOp::TruncMod)
      return;
    auto dt = ir::scalarDType(b.type());
    if (!dt || ir::isUnsignedInt(*dt) || ir::isFloat(*dt) || !b.span().valid())
      return;
    if (!seen_.emplace(*b.span().file, b.span().line, b.span().col).second)
      return;
    diags_.warning("F371", b.span(),
                   std::string("signed integer ") + (div ? "division" : "remainder") +
                       " whose operands are not known to be non-negative: it keeps C++'s "
                       "rounding toward zero (a signed " +
                       (div ? "divide" : "remainder") +
                       " in the generated code); where the value is never negative, compute it "
                       "from a loop index or an unsigned value so the translator can use floor " +
                       (div ? "division" : "modulo"));
  }

private:
  ir::DiagnosticEngine &diags_;
  std::set<std::tuple<std::string, int, int>> seen_;
};

} // namespace

void reportSignedDivisions(const ir::Program &final, ir::DiagnosticEngine &diags) {
  SignedDivisionFinder f(diags);
  f.visitProgram(final);
}

} // namespace pl::translator
