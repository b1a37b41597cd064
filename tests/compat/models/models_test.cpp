// The model zoo (gen_zoo.py): every archive PyTorch 1.13 saved is loaded by ember, its method is
// called on the saved inputs, and the result must match what PyTorch's reloaded archive
// returned (tensors within the case's tolerances, everything else exactly). known_failing.txt
// lists the cases that may still fail; it must only shrink.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "ember/jit.h"
#include "known_failing.h"
#include "ember/serialization/import.h"
#include "ember/serialization/torch_save.h"

namespace ember::jit {
namespace {

std::string gZoo;           // directory gen_zoo.py wrote
std::string gKnownFailing;  // path of known_failing.txt
std::string gResaveDir;     // where archives that ran are saved again by ember (check_resaved.py)

struct Tolerance {
  double rtol, atol;
};

std::string compareTensors(const Tensor& a, const Tensor& e, Tolerance tol) {
  std::ostringstream why;
  if (a.scalar_type() != e.scalar_type()) {
    why << "dtype " << a.scalar_type() << " != " << e.scalar_type();
    return why.str();
  }
  if (a.sizes() != e.sizes()) {
    why << "shape " << a.sizes() << " != " << e.sizes();
    return why.str();
  }
  Tensor ad = a.to(kDouble).contiguous(), ed = e.to(kDouble).contiguous();
  const double* x = ad.data_ptr<double>();
  const double* y = ed.data_ptr<double>();
  bool exact = !isFloatingType(e.scalar_type());
  int64_t bad = 0, first = -1;
  double worst = 0;
  for (int64_t i = 0; i < ad.numel(); ++i) {
    bool ok = exact ? x[i] == y[i]
                    : (std::isnan(x[i]) && std::isnan(y[i])) || x[i] == y[i] ||
                          std::fabs(x[i] - y[i]) <= tol.atol + tol.rtol * std::fabs(y[i]);
    if (!ok) {
      if (first < 0) first = i;
      ++bad;
      worst = std::max(worst, std::fabs(x[i] - y[i]));
    }
  }
  if (bad == 0) return "";
  why << bad << " of " << ad.numel() << " elements differ (max |diff| " << worst << "); first at " << first
      << ": ember " << x[first] << ", PyTorch " << y[first];
  return why.str();
}

// "" when equal; otherwise where and how they differ.
std::string compareValues(const IValue& a, const IValue& e, Tolerance tol, const std::string& path) {
  auto fail = [&](const std::string& what) { return path + ": " + what; };
  if (e.isTensor()) {
    if (!a.isTensor()) return fail("expected a Tensor, got " + std::string(a.tagKind()));
    std::string why = compareTensors(a.toTensor(), e.toTensor(), tol);
    return why.empty() ? "" : fail(why);
  }
  if (e.isTuple() || e.isList()) {
    if (!(a.isTuple() || a.isList())) return fail("expected a sequence, got " + std::string(a.tagKind()));
    const auto& ae = a.isTuple() ? a.toTupleRef().elements : a.toListRef().elements;
    const auto& ee = e.isTuple() ? e.toTupleRef().elements : e.toListRef().elements;
    if (ae.size() != ee.size()) return fail("length " + std::to_string(ae.size()) + " != " + std::to_string(ee.size()));
    for (size_t i = 0; i < ee.size(); ++i)
      if (auto why = compareValues(ae[i], ee[i], tol, path + "[" + std::to_string(i) + "]"); !why.empty()) return why;
    return "";
  }
  if (e.isGenericDict()) {
    if (!a.isGenericDict()) return fail("expected a dict, got " + std::string(a.tagKind()));
    const auto& ad = a.toDictRef();
    const auto& ed = e.toDictRef();
    if (ad.size() != ed.size()) return fail("dict sizes differ");
    std::string why;
    ed.forEach([&](const IValue& k, const IValue& v) {
      if (!why.empty()) return;
      const IValue* av = ad.find(k);
      if (!av) why = fail("missing key " + k.repr());
      else why = compareValues(*av, v, tol, path + "[" + k.repr() + "]");
    });
    return why;
  }
  if (e.isDouble()) {
    if (!(a.isDouble() || a.isInt())) return fail("expected a float, got " + std::string(a.tagKind()));
    double x = a.isDouble() ? a.toDouble() : static_cast<double>(a.toInt()), y = e.toDouble();
    return std::fabs(x - y) <= tol.atol + tol.rtol * std::fabs(y) ? "" : fail(a.repr() + " != " + e.repr());
  }
  return a.repr() == e.repr() ? "" : fail(a.repr() + " != " + e.repr());
}

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
    Tolerance tol{c.at("rtol"), c.at("atol")};
    IValue actual = m.get_method(c.at("method"))(inputs.toTupleRef().elements);
    std::string why = compareValues(actual, expected, tol, "result");
    if (!why.empty()) return why;
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
  }
  return RUN_ALL_TESTS();
}
