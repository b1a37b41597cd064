#include "passes/jit_log.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <sstream>

#include "ember/ir/file_check.h"
#include "ember/ir/ir.h"
#include "ember/ir/ir_parser.h"
#include "passes/constant_propagation.h"
#include "passes/jit_opt_limit.h"

namespace ember::jit {
namespace {

// Sets the log variables for one test, captures the log, and restores everything afterwards.
class JitLogTest : public ::testing::Test {
 protected:
  void SetUp() override { setJitLogStream(&log_); }
  void TearDown() override {
    unsetenv("EMBER_JIT_LOG_LEVEL");
    unsetenv("PYTORCH_JIT_LOG_LEVEL");
    unsetenv("EMBER_JIT_OPT_LIMIT");
    unsetenv("PYTORCH_JIT_OPT_LIMIT");
    reparseJitLogEnvironment();
    reparseJitOptLimitEnvironment();
    setJitLogStream(nullptr);
  }
  void logLevel(const char* value, const char* var = "EMBER_JIT_LOG_LEVEL") {
    setenv(var, value, 1);
    reparseJitLogEnvironment();
  }
  void logAll() {
    GRAPH_DUMP("dumped", std::shared_ptr<Graph>());
    GRAPH_UPDATE("updated ", 42);
    GRAPH_DEBUG("debugged");
  }
  std::ostringstream log_;
};

TEST_F(JitLogTest, EmberVariableWinsOverPyTorchs) {
  setenv("PYTORCH_JIT_LOG_LEVEL", ">>jit_log_test", 1);
  logLevel("other_file");
  logAll();
  EXPECT_EQ(log_.str(), "");
}

TEST_F(JitLogTest, OffByDefault) {
  logLevel("");
  logAll();
  EXPECT_EQ(log_.str(), "");
  EXPECT_FALSE(isJitLogEnabled(__FILE__, JitLoggingLevel::Dump));
}

TEST_F(JitLogTest, PlainNameEnablesDumpOnly) {
  logLevel("jit_log_test");
  logAll();
  EXPECT_NE(log_.str().find("dumped"), std::string::npos);
  EXPECT_EQ(log_.str().find("updated"), std::string::npos);
  EXPECT_EQ(log_.str().find("debugged"), std::string::npos);
}

TEST_F(JitLogTest, OneArrowAddsUpdateTwoAddDebug) {
  logLevel("something_else:>jit_log_test.cpp");
  logAll();
  EXPECT_NE(log_.str().find("updated 42"), std::string::npos);
  EXPECT_EQ(log_.str().find("debugged"), std::string::npos);
  log_.str("");
  unsetenv("EMBER_JIT_LOG_LEVEL");  // it would win over PyTorch's
  logLevel(">>>jit_log_test", "PYTORCH_JIT_LOG_LEVEL");
  logAll();
  EXPECT_NE(log_.str().find("debugged"), std::string::npos);
}

TEST_F(JitLogTest, OtherFilesDoNotLog) {
  logLevel(">>dead_code_elimination:constant_propagation");
  logAll();
  EXPECT_EQ(log_.str(), "");
}

TEST_F(JitLogTest, EveryLineGetsPyTorchsPrefix) {
  EXPECT_EQ(jitLogPrefix(JitLoggingLevel::Dump, "/a/b/constant_propagation.cpp", 42, "x\ny\n"),
            "[DUMP constant_propagation.cpp:042] x\n[DUMP constant_propagation.cpp:042] y\n");
  EXPECT_EQ(jitLogPrefix(JitLoggingLevel::Update, "peephole.cpp", 1234, "z"), "[UPDATE peephole.cpp:1234] z\n");
}

std::shared_ptr<Graph> threeFolds() {
  auto g = std::make_shared<Graph>();
  parseIR(R"IR(
graph():
  %a : int = prim::Constant[value=2]()
  %b : int = aten::add(%a, %a)
  %c : int = aten::mul(%a, %a)
  %d : int = aten::sub(%a, %a)
  %r : (int, int, int) = prim::TupleConstruct(%b, %c, %d)
  return (%r)
)IR",
          *g);
  return g;
}

TEST_F(JitLogTest, PassDumpsGraphAndUpdates) {
  logLevel(">constant_propagation");
  auto g = threeFolds();
  constantPropagation(g);
  FileCheck()
      .check("[UPDATE constant_propagation.cpp:")
      .check("Folding aten::add")
      .check("[DUMP constant_propagation.cpp:")
      .check("After ConstantPropagation")
      .check("[DUMP constant_propagation.cpp:")
      .check("return (")
      .run(log_.str());
}

TEST_F(JitLogTest, OptLimitBoundsRewrites) {
  setenv("EMBER_JIT_OPT_LIMIT", "constant_propagation=1", 1);
  reparseJitOptLimitEnvironment();
  auto g = threeFolds();
  constantPropagation(g);
  // one of the three operators folded, two remain
  FileCheck().check("aten::mul").check("aten::sub").run(g->toString());
  FileCheck().checkNot("aten::add").run(g->toString());
  // the budget is spent: nothing more folds until the counts are reset
  constantPropagation(g);
  FileCheck().check("aten::mul").run(g->toString());
  reparseJitOptLimitEnvironment();
  constantPropagation(g);
  FileCheck().checkNot("aten::mul").check("aten::sub").run(g->toString());
}

TEST_F(JitLogTest, OptLimitZeroAndOtherFiles) {
  setenv("PYTORCH_JIT_OPT_LIMIT", "peephole=0:constant_propagation=0", 1);
  reparseJitOptLimitEnvironment();
  EXPECT_FALSE(jitOptAllowed("src/passes/peephole.cpp"));
  EXPECT_TRUE(jitOptAllowed("loop_unrolling.cpp"));
  auto g = threeFolds();
  EXPECT_FALSE(constantPropagation(g));
}

TEST_F(JitLogTest, OptLimitMalformedIsAnError) {
  setenv("EMBER_JIT_OPT_LIMIT", "peephole=abc", 1);
  EXPECT_THROW(reparseJitOptLimitEnvironment(), Error);
  setenv("EMBER_JIT_OPT_LIMIT", "peephole", 1);
  EXPECT_THROW(reparseJitOptLimitEnvironment(), Error);
}

}  // namespace
}  // namespace ember::jit
