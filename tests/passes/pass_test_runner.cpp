// Per-pass test driver: runs every case of a tests/passes/*.pir file (see docs/passes.md).
//
// A file holds cases separated by a line `// -----`. Each case has:
//   // RUN: <pass spec>                 one pass, as in pl-opt --passes (e.g. verify{properties=SSAForm})
//   // <rule>                           a one-line comment saying what the case checks
//   <input program>
//   // EXPECTED:                        followed by the full expected program, or
//   // EXPECTED-UNCHANGED               the pass must leave the program as it is, or
//   ... // EXPECTED-ERROR: <code> [{{text}}]   an error with this code (and message text) on
//                                       this line; on a line of its own it means the next
//                                       non-comment line.
// The pass runs with the verifier before and after it and the print → parse round trip; the
// result is compared structurally with the expected program. An internal compiler error
// anywhere is a failure.
#include "ir/op_registry.h"
#include "ir/parser.h"
#include "ir/printer.h"
#include "ir/structural_equal.h"
#include "passes/catalog.h"
#include "passes/instruments.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <set>

using namespace pl;

namespace {

struct ExpectedError {
  std::string code;
  int line;
  std::string text; ///< substring of the message; empty = any
};

struct TestCase {
  int firstLine = 0; ///< 1-based line of the case's first line in the file
  std::string run, rule;
  std::vector<std::string> inputLines, expectedLines;
  bool hasExpected = false, unchanged = false;
  std::vector<ExpectedError> errors;
};

bool isComment(llvm::StringRef l) { return l.trim().starts_with("//"); }

/// `// EXPECTED-ERROR: CODE {{text}}` found on file line `fileLine`.
std::optional<ExpectedError> parseExpectedError(llvm::StringRef line, int fileLine) {
  size_t at = line.find("// EXPECTED-ERROR:");
  if (at == llvm::StringRef::npos)
    return std::nullopt;
  llvm::StringRef rest = line.drop_front(at + strlen("// EXPECTED-ERROR:")).trim();
  ExpectedError e{rest.take_until([](char c) { return c == ' '; }).str(), fileLine, ""};
  size_t open = rest.find("{{"), close = rest.rfind("}}");
  if (open != llvm::StringRef::npos && close != llvm::StringRef::npos && close > open)
    e.text = rest.slice(open + 2, close).str();
  return e;
}

/// Line number (1-based, in the file) that a standalone EXPECTED-ERROR refers to.
int nextCodeLine(const std::vector<std::string> &lines, size_t i, int firstLine) {
  for (size_t j = i + 1; j < lines.size(); ++j)
    if (!llvm::StringRef(lines[j]).trim().empty() && !isComment(lines[j]))
      return firstLine + static_cast<int>(j);
  return firstLine + static_cast<int>(i);
}

TestCase parseCase(const std::vector<std::string> &lines, int firstLine) {
  TestCase tc;
  tc.firstLine = firstLine;
  bool inExpected = false;
  for (size_t i = 0; i < lines.size(); ++i) {
    llvm::StringRef l = llvm::StringRef(lines[i]).trim();
    int fileLine = firstLine + static_cast<int>(i);
    if (l.consume_front("// RUN:")) {
      tc.run = l.trim().str();
    } else if (l == "// EXPECTED:") {
      inExpected = tc.hasExpected = true;
      tc.inputLines.push_back("");
      tc.expectedLines.push_back("");
      continue;
    } else if (l == "// EXPECTED-UNCHANGED") {
      tc.unchanged = true;
    } else if (auto e = parseExpectedError(lines[i], fileLine)) {
      if (l.starts_with("//"))
        e->line = nextCodeLine(lines, i, firstLine);
      tc.errors.push_back(*e);
    } else if (l.starts_with("//") && tc.rule.empty() && !inExpected) {
      tc.rule = l.drop_front(2).trim().str();
    }
    // Every line keeps its place so that spans are file-absolute.
    (inExpected ? tc.expectedLines : tc.inputLines).push_back(lines[i]);
    (inExpected ? tc.inputLines : tc.expectedLines).push_back("");
  }
  return tc;
}

std::vector<TestCase> splitCases(llvm::StringRef text) {
  llvm::SmallVector<llvm::StringRef, 64> all;
  text.split(all, '\n');
  std::vector<TestCase> cases;
  std::vector<std::string> cur;
  int first = 1;
  for (size_t i = 0; i <= all.size(); ++i) {
    if (i == all.size() || all[i].trim() == "// -----") {
      cases.push_back(parseCase(cur, first));
      cur.clear();
      first = static_cast<int>(i) + 2;
      continue;
    }
    cur.push_back(all[i].str());
  }
  return cases;
}

/// The case's lines, preceded by blank lines so that line numbers match the file.
std::string padded(const std::vector<std::string> &lines, int firstLine) {
  std::string out(static_cast<size_t>(firstLine - 1), '\n');
  for (auto &l : lines)
    out += l + "\n";
  return out;
}

class Runner {
public:
  Runner(std::string file, std::string text) : file_(std::move(file)), text_(std::move(text)) {}
  /// Number of failed cases.
  int run();

private:
  bool runCase(const TestCase &tc);
  bool checkErrors(const TestCase &tc, const ir::DiagnosticEngine &diags);
  bool checkResult(const TestCase &tc, const ir::ProgramPtr &before, const ir::ProgramPtr &after,
                   const ir::DiagnosticEngine &diags);
  bool fail(const TestCase &tc, const std::string &why) {
    llvm::errs() << file_ << ":" << tc.firstLine << ": FAIL [" << tc.run << "] " << tc.rule
                 << "\n"
                 << why << "\n";
    return false;
  }

  std::string file_, text_;
};

int Runner::run() {
  int failed = 0, count = 0;
  for (auto &tc : splitCases(text_)) {
    if (tc.run.empty() && tc.rule.empty() && tc.errors.empty() &&
        llvm::StringRef(padded(tc.inputLines, 1)).trim().empty())
      continue; // trailing separator
    ++count;
    if (!runCase(tc))
      ++failed;
  }
  llvm::outs() << file_ << ": " << (count - failed) << "/" << count << " cases passed\n";
  return failed;
}

bool Runner::runCase(const TestCase &tc) {
  if (tc.run.empty() || tc.rule.empty())
    return fail(tc, "a case needs a '// RUN: <pass>' line and a one-line rule comment");
  if (tc.errors.empty() && tc.hasExpected == tc.unchanged)
    return fail(tc, "a case needs exactly one of '// EXPECTED:', '// EXPECTED-UNCHANGED' or "
                    "'// EXPECTED-ERROR: <code>'");
  ir::DiagnosticEngine diags;
  diags.addSourceBuffer(file_, text_);
  std::string input = padded(tc.inputLines, tc.firstLine);
  ir::ProgramPtr before = ir::parseProgram(input, file_, diags);
  ir::ProgramPtr after;
  passes::PassContext ctx;
  ctx.setDiagnostics(&diags);
  ctx.setVerificationLevel(passes::VerificationLevel::Roundtrip);
  ctx.addInstrument(std::make_shared<passes::VerificationInstrument>());
  passes::Pipeline pipeline;
  if (!passes::parsePassList(tc.run, pipeline, diags) || pipeline.passes().size() != 1)
    return fail(tc, "RUN must name exactly one known pass\n" + diags.formatAll());
  if (before) {
    passes::PassContextGuard guard(ctx);
    after = pipeline.run(before);
  }
  if (ctx.hadInternalError())
    return fail(tc, "internal compiler error:\n" + diags.formatAll());
  if (!tc.errors.empty())
    return checkErrors(tc, diags);
  return checkResult(tc, before, after, diags);
}

bool Runner::checkErrors(const TestCase &tc, const ir::DiagnosticEngine &diags) {
  std::vector<bool> matched(tc.errors.size(), false);
  std::string unexpected;
  for (auto &d : diags.diagnostics()) {
    if (d.severity != ir::Severity::Error)
      continue;
    bool found = false;
    for (size_t i = 0; i < tc.errors.size() && !found; ++i) {
      auto &e = tc.errors[i];
      if (!matched[i] && e.code == d.code && e.line == d.span.line &&
          d.message.find(e.text) != std::string::npos)
        matched[i] = found = true;
    }
    if (!found)
      unexpected += "  unexpected: " + diags.format(d);
  }
  std::string missing;
  for (size_t i = 0; i < tc.errors.size(); ++i)
    if (!matched[i])
      missing += "  missing: " + tc.errors[i].code + " at line " +
                 std::to_string(tc.errors[i].line) +
                 (tc.errors[i].text.empty() ? "" : " {{" + tc.errors[i].text + "}}") + "\n";
  if (unexpected.empty() && missing.empty())
    return true;
  return fail(tc, "diagnostics differ:\n" + missing + unexpected);
}

bool Runner::checkResult(const TestCase &tc, const ir::ProgramPtr &before,
                         const ir::ProgramPtr &after, const ir::DiagnosticEngine &diags) {
  if (!before || !after)
    return fail(tc, "the " + std::string(before ? "pass" : "input") + " failed:\n" +
                        diags.formatAll());
  ir::DiagnosticEngine expDiags;
  std::string expText = padded(tc.unchanged ? tc.inputLines : tc.expectedLines, tc.firstLine);
  ir::ProgramPtr expected = ir::parseProgram(expText, file_, expDiags);
  if (!expected)
    return fail(tc, "the expected program does not parse:\n" + expDiags.formatAll());
  if (ir::structuralEqual(*after, *expected))
    return true;
  return fail(tc, "result differs from the expected program: " +
                      ir::describeMismatch(*after, *expected).value_or("?") +
                      "\n--- before:\n" + ir::printProgram(*before) + "--- after:\n" +
                      ir::printProgram(*after) + "--- expected:\n" +
                      ir::printProgram(*expected));
}

} // namespace

int main(int argc, char **argv) {
  if (argc != 2) {
    llvm::errs() << "usage: pass_test_runner <file.pir>\n";
    return 2;
  }
  auto buf = llvm::MemoryBuffer::getFile(argv[1], /*IsText=*/true);
  if (!buf) {
    llvm::errs() << "pass_test_runner: cannot read '" << argv[1]
                 << "': " << buf.getError().message() << "\n";
    return 2;
  }
  ir::registerAllOps();
  Runner runner(argv[1], (*buf)->getBuffer().str());
  return runner.run() == 0 ? 0 : 1;
}
