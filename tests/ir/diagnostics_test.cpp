// The diagnostics engine's format: one line per message ending in its code, the source line cut
// around the caret when it is long.
#include "ir/diagnostics.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

using namespace pl::ir;

namespace {

std::string formatOne(const std::string &source, int line, int col, const std::string &msg) {
  DiagnosticEngine d;
  d.addSourceBuffer("x.cpp", source);
  d.error("X001", Span(internFileName("x.cpp"), line, col), msg);
  return d.formatAll();
}

} // namespace

// Printed IR inside a message may span lines: the message is still one line ending in its code.
TEST(Diagnostics, MessageIsOneLine) {
  EXPECT_EQ(formatOne("int a;\n", 1, 5, "'for i:\n    x = 1\n  ' may not be here"),
            "x.cpp:1:5: error: 'for i: x = 1 ' may not be here [X001]\nint a;\n    ^\n");
  EXPECT_EQ(formatOne("int a;\n", 1, 1, "trailing\n"),
            "x.cpp:1:1: error: trailing [X001]\nint a;\n^\n");
}

// A short line is shown whole; a long one is cut to 160 bytes around the caret, "..." on each cut
// side, the caret still under the column it names; UTF-8 sequences are never split.
TEST(Diagnostics, LongSourceLinesAreCut) {
  EXPECT_EQ(formatOne("\tint a;\n", 1, 6, "m"), "x.cpp:1:6: error: m [X001]\n\tint a;\n\t    ^\n");
  const std::string longLine = std::string(1000, 'a') + "X" + std::string(100000, 'b');
  std::string out = formatOne(longLine + "\n", 1, 1001, "m");
  EXPECT_LT(out.size(), 400u);
  std::string shown = out.substr(out.find('\n') + 1);
  std::string text = shown.substr(0, shown.find('\n'));
  std::string caret = shown.substr(shown.find('\n') + 1);
  EXPECT_EQ(text.substr(0, 3), "...");
  EXPECT_EQ(text.substr(text.size() - 3), "...");
  EXPECT_EQ(text.size(), 166u);
  EXPECT_EQ(text[caret.find('^')], 'X');
  // At the start of a long line only the end is cut.
  out = formatOne(longLine, 1, 1, "m");
  EXPECT_THAT(out, ::testing::HasSubstr("\naaaa"));
  EXPECT_THAT(out, ::testing::HasSubstr("...\n^\n"));
  // A cut that would land inside a multi-byte character moves to its boundary.
  std::string utf8;
  for (int i = 0; i < 200; ++i)
    utf8 += "\xC3\xA9"; // é
  // Byte 201 is inside a character.
  out = formatOne(utf8 + "\n", 1, 202, "m");
  text = out.substr(out.find('\n') + 1);
  text = text.substr(0, text.find('\n'));
  EXPECT_EQ(text.substr(0, 3), "...");
  EXPECT_EQ(static_cast<unsigned char>(text[3]), 0xC3u) << text;
  EXPECT_EQ(static_cast<unsigned char>(text[text.size() - 4]), 0xA9u) << text;
}
