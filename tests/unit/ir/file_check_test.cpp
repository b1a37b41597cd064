// Tests for the FileCheck matcher used by IR and pass tests.
#include "ember/ir/file_check.h"

#include <gtest/gtest.h>

#include "ember/error.h"

namespace ember::jit {
namespace {

const char* kGraph =
    "graph(%x : Tensor):\n"
    "  %1 : int = prim::Constant[value=1]()\n"
    "  %2 : Tensor = aten::add(%x, %x, %1)\n"
    "  %3 : Tensor = aten::mul(%2, %2)\n"
    "  return (%3)\n";

TEST(FileCheckTest, CheckInOrder) {
  EXPECT_NO_THROW(FileCheck().check("prim::Constant").check("aten::add").check("return").run(kGraph));
  EXPECT_THROW(FileCheck().check("aten::mul").check("aten::add").run(kGraph), Error);
}

TEST(FileCheckTest, CheckNextAndSame) {
  EXPECT_NO_THROW(FileCheck().check("aten::add").checkNext("aten::mul").checkNext("return").run(kGraph));
  EXPECT_THROW(FileCheck().check("prim::Constant").checkNext("aten::mul").run(kGraph), Error);
  EXPECT_NO_THROW(FileCheck().check("aten::add").checkSame("%x, %x").run(kGraph));
  EXPECT_THROW(FileCheck().check("aten::add").checkSame("aten::mul").run(kGraph), Error);
}

TEST(FileCheckTest, CheckNotBetweenMatchesAndAtEnd) {
  EXPECT_NO_THROW(FileCheck().check("aten::add").checkNot("prim::Constant").check("return").run(kGraph));
  EXPECT_THROW(FileCheck().check("graph").checkNot("aten::add").check("return").run(kGraph), Error);
  EXPECT_THROW(FileCheck().check("aten::add").checkNot("return").run(kGraph), Error);
}

TEST(FileCheckTest, CheckCount) {
  EXPECT_NO_THROW(FileCheck().checkCount("aten::", 2).run(kGraph));
  EXPECT_THROW(FileCheck().checkCount("aten::", 3).run(kGraph), Error);
  EXPECT_THROW(FileCheck().checkCount("%2", 1, /*exactly=*/true).run(kGraph), Error);  // %2 appears 3 times
  EXPECT_NO_THROW(FileCheck().checkCount("%2", 3, /*exactly=*/true).run(kGraph));
}

TEST(FileCheckTest, CheckDagAnyOrder) {
  EXPECT_NO_THROW(FileCheck().checkDag("aten::mul").checkDag("aten::add").check("return").run(kGraph));
  EXPECT_THROW(FileCheck().checkDag("aten::mul").checkDag("aten::div").run(kGraph), Error);
  // Two DAG patterns may not claim the same text.
  EXPECT_THROW(FileCheck().checkDag("aten::mul").checkDag("aten::mul").run(kGraph), Error);
}

TEST(FileCheckTest, Regex) {
  EXPECT_NO_THROW(FileCheck().checkRegex(R"(aten::(add|sub)\(%x)").run(kGraph));
  EXPECT_THROW(FileCheck().checkRegex(R"(aten::sub)").run(kGraph), Error);
}

TEST(FileCheckTest, AnnotatedChecks) {
  const char* checks =
      "# CHECK: aten::add\n"
      "# CHECK-NEXT: aten::mul\n"
      "# CHECK-NOT: aten::div\n"
      "# CHECK-COUNT-1: return\n";
  EXPECT_NO_THROW(FileCheck::runAnnotated(checks, kGraph));
  EXPECT_THROW(FileCheck::runAnnotated("# CHECK: aten::div\n", kGraph), Error);
  EXPECT_THROW(FileCheck::runAnnotated("no directives here", kGraph), Error);
}

TEST(FileCheckTest, ErrorMessageHighlightsSearchPosition) {
  try {
    FileCheck().check("aten::mul").checkNext("prim::Constant").run(kGraph);
    FAIL() << "expected a failure";
  } catch (const Error& e) {
    std::string msg = e.what();
    EXPECT_NE(msg.find("Expected to find \"prim::Constant\""), std::string::npos) << msg;
    EXPECT_NE(msg.find("~~~ <--- HERE"), std::string::npos) << msg;
    EXPECT_NE(msg.find("From CHECK-NEXT: prim::Constant"), std::string::npos) << msg;
  }
}

}  // namespace
}  // namespace ember::jit
