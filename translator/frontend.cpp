// Runs Clang over the inputs and lowers each file's marked functions into one IR program.
#include "translator/frontend.h"
#include "translator/diagnostic_checks.h"
#include "translator/lower.h"
#include "translator/marked_functions.h"
#include "translator/pch_cache.h"
#include "translator/source_location.h"

#include "ir/op_registry.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "clang/Lex/Lexer.h"
#include "clang/Tooling/ArgumentsAdjusters.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/ConvertUTF.h"

#include <algorithm>

namespace pl::translator {

namespace {

/// Re-reports IR diagnostics through Clang so that they print (and `-verify`) like Clang's own.
void forwardDiagnostics(const ir::DiagnosticEngine &ours, clang::CompilerInstance &ci) {
  clang::DiagnosticsEngine &de = ci.getDiagnostics();
  clang::SourceManager &sm = ci.getSourceManager();
  for (const ir::Diagnostic *dp : uniqueDiagnostics(ours)) {
    const ir::Diagnostic &d = *dp;
    clang::DiagnosticsEngine::Level lvl = clang::DiagnosticsEngine::Error;
    if (d.severity == ir::Severity::Warning)
      lvl = clang::DiagnosticsEngine::Warning;
    else if (d.severity == ir::Severity::PerfHint || d.severity == ir::Severity::Note)
      lvl = clang::DiagnosticsEngine::Remark;
    std::string msg = d.message + (d.code.empty() ? "" : " [" + d.code + "]");
    {
      clang::DiagnosticBuilder b =
          de.Report(toSourceLocation(sm, d.span), de.getCustomDiagID(lvl, "%0"));
      b << msg;
      for (const ir::FixIt &f : d.fixits)
        if (clang::CharSourceRange r = toCharRange(sm, f.range); r.isValid())
          b << clang::FixItHint::CreateReplacement(r, f.text);
    }
    for (auto &[span, note] : d.notes)
      de.Report(toSourceLocation(sm, span),
                de.getCustomDiagID(clang::DiagnosticsEngine::Note, "%0"))
          << note;
  }
}

/// The diagnostics of a parse with the cached PCH: held back until `open()`, then passed on to
/// `to`. Clang prints the include stack of a diagnostic inside a pl header through the PCH's
/// prefix file, not the user's `#include` line; so when Clang reports anything while parsing
/// with the PCH, that parse is dropped and the file parsed again without it, and every
/// diagnostic the user sees comes from a parse without the PCH. pl's own diagnostics (reported
/// after `open()`) are located in the user's code.
class PchParseDiagnostics : public clang::DiagnosticConsumer {
public:
  explicit PchParseDiagnostics(clang::DiagnosticConsumer &to) : to_(to) {}
  /// Opens the gate unless something was held back; false then (the parse is to be redone).
  bool open() {
    open_ = !held_;
    return open_;
  }
  bool held() const { return held_; }
  void BeginSourceFile(const clang::LangOptions &lo, const clang::Preprocessor *pp) override {
    to_.BeginSourceFile(lo, pp);
  }
  void EndSourceFile() override { to_.EndSourceFile(); }
  void finish() override { to_.finish(); }
  void HandleDiagnostic(clang::DiagnosticsEngine::Level level,
                        const clang::Diagnostic &info) override {
    if (!open_) {
      held_ = true;
      return;
    }
    DiagnosticConsumer::HandleDiagnostic(level, info); // the counts "N errors generated" prints
    to_.HandleDiagnostic(level, info);
  }

private:
  clang::DiagnosticConsumer &to_;
  bool open_ = false;
  bool held_ = false;
};

/// How one file is parsed: with the cached PCH (its inputs, for the depfile, and the gate of its
/// diagnostics), or without (both empty).
struct PchParse {
  std::vector<std::string> inputs;
  PchParseDiagnostics *diagnostics = nullptr;
};

class LowerConsumer : public clang::ASTConsumer {
public:
  LowerConsumer(clang::CompilerInstance &ci, std::string file, PchParse pch,
                const LoweredFileHandler &handler, const std::vector<std::string> &noWarn)
      : ci_(ci), file_(std::move(file)), pch_(std::move(pch)), handler_(handler), noWarn_(noWarn) {}

  void HandleTranslationUnit(clang::ASTContext &ctx) override {
    if (ci_.getDiagnostics().hasErrorOccurred())
      return; // Clang already explained; the AST may be incomplete.
    if (pch_.diagnostics && !pch_.diagnostics->open())
      return; // Clang reported something: the file is parsed again without the PCH
    ir::DiagnosticEngine diags;
    for (const std::string &code : noWarn_)
      diags.disable(code);
    LoweredFile lf{file_, nullptr, {}, pch_.inputs};
    lf.program = lowerTranslationUnit(ctx, diags, lf.marked,
                                      pch_.diagnostics ? MarkedFunctionScope::SkipCachedPch
                                                       : MarkedFunctionScope::All);
    if (diags.hasErrors())
      lf.program = nullptr;
    handler_(lf, ctx, diags);
    forwardDiagnostics(diags, ci_);
  }

private:
  clang::CompilerInstance &ci_;
  std::string file_;
  PchParse pch_;
  const LoweredFileHandler &handler_;
  const std::vector<std::string> &noWarn_;
};

/// The first token of the main file (outside comments and literals) holding bytes that are not
/// UTF-8. Clang reports each such byte and then recovers by dropping it, so `a\xE9` and `a\xE8`
/// both become `a` and a second declaration is a bogus "redefinition": one error up front instead.
std::optional<clang::SourceLocation> firstInvalidUtf8(clang::CompilerInstance &ci) {
  clang::SourceManager &sm = ci.getSourceManager();
  clang::FileID fid = sm.getMainFileID();
  llvm::StringRef text = sm.getBufferData(fid);
  auto invalidAt = [&](size_t from, size_t to) -> std::optional<size_t> {
    const auto *p = reinterpret_cast<const llvm::UTF8 *>(text.data() + from);
    if (llvm::isLegalUTF8String(&p, reinterpret_cast<const llvm::UTF8 *>(text.data() + to)))
      return std::nullopt;
    return static_cast<size_t>(reinterpret_cast<const char *>(p) - text.data());
  };
  clang::Lexer lex(fid, sm.getBufferOrFake(fid), sm, ci.getLangOpts());
  lex.SetCommentRetentionState(true); // comments may hold any bytes: they are tokens here
  size_t prevEnd = 0;
  clang::Token tok;
  do {
    lex.LexFromRawLexer(tok);
    size_t begin = sm.getFileOffset(tok.getLocation());
    // Bytes between tokens that are not whitespace are dropped by the lexer: in an identifier.
    std::optional<size_t> bad = invalidAt(prevEnd, begin);
    if (!bad && tok.isOneOf(clang::tok::unknown, clang::tok::raw_identifier))
      bad = invalidAt(begin, begin + tok.getLength());
    if (bad)
      return sm.getLocForStartOfFile(fid).getLocWithOffset(static_cast<int>(*bad));
    prevEnd = begin + tok.getLength();
  } while (tok.isNot(clang::tok::eof));
  return std::nullopt;
}

class LowerAction : public clang::ASTFrontendAction {
public:
  LowerAction(const LoweredFileHandler &handler, PchParse pch,
              const std::vector<std::string> &noWarn)
      : handler_(handler), pch_(std::move(pch)), noWarn_(noWarn) {}
  bool BeginSourceFileAction(clang::CompilerInstance &ci) override {
    if (auto loc = firstInvalidUtf8(ci)) {
      clang::DiagnosticsEngine &de = ci.getDiagnostics();
      de.Report(*loc, de.getCustomDiagID(clang::DiagnosticsEngine::Error, "%0"))
          << "source text is not valid UTF-8 here; identifiers must be UTF-8 (save the file as "
             "UTF-8) [F005]";
      return false;
    }
    return true;
  }
  std::unique_ptr<clang::ASTConsumer> CreateASTConsumer(clang::CompilerInstance &ci,
                                                        llvm::StringRef file) override {
    return std::make_unique<LowerConsumer>(ci, file.str(), pch_, handler_, noWarn_);
  }

private:
  const LoweredFileHandler &handler_;
  PchParse pch_;
  const std::vector<std::string> &noWarn_;
};

/// Parses each file with the cached PCH of its first pl header where one applies
/// (translator/pch_cache.h), else normally; again without it when Clang reports anything
/// (PchParseDiagnostics).
class LowerActionFactory : public clang::tooling::FrontendActionFactory {
public:
  LowerActionFactory(const LoweredFileHandler &handler, std::string pchDir,
                     const std::vector<std::string> &noWarn)
      : handler_(handler), pchDir_(std::move(pchDir)), noWarn_(noWarn) {}
  bool runInvocation(std::shared_ptr<clang::CompilerInvocation> invocation,
                     clang::FileManager *files,
                     std::shared_ptr<clang::PCHContainerOperations> pchOps,
                     clang::DiagnosticConsumer *diags) override {
    auto plain = std::make_shared<clang::CompilerInvocation>(*invocation);
    std::optional<PchUse> pch = usePch(*invocation, *files, pchOps, pchDir_);
    if (pch) {
      // Without a consumer of the tool's, CompilerInstance would print to stderr: so do we.
      std::unique_ptr<clang::DiagnosticConsumer> printer;
      if (!diags)
        printer = std::make_unique<clang::TextDiagnosticPrinter>(llvm::errs(),
                                                                 &invocation->getDiagnosticOpts());
      PchParseDiagnostics gate(diags ? *diags : *printer);
      pch_ = {std::move(pch->inputs), &gate};
      bool ok = FrontendActionFactory::runInvocation(std::move(invocation), files, pchOps, &gate);
      pch_ = {};
      if (!gate.held())
        return ok;
    }
    return FrontendActionFactory::runInvocation(std::move(plain), files, std::move(pchOps), diags);
  }
  std::unique_ptr<clang::FrontendAction> create() override {
    return std::make_unique<LowerAction>(handler_, pch_, noWarn_);
  }

private:
  const LoweredFileHandler &handler_;
  std::string pchDir_;
  PchParse pch_; ///< of the file being parsed
  const std::vector<std::string> &noWarn_;
};

} // namespace

/// pl-translate's adjustments of every compile command: C++20 unless the command line says
/// otherwise; the DSL headers as a last-resort include dir; our own resource dir so builtin
/// headers are found wherever the tool is installed; PL_TRANSLATING defined.
static void adjustCommands(clang::tooling::ClangTool &tool, const FrontendOptions &opts) {
  using namespace clang::tooling;
  tool.appendArgumentsAdjuster([](const CommandLineArguments &args, llvm::StringRef) {
    for (auto &a : args)
      if (llvm::StringRef(a).starts_with("-std="))
        return args;
    CommandLineArguments out = args;
    out.insert(out.begin() + 1, "-std=c++20");
    return out;
  });
  if (!opts.dslIncludeDir.empty())
    tool.appendArgumentsAdjuster(getInsertArgumentAdjuster(
        {"-idirafter", opts.dslIncludeDir}, ArgumentInsertPosition::END));
  if (!opts.resourceDir.empty())
    tool.appendArgumentsAdjuster(
        getInsertArgumentAdjuster(("-resource-dir=" + opts.resourceDir).c_str(), ArgumentInsertPosition::END));
  // The DSL rules the headers check with static_asserts (PL_DSL_RULE, pl/error.hpp) are the
  // translator's to report, with their codes at the user's line.
  tool.appendArgumentsAdjuster(
      getInsertArgumentAdjuster("-DPL_TRANSLATING", ArgumentInsertPosition::END));
  // Annotations are how functions are marked: keep Clang from warning about PL_* macros.
  tool.appendArgumentsAdjuster(
      getInsertArgumentAdjuster("-Wno-unknown-attributes", ArgumentInsertPosition::END));
}

namespace {

/// Preprocesses the main file and records every file the SourceManager opened.
class CollectInputsAction : public clang::PreprocessOnlyAction {
public:
  explicit CollectInputsAction(std::vector<std::string> &files) : files_(files) {}
  void EndSourceFileAction() override {
    clang::SourceManager &sm = getCompilerInstance().getSourceManager();
    std::vector<std::string> headers;
    for (auto it = sm.fileinfo_begin(); it != sm.fileinfo_end(); ++it)
      if (it->first != *sm.getFileEntryRefForID(sm.getMainFileID()))
        headers.push_back(it->first.getName().str());
    std::sort(headers.begin(), headers.end());
    files_.push_back(sm.getFileEntryRefForID(sm.getMainFileID())->getName().str());
    files_.insert(files_.end(), headers.begin(), headers.end());
  }

private:
  std::vector<std::string> &files_;
};

class CollectInputsFactory : public clang::tooling::FrontendActionFactory {
public:
  explicit CollectInputsFactory(std::vector<std::string> &files) : files_(files) {}
  std::unique_ptr<clang::FrontendAction> create() override {
    return std::make_unique<CollectInputsAction>(files_);
  }

private:
  std::vector<std::string> &files_;
};

} // namespace

std::optional<TranslationInputs> translationInputs(const clang::tooling::CompilationDatabase &db,
                                                   const std::string &file,
                                                   const FrontendOptions &opts) {
  clang::tooling::ClangTool tool(db, {file});
  adjustCommands(tool, opts);
  TranslationInputs in;
  tool.appendArgumentsAdjuster(
      [&](const clang::tooling::CommandLineArguments &args, llvm::StringRef) {
        in.command = args;
        return args;
      });
  clang::IgnoringDiagConsumer quiet;
  tool.setDiagnosticConsumer(&quiet);
  tool.setPrintErrorMessage(false);
  CollectInputsFactory factory(in.files);
  if (tool.run(&factory) != 0 || in.files.empty())
    return std::nullopt;
  return in;
}

int runFrontend(const clang::tooling::CompilationDatabase &db,
                const std::vector<std::string> &files, const FrontendOptions &opts,
                const LoweredFileHandler &handler) {
  ir::registerAllOps();
  clang::tooling::ClangTool tool(db, files);
  adjustCommands(tool, opts);
  bool anyError = false;
  LoweredFileHandler wrapped = [&](const LoweredFile &lf, clang::ASTContext &ctx,
                                   ir::DiagnosticEngine &diags) {
    handler(lf, ctx, diags);
    if (!lf.program || diags.hasErrors())
      anyError = true;
  };
  LowerActionFactory factory(wrapped, opts.pchDir, opts.noWarn);
  int rc = tool.run(&factory);
  return (rc != 0 || anyError) ? 1 : 0;
}

} // namespace pl::translator
