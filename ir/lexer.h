// Tokens of the IR text form and the lexer that produces them (comments are skipped).
#pragma once

#include "ir/diagnostics.h"

#include <string>
#include <string_view>
#include <vector>

namespace pl::ir {

enum class TokKind : uint8_t {
  Eof, Ident, Int, Float, String, Punct, Error
};

struct Token {
  TokKind kind = TokKind::Eof;
  std::string text; ///< identifier / punctuation spelling; decoded contents for strings
  int line = 1;
  int col = 1;
  bool is(std::string_view punctOrWord) const {
    return (kind == TokKind::Punct || kind == TokKind::Ident) && text == punctOrWord;
  }
};

/// Splits `text` into tokens, ending with one Eof token. A malformed token (stray character,
/// unterminated string or comment, bad escape) is reported as P001 and the result ends with an
/// Error token at that place.
std::vector<Token> lexIR(std::string_view text, const std::shared_ptr<const std::string> &file,
                         DiagnosticEngine &diags);

/// Words with a fixed meaning in the text form (keywords, type names, dtypes, memory spaces,
/// builtins); variables never print as one of them.
bool isReservedWord(std::string_view s);
/// [A-Za-z_][A-Za-z0-9_]*
bool isIdentifier(std::string_view s);
/// A string literal with C escapes.
std::string quoteString(std::string_view s);
/// How a token is shown in "found ..." messages.
std::string describeToken(const Token &t);

} // namespace pl::ir
