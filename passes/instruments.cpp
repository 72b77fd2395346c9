// Pass instruments: verification, round trip, dumps, timing and print-after.
#include "passes/instruments.h"

#include "ir/parser.h"
#include "ir/printer.h"
#include "ir/structural_equal.h"
#include "passes/verifiers/registry.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

namespace pl::passes {

bool checkRoundtrip(std::string_view where, const ir::Program &p, PassContext &ctx) {
  std::string text = ir::printProgram(p);
  ir::DiagnosticEngine parseDiags;
  std::string file = "<roundtrip after " + std::string(where) + ">";
  parseDiags.addSourceBuffer(file, text);
  ir::ProgramPtr reparsed = ir::parseProgram(text, file, parseDiags);
  if (!reparsed) {
    ctx.reportInternalError(where, "round trip: the printed program does not parse:\n" +
                                       parseDiags.formatAll() + "printed program:\n" + text);
    return false;
  }
  if (ir::structuralEqual(p, *reparsed))
    return true;
  auto why = ir::describeMismatch(p, *reparsed);
  ctx.reportInternalError(where, "round trip: print → parse is not structurally equal: " +
                                     why.value_or("(no description)") + "\nprinted program:\n" +
                                     text);
  return false;
}

bool VerificationInstrument::beforePass(const Pass &pass, const ir::Program &p, PassContext &ctx) {
  if (mode_ == Mode::After)
    return true;
  IRPropertySet want = pass.required() | structuralProperties();
  IRPropertySet failed = verifyProperties(p, want, ctx.diags());
  if (failed.empty())
    return true;
  ctx.diags().error("PM001", p.span(),
                    "pass '" + pass.id() + "' requires " + failed.str() +
                        ", which does not hold on its input");
  return false;
}

bool VerificationInstrument::afterPass(const Pass &pass, const ir::Program &p, PassContext &ctx) {
  if (mode_ == Mode::Before)
    return true;
  IRPropertySet want = pass.produced() | structuralProperties();
  size_t before = ctx.diags().diagnostics().size();
  IRPropertySet failed = verifyProperties(p, want, ctx.diags());
  if (failed.empty())
    return true;
  // Located at the first violation the verifiers reported.
  const auto &all = ctx.diags().diagnostics();
  ir::Span at = before < all.size() ? all[before].span : ir::Span();
  ctx.reportInternalError(pass.id(), failed.str() + " does not hold after the pass", at);
  return false;
}

bool DumpInstrument::write(const std::string &file, const ir::Program &p, PassContext &ctx) {
  llvm::SmallString<256> path(dir_);
  llvm::sys::path::append(path, file);
  std::error_code ec;
  llvm::raw_fd_ostream os(path, ec);
  if (!ec) {
    os << ir::printProgram(p, {.concise = concise_});
    os.close();
    ec = os.error();
  }
  if (!ec)
    return true;
  ctx.diags().error("IO001", {}, "cannot write '" + std::string(path) + "': " + ec.message());
  os.clear_error();
  return false;
}

bool DumpInstrument::beforePipeline(const ir::Program &p, PassContext &ctx) {
  if (std::error_code ec = llvm::sys::fs::create_directories(dir_)) {
    ctx.diags().error("IO001", {}, "cannot create dump directory '" + dir_ + "': " + ec.message());
    return false;
  }
  count_ = 0;
  return write("00_input.pir", p, ctx);
}

bool DumpInstrument::afterPass(const Pass &pass, const ir::Program &p, PassContext &ctx) {
  ++count_;
  std::string nn = count_ < 10 ? "0" + std::to_string(count_) : std::to_string(count_);
  return write(nn + "_after_" + pass.id() + ".pir", p, ctx);
}

bool TimingInstrument::beforePass(const Pass &, const ir::Program &, PassContext &) {
  start_ = std::chrono::steady_clock::now();
  return true;
}

bool TimingInstrument::afterPass(const Pass &pass, const ir::Program &, PassContext &) {
  std::chrono::duration<double> d = std::chrono::steady_clock::now() - start_;
  entries_.push_back({pass.id(), d.count()});
  return true;
}

void TimingInstrument::afterPipeline(const ir::Program &, PassContext &) {
  double total = 0;
  for (auto &e : entries_)
    total += e.seconds;
  os_ << "===" << std::string(73, '-') << "===\n"
      << "                      ... Pass execution timing report ...\n"
      << "===" << std::string(73, '-') << "===\n"
      << llvm::format("  Total Execution Time: %.4f seconds\n\n", total)
      << "   ---Wall Time---  --- Name ---\n";
  for (auto &e : entries_) {
    double pct = total > 0 ? 100.0 * e.seconds / total : 0.0;
    os_ << llvm::format("   %.4f (%5.1f%%)  ", e.seconds, pct) << e.id << "\n";
  }
  os_ << llvm::format("   %.4f (100.0%%)  Total\n", total);
  os_.flush();
}

bool PrintAfterInstrument::afterPass(const Pass &pass, const ir::Program &p, PassContext &) {
  if (!all_ && !ids_.count(pass.id()))
    return true;
  os_ << "// -----// IR after " << pass.id() << " //----- //\n"
      << ir::printProgram(p, {.concise = concise_});
  os_.flush();
  return true;
}

} // namespace pl::passes
