// Lexer of the IR text form: identifiers, numbers, strings, punctuation; `//` and `/* */` comments.
#include "ir/lexer.h"
#include "ir/dtype.h"
#include "ir/type.h"

#include <algorithm>
#include <array>
#include <cctype>

namespace pl::ir {

namespace {

constexpr std::string_view kKeywords[] = {
    "for",    "if",     "else",   "while",  "yield",  "return", "break",    "continue",
    "scope",  "inline", "carry",  "submit", "true",   "false",  "null",     "inf",
    "nan",    "cast",   "min",    "max",    "pow",    "xor",    "abs",      "floordiv",
    "truncdiv", "truncmod",
    "Tensor", "Tile",   "Scalar", "Tuple",  "MemRef", "Ptr",    "Array",    "Unknown",
    "program", "In",    "Out",    "InOut",  "view",   "auto"};

/// Longest first so that "<<" wins over "<". There is no ">>" token: the parser reads two
/// adjacent ">" as a shift, so that `Tuple<Tile<fp32, 4>>` needs no space.
constexpr std::string_view kPuncts[] = {
    "->", "<<", "<=", ">=", "==", "!=", "&&", "||", "{", "}", "(", ")", "[", "]", "<", ">",
    "=",  ",",  ";",  ":",  ".",  "+",  "-",  "*",  "/",  "%", "&", "|", "^", "~", "!", "@"};

/// The named escapes of a string literal: the letter after the backslash and the character it
/// stands for. quoteString writes the `quoted` ones this way (the others as themselves or \xHH).
struct Escape {
  char letter, ch;
  bool quoted;
};
constexpr Escape kEscapes[] = {{'n', '\n', true},  {'t', '\t', true},  {'r', '\r', true},
                               {'0', '\0', false}, {'\\', '\\', true}, {'"', '"', true},
                               {'\'', '\'', false}};

bool isIdentStart(char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_'; }
bool isIdentChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }
bool isDigit(char c) { return c >= '0' && c <= '9'; }

class Lexer {
public:
  Lexer(std::string_view text, const std::shared_ptr<const std::string> &file,
        DiagnosticEngine &diags)
      : text_(text), file_(file), diags_(diags) {}

  std::vector<Token> run() {
    std::vector<Token> out;
    while (true) {
      if (!skipSpaceAndComments()) {
        out.push_back(errorToken());
        return out;
      }
      Token t = next();
      bool stop = t.kind == TokKind::Eof || t.kind == TokKind::Error;
      out.push_back(std::move(t));
      if (stop)
        return out;
    }
  }

private:
  char peek(size_t k = 0) const { return pos_ + k < text_.size() ? text_[pos_ + k] : '\0'; }
  bool atEnd() const { return pos_ >= text_.size(); }
  void advance() {
    if (text_[pos_] == '\n') {
      ++line_;
      col_ = 1;
    } else {
      ++col_;
    }
    ++pos_;
  }
  Token make(TokKind k, std::string text, int line, int col) const {
    Token t;
    t.kind = k;
    t.text = std::move(text);
    t.line = line;
    t.col = col;
    return t;
  }
  Token errorToken() const { return make(TokKind::Error, "", errLine_, errCol_); }
  void fail(int line, int col, const std::string &msg) {
    diags_.error("P001", Span(file_, line, col), msg);
    errLine_ = line;
    errCol_ = col;
  }

  bool skipSpaceAndComments();
  Token next();
  Token number(int line, int col);
  Token string(int line, int col);
  bool escape(std::string &out);

  std::string_view text_;
  std::shared_ptr<const std::string> file_;
  DiagnosticEngine &diags_;
  size_t pos_ = 0;
  int line_ = 1, col_ = 1;
  int errLine_ = 1, errCol_ = 1;
};

bool Lexer::skipSpaceAndComments() {
  while (!atEnd()) {
    char c = peek();
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v') {
      advance();
    } else if (c == '/' && peek(1) == '/') {
      while (!atEnd() && peek() != '\n')
        advance();
    } else if (c == '/' && peek(1) == '*') {
      int line = line_, col = col_;
      advance();
      advance();
      while (!atEnd() && !(peek() == '*' && peek(1) == '/'))
        advance();
      if (atEnd()) {
        fail(line, col, "unterminated '/*' comment; expected '*/' before the end of the file");
        return false;
      }
      advance();
      advance();
    } else {
      return true;
    }
  }
  return true;
}

Token Lexer::next() {
  int line = line_, col = col_;
  if (atEnd())
    return make(TokKind::Eof, "", line, col);
  char c = peek();
  if (isIdentStart(c)) {
    size_t start = pos_;
    while (!atEnd() && isIdentChar(peek()))
      advance();
    return make(TokKind::Ident, std::string(text_.substr(start, pos_ - start)), line, col);
  }
  if (isDigit(c))
    return number(line, col);
  if (c == '"')
    return string(line, col);
  for (std::string_view p : kPuncts)
    if (text_.substr(pos_, p.size()) == p) {
      for (size_t i = 0; i < p.size(); ++i)
        advance();
      return make(TokKind::Punct, std::string(p), line, col);
    }
  std::string shown = std::isprint(static_cast<unsigned char>(c))
                          ? "'" + std::string(1, c) + "'"
                          : "byte " + std::to_string(static_cast<unsigned char>(c));
  fail(line, col, "unexpected character " + shown + "; expected a token of the IR text form");
  return errorToken();
}

Token Lexer::number(int line, int col) {
  size_t start = pos_;
  bool isFloat = false;
  while (isDigit(peek()))
    advance();
  if (peek() == '.' && isDigit(peek(1))) {
    isFloat = true;
    advance();
    while (isDigit(peek()))
      advance();
  }
  if ((peek() == 'e' || peek() == 'E') &&
      (isDigit(peek(1)) || ((peek(1) == '+' || peek(1) == '-') && isDigit(peek(2))))) {
    isFloat = true;
    advance();
    if (peek() == '+' || peek() == '-')
      advance();
    while (isDigit(peek()))
      advance();
  }
  if (isIdentChar(peek())) {
    fail(line_, col_, "unexpected character '" + std::string(1, peek()) +
                          "' in a number; expected a digit, '.', an exponent or a separator");
    return errorToken();
  }
  return make(isFloat ? TokKind::Float : TokKind::Int,
              std::string(text_.substr(start, pos_ - start)), line, col);
}

bool Lexer::escape(std::string &out) {
  int line = line_, col = col_;
  advance(); // backslash
  char c = peek();
  for (const Escape &e : kEscapes)
    if (c == e.letter) {
      out += e.ch;
      advance();
      return true;
    }
  if (c != 'x') {
    fail(line, col, "unknown escape in a string; expected one of \\n \\t \\r \\0 \\\\ \\\" \\xHH");
    return false;
  }
  auto hex = [](char h) {
    return std::isxdigit(static_cast<unsigned char>(h))
               ? (isDigit(h) ? h - '0' : (std::tolower(static_cast<unsigned char>(h)) - 'a' + 10))
               : -1;
  };
  int hi = hex(peek(1)), lo = hex(peek(2));
  if (hi < 0 || lo < 0) {
    fail(line, col, "bad '\\x' escape in a string; expected two hex digits");
    return false;
  }
  advance();
  advance();
  out += static_cast<char>(hi * 16 + lo);
  advance();
  return true;
}

Token Lexer::string(int line, int col) {
  advance(); // opening quote
  std::string out;
  while (true) {
    if (atEnd() || peek() == '\n') {
      fail(line, col, "unterminated string; expected '\"' before the end of the line");
      return errorToken();
    }
    char c = peek();
    if (c == '"') {
      advance();
      return make(TokKind::String, std::move(out), line, col);
    }
    if (c == '\\') {
      if (!escape(out))
        return errorToken();
      continue;
    }
    out += c;
    advance();
  }
}

} // namespace

std::vector<Token> lexIR(std::string_view text, const std::shared_ptr<const std::string> &file,
                         DiagnosticEngine &diags) {
  return Lexer(text, file, diags).run();
}

bool isReservedWord(std::string_view s) {
  for (std::string_view k : kKeywords)
    if (k == s)
      return true;
  return parseDataType(s).has_value() || parseMemorySpace(s).has_value();
}

bool isIdentifier(std::string_view s) {
  if (s.empty() || !isIdentStart(s[0]))
    return false;
  for (char c : s)
    if (!isIdentChar(c))
      return false;
  return true;
}

std::string quoteString(std::string_view s) {
  static const char *hexDigits = "0123456789abcdef";
  std::string out = "\"";
  for (char c : s) {
    unsigned char u = static_cast<unsigned char>(c);
    auto e = std::find_if(std::begin(kEscapes), std::end(kEscapes),
                          [&](const Escape &x) { return x.quoted && x.ch == c; });
    if (e != std::end(kEscapes)) {
      out += '\\';
      out += e->letter;
    } else if (u < 0x20 || u == 0x7f) {
      out += "\\x";
      out += hexDigits[u >> 4];
      out += hexDigits[u & 15];
    } else {
      out += c;
    }
  }
  return out + "\"";
}

std::string describeToken(const Token &t) {
  switch (t.kind) {
  case TokKind::Eof: return "the end of the file";
  case TokKind::Ident: return "'" + t.text + "'";
  case TokKind::Int: return "integer '" + t.text + "'";
  case TokKind::Float: return "number '" + t.text + "'";
  case TokKind::String: return "string " + quoteString(t.text);
  case TokKind::Punct: return "'" + t.text + "'";
  case TokKind::Error: return "an invalid token";
  }
  return "a token";
}

} // namespace pl::ir
