#include "passes/pass_registry.h"

#include <gtest/gtest.h>

#include <set>
#include <sstream>

#include "ember/error.h"
#include "ember/ir/file_check.h"
#include "ember/ir/ir.h"
#include "ember/ir/ir_parser.h"

namespace ember::jit {
namespace {

std::shared_ptr<Graph> parse(const std::string& text) {
  auto g = std::make_shared<Graph>();
  parseIR(text, *g);
  return g;
}

const char* kFoldable = R"IR(
graph(%x : int):
  %a : int = prim::Constant[value=2]()
  %b : int = aten::mul(%a, %a)
  %unused : int = aten::neg(%x)
  %r : int = aten::add(%x, %b)
  return (%r)
)IR";

TEST(PassRegistry, NamesArePyTorchsAndUnique) {
  std::set<std::string> names;
  for (const PassInfo& p : registeredPasses()) {
    EXPECT_TRUE(names.insert(p.name).second) << "duplicate " << p.name;
    EXPECT_FALSE(p.summary.empty()) << p.name;
    EXPECT_EQ(p.summary.find('\n'), std::string::npos) << p.name;
  }
  for (const char* expected : {"inline", "dce", "constant_propagation", "constant_propagation_immutable_types",
                               "constant_pooling", "peephole", "loop_unrolling", "lower_all_tuples", "canonicalize",
                               "remove_expands", "fuse_addmm", "inline_fork_wait", "lint"})
    EXPECT_TRUE(findPass(expected)) << expected;
  EXPECT_EQ(findPass("no_such_pass"), nullptr);
}

TEST(PassRegistry, UnknownNameListsKnownOnes) {
  auto g = parse(kFoldable);
  try {
    runPassPipeline(g, "dce,frobnicate");
    FAIL() << "expected an error";
  } catch (const Error& e) {
    std::string msg = e.what();
    EXPECT_NE(msg.find("unknown pass 'frobnicate'"), std::string::npos) << msg;
    EXPECT_NE(msg.find("constant_propagation"), std::string::npos) << msg;
  }
  // nothing ran: names are checked before the first pass
  FileCheck().check("aten::neg").run(g->toString());
  EXPECT_THROW(runPassPipeline(g, ""), Error);
  EXPECT_THROW(runPassPipeline(g, "dce,,peephole"), Error);
  EXPECT_THROW(runPassPipeline(g, "dce,"), Error);
  EXPECT_THROW(runPass("nope", g), Error);
}

TEST(PassRegistry, PipelineRunsInOrderWithStatistics) {
  auto g = parse(kFoldable);
  PipelineOptions options;
  options.lintAfterEach = true;
  PipelineReport report = runPassPipeline(g, " constant_propagation , dce,lint ", options);
  ASSERT_EQ(report.steps.size(), 3u);
  EXPECT_EQ(report.steps[0].pass, "constant_propagation");
  EXPECT_TRUE(report.steps[0].result.changed);
  EXPECT_EQ(report.steps[0].result.nodesBefore, 4u);
  EXPECT_EQ(report.steps[0].result.nodesAfter, 2u);
  EXPECT_FALSE(report.steps[2].result.changed);
  EXPECT_TRUE(report.changed());
  FileCheck().check("value=4").check("aten::add").run(g->toString());
  FileCheck().checkNot("aten::mul").checkNot("aten::neg").run(g->toString());
  FileCheck().check("constant_propagation: changed").check("lint: unchanged").run(report.summary());
}

TEST(PassRegistry, PrintAfterChangeOnlyPrintsChangedPasses) {
  auto g = parse(kFoldable);
  std::ostringstream out;
  PipelineOptions options;
  options.printAfterChange = true;
  options.out = &out;
  runPassPipeline(g, "lint,dce,lint", options);
  FileCheck().check("-- after dce --").checkNot("-- after lint").run(out.str());
  FileCheck().check("-- after dce --").checkNot("aten::neg").check("return").run(out.str());
  std::ostringstream all;
  options.printAfterChange = false;
  options.printAfterEach = true;
  options.out = &all;
  runPassPipeline(g, "lint,dce", options);
  FileCheck().check("-- after lint (unchanged) --").check("-- after dce (unchanged) --").run(all.str());
}

// The flag is the passes' own (pooling, inlining) or from comparing the printed graph (dce):
// either way a second run changes nothing.
TEST(PassRegistry, ChangedFlagsSettle) {
  auto g = parse(R"IR(
graph(%x : int):
  %a : int = aten::neg(%x)
  %one : int = prim::Constant[value=1]()
  %b : int = aten::add(%a, %one)
  %one2 : int = prim::Constant[value=1]()
  %dead : int = aten::mul(%x, %one2)
  %c : int = aten::add(%b, %one2)
  return (%c)
)IR");
  for (const char* pass : {"constant_pooling", "dce", "inline"}) {
    bool expected = std::string(pass) != "inline";
    EXPECT_EQ(runPass(pass, g).changed, expected) << pass;
    EXPECT_FALSE(runPass(pass, g).changed) << pass << " run twice";
  }
  FileCheck().checkCount("prim::Constant", 1, true).checkNot("aten::mul").run(g->toString());
}

TEST(PassRegistry, CanonicalizeReplacesTheGraph) {
  auto g = parse(R"IR(
graph(%x : int):
  %7 : int = aten::neg(%x)
  %3 : int = aten::neg(%7)
  return (%3)
)IR");
  Graph* before = g.get();
  runPass("canonicalize", g);
  EXPECT_NE(g.get(), before);
  FileCheck().check("%1 : int = aten::neg(%x)").check("%2 : int = aten::neg(%1)").run(g->toString());
}

}  // namespace
}  // namespace ember::jit
