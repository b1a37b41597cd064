// Overload resolution against PyTorch 1.13 (gen.py records each call's graph and result): ember
// must compile every call, resolve each operator node to the overload PyTorch resolved it to,
// and give the same result, or a run-time error where PyTorch gives one.
//
// A call whose PyTorch overload ember does not register is counted, not checked (that is a
// missing operator, which `ember ops --missing` reports). Calls listed in known_failing.txt may
// fail; the list must only shrink (a listed call that passes fails the test).
//
// The calls run in a forked child that reports one line per call, so a crash or a hang costs
// one call (the child is restarted after it). Options: --fixtures DIR (gen.py's output);
// environment EMBER_OVERLOADS_VERBOSE=1 prints every failure.
#include <gtest/gtest.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "compat/child_runner.h"
#include "ember/core/operator.h"
#include "ember/frontend/compile.h"
#include "ember/ir/ir.h"
#include "ember_test_source_dir.h"
#include "support/ivalue_json.h"

namespace ember::jit {
namespace {

using json = nlohmann::json;
namespace fs = std::filesystem;

std::string gFixtures;

// Kept in step with gen.py's STRUCTURAL.
const std::set<std::string> kStructural = {
    "prim::Constant",      "prim::ListConstruct", "prim::TupleConstruct", "prim::ListUnpack",
    "prim::TupleUnpack",   "prim::If",            "prim::Loop",           "prim::GetAttr",
    "prim::unchecked_cast", "prim::RaiseException", "prim::Uninitialized", "prim::TupleIndex",
    "prim::DictConstruct"};

std::string readText(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream buf;
  buf << in.rdbuf();
  return buf.str();
}

void collectNodes(const Block* block, json& out) {
  for (const Node* n : block->nodes()) {
    std::string kind = n->kind().toQualString();
    if (!kStructural.count(kind)) {
      const FunctionSchema* schema = n->maybeSchema();
      out.push_back(json::array({kind, schema ? schema->operatorName().str() : ""}));
    }
    for (const Block* b : n->blocks()) collectNodes(b, out);
  }
}

// The first overload PyTorch's graph calls that ember does not register, or "". A call that
// PyTorch compiles to a call of a scripted Python function (torch.norm is torch.functional.norm)
// is ember's functional library's concern, not overload resolution: reported as missing too.
std::string missingOperator(const json& nodes) {
  for (const json& n : nodes) {
    if (n.at(0) == "prim::CallFunction") return "prim::CallFunction (a scripted torch function)";
    std::string name = n.at(1);
    if (!name.empty() && !OperatorRegistry::global().findOperator(name)) return name;
  }
  return "";
}

// "P" pass, "S<op>" skipped (ember lacks the overload PyTorch picked), "F<reason>" fail.
std::string checkCall(const json& c, const json& inputs) {
  if (std::string op = missingOperator(c.at("nodes")); !op.empty()) return "S" + op;
  std::shared_ptr<CompilationUnit> cu;
  try {
    cu = compile(c.at("source").get<std::string>());
  } catch (const std::exception& e) {
    std::string msg = e.what();
    return "Fcompile error: " + msg.substr(0, msg.find('\n'));
  }
  Function* fn = cu->findFunction("call");
  json nodes = json::array();
  collectNodes(fn->graph()->block(), nodes);
  if (nodes != c.at("nodes")) return "Foverloads: ember " + nodes.dump() + ", PyTorch " + c.at("nodes").dump();
  const auto& params = fn->getSchema().arguments();
  std::vector<IValue> args;
  for (size_t i = 0; i < inputs.size(); ++i) args.push_back(testing_support::decode(inputs[i], params.at(i).type()));
  IValue result;
  try {
    result = (*fn)(args);
  } catch (const std::exception& e) {
    if (c.contains("error")) return "P";
    std::string msg = e.what();
    return "Frun-time error where PyTorch returns: " + msg.substr(0, msg.find('\n'));
  }
  if (c.contains("error"))
    return "Fran, but PyTorch raises (" + c.at("error").get<std::string>() + "): got " + testing_support::show(result);
  std::string why;
  if (c.value("values_unchecked", false)) return "P";  // random or uninitialised values
  if (!testing_support::match(result, c.at("result"), why)) return "Fresult: " + why;
  return "P";
}

std::set<std::string> readKnownFailing() {
  std::set<std::string> out;
  std::istringstream in(readText(ember::test::testsDir() / "compat" / "overloads" / "known_failing.txt"));
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    size_t hash = line.find("  #");
    std::string call = line.substr(0, hash);
    while (!call.empty() && call.back() == ' ') call.pop_back();
    out.insert(call);
  }
  return out;
}

TEST(Overloads, ResolveAndRunLikePyTorch) {
  ASSERT_FALSE(gFixtures.empty()) << "pass --fixtures DIR (gen.py's output)";
  json data = json::parse(readText(fs::path(gFixtures) / "cases.json"));
  const json& cases = data.at("cases");
  const json& inputs = data.at("inputs");
  bool verbose = std::getenv("EMBER_OVERLOADS_VERBOSE") != nullptr;
  std::set<std::string> known = readKnownFailing();

  std::vector<std::string> outcome = testing_support::runAllInChildren(
      cases.size(), [&](size_t i) { return checkCall(cases[i], inputs); }, 20, "Fcrashed or timed out");
  size_t passed = 0, skipped = 0, failed = 0, hand = 0, handChecked = 0;
  std::map<std::string, size_t> skippedOps;
  std::vector<std::string> unexpected, nowPassing;
  for (size_t i = 0; i < cases.size(); ++i) {
    std::string call = cases[i].at("call");
    const std::string& r = outcome[i];
    bool isHand = cases[i].at("origin") == "hand";
    hand += isHand;
    if (r[0] == 'S') {
      ++skipped;
      ++skippedOps[r.substr(1)];
      continue;
    }
    handChecked += isHand;
    if (r[0] == 'P') {
      ++passed;
      if (known.count(call)) nowPassing.push_back(call);
      continue;
    }
    ++failed;
    if (verbose) std::cout << "FAIL " << call << ": " << r.substr(1) << "\n";
    if (!known.count(call)) unexpected.push_back(call + ": " + r.substr(1));
  }
  std::cout << cases.size() << " calls: " << passed << " passed, " << failed << " failed (" << known.size()
            << " known), " << skipped << " skipped: ember lacks " << skippedOps.size() << " of the overloads PyTorch picked\n";
  // The suite is only as good as the calls it checks: most hand-written calls must be checked.
  EXPECT_GE(passed, 1000u) << "too few calls checked";
  EXPECT_GE(handChecked * 10, hand * 9) << "hand-written calls skipped for missing operators: " << hand - handChecked;
  for (const auto& u : unexpected) ADD_FAILURE() << "call fails: " << u;
  for (const auto& p : nowPassing) ADD_FAILURE() << "listed in known_failing.txt but passes (remove it): " << p;
}

}  // namespace
}  // namespace ember::jit

int main(int argc, char** argv) {
  ::testing::InitGoogleTest(&argc, argv);
  for (int i = 1; i + 1 < argc; ++i)
    if (std::strcmp(argv[i], "--fixtures") == 0) ember::jit::gFixtures = argv[i + 1];
  return RUN_ALL_TESTS();
}
