// The model zoo (gen_zoo.py): every archive PyTorch 1.13 saved is loaded by ember, its method is
// called on the saved inputs, and the result must match what PyTorch's reloaded archive
// returned (tensors within the case's tolerances, everything else exactly; with --calls 3
// --check-strides, every call and the last call's strides, which the profiling executor's
// specialised graph, channels-last regions included, returns; with --prepack, the linear layers'
// weights packed at load first). known_failing.txt
// lists the cases that may still fail; it must only shrink.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "ember/api/prepack.h"
#include "ember/jit.h"
#include "known_failing.h"
#include "value_compare.h"
#include "ember/serialization/import.h"
#include "ember/serialization/torch_save.h"
#include "passes/pass_registry.h"

namespace ember::jit {
namespace {

std::string gZoo;           // directory gen_zoo.py wrote
std::string gKnownFailing;  // path of known_failing.txt
std::string gResaveDir;     // where archives that ran are saved again by ember (check_resaved.py)
int gCalls = 1;             // calls per archive (3 reach the profiling executor's specialised graph)
bool gCheckStrides = false; // also compare the strides of the last call's tensors (dims of size > 1)
std::string gStateful;      // cases whose method changes the module's state: called once whatever --calls says
std::set<std::string> gStatefulCases;
bool gPrepack = false;      // pack the linear layers' weights at load (jit::prepack_weights), as `ember run` does
size_t gPrepacked = 0;      // weights packed so, over the zoo

// The strides of `actual`'s tensors against PyTorch's (torch.save keeps them): "" when equal.
// Dims of size 1 are skipped, as PyTorch's own contiguity checks do.
std::string compareStrides(const IValue& actual, const IValue& expected, const std::string& where) {
  if (actual.isTensor() && expected.isTensor()) {
    const Tensor& a = actual.toTensor();
    const Tensor& e = expected.toTensor();
    if (a.dim() != e.dim()) return "";  // compareValues reports shapes
    for (int64_t d = 0; d < a.dim(); ++d)
      if (e.size(d) > 1 && a.stride(d) != e.stride(d)) {
        auto text = [](IntArrayRef v) {
          std::string t;
          for (int64_t x : v) t += (t.empty() ? "" : ", ") + std::to_string(x);
          return "[" + t + "]";
        };
        return where + ": strides " + text(a.strides()) + ", PyTorch's " + text(e.strides());
      }
    return "";
  }
  if ((actual.isTuple() && expected.isTuple()) || (actual.isList() && expected.isList())) {
    std::vector<IValue> as = actual.isTuple() ? actual.toTupleRef().elements : actual.toListRef().elements;
    std::vector<IValue> es = expected.isTuple() ? expected.toTupleRef().elements : expected.toListRef().elements;
    for (size_t i = 0; i < std::min(as.size(), es.size()); ++i) {
      std::string why = compareStrides(as[i], es[i], where + "[" + std::to_string(i) + "]");
      if (!why.empty()) return why;
    }
  }
  return "";
}

using testing_support::compareValues;
using testing_support::Tolerance;

// Runs one case; "" when ember matches PyTorch.
std::string runCase(const nlohmann::json& c) {
  std::string name = c.at("name");
  NoGradGuard noGrad;  // gen_zoo.py ran PyTorch's archive under torch.no_grad()
  try {
    Module m = load(gZoo + "/" + name + ".pt");
    IValue inputs = pickleLoad(gZoo + "/" + name + ".inputs.pt");
    IValue expected = pickleLoad(gZoo + "/" + name + ".expected.pt");
    // Saved before the call: methods may change the module's state (a counter attribute).
    std::string resaved = gResaveDir.empty() ? "" : gResaveDir + "/" + name + ".pt";
    if (!resaved.empty()) m.save(resaved);
    Module again = loadFromBytes(m.saveToBytes());  // ember reads what it writes
    if (gPrepack) gPrepacked += prepack_weights(m);
    Tolerance tol{c.at("rtol"), c.at("atol")};
    if (const char* pipeline = std::getenv("EMBER_ZOO_PASSES")) {
      // The passes must not change a result: run them (linted after each) on the method first.
      std::shared_ptr<Graph> graph = m.get_method(c.at("method")).graph();
      PipelineOptions options;
      options.lintAfterEach = true;
      runPassPipeline(graph, pipeline, options);
    }
    const int calls = gStatefulCases.count(name) ? 1 : gCalls;
    for (int call = 1; call <= calls; ++call) {
      IValue actual = m.get_method(c.at("method"))(inputs.toTupleRef().elements);
      const std::string where = gCalls == 1 ? "result" : "result of call " + std::to_string(call);
      std::string why = compareValues(actual, expected, tol, where);
      if (why.empty() && gCheckStrides && call == calls) why = compareStrides(actual, expected, where);
      if (!why.empty()) return why;
    }
    return compareValues(again.get_method(c.at("method"))(inputs.toTupleRef().elements), expected, tol,
                         "result after ember's own save and load");
  } catch (const std::exception& e) {
    std::string msg = e.what();
    return "error: " + msg.substr(0, 600);
  }
}

TEST(ModelZoo, RunsLikePyTorch) {
  ASSERT_FALSE(gZoo.empty()) << "pass --zoo DIR (the directory gen_zoo.py wrote)";
  std::ifstream in(gZoo + "/zoo.json");
  ASSERT_TRUE(in) << "no zoo.json in " << gZoo;
  nlohmann::json cases = nlohmann::json::parse(in);
  ASSERT_GE(cases.size(), 40u);
  std::set<std::string> known = testing_support::readKnownFailing(gKnownFailing);
  if (!gStateful.empty()) gStatefulCases = testing_support::readKnownFailing(gStateful);
  size_t passed = 0;
  for (const auto& c : cases) {
    std::string name = c.at("name");
    std::string why = runCase(c);
    // Only archives ember ran correctly are left for check_resaved.py.
    if (!why.empty() && !gResaveDir.empty()) std::remove((gResaveDir + "/" + name + ".pt").c_str());
    bool listed = known.count(name) > 0;
    if (why.empty()) {
      ++passed;
      EXPECT_FALSE(listed) << name << " passes now: remove it from known_failing.txt";
    } else {
      std::cout << "---- " << name << (listed ? " (known)" : "") << "\n" << why << "\n";
      EXPECT_TRUE(listed) << name << " fails and is not in known_failing.txt";
    }
  }
  std::cout << "model zoo: " << passed << " of " << cases.size() << " archives run like PyTorch 1.13\n";
  if (gPrepack) {
    std::cout << "weights packed at load: " << gPrepacked << "\n";
    // The zoo's MLPs, transformers and torchvision classifiers have dozens of linear layers.
    EXPECT_GE(gPrepacked, 20u) << "--prepack packed (almost) nothing: the weights were not found";
  }
}

}  // namespace
}  // namespace ember::jit

int main(int argc, char** argv) {
  testing::InitGoogleTest(&argc, argv);
  for (int i = 1; i + 1 < argc; ++i) {
    std::string a = argv[i];
    if (a == "--zoo") ember::jit::gZoo = argv[++i];
    else if (a == "--known-failing") ember::jit::gKnownFailing = argv[++i];
    else if (a == "--resave-dir") ember::jit::gResaveDir = argv[++i];
    else if (a == "--calls") ember::jit::gCalls = std::max(1, std::atoi(argv[++i]));
    else if (a == "--stateful") ember::jit::gStateful = argv[++i];
  }
  for (int i = 1; i < argc; ++i)
    if (std::string(argv[i]) == "--check-strides") ember::jit::gCheckStrides = true;
    else if (std::string(argv[i]) == "--prepack") ember::jit::gPrepack = true;
  return RUN_ALL_TESTS();
}
