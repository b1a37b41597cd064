#include "frontend/source_range.h"

#include <gtest/gtest.h>

#include <map>

#include "fixture_reader.h"
#include "frontend/error_report.h"

namespace ember::jit {
namespace {

using testing::readFile;
using testing::readFixture;

TEST(SourceRange, HighlightMatchesPyTorchOnEveryFixtureRange) {
  auto blocks = readFixture(readFile(testing::frontendDataDir() / "highlight_cases.txt"), {"SOURCE", "RANGE"});
  std::map<int, SourcePtr> sources;
  size_t ranges = 0;
  for (const auto& block : blocks) {
    ASSERT_GE(block.header.size(), 4u);
    int index = std::stoi(block.header[1]);
    if (block.header[0] == "SOURCE") {
      const std::string& text = *block.section("BODY");
      sources[index] = block.header[2] == "-"
                           ? std::make_shared<Source>(text)
                           : std::make_shared<Source>(text, block.header[2], std::stoul(block.header[3]));
      continue;
    }
    ASSERT_TRUE(sources.count(index));
    SourceRange range(sources[index], std::stoul(block.header[2]), std::stoul(block.header[3]));
    EXPECT_EQ(range.highlight(), *block.section("BODY"))
        << "source " << index << " range [" << range.start() << ", " << range.end() << ")";
    ++ranges;
  }
  EXPECT_GT(ranges, 100u);
}

TEST(SourceRange, TorchScriptStyleExample) {
  auto src = std::make_shared<Source>("def f(x, y):\n    a = 1\n    return x + y\n", "model.py");
  size_t start = src->text().find("x + y");
  SourceRange range(src, start, start + 5);
  EXPECT_EQ(range.text(), "x + y");
  EXPECT_EQ(range.highlight(),
            "  File \"model.py\", line 3\n"
            "def f(x, y):\n"
            "    a = 1\n"
            "    return x + y\n"
            "           ~~~~~ <--- HERE\n");
}

TEST(SourceRange, FileLineColCountsFromStartingLine) {
  auto src = std::make_shared<Source>("a\nbb\nccc\n", "f.py", 10);
  auto flc = SourceRange(src, 6, 8).fileLineCol();
  ASSERT_TRUE(flc.has_value());
  EXPECT_EQ(flc->filename, "f.py");
  EXPECT_EQ(flc->line, 12u);
  EXPECT_EQ(flc->col, 1u);
  EXPECT_FALSE(SourceRange(std::make_shared<Source>("x"), 0, 1).fileLineCol().has_value());
}

TEST(SourceRange, LineOffsets) {
  Source src("a\nbb\n\nccc");
  EXPECT_EQ(src.numLines(), 4u);
  EXPECT_EQ(src.lineIndexForOffset(0), 0u);
  EXPECT_EQ(src.lineIndexForOffset(1), 0u);  // the newline belongs to its line
  EXPECT_EQ(src.lineIndexForOffset(2), 1u);
  EXPECT_EQ(src.lineIndexForOffset(5), 2u);
  EXPECT_EQ(src.lineIndexForOffset(6), 3u);
  EXPECT_EQ(src.lineIndexForOffset(100), 3u);
  EXPECT_EQ(src.offsetForLineIndex(3), 6u);
}

TEST(SourceRange, MergeAndOutOfRangeAreSafe) {
  auto src = std::make_shared<Source>("abc\n");
  SourceRange a(src, 0, 1);
  SourceRange b(src, 2, 3);
  EXPECT_EQ(a.merge(b), SourceRange(src, 0, 3));
  EXPECT_EQ(SourceRange().merge(b), b);
  SourceRange past(src, 10, 20);
  EXPECT_EQ(past.text(), "");
  EXPECT_EQ(past.highlight(), "");
  EXPECT_EQ(SourceRange().highlight(), "");
}

TEST(ErrorReport, MessageIsTextColonAndHighlight) {
  auto src = std::make_shared<Source>("def f(x):\n  return y\n", "<string>");
  size_t start = src->text().find('y');
  try {
    throwErrorAt(SourceRange(src, start, start + 1), "undefined value ", "y");
    FAIL() << "no exception";
  } catch (const Error& e) {
    EXPECT_EQ(std::string(e.what()),
              "undefined value y:\n"
              "  File \"<string>\", line 2\n"
              "def f(x):\n"
              "  return y\n"
              "         ~ <--- HERE\n");
    const auto* report = dynamic_cast<const ErrorReport*>(&e);
    ASSERT_NE(report, nullptr);
    EXPECT_EQ(report->shortMessage(), "undefined value y");
    EXPECT_EQ(report->range().start(), start);
  }
}

}  // namespace
}  // namespace ember::jit
