// torchvision detection, differential (gen_detection.py): TorchScript source calling
// torch.ops.torchvision.* compiled by ember, and detection models PyTorch scripted and saved
// (Faster R-CNN, SSDlite, RetinaNet, Mask R-CNN, Keypoint R-CNN, FCOS), loaded by ember and run on
// the saved inputs. The results must match PyTorch's: boxes, scores, masks and keypoints within
// the case's tolerances, labels exactly, and the detections in the same order.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>

#include "ember/core/operator.h"
#include "ember/jit.h"
#include "ember/serialization/import.h"
#include "ember/serialization/torch_save.h"
#include "fixture_main.h"
#include "value_compare.h"

namespace ember::jit {
namespace {

std::string gDir;  // the directory gen_detection.py wrote

using testing_support::compareValues;
using testing_support::Tolerance;

// Operators the scripted archives reference (torch.nn.functional.interpolate compiles its
// antialias branches in, although the models never take them) that another branch adds.
std::string missingArchiveOperator() {
  for (const char* op : {"aten::_upsample_bilinear2d_aa", "aten::_upsample_bicubic2d_aa"}) {
    if (OperatorRegistry::global().getAllOperatorsFor(Symbol::fromQualString(op)).empty()) return op;
  }
  return "";
}

std::string readFile(const std::string& path) {
  std::ifstream in(path);
  EMBER_CHECK(in, "cannot read ", path);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

void runSourceCase(const std::string& name, const Tolerance& tol) {
  std::shared_ptr<CompilationUnit> cu = compile(readFile(gDir + "/" + name + ".src.py"), name + ".src.py");
  Function* fn = cu->findFunction("fn");
  ASSERT_NE(fn, nullptr) << "no function fn in " << name;
  IValue inputs = pickleLoad(gDir + "/" + name + ".inputs.pt");
  IValue expected = pickleLoad(gDir + "/" + name + ".expected.pt");
  // Twice: the profiling executor's first call and its specialised plan must both agree.
  for (int call = 0; call < 2; ++call) {
    IValue actual = (*fn)(inputs.toTupleRef().elements);
    std::string why = compareValues(actual, expected, tol, "result");
    EXPECT_TRUE(why.empty()) << name << " call " << call << ": " << why;
  }
}

void runArchiveCase(const std::string& name, const Tolerance& tol) {
  std::string missing = missingArchiveOperator();
  if (!missing.empty()) GTEST_SKIP() << "needs " << missing;
  NoGradGuard noGrad;  // gen_detection.py ran PyTorch's archive under torch.no_grad()
  Module m = load(gDir + "/" + name + ".pt");
  IValue inputs = pickleLoad(gDir + "/" + name + ".inputs.pt");
  IValue expected = pickleLoad(gDir + "/" + name + ".expected.pt");
  for (int call = 0; call < 2; ++call) {
    IValue actual = m.forward(inputs.toTupleRef().elements);
    std::string why = compareValues(actual, expected, tol, "(losses, detections)");
    EXPECT_TRUE(why.empty()) << name << " call " << call << ": " << why;
  }
}

void runCase(const nlohmann::json& c) {
  const std::string name = c.at("name").get<std::string>();
  const Tolerance tol{c.at("rtol").get<double>(), c.at("atol").get<double>()};
  try {
    if (c.at("kind") == "source") {
      runSourceCase(name, tol);
    } else {
      runArchiveCase(name, tol);
    }
  } catch (const std::exception& e) {
    FAIL() << name << " threw: " << e.what();
  }
}

}  // namespace
}  // namespace ember::jit

int main(int argc, char** argv) {
  for (int i = 1; i + 1 < argc; ++i) {
    if (std::string(argv[i]) == "--fixtures") ember::jit::gDir = argv[i + 1];
  }
  return ember::testing_support::runFixtureSuite(argc, argv, ember::jit::runCase);
}
