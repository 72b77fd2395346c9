// Diagnostics engine: collection, clang-style formatting with source line and caret.
#include "ir/diagnostics.h"
#include "ir/internal_error.h"

#include "llvm/Support/raw_ostream.h"

#include <algorithm>
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

namespace {

/// `msg` on one line: every line break, with the indentation around it, becomes one space (a
/// diagnostic is one line that ends in its code; printed IR inside a message may span lines).
std::string oneLine(const std::string &msg) {
  if (msg.find('\n') == std::string::npos)
    return msg;
  std::string out;
  for (size_t i = 0; i < msg.size(); ++i) {
    if (msg[i] != '\n') {
      out += msg[i];
      continue;
    }
    while (!out.empty() && (out.back() == ' ' || out.back() == '\t'))
      out.pop_back();
    while (i + 1 < msg.size() && (msg[i + 1] == ' ' || msg[i + 1] == '\t' || msg[i + 1] == '\n'))
      ++i;
    if (!out.empty() && i + 1 < msg.size())
      out += ' ';
  }
  return out;
}

/// The source line and its caret line. A line longer than kMaxShown bytes is cut, as Clang
/// does, to a window of kMaxShown bytes around the caret, each cut side marked "...".
std::string snippet(const std::string &line, int col) {
  constexpr size_t kMaxShown = 160;
  const size_t caretAt = col > 0 ? std::min(static_cast<size_t>(col - 1), line.size()) : 0;
  size_t begin = 0, end = line.size();
  if (line.size() > kMaxShown) {
    begin = caretAt > kMaxShown / 2 ? caretAt - kMaxShown / 2 : 0;
    end = std::min(line.size(), begin + kMaxShown);
    begin = end - kMaxShown;
    // Never cut inside a UTF-8 sequence.
    auto continuation = [&](size_t i) { return i < line.size() && (line[i] & 0xC0) == 0x80; };
    while (begin > 0 && continuation(begin))
      --begin;
    while (continuation(end))
      ++end;
  }
  const std::string pre = begin > 0 ? "..." : "", post = end < line.size() ? "..." : "";
  std::string caret(pre.size(), ' ');
  for (size_t i = begin; i < caretAt; ++i)
    caret += line[i] == '\t' ? '\t' : ' ';
  return pre + line.substr(begin, end - begin) + post + "\n" + caret + "^\n";
}

} // namespace

std::string DiagnosticEngine::format(const Diagnostic &d) const {
  std::string out;
  auto one = [&](const Span &span, const char *sev, const std::string &msg, const std::string &code) {
    out += span.valid() ? span.str() : std::string("<unknown>");
    out += ": ";
    out += sev;
    out += ": ";
    out += oneLine(msg);
    if (!code.empty())
      out += " [" + code + "]";
    out += "\n";
    std::string line = sourceLine(span);
    if (!line.empty())
      out += snippet(line, span.col);
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
