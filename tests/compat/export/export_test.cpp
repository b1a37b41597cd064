// The Export IR against PyTorch 1.13 (gen_export.py): each scripted module is exported by ember;
// the decomposed graph must call the operators make_fx(functionalize(...)) records (as
// normalised by the generator), the program must return what eager PyTorch returned and leave
// buffers and inputs as eager PyTorch left them, survive a save/load round trip, and, for
// dynamic cases, run on other batch sizes; the pinned case must fail with the constraint error.
#include <gtest/gtest.h>

#include <fstream>
#include <iostream>
#include <map>
#include <set>
#include <nlohmann/json.hpp>
#include <sstream>

#include "ember/export/export.h"
#include "ember/export/serialize.h"
#include "ember/jit.h"
#include "ember/serialization/import.h"
#include "ember/serialization/torch_save.h"
#include "value_compare.h"

namespace ember::exporter {
namespace {

using jit::IValue;
using testing_support::compareValues;
using testing_support::Tolerance;

std::string gCases;

std::string path(const std::string& name) { return gCases + "/" + name; }

std::vector<IValue> loadArgs(const std::string& file) {
  IValue v = jit::pickleLoad(path(file));
  return v.isTuple() ? v.toTupleRef().elements : std::vector<IValue>{v};
}

std::vector<IValue> cloned(const std::vector<IValue>& args) {
  std::vector<IValue> out;
  for (const IValue& a : args) out.push_back(a.isTensor() ? IValue(a.toTensor().clone()) : a);
  return out;
}

using OpCounts = std::map<std::string, int64_t>;

// The generator's normalisation, on ember's side: SymInt plumbing and getitem are not operators.
OpCounts normalisedOps(const ExportedProgram& ep) {
  OpCounts out;
  for (const auto& [target, n] : ep.operatorCounts()) {
    if (target == "operator.getitem" || target == "aten.sym_size.int" || target.rfind("operator.", 0) == 0 ||
        target.rfind("builtins.", 0) == 0)
      continue;
    std::string t = target;
    if (t == "aten._unsafe_view.default" || t == "aten._reshape_alias.default") t = "aten.view.default";
    // Training-mode batch norm: PyTorch 1.13 records native_batch_norm (counted as batch_norm).
    if (t == "aten._native_batch_norm_legit_functional.default") t = "aten.batch_norm.default";
    out[t] += n;
  }
  return out;
}

std::string show(const OpCounts& c) {
  std::ostringstream s;
  for (const auto& [k, v] : c) s << k << ":" << v << " ";
  return s.str();
}

ExportOptions optionsFor(const nlohmann::json& c) {
  ExportOptions o;
  for (const auto& d : c.at("dynamic"))
    o.dynamic.push_back({d.at("input").get<size_t>(), d.at("dim").get<int64_t>(),
                         Dim{d.at("name").get<std::string>(), d.at("min").get<int64_t>(), d.at("max").get<int64_t>()}});
  return o;
}

// Node metadata: every operator has a val and a stack trace into the Python source (the
// archives carry debug info); nodes of submodules name them in nn_module_stack (when the
// module calls its submodules: TransformerEncoderLayer's fast path reads their weights instead).
// Operator nodes of `g` and of its cond / while_loop graphs.
void collectMetadata(const FxGraph& g, std::set<std::string>& paths) {
  for (const auto& n : g.nodes()) {
    if (n->op != FxOp::CallFunction || n->target.rfind("aten.", 0) != 0) continue;
    EXPECT_NE(n->val.kind, MetaVal::Kind::None) << n->name;
    EXPECT_NE(n->stackTrace.find("File \""), std::string::npos) << n->name << ": " << n->stackTrace;
    if (!n->nnModuleStack.empty()) paths.insert(n->nnModuleStack.back().path);
  }
  for (const auto& [name, sub] : g.submodules) collectMetadata(*sub, paths);
}

void checkMetadata(const jit::Module& m, const ExportedProgram& ep, bool callsSubmodules) {
  std::set<std::string> paths;
  collectMetadata(ep.graph, paths);
  std::set<std::string> modules;
  for (const auto& sub : m.named_modules()) modules.insert(sub.name);
  for (const std::string& p : paths) EXPECT_TRUE(modules.count(p)) << "nn_module_stack names " << p;
  if (m.named_children().empty()) EXPECT_TRUE(paths.empty());
  else if (callsSubmodules) EXPECT_FALSE(paths.empty()) << "no node records the submodule it came from";
}

void checkCase(const nlohmann::json& c) {
  std::string name = c.at("name");
  Tolerance tol{c.at("rtol").get<double>(), c.at("atol").get<double>()};
  jit::Module m = jit::load(path(name + ".pt"));
  std::vector<IValue> args = loadArgs(name + ".inputs.pt");
  ExportOptions options = optionsFor(c);
  if (!c.at("error").is_null()) {
    std::string want = c.at("error");
    try {
      exportModule(m, args, options);
      ADD_FAILURE() << name << ": expected an export error containing '" << want << "'";
    } catch (const ConstraintViolation& e) {
      EXPECT_NE(std::string(e.what()).find(want), std::string::npos) << e.what();
    }
    return;
  }
  ExportedProgram ep = exportModule(m, args, options);
  checkMetadata(m, ep, name != "transformer_layer");
  ExportedProgram core = ep.run_decompositions();
  if (!c.at("ops").is_null()) {
    OpCounts want;
    for (auto it = c.at("ops").begin(); it != c.at("ops").end(); ++it) want[it.key()] = it.value().get<int64_t>();
    EXPECT_EQ(show(normalisedOps(core)), show(want)) << "ember's decomposed graph:\n" << core.graph.str();
  }

  IValue expected = jit::pickleLoad(path(name + ".expected.pt"));
  IValue stateWant = jit::pickleLoad(path(name + ".state.pt"));
  ExportedModule em = ep.module();
  std::vector<IValue> callArgs = cloned(args);
  IValue got = em.forward(callArgs);
  EXPECT_EQ(compareValues(got, expected, tol, "output"), "") << ep.graph.str();
  for (const auto& [k, v] : stateWant.toDictRef().items()) {
    const std::string& key = k.toStringRef();
    IValue actual = key.rfind("buffer.", 0) == 0 ? IValue(em.state().at(key.substr(7)))
                                                 : callArgs.at(std::stoul(key.substr(6)));
    EXPECT_EQ(compareValues(actual, v, tol, key), "") << ep.str();
  }
  EXPECT_EQ(compareValues(core.module().forward(cloned(args)), expected, tol, "decomposed output"), "");

  ExportedProgram back = loadFromBytes(saveToBytes(ep));
  EXPECT_EQ(back.graph.str(), ep.graph.str());
  EXPECT_EQ(compareValues(back.module().forward(cloned(args)), expected, tol, "reloaded output"), "");

  const auto& sizes = c.at("sizes");
  for (size_t k = 0; k < sizes.size(); ++k) {
    std::string stem = name + ".dyn" + std::to_string(k);
    std::vector<IValue> in = loadArgs(stem + ".inputs.pt");
    IValue want2 = jit::pickleLoad(path(stem + ".expected.pt"));
    EXPECT_EQ(compareValues(back.module().forward(in), want2, tol, "batch " + std::to_string(sizes[k].get<int>())),
              "");
  }
}

class ExportCase : public ::testing::Test {
 public:
  explicit ExportCase(nlohmann::json c) : c_(std::move(c)) {}
  void TestBody() override { checkCase(c_); }

 private:
  nlohmann::json c_;
};

}  // namespace
}  // namespace ember::exporter

int main(int argc, char** argv) {
  testing::InitGoogleTest(&argc, argv);
  for (int i = 1; i + 1 < argc; ++i)
    if (std::string(argv[i]) == "--cases") ember::exporter::gCases = argv[++i];
  std::ifstream in(ember::exporter::gCases + "/cases.json");
  if (!in) {
    std::cerr << "no cases: pass --cases DIR (the directory gen_export.py wrote)\n";
    return 1;
  }
  nlohmann::json cases = nlohmann::json::parse(in);
  if (cases.size() < 10) {
    std::cerr << "only " << cases.size() << " cases in " << ember::exporter::gCases << "\n";
    return 1;
  }
  for (const auto& c : cases) {
    std::string name = c.at("name");
    ::testing::RegisterTest("Export", name.c_str(), nullptr, nullptr, __FILE__, __LINE__,
                            [c]() -> ::testing::Test* { return new ember::exporter::ExportCase(c); });
  }
  return RUN_ALL_TESTS();
}
