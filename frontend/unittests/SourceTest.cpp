//===- SourceTest.cpp - positions and diagnostic formatting ---------------===//

#include "trident/Frontend/Source.h"

#include <gtest/gtest.h>

using namespace trident::frontend;

TEST(SourceTest, OffsetsMapToOneBasedLinesAndColumns) {
  SourceFile file("k.py", "ab\ncd\n\nef");
  SourceLoc loc = file.locForOffset(4);
  EXPECT_EQ(loc.line, 2u);
  EXPECT_EQ(loc.column, 2u);
  EXPECT_EQ(file.locForOffset(7).line, 4u);
  EXPECT_EQ(file.locForOffset(1000).line, 4u);
  EXPECT_EQ(file.lineText(2), "cd");
  EXPECT_EQ(file.lineText(3), "");
  EXPECT_EQ(file.lineText(9), "");
}

TEST(SourceTest, DiagnosticShowsLineAndCaret) {
  SourceFile file("k.py", "x = 1\n\ty = $\n");
  Diagnostic diag{Severity::Error, file.locForOffset(11), "bad thing"};
  EXPECT_EQ(formatDiagnostic(file, diag),
            "k.py:2:6: error: bad thing\n\ty = $\n\t    ^\n");
}
