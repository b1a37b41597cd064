// ember's AliasDb against PyTorch's on every input graph of tests/compat/passes/cases_alias.py:
// has_writers of each value, may_contain_alias of each pair of values, and whether each node
// moves after/before each other node of its block (the "alias_db" cases of cases_alias.txt). Lives with the pass tests
// because it needs the real operator library.
#include <gtest/gtest.h>

#include <cstdlib>

#include "ember/ir/alias_analysis.h"
#include "pass_cases.h"
#include "passes/common_subexpression_elimination.h"
#include "passes/remove_mutation.h"

namespace ember::jit {
namespace {

// The order cases_alias.py's all_values uses.
void collect(Block* block, std::vector<Value*>& out) {
  for (Node* n : block->nodes()) {
    for (Block* b : n->blocks()) {
      for (Value* v : b->inputs()) out.push_back(v);
      collect(b, out);
    }
    for (Value* v : n->outputs()) out.push_back(v);
  }
}

std::shared_ptr<Graph> parse(const std::string& text) {
  auto g = std::make_shared<Graph>();
  parseIR(text, *g);
  return g;
}

// Every node, in order, nested blocks after their node, with a number for its block (as
// cases_alias.py's nodes_with_blocks).
void nodesWithBlocks(Block* block, int index, int& blocks, std::vector<std::pair<Node*, int>>& out) {
  for (Node* n : block->nodes()) {
    out.push_back({n, index});
    for (Block* b : n->blocks()) nodesWithBlocks(b, ++blocks, blocks, out);
  }
}

std::vector<std::pair<Node*, int>> nodesWithBlocks(Graph& g) {
  std::vector<std::pair<Node*, int>> out;
  int blocks = 0;
  nodesWithBlocks(g.block(), 0, blocks, out);
  return out;
}

// Whether node i moves after / before node j (two nodes of one block), each move on a fresh
// copy (as cases_alias.py).
std::string moveFacts(const std::string& text) {
  auto shape = nodesWithBlocks(*parse(text));
  std::string after, before;
  for (size_t i = 0; i < shape.size(); ++i) {
    for (size_t j = 0; j < shape.size(); ++j) {
      if (i == j || shape[i].second != shape[j].second) continue;
      for (bool isAfter : {true, false}) {
        auto g = parse(text);
        auto nodes = nodesWithBlocks(*g);
        AliasDb db(g);
        bool moved = isAfter ? db.moveAfterTopologicallyValid(nodes[i].first, nodes[j].first)
                             : db.moveBeforeTopologicallyValid(nodes[i].first, nodes[j].first);
        (isAfter ? after : before) += moved ? '1' : '0';
      }
    }
  }
  return "after " + after + "\nbefore " + before + "\n";
}

std::string aliasFacts(const std::string& text) {
  auto g = parse(text);
  AliasDb db(g);
  std::vector<Value*> vals(g->inputs().begin(), g->inputs().end());
  collect(g->block(), vals);
  std::string writers, contain;
  for (Value* v : vals) writers += db.hasWriters(v) ? '1' : '0';
  for (size_t i = 0; i < vals.size(); ++i)
    for (size_t j = i + 1; j < vals.size(); ++j) contain += db.mayContainAlias(vals[i], vals[j]) ? '1' : '0';
  return "writers " + writers + "\ncontain " + contain + "\n" + moveFacts(text);
}

TEST(AliasDbCompat, MatchesPyTorch) {
  auto path = ember::test::testsDir() / "compat" / "passes" / "cases_alias.txt";
  size_t count = 0;
  for (const testing::FixtureBlock& b : testing::readFixture(testing::readFile(path), {"CASE"})) {
    if (b.header.size() < 3 || b.header[2] != "alias_db") continue;
    ++count;
    const std::string& text = *b.section("BODY");
    EXPECT_EQ(aliasFacts(text), *b.section("EXPECTED")) << "case " << b.header[1] << "\n"
                                                        << AliasDb(parse(text)).toString();
  }
  EXPECT_GT(count, 0u);
}

}  // namespace
}  // namespace ember::jit

namespace ember::jit {
namespace {

// The program corpus's graphs through CSE and RemoveMutation, against PyTorch: run
// `cases_alias.py --corpus <build>/tests/compat/programs/expected DIR` first and set
// EMBER_ALIAS_CORPUS_DIR=DIR; skipped otherwise.
TEST(AliasDbCompat, CorpusGraphs) {
  const char* dir = std::getenv("EMBER_ALIAS_CORPUS_DIR");
  if (!dir) GTEST_SKIP() << "EMBER_ALIAS_CORPUS_DIR not set";
  size_t count = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    std::string file = entry.path().filename().string();
    if (entry.path().extension() != ".in") continue;
    std::string stem = file.substr(0, file.size() - 3);
    std::string passName = stem.substr(stem.rfind('.') + 1);
    auto g = std::make_shared<Graph>();
    try {
      parseIR(testing::readFile(entry.path()), *g);
    } catch (const Error& e) {
      ADD_FAILURE() << file << ": " << e.what();
      continue;
    }
    if (passName == "cse") {
      eliminateCommonSubexpression(g);
    } else if (passName == "remove_mutation") {
      removeMutation(g);
    } else {
      continue;
    }
    ++count;
    g->lint();
    std::string expected = testing::readFile(entry.path().parent_path() / (stem + ".out"));
    EXPECT_EQ(testing::normalizeGraphText(g->toString()), testing::normalizeGraphText(expected)) << file;
  }
  std::cout << "[ corpus ] " << count << " graphs\n";
  EXPECT_GT(count, 0u);
}

}  // namespace
}  // namespace ember::jit
