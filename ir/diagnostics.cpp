// Diagnostics engine: collection, clang-style formatting with source line and caret.
#include "ir/diagnostics.h"
#include "ir/internal_error.h"

#include "llvm/Support/raw_ostream.h"

#include <cstdlib>
#include <fstream>
#include <mutex>
#include <sstream>
#include <unordered_map>

namespace pl::ir {

std::string Span::str() const {
  if (!valid())
    return "<unknown>";
  return *file + ":" + std::to_string(line) + ":" + std::to_string(col);
}

std::shared_ptr<const std::string> internFileName(const std::string &name) {
  static std::mutex mu;
  static std::unordered_map<std::string, std::shared_ptr<const std::string>> table;
  std::lock_guard<std::mutex> lock(mu);
  auto &slot = table[name];
  if (!slot)
    slot = std::make_shared<const std::string>(name);
  return slot;
}

const char *severityName(Severity s) {
  static constexpr const char *kNames[] = {"error", "warning", "perf-hint", "note"};
  return kNames[static_cast<size_t>(s)];
}

void DiagnosticEngine::report(Diagnostic d) {
  if (d.severity != Severity::Error && disabled_.count(d.code))
    return;
  if (d.severity == Severity::Error)
    ++errors_;
  if (os_) {
    *os_ << format(d);
    os_->flush();
  }
  diags_.push_back(std::move(d));
}

void DiagnosticEngine::addSourceBuffer(const std::string &file, std::string contents) {
  buffers_[file] = std::move(contents);
}

std::string DiagnosticEngine::sourceLine(const Span &span) const {
  if (!span.valid())
    return {};
  auto it = buffers_.find(*span.file);
  if (it == buffers_.end()) {
    std::ifstream in(*span.file, std::ios::binary);
    if (!in)
      return {};
    std::stringstream ss;
    ss << in.rdbuf();
    it = buffers_.emplace(*span.file, ss.str()).first;
  }
  const std::string &text = it->second;
  size_t pos = 0;
  for (int l = 1; l < span.line; ++l) {
    pos = text.find('\n', pos);
    if (pos == std::string::npos)
      return {};
    ++pos;
  }
  size_t end = text.find('\n', pos);
  return text.substr(pos, end == std::string::npos ? std::string::npos : end - pos);
}

std::string DiagnosticEngine::format(const Diagnostic &d) const {
  std::string out;
  auto one = [&](const Span &span, const char *sev, const std::string &msg, const std::string &code) {
    out += span.valid() ? span.str() : std::string("<unknown>");
    out += ": ";
    out += sev;
    out += ": ";
    out += msg;
    if (!code.empty())
      out += " [" + code + "]";
    out += "\n";
    std::string line = sourceLine(span);
    if (line.empty())
      return;
    out += line + "\n";
    std::string caret;
    for (int i = 1; i < span.col && static_cast<size_t>(i - 1) < line.size(); ++i)
      caret += line[i - 1] == '\t' ? '\t' : ' ';
    out += caret + "^\n";
  };
  one(d.span, severityName(d.severity), d.message, d.code);
  for (auto &[span, msg] : d.notes)
    one(span, "note", msg, "");
  return out;
}

std::string DiagnosticEngine::formatAll() const {
  std::string out;
  for (auto &d : diags_)
    out += format(d);
  return out;
}

namespace {
thread_local InternalErrorScope *innermostScope = nullptr;
} // namespace

InternalErrorScope::InternalErrorScope(std::string pass, Span span)
    : pass_(std::move(pass)), span_(std::move(span)), outer_(innermostScope) {
  innermostScope = this;
}

InternalErrorScope::~InternalErrorScope() { innermostScope = outer_; }

std::string InternalErrorScope::currentPass() {
  for (auto *s = innermostScope; s; s = s->outer_)
    if (!s->pass_.empty())
      return s->pass_;
  return {};
}

Span InternalErrorScope::currentSpan() {
  for (auto *s = innermostScope; s; s = s->outer_)
    if (s->span_.valid())
      return s->span_;
  return {};
}

void internalError(const std::string &where, const std::string &msg, const char *file, int line) {
  internalErrorAt(where, msg, file, line, {});
}

void internalErrorAt(const std::string &where, const std::string &msg, const char *file, int line,
                     const Span &span) {
  Span at = span.valid() ? span : InternalErrorScope::currentSpan();
  std::string pass = InternalErrorScope::currentPass();
  // Without any span (a check outside every pass and node) the tool's name stands in.
  llvm::errs() << (at.valid() ? at.str() : std::string("pl")) << ": error: internal compiler error in '"
               << where << "'";
  if (!pass.empty() && pass != where)
    llvm::errs() << " (while running pass '" << pass << "')";
  llvm::errs() << ": " << msg << " [ICE] (" << file << ":" << line << ")\n";
  llvm::errs().flush();
  std::abort();
}

} // namespace pl::ir
