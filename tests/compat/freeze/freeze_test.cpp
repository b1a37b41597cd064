// Freezing against PyTorch (gen_freeze.py): each unfrozen archive is loaded, frozen by
// ember::jit::freeze (and optimised by optimize_for_inference) and run; the results must match
// what PyTorch's frozen module returned, and the frozen graph must hold the same aten operators
// as PyTorch's (so folding happened where PyTorch folds, and only there). Each frozen module is
// saved for check_frozen.py, which loads it in PyTorch and runs it.
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>

#include "ember/api/freeze.h"
#include "ember/jit.h"
#include "ember/serialization/import.h"
#include "ember/serialization/torch_save.h"
#include "value_compare.h"

namespace ember::jit {
namespace {

using testing_support::compareValues;
using testing_support::Tolerance;

std::string gCases;     // directory gen_freeze.py wrote
std::string gSaveDir;   // where ember's frozen archives go (check_frozen.py)

using OpCounts = std::map<std::string, int64_t>;

void countAtenOps(const Block* block, OpCounts& counts) {
  for (const Node* n : const_cast<Block*>(block)->nodes()) {
    std::string kind = n->kind().toQualString();
    // optimize_for_inference's fused convolution (with its add/activation) counts as the
    // convolution it replaced; inferenceSignature compares convolutions, not activations.
    if (kind == "ember::conv2d_fused") kind = "aten::conv2d";
    if (kind == "ember::matmul_fused") kind = "aten::matmul";  // likewise the fused products
    if (kind == "ember::linear_fused") kind = "aten::linear";
    if (kind.rfind("aten::", 0) == 0) ++counts[kind];
    for (const Block* b : n->blocks()) countAtenOps(b, counts);
  }
}

OpCounts atenOps(const Module& m, const std::string& method) {
  OpCounts counts;
  countAtenOps(m.get_method(method).graph()->block(), counts);
  return counts;
}

// Operators whose counts differ from PyTorch's frozen graphs for a known reason, left out of the
// comparison: aten::len of a list of constants (`len(self.stride)` in torchvision's pooling
// code), which PyTorch folds because its constant propagation turns prim::ListConstruct of
// constants into a constant list once AliasDb proves it unwritten; ember's constant propagation
// folds immutable values only so far.
const char* const kKnownDifferences[] = {"aten::len"};

OpCounts withoutKnownDifferences(OpCounts counts) {
  for (const char* k : kKnownDifferences) counts.erase(k);
  return counts;
}

OpCounts fromJson(const nlohmann::json& j) {
  OpCounts counts;
  for (auto it = j.begin(); it != j.end(); ++it) counts[it.key()] = it.value().get<int64_t>();
  return counts;
}

std::string show(const OpCounts& counts) {
  std::ostringstream out;
  for (const auto& [k, v] : counts) out << k << ":" << v << " ";
  return out.str();
}

// optimize_for_inference differs from PyTorch's where PyTorch moves work to MKLDNN (activations
// fused into its convolutions): compare the operators ember's version is about.
OpCounts inferenceSignature(const OpCounts& counts) {
  OpCounts sig{{"conv", 0}, {"aten::linear", 0}, {"aten::matmul", 0}, {"aten::batch_norm", 0}, {"aten::dropout", 0}};
  for (const auto& [k, v] : counts) {
    if (k == "aten::conv1d" || k == "aten::conv2d" || k == "aten::conv3d") sig["conv"] += v;
    else if (sig.count(k)) sig[k] += v;
  }
  return sig;
}

std::vector<std::string> strings(const nlohmann::json& j) {
  std::vector<std::string> out;
  for (const auto& s : j) out.push_back(s.get<std::string>());
  return out;
}

std::string dir(const std::string& name) { return gCases + "/" + name; }

void checkCase(const nlohmann::json& c) {
  std::string name = c.at("name");
  NoGradGuard noGrad;
  Module m = load(dir(name) + ".pt");
  std::vector<std::string> preserve = strings(c.at("preserve"));
  if (!c.at("error").is_null()) {
    try {
      freeze(m, preserve, c.at("numerics"));
      FAIL() << "freezing succeeded where PyTorch fails with '" << c.at("error").get<std::string>() << "'";
    } catch (const Error& e) {
      EXPECT_NE(std::string(e.what()).find(c.at("error").get<std::string>()), std::string::npos) << e.what();
    }
    return;
  }
  std::vector<IValue> inputs = pickleLoad(dir(name) + ".inputs.pt").toTupleRef().elements;
  Tolerance tol{c.at("rtol"), c.at("atol")};

  Module frozen = freeze(m, preserve, c.at("numerics"));
  EXPECT_EQ(show(withoutKnownDifferences(atenOps(frozen, "forward"))),
            show(withoutKnownDifferences(fromJson(c.at("frozen_ops")))))
      << "aten operators of the frozen graph";
  if (!gSaveDir.empty()) frozen.save(gSaveDir + "/" + name + ".frozen.pt");  // before forward changes its state
  Module reloaded = loadFromBytes(frozen.saveToBytes());
  IValue expected = pickleLoad(dir(name) + ".expected.pt");
  EXPECT_EQ(compareValues(frozen.forward(inputs), expected, tol, "frozen result"), "");
  EXPECT_EQ(compareValues(reloaded.forward(inputs), expected, tol, "frozen result after save and load"), "");
  for (const std::string& p : preserve) {
    const ClassType& cls = *frozen.type();
    EXPECT_TRUE(cls.findMethod(p) || cls.hasAttribute(p)) << "preserved '" << p << "' is gone";
  }

  Module ofi = optimize_for_inference(load(dir(name) + ".pt"), strings(c.at("ofi_methods")));
  EXPECT_EQ(show(inferenceSignature(atenOps(ofi, "forward"))), show(inferenceSignature(fromJson(c.at("ofi_ops")))))
      << "operators after optimize_for_inference";
  // Three calls: the third runs the profiling executor's specialised graph, where the fused
  // convolutions run in channels-last regions (one call for the module whose forward changes
  // its state: PyTorch's result is the first call's).
  const IValue ofiExpected = pickleLoad(dir(name) + ".ofi.pt");
  const int calls = name == "mutated_state" ? 1 : 3;
  for (int call = 1; call <= calls; ++call)
    EXPECT_EQ(compareValues(ofi.forward(inputs), ofiExpected, tol,
                            "optimize_for_inference result of call " + std::to_string(call)),
              "");
}

class FreezeCase : public ::testing::Test {
 public:
  explicit FreezeCase(nlohmann::json c) : c_(std::move(c)) {}
  void TestBody() override { checkCase(c_); }

 private:
  nlohmann::json c_;
};

std::vector<nlohmann::json> loadCases() {
  std::ifstream in(gCases + "/cases.json");
  if (!in) return {};
  std::vector<nlohmann::json> out;
  for (const auto& c : nlohmann::json::parse(in)) out.push_back(c);
  return out;
}

}  // namespace
}  // namespace ember::jit

int main(int argc, char** argv) {
  testing::InitGoogleTest(&argc, argv);
  for (int i = 1; i + 1 < argc; ++i) {
    std::string a = argv[i];
    if (a == "--cases") ember::jit::gCases = argv[++i];
    else if (a == "--save-dir") ember::jit::gSaveDir = argv[++i];
  }
  std::vector<nlohmann::json> cases = ember::jit::loadCases();
  if (cases.empty()) {
    std::cerr << "no cases: pass --cases DIR (the directory gen_freeze.py wrote)\n";
    return 1;
  }
  if (cases.size() < 10) {
    std::cerr << "only " << cases.size() << " cases in " << ember::jit::gCases << "\n";
    return 1;
  }
  for (const auto& c : cases) {
    std::string name = c.at("name");
    ::testing::RegisterTest("Freeze", name.c_str(), nullptr, nullptr, __FILE__, __LINE__,
                            [c]() -> ::testing::Test* { return new ember::jit::FreezeCase(c); });
  }
  return RUN_ALL_TESTS();
}
