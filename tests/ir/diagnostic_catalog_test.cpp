// The diagnostic catalogue (ir/diagnostics.def) as the tools read it: lookup by code, the
// severities --no-warn may silence, --explain's text. That every emitted code is declared is
// ctest diagnostics.catalogue (.ci/diagnostics.py check).
#include "ir/diagnostic_catalog.h"

#include <gtest/gtest.h>

#include <set>
#include <string>

using namespace pl::ir;

TEST(DiagnosticCatalog, FindsEveryEntryByItsCode) {
  std::set<std::string_view> seen;
  ASSERT_GT(diagnosticCatalog().size(), 250u);
  for (const DiagnosticInfo &d : diagnosticCatalog()) {
    EXPECT_TRUE(seen.insert(d.code).second) << d.code << " is declared twice";
    EXPECT_EQ(findDiagnostic(d.code), &d) << d.code;
    EXPECT_FALSE(d.meaning.empty()) << d.code;
    EXPECT_NE(d.doc.find(".md"), std::string_view::npos) << d.code;
  }
  EXPECT_EQ(findDiagnostic("F999"), nullptr);
  EXPECT_EQ(findDiagnostic(""), nullptr);
  EXPECT_EQ(findDiagnostic("f375"), nullptr); // codes are case-sensitive
}

TEST(DiagnosticCatalog, SeveritiesAndSilencing) {
  const DiagnosticInfo *write = findDiagnostic("F375");
  ASSERT_NE(write, nullptr);
  EXPECT_EQ(write->kind, DiagnosticKind::Error);
  EXPECT_FALSE(canSilence(*write));
  const DiagnosticInfo *unused = findDiagnostic("F370");
  ASSERT_NE(unused, nullptr);
  EXPECT_EQ(unused->kind, DiagnosticKind::Warning);
  EXPECT_TRUE(canSilence(*unused));
  const DiagnosticInfo *offset = findDiagnostic("CO001"); // a warning on a conditional path
  ASSERT_NE(offset, nullptr);
  EXPECT_EQ(offset->kind, DiagnosticKind::ErrorOrWarning);
  EXPECT_TRUE(canSilence(*offset));
  const DiagnosticInfo *ice = findDiagnostic("ICE");
  ASSERT_NE(ice, nullptr);
  EXPECT_FALSE(canSilence(*ice));
  const DiagnosticInfo *retired = findDiagnostic("TH003");
  ASSERT_NE(retired, nullptr);
  EXPECT_TRUE(retired->reserved);
  EXPECT_FALSE(findDiagnostic("TH001")->reserved);
}

TEST(DiagnosticCatalog, ExplainPrintsTheEntry) {
  EXPECT_EQ(explainDiagnostic(*findDiagnostic("F006")),
            "F006 (warning; translator): the file has no marked function; it is written "
            "unchanged\n  see docs/translator.md#diagnostics\n");
  EXPECT_EQ(explainDiagnostic(*findDiagnostic("V002")).substr(0, 23), "V002 (reserved; passes)");
  EXPECT_EQ(diagnosticKindName(DiagnosticKind::ErrorOrWarning), "error or warning");
}
