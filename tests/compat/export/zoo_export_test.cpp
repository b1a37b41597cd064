// The model zoo of tests/compat/models exported: each archive PyTorch 1.13 saved is exported by
// ember on its example inputs; the ExportedProgram (as captured, decomposed, and saved then
// loaded) must return what PyTorch's loaded archive returned. Where the first input has a batch
// dimension, the model is also exported with that dimension dynamic and run on a batch one larger
// (against the archive run by ember's interpreter, which compat.models checks against PyTorch).
//
// zoo_known_failing.txt lists the cases export does not handle yet, with the reason
// (`name` for the export itself, `name:dynamic` for the dynamic-batch export); docs/export.md
// summarises them. A listed case that passes fails the test until its line is removed.
#include <gtest/gtest.h>

#include <fstream>
#include <iostream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>

#include "ember/export/export.h"
#include "ember/export/serialize.h"
#include "ember/jit.h"
#include "ember/serialization/import.h"
#include "ember/serialization/torch_save.h"
#include "ember/tensor/ops/shape.h"
#include "value_compare.h"

namespace ember::exporter {
namespace {

using jit::IValue;
using testing_support::compareValues;
using testing_support::Tolerance;

std::string gZoo;
std::map<std::string, std::string> gKnownFailing;  // case (or case:dynamic) -> reason

std::string path(const std::string& name) { return gZoo + "/" + name; }

std::vector<IValue> loadArgs(const std::string& file) {
  IValue v = jit::pickleLoad(path(file));
  return v.isTuple() ? v.toTupleRef().elements : std::vector<IValue>{v};
}

std::vector<IValue> cloned(const std::vector<IValue>& args) {
  std::vector<IValue> out;
  for (const IValue& a : args) out.push_back(a.isTensor() ? IValue(a.toTensor().clone()) : a);
  return out;
}

// "" when the static export of the case runs like PyTorch, else what went wrong.
std::string staticExport(const nlohmann::json& c, const std::vector<IValue>& args, const IValue& expected) {
  std::string name = c.at("name");
  Tolerance tol{c.at("rtol").get<double>(), c.at("atol").get<double>()};
  jit::Module m = jit::load(path(name + ".pt"));
  ExportOptions options;
  options.method = c.at("method");
  try {
    ExportedProgram ep = exportModule(m, cloned(args), options);
    if (auto why = compareValues(ep.module().forward(cloned(args)), expected, tol, "output"); !why.empty()) return why;
    ExportedProgram core = ep.run_decompositions();
    if (auto why = compareValues(core.module().forward(cloned(args)), expected, tol, "decomposed"); !why.empty())
      return why;
    ExportedProgram back = loadFromBytes(saveToBytes(ep));
    if (auto why = compareValues(back.module().forward(cloned(args)), expected, tol, "reloaded"); !why.empty())
      return why;
  } catch (const std::exception& e) {
    return e.what();
  }
  return "";
}

// The example inputs with the first input's dimension 0 grown by `extra` rows (copies of row 0).
std::vector<IValue> grown(const std::vector<IValue>& args, int64_t extra) {
  std::vector<IValue> out = cloned(args);
  Tensor x = out[0].toTensor();
  std::vector<Tensor> parts{x};
  for (int64_t i = 0; i < extra; ++i) parts.push_back(x.narrow(0, 0, 1));
  out[0] = cat(parts, 0);
  return out;
}

std::string dynamicExport(const nlohmann::json& c, const std::vector<IValue>& args) {
  std::string name = c.at("name");
  Tolerance tol{c.at("rtol").get<double>(), c.at("atol").get<double>()};
  std::string method = c.at("method");
  // A batch of at least 2 (sizes 0 and 1 are never dynamic), and one more to run.
  int64_t batch = args[0].toTensor().sizes()[0];
  std::vector<IValue> example = batch >= 2 ? cloned(args) : grown(args, 2 - batch);
  std::vector<IValue> other = grown(example, 1);
  jit::Module reference = jit::load(path(name + ".pt"));
  jit::Module m = jit::load(path(name + ".pt"));
  ExportOptions options;
  options.method = method;
  options.dynamic = {{0, 0, Dim{"batch", 2, 1024}}};
  IValue want;
  try {
    want = reference.get_method(method)(cloned(other));
  } catch (const std::exception& e) {
    // Dimension 0 of the first input is not a free batch here (a mask of fixed size goes with it).
    std::cout << "[ static   ] " << name << ": the archive itself does not run with input 0 one row larger\n";
    return "";
  }
  try {
    ExportedProgram ep = exportModule(m, cloned(example), options);
    ExportedProgram back = loadFromBytes(saveToBytes(ep));
    return compareValues(back.module().forward(cloned(other)), want, tol, "batch + 1");
  } catch (const std::exception& e) {
    return e.what();
  }
}

void expectOutcome(const std::string& key, const std::string& failure) {
  auto known = gKnownFailing.find(key);
  if (known == gKnownFailing.end()) {
    EXPECT_EQ(failure, "") << key << " (not in zoo_known_failing.txt)";
  } else if (failure.empty()) {
    ADD_FAILURE() << key << " passes now: remove it from zoo_known_failing.txt";
  } else {
    std::cout << "[ known    ] " << key << ": " << known->second << "\n";
  }
}

void checkCase(const nlohmann::json& c) {
  std::string name = c.at("name");
  std::vector<IValue> args = loadArgs(name + ".inputs.pt");
  IValue expected = jit::pickleLoad(path(name + ".expected.pt"));
  std::string failure = staticExport(c, args, expected);
  expectOutcome(name, failure);
  bool batched = !args.empty() && args[0].isTensor() && args[0].toTensor().dim() >= 2;
  if (failure.empty() && batched) expectOutcome(name + ":dynamic", dynamicExport(c, args));
}

class ZooExportCase : public ::testing::Test {
 public:
  explicit ZooExportCase(nlohmann::json c) : c_(std::move(c)) {}
  void TestBody() override { checkCase(c_); }

 private:
  nlohmann::json c_;
};

void readKnownFailing(const std::string& file) {
  std::ifstream in(file);
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    size_t hash = line.find('#');
    std::string key = line.substr(0, line.find_first_of(" \t#"));
    gKnownFailing[key] = hash == std::string::npos ? "" : line.substr(hash + 1);
  }
}

}  // namespace
}  // namespace ember::exporter

int main(int argc, char** argv) {
  testing::InitGoogleTest(&argc, argv);
  for (int i = 1; i + 1 < argc; ++i) {
    if (std::string(argv[i]) == "--zoo") ember::exporter::gZoo = argv[++i];
    else if (std::string(argv[i]) == "--known-failing") ember::exporter::readKnownFailing(argv[++i]);
  }
  std::ifstream in(ember::exporter::gZoo + "/zoo.json");
  if (!in) {
    std::cerr << "no zoo: pass --zoo DIR (the directory tests/compat/models/gen_zoo.py wrote)\n";
    return 1;
  }
  nlohmann::json cases = nlohmann::json::parse(in);
  for (const auto& c : cases) {
    std::string name = c.at("name");
    ::testing::RegisterTest("ZooExport", name.c_str(), nullptr, nullptr, __FILE__, __LINE__,
                            [c]() -> ::testing::Test* { return new ember::exporter::ZooExportCase(c); });
  }
  return RUN_ALL_TESTS();
}
