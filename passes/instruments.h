// Pass instruments: property verification, round trip, per-pass dumps, timing, print-after.
#pragma once

#include "passes/pass.h"

#include <chrono>
#include <set>

namespace llvm {
class raw_ostream;
}

namespace pl::passes {

/// print → parse → structurally equal on `p`; on failure reports an internal compiler error
/// naming `where` (a pass id, or "input") with the first difference, and returns false.
bool checkRoundtrip(std::string_view where, const ir::Program &p, PassContext &ctx);
inline bool checkRoundtrip(const Pass &pass, const ir::Program &p, PassContext &ctx) {
  return checkRoundtrip(pass.id(), p, ctx);
}

/// Before a pass: its required properties plus the structural ones (those with verifiers).
/// After: its produced properties plus the structural ones. A failure before is a user-level
/// error (code PM001); after, an internal compiler error in the pass.
class VerificationInstrument : public PassInstrument {
public:
  enum class Mode : uint8_t { Before, After, Both };
  explicit VerificationInstrument(Mode m = Mode::Both) : mode_(m) {}
  std::string_view name() const override { return "verification"; }
  bool beforePass(const Pass &pass, const ir::Program &p, PassContext &ctx) override;
  bool afterPass(const Pass &pass, const ir::Program &p, PassContext &ctx) override;

private:
  Mode mode_;
};

/// The round-trip check after every pass (independent of the verification level).
class RoundtripInstrument : public PassInstrument {
public:
  std::string_view name() const override { return "roundtrip"; }
  bool afterPass(const Pass &pass, const ir::Program &p, PassContext &ctx) override {
    return checkRoundtrip(pass, p, ctx);
  }
};

/// Writes `00_input.pir` and `NN_after_<id>.pir` (NN = 01, 02, ...) into a directory.
class DumpInstrument : public PassInstrument {
public:
  DumpInstrument(std::string dir, bool concise) : dir_(std::move(dir)), concise_(concise) {}
  std::string_view name() const override { return "dump"; }
  bool beforePipeline(const ir::Program &p, PassContext &ctx) override;
  bool afterPass(const Pass &pass, const ir::Program &p, PassContext &ctx) override;

private:
  bool write(const std::string &file, const ir::Program &p, PassContext &ctx);
  std::string dir_;
  bool concise_;
  unsigned count_ = 0;
};

/// Measures each pass's wall time; prints a report after the pipeline (--time-passes).
class TimingInstrument : public PassInstrument {
public:
  explicit TimingInstrument(llvm::raw_ostream &os) : os_(os) {}
  std::string_view name() const override { return "timing"; }
  bool beforePass(const Pass &pass, const ir::Program &p, PassContext &ctx) override;
  bool afterPass(const Pass &pass, const ir::Program &p, PassContext &ctx) override;
  void afterPipeline(const ir::Program &p, PassContext &ctx) override;

  struct Entry {
    std::string id;
    double seconds;
  };
  const std::vector<Entry> &entries() const { return entries_; }

private:
  llvm::raw_ostream &os_;
  std::chrono::steady_clock::time_point start_;
  std::vector<Entry> entries_;
};

/// Prints the program after the listed passes (or after all) with a header line.
class PrintAfterInstrument : public PassInstrument {
public:
  PrintAfterInstrument(std::set<std::string> ids, bool all, bool concise, llvm::raw_ostream &os)
      : ids_(std::move(ids)), all_(all), concise_(concise), os_(os) {}
  std::string_view name() const override { return "print-after"; }
  bool afterPass(const Pass &pass, const ir::Program &p, PassContext &ctx) override;

private:
  std::set<std::string> ids_;
  bool all_;
  bool concise_;
  llvm::raw_ostream &os_;
};

} // namespace pl::passes
